/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_MODEL_H
#define VSHARP_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/desc.h"
#include "vsharp/ops.h"
#include "vsharp/rules.h"

/*
 * The reference model: what one lane of a buffer (MUBUF, MTBUF) or LDS (DS)
 * instruction must do on a level, given the V#, the lane's inputs, the
 * SH_MEM_CONFIG alignment mode and the memory.  Documentation/model.rst
 * states every rule with its source; rules.h names the contested ones.
 *
 * Use: fill an access, plan it once (checks and per-instruction work), then
 * evaluate lanes.  Stores and atomics update the memory they are given.
 */

enum vsharp_align_mode {
	VSHARP_ALIGN_DWORD,
	VSHARP_ALIGN_DWORD_STRICT,
	VSHARP_ALIGN_STRICT,
	VSHARP_ALIGN_UNALIGNED,
	VSHARP_ALIGN_COUNT
};

const char *vsharp_align_mode_name(enum vsharp_align_mode m);
int vsharp_align_mode_parse(const char *name, enum vsharp_align_mode *m,
			    struct vsharp_error *err);

/*
 * GPU virtual memory as the model sees it: one window [va, va+size) at
 * bytes, or, when resolve is set, a paged address space that resolve
 * translates access by access (NULL: the access faults; WRITE: it stores).
 * Accesses outside the memory are faults.
 */
struct vsharp_memory {
	uint64_t va;
	uint8_t *bytes;
	uint64_t size;
	uint8_t *(*resolve)(void *ctx, uint64_t addr, unsigned n, bool write);
	void *ctx;
};

/* The LDS allocation of the wave (or work-group). */
struct vsharp_lds {
	uint8_t *bytes;
	uint32_t size;
};

#define VSHARP_MAX_VDST 8	/* 4 data dwords, a TFE status, DS read2_b64 */
#define VSHARP_MAX_DWORDS 4

/* One buffer instruction, as the wave issues it. */
struct vsharp_buffer_access {
	enum vsharp_gfx level;
	const struct vsharp_target *target;	/* a processor of LEVEL; NULL: its probe processor */
	const struct vsharp_op *op;
	uint32_t desc[4];		/* the V# */
	bool idxen, offen;
	bool addr64;			/* GFX6/7: VADDR is a 64-bit address (no idxen/offen) */
	bool glc;			/* atomics: return the pre-op value */
	bool tfe;
	bool lds;			/* the `lds` modifier (GFX6..GFX10.3) */
	uint32_t soffset;
	uint32_t ioffset;		/* 12-bit; 24-bit non-negative on GFX12 */
	uint32_t m0;			/* buffer-to-LDS: LDS offset in M0[15:0] */
	struct vsharp_format tformat;	/* MTBUF format */
	enum vsharp_align_mode align;
	struct vsharp_rules rules;
};

/* How a range check is formed; the plan picks one per instruction. */
enum vsharp_range {
	VSHARP_RANGE_NONE,		/* GFX9 private (scratch) */
	VSHARP_RANGE_ADDR64,		/* GFX6/7 ADDR64: none */
	VSHARP_RANGE_EMPTY,		/* OOB_SELECT 2: only NUM_RECORDS == 0 */
	VSHARP_RANGE_INDEX,		/* index >= NR */
	VSHARP_RANGE_INDEX_OFFSET_GE,	/* index >= NR || offset >= stride */
	VSHARP_RANGE_INDEX_OFFSET_GT,	/* index >= NR || offset > stride */
	VSHARP_RANGE_INDEX_PAYLOAD,	/* index >= NR || offset + payload > stride */
	VSHARP_RANGE_OFFSET_GE,		/* offset >= NR */
	VSHARP_RANGE_OFFSET_GE_SOFF,	/* offset >= NR - soffset */
	VSHARP_RANGE_LINEAR_GE_SOFF,	/* stride * index + offset >= NR - soffset */
	VSHARP_RANGE_PAYLOAD,		/* offset + payload > NR - soffset */
	VSHARP_RANGE_PAYLOAD_DWORDS,	/* offset + payload in dwords > NR - soffset */
	VSHARP_RANGE_SWIZZLED_GE,	/* swizzled offset >= NR */
	VSHARP_RANGE_COUNT
};

