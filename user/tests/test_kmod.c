// SPDX-License-Identifier: MIT
/*
 * The vsharp.ko debugfs client against a directory laid out as
 * Documentation/ABI/testing/debugfs-vsharp describes it: plain files hold
 * what the module's would read, so the test sees every write the client
 * makes.  (The module's own semantics, the write changing the register and
 * `restore` putting it back, run in the QEMU VM: selftests/.)
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fake_debugfs.h"
#include "ktap.h"
#include "vsharp/kmod.h"

static char root[256];

static void test_vmid_sets(struct ktap *t)
{
	struct vsharp_error err = { "" };
	unsigned mask;

	CHECK_EQ(t, vsharp_kmod_parse_vmids("1-7,9", &mask, &err), 0);
	CHECK_EQ(t, mask, 0x2feu);
	CHECK_EQ(t, vsharp_kmod_parse_vmids("0-15", &mask, &err), 0);
	CHECK_EQ(t, mask, 0xffffu);
	CHECK_EQ(t, vsharp_kmod_parse_vmids("none", &mask, &err), 0);
	CHECK_EQ(t, mask, 0u);
	CHECK_EQ(t, vsharp_kmod_parse_vmids("3", &mask, &err), 0);
	CHECK_EQ(t, mask, 8u);
	for (const char *const *bad = (const char *const[]){ "16", "3-1", "1,,2", "1-", "x", "1-7,", "", NULL };
	     *bad; bad++) {
		CHECK_MSG(t, vsharp_kmod_parse_vmids(*bad, &mask, &err) == -EPROTO && mask == 0, "'%s'", *bad);
		CHECK(t, strstr(err.msg, "allowed none, or VMIDs 0..15") != NULL);
	}
}

static void test_find(struct ktap *t)
{
	struct vsharp_error err = { "" };
	char dir[512], want[512];

	fake_clean(root);
	CHECK_EQ(t, vsharp_kmod_find(root, "amdgpu", VSHARP_GFX11, dir, sizeof(dir), &err), -ENOENT);
	CHECK(t, strstr(err.msg, "vsharp.ko is not loaded") != NULL);
	fake_device(root, "emu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_device(root, "amdgpu0", "gfx11\n", "1-7\n", "unaligned\n", "unmodified\n", want, sizeof(want));
	/* The family names of the ABI: gfx10.1 is GFX10, gfx10.3 GFX10.3. */
	CHECK_EQ(t, vsharp_kmod_find(root, "amdgpu", VSHARP_GFX11, dir, sizeof(dir), &err), 0);
	CHECK_STR(t, dir, want);
	CHECK_EQ(t, vsharp_kmod_find(root, "emu", VSHARP_GFX10_3, dir, sizeof(dir), &err), 0);
	CHECK_EQ(t, vsharp_kmod_find(root, "emu", VSHARP_GFX10, dir, sizeof(dir), &err), -ENOENT);
	CHECK(t, strstr(err.msg, "no emu device of family gfx10.1") != NULL);
	CHECK_EQ(t, vsharp_kmod_find(root, "amdgpu", VSHARP_GFX10_3, dir, sizeof(dir), &err), -ENOENT);
	fake_device(root, "amdgpu1", "gfx11\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	CHECK_EQ(t, vsharp_kmod_find(root, "amdgpu", VSHARP_GFX11, dir, sizeof(dir), &err), -EEXIST);
	CHECK(t, strstr(err.msg, "2 amdgpu devices of family gfx11") != NULL);
	/* GFX7/GFX8 by their ABI names; SI has no SH_MEM_CONFIG at all. */
	fake_device(root, "emu1", "gfx8\n", "1-7\n", "unaligned\n", "unmodified\n", want, sizeof(want));
	CHECK_EQ(t, vsharp_kmod_find(root, "emu", VSHARP_GFX8, dir, sizeof(dir), &err), 0);
	CHECK_STR(t, dir, want);
	CHECK_EQ(t, vsharp_kmod_find(root, "emu", VSHARP_GFX7, dir, sizeof(dir), &err), -ENOENT);
	CHECK(t, strstr(err.msg, "no emu device of family gfx7") != NULL);
	CHECK_EQ(t, vsharp_kmod_find(root, "emu", VSHARP_GFX6, dir, sizeof(dir), &err), -EOPNOTSUPP);
	CHECK(t, strstr(err.msg, "sets no alignment mode on gfx6") != NULL);
}

