// SPDX-License-Identifier: MIT
/*
 * The rows of emu/alu.c one by one: each instruction's result for edge
 * values, the expected value computed here from the ISA guides' pseudo-code
 * (Vega ISA §12 opcode tables, RDNA3 ISA §16) with C's own arithmetic, never
 * from the emulator's output.  The MODE register's rounding and denormal
 * handling and the modifiers run through the shader core: test_emu_alu.c.
 */
#include <math.h>
#include <string.h>

#include "base/float_bits.h"
#include "emu/alu.h"
#include "ktap.h"


/* Runs NAME on A, B, C with carry/SCC in CIN and MODE; the result, and the carry/SCC out in *COUT. */
static uint64_t op(struct ktap *t, const char *name, uint64_t a, uint64_t b, uint64_t c, bool cin,
		   uint32_t mode, bool *cout)
{
	const struct emu_alu *r = emu_alu_find(name);
	struct emu_alu_args x = { .s = { a, b, c }, .cin = cin, .mode = mode, .lane = 5 };
	uint64_t d;

	if (!CHECK_MSG(t, r && r->fn, "%s has no row", name))
		return 0;
	x.arg = r->arg;
	d = r->fn(&x);
	if (cout)
		*cout = x.cout;
	return d;
}

#define OP(name, a, b, c) op(t, name, a, b, c, false, 0, NULL)

static void test_names(struct ktap *t)
{
	/* _e32/_e64 suffixes name the same row; GFX11's renames are rows too. */
	CHECK(t, emu_alu_find("v_add_f32_e64") == emu_alu_find("v_add_f32"));
	CHECK(t, emu_alu_find("v_cmp_gt_u32_e32") == emu_alu_find("v_cmp_gt_u32"));
	CHECK(t, emu_alu_find("s_ctz_i32_b32") && emu_alu_find("s_and_not1_saveexec_b64"));
	CHECK(t, emu_alu_find("v_cubeid_f32") == NULL);
	CHECK(t, emu_alu_find("v_add_f16") == NULL);
}

