// SPDX-License-Identifier: MIT
/*
 * Instruction decoder of the emulated device: the probe shaders' encodings
 * for GFX6 to GFX12 into struct emu_insn.
 *
 * Everything that differs between families is data: which word patterns are
 * which microcode format (encs), where each field sits (the *_layout tables),
 * which opcode numbers the emulator implements (op_rows, mem_rows).  The code
 * below only reads fields through those tables.  Field positions and opcode
 * numbers come from the AMD ISA guides' microcode format chapters and were
 * checked against llvm-mc-19 -show-encoding (which wins where the two
 * disagree: GFX10 DS has GDS at bit 17 and OP at [25:18], GFX11 SMEM has GLC
 * at bit 14 and DLC at bit 13).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu/alu.h"
#include "emu/isa.h"
#include "base/util.h"
#include "hw/levels.h"
#include "isa/mem.h"
#include "isa/scalar.h"
#include "isa/vop.h"
#include "isa/vop3.h"

/* A field: lowest bit within the instruction (dword 0 bit 0 = 0) and width. */
struct fld {
	uint8_t pos, bits;
};

#define F(hi, lo) { (lo), (hi) - (lo) + 1 }

static uint32_t get(const uint32_t *w, struct fld f)
{
	uint64_t v;

	if (!f.bits)
		return 0;
	v = w[f.pos / 32];
	/* Fields never straddle a dword in these formats; stay safe anyway. */
	if (f.pos % 32 + f.bits > 32)
		v |= (uint64_t)w[f.pos / 32 + 1] << 32;
	return (uint32_t)((v >> (f.pos % 32)) & ((1ull << f.bits) - 1));
}

static int32_t sext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);

	v &= (uint32_t)((1ull << bits) - 1);
	return (int32_t)((v ^ m) - m);
}

enum fam { FAM_GFX6, FAM_GFX8, FAM_GFX9, FAM_GFX10, FAM_GFX11, FAM_GFX12, FAM_COUNT };


/* ---- Which format a first dword is -------------------------------------- */

#define EMU_FMT_NONE ((enum emu_fmt)-1)	/* recognised, not implemented */

struct enc {
	uint32_t mask, match;
	enum emu_fmt fmt;
	uint8_t words;		/* without a literal */
	const char *what;
};

/* First match wins: SOP1/SOPC/SOPP/SOPK share SOP2's top bits, VOP1/VOPC VOP2's. */
#define SCALAR_ENCS \
	{ 0xff800000, 0xbe800000, EMU_FMT_SOP1, 1, "SOP1" }, \
	{ 0xff800000, 0xbf000000, EMU_FMT_SOPC, 1, "SOPC" }, \
	{ 0xff800000, 0xbf800000, EMU_FMT_SOPP, 1, "SOPP" }, \
	{ 0xf0000000, 0xb0000000, EMU_FMT_SOPK, 1, "SOPK" }, \
	{ 0xc0000000, 0x80000000, EMU_FMT_SOP2, 1, "SOP2" }, \
	{ 0xfe000000, 0x7e000000, EMU_FMT_VOP1, 1, "VOP1" }, \
	{ 0xfe000000, 0x7c000000, EMU_FMT_VOPC, 1, "VOPC" }, \
	{ 0x80000000, 0x00000000, EMU_FMT_VOP2, 1, "VOP2" }

/* SI/CI: SMRD is one dword (11000 in bits 31:27); FLAT (CI) is not implemented. */
static const struct enc encs_gfx6[] = {
	SCALAR_ENCS,
	{ 0xf8000000, 0xc0000000, EMU_FMT_SMEM, 1, "SMRD" },
	{ 0xfc000000, 0xd0000000, EMU_FMT_NONE, 2, "VOP3" },
	{ 0xfc000000, 0xd8000000, EMU_FMT_DS, 2, "DS" },
	{ 0xfc000000, 0xdc000000, EMU_FMT_NONE, 2, "FLAT" },
	{ 0xfc000000, 0xe0000000, EMU_FMT_MUBUF, 2, "MUBUF" },
	{ 0xfc000000, 0xe8000000, EMU_FMT_MTBUF, 2, "MTBUF" },
	{ 0, 0, 0, 0, NULL }
};

static const struct enc encs_gfx9[] = {
	SCALAR_ENCS,
	{ 0xfc000000, 0xc0000000, EMU_FMT_SMEM, 2, "SMEM" },
	{ 0xff800000, 0xd3800000, EMU_FMT_NONE, 2, "VOP3P" },
	{ 0xfc000000, 0xd0000000, EMU_FMT_VOP3, 2, "VOP3" },
	{ 0xfc000000, 0xd8000000, EMU_FMT_DS, 2, "DS" },
	{ 0xfc000000, 0xdc000000, EMU_FMT_GLOBAL, 2, "FLAT" },
	{ 0xfc000000, 0xe0000000, EMU_FMT_MUBUF, 2, "MUBUF" },
	{ 0xfc000000, 0xe8000000, EMU_FMT_MTBUF, 2, "MTBUF" },
	{ 0, 0, 0, 0, NULL }
};

static const struct enc encs_gfx10[] = {
	SCALAR_ENCS,
	{ 0xfc000000, 0xf4000000, EMU_FMT_SMEM, 2, "SMEM" },
	{ 0xff000000, 0xcc000000, EMU_FMT_NONE, 2, "VOP3P" },
	{ 0xfc000000, 0xd4000000, EMU_FMT_VOP3, 2, "VOP3" },
	{ 0xfc000000, 0xd8000000, EMU_FMT_DS, 2, "DS" },
	{ 0xfc000000, 0xdc000000, EMU_FMT_GLOBAL, 2, "FLAT" },
	{ 0xfc000000, 0xe0000000, EMU_FMT_MUBUF, 2, "MUBUF" },
	{ 0xfc000000, 0xe8000000, EMU_FMT_MTBUF, 2, "MTBUF" },
	{ 0, 0, 0, 0, NULL }
};

/* GFX11: GFX10's formats and LDSDIR (R3 §15.5.1, ENCODING 'b11001110). */
static const struct enc encs_gfx11[] = {
	SCALAR_ENCS,
	{ 0xfc000000, 0xf4000000, EMU_FMT_SMEM, 2, "SMEM" },
	{ 0xff000000, 0xcc000000, EMU_FMT_NONE, 2, "VOP3P" },
	{ 0xfc000000, 0xc8000000, EMU_FMT_VOPD, 2, "VOPD" },
	{ 0xfc000000, 0xd4000000, EMU_FMT_VOP3, 2, "VOP3" },
	{ 0xfc000000, 0xd8000000, EMU_FMT_DS, 2, "DS" },
	{ 0xfc000000, 0xdc000000, EMU_FMT_GLOBAL, 2, "FLAT" },
	{ 0xfc000000, 0xe0000000, EMU_FMT_MUBUF, 2, "MUBUF" },
	{ 0xfc000000, 0xe8000000, EMU_FMT_MTBUF, 2, "MTBUF" },
	{ 0xff000000, 0xce000000, EMU_FMT_LDSDIR, 1, "LDSDIR" },
	{ 0, 0, 0, 0, NULL }
};

static const struct enc encs_gfx12[] = {
	SCALAR_ENCS,
	{ 0xff000000, 0xce000000, EMU_FMT_LDSDIR, 1, "VDSDIR" },
	{ 0xfc000000, 0xf4000000, EMU_FMT_SMEM, 2, "SMEM" },
	{ 0xfc000000, 0xd4000000, EMU_FMT_VOP3, 2, "VOP3" },
	{ 0xfc000000, 0xd8000000, EMU_FMT_DS, 2, "VDS" },
	{ 0xfc000000, 0xec000000, EMU_FMT_GLOBAL, 3, "VFLAT" },
	{ 0xfc000000, 0xc4000000, EMU_FMT_MUBUF, 3, "VBUFFER" },
	{ 0, 0, 0, 0, NULL }
};

/* ---- Field layouts ------------------------------------------------------- */

struct sop_layout {
	struct fld sop2_op, sop1_op, sopk_op, sopp_op;
	struct fld sdst, ssrc0, ssrc1, simm16;
	struct fld vop2_op, vop1_op, vsrc0, vsrc1, vdst;
};

/* Identical in every family handled here. */
static const struct sop_layout sop = {
	F(29, 23), F(15, 8), F(27, 23), F(22, 16),
	F(22, 16), F(7, 0), F(15, 8), F(15, 0),
	F(30, 25), F(16, 9), F(8, 0), F(16, 9), F(24, 17),
};

struct smem_layout {
	struct fld op, sbase, sdata, offset, soffset, imm, soe, glc, dlc, th, scope;
	bool offset_unsigned;	/* GFX6-8: an unsigned offset */
	uint8_t offset_shift;	/* GFX6/7 SMRD: the offset counts dwords */
};

struct flat_layout {
	struct fld op, seg, offset, glc, slc, dlc, th, scope, lds, addr, data, saddr, vdst;
};

struct ds_layout {
	struct fld op, offset0, offset1, gds, addr, data0, data1, vdst;
};

/* LDSDIR/VDSDIR; the bits in no field must be 0 (llvm-objdump-19 refuses others). */
struct ldsdir_layout {
	struct fld vdst, attr_chan, attr, wait_va, op, wait_vmvsrc;
	uint32_t reserved;	/* mask of the bits in no field */
};

struct buf_layout {
	struct fld op, op_hi, offset, offen, idxen, addr64, glc, slc, dlc, lds, tfe, th, scope;
	struct fld vaddr, vdata, srsrc, soffset, fmt, dfmt, nfmt;
};

/* Scalar operand codes that differ between families. */
struct sregs {
	uint16_t sgprs;		/* s0 .. s(sgprs - 1) */
	uint16_t m0, null;	/* 0xffff: none */
};

struct family {
	const struct enc *encs;
	struct sregs sregs;
	struct smem_layout smem;
	struct flat_layout flat;
	struct ds_layout ds;
	struct ldsdir_layout ldsdir;
	struct buf_layout mubuf, mtbuf;
	uint8_t flat_off_null;	/* GLOBAL saddr code meaning "off" besides 0x7f */
	uint8_t srsrc_scale;	/* SRSRC counts quads before GFX12 */
};

static const struct family families[FAM_COUNT] = {
	/*
	 * GFX8 (GCN3 ISA guide, "Microcode Formats"): GFX9's MUBUF, MTBUF and
	 * VOP layouts; SMEM without SOE and with a 20-bit unsigned offset; DS
	 * with GDS at bit 16 and OP at [24:17]; s102..s105 are FLAT_SCRATCH and
	 * XNACK_MASK, so s0..s101 are the SGPRs.  FLAT has no segment field:
	 * the probe shaders of this level use none.
	 */
	/*
	 * GFX6 and GFX7 (SI and CI ISA guides, "Microcode Formats"): SMRD with
	 * an 8-bit dword offset; DS with GDS at 17 and OP at [25:18]; MUBUF and
	 * MTBUF with ADDR64 at 15, SLC at 54 and MTBUF OP at [18:16].  s104 and
	 * s105 are FLAT_SCRATCH on CI (nothing on SI): s0..s103 are the SGPRs.
	 */
	[FAM_GFX6] = {
		.encs = encs_gfx6,
		.sregs = { .sgprs = 104, .m0 = 124, .null = 0xffff },
		.smem = { .op = F(26, 22), .sdata = F(21, 15), .sbase = F(14, 9),
			  .imm = F(8, 8), .offset = F(7, 0), .offset_unsigned = true,
			  .offset_shift = 2 },
		.ds = { .op = F(25, 18), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.gds = F(17, 17), .addr = F(39, 32), .data0 = F(47, 40),
			.data1 = F(55, 48), .vdst = F(63, 56) },
		.mubuf = { .op = F(24, 18), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .addr64 = F(15, 15),
			   .lds = F(16, 16), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .slc = F(54, 54), .tfe = F(55, 55),
			   .soffset = F(63, 56) },
		.mtbuf = { .op = F(18, 16), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .addr64 = F(15, 15),
			   .dfmt = F(22, 19), .nfmt = F(25, 23), .vaddr = F(39, 32),
			   .vdata = F(47, 40), .srsrc = F(52, 48), .slc = F(54, 54),
			   .tfe = F(55, 55), .soffset = F(63, 56) },
		.flat_off_null = 0x7f,
		.srsrc_scale = 4,
	},
	[FAM_GFX8] = {
		.encs = encs_gfx9,
		.sregs = { .sgprs = 102, .m0 = 124, .null = 0xffff },
		.smem = { .op = F(25, 18), .sbase = F(5, 0), .sdata = F(12, 6),
			  .offset = F(51, 32), .imm = F(17, 17), .glc = F(16, 16),
			  .offset_unsigned = true },
		.ds = { .op = F(24, 17), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.gds = F(16, 16), .addr = F(39, 32), .data0 = F(47, 40),
			.data1 = F(55, 48), .vdst = F(63, 56) },
		.mubuf = { .op = F(24, 18), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .lds = F(16, 16),
			   .slc = F(17, 17), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .tfe = F(55, 55), .soffset = F(63, 56) },
		.mtbuf = { .op = F(18, 15), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .dfmt = F(22, 19),
			   .nfmt = F(25, 23), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .slc = F(54, 54), .tfe = F(55, 55),
			   .soffset = F(63, 56) },
		.flat_off_null = 0x7f,
		.srsrc_scale = 4,
	},
	[FAM_GFX9] = {
		.encs = encs_gfx9,
		.sregs = { .sgprs = 102, .m0 = 124, .null = 0xffff },
		.smem = { .op = F(25, 18), .sbase = F(5, 0), .sdata = F(12, 6),
			  .offset = F(52, 32), .soffset = F(63, 57), .imm = F(17, 17),
			  .soe = F(14, 14), .glc = F(16, 16) },
		.flat = { .op = F(24, 18), .seg = F(15, 14), .offset = F(12, 0),
			  .lds = F(13, 13), .glc = F(16, 16), .slc = F(17, 17),
			  .addr = F(39, 32), .data = F(47, 40), .saddr = F(54, 48),
			  .vdst = F(63, 56) },
		.ds = { .op = F(24, 17), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.gds = F(16, 16), .addr = F(39, 32), .data0 = F(47, 40),
			.data1 = F(55, 48), .vdst = F(63, 56) },
		.mubuf = { .op = F(24, 18), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .lds = F(16, 16),
			   .slc = F(17, 17), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .tfe = F(55, 55), .soffset = F(63, 56) },
		.mtbuf = { .op = F(18, 15), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .dfmt = F(22, 19),
			   .nfmt = F(25, 23), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .slc = F(54, 54), .tfe = F(55, 55),
			   .soffset = F(63, 56) },
		.flat_off_null = 0x7f,
		.srsrc_scale = 4,
	},
	[FAM_GFX10] = {
		.encs = encs_gfx10,
		.sregs = { .sgprs = 106, .m0 = 124, .null = 125 },
		.smem = { .op = F(25, 18), .sbase = F(5, 0), .sdata = F(12, 6),
			  .offset = F(52, 32), .soffset = F(63, 57), .dlc = F(14, 14),
			  .glc = F(16, 16) },
		.flat = { .op = F(24, 18), .seg = F(15, 14), .offset = F(11, 0),
			  .dlc = F(12, 12), .lds = F(13, 13), .glc = F(16, 16),
			  .slc = F(17, 17), .addr = F(39, 32), .data = F(47, 40),
			  .saddr = F(54, 48), .vdst = F(63, 56) },
		.ds = { .op = F(25, 18), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.gds = F(17, 17), .addr = F(39, 32), .data0 = F(47, 40),
			.data1 = F(55, 48), .vdst = F(63, 56) },
		.mubuf = { .op = F(25, 18), .offset = F(11, 0), .offen = F(12, 12),
			   .idxen = F(13, 13), .glc = F(14, 14), .dlc = F(15, 15),
			   .lds = F(16, 16), .vaddr = F(39, 32), .vdata = F(47, 40),
			   .srsrc = F(52, 48), .slc = F(54, 54), .tfe = F(55, 55),
			   .soffset = F(63, 56) },
		.mtbuf = { .op = F(18, 16), .op_hi = F(53, 53), .offset = F(11, 0),
			   .offen = F(12, 12), .idxen = F(13, 13), .glc = F(14, 14),
			   .dlc = F(15, 15), .fmt = F(25, 19), .vaddr = F(39, 32),
			   .vdata = F(47, 40), .srsrc = F(52, 48), .slc = F(54, 54),
			   .tfe = F(55, 55), .soffset = F(63, 56) },
		.flat_off_null = 125,
		.srsrc_scale = 4,
	},
	[FAM_GFX11] = {
		.encs = encs_gfx11,
		.sregs = { .sgprs = 106, .m0 = 125, .null = 124 },
		.smem = { .op = F(25, 18), .sbase = F(5, 0), .sdata = F(12, 6),
			  .offset = F(52, 32), .soffset = F(63, 57), .dlc = F(13, 13),
			  .glc = F(14, 14) },
		.flat = { .op = F(24, 18), .seg = F(17, 16), .offset = F(12, 0),
			  .dlc = F(13, 13), .glc = F(14, 14), .slc = F(15, 15),
			  .addr = F(39, 32), .data = F(47, 40), .saddr = F(54, 48),
			  .vdst = F(63, 56) },
		.ds = { .op = F(25, 18), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.gds = F(17, 17), .addr = F(39, 32), .data0 = F(47, 40),
			.data1 = F(55, 48), .vdst = F(63, 56) },
		.ldsdir = { .vdst = F(7, 0), .attr_chan = F(9, 8), .attr = F(15, 10),
			    .wait_va = F(19, 16), .op = F(21, 20), .reserved = 0x00c00000 },
		.mubuf = { .op = F(25, 18), .offset = F(11, 0), .slc = F(12, 12),
			   .dlc = F(13, 13), .glc = F(14, 14), .vaddr = F(39, 32),
			   .vdata = F(47, 40), .srsrc = F(52, 48), .tfe = F(53, 53),
			   .offen = F(54, 54), .idxen = F(55, 55), .soffset = F(63, 56) },
		.mtbuf = { .op = F(18, 15), .offset = F(11, 0), .slc = F(12, 12),
			   .dlc = F(13, 13), .glc = F(14, 14), .fmt = F(25, 19),
			   .vaddr = F(39, 32), .vdata = F(47, 40), .srsrc = F(52, 48),
			   .tfe = F(53, 53), .offen = F(54, 54), .idxen = F(55, 55),
			   .soffset = F(63, 56) },
		.flat_off_null = 124,
		.srsrc_scale = 4,
	},
	[FAM_GFX12] = {
		.encs = encs_gfx12,
		.sregs = { .sgprs = 106, .m0 = 125, .null = 124 },
		.smem = { .op = F(18, 13), .sbase = F(5, 0), .sdata = F(12, 6),
			  .scope = F(22, 21), .th = F(24, 23), .offset = F(55, 32),
			  .soffset = F(63, 57) },
		.flat = { .saddr = F(6, 0), .op = F(20, 14), .seg = F(25, 24),
			  .vdst = F(39, 32), .scope = F(51, 50), .th = F(54, 52),
			  .data = F(62, 55), .addr = F(71, 64), .offset = F(95, 72) },
		.ds = { .op = F(25, 18), .offset0 = F(7, 0), .offset1 = F(15, 8),
			.addr = F(39, 32), .data0 = F(47, 40), .data1 = F(55, 48),
			.vdst = F(63, 56) },
		.ldsdir = { .vdst = F(7, 0), .attr_chan = F(9, 8), .attr = F(15, 10),
			    .wait_va = F(19, 16), .op = F(21, 20), .wait_vmvsrc = F(23, 23),
			    .reserved = 0x00400000 },
		/* VBUFFER: one encoding for untyped and typed (opcodes 128+). */
		.mubuf = { .soffset = F(6, 0), .op = F(21, 14), .tfe = F(22, 22),
			   .vdata = F(39, 32), .srsrc = F(49, 41), .scope = F(51, 50),
			   .th = F(54, 52), .fmt = F(61, 55), .offen = F(62, 62),
			   .idxen = F(63, 63), .vaddr = F(71, 64), .offset = F(95, 72) },
		.flat_off_null = 124,
		.srsrc_scale = 1,
	},
};

