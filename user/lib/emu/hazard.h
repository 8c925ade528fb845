/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_HAZARD_H
#define VSHARP_LIB_EMU_HAZARD_H

/*
 * Instruction hazards: the dependencies the hardware does not check, which
 * the shader must resolve with wait states (s_nop or other instructions),
 * s_waitcnt_depctr / s_wait_alu, or instruction fields, per level and per
 * processor (Documentation/emulator.rst, "Hazards").  The checker sees the
 * instructions in issue order: the shader core feeds it each executed
 * instruction, `vsharp disasm --hazards` a listing in address order.
 */
#include <stdbool.h>
#include <stdint.h>

#include "emu/uses.h"
#include "vsharp/gfx.h"

/* Instructions remembered: the longest distance rule is 5 wait states, at least one per instruction. */
#define EMU_HAZARD_HISTORY 8

struct emu_issued {
	struct emu_uses u;
	uint64_t pc;
	const char *name;
	struct emu_vrange store_data;	/* a store's data held past issue (count 0: none) */
	bool buffer_smem;		/* S_BUFFER_LOAD */
};

struct emu_hazards {
	enum vsharp_gfx level;
	uint32_t quirks;		/* the processor's enum vsharp_target_quirk */
	uint64_t seq;			/* instructions issued */
	/* A ring: hist[newest] is the newest, n_hist of them remembered. */
	struct emu_issued hist[EMU_HAZARD_HISTORY];
	unsigned n_hist, newest;
	/* The rules of the processor (indices into hazard.c's table), picked at the start. */
	uint8_t rule[16];
	unsigned n_rules;
	/* VMEMtoScalarWrite: scalar registers a VMEM, GLOBAL or DS read since the last expiry. */
	uint64_t vmem_sread[2];
	uint64_t vmem_pc;
	/* SMEMtoVectorWrite: scalar registers an SMEM read since the last expiry. */
	uint64_t smem_sread[2];
	uint64_t smem_pc;
	/* LdsBranchVmemWAR: the last DS (1) or VMEM (2), and a branch since. */
	uint8_t lbv_last;
	bool lbv_branch;
	uint64_t lbv_pc;
	/* GFX12 SGPR pairs (bit per pair s[2k:2k+1], VCC is pair 53). */
	uint64_t pair_valu_read, pair_salu_write, pair_valu_write;
	uint64_t pair_write_pc[54];
	/* LDS direct and parameter loads (GFX11+). */
	uint64_t valus;			/* VALUs issued */
	uint64_t drain_seq;		/* the last VMEM, GLOBAL or DS: va_vdst is 0 after it */
	uint64_t vm_vsrc_seq;		/* the last instruction that waited for VMEM sources */
	uint64_t vgpr_valu_seq[256], vgpr_valu_ord[256], vgpr_vmem_seq[256];
	uint64_t vgpr_vmem_pc[256];
};

void emu_hazards_start(struct emu_hazards *h, const struct vsharp_target *target);
/*
 * The next wave on a tracker emu_hazards_start() set up for the same
 * processor: the same as a start, except that the per-VGPR entries of the
 * earlier waves stay where they are (8 KiB not cleared per wave), each an
 * instruction before the new wave's first, which the rules read as none.
 */
void emu_hazards_next(struct emu_hazards *h);

/*
 * Checks the instruction at PC against every rule of the processor, then
 * records it.  Returns 0, or 1 with "RULE: what happened; the fix (source)"
 * in MSG.
 */
int emu_hazards_step(struct emu_hazards *h, uint64_t pc, const struct emu_insn *in,
		     const struct emu_uses *u, char *msg, size_t n);

#endif
