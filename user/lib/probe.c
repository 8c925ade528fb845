// SPDX-License-Identifier: MIT
/*
 * The probe layer: builds the case table and the IB for a batch of waves,
 * runs it on a device, and compares every lane with the model.  The table
 * layout is the contract of shaders/README.md:
 *
 *   wave record (8192 bytes, one per work-group)
 *     +0    V# (4 dwords), soffset, M0, stub offset, flags
 *     +32   VMID the wave read from HW_ID/HW_ID2
 *     +64   LDS image (VSHARP_PROBE_LDS bytes), copied in before and out after
 *     +1088 lane records, 64 bytes each:
 *           +0 vindex, +4 voffset, +16 data[4] (v8..v11), +32 vdst[8] (v12..v19)
 *
 * The CPU never reads or writes the GPU's copies byte by byte: a batch is
 * built in host memory and copied in, and read back with one copy per
 * buffer (a VRAM BO's CPU mapping is write-combined, uncached for reads).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "memory.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"
#include "vsharp/probe.h"
#include "vsharp/shaders.h"

#define HDR_VMID 32
#define LDS_IMAGE 64
#define LANES 1088
#define LANE_SIZE 64
#define IB_DWORDS 1024
/*
 * Instruction prefetch may fetch up to three 128-byte lines past the last
 * instruction (SH_MEM_CONFIG.INITIAL_INST_PREFETCH 3 on GFX10+, Linux
 * gfx_v10_0.c/gfx_v11_0.c/gfx_v12_0.c; LLVM pads with as much s_code_end).
 * The code BO covers that window even if a binary's padding were short.
 */
#define PREFETCH_WINDOW 384u
/*
 * Mapped guard bytes below and above the arenas: a wave that strays out of
 * the arenas lands here (not in an unmapped page or another buffer), and
 * the guards are checked after every batch.
 */
#define GUARD 65536u
#define ARENAS ((size_t)VSHARP_PROBE_ARENA * VSHARP_PROBE_MAX_WAVES)
/* Seconds a batch may take on hardware before it counts as a hang. */
#define BATCH_TIMEOUT_NS 10000000000ull

struct vsharp_probe_ctx {
	struct vsharp_device *dev;
	enum vsharp_gfx level;
	enum vsharp_align_mode align;
	const struct vsharp_shader *shader;
	uint32_t stub_base;
	struct vsharp_bo code, table, arena, ib;
	unsigned wave_size;
	unsigned vmid;
	uint8_t *expect_arena;
	/* Host copies of the table and of guard + arenas + guard. */
	uint8_t *host_table, *host_arena;
};

/*
 * What a wave's arena and LDS hold before it runs depends only on its place
 * in the batch, and the guards' bytes on nothing: every context of the
 * process copies them from these tables, a place's pattern (arena, then
 * LDS) made the first time a batch reaches that place.
 */
#define START_BYTES (VSHARP_PROBE_ARENA + VSHARP_PROBE_LDS)
static uint8_t start_table[VSHARP_PROBE_MAX_WAVES][START_BYTES];
static uint8_t guard_table[2 * GUARD];
static atomic_uint start_made;
static mtx_t start_lock;
static once_flag start_once = ONCE_FLAG_INIT;

uint8_t vsharp_probe_pattern(unsigned wave, unsigned byte)
{
	/* Distinct per byte and wave, never all zero: stale or dropped data shows. */
	uint32_t x = wave * 0x9e3779b1u ^ byte * 0x85ebca6bu;

	x ^= x >> 15;
	x *= 0x2c1b3c6du;
	x ^= x >> 12;
	return (uint8_t)(x | 1);
}

/* The guards' bytes: the pattern of a wave number no batch has (and the tables' lock). */
static void make_guards(void)
{
	mtx_init(&start_lock, mtx_plain);
	for (unsigned b = 0; b < 2 * GUARD; b++)
		guard_table[b] = vsharp_probe_pattern(VSHARP_PROBE_MAX_WAVES, b);
}

unsigned vsharp_probe_wave_size(const struct vsharp_probe_ctx *ctx)
{
	return ctx->wave_size;
}

unsigned vsharp_probe_vmid(const struct vsharp_probe_ctx *ctx)
{
	return ctx->vmid;
}

