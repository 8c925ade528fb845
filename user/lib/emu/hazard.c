// SPDX-License-Identifier: MIT
/*
 * The hazard rules of the strict emulated GPU, one table row each: the
 * levels and processor quirk it applies to, its public source, and a
 * check of the next instruction against what issued before it.  Wait
 * states are counted as LLVM's GCNHazardRecognizer counts them (every
 * instruction one, s_nop N N + 1); the rules whose hazard lasts until an
 * expiring instruction (a VALU, a wait) keep that state between steps.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "emu/hazard.h"
#include "isa/isa.h"
#include "base/util.h"
#include "hw/levels.h"

#define VCC_PAIR (EMU_SREG_VCC_LO / 2)

enum { LBV_NONE, LBV_DS, LBV_VMEM };

struct check {
	const struct emu_hazards *h;
	const struct emu_insn *in;
	const struct emu_uses *u;
	uint64_t pc;
	char *msg;
	size_t n;
};

__attribute__((format(printf, 2, 3)))
static bool broken(struct check *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, c->n, fmt, ap);
	va_end(ap);
	return true;
}

static bool ranges_meet(const struct emu_vrange *a, unsigned na, const struct emu_vrange *b,
			unsigned nb, unsigned *reg)
{
	for (unsigned i = 0; i < na; i++)
		for (unsigned k = 0; k < nb; k++)
			if (a[i].first < b[k].first + b[k].count && b[k].first < a[i].first + a[i].count) {
				*reg = a[i].first > b[k].first ? a[i].first : b[k].first;
				return true;
			}
	return false;
}

static unsigned first_common(const uint64_t a[2], const uint64_t b[2])
{
	uint64_t lo = a[0] & b[0], hi = a[1] & b[1];

	return lo ? (unsigned)__builtin_ctzll(lo) : 64 + (unsigned)__builtin_ctzll(hi);
}

/* "s5", "vcc_lo", "m0", "exec_hi", "ttmp3" */
static const char *sreg_name(unsigned code, char *buf, size_t n)
{
	static const char *const special[] = {
		[EMU_SREG_VCC_LO] = "vcc_lo", [EMU_SREG_VCC_HI] = "vcc_hi", [EMU_SREG_M0] = "m0",
		[EMU_SREG_EXEC_LO] = "exec_lo", [EMU_SREG_EXEC_HI] = "exec_hi",
	};

	if (code < EMU_SREG_VCC_LO)
		snprintf(buf, n, "s%u", code);
	else if (code >= EMU_SREG_TTMP0 && code < EMU_SREG_TTMP0 + 16)
		snprintf(buf, n, "ttmp%u", code - EMU_SREG_TTMP0);
	else
		snprintf(buf, n, "%s", code < ARRAY_SIZE(special) && special[code] ? special[code] : "?");
	return buf;
}

/* The Ith newest remembered instruction (0: the newest). */
static inline const struct emu_issued *hist_at(const struct emu_hazards *h, unsigned i)
{
	return &h->hist[(h->newest - i) % EMU_HAZARD_HISTORY];
}

/*
 * The wait states between the newest remembered instruction matching
 * IS_SOURCE and the instruction being checked, or -1 if none is within
 * LIMIT.  *at is the matching entry.
 */
static int waits_since(const struct emu_hazards *h, unsigned limit,
		       bool (*is_source)(const struct emu_issued *e, const struct check *c),
		       const struct check *c, const struct emu_issued **at)
{
	unsigned waits = 0;

	for (unsigned i = 0; i < h->n_hist && waits < limit; i++) {
		if (is_source(hist_at(h, i), c)) {
			*at = hist_at(h, i);
			return (int)waits;
		}
		waits += hist_at(h, i)->u.wait_states;
	}
	return -1;
}

static bool waitcnt_zero(const struct emu_insn *in)
{
	return in->op == EMU_OP_S_WAITCNT && in->wait == EMU_WAIT_PACKED && !in->simm16;
}

static bool depctr_zero(const struct emu_insn *in, enum isa_depctr f)
{
	return in->op == EMU_OP_S_WAITCNT_DEPCTR && !isa_depctr_get((uint16_t)in->simm16, f);
}

/* ---- Wait-state rules ------------------------------------------------------ */

static bool valu_writes_read_sgpr(const struct emu_issued *e, const struct check *c)
{
	return e->u.unit == EMU_UNIT_VALU && emu_sregs_meet(e->u.swrite, c->u->sread);
}

