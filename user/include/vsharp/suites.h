/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_SUITES_H
#define VSHARP_SUITES_H

#include <stdbool.h>

#include "vsharp/model.h"
#include "vsharp/probe.h"

/*
 * The suites of `vsharp run`.  A suite is a deterministic list of waves for
 * a level and alignment mode: wave k is always the same case, so a report
 * names it and a rerun finds it.
 */
struct vsharp_suite {
	const char *name;
	const char *help;
	/* Cases per family and alignment mode: cases / wave size waves. */
	unsigned cases;
	/* Fills wave K; false if the level has nothing for it (the wave is not run). */
	bool (*wave)(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		     unsigned k, struct vsharp_probe_wave *w);
	/* Runs under every alignment mode, not only the device's. */
	bool all_modes;
};

extern const struct vsharp_suite *const vsharp_suites[];
extern const unsigned vsharp_suite_count;

const struct vsharp_suite *vsharp_suite_find(const char *name);

static inline unsigned vsharp_suite_waves(const struct vsharp_suite *s, unsigned wave_size)
{
	return s->cases / wave_size;
}

#endif
