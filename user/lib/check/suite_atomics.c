// SPDX-License-Identifier: MIT
/*
 * atomics: every buffer atomic of the level, with and without the returned
 * pre-op value, 32 and 64 bits; each lane on its own 64-byte slot, and a
 * NUM_RECORDS boundary through the lanes in a quarter of the waves (out of
 * range atomics are dropped and return 0).
 */
#include "check/suite.h"

/* The level's buffer atomics in catalogue order (at most 64), listed once per level and thread. */
static unsigned level_atomics(enum vsharp_gfx level, const struct vsharp_op *const **out)
{
	static _Thread_local struct {
		bool made;
		unsigned n;
		const struct vsharp_op *op[64];
	} list[VSHARP_GFX_COUNT];
	const struct vsharp_op *op;
	unsigned i = 0;

	if (!list[level].made) {
		while ((op = vsharp_op_next(level, &i)))
			if (op->cls == VSHARP_OP_MUBUF && op->kind == VSHARP_OP_ATOMIC &&
			    list[level].n < 64)
				list[level].op[list[level].n++] = op;
		list[level].made = true;
	}
	*out = list[level].op;
	return list[level].n;
}

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	const struct vsharp_op *const *atomics, *op;
	struct suite_rng r = suite_seed("atomics", level, k);
	unsigned n = level_atomics(level, &atomics);
	bool fp;

	op = atomics[k % n];
	fp = op->atomic >= VSHARP_ATOMIC_FCMPSWAP;
	suite_wave(level, wave_size, op, w);
	/* CSUB and COND_SUB only come in the returning form. */
	w->stub.glc = k / n % 2 || op->atomic == VSHARP_ATOMIC_CSUB ||
		      op->atomic == VSHARP_ATOMIC_COND_SUB;
	w->slot = 64;
	if (suite_rand(&r, 4) == 0)
		w->buf.num_records = 64 * suite_rand(&r, w->n_lanes);
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		pl->voffset = 64 * l + op->bytes * suite_rand(&r, 64 / op->bytes);
		suite_noise(&r, pl);
		/* Small operands make min/max/inc/dec/cmpswap land on both sides. */
		for (unsigned d = 0; d < 4; d++) {
			pl->vdst[d] = suite_rand(&r, 2) ? suite_rand(&r, 256) : suite_u32(&r);
			if (fp)
				pl->vdst[d] = 0x3f800000u + (suite_rand(&r, 512) << 14) * (op->bytes == 4);
		}
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_atomics = {
	"atomics", "every buffer atomic, with and without return, in and out of range",
	19200, wave, false,
};