/* ---- Opcodes ------------------------------------------------------------- */

/* Non-memory instructions the probe shaders use. */
struct op_row {
	uint16_t levels;
	uint8_t fmt;
	uint16_t opnum;		/* VOP3 opcodes go to 1023 */
	uint8_t op;
	uint8_t dwords;		/* SMEM, GLOBAL: dwords moved; waits: enum emu_wait */
	const char *name;
};

static const struct op_row op_rows[] = {
	/* SOP2 */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3) | GFX(11), EMU_FMT_SOP2, 0, EMU_OP_S_ADD_U32, 0, "s_add_u32" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3) | GFX(11), EMU_FMT_SOP2, 4, EMU_OP_S_ADDC_U32, 0, "s_addc_u32" },
	{ GFX(12), EMU_FMT_SOP2, 0, EMU_OP_S_ADD_U32, 0, "s_add_co_u32" },
	{ GFX(12), EMU_FMT_SOP2, 4, EMU_OP_S_ADDC_U32, 0, "s_add_co_ci_u32" },
	{ GFX(8) | GFX(9), EMU_FMT_SOP2, 28, EMU_OP_S_LSHL_B32, 0, "s_lshl_b32" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_SOP2, 30, EMU_OP_S_LSHL_B32, 0, "s_lshl_b32" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOP2, 8, EMU_OP_S_LSHL_B32, 0, "s_lshl_b32" },
	/* SOP2 2 in every level (Vega ISA §12.1 S_ADD_I32; LLVM names it s_add_co_i32 on GFX12) */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3) | GFX(11), EMU_FMT_SOP2, 2, EMU_OP_S_ADD_I32, 0, "s_add_i32" },
	{ GFX(12), EMU_FMT_SOP2, 2, EMU_OP_S_ADD_I32, 0, "s_add_co_i32" },
	/* SOPC 0-11 in every level (Vega ISA §12.2, RDNA3/RDNA4 SOPC opcodes); dwords: enum emu_cmp */
#define SOPC_ROW(n, rel, name) \
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 12), EMU_FMT_SOPC, n, EMU_OP_S_CMP, rel, name }
	SOPC_ROW(0, EMU_CMP_EQ | EMU_CMP_SIGNED, "s_cmp_eq_i32"),
	SOPC_ROW(1, EMU_CMP_LG | EMU_CMP_SIGNED, "s_cmp_lg_i32"),
	SOPC_ROW(2, EMU_CMP_GT | EMU_CMP_SIGNED, "s_cmp_gt_i32"),
	SOPC_ROW(3, EMU_CMP_GE | EMU_CMP_SIGNED, "s_cmp_ge_i32"),
	SOPC_ROW(4, EMU_CMP_LT | EMU_CMP_SIGNED, "s_cmp_lt_i32"),
	SOPC_ROW(5, EMU_CMP_LE | EMU_CMP_SIGNED, "s_cmp_le_i32"),
	SOPC_ROW(6, EMU_CMP_EQ, "s_cmp_eq_u32"),
	SOPC_ROW(7, EMU_CMP_LG, "s_cmp_lg_u32"),
	SOPC_ROW(8, EMU_CMP_GT, "s_cmp_gt_u32"),
	SOPC_ROW(9, EMU_CMP_GE, "s_cmp_ge_u32"),
	SOPC_ROW(10, EMU_CMP_LT, "s_cmp_lt_u32"),
	SOPC_ROW(11, EMU_CMP_LE, "s_cmp_le_u32"),
#undef SOPC_ROW
	/* SOP1 */
	{ GFX(8) | GFX(9) | GFX_RANGE(11, 12), EMU_FMT_SOP1, 0, EMU_OP_S_MOV_B32, 0, "s_mov_b32" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_SOP1, 3, EMU_OP_S_MOV_B32, 0, "s_mov_b32" },
	{ GFX(8) | GFX(9), EMU_FMT_SOP1, 28, EMU_OP_S_GETPC_B64, 0, "s_getpc_b64" },
	{ GFX(8) | GFX(9), EMU_FMT_SOP1, 29, EMU_OP_S_SETPC_B64, 0, "s_setpc_b64" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_SOP1, 31, EMU_OP_S_GETPC_B64, 0, "s_getpc_b64" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_SOP1, 32, EMU_OP_S_SETPC_B64, 0, "s_setpc_b64" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOP1, 71, EMU_OP_S_GETPC_B64, 0, "s_getpc_b64" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOP1, 72, EMU_OP_S_SETPC_B64, 0, "s_setpc_b64" },
	/* SOPK */
	{ GFX(8) | GFX(9) | GFX_RANGE(11, 12), EMU_FMT_SOPK, 17, EMU_OP_S_GETREG_B32, 0, "s_getreg_b32" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_SOPK, 18, EMU_OP_S_GETREG_B32, 0, "s_getreg_b32" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_SOPK, 23, EMU_OP_S_WAITCNT, EMU_WAIT_VSCNT, "s_waitcnt_vscnt" },
	{ GFX(11), EMU_FMT_SOPK, 24, EMU_OP_S_WAITCNT, EMU_WAIT_VSCNT, "s_waitcnt_vscnt" },
	/* RDNA3 SOPK opcode 1, RDNA4 the same (libdrm's GFX11 compute shaders start with it) */
	{ GFX_RANGE(11, 12), EMU_FMT_SOPK, 1, EMU_OP_S_VERSION, 0, "s_version" },
	/* SOPP */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 12), EMU_FMT_SOPP, 0, EMU_OP_S_NOP, 0, "s_nop" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SOPP, 1, EMU_OP_S_ENDPGM, 0, "s_endpgm" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SOPP, 2, EMU_OP_S_BRANCH, 0, "s_branch" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SOPP, 12, EMU_OP_S_WAITCNT, 0, "s_waitcnt" },
	{ GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), EMU_FMT_SOPP, 31, EMU_OP_S_CODE_END, 0, "s_code_end" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 48, EMU_OP_S_ENDPGM, 0, "s_endpgm" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 32, EMU_OP_S_BRANCH, 0, "s_branch" },
	/* S_CBRANCH_SCC0/1: SOPP 4/5 up to RDNA2 (Vega ISA §12.4), 33/34 from RDNA3 (llvm-mc-19) */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SOPP, 4, EMU_OP_S_CBRANCH_SCC0, 0, "s_cbranch_scc0" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SOPP, 5, EMU_OP_S_CBRANCH_SCC1, 0, "s_cbranch_scc1" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 33, EMU_OP_S_CBRANCH_SCC0, 0, "s_cbranch_scc0" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 34, EMU_OP_S_CBRANCH_SCC1, 0, "s_cbranch_scc1" },
	{ GFX(11), EMU_FMT_SOPP, 9, EMU_OP_S_WAITCNT, 0, "s_waitcnt" },
	{ GFX(12), EMU_FMT_SOPP, 64, EMU_OP_S_WAITCNT, EMU_WAIT_LOADCNT, "s_wait_loadcnt" },
	{ GFX(12), EMU_FMT_SOPP, 65, EMU_OP_S_WAITCNT, EMU_WAIT_STORECNT, "s_wait_storecnt" },
	{ GFX(12), EMU_FMT_SOPP, 70, EMU_OP_S_WAITCNT, EMU_WAIT_DSCNT, "s_wait_dscnt" },
	{ GFX(12), EMU_FMT_SOPP, 71, EMU_OP_S_WAITCNT, EMU_WAIT_KMCNT, "s_wait_kmcnt" },
	{ GFX(12), EMU_FMT_SOPP, 68, EMU_OP_S_WAITCNT, EMU_WAIT_EXPCNT, "s_wait_expcnt" },
	/* RDNA2 §12.5 S_WAITCNT_DEPCTR (35), RDNA3 SOPP 8; RDNA4 Table 83 S_WAIT_ALU (8) */
	{ GFX_RANGE(10, 10_3), EMU_FMT_SOPP, 35, EMU_OP_S_WAITCNT_DEPCTR, 0, "s_waitcnt_depctr" },
	{ GFX(11), EMU_FMT_SOPP, 8, EMU_OP_S_WAITCNT_DEPCTR, 0, "s_waitcnt_depctr" },
	{ GFX(12), EMU_FMT_SOPP, 8, EMU_OP_S_WAITCNT_DEPCTR, 0, "s_wait_alu" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 7, EMU_OP_S_DELAY_ALU, 0, "s_delay_alu" },
	/* RDNA3 SOPP opcodes 4 and 54, RDNA4 54 (llvm-objdump-19 -mcpu=gfx1200 knows no opcode 4) */
	{ GFX(11), EMU_FMT_SOPP, 4, EMU_OP_S_SET_INST_PREFETCH_DISTANCE, 0, "s_set_inst_prefetch_distance" },
	{ GFX_RANGE(11, 12), EMU_FMT_SOPP, 54, EMU_OP_S_SENDMSG, 0, "s_sendmsg" },
	/* SMEM loads */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 0, EMU_OP_S_LOAD, 1, "s_load_dword" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 1, EMU_OP_S_LOAD, 2, "s_load_dwordx2" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 2, EMU_OP_S_LOAD, 4, "s_load_dwordx4" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 3, EMU_OP_S_LOAD, 8, "s_load_dwordx8" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 4, EMU_OP_S_LOAD, 16, "s_load_dwordx16" },
	{ GFX_RANGE(11, 12), EMU_FMT_SMEM, 0, EMU_OP_S_LOAD, 1, "s_load_b32" },
	{ GFX_RANGE(11, 12), EMU_FMT_SMEM, 1, EMU_OP_S_LOAD, 2, "s_load_b64" },
	{ GFX_RANGE(11, 12), EMU_FMT_SMEM, 2, EMU_OP_S_LOAD, 4, "s_load_b128" },
	{ GFX_RANGE(11, 12), EMU_FMT_SMEM, 3, EMU_OP_S_LOAD, 8, "s_load_b256" },
	{ GFX_RANGE(11, 12), EMU_FMT_SMEM, 4, EMU_OP_S_LOAD, 16, "s_load_b512" },
	/* VOP1, VOP2 */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 12), EMU_FMT_VOP1, 1, EMU_OP_V_MOV_B32, 0, "v_mov_b32_e32" },
	{ GFX_ALL, EMU_FMT_VOP1, 2, EMU_OP_V_READFIRSTLANE_B32, 0, "v_readfirstlane_b32" },
	{ GFX(8) | GFX(9), EMU_FMT_VOP2, 18, EMU_OP_V_LSHLREV_B32, 0, "v_lshlrev_b32_e32" },
	{ GFX(8) | GFX(9), EMU_FMT_VOP2, 19, EMU_OP_V_AND_B32, 0, "v_and_b32_e32" },
	{ GFX(9), EMU_FMT_VOP2, 52, EMU_OP_V_ADD_U32, 0, "v_add_u32_e32" },
	{ GFX(9), EMU_FMT_VOP2, 25, EMU_OP_V_ADD_CO_U32, 0, "v_add_co_u32_e32" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3), EMU_FMT_VOP2, 26, EMU_OP_V_LSHLREV_B32, 0, "v_lshlrev_b32_e32" },
	{ GFX_RANGE(11, 12), EMU_FMT_VOP2, 24, EMU_OP_V_LSHLREV_B32, 0, "v_lshlrev_b32_e32" },
	{ GFX_RANGE(6, 7) | GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), EMU_FMT_VOP2, 27, EMU_OP_V_AND_B32, 0, "v_and_b32_e32" },
	{ GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), EMU_FMT_VOP2, 37, EMU_OP_V_ADD_U32, 0, "v_add_nc_u32_e32" },
	/* VOP3 (Vega ISA opcode 509, RDNA1/2 838, RDNA3/4 582) */
	{ GFX(9), EMU_FMT_VOP3, 509, EMU_OP_V_LSHL_ADD_U32, 0, "v_lshl_add_u32" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_VOP3, 838, EMU_OP_V_LSHL_ADD_U32, 0, "v_lshl_add_u32" },
	{ GFX_RANGE(11, 12), EMU_FMT_VOP3, 582, EMU_OP_V_LSHL_ADD_U32, 0, "v_lshl_add_u32" },
	/* GLOBAL (FLAT segment 2) */
	{ GFX(9), EMU_FMT_GLOBAL, 20, EMU_OP_GLOBAL_LOAD, 1, "global_load_dword" },
	{ GFX(9), EMU_FMT_GLOBAL, 21, EMU_OP_GLOBAL_LOAD, 2, "global_load_dwordx2" },
	{ GFX(9), EMU_FMT_GLOBAL, 22, EMU_OP_GLOBAL_LOAD, 3, "global_load_dwordx3" },
	{ GFX(9), EMU_FMT_GLOBAL, 23, EMU_OP_GLOBAL_LOAD, 4, "global_load_dwordx4" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 12, EMU_OP_GLOBAL_LOAD, 1, "global_load_dword" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 13, EMU_OP_GLOBAL_LOAD, 2, "global_load_dwordx2" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 15, EMU_OP_GLOBAL_LOAD, 3, "global_load_dwordx3" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 14, EMU_OP_GLOBAL_LOAD, 4, "global_load_dwordx4" },
	{ GFX_RANGE(9, 10_3), EMU_FMT_GLOBAL, 28, EMU_OP_GLOBAL_STORE, 1, "global_store_dword" },
	{ GFX_RANGE(9, 10_3), EMU_FMT_GLOBAL, 29, EMU_OP_GLOBAL_STORE, 2, "global_store_dwordx2" },
	{ GFX(9), EMU_FMT_GLOBAL, 30, EMU_OP_GLOBAL_STORE, 3, "global_store_dwordx3" },
	{ GFX(9), EMU_FMT_GLOBAL, 31, EMU_OP_GLOBAL_STORE, 4, "global_store_dwordx4" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 31, EMU_OP_GLOBAL_STORE, 3, "global_store_dwordx3" },
	{ GFX_RANGE(10, 10_3), EMU_FMT_GLOBAL, 30, EMU_OP_GLOBAL_STORE, 4, "global_store_dwordx4" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 20, EMU_OP_GLOBAL_LOAD, 1, "global_load_b32" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 21, EMU_OP_GLOBAL_LOAD, 2, "global_load_b64" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 22, EMU_OP_GLOBAL_LOAD, 3, "global_load_b96" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 23, EMU_OP_GLOBAL_LOAD, 4, "global_load_b128" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 26, EMU_OP_GLOBAL_STORE, 1, "global_store_b32" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 27, EMU_OP_GLOBAL_STORE, 2, "global_store_b64" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 28, EMU_OP_GLOBAL_STORE, 3, "global_store_b96" },
	{ GFX_RANGE(11, 12), EMU_FMT_GLOBAL, 29, EMU_OP_GLOBAL_STORE, 4, "global_store_b128" },
};

/*
 * Buffer and LDS opcodes: every instruction of the catalogue on GFX6..GFX12,
 * by the name LLVM gives it there (vsharp_op_find resolves the entry).  The
 * numbers were listed by assembling `vsharp ops --asm` with llvm-mc-19
 * -show-encoding and cross-checked against the ISA guides' opcode tables.  On
 * GFX12 MUBUF and MTBUF rows share the VBUFFER opcode space.
 */
struct mem_row {
	uint16_t levels;
	uint8_t fmt;
	uint8_t opnum;
	const char *name;	/* the catalogue's spelling */
};

#define MUBUF EMU_FMT_MUBUF
#define MTBUF EMU_FMT_MTBUF
#define DS EMU_FMT_DS
#define LDSDIR EMU_FMT_LDSDIR

