/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_PROBE_H
#define VSHARP_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/device.h"
#include "vsharp/model.h"
#include "vsharp/stubs.h"

/*
 * The probe layer: waves of cases -> a case table and an IB -> a device ->
 * observed results, compared lane by lane with the model.  One wave runs one
 * stub (instruction under test) with one V#; each lane is one case.
 *
 * Memory under test is the wave's arena; the V# base and offsets are
 * relative to it (a raw V#'s base too).  Lane l owns arena bytes
 * [l * slot, (l + 1) * slot) and the 16-byte LDS slots at l * 16 + k * 16 *
 * wave size: a difference there counts against lane l.
 *
 * A wave's LDS is VSHARP_PROBE_LDS bytes, all of it copied in before the
 * instruction and out after.  1 KiB is a whole number of allocation
 * granules on every level (512 bytes up to GFX10.1, 1 KiB from GFX10.3,
 * Mesa ac_gpu_info.c lds_alloc_granularity), so the allocation ends exactly
 * where the image does and "past the end" means past VSHARP_PROBE_LDS.
 */
#define VSHARP_PROBE_ARENA 8192u	/* arena bytes per wave */
#define VSHARP_PROBE_LDS_SLOT 16u
#define VSHARP_PROBE_LDS 1024u

struct vsharp_probe_lane {
	uint32_t vindex, voffset;	/* DS: vindex is the LDS address */
	uint32_t data[4];		/* v8..v11 */
	uint32_t vdst[8];		/* v12..v19 before the instruction */
};

/*
 * A BVH stack stub's operands from a lane record, and its results into the
 * record's v12..v19 (registers in stubs.h): DATA0 is vindex, DATA1 data[]
 * then vdst[0..3], ADDR vdst[4].
 */
void vsharp_probe_bvh_lane_in(const struct vsharp_probe_lane *pl, struct vsharp_ds_lane_in *in);
void vsharp_probe_bvh_lane_out(const struct vsharp_ds_lane_out *out, uint32_t vdst[8]);

struct vsharp_probe_wave {
	struct vsharp_stub stub;
	struct vsharp_buffer buf;	/* base is an offset into the arena */
	bool raw_desc;			/* use desc[] as is (unbound, reserved codes) */
	uint32_t desc[4];
	uint32_t soffset, m0;
	unsigned n_lanes;
	unsigned slot;			/* arena bytes per lane */
	struct vsharp_probe_lane lane[64];
};

/*
 * What a wave leaves behind, as the device did it or as the model says it
 * must: the destination VGPRs (v12..v19) of every lane of the wave size,
 * the wave's arena and its LDS image.
 */
struct vsharp_probe_record {
	uint32_t vdst[64][8];
	uint8_t arena[VSHARP_PROBE_ARENA];
	uint8_t lds[VSHARP_PROBE_LDS];
};

/* The model's record of a wave, with what it says of each lane. */
struct vsharp_probe_expect {
	struct vsharp_probe_record r;
	struct vsharp_probe_expect_lane {
		bool memviol;
		bool fault;		/* leaves the arena: what it touches is unknown */
		uint8_t n_vdst;		/* VGPRs the instruction writes */
	} lane[64];
	bool memviol, fault;		/* some lane */
};

/* Where a lane's record and the model's part first, in the order VGPRs, arena, LDS. */
enum vsharp_probe_item {
	VSHARP_PROBE_AT_NONE,		/* nowhere */
	VSHARP_PROBE_AT_FAULT,		/* the model has the lane (or a copy of it) leave the arena */
	VSHARP_PROBE_AT_VDST,		/* destination VGPR `where` (0..7) */
	VSHARP_PROBE_AT_MEMORY,		/* arena byte `where` */
	VSHARP_PROBE_AT_LDS,		/* LDS byte `where` */
};

struct vsharp_probe_difference {
	uint8_t item;			/* enum vsharp_probe_item */
	uint16_t where;
	uint32_t expected, observed;
};

struct vsharp_probe_mismatch {
	const struct vsharp_probe_wave *wave;
	unsigned lane;
	const char *what;		/* "vdst[1]", "memory byte at arena +0x40", "LDS byte at +0x10", "model fault ..." */
	uint64_t expected, observed;
};

typedef void (*vsharp_probe_report)(void *ctx, enum vsharp_gfx level,
				    const struct vsharp_probe_mismatch *m);

