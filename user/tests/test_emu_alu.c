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
#include <math.h>

#include "base/float_bits.h"
#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"
#include "vsharp/rules.h"

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

/*
 * What LLVM and ACO emit for a bounds-checked SSBO store, a select, float
 * arithmetic, scalar bit operations, an LDS reduction with an atomic and
 * the MODE register (Documentation/emulator.rst, "Compiler ISA"); the
 * expected values are computed below from the ISA pseudo-code.  Regions of
 * 64 dwords: 0 lanes < 40 store 3 * lane + 7 through a 64-bit address
 * (v_add_co/v_addc_co), 256 odd lanes 9 else 5, 512 the fraction of
 * lane * 0.5 - 1 (truncated toward zero), 768 scalar results written
 * into lanes 0-8 by v_writelane, 1024 the LDS sum of lane + 1, 1280
 * v_cmpx/exec restore and an f32 denormal flushed (lanes 0-31) or kept
 * after s_setreg of MODE.FP_DENORM (lanes 32-63), 1536 DPP quad_perm:[1,0,3,2]
 * of the lane, 1792 DPP row_shr:3 with BANK_MASK 0xc (the other lanes keep
 * 0x63), 2048 ACO's subgroup minimum of lane ^ 42 (DPP row operations, then
 * row_bcast on GFX9, v_permlanex16 and v_readlane after).
 */
static const uint32_t compiler_gfx900[] = {
	0xd28c0001, 0x000100c1,	/* v_mbcnt_lo_u32_b32 v1, -1, 0 */
	0xd28d0001, 0x000202c1,	/* v_mbcnt_hi_u32_b32 v1, -1, v1 */
	0x7d9802a8,	/* v_cmp_gt_u32_e32 vcc, 40, v1 */
	0xbe82206a,	/* s_and_saveexec_b64 s[2:3], vcc */
	0xbf880008,	/* s_cbranch_execz 8 */
	0xd1c30002, 0x021d0701,	/* v_mad_u32_u24 v2, v1, 3, 7 */
	0x24060282,	/* v_lshlrev_b32_e32 v3, 2, v1 */
	0x7e0a0201,	/* v_mov_b32_e32 v5, s1 */
	0x32080600,	/* v_add_co_u32_e32 v4, vcc, s0, v3 */
	0x380a0a80,	/* v_addc_co_u32_e32 v5, vcc, 0, v5, vcc */
	0xdc708000, 0x007f0204,	/* global_store_dword v[4:5], v2, off */
	0x87fe027e,	/* s_or_b64 exec, exec, s[2:3] */
	0x24140282,	/* v_lshlrev_b32_e32 v10, 2, v1 */
	0x260c0281,	/* v_and_b32_e32 v6, 1, v1 */
	0xd0ca0004, 0x00020c81,	/* v_cmp_eq_u32_e64 s[4:5], 1, v6 */
	0xd1000006, 0x00111285,	/* v_cndmask_b32_e64 v6, 5, 9, s[4:5] */
	0xdc708100, 0x0000060a,	/* global_store_dword v10, v6, s[0:1] offset:256 */
	0x7e0e0d01,	/* v_cvt_f32_u32_e32 v7, v1 */
	0xd1cb0007, 0x03cde107,	/* v_fma_f32 v7, v7, 0.5, -1.0 */
	0x7e101107,	/* v_cvt_i32_f32_e32 v8, v7 */
	0x7e100b08,	/* v_cvt_f32_i32_e32 v8, v8 */
	0x040e1107,	/* v_sub_f32_e32 v7, v7, v8 */
	0xdc708200, 0x0000070a,	/* global_store_dword v10, v7, s[0:1] offset:512 */
	0xbe8600ff, 0x12345678,	/* s_mov_b32 s6, 0x12345678 */
	0x9287ff06, 0x00080004,	/* s_bfe_u32 s7, s6, 0x80004 */
	0x97888306,	/* s_lshl2_add_u32 s8, s6, 3 */
	0x8309c106,	/* s_min_i32 s9, s6, -1 */
	0x8509ff09, 0x0000004d,	/* s_cselect_b32 s9, s9, 0x4d */
	0xbe8a0d7e,	/* s_bcnt1_i32_b64 s10, exec */
	0xbe8b10ff, 0x00000100,	/* s_ff1_i32_b32 s11, 0x100 */
	0xbe8c1281,	/* s_flbit_i32_b32 s12, 1 */
	0xb00d8000,	/* s_movk_i32 s13, 0x8000 */
	0xb48d8000,	/* s_cmpk_lg_u32 s13, 0x8000 */
	0x850e8281,	/* s_cselect_b32 s14, 1, 2 */
	0x7e120280,	/* v_mov_b32_e32 v9, 0 */
	0xd28a0009, 0x00010007,	/* v_writelane_b32 v9, s7, 0 */
	0xd28a0009, 0x00010208,	/* v_writelane_b32 v9, s8, 1 */
	0xd28a0009, 0x00010409,	/* v_writelane_b32 v9, s9, 2 */
	0xd28a0009, 0x0001060a,	/* v_writelane_b32 v9, s10, 3 */
	0xd28a0009, 0x0001080b,	/* v_writelane_b32 v9, s11, 4 */
	0xd28a0009, 0x00010a0c,	/* v_writelane_b32 v9, s12, 5 */
	0xd28a0009, 0x00010c0d,	/* v_writelane_b32 v9, s13, 6 */
	0xd28a0009, 0x00010e0e,	/* v_writelane_b32 v9, s14, 7 */
	0xd289000f, 0x00010b01,	/* v_readlane_b32 s15, v1, 5 */
	0x800fff0f, 0x00000064,	/* s_add_u32 s15, s15, 0x64 */
	0xd28a0009, 0x0001100f,	/* v_writelane_b32 v9, s15, 8 */
	0xdc708300, 0x0000090a,	/* global_store_dword v10, v9, s[0:1] offset:768 */
	0xbefc00c1,	/* s_mov_b32 m0, -1 */
	0x7e160280,	/* v_mov_b32_e32 v11, 0 */
	0x68180281,	/* v_add_u32_e32 v12, 1, v1 */
	0xd81a0000, 0x00000b0b,	/* ds_write_b32 v11, v11 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xd8000000, 0x00000c0b,	/* ds_add_u32 v11, v12 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xd86c0000, 0x0d00000b,	/* ds_read_b32 v13, v11 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xbf8a0000,	/* s_barrier */
	0xdc708400, 0x00000d0a,	/* global_store_dword v10, v13, s[0:1] offset:1024 */
	0x7e1c02ff, 0x00000044,	/* v_mov_b32_e32 v14, 0x44 */
	0x7e2202ff, 0x00000066,	/* v_mov_b32_e32 v17, 0x66 */
	0xbe82017e,	/* s_mov_b64 s[2:3], exec */
	0x7db202bc,	/* v_cmpx_lt_u32_e32 vcc, 60, v1 */
	0x7e1c02ff, 0x00000055,	/* v_mov_b32_e32 v14, 0x55 */
	0xbefe0102,	/* s_mov_b64 exec, s[2:3] */
	0x7d9a02bf,	/* v_cmp_ne_u32_e32 vcc, 63, v1 */
	0x001c1d11,	/* v_cndmask_b32_e32 v14, v17, v14, vcc */
	0x021e1681,	/* v_add_f32_e32 v15, 1, v11 */
	0xba000901, 0x00000003,	/* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3 */
	0xbf800001,	/* s_nop 1 */
	0x02201681,	/* v_add_f32_e32 v16, 1, v11 */
	0x7d92029f,	/* v_cmp_lt_u32_e32 vcc, 31, v1 */
	0x001e210f,	/* v_cndmask_b32_e32 v15, v15, v16, vcc */
	0xd200000e, 0x0439110f,	/* v_lshl_or_b32 v14, v15, 8, v14 */
	0xdc708500, 0x00000e0a,	/* global_store_dword v10, v14, s[0:1] offset:1280 */
	0x7e2402fa, 0xff00b101,	/* v_mov_b32_dpp v18, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xdc708600, 0x0000120a,	/* global_store_dword v10, v18, s[0:1] offset:1536 */
	0x7e2602ff, 0x00000063,	/* v_mov_b32_e32 v19, 0x63 */
	0xbf800001,	/* s_nop 1 */
	0x7e2602fa, 0xfc011301,	/* v_mov_b32_dpp v19, v1 row_shr:3 row_mask:0xf bank_mask:0xc */
	0xdc708700, 0x0000130a,	/* global_store_dword v10, v19, s[0:1] offset:1792 */
	0x2a2802aa,	/* v_xor_b32_e32 v20, 42, v1 */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xff00b114,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xff004e14,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xff014114,	/* v_min_u32_dpp v20, v20, v20 row_half_mirror row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xff014014,	/* v_min_u32_dpp v20, v20, v20 row_mirror row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xaf014214,	/* v_min_u32_dpp v20, v20, v20 row_bcast:15 row_mask:0xa bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x1c2828fa, 0xcf014314,	/* v_min_u32_dpp v20, v20, v20 row_bcast:31 row_mask:0xc bank_mask:0xf */
	0xbf800004,	/* s_nop 4 */
	0xd2890010, 0x00017f14,	/* v_readlane_b32 s16, v20, 63 */
	0x7e2c0210,	/* v_mov_b32_e32 v22, s16 */
	0x682e14ff, 0x00000800,	/* v_add_u32_e32 v23, 0x800, v10 */
	0xdc708000, 0x00001617,	/* global_store_dword v23, v22, s[0:1] */
	0xbf810000,	/* s_endpgm */
};

