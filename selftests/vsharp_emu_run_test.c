// SPDX-License-Identifier: GPL-2.0
/*
 * The alignment-mode flow end to end: a mode set through vsharp.ko's
 * debugfs, read back decoded, is the mode an emulated `vsharp run` obeys
 * (the emulated device reads vmid/<n>/alignment_mode of its VMID, 1).
 *
 * The vsharp command is $VSHARP, or the first vsharp on $PATH.  Force is
 * on: the reservation a client makes is the vsharp side's to test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

/* The emu device of a family vsharp's emulator has, and that family's --gfx name. */
static int pick_device(char *dev, size_t n, const char **gfx)
{
	static const struct {
		const char *family, *gfx;
	} map[] = {
		{ "gfx10.3", "gfx10.3" }, { "gfx11", "gfx11" }, { "gfx9", "gfx9" },
	};
	char names[VS_MAX_DEVS][32], path[256], family[32];
	int count = vs_devices(names, VS_MAX_DEVS);

	for (size_t m = 0; m < ARRAY_SIZE(map); m++) {
		for (int i = 0; i < count; i++) {
			if (strncmp(names[i], "emu", 3))
				continue;
			vs_path(path, sizeof(path), "%s/%s/family", VS_ROOT, names[i]);
			if (vs_read(path, family, sizeof(family)) < 0 ||
			    strcmp(family, map[m].family))
				continue;
			snprintf(dev, n, "%.31s", names[i]);
			*gfx = map[m].gfx;
			return 0;
		}
	}
	return -1;
}

