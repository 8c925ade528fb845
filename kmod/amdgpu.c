// SPDX-License-Identifier: GPL-2.0
/*
 * The amdgpu backend: the real per-VMID SH_MEM_CONFIG of devices bound to
 * amdgpu.  Opt-in (vsharp.amdgpu=1).  Built only against the full source
 * tree the running kernel came from (AMDGPU_SRC=), because it reaches into
 * struct amdgpu_device: it takes the driver's own adev->srbm_mutex and
 * selects the VMID bank through GRBM_GFX_CNTL exactly as soc15/nv/soc21
 * _grbm_select() do (those are not exported), then restores VMID 0.
 *
 * Guards, each documented in Documentation/kmod.rst:
 * - binding: a device is refused when the amdgpu that drives it cannot be
 *   the one whose struct amdgpu_device this file was compiled against
 *   (an out-of-tree amdgpu, fields that do not hold what they must);
 * - VMIDs: only the graphics VMIDs 1 .. first_kfd_vmid - 1 are writable;
 * - access: a runtime-PM reference is held around every register access,
 *   as amdgpu_debugfs.c does, and access is refused (-EBUSY) while a GPU
 *   reset is running, while the device is suspended, and while GFXOFF is
 *   allowed (the GC block may be powered off): disable it first through
 *   debugfs amdgpu_gfxoff.  The first hardware write taints the kernel
 *   (TAINT_USER).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <drm/drm_drv.h>

#include "amdgpu.h"
#include "amdgpu_reset.h"

#include "vsharp.h"

struct vsharp_amdgpu {
	struct vsharp_dev dev;
	struct pci_dev *pdev;
	struct drm_device *ddev;
	struct amdgpu_device *adev;
	struct module *owner;
	u32 sh_mem_config;		/* dword offsets */
	u32 grbm_gfx_cntl;
};

static struct vsharp_amdgpu *to_amd(struct vsharp_dev *vdev)
{
	return container_of(vdev, struct vsharp_amdgpu, dev);
}

/*
 * Register offsets (dwords) and base-address indices per GC major version,
 * from include/asic_reg/gc/: scripts/build-kmod-amdgpu compares each line
 * with the header named in its comment.  GRBM_GFX_CNTL.VMID is bits [7:4]
 * on all of them.
 */
struct amd_regs {
	unsigned int gc_major;
	u32 sh_mem_config;
	unsigned int sh_mem_config_idx;
	u32 grbm_gfx_cntl;
	unsigned int grbm_gfx_cntl_idx;
};

static const struct amd_regs amd_regs[] = {
	{ 9, 0x030d, 0, 0x0022, 0 },	/* gc_9_0_offset.h */
	{ 10, 0x10ad, 0, 0x0dc2, 0 },	/* gc_10_1_0_offset.h gc_10_3_0_offset.h */
	{ 11, 0x09e4, 1, 0x0900, 1 },	/* gc_11_0_0_offset.h */
	{ 12, 0x09e4, 1, 0x0900, 1 },	/* gc_12_0_0_offset.h */
};

static int amd_reg_offsets(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	const struct amd_regs *r = NULL;
	u32 *base = adev->reg_offset[GC_HWIP][0];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(amd_regs); i++)
		if (amd_regs[i].gc_major == a->dev.gc.major)
			r = &amd_regs[i];
	if (!r || !base)
		return -ENODEV;
	a->sh_mem_config = base[r->sh_mem_config_idx] + r->sh_mem_config;
	a->grbm_gfx_cntl = base[r->grbm_gfx_cntl_idx] + r->grbm_gfx_cntl;
	if ((a->sh_mem_config + 1) * 4 > adev->rmmio_size ||
	    (a->grbm_gfx_cntl + 1) * 4 > adev->rmmio_size)
		return -ENODEV;
	return 0;
}

/*
 * On success: a runtime-PM reference, reset_domain->sem (read), srbm_mutex
 * and a drm_dev_enter().
 */