/* The same for gfx1030 and gfx1100 in wave64, s_denorm_mode on gfx1030. */
static const uint32_t compiler_gfx1030[] = {
	0xd7650001, 0x000100c1,	/* v_mbcnt_lo_u32_b32 v1, -1, 0 */
	0xd7660001, 0x000202c1,	/* v_mbcnt_hi_u32_b32 v1, -1, v1 */
	0x7d8802a8,	/* v_cmp_gt_u32_e32 vcc, 40, v1 */
	0xbe82246a,	/* s_and_saveexec_b64 s[2:3], vcc */
	0xbf880009,	/* s_cbranch_execz 9 */
	0xd5430002, 0x021d0701,	/* v_mad_u32_u24 v2, v1, 3, 7 */
	0x34060282,	/* v_lshlrev_b32_e32 v3, 2, v1 */
	0x7e0a0201,	/* v_mov_b32_e32 v5, s1 */
	0xd70f6a04, 0x00020600,	/* v_add_co_u32 v4, vcc, s0, v3 */
	0x500a0a80,	/* v_add_co_ci_u32_e32 v5, vcc, 0, v5, vcc */
	0xdc708000, 0x007d0204,	/* global_store_dword v[4:5], v2, off */
	0x88fe027e,	/* s_or_b64 exec, exec, s[2:3] */
	0x34140282,	/* v_lshlrev_b32_e32 v10, 2, v1 */
	0x360c0281,	/* v_and_b32_e32 v6, 1, v1 */
	0xd4c20004, 0x00020c81,	/* v_cmp_eq_u32_e64 s[4:5], 1, v6 */
	0xd5010006, 0x00111285,	/* v_cndmask_b32_e64 v6, 5, 9, s[4:5] */
	0xdc708100, 0x0000060a,	/* global_store_dword v10, v6, s[0:1] offset:256 */
	0x7e0e0d01,	/* v_cvt_f32_u32_e32 v7, v1 */
	0xd54b0007, 0x03cde107,	/* v_fma_f32 v7, v7, 0.5, -1.0 */
	0x7e101107,	/* v_cvt_i32_f32_e32 v8, v7 */
	0x7e100b08,	/* v_cvt_f32_i32_e32 v8, v8 */
	0x080e1107,	/* v_sub_f32_e32 v7, v7, v8 */
	0xdc708200, 0x0000070a,	/* global_store_dword v10, v7, s[0:1] offset:512 */
	0xbe8603ff, 0x12345678,	/* s_mov_b32 s6, 0x12345678 */
	0x9387ff06, 0x00080004,	/* s_bfe_u32 s7, s6, 0x80004 */
	0x97888306,	/* s_lshl2_add_u32 s8, s6, 3 */
	0x8309c106,	/* s_min_i32 s9, s6, -1 */
	0x8509ff09, 0x0000004d,	/* s_cselect_b32 s9, s9, 0x4d */
	0xbe8a107e,	/* s_bcnt1_i32_b64 s10, exec */
	0xbe8b13ff, 0x00000100,	/* s_ff1_i32_b32 s11, 0x100 */
	0xbe8c1581,	/* s_flbit_i32_b32 s12, 1 */
	0xb00d8000,	/* s_movk_i32 s13, 0x8000 */
	0xb50d8000,	/* s_cmpk_lg_u32 s13, 0x8000 */
	0x850e8281,	/* s_cselect_b32 s14, 1, 2 */
	0x7e120280,	/* v_mov_b32_e32 v9, 0 */
	0xd7610009, 0x00010007,	/* v_writelane_b32 v9, s7, 0 */
	0xd7610009, 0x00010208,	/* v_writelane_b32 v9, s8, 1 */
	0xd7610009, 0x00010409,	/* v_writelane_b32 v9, s9, 2 */
	0xd7610009, 0x0001060a,	/* v_writelane_b32 v9, s10, 3 */
	0xd7610009, 0x0001080b,	/* v_writelane_b32 v9, s11, 4 */
	0xd7610009, 0x00010a0c,	/* v_writelane_b32 v9, s12, 5 */
	0xd7610009, 0x00010c0d,	/* v_writelane_b32 v9, s13, 6 */
	0xd7610009, 0x00010e0e,	/* v_writelane_b32 v9, s14, 7 */
	0xd760000f, 0x00010b01,	/* v_readlane_b32 s15, v1, 5 */
	0x800fff0f, 0x00000064,	/* s_add_u32 s15, s15, 0x64 */
	0xd7610009, 0x0001100f,	/* v_writelane_b32 v9, s15, 8 */
	0xdc708300, 0x0000090a,	/* global_store_dword v10, v9, s[0:1] offset:768 */
	0xbefc03c1,	/* s_mov_b32 m0, -1 */
	0x7e160280,	/* v_mov_b32_e32 v11, 0 */
	0x4a180281,	/* v_add_nc_u32_e32 v12, 1, v1 */
	0xd8340000, 0x00000b0b,	/* ds_write_b32 v11, v11 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xd8000000, 0x00000c0b,	/* ds_add_u32 v11, v12 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xd8d80000, 0x0d00000b,	/* ds_read_b32 v13, v11 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xbf8a0000,	/* s_barrier */
	0xdc708400, 0x00000d0a,	/* global_store_dword v10, v13, s[0:1] offset:1024 */
	0x7e1c02ff, 0x00000044,	/* v_mov_b32_e32 v14, 0x44 */
	0x7e2202ff, 0x00000066,	/* v_mov_b32_e32 v17, 0x66 */
	0xbe82047e,	/* s_mov_b64 s[2:3], exec */
	0x7da202bc,	/* v_cmpx_lt_u32_e32 60, v1 */
	0x7e1c02ff, 0x00000055,	/* v_mov_b32_e32 v14, 0x55 */
	0xbefe0402,	/* s_mov_b64 exec, s[2:3] */
	0x7d8a02bf,	/* v_cmp_ne_u32_e32 vcc, 63, v1 */
	0x021c1d11,	/* v_cndmask_b32_e32 v14, v17, v14, vcc */
	0x061e1681,	/* v_add_f32_e32 v15, 1, v11 */
	0xbfa50003,	/* s_denorm_mode 3 */
	0xbf800001,	/* s_nop 1 */
	0x06201681,	/* v_add_f32_e32 v16, 1, v11 */
	0x7d82029f,	/* v_cmp_lt_u32_e32 vcc, 31, v1 */
	0x021e210f,	/* v_cndmask_b32_e32 v15, v15, v16, vcc */
	0xd76f000e, 0x0439110f,	/* v_lshl_or_b32 v14, v15, 8, v14 */
	0xdc708500, 0x00000e0a,	/* global_store_dword v10, v14, s[0:1] offset:1280 */
	0x7e2402fa, 0xff00b101,	/* v_mov_b32_dpp v18, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xdc708600, 0x0000120a,	/* global_store_dword v10, v18, s[0:1] offset:1536 */
	0x7e2602ff, 0x00000063,	/* v_mov_b32_e32 v19, 0x63 */
	0xbf800001,	/* s_nop 1 */
	0x7e2602fa, 0xfc011301,	/* v_mov_b32_dpp v19, v1 row_shr:3 row_mask:0xf bank_mask:0xc */
	0xdc708700, 0x0000130a,	/* global_store_dword v10, v19, s[0:1] offset:1792 */
	0x3a2802aa,	/* v_xor_b32_e32 v20, 42, v1 */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff00b114,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff004e14,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff014114,	/* v_min_u32_dpp v20, v20, v20 row_half_mirror row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff014014,	/* v_min_u32_dpp v20, v20, v20 row_mirror row_mask:0xf bank_mask:0xf */
	0xd7780015, 0x02010114,	/* v_permlanex16_b32 v21, v20, 0, 0 */
	0x26282b14,	/* v_min_u32_e32 v20, v20, v21 */
	0xd7600010, 0x00010114,	/* v_readlane_b32 s16, v20, 0 */
	0xd7600011, 0x00014114,	/* v_readlane_b32 s17, v20, 32 */
	0x83901110,	/* s_min_u32 s16, s16, s17 */
	0x7e2c0210,	/* v_mov_b32_e32 v22, s16 */
	0x4a2e14ff, 0x00000800,	/* v_add_nc_u32_e32 v23, 0x800, v10 */
	0xdc708000, 0x00001617,	/* global_store_dword v23, v22, s[0:1] */
	0xbf810000,	/* s_endpgm */
};

