// SPDX-License-Identifier: MIT
/*
 * Batches of waves on a device: the probe context (shader, code, case
 * table, arenas, IB), one dispatch per batch, and the run that judges
 * every lane of it against the model.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probe/arena.h"
#include "probe/case_table.h"
#include "vsharp/gpu.h"
#include "vsharp/pm4.h"

#define IB_DWORDS 1024
/*
 * Instruction prefetch may fetch up to three 128-byte lines past the last
 * instruction (SH_MEM_CONFIG.INITIAL_INST_PREFETCH 3 on GFX10+, Linux
 * gfx_v10_0.c/gfx_v11_0.c/gfx_v12_0.c; LLVM pads with as much s_code_end).
 * The code BO covers that window even if a binary's padding were short.
 */
#define PREFETCH_WINDOW 384u
/* Seconds a batch may take on hardware before it counts as a hang. */
#define BATCH_TIMEOUT_NS 10000000000ull

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

/*
 * Where the shader moves its own data (shaders/README.md): from probe_main
 * to stub_base (the records and the LDS image in), and from stub_done to
 * the next label or the end (the LDS image and the results out).  Every
 * stub is a label of its own, so neither range holds an instruction under
 * test.
 */
static int own_ranges(struct vsharp_probe_ctx *ctx, struct vsharp_error *err)
{
	const struct vsharp_shader *sh = ctx->shader;
	uint32_t start, done, end = 4 * sh->n_words;
	int ret;

	ret = vsharp_shader_symbol(sh, "probe_main", &start, err);
	if (!ret)
		ret = vsharp_shader_symbol(sh, "stub_base", &ctx->stub_base, err);
	if (!ret)
		ret = vsharp_shader_symbol(sh, "stub_done", &done, err);
	if (ret)
		return ret;
	for (unsigned i = 0; i < sh->n_symbols; i++)
		if (sh->symbols[i].offset > done && sh->symbols[i].offset < end)
			end = sh->symbols[i].offset;
	ctx->own[0][0] = start;
	ctx->own[0][1] = ctx->stub_base;
	ctx->own[1][0] = done;
	ctx->own[1][1] = end;
	return 0;
}

static void probe_free(void *spare)
{
	struct vsharp_probe_ctx *ctx = spare;
	struct vsharp_bo *bos[] = { &ctx->ib, &ctx->arena, &ctx->table, &ctx->code };

	for (unsigned i = 0; i < 4; i++)
		if (bos[i]->size)
			ctx->dev->ops->bo_free(ctx->dev, bos[i]);
	free(ctx->host_table);
	free(ctx->host_arena);
	free(ctx->e);
	free(ctx->seen);
	free(ctx->run);
	free(ctx->batch);
	free(ctx->expected);
	free(ctx);
}

int vsharp_probe_open(struct vsharp_device *dev, enum vsharp_align_mode align,
		      struct vsharp_probe_ctx **out, struct vsharp_error *err)
{
	const struct vsharp_device_ops *ops = dev->ops;
	struct vsharp_probe_ctx *ctx = dev->spare;
	int ret;

