// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko: module parameters, device list, load and unload.
 *
 * Everything lives under /sys/kernel/debug/vsharp/ (see
 * Documentation/ABI/testing/debugfs-vsharp and Documentation/kmod.rst).
 */
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

static LIST_HEAD(devices);
static struct dentry *root;

/**
 * vsharp_dev_register() - publish a device under debugfs
 * @vdev: a device whose backend fields are set
 *
 * On failure the caller still owns @vdev.
 *
 * Return: 0 or a negative errno.
 */
int vsharp_dev_register(struct vsharp_dev *vdev)
{
	int ret;

	mutex_init(&vdev->lock);
	vdev->vmids = GENMASK(vdev->first_kfd_vmid - 1, 1);
	ret = vsharp_dev_debugfs_init(vdev, root);
	if (ret)
		return ret;
	list_add_tail(&vdev->node, &devices);
	return 0;
}

static void vsharp_devices_destroy(void)
{
	struct vsharp_dev *vdev, *tmp;

	list_for_each_entry_safe(vdev, tmp, &devices, node) {
		/* waits for every file operation in progress to finish */
		debugfs_remove_recursive(vdev->dir);
		vsharp_align_restore(vdev, NULL);
		list_del(&vdev->node);
		vdev->ops->destroy(vdev);
	}
}

static int __init vsharp_init(void)
{
	unsigned int i;
	int ndev = 0;
	int ret;

	if (noretry < -1 || noretry > 1)
		return -EINVAL;
#ifndef VSHARP_AMDGPU
	if (amdgpu) {
		pr_err("vsharp: amdgpu=1, but this build has no amdgpu backend (build with AMDGPU_SRC=)\n");
		return -EOPNOTSUPP;
	}
#endif
	root = debugfs_create_dir("vsharp", NULL);
	if (IS_ERR(root))
		return PTR_ERR(root);

	ret = vsharp_rbuf_init(root);
	if (ret)
		goto err_root;

#ifdef VSHARP_AMDGPU
	if (amdgpu) {
		ret = vsharp_amdgpu_probe();
		if (ret < 0)
			goto err_dev;
		ndev = ret;
		if (!ndev) {
			pr_err("vsharp: amdgpu=1 but no device bound to amdgpu\n");
			ret = -ENODEV;
			goto err_dev;
		}
	}
#endif
	for (i = 0; i < gc_count; i++) {
		ret = vsharp_emu_create(i, gc[i], noretry);
		if (ret)
			goto err_dev;
	}
	if (!gc_count && !ndev) {
		ret = vsharp_emu_create(0, "10.3.0", noretry);
		if (ret)
			goto err_dev;
	}
	return 0;

err_dev:
	vsharp_devices_destroy();
	vsharp_rbuf_exit();
err_root:
	debugfs_remove_recursive(root);
	return ret;
}

static void __exit vsharp_exit(void)
{
	vsharp_devices_destroy();
	vsharp_rbuf_exit();
	debugfs_remove_recursive(root);
}

module_init(vsharp_init);
module_exit(vsharp_exit);

MODULE_DESCRIPTION("vsharp: SH_MEM_CONFIG alignment-mode control and result buffers for AMD GPU tests");
MODULE_AUTHOR("vsharp developers");
MODULE_LICENSE("GPL");
