// SPDX-License-Identifier: MIT
/*
 * The strict emulated GPU, one case per rule (Documentation/emulator.rst,
 * "Strict rules"): a small program that breaks the rule must end with the
 * documented errno, outcome, fault and a message naming the rule, and the
 * same program with the rule respected must pass, so that every case can
 * fail.  Each run is one row of a table: a one-dispatch IB built here from
 * raw SET_SH_REG packets (so a test can leave a register out or set a field
 * the builder would round), code and data in their own pages of a fresh
 * vsharp_vm, executed with vsharp_gpu_run_ib.
 *
 * Shader words were assembled by llvm-mc-19 -triple=amdgcn -show-encoding
 * for the processor named above each program; the text is beside each word.
 * Expected values come from the public sources, not from the emulator:
 *  - VGPR granule: LLVM AMDGPUBaseInfo.cpp getVGPRAllocGranule, 4 (wave64)
 *    and 8 (wave32) on GFX9 and GFX10.1, where it equals the encoding
 *    granule of COMPUTE_PGM_RSRC1.VGPRS;
 *  - SGPR granule on GFX9: getSGPRAllocGranule 16, encoded in 8s
 *    (getNumSGPRBlocks);
 *  - instruction prefetch: Mesa ac_binary.c ac_align_shader_binary_for_prefetch,
 *    3 lines of 64 bytes past the code from GFX10, none on GFX9;
 *  - LDS: Mesa ac_gpu_info.c lds_alloc_granularity, 1 KiB from GFX10.3;
 *  - a fault names the 4 KiB page, VA & ~0xfff (amdgpu gmc_v9_0_process_interrupt).
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/gpu.h"
#include "vsharp/pm4.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The address space every run gets: one page each, at fixed VAs. */
#define CODE_VA 0x10000ull	/* the program, RX unless the row says otherwise */
#define DATA_VA 0x20000ull	/* RW: what the shaders store and load */
#define RO_VA 0x30000ull	/* R */
#define IB_VA 0x40000ull	/* R, as amdgpu maps IBs */
#define HOLE_VA 0x50000ull	/* never mapped */
#define PAGE VSHARP_VM_PAGE

/* A raw V# over 4 KiB for GFX9: stride 0, NUM_RECORDS 4096, DST_SEL XYZW, 32_FLOAT (Mesa). */
#define GFX9_VDESC3 0x00027facu

/* ---- Programs --------------------------------------------------------------- */

