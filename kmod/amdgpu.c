// SPDX-License-Identifier: GPL-2.0
/*
 * The amdgpu backend: the real per-VMID SH_MEM_CONFIG of devices bound to
 * amdgpu.  Opt-in (vsharp.amdgpu=1).  Built only against the full source
 * tree the running kernel came from (AMDGPU_SRC=), because it reaches into
 * struct amdgpu_device: it takes the driver's own adev->srbm_mutex and
 * selects the VMID bank exactly as amdgpu does (its helpers are not
 * exported), then restores VMID 0: through GRBM_GFX_CNTL like
 * soc15/nv/soc21 _grbm_select() from GFX9 on, through SRBM_GFX_CNTL like
 * cik_srbm_select() and vi_srbm_select() on GFX7 and GFX8.  GFX6 (SI) has
 * no SH_MEM_CONFIG and is skipped.
 *
 * Guards, each documented in Documentation/kmod.rst:
 * - binding: a device is refused when the amdgpu that drives it cannot be
 *   the one whose struct amdgpu_device this file was compiled against
 *   (an out-of-tree amdgpu, fields that do not hold what they must);
 * - VMIDs: only the graphics VMIDs 1 .. first_kfd_vmid - 1 are writable,
 *   and a mode is set only on one amdgpu's VMID manager has reserved for
 *   one VM (amd_reserved()) unless <dev>/force is 1;
 * - persistence: a runtime-PM reference is held while a VMID holds a
 *   changed mode (amd_hold()), since runtime resume rewrites it;
 * - access: a runtime-PM reference is held around every register access,
 *   as amdgpu_debugfs.c does, and access is refused (-EBUSY) while a GPU
 *   reset is running, while the device is suspended, and while GFXOFF is
 *   allowed (the GC block may be powered off): disable it first through
 *   debugfs amdgpu_gfxoff.  The first hardware write taints the kernel
 *   (TAINT_USER).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
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
	bool held;			/* the runtime-PM reference of hold() */
	u32 sh_mem_config;		/* dword offsets */
	u32 vmid_select;		/* GRBM_GFX_CNTL or SRBM_GFX_CNTL */
};

static struct vsharp_amdgpu *to_amd(struct vsharp_dev *vdev)
{
	return container_of(vdev, struct vsharp_amdgpu, dev);
}

/*
 * Register offsets (dwords) and base-address indices per GC major version:
 * SH_MEM_CONFIG and the register whose VMID field selects its bank,
 * GRBM_GFX_CNTL from GFX9 on (include/asic_reg/gc/), SRBM_GFX_CNTL on GFX7
 * and GFX8 (asic_reg/gca/ and asic_reg/oss/).  Before GFX9 there is no
 * IP discovery and no base table: the offsets are absolute (ABS).
 * scripts/check-amdgpu-offsets compares each line with the headers named
 * in its comment.  The VMID field is bits [7:4] in all of them
 * (GRBM_GFX_CNTL__VMID_MASK, SRBM_GFX_CNTL__VMID_MASK 0xf0 in
 * oss_2_0_sh_mask.h and oss_3_0_sh_mask.h).
 */
#define ABS UINT_MAX

struct amd_regs {
	unsigned int gc_major;
	u32 sh_mem_config;
	unsigned int sh_mem_config_idx;
	u32 vmid_select;
	unsigned int vmid_select_idx;
};

static const struct amd_regs amd_regs[] = {
	{ 7, 0x230d, ABS, 0x0391, ABS },	/* gca/gfx_7_2_d.h oss/oss_2_0_d.h */
	{ 8, 0x230d, ABS, 0x0391, ABS },	/* gca/gfx_8_0_d.h oss/oss_3_0_d.h */
	{ 9, 0x030d, 0, 0x0022, 0 },	/* gc_9_0_offset.h */
	{ 10, 0x10ad, 0, 0x0dc2, 0 },	/* gc_10_1_0_offset.h gc_10_3_0_offset.h */
	{ 11, 0x09e4, 1, 0x0900, 1 },	/* gc_11_0_0_offset.h */
	{ 12, 0x09e4, 1, 0x0900, 1 },	/* gc_12_0_0_offset.h */
};

