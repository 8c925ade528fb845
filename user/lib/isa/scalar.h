/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_ISA_SCALAR_H
#define VSHARP_LIB_ISA_SCALAR_H

/*
 * The generated scalar tables (scalar_tables.c, scripts/isa/gen_scalar.py):
 * facts as llvm-objdump-19 and llvm-mc-19 have them, per level.
 */
#include "isa/print.h"

/* A scalar source code that is neither an SGPR nor a number: "vcc_lo", "ttmp3". */
struct isa_sname {
	uint8_t code;
	const char *name;
};

/*
 * A SOP1, SOP2 or SOPC opcode: the operands in printed order (d SDST, 0
 * SSRC0, 1 SSRC1, K a literal constant, I the SSRC1 field as an index mode,
 * M the SSRC0 field as a message) and their widths in dwords.
 */
struct isa_sop {
	uint8_t op;
	const char *name;
	const char *shape;
	uint8_t dst, src0, src1;
	uint8_t type0, type1;	/* enum isa_type of each source */
};

/*
 * A SOPK opcode: its operands in printed order (d SDST of DST dwords, X
 * SIMM16 in hex, L SIMM16 as a branch offset, H SIMM16 as hwreg(), T a
 * 32-bit literal, V s_version's SIMM16).
 */
struct isa_sopk {
	uint8_t op;
	const char *name;
	const char *shape;
	uint8_t dst;
};

/*
 * A SOPP opcode and how its SIMM16 prints: '-' no operand (LLVM refuses a
 * nonzero SIMM16), E none when 0 else decimal (s_endpgm), D decimal (branch
 * offsets), I decimal up to 64 else hex (an inline constant's range), X hex,
 * W waitcnt counters, A delay_alu fields, C depctr fields, M sendmsg(), G
 * gpr_idx() mode.
 */
struct isa_sopp {
	uint8_t op;
	const char *name;
	char shape;
};

/*
 * A message s_sendmsg/s_sendmsghalt name: ID and OP as SIMM16 holds them
 * (before GFX11 id [3:0], op [6:4], stream [9:8]; from GFX11 an 8-bit id),
 * the op's name (NULL: none printed) and whether the stream prints.
 */
struct isa_msg {
	uint8_t id, op;
	const char *name, *op_name;
	bool stream;
};

/* Per level, ended by a NULL name. */
extern const struct isa_sopk *const isa_sopk[VSHARP_GFX_COUNT];
extern const struct isa_sopp *const isa_sopp[VSHARP_GFX_COUNT];
extern const struct isa_msg *const isa_msgs[VSHARP_GFX_COUNT];
extern const struct isa_sname *const isa_snames[VSHARP_GFX_COUNT];
extern const struct isa_sop *const isa_sop1[VSHARP_GFX_COUNT];
extern const struct isa_sop *const isa_sop2[VSHARP_GFX_COUNT];
extern const struct isa_sop *const isa_sopc[VSHARP_GFX_COUNT];

#endif
