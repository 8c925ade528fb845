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
 * wave record and one for the arenas (a VRAM BO's CPU mapping is
 * write-combined, uncached for reads).  Only the bytes of a record the
 * shader reads or writes move, and the arenas' starting pattern and the
 * guards go straight from their tables into the BO.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "model/bytes.h"
#include "vsharp/emu.h"
#include "vsharp/gpu.h"
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
	unsigned ran;		/* waves of the last batch that ran to the end */
	/* Host copies of the table and of the arenas (the guards are checked in the BO). */
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

unsigned vsharp_probe_level_wave_size(enum vsharp_gfx level)
{
	return level >= VSHARP_GFX10 ? 32 : 64;
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
	ctx->wave_size = vsharp_probe_level_wave_size(dev->level);
	ctx->shader = vsharp_shader_for(dev->level, err);
	ctx->host_table = calloc(VSHARP_PROBE_MAX_WAVES, VSHARP_WAVE_RECORD);
	ctx->host_arena = malloc(ARENAS);
	ret = !ctx->shader ? -ENOENT :
	      !ctx->host_table || !ctx->host_arena ?
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
	free(ctx->host_table);
	free(ctx->host_arena);
	free(ctx);
}

/* Wave i's record and arena in the host copies. */
static uint8_t *wave_record(struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->host_table + (size_t)i * VSHARP_WAVE_RECORD;
}

