// SPDX-License-Identifier: MIT
/*
 * VOP1, VOP2 and VOPC in their 32-bit encodings, with the SDWA (src0 0xf9,
 * GFX8-GFX10.3), DPP (0xfa, GFX8+) and DPP8 (0xe9/0xea, GFX10+) second
 * dwords, as llvm-objdump-19 prints them.  Field layouts: the AMD ISA
 * guides' "Microcode Formats" chapters (GCN3 "VOP_SDWA", "VOP_DPP"; Vega
 * "VOP_SDWAB"; RDNA1 "VOP_DPP8").  Names and operand lists: vop_tables.c.
 */
#include <string.h>

#include "hw/levels.h"
#include "isa/vop.h"

#define SRC_DPP8 0xe9
#define SRC_DPP8_FI 0xea
#define SRC_SDWA 0xf9
#define SRC_DPP 0xfa

/*
 * The K constant of v_madmk/v_fmaak...: the instruction's literal, shared
 * with a src0 literal; llvm-objdump-19 prints it as 32-bit hex on every
 * level, whatever the operation's type.
 */
static bool k_literal(struct isa_ctx *c)
{
	if (!c->has_literal) {
		if (c->words >= c->avail)
			return isa_refuse(c, "the literal is past the end of the input");
		c->literal = c->w[c->words++];
		c->has_literal = true;
	}
	return true;
}

static const struct vop_op *vop_find(const struct isa_ctx *c, enum vop_kind kind, unsigned op)
{
	const struct vop_op *o;

	for (o = vop_ops; o->kind; o++)
		if (o->kind == kind && o->op == op && (o->levels & VSHARP_GFX_BIT(c->level)))
			return o;
	return NULL;
}

static bool wave32(const struct isa_ctx *c)
{
	/* llvm-objdump-19 disassembles GFX10+ as wave32 unless told otherwise */
	return c->level >= VSHARP_GFX10;
}

/* A VGPR operand: N registers, or with N 0 a 16-bit half (bit 7: .h). */
static bool vreg(struct isa_ctx *c, unsigned r, unsigned n)
{
	if (r + n > 256)
		return isa_refuse(c, "v[%u:%u] is past v255", r, r + n - 1);
	if (n)
		isa_vgpr(c, r, n);
	else
		isa_put(c, "v%u.%c", r & 0x7f, r & 0x80 ? 'h' : 'l');
	return true;
}

/* Source modifiers of SDWA and DPP operands. */
struct mods {
	bool neg, abs, sext;
};

/*
 * Applies bit SLOT of the extension dword: sets *FLAG (or, for
 * VOP_AS_SEXT, the operand's sext) as LLVM prints it, or refuses.
 */
static bool mod(struct isa_ctx *c, const struct vop_op *o, enum vop_mod_slot slot, unsigned bit,
		bool *flag, struct mods *m)
{
	if (!isa_bits(c, 32 + bit, 32 + bit))
		return true;
	switch (VOP_MOD(o, slot)) {
	case VOP_REFUSE:
		return isa_refuse(c, "%s takes no modifier in bit %u of its extension", o->name,
				  bit);
	case VOP_PRINT:
		*flag = true;
		break;
	case VOP_IGNORE:
		break;
	case VOP_AS_SEXT:
		m->sext = true;
		break;
	}
	return true;
}

/* Inline constants and the literal: LLVM writes their negation neg(-1) */
static bool is_imm(unsigned code)
{
	return (code >= 128 && code <= 208) || (code >= 240 && code <= 248) || code == 255;
}

static void mods_open(struct isa_ctx *c, struct mods m, unsigned code)
{
	if (m.neg)
		isa_put(c, m.abs || !is_imm(code) ? "-" : "neg(");
	if (m.abs)
		isa_put(c, "|");
	if (m.sext)
		isa_put(c, "sext(");
}

static void mods_close(struct isa_ctx *c, struct mods m, unsigned code)
{
	if (m.sext || (m.neg && !m.abs && is_imm(code)))
		isa_put(c, ")");
	if (m.abs)
		isa_put(c, "|");
}

/*
 * The extension's view of the sources: SDWA and DPP put src0's VGPR (or,
 * on GFX9+ SDWA, a scalar source) in the second dword.
 */