static const uint32_t compiler_gfx1100[] = {
	0xd71f0001, 0x000100c1,	/* v_mbcnt_lo_u32_b32 v1, -1, 0 */
	0xd7200001, 0x000202c1,	/* v_mbcnt_hi_u32_b32 v1, -1, v1 */
	0x7c9802a8,	/* v_cmp_gt_u32_e32 vcc, 40, v1 */
	0xbe82216a,	/* s_and_saveexec_b64 s[2:3], vcc */
	0xbfa50009,	/* s_cbranch_execz 9 */
	0xd60b0002, 0x021d0701,	/* v_mad_u32_u24 v2, v1, 3, 7 */
	0x30060282,	/* v_lshlrev_b32_e32 v3, 2, v1 */
	0x7e0a0201,	/* v_mov_b32_e32 v5, s1 */
	0xd7006a04, 0x00020600,	/* v_add_co_u32 v4, vcc, s0, v3 */
	0x400a0a80,	/* v_add_co_ci_u32_e32 v5, vcc, 0, v5, vcc */
	0xdc6a0000, 0x007c0204,	/* global_store_b32 v[4:5], v2, off */
	0x8cfe027e,	/* s_or_b64 exec, exec, s[2:3] */
	0x30140282,	/* v_lshlrev_b32_e32 v10, 2, v1 */
	0x360c0281,	/* v_and_b32_e32 v6, 1, v1 */
	0xd44a0004, 0x00020c81,	/* v_cmp_eq_u32_e64 s[4:5], 1, v6 */
	0xd5010006, 0x00111285,	/* v_cndmask_b32_e64 v6, 5, 9, s[4:5] */
	0xdc6a0100, 0x0000060a,	/* global_store_b32 v10, v6, s[0:1] offset:256 */
	0x7e0e0d01,	/* v_cvt_f32_u32_e32 v7, v1 */
	0xd6130007, 0x03cde107,	/* v_fma_f32 v7, v7, 0.5, -1.0 */
	0x7e101107,	/* v_cvt_i32_f32_e32 v8, v7 */
	0x7e100b08,	/* v_cvt_f32_i32_e32 v8, v8 */
	0x080e1107,	/* v_sub_f32_e32 v7, v7, v8 */
	0xdc6a0200, 0x0000070a,	/* global_store_b32 v10, v7, s[0:1] offset:512 */
	0xbe8600ff, 0x12345678,	/* s_mov_b32 s6, 0x12345678 */
	0x9307ff06, 0x00080004,	/* s_bfe_u32 s7, s6, 0x80004 */
	0x87888306,	/* s_lshl2_add_u32 s8, s6, 3 */
	0x8909c106,	/* s_min_i32 s9, s6, -1 */
	0x9809ff09, 0x0000004d,	/* s_cselect_b32 s9, s9, 0x4d */
	0xbe8a197e,	/* s_bcnt1_i32_b64 s10, exec */
	0xbe8b08ff, 0x00000100,	/* s_ctz_i32_b32 s11, 0x100 */
	0xbe8c0a81,	/* s_clz_i32_u32 s12, 1 */
	0xb00d8000,	/* s_movk_i32 s13, 0x8000 */
	0xb50d8000,	/* s_cmpk_lg_u32 s13, 0x8000 */
	0x980e8281,	/* s_cselect_b32 s14, 1, 2 */
	0x7e120280,	/* v_mov_b32_e32 v9, 0 */
	0xd7610009, 0x00010007,	/* v_writelane_b32 v9, s7, 0 */
	0xd7610009, 0x00010208,	/* v_writelane_b32 v9, s8, 1 */
	0xd7610009, 0x00010409,	/* v_writelane_b32 v9, s9, 2 */
	0xd7610009, 0x0001060a,	/* v_writelane_b32 v9, s10, 3 */
	0xd7610009, 0x0001080b,	/* v_writelane_b32 v9, s11, 4 */
	0xd7610009, 0x00010a0c,	/* v_writelane_b32 v9, s12, 5 */
	0xd7610009, 0x00010c0d,	/* v_writelane_b32 v9, s13, 6 */
	0xd7610009, 0x00010e0e,	/* v_writelane_b32 v9, s14, 7 */
	0xd760000f, 0x00010b01,	/* v_readlane_b32 s15, v1, 5 */
	0x800fff0f, 0x00000064,	/* s_add_u32 s15, s15, 0x64 */
	0xd7610009, 0x0001100f,	/* v_writelane_b32 v9, s15, 8 */
	0xdc6a0300, 0x0000090a,	/* global_store_b32 v10, v9, s[0:1] offset:768 */
	0xbefd00c1,	/* s_mov_b32 m0, -1 */
	0x7e160280,	/* v_mov_b32_e32 v11, 0 */
	0x4a180281,	/* v_add_nc_u32_e32 v12, 1, v1 */
	0xd8340000, 0x00000b0b,	/* ds_store_b32 v11, v11 */
	0xbf89fc07,	/* s_waitcnt lgkmcnt(0) */
	0xd8000000, 0x00000c0b,	/* ds_add_u32 v11, v12 */
	0xbf89fc07,	/* s_waitcnt lgkmcnt(0) */
	0xd8d80000, 0x0d00000b,	/* ds_load_b32 v13, v11 */
	0xbf89fc07,	/* s_waitcnt lgkmcnt(0) */
	0xbfbd0000,	/* s_barrier */
	0xdc6a0400, 0x00000d0a,	/* global_store_b32 v10, v13, s[0:1] offset:1024 */
	0x7e1c02ff, 0x00000044,	/* v_mov_b32_e32 v14, 0x44 */
	0x7e2202ff, 0x00000066,	/* v_mov_b32_e32 v17, 0x66 */
	0xbe82017e,	/* s_mov_b64 s[2:3], exec */
	0x7d9202bc,	/* v_cmpx_lt_u32_e32 60, v1 */
	0x7e1c02ff, 0x00000055,	/* v_mov_b32_e32 v14, 0x55 */
	0xbefe0102,	/* s_mov_b64 exec, s[2:3] */
	0x7c9a02bf,	/* v_cmp_ne_u32_e32 vcc, 63, v1 */
	0x021c1d11,	/* v_cndmask_b32_e32 v14, v17, v14, vcc */
	0x061e1681,	/* v_add_f32_e32 v15, 1, v11 */
	0xb9800901, 0x00000003,	/* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3 */
	0xbf800001,	/* s_nop 1 */
	0x06201681,	/* v_add_f32_e32 v16, 1, v11 */
	0x7c92029f,	/* v_cmp_lt_u32_e32 vcc, 31, v1 */
	0x021e210f,	/* v_cndmask_b32_e32 v15, v15, v16, vcc */
	0xd656000e, 0x0439110f,	/* v_lshl_or_b32 v14, v15, 8, v14 */
	0xdc6a0500, 0x00000e0a,	/* global_store_b32 v10, v14, s[0:1] offset:1280 */
	0x7e2402fa, 0xff00b101,	/* v_mov_b32_dpp v18, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xdc6a0600, 0x0000120a,	/* global_store_b32 v10, v18, s[0:1] offset:1536 */
	0x7e2602ff, 0x00000063,	/* v_mov_b32_e32 v19, 0x63 */
	0xbf800001,	/* s_nop 1 */
	0x7e2602fa, 0xfc011301,	/* v_mov_b32_dpp v19, v1 row_shr:3 row_mask:0xf bank_mask:0xc */
	0xdc6a0700, 0x0000130a,	/* global_store_b32 v10, v19, s[0:1] offset:1792 */
	0x3a2802aa,	/* v_xor_b32_e32 v20, 42, v1 */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff00b114,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff004e14,	/* v_min_u32_dpp v20, v20, v20 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff014114,	/* v_min_u32_dpp v20, v20, v20 row_half_mirror row_mask:0xf bank_mask:0xf */
	0xbf800001,	/* s_nop 1 */
	0x262828fa, 0xff014014,	/* v_min_u32_dpp v20, v20, v20 row_mirror row_mask:0xf bank_mask:0xf */
	0xd65c0015, 0x02010114,	/* v_permlanex16_b32 v21, v20, 0, 0 */
	0x26282b14,	/* v_min_u32_e32 v20, v20, v21 */
	0xd7600010, 0x00010114,	/* v_readlane_b32 s16, v20, 0 */
	0xd7600011, 0x00014114,	/* v_readlane_b32 s17, v20, 32 */
	0x89901110,	/* s_min_u32 s16, s16, s17 */
	0x7e2c0210,	/* v_mov_b32_e32 v22, s16 */
	0x4a2e14ff, 0x00000800,	/* v_add_nc_u32_e32 v23, 0x800, v10 */
	0xdc6a0000, 0x00001617,	/* global_store_b32 v23, v22, s[0:1] */
	0xbfb00000,	/* s_endpgm */
};