int vsharp_probe_open(struct vsharp_device *dev, enum vsharp_align_mode align,
		      struct vsharp_probe_ctx **out, struct vsharp_error *err)
{
	const struct vsharp_device_ops *ops = dev->ops;
	struct vsharp_probe_ctx *ctx;
	int ret;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return vsharp_fail(err, -ENOMEM, "probe: out of memory");
	ctx->dev = dev;
	ctx->level = dev->level;
	ctx->align = align;
	ctx->wave_size = dev->level >= VSHARP_GFX10 ? 32 : 64;
	ctx->shader = vsharp_shader_for(dev->level, err);
	ctx->expect_arena = malloc(ARENAS);
	ctx->host_table = calloc(VSHARP_PROBE_MAX_WAVES, VSHARP_WAVE_RECORD);
	ctx->host_arena = malloc(GUARD + ARENAS + GUARD);
	ret = !ctx->shader ? -ENOENT :
	      !ctx->expect_arena || !ctx->host_table || !ctx->host_arena ?
	      vsharp_fail(err, -ENOMEM, "probe: out of memory") : 0;
	if (!ret)
		ret = vsharp_shader_symbol(ctx->shader, "stub_base", &ctx->stub_base, err);
	if (!ret)
		ret = ops->bo_alloc(dev, 4ull * ctx->shader->n_words + PREFETCH_WINDOW,
				    VSHARP_BO_CODE, &ctx->code, err);
	if (!ret)
		ret = ops->bo_alloc(dev, (uint64_t)VSHARP_WAVE_RECORD * VSHARP_PROBE_MAX_WAVES,
				    VSHARP_BO_DATA, &ctx->table, err);
	if (!ret)
		ret = ops->bo_alloc(dev, GUARD + ARENAS + GUARD, VSHARP_BO_DATA, &ctx->arena, err);
	if (!ret)
		ret = ops->bo_alloc(dev, 4 * IB_DWORDS, VSHARP_BO_IB, &ctx->ib, err);
	if (ret) {
		vsharp_probe_close(ctx);
		return ret;
	}
	call_once(&start_once, make_guards);
	memcpy(ctx->host_arena, guard_table, GUARD);
	memcpy(ctx->host_arena + GUARD + ARENAS, guard_table + GUARD, GUARD);
	*out = ctx;
	return 0;
}

void vsharp_probe_close(struct vsharp_probe_ctx *ctx)
{
	struct vsharp_bo *bos[] = { &ctx->ib, &ctx->arena, &ctx->table, &ctx->code };

	if (!ctx)
		return;
	for (unsigned i = 0; i < 4; i++)
		if (bos[i]->size)
			ctx->dev->ops->bo_free(ctx->dev, bos[i]);
	free(ctx->expect_arena);
	free(ctx->host_table);
	free(ctx->host_arena);
	free(ctx);
}

/* Wave i's record and arena in the host copies. */
static uint8_t *wave_record(struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->host_table + (size_t)i * VSHARP_WAVE_RECORD;
}

static uint8_t *wave_arena(struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->host_arena + GUARD + (size_t)i * VSHARP_PROBE_ARENA;
}

/*
 * The V# with its base moved into the wave's arena.  A raw V# is rebased
 * too, its base field read as an offset into the arena like buf.base, so
 * that no descriptor a suite writes can point the GPU at another buffer.
 */
static int place_desc(enum vsharp_gfx level, const struct vsharp_probe_wave *w, uint64_t arena_va,
		      uint32_t desc[4], struct vsharp_error *err)
{
	struct vsharp_buffer b = w->buf;
	struct vsharp_field_info f;
	uint64_t base = 0;

	if (!w->raw_desc) {
		b.base += arena_va;
		return vsharp_desc_encode(level, &b, desc, err);
	}
	memcpy(desc, w->desc, 16);
	if (!vsharp_field_info(level, VSHARP_F_BASE, &f))
		return vsharp_fail(err, -EINVAL, "probe: %s has no V# base field", vsharp_gfx_name(level));
	for (unsigned k = 0; k < f.width; k++)
		base |= (uint64_t)(desc[(f.lo + k) / 32] >> ((f.lo + k) % 32) & 1) << k;
	if (base >= VSHARP_PROBE_ARENA)
		return vsharp_fail(err, -EINVAL,
				   "probe: raw V# base 0x%" PRIx64 ": an offset into the wave's arena (allowed 0..0x%x)",
				   base, VSHARP_PROBE_ARENA - 1);
	base += arena_va;
	for (unsigned k = 0; k < f.width; k++) {
		uint32_t bit = 1u << ((f.lo + k) % 32);

		desc[(f.lo + k) / 32] = (desc[(f.lo + k) / 32] & ~bit) | (base >> k & 1 ? bit : 0);
	}
	return 0;
}