struct srcs {
	unsigned src0;		/* 9-bit source code */
	unsigned src1;		/* 9-bit source code */
	bool ext;		/* src0 comes from the DPP dword */
	struct mods m0, m1;
};

/*
 * Source CODE (9 bits) of REGS registers (0: a VGPR half); LO_CLASS is the
 * register class LLVM names in its comment on a VGPR past v127 where the
 * operand takes v0-v127 only.
 */
static bool source(struct isa_ctx *c, const struct vop_op *o, enum vop_lo128 opnd,
		   unsigned code, unsigned regs, enum isa_type type, const char *lo_class)
{
	if (code < 256)
		return isa_src(c, code, regs ? regs : 1, type);
	if (code >= 256 + 128 && VOP_LO(o, opnd) == VOP_LO_REFUSE)
		return isa_refuse(c, "%s takes v0-v127 only", o->name);
	if (!vreg(c, code - 256, regs))
		return false;
	if (code >= 256 + 128 && VOP_LO(o, opnd) == VOP_LO_COMMENT)
		isa_put(c, "/*Invalid register, operand has '%s' register class*/", lo_class);
	return true;
}

/*
 * GFX6/GFX7 have no disassembler in LLVM: what vsharp prints there must be
 * what llvm-mc-19 assembles back to the same words, and llvm-mc refuses
 * more than one SGPR or literal read through the constant bus (AMD Sea
 * Islands guide, "VOP2": "only one SGPR or constant literal"; the vcc a
 * carry or v_cndmask reads counts), an SGPR or constant where only a VGPR
 * goes, a VGPR in v_writelane's scalar src0 and an odd first register of
 * an SGPR pair.
 */
static bool gfx6_valid(struct isa_ctx *c, const struct vop_op *o, const struct srcs *s)
{
	unsigned sgpr[3], n = 0, distinct = 0, i, j;
	bool literal = false;
	const char *t;

	for (t = o->tmpl; *t; t++) {
		unsigned code = *t == 'C' ? 106 : *t == 'T' ? s->src1 : s->src0;

		if ((*t == 'V' || *t == 'L') && s->src0 < 256)
			return isa_refuse(c, "%s takes a VGPR src0", o->name);
		if (*t == '0' && strchr(o->tmpl, 'T') && s->src0 >= 256)
			return isa_refuse(c, "%s takes a scalar src0", o->name);
		/* LLVM prints a misaligned pair aligned; llvm-mc cannot encode it */
		if (*t == '0' && o->s0regs > 1 && s->src0 < 128 && s->src0 % 2)
			return isa_refuse(c, "s%u starts no 64-bit register pair", s->src0);
		/* the carry or mask vcc is read already: llvm-mc refuses vcc_lo beside it */
		if (*t == '0' && strchr(o->tmpl, 'C') && (code == 106 || code == 107))
			return isa_refuse(c, "%s reads vcc besides: no vcc_lo/hi src0", o->name);
		if (*t == 'T' && code == 255)
			return isa_refuse(c, "%s takes no literal lane select", o->name);
		/* llvm-mc-19 takes v_movreld_b32's src0 from VGPRs only on GFX6/7 */
		if (*t == '0' && s->src0 < 256 && !strcmp(o->name, "v_movreld_b32"))
			return isa_refuse(c, "%s takes a VGPR src0 on %s", o->name, c->target->name);
		if (*t == 'K' || ((*t == '0' || *t == 'T') && code == 255))
			literal = true;
		else if ((*t == 'C' && strchr(o->tmpl, '0') < t) ||
			 ((*t == '0' || *t == 'T') && (code < 128 || (code >= 251 && code <= 254))))
			sgpr[n++] = code;
	}
	for (i = 0; i < n; i++) {	/* one read per distinct SGPR */
		for (j = 0; j < i && sgpr[j] != sgpr[i]; j++)
			;
		distinct += j == i;
	}
	if (distinct + literal > 1)
		return isa_refuse(c, "%s reads more than one SGPR or literal", o->name);
	return true;
}

