// SPDX-License-Identifier: MIT
/*
 * The probe path through the emulated device, under the sanitizers: a few
 * batches of every suite on every family must match the model, and a
 * device whose memory unit deviates from the model (a range check off by
 * one, X and Y of DST_SEL swapped) must be caught on exactly the cases the
 * deviation changes.  The prediction those runs are judged by needs no
 * device, and one case of it is checked against the guide by hand.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"
#include "vsharp/suites.h"

static const enum vsharp_gfx families[] = {
	VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
};

struct reported {
	unsigned n;
	uint64_t keys[4096];
};

static uint64_t key(const struct vsharp_probe_wave *base, const struct vsharp_probe_wave *w, unsigned lane)
{
	return (uint64_t)(w - base) << 8 | lane;
}

static struct vsharp_probe_wave *batch;
static const struct vsharp_probe_wave *batch_base;

static void collect(void *ctx, enum vsharp_gfx level, const struct vsharp_probe_mismatch *m)
{
	struct reported *r = ctx;

	(void)level;
	if (r->n < 4096)
		r->keys[r->n++] = key(batch_base, m->wave, m->lane);
}

/* Fills BATCH with up to N waves of suite S; returns how many. */
static unsigned make_batch(const struct vsharp_suite *s, enum vsharp_gfx level, unsigned ws,
			   unsigned first, unsigned n)
{
	unsigned got = 0;

	for (unsigned k = first; got < n && k < vsharp_suite_waves(s, ws); k++)
		got += s->wave(level, ws, VSHARP_ALIGN_UNALIGNED, k, &batch[got]);
	return got;
}

static void test_suites_match_model(struct ktap *t)
{
	for (size_t f = 0; f < 5; f++) {
		struct vsharp_device *dev;
		struct vsharp_probe_ctx *ctx;
		struct vsharp_error err = { "" };

		if (!CHECK_MSG(t, vsharp_emu_open(families[f], &dev, &err) == 0, "%s", err.msg))
			continue;
		if (CHECK_MSG(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0, "%s", err.msg)) {
			unsigned ws = vsharp_probe_wave_size(ctx);

			for (unsigned s = 0; s < vsharp_suite_count; s++) {
				struct vsharp_probe_counts c;
				struct reported r = { 0, { 0 } };
				/* Three batches spread over the suite. */
				for (unsigned part = 0; part < 3; part++) {
					unsigned total = vsharp_suite_waves(vsharp_suites[s], ws);
					unsigned n = make_batch(vsharp_suites[s], families[f], ws, part * total / 3, 24);

					batch_base = batch;
					if (!n)
						continue;
					CHECK_MSG(t, vsharp_probe_run(ctx, batch, n, false, collect, &r, &c, &err) == 0,
						  "%s %s: %s", vsharp_gfx_name(families[f]), vsharp_suites[s]->name, err.msg);
					CHECK_MSG(t, c.failed == 0 && c.passed > 0, "%s %s: %u passed, %u failed",
						  vsharp_gfx_name(families[f]), vsharp_suites[s]->name, c.passed, c.failed);
				}
			}
			vsharp_probe_close(ctx);
		}
		vsharp_device_close(dev);
	}
}

/*
 * The lanes a mutation changes: the wave through the model twice, on the V#
 * as written and as the mutated memory unit sees it, from the same arena;
 * lanes whose registers differ, and the owners of the slots whose bytes do
 * (the probe layer's attribution, probe.h).
 */
