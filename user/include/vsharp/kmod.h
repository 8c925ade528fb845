/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_KMOD_H
#define VSHARP_KMOD_H

#include <stdbool.h>
#include <stddef.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"
#include "vsharp/model.h"

/*
 * SH_MEM_CONFIG.ALIGNMENT_MODE through vsharp.ko's debugfs files
 * (Documentation/ABI/testing/debugfs-vsharp, Documentation/kmod.rst):
 * find the module's directory of a device, set a mode on the VMIDs of its
 * set, read it back, check that the driver has not rewritten it, and put
 * back what was there before.
 */
#define VSHARP_KMOD_VMIDS 16
#define VSHARP_KMOD_PATH 512

/*
 * The module's directory <DEBUGFS>/vsharp/<BACKEND><N> of the device of
 * LEVEL (its `family` file names the level's SH_MEM_CONFIG layout), into
 * DIR.  -ENOENT when vsharp.ko is not loaded or has no such device,
 * -EEXIST when it has several, each with the reason in err.
 */
int vsharp_kmod_find(const char *debugfs, const char *backend, enum vsharp_gfx level, char *dir, size_t n,
		     struct vsharp_error *err);

/* One line of DIR/FILE, without the newline. */
int vsharp_kmod_read(const char *dir, const char *file, char *buf, size_t n, struct vsharp_error *err);

/* The mode of VMID in DIR (vmid/<VMID>/alignment_mode). */
int vsharp_kmod_vmid_mode(const char *dir, unsigned vmid, enum vsharp_align_mode *mode,
			  struct vsharp_error *err);

/* The VMID set of a `vmids` file ("1-7,9", "0-15", "none") as a bit mask. */
int vsharp_kmod_parse_vmids(const char *text, unsigned *mask, struct vsharp_error *err);

/*
 * The VMIDs the driver reserved for one VM each (<DIR>/reserved_vmids:
 * AMDGPU_VM_OP_RESERVE_VMID) as a mask.  -EOPNOTSUPP from a module that
 * predates the file: it cannot tell a VMID one process holds from one
 * every process's jobs run on.
 */
int vsharp_kmod_reserved(const char *dir, unsigned *mask, struct vsharp_error *err);

/* One file write of a restore: what to write where. */
struct vsharp_kmod_write {
	char path[VSHARP_KMOD_PATH];
	char text[16];
};

/* The most writes a restore makes: the mode, `force`, `reserved_vmids`. */
#define VSHARP_KMOD_UNDO 3

/* A mode set through the module, and how to put back the one before. */
struct vsharp_kmod_mode {
	char dir[VSHARP_KMOD_PATH];
	int vmid;			/* the VMID set; -1: the module's `vmids` set, read only */
	char vmids[64];			/* the set, as the module spelt it */
	unsigned mask;			/* the set */
	enum vsharp_align_mode mode;	/* as read back */
	/*
	 * The restore, in order: `restore` when the module had changed nothing
	 * (it puts back the original of every VMID it changed; with one
	 * reservation per GPU in Linux 6.1, only ours unless another process
	 * forced), else the VMID's previous mode; then `force` and
	 * `reserved_vmids` as they were.
	 */
	struct vsharp_kmod_write undo[VSHARP_KMOD_UNDO];
	unsigned n_undo;
	volatile bool pending;		/* set and not yet restored */
};

/* How vsharp_kmod_set_mode() may reach a VMID. */
enum {
	/*
	 * A VMID no reservation holds: every process's jobs may run on it
	 * (amdgpu_vmid_grab hands VMIDs out per job), so theirs would run
	 * under the mode too.  Refused (-EACCES) unless given: then the
	 * module's `force` is 1 until the restore.
	 */
	VSHARP_KMOD_SHARED = 1 << 0,
	/*
	 * The emulated device's reservation: its VMID goes into the emu
	 * backend's writable `reserved_vmids` until the restore, as a
	 * process's AMDGPU_VM_OP_RESERVE_VMID would put it in amdgpu's.
	 */
	VSHARP_KMOD_RESERVE_EMU = 1 << 1,
};

/*
 * Sets MODE on VMID alone (vmid/<VMID>/alignment_mode) when the module
 * lists it in reserved_vmids (see FLAGS): notes the VMID's mode and the
 * module's status first, writes the mode, and reads it back and checks
 * that the driver has not rewritten the VMID.  On any failure after the
 * first write everything is put back before returning.
 */
int vsharp_kmod_set_mode(const char *dir, unsigned vmid, enum vsharp_align_mode mode, unsigned flags,
			 struct vsharp_kmod_mode *k, struct vsharp_error *err);

/*
 * Whether the mode still holds: the driver has rewritten none of K's
 * VMIDs (status, lost) and K's file reads K->mode.
 */
int vsharp_kmod_check(const struct vsharp_kmod_mode *k, struct vsharp_error *err);

/*
 * Puts the previous mode back (nothing when none is pending).  Only
 * open(), write() and close(): safe in a signal handler.  Returns 0 or the
 * first failing write's negative errno.
 */
int vsharp_kmod_restore(struct vsharp_kmod_mode *k);

/*
 * Until vsharp_kmod_restore(): SIGINT, SIGTERM, SIGHUP and SIGQUIT restore
 * K and then end the process as the signal would have.  One K at a time.
 */
int vsharp_kmod_guard_signals(struct vsharp_kmod_mode *k, struct vsharp_error *err);

#endif
