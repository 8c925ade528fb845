// SPDX-License-Identifier: MIT
/*
 * The emulated device: buffer objects in one host window, mapped page by
 * page into a GPU virtual address space (emu/vm.c), and the emulated GPU's
 * compute queue (emu/gpu.c) that runs each submitted IB there.
 */
/* MAP_ANONYMOUS and MAP_NORESERVE are not POSIX. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/mman.h>

#include "device/emu_device.h"

#define PAGE VSHARP_VM_PAGE

/*
 * What each kind of buffer may do on the GPU: the tightest mapping that
 * works, so that a stray store into code or an IB faults here as it would
 * on a GPU whose driver maps them so.
 */
static const unsigned kind_perms[] = {
	[VSHARP_BO_DATA] = VSHARP_VM_READ | VSHARP_VM_WRITE,
	[VSHARP_BO_CODE] = VSHARP_VM_READ | VSHARP_VM_EXEC,
	[VSHARP_BO_IB] = VSHARP_VM_READ,
};

static int bo_alloc(struct vsharp_device *dev, uint64_t size, enum vsharp_bo_kind kind,
		    struct vsharp_bo *bo, struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);
	uint64_t start = d->used, pages;
	int ret;

	memset(bo, 0, sizeof(*bo));
	if ((unsigned)kind >= sizeof(kind_perms) / sizeof(kind_perms[0]))
		return vsharp_fail(err, -EINVAL, "emu: unknown buffer kind %d", (int)kind);
	if (!size || size > EMU_WINDOW - start)
		return vsharp_fail(err, -ENOMEM,
				   "emu: no room for a %" PRIu64 "-byte buffer (allowed 1..%llu bytes in all)",
				   size, (unsigned long long)EMU_WINDOW);
	pages = (size + PAGE - 1) & ~(uint64_t)(PAGE - 1);
	if (pages > EMU_WINDOW - start)
		return vsharp_fail(err, -ENOMEM, "emu: no room for %" PRIu64 " bytes of pages", pages);
	/*
	 * As amdgpu with VRAM_CLEARED: the buffer starts zeroed.  Only what an
	 * earlier buffer held needs clearing: the anonymous mapping's pages
	 * past it are still zero (and stay untouched until used).
	 */
	if (start < d->touched)
		memset(d->window + start, 0, d->touched - start < pages ? d->touched - start : pages);
	ret = vsharp_vm_map(d->vm, EMU_VA_BASE + start, pages, d->window + start, kind_perms[kind], err);
	if (ret)
		return ret;
	d->used = start + pages;
	d->touched = d->used > d->touched ? d->used : d->touched;
	bo->va = EMU_VA_BASE + start;
	bo->cpu = d->window + start;
	bo->size = size;
	bo->kind = kind;
	return 0;
}

static void bo_free(struct vsharp_device *dev, struct vsharp_bo *bo)
{
	struct emu_device *d = emu_of(dev);
	uint64_t pages = (bo->size + PAGE - 1) & ~(uint64_t)(PAGE - 1);

	if (!bo->size)
		return;
	vsharp_vm_unmap(d->vm, bo->va, pages, NULL);
	/* A bump allocator: only the newest buffer gives its space back. */
	if (bo->va + pages == EMU_VA_BASE + d->used)
		d->used = bo->va - EMU_VA_BASE;
	memset(bo, 0, sizeof(*bo));
}

static int submit(struct vsharp_device *dev, const struct vsharp_bo *ib, unsigned ib_dwords,
		  struct vsharp_bo *const *bos, unsigned n_bos, uint64_t *fence,
		  struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);

	(void)bos;
	(void)n_bos;
	if (!ib_dwords || (uint64_t)ib_dwords * 4 > ib->size)
		return vsharp_fail(err, -EINVAL, "emu: %u IB dwords do not fit its %" PRIu64 " bytes",
				   ib_dwords, ib->size);
	/* The queue runs the whole IB now; wait() reports how it ended. */
	d->last_error.msg[0] = '\0';
	d->last_status = vsharp_gpu_run_ib(d->gpu, d->vm, ib->va, ib_dwords, &d->last_error);
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

	vsharp_gpu_destroy(d->gpu);
	vsharp_vm_destroy(d->vm);
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
	if (!emu_level(level))
		return vsharp_fail(err, -EINVAL, "emu: %s has no emulated device (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
				   vsharp_gfx_name(level));
	return vsharp_emu_open_target(vsharp_target_of(level), dev, err);
}

int vsharp_emu_open_target(const struct vsharp_target *target, struct vsharp_device **dev,
			   struct vsharp_error *err)
{
	enum vsharp_gfx level = target->level;
	struct vsharp_gpu_config cfg;
	struct emu_device *d;
	int ret;

	if (!emu_level(level))
		return vsharp_fail(err, -EINVAL, "emu: %s has no emulated device (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
				   vsharp_gfx_name(level));
	d = calloc(1, sizeof(*d));
	if (!d)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	vsharp_gpu_config_default(level, &cfg);
	cfg.target = target;
	ret = vsharp_gpu_create(&cfg, &d->gpu, err);
	if (!ret)
		ret = vsharp_vm_create(&d->vm, err);
	if (ret) {
		vsharp_gpu_destroy(d->gpu);
		free(d);
		return ret;
	}
	/* Reserved, not committed: pages appear as buffers use them. */
	d->window = mmap(NULL, EMU_WINDOW, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (d->window == MAP_FAILED) {
		vsharp_vm_destroy(d->vm);
		vsharp_gpu_destroy(d->gpu);
		free(d);
		return vsharp_fail(err, -ENOMEM, "emu: cannot reserve %llu bytes of emulated memory",
				   (unsigned long long)EMU_WINDOW);
	}
	d->dev.ops = &emu_ops;
	d->dev.level = level;
	d->dev.target = target;
	d->dev.hardware = false;
	snprintf(d->dev.name, sizeof(d->dev.name), "emu %s", target == vsharp_target_of(level) ?
		 vsharp_gfx_name(level) : target->name);
	*dev = &d->dev;
	return 0;
}

void vsharp_emu_set_align_mode(struct vsharp_device *dev, enum vsharp_align_mode mode)
{
	vsharp_gpu_set_align_mode(emu_of(dev)->gpu, mode);
}

enum vsharp_align_mode vsharp_emu_align_mode(const struct vsharp_device *dev)
{
	return vsharp_gpu_config(((const struct emu_device *)dev)->gpu)->align;
}

void vsharp_emu_set_vmid(struct vsharp_device *dev, unsigned vmid)
{
	vsharp_gpu_set_vmid(emu_of(dev)->gpu, vmid);
}

unsigned vsharp_emu_vmid(const struct vsharp_device *dev)
{
	return vsharp_gpu_config(((const struct emu_device *)dev)->gpu)->vmid;
}

void vsharp_emu_stats(const struct vsharp_device *dev, struct vsharp_emu_stats *st)
{
	*st = ((const struct emu_device *)dev)->gpu->stats;
}

void vsharp_emu_set_rules(struct vsharp_device *dev, const struct vsharp_rules *rules)
{
	emu_of(dev)->gpu->rules = *rules;
}

void vsharp_emu_set_mutation(struct vsharp_device *dev, enum vsharp_emu_mutation m)
{
	emu_of(dev)->gpu->mutation = m;
}
