// SPDX-License-Identifier: MIT
/*
 * The device session (vsharp/session.h) on the emulated device: opening
 * one per level and per processor, the rule choices its memory unit then
 * follows, the refusal of a bad choice, and the alignment mode from
 * vsharp.ko, read and set, against a directory laid out as
 * Documentation/ABI/testing/debugfs-vsharp describes it (plain files that
 * hold what the module's would read, as test_kmod.c does).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fake_debugfs.h"
#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/session.h"
#include "vsharp/verdict.h"

static char root[64];		/* stands in for /sys/kernel/debug */

static bool same_rules(const struct vsharp_rules *a, const struct vsharp_rules *b)
{
	return !memcmp(a->choice, b->choice, sizeof(a->choice)) &&
	       !memcmp(&a->convert, &b->convert, sizeof(a->convert));
}

/* A level opens its first processor, with the level's own rule choices. */
static void test_open_emu_per_level(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		const struct vsharp_target *target = vsharp_target_of(l);
		struct vsharp_session s;
		struct vsharp_error err = { "" };
		struct vsharp_rules want;
		char name[64];

		if (!CHECK_MSG(t, target && vsharp_session_open_emu(&s, target, NULL, 0, &err) == 0, "%s: %s",
			       vsharp_gfx_name(l), err.msg))
			continue;
		snprintf(name, sizeof(name), "emu %s", vsharp_gfx_name(l));
		CHECK_STR(t, s.dev->name, name);
		CHECK_EQ(t, s.dev->level, l);
		CHECK(t, s.dev->target == target && !s.dev->hardware);
		vsharp_rules_default(l, &want);
		CHECK_MSG(t, same_rules(&s.rules, &want), "%s: not the level's choices", vsharp_gfx_name(l));
		/* Without vsharp.ko the mode is the emulated register's default, as amdgpu programs it. */
		CHECK_EQ(t, vsharp_emu_align_mode(s.dev), VSHARP_ALIGN_UNALIGNED);
		vsharp_session_close(&s);
		CHECK(t, s.dev == NULL);
	}
}

/* A processor named is the one emulated: gfx810 (Stoney) is GFX8 with packed D16. */
static void test_open_emu_per_processor(struct ktap *t)
{
	const struct vsharp_target *target = vsharp_target_find("gfx810");
	struct vsharp_error err = { "" };
	struct vsharp_session s;

	if (!CHECK(t, target && target != vsharp_target_of(VSHARP_GFX8)) ||
	    !CHECK_MSG(t, vsharp_session_open_emu(&s, target, NULL, 0, &err) == 0, "%s", err.msg))
		return;
	CHECK_STR(t, s.dev->name, "emu gfx810");
	CHECK_EQ(t, s.dev->level, VSHARP_GFX8);
	CHECK(t, s.dev->target == target);
	vsharp_session_close(&s);
}

/* The other choice of RULE on LEVEL, as "name=choice" into BUF; returns it. */
static unsigned other_choice(enum vsharp_gfx level, enum vsharp_rule rule, char *buf, size_t n)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(rule);
	unsigned c = info->defaults[level] ? 0 : 1;

	snprintf(buf, n, "%s=%s", info->name, info->choice[c].name);
	return c;
}

