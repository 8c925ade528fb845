// SPDX-License-Identifier: MIT
/*
 * The emulated GPU's shader core: executes one wave.  Scalar and vector
 * ALU, SMEM loads and GLOBAL memory are done here; every buffer
 * (S_BUFFER_LOAD included) and LDS instruction goes through the reference
 * model (model.h), under the alignment mode and rules of the GPU.
 *
 * The core is strict where silicon is not forgiving (Documentation/emulator.rst,
 * "Strict rules"): before an instruction executes, every register it names
 * must lie in the wave's allocation, hold a value the dispatch or the shader
 * put there, and have no memory result still in flight that a wait has not
 * covered; the lane-mask registers must fit the wave size.
 */
#include <errno.h>
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/float_bits.h"
#include "emu/alu.h"
#include "emu/core.h"
#include "model/bytes.h"

#define SRC_INIT "LLVM AMDGPUUsage, 'Initial Kernel Execution State'"
#define SRC_RSRC1 "LLVM AMDGPUUsage, compute_pgm_rsrc1 GRANULATED_*_COUNT"
#define SRC_WAIT "ISA guide, 'Data Dependency Resolution': the shader must s_waitcnt before using the data"
#define SRC_WAVE "LLVM AMDGPUUsage: wave32 code uses exec_lo/vcc_lo, wave64 code the 64-bit exec/vcc"
#define SRC_SPECIAL "Vega ISA §3.6.2 'SGPR Allocation and storage': VCC in the highest two SGPRs of the allocation, XNACK_MASK below it; LLVM AMDGPUBaseInfo getNumExtraSGPRs"

static bool lane_on(const struct emu_wave *w, unsigned l)
{
	return w->exec >> l & 1;
}

/* The processor the wave runs on: the GPU's, else its level's first. */
static const struct vsharp_target *wave_target(const struct emu_wave *w)
{
	const struct vsharp_target *target = w->gpu->cfg.target;

	return target && target->level == w->level ? target : vsharp_target_of(w->level);
}

static int bad_operand(const struct emu_wave *w, const struct emu_opnd *o, struct vsharp_error *err)
{
	return vsharp_fail(err, -EINVAL, "emu: %s: operand kind %d is not valid here (pc 0x%" PRIx64 ")",
			   vsharp_gfx_name(w->level), o->kind, w->pc);
}

/* ---- Strict register checks ---------------------------------------------- */

static const struct emu_pending *pending_on(const struct emu_wave *w, bool vgpr, unsigned first,
					    unsigned count)
{
	for (unsigned i = 0; i < w->n_pend; i++) {
		const struct emu_pending *p = &w->pend[i];

		if (p->vgpr == vgpr && first < p->first + p->count && p->first < first + count)
			return p;
	}
	return NULL;
}

static int in_flight(struct emu_wave *w, const struct emu_insn *in, const struct emu_pending *p,
		     char file, unsigned first, bool write, struct vsharp_error *err)
{
	unsigned reg = first > p->first ? first : p->first;

	return emu_strict(w, err,
			  "missing wait: %s at pc 0x%" PRIx64 " %s %c%u while the %s at pc 0x%" PRIx64 " that loads it is still counted in %s; on the GPU it %s (%s)",
			  in->name, w->pc, write ? "writes" : "reads", file, reg, p->name, p->pc,
			  w->gpu->facts->cnt_name[p->cnt],
			  write ? "is overwritten when the load lands" : "holds the old value or garbage",
			  SRC_WAIT);
}

static int uninit_sgpr(struct emu_wave *w, const struct emu_insn *in, unsigned r,
		       struct vsharp_error *err)
{
	const struct vsharp_dispatch_state *st = w->dispatch;
	char init[96];

	/* A user SGPR whose COMPUTE_USER_DATA_n the IB never wrote. */
	if (st && r < st->user_sgprs && !(st->user_data_written >> r & 1)) {
		uint32_t reg = VSHARP_COMPUTE_USER_DATA_0 + r;

		return emu_strict(w, err,
				  "uninitialised SGPR: %s at pc 0x%" PRIx64 " reads s%u, which the dispatch (USER_SGPR %u) loaded from %s (0x%x), never written in the job; on the GPU it holds the previous client's value (%s; Mesa si_compute.c: every command buffer rewrites its compute state)",
				  in->name, w->pc, r, st->user_sgprs, vsharp_reg_name(w->level, reg),
				  reg, SRC_INIT);
	}
	emu_init_desc(w, init, sizeof(init));
	return emu_strict(w, err,
			  "uninitialised SGPR: %s at pc 0x%" PRIx64 " reads s%u, which neither the dispatch (%s) nor the shader set; on the GPU it holds the previous wave's value (%s)",
			  in->name, w->pc, r, init, SRC_INIT);
}

static int check_sgprs(struct emu_wave *w, const struct emu_insn *in, unsigned first,
		       unsigned count, bool write, struct vsharp_error *err)
{
	const struct emu_pending *p;

	if (first + count > w->sgprs_alloc)
		return emu_strict(w, err,
				  "SGPR allocation: %s at pc 0x%" PRIx64 " uses s%u, past the %u SGPRs the dispatch allocates (%s)",
				  in->name, w->pc, first + count - 1, w->sgprs_alloc, SRC_RSRC1);
	if (first + count > w->sgprs_alloc - w->sgprs_special)
		return emu_strict(w, err,
				  "SGPR allocation: %s at pc 0x%" PRIx64 " uses s%u, which holds %s: the top %u of the %u SGPRs the dispatch allocates (%s)",
				  in->name, w->pc, first + count - 1,
				  w->sgprs_special > 2 ? "VCC or XNACK_MASK" : "VCC", w->sgprs_special,
				  w->sgprs_alloc, SRC_SPECIAL);
	p = pending_on(w, false, first, count);
	if (p)
		return in_flight(w, in, p, 's', first, write, err);
	for (unsigned r = first; r < first + count; r++) {
		uint64_t bit = 1ull << (r % 64);

		if (write)
			w->sgpr_set[r / 64] |= bit;
		else if (!(w->sgpr_set[r / 64] & bit))
			return uninit_sgpr(w, in, r, err);
	}
	return 0;
}

static int check_vgprs(struct emu_wave *w, const struct emu_insn *in, unsigned first,
		       unsigned count, bool write, struct vsharp_error *err)
{
	const struct emu_pending *p;

	if (!count)
		return 0;
	if (first + count > w->vgprs_alloc)
		return emu_strict(w, err,
				  "VGPR allocation: %s at pc 0x%" PRIx64 " uses v%u, past the %u VGPRs COMPUTE_PGM_RSRC1.VGPRS allocates in wave%u (%s)",
				  in->name, w->pc, first + count - 1, w->vgprs_alloc, w->lanes, SRC_RSRC1);
	p = pending_on(w, true, first, count);
	if (p)
		return in_flight(w, in, p, 'v', first, write, err);
	for (unsigned r = first; r < first + count; r++) {
		if (write) {
			w->vgpr_set[r] |= w->exec;
		} else if (w->exec & ~w->vgpr_set[r]) {
			return emu_strict(w, err,
					  "uninitialised VGPR: %s at pc 0x%" PRIx64 " reads v%u in lanes 0x%" PRIx64 " where neither the dispatch (COMPUTE_PGM_RSRC2.TIDIG_COMP_CNT) nor the shader set it; on the GPU it holds the previous wave's value (%s)",
					  in->name, w->pc, r, w->exec & ~w->vgpr_set[r], SRC_INIT);
		}
	}
	return 0;
}

static int wave_size(struct emu_wave *w, const struct emu_insn *in, const char *reg,
		     struct vsharp_error *err)
{
	return emu_strict(w, err,
			  "wave size: %s at pc 0x%" PRIx64 " uses %s, which is wave%u code, but DISPATCH_INITIATOR.CS_W32_EN runs it in wave%u (%s)",
			  in->name, w->pc, reg, w->lanes == 32 ? 64 : 32, w->lanes, SRC_WAVE);
}

/* m0 and vcc: no dispatch sets them, so a read needs a write first. */
static int check_special(struct emu_wave *w, const struct emu_insn *in, bool *set, const char *reg,
			 bool write, struct vsharp_error *err)
{
	if (write)
		*set = true;
	else if (!*set)
		return emu_strict(w, err, "uninitialised SGPR: %s at pc 0x%" PRIx64 " reads %s before the shader set it (%s)",
				  in->name, w->pc, reg, SRC_INIT);
	return 0;
}

/* One scalar operand of WIDTH dwords, read or written. */
static int check_sopnd(struct emu_wave *w, const struct emu_insn *in, const struct emu_opnd *o,
		       unsigned width, bool write, struct vsharp_error *err)
{
	switch (o->kind) {
	case EMU_OPND_SGPR:
		return check_sgprs(w, in, o->index, width, write, err);
	case EMU_OPND_VGPR:
		return check_vgprs(w, in, o->index, width, write, err);
	case EMU_OPND_TTMP:
		for (unsigned i = o->index; i < o->index + width; i++) {
			if (i >= 16)
				return bad_operand(w, o, err);
			if (write)
				w->ttmp_set |= 1u << i;
			else if (!(w->ttmp_set >> i & 1))
				return emu_strict(w, err,
						  "uninitialised SGPR: %s at pc 0x%" PRIx64 " reads ttmp%u, which only a trap handler or, on GFX12, the work-group id sets (%s)",
						  in->name, w->pc, i, SRC_INIT);
		}
		return 0;
	case EMU_OPND_M0:
		return check_special(w, in, &w->m0_set, "m0", write, err);
	case EMU_OPND_VCC_HI:
		if (w->lanes == 32)
			return wave_size(w, in, "vcc_hi", err);
		/* fall through */
	case EMU_OPND_VCC_LO:
		return check_special(w, in, &w->vcc_set, "vcc", write, err);
	case EMU_OPND_EXEC_HI:
		if (w->lanes == 32)
			return wave_size(w, in, "exec_hi", err);
		return 0;
	case EMU_OPND_EXEC_LO:
		if (w->lanes == 64 && write && width == 1 && w->level >= VSHARP_GFX10)
			return wave_size(w, in, "exec_lo alone", err);
		return 0;
	default:
		return 0;
	}
}

/* Counts an issued memory operation; a register-writing one stays pending until a wait. */
static void issue(struct emu_wave *w, const struct emu_insn *in, enum emu_counter cnt, bool vgpr,
		  unsigned first, unsigned count, bool any_order)
{
	struct emu_pending *p;

	w->issued[cnt]++;
	if (!count)
		return;
	if (w->n_pend == EMU_MAX_PENDING) {
		/* The counter saturates and the wave stalls: the oldest lands first. */
		memmove(&w->pend[0], &w->pend[1], (EMU_MAX_PENDING - 1) * sizeof(w->pend[0]));
		w->n_pend--;
	}
	p = &w->pend[w->n_pend++];
	p->cnt = cnt;
	p->ordinal = w->issued[cnt];
	p->any_order = any_order;
	p->vgpr = vgpr;
	p->first = first;
	p->count = count;
	p->pc = w->pc;
	p->name = in->name;
}