/* The bytes batch place I starts with: VSHARP_PROBE_ARENA of arena, then the LDS. */
static const uint8_t *start_bytes(unsigned i)
{
	unsigned made = atomic_load_explicit(&start_made, memory_order_acquire);

	if (i < made)
		return start_table[i];
	call_once(&start_once, make_guards);
	mtx_lock(&start_lock);
	for (made = atomic_load_explicit(&start_made, memory_order_relaxed); made <= i; made++) {
		for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
			start_table[made][b] = vsharp_probe_pattern(made, b);
		for (unsigned b = 0; b < VSHARP_PROBE_LDS; b++)
			start_table[made][VSHARP_PROBE_ARENA + b] = vsharp_probe_pattern(made, 0x10000 + b);
		atomic_store_explicit(&start_made, made + 1, memory_order_release);
	}
	mtx_unlock(&start_lock);
	return start_table[i];
}

static uint64_t arena_va(const struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->arena.va + GUARD + (uint64_t)i * VSHARP_PROBE_ARENA;
}

int vsharp_probe_buffer_access(enum vsharp_gfx level, const struct vsharp_probe_wave *w,
			       uint64_t va, enum vsharp_align_mode mode,
			       struct vsharp_buffer_access *a, struct vsharp_error *err)
{
	memset(a, 0, sizeof(*a));
	a->level = level;
	a->op = w->stub.op;
	a->idxen = w->stub.idxen;
	a->offen = w->stub.offen;
	a->glc = w->stub.glc;
	a->tfe = w->stub.tfe;
	a->lds = w->stub.lds;
	a->soffset = w->soffset;
	a->ioffset = w->stub.ioffset;
	a->m0 = w->m0;
	a->tformat = w->stub.tformat;
	a->align = mode;
	vsharp_rules_default(level, &a->rules);
	return place_desc(level, w, va, a->desc, err);
}

void vsharp_probe_lane_in(const struct vsharp_probe_wave *w, unsigned lane,
			  struct vsharp_lane_in *in)
{
	const struct vsharp_probe_lane *pl = &w->lane[lane];

	memset(in, 0, sizeof(*in));
	in->lane = lane;
	in->vindex = pl->vindex;
	in->voffset = pl->voffset;
	memcpy(in->data, w->stub.op->kind == VSHARP_OP_STORE ? pl->data : pl->vdst,
	       4 * (w->stub.op->kind == VSHARP_OP_STORE ? 4 : 8));
	memcpy(in->vdst, pl->vdst, sizeof(in->vdst));
}

/*
 * The case lane L of a wave runs.  The dispatch runs every lane of the wave
 * size, so the lanes past n_lanes run too, as copies of lane 0: the model
 * evaluates them like the device, and only their registers go unchecked.
 */
static unsigned case_of(const struct vsharp_probe_wave *w, unsigned l)
{
	return l < w->n_lanes ? l : 0;
}