/* Choices apply in order, the last for a rule wins, and the memory unit follows them. */
static void test_rules_are_followed(struct ktap *t)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(VSHARP_RULE_LDS_M0_CLAMP);
	static struct vsharp_verdict v[VSHARP_RULE_COUNT];
	struct vsharp_verdict_opts vo = { .rules = 1u << VSHARP_RULE_LDS_M0_CLAMP };
	struct vsharp_error err = { "" };
	struct vsharp_rules want, got;
	struct vsharp_session s;
	char other[64], back[64], atomic[64];
	unsigned c = other_choice(VSHARP_GFX11, VSHARP_RULE_LDS_M0_CLAMP, other, sizeof(other));
	unsigned a = other_choice(VSHARP_GFX11, VSHARP_RULE_ATOMIC_MISALIGNED, atomic, sizeof(atomic));
	const char *rules[] = { other, atomic };

	snprintf(back, sizeof(back), "%s=%s", info->name, info->choice[info->defaults[VSHARP_GFX11]].name);
	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX11), rules, 2, &err) == 0,
		       "%s", err.msg))
		return;
	vsharp_rules_default(VSHARP_GFX11, &want);
	want.choice[VSHARP_RULE_LDS_M0_CLAMP] = (uint8_t)c;
	want.choice[VSHARP_RULE_ATOMIC_MISALIGNED] = (uint8_t)a;
	CHECK(t, same_rules(&s.rules, &want));
	CHECK_MSG(t, vsharp_verdicts_run(s.dev, &vo, v, &err) == 0, "%s", err.msg);
	CHECK_MSG(t, v[VSHARP_RULE_LDS_M0_CLAMP].kind == VSHARP_VERDICT_CHOICE &&
		  v[VSHARP_RULE_LDS_M0_CLAMP].explains == 1u << c, "%s: the device does not follow %s",
		  info->name, other);
	vsharp_session_close(&s);

	/* Without a device, the same choices; a later one for the same rule wins. */
	CHECK_EQ(t, vsharp_session_rules(VSHARP_GFX11, rules, 2, &got, &err), 0);
	CHECK(t, same_rules(&got, &want));
	rules[1] = back;
	CHECK_EQ(t, vsharp_session_rules(VSHARP_GFX11, rules, 2, &got, &err), 0);
	vsharp_rules_default(VSHARP_GFX11, &want);
	CHECK(t, same_rules(&got, &want));
}

/* A bad --emu-rule: vsharp_rules_set()'s sentence (model/rules.c), and nothing open. */
static void test_bad_rule_is_refused(struct ktap *t)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(VSHARP_RULE_LDS_M0_CLAMP);
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	struct vsharp_rules r;
	char bad[64], novalue[64], want[256];
	const char *rules[2];

	snprintf(bad, sizeof(bad), "%s=bogus", info->name);
	rules[0] = bad;
	CHECK_EQ(t, info->n_choices, 2);
	snprintf(want, sizeof(want), "rule: %s takes bogus (allowed %s, %s)", info->name, info->choice[0].name,
		 info->choice[1].name);
	CHECK_EQ(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX11), rules, 1, &err), -EINVAL);
	CHECK(t, s.dev == NULL);
	CHECK_STR(t, err.msg, want);
	CHECK_EQ(t, vsharp_session_rules(VSHARP_GFX11, rules, 1, &r, &err), -EINVAL);
	CHECK_STR(t, err.msg, want);

	/* The first bad one is the one refused. */
	snprintf(novalue, sizeof(novalue), "%s", info->name);
	rules[0] = novalue;
	rules[1] = bad;
	snprintf(want, sizeof(want), "rule: %s takes no value (allowed %s, %s)", info->name, info->choice[0].name,
		 info->choice[1].name);
	CHECK_EQ(t, vsharp_session_rules(VSHARP_GFX9, rules, 2, &r, &err), -EINVAL);
	CHECK_STR(t, err.msg, want);
	rules[0] = "nosuch=1";
	CHECK_EQ(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX9), rules, 1, &err), -EINVAL);
	CHECK_STR(t, err.msg, "rule: unknown rule 'nosuch' (see `vsharp rules`)");
}

