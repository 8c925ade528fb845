/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the vsharp.ko selftests: small debugfs file access,
 * device discovery, module unload/reload.
 */
#ifndef VSHARP_UTIL_H
#define VSHARP_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <limits.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kselftest.h"
#include "vsharp_ioctl.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define VS_DEBUGFS "/sys/kernel/debug"
#define VS_ROOT VS_DEBUGFS "/vsharp"
#define VS_MAX_DEVS 16

static inline const char *vs_path(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, size, fmt, ap);
	va_end(ap);
	return out;
}

/* write len bytes in one write(); 0 or -errno */
static inline int vs_write_len(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;
	int ret = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		ret = -errno;
	else if ((size_t)n != len)
		ret = -EIO;
	close(fd);
	return ret;
}

static inline int vs_write(const char *path, const char *s)
{
	return vs_write_len(path, s, strlen(s));
}

/* read the whole file, strip one trailing newline; length or -errno */
static inline int vs_read(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while (len + 1 < size) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0) {
			n = -errno;
			close(fd);
			return n;
		}
		if (n == 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	if (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	return len;
}

/*
 * Export result buffer @id as a new dma-buf (VSHARP_IOCTL_EXPORT_DMABUF on
 * its dmabuf file, opened with @oflags); the dma-buf fd or -errno.
 */
static inline int vs_export(int id, int oflags, unsigned int flags)
{
	struct vsharp_export_dmabuf req = { .flags = flags, .fd = -1 };
	char path[256];
	int fd, ret;

	vs_path(path, sizeof(path), VS_ROOT "/buffers/%d/dmabuf", id);
	fd = open(path, oflags);
	if (fd < 0)
		return -errno;
	ret = ioctl(fd, VSHARP_IOCTL_EXPORT_DMABUF, &req) ? -errno : req.fd;
	close(fd);
	return ret;
}

static inline long vs_read_ul(const char *path)
{
	char buf[64], *end;
	unsigned long v;

	if (vs_read(path, buf, sizeof(buf)) <= 0)
		return -1;
	errno = 0;
	v = strtoul(buf, &end, 0);
	if (errno || *end)
		return -1;
	return (long)v;
}

static int vs_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* the device directories under VS_ROOT (those with a "backend" file) */
static inline int vs_devices(char names[][32], int max)
{
	char *list[VS_MAX_DEVS];
	char path[256];
	struct dirent *de;
	struct stat st;
	int n = 0, i;
	DIR *d;

	d = opendir(VS_ROOT);
	if (!d)
		return -errno;
	while ((de = readdir(d)) && n < max && n < VS_MAX_DEVS) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/backend", de->d_name);
		if (stat(path, &st) == 0)
			list[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(list, n, sizeof(list[0]), vs_cmp_str);
	for (i = 0; i < n; i++) {
		snprintf(names[i], 32, "%s", list[i]);
		free(list[i]);
	}
	return n;
}

static inline int vs_unload(void)
{
	if (syscall(SYS_delete_module, "vsharp", O_NONBLOCK))
		return -errno;
	return 0;
}

/*
 * The vsharp.ko file the tests that unload and reload it use: $VSHARP_KO,
 * else where DKMS (updates/dkms) or a plain modules_install (extra) put it
 * for the running kernel; NULL when there is none.
 */
static inline const char *vs_ko_path(void)
{
	static const char * const dirs[] = { "updates/dkms", "extra" };
	static char path[PATH_MAX];
	const char *ko = getenv("VSHARP_KO");
	struct utsname u;
	size_t i;

	if (ko && *ko)
		return ko;
	if (uname(&u))
		return NULL;
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		vs_path(path, sizeof(path), "/lib/modules/%s/%s/vsharp.ko",
			u.release, dirs[i]);
		if (access(path, R_OK) == 0)
			return path;
	}
	return NULL;
}

/* load vs_ko_path() with @params; 0 or -errno */
static inline int vs_load_params(const char *params)
{
	const char *ko = vs_ko_path();
	int fd, ret = 0;

	if (!ko)
		return -ENOENT;
	fd = open(ko, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, params, 0))
		ret = -errno;
	close(fd);
	return ret;
}

