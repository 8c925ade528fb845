// SPDX-License-Identifier: MIT
/*
 * The registers each instruction reads and writes, for the hazard rules.
 * Operand widths come from the same places the shader core takes them
 * (emu_vgprs(), the SMEM and GLOBAL dword counts), so the two cannot drift.
 */
#include <string.h>

#include "emu/alu.h"
#include "emu/uses.h"

static void sset(uint64_t set[2], unsigned code)
{
	set[code / 64] |= 1ull << (code % 64);
}

/* A scalar operand of WIDTH dwords by its operand code. */
static void sopnd(uint64_t set[2], const struct emu_opnd *o, unsigned width)
{
	unsigned base;

	switch (o->kind) {
	case EMU_OPND_SGPR: base = o->index; break;
	case EMU_OPND_TTMP: base = EMU_SREG_TTMP0 + o->index; break;
	case EMU_OPND_VCC_LO: base = EMU_SREG_VCC_LO; break;
	case EMU_OPND_VCC_HI: base = EMU_SREG_VCC_HI; break;
	case EMU_OPND_M0: base = EMU_SREG_M0; break;
	case EMU_OPND_EXEC_LO: base = EMU_SREG_EXEC_LO; break;
	case EMU_OPND_EXEC_HI: base = EMU_SREG_EXEC_HI; break;
	default: return;
	}
	for (unsigned i = 0; i < width && base + i < EMU_SREG_COUNT; i++)
		sset(set, base + i);
}

static void sregs(uint64_t set[2], unsigned first, unsigned count)
{
	for (unsigned i = 0; i < count && first + i < EMU_SREG_COUNT; i++)
		sset(set, first + i);
}

static void vread(struct emu_uses *u, unsigned first, unsigned count)
{
	if (count && u->n_vread < sizeof(u->vread) / sizeof(u->vread[0]))
		u->vread[u->n_vread++] = (struct emu_vrange){ (uint16_t)first, (uint16_t)count };
}

static void vwrite(struct emu_uses *u, unsigned first, unsigned count)
{
	if (count && u->n_vwrite < sizeof(u->vwrite) / sizeof(u->vwrite[0]))
		u->vwrite[u->n_vwrite++] = (struct emu_vrange){ (uint16_t)first, (uint16_t)count };
}

/* A VALU or scalar operand that may be a VGPR. */
static void any_read(struct emu_uses *u, const struct emu_opnd *o)
{
	if (o->kind == EMU_OPND_VGPR)
		vread(u, o->index, 1);
	else
		sopnd(u->sread, o, 1);
}

/*
 * M0 limits DS addresses before GFX11, carries the ADDTID base everywhere,
 * the append/consume counter's up to GFX11, the LDS direct and parameter
 * loads' address and the LDS address of a buffer load to LDS.
 */
bool emu_reads_m0(enum vsharp_gfx level, const struct emu_insn *in)
{
	if (in->fmt == EMU_FMT_MUBUF || in->fmt == EMU_FMT_MTBUF)
		return in->lds || in->mem->kind == VSHARP_OP_LOAD_LDS;
	if (in->fmt == EMU_FMT_LDSDIR)
		return true;
	if (in->fmt != EMU_FMT_DS)
		return false;
	return level < VSHARP_GFX11 || in->mem->ds_addr == VSHARP_DS_ADDTID ||
	       (in->mem->ds_addr == VSHARP_DS_APPEND && level <= VSHARP_GFX11);
}

/*
 * An instruction of emu/alu.h's table: its sources and destination at their
 * widths; lane masks (VCC, SDST, a carry in) at the width the opcode table
 * gives (the wave size LLVM decodes for: wave64 on GFX9, wave32 after).
 */
static void alu(struct emu_uses *u, enum vsharp_gfx level, const struct emu_insn *in)
{
	const struct emu_opnd *src[] = { &in->src0, &in->src1, &in->src2 };
	uint16_t fl = in->alu->flags;
	unsigned mw = level <= VSHARP_GFX9 ? 2 : 1;

	for (unsigned i = 0; i < in->nsrc; i++) {
		if (src[i]->kind == EMU_OPND_VGPR)
			vread(u, src[i]->index, in->dw[1 + i]);
		else
			sopnd(u->sread, src[i], in->dw[1 + i]);
	}
	sopnd(u->sread, &in->cin, mw);
	sopnd(u->swrite, &in->sdst, mw);
	if (in->dst.kind == EMU_OPND_VGPR) {
		if (fl & EMU_ALU_READS_D)
			vread(u, in->dst.index, in->dw[0]);
		vwrite(u, in->dst.index, in->dw[0]);
	} else if (!(fl & EMU_ALU_CMP)) {
		if (fl & EMU_ALU_READS_D)
			sopnd(u->sread, &in->dst, in->dw[0]);
		sopnd(u->swrite, &in->dst, in->dw[0]);
	} else {
		sopnd(u->sread, &in->dst, in->dw[0]);
	}
	if (fl & EMU_ALU_SAVEEXEC) {
		sregs(u->sread, EMU_SREG_EXEC_LO, in->dw[0]);
		sregs(u->swrite, EMU_SREG_EXEC_LO, in->dw[0]);
	}
	if (fl & EMU_ALU_CMPX)
		sregs(u->swrite, EMU_SREG_EXEC_LO, mw);
}

