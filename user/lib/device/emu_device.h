/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_DEVICE_EMU_DEVICE_H
#define VSHARP_LIB_DEVICE_EMU_DEVICE_H

#include <stdint.h>

#include "emu/core.h"
#include "vsharp/device.h"
#include "vsharp/emu.h"

/*
 * The emulated device: one GPU, one VM, and its buffers in one host window
 * at a fixed GPU virtual address offset, page by page as amdgpu maps them.
 */
#define EMU_VA_BASE 0x100000000ull
#define EMU_WINDOW (1ull << 30)

struct emu_device {
	struct vsharp_device dev;
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	uint8_t *window;
	uint64_t used;			/* bump allocator inside the window */
	uint64_t touched;		/* past it, the window's pages are as mmap made them: zero */
	uint64_t next_fence;
	int last_status;		/* result of the last submit, for wait() */
	struct vsharp_error last_error;
};

static inline struct emu_device *emu_of(struct vsharp_device *d)
{
	return (struct emu_device *)d;
}

#endif
