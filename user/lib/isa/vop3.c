// SPDX-License-Identifier: MIT
/*
 * VOP3 (VOP3A, VOP3B, the VOPC/VOP1/VOP2 opcodes promoted to _e64), VOP3P
 * and VINTRP/VINTERP as llvm-objdump-19 prints them.  What an opcode
 * prints and which modifier fields it takes is in the generated table
 * (vop3_tables.c); the field layout is the ISA guides' "Vector ALU
 * instructions, VOP3" microcode format (bit positions as in dword 0 and 1
 * taken as one 64-bit word).
 */
#include "isa/vop3.h"

#include "vsharp/gfx.h"

/* The 64-bit word's bit of each ISA_VOP3_M_ modifier, GFX8 on (GFX6/7: clamp is bit 11). */
static const uint8_t mod_bit[] = { 8, 9, 10, 11, 12, 13, 14, 15, 59, 60, 61, 62, 63 };

const struct isa_vop3_op *isa_vop3_find(const struct isa_vop3_op *t, size_t n, unsigned op,
					enum vsharp_gfx level)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (t[mid].op < op)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && t[lo].op == op; lo++)
		if (t[lo].levels & VSHARP_GFX_BIT(level))
			return &t[lo];
	return NULL;
}

static uint32_t fields(const struct isa_ctx *c)
{
	uint64_t w = c->w[0] | (uint64_t)c->w[1] << 32;
	uint32_t m = 0;

	for (unsigned i = 0; i < sizeof(mod_bit); i++)
		if (w >> mod_bit[i] & 1)
			m |= 1u << i;
	if (c->level <= VSHARP_GFX7) {
		m &= ~(ISA_VOP3_M_OPSEL0 | ISA_VOP3_M_CLAMP);
		if (isa_bits(c, 11, 11))
			m |= ISA_VOP3_M_CLAMP;
	}
	for (unsigned i = 0; i < 3; i++)
		if (isa_bits(c, 40 + 9 * i, 32 + 9 * i))
			m |= ISA_VOP3_M_SRC0 << i;
	if (isa_bits(c, 7, 0))
		m |= ISA_VOP3_M_VDST;
	return m;
}

static bool null_code(const struct isa_ctx *c, unsigned code)
{
	return (c->level == VSHARP_GFX10 || c->level == VSHARP_GFX10_3) ? code == 125
	       : c->level >= VSHARP_GFX11 && code == 124;
}

/* Inline constants and the literal. */
static bool constant(unsigned code)
{
	return (code >= 128 && code <= 208) || (code >= 240 && code <= 248) || code == 255;
}

/*
 * LLVM's inline comment for an operand its register class does not take.
 * GFX6/7 have no disassembler to print one and llvm-mc-19 assembles no
 * such operand: refused there.
 */
static bool class_note(struct isa_ctx *c, unsigned cls, unsigned code)
{
	const struct isa_vop3_class *k = &isa_vop3_classes[cls];
	unsigned kind = code >= 256 ? ISA_VOP3_BAD_VGPR
			: code < 128 && !null_code(c, code) ? ISA_VOP3_BAD_SREG
			: constant(code) ? ISA_VOP3_BAD_CONST : 0;

	if (!(k->bad & kind))
		return true;
	if (c->level <= VSHARP_GFX7)
		return isa_refuse(c, "operand %u is not of register class %s", code,
				  k->name ? k->name : "(registers)");
	if (kind == ISA_VOP3_BAD_CONST)
		isa_put(c, "/*Invalid immediate*/");
	else
		isa_put(c, "/*Invalid register, operand has '%s' register class*/", k->name);
	return true;
}