static unsigned affected(enum vsharp_gfx level, unsigned n, enum vsharp_emu_mutation m,
			 uint64_t *keys, unsigned max)
{
	static uint8_t mem[2][VSHARP_PROBE_ARENA];
	static uint32_t vdst[2][64][8];
	unsigned count = 0;

	for (unsigned i = 0; i < n; i++) {
		struct vsharp_probe_wave *w = &batch[i];
		bool hit[64] = { false };

		for (int v = 0; v < 2; v++) {
			struct vsharp_buffer_access a;
			struct vsharp_buffer_plan p;
			struct vsharp_memory mm = { .va = 1ull << 32, .bytes = mem[v], .size = VSHARP_PROBE_ARENA };

			vsharp_probe_buffer_access(level, w, 1ull << 32, VSHARP_ALIGN_UNALIGNED, &a, NULL);
			if (v)
				vsharp_emu_mutate_desc(level, m, a.desc);
			vsharp_buffer_plan(&a, &p, NULL);
			/* The arena the probe layer gives wave i. */
			for (unsigned byte = 0; byte < VSHARP_PROBE_ARENA; byte++)
				mem[v][byte] = vsharp_probe_pattern(i, byte);
			for (unsigned l = 0; l < w->n_lanes; l++) {
				struct vsharp_lane_in in;
				struct vsharp_lane_out out;

				vsharp_probe_lane_in(w, l, &in);
				vsharp_buffer_lane(&p, &in, &mm, NULL, &out);
				memcpy(vdst[v][l], w->lane[l].vdst, sizeof(vdst[v][l]));
				memcpy(vdst[v][l], out.vdst, 4u * out.n_vdst);
			}
		}
		for (unsigned l = 0; l < w->n_lanes; l++)
			hit[l] = memcmp(vdst[0][l], vdst[1][l], sizeof(vdst[0][l])) != 0;
		for (unsigned byte = 0; byte < VSHARP_PROBE_ARENA; byte++) {
			unsigned owner = w->slot ? byte / w->slot : 0;

			if (mem[0][byte] != mem[1][byte])
				hit[owner < w->n_lanes ? owner : 0] = true;
		}
		for (unsigned l = 0; l < w->n_lanes; l++) {
			if (!hit[l])
				continue;
			if (count < max)
				keys[count] = (uint64_t)i << 8 | l;
			count++;
		}
	}
	return count;
}

static int cmp_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void check_mutation(struct ktap *t, const char *suite, enum vsharp_emu_mutation m)
{
	const struct vsharp_suite *s = vsharp_suite_find(suite);

	for (size_t f = 0; f < 5; f++) {
		static struct reported r;
		static uint64_t want[4096];
		struct vsharp_device *dev;
		struct vsharp_probe_ctx *ctx;
		struct vsharp_probe_counts c;
		struct vsharp_error err = { "" };
		unsigned n, nwant;

		if (!CHECK(t, vsharp_emu_open(families[f], &dev, &err) == 0))
			continue;
		vsharp_emu_set_mutation(dev, m);
		if (!CHECK(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0)) {
			vsharp_device_close(dev);
			continue;
		}
		n = make_batch(s, families[f], vsharp_probe_wave_size(ctx), 0, 64);
		batch_base = batch;
		r.n = 0;
		CHECK(t, vsharp_probe_run(ctx, batch, n, false, collect, &r, &c, &err) == 0);
		nwant = affected(families[f], n, m, want, 4096);
		qsort(r.keys, r.n, sizeof(r.keys[0]), cmp_key);
		qsort(want, nwant, sizeof(want[0]), cmp_key);
		CHECK_MSG(t, nwant > 0, "%s %s: the mutation changes no case", vsharp_gfx_name(families[f]), suite);
		CHECK_MSG(t, r.n == nwant && c.failed == nwant && !memcmp(r.keys, want, nwant * sizeof(want[0])),
			  "%s %s: reported %u (failed %u), expected exactly %u", vsharp_gfx_name(families[f]),
			  suite, r.n, c.failed, nwant);
		vsharp_probe_close(ctx);
		vsharp_device_close(dev);
	}
}

static void test_range_off_by_one_is_caught(struct ktap *t)
{
	check_mutation(t, "range", VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1);
}

static void test_swapped_dst_sel_is_caught(struct ktap *t)
{
	check_mutation(t, "formats", VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY);
}

