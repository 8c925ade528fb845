// SPDX-License-Identifier: MIT
/*
 * Observations of probe waves on a device, and the test of whether a
 * prediction explains them (vsharp/observe.h).  The predictions follow the
 * probe layer's own (user/lib/probe.c, expect_wave and compare_wave): the
 * same lane inputs, patterns and attribution of bytes to lanes, with the
 * alignment mode and rule choices as parameters.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "vsharp/observe.h"

#define MAX_WAVES VSHARP_PROBE_MAX_WAVES

static void expect_ds_lane(const struct vsharp_ds_access *ds, const struct vsharp_probe_lane *pl,
			   unsigned l, struct vsharp_lds *lds, struct vsharp_expect *e)
{
	struct vsharp_ds_lane_in in;
	struct vsharp_ds_lane_out out;

	memset(&in, 0, sizeof(in));
	in.lane = l;
	in.vaddr = pl->vindex;
	/* DATA0 is v8 (and up), DATA1 v10 (and up), as the probe shader passes them. */
	memcpy(in.data0, pl->data, sizeof(in.data0));
	in.data1[0] = pl->data[2];
	in.data1[1] = pl->data[3];
	memcpy(in.vdst, pl->vdst, sizeof(in.vdst));
	vsharp_ds_lane(ds, &in, lds, &out);
	memcpy(e->vdst[l], out.vdst, 4u * out.n_vdst);
	e->lane[l].addr_requested = out.addr_unaligned[0];
	e->lane[l].addr_used = out.addr[0];
	e->lane[l].memviol = out.memviol;
	e->lane[l].n_vdst = out.n_vdst;
}

int vsharp_expect_wave(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned index,
		       uint64_t arena_va, enum vsharp_align_mode mode, const struct vsharp_rules *rules,
		       struct vsharp_expect *e, struct vsharp_error *err)
{
	struct vsharp_memory mem = { .va = arena_va, .bytes = e->arena, .size = VSHARP_PROBE_ARENA };
	struct vsharp_lds lds = { e->lds, VSHARP_PROBE_LDS };
	const struct vsharp_op *op = w->stub.op;
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_ds_access ds;
	int ret;

	for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
		e->arena[b] = vsharp_probe_pattern(index, b);
	for (unsigned b = 0; b < VSHARP_PROBE_LDS; b++)
		e->lds[b] = vsharp_probe_pattern(index, 0x10000 + b);
	memset(e->lane, 0, sizeof(e->lane));
	e->memviol = e->fault = false;
	if (op->cls == VSHARP_OP_DS) {
		memset(&ds, 0, sizeof(ds));
		ds.level = level;
		ds.op = op;
		ds.offset0 = w->stub.offset0;
		ds.offset1 = w->stub.offset1;
		ds.m0 = w->m0;
		ds.align = mode;
		if (rules)
			ds.rules = *rules;
		else
			vsharp_rules_default(level, &ds.rules);
		ret = vsharp_ds_check(&ds, err);
	} else {
		ret = vsharp_probe_buffer_access(level, w, arena_va, mode, &a, err);
		if (!ret && rules)
			a.rules = *rules;
		if (!ret)
			ret = vsharp_buffer_plan(&a, &p, err);
	}
	if (ret)
		return ret;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		const struct vsharp_probe_lane *pl = &w->lane[l];

		memcpy(e->vdst[l], pl->vdst, sizeof(e->vdst[l]));
		if (op->cls == VSHARP_OP_DS) {
			expect_ds_lane(&ds, pl, l, &lds, e);
		} else {
			struct vsharp_lane_in in;
			struct vsharp_lane_out out;

			vsharp_probe_lane_in(w, l, &in);
			vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
			memcpy(e->vdst[l], out.vdst, 4u * out.n_vdst);
			e->lane[l].addr_requested = out.addr_unaligned - arena_va;
			e->lane[l].addr_used = out.addr - arena_va;
			e->lane[l].memviol = out.memviol;
			e->lane[l].fault = out.fault;
			e->lane[l].n_vdst = out.n_vdst;
		}
		e->memviol |= e->lane[l].memviol;
		e->fault |= e->lane[l].fault;
	}
	return 0;
}