static const struct mem_row mem_rows[] = {
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 8, "buffer_load_ubyte" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 9, "buffer_load_sbyte" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 10, "buffer_load_ushort" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 11, "buffer_load_sshort" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 12, "buffer_load_dword" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 13, "buffer_load_dwordx2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 14, "buffer_load_dwordx4" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 15, "buffer_load_dwordx3" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 30, "buffer_store_dwordx4" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 31, "buffer_store_dwordx3" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 48, "buffer_atomic_swap" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 49, "buffer_atomic_cmpswap" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 50, "buffer_atomic_add" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 51, "buffer_atomic_sub" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 53, "buffer_atomic_smin" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 54, "buffer_atomic_umin" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 55, "buffer_atomic_smax" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 56, "buffer_atomic_umax" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 57, "buffer_atomic_and" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 58, "buffer_atomic_or" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 59, "buffer_atomic_xor" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 60, "buffer_atomic_inc" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 61, "buffer_atomic_dec" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 62, "buffer_atomic_fcmpswap" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 63, "buffer_atomic_fmin" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 64, "buffer_atomic_fmax" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 80, "buffer_atomic_swap_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 81, "buffer_atomic_cmpswap_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 82, "buffer_atomic_add_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 83, "buffer_atomic_sub_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 85, "buffer_atomic_smin_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 86, "buffer_atomic_umin_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 87, "buffer_atomic_smax_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 88, "buffer_atomic_umax_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 89, "buffer_atomic_and_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 90, "buffer_atomic_or_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 91, "buffer_atomic_xor_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 92, "buffer_atomic_inc_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 93, "buffer_atomic_dec_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 94, "buffer_atomic_fcmpswap_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 95, "buffer_atomic_fmin_x2" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3), MUBUF, 96, "buffer_atomic_fmax_x2" },
	{ GFX_RANGE(10, 10_3), MUBUF, 128, "buffer_load_format_d16_x" },
	{ GFX_RANGE(10, 10_3), MUBUF, 129, "buffer_load_format_d16_xy" },
	{ GFX_RANGE(10, 10_3), MUBUF, 130, "buffer_load_format_d16_xyz" },
	{ GFX_RANGE(10, 10_3), MUBUF, 131, "buffer_load_format_d16_xyzw" },
	{ GFX_RANGE(10, 10_3), MUBUF, 132, "buffer_store_format_d16_x" },
	{ GFX_RANGE(10, 10_3), MUBUF, 133, "buffer_store_format_d16_xy" },
	{ GFX_RANGE(10, 10_3), MUBUF, 134, "buffer_store_format_d16_xyz" },
	{ GFX_RANGE(10, 10_3), MUBUF, 135, "buffer_store_format_d16_xyzw" },
	{ GFX(11), MUBUF, 45, "buffer_load_lds_u8" },
	{ GFX(11), MUBUF, 46, "buffer_load_lds_i8" },
	{ GFX(11), MUBUF, 47, "buffer_load_lds_u16" },
	{ GFX(11), MUBUF, 48, "buffer_load_lds_i16" },
	{ GFX(11), MUBUF, 49, "buffer_load_lds_b32" },
	{ GFX(11), MUBUF, 50, "buffer_load_lds_format_x" },
	{ GFX(11), MUBUF, 80, "buffer_atomic_cmpswap_f32" },
	{ GFX(11), MUBUF, 81, "buffer_atomic_min_f32" },
	{ GFX(11), MUBUF, 82, "buffer_atomic_max_f32" },
	{ GFX(12), MUBUF, 81, "buffer_atomic_min_f32" },
	{ GFX(12), MUBUF, 82, "buffer_atomic_max_f32" },
	{ GFX(8) | GFX(9), MUBUF, 8, "buffer_load_format_d16_x" },
	{ GFX(8) | GFX(9), MUBUF, 9, "buffer_load_format_d16_xy" },
	{ GFX(8) | GFX(9), MUBUF, 10, "buffer_load_format_d16_xyz" },
	{ GFX(8) | GFX(9), MUBUF, 11, "buffer_load_format_d16_xyzw" },
	{ GFX(8) | GFX(9), MUBUF, 12, "buffer_store_format_d16_x" },
	{ GFX(8) | GFX(9), MUBUF, 13, "buffer_store_format_d16_xy" },
	{ GFX(8) | GFX(9), MUBUF, 14, "buffer_store_format_d16_xyz" },
	{ GFX(8) | GFX(9), MUBUF, 15, "buffer_store_format_d16_xyzw" },
	{ GFX(8) | GFX(9), MUBUF, 16, "buffer_load_ubyte" },
	{ GFX(8) | GFX(9), MUBUF, 17, "buffer_load_sbyte" },
	{ GFX(8) | GFX(9), MUBUF, 18, "buffer_load_ushort" },
	{ GFX(8) | GFX(9), MUBUF, 19, "buffer_load_sshort" },
	{ GFX(8) | GFX(9), MUBUF, 20, "buffer_load_dword" },
	{ GFX(8) | GFX(9), MUBUF, 21, "buffer_load_dwordx2" },
	{ GFX(8) | GFX(9), MUBUF, 22, "buffer_load_dwordx3" },
	{ GFX(8) | GFX(9), MUBUF, 23, "buffer_load_dwordx4" },
	{ GFX(8) | GFX(9), MUBUF, 30, "buffer_store_dwordx3" },
	{ GFX(8) | GFX(9), MUBUF, 31, "buffer_store_dwordx4" },
	{ GFX(8) | GFX(9), MUBUF, 64, "buffer_atomic_swap" },
	{ GFX(8) | GFX(9), MUBUF, 65, "buffer_atomic_cmpswap" },
	{ GFX(8) | GFX(9), MUBUF, 66, "buffer_atomic_add" },
	{ GFX(8) | GFX(9), MUBUF, 67, "buffer_atomic_sub" },
	{ GFX(8) | GFX(9), MUBUF, 68, "buffer_atomic_smin" },
	{ GFX(8) | GFX(9), MUBUF, 69, "buffer_atomic_umin" },
	{ GFX(8) | GFX(9), MUBUF, 70, "buffer_atomic_smax" },
	{ GFX(8) | GFX(9), MUBUF, 71, "buffer_atomic_umax" },
	{ GFX(8) | GFX(9), MUBUF, 72, "buffer_atomic_and" },
	{ GFX(8) | GFX(9), MUBUF, 73, "buffer_atomic_or" },
	{ GFX(8) | GFX(9), MUBUF, 74, "buffer_atomic_xor" },
	{ GFX(8) | GFX(9), MUBUF, 75, "buffer_atomic_inc" },
	{ GFX(8) | GFX(9), MUBUF, 76, "buffer_atomic_dec" },
	{ GFX(8) | GFX(9), MUBUF, 96, "buffer_atomic_swap_x2" },
	{ GFX(8) | GFX(9), MUBUF, 97, "buffer_atomic_cmpswap_x2" },
	{ GFX(8) | GFX(9), MUBUF, 98, "buffer_atomic_add_x2" },
	{ GFX(8) | GFX(9), MUBUF, 99, "buffer_atomic_sub_x2" },
	{ GFX(8) | GFX(9), MUBUF, 100, "buffer_atomic_smin_x2" },
	{ GFX(8) | GFX(9), MUBUF, 101, "buffer_atomic_umin_x2" },
	{ GFX(8) | GFX(9), MUBUF, 102, "buffer_atomic_smax_x2" },
	{ GFX(8) | GFX(9), MUBUF, 103, "buffer_atomic_umax_x2" },
	{ GFX(8) | GFX(9), MUBUF, 104, "buffer_atomic_and_x2" },
	{ GFX(8) | GFX(9), MUBUF, 105, "buffer_atomic_or_x2" },
	{ GFX(8) | GFX(9), MUBUF, 106, "buffer_atomic_xor_x2" },
	{ GFX(8) | GFX(9), MUBUF, 107, "buffer_atomic_inc_x2" },
	{ GFX(8) | GFX(9), MUBUF, 108, "buffer_atomic_dec_x2" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 0, "buffer_load_format_x" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 1, "buffer_load_format_xy" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 2, "buffer_load_format_xyz" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 3, "buffer_load_format_xyzw" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 4, "buffer_store_format_x" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 5, "buffer_store_format_xy" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 6, "buffer_store_format_xyz" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), MUBUF, 7, "buffer_store_format_xyzw" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), MUBUF, 24, "buffer_store_byte" },
	{ GFX_RANGE(9, 10_3), MUBUF, 25, "buffer_store_byte_d16_hi" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), MUBUF, 26, "buffer_store_short" },
	{ GFX_RANGE(9, 10_3), MUBUF, 27, "buffer_store_short_d16_hi" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), MUBUF, 28, "buffer_store_dword" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), MUBUF, 29, "buffer_store_dwordx2" },
	{ GFX_RANGE(9, 10_3), MUBUF, 32, "buffer_load_ubyte_d16" },
	{ GFX_RANGE(9, 10_3), MUBUF, 33, "buffer_load_ubyte_d16_hi" },
	{ GFX_RANGE(9, 10_3), MUBUF, 34, "buffer_load_sbyte_d16" },
	{ GFX_RANGE(9, 10_3), MUBUF, 35, "buffer_load_sbyte_d16_hi" },
	{ GFX_RANGE(9, 10_3), MUBUF, 36, "buffer_load_short_d16" },
	{ GFX_RANGE(9, 10_3), MUBUF, 37, "buffer_load_short_d16_hi" },
	{ GFX_RANGE(9, 10_3), MUBUF, 38, "buffer_load_format_d16_hi_x" },
	{ GFX_RANGE(9, 10_3), MUBUF, 39, "buffer_store_format_d16_hi_x" },
	{ GFX_RANGE(11, 12), MUBUF, 8, "buffer_load_d16_format_x" },
	{ GFX_RANGE(11, 12), MUBUF, 9, "buffer_load_d16_format_xy" },
	{ GFX_RANGE(11, 12), MUBUF, 10, "buffer_load_d16_format_xyz" },
	{ GFX_RANGE(11, 12), MUBUF, 11, "buffer_load_d16_format_xyzw" },
	{ GFX_RANGE(11, 12), MUBUF, 12, "buffer_store_d16_format_x" },
	{ GFX_RANGE(11, 12), MUBUF, 13, "buffer_store_d16_format_xy" },
	{ GFX_RANGE(11, 12), MUBUF, 14, "buffer_store_d16_format_xyz" },
	{ GFX_RANGE(11, 12), MUBUF, 15, "buffer_store_d16_format_xyzw" },
	{ GFX_RANGE(11, 12), MUBUF, 16, "buffer_load_u8" },
	{ GFX_RANGE(11, 12), MUBUF, 17, "buffer_load_i8" },
	{ GFX_RANGE(11, 12), MUBUF, 18, "buffer_load_u16" },
	{ GFX_RANGE(11, 12), MUBUF, 19, "buffer_load_i16" },
	{ GFX_RANGE(11, 12), MUBUF, 20, "buffer_load_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 21, "buffer_load_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 22, "buffer_load_b96" },
	{ GFX_RANGE(11, 12), MUBUF, 23, "buffer_load_b128" },
	{ GFX_RANGE(11, 12), MUBUF, 24, "buffer_store_b8" },
	{ GFX_RANGE(11, 12), MUBUF, 25, "buffer_store_b16" },
	{ GFX_RANGE(11, 12), MUBUF, 26, "buffer_store_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 27, "buffer_store_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 28, "buffer_store_b96" },
	{ GFX_RANGE(11, 12), MUBUF, 29, "buffer_store_b128" },
	{ GFX_RANGE(11, 12), MUBUF, 30, "buffer_load_d16_u8" },
	{ GFX_RANGE(11, 12), MUBUF, 31, "buffer_load_d16_i8" },
	{ GFX_RANGE(11, 12), MUBUF, 32, "buffer_load_d16_b16" },
	{ GFX_RANGE(11, 12), MUBUF, 33, "buffer_load_d16_hi_u8" },
	{ GFX_RANGE(11, 12), MUBUF, 34, "buffer_load_d16_hi_i8" },
	{ GFX_RANGE(11, 12), MUBUF, 35, "buffer_load_d16_hi_b16" },
	{ GFX_RANGE(11, 12), MUBUF, 36, "buffer_store_d16_hi_b8" },
	{ GFX_RANGE(11, 12), MUBUF, 37, "buffer_store_d16_hi_b16" },
	{ GFX_RANGE(11, 12), MUBUF, 38, "buffer_load_d16_hi_format_x" },
	{ GFX_RANGE(11, 12), MUBUF, 39, "buffer_store_d16_hi_format_x" },
	{ GFX_RANGE(11, 12), MUBUF, 51, "buffer_atomic_swap_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 52, "buffer_atomic_cmpswap_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 53, "buffer_atomic_add_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 54, "buffer_atomic_sub_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 56, "buffer_atomic_min_i32" },
	{ GFX_RANGE(11, 12), MUBUF, 57, "buffer_atomic_min_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 58, "buffer_atomic_max_i32" },
	{ GFX_RANGE(11, 12), MUBUF, 59, "buffer_atomic_max_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 60, "buffer_atomic_and_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 61, "buffer_atomic_or_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 62, "buffer_atomic_xor_b32" },
	{ GFX_RANGE(11, 12), MUBUF, 63, "buffer_atomic_inc_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 64, "buffer_atomic_dec_u32" },
	{ GFX_RANGE(11, 12), MUBUF, 65, "buffer_atomic_swap_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 66, "buffer_atomic_cmpswap_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 67, "buffer_atomic_add_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 68, "buffer_atomic_sub_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 69, "buffer_atomic_min_i64" },
	{ GFX_RANGE(11, 12), MUBUF, 70, "buffer_atomic_min_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 71, "buffer_atomic_max_i64" },
	{ GFX_RANGE(11, 12), MUBUF, 72, "buffer_atomic_max_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 73, "buffer_atomic_and_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 74, "buffer_atomic_or_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 75, "buffer_atomic_xor_b64" },
	{ GFX_RANGE(11, 12), MUBUF, 76, "buffer_atomic_inc_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 77, "buffer_atomic_dec_u64" },
	{ GFX_RANGE(11, 12), MUBUF, 86, "buffer_atomic_add_f32" },
	{ GFX(11), MTBUF, 8, "tbuffer_load_d16_format_x" },
	{ GFX(11), MTBUF, 9, "tbuffer_load_d16_format_xy" },
	{ GFX(11), MTBUF, 10, "tbuffer_load_d16_format_xyz" },
	{ GFX(11), MTBUF, 11, "tbuffer_load_d16_format_xyzw" },
	{ GFX(11), MTBUF, 12, "tbuffer_store_d16_format_x" },
	{ GFX(11), MTBUF, 13, "tbuffer_store_d16_format_xy" },
	{ GFX(11), MTBUF, 14, "tbuffer_store_d16_format_xyz" },
	{ GFX(11), MTBUF, 15, "tbuffer_store_d16_format_xyzw" },
	{ GFX(12), MTBUF, 128, "tbuffer_load_format_x" },
	{ GFX(12), MTBUF, 129, "tbuffer_load_format_xy" },
	{ GFX(12), MTBUF, 130, "tbuffer_load_format_xyz" },
	{ GFX(12), MTBUF, 131, "tbuffer_load_format_xyzw" },
	{ GFX(12), MTBUF, 132, "tbuffer_store_format_x" },
	{ GFX(12), MTBUF, 133, "tbuffer_store_format_xy" },
	{ GFX(12), MTBUF, 134, "tbuffer_store_format_xyz" },
	{ GFX(12), MTBUF, 135, "tbuffer_store_format_xyzw" },
	{ GFX(12), MTBUF, 136, "tbuffer_load_d16_format_x" },
	{ GFX(12), MTBUF, 137, "tbuffer_load_d16_format_xy" },
	{ GFX(12), MTBUF, 138, "tbuffer_load_d16_format_xyz" },
	{ GFX(12), MTBUF, 139, "tbuffer_load_d16_format_xyzw" },
	{ GFX(12), MTBUF, 140, "tbuffer_store_d16_format_x" },
	{ GFX(12), MTBUF, 141, "tbuffer_store_d16_format_xy" },
	{ GFX(12), MTBUF, 142, "tbuffer_store_d16_format_xyz" },
	{ GFX(12), MTBUF, 143, "tbuffer_store_d16_format_xyzw" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 0, "tbuffer_load_format_x" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 1, "tbuffer_load_format_xy" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 2, "tbuffer_load_format_xyz" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 3, "tbuffer_load_format_xyzw" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 4, "tbuffer_store_format_x" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 5, "tbuffer_store_format_xy" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 6, "tbuffer_store_format_xyz" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9)|GFX(10)|GFX(10_3)|GFX(11), MTBUF, 7, "tbuffer_store_format_xyzw" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 8, "tbuffer_load_format_d16_x" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 9, "tbuffer_load_format_d16_xy" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 10, "tbuffer_load_format_d16_xyz" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 11, "tbuffer_load_format_d16_xyzw" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 12, "tbuffer_store_format_d16_x" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 13, "tbuffer_store_format_d16_xy" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 14, "tbuffer_store_format_d16_xyz" },
	{ GFX(8) | GFX_RANGE(9, 10_3), MTBUF, 15, "tbuffer_store_format_d16_xyzw" },
	{ GFX_RANGE(10, 10_3), DS, 160, "ds_write_b8_d16_hi" },
	{ GFX_RANGE(10, 10_3), DS, 161, "ds_write_b16_d16_hi" },
	{ GFX_RANGE(10, 10_3), DS, 162, "ds_read_u8_d16" },
	{ GFX_RANGE(10, 10_3), DS, 163, "ds_read_u8_d16_hi" },
	{ GFX_RANGE(10, 10_3), DS, 164, "ds_read_i8_d16" },
	{ GFX_RANGE(10, 10_3), DS, 165, "ds_read_i8_d16_hi" },
	{ GFX_RANGE(10, 10_3), DS, 166, "ds_read_u16_d16" },
	{ GFX_RANGE(10, 10_3), DS, 167, "ds_read_u16_d16_hi" },
	{ GFX_RANGE(10, 10_3), DS, 176, "ds_write_addtid_b32" },
	{ GFX_RANGE(10, 10_3), DS, 177, "ds_read_addtid_b32" },
	{ GFX(9), DS, 29, "ds_write_addtid_b32" },
	{ GFX(9), DS, 84, "ds_write_b8_d16_hi" },
	{ GFX(9), DS, 85, "ds_write_b16_d16_hi" },
	{ GFX(9), DS, 86, "ds_read_u8_d16" },
	{ GFX(9), DS, 87, "ds_read_u8_d16_hi" },
	{ GFX(9), DS, 88, "ds_read_i8_d16" },
	{ GFX(9), DS, 89, "ds_read_i8_d16_hi" },
	{ GFX(9), DS, 90, "ds_read_u16_d16" },
	{ GFX(9), DS, 91, "ds_read_u16_d16_hi" },
	{ GFX(9), DS, 182, "ds_read_addtid_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 0, "ds_add_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 1, "ds_sub_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 2, "ds_rsub_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 3, "ds_inc_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 4, "ds_dec_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 5, "ds_min_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 6, "ds_max_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 7, "ds_min_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 8, "ds_max_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 9, "ds_and_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 10, "ds_or_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 11, "ds_xor_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 12, "ds_mskor_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 32, "ds_add_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 33, "ds_sub_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 34, "ds_rsub_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 35, "ds_inc_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 36, "ds_dec_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 37, "ds_min_rtn_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 38, "ds_max_rtn_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 39, "ds_min_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 40, "ds_max_rtn_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 41, "ds_and_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 42, "ds_or_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 43, "ds_xor_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 44, "ds_mskor_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 64, "ds_add_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 65, "ds_sub_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 71, "ds_min_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 72, "ds_max_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 73, "ds_and_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 74, "ds_or_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 75, "ds_xor_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 96, "ds_add_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 97, "ds_sub_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 103, "ds_min_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 104, "ds_max_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 105, "ds_and_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 106, "ds_or_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 107, "ds_xor_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 13, "ds_write_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 14, "ds_write2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 15, "ds_write2st64_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 16, "ds_cmpst_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 30, "ds_write_b8" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 31, "ds_write_b16" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 45, "ds_wrxchg_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 48, "ds_cmpst_rtn_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 54, "ds_read_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 55, "ds_read2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 56, "ds_read2st64_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 57, "ds_read_i8" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 58, "ds_read_u8" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 59, "ds_read_i16" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 60, "ds_read_u16" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 77, "ds_write_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 78, "ds_write2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 79, "ds_write2st64_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 109, "ds_wrxchg_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 118, "ds_read_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 119, "ds_read2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 120, "ds_read2st64_b64" },
	{ GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 222, "ds_write_b96" },
	{ GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 223, "ds_write_b128" },
	{ GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 254, "ds_read_b96" },
	{ GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 255, "ds_read_b128" },
	{ GFX_RANGE(11, 12), DS, 13, "ds_store_b32" },
	{ GFX_RANGE(11, 12), DS, 14, "ds_store_2addr_b32" },
	{ GFX_RANGE(11, 12), DS, 15, "ds_store_2addr_stride64_b32" },
	{ GFX_RANGE(11, 12), DS, 16, "ds_cmpstore_b32" },
	{ GFX_RANGE(11, 12), DS, 30, "ds_store_b8" },
	{ GFX_RANGE(11, 12), DS, 31, "ds_store_b16" },
	{ GFX_RANGE(11, 12), DS, 45, "ds_storexchg_rtn_b32" },
	{ GFX_RANGE(11, 12), DS, 48, "ds_cmpstore_rtn_b32" },
	{ GFX_RANGE(11, 12), DS, 54, "ds_load_b32" },
	{ GFX_RANGE(11, 12), DS, 55, "ds_load_2addr_b32" },
	{ GFX_RANGE(11, 12), DS, 56, "ds_load_2addr_stride64_b32" },
	{ GFX_RANGE(11, 12), DS, 57, "ds_load_i8" },
	{ GFX_RANGE(11, 12), DS, 58, "ds_load_u8" },
	{ GFX_RANGE(11, 12), DS, 59, "ds_load_i16" },
	{ GFX_RANGE(11, 12), DS, 60, "ds_load_u16" },
	{ GFX_RANGE(11, 12), DS, 77, "ds_store_b64" },
	{ GFX_RANGE(11, 12), DS, 78, "ds_store_2addr_b64" },
	{ GFX_RANGE(11, 12), DS, 79, "ds_store_2addr_stride64_b64" },
	{ GFX_RANGE(11, 12), DS, 109, "ds_storexchg_rtn_b64" },
	{ GFX_RANGE(11, 12), DS, 118, "ds_load_b64" },
	{ GFX_RANGE(11, 12), DS, 119, "ds_load_2addr_b64" },
	{ GFX_RANGE(11, 12), DS, 120, "ds_load_2addr_stride64_b64" },
	{ GFX_RANGE(11, 12), DS, 160, "ds_store_b8_d16_hi" },
	{ GFX_RANGE(11, 12), DS, 161, "ds_store_b16_d16_hi" },
	{ GFX_RANGE(11, 12), DS, 162, "ds_load_u8_d16" },
	{ GFX_RANGE(11, 12), DS, 163, "ds_load_u8_d16_hi" },
	{ GFX_RANGE(11, 12), DS, 164, "ds_load_i8_d16" },
	{ GFX_RANGE(11, 12), DS, 165, "ds_load_i8_d16_hi" },
	{ GFX_RANGE(11, 12), DS, 166, "ds_load_u16_d16" },
	{ GFX_RANGE(11, 12), DS, 167, "ds_load_u16_d16_hi" },
	{ GFX_RANGE(11, 12), DS, 176, "ds_store_addtid_b32" },
	{ GFX_RANGE(11, 12), DS, 177, "ds_load_addtid_b32" },
	{ GFX_RANGE(11, 12), DS, 222, "ds_store_b96" },
	{ GFX_RANGE(11, 12), DS, 223, "ds_store_b128" },
	{ GFX_RANGE(11, 12), DS, 254, "ds_load_b96" },
	{ GFX_RANGE(11, 12), DS, 255, "ds_load_b128" },
	/* Opcode numbers from llvm-mc 19 encodings (DS OP field; RDNA2/3/4 opcode tables). */
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 66, "ds_rsub_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 67, "ds_inc_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 68, "ds_dec_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 69, "ds_min_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 70, "ds_max_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 76, "ds_mskor_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 98, "ds_rsub_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 99, "ds_inc_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 100, "ds_dec_rtn_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 101, "ds_min_rtn_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 102, "ds_max_rtn_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 108, "ds_mskor_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 80, "ds_cmpst_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 10_3), DS, 112, "ds_cmpst_rtn_b64" },
	{ GFX_RANGE(11, 12), DS, 80, "ds_cmpstore_b64" },
	{ GFX_RANGE(11, 12), DS, 112, "ds_cmpstore_rtn_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 18, "ds_min_f32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 19, "ds_max_f32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 50, "ds_min_rtn_f32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX_RANGE(9, 12), DS, 51, "ds_max_rtn_f32" },
	{ GFX(8) | GFX_RANGE(9, 12), DS, 21, "ds_add_f32" },
	{ GFX(8) | GFX(9), DS, 53, "ds_add_rtn_f32" },
	{ GFX_RANGE(10, 10_3), DS, 85, "ds_add_rtn_f32" },
	{ GFX_RANGE(11, 12), DS, 121, "ds_add_rtn_f32" },
	{ GFX(10_3), MUBUF, 52, "buffer_atomic_csub" },
	{ GFX(11), MUBUF, 55, "buffer_atomic_csub_u32" },
	{ GFX(12), MUBUF, 55, "buffer_atomic_csub_u32" },
	{ GFX(12), MUBUF, 80, "buffer_atomic_cond_sub_u32" },
	{ GFX(12), MUBUF, 89, "buffer_atomic_pk_add_f16" },
	{ GFX(12), MUBUF, 90, "buffer_atomic_pk_add_bf16" },
	/*
	 * LDSDIR/VDSDIR OP: R3 §16.14 and R4 give 0 LDS_PARAM_LOAD, 1
	 * LDS_DIRECT_LOAD, as llvm-mc-19 encodes them (R3 §15.5.1's table swaps them).
	 */
	{ GFX(11), LDSDIR, 0, "lds_param_load" },
	{ GFX(11), LDSDIR, 1, "lds_direct_load" },
	{ GFX(12), LDSDIR, 0, "ds_param_load" },
	{ GFX(12), LDSDIR, 1, "ds_direct_load" },
	/* DS lane operations (ISA-V, R1-R4 DS opcode tables). */
	{ GFX(8) | GFX(9), DS, 61, "ds_swizzle_b32" },
	{ GFX(8) | GFX(9), DS, 62, "ds_permute_b32" },
	{ GFX(8) | GFX(9), DS, 63, "ds_bpermute_b32" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), DS, 53, "ds_swizzle_b32" },
	{ GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), DS, 178, "ds_permute_b32" },
	{ GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), DS, 179, "ds_bpermute_b32" },
	/* DS *_src2_* (ISA-V opcodes 128-211; GFX10 keeps the numbers). */
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 128, "ds_add_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 129, "ds_sub_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 130, "ds_rsub_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 131, "ds_inc_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 132, "ds_dec_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 133, "ds_min_src2_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 134, "ds_max_src2_i32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 135, "ds_min_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 136, "ds_max_src2_u32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 137, "ds_and_src2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 138, "ds_or_src2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 139, "ds_xor_src2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 141, "ds_write_src2_b32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 146, "ds_min_src2_f32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 147, "ds_max_src2_f32" },
	{ GFX(8) | GFX(9) | GFX(10), DS, 149, "ds_add_src2_f32" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 192, "ds_add_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 193, "ds_sub_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 194, "ds_rsub_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 195, "ds_inc_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 196, "ds_dec_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 197, "ds_min_src2_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 198, "ds_max_src2_i64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 199, "ds_min_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 200, "ds_max_src2_u64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 201, "ds_and_src2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 202, "ds_or_src2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 203, "ds_xor_src2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 205, "ds_write_src2_b64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 210, "ds_min_src2_f64" },
	{ GFX(6) | GFX(7) | GFX(8) | GFX(9) | GFX(10), DS, 211, "ds_max_src2_f64" },
	/* Ray-tracing stacks (R3 173, R4 224-226; LLVM 20 gfx12_dasm_ds.txt for the R4 words). */
	{ GFX(11), DS, 173, "ds_bvh_stack_rtn_b32" },
	{ GFX(12), DS, 224, "ds_bvh_stack_push4_pop1_rtn_b32" },
	{ GFX(12), DS, 225, "ds_bvh_stack_push8_pop1_rtn_b32" },
	{ GFX(12), DS, 226, "ds_bvh_stack_push8_pop2_rtn_b64" },
	/* Wave counters (ISA-V 189/190, R1-R4 61/62). */
	{ GFX(8) | GFX(9), DS, 189, "ds_consume" },
	{ GFX(8) | GFX(9), DS, 190, "ds_append" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), DS, 61, "ds_consume" },
	{ GFX(6) | GFX(7) | GFX_RANGE(10, 10_3) | GFX_RANGE(11, 12), DS, 62, "ds_append" },
	/* S_BUFFER_LOAD (SMRD/SMEM): ISA-V Table 64, R3 Table 35, R4 Table 45. */
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 8, "s_buffer_load_dword" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 9, "s_buffer_load_dwordx2" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 10, "s_buffer_load_dwordx4" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 11, "s_buffer_load_dwordx8" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX_RANGE(9, 10_3), EMU_FMT_SMEM, 12, "s_buffer_load_dwordx16" },
	{ GFX(11), EMU_FMT_SMEM, 8, "s_buffer_load_b32" },
	{ GFX(11), EMU_FMT_SMEM, 9, "s_buffer_load_b64" },
	{ GFX(11), EMU_FMT_SMEM, 10, "s_buffer_load_b128" },
	{ GFX(11), EMU_FMT_SMEM, 11, "s_buffer_load_b256" },
	{ GFX(11), EMU_FMT_SMEM, 12, "s_buffer_load_b512" },
	{ GFX(12), EMU_FMT_SMEM, 16, "s_buffer_load_b32" },
	{ GFX(12), EMU_FMT_SMEM, 17, "s_buffer_load_b64" },
	{ GFX(12), EMU_FMT_SMEM, 18, "s_buffer_load_b128" },
	{ GFX(12), EMU_FMT_SMEM, 19, "s_buffer_load_b256" },
	{ GFX(12), EMU_FMT_SMEM, 20, "s_buffer_load_b512" },
	{ GFX(12), EMU_FMT_SMEM, 21, "s_buffer_load_b96" },
	{ GFX(12), EMU_FMT_SMEM, 24, "s_buffer_load_i8" },
	{ GFX(12), EMU_FMT_SMEM, 25, "s_buffer_load_u8" },
	{ GFX(12), EMU_FMT_SMEM, 26, "s_buffer_load_i16" },
	{ GFX(12), EMU_FMT_SMEM, 27, "s_buffer_load_u16" },
};