/*
 * GLOBAL as LLVM's OpenCL code uses it on gfx900: short stores and byte and
 * short loads (zero- and sign-extending), atomics with and without GLC and
 * buffer_wbinvl1.  Region 256: (int8)(0x80 | lane) + 0xab ^ (int16)(0xab80 |
 * lane); at 512 three dwords: the sum of lane + 1, the final umax, the final
 * compare-swap; 768 umax's returned old values (memory 5 at first), 1024
 * compare-swap's (each lane swaps lane for lane + 1).
 */
static const uint32_t global_gfx900[] = {
	0x24140082,	/* v_lshlrev_b32_e32 v10, 2, v0 */
	0x24160081,	/* v_lshlrev_b32_e32 v11, 1, v0 */
	0x280200ff, 0x0000ab80,	/* v_or_b32_e32 v1, 0xab80, v0 */
	0xdc688000, 0x0000010b,	/* global_store_short v11, v1, s[0:1] */
	0xbf8c0f70,	/* s_waitcnt vmcnt(0) */
	0xdc448000, 0x0200000b,	/* global_load_sbyte v2, v11, s[0:1] */
	0xdc408001, 0x0300000b,	/* global_load_ubyte v3, v11, s[0:1] offset:1 */
	0xdc4c8000, 0x0400000b,	/* global_load_sshort v4, v11, s[0:1] */
	0xbf8c0f70,	/* s_waitcnt vmcnt(0) */
	0x68040702,	/* v_add_u32_e32 v2, v2, v3 */
	0x2a040902,	/* v_xor_b32_e32 v2, v2, v4 */
	0xdc708100, 0x0000020a,	/* global_store_dword v10, v2, s[0:1] offset:256 */
	0x7e0c02ff, 0x00000200,	/* v_mov_b32_e32 v6, 0x200 */
	0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	0x7e180285,	/* v_mov_b32_e32 v12, 5 */
	0xdc708000, 0x00000506,	/* global_store_dword v6, v5, s[0:1] */
	0xdc708004, 0x00000c06,	/* global_store_dword v6, v12, s[0:1] offset:4 */
	0xdc708008, 0x00000506,	/* global_store_dword v6, v5, s[0:1] offset:8 */
	0xbf8c0f70,	/* s_waitcnt vmcnt(0) */
	0x680e0081,	/* v_add_u32_e32 v7, 1, v0 */
	0xdd088000, 0x00000706,	/* global_atomic_add v6, v7, s[0:1] */
	0xdd1d8004, 0x08000006,	/* global_atomic_umax v8, v6, v0, s[0:1] offset:4 glc */
	0x7e1a0300,	/* v_mov_b32_e32 v13, v0 */
	0x7e180307,	/* v_mov_b32_e32 v12, v7 */
	0xdd058008, 0x09000c06,	/* global_atomic_cmpswap v9, v6, v[12:13], s[0:1] offset:8 glc */
	0xbf8c0f70,	/* s_waitcnt vmcnt(0) */
	0xe0f80000, 0x00000000,	/* buffer_wbinvl1 */
	0xdc708300, 0x0000080a,	/* global_store_dword v10, v8, s[0:1] offset:768 */
	0xdc708400, 0x0000090a,	/* global_store_dword v10, v9, s[0:1] offset:1024 */
	0xbf810000,	/* s_endpgm */
};