/*
 * The LDS a wave gets is its whole image: RSRC2.LDS_SIZE for the probe's
 * request, as the hardware rounds it (512-byte granule up to GFX10.1, 1 KiB
 * from GFX10.3: Mesa ac_gpu_info.c lds_alloc_granularity), is exactly
 * VSHARP_PROBE_LDS, and the lds suite reads past that end.
 */
static void test_lds_image_is_the_allocation(struct ktap *t)
{
	const struct vsharp_suite *s = vsharp_suite_find("lds");

	for (size_t f = 0; f < 5; f++) {
		unsigned granule = families[f] >= VSHARP_GFX10_3 ? 1024 : 512;
		unsigned ws = families[f] == VSHARP_GFX9 ? 64 : 32, past = 0;
		struct vsharp_dispatch d = {
			.level = families[f], .pgm_va = 1ull << 32, .vgprs = 28,
			.wave32 = ws == 32, .lds_bytes = VSHARP_PROBE_LDS, .threads = { ws, 1, 1 },
			.groups = { 1, 1, 1 }, .tidig_comps = 1,
		};
		struct vsharp_pm4_encoded e;
		unsigned alloc;

		if (!CHECK(t, vsharp_pm4_encode(&d, &e, NULL) == 0))
			continue;
		alloc = (VSHARP_PROBE_LDS + granule - 1) / granule * granule;
		CHECK_EQ(t, (e.rsrc2 >> 15 & 0x1ff) * 512, alloc);
		CHECK_EQ(t, alloc, VSHARP_PROBE_LDS);
		for (unsigned k = 0; k < 400; k++) {
			struct vsharp_probe_wave *w = &batch[0];

			if (!s->wave(families[f], ws, VSHARP_ALIGN_UNALIGNED, k, w) ||
			    w->stub.op->cls != VSHARP_OP_DS)
				continue;
			for (unsigned l = 0; l < w->n_lanes; l++)
				past += w->lane[l].vindex >= VSHARP_PROBE_LDS;
		}
		CHECK_MSG(t, past > 0, "%s: no lds read starts at or past %u", vsharp_gfx_name(families[f]),
			  VSHARP_PROBE_LDS);
	}
}

/* Whether two predictions say the same of every item and lane. */
static bool same_prediction(const struct vsharp_probe_expect *a, const struct vsharp_probe_expect *b)
{
	return !memcmp(&a->r, &b->r, sizeof(a->r)) && !memcmp(a->lane, b->lane, sizeof(a->lane)) &&
	       a->memviol == b->memviol && a->fault == b->fault;
}

/*
 * The prediction needs no device: in a setting written out from the
 * device's facts (its processor, the wave size, the place's arena address)
 * it is vsharp_probe_expect on a context of that device, wave for wave,
 * in every alignment mode, at several places of a batch, and with a rule
 * choice under which the arena's address itself decides (12-byte STRICT
 * alignment).  gfx810 is the processor that differs from its level's
 * probe processor (packed D16).
 */