/* load with $VSHARP_PARAMS, the parameters the VM loaded it with */
static inline int vs_load(void)
{
	const char *params = getenv("VSHARP_PARAMS");

	return vs_load_params(params ? params : "");
}

/* unload, waiting up to 5 s for the last holders (closing files) to go */
static inline int vs_unload_wait(void)
{
	int i, ret = 0;

	for (i = 0; i < 50; i++) {
		ret = vs_unload();
		if (ret != -EAGAIN && ret != -EBUSY)
			break;
		usleep(100000);
	}
	return ret;
}

static inline int vs_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static inline int vs_loaded(void)
{
	struct stat st;

	return stat(VS_ROOT, &st) == 0;
}

/*
 * The vsharp command the end-to-end tests run: $VSHARP, else the first
 * "vsharp" on $PATH; NULL when there is none.
 */
static inline const char *vs_vsharp_path(void)
{
	static char path[PATH_MAX];
	const char *env = getenv("VSHARP"), *dirs = getenv("PATH");
	const char *p;
	size_t len;

	if (env && *env)
		return env;
	for (p = dirs ? dirs : ""; *p; p += len + (p[len] == ':')) {
		len = strcspn(p, ":");
		if (len && snprintf(path, sizeof(path), "%.*s/vsharp", (int)len, p) <
			   (int)sizeof(path) && access(path, X_OK) == 0)
			return path;
	}
	return NULL;
}

/* What a selftest program needs besides root and a mounted debugfs. */
enum vs_need {
	VS_NEED_MODULE = 1 << 0,	/* vsharp.ko loaded */
	VS_NEED_KO_FILE = 1 << 1,	/* a vsharp.ko file to (re)load (vs_ko_path) */
	VS_NEED_VSHARP = 1 << 2,	/* the vsharp command (vs_vsharp_path) */
	VS_NEED_DEVICE = 1 << 3,	/* vsharp.ko loaded, with a device */
};

/* @var names a file that is not there (errno says why): a failure */
static inline void vs_exit_bad_env(const char *var, const char *val)
{
	int err = errno;

	ksft_print_header();
	ksft_exit_fail_msg("%s=%s: %s\n", var, val, strerror(err));
}

/*
 * kselftest's answer to a machine that cannot run the program: the reason
 * as a SKIP line and exit code 4 (KSFT_SKIP), before any case runs.  A
 * $VSHARP_KO or $VSHARP that names no usable file is the caller's mistake:
 * that fails, with the name.
 */
static inline void vs_skip_unless(unsigned int needs)
{
	const char *ko = getenv("VSHARP_KO"), *cmd = getenv("VSHARP");
	char names[VS_MAX_DEVS][32];
	const char *why = NULL;
	struct statfs sfs;

	if (geteuid() != 0)
		why = "needs root: vsharp.ko's debugfs files are root-only";
	else if (statfs(VS_DEBUGFS, &sfs) || sfs.f_type != DEBUGFS_MAGIC)
		why = "debugfs is not mounted on " VS_DEBUGFS
		      " (mount -t debugfs none " VS_DEBUGFS ")";
	else if (ko && *ko && access(ko, R_OK))
		vs_exit_bad_env("VSHARP_KO", ko);
	else if (cmd && *cmd && access(cmd, X_OK))
		vs_exit_bad_env("VSHARP", cmd);
	else if ((needs & (VS_NEED_MODULE | VS_NEED_DEVICE)) &&
		 !vs_exists("/sys/module/vsharp"))
		why = "vsharp.ko is not loaded (insmod vsharp.ko)";
	else if ((needs & VS_NEED_DEVICE) && vs_devices(names, VS_MAX_DEVS) <= 0)
		why = "vsharp.ko has no device under " VS_ROOT
		      " (load it with gc=<GC versions> or amdgpu=1)";
	else if ((needs & VS_NEED_KO_FILE) && !vs_ko_path())
		why = "no vsharp.ko to load: set VSHARP_KO, or install it (dkms install vsharp)";
	else if ((needs & VS_NEED_VSHARP) && !vs_vsharp_path())
		why = "the vsharp command is not on PATH: set VSHARP to its path";
	if (why) {
		ksft_print_header();
		ksft_exit_skip("%s\n", why);
	}
}

