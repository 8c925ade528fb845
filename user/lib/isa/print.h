/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_ISA_PRINT_H
#define VSHARP_LIB_ISA_PRINT_H

/*
 * What the encoding printers of the disassembler share: the instruction
 * being printed, text output, refusal, and the operand printers (operand.c).
 * One printer per microcode format; disasm.c's per-level tables say which
 * first-dword pattern is which format.
 */
#include "isa/isa.h"

struct isa_ctx {
	const struct vsharp_target *target;
	enum vsharp_gfx level;
	const uint32_t *w;	/* the instruction's first dword */
	size_t avail;		/* dwords readable at w */
	unsigned words;		/* the format's length; a literal or NSA words add to it */
	bool has_literal;	/* the literal dword is w[words - 1] once read */
	uint32_t literal;
	struct isa_insn *out;
	size_t at;		/* length of out->text */
};

/* Field HI:LO of the instruction (bit 0 = dword 0 bit 0; may cross dwords). */
uint32_t isa_bits(const struct isa_ctx *c, unsigned hi, unsigned lo);

__attribute__((format(printf, 2, 3)))
void isa_put(struct isa_ctx *c, const char *fmt, ...);

/* Marks the words as no instruction, with a reason; returns false. */
__attribute__((format(printf, 2, 3)))
bool isa_refuse(struct isa_ctx *c, const char *fmt, ...);

/*
 * How an operand's inline constants and literal print: llvm-objdump-19
 * decodes them by the operand's type (an f16 literal prints its low half,
 * a 64-bit float literal is the high dword, 1/(2*pi) has a 16-, 32- and
 * 64-bit text).
 */
enum isa_type {
	ISA_B32,		/* 32-bit integer or untyped */
	ISA_B64,
	ISA_I16,
	ISA_F16,
	ISA_BF16,
	ISA_F32,
	ISA_F64,
	ISA_V2I16,		/* packed 16-bit pairs (VOP3P) */
	ISA_V2F16,
	ISA_V2BF16,
	ISA_SREG,		/* registers only: LLVM marks a constant "Invalid immediate" */
	ISA_TYPE_COUNT
};

/*
 * Source operand CODE (the 8-bit SSRC or 9-bit SRC encoding: SGPRs, TTMPs,
 * special registers, inline constants, the literal, VGPRs at 256 + n),
 * REGS dwords wide, of TYPE.  A literal is read at w[words] on first use
 * and lengthens the instruction; a second literal use must be the same
 * dword.  Returns false (refused) for a code that is no operand on this
 * level or a literal past the end of the input.
 */
bool isa_src(struct isa_ctx *c, unsigned code, unsigned regs, enum isa_type type);

/* A literal constant operand (fmamk's K): the literal dword, read as isa_src does, in hex. */
bool isa_literal(struct isa_ctx *c);

/* A scalar destination (SDST encoding: SGPRs, TTMPs, specials, null). */
bool isa_sdst(struct isa_ctx *c, unsigned code, unsigned regs);

/* SGPRs a level has (SI/CI 104; GFX8/9 give s102/s103 to flat_scratch; GFX10+ 106). */
unsigned isa_sgpr_count(enum vsharp_gfx level);

/* v12, v[12:15] */
void isa_vgpr(struct isa_ctx *c, unsigned first, unsigned regs);

/* s12, s[12:15] (without range checks: callers check alignment and range) */
void isa_sgpr(struct isa_ctx *c, unsigned first, unsigned regs);

/* The printers of each format; each returns false after isa_refuse(). */
typedef bool isa_printer(struct isa_ctx *c);

/* scalar.c */
isa_printer isa_print_sop1, isa_print_sop2, isa_print_sopk, isa_print_sopc, isa_print_sopp;
/* smem.c: SMEM and SI/CI's SMRD */
isa_printer isa_print_smem;
/* vop.c: VOP1, VOP2 and VOPC in their 32-bit forms, with SDWA, DPP and DPP8; VOPD */
isa_printer isa_print_vop1, isa_print_vop2, isa_print_vopc, isa_print_vopd;
/* vop3.c: VOP3 (VOP3A, VOP3B, with DPP on GFX11+), VOP3P, VINTRP/VINTERP */
isa_printer isa_print_vop3, isa_print_vop3p, isa_print_vinterp;
/* mem.c and its companions: LDS, buffer, image, flat, export */
isa_printer isa_print_ds, isa_print_mubuf, isa_print_mtbuf, isa_print_mimg, isa_print_flat,
	    isa_print_exp, isa_print_ldsdir;

#endif
