// SPDX-License-Identifier: MIT
/*
 * Rule verdicts (vsharp/verdict.h): run each rule's cases on a device, then
 * ask, lane by lane, which of the rule's choices explains what the device
 * did.  Documentation/verdicts.rst says how to read the result.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/emu.h"
#include "vsharp/verdict.h"

#define MAX_CASE_WAVES 32

static const char *const kind_names[VSHARP_VERDICT_KIND_COUNT] = {
	"n/a", "untested", "choice", "mixed", "none",
};

const char *vsharp_verdict_kind_name(enum vsharp_verdict_kind k)
{
	return (unsigned)k < VSHARP_VERDICT_KIND_COUNT ? kind_names[k] : "?";
}

void vsharp_verdict_text(const struct vsharp_verdict *v, char *buf, size_t n)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(v->rule);
	size_t used = 0;

	switch (v->kind) {
	case VSHARP_VERDICT_CHOICE:
		used = (size_t)snprintf(buf, n, "choice");
		for (unsigned c = 0, k = 0; c < info->n_choices && used < n; c++)
			if (v->explains >> c & 1)
				used += (size_t)snprintf(buf + used, n - used, "%s%s", k++ ? " or " : " ",
							 info->choice[c].name);
		break;
	case VSHARP_VERDICT_MIXED:
	case VSHARP_VERDICT_NONE:
		snprintf(buf, n, "%s (closest: %s)", kind_names[v->kind], info->choice[v->closest].name);
		break;
	default:
		snprintf(buf, n, "%s", vsharp_verdict_kind_name(v->kind));
		break;
	}
}

/* What each choice predicts for one wave, and where each fails to explain a lane. */
struct predictions {
	struct vsharp_probe_expect choice[VSHARP_RULE_MAX_CHOICES];
	struct vsharp_probe_difference first[VSHARP_RULE_MAX_CHOICES][64];
};

/* Cases a choice does not explain, kept until the closest choice is known. */
struct misses {
	unsigned n[VSHARP_RULE_MAX_CHOICES];
	char text[VSHARP_RULE_MAX_CHOICES][VSHARP_VERDICT_SHOWN][640];
};

/*
 * Each choice's prediction for the wave as it ran: its place in the batch
 * and the arena the probe layer gave that place (a choice may read the
 * address itself, as strict_b96=12 reads it modulo 12).
 */
static int predict(struct vsharp_probe_ctx *ctx, const struct vsharp_rules *base, enum vsharp_rule rule,
		   unsigned n_choices, const struct vsharp_verdict_wave *vw, unsigned index,
		   struct predictions *p, struct vsharp_error *err)
{
	int ret = 0;

	for (unsigned c = 0; c < n_choices && !ret; c++) {
		struct vsharp_rules r = *base;

		r.choice[rule] = (uint8_t)c;
		ret = vsharp_probe_expect(ctx, &vw->w, index, vw->mode, &r, &p->choice[c], err);
	}
	return ret;
}

static void note_miss(struct misses *m, unsigned c, enum vsharp_gfx level,
		      const struct vsharp_verdict_wave *vw, unsigned lane, const struct predictions *p,
		      const struct vsharp_observed *seen, const struct vsharp_rule_info *info)
{
	char what[320], saw[80], pred[80];

	if (m->n[c] >= VSHARP_VERDICT_SHOWN)
		return;
	vsharp_probe_describe(level, &vw->w, lane, what, sizeof(what));
	vsharp_observed_describe(seen, &p->first[c][lane], saw, sizeof(saw));
	vsharp_predicted_describe(seen, &p->choice[c], &p->first[c][lane], pred, sizeof(pred));
	snprintf(m->text[c][m->n[c]++], sizeof(m->text[c][0]), "%s, %s mode: observed %s; %s predicts %s",
		 what, vsharp_align_mode_name(vw->mode), saw, info->choice[c].name, pred);
}

/* The lanes on which choices C and D predict differently (MEMVIOL included). */
static uint64_t parted(const struct vsharp_probe_wave *w, unsigned ws, const struct predictions *p,
		       unsigned c, unsigned d)
{
	uint64_t lanes = vsharp_probe_compare(w, ws, &p->choice[c], &p->choice[d].r, NULL);

	for (unsigned l = 0; l < w->n_lanes; l++)
		if (p->choice[c].lane[l].memviol != p->choice[d].lane[l].memviol)
			lanes |= 1ull << l;
	return lanes;
}

