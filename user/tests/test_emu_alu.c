// SPDX-License-Identifier: MIT
/*
 * The VALU instructions libdrm 2.4.114's compute shaders use beyond the
 * probe shaders' (tests/amdgpu/shader_code_gfx9.h, _gfx10.h, _gfx11.h,
 * shader_code_hang.h), run on the emulated GPU with edge values.  Words
 * from llvm-mc-19 -show-encoding for the processor named, text beside each.
 * Expected values are computed here from the ISA guides' pseudo-code:
 *  - V_LSHL_ADD_U32 (Vega VOP3 509, RDNA1/2 838, RDNA3 582):
 *    D.u = (S0.u << S1.u[4:0]) + S2.u, so a shift of 33 shifts by 1 and the
 *    sum wraps modulo 2^32;
 *  - V_ADD_CO_U32 (Vega VOP2 25): D.u = S0.u + S1.u,
 *    VCC[lane] = (S0.u + S1.u >= 0x100000000).
 * The GFX11 program also runs s_version, s_set_inst_prefetch_distance and
 * s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) before s_endpgm.
 *
 * The scalar programs (gfx900, gfx1100) run the loop of libdrm's "Sync
 * dependency" shader (tests/amdgpu/basic_tests.c) with a bound of 100, then
 * the twelve SOPC compares and s_add_i32 on edge values, shifting each SCC
 * into s8 with s_addc_u32 s8, s8, s8 (D = 2 * s8 + SCC, no carry out):
 *  - S_CMP_*_I32 compare S0.i and S1.i, S_CMP_*_U32 S0.u and S1.u, SCC = the
 *    result (Vega ISA §12.2 SOPC, RDNA3 §16.4);
 *  - S_ADD_I32: D.i = S0.i + S1.i, SCC = signed overflow (Vega §12.1 SOP2);
 *  - S_CBRANCH_SCC0/1: if SCC is 0/1, PC = PC + signext(SIMM16 * 4) + 4.
 * The expected values come from C's own compares and __builtin_add_overflow.
 */
#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"

static const uint32_t prog_gfx900[] = {
	0x24140082,		/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xbe8200d0,		/* s_mov_b32 s2, -16 */
	0xbe8300a1,		/* s_mov_b32 s3, 33 */
	0x7e040202,		/* v_mov_b32_e32 v2, s2 */
	0xd1fd0001, 0x04080700,	/* v_lshl_add_u32 v1, v0, s3, v2 */
	0xd1fd0003, 0x040200c1,	/* v_lshl_add_u32 v3, -1, v0, v0 */
	0x32080002,		/* v_add_co_u32_e32 v4, vcc, s2, v0 */
	0x7e0a026a,		/* v_mov_b32_e32 v5, vcc_lo */
	0x7e0c026b,		/* v_mov_b32_e32 v6, vcc_hi */
	0xdc708000, 0x0000010a,	/* global_store_dword v10, v1, s[0:1] */
	0xdc708100, 0x0000030a,	/* global_store_dword v10, v3, s[0:1] offset:256 */
	0xdc708200, 0x0000040a,	/* global_store_dword v10, v4, s[0:1] offset:512 */
	0xdc708300, 0x0000050a,	/* global_store_dword v10, v5, s[0:1] offset:768 */
	0xdc708400, 0x0000060a,	/* global_store_dword v10, v6, s[0:1] offset:1024 */
	0xbf810000,		/* s_endpgm */
};

static const uint32_t prog_gfx1030[] = {
	0x34140082,		/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xbe8303a1,		/* s_mov_b32 s3, 33 */
	0xd7460001, 0x03400700,	/* v_lshl_add_u32 v1, v0, s3, -16 */
	0xd7460003, 0x040200c1,	/* v_lshl_add_u32 v3, -1, v0, v0 */
	0xd7460004, 0x03fd3f00, 0x80000000,	/* v_lshl_add_u32 v4, v0, 31, 0x80000000 */
	0xdc708000, 0x0000010a,	/* global_store_dword v10, v1, s[0:1] */
	0xdc708100, 0x0000030a,	/* global_store_dword v10, v3, s[0:1] offset:256 */
	0xdc708200, 0x0000040a,	/* global_store_dword v10, v4, s[0:1] offset:512 */
	0xbf810000,		/* s_endpgm */
};