/*
 * GFX11 VOPD in wave32 as radeonsi's LLVM code has it: each half's result
 * (32-lane regions of 128 bytes): 4 * lane read by X while Y writes the
 * same VGPR (the old value), lane + 7, lane * lane + 1 (fmaak), lane * 0.5,
 * v_dual_cndmask on VCC (lane < 5: lane + 7, else lane), 0.
 */
static const uint32_t vopd_gfx1100[] = {
	0xca240000, 0x010000ff, 0x000003ff,	/* v_dual_mov_b32 v1, s0 :: v_dual_and_b32 v0, 0x3ff, v0 */
	0x30140082,	/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xca220100, 0x02020082,	/* v_dual_mov_b32 v2, v0 :: v_dual_lshlrev_b32 v3, 2, v0 */
	0xca200103, 0x04020487,	/* v_dual_mov_b32 v4, v3 :: v_dual_add_nc_u32 v3, 7, v2 */
	0x7e0a0d00,	/* v_cvt_f32_u32_e32 v5, v0 */
	0x7e160305,	/* v_mov_b32_e32 v11, v5 */
	0xc8460b05, 0x060616f0, 0x3f800000,	/* v_dual_fmaak_f32 v6, v5, v5, 0x3f800000 :: v_dual_mul_f32 v7, 0.5, v11 */
	0x7c980085,	/* v_cmp_gt_u32_e32 vcc_lo, 5, v0 */
	0xca500702, 0x08080080,	/* v_dual_cndmask_b32 v8, v2, v3 :: v_dual_mov_b32 v9, 0 */
	0xdc6a0000, 0x0000040a,	/* global_store_b32 v10, v4, s[0:1] */
	0xdc6a0080, 0x0000030a,	/* global_store_b32 v10, v3, s[0:1] offset:128 */
	0xdc6a0100, 0x0000060a,	/* global_store_b32 v10, v6, s[0:1] offset:256 */
	0xdc6a0180, 0x0000070a,	/* global_store_b32 v10, v7, s[0:1] offset:384 */
	0xdc6a0200, 0x0000080a,	/* global_store_b32 v10, v8, s[0:1] offset:512 */
	0xdc6a0280, 0x0000090a,	/* global_store_b32 v10, v9, s[0:1] offset:640 */
	0xbfb00000,	/* s_endpgm */
};