/* The wave waits until at most N operations of CNT are outstanding. */
static void wait_for(struct emu_wave *w, enum emu_counter cnt, uint64_t n)
{
	bool out_of_order = false;
	unsigned k = 0;

	/*
	 * While an SMEM load is counted, the counter decrements out of order
	 * and only a wait for 0 covers anything in it (LLVM SIInsertWaitcnts,
	 * counterOutOfOrder).
	 */
	for (unsigned i = 0; i < w->n_pend; i++)
		out_of_order |= w->pend[i].cnt == cnt && w->pend[i].any_order;
	for (unsigned i = 0; i < w->n_pend; i++) {
		const struct emu_pending *p = &w->pend[i];
		bool done = p->cnt == cnt &&
			    (out_of_order ? n == 0 : p->ordinal + n <= w->issued[cnt]);

		if (!done)
			w->pend[k++] = *p;
	}
	w->n_pend = k;
}

/*
 * s_waitcnt simm16 fields (Vega ISA §4.4 and RDNA ISA SOPP tables):
 * GFX8 vmcnt [3:0] (GCN3 ISA §4.4), GFX9/GFX10 vmcnt [3:0] + [15:14],
 * expcnt [6:4], lgkmcnt [11:8] (GFX10 [13:8]);
 * GFX11 vmcnt [15:10], lgkmcnt [9:4], expcnt [2:0].
 */
static void waitcnt_packed(struct emu_wave *w, uint32_t s)
{
	uint32_t vm, lgkm, exp;

	if (w->level >= VSHARP_GFX11) {
		vm = s >> 10 & 0x3f;
		lgkm = s >> 4 & 0x3f;
		exp = s & 7;
	} else {
		vm = (s & 0xf) | (w->level >= VSHARP_GFX9 ? (s >> 14 & 3) << 4 : 0);
		lgkm = s >> 8 & (w->level >= VSHARP_GFX10 ? 0x3f : 0xf);
		exp = s >> 4 & 7;
	}
	wait_for(w, EMU_CNT_LOAD, vm);
	wait_for(w, EMU_CNT_DS, lgkm);
	wait_for(w, EMU_CNT_EXP, exp);
}

static int exec_wait(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	static const enum emu_counter gfx12[] = {
		[EMU_WAIT_LOADCNT] = EMU_CNT_LOAD, [EMU_WAIT_STORECNT] = EMU_CNT_STORE,
		[EMU_WAIT_DSCNT] = EMU_CNT_DS, [EMU_WAIT_KMCNT] = EMU_CNT_KM,
		[EMU_WAIT_EXPCNT] = EMU_CNT_EXP,
	};
	uint32_t n = (uint16_t)in->simm16;

	switch (in->wait) {
	case EMU_WAIT_PACKED:
		waitcnt_packed(w, n);
		return 0;
	case EMU_WAIT_VSCNT:
		/* The count is SGPR + simm16; vsharp's shaders and LLVM's name null. */
		if (in->dst.kind != EMU_OPND_NULL)
			return vsharp_fail(err, -ENOSYS, "emu: %s: s_waitcnt_vscnt with an SGPR count is not implemented (pc 0x%" PRIx64 ")",
					   vsharp_gfx_name(w->level), w->pc);
		wait_for(w, EMU_CNT_STORE, n);
		return 0;
	default:
		wait_for(w, gfx12[in->wait], n);
		return 0;
	}
}

/* ---- Registers ------------------------------------------------------------ */

static uint32_t sread(const struct emu_wave *w, const struct emu_opnd *o)
{
	switch (o->kind) {
	case EMU_OPND_SGPR: return w->sgpr[o->index];
	case EMU_OPND_TTMP: return w->ttmp[o->index];
	case EMU_OPND_VCC_LO: return w->vcc[0];
	case EMU_OPND_VCC_HI: return w->vcc[1];
	case EMU_OPND_M0: return w->m0;
	case EMU_OPND_EXEC_LO: return (uint32_t)w->exec;
	case EMU_OPND_EXEC_HI: return (uint32_t)(w->exec >> 32);
	case EMU_OPND_CONST:
	case EMU_OPND_FCONST:
	case EMU_OPND_LITERAL: return o->value;
	default: return 0;
	}
}

static int swrite(struct emu_wave *w, const struct emu_opnd *o, uint32_t v, struct vsharp_error *err)
{
	switch (o->kind) {
	case EMU_OPND_SGPR: w->sgpr[o->index] = v; return 0;
	case EMU_OPND_TTMP: w->ttmp[o->index] = v; return 0;
	case EMU_OPND_VCC_LO: w->vcc[0] = v; return 0;
	case EMU_OPND_VCC_HI: w->vcc[1] = v; return 0;
	case EMU_OPND_M0: w->m0 = v; return 0;
	case EMU_OPND_EXEC_LO: w->exec = (w->exec & ~0xffffffffull) | v; return 0;
	case EMU_OPND_EXEC_HI: w->exec = (w->exec & 0xffffffffull) | (uint64_t)v << 32; return 0;
	case EMU_OPND_NULL: return 0;
	default: return bad_operand(w, o, err);
	}
}

/* The high half of a 64-bit scalar operand the decoder accepts: s[n+1], ttmp[n+1], vcc_hi, exec_hi. */
static struct emu_opnd pair_hi(const struct emu_opnd *lo)
{
	struct emu_opnd hi = *lo;

	if (lo->kind == EMU_OPND_VCC_LO)
		hi.kind = EMU_OPND_VCC_HI;
	else if (lo->kind == EMU_OPND_EXEC_LO)
		hi.kind = EMU_OPND_EXEC_HI;
	else
		hi.index++;
	return hi;
}

static uint64_t sread64(const struct emu_wave *w, unsigned first)
{
	return w->sgpr[first] | (uint64_t)w->sgpr[first + 1] << 32;
}

static uint32_t hwreg(const struct emu_wave *w, unsigned id)
{
	/*
	 * HW_ID (GFX6-9, id 4): VM_ID in [23:20]; HW_ID2 (GFX10+, id 24): VM_ID in
	 * [27:24] (gca/gfx_6_0, gfx_7_2, gfx_8_0, gc_9_0 / gc_10_3_0 sh_mask.h).  The other fields stay 0: the
	 * emulator has one SE, SH, CU and SIMD.
	 */
	unsigned vmid = w->gpu->cfg.vmid & 0xf;

	/* MODE is hwreg 1 on every level (LLVM SIDefines.h ID_MODE). */
	if (id == 1)
		return w->mode;
	if (w->level <= VSHARP_GFX9 && id == 4)
		return vmid << 20;
	if (w->level >= VSHARP_GFX10 && id == 24)
		return vmid << 24;
	return 0;
}

/* ---- Operands of emu/alu.h's instructions ------------------------------------ */

/*
 * A scalar source of DW dwords.  For a 64-bit operand the inline constants
 * are 64-bit values, a literal is the high dword of a float and sign-extended
 * for an integer (Vega ISA §6.2.2 "Literal Expansion to 64 bits").
 */
static uint64_t sread_dw(const struct emu_wave *w, const struct emu_opnd *o, unsigned dw, bool f64)
{
	struct emu_opnd hi;

	if (dw < 2)
		return sread(w, o);
	switch (o->kind) {
	case EMU_OPND_CONST:
		return (uint64_t)(int64_t)(int32_t)o->value;
	case EMU_OPND_FCONST:
		return emu_fconst64(o->index);
	case EMU_OPND_LITERAL:
		return f64 ? (uint64_t)o->value << 32 : (uint64_t)(int64_t)(int32_t)o->value;
	default:
		hi = pair_hi(o);
		return sread(w, o) | (uint64_t)sread(w, &hi) << 32;
	}
}

static int swrite_dw(struct emu_wave *w, const struct emu_opnd *o, unsigned dw, uint64_t v,
		     struct vsharp_error *err)
{
	struct emu_opnd hi = pair_hi(o);
	int ret = swrite(w, o, (uint32_t)v, err);

	return ret || dw < 2 ? ret : swrite(w, &hi, (uint32_t)(v >> 32), err);
}

/* The strict checks of a scalar operand of DW dwords, vcc_hi and exec_hi included. */
static int check_sdw(struct emu_wave *w, const struct emu_insn *in, const struct emu_opnd *o,
		     unsigned dw, bool write, struct vsharp_error *err)
{
	struct emu_opnd hi = pair_hi(o);
	int ret = check_sopnd(w, in, o, dw, write, err);

	if (ret || dw < 2 || (o->kind != EMU_OPND_VCC_LO && o->kind != EMU_OPND_EXEC_LO))
		return ret;
	return check_sopnd(w, in, &hi, 1, write, err);
}

/* ---- Scalar ALU of emu/alu.h's table ----------------------------------------- */

static int exec_salu_alu(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	const struct emu_alu *alu = in->alu;
	const struct emu_opnd *src[] = { &in->src0, &in->src1, &in->src2 };
	struct emu_opnd exec = { .kind = EMU_OPND_EXEC_LO };
	struct emu_alu_args a = { .cin = w->scc, .mode = w->mode, .arg = alu->arg, .exec = w->exec };
	unsigned n = in->nsrc, dw = in->dw[0];
	uint64_t mask = dw == 2 ? ~0ull : 0xffffffffull, r;
	int ret;

	for (unsigned i = 0; i < n; i++) {
		if ((ret = check_sdw(w, in, src[i], in->dw[1 + i], false, err)))
			return ret;
		a.s[i] = sread_dw(w, src[i], in->dw[1 + i], false);
	}
	if (alu->flags & EMU_ALU_READS_D) {
		if ((ret = check_sdw(w, in, &in->dst, dw, false, err)))
			return ret;
		a.s[n] = sread_dw(w, &in->dst, dw, false);
	}
	if ((alu->flags & EMU_ALU_SAVEEXEC) && (ret = check_sdw(w, in, &exec, dw, true, err)))
		return ret;
	if (in->dst.kind != EMU_OPND_NONE && (ret = check_sdw(w, in, &in->dst, dw, true, err)))
		return ret;
	if (alu->flags & EMU_ALU_SAVEEXEC) {
		/* "D = EXEC; EXEC = <op>(S0, EXEC); SCC = (EXEC != 0)" (Vega ISA §12.3). */
		uint64_t old = w->exec & mask;

		a.s[1] = old;
		r = alu->fn(&a);
		w->exec = (w->exec & ~mask) | (r & mask);
		w->scc = (w->exec & mask) != 0;
		return swrite_dw(w, &in->dst, dw, old, err);
	}
	r = alu->fn(&a);
	if (alu->flags & EMU_ALU_SCC)
		w->scc = a.cout;
	return in->dst.kind == EMU_OPND_NONE ? 0 : swrite_dw(w, &in->dst, dw, r, err);
}

/* s_cbranch_vccz/vccnz/execz/execnz (Vega ISA §12.5): VCCZ and EXECZ of the wave's size. */
static int exec_cbranch(struct emu_wave *w, const struct emu_insn *in, uint64_t *next,
			struct vsharp_error *err)
{
	struct emu_opnd vcc = { .kind = EMU_OPND_VCC_LO };
	bool on_vcc = in->cond == EMU_COND_VCCZ || in->cond == EMU_COND_VCCNZ;
	uint64_t m = w->exec;
	int ret;

	if (on_vcc) {
		if ((ret = check_sdw(w, in, &vcc, w->lanes / 32, false, err)))
			return ret;
		m = w->vcc[0] | (w->lanes == 64 ? (uint64_t)w->vcc[1] << 32 : 0);
	}
	if ((m == 0) == (in->cond == EMU_COND_VCCZ || in->cond == EMU_COND_EXECZ))
		*next = w->pc + 4 + (int64_t)in->simm16 * 4;
	return 0;
}