/* Runs the alignment suite; returns the exit status, the output in OUT. */
static int run_vsharp(const char *gfx, char *out, size_t n)
{
	char cmd[PATH_MAX + 128];
	size_t got = 0;
	FILE *p;
	int status;

	if (snprintf(cmd, sizeof(cmd), "'%s' run --device emu --gfx %s alignment 2>&1",
		     vs_vsharp_path(), gfx) >= (int)sizeof(cmd))
		return -1;
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (got + 1 < n && fgets(out + got, (int)(n - got), p))
		got += strlen(out + got);
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static unsigned long long memviols(const char *out)
{
	const char *p = strstr(out, "# emu: ");
	unsigned long long waves, insns, mv;

	if (!p || sscanf(p, "# emu: %llu waves, %llu instructions, %llu MEMVIOL",
			 &waves, &insns, &mv) != 3)
		return ~0ull;
	return mv;
}

/* four emulated runs: over 30 s under TCG with KASAN on a loaded host */
FIXTURE(modes) {
	int unused;
};

FIXTURE_SETUP(modes)
{
}

FIXTURE_TEARDOWN(modes)
{
}

TEST_F_TIMEOUT(modes, emulated_run_follows_debugfs_mode, 600)
{
	static char out[1 << 16];
	unsigned long long mv[ARRAY_SIZE(vs_modes)];
	char dev[32], path[256], want[96], got[32];
	const char *gfx;

	if (pick_device(dev, sizeof(dev), &gfx))
		SKIP(return, "no emu device of a family vsharp emulates (gfx9, gfx10.3, gfx11)");
	for (size_t m = 0; m < ARRAY_SIZE(vs_modes); m++) {
		vs_path(path, sizeof(path), "%s/%s/alignment_mode", VS_ROOT, dev);
		ASSERT_EQ(0, vs_write(path, vs_modes[m]));
		vs_path(path, sizeof(path), "%s/%s/vmid/1/alignment_mode", VS_ROOT, dev);
		ASSERT_LT(0, vs_read(path, got, sizeof(got)));
		ASSERT_STREQ(vs_modes[m], got);
		ASSERT_EQ(0, run_vsharp(gfx, out, sizeof(out)))
			TH_LOG("vsharp run failed:\n%s", out);
		snprintf(want, sizeof(want), "SH_MEM_CONFIG.ALIGNMENT_MODE %s (from vsharp.ko",
			 vs_modes[m]);
		ASSERT_NE(NULL, strstr(out, want))
			TH_LOG("the run did not take the mode:\n%s", out);
		mv[m] = memviols(out);
		ASSERT_NE(~0ull, mv[m]);
	}
	/* STRICT faults more misaligned lanes than DWORD_STRICT, and both more than DWORD. */
	EXPECT_GT(mv[2], mv[1]);
	EXPECT_GT(mv[1], mv[0]);
	vs_path(path, sizeof(path), "%s/%s/alignment_mode", VS_ROOT, dev);
	ASSERT_EQ(0, vs_write(path, "unaligned"));
}

/* Runs vsharp align on the emulated device under --mode MODE; the output in OUT. */
static int run_align(const char *gfx, const char *mode, char *out, size_t n)
{
	char cmd[PATH_MAX + 128];
	size_t got = 0;
	FILE *p;
	int status;

	if (snprintf(cmd, sizeof(cmd), "'%s' align --device emu --gfx %s --mode %s 2>&1",
		     vs_vsharp_path(), gfx, mode) >= (int)sizeof(cmd))
		return -1;
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (got + 1 < n && fgets(out + got, (int)(n - got), p))
		got += strlen(out + got);
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * `vsharp align --mode dword` sets the mode through the emu device's
 * debugfs files on its own VMID alone (1 on emu, which it marks reserved
 * while it runs), measures under it (every cell as the DWORD model says:
 * nothing marked DIFFERS) and puts the mode before back: `restore` when
 * the module had changed nothing, each VMID's own mode otherwise.
 */
TEST(align_sets_reads_back_and_restores_mode)
{
	static char out[1 << 16];
	char dev[32], path[256], want[160], got[32];
	const char *gfx;

	if (pick_device(dev, sizeof(dev), &gfx))
		SKIP(return, "no emu device of a family vsharp emulates (gfx9, gfx10.3, gfx11)");
	vs_path(path, sizeof(path), "%s/%s/restore", VS_ROOT, dev);
	ASSERT_EQ(0, vs_write(path, "1"));
	snprintf(want, sizeof(want), "# dword: set with vsharp.ko, %s/%s (VMID 1, reserved)",
		 VS_ROOT, dev);

	ASSERT_EQ(0, run_align(gfx, "dword", out, sizeof(out)))
		TH_LOG("vsharp align failed:\n%s", out);
	ASSERT_NE(NULL, strstr(out, want)) TH_LOG("no mode source:\n%s", out);
	ASSERT_NE(NULL, strstr(out, "read back dword")) TH_LOG("%s", out);
	ASSERT_NE(NULL, strstr(out, "\ndword         vmem-atomic")) TH_LOG("%s", out);
	ASSERT_EQ(NULL, strstr(out, "DIFFERS")) TH_LOG("not measured under DWORD:\n%s", out);
	vs_path(path, sizeof(path), "%s/%s/status", VS_ROOT, dev);
	ASSERT_LT(0, vs_read(path, got, sizeof(got)));
	ASSERT_STREQ("unmodified", got);
	vs_path(path, sizeof(path), "%s/%s/vmid/1/alignment_mode", VS_ROOT, dev);
	ASSERT_LT(0, vs_read(path, got, sizeof(got)));
	ASSERT_STREQ("unaligned", got);
	/* the reservation it imitated is given back */
	vs_path(path, sizeof(path), "%s/%s/reserved_vmids", VS_ROOT, dev);
	ASSERT_LT(0, vs_read(path, got, sizeof(got)));
	ASSERT_STREQ("none", got);

	/* A mode set before: it comes back. */
	vs_path(path, sizeof(path), "%s/%s/alignment_mode", VS_ROOT, dev);
	ASSERT_EQ(0, vs_write(path, "strict"));
	ASSERT_EQ(0, run_align(gfx, "dword", out, sizeof(out)))
		TH_LOG("vsharp align failed:\n%s", out);
	ASSERT_EQ(NULL, strstr(out, "DIFFERS")) TH_LOG("not measured under DWORD:\n%s", out);
	vs_path(path, sizeof(path), "%s/%s/vmid/1/alignment_mode", VS_ROOT, dev);
	ASSERT_LT(0, vs_read(path, got, sizeof(got)));
	ASSERT_STREQ("strict", got);
	vs_path(path, sizeof(path), "%s/%s/status", VS_ROOT, dev);
	ASSERT_LT(0, vs_read(path, got, sizeof(got)));
	ASSERT_STREQ("applied", got);
	vs_path(path, sizeof(path), "%s/%s/restore", VS_ROOT, dev);
	ASSERT_EQ(0, vs_write(path, "1"));
}

int main(int argc, char **argv)
{
	return vs_harness_main_forced(argc, argv, VS_NEED_DEVICE | VS_NEED_VSHARP);
}