static void test_scalar(struct ktap *t)
{
	bool scc;

	/* S_SUB_U32: SCC = borrow; S_SUBB_U32 subtracts SCC too. */
	CHECK_EQ(t, op(t, "s_sub_u32", 1, 2, 0, false, 0, &scc), 0xffffffffu);
	CHECK(t, scc);
	CHECK_EQ(t, op(t, "s_subb_u32", 5, 5, 0, true, 0, &scc), 0xffffffffu);
	CHECK(t, scc);
	/* S_SUB_I32: SCC = signed overflow. */
	op(t, "s_sub_i32", 0x80000000u, 1, 0, false, 0, &scc);
	CHECK(t, scc);
	/* S_MIN_I32: SCC = (S0 < S1) signed. */
	CHECK_EQ(t, op(t, "s_min_i32", 0xffffffffu, 1, 0, false, 0, &scc), 0xffffffffu);
	CHECK(t, scc);
	CHECK_EQ(t, op(t, "s_max_u32", 0xffffffffu, 1, 0, false, 0, &scc), 0xffffffffu);
	CHECK(t, scc);
	/* S_BFE_I32: offset S1[4:0], width S1[22:16], sign-extended. */
	CHECK_EQ(t, op(t, "s_bfe_i32", 0x00000f00u, 8 | 4 << 16, 0, false, 0, &scc), 0xffffffffu);
	CHECK(t, scc);
	CHECK_EQ(t, OP("s_bfe_u32", 0x00000f00u, 8 | 4 << 16, 0), 0xf);
	CHECK_EQ(t, OP("s_bfe_u64", 0xf000000000000000ull, 60 | 4 << 16, 0), 0xf);
	CHECK_EQ(t, OP("s_bfe_i64", 0x8000000000ull, 36 | 4 << 16, 0), (uint64_t)-8);	/* field 0b1000 */
	/* S_FF1/S_FLBIT: -1 when no bit is found (Vega SOP1 16-20 examples). */
	CHECK_EQ(t, OP("s_ff1_i32_b32", 0xaaaaaaaa, 0, 0), 1);
	CHECK_EQ(t, OP("s_ff1_i32_b32", 0, 0, 0), 0xffffffffu);
	CHECK_EQ(t, OP("s_ff1_i32_b64", 1ull << 40, 0, 0), 40);
	CHECK_EQ(t, OP("s_flbit_i32_b32", 0x0000cccc, 0, 0), 16);
	CHECK_EQ(t, OP("s_flbit_i32", 0xffff0000u, 0, 0), 16);
	CHECK_EQ(t, OP("s_flbit_i32", 0xffffffffu, 0, 0), 0xffffffffu);
	CHECK_EQ(t, OP("s_bcnt1_i32_b64", 0xcccccccccccccccc, 0, 0), 32);
	CHECK_EQ(t, OP("s_brev_b32", 1, 0, 0), 0x80000000u);
	/* S_ABSDIFF_I32 examples of the Vega guide. */
	CHECK_EQ(t, OP("s_absdiff_i32", 2, 5, 0), 3);
	CHECK_EQ(t, OP("s_absdiff_i32", 0xffffffffu, 0, 0), 1);
	CHECK_EQ(t, OP("s_absdiff_i32", 0x80000000u, 0, 0), 0x80000000u);
	/* S_LSHL2_ADD_U32: SCC = the carry out of 32 bits. */
	CHECK_EQ(t, op(t, "s_lshl2_add_u32", 0x40000000u, 1, 0, false, 0, &scc), 1);
	CHECK(t, scc);
	CHECK_EQ(t, OP("s_bfm_b32", 4, 8, 0), 0xf00);
	CHECK_EQ(t, OP("s_pack_lh_b32_b16", 0x1234, 0xabcd0000u, 0), 0xabcd1234u);
	CHECK_EQ(t, OP("s_mul_hi_i32", 0xffffffffu, 0xffffffffu, 0), 0);
	/* SOPK: S0 is SIMM16, S1 the register. */
	CHECK_EQ(t, OP("s_movk_i32", 0x8000, 0, 0), 0xffff8000u);
	op(t, "s_cmpk_lt_i32", 0xffff, 0xfffffffeu, 0, false, 0, &scc);	/* -2 < -1 */
	CHECK(t, scc);
	op(t, "s_cmpk_lt_u32", 0xffff, 0xfffffffeu, 0, false, 0, &scc);	/* 0xfffffffe < 0xffff: no */
	CHECK(t, !scc);
	CHECK_EQ(t, op(t, "s_addk_i32", 0xffff, 0x80000000u, 0, false, 0, &scc), 0x7fffffffu);
	CHECK(t, scc);
	/* Bit compares and the 64-bit compares write only SCC. */
	op(t, "s_bitcmp1_b64", 1ull << 63, 63, 0, false, 0, &scc);
	CHECK(t, scc);
	op(t, "s_cmp_lg_u64", 1ull << 32, 0, 0, false, 0, &scc);
	CHECK(t, scc);
	/* The saveexec operations: the new EXEC from S0 and EXEC (S1). */
	CHECK_EQ(t, OP("s_andn2_saveexec_b64", 0xff, 0x0f, 0), 0xf0);
	CHECK_EQ(t, OP("s_and_not0_saveexec_b32", 0xff, 0x0f0f, 0) & 0xffffffffu, 0x0f00);
	CHECK_EQ(t, op(t, "s_cselect_b64", 1, 2, 0, true, 0, NULL), 1);
}