/*
 * MODE writes: s_setreg_b32 / s_setreg_imm32_b32 of hwreg(HW_REG_MODE,
 * offset, size) (the decoder takes no other register), GFX10+ s_round_mode
 * (FP_ROUND = SIMM16[3:0]) and s_denorm_mode (FP_DENORM = SIMM16[3:0]).
 */
static int exec_mode(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	uint32_t v, mask;
	int ret;

	if (in->op == EMU_OP_S_MODE) {
		mask = in->cond ? 0xf0 : 0xf;
		v = ((uint32_t)in->simm16 & 0xf) << (in->cond ? 4 : 0);
	} else {
		if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)))
			return ret;
		mask = (uint32_t)(((1ull << in->hwreg_size) - 1) << in->hwreg_offset);
		v = sread(w, &in->src0) << in->hwreg_offset;
	}
	w->mode = (w->mode & ~mask) | (v & mask);
	return 0;
}

/* ---- Scalar ----------------------------------------------------------------- */

/*
 * SOPC (Vega ISA §12.2 "SOPC Instructions"): each relation of enum emu_cmp
 * as the set of outcomes it holds for, bit 0 less, bit 1 equal, bit 2 greater.
 */
static const uint8_t emu_cmp_true[] = {
	[EMU_CMP_EQ] = 2, [EMU_CMP_LG] = 5, [EMU_CMP_GT] = 4,
	[EMU_CMP_GE] = 6, [EMU_CMP_LT] = 1, [EMU_CMP_LE] = 3,
};

static bool scmp(uint8_t cmp, uint32_t a, uint32_t b)
{
	bool less = (cmp & EMU_CMP_SIGNED) ? (int32_t)a < (int32_t)b : a < b;
	unsigned outcome = less ? 0 : a == b ? 1 : 2;

	return emu_cmp_true[cmp & 7] >> outcome & 1;
}

static int exec_salu(struct emu_wave *w, const struct emu_insn *in, uint64_t *next,
		     struct vsharp_error *err)
{
	uint32_t a, b, r;
	uint64_t wide;
	int ret;

	switch (in->op) {
	case EMU_OP_S_MOV_B32:
		if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)) ||
		    (ret = check_sopnd(w, in, &in->dst, 1, true, err)))
			return ret;
		return swrite(w, &in->dst, sread(w, &in->src0), err);
	case EMU_OP_S_CMP:
		if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)) ||
		    (ret = check_sopnd(w, in, &in->src1, 1, false, err)))
			return ret;
		w->scc = scmp(in->cmp, sread(w, &in->src0), sread(w, &in->src1));
		return 0;
	case EMU_OP_S_LSHL_B32:
	case EMU_OP_S_ADD_U32:
	case EMU_OP_S_ADDC_U32:
	case EMU_OP_S_ADD_I32:
		if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)) ||
		    (ret = check_sopnd(w, in, &in->src1, 1, false, err)) ||
		    (ret = check_sopnd(w, in, &in->dst, 1, true, err)))
			return ret;
		a = sread(w, &in->src0);
		b = sread(w, &in->src1);
		if (in->op == EMU_OP_S_LSHL_B32) {
			r = a << (b & 31);
			w->scc = r != 0;
		} else if (in->op == EMU_OP_S_ADD_I32) {
			/* Vega ISA §12.1: SCC = (S0.u[31] == S1.u[31] && S0.u[31] != D.u[31]). */
			r = a + b;
			w->scc = (a >> 31) == (b >> 31) && (a >> 31) != (r >> 31);
		} else {
			wide = (uint64_t)a + b + (in->op == EMU_OP_S_ADDC_U32 && w->scc);
			r = (uint32_t)wide;
			w->scc = wide >> 32;
		}
		return swrite(w, &in->dst, r, err);
	case EMU_OP_S_GETPC_B64: {
		struct emu_opnd hi = pair_hi(&in->dst);

		if ((ret = check_sopnd(w, in, &in->dst, 2, true, err)) ||
		    (ret = check_sopnd(w, in, &hi, 1, true, err)))
			return ret;
		wide = w->pc + 4u * in->words;
		ret = swrite(w, &in->dst, (uint32_t)wide, err);
		return ret ? ret : swrite(w, &hi, (uint32_t)(wide >> 32), err);
	}
	case EMU_OP_S_SETPC_B64: {
		struct emu_opnd hi = pair_hi(&in->src0);

		if ((ret = check_sopnd(w, in, &in->src0, 2, false, err)) ||
		    (ret = check_sopnd(w, in, &hi, 1, false, err)))
			return ret;
		*next = sread(w, &in->src0) | (uint64_t)sread(w, &hi) << 32;
		return 0;
	}
	case EMU_OP_S_GETREG_B32: {
		uint32_t size = in->hwreg_size ? in->hwreg_size : 32;
		uint32_t mask = size >= 32 ? ~0u : (1u << size) - 1;

		ret = check_sopnd(w, in, &in->dst, 1, true, err);
		return ret ? ret : swrite(w, &in->dst, hwreg(w, in->hwreg_id) >> in->hwreg_offset & mask, err);
	}
	case EMU_OP_S_BRANCH:
		*next = w->pc + 4 + (int64_t)in->simm16 * 4;
		return 0;
	case EMU_OP_S_CBRANCH_SCC0:
	case EMU_OP_S_CBRANCH_SCC1:
		/* Vega ISA §12.4: if (SCC == 0 or 1) PC = PC + signext(SIMM16 * 4) + 4. */
		if (w->scc == (in->op == EMU_OP_S_CBRANCH_SCC1))
			*next = w->pc + 4 + (int64_t)in->simm16 * 4;
		return 0;
	case EMU_OP_S_WAITCNT:
		return exec_wait(w, in, err);
	case EMU_OP_S_NOP:
	case EMU_OP_S_DELAY_ALU:
	case EMU_OP_S_WAITCNT_DEPCTR:
		/* Waits on the ALU pipeline, which executes in order here; emu/hazard.c reads them. */
		return 0;
	case EMU_OP_S_VERSION:
		/* RDNA3 ISA, SOPK: "Does nothing (treated as S_NOP)"; SIMM16 is a comment. */
		return 0;
	case EMU_OP_S_SET_INST_PREFETCH_DISTANCE:
		/* RDNA3 ISA, S_SET_INST_PREFETCH_DISTANCE: SIMM16[1:0] lines ahead of the PC (1..3, checked by the decoder). */
		w->prefetch_lines = (uint16_t)in->simm16 & 3;
		return 0;
	case EMU_OP_ALU:
		return exec_salu_alu(w, in, err);
	case EMU_OP_S_CBRANCH:
		return exec_cbranch(w, in, next, err);
	case EMU_OP_S_MODE:
	case EMU_OP_S_SETREG:
		return exec_mode(w, in, err);
	case EMU_OP_S_HINT:
		return 0;
	case EMU_OP_S_BARRIER:
		/* A work-group of one wave has nothing to wait for: the barrier is a no-op. */
		if (w->group_waves > 1)
			return vsharp_fail(err, -ENOSYS, "emu: %s: s_barrier at pc 0x%" PRIx64 " in a work-group of %u waves is not implemented: the emulator runs a work-group's waves one after another",
					   vsharp_gfx_name(w->level), w->pc, w->group_waves);
		return 0;
	case EMU_OP_S_SENDMSG:
		/*
		 * MSG_DEALLOC_VGPRS (the decoder takes no other): RDNA3 ISA §3.3 "the
		 * wave may not reallocate them and the only valid action is to
		 * terminate the wave"; Table 15 "Use only when next instruction is
		 * S_ENDPGM".  The run loop holds the wave to it.
		 */
		w->vgprs_freed_pc = w->pc + 4;
		return 0;
	default:
		return vsharp_fail(err, -ENOSYS, "emu: %s: scalar operation %d not implemented (pc 0x%" PRIx64 ")",
				   vsharp_gfx_name(w->level), in->op, w->pc);
	}
}

/* ---- Vector ALU ------------------------------------------------------------- */

/*
 * v_readfirstlane_b32: "Lane# = FindFirst1fromLSB(exec) (Lane# = 0 if exec
 * is zero)" (Vega ISA, VOP1 opcode 2; the same on every level).
 */
static int exec_readfirstlane(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	unsigned lane = w->exec ? (unsigned)__builtin_ctzll(w->exec) : 0;
	int ret;

	if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)) ||
	    (ret = check_sopnd(w, in, &in->dst, 1, true, err)))
		return ret;
	w->gpu->stats.lane_ops++;
	return swrite(w, &in->dst, w->vgpr[in->src0.index][lane], err);
}

/*
 * VCC of v_add_co_u32 (Vega ISA VOP2 25): "VCC[threadId] = (S0.u + S1.u >=
 * 0x100000000ULL ? 1 : 0)".  The guide's pseudo-code names the active lanes
 * only; the emulator writes 0 to the inactive lanes' bits (its choice,
 * Documentation/emulator.rst).  GFX9 runs wave64 only: vcc_lo and vcc_hi.
 */
static int write_carry(struct emu_wave *w, const struct emu_insn *in, uint64_t carry,
		       struct vsharp_error *err)
{
	struct emu_opnd vcc = { .kind = EMU_OPND_VCC_LO };
	struct emu_opnd hi = { .kind = EMU_OPND_VCC_HI };
	int ret;

	if ((ret = check_sopnd(w, in, &vcc, 1, true, err)) ||
	    (w->lanes == 64 && (ret = check_sopnd(w, in, &hi, 1, true, err))))
		return ret;
	w->vcc[0] = (uint32_t)carry;
	if (w->lanes == 64)
		w->vcc[1] = (uint32_t)(carry >> 32);
	return 0;
}

/* ---- Vector ALU of emu/alu.h's table ----------------------------------------- */