/* Adds the lanes of one observed wave to the verdict. */
static int judge_wave(struct vsharp_verdict *v, struct vsharp_probe_ctx *ctx, const struct vsharp_rules *base,
		      const struct vsharp_verdict_wave *vw,
		      const struct vsharp_observed *seen, unsigned ws, struct predictions *p,
		      struct misses *m, unsigned *all, struct vsharp_error *err)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(v->rule);
	uint64_t unexplained[VSHARP_RULE_MAX_CHOICES], discriminating = 0;
	int ret;

	if (seen->state == VSHARP_OBSERVED_NOT_RUN || seen->state == VSHARP_OBSERVED_ERROR) {
		if (!v->not_run)
			snprintf(v->why, sizeof(v->why), "%s", seen->why);
		v->not_run += vw->w.n_lanes;
		return 0;
	}
	ret = predict(ctx, base, v->rule, info->n_choices, vw, seen->index, p, err);
	if (ret)
		return ret;
	for (unsigned c = 0; c < info->n_choices; c++) {
		unexplained[c] = vsharp_observed_unexplained(&vw->w, ws, &p->choice[c], seen, p->first[c]);
		for (unsigned d = 0; d < c; d++) {
			uint64_t lanes = parted(&vw->w, ws, p, c, d);

			discriminating |= lanes;
			if (lanes) {
				v->apart[c] |= (uint8_t)(1u << d);
				v->apart[d] |= (uint8_t)(1u << c);
			}
		}
	}
	for (unsigned l = 0; l < vw->w.n_lanes; l++) {
		unsigned explained = 0;

		for (unsigned c = 0; c < info->n_choices; c++) {
			if (!(unexplained[c] >> l & 1))
				explained |= 1u << c;
			else
				note_miss(m, c, v->level, vw, l, p, seen, info);
		}
		v->cases++;
		v->discriminating += discriminating >> l & 1;
		v->controls += !(discriminating >> l & 1);
		for (unsigned c = 0; c < info->n_choices; c++)
			v->matched[c] += explained >> c & 1;
		*all &= explained;
		if (!explained)
			v->kind = VSHARP_VERDICT_NONE;
	}
	return 0;
}

static void conclude(struct vsharp_verdict *v, unsigned all, const struct misses *m, const char *why)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(v->rule);
	unsigned def = info->defaults[v->level];

	v->closest = def;
	for (unsigned c = 0; c < info->n_choices; c++)
		if (v->matched[c] > v->matched[v->closest])
			v->closest = c;
	/* A control no choice explains is a deviation even where nothing discriminates. */
	if (!v->discriminating && v->kind != VSHARP_VERDICT_NONE) {
		v->kind = VSHARP_VERDICT_UNTESTED;
		if (why)
			snprintf(v->why, sizeof(v->why), "%s", why);
		else if (!v->not_run)
			snprintf(v->why, sizeof(v->why), "no discriminating case ran");
		return;
	}
	if (all) {
		v->kind = VSHARP_VERDICT_CHOICE;
		v->explains = all;
		for (v->closest = all >> def & 1 ? def : 0; !(all >> v->closest & 1); v->closest++)
			;
		return;
	}
	if (v->kind != VSHARP_VERDICT_NONE)
		v->kind = VSHARP_VERDICT_MIXED;
	v->n_shown = m->n[v->closest];
	memcpy(v->shown, m->text[v->closest], sizeof(v->shown));
}

struct run_state {
	struct vsharp_device *dev;
	const struct vsharp_verdict_opts *o;
	struct vsharp_rules base;	/* the other rules' choices */
	struct vsharp_probe_ctx *ctx[VSHARP_ALIGN_COUNT];
	unsigned ws;
	/* Modes in the order their contexts opened: closed in reverse, the emulated device's buffers are a stack. */
	enum vsharp_align_mode opened[VSHARP_ALIGN_COUNT];
	unsigned n_opened;
};

static int ctx_for(struct run_state *s, enum vsharp_align_mode mode, struct vsharp_probe_ctx **ctx,
		   struct vsharp_error *err)
{
	int ret = 0;

	if (!s->ctx[mode]) {
		ret = vsharp_probe_open(s->dev, mode, &s->ctx[mode], err);
		if (!ret)
			s->opened[s->n_opened++] = mode;
	}
	if (!ret && !s->dev->hardware)
		vsharp_emu_set_align_mode(s->dev, mode);
	*ctx = s->ctx[mode];
	return ret;
}

