// SPDX-License-Identifier: MIT
/*
 * SOP1, SOP2, SOPC, SOPK and SOPP from the generated tables
 * (scalar_tables.c); SMEM still refuses.  Field layouts: the AMD ISA guides'
 * "Microcode Formats" chapters.
 */
#include <stdarg.h>
#include <stdio.h>

#include <string.h>

#include "isa/scalar.h"
#include "base/util.h"
#include "hw/levels.h"

/* HW_REG names by id, per level (LLVM 19 spellings: AMDGPUAsmUtils.cpp Hwreg). */
struct hwreg_name {
	uint16_t levels;
	uint8_t id;
	const char *name;
};


static const struct hwreg_name hwregs[] = {
	{ GFX_ALL, 1, "HW_REG_MODE" },
	{ GFX_ALL, 2, "HW_REG_STATUS" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX(9) | GFX_RANGE(10, 10_3) | GFX(11), 3, "HW_REG_TRAPSTS" },
	{ GFX_RANGE(6, 7) | GFX(8) | GFX(9), 4, "HW_REG_HW_ID" },
	{ GFX(12), 4, "HW_REG_STATE_PRIV" },
	{ GFX_ALL, 5, "HW_REG_GPR_ALLOC" },
	{ GFX_ALL, 6, "HW_REG_LDS_ALLOC" },
	{ GFX_ALL, 7, "HW_REG_IB_STS" },
	{ GFX(12), 10, "HW_REG_PERF_SNAPSHOT_DATA" },
	{ GFX(12), 11, "HW_REG_PERF_SNAPSHOT_PC_LO" },
	{ GFX(12), 12, "HW_REG_PERF_SNAPSHOT_PC_HI" },
	{ GFX(9) | GFX_RANGE(10, 10_3) | GFX(11), 15, "HW_REG_SH_MEM_BASES" },
	{ GFX(12), 15, "HW_REG_PERF_SNAPSHOT_DATA1" },
	{ GFX(9) | GFX_RANGE(10, 10_3), 16, "HW_REG_TBA_LO" },
	{ GFX(12), 16, "HW_REG_PERF_SNAPSHOT_DATA2" },
	{ GFX(9) | GFX_RANGE(10, 10_3), 17, "HW_REG_TBA_HI" },
	{ GFX(12), 17, "HW_REG_EXCP_FLAG_PRIV" },
	{ GFX(9) | GFX_RANGE(10, 10_3), 18, "HW_REG_TMA_LO" },
	{ GFX(11), 18, "HW_REG_PERF_SNAPSHOT_PC_LO" },
	{ GFX(12), 18, "HW_REG_EXCP_FLAG_USER" },
	{ GFX(9) | GFX_RANGE(10, 10_3), 19, "HW_REG_TMA_HI" },
	{ GFX(11), 19, "HW_REG_PERF_SNAPSHOT_PC_HI" },
	{ GFX(12), 19, "HW_REG_TRAP_CTRL" },
	{ GFX_RANGE(10, 10_3) | GFX(11), 20, "HW_REG_FLAT_SCR_LO" },
	{ GFX(12), 20, "HW_REG_SCRATCH_BASE_LO" },
	{ GFX_RANGE(10, 10_3) | GFX(11), 21, "HW_REG_FLAT_SCR_HI" },
	{ GFX(12), 21, "HW_REG_SCRATCH_BASE_HI" },
	{ GFX(10), 22, "HW_REG_XNACK_MASK" },
	{ GFX_RANGE(10, 10_3) | GFX(11) | GFX(12), 23, "HW_REG_HW_ID1" },
	{ GFX_RANGE(10, 10_3) | GFX(11) | GFX(12), 24, "HW_REG_HW_ID2" },
	{ GFX_RANGE(10, 10_3), 25, "HW_REG_POPS_PACKER" },
	{ GFX(11), 27, "HW_REG_PERF_SNAPSHOT_DATA" },
	{ GFX(10_3) | GFX(11), 29, "HW_REG_SHADER_CYCLES" },
	{ GFX(12), 29, "HW_REG_SHADER_CYCLES_LO" },
	{ GFX(12), 30, "HW_REG_SHADER_CYCLES_HI" },
	{ GFX(12), 31, "HW_REG_DVGPR_ALLOC_LO" },
	{ GFX(12), 32, "HW_REG_DVGPR_ALLOC_HI" },
};


