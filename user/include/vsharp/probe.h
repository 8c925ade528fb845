/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_PROBE_H
#define VSHARP_PROBE_H

#include <stdbool.h>
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

struct vsharp_probe_mismatch {
	const struct vsharp_probe_wave *wave;
	unsigned lane;
	const char *what;		/* "vdst[1]", "memory +0x40", "lds +0x10", "fault" */
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
 * every lane with the model; mismatches go to REPORT.  With SKIP_MEMVIOL,
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

/* The arena and LDS bytes a wave starts with (a pattern of the wave and byte). */
uint8_t vsharp_probe_pattern(unsigned wave, unsigned byte);

/* The VMID the last batch's waves reported (HW_ID/HW_ID2). */
unsigned vsharp_probe_vmid(const struct vsharp_probe_ctx *ctx);

/* A one-line description of a wave's case, for reports. */
void vsharp_probe_describe(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned lane,
			   char *buf, size_t n);

#endif
