// SPDX-License-Identifier: MIT
/*
 * The libc entry points the shim interposes: the only symbols it exports
 * (shim.map).  libdrm 2.4.114 imports open64, close, fcntl64, ioctl, mmap64,
 * munmap, stat64, fstat64, opendir/readdir64, readlink, realpath and
 * __realpath_chk, fopen64 and access (nm -D libdrm.so.2 libdrm_amdgpu.so.1);
 * read and __read_chk are for the debugfs reset file (shim_debugfs.c);
 * programs built here call the unsuffixed names.  Each sends paths of the
 * fake tree there (shim_node.c), answers for descriptors of the node, and
 * otherwise calls the next definition (RTLD_NEXT).
 */
#define _GNU_SOURCE	/* RTLD_NEXT, memfd_create, dup3, the *64 names */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shim.h"

#define EXPORT __attribute__((visibility("default")))

/* struct stat and stat64 are one layout on LP64 Linux; the shim relies on it. */
_Static_assert(sizeof(struct stat) == sizeof(struct stat64), "stat64 differs from stat");

/* Fortified and large-file names glibc's headers do not always declare. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
char *__realpath_chk(const char *path, char *resolved, size_t resolved_len);

#define REAL(name)								\
	static __typeof__(name) *real_##name;					\
	if (!real_##name)							\
		real_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

/* Rewrites PATH into the fake tree when it is one of its paths. */
#define PATH_BUF(path) char path##_buf[PATH_MAX]; \
	const char *path##_real = shim_rewrite(path, path##_buf, sizeof(path##_buf))

int shim_real_open(const char *path, int flags, mode_t mode)
{
	REAL(open);

	return real_open(path, flags, mode);
}

int shim_real_close(int fd)
{
	REAL(close);

	return real_close(fd);
}

ssize_t shim_real_write(int fd, const void *buf, size_t len)
{
	REAL(write);

	return real_write(fd, buf, len);
}

void *shim_real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	REAL(mmap);

	return real_mmap(addr, len, prot, flags, fd, offset);
}

static int node_open(const char *path, int flags)
{
	struct shim_file *f;
	int fd, err = 0;

	pthread_mutex_lock(&shim.lock);
	if (shim.unplugged)
		err = ENOENT;	/* the node went with the device */
	else if (shim.profile->open_errno)
		err = shim.profile->open_errno;
	else if (shim_fault_fire(SHIM_FAULT_EACCES))
		err = EACCES;
	pthread_mutex_unlock(&shim.lock);
	if (err) {
		shim_trace("open %s: %s", path, strerror(err));
		errno = err;
		return -1;
	}
	/* A descriptor of its own, so the program's fd bookkeeping stays real. */
	fd = memfd_create("vsharp-shim-renderD128", flags & O_CLOEXEC ? MFD_CLOEXEC : 0);
	if (fd < 0)
		return -1;
	pthread_mutex_lock(&shim.lock);
	f = shim_file_new();
	err = f ? shim_fd_set(fd, f) : -ENOMEM;
	if (err && f)
		shim_file_release(f);
	pthread_mutex_unlock(&shim.lock);
	if (err) {
		REAL(close);
		real_close(fd);
		errno = -err;
		return -1;
	}
	shim_trace("open %s: fd %d", path, fd);
	return fd;
}

/*
 * Opens of paths: a write to the host's sysfs, or to the device's remove or
 * the bus's rescan without root, is refused (shim_unplug.c); the control
 * files opened are watched.  CALL runs only when the open is allowed.
 */
#define checked_open(path, real, flags, call) __extension__ ({			\
	int check_ = shim_open_checked((path), (real), (flags)), fd_ = -1;	\
	if (check_) {								\
		errno = -check_;						\
	} else {								\
		fd_ = (call);							\
		shim_opened((real), (flags), fd_);				\
	}									\
	fd_;									\
})