static int run_rule(struct run_state *s, enum vsharp_rule rule, struct vsharp_verdict *v,
		    struct vsharp_verdict_wave *waves, struct vsharp_observed *seen,
		    struct predictions *p, struct misses *m, struct vsharp_error *err)
{
	enum vsharp_gfx level = s->dev->level;
	bool fixed = s->o->mode_fixed || s->dev->hardware;
	const char *why;
	unsigned n = vsharp_verdict_cases(level, rule, s->ws, waves, MAX_CASE_WAVES, &why), all = ~0u;
	int ret = 0;

	memset(v, 0, sizeof(*v));
	v->level = level;
	v->rule = rule;
	if (!n) {
		v->kind = vsharp_rule_info(rule)->levels & VSHARP_GFX_BIT(level) ?
			  VSHARP_VERDICT_UNTESTED : VSHARP_VERDICT_NOT_APPLICABLE;
		snprintf(v->why, sizeof(v->why), "%s", why);
		return 0;
	}
	memset(m, 0, sizeof(*m));
	for (unsigned i = 0; i < n && i < MAX_CASE_WAVES && !ret; i++) {
		struct vsharp_probe_ctx *ctx = NULL;

		if (fixed && waves[i].mode != s->o->mode) {
			seen[i].state = VSHARP_OBSERVED_NOT_RUN;
			snprintf(seen[i].why, sizeof(seen[i].why),
				 "needs SH_MEM_CONFIG.ALIGNMENT_MODE %s; the device runs %s (set it with vsharp.ko)",
				 vsharp_align_mode_name(waves[i].mode), vsharp_align_mode_name(s->o->mode));
		} else {
			ret = ctx_for(s, waves[i].mode, &ctx, err);
			if (!ret)
				ret = vsharp_observe(ctx, waves[i].mode, s->dev->hardware, &waves[i].w,
						     &waves[i].alone, 1, s->o->allow_memviol, &seen[i], err);
		}
		if (!ret)
			ret = judge_wave(v, ctx, &s->base, &waves[i], &seen[i], s->ws, p, m, &all, err);
	}
	if (!ret)
		conclude(v, all, m, why);
	return ret;
}

void vsharp_verdict_count(const struct vsharp_verdict *v, unsigned n, struct vsharp_verdict_counts *c)
{
	for (unsigned i = 0; i < n; i++) {
		c->lanes += v[i].cases;
		c->not_run += v[i].not_run;
		c->kind[v[i].kind]++;
		if (v[i].kind == VSHARP_VERDICT_NOT_APPLICABLE)
			continue;
		c->verdicts++;
		c->untested += v[i].kind == VSHARP_VERDICT_UNTESTED;
		c->decided += v[i].kind != VSHARP_VERDICT_UNTESTED;
	}
}

int vsharp_verdicts_run(struct vsharp_device *dev, const struct vsharp_verdict_opts *o,
			struct vsharp_verdict out[VSHARP_RULE_COUNT], struct vsharp_error *err)
{
	struct run_state s = { .dev = dev, .o = o, .ws = vsharp_probe_level_wave_size(dev->level) };
	struct vsharp_verdict_wave *waves = malloc(MAX_CASE_WAVES * sizeof(*waves));
	struct vsharp_observed *seen = malloc(MAX_CASE_WAVES * sizeof(*seen));
	struct predictions *p = malloc(sizeof(*p));
	struct misses *m = malloc(sizeof(*m));
	enum vsharp_align_mode was = dev->hardware ? VSHARP_ALIGN_UNALIGNED : vsharp_emu_align_mode(dev);
	int ret = 0;

	if (o->base)
		s.base = *o->base;
	else
		vsharp_rules_default(dev->level, &s.base);
	if (!waves || !seen || !p || !m)
		ret = vsharp_fail(err, -ENOMEM, "verdicts: out of memory");
	for (int r = 0; r < VSHARP_RULE_COUNT && !ret; r++)
		if (!o->rules || o->rules >> r & 1)
			ret = run_rule(&s, r, &out[r], waves, seen, p, m, err);
	while (s.n_opened)
		vsharp_probe_close(s.ctx[s.opened[--s.n_opened]]);
	if (!dev->hardware)
		vsharp_emu_set_align_mode(dev, was);
	free(waves);
	free(seen);
	free(p);
	free(m);
	return ret;
}