static bool salu_writes_read_sgpr(const struct emu_issued *e, const struct check *c)
{
	return e->u.unit == EMU_UNIT_SALU && emu_sregs_meet(e->u.swrite, c->u->sread);
}

static bool distance(struct check *c, unsigned need,
		     bool (*is_source)(const struct emu_issued *e, const struct check *c),
		     const char *what)
{
	const struct emu_issued *e;
	int waits = waits_since(c->h, need, is_source, c, &e);
	char r[16];

	if (waits < 0)
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " reads %s, which %s at pc 0x%" PRIx64 " wrote %d wait state%s before; %s needs %u (s_nop %u or independent instructions)",
		      c->in->name, c->pc, sreg_name(first_common(e->u.swrite, c->u->sread), r, sizeof(r)),
		      e->name, e->pc, waits, waits == 1 ? "" : "s", what, need, need - 1);
}

static bool smrd_after_valu(struct check *c)
{
	return c->u->unit == EMU_UNIT_SMEM && distance(c, 4, valu_writes_read_sgpr, "an SMRD reading a VALU-written SGPR");
}

static bool sbuffer_after_salu(struct check *c)
{
	return c->u->unit == EMU_UNIT_SMEM && c->in->op == EMU_OP_MEM &&
	       distance(c, 4, salu_writes_read_sgpr, "S_BUFFER_LOAD reading a SALU-written descriptor or offset");
}

static bool vmem_after_valu(struct check *c)
{
	return c->u->unit == EMU_UNIT_VMEM && distance(c, 5, valu_writes_read_sgpr, "a VMEM reading a VALU-written SGPR");
}

static bool holds_store_data(const struct emu_issued *e, const struct check *c)
{
	unsigned reg;

	return e->store_data.count && ranges_meet(&e->store_data, 1, c->u->vwrite, c->u->n_vwrite, &reg);
}

static bool store_data_overwrite(struct check *c)
{
	const struct emu_issued *e;
	unsigned reg = 0;

	if (c->u->unit != EMU_UNIT_VALU || waits_since(c->h, 1, holds_store_data, c, &e) < 0)
		return false;
	ranges_meet(&e->store_data, 1, c->u->vwrite, c->u->n_vwrite, &reg);
	return broken(c, "%s at pc 0x%" PRIx64 " writes v%u, store data of %s at pc 0x%" PRIx64 " just before it, which reads it after issue; 1 wait state needed (s_nop 0)",
		      c->in->name, c->pc, reg, e->name, e->pc);
}

static bool salu_writes_m0(const struct emu_issued *e, const struct check *c)
{
	(void)c;
	return e->u.unit == EMU_UNIT_SALU && emu_sreg_has(e->u.swrite, EMU_SREG_M0);
}

static bool m0_before_lds(struct check *c)
{
	const struct emu_issued *e;

	if (!c->u->reads_m0_for_lds || waits_since(c->h, 1, salu_writes_m0, c, &e) < 0)
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " reads m0 as its LDS address right after %s at pc 0x%" PRIx64 " wrote it; 1 wait state needed (s_nop 0)",
		      c->in->name, c->pc, e->name, e->pc);
}

static bool stores(const struct emu_insn *in)
{
	if (in->fmt == EMU_FMT_GLOBAL)
		return in->op == EMU_OP_GLOBAL_STORE || in->op == EMU_OP_GLOBAL_ATOMIC;
	return (in->fmt == EMU_FMT_MUBUF || in->fmt == EMU_FMT_MTBUF) &&
	       (in->mem->kind == VSHARP_OP_STORE || in->mem->kind == VSHARP_OP_ATOMIC);
}

/*
 * With XNACK on, the instructions of a soft clause (consecutive VMEM, or
 * consecutive SMEM) may be replayed: when the clause writes registers,
 * none may be one that a clause instruction reads, and a store does not
 * join it.
 */
