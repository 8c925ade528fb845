// SPDX-License-Identifier: MIT
/*
 * The model's prediction for a probe wave: every lane's destination
 * VGPRs, the arena and the LDS image the wave must leave behind, from the
 * wave, its setting (vsharp_probe_setting) and the bytes its place in a
 * batch starts with.  No device is needed; vsharp_probe_expect takes the
 * setting from an open context.
 */
#include <assert.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "probe/arena.h"
#include "probe/predict.h"

int vsharp_probe_buffer_access(enum vsharp_gfx level, const struct vsharp_probe_wave *w,
			       uint64_t va, enum vsharp_align_mode mode,
			       struct vsharp_buffer_access *a, struct vsharp_error *err)
{
	memset(a, 0, sizeof(*a));
	a->level = level;
	a->op = w->stub.op;
	a->idxen = w->stub.idxen;
	a->offen = w->stub.offen;
	a->addr64 = w->stub.addr64;
	a->glc = w->stub.glc;
	a->tfe = w->stub.tfe;
	a->lds = w->stub.lds;
	a->soffset = w->soffset;
	a->ioffset = w->stub.ioffset;
	a->m0 = w->m0;
	a->tformat = w->stub.tformat;
	a->align = mode;
	vsharp_rules_default(level, &a->rules);
	return probe_place_desc(level, w, va, a->desc, err);
}

int vsharp_probe_smem_access(enum vsharp_gfx level, const struct vsharp_probe_wave *w,
			     uint64_t va, struct vsharp_smem_access *a, struct vsharp_error *err)
{
	memset(a, 0, sizeof(*a));
	a->level = level;
	a->op = w->stub.op;
	a->ioffset = (int32_t)w->stub.ioffset;
	a->soffset = w->stub.soffset ? w->soffset : 0;
	for (unsigned d = 0; d < VSHARP_SMEM_MAX_DWORDS; d++)
		a->sdata[d] = VSHARP_STUB_SDATA_START(d);
	vsharp_rules_default(level, &a->rules);
	return probe_place_desc(level, w, va, a->desc, err);
}

static_assert(offsetof(struct vsharp_lane_in, vdst) + sizeof(((struct vsharp_lane_in *)0)->vdst) ==
	      sizeof(struct vsharp_lane_in), "vsharp_probe_lane_in() sets every field");

void vsharp_probe_lane_in(const struct vsharp_probe_wave *w, unsigned lane,
			  struct vsharp_lane_in *in)
{
	const struct vsharp_probe_lane *pl = &w->lane[lane];

	/* Every field is set below: a memset first cost as much as the copies. */
	in->lane = lane;
	in->vindex = pl->vindex;
	in->voffset = pl->voffset;
	in->vaddr64 = pl->vindex | (uint64_t)pl->voffset << 32;	/* v[4:5] */
	/* Two fixed-size copies, not one of a variable size: no call into libc per lane. */
	if (w->stub.op->kind == VSHARP_OP_STORE)
		memcpy(in->data, pl->data, sizeof(pl->data));
	else
		memcpy(in->data, pl->vdst, sizeof(pl->vdst));
	memcpy(in->vdst, pl->vdst, sizeof(in->vdst));
}

int probe_ds_access(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
		    struct vsharp_ds_access *a, struct vsharp_error *err)
{
	*a = (struct vsharp_ds_access){
		.level = s->level, .target = s->target, .op = w->stub.op, .offset0 = w->stub.offset0,
		.offset1 = w->stub.offset1,
		.attr = w->stub.attr, .attr_chan = w->stub.attr_chan, .m0 = w->m0, .align = s->mode,
	};
	if (s->rules)
		a->rules = *s->rules;
	else
		vsharp_rules_default(s->level, &a->rules);
	return vsharp_ds_check(a, err);
}

int probe_buffer_plan(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
		      struct vsharp_buffer_plan *p, struct vsharp_error *err)
{
	struct vsharp_buffer_access a;
	int ret = vsharp_probe_buffer_access(s->level, w, s->arena_va, s->mode, &a, err);

	a.target = s->target;
	if (!ret && s->rules)
		a.rules = *s->rules;
	if (!ret)
		ret = vsharp_buffer_plan(&a, p, err);
	return ret;
}

/* The same for an S_BUFFER_LOAD wave: its access, checked. */
static int smem_access(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
		       struct vsharp_smem_access *a, struct vsharp_error *err)
{
	int ret = vsharp_probe_smem_access(s->level, w, s->arena_va, a, err);

	if (!ret && s->rules)
		a->rules = *s->rules;
	if (!ret)
		ret = vsharp_smem_check(a, err);
	return ret;
}

/*
 * A DS wave as the GPU runs it: every lane of the wave size at once,
 * because swizzle and permute read other lanes.
 */
static void expect_ds(const struct vsharp_probe_wave *w, unsigned lanes, const struct vsharp_ds_access *ds,
		      struct vsharp_lds *lds, struct vsharp_probe_expect *e)
{
	struct vsharp_ds_lane_in in[64];
	struct vsharp_ds_lane_out out[64];

