// SPDX-License-Identifier: MIT
/*
 * smem: every S_BUFFER_LOAD stub of the level (offset SGPR, immediate, both;
 * both halves of the 16-dword loads), with NUM_RECORDS and the stride
 * putting the end of the buffer before, inside or after the dwords loaded,
 * unaligned V# bases and offsets, and an empty V#.  The load is the wave's:
 * every lane copies the same SGPRs.
 */
#include "check/suite.h"

/* More than any level's probe shader has. */
#define MAX_STUBS 1536

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static _Thread_local struct vsharp_stub all[MAX_STUBS];
	/* The level's stubs, listed once per level and thread, not per wave. */
	static _Thread_local int listed = -1;
	static _Thread_local unsigned n;
	static const uint8_t strides[] = { 0, 0, 0, 4, 8, 12, 16, 64 };
	unsigned smem = 0, pick;
	struct suite_rng r = suite_seed("smem", level, k);
	const struct vsharp_stub *s = NULL;
	uint64_t offset, end, unit;

	(void)mode;
	if (listed != (int)level) {
		n = vsharp_stubs(level, all, MAX_STUBS);
		listed = (int)level;
	}
	for (unsigned i = 0; i < n; i++)
		smem += all[i].op->cls == VSHARP_OP_SMEM;
	if (!smem)
		return false;
	pick = k % smem;
	for (unsigned i = 0; i < n && !s; i++)
		if (all[i].op->cls == VSHARP_OP_SMEM && !pick--)
			s = &all[i];
	suite_wave(level, wave_size, s->op, w);
	w->stub = *s;
	/* The two low bits of the base and the offsets are ignored (GFX12: kept for bytes and shorts). */
	w->buf.base = 4 * suite_rand(&r, 256) + (suite_rand(&r, 4) ? 0 : suite_rand(&r, 4));
	w->soffset = 4 * suite_rand(&r, 64) + (suite_rand(&r, 4) ? 0 : suite_rand(&r, 4));
	w->buf.stride = strides[suite_rand(&r, sizeof(strides))];
	/* The end of the buffer within 8 bytes of the dwords loaded, mostly. */
	offset = s->ioffset + (s->soffset ? w->soffset : 0);
	end = offset + suite_rand(&r, s->op->bytes + 17);
	end = end > 8 ? end - 8 : 0;
	unit = w->buf.stride ? w->buf.stride : 1;
	w->buf.num_records = (uint32_t)((end + unit - 1) / unit);
	switch (suite_rand(&r, 8)) {
	case 0:
		w->buf.num_records = 0;
		break;
	case 1:
		w->buf.num_records = VSHARP_PROBE_ARENA;
		break;
	default:
		break;
	}
	for (unsigned l = 0; l < w->n_lanes; l++)
		suite_noise(&r, &w->lane[l]);
	return true;
}

const struct vsharp_suite vsharp_suite_smem = {
	"smem", "S_BUFFER_LOAD: offsets, range check per dword and partial results",
	6400, wave, false,
};