static bool soft_clause(struct check *c)
{
	const struct emu_hazards *h = c->h;
	enum emu_unit unit = c->u->unit;
	uint64_t defs[2] = { 0, 0 }, uses[2] = { c->u->sread[0], c->u->sread[1] };
	struct emu_vrange vdefs[2 * (EMU_HAZARD_HISTORY + 1)], vuses[3 * (EMU_HAZARD_HISTORY + 1)];
	unsigned nd = 0, nu = 0, len = 0, reg;
	uint64_t first_pc = c->pc;
	char r[16];

	if (unit != EMU_UNIT_VMEM && unit != EMU_UNIT_SMEM)
		return false;
	for (unsigned i = 0; i < h->n_hist && hist_at(h, i)->u.unit == unit; i++) {
		const struct emu_uses *m = &hist_at(h, i)->u;

		first_pc = hist_at(h, i)->pc;
		len++;
		for (unsigned k = 0; k < m->n_vwrite; k++)
			vdefs[nd++] = m->vwrite[k];
		for (unsigned k = 0; k < m->n_vread; k++)
			vuses[nu++] = m->vread[k];
		defs[0] |= m->swrite[0];
		defs[1] |= m->swrite[1];
		uses[0] |= m->sread[0];
		uses[1] |= m->sread[1];
	}
	if (!nd && !defs[0] && !defs[1])
		return false;
	if (stores(c->in))
		return broken(c, "%s at pc 0x%" PRIx64 " is a store after the %u loads from pc 0x%" PRIx64 ": it may not join their clause; break the clause (s_nop 0)",
			      c->in->name, c->pc, len, first_pc);
	for (unsigned k = 0; k < c->u->n_vwrite; k++)
		vdefs[nd++] = c->u->vwrite[k];
	for (unsigned k = 0; k < c->u->n_vread; k++)
		vuses[nu++] = c->u->vread[k];
	defs[0] |= c->u->swrite[0];
	defs[1] |= c->u->swrite[1];
	if (emu_sregs_meet(defs, uses))
		return broken(c, "%s at pc 0x%" PRIx64 " would join a clause of %u %s instructions from pc 0x%" PRIx64 " in which %s is written and read: a replay reads the new value; break the clause (s_nop 0)",
			      c->in->name, c->pc, len, unit == EMU_UNIT_SMEM ? "SMEM" : "VMEM", first_pc,
			      sreg_name(first_common(defs, uses), r, sizeof(r)));
	if (ranges_meet(vdefs, nd, vuses, nu, &reg))
		return broken(c, "%s at pc 0x%" PRIx64 " would join a clause of %u VMEM instructions from pc 0x%" PRIx64 " in which v%u is written and read: a replay reads the new value; break the clause (s_nop 0)",
			      c->in->name, c->pc, len, first_pc, reg);
	return false;
}

/* ---- Rules that last until an expiring instruction ------------------------- */

static bool vmem_to_scalar_write(struct check *c)
{
	char r[16];

	if ((c->u->unit != EMU_UNIT_SALU && c->u->unit != EMU_UNIT_SMEM) ||
	    !emu_sregs_meet(c->u->swrite, c->h->vmem_sread))
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " writes %s, which the vector memory instruction at pc 0x%" PRIx64 " reads, with no VALU, s_waitcnt 0 or s_waitcnt_depctr vm_vsrc(0) in between",
		      c->in->name, c->pc, sreg_name(first_common(c->u->swrite, c->h->vmem_sread), r, sizeof(r)),
		      c->h->vmem_pc);
}

static bool smem_to_vector_write(struct check *c)
{
	char r[16];

	if (c->u->unit != EMU_UNIT_VALU || !emu_sregs_meet(c->u->swrite, c->h->smem_sread))
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " writes %s, which the SMEM instruction at pc 0x%" PRIx64 " reads, with no SALU (s_mov_b32 null, 0) or s_waitcnt lgkmcnt(0) in between",
		      c->in->name, c->pc, sreg_name(first_common(c->u->swrite, c->h->smem_sread), r, sizeof(r)),
		      c->h->smem_pc);
}

static unsigned lbv_type(const struct emu_uses *u)
{
	return u->unit == EMU_UNIT_DS ? LBV_DS : u->unit == EMU_UNIT_VMEM ? LBV_VMEM : LBV_NONE;
}

static bool lds_branch_vmem(struct check *c)
{
	unsigned type = lbv_type(c->u);

	if (type == LBV_NONE || !c->h->lbv_branch || c->h->lbv_last == LBV_NONE || c->h->lbv_last == type)
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " follows a branch taken after the %s instruction at pc 0x%" PRIx64 " with no s_waitcnt_vscnt null, 0x0 in between",
		      c->in->name, c->pc, c->h->lbv_last == LBV_DS ? "LDS" : "VMEM", c->h->lbv_pc);
}

