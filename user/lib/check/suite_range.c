// SPDX-License-Identifier: MIT
/*
 * range: NUM_RECORDS boundaries under every range rule of the level (GFX9
 * raw/structured/private, OOB_SELECT 0..3 on GFX10+), loads and stores of
 * every size, untyped (per dword) and format (all or nothing), with and
 * without soffset.  Loads sweep a window of offsets across the boundary;
 * stores give each lane its own 64-byte slot and move the boundary through
 * the lanes.
 */
#include "check/suite.h"
#include "base/util.h"

static const char *const ops[][2] = {
	{ "buffer_load_ubyte", "buffer_load_u8" },
	{ "buffer_load_ushort", "buffer_load_u16" },
	{ "buffer_load_dword", "buffer_load_b32" },
	{ "buffer_load_dwordx2", "buffer_load_b64" },
	{ "buffer_load_dwordx3", "buffer_load_b96" },
	{ "buffer_load_dwordx4", "buffer_load_b128" },
	{ "buffer_load_format_xyzw", "buffer_load_format_xyzw" },
	{ "buffer_load_format_x", "buffer_load_format_x" },
	{ "buffer_store_byte", "buffer_store_b8" },
	{ "buffer_store_short", "buffer_store_b16" },
	{ "buffer_store_dword", "buffer_store_b32" },
	{ "buffer_store_dwordx2", "buffer_store_b64" },
	{ "buffer_store_dwordx4", "buffer_store_b128" },
	{ "buffer_store_format_xy", "buffer_store_format_xy" },
};

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	struct suite_rng r = suite_seed("range", level, k);
	unsigned which = k % ARRAY_SIZE(ops);
	const struct vsharp_op *op = suite_op(level, ops[which][0], ops[which][1]);
	bool store = op->kind == VSHARP_OP_STORE;
	unsigned rule = k / ARRAY_SIZE(ops) % 4, size, step;

	suite_wave(level, wave_size, op, w);
	if (op->data == VSHARP_DATA_RESOURCE) {
		static const struct vsharp_format fmts[] = {
			{ VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT },
			{ VSHARP_DFMT_8_8_8_8, VSHARP_NFMT_UNORM },
			{ VSHARP_DFMT_16_16, VSHARP_NFMT_FLOAT },
			{ VSHARP_DFMT_32, VSHARP_NFMT_FLOAT },
		};

		w->buf.format = fmts[suite_rand(&r, ARRAY_SIZE(fmts))];
	}
	size = op->data == VSHARP_DATA_DERIVED ? op->bytes : vsharp_dfmt_layout(w->buf.format.dfmt)->bytes;
	/* Aligned accesses: the alignment suite covers misalignment. */
	step = size < 4 ? size : 4;
	if (level >= VSHARP_GFX10)
		w->buf.oob_select = (uint8_t)rule;
	/* Structured for OOB_SELECT 0/1 and GFX9's structured and private kinds. */
	w->stub.idxen = level >= VSHARP_GFX10 ? rule < 2 : rule == 1;
	/* GFX9 private buffers (ADD_TID, no index); DATA_FORMAT then holds stride bits. */
	if (level == VSHARP_GFX9 && rule == 2 && op->data == VSHARP_DATA_DERIVED) {
		w->buf.add_tid = true;
		w->buf.format.dfmt = VSHARP_DFMT_INVALID;
		w->buf.stride = 64;
	}
	/* Swizzled raw buffers with a stride (OOB_SELECT 3 on GFX11+ checks index and stride). */
	if (level >= VSHARP_GFX11 && rule == 3 && suite_rand(&r, 4) == 0 && size <= 16) {
		w->buf.swizzle = true;
		w->buf.element_size = 16;
		w->buf.stride = 64;
		w->stub.idxen = true;
	}
	if (w->stub.idxen && !w->buf.stride) {
		static const uint8_t strides[] = { 4, 8, 12, 16, 24, 32, 48, 64 };

		w->buf.stride = strides[suite_rand(&r, ARRAY_SIZE(strides))];
		if (w->buf.stride % step)
			w->buf.stride = 64;
	}
	w->soffset = suite_rand(&r, 3) ? 0 : step * suite_rand(&r, 16);
	if (w->stub.idxen) {
		/* Records: lane l is record l; the boundary moves through the lanes. */
		w->buf.num_records = suite_rand(&r, w->n_lanes + 4);
		w->slot = w->buf.stride;
		for (unsigned l = 0; l < w->n_lanes; l++) {
			w->lane[l].vindex = l;
			w->lane[l].voffset = step * suite_rand(&r, (w->buf.stride + 8) / step);
		}
	} else if (store) {
		w->buf.num_records = suite_rand(&r, 64 * w->n_lanes + 64);
		w->slot = 64;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = 64 * l + step * suite_rand(&r, (64 - size) / step + 1);
	} else {
		/* A window of offsets straddling NUM_RECORDS - soffset. */
		uint32_t nr = suite_rand(&r, 3000) + (suite_rand(&r, 8) ? 64 : 0);
		uint32_t first = nr > w->n_lanes * step / 2 ? nr - w->n_lanes * step / 2 : 0;

		w->buf.num_records = nr;
		first -= first % step;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = first + l * step;
	}
	for (unsigned l = 0; l < w->n_lanes; l++) {
		suite_noise(&r, &w->lane[l]);
		for (unsigned d = 0; d < 4; d++)
			w->lane[l].data[d] = suite_u32(&r);
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_range = {
	"range", "out-of-range loads and stores per level and OOB_SELECT", 64000, wave, false,
};