/*
 * FP_ROUND and the VOP3 float modifiers on gfx1030 (Vega/RDNA2 ISA §6.2,
 * §6.4): 1 + 2^-24 to nearest even, toward +inf (s_round_mode 1), -1 -
 * 2^-24 toward -inf (2); -|-4| * 0.5 * 4 (NEG, ABS, OMOD mul:4); -4 + 0.5
 * clamped; lane + lane of denormal inputs flushed (FLOAT_MODE 0xc0 flushes
 * f32), div:2; (lane - 1) * 2 clamped.
 */
static const uint32_t float_gfx1030[] = {
	0x34140082,	/* v_lshlrev_b32_e32 v10, 2, v0 */
	0x7e0202ff, 0x33800000,	/* v_mov_b32_e32 v1, 0x33800000 */
	0x7e0c02f7,	/* v_mov_b32_e32 v6, -4.0 */
	0x060402f2,	/* v_add_f32_e32 v2, 1.0, v1 */
	0xbfa40001,	/* s_round_mode 0x1 */
	0x060602f2,	/* v_add_f32_e32 v3, 1.0, v1 */
	0xbfa40002,	/* s_round_mode 0x2 */
	0x080802f3,	/* v_sub_f32_e32 v4, -1.0, v1 */
	0xbfa40000,	/* s_round_mode 0x0 */
	0xd5080105, 0x3001e106,	/* v_mul_f32_e64 v5, -|v6|, 0.5 mul:4 */
	0xd5038007, 0x0001e106,	/* v_add_f32_e64 v7, v6, 0.5 clamp */
	0xd5030008, 0x18020100,	/* v_add_f32_e64 v8, v0, v0 div:2 */
	0x7e120d00,	/* v_cvt_f32_u32_e32 v9, v0 */
	0xd5038009, 0x0801e709,	/* v_add_f32_e64 v9, v9, -1.0 clamp mul:2 */
	0xdc708000, 0x0000020a,	/* global_store_dword v10, v2, s[0:1] */
	0xdc708100, 0x0000030a,	/* global_store_dword v10, v3, s[0:1] offset:256 */
	0xdc708200, 0x0000040a,	/* global_store_dword v10, v4, s[0:1] offset:512 */
	0xdc708300, 0x0000050a,	/* global_store_dword v10, v5, s[0:1] offset:768 */
	0xdc708400, 0x0000070a,	/* global_store_dword v10, v7, s[0:1] offset:1024 */
	0xdc708500, 0x0000080a,	/* global_store_dword v10, v8, s[0:1] offset:1280 */
	0xdc708600, 0x0000090a,	/* global_store_dword v10, v9, s[0:1] offset:1536 */
	0xbf810000,	/* s_endpgm */
};