void isa_hwreg(enum vsharp_gfx level, uint16_t simm16, char *buf, size_t n)
{
	unsigned id = simm16 & 0x3f, offset = simm16 >> 6 & 0x1f, size = (simm16 >> 11) + 1;
	const char *name = NULL;
	int at;

	for (size_t i = 0; i < ARRAY_SIZE(hwregs); i++) {
		if (hwregs[i].id == id && (hwregs[i].levels & VSHARP_GFX_BIT(level)))
			name = hwregs[i].name;
	}
	at = name ? snprintf(buf, n, "hwreg(%s", name) : snprintf(buf, n, "hwreg(%u", id);
	if ((offset || size != 32) && at >= 0 && (size_t)at < n)
		at += snprintf(buf + at, n - (size_t)at, ", %u, %u", offset, size);
	if (at >= 0 && (size_t)at < n)
		snprintf(buf + at, n - (size_t)at, ")");
}

/*
 * s_version's SIMM16 as llvm-objdump-19 prints it: the version in [7:0] by
 * name where LLVM 19 has one, else in decimal, then each flag bit set
 * (W64 13, W32 14, MDP 15), an MCExpr "A|B" that parenthesises a nested
 * left side; any bit in [12:8] turns the whole value into hex.
 */
void isa_version(uint16_t imm, char *buf, size_t n)
{
	static const struct {
		uint8_t code;
		const char *name;
	} names[] = { { 0, "UC_VERSION_GFX7" }, { 4, "UC_VERSION_GFX10" },
		      { 6, "UC_VERSION_GFX11" }, { 9, "UC_VERSION_GFX12" } };
	static const char *const flags[] = { "UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT",
					     "UC_VERSION_MDP_BIT" };
	char expr[160];
	unsigned n_flags = 0;

	if (imm & 0x1f00) {
		snprintf(buf, n, "0x%x", imm);
		return;
	}
	snprintf(expr, sizeof(expr), "%u", imm & 0xffu);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].code == (imm & 0xff))
			snprintf(expr, sizeof(expr), "%s", names[i].name);
	for (unsigned b = 0; b < 3; b++) {
		char prev[160];

		if (!(imm >> (13 + b) & 1))
			continue;
		snprintf(prev, sizeof(prev), "%s", expr);
		snprintf(expr, sizeof(expr), n_flags ? "(%s)|%s" : "%s|%s", prev, flags[b]);
		n_flags++;
	}
	snprintf(buf, n, "%s", expr);
}

/* Appends to BUF like snprintf at offset *AT, never past N. */
static void add(char *buf, size_t n, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (*at >= n)
		return;
	va_start(ap, fmt);
	r = vsnprintf(buf + *at, n - *at, fmt, ap);
	va_end(ap);
	if (r > 0)
		*at += (size_t)r;
}

/* s_waitcnt counter fields (ISA guides, S_WAITCNT): VM_CNT is 4 bits before GFX9, split on GFX9/10. */
struct waitcnt_layout {
	uint8_t vm_lo_shift, vm_lo_bits, vm_hi_shift, vm_hi_bits;
	uint8_t exp_shift, exp_bits, lgkm_shift, lgkm_bits;
};

static const struct waitcnt_layout waitcnt_gfx6 = { 0, 4, 0, 0, 4, 3, 8, 4 };
static const struct waitcnt_layout waitcnt_gfx9 = { 0, 4, 14, 2, 4, 3, 8, 4 };
static const struct waitcnt_layout waitcnt_gfx10 = { 0, 4, 14, 2, 4, 3, 8, 6 };
static const struct waitcnt_layout waitcnt_gfx11 = { 10, 6, 0, 0, 0, 3, 4, 6 };

