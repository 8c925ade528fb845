/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_PM4_H
#define VSHARP_PM4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * PM4 command buffers for compute dispatches on GFX9..GFX12
 * (Documentation/pm4.rst): a builder, a packet parser the emulated device
 * executes, and a printer for `vsharp ib decode`.
 */

/* Type-3 packet header: (3 << 30) | (count << 16) | (opcode << 8) | shader type << 1. */
#define VSHARP_PKT3(op, count, compute) \
	((3u << 30) | (((count) & 0x3fffu) << 16) | (((op) & 0xffu) << 8) | ((compute) ? 2u : 0u))

enum vsharp_pkt3_op {
	VSHARP_PKT3_NOP = 0x10,
	VSHARP_PKT3_SET_BASE = 0x11,
	VSHARP_PKT3_CLEAR_STATE = 0x12,
	VSHARP_PKT3_DISPATCH_DIRECT = 0x15,
	VSHARP_PKT3_DISPATCH_INDIRECT = 0x16,
	VSHARP_PKT3_COND_EXEC = 0x22,
	VSHARP_PKT3_CONTEXT_CONTROL = 0x28,
	VSHARP_PKT3_WRITE_DATA = 0x37,
	VSHARP_PKT3_SURFACE_SYNC = 0x43,
	VSHARP_PKT3_WAIT_REG_MEM = 0x3c,
	VSHARP_PKT3_INDIRECT_BUFFER = 0x3f,
	VSHARP_PKT3_COPY_DATA = 0x40,
	VSHARP_PKT3_CP_DMA = 0x41,		/* GFX6 */
	VSHARP_PKT3_PFP_SYNC_ME = 0x42,
	VSHARP_PKT3_EVENT_WRITE = 0x46,
	VSHARP_PKT3_EVENT_WRITE_EOP = 0x47,	/* GFX6-8 */
	VSHARP_PKT3_RELEASE_MEM = 0x49,	/* GFX7+ */
	VSHARP_PKT3_DMA_DATA = 0x50,		/* GFX7+ */
	VSHARP_PKT3_ACQUIRE_MEM = 0x58,
	VSHARP_PKT3_SET_CONFIG_REG = 0x68,
	VSHARP_PKT3_SET_CONTEXT_REG = 0x69,
	VSHARP_PKT3_SET_SH_REG = 0x76,
	VSHARP_PKT3_SET_UCONFIG_REG = 0x79,
	VSHARP_PKT3_INCREMENT_CE_COUNTER = 0x84,	/* GFX6-10: the GFX ring's CE/DE counters */
	VSHARP_PKT3_INCREMENT_DE_COUNTER = 0x85,
	VSHARP_PKT3_WAIT_ON_CE_COUNTER = 0x86,
	VSHARP_PKT3_WAIT_ON_DE_COUNTER_DIFF = 0x88,
	VSHARP_PKT3_SET_CE_DE_COUNTERS = 0x89,	/* GFX7-10 */
	VSHARP_PKT3_SWITCH_BUFFER = 0x8b,
	VSHARP_PKT3_SET_SH_REG_INDEX = 0x9b,
};

/* SH registers are addressed by dword offset; SET_SH_REG counts from 0x2c00. */
#define VSHARP_SH_REG_BASE 0x2c00u
#define VSHARP_SH_REG_END 0x3000u
/* SET_UCONFIG_REG counts from 0xc000. */
#define VSHARP_UCONFIG_REG_BASE 0xc000u

/* The one-dword NOP the peers pad with: count 0x3fff, no shader-type bit. */
#define VSHARP_PM4_NOP1 0xffff1000u