/* The dword offset of a register, or U32_MAX without a base table. */
static u32 amd_reg(const u32 *base, u32 offset, unsigned int idx)
{
	if (idx == ABS)
		return offset;
	return base ? base[idx] + offset : U32_MAX;
}

static int amd_reg_offsets(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	const struct amd_regs *r = NULL;
	const u32 *base = adev->reg_offset[GC_HWIP][0];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(amd_regs); i++)
		if (amd_regs[i].gc_major == a->dev.gc.major)
			r = &amd_regs[i];
	if (!r)
		return -ENODEV;
	a->sh_mem_config = amd_reg(base, r->sh_mem_config, r->sh_mem_config_idx);
	a->vmid_select = amd_reg(base, r->vmid_select, r->vmid_select_idx);
	if (a->sh_mem_config >= adev->rmmio_size / 4 ||
	    a->vmid_select >= adev->rmmio_size / 4)
		return -ENODEV;
	return 0;
}

/*
 * On success: a runtime-PM reference, a drm_dev_enter(), reset_domain->sem
 * (read) and srbm_mutex.  Runtime PM first, as amdgpu_debugfs_regs2_op()
 * takes it: a resume (hundreds of ms on BACO) must not run inside the
 * SRCU section that drm_dev_unplug() waits for.
 */
static int amd_lock(struct vsharp_amdgpu *a, int *idx)
{
	struct amdgpu_device *adev = a->adev;
	struct device *dev = &a->pdev->dev;
	bool gfxoff;
	int ret;

	/* wake the device, keep it awake */
	ret = pm_runtime_get_sync(dev);
	if (ret < 0)
		goto err_pm;
	ret = -ENODEV;
	if (!drm_dev_enter(a->ddev, idx))
		goto err_pm;
	ret = -EBUSY;
	if (adev->no_hw_access || adev->in_suspend)
		goto err_dev;
	if (!down_read_trylock(&adev->reset_domain->sem))
		goto err_dev;
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
err_dev:
	drm_dev_exit(*idx);
err_pm:
	pm_runtime_put_autosuspend(dev);
	return ret;
}

static void amd_unlock(struct vsharp_amdgpu *a, int idx)
{
	struct device *dev = &a->pdev->dev;

	mutex_unlock(&a->adev->srbm_mutex);
	up_read(&a->adev->reset_domain->sem);
	drm_dev_exit(idx);
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
}