/* fopen's MODE as open() flags: what counts is whether it writes. */
static int fopen_flags(const char *mode)
{
	return mode && (strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+')) ? O_RDWR : O_RDONLY;
}

/*
 * stdio writes go to the file through libc's internal write, which the
 * shim does not see: remove and rescan are refused through fopen, loudly,
 * rather than written without effect.
 */
static FILE *checked_fopen(const char *path, const char *real, const char *mode,
			   FILE *(*fn)(const char *, const char *))
{
	int flags = fopen_flags(mode), r = shim_open_checked(path, real, flags);

	if (!r && flags != O_RDONLY && shim.ready && shim_tree_control(real) != SHIM_CTL_NONE)
		r = shim_unsupported("fopen(\"%s\", \"%s\"): the device's remove and the bus's rescan act on open()/write() only",
				     path, mode);
	if (!r && flags != O_RDONLY && shim.ready && shim_vsharp_path(real))
		r = shim_unsupported("fopen(\"%s\", \"%s\"): vsharp.ko's files act on open()/write() only",
				     path, mode);
	if (!r && shim.ready && shim_tree_control(real) == SHIM_CTL_GPU_RECOVER)
		r = shim_unsupported("fopen(\"%s\", \"%s\"): amdgpu_gpu_recover resets the GPU on open()/read() only",
				     path, mode);
	if (r) {
		errno = -r;
		return NULL;
	}
	return fn(real, mode);
}

static mode_t open_mode(int flags, va_list ap)
{
	return flags & (O_CREAT | O_TMPFILE) ? (mode_t)va_arg(ap, int) : 0;
}

EXPORT int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	REAL(open);

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real_open(path_real, flags, mode));
}

EXPORT int open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	REAL(open64);

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real_open64(path_real, flags, mode));
}

EXPORT int __open_2(const char *path, int flags)
{
	REAL(__open_2);

	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real___open_2(path_real, flags));
}

EXPORT int __open64_2(const char *path, int flags)
{
	REAL(__open64_2);

	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real___open64_2(path_real, flags));
}

EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	REAL(openat);

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real_openat(dirfd, path_real, flags, mode));
}

EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t mode;
	REAL(openat64);

	va_start(ap, flags);
	mode = open_mode(flags, ap);
	va_end(ap);
	if (shim_is_node(path))
		return node_open(path, flags);
	PATH_BUF(path);
	return checked_open(path, path_real, flags, real_openat64(dirfd, path_real, flags, mode));
}

EXPORT FILE *fopen(const char *path, const char *mode)
{
	REAL(fopen);
	PATH_BUF(path);

	return checked_fopen(path, path_real, mode, real_fopen);
}

EXPORT FILE *fopen64(const char *path, const char *mode)
{
	REAL(fopen64);
	PATH_BUF(path);

	return checked_fopen(path, path_real, mode, real_fopen64);
}

/* read(2): a read of amdgpu_gpu_recover resets the GPU (shim_debugfs.c); the rest is libc's. */
EXPORT ssize_t read(int fd, void *buf, size_t len)
{
	ssize_t ret;
	REAL(read);

	if (!shim_debugfs_read(fd, buf, len, &ret))
		return real_read(fd, buf, len);
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

/* read() with _FORTIFY_SOURCE: BUFLEN is the buffer's size. */
ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);

EXPORT ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	ssize_t ret;
	REAL(__read_chk);

	if (len > buflen || !shim_debugfs_read(fd, buf, len, &ret))
		return real___read_chk(fd, buf, len, buflen);	/* which aborts when LEN > BUFLEN */
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

/* write(2): the watched remove and rescan act on what is written (shim_unplug.c). */
EXPORT ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t done;
	int r;
	REAL(write);

	if (shim_vsharp_write(fd, buf, len, &done)) {
		if (done >= 0)
			return done;
		errno = (int)-done;
		return -1;
	}
	r = shim_debugfs_write(fd);
	if (!r)
		r = shim_write_done(fd, buf, len);
	if (r) {
		errno = -r;
		return -1;
	}
	return real_write(fd, buf, len);
}

