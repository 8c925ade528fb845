/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_ISA_H
#define VSHARP_LIB_EMU_ISA_H

/*
 * The emulated device's view of shader instructions: the decoder turns the
 * encodings the probe shaders use (per family: GFX9, GFX10/10.3, GFX11,
 * GFX12) into one family-independent form, which the interpreter executes
 * and the disassembler prints in llvm-objdump-19's syntax.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/format.h"
#include "vsharp/gfx.h"
#include "vsharp/ops.h"

enum emu_fmt {
	EMU_FMT_SOP1,
	EMU_FMT_SOP2,
	EMU_FMT_SOPK,
	EMU_FMT_SOPP,
	EMU_FMT_SMEM,
	EMU_FMT_VOP1,
	EMU_FMT_VOP2,
	EMU_FMT_VOP3,
	EMU_FMT_GLOBAL,
	EMU_FMT_MUBUF,		/* GFX12: VBUFFER */
	EMU_FMT_MTBUF,		/* GFX12: VBUFFER typed */
	EMU_FMT_DS,
	EMU_FMT_LDSDIR,		/* GFX11 LDSDIR, GFX12 VDSDIR */
	EMU_FMT_SOPC,		/* scalar compares: SCC = the result */
	EMU_FMT_VOPC,		/* vector compares (e32): VCC and/or EXEC = the result */
	EMU_FMT_CACHE,		/* MUBUF cache write-back/invalidate: nothing to do on coherent memory */
	EMU_FMT_VOPD,		/* GFX11 dual issue: X in the ALU fields, Y in emu_insn.vopd_y */
};

/* What an instruction does, whatever the family calls it. */
enum emu_op {
	EMU_OP_S_MOV_B32,
	EMU_OP_S_LSHL_B32,
	EMU_OP_S_ADD_U32,	/* sets SCC to the carry (GFX12 s_add_co_u32) */
	EMU_OP_S_ADDC_U32,	/* adds SCC (GFX12 s_add_co_ci_u32) */
	EMU_OP_S_GETPC_B64,
	EMU_OP_S_SETPC_B64,
	EMU_OP_S_GETREG_B32,
	EMU_OP_S_BRANCH,
	EMU_OP_S_ENDPGM,
	EMU_OP_S_CODE_END,
	EMU_OP_S_WAITCNT,	/* every wait-counter form: emu_insn.wait says which */
	EMU_OP_S_LOAD,		/* SMEM load of smem_dwords dwords */
	EMU_OP_V_MOV_B32,
	EMU_OP_V_LSHLREV_B32,
	EMU_OP_V_ADD_U32,	/* GFX10+ v_add_nc_u32: no carry */
	EMU_OP_V_AND_B32,
	EMU_OP_GLOBAL_LOAD,	/* global_dwords dwords */
	EMU_OP_GLOBAL_STORE,
	EMU_OP_MEM,		/* MUBUF, MTBUF, DS: see emu_insn.mem */
	EMU_OP_S_NOP,		/* wait states: simm16[3:0] + 1 */
	EMU_OP_S_WAITCNT_DEPCTR,	/* GFX10/11 s_waitcnt_depctr, GFX12 s_wait_alu */
	EMU_OP_S_DELAY_ALU,	/* GFX11+ scheduling hint, no effect on results */
	EMU_OP_V_READFIRSTLANE_B32,	/* VALU writing an SGPR */
	EMU_OP_V_LSHL_ADD_U32,	/* VOP3: (src0 << src1[4:0]) + src2 */
	EMU_OP_V_ADD_CO_U32,	/* GFX9 VOP2 v_add_co_u32: the carry out to VCC */
	EMU_OP_S_VERSION,	/* GFX11+ SOPK: "does nothing (treated as S_NOP)" */
	EMU_OP_S_SET_INST_PREFETCH_DISTANCE,	/* GFX11 SOPP: instruction prefetch lines */
	EMU_OP_S_SENDMSG,	/* SOPP: a message; only those in emu_sendmsg_msgs */
	EMU_OP_S_CMP,		/* SOPC s_cmp_*_{i,u}32: emu_insn.cmp says which */
	EMU_OP_S_ADD_I32,	/* SCC = signed overflow (GFX12 s_add_co_i32) */
	EMU_OP_S_CBRANCH_SCC0,	/* SOPP: branch by simm16 dwords if SCC is 0 */
	EMU_OP_S_CBRANCH_SCC1,	/* ... if SCC is 1 */
	EMU_OP_ALU,		/* SALU/VALU by emu/alu.h's table: emu_insn.alu */
	EMU_OP_S_CBRANCH,	/* s_cbranch_vccz/vccnz/execz/execnz: emu_insn.cond */
	EMU_OP_S_BARRIER,
	EMU_OP_S_HINT,		/* s_setprio, s_clause, s_sleep: no effect on results */
	EMU_OP_S_MODE,		/* GFX10+ s_round_mode (cond 0), s_denorm_mode (cond 1) */
	EMU_OP_S_SETREG,	/* s_setreg_b32, s_setreg_imm32_b32 (MODE only) */
	EMU_OP_GLOBAL_ATOMIC,	/* emu_insn.mem: the buffer atomic of the same operation */
	EMU_OP_CACHE,		/* buffer_wbinvl1*, buffer_gl0_inv, buffer_gl1_inv */
};