/* Source O (SRC0..SRC2 of dword 1) with its modifiers: NEG -x, ABS |x|, SEXT sext(x). */
static bool source(struct isa_ctx *c, const struct isa_vop3_opnd *o, bool neg, bool abs, bool sext)
{
	unsigned i = o->field - ISA_VOP3_SRC0;
	unsigned code = isa_bits(c, 40 + 9 * i, 32 + 9 * i);
	/* LLVM AMDGPUInstPrinter: a negated constant without |...| prints neg(...). */
	bool negf = neg && !sext && !abs && constant(code);

	if (code == 255 && c->level < VSHARP_GFX10)
		return isa_refuse(c, "VOP3 takes no literal before GFX10");
	/* 16-bit constants came with GFX8: llvm-mc-19 takes none in an f16 operand before. */
	if (c->level <= VSHARP_GFX7 && (o->type == ISA_F16 || o->type == ISA_I16) && constant(code))
		return isa_refuse(c, "no 16-bit constants before GFX8");
	if (code >= 256 && code - 256 + o->regs > 256)
		return isa_refuse(c, "v%u is the first of %u VGPRs past v255", code - 256, o->regs);
	isa_put(c, "%s%s", sext ? "sext(" : negf ? "neg(" : neg ? "-" : "", abs ? "|" : "");
	if (!isa_src(c, code, o->regs, o->type))
		return false;
	if (o->cls && !class_note(c, o->cls, code))
		return false;
	isa_put(c, "%s%s", abs ? "|" : "", sext || negf ? ")" : "");
	return true;
}

static bool vgpr_dst(struct isa_ctx *c, unsigned regs)
{
	if (isa_bits(c, 7, 0) + regs > 256)
		return isa_refuse(c, "v%u is the first of %u VGPRs past v255", isa_bits(c, 7, 0), regs);
	isa_vgpr(c, isa_bits(c, 7, 0), regs);
	return true;
}

/* An interpolation attribute and channel: attr0.x .. attr63.w (VINTRP, VOP3 v_interp_*). */
static void attr(struct isa_ctx *c, unsigned n, unsigned chan)
{
	isa_put(c, "attr%u.%c", n, "xyzw"[chan & 3]);
}

/* v_interp_mov's parameter (VINTRP, VOP3 v_interp_mov_f32_e64). */
static void param(struct isa_ctx *c, unsigned p)
{
	static const char *const name[] = { "p10", "p20", "p0" };

	if (p < 3)
		isa_put(c, "%s", name[p]);
	else
		isa_put(c, "invalid_param_%u", p);
}

/*
 * GFX6/7 VOP3 reads one scalar value (SGPR or special register; the same
 * one twice counts once), none where the opcode reads VCC or M0 itself
 * (Southern/Sea Islands guides, "Constant bus"; llvm-mc-19 assembles nothing
 * else, and is the only LLVM tool there is for these levels).
 */
static bool constant_bus(struct isa_ctx *c, const struct isa_vop3_op *op)
{
	unsigned seen[3], regs[3], n = 0;

	if (c->level > VSHARP_GFX7)
		return true;
	for (unsigned k = 0; k < op->nopnd; k++) {
		const struct isa_vop3_opnd *o = &op->opnd[k];
		unsigned code, i, j;

		if (o->field < ISA_VOP3_SRC0 || o->field > ISA_VOP3_SRC2)
			continue;
		i = o->field - ISA_VOP3_SRC0;
		code = isa_bits(c, 40 + 9 * i, 32 + 9 * i);
		if (code >= 128 && code != 251 && code != 252 && code != 253)
			continue;	/* VGPRs and constants; VCCZ, EXECZ, SCC are scalar */
		for (j = 0; j < n && !(seen[j] == code && regs[j] == o->regs); j++)
			;
		if (j == n) {
			seen[n] = code;
			regs[n++] = o->regs;
		}
	}
	if (n > op->bus)
		return isa_refuse(c, "%s reads %u scalar values, the constant bus takes %u", op->name,
				  n, op->bus);
	return true;
}