static int amd_lock(struct vsharp_amdgpu *a, int *idx)
{
	struct amdgpu_device *adev = a->adev;
	struct device *dev = &a->pdev->dev;
	bool gfxoff;
	int ret;

	if (!drm_dev_enter(a->ddev, idx))
		return -ENODEV;
	/* as amdgpu_debugfs_regs2_op(): wake the device, keep it awake */
	ret = pm_runtime_get_sync(dev);
	if (ret < 0)
		goto err_pm;
	ret = -EBUSY;
	if (adev->no_hw_access || adev->in_suspend)
		goto err_pm;
	if (!down_read_trylock(&adev->reset_domain->sem))
		goto err_pm;
	mutex_lock(&adev->gfx.gfx_off_mutex);
	gfxoff = adev->gfx.gfx_off_state || !adev->gfx.gfx_off_req_count;
	mutex_unlock(&adev->gfx.gfx_off_mutex);
	if (gfxoff) {
		pr_warn_ratelimited("%s: GFXOFF is allowed; disable it (debugfs amdgpu_gfxoff) first\n",
				    a->dev.name);
		goto err_reset;
	}
	mutex_lock(&adev->srbm_mutex);
	return 0;

err_reset:
	up_read(&adev->reset_domain->sem);
err_pm:
	pm_runtime_put_autosuspend(dev);
	drm_dev_exit(*idx);
	return ret;
}

static void amd_unlock(struct vsharp_amdgpu *a, int idx)
{
	struct device *dev = &a->pdev->dev;

	mutex_unlock(&a->adev->srbm_mutex);
	up_read(&a->adev->reset_domain->sem);
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
	drm_dev_exit(idx);
}

static void amd_select_vmid(struct vsharp_amdgpu *a, unsigned int vmid)
{
	writel(vmid << 4, a->adev->rmmio + a->grbm_gfx_cntl * 4);
	readl(a->adev->rmmio + a->grbm_gfx_cntl * 4);
}

static int amd_read(struct vsharp_dev *vdev, unsigned int vmid, u32 *val)
{
	struct vsharp_amdgpu *a = to_amd(vdev);
	int ret, idx;

	if (vmid >= VSHARP_NUM_VMIDS)
		return -EINVAL;
	ret = amd_lock(a, &idx);
	if (ret)
		return ret;
	amd_select_vmid(a, vmid);
	*val = readl(a->adev->rmmio + a->sh_mem_config * 4);
	amd_select_vmid(a, 0);
	amd_unlock(a, idx);
	return 0;
}

static int amd_update(struct vsharp_dev *vdev, unsigned int vmid, u32 mask,
		      u32 bits, u32 *old, u32 *new)
{
	struct vsharp_amdgpu *a = to_amd(vdev);
	int ret, idx;

	if (vmid >= VSHARP_NUM_VMIDS)
		return -EINVAL;
	ret = amd_lock(a, &idx);
	if (ret)
		return ret;
	amd_select_vmid(a, vmid);
	*old = readl(a->adev->rmmio + a->sh_mem_config * 4);
	*new = (*old & ~mask) | (bits & mask);
	if (*new != *old) {
		add_taint(TAINT_USER, LOCKDEP_STILL_OK);
		writel(*new, a->adev->rmmio + a->sh_mem_config * 4);
		*new = readl(a->adev->rmmio + a->sh_mem_config * 4);
	}
	amd_select_vmid(a, 0);
	amd_unlock(a, idx);
	return 0;
}

static void amd_destroy(struct vsharp_dev *vdev)
{
	struct vsharp_amdgpu *a = to_amd(vdev);

	drm_dev_put(a->ddev);
	module_put(a->owner);
	pci_dev_put(a->pdev);
	kfree(a);
}

static const struct vsharp_backend_ops amd_ops = {
	.name = "amdgpu",
	.read = amd_read,
	.update = amd_update,
	.destroy = amd_destroy,
};

/* The GC IP version, whichever way this tree's amdgpu stores it. */
static u32 amd_gc_version(struct amdgpu_device *adev)
{
#ifdef IP_VERSION_FULL
	return amdgpu_ip_version(adev, GC_HWIP, 0);
#else
	return adev->ip_versions[GC_HWIP][0];
#endif
}

static const struct vsharp_layout *amd_gc_layout(const struct vsharp_gc *gc)
{
	/* GC 9.4.3 has one SH_MEM_CONFIG per XCC; only XCC 0 is reachable */
	if (gc->major == 9 && (gc->minor > 4 || (gc->minor == 4 && gc->rev >= 3)))
		return NULL;
	return vsharp_gc_layout(gc);
}

/*
 * Is the bound amdgpu the one this file was built against?  Neither
 * srcversion (Debian sets no MODULE_SRCVERSION_ALL and amdgpu no
 * MODULE_VERSION), nor a build-id (no STACKTRACE_BUILD_ID), nor a
 * modversions CRC (amdgpu exports no symbol) is there to compare, so the
 * check is: an in-tree module, and fields at the start, middle and end of
 * struct amdgpu_device holding what the PCI core and amdgpu's own
 * initialisation guarantee.  Return: NULL, or why the device is refused.
 */
