// SPDX-License-Identifier: MIT
/*
 * The render node and what libdrm reads to find it.  drmGetDevices2()
 * lists /dev/dri, stats each node for its major:minor, checks
 * /sys/dev/char/M:m/device/drm exists, resolves .../device/subsystem to
 * tell the bus, and reads PCI_SLOT_NAME from the device's uevent and the
 * ids from its vendor/device/revision/subsystem_* files (libdrm
 * xf86drm.c, process_device and drmParsePciDeviceInfo).
 *
 * The shim builds that tree as real files in a private temporary folder and
 * sends every path under /dev/dri, /sys/dev/char/226:128, /sys/class/drm
 * and the device's /sys/devices folder there; only the node itself needs
 * faking (a char device 226:128 cannot be a plain file).  The device's
 * driver link names the profile's driver, as the PCI core links the bound
 * driver (what vsharp reads to tell a card radeon owns).
 */
#define _GNU_SOURCE	/* makedev() via sys/sysmacros.h is fine; mkdtemp, asprintf */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "shim.h"
#include "base/util.h"

#define NODE "dev/dri/renderD128"
#define PCI_ROOT "sys/devices/pci0000:00"
#define RECOVER "amdgpu_gpu_recover"

enum entry_type { DIR_ENTRY, FILE_ENTRY, LINK_ENTRY };

struct entry {
	enum entry_type type;
	char path[256];		/* relative to shim.root */
	char text[512];		/* file contents or link target */
	size_t len;		/* bytes of text (config is binary) */
};

static struct entry entries[64];
static size_t nentries;

/* The virtual prefixes sent into the tree (absolute, filled at set-up). */
static char prefixes[7][128];

/* The device's folder in the tree, relative, and where a remove puts it. */
static char device_dir[96];

__attribute__((format(printf, 3, 4)))
static void add(enum entry_type type, const char *path, const char *fmt, ...)
{
	struct entry *e = &entries[nentries++];
	va_list ap;

	e->type = type;
	snprintf(e->path, sizeof(e->path), "%s", path);
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
	e->len = strlen(e->text);
}

static void add_config(const char *path, const struct shim_profile *p)
{
	struct entry *e = &entries[nentries++];
	uint8_t *c = (uint8_t *)e->text;

	/* PCI configuration header: ids, revision, class 03 (display). */
	e->type = FILE_ENTRY;
	snprintf(e->path, sizeof(e->path), "%s", path);
	memset(c, 0, 256);
	c[0] = p->vendor & 0xff;
	c[1] = p->vendor >> 8;
	c[2] = p->device & 0xff;
	c[3] = p->device >> 8;
	c[8] = p->pci_rev;
	c[11] = 0x03;
	c[44] = p->subvendor & 0xff;
	c[45] = p->subvendor >> 8;
	c[46] = p->subdevice & 0xff;
	c[47] = p->subdevice >> 8;
	e->len = 256;
}

/* DIR/LEAF, valid until the next call (add() copies it at once). */
static const char *under(const char *dir, const char *leaf)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, leaf);
	return buf;
}