static void scalar(struct emu_uses *u, enum vsharp_gfx level, const struct emu_insn *in)
{
	switch (in->op) {
	case EMU_OP_ALU:
		alu(u, level, in);
		return;
	case EMU_OP_S_CBRANCH:
		u->unit = EMU_UNIT_BRANCH;
		sregs(u->sread, in->cond <= EMU_COND_VCCNZ ? EMU_SREG_VCC_LO : EMU_SREG_EXEC_LO,
		      level <= VSHARP_GFX9 ? 2 : 1);
		return;
	case EMU_OP_S_HINT:
		u->unit = EMU_UNIT_NOP;
		return;
	case EMU_OP_S_BARRIER:
	case EMU_OP_S_MODE:
		return;
	case EMU_OP_S_SETREG:
		sopnd(u->sread, &in->src0, 1);
		return;
	case EMU_OP_S_BRANCH:
	case EMU_OP_S_CBRANCH_SCC0:
	case EMU_OP_S_CBRANCH_SCC1:
		u->unit = EMU_UNIT_BRANCH;
		return;
	case EMU_OP_S_SETPC_B64:
		u->unit = EMU_UNIT_BRANCH;
		sopnd(u->sread, &in->src0, 2);
		return;
	case EMU_OP_S_WAITCNT:
		u->unit = EMU_UNIT_WAIT;
		sopnd(u->sread, &in->dst, 1);	/* s_waitcnt_vscnt's SGPR count */
		return;
	case EMU_OP_S_WAITCNT_DEPCTR:
		u->unit = EMU_UNIT_DEPCTR;
		return;
	case EMU_OP_S_NOP:
		u->unit = EMU_UNIT_NOP;
		/* "Repeat NOP 1..16 times based on SIMM16[3:0]" (Vega ISA, SOPP S_NOP). */
		u->wait_states = ((uint16_t)in->simm16 & 0xf) + 1;
		return;
	case EMU_OP_S_DELAY_ALU:
	/*
	 * Hints without registers.  S_VERSION is a SOPK, but "does nothing
	 * (treated as S_NOP)" (RDNA3 ISA) and, in LLVM's
	 * GCNHazardRecognizer::fixSMEMtoVectorWriteHazards, is one of the SALU
	 * instructions that "cannot mitigate the hazard": a NOP here too.
	 */
	case EMU_OP_S_VERSION:
	case EMU_OP_S_SET_INST_PREFETCH_DISTANCE:
		u->unit = EMU_UNIT_NOP;
		return;
	case EMU_OP_S_SENDMSG:
		/* MSG_DEALLOC_VGPRS reads no register: M0 carries other messages' payload. */
		return;
	case EMU_OP_S_ENDPGM:
	case EMU_OP_S_CODE_END:
		u->unit = EMU_UNIT_OTHER;
		return;
	case EMU_OP_S_GETPC_B64:
		sopnd(u->swrite, &in->dst, 2);
		return;
	case EMU_OP_S_GETREG_B32:
		sopnd(u->swrite, &in->dst, 1);
		return;
	default:
		sopnd(u->sread, &in->src0, 1);
		sopnd(u->sread, &in->src1, 1);
		sopnd(u->swrite, &in->dst, 1);
		return;
	}
}

