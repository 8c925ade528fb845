/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * vsharp.ko ioctls, shared with userspace (the selftests, vsharp's own
 * tools).  See Documentation/ABI/testing/debugfs-vsharp.
 */
#ifndef VSHARP_IOCTL_H
#define VSHARP_IOCTL_H

#include <linux/const.h>
#include <linux/ioctl.h>
#include <linux/types.h>

/* Close the new dma-buf fd on exec. */
#define VSHARP_EXPORT_CLOEXEC	_BITUL(0)

/**
 * struct vsharp_export_dmabuf - argument of VSHARP_IOCTL_EXPORT_DMABUF
 * @flags: in, VSHARP_EXPORT_* bits; any other bit is refused (EINVAL)
 * @fd: out, the new dma-buf file descriptor
 *
 * The dma-buf is writable only when the buffers/<id>/dmabuf file the
 * ioctl is issued on was opened for writing.
 */
struct vsharp_export_dmabuf {
	__u32 flags;
	__s32 fd;
};

/* 0xBA: no other user in Documentation/userspace-api/ioctl/ioctl-number.rst */
#define VSHARP_IOCTL_MAGIC	0xBA
#define VSHARP_IOCTL_EXPORT_DMABUF \
	_IOWR(VSHARP_IOCTL_MAGIC, 0x01, struct vsharp_export_dmabuf)

#endif /* VSHARP_IOCTL_H */