#undef MUBUF
#undef MTBUF
#undef DS

/* Where llvm-objdump prints another name than the catalogue's (an alias). */
static const struct {
	uint16_t levels;
	const char *name, *shown;
} mem_aliases[] = {
	{ GFX(12), "buffer_atomic_min_f32", "buffer_atomic_min_num_f32" },
	{ GFX(12), "buffer_atomic_max_f32", "buffer_atomic_max_num_f32" },
	{ GFX(12), "buffer_atomic_csub_u32", "buffer_atomic_sub_clamp_u32" },
	{ GFX(12), "ds_min_f32", "ds_min_num_f32" },
	{ GFX(12), "ds_max_f32", "ds_max_num_f32" },
	{ GFX(12), "ds_min_rtn_f32", "ds_min_num_rtn_f32" },
	{ GFX(12), "ds_max_rtn_f32", "ds_max_num_rtn_f32" },
};

/* ---- Decoding ------------------------------------------------------------ */

struct ctx {
	enum vsharp_gfx level;
	const struct family *fam;
	const uint32_t *w;
	unsigned n;
	const char *what;
	struct emu_insn *insn;
	struct vsharp_error *err;
};

static enum fam family_of(enum vsharp_gfx level)
{
	switch (level) {
	case VSHARP_GFX6:
	case VSHARP_GFX7:
		return FAM_GFX6;
	case VSHARP_GFX8:
		return FAM_GFX8;
	case VSHARP_GFX9:
		return FAM_GFX9;
	case VSHARP_GFX10:
	case VSHARP_GFX10_3:
		return FAM_GFX10;
	case VSHARP_GFX11:
		return FAM_GFX11;
	case VSHARP_GFX12:
		return FAM_GFX12;
	default:
		return FAM_COUNT;
	}
}

static int fail(struct ctx *c, unsigned words, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "emu: gfx11: <message> (0x... 0x...)" */
static int fail(struct ctx *c, unsigned words, const char *fmt, ...)
{
	char msg[400], hex[40] = "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (words > c->n)
		words = c->n;
	for (unsigned i = 0; i < words && i < 3; i++)
		snprintf(hex + strlen(hex), sizeof(hex) - strlen(hex), "%s0x%08x",
			 i ? " " : "", c->w[i]);
	return vsharp_fail(c->err, -EINVAL, "emu: %s: %s (%s)", vsharp_gfx_name(c->level),
			   msg, hex);
}

static int need(struct ctx *c, unsigned words)
{
	if (c->n < words)
		return fail(c, c->n, "%s needs %u dwords, %u available", c->what, words, c->n);
	c->insn->words = words;
	for (unsigned i = 0; i < words && i < 3; i++)
		c->insn->raw[i] = c->w[i];
	return 0;
}

/*
 * A scalar operand code (SSRC, SDST, SOFFSET, SADDR) or, with VGPRs, a
 * 9-bit vector source.  A literal is taken from the dword after the
 * instruction's base encoding.
 */
static int operand(struct ctx *c, unsigned code, bool literal_ok, struct emu_opnd *o)
{
	const struct sregs *r = &c->fam->sregs;

	memset(o, 0, sizeof(*o));
	o->index = code;
	if (code < r->sgprs) {
		o->kind = EMU_OPND_SGPR;
	} else if (code == 106) {
		o->kind = EMU_OPND_VCC_LO;
	} else if (code == 107) {
		o->kind = EMU_OPND_VCC_HI;
	} else if (code >= 108 && code <= 123) {
		o->kind = EMU_OPND_TTMP;
		o->index = code - 108;
	} else if (code == r->m0) {
		o->kind = EMU_OPND_M0;
	} else if (code == r->null) {
		o->kind = EMU_OPND_NULL;
	} else if (code == 126) {
		o->kind = EMU_OPND_EXEC_LO;
	} else if (code == 127) {
		o->kind = EMU_OPND_EXEC_HI;
	} else if (code >= 128 && code <= 192) {
		o->kind = EMU_OPND_CONST;
		o->value = code - 128;
	} else if (code >= 193 && code <= 208) {
		o->kind = EMU_OPND_CONST;
		o->value = (uint32_t)(192 - (int)code);
	} else if (code >= 240 && code <= 248) {
		o->kind = EMU_OPND_FCONST;
		o->value = emu_fconst32(code);
	} else if (code == 255 && literal_ok) {
		int ret = need(c, c->insn->words + 1);

		if (ret)
			return ret;
		o->kind = EMU_OPND_LITERAL;
		o->value = c->w[c->insn->words - 1];
	} else if (code >= 256 && code <= 511) {
		o->kind = EMU_OPND_VGPR;
		o->index = code - 256;
	} else {
		return fail(c, c->insn->words, "%s %s operand %u is not implemented", c->what,
			    c->insn->name ? c->insn->name : "", code);
	}
	return 0;
}

/* ---- Register counts ----------------------------------------------------- */

static bool two_data(const struct vsharp_op *op)
{
	return op->atomic == VSHARP_ATOMIC_CMPSWAP || op->atomic == VSHARP_ATOMIC_FCMPSWAP ||
	       op->atomic == VSHARP_ATOMIC_MSKOR;
}

unsigned emu_vgprs(enum vsharp_gfx level, const struct emu_insn *insn, enum emu_vgpr_role role)
{
	const struct vsharp_op *op = insn->mem;
	struct vsharp_ds_operands o;

	if (insn->fmt == EMU_FMT_GLOBAL) {
		if (role == EMU_VGPR_ADDR)
			return insn->has_saddr ? 1 : 2;
		return role == EMU_VGPR_DATA ? insn->global_dwords : 0;
	}
	/* S_BUFFER_LOAD names no VGPR. */
	if (insn->op != EMU_OP_MEM || !op || op->cls == VSHARP_OP_SMEM)
		return 0;
	if (op->cls != VSHARP_OP_DS) {
		if (role == EMU_VGPR_ADDR)
			return insn->addr64 ? 2 : insn->idxen + insn->offen;
		if (role != EMU_VGPR_DATA || insn->lds || op->kind == VSHARP_OP_LOAD_LDS)
			return 0;
		/* Atomics carry the operand (and compare value) whether or not they return. */
		if (op->kind == VSHARP_OP_ATOMIC)
			return op->bytes / 4 * (two_data(op) ? 2 : 1) + insn->tfe;
		return vsharp_op_target_dwords(insn->target ? insn->target : vsharp_target_of(level),
					       op) + insn->tfe;
	}
	vsharp_ds_operands(op, &o);
	switch (role) {
	case EMU_VGPR_ADDR:
		return o.addr;
	case EMU_VGPR_DATA:
		return o.data0;
	case EMU_VGPR_DATA1:
		return o.data1;
	case EMU_VGPR_DST:
		return o.vdst;
	}
	return 0;
}

/* The interpreter indexes VGPR files with these: reject ranges past v255. */
static int check_vgprs(struct ctx *c)
{
	const struct emu_insn *in = c->insn;
	struct { unsigned first, count; } r[4];
	unsigned n = 0;

	if (in->fmt == EMU_FMT_DS) {
		r[n].first = in->ds_addr, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_ADDR);
		r[n].first = in->data0, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_DATA);
		r[n].first = in->data1, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_DATA1);
		r[n].first = in->vdst, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_DST);
	} else {
		r[n].first = in->vaddr, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_ADDR);
		r[n].first = in->vdata, r[n++].count = emu_vgprs(c->level, in, EMU_VGPR_DATA);
	}
	for (unsigned i = 0; i < n; i++) {
		if (r[i].first + r[i].count > 256)
			return fail(c, in->words, "%s %s: v%u..v%u is past v255", c->what, in->name,
				    r[i].first, r[i].first + r[i].count - 1);
	}
	return 0;
}