static void test_prediction_needs_no_device(struct ktap *t)
{
	static const char *const processors[] = { "gfx810", "gfx900", "gfx1010", "gfx1030", "gfx1100", "gfx1200" };
	static const unsigned places[] = { 0, 7, VSHARP_PROBE_MAX_WAVES - 1 };
	static struct vsharp_probe_expect predicted, expected;
	struct vsharp_rules b96_12;

	for (size_t p = 0; p < sizeof(processors) / sizeof(processors[0]); p++) {
		const struct vsharp_target *target = vsharp_target_find(processors[p]);
		struct vsharp_device *dev;
		struct vsharp_probe_ctx *ctx;
		struct vsharp_error err = { "" };
		unsigned compared = 0;

		if (!CHECK(t, target != NULL) ||
		    !CHECK_MSG(t, vsharp_emu_open_target(target, &dev, &err) == 0, "%s", err.msg))
			continue;
		if (!CHECK_MSG(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0, "%s", err.msg)) {
			vsharp_device_close(dev);
			continue;
		}
		vsharp_rules_default(target->level, &b96_12);
		b96_12.choice[VSHARP_RULE_STRICT_B96] = VSHARP_STRICT_B96_12;
		for (unsigned su = 0; su < vsharp_suite_count; su++) {
			unsigned ws = vsharp_probe_wave_size(ctx);
			unsigned n = make_batch(vsharp_suites[su], target->level, ws, 0, 6);

			for (unsigned i = 0; i < n; i++)
				for (int mode = 0; mode < VSHARP_ALIGN_COUNT; mode++)
					for (size_t k = 0; k < sizeof(places) / sizeof(places[0]); k++)
						for (int r = 0; r < 2; r++) {
							const struct vsharp_rules *rules = r ? &b96_12 : NULL;
							struct vsharp_probe_setting s = {
								.level = target->level, .target = target, .wave_size = ws,
								.mode = mode, .rules = rules, .index = places[k],
								.arena_va = vsharp_probe_arena_va(ctx, places[k]),
							};
							int want = vsharp_probe_expect(ctx, &batch[i], places[k], mode, rules,
										       &expected, NULL);

							CHECK_MSG(t, vsharp_probe_predict(&s, &batch[i], &predicted, NULL) == want &&
								  (want || same_prediction(&predicted, &expected)),
								  "%s %s wave %u, %s, place %u%s: the prediction differs",
								  processors[p], vsharp_suites[su]->name, i,
								  vsharp_align_mode_name(mode), places[k], r ? ", strict_b96=12" : "");
							compared++;
						}
		}
		CHECK_MSG(t, compared > 500, "%s: %u predictions compared", processors[p], compared);
		vsharp_probe_close(ctx);
		vsharp_device_close(dev);
	}
}

/*
 * One case worked out from the guide, not from a run: a GFX11 wave of
 * buffer_store_b32 with OFFEN into a raw buffer (stride 0, OOB_SELECT 3,
 * NUM_RECORDS 0x100) in DWORD alignment mode.
 *   lane 0, voffset 0x43: DWORD mode ignores the address's two LSBs for a
 *           dword access (R3 §9.5, mode 0): 0x11223344 lands at 0x40..0x43.
 *   lane 1, voffset 0xfc: offset + payload = 0x100 is not above NUM_RECORDS
 *           (R3 Table 46, OOB_SELECT 3): in range, 0xaabbccdd at 0xfc..0xff.
 *   lane 2, voffset 0x100: 0x104 > 0x100, out of range: an out-of-range
 *           store writes nothing (R3 §9.4.1).
 * Little-endian bytes; every other arena byte keeps the pattern place 5
 * starts with, the lanes' VGPRs keep their values (a store writes none),
 * and nothing raises MEMVIOL or leaves the arena.
 */
