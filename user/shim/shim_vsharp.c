// SPDX-License-Identifier: MIT
/*
 * vsharp.ko's amdgpu backend on the shim's GPU: the module's debugfs files
 * of one amdgpu device (Documentation/ABI/testing/debugfs-vsharp) under
 * /sys/kernel/debug/vsharp/amdgpu0, acting on the emulated GPU's
 * SH_MEM_CONFIG.ALIGNMENT_MODE of each VMID, which a job's waves then run
 * under (shim_cs.c).  So vsharp's GPU path (set a mode on its VMID, run,
 * read back, restore) runs whole in CI, without a kernel.
 *
 * The registers and the module's record of them (the value before its
 * first change, the value it wrote, the `vmids` set) are the machine's
 * (shim_shared.c): every process under the same VSHARP_SHIM_STATE sees one
 * module, as every process sees the one a kernel loaded.
 *
 * As the module (kmod/align.c, kmod/debugfs.c): a write is one value of
 * at most 64 bytes, surrounding white space ignored (EINVAL otherwise);
 * only the graphics VMIDs 1 .. first_kfd_vmid - 1 are writable (EPERM,
 * nothing changed); a VMID stays "touched" until `restore` puts its
 * original back, and one whose register no longer holds what the module
 * wrote is "lost" (a GPU reset rewrites every VMID UNALIGNED, as 6.1's
 * gfx_v*_0_constants_init and init_compute_vmid do).  A VMID that no
 * process reserved (AMDGPU_VM_OP_RESERVE_VMID) runs every process's jobs,
 * so changing it is refused unless `force` is 1.
 *
 * Each open of a file renders its text afresh from the machine's state,
 * so one open reads one value however it is read (the module's files
 * render once per open too); a write through open()/write() acts and
 * answers as the module's; stdio writes are not seen, so fopen() for
 * writing is refused.  Left out: the raw sh_mem_config and decoded field
 * files, the emu backend's reset, and the runtime-PM and GFXOFF refusals
 * of a real GPU (EBUSY).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shim.h"
#include "base/util.h"
#include "vsharp/kmod.h"
#include "vsharp/model.h"

#define DIR_REL "sys/kernel/debug/vsharp"
#define DEV "amdgpu0"
#define MAX_WRITE 64		/* kmod/debugfs.c: one value, at most 64 bytes */
#define WATCHED 16

enum file_id {
	F_BACKEND, F_DEVICE, F_GC_VERSION, F_FAMILY, F_FIRST_KFD, F_WRITABLE, F_VMIDS, F_MODE,
	F_STATUS, F_LOST, F_RESTORE, F_RESERVED, F_FORCE, F_VMID_MODE, F_COUNT
};

static const struct {
	const char *name;	/* under <dev>/; F_VMID_MODE under vmid/<n>/ */
	bool readable, writable;
} files[F_COUNT] = {
	[F_BACKEND] = { "backend", true, false },
	[F_DEVICE] = { "device", true, false },
	[F_GC_VERSION] = { "gc_version", true, false },
	[F_FAMILY] = { "family", true, false },
	[F_FIRST_KFD] = { "first_kfd_vmid", true, false },
	[F_WRITABLE] = { "writable_vmids", true, false },
	[F_VMIDS] = { "vmids", true, true },
	[F_MODE] = { "alignment_mode", true, true },
	[F_STATUS] = { "status", true, false },
	[F_LOST] = { "lost", true, false },
	[F_RESTORE] = { "restore", false, true },
	[F_RESERVED] = { "reserved_vmids", true, false },
	[F_FORCE] = { "force", true, true },
	[F_VMID_MODE] = { "alignment_mode", true, true },
};

/* The module's SH_MEM_CONFIG layout names (<dev>/family); GFX6 has no register. */
static const char *const families[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX7] = "gfx7", [VSHARP_GFX8] = "gfx8", [VSHARP_GFX9] = "gfx9",
	[VSHARP_GFX10] = "gfx10.1", [VSHARP_GFX10_3] = "gfx10.3", [VSHARP_GFX11] = "gfx11",
	[VSHARP_GFX12] = "gfx12",
};