/* 64-bit scalar operands are aligned pairs: s[2n:2n+1], vcc, exec, ttmp[2n:2n+1]. */
static int check_pair(struct ctx *c, const struct emu_opnd *o)
{
	bool ok;

	switch (o->kind) {
	case EMU_OPND_SGPR:
	case EMU_OPND_TTMP:
		ok = !(o->index & 1);
		break;
	case EMU_OPND_VCC_LO:
	case EMU_OPND_EXEC_LO:
		ok = true;
		break;
	default:
		ok = false;
		break;
	}
	return ok ? 0 : fail(c, c->insn->words, "%s %s: 64-bit operand %u is not implemented",
			     c->what, c->insn->name, o->index);
}

/* ---- Encodings the ISA guides or LLVM rule out ----------------------------- */

/*
 * Where each level's ISA guide describes the fields a refusal names.  Vega and
 * RDNA1/2 share one chapter layout, RDNA3/4 another.  GFX11+ has no LDS bit
 * in buffer instructions, hence no "load to LDS" section.  No GFX6-8 guide
 * was read (Documentation/references.rst): their refusals cite the Vega
 * section of the same GCN rule, saying so.
 */
struct isa_doc {
	const char *guide;
	const char *sgpr_pairs, *smem, *lds_load, *sopp, *ds, *mubuf, *mtbuf, *flat;
};

#define GCN_SECTIONS \
	.sgpr_pairs = "5.2", .smem = "7.1", .lds_load = "8.1.9", .sopp = "13.1.5", .ds = "13.5.1", \
	.mubuf = "13.6.2", .mtbuf = "13.6.1", .flat = "13.8.1"
#define GCN_BEFORE_VEGA "the GCN rule of GFX6-8, as the Vega ISA states it:"

static const struct isa_doc isa_docs[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = { .guide = GCN_BEFORE_VEGA, GCN_SECTIONS },
	[VSHARP_GFX7] = { .guide = GCN_BEFORE_VEGA, GCN_SECTIONS },
	[VSHARP_GFX8] = { .guide = GCN_BEFORE_VEGA, GCN_SECTIONS },
	[VSHARP_GFX9] = { .guide = "Vega ISA", GCN_SECTIONS },
	[VSHARP_GFX10] = { .guide = "RDNA ISA", GCN_SECTIONS },
	[VSHARP_GFX10_3] = { .guide = "RDNA2 ISA", GCN_SECTIONS },
	[VSHARP_GFX11] = { .guide = "RDNA3 ISA", .sgpr_pairs = "6.2", .smem = "8.1",
			   .sopp = "15.1.5", .ds = "15.6.1", .mubuf = "15.7.2", .mtbuf = "15.7.1",
			   .flat = "15.9.1" },
	[VSHARP_GFX12] = { .guide = "RDNA4 ISA", .sgpr_pairs = "6.2", .smem = "8.1",
			   .sopp = "15.1.5", .ds = "15.6.1", .mubuf = "15.7.1", .mtbuf = "15.7.1",
			   .flat = "15.10" },
};

