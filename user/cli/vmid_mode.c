// SPDX-License-Identifier: MIT
/*
 * An alignment mode on the VMID of `vsharp run`'s own jobs (vmid_mode.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "vmid_mode.h"
#include "vsharp/vmid.h"

int cli_vmid_mode_set(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
		      bool allow_shared)
{
	struct vsharp_error err = { "" };
	int ret = vsharp_session_find_kmod(s, debugfs, &err);
	bool no_module;

	if (!ret)
		ret = vsharp_vmid_isolate(s, debugfs, mode, allow_shared, &err);
	/* No module, or a GPU without the register (SI): amdgpu's own UNALIGNED only. */
	no_module = (ret == -ENOENT || ret == -EOPNOTSUPP) && !s->kmod_dir[0];
	if (!ret || (no_module && mode == VSHARP_ALIGN_UNALIGNED))
		return 0;
	if (no_module) {
		printf("KTAP version 1\n1..0 # SKIP amdgpu: --align-mode %s needs vsharp.ko to set it: %s\n",
		       vsharp_align_mode_name(mode), err.msg);
		return CLI_EXIT_SKIP;
	}
	fprintf(stderr, "vsharp: run: %s\n", err.msg);
	return 1;
}

bool cli_vmid_mode_release(struct vsharp_session *s)
{
	struct vsharp_error err = { "" };
	bool ok = true;
	int undo;

	if (!s->kmod.pending)
		return true;
	if (vsharp_vmid_still(s, &err) || vsharp_session_check_mode(s, &err)) {
		printf("# the run cannot be trusted: %s\n", err.msg);
		ok = false;
	}
	undo = vsharp_session_restore_mode(s);
	if (undo) {
		printf("# restoring the alignment mode through %s failed (%s): write it back by hand (Documentation/kmod.rst)\n",
		       s->kmod_dir, strerror(-undo));
		ok = false;
	}
	return ok;
}