/* A reserved VMID, nothing changed by the module before: the mode on the VMID alone, `restore` puts it back. */
static void test_set_from_unmodified(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_kmod_mode k;
	char dir[512];

	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx11\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "3\n");
	CHECK_MSG(t, vsharp_kmod_set_mode(dir, 3, VSHARP_ALIGN_DWORD, 0, &k, &err) == 0, "%s", err.msg);
	CHECK_STR(t, fake_get(dir, "vmid/3/alignment_mode"), "dword\n");
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "unaligned\n");
	CHECK_STR(t, fake_get(dir, "alignment_mode"), "unaligned\n");
	CHECK_STR(t, fake_get(dir, "force"), "0\n");
	CHECK_STR(t, k.vmids, "3");
	CHECK_EQ(t, k.mode, VSHARP_ALIGN_DWORD);
	CHECK_STR(t, fake_get(dir, "restore"), "");
	CHECK_EQ(t, vsharp_kmod_check(&k, &err), 0);
	/* Another VMID lost is another process's trouble, not this mode's. */
	fake_put(dir, "status", "lost\n");
	fake_put(dir, "lost", "5\n");
	CHECK_MSG(t, vsharp_kmod_check(&k, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, vsharp_kmod_restore(&k), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	/* Once only. */
	fake_put(dir, "restore", "");
	CHECK_EQ(t, vsharp_kmod_restore(&k), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "");
}

/*
 * A mode set before (status applied), on the emulated device: its VMID is
 * reserved in the module first, gets its own mode back, and the
 * reservation goes; no other VMID is written.
 */
static void test_set_over_an_earlier_mode(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_kmod_mode k;
	char dir[512];

	fake_clean(root);
	fake_device(root, "emu0", "gfx9\n", "1-7\n", "unaligned\n", "applied\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "4-5\n");
	fake_put(dir, "vmid/2/alignment_mode", "strict\n");
	fake_put(dir, "vmid/5/alignment_mode", "dword_strict\n");
	CHECK_MSG(t, vsharp_kmod_set_mode(dir, 2, VSHARP_ALIGN_DWORD, VSHARP_KMOD_RESERVE_EMU, &k, &err) == 0, "%s",
		  err.msg);
	CHECK_STR(t, fake_get(dir, "reserved_vmids"), "2,4-5");
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "dword\n");
	CHECK_STR(t, fake_get(dir, "vmid/5/alignment_mode"), "dword_strict\n");
	CHECK_EQ(t, vsharp_kmod_restore(&k), 0);
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "strict\n");
	CHECK_STR(t, fake_get(dir, "vmid/5/alignment_mode"), "dword_strict\n");
	CHECK_STR(t, fake_get(dir, "vmid/7/alignment_mode"), "unaligned\n");
	CHECK_STR(t, fake_get(dir, "reserved_vmids"), "4-5\n");
	CHECK_STR(t, fake_get(dir, "restore"), "");
}

/* A VMID no reservation holds: refused, nothing written; forced, `force` is on until the restore. */
static void test_shared_vmid(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_kmod_mode k;
	char dir[512], path[768];

	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "1\n");
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 2, VSHARP_ALIGN_STRICT, 0, &k, &err), -EACCES);
	CHECK(t, strstr(err.msg, "VMID 2 is not reserved for one process") != NULL);
	CHECK(t, strstr(err.msg, "--allow-shared-vmid") != NULL);
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "unaligned\n");
	CHECK_STR(t, fake_get(dir, "restore"), "");
	CHECK_STR(t, fake_get(dir, "force"), "0\n");

	CHECK_MSG(t, vsharp_kmod_set_mode(dir, 2, VSHARP_ALIGN_STRICT, VSHARP_KMOD_SHARED, &k, &err) == 0, "%s",
		  err.msg);
	CHECK_STR(t, fake_get(dir, "force"), "1\n");
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "strict\n");
	CHECK_EQ(t, vsharp_kmod_restore(&k), 0);
	CHECK_STR(t, fake_get(dir, "force"), "0\n");
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");

	/* A module without reserved_vmids cannot tell: refused, whatever the flags. */
	snprintf(path, sizeof(path), "%s/reserved_vmids", dir);
	unlink(path);
	fake_put(dir, "restore", "");
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 2, VSHARP_ALIGN_STRICT, VSHARP_KMOD_SHARED, &k, &err), -EOPNOTSUPP);
	CHECK(t, strstr(err.msg, "has no reserved_vmids") != NULL);
	CHECK_STR(t, fake_get(dir, "restore"), "");
	CHECK_STR(t, fake_get(dir, "vmid/2/alignment_mode"), "strict\n");
}