static bool operands(struct isa_ctx *c, const struct vop_op *o, const struct srcs *s,
		     bool sdwa_vopc_sdst)
{
	unsigned vdst = isa_bits(c, 24, 17);
	const char *t;
	bool ok = true;

	for (t = o->tmpl; *t && ok; t++) {
		if (t != o->tmpl)
			isa_put(c, ", ");
		switch (*t) {
		case 'D':
			if (VOP_LO(o, VOP_LO_D) == VOP_LO_REFUSE && vdst >= 128)
				return isa_refuse(c, "%s takes v0-v127 only", o->name);
			ok = vreg(c, vdst, o->dregs);
			break;
		case 'S':
			/*
			 * llvm-objdump-19 prints a constant in the SGPR
			 * destination, marked (llvm-mc takes none: GFX6/7)
			 */
			if (is_imm(vdst) && vdst != 255 && c->level >= VSHARP_GFX8) {
				ok = isa_src(c, vdst, 1, ISA_B32);
				isa_put(c, "/*Invalid immediate*/");
			} else {
				ok = isa_sdst(c, vdst, 1);
			}
			break;
		case 'C':
			if (sdwa_vopc_sdst) {
				unsigned sdst = isa_bits(c, 46, 40);

				ok = isa_sdst(c, sdst, wave32(c) ? 1 : 2);
			} else {
				isa_put(c, wave32(c) ? "vcc_lo" : "vcc");
			}
			if (c->level >= VSHARP_GFX12 && s->ext && t > o->tmpl && t[-1] == '1' &&
			    s->m1.abs)
				mods_close(c, s->m1, s->src1);
			break;
		case '0':
		case 'V':
		case 'L':
			mods_open(c, s->m0, s->src0);
			ok = source(c, o, VOP_LO_0, s->src0, o->s0regs, o->type,
				    s->ext ? "VGPR_32_Lo128" : "VS_32_Lo128");
			/* marked: constants, SGPRs, lds_direct (not the other src_*) */
			if (ok && *t != '0' && (is_imm(s->src0) || s->src0 < 128 ||
						(*t == 'V' && s->src0 == 254))) {
				if (is_imm(s->src0))
					isa_put(c, "/*Invalid immediate*/");
				else
					isa_put(c, "/*Invalid register, operand has '%s' register class*/",
						*t == 'V' ? "VGPR_32" : "VRegOrLds_32");
			}
			mods_close(c, s->m0, s->src0);
			break;
		case '1':
		case 'T':
			mods_open(c, s->m1, s->src1);
			ok = source(c, o, VOP_LO_1, s->src1, o->s1regs,
				    *t == 'T' ? ISA_B32 : o->type, "VGPR_32_Lo128");
			/*
			 * llvm-objdump-19 for GFX12 closes src1's |...| of
			 * v_cndmask_b32_dpp after the vcc_lo that follows
			 */
			if (c->level >= VSHARP_GFX12 && s->ext && t[1] == 'C' && s->m1.abs)
				continue;
			mods_close(c, s->m1, s->src1);
			break;
		case 'K':
			if (!k_literal(c))
				return false;
			isa_put(c, "0x%x", c->literal);
			break;
		}
	}
	return ok;
}

static const char *const sel_names[8] = {
	"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD", NULL
};
/* llvm-objdump-19 prints the reserved dst_unused 3 as UNUSED_PAD */
static const char *const unused_names[4] = {
	"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "UNUSED_PAD"
};
static const char *const omod_names[4] = { "", " mul:2", " mul:4", " div:2" };

