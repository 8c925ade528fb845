// SPDX-License-Identifier: MIT
/*
 * The alignment mode through vsharp.ko's debugfs files (vsharp/kmod.h).
 * Every value is one text line; a write is one write() of the whole value
 * at offset 0, as the ABI asks (Documentation/ABI/testing/debugfs-vsharp).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "vsharp/kmod.h"

/*
 * The module's SH_MEM_CONFIG layout names per level (<dev>/family).  GFX6 has
 * none: SI has no SH_MEM_CONFIG (Linux gfx_6_0_d.h), so no alignment mode.
 */
static const char *const families[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX7] = "gfx7", [VSHARP_GFX8] = "gfx8", [VSHARP_GFX9] = "gfx9", [VSHARP_GFX10] = "gfx10.1", [VSHARP_GFX10_3] = "gfx10.3",
	[VSHARP_GFX11] = "gfx11", [VSHARP_GFX12] = "gfx12",
};

static bool path_of(char *buf, size_t n, const char *dir, const char *file)
{
	return (size_t)snprintf(buf, n, "%s/%s", dir, file) < n;
}

int vsharp_kmod_read(const char *dir, const char *file, char *buf, size_t n, struct vsharp_error *err)
{
	char path[VSHARP_KMOD_PATH];
	size_t len;
	FILE *f;

	if (!path_of(path, sizeof(path), dir, file))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/%s: path too long", dir, file);
	f = fopen(path, "r");
	if (!f)
		return vsharp_fail(err, -errno, "kmod: cannot read %s: %s%s", path, strerror(errno),
				   errno == EACCES ? " (vsharp.ko's files are root-only)" : "");
	if (!fgets(buf, (int)n, f)) {
		fclose(f);
		return vsharp_fail(err, -EIO, "kmod: %s is empty", path);
	}
	fclose(f);
	len = strcspn(buf, "\r\n");
	buf[len] = '\0';
	return 0;
}

