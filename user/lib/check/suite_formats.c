// SPDX-License-Identifier: MIT
/*
 * formats: every buffer format of the level through buffer_load/store_format
 * (V# format and DST_SEL, including constant selects and out-of-range SEL_1),
 * the MTBUF formats the stubs carry through tbuffer_load/store_format, and
 * the D16 and D16_HI forms.  Element i of the structured buffer is lane i.
 */
#include <stdio.h>
#include <string.h>

#include "check/suite.h"
#include "base/util.h"
#include "vsharp/convert.h"

static const char *const names[][2] = {
	{ "buffer_load_format_", "buffer_load_format_" },
	{ "buffer_store_format_", "buffer_store_format_" },
	{ "tbuffer_load_format_", "tbuffer_load_format_" },
	{ "tbuffer_store_format_", "tbuffer_store_format_" },
	{ "buffer_load_format_d16_", "buffer_load_d16_format_" },
	{ "buffer_store_format_d16_", "buffer_store_d16_format_" },
	{ "tbuffer_load_format_d16_", "tbuffer_load_d16_format_" },
	{ "tbuffer_store_format_d16_", "tbuffer_store_d16_format_" },
	{ "buffer_load_format_d16_hi_", "buffer_load_d16_hi_format_" },
	{ "buffer_store_format_d16_hi_", "buffer_store_d16_hi_format_" },
};

/* A register value the format can hold, and the edges: NaN, infinities, denormals. */
static uint32_t value(struct suite_rng *r, enum vsharp_nfmt nfmt, bool d16)
{
	static const uint32_t f32[] = { 0x7fc00000, 0x7f800000, 0xff800000, 0x00000001, 0x80000000,
					0x3f800000, 0xbf800000, 0x477fe000 };
	static const uint16_t f16[] = { 0x7e00, 0x7c00, 0xfc00, 0x0001, 0x8000, 0x3c00, 0x7bff };

	if (!vsharp_nfmt_is_float(nfmt))
		return suite_rand(r, 4) ? suite_rand(r, 300) - (nfmt == VSHARP_NFMT_SINT ? 150 : 0) :
		       suite_u32(r) & (d16 ? 0xffff : ~0u);
	if (d16)
		return suite_rand(r, 8) ? (suite_u32(r) & 0x3fff) | (suite_rand(r, 2) << 15) :
		       f16[suite_rand(r, ARRAY_SIZE(f16))];
	if (suite_rand(r, 8) == 0)
		return f32[suite_rand(r, ARRAY_SIZE(f32))];
	/* -2.5 .. 2.5 mostly: UNORM and SNORM clamp the rest. */
	return (suite_u32(r) & 0x807fffff) | (uint32_t)(124 + suite_rand(r, 5)) << 23;
}

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static const uint8_t sels[] = { VSHARP_SEL_0, VSHARP_SEL_1, VSHARP_SEL_X, VSHARP_SEL_Y,
					VSHARP_SEL_Z, VSHARP_SEL_W };
	static const char *const comps[] = { "x", "xy", "xyz", "xyzw" };
	struct vsharp_format fmts[96];
	unsigned nf = suite_formats(level, fmts, ARRAY_SIZE(fmts));
	struct suite_rng r = suite_seed("formats", level, k);
	/* Every format and every variant, also on the 500 waves of a wave64 run. */
	unsigned v = (k + k / nf) % ARRAY_SIZE(names), c = suite_rand(&r, 4), bytes;
	struct vsharp_format f = fmts[k % nf];
	const struct vsharp_op *op;
	char name[2][64];
	bool typed = strncmp(names[v][0], "tbuffer", 7) == 0, d16;

	/* D16_HI: one component. */
	if (strstr(names[v][0], "_hi_"))
		c = 0;
	snprintf(name[0], sizeof(name[0]), "%s%s", names[v][0], comps[c]);
	snprintf(name[1], sizeof(name[1]), "%s%s", names[v][1], comps[c]);
	op = suite_op(level, name[0], name[1]);
	if (!op)
		return false;
	if (typed)
		f = vsharp_stub_tformats[k % vsharp_stub_tformat_count];
	suite_wave(level, wave_size, op, w);
	d16 = op->d16 != VSHARP_D16_NONE;
	bytes = vsharp_dfmt_layout(f.dfmt)->bytes;
	w->stub.tformat = f;
	w->buf.format = f;
	if (!typed)
		for (unsigned s = 0; s < 4; s++)
			w->buf.dst_sel[s] = suite_rand(&r, 2) ? (uint8_t)(VSHARP_SEL_X + s) :
					    sels[suite_rand(&r, ARRAY_SIZE(sels))];
	/* Structured, one element per lane; a few past NUM_RECORDS. */
	w->stub.idxen = true;
	w->buf.stride = bytes;
	w->buf.num_records = w->n_lanes - (suite_rand(&r, 4) ? 0 : suite_rand(&r, 8));
	w->slot = bytes;
	if (level >= VSHARP_GFX10)
		w->buf.oob_select = VSHARP_OOB_STRUCTURED;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		pl->vindex = l;
		suite_noise(&r, pl);
		for (unsigned d = 0; d < 4; d++) {
			pl->data[d] = value(&r, f.nfmt, d16);
			if (d16 && level >= VSHARP_GFX9)
				pl->data[d] |= value(&r, f.nfmt, true) << 16;
		}
	}
	suite_fit(level, mode, w);
	return true;
}

const struct vsharp_suite vsharp_suite_formats = {
	"formats", "every buffer format through MUBUF format, MTBUF, D16 and D16_HI",
	32000, wave, false,
};
