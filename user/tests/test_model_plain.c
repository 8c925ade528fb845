// SPDX-License-Identifier: MIT
/*
 * vsharp_buffer_plain() and vsharp_ds_plain(), the model's word that an
 * access is a plain copy (the emulator's fast path for the probe's own
 * data, Documentation/emulator.rst "Performance"): on random instructions,
 * V#s, offsets, modes and rule choices of every level, whenever the model
 * says "plain", vsharp_buffer_lane() and vsharp_ds_lane() must move exactly
 * the dwords at the lane's addresses and nothing else.  Each check also
 * counts the plain cases, so that a predicate that never says yes fails.
 */
#include "model_util.h"

#define ROUNDS 4000u

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* A value below N, with small values and N's edges more likely. */
static uint32_t rnd_below(uint32_t n)
{
	switch (rnd() % 4) {
	case 0: return rnd() % (n < 64 ? n : 64);
	case 1: return n - 1 - rnd() % (n < 32 ? n : 32);
	default: return rnd() % n;
	}
}

static void random_rules(enum vsharp_gfx level, struct vsharp_rules *r)
{
	vsharp_rules_default(level, r);
	for (unsigned k = 0; k < VSHARP_RULE_COUNT; k++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(k);

		if (info && info->n_choices && rnd() % 2)
			r->choice[k] = (uint8_t)(rnd() % info->n_choices);
	}
}

/* A random MUBUF or DS load or store of LEVEL (CLS). */
static const struct vsharp_op *random_op(enum vsharp_gfx level, enum vsharp_op_class cls)
{
	const struct vsharp_op *ops[512], *op;
	unsigned n = 0, i = 0;

	while ((op = vsharp_op_next(level, &i)) && n < 512)
		if (op->cls == cls && (op->kind == VSHARP_OP_LOAD || op->kind == VSHARP_OP_STORE))
			ops[n++] = op;
	return n ? ops[rnd() % n] : NULL;
}