static unsigned field(unsigned v, unsigned shift, unsigned n)
{
	return (v >> shift) & ((1u << n) - 1);
}

/* Counters still at their maximum are not waited on and not printed, unless none is waited on. */
void isa_waitcnt(enum vsharp_gfx level, uint16_t imm, char *buf, size_t n)
{
	const struct waitcnt_layout *l = level >= VSHARP_GFX11 ? &waitcnt_gfx11 :
					 level >= VSHARP_GFX10 ? &waitcnt_gfx10 :
					 level >= VSHARP_GFX9 ? &waitcnt_gfx9 : &waitcnt_gfx6;
	unsigned vm = field(imm, l->vm_lo_shift, l->vm_lo_bits) |
		      field(imm, l->vm_hi_shift, l->vm_hi_bits) << l->vm_lo_bits;
	unsigned exp = field(imm, l->exp_shift, l->exp_bits);
	unsigned lgkm = field(imm, l->lgkm_shift, l->lgkm_bits);
	unsigned vm_max = (1u << (l->vm_lo_bits + l->vm_hi_bits)) - 1;
	bool all = vm == vm_max && exp == (1u << l->exp_bits) - 1 &&
		   lgkm == (1u << l->lgkm_bits) - 1;
	const char *sep = "";
	size_t at = 0;

	buf[0] = 0;
	if (all || vm != vm_max) {
		add(buf, n, &at, "%svmcnt(%u)", sep, vm);
		sep = " ";
	}
	if (all || exp != (1u << l->exp_bits) - 1) {
		add(buf, n, &at, "%sexpcnt(%u)", sep, exp);
		sep = " ";
	}
	if (all || lgkm != (1u << l->lgkm_bits) - 1)
		add(buf, n, &at, "%slgkmcnt(%u)", sep, lgkm);
}

/* RDNA3 ISA §5.7 Table 19 (INSTID) and the INSTSKIP codes, as LLVM names them. */
void isa_delay_alu(enum vsharp_gfx level, uint16_t imm, char *buf, size_t n)
{
	static const char *const instid[] = {
		NULL, "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1",
		"TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1",
		"SALU_CYCLE_2", "SALU_CYCLE_3",
	};
	static const char *const instskip[] = {
		NULL, "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4",
	};
	const struct {
		const char *field;
		unsigned v, n;
		const char *const *names;
		const char *invalid;
	} parts[] = {
		{ "instid0", imm & 0xf, ARRAY_SIZE(instid), instid, "instid" },
		{ "instskip", imm >> 4 & 7, ARRAY_SIZE(instskip), instskip, "instskip" },
		{ "instid1", imm >> 7 & 0xf, ARRAY_SIZE(instid), instid, "instid" },
	};
	const char *sep = "";
	size_t at = 0;

	(void)level;
	snprintf(buf, n, "0");
	for (unsigned i = 0; i < ARRAY_SIZE(parts); i++) {
		if (!parts[i].v)
			continue;
		if (parts[i].v < parts[i].n)
			add(buf, n, &at, "%s%s(%s)", sep, parts[i].field, parts[i].names[parts[i].v]);
		else
			add(buf, n, &at, "%s%s(/* invalid %s value */)", sep, parts[i].field,
			    parts[i].invalid);
		sep = " | ";
	}
}

