// SPDX-License-Identifier: MIT
/*
 * SOP1, SOP2 and SOPC from the generated tables (scalar_tables.c); SOPK,
 * SOPP and SMEM still refuse (what the emulator decodes of them prints
 * through its own printer meanwhile).  Field layouts: the AMD ISA guides'
 * "Microcode Formats" chapters.
 */
#include "isa/scalar.h"

static const struct isa_sop *find(const struct isa_sop *t, unsigned op)
{
	for (; t->name; t++)
		if (t->op == op)
			return t;
	return NULL;
}

/* s_set_gpr_idx_on's mode (GCN3 ISA, S_SET_GPR_IDX_ON): the indexed operands by name. */
static void gpr_idx(struct isa_ctx *c, unsigned mode)
{
	static const char *const names[4] = { "SRC0", "SRC1", "SRC2", "DST" };
	const char *sep = "";

	if (mode > 15) {
		isa_put(c, "0x%x", mode);
		return;
	}
	isa_put(c, "gpr_idx(");
	for (unsigned i = 0; i < 4; i++) {
		if (mode >> i & 1) {
			isa_put(c, "%s%s", sep, names[i]);
			sep = ",";
		}
	}
	isa_put(c, ")");
}

/*
 * s_sendmsg_rtn_b32's message: the returning messages LLVM names (RDNA3 ISA
 * and RDNA4 ISA, S_SENDMSG_RTN), others by number.
 */
static void sendmsg_rtn(struct isa_ctx *c, unsigned msg)
{
	static const char *const names[] = {
		"MSG_RTN_GET_DOORBELL", "MSG_RTN_GET_DDID", "MSG_RTN_GET_TMA",
		"MSG_RTN_GET_REALTIME", "MSG_RTN_SAVE_WAVE", "MSG_RTN_GET_TBA",
		"MSG_RTN_GET_TBA_TO_PC", "MSG_RTN_GET_SE_AID_ID",
	};
	unsigned n = c->level >= VSHARP_GFX12 ? 8 : 7;

	if (msg >= 128 && msg - 128 < n)
		isa_put(c, "sendmsg(%s)", names[msg - 128]);
	else
		isa_put(c, "sendmsg(%u, 0, 0)", msg);
}

/*
 * The operands in the opcode's order; a K constant is the literal dword, in
 * hex; I and M are immediates in the SSRC1 and SSRC0 fields.
 */
static bool sop(struct isa_ctx *c, const char *fmt, const struct isa_sop *const *tables,
		unsigned op, unsigned dst, unsigned src0, unsigned src1)
{
	const struct isa_sop *s = find(tables[c->level], op);

	if (!s)
		return isa_refuse(c, "%s opcode %u is not defined on %s", fmt, op, c->target->name);
	isa_put(c, "%s", s->name);
	for (const char *p = s->shape; *p; p++) {
		bool ok = true;

		isa_put(c, p == s->shape ? " " : ", ");
		if (*p == 'd')
			ok = isa_sdst(c, dst, s->dst);
		else if (*p == '0')
			ok = isa_src(c, src0, s->src0, s->type0);
		else if (*p == '1')
			ok = isa_src(c, src1, s->src1, s->type1);
		else if (*p == 'I')
			gpr_idx(c, src1);
		else if (*p == 'M')
			sendmsg_rtn(c, src0);
		else
			ok = isa_literal(c);
		if (!ok)
			return false;
	}
	return true;
}

bool isa_print_sop1(struct isa_ctx *c)
{
	return sop(c, "SOP1", isa_sop1, isa_bits(c, 15, 8), isa_bits(c, 22, 16), isa_bits(c, 7, 0),
		   0);
}

bool isa_print_sop2(struct isa_ctx *c)
{
	return sop(c, "SOP2", isa_sop2, isa_bits(c, 29, 23), isa_bits(c, 22, 16),
		   isa_bits(c, 7, 0), isa_bits(c, 15, 8));
}

bool isa_print_sopc(struct isa_ctx *c)
{
	return sop(c, "SOPC", isa_sopc, isa_bits(c, 22, 16), 0, isa_bits(c, 7, 0),
		   isa_bits(c, 15, 8));
}

bool isa_print_sopk(struct isa_ctx *c)
{
	return isa_refuse(c, "SOPK is not decoded yet");
}

bool isa_print_sopp(struct isa_ctx *c)
{
	return isa_refuse(c, "SOPP is not decoded yet");
}

bool isa_print_smem(struct isa_ctx *c)
{
	return isa_refuse(c, "SMEM is not decoded yet");
}
