// SPDX-License-Identifier: MIT
/*
 * One device session (vsharp/session.h): the amdgpu device or an emulated
 * one, the rule choices the emulated one follows, and the alignment mode
 * vsharp.ko holds or sets for it, with where that mode came from.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "vsharp/amdgpu.h"
#include "vsharp/emu.h"
#include "vsharp/session.h"

int vsharp_session_open_amdgpu(struct vsharp_session *s, struct vsharp_error *err)
{
	int ret;

	memset(s, 0, sizeof(*s));
	ret = vsharp_amdgpu_open(NULL, &s->dev, err);
	if (ret)
		s->dev = NULL;
	return ret;
}

/* The choices of TARGET: its defaults (its quirks included), then RULES in order. */
static int target_rules(const struct vsharp_target *target, const char *const *rules, unsigned n_rules,
			struct vsharp_rules *out, struct vsharp_error *err)
{
	vsharp_rules_default_target(target, out);
	for (unsigned i = 0; i < n_rules; i++) {
		int ret = vsharp_rules_set(out, rules[i], err);

		if (ret)
			return ret;
	}
	return 0;
}

int vsharp_session_rules(enum vsharp_gfx level, const char *const *rules, unsigned n_rules,
			 struct vsharp_rules *out, struct vsharp_error *err)
{
	return target_rules(vsharp_target_of(level), rules, n_rules, out, err);
}

int vsharp_session_open_emu(struct vsharp_session *s, const struct vsharp_target *target,
			    const char *const *rules, unsigned n_rules, struct vsharp_error *err)
{
	int ret;

	memset(s, 0, sizeof(*s));
	ret = vsharp_emu_open_target(target, &s->dev, err);
	if (ret) {
		s->dev = NULL;
		return ret;
	}
	s->vmid = vsharp_emu_vmid(s->dev);
	ret = target_rules(target, rules, n_rules, &s->rules, err);
	if (ret) {
		vsharp_session_close(s);
		return ret;
	}
	vsharp_emu_set_rules(s->dev, &s->rules);
	return 0;
}

int vsharp_session_find_kmod(struct vsharp_session *s, const char *debugfs, struct vsharp_error *err)
{
	struct vsharp_error why = { "" };
	int ret = vsharp_kmod_find(debugfs, s->dev->hardware ? "amdgpu" : "emu", s->dev->level, s->kmod_dir,
				   sizeof(s->kmod_dir), &why);

	if (!ret)
		return 0;
	s->kmod_dir[0] = '\0';
	if (ret == -ENOENT && s->dev->hardware) {
		s->mode = VSHARP_ALIGN_UNALIGNED;
		snprintf(s->mode_source, sizeof(s->mode_source), "amdgpu's own (UNALIGNED on every VMID; %.100s)",
			 why.msg);
	}
	return vsharp_fail(err, ret, "%s", why.msg);
}

/* The module's directory, unless vsharp_session_find_kmod() has found it already. */
static int find_once(struct vsharp_session *s, const char *debugfs, struct vsharp_error *err)
{
	return s->kmod_dir[0] ? 0 : vsharp_session_find_kmod(s, debugfs, err);
}

/*
 * The emulated device takes the mode of its VMID, and says so in
 * s->mode_source; once vsharp.ko set SET, the two must agree.
 */
static int emu_load_mode(struct vsharp_session *s, const char *debugfs, const enum vsharp_align_mode *set,
			 struct vsharp_error *err)
{
	struct vsharp_error file = { "" };
	int ret = vsharp_emu_load_kmod_mode(s->dev, debugfs, &file);

	if (ret)
		return vsharp_fail(err, ret, "%s", file.msg);
	s->mode = vsharp_emu_align_mode(s->dev);
	if (set && s->mode != *set)
		return vsharp_fail(err, -ESRCH, "the emulated device's VMID %u reads %s in %s, not the mode set on VMID %s",
				   vsharp_emu_vmid(s->dev), vsharp_align_mode_name(s->mode), file.msg, s->kmod.vmids);
	snprintf(s->mode_source, sizeof(s->mode_source), "read back from vsharp.ko, %.*s",
		 (int)sizeof(s->mode_source) - 32, file.msg);
	/* As vsharp_emu_load_kmod_mode() leaves it: the file, for the verb's own words. */
	return vsharp_fail(err, 0, "%s", file.msg);
}