/* Compute registers by dword offset (Linux gc_*_offset.h, Mesa sid.h). */
enum vsharp_compute_reg {
	VSHARP_COMPUTE_DISPATCH_INITIATOR = 0x2e00,
	VSHARP_COMPUTE_START_X = 0x2e04,		/* ..Z 0x2e06 */
	VSHARP_COMPUTE_NUM_THREAD_X = 0x2e07,		/* ..Z 0x2e09 */
	VSHARP_COMPUTE_MAX_WAVE_ID = 0x2e0b,		/* GFX6 (Mesa sid.h R_00B82C) */
	VSHARP_COMPUTE_PERFCOUNT_ENABLE = 0x2e0b,	/* GFX7+, the same offset (R_00B82C) */
	VSHARP_COMPUTE_PGM_LO = 0x2e0c,
	VSHARP_COMPUTE_PGM_HI = 0x2e0d,
	VSHARP_COMPUTE_PGM_RSRC1 = 0x2e12,
	VSHARP_COMPUTE_PGM_RSRC2 = 0x2e13,
	VSHARP_COMPUTE_RESOURCE_LIMITS = 0x2e15,
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE0 = 0x2e16,
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE1 = 0x2e17,
	VSHARP_COMPUTE_TMPRING_SIZE = 0x2e18,
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE2 = 0x2e19,
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE3 = 0x2e1a,
	VSHARP_COMPUTE_THREAD_TRACE_ENABLE = 0x2e1e,	/* GFX7+ (R_00B878) */
	VSHARP_COMPUTE_REQ_CTRL = 0x2e22,		/* GFX10+ */
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE8 = 0x2e23,	/* GFX12 */
	VSHARP_COMPUTE_USER_ACCUM_0 = 0x2e24,		/* GFX10+, ..3 0x2e27 */
	VSHARP_COMPUTE_PGM_RSRC3 = 0x2e28,		/* GFX10+ */
	VSHARP_COMPUTE_SHADER_CHKSUM = 0x2e2a,		/* GFX10+ */
	VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE4 = 0x2e2b,	/* GFX11+, ..SE7 0x2e2e */
	VSHARP_COMPUTE_DISPATCH_INTERLEAVE = 0x2e2f,	/* GFX11+ */
	VSHARP_COMPUTE_USER_DATA_0 = 0x2e40,		/* ..15 0x2e4f */
	VSHARP_COMPUTE_DISPATCH_TUNNEL = 0x2e7d,	/* GFX10+ */
	VSHARP_CP_COHER_START_DELAY = 0xc07b,		/* uconfig */
};

/* COMPUTE_DISPATCH_INTERLEAVE: RADV's value on compute queues (GFX11+). */
#define VSHARP_DISPATCH_INTERLEAVE 64u

/*
 * COMPUTE_MAX_WAVE_ID on GFX6: the "Default value" radeonsi writes
 * (si_compute.c si_emit_initial_compute_regs, GFX6 only; GFX7 moved the
 * register to the per-pipe COMPUTE_MAX_WAVE_ID the kernel owns).
 */
#define VSHARP_MAX_WAVE_ID_GFX6 0x190u

/* COMPUTE_DISPATCH_INITIATOR bits (Linux gc_9_2_1_sh_mask.h and later). */
#define VSHARP_INIT_COMPUTE_SHADER_EN	(1u << 0)
#define VSHARP_INIT_FORCE_START_AT_000	(1u << 2)
#define VSHARP_INIT_ORDER_MODE		(1u << 6)	/* GFX7+ (vsharp_pm4_level.order_mode) */
#define VSHARP_INIT_CS_W32_EN		(1u << 15)	/* GFX10+ */

/*
 * What differs between levels in the command buffers vsharp builds, as data
 * (pm4/regs.c); NULL from vsharp_pm4_level() for levels without PM4
 * support.
 */
