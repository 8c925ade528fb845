// SPDX-License-Identifier: MIT
/*
 * DS instructions as a whole wave executes them.  Most are per lane and run
 * lane by lane through vsharp_ds_lane(); the ones that move data between
 * lanes (ds_swizzle_b32, ds_permute_b32, ds_bpermute_b32) and the wave
 * counters (ds_append, ds_consume) need every lane's input and EXEC, and are
 * done here (Documentation/model.rst, "DS lane
 * operations").
 */
#include <string.h>

#include "model/lds.h"
#include "vsharp/model.h"

static unsigned reverse5(unsigned v)
{
	unsigned r = 0;

	for (unsigned b = 0; b < 5; b++)
		r |= (v >> b & 1) << (4 - b);
	return r;
}

static unsigned ones(unsigned v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

/*
 * The lane whose data lane I of a ds_swizzle_b32 reads, from the offset
 * (ISA-V §12.13.1 and the DS_SWIZZLE_B32 pseudo-code of R1-R4).  FFT and
 * rotate are documented from Vega on; before, offset[15] alone picks the
 * quad mode.  The rotate sum stays in the group of 32: the R4 examples
 * ("0x01, mask=0, rotate left: {2,3,...,20,1}") wrap lane 31 to lane 0.
 */
static unsigned swizzle_source(enum vsharp_gfx level, unsigned offset, unsigned i)
{
	unsigned mask = offset & 0x1f, j;

	if (level >= VSHARP_GFX9 && offset >= 0xe000) {
		j = reverse5(i & 0x1f) >> ones(mask);
		j |= i & mask;
	} else if (level >= VSHARP_GFX9 && offset >= 0xc000) {
		unsigned rotate = offset >> 5 & 0x1f;

		if (offset >> 10 & 1)
			rotate = 32 - rotate;
		j = (i & mask) | ((i + rotate) & ~mask & 0x1f);
	} else if (offset >> 15 & 1) {
		return (i & ~3u) + (offset >> (2 * (i & 3)) & 3);
	} else {
		unsigned and_mask = offset & 0x1f, or_mask = offset >> 5 & 0x1f;
		unsigned xor_mask = offset >> 10 & 0x1f;

		j = (((i & 0x1f) & and_mask) | or_mask) ^ xor_mask;
	}
	return j | (i & 0x20);
}

/*
 * The lanes one permute spans.  GFX8/9: the whole wave64 (ISA-V "mod 64").
 * GFX10/11: 32, a wave64 as two halves (R3 §12.5.2 "executes as if were two
 * independent wave32's", index bits [6:2]).  GFX12: the whole wave, index
 * bits [6:2] in wave32, [7:2] in wave64 (R4 §12.5.2).
 */
static unsigned permute_group(enum vsharp_gfx level, unsigned lanes)
{
	if (level >= VSHARP_GFX10 && level <= VSHARP_GFX11)
		return lanes < 32 ? lanes : 32;
	return lanes;
}

static void lanes_op(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		     unsigned lanes, uint64_t exec, struct vsharp_ds_lane_out *out)
{
	uint32_t offset = (uint32_t)a->offset1 << 8 | a->offset0, tmp[64] = { 0 };
	unsigned group = permute_group(a->level, lanes);

	for (unsigned i = 0; i < lanes; i++) {
		unsigned base = i - i % group, j;

		switch (a->op->ds_addr) {
		case VSHARP_DS_SWIZZLE:
			/* "reading from an invalid thread results in 0x0" */
			j = swizzle_source(a->level, offset, i);
			tmp[i] = j < lanes && exec >> j & 1 ? in[j].vaddr : 0;
			break;
		case VSHARP_DS_BPERMUTE:
			/* "If src_lane selects a disabled thread, zero will be returned." */
			j = base + (in[i].vaddr + offset) / 4 % group;
			tmp[i] = exec >> j & 1 ? in[j].data0[0] : 0;
			break;
		default:
			/*
			 * Forward: each active lane sends DATA0 to one lane; where
			 * several send to the same lane "the highest-numbered source
			 * thread wins" (R1, R2 DS_PERMUTE_B32 pseudo-code).
			 */
			if (!(exec >> i & 1))
				break;
			j = base + (in[i].vaddr + offset) / 4 % group;
			tmp[j] = in[i].data0[0];
			break;
		}
	}
	for (unsigned i = 0; i < lanes; i++) {
		if (!(exec >> i & 1))
			continue;
		out[i].vdst[0] = tmp[i];
		out[i].n_vdst = 1;
	}
}

/*
 * ds_append/ds_consume: "Inside DS, do one atomic add for first valid lane
 * and broadcast result to all valid lanes", adding or subtracting
 * countbits(EXEC) (R3, R4 DS_APPEND, DS_CONSUME).
 */
static void append(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		   unsigned lanes, uint64_t exec, struct vsharp_lds *lds,
		   struct vsharp_ds_lane_out *out)
{
	struct vsharp_ds_lane_in first;
	struct vsharp_ds_lane_out result;
	unsigned i = 0;

	if (lanes < 64)
		exec &= (1ull << lanes) - 1;
	if (!exec)
		return;
	while (!(exec >> i & 1))
		i++;
	first = in[i];
	first.data0[0] = ones((uint32_t)exec) + ones((uint32_t)(exec >> 32));
	vsharp_ds_lane(a, &first, lds, &result);
	for (i = 0; i < lanes; i++)
		if (exec >> i & 1)
			out[i] = result;
}

static uint64_t whole_quads(uint64_t exec)
{
	uint64_t quads = 0;

	for (unsigned q = 0; q < 16; q++)
		if (exec >> (4 * q) & 0xf)
			quads |= 0xfull << (4 * q);
	return quads;
}

void vsharp_ds_wave(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		    unsigned lanes, uint64_t exec, struct vsharp_lds *lds,
		    struct vsharp_ds_lane_out *out)
{
	if (lanes > 64)
		lanes = 64;
	memset(out, 0, lanes * sizeof(*out));
	if (a->op->kind == VSHARP_OP_LANES) {
		lanes_op(a, in, lanes, exec, out);
		return;
	}
	if (a->op->ds_addr == VSHARP_DS_APPEND) {
		append(a, in, lanes, exec, lds, out);
		return;
	}
	/* "EXEC per quad": any lane of a quad writes all four (R3, R4 §12.2.1). */
	if (a->op->ds_addr == VSHARP_DS_DIRECT || a->op->ds_addr == VSHARP_DS_PARAM)
		exec = whole_quads(exec);
	ds_lanes(a, in, lanes, exec, lds, out);
}
