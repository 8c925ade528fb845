/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_VMID_MODE_H
#define VSHARP_CLI_VMID_MODE_H

#include <stdbool.h>

#include "vsharp/model.h"
#include "vsharp/session.h"

/*
 * `vsharp run --device amdgpu --align-mode M`: M on the run's own VMID
 * (vsharp/vmid.h).  0 with s->vmid the VMID every batch must report; or
 * the exit status after printing why: a KTAP skip when vsharp.ko is not
 * loaded (or the GPU has no mode register, SI) and M is not amdgpu's own
 * UNALIGNED (which needs no module, and then nothing is set), an error
 * otherwise.
 */
int cli_vmid_mode_set(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
		      bool allow_shared);

/*
 * After the run: its jobs still ran on the VMID and the mode held; then
 * the mode before goes back, and the VMID.  False after printing why.
 */
bool cli_vmid_mode_release(struct vsharp_session *s);

#endif
