// SPDX-License-Identifier: MIT
/*
 * addressing: raw, structured, swizzled and ADD_TID addresses, soffset and
 * instruction offsets.  Loads of pattern memory: each returned value tells
 * which bytes the lane read.  Range checks are kept out of the way
 * (OOB_SELECT 2 on GFX10+, NUM_RECORDS past the arena before).
 */
#include "check/suite.h"

static uint32_t max_ioffset(enum vsharp_gfx level)
{
	return level >= VSHARP_GFX12 ? 0x7fffff : 4095;
}

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static const uint32_t ioffsets[] = { 0, 12, 0 };
	static const char *const wide[][2] = {
		{ "buffer_load_dwordx2", "buffer_load_b64" },
		{ "buffer_load_dwordx3", "buffer_load_b96" },
		{ "buffer_load_dwordx4", "buffer_load_b128" },
	};
	struct suite_rng r = suite_seed("addressing", level, k);
	unsigned kind = k % 8, ioff = k / 8 % 3;
	const struct vsharp_op *op = kind == 7 || kind == 5 ?
		suite_op(level, wide[k / 8 % 3][0], wide[k / 8 % 3][1]) :
		suite_op(level, "buffer_load_dword", "buffer_load_b32");

	suite_wave(level, wave_size, op, w);
	w->buf.num_records = level >= VSHARP_GFX10 ? 1 : 0x7fffffff;
	w->buf.oob_select = level >= VSHARP_GFX10 ? VSHARP_OOB_DISABLED : 0;
	w->soffset = 4 * suite_rand(&r, 64);
	/* The stubs carry offsets 12 and the largest on dword loads (shader/stubs.c). */
	w->stub.ioffset = kind > 1 ? 0 : ioff == 2 ? (kind == 0 ? max_ioffset(level) : 0) :
			  ioffsets[ioff];
	switch (kind) {
	case 0:	/* raw: soffset + voffset + instruction offset */
	case 7:
		w->stub.idxen = false;
		break;
	case 1:	/* structured: stride * vindex + voffset */
		w->stub.idxen = true;
		w->buf.stride = 4 * (1 + suite_rand(&r, 16));
		break;
	case 2:	/* index only */
		w->stub.idxen = true;
		w->stub.offen = false;
		w->buf.stride = 4 * (1 + suite_rand(&r, 16));
		break;
	case 3:	/* no VGPR: soffset and instruction offset only */
		w->stub.offen = false;
		/*
		 * GFX6/7, a third of them: ADDR64, v[4:5] = {vindex, voffset = 0}
		 * the address past the V# base, and LLVM's NUM_RECORDS 0, which only
		 * the missing range check (CLRX GcnMemHandling) leaves in range.
		 */
		if (ioff == 1 && vsharp_op_addr64(op, level)) {
			w->stub.addr64 = true;
			w->stub.ioffset = 12;
			w->buf.num_records = 0;
		}
		break;
	case 4:	/* swizzled */
	case 5: {
		static const uint8_t is[] = { 8, 16, 32, 64 };

		w->stub.idxen = true;
		w->buf.swizzle = true;
		w->buf.index_stride = is[suite_rand(&r, 4)];
		if (level >= VSHARP_GFX11)
			w->buf.element_size = suite_rand(&r, 2) ? 16 : 4;
		w->buf.stride = w->buf.element_size * (1 + suite_rand(&r, 4));
		/* GFX12 swizzles soffset too (R4 §9.4.2): a small one stays in the arena. */
		if (level >= VSHARP_GFX12)
			w->soffset = 4 * suite_rand(&r, 4);
		break;
	}
	case 6:	/* ADD_TID: the lane joins the index */
		w->stub.idxen = suite_rand(&r, 2);
		w->buf.add_tid = true;
		w->buf.stride = 4 * (1 + suite_rand(&r, 8));
		/* GFX8/9: DATA_FORMAT holds STRIDE[17:14] under ADD_TID (hw/desc.c). */
		if (level == VSHARP_GFX8 || level == VSHARP_GFX9)
			w->buf.format.dfmt = VSHARP_DFMT_INVALID;
		break;
	}
	/* GFX12's largest offset cannot stay in the arena: make every lane out of range. */
	if (w->stub.ioffset > VSHARP_PROBE_ARENA) {
		w->buf.oob_select = VSHARP_OOB_RAW;
		w->buf.num_records = 64;
	}
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		pl->vindex = suite_rand(&r, w->buf.swizzle ? 2u * w->buf.index_stride : 32);
		pl->voffset = w->buf.stride && w->stub.idxen ?
			      4 * suite_rand(&r, w->buf.stride / 4) : suite_rand(&r, 2048);
		if (w->stub.addr64) {
			pl->vindex = suite_rand(&r, 2048);
			pl->voffset = 0;
		}
		suite_noise(&r, pl);
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_addressing = {
	"addressing", "raw, structured, swizzled and ADD_TID addresses, soffset and offsets",
	38400, wave, false,
};