/* The bytes of a wave record the shader reads or writes: header, LDS image, lane records. */
static size_t record_used(const struct vsharp_probe_ctx *ctx)
{
	return LANES + (size_t)LANE_SIZE * ctx->wave_size;
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

uint64_t vsharp_probe_arena_va(const struct vsharp_probe_ctx *ctx, unsigned i)
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
	return place_desc(level, w, va, a->desc, err);
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
	in->vaddr64 = pl->vindex | (uint64_t)pl->voffset << 32;	/* v[4:5] */
	memcpy(in->data, w->stub.op->kind == VSHARP_OP_STORE ? pl->data : pl->vdst,
	       4 * (w->stub.op->kind == VSHARP_OP_STORE ? 4 : 8));
	memcpy(in->vdst, pl->vdst, sizeof(in->vdst));
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

int vsharp_probe_start(unsigned i, uint8_t *arena, uint8_t *lds, struct vsharp_error *err)
{
	const uint8_t *start;

	if (i >= VSHARP_PROBE_MAX_WAVES)
		return vsharp_fail(err, -EINVAL, "probe: batch place %u (allowed 0..%u)", i,
				   VSHARP_PROBE_MAX_WAVES - 1);
	start = start_bytes(i);
	memcpy(arena, start, VSHARP_PROBE_ARENA);
	memcpy(lds, start + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
	return 0;
}

static int fill(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
		struct vsharp_error *err)
{
	for (unsigned i = 0; i < n; i++) {
		const struct vsharp_probe_wave *w = &waves[i];
		uint8_t *rec = wave_record(ctx, i);
		/* The header's 64 bytes, then the lane records whole: no byte left as it was. */
		uint32_t hdr[LDS_IMAGE / 4] = { 0 }, stub;
		char name[128];
		int ret;

		vsharp_stub_name(ctx->level, &w->stub, name, sizeof(name));
		ret = vsharp_shader_symbol(ctx->shader, name, &stub, err);
		if (!ret)
			ret = place_desc(ctx->level, w, vsharp_probe_arena_va(ctx, i), hdr, err);
		if (ret)
			return ret;
		hdr[4] = w->soffset;
		hdr[5] = w->m0;
		hdr[6] = stub - ctx->stub_base;
		for (unsigned k = 0; k < LDS_IMAGE / 4; k++)
			store_le(rec + 4 * k, 4, hdr[k]);
		memcpy(rec + LDS_IMAGE, start_bytes(i) + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
		for (unsigned l = 0; l < ctx->wave_size; l++) {
			const struct vsharp_probe_lane *pl = &w->lane[vsharp_probe_case_of(w, l)];
			uint32_t lr[LANE_SIZE / 4] = { pl->vindex, pl->voffset };

			memcpy(lr + 4, pl->data, sizeof(pl->data));
			memcpy(lr + 8, pl->vdst, sizeof(pl->vdst));
			for (unsigned k = 0; k < LANE_SIZE / 4; k++)
				store_le(rec + LANES + LANE_SIZE * l + 4 * k, 4, lr[k]);
		}
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
	size_t code = 4ull * ctx->shader->n_words, used = record_used(ctx);
	uint8_t *table = ctx->table.cpu, *arena = ctx->arena.cpu;

	for (unsigned i = 0; i < n; i++) {
		memcpy(table + (size_t)i * VSHARP_WAVE_RECORD, wave_record(ctx, i), used);
		memcpy(arena + GUARD + (size_t)i * VSHARP_PROBE_ARENA, start_bytes(i), VSHARP_PROBE_ARENA);
	}
	memcpy(arena, guard_table, GUARD);
	memcpy(arena + GUARD + ARENAS, guard_table + GUARD, GUARD);
	memcpy(ctx->code.cpu, ctx->shader->code, code);
	memset((uint8_t *)ctx->code.cpu + code, 0, ctx->code.size - code);
}

/* The results into host memory: each record's used bytes, the arenas in one copy. */
static void download(struct vsharp_probe_ctx *ctx, unsigned n)
{
	const uint8_t *table = ctx->table.cpu, *arena = ctx->arena.cpu;
	size_t used = record_used(ctx);

	for (unsigned i = 0; i < n; i++)
		memcpy(wave_record(ctx, i), table + (size_t)i * VSHARP_WAVE_RECORD, used);
	memcpy(ctx->host_arena, arena + GUARD, (size_t)n * VSHARP_PROBE_ARENA);
}

/*
 * A changed guard byte means some wave stored outside every arena.  The
 * guards are read where the GPU wrote, once, and the next batch uploads
 * them clean from their table: it is judged on its own stores only.
 */
static int check_guards(struct vsharp_probe_ctx *ctx, struct vsharp_error *err)
{
	static const char *const side[2] = { "below", "above" };

	for (unsigned g = 0; g < 2; g++) {
		const uint8_t *p = (const uint8_t *)ctx->arena.cpu + (g ? GUARD + ARENAS : 0);
		const uint8_t *want = guard_table + (size_t)g * GUARD;
		unsigned changed = 0, first = 0;

		if (!memcmp(p, want, GUARD))
			continue;
		for (unsigned b = 0; b < GUARD; b++) {
			if (p[b] == want[b])
				continue;
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

/*
 * PIXEL_LDS: the batch holds LDS direct or parameter loads, which the model
 * predicts as a pixel wave sees them; the IB asks an emulated GPU for the
 * same (VSHARP_GPU_NOP_PIXEL_LDS, a NOP a GPU skips).  Only a caller that
 * chose to run them gets here with one: vsharp run, with --allow-ldsdir.
 */
static int build_ib(struct vsharp_probe_ctx *ctx, unsigned n, bool pixel_lds, unsigned *dwords,
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
	if (!ret && pixel_lds) {
		/* The preamble is far shorter than the IB: two dwords fit. */
		ib.dw[ib.n++] = VSHARP_PKT3(VSHARP_PKT3_NOP, 0, true);
		ib.dw[ib.n++] = VSHARP_GPU_NOP_PIXEL_LDS;
	}
	if (!ret)
		ret = vsharp_pm4_dispatch(&ib, &d, err);
	if (!ret)
		ret = vsharp_pm4_finish(&ib, err);
	*dwords = ib.n;
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

int vsharp_probe_expect(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, unsigned index,
			enum vsharp_align_mode mode, const struct vsharp_rules *rules,
			struct vsharp_probe_expect *e, struct vsharp_error *err)
{
	uint64_t va = vsharp_probe_arena_va(ctx, index);
	struct vsharp_memory mem = { .va = va, .bytes = e->r.arena, .size = VSHARP_PROBE_ARENA };
	struct vsharp_lds lds = { e->r.lds, VSHARP_PROBE_LDS };
	const struct vsharp_op *op = w->stub.op;
	unsigned lanes = ctx->wave_size;
	int ret;

	if (!w->n_lanes || w->n_lanes > lanes)
		return vsharp_fail(err, -EINVAL, "probe: a wave of %u lanes (allowed 1..%u on %s)", w->n_lanes,
				   lanes, vsharp_gfx_name(ctx->level));
	ret = vsharp_probe_start(index, e->r.arena, e->r.lds, err);
	if (ret)
		return ret;
	memset(e->lane, 0, sizeof(e->lane));
	for (unsigned l = 0; l < lanes; l++)
		memcpy(e->r.vdst[l], w->lane[vsharp_probe_case_of(w, l)].vdst, sizeof(e->r.vdst[l]));
	if (op->cls == VSHARP_OP_DS) {
		struct vsharp_ds_access ds = {
			.level = ctx->level, .op = op, .offset0 = w->stub.offset0, .offset1 = w->stub.offset1,
			.attr = w->stub.attr, .attr_chan = w->stub.attr_chan, .m0 = w->m0, .align = mode,
		};

		if (rules)
			ds.rules = *rules;
		else
			vsharp_rules_default(ctx->level, &ds.rules);
		ret = vsharp_ds_check(&ds, err);
		if (!ret)
			expect_ds(w, lanes, &ds, &lds, e);
	} else if (op->cls == VSHARP_OP_SMEM) {
		struct vsharp_smem_access a;

		ret = vsharp_probe_smem_access(ctx->level, w, va, &a, err);
		if (!ret && rules)
			a.rules = *rules;
		if (!ret)
			ret = vsharp_smem_check(&a, err);
		if (!ret)
			expect_smem(w, lanes, &a, &mem, e);
	} else {
		struct vsharp_buffer_access a;
		struct vsharp_buffer_plan p;

		ret = vsharp_probe_buffer_access(ctx->level, w, va, mode, &a, err);
		a.target = ctx->dev->target;
		if (!ret && rules)
			a.rules = *rules;
		if (!ret)
			ret = vsharp_buffer_plan(&a, &p, err);
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

unsigned vsharp_probe_arena_owner(const struct vsharp_probe_wave *w, unsigned b)
{
	return vsharp_probe_case_of(w, w->slot ? b / w->slot : 0);
}

unsigned vsharp_probe_lds_owner(const struct vsharp_probe_wave *w, unsigned wave_size, unsigned b)
{
	return vsharp_probe_case_of(w, b / VSHARP_PROBE_LDS_SLOT % wave_size);
}

/* Lane L's first difference, unless it has one already. */
static void charge(uint64_t *bad, struct vsharp_probe_difference *first, unsigned l,
		   enum vsharp_probe_item item, unsigned where, uint32_t expected, uint32_t observed)
{
	if (*bad >> l & 1)
		return;
	*bad |= 1ull << l;
	if (first)
		first[l] = (struct vsharp_probe_difference){ (uint8_t)item, (uint16_t)where, expected, observed };
}

uint64_t vsharp_probe_compare(const struct vsharp_probe_wave *w, unsigned wave_size,
			      const struct vsharp_probe_expect *e, const struct vsharp_probe_record *seen,
			      struct vsharp_probe_difference *first)
{
	uint64_t bad = 0;

	if (first)
		memset(first, 0, 64 * sizeof(*first));
	for (unsigned l = 0; l < wave_size; l++) {
		if (e->lane[l].fault) {
			/* A copy past n_lanes that leaves the arena counts against lane 0. */
			charge(&bad, first, vsharp_probe_case_of(w, l), VSHARP_PROBE_AT_FAULT, 0, 0, 0);
			continue;
		}
		/* The copies' VGPRs are lane 0's case again: not compared. */
		for (unsigned k = 0; l < w->n_lanes && k < 8; k++)
			if (seen->vdst[l][k] != e->r.vdst[l][k])
				charge(&bad, first, l, VSHARP_PROBE_AT_VDST, k, e->r.vdst[l][k], seen->vdst[l][k]);
	}
	/* Bytes are looked at one by one only where the images differ. */
	if (memcmp(seen->arena, e->r.arena, VSHARP_PROBE_ARENA))
		for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
			if (seen->arena[b] != e->r.arena[b])
				charge(&bad, first, vsharp_probe_arena_owner(w, b), VSHARP_PROBE_AT_MEMORY, b,
				       e->r.arena[b], seen->arena[b]);
	if (memcmp(seen->lds, e->r.lds, VSHARP_PROBE_LDS))
		for (unsigned b = 0; b < VSHARP_PROBE_LDS; b++)
			if (seen->lds[b] != e->r.lds[b])
				charge(&bad, first, vsharp_probe_lds_owner(w, wave_size, b), VSHARP_PROBE_AT_LDS, b,
				       e->r.lds[b], seen->lds[b]);
	return bad;
}

void vsharp_probe_item_text(const struct vsharp_probe_difference *d, char *buf, size_t n)
{
	switch (d->item) {
	case VSHARP_PROBE_AT_FAULT:
		snprintf(buf, n, "model fault (case leaves the arena)");
		break;
	case VSHARP_PROBE_AT_VDST:
		snprintf(buf, n, "vdst[%u]", d->where);
		break;
	case VSHARP_PROBE_AT_MEMORY:
		snprintf(buf, n, "memory byte at arena +0x%x", d->where);
		break;
	case VSHARP_PROBE_AT_LDS:
		snprintf(buf, n, "LDS byte at +0x%x", d->where);
		break;
	default:
		snprintf(buf, n, "nothing");
		break;
	}
}

unsigned vsharp_probe_observed(const struct vsharp_probe_ctx *ctx, unsigned i, struct vsharp_probe_record *r)
{
	const uint8_t *rec = ctx->host_table + (size_t)i * VSHARP_WAVE_RECORD;

	memset(r->vdst, 0, sizeof(r->vdst));
	if (i >= ctx->ran) {
		memset(r->arena, 0, sizeof(r->arena));
		memset(r->lds, 0, sizeof(r->lds));
		return 0;
	}
	for (unsigned l = 0; l < ctx->wave_size; l++)
		for (unsigned k = 0; k < 8; k++)
			r->vdst[l][k] = (uint32_t)load_le(rec + LANES + LANE_SIZE * l + 32 + 4 * k, 4);
	memcpy(r->arena, ctx->host_arena + (size_t)i * VSHARP_PROBE_ARENA, VSHARP_PROBE_ARENA);
	memcpy(r->lds, rec + LDS_IMAGE, VSHARP_PROBE_LDS);
	return (unsigned)load_le(rec + HDR_VMID, 4);
}

static int check_lanes(const struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves,
		       unsigned n, struct vsharp_error *err)
{
	if (!n || n > VSHARP_PROBE_MAX_WAVES)
		return vsharp_fail(err, -EINVAL, "probe: a batch of %u waves (allowed 1..%u)", n,
				   VSHARP_PROBE_MAX_WAVES);
	/* Before anything reads w->lane[] or sizes a result by n_lanes. */
	for (unsigned i = 0; i < n; i++)
		if (!waves[i].n_lanes || waves[i].n_lanes > ctx->wave_size)
			return vsharp_fail(err, -EINVAL, "probe: wave %u has %u lanes (allowed 1..%u on %s)",
					   i, waves[i].n_lanes, ctx->wave_size, vsharp_gfx_name(ctx->level));
	return 0;
}

int vsharp_probe_exec(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
		      struct vsharp_error *err)
{
	struct vsharp_bo *bos[] = { &ctx->code, &ctx->table, &ctx->arena };
	bool pixel_lds = false;
	unsigned dwords;
	uint64_t fence;
	int ret = check_lanes(ctx, waves, n, err);

	for (unsigned i = 0; !ret && i < n; i++)
		pixel_lds |= vsharp_probe_compute_undefined(ctx->level, waves[i].stub.op) != NULL;

	ctx->ran = 0;
	if (!ret)
		ret = fill(ctx, waves, n, err);
	if (!ret) {
		upload(ctx, n);
		ret = build_ib(ctx, n, pixel_lds, &dwords, err);
	}
	if (!ret)
		ret = ctx->dev->ops->submit(ctx->dev, &ctx->ib, dwords, bos, 3, &fence, err);
	if (!ret)
		ret = ctx->dev->ops->wait(ctx->dev, fence, BATCH_TIMEOUT_NS, err);
	if (!ret) {
		download(ctx, n);
		ret = check_guards(ctx, err);
	}
	if (!ret) {
		ctx->vmid = (unsigned)load_le(wave_record(ctx, 0) + HDR_VMID, 4);
		ctx->ran = n;
	}
	return ret;
}

/* Judges wave I of the batch that ran; returns the number of failed lanes. */
static unsigned judge(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, unsigned i,
		      const struct vsharp_probe_expect *e, struct vsharp_probe_record *seen,
		      vsharp_probe_report report, void *rctx)
{
	struct vsharp_probe_difference first[64];
	uint64_t bad;
	unsigned failed = 0;

	vsharp_probe_observed(ctx, i, seen);
	bad = vsharp_probe_compare(w, ctx->wave_size, e, seen, first);
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_mismatch m = { w, l, NULL, first[l].expected, first[l].observed };
		char what[48];

		if (!(bad >> l & 1))
			continue;
		failed++;
		vsharp_probe_item_text(&first[l], what, sizeof(what));
		m.what = what;
		if (report)
			report(rctx, ctx->level, &m);
	}
	return failed;
}

int vsharp_probe_run(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves,
		     unsigned n, bool skip_memviol, vsharp_probe_report report, void *report_ctx,
		     struct vsharp_probe_counts *counts, struct vsharp_error *err)
{
	const struct vsharp_probe_wave **run;
	struct vsharp_probe_wave *batch;
	struct vsharp_probe_expect *e;
	struct vsharp_probe_record *seen;
	unsigned lanes = 0, m = 0;
	/* On a GPU a stray access is a VM fault or another wave's bytes: never run one. */
	bool skip_fault = ctx->dev->hardware;
	int ret;

	memset(counts, 0, sizeof(*counts));
	ret = check_lanes(ctx, waves, n, err);
	if (ret)
		return ret;
	e = malloc(sizeof(*e));
	seen = malloc(sizeof(*seen));
	run = malloc(n * sizeof(*run));
	batch = malloc(n * sizeof(*batch));
	if (!e || !seen || !run || !batch) {
		ret = vsharp_fail(err, -ENOMEM, "probe: out of memory");
		goto out;
	}
	/* The model decides first which waves may run at all. */
	for (unsigned i = 0; i < n && !ret; i++) {
		if (skip_memviol || skip_fault)
			ret = vsharp_probe_expect(ctx, &waves[i], m, ctx->align, NULL, e, err);
		if (!ret && ((skip_memviol && e->memviol) || (skip_fault && e->fault)))
			counts->skipped += waves[i].n_lanes;
		else if (!ret)
			run[m++] = &waves[i];
	}
	for (unsigned i = 0; i < m; i++) {
		batch[i] = *run[i];
		lanes += run[i]->n_lanes;
	}
	if (!ret && m)
		ret = vsharp_probe_exec(ctx, batch, m, err);
	/* Reports name the caller's waves. */
	for (unsigned i = 0; i < m && !ret; i++) {
		ret = vsharp_probe_expect(ctx, run[i], i, ctx->align, NULL, e, err);
		if (!ret)
			counts->failed += judge(ctx, run[i], i, e, seen, report, report_ctx);
	}
	if (ret) {
		counts->failed = lanes;
		counts->passed = 0;
	} else {
		counts->passed = lanes - counts->failed;
	}
out:
	free(e);
	free(seen);
	free(run);
	free(batch);
	return ret;
}

/*
 * Instructions the documents give a compute wave no behaviour for.  The
 * LDS direct and parameter loads are pixel-wave instructions: R3 and R4
 * describe them only "For pixel waves" (§12.2), support them in CU mode
 * only (§2.3 "not supported in WGP mode"; the probe's dispatch sets CU
 * mode, pm4/build.c) and have them wait for a STATUS bit the documents give pixel
 * waves only.  Whether a compute wave waits forever, reads garbage or works
 * is for a GPU to show, not for the emulator to guess.
 */
static const struct {
	enum vsharp_gfx level;
	enum vsharp_ds_addr ds_addr;
	const char *why;
} compute_undefined[] = {
	{ VSHARP_GFX11, VSHARP_DS_PARAM,
	  "R3 defines lds_param_load for pixel waves only: a wave that issues it before "
	  "STATUS.LDS_PARAM_RDY (\"PS shaders only\") is set \"stalls until the bit is set\" "
	  "(§3.4.1 Table 5, §12.2), and no document gives that bit in a compute wave" },
	{ VSHARP_GFX11, VSHARP_DS_DIRECT,
	  "R3 defines lds_direct_load for pixel waves only (\"Pixel shader waves stall if an "
	  "LDS_DIRECT_LOAD or LDS_PARAM_LOAD is to be issued before LDS_READY is set\", §12.2) "
	  "and says nothing of a compute wave" },
	{ VSHARP_GFX12, VSHARP_DS_PARAM,
	  "R4 defines ds_param_load for pixel waves only: a wave that issues it before "
	  "STATUS.LDS_PARAM_RDY (\"Pixel shaders only\") is set \"stalls until the bit is set\" "
	  "(§3.4.1 Table 5, §12.2), and no document gives that bit in a compute wave" },
	{ VSHARP_GFX12, VSHARP_DS_DIRECT,
	  "R4 defines ds_direct_load for pixel waves only (\"Pixel shader waves stall if an "
	  "DS_DIRECT_LOAD or DS_PARAM_LOAD is to be issued before LDS_READY is set\", §12.2) "
	  "and says nothing of a compute wave" },
};

const char *vsharp_probe_compute_undefined(enum vsharp_gfx level, const struct vsharp_op *op)
{
	if (op->cls != VSHARP_OP_DS)
		return NULL;
	for (size_t i = 0; i < sizeof(compute_undefined) / sizeof(compute_undefined[0]); i++)
		if (compute_undefined[i].level == level && compute_undefined[i].ds_addr == op->ds_addr)
			return compute_undefined[i].why;
	return NULL;
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
	if (w->stub.op->cls == VSHARP_OP_SMEM) {
		snprintf(buf, n, "%s %s lane %u: base +0x%" PRIx64 " stride %u num_records %u soffset %u",
			 vsharp_gfx_name(level), stub + 5, lane, w->buf.base, w->buf.stride,
			 w->buf.num_records, w->stub.soffset ? w->soffset : 0);
		return;
	}
	snprintf(buf, n, "%s %s lane %u: base +0x%" PRIx64 " stride %u num_records %u swizzle %d oob_select %u add_tid %d dst_sel %u%u%u%u format %s_%s%s soffset %u vindex %u voffset %u data 0x%x",
		 vsharp_gfx_name(level), stub + 5, lane, w->buf.base, w->buf.stride, w->buf.num_records,
		 w->buf.swizzle, w->buf.oob_select, w->buf.add_tid, w->buf.dst_sel[0], w->buf.dst_sel[1],
		 w->buf.dst_sel[2], w->buf.dst_sel[3], vsharp_dfmt_name(w->buf.format.dfmt),
		 vsharp_nfmt_name(w->buf.format.nfmt), w->raw_desc ? " (raw V#)" : "", w->soffset,
		 pl->vindex, pl->voffset, pl->data[0]);
}