/* vsharp.ko's emu device holds a mode for the emulated device's VMID (1): it runs under it. */
static void test_emu_reads_the_module_mode(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	char dir[128], file[600], source[700];

	fake_clean(root);
	fake_device(root, "emu0", "gfx9\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "vmid/1/alignment_mode", "dword_strict\n");
	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX9), NULL, 0, &err) == 0,
		       "%s", err.msg))
		return;
	snprintf(file, sizeof(file), "%s/vmid/1/alignment_mode", dir);
	snprintf(source, sizeof(source), "read back from vsharp.ko, %s", file);
	CHECK_MSG(t, vsharp_session_read_mode(&s, root, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, s.mode, VSHARP_ALIGN_DWORD_STRICT);
	CHECK_EQ(t, vsharp_emu_align_mode(s.dev), VSHARP_ALIGN_DWORD_STRICT);
	CHECK_STR(t, err.msg, file);
	CHECK_STR(t, s.mode_source, source);
	/* Read, not held: nothing to check or put back at the end. */
	CHECK_EQ(t, vsharp_session_check_mode(&s, &err), 0);
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "");

	/* A file that names no mode is an error, not "no module" (kmod_client.c). */
	fake_put(dir, "vmid/1/alignment_mode", "bogus\n");
	snprintf(source, sizeof(source), "kmod: %s/vmid/1/alignment_mode reads 'bogus' (allowed dword, dword_strict, strict, unaligned)",
		 dir);
	CHECK_EQ(t, vsharp_session_read_mode(&s, root, &err), -EPROTO);
	CHECK_STR(t, err.msg, source);
	vsharp_session_close(&s);
}

/* Without the module the emulated device's mode stays the verb's; GFX6 has no mode register. */
static void test_emu_without_the_module(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	char want[300];

	fake_clean(root);
	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX11), NULL, 0, &err) == 0,
		       "%s", err.msg))
		return;
	snprintf(want, sizeof(want), "kmod: %s/vsharp: %s (vsharp.ko is not loaded)", root, strerror(ENOENT));
	CHECK_EQ(t, vsharp_session_read_mode(&s, root, &err), -ENOENT);
	CHECK_STR(t, err.msg, want);
	CHECK_EQ(t, vsharp_session_find_kmod(&s, root, &err), -ENOENT);
	CHECK_STR(t, err.msg, want);
	CHECK_STR(t, s.mode_source, "");
	CHECK_STR(t, s.kmod_dir, "");
	CHECK_EQ(t, vsharp_emu_align_mode(s.dev), VSHARP_ALIGN_UNALIGNED);
	vsharp_session_close(&s);

	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX6), NULL, 0, &err) == 0,
		       "%s", err.msg))
		return;
	CHECK_EQ(t, vsharp_session_read_mode(&s, root, &err), -EOPNOTSUPP);
	CHECK_EQ(t, vsharp_session_find_kmod(&s, root, &err), -EOPNOTSUPP);
	vsharp_session_close(&s);
}

/*
 * A mode set through the module's emu device on the emulated device's
 * VMID (1) alone, reserved there first: read back, held, checked after
 * the close, and put back with the reservation.
 */
static void test_emu_sets_the_mode_through_the_module(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	char dir[128], want[700];

	fake_clean(root);
	fake_device(root, "emu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX10_3), NULL, 0, &err) == 0,
		       "%s", err.msg))
		return;
	CHECK_EQ(t, s.vmid, 1u);
	CHECK_MSG(t, vsharp_session_find_kmod(&s, root, &err) == 0, "%s", err.msg);
	CHECK_STR(t, s.kmod_dir, dir);
	CHECK_MSG(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_STRICT, false, &err) == 0, "%s", err.msg);
	CHECK_STR(t, fake_get(dir, "vmid/1/alignment_mode"), "strict\n");
	CHECK_STR(t, fake_get(dir, "alignment_mode"), "unaligned\n");
	CHECK_STR(t, fake_get(dir, "reserved_vmids"), "1");
	CHECK_EQ(t, s.mode, VSHARP_ALIGN_STRICT);
	CHECK_EQ(t, vsharp_emu_align_mode(s.dev), VSHARP_ALIGN_STRICT);
	snprintf(want, sizeof(want), "set with vsharp.ko, %s (VMID 1, reserved), read back strict", dir);
	CHECK_STR(t, s.mode_source, want);
	vsharp_session_close(&s);
	CHECK_MSG(t, vsharp_session_check_mode(&s, &err) == 0, "%s", err.msg);
	/* The module had changed nothing before: its `restore` puts the VMID back; then the reservation goes. */
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	CHECK_STR(t, fake_get(dir, "reserved_vmids"), "none\n");
	CHECK(t, !s.kmod.pending);

	/* The driver rewrote the VMID meanwhile: the check says so (kmod_client.c). */
	CHECK_EQ(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX10_3), NULL, 0, &err), 0);
	CHECK_MSG(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_STRICT, false, &err) == 0, "%s", err.msg);
	fake_put(dir, "status", "lost\n");
	fake_put(dir, "lost", "1\n");
	snprintf(want, sizeof(want), "kmod: %s/status reads lost: the driver rewrote VMIDs 1 (a GPU reset or resume), so their mode is amdgpu's again",
		 dir);
	CHECK_EQ(t, vsharp_session_check_mode(&s, &err), -ECANCELED);
	CHECK_STR(t, err.msg, want);
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	vsharp_session_close(&s);
}