/* EMU_OP_S_CBRANCH: the condition (Vega ISA §12.5 S_CBRANCH_VCCZ...EXECNZ). */
enum emu_cond { EMU_COND_VCCZ, EMU_COND_VCCNZ, EMU_COND_EXECZ, EMU_COND_EXECNZ };

/*
 * SOPC compares: the relation in bits 2:0, signed in bit 3.  Each relation
 * is true for a set of outcomes {less, equal, greater}: emu_cmp_true.
 */
enum emu_cmp {
	EMU_CMP_EQ, EMU_CMP_LG, EMU_CMP_GT, EMU_CMP_GE, EMU_CMP_LT, EMU_CMP_LE,
	EMU_CMP_SIGNED = 8,
};

/* The s_sendmsg messages the emulator implements (RDNA3 ISA Table 15 "S_SENDMSG Messages"). */
enum emu_sendmsg {
	EMU_MSG_DEALLOC_VGPRS = 3,	/* GFX11: the wave's VGPRs are freed; only S_ENDPGM may follow */
};

/* The counters a wait instruction names. */
enum emu_wait {
	EMU_WAIT_PACKED,	/* s_waitcnt: vmcnt, expcnt and lgkmcnt in simm16 */
	EMU_WAIT_VSCNT,		/* s_waitcnt_vscnt (GFX10, GFX11) */
	EMU_WAIT_LOADCNT,	/* GFX12 s_wait_* */
	EMU_WAIT_STORECNT,
	EMU_WAIT_DSCNT,
	EMU_WAIT_KMCNT,
	EMU_WAIT_EXPCNT,	/* GFX12 s_wait_expcnt */
};

/* A scalar or vector source/destination operand. */
enum emu_opnd_kind {
	EMU_OPND_NONE,
	EMU_OPND_SGPR,		/* s0..s105 */
	EMU_OPND_VGPR,		/* v0..v255 */
	EMU_OPND_TTMP,		/* ttmp0..ttmp15 */
	EMU_OPND_VCC_LO,
	EMU_OPND_VCC_HI,
	EMU_OPND_M0,
	EMU_OPND_EXEC_LO,
	EMU_OPND_EXEC_HI,
	EMU_OPND_NULL,		/* GFX10+ null */
	EMU_OPND_CONST,		/* inline integer constant -16..64 in value */
	EMU_OPND_LITERAL,	/* 32-bit literal dword in value */
	EMU_OPND_FCONST,	/* float inline constant 240-248 in index, its f32 bits in value */
};

struct emu_opnd {
	enum emu_opnd_kind kind;
	unsigned index;		/* register number */
	uint32_t value;		/* CONST, LITERAL */
};

