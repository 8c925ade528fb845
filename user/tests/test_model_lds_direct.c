// SPDX-License-Identifier: MIT
/*
 * LDS direct and parameter loads: LDS_DIRECT_LOAD/LDS_PARAM_LOAD (GFX11,
 * RDNA3 guide §12.2.1, §12.4, §16.14) and DS_DIRECT_LOAD/DS_PARAM_LOAD
 * (GFX12, RDNA4 guide §12.2.1, §12.4), github.com/kuhar/amdgpu-isa-manuals.
 * The AMD OpenCL optimisation guide (§10.3.1) gives the same M0 layout for
 * the GCN LDS_DIRECT operand.  Expected values are worked out by hand from
 * the quoted sentences.
 */
#include "model_util.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A whole wave of one of the four instructions; every lane's result in OUT. */
static int run(enum vsharp_gfx level, const char *name, uint32_t m0, uint8_t attr, uint8_t chan,
	       unsigned lanes, uint64_t exec, uint32_t lds_size, struct vsharp_ds_lane_out *out,
	       struct vsharp_error *err)
{
	struct vsharp_ds_access a;
	struct vsharp_ds_lane_in in[64];
	struct vsharp_lds lds = { test_lds_bytes, lds_size };

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, name, err);
	if (!a.op)
		return -1;
	a.m0 = m0;
	a.attr = attr;
	a.attr_chan = chan;
	a.align = VSHARP_ALIGN_DWORD;
	vsharp_rules_default(level, &a.rules);
	if (vsharp_ds_check(&a, err))
		return -1;
	memset(in, 0, sizeof(in));
	for (unsigned l = 0; l < lanes; l++) {
		in[l].lane = l;
		in[l].vdst[0] = 0xdeadbeef;
	}
	vsharp_ds_wave(&a, in, lanes, exec, &lds, out);
	return 0;
}

/* Dword i of the LDS holds 0x10000 + i: a parameter load's value names its address. */
static void fill_lds_indexes(void)
{
	for (uint32_t i = 0; i < sizeof(test_lds_bytes) / 4; i++) {
		uint32_t v = 0x10000 + i;

		memcpy(test_lds_bytes + 4 * i, &v, 4);
	}
}

static const struct {
	enum vsharp_gfx level;
	const char *direct, *param;
} levels[] = {
	{ VSHARP_GFX11, "lds_direct_load", "lds_param_load" },
	{ VSHARP_GFX12, "ds_direct_load", "ds_param_load" },
};

/*
 * §12.4: "DataType = M0[18:16] 0 unsigned byte 1 unsigned short 2 DWORD ...
 * 4 signed byte 5 signed short"; "Signed byte and short data is
 * sign-extend to 32 bits ...; unsigned byte and short data is zero-extended".
 */
static void test_direct_data_types(struct ktap *t)
{
	static const struct {
		uint32_t type, value;
	} types[] = {
		{ 0, 0x00000081 }, { 1, 0x00009281 }, { 2, 0xb4a39281 },
		{ 4, 0xffffff81 }, { 5, 0xffff9281 },
	};
	static const uint8_t bytes[4] = { 0x81, 0x92, 0xa3, 0xb4 };

	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		for (unsigned k = 0; k < ARRAY_SIZE(types); k++) {
			struct vsharp_ds_lane_out out[32];
			struct vsharp_error err = { "" };

			memcpy(test_lds_bytes + 0x40, bytes, 4);
			if (!CHECK_MSG(t, !run(levels[i].level, levels[i].direct, types[k].type << 16 | 0x40,
					       0, 0, 32, 0xffffffffu, 0x1000, out, &err),
				       "%s", err.msg))
				continue;
			/* "broadcasting it to all active lanes in the wave" */
			for (unsigned l = 0; l < 32; l++)
				CHECK_MSG(t, out[l].n_vdst == 1 && out[l].vdst[0] == types[k].value &&
					     !out[l].memviol,
					  "%s type %u lane %u: 0x%x", levels[i].direct, types[k].type, l,
					  out[l].vdst[0]);
		}
	}
}

/* "3 unused", "6,7 Reserved" and "must be DWORD aligned": refused, naming M0. */
static void test_direct_refusals(struct ktap *t)
{
	static const uint32_t bad[] = { 3u << 16 | 0x40, 6u << 16, 7u << 16 | 0x40, 2u << 16 | 0x42 };

	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		for (unsigned k = 0; k < ARRAY_SIZE(bad); k++) {
			struct vsharp_ds_lane_out out[32];
			struct vsharp_error err = { "" };

			CHECK(t, run(levels[i].level, levels[i].direct, bad[k], 0, 0, 32, ~0ull, 0x1000, out,
				     &err) != 0);
			CHECK_MSG(t, !strncmp(err.msg, "m0: LDS direct", 14), "%s", err.msg);
		}
	}
}