static const char *amd_mismatch(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	struct pci_dev *pdev = a->pdev;

	if (a->owner && test_bit(TAINT_OOT_MODULE, &a->owner->taints))
		return "amdgpu is an out-of-tree module (DKMS?)";
	if (a->ddev->dev != &pdev->dev || adev->dev != &pdev->dev ||
	    adev->pdev != pdev)
		return "adev->dev/pdev do not point at the device";
	/* amdgpu_device_init(): the register BAR is 5 from CHIP_BONAIRE on */
	if (adev->asic_type >= CHIP_LAST || adev->asic_type < CHIP_BONAIRE ||
	    adev->rmmio_base != pci_resource_start(pdev, 5) ||
	    adev->rmmio_size != pci_resource_len(pdev, 5))
		return "adev->asic_type/rmmio_base/rmmio_size do not match the device";
	if (adev->vm_manager.first_kfd_vmid < 2 ||
	    adev->vm_manager.first_kfd_vmid > VSHARP_NUM_VMIDS)
		return "adev->vm_manager.first_kfd_vmid is out of range";
	return NULL;
}

static int amd_create(struct pci_dev *pdev, unsigned int index,
		      struct vsharp_dev **out)
{
	struct device_driver *drv;
	struct vsharp_amdgpu *a;
	const char *why;
	u32 ver;

	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	device_lock(&pdev->dev);
	drv = pdev->dev.driver;
	if (!drv || strcmp(drv->name, "amdgpu") || !try_module_get(drv->owner)) {
		device_unlock(&pdev->dev);
		kfree(a);
		return -ENODEV;
	}
	a->owner = drv->owner;
	a->ddev = pci_get_drvdata(pdev);
	drm_dev_get(a->ddev);
	device_unlock(&pdev->dev);
	a->pdev = pci_dev_get(pdev);
	a->adev = drm_to_adev(a->ddev);

	why = amd_mismatch(a);
	if (why) {
		pr_err("%s: refused: %s; this vsharp.ko was built for another amdgpu\n",
		       pci_name(pdev), why);
		goto err;
	}
	if (amdgpu_sriov_vf(a->adev)) {
		pr_info("%s: SR-IOV virtual function, skipped\n", pci_name(pdev));
		goto err;
	}
	ver = amd_gc_version(a->adev);
	a->dev.gc.major = IP_VERSION_MAJ(ver);
	a->dev.gc.minor = IP_VERSION_MIN(ver);
	a->dev.gc.rev = IP_VERSION_REV(ver);
	a->dev.layout = amd_gc_layout(&a->dev.gc);
	if (!a->dev.layout || amd_reg_offsets(a)) {
		pr_info("%s: GC %u.%u.%u not supported, skipped\n",
			pci_name(pdev), a->dev.gc.major, a->dev.gc.minor,
			a->dev.gc.rev);
		goto err;
	}
	a->dev.ops = &amd_ops;
	a->dev.first_kfd_vmid = a->adev->vm_manager.first_kfd_vmid;
	snprintf(a->dev.name, sizeof(a->dev.name), "amdgpu%u", index);
	strscpy(a->dev.device, pci_name(pdev), sizeof(a->dev.device));
	vsharp_dev_init(&a->dev, vsharp_graphics_vmids(a->dev.first_kfd_vmid));
	pr_info("%s: %s GC %u.%u.%u\n", a->dev.name, a->dev.device,
		a->dev.gc.major, a->dev.gc.minor, a->dev.gc.rev);
	*out = &a->dev;
	return 0;

err:
	amd_destroy(&a->dev);
	return -ENODEV;
}

/**
 * vsharp_amdgpu_probe() - create a device for every usable amdgpu device
 * @devs: the list the devices are added to, unpublished
 *
 * Return: the number of devices added, or a negative errno (@devs then
 * holds what was added before the error).
 */
int vsharp_amdgpu_probe(struct list_head *devs)
{
	struct pci_dev *pdev = NULL;
	struct vsharp_dev *vdev;
	int n = 0, ret;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_ATI, PCI_ANY_ID, pdev))) {
		ret = amd_create(pdev, n, &vdev);
		if (ret == -ENODEV)
			continue;
		if (ret) {
			pci_dev_put(pdev);
			return ret;
		}
		list_add_tail(&vdev->node, devs);
		n++;
	}
	return n;
}