struct vsharp_pm4_level {
	enum vsharp_gfx level;
	bool surface_sync;		/* caches through SURFACE_SYNC (GFX6), not ACQUIRE_MEM */
	unsigned acquire_body;		/* ACQUIRE_MEM payload: 6 dwords (GFX7-9) or 7 (+GCR_CNTL) */
	uint32_t coher_cntl;		/* CP_COHER_CNTL action bits (GFX6-9) */
	uint32_t gcr_cntl;		/* ACQUIRE_MEM GCR_CNTL (GFX10+) */
	bool wave32;			/* CS_W32_EN exists */
	bool sgprs_field;		/* RSRC1.SGPRS is programmed (GFX6-9), in 8-SGPR blocks */
	unsigned sgpr_alloc;		/* SGPRs the hardware allocates at a time there */
	unsigned sgprs_fixed;		/* SGPRs allocated when it is not */
	unsigned vcc_sgprs;		/* SGPRs VCC takes at the top of the allocation (GFX6-9) */
	bool order_mode;		/* DISPATCH_INITIATOR.ORDER_MODE (bit 6) exists and is set */
	bool mem_ordered;		/* RSRC1.MEM_ORDERED (bit 30) exists and is set */
	bool rsrc3;			/* COMPUTE_PGM_RSRC3 at 0x2e28 */
	uint32_t rsrc3_value;		/* what vsharp writes there */
	int cu_mask_index;		/* SE0..3 CU masks by SET_SH_REG (-1) or SET_SH_REG_INDEX INDEX */
	unsigned lds_encode;		/* bytes per RSRC2.LDS_SIZE unit */
	unsigned lds_alloc;		/* bytes the hardware rounds an LDS request up to */
	bool packed_tid;		/* work-item ids packed into v0 (x 9:0, y 19:10, z 29:20) */
	bool tgid_ttmp;			/* work-group ids in ttmp9 (x), ttmp7 (y 15:0, z 31:16) */
	uint32_t cp_dma_max;		/* bytes one DMA_DATA (GFX6: CP_DMA) copies at most */
};

const struct vsharp_pm4_level *vsharp_pm4_level(enum vsharp_gfx level);

/* A command buffer being built in caller memory. */
struct vsharp_ib {
	uint32_t *dw;
	unsigned n, cap;
	bool overflow;		/* set when a packet did not fit; nothing past cap is written */
};

static inline void vsharp_ib_init(struct vsharp_ib *ib, uint32_t *buf, unsigned cap)
{
	ib->dw = buf;
	ib->n = 0;
	ib->cap = cap;
	ib->overflow = false;
}

/*
 * SGPR allocation on GFX6-9 beyond the registers a shader names.  VCC is
 * "physically stored as a pair of SGPRs ... in the highest numbered two
 * SGPRs" of the allocation (AMD "Vega" ISA §3.6.2 "SGPR Allocation and
 * storage"); on a processor with XNACK replay on (VSHARP_QUIRK_XNACK)
 * XNACK_MASK takes the two below it (LLVM AMDGPUBaseInfo.cpp
 * getNumExtraSGPRs: 4 with XNACK on GFX8/9, 2 for VCC alone).  A processor
 * with the SGPR init bug (VSHARP_QUIRK_SGPR_INIT_BUG) must allocate exactly
 * 96, whatever the shader uses: LLVM AMDGPU.td FeatureSGPRInitBug "VI SGPR
 * initialization bug requiring a fixed SGPR allocation size",
 * AMDGPUBaseInfo.h FIXED_NUM_SGPRS_FOR_INIT_BUG = 96 ("the closed Vulkan
 * driver sets 96"); Mesa ACO allocates Tonga and Iceland SGPRs in 96s.
 */
#define VSHARP_XNACK_MASK_SGPRS 2u
#define VSHARP_SGPR_INIT_BUG_SGPRS 96u
/* RSRC1.SGPRS counts blocks of this many (LLVM getSGPREncodingGranule). */
#define VSHARP_SGPR_ENCODE_GRANULE 8u

/*
 * The SGPRs a dispatch of a shader whose highest SGPR is s[NEXT_FREE - 1]
 * must allocate on processor T (NULL: LEVEL's probe processor), as
 * vsharp_dispatch.sgprs: on GFX6-9 NEXT_FREE plus VCC plus XNACK_MASK where
 * T has XNACK on, rounded up to the encoding granule, or 96 on a processor
 * with the SGPR init bug; GFX10+ allocate a fixed count, NEXT_FREE is
 * returned as it is.  What llvm-mc-19 encodes for .amdhsa_next_free_sgpr
 * NEXT_FREE with .amdhsa_reserve_vcc 1 and the processor's XNACK setting.
 */
unsigned vsharp_pm4_sgprs(enum vsharp_gfx level, const struct vsharp_target *t, unsigned next_free);

