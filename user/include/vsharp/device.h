/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_DEVICE_H
#define VSHARP_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * A device runs command buffers: the real GPU through libdrm_amdgpu, or the
 * emulated device on the CPU.  Both take the same IB, shader binaries and
 * buffers; only the executor differs.
 */
enum vsharp_bo_kind {
	VSHARP_BO_DATA,		/* case tables, results, memory under test */
	VSHARP_BO_CODE,		/* shader binaries (256-byte aligned) */
	VSHARP_BO_IB,		/* command buffers */
};

struct vsharp_bo {
	uint64_t va;		/* GPU virtual address */
	/*
	 * CPU mapping, valid until freed.  On a GPU a data buffer's is VRAM
	 * mapped write-combined: write it, read results through
	 * vsharp_bo_results() (Documentation/hardware.rst "Reading results").
	 */
	void *cpu;
	const void *back;	/* the cacheable copy readback() fills; NULL: read cpu */
	uint64_t size;
	enum vsharp_bo_kind kind;
	void *handle;		/* the backend's */
};

struct vsharp_device;

struct vsharp_device_ops {
	int (*bo_alloc)(struct vsharp_device *dev, uint64_t size, enum vsharp_bo_kind kind,
			struct vsharp_bo *bo, struct vsharp_error *err);
	void (*bo_free)(struct vsharp_device *dev, struct vsharp_bo *bo);
	/*
	 * Submits IB_DWORDS of IB on the compute queue with BOS resident;
	 * *fence identifies the submission for wait().
	 */
	int (*submit)(struct vsharp_device *dev, const struct vsharp_bo *ib, unsigned ib_dwords,
		      struct vsharp_bo *const *bos, unsigned n_bos, uint64_t *fence,
		      struct vsharp_error *err);
	/*
	 * 0 when done; -ETIME after TIMEOUT_NS, with the GPU's reset state in
	 * err (a hang is reported, never hidden); other negative errno on error.
	 */
	int (*wait)(struct vsharp_device *dev, uint64_t fence, uint64_t timeout_ns,
		    struct vsharp_error *err);
	void (*close)(struct vsharp_device *dev);
	/*
	 * Asks for bytes [OFFSET, OFFSET + SIZE) of the data buffer BO as the
	 * next submit leaves them: the device copies them to BO->back at the
	 * end of that submission, readable once its wait returns 0.  Requests
	 * add up until that submit, which takes them (also when it fails).
	 * NULL where the CPU mapping is ordinary memory (the emulated device).
	 */
	int (*readback)(struct vsharp_device *dev, const struct vsharp_bo *bo, uint64_t offset,
			uint64_t size, struct vsharp_error *err);
};

struct vsharp_device {
	const struct vsharp_device_ops *ops;
	enum vsharp_gfx level;
	const struct vsharp_target *target;	/* the chip's processor; NULL: the level's probe processor */
	bool hardware;		/* a real GPU */
	char name[128];		/* e.g. "amdgpu gfx1100 /dev/dri/renderD128", "emu gfx11" */
	/*
	 * A closed probe context kept for the next vsharp_probe_open() on the
	 * device (probe/batch.c), so that a run allocates its buffers once per
	 * family, not once per suite; vsharp_device_close() frees it first.
	 */
	void *spare;
	void (*spare_free)(void *spare);
};

/*
 * Opens the first amdgpu render node (or NODE).  -ENODEV with the reason in
 * err when there is none: callers report it and skip, never substitute.
 */
int vsharp_amdgpu_open(const char *node, struct vsharp_device **dev, struct vsharp_error *err);

/* The emulated device for one level (GFX9..GFX12). */
int vsharp_emu_open(enum vsharp_gfx level, struct vsharp_device **dev, struct vsharp_error *err);
/* The emulated device of one processor (gfx810: GFX8 with packed D16). */
int vsharp_emu_open_target(const struct vsharp_target *target, struct vsharp_device **dev,
			   struct vsharp_error *err);

/* vsharp_device_ops.readback, where the device has one. */
static inline int vsharp_device_readback(struct vsharp_device *dev, const struct vsharp_bo *bo,
					 uint64_t offset, uint64_t size, struct vsharp_error *err)
{
	return dev->ops->readback ? dev->ops->readback(dev, bo, offset, size, err) : 0;
}

/* Where the CPU reads BO's bytes after a wait: what readback() asked for lies there. */
static inline const uint8_t *vsharp_bo_results(const struct vsharp_bo *bo)
{
	return bo->back ? bo->back : bo->cpu;
}

static inline void vsharp_device_close(struct vsharp_device *dev)
{
	if (!dev)
		return;
	if (dev->spare_free)
		dev->spare_free(dev->spare);
	dev->ops->close(dev);
}

#endif
