// SPDX-License-Identifier: MIT
/*
 * The sysfs the program writes, and hot-unplug (Linux 6.1 pci-sysfs.c,
 * drm_drv.c drm_dev_unplug, drm_ioctl.c).
 *
 * Every path under /sys/bus/pci, /sys/class/drm, /sys/dev/char/226:128 and
 * the device's own /sys/devices folder is the shim's tree (shim_node.c);
 * an open for writing of any other /sys path is refused with EROFS and a
 * line saying so, so nothing the program writes reaches the host's sysfs.
 * Reads of the rest of /sys stay the host's (glibc reads
 * /sys/devices/system/cpu for the CPU count).
 *
 * Two files of the tree act like the kernel's: the device's remove
 * (dev_attr_remove, mode 0220) and the bus's rescan (bus_attr_rescan,
 * 0200).  Opening either for writing takes root, as their modes do for a
 * process without CAP_DAC_OVERRIDE (EACCES otherwise).  A write is parsed
 * as kstrtoul(buf, 0) does (-EINVAL otherwise); a nonzero value on remove
 * unplugs the device: its sysfs folder and render node go, and every
 * ioctl on a descriptor opened before answers -ENODEV (drm_ioctl:
 * drm_dev_is_unplugged) until it is closed; a nonzero value on rescan
 * brings the device back as a new one, whose node opens afresh.  What was
 * written stays in the tree's file, where a test can read it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "shim.h"

#define WATCHED 16

static struct {
	int fd, what;
} watched[WATCHED];
static int nwatched;	/* read without the lock by write(): only a hint */

static bool writes(int flags)
{
	return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC | O_APPEND));
}

int shim_open_checked(const char *path, const char *real, int flags)
{
	if (shim.ready && real != path && shim_vsharp_path(real))
		return shim_vsharp_open_checked(real, flags);
	if (shim.ready && real != path && real[0] == '/' &&
	    shim_tree_control(real) == SHIM_CTL_GPU_RECOVER)
		return shim_debugfs_open_checked();
	if (!shim.ready || !writes(flags) || !shim_is_sysfs(path))
		return 0;
	if (real == path) {
		fprintf(stderr, "vsharp-shim: refusing to open %s for writing: the host's sysfs stays untouched (-EROFS)\n",
			path);
		return -EROFS;
	}
	if (shim_tree_control(real) != SHIM_CTL_NONE && geteuid() != 0)
		return -EACCES;
	return 0;
}

void shim_opened(const char *real, int flags, int fd)
{
	int what;

	if (fd < 0 || !shim.ready || real[0] != '/')
		return;
	if (shim_vsharp_path(real)) {
		shim_vsharp_opened(real, fd);
		return;
	}
	what = shim_tree_control(real);
	if (what == SHIM_CTL_GPU_RECOVER) {
		shim_debugfs_opened(fd, flags);
		return;
	}
	if (what == SHIM_CTL_NONE || !writes(flags))
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (!watched[i].what) {
			watched[i].fd = fd;
			watched[i].what = what;
			__atomic_add_fetch(&nwatched, 1, __ATOMIC_RELAXED);
			break;
		}
	pthread_mutex_unlock(&shim.lock);
}

void shim_closed(int fd)
{
	if (!__atomic_load_n(&nwatched, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (watched[i].what && watched[i].fd == fd) {
			watched[i].what = SHIM_CTL_NONE;
			__atomic_sub_fetch(&nwatched, 1, __ATOMIC_RELAXED);
		}
	pthread_mutex_unlock(&shim.lock);
}

/* kstrtoul(buf, 0, &val): a number in C notation, one trailing newline allowed. */
static int parse(const void *buf, size_t len, unsigned long *val)
{
	char text[32], *end;

	if (!len || len >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, len);
	text[len] = '\0';
	if (text[len - 1] == '\n')
		text[--len] = '\0';
	if (!len || text[0] == '-' || text[0] == ' ' || text[0] == '\t')
		return -EINVAL;
	errno = 0;
	*val = strtoul(text, &end, 0);
	return errno || *end ? -EINVAL : 0;
}

static void unplug(void)
{
	shim_klog("amdgpu: device removed through sysfs (pci_stop_and_remove_bus_device): ioctls on its open files answer -ENODEV");
	shim.unplugged = true;
	if (shim_tree_unplug())
		shim_klog("vsharp-shim: could not take the device out of the tree: %s", strerror(errno));
}

static void rescan(void)
{
	if (!shim.unplugged)
		return;
	if (shim_tree_replug()) {
		shim_klog("vsharp-shim: could not put the device back in the tree: %s", strerror(errno));
		return;
	}
	shim.unplugged = false;
	shim.device_gen++;
	/* A new device: its own VMIDs and power state. */
	shim_vmid_new_device();
	shim.pstate = 0;
	shim.pstate_owner = 0;
	shim_klog("amdgpu: device found again by a PCI rescan");
}

/* 0, or -errno to fail the write with (before anything was written). */
int shim_write_done(int fd, const void *buf, size_t len)
{
	unsigned long val = 0;
	int what = SHIM_CTL_NONE, r;

	if (!__atomic_load_n(&nwatched, __ATOMIC_RELAXED))
		return 0;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (watched[i].what && watched[i].fd == fd)
			what = watched[i].what;
	r = what == SHIM_CTL_NONE ? 0 : parse(buf, len, &val);
	/* The removed device's attribute is gone: kernfs answers -ENODEV. */
	if (!r && what == SHIM_CTL_REMOVE && shim.unplugged)
		r = -ENODEV;
	if (!r && val && what == SHIM_CTL_REMOVE)
		unplug();
	else if (!r && val && what == SHIM_CTL_RESCAN)
		rescan();
	pthread_mutex_unlock(&shim.lock);
	return r;
}

bool shim_file_unplugged(const struct shim_file *f)
{
	return shim.unplugged || f->gen != shim.device_gen;
}
