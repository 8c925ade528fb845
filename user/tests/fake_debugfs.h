/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_TESTS_FAKE_DEBUGFS_H
#define VSHARP_TESTS_FAKE_DEBUGFS_H

/*
 * A directory laid out as vsharp.ko's debugfs tree
 * (Documentation/ABI/testing/debugfs-vsharp): plain files hold what the
 * module's would read, so a test sees every write the client makes.  The
 * tests of the debugfs client (test_kmod) and of the device session
 * (test_session) build the same tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vsharp/kmod.h"

static inline void fake_put(const char *dir, const char *file, const char *text)
{
	char path[768];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* The first line of DIR/FILE, or "" (in a buffer the next call reuses). */
static inline const char *fake_get(const char *dir, const char *file)
{
	static char buf[64];
	char path[768];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	buf[0] = '\0';
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return buf;
}

/* ROOT emptied and made again: a debugfs without vsharp.ko. */
static inline void fake_clean(const char *root)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", root);
	mkdir(root, 0700);
}

/*
 * ROOT/vsharp/NAME into DIR: a device of FAMILY (its backend from NAME,
 * "emu<N>" or "amdgpu<N>") with the VMID set VMIDS, its alignment_mode
 * reading MODE and every VMID in MODE, the module's STATUS, no VMID
 * reserved and `force` 0.
 */
static inline void fake_device(const char *root, const char *name, const char *family, const char *vmids,
			       const char *mode, const char *status, char *dir, size_t n)
{
	char path[768], file[32];

	snprintf(path, sizeof(path), "%s/vsharp", root);
	mkdir(path, 0700);
	snprintf(dir, n, "%s/vsharp/%s", root, name);
	mkdir(dir, 0700);
	fake_put(dir, "backend", strncmp(name, "emu", 3) ? "amdgpu\n" : "emu\n");
	fake_put(dir, "family", family);
	fake_put(dir, "vmids", vmids);
	fake_put(dir, "alignment_mode", mode);
	fake_put(dir, "status", status);
	fake_put(dir, "lost", "none\n");
	fake_put(dir, "restore", "");
	fake_put(dir, "reserved_vmids", "none\n");
	fake_put(dir, "force", "0\n");
	snprintf(path, sizeof(path), "%s/vmid", dir);
	mkdir(path, 0700);
	for (unsigned v = 0; v < VSHARP_KMOD_VMIDS; v++) {
		snprintf(path, sizeof(path), "%s/vmid/%u", dir, v);
		mkdir(path, 0700);
		snprintf(file, sizeof(file), "vmid/%u/alignment_mode", v);
		fake_put(dir, file, mode);
	}
}

#endif