static void describe_tree(const struct shim_profile *p)
{
	char dev[96], drm[128], chr[64], cls[64], dbg[64];

	snprintf(dev, sizeof(dev), PCI_ROOT "/%s", p->slot);
	snprintf(drm, sizeof(drm), "%s/drm/renderD%d", dev, SHIM_RENDER_MINOR);
	snprintf(chr, sizeof(chr), "sys/dev/char/%d:%d", SHIM_DRM_MAJOR, SHIM_RENDER_MINOR);
	nentries = 0;
	add(DIR_ENTRY, "dev", "%s", "");
	add(DIR_ENTRY, "dev/dri", "%s", "");
	add(FILE_ENTRY, NODE, "%s", "");
	add(DIR_ENTRY, "sys", "%s", "");
	add(DIR_ENTRY, "sys/bus", "%s", "");
	add(DIR_ENTRY, "sys/bus/pci", "%s", "");
	/* pci-sysfs.c: the bus's rescan (BUS_ATTR_WO) and the bus's device links. */
	add(FILE_ENTRY, "sys/bus/pci/rescan", "%s", "");
	add(DIR_ENTRY, "sys/bus/pci/devices", "%s", "");
	add(LINK_ENTRY, under("sys/bus/pci/devices", p->slot), "../../../devices/pci0000:00/%s",
	    p->slot);
	add(DIR_ENTRY, "sys/bus/pci/drivers", "%s", "");
	add(DIR_ENTRY, under("sys/bus/pci/drivers", p->driver), "%s", "");
	add(DIR_ENTRY, "sys/class", "%s", "");
	add(DIR_ENTRY, "sys/class/drm", "%s", "");
	add(DIR_ENTRY, "sys/devices", "%s", "");
	add(DIR_ENTRY, PCI_ROOT, "%s", "");
	add(DIR_ENTRY, dev, "%s", "");
	add(FILE_ENTRY, under(dev, "uevent"),
	    "DRIVER=%s\nPCI_CLASS=30000\nPCI_ID=%04X:%04X\nPCI_SUBSYS_ID=%04X:%04X\nPCI_SLOT_NAME=%s\nMODALIAS=pci:v%08Xd%08Xsv%08Xsd%08Xbc03sc00i00\n",
	    p->driver, p->vendor, p->device, p->subvendor, p->subdevice, p->slot, p->vendor,
	    p->device, p->subvendor, p->subdevice);
	add(FILE_ENTRY, under(dev, "vendor"), "0x%04x\n", p->vendor);
	add(FILE_ENTRY, under(dev, "device"), "0x%04x\n", p->device);
	add(FILE_ENTRY, under(dev, "revision"), "0x%02x\n", p->pci_rev);
	add(FILE_ENTRY, under(dev, "subsystem_vendor"), "0x%04x\n", p->subvendor);
	add(FILE_ENTRY, under(dev, "subsystem_device"), "0x%04x\n", p->subdevice);
	add(FILE_ENTRY, under(dev, "class"), "0x030000\n");
	/* pci-sysfs.c dev_attr_remove: writing a nonzero number removes the device. */
	add(FILE_ENTRY, under(dev, "remove"), "%s", "");
	add_config(under(dev, "config"), p);
	add(LINK_ENTRY, under(dev, "subsystem"), "../../../bus/pci");
	/* The PCI driver bound to the device, as lspci -k reads it. */
	add(LINK_ENTRY, under(dev, "driver"), "../../../bus/pci/drivers/%s", p->driver);
	add(DIR_ENTRY, under(dev, "drm"), "%s", "");
	add(DIR_ENTRY, drm, "%s", "");
	add(FILE_ENTRY, under(drm, "uevent"), "MAJOR=%d\nMINOR=%d\nDEVNAME=dri/renderD%d\n",
	    SHIM_DRM_MAJOR, SHIM_RENDER_MINOR, SHIM_RENDER_MINOR);
	add(FILE_ENTRY, under(drm, "dev"), "%d:%d\n", SHIM_DRM_MAJOR, SHIM_RENDER_MINOR);
	add(LINK_ENTRY, under(drm, "device"), "../../../%s", p->slot);
	add(LINK_ENTRY, under(drm, "subsystem"), "../../../../../class/drm");
	add(DIR_ENTRY, "sys/dev", "%s", "");
	add(DIR_ENTRY, "sys/dev/char", "%s", "");
	add(LINK_ENTRY, chr, "../../devices/pci0000:00/%s/drm/renderD%d", p->slot,
	    SHIM_RENDER_MINOR);
	snprintf(cls, sizeof(cls), "sys/class/drm/renderD%d", SHIM_RENDER_MINOR);
	add(LINK_ENTRY, cls, "../../devices/pci0000:00/%s/drm/renderD%d", p->slot,
	    SHIM_RENDER_MINOR);
	/* amdgpu's debugfs reset file (shim_debugfs.c): the primary minor's and the node's. */
	add(DIR_ENTRY, "sys/kernel", "%s", "");
	add(DIR_ENTRY, "sys/kernel/debug", "%s", "");
	add(DIR_ENTRY, "sys/kernel/debug/dri", "%s", "");
	add(DIR_ENTRY, "sys/kernel/debug/dri/0", "%s", "");
	add(FILE_ENTRY, "sys/kernel/debug/dri/0/" RECOVER, "%s", "");
	snprintf(dbg, sizeof(dbg), "sys/kernel/debug/dri/%d", SHIM_RENDER_MINOR);
	add(DIR_ENTRY, dbg, "%s", "");
	add(FILE_ENTRY, under(dbg, RECOVER), "%s", "");

	snprintf(prefixes[0], sizeof(prefixes[0]), "/dev/dri");
	snprintf(prefixes[1], sizeof(prefixes[1]), "/%s", chr);
	snprintf(prefixes[2], sizeof(prefixes[2]), "/%s", dev);
	snprintf(prefixes[3], sizeof(prefixes[3]), "/sys/class/drm");
	snprintf(prefixes[4], sizeof(prefixes[4]), "/sys/bus/pci");
	snprintf(prefixes[5], sizeof(prefixes[5]), "/sys/kernel/debug/dri");
	snprintf(prefixes[6], sizeof(prefixes[6]), "/sys/kernel/debug/vsharp");
	snprintf(device_dir, sizeof(device_dir), "%s", dev);
}

