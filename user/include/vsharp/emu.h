/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_EMU_H
#define VSHARP_EMU_H

#include <stdint.h>

#include "vsharp/device.h"
#include "vsharp/gpu.h"
#include "vsharp/model.h"

/*
 * The emulated device beyond the common device interface: the SH_MEM_CONFIG
 * it runs under, statistics, and the test-only ways to make its memory unit
 * deviate from the model (so that tests can show a deviating device is
 * caught).
 */

/* Alignment mode of the device's VMID; default UNALIGNED, as amdgpu programs it. */
void vsharp_emu_set_align_mode(struct vsharp_device *dev, enum vsharp_align_mode mode);
enum vsharp_align_mode vsharp_emu_align_mode(const struct vsharp_device *dev);
/* VMID the waves report in HW_ID/HW_ID2; default 1. */
void vsharp_emu_set_vmid(struct vsharp_device *dev, unsigned vmid);
unsigned vsharp_emu_vmid(const struct vsharp_device *dev);

/*
 * Takes the alignment mode the vsharp kernel module's emu backend holds for
 * this device's VMID (vmid/<n>/alignment_mode under DEBUGFS/vsharp/emu<N>,
 * the emu<N> whose family matches).  -ENOENT when the module is not loaded.
 * On success err holds the path of the file it read.
 */
int vsharp_emu_load_kmod_mode(struct vsharp_device *dev, const char *debugfs,
			      struct vsharp_error *err);

/* The work of the device's GPU so far (struct vsharp_emu_stats, vsharp/gpu.h). */
void vsharp_emu_stats(const struct vsharp_device *dev, struct vsharp_emu_stats *st);

/* The rules the memory unit follows (default: the model's for the level). */
void vsharp_emu_set_rules(struct vsharp_device *dev, const struct vsharp_rules *rules);

/* Test-only: the deviation (enum vsharp_emu_mutation, vsharp/gpu.h) the device's memory unit makes. */
void vsharp_emu_set_mutation(struct vsharp_device *dev, enum vsharp_emu_mutation m);

#endif
