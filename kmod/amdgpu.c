// SPDX-License-Identifier: GPL-2.0
/*
 * The amdgpu backend: the real per-VMID SH_MEM_CONFIG of devices bound to
 * amdgpu.  Opt-in (vsharp.amdgpu=1).  Built only against the full source
 * tree the running kernel came from (AMDGPU_SRC=), because it reaches into
 * struct amdgpu_device: it takes the driver's own adev->srbm_mutex and
 * selects the VMID bank through GRBM_GFX_CNTL exactly as soc15/nv/soc21
 * _grbm_select() do (those are not exported), then restores VMID 0.
 *
 * Register access is refused (-EBUSY) while a GPU reset is running, while
 * the device is suspended, and while GFXOFF is allowed (the GC block may
 * be powered off): disable it first through debugfs amdgpu_gfxoff.  The
 * first hardware write taints the kernel (TAINT_USER).
 */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>
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
 * Offsets and base-address indices from include/asic_reg/gc:
 * gc_9_0_offset.h     mmSH_MEM_CONFIG 0x030d idx 0, mmGRBM_GFX_CNTL 0x0022 idx 0
 * gc_10_{1,3}_0_offset.h  mmSH_MEM_CONFIG 0x10ad idx 0, mmGRBM_GFX_CNTL 0x0dc2 idx 0
 * gc_11_0_0_offset.h  regSH_MEM_CONFIG 0x09e4 idx 1, regGRBM_GFX_CNTL 0x0900 idx 1
 * gc_12_0_0_offset.h  the same offsets and indices as GC 11
 * GRBM_GFX_CNTL.VMID is bits [7:4] on all four.
 */
static int amd_reg_offsets(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	u32 *base = adev->reg_offset[GC_HWIP][0];

	if (!base)
		return -ENODEV;
	switch (a->dev.gc.major) {
	case 9:
		a->sh_mem_config = base[0] + 0x030d;
		a->grbm_gfx_cntl = base[0] + 0x0022;
		break;
	case 10:
		a->sh_mem_config = base[0] + 0x10ad;
		a->grbm_gfx_cntl = base[0] + 0x0dc2;
		break;
	case 11:
	case 12:
		a->sh_mem_config = base[1] + 0x09e4;
		a->grbm_gfx_cntl = base[1] + 0x0900;
		break;
	default:
		return -ENODEV;
	}
	if ((a->sh_mem_config + 1) * 4 > adev->rmmio_size ||
	    (a->grbm_gfx_cntl + 1) * 4 > adev->rmmio_size)
		return -ENODEV;
	return 0;
}

/* On success: reset_domain->sem (read), srbm_mutex and a drm_dev_enter(). */
static int amd_lock(struct vsharp_amdgpu *a, int *idx)
{
	struct amdgpu_device *adev = a->adev;
	bool gfxoff;

	if (!drm_dev_enter(a->ddev, idx))
		return -ENODEV;
	if (adev->no_hw_access || adev->in_suspend)
		goto busy;
	if (!down_read_trylock(&adev->reset_domain->sem))
		goto busy;
	mutex_lock(&adev->gfx.gfx_off_mutex);
	gfxoff = adev->gfx.gfx_off_state || !adev->gfx.gfx_off_req_count;
	mutex_unlock(&adev->gfx.gfx_off_mutex);
	if (gfxoff) {
		up_read(&adev->reset_domain->sem);
		pr_warn_ratelimited("vsharp: %s: GFXOFF is allowed; disable it (debugfs amdgpu_gfxoff) first\n",
				    a->dev.name);
		goto busy;
	}
	mutex_lock(&adev->srbm_mutex);
	return 0;

busy:
	drm_dev_exit(*idx);
	return -EBUSY;
}

static void amd_unlock(struct vsharp_amdgpu *a, int idx)
{
	mutex_unlock(&a->adev->srbm_mutex);
	up_read(&a->adev->reset_domain->sem);
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

static int amd_create(struct pci_dev *pdev, unsigned int index)
{
	struct device_driver *drv;
	struct vsharp_amdgpu *a;
	u32 ver;
	int ret;

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

	ret = -ENODEV;
	if (amdgpu_sriov_vf(a->adev)) {
		pr_info("vsharp: %s: SR-IOV virtual function, skipped\n", pci_name(pdev));
		goto err;
	}
	ver = a->adev->ip_versions[GC_HWIP][0];
	a->dev.gc.major = IP_VERSION_MAJ(ver);
	a->dev.gc.minor = IP_VERSION_MIN(ver);
	a->dev.gc.rev = IP_VERSION_REV(ver);
	a->dev.layout = vsharp_gc_layout(&a->dev.gc);
	if (!a->dev.layout || amd_reg_offsets(a)) {
		pr_info("vsharp: %s: GC %u.%u.%u not supported, skipped\n",
			pci_name(pdev), a->dev.gc.major, a->dev.gc.minor,
			a->dev.gc.rev);
		goto err;
	}
	a->dev.ops = &amd_ops;
	a->dev.first_kfd_vmid = a->adev->vm_manager.first_kfd_vmid;
	if (a->dev.first_kfd_vmid < 2 || a->dev.first_kfd_vmid > VSHARP_NUM_VMIDS)
		a->dev.first_kfd_vmid = 8;
	snprintf(a->dev.name, sizeof(a->dev.name), "amdgpu%u", index);
	strscpy(a->dev.device, pci_name(pdev), sizeof(a->dev.device));
	ret = vsharp_dev_register(&a->dev);
	if (ret)
		goto err;
	pr_info("vsharp: %s: %s GC %u.%u.%u\n", a->dev.name, a->dev.device,
		a->dev.gc.major, a->dev.gc.minor, a->dev.gc.rev);
	return 0;

err:
	amd_destroy(&a->dev);
	return ret;
}

/**
 * vsharp_amdgpu_probe() - register every device bound to amdgpu
 *
 * Return: the number of devices registered, or a negative errno.
 */
int vsharp_amdgpu_probe(void)
{
	struct pci_dev *pdev = NULL;
	int n = 0, ret;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_ATI, PCI_ANY_ID, pdev))) {
		ret = amd_create(pdev, n);
		if (ret == -ENODEV)
			continue;
		if (ret) {
			pci_dev_put(pdev);
			return ret;
		}
		n++;
	}
	return n;
}