/* The mnemonic and operands of a VOP3-shaped row; *HIGH: an attribute's high half. */
static bool operands(struct isa_ctx *c, const struct isa_vop3_op *op, uint32_t m, bool *high)
{
	isa_put(c, "%s", op->name);
	for (unsigned k = 0; k < op->nopnd; k++) {
		const struct isa_vop3_opnd *o = &op->opnd[k];

		isa_put(c, k ? ", " : " ");
		if (o->field == ISA_VOP3_VDST && !vgpr_dst(c, o->regs))
			return false;
		else if (o->field == ISA_VOP3_SDST8 && !isa_sdst(c, isa_bits(c, 7, 0), o->regs))
			return false;
		else if (o->field == ISA_VOP3_SDST7 && c->level <= VSHARP_GFX7 && o->regs == 2 &&
			 isa_bits(c, 8, 8))
			return isa_refuse(c, "an odd SGPR pair start, which llvm-mc-19 cannot encode");
		else if (o->field == ISA_VOP3_SDST7 && !isa_sdst(c, isa_bits(c, 14, 8), o->regs))
			return false;
		else if (o->field == ISA_VOP3_ATTR)
			attr(c, isa_bits(c, 37, 32), isa_bits(c, 39, 38));
		else if (o->field == ISA_VOP3_PARAM)
			param(c, isa_bits(c, 49, 41));
		else if (o->field <= ISA_VOP3_SRC2 && o->field >= ISA_VOP3_SRC0) {
			unsigned i = o->field - ISA_VOP3_SRC0;
			bool neg = m & op->print & ISA_VOP3_M_NEG0 << i;

			if (!source(c, o, neg, m & op->print & ISA_VOP3_M_ABS0 << i,
				    neg && op->sext & ISA_VOP3_M_NEG0 << i))
				return false;
		}
		if (o->field == ISA_VOP3_ATTR && isa_bits(c, 40, 40) && !(op->print & ISA_VOP3_M_HIGH))
			return isa_refuse(c, "%s has no high half", op->name);
		if (o->field == ISA_VOP3_ATTR && isa_bits(c, 40, 40))
			*high = true;
	}
	return true;
}

/* byte_sel:N / index_key:N from the OP_SEL bits SEL (bit i: OP_SEL bit i). */
static void key(struct isa_ctx *c, const struct isa_vop3_key *k, unsigned sel)
{
	static const char *const name[] = { NULL, "byte_sel", "index_key" };
	unsigned v = 0;

	for (unsigned i = 0; i < 4; i++)
		if (sel >> i & 1)
			v += k->weight[i];
	if (k->name && v)
		isa_put(c, " %s:%u", name[k->name], v);
}

static void op_sel(struct isa_ctx *c, const struct isa_vop3_op *op, uint32_t m)
{
	if (op->nsel && m & op->print & (ISA_VOP3_M_OPSEL0 | ISA_VOP3_M_OPSEL1 |
					 ISA_VOP3_M_OPSEL2 | ISA_VOP3_M_OPSEL3)) {
		isa_put(c, " op_sel:[");
		for (unsigned k = 0; k < op->nsel; k++) {
			/* The destination's is last where the opcode has one. */
			unsigned bit = k == op->nsel - 1u && op->print & ISA_VOP3_M_OPSEL3 ? 3 : k;

			/* A bit the opcode ignores prints 0. */
			isa_put(c, "%s%u", k ? "," : "", !!(m & op->print & ISA_VOP3_M_OPSEL0 << bit));
		}
		isa_put(c, "]");
	}
}

