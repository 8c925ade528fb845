/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_OPS_H
#define VSHARP_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * The buffer (MUBUF, MTBUF, SMEM S_BUFFER_LOAD) and LDS (DS) instructions of every level, named
 * as LLVM's assembler spells them there: GFX6..GFX10.3 use the GCN names
 * (buffer_load_dword, ds_read2_b32), GFX11+ the RDNA3 names (buffer_load_b32,
 * ds_load_2addr_b32).  Each entry says what the instruction moves; the model
 * derives sizes and formats from it, as the ISA's "derived" data format does.
 */
enum vsharp_op_class {
	VSHARP_OP_MUBUF,
	VSHARP_OP_MTBUF,
	VSHARP_OP_DS,
	VSHARP_OP_SMEM,		/* s_buffer_load_*: a V# read into SGPRs */
};

enum vsharp_op_kind {
	VSHARP_OP_LOAD,
	VSHARP_OP_STORE,
	VSHARP_OP_ATOMIC,
	VSHARP_OP_LOAD_LDS,	/* buffer data to LDS, no VGPR written */
	VSHARP_OP_LANES,	/* DS data between the lanes of a wave, no LDS memory */
	VSHARP_OP_STACK,	/* DS ray-tracing stack: push DATA1, pop, ADDR in and out */
};

/* Where the data format of a buffer instruction comes from (RDNA3 Table 42). */
enum vsharp_op_data {
	VSHARP_DATA_DERIVED,	/* from the opcode: u8, i16, b32 ... */
	VSHARP_DATA_RESOURCE,	/* *_FORMAT_*: the V# format and DST_SEL */
	VSHARP_DATA_INSTRUCTION,	/* TBUFFER_*: the instruction's format, identity DST_SEL */
};

enum vsharp_atomic {
	VSHARP_ATOMIC_NONE,
	VSHARP_ATOMIC_SWAP,
	VSHARP_ATOMIC_CMPSWAP,
	VSHARP_ATOMIC_ADD,
	VSHARP_ATOMIC_SUB,
	VSHARP_ATOMIC_RSUB,
	VSHARP_ATOMIC_SMIN,
	VSHARP_ATOMIC_UMIN,
	VSHARP_ATOMIC_SMAX,
	VSHARP_ATOMIC_UMAX,
	VSHARP_ATOMIC_AND,
	VSHARP_ATOMIC_OR,
	VSHARP_ATOMIC_XOR,
	VSHARP_ATOMIC_INC,
	VSHARP_ATOMIC_DEC,
	VSHARP_ATOMIC_MSKOR,
	VSHARP_ATOMIC_FCMPSWAP,
	VSHARP_ATOMIC_FMIN,
	VSHARP_ATOMIC_FMAX,
	VSHARP_ATOMIC_FADD,
	VSHARP_ATOMIC_CSUB,		/* old < src ? 0 : old - src (RDNA2 BUFFER_ATOMIC_CSUB) */
	VSHARP_ATOMIC_COND_SUB,		/* old < src ? old : old - src (RDNA4) */
	VSHARP_ATOMIC_PK_ADD_F16,	/* two f16 adds, one per 16-bit half (RDNA4) */
	VSHARP_ATOMIC_PK_ADD_BF16,	/* two bf16 adds, one per 16-bit half (RDNA4) */
	VSHARP_ATOMIC_COUNT
};

/* How a DS instruction forms its addresses. */
enum vsharp_ds_addr {
	VSHARP_DS_SINGLE,	/* vaddr + {offset1,offset0} */
	VSHARP_DS_DUAL,		/* vaddr + offsetN * size */
	VSHARP_DS_DUAL_ST64,	/* vaddr + offsetN * size * 64 */
	VSHARP_DS_ADDTID,	/* {offset1,offset0} + lane * 4 + M0 */
	VSHARP_DS_SWIZZLE,	/* no address: ADDR is the data, {offset1,offset0} the pattern */
	VSHARP_DS_PERMUTE,	/* ADDR + offset: the lane (x4) DATA0 goes to */
	VSHARP_DS_BPERMUTE,	/* ADDR + offset: the lane (x4) the result comes from */
	VSHARP_DS_APPEND,	/* M0 base + {offset1,offset0}: one counter per wave */
	VSHARP_DS_SRC2,		/* ADDR, and ADDR + a signed dword offset for the data term */
	VSHARP_DS_BVH_STACK,	/* ADDR packs the lane's stack base and index (model/ds_bvh.c) */
	VSHARP_DS_DIRECT,	/* M0[15:0], data type M0[18:16]: one value to every lane */
	VSHARP_DS_PARAM,	/* M0 offset + attribute, primitive (M0 mask) and lane in quad */
};

