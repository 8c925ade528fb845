// SPDX-License-Identifier: MIT
/*
 * The arenas, the memory under test, and the guards around them.  What a
 * wave's arena and LDS hold before it runs depends only on its place in the
 * batch, and the guards' bytes on nothing: every context of the process
 * copies them from the tables here, a place's pattern (arena, then LDS)
 * made the first time a batch reaches that place.
 *
 * A VRAM BO's CPU mapping is write-combined, uncached for reads: the
 * starting bytes go straight from their tables into the BO; the arenas
 * and both guards come back through the device's cacheable copy
 * (vsharp_bo_results), the arenas in one copy and the guards compared
 * there, once.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "probe/arena.h"

#define START_BYTES (VSHARP_PROBE_ARENA + VSHARP_PROBE_LDS)
static uint8_t start_table[VSHARP_PROBE_MAX_WAVES][START_BYTES];
static uint8_t guard_table[2 * PROBE_GUARD];
static atomic_uint start_made;
static mtx_t start_lock;
static once_flag start_once = ONCE_FLAG_INIT;

/* Inline so the tables' loops below compile without a call per byte. */
static inline uint8_t pattern(unsigned wave, unsigned byte)
{
	/* Distinct per byte and wave, never all zero: stale or dropped data shows. */
	uint32_t x = wave * 0x9e3779b1u ^ byte * 0x85ebca6bu;

	x ^= x >> 15;
	x *= 0x2c1b3c6du;
	x ^= x >> 12;
	return (uint8_t)(x | 1);
}

uint8_t vsharp_probe_pattern(unsigned wave, unsigned byte)
{
	return pattern(wave, byte);
}

/* The guards' bytes: the pattern of a wave number no batch has (and the tables' lock). */
static void make_guards(void)
{
	mtx_init(&start_lock, mtx_plain);
	for (unsigned b = 0; b < 2 * PROBE_GUARD; b++)
		guard_table[b] = pattern(VSHARP_PROBE_MAX_WAVES, b);
}

static const uint8_t *guards(void)
{
	call_once(&start_once, make_guards);
	return guard_table;
}

const uint8_t *probe_start_bytes(unsigned i)
{
	unsigned made = atomic_load_explicit(&start_made, memory_order_acquire);

	if (i < made)
		return start_table[i];
	call_once(&start_once, make_guards);
	mtx_lock(&start_lock);
	for (made = atomic_load_explicit(&start_made, memory_order_relaxed); made <= i; made++) {
		for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
			start_table[made][b] = pattern(made, b);
		for (unsigned b = 0; b < VSHARP_PROBE_LDS; b++)
			start_table[made][VSHARP_PROBE_ARENA + b] = pattern(made, 0x10000 + b);
		atomic_store_explicit(&start_made, made + 1, memory_order_release);
	}
	mtx_unlock(&start_lock);
	return start_table[i];
}

int vsharp_probe_start(unsigned i, uint8_t *arena, uint8_t *lds, struct vsharp_error *err)
{
	const uint8_t *start;

	if (i >= VSHARP_PROBE_MAX_WAVES)
		return vsharp_fail(err, -EINVAL, "probe: batch place %u (allowed 0..%u)", i,
				   VSHARP_PROBE_MAX_WAVES - 1);
	start = probe_start_bytes(i);
	memcpy(arena, start, VSHARP_PROBE_ARENA);
	memcpy(lds, start + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
	return 0;
}

uint64_t vsharp_probe_arena_va(const struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->arena.va + PROBE_GUARD + (uint64_t)i * VSHARP_PROBE_ARENA;
}

int probe_place_desc(enum vsharp_gfx level, const struct vsharp_probe_wave *w, uint64_t arena_va,
		     uint32_t desc[4], struct vsharp_error *err)
{
	struct vsharp_buffer b = w->buf;
	struct vsharp_field_info f;
	uint64_t base = 0;

	if (!w->raw_desc) {
		b.base += arena_va;
		return vsharp_desc_encode(level, &b, desc, err);
	}
	memcpy(desc, w->desc, 16);
	if (!vsharp_field_info(level, VSHARP_F_BASE, &f))
		return vsharp_fail(err, -EINVAL, "probe: %s has no V# base field", vsharp_gfx_name(level));
	for (unsigned k = 0; k < f.width; k++)
		base |= (uint64_t)(desc[(f.lo + k) / 32] >> ((f.lo + k) % 32) & 1) << k;
	if (base >= VSHARP_PROBE_ARENA)
		return vsharp_fail(err, -EINVAL,
				   "probe: raw V# base 0x%" PRIx64 ": an offset into the wave's arena (allowed 0..0x%x)",
				   base, VSHARP_PROBE_ARENA - 1);
	base += arena_va;
	for (unsigned k = 0; k < f.width; k++) {
		uint32_t bit = 1u << ((f.lo + k) % 32);

		desc[(f.lo + k) / 32] = (desc[(f.lo + k) / 32] & ~bit) | (base >> k & 1 ? bit : 0);
	}
	return 0;
}

void probe_arenas_upload(struct vsharp_probe_ctx *ctx, unsigned n)
{
	const uint8_t *guard = guards();
	uint8_t *arena = ctx->arena.cpu;

	for (unsigned i = 0; i < n; i++)
		memcpy(arena + PROBE_GUARD + (size_t)i * VSHARP_PROBE_ARENA, probe_start_bytes(i),
		       VSHARP_PROBE_ARENA);
	memcpy(arena, guard, PROBE_GUARD);
	memcpy(arena + PROBE_GUARD + PROBE_ARENAS, guard + PROBE_GUARD, PROBE_GUARD);
}

int probe_arenas_readback(struct vsharp_probe_ctx *ctx, unsigned n, struct vsharp_error *err)
{
	int ret = vsharp_device_readback(ctx->dev, &ctx->arena, 0,
					 PROBE_GUARD + (uint64_t)n * VSHARP_PROBE_ARENA, err);

	if (!ret)
		ret = vsharp_device_readback(ctx->dev, &ctx->arena, PROBE_GUARD + PROBE_ARENAS,
					     PROBE_GUARD, err);
	return ret;
}

void probe_arenas_download(struct vsharp_probe_ctx *ctx, unsigned n)
{
	const uint8_t *arena = vsharp_bo_results(&ctx->arena);

	memcpy(ctx->host_arena, arena + PROBE_GUARD, (size_t)n * VSHARP_PROBE_ARENA);
}

/*
 * The next batch uploads the guards clean from their table: it is judged
 * on its own stores only.
 */
int probe_check_guards(const struct vsharp_probe_ctx *ctx, struct vsharp_error *err)
{
	static const char *const side[2] = { "below", "above" };

	for (unsigned g = 0; g < 2; g++) {
		const uint8_t *p = vsharp_bo_results(&ctx->arena) + (g ? PROBE_GUARD + PROBE_ARENAS : 0);
		const uint8_t *want = guards() + (size_t)g * PROBE_GUARD;
		unsigned changed = 0, first = 0;

		if (!memcmp(p, want, PROBE_GUARD))
			continue;
		for (unsigned b = 0; b < PROBE_GUARD; b++) {
			if (p[b] == want[b])
				continue;
			if (!changed++)
				first = b;
		}
		if (changed)
			return vsharp_fail(err, -EFAULT,
					   "probe: %u bytes of the guard %s the arenas changed (first at guard +0x%x): a wave stored outside its arena, so no result of this batch can be trusted",
					   changed, side[g], first);
	}
	return 0;
}