static int refuse(struct ctx *c, const char *section, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "<format> <mnemonic>: <field> is <value>; <allowed> (<guide> §<section>)" */
static int refuse(struct ctx *c, const char *section, const char *fmt, ...)
{
	char msg[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fail(c, c->insn->words, "%s %s: %s (%s §%s)", c->what, c->insn->name, msg,
		    isa_docs[c->level].guide, section);
}

/*
 * Bits in no field of the level's format table that llvm-objdump-19 refuses
 * when set (found by flipping each bit of llvm-mc-19 encodings).
 */
struct reserved_bit {
	uint16_t levels;
	uint8_t fmt;
	uint8_t bit;		/* dword 0 bit 0 = 0 */
	const char *why;
};

static const struct reserved_bit reserved_bits[] = {
	{ GFX_RANGE(10, 10_3) | GFX(11), EMU_FMT_GLOBAL, 55, "in no FLAT field (GFX9's NV)" },
	{ GFX(12), EMU_FMT_GLOBAL, 21, "in no field (OP ends at 20, ENCODING starts at 24)" },
	{ GFX(12), EMU_FMT_GLOBAL, 49, "SVE, a scratch VGPR offset, which GLOBAL has not" },
	{ GFX(12), EMU_FMT_DS, 17, "in no VDS field (GDS before GFX12)" },
};

static int check_reserved(struct ctx *c, const char *section)
{
	for (unsigned i = 0; i < ARRAY_SIZE(reserved_bits); i++) {
		const struct reserved_bit *r = &reserved_bits[i];

		if (r->fmt == c->insn->fmt && (r->levels & VSHARP_GFX_BIT(c->level)) &&
		    get(c->w, (struct fld){ r->bit, 1 }))
			return refuse(c, section, "bit %u is 1; allowed: 0, the bit is %s", r->bit,
				      r->why);
	}
	return 0;
}

/*
 * DS fields an op does not read or write must be 0: the ISA's DS table
 * defines them only for the ops that use them, and llvm-mc-19 encodes 0
 * there while llvm-objdump-19 refuses any other value.
 */
static int check_ds_fields(struct ctx *c)
{
	const struct emu_insn *in = c->insn;
	static const struct {
		const char *name;
		enum emu_vgpr_role role;
	} fields[] = {
		{ "ADDR", EMU_VGPR_ADDR },
		{ "DATA0", EMU_VGPR_DATA },
		{ "DATA1", EMU_VGPR_DATA1 },
		{ "VDST", EMU_VGPR_DST },
	};
	const unsigned value[] = { in->ds_addr, in->data0, in->data1, in->vdst };
	int ret = check_reserved(c, isa_docs[c->level].ds);
	/*
	 * The lane permutes and the BVH stack never touch GDS: LLVM gives them
	 * no gds operand (DSInstructions.td has_gds = 0), so llvm-objdump-19
	 * refuses their GDS bit on every level that has one.
	 */
	bool no_gds = in->mem->ds_addr == VSHARP_DS_PERMUTE ||
		      in->mem->ds_addr == VSHARP_DS_BPERMUTE ||
		      in->mem->ds_addr == VSHARP_DS_BVH_STACK;

	if (!ret && in->gds && no_gds)
		ret = refuse(c, isa_docs[c->level].ds,
			     "GDS is 1; allowed: 0, %s has no GDS form (LLVM gives it no gds operand; llvm-objdump-19 refuses the bit)",
			     in->name);
	for (unsigned i = 0; !ret && i < ARRAY_SIZE(fields); i++) {
		if (value[i] && !emu_vgprs(c->level, in, fields[i].role))
			ret = refuse(c, isa_docs[c->level].ds,
				     "%s is %u; allowed: 0, the op has no %s operand (llvm-mc-19 encodes 0, llvm-objdump-19 refuses others)",
				     fields[i].name, value[i], fields[i].name);
	}
	return ret;
}

/* TFE, LDS, DLC, RSRC and IOFFSET of MUBUF/MTBUF/VBUFFER. */
static int check_buf_fields(struct ctx *c)
{
	const struct isa_doc *d = &isa_docs[c->level];
	const struct emu_insn *in = c->insn;
	const struct vsharp_op *op = in->mem;
	const char *sec = in->fmt == EMU_FMT_MTBUF ? d->mtbuf : d->mubuf;

	if (in->lds && !vsharp_op_lds_modifier(op, c->level))
		return refuse(c, d->lds_load,
			      "LDS is 1; allowed: 0, only BUFFER_LOAD_{UBYTE,SBYTE,USHORT,SSHORT,DWORD,FORMAT_X} load to LDS");
	if (in->tfe && in->lds)
		return refuse(c, d->lds_load, "TFE is 1 with LDS 1; allowed: 0, TFE on a load to LDS is illegal");
	if (in->tfe && in->fmt == EMU_FMT_MTBUF)
		return refuse(c, sec,
			      "TFE is 1; allowed: 0, LLVM 19 has no TFE form of typed buffer instructions (llvm-mc-19 refuses tfe)");
	if (in->tfe && op->kind != VSHARP_OP_LOAD)
		return refuse(c, sec,
			      "TFE is 1; allowed: 0, the fail status goes to the VGPR after the fetched data and a %s fetches none (llvm-mc-19 refuses tfe on it)",
			      op->kind == VSHARP_OP_STORE ? "store" :
			      op->kind == VSHARP_OP_ATOMIC ? "buffer atomic" : "load to LDS");
	if (in->dlc && op->kind == VSHARP_OP_ATOMIC && c->level <= VSHARP_GFX10_3)
		return refuse(c, sec,
			      "DLC is 1 on an atomic; allowed: 0 (llvm-mc-19 drops dlc from GFX10 atomics, llvm-objdump-19 refuses the bit)");
	if (c->level >= VSHARP_GFX12 && in->srsrc % 4)
		return refuse(c, sec, "RSRC is s%u; allowed: a multiple of 4 in 0-120", in->srsrc);
	if (c->level >= VSHARP_GFX12 && (in->offset & 0x800000))
		return refuse(c, sec,
			      "IOFFSET is 0x%06x, %d as the signed 24-bit field; allowed: 0-0x7fffff, it must be non-negative",
			      in->offset, sext(in->offset, 24));
	return 0;
}

static int find_row(struct ctx *c, enum emu_fmt fmt, unsigned opnum)
{
	for (unsigned i = 0; i < ARRAY_SIZE(op_rows); i++) {
		const struct op_row *r = &op_rows[i];

		if (r->fmt == fmt && r->opnum == opnum &&
		    (r->levels & VSHARP_GFX_BIT(c->level))) {
			c->insn->op = r->op;
			c->insn->name = r->name;
			c->insn->opcode = opnum;
			if (r->op == EMU_OP_S_WAITCNT)
				c->insn->wait = r->dwords;
			if (r->op == EMU_OP_S_CMP)
				c->insn->cmp = r->dwords;
			return (int)i;
		}
	}
	/* Not a probe-shader row: the ALU tables' path (or a refusal) is the caller's. */
	return -1;
}

/* The generic path for opcodes op_rows[] does not list (below dec_vop3). */
static int dec_sop_alu(struct ctx *c, enum emu_fmt fmt, unsigned opnum);
static int dec_sopk_alu(struct ctx *c, unsigned opnum);
static int dec_sopp_alu(struct ctx *c, unsigned opnum);
static int dec_vop_alu(struct ctx *c, enum vop_kind kind, unsigned opnum);
static int dec_vop3_alu(struct ctx *c, unsigned opnum);
static bool vop_ext(const struct ctx *c, unsigned code);

static int dec_sop2(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	int ret;

	ret = find_row(c, EMU_FMT_SOP2, get(c->w, sop.sop2_op));
	if (ret < 0)
		return dec_sop_alu(c, EMU_FMT_SOP2, get(c->w, sop.sop2_op));
	if ((ret = operand(c, get(c->w, sop.sdst), false, &in->dst)) ||
	    (ret = operand(c, get(c->w, sop.ssrc0), true, &in->src0)))
		return ret;
	/* Only one literal: a second 255 is the same dword. */
	if (get(c->w, sop.ssrc1) == 255 && in->src0.kind == EMU_OPND_LITERAL) {
		in->src1 = in->src0;
		return 0;
	}
	return operand(c, get(c->w, sop.ssrc1), true, &in->src1);
}

/* SOPC: OP at [22:16] like SOPP's, SSRC1 at [15:8], SSRC0 at [7:0]. */
static int dec_sopc(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	int ret;

	ret = find_row(c, EMU_FMT_SOPC, get(c->w, sop.sopp_op));
	if (ret < 0)
		return dec_sop_alu(c, EMU_FMT_SOPC, get(c->w, sop.sopp_op));
	if ((ret = operand(c, get(c->w, sop.ssrc0), true, &in->src0)))
		return ret;
	if (get(c->w, sop.ssrc1) == 255 && in->src0.kind == EMU_OPND_LITERAL) {
		in->src1 = in->src0;
		return 0;
	}
	return operand(c, get(c->w, sop.ssrc1), true, &in->src1);
}

static int dec_sop1(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	int ret;

	ret = find_row(c, EMU_FMT_SOP1, get(c->w, sop.sop1_op));
	if (ret < 0)
		return dec_sop_alu(c, EMU_FMT_SOP1, get(c->w, sop.sop1_op));
	if (in->op != EMU_OP_S_SETPC_B64 &&
	    (ret = operand(c, get(c->w, sop.sdst), false, &in->dst)))
		return ret;
	if (in->op == EMU_OP_S_GETPC_B64)
		return check_pair(c, &in->dst);
	ret = operand(c, get(c->w, sop.ssrc0), in->op == EMU_OP_S_MOV_B32, &in->src0);
	if (!ret && in->op == EMU_OP_S_SETPC_B64)
		ret = check_pair(c, &in->src0);
	return ret;
}

static int dec_sopk(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	uint32_t imm = get(c->w, sop.simm16);
	int ret;

	ret = find_row(c, EMU_FMT_SOPK, get(c->w, sop.sopk_op));
	if (ret < 0)
		return dec_sopk_alu(c, get(c->w, sop.sopk_op));
	in->simm16 = (int16_t)imm;
	/* S_VERSION names no register: llvm-objdump-19 ignores SDST, and so does the core. */
	if (in->op == EMU_OP_S_VERSION)
		return 0;
	if (in->op == EMU_OP_S_GETREG_B32) {
		in->hwreg_id = imm & 0x3f;
		in->hwreg_offset = (imm >> 6) & 0x1f;
		in->hwreg_size = ((imm >> 11) & 0x1f) + 1;
	}
	return operand(c, get(c->w, sop.sdst), false, &in->dst);
}

static int dec_sopp(struct ctx *c)
{
	int ret;

	ret = find_row(c, EMU_FMT_SOPP, get(c->w, sop.sopp_op));
	if (ret < 0)
		return dec_sopp_alu(c, get(c->w, sop.sopp_op));
	c->insn->simm16 = (int16_t)get(c->w, sop.simm16);
	if (c->insn->op == EMU_OP_S_CODE_END && c->insn->simm16)
		return refuse(c, isa_docs[c->level].sopp,
			      "SIMM16 is %u; allowed: 0, S_CODE_END takes no operand (llvm-mc-19 encodes 0, llvm-objdump-19 refuses others)",
			      (uint16_t)c->insn->simm16);
	/* RDNA3 ISA, S_SET_INST_PREFETCH_DISTANCE: mode 0 "Reserved, do not use"; "SIMM16[15:2] must be set to zero". */
	if (c->insn->op == EMU_OP_S_SET_INST_PREFETCH_DISTANCE &&
	    ((uint16_t)c->insn->simm16 < 1 || (uint16_t)c->insn->simm16 > 3))
		return refuse(c, isa_docs[c->level].sopp,
			      "SIMM16 is %u; allowed: 1..3 (PREFETCH_1_LINE..PREFETCH_3_LINES; 0 is reserved, SIMM16[15:2] must be 0)",
			      (uint16_t)c->insn->simm16);
	/* RDNA3 ISA Table 15 "S_SENDMSG Messages": only MSG_DEALLOC_VGPRS is implemented. */
	if (c->insn->op == EMU_OP_S_SENDMSG && (uint16_t)c->insn->simm16 != EMU_MSG_DEALLOC_VGPRS)
		return fail(c, c->insn->words,
			    "SOPP s_sendmsg message 0x%x is not implemented (only MSG_DEALLOC_VGPRS, 3)",
			    (uint16_t)c->insn->simm16);
	return 0;
}

static int dec_vop1(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	int ret;

	ret = vop_ext(c, get(c->w, sop.vsrc0)) ? -1 : find_row(c, EMU_FMT_VOP1, get(c->w, sop.vop1_op));
	if (ret < 0)
		return dec_vop_alu(c, VOP_1, get(c->w, sop.vop1_op));
	if (in->op == EMU_OP_V_READFIRSTLANE_B32) {
		/* VDST is a scalar destination; SRC0 must be a VGPR (LLVM: VRegOrLds_32). */
		ret = operand(c, get(c->w, sop.vdst), false, &in->dst);
		if (ret)
			return ret;
		ret = operand(c, get(c->w, sop.vsrc0), false, &in->src0);
		if (ret)
			return ret;
		if (in->src0.kind != EMU_OPND_VGPR)
			return fail(c, in->words,
				    "%s %s: SRC0 is %u; allowed: a VGPR, 256..511 (llvm-objdump-19 marks the operand invalid)",
				    c->what, in->name, get(c->w, sop.vsrc0));
		if (in->dst.kind == EMU_OPND_CONST || in->dst.kind == EMU_OPND_LITERAL)
			return fail(c, in->words, "%s %s: VDST is %u; allowed: a scalar register",
				    c->what, in->name, get(c->w, sop.vdst));
		return 0;
	}
	in->dst.kind = EMU_OPND_VGPR;
	in->dst.index = get(c->w, sop.vdst);
	return operand(c, get(c->w, sop.vsrc0), true, &in->src0);
}

static int dec_vop2(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	int ret;

	ret = vop_ext(c, get(c->w, sop.vsrc0)) ? -1 : find_row(c, EMU_FMT_VOP2, get(c->w, sop.vop2_op));
	if (ret < 0)
		return dec_vop_alu(c, VOP_2, get(c->w, sop.vop2_op));
	in->dst.kind = EMU_OPND_VGPR;
	in->dst.index = get(c->w, sop.vdst);
	in->src1.kind = EMU_OPND_VGPR;
	in->src1.index = get(c->w, sop.vsrc1);
	return operand(c, get(c->w, sop.vsrc0), true, &in->src0);
}

/*
 * VOP3 (Vega ISA §12.10 "VOP3A", RDNA1-3 "VOP3"): VDST [7:0], OP [25:16],
 * SRC0..2 [40:32], [49:41], [58:50] in every family.  A literal follows
 * the two words from GFX10 only.
 *
 * The modifiers: ABS [10:8], OP_SEL [14:11], CLAMP 15, OMOD
 * [60:59], NEG [63:61] (src0..2 in bit order).  Every VOP3 opcode in
 * ops[] (v_lshl_add_u32) has integer inputs and result, and for those the
 * guides leave none of them a no-op the decoder could take:
 *  - ABS, NEG: Vega and RDNA1/2 §6.2.1 "Instruction Inputs" give them only
 *    to "Instructions using the VOP3 form and also using floating-point
 *    inputs"; RDNA3 §7.2.2.1 "Input Operand Modifiers": "ABS and NEG apply
 *    to floating point inputs and are undefined for any other type of
 *    input".  Refused as undefined.
 *  - OMOD: "Output modifiers apply only to floating point results and are
 *    ignored for integer or bit results" (Vega, RDNA1/2 §6.2.2 "Instruction
 *    Outputs"; RDNA3 §7.2.3.1), but llvm-objdump-19 decodes no
 *    v_lshl_add_u32 with OMOD set (it prints .long), so neither does vsharp.
 *  - CLAMP: "For integer operations, it clamps the result to the largest
 *    and smallest representable value" (Vega, RDNA1/2 §6.5 "ALU Clamp Bit
 *    Usage"; RDNA3 §7.2.3.1): a saturating add the emulator does not
 *    implement; llvm-objdump-19 prints .long too.
 *  - OP_SEL: selects 16-bit halves, not implemented (.long for LLVM too).
 * libdrm 2.4.114's slow-hang compute shader (tests/amdgpu/shader_code_hang.h,
 * copied at byte offsets by shader_test_load_shader_hang_slow's void pointer
 * arithmetic) starts with such a word: 0x708c0f70 sets NEG of src0 and src1
 * and OMOD 2.
 */
static const struct fld vop3_op = F(25, 16), vop3_vdst = F(7, 0);
static const struct fld vop3_src[3] = { F(40, 32), F(49, 41), F(58, 50) };
static const struct fld vop3_abs = F(10, 8), vop3_opsel = F(14, 11), vop3_clamp = F(15, 15);
static const struct fld vop3_omod = F(60, 59), vop3_neg = F(63, 61), vop3_sdst7 = F(14, 8);

static int vop3_mods(struct ctx *c)
{
	bool rdna3 = c->level >= VSHARP_GFX11;

	if (get(c->w, vop3_neg) || get(c->w, vop3_abs))
		return refuse(c, rdna3 ? "7.2.2.1" : "6.2.1",
			      "NEG is 0x%x, ABS is 0x%x; allowed: 0, input modifiers are defined for floating-point inputs only and these are integers (llvm-objdump-19 prints the word as .long)",
			      get(c->w, vop3_neg), get(c->w, vop3_abs));
	if (get(c->w, vop3_omod))
		return refuse(c, rdna3 ? "7.2.3.1" : "6.2.2",
			      "OMOD is %u; allowed: 0, integer results ignore OMOD but llvm-objdump-19 prints the word as .long",
			      get(c->w, vop3_omod));
	if (get(c->w, vop3_clamp))
		return refuse(c, rdna3 ? "7.2.3.1" : "6.5",
			      "CLAMP is 1; allowed: 0, integer clamping (saturation) is not implemented");
	if (get(c->w, vop3_opsel))
		return fail(c, c->insn->words,
			    "%s %s: OP_SEL is 0x%x; allowed: 0, 16-bit halves are not implemented",
			    c->what, c->insn->name, get(c->w, vop3_opsel));
	return 0;
}

/* Scalar values an operand list reads: the same register or literal counts once. */
static unsigned scalar_values(const struct emu_opnd *o, unsigned n)
{
	unsigned count = 0;

	for (unsigned i = 0; i < n; i++) {
		bool seen = false;

		if (o[i].kind == EMU_OPND_VGPR || o[i].kind == EMU_OPND_CONST || o[i].kind == EMU_OPND_FCONST ||
		    o[i].kind == EMU_OPND_NONE)
			continue;
		for (unsigned k = 0; k < i; k++)
			seen |= o[k].kind == o[i].kind && o[k].index == o[i].index &&
				o[k].value == o[i].value;
		count += !seen;
	}
	return count;
}

static int dec_vop3(struct ctx *c)
{
	struct emu_insn *in = c->insn;
	bool literal_ok = c->level >= VSHARP_GFX10;
	struct emu_opnd src[3];
	unsigned limit = c->level >= VSHARP_GFX10 ? 2 : 1;
	int ret;

	ret = find_row(c, EMU_FMT_VOP3, get(c->w, vop3_op));
	if (ret < 0)
		return dec_vop3_alu(c, get(c->w, vop3_op));
	ret = vop3_mods(c);
	if (ret)
		return ret;
	in->dst.kind = EMU_OPND_VGPR;
	in->dst.index = get(c->w, vop3_vdst);
	for (unsigned i = 0; i < 3; i++) {
		unsigned code = get(c->w, vop3_src[i]);

		/* One literal at most: a second 255 is the same dword. */
		if (code == 255 && i && literal_ok) {
			bool again = false;

			for (unsigned k = 0; k < i; k++)
				if (src[k].kind == EMU_OPND_LITERAL) {
					src[i] = src[k];
					again = true;
				}
			if (again)
				continue;
		}
		ret = operand(c, code, literal_ok, &src[i]);
		if (ret)
			return ret;
	}
	in->src0 = src[0];
	in->src1 = src[1];
	in->src2 = src[2];
	if (scalar_values(src, 3) > limit)
		return refuse(c, c->level >= VSHARP_GFX12 ? "7.2.2.2 'Source Operand Restrictions'" :
				 c->level >= VSHARP_GFX11 ? "7.2.2.3 'Source Operand Restrictions'" :
				 "6.2.1 'Instruction Inputs'",
			      "%u scalar values (SGPRs, VCC, M0, EXEC, literal) read; allowed: at most %u",
			      scalar_values(src, 3), limit);
	return 0;
}

/* ---- ALU instructions through the disassembler's tables ------------------- */

/*
 * An ALU opcode op_rows[] does not list: its name and operand shapes come
 * from the disassembler's tables (isa/scalar.h, isa/vop.h, isa/vop3.h, the
 * opcodes of every level as llvm-objdump-19 decodes them), what it computes
 * from emu/alu.h's row of that name.  An instruction without a row is
 * refused by name.
 */
static int alu_row(struct ctx *c, const char *name, unsigned opnum)
{
	struct emu_insn *in = c->insn;

	in->name = name;
	in->opcode = opnum;
	in->alu = emu_alu_find(name);
	if (!in->alu)
		return fail(c, in->words, "%s %s (opcode %u) is not implemented", c->what, name, opnum);
	in->op = EMU_OP_ALU;
	return 0;
}

static int no_opcode(struct ctx *c, unsigned opnum)
{
	return fail(c, c->insn->words, "%s opcode %u is not an instruction of %s (llvm-objdump-19 decodes none)",
		    c->what, opnum, vsharp_gfx_name(c->level));
}

/* A source by its operand code; a second literal in one instruction is the same dword. */
static int alu_src(struct ctx *c, unsigned code, bool literal_ok, struct emu_opnd *o)
{
	const struct emu_insn *in = c->insn;
	const struct emu_opnd *prev[] = { &in->src0, &in->src1, &in->src2, &in->cin };

	if (code == 255 && literal_ok)
		for (unsigned i = 0; i < ARRAY_SIZE(prev); i++)
			if (prev[i] != o && prev[i]->kind == EMU_OPND_LITERAL) {
				*o = *prev[i];
				return 0;
			}
	return operand(c, code, literal_ok, o);
}

static struct emu_opnd *alu_next_src(struct emu_insn *in)
{
	struct emu_opnd *src[] = { &in->src0, &in->src1, &in->src2 };

	return in->nsrc < 3 ? src[in->nsrc] : NULL;
}

/* A 64-bit register operand is an aligned pair. */
static int alu_width(struct ctx *c, const struct emu_opnd *o, unsigned dw)
{
	if (dw != 2 || (o->kind != EMU_OPND_SGPR && o->kind != EMU_OPND_TTMP &&
			o->kind != EMU_OPND_VCC_LO && o->kind != EMU_OPND_EXEC_LO))
		return 0;
	return check_pair(c, o);
}

static int dec_sop_alu(struct ctx *c, enum emu_fmt fmt, unsigned opnum)
{
	const struct isa_sop *r = fmt == EMU_FMT_SOP1 ? isa_sop1[c->level] :
				  fmt == EMU_FMT_SOP2 ? isa_sop2[c->level] : isa_sopc[c->level];
	struct emu_insn *in = c->insn;
	int ret;

	while (r && r->name && r->op != opnum)
		r++;
	if (!r || !r->name)
		return no_opcode(c, opnum);
	ret = alu_row(c, r->name, opnum);
	for (const char *t = r->shape; !ret && *t; t++) {
		struct emu_opnd *o = alu_next_src(in);

		switch (*t) {
		case 'd':
			in->dw[0] = r->dst;
			ret = operand(c, get(c->w, sop.sdst), false, &in->dst);
			if (!ret)
				ret = alu_width(c, &in->dst, r->dst);
			break;
		case '0':
		case '1':
			in->dw[1 + in->nsrc] = *t == '0' ? r->src0 : r->src1;
			ret = alu_src(c, get(c->w, *t == '0' ? sop.ssrc0 : sop.ssrc1), true, o);
			if (!ret)
				ret = alu_width(c, o, in->dw[1 + in->nsrc]);
			in->nsrc++;
			break;
		default:
			ret = fail(c, in->words, "%s %s: operand '%c' is not implemented", c->what, in->name, *t);
		}
	}
	return ret;
}

/* SOPK: SIMM16 is source 0; the rows that read the destination say so (EMU_ALU_READS_D). */
static int dec_sopk_alu(struct ctx *c, unsigned opnum)
{
	const struct isa_sopk *r = isa_sopk[c->level];
	struct emu_insn *in = c->insn;
	uint32_t imm = get(c->w, sop.simm16);
	int ret;

	while (r && r->name && r->op != opnum)
		r++;
	if (!r || !r->name)
		return no_opcode(c, opnum);
	in->simm16 = (int16_t)imm;
	if (!strcmp(r->name, "s_setreg_b32") || !strcmp(r->name, "s_setreg_imm32_b32")) {
		in->op = EMU_OP_S_SETREG;
		in->name = r->name;
		in->opcode = opnum;
		in->hwreg_id = imm & 0x3f;
		in->hwreg_offset = (imm >> 6) & 0x1f;
		in->hwreg_size = ((imm >> 11) & 0x1f) + 1;
		/* MODE is hwreg 1 on every level (LLVM SIDefines.h ID_MODE). */
		if (in->hwreg_id != 1)
			return fail(c, in->words, "%s %s of hardware register %u is not implemented (only MODE, 1)",
				    c->what, in->name, in->hwreg_id);
		if (r->dst)
			return operand(c, get(c->w, sop.sdst), false, &in->src0);
		return operand(c, 255, true, &in->src0);
	}
	ret = alu_row(c, r->name, opnum);
	if (ret)
		return ret;
	if (r->dst != 1 || strcmp(r->shape, "dX") != 0)
		return fail(c, in->words, "%s %s: operands \"%s\" are not implemented", c->what, in->name,
			    r->shape);
	in->src0 = (struct emu_opnd){ .kind = EMU_OPND_CONST, .value = imm };
	in->nsrc = 1;
	in->dw[0] = in->dw[1] = in->dw[2] = 1;
	/* The compares write only SCC: their SDST is the register compared. */
	if (in->alu->flags & EMU_ALU_CMP) {
		in->nsrc = 2;
		return operand(c, get(c->w, sop.sdst), false, &in->src1);
	}
	return operand(c, get(c->w, sop.sdst), false, &in->dst);
}

static const struct {
	const char *name;
	uint8_t op, cond;
} sopp_ops[] = {
	{ "s_cbranch_vccz", EMU_OP_S_CBRANCH, EMU_COND_VCCZ },
	{ "s_cbranch_vccnz", EMU_OP_S_CBRANCH, EMU_COND_VCCNZ },
	{ "s_cbranch_execz", EMU_OP_S_CBRANCH, EMU_COND_EXECZ },
	{ "s_cbranch_execnz", EMU_OP_S_CBRANCH, EMU_COND_EXECNZ },
	{ "s_barrier", EMU_OP_S_BARRIER, 0 },
	/* Priority, sleep and clause hints change when a wave issues, never what it computes. */
	{ "s_setprio", EMU_OP_S_HINT, 0 },
	{ "s_sleep", EMU_OP_S_HINT, 0 },
	{ "s_clause", EMU_OP_S_HINT, 0 },
	{ "s_round_mode", EMU_OP_S_MODE, 0 },
	{ "s_denorm_mode", EMU_OP_S_MODE, 1 },
	/* GFX10's name of GFX11's s_set_inst_prefetch_distance (the same SIMM16, RDNA2 ISA §12.5). */
	{ "s_inst_prefetch", EMU_OP_S_SET_INST_PREFETCH_DISTANCE, 0 },
};

static int dec_sopp_alu(struct ctx *c, unsigned opnum)
{
	const struct isa_sopp *r = isa_sopp[c->level];
	struct emu_insn *in = c->insn;

	while (r && r->name && r->op != opnum)
		r++;
	if (!r || !r->name)
		return no_opcode(c, opnum);
	in->name = r->name;
	in->opcode = opnum;
	in->simm16 = (int16_t)get(c->w, sop.simm16);
	for (unsigned i = 0; i < ARRAY_SIZE(sopp_ops); i++) {
		if (!strcmp(sopp_ops[i].name, r->name)) {
			in->op = sopp_ops[i].op;
			in->cond = sopp_ops[i].cond;
			/* RDNA2 ISA §12.5 S_INST_PREFETCH: mode 0 is reserved, SIMM16[15:2] must be 0. */
			if (in->op == EMU_OP_S_SET_INST_PREFETCH_DISTANCE &&
			    ((uint16_t)in->simm16 < 1 || (uint16_t)in->simm16 > 3))
				return refuse(c, isa_docs[c->level].sopp, "SIMM16 is %u; allowed: 1..3",
					      (uint16_t)in->simm16);
			return 0;
		}
	}
	return fail(c, in->words, "%s %s (opcode %u) is not implemented", c->what, r->name, opnum);
}

/* SRC0 codes that select another encoding of VOP1/VOP2/VOPC (Vega ISA §13.3.8-9, RDNA3 §7.7). */
#define SRC_SDWA 0xf9
#define SRC_DPP 0xfa

static bool vop_ext(const struct ctx *c, unsigned code)
{
	return code == SRC_SDWA || code == SRC_DPP ||
	       ((code == 0xe9 || code == 0xea) && c->level >= VSHARP_GFX10);
}

/*
 * The DPP16 dword (Vega ISA §13.3.9 Table 80, RDNA2 §13.3.9 Table 90):
 * SRC0 [39:32], DPP_CTRL [48:40], FI 50 (GFX10+), BC 51, SRC0_NEG/ABS
 * 52/53, SRC1_NEG/ABS 54/55, BANK_MASK [59:56], ROW_MASK [63:60].
 */
static int dec_dpp(struct ctx *c, const struct vop_op *r, struct emu_opnd *src0)
{
	static const struct fld ctrl = F(48, 40), fi = F(50, 50), bc = F(51, 51);
	static const struct fld mods = F(55, 52), bank = F(59, 56), rows = F(63, 60);
	struct emu_insn *in = c->insn;
	unsigned m;
	int ret;

	if (get(c->w, sop.vsrc0) != SRC_DPP)
		return fail(c, in->words, "%s %s: the %s form is not implemented", c->what, in->name,
			    get(c->w, sop.vsrc0) == SRC_SDWA ? "SDWA" : "DPP8");
	ret = need(c, 2);
	if (ret)
		return ret;
	if (!(r->dpp & VSHARP_GFX_BIT(c->level)))
		return fail(c, 2, "%s %s has no DPP form on %s (llvm-objdump-19 decodes none)", c->what,
			    in->name, vsharp_gfx_name(c->level));
	in->dpp = true;
	in->dpp_ctrl = (uint16_t)get(c->w, ctrl);
	in->dpp_fi = c->level >= VSHARP_GFX10 && get(c->w, fi);
	in->dpp_bc = get(c->w, bc);
	in->dpp_bank_mask = (uint8_t)get(c->w, bank);
	in->dpp_row_mask = (uint8_t)get(c->w, rows);
	m = get(c->w, mods);
	in->neg = (uint8_t)((m & 1) | (m >> 1 & 2));
	in->abs = (uint8_t)((m >> 1 & 1) | (m >> 2 & 2));
	if (emu_dpp_lane(in->dpp_ctrl, 0, 64, c->level >= VSHARP_GFX10) == -2)
		return fail(c, 2, "%s %s: DPP_CTRL 0x%x is not defined on %s", c->what, in->name,
			    in->dpp_ctrl, vsharp_gfx_name(c->level));
	if ((in->neg || in->abs) && !(in->alu->flags & (EMU_ALU_IN_F32 | EMU_ALU_IN_F64)))
		return fail(c, 2, "%s %s: DPP NEG/ABS on integer sources are not implemented", c->what,
			    in->name);
	*src0 = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = c->w[1] & 0xff };
	return 0;
}

static int dec_vop_alu(struct ctx *c, enum vop_kind kind, unsigned opnum)
{
	const struct vop_op *r = vop_ops;
	struct emu_insn *in = c->insn;
	bool seen_src = false;
	int ret;

	while (r->kind && !(r->kind == kind && r->op == opnum && (r->levels & VSHARP_GFX_BIT(c->level))))
		r++;
	if (!r->kind)
		return no_opcode(c, opnum);
	ret = alu_row(c, r->name, opnum);
	for (const char *t = r->tmpl; !ret && *t; t++) {
		struct emu_opnd *o = alu_next_src(in);

		switch (*t) {
		case 'D':
			in->dst = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = get(c->w, sop.vdst) };
			in->dw[0] = r->dregs;
			break;
		case '0':
		case 'V':
		case 'L':
			in->dw[1 + in->nsrc++] = r->s0regs;
			if (vop_ext(c, get(c->w, sop.vsrc0)))
				ret = dec_dpp(c, r, o);
			else
				ret = alu_src(c, get(c->w, sop.vsrc0), *t == '0', o);
			if (!ret && *t != '0' && o->kind != EMU_OPND_VGPR)
				ret = fail(c, in->words, "%s %s: SRC0 is %u; allowed: a VGPR", c->what,
					   in->name, get(c->w, sop.vsrc0));
			seen_src = true;
			break;
		case '1':
			in->dw[1 + in->nsrc++] = r->s1regs;
			*o = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = get(c->w, sop.vsrc1) };
			break;
		case 'K':
			in->dw[1 + in->nsrc++] = 1;
			ret = alu_src(c, 255, true, o);
			break;
		case 'C':
			/* VCC before the sources is written (carry out, compare), after them read. */
			*(seen_src ? &in->cin : &in->sdst) = (struct emu_opnd){ .kind = EMU_OPND_VCC_LO };
			break;
		default:
			ret = fail(c, in->words, "%s %s: operand '%c' is not implemented", c->what, in->name, *t);
		}
	}
	return ret;
}

