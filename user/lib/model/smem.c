// SPDX-License-Identifier: MIT
/*
 * The scalar unit of the reference model: S_BUFFER_LOAD_* through a V#
 * (Documentation/model.rst, "Scalar buffer loads").  ISA-V = Vega ISA,
 * R1..R4 = RDNA1..RDNA4 ISA guides; GFX6-8 follow the GCN rule as the Vega
 * guide states it.
 *
 *   address  GFX6-10.3  (base + offset) & ~3                 ISA-V, R1, R2 §7.2.1
 *            GFX11      (base & ~3) + (offset & ~3)          R3 §8.1.2
 *            GFX12      each of base, IOFFSET, SOFFSET
 *                       aligned to the data size             R4 §8.1.2
 *   size     (stride == 0 ? 1 : stride) * NUM_RECORDS        R3/R4 §8.4.1 (smem_size on GFX6-10.3)
 *            GFX12: aligned down to the data size            R4 §8.1.2 m_size
 *   dword d  out of range if offset + 4 * d >= size          R3/R4 §8.4.1
 *            returns 0 (GFX11+), keeps the SGPR (smem_oob)
 */
#include <errno.h>
#include <string.h>

#include "model/bytes.h"
#include "vsharp/model.h"

/* The immediate each encoding holds, in bytes. */
static void ioffset_range(enum vsharp_gfx level, int64_t *lo, int64_t *hi, const char **what)
{
	if (level <= VSHARP_GFX7) {
		*lo = 0, *hi = 255 * 4, *what = "an 8-bit dword count (SMRD), times 4";
	} else if (level == VSHARP_GFX8) {
		*lo = 0, *hi = 0xfffff, *what = "20-bit unsigned";
	} else if (level <= VSHARP_GFX11) {
		*lo = -0x100000, *hi = 0xfffff, *what = "21-bit signed";
	} else {
		*lo = -0x800000, *hi = 0x7fffff, *what = "24-bit signed";
	}
}

int vsharp_smem_check(const struct vsharp_smem_access *a, struct vsharp_error *err)
{
	int64_t lo, hi;
	const char *what;

	if ((unsigned)a->level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", a->level);
	if (!a->op || a->op->cls != VSHARP_OP_SMEM || !vsharp_op_on(a->op, a->level))
		return vsharp_fail(err, -EINVAL, "op: not an S_BUFFER_LOAD instruction of %s",
				   vsharp_gfx_name(a->level));
	ioffset_range(a->level, &lo, &hi, &what);
	if (a->ioffset < lo || a->ioffset > hi || (a->level <= VSHARP_GFX7 && a->ioffset % 4))
		return vsharp_fail(err, -EINVAL, "ioffset: %d on %s (allowed %lld..%lld, %s)", a->ioffset,
				   vsharp_gfx_name(a->level), (long long)lo, (long long)hi, what);
	/* ISA-V §7.2.1 "illegal and undefined"; R1 Table 27 "Must be positive with s_buffer operations". */
	if (a->ioffset < 0 && a->level <= VSHARP_GFX10_3)
		return vsharp_fail(err, -EINVAL,
				   "ioffset: %d on %s is undefined for S_BUFFER_LOAD (allowed 0..%lld: ISA-V §7.2.1, R1 Table 27 \"Must be positive with s_buffer operations\")",
				   a->ioffset, vsharp_gfx_name(a->level), (long long)hi);
	return 0;
}

/* R4 §8.1.2 alignToSize: bytes as they are, shorts to 2, everything else to 4. */
static uint64_t align_to_size(uint64_t v, unsigned bytes)
{
	return bytes == 1 ? v : bytes == 2 ? v & ~1ull : v & ~3ull;
}

void vsharp_smem_load(const struct vsharp_smem_access *a, const struct vsharp_memory *mem,
		      struct vsharp_smem_result *out)
{
	const struct vsharp_op *op = a->op;
	uint64_t base = a->desc[0] | (uint64_t)(a->desc[1] & 0xffff) << 32;
	uint32_t stride = a->desc[1] >> 16 & 0x3fff, nr = a->desc[2];
	bool gfx12 = a->level >= VSHARP_GFX12, zero;
	unsigned n = op->bytes < 4 ? 1 : op->bytes / 4;

	memset(out, 0, sizeof(*out));
	memcpy(out->sdata, a->sdata, sizeof(out->sdata));
	out->n_dwords = (uint8_t)n;
	/* R3 Table 34, R4 Table 44: "a negative [IOFFSET] applied to S_BUFFER results in a MEMVIOL". */
	if (a->ioffset < 0) {
		out->memviol = true;
		return;
	}
	if (a->level <= VSHARP_GFX10_3 &&
	    a->rules.choice[VSHARP_RULE_SMEM_SIZE] == VSHARP_SMEM_SIZE_RECORDS_OR_1)
		out->size = stride ? nr : 1;
	else
		out->size = (uint64_t)(stride ? stride : 1) * nr;
	if (gfx12) {
		out->offset = align_to_size((uint32_t)a->ioffset, op->bytes) +
			      align_to_size(a->soffset, op->bytes);
		out->size = align_to_size(out->size, op->bytes);
		out->addr = align_to_size(base, op->bytes) + out->offset;
	} else {
		out->offset = (uint64_t)(uint32_t)a->ioffset + a->soffset;
		out->addr = a->level >= VSHARP_GFX11 ? (base & ~3ull) + (out->offset & ~3ull) :
			    (base + out->offset) & ~3ull;
	}
	zero = a->level >= VSHARP_GFX11 || a->rules.choice[VSHARP_RULE_SMEM_OOB] == VSHARP_SMEM_OOB_ZERO;
	for (unsigned d = 0; d < n; d++) {
		unsigned bytes = op->bytes < 4 ? op->bytes : 4;
		const uint8_t *p;
		uint32_t v;

		if (out->offset + 4ull * d >= out->size) {
			if (zero) {
				out->sdata[d] = 0;
				out->written |= (uint16_t)(1u << d);
			}
			continue;
		}
		out->in_range |= (uint16_t)(1u << d);
		p = mem_at(mem, out->addr + 4ull * d, bytes, false);
		if (!p) {
			out->fault = true;
			return;
		}
		v = (uint32_t)load_le(p, bytes);
		if (op->sign && bytes < 4)
			v = (uint32_t)((int32_t)(v << (32 - 8 * bytes)) >> (32 - 8 * bytes));
		out->sdata[d] = v;
		out->written |= (uint16_t)(1u << d);
	}
}
