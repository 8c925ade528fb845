/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_PROBE_CONTEXT_H
#define VSHARP_LIB_PROBE_CONTEXT_H

#include "vsharp/probe.h"
#include "vsharp/shaders.h"

/*
 * An open probe context (vsharp/probe.h): a device with the probe shader
 * and the buffers of one batch.  batch.c opens and runs it; the case table
 * (case_table.c) and the arenas (arena.c) fill and read its buffers, and
 * the prediction (predict.c) asks where a wave of it runs.
 */
struct vsharp_probe_ctx {
	struct vsharp_device *dev;
	enum vsharp_gfx level;
	enum vsharp_align_mode align;
	const struct vsharp_shader *shader;
	uint32_t stub_base;
	/*
	 * The shader's own copies, outside every stub: [start, end) code offsets
	 * of the part before the stubs' jump and of the part after stub_done.
	 */
	uint32_t own[2][2];
	struct vsharp_bo code, table, arena, ib;
	unsigned wave_size;
	unsigned vmid;
	unsigned ran;		/* waves of the last batch that ran to the end */
	/* Host copies of the table and of the arenas (the guards are checked in the BO). */
	uint8_t *host_table, *host_arena;
	/*
	 * The batch places whose record and arena may hold more than zeroes,
	 * and whether the context was reopened since (vsharp_probe_open takes
	 * the device's spare): its first batch then clears the places past its
	 * own, so that it sees the buffers as freshly allocated ones.
	 */
	unsigned dirty;
	bool reopened;
	/* A batch's working space: the model's record, the observed one, the waves that run. */
	struct vsharp_probe_expect *e;
	struct vsharp_probe_record *seen;
	const struct vsharp_probe_wave **run;
	struct vsharp_probe_wave *batch;	/* a copy of those waves when some are skipped */
	/* What the model expects of each place, when it decided beforehand which waves run. */
	struct vsharp_probe_expect *expected;
};

#endif
