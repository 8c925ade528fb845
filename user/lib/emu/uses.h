/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_USES_H
#define VSHARP_LIB_EMU_USES_H

/*
 * The registers an instruction reads and writes and the kind of unit that
 * issues it: what the hazard rules (emu/hazard.c) compare between
 * instructions.  A pure function of the decoded instruction, so a listing
 * can be checked without running it.
 */
#include <stdbool.h>
#include <stdint.h>

#include "emu/isa.h"

/* Scalar registers by their operand code: s0..s105, then these. */
enum emu_sreg {
	EMU_SREG_VCC_LO = 106,
	EMU_SREG_VCC_HI = 107,
	EMU_SREG_TTMP0 = 108,
	EMU_SREG_M0 = 124,
	EMU_SREG_EXEC_LO = 126,
	EMU_SREG_EXEC_HI = 127,
	EMU_SREG_COUNT = 128,
};

/* The unit an instruction issues to, as the hazard tables of the ISA guides name them. */
enum emu_unit {
	EMU_UNIT_SALU,		/* SOP1/2/K, and SOPP other than those below */
	EMU_UNIT_BRANCH,	/* s_branch, s_cbranch_scc0/1, s_setpc_b64 */
	EMU_UNIT_WAIT,		/* s_waitcnt*, s_wait_*cnt */
	EMU_UNIT_DEPCTR,	/* s_waitcnt_depctr, s_wait_alu */
	EMU_UNIT_NOP,		/* s_nop, s_delay_alu: wait states only */
	EMU_UNIT_SMEM,
	EMU_UNIT_VALU,
	EMU_UNIT_VMEM,		/* MUBUF, MTBUF, GLOBAL */
	EMU_UNIT_DS,
	EMU_UNIT_LDSDIR,
	EMU_UNIT_OTHER,		/* s_endpgm, s_code_end */
};

struct emu_vrange {
	uint16_t first, count;
};

struct emu_uses {
	enum emu_unit unit;
	uint64_t sread[2], swrite[2];	/* bit per enum emu_sreg code */
	struct emu_vrange vread[5], vwrite[2];	/* VOPD reads up to 5 ranges */
	uint8_t n_vread, n_vwrite;
	bool reads_m0_for_lds;		/* LDS-DMA and ADDTID: M0 is the LDS address */
	unsigned wait_states;		/* the wait states the instruction itself gives: s_nop N is N + 1 */
};

/* Whether the memory instruction reads M0 on LEVEL (its LDS clamp, base or counter). */
bool emu_reads_m0(enum vsharp_gfx level, const struct emu_insn *in);

void emu_insn_uses(enum vsharp_gfx level, const struct emu_insn *in, struct emu_uses *u);

static inline bool emu_sreg_has(const uint64_t set[2], unsigned code)
{
	return set[code / 64] >> (code % 64) & 1;
}

static inline bool emu_sregs_meet(const uint64_t a[2], const uint64_t b[2])
{
	return (a[0] & b[0]) || (a[1] & b[1]);
}

#endif