static bool branch_offset_3f(struct check *c)
{
	if (c->in->op != EMU_OP_S_BRANCH || (uint16_t)c->in->simm16 != 0x3f)
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " has the branch offset 0x3f; llvm-mc-19 puts an s_nop before the target for this processor so the offset becomes 0x40",
		      c->in->name, c->pc);
}

/* RDNA4 §5.7: which s_wait_alu a read of a pair a VALU read before needs. */
/* Bit p: s[2p] or s[2p + 1] in SET, codes up to EMU_SREG_VCC_HI (VCC is pair VCC_PAIR). */
static uint64_t sreg_pairs(const uint64_t set[2])
{
	uint64_t pairs = 0;

	for (unsigned w = 0; w < 2; w++) {
		uint64_t bits = w ? set[1] & ((1ull << (EMU_SREG_VCC_HI + 1 - 64)) - 1) : set[0];

		/* One bit per pair, at its even code; then pair by pair through the set ones. */
		for (bits = (bits | bits >> 1) & 0x5555555555555555ull; bits; bits &= bits - 1)
			pairs |= 1ull << (32 * w + (unsigned)__builtin_ctzll(bits) / 2);
	}
	return pairs;
}

static bool sgpr_pair(struct check *c)
{
	const struct emu_hazards *h = c->h;
	bool valu = c->u->unit == EMU_UNIT_VALU;
	uint64_t read = 0;
	const char *need = NULL;
	unsigned pair = 0;

	if (!valu && c->u->unit != EMU_UNIT_SALU && c->u->unit != EMU_UNIT_BRANCH)
		return false;
	read = sreg_pairs(c->u->sread);
	if (read & h->pair_salu_write) {
		pair = (unsigned)__builtin_ctzll(read & h->pair_salu_write);
		need = "s_wait_alu 0xfffe (depctr_sa_sdst(0))";
	} else if (valu && (read & h->pair_valu_write & (1ull << VCC_PAIR))) {
		pair = VCC_PAIR;
		need = "s_wait_alu 0xfffd (depctr_va_vcc(0))";
	} else if (valu && (read & h->pair_valu_write & ~(1ull << VCC_PAIR))) {
		pair = (unsigned)__builtin_ctzll(read & h->pair_valu_write & ~(1ull << VCC_PAIR));
		need = "s_wait_alu 0xf1ff (depctr_va_sdst(0))";
	}
	if (!need)
		return false;
	if (pair == VCC_PAIR)
		return broken(c, "%s at pc 0x%" PRIx64 " reads vcc, written at pc 0x%" PRIx64 " after a VALU read it; it may read the old value: %s first",
			      c->in->name, c->pc, h->pair_write_pc[pair], need);
	return broken(c, "%s at pc 0x%" PRIx64 " reads s[%u:%u], written at pc 0x%" PRIx64 " after a VALU read the pair; it may read the old value: %s first",
		      c->in->name, c->pc, 2 * pair, 2 * pair + 1, h->pair_write_pc[pair], need);
}

static bool lds_direct_vmem(struct check *c)
{
	const struct emu_hazards *h = c->h;
	unsigned v = c->in->vdst;

	if (c->u->unit != EMU_UNIT_LDSDIR || h->vgpr_vmem_seq[v] <= h->vm_vsrc_seq ||
	    (h->level >= VSHARP_GFX12 && !c->in->wait_vmvsrc))
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " writes v%u, which the memory instruction at pc 0x%" PRIx64 " uses, with no VALU, export or %s in between",
		      c->in->name, c->pc, v, h->vgpr_vmem_pc[v],
		      h->level >= VSHARP_GFX12 ? "WAIT_VMVSRC 0 (wait_vm_vsrc:0)" : "s_waitcnt_depctr vm_vsrc(0)");
}

static bool lds_direct_valu(struct check *c)
{
	const struct emu_hazards *h = c->h;
	unsigned v = c->in->vdst;
	uint64_t after;

	if (c->u->unit != EMU_UNIT_LDSDIR || !h->vgpr_valu_seq[v] || h->vgpr_valu_seq[v] <= h->drain_seq)
		return false;
	after = h->valus - h->vgpr_valu_ord[v] - 1;
	if (after >= 15 || c->in->wait_va <= after)
		return false;
	return broken(c, "%s at pc 0x%" PRIx64 " writes v%u with wait_vdst %u, but the VALU that uses v%u is %" PRIu64 " VALU%s back: wait_vdst must be at most %" PRIu64,
		      c->in->name, c->pc, v, c->in->wait_va, v, after + 1, after ? "s" : "", after);
}