static int write_file(const char *path, const char *data, size_t len)
{
	int fd = shim_real_open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = shim_real_write(fd, data, len);
	shim_real_close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

int shim_tree_create(void)
{
	const char *tmp = getenv("TMPDIR");
	char path[sizeof(shim.root) + 256];

	if (!tmp || !*tmp)
		tmp = "/tmp";
	if ((size_t)snprintf(shim.root, sizeof(shim.root), "%s/vsharp-shim-XXXXXX", tmp) >=
	    sizeof(shim.root)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!mkdtemp(shim.root))
		return -1;
	describe_tree(shim.profile);
	for (size_t i = 0; i < nentries; i++) {
		const struct entry *e = &entries[i];
		int r;

		snprintf(path, sizeof(path), "%s/%s", shim.root, e->path);
		if (e->type == DIR_ENTRY)
			r = mkdir(path, 0755);
		else if (e->type == LINK_ENTRY)
			r = symlink(e->text, path);
		else
			r = write_file(path, e->text, e->len);
		if (r)
			return -1;
	}
	/* vsharp.ko's files, in sys/kernel/debug made above. */
	return shim_vsharp_tree_create();
}

void shim_tree_remove(void)
{
	char path[sizeof(shim.root) + 256];

	if (shim.unplugged)
		shim_tree_replug();
	shim_vsharp_tree_remove();
	for (size_t i = nentries; i-- > 0;) {
		snprintf(path, sizeof(path), "%s/%s", shim.root, entries[i].path);
		if (entries[i].type == DIR_ENTRY)
			rmdir(path);
		else
			unlink(path);
	}
	rmdir(shim.root);
}

const char *shim_rewrite(const char *path, char *buf, size_t size)
{
	if (!shim.ready || !path || path[0] != '/')
		return path;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++) {
		size_t n = strlen(prefixes[i]);

		if (!strncmp(path, prefixes[i], n) && (path[n] == '\0' || path[n] == '/')) {
			if ((size_t)snprintf(buf, size, "%s%s", shim.root, path) >= size)
				return path;
			return buf;
		}
	}
	return path;
}

void shim_unrewrite(char *resolved)
{
	size_t n = strlen(shim.root);

	if (shim.ready && resolved && !strncmp(resolved, shim.root, n) && resolved[n] == '/')
		memmove(resolved, resolved + n, strlen(resolved + n) + 1);
}