const char *vsharp_range_text(enum vsharp_range r);

/* How much of memory a V# lets through, in the unit its range check counts. */
enum vsharp_extent_unit {
	VSHARP_EXTENT_UNCHECKED,	/* no range check (or OOB_SELECT 2 with records) */
	VSHARP_EXTENT_NOTHING,		/* every access is out of range */
	VSHARP_EXTENT_BYTES,		/* base .. base + bytes */
	VSHARP_EXTENT_RECORDS,		/* records 0 .. records - 1 of stride bytes each */
	VSHARP_EXTENT_INDEX,		/* index < records; the offset is not checked */
};

struct vsharp_buffer_extent {
	enum vsharp_range range;	/* the check, as the model forms it */
	enum vsharp_extent_unit unit;
	bool ignored;			/* TYPE is not a buffer: the instruction does nothing */
	bool unbound;			/* loads read 0 whatever the range */
	uint64_t records;		/* NUM_RECORDS */
	uint32_t stride;		/* bytes per record in effect */
	uint64_t bytes;			/* BYTES: NUM_RECORDS; RECORDS: records x stride */
};

/*
 * What DESC covers on LEVEL for BUFFER_LOAD_DWORD with IDXEN set or not
 * (OFFEN, soffset 0, instruction offset 0, the level's default rules), read
 * off the plan vsharp_buffer_plan() forms: the one source `desc decode`
 * prints and `addr` checks against.
 */
int vsharp_buffer_extent(enum vsharp_gfx level, const uint32_t desc[4], bool idxen,
			 struct vsharp_buffer_extent *e, struct vsharp_error *err);

struct vsharp_buffer_plan {
	struct vsharp_buffer_access a;
	struct vsharp_buffer buf;	/* the V# decoded */
	unsigned desc_flags;		/* enum vsharp_desc_flag */
	bool unbound;			/* all zero or INVALID format: loads read 0 */
	bool ignored;			/* TYPE != 0: the instruction does nothing */
	struct vsharp_format format;	/* format instructions: the one in use */
	uint32_t stride;		/* in effect for this instruction */
	uint32_t element_size;		/* swizzle element bytes */
	bool d16_unpacked;		/* the target's D16 layout (gfx.h) */
	bool d16_keep;			/* D16 loads keep the other half: the rule, and no SRAM ECC */
	unsigned bytes;			/* bytes the instruction moves (payload) */
	unsigned n_dwords;		/* dwords range-checked */
	bool all_or_nothing;
	enum vsharp_range range;
	unsigned align;			/* required alignment in bytes */
	bool align_force;		/* misalignment aligns down; else MEMVIOL */
	unsigned n_vdst;		/* data VGPRs written by a load */
	uint64_t nr_soff;		/* NUM_RECORDS - soffset, saturated at 0 */
};

int vsharp_buffer_plan(const struct vsharp_buffer_access *a,
		       struct vsharp_buffer_plan *p, struct vsharp_error *err);

struct vsharp_lane_in {
	uint32_t lane;			/* 0..63: thread id in the wave */
	uint32_t vindex, voffset;
	uint64_t vaddr64;		/* ADDR64: the VADDR pair, low dword first */
	uint32_t data[8];		/* store data, atomic source then compare */
	uint32_t vdst[VSHARP_MAX_VDST];	/* destination VGPRs before the load */
};

struct vsharp_lane_out {
	uint32_t index, offset;		/* as the address formula reads them */
	uint64_t addr_unaligned;	/* first byte as computed */
	uint64_t addr;			/* first byte, after forced alignment */
	uint64_t dword_addr[VSHARP_MAX_DWORDS];
	uint8_t n_dwords;
	uint8_t in_range;		/* bit d: dword d is in range */
	bool memviol;
	bool unbound;
	bool ignored;			/* V# TYPE mismatch: VGPRs and memory kept */
	bool fault;			/* outside the memory window */
	uint8_t n_vdst;
	uint32_t vdst[VSHARP_MAX_VDST];
	bool lds_written;
	uint32_t lds_addr;
};

void vsharp_buffer_lane(const struct vsharp_buffer_plan *p,
			const struct vsharp_lane_in *in, struct vsharp_memory *mem,
			struct vsharp_lds *lds, struct vsharp_lane_out *out);