static int fill(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
		struct vsharp_error *err)
{
	for (unsigned i = 0; i < n; i++) {
		const struct vsharp_probe_wave *w = &waves[i];
		uint8_t *rec = wave_record(ctx, i), *arena;
		uint32_t hdr[8] = { 0 }, stub;
		char name[128];
		int ret;

		vsharp_stub_name(ctx->level, &w->stub, name, sizeof(name));
		ret = vsharp_shader_symbol(ctx->shader, name, &stub, err);
		if (!ret)
			ret = place_desc(ctx->level, w, arena_va(ctx, i), hdr, err);
		if (ret)
			return ret;
		hdr[4] = w->soffset;
		hdr[5] = w->m0;
		hdr[6] = stub - ctx->stub_base;
		memset(rec, 0, LANES + LANE_SIZE * ctx->wave_size);
		for (unsigned k = 0; k < 8; k++)
			store_le(rec + 4 * k, 4, hdr[k]);
		memcpy(rec + LDS_IMAGE, start_bytes(i) + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
		for (unsigned l = 0; l < ctx->wave_size; l++) {
			const struct vsharp_probe_lane *pl = &w->lane[case_of(w, l)];
			uint8_t *lr = rec + LANES + LANE_SIZE * l;

			store_le(lr, 4, pl->vindex);
			store_le(lr + 4, 4, pl->voffset);
			for (unsigned k = 0; k < 4; k++)
				store_le(lr + 16 + 4 * k, 4, pl->data[k]);
			for (unsigned k = 0; k < 8; k++)
				store_le(lr + 32 + 4 * k, 4, pl->vdst[k]);
		}
		arena = wave_arena(ctx, i);
		memcpy(arena, start_bytes(i), VSHARP_PROBE_ARENA);
	}
	return 0;
}

/*
 * Everything the GPU reads is written afresh for every batch: the table,
 * the arenas with their guards, and the shader code.  The code too (9-12
 * KiB, microseconds): after a GPU reset that lost VRAM an earlier copy is
 * garbage, and always rewriting it is simpler to trust than tracking every
 * way VRAM can be lost.
 */
static void upload(struct vsharp_probe_ctx *ctx, unsigned n)
{
	size_t code = 4ull * ctx->shader->n_words;
	uint8_t *arena = ctx->arena.cpu;

	memcpy(ctx->table.cpu, ctx->host_table, (size_t)n * VSHARP_WAVE_RECORD);
	memcpy(arena, ctx->host_arena, GUARD + (size_t)n * VSHARP_PROBE_ARENA);
	memcpy(arena + GUARD + ARENAS, ctx->host_arena + GUARD + ARENAS, GUARD);
	memcpy(ctx->code.cpu, ctx->shader->code, code);
	memset((uint8_t *)ctx->code.cpu + code, 0, ctx->code.size - code);
}

/* The results: one bulk copy per buffer into host memory. */
static void download(struct vsharp_probe_ctx *ctx, unsigned n)
{
	const uint8_t *arena = ctx->arena.cpu;

	memcpy(ctx->host_table, ctx->table.cpu, (size_t)n * VSHARP_WAVE_RECORD);
	memcpy(ctx->host_arena, arena, GUARD + (size_t)n * VSHARP_PROBE_ARENA);
	memcpy(ctx->host_arena + GUARD + ARENAS, arena + GUARD + ARENAS, GUARD);
}

/*
 * A changed guard byte means some wave stored outside every arena.  The
 * pattern goes back into the host copy at once, so that the next batch
 * uploads clean guards and is judged on its own stores only.
 */
static int check_guards(struct vsharp_probe_ctx *ctx, struct vsharp_error *err)
{
	static const char *const side[2] = { "below", "above" };

	for (unsigned g = 0; g < 2; g++) {
		uint8_t *p = ctx->host_arena + (g ? GUARD + ARENAS : 0);
		unsigned changed = 0, first = 0;

		if (!memcmp(p, guard_table + (size_t)g * GUARD, GUARD))
			continue;
		for (unsigned b = 0; b < GUARD; b++) {
			if (p[b] == guard_table[(size_t)g * GUARD + b])
				continue;
			p[b] = guard_table[(size_t)g * GUARD + b];
			if (!changed++)
				first = b;
		}
		if (changed)
			return vsharp_fail(err, -EFAULT,
					   "probe: %u bytes of the guard %s the arenas changed (first at guard +0x%x): a wave stored outside its arena, so no result of this batch can be trusted",
					   changed, side[g], first);
	}
	return 0;
}

static int build_ib(struct vsharp_probe_ctx *ctx, unsigned n, unsigned *dwords,
		    struct vsharp_error *err)
{
	struct vsharp_dispatch d;
	struct vsharp_ib ib;
	int ret;