/* The lane the probe layer charges arena byte B and LDS byte B to. */
static unsigned memory_owner(const struct vsharp_probe_wave *w, unsigned b)
{
	unsigned owner = w->slot ? b / w->slot : 0;

	return owner < w->n_lanes ? owner : 0;
}

static unsigned lds_owner(const struct vsharp_probe_wave *w, unsigned b, unsigned wave_size)
{
	unsigned owner = b / VSHARP_PROBE_LDS_SLOT % wave_size;

	return owner < w->n_lanes ? owner : 0;
}

/* The first item of LANE, in the probe layer's order, on which A and B differ. */
static bool first_difference(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
			     const struct vsharp_expect *a, const struct vsharp_expect *b,
			     struct vsharp_observed_lane *at)
{
	for (unsigned k = 0; k < 8; k++) {
		if (a->vdst[lane][k] != b->vdst[lane][k]) {
			*at = (struct vsharp_observed_lane){ VSHARP_ITEM_VDST, (uint16_t)k, a->vdst[lane][k] };
			return true;
		}
	}
	for (unsigned i = 0; i < VSHARP_PROBE_ARENA; i++) {
		if (a->arena[i] != b->arena[i] && memory_owner(w, i) == lane) {
			*at = (struct vsharp_observed_lane){ VSHARP_ITEM_MEMORY, (uint16_t)i, a->arena[i] };
			return true;
		}
	}
	for (unsigned i = 0; i < VSHARP_PROBE_LDS; i++) {
		if (a->lds[i] != b->lds[i] && lds_owner(w, i, wave_size) == lane) {
			*at = (struct vsharp_observed_lane){ VSHARP_ITEM_LDS, (uint16_t)i, a->lds[i] };
			return true;
		}
	}
	return false;
}

bool vsharp_expect_lane_differs(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
				const struct vsharp_expect *a, const struct vsharp_expect *b)
{
	struct vsharp_observed_lane at;

	return a->lane[lane].memviol != b->lane[lane].memviol ||
	       first_difference(w, lane, wave_size, a, b, &at);
}

bool vsharp_observed_explains(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
			      const struct vsharp_expect *cand, const struct vsharp_expect *model,
			      const struct vsharp_observed *seen)
{
	const struct vsharp_observed_lane *o = &seen->lane[lane];
	struct vsharp_observed_lane at;

	if (seen->state == VSHARP_OBSERVED_HALTED)
		return cand->memviol;
	if (seen->state != VSHARP_OBSERVED_RAN)
		return false;
	if (!first_difference(w, lane, wave_size, cand, model, &at))
		return o->item == VSHARP_ITEM_SAME;
	return o->item == at.item && o->where == at.where && o->value == at.value;
}

static const char *const item_names[] = {
	[VSHARP_ITEM_SAME] = "as the model",
	[VSHARP_ITEM_VDST] = "vdst",
	[VSHARP_ITEM_MEMORY] = "memory byte",
	[VSHARP_ITEM_LDS] = "LDS byte",
	[VSHARP_ITEM_OTHER] = "other",
};

static void describe_item(const struct vsharp_observed_lane *o, char *buf, size_t n)
{
	switch (o->item) {
	case VSHARP_ITEM_VDST:
		snprintf(buf, n, "vdst[%u] = 0x%08x", o->where, o->value);
		break;
	case VSHARP_ITEM_MEMORY:
	case VSHARP_ITEM_LDS:
		snprintf(buf, n, "%s +0x%x = 0x%02x", item_names[o->item], o->where, o->value);
		break;
	default:
		snprintf(buf, n, "%s", item_names[o->item < VSHARP_ITEM_OTHER ? o->item : VSHARP_ITEM_OTHER]);
		break;
	}
}

void vsharp_observed_describe(const struct vsharp_observed *seen, unsigned lane, char *buf, size_t n)
{
	if (seen->state == VSHARP_OBSERVED_HALTED)
		snprintf(buf, n, "halted (%s)", seen->why);
	else if (seen->state != VSHARP_OBSERVED_RAN)
		snprintf(buf, n, "not run (%s)", seen->why);
	else
		describe_item(&seen->lane[lane], buf, n);
}

