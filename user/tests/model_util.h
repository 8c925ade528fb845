/* SPDX-License-Identifier: MIT */
/* Shared set-up for the model tests: a V#, an instruction, one lane. */
#ifndef VSHARP_TESTS_MODEL_UTIL_H
#define VSHARP_TESTS_MODEL_UTIL_H

#include "ktap.h"
#include "vsharp/model.h"

#define MEM_VA 0x10000ull
#define MEM_SIZE 0x10000u

static uint8_t test_mem_bytes[MEM_SIZE];
static uint8_t test_lds_bytes[65536];

struct mcase {
	enum vsharp_gfx level;
	const char *target;	/* optional LLVM processor of LEVEL */
	const char *op;
	struct vsharp_buffer buf;
	bool idxen, offen, glc, tfe, lds;
	uint32_t soffset, ioffset, m0;
	struct vsharp_format tformat;
	enum vsharp_align_mode align;
	const char *rule;	/* optional "name=choice" */
};

/* A case on LEVEL with the level's default V# at MEM_VA. */
static inline struct mcase mcase(enum vsharp_gfx level, const char *op)
{
	struct mcase c;

	memset(&c, 0, sizeof(c));
	c.level = level;
	c.op = op;
	vsharp_buffer_default(level, &c.buf);
	c.buf.base = MEM_VA;
	c.buf.num_records = MEM_SIZE;
	c.align = VSHARP_ALIGN_UNALIGNED;
	c.tformat.dfmt = VSHARP_DFMT_32;
	c.tformat.nfmt = VSHARP_NFMT_FLOAT;
	return c;
}

static inline int mplan(const struct mcase *c, struct vsharp_buffer_plan *p,
			struct vsharp_error *err)
{
	struct vsharp_buffer_access a;
	int ret;

	memset(&a, 0, sizeof(a));
	a.level = c->level;
	a.target = c->target ? vsharp_target_find(c->target) : NULL;
	a.op = vsharp_op_find(c->level, c->op, err);
	if (!a.op)
		return -1;
	ret = vsharp_desc_encode(c->level, &c->buf, a.desc, err);
	if (ret)
		return ret;
	a.idxen = c->idxen;
	a.offen = c->offen;
	a.glc = c->glc;
	a.tfe = c->tfe;
	a.lds = c->lds;
	a.soffset = c->soffset;
	a.ioffset = c->ioffset;
	a.m0 = c->m0;
	a.tformat = c->tformat;
	a.align = c->align;
	vsharp_rules_default(c->level, &a.rules);
	if (c->rule && vsharp_rules_set(&a.rules, c->rule, err))
		return -1;
	return vsharp_buffer_plan(&a, p, err);
}

/* Runs one lane; returns false (with a diagnostic) if the case is refused. */
static inline bool mrun(struct ktap *t, const struct mcase *c, const struct vsharp_lane_in *in,
			struct vsharp_lane_out *out)
{
	struct vsharp_memory mem = { .va = MEM_VA, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_lds lds = { test_lds_bytes, sizeof(test_lds_bytes) };
	struct vsharp_error err = { "" };
	struct vsharp_buffer_plan p;

	if (!CHECK_MSG(t, mplan(c, &p, &err) == 0, "%s %s: %s", vsharp_gfx_name(c->level),
		       c->op, err.msg))
		return false;
	vsharp_buffer_lane(&p, in, &mem, &lds, out);
	return true;
}

static inline struct vsharp_lane_in lane_off(uint32_t voffset)
{
	struct vsharp_lane_in in;

	memset(&in, 0, sizeof(in));
	in.voffset = voffset;
	return in;
}

static inline struct vsharp_lane_in lane_idx(uint32_t vindex, uint32_t voffset)
{
	struct vsharp_lane_in in = lane_off(voffset);

	in.vindex = vindex;
	return in;
}

#endif