/* One write() of TEXT at offset 0; async-signal-safe. */
static int write_file(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ssize_t got;
	int ret = 0;

	if (fd < 0)
		return -errno;
	got = write(fd, text, len);
	if (got < 0)
		ret = -errno;
	else if ((size_t)got != len)
		ret = -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

int vsharp_kmod_find(const char *debugfs, const char *backend, enum vsharp_gfx level, char *dir, size_t n,
		     struct vsharp_error *err)
{
	const char *want = (unsigned)level < VSHARP_GFX_COUNT ? families[level] : NULL;
	size_t blen = strlen(backend);
	char root[VSHARP_KMOD_PATH], found[2][256], family[32];
	unsigned matches = 0;
	struct dirent *e;
	DIR *d;

	if (!want)
		return vsharp_fail(err, -EOPNOTSUPP,
				   "kmod: vsharp.ko sets no alignment mode on %s: it has no SH_MEM_CONFIG (Linux gfx_6_0_d.h); allowed gfx7 to gfx12",
				   vsharp_gfx_name(level) ? vsharp_gfx_name(level) : "this level");
	if ((size_t)snprintf(root, sizeof(root), "%s/vsharp", debugfs) >= sizeof(root))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/vsharp: path too long", debugfs);
	d = opendir(root);
	if (!d) {
		int open_err = errno;

		/*
		 * debugfs is root's only: a user who may not look cannot tell a
		 * module that is not there (sysfs, which anyone reads, says) from
		 * one whose mode they cannot read.
		 */
		if (open_err == ENOENT || access("/sys/module/vsharp", F_OK))
			return vsharp_fail(err, -ENOENT, "kmod: %s: %s (vsharp.ko is not loaded)", root,
					   strerror(open_err));
		return vsharp_fail(err, -open_err, "kmod: vsharp.ko is loaded, but %s: %s", root,
				   strerror(open_err));
	}
	while ((e = readdir(d))) {
		const char *s = e->d_name;
		char sub[VSHARP_KMOD_PATH];

		if (strncmp(s, backend, blen) || strspn(s + blen, "0123456789") != strlen(s + blen) || !s[blen])
			continue;
		if (!path_of(sub, sizeof(sub), root, s) ||
		    vsharp_kmod_read(sub, "family", family, sizeof(family), NULL) || strcmp(family, want))
			continue;
		if (matches < 2)
			snprintf(found[matches], sizeof(found[0]), "%s", s);
		matches++;
	}
	closedir(d);
	if (!matches)
		return vsharp_fail(err, -ENOENT, "kmod: no %s device of family %s under %s", backend, want,
				   root);
	if (matches > 1)
		return vsharp_fail(err, -EEXIST,
				   "kmod: %u %s devices of family %s under %s (%s, %s%s): load vsharp.ko with the device under test alone",
				   matches, backend, want, root, found[0], found[1], matches > 2 ? ", ..." : "");
	if ((size_t)snprintf(dir, n, "%s/%s", root, found[0]) >= n)
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/%s: path too long", root, found[0]);
	return 0;
}

int vsharp_kmod_vmid_mode(const char *dir, unsigned vmid, enum vsharp_align_mode *mode,
			  struct vsharp_error *err)
{
	char file[48], line[64];
	int ret;

	if (vmid >= VSHARP_KMOD_VMIDS)
		return vsharp_fail(err, -EINVAL, "kmod: VMID %u (allowed 0..%u)", vmid, VSHARP_KMOD_VMIDS - 1);
	snprintf(file, sizeof(file), "vmid/%u/alignment_mode", vmid);
	ret = vsharp_kmod_read(dir, file, line, sizeof(line), err);
	if (!ret && vsharp_align_mode_parse(line, mode, NULL))
		ret = vsharp_fail(err, -EPROTO, "kmod: %s/%s reads '%s' (allowed dword, dword_strict, strict, unaligned)",
				  dir, file, line);
	return ret;
}

int vsharp_kmod_parse_vmids(const char *text, unsigned *mask, struct vsharp_error *err)
{
	const char *p = text;

	*mask = 0;
	if (!strcmp(text, "none"))
		return 0;
	while (*p) {
		char *end;
		unsigned long lo = strtoul(p, &end, 10), hi = lo;

		if (end == p || lo >= VSHARP_KMOD_VMIDS)
			break;
		p = end;
		if (*p == '-') {
			hi = strtoul(p + 1, &end, 10);
			if (end == p + 1 || hi >= VSHARP_KMOD_VMIDS || hi < lo)
				break;
			p = end;
		}
		for (unsigned long v = lo; v <= hi; v++)
			*mask |= 1u << v;
		if (!*p)
			return 0;
		if (*p++ != ',')
			break;
	}
	*mask = 0;
	return vsharp_fail(err, -EPROTO, "kmod: VMID set '%s' (allowed none, or VMIDs 0..15 and ranges: 1-7,9)",
			   text);
}

/* kmod/parse.c vsharp_format_vmids(): "1-7,9", "none". */
static void format_vmids(unsigned mask, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned v = 0; v < VSHARP_KMOD_VMIDS && len < n; v++) {
		unsigned hi = v;

		if (!(mask >> v & 1))
			continue;
		while (hi + 1 < VSHARP_KMOD_VMIDS && mask >> (hi + 1) & 1)
			hi++;
		len += (size_t)snprintf(buf + len, n - len, hi > v ? "%s%u-%u" : "%s%u", len ? "," : "", v, hi);
		v = hi;
	}
	if (!len)
		snprintf(buf, n, "none");
}

/* One write of the restore: TEXT into DIR/FILE. */
static int add_undo(struct vsharp_kmod_mode *k, const char *dir, const char *file, const char *text,
		    struct vsharp_error *err)
{
	struct vsharp_kmod_write *u = &k->undo[k->n_undo];
	char path[VSHARP_KMOD_PATH];

	if (k->n_undo == VSHARP_KMOD_UNDO)
		return vsharp_fail(err, -ENOSPC, "kmod: more than %u writes to undo", VSHARP_KMOD_UNDO);
	if (!path_of(path, sizeof(path), dir, file))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/%s: path too long", dir, file);
	memcpy(u->path, path, sizeof(path));
	snprintf(u->text, sizeof(u->text), "%s\n", text);
	k->n_undo++;
	return 0;
}

/* Notes how to put back what DIR holds now: `restore` if the module changed nothing, else the VMID's mode. */
static int plan_undo(struct vsharp_kmod_mode *k, const char *dir, const char *status, struct vsharp_error *err)
{
	enum vsharp_align_mode was;
	char file[48];
	int ret;

	k->n_undo = 0;
	if (!strcmp(status, "unmodified"))
		return add_undo(k, dir, "restore", "1", err);
	ret = vsharp_kmod_vmid_mode(dir, (unsigned)k->vmid, &was, err);
	snprintf(file, sizeof(file), "vmid/%d/alignment_mode", k->vmid);
	return ret ? ret : add_undo(k, dir, file, vsharp_align_mode_name(was), err);
}

