// SPDX-License-Identifier: MIT
/*
 * The emulated device's SH_MEM_CONFIG from the vsharp kernel module: when
 * vsharp.ko is loaded, its emu backend holds a per-VMID register file
 * (Documentation/ABI/testing/debugfs-vsharp), and the emulated device runs
 * under the alignment mode of its VMID there, so a mode set through debugfs
 * is the mode an emulated run obeys.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "emu.h"

/* The module's SH_MEM_CONFIG layout names per level (debugfs <dev>/family). */
static const char *const families[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX9] = "gfx9", [VSHARP_GFX10] = "gfx10.1", [VSHARP_GFX10_3] = "gfx10.3",
	[VSHARP_GFX11] = "gfx11", [VSHARP_GFX12] = "gfx12",
};

static int read_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	char *nl;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)n, f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

int vsharp_emu_load_kmod_mode(struct vsharp_device *dev, const char *debugfs,
			      struct vsharp_error *err)
{
	struct emu_device *d = emu_of(dev);
	const char *want = families[dev->level];
	char root[512], path[1024], line[64];
	struct dirent *e;
	DIR *dir;
	int ret = -ENOENT;

	snprintf(root, sizeof(root), "%s/vsharp", debugfs);
	dir = opendir(root);
	if (!dir)
		return vsharp_fail(err, -ENOENT, "kmod: %s: %s (vsharp.ko is not loaded)", root,
				   strerror(errno));
	while ((e = readdir(dir))) {
		enum vsharp_align_mode mode;

		if (strncmp(e->d_name, "emu", 3))
			continue;
		snprintf(path, sizeof(path), "%s/%s/family", root, e->d_name);
		if (read_line(path, line, sizeof(line)) || !want || strcmp(line, want))
			continue;
		snprintf(path, sizeof(path), "%s/%s/vmid/%u/alignment_mode", root, e->d_name, vsharp_gpu_config(d->gpu)->vmid);
		ret = read_line(path, line, sizeof(line));
		if (ret) {
			ret = vsharp_fail(err, ret, "kmod: cannot read %s: %s", path, strerror(-ret));
			break;
		}
		ret = vsharp_align_mode_parse(line, &mode, err);
		if (!ret) {
			vsharp_gpu_set_align_mode(d->gpu, mode);
			/* On success err names the file, for the run's report. */
			vsharp_fail(err, 0, "%s", path);
		}
		break;
	}
	closedir(dir);
	if (ret == -ENOENT)
		vsharp_fail(err, -ENOENT, "kmod: no emu device of family %s under %s", want ? want : "?",
			    root);
	return ret;
}