static bool sdwa(struct isa_ctx *c, const struct vop_op *o, enum vop_kind kind)
{
	bool gfx9 = c->level >= VSHARP_GFX9;
	struct srcs s = {
		.src0 = isa_bits(c, 39, 32) + (gfx9 && isa_bits(c, 55, 55) ? 0 : 256),
		.src1 = isa_bits(c, 16, 9) + (gfx9 && isa_bits(c, 63, 63) ? 0 : 256),
	};
	unsigned dst_sel = isa_bits(c, 42, 40), unused = isa_bits(c, 44, 43);
	unsigned src0_sel = isa_bits(c, 50, 48), src1_sel = isa_bits(c, 58, 56);
	/* GFX9+ VOPC: bits 46:40 are sdst, used where bit 47 is set */
	bool vopc_sdst = kind == VOP_C && gfx9 && isa_bits(c, 47, 47);
	unsigned omod = gfx9 ? isa_bits(c, 47, 46) : 0;
	bool clamp = false, has_omod = false;

	if (!(o->sdwa & VSHARP_GFX_BIT(c->level)))
		return isa_refuse(c, "%s has no SDWA form on %s", o->name, c->target->name);
	if (s.src0 == 255 || s.src1 == 255)
		return isa_refuse(c, "SDWA takes no literal");
	/* GFX10 v_cmpx writes exec only: no sdst to select */
	if (vopc_sdst && !strchr(o->tmpl, 'C'))
		return isa_refuse(c, "%s has no SDWA sdst", o->name);
	/* VOP1 has no src1: its selector must be zero (its modifiers: MOD slots) */
	if (kind == VOP_1 && (src1_sel || (gfx9 && isa_bits(c, 63, 63))))
		return isa_refuse(c, "VOP1 SDWA with a src1 selector");
	if (!mod(c, o, VOP_SDWA_NEG0, 20, &s.m0.neg, &s.m0) ||
	    !mod(c, o, VOP_SDWA_ABS0, 21, &s.m0.abs, &s.m0) ||
	    !mod(c, o, VOP_SDWA_SEXT0, 19, &s.m0.sext, &s.m0) ||
	    !mod(c, o, VOP_SDWA_NEG1, 28, &s.m1.neg, &s.m1) ||
	    !mod(c, o, VOP_SDWA_ABS1, 29, &s.m1.abs, &s.m1) ||
	    !mod(c, o, VOP_SDWA_SEXT1, 27, &s.m1.sext, &s.m1) ||
	    (!(kind == VOP_C && gfx9) && !mod(c, o, VOP_SDWA_CLAMP, 13, &clamp, &s.m0)))
		return false;
	if (omod && kind != VOP_C) {
		/* the probe set omod 1; every value acts alike */
		if (VOP_MOD(o, VOP_SDWA_OMOD) == VOP_REFUSE)
			return isa_refuse(c, "%s takes no output modifier", o->name);
		has_omod = VOP_MOD(o, VOP_SDWA_OMOD) == VOP_PRINT;
	}
	c->words = 2;
	/* GFX8 VOPC in SDWA keeps its plain name */
	isa_put(c, "%s%s ", o->name, kind == VOP_C && !gfx9 ? "" : "_sdwa");
	if (!operands(c, o, &s, vopc_sdst))
		return false;
	if (clamp)
		isa_put(c, " clamp");
	if (kind != VOP_C) {
		if (!sel_names[dst_sel])
			return isa_refuse(c, "SDWA dst_sel 7");
		isa_put(c, "%s dst_sel:%s dst_unused:%s", has_omod ? omod_names[omod] : "",
			sel_names[dst_sel], unused_names[unused]);
	}
	if (!sel_names[src0_sel] || !sel_names[src1_sel])
		return isa_refuse(c, "SDWA selector 7");
	isa_put(c, " src0_sel:%s", sel_names[src0_sel]);
	if (kind != VOP_1)
		isa_put(c, " src1_sel:%s", sel_names[src1_sel]);
	return true;
}

/*
 * dpp_ctrl values past quad_perm (GCN3 guide, "DPP_CTRL Enumeration";
 * RDNA1 adds row_share and row_xmask, drops wave_* and row_bcast).  On a
 * level without the control LLVM prints a comment naming it.
 */