static void test_vector_int(struct ktap *t)
{
	bool c;

	/* V_ADD_CO/V_ADDC_CO/V_SUB_CO/V_SUBB_CO: the carry or borrow (Vega VOP2 25-30). */
	CHECK_EQ(t, op(t, "v_add_co_u32", 0xffffffffu, 1, 0, false, 0, &c), 0);
	CHECK(t, c);
	CHECK_EQ(t, op(t, "v_addc_co_u32", 0xffffffffu, 0, 0, true, 0, &c), 0);
	CHECK(t, c);
	CHECK_EQ(t, op(t, "v_sub_co_u32", 0, 1, 0, false, 0, &c), 0xffffffffu);
	CHECK(t, c);
	CHECK_EQ(t, op(t, "v_subb_co_u32", 1, 1, 0, true, 0, &c), 0xffffffffu);
	CHECK(t, c);
	CHECK_EQ(t, op(t, "v_subrev_co_ci_u32", 1, 0, 0, true, 0, &c), 0xfffffffeu);
	CHECK(t, c);
	/* V_MAD_U64_U32: {carry, D} = S0 * S1 + S2.u64. */
	CHECK_EQ(t, op(t, "v_mad_u64_u32", 0xffffffffu, 0xffffffffu, 0xffffffffffffffffull, false, 0, &c),
		 0xfffffffe00000000ull);
	CHECK(t, c);
	CHECK_EQ(t, op(t, "v_mad_i64_i32", 0xffffffffu, 2, 5, false, 0, &c), 3);
	CHECK(t, !c);
	/* 24-bit multiplies: bits 23:0, signed for _i24. */
	CHECK_EQ(t, OP("v_mul_u32_u24", 0xff000002u, 3, 0), 6);
	CHECK_EQ(t, OP("v_mul_i32_i24", 0x00ffffffu, 3, 0), 0xfffffffdu);
	CHECK_EQ(t, OP("v_mul_hi_u32_u24", 0xffffff, 0xffffff, 0), (0xffffffull * 0xffffff) >> 32);
	CHECK_EQ(t, OP("v_mad_u32_u24", 0x01000003u, 5, 7), 22);
	CHECK_EQ(t, OP("v_mul_hi_i32", 0x80000000u, 2, 0), 0xffffffffu);
	/* V_BFE_I32 sign-extends the field (RDNA3 VOP3 529); width S2[4:0]. */
	CHECK_EQ(t, OP("v_bfe_i32", 0xf0, 4, 4), 0xffffffffu);
	CHECK_EQ(t, OP("v_bfe_u32", 0xf0, 4, 4), 0xf);
	CHECK_EQ(t, OP("v_bfe_u32", 0xf0, 4, 32), 0);
	CHECK_EQ(t, OP("v_bfi_b32", 0xff00ff00u, 0x12345678u, 0x9abcdef0u), 0x12bc56f0u);
	CHECK_EQ(t, OP("v_alignbit_b32", 0x12345678u, 0x9abcdef0u, 8), 0x789abcdeu);
	CHECK_EQ(t, OP("v_alignbyte_b32", 0x12345678u, 0x9abcdef0u, 1), 0x789abcdeu);
	/* V_PERM_B32 selectors: 12 is 0x00, 13+ 0xff, 8-11 a sign byte. */
	CHECK_EQ(t, OP("v_perm_b32", 0x80000000u, 0x00000001u, 0x0c0d0b00u), 0x00ffff01u);
	CHECK_EQ(t, OP("v_med3_i32", 0xffffffffu, 5, 2), 2);
	CHECK_EQ(t, OP("v_med3_u32", 0xffffffffu, 5, 2), 5);
	CHECK_EQ(t, OP("v_min3_i32", 3, 0x80000000u, 1), 0x80000000u);
	/* V_MBCNT_LO/HI at lane 5: the bits of S0 below lane 5, plus S1. */
	CHECK_EQ(t, OP("v_mbcnt_lo_u32_b32", 0xffffffffu, 10, 0), 15);
	CHECK_EQ(t, OP("v_mbcnt_hi_u32_b32", 0xffffffffu, 10, 0), 10);
	CHECK_EQ(t, OP("v_ffbh_u32", 0x100000ff, 0, 0), 3);
	CHECK_EQ(t, OP("v_ffbh_u32", 0, 0, 0), 0xffffffffu);
	CHECK_EQ(t, OP("v_ffbl_b32", 0x100, 0, 0), 8);
	CHECK_EQ(t, OP("v_ashrrev_i64", 4, 0x8000000000000000ull, 0), 0xf800000000000000ull);
	CHECK_EQ(t, OP("v_lshlrev_b64", 65, 1, 0), 2);	/* S0[5:0] */
	CHECK_EQ(t, op(t, "v_cndmask_b32", 1, 2, 0, true, 0, NULL), 2);
}