	/* The device's spare: the same shader and buffers, their contents as they were. */
	if (ctx) {
		dev->spare = NULL;
		dev->spare_free = NULL;
		ctx->align = align;
		ctx->ran = 0;
		ctx->vmid = 0;
		ctx->reopened = true;
		*out = ctx;
		return 0;
	}
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return vsharp_fail(err, -ENOMEM, "probe: out of memory");
	ctx->dev = dev;
	ctx->level = dev->level;
	ctx->align = align;
	ctx->wave_size = vsharp_probe_level_wave_size(dev->level);
	ctx->shader = vsharp_shader_for(dev->level, err);
	/* Read back only where a batch wrote them: no clearing. */
	ctx->host_table = malloc((size_t)VSHARP_PROBE_MAX_WAVES * VSHARP_WAVE_RECORD);
	ctx->host_arena = malloc(PROBE_ARENAS);
	ctx->e = malloc(sizeof(*ctx->e));
	ctx->seen = malloc(sizeof(*ctx->seen));
	ctx->run = malloc(VSHARP_PROBE_MAX_WAVES * sizeof(*ctx->run));
	ret = !ctx->shader ? -ENOENT :
	      !ctx->host_table || !ctx->host_arena || !ctx->e || !ctx->seen || !ctx->run ?
	      vsharp_fail(err, -ENOMEM, "probe: out of memory") : 0;
	if (!ret)
		ret = own_ranges(ctx, err);
	if (!ret)
		ret = ops->bo_alloc(dev, 4ull * ctx->shader->n_words + PREFETCH_WINDOW,
				    VSHARP_BO_CODE, &ctx->code, err);
	if (!ret)
		ret = ops->bo_alloc(dev, (uint64_t)VSHARP_WAVE_RECORD * VSHARP_PROBE_MAX_WAVES,
				    VSHARP_BO_DATA, &ctx->table, err);
	if (!ret)
		ret = ops->bo_alloc(dev, PROBE_GUARD + PROBE_ARENAS + PROBE_GUARD, VSHARP_BO_DATA,
				    &ctx->arena, err);
	if (!ret)
		ret = ops->bo_alloc(dev, 4 * IB_DWORDS, VSHARP_BO_IB, &ctx->ib, err);
	if (ret) {
		probe_free(ctx);
		return ret;
	}
	*out = ctx;
	return 0;
}

/* The device keeps one closed context for its next open; a second is freed. */
void vsharp_probe_close(struct vsharp_probe_ctx *ctx)
{
	struct vsharp_device *dev;

	if (!ctx)
		return;
	dev = ctx->dev;
	if (dev->spare_free) {
		probe_free(ctx);
		return;
	}
	dev->spare = ctx;
	dev->spare_free = probe_free;
}

/*
 * The places of a reopened context past its first batch's N, back to the
 * zeroes of a fresh buffer: what a wave that strays there reads does not
 * depend on the suite that ran before.  Later batches find what the
 * earlier ones of the same opening left, as with fresh buffers.
 */
static void clear_stale(struct vsharp_probe_ctx *ctx, unsigned n)
{
	if (ctx->reopened && ctx->dirty > n) {
		memset((uint8_t *)ctx->table.cpu + (size_t)n * VSHARP_WAVE_RECORD, 0,
		       (size_t)(ctx->dirty - n) * VSHARP_WAVE_RECORD);
		memset((uint8_t *)ctx->arena.cpu + PROBE_GUARD + (size_t)n * VSHARP_PROBE_ARENA, 0,
		       (size_t)(ctx->dirty - n) * VSHARP_PROBE_ARENA);
		ctx->dirty = n;
	}
	ctx->reopened = false;
	if (n > ctx->dirty)
		ctx->dirty = n;
}

/*
 * The code is written afresh for every batch, like the table and the
 * arenas (9-12 KiB, microseconds): after a GPU reset that lost VRAM an
 * earlier copy is garbage, and always rewriting it is simpler to trust
 * than tracking every way VRAM can be lost.
 */