static void test_prediction_follows_the_guide(struct ktap *t)
{
	static const uint8_t at_0x40[4] = { 0x44, 0x33, 0x22, 0x11 }, at_0xfc[4] = { 0xdd, 0xcc, 0xbb, 0xaa };
	static const uint32_t voffset[3] = { 0x43, 0xfc, 0x100 }, data[3] = { 0x11223344, 0xaabbccdd, 0x55667788 };
	static struct vsharp_probe_expect e;
	struct vsharp_probe_setting s = {
		.level = VSHARP_GFX11, .wave_size = 32, .mode = VSHARP_ALIGN_DWORD, .index = 5,
		.arena_va = 3ull << 32,		/* a multiple of 16 and of 12: no alignment from the address */
	};
	struct vsharp_probe_wave w;
	struct vsharp_error err = { "" };
	unsigned kept = 0;

	memset(&w, 0, sizeof(w));
	w.stub.op = vsharp_op_find(VSHARP_GFX11, "buffer_store_b32", NULL);
	if (!CHECK(t, w.stub.op != NULL))
		return;
	w.stub.offen = true;
	vsharp_buffer_default(VSHARP_GFX11, &w.buf);
	w.buf.num_records = 0x100;
	CHECK_EQ(t, w.buf.oob_select, 3);
	CHECK_EQ(t, w.buf.stride, 0);
	w.n_lanes = 3;
	w.slot = 64;
	for (unsigned l = 0; l < 3; l++) {
		w.lane[l].voffset = voffset[l];
		w.lane[l].data[0] = data[l];
		w.lane[l].vdst[0] = 0x5eed0000u + l;
	}
	if (!CHECK_MSG(t, vsharp_probe_predict(&s, &w, &e, &err) == 0, "%s", err.msg))
		return;
	CHECK(t, !memcmp(&e.r.arena[0x40], at_0x40, 4));
	CHECK(t, !memcmp(&e.r.arena[0xfc], at_0xfc, 4));
	for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
		kept += (b < 0x40 || b > 0x43) && (b < 0xfc || b > 0xff) && e.r.arena[b] == vsharp_probe_pattern(5, b);
	CHECK_EQ(t, kept, VSHARP_PROBE_ARENA - 8);
	/* Lanes 3..31 run lane 0's case again. */
	for (unsigned l = 0; l < 32; l++) {
		CHECK_EQ(t, e.r.vdst[l][0], 0x5eed0000u + (l < 3 ? l : 0));
		CHECK_EQ(t, e.lane[l].n_vdst, 0);
	}
	CHECK(t, !e.memviol && !e.fault);
}

