/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_OBSERVE_H
#define VSHARP_OBSERVE_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/probe.h"

/*
 * What a device did with probe waves, and which of several predictions
 * explains it: the ground the rule verdicts (verdict.h) and the measured
 * alignment atlas (atlas.h) stand on.
 *
 * The probe layer compares every lane with the model's default choices
 * and reports, per lane, the first thing that differs (a destination VGPR,
 * then a memory byte, then an LDS byte, each attributed to a lane as
 * Documentation/run.rst says).  An observation is therefore exact when a
 * lane matched the model, and otherwise the first differing item and the
 * value found there.  A prediction explains a lane when it agrees with the
 * model on every item before that one and has the observed value there
 * (or, for a lane with no difference, agrees with the model everywhere).
 */

/* The model's view of one wave under one alignment mode and set of rule choices. */
struct vsharp_expect_lane {
	uint64_t addr_requested;	/* byte offset (arena, or LDS for DS) as computed */
	uint64_t addr_used;		/* after forced alignment */
	bool memviol, fault;
	uint8_t n_vdst;			/* VGPRs the instruction writes */
};

struct vsharp_expect {
	uint32_t vdst[64][8];
	uint8_t arena[VSHARP_PROBE_ARENA];
	uint8_t lds[VSHARP_PROBE_LDS];
	struct vsharp_expect_lane lane[64];
	bool memviol, fault;		/* some lane */
};

/*
 * What wave W, the INDEXth wave of its batch, must leave behind under MODE
 * and RULES (NULL: the level's defaults), exactly as the probe layer
 * predicts it: the arena and LDS start from vsharp_probe_pattern().  The
 * arena sits at ARENA_VA.  The probe layer does not say where it placed the
 * arena, only that the address is a multiple of 8 KiB, so any such address
 * predicts the same unless a choice reads the address modulo something else
 * (strict_b96=12); VSHARP_EXPECT_VA is one.
 */
#define VSHARP_EXPECT_VA (1ull << 32)

int vsharp_expect_wave(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned index,
		       uint64_t arena_va, enum vsharp_align_mode mode, const struct vsharp_rules *rules,
		       struct vsharp_expect *e, struct vsharp_error *err);

/* What a wave's run gave. */
enum vsharp_observed_state {
	VSHARP_OBSERVED_NOT_RUN,	/* gated, or it would leave its arena: see why */
	VSHARP_OBSERVED_RAN,		/* the lanes below hold the observation */
	VSHARP_OBSERVED_HALTED,		/* run alone, it never reached the end: MEMVIOL on a GPU */
	VSHARP_OBSERVED_ERROR,		/* the batch failed for another reason: see why */
};

enum vsharp_observed_item {
	VSHARP_ITEM_SAME,		/* the lane matched the model */
	VSHARP_ITEM_VDST,		/* destination VGPR `where` (0..7) */
	VSHARP_ITEM_MEMORY,		/* arena byte `where` */
	VSHARP_ITEM_LDS,		/* LDS byte `where` */
	VSHARP_ITEM_OTHER,		/* anything else the probe layer reported */
};

struct vsharp_observed_lane {
	uint8_t item;			/* enum vsharp_observed_item */
	uint16_t where;
	uint32_t value;			/* what the device left there */
};

struct vsharp_observed {
	uint8_t state;			/* enum vsharp_observed_state */
	uint16_t index;			/* the wave's place in its batch (vsharp_expect_wave's INDEX) */
	struct vsharp_observed_lane lane[64];
	char why[192];
};

/*
 * Runs N waves on CTX, whose alignment mode is MODE, and fills SEEN[i] for
 * each.  Waves run in batches, except where ALONE[i] is set or the model
 * says the wave raises MEMVIOL: those run one per dispatch, so that a wave
 * the GPU halts costs that wave only; on hardware they run only with
 * ALLOW_ALONE (else NOT_RUN), and a batch of several waves that the GPU
 * could not finish is run again wave by wave.  A wave run alone whose
 * survival marker (the VMID the probe shader writes after the instruction)
 * is missing, or whose dispatch hung or was reset, is HALTED.  Returns 0 or
 * a negative errno for an error that is not the device's (no memory).
 */
int vsharp_observe(struct vsharp_probe_ctx *ctx, enum vsharp_gfx level, enum vsharp_align_mode mode,
		   bool hardware, const struct vsharp_probe_wave *waves, const bool *alone, unsigned n,
		   bool allow_alone, struct vsharp_observed *seen, struct vsharp_error *err);

/*
 * Whether prediction CAND explains LANE of wave W as SEEN shows it, given
 * that the probe layer compared the lane with MODEL (the model's defaults
 * under the same mode).  A HALTED wave is explained by a prediction in
 * which some lane raises MEMVIOL.  WAVE_SIZE attributes LDS bytes.
 */
bool vsharp_observed_explains(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
			      const struct vsharp_expect *cand, const struct vsharp_expect *model,
			      const struct vsharp_observed *seen);

/* Whether two predictions differ on anything attributed to LANE (or in MEMVIOL). */
bool vsharp_expect_lane_differs(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
				const struct vsharp_expect *a, const struct vsharp_expect *b);

/* One line: what the lane showed ("vdst[0] = 0x3f800000", "as the model", "halted"). */
void vsharp_observed_describe(const struct vsharp_observed *seen, unsigned lane, char *buf, size_t n);

/* The same for a prediction, at the item the observation names (or its first difference from MODEL). */
void vsharp_expect_describe(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
			    const struct vsharp_expect *cand, const struct vsharp_expect *model,
			    const struct vsharp_observed *seen, char *buf, size_t n);

#endif