static int read_status(const char *dir, char *status, size_t n, struct vsharp_error *err)
{
	int ret = vsharp_kmod_read(dir, "status", status, n, err);

	if (!ret && strcmp(status, "unmodified") && strcmp(status, "applied") && strcmp(status, "lost"))
		ret = vsharp_fail(err, -EPROTO, "kmod: %s/status reads '%s' (allowed unmodified, applied, lost)",
				  dir, status);
	return ret;
}

/*
 * Whether K's mode holds: the driver rewrote none of its VMIDs (the whole
 * set's `status`; a VMID's own entry in `lost`) and its file reads the mode.
 */
static int holds(const struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	char line[64], lost[64] = "", file[48] = "alignment_mode";
	enum vsharp_align_mode got;
	unsigned lost_mask = 0;
	int ret = read_status(k->dir, line, sizeof(line), err);

	if (!ret && !strcmp(line, "lost")) {
		vsharp_kmod_read(k->dir, "lost", lost, sizeof(lost), NULL);
		if (k->vmid < 0 || vsharp_kmod_parse_vmids(lost, &lost_mask, NULL) || lost_mask & k->mask)
			return vsharp_fail(err, -ECANCELED,
					   "kmod: %s/status reads lost: the driver rewrote VMIDs %s (a GPU reset or resume), so their mode is amdgpu's again",
					   k->dir, lost[0] ? lost : "?");
	}
	if (k->vmid >= 0)
		snprintf(file, sizeof(file), "vmid/%d/alignment_mode", k->vmid);
	if (!ret)
		ret = vsharp_kmod_read(k->dir, file, line, sizeof(line), err);
	if (!ret && (vsharp_align_mode_parse(line, &got, NULL) || got != k->mode))
		ret = vsharp_fail(err, -EPROTO, "kmod: %s/%s reads back '%s', not %s", k->dir, file, line,
				  vsharp_align_mode_name(k->mode));
	return ret;
}

int vsharp_kmod_reserved(const char *dir, unsigned *mask, struct vsharp_error *err)
{
	char line[64];
	int ret = vsharp_kmod_read(dir, "reserved_vmids", line, sizeof(line), NULL);

	if (ret == -ENOENT)
		return vsharp_fail(err, -EOPNOTSUPP,
				   "kmod: %s has no reserved_vmids: this vsharp.ko sets a mode on VMIDs every process's jobs run on (load a vsharp.ko that knows AMDGPU_VM_OP_RESERVE_VMID)",
				   dir);
	if (ret)
		return vsharp_kmod_read(dir, "reserved_vmids", line, sizeof(line), err);
	return vsharp_kmod_parse_vmids(line, mask, err);
}

/* The emulated device's reservation: its VMID added to the module's set (emuN/reserved_vmids is writable). */
static int reserve_emu(struct vsharp_kmod_mode *k, unsigned reserved, struct vsharp_error *err)
{
	char path[VSHARP_KMOD_PATH], was[64], now[64];
	int ret;

	format_vmids(reserved, was, sizeof(was));
	format_vmids(reserved | k->mask, now, sizeof(now));
	if (!path_of(path, sizeof(path), k->dir, "reserved_vmids"))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/reserved_vmids: path too long", k->dir);
	k->pending = true;
	ret = write_file(path, now);
	if (ret)
		return vsharp_fail(err, ret, "kmod: writing %s to %s: %s", now, path, strerror(-ret));
	return add_undo(k, k->dir, "reserved_vmids", was, err);
}

/* Lets the module set a VMID no reservation isolates: `force` 1 until the restore. */
static int force(struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	char path[VSHARP_KMOD_PATH], line[16];
	int ret = vsharp_kmod_read(k->dir, "force", line, sizeof(line), err);

	if (ret || !strcmp(line, "1"))
		return ret;
	if (!path_of(path, sizeof(path), k->dir, "force"))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/force: path too long", k->dir);
	k->pending = true;
	ret = write_file(path, "1\n");
	if (ret)
		return vsharp_fail(err, ret, "kmod: writing 1 to %s: %s", path, strerror(-ret));
	return add_undo(k, k->dir, "force", line, err);
}