/* One compute dispatch of a shader already in GPU memory. */
struct vsharp_dispatch {
	enum vsharp_gfx level;		/* a level vsharp_pm4_level() knows */
	/*
	 * The processor of LEVEL it runs on; NULL: the level's probe
	 * processor.  One with VSHARP_QUIRK_SGPR_INIT_BUG allocates 96 SGPRs
	 * whatever sgprs says, as LLVM's assembler corrects it.
	 */
	const struct vsharp_target *target;
	uint64_t pgm_va;		/* entry point, 256-byte aligned */
	unsigned vgprs;			/* VGPRs the shader uses (1..256) */
	/*
	 * SGPRs to allocate (GFX6-9; GFX10+ allocate 128): RSRC1.SGPRS as
	 * LLVM encodes .amdhsa_next_free_sgpr with no VCC, flat scratch or
	 * XNACK_MASK reserved.  vsharp_pm4_sgprs() adds those.
	 */
	unsigned sgprs;
	bool wave32;			/* GFX10+; GFX9 is wave64 only */
	unsigned user_sgprs;		/* 0..16 USER_DATA dwords loaded into s0.. */
	uint32_t user_data[16];
	unsigned lds_bytes;		/* LDS per work-group, rounded up to the level's lds_alloc */
	uint32_t threads[3];		/* work-group size */
	uint32_t groups[3];		/* grid in work-groups */
	bool tgid[3];			/* work-group id x/y/z in SGPRs (ttmp on GFX12) */
	unsigned tidig_comps;		/* thread id components in VGPRs: 1..3 */
};

/* The register values of one dispatch, as vsharp_pm4_dispatch() writes them. */
struct vsharp_pm4_encoded {
	uint32_t pgm_lo, pgm_hi;
	uint32_t rsrc1, rsrc2, rsrc3;	/* rsrc3 only where the level has it */
	uint32_t num_thread[3];
	uint32_t initiator;
};

/* Checks D and encodes it; err names the field and the allowed values. */
int vsharp_pm4_encode(const struct vsharp_dispatch *d, struct vsharp_pm4_encoded *e,
		      struct vsharp_error *err);

/* Cache invalidation and the static compute state, once per IB. */
int vsharp_pm4_preamble(struct vsharp_ib *ib, enum vsharp_gfx level, struct vsharp_error *err);
/* SET_SH_REG of the COMPUTE_* registers and DISPATCH_DIRECT. */
int vsharp_pm4_dispatch(struct vsharp_ib *ib, const struct vsharp_dispatch *d,
			struct vsharp_error *err);
/* Pads with one-dword NOPs (0xffff1000) to a multiple of 8 dwords. */
int vsharp_pm4_finish(struct vsharp_ib *ib, struct vsharp_error *err);

/*
 * After a dispatch, before a CP DMA reads what it wrote: waits until the
 * dispatch's waves have ended and, on GFX6, whose CP DMA bypasses L2,
 * writes L2 back to memory.
 */
int vsharp_pm4_dispatch_done(struct vsharp_ib *ib, enum vsharp_gfx level, struct vsharp_error *err);
/*
 * A CP DMA copy of BYTES from SRC to DST (GPU virtual addresses) through
 * L2 where the level's CP DMA goes through it, in packets of at most the
 * level's cp_dma_max; with SYNC the last one makes the CP wait until every
 * copy has landed.  Whole packets or nothing, as the other builders.
 */
int vsharp_pm4_copy(struct vsharp_ib *ib, enum vsharp_gfx level, uint64_t dst, uint64_t src,
		    uint64_t bytes, bool sync, struct vsharp_error *err);
/* The dwords vsharp_pm4_copy() writes for BYTES on LEVEL (0: no PM4 support). */
unsigned vsharp_pm4_copy_dwords(enum vsharp_gfx level, uint64_t bytes);

struct vsharp_pm4_packet {
	unsigned offset;		/* dword index of the header */
	unsigned type;			/* 0..3 */
	unsigned opcode;		/* type 3 */
	bool compute;			/* shader type bit */
	const uint32_t *body;
	unsigned n_body;
};

/*
 * The packet at *pos; advances *pos.  Returns 1 for a packet, 0 at the end,
 * negative with err naming the offset for a truncated or malformed stream.
 */
