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

/* One write of the restore: TEXT into DIR/FILE. */
static int add_undo(struct vsharp_kmod_mode *k, const char *dir, const char *file, const char *text,
		    struct vsharp_error *err)
{
	struct vsharp_kmod_write *u = &k->undo[k->n_undo];
	char path[VSHARP_KMOD_PATH];

	if (!path_of(path, sizeof(path), dir, file))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/%s: path too long", dir, file);
	memcpy(u->path, path, sizeof(path));
	snprintf(u->text, sizeof(u->text), "%s\n", text);
	k->n_undo++;
	return 0;
}

/* Notes how to put back what DIR holds now: `restore` if the module changed nothing, else each VMID's mode. */
static int plan_undo(struct vsharp_kmod_mode *k, const char *dir, const char *status, struct vsharp_error *err)
{
	k->n_undo = 0;
	if (!strcmp(status, "unmodified"))
		return add_undo(k, dir, "restore", "1", err);
	for (unsigned v = 0; v < VSHARP_KMOD_VMIDS; v++) {
		enum vsharp_align_mode was;
		char file[48];
		int ret;

		if (!(k->mask >> v & 1))
			continue;
		ret = vsharp_kmod_vmid_mode(dir, v, &was, err);
		snprintf(file, sizeof(file), "vmid/%u/alignment_mode", v);
		if (!ret)
			ret = add_undo(k, dir, file, vsharp_align_mode_name(was), err);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_status(const char *dir, char *status, size_t n, struct vsharp_error *err)
{
	int ret = vsharp_kmod_read(dir, "status", status, n, err);

	if (!ret && strcmp(status, "unmodified") && strcmp(status, "applied") && strcmp(status, "lost"))
		ret = vsharp_fail(err, -EPROTO, "kmod: %s/status reads '%s' (allowed unmodified, applied, lost)",
				  dir, status);
	return ret;
}

/* Whether DIR's set reads MODE and the driver has rewritten none of it. */
static int holds(const char *dir, enum vsharp_align_mode mode, struct vsharp_error *err)
{
	char line[64], lost[64] = "";
	enum vsharp_align_mode got;
	int ret = read_status(dir, line, sizeof(line), err);

	if (!ret && !strcmp(line, "lost")) {
		vsharp_kmod_read(dir, "lost", lost, sizeof(lost), NULL);
		return vsharp_fail(err, -ECANCELED,
				   "kmod: %s/status reads lost: the driver rewrote VMIDs %s (a GPU reset or resume), so their mode is amdgpu's again",
				   dir, lost[0] ? lost : "?");
	}
	if (!ret)
		ret = vsharp_kmod_read(dir, "alignment_mode", line, sizeof(line), err);
	if (!ret && (vsharp_align_mode_parse(line, &got, NULL) || got != mode))
		ret = vsharp_fail(err, -EPROTO, "kmod: %s/alignment_mode reads back '%s', not %s", dir, line,
				  vsharp_align_mode_name(mode));
	return ret;
}

int vsharp_kmod_set_mode(const char *dir, enum vsharp_align_mode mode, struct vsharp_kmod_mode *k,
			 struct vsharp_error *err)
{
	char status[64], path[VSHARP_KMOD_PATH], text[16];
	int ret;

	memset(k, 0, sizeof(*k));
	if ((size_t)snprintf(k->dir, sizeof(k->dir), "%s", dir) >= sizeof(k->dir))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s: path too long", dir);
	ret = vsharp_kmod_read(dir, "vmids", k->vmids, sizeof(k->vmids), err);
	if (!ret)
		ret = vsharp_kmod_parse_vmids(k->vmids, &k->mask, err);
	if (!ret && !k->mask)
		ret = vsharp_fail(err, -EINVAL, "kmod: %s/vmids reads none: write the VMIDs to set there (the graphics VMIDs, 1 up to first_kfd_vmid - 1)",
				  dir);
	if (!ret)
		ret = read_status(dir, status, sizeof(status), err);
	if (!ret)
		ret = plan_undo(k, dir, status, err);
	if (ret)
		return ret;
	if (!path_of(path, sizeof(path), dir, "alignment_mode"))
		return vsharp_fail(err, -ENAMETOOLONG, "kmod: %s/alignment_mode: path too long", dir);
	snprintf(text, sizeof(text), "%s\n", vsharp_align_mode_name(mode));
	k->pending = true;
	ret = write_file(path, text);
	if (ret)
		vsharp_fail(err, ret, "kmod: writing %s to %s: %s%s", vsharp_align_mode_name(mode), path,
			    strerror(-ret), ret == -EBUSY ? " (GFXOFF allowed, suspended or in reset: Documentation/kmod.rst)" : "");
	else
		ret = holds(dir, mode, err);
	if (ret) {
		vsharp_kmod_restore(k);
		return ret;
	}
	k->mode = mode;
	return 0;
}

int vsharp_kmod_check(const struct vsharp_kmod_mode *k, struct vsharp_error *err)
{
	return holds(k->dir, k->mode, err);
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
