// SPDX-License-Identifier: MIT
/*
 * Observations of probe waves on a device, and the test of whether a
 * prediction explains them (vsharp/observe.h).  Records, predictions and
 * the charging of items to lanes are the probe layer's (vsharp/probe.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/observe.h"

#define MAX_WAVES VSHARP_PROBE_MAX_WAVES

uint64_t vsharp_observed_unexplained(const struct vsharp_probe_wave *w, unsigned wave_size,
				     const struct vsharp_probe_expect *cand, const struct vsharp_observed *seen,
				     struct vsharp_probe_difference *first)
{
	uint64_t lanes = w->n_lanes == 64 ? ~0ull : (1ull << w->n_lanes) - 1;

	if (first)
		memset(first, 0, 64 * sizeof(*first));
	if (seen->state == VSHARP_OBSERVED_RAN)
		return vsharp_probe_compare(w, wave_size, cand, &seen->record, first);
	if (seen->state == VSHARP_OBSERVED_HALTED && cand->memviol)
		return 0;
	return lanes;
}

/* The item of D with VALUE: a VGPR as a dword, a byte as a byte. */
static void item_value(const struct vsharp_probe_difference *d, uint32_t value, char *buf, size_t n)
{
	char what[48];

	vsharp_probe_item_text(d, what, sizeof(what));
	if (d->item == VSHARP_PROBE_AT_VDST)
		snprintf(buf, n, "%s = 0x%08x", what, value);
	else
		snprintf(buf, n, "%s = 0x%02x", what, value);
}

void vsharp_observed_describe(const struct vsharp_observed *seen, const struct vsharp_probe_difference *d,
			      char *buf, size_t n)
{
	if (seen->state == VSHARP_OBSERVED_HALTED)
		snprintf(buf, n, "halted (%s)", seen->why);
	else if (seen->state != VSHARP_OBSERVED_RAN)
		snprintf(buf, n, "not run (%s)", seen->why);
	else if (d->item == VSHARP_PROBE_AT_FAULT)
		snprintf(buf, n, "a lane that stayed in the arena");
	else if (d->item == VSHARP_PROBE_AT_NONE)
		snprintf(buf, n, "as predicted");
	else
		item_value(d, d->observed, buf, n);
}

void vsharp_predicted_describe(const struct vsharp_observed *seen, const struct vsharp_probe_expect *cand,
			       const struct vsharp_probe_difference *d, char *buf, size_t n)
{
	if (seen->state == VSHARP_OBSERVED_HALTED)
		snprintf(buf, n, "%s", cand->memviol ? "MEMVIOL" : "no MEMVIOL");
	else if (d->item == VSHARP_PROBE_AT_FAULT)
		snprintf(buf, n, "the lane leaves the arena");
	else if (d->item == VSHARP_PROBE_AT_NONE)
		snprintf(buf, n, "the same");
	else
		item_value(d, d->expected, buf, n);
}

/* ---- Running ---------------------------------------------------------------- */

/* Errors after which the GPU (or the emulated GPU) goes on with the next batch. */
static bool device_error(int ret)
{
	return ret == -ETIME || ret == -ECANCELED || ret == -EIO || ret == -EFAULT ||
	       ret == -EPROTO || ret == -ENODEV;
}

static void mark(struct vsharp_observed *s, enum vsharp_observed_state state, const char *why)
{
	s->state = (uint8_t)state;
	snprintf(s->why, sizeof(s->why), "%.*s", (int)sizeof(s->why) - 1, why);
}

/* Runs BATCH[0..n) as one dispatch; fills SEEN.  Returns the probe layer's result. */
static int run_batch(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *batch, unsigned n,
		     struct vsharp_observed **seen, struct vsharp_error *err)
{
	int ret = vsharp_probe_exec(ctx, batch, n, err);

	for (unsigned i = 0; i < n; i++) {
		seen[i]->index = (uint16_t)i;
		if (ret) {
			mark(seen[i], VSHARP_OBSERVED_ERROR, err->msg);
			continue;
		}
		mark(seen[i], VSHARP_OBSERVED_RAN, "");
		vsharp_probe_observed(ctx, i, &seen[i]->record);
	}
	return ret;
}

/* One wave in its own dispatch; a missing survival marker or a GPU error is a halt. */
static int run_alone(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, bool hardware,
		     struct vsharp_observed *seen, struct vsharp_error *err)
{
	int ret = run_batch(ctx, w, 1, &seen, err);

	if (!ret && !vsharp_probe_vmid(ctx))
		mark(seen, VSHARP_OBSERVED_HALTED, "the wave wrote no survival marker (VMID 0)");
	else if (ret && hardware && device_error(ret))
		mark(seen, VSHARP_OBSERVED_HALTED, err->msg);
	return ret && !device_error(ret) ? ret : 0;
}

int vsharp_observe(struct vsharp_probe_ctx *ctx, enum vsharp_align_mode mode, bool hardware,
		   const struct vsharp_probe_wave *waves, const bool *alone, unsigned n, bool allow_alone,
		   struct vsharp_observed *seen, struct vsharp_error *err)
{
	struct vsharp_probe_wave *batch = malloc(MAX_WAVES * sizeof(*batch));
	struct vsharp_observed **bseen = malloc(MAX_WAVES * sizeof(*bseen));
	struct vsharp_probe_expect *e = malloc(sizeof(*e));
	unsigned m = 0;
	int ret = 0;

	if (!batch || !bseen || !e) {
		ret = vsharp_fail(err, -ENOMEM, "observe: out of memory");
		goto out;
	}
	for (unsigned i = 0; i <= n && !ret; i++) {
		bool single = false;

		if (i < n) {
			/* The model decides first: which waves must run alone, which not at all. */
			ret = vsharp_probe_expect(ctx, &waves[i], 0, mode, NULL, e, err);
			if (ret)
				break;
			single = (alone && alone[i]) || e->memviol;
			if (e->fault) {
				mark(&seen[i], VSHARP_OBSERVED_NOT_RUN, "the model sees a lane leave its arena");
				continue;
			}
			if (single && hardware && !allow_alone) {
				mark(&seen[i], VSHARP_OBSERVED_NOT_RUN,
				     "may raise MEMVIOL, which halts the wave and may reset the GPU: --allow-memviol runs it alone");
				continue;
			}
			if (single) {
				ret = run_alone(ctx, &waves[i], hardware, &seen[i], err);
				continue;
			}
			batch[m] = waves[i];
			bseen[m++] = &seen[i];
		}
		if (m && (m == MAX_WAVES || i == n)) {
			int r = run_batch(ctx, batch, m, bseen, err);

			/* A batch the device could not finish: again wave by wave, so one costs one. */
			if (r && device_error(r) && m > 1)
				for (unsigned k = 0; k < m && !ret; k++)
					ret = run_alone(ctx, &batch[k], hardware, bseen[k], err);
			else if (r && !device_error(r))
				ret = r;
			m = 0;
		}
	}
out:
	free(batch);
	free(bseen);
	free(e);
	return ret;
}