/*
 * VOP3 with the modifiers of emu/alu.h: ABS and NEG on float sources, OMOD
 * and CLAMP on float results (Vega ISA §6.2.1, §6.2.2; RDNA3 §7.2.2.1,
 * §7.2.3.1).  What a row marks as refused (LLVM prints .long) is refused;
 * modifiers the emulator does not implement (integer clamping, OP_SEL's
 * 16-bit halves) are refused by name.
 */
static int vop3_alu_mods(struct ctx *c, const struct isa_vop3_op *r, bool vop3b)
{
	struct emu_insn *in = c->insn;
	uint16_t fl = in->alu->flags;
	bool fin = fl & (EMU_ALU_IN_F32 | EMU_ALU_IN_F64), fout = fl & (EMU_ALU_OUT_F32 | EMU_ALU_OUT_F64);
	static const struct fld clamp7 = F(11, 11);
	unsigned abs = vop3b ? 0 : get(c->w, vop3_abs), opsel = vop3b ? 0 : get(c->w, vop3_opsel);

	in->neg = (uint8_t)get(c->w, vop3_neg);
	in->omod = (uint8_t)get(c->w, vop3_omod);
	in->clamp = get(c->w, c->level <= VSHARP_GFX7 ? clamp7 : vop3_clamp);
	in->abs = (uint8_t)abs;
	if ((in->neg & r->zero >> 10 & 7) || (abs & r->zero & 7) || (in->omod && (r->zero & ISA_VOP3_M_OMOD0)) ||
	    (in->clamp && (r->zero & ISA_VOP3_M_CLAMP)))
		return refuse(c, c->level >= VSHARP_GFX11 ? "7.2.2.1" : "6.2.1",
			      "NEG 0x%x, ABS 0x%x, OMOD %u, CLAMP %u; allowed: the modifiers the instruction takes (llvm-objdump-19 prints the word as .long)",
			      in->neg, abs, in->omod, in->clamp);
	if ((in->neg || abs) && !fin)
		return fail(c, in->words, "%s %s: NEG 0x%x / ABS 0x%x on integer sources are not implemented",
			    c->what, in->name, in->neg, abs);
	if ((in->omod || in->clamp) && !fout)
		return fail(c, in->words, "%s %s: OMOD %u / CLAMP %u on an integer result are not implemented",
			    c->what, in->name, in->omod, in->clamp);
	/* v_permlane16/x16: "OP_SEL[0] is overloaded to represent the DPP 'FI' bit and OP_SEL[1] ... 'BOUND_CTRL'" (RDNA2 ISA VOP3 887-888). */
	if (fl & EMU_ALU_PERMLANE) {
		in->dpp_fi = opsel & 1;
		in->dpp_bc = opsel >> 1 & 1;
		opsel &= ~3u;
	}
	if (opsel)
		return fail(c, in->words, "%s %s: OP_SEL is 0x%x; 16-bit halves are not implemented",
			    c->what, in->name, opsel);
	return 0;
}

static int dec_vop3_alu(struct ctx *c, unsigned opnum)
{
	const struct isa_vop3_op *r = isa_vop3_find(isa_vop3_ops, isa_vop3_op_count, opnum, c->level);
	struct emu_insn *in = c->insn;
	bool literal_ok = c->level >= VSHARP_GFX10, vop3b = false;
	unsigned last_src = 0, limit = c->level >= VSHARP_GFX10 ? 2 : 1;
	struct emu_opnd scalars[4];
	int ret;

	if (!r)
		return no_opcode(c, opnum);
	ret = alu_row(c, r->name, opnum);
	for (unsigned k = 0; k < r->nopnd; k++) {
		vop3b |= r->opnd[k].field == ISA_VOP3_SDST7;
		if (r->opnd[k].field >= ISA_VOP3_SRC0 && r->opnd[k].field <= ISA_VOP3_SRC2)
			last_src = k;
	}
	if (!ret)
		ret = vop3_alu_mods(c, r, vop3b);
	for (unsigned k = 0; !ret && k < r->nopnd; k++) {
		const struct isa_vop3_opnd *d = &r->opnd[k];
		struct emu_opnd *o = alu_next_src(in);
		unsigned code;

		switch (d->field) {
		case ISA_VOP3_VDST:
			in->dst = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = get(c->w, vop3_vdst) };
			in->dw[0] = d->regs;
			break;
		case ISA_VOP3_SDST8:
		case ISA_VOP3_SDST7:
			code = get(c->w, d->field == ISA_VOP3_SDST8 ? vop3_vdst : vop3_sdst7);
			if (in->alu->flags & EMU_ALU_READLANE) {
				in->dw[0] = 1;
				ret = operand(c, code, false, &in->dst);
			} else {
				ret = operand(c, code, false, &in->sdst);
			}
			break;
		case ISA_VOP3_SRC0:
		case ISA_VOP3_SRC1:
		case ISA_VOP3_SRC2:
			code = get(c->w, vop3_src[d->field - ISA_VOP3_SRC0]);
			if (k == last_src && (in->alu->flags & EMU_ALU_CIN)) {
				ret = alu_src(c, code, literal_ok, &in->cin);
				break;
			}
			in->dw[1 + in->nsrc++] = d->regs;
			ret = alu_src(c, code, literal_ok, o);
			if (!ret)
				ret = alu_width(c, o, d->regs);
			break;
		default:
			ret = fail(c, in->words, "%s %s: operand field %u is not implemented", c->what,
				   in->name, d->field);
		}
	}
	if (ret)
		return ret;
	scalars[0] = in->src0, scalars[1] = in->src1, scalars[2] = in->src2, scalars[3] = in->cin;
	if (scalar_values(scalars, 4) > limit)
		return refuse(c, c->level >= VSHARP_GFX11 ? "7.2.2.3 'Source Operand Restrictions'" :
				 "6.2.1 'Instruction Inputs'",
			      "%u scalar values (SGPRs, VCC, M0, EXEC, literal) read; allowed: at most %u",
			      scalar_values(scalars, 4), limit);
	return 0;
}

/*
 * GLOBAL instructions op_rows[] does not list, by the name the
 * disassembler's table gives the opcode (isa/mem.h: OP is SEG << 7 | the
 * opcode field): byte and short loads and stores, and the atomics, which
 * compute as the buffer atomic of the same name (the catalogue's entry
 * gives the operation and size; the model's vsharp_atomic_apply() the
 * result).
 */
static const struct {
	const char *name;
	uint8_t op, bytes;
	bool sext;
} global_ops[] = {
	{ "global_load_ubyte", EMU_OP_GLOBAL_LOAD, 1, false },
	{ "global_load_u8", EMU_OP_GLOBAL_LOAD, 1, false },
	{ "global_load_sbyte", EMU_OP_GLOBAL_LOAD, 1, true },
	{ "global_load_i8", EMU_OP_GLOBAL_LOAD, 1, true },
	{ "global_load_ushort", EMU_OP_GLOBAL_LOAD, 2, false },
	{ "global_load_u16", EMU_OP_GLOBAL_LOAD, 2, false },
	{ "global_load_sshort", EMU_OP_GLOBAL_LOAD, 2, true },
	{ "global_load_i16", EMU_OP_GLOBAL_LOAD, 2, true },
	{ "global_store_byte", EMU_OP_GLOBAL_STORE, 1, false },
	{ "global_store_b8", EMU_OP_GLOBAL_STORE, 1, false },
	{ "global_store_short", EMU_OP_GLOBAL_STORE, 2, false },
	{ "global_store_b16", EMU_OP_GLOBAL_STORE, 2, false },
};

/*
 * VOPD (RDNA3 ISA §15.3.7 Table 90): OPX [25:22], OPY [21:17], SRCX0 [8:0],
 * VSRCX1 [16:9], SRCY0 [40:32], VSRCY1 [48:41], VDSTX [63:56], VDSTY
 * [55:49] with the LSB the opposite of VDSTX[0]; one literal shared.  The
 * halves are the ALU rows of the names without "dual_"; v_dual_cndmask_b32
 * reads VCC_LO, v_dual_fmac_f32 its destination.
 */
static int vopd_half(struct ctx *c, unsigned half, unsigned opnum, unsigned vdst, unsigned src0,
		     unsigned vsrc1, const struct emu_alu **alu, const char **name,
		     struct emu_opnd *dst, struct emu_opnd *src, struct emu_opnd *cin, uint8_t *nsrc)
{
	const struct vopd_op *r = vopd_ops;
	char buf[48];
	int ret = 0;

	while (r->name && !(r->op == opnum && (r->halves & half) && (r->levels & VSHARP_GFX_BIT(c->level))))
		r++;
	if (!r->name)
		return fail(c, c->insn->words, "VOPD opcode %s %u is not an instruction of %s",
			    half == VOPD_X ? "X" : "Y", opnum, vsharp_gfx_name(c->level));
	*name = r->name;
	snprintf(buf, sizeof(buf), "v_%s", r->name + 7);
	*alu = emu_alu_find(buf);
	if (!*alu)
		return fail(c, c->insn->words, "VOPD %s is not implemented", r->name);
	*dst = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = vdst };
	if ((*alu)->flags & EMU_ALU_CIN)
		*cin = (struct emu_opnd){ .kind = EMU_OPND_VCC_LO };
	for (const char *t = r->tmpl + 1; !ret && *t; t++) {
		struct emu_opnd *o = &src[(*nsrc)++];

		if (*t == '1') {
			*o = (struct emu_opnd){ .kind = EMU_OPND_VGPR, .index = vsrc1 };
		} else if (*t == '0' && src0 != 255) {
			ret = operand(c, src0, false, o);
		} else {
			/* The one literal dword after the two, whichever half reads it. */
			ret = need(c, 3);
			if (!ret)
				*o = (struct emu_opnd){ .kind = EMU_OPND_LITERAL, .value = c->w[2] };
		}
	}
	return ret;
}

static int dec_vopd(struct ctx *c)
{
	static const struct fld opx = F(25, 22), opy = F(21, 17), srcx = F(8, 0), vsrcx = F(16, 9);
	static const struct fld srcy = F(40, 32), vsrcy = F(48, 41), vdsty = F(55, 49), vdstx = F(63, 56);
	struct emu_insn *in = c->insn;
	unsigned dx = get(c->w, vdstx);
	struct emu_opnd src[3] = { { 0 } };
	int ret;

	in->op = EMU_OP_ALU;
	in->name = "v_dual";
	ret = vopd_half(c, VOPD_X, get(c->w, opx), dx, get(c->w, srcx), get(c->w, vsrcx), &in->alu,
			&in->name, &in->dst, src, &in->cin, &in->nsrc);
	in->src0 = src[0], in->src1 = src[1], in->src2 = src[2];
	memset(src, 0, sizeof(src));
	if (!ret)
		ret = vopd_half(c, VOPD_Y, get(c->w, opy), get(c->w, vdsty) << 1 | (~dx & 1),
				get(c->w, srcy), get(c->w, vsrcy), &in->vopd_y.alu, &in->vopd_y.name,
				&in->vopd_y.dst, src, &in->vopd_y.cin, &in->vopd_y.nsrc);
	in->vopd_y.src0 = src[0], in->vopd_y.src1 = src[1], in->vopd_y.src2 = src[2];
	memset(in->dw, 1, sizeof(in->dw));
	return ret;
}

void emu_vopd_y(const struct emu_insn *in, struct emu_insn *y)
{
	*y = *in;
	y->alu = in->vopd_y.alu;
	y->name = in->vopd_y.name;
	y->dst = in->vopd_y.dst;
	y->src0 = in->vopd_y.src0;
	y->src1 = in->vopd_y.src1;
	y->src2 = in->vopd_y.src2;
	y->cin = in->vopd_y.cin;
	y->nsrc = in->vopd_y.nsrc;
}

static int dec_global_named(struct ctx *c, unsigned opnum)
{
	struct emu_insn *in = c->insn;
	const struct isa_mem_op *r = isa_flat_ops;
	char buf[64];

	while (r->name && !(r->op == (2u << 7 | opnum) && (r->levels & VSHARP_GFX_BIT(c->level))))
		r++;
	if (!r->name)
		return no_opcode(c, opnum);
	in->name = r->name;
	in->opcode = opnum;
	for (unsigned i = 0; i < ARRAY_SIZE(global_ops); i++) {
		if (!strcmp(global_ops[i].name, r->name)) {
			in->op = global_ops[i].op;
			in->global_bytes = global_ops[i].bytes;
			in->global_sext = global_ops[i].sext;
			in->global_dwords = 1;
			return 0;
		}
	}
	if (strncmp(r->name, "global_atomic_", 14) ||
	    snprintf(buf, sizeof(buf), "buffer_%s", r->name + 7) >= (int)sizeof(buf) ||
	    !(in->mem = vsharp_op_find(c->level, buf, NULL)) || in->mem->kind != VSHARP_OP_ATOMIC)
		return fail(c, in->words, "%s %s (opcode %u) is not implemented", c->what, r->name, opnum);
	in->op = EMU_OP_GLOBAL_ATOMIC;
	in->global_dwords = in->mem->bytes / 4 * (two_data(in->mem) ? 2 : 1);
	return 0;
}