/* The emulated device runs under another VMID than the one set: the mode is not its, and nothing stays set. */
static void test_emu_vmid_not_the_one_set(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	char dir[128], want[900];

	fake_clean(root);
	fake_device(root, "emu0", "gfx11\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	if (!CHECK_MSG(t, vsharp_session_open_emu(&s, vsharp_target_of(VSHARP_GFX11), NULL, 0, &err) == 0,
		       "%s", err.msg))
		return;
	vsharp_emu_set_vmid(s.dev, 2);
	snprintf(want, sizeof(want), "the emulated device's VMID 2 reads unaligned in %s/vmid/2/alignment_mode, not the mode set on VMID 1",
		 dir);
	CHECK_EQ(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_DWORD, false, &err), -ESRCH);
	CHECK_STR(t, err.msg, want);
	CHECK(t, !s.kmod.pending);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	CHECK_STR(t, fake_get(dir, "reserved_vmids"), "none\n");
	vsharp_session_close(&s);
}

/*
 * The GPU side of the mode, which reads the device's level and kind and
 * nothing else of it: an emulated device marked as hardware stands in for
 * the GPU, so that the module's amdgpu directory is the one used.
 */
static bool open_as_gpu(struct ktap *t, struct vsharp_session *s, enum vsharp_gfx level)
{
	struct vsharp_error err = { "" };

	if (!CHECK_MSG(t, vsharp_session_open_emu(s, vsharp_target_of(level), NULL, 0, &err) == 0, "%s",
		       err.msg))
		return false;
	s->dev->hardware = true;
	return true;
}

