// SPDX-License-Identifier: MIT
/*
 * Prints a decoded instruction exactly as llvm-objdump-19 does (mnemonic and
 * operands, without address, encoding or comment), so that the emulator's
 * view of the probe shaders can be diffed against LLVM's (user/tests/objdump.sh).
 * The rules for omitted defaults (offset:0, the default MTBUF format, all-max
 * s_waitcnt counters ...) were found by disassembling llvm-mc output.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu/isa.h"
#include "isa/isa.h"
#include "base/util.h"
#include "hw/levels.h"

struct out {
	char *buf;
	size_t n, at;
};

__attribute__((format(printf, 2, 3)))
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (o->at + 1 >= o->n)
		return;
	va_start(ap, fmt);
	r = vsnprintf(o->buf + o->at, o->n - o->at, fmt, ap);
	va_end(ap);
	if (r > 0)
		o->at = o->at + (size_t)r < o->n ? o->at + (size_t)r : o->n - 1;
}

/* v12, v[12:15]; s8, s[8:11]; ttmp[2:3] */
static void regs(struct out *o, char file, unsigned first, unsigned count)
{
	if (count <= 1)
		put(o, "%c%u", file, first);
	else
		put(o, "%c[%u:%u]", file, first, first + count - 1);
}

/*
 * A literal whose value an inline constant can hold prints as that
 * constant, as llvm-objdump-19 prints it: -16..64, the eight float
 * constants and 1/(2*pi).
 */
static void literal(struct out *o, uint32_t v)
{
	static const struct {
		uint32_t bits;
		const char *text;
	} floats[] = {
		{ 0x3f000000, "0.5" }, { 0xbf000000, "-0.5" }, { 0x3f800000, "1.0" },
		{ 0xbf800000, "-1.0" }, { 0x40000000, "2.0" }, { 0xc0000000, "-2.0" },
		{ 0x40800000, "4.0" }, { 0xc0800000, "-4.0" }, { 0x3e22f983, "0.15915494" },
	};

	if ((int32_t)v >= -16 && (int32_t)v <= 64) {
		put(o, "%d", (int32_t)v);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(floats); i++) {
		if (floats[i].bits == v) {
			put(o, "%s", floats[i].text);
			return;
		}
	}
	put(o, "0x%x", v);
}

static void opnd(struct out *o, const struct emu_opnd *x, unsigned width)
{
	switch (x->kind) {
	case EMU_OPND_SGPR:
		regs(o, 's', x->index, width);
		break;
	case EMU_OPND_VGPR:
		regs(o, 'v', x->index, width);
		break;
	case EMU_OPND_TTMP:
		if (width > 1)
			put(o, "ttmp[%u:%u]", x->index, x->index + width - 1);
		else
			put(o, "ttmp%u", x->index);
		break;
	case EMU_OPND_VCC_LO:
		put(o, width > 1 ? "vcc" : "vcc_lo");
		break;
	case EMU_OPND_VCC_HI:
		put(o, "vcc_hi");
		break;
	case EMU_OPND_M0:
		put(o, "m0");
		break;
	case EMU_OPND_EXEC_LO:
		put(o, width > 1 ? "exec" : "exec_lo");
		break;
	case EMU_OPND_EXEC_HI:
		put(o, "exec_hi");
		break;
	case EMU_OPND_NULL:
		put(o, "null");
		break;
	case EMU_OPND_CONST:
		put(o, "%d", (int32_t)x->value);
		break;
	case EMU_OPND_LITERAL:
		literal(o, x->value);
		break;
	case EMU_OPND_NONE:
		break;
	}
}

static void hwreg(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	char text[64];

	isa_hwreg(level, (uint16_t)(in->hwreg_id | in->hwreg_offset << 6 | (in->hwreg_size - 1) << 11),
		  text, sizeof(text));
	put(o, "%s", text);
}

static const char *sopp_text(void (*print)(enum vsharp_gfx, uint16_t, char *, size_t),
			     enum vsharp_gfx level, const struct emu_insn *in, char *buf, size_t n)
{
	print(level, (uint16_t)in->simm16, buf, n);
	return buf;
}