	memset(in, 0, sizeof(in));
	for (unsigned l = 0; l < lanes; l++) {
		const struct vsharp_probe_lane *pl = &w->lane[vsharp_probe_case_of(w, l)];

		in[l].lane = l;
		if (ds->op->kind == VSHARP_OP_STACK) {
			vsharp_probe_bvh_lane_in(pl, &in[l]);
			continue;
		}
		in[l].vaddr = pl->vindex;
		/* DATA0 is v8 (and up), DATA1 v10 (and up): the shader's registers. */
		memcpy(in[l].data0, pl->data, sizeof(in[l].data0));
		in[l].data1[0] = pl->data[2];
		in[l].data1[1] = pl->data[3];
		memcpy(in[l].vdst, pl->vdst, sizeof(in[l].vdst));
	}
	vsharp_ds_wave(ds, in, lanes, lanes == 64 ? ~0ull : (1ull << lanes) - 1, lds, out);
	for (unsigned l = 0; l < lanes; l++) {
		if (ds->op->kind == VSHARP_OP_STACK) {
			vsharp_probe_bvh_lane_out(&out[l], e->r.vdst[l]);
			e->lane[l].memviol = out[l].memviol;
			e->lane[l].n_vdst = out[l].n_vdst + 1;	/* VDST and ADDR */
			continue;
		}
		memcpy(e->r.vdst[l], out[l].vdst, 4u * out[l].n_vdst);
		e->lane[l].memviol = out[l].memviol;
		e->lane[l].n_vdst = out[l].n_vdst;
	}
}

/* An S_BUFFER_LOAD wave: one load, and the stub's eight SGPRs of it in every lane's v12.. */
static void expect_smem(const struct vsharp_probe_wave *w, unsigned lanes,
			const struct vsharp_smem_access *a, struct vsharp_memory *mem,
			struct vsharp_probe_expect *e)
{
	struct vsharp_smem_result r;
	unsigned first = 8u * w->stub.part, moved;

	vsharp_smem_load(a, mem, &r);
	moved = r.n_dwords > first ? r.n_dwords - first : 0;
	if (moved > 8)
		moved = 8;
	for (unsigned l = 0; l < lanes; l++) {
		memcpy(e->r.vdst[l], &r.sdata[first], 4u * moved);
		e->lane[l].memviol = r.memviol;
		e->lane[l].fault = r.fault;
		e->lane[l].n_vdst = (uint8_t)moved;
	}
}

static void expect_buffer(const struct vsharp_probe_wave *w, unsigned lanes,
			  const struct vsharp_buffer_plan *p, struct vsharp_memory *mem,
			  struct vsharp_lds *lds, struct vsharp_probe_expect *e)
{
	for (unsigned l = 0; l < lanes; l++) {
		struct vsharp_lane_in in;
		struct vsharp_lane_out out;

		vsharp_probe_lane_in(w, vsharp_probe_case_of(w, l), &in);
		in.lane = l;
		vsharp_buffer_lane(p, &in, mem, lds, &out);
		memcpy(e->r.vdst[l], out.vdst, 4u * out.n_vdst);
		e->lane[l].memviol = out.memviol;
		e->lane[l].fault = out.fault;
		e->lane[l].n_vdst = out.n_vdst;
	}
}

int vsharp_probe_predict(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
			 struct vsharp_probe_expect *e, struct vsharp_error *err)
{
	struct vsharp_memory mem = { .va = s->arena_va, .bytes = e->r.arena, .size = VSHARP_PROBE_ARENA };
	struct vsharp_lds lds = { e->r.lds, VSHARP_PROBE_LDS };
	const struct vsharp_op *op = w->stub.op;
	unsigned lanes = s->wave_size;
	int ret;

	if (lanes != 32 && lanes != 64)
		return vsharp_fail(err, -EINVAL, "probe: a wave size of %u (allowed 32, 64)", lanes);
	if (!w->n_lanes || w->n_lanes > lanes)
		return vsharp_fail(err, -EINVAL, "probe: a wave of %u lanes (allowed 1..%u on %s)", w->n_lanes,
				   lanes, vsharp_gfx_name(s->level));
	ret = vsharp_probe_start(s->index, e->r.arena, e->r.lds, err);
	if (ret)
		return ret;
	memset(e->lane, 0, sizeof(e->lane));
	for (unsigned l = 0; l < lanes; l++)
		memcpy(e->r.vdst[l], w->lane[vsharp_probe_case_of(w, l)].vdst, sizeof(e->r.vdst[l]));
	if (op->cls == VSHARP_OP_DS) {
		struct vsharp_ds_access ds;

		ret = probe_ds_access(s, w, &ds, err);
		if (!ret)
			expect_ds(w, lanes, &ds, &lds, e);
	} else if (op->cls == VSHARP_OP_SMEM) {
		struct vsharp_smem_access a;

		ret = smem_access(s, w, &a, err);
		if (!ret)
			expect_smem(w, lanes, &a, &mem, e);
	} else {
		struct vsharp_buffer_plan p;

		ret = probe_buffer_plan(s, w, &p, err);
		if (!ret)
			expect_buffer(w, lanes, &p, &mem, &lds, e);
	}
	e->memviol = e->fault = false;
	for (unsigned l = 0; l < lanes; l++) {
		e->memviol |= e->lane[l].memviol;
		e->fault |= e->lane[l].fault;
	}
	return ret;
}

struct vsharp_probe_setting vsharp_probe_setting_of(const struct vsharp_probe_ctx *ctx, unsigned index,
						    enum vsharp_align_mode mode,
						    const struct vsharp_rules *rules)
{
	return (struct vsharp_probe_setting){
		.level = ctx->level, .target = ctx->dev->target, .wave_size = ctx->wave_size, .mode = mode,
		.rules = rules, .index = index, .arena_va = vsharp_probe_arena_va(ctx, index),
	};
}

int vsharp_probe_expect(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, unsigned index,
			enum vsharp_align_mode mode, const struct vsharp_rules *rules,
			struct vsharp_probe_expect *e, struct vsharp_error *err)
{
	struct vsharp_probe_setting s = vsharp_probe_setting_of(ctx, index, mode, rules);

	return vsharp_probe_predict(&s, w, e, err);
}