/* gfx900 */
static const uint32_t g9_v4[] = {
	0x7e080280,		/* v_mov_b32_e32 v4, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_v3[] = {
	0x7e060280,		/* v_mov_b32_e32 v3, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_s16[] = {
	0xbe900080,		/* s_mov_b32 s16, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_s13[] = {
	0xbe8d0080,		/* s_mov_b32 s13, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_s11[] = {
	0xbe8b0080,		/* s_mov_b32 s11, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_s15[] = {
	0xbe8f0080,		/* s_mov_b32 s15, 0 */
	0xbf810000,		/* s_endpgm */
};
/* s4 is the first SGPR after USER_SGPR 4: TGID_X when TGID_X_EN is set. */
static const uint32_t g9_read_s4[] = {
	0xbe850004,		/* s_mov_b32 s5, s4 */
	0xbf810000,		/* s_endpgm */
};
/* s3 is COMPUTE_USER_DATA_3 with USER_SGPR 4. */
static const uint32_t g9_read_s3[] = {
	0xbe840003,		/* s_mov_b32 s4, s3 */
	0xbf810000,		/* s_endpgm */
};
/* v1 is the work-item id in Y, loaded when TIDIG_COMP_CNT >= 1. */
static const uint32_t g9_read_v1[] = {
	0x7e040301,		/* v_mov_b32_e32 v2, v1 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_read_m0[] = {
	0xbe84007c,		/* s_mov_b32 s4, m0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_set_read_m0[] = {
	0xbefc00c1,		/* s_mov_b32 m0, -1 */
	0xbe84007c,		/* s_mov_b32 s4, m0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_read_vcc[] = {
	0xbe84006a,		/* s_mov_b32 s4, vcc_lo */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_set_read_vcc[] = {
	0xbeea0080,		/* s_mov_b32 vcc_lo, 0 */
	0xbe84006a,		/* s_mov_b32 s4, vcc_lo */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_exec_lo[] = {
	0xbefe00c1,		/* s_mov_b32 exec_lo, -1 */
	0xbf810000,		/* s_endpgm */
};
/* Each lane stores 0 at s[0:1] + 4 * id. */
static const uint32_t g9_global_store[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xdc708000, 0x00000100,	/* global_store_dword v0, v1, s[0:1] */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_smem_load[] = {
	0xc0020080, 0x00000000,	/* s_load_dword s2, s[0:1], 0x0 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xbf810000,		/* s_endpgm */
};
/* s[0:3] is the V#. */
static const uint32_t g9_buffer_store[] = {
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xe0700000, 0x80000100,	/* buffer_store_dword v1, off, s[0:3], 0 */
	0xbf810000,		/* s_endpgm */
};
/* Each work-group stores what LDS[0] held to out[TGID_X], then leaves 0xcafe0000 there. */
static const uint32_t g9_lds_pass_on[] = {
	0xbefc00c1,		/* s_mov_b32 m0, -1 */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd86c0000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0x7e0602ff, 0xcafe0000,	/* v_mov_b32_e32 v3, 0xcafe0000 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xd81a0000, 0x00000301,	/* ds_write_b32 v1, v3 */
	0x8e038204,		/* s_lshl_b32 s3, s4, 2 */
	0x7e080203,		/* v_mov_b32_e32 v4, s3 */
	0xdc708000, 0x00000204,	/* global_store_dword v4, v2, s[0:1] */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_vmem_nowait[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0x7e060301,		/* v_mov_b32_e32 v3, v1 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_vmem_wait[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0x7e060301,		/* v_mov_b32_e32 v3, v1 */
	0xbf810000,		/* s_endpgm */
};
/* VMEM loads return in order: vmcnt(1) lands the older of two, not the younger. */
static const uint32_t g9_vmem_older[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0xdc508004, 0x02000000,	/* global_load_dword v2, v0, s[0:1] offset:4 */
	0xbf8c0f71,		/* s_waitcnt vmcnt(1) */
	0x7e060301,		/* v_mov_b32_e32 v3, v1 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_vmem_younger[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0xdc508004, 0x02000000,	/* global_load_dword v2, v0, s[0:1] offset:4 */
	0xbf8c0f71,		/* s_waitcnt vmcnt(1) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbf810000,		/* s_endpgm */
};
/* SMEM returns out of order: lgkmcnt(1) retires neither of two loads. */
static const uint32_t g9_smem_lgkm1[] = {
	0xc0020080, 0x00000000,	/* s_load_dword s2, s[0:1], 0x0 */
	0xc00200c0, 0x00000004,	/* s_load_dword s3, s[0:1], 0x4 */
	0xbf8cc17f,		/* s_waitcnt lgkmcnt(1) */
	0xbe840002,		/* s_mov_b32 s4, s2 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_smem_lgkm0[] = {
	0xc0020080, 0x00000000,	/* s_load_dword s2, s[0:1], 0x0 */
	0xc00200c0, 0x00000004,	/* s_load_dword s3, s[0:1], 0x4 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xbe840002,		/* s_mov_b32 s4, s2 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_ds_nowait[] = {
	0xbefc00c1,		/* s_mov_b32 m0, -1 */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd86c0000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbf810000,		/* s_endpgm */
};
/* With an SMEM load counted too, lgkmcnt(1) covers neither (out of order). */
static const uint32_t g9_ds_smem_lgkm1[] = {
	0xbefc00c1,		/* s_mov_b32 m0, -1 */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd86c0000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0xc0020080, 0x00000000,	/* s_load_dword s2, s[0:1], 0x0 */
	0xbf8cc17f,		/* s_waitcnt lgkmcnt(1) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_ds_wait[] = {
	0xbefc00c1,		/* s_mov_b32 m0, -1 */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd86c0000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbf810000,		/* s_endpgm */
};
/* Write-after-write: the load would land on top of the v_mov. */
static const uint32_t g9_waw_nowait[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_waw_wait[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc508000, 0x01000000,	/* global_load_dword v1, v0, s[0:1] */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_spin[] = {
	0xbf82ffff,		/* s_branch -1 (to itself) */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_no_spin[] = {
	0xbf820000,		/* s_branch 0 (to the next instruction) */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g9_endpgm[] = {
	0xbf810000,		/* s_endpgm */
};

/* gfx1010 (-mattr=+wavefrontsize32 gives the same words); also gfx1030 */
/* gfx1010 SMEMtoVectorWrite: a VALU writes an SGPR an SMEM still reads. */
static const uint32_t g1010_smem_valu[] = {
	0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
	0x7e000500,		/* v_readfirstlane_b32 s0, v0 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g1010_smem_salu_valu[] = {
	0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
	0xbefd0380,		/* s_mov_b32 null, 0 */
	0x7e000500,		/* v_readfirstlane_b32 s0, v0 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xbf810000,		/* s_endpgm */
};
/* A b64 LDS read at byte 4: not naturally aligned. */
static const uint32_t g10_ds_b64_at4[] = {
	0x7e020284,		/* v_mov_b32_e32 v1, 4 */
	0xbefc03c1,		/* s_mov_b32 m0, -1 */
	0xd9d80000, 0x02000001,	/* ds_read_b64 v[2:3], v1 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_v8[] = {
	0x7e100280,		/* v_mov_b32_e32 v8, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_v16[] = {
	0x7e200280,		/* v_mov_b32_e32 v16, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_v7[] = {
	0x7e0e0280,		/* v_mov_b32_e32 v7, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_exec_hi[] = {
	0xbeff0380,		/* s_mov_b32 exec_hi, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_vcc_hi[] = {
	0xbeeb0380,		/* s_mov_b32 vcc_hi, 0 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_exec_lo[] = {
	0xbefe03c1,		/* s_mov_b32 exec_lo, -1 */
	0xbf810000,		/* s_endpgm */
};
static const uint32_t g10_into_code_end[] = {
	0x7e0e0280,		/* v_mov_b32_e32 v7, 0 */
	0xbf9f0000,		/* s_code_end */
	0xbf9f0000,		/* s_code_end */
};
static const uint32_t g10_before_code_end[] = {
	0x7e0e0280,		/* v_mov_b32_e32 v7, 0 */
	0xbf810000,		/* s_endpgm */
	0xbf9f0000,		/* s_code_end */
};
/* Leaves 0xcafe0000 at LDS byte 768 (0x300). */
static const uint32_t g10_lds_put768[] = {
	0xbefc03c1,		/* s_mov_b32 m0, -1 */
	0x7e0202ff, 0x00000300,	/* v_mov_b32_e32 v1, 0x300 */
	0x7e0602ff, 0xcafe0000,	/* v_mov_b32_e32 v3, 0xcafe0000 */
	0xd8340000, 0x00000301,	/* ds_write_b32 v1, v3 */
	0xbf810000,		/* s_endpgm */
};
/* Stores LDS byte 768 to out[0]. */
static const uint32_t g10_lds_get768[] = {
	0xbefc03c1,		/* s_mov_b32 m0, -1 */
	0x7e0202ff, 0x00000300,	/* v_mov_b32_e32 v1, 0x300 */
	0xd8d80000, 0x02000001,	/* ds_read_b32 v2, v1 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0x7e080280,		/* v_mov_b32_e32 v4, 0 */
	0xdc708000, 0x00000204,	/* global_store_dword v4, v2, s[0:1] */
	0xbf810000,		/* s_endpgm */
};

/* gfx1100 and gfx1200 encode these two alike: ttmp9 holds TGID_X only on GFX12. */
static const uint32_t g11_read_ttmp9[] = {
	0xbe840075,		/* s_mov_b32 s4, ttmp9 */
	0xbfb00000,		/* s_endpgm */
};

/* gfx1200 */
static const uint32_t g12_load_nowait[] = {
	0x30000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xee050000, 0x00000001, 0x00000000,	/* global_load_b32 v1, v0, s[0:1] */
	0x7e060301,		/* v_mov_b32_e32 v3, v1 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_load_wait[] = {
	0x30000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xee050000, 0x00000001, 0x00000000,	/* global_load_b32 v1, v0, s[0:1] */
	0xbfc00000,		/* s_wait_loadcnt 0x0 */
	0x7e060301,		/* v_mov_b32_e32 v3, v1 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_ds_nowait[] = {
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd8d80000, 0x02000001,	/* ds_load_b32 v2, v1 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
/*
 * A BVH stack op writes ADDR (v1) back with its result: reading it needs the
 * same wait (words from llvm-mc-19, the .long from LLVM 20's
 * gfx12_dasm_ds.txt encoding with these registers).
 */
#define G12_BVH_SETUP \
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */ \
	0x7e040280,		/* v_mov_b32_e32 v2, 0 */ \
	0x7e0802c1,		/* v_mov_b32_e32 v4, -1 */ \
	0x7e0a02c1,		/* v_mov_b32_e32 v5, -1 */ \
	0x7e0c02c1,		/* v_mov_b32_e32 v6, -1 */ \
	0x7e0e02c1,		/* v_mov_b32_e32 v7, -1 */ \
	0xdb800008, 0x03040201	/* ds_bvh_stack_push4_pop1_rtn_b32 v3, v1, v2, v[4:7] offset:8 */
static const uint32_t g12_bvh_nowait[] = {
	G12_BVH_SETUP,
	0x7e000301,		/* v_mov_b32_e32 v0, v1 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_bvh_wait[] = {
	G12_BVH_SETUP,
	0xbfc60000,		/* s_wait_dscnt 0x0 */
	0x7e000301,		/* v_mov_b32_e32 v0, v1 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_ds_wait[] = {
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xd8d80000, 0x02000001,	/* ds_load_b32 v2, v1 */
	0xbfc60000,		/* s_wait_dscnt 0x0 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
/* LDS direct loads count in EXPcnt (R3, R4 §12.2.1.2): a DS wait does not cover them. */
static const uint32_t g11_ldsdir_lgkm[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce100002,		/* lds_direct_load v2 wait_vdst:0 */
	0xbf89fc07,		/* s_waitcnt lgkmcnt(0) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g11_ldsdir_exp[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce100002,		/* lds_direct_load v2 wait_vdst:0 */
	0xbf89fff0,		/* s_waitcnt expcnt(0) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_ldsdir_dscnt[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce100002,		/* ds_direct_load v2 wait_va_vdst:0 wait_vm_vsrc:0 */
	0xbfc60000,		/* s_wait_dscnt 0x0 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_ldsdir_exp[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce100002,		/* ds_direct_load v2 wait_va_vdst:0 wait_vm_vsrc:0 */
	0xbfc40000,		/* s_wait_expcnt 0x0 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};

/* LDS parameter loads, each waited for; the direct loads are above. */
static const uint32_t g11_param_exp[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce000002,		/* lds_param_load v2, attr0.x wait_vdst:0 */
	0xbf89fff0,		/* s_waitcnt expcnt(0) */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g12_param_exp[] = {
	0xbefd00ff, 0x00020000,	/* s_mov_b32 m0, 0x20000 */
	0xce000002,		/* ds_param_load v2, attr0.x wait_va_vdst:0 wait_vm_vsrc:0 */
	0xbfc40000,		/* s_wait_expcnt 0x0 */
	0x7e060302,		/* v_mov_b32_e32 v3, v2 */
	0xbfb00000,		/* s_endpgm */
};

/* gfx1100: after MSG_DEALLOC_VGPRS only s_endpgm may follow (RDNA3 ISA Table 15). */
static const uint32_t g11_dealloc_then_valu[] = {
	0xbfb60003,		/* s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) */
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xbfb00000,		/* s_endpgm */
};
static const uint32_t g11_valu_then_dealloc[] = {
	0x7e020280,		/* v_mov_b32_e32 v1, 0 */
	0xbfb60003,		/* s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) */
	0xbfb00000,		/* s_endpgm */
};

/* s_nop 0 and s_endpgm per level (llvm-mc-19, gfx900/gfx1010/gfx1100/gfx1200). */
#define S_NOP0 0xbf800000u
static uint32_t s_endpgm_word(enum vsharp_gfx level)
{
	return level >= VSHARP_GFX11 ? 0xbfb00000u : 0xbf810000u;
}

/* ---- One run: a dispatch of one program, and what it must end with --------- */

enum rule {
	R_VGPR_ALLOC, R_SGPR_ALLOC, R_INIT_SGPR, R_INIT_VGPR, R_INIT_SPECIAL, R_WAVE_SIZE,
	R_FETCH, R_PREFETCH, R_DATA_FAULT, R_LDS_STALE, R_LDS_GRANULE, R_LDS_HANG,
	R_WAIT_VMEM, R_WAIT_SMEM, R_WAIT_DS, R_WAIT_WAW, R_DISPATCH_REGS, R_CODE_END,
	R_ENDLESS, R_PIXEL_WAVE, R_WGP_MODE, R_SGPR_INIT_BUG, R_ORDER_MODE, R_HAZARD,
	R_DEALLOC_VGPRS,
};

/* Where the shader's s[0:1] (the base of its V# on buffer rows) points. */
enum target { T_DATA, T_RO, T_CODE, T_HOLE };
static const uint64_t target_va[] = { DATA_VA, RO_VA, CODE_VA, HOLE_VA };

/* How the code page is mapped. */
enum code_map { C_RX, C_RW, C_NONE, C_RX_2 /* RX, and the page after it RX too */ };

struct run {
	enum rule rule;
	const char *what;
	enum vsharp_gfx level;
	const char *cpu;		/* the GPU's processor; NULL: the level's probe processor */
	const uint32_t *code;		/* NULL: NOPS s_nop 0 then s_endpgm */
	unsigned n_code, nops;
	unsigned code_off;		/* in the code page; 256-byte aligned (COMPUTE_PGM_LO) */
	enum code_map code_map;
	bool wave32;
	unsigned vgprs, sgprs;		/* 0: 8 and 16 */
	bool tgid_x;
	unsigned tidig;			/* 0: 1 */
	unsigned groups;		/* 0: 1 */
	unsigned lds_bytes;
	unsigned lds_field;		/* non-zero: COMPUTE_PGM_RSRC2.LDS_SIZE as is, 512-byte units */
	uint32_t lds_per_cu;		/* 0: the default 64 KiB */
	uint64_t max_insns;		/* 0: the default */
	enum target target;
	uint32_t omit_reg;		/* a register the IB never writes */
	bool pixel_lds;			/* the IB sends VSHARP_GPU_NOP_PIXEL_LDS before the dispatch */
	bool wgp;			/* COMPUTE_PGM_RSRC1.WGP_MODE (bit 29) set */
	bool order_mode;		/* DISPATCH_INITIATOR.ORDER_MODE (bit 6) set whatever the level */
	const struct run *before;	/* run first on the same GPU (it must pass) */
	/* What must happen. */
	int ret;
	enum vsharp_gpu_outcome outcome;
	const char *msg[3];		/* substrings of the report */
	bool fault;			/* a VM fault at FAULT_VA with these access bits */
	uint64_t fault_va;
	bool write, exec, mapped;
	/* Output words out[i] == value, checked when ret is 0. */
	unsigned n_out;
	uint32_t out[2];
	bool out0_not_written;		/* out[0] must hold something, but not 0xcafe0000 */
};

#define PROG(a) .code = (a), .n_code = ARRAY_SIZE(a)
#define STRICT(...) .ret = -EPROTO, .outcome = VSHARP_GPU_STRICT, .msg = { __VA_ARGS__ }
#define HANG(...) .ret = -ETIME, .outcome = VSHARP_GPU_HANG, .msg = { __VA_ARGS__ }
#define FAULT(va, w, x, m, ...) .ret = -EFAULT, .outcome = VSHARP_GPU_VM_FAULT, .fault = true, \
	.fault_va = (va), .write = (w), .exec = (x), .mapped = (m), .msg = { __VA_ARGS__ }

/* The vmid and pasid every GPU here reports in its fault lines. */
#define VMID 3
#define PASID 7

/* Written before the second run reads LDS byte 768: 1 KiB LDS on GFX10 and GFX10.3. */
static const struct run lds_put768_gfx10 = {
	.level = VSHARP_GFX10, PROG(g10_lds_put768), .lds_field = 2,
};
static const struct run lds_put768_gfx10_3 = {
	.level = VSHARP_GFX10_3, PROG(g10_lds_put768), .lds_field = 2,
};

static const struct run runs[] = {
	/* VGPRs: COMPUTE_PGM_RSRC1.VGPRS = 0 is one granule. */
	{ R_VGPR_ALLOC, "gfx9 wave64 v4 of 4", VSHARP_GFX9, PROG(g9_v4), .vgprs = 4,
	  STRICT("strict: VGPR allocation", "uses v4, past the 4 VGPRs", "wave64") },
	{ R_VGPR_ALLOC, "gfx9 wave64 v3 of 4", VSHARP_GFX9, PROG(g9_v3), .vgprs = 4 },
	{ R_VGPR_ALLOC, "gfx10 wave32 v8 of 8", VSHARP_GFX10, PROG(g10_v8), .wave32 = true, .vgprs = 8,
	  STRICT("strict: VGPR allocation", "uses v8, past the 8 VGPRs", "wave32") },
	{ R_VGPR_ALLOC, "gfx10 wave32 v7 of 8", VSHARP_GFX10, PROG(g10_v7), .wave32 = true, .vgprs = 8 },
	{ R_VGPR_ALLOC, "gfx10 wave64 v7 of 8", VSHARP_GFX10, PROG(g10_v7), .vgprs = 8 },
	{ R_VGPR_ALLOC, "gfx10 wave64 v8 of 8", VSHARP_GFX10, PROG(g10_v8), .vgprs = 8,
	  STRICT("strict: VGPR allocation", "uses v8, past the 8 VGPRs", "wave64") },
	/* GFX10.3 encodes VGPRS in 8s (wave32) but allocates 16s: v8 of "8" is allocated. */
	{ R_VGPR_ALLOC, "gfx10.3 wave32 v8 of 8 (16 allocated)", VSHARP_GFX10_3, PROG(g10_v8),
	  .wave32 = true, .vgprs = 8 },
	{ R_VGPR_ALLOC, "gfx10.3 wave32 v16 of 8 (16 allocated)", VSHARP_GFX10_3, PROG(g10_v16),
	  .wave32 = true, .vgprs = 8,
	  STRICT("strict: VGPR allocation", "uses v16, past the 16 VGPRs", "wave32") },

	/* SGPRs on GFX9: RSRC1.SGPRS in 8s, allocated in 16s. */
	{ R_SGPR_ALLOC, "gfx9 s16 of 16", VSHARP_GFX9, PROG(g9_s16), .sgprs = 16,
	  STRICT("strict: SGPR allocation", "uses s16, past the 16 SGPRs") },
	/*
	 * VCC is the top two SGPRs of the allocation, XNACK_MASK the two below
	 * on an XNACK processor (Vega ISA §3.6.2; LLVM getNumExtraSGPRs gives
	 * 2 and 4 extra SGPRs): a shader may not name them as s14/s15 or s12/s13.
	 */
	{ R_SGPR_ALLOC, "gfx9 s15 of 16: VCC", VSHARP_GFX9, PROG(g9_s15), .sgprs = 16,
	  STRICT("strict: SGPR allocation", "uses s15, which holds VCC", "§3.6.2") },
	{ R_SGPR_ALLOC, "gfx9 s13 of 16", VSHARP_GFX9, PROG(g9_s13), .sgprs = 16 },
	{ R_SGPR_ALLOC, "gfx9 s13 of 9 (16 allocated)", VSHARP_GFX9, PROG(g9_s13), .sgprs = 9 },
	{ R_SGPR_ALLOC, "gfx902 s13 of 16: XNACK_MASK", VSHARP_GFX9, .cpu = "gfx902", PROG(g9_s13),
	  .sgprs = 16, STRICT("strict: SGPR allocation", "uses s13, which holds VCC or XNACK_MASK", "getNumExtraSGPRs") },
	{ R_SGPR_ALLOC, "gfx902 s11 of 16", VSHARP_GFX9, .cpu = "gfx902", PROG(g9_s11), .sgprs = 16 },

	/* SGPRs the dispatch loads: USER_SGPR 4, then TGID_X when enabled. */
	{ R_INIT_SGPR, "gfx9 s4 without TGID_X_EN", VSHARP_GFX9, PROG(g9_read_s4),
	  STRICT("strict: uninitialised SGPR", "reads s4", "USER_SGPR 4, TGID_X/Y/Z_EN 0/0/0") },
	{ R_INIT_SGPR, "gfx9 s4 with TGID_X_EN", VSHARP_GFX9, PROG(g9_read_s4), .tgid_x = true },

	/* VGPRs the dispatch loads: v1 = work-item id Y only with TIDIG_COMP_CNT >= 1. */
	{ R_INIT_VGPR, "gfx9 v1, TIDIG_COMP_CNT 0", VSHARP_GFX9, PROG(g9_read_v1),
	  STRICT("strict: uninitialised VGPR", "reads v1", "TIDIG_COMP_CNT") },
	{ R_INIT_VGPR, "gfx9 v1, TIDIG_COMP_CNT 1", VSHARP_GFX9, PROG(g9_read_v1), .tidig = 2 },
	{ R_INIT_VGPR, "gfx10 v1, TIDIG_COMP_CNT 0", VSHARP_GFX10, PROG(g9_read_v1),
	  STRICT("strict: uninitialised VGPR", "reads v1") },
	{ R_INIT_VGPR, "gfx10 v1, TIDIG_COMP_CNT 1", VSHARP_GFX10, PROG(g9_read_v1), .tidig = 2 },

	/* m0, vcc and ttmp are not loaded by a compute dispatch (ttmp7/9 from GFX12). */
	{ R_INIT_SPECIAL, "gfx9 m0 unset", VSHARP_GFX9, PROG(g9_read_m0),
	  STRICT("strict: uninitialised SGPR", "reads m0") },
	{ R_INIT_SPECIAL, "gfx9 m0 set", VSHARP_GFX9, PROG(g9_set_read_m0) },
	{ R_INIT_SPECIAL, "gfx9 vcc unset", VSHARP_GFX9, PROG(g9_read_vcc),
	  STRICT("strict: uninitialised SGPR", "reads vcc") },
	{ R_INIT_SPECIAL, "gfx9 vcc set", VSHARP_GFX9, PROG(g9_set_read_vcc) },
	{ R_INIT_SPECIAL, "gfx11 ttmp9", VSHARP_GFX11, PROG(g11_read_ttmp9),
	  STRICT("strict: uninitialised SGPR", "reads ttmp9") },
	{ R_INIT_SPECIAL, "gfx12 ttmp9 = TGID_X", VSHARP_GFX12, PROG(g11_read_ttmp9) },

	/* Wave size: DISPATCH_INITIATOR.CS_W32_EN against the code's lane masks. */
	{ R_WAVE_SIZE, "gfx10 exec_hi in wave32", VSHARP_GFX10, PROG(g10_exec_hi), .wave32 = true,
	  STRICT("strict: wave size", "exec_hi", "wave32") },
	{ R_WAVE_SIZE, "gfx10 exec_hi in wave64", VSHARP_GFX10, PROG(g10_exec_hi) },
	{ R_WAVE_SIZE, "gfx10 vcc_hi in wave32", VSHARP_GFX10, PROG(g10_vcc_hi), .wave32 = true,
	  STRICT("strict: wave size", "vcc_hi", "wave32") },
	{ R_WAVE_SIZE, "gfx10 vcc_hi in wave64", VSHARP_GFX10, PROG(g10_vcc_hi) },
	{ R_WAVE_SIZE, "gfx10 exec_lo alone in wave64", VSHARP_GFX10, PROG(g10_exec_lo),
	  STRICT("strict: wave size", "exec_lo alone", "wave64") },
	{ R_WAVE_SIZE, "gfx10 exec_lo in wave32", VSHARP_GFX10, PROG(g10_exec_lo), .wave32 = true },
	{ R_WAVE_SIZE, "gfx9 exec_lo alone (wave64 only)", VSHARP_GFX9, PROG(g9_exec_lo) },

	/* Instruction fetch needs an EXECUTABLE mapping. */
	{ R_FETCH, "gfx9 code unmapped", VSHARP_GFX9, PROG(g9_endpgm), .code_map = C_NONE,
	  FAULT(CODE_VA, false, true, false, "instruction fetch", "no mapping") },
	{ R_FETCH, "gfx9 code RW", VSHARP_GFX9, PROG(g9_endpgm), .code_map = C_RW,
	  FAULT(CODE_VA, false, true, true, "instruction fetch", "mapped without AMDGPU_VM_PAGE_EXECUTABLE") },
	{ R_FETCH, "gfx9 code RX", VSHARP_GFX9, PROG(g9_endpgm) },

	/*
	 * Prefetch: code at 0xf00 of its page, s_nops then s_endpgm.  With 16
	 * nops s_endpgm ends at 0xf44, 188 bytes before the page end: less than
	 * Mesa's 3 * 64; with 15 it ends at 0xf40, exactly 192 bytes before.
	 */
	{ R_PREFETCH, "gfx10 16 nops", VSHARP_GFX10, .nops = 16, .code_off = 0xf00,
	  FAULT(CODE_VA + PAGE, false, true, false, "instruction fetch", "instruction prefetch past s_endpgm",
		"ac_align_shader_binary_for_prefetch") },
	{ R_PREFETCH, "gfx10 15 nops", VSHARP_GFX10, .nops = 15, .code_off = 0xf00 },
	{ R_PREFETCH, "gfx10 16 nops, next page RX", VSHARP_GFX10, .nops = 16, .code_off = 0xf00,
	  .code_map = C_RX_2 },
	{ R_PREFETCH, "gfx11 16 nops", VSHARP_GFX11, .nops = 16, .code_off = 0xf00,
	  FAULT(CODE_VA + PAGE, false, true, false, "instruction prefetch") },
	{ R_PREFETCH, "gfx11 15 nops", VSHARP_GFX11, .nops = 15, .code_off = 0xf00 },
	{ R_PREFETCH, "gfx9 16 nops (no prefetch)", VSHARP_GFX9, .nops = 16, .code_off = 0xf00 },
	{ R_PREFETCH, "gfx9 63 nops, s_endpgm in the last dword", VSHARP_GFX9, .nops = 63,
	  .code_off = 0xf00 },

	/* Data: each access needs a mapping with its permission; lane 0 faults first. */
	{ R_DATA_FAULT, "global store to R", VSHARP_GFX9, PROG(g9_global_store), .target = T_RO,
	  FAULT(RO_VA, true, false, true, "write of 4 bytes", "mapped without AMDGPU_VM_PAGE_WRITEABLE") },
	{ R_DATA_FAULT, "global store to RX", VSHARP_GFX9, PROG(g9_global_store), .target = T_CODE,
	  FAULT(CODE_VA, true, false, true, "mapped without AMDGPU_VM_PAGE_WRITEABLE") },
	{ R_DATA_FAULT, "global store to a hole", VSHARP_GFX9, PROG(g9_global_store), .target = T_HOLE,
	  FAULT(HOLE_VA, true, false, false, "no mapping") },
	{ R_DATA_FAULT, "global store to RW", VSHARP_GFX9, PROG(g9_global_store), .n_out = 2 },
	{ R_DATA_FAULT, "SMEM from a hole", VSHARP_GFX9, PROG(g9_smem_load), .target = T_HOLE,
	  FAULT(HOLE_VA, false, false, false, "read of 4 bytes", "no mapping") },
	{ R_DATA_FAULT, "SMEM from R", VSHARP_GFX9, PROG(g9_smem_load), .target = T_RO },
	{ R_DATA_FAULT, "buffer store, V# on RX", VSHARP_GFX9, PROG(g9_buffer_store), .target = T_CODE,
	  FAULT(CODE_VA, true, false, true, "mapped without AMDGPU_VM_PAGE_WRITEABLE") },
	{ R_DATA_FAULT, "buffer store, V# on RW", VSHARP_GFX9, PROG(g9_buffer_store), .n_out = 1 },

	/* LDS is never cleared: work-group 1 reads what work-group 0 left. */
	{ R_LDS_STALE, "gfx9 two work-groups", VSHARP_GFX9, PROG(g9_lds_pass_on), .tgid_x = true,
	  .groups = 2, .lds_bytes = 512, .n_out = 2, .out = { 0, 0xcafe0000 }, .out0_not_written = true },

	/* LDS_SIZE = 1 (512 bytes): 1 KiB on GFX10.3, so byte 768 is in range and stale. */
	{ R_LDS_GRANULE, "gfx10.3 LDS_SIZE 1, byte 768", VSHARP_GFX10_3, PROG(g10_lds_get768),
	  .lds_field = 1, .before = &lds_put768_gfx10_3, .n_out = 1, .out = { 0xcafe0000 } },
	{ R_LDS_GRANULE, "gfx10 LDS_SIZE 1, byte 768 (out of range: 0)", VSHARP_GFX10,
	  PROG(g10_lds_get768), .lds_field = 1, .before = &lds_put768_gfx10, .n_out = 1, .out = { 0 } },
	{ R_LDS_GRANULE, "gfx10 LDS_SIZE 2, byte 768", VSHARP_GFX10, PROG(g10_lds_get768),
	  .lds_field = 2, .before = &lds_put768_gfx10, .n_out = 1, .out = { 0xcafe0000 } },

	/* A work-group whose LDS does not fit the CU never launches. */
	{ R_LDS_HANG, "32 KiB on a 16 KiB CU", VSHARP_GFX9, PROG(g9_endpgm), .lds_bytes = 32768,
	  .lds_per_cu = 16384, HANG("strict: LDS allocation", "32768 bytes", "the CU has 16384") },
	{ R_LDS_HANG, "16 KiB on a 16 KiB CU", VSHARP_GFX9, PROG(g9_endpgm), .lds_bytes = 16384,
	  .lds_per_cu = 16384 },

	/* VMEM results: vmcnt (GFX9), loadcnt (GFX12); in order. */
	{ R_WAIT_VMEM, "gfx9 no vmcnt", VSHARP_GFX9, PROG(g9_vmem_nowait),
	  STRICT("strict: missing wait", "reads v1", "still counted in vmcnt") },
	{ R_WAIT_VMEM, "gfx9 vmcnt(0)", VSHARP_GFX9, PROG(g9_vmem_wait) },
	{ R_WAIT_VMEM, "gfx9 vmcnt(1), younger", VSHARP_GFX9, PROG(g9_vmem_younger),
	  STRICT("strict: missing wait", "reads v2") },
	{ R_WAIT_VMEM, "gfx9 vmcnt(1), older", VSHARP_GFX9, PROG(g9_vmem_older) },
	{ R_WAIT_VMEM, "gfx12 no loadcnt", VSHARP_GFX12, PROG(g12_load_nowait),
	  STRICT("strict: missing wait", "reads v1", "still counted in loadcnt") },
	{ R_WAIT_VMEM, "gfx12 s_wait_loadcnt 0", VSHARP_GFX12, PROG(g12_load_wait) },

	/* SMEM results: out of order, only lgkmcnt(0) retires them. */
	{ R_WAIT_SMEM, "gfx9 two loads, lgkmcnt(1)", VSHARP_GFX9, PROG(g9_smem_lgkm1),
	  STRICT("strict: missing wait", "reads s2", "still counted in lgkmcnt") },
	{ R_WAIT_SMEM, "gfx9 two loads, lgkmcnt(0)", VSHARP_GFX9, PROG(g9_smem_lgkm0) },

	/* DS results: lgkmcnt (GFX9), dscnt (GFX12). */
	{ R_WAIT_DS, "gfx9 no lgkmcnt", VSHARP_GFX9, PROG(g9_ds_nowait), .lds_bytes = 512,
	  STRICT("strict: missing wait", "reads v2", "still counted in lgkmcnt") },
	{ R_WAIT_DS, "gfx9 lgkmcnt(0)", VSHARP_GFX9, PROG(g9_ds_wait), .lds_bytes = 512 },
	{ R_WAIT_DS, "gfx9 DS and SMEM, lgkmcnt(1)", VSHARP_GFX9, PROG(g9_ds_smem_lgkm1), .lds_bytes = 512,
	  STRICT("strict: missing wait", "reads v2", "still counted in lgkmcnt") },
	{ R_WAIT_DS, "gfx12 no dscnt", VSHARP_GFX12, PROG(g12_ds_nowait), .lds_bytes = 1024,
	  STRICT("strict: missing wait", "reads v2", "still counted in dscnt") },
	{ R_WAIT_DS, "gfx12 s_wait_dscnt 0", VSHARP_GFX12, PROG(g12_ds_wait), .lds_bytes = 1024 },
	{ R_WAIT_DS, "gfx12 BVH stack ADDR, no dscnt", VSHARP_GFX12, PROG(g12_bvh_nowait), .lds_bytes = 1024,
	  STRICT("strict: missing wait", "reads v1", "still counted in dscnt") },
	{ R_WAIT_DS, "gfx12 BVH stack ADDR, s_wait_dscnt 0", VSHARP_GFX12, PROG(g12_bvh_wait), .lds_bytes = 1024 },
	{ R_WAIT_DS, "gfx11 lds_direct_load, lgkmcnt(0)", VSHARP_GFX11, PROG(g11_ldsdir_lgkm),
	  .pixel_lds = true, .lds_bytes = 1024, STRICT("strict: missing wait", "reads v2", "still counted in expcnt") },
	{ R_WAIT_DS, "gfx11 lds_direct_load, expcnt(0)", VSHARP_GFX11, PROG(g11_ldsdir_exp),
	  .pixel_lds = true, .lds_bytes = 1024 },
	{ R_WAIT_DS, "gfx12 ds_direct_load, s_wait_dscnt 0", VSHARP_GFX12, PROG(g12_ldsdir_dscnt),
	  .pixel_lds = true, .lds_bytes = 1024, STRICT("strict: missing wait", "reads v2", "still counted in expcnt") },
	{ R_WAIT_DS, "gfx12 ds_direct_load, s_wait_expcnt 0", VSHARP_GFX12, PROG(g12_ldsdir_exp),
	  .pixel_lds = true, .lds_bytes = 1024 },

	/* A register a load still targets is written (write after write). */
	{ R_WAIT_WAW, "gfx9 v1 written under a load", VSHARP_GFX9, PROG(g9_waw_nowait),
	  STRICT("strict: missing wait", "writes v1", "is overwritten when the load lands") },
	{ R_WAIT_WAW, "gfx9 v1 written after vmcnt(0)", VSHARP_GFX9, PROG(g9_waw_wait) },

	/* Every register the dispatch reads comes from this IB. */
	{ R_DISPATCH_REGS, "gfx9 no COMPUTE_PGM_RSRC2", VSHARP_GFX9, PROG(g9_endpgm),
	  .omit_reg = VSHARP_COMPUTE_PGM_RSRC2,
	  STRICT("strict: dispatch state", "COMPUTE_PGM_RSRC2 (0x2e13): never written") },
	/*
	 * A USER_DATA register never written only leaves its SGPR unset: the
	 * dispatch is taken, and reading that SGPR is the strict error (libdrm
	 * tests/amdgpu basic_tests.c sets USER_SGPR 8, writes USER_DATA_0-1).
	 */
	{ R_DISPATCH_REGS, "gfx11 no COMPUTE_USER_DATA_3, s3 not read", VSHARP_GFX11,
	  .code = g11_read_ttmp9 + 1, .n_code = 1, .omit_reg = VSHARP_COMPUTE_USER_DATA_0 + 3 },
	{ R_DISPATCH_REGS, "gfx9 no COMPUTE_USER_DATA_3, s3 not read", VSHARP_GFX9, PROG(g9_s13),
	  .omit_reg = VSHARP_COMPUTE_USER_DATA_0 + 3 },
	{ R_DISPATCH_REGS, "gfx9 no COMPUTE_USER_DATA_3, s3 read", VSHARP_GFX9, PROG(g9_read_s3),
	  .omit_reg = VSHARP_COMPUTE_USER_DATA_0 + 3,
	  STRICT("strict: uninitialised SGPR", "reads s3",
		 "loaded from COMPUTE_USER_DATA_3 (0x2e43), never written") },
	{ R_DISPATCH_REGS, "gfx9 COMPUTE_USER_DATA_3 written, s3 read", VSHARP_GFX9, PROG(g9_read_s3) },
	{ R_DISPATCH_REGS, "gfx9 no COMPUTE_NUM_THREAD_Y", VSHARP_GFX9, PROG(g9_endpgm),
	  .omit_reg = VSHARP_COMPUTE_NUM_THREAD_X + 1,
	  STRICT("strict: dispatch state", "COMPUTE_NUM_THREAD_Y (0x2e08): never written") },
	{ R_DISPATCH_REGS, "gfx9 all written", VSHARP_GFX9, PROG(g9_endpgm) },
	/*
	 * Profiling state radeonsi writes on every compute queue (Mesa
	 * si_compute.c si_emit_initial_compute_regs) changes no result: an IB
	 * may leave it, as libdrm's tests/amdgpu shader_test_util.c does.
	 */
	{ R_DISPATCH_REGS, "gfx6 no COMPUTE_MAX_WAVE_ID", VSHARP_GFX6,
	  .omit_reg = VSHARP_COMPUTE_MAX_WAVE_ID, .nops = 1 },
	{ R_DISPATCH_REGS, "gfx6 all written", VSHARP_GFX6, .nops = 1 },
	{ R_DISPATCH_REGS, "gfx7 no COMPUTE_PERFCOUNT_ENABLE", VSHARP_GFX7,
	  .omit_reg = VSHARP_COMPUTE_PERFCOUNT_ENABLE, .nops = 1 },
	{ R_DISPATCH_REGS, "gfx12 no COMPUTE_THREAD_TRACE_ENABLE", VSHARP_GFX12,
	  .omit_reg = VSHARP_COMPUTE_THREAD_TRACE_ENABLE, .nops = 1 },
	{ R_DISPATCH_REGS, "gfx7 all written", VSHARP_GFX7, .nops = 1 },

	/*
	 * Tonga and Iceland (gfx802, and gfx805) must allocate exactly 96
	 * SGPRs: LLVM AMDGPU.td FeatureSGPRInitBug, AMDGPUBaseInfo.h
	 * FIXED_NUM_SGPRS_FOR_INIT_BUG = 96 (llvm-mc-19 encodes RSRC1.SGPRS 11
	 * there for any kernel).  Other GFX8 processors take what is asked.
	 */
	{ R_SGPR_INIT_BUG, "gfx802 16 SGPRs", VSHARP_GFX8, .cpu = "gfx802",
	  STRICT("strict: SGPR init bug: gfx802 allocates 16 SGPRs (COMPUTE_PGM_RSRC1.SGPRS 1)",
		 "needs exactly 96 (SGPRS 11)",
		 "LLVM AMDGPU.td FeatureSGPRInitBug, AMDGPUBaseInfo.h FIXED_NUM_SGPRS_FOR_INIT_BUG") },
	{ R_SGPR_INIT_BUG, "gfx805 104 SGPRs", VSHARP_GFX8, .cpu = "gfx805", .sgprs = 104,
	  STRICT("strict: SGPR init bug: gfx805 allocates 104 SGPRs (COMPUTE_PGM_RSRC1.SGPRS 12)") },
	{ R_SGPR_INIT_BUG, "gfx802 96 SGPRs", VSHARP_GFX8, .cpu = "gfx802", .sgprs = 96 },
	{ R_SGPR_INIT_BUG, "gfx803 16 SGPRs", VSHARP_GFX8, .cpu = "gfx803" },

	/*
	 * DISPATCH_INITIATOR.ORDER_MODE (bit 6) exists from GFX7: radeonsi
	 * si_compute.c S_00B800_ORDER_MODE(sctx->gfx_level >= GFX7).
	 */
	{ R_ORDER_MODE, "gfx6 ORDER_MODE set", VSHARP_GFX6, .order_mode = true,
	  STRICT("strict: DISPATCH_INITIATOR: bit 6 (ORDER_MODE) set in 0x00000045 on gfx6",
		 "radeonsi sets ORDER_MODE only from GFX7 (si_compute.c") },
	{ R_ORDER_MODE, "gfx6 ORDER_MODE clear", VSHARP_GFX6, .nops = 1 },
	{ R_ORDER_MODE, "gfx7 ORDER_MODE set", VSHARP_GFX7, .order_mode = true },

	/*
	 * A hazard stops the wave before the instruction issues (the rules:
	 * test_emu_hazard); LLVM inserts s_mov_b32 null, 0 for gfx1010 only.
	 */
	{ R_HAZARD, "gfx1010 SMEM then VALU write", VSHARP_GFX10, PROG(g1010_smem_valu), .wave32 = true,
	  STRICT("strict: SMEMtoVectorWrite hazard", "v_readfirstlane_b32 at pc 0x10008 writes s0",
		 "fixSMEMtoVectorWriteHazards") },
	{ R_HAZARD, "gfx1010 SMEM, SALU, VALU write", VSHARP_GFX10, PROG(g1010_smem_salu_valu),
	  .wave32 = true },
	{ R_HAZARD, "gfx1030 SMEM then VALU write", VSHARP_GFX10_3, PROG(g1010_smem_valu), .wave32 = true },
	/* gfx1010's misaligned multi-dword LDS bug, WGP mode only (LLVM FeatureLdsMisalignedBug). */
	{ R_HAZARD, "gfx1010 WGP misaligned ds_read_b64", VSHARP_GFX10, PROG(g10_ds_b64_at4),
	  .wave32 = true, .wgp = true, .lds_bytes = 1024,
	  STRICT("strict: LDS misaligned in WGP mode", "ds_read_b64", "FeatureLdsMisalignedBug") },
	{ R_HAZARD, "gfx1010 CU misaligned ds_read_b64", VSHARP_GFX10, PROG(g10_ds_b64_at4),
	  .wave32 = true, .lds_bytes = 1024 },
	{ R_HAZARD, "gfx1030 WGP misaligned ds_read_b64", VSHARP_GFX10_3, PROG(g10_ds_b64_at4),
	  .wave32 = true, .wgp = true, .lds_bytes = 1024 },

	{ R_CODE_END, "gfx10 into s_code_end", VSHARP_GFX10, PROG(g10_into_code_end),
	  STRICT("strict: code end", "s_code_end") },
	{ R_CODE_END, "gfx10 s_endpgm before s_code_end", VSHARP_GFX10, PROG(g10_before_code_end) },

	{ R_DEALLOC_VGPRS, "gfx1100 VALU after MSG_DEALLOC_VGPRS", VSHARP_GFX11,
	  PROG(g11_dealloc_then_valu),
	  STRICT("strict: VGPRs deallocated", "v_mov_b32_e32 at pc 0x10004", "S_ENDPGM") },
	{ R_DEALLOC_VGPRS, "gfx1100 MSG_DEALLOC_VGPRS then s_endpgm", VSHARP_GFX11,
	  PROG(g11_valu_then_dealloc) },

	{ R_ENDLESS, "gfx9 s_branch to itself", VSHARP_GFX9, PROG(g9_spin), .max_insns = 1000,
	  HANG("did not reach s_endpgm within 1000 instructions", "hangs") },
	{ R_ENDLESS, "gfx9 s_branch to the next", VSHARP_GFX9, PROG(g9_no_spin), .max_insns = 2 },

	/*
	 * LDS direct and parameter loads are pixel-wave instructions: a
	 * parameter load waits for the pixel-only STATUS.LDS_PARAM_RDY ("PS
	 * shaders only" in RDNA3 §3.4.1 Table 5, "Pixel shaders only" in RDNA4),
	 * a direct load is defined "for pixel waves" only (§12.2).  In a compute
	 * wave without the IB's pixel-wave NOP: a hang, and undefined; with it,
	 * they run.  The report names the wave by work-group and first thread.
	 */
	{ R_PIXEL_WAVE, "gfx11 lds_param_load in a compute wave", VSHARP_GFX11, PROG(g11_param_exp),
	  .lds_bytes = 1024,
	  HANG("strict: pixel-wave instruction: lds_param_load at pc 0x10008 in the wave of work-group (0,0,0) from thread 0",
	       "STATUS.LDS_PARAM_RDY (\"PS shaders only\") is set \"stalls until the bit is set\"",
	       "(RDNA3 ISA §3.4.1 Table 5, §12.2): the queue hangs") },
	{ R_PIXEL_WAVE, "gfx11 lds_param_load, IB asks for pixel-wave LDS", VSHARP_GFX11,
	  PROG(g11_param_exp), .pixel_lds = true, .lds_bytes = 1024 },
	{ R_PIXEL_WAVE, "gfx11 lds_direct_load in a compute wave", VSHARP_GFX11, PROG(g11_ldsdir_exp),
	  .lds_bytes = 1024,
	  STRICT("strict: pixel-wave instruction: lds_direct_load at pc 0x10008",
		 "RDNA3 ISA defines it for pixel waves only (§12.2, §12.4)", "gives a compute wave no result") },
	{ R_PIXEL_WAVE, "gfx12 ds_param_load in a compute wave", VSHARP_GFX12, PROG(g12_param_exp),
	  .lds_bytes = 1024,
	  HANG("strict: pixel-wave instruction: ds_param_load at pc 0x10008",
	       "STATUS.LDS_PARAM_RDY (\"Pixel shaders only\")",
	       "(RDNA4 ISA §3.4.1 Table 5, §12.2): the queue hangs") },
	{ R_PIXEL_WAVE, "gfx12 ds_param_load, IB asks for pixel-wave LDS", VSHARP_GFX12,
	  PROG(g12_param_exp), .pixel_lds = true, .lds_bytes = 1024 },
	{ R_PIXEL_WAVE, "gfx12 ds_direct_load in a compute wave", VSHARP_GFX12, PROG(g12_ldsdir_exp),
	  .lds_bytes = 1024,
	  STRICT("strict: pixel-wave instruction: ds_direct_load at pc 0x10008",
		 "RDNA4 ISA defines it for pixel waves only (§12.2, §12.4)") },

	/* Not in WGP mode, pixel-wave NOP or not (RDNA3/RDNA4 §2.3, §12.2.1, §12.4). */
	{ R_WGP_MODE, "gfx11 lds_direct_load, WGP mode", VSHARP_GFX11, PROG(g11_ldsdir_exp),
	  .pixel_lds = true, .wgp = true, .lds_bytes = 1024,
	  STRICT("strict: WGP mode: lds_direct_load at pc 0x10008", "COMPUTE_PGM_RSRC1.WGP_MODE is 1",
		 "\"not supported in WGP mode\" (RDNA3 ISA §2.3; CU mode only, §12.2.1, §12.4)") },
	{ R_WGP_MODE, "gfx12 ds_param_load, WGP mode", VSHARP_GFX12, PROG(g12_param_exp),
	  .pixel_lds = true, .wgp = true, .lds_bytes = 1024,
	  STRICT("strict: WGP mode: ds_param_load at pc 0x10008", "(RDNA4 ISA §2.3;") },
	{ R_WGP_MODE, "gfx12 WGP mode without LDS direct or parameter loads", VSHARP_GFX12,
	  PROG(g12_ds_wait), .wgp = true, .lds_bytes = 1024 },
	{ R_WGP_MODE, "gfx11 lds_direct_load, CU mode", VSHARP_GFX11, PROG(g11_ldsdir_exp),
	  .pixel_lds = true, .lds_bytes = 1024 },
};

/* ---- The rig: a GPU, a VM and the pages behind it ---------------------------- */

enum { P_CODE, P_CODE2, P_DATA, P_RO, P_IB, N_PAGES };

struct rig {
	struct vsharp_vm *vm;
	struct vsharp_gpu *gpu;
	uint8_t *mem;		/* N_PAGES pages */
};

static uint8_t *page(const struct rig *r, unsigned p)
{
	return r->mem + (size_t)p * PAGE;
}

static int rig_open(struct rig *r, const struct run *c, struct vsharp_error *err)
{
	struct vsharp_gpu_config cfg;
	int ret;

	memset(r, 0, sizeof(*r));
	vsharp_gpu_config_default(c->level, &cfg);
	if (c->cpu)
		cfg.target = vsharp_target_find(c->cpu);
	cfg.vmid = VMID;
	cfg.pasid = PASID;
	if (c->lds_per_cu)
		cfg.lds_per_cu = c->lds_per_cu;
	if (c->max_insns)
		cfg.max_wave_instructions = c->max_insns;
	r->mem = aligned_alloc(PAGE, N_PAGES * PAGE);
	if (!r->mem)
		return vsharp_fail(err, -ENOMEM, "test: no memory");
	memset(r->mem, 0, N_PAGES * PAGE);
	if ((ret = vsharp_gpu_create(&cfg, &r->gpu, err)) || (ret = vsharp_vm_create(&r->vm, err)))
		return ret;
	if (c->code_map != C_NONE &&
	    (ret = vsharp_vm_map(r->vm, CODE_VA, PAGE, page(r, P_CODE),
				 c->code_map == C_RW ? VSHARP_VM_READ | VSHARP_VM_WRITE :
						      VSHARP_VM_READ | VSHARP_VM_EXEC, err)))
		return ret;
	if (c->code_map == C_RX_2 &&
	    (ret = vsharp_vm_map(r->vm, CODE_VA + PAGE, PAGE, page(r, P_CODE2),
				 VSHARP_VM_READ | VSHARP_VM_EXEC, err)))
		return ret;
	if ((ret = vsharp_vm_map(r->vm, DATA_VA, PAGE, page(r, P_DATA), VSHARP_VM_READ | VSHARP_VM_WRITE, err)) ||
	    (ret = vsharp_vm_map(r->vm, RO_VA, PAGE, page(r, P_RO), VSHARP_VM_READ, err)) ||
	    (ret = vsharp_vm_map(r->vm, IB_VA, PAGE, page(r, P_IB), VSHARP_VM_READ, err)))
		return ret;
	return 0;
}

static void rig_close(struct rig *r)
{
	vsharp_gpu_destroy(r->gpu);
	vsharp_vm_destroy(r->vm);
	free(r->mem);
}

static void put_reg(struct vsharp_ib *ib, uint32_t omit, uint32_t reg, uint32_t value)
{
	if (reg == omit || ib->n + 3 > ib->cap)
		return;
	ib->dw[ib->n++] = VSHARP_PKT3(VSHARP_PKT3_SET_SH_REG, 1, true);
	ib->dw[ib->n++] = reg - VSHARP_SH_REG_BASE;
	ib->dw[ib->n++] = value;
}

/*
 * Writes C's code into the code page and its dispatch into the IB page:
 * one SET_SH_REG per register (so that a row can leave one out), values
 * from vsharp_pm4_encode(), LDS_SIZE overridden when the row says so.
 */
static int build(struct rig *r, const struct run *c, unsigned *ib_dwords, struct vsharp_error *err)
{
	uint32_t *code = (uint32_t *)(void *)(page(r, P_CODE) + c->code_off);
	struct vsharp_pm4_encoded e;
	struct vsharp_dispatch d;
	struct vsharp_ib ib;
	int ret;

	if (c->code) {
		memcpy(code, c->code, 4 * c->n_code);
	} else {
		for (unsigned i = 0; i < c->nops; i++)
			code[i] = S_NOP0;
		code[c->nops] = s_endpgm_word(c->level);
	}
	memset(&d, 0, sizeof(d));
	d.level = c->level;
	d.pgm_va = CODE_VA + c->code_off;
	d.vgprs = c->vgprs ? c->vgprs : 8;
	d.sgprs = c->sgprs ? c->sgprs : 16;
	d.wave32 = c->wave32;
	/* s[0:3]: the target's address, or a V# over its page. */
	d.user_sgprs = 4;
	d.user_data[0] = (uint32_t)target_va[c->target];
	d.user_data[1] = (uint32_t)(target_va[c->target] >> 32);
	d.user_data[2] = PAGE;
	d.user_data[3] = GFX9_VDESC3;
	d.lds_bytes = c->lds_bytes;
	d.threads[0] = c->wave32 ? 32 : 64;
	d.threads[1] = d.threads[2] = 1;
	d.groups[0] = c->groups ? c->groups : 1;
	d.groups[1] = d.groups[2] = 1;
	d.tgid[0] = c->tgid_x;
	d.tidig_comps = c->tidig ? c->tidig : 1;
	ret = vsharp_pm4_encode(&d, &e, err);
	if (ret)
		return ret;
	if (c->lds_field)
		e.rsrc2 = (e.rsrc2 & ~(0x1ffu << 15)) | c->lds_field << 15;
	/* WGP_MODE: Mesa sid.h S_00B848_WGP_MODE, bit 29 of COMPUTE_PGM_RSRC1. */
	if (c->wgp)
		e.rsrc1 |= 1u << 29;
	/* ORDER_MODE: Mesa sid.h S_00B800_ORDER_MODE, bit 6 of COMPUTE_DISPATCH_INITIATOR. */
	if (c->order_mode)
		e.initiator |= 1u << 6;

	vsharp_ib_init(&ib, (uint32_t *)(void *)page(r, P_IB), PAGE / 4);
	for (unsigned i = 0; i < 3; i++)
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_NUM_THREAD_X + i, e.num_thread[i]);
	put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PGM_LO, e.pgm_lo);
	put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PGM_HI, e.pgm_hi);
	put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PGM_RSRC1, e.rsrc1);
	put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PGM_RSRC2, e.rsrc2);
	if (vsharp_pm4_level(c->level)->rsrc3)
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PGM_RSRC3, e.rsrc3);
	for (unsigned i = 0; i < d.user_sgprs; i++)
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_USER_DATA_0 + i, d.user_data[i]);
	/* What Mesa si_compute.c si_emit_initial_compute_regs writes on a compute queue. */
	if (c->level == VSHARP_GFX6) {
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_MAX_WAVE_ID, 0x190);
	} else {
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_PERFCOUNT_ENABLE, 0);
		put_reg(&ib, c->omit_reg, VSHARP_COMPUTE_THREAD_TRACE_ENABLE, 0);
	}
	if (c->pixel_lds) {
		ib.dw[ib.n++] = VSHARP_PKT3(VSHARP_PKT3_NOP, 0, true);
		ib.dw[ib.n++] = VSHARP_GPU_NOP_PIXEL_LDS;
	}
	ib.dw[ib.n++] = VSHARP_PKT3(VSHARP_PKT3_DISPATCH_DIRECT, 3, true);
	for (unsigned i = 0; i < 3; i++)
		ib.dw[ib.n++] = d.groups[i];
	ib.dw[ib.n++] = e.initiator;
	*ib_dwords = ib.n;
	return 0;
}

static int run_on(struct rig *r, const struct run *c, struct vsharp_error *err)
{
	unsigned n = 0;
	int ret = build(r, c, &n, err);

	return ret ? ret : vsharp_gpu_run_ib(r->gpu, r->vm, IB_VA, n, err);
}

static void run_checks(struct ktap *t, const struct run *c)
{
	struct vsharp_error err = { "" };
	struct vsharp_gpu_fault f;
	enum vsharp_gpu_outcome outcome;
	const uint32_t *out;
	struct rig r;
	int ret;

	ret = rig_open(&r, c, &err);
	if (!ret && c->before) {
		ret = run_on(&r, c->before, &err);
		CHECK_MSG(t, ret == 0, "%s: the run before it: %d %s", c->what, ret, err.msg);
	}
	if (!ret) {
		/* Mark the output so that "not written" and "wrote 0" differ. */
		memset(page(&r, P_DATA), 0x5a, PAGE);
		ret = run_on(&r, c, &err);
	}
	CHECK_MSG(t, ret == c->ret, "%s: returned %d, expected %d: %s", c->what, ret, c->ret, err.msg);
	if (!r.gpu)
		goto out;
	outcome = vsharp_gpu_last_outcome(r.gpu, &f);
	CHECK_MSG(t, outcome == (c->ret ? c->outcome : VSHARP_GPU_DONE), "%s: outcome %d", c->what, outcome);
	for (unsigned i = 0; i < ARRAY_SIZE(c->msg) && c->msg[i]; i++)
		CHECK_MSG(t, strstr(err.msg, c->msg[i]) != NULL, "%s: no \"%s\" in: %s", c->what, c->msg[i],
			  err.msg);
	if (c->fault) {
		char line[160];

		/* amdgpu's two lines: the VMID and PASID, then the page (VA & ~0xfff). */
		snprintf(line, sizeof(line),
			 "[gfxhub] page fault (src_id:0 ring:0 vmid:%u pasid:%u)\n  in page starting at address 0x%016" PRIx64 " ",
			 VMID, PASID, c->fault_va & ~(uint64_t)0xfff);
		CHECK_MSG(t, strncmp(err.msg, line, strlen(line)) == 0, "%s: expected \"%s\" at the start of: %s",
			  c->what, line, err.msg);
		CHECK_MSG(t, f.va == c->fault_va, "%s: fault va 0x%" PRIx64, c->what, f.va);
		CHECK_MSG(t, f.write == c->write && f.exec == c->exec && f.mapped == c->mapped,
			  "%s: fault write %d exec %d mapped %d", c->what, f.write, f.exec, f.mapped);
	} else {
		CHECK_MSG(t, !f.va && !f.write && !f.exec && !f.mapped, "%s: a fault at 0x%" PRIx64 " recorded",
			  c->what, f.va);
	}
	out = (const uint32_t *)(const void *)page(&r, P_DATA);
	for (unsigned i = 0; !c->ret && i < c->n_out; i++) {
		if (i == 0 && c->out0_not_written)
			CHECK_MSG(t, out[0] != 0x5a5a5a5a && out[0] != 0xcafe0000, "%s: out[0] 0x%08x",
				  c->what, out[0]);
		else
			CHECK_MSG(t, out[i] == c->out[i], "%s: out[%u] 0x%08x, expected 0x%08x", c->what, i,
				  out[i], c->out[i]);
	}
out:
	rig_close(&r);
}

static void check_rule(struct ktap *t, enum rule rule)
{
	unsigned fail = 0, pass = 0, valued = 0;

	for (size_t i = 0; i < ARRAY_SIZE(runs); i++) {
		if (runs[i].rule != rule)
			continue;
		run_checks(t, &runs[i]);
		if (runs[i].ret)
			fail++;
		else
			pass++;
		valued += runs[i].n_out > 0;
	}
	/*
	 * Every rule has a run that breaks it and a control that passes; the
	 * LDS rules are about values, so theirs are runs that check them.
	 */
	CHECK_MSG(t, pass && (fail || valued), "rule %d: %u breaking runs, %u controls, %u checking values",
		  rule, fail, pass, valued);
}

#define RULE_CASE(fn, rule) static void fn(struct ktap *t) { check_rule(t, rule); }
RULE_CASE(test_vgpr_allocation, R_VGPR_ALLOC)
RULE_CASE(test_sgpr_allocation, R_SGPR_ALLOC)
RULE_CASE(test_uninitialised_sgpr, R_INIT_SGPR)
RULE_CASE(test_uninitialised_vgpr, R_INIT_VGPR)
RULE_CASE(test_m0_vcc_ttmp_before_set, R_INIT_SPECIAL)
RULE_CASE(test_wave_size, R_WAVE_SIZE)
RULE_CASE(test_fetch_needs_exec, R_FETCH)
RULE_CASE(test_prefetch_window, R_PREFETCH)
RULE_CASE(test_data_fault, R_DATA_FAULT)
RULE_CASE(test_lds_stale, R_LDS_STALE)
RULE_CASE(test_lds_granule, R_LDS_GRANULE)
RULE_CASE(test_lds_too_big_hangs, R_LDS_HANG)
RULE_CASE(test_wait_vmem, R_WAIT_VMEM)
RULE_CASE(test_wait_smem_out_of_order, R_WAIT_SMEM)
RULE_CASE(test_wait_ds, R_WAIT_DS)
RULE_CASE(test_wait_write_after_write, R_WAIT_WAW)
RULE_CASE(test_dispatch_registers, R_DISPATCH_REGS)
RULE_CASE(test_code_end, R_CODE_END)
RULE_CASE(test_endless_wave, R_ENDLESS)
RULE_CASE(test_ldsdir_pixel_wave, R_PIXEL_WAVE)
RULE_CASE(test_ldsdir_wgp_mode, R_WGP_MODE)
RULE_CASE(test_sgpr_init_bug, R_SGPR_INIT_BUG)
RULE_CASE(test_order_mode_gfx6, R_ORDER_MODE)
RULE_CASE(test_hazard, R_HAZARD)
RULE_CASE(test_dealloc_vgprs, R_DEALLOC_VGPRS)

/* ---- vsharp_vm ---------------------------------------------------------------- */

static void test_vm_map_unmap(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_vm *vm;
	uint64_t start, size;
	unsigned perms;
	uint8_t *host = aligned_alloc(PAGE, 4 * PAGE);

	if (!CHECK(t, host && vsharp_vm_create(&vm, &err) == 0)) {
		free(host);
		return;
	}
	CHECK(t, vsharp_vm_map(vm, 0x100000, 4 * PAGE, host, VSHARP_VM_READ | VSHARP_VM_WRITE, &err) == 0);
	/* Overlaps at either end or inside are refused and name both ranges. */
	CHECK(t, vsharp_vm_map(vm, 0x100000 + 3 * PAGE, 2 * PAGE, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "overlaps the mapping [0x100000, 0x104000)") != NULL, "%s", err.msg);
	CHECK(t, vsharp_vm_map(vm, 0x100000 - PAGE, 2 * PAGE, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK(t, vsharp_vm_map(vm, 0x100000 + PAGE, PAGE, host, VSHARP_VM_READ, &err) == -EINVAL);
	/* Unaligned, empty or wrapping ranges, and unknown permissions. */
	CHECK(t, vsharp_vm_map(vm, 0x200800, PAGE, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK(t, vsharp_vm_map(vm, 0x200000, PAGE + 4, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK(t, vsharp_vm_map(vm, 0x200000, 0, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK(t, vsharp_vm_map(vm, UINT64_MAX - PAGE + 1, 2 * PAGE, host, VSHARP_VM_READ, &err) == -EINVAL);
	CHECK(t, vsharp_vm_map(vm, 0x200000, PAGE, host, 8, &err) == -EINVAL);
	CHECK(t, vsharp_vm_unmap(vm, 0x100800, PAGE, &err) == -EINVAL);
	CHECK(t, vsharp_vm_unmap(vm, 0x100000, 0, &err) == -EINVAL);

	/* Unmapping the second page splits the mapping; the host pointer follows. */
	CHECK(t, vsharp_vm_unmap(vm, 0x100000 + PAGE, PAGE, &err) == 0);
	CHECK(t, vsharp_vm_lookup(vm, 0x100000, &start, &size, &perms) == 0 && start == 0x100000 &&
		 size == PAGE && perms == (VSHARP_VM_READ | VSHARP_VM_WRITE));
	CHECK(t, vsharp_vm_lookup(vm, 0x100000 + PAGE, &start, &size, &perms) == -ENOENT);
	CHECK(t, vsharp_vm_lookup(vm, 0x100000 + 3 * PAGE + 8, &start, &size, &perms) == 0 &&
		 start == 0x100000 + 2 * PAGE && size == 2 * PAGE);
	CHECK(t, vsharp_vm_at(vm, 0x100000 + 2 * PAGE + 16, 4, VSHARP_VM_WRITE) == host + 2 * PAGE + 16);
	CHECK(t, vsharp_vm_at(vm, 0x100000 + PAGE, 4, VSHARP_VM_READ) == NULL);
	/* Permissions are checked per access; a range must not leave its mapping. */
	CHECK(t, vsharp_vm_at(vm, 0x100000, 4, VSHARP_VM_EXEC) == NULL);
	CHECK(t, vsharp_vm_at(vm, 0x100000 + PAGE - 2, 4, VSHARP_VM_READ) == NULL);
	/* The hole can be mapped again; an unmap across holes and mappings clears all. */
	CHECK(t, vsharp_vm_map(vm, 0x100000 + PAGE, PAGE, host + PAGE, VSHARP_VM_READ, &err) == 0);
	CHECK(t, vsharp_vm_unmap(vm, 0xff000, 6 * PAGE, &err) == 0);
	CHECK(t, vsharp_vm_lookup(vm, 0x100000 + 3 * PAGE, &start, &size, &perms) == -ENOENT);
	CHECK(t, vsharp_vm_lookup(vm, 0x100000, &start, &size, &perms) == -ENOENT);
	vsharp_vm_destroy(vm);
	free(host);
}

/* The IB itself is fetched through the VM: an unmapped IB is a read fault. */
static void test_ib_fetch_fault(struct ktap *t)
{
	static const struct run c = { .level = VSHARP_GFX9 };
	struct vsharp_error err = { "" };
	struct vsharp_gpu_fault f;
	struct rig r;

	if (!CHECK_MSG(t, rig_open(&r, &c, &err) == 0, "%s", err.msg)) {
		rig_close(&r);
		return;
	}
	CHECK(t, vsharp_gpu_run_ib(r.gpu, r.vm, HOLE_VA, 8, &err) == -EFAULT);
	CHECK(t, vsharp_gpu_last_outcome(r.gpu, &f) == VSHARP_GPU_VM_FAULT);
	CHECK(t, f.va == HOLE_VA && !f.write && !f.exec && !f.mapped);
	CHECK_MSG(t, strstr(err.msg, "in page starting at address 0x0000000000050000") != NULL, "%s", err.msg);
	/* A mapped IB with nothing in it but NOPs ends. */
	for (unsigned i = 0; i < 8; i++)
		((uint32_t *)(void *)page(&r, P_IB))[i] = VSHARP_PM4_NOP1;
	CHECK(t, vsharp_gpu_run_ib(r.gpu, r.vm, IB_VA, 8, &err) == 0);
	CHECK(t, vsharp_gpu_last_outcome(r.gpu, &f) == VSHARP_GPU_DONE && !f.va);
	rig_close(&r);
}

KTAP_MAIN(KTAP_CASE(test_hazard), KTAP_CASE(test_vgpr_allocation), KTAP_CASE(test_sgpr_allocation),
	  KTAP_CASE(test_uninitialised_sgpr), KTAP_CASE(test_uninitialised_vgpr),
	  KTAP_CASE(test_m0_vcc_ttmp_before_set), KTAP_CASE(test_wave_size),
	  KTAP_CASE(test_fetch_needs_exec), KTAP_CASE(test_prefetch_window),
	  KTAP_CASE(test_data_fault), KTAP_CASE(test_lds_stale), KTAP_CASE(test_lds_granule),
	  KTAP_CASE(test_lds_too_big_hangs), KTAP_CASE(test_wait_vmem),
	  KTAP_CASE(test_wait_smem_out_of_order), KTAP_CASE(test_wait_ds),
	  KTAP_CASE(test_wait_write_after_write), KTAP_CASE(test_dispatch_registers),
	  KTAP_CASE(test_code_end), KTAP_CASE(test_dealloc_vgprs), KTAP_CASE(test_endless_wave),
	  KTAP_CASE(test_ldsdir_pixel_wave), KTAP_CASE(test_ldsdir_wgp_mode), KTAP_CASE(test_sgpr_init_bug),
	  KTAP_CASE(test_order_mode_gfx6), KTAP_CASE(test_vm_map_unmap),
	  KTAP_CASE(test_ib_fetch_fault))