EXPORT int close(int fd)
{
	REAL(close);

	pthread_mutex_lock(&shim.lock);
	if (shim_fd_get(fd))
		shim_trace("close fd %d", fd);
	shim_fd_drop(fd);
	shim_objfd_closed(fd);
	pthread_mutex_unlock(&shim.lock);
	shim_closed(fd);
	shim_debugfs_closed(fd);
	shim_vsharp_closed(fd);
	return real_close(fd);
}

/* NEWFD now names OLDFD's file too (or nothing, when OLDFD is not the node's). */
static int dup_done(int oldfd, int newfd)
{
	struct shim_file *f;
	int err = 0;

	if (newfd < 0)
		return newfd;
	shim_vsharp_dup(oldfd, newfd);
	pthread_mutex_lock(&shim.lock);
	f = shim_fd_get(oldfd);
	if (f)
		err = shim_fd_set(newfd, f);
	else
		shim_fd_drop(newfd);
	shim_objfd_dup(oldfd, newfd);
	pthread_mutex_unlock(&shim.lock);
	if (err) {
		REAL(close);
		real_close(newfd);
		errno = -err;
		return -1;
	}
	return newfd;
}

EXPORT int dup(int fd)
{
	REAL(dup);

	return dup_done(fd, real_dup(fd));
}

EXPORT int dup2(int fd, int newfd)
{
	REAL(dup2);

	if (fd == newfd)
		return real_dup2(fd, newfd);
	return dup_done(fd, real_dup2(fd, newfd));
}

EXPORT int dup3(int fd, int newfd, int flags)
{
	REAL(dup3);

	return dup_done(fd, real_dup3(fd, newfd, flags));
}

/* fcntl's third argument is an int or a pointer; both travel in one register. */
static int fcntl_done(int fd, int cmd, int ret)
{
	return cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC ? dup_done(fd, ret) : ret;
}

EXPORT int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;
	REAL(fcntl);

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return fcntl_done(fd, cmd, real_fcntl(fd, cmd, arg));
}

EXPORT int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;
	REAL(fcntl64);

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return fcntl_done(fd, cmd, real_fcntl64(fd, cmd, arg));
}

EXPORT int ioctl(int fd, unsigned long request, ...)
{
	struct shim_file *f;
	va_list ap;
	void *arg;
	int ret;
	REAL(ioctl);

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	pthread_mutex_lock(&shim.lock);
	f = shim_fd_get(fd);
	if (!f) {
		/* A sync file's ioctls (shim_syncobj.c); any other descriptor's are real. */
		bool sync_file = shim_sync_file_ioctl(fd, request, arg, &ret);

		pthread_mutex_unlock(&shim.lock);
		if (!sync_file)
			return real_ioctl(fd, request, arg);
		shim_trace("ioctl fd %d sync file 0x%lx: %d", fd, request, ret);
		if (ret < 0) {
			errno = -ret;
			return -1;
		}
		return ret;
	}
	if (shim_file_unplugged(f)) {
		/* drm_ioctl(): drm_dev_is_unplugged. */
		ret = -ENODEV;
		shim_trace("ioctl fd %d %s: -ENODEV (the device was removed)", fd,
			   shim_ioctl_name(request));
	} else if (shim_fault_fire(SHIM_FAULT_EINTR)) {
		ret = -EINTR;
		shim_trace("ioctl fd %d %s: -EINTR (injected)", fd, shim_ioctl_name(request));
	} else {
		ret = shim_ioctl(f, request, arg);
		shim_trace("ioctl fd %d %s: %d", fd, shim_ioctl_name(request), ret);
	}
	pthread_mutex_unlock(&shim.lock);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return ret;
}