enum vsharp_d16 {
	VSHARP_D16_NONE,
	VSHARP_D16_LO,		/* bits [15:0] of the VGPR */
	VSHARP_D16_HI,		/* bits [31:16] */
};

struct vsharp_op {
	const char *gcn;	/* LLVM spelling on GFX6..GFX10.3, NULL if none */
	const char *rdna;	/* LLVM spelling on GFX11+, NULL if none */
	uint16_t levels;	/* VSHARP_GFX_BIT mask */
	uint8_t cls;		/* enum vsharp_op_class */
	uint8_t kind;		/* enum vsharp_op_kind */
	uint8_t data;		/* enum vsharp_op_data */
	uint8_t bytes;		/* derived: bytes per access (per address for DS dual) */
	uint8_t comps;		/* resource/instruction format: 1..4 components; BVH stack: DATA1 dwords */
	bool sign;		/* sign-extend a byte or short load */
	uint8_t d16;		/* enum vsharp_d16 */
	uint8_t atomic;		/* enum vsharp_atomic */
	bool returns;		/* DS *_rtn_*: always returns; buffer atomics: by GLC */
	bool cmp_first;		/* DS cmpst (GCN): DATA0 is the compare value */
	bool lds_dma;		/* takes the `lds` modifier (GFX6..GFX10.3 only) */
	uint8_t ds_addr;	/* enum vsharp_ds_addr */
};

/*
 * The instruction called NAME on LEVEL, or NULL with an error.  A hash
 * lookup, safe from any thread: per wave and per decoded instruction is
 * fine.
 */
const struct vsharp_op *vsharp_op_find(enum vsharp_gfx level, const char *name,
				       struct vsharp_error *err);

/* Iterates over every instruction of a level: start with i = 0. */
const struct vsharp_op *vsharp_op_next(enum vsharp_gfx level, unsigned *i);

/* The spelling on LEVEL (NULL if the level's family has none). */
const char *vsharp_op_name(const struct vsharp_op *op, enum vsharp_gfx level);
bool vsharp_op_on(const struct vsharp_op *op, enum vsharp_gfx level);

/*
 * The VGPR operands of a DS instruction as its encoding names them: how many
 * consecutive VGPRs each spans, 0 when the instruction has none.
 */
struct vsharp_ds_operands {
	uint8_t addr, data0, data1, vdst;
};

void vsharp_ds_operands(const struct vsharp_op *op, struct vsharp_ds_operands *o);

/*
 * Whether llvm-mc 19 knows the instruction on LEVEL.  The RDNA4 BVH stack
 * ops are in the RDNA4 guide's DS opcode table but came to LLVM later: the
 * stubs carry their words as .long lines and `vsharp ops --all` marks them U.
 */
bool vsharp_op_llvm19(const struct vsharp_op *op, enum vsharp_gfx level);

/* The whole catalogue, every level. */
extern const struct vsharp_op vsharp_ops[];
extern const unsigned vsharp_op_count;

/* Whether the instruction takes the `lds` modifier on LEVEL. */
bool vsharp_op_lds_modifier(const struct vsharp_op *op, enum vsharp_gfx level);
/*
 * Whether the instruction takes the `addr64` modifier on LEVEL: MUBUF and
 * MTBUF of GFX6/7 (bit 15; VI reuses nothing there and llvm-mc 19 rejects
 * addr64 from gfx803).
 */
bool vsharp_op_addr64(const struct vsharp_op *op, enum vsharp_gfx level);

/* Dwords of VGPR data the instruction reads or writes (without TFE) on the level's probe processor. */
unsigned vsharp_op_data_dwords(enum vsharp_gfx level, const struct vsharp_op *op);
/* The same on a processor: D16 format data follows its d16_unpacked (gfx.h). */
unsigned vsharp_op_target_dwords(const struct vsharp_target *t, const struct vsharp_op *op);

const char *vsharp_atomic_name(enum vsharp_atomic a);

#endif
