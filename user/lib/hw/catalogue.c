// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "vsharp/ops.h"
#include "base/util.h"
#include "hw/levels.h"


/*
 * Availability was checked against llvm-mc 19 for gfx601, gfx700, gfx803,
 * gfx900, gfx1010, gfx1030, gfx1100 and gfx1200 (user/tests/ops_llvm.sh
 * repeats that check on every `make check`).
 */
#define MUBUF_LD(g, r, lv, n, s) \
	{ g, r, lv, VSHARP_OP_MUBUF, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, n, 0, s, 0, 0, false, false, false, 0 }
#define MUBUF_LD_LDS(g, r, lv, n, s) \
	{ g, r, lv, VSHARP_OP_MUBUF, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, n, 0, s, 0, 0, false, false, true, 0 }
#define MUBUF_LD16(g, r, lv, n, s, h) \
	{ g, r, lv, VSHARP_OP_MUBUF, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, n, 0, s, h, 0, false, false, false, 0 }
#define MUBUF_ST(g, r, lv, n, h) \
	{ g, r, lv, VSHARP_OP_MUBUF, VSHARP_OP_STORE, VSHARP_DATA_DERIVED, n, 0, false, h, 0, false, false, false, 0 }
#define FMT(g, r, lv, c, k, d, n, h) \
	{ g, r, lv, c, k, d, 0, n, false, h, 0, false, false, false, 0 }
#define FMT_LDS(g, r, lv, c, k, d, n, h) \
	{ g, r, lv, c, k, d, 0, n, false, h, 0, false, false, true, 0 }
#define TO_LDS(r, n, s, d) \
	{ NULL, r, GFX(11), VSHARP_OP_MUBUF, VSHARP_OP_LOAD_LDS, d, n, (d) ? 1 : 0, s, 0, 0, false, false, false, 0 }
#define ATOM(g, r, lv, a, n) \
	{ g, r, lv, VSHARP_OP_MUBUF, VSHARP_OP_ATOMIC, VSHARP_DATA_DERIVED, n, 0, false, 0, a, false, false, false, 0 }
#define DS_LD(g, r, lv, n, s, h, m) \
	{ g, r, lv, VSHARP_OP_DS, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, n, 0, s, h, 0, false, false, false, m }
#define DS_ST(g, r, lv, n, h, m) \
	{ g, r, lv, VSHARP_OP_DS, VSHARP_OP_STORE, VSHARP_DATA_DERIVED, n, 0, false, h, 0, false, false, false, m }
#define DS_ATOM(g, r, lv, a, n, rtn, cf) \
	{ g, r, lv, VSHARP_OP_DS, VSHARP_OP_ATOMIC, VSHARP_DATA_DERIVED, n, 0, false, 0, a, rtn, cf, false, 0 }
#define DS_LANES(g, r, lv, m) \
	{ g, r, lv, VSHARP_OP_DS, VSHARP_OP_LANES, VSHARP_DATA_DERIVED, 4, 0, false, 0, 0, true, false, false, m }
/* DS ray-tracing stacks: return BYTES, push up to N - 1 of N DATA1 dwords. */
#define DS_BVH(name, lv, bytes, n) \
	{ NULL, name, lv, VSHARP_OP_DS, VSHARP_OP_STACK, VSHARP_DATA_DERIVED, bytes, n, false, 0, 0, true, false, false, VSHARP_DS_BVH_STACK }
/* ds_append/ds_consume: the counter at the M0 base, the pre-op value to every lane. */
#define DS_APPEND(name, a) \
	{ name, name, GFX_ALL, VSHARP_OP_DS, VSHARP_OP_ATOMIC, VSHARP_DATA_DERIVED, 4, 0, false, 0, a, true, false, false, VSHARP_DS_APPEND }
/* GFX6-10.3 MEM[ADDR] = op(MEM[ADDR], MEM[ADDR + 4 * signed offset]): no VGPR data, no return. */
#define DS_SRC2(name, lv, a, n) \
	{ name, NULL, lv, VSHARP_OP_DS, VSHARP_OP_ATOMIC, VSHARP_DATA_DERIVED, n, 0, false, 0, a, false, false, false, VSHARP_DS_SRC2 }
/* LDSDIR (GFX11) / VDSDIR (GFX12): one dword to VDST, the address from M0. */
#define DS_DIR(name, lv, m) \
	{ NULL, name, lv, VSHARP_OP_DS, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, 4, 0, false, 0, 0, false, false, false, m }
/*
 * S_BUFFER_LOAD_*: N bytes into SGPRs, one spelling per level family (GFX6-10.3
 * dword names up to GFX10.3, RDNA3 bit widths after).
 */
#define SMEM_LD(g, r, lv, n, s) \
	{ g, r, lv, VSHARP_OP_SMEM, VSHARP_OP_LOAD, VSHARP_DATA_DERIVED, n, 0, s, 0, 0, false, false, false, 0 }
/* A DS atomic that keeps its name on every level, with and without return. */
#define DS_ATOM2_ON(lv, base, rtn_name, a, n) \
	DS_ATOM(base, base, lv, a, n, false, false), \
	DS_ATOM(rtn_name, rtn_name, lv, a, n, true, false)
#define DS_ATOM2(base, rtn_name, a, n) DS_ATOM2_ON(GFX_ALL, base, rtn_name, a, n)

#define LD VSHARP_OP_LOAD
#define ST VSHARP_OP_STORE
#define RES VSHARP_DATA_RESOURCE
#define INS VSHARP_DATA_INSTRUCTION
#define MUBUF VSHARP_OP_MUBUF
#define MTBUF VSHARP_OP_MTBUF
#define LO VSHARP_D16_LO
#define HI VSHARP_D16_HI