static void *node_mmap(void *addr, size_t len, int prot, int flags, off_t offset)
{
	uint64_t bo_offset = 0;
	int memfd = -1, ret;
	bool vram = false;
	void *p;
	REAL(mmap);

	pthread_mutex_lock(&shim.lock);
	ret = shim_mmap_lookup((uint64_t)offset, len, &memfd, &bo_offset, &vram);
	pthread_mutex_unlock(&shim.lock);
	shim_trace("mmap offset 0x%llx, %zu bytes: %d", (unsigned long long)offset, len, ret);
	if (ret) {
		errno = -ret;
		return MAP_FAILED;
	}
	p = real_mmap(addr, len, prot, flags, memfd, (off_t)bo_offset);
	if (p != MAP_FAILED && vram)
		shim_vram_mapped(p, len, prot);
	return p;
}

static bool is_node_fd(int fd)
{
	bool yes;

	pthread_mutex_lock(&shim.lock);
	yes = shim_fd_get(fd) != NULL;
	pthread_mutex_unlock(&shim.lock);
	return yes;
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	REAL(mmap);

	if (fd >= 0 && is_node_fd(fd))
		return node_mmap(addr, len, prot, flags, offset);
	return real_mmap(addr, len, prot, flags, fd, offset);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t offset)
{
	REAL(mmap64);

	if (fd >= 0 && is_node_fd(fd))
		return node_mmap(addr, len, prot, flags, (off_t)offset);
	return real_mmap64(addr, len, prot, flags, fd, offset);
}

/* Stats: paths of the tree go there; the node and its descriptors are char 226:128. */
#define STAT_PATH(fn, st_type)							\
EXPORT int fn(const char *path, struct st_type *st)				\
{										\
	int ret;								\
	REAL(fn);								\
	PATH_BUF(path);								\
										\
	ret = real_##fn(path_real, st);						\
	if (!ret && shim_is_node(path))						\
		shim_node_stat(st);						\
	return ret;								\
}
STAT_PATH(stat, stat)
STAT_PATH(stat64, stat64)
STAT_PATH(lstat, stat)
STAT_PATH(lstat64, stat64)

#define STAT_FD(fn, st_type)							\
EXPORT int fn(int fd, struct st_type *st)					\
{										\
	int ret;								\
	REAL(fn);								\
										\
	ret = real_##fn(fd, st);						\
	if (!ret && is_node_fd(fd))						\
		shim_node_stat(st);						\
	return ret;								\
}
STAT_FD(fstat, stat)
STAT_FD(fstat64, stat64)

#define STAT_AT(fn, st_type)							\
EXPORT int fn(int dirfd, const char *path, struct st_type *st, int flags)	\
{										\
	int ret;								\
	REAL(fn);								\
	PATH_BUF(path);								\
										\
	ret = real_##fn(dirfd, path_real, st, flags);				\
	if (!ret && (shim_is_node(path) ||					\
		     (!*path && (flags & AT_EMPTY_PATH) && is_node_fd(dirfd))))	\
		shim_node_stat(st);						\
	return ret;								\
}
STAT_AT(fstatat, stat)
STAT_AT(fstatat64, stat64)

EXPORT int access(const char *path, int mode)
{
	REAL(access);
	PATH_BUF(path);

	return real_access(path_real, mode);
}

EXPORT DIR *opendir(const char *path)
{
	REAL(opendir);
	PATH_BUF(path);

	return real_opendir(path_real);
}

EXPORT ssize_t readlink(const char *path, char *buf, size_t size)
{
	REAL(readlink);
	PATH_BUF(path);

	return real_readlink(path_real, buf, size);
}

EXPORT char *realpath(const char *path, char *resolved)
{
	char *ret;
	REAL(realpath);
	PATH_BUF(path);

	ret = real_realpath(path_real, resolved);
	shim_unrewrite(ret);
	return ret;
}

EXPORT char *__realpath_chk(const char *path, char *resolved, size_t resolved_len)
{
	char *ret;
	REAL(__realpath_chk);
	PATH_BUF(path);

	ret = real___realpath_chk(path_real, resolved, resolved_len);
	shim_unrewrite(ret);
	return ret;
}
