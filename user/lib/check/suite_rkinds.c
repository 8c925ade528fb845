// SPDX-License-Identifier: MIT
/*
 * resource-kinds: the HLSL/DXIL robustness contract on the V# each kind gets
 * (rkind.h): typed buffers through format loads and stores by index, raw
 * buffers by byte offset, structured buffers by index and member offset,
 * constant buffers by 16-byte row.  Out-of-bounds reads return 0 and
 * writes are dropped; accesses sweep across the end of the resource.
 */
#include "check/suite.h"
#include "vsharp/rkind.h"

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static const char *const ops[4][2][2] = {
		[VSHARP_RKIND_TYPED] = { { "buffer_load_format_xyzw", "buffer_load_format_xyzw" },
					 { "buffer_store_format_xyzw", "buffer_store_format_xyzw" } },
		[VSHARP_RKIND_RAW] = { { "buffer_load_dword", "buffer_load_b32" },
				       { "buffer_store_dword", "buffer_store_b32" } },
		[VSHARP_RKIND_STRUCTURED] = { { "buffer_load_dwordx2", "buffer_load_b64" },
					      { "buffer_store_dwordx2", "buffer_store_b64" } },
		[VSHARP_RKIND_CONSTANT] = { { "buffer_load_dwordx4", "buffer_load_b128" },
					    { "buffer_load_dwordx4", "buffer_load_b128" } },
	};
	struct suite_rng r = suite_seed("resource-kinds", level, k);
	enum vsharp_rkind kind = k % VSHARP_RKIND_COUNT;
	unsigned store = k / VSHARP_RKIND_COUNT % 2, unit;
	struct vsharp_rkind_params p = { 0, 0, 0, { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT } };
	const struct vsharp_op *op = suite_op(level, ops[kind][store][0], ops[kind][store][1]);

	suite_wave(level, wave_size, op, w);
	if (kind == VSHARP_RKIND_TYPED && suite_rand(&r, 2))
		p.format.dfmt = VSHARP_DFMT_8_8_8_8, p.format.nfmt = VSHARP_NFMT_UNORM;
	p.stride = 8 * (1 + suite_rand(&r, 8));
	unit = kind == VSHARP_RKIND_TYPED ? vsharp_dfmt_layout(p.format.dfmt)->bytes :
	       kind == VSHARP_RKIND_STRUCTURED ? p.stride : kind == VSHARP_RKIND_CONSTANT ? 16 : 64;
	/* The resource ends somewhere in the middle of the lanes. */
	p.size = (uint64_t)unit * suite_rand(&r, w->n_lanes + 1);
	if (vsharp_rkind_buffer(level, kind, &p, &w->buf, NULL))
		return false;
	w->slot = unit;
	w->stub.idxen = kind == VSHARP_RKIND_TYPED || kind == VSHARP_RKIND_STRUCTURED;
	/* Typed: the element index only (voffset 0). */
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		pl->vindex = l;
		/* Raw and constant: byte offsets of lane l's unit; structured: a member. */
		pl->voffset = kind == VSHARP_RKIND_STRUCTURED ? 8 * suite_rand(&r, p.stride / 8 + 1) :
			      kind == VSHARP_RKIND_TYPED ? 0 : unit * l;
		suite_noise(&r, pl);
		for (unsigned d = 0; d < 4; d++)
			pl->data[d] = suite_rand(&r, 256);
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_resource_kinds = {
	"resource-kinds", "HLSL/DXIL typed, raw, structured and constant buffers: OOB reads 0, writes dropped",
	12800, wave, false,
};