/* Format instructions: x, xy, xyz, xyzw. */
#define FMT4(gp, rp, lv, c, k, d, h) \
	FMT(gp "x", rp "x", lv, c, k, d, 1, h), FMT(gp "xy", rp "xy", lv, c, k, d, 2, h), \
	FMT(gp "xyz", rp "xyz", lv, c, k, d, 3, h), FMT(gp "xyzw", rp "xyzw", lv, c, k, d, 4, h)

const struct vsharp_op vsharp_ops[] = {
	/* MUBUF untyped loads and stores. */
	MUBUF_LD_LDS("buffer_load_ubyte", "buffer_load_u8", GFX_ALL, 1, false),
	MUBUF_LD_LDS("buffer_load_sbyte", "buffer_load_i8", GFX_ALL, 1, true),
	MUBUF_LD_LDS("buffer_load_ushort", "buffer_load_u16", GFX_ALL, 2, false),
	MUBUF_LD_LDS("buffer_load_sshort", "buffer_load_i16", GFX_ALL, 2, true),
	MUBUF_LD_LDS("buffer_load_dword", "buffer_load_b32", GFX_ALL, 4, false),
	MUBUF_LD("buffer_load_dwordx2", "buffer_load_b64", GFX_ALL, 8, false),
	MUBUF_LD("buffer_load_dwordx3", "buffer_load_b96", GFX_ALL, 12, false),
	MUBUF_LD("buffer_load_dwordx4", "buffer_load_b128", GFX_ALL, 16, false),
	MUBUF_LD16("buffer_load_ubyte_d16", "buffer_load_d16_u8", GFX_RANGE(9, 12), 1, false, LO),
	MUBUF_LD16("buffer_load_ubyte_d16_hi", "buffer_load_d16_hi_u8", GFX_RANGE(9, 12), 1, false, HI),
	MUBUF_LD16("buffer_load_sbyte_d16", "buffer_load_d16_i8", GFX_RANGE(9, 12), 1, true, LO),
	MUBUF_LD16("buffer_load_sbyte_d16_hi", "buffer_load_d16_hi_i8", GFX_RANGE(9, 12), 1, true, HI),
	MUBUF_LD16("buffer_load_short_d16", "buffer_load_d16_b16", GFX_RANGE(9, 12), 2, false, LO),
	MUBUF_LD16("buffer_load_short_d16_hi", "buffer_load_d16_hi_b16", GFX_RANGE(9, 12), 2, false, HI),
	MUBUF_ST("buffer_store_byte", "buffer_store_b8", GFX_ALL, 1, 0),
	MUBUF_ST("buffer_store_short", "buffer_store_b16", GFX_ALL, 2, 0),
	MUBUF_ST("buffer_store_dword", "buffer_store_b32", GFX_ALL, 4, 0),
	MUBUF_ST("buffer_store_dwordx2", "buffer_store_b64", GFX_ALL, 8, 0),
	MUBUF_ST("buffer_store_dwordx3", "buffer_store_b96", GFX_ALL, 12, 0),
	MUBUF_ST("buffer_store_dwordx4", "buffer_store_b128", GFX_ALL, 16, 0),
	MUBUF_ST("buffer_store_byte_d16_hi", "buffer_store_d16_hi_b8", GFX_RANGE(9, 12), 1, HI),
	MUBUF_ST("buffer_store_short_d16_hi", "buffer_store_d16_hi_b16", GFX_RANGE(9, 12), 2, HI),

	/* MUBUF format instructions (V# format and DST_SEL). */
	/* format_x also loads to LDS with the `lds` modifier (GFX6..GFX10.3). */
	FMT_LDS("buffer_load_format_x", "buffer_load_format_x", GFX_ALL, MUBUF, LD, RES, 1, 0),
	FMT("buffer_load_format_xy", "buffer_load_format_xy", GFX_ALL, MUBUF, LD, RES, 2, 0),
	FMT("buffer_load_format_xyz", "buffer_load_format_xyz", GFX_ALL, MUBUF, LD, RES, 3, 0),
	FMT("buffer_load_format_xyzw", "buffer_load_format_xyzw", GFX_ALL, MUBUF, LD, RES, 4, 0),
	FMT4("buffer_store_format_", "buffer_store_format_", GFX_ALL, MUBUF, ST, RES, 0),
	FMT4("buffer_load_format_d16_", "buffer_load_d16_format_", GFX_RANGE(8, 12), MUBUF, LD, RES, LO),
	FMT4("buffer_store_format_d16_", "buffer_store_d16_format_", GFX_RANGE(8, 12), MUBUF, ST, RES, LO),
	FMT("buffer_load_format_d16_hi_x", "buffer_load_d16_hi_format_x", GFX_RANGE(9, 12), MUBUF, LD, RES, 1, HI),
	FMT("buffer_store_format_d16_hi_x", "buffer_store_d16_hi_format_x", GFX_RANGE(9, 12), MUBUF, ST, RES, 1, HI),

	/* MTBUF (instruction format, identity DST_SEL). */
	FMT4("tbuffer_load_format_", "tbuffer_load_format_", GFX_ALL, MTBUF, LD, INS, 0),
	FMT4("tbuffer_store_format_", "tbuffer_store_format_", GFX_ALL, MTBUF, ST, INS, 0),
	FMT4("tbuffer_load_format_d16_", "tbuffer_load_d16_format_", GFX_RANGE(8, 12), MTBUF, LD, INS, LO),
	FMT4("tbuffer_store_format_d16_", "tbuffer_store_d16_format_", GFX_RANGE(8, 12), MTBUF, ST, INS, LO),

	/* GFX11 buffer-to-LDS loads (llvm-mc 19 accepts them; RDNA3 Table 104 lists none). */
	TO_LDS("buffer_load_lds_u8", 1, false, VSHARP_DATA_DERIVED),
	TO_LDS("buffer_load_lds_i8", 1, true, VSHARP_DATA_DERIVED),
	TO_LDS("buffer_load_lds_u16", 2, false, VSHARP_DATA_DERIVED),
	TO_LDS("buffer_load_lds_i16", 2, true, VSHARP_DATA_DERIVED),
	TO_LDS("buffer_load_lds_b32", 4, false, VSHARP_DATA_DERIVED),
	TO_LDS("buffer_load_lds_format_x", 0, false, VSHARP_DATA_RESOURCE),

	/* MUBUF atomics; the return is the GLC / TH_ATOMIC_RETURN bit. */
	ATOM("buffer_atomic_swap", "buffer_atomic_swap_b32", GFX_ALL, VSHARP_ATOMIC_SWAP, 4),
	ATOM("buffer_atomic_cmpswap", "buffer_atomic_cmpswap_b32", GFX_ALL, VSHARP_ATOMIC_CMPSWAP, 4),
	ATOM("buffer_atomic_add", "buffer_atomic_add_u32", GFX_ALL, VSHARP_ATOMIC_ADD, 4),
	ATOM("buffer_atomic_sub", "buffer_atomic_sub_u32", GFX_ALL, VSHARP_ATOMIC_SUB, 4),
	ATOM("buffer_atomic_smin", "buffer_atomic_min_i32", GFX_ALL, VSHARP_ATOMIC_SMIN, 4),
	ATOM("buffer_atomic_umin", "buffer_atomic_min_u32", GFX_ALL, VSHARP_ATOMIC_UMIN, 4),
	ATOM("buffer_atomic_smax", "buffer_atomic_max_i32", GFX_ALL, VSHARP_ATOMIC_SMAX, 4),
	ATOM("buffer_atomic_umax", "buffer_atomic_max_u32", GFX_ALL, VSHARP_ATOMIC_UMAX, 4),
	ATOM("buffer_atomic_and", "buffer_atomic_and_b32", GFX_ALL, VSHARP_ATOMIC_AND, 4),
	ATOM("buffer_atomic_or", "buffer_atomic_or_b32", GFX_ALL, VSHARP_ATOMIC_OR, 4),
	ATOM("buffer_atomic_xor", "buffer_atomic_xor_b32", GFX_ALL, VSHARP_ATOMIC_XOR, 4),
	ATOM("buffer_atomic_inc", "buffer_atomic_inc_u32", GFX_ALL, VSHARP_ATOMIC_INC, 4),
	ATOM("buffer_atomic_dec", "buffer_atomic_dec_u32", GFX_ALL, VSHARP_ATOMIC_DEC, 4),
	ATOM("buffer_atomic_swap_x2", "buffer_atomic_swap_b64", GFX_ALL, VSHARP_ATOMIC_SWAP, 8),
	ATOM("buffer_atomic_cmpswap_x2", "buffer_atomic_cmpswap_b64", GFX_ALL, VSHARP_ATOMIC_CMPSWAP, 8),
	ATOM("buffer_atomic_add_x2", "buffer_atomic_add_u64", GFX_ALL, VSHARP_ATOMIC_ADD, 8),
	ATOM("buffer_atomic_sub_x2", "buffer_atomic_sub_u64", GFX_ALL, VSHARP_ATOMIC_SUB, 8),
	ATOM("buffer_atomic_smin_x2", "buffer_atomic_min_i64", GFX_ALL, VSHARP_ATOMIC_SMIN, 8),
	ATOM("buffer_atomic_umin_x2", "buffer_atomic_min_u64", GFX_ALL, VSHARP_ATOMIC_UMIN, 8),
	ATOM("buffer_atomic_smax_x2", "buffer_atomic_max_i64", GFX_ALL, VSHARP_ATOMIC_SMAX, 8),
	ATOM("buffer_atomic_umax_x2", "buffer_atomic_max_u64", GFX_ALL, VSHARP_ATOMIC_UMAX, 8),
	ATOM("buffer_atomic_and_x2", "buffer_atomic_and_b64", GFX_ALL, VSHARP_ATOMIC_AND, 8),
	ATOM("buffer_atomic_or_x2", "buffer_atomic_or_b64", GFX_ALL, VSHARP_ATOMIC_OR, 8),
	ATOM("buffer_atomic_xor_x2", "buffer_atomic_xor_b64", GFX_ALL, VSHARP_ATOMIC_XOR, 8),
	ATOM("buffer_atomic_inc_x2", "buffer_atomic_inc_u64", GFX_ALL, VSHARP_ATOMIC_INC, 8),
	ATOM("buffer_atomic_dec_x2", "buffer_atomic_dec_u64", GFX_ALL, VSHARP_ATOMIC_DEC, 8),
	ATOM("buffer_atomic_fcmpswap", "buffer_atomic_cmpswap_f32",
	     GFX(6) | GFX(7) | GFX(10) | GFX(10_3) | GFX(11), VSHARP_ATOMIC_FCMPSWAP, 4),
	ATOM("buffer_atomic_fmin", "buffer_atomic_min_f32",
	     GFX(6) | GFX(7) | GFX(10) | GFX(10_3) | GFX(11) | GFX(12), VSHARP_ATOMIC_FMIN, 4),
	ATOM("buffer_atomic_fmax", "buffer_atomic_max_f32",
	     GFX(6) | GFX(7) | GFX(10) | GFX(10_3) | GFX(11) | GFX(12), VSHARP_ATOMIC_FMAX, 4),
	ATOM(NULL, "buffer_atomic_add_f32", GFX_RANGE(11, 12), VSHARP_ATOMIC_FADD, 4),
	/* Return-only atomics (GLC / TH_ATOMIC_RETURN required, R3 §9.6 table). */
	/* GFX12 calls it buffer_atomic_sub_clamp_u32; llvm-mc 19 takes both names. */
	ATOM("buffer_atomic_csub", "buffer_atomic_csub_u32", GFX_RANGE(10_3, 12), VSHARP_ATOMIC_CSUB, 4),
	ATOM(NULL, "buffer_atomic_cond_sub_u32", GFX(12), VSHARP_ATOMIC_COND_SUB, 4),
	/*
	 * Packed 16-bit float adds: RDNA4 only (the RDNA1-3 and Vega guides list
	 * none; llvm-mc 19 has them on gfx1200 and, of GFX9, only on the CDNA
	 * gfx908+, which are not the GFX9 level here).
	 */
	ATOM(NULL, "buffer_atomic_pk_add_f16", GFX(12), VSHARP_ATOMIC_PK_ADD_F16, 4),
	ATOM(NULL, "buffer_atomic_pk_add_bf16", GFX(12), VSHARP_ATOMIC_PK_ADD_BF16, 4),
	ATOM("buffer_atomic_fcmpswap_x2", NULL, GFX(6) | GFX(7) | GFX(10) | GFX(10_3),
	     VSHARP_ATOMIC_FCMPSWAP, 8),
	ATOM("buffer_atomic_fmin_x2", NULL, GFX(6) | GFX(7) | GFX(10) | GFX(10_3), VSHARP_ATOMIC_FMIN, 8),
	ATOM("buffer_atomic_fmax_x2", NULL, GFX(6) | GFX(7) | GFX(10) | GFX(10_3), VSHARP_ATOMIC_FMAX, 8),

	/* DS loads and stores. */
	DS_LD("ds_read_u8", "ds_load_u8", GFX_ALL, 1, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_i8", "ds_load_i8", GFX_ALL, 1, true, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_u16", "ds_load_u16", GFX_ALL, 2, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_i16", "ds_load_i16", GFX_ALL, 2, true, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_b32", "ds_load_b32", GFX_ALL, 4, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_b64", "ds_load_b64", GFX_ALL, 8, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_b96", "ds_load_b96", GFX_RANGE(7, 12), 12, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_b128", "ds_load_b128", GFX_RANGE(7, 12), 16, false, 0, VSHARP_DS_SINGLE),
	DS_LD("ds_read_u8_d16", "ds_load_u8_d16", GFX_RANGE(9, 12), 1, false, LO, VSHARP_DS_SINGLE),
	DS_LD("ds_read_u8_d16_hi", "ds_load_u8_d16_hi", GFX_RANGE(9, 12), 1, false, HI, VSHARP_DS_SINGLE),
	DS_LD("ds_read_i8_d16", "ds_load_i8_d16", GFX_RANGE(9, 12), 1, true, LO, VSHARP_DS_SINGLE),
	DS_LD("ds_read_i8_d16_hi", "ds_load_i8_d16_hi", GFX_RANGE(9, 12), 1, true, HI, VSHARP_DS_SINGLE),
	DS_LD("ds_read_u16_d16", "ds_load_u16_d16", GFX_RANGE(9, 12), 2, false, LO, VSHARP_DS_SINGLE),
	DS_LD("ds_read_u16_d16_hi", "ds_load_u16_d16_hi", GFX_RANGE(9, 12), 2, false, HI, VSHARP_DS_SINGLE),
	DS_LD("ds_read2_b32", "ds_load_2addr_b32", GFX_ALL, 4, false, 0, VSHARP_DS_DUAL),
	DS_LD("ds_read2_b64", "ds_load_2addr_b64", GFX_ALL, 8, false, 0, VSHARP_DS_DUAL),
	DS_LD("ds_read2st64_b32", "ds_load_2addr_stride64_b32", GFX_ALL, 4, false, 0, VSHARP_DS_DUAL_ST64),
	DS_LD("ds_read2st64_b64", "ds_load_2addr_stride64_b64", GFX_ALL, 8, false, 0, VSHARP_DS_DUAL_ST64),
	DS_LD("ds_read_addtid_b32", "ds_load_addtid_b32", GFX_RANGE(9, 12), 4, false, 0, VSHARP_DS_ADDTID),
	DS_ST("ds_write_b8", "ds_store_b8", GFX_ALL, 1, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b16", "ds_store_b16", GFX_ALL, 2, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b32", "ds_store_b32", GFX_ALL, 4, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b64", "ds_store_b64", GFX_ALL, 8, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b96", "ds_store_b96", GFX_RANGE(7, 12), 12, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b128", "ds_store_b128", GFX_RANGE(7, 12), 16, 0, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b8_d16_hi", "ds_store_b8_d16_hi", GFX_RANGE(9, 12), 1, HI, VSHARP_DS_SINGLE),
	DS_ST("ds_write_b16_d16_hi", "ds_store_b16_d16_hi", GFX_RANGE(9, 12), 2, HI, VSHARP_DS_SINGLE),
	DS_ST("ds_write2_b32", "ds_store_2addr_b32", GFX_ALL, 4, 0, VSHARP_DS_DUAL),
	DS_ST("ds_write2_b64", "ds_store_2addr_b64", GFX_ALL, 8, 0, VSHARP_DS_DUAL),
	DS_ST("ds_write2st64_b32", "ds_store_2addr_stride64_b32", GFX_ALL, 4, 0, VSHARP_DS_DUAL_ST64),
	DS_ST("ds_write2st64_b64", "ds_store_2addr_stride64_b64", GFX_ALL, 8, 0, VSHARP_DS_DUAL_ST64),
	DS_ST("ds_write_addtid_b32", "ds_store_addtid_b32", GFX_RANGE(9, 12), 4, 0, VSHARP_DS_ADDTID),

	/* DS atomics. */
	DS_ATOM2("ds_add_u32", "ds_add_rtn_u32", VSHARP_ATOMIC_ADD, 4),
	DS_ATOM2("ds_sub_u32", "ds_sub_rtn_u32", VSHARP_ATOMIC_SUB, 4),
	DS_ATOM2("ds_rsub_u32", "ds_rsub_rtn_u32", VSHARP_ATOMIC_RSUB, 4),
	DS_ATOM2("ds_inc_u32", "ds_inc_rtn_u32", VSHARP_ATOMIC_INC, 4),
	DS_ATOM2("ds_dec_u32", "ds_dec_rtn_u32", VSHARP_ATOMIC_DEC, 4),
	DS_ATOM2("ds_min_i32", "ds_min_rtn_i32", VSHARP_ATOMIC_SMIN, 4),
	DS_ATOM2("ds_max_i32", "ds_max_rtn_i32", VSHARP_ATOMIC_SMAX, 4),
	DS_ATOM2("ds_min_u32", "ds_min_rtn_u32", VSHARP_ATOMIC_UMIN, 4),
	DS_ATOM2("ds_max_u32", "ds_max_rtn_u32", VSHARP_ATOMIC_UMAX, 4),
	DS_ATOM2("ds_and_b32", "ds_and_rtn_b32", VSHARP_ATOMIC_AND, 4),
	DS_ATOM2("ds_or_b32", "ds_or_rtn_b32", VSHARP_ATOMIC_OR, 4),
	DS_ATOM2("ds_xor_b32", "ds_xor_rtn_b32", VSHARP_ATOMIC_XOR, 4),
	DS_ATOM2("ds_mskor_b32", "ds_mskor_rtn_b32", VSHARP_ATOMIC_MSKOR, 4),
	DS_ATOM2("ds_add_u64", "ds_add_rtn_u64", VSHARP_ATOMIC_ADD, 8),
	DS_ATOM2("ds_sub_u64", "ds_sub_rtn_u64", VSHARP_ATOMIC_SUB, 8),
	DS_ATOM2("ds_min_u64", "ds_min_rtn_u64", VSHARP_ATOMIC_UMIN, 8),
	DS_ATOM2("ds_max_u64", "ds_max_rtn_u64", VSHARP_ATOMIC_UMAX, 8),
	DS_ATOM2("ds_and_b64", "ds_and_rtn_b64", VSHARP_ATOMIC_AND, 8),
	DS_ATOM2("ds_or_b64", "ds_or_rtn_b64", VSHARP_ATOMIC_OR, 8),
	DS_ATOM2("ds_xor_b64", "ds_xor_rtn_b64", VSHARP_ATOMIC_XOR, 8),
	DS_ATOM2("ds_rsub_u64", "ds_rsub_rtn_u64", VSHARP_ATOMIC_RSUB, 8),
	DS_ATOM2("ds_inc_u64", "ds_inc_rtn_u64", VSHARP_ATOMIC_INC, 8),
	DS_ATOM2("ds_dec_u64", "ds_dec_rtn_u64", VSHARP_ATOMIC_DEC, 8),
	DS_ATOM2("ds_min_i64", "ds_min_rtn_i64", VSHARP_ATOMIC_SMIN, 8),
	DS_ATOM2("ds_max_i64", "ds_max_rtn_i64", VSHARP_ATOMIC_SMAX, 8),
	DS_ATOM2("ds_mskor_b64", "ds_mskor_rtn_b64", VSHARP_ATOMIC_MSKOR, 8),
	DS_ATOM2("ds_min_f32", "ds_min_rtn_f32", VSHARP_ATOMIC_FMIN, 4),
	DS_ATOM2("ds_max_f32", "ds_max_rtn_f32", VSHARP_ATOMIC_FMAX, 4),
	DS_ATOM2_ON(GFX_RANGE(8, 12), "ds_add_f32", "ds_add_rtn_f32", VSHARP_ATOMIC_FADD, 4),
	/* GFX6-10.3 cmpst takes the compare value first; RDNA3's cmpstore the new value first. */
	DS_ATOM("ds_cmpst_b32", NULL, GFX_RANGE(6, 10_3), VSHARP_ATOMIC_CMPSWAP, 4, false, true),
	DS_ATOM("ds_cmpst_rtn_b32", NULL, GFX_RANGE(6, 10_3), VSHARP_ATOMIC_CMPSWAP, 4, true, true),
	DS_ATOM(NULL, "ds_cmpstore_b32", GFX_RANGE(11, 12), VSHARP_ATOMIC_CMPSWAP, 4, false, false),
	DS_ATOM(NULL, "ds_cmpstore_rtn_b32", GFX_RANGE(11, 12), VSHARP_ATOMIC_CMPSWAP, 4, true, false),
	DS_ATOM("ds_cmpst_b64", NULL, GFX_RANGE(6, 10_3), VSHARP_ATOMIC_CMPSWAP, 8, false, true),
	DS_ATOM("ds_cmpst_rtn_b64", NULL, GFX_RANGE(6, 10_3), VSHARP_ATOMIC_CMPSWAP, 8, true, true),
	DS_ATOM(NULL, "ds_cmpstore_b64", GFX_RANGE(11, 12), VSHARP_ATOMIC_CMPSWAP, 8, false, false),
	DS_ATOM(NULL, "ds_cmpstore_rtn_b64", GFX_RANGE(11, 12), VSHARP_ATOMIC_CMPSWAP, 8, true, false),
	DS_ATOM("ds_wrxchg_rtn_b32", "ds_storexchg_rtn_b32", GFX_ALL, VSHARP_ATOMIC_SWAP, 4, true, false),
	DS_ATOM("ds_wrxchg_rtn_b64", "ds_storexchg_rtn_b64", GFX_ALL, VSHARP_ATOMIC_SWAP, 8, true, false),

	/* DS data between lanes: no LDS memory is read or written. */
	DS_LANES("ds_swizzle_b32", "ds_swizzle_b32", GFX_ALL, VSHARP_DS_SWIZZLE),
	DS_LANES("ds_permute_b32", "ds_permute_b32", GFX_RANGE(8, 12), VSHARP_DS_PERMUTE),
	DS_LANES("ds_bpermute_b32", "ds_bpermute_b32", GFX_RANGE(8, 12), VSHARP_DS_BPERMUTE),

	/*
	 * Ray-tracing stacks in LDS: R3 opcode 173; R4 opcodes 224-226, which
	 * llvm-mc 19 does not know (vsharp_op_llvm19).
	 */
	DS_BVH("ds_bvh_stack_rtn_b32", GFX(11), 4, 4),
	DS_BVH("ds_bvh_stack_push4_pop1_rtn_b32", GFX(12), 4, 4),
	DS_BVH("ds_bvh_stack_push8_pop1_rtn_b32", GFX(12), 4, 8),
	DS_BVH("ds_bvh_stack_push8_pop2_rtn_b64", GFX(12), 8, 8),

	/* Wave counters in LDS. */
	DS_APPEND("ds_append", VSHARP_ATOMIC_ADD),
	DS_APPEND("ds_consume", VSHARP_ATOMIC_SUB),

	/*
	 * LDS-to-LDS atomics (ISA-V DS opcodes 128-211).  llvm-mc 19 takes them
	 * up to gfx1010 and refuses them on gfx1030; the RDNA1 and RDNA2 guides
	 * list none.
	 */
	DS_SRC2("ds_add_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_ADD, 4),
	DS_SRC2("ds_sub_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_SUB, 4),
	DS_SRC2("ds_rsub_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_RSUB, 4),
	DS_SRC2("ds_inc_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_INC, 4),
	DS_SRC2("ds_dec_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_DEC, 4),
	DS_SRC2("ds_min_src2_i32", GFX_RANGE(6, 10), VSHARP_ATOMIC_SMIN, 4),
	DS_SRC2("ds_max_src2_i32", GFX_RANGE(6, 10), VSHARP_ATOMIC_SMAX, 4),
	DS_SRC2("ds_min_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_UMIN, 4),
	DS_SRC2("ds_max_src2_u32", GFX_RANGE(6, 10), VSHARP_ATOMIC_UMAX, 4),
	DS_SRC2("ds_and_src2_b32", GFX_RANGE(6, 10), VSHARP_ATOMIC_AND, 4),
	DS_SRC2("ds_or_src2_b32", GFX_RANGE(6, 10), VSHARP_ATOMIC_OR, 4),
	DS_SRC2("ds_xor_src2_b32", GFX_RANGE(6, 10), VSHARP_ATOMIC_XOR, 4),
	DS_SRC2("ds_write_src2_b32", GFX_RANGE(6, 10), VSHARP_ATOMIC_SWAP, 4),
	DS_SRC2("ds_min_src2_f32", GFX_RANGE(6, 10), VSHARP_ATOMIC_FMIN, 4),
	DS_SRC2("ds_max_src2_f32", GFX_RANGE(6, 10), VSHARP_ATOMIC_FMAX, 4),
	DS_SRC2("ds_add_src2_f32", GFX_RANGE(8, 10), VSHARP_ATOMIC_FADD, 4),
	DS_SRC2("ds_add_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_ADD, 8),
	DS_SRC2("ds_sub_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_SUB, 8),
	DS_SRC2("ds_rsub_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_RSUB, 8),
	DS_SRC2("ds_inc_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_INC, 8),
	DS_SRC2("ds_dec_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_DEC, 8),
	DS_SRC2("ds_min_src2_i64", GFX_RANGE(6, 10), VSHARP_ATOMIC_SMIN, 8),
	DS_SRC2("ds_max_src2_i64", GFX_RANGE(6, 10), VSHARP_ATOMIC_SMAX, 8),
	DS_SRC2("ds_min_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_UMIN, 8),
	DS_SRC2("ds_max_src2_u64", GFX_RANGE(6, 10), VSHARP_ATOMIC_UMAX, 8),
	DS_SRC2("ds_and_src2_b64", GFX_RANGE(6, 10), VSHARP_ATOMIC_AND, 8),
	DS_SRC2("ds_or_src2_b64", GFX_RANGE(6, 10), VSHARP_ATOMIC_OR, 8),
	DS_SRC2("ds_xor_src2_b64", GFX_RANGE(6, 10), VSHARP_ATOMIC_XOR, 8),
	DS_SRC2("ds_write_src2_b64", GFX_RANGE(6, 10), VSHARP_ATOMIC_SWAP, 8),
	DS_SRC2("ds_min_src2_f64", GFX_RANGE(6, 10), VSHARP_ATOMIC_FMIN, 8),
	DS_SRC2("ds_max_src2_f64", GFX_RANGE(6, 10), VSHARP_ATOMIC_FMAX, 8),

	/*
	 * LDS direct and parameter loads in their own encoding (R3 §15.5.1
	 * LDSDIR, R4 §15.5.1 VDSDIR).  GFX6-10.3 read LDS directly only as the
	 * VALU operand LDS_DIRECT and parameters only through V_INTERP_*, which
	 * are not memory instructions: not in this catalogue.
	 */
	DS_DIR("lds_direct_load", GFX(11), VSHARP_DS_DIRECT),
	DS_DIR("lds_param_load", GFX(11), VSHARP_DS_PARAM),
	DS_DIR("ds_direct_load", GFX(12), VSHARP_DS_DIRECT),
	DS_DIR("ds_param_load", GFX(12), VSHARP_DS_PARAM),

	/*
	 * Scalar loads through a V# (SMRD on GFX6/7, SMEM after).  b96 and the
	 * byte and short loads are GFX12's (RDNA4 Table 45); llvm-mc 19 has
	 * them for gfx1200 and refuses them for gfx1100.
	 */
	SMEM_LD("s_buffer_load_dword", "s_buffer_load_b32", GFX_ALL, 4, false),
	SMEM_LD("s_buffer_load_dwordx2", "s_buffer_load_b64", GFX_ALL, 8, false),
	SMEM_LD(NULL, "s_buffer_load_b96", GFX(12), 12, false),
	SMEM_LD("s_buffer_load_dwordx4", "s_buffer_load_b128", GFX_ALL, 16, false),
	SMEM_LD("s_buffer_load_dwordx8", "s_buffer_load_b256", GFX_ALL, 32, false),
	SMEM_LD("s_buffer_load_dwordx16", "s_buffer_load_b512", GFX_ALL, 64, false),
	SMEM_LD(NULL, "s_buffer_load_i8", GFX(12), 1, true),
	SMEM_LD(NULL, "s_buffer_load_u8", GFX(12), 1, false),
	SMEM_LD(NULL, "s_buffer_load_i16", GFX(12), 2, true),
	SMEM_LD(NULL, "s_buffer_load_u16", GFX(12), 2, false),
};

const unsigned vsharp_op_count = ARRAY_SIZE(vsharp_ops);

static const char *const atomic_names[VSHARP_ATOMIC_COUNT] = {
	"none", "swap", "cmpswap", "add", "sub", "rsub", "smin", "umin", "smax",
	"umax", "and", "or", "xor", "inc", "dec", "mskor", "fcmpswap", "fmin",
	"fmax", "fadd", "csub", "cond_sub", "pk_add_f16", "pk_add_bf16",
};

const char *vsharp_atomic_name(enum vsharp_atomic a)
{
	return (unsigned)a < VSHARP_ATOMIC_COUNT ? atomic_names[a] : "?";
}

const char *vsharp_op_name(const struct vsharp_op *op, enum vsharp_gfx level)
{
	return level >= VSHARP_GFX11 ? op->rdna : op->gcn;
}

bool vsharp_op_on(const struct vsharp_op *op, enum vsharp_gfx level)
{
	return (op->levels & VSHARP_GFX_BIT(level)) && vsharp_op_name(op, level);
}

const struct vsharp_op *vsharp_op_next(enum vsharp_gfx level, unsigned *i)
{
	while (*i < ARRAY_SIZE(vsharp_ops)) {
		const struct vsharp_op *op = &vsharp_ops[(*i)++];

		if (vsharp_op_on(op, level))
			return op;
	}
	return NULL;
}

/*
 * Suites look an instruction up for every wave and the emulator for every
 * memory instruction it decodes: each level's spellings go into an
 * open-addressed table the first time the level is asked, the first
 * instruction of a spelling in catalogue order, as a walk would find it.
 */
#define NAME_SLOTS 1024u
_Static_assert(ARRAY_SIZE(vsharp_ops) <= NAME_SLOTS / 2,
	       "a level's spellings fill at most half the slots");

struct name_index {
	uint16_t op[NAME_SLOTS];	/* 1 + the vsharp_ops index; 0: an empty slot */
};

static struct name_index indexes[VSHARP_GFX_COUNT];
static const struct name_index *_Atomic indexed[VSHARP_GFX_COUNT];
static mtx_t index_lock;
static once_flag index_lock_once = ONCE_FLAG_INIT;

static void init_index_lock(void)
{
	mtx_init(&index_lock, mtx_plain);
}

/* FNV-1a. */
static unsigned name_slot(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h % NAME_SLOTS;
}

__attribute__((cold, noinline))
static const struct name_index *build_index(enum vsharp_gfx level)
{
	call_once(&index_lock_once, init_index_lock);
	mtx_lock(&index_lock);
	if (!atomic_load_explicit(&indexed[level], memory_order_relaxed)) {
		struct name_index *x = &indexes[level];
		const struct vsharp_op *op;
		unsigned i = 0;

		while ((op = vsharp_op_next(level, &i))) {
			const char *name = vsharp_op_name(op, level);
			unsigned h = name_slot(name);

			while (x->op[h] && strcmp(vsharp_op_name(&vsharp_ops[x->op[h] - 1], level), name))
				h = (h + 1) % NAME_SLOTS;
			if (!x->op[h])
				x->op[h] = (uint16_t)(op - vsharp_ops + 1);
		}
		atomic_store_explicit(&indexed[level], x, memory_order_release);
	}
	mtx_unlock(&index_lock);
	return &indexes[level];
}

static const struct vsharp_op *op_by_name(enum vsharp_gfx level, const char *name)
{
	const struct name_index *x = atomic_load_explicit(&indexed[level], memory_order_acquire);

	if (!x)
		x = build_index(level);
	for (unsigned h = name_slot(name); x->op[h]; h = (h + 1) % NAME_SLOTS) {
		const struct vsharp_op *op = &vsharp_ops[x->op[h] - 1];

		if (!strcmp(vsharp_op_name(op, level), name))
			return op;
	}
	return NULL;
}

const struct vsharp_op *vsharp_op_find(enum vsharp_gfx level, const char *name,
				       struct vsharp_error *err)
{
	const struct vsharp_op *op =
		(unsigned)level < VSHARP_GFX_COUNT ? op_by_name(level, name) : NULL;

	/* Only the refusal's text needs the other levels. */
	if (op || !err)
		return op;
	for (unsigned j = 0; j < ARRAY_SIZE(vsharp_ops); j++) {
		for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
			if (vsharp_op_on(&vsharp_ops[j], l) &&
			    !strcmp(vsharp_op_name(&vsharp_ops[j], l), name))
				return vsharp_fail(err, -EINVAL, "op: %s has no %s (it is a %s instruction; see `vsharp ops --gfx %s`)",
						   vsharp_gfx_name(level), name,
						   vsharp_gfx_name(l), vsharp_gfx_name(level)),
				       NULL;
		}
	}
	return vsharp_fail(err, -EINVAL, "op: unknown instruction '%s' on %s (see `vsharp ops --gfx %s`)",
			   name, vsharp_gfx_name(level), vsharp_gfx_name(level)), NULL;
}

/* LLVM 20 added these (llvm/test/MC/Disassembler/AMDGPU/gfx12_dasm_ds.txt). */
static const char *const unknown_to_llvm19[] = {
	"ds_bvh_stack_push4_pop1_rtn_b32",
	"ds_bvh_stack_push8_pop1_rtn_b32",
	"ds_bvh_stack_push8_pop2_rtn_b64",
};

bool vsharp_op_llvm19(const struct vsharp_op *op, enum vsharp_gfx level)
{
	const char *name = vsharp_op_name(op, level);

	for (size_t i = 0; name && i < ARRAY_SIZE(unknown_to_llvm19); i++)
		if (level == VSHARP_GFX12 && !strcmp(name, unknown_to_llvm19[i]))
			return false;
	return true;
}

bool vsharp_op_lds_modifier(const struct vsharp_op *op, enum vsharp_gfx level)
{
	/* GFX11 spells buffer-to-LDS loads as their own opcodes. */
	return op->lds_dma && level <= VSHARP_GFX10_3 && vsharp_op_on(op, level);
}

bool vsharp_op_addr64(const struct vsharp_op *op, enum vsharp_gfx level)
{
	return (op->cls == VSHARP_OP_MUBUF || op->cls == VSHARP_OP_MTBUF) && level <= VSHARP_GFX7 &&
	       vsharp_op_on(op, level);
}

static bool ds_dual(const struct vsharp_op *op)
{
	return op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64;
}

void vsharp_ds_operands(const struct vsharp_op *op, struct vsharp_ds_operands *o)
{
	uint8_t w = op->bytes < 4 ? 1 : op->bytes / 4;
	bool two = op->atomic == VSHARP_ATOMIC_CMPSWAP || op->atomic == VSHARP_ATOMIC_FCMPSWAP ||
		   op->atomic == VSHARP_ATOMIC_MSKOR;

	memset(o, 0, sizeof(*o));
	o->addr = op->ds_addr != VSHARP_DS_ADDTID && op->ds_addr != VSHARP_DS_APPEND &&
		  op->ds_addr != VSHARP_DS_DIRECT && op->ds_addr != VSHARP_DS_PARAM;
	/* Append/consume return the counter; src2 ops take both operands from LDS. */
	if (op->ds_addr == VSHARP_DS_APPEND || op->ds_addr == VSHARP_DS_SRC2) {
		o->vdst = op->returns;
		return;
	}
	switch (op->kind) {
	case VSHARP_OP_STACK:
		/* ADDR is in and out; DATA0 the last node, DATA1 the nodes, VDST the popped. */
		o->data0 = 1;
		o->data1 = op->comps;
		o->vdst = w;
		break;
	case VSHARP_OP_LOAD:
		o->vdst = ds_dual(op) ? 2 * w : w;
		break;
	case VSHARP_OP_STORE:
		o->data0 = w;
		o->data1 = ds_dual(op) ? w : 0;
		break;
	case VSHARP_OP_LANES:
		/* Swizzle takes its data from ADDR; the permutes an index there. */
		o->data0 = op->ds_addr != VSHARP_DS_SWIZZLE;
		o->vdst = 1;
		break;
	default:
		o->data0 = w;
		o->data1 = two ? w : 0;
		o->vdst = op->returns ? w : 0;
		break;
	}
}

unsigned vsharp_op_data_dwords(enum vsharp_gfx level, const struct vsharp_op *op)
{
	return vsharp_op_target_dwords(vsharp_target_of(level), op);
}

unsigned vsharp_op_target_dwords(const struct vsharp_target *t, const struct vsharp_op *op)
{
	unsigned n;

	if (op->kind == VSHARP_OP_LOAD_LDS)
		return 0;
	if (op->data != VSHARP_DATA_DERIVED) {
		if (op->d16 == VSHARP_D16_HI)
			return 1;
		/* Unpacked D16 keeps one component per VGPR; packed D16 two. */
		if (op->d16 && !t->d16_unpacked)
			return (op->comps + 1) / 2;
		return op->comps;
	}
	if (op->cls == VSHARP_OP_DS && ds_dual(op))
		return 2 * op->bytes / 4;
	n = op->bytes < 4 ? 1 : op->bytes / 4;
	return n;
}