bool isa_print_vop3(struct isa_ctx *c)
{
	unsigned opc = c->level <= VSHARP_GFX7 ? isa_bits(c, 25, 17) : isa_bits(c, 25, 16);
	const struct isa_vop3_op *op = isa_vop3_find(isa_vop3_ops, isa_vop3_op_count, opc, c->level);
	bool high = false;
	uint32_t m;

	if (!op)
		return isa_refuse(c, "VOP3 opcode 0x%x is not defined on %s", opc,
				  vsharp_gfx_name(c->level));
	m = fields(c);
	/* GFX6/7 VOP3A has no field at 16:12, VOP3B none at 16:15 (SDST is 14:8). */
	if (c->level <= VSHARP_GFX7 &&
	    isa_bits(c, 16, op->nopnd > 1 && op->opnd[1].field == ISA_VOP3_SDST7 ? 15 : 12))
		return isa_refuse(c, "VOP3 bits 16:%u are not 0",
				  op->nopnd > 1 && op->opnd[1].field == ISA_VOP3_SDST7 ? 15 : 12);
	if (m & op->zero)
		return isa_refuse(c, "%s has a modifier or operand field set that it does not take",
				  op->name);
	/* GFX11+ VOP3 with DPP: SRC0 names the DPP16/DPP8 form, a third dword holds it. */
	if (c->level >= VSHARP_GFX11 && (m & ISA_VOP3_M_SRC0) &&
	    (isa_bits(c, 40, 32) == 250 || isa_bits(c, 40, 32) == 233 ||
	     isa_bits(c, 40, 32) == 234)) {
		c->words = 3;
		return isa_refuse(c, "%s_dpp (VOP3 with DPP) is not decoded yet", op->name);
	}
	if (!constant_bus(c, op) || !operands(c, op, m, &high))
		return false;
	if (high)
		isa_put(c, " high");
	op_sel(c, op, m);
	if (m & op->print & ISA_VOP3_M_CLAMP)
		isa_put(c, " clamp");
	if (m & op->print & (ISA_VOP3_M_OMOD0 | ISA_VOP3_M_OMOD1)) {
		static const char *const omod[] = { "", " mul:2", " mul:4", " div:2" };

		isa_put(c, "%s", omod[(m & op->print) >> 8 & 3]);
	}
	key(c, &op->key, (m & op->print) >> 3 & 15);
	return true;
}

/* The 64-bit word's bit of each ISA_VOP3P_B_ modifier. */
static const uint8_t p_bit[] = { 8, 9, 10, 11, 12, 13, 14, 15, 59, 60, 61, 62, 63 };

static const struct isa_vop3p_op *find_p(unsigned op, enum vsharp_gfx level)
{
	for (size_t i = 0; i < isa_vop3p_op_count; i++)
		if (isa_vop3p_ops[i].op == op && isa_vop3p_ops[i].levels & VSHARP_GFX_BIT(level))
			return &isa_vop3p_ops[i];
	return NULL;
}

static void p_list(struct isa_ctx *c, const char *name, const struct isa_vop3p_list *l, uint32_t m)
{
	unsigned v[4], k;

	for (k = 0; k < l->n; k++)
		v[k] = l->bit[k] >= 0 && m >> l->bit[k] & 1;
	for (k = 0; k < l->n && (l->bit[k] < 0 || v[k] == l->dflt); k++)
		;
	if (k == l->n)
		return;
	isa_put(c, " %s:[", name);
	for (k = 0; k < l->n; k++)
		isa_put(c, "%s%u", k ? "," : "", v[k]);
	isa_put(c, "]");
}