static struct {
	bool used;
	int fd;
	enum file_id id;
	int vmid;		/* F_VMID_MODE's */
} watched[WATCHED];
static int nwatched;		/* read without the lock by write(): only a hint */
static bool present;		/* the module has this device: amdgpu, with SH_MEM_CONFIG */

static uint32_t graphics_vmids(void)
{
	return ((1u << shim_first_kfd_vmid()) - 1) & ~1u;
}

void shim_vsharp_fresh(struct shim_shared *s)
{
	/* gfx_v*_0_constants_init() and init_compute_vmid(): UNALIGNED everywhere. */
	memset(s->align, VSHARP_ALIGN_UNALIGNED, sizeof(s->align));
	s->touched = 0;
	s->set = graphics_vmids();
	s->force = 0;
}

/* kmod/parse.c vsharp_format_vmids(): "1-7,9", "0-15", "none". */
static void format_vmids(uint32_t mask, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned v = 0; v < SHIM_VMIDS; v++) {
		unsigned hi = v;

		if (!(mask >> v & 1))
			continue;
		while (hi + 1 < SHIM_VMIDS && mask >> (hi + 1) & 1)
			hi++;
		len += (size_t)snprintf(buf + len, n - len, len ? ",%u" : "%u", v);
		if (hi > v)
			len += (size_t)snprintf(buf + len, n - len, "-%u", hi);
		v = hi;
	}
	if (!len)
		snprintf(buf, n, "none");
}

static uint32_t reserved_mask(const struct shim_shared *s)
{
	uint32_t mask = 0;

	for (unsigned v = 0; v < SHIM_VMIDS; v++)
		mask |= (uint32_t)(s->reserved_vm[v] != 0) << v;
	return mask;
}

static uint32_t lost_mask(const struct shim_shared *s)
{
	uint32_t mask = 0;

	for (unsigned v = 0; v < SHIM_VMIDS; v++)
		if (s->touched >> v & 1 && s->align[v] != s->written[v])
			mask |= 1u << v;
	return mask;
}

/* kmod/debugfs.c show_mode(): the common mode of MASK, "mixed" or "none". */
static const char *mode_text(const struct shim_shared *s, uint32_t mask)
{
	int m = -1;

	for (unsigned v = 0; v < SHIM_VMIDS; v++) {
		if (!(mask >> v & 1))
			continue;
		if (m == -1)
			m = s->align[v];
		else if (m != s->align[v])
			return "mixed";
	}
	return m < 0 ? "none" : vsharp_align_mode_name((enum vsharp_align_mode)m);
}

static void render(enum file_id id, int vmid, char *buf, size_t n)
{
	const struct shim_profile *p = shim.profile;
	struct shim_shared *s = shim_shared_lock();
	char set[64];

	switch (id) {
	case F_BACKEND: snprintf(buf, n, "amdgpu\n"); break;
	case F_DEVICE: snprintf(buf, n, "%s\n", p->slot); break;
	case F_GC_VERSION:
		/* GFX7 and GFX8 have no GC version: the GFX IP block's. */
		if (p->level <= VSHARP_GFX8)
			snprintf(buf, n, "%u.%u.0\n", p->ip_block_major, p->ip_block_minor);
		else
			snprintf(buf, n, "%u.%u.%u\n", p->gc_major, p->gc_minor, p->gc_rev);
		break;
	case F_FAMILY: snprintf(buf, n, "%s\n", families[p->level]); break;
	case F_FIRST_KFD: snprintf(buf, n, "%u\n", shim_first_kfd_vmid()); break;
	case F_WRITABLE: format_vmids(graphics_vmids(), set, sizeof(set)); snprintf(buf, n, "%s\n", set); break;
	case F_VMIDS: format_vmids(s->set, set, sizeof(set)); snprintf(buf, n, "%s\n", set); break;
	case F_MODE: snprintf(buf, n, "%s\n", mode_text(s, s->set)); break;
	case F_VMID_MODE: snprintf(buf, n, "%s\n", mode_text(s, 1u << vmid)); break;
	case F_STATUS:
		snprintf(buf, n, "%s\n", !s->touched ? "unmodified" : lost_mask(s) ? "lost" : "applied");
		break;
	case F_LOST: format_vmids(lost_mask(s), set, sizeof(set)); snprintf(buf, n, "%s\n", set); break;
	case F_RESERVED: format_vmids(reserved_mask(s), set, sizeof(set)); snprintf(buf, n, "%s\n", set); break;
	case F_FORCE: snprintf(buf, n, "%u\n", s->force); break;
	case F_RESTORE: case F_COUNT: buf[0] = '\0'; break;
	}
	shim_shared_unlock();
}