struct vsharp_probe_ctx;

/* A device plus its shader and buffers, ready for batches of waves. */
int vsharp_probe_open(struct vsharp_device *dev, enum vsharp_align_mode align,
		      struct vsharp_probe_ctx **ctx, struct vsharp_error *err);
void vsharp_probe_close(struct vsharp_probe_ctx *ctx);

/* Lanes per wave on this device: 64 on GFX9, 32 (wave32) on GFX10+. */
unsigned vsharp_probe_wave_size(const struct vsharp_probe_ctx *ctx);
/* The most waves one batch takes. */
#define VSHARP_PROBE_MAX_WAVES 512u

struct vsharp_probe_counts {
	unsigned passed, failed, skipped;
};

/*
 * Runs up to VSHARP_PROBE_MAX_WAVES waves in one dispatch and compares
 * every lane with the model (vsharp_probe_expect under the context's mode
 * and the level's default rules, vsharp_probe_compare); each failing lane's
 * first difference goes to REPORT.  With SKIP_MEMVIOL,
 * waves the model says raise MEMVIOL are not run (on hardware MEMVIOL halts
 * the wave and usually resets the GPU) and their lanes count as skipped.
 * On hardware, waves with a lane the model sees leave its arena are never
 * run either (skipped too): on a GPU that is a VM fault or another wave's
 * bytes.  Returns 0, or a negative errno when the batch could not run or
 * cannot be trusted (a hang, a reset, a store into the guards around the
 * arenas: every lane of the batch then counts failed).
 */
int vsharp_probe_run(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves,
		     unsigned n, bool skip_memviol, vsharp_probe_report report, void *report_ctx,
		     struct vsharp_probe_counts *counts, struct vsharp_error *err);

/*
 * Why the documents leave OP undefined in the compute wave the probe runs
 * it in (a sentence citing them), or NULL when they define it there.
 * `vsharp run` skips such waves on every device unless told otherwise
 * (--allow-ldsdir); vsharp_probe_run itself runs whatever it is given.
 */
const char *vsharp_probe_compute_undefined(enum vsharp_gfx level, const struct vsharp_op *op);

/*
 * The model's view of a wave's buffer instruction: the V# with its base in
 * the wave's arena at ARENA_VA, the stub's modifiers, the alignment MODE and
 * the level's default rules; and one lane's inputs as the probe shader feeds
 * them (stores read v8.., loads and atomics v12..).
 */
int vsharp_probe_buffer_access(enum vsharp_gfx level, const struct vsharp_probe_wave *w,
			       uint64_t arena_va, enum vsharp_align_mode mode,
			       struct vsharp_buffer_access *a, struct vsharp_error *err);
void vsharp_probe_lane_in(const struct vsharp_probe_wave *w, unsigned lane,
			  struct vsharp_lane_in *in);
/*
 * The same for an S_BUFFER_LOAD wave: its V#, the stub's immediate, the
 * soffset if the stub names s12, and the stub's start values in SDATA.
 */
int vsharp_probe_smem_access(enum vsharp_gfx level, const struct vsharp_probe_wave *w,
			     uint64_t arena_va, struct vsharp_smem_access *a, struct vsharp_error *err);

/* Lanes per wave on LEVEL: 64 on GFX9, 32 (wave32) on GFX10+. */
unsigned vsharp_probe_level_wave_size(enum vsharp_gfx level);

/*
 * The case lane L of a wave runs: the dispatch runs every lane of the wave
 * size, those past n_lanes as copies of lane 0.
 */
static inline unsigned vsharp_probe_case_of(const struct vsharp_probe_wave *w, unsigned l)
{
	return l < w->n_lanes ? l : 0;
}

/*
 * The lane a difference at arena byte B, or LDS byte B, counts against:
 * lane B / slot of the arena and the lane of each 16-byte LDS slot (see
 * above), lane 0 for bytes of lanes past n_lanes.
 */
unsigned vsharp_probe_arena_owner(const struct vsharp_probe_wave *w, unsigned b);
unsigned vsharp_probe_lds_owner(const struct vsharp_probe_wave *w, unsigned wave_size, unsigned b);

/* Where wave INDEX of a batch has its arena on CTX's device (fixed while CTX is open). */
uint64_t vsharp_probe_arena_va(const struct vsharp_probe_ctx *ctx, unsigned index);