bool shim_is_node(const char *path)
{
	char buf[256];
	const char *real = shim_rewrite(path, buf, sizeof(buf));
	char want[sizeof(shim.root) + 32];

	if (real == path)
		return false;
	snprintf(want, sizeof(want), "%s/" NODE, shim.root);
	return !strcmp(real, want);
}

void shim_node_stat(void *buf)
{
	static gid_t render_gid = (gid_t)-1;
	struct stat *st = buf;

	/* A render node is root:render 0666; a node we may not open is 0660. */
	if (render_gid == (gid_t)-1) {
		struct group *g = getgrnam("render");

		render_gid = g ? g->gr_gid : 0;
	}
	st->st_mode = S_IFCHR | (shim.profile->open_errno ? 0660 : 0666);
	st->st_rdev = makedev(SHIM_DRM_MAJOR, SHIM_RENDER_MINOR);
	st->st_uid = 0;
	st->st_gid = render_gid;
	st->st_size = 0;
	st->st_nlink = 1;
}

/* The tree paths of the device's folder now and while it is removed. */
static void device_paths(char *here, char *gone, size_t size)
{
	snprintf(here, size, "%s/%s", shim.root, device_dir);
	snprintf(gone, size, "%s/sys/.removed", shim.root);
}

/*
 * pci_stop_and_remove_bus_device(): the device's sysfs folder and its
 * render node go.  The folder is moved aside (the /sys/dev/char and
 * /sys/class/drm links then dangle, as the kernel's go) and comes back on
 * a rescan; the node file is removed and made again.
 */
int shim_tree_unplug(void)
{
	char here[sizeof(shim.root) + 128], gone[sizeof(shim.root) + 128];
	char node[sizeof(shim.root) + 32];

	device_paths(here, gone, sizeof(here));
	snprintf(node, sizeof(node), "%s/" NODE, shim.root);
	if (rename(here, gone) || unlink(node))
		return -errno;
	return 0;
}

int shim_tree_replug(void)
{
	char here[sizeof(shim.root) + 128], gone[sizeof(shim.root) + 128];
	char node[sizeof(shim.root) + 32];

	device_paths(here, gone, sizeof(here));
	snprintf(node, sizeof(node), "%s/" NODE, shim.root);
	if (rename(gone, here) || write_file(node, "", 0))
		return -errno;
	return 0;
}

/* True when REAL and the tree's file TREE_PATH are one file (REAL may go through links). */
static bool same_file(const char *real, const char *tree_path)
{
	struct stat a, b;

	return !stat(real, &a) && !stat(tree_path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Which control file REAL (a tree path) is: the device's remove, the bus's rescan, the debugfs reset, none. */
int shim_tree_control(const char *real)
{
	char want[sizeof(shim.root) + 160];

	if (strncmp(real, shim.root, strlen(shim.root)))
		return SHIM_CTL_NONE;
	snprintf(want, sizeof(want), "%s/%s/remove", shim.root, device_dir);
	if (same_file(real, want))
		return SHIM_CTL_REMOVE;
	snprintf(want, sizeof(want), "%s/sys/bus/pci/rescan", shim.root);
	if (same_file(real, want))
		return SHIM_CTL_RESCAN;
	snprintf(want, sizeof(want), "%s/sys/kernel/debug/dri/0/" RECOVER, shim.root);
	if (same_file(real, want))
		return SHIM_CTL_GPU_RECOVER;
	snprintf(want, sizeof(want), "%s/sys/kernel/debug/dri/%d/" RECOVER, shim.root,
		 SHIM_RENDER_MINOR);
	if (same_file(real, want))
		return SHIM_CTL_GPU_RECOVER;
	return SHIM_CTL_NONE;
}

bool shim_is_sysfs(const char *path)
{
	return path && !strncmp(path, "/sys/", 5);
}