/*
 * Whether every byte lane IN of plan P may read or write lies in [LO, HI),
 * from the addresses vsharp_buffer_lane() forms, without moving data: then
 * the lane cannot fault in memory that covers [LO, HI).  False: it may
 * reach out (or its address is out of range, where it moves nothing).
 */
bool vsharp_buffer_lane_inside(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			       uint64_t lo, uint64_t hi);

/*
 * Whether plan P moves plain dwords for every lane whose 32-bit offset
 * (OFFEN's VGPR + the instruction offset) is at most MAX_OFFSET and whose
 * first-byte address (base + soffset + offset) ORed with the others' gives
 * ADDR_OR: then vsharp_buffer_lane() gives such a lane exactly a load of the
 * dwords at that address and up into its VDST (n_dwords of them), or a store
 * of its DATA there, with no MEMVIOL and no other effect.  An emulator may
 * copy those dwords itself; false says nothing about any lane.
 */
bool vsharp_buffer_plain(const struct vsharp_buffer_plan *p, uint32_t max_offset, uint64_t addr_or);

/*
 * One lane under every choice of a rule (rules.h), on scratch copies of the
 * memory and LDS: how a hardware result tells the choices apart.  Returns the
 * number of choices evaluated.
 */
int vsharp_buffer_lane_each_choice(const struct vsharp_buffer_access *a, enum vsharp_rule rule,
				   const struct vsharp_lane_in *in, const struct vsharp_memory *mem,
				   struct vsharp_lane_out out[VSHARP_RULE_MAX_CHOICES],
				   struct vsharp_error *err);

/*
 * One S_BUFFER_LOAD_* (SMEM through a V#).  The scalar unit reads only the
 * V#'s base, stride and NUM_RECORDS, loads consecutive dwords (GFX12 also a
 * byte or a short) into SGPRs and range-checks each dword on its own
 * (Documentation/model.rst, "Scalar buffer loads").
 */
#define VSHARP_SMEM_MAX_DWORDS 16

struct vsharp_smem_access {
	enum vsharp_gfx level;
	const struct vsharp_op *op;	/* a VSHARP_OP_SMEM entry of the level */
	uint32_t desc[4];		/* the V# */
	int32_t ioffset;		/* the immediate in bytes (GFX6/7 SMRD: dwords * 4) */
	uint32_t soffset;		/* the SGPR or M0 offset; 0 if the instruction has none */
	uint32_t sdata[VSHARP_SMEM_MAX_DWORDS];	/* the destination SGPRs before the load */
	struct vsharp_rules rules;
};

struct vsharp_smem_result {
	uint64_t offset;		/* the offset the range check compares */
	uint64_t size;			/* bytes the V# allows */
	uint64_t addr;			/* first byte read, after forced alignment */
	uint8_t n_dwords;		/* SGPRs the instruction loads */
	uint16_t in_range;		/* bit d: dword d is in range */
	uint16_t written;		/* bit d: SGPR SDATA + d is written */
	bool memviol;			/* GFX11+: a negative IOFFSET, nothing loads */
	bool fault;			/* an in-range dword lies outside the memory */
	uint32_t sdata[VSHARP_SMEM_MAX_DWORDS];	/* the destination SGPRs after */
};

/* Whether the access is one the documents define (field and range on error). */
int vsharp_smem_check(const struct vsharp_smem_access *a, struct vsharp_error *err);
/* The load, on an access vsharp_smem_check accepts. */
void vsharp_smem_load(const struct vsharp_smem_access *a, const struct vsharp_memory *mem,
		      struct vsharp_smem_result *out);

/* One DS instruction. */
struct vsharp_ds_access {
	enum vsharp_gfx level;
	const struct vsharp_target *target;	/* a processor of LEVEL; NULL: its probe processor */
	bool wgp;			/* GFX10+: WGP mode (RSRC1.WGP_MODE 1); the probes run CU mode */
	const struct vsharp_op *op;
	uint8_t offset0, offset1;	/* single-address ops: {offset1, offset0} */
	uint8_t attr, attr_chan;	/* parameter loads: attribute 0-32, channel x..w */
	uint32_t m0;
	enum vsharp_align_mode align;
	struct vsharp_rules rules;
};