static void test_compare(struct ktap *t)
{
	float nan = nanf("");
	bool c;

	op(t, "v_cmp_lt_i32", 0xffffffffu, 0, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_lt_u32", 0xffffffffu, 0, 0, false, 0, &c);
	CHECK(t, !c);
	op(t, "v_cmp_ne_u64", 1ull << 32, 0, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmpx_ge_i64", 0, 0x8000000000000000ull, 0, false, 0, &c);
	CHECK(t, c);
	/* Ordered compares are false with a NaN, their N* complements true. */
	op(t, "v_cmp_lt_f32", f32_to_bits(nan), f32_to_bits(1), 0, false, 0, &c);
	CHECK(t, !c);
	op(t, "v_cmp_nge_f32", f32_to_bits(nan), f32_to_bits(1), 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_u_f64", f64_to_bits(1), f64_to_bits(nan), 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_lg_f32", f32_to_bits(-0.0f), f32_to_bits(0.0f), 0, false, 0, &c);
	CHECK(t, !c);	/* -0 == +0 */
	op(t, "v_cmp_neq_f32", f32_to_bits(nan), f32_to_bits(nan), 0, false, 0, &c);
	CHECK(t, c);
	/* V_CMP_CLASS: bit 1 quiet NaN, 0 signaling, 5 -0, 4 -denormal, 9 +inf. */
	op(t, "v_cmp_class_f32", 0x7fc00000u, 1 << 1, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_class_f32", 0x7f800001u, 1 << 0, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_class_f32", 0x80000000u, 1 << 5, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_class_f32", 0x80000001u, 1 << 4, 0, false, 0, &c);
	CHECK(t, c);
	op(t, "v_cmp_class_f64", f64_to_bits(INFINITY), 1 << 9, 0, false, 0, &c);
	CHECK(t, c);
}

static void test_float(struct ktap *t)
{
	const uint32_t ieee = 1u << 9, snan = 0x7f800001u, qnan = 0x7fc00000u;

	/* V_MIN/MAX_F32 (RDNA3 VOP2 15/16): -0 < +0; IEEE quietens a signaling NaN, a quiet NaN loses. */
	CHECK_EQ(t, OP("v_min_f32", f32_to_bits(0.0f), f32_to_bits(-0.0f), 0), f32_to_bits(-0.0f));
	CHECK_EQ(t, OP("v_max_f32", f32_to_bits(-0.0f), f32_to_bits(0.0f), 0), f32_to_bits(0.0f));
	CHECK_EQ(t, op(t, "v_min_f32", snan, f32_to_bits(1), 0, false, ieee, NULL), snan | 0x400000);
	CHECK_EQ(t, op(t, "v_min_f32", snan, f32_to_bits(1), 0, false, 0, NULL), f32_to_bits(1));
	CHECK_EQ(t, op(t, "v_max_f32", f32_to_bits(2), qnan, 0, false, ieee, NULL), f32_to_bits(2));
	CHECK_EQ(t, OP("v_med3_f32", f32_to_bits(3), f32_to_bits(1), f32_to_bits(2)), f32_to_bits(2));
	CHECK_EQ(t, OP("v_med3_f32", f32_to_bits(3), qnan, f32_to_bits(2)), f32_to_bits(2));	/* a NaN: V_MIN3_F32 */
	CHECK_EQ(t, OP("v_max3_f32", f32_to_bits(3), f32_to_bits(-1), f32_to_bits(7)), f32_to_bits(7));
	/* FMA rounds once, MAD twice: (1 + 2^-23)^2 - 1 keeps 2^-46 in FMA only. */
	CHECK_EQ(t, OP("v_fma_f32", f32_to_bits(1 + 0x1p-23f), f32_to_bits(1 + 0x1p-23f), f32_to_bits(-1 - 0x1p-22f)), f32_to_bits(0x1p-46f));
	CHECK_EQ(t, OP("v_mad_f32", f32_to_bits(1 + 0x1p-23f), f32_to_bits(1 + 0x1p-23f), f32_to_bits(-1 - 0x1p-22f)), 0);
	CHECK_EQ(t, OP("v_fma_f64", f64_to_bits(0.5), f64_to_bits(4), f64_to_bits(1)), f64_to_bits(3));
	CHECK_EQ(t, OP("v_ldexp_f32", f32_to_bits(3), (uint32_t)-1, 0), f32_to_bits(1.5f));
	/* Float to integer: toward zero, saturating, NaN is 0 (Vega VOP1 7-8). */
	CHECK_EQ(t, OP("v_cvt_i32_f32", f32_to_bits(-1.75f), 0, 0), (uint32_t)-1);
	CHECK_EQ(t, OP("v_cvt_i32_f32", f32_to_bits(3e9f), 0, 0), 0x7fffffffu);
	CHECK_EQ(t, OP("v_cvt_i32_f32", f32_to_bits(-INFINITY), 0, 0), 0x80000000u);
	CHECK_EQ(t, OP("v_cvt_u32_f32", f32_to_bits(-5), 0, 0), 0);
	CHECK_EQ(t, OP("v_cvt_u32_f32", qnan, 0, 0), 0);
	CHECK_EQ(t, OP("v_cvt_u32_f32", f32_to_bits(5e9f), 0, 0), 0xffffffffu);
	CHECK_EQ(t, OP("v_cvt_flr_i32_f32", f32_to_bits(-1.25f), 0, 0), (uint32_t)-2);
	CHECK_EQ(t, OP("v_cvt_rpi_i32_f32", f32_to_bits(-1.5f), 0, 0), (uint32_t)-1);	/* floor(x + 0.5) */
	CHECK_EQ(t, OP("v_cvt_f32_ubyte2", 0x00ab0000u, 0, 0), f32_to_bits(171));
	CHECK_EQ(t, OP("v_cvt_f64_u32", 0xffffffffu, 0, 0), f64_to_bits(4294967295.0));
	/* V_RNDNE_F32: ties to even. */
	CHECK_EQ(t, OP("v_rndne_f32", f32_to_bits(2.5f), 0, 0), f32_to_bits(2));
	CHECK_EQ(t, OP("v_rndne_f32", f32_to_bits(3.5f), 0, 0), f32_to_bits(4));
	CHECK_EQ(t, OP("v_rndne_f32", f32_to_bits(-0.5f), 0, 0), f32_to_bits(-0.0f));
	CHECK_EQ(t, OP("v_fract_f32", f32_to_bits(-1.25f), 0, 0), f32_to_bits(0.75f));
	CHECK_EQ(t, OP("v_trunc_f32", f32_to_bits(-1.75f), 0, 0), f32_to_bits(-1));
	CHECK_EQ(t, OP("v_sqrt_f32", f32_to_bits(4), 0, 0), f32_to_bits(2));
	CHECK_EQ(t, OP("v_rcp_f32", f32_to_bits(0), 0, 0), f32_to_bits(INFINITY));
	/* Inline float constants 240-248 (Vega ISA §5.2). */
	CHECK_EQ(t, emu_fconst32(242), f32_to_bits(1.0f));
	CHECK_EQ(t, emu_fconst32(247), f32_to_bits(-4.0f));
	CHECK_EQ(t, emu_fconst64(240), f64_to_bits(0.5));
	CHECK_EQ(t, emu_fconst32(248), f32_to_bits((float)(0.5 / acos(-1.0))));
}

/* DPP16 source lanes (Vega ISA §13.3.9 Table 81; RDNA3 dpp_ctrl). */
static void test_dpp(struct ktap *t)
{
	CHECK_EQ(t, emu_dpp_lane(0x1b, 5, 64, false), 6);	/* quad_perm:[3,2,1,0]: lane 1 of the quad reads 2 */
	CHECK_EQ(t, emu_dpp_lane(0x111, 16, 64, false), -1);	/* row_shr:1 at a row's first lane */
	CHECK_EQ(t, emu_dpp_lane(0x111, 17, 64, false), 16);
	CHECK_EQ(t, emu_dpp_lane(0x10f, 0, 64, false), 15);	/* row_shl:15 */
	CHECK_EQ(t, emu_dpp_lane(0x10f, 1, 64, false), -1);
	CHECK_EQ(t, emu_dpp_lane(0x121, 16, 64, false), 31);	/* row_ror:1 */
	CHECK_EQ(t, emu_dpp_lane(0x140, 17, 64, false), 30);	/* row_mirror */
	CHECK_EQ(t, emu_dpp_lane(0x141, 17, 64, false), 22);	/* row_half_mirror */
	CHECK_EQ(t, emu_dpp_lane(0x142, 40, 64, false), 31);	/* row_bcast:15 */
	CHECK_EQ(t, emu_dpp_lane(0x143, 40, 64, false), 31);	/* row_bcast:31 */
	CHECK_EQ(t, emu_dpp_lane(0x143, 20, 64, false), -1);
	CHECK_EQ(t, emu_dpp_lane(0x138, 0, 64, false), -1);	/* wave_shr:1 */
	CHECK_EQ(t, emu_dpp_lane(0x13c, 0, 64, false), 63);	/* wave_ror:1 */
	CHECK_EQ(t, emu_dpp_lane(0x142, 40, 64, true), -2);	/* no row_bcast on GFX10+ */
	CHECK_EQ(t, emu_dpp_lane(0x153, 40, 64, true), 35);	/* row_share:3 */
	CHECK_EQ(t, emu_dpp_lane(0x165, 40, 64, true), 45);	/* row_xmask:5 */
	CHECK_EQ(t, emu_dpp_lane(0x150, 40, 64, false), -2);
}

KTAP_MAIN(KTAP_CASE(test_names), KTAP_CASE(test_scalar), KTAP_CASE(test_vector_int),
	  KTAP_CASE(test_compare), KTAP_CASE(test_float), KTAP_CASE(test_dpp))