int vsharp_session_read_mode(struct vsharp_session *s, const char *debugfs, struct vsharp_error *err)
{
	enum vsharp_align_mode mode;
	char line[64];
	int ret;

	if (!s->dev->hardware)
		return emu_load_mode(s, debugfs, NULL, err);
	ret = find_once(s, debugfs, err);
	if (!ret)
		ret = vsharp_kmod_read(s->kmod_dir, "alignment_mode", line, sizeof(line), err);
	if (ret)
		return ret;
	if (vsharp_align_mode_parse(line, &mode, NULL))
		return vsharp_fail(err, -EPROTO, "%s/alignment_mode reads '%s': the VMIDs of %s/vmids differ",
				   s->kmod_dir, line, s->kmod_dir);
	snprintf(s->kmod.dir, sizeof(s->kmod.dir), "%s", s->kmod_dir);
	s->kmod.vmid = -1;
	s->kmod.mode = mode;
	s->kmod_read = true;
	s->mode = mode;
	snprintf(s->mode_source, sizeof(s->mode_source), "read back from vsharp.ko, %.110s/alignment_mode",
		 s->kmod_dir);
	return 0;
}

int vsharp_session_reserve_vmid(struct vsharp_session *s, struct vsharp_error *err)
{
	int ret;

	if (!s->dev->hardware || s->vmid_reserved)
		return 0;
	ret = vsharp_amdgpu_reserve_vmid(s->dev, true, err);
	if (ret == -EINVAL)
		return vsharp_fail(err, -EBUSY,
				   "amdgpu: no VMID of its own: another process holds the GPU's reserved VMID (Linux 6.1 reserves one, AMDGPU_VM_MAX_RESERVED_VMID)");
	s->vmid_reserved = !ret;
	return ret;
}

void vsharp_session_unreserve_vmid(struct vsharp_session *s)
{
	if (s->vmid_reserved)
		vsharp_amdgpu_reserve_vmid(s->dev, false, NULL);
	s->vmid_reserved = false;
}

int vsharp_session_set_mode(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
			    bool allow_shared, struct vsharp_error *err)
{
	unsigned flags = (allow_shared ? VSHARP_KMOD_SHARED : 0) | (s->dev->hardware ? 0 : VSHARP_KMOD_RESERVE_EMU);
	unsigned reserved = 0;
	int ret = find_once(s, debugfs, err);

	if (!ret && !s->vmid)
		ret = vsharp_fail(err, -EINVAL, "%s: the VMID its jobs run under is not known yet (a first job tells it)",
				  s->dev->name);
	if (!ret)
		ret = vsharp_kmod_set_mode(s->kmod_dir, s->vmid, mode, flags, &s->kmod, err);
	if (!ret)
		ret = vsharp_kmod_guard_signals(&s->kmod, err);
	if (!ret && !s->dev->hardware)
		ret = emu_load_mode(s, debugfs, &mode, err);
	if (!ret)
		ret = vsharp_kmod_reserved(s->kmod_dir, &reserved, err);
	if (ret) {
		vsharp_kmod_restore(&s->kmod);
		return ret;
	}
	s->mode = mode;
	snprintf(s->mode_source, sizeof(s->mode_source), "set with vsharp.ko, %.90s (VMID %u, %s), read back %s",
		 s->kmod_dir, s->vmid, reserved >> s->vmid & 1 ? "reserved" : "shared, forced",
		 vsharp_align_mode_name(mode));
	return 0;
}

void vsharp_session_close(struct vsharp_session *s)
{
	/* The kernel drops a reservation with its file anyway (amdgpu_vm_fini). */
	s->vmid_reserved = false;
	vsharp_device_close(s->dev);
	s->dev = NULL;
}

int vsharp_session_check_mode(const struct vsharp_session *s, struct vsharp_error *err)
{
	if (!s->kmod_read && !s->kmod.pending)
		return 0;
	return vsharp_kmod_check(&s->kmod, err);
}

int vsharp_session_restore_mode(struct vsharp_session *s)
{
	/* Before the VMID goes back to every process: it still holds the mode until restored. */
	int ret = vsharp_kmod_restore(&s->kmod);

	if (s->dev && !ret)
		vsharp_session_unreserve_vmid(s);
	return ret;
}