	memset(&d, 0, sizeof(d));
	d.level = ctx->level;
	d.pgm_va = ctx->code.va;
	d.vgprs = VSHARP_SHADER_VGPRS;
	d.sgprs = VSHARP_SHADER_SGPRS;
	d.wave32 = ctx->wave_size == 32;
	d.user_sgprs = 2;
	d.user_data[0] = (uint32_t)ctx->table.va;
	d.user_data[1] = (uint32_t)(ctx->table.va >> 32);
	d.lds_bytes = VSHARP_PROBE_LDS;
	d.threads[0] = ctx->wave_size;
	d.threads[1] = d.threads[2] = 1;
	d.groups[0] = n;
	d.groups[1] = d.groups[2] = 1;
	d.tgid[0] = true;
	d.tidig_comps = 1;
	vsharp_ib_init(&ib, ctx->ib.cpu, IB_DWORDS);
	ret = vsharp_pm4_preamble(&ib, ctx->level, err);
	if (!ret)
		ret = vsharp_pm4_dispatch(&ib, &d, err);
	if (!ret)
		ret = vsharp_pm4_finish(&ib, err);
	*dwords = ib.n;
	return ret;
}

/* What the model says one wave must leave behind. */
struct expect {
	uint32_t vdst[64][8];
	uint8_t lds[VSHARP_PROBE_LDS];
	bool fault[64];
	bool faults;		/* some lane leaves the arena */
	bool memviol;
};

/*
 * A DS wave as the GPU runs it: every lane of the wave size, those past
 * n_lanes with lane 0's inputs (fill() loads them so), because swizzle and
 * permute read other lanes.
 */
static int expect_ds(const struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w,
		     const struct vsharp_ds_access *ds, struct vsharp_lds *lds, struct expect *e)
{
	struct vsharp_ds_lane_in in[64];
	struct vsharp_ds_lane_out out[64];
	unsigned lanes = ctx->wave_size;

	memset(in, 0, sizeof(in));
	for (unsigned l = 0; l < lanes; l++) {
		const struct vsharp_probe_lane *pl = &w->lane[case_of(w, l)];

		in[l].lane = l;
		in[l].vaddr = pl->vindex;
		/* DATA0 is v8 (and up), DATA1 v10 (and up): the shader's registers. */
		memcpy(in[l].data0, pl->data, sizeof(in[l].data0));
		in[l].data1[0] = pl->data[2];
		in[l].data1[1] = pl->data[3];
		memcpy(in[l].vdst, pl->vdst, sizeof(in[l].vdst));
	}
	vsharp_ds_wave(ds, in, lanes, lanes == 64 ? ~0ull : (1ull << lanes) - 1, lds, out);
	for (unsigned l = 0; l < lanes; l++) {
		memcpy(e->vdst[l], w->lane[case_of(w, l)].vdst, sizeof(e->vdst[l]));
		memcpy(e->vdst[l], out[l].vdst, 4u * out[l].n_vdst);
		e->fault[l] = false;
		e->memviol |= out[l].memviol;
	}
	return 0;
}

static int expect_wave(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, unsigned i,
		       struct expect *e, struct vsharp_error *err)
{
	uint8_t *arena = ctx->expect_arena + (size_t)i * VSHARP_PROBE_ARENA;
	struct vsharp_memory mem = { .va = arena_va(ctx, i), .bytes = arena,
				     .size = VSHARP_PROBE_ARENA };
	struct vsharp_lds lds = { e->lds, VSHARP_PROBE_LDS };
	const struct vsharp_op *op = w->stub.op;
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_ds_access ds;
	int ret;

