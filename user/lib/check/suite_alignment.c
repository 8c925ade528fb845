// SPDX-License-Identifier: MIT
/*
 * alignment: every access size at every misalignment 0..15 under the
 * alignment mode the run uses (the runner goes through all four on the
 * emulated device): loads (D16 halves too), stores, atomics and format
 * loads.  Each lane has its own 64-byte slot; lane l is misaligned by l % 16.
 */
#include "check/suite.h"
#include "base/util.h"

static const char *const ops[][2] = {
	{ "buffer_load_ubyte", "buffer_load_u8" },
	{ "buffer_load_ushort", "buffer_load_u16" },
	{ "buffer_load_sbyte", "buffer_load_i8" },
	{ "buffer_load_sshort", "buffer_load_i16" },
	{ "buffer_load_dword", "buffer_load_b32" },
	{ "buffer_load_dwordx2", "buffer_load_b64" },
	{ "buffer_load_dwordx3", "buffer_load_b96" },
	{ "buffer_load_dwordx4", "buffer_load_b128" },
	{ "buffer_store_byte", "buffer_store_b8" },
	{ "buffer_store_short", "buffer_store_b16" },
	{ "buffer_store_dword", "buffer_store_b32" },
	{ "buffer_store_dwordx2", "buffer_store_b64" },
	{ "buffer_store_dwordx3", "buffer_store_b96" },
	{ "buffer_store_dwordx4", "buffer_store_b128" },
	{ "buffer_atomic_add", "buffer_atomic_add_u32" },
	{ "buffer_atomic_add_x2", "buffer_atomic_add_u64" },
	{ "buffer_atomic_cmpswap", "buffer_atomic_cmpswap_b32" },
	{ "buffer_load_format_x", "buffer_load_format_x" },
	/* GFX9+: D16 loads fill one half of the VGPR and keep the other. */
	{ "buffer_load_ubyte_d16", "buffer_load_d16_u8" },
	{ "buffer_load_ubyte_d16_hi", "buffer_load_d16_hi_u8" },
	{ "buffer_load_sbyte_d16", "buffer_load_d16_i8" },
	{ "buffer_load_sbyte_d16_hi", "buffer_load_d16_hi_i8" },
	{ "buffer_load_short_d16", "buffer_load_d16_b16" },
	{ "buffer_load_short_d16_hi", "buffer_load_d16_hi_b16" },
	{ "buffer_store_byte_d16_hi", "buffer_store_d16_hi_b8" },
	{ "buffer_store_short_d16_hi", "buffer_store_d16_hi_b16" },
};

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static const struct vsharp_format fmts[] = {
		{ VSHARP_DFMT_8, VSHARP_NFMT_UNORM }, { VSHARP_DFMT_16, VSHARP_NFMT_UINT },
		{ VSHARP_DFMT_8_8, VSHARP_NFMT_UNORM }, { VSHARP_DFMT_32, VSHARP_NFMT_FLOAT },
		{ VSHARP_DFMT_32_32, VSHARP_NFMT_UINT },
	};
	struct suite_rng r = suite_seed("alignment", level, k);
	unsigned which = k % ARRAY_SIZE(ops);
	const struct vsharp_op *op = suite_op(level, ops[which][0], ops[which][1]);

	if (!op)
		return false;
	suite_wave(level, wave_size, op, w);
	w->stub.glc = op->kind == VSHARP_OP_ATOMIC && suite_rand(&r, 2);
	if (op->data == VSHARP_DATA_RESOURCE)
		w->buf.format = fmts[k / ARRAY_SIZE(ops) % ARRAY_SIZE(fmts)];
	w->slot = 64;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		w->lane[l].voffset = 64 * l + (l + k) % 16;
		suite_noise(&r, &w->lane[l]);
		for (unsigned d = 0; d < 4; d++)
			w->lane[l].data[d] = suite_u32(&r);
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_alignment = {
	"alignment", "every size and misalignment under each SH_MEM_CONFIG alignment mode",
	16000, wave, true,
};