static void upload_code(struct vsharp_probe_ctx *ctx)
{
	size_t code = 4ull * ctx->shader->n_words;

	memcpy(ctx->code.cpu, ctx->shader->code, code);
	memset((uint8_t *)ctx->code.cpu + code, 0, ctx->code.size - code);
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
	/*
	 * The chip's processor decides the SGPR allocation: the shaders' s0..s31
	 * plus VCC and, with XNACK on, XNACK_MASK on GFX6-9, or the fixed 96 of
	 * the SGPR init bug (vsharp_pm4_sgprs, Documentation/hardware.rst).
	 */
	d.target = ctx->dev->target;
	d.pgm_va = ctx->code.va;
	d.vgprs = VSHARP_SHADER_VGPRS;
	d.sgprs = vsharp_pm4_sgprs(ctx->level, ctx->dev->target, VSHARP_SHADER_SGPRS);
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
	/* The preamble is far shorter than the IB: the NOPs fit. */
	if (!ret) {
		ib.dw[ib.n++] = VSHARP_PKT3(VSHARP_PKT3_NOP, 8, true);
		ib.dw[ib.n++] = VSHARP_GPU_NOP_COPY_RANGES;
		for (unsigned i = 0; i < 2; i++) {
			for (unsigned k = 0; k < 2; k++) {
				uint64_t va = ctx->code.va + ctx->own[i][k];

				ib.dw[ib.n++] = (uint32_t)va;
				ib.dw[ib.n++] = (uint32_t)(va >> 32);
			}
		}
	}
	if (!ret && pixel_lds) {
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
		ret = probe_table_fill(ctx, waves, n, err);
	if (!ret) {
		clear_stale(ctx, n);
		probe_table_upload(ctx, n);
		probe_arenas_upload(ctx, n);
		upload_code(ctx);
		ret = build_ib(ctx, n, pixel_lds, &dwords, err);
	}
	if (!ret)
		ret = probe_table_readback(ctx, n, err);
	if (!ret)
		ret = probe_arenas_readback(ctx, n, err);
	if (!ret)
		ret = ctx->dev->ops->submit(ctx->dev, &ctx->ib, dwords, bos, 3, &fence, err);
	if (!ret)
		ret = ctx->dev->ops->wait(ctx->dev, fence, BATCH_TIMEOUT_NS, err);
	if (!ret) {
		probe_table_download(ctx, n);
		probe_arenas_download(ctx, n);
		ret = probe_check_guards(ctx, err);
	}
	if (!ret) {
		ctx->vmid = probe_table_vmid(ctx, 0);
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
	const struct vsharp_probe_wave **run = ctx->run, *batch = waves;
	struct vsharp_probe_expect *e = ctx->e;
	unsigned lanes = 0, m = 0;
	/* On a GPU a stray access is a VM fault or another wave's bytes: never run one. */
	bool skip_fault = ctx->dev->hardware, before = skip_memviol || skip_fault;
	int ret;

	memset(counts, 0, sizeof(*counts));
	ret = check_lanes(ctx, waves, n, err);
	if (ret)
		return ret;
	/*
	 * The model decides first which waves may run at all; what it expects
	 * of each at its place in the batch is then kept for the judgement.
	 */
	if (before && !ctx->expected) {
		ctx->expected = malloc(VSHARP_PROBE_MAX_WAVES * sizeof(*ctx->expected));
		if (!ctx->expected)
			return vsharp_fail(err, -ENOMEM, "probe: out of memory");
	}
	for (unsigned i = 0; i < n && !ret; i++) {
		if (before)
			ret = vsharp_probe_expect(ctx, &waves[i], m, ctx->align, NULL, &ctx->expected[m], err);
		if (!ret && before && ((skip_memviol && ctx->expected[m].memviol) ||
				       (skip_fault && ctx->expected[m].fault)))
			counts->skipped += waves[i].n_lanes;
		else if (!ret)
			run[m++] = &waves[i];
	}
	for (unsigned i = 0; i < m; i++)
		lanes += run[i]->n_lanes;
	/* The waves that run, side by side: the caller's own unless some were skipped. */
	if (!ret && m < n && !ctx->batch) {
		ctx->batch = malloc(VSHARP_PROBE_MAX_WAVES * sizeof(*ctx->batch));
		if (!ctx->batch)
			ret = vsharp_fail(err, -ENOMEM, "probe: out of memory");
	}
	if (!ret && m < n) {
		for (unsigned i = 0; i < m; i++)
			ctx->batch[i] = *run[i];
		batch = ctx->batch;
	}
	if (!ret && m)
		ret = vsharp_probe_exec(ctx, batch, m, err);
	/* Reports name the caller's waves. */
	for (unsigned i = 0; i < m && !ret; i++) {
		if (before)
			e = &ctx->expected[i];
		else
			ret = vsharp_probe_expect(ctx, run[i], i, ctx->align, NULL, e, err);
		if (!ret)
			counts->failed += judge(ctx, run[i], i, e, ctx->seen, report, report_ctx);
	}
	if (ret) {
		counts->failed = lanes;
		counts->passed = 0;
	} else {
		counts->passed = lanes - counts->failed;
	}
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
