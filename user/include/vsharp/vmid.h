/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_VMID_H
#define VSHARP_VMID_H

#include <stdbool.h>

#include "vsharp/device.h"
#include "vsharp/error.h"
#include "vsharp/gfx.h"
#include "vsharp/model.h"
#include "vsharp/session.h"

/*
 * An alignment mode for vsharp's own jobs alone (Documentation/hardware.rst,
 * "Isolation on a real GPU").  SH_MEM_CONFIG is per VMID, and amdgpu hands
 * its graphics VMIDs to every process's jobs in turn (Linux 6.1
 * amdgpu_vmid_grab), so a mode reaches only vsharp's jobs on a VMID that
 * vsharp's VM reserved: vsharp reserves one, learns which from the HW_ID
 * its waves record, sets the mode there alone through vsharp.ko, checks
 * that its jobs still ran there, restores, and gives the VMID back.
 */

/* The VM_ID field of a wave's recorded HW_ID (GFX6-9, [23:20]) or HW_ID2 (GFX10+, [27:24]). */
unsigned vsharp_vmid_of_hw_id(enum vsharp_gfx level, unsigned hw_id);

/*
 * The VMID DEV's jobs run under now: one small job, a wave the model finds
 * harmless under every alignment mode (no MEMVIOL, nothing outside its
 * arena), records HW_ID.  -EPROTO when the wave recorded none.
 */
int vsharp_vmid_of_jobs(struct vsharp_device *dev, unsigned *vmid, struct vsharp_error *err);

/*
 * Reserves a VMID for S's jobs (a GPU's; the emulated device has its own),
 * learns it with a first job into s->vmid, and sets MODE on it alone
 * through vsharp.ko (vsharp_session_set_mode()).  Without a reservation
 * (another process holds the GPU's one) it is refused unless ALLOW_SHARED.
 * On failure nothing stays set or reserved.
 */
int vsharp_vmid_isolate(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
			bool allow_shared, struct vsharp_error *err);

/*
 * After the jobs: one more small job must still run under s->vmid (a
 * VMID that changed means some jobs ran elsewhere, under another mode).
 * -ESRCH with both VMIDs in err otherwise.
 */
int vsharp_vmid_still(struct vsharp_session *s, struct vsharp_error *err);

#endif