static int dec_global(struct ctx *c)
{
	const struct flat_layout *l = &c->fam->flat;
	struct emu_insn *in = c->insn;
	unsigned seg = get(c->w, l->seg), saddr = get(c->w, l->saddr);
	int ret;

	if (seg != 2)
		return fail(c, in->words, "%s segment %u (%s) is not implemented", c->what, seg,
			    seg == 0 ? "flat" : seg == 1 ? "scratch" : "reserved");
	c->what = "GLOBAL";
	ret = find_row(c, EMU_FMT_GLOBAL, get(c->w, l->op));
	if (ret >= 0)
		in->global_dwords = op_rows[ret].dwords;
	else if ((ret = dec_global_named(c, get(c->w, l->op))))
		return ret;
	if (get(c->w, l->lds))
		return fail(c, in->words, "GLOBAL %s with lds is not implemented", in->name);
	in->vaddr = get(c->w, l->addr);
	in->vdata = in->op == EMU_OP_GLOBAL_LOAD ? get(c->w, l->vdst) : get(c->w, l->data);
	in->vdst = get(c->w, l->vdst);
	in->has_saddr = saddr != 0x7f && saddr != c->fam->flat_off_null;
	in->saddr = saddr;
	if (in->has_saddr && saddr + 2 > c->fam->sregs.sgprs)
		return fail(c, in->words, "GLOBAL %s saddr %u is not implemented", in->name, saddr);
	if (in->has_saddr && saddr % 2)
		return refuse(c, isa_docs[c->level].sgpr_pairs,
			      "SADDR is s%u; allowed: an even SGPR (64-bit SGPR data is an aligned pair) or off",
			      saddr);
	ret = check_reserved(c, isa_docs[c->level].flat);
	if (ret)
		return ret;
	in->global_offset = sext(get(c->w, l->offset), l->offset.bits);
	in->glc = get(c->w, l->glc);
	in->slc = get(c->w, l->slc);
	in->dlc = get(c->w, l->dlc);
	in->th = get(c->w, l->th);
	in->scope = get(c->w, l->scope);
	return 0;
}

/* Whether OPNUM of FMT is a catalogue instruction (mem_rows) on the level. */
static bool mem_row_on(const struct ctx *c, enum emu_fmt fmt, unsigned opnum)
{
	for (unsigned i = 0; i < ARRAY_SIZE(mem_rows); i++)
		if (mem_rows[i].fmt == fmt && mem_rows[i].opnum == opnum &&
		    (mem_rows[i].levels & VSHARP_GFX_BIT(c->level)))
			return true;
	return false;
}

static int find_mem(struct ctx *c, enum emu_fmt fmt, unsigned opnum)
{
	struct emu_insn *in = c->insn;

	for (unsigned i = 0; i < ARRAY_SIZE(mem_rows); i++) {
		const struct mem_row *r = &mem_rows[i];
		const struct vsharp_op *op;

		if (r->opnum != opnum || !(r->levels & VSHARP_GFX_BIT(c->level)))
			continue;
		/* GFX12 VBUFFER: typed and untyped share the opcode space. */
		if (r->fmt != fmt && !(c->level >= VSHARP_GFX12 &&
				       (fmt == EMU_FMT_MUBUF || fmt == EMU_FMT_MTBUF) &&
				       (r->fmt == EMU_FMT_MUBUF || r->fmt == EMU_FMT_MTBUF)))
			continue;
		op = vsharp_op_find(c->level, r->name, NULL);
		if (!op)
			return fail(c, in->words, "%s opcode %u (%s) is not in the catalogue",
				    c->what, opnum, r->name);
		in->fmt = r->fmt;
		in->op = EMU_OP_MEM;
		in->mem = op;
		in->name = vsharp_op_name(op, c->level);
		for (unsigned k = 0; k < ARRAY_SIZE(mem_aliases); k++) {
			if ((mem_aliases[k].levels & VSHARP_GFX_BIT(c->level)) &&
			    !strcmp(mem_aliases[k].name, in->name))
				in->name = mem_aliases[k].shown;
		}
		in->opcode = opnum;
		return 0;
	}
	return fail(c, in->words, "%s opcode %u is not implemented", c->what, opnum);
}

static int dec_smem(struct ctx *c)
{
	const struct smem_layout *l = &c->fam->smem;
	struct emu_insn *in = c->insn;
	unsigned opnum = get(c->w, l->op), soff = get(c->w, l->soffset), scode = 0;
	bool imm = true, sgpr = false, buffer = mem_row_on(c, EMU_FMT_SMEM, opnum);
	int ret = buffer ? find_mem(c, EMU_FMT_SMEM, opnum) : find_row(c, EMU_FMT_SMEM, opnum);

	if (ret < 0 && !buffer)
		return fail(c, in->words, "SMEM opcode %u is not implemented", opnum);
	if (ret < 0)
		return ret;
	in->smem_dwords = buffer ? vsharp_op_data_dwords(c->level, in->mem) : op_rows[ret].dwords;
	in->sbase = get(c->w, l->sbase) * 2;
	in->srsrc = in->sbase;
	in->dst.kind = EMU_OPND_SGPR;
	in->dst.index = get(c->w, l->sdata);
	in->glc = get(c->w, l->glc);
	in->dlc = get(c->w, l->dlc);
	in->th = get(c->w, l->th);
	in->scope = get(c->w, l->scope);
	/*
	 * GFX6-9: IMM says whether OFFSET is an immediate or names the offset
	 * SGPR; GFX9's SOE adds the SOFFSET SGPR (ISA-V §7.2.1).  GFX10+: the
	 * immediate and SOFFSET, NULL for none.
	 */
	if (l->imm.bits) {
		imm = get(c->w, l->imm);
		if (get(c->w, l->soe))
			sgpr = true, scode = soff;
		else if (!imm)
			sgpr = true, scode = get(c->w, l->offset);
	} else if (soff != c->fam->sregs.null) {
		sgpr = true, scode = soff;
	}
	if (imm)
		in->smem_offset = l->offset_unsigned ? get(c->w, l->offset) << l->offset_shift :
				  (uint32_t)sext(get(c->w, l->offset), l->offset.bits);
	if (sgpr) {
		ret = operand(c, scode, false, &in->soffset);
		if (ret)
			return ret;
		if (in->soffset.kind != EMU_OPND_SGPR && in->soffset.kind != EMU_OPND_M0)
			return fail(c, in->words, "SMEM %s offset operand %u is not implemented", in->name,
				    scode);
	}
	if (in->dst.index + in->smem_dwords > c->fam->sregs.sgprs ||
	    in->sbase + (buffer ? 4 : 2) > c->fam->sregs.sgprs)
		return fail(c, in->words, "SMEM %s registers out of range", in->name);
	/* R4 Table 44: loads of 3 or more dwords start at a multiple of 4 too. */
	if (in->dst.index % (in->smem_dwords >= 3 ? 4 : in->smem_dwords))
		return refuse(c, isa_docs[c->level].smem,
			      "SDATA is s%u; allowed: an even SGPR for 2 dwords, a multiple of 4 for %s (this loads %u)",
			      in->dst.index, c->level >= VSHARP_GFX12 ? "3 or more" : "4 or more",
			      in->smem_dwords);
	if (buffer && in->sbase % 4)
		return refuse(c, isa_docs[c->level].smem,
			      "SBASE is s[%u:%u]; allowed: a multiple of 4, S_BUFFER_LOAD reads a V# from 4 aligned SGPRs",
			      in->sbase, in->sbase + 3);
	return 0;
}

static int dec_ds(struct ctx *c)
{
	const struct ds_layout *l = &c->fam->ds;
	struct emu_insn *in = c->insn;
	int ret = find_mem(c, EMU_FMT_DS, get(c->w, l->op));

	if (ret)
		return ret;
	in->offset0 = get(c->w, l->offset0);
	in->offset1 = get(c->w, l->offset1);
	in->gds = get(c->w, l->gds);
	in->ds_addr = get(c->w, l->addr);
	in->data0 = get(c->w, l->data0);
	in->data1 = get(c->w, l->data1);
	in->vdst = get(c->w, l->vdst);
	in->vaddr = in->ds_addr;
	in->vdata = in->mem->kind == VSHARP_OP_STORE ? in->data0 : in->vdst;
	return check_ds_fields(c);
}

static void put(uint32_t *w, struct fld f, uint32_t v)
{
	uint32_t mask = (uint32_t)((1ull << f.bits) - 1);

	w[f.pos / 32] |= (v & mask) << (f.pos % 32);
}

int emu_encode_ds(enum vsharp_gfx level, const struct emu_insn *in, uint32_t words[2],
		  struct vsharp_error *err)
{
	enum fam f = family_of(level);
	const char *name = in->mem ? vsharp_op_name(in->mem, level) : NULL;
	const struct ds_layout *l;
	const struct enc *e;

	if (f == FAM_COUNT || !name)
		return vsharp_fail(err, -EINVAL, "encode: no DS instruction of %s", vsharp_gfx_name(level));
	l = &families[f].ds;
	for (e = families[f].encs; e->what && e->fmt != EMU_FMT_DS; e++)
		;
	for (unsigned i = 0; i < ARRAY_SIZE(mem_rows); i++) {
		const struct mem_row *r = &mem_rows[i];

		if (r->fmt != EMU_FMT_DS || !(r->levels & VSHARP_GFX_BIT(level)) || strcmp(r->name, name))
			continue;
		words[0] = e->match;
		words[1] = 0;
		put(words, l->op, r->opnum);
		put(words, l->offset0, in->offset0);
		put(words, l->offset1, in->offset1);
		put(words, l->addr, in->ds_addr);
		put(words, l->data0, in->data0);
		put(words, l->data1, in->data1);
		put(words, l->vdst, in->vdst);
		return 0;
	}
	return vsharp_fail(err, -ENOSYS, "encode: %s has no %s opcode in the decoder's table",
			   vsharp_gfx_name(level), name);
}

static int dec_ldsdir(struct ctx *c)
{
	const struct ldsdir_layout *l = &c->fam->ldsdir;
	struct emu_insn *in = c->insn;
	int ret;

	if (c->w[0] & l->reserved)
		return fail(c, 1, "%s bits 0x%08x are in no field (allowed 0)", c->what,
			    c->w[0] & l->reserved);
	ret = find_mem(c, EMU_FMT_LDSDIR, get(c->w, l->op));
	if (ret)
		return ret;
	in->vdst = get(c->w, l->vdst);
	in->vdata = in->vdst;
	in->attr = (uint8_t)get(c->w, l->attr);
	in->attr_chan = (uint8_t)get(c->w, l->attr_chan);
	in->wait_va = (uint8_t)get(c->w, l->wait_va);
	in->wait_vmvsrc = (uint8_t)get(c->w, l->wait_vmvsrc);
	return 0;
}

/*
 * The L1/L0/GL1 write-back and invalidate instructions: the emulator's memory
 * is coherent (as for RELEASE_MEM's cache actions), so they have nothing to
 * do.  Their other fields must be 0: LLVM gives them no operand (BUF_BARE).
 */
static const char *const cache_ops[] = {
	"buffer_wbinvl1", "buffer_wbinvl1_vol", "buffer_gl0_inv", "buffer_gl1_inv",
};

static bool dec_cache(struct ctx *c, unsigned opnum)
{
	const struct isa_mem_op *r = isa_mubuf_ops;

	while (r->name && !(r->op == opnum && (r->levels & VSHARP_GFX_BIT(c->level))))
		r++;
	for (unsigned i = 0; r->name && i < ARRAY_SIZE(cache_ops); i++) {
		if (!strcmp(r->name, cache_ops[i])) {
			c->insn->fmt = EMU_FMT_CACHE;
			c->insn->op = EMU_OP_CACHE;
			c->insn->name = r->name;
			c->insn->opcode = opnum;
			return true;
		}
	}
	return false;
}

static int dec_buf(struct ctx *c, enum emu_fmt fmt)
{
	const struct buf_layout *l = fmt == EMU_FMT_MTBUF ? &c->fam->mtbuf : &c->fam->mubuf;
	struct emu_insn *in = c->insn;
	unsigned opnum = get(c->w, l->op) | get(c->w, l->op_hi) << l->op.bits;
	unsigned srsrc = get(c->w, l->srsrc) * c->fam->srsrc_scale;
	int ret;

	ret = find_mem(c, fmt, opnum);
	if (ret && fmt == EMU_FMT_MUBUF && c->level <= VSHARP_GFX11 && dec_cache(c, opnum))
		return c->w[1] || (c->w[0] & 0x3ffff) ?
		       fail(c, 2, "%s %s: fields other than OP are not 0", c->what, in->name) : 0;
	if (ret)
		return ret;
	in->offset = get(c->w, l->offset);
	in->offen = get(c->w, l->offen);
	in->idxen = get(c->w, l->idxen);
	in->addr64 = get(c->w, l->addr64);
	in->glc = get(c->w, l->glc);
	in->slc = get(c->w, l->slc);
	in->dlc = get(c->w, l->dlc);
	in->lds = get(c->w, l->lds);
	in->tfe = get(c->w, l->tfe);
	in->th = get(c->w, l->th);
	in->scope = get(c->w, l->scope);
	in->vaddr = get(c->w, l->vaddr);
	in->vdata = get(c->w, l->vdata);
	if (srsrc + 4 > c->fam->sregs.sgprs)
		return fail(c, in->words, "%s %s srsrc %u is not implemented", c->what, in->name,
			    srsrc);
	in->srsrc = srsrc;
	/* GFX12's 7-bit SOFFSET has no constants; GFX9-11 take any scalar source. */
	ret = operand(c, get(c->w, l->soffset), false, &in->soffset);
	if (ret)
		return ret;
	if (in->soffset.kind != EMU_OPND_SGPR && in->soffset.kind != EMU_OPND_M0 &&
	    in->soffset.kind != EMU_OPND_NULL && in->soffset.kind != EMU_OPND_CONST)
		return fail(c, in->words, "%s %s soffset %u is not implemented", c->what,
			    in->name, get(c->w, l->soffset));
	if (in->fmt == EMU_FMT_MTBUF) {
		struct vsharp_format f = { VSHARP_DFMT_INVALID, VSHARP_NFMT_UNORM };

		if (l->dfmt.bits) {
			unsigned d = get(c->w, l->dfmt), nf = get(c->w, l->nfmt);

			in->tformat_code = d | nf << 4;
			if (d < VSHARP_DFMT_COUNT && vsharp_nfmt_from_code(c->level, nf, &f.nfmt))
				f.dfmt = (enum vsharp_dfmt)d;
			else
				f.nfmt = VSHARP_NFMT_UNORM;
		} else {
			in->tformat_code = get(c->w, l->fmt);
			if (!vsharp_format_from_unified(c->level, in->tformat_code, &f)) {
				f.dfmt = VSHARP_DFMT_INVALID;
				f.nfmt = VSHARP_NFMT_UNORM;
			}
		}
		in->tformat = f;
	}
	return check_buf_fields(c);
}

static int decode(enum vsharp_gfx level, const struct vsharp_target *target, const uint32_t *words,
		  unsigned n, struct emu_insn *insn, struct vsharp_error *err)
{
	struct ctx c = { level, NULL, words, n, NULL, insn, err };
	enum fam f = family_of(level);
	const struct enc *e;
	int ret;

	memset(insn, 0, sizeof(*insn));
	insn->target = target;
	if (f == FAM_COUNT)
		return vsharp_fail(err, -EINVAL, "emu: %s: the decoder handles gfx6 to gfx12",
				   vsharp_gfx_name(level));
	c.fam = &families[f];
	if (!n || !words)
		return vsharp_fail(err, -EINVAL, "emu: %s: no instruction to decode",
				   vsharp_gfx_name(level));
	for (e = c.fam->encs; e->what; e++) {
		if ((words[0] & e->mask) == e->match)
			break;
	}
	if (!e->what)
		return fail(&c, 1, "unknown encoding");
	c.what = e->what;
	ret = need(&c, e->words);
	if (ret)
		return ret;
	/* EMU_FMT_NONE (recognised, not implemented) fails in the default case below. */
	insn->fmt = e->fmt;
	switch (e->fmt) {
	case EMU_FMT_SOP1:
		ret = dec_sop1(&c);
		break;
	case EMU_FMT_SOP2:
		ret = dec_sop2(&c);
		break;
	case EMU_FMT_SOPK:
		ret = dec_sopk(&c);
		break;
	case EMU_FMT_SOPC:
		ret = dec_sopc(&c);
		break;
	case EMU_FMT_SOPP:
		ret = dec_sopp(&c);
		break;
	case EMU_FMT_SMEM:
		ret = dec_smem(&c);
		break;
	case EMU_FMT_VOP1:
		ret = dec_vop1(&c);
		break;
	case EMU_FMT_VOP2:
		ret = dec_vop2(&c);
		break;
	case EMU_FMT_VOPC:
		ret = dec_vop_alu(&c, VOP_C, get(words, (struct fld)F(24, 17)));
		break;
	case EMU_FMT_VOPD:
		ret = dec_vopd(&c);
		break;
	case EMU_FMT_VOP3:
		ret = dec_vop3(&c);
		break;
	case EMU_FMT_GLOBAL:
		ret = dec_global(&c);
		break;
	case EMU_FMT_DS:
		ret = dec_ds(&c);
		break;
	case EMU_FMT_LDSDIR:
		ret = dec_ldsdir(&c);
		break;
	case EMU_FMT_MUBUF:
	case EMU_FMT_MTBUF:
		ret = dec_buf(&c, e->fmt);
		break;
	default:
		ret = fail(&c, e->words, "%s encoding is not implemented", e->what);
		break;
	}
	if (!ret && insn->fmt != EMU_FMT_SMEM && insn->fmt != EMU_FMT_CACHE &&
	    (insn->op == EMU_OP_MEM || insn->fmt == EMU_FMT_GLOBAL))
		ret = check_vgprs(&c);
	if (ret < 0) {
		/* Leave no half-decoded instruction behind. */
		memset(insn, 0, sizeof(*insn));
		return ret;
	}
	return 0;
}

/* A refusal leaves no half-decoded instruction behind, the target included. */
static int decode_or_clear(enum vsharp_gfx level, const struct vsharp_target *target,
			   const uint32_t *words, unsigned n, struct emu_insn *insn,
			   struct vsharp_error *err)
{
	int ret = decode(level, target, words, n, insn, err);

	if (ret)
		memset(insn, 0, sizeof(*insn));
	return ret;
}

int emu_decode(enum vsharp_gfx level, const uint32_t *words, unsigned n,
	       struct emu_insn *insn, struct vsharp_error *err)
{
	return decode_or_clear(level, vsharp_target_of(level), words, n, insn, err);
}

int emu_decode_target(const struct vsharp_target *target, const uint32_t *words, unsigned n,
		      struct emu_insn *insn, struct vsharp_error *err)
{
	return decode_or_clear(target->level, target, words, n, insn, err);
}