/* ---- The table ---------------------------------------------------------------- */

#define VEGA_T8 "Vega ISA §4.5 Table 8"
#define LLVM_HR "LLVM GCNHazardRecognizer.cpp"

static const struct rule {
	const char *name;
	uint16_t levels;
	uint32_t quirk;		/* 0: every processor of the levels */
	bool (*check)(struct check *c);
	const char *source;
} rules[] = {
	{ "SMRD after VALU SGPR write", GFX(6), 0, smrd_after_valu,
	  LLVM_HR " checkSMRDHazards, SI only (GCNSubtarget hasSMRDReadVALUDefHazard)" },
	{ "S_BUFFER_LOAD after SALU write", GFX(6), 0, sbuffer_after_salu,
	  LLVM_HR " checkSMRDHazards: \"undocumented hardware behavior in SI\", 4 wait states" },
	{ "VMEM after VALU SGPR write", GFX_RANGE(8, 9), 0, vmem_after_valu,
	  VEGA_T8 " \"VALU writes SGPR / VMEM reads that SGPR\"; " LLVM_HR " checkVMEMHazards from GFX8" },
	{ "store data overwrite", GFX_RANGE(7, 9), 0, store_data_overwrite,
	  VEGA_T8 " \"BUFFER_STORE_DWORD_X3/X4 ... Write VGPRs holding writedata\" (not with an SGPR offset); " LLVM_HR " createsVALUHazard, not on SI" },
	{ "M0 write before LDS DMA or ADDTID", GFX(9), 0, m0_before_lds,
	  VEGA_T8 " \"SALU writes M0 / LDS add-TID instruction, buffer_store_LDS_dword, scratch or global with LDS = 1\"; " LLVM_HR " checkReadM0Hazards" },
	{ "XNACK soft clause", GFX_RANGE(8, 9), VSHARP_QUIRK_XNACK, soft_clause,
	  LLVM_HR " checkSoftClauseHazards (XNACK on)" },
	{ "VMEMtoScalarWrite", GFX(10), VSHARP_QUIRK_VMEM_TO_SCALAR_WRITE, vmem_to_scalar_write,
	  "LLVM AMDGPU.td FeatureVMEMtoScalarWriteHazard, " LLVM_HR " fixVMEMtoScalarWriteHazards" },
	{ "SMEMtoVectorWrite", GFX(10), VSHARP_QUIRK_SMEM_TO_VECTOR_WRITE, smem_to_vector_write,
	  "LLVM AMDGPU.td FeatureSMEMtoVectorWriteHazard, " LLVM_HR " fixSMEMtoVectorWriteHazards" },
	{ "LdsBranchVmemWAR", GFX(10), VSHARP_QUIRK_LDS_BRANCH_VMEM_WAR, lds_branch_vmem,
	  "LLVM AMDGPU.td FeatureLdsBranchVmemWARHazard, " LLVM_HR " fixLdsBranchVmemWARHazard" },
	{ "branch offset 0x3f", GFX(10), VSHARP_QUIRK_OFFSET_3F_BUG, branch_offset_3f,
	  "LLVM AMDGPU.td FeatureOffset3fBug \"Branch offset of 3f hardware bug\"" },
	{ "SGPR pair read after VALU read", GFX(12), 0, sgpr_pair,
	  "RDNA4 ISA §5.7 \"Data Dependency Resolution\"" },
	{ "LDS direct after VMEM", GFX_RANGE(11, 12), 0, lds_direct_vmem,
	  "RDNA3 and RDNA4 ISA §12.2.1.2; " LLVM_HR " fixLdsDirectVMEMHazard (a VMEM write too)" },
	{ "LDS direct after VALU", GFX_RANGE(11, 12), 0, lds_direct_valu,
	  "RDNA3 and RDNA4 ISA §12.2.1.2 wait_vdst; " LLVM_HR " fixLdsDirectVALUHazard" },
};

/* ---- Recording ------------------------------------------------------------------ */

