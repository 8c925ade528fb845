/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_SESSION_H
#define VSHARP_SESSION_H

#include <stdbool.h>

#include "vsharp/device.h"
#include "vsharp/error.h"
#include "vsharp/gfx.h"
#include "vsharp/kmod.h"
#include "vsharp/model.h"
#include "vsharp/rules.h"

/*
 * One device session for every verb that runs on a device, so that they
 * open a device, skip, follow rule choices and name their alignment mode
 * alike: open the amdgpu device or an emulated one; take the mode from
 * vsharp.ko if the verb wants it (read what the module holds, or set one
 * through it); run; close; and, when a mode was held, check that it held
 * and put back what was there before.
 *
 * The session decides and says why in its errors; it prints nothing, since
 * each verb reports in its own form (KTAP for vsharp run, a table's
 * comments for vsharp align) and maps the statuses below to its exit codes.
 */
struct vsharp_session {
	struct vsharp_device *dev;
	/* What the emulated device follows, for reports that compare with it. */
	struct vsharp_rules rules;
	/*
	 * The mode the device runs under once the session knows it (see the
	 * mode functions), and a sentence saying where it came from, for the
	 * verb's report.
	 */
	enum vsharp_align_mode mode;
	char mode_source[160];
	/* vsharp.ko's directory of the device; empty until found. */
	char kmod_dir[VSHARP_KMOD_PATH];
	/*
	 * The module's mode this session relies on.  Set through the module, it
	 * is put back at the end, and a signal that ends the process puts it
	 * back too: the handler holds its address, so a session must not be
	 * copied or moved while a mode is set.
	 */
	struct vsharp_kmod_mode kmod;
	bool kmod_read;		/* read from a GPU's VMID set: checked at the end like a set one */
	/*
	 * The VMID the device's jobs run under: the emulated device's own; a
	 * GPU's once a first job told it (0 until then).  Reserved: no other
	 * process's jobs run on it (AMDGPU_VM_OP_RESERVE_VMID).
	 */
	unsigned vmid;
	bool vmid_reserved;
};

/*
 * The first amdgpu render node.  -ENODEV, with the reason in err, when
 * there is no GPU vsharp can run on: the verb skips (kselftest's exit code
 * 4), or takes the emulated device if it was asked for any device.  Any
 * other error is a GPU that is there but unusable (permission,
 * initialization): the user has something to fix, so it is never taken
 * for "no GPU".
 */
int vsharp_session_open_amdgpu(struct vsharp_session *s, struct vsharp_error *err);

/*
 * The emulated device of TARGET (vsharp_target_of() gives a level's first
 * processor), its memory unit following the processor's rule choices
 * (vsharp_rules_default_target(): the level's, and its quirks') with the
 * N_RULES "NAME=CHOICE" of RULES applied in order (vsharp_rules_set()).  A
 * bad choice is refused with vsharp_rules_set()'s error and nothing open.
 */
int vsharp_session_open_emu(struct vsharp_session *s, const struct vsharp_target *target,
			    const char *const *rules, unsigned n_rules, struct vsharp_error *err);

/*
 * The choices vsharp_session_open_emu() would give LEVEL, without opening
 * anything: a verb that opens several devices, or decides which one later,
 * refuses a bad choice before its first output.
 */
int vsharp_session_rules(enum vsharp_gfx level, const char *const *rules, unsigned n_rules,
			 struct vsharp_rules *out, struct vsharp_error *err);

/*
 * vsharp.ko's directory of the session's device under DEBUGFS (its emu or
 * amdgpu backend, of the device's level; vsharp_kmod_find()) into
 * s->kmod_dir.  -ENOENT when the module is not loaded or has no such
 * device: a GPU then runs under amdgpu's own mode, UNALIGNED on every VMID
 * (Linux gfx_v9_0.c to gfx_v12_0.c), and s->mode and s->mode_source say
 * so; the emulated device's mode stays the verb's to choose.  -EOPNOTSUPP
 * on GFX6, which has no alignment mode register; -EEXIST when several
 * devices match.  The mode functions below find the directory themselves:
 * a verb calls this first only to treat a missing module apart from a
 * failing one.
 */
int vsharp_session_find_kmod(struct vsharp_session *s, const char *debugfs, struct vsharp_error *err);

/*
 * The mode vsharp.ko holds for the device, into s->mode and s->mode_source.
 * The emulated device reads the mode of its own VMID and from then on runs
 * under it (vsharp_emu_load_kmod_mode(): on success err names the file).
 * Which VMID a GPU gives a job is not known beforehand, so a GPU's is the
 * mode of the module's whole VMID set, -EPROTO when the set's VMIDs differ;
 * it is checked at the end like a set one.
 */
int vsharp_session_read_mode(struct vsharp_session *s, const char *debugfs, struct vsharp_error *err);

/*
 * A GPU's VMID for the session's jobs alone (vsharp_amdgpu_reserve_vmid),
 * until vsharp_session_restore_mode() or the device closes; nothing for
 * the emulated device, whose VMID vsharp_session_set_mode() reserves in
 * the module.  -EBUSY when another process holds the GPU's one reserved
 * VMID.
 */
int vsharp_session_reserve_vmid(struct vsharp_session *s, struct vsharp_error *err);
void vsharp_session_unreserve_vmid(struct vsharp_session *s);

/*
 * Sets MODE through vsharp.ko on s->vmid alone, read back, until
 * vsharp_session_restore_mode() or a signal that ends the process.  A
 * VMID the module does not list as reserved is one every process's jobs
 * may run on: refused with -EACCES unless ALLOW_SHARED (then the module's
 * `force` is on until the restore).  The emulated device's VMID is
 * reserved in the module's emu backend first, and the device then runs
 * under its VMID's mode (-ESRCH if that reads otherwise).  On any failure
 * nothing stays set.
 */
int vsharp_session_set_mode(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
			    bool allow_shared, struct vsharp_error *err);

/*
 * Closes the device.  A mode the session holds outlives it, so that
 * vsharp_session_check_mode() afterwards covers everything the device did.
 */
void vsharp_session_close(struct vsharp_session *s);

/*
 * Whether the mode the session relied on held throughout: the module's
 * status is not "lost" and its set still reads the mode
 * (vsharp_kmod_check()).  0 when it relied on none.
 */
int vsharp_session_check_mode(const struct vsharp_session *s, struct vsharp_error *err);

/*
 * Puts back the mode vsharp.ko held before vsharp_session_set_mode(),
 * then gives up the reserved VMID (in that order: unreserved, the VMID
 * runs every process's jobs).  0, or the first failed write's negative
 * errno: the mode then stays set, and the VMID reserved until the device
 * closes, and must be written back by hand (Documentation/kmod.rst).
 */
int vsharp_session_restore_mode(struct vsharp_session *s);

#endif
