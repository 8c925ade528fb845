// SPDX-License-Identifier: MIT
/*
 * The emulated device: cases per second and lane-instructions per second
 * on one core, for every suite on one family, and the whole `vsharp run`
 * suite estimate (every family as long as this one).  Under callgrind
 * every 16th batch of each suite runs.
 */
#include <stdlib.h>

#include "bench.h"
#include "vsharp/emu.h"
#include "vsharp/suites.h"

/* Runs waves K, K + STEP, ... of a suite as one batch; returns the next K, or 0 on failure. */
static unsigned batch(struct vsharp_probe_ctx *ctx, enum vsharp_gfx level,
		      const struct vsharp_suite *su, unsigned k, unsigned step,
		      struct vsharp_probe_wave *waves, uint64_t *cases)
{
	unsigned ws = vsharp_probe_wave_size(ctx), total = vsharp_suite_waves(su, ws);
	unsigned n = 0, end = k + VSHARP_PROBE_MAX_WAVES * step;
	struct vsharp_probe_counts c;

	for (; k < total && k < end; k += step)
		n += su->wave(level, ws, VSHARP_ALIGN_UNALIGNED, k, &waves[n]);
	if (n && vsharp_probe_run(ctx, waves, n, false, NULL, NULL, &c, NULL))
		return 0;
	*cases += n ? c.passed + c.failed : 0;
	return k;
}

int main(int argc, char **argv)
{
	enum vsharp_gfx level = VSHARP_GFX11;
	struct vsharp_probe_wave *waves = calloc(VSHARP_PROBE_MAX_WAVES, sizeof(*waves));
	/* Under callgrind every 16th wave of each suite, in batches as large. */
	unsigned step = RUNNING_ON_VALGRIND ? 16 : 1;
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx;
	struct vsharp_emu_stats st0, st;
	uint64_t cases = 0, batches = 0;
	double t0, t1;

	if (argc > 1 && vsharp_gfx_parse(argv[1], &level, NULL))
		return 2;
	if (!waves || vsharp_emu_open(level, &dev, NULL) ||
	    vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, NULL))
		return 1;
	/* One full batch first: what a context sets up once is not per case. */
	if (!batch(ctx, level, vsharp_suites[0], 0, 1, waves, &cases))
		return 1;
	cases = 0;
	vsharp_emu_stats(dev, &st0);
	t0 = bench_start();
	for (unsigned s = 0; s < vsharp_suite_count; s++) {
		const struct vsharp_suite *su = vsharp_suites[s];
		unsigned total = vsharp_suite_waves(su, vsharp_probe_wave_size(ctx));

		for (unsigned k = 0; k < total; batches++) {
			k = batch(ctx, level, su, k, step, waves, &cases);
			if (!k)
				return 1;
		}
	}
	t1 = t0 + bench_stop(t0, "emu cases (all suites, model incl.)", "cases", cases);
	vsharp_emu_stats(dev, &st);
	bench_report("emu lane-instructions", "lane-insns", st.lane_ops - st0.lane_ops, t1 - t0);
	bench_report("emu wave instructions", "insns", st.instructions - st0.instructions, t1 - t0);
	/* Whole batches through the probe path: upload, IB, run, bulk readback, compare. */
	bench_report("emu probe batches (all suites)", "batches", batches, t1 - t0);
	/* Every level has an emulated device: the run covers them all. */
	printf("%-36s %12.2f s (est. %u families)\n", "whole vsharp run", VSHARP_GFX_COUNT * (t1 - t0),
	       (unsigned)VSHARP_GFX_COUNT);
	vsharp_probe_close(ctx);
	vsharp_device_close(dev);
	free(waves);
	return 0;
}