/*
 * Everything besides the wave that the model's prediction of it depends on.
 * The arena's address counts because the V# base is relative to it and an
 * alignment that is not a power of two (12 bytes) is checked on the address
 * itself: a caller without a device picks one, a multiple of 16 and of 12
 * for the arena's offsets alone to decide.
 */
struct vsharp_probe_setting {
	enum vsharp_gfx level;
	const struct vsharp_target *target;	/* a processor of LEVEL; NULL: its probe processor */
	unsigned wave_size;			/* 32 or 64: vsharp_probe_level_wave_size() on a device */
	enum vsharp_align_mode mode;
	const struct vsharp_rules *rules;	/* NULL: the level's defaults */
	unsigned index;				/* the place in a batch: the arena and LDS it starts with */
	uint64_t arena_va;			/* GPU address of that arena */
};

/*
 * What wave W must leave behind in setting S: every lane of the wave size,
 * the lanes past n_lanes with lane 0's inputs, from the arena and LDS a
 * batch gives place S->index.  No device is needed.
 */
int vsharp_probe_predict(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
			 struct vsharp_probe_expect *e, struct vsharp_error *err);

/* The setting of the INDEXth wave of a batch on CTX, under alignment MODE and RULES. */
struct vsharp_probe_setting vsharp_probe_setting_of(const struct vsharp_probe_ctx *ctx, unsigned index,
						    enum vsharp_align_mode mode,
						    const struct vsharp_rules *rules);

/*
 * What wave W, run as the INDEXth wave of a batch on CTX, must leave behind
 * under alignment MODE and RULES (NULL: the level's defaults):
 * vsharp_probe_predict in that setting.
 */
int vsharp_probe_expect(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, unsigned index,
			enum vsharp_align_mode mode, const struct vsharp_rules *rules,
			struct vsharp_probe_expect *e, struct vsharp_error *err);

/*
 * Runs N waves (1..VSHARP_PROBE_MAX_WAVES, lane counts as vsharp_probe_run
 * checks them) as one dispatch exactly as given, without the model: no
 * wave is skipped and none judged.  Returns 0, or a negative errno when the
 * batch could not run or cannot be trusted (as vsharp_probe_run).
 */
int vsharp_probe_exec(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
		      struct vsharp_error *err);

/*
 * Wave INDEX of the last batch that ran: its record into R, and its
 * survival marker as the return value (the VMID the probe shader writes
 * after the instruction; 0: the wave never got past it).  For a place the
 * last batch did not have, or a batch that failed, R is all zero and the
 * marker 0.
 */
unsigned vsharp_probe_observed(const struct vsharp_probe_ctx *ctx, unsigned index,
			       struct vsharp_probe_record *r);

/*
 * Compares wave W's record SEEN with the model's E item by item and charges
 * each difference to a lane: a lane's VGPRs (not those of the copies past
 * n_lanes), the arena and LDS bytes it owns, and a lane (or copy) the model
 * has leave the arena.  Returns the bit mask of the lanes that differ;
 * FIRST (NULL, or 64 entries) gets each lane's first difference.
 */
uint64_t vsharp_probe_compare(const struct vsharp_probe_wave *w, unsigned wave_size,
			      const struct vsharp_probe_expect *e, const struct vsharp_probe_record *seen,
			      struct vsharp_probe_difference *first);

/* The item of a difference in words: "vdst[1]", "memory byte at arena +0x40", "LDS byte at +0x10". */
void vsharp_probe_item_text(const struct vsharp_probe_difference *d, char *buf, size_t n);

/* The arena and LDS bytes a wave starts with (a pattern of the wave and byte). */
uint8_t vsharp_probe_pattern(unsigned wave, unsigned byte);
/*
 * The arena (VSHARP_PROBE_ARENA bytes) and LDS image (VSHARP_PROBE_LDS) a
 * batch's INDEXth wave starts with (INDEX < VSHARP_PROBE_MAX_WAVES).
 */
int vsharp_probe_start(unsigned index, uint8_t *arena, uint8_t *lds, struct vsharp_error *err);

/* The VMID the last batch's waves reported (HW_ID/HW_ID2). */
unsigned vsharp_probe_vmid(const struct vsharp_probe_ctx *ctx);

/* A one-line description of a wave's case, for reports. */
void vsharp_probe_describe(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned lane,
			   char *buf, size_t n);

#endif