/*
 * "LDS_DIRECT_LOAD uses EXEC per quad, not per pixel: if any pixel in a
 * quad is enabled then the data is written to all 4 pixels in the quad."
 */
static void test_direct_exec_per_quad(struct ktap *t)
{
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[64];
		struct vsharp_error err = { "" };
		uint32_t v = 0x12345678;

		memcpy(test_lds_bytes + 0x200, &v, 4);
		/* Lanes 1 and 4 (quads 0 and 1) and lane 63 (quad 15) of a wave64. */
		if (!CHECK_MSG(t, !run(levels[i].level, levels[i].direct, 2u << 16 | 0x200, 0, 0, 64,
				       0x8000000000000012ull, 0x1000, out, &err), "%s", err.msg))
			continue;
		for (unsigned l = 0; l < 64; l++) {
			bool on = l < 8 || l >= 60;

			CHECK_MSG(t, out[l].n_vdst == on && (!on || out[l].vdst[0] == v),
				  "%s lane %u: n_vdst %u", levels[i].direct, l, out[l].n_vdst);
		}
	}
}

/*
 * Past the allocation: GFX11 reads zero (R3 "the entire instruction
 * returns zero"), GFX12 zero and MEMVIOL (R4 §3.3.5.1 "LDS operations
 * report MEMVIOL if the LDS-address is out of range").  M0 is the address,
 * so the GFX6-10 M0 clamp has no part.
 */
static void test_direct_out_of_range(struct ktap *t)
{
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[32];
		struct vsharp_error err = { "" };

		memset(test_lds_bytes + 0x100, 0x5a, 4);
		if (!CHECK_MSG(t, !run(levels[i].level, levels[i].direct, 2u << 16 | 0x100, 0, 0, 32,
				       1, 0x100, out, &err), "%s", err.msg))
			continue;
		CHECK_EQ(t, out[0].vdst[0], 0);
		CHECK_EQ(t, out[0].n_vdst, 1);
		CHECK_EQ(t, out[0].memviol, levels[i].level >= VSHARP_GFX12);
		/* The last dword of the allocation is in range. */
		memset(test_lds_bytes + 0xfc, 0x5a, 4);
		run(levels[i].level, levels[i].direct, 2u << 16 | 0xfc, 0, 0, 32, 1, 0x100, out, &err);
		CHECK_EQ(t, out[0].vdst[0], 0x5a5a5a5a);
		CHECK(t, !out[0].memviol);
	}
}

/*
 * §12.2.1: "LDS_ADDR = lds_base + param_offset + attr#*numPrimsInVector*12
 * DWORDs + prim#*12 + attr_offset (attr_offset = 0..11 : 0 = P0.x, 1 =
 * P0.Y, ... 11 = P2.W) From NewPrimMask h/w derives NumPrimInVec and
 * Prim#"; M0 = "{ 1'b0, new_prim_mask[15:1], lds_param_offset[15:0] }";
 * §16.14: lanes 0-3 of each quad get "{P0, P10, P20, 0.0}".  The guide's
 * example mask, new_prim_mask[3:0] = 0110: quad 0 primitive 0, quad 1
 * primitive 1, quads 2-7 primitive 2 (three primitives in the wave32).
 */
static void test_param_addresses(struct ktap *t)
{
	/* Attribute 1, channel y, offset 0x80 = dword 32. */
	static const uint32_t prim_of_quad[8] = { 0, 1, 2, 2, 2, 2, 2, 2 };

	fill_lds_indexes();
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[32];
		struct vsharp_error err = { "" };

		if (!CHECK_MSG(t, !run(levels[i].level, levels[i].param, 0x3u << 16 | 0x80, 1, 1, 32,
				       0xffffffffu, 0x10000, out, &err), "%s", err.msg))
			continue;
		for (unsigned l = 0; l < 32; l++) {
			uint32_t dw = 32 + 1 * 3 * 12 + prim_of_quad[l / 4] * 12 + (l % 4) * 4 + 1;
			uint32_t want = l % 4 == 3 ? 0 : 0x10000 + dw;

			CHECK_MSG(t, out[l].n_vdst == 1 && out[l].vdst[0] == want,
				  "%s lane %u: 0x%x, want 0x%x", levels[i].param, l, out[l].vdst[0], want);
		}
	}
}