/* The host's rounding mode for FP_ROUND 0-3: nearest even, +inf, -inf, toward zero. */
static const int host_round[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

/*
 * A float source: a denormal flushed to a signed zero unless MODE.FP_DENORM
 * allows input denormals, then ABS, then NEG (Vega ISA §6.2.1, §6.4).
 */
static uint64_t float_in(uint64_t v, bool f64, uint32_t mode, bool abs, bool neg)
{
	uint64_t sign = f64 ? 1ull << 63 : 1ull << 31;
	uint64_t exp = f64 ? 0x7ff0000000000000ull : 0x7f800000ull;

	if (!((f64 ? EMU_MODE_DENORM64(mode) : EMU_MODE_DENORM32(mode)) & 1) && !(v & exp))
		v &= sign;
	if (abs)
		v &= ~sign;
	return neg ? v ^ sign : v;
}

/*
 * A float result: OMOD (1 *2, 2 *4, 3 /2), then CLAMP to [0, 1] (a NaN to 0
 * under MODE.DX10_CLAMP), then a denormal flushed unless FP_DENORM allows
 * output denormals (Vega ISA §6.2.2, §6.4; RDNA3 §3.4.2 Table 6).
 */
static uint64_t float_out(uint64_t v, bool f64, uint32_t mode, unsigned omod, bool clamp)
{
	static const double scale[4] = { 1, 2, 4, 0.5 };
	uint64_t sign = f64 ? 1ull << 63 : 1ull << 31;
	uint64_t exp = f64 ? 0x7ff0000000000000ull : 0x7f800000ull;
	double x;

	if (omod || clamp) {
		if (f64) {
			memcpy(&x, &v, sizeof(x));
		} else {
			x = f32_from_bits((uint32_t)v);
		}
		x *= scale[omod];
		if (clamp)
			x = isnan(x) ? (mode >> 8 & 1 ? 0.0 : x) : x < 0 ? 0.0 : x > 1 ? 1.0 : x;
		if (f64) {
			memcpy(&v, &x, sizeof(v));
		} else {
			v = f32_to_bits((float)x);
		}
	}
	if (!((f64 ? EMU_MODE_DENORM64(mode) : EMU_MODE_DENORM32(mode)) & 2) && !(v & exp))
		v &= sign;
	return v;
}

/*
 * v_readlane_b32 (D = the SGPR, S0 of lane S1) and v_writelane_b32 (lane S1
 * of D = S0): "lane select from SGPR, M0 or inline constant", the lane
 * S1[5:0] (wave32: [4:0]), whatever EXEC holds (Vega ISA VOP3 649-650).
 */
static int exec_lane(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	bool read = in->alu->flags & EMU_ALU_READLANE;
	const struct emu_opnd *v = read ? &in->src0 : &in->dst;
	unsigned lane;
	int ret;

	if ((ret = check_sopnd(w, in, &in->src1, 1, false, err)) ||
	    (!read && (ret = check_sopnd(w, in, &in->src0, 1, false, err))))
		return ret;
	lane = sread(w, &in->src1) & (w->lanes - 1);
	if (v->kind != EMU_OPND_VGPR || v->index >= w->vgprs_alloc)
		return emu_strict(w, err, "VGPR allocation: %s at pc 0x%" PRIx64 " uses v%u, past the %u VGPRs COMPUTE_PGM_RSRC1.VGPRS allocates (%s)",
				  in->name, w->pc, v->index, w->vgprs_alloc, SRC_RSRC1);
	if (pending_on(w, true, v->index, 1))
		return in_flight(w, in, pending_on(w, true, v->index, 1), 'v', v->index, !read, err);
	w->gpu->stats.lane_ops++;
	if (!read) {
		w->vgpr[v->index][lane] = sread(w, &in->src0);
		w->vgpr_set[v->index] |= 1ull << lane;
		return 0;
	}
	if (!(w->vgpr_set[v->index] >> lane & 1))
		return emu_strict(w, err, "uninitialised VGPR: %s at pc 0x%" PRIx64 " reads v%u in lane %u where neither the dispatch nor the shader set it (%s)",
				  in->name, w->pc, v->index, lane, SRC_INIT);
	if ((ret = check_sopnd(w, in, &in->dst, 1, true, err)))
		return ret;
	return swrite(w, &in->dst, w->vgpr[v->index][lane], err);
}

/*
 * The lane source 0 comes from for lane L: DPP16's DPP_CTRL, v_permlane16's
 * lane selects {S2, S1} within the row, v_permlanex16's in the other row
 * (RDNA2 ISA VOP3 887-888), else L.  Negative: invalid, out of range or
 * (without FI) an inactive lane, which BOUND_CTRL turns into 0 or no write.
 */
static int src0_lane(const struct emu_wave *w, const struct emu_insn *in, uint64_t sel, unsigned l)
{
	int src = (int)l;

	if (in->dpp)
		src = emu_dpp_lane(in->dpp_ctrl, l, w->lanes, w->level >= VSHARP_GFX10);
	else if (in->alu->flags & EMU_ALU_PERMLANE)
		src = (int)(((l & ~15u) ^ (in->alu->arg ? 16u : 0)) | (sel >> (4 * (l & 15)) & 15));
	if (src >= (int)w->lanes || (src >= 0 && !(w->exec >> src & 1) && !in->dpp_fi &&
				     (in->dpp || (in->alu->flags & EMU_ALU_PERMLANE))))
		return -1;
	return src;
}

/* DPP16 ROW_MASK and BANK_MASK: whether lane L's destination is written (Vega ISA §13.3.9 Table 80). */
static bool dpp_writes(const struct emu_insn *in, unsigned l)
{
	return !in->dpp || ((in->dpp_row_mask >> (l >> 4) & 1) && (in->dpp_bank_mask >> (l >> 2 & 3) & 1));
}

/* The strict checks of a VGPR read in the lanes of MASK (another lane's, for DPP and permlane). */
static int check_vgpr_lanes(struct emu_wave *w, const struct emu_insn *in, unsigned reg,
			    uint64_t mask, struct vsharp_error *err)
{
	const struct emu_pending *p;

	if (reg >= w->vgprs_alloc)
		return emu_strict(w, err, "VGPR allocation: %s at pc 0x%" PRIx64 " uses v%u, past the %u VGPRs COMPUTE_PGM_RSRC1.VGPRS allocates in wave%u (%s)",
				  in->name, w->pc, reg, w->vgprs_alloc, w->lanes, SRC_RSRC1);
	p = pending_on(w, true, reg, 1);
	if (p)
		return in_flight(w, in, p, 'v', reg, false, err);
	if (mask & ~w->vgpr_set[reg])
		return emu_strict(w, err, "uninitialised VGPR: %s at pc 0x%" PRIx64 " reads v%u in lanes 0x%" PRIx64 " where neither the dispatch nor the shader set it (%s)",
				  in->name, w->pc, reg, mask & ~w->vgpr_set[reg], SRC_INIT);
	return 0;
}

static int exec_valu_alu(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	const struct emu_alu *alu = in->alu;
	const uint16_t fl = alu->flags;
	const struct emu_opnd *src[] = { &in->src0, &in->src1, &in->src2 };
	const struct emu_opnd exec_opnd = { .kind = EMU_OPND_EXEC_LO };
	const uint32_t *row[4][2] = { { NULL } };
	uint64_t sval[4] = { 0 }, exec = w->exec, cin = 0, cout = 0, ops = 0;
	unsigned n = in->nsrc, nin = n + !!(fl & EMU_ALU_READS_D), mw = w->lanes / 32, dw = in->dw[0];
	bool f64in = fl & EMU_ALU_IN_F64, fin = fl & (EMU_ALU_IN_F32 | EMU_ALU_IN_F64);
	bool f64out = fl & EMU_ALU_OUT_F64, fout = fl & (EMU_ALU_OUT_F32 | EMU_ALU_OUT_F64);
	bool cmp = fl & EMU_ALU_CMP, mask_out = (cmp || (fl & EMU_ALU_COUT)) && in->sdst.kind != EMU_OPND_NONE;
	struct emu_alu_args a = { .mode = w->mode, .arg = alu->arg, .exec = exec };
	unsigned round = fout ? (f64out ? EMU_MODE_ROUND64(w->mode) : EMU_MODE_ROUND32(w->mode)) : 0;
	bool cross = in->dpp || (fl & EMU_ALU_PERMLANE);
	uint64_t sel = 0;
	int saved = 0, ret;

	if (fl & (EMU_ALU_READLANE | EMU_ALU_WRITELANE))
		return exec_lane(w, in, err);
	if (cross) {
		uint64_t need = 0;

		if ((fl & EMU_ALU_PERMLANE) &&
		    ((ret = check_sopnd(w, in, &in->src1, 1, false, err)) ||
		     (ret = check_sopnd(w, in, &in->src2, 1, false, err))))
			return ret;
		sel = (fl & EMU_ALU_PERMLANE) ? sread(w, &in->src1) | (uint64_t)sread(w, &in->src2) << 32 : 0;
		for (unsigned l = 0; l < w->lanes; l++) {
			int from = src0_lane(w, in, sel, l);

			if ((exec >> l & 1) && dpp_writes(in, l) && from >= 0)
				need |= 1ull << from;
		}
		if ((ret = check_vgpr_lanes(w, in, in->src0.index, need, err)))
			return ret;
		row[0][0] = w->vgpr[in->src0.index];
	}
	for (unsigned i = cross; i < n; i++) {
		if (src[i]->kind == EMU_OPND_VGPR) {
			if ((ret = check_vgprs(w, in, src[i]->index, in->dw[1 + i], false, err)))
				return ret;
			for (unsigned k = 0; k < in->dw[1 + i]; k++)
				row[i][k] = w->vgpr[(src[i]->index + k) % EMU_MAX_VGPRS];
		} else {
			if ((ret = check_sdw(w, in, src[i], in->dw[1 + i], false, err)))
				return ret;
			sval[i] = sread_dw(w, src[i], in->dw[1 + i], f64in);
		}
	}
	if (fl & EMU_ALU_READS_D) {
		if ((ret = check_vgprs(w, in, in->dst.index, dw, false, err)))
			return ret;
		for (unsigned k = 0; k < dw; k++)
			row[n][k] = w->vgpr[(in->dst.index + k) % EMU_MAX_VGPRS];
	}
	if (fl & EMU_ALU_CIN) {
		if ((ret = check_sdw(w, in, &in->cin, mw, false, err)))
			return ret;
		cin = sread_dw(w, &in->cin, mw, false);
	}
	if (!cmp && (in->dst.kind != EMU_OPND_VGPR ||
		     (ret = check_vgprs(w, in, in->dst.index, dw, true, err))))
		return in->dst.kind != EMU_OPND_VGPR ? bad_operand(w, &in->dst, err) : ret;
	if ((mask_out && (ret = check_sdw(w, in, &in->sdst, mw, true, err))) ||
	    ((fl & EMU_ALU_CMPX) && (ret = check_sdw(w, in, &exec_opnd, mw, true, err))))
		return ret;
	if (round) {
		saved = fegetround();
		fesetround(host_round[round]);
	}
	for (unsigned l = 0; l < w->lanes; l++) {
		int src0 = cross ? src0_lane(w, in, sel, l) : (int)l;
		uint64_t r;

		if (!(exec >> l & 1) || !dpp_writes(in, l) || (src0 < 0 && !in->dpp_bc))
			continue;
		for (unsigned i = 0; i < nin; i++) {
			unsigned at = i ? l : (unsigned)src0;
			uint64_t v = 0;

			/* BOUND_CTRL: an invalid source lane reads 0 (and no register). */
			if (i || src0 >= 0)
				v = row[i][0] ? row[i][0][at] | (row[i][1] ? (uint64_t)row[i][1][at] << 32 : 0) :
				    sval[i];
			a.s[i] = fin ? float_in(v, f64in, w->mode, in->abs >> i & 1, in->neg >> i & 1) : v;
		}
		a.lane = l;
		a.cin = cin >> l & 1;
		a.cout = false;
		r = alu->fn(&a);
		if (fout)
			r = float_out(r, f64out, w->mode, in->omod, in->clamp);
		cout |= (uint64_t)a.cout << l;
		if (!cmp) {
			w->vgpr[in->dst.index][l] = (uint32_t)r;
			if (dw == 2)
				w->vgpr[(in->dst.index + 1) % EMU_MAX_VGPRS][l] = (uint32_t)(r >> 32);
		}
		ops++;
	}
	if (round)
		fesetround(saved);
	w->gpu->stats.lane_ops += ops;
	/*
	 * Compare and carry masks: the guides' pseudo-code writes the active lanes'
	 * bits; the inactive lanes' are 0, the emulator's choice as for v_add_co_u32.
	 */
	if (mask_out && (ret = swrite_dw(w, &in->sdst, mw, cout, err)))
		return ret;
	if (fl & EMU_ALU_CMPX)
		w->exec = cout;
	return 0;
}

/* Whether IN reads v<REG> (a source, or the destination it accumulates into). */
static bool reads_vgpr(const struct emu_insn *in, unsigned reg)
{
	const struct emu_opnd *src[] = { &in->src0, &in->src1, &in->src2 };

	for (unsigned i = 0; i < in->nsrc; i++)
		if (src[i]->kind == EMU_OPND_VGPR && src[i]->index == reg)
			return true;
	return (in->alu->flags & EMU_ALU_READS_D) && in->dst.index == reg;
}

/*
 * VOPD: "The two instructions in the VOPD are executed at the same time
 * ... if one reads a VGPR and the other writes the same VGPR. The 'read'
 * gets the old value" (RDNA3 ISA §7.6): the half that reads the other's
 * destination runs first.
 */
static int exec_vopd(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct emu_insn y;
	bool x_first;
	int ret;

	if (w->lanes == 64)
		return emu_strict(w, err, "VOPD in wave64: %s :: %s at pc 0x%" PRIx64 ": \"This instruction format is legal only for wave32. It must not be used by wave64's. It is skipped for wave64\" (RDNA3 ISA §7.6)",
				  in->name, in->vopd_y.name, w->pc);
	emu_vopd_y(in, &y);
	x_first = reads_vgpr(in, y.dst.index);
	if (x_first && reads_vgpr(&y, in->dst.index))
		return vsharp_fail(err, -ENOSYS, "emu: %s: %s :: %s at pc 0x%" PRIx64 ": VOPD halves that read each other's destination are not implemented",
				   vsharp_gfx_name(w->level), in->name, y.name, w->pc);
	ret = exec_valu_alu(w, x_first ? in : &y, err);
	return ret ? ret : exec_valu_alu(w, x_first ? &y : in, err);
}

static unsigned valu_sources(enum emu_op op)
{
	switch (op) {
	case EMU_OP_V_MOV_B32: return 1;
	case EMU_OP_V_LSHL_ADD_U32: return 3;
	default: return 2;
	}
}

static int exec_valu(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	unsigned n_src = valu_sources(in->op);
	bool two = n_src >= 2, three = n_src == 3;
	/* A scalar operand is the same in every lane: read once; a VGPR one by row. */
	const uint32_t *v0 = in->src0.kind == EMU_OPND_VGPR ? w->vgpr[in->src0.index] : NULL;
	const uint32_t *v1 = in->src1.kind == EMU_OPND_VGPR ? w->vgpr[in->src1.index] : NULL;
	const uint32_t *v2 = in->src2.kind == EMU_OPND_VGPR ? w->vgpr[in->src2.index] : NULL;
	uint32_t s0, s1, s2, *dst;
	uint64_t exec = w->exec, ops = 0, carry = 0;
	unsigned lanes = w->lanes;
	enum emu_op op = in->op;
	int ret;

	if (op == EMU_OP_V_READFIRSTLANE_B32)
		return exec_readfirstlane(w, in, err);
	if (op == EMU_OP_ALU)
		return in->fmt == EMU_FMT_VOPD ? exec_vopd(w, in, err) : exec_valu_alu(w, in, err);
	if ((ret = check_sopnd(w, in, &in->src0, 1, false, err)) ||
	    (two && (ret = check_sopnd(w, in, &in->src1, 1, false, err))) ||
	    (three && (ret = check_sopnd(w, in, &in->src2, 1, false, err))))
		return ret;
	if (in->dst.kind != EMU_OPND_VGPR)
		return bad_operand(w, &in->dst, err);
	ret = check_vgprs(w, in, in->dst.index, 1, true, err);
	if (ret)
		return ret;
	dst = w->vgpr[in->dst.index];
	s0 = v0 ? 0 : sread(w, &in->src0);
	s1 = v1 || !two ? 0 : sread(w, &in->src1);
	s2 = v2 || !three ? 0 : sread(w, &in->src2);
	for (unsigned l = 0; l < lanes; l++) {
		uint32_t a, b = 0, c = 0, r;

		if (!(exec >> l & 1))
			continue;
		a = v0 ? v0[l] : s0;
		if (two)
			b = v1 ? v1[l] : s1;
		if (three)
			c = v2 ? v2[l] : s2;
		switch (op) {
		case EMU_OP_V_MOV_B32: r = a; break;
		case EMU_OP_V_LSHLREV_B32: r = b << (a & 31); break;
		case EMU_OP_V_ADD_U32: r = a + b; break;
		case EMU_OP_V_AND_B32: r = a & b; break;
		/* Vega ISA VOP3 509: "D.u = (S0.u << S1.u[4:0]) + S2.u"; RDNA1-4 the same. */
		case EMU_OP_V_LSHL_ADD_U32: r = (a << (b & 31)) + c; break;
		case EMU_OP_V_ADD_CO_U32:
			r = a + b;
			carry |= (uint64_t)(r < a) << l;
			break;
		default:
			w->gpu->stats.lane_ops += ops;
			return vsharp_fail(err, -ENOSYS, "emu: %s: vector operation %d not implemented (pc 0x%" PRIx64 ")",
					   vsharp_gfx_name(w->level), in->op, w->pc);
		}
		dst[l] = r;
		ops++;
	}
	w->gpu->stats.lane_ops += ops;
	return op == EMU_OP_V_ADD_CO_U32 ? write_carry(w, in, carry, err) : 0;
}

/* ---- Scalar and global memory ------------------------------------------------- */

/* A miss: the search, and the window moved onto the mapping found. */
static uint8_t *window_move(struct vsharp_vm *vm, struct emu_window *win, uint64_t va, uint64_t n,
			    unsigned perms)
{
	uint64_t start, size;
	unsigned mperms;
	uint8_t *p = vsharp_vm_at(vm, va, n, perms);

	if (p && !vsharp_vm_lookup(vm, va, &start, &size, &mperms))
		*win = (struct emu_window){ start, size, p - (va - start), mperms };
	return p;
}

/* Whether [va, va + n) lies in the window's mapping, which allows PERMS. */
static inline bool window_holds(const struct emu_window *win, uint64_t va, uint64_t n,
				unsigned perms)
{
	return va - win->va < win->size && n <= win->size - (va - win->va) &&
	       (win->perms & perms) == perms;
}

/* vsharp_vm_at() through a window on the mapping the last access fell in. */
static inline uint8_t *window_at(struct vsharp_vm *vm, struct emu_window *win, uint64_t va,
				 uint64_t n, unsigned perms)
{
	if (window_holds(win, va, n, perms))
		return win->host + (va - win->va);
	return window_move(vm, win, va, n, perms);
}

/*
 * The host bytes of [lo, hi) when one mapping that allows PERMS holds them
 * all (the wave's data window moved onto it), else NULL.
 */
static uint8_t *wave_span(struct emu_wave *w, uint64_t lo, uint64_t hi, unsigned perms)
{
	if (hi <= lo)
		return NULL;
	if (!window_holds(&w->data, lo, hi - lo, perms) && !window_move(w->vm, &w->data, lo, hi - lo, perms))
		return NULL;
	return window_holds(&w->data, lo, hi - lo, perms) ? w->data.host + (lo - w->data.va) : NULL;
}

/* Whether the instruction at the wave's PC lies in a range the IB gave as copying its own data. */
static bool own_copy(const struct emu_wave *w)
{
	const struct vsharp_gpu *gpu = w->gpu;

	for (unsigned i = 0; i < gpu->n_copy_ranges; i++)
		if (w->pc >= gpu->copy_range[i][0] && w->pc < gpu->copy_range[i][1])
			return true;
	return false;
}

/*
 * The lanes' accesses, each checked against the mapping the last access
 * fell in (moving it on a miss), in lane order: a fault is the first
 * faulting lane's, and a lane's dwords move together.
 */
static int global_lanes(struct emu_wave *w, struct emu_window *win, const uint64_t *va,
			const uint8_t *on, unsigned n_on, unsigned n, bool load, unsigned vdata,
			struct vsharp_error *err)
{
	unsigned perms = load ? VSHARP_VM_READ : VSHARP_VM_WRITE;

	for (unsigned k = 0; k < n_on; k++) {
		unsigned l = on[k];
		uint8_t *p = window_at(w->vm, win, va[k], 4ull * n, perms);

		if (!p)
			return emu_vm_fault(w, va[k], 4 * n, perms, err);
		for (unsigned i = 0; i < n; i++) {
			if (load)
				w->vgpr[vdata + i][l] = (uint32_t)load_le(p + 4 * i, 4);
			else
				store_le(p + 4 * i, 4, w->vgpr[vdata + i][l]);
		}
	}
	return 0;
}

/* The lanes' addresses of a GLOBAL instruction: SADDR + VADDR or the VADDR pair, plus the offset. */
static unsigned global_addrs(const struct emu_wave *w, const struct emu_insn *in, uint64_t *va,
			     uint8_t *on)
{
	uint64_t base = in->has_saddr ? sread64(w, in->saddr) : 0;
	unsigned n_on = 0;

	for (unsigned l = 0; l < w->lanes; l++) {
		const uint32_t *lo = w->vgpr[in->vaddr], *hi = w->vgpr[(in->vaddr + 1) % EMU_MAX_VGPRS];

		if (!(w->exec >> l & 1))
			continue;
		on[n_on] = (uint8_t)l;
		va[n_on++] = (in->has_saddr ? base + lo[l] : lo[l] | (uint64_t)hi[l] << 32) +
			     (uint64_t)(int64_t)in->global_offset;
	}
	return n_on;
}

/*
 * GLOBAL byte and short loads and stores (Vega ISA §12.18 GLOBAL opcodes
 * GLOBAL_LOAD_UBYTE/SBYTE/USHORT/SSHORT, GLOBAL_STORE_BYTE/SHORT): a load
 * zero- or sign-extends into the VGPR, a store writes the low bytes.
 */
static int exec_global_small(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	bool load = in->op == EMU_OP_GLOBAL_LOAD;
	unsigned n = in->global_bytes, perms = load ? VSHARP_VM_READ : VSHARP_VM_WRITE, n_on;
	uint64_t va[EMU_MAX_LANES];
	uint8_t on[EMU_MAX_LANES];
	int ret;

	if ((in->has_saddr && (ret = check_sgprs(w, in, in->saddr, 2, false, err))) ||
	    (ret = check_vgprs(w, in, in->vaddr, in->has_saddr ? 1 : 2, false, err)) ||
	    (ret = check_vgprs(w, in, in->vdata, 1, load, err)))
		return ret;
	n_on = global_addrs(w, in, va, on);
	for (unsigned k = 0; k < n_on; k++) {
		uint8_t *p = window_at(w->vm, &w->data, va[k], n, perms);
		uint32_t v;

		if (!p)
			return emu_vm_fault(w, va[k], n, perms, err);
		if (!load) {
			store_le(p, n, w->vgpr[in->vdata][on[k]]);
			continue;
		}
		v = (uint32_t)load_le(p, n);
		if (in->global_sext)
			v = n == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
		w->vgpr[in->vdata][on[k]] = v;
	}
	w->gpu->stats.lane_ops += n_on;
	if (load)
		issue(w, in, EMU_CNT_LOAD, true, in->vdata, 1, false);
	else
		issue(w, in, w->gpu->facts->store_cnt, true, 0, 0, false);
	return 0;
}

/*
 * GLOBAL atomics: lane by lane in lane order, the memory's value and the
 * data through the model's vsharp_atomic_apply() for the buffer atomic of
 * the same operation (its DATA: the source, then a compare-swap's compare
 * value); with GLC the old value returns to VDST.  A misaligned address is
 * refused: the buffer atomics' alignment rules are the model's, and none
 * is written for GLOBAL.
 */
static int exec_global_atomic(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	const struct vsharp_op *op = in->mem;
	unsigned bytes = op->bytes, dw = bytes / 4, n_on;
	bool ret_data = in->glc || in->th == 1;
	unsigned perms = VSHARP_VM_READ | VSHARP_VM_WRITE;
	uint64_t va[EMU_MAX_LANES];
	uint8_t on[EMU_MAX_LANES];
	int ret;

	if ((in->has_saddr && (ret = check_sgprs(w, in, in->saddr, 2, false, err))) ||
	    (ret = check_vgprs(w, in, in->vaddr, in->has_saddr ? 1 : 2, false, err)) ||
	    (ret = check_vgprs(w, in, in->vdata, in->global_dwords, false, err)) ||
	    (ret_data && (ret = check_vgprs(w, in, in->vdst, dw, true, err))))
		return ret;
	n_on = global_addrs(w, in, va, on);
	for (unsigned k = 0; k < n_on; k++) {
		unsigned l = on[k], d = in->vdata;
		uint64_t src = w->vgpr[d][l], cmp = 0, old;
		uint8_t *p;

		if (va[k] % bytes)
			return vsharp_fail(err, -ENOSYS, "emu: %s: %s at pc 0x%" PRIx64 " lane %u: a misaligned GLOBAL atomic (address 0x%" PRIx64 ") is not implemented",
					   vsharp_gfx_name(w->level), in->name, w->pc, l, va[k]);
		p = window_at(w->vm, &w->data, va[k], bytes, perms);
		if (!p)
			return emu_vm_fault(w, va[k], bytes, perms, err);
		if (dw == 2)
			src |= (uint64_t)w->vgpr[(d + 1) % EMU_MAX_VGPRS][l] << 32;
		if (in->global_dwords > dw) {
			cmp = w->vgpr[(d + dw) % EMU_MAX_VGPRS][l];
			if (dw == 2)
				cmp |= (uint64_t)w->vgpr[(d + 3) % EMU_MAX_VGPRS][l] << 32;
		}
		old = load_le(p, bytes);
		store_le(p, bytes, vsharp_atomic_apply(op->atomic, bytes, old, src, cmp));
		for (unsigned i = 0; ret_data && i < dw; i++)
			w->vgpr[(in->vdst + i) % EMU_MAX_VGPRS][l] = (uint32_t)(old >> (32 * i));
	}
	w->gpu->stats.lane_ops += n_on;
	if (ret_data)
		issue(w, in, EMU_CNT_LOAD, true, in->vdst, dw, false);
	else
		issue(w, in, w->gpu->facts->store_cnt, true, 0, 0, false);
	return 0;
}

static int exec_global(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	bool load = in->op == EMU_OP_GLOBAL_LOAD;
	unsigned n = in->global_dwords, perms = load ? VSHARP_VM_READ : VSHARP_VM_WRITE;
	/*
	 * The lane loops work on copies: a store into the VGPR file could
	 * otherwise alias the instruction and the window for the compiler.
	 */
	unsigned vaddr = in->vaddr, vdata = in->vdata, n_on = 0;
	bool saddr = in->has_saddr;
	uint64_t exec = w->exec, base = 0, lo = UINT64_MAX, hi = 0, va[EMU_MAX_LANES];
	int64_t offset = in->global_offset;
	uint32_t (*vgpr)[EMU_MAX_LANES] = w->vgpr;
	uint8_t on[EMU_MAX_LANES];
	struct emu_window win;
	int ret;

	if ((saddr && (ret = check_sgprs(w, in, in->saddr, 2, false, err))) ||
	    (ret = check_vgprs(w, in, vaddr, saddr ? 1 : 2, false, err)) ||
	    (ret = check_vgprs(w, in, vdata, n, load, err)))
		return ret;
	if (saddr)
		base = sread64(w, in->saddr);
	/* Every address first: a lane's load may overwrite only its own address registers. */
	for (unsigned l = 0; l < w->lanes; l++) {
		uint64_t a;

		if (!(exec >> l & 1))
			continue;
		if (saddr)
			a = base + vgpr[vaddr][l];
		else
			a = vgpr[vaddr][l] | (uint64_t)vgpr[vaddr + 1][l] << 32;
		a += offset;
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
		on[n_on] = (uint8_t)l;
		va[n_on++] = a;
	}
	win = w->data;
	if (n_on && hi - lo < win.size && window_holds(&win, lo, hi - lo + 4ull * n, perms)) {
		/* The whole wave inside the window: nothing can fault or move it. */
		if (!load) {
			for (unsigned k = 0; k < n_on; k++) {
				uint8_t *p = win.host + (va[k] - win.va);
				const uint32_t *reg = &vgpr[vdata][on[k]];

				for (unsigned i = 0; i < n; i++)
					store_le(p + 4 * i, 4, reg[i * EMU_MAX_LANES]);
			}
		} else {
			for (unsigned i = 0; i < n; i++) {
				uint32_t *row = vgpr[vdata + i];

				for (unsigned k = 0; k < n_on; k++)
					row[on[k]] = (uint32_t)load_le(win.host + (va[k] - win.va) + 4 * i, 4);
			}
		}
	} else {
		ret = global_lanes(w, &win, va, on, n_on, n, load, vdata, err);
	}
	w->data = win;
	if (ret)
		return ret;
	if (load)
		issue(w, in, EMU_CNT_LOAD, true, vdata, n, false);
	else
		issue(w, in, w->gpu->facts->store_cnt, true, 0, 0, false);
	return 0;
}

/* ---- Buffer memory through the model ------------------------------------------ */

/* The model's view of the VM: each access checked against the page permissions. */
struct vm_view {
	struct vsharp_vm *vm;
	struct emu_window win;
	bool atomic;
	bool failed;
	uint64_t va;
	unsigned n, perms;
};

static uint8_t *vm_resolve(void *ctx, uint64_t addr, unsigned n, bool write)
{
	struct vm_view *v = ctx;
	unsigned perms = write ? VSHARP_VM_WRITE : VSHARP_VM_READ;
	uint8_t *p;

	if (v->atomic)
		perms = VSHARP_VM_READ | VSHARP_VM_WRITE;
	p = window_at(v->vm, &v->win, addr, n, perms);
	if (!p && !v->failed) {
		v->failed = true;
		v->va = addr;
		v->n = n;
		v->perms = perms;
	}
	return p;
}

/* S_BUFFER_LOAD_*: the V#'s range check and the load through the model. */
static int exec_smem_buffer(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct vm_view view = { .vm = w->vm };
	struct vsharp_memory mem = { 0, NULL, 0, vm_resolve, &view };
	struct vsharp_smem_access a;
	struct vsharp_smem_result r;
	int ret;

	if ((ret = check_sgprs(w, in, in->srsrc, 4, false, err)) ||
	    (ret = check_sopnd(w, in, &in->soffset, 1, false, err)) ||
	    (ret = check_sopnd(w, in, &in->dst, in->smem_dwords, true, err)))
		return ret;
	memset(&a, 0, sizeof(a));
	a.level = w->level;
	a.op = in->mem;
	for (unsigned i = 0; i < 4; i++)
		a.desc[i] = w->sgpr[in->srsrc + i];
	vsharp_emu_mutate_desc(w->level, w->gpu->mutation, a.desc);
	a.ioffset = (int32_t)in->smem_offset;
	a.soffset = in->soffset.kind == EMU_OPND_NONE ? 0 : sread(w, &in->soffset);
	memcpy(a.sdata, &w->sgpr[in->dst.index], 4 * in->smem_dwords);
	a.rules = w->gpu->rules;
	ret = vsharp_smem_check(&a, err);
	if (ret)
		return ret;
	vsharp_smem_load(&a, &mem, &r);
	if (r.fault)
		return emu_vm_fault(w, view.failed ? view.va : r.addr, view.failed ? view.n : 4,
				    VSHARP_VM_READ, err);
	w->gpu->stats.memviols += r.memviol;
	memcpy(&w->sgpr[in->dst.index], r.sdata, 4 * in->smem_dwords);
	issue(w, in, w->gpu->facts->smem_cnt, false, in->dst.index, in->smem_dwords, true);
	return 0;
}

static int exec_smem(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	uint64_t va;
	const uint8_t *p;
	int ret;

	if (in->op == EMU_OP_MEM)
		return exec_smem_buffer(w, in, err);
	if ((ret = check_sgprs(w, in, in->sbase, 2, false, err)) ||
	    (ret = check_sopnd(w, in, &in->soffset, 1, false, err)) ||
	    (ret = check_sopnd(w, in, &in->dst, in->smem_dwords, true, err)))
		return ret;
	/* The immediate is signed (sign-extended by the decoder into 32 bits). */
	va = sread64(w, in->sbase) + (int64_t)(int32_t)in->smem_offset;
	if (in->soffset.kind != EMU_OPND_NONE)
		va += sread(w, &in->soffset);
	p = window_at(w->vm, &w->data, va, 4ull * in->smem_dwords, VSHARP_VM_READ);
	if (!p)
		return emu_vm_fault(w, va, 4 * in->smem_dwords, VSHARP_VM_READ, err);
	for (unsigned i = 0; i < in->smem_dwords; i++)
		w->sgpr[in->dst.index + i] = (uint32_t)load_le(p + 4 * i, 4);
	issue(w, in, w->gpu->facts->smem_cnt, false, in->dst.index, in->smem_dwords, true);
	return 0;
}

static bool op_writes_vgprs(const struct emu_insn *in, bool glc)
{
	switch (in->mem->kind) {
	case VSHARP_OP_LOAD:
		return !in->lds;
	case VSHARP_OP_ATOMIC:
		return glc;
	default:
		return false;
	}
}

/*
 * A buffer load or store of the IB's own data (own_copy()) that the model's
 * plan makes a plain copy in every active lane (vsharp_buffer_plain()), all
 * inside one mapping: the dwords move here, lane by lane in lane order as
 * vsharp_buffer_lane() would move them.  False: nothing was done, and the
 * model runs the instruction (and reports any fault).
 */
static bool copy_buffer(struct emu_wave *w, const struct emu_insn *in, const struct vsharp_buffer_plan *p)
{
	bool load = p->a.op->kind == VSHARP_OP_LOAD;
	unsigned n = p->n_dwords, vdata = in->vdata, n_on = 0;
	uint64_t exec = w->exec, base = p->buf.base + p->a.soffset, lo = UINT64_MAX, hi = 0, mask = 0;
	uint64_t va[EMU_MAX_LANES];
	uint32_t max_offset = 0, (*vgpr)[EMU_MAX_LANES] = w->vgpr;
	uint8_t on[EMU_MAX_LANES], *host;

	for (unsigned l = 0; l < w->lanes; l++) {
		uint32_t offset = (in->offen ? vgpr[in->vaddr][l] : 0) + p->a.ioffset;
		uint64_t a = base + offset;

		if (!(exec >> l & 1))
			continue;
		max_offset = offset > max_offset ? offset : max_offset;
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
		mask |= a;
		on[n_on] = (uint8_t)l;
		va[n_on++] = a;
	}
	if (!n_on || !vsharp_buffer_plain(p, max_offset, mask))
		return false;
	host = wave_span(w, lo, hi + 4ull * n, load ? VSHARP_VM_READ : VSHARP_VM_WRITE);
	if (!host)
		return false;
	/*
	 * Loads register by register (each lane writes only its own column);
	 * stores lane by lane: where lanes overlap, the later lane's bytes stay.
	 */
	if (load) {
		for (unsigned i = 0; i < n; i++) {
			uint32_t *row = vgpr[vdata + i];

			for (unsigned k = 0; k < n_on; k++)
				row[on[k]] = (uint32_t)load_le(host + (va[k] - lo) + 4 * i, 4);
		}
	} else {
		for (unsigned k = 0; k < n_on; k++) {
			uint8_t *at = host + (va[k] - lo);
			const uint32_t *reg = &vgpr[vdata][on[k]];

			for (unsigned i = 0; i < n; i++)
				store_le(at + 4 * i, 4, reg[i * EMU_MAX_LANES]);
		}
	}
	w->gpu->stats.lane_ops += n_on;
	return true;
}

static int exec_buffer(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct vsharp_gpu *gpu = w->gpu;
	const struct vsharp_op *op = in->mem;
	struct vm_view view = { .vm = w->vm, .atomic = op->kind == VSHARP_OP_ATOMIC };
	struct vsharp_memory mem = { 0, NULL, 0, vm_resolve, &view };
	unsigned n_addr = in->addr64 ? 2 : in->idxen + in->offen;
	unsigned n_data = emu_vgprs(w->level, in, EMU_VGPR_DATA);
	bool reads_data = op->kind == VSHARP_OP_STORE || op->kind == VSHARP_OP_ATOMIC;
	bool uses_m0 = in->lds || op->kind == VSHARP_OP_LOAD_LDS;
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	bool writes, copied;
	int ret;

	memset(&a, 0, sizeof(a));
	a.glc = in->glc || in->th == 1;
	writes = op_writes_vgprs(in, a.glc);
	if ((ret = check_sgprs(w, in, in->srsrc, 4, false, err)) ||
	    (ret = check_sopnd(w, in, &in->soffset, 1, false, err)) ||
	    (uses_m0 && (ret = check_sopnd(w, in, &(struct emu_opnd){ .kind = EMU_OPND_M0 }, 1, false, err))) ||
	    (ret = check_vgprs(w, in, in->vaddr, n_addr, false, err)) ||
	    (reads_data && (ret = check_vgprs(w, in, in->vdata, n_data, false, err))) ||
	    (writes && (ret = check_vgprs(w, in, in->vdata, n_data, true, err))))
		return ret;

	a.level = w->level;
	a.target = gpu->cfg.target;
	a.op = op;
	for (unsigned i = 0; i < 4; i++)
		a.desc[i] = w->sgpr[in->srsrc + i];
	vsharp_emu_mutate_desc(w->level, gpu->mutation, a.desc);
	a.idxen = in->idxen;
	a.offen = in->offen;
	a.addr64 = in->addr64;
	a.tfe = in->tfe;
	a.lds = in->lds;
	a.soffset = sread(w, &in->soffset);
	a.ioffset = in->offset;
	a.m0 = w->m0;
	a.tformat = in->tformat;
	a.align = gpu->cfg.align;
	a.rules = gpu->rules;
	ret = vsharp_buffer_plan(&a, &p, err);
	if (ret)
		return ret;
	copied = own_copy(w) && copy_buffer(w, in, &p);
	for (unsigned l = 0; l < w->lanes && !copied; l++) {
		struct vsharp_lane_in li;
		struct vsharp_lane_out lo;
		unsigned v = in->vaddr;

		if (!lane_on(w, l))
			continue;
		memset(&li, 0, sizeof(li));
		li.lane = l;
		if (in->addr64)
			li.vaddr64 = w->vgpr[v][l] | (uint64_t)w->vgpr[(v + 1) % EMU_MAX_VGPRS][l] << 32;
		if (in->idxen)
			li.vindex = w->vgpr[v++][l];
		if (in->offen)
			li.voffset = w->vgpr[v][l];
		for (unsigned k = 0; k < 8 && in->vdata + k < EMU_MAX_VGPRS; k++)
			li.data[k] = w->vgpr[in->vdata + k][l];
		memcpy(li.vdst, li.data, sizeof(li.vdst));
		vsharp_buffer_lane(&p, &li, &mem, &w->lds, &lo);
		if (lo.fault)
			return emu_vm_fault(w, view.failed ? view.va : lo.addr, view.failed ? view.n : p.bytes,
					    view.failed ? view.perms : VSHARP_VM_READ, err);
		gpu->stats.memviols += lo.memviol;
		for (unsigned k = 0; k < lo.n_vdst && in->vdata + k < w->vgprs_alloc; k++)
			w->vgpr[in->vdata + k][l] = lo.vdst[k];
		gpu->stats.lane_ops++;
	}
	if (writes)
		issue(w, in, EMU_CNT_LOAD, true, in->vdata, n_data, false);
	else
		issue(w, in, op->kind == VSHARP_OP_STORE ? gpu->facts->store_cnt : EMU_CNT_LOAD, true,
		      0, 0, false);
	return 0;
}

/*
 * LDS direct and parameter loads are pixel-wave instructions (RDNA3/RDNA4
 * ISA §12.2), supported in CU mode only (§2.3, §12.2.1, §12.4).  In a
 * compute wave a parameter load waits for STATUS.LDS_PARAM_RDY, a bit for
 * pixel shaders only (§3.4.1 Table 5): the wave never issues it and the
 * queue hangs.  A direct load has no documented result there.  An IB that
 * wants the pixel-wave semantics says so (VSHARP_GPU_NOP_PIXEL_LDS).
 */
static int check_pixel_wave(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	const char *guide = w->level == VSHARP_GFX11 ? "RDNA3 ISA" : "RDNA4 ISA";
	const char *ps_only = w->level == VSHARP_GFX11 ? "PS shaders only" : "Pixel shaders only";
	char where[160];

	snprintf(where, sizeof(where), "%s at pc 0x%" PRIx64 " in the wave of work-group (%u,%u,%u) from thread %u",
		 in->name, w->pc, w->group[0], w->group[1], w->group[2], w->first_thread);
	if (w->wgp_mode)
		return emu_strict(w, err,
				  "WGP mode: %s: COMPUTE_PGM_RSRC1.WGP_MODE is 1, and LDS direct and parameter loads are \"not supported in WGP mode\" (%s §2.3; CU mode only, §12.2.1, §12.4)",
				  where, guide);
	if (w->gpu->pixel_lds)
		return 0;
	if (in->mem->ds_addr == VSHARP_DS_PARAM) {
		w->gpu->outcome = VSHARP_GPU_HANG;
		return vsharp_fail(err, -ETIME,
				   "strict: pixel-wave instruction: %s, a compute wave: a wave that issues it before STATUS.LDS_PARAM_RDY (\"%s\") is set \"stalls until the bit is set\" (%s §3.4.1 Table 5, §12.2): the queue hangs",
				   where, ps_only, guide);
	}
	return emu_strict(w, err,
			  "pixel-wave instruction: %s, a compute wave: %s defines it for pixel waves only (§12.2, §12.4) and gives a compute wave no result",
			  where, guide);
}

/*
 * A DS load or store of the IB's own data (own_copy()) that the model makes
 * a plain copy (vsharp_ds_plain()) with every active lane's addresses
 * aligned and inside its limit: the bytes move here, lane by lane in lane
 * order as ds_lanes() would move them.  False: nothing was done, and the
 * model runs the instruction.
 */
static bool copy_ds(struct emu_wave *w, const struct emu_insn *in, const struct vsharp_ds_access *a)
{
	bool load = a->op->kind == VSHARP_OP_LOAD;
	uint32_t (*vgpr)[EMU_MAX_LANES] = w->vgpr, *addr = vgpr[in->ds_addr], at[2][EMU_MAX_LANES];
	uint64_t exec = w->exec;
	unsigned alloc = w->vgprs_alloc, n_on = 0;
	uint8_t on[EMU_MAX_LANES];
	unsigned n_addr, dwords, first[2] = { in->data0, in->data1 };
	uint8_t *lds = w->lds.bytes;
	struct vsharp_ds_plain c;

	if (!vsharp_ds_plain(a, &w->lds, &c))
		return false;
	n_addr = c.n_addr;
	dwords = c.bytes / 4;
	/* Every address first: a load may overwrite its own ADDR. */
	for (unsigned l = 0; l < w->lanes; l++) {
		if (!(exec >> l & 1))
			continue;
		for (unsigned k = 0; k < n_addr; k++) {
			uint64_t end = (uint64_t)addr[l] + c.offset[k];

			if (end % c.align || end + c.bytes > c.limit)
				return false;
			at[k][n_on] = (uint32_t)end;
		}
		on[n_on++] = (uint8_t)l;
	}
	/*
	 * Stores lane by lane, as the model: where lanes overlap, the later
	 * lane's bytes stay.  The copies' loops read locals only: a store into
	 * LDS or a VGPR could alias C and the wave for the compiler.
	 */
	for (unsigned j = 0; j < n_on && !load; j++) {
		const uint32_t *lane = &vgpr[0][on[j]];

		for (unsigned k = 0; k < n_addr; k++) {
			uint8_t *p = lds + at[k][j];

			for (unsigned i = 0; i < dwords; i++)
				store_le(p + 4 * i, 4, lane[(first[k] + i) % EMU_MAX_VGPRS * EMU_MAX_LANES]);
		}
	}
	/* Loads register by register: each lane writes only its own column. */
	for (unsigned k = 0; k < n_addr && load; k++) {
		for (unsigned i = 0; i < dwords; i++) {
			unsigned reg = in->vdst + k * dwords + i;
			uint32_t *row = vgpr[reg % EMU_MAX_VGPRS];

			for (unsigned j = 0; j < n_on && reg < alloc; j++)
				row[on[j]] = (uint32_t)load_le(lds + at[k][j] + 4 * i, 4);
		}
	}
	w->gpu->stats.lane_ops += n_on;
	return true;
}

static int exec_ds(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct vsharp_gpu *gpu = w->gpu;
	unsigned n_addr = emu_vgprs(w->level, in, EMU_VGPR_ADDR);
	unsigned n_data = emu_vgprs(w->level, in, EMU_VGPR_DATA);
	unsigned n_data1 = emu_vgprs(w->level, in, EMU_VGPR_DATA1);
	unsigned n_dst = emu_vgprs(w->level, in, EMU_VGPR_DST);
	/*
	 * M0 limits DS addresses where the lds_m0_clamp rule says so (GFX6-10
	 * by default; LLVM's ldsRequiresM0Init() and ACO initialise it only
	 * before GFX9, Documentation/emulator.rst "Compiler ISA"), carries the
	 * ADDTID base everywhere, the append/consume counter's up to GFX11 and
	 * the LDS direct and parameter loads' address.
	 */
	bool uses_m0 = (w->level < VSHARP_GFX11 &&
			w->gpu->rules.choice[VSHARP_RULE_LDS_M0_CLAMP] == VSHARP_LDS_M0_CLAMP) ||
		       in->mem->ds_addr == VSHARP_DS_ADDTID ||
		       (in->mem->ds_addr == VSHARP_DS_APPEND && w->level <= VSHARP_GFX11) ||
		       in->fmt == EMU_FMT_LDSDIR;
	struct vsharp_ds_lane_in li[64];
	struct vsharp_ds_lane_out lo[64];
	struct vsharp_ds_access a;
	/* Copies for the lane loops: stores into them alias nothing the loops read. */
	unsigned lanes = w->lanes, alloc = w->vgprs_alloc, first_dst = in->vdst;
	uint64_t exec = w->exec, memviols = 0, ops = 0;
	uint32_t *addr = w->vgpr[in->ds_addr], *data0[4], *data1[8], *vdst[4];
	int ret;

	if ((in->fmt == EMU_FMT_LDSDIR && (ret = check_pixel_wave(w, in, err))) ||
	    (uses_m0 && (ret = check_sopnd(w, in, &(struct emu_opnd){ .kind = EMU_OPND_M0 }, 1, false, err))) ||
	    (ret = check_vgprs(w, in, in->ds_addr, n_addr, false, err)) ||
	    (ret = check_vgprs(w, in, in->data0, n_data, false, err)) ||
	    (ret = check_vgprs(w, in, in->data1, n_data1, false, err)) ||
	    (ret = check_vgprs(w, in, in->vdst, n_dst, true, err)))
		return ret;
	memset(&a, 0, sizeof(a));
	a.level = w->level;
	a.op = in->mem;
	a.offset0 = in->offset0;
	a.offset1 = in->offset1;
	a.attr = in->attr;
	a.attr_chan = in->attr_chan;
	a.m0 = w->m0;
	a.align = gpu->cfg.align;
	a.rules = gpu->rules;
	a.target = wave_target(w);
	a.wgp = w->wgp_mode;
	ret = vsharp_ds_check(&a, err);
	if (ret)
		return ret;
	if (own_copy(w) && copy_ds(w, in, &a)) {
		issue(w, in, gpu->facts->ds_cnt, true, in->vdst, n_dst, false);
		return 0;
	}
	/*
	 * The whole wave at once: swizzle and permute read other lanes'
	 * registers.  Every member of a lane's input is written (no memset);
	 * each register's row is found once.
	 */
	for (unsigned k = 0; k < 4; k++) {
		data0[k] = w->vgpr[(in->data0 + k) % EMU_MAX_VGPRS];
		vdst[k] = w->vgpr[(in->vdst + k) % EMU_MAX_VGPRS];
	}
	for (unsigned k = 0; k < 8; k++)
		data1[k] = w->vgpr[(in->data1 + k) % EMU_MAX_VGPRS];
	for (unsigned l = 0; l < lanes; l++) {
		li[l].lane = l;
		li[l].vaddr = addr[l];
		for (unsigned k = 0; k < 4; k++) {
			li[l].data0[k] = data0[k][l];
			li[l].vdst[k] = vdst[k][l];
		}
		for (unsigned k = 0; k < 8; k++)
			li[l].data1[k] = data1[k][l];
	}
	vsharp_ds_wave(&a, li, lanes, exec, &w->lds, lo);
	for (unsigned l = 0; l < lanes; l++)
		if ((exec >> l & 1) && lo[l].unreliable)
			return emu_strict(w, err,
					  "LDS misaligned in WGP mode: %s at pc 0x%" PRIx64 " lane %u: a multi-dword access not naturally aligned, in WGP mode on %s, is unreliable (LLVM AMDGPU.td FeatureLdsMisalignedBug, GCNSubtarget hasLDSMisalignedBug)",
					  in->name, w->pc, l, a.target->name);
	for (unsigned l = 0; l < lanes; l++) {
		/* LDS direct and parameter loads also write the rest of an active quad. */
		if (!(exec >> l & 1) && !lo[l].n_vdst)
			continue;
		memviols += lo[l].memviol;
		for (unsigned k = 0; k < lo[l].n_vdst && first_dst + k < alloc; k++)
			w->vgpr[first_dst + k][l] = lo[l].vdst[k];
		/* The BVH stack ops write their new stack address back to ADDR. */
		if (lo[l].addr_written)
			addr[l] = lo[l].new_addr;
		ops++;
	}
	gpu->stats.memviols += memviols;
	gpu->stats.lane_ops += ops;
	/* LDS direct and parameter loads count in EXPcnt (R3, R4 §12.2.1.2). */
	issue(w, in, in->fmt == EMU_FMT_LDSDIR ? EMU_CNT_EXP : gpu->facts->ds_cnt, true, in->vdst,
	      n_dst, false);
	/* The BVH stack ops' new ADDR returns with VDST: the same wait covers both. */
	if (in->mem->kind == VSHARP_OP_STACK && w->n_pend && w->n_pend < EMU_MAX_PENDING) {
		w->pend[w->n_pend] = w->pend[w->n_pend - 1];
		w->pend[w->n_pend].first = in->ds_addr;
		w->pend[w->n_pend++].count = 1;
	}
	return 0;
}

/* ---- Fetch and execute ------------------------------------------------------ */

/*
 * The bytes the SQ fetches for the instruction at PC: the instruction, and
 * from GFX10 the prefetch lines past it (Mesa ac_binary.c
 * ac_align_shader_binary_for_prefetch: "Crossing a page boundary to an
 * unmapped page ... will fault").
 */
static int fetch(struct emu_wave *w, const struct emu_insn **insn, const struct emu_uses **uses,
		 struct vsharp_error *err)
{
	const struct emu_level *f = w->gpu->facts;
	uint32_t words[3] = { 0, 0, 0 };
	uint64_t start, size, end, bad;
	const struct emu_insn *in;
	struct emu_decoded *slot;
	unsigned avail;
	const uint8_t *code;
	int ret;

	if (w->pc % 4 || !(code = window_at(w->vm, &w->code, w->pc, 4, VSHARP_VM_EXEC)))
		return emu_vm_fault(w, w->pc, 4, VSHARP_VM_EXEC, err);
	start = w->code.va;
	size = w->code.size;
	avail = (unsigned)((start + size - w->pc) / 4);
	for (unsigned i = 0; i < 3 && i < avail; i++)
		words[i] = (uint32_t)load_le(code + 4 * i, 4);
	slot = &w->gpu->decoded[w->pc / 4 % EMU_DECODED_SLOTS];
	/* The slot's instruction is used in place: nothing fetches again before it has run. */
	if (!slot->n || slot->n != (avail < 3 ? avail : 3) || slot->pc != w->pc ||
	    slot->level != w->level || memcmp(slot->words, words, sizeof(words))) {
		struct emu_insn decoded;

		/* The processor's encoding (gfx810's packed D16 registers), else the level's first. */
		ret = emu_decode_target(wave_target(w), words, avail < 3 ? avail : 3, &decoded, err);
		if (ret)
			return ret;
		*slot = (struct emu_decoded){ w->pc, w->level, avail < 3 ? avail : 3,
					      { words[0], words[1], words[2] }, decoded, { 0 } };
		emu_insn_uses(w->level, &slot->insn, &slot->uses);
	}
	in = &slot->insn;
	*insn = in;
	*uses = &slot->uses;
	end = w->pc + 4u * in->words + 64u * w->prefetch_lines;
	end = (end + f->prefetch_align - 1) & ~(uint64_t)(f->prefetch_align - 1);
	if (!w->prefetch_lines)
		end = w->pc + 4u * in->words;
	if (end > start + size && vsharp_vm_check(w->vm, w->pc, end - w->pc, VSHARP_VM_EXEC, &bad)) {
		size_t len;

		ret = emu_vm_fault(w, bad, (unsigned)(end - bad), VSHARP_VM_EXEC, err);
		len = err ? strlen(err->msg) : 0;
		if (err && len < sizeof(err->msg))
			snprintf(err->msg + len, sizeof(err->msg) - len,
				 "; instruction prefetch past %s at 0x%" PRIx64 ": pad code by %u lines (Mesa ac_align_shader_binary_for_prefetch)",
				 in->name, w->pc, w->prefetch_lines);
		return ret;
	}
	return 0;
}

int emu_wave_run(struct emu_wave *w, struct vsharp_error *err)
{
	uint64_t limit = w->gpu->cfg.max_wave_instructions;

	if (w->hazards_go_on)
		emu_hazards_next(&w->hazards);
	else
		emu_hazards_start(&w->hazards, wave_target(w));
	w->prefetch_lines = w->gpu->facts->prefetch_lines;
	w->vgprs_freed_pc = 0;
	w->sgprs_special = w->level > VSHARP_GFX9 ? 0 :
			   2 + (wave_target(w)->quirks & VSHARP_QUIRK_XNACK ? 2 : 0);
	if (w->sgprs_special > w->sgprs_alloc)
		w->sgprs_special = w->sgprs_alloc;
	for (uint64_t count = 0; count < limit; count++) {
		const struct emu_insn *in = NULL;
		const struct emu_uses *uses = NULL;
		char hazard[512];
		uint64_t next;
		int ret;

		if (w->gpu->ib_instructions++ >= w->gpu->cfg.max_ib_instructions) {
			w->gpu->outcome = VSHARP_GPU_HANG;
			return vsharp_fail(err, -ETIME, "emu: %s: the IB did not finish within %" PRIu64 " instructions: the queue hangs",
					   vsharp_gfx_name(w->level), w->gpu->cfg.max_ib_instructions);
		}
		ret = fetch(w, &in, &uses, err);
		if (ret)
			return ret;
		if (emu_hazards_step(&w->hazards, w->pc, in, uses, hazard, sizeof(hazard)))
			return emu_strict(w, err, "%s", hazard);
		w->gpu->stats.instructions++;
		next = w->pc + 4u * in->words;
		if (w->vgprs_freed_pc && in->op != EMU_OP_S_ENDPGM)
			return emu_strict(w, err, "VGPRs deallocated: %s at pc 0x%" PRIx64 " follows s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) at pc 0x%" PRIx64 " (RDNA3 ISA Table 15: \"Use only when next instruction is S_ENDPGM\")",
					  in->name, w->pc, w->vgprs_freed_pc - 4);
		switch (in->fmt) {
		case EMU_FMT_SOP1:
		case EMU_FMT_SOP2:
		case EMU_FMT_SOPK:
		case EMU_FMT_SOPP:
		case EMU_FMT_SOPC:
			if (in->op == EMU_OP_S_ENDPGM)
				return 0;
			if (in->op == EMU_OP_S_CODE_END)
				return emu_strict(w, err, "code end: the wave ran into s_code_end at 0x%" PRIx64 " (padding after the program, never executed; LLVM AMDGPUUsage)",
						  w->pc);
			ret = exec_salu(w, in, &next, err);
			break;
		case EMU_FMT_SMEM:
			ret = exec_smem(w, in, err);
			break;
		case EMU_FMT_VOP1:
		case EMU_FMT_VOP2:
		case EMU_FMT_VOP3:
		case EMU_FMT_VOPC:
		case EMU_FMT_VOPD:
			ret = exec_valu(w, in, err);
			break;
		case EMU_FMT_GLOBAL:
			ret = in->op == EMU_OP_GLOBAL_ATOMIC ? exec_global_atomic(w, in, err) :
			      in->global_bytes ? exec_global_small(w, in, err) : exec_global(w, in, err);
			break;
		case EMU_FMT_MUBUF:
		case EMU_FMT_MTBUF:
			ret = exec_buffer(w, in, err);
			break;
		case EMU_FMT_DS:
		case EMU_FMT_LDSDIR:
			ret = exec_ds(w, in, err);
			break;
		case EMU_FMT_CACHE:
			ret = 0;
			break;
		default:
			ret = vsharp_fail(err, -ENOSYS, "emu: %s: format %d not implemented", vsharp_gfx_name(w->level),
					  in->fmt);
		}
		if (ret)
			return ret;
		w->pc = next;
	}
	w->gpu->outcome = VSHARP_GPU_HANG;
	return vsharp_fail(err, -ETIME, "emu: %s: wave did not reach s_endpgm within %" PRIu64 " instructions: the queue hangs",
			   vsharp_gfx_name(w->level), limit);
}