/* RDNA2 ISA §12.5 S_WAITCNT_DEPCTR; llvm-mc-19 refuses depctr_hold_cnt on gfx1010. */
const struct isa_depctr_field isa_depctr_fields[ISA_DEPCTR_COUNT] = {
	[ISA_DEPCTR_HOLD_CNT] = { "depctr_hold_cnt", 7, 1, GFX_RANGE(10_3, 12) },
	[ISA_DEPCTR_SA_SDST] = { "depctr_sa_sdst", 0, 1, GFX_RANGE(10, 12) },
	[ISA_DEPCTR_VA_VDST] = { "depctr_va_vdst", 12, 4, GFX_RANGE(10, 12) },
	[ISA_DEPCTR_VA_SDST] = { "depctr_va_sdst", 9, 3, GFX_RANGE(10, 12) },
	[ISA_DEPCTR_VA_SSRC] = { "depctr_va_ssrc", 8, 1, GFX_RANGE(10, 12) },
	[ISA_DEPCTR_VA_VCC] = { "depctr_va_vcc", 1, 1, GFX_RANGE(10, 12) },
	[ISA_DEPCTR_VM_VSRC] = { "depctr_vm_vsrc", 2, 3, GFX_RANGE(10, 12) },
};

/*
 * llvm-objdump-19 names the fields (those not at "do not wait", or all of
 * them when none is) when SIMM16 sets no bit outside the level's fields,
 * else prints it in hex.
 */
void isa_depctr(enum vsharp_gfx level, uint16_t imm, char *buf, size_t n)
{
	uint16_t known = 0;
	bool waits = false;
	const char *sep = "";
	size_t at = 0;

	for (unsigned f = 0; f < ISA_DEPCTR_COUNT; f++) {
		const struct isa_depctr_field *d = &isa_depctr_fields[f];

		if (!(d->levels >> level & 1))
			continue;
		known |= (uint16_t)(((1u << d->bits) - 1) << d->shift);
		waits |= isa_depctr_get(imm, f) != (1u << d->bits) - 1;
	}
	buf[0] = 0;
	if (imm & ~known) {
		snprintf(buf, n, "0x%x", imm);
		return;
	}
	for (unsigned f = 0; f < ISA_DEPCTR_COUNT; f++) {
		const struct isa_depctr_field *d = &isa_depctr_fields[f];
		unsigned v = isa_depctr_get(imm, f);

		if ((d->levels >> level & 1) && (!waits || v != (1u << d->bits) - 1)) {
			add(buf, n, &at, "%s%s(%u)", sep, d->name, v);
			sep = " ";
		}
	}
}

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
 * s_sendmsg's SIMM16 as LLVM 19 prints it (AMDGPUInstPrinter.cpp printSendMsg):
 * by name where the message, op and stream are valid for the level (the
 * other bits ignored), else as numbers where they re-encode to SIMM16, else
 * in decimal.
 */
static bool sendmsg(struct isa_ctx *c, unsigned simm16)
{
	bool gfx11 = c->level >= VSHARP_GFX11;
	unsigned id = gfx11 ? simm16 & 0xff : simm16 & 0xf;
	unsigned op = gfx11 ? 0 : simm16 >> 4 & 7, stream = gfx11 ? 0 : simm16 >> 8 & 3;
	bool extra = simm16 & (gfx11 ? ~0xffu : ~0x37fu);
	const struct isa_msg *m = isa_msgs[c->level];

	while (m->name && (m->id != id || m->op != op))
		m++;
	if (m->name && (m->stream || !stream)) {
		/* The name drops the other bits: llvm-mc would give other words back. */
		if (extra && c->level <= VSHARP_GFX7)
			return isa_refuse(c, "sendmsg sets bits outside id, op and stream (0x%x)",
					  simm16);
		isa_put(c, "sendmsg(%s", m->name);
		if (m->op_name)
			isa_put(c, ", %s", m->op_name);
		if (m->stream)
			isa_put(c, ", %u", stream);
		isa_put(c, ")");
	} else if (extra) {
		isa_put(c, "%u", simm16);
	} else {
		isa_put(c, "sendmsg(%u, %u, %u)", id, op, stream);
	}
	return true;
}