static const uint32_t prog_gfx1100[] = {
	0xb0802006,		/* s_version UC_VERSION_GFX11|UC_VERSION_W64_BIT */
	0xbf840001,		/* s_set_inst_prefetch_distance 0x1 */
	0x30140082,		/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xbe8300a1,		/* s_mov_b32 s3, 33 */
	0xd6460001, 0x03400700,	/* v_lshl_add_u32 v1, v0, s3, -16 */
	0xd6460003, 0x040200c1,	/* v_lshl_add_u32 v3, -1, v0, v0 */
	0xd6460004, 0x03fd3f00, 0x80000000,	/* v_lshl_add_u32 v4, v0, 31, 0x80000000 */
	0xdc6a0000, 0x0000010a,	/* global_store_b32 v10, v1, s[0:1] */
	0xdc6a0100, 0x0000030a,	/* global_store_b32 v10, v3, s[0:1] offset:256 */
	0xdc6a0200, 0x0000040a,	/* global_store_b32 v10, v4, s[0:1] offset:512 */
	0xbfb60003,		/* s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) */
	0xbfb00000,		/* s_endpgm */
};

static const uint32_t scalar_gfx900[] = {
	0x24140082,		/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xbe820080,		/* s_mov_b32 s2, 0 */
	0xbf08ff02, 0x00000064,	/* s_cmp_gt_u32 s2, 0x64 */
	0xbf850004,		/* s_cbranch_scc1 4 */
	0x81028102,		/* s_add_i32 s2, s2, 1 */
	0xbf08ff02, 0x00000064,	/* s_cmp_gt_u32 s2, 0x64 */
	0xbf84fffc,		/* s_cbranch_scc0 65532 */
	0xbe8600ff, 0x80000000,	/* s_mov_b32 s6, 0x80000000 */
	0xbe870081,		/* s_mov_b32 s7, 1 */
	0xbe880080,		/* s_mov_b32 s8, 0 */
	0xbf040706,		/* s_cmp_lt_i32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0a0706,		/* s_cmp_lt_u32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0207c1,		/* s_cmp_gt_i32 -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0807c1,		/* s_cmp_gt_u32 -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf030606,		/* s_cmp_ge_i32 s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf090607,		/* s_cmp_ge_u32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf050607,		/* s_cmp_le_i32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0b0607,		/* s_cmp_le_u32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf00ff06, 0x80000000,	/* s_cmp_eq_i32 s6, 0x80000000 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf060706,		/* s_cmp_eq_u32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf010606,		/* s_cmp_lg_i32 s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0706c1,		/* s_cmp_lg_u32 -1, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810ac106,		/* s_add_i32 s10, s6, -1 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810b07ff, 0x7fffffff,	/* s_add_i32 s11, 0x7fffffff, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810c07c1,		/* s_add_i32 s12, -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810d0606,		/* s_add_i32 s13, s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810983c5,		/* s_add_i32 s9, -5, 3 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbe8e0083,		/* s_mov_b32 s14, 3 */
	0xbf060202,		/* s_cmp_eq_u32 s2, s2 */
	0xbf850001,		/* s_cbranch_scc1 1 */
	0xbe8e0087,		/* s_mov_b32 s14, 7 */
	0xbf070202,		/* s_cmp_lg_u32 s2, s2 */
	0xbf850001,		/* s_cbranch_scc1 1 */
	0x810e900e,		/* s_add_i32 s14, s14, 16 */
	0x7e020202,		/* v_mov_b32_e32 v1, s2 */
	0x7e040208,		/* v_mov_b32_e32 v2, s8 */
	0x7e060209,		/* v_mov_b32_e32 v3, s9 */
	0x7e08020a,		/* v_mov_b32_e32 v4, s10 */
	0x7e0a020b,		/* v_mov_b32_e32 v5, s11 */
	0x7e0c020c,		/* v_mov_b32_e32 v6, s12 */
	0x7e0e020d,		/* v_mov_b32_e32 v7, s13 */
	0x7e10020e,		/* v_mov_b32_e32 v8, s14 */
	0xdc708000, 0x0000010a,	/* global_store_dword v10, v1, s[0:1] */
	0xdc708100, 0x0000020a,	/* global_store_dword v10, v2, s[0:1] offset:256 */
	0xdc708200, 0x0000030a,	/* global_store_dword v10, v3, s[0:1] offset:512 */
	0xdc708300, 0x0000040a,	/* global_store_dword v10, v4, s[0:1] offset:768 */
	0xdc708400, 0x0000050a,	/* global_store_dword v10, v5, s[0:1] offset:1024 */
	0xdc708500, 0x0000060a,	/* global_store_dword v10, v6, s[0:1] offset:1280 */
	0xdc708600, 0x0000070a,	/* global_store_dword v10, v7, s[0:1] offset:1536 */
	0xdc708700, 0x0000080a,	/* global_store_dword v10, v8, s[0:1] offset:1792 */
	0xbf810000,		/* s_endpgm */
};

