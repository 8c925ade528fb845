/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_MEMORY_H
#define VSHARP_LIB_MEMORY_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "vsharp/model.h"

/* Bytes at [addr, addr+n), or NULL when the access faults. */
static inline uint8_t *mem_at(const struct vsharp_memory *m, uint64_t addr, unsigned n, bool write)
{
	if (m && m->resolve)
		return m->resolve(m->ctx, addr, n, write);
	if (!m || !m->bytes || addr < m->va || addr - m->va > m->size ||
	    m->size - (addr - m->va) < n)
		return NULL;
	return m->bytes + (addr - m->va);
}

static inline uint8_t *lds_at(const struct vsharp_lds *l, uint32_t addr, unsigned n)
{
	if (!l || !l->bytes || addr > l->size || l->size - addr < n)
		return NULL;
	return l->bytes + addr;
}

static inline uint64_t load_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* The lane loop's hot path: whole dwords on a little-endian host. */
	if (n == 4) {
		uint32_t w;

		memcpy(&w, p, 4);
		return w;
	}
#endif

	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static inline void store_le(uint8_t *p, unsigned n, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 4) {
		uint32_t w = (uint32_t)v;

		memcpy(p, &w, 4);
		return;
	}
#endif
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* N little-endian dwords at P into DST: one copy on a little-endian host. */
static inline void load_le_dwords(uint32_t *dst, const uint8_t *p, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(dst, p, 4 * (size_t)n);
#else
	for (unsigned i = 0; i < n; i++)
		dst[i] = (uint32_t)load_le(p + 4 * i, 4);
#endif
}

static inline uint32_t sign_extend(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);

	return (v ^ m) - m;
}

#endif