/* SSRC 254 names LDS_DIRECT, a VALU source: LLVM prints it "Invalid register" in a SALU one. */
static bool ssrc(struct isa_ctx *c, unsigned code, unsigned regs, enum isa_type type)
{
	if (code == 254)
		return isa_refuse(c, "src_lds_direct is no scalar source");
	return isa_src(c, code, regs, type);
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
	/* llvm-mc-19 takes no literal in GFX6/7's s_cbranch_g_fork (SReg_64 operands). */
	if (c->level <= VSHARP_GFX7 && !strcmp(s->name, "s_cbranch_g_fork") &&
	    (src0 == 255 || src1 == 255))
		return isa_refuse(c, "s_cbranch_g_fork takes no literal on %s", c->target->name);
	isa_put(c, "%s", s->name);
	for (const char *p = s->shape; *p; p++) {
		bool ok = true;

		isa_put(c, p == s->shape ? " " : ", ");
		if (*p == 'd')
			ok = isa_sdst(c, dst, s->dst);
		else if (*p == '0')
			ok = ssrc(c, src0, s->src0, s->type0);
		else if (*p == '1')
			ok = ssrc(c, src1, s->src1, s->type1);
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
	const struct isa_sopk *k = isa_sopk[c->level];
	unsigned op = isa_bits(c, 27, 23), simm16 = isa_bits(c, 15, 0);
	char text[160];

	while (k->name && k->op != op)
		k++;
	if (!k->name)
		return isa_refuse(c, "SOPK opcode %u is not defined on %s", op, c->target->name);
	isa_put(c, "%s", k->name);
	for (const char *p = k->shape; *p; p++) {
		isa_put(c, p == k->shape ? " " : ", ");
		if (*p == 'd' && !isa_sdst(c, isa_bits(c, 22, 16), k->dst))
			return false;
		if (*p == 'X')
			isa_put(c, "0x%x", simm16);
		else if (*p == 'L')
			isa_put(c, "%u", simm16);
		else if (*p == 'T' && !isa_src(c, 255, 1, ISA_B32))
			return false;
		if (*p == 'H')
			isa_hwreg(c->level, (uint16_t)simm16, text, sizeof(text));
		else if (*p == 'V')
			isa_version((uint16_t)simm16, text, sizeof(text));
		if (*p == 'H' || *p == 'V')
			isa_put(c, "%s", text);
	}
	return true;
}

bool isa_print_sopp(struct isa_ctx *c)
{
	const struct isa_sopp *p = isa_sopp[c->level];
	unsigned op = isa_bits(c, 22, 16), simm16 = isa_bits(c, 15, 0);
	char text[160];

	while (p->name && p->op != op)
		p++;
	if (!p->name)
		return isa_refuse(c, "SOPP opcode %u is not defined on %s", op, c->target->name);
	if (p->shape == '-' && simm16)
		return isa_refuse(c, "%s takes no SIMM16 (0x%x)", p->name, simm16);
	/* GFX6/7 have no disassembler in LLVM 19 and llvm-mc encodes unused bits as 0. */
	if (p->shape == 'W' && c->level <= VSHARP_GFX7 && (simm16 & ~0x0f7fu))
		return isa_refuse(c, "s_waitcnt sets bits outside its counters (0x%x)", simm16);
	isa_put(c, "%s", p->name);
	if (p->shape == 'E' && simm16)
		isa_put(c, " %u", simm16);
	else if (p->shape == 'D' || (p->shape == 'I' && simm16 <= 64))
		isa_put(c, " %u", simm16);
	else if (p->shape == 'I' || p->shape == 'X')
		isa_put(c, " 0x%x", simm16);
	if (p->shape == 'M') {
		isa_put(c, " ");
		if (!sendmsg(c, simm16))
			return false;
	}
	if (p->shape == 'G') {
		isa_put(c, " ");
		gpr_idx(c, simm16);
	}
	if (p->shape == 'W')
		isa_waitcnt(c->level, (uint16_t)simm16, text, sizeof(text));
	else if (p->shape == 'A')
		isa_delay_alu(c->level, (uint16_t)simm16, text, sizeof(text));
	else if (p->shape == 'C')
		isa_depctr(c->level, (uint16_t)simm16, text, sizeof(text));
	if (p->shape == 'W' || p->shape == 'A' || p->shape == 'C')
		isa_put(c, " %s", text);
	return true;
}
