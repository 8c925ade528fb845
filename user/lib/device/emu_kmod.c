// SPDX-License-Identifier: MIT
/*
 * The emulated device's SH_MEM_CONFIG from the vsharp kernel module: when
 * vsharp.ko is loaded, its emu backend holds a per-VMID register file
 * (Documentation/ABI/testing/debugfs-vsharp), and the emulated device runs
 * under the alignment mode of its VMID there, so a mode set through debugfs
 * is the mode an emulated run obeys.
 */
#include "device/emu_device.h"
#include "vsharp/kmod.h"

int vsharp_emu_load_kmod_mode(struct vsharp_device *dev, const char *debugfs,
			      struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);
	unsigned vmid = vsharp_gpu_config(d->gpu)->vmid;
	char dir[VSHARP_KMOD_PATH];
	enum vsharp_align_mode mode;
	int ret = vsharp_kmod_find(debugfs, "emu", dev->level, dir, sizeof(dir), err);

	if (!ret)
		ret = vsharp_kmod_vmid_mode(dir, vmid, &mode, err);
	if (ret)
		return ret;
	vsharp_gpu_set_align_mode(d->gpu, mode);
	/* On success err names the file, for the run's report. */
	vsharp_fail(err, 0, "%s/vmid/%u/alignment_mode", dir, vmid);
	return 0;
}
