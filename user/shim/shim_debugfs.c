// SPDX-License-Identifier: MIT
/*
 * amdgpu's debugfs file amdgpu_gpu_recover (Linux 6.1 amdgpu_fence.c,
 * amdgpu_debugfs_fence_init and gpu_recover_get).  A read at offset 0
 * resets the GPU (amdgpu_debugfs_reset_work: amdgpu_device_gpu_recover
 * with AMDGPU_NEED_FULL_RESET and no job, so no context is guilty) and
 * answers the reset's result as DEFINE_DEBUGFS_ATTRIBUTE's "%lld\n"
 * formats it: "0\n"; a read further on answers the rest of that text
 * (simple_attr_read), a write -EACCES (the attribute has no set; root
 * may open it for writing).  The
 * file is 0444 but debugfs is mounted 0700: opening it takes root
 * (EACCES otherwise).  On 6.1 amdgpu creates it in the primary minor's
 * folder, /sys/kernel/debug/dri/0; the shim has only the render node, and
 * amdgpu_test -r looks under that node's minor (libdrm
 * tests/amdgpu/basic_tests.c amdgpu_gpu_reset_test), so the shim's tree
 * has the file in both dri/0 and dri/128.
 *
 * The reset loses VRAM: amdgpu_device_check_vram_lost() says so for a
 * BACO or mode-1 reset, the method soc15, nv and soc21_asic_reset_method
 * choose for the shim's GFX9, GFX10 and GFX11 chips.  Contexts then
 * report it (amdgpu_ctx_query: AMDGPU_CTX_UNKNOWN_RESET).
 *
 * Only descriptors opened on the file are the shim's; every other read()
 * goes straight to libc.  A dup() of one reads the plain (empty) file.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"

#define OPEN_MAX_FILES 8

static struct {
	int fd;
	bool used, writable;
	uint64_t gen;		/* the device it was opened on */
	size_t pos;		/* the file offset */
} files[OPEN_MAX_FILES];
static int nfiles;	/* read without the lock by read() and close(): only a hint */

static const char recover_text[] = "0\n";	/* "%lld\n" of reset_res, 0 */

int shim_debugfs_open_checked(void)
{
	return geteuid() == 0 ? 0 : -EACCES;
}

void shim_debugfs_opened(int fd, int flags)
{
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < OPEN_MAX_FILES; i++)
		if (!files[i].used) {
			files[i].used = true;
			files[i].fd = fd;
			files[i].gen = shim.device_gen;
			files[i].pos = 0;
			files[i].writable = (flags & O_ACCMODE) != O_RDONLY;
			__atomic_add_fetch(&nfiles, 1, __ATOMIC_RELAXED);
			break;
		}
	pthread_mutex_unlock(&shim.lock);
}

void shim_debugfs_closed(int fd)
{
	if (!__atomic_load_n(&nfiles, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < OPEN_MAX_FILES; i++)
		if (files[i].used && files[i].fd == fd) {
			files[i].used = false;
			__atomic_sub_fetch(&nfiles, 1, __ATOMIC_RELAXED);
		}
	pthread_mutex_unlock(&shim.lock);
}

static int find(int fd)
{
	for (int i = 0; i < OPEN_MAX_FILES; i++)
		if (files[i].used && files[i].fd == fd)
			return i;
	return -1;
}

bool shim_debugfs_read(int fd, void *buf, size_t len, ssize_t *ret)
{
	size_t n;
	int i;

	if (!__atomic_load_n(&nfiles, __ATOMIC_RELAXED))
		return false;
	pthread_mutex_lock(&shim.lock);
	i = find(fd);
	if (i < 0) {
		pthread_mutex_unlock(&shim.lock);
		return false;
	}
	if (shim.unplugged || files[i].gen != shim.device_gen) {
		/* The removed device's debugfs files are gone: debugfs_file_get() -EIO. */
		*ret = -EIO;
	} else {
		if (files[i].pos == 0 && len) {
			shim_klog("debugfs amdgpu_gpu_recover: GPU reset");
			shim_gpu_reset(true);
		}
		n = files[i].pos < sizeof(recover_text) - 1 ? sizeof(recover_text) - 1 - files[i].pos : 0;
		n = n < len ? n : len;
		memcpy(buf, recover_text + files[i].pos, n);
		files[i].pos += n;
		*ret = (ssize_t)n;
	}
	pthread_mutex_unlock(&shim.lock);
	return true;
}

int shim_debugfs_write(int fd)
{
	int i;

	if (!__atomic_load_n(&nfiles, __ATOMIC_RELAXED))
		return 0;
	pthread_mutex_lock(&shim.lock);
	i = find(fd);
	/* simple_attr_write(): no set function (a read-only fd is libc's EBADF). */
	i = i >= 0 && files[i].writable ? -EACCES : 0;
	pthread_mutex_unlock(&shim.lock);
	return i;
}