static void dev_path(char *buf, size_t n, enum file_id id, int vmid)
{
	if (id == F_VMID_MODE)
		snprintf(buf, n, "%s/" DIR_REL "/" DEV "/vmid/%d/%s", shim.root, vmid, files[id].name);
	else
		snprintf(buf, n, "%s/" DIR_REL "/" DEV "/%s", shim.root, files[id].name);
}

static int make_file(enum file_id id, int vmid)
{
	char path[sizeof(shim.root) + 96];
	int fd;

	dev_path(path, sizeof(path), id, vmid);
	fd = shim_real_open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			    (files[id].readable ? 0400 : 0) | (files[id].writable ? 0200 : 0));
	if (fd < 0)
		return -1;
	shim_real_close(fd);
	return 0;
}

int shim_vsharp_tree_create(void)
{
	char path[sizeof(shim.root) + 96];

	/* vsharp.ko's amdgpu backend takes amdgpu devices with an SH_MEM_CONFIG (not SI). */
	present = !strcmp(shim.profile->driver, "amdgpu") && families[shim.profile->level];
	snprintf(path, sizeof(path), "%s/" DIR_REL, shim.root);
	if (mkdir(path, 0700))
		return -1;
	if (!present)
		return 0;
	snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV, shim.root);
	if (mkdir(path, 0700))
		return -1;
	for (int id = 0; id < F_VMID_MODE; id++)
		if (make_file(id, 0))
			return -1;
	snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV "/vmid", shim.root);
	if (mkdir(path, 0700))
		return -1;
	for (int v = 0; v < (int)SHIM_VMIDS; v++) {
		snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV "/vmid/%d", shim.root, v);
		if (mkdir(path, 0700) || make_file(F_VMID_MODE, v))
			return -1;
	}
	return 0;
}

void shim_vsharp_tree_remove(void)
{
	char path[sizeof(shim.root) + 96];

	if (present) {
		for (int v = 0; v < (int)SHIM_VMIDS; v++) {
			dev_path(path, sizeof(path), F_VMID_MODE, v);
			unlink(path);
			snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV "/vmid/%d", shim.root, v);
			rmdir(path);
		}
		snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV "/vmid", shim.root);
		rmdir(path);
		for (int id = 0; id < F_VMID_MODE; id++) {
			dev_path(path, sizeof(path), id, 0);
			unlink(path);
		}
		snprintf(path, sizeof(path), "%s/" DIR_REL "/" DEV, shim.root);
		rmdir(path);
	}
	snprintf(path, sizeof(path), "%s/" DIR_REL, shim.root);
	rmdir(path);
}

bool shim_vsharp_path(const char *real)
{
	size_t n = strlen(shim.root);

	return shim.ready && !strncmp(real, shim.root, n) && !strncmp(real + n, "/" DIR_REL, sizeof(DIR_REL)) &&
	       (real[n + sizeof(DIR_REL)] == '/' || !real[n + sizeof(DIR_REL)]);
}

/* Which file REAL is: its id, and the VMID of vmid/<n>/alignment_mode; F_COUNT for none. */
static enum file_id identify(const char *real, int *vmid)
{
	char path[sizeof(shim.root) + 96];
	struct stat a, b;

	*vmid = 0;
	if (!present || !shim_vsharp_path(real) || stat(real, &a))
		return F_COUNT;
	for (int id = 0; id < F_VMID_MODE; id++) {
		dev_path(path, sizeof(path), id, 0);
		if (!stat(path, &b) && a.st_ino == b.st_ino && a.st_dev == b.st_dev)
			return id;
	}
	for (int v = 0; v < (int)SHIM_VMIDS; v++) {
		dev_path(path, sizeof(path), F_VMID_MODE, v);
		if (!stat(path, &b) && a.st_ino == b.st_ino && a.st_dev == b.st_dev) {
			*vmid = v;
			return F_VMID_MODE;
		}
	}
	return F_COUNT;
}