static void dpp_ctrl(struct isa_ctx *c, unsigned ctrl)
{
	static const struct {
		unsigned first, last;
		const char *name;	/* with %u: the offset from first, + base */
		unsigned base;
		uint16_t levels;
		const char *lacking;	/* LLVM's comment where the level lacks it */
	} kinds[] = {
		{ 0x101, 0x10f, "row_shl:%u", 1, GFX_ALL, NULL },
		{ 0x111, 0x11f, "row_shr:%u", 1, GFX_ALL, NULL },
		{ 0x121, 0x12f, "row_ror:%u", 1, GFX_ALL, NULL },
		{ 0x130, 0x130, "wave_shl:1", 0, GFX_RANGE(8, 9), "wave_shl" },
		{ 0x134, 0x134, "wave_rol:1", 0, GFX_RANGE(8, 9), "wave_rol" },
		{ 0x138, 0x138, "wave_shr:1", 0, GFX_RANGE(8, 9), "wave_shr" },
		{ 0x13c, 0x13c, "wave_ror:1", 0, GFX_RANGE(8, 9), "wave_ror" },
		{ 0x140, 0x140, "row_mirror", 0, GFX_ALL, NULL },
		{ 0x141, 0x141, "row_half_mirror", 0, GFX_ALL, NULL },
		{ 0x142, 0x142, "row_bcast:15", 0, GFX_RANGE(8, 9), "row_bcast" },
		{ 0x143, 0x143, "row_bcast:31", 0, GFX_RANGE(8, 9), "row_bcast" },
		{ 0x150, 0x15f, "row_share:%u", 0, GFX_RANGE(10, 12), "row_newbcast/row_share" },
		{ 0x160, 0x16f, "row_xmask:%u", 0, GFX_RANGE(10, 12), "row_xmask" },
	};
	bool gfx10 = c->level >= VSHARP_GFX10;
	size_t i;

	if (ctrl < 0x100) {
		isa_put(c, " quad_perm:[%u,%u,%u,%u]", ctrl & 3, ctrl >> 2 & 3, ctrl >> 4 & 3,
			ctrl >> 6 & 3);
		return;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (ctrl < kinds[i].first || ctrl > kinds[i].last)
			continue;
		if (kinds[i].levels & VSHARP_GFX_BIT(c->level)) {
			isa_put(c, " ");
			isa_put(c, kinds[i].name, ctrl - kinds[i].first + kinds[i].base);
		} else if (gfx10) {
			isa_put(c, " /* %s is not supported starting from GFX10 */", kinds[i].lacking);
		} else {
			/* GFX90A has row_newbcast at row_share's codes */
			isa_put(c, " /* %s is not supported on ASICs earlier than %s */",
				kinds[i].lacking, kinds[i].first == 0x150 ? "GFX90A/GFX10" : "GFX10");
		}
		return;
	}
	isa_put(c, " /* Invalid dpp_ctrl value */");
}

static bool dpp(struct isa_ctx *c, const struct vop_op *o, enum vop_kind kind, unsigned src0)
{
	bool dpp8 = src0 != SRC_DPP;
	struct srcs s = { .src0 = 256 + isa_bits(c, 39, 32), .src1 = 256 + isa_bits(c, 16, 9),
			  .ext = true };
	uint16_t levels = dpp8 ? o->dpp8 : o->dpp;

	if (!(levels & VSHARP_GFX_BIT(c->level)))
		return isa_refuse(c, "%s has no DPP%s form on %s", o->name, dpp8 ? "8" : "",
				  c->target->name);
	c->words = 2;
	if (!dpp8 && (!mod(c, o, VOP_DPP_NEG0, 20, &s.m0.neg, &s.m0) ||
		      !mod(c, o, VOP_DPP_ABS0, 21, &s.m0.abs, &s.m0) ||
		      !mod(c, o, VOP_DPP_NEG1, 22, &s.m1.neg, &s.m1) ||
		      !mod(c, o, VOP_DPP_ABS1, 23, &s.m1.abs, &s.m1)))
		return false;
	/* GFX11+ VOPC in DPP keeps its plain name */
	isa_put(c, "%s%s ", o->name, kind == VOP_C && c->level >= VSHARP_GFX11 ? "" : "_dpp");
	if (!operands(c, o, &s, false))
		return false;
	if (dpp8) {
		unsigned i;

		isa_put(c, " dpp8:[");
		for (i = 0; i < 8; i++)
			isa_put(c, "%s%u", i ? "," : "", isa_bits(c, 42 + 3 * i, 40 + 3 * i));
		isa_put(c, "]%s", src0 == SRC_DPP8_FI ? " fi:1" : "");
		return true;
	}
	dpp_ctrl(c, isa_bits(c, 48, 40));
	isa_put(c, " row_mask:0x%x bank_mask:0x%x", isa_bits(c, 63, 60), isa_bits(c, 59, 56));
	if (isa_bits(c, 51, 51))
		isa_put(c, " bound_ctrl:1");
	if (c->level >= VSHARP_GFX10 && isa_bits(c, 50, 50))
		isa_put(c, " fi:1");
	return true;
}