/* Without vsharp.ko a GPU runs amdgpu's own mode, UNALIGNED; with it, the mode its set holds. */
static void test_gpu_mode(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_session s;
	char dir[128], why[300], want[900];

	fake_clean(root);
	if (!open_as_gpu(t, &s, VSHARP_GFX11))
		return;
	snprintf(why, sizeof(why), "kmod: %s/vsharp: %s (vsharp.ko is not loaded)", root, strerror(ENOENT));
	snprintf(want, sizeof(want), "amdgpu's own (UNALIGNED on every VMID; %s)", why);
	CHECK_EQ(t, vsharp_session_find_kmod(&s, root, &err), -ENOENT);
	CHECK_STR(t, err.msg, why);
	CHECK_EQ(t, s.mode, VSHARP_ALIGN_UNALIGNED);
	CHECK_STR(t, s.mode_source, want);

	/* The set's mode, held like a set one: checked at the end, nothing to put back. */
	fake_device(root, "emu0", "gfx11\n", "1-7\n", "dword\n", "unmodified\n", dir, sizeof(dir));
	fake_device(root, "amdgpu0", "gfx11\n", "1-7\n", "strict\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "status", "applied\n");
	CHECK_MSG(t, vsharp_session_read_mode(&s, root, &err) == 0, "%s", err.msg);
	CHECK_STR(t, s.kmod_dir, dir);
	CHECK_EQ(t, s.mode, VSHARP_ALIGN_STRICT);
	snprintf(want, sizeof(want), "read back from vsharp.ko, %s/alignment_mode", dir);
	CHECK_STR(t, s.mode_source, want);
	CHECK_MSG(t, vsharp_session_check_mode(&s, &err) == 0, "%s", err.msg);
	fake_put(dir, "alignment_mode", "dword\n");
	snprintf(want, sizeof(want), "kmod: %s/alignment_mode reads back 'dword', not strict", dir);
	CHECK_EQ(t, vsharp_session_check_mode(&s, &err), -EPROTO);
	CHECK_STR(t, err.msg, want);
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "");

	/* VMIDs of the set in different modes: no one mode to name the run by. */
	fake_put(dir, "alignment_mode", "mixed\n");
	snprintf(want, sizeof(want), "%s/alignment_mode reads 'mixed': the VMIDs of %s/vmids differ", dir, dir);
	CHECK_EQ(t, vsharp_session_read_mode(&s, root, &err), -EPROTO);
	CHECK_STR(t, err.msg, want);

	/*
	 * Set on a GPU, on its VMID (the stand-in's 1): no emulated VMID to
	 * agree with.  Not reserved: refused, nothing written; allowed shared,
	 * `force` is on until the restore; reserved, the mode goes there.
	 */
	fake_put(dir, "status", "unmodified\n");
	snprintf(want, sizeof(want), "kmod: VMID 1 is not reserved for one process (%s/reserved_vmids reads none): every process's jobs may run on it, and under the mode too (--allow-shared-vmid sets it anyway)",
		 dir);
	CHECK_EQ(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_DWORD, false, &err), -EACCES);
	CHECK_STR(t, err.msg, want);
	CHECK_STR(t, fake_get(dir, "vmid/1/alignment_mode"), "strict\n");
	CHECK_STR(t, fake_get(dir, "restore"), "");
	CHECK_MSG(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_DWORD, true, &err) == 0, "%s", err.msg);
	snprintf(want, sizeof(want), "set with vsharp.ko, %s (VMID 1, shared, forced), read back dword", dir);
	CHECK_STR(t, s.mode_source, want);
	CHECK_STR(t, fake_get(dir, "force"), "1\n");
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	CHECK_STR(t, fake_get(dir, "force"), "0\n");
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	fake_put(dir, "restore", "");
	fake_put(dir, "reserved_vmids", "1\n");
	CHECK_MSG(t, vsharp_session_set_mode(&s, root, VSHARP_ALIGN_STRICT, false, &err) == 0, "%s", err.msg);
	snprintf(want, sizeof(want), "set with vsharp.ko, %s (VMID 1, reserved), read back strict", dir);
	CHECK_STR(t, s.mode_source, want);
	CHECK_STR(t, fake_get(dir, "vmid/1/alignment_mode"), "strict\n");
	CHECK_EQ(t, vsharp_session_restore_mode(&s), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	vsharp_session_close(&s);

	if (!open_as_gpu(t, &s, VSHARP_GFX6))
		return;
	CHECK_EQ(t, vsharp_session_find_kmod(&s, root, &err), -EOPNOTSUPP);
	vsharp_session_close(&s);
}

static void test_cleanup(struct ktap *t)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK_EQ(t, system(cmd), 0);
}

static int setup(void)
{
	snprintf(root, sizeof(root), "/tmp/vsharp-session-XXXXXX");
	return mkdtemp(root) ? 0 : -errno;
}

static const struct ktap_case cases[] = {
	KTAP_CASE(test_open_emu_per_level),
	KTAP_CASE(test_open_emu_per_processor),
	KTAP_CASE(test_rules_are_followed),
	KTAP_CASE(test_bad_rule_is_refused),
	KTAP_CASE(test_emu_reads_the_module_mode),
	KTAP_CASE(test_emu_without_the_module),
	KTAP_CASE(test_emu_sets_the_mode_through_the_module),
	KTAP_CASE(test_emu_vmid_not_the_one_set),
	KTAP_CASE(test_gpu_mode),
	KTAP_CASE(test_cleanup),
};

int main(void)
{
	if (setup()) {
		printf("KTAP version 1\n1..0 # SKIP no temporary directory\n");
		return 4;
	}
	return ktap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
