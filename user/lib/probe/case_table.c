// SPDX-License-Identifier: MIT
/*
 * The case table: one wave record per work-group, the contract of
 * shaders/README.md:
 *
 *   wave record (8192 bytes, one per work-group)
 *     +0    V# (4 dwords), soffset, M0, stub offset, flags
 *     +32   VMID the wave read from HW_ID/HW_ID2
 *     +64   LDS image (VSHARP_PROBE_LDS bytes), copied in before and out after
 *     +1088 lane records, 64 bytes each:
 *           +0 vindex, +4 voffset, +16 data[4] (v8..v11), +32 vdst[8] (v12..v19)
 *
 * The CPU never reads or writes the GPU's copy byte by byte (a VRAM BO's
 * CPU mapping is write-combined, uncached for reads): a batch is built in
 * host memory and copied in, and read back with one copy per wave record,
 * of only the bytes of a record the shader reads or writes, from where the
 * device put them (vsharp_bo_results: a cacheable copy on a GPU).
 */
#include <string.h>

#include "model/bytes.h"
#include "probe/arena.h"
#include "probe/case_table.h"

#define HDR_VMID 32
#define LDS_IMAGE 64
#define LANES 1088
#define LANE_SIZE 64

/* Wave i's record in the host copy. */
static uint8_t *wave_record(const struct vsharp_probe_ctx *ctx, unsigned i)
{
	return ctx->host_table + (size_t)i * VSHARP_WAVE_RECORD;
}

/* The bytes of a wave record the shader reads or writes: header, LDS image, lane records. */
static size_t record_used(const struct vsharp_probe_ctx *ctx)
{
	return LANES + (size_t)LANE_SIZE * ctx->wave_size;
}

int probe_table_fill(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
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
			ret = probe_place_desc(ctx->level, w, vsharp_probe_arena_va(ctx, i), hdr, err);
		if (ret)
			return ret;
		hdr[4] = w->soffset;
		hdr[5] = w->m0;
		hdr[6] = stub - ctx->stub_base;
		for (unsigned k = 0; k < LDS_IMAGE / 4; k++)
			store_le(rec + 4 * k, 4, hdr[k]);
		memcpy(rec + LDS_IMAGE, probe_start_bytes(i) + VSHARP_PROBE_ARENA, VSHARP_PROBE_LDS);
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

void probe_table_upload(struct vsharp_probe_ctx *ctx, unsigned n)
{
	uint8_t *table = ctx->table.cpu;
	size_t used = record_used(ctx);

	for (unsigned i = 0; i < n; i++)
		memcpy(table + (size_t)i * VSHARP_WAVE_RECORD, wave_record(ctx, i), used);
}

int probe_table_readback(struct vsharp_probe_ctx *ctx, unsigned n, struct vsharp_error *err)
{
	size_t used = record_used(ctx);
	int ret = 0;

	for (unsigned i = 0; i < n && !ret; i++)
		ret = vsharp_device_readback(ctx->dev, &ctx->table, (uint64_t)i * VSHARP_WAVE_RECORD,
					     used, err);
	return ret;
}

void probe_table_download(struct vsharp_probe_ctx *ctx, unsigned n)
{
	const uint8_t *table = vsharp_bo_results(&ctx->table);
	size_t used = record_used(ctx);

	for (unsigned i = 0; i < n; i++)
		memcpy(wave_record(ctx, i), table + (size_t)i * VSHARP_WAVE_RECORD, used);
}

unsigned probe_table_vmid(const struct vsharp_probe_ctx *ctx, unsigned i)
{
	return (unsigned)load_le(wave_record(ctx, i) + HDR_VMID, 4);
}

unsigned vsharp_probe_observed(const struct vsharp_probe_ctx *ctx, unsigned i, struct vsharp_probe_record *r)
{
	const uint8_t *rec = wave_record(ctx, i);

	if (i >= ctx->ran) {
		memset(r->vdst, 0, sizeof(r->vdst));
		memset(r->arena, 0, sizeof(r->arena));
		memset(r->lds, 0, sizeof(r->lds));
		return 0;
	}
	for (unsigned l = 0; l < ctx->wave_size; l++)
		load_le_dwords(r->vdst[l], rec + LANES + LANE_SIZE * l + 32, 8);
	/* A wave32's other lanes: what a fresh record holds. */
	memset((uint8_t *)r->vdst + sizeof(r->vdst[0]) * ctx->wave_size, 0,
	       sizeof(r->vdst) - sizeof(r->vdst[0]) * ctx->wave_size);
	memcpy(r->arena, ctx->host_arena + (size_t)i * VSHARP_PROBE_ARENA, VSHARP_PROBE_ARENA);
	memcpy(r->lds, rec + LDS_IMAGE, VSHARP_PROBE_LDS);
	return probe_table_vmid(ctx, i);
}