static void amd_select_vmid(struct vsharp_amdgpu *a, unsigned int vmid)
{
	writel(vmid << 4, a->adev->rmmio + a->vmid_select * 4);
	readl(a->adev->rmmio + a->vmid_select * 4);
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

/*
 * amdgpu's runtime resume (amdgpu_device_resume -> gfx hw_init ->
 * constants_init) writes every graphics VMID's SH_MEM_CONFIG back, and an
 * idle dGPU autosuspends after 5 s (amdgpu_pmops_runtime_idle,
 * pm_runtime_set_autosuspend_delay in amdgpu_drv.c): while a VMID holds a
 * changed mode, one usage reference keeps the device from suspending.
 * Taken without a resume: align.c takes it before its first write, and
 * that write's access wakes the device.
 */
static void amd_hold(struct vsharp_dev *vdev, bool on)
{
	struct vsharp_amdgpu *a = to_amd(vdev);
	struct device *dev = &a->pdev->dev;

	if (on == a->held)
		return;
	a->held = on;
	if (on) {
		pm_runtime_get_noresume(dev);
		return;
	}
	pm_runtime_mark_last_busy(dev);
	pm_runtime_put_autosuspend(dev);
}

/*
 * The VMIDs amdgpu's manager of the GFX hub has reserved for one VM alone
 * (amdgpu_vmid_alloc_reserved() in amdgpu_ids.c), under its lock.  Linux
 * 6.1 takes one VMID off ids_lru per reserving VM (at most
 * AMDGPU_VM_MAX_RESERVED_VMID); later kernels keep one id_mgr->reserved
 * shared by every VM that reserved (reserved_use_count) and, with
 * enforce_isolation, by every process: only a count of one without
 * isolation makes it one VM's.
 */
static int amd_reserved(struct vsharp_dev *vdev, u32 *mask)
{
	struct amdgpu_device *adev = to_amd(vdev)->adev;
	struct amdgpu_vmid_mgr *mgr = &adev->vm_manager.id_mgr[0];
	unsigned int j;

	*mask = 0;
	mutex_lock(&mgr->lock);
#ifdef AMDGPU_VM_MAX_RESERVED_VMID
	for (j = 1; j < mgr->num_ids; j++)
		if (list_empty(&mgr->ids[j].list))
			*mask |= BIT(j);
#else
	if (mgr->reserved && mgr->reserved_use_count == 1 &&
	    !adev->enforce_isolation[0]) {
		j = mgr->reserved - mgr->ids;
		*mask = BIT(j);
	}
#endif
	mutex_unlock(&mgr->lock);
	return 0;
}

static void amd_destroy(struct vsharp_dev *vdev)
{
	struct vsharp_amdgpu *a = to_amd(vdev);

	amd_hold(vdev, false);
	drm_dev_put(a->ddev);
	module_put(a->owner);
	pci_dev_put(a->pdev);
	kfree(a);
}

static const struct vsharp_backend_ops amd_ops = {
	.name = "amdgpu",
	.read = amd_read,
	.update = amd_update,
	.reserved = amd_reserved,
	.hold = amd_hold,
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

/*
 * The device's GC version: the discovered one from Vega on; before it,
 * where amdgpu leaves ip_versions[] 0, that of its GFX IP block (6.0.0,
 * 7.1.0 .. 7.3.0, 8.0.0, 8.1.0: si.c, cik.c, vi.c *_set_ip_blocks).
 * Return: 0, or -ENODEV when neither is there.
 */
static int amd_gc(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	u32 ver = amd_gc_version(adev);
	int i;

	if (ver) {
		a->dev.gc.major = IP_VERSION_MAJ(ver);
		a->dev.gc.minor = IP_VERSION_MIN(ver);
		a->dev.gc.rev = IP_VERSION_REV(ver);
		return 0;
	}
	for (i = 0; i < adev->num_ip_blocks && i < AMDGPU_MAX_IP_NUM; i++) {
		const struct amdgpu_ip_block_version *v = adev->ip_blocks[i].version;

		if (v && v->type == AMD_IP_BLOCK_TYPE_GFX) {
			a->dev.gc.major = v->major;
			a->dev.gc.minor = v->minor;
			a->dev.gc.rev = v->rev;
			return 0;
		}
	}
	return -ENODEV;
}

static const struct vsharp_layout *amd_gc_layout(const struct vsharp_gc *gc)
{
	/* GC 9.4.3 has one SH_MEM_CONFIG per XCC; only XCC 0 is reachable */
	if (gc->major == 9 && (gc->minor > 4 || (gc->minor == 4 && gc->rev >= 3)))
		return NULL;
	return vsharp_gc_layout(gc);
}

/*
 * A field that is an idle struct mutex has a wait list pointing at itself;
 * other data rarely does.  A waiter may be queued at that moment, so look
 * a few times.  PREEMPT_RT mutexes have no such list: not checked there.
 */
static bool amd_mutex_idle(struct mutex *m)
{
#ifndef CONFIG_PREEMPT_RT
	int tries;

	for (tries = 0; tries < 20; tries++) {
		if (READ_ONCE(m->wait_list.next) == &m->wait_list &&
		    READ_ONCE(m->wait_list.prev) == &m->wait_list)
			return true;
		usleep_range(5000, 10000);
	}
	return false;
#else
	return true;
#endif
}

/*
 * The fields the backend locks and reads beyond the first ones: the three
 * mutexes, the reset domain (amdgpu_reset_create_reset_domain()), GFXOFF's
 * state (a bool, and a request count that amdgpu_device_init() starts at
 * 1 and amdgpu_gfx_off_ctrl() moves by one per caller) and the VMID
 * manager amdgpu_vmid_mgr_init() set up.
 */
static const char *amd_mismatch_locked_fields(struct amdgpu_device *adev)
{
	struct amdgpu_vmid_mgr *mgr = &adev->vm_manager.id_mgr[0];
	struct amdgpu_reset_domain *rd = adev->reset_domain;
	u8 gfx_off_state;

	if (!amd_mutex_idle(&adev->srbm_mutex) ||
	    !amd_mutex_idle(&adev->gfx.gfx_off_mutex) ||
	    !amd_mutex_idle(&mgr->lock))
		return "srbm_mutex, gfx_off_mutex or the VMID manager's lock is no idle mutex";
	if (!rd || !rd->wq || kref_read(&rd->refcount) < 1 ||
	    (rd->type != SINGLE_DEVICE && rd->type != XGMI_HIVE))
		return "adev->reset_domain is no reset domain";
	memcpy(&gfx_off_state, &adev->gfx.gfx_off_state, 1);
	if (gfx_off_state > 1 || adev->gfx.gfx_off_req_count > 1024)
		return "adev->gfx.gfx_off_state/gfx_off_req_count are out of range";
	if (mgr->num_ids != adev->vm_manager.first_kfd_vmid)
		return "adev->vm_manager.id_mgr[0].num_ids is not first_kfd_vmid";
#ifdef AMDGPU_VM_MAX_RESERVED_VMID
	if ((unsigned int)atomic_read(&mgr->reserved_vmid_num) >
	    AMDGPU_VM_MAX_RESERVED_VMID)
		return "adev->vm_manager.id_mgr[0].reserved_vmid_num is out of range";
#else
	if (mgr->reserved && (mgr->reserved <= mgr->ids ||
			      mgr->reserved >= mgr->ids + mgr->num_ids))
		return "adev->vm_manager.id_mgr[0].reserved is not one of its ids";
#endif
	return NULL;
}

/*
 * Is the bound amdgpu the one this file was built against?  Neither
 * srcversion (Debian sets no MODULE_SRCVERSION_ALL and amdgpu no
 * MODULE_VERSION), nor a build-id (no STACKTRACE_BUILD_ID), nor a
 * modversions CRC (amdgpu exports no symbol) is there to compare, so the
 * check is: an in-tree module, fields at the start, middle and end of
 * struct amdgpu_device holding what the PCI core and amdgpu's own
 * initialisation guarantee, and every field the backend locks or reads
 * holding a value of its kind.  Return: NULL, or why the device is refused.
 */
static const char *amd_mismatch(struct vsharp_amdgpu *a)
{
	struct amdgpu_device *adev = a->adev;
	struct pci_dev *pdev = a->pdev;
	int bar;

	if (a->owner && test_bit(TAINT_OOT_MODULE, &a->owner->taints))
		return "amdgpu is an out-of-tree module (DKMS?)";
	if (a->ddev->dev != &pdev->dev || adev->dev != &pdev->dev ||
	    adev->pdev != pdev)
		return "adev->dev/pdev do not point at the device";
	/* amdgpu_device_init(): the register BAR is 5 from CHIP_BONAIRE on, 2 before */
	bar = adev->asic_type >= CHIP_BONAIRE ? 5 : 2;
	if (adev->asic_type >= CHIP_LAST ||
	    adev->rmmio_base != pci_resource_start(pdev, bar) ||
	    adev->rmmio_size != pci_resource_len(pdev, bar))
		return "adev->asic_type/rmmio_base/rmmio_size do not match the device";
	if (adev->num_ip_blocks < 0 || adev->num_ip_blocks > AMDGPU_MAX_IP_NUM)
		return "adev->num_ip_blocks is out of range";
	if (adev->vm_manager.first_kfd_vmid < 2 ||
	    adev->vm_manager.first_kfd_vmid > VSHARP_NUM_VMIDS)
		return "adev->vm_manager.first_kfd_vmid is out of range";
	return amd_mismatch_locked_fields(adev);
}

static int amd_create(struct pci_dev *pdev, unsigned int index,
		      struct vsharp_dev **out)
{
	struct device_driver *drv;
	struct vsharp_amdgpu *a;
	const char *why;

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
	if (amd_gc(a)) {
		pr_info("%s: no GC version and no GFX IP block, skipped\n",
			pci_name(pdev));
		goto err;
	}
	if (a->dev.gc.major == 6) {
		pr_info("%s: GFX6 (SI) has no SH_MEM_CONFIG (gfx_6_0_d.h), skipped\n",
			pci_name(pdev));
		goto err;
	}
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