/*
 * The file's text now.  A changed text goes into a new file that takes the
 * old one's place, so a reader that has it open keeps its own; an
 * unchanged one is left alone (polling a file costs no writes).
 */
static void refresh(enum file_id id, int vmid)
{
	char path[sizeof(shim.root) + 96], tmp[sizeof(path) + 8], text[128], was[sizeof(text)];
	size_t len;
	ssize_t got = -1;
	int fd;

	render(id, vmid, text, sizeof(text));
	len = strlen(text);
	dev_path(path, sizeof(path), id, vmid);
	fd = shim_real_open(path, O_RDONLY | O_CLOEXEC, 0);
	if (fd >= 0) {
		/* pread: the shim's read() takes shim.lock, which the caller holds. */
		got = pread(fd, was, sizeof(was), 0);
		shim_real_close(fd);
	}
	if (got == (ssize_t)len && !memcmp(was, text, len))
		return;
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	fd = shim_real_open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			    (files[id].readable ? 0400 : 0) | (files[id].writable ? 0200 : 0));
	if (fd < 0)
		return;
	if (shim_real_write(fd, text, len) == (ssize_t)len && !shim_real_close(fd)) {
		rename(tmp, path);
		return;
	}
	shim_real_close(fd);
	unlink(tmp);
}

int shim_vsharp_open_checked(const char *real, int flags)
{
	enum file_id id;
	int vmid;

	/* debugfs is mounted 0700. */
	if (geteuid() != 0)
		return -EACCES;
	id = identify(real, &vmid);
	if (id != F_COUNT && files[id].readable && (flags & O_ACCMODE) != O_WRONLY) {
		pthread_mutex_lock(&shim.lock);
		refresh(id, vmid);
		pthread_mutex_unlock(&shim.lock);
	}
	return 0;
}

void shim_vsharp_opened(const char *real, int fd)
{
	enum file_id id;
	int vmid;

	if (fd < 0 || (id = identify(real, &vmid)) == F_COUNT)
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (!watched[i].used) {
			watched[i].used = true;
			watched[i].fd = fd;
			watched[i].id = id;
			watched[i].vmid = vmid;
			__atomic_add_fetch(&nwatched, 1, __ATOMIC_RELAXED);
			break;
		}
	pthread_mutex_unlock(&shim.lock);
}