void emu_insn_uses(enum vsharp_gfx level, const struct emu_insn *in, struct emu_uses *u)
{
	memset(u, 0, sizeof(*u));
	u->unit = EMU_UNIT_SALU;
	u->wait_states = 1;
	switch (in->fmt) {
	case EMU_FMT_SOP1:
	case EMU_FMT_SOP2:
	case EMU_FMT_SOPK:
	case EMU_FMT_SOPP:
	case EMU_FMT_SOPC:	/* reads src0 and src1, writes no SGPR (dst stays NONE) */
		scalar(u, level, in);
		return;
	case EMU_FMT_SMEM:
		u->unit = EMU_UNIT_SMEM;
		if (in->op == EMU_OP_MEM)
			sregs(u->sread, in->srsrc, 4);
		else
			sregs(u->sread, in->sbase, 2);
		sopnd(u->sread, &in->soffset, 1);
		sopnd(u->swrite, &in->dst, in->smem_dwords);
		return;
	case EMU_FMT_VOP1:
	case EMU_FMT_VOP2:
	case EMU_FMT_VOP3:
	case EMU_FMT_VOPC:
	case EMU_FMT_VOPD:
		u->unit = EMU_UNIT_VALU;
		sregs(u->sread, EMU_SREG_EXEC_LO, 2);
		if (in->op == EMU_OP_ALU) {
			struct emu_insn y;

			alu(u, level, in);
			if (in->fmt == EMU_FMT_VOPD) {
				emu_vopd_y(in, &y);
				alu(u, level, &y);
			}
			return;
		}
		any_read(u, &in->src0);
		if (in->fmt == EMU_FMT_VOP2 || in->fmt == EMU_FMT_VOP3)
			any_read(u, &in->src1);
		if (in->fmt == EMU_FMT_VOP3)
			any_read(u, &in->src2);
		if (in->dst.kind == EMU_OPND_VGPR)
			vwrite(u, in->dst.index, 1);
		else
			sopnd(u->swrite, &in->dst, 1);
		/* v_add_co_u32 (GFX9, wave64 only) writes its carry to vcc. */
		if (in->op == EMU_OP_V_ADD_CO_U32)
			sregs(u->swrite, EMU_SREG_VCC_LO, 2);
		/* Every VALU reads EXEC. */
		sregs(u->sread, EMU_SREG_EXEC_LO, 2);
		return;
	case EMU_FMT_GLOBAL:
		u->unit = EMU_UNIT_VMEM;
		if (in->has_saddr)
			sregs(u->sread, in->saddr, 2);
		vread(u, in->vaddr, in->has_saddr ? 1 : 2);
		if (in->op == EMU_OP_GLOBAL_LOAD) {
			vwrite(u, in->vdata, in->global_dwords);
			return;
		}
		vread(u, in->vdata, in->global_dwords);
		/* An atomic with GLC returns the memory's old value to VDST. */
		if (in->op == EMU_OP_GLOBAL_ATOMIC && (in->glc || in->th == 1))
			vwrite(u, in->vdst, in->mem->bytes / 4);
		return;
	case EMU_FMT_CACHE:
		u->unit = EMU_UNIT_VMEM;
		return;
	case EMU_FMT_MUBUF:
	case EMU_FMT_MTBUF: {
		unsigned n_data = emu_vgprs(level, in, EMU_VGPR_DATA);
		bool reads = in->mem->kind == VSHARP_OP_STORE || in->mem->kind == VSHARP_OP_ATOMIC;
		bool writes = (in->mem->kind == VSHARP_OP_LOAD && !in->lds) ||
			      (in->mem->kind == VSHARP_OP_ATOMIC && (in->glc || in->th == 1));

		u->unit = EMU_UNIT_VMEM;
		sregs(u->sread, in->srsrc, 4);
		sopnd(u->sread, &in->soffset, 1);
		vread(u, in->vaddr, emu_vgprs(level, in, EMU_VGPR_ADDR));
		if (reads)
			vread(u, in->vdata, n_data);
		if (writes)
			vwrite(u, in->vdata, n_data);
		break;
	}
	case EMU_FMT_DS:
	case EMU_FMT_LDSDIR:
		u->unit = in->fmt == EMU_FMT_DS ? EMU_UNIT_DS : EMU_UNIT_LDSDIR;
		vread(u, in->ds_addr, emu_vgprs(level, in, EMU_VGPR_ADDR));
		vread(u, in->data0, emu_vgprs(level, in, EMU_VGPR_DATA));
		vread(u, in->data1, emu_vgprs(level, in, EMU_VGPR_DATA1));
		vwrite(u, in->vdst, emu_vgprs(level, in, EMU_VGPR_DST));
		/* The BVH stack ops write their new stack address back to ADDR. */
		if (in->mem->kind == VSHARP_OP_STACK)
			vwrite(u, in->ds_addr, 1);
		break;
	}
	/* Vector memory reads EXEC for its lanes. */
	sregs(u->sread, EMU_SREG_EXEC_LO, 2);
	if (emu_reads_m0(level, in)) {
		sset(u->sread, EMU_SREG_M0);
		u->reads_m0_for_lds = in->lds || in->mem->kind == VSHARP_OP_LOAD_LDS ||
				      in->mem->ds_addr == VSHARP_DS_ADDTID;
	}
}