/*
 * DS as ACO and LLVM emit it from GFX9 on, without initialising M0
 * (LLVM GCNSubtarget.h ldsRequiresM0Init(): getGeneration() < GFX9): each
 * lane reads the dword lane ^ 1 wrote.
 */
static const uint32_t ds_gfx1030[] = {
	0x34140082,	/* v_lshlrev_b32_e32 v10, 2, v0 */
	0xd8340000, 0x0000000a,	/* ds_write_b32 v10, v0 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0x3a020081,	/* v_xor_b32_e32 v1, 1, v0 */
	0x34020282,	/* v_lshlrev_b32_e32 v1, 2, v1 */
	0xd8d80000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
	0xdc708000, 0x0000020a,	/* global_store_dword v10, v2, s[0:1] */
	0xbf810000,	/* s_endpgm */
};

/* Wave32 dispatches for the programs that ask (GFX10+), the rules of the next run (NULL: the level's). */
static bool run_wave32;
static const struct vsharp_rules *run_rules;
static char run_err[sizeof(((struct vsharp_error *)0)->msg)];

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
	if (run_rules)
		vsharp_emu_set_rules(dev, run_rules);
	CHECK(t, dev->ops->bo_alloc(dev, size, VSHARP_BO_CODE, &code, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_DATA, &out, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	memcpy(code.cpu, words, size);
	memset(out.cpu, 0xee, 4096);
	memset(&d, 0, sizeof(d));
	d.level = level;
	d.pgm_va = code.va;
	d.vgprs = 24;
	d.sgprs = 24;
	d.user_sgprs = 2;
	d.lds_bytes = 256;
	d.user_data[0] = (uint32_t)out.va;
	d.user_data[1] = (uint32_t)(out.va >> 32);
	d.threads[0] = run_wave32 ? 32 : 64;
	d.wave32 = run_wave32;
	d.threads[1] = d.threads[2] = d.groups[0] = d.groups[1] = d.groups[2] = 1;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, ib.cpu, 1024);
	CHECK(t, vsharp_pm4_preamble(&pm4, level, &err) == 0);
	CHECK(t, vsharp_pm4_dispatch(&pm4, &d, &err) == 0);
	CHECK(t, vsharp_pm4_finish(&pm4, &err) == 0);
	CHECK(t, dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) == 0);
	if (run_err[0] == '?') {
		/* The caller expects a refusal: its message, for the caller to check. */
		CHECK(t, dev->ops->wait(dev, fence, 1000000000ull, &err) < 0);
		snprintf(run_err, sizeof(run_err), "%s", err.msg);
	} else if (CHECK_MSG(t, dev->ops->wait(dev, fence, 1000000000ull, &err) == 0, "%s: %s",
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

static void check_compiler(struct ktap *t, enum vsharp_gfx level, const uint32_t *words, size_t size)
{
	static uint32_t res[1024];
	/* Scalar results: S_BFE_U32, S_LSHL2_ADD_U32, S_MIN_I32 + S_CSELECT, S_BCNT1, S_FF1, S_FLBIT, S_MOVK, S_CMPK_LG_U32. */
	const uint32_t scalar[] = {
		0x12345678u >> 4 & 0xff, (0x12345678u << 2) + 3,
		(int32_t)0x12345678 < -1 ? 0xffffffffu : 0x4d,	/* SCC = S0 < S1: 0 */
		64, 8, 31, (uint32_t)(int32_t)(int16_t)0x8000,
		(uint32_t)(int32_t)(int16_t)0x8000 != 0x8000u,	/* lg against the zero-extended immediate */
		5 + 100,
	};

	if (!run(t, level, words, size, res))
		return;
	for (uint32_t l = 0; l < 64; l++) {
		float x = (float)l * 0.5f - 1.0f;
		float frac = x - (float)(int32_t)x;
		uint32_t fbits, low = l <= 60 ? 0x44 : l < 63 ? 0x55 : 0x66;

		memcpy(&fbits, &frac, sizeof(fbits));
		CHECK_EQ(t, res[l], l < 40 ? 3 * l + 7 : 0xeeeeeeee);
		CHECK_EQ(t, res[64 + l], l & 1 ? 9 : 5);
		CHECK_EQ(t, res[128 + l], fbits);
		CHECK_EQ(t, res[192 + l], l < 9 ? scalar[l] : 0);
		CHECK_EQ(t, res[256 + l], 64 * 65 / 2);
		CHECK_EQ(t, res[320 + l], low | (l > 31 ? 1u << 8 : 0));
		CHECK_EQ(t, res[384 + l], l ^ 1);
		/* BANK_MASK bit b enables lanes 4b..4b+3 of each row; row_shr:3 reads lane - 3. */
		CHECK_EQ(t, res[448 + l], (l >> 2 & 3) >= 2 ? l - 3 : 0x63);
		CHECK_EQ(t, res[512 + l], 0);	/* min(lane ^ 42) is lane 42's */
	}
	CHECK_EQ(t, res[576], 0xeeeeeeee);
}

static void test_compiler_gfx9(struct ktap *t)
{
	check_compiler(t, VSHARP_GFX9, compiler_gfx900, sizeof(compiler_gfx900));
}

static void test_compiler_gfx10_3(struct ktap *t)
{
	check_compiler(t, VSHARP_GFX10_3, compiler_gfx1030, sizeof(compiler_gfx1030));
}

static void test_compiler_gfx11(struct ktap *t)
{
	check_compiler(t, VSHARP_GFX11, compiler_gfx1100, sizeof(compiler_gfx1100));
}

static void test_global_gfx9(struct ktap *t)
{
	static uint32_t res[1024];
	uint32_t max = 5;

	if (!run(t, VSHARP_GFX9, global_gfx900, sizeof(global_gfx900), res))
		return;
	for (uint32_t l = 0; l < 64; l++) {
		int32_t b = (int8_t)(0x80 | l), h = (int16_t)(0xab80 | l);

		CHECK_EQ(t, res[64 + l], (uint32_t)(b + 0xab) ^ (uint32_t)h);
		/* Lanes go in order: lane l sees the maximum of 5 and lanes 0..l-1. */
		CHECK_EQ(t, res[192 + l], max);
		max = l > max ? l : max;
		CHECK_EQ(t, res[256 + l], l);
	}
	CHECK_EQ(t, res[128], 64 * 65 / 2);
	CHECK_EQ(t, res[129], 63);
	CHECK_EQ(t, res[130], 64);
	CHECK_EQ(t, res[131], 0xeeeeeeee);
	CHECK_EQ(t, res[0], (0xab80u | 1) << 16 | 0xab80u);	/* lanes 0 and 1's shorts */
}

static void test_vopd_gfx11(struct ktap *t)
{
	static uint32_t res[1024];
	bool ok;

	run_wave32 = true;
	ok = run(t, VSHARP_GFX11, vopd_gfx1100, sizeof(vopd_gfx1100), res);
	run_wave32 = false;
	if (!ok)
		return;
	for (uint32_t l = 0; l < 32; l++) {
		float f = fmaf((float)l, (float)l, 1.0f), h = (float)l * 0.5f;
		uint32_t fb, hb;

		memcpy(&fb, &f, sizeof(fb));
		memcpy(&hb, &h, sizeof(hb));
		CHECK_EQ(t, res[l], 4 * l);
		CHECK_EQ(t, res[32 + l], l + 7);
		CHECK_EQ(t, res[64 + l], fb);
		CHECK_EQ(t, res[96 + l], hb);
		CHECK_EQ(t, res[128 + l], l < 5 ? l + 7 : l);
		CHECK_EQ(t, res[160 + l], 0);
	}
	CHECK_EQ(t, res[192], 0xeeeeeeee);
}

static void test_float_gfx10_3(struct ktap *t)
{
	static uint32_t res[1024];

	if (!run(t, VSHARP_GFX10_3, float_gfx1030, sizeof(float_gfx1030), res))
		return;
	for (uint32_t l = 0; l < 64; l++) {
		CHECK_EQ(t, res[l], f32_to_bits(1.0f));
		CHECK_EQ(t, res[64 + l], f32_to_bits(nextafterf(1.0f, 2.0f)));
		CHECK_EQ(t, res[128 + l], f32_to_bits(-nextafterf(1.0f, 2.0f)));
		CHECK_EQ(t, res[192 + l], f32_to_bits(-8.0f));
		CHECK_EQ(t, res[256 + l], f32_to_bits(0.0f));
		CHECK_EQ(t, res[320 + l], f32_to_bits(0.0f));
		CHECK_EQ(t, res[384 + l], f32_to_bits(l < 2 ? 0.0f : 1.0f));
	}
}

/*
 * The lds_m0_clamp rule: by default (ignored) the compilers' DS code, which
 * never sets M0 from GFX9, runs on GFX10.3; under the guides' clamp choice
 * a DS instruction reads M0, and the strict core refuses one that does so
 * before anything set it.
 */
static void test_ds_m0_gfx10_3(struct ktap *t)
{
	static uint32_t res[1024];
	struct vsharp_rules rules;

	run_err[0] = 0;
	if (run(t, VSHARP_GFX10_3, ds_gfx1030, sizeof(ds_gfx1030), res))
		for (uint32_t l = 0; l < 64; l++)
			CHECK_EQ(t, res[l], l ^ 1);
	vsharp_rules_default(VSHARP_GFX10_3, &rules);
	rules.choice[VSHARP_RULE_LDS_M0_CLAMP] = VSHARP_LDS_M0_CLAMP;
	run_rules = &rules;
	run_err[0] = '?';
	run(t, VSHARP_GFX10_3, ds_gfx1030, sizeof(ds_gfx1030), res);
	CHECK_MSG(t, strstr(run_err, "strict: uninitialised SGPR: ds_write_b32") && strstr(run_err, "m0"),
		  "%s", run_err);
	run_rules = NULL;
}

KTAP_MAIN(KTAP_CASE(test_gfx9), KTAP_CASE(test_gfx10_3), KTAP_CASE(test_gfx11),
	  KTAP_CASE(test_scalar_gfx9), KTAP_CASE(test_scalar_gfx11),
	  KTAP_CASE(test_compiler_gfx9), KTAP_CASE(test_compiler_gfx10_3),
	  KTAP_CASE(test_compiler_gfx11), KTAP_CASE(test_global_gfx9), KTAP_CASE(test_vopd_gfx11),
	  KTAP_CASE(test_float_gfx10_3), KTAP_CASE(test_ds_m0_gfx10_3))