static const uint32_t scalar_gfx1100[] = {
	0x30140082,		/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xbe820080,		/* s_mov_b32 s2, 0 */
	0xbf08ff02, 0x00000064,	/* s_cmp_gt_u32 s2, 0x64 */
	0xbfa20004,		/* s_cbranch_scc1 4 */
	0x81028102,		/* s_add_i32 s2, s2, 1 */
	0xbf08ff02, 0x00000064,	/* s_cmp_gt_u32 s2, 0x64 */
	0xbfa1fffc,		/* s_cbranch_scc0 65532 */
	0xbe8600ff, 0x80000000,	/* s_mov_b32 s6, 0x80000000 */
	0xbe870081,		/* s_mov_b32 s7, 1 */
	0xbe880080,		/* s_mov_b32 s8, 0 */
	0xbf040706,		/* s_cmp_lt_i32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0a0706,		/* s_cmp_lt_u32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0207c1,		/* s_cmp_gt_i32 -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0807c1,		/* s_cmp_gt_u32 -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf030606,		/* s_cmp_ge_i32 s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf090607,		/* s_cmp_ge_u32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf050607,		/* s_cmp_le_i32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0b0607,		/* s_cmp_le_u32 s7, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf00ff06, 0x80000000,	/* s_cmp_eq_i32 s6, 0x80000000 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf060706,		/* s_cmp_eq_u32 s6, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf010606,		/* s_cmp_lg_i32 s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbf0706c1,		/* s_cmp_lg_u32 -1, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810ac106,		/* s_add_i32 s10, s6, -1 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810b07ff, 0x7fffffff,	/* s_add_i32 s11, 0x7fffffff, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810c07c1,		/* s_add_i32 s12, -1, s7 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810d0606,		/* s_add_i32 s13, s6, s6 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0x810983c5,		/* s_add_i32 s9, -5, 3 */
	0x82080808,		/* s_addc_u32 s8, s8, s8 */
	0xbe8e0083,		/* s_mov_b32 s14, 3 */
	0xbf060202,		/* s_cmp_eq_u32 s2, s2 */
	0xbfa20001,		/* s_cbranch_scc1 1 */
	0xbe8e0087,		/* s_mov_b32 s14, 7 */
	0xbf070202,		/* s_cmp_lg_u32 s2, s2 */
	0xbfa20001,		/* s_cbranch_scc1 1 */
	0x810e900e,		/* s_add_i32 s14, s14, 16 */
	0x7e020202,		/* v_mov_b32_e32 v1, s2 */
	0x7e040208,		/* v_mov_b32_e32 v2, s8 */
	0x7e060209,		/* v_mov_b32_e32 v3, s9 */
	0x7e08020a,		/* v_mov_b32_e32 v4, s10 */
	0x7e0a020b,		/* v_mov_b32_e32 v5, s11 */
	0x7e0c020c,		/* v_mov_b32_e32 v6, s12 */
	0x7e0e020d,		/* v_mov_b32_e32 v7, s13 */
	0x7e10020e,		/* v_mov_b32_e32 v8, s14 */
	0xdc6a0000, 0x0000010a,	/* global_store_b32 v10, v1, s[0:1] */
	0xdc6a0100, 0x0000020a,	/* global_store_b32 v10, v2, s[0:1] offset:256 */
	0xdc6a0200, 0x0000030a,	/* global_store_b32 v10, v3, s[0:1] offset:512 */
	0xdc6a0300, 0x0000040a,	/* global_store_b32 v10, v4, s[0:1] offset:768 */
	0xdc6a0400, 0x0000050a,	/* global_store_b32 v10, v5, s[0:1] offset:1024 */
	0xdc6a0500, 0x0000060a,	/* global_store_b32 v10, v6, s[0:1] offset:1280 */
	0xdc6a0600, 0x0000070a,	/* global_store_b32 v10, v7, s[0:1] offset:1536 */
	0xdc6a0700, 0x0000080a,	/* global_store_b32 v10, v8, s[0:1] offset:1792 */
	0xbfb00000,		/* s_endpgm */
};