/* A read-back that fails, or a driver that rewrote the mode: an error, and the mode before is back. */
static void test_failures_restore(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_kmod_mode k;
	char dir[512], path[768];

	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "3\n");
	snprintf(path, sizeof(path), "%s/vmid/3/alignment_mode", dir);
	unlink(path);
	CHECK_EQ(t, symlink("/dev/null", path), 0);
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 3, VSHARP_ALIGN_STRICT, 0, &k, &err), -EIO);
	CHECK(t, strstr(err.msg, "alignment_mode is empty") != NULL);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
	CHECK(t, !k.pending);

	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "3\n");
	fake_put(dir, "status", "lost\n");
	fake_put(dir, "lost", "3\n");
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 3, VSHARP_ALIGN_STRICT, 0, &k, &err), -ECANCELED);
	CHECK(t, strstr(err.msg, "status reads lost: the driver rewrote VMIDs 3") != NULL);
	CHECK_STR(t, fake_get(dir, "vmid/3/alignment_mode"), "unaligned\n");

	/* Lost during the measurement. */
	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "3\n");
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 3, VSHARP_ALIGN_STRICT, 0, &k, &err), 0);
	fake_put(dir, "status", "lost\n");
	fake_put(dir, "lost", "1-3\n");
	CHECK_EQ(t, vsharp_kmod_check(&k, &err), -ECANCELED);
	fake_put(dir, "status", "applied\n");
	fake_put(dir, "vmid/3/alignment_mode", "unaligned\n");
	CHECK_EQ(t, vsharp_kmod_check(&k, &err), -EPROTO);
	CHECK(t, strstr(err.msg, "vmid/3/alignment_mode reads back 'unaligned', not strict") != NULL);
	CHECK_EQ(t, vsharp_kmod_restore(&k), 0);
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");

	/* Past the VMIDs: refused before anything is written. */
	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx10.3\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	CHECK_EQ(t, vsharp_kmod_set_mode(dir, 16, VSHARP_ALIGN_STRICT, 0, &k, &err), -EINVAL);
	CHECK(t, strstr(err.msg, "VMID 16 (allowed 0..15)") != NULL);
	CHECK_STR(t, fake_get(dir, "restore"), "");
}

/* SIGTERM while a mode is set: the mode before is back, and the process ends by the signal. */
static void test_signal_restores(struct ktap *t)
{
	struct vsharp_error err = { "" };
	char dir[512];
	int status = 0;
	pid_t pid;

	fake_clean(root);
	fake_device(root, "amdgpu0", "gfx12\n", "1-7\n", "unaligned\n", "unmodified\n", dir, sizeof(dir));
	fake_put(dir, "reserved_vmids", "1\n");
	pid = fork();
	if (pid == 0) {
		static struct vsharp_kmod_mode k;

		if (vsharp_kmod_set_mode(dir, 1, VSHARP_ALIGN_DWORD_STRICT, 0, &k, &err) ||
		    vsharp_kmod_guard_signals(&k, &err))
			_exit(3);
		raise(SIGTERM);
		_exit(4);
	}
	CHECK(t, pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK_MSG(t, WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "status 0x%x", status);
	CHECK_STR(t, fake_get(dir, "vmid/1/alignment_mode"), "dword_strict\n");
	CHECK_STR(t, fake_get(dir, "restore"), "1\n");
}

int main(void)
{
	static const struct ktap_case cases[] = {
		KTAP_CASE(test_vmid_sets), KTAP_CASE(test_find), KTAP_CASE(test_set_from_unmodified),
		KTAP_CASE(test_set_over_an_earlier_mode), KTAP_CASE(test_shared_vmid), KTAP_CASE(test_failures_restore),
		KTAP_CASE(test_signal_restores),
	};
	const char *tmp = getenv("TMPDIR");
	int ret;

	snprintf(root, sizeof(root), "%s/vsharp-kmod-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	ret = ktap_run(cases, sizeof(cases) / sizeof(cases[0]));
	fake_clean(root);
	rmdir(root);
	return ret;
}
