// SPDX-License-Identifier: MIT
/*
 * The emulated device: cases per second and lane-instructions per second
 * on one core, for every suite on one family, and the whole `vsharp run`
 * suite estimate.
 */
#include <stdlib.h>

#include "bench.h"
#include "vsharp/emu.h"
#include "vsharp/suites.h"

int main(int argc, char **argv)
{
	enum vsharp_gfx level = VSHARP_GFX11;
	struct vsharp_probe_wave *waves = calloc(VSHARP_PROBE_MAX_WAVES, sizeof(*waves));
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx;
	struct vsharp_emu_stats st;
	uint64_t cases = 0, batches = 0;
	double t0, t1;

	if (argc > 1 && vsharp_gfx_parse(argv[1], &level, NULL))
		return 2;
	if (!waves || vsharp_emu_open(level, &dev, NULL) ||
	    vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, NULL))
		return 1;
	t0 = bench_now();
	for (unsigned s = 0; s < vsharp_suite_count; s++) {
		const struct vsharp_suite *su = vsharp_suites[s];
		unsigned ws = vsharp_probe_wave_size(ctx), total = vsharp_suite_waves(su, ws);
		unsigned k = 0;

		while (k < total) {
			struct vsharp_probe_counts c;
			unsigned n = 0;

			for (; k < total && n < VSHARP_PROBE_MAX_WAVES; k++)
				n += su->wave(level, ws, VSHARP_ALIGN_UNALIGNED, k, &waves[n]);
			if (n && vsharp_probe_run(ctx, waves, n, false, NULL, NULL, &c, NULL))
				return 1;
			cases += c.passed + c.failed;
			batches += n > 0;
		}
	}
	t1 = bench_now();
	vsharp_emu_stats(dev, &st);
	bench_report("emu cases (all suites, model incl.)", "cases", cases, t1 - t0);
	bench_report("emu lane-instructions", "lane-insns", st.lane_ops, t1 - t0);
	bench_report("emu wave instructions", "insns", st.instructions, t1 - t0);
	/* Whole batches through the probe path: upload, IB, run, bulk readback, compare. */
	bench_report("emu probe batches (all suites)", "batches", batches, t1 - t0);
	printf("%-32s %12.2f s (est. five families)\n", "whole vsharp run", 5 * (t1 - t0));
	vsharp_probe_close(ctx);
	vsharp_device_close(dev);
	free(waves);
	return 0;
}