struct vsharp_ds_lane_in {
	uint32_t lane;
	uint32_t vaddr;
	uint32_t data0[4], data1[8];	/* DATA0 and DATA1 VGPRs (8: BVH stack push8) */
	uint32_t vdst[4];		/* destination VGPRs before the load */
};

struct vsharp_ds_lane_out {
	uint32_t addr_unaligned[2];	/* as computed */
	uint32_t addr[2];		/* after forced alignment */
	uint8_t n_addr;
	bool in_range[2];		/* every byte of the access in range */
	uint16_t byte_in_range[2];	/* bit i: byte i of the access (GFX12 partial) */
	bool memviol;
	/*
	 * No defined result: a misaligned multi-dword access in WGP mode on a
	 * processor with LLVM's FeatureLdsMisalignedBug (gfx1010..gfx1013).
	 * The model still gives the data an unaffected chip would.
	 */
	bool unreliable;
	uint8_t n_vdst;
	uint32_t vdst[4];
	bool addr_written;		/* BVH stack ops write ADDR back */
	uint32_t new_addr;
};

int vsharp_ds_check(const struct vsharp_ds_access *a, struct vsharp_error *err);
/*
 * One lane of a BVH stack op (VSHARP_OP_STACK): pushes DATA1's valid nodes,
 * returns DATA1's last or pops, and gives ADDR's new value
 * (Documentation/model.rst, "BVH stack operations").
 */
void vsharp_ds_bvh_stack(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
			 struct vsharp_lds *lds, struct vsharp_ds_lane_out *out);
/* One lane of a per-lane instruction; a lane operation (VSHARP_OP_LANES) needs the wave. */
void vsharp_ds_lane(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		    struct vsharp_lds *lds, struct vsharp_ds_lane_out *out);
/*
 * The whole wave: IN and OUT hold LANES lanes (the wave size, at most 64),
 * in[i].lane == i; EXEC says which run.  Per-lane instructions run lane by
 * lane in order; swizzle and permute move data between the lanes.  Lanes
 * EXEC leaves out get n_vdst 0, except that LDS direct and parameter loads
 * write every lane of a quad with any lane in EXEC.
 */
void vsharp_ds_wave(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		    unsigned lanes, uint64_t exec, struct vsharp_lds *lds,
		    struct vsharp_ds_lane_out *out);

/*
 * A DS load or store that is a plain copy for every lane whose addresses
 * ADDR + offset[k] (computed without wrapping) are multiples of ALIGN and
 * end at most at LIMIT: vsharp_ds_lane() then loads the BYTES at address 0,
 * then those at address 1, into VDST, or stores DATA0 at address 0 and
 * DATA1 at address 1, with no MEMVIOL and no other effect.
 */
struct vsharp_ds_plain {
	unsigned bytes;			/* per address, a multiple of 4 */
	unsigned n_addr;		/* 1, or 2 for the dual-address forms */
	uint32_t offset[2];
	uint32_t align;
	uint64_t limit;
};

/* Whether A on LDS is such a copy (vsharp_ds_check() accepts A), and how. */
bool vsharp_ds_plain(const struct vsharp_ds_access *a, const struct vsharp_lds *lds,
		     struct vsharp_ds_plain *plain);

/*
 * The LDS bank of a byte address on TARGET: that of its dword,
 * (addr / 4) % target->lds_banks.  The bank count is a processor fact
 * (hw/gfx.c's table, Documentation/model.rst "LDS banks").
 */
unsigned vsharp_lds_bank(const struct vsharp_target *target, uint32_t byte_addr);
/*
 * The bank of each byte address, and the conflict degree of the accesses
 * made together on TARGET: the most distinct dwords any one bank must serve
 * (1 = no conflict; lanes reading the same dword share it).
 */
unsigned vsharp_lds_conflicts(const struct vsharp_target *target, const uint32_t *byte_addr,
			      unsigned n, uint8_t *bank);

/* The new memory value of an atomic; cmp is used by the compare-swaps. */
uint64_t vsharp_atomic_apply(enum vsharp_atomic op, unsigned bytes, uint64_t old,
			     uint64_t src, uint64_t cmp);

#endif