static void hex_signed(struct out *o, int32_t v)
{
	if (v < 0)
		put(o, "-0x%x", (uint32_t)-(int64_t)v);
	else
		put(o, "0x%x", (uint32_t)v);
}

/* GFX12 temporal hints: the names depend on what the instruction does. */
static const char *const th_load[8] = {
	NULL, "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU", "TH_LOAD_NT_RT", "TH_LOAD_RT_NT",
	"TH_LOAD_NT_HT", NULL,
};
static const char *const th_store[8] = {
	NULL, "TH_STORE_NT", "TH_STORE_HT", "TH_STORE_RT_WB", "TH_STORE_NT_RT",
	"TH_STORE_RT_NT", "TH_STORE_NT_HT", "TH_STORE_NT_WB",
};
static const char *const th_atomic[4] = {
	NULL, "TH_ATOMIC_RETURN", "TH_ATOMIC_NT", "TH_ATOMIC_NT_RETURN",
};
static const char *const scopes[4] = { NULL, "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS" };

static void cache(struct out *o, enum vsharp_gfx level, const struct emu_insn *in,
		  bool atomic, bool store)
{
	if (level < VSHARP_GFX12) {
		if (in->glc)
			put(o, " glc");
		if (in->slc)
			put(o, " slc");
		if (in->dlc)
			put(o, " dlc");
		return;
	}
	if (in->th) {
		unsigned th = in->th & 7, scope = in->scope & 3;

		/* LLVM's AMDGPUInstPrinter::printTH: an atomic's CASCADE bit (4) is
		 * named only from SCOPE_DEV up, and TH 3 of a load or store is BYPASS
		 * under SCOPE_SYS. */
		if (atomic && th < 4)
			put(o, " th:%s", th_atomic[th]);
		else if (atomic && scope >= 2)
			put(o, " th:TH_ATOMIC_CASCADE_%s", th & 2 ? "NT" : "RT");
		else if (atomic)
			put(o, " th:TH_ATOMIC_0x%x", th);
		else if (th == 3 && scope == 3)
			put(o, " th:%s", store ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS");
		else if ((store ? th_store : th_load)[th])
			put(o, " th:%s", (store ? th_store : th_load)[th]);
		else
			put(o, " th:0x%x", th);
	}
	if (in->scope & 3)
		put(o, " scope:%s", scopes[in->scope & 3]);
}

static void tformat(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	static const char *const nfmt9[8] = {
		"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT",
	};
	char name[40];

	if (level < VSHARP_GFX10) {
		unsigned d = in->tformat_code & 15, nf = (in->tformat_code >> 4) & 7;

		/* Default: DATA_FORMAT_8 (1), NUM_FORMAT_UNORM (0). */
		if (d == 1 && nf == 0)
			return;
		put(o, " format:[");
		if (d != 1)
			put(o, "BUF_DATA_FORMAT_%s", d == 0 ? "INVALID" : d == 15 ? "RESERVED_15" :
			    vsharp_dfmt_name((enum vsharp_dfmt)d));
		if (nf != 0)
			put(o, "%sBUF_NUM_FORMAT_%s", d != 1 ? "," : "", nfmt9[nf]);
		put(o, "]");
		return;
	}
	/* Default: BUF_FMT_8_UNORM (1). */
	if (in->tformat_code == 1)
		return;
	if (in->tformat_code == 0)
		put(o, " format:[BUF_FMT_INVALID]");
	else if (in->tformat.dfmt != VSHARP_DFMT_INVALID)
		put(o, " format:[BUF_FMT_%s]", vsharp_format_name(in->tformat, name, sizeof(name)));
	else
		put(o, " format:%u", in->tformat_code);
}

static void buffer(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	const struct vsharp_op *op = in->mem;
	unsigned data = emu_vgprs(level, in, EMU_VGPR_DATA);
	unsigned addr = emu_vgprs(level, in, EMU_VGPR_ADDR);

	/* LDS loads write no VGPR and print none. */
	if (data) {
		regs(o, 'v', in->vdata, data);
		put(o, ", ");
	}
	if (addr)
		regs(o, 'v', in->vaddr, addr);
	else
		put(o, "off");
	put(o, ", s[%u:%u], ", in->srsrc, in->srsrc + 3);
	opnd(o, &in->soffset, 1);
	if (in->fmt == EMU_FMT_MTBUF)
		tformat(o, level, in);
	if (in->idxen)
		put(o, " idxen");
	if (in->offen)
		put(o, " offen");
	if (in->addr64)
		put(o, " addr64");
	if (in->offset)
		put(o, " offset:%u", in->offset);
	cache(o, level, in, op->kind == VSHARP_OP_ATOMIC, op->kind == VSHARP_OP_STORE);
	if (in->lds)
		put(o, " lds");
	if (in->tfe)
		put(o, " tfe");
}

/*
 * llvm-objdump-19's ds_swizzle_b32 offset: swizzle(QUAD_PERM,...) for
 * 0x80xx, the bit-mask names (SWAP, REVERSE, BROADCAST, BITMASK_PERM with
 * one letter per lane-id bit, high bit first) for offset[15] == 0, and the
 * number otherwise (LLVM 19 names no FFT or rotate mode).
 */
static void swizzle_offset(struct out *o, unsigned imm)
{
	unsigned and_mask = imm & 0x1f, or_mask = imm >> 5 & 0x1f, xor_mask = imm >> 10 & 0x1f;
	unsigned group = 32 - and_mask;

	if (!imm)
		return;
	put(o, " offset:");
	if ((imm & 0xff00) == 0x8000) {
		put(o, "swizzle(QUAD_PERM,%u,%u,%u,%u)", imm & 3, imm >> 2 & 3, imm >> 4 & 3,
		    imm >> 6 & 3);
	} else if (imm & 0x8000) {
		put(o, "%u", imm);
	} else if (and_mask == 0x1f && !or_mask && xor_mask && !(xor_mask & (xor_mask - 1))) {
		put(o, "swizzle(SWAP,%u)", xor_mask);
	} else if (and_mask == 0x1f && !or_mask && xor_mask && !(xor_mask & (xor_mask + 1))) {
		put(o, "swizzle(REVERSE,%u)", xor_mask + 1);
	} else if (group > 1 && !(group & (group - 1)) && or_mask < group && !xor_mask) {
		put(o, "swizzle(BROADCAST,%u,%u)", group, or_mask);
	} else {
		unsigned p0 = or_mask ^ xor_mask, p1 = ((0x1f & and_mask) | or_mask) ^ xor_mask;

		put(o, "swizzle(BITMASK_PERM,\"");
		for (unsigned bit = 0x10; bit; bit >>= 1)
			put(o, "%c", (p0 & bit) == (p1 & bit) ? (p0 & bit ? '1' : '0') :
				     (p0 & bit ? 'i' : 'p'));
		put(o, "\")");
	}
}

/* llvm-objdump-19 prints the wait fields always, attr only for parameter loads. */
static void ldsdir(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	put(o, " v%u", in->vdst);
	if (in->mem->ds_addr == VSHARP_DS_PARAM)
		put(o, ", attr%u.%c", in->attr, "xyzw"[in->attr_chan & 3]);
	if (level >= VSHARP_GFX12)
		put(o, " wait_va_vdst:%u wait_vm_vsrc:%u", in->wait_va, in->wait_vmvsrc);
	else
		put(o, " wait_vdst:%u", in->wait_va);
}

static void ds(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	const struct vsharp_op *op = in->mem;
	unsigned addr = emu_vgprs(level, in, EMU_VGPR_ADDR);
	unsigned data = emu_vgprs(level, in, EMU_VGPR_DATA);
	unsigned data1 = emu_vgprs(level, in, EMU_VGPR_DATA1);
	unsigned dst = emu_vgprs(level, in, EMU_VGPR_DST);
	bool dual = op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64;
	const char *sep = " ";

	if (dst) {
		put(o, "%s", sep);
		regs(o, 'v', in->vdst, dst);
		sep = ", ";
	}
	if (addr) {
		put(o, "%s", sep);
		regs(o, 'v', in->ds_addr, 1);
		sep = ", ";
	}
	if (data) {
		put(o, "%s", sep);
		regs(o, 'v', in->data0, data);
		sep = ", ";
	}
	if (data1) {
		put(o, "%s", sep);
		regs(o, 'v', in->data1, data1);
	}
	if (op->ds_addr == VSHARP_DS_SWIZZLE) {
		swizzle_offset(o, (unsigned)in->offset1 << 8 | in->offset0);
	} else if (dual) {
		if (in->offset0)
			put(o, " offset0:%u", in->offset0);
		if (in->offset1)
			put(o, " offset1:%u", in->offset1);
	} else if (in->offset0 | in->offset1) {
		put(o, " offset:%u", (unsigned)in->offset1 << 8 | in->offset0);
	}
	if (in->gds)
		put(o, " gds");
}

static void global(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	unsigned addr = emu_vgprs(level, in, EMU_VGPR_ADDR);

	put(o, " ");
	if (in->op == EMU_OP_GLOBAL_STORE) {
		regs(o, 'v', in->vaddr, addr);
		put(o, ", ");
		regs(o, 'v', in->vdata, in->global_dwords);
	} else {
		regs(o, 'v', in->vdata, in->global_dwords);
		put(o, ", ");
		regs(o, 'v', in->vaddr, addr);
	}
	if (in->has_saddr)
		put(o, ", s[%u:%u]", in->saddr, in->saddr + 1);
	else
		put(o, ", off");
	if (in->global_offset)
		put(o, " offset:%d", in->global_offset);
	cache(o, level, in, false, in->op == EMU_OP_GLOBAL_STORE);
}

static void smem(struct out *o, enum vsharp_gfx level, const struct emu_insn *in)
{
	bool sgpr = in->soffset.kind != EMU_OPND_NONE;

	put(o, " ");
	regs(o, 's', in->dst.index, in->smem_dwords);
	put(o, ", ");
	regs(o, 's', in->sbase, in->op == EMU_OP_MEM ? 4 : 2);
	put(o, ", ");
	/*
	 * An offset SGPR comes first and the immediate after it as offset:,
	 * which GFX12 always prints and GFX9-11 only when it is not 0.  Without
	 * either, GFX10/11 print the NULL SOFFSET.
	 */
	if (sgpr) {
		opnd(o, &in->soffset, 1);
		if (level >= VSHARP_GFX12 || in->smem_offset) {
			put(o, " offset:");
			hex_signed(o, (int32_t)in->smem_offset);
		}
	} else if (level >= VSHARP_GFX10 && level < VSHARP_GFX12 && !in->smem_offset) {
		put(o, "null");
	} else if (level <= VSHARP_GFX7) {
		/* SI/CI SMRD: LLVM prints the encoded dword count, the emulator keeps bytes. */
		put(o, "0x%x", in->smem_offset / 4);
	} else {
		hex_signed(o, (int32_t)in->smem_offset);
	}
	cache(o, level, in, false, false);
}

static void version(struct out *o, uint16_t imm)
{
	char text[160];

	isa_version(imm, text, sizeof(text));
	put(o, " %s", text);
}

void emu_disasm(enum vsharp_gfx level, const struct emu_insn *in, char *buf, size_t n)
{
	char text[160];
	struct out o = { buf, n, 0 };

	if (!n)
		return;
	buf[0] = '\0';
	if (!in->name)
		return;
	put(&o, "%s", in->name);
	switch (in->fmt) {
	case EMU_FMT_SOP2:
		put(&o, " ");
		opnd(&o, &in->dst, 1);
		put(&o, ", ");
		opnd(&o, &in->src0, 1);
		put(&o, ", ");
		opnd(&o, &in->src1, 1);
		break;
	case EMU_FMT_SOPC:
		put(&o, " ");
		opnd(&o, &in->src0, 1);
		put(&o, ", ");
		opnd(&o, &in->src1, 1);
		break;
	case EMU_FMT_SOP1:
		put(&o, " ");
		if (in->op == EMU_OP_S_GETPC_B64) {
			opnd(&o, &in->dst, 2);
		} else if (in->op == EMU_OP_S_SETPC_B64) {
			opnd(&o, &in->src0, 2);
		} else {
			opnd(&o, &in->dst, 1);
			put(&o, ", ");
			opnd(&o, &in->src0, 1);
		}
		break;
	case EMU_FMT_SOPK:
		if (in->op == EMU_OP_S_VERSION) {
			version(&o, (uint16_t)in->simm16);
			break;
		}
		put(&o, " ");
		opnd(&o, &in->dst, 1);
		put(&o, ", ");
		if (in->op == EMU_OP_S_GETREG_B32)
			hwreg(&o, level, in);
		else
			put(&o, "0x%x", (uint16_t)in->simm16);
		break;
	case EMU_FMT_SOPP:
		if (in->op == EMU_OP_S_WAITCNT_DEPCTR)
			put(&o, " %s", sopp_text(isa_depctr, level, in, text, sizeof(text)));
		else if (in->op == EMU_OP_S_SET_INST_PREFETCH_DISTANCE)
			put(&o, " 0x%x", (uint16_t)in->simm16);
		else if (in->op == EMU_OP_S_SENDMSG)
			/* The decoder takes MSG_DEALLOC_VGPRS only. */
			put(&o, " sendmsg(MSG_DEALLOC_VGPRS)");
		else if (in->op == EMU_OP_S_DELAY_ALU)
			put(&o, " %s", sopp_text(isa_delay_alu, level, in, text, sizeof(text)));
		else if (in->op == EMU_OP_S_WAITCNT && level >= VSHARP_GFX12)
			put(&o, " 0x%x", (uint16_t)in->simm16);
		else if (in->op == EMU_OP_S_WAITCNT)
			put(&o, " %s", sopp_text(isa_waitcnt, level, in, text, sizeof(text)));
		else if (in->op == EMU_OP_S_NOP && (uint16_t)in->simm16 > 64)
			/* LLVM prints an immediate an inline constant cannot hold in hex. */
			put(&o, " 0x%x", (uint16_t)in->simm16);
		else if (in->op == EMU_OP_S_NOP || in->op == EMU_OP_S_BRANCH ||
			 in->op == EMU_OP_S_CBRANCH_SCC0 || in->op == EMU_OP_S_CBRANCH_SCC1 || in->simm16)
			put(&o, " %u", (uint16_t)in->simm16);
		break;
	case EMU_FMT_SMEM:
		smem(&o, level, in);
		break;
	case EMU_FMT_VOP1:
	case EMU_FMT_VOP2:
		put(&o, " ");
		opnd(&o, &in->dst, 1);
		if (in->op == EMU_OP_V_ADD_CO_U32)
			put(&o, ", vcc");
		put(&o, ", ");
		opnd(&o, &in->src0, 1);
		if (in->fmt == EMU_FMT_VOP2) {
			put(&o, ", ");
			opnd(&o, &in->src1, 1);
		}
		break;
	case EMU_FMT_VOP3:
		put(&o, " ");
		opnd(&o, &in->dst, 1);
		put(&o, ", ");
		opnd(&o, &in->src0, 1);
		put(&o, ", ");
		opnd(&o, &in->src1, 1);
		put(&o, ", ");
		opnd(&o, &in->src2, 1);
		break;
	case EMU_FMT_GLOBAL:
		global(&o, level, in);
		break;
	case EMU_FMT_MUBUF:
	case EMU_FMT_MTBUF:
		put(&o, " ");
		buffer(&o, level, in);
		break;
	case EMU_FMT_DS:
		ds(&o, level, in);
		break;
	case EMU_FMT_LDSDIR:
		ldsdir(&o, level, in);
		break;
	}
}