bool isa_print_vop3p(struct isa_ctx *c)
{
	static const char *const lists[] = { "op_sel", "op_sel_hi", "neg_lo", "neg_hi" };
	uint64_t w = c->w[0] | (uint64_t)c->w[1] << 32;
	unsigned opc = isa_bits(c, 22, 16);
	const struct isa_vop3p_op *op;
	uint32_t m = 0;

	if (c->level == VSHARP_GFX8)
		return isa_refuse(c, "VOP3P is GFX9 on");
	/* The opcode is 22:16; above it up to the encoding's pattern the bits are 0 (GFX10+). */
	if (c->level >= VSHARP_GFX10 && isa_bits(c, c->level >= VSHARP_GFX11 ? 23 : 25, 23))
		return isa_refuse(c, "VOP3P bits %s:23 are not 0",
				  c->level >= VSHARP_GFX11 ? "23" : "25");
	op = find_p(opc, c->level);
	if (!op)
		return isa_refuse(c, "VOP3P opcode 0x%x is not defined on %s", opc,
				  vsharp_gfx_name(c->level));
	for (unsigned i = 0; i < sizeof(p_bit); i++)
		if (w >> p_bit[i] & 1)
			m |= 1u << i;
	for (unsigned i = 0; i < 3; i++)
		if (isa_bits(c, 40 + 9 * i, 32 + 9 * i))
			m |= ISA_VOP3P_M_SRC0 << i;
	if (isa_bits(c, 7, 0))
		m |= ISA_VOP3P_M_VDST;
	/* Fields an opcode does not take must keep the probes' values: OP_SEL_HI 1, others 0. */
	if ((m ^ (ISA_VOP3P_M_OPSELHI0 | ISA_VOP3P_M_OPSELHI1 | ISA_VOP3P_M_OPSELHI2)) & op->zero)
		return isa_refuse(c, "%s has a modifier or operand field set that it does not take",
				  op->name);
	isa_put(c, "%s", op->name);
	for (unsigned k = 0; k < op->nopnd; k++) {
		const struct isa_vop3_opnd *o = &op->opnd[k];
		unsigned i = o->field - ISA_VOP3_SRC0;

		isa_put(c, k ? ", " : " ");
		if (o->field == ISA_VOP3_VDST && !vgpr_dst(c, o->regs))
			return false;
		if (o->field != ISA_VOP3_VDST &&
		    !source(c, o, m & op->onopnd & ISA_VOP3P_M_NEG0 << i,
			    m & op->onopnd & ISA_VOP3P_M_NEGHI0 << i, false))
			return false;
	}
	key(c, &op->key, (m & op->print) >> ISA_VOP3P_B_OPSEL0 & 7);
	for (unsigned l = 0; l < 4; l++)
		p_list(c, lists[l], &op->list[l], m);
	if (m & op->print & ISA_VOP3P_M_CLAMP)
		isa_put(c, " clamp");
	return true;
}

/* VINTRP (GFX6-GFX10.3, one dword) and VINTERP (GFX11 on, VOP3-shaped with wait_exp). */
bool isa_print_vinterp(struct isa_ctx *c)
{
	const struct isa_vop3_op *op;
	uint32_t m;

	if (c->level <= VSHARP_GFX10_3) {
		const char *name = isa_vintrp_names[isa_bits(c, 17, 16)];

		if (!name)
			return isa_refuse(c, "VINTRP opcode 3 is not defined");
		/* What llvm-mc-19 assembles for GFX6/7 (no disassembler to ask there). */
		if (c->level <= VSHARP_GFX7 && isa_bits(c, 15, 10) > 32)
			return isa_refuse(c, "attribute %u is past attr32", isa_bits(c, 15, 10));
		if (c->level <= VSHARP_GFX7 && isa_bits(c, 17, 16) == 2 && isa_bits(c, 7, 0) > 2)
			return isa_refuse(c, "v_interp_mov_f32 parameter %u is not p10/p20/p0",
					  isa_bits(c, 7, 0));
		isa_put(c, "%s ", name);
		isa_vgpr(c, isa_bits(c, 25, 18), 1);
		isa_put(c, ", ");
		if (isa_bits(c, 17, 16) == 2)
			param(c, isa_bits(c, 7, 0));
		else
			isa_vgpr(c, isa_bits(c, 7, 0), 1);
		isa_put(c, ", ");
		attr(c, isa_bits(c, 15, 10), isa_bits(c, 9, 8));
		return true;
	}
	op = isa_vop3_find(isa_vinterp_ops, isa_vinterp_op_count, isa_bits(c, 22, 16), c->level);
	if (!op)
		return isa_refuse(c, "VINTERP opcode 0x%x is not defined on %s", isa_bits(c, 22, 16),
				  vsharp_gfx_name(c->level));
	m = fields(c) & ~(ISA_VOP3_M_ABS0 | ISA_VOP3_M_ABS1 | ISA_VOP3_M_ABS2);
	if (m & op->zero)
		return isa_refuse(c, "%s has a modifier or operand field set that it does not take",
				  op->name);
	if (!operands(c, op, m, NULL))
		return false;
	/* LLVM's VINTERP order: clamp before op_sel, wait_exp last. */
	if (m & op->print & ISA_VOP3_M_CLAMP)
		isa_put(c, " clamp");
	op_sel(c, op, m);
	isa_put(c, " wait_exp:%u", isa_bits(c, 10, 8));
	return true;
}