int vsharp_kmod_set_mode(const char *dir, unsigned vmid, enum vsharp_align_mode mode, unsigned flags,
			 struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	char status[64], path[VSHARP_KMOD_PATH], text[16], file[48];
	unsigned reserved = 0;
	int ret;

	memset(k, 0, sizeof(*k));
	if (vmid >= VSHARP_KMOD_VMIDS)
		return vsharp_fail(err, -EINVAL, "kmod: VMID %u (allowed 0..%u)", vmid, VSHARP_KMOD_VMIDS - 1);
	if ((size_t)snprintf(k->dir, sizeof(k->dir), "%s", dir) >= sizeof(k->dir))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s: path too long", dir);
	k->vmid = (int)vmid;
	k->mask = 1u << vmid;
	snprintf(k->vmids, sizeof(k->vmids), "%u", vmid);
	snprintf(file, sizeof(file), "vmid/%u/alignment_mode", vmid);
	/* The mode's own undo first: a restore puts the mode back before the reservation goes. */
	ret = read_status(dir, status, sizeof(status), err);
	if (!ret)
		ret = plan_undo(k, dir, status, err);
	if (!ret)
		ret = vsharp_kmod_reserved(dir, &reserved, err);
	if (!ret && !(reserved & k->mask) && (flags & VSHARP_KMOD_RESERVE_EMU)) {
		ret = reserve_emu(k, reserved, err);
		reserved |= k->mask;
	}
	if (!ret && !(reserved & k->mask)) {
		char listed[64];

		format_vmids(reserved, listed, sizeof(listed));
		ret = flags & VSHARP_KMOD_SHARED ? force(k, err) :
			vsharp_fail(err, -EACCES,
				    "kmod: VMID %u is not reserved for one process (%s/reserved_vmids reads %s): every process's jobs may run on it, and under the mode too (--allow-shared-vmid sets it anyway)",
				    vmid, dir, listed);
	}
	if (!ret && !path_of(path, sizeof(path), dir, file))
		ret = vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/%s: path too long", dir, file);
	if (!ret) {
		snprintf(text, sizeof(text), "%s\n", vsharp_align_mode_name(mode));
		k->pending = true;
		ret = write_file(path, text);
		if (ret)
			vsharp_fail(err, ret, "kmod: writing %s to %s: %s%s", vsharp_align_mode_name(mode), path,
				    strerror(-ret),
				    ret == -EBUSY ? " (GFXOFF allowed, suspended or in reset: Documentation/kmod.rst)" :
				    ret == -EACCES ? " (the module finds the VMID not reserved: Documentation/hardware.rst)" : "");
	}
	k->mode = mode;
	if (!ret)
		ret = holds(k, err);
	if (ret) {
		vsharp_kmod_restore(k);
		return ret;
	}
	return 0;
}

int vsharp_kmod_check(const struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	return holds(k, err);
}

/* The guarded mode and the actions it displaced. */
static struct vsharp_kmod_mode *volatile guarded;
static const int guarded_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct sigaction displaced[ARRAY_SIZE(guarded_signals)];

static void unguard(void)
{
	if (!guarded)
		return;
	guarded = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(guarded_signals); i++)
		sigaction(guarded_signals[i], &displaced[i], NULL);
}

int vsharp_kmod_restore(struct vsharp_kmod_mode *k)
{
	int ret = 0;

	if (!k->pending)
		return 0;
	k->pending = false;
	for (unsigned i = 0; i < k->n_undo; i++) {
		int r = write_file(k->undo[i].path, k->undo[i].text);

		if (r && !ret)
			ret = r;
	}
	if (guarded == k)
		unguard();
	return ret;
}

static void on_signal(int sig)
{
	if (guarded)
		vsharp_kmod_restore(guarded);
	/* The displaced action (the default: the process ends) takes the signal. */
	raise(sig);
}

int vsharp_kmod_guard_signals(struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	struct sigaction sa;

	if (guarded)
		return vsharp_fail(err, -EBUSY, "kmod: signals already restore %s", guarded->dir);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(guarded_signals); i++)
		sigaddset(&sa.sa_mask, guarded_signals[i]);
	guarded = k;
	for (size_t i = 0; i < ARRAY_SIZE(guarded_signals); i++) {
		if (sigaction(guarded_signals[i], &sa, &displaced[i])) {
			int ret = -errno;

			while (i--)
				sigaction(guarded_signals[i], &displaced[i], NULL);
			guarded = NULL;
			return vsharp_fail(err, ret, "kmod: sigaction: %s", strerror(-ret));
		}
	}
	return 0;
}