static bool run(struct ktap *t, enum vsharp_gfx level, const uint32_t *words, size_t size,
		uint32_t *res)
{
	struct vsharp_device *dev;
	struct vsharp_bo code, out, ib;
	struct vsharp_error err = { "" };
	struct vsharp_dispatch d;
	struct vsharp_ib pm4;
	uint64_t fence;
	bool ok = false;

	if (!CHECK_MSG(t, vsharp_emu_open(level, &dev, &err) == 0, "%s", err.msg))
		return false;
	CHECK(t, dev->ops->bo_alloc(dev, size, VSHARP_BO_CODE, &code, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_DATA, &out, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	memcpy(code.cpu, words, size);
	memset(out.cpu, 0xee, 4096);
	memset(&d, 0, sizeof(d));
	d.level = level;
	d.pgm_va = code.va;
	d.vgprs = 16;
	d.sgprs = 24;
	d.user_sgprs = 2;
	d.user_data[0] = (uint32_t)out.va;
	d.user_data[1] = (uint32_t)(out.va >> 32);
	d.threads[0] = 64;
	d.threads[1] = d.threads[2] = d.groups[0] = d.groups[1] = d.groups[2] = 1;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, ib.cpu, 1024);
	CHECK(t, vsharp_pm4_preamble(&pm4, level, &err) == 0);
	CHECK(t, vsharp_pm4_dispatch(&pm4, &d, &err) == 0);
	CHECK(t, vsharp_pm4_finish(&pm4, &err) == 0);
	CHECK(t, dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) == 0);
	if (CHECK_MSG(t, dev->ops->wait(dev, fence, 1000000000ull, &err) == 0, "%s: %s",
		      vsharp_gfx_name(level), err.msg)) {
		memcpy(res, out.cpu, 4096);
		ok = true;
	}
	vsharp_device_close(dev);
	return ok;
}

/* The pseudo-code, written out for one lane. */
static uint32_t lshl_add(uint32_t s0, uint32_t s1, uint32_t s2)
{
	return (uint32_t)(((uint64_t)s0 << (s1 & 31)) + s2);
}

static void check_lshl_add(struct ktap *t, const uint32_t *res)
{
	for (uint32_t l = 0; l < 64; l++) {
		CHECK_EQ(t, res[l], lshl_add(l, 33, 0xfffffff0));
		CHECK_EQ(t, res[64 + l], lshl_add(0xffffffff, l, l));
		if (l == 1) {
			/* Spelled out once: shift 33 is 1; -1 << 1 + 1; 1 << 31 + 2^31 wraps to 0. */
			CHECK_EQ(t, res[l], 0xfffffff2);
			CHECK_EQ(t, res[64 + l], 0xffffffff);
		}
		if (l == 33)
			CHECK_EQ(t, res[64 + l], 0xfffffffe + 33);	/* shift 33 & 31 = 1 */
	}
}

static void test_gfx9(struct ktap *t)
{
	static uint32_t res[1024];

	if (!run(t, VSHARP_GFX9, prog_gfx900, sizeof(prog_gfx900), res))
		return;
	check_lshl_add(t, res);
	for (uint32_t l = 0; l < 64; l++) {
		uint64_t wide = (uint64_t)0xfffffff0 + l;

		CHECK_EQ(t, res[128 + l], (uint32_t)wide);
		CHECK_EQ(t, res[192 + l], 0xffff0000);		/* carry for lanes 16..31 */
		CHECK_EQ(t, res[256 + l], 0xffffffff);		/* and 32..63 */
	}
	CHECK_EQ(t, res[320], 0xeeeeeeee);
}

static void test_gfx10_3(struct ktap *t)
{
	static uint32_t res[1024];

	if (!run(t, VSHARP_GFX10_3, prog_gfx1030, sizeof(prog_gfx1030), res))
		return;
	check_lshl_add(t, res);
	for (uint32_t l = 0; l < 64; l++)
		CHECK_EQ(t, res[128 + l], l & 1 ? 0 : 0x80000000);
	CHECK_EQ(t, res[192], 0xeeeeeeee);
}

