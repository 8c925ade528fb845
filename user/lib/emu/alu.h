/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_ALU_H
#define VSHARP_LIB_EMU_ALU_H

/*
 * What the scalar and vector ALU instructions compute, by the name LLVM
 * gives them (emu/alu.c): one row per instruction with a function of one
 * lane's sources.  The decoder finds an instruction's name and operand
 * shapes in the disassembler's opcode tables (isa/) and its row here; the
 * shader core (emu/wave.c) reads the operands, applies the modifiers and the
 * MODE register, and writes the results.
 */
#include <stdbool.h>
#include <stdint.h>

/*
 * MODE register fields the ALU reads (RDNA3 ISA §3.4.2 Table 6; Vega ISA
 * §3.5 "Mode register"): FP_ROUND [3:0] (f32 in [1:0], f64 in [3:2]: 0 nearest
 * even, 1 +inf, 2 -inf, 3 toward zero), FP_DENORM [7:4] (f32 in [5:4],
 * f64 in [7:6]: bit 0 allows input denormals, bit 1 output denormals),
 * DX10_CLAMP 8, IEEE 9.
 */
#define EMU_MODE_ROUND32(m) ((m) & 3)
#define EMU_MODE_ROUND64(m) ((m) >> 2 & 3)
#define EMU_MODE_DENORM32(m) ((m) >> 4 & 3)
#define EMU_MODE_DENORM64(m) ((m) >> 6 & 3)
#define EMU_MODE_IEEE(m) ((m) >> 9 & 1)

/* One lane's (or the scalar unit's) inputs and outputs. */
struct emu_alu_args {
	uint64_t s[3];		/* sources in the order LLVM prints them, modifiers applied */
	unsigned lane;
	uint64_t exec;		/* the wave's EXEC (v_mbcnt_*) */
	bool cin;		/* carry/borrow in, v_cndmask's select, SCC in */
	bool cout;		/* carry/borrow out, a compare's result, SCC out */
	uint32_t mode;		/* the MODE register */
	uint8_t arg;		/* the row's arg */
};

enum emu_alu_flag {
	EMU_ALU_SCC = 1 << 0,		/* SALU: writes SCC (cout) */
	EMU_ALU_CIN = 1 << 1,		/* VALU: reads a lane mask (VCC, or the last source) into cin */
	EMU_ALU_COUT = 1 << 2,		/* VALU: writes cout to a lane mask (VCC or SDST) */
	EMU_ALU_CMP = 1 << 3,		/* compare: cout only (VCC or SDST; SALU: SCC), no D */
	EMU_ALU_CMPX = 1 << 4,		/* ... and into EXEC */
	EMU_ALU_IN_F32 = 1 << 5,	/* float sources: ABS/NEG, denormal flushing */
	EMU_ALU_IN_F64 = 1 << 6,
	EMU_ALU_OUT_F32 = 1 << 7,	/* float result: OMOD/CLAMP, denormal flushing, FP_ROUND */
	EMU_ALU_OUT_F64 = 1 << 8,
	EMU_ALU_SAVEEXEC = 1 << 9,	/* SALU: D = EXEC; EXEC = fn(S0, EXEC); SCC = EXEC != 0 */
	EMU_ALU_READS_D = 1 << 10,	/* the destination's old value is the last source (v_fmac, s_cmov, SOPK) */
	EMU_ALU_READLANE = 1 << 11,	/* v_readlane_b32: D (SGPR) = S0 of lane S1 */
	EMU_ALU_WRITELANE = 1 << 12,	/* v_writelane_b32: lane S1 of D = S0 */
	EMU_ALU_SCC_IN = 1 << 13,	/* SALU: reads SCC (cin) */
	EMU_ALU_PERMLANE = 1 << 14,	/* v_permlane16/x16: D.lane = S0 of the lane S1/S2 select (arg 1: the other row) */
};

struct emu_alu {
	const char *name;	/* LLVM's mnemonic without _e32/_e64 */
	uint16_t flags;
	uint64_t (*fn)(struct emu_alu_args *a);
	uint8_t arg;		/* passed to fn: a compare's relation, a shift */
};

/*
 * The lane a DPP16 instruction reads src0 from for lane L of a wave of
 * LANES (Vega ISA §13.3.9 Table 81, RDNA2 ISA §13.3.9 "DPP16"), or -1: out of
 * range (then BOUND_CTRL decides), -2: a DPP_CTRL value the level does not
 * define.
 */
int emu_dpp_lane(unsigned ctrl, unsigned l, unsigned lanes, bool gfx10);

/* The row of NAME (_e32/_e64 suffixes ignored), NULL if the emulator does not execute it. */
const struct emu_alu *emu_alu_find(const char *name);

/* Float inline constants 240-248 (0.5 ... 1/(2*pi)) as f32 and f64 bits. */
uint32_t emu_fconst32(unsigned code);
uint64_t emu_fconst64(unsigned code);

#endif