static void record_vgprs(struct emu_hazards *h, const struct emu_uses *u, uint64_t pc)
{
	const struct emu_vrange *r[2] = { u->vread, u->vwrite };
	unsigned n[2] = { u->n_vread, u->n_vwrite };
	bool valu = u->unit == EMU_UNIT_VALU;

	for (unsigned s = 0; s < 2; s++)
		for (unsigned i = 0; i < n[s]; i++)
			for (unsigned v = r[s][i].first; v < r[s][i].first + r[s][i].count && v < 256; v++) {
				if (valu) {
					h->vgpr_valu_seq[v] = h->seq;
					h->vgpr_valu_ord[v] = h->valus;
				} else {
					h->vgpr_vmem_seq[v] = h->seq;
					h->vgpr_vmem_pc[v] = pc;
				}
			}
}

static void record_pairs(struct emu_hazards *h, const struct emu_uses *u, uint64_t pc)
{
	uint64_t read = sreg_pairs(u->sread), written = sreg_pairs(u->swrite);

	if (u->unit == EMU_UNIT_VALU)
		h->pair_valu_read |= read;
	written &= h->pair_valu_read;
	if (u->unit == EMU_UNIT_SALU)
		h->pair_salu_write |= written;
	else if (u->unit == EMU_UNIT_VALU)
		h->pair_valu_write |= written;
	for (uint64_t left = written; left; left &= left - 1)
		h->pair_write_pc[__builtin_ctzll(left)] = pc;
}

/*
 * The data of a store wider than 64 bits, which the unit reads after issue,
 * unless a MUBUF/MTBUF takes an SGPR offset (Vega ISA §4.5 Table 8).
 */
static struct emu_vrange store_data(enum vsharp_gfx level, const struct emu_insn *in,
				    const struct emu_uses *u)
{
	struct emu_vrange none = { 0, 0 };
	bool sgpr_offset;
	unsigned n;

	if (u->unit != EMU_UNIT_VMEM || in->fmt == EMU_FMT_CACHE)
		return none;
	if (in->fmt == EMU_FMT_GLOBAL)
		return in->op != EMU_OP_GLOBAL_LOAD && in->global_dwords > 2 ?
		       (struct emu_vrange){ (uint16_t)in->vdata, (uint16_t)in->global_dwords } : none;
	sgpr_offset = in->soffset.kind != EMU_OPND_CONST && in->soffset.kind != EMU_OPND_LITERAL &&
		      in->soffset.kind != EMU_OPND_NONE;
	n = emu_vgprs(level, in, EMU_VGPR_DATA);
	if ((in->mem->kind != VSHARP_OP_STORE && in->mem->kind != VSHARP_OP_ATOMIC) || n <= 2 || sgpr_offset)
		return none;
	return (struct emu_vrange){ (uint16_t)in->vdata, (uint16_t)n };
}