void vsharp_expect_describe(const struct vsharp_probe_wave *w, unsigned lane, unsigned wave_size,
			    const struct vsharp_expect *cand, const struct vsharp_expect *model,
			    const struct vsharp_observed *seen, char *buf, size_t n)
{
	const struct vsharp_observed_lane *o = &seen->lane[lane];
	struct vsharp_observed_lane at = { VSHARP_ITEM_SAME, 0, 0 };

	if (seen->state == VSHARP_OBSERVED_HALTED) {
		snprintf(buf, n, "%s", cand->memviol ? "MEMVIOL" : "no MEMVIOL");
		return;
	}
	/* At the observed item, so that the two read side by side. */
	if (o->item == VSHARP_ITEM_VDST)
		at = (struct vsharp_observed_lane){ o->item, o->where, cand->vdst[lane][o->where] };
	else if (o->item == VSHARP_ITEM_MEMORY)
		at = (struct vsharp_observed_lane){ o->item, o->where, cand->arena[o->where] };
	else if (o->item == VSHARP_ITEM_LDS)
		at = (struct vsharp_observed_lane){ o->item, o->where, cand->lds[o->where] };
	else
		first_difference(w, lane, wave_size, cand, model, &at);
	describe_item(&at, buf, n);
}

/* ---- Running ---------------------------------------------------------------- */

struct collector {
	const struct vsharp_probe_wave *batch;
	unsigned n;
	struct vsharp_observed **seen;	/* per batch wave */
};

/* The probe layer's words for what differs (vsharp_probe_mismatch.what). */
static void parse_what(const char *what, struct vsharp_observed_lane *o)
{
	unsigned v;

	if (sscanf(what, "vdst[%u]", &v) == 1 && v < 8) {
		o->item = VSHARP_ITEM_VDST;
		o->where = (uint16_t)v;
	} else if (sscanf(what, "memory byte at arena +0x%x", &v) == 1 && v < VSHARP_PROBE_ARENA) {
		o->item = VSHARP_ITEM_MEMORY;
		o->where = (uint16_t)v;
	} else if (sscanf(what, "LDS byte at +0x%x", &v) == 1 && v < VSHARP_PROBE_LDS) {
		o->item = VSHARP_ITEM_LDS;
		o->where = (uint16_t)v;
	} else {
		o->item = VSHARP_ITEM_OTHER;
		o->where = 0;
	}
}

static void collect(void *ctx, enum vsharp_gfx level, const struct vsharp_probe_mismatch *m)
{
	struct collector *c = ctx;
	size_t i = (size_t)(m->wave - c->batch);

	(void)level;
	if (i >= c->n || m->lane >= 64)
		return;
	parse_what(m->what, &c->seen[i]->lane[m->lane]);
	c->seen[i]->lane[m->lane].value = (uint32_t)m->observed;
}

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
	struct collector c = { batch, n, seen };
	struct vsharp_probe_counts counts;
	int ret;

	for (unsigned i = 0; i < n; i++) {
		memset(seen[i]->lane, 0, sizeof(seen[i]->lane));
		mark(seen[i], VSHARP_OBSERVED_RAN, "");
		seen[i]->index = (uint16_t)i;
	}
	ret = vsharp_probe_run(ctx, batch, n, false, collect, &c, &counts, err);
	if (ret)
		for (unsigned i = 0; i < n; i++)
			mark(seen[i], VSHARP_OBSERVED_ERROR, err->msg);
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

int vsharp_observe(struct vsharp_probe_ctx *ctx, enum vsharp_gfx level, enum vsharp_align_mode mode,
		   bool hardware, const struct vsharp_probe_wave *waves, const bool *alone, unsigned n,
		   bool allow_alone, struct vsharp_observed *seen, struct vsharp_error *err)
{
	struct vsharp_probe_wave *batch = malloc(MAX_WAVES * sizeof(*batch));
	struct vsharp_observed **bseen = malloc(MAX_WAVES * sizeof(*bseen));
	struct vsharp_expect *e = malloc(sizeof(*e));
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
			ret = vsharp_expect_wave(level, &waves[i], 0, VSHARP_EXPECT_VA, mode, NULL, e, err);
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