static void test_gfx11(struct ktap *t)
{
	static uint32_t res[1024];

	if (!run(t, VSHARP_GFX11, prog_gfx1100, sizeof(prog_gfx1100), res))
		return;
	check_lshl_add(t, res);
	for (uint32_t l = 0; l < 64; l++)
		CHECK_EQ(t, res[128 + l], lshl_add(l, 31, 0x80000000));
	CHECK_EQ(t, res[192], 0xeeeeeeee);
}

/* One compare or add of the scalar program: SCC as C computes it. */
static unsigned scc_bits(int32_t *sums)
{
	const int32_t imin = INT32_MIN, one = 1, m1 = -1;
	const uint32_t umin = 0x80000000u, uone = 1, um1 = 0xffffffffu;
	const bool scc[] = {
		imin < one, umin < uone,		/* s_cmp_lt_i32/u32 s6, s7 */
		m1 > one, um1 > uone,			/* s_cmp_gt_i32/u32 -1, s7 */
		imin >= imin, uone >= umin,		/* s_cmp_ge_i32 s6, s6; _u32 s7, s6 */
		one <= imin, uone <= umin,		/* s_cmp_le_i32/u32 s7, s6 */
		imin == (int32_t)0x80000000u, umin == uone,	/* s_cmp_eq_i32/u32 */
		imin != imin, um1 != umin,		/* s_cmp_lg_i32/u32 */
		__builtin_add_overflow(imin, m1, &sums[0]),
		__builtin_add_overflow(INT32_MAX, one, &sums[1]),
		__builtin_add_overflow(m1, one, &sums[2]),
		__builtin_add_overflow(imin, imin, &sums[3]),
		__builtin_add_overflow(-5, 3, &sums[4]),
	};
	unsigned bits = 0;

	for (size_t i = 0; i < sizeof(scc) / sizeof(scc[0]); i++)
		bits = bits << 1 | scc[i];
	return bits;
}

static void check_scalar(struct ktap *t, enum vsharp_gfx level, const uint32_t *words, size_t size)
{
	static uint32_t res[1024];
	int32_t sums[5];
	unsigned bits = scc_bits(sums);

	if (!run(t, level, words, size, res))
		return;
	/* Spelled out once: lt_i32 1, lt_u32 0, gt 0 1, ge 1 0, le 0 1, eq 1 0, lg 0 1; adds 1 1 0 1 0. */
	CHECK_EQ(t, bits, 0x1333au);	/* 1 0 0 1 1 0 0 1 1 0 0 1, 1 1 0 1 0 */
	for (uint32_t l = 0; l < 64; l++) {
		CHECK_EQ(t, res[l], 101);			/* the loop ends when s2 > 100 */
		CHECK_EQ(t, res[64 + l], bits);
		CHECK_EQ(t, res[128 + l], (uint32_t)sums[4]);	/* s9 = -5 + 3 */
		CHECK_EQ(t, res[192 + l], (uint32_t)sums[0]);	/* s10 = INT_MIN - 1 */
		CHECK_EQ(t, res[256 + l], (uint32_t)sums[1]);	/* s11 = INT_MAX + 1 */
		CHECK_EQ(t, res[320 + l], (uint32_t)sums[2]);	/* s12 = -1 + 1 */
		CHECK_EQ(t, res[384 + l], (uint32_t)sums[3]);	/* s13 = INT_MIN + INT_MIN */
		CHECK_EQ(t, res[448 + l], 3 + 16);		/* scc1 taken skips the 7, then not taken */
	}
	CHECK_EQ(t, res[512], 0xeeeeeeee);
}

static void test_scalar_gfx9(struct ktap *t)
{
	check_scalar(t, VSHARP_GFX9, scalar_gfx900, sizeof(scalar_gfx900));
}

static void test_scalar_gfx11(struct ktap *t)
{
	check_scalar(t, VSHARP_GFX11, scalar_gfx1100, sizeof(scalar_gfx1100));
}

KTAP_MAIN(KTAP_CASE(test_gfx9), KTAP_CASE(test_gfx10_3), KTAP_CASE(test_gfx11),
	  KTAP_CASE(test_scalar_gfx9), KTAP_CASE(test_scalar_gfx11))
