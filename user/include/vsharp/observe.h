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
 * An observation is a wave's whole record (probe.h: every lane's
 * destination VGPRs, the arena, the LDS).  A prediction is the probe
 * layer's expectation under some alignment mode and rule choices
 * (vsharp_probe_predict, or vsharp_probe_expect on the context the wave
 * ran on); it explains a lane when it agrees with the record
 * on every item the probe layer charges to that lane.
 */

/* What a wave's run gave. */
enum vsharp_observed_state {
	VSHARP_OBSERVED_NOT_RUN,	/* gated, or it would leave its arena: see why */
	VSHARP_OBSERVED_RAN,		/* the record holds the observation */
	VSHARP_OBSERVED_HALTED,		/* run alone, it never reached the end: MEMVIOL on a GPU */
	VSHARP_OBSERVED_ERROR,		/* the batch failed for another reason: see why */
};

struct vsharp_observed {
	uint8_t state;			/* enum vsharp_observed_state */
	uint16_t index;			/* the wave's place in its batch (vsharp_probe_expect's INDEX) */
	struct vsharp_probe_record record;
	char why[192];
};

/*
 * Runs N waves on CTX, whose alignment mode is MODE, and fills SEEN[i] for
 * each.  Waves run in batches, except where ALONE[i] is set or the model
 * says the wave raises MEMVIOL: those run one per dispatch, so that a wave
 * the GPU halts costs that wave only; on HARDWARE they run only with
 * ALLOW_ALONE (else NOT_RUN), and a batch of several waves that the GPU
 * could not finish is run again wave by wave.  A wave run alone whose
 * survival marker is missing, or whose dispatch hung or was reset, is
 * HALTED.  Returns 0 or a negative errno for an error that is not the
 * device's (no memory).
 */
int vsharp_observe(struct vsharp_probe_ctx *ctx, enum vsharp_align_mode mode, bool hardware,
		   const struct vsharp_probe_wave *waves, const bool *alone, unsigned n, bool allow_alone,
		   struct vsharp_observed *seen, struct vsharp_error *err);

/*
 * The lanes of wave W (of a wave of WAVE_SIZE) that prediction CAND does not
 * explain as SEEN shows them: when it ran, the lanes with an item CAND
 * predicts otherwise, FIRST (NULL, or 64 entries) getting where each first
 * differs (vsharp_probe_compare); when it halted, none if CAND raises
 * MEMVIOL in some lane and every lane if not; when it did not run, every lane.
 */
uint64_t vsharp_observed_unexplained(const struct vsharp_probe_wave *w, unsigned wave_size,
				     const struct vsharp_probe_expect *cand, const struct vsharp_observed *seen,
				     struct vsharp_probe_difference *first);

/*
 * At difference D (from vsharp_observed_unexplained): what the wave showed
 * ("vdst[0] = 0x3f800000", "halted (...)") and what the prediction CAND had
 * there ("vdst[0] = 0x00000000", "no MEMVIOL").
 */
void vsharp_observed_describe(const struct vsharp_observed *seen, const struct vsharp_probe_difference *d,
			      char *buf, size_t n);
void vsharp_predicted_describe(const struct vsharp_observed *seen, const struct vsharp_probe_expect *cand,
			       const struct vsharp_probe_difference *d, char *buf, size_t n);

#endif