	memcpy(arena, start_bytes(i), VSHARP_PROBE_ARENA);
	memcpy(e->lds, start_bytes(i) + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
	memset(&ds, 0, sizeof(ds));
	if (op->cls == VSHARP_OP_DS) {
		ds.level = ctx->level;
		ds.op = op;
		ds.offset0 = w->stub.offset0;
		ds.offset1 = w->stub.offset1;
		ds.m0 = w->m0;
		ds.align = ctx->align;
		vsharp_rules_default(ctx->level, &ds.rules);
		ret = vsharp_ds_check(&ds, err);
	} else {
		ret = vsharp_probe_buffer_access(ctx->level, w, arena_va(ctx, i), ctx->align, &a, err);
		if (!ret)
			ret = vsharp_buffer_plan(&a, &p, err);
	}
	if (ret)
		return ret;
	e->memviol = false;
	e->faults = false;
	if (op->cls == VSHARP_OP_DS)
		return expect_ds(ctx, w, &ds, &lds, e);
	for (unsigned l = 0; l < ctx->wave_size; l++) {
		struct vsharp_lane_in in;
		struct vsharp_lane_out out;

		memcpy(e->vdst[l], w->lane[case_of(w, l)].vdst, sizeof(e->vdst[l]));
		e->fault[l] = false;
		vsharp_probe_lane_in(w, case_of(w, l), &in);
		in.lane = l;
		vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
		e->fault[l] = out.fault;
		e->faults |= out.fault;
		e->memviol |= out.memviol;
		memcpy(e->vdst[l], out.vdst, 4u * out.n_vdst);
	}
	return 0;
}

static void report_one(vsharp_probe_report report, void *rctx, enum vsharp_gfx level,
		       const struct vsharp_probe_wave *w, unsigned lane, const char *what,
		       uint64_t expected, uint64_t observed)
{
	struct vsharp_probe_mismatch m = { w, lane, what, expected, observed };

	if (report)
		report(rctx, level, &m);
}

/* Compares one wave; returns the number of failed lanes. */
static unsigned compare_wave(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w,
			     unsigned i, const struct expect *e, vsharp_probe_report report,
			     void *rctx)
{
	const uint8_t *rec = wave_record(ctx, i);
	const uint8_t *arena = wave_arena(ctx, i);
	const uint8_t *expect_arena = ctx->expect_arena + (size_t)i * VSHARP_PROBE_ARENA;
	bool bad[64] = { false }, arena_differs, lds_differs;
	unsigned failed = 0;
	char where[48];
	static const char *const vnames[8] = {
		"vdst[0]", "vdst[1]", "vdst[2]", "vdst[3]", "vdst[4]", "vdst[5]", "vdst[6]", "vdst[7]",
	};

	for (unsigned l = 0; l < ctx->wave_size; l++) {
		const uint8_t *lr = rec + LANES + LANE_SIZE * l;
		unsigned c = case_of(w, l);

		if (e->fault[l]) {
			/* A copy past n_lanes that leaves the arena counts against lane 0. */
			if (c == l || !bad[c])
				report_one(report, rctx, ctx->level, w, c, "model fault (case leaves the arena)",
					   0, 0);
			bad[c] = true;
			continue;
		}
		if (l >= w->n_lanes)
			continue;
		for (unsigned k = 0; k < 8; k++) {
			uint32_t got = (uint32_t)load_le(lr + 32 + 4 * k, 4);

			if (got != e->vdst[l][k]) {
				if (!bad[l])
					report_one(report, rctx, ctx->level, w, l, vnames[k], e->vdst[l][k], got);
				bad[l] = true;
			}
		}
	}
	/* Bytes are charged to lanes only where the images differ. */
	arena_differs = memcmp(arena, expect_arena, VSHARP_PROBE_ARENA) != 0;
	lds_differs = memcmp(rec + LDS_IMAGE, e->lds, VSHARP_PROBE_LDS) != 0;
	for (unsigned b = 0; arena_differs && b < VSHARP_PROBE_ARENA; b++) {
		unsigned owner = w->slot ? b / w->slot : 0;

		if (arena[b] == expect_arena[b])
			continue;
		if (owner >= w->n_lanes)
			owner = 0;
		if (!bad[owner]) {
			snprintf(where, sizeof(where), "memory byte at arena +0x%x", b);
			report_one(report, rctx, ctx->level, w, owner, where, expect_arena[b], arena[b]);
		}
		bad[owner] = true;
	}
	for (unsigned b = 0; lds_differs && b < VSHARP_PROBE_LDS; b++) {
		unsigned owner = b / VSHARP_PROBE_LDS_SLOT % ctx->wave_size;

		if (rec[LDS_IMAGE + b] == e->lds[b])
			continue;
		if (owner >= w->n_lanes)
			owner = 0;
		if (!bad[owner]) {
			snprintf(where, sizeof(where), "LDS byte at +0x%x", b);
			report_one(report, rctx, ctx->level, w, owner, where, e->lds[b], rec[LDS_IMAGE + b]);
		}
		bad[owner] = true;
	}
	for (unsigned l = 0; l < w->n_lanes; l++)
		failed += bad[l];
	return failed;
}

int vsharp_probe_run(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves,
		     unsigned n, bool skip_memviol, vsharp_probe_report report, void *report_ctx,
		     struct vsharp_probe_counts *counts, struct vsharp_error *err)
{
	struct vsharp_bo *bos[] = { &ctx->code, &ctx->table, &ctx->arena };
	const struct vsharp_probe_wave **run;
	struct expect *e;
	unsigned dwords, lanes = 0, m = 0;
	/* On a GPU a stray access is a VM fault or another wave's bytes: never run one. */
	bool skip_fault = ctx->dev->hardware;
	uint64_t fence;
	int ret = 0;