/* What each program's main returns: the harness, behind vs_skip_unless(@needs). */
static inline int vs_harness_main(int argc, char **argv, unsigned int needs)
{
	vs_skip_unless(needs);
	return test_harness_run(argc, argv);
}

/*
 * Write @val ("0" or "1") to every device's force file: the tests of the
 * mode mechanics set modes on VMIDs no driver reserved; 0 or -errno.
 */
static inline int vs_force(const char *val)
{
	char names[VS_MAX_DEVS][32], path[256];
	int n = vs_devices(names, VS_MAX_DEVS), i, ret;

	for (i = 0; i < n; i++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/force", names[i]);
		ret = vs_write(path, val);
		if (ret)
			return ret;
	}
	return n < 0 ? n : 0;
}

/*
 * vs_harness_main() for programs that test the mode mechanics, not the
 * reservation check: force on every device while the cases run.
 */
static inline int vs_harness_main_forced(int argc, char **argv,
					 unsigned int needs)
{
	int ret;

	vs_skip_unless(needs);
	if (vs_force("1")) {
		ksft_print_header();
		ksft_exit_fail_msg("cannot write 1 to the devices' force files\n");
	}
	ret = test_harness_run(argc, argv);
	vs_force("0");
	return ret;
}

/* SH_MEM_CONFIG as amdgpu 6.1 initialises it (independent of the module) */
struct vs_gc_info {
	const char *gc;
	const char *family;
	unsigned int align_shift;
	unsigned int first_kfd_vmid;
	unsigned int graphics_default;
	unsigned int kfd_default;
	const char *fields[8];	/* "name:shift:width" besides alignment_mode */
};

#define VS_GFX9_FIELDS { "address_mode:0:1", "retry_disable:12:1", "private_nv:13:1" }

static const struct vs_gc_info vs_gc_table[] = {
	{ "9.0.1", "gfx9", 3, 8, 0x1018, 0x18, VS_GFX9_FIELDS },
	{ "9.2.1", "gfx9", 3, 8, 0x18, 0x18, VS_GFX9_FIELDS },
	{ "9.4.2", "gfx9", 3, 3, 0x1018, 0x18, VS_GFX9_FIELDS },
	{ "10.1.10", "gfx10.1", 2, 8, 0xc00c, 0xc00c,
	  { "address_mode:0:1", "default_mtype:4:3", "retry_mode:12:2",
	    "initial_inst_prefetch:14:2", "no_prefetch_across_page:16:1",
	    "illegal_inst_check_disable:17:1", "icache_use_gl1:18:1" } },
	{ "10.3.0", "gfx10.3", 2, 8, 0xc00c, 0xc00c,
	  { "address_mode:0:1", "default_mtype:4:3",
	    "initial_inst_prefetch:14:2", "icache_use_gl1:18:1" } },
	{ "11.0.0", "gfx11", 2, 8, 0xc00c, 0xc00c,
	  { "address_mode:0:1", "initial_inst_prefetch:14:2",
	    "icache_use_gl1:18:1" } },
	{ "12.0.0", "gfx12", 2, 8, 0xc00c, 0xc00c,
	  { "address_mode:0:1", "f8_mode:8:1", "initial_inst_prefetch:14:2",
	    "icache_use_gl1:18:1" } },
};

static inline const struct vs_gc_info *vs_gc_lookup(const char *gc)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(vs_gc_table); i++)
		if (!strcmp(vs_gc_table[i].gc, gc))
			return &vs_gc_table[i];
	return NULL;
}

static const char * const vs_modes[] = {
	"dword", "dword_strict", "strict", "unaligned"
};

#endif /* VSHARP_UTIL_H */