void shim_vsharp_closed(int fd)
{
	if (!__atomic_load_n(&nwatched, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (watched[i].used && watched[i].fd == fd) {
			watched[i].used = false;
			__atomic_sub_fetch(&nwatched, 1, __ATOMIC_RELAXED);
		}
	pthread_mutex_unlock(&shim.lock);
}

void shim_vsharp_dup(int oldfd, int newfd)
{
	shim_vsharp_closed(newfd);
	if (!__atomic_load_n(&nwatched, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (watched[i].used && watched[i].fd == oldfd) {
			for (int j = 0; j < WATCHED; j++)
				if (!watched[j].used) {
					watched[j] = watched[i];
					watched[j].fd = newfd;
					__atomic_add_fetch(&nwatched, 1, __ATOMIC_RELAXED);
					break;
				}
			break;
		}
	pthread_mutex_unlock(&shim.lock);
}

/* kmod/parse.c: one value, white space around it ignored, printable bytes only. */
static int value(const void *buf, size_t len, char *text)
{
	const char *b = buf;
	size_t lo = 0, hi = len;

	if (!len || len > MAX_WRITE)
		return -EINVAL;
	for (size_t i = 0; i < len; i++)
		if ((b[i] < ' ' || b[i] > '~') && b[i] != '\n' && b[i] != '\t')
			return -EINVAL;
	while (lo < hi && strchr(" \t\n", b[lo]))
		lo++;
	while (hi > lo && strchr(" \t\n", b[hi - 1]))
		hi--;
	if (lo == hi)
		return -EINVAL;
	memcpy(text, b + lo, hi - lo);
	text[hi - lo] = '\0';
	return 0;
}

static int parse_mode(const char *text, unsigned *mode)
{
	enum vsharp_align_mode m;

	if (strlen(text) == 1 && text[0] >= '0' && text[0] <= '3') {
		*mode = (unsigned)(text[0] - '0');
		return 0;
	}
	if (vsharp_align_mode_parse(text, &m, NULL))
		return -EINVAL;
	*mode = m;
	return 0;
}

/* kmod/align.c vsharp_align_apply(), refusing VMIDs that other processes' jobs may run on. */
static int apply(struct shim_shared *s, uint32_t mask, const char *text)
{
	unsigned mode;

	if (parse_mode(text, &mode))
		return -EINVAL;
	if (mask & ~graphics_vmids())
		return -EPERM;
	/* kmod's reservation check: EACCES, nothing changed. */
	if (mask & ~reserved_mask(s) && !s->force)
		return -EACCES;
	for (unsigned v = 0; v < SHIM_VMIDS; v++) {
		if (!(mask >> v & 1))
			continue;
		if (!(s->touched >> v & 1)) {
			s->orig[v] = s->align[v];
			s->touched |= 1u << v;
		}
		s->align[v] = (uint8_t)mode;
		s->written[v] = (uint8_t)mode;
	}
	return 0;
}

/* kmod/align.c vsharp_align_restore(): a VMID the driver rewrote is left as it is. */
static void restore(struct shim_shared *s)
{
	for (unsigned v = 0; v < SHIM_VMIDS; v++) {
		if (!(s->touched >> v & 1))
			continue;
		if (s->align[v] == s->written[v])
			s->align[v] = s->orig[v];
		s->touched &= ~(1u << v);
	}
}

static int act(enum file_id id, int vmid, const char *text)
{
	struct shim_shared *s;
	uint32_t mask;
	int r = 0;

	if (!files[id].writable)
		return -EPERM;
	s = shim_shared_lock();
	switch (id) {
	case F_VMIDS:
		if (!strcmp(text, "all"))
			mask = (1u << SHIM_VMIDS) - 1;
		else if (vsharp_kmod_parse_vmids(text, &mask, NULL))
			r = -EINVAL;
		if (!r && mask & ~graphics_vmids())
			r = -EPERM;
		if (!r)
			s->set = mask;
		break;
	case F_MODE: r = apply(s, s->set, text); break;
	case F_VMID_MODE: r = apply(s, 1u << vmid, text); break;
	case F_RESTORE:
		if (strcmp(text, "1"))
			r = -EINVAL;
		else
			restore(s);
		break;
	case F_FORCE:
		if (strcmp(text, "0") && strcmp(text, "1"))
			r = -EINVAL;
		else
			s->force = text[0] == '1';
		break;
	default:
		r = -EPERM;
		break;
	}
	shim_shared_unlock();
	return r;
}

bool shim_vsharp_write(int fd, const void *buf, size_t len, ssize_t *ret)
{
	char text[MAX_WRITE + 1];
	enum file_id id = F_COUNT;
	int vmid = 0, r;

	if (!__atomic_load_n(&nwatched, __ATOMIC_RELAXED))
		return false;
	pthread_mutex_lock(&shim.lock);
	for (int i = 0; i < WATCHED; i++)
		if (watched[i].used && watched[i].fd == fd) {
			id = watched[i].id;
			vmid = watched[i].vmid;
		}
	if (id == F_COUNT) {
		pthread_mutex_unlock(&shim.lock);
		return false;
	}
	r = value(buf, len, text);
	if (!r)
		r = act(id, vmid, text);
	pthread_mutex_unlock(&shim.lock);
	*ret = r ? r : (ssize_t)len;
	return true;
}

enum vsharp_align_mode shim_vsharp_align(unsigned vmid)
{
	enum vsharp_align_mode m = (enum vsharp_align_mode)shim_shared_lock()->align[vmid & (SHIM_VMIDS - 1)];

	shim_shared_unlock();
	return m;
}

void shim_vsharp_reset(void)
{
	struct shim_shared *s = shim_shared_lock();

	/* amdgpu_device_gpu_recover() -> hw_init -> constants_init, init_compute_vmid. */
	memset(s->align, VSHARP_ALIGN_UNALIGNED, sizeof(s->align));
	shim_shared_unlock();
}
