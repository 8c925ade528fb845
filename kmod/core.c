// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko: module parameters, device list, load and unload.
 *
 * Everything lives under /sys/kernel/debug/vsharp/ (see
 * Documentation/ABI/testing/debugfs-vsharp and Documentation/kmod.rst).
 *
 * Load order: every parameter is checked and every device is created
 * before the first debugfs file exists, and once one exists init does not
 * fail.  A file opened during init keeps pointers into the module's code
 * (its file operations), and a module whose init fails is freed whatever
 * its reference count, so a failure after publishing would leave such a
 * file pointing at freed memory.  A debugfs file that cannot be created
 * at that point costs its device (or buffers/) and a warning instead.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>

#include "vsharp.h"

#define VSHARP_MAX_EMU 8

static char *gc[VSHARP_MAX_EMU];
static unsigned int gc_count;
module_param_array(gc, charp, &gc_count, 0444);
MODULE_PARM_DESC(gc, "GC versions of the emulated devices, e.g. gc=9.0.1,10.3.0 (default: 10.3.0 when no amdgpu device is used)");

static int noretry = -1;
module_param(noretry, int, 0444);
MODULE_PARM_DESC(noretry, "amdgpu.noretry the emulated devices assume: -1 driver default, 0, 1");

static bool amdgpu;
module_param(amdgpu, bool, 0444);
MODULE_PARM_DESC(amdgpu, "Drive the real SH_MEM_CONFIG of amdgpu devices (writes hardware, taints the kernel; default: no)");

static LIST_HEAD(devices);		/* published; changed only by init and exit */
static struct dentry *root;

/**
 * vsharp_dev_init() - set up the backend-independent part of a device
 * @vdev: a device whose backend fields are set
 * @writable: the VMIDs whose ALIGNMENT_MODE the module may change
 */
void vsharp_dev_init(struct vsharp_dev *vdev, u32 writable)
{
	mutex_init(&vdev->lock);
	INIT_LIST_HEAD(&vdev->node);
	vdev->writable = writable;
	vdev->vmids = vsharp_graphics_vmids(vdev->first_kfd_vmid) & writable;
}

/**
 * vsharp_dev_destroy() - unpublish a device, restore it, free it
 * @vdev: a device set up by vsharp_dev_init(), on no list
 */
void vsharp_dev_destroy(struct vsharp_dev *vdev)
{
	/* waits for every file operation in progress to finish */
	debugfs_remove_recursive(vdev->dir);
	vsharp_align_restore(vdev, NULL);
	mutex_destroy(&vdev->lock);
	vdev->ops->destroy(vdev);
}

static void destroy_list(struct list_head *list)
{
	struct vsharp_dev *vdev, *tmp;

	list_for_each_entry_safe(vdev, tmp, list, node) {
		list_del(&vdev->node);
		vsharp_dev_destroy(vdev);
	}
}

/* Every device the parameters ask for, on @found; nothing published. */
static int create_devices(struct list_head *found)
{
	struct vsharp_dev *vdev;
	unsigned int i;
	int ndev = 0;

	for (i = 0; i < gc_count; i++) {
		vdev = vsharp_emu_create(i, gc[i], noretry);
		if (IS_ERR(vdev))
			goto err;
		list_add_tail(&vdev->node, found);
	}
#ifdef VSHARP_AMDGPU
	if (amdgpu) {
		ndev = vsharp_amdgpu_probe(found);
		if (ndev < 0) {
			vdev = ERR_PTR(ndev);
			goto err;
		}
		if (!ndev) {
			pr_err("amdgpu=1 but no usable device is bound to amdgpu\n");
			vdev = ERR_PTR(-ENODEV);
			goto err;
		}
	}
#endif
	if (!gc_count && !ndev) {
		vdev = vsharp_emu_create(0, "10.3.0", noretry);
		if (IS_ERR(vdev))
			goto err;
		list_add_tail(&vdev->node, found);
	}
	return 0;

err:
	destroy_list(found);
	return PTR_ERR(vdev);
}

static int __init vsharp_init(void)
{
	struct vsharp_dev *vdev, *tmp;
	LIST_HEAD(found);
	int ret;

	if (noretry < -1 || noretry > 1) {
		pr_err("noretry=%d: must be -1, 0 or 1\n", noretry);
		return -EINVAL;
	}
#ifndef VSHARP_AMDGPU
	if (amdgpu) {
		pr_err("amdgpu=1, but this build has no amdgpu backend (build with AMDGPU_SRC=)\n");
		return -EOPNOTSUPP;
	}
#endif
	ret = create_devices(&found);
	if (ret)
		return ret;
	root = debugfs_create_dir("vsharp", NULL);
	if (IS_ERR(root)) {
		destroy_list(&found);
		return PTR_ERR(root);
	}

	/* Published from here on: no failure any more (see the top). */
	list_for_each_entry_safe(vdev, tmp, &found, node) {
		list_del(&vdev->node);
		ret = vsharp_dev_debugfs_init(vdev, root);
		if (ret) {
			pr_warn("%s: its debugfs files could not be created (error %d); device left out\n",
				vdev->name, ret);
			vsharp_dev_destroy(vdev);
			continue;
		}
		list_add_tail(&vdev->node, &devices);
	}
	ret = vsharp_rbuf_init(root);
	if (ret)
		pr_warn("buffers/ could not be created (error %d); no result buffers\n",
			ret);
	return 0;
}

static void __exit vsharp_exit(void)
{
	destroy_list(&devices);
	vsharp_rbuf_exit();
	debugfs_remove_recursive(root);
}

module_init(vsharp_init);
module_exit(vsharp_exit);

MODULE_DESCRIPTION("vsharp: SH_MEM_CONFIG alignment-mode control and result buffers for AMD GPU tests");
MODULE_AUTHOR("The vsharp project");
MODULE_LICENSE("GPL");