struct emu_insn {
	enum emu_fmt fmt;
	enum emu_op op;
	unsigned words;		/* instruction length in dwords, literal included */
	struct emu_opnd dst, src0, src1, src2;	/* src2: VOP3 only */
	int32_t simm16;		/* SOPP branch offset in dwords, SOPK immediate */
	uint8_t wait;		/* EMU_OP_S_WAITCNT: enum emu_wait */
	uint8_t cmp;		/* EMU_OP_S_CMP: enum emu_cmp */
	/* s_getreg_b32: hwreg(id, offset, size) */
	uint8_t hwreg_id, hwreg_offset, hwreg_size;
	/* SMEM (S_BUFFER_LOAD: op EMU_OP_MEM, the V# at srsrc, soffset below) */
	unsigned smem_dwords;
	unsigned sbase;		/* first SGPR of the 64-bit base */
	uint32_t smem_offset;	/* the immediate in bytes, 0 if none */
	/* GLOBAL (with an SGPR base): vaddr is a 32-bit offset when saddr is set */
	unsigned global_dwords;
	uint8_t global_bytes;	/* a byte or short load/store: 1 or 2 (0: global_dwords dwords) */
	bool global_sext;	/* ... sign-extending load */
	unsigned vaddr, vdata;
	bool has_saddr;
	unsigned saddr;
	int32_t global_offset;
	/* MUBUF, MTBUF, DS */
	const struct vsharp_op *mem;	/* the catalogue entry */
	unsigned srsrc;		/* first SGPR of the V# */
	struct emu_opnd soffset;	/* SMEM: kind NONE when no SGPR or M0 offset */
	bool idxen, offen, glc, slc, dlc, tfe, lds;
	bool addr64;		/* GFX6/7 MUBUF/MTBUF: VADDR is a 64-bit address */
	uint32_t offset;	/* MUBUF/MTBUF instruction offset */
	struct vsharp_format tformat;	/* MTBUF */
	unsigned th, scope;	/* GFX12 cache controls */
	uint8_t offset0, offset1;	/* DS */
	unsigned ds_addr, data0, data1, vdst;	/* DS VGPRs */
	uint8_t attr, attr_chan;	/* LDSDIR parameter loads */
	uint8_t wait_va, wait_vmvsrc;	/* LDSDIR WAIT_VA (wait_vdst), GFX12 WAIT_VMVSRC */
	/* Additions for the disassembler and for error messages. */
	const char *name;	/* mnemonic as llvm-objdump-19 prints it */
	unsigned opcode;	/* the opcode field as encoded */
	uint32_t tformat_code;	/* MTBUF: raw FORMAT field (GFX10+), dfmt | nfmt << 4 (GFX9) */
	bool gds;		/* DS on GDS (decoded, not executed) */
	const struct vsharp_target *target;	/* the processor decoded for: D16 packing */
	uint32_t raw[3];	/* the instruction's dwords (words of them valid) */
	/*
	 * EMU_OP_ALU: the row, the value sources (src0..src2, nsrc of them, in
	 * LLVM's printed order), their widths and the destination's in dwords
	 * (dw[0] dst, dw[1 + i] source i), the lane masks read (cin: VCC or
	 * SRC2) and written (sdst: VCC or SDST), the VOP3 modifiers.
	 */
	const struct emu_alu *alu;
	uint8_t nsrc, dw[4];
	struct emu_opnd cin, sdst;
	uint8_t abs, neg, omod;
	bool clamp;
	uint8_t cond;		/* EMU_OP_S_CBRANCH: enum emu_cond; EMU_OP_S_MODE: which */
	/*
	 * DPP16 (src0 0xfa): src0 of another lane per DPP_CTRL, the write
	 * enabled per ROW_MASK/BANK_MASK, BC and FI as the DPP dword has them;
	 * v_permlane16/x16's FI and BC (OP_SEL[0], OP_SEL[1]) too.
	 */
	bool dpp, dpp_bc, dpp_fi;
	uint16_t dpp_ctrl;
	uint8_t dpp_row_mask, dpp_bank_mask;
	/* VOPD: the Y operation (X is in alu, dst, src0..src1, nsrc, cin). */
	struct {
		const struct emu_alu *alu;
		const char *name;
		struct emu_opnd dst, src0, src1, src2, cin;
		uint8_t nsrc;
	} vopd_y;
};

/*
 * Decodes the instruction at WORDS (N dwords available).  An encoding the
 * emulator does not implement is an error naming the family, the dword(s)
 * and, where the encoding is recognised, the format and opcode number.
 */
int emu_decode(enum vsharp_gfx level, const uint32_t *words, unsigned n,
	       struct emu_insn *insn, struct vsharp_error *err);
/*
 * The same for one processor: its register ranges where they differ from
 * its level's first processor (gfx810's packed D16 data).
 */
int emu_decode_target(const struct vsharp_target *target, const uint32_t *words, unsigned n,
		      struct emu_insn *insn, struct vsharp_error *err);

/*
 * The two words of a DS instruction (IN's mem, offset0/1 and VGPRs): the
 * decoder's tables read backwards, for the stubs of instructions llvm-mc 19
 * cannot assemble.
 */
int emu_encode_ds(enum vsharp_gfx level, const struct emu_insn *in, uint32_t words[2],
		  struct vsharp_error *err);

/* VOPD's Y operation as an instruction of its own (uses and execution). */
void emu_vopd_y(const struct emu_insn *in, struct emu_insn *y);

/* Which VGPR operand of a memory instruction emu_vgprs() measures. */
enum emu_vgpr_role {
	EMU_VGPR_ADDR,		/* vaddr (buffer, GLOBAL), ds_addr */
	EMU_VGPR_DATA,		/* vdata (buffer, GLOBAL, TFE included), DS data0 */
	EMU_VGPR_DATA1,		/* DS data1 (compare-swap, mask-or, two-address stores) */
	EMU_VGPR_DST,		/* DS vdst */
};

/* How many consecutive VGPRs that operand spans (0: the instruction has none). */
unsigned emu_vgprs(enum vsharp_gfx level, const struct emu_insn *insn, enum emu_vgpr_role role);

#endif