int vsharp_pm4_next(const uint32_t *dw, unsigned n, unsigned *pos,
		    struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
const char *vsharp_pm4_opcode_name(unsigned opcode);	/* NULL if unknown */

/* Name of the SH/UCONFIG register at a dword offset on a level, or NULL. */
const char *vsharp_reg_name(enum vsharp_gfx level, uint32_t reg);

/* The dispatch parameters a DISPATCH_DIRECT uses, from register state. */
struct vsharp_compute_regs {
	uint32_t sh[VSHARP_SH_REG_END - VSHARP_SH_REG_BASE];	/* as last written */
	uint32_t written[(VSHARP_SH_REG_END - VSHARP_SH_REG_BASE) / 32];
};

struct vsharp_dispatch_state {
	uint64_t pgm_va;
	unsigned vgprs_alloc;		/* VGPRs allocated per lane */
	unsigned sgprs_alloc;
	bool wave32;
	unsigned user_sgprs;
	uint32_t user_data[16];
	/*
	 * Bit i: COMPUTE_USER_DATA_i was written.  A USER_DATA register the IB
	 * never wrote still loads its SGPR, with whatever the queue held: on
	 * hardware harmless unless the shader reads it (user_data[i] is 0).
	 */
	uint16_t user_data_written;
	unsigned lds_bytes;
	uint32_t threads[3];
	uint32_t groups[3];
	bool tgid[3];
	unsigned tidig_comps;
	uint32_t initiator;
};

static inline bool vsharp_pm4_reg_written(const struct vsharp_compute_regs *regs, uint32_t reg)
{
	uint32_t i = reg - VSHARP_SH_REG_BASE;

	return reg >= VSHARP_SH_REG_BASE && reg < VSHARP_SH_REG_END &&
	       (regs->written[i / 32] >> (i % 32) & 1);
}

/* Applies a SET_SH_REG / SET_SH_REG_INDEX packet to REGS. */
int vsharp_pm4_apply_sh(struct vsharp_compute_regs *regs, const struct vsharp_pm4_packet *pkt,
			struct vsharp_error *err);
/* Decodes the registers plus a DISPATCH_DIRECT packet into what a dispatch needs. */
int vsharp_pm4_dispatch_state(enum vsharp_gfx level, const struct vsharp_compute_regs *regs,
			      const struct vsharp_pm4_packet *dispatch,
			      struct vsharp_dispatch_state *st, struct vsharp_error *err);

/* `vsharp ib decode`: every packet with register names and decoded fields. */
int vsharp_pm4_print(enum vsharp_gfx level, const uint32_t *dw, unsigned n, FILE *out,
		     struct vsharp_error *err);

/* A memory image INDIRECT_BUFFER targets are looked up in: N dwords at VA. */
struct vsharp_pm4_mem {
	uint64_t va;
	const uint32_t *dw;
	size_t n;
};

#define VSHARP_PM4_FOLLOW_MAX 8		/* deepest IB chain vsharp_pm4_decode() follows */

struct vsharp_pm4_decode {
	const struct vsharp_pm4_mem *mem;
	unsigned n_mem;
	unsigned follow_depth;		/* 0: print IB targets, do not decode them */
	bool json;			/* one JSON object instead of text */
};

/*
 * vsharp_pm4_print() that also decodes the IBs INDIRECT_BUFFER packets
 * point at, when a memory image holds them, up to follow_depth levels.
 * Type-0 packets are printed as register writes, type-1 headers reported
 * and skipped; only a packet running past the end of its stream is an error.
 */
int vsharp_pm4_decode(enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		      const struct vsharp_pm4_decode *opt, FILE *out, struct vsharp_error *err);

struct vsharp_ring_dump;

/*
 * vsharp_pm4_decode() of what an amdgpu ring dump (vsharp/dwords.h) still
 * held for the CP: the packets from rptr up to wptr, across the end of the
 * ring, numbered by ring slot.  An idle ring (rptr == wptr) decodes nothing.
 */
int vsharp_pm4_decode_ring(enum vsharp_gfx level, const struct vsharp_ring_dump *ring,
			   const struct vsharp_pm4_decode *opt, FILE *out, struct vsharp_error *err);

#endif