static void record(struct emu_hazards *h, uint64_t pc, const struct emu_insn *in,
		   const struct emu_uses *u)
{
	struct emu_issued *e;
	bool mem = u->unit == EMU_UNIT_VMEM || u->unit == EMU_UNIT_DS;
	unsigned type = lbv_type(u);

	h->seq++;
	/* VMEMtoScalarWrite */
	if (mem) {
		h->vmem_sread[0] |= u->sread[0];
		h->vmem_sread[1] |= u->sread[1];
		h->vmem_pc = pc;
	} else if (u->unit == EMU_UNIT_VALU || waitcnt_zero(in) || depctr_zero(in, ISA_DEPCTR_VM_VSRC)) {
		memset(h->vmem_sread, 0, sizeof(h->vmem_sread));
	}
	/* SMEMtoVectorWrite: a SALU other than SOPP ends it, and s_waitcnt lgkmcnt(0). */
	if (u->unit == EMU_UNIT_SMEM) {
		h->smem_sread[0] |= u->sread[0];
		h->smem_sread[1] |= u->sread[1];
		h->smem_pc = pc;
	} else if ((in->fmt != EMU_FMT_SOPP && (u->unit == EMU_UNIT_SALU || u->unit == EMU_UNIT_BRANCH)) ||
		   (in->op == EMU_OP_S_WAITCNT && in->wait == EMU_WAIT_PACKED &&
		    !((uint16_t)in->simm16 >> 8 & 0x3f))) {
		memset(h->smem_sread, 0, sizeof(h->smem_sread));
	}
	/* LdsBranchVmemWAR */
	if (type != LBV_NONE) {
		h->lbv_last = (uint8_t)type;
		h->lbv_branch = false;
		h->lbv_pc = pc;
	} else if (u->unit == EMU_UNIT_BRANCH) {
		h->lbv_branch = true;
	} else if (in->op == EMU_OP_S_WAITCNT && in->wait == EMU_WAIT_VSCNT &&
		   in->dst.kind == EMU_OPND_NULL && !in->simm16) {
		h->lbv_last = LBV_NONE;
	}
	/* GFX12 SGPR pairs */
	if (h->level >= VSHARP_GFX12) {
		if (depctr_zero(in, ISA_DEPCTR_SA_SDST))
			h->pair_salu_write = 0;
		if (depctr_zero(in, ISA_DEPCTR_VA_SDST))
			h->pair_valu_write &= 1ull << VCC_PAIR;
		if (depctr_zero(in, ISA_DEPCTR_VA_VCC))
			h->pair_valu_write &= ~(1ull << VCC_PAIR);
		record_pairs(h, u, pc);
	}
	/* LDS direct and parameter loads */
	if (h->level >= VSHARP_GFX11) {
		if (mem)
			h->drain_seq = h->seq;
		if (u->unit == EMU_UNIT_VALU || waitcnt_zero(in) || depctr_zero(in, ISA_DEPCTR_VM_VSRC) ||
		    (u->unit == EMU_UNIT_LDSDIR && h->level >= VSHARP_GFX12 && !in->wait_vmvsrc))
			h->vm_vsrc_seq = h->seq;
		record_vgprs(h, u, pc);
		if (u->unit == EMU_UNIT_VALU)
			h->valus++;
	}
	/* The history: the oldest entry makes room. */
	if (h->n_hist < EMU_HAZARD_HISTORY)
		h->n_hist++;
	h->newest = (h->newest + 1) % EMU_HAZARD_HISTORY;
	e = &h->hist[h->newest];
	e->u = *u;
	e->pc = pc;
	e->name = in->name;
	e->store_data = store_data(h->level, in, u);
}

_Static_assert(ARRAY_SIZE(rules) <= sizeof(((struct emu_hazards *)0)->rule),
	       "struct emu_hazards has no room for every rule's index");

void emu_hazards_start(struct emu_hazards *h, const struct vsharp_target *target)
{
	size_t keep = offsetof(struct emu_hazards, vgpr_valu_seq);

	memset(h, 0, target->level >= VSHARP_GFX11 ? sizeof(*h) : keep);
	h->level = target->level;
	h->quirks = target->quirks;
	for (size_t i = 0; i < ARRAY_SIZE(rules); i++)
		if ((rules[i].levels >> h->level & 1) && (!rules[i].quirk || (h->quirks & rules[i].quirk)))
			h->rule[h->n_rules++] = (uint8_t)i;
}

void emu_hazards_next(struct emu_hazards *h)
{
	enum vsharp_gfx level = h->level;
	uint32_t quirks = h->quirks;
	uint64_t seq = h->seq, valus = h->valus;
	uint8_t rule[sizeof(h->rule)];
	unsigned n_rules = h->n_rules;

	memcpy(rule, h->rule, sizeof(rule));
	memset(h, 0, offsetof(struct emu_hazards, vgpr_valu_seq));
	h->level = level;
	h->quirks = quirks;
	memcpy(h->rule, rule, sizeof(rule));
	h->n_rules = n_rules;
	/*
	 * The counts go on from the last wave's: every entry it left is at or
	 * below the new drain and VM_VSRC marks, where a cleared entry (0) is
	 * for lds_direct_vmem() and lds_direct_valu().
	 */
	h->seq = h->drain_seq = h->vm_vsrc_seq = seq;
	h->valus = valus;
}

int emu_hazards_step(struct emu_hazards *h, uint64_t pc, const struct emu_insn *in,
		     const struct emu_uses *u, char *msg, size_t n)
{
	struct check c = { h, in, u, pc, msg, n };

	for (unsigned i = 0; i < h->n_rules; i++) {
		const struct rule *r = &rules[h->rule[i]];
		char why[320];

		c.msg = why;
		c.n = sizeof(why);
		if (r->check(&c)) {
			snprintf(msg, n, "%s hazard: %s (%s)", r->name, why, r->source);
			record(h, pc, in, u);
			return 1;
		}
	}
	record(h, pc, in, u);
	return 0;
}