/* A raw V#'s base is an offset into the wave's arena, like buf.base. */
static void test_raw_desc_is_rebased(struct ktap *t)
{
	struct vsharp_probe_wave w;
	struct vsharp_buffer_access a;
	struct vsharp_error err = { "" };

	memset(&w, 0, sizeof(w));
	w.stub.op = vsharp_op_find(VSHARP_GFX10_3, "buffer_load_dword", NULL);
	w.raw_desc = true;
	/* base 0x140 in dword 0, bits 47:32 of the base (dword 1 15:0) zero, stride 0 */
	w.desc[0] = 0x140;
	w.desc[1] = 0xabcd0000;
	w.desc[2] = 0x1000;
	w.desc[3] = 0x12345678;
	if (CHECK(t, w.stub.op != NULL) &&
	    CHECK_MSG(t, vsharp_probe_buffer_access(VSHARP_GFX10_3, &w, 0x123400000000ull,
						     VSHARP_ALIGN_UNALIGNED, &a, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, a.desc[0], 0x140);
		CHECK_EQ(t, a.desc[1], 0xabcd1234);
		CHECK_EQ(t, a.desc[2], 0x1000);
		CHECK_EQ(t, a.desc[3], 0x12345678);
	}
	w.desc[0] = VSHARP_PROBE_ARENA;
	CHECK(t, vsharp_probe_buffer_access(VSHARP_GFX10_3, &w, 1ull << 32, VSHARP_ALIGN_UNALIGNED,
					    &a, &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "raw V# base 0x2000") && strstr(err.msg, "allowed 0..0x1fff"),
		  "%s", err.msg);
}

/*
 * A device that looks like hardware and misbehaves on request: it stores
 * into the guard below the arenas, or loses the code BO's contents (a GPU
 * reset that lost VRAM), after a batch.
 */
struct faulty {
	struct vsharp_device base;
	struct vsharp_device *emu;
	struct vsharp_bo *code, *arena;
	bool poke_guard, lose_code;
};

static struct faulty *to_faulty(struct vsharp_device *dev)
{
	return (struct faulty *)dev;
}

static int faulty_alloc(struct vsharp_device *dev, uint64_t size, enum vsharp_bo_kind kind,
			struct vsharp_bo *bo, struct vsharp_error *err)
{
	struct vsharp_device *emu = to_faulty(dev)->emu;

	return emu->ops->bo_alloc(emu, size, kind, bo, err);
}

static void faulty_free(struct vsharp_device *dev, struct vsharp_bo *bo)
{
	struct vsharp_device *emu = to_faulty(dev)->emu;

	emu->ops->bo_free(emu, bo);
}

static int faulty_submit(struct vsharp_device *dev, const struct vsharp_bo *ib, unsigned n,
			 struct vsharp_bo *const *bos, unsigned n_bos, uint64_t *fence,
			 struct vsharp_error *err)
{
	struct faulty *f = to_faulty(dev);

	f->code = bos[0];
	f->arena = bos[2];
	return f->emu->ops->submit(f->emu, ib, n, bos, n_bos, fence, err);
}

static int faulty_wait(struct vsharp_device *dev, uint64_t fence, uint64_t timeout,
		       struct vsharp_error *err)
{
	struct faulty *f = to_faulty(dev);
	int ret = f->emu->ops->wait(f->emu, fence, timeout, err);

	if (!ret && f->poke_guard)
		((uint8_t *)f->arena->cpu)[100] ^= 0xff;
	if (!ret && f->lose_code)
		memset(f->code->cpu, 0, f->code->size);
	return ret;
}

static void faulty_close(struct vsharp_device *dev)
{
	(void)dev;
}

static const struct vsharp_device_ops faulty_ops = {
	faulty_alloc, faulty_free, faulty_submit, faulty_wait, faulty_close, NULL,
};

static void test_hardware_safety(struct ktap *t)
{
	const struct vsharp_suite *s = vsharp_suite_find("addressing");
	struct faulty f = { { .ops = &faulty_ops, .level = VSHARP_GFX11, .hardware = true, .name = "faulty gfx11" }, NULL, NULL, NULL,
			    false, false };
	struct vsharp_probe_ctx *ctx;
	struct vsharp_probe_counts c;
	struct vsharp_error err = { "" };
	unsigned n;

	if (!CHECK(t, vsharp_emu_open(VSHARP_GFX11, &f.emu, &err) == 0))
		return;
	if (!CHECK_MSG(t, vsharp_probe_open(&f.base, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0, "%s",
		       err.msg)) {
		vsharp_device_close(f.emu);
		return;
	}
	n = make_batch(s, VSHARP_GFX11, 32, 0, 8);

	/* Code lost after every batch: the next batch still runs the right code. */
	f.lose_code = true;
	for (int i = 0; i < 2; i++)
		CHECK_MSG(t, vsharp_probe_run(ctx, batch, n, true, NULL, NULL, &c, &err) == 0 &&
			  c.failed == 0 && c.passed > 0, "batch %d: %s (%u failed)", i, err.msg, c.failed);
	f.lose_code = false;

	/* Lanes of wave 1 leave the arena: on hardware the wave is skipped, not run. */
	batch[1].buf.num_records = 0xffffffffu;
	batch[1].lane[0].voffset = VSHARP_PROBE_ARENA + 64;
	CHECK_MSG(t, vsharp_probe_run(ctx, batch, n, false, NULL, NULL, &c, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, c.skipped, batch[1].n_lanes);
	CHECK_EQ(t, c.failed, 0);
	/* The same wave on the emulated device runs and fails as a model fault. */
	f.base.hardware = false;
	CHECK_MSG(t, vsharp_probe_run(ctx, batch, n, false, NULL, NULL, &c, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, c.skipped, 0);
	CHECK(t, c.failed >= 1);
	f.base.hardware = true;

	/* A store into the guard below the arenas fails the whole batch. */
	f.poke_guard = true;
	CHECK_EQ(t, vsharp_probe_run(ctx, batch, n, false, NULL, NULL, &c, &err), -EFAULT);
	CHECK_MSG(t, strstr(err.msg, "1 bytes of the guard below the arenas changed (first at guard +0x64)"),
		  "%s", err.msg);
	CHECK_EQ(t, c.passed, 0);
	vsharp_probe_close(ctx);
	/* The device keeps the closed context (its buffers are the emulated device's): first. */
	vsharp_device_close(&f.base);
	vsharp_device_close(f.emu);
}

/*
 * Every instruction of a family's catalogue runs in some wave of some suite,
 * under the emulator's alignment mode (UNALIGNED): `vsharp run --device emu`
 * exercises them all.
 */
static void test_suites_cover_catalogue(struct ktap *t)
{
	static bool seen[512];

	for (size_t f = 0; f < 5; f++) {
		unsigned ws = families[f] >= VSHARP_GFX10 ? 32 : 64, i = 0;
		const struct vsharp_op *op;

		memset(seen, 0, sizeof(seen));
		for (unsigned s = 0; s < vsharp_suite_count; s++) {
			for (unsigned k = 0; k < vsharp_suite_waves(vsharp_suites[s], ws); k++) {
				if (vsharp_suites[s]->wave(families[f], ws, VSHARP_ALIGN_UNALIGNED, k, &batch[0]))
					seen[batch[0].stub.op - vsharp_ops] = true;
			}
		}
		while ((op = vsharp_op_next(families[f], &i)))
			CHECK_MSG(t, seen[op - vsharp_ops], "%s: no suite runs %s",
				  vsharp_gfx_name(families[f]), vsharp_op_name(op, families[f]));
	}
}

/* The smem suite runs every S_BUFFER_LOAD stub (both parts of x16) on every level with shaders. */
static void test_smem_suite_covers_stubs(struct ktap *t)
{
	static struct vsharp_stub all[1536];
	const struct vsharp_suite *s = vsharp_suite_find("smem");

	if (!CHECK(t, s != NULL))
		return;
	for (int level = VSHARP_GFX6; level < VSHARP_GFX_COUNT; level++) {
		unsigned ws = vsharp_probe_level_wave_size(level), n = vsharp_stubs(level, all, 1536);
		unsigned smem = 0, runs = 0;

		for (unsigned i = 0; i < n; i++)
			smem += all[i].op->cls == VSHARP_OP_SMEM;
		for (unsigned i = 0; i < n; i++) {
			bool run = false;

			if (all[i].op->cls != VSHARP_OP_SMEM)
				continue;
			for (unsigned k = 0; k < vsharp_suite_waves(s, ws) && !run; k++)
				run = s->wave(level, ws, VSHARP_ALIGN_UNALIGNED, k, &batch[0]) &&
				      !memcmp(&batch[0].stub, &all[i], sizeof(all[i]));
			runs += run;
		}
		CHECK_MSG(t, smem >= 10 && runs == smem, "%s: the smem suite runs %u of %u stubs",
			  vsharp_gfx_name(level), runs, smem);
	}
}

static void setup(void)
{
	batch = calloc(VSHARP_PROBE_MAX_WAVES, sizeof(*batch));
	if (!batch)
		exit(1);
}

int main(void)
{
	static const struct ktap_case cases[] = {
		KTAP_CASE(test_suites_match_model),
		KTAP_CASE(test_range_off_by_one_is_caught),
		KTAP_CASE(test_swapped_dst_sel_is_caught),
		KTAP_CASE(test_lds_image_is_the_allocation),
		KTAP_CASE(test_prediction_needs_no_device),
		KTAP_CASE(test_prediction_follows_the_guide),
		KTAP_CASE(test_raw_desc_is_rebased),
		KTAP_CASE(test_hardware_safety),
		KTAP_CASE(test_suites_cover_catalogue),
		KTAP_CASE(test_smem_suite_covers_stubs),
	};
	int ret;

	setup();
	ret = ktap_run(cases, sizeof(cases) / sizeof(cases[0]));
	free(batch);
	return ret;
}