/*
 * Wave64: new_prim_mask[15] is M0[30]; only quad 15 starts a second
 * primitive.  Attribute 32 (the last, "0 - 32"), channel w.
 */
static void test_param_wave64(struct ktap *t)
{
	fill_lds_indexes();
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[64];
		struct vsharp_error err = { "" };

		if (!CHECK_MSG(t, !run(levels[i].level, levels[i].param, 1u << 30 | 0x100, 32, 3, 64,
				       ~0ull, 0x10000, out, &err), "%s", err.msg))
			continue;
		for (unsigned l = 0; l < 64; l++) {
			uint32_t dw = 64 + 32 * 2 * 12 + (l >= 60) * 12 + (l % 4) * 4 + 3;
			uint32_t want = l % 4 == 3 ? 0 : 0x10000 + dw;

			CHECK_MSG(t, out[l].vdst[0] == want, "%s lane %u: 0x%x, want 0x%x",
				  levels[i].param, l, out[l].vdst[0], want);
		}
	}
}

/*
 * "LDS_PARAM_LOAD and LDS_DIRECT_LOAD use EXEC per quad"; the fourth lane
 * of an active quad still gets 0.0 and a quad with no active lane keeps
 * its VGPRs.
 */
static void test_param_exec_per_quad(struct ktap *t)
{
	fill_lds_indexes();
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[32];
		struct vsharp_error err = { "" };

		if (!CHECK_MSG(t, !run(levels[i].level, levels[i].param, 0, 0, 0, 32, 0x00000100u,
				       0x10000, out, &err), "%s", err.msg))
			continue;
		for (unsigned l = 0; l < 32; l++) {
			bool on = l / 4 == 2;

			CHECK_MSG(t, out[l].n_vdst == on, "%s lane %u: n_vdst %u", levels[i].param, l,
				  out[l].n_vdst);
		}
		/* Quad 2, one primitive: P0.x, P10.x, P20.x of attribute 0, then 0.0. */
		CHECK_EQ(t, out[8].vdst[0], 0x10000 + 0);
		CHECK_EQ(t, out[9].vdst[0], 0x10000 + 4);
		CHECK_EQ(t, out[10].vdst[0], 0x10000 + 8);
		CHECK_EQ(t, out[11].vdst[0], 0);
	}
}

/* "Attribute number: 0 - 32"; "Lds_param_offset bits [6:0] must be set to zero". */
static void test_param_refusals(struct ktap *t)
{
	for (unsigned i = 0; i < ARRAY_SIZE(levels); i++) {
		struct vsharp_ds_lane_out out[32];
		struct vsharp_error err = { "" };

		CHECK(t, run(levels[i].level, levels[i].param, 0, 33, 0, 32, 1, 0x1000, out, &err) != 0);
		CHECK_MSG(t, !strncmp(err.msg, "attr: 33 is out of range", 24), "%s", err.msg);
		CHECK(t, run(levels[i].level, levels[i].param, 0x40, 0, 0, 32, 1, 0x1000, out, &err) != 0);
		CHECK_MSG(t, !strncmp(err.msg, "m0: parameter offset", 20), "%s", err.msg);
	}
}

/* R3/R4 §15.5.1: LDSDIR on GFX11, VDSDIR on GFX12, nowhere before. */
static void test_levels(struct ktap *t)
{
	static const char *const names[] = {
		"lds_direct_load", "lds_param_load", "ds_direct_load", "ds_param_load",
	};
	struct vsharp_error err = { "" };

	for (int l = VSHARP_GFX6; l < VSHARP_GFX_COUNT; l++) {
		for (unsigned k = 0; k < ARRAY_SIZE(names); k++) {
			bool want = (l == VSHARP_GFX11 && k < 2) || (l == VSHARP_GFX12 && k >= 2);

			CHECK_MSG(t, !!vsharp_op_find(l, names[k], &err) == want, "%s on %s",
				  names[k], vsharp_gfx_name(l));
		}
	}
}

KTAP_MAIN(KTAP_CASE(test_direct_data_types), KTAP_CASE(test_direct_refusals),
	  KTAP_CASE(test_direct_exec_per_quad), KTAP_CASE(test_direct_out_of_range),
	  KTAP_CASE(test_param_addresses), KTAP_CASE(test_param_wave64),
	  KTAP_CASE(test_param_exec_per_quad), KTAP_CASE(test_param_refusals),
	  KTAP_CASE(test_levels))