	memset(counts, 0, sizeof(*counts));
	if (!n || n > VSHARP_PROBE_MAX_WAVES)
		return vsharp_fail(err, -EINVAL, "probe: a batch of %u waves (allowed 1..%u)", n,
				   VSHARP_PROBE_MAX_WAVES);
	/* Before anything reads w->lane[] or sizes a result by n_lanes. */
	for (unsigned i = 0; i < n; i++)
		if (!waves[i].n_lanes || waves[i].n_lanes > ctx->wave_size)
			return vsharp_fail(err, -EINVAL, "probe: wave %u has %u lanes (allowed 1..%u on %s)",
					   i, waves[i].n_lanes, ctx->wave_size, vsharp_gfx_name(ctx->level));
	e = malloc(sizeof(*e));
	run = malloc(n * sizeof(*run));
	if (!e || !run) {
		free(e);
		free(run);
		return vsharp_fail(err, -ENOMEM, "probe: out of memory");
	}
	/* The model decides first which waves may run at all. */
	for (unsigned i = 0; i < n && !ret; i++) {
		if (skip_memviol || skip_fault)
			ret = expect_wave(ctx, &waves[i], m, e, err);
		if (!ret && ((skip_memviol && e->memviol) || (skip_fault && e->faults)))
			counts->skipped += waves[i].n_lanes;
		else if (!ret)
			run[m++] = &waves[i];
	}
	for (unsigned i = 0; i < m; i++)
		lanes += run[i]->n_lanes;
	if (!ret && m) {
		struct vsharp_probe_wave *copy = malloc(m * sizeof(*copy));

		if (!copy) {
			ret = vsharp_fail(err, -ENOMEM, "probe: out of memory");
		} else {
			for (unsigned i = 0; i < m; i++)
				copy[i] = *run[i];
			ret = fill(ctx, copy, m, err);
			free(copy);
		}
		if (!ret) {
			upload(ctx, m);
			ret = build_ib(ctx, m, &dwords, err);
		}
		if (!ret)
			ret = ctx->dev->ops->submit(ctx->dev, &ctx->ib, dwords, bos, 3, &fence, err);
		if (!ret)
			ret = ctx->dev->ops->wait(ctx->dev, fence, BATCH_TIMEOUT_NS, err);
		if (!ret) {
			download(ctx, m);
			ret = check_guards(ctx, err);
		}
		if (!ret)
			ctx->vmid = (unsigned)load_le(wave_record(ctx, 0) + HDR_VMID, 4);
	}
	for (unsigned i = 0; i < m && !ret; i++) {
		ret = expect_wave(ctx, run[i], i, e, err);
		if (!ret)
			counts->failed += compare_wave(ctx, run[i], i, e, report, report_ctx);
	}
	free(e);
	free(run);
	if (ret) {
		counts->failed = lanes;
		counts->passed = 0;
		return ret;
	}
	counts->passed = lanes - counts->failed;
	return 0;
}

void vsharp_probe_describe(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned lane,
			   char *buf, size_t n)
{
	const struct vsharp_probe_lane *pl = &w->lane[lane];
	char stub[128];

	vsharp_stub_name(level, &w->stub, stub, sizeof(stub));
	if (w->stub.op->cls == VSHARP_OP_DS) {
		snprintf(buf, n, "%s %s lane %u: addr 0x%x data 0x%x 0x%x m0 0x%x", vsharp_gfx_name(level),
			 stub + 5, lane, pl->vindex, pl->data[0], pl->data[2], w->m0);
		return;
	}
	snprintf(buf, n, "%s %s lane %u: base +0x%" PRIx64 " stride %u num_records %u swizzle %d oob_select %u add_tid %d dst_sel %u%u%u%u format %s_%s%s soffset %u vindex %u voffset %u data 0x%x",
		 vsharp_gfx_name(level), stub + 5, lane, w->buf.base, w->buf.stride, w->buf.num_records,
		 w->buf.swizzle, w->buf.oob_select, w->buf.add_tid, w->buf.dst_sel[0], w->buf.dst_sel[1],
		 w->buf.dst_sel[2], w->buf.dst_sel[3], vsharp_dfmt_name(w->buf.format.dfmt),
		 vsharp_nfmt_name(w->buf.format.nfmt), w->raw_desc ? " (raw V#)" : "", w->soffset,
		 pl->vindex, pl->voffset, pl->data[0]);
}
