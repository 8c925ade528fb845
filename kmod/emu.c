// SPDX-License-Identifier: GPL-2.0
/*
 * The emu backend: a virtual device with one SH_MEM_CONFIG register per
 * VMID, initialised as amdgpu initialises it for the chosen GC version.
 * The userspace emulated GPU reads its VMID's alignment mode from debugfs.
 * Every VMID is writable: there is no hardware to hang, and the emulator
 * may emulate any VMID.
 *
 * It also stands in for amdgpu's VMID manager: the VMIDs reserved for one
 * VM alone (AMDGPU_VM_OP_RESERVE_VMID) are what was last written to
 * <dev>/reserved_vmids, none at load, so that a client (vsharp under the
 * shim, the selftests) can imitate a reservation and see the module
 * refuse a mode on a VMID that is not reserved.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "vsharp.h"

struct vsharp_emu {
	struct vsharp_dev dev;
	struct mutex regs_lock;		/* stands in for adev->srbm_mutex */
	bool noretry;
	u32 regs[VSHARP_NUM_VMIDS];
	u32 reserved;			/* under regs_lock, as id_mgr->lock */
};

static struct vsharp_emu *to_emu(struct vsharp_dev *vdev)
{
	return container_of(vdev, struct vsharp_emu, dev);
}

static int emu_read(struct vsharp_dev *vdev, unsigned int vmid, u32 *val)
{
	struct vsharp_emu *emu = to_emu(vdev);

	if (vmid >= VSHARP_NUM_VMIDS)
		return -EINVAL;
	mutex_lock(&emu->regs_lock);
	*val = emu->regs[vmid];
	mutex_unlock(&emu->regs_lock);
	return 0;
}

static int emu_update(struct vsharp_dev *vdev, unsigned int vmid, u32 mask,
		      u32 bits, u32 *old, u32 *new)
{
	struct vsharp_emu *emu = to_emu(vdev);

	if (vmid >= VSHARP_NUM_VMIDS)
		return -EINVAL;
	mutex_lock(&emu->regs_lock);
	*old = emu->regs[vmid];
	*new = (*old & ~mask) | (bits & mask);
	emu->regs[vmid] = *new;
	mutex_unlock(&emu->regs_lock);
	return 0;
}

static int emu_reserved(struct vsharp_dev *vdev, u32 *mask)
{
	struct vsharp_emu *emu = to_emu(vdev);

	mutex_lock(&emu->regs_lock);
	*mask = emu->reserved;
	mutex_unlock(&emu->regs_lock);
	return 0;
}

/* Only VMIDs amdgpu_vmid_mgr_init() gives its manager can be reserved. */
static int emu_reserve(struct vsharp_dev *vdev, u32 mask)
{
	struct vsharp_emu *emu = to_emu(vdev);

	if (mask & ~vsharp_graphics_vmids(vdev->first_kfd_vmid))
		return -EINVAL;
	mutex_lock(&emu->regs_lock);
	emu->reserved = mask;
	mutex_unlock(&emu->regs_lock);
	return 0;
}

static void emu_init_regs(struct vsharp_emu *emu)
{
	unsigned int vmid;

	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++)
		emu->regs[vmid] = vsharp_gc_default_sh_mem_config(&emu->dev.gc,
								  vmid,
								  emu->noretry);
}

/* What gfx_vN_0_hw_init() does on resume or reset: rewrite the defaults. */
static int emu_reset(struct vsharp_dev *vdev)
{
	struct vsharp_emu *emu = to_emu(vdev);

	mutex_lock(&emu->regs_lock);
	emu_init_regs(emu);
	mutex_unlock(&emu->regs_lock);
	return 0;
}

static void emu_destroy(struct vsharp_dev *vdev)
{
	struct vsharp_emu *emu = to_emu(vdev);

	mutex_destroy(&emu->regs_lock);
	kfree(emu);
}

static const struct vsharp_backend_ops emu_ops = {
	.name = "emu",
	.read = emu_read,
	.update = emu_update,
	.reserved = emu_reserved,
	.reserve = emu_reserve,
	.reset = emu_reset,
	.destroy = emu_destroy,
};

/**
 * vsharp_emu_create() - create the device "emu<index>", unpublished
 * @index: device number
 * @gc: GC version, "MAJOR.MINOR.REV"
 * @noretry: amdgpu.noretry: -1 for the driver's default for @gc, else 0/1
 *
 * Return: the device or an ERR_PTR (-EINVAL for an unknown @gc).
 */
struct vsharp_dev *vsharp_emu_create(unsigned int index, const char *gc,
				     int noretry)
{
	struct vsharp_emu *emu;
	int ret;

	emu = kzalloc(sizeof(*emu), GFP_KERNEL);
	if (!emu)
		return ERR_PTR(-ENOMEM);
	ret = vsharp_parse_gc(gc, &emu->dev.gc);
	if (ret) {
		pr_err("gc=%s: not a GC version with a known SH_MEM_CONFIG layout (MAJOR.MINOR.REV: 7.1.0-7.3.0, 8.0.0, 8.1.0, 9.x.x, 10.1.x, 10.3.x, 11.x.x, 12.x.x)\n",
		       gc ? gc : "");
		kfree(emu);
		return ERR_PTR(ret);
	}
	mutex_init(&emu->regs_lock);
	emu->noretry = noretry < 0 ? vsharp_gc_noretry_default(&emu->dev.gc)
				   : noretry;
	emu->dev.ops = &emu_ops;
	emu->dev.layout = vsharp_gc_layout(&emu->dev.gc);
	emu->dev.first_kfd_vmid = vsharp_gc_first_kfd_vmid(&emu->dev.gc);
	snprintf(emu->dev.name, sizeof(emu->dev.name), "emu%u", index);
	strscpy(emu->dev.device, emu->dev.name, sizeof(emu->dev.device));
	emu_init_regs(emu);
	vsharp_dev_init(&emu->dev, VSHARP_ALL_VMIDS);
	return &emu->dev;
}
