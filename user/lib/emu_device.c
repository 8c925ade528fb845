// SPDX-License-Identifier: MIT
/*
 * The emulated device: buffer objects in one host window, a compute queue
 * that executes PM4 (the packets vsharp's builder emits and the common ones
 * around them) and dispatches waves to the shader core (emu_wave.c).
 */
/* MAP_ANONYMOUS and MAP_NORESERVE are not POSIX. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/mman.h>

#include "emu.h"

static int bo_alloc(struct vsharp_device *dev, uint64_t size, enum vsharp_bo_kind kind,
		    struct vsharp_bo *bo, struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);
	/* Code needs 256-byte alignment (COMPUTE_PGM_LO); pages for the rest, as amdgpu. */
	uint64_t align = kind == VSHARP_BO_CODE ? 256 : 4096;
	uint64_t start = (d->used + align - 1) & ~(align - 1);

	if (!size || size > EMU_WINDOW || start > EMU_WINDOW - size)
		return vsharp_fail(err, -ENOMEM,
				   "emu: no room for a %" PRIu64 "-byte buffer (allowed 1..%llu bytes in all)",
				   size, (unsigned long long)EMU_WINDOW);
	memset(d->window + start, 0, size);
	d->used = start + size;
	bo->va = EMU_VA_BASE + start;
	bo->cpu = d->window + start;
	bo->size = size;
	bo->kind = kind;
	bo->handle = NULL;
	return 0;
}

static void bo_free(struct vsharp_device *dev, struct vsharp_bo *bo)
{
	struct emu_device *d = emu_of(dev);

	/* A bump allocator: only the newest buffer gives its space back. */
	if (bo->va + bo->size == EMU_VA_BASE + d->used)
		d->used = bo->va - EMU_VA_BASE;
	memset(bo, 0, sizeof(*bo));
}

static int run_dispatch(struct emu_device *d, const struct vsharp_dispatch_state *st,
			struct vsharp_error *err)
{
	static uint32_t vgprs[EMU_MAX_VGPRS][EMU_MAX_LANES];
	enum vsharp_gfx level = d->dev.level;
	const struct vsharp_pm4_level *facts = vsharp_pm4_level(level);
	unsigned wave = st->wave32 ? 32 : 64;
	unsigned tx = st->threads[0], ty = st->threads[1], tz = st->threads[2];
	unsigned threads = tx * ty * tz, regs = st->vgprs_alloc;
	uint8_t *lds = NULL;
	int ret = 0;

	if (!threads || regs > EMU_MAX_VGPRS)
		return vsharp_fail(err, -EINVAL, "emu: dispatch of %u threads with %u VGPRs (allowed 1.. threads, at most %u VGPRs)",
				   threads, regs, EMU_MAX_VGPRS);
	if (st->lds_bytes) {
		lds = malloc(st->lds_bytes);
		if (!lds)
			return vsharp_fail(err, -ENOMEM, "emu: no memory for %u bytes of LDS", st->lds_bytes);
	}
	d->stats.dispatches++;
	for (uint32_t gz = 0; gz < st->groups[2] && !ret; gz++)
	for (uint32_t gy = 0; gy < st->groups[1] && !ret; gy++)
	for (uint32_t gx = 0; gx < st->groups[0] && !ret; gx++) {
		if (lds)
			memset(lds, 0, st->lds_bytes);
		for (unsigned first = 0; first < threads && !ret; first += wave) {
			struct emu_wave w;
			unsigned s = st->user_sgprs;

			memset(&w, 0, sizeof(w));
			w.dev = d;
			w.level = level;
			w.lanes = wave;
			w.vgpr = vgprs;
			w.pc = st->pgm_va;
			w.lds.bytes = lds;
			w.lds.size = st->lds_bytes;
			memcpy(w.sgpr, st->user_data, sizeof(uint32_t) * st->user_sgprs);
			if (facts->tgid_ttmp) {
				/* Architected SGPRs: ttmp9 = x, ttmp7 = y | z << 16. */
				w.ttmp[9] = gx;
				w.ttmp[7] = gy | gz << 16;
			} else {
				if (st->tgid[0])
					w.sgpr[s++] = gx;
				if (st->tgid[1])
					w.sgpr[s++] = gy;
				if (st->tgid[2])
					w.sgpr[s++] = gz;
			}
			memset(vgprs, 0, sizeof(vgprs[0]) * (regs ? regs : 1));
			for (unsigned l = 0; l < wave && first + l < threads; l++) {
				unsigned t = first + l, x = t % tx, y = t / tx % ty, z = t / tx / ty;

				w.exec |= 1ull << l;
				/* Packed work-item ids in v0 (LLVM AMDGPUUsage) on GFX11+. */
				if (facts->packed_tid) {
					vgprs[0][l] = x | y << 10 | z << 20;
				} else {
					vgprs[0][l] = x;
					if (st->tidig_comps > 1)
						vgprs[1][l] = y;
					if (st->tidig_comps > 2)
						vgprs[2][l] = z;
				}
			}
			d->stats.waves++;
			ret = emu_wave_run(&w, err);
		}
	}
	free(lds);
	return ret;
}