static void fill_random(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

static uint32_t dword_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* One random buffer case; returns whether the model called it plain. */
static bool buffer_case(struct ktap *t, enum vsharp_gfx level)
{
	static uint8_t before[MEM_SIZE];
	struct vsharp_memory mem = { .va = MEM_VA, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_lds lds = { test_lds_bytes, sizeof(test_lds_bytes) };
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_buffer b;
	struct vsharp_lane_in in;
	struct vsharp_lane_out out;
	uint32_t offset, max_offset;
	uint64_t addr, at;
	bool load;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = random_op(level, VSHARP_OP_MUBUF);
	if (!a.op)
		return false;
	vsharp_buffer_default(level, &b);
	b.base = MEM_VA + rnd_below(256);
	b.num_records = rnd_below(MEM_SIZE);
	b.stride = rnd() % 3 ? 0 : rnd_below(256);
	if (vsharp_desc_encode(level, &b, a.desc, NULL))
		return false;
	/* Now and then a field the encoder would not write: swizzle, ADD_TID, formats, type. */
	if (rnd() % 4 == 0)
		a.desc[1 + rnd() % 3] ^= 1u << (rnd() % 32);
	a.offen = rnd() % 4 != 0;
	a.idxen = rnd() % 5 == 0;
	a.glc = rnd() % 2;
	a.soffset = rnd() % 2 ? 0 : rnd_below(512);
	a.ioffset = rnd_below(4096);
	a.align = (enum vsharp_align_mode)(rnd() % VSHARP_ALIGN_COUNT);
	random_rules(level, &a.rules);
	if (vsharp_buffer_plan(&a, &p, NULL))
		return false;
	memset(&in, 0, sizeof(in));
	in.lane = rnd() % 64;
	in.vindex = rnd_below(8);
	in.voffset = rnd_below(MEM_SIZE);
	fill_random((uint8_t *)in.data, sizeof(in.data));
	fill_random((uint8_t *)in.vdst, sizeof(in.vdst));
	offset = (a.offen ? in.voffset : 0) + a.ioffset;
	/* Another lane's larger offset decides for both (the emulator passes the wave's largest). */
	max_offset = offset + (rnd() % 2 ? 0 : rnd_below(64));
	addr = p.buf.base + a.soffset + offset;
	if (max_offset < offset || !vsharp_buffer_plain(&p, max_offset, addr | (rnd() % 2 ? 0 : addr)))
		return false;
	at = addr - MEM_VA;
	if (at + 4ull * p.n_dwords > MEM_SIZE)
		return false;
	fill_random(test_mem_bytes, MEM_SIZE);
	memcpy(before, test_mem_bytes, MEM_SIZE);
	vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
	load = a.op->kind == VSHARP_OP_LOAD;
	CHECK_MSG(t, !out.memviol && !out.fault && (!load || out.n_vdst == p.n_dwords),
		  "%s %s: memviol %d fault %d n_vdst %u", vsharp_gfx_name(level), vsharp_op_name(a.op, level),
		  out.memviol, out.fault, out.n_vdst);
	for (unsigned d = 0; d < p.n_dwords; d++) {
		if (load)
			CHECK_MSG(t, out.vdst[d] == dword_at(before + at + 4 * d), "%s %s: vdst[%u]",
				  vsharp_gfx_name(level), vsharp_op_name(a.op, level), d);
		else
			memcpy(before + at + 4 * d, &in.data[d], 4);
	}
	CHECK_MSG(t, !memcmp(before, test_mem_bytes, MEM_SIZE), "%s %s: memory", vsharp_gfx_name(level),
		  vsharp_op_name(a.op, level));
	return true;
}

static void test_buffer_plain(struct ktap *t)
{
	for (int level = VSHARP_GFX6; level < VSHARP_GFX_COUNT; level++) {
		unsigned plain = 0;

		for (unsigned i = 0; i < ROUNDS; i++)
			plain += buffer_case(t, (enum vsharp_gfx)level);
		CHECK_MSG(t, plain > ROUNDS / 50, "%s: %u plain cases of %u", vsharp_gfx_name(level), plain,
			  ROUNDS);
	}
}

/* One random DS case; returns whether the model called it plain. */
static bool ds_case(struct ktap *t, enum vsharp_gfx level)
{
	static uint8_t before[65536];
	struct vsharp_lds lds = { test_lds_bytes, 1024u << (rnd() % 7) };
	struct vsharp_ds_access a;
	struct vsharp_ds_plain c;
	struct vsharp_ds_lane_in in;
	struct vsharp_ds_lane_out out;
	uint32_t at[2];
	bool load;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = random_op(level, VSHARP_OP_DS);
	if (!a.op)
		return false;
	a.offset0 = (uint8_t)rnd_below(256);
	a.offset1 = (uint8_t)rnd_below(256);
	a.m0 = rnd() % 2 ? 0xffffffffu : rnd_below(65536);
	a.align = (enum vsharp_align_mode)(rnd() % VSHARP_ALIGN_COUNT);
	random_rules(level, &a.rules);
	if (vsharp_ds_check(&a, NULL) || !vsharp_ds_plain(&a, &lds, &c))
		return false;
	memset(&in, 0, sizeof(in));
	in.lane = rnd() % 64;
	in.vaddr = (rnd_below(lds.size) & ~(c.align - 1)) - (rnd() % 2 ? 0 : c.offset[0]);
	fill_random((uint8_t *)in.data0, sizeof(in.data0));
	fill_random((uint8_t *)in.data1, sizeof(in.data1));
	fill_random((uint8_t *)in.vdst, sizeof(in.vdst));
	for (unsigned k = 0; k < c.n_addr; k++) {
		uint64_t end = (uint64_t)in.vaddr + c.offset[k];

		if (end % c.align || end + c.bytes > c.limit)
			return false;
		at[k] = (uint32_t)end;
	}
	fill_random(test_lds_bytes, sizeof(test_lds_bytes));
	memcpy(before, test_lds_bytes, sizeof(before));
	vsharp_ds_lane(&a, &in, &lds, &out);
	load = a.op->kind == VSHARP_OP_LOAD;
	CHECK_MSG(t, !out.memviol && (!load || out.n_vdst == c.n_addr * c.bytes / 4),
		  "%s %s: memviol %d n_vdst %u", vsharp_gfx_name(level), vsharp_op_name(a.op, level),
		  out.memviol, out.n_vdst);
	for (unsigned k = 0; k < c.n_addr; k++) {
		for (unsigned i = 0; i < c.bytes / 4; i++) {
			const uint32_t *data = k ? in.data1 : in.data0;

			if (load)
				CHECK_MSG(t, out.vdst[k * c.bytes / 4 + i] == dword_at(before + at[k] + 4 * i),
					  "%s %s: vdst[%u]", vsharp_gfx_name(level), vsharp_op_name(a.op, level),
					  k * c.bytes / 4 + i);
			else
				memcpy(before + at[k] + 4 * i, &data[i], 4);
		}
	}
	CHECK_MSG(t, !memcmp(before, test_lds_bytes, sizeof(before)), "%s %s: LDS",
		  vsharp_gfx_name(level), vsharp_op_name(a.op, level));
	return true;
}

static void test_ds_plain(struct ktap *t)
{
	for (int level = VSHARP_GFX6; level < VSHARP_GFX_COUNT; level++) {
		unsigned plain = 0;

		for (unsigned i = 0; i < ROUNDS; i++)
			plain += ds_case(t, (enum vsharp_gfx)level);
		CHECK_MSG(t, plain > ROUNDS / 50, "%s: %u plain cases of %u", vsharp_gfx_name(level), plain,
			  ROUNDS);
	}
}

/* What the fast paths must never take: the model's own examples of a non-copy. */
static void test_not_plain(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX9, "buffer_load_dword");
	struct vsharp_buffer_plan p;
	struct vsharp_ds_access a;
	struct vsharp_ds_plain d;
	struct vsharp_lds lds = { test_lds_bytes, 1024 };

	c.offen = true;
	if (CHECK(t, mplan(&c, &p, NULL) == 0)) {
		/* GFX9 raw: offset >= NUM_RECORDS is out (ISA-V §8.1.5), whatever the size. */
		CHECK(t, vsharp_buffer_plain(&p, MEM_SIZE - 1, MEM_VA));
		CHECK(t, !vsharp_buffer_plain(&p, MEM_SIZE, MEM_VA));
	}
	c = mcase(VSHARP_GFX9, "buffer_load_dwordx4");
	c.align = VSHARP_ALIGN_STRICT;
	if (CHECK(t, mplan(&c, &p, NULL) == 0)) {
		CHECK(t, vsharp_buffer_plain(&p, 16, MEM_VA + 16));
		CHECK(t, !vsharp_buffer_plain(&p, 16, MEM_VA + 4));
	}
	c = mcase(VSHARP_GFX9, "buffer_load_format_x");
	if (CHECK(t, mplan(&c, &p, NULL) == 0))
		CHECK(t, !vsharp_buffer_plain(&p, 0, MEM_VA));
	memset(&a, 0, sizeof(a));
	a.level = VSHARP_GFX9;
	a.op = vsharp_op_find(VSHARP_GFX9, "ds_read_b128", NULL);
	a.m0 = 0x100;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(VSHARP_GFX9, &a.rules);
	/* Under lds_m0_clamp's clamp choice the limit is M0, not the allocation. */
	a.rules.choice[VSHARP_RULE_LDS_M0_CLAMP] = VSHARP_LDS_M0_CLAMP;
	if (CHECK(t, a.op && vsharp_ds_plain(&a, &lds, &d)))
		CHECK_EQ(t, d.limit, 0x100);
	a.op = vsharp_op_find(VSHARP_GFX9, "ds_add_u32", NULL);
	CHECK(t, a.op && !vsharp_ds_plain(&a, &lds, &d));
}

KTAP_MAIN(KTAP_CASE(test_buffer_plain), KTAP_CASE(test_ds_plain), KTAP_CASE(test_not_plain))