static bool vop(struct isa_ctx *c, enum vop_kind kind, unsigned op)
{
	static const char *const kinds[] = { [VOP_1] = "VOP1", [VOP_2] = "VOP2", [VOP_C] = "VOPC" };
	const struct vop_op *o = vop_find(c, kind, op);
	unsigned src0 = isa_bits(c, 8, 0);
	struct srcs s = { .src0 = src0, .src1 = 256 + isa_bits(c, 16, 9) };

	if (!o)
		return isa_refuse(c, "%s opcode 0x%x is not defined on %s", kinds[kind], op,
				  c->target->name);
	/* v_nop, v_clrexcp, v_pipeflush: LLVM ignores src0 but wants vdst 0 */
	if (!o->tmpl[0]) {
		if (isa_bits(c, 24, 17))
			return isa_refuse(c, "%s with a vdst", o->name);
		isa_put(c, "%s%s", o->name, o->e32 ? "_e32" : "");
		return true;
	}
	if (c->level >= VSHARP_GFX8 && (src0 == SRC_DPP ||
					(c->level <= VSHARP_GFX10_3 && src0 == SRC_SDWA) ||
					(c->level >= VSHARP_GFX10 &&
					 (src0 == SRC_DPP8 || src0 == SRC_DPP8_FI)))) {
		if (c->avail < 2)
			return isa_refuse(c, "the input ends inside a 2-dword instruction");
		c->words = 2;
		return src0 == SRC_SDWA ? sdwa(c, o, kind) : dpp(c, o, kind, src0);
	}
	if (strchr(o->tmpl, 'T'))
		s.src1 = isa_bits(c, 16, 9);
	if (c->level < VSHARP_GFX8 && !gfx6_valid(c, o, &s))
		return false;
	isa_put(c, "%s%s ", o->name, o->e32 ? "_e32" : "");
	return operands(c, o, &s, false);
}

bool isa_print_vop1(struct isa_ctx *c)
{
	return vop(c, VOP_1, isa_bits(c, 16, 9));
}

bool isa_print_vop2(struct isa_ctx *c)
{
	return vop(c, VOP_2, isa_bits(c, 30, 25));
}

bool isa_print_vopc(struct isa_ctx *c)
{
	return vop(c, VOP_C, isa_bits(c, 24, 17));
}

static const struct vopd_op *vopd_find(const struct isa_ctx *c, unsigned half, unsigned op)
{
	const struct vopd_op *o;

	for (o = vopd_ops; o->name; o++)
		if (o->op == op && (o->halves & half) && (o->levels & VSHARP_GFX_BIT(c->level)))
			return o;
	return NULL;
}

/*
 * One half of a VOPD: opcode, vdst, src0 (9 bits) and vsrc1 at the bit
 * offsets the RDNA3 guide's "VOPD" format gives.  The vsrc1 of a half
 * without one must be zero: LLVM refuses the word otherwise.
 */
static bool vopd_half(struct isa_ctx *c, const struct vopd_op *o, unsigned vdst, unsigned src0,
		      unsigned vsrc1)
{
	const char *t;

	if (!strchr(o->tmpl, '1') && vsrc1)
		return isa_refuse(c, "%s has no vsrc1 but the field is %u", o->name, vsrc1);
	isa_put(c, "%s", o->name);
	for (t = o->tmpl; *t; t++) {
		isa_put(c, t == o->tmpl ? " " : ", ");
		switch (*t) {
		case 'D':
			isa_vgpr(c, vdst, 1);
			break;
		case '0':
			if (!isa_src(c, src0, 1, o->type))
				return false;
			break;
		case '1':
			isa_vgpr(c, vsrc1, 1);
			break;
		case 'K':
			if (!k_literal(c))
				return false;
			isa_put(c, "0x%x", c->literal);
			break;
		}
	}
	return true;
}

bool isa_print_vopd(struct isa_ctx *c)
{
	unsigned opx = isa_bits(c, 25, 22), opy = isa_bits(c, 21, 17);
	const struct vopd_op *x = vopd_find(c, VOPD_X, opx), *y = vopd_find(c, VOPD_Y, opy);
	unsigned vdstx = isa_bits(c, 63, 56);

	if (!x || !y)
		return isa_refuse(c, "VOPD opcode %s 0x%x is not defined on %s", x ? "Y" : "X",
				  x ? opy : opx, c->target->name);
	if (!vopd_half(c, x, vdstx, isa_bits(c, 8, 0), isa_bits(c, 16, 9)))
		return false;
	isa_put(c, " :: ");
	/* vdstY holds bits 7:1; bit 0 is the complement of vdstX's (another bank) */
	return vopd_half(c, y, isa_bits(c, 55, 49) << 1 | (~vdstx & 1), isa_bits(c, 40, 32),
			 isa_bits(c, 48, 41));
}