/* Packets the builder emits and the common ones around them (dispatch.md §2.1). */
static int run_ib(struct emu_device *d, const uint32_t *dw, unsigned n, struct vsharp_error *err)
{
	struct vsharp_compute_regs regs;
	struct vsharp_pm4_packet pkt;
	unsigned pos = 0;
	int more;

	memset(&regs, 0, sizeof(regs));
	while ((more = vsharp_pm4_next(dw, n, &pos, &pkt, err)) > 0) {
		struct vsharp_dispatch_state st;
		int ret = 0;

		if (pkt.type != 3)
			continue;
		switch (pkt.opcode) {
		case VSHARP_PKT3_NOP:
		case VSHARP_PKT3_ACQUIRE_MEM:
		case VSHARP_PKT3_RELEASE_MEM:
		case VSHARP_PKT3_EVENT_WRITE:
		case VSHARP_PKT3_SET_UCONFIG_REG:
			/* Caches and fences: the emulator's memory is always coherent. */
			break;
		case VSHARP_PKT3_SET_SH_REG:
		case VSHARP_PKT3_SET_SH_REG_INDEX:
			ret = vsharp_pm4_apply_sh(&regs, &pkt, err);
			break;
		case VSHARP_PKT3_DISPATCH_DIRECT:
			ret = vsharp_pm4_dispatch_state(d->dev.level, &regs, &pkt, &st, err);
			if (!ret)
				ret = run_dispatch(d, &st, err);
			break;
		default: {
			const char *name = vsharp_pm4_opcode_name(pkt.opcode);

			return vsharp_fail(err, -ENOSYS, "emu: PM4 packet %s (opcode 0x%02x) at dword %u is not supported by the emulated device",
					   name ? name : "unknown", pkt.opcode, pkt.offset);
		}
		}
		if (ret)
			return ret;
	}
	return more;
}

static int submit(struct vsharp_device *dev, const struct vsharp_bo *ib, unsigned ib_dwords,
		  struct vsharp_bo *const *bos, unsigned n_bos, uint64_t *fence,
		  struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);
	const uint8_t *p = emu_at(d, ib->va, 4ull * ib_dwords);

	(void)bos;
	(void)n_bos;
	if (!p)
		return vsharp_fail(err, -EINVAL, "emu: the IB (%u dwords at 0x%" PRIx64 ") is not in a buffer",
				   ib_dwords, ib->va);
	/* The queue runs the whole IB now; wait() reports how it ended. */
	d->last_error.msg[0] = '\0';
	d->last_status = run_ib(d, (const uint32_t *)(const void *)p, ib_dwords, &d->last_error);
	*fence = ++d->next_fence;
	return 0;
}

static int wait_fence(struct vsharp_device *dev, uint64_t fence, uint64_t timeout_ns,
		      struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);

	(void)timeout_ns;
	if (fence != d->next_fence || !fence)
		return fence && fence < d->next_fence ? 0 :
		       vsharp_fail(err, -EINVAL, "emu: fence %" PRIu64 " was never submitted", fence);
	if (d->last_status && err)
		*err = d->last_error;
	return d->last_status;
}

static void close_device(struct vsharp_device *dev)
{
	struct emu_device *d = emu_of(dev);

	munmap(d->window, EMU_WINDOW);
	free(d);
}

static const struct vsharp_device_ops emu_ops = {
	.bo_alloc = bo_alloc,
	.bo_free = bo_free,
	.submit = submit,
	.wait = wait_fence,
	.close = close_device,
};

int vsharp_emu_open(enum vsharp_gfx level, struct vsharp_device **dev, struct vsharp_error *err)
{
	struct emu_device *d;

	if (level < VSHARP_GFX9 || level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "emu: %s has no emulated device (allowed gfx9, gfx10, gfx10.3, gfx11, gfx12)",
				   vsharp_gfx_name(level));
	d = calloc(1, sizeof(*d));
	if (!d)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	/* Reserved, not committed: pages appear as buffers use them. */
	d->window = mmap(NULL, EMU_WINDOW, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (d->window == MAP_FAILED) {
		free(d);
		return vsharp_fail(err, -ENOMEM, "emu: cannot reserve %llu bytes of emulated memory",
				   (unsigned long long)EMU_WINDOW);
	}
	d->dev.ops = &emu_ops;
	d->dev.level = level;
	d->dev.hardware = false;
	snprintf(d->dev.name, sizeof(d->dev.name), "emu %s", vsharp_gfx_name(level));
	d->align = VSHARP_ALIGN_UNALIGNED;
	d->vmid = 1;
	vsharp_rules_default(level, &d->rules);
	*dev = &d->dev;
	return 0;
}

void vsharp_emu_set_align_mode(struct vsharp_device *dev, enum vsharp_align_mode mode)
{
	emu_of(dev)->align = mode;
}

enum vsharp_align_mode vsharp_emu_align_mode(const struct vsharp_device *dev)
{
	return ((const struct emu_device *)dev)->align;
}

void vsharp_emu_set_vmid(struct vsharp_device *dev, unsigned vmid)
{
	emu_of(dev)->vmid = vmid;
}

void vsharp_emu_stats(const struct vsharp_device *dev, struct vsharp_emu_stats *st)
{
	*st = ((const struct emu_device *)dev)->stats;
}

void vsharp_emu_set_rules(struct vsharp_device *dev, const struct vsharp_rules *rules)
{
	emu_of(dev)->rules = *rules;
}

void vsharp_emu_set_mutation(struct vsharp_device *dev, enum vsharp_emu_mutation m)
{
	emu_of(dev)->mutation = m;
}

void vsharp_emu_mutate_desc(enum vsharp_gfx level, enum vsharp_emu_mutation m, uint32_t desc[4])
{
	uint32_t x, y;

	(void)level;
	switch (m) {
	case VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1:
		/* The unit sees one more record (or byte) than the V# says. */
		if (desc[2] != UINT32_MAX)
			desc[2]++;
		break;
	case VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY:
		x = desc[3] & 7;
		y = desc[3] >> 3 & 7;
		desc[3] = (desc[3] & ~0x3fu) | y | x << 3;
		break;
	default:
		break;
	}
}
