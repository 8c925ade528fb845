// SPDX-License-Identifier: GPL-2.0
/*
 * Alignment-mode control on top of a backend: read-modify-write of the
 * ALIGNMENT_MODE field only, with a record of the value before the first
 * change (restored on unload) and of the value written (to detect that the
 * driver rewrote the register after a resume or reset).
 *
 * A VMID stays in vdev->touched until it holds its original mode again, or
 * the driver has rewritten it: a VMID that a backend error kept from being
 * restored is still reported (status, lost) and restored again later.
 *
 * A mode is set only on VMIDs the driver has reserved for one VM alone,
 * unless vdev->force: amdgpu hands VMIDs 1 .. first_kfd_vmid - 1 out per
 * job to every process that submits (amdgpu_vmid_grab() in amdgpu_ids.c),
 * so a mode on a VMID that is not reserved reaches other processes' work.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <kunit/visibility.h>

#include "vsharp.h"

/*
 * The backend's hold spans the time vdev->touched is not empty; it is
 * taken before the first write, so the device cannot power down between
 * that write and the hold.
 */
static void hold(struct vsharp_dev *vdev, bool on)
{
	lockdep_assert_held(&vdev->lock);
	if (vdev->ops->hold)
		vdev->ops->hold(vdev, on);
}

static void untouch(struct vsharp_dev *vdev, unsigned int vmid)
{
	vdev->touched &= ~BIT(vmid);
	if (!vdev->touched)
		hold(vdev, false);
}

/**
 * vsharp_align_apply() - set ALIGNMENT_MODE on a set of VMIDs
 * @vdev: the device
 * @mask: the VMIDs
 * @mode: the mode, 0..3
 *
 * Return: 0, -EINVAL for a bad mode, -EPERM if @mask has a VMID outside
 * vdev->writable, -EACCES if it has one the driver has not reserved and
 * vdev->force is off (nothing is changed in these cases), or the first
 * backend error (the VMIDs before it keep the new mode).
 */
int vsharp_align_apply(struct vsharp_dev *vdev, u32 mask, unsigned int mode)
{
	const struct vsharp_field *f = vdev->layout->align;
	unsigned long bits = mask;
	unsigned int vmid;
	u32 old, new, reserved, was;
	int ret = 0;

	if (mode >= VSHARP_ALIGN_COUNT || (mask & ~VSHARP_ALL_VMIDS))
		return -EINVAL;
	if (mask & ~vdev->writable)
		return -EPERM;
	mutex_lock(&vdev->lock);
	if (!vdev->force) {
		ret = vdev->ops->reserved(vdev, &reserved);
		if (!ret && (mask & ~reserved))
			ret = -EACCES;
		if (ret)
			goto out;
	}
	was = vdev->touched;
	if (!was)
		hold(vdev, true);
	for_each_set_bit(vmid, &bits, VSHARP_NUM_VMIDS) {
		ret = vdev->ops->update(vdev, vmid, vsharp_field_mask(f),
					vsharp_field_set(f, 0, mode), &old, &new);
		if (ret)
			break;
		if (!(vdev->touched & BIT(vmid))) {
			vdev->orig[vmid] = old;
			vdev->touched |= BIT(vmid);
		}
		vdev->written[vmid] = new;
	}
	if (!was && !vdev->touched)
		hold(vdev, false);
out:
	mutex_unlock(&vdev->lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_align_apply);

/**
 * vsharp_align_read() - the mode the hardware holds on a set of VMIDs
 * @vdev: the device
 * @mask: the VMIDs
 * @mode: the common mode, -1 if @mask is empty, -2 if the VMIDs differ
 *
 * Return: 0 or a backend error.
 */
int vsharp_align_read(struct vsharp_dev *vdev, u32 mask, int *mode)
{
	const struct vsharp_field *f = vdev->layout->align;
	unsigned int vmid;
	int m = -1, ret;
	u32 v;

	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++) {
		if (!(mask & BIT(vmid)))
			continue;
		ret = vdev->ops->read(vdev, vmid, &v);
		if (ret)
			return ret;
		if (m == -1)
			m = vsharp_field_get(f, v);
		else if (m != vsharp_field_get(f, v))
			m = -2;
	}
	*mode = m;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_align_read);

/**
 * vsharp_align_lost() - VMIDs whose register no longer holds what we wrote
 * @vdev: the device
 * @lost: the set of such VMIDs
 *
 * Return: 0 or a backend error.
 */
int vsharp_align_lost(struct vsharp_dev *vdev, u32 *lost)
{
	unsigned int vmid;
	int ret = 0;
	u32 v;

	*lost = 0;
	mutex_lock(&vdev->lock);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++) {
		if (!(vdev->touched & BIT(vmid)))
			continue;
		ret = vdev->ops->read(vdev, vmid, &v);
		if (ret)
			break;
		if (v != vdev->written[vmid])
			*lost |= BIT(vmid);
	}
	mutex_unlock(&vdev->lock);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_align_lost);

/**
 * vsharp_align_restore() - put back the original ALIGNMENT_MODE
 * @vdev: the device
 * @failed: VMIDs a backend error kept from being restored; may be NULL
 *
 * Only VMIDs that still hold the value this module wrote are restored, and
 * only their ALIGNMENT_MODE field: a VMID the driver has rewritten since
 * (resume, reset) already holds the driver's value and is left alone.
 * VMIDs that failed stay changed and tracked, so status and lost keep
 * reporting them and a later restore retries them.
 *
 * Return: 0, or the first backend error.
 */
int vsharp_align_restore(struct vsharp_dev *vdev, u32 *failed)
{
	const struct vsharp_field *f = vdev->layout->align;
	u32 v, old, new, rewritten = 0, bad = 0;
	unsigned int vmid;
	int ret, err = 0;

	mutex_lock(&vdev->lock);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++) {
		if (!(vdev->touched & BIT(vmid)))
			continue;
		ret = vdev->ops->read(vdev, vmid, &v);
		if (!ret && v != vdev->written[vmid]) {
			rewritten |= BIT(vmid);
			untouch(vdev, vmid);
			continue;
		}
		if (!ret)
			ret = vdev->ops->update(vdev, vmid, vsharp_field_mask(f),
						vdev->orig[vmid], &old, &new);
		if (ret) {
			bad |= BIT(vmid);
			err = err ? err : ret;
			continue;
		}
		untouch(vdev, vmid);
	}
	mutex_unlock(&vdev->lock);
	/* a reset + restore loop would otherwise flood the log */
	if (rewritten)
		pr_info_ratelimited("%s: VMIDs 0x%04x were rewritten by the driver, left as it set them\n",
				    vdev->name, rewritten);
	if (bad)
		pr_warn_ratelimited("%s: VMIDs 0x%04x not restored (error %d): they keep the mode this module wrote\n",
				    vdev->name, bad, err);
	if (failed)
		*failed = bad;
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_align_restore);
