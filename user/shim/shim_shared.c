// SPDX-License-Identifier: MIT
/*
 * What one kernel keeps for every process on a GPU, kept once for every
 * process under the shim that names the same machine: amdgpu's VMID
 * manager (shim_vmid.c) and the per-VMID SH_MEM_CONFIG that vsharp.ko
 * sets (shim_vsharp.c).
 *
 * VSHARP_SHIM_STATE=DIR names the machine: processes given the same DIR
 * and the same VSHARP_SHIM_CHIP open the same GPU (the profile's PCI slot,
 * as a kernel has one device per slot).  Its state is a file
 * DIR/<slot>-<chip>.gpu mapped shared and locked with flock() around every
 * use, so a process that dies holding it releases the lock.  Without
 * VSHARP_SHIM_STATE the process is a machine of its own (the state is a
 * private mapping): parallel tests do not see each other's VMIDs.
 *
 * The kernel releases a reservation when its file closes, also when the
 * process is killed (amdgpu_vm_fini from the file's release); a process
 * killed under the shim runs no destructor, so each lock first gives back
 * the reservations of processes that are gone.
 */
#define _GNU_SOURCE	/* asprintf */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shim.h"

#define SHARED_MAGIC 0x76736731u	/* "vsg1": this layout */

static int shared_fd = -1;
static pid_t shared_pid;	/* the process shared_fd's lock is for */
static char *shared_path;

/* The state as amdgpu_vmid_mgr_init() and gfx_v*_0_constants_init() leave it. */
static void fresh(struct shim_shared *s)
{
	memset(s, 0, sizeof(*s));
	s->magic = SHARED_MAGIC;
	s->size = sizeof(*s);
	shim_vmid_fresh(s);
	shim_vsharp_fresh(s);
}

static int open_machine(const char *dir)
{
	char *path = NULL;
	struct stat st;
	void *p;
	int fd, r = 0;

	if (mkdir(dir, 0700) && errno != EEXIST)
		return -errno;
	if (asprintf(&path, "%s/%s-%s.gpu", dir, shim.profile->slot, shim.profile->name) < 0)
		return -ENOMEM;
	fd = shim_real_open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(path);
		return -errno;
	}
	if (flock(fd, LOCK_EX) || fstat(fd, &st)) {
		r = -errno;
	} else if (st.st_size != 0 && st.st_size != (off_t)sizeof(struct shim_shared)) {
		r = -EPROTO;	/* another layout: a shim of another build */
	} else if (st.st_size == 0 && ftruncate(fd, sizeof(struct shim_shared))) {
		r = -errno;
	} else {
		p = shim_real_mmap(NULL, sizeof(struct shim_shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED) {
			r = -errno;
		} else {
			shim.shared = p;
			if (shim.shared->magic != SHARED_MAGIC)
				fresh(shim.shared);
			else if (shim.shared->size != sizeof(struct shim_shared))
				r = -EPROTO;
		}
	}
	flock(fd, LOCK_UN);
	if (r) {
		free(path);
		shim_real_close(fd);
		return r;
	}
	shared_fd = fd;
	shared_pid = getpid();
	shared_path = path;
	return 0;
}

int shim_shared_open(void)
{
	const char *dir = getenv("VSHARP_SHIM_STATE");
	void *p;

	if (dir && *dir)
		return open_machine(dir);
	p = shim_real_mmap(NULL, sizeof(struct shim_shared), PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -errno;
	shim.shared = p;
	fresh(shim.shared);
	return 0;
}

bool shim_shared_machine(void)
{
	return shared_fd >= 0;
}

/* The reservations of processes that ended without closing their files go back. */
static void reap(struct shim_shared *s)
{
	for (unsigned id = 0; id < SHIM_VMIDS; id++) {
		pid_t pid = s->reserved_pid[id];

		if (pid && kill(pid, 0) && errno == ESRCH)
			shim_vmid_unreserve(s, id);
	}
}

struct shim_shared *shim_shared_lock(void)
{
	/*
	 * flock() belongs to the open file, which a fork() shares: a child
	 * opens its own, or parent and child would hold the lock together.
	 */
	if (shared_fd >= 0 && shared_pid != getpid()) {
		int fd = shim_real_open(shared_path, O_RDWR | O_CLOEXEC, 0);

		if (fd >= 0) {
			shim_real_close(shared_fd);
			shared_fd = fd;
			shared_pid = getpid();
		}
	}
	/* EINTR: a signal; the lock is retried, as the kernel's mutex does not fail. */
	while (shared_fd >= 0 && flock(shared_fd, LOCK_EX) && errno == EINTR)
		;
	if (shared_fd >= 0)
		reap(shim.shared);
	return shim.shared;
}

void shim_shared_unlock(void)
{
	if (shared_fd >= 0)
		flock(shared_fd, LOCK_UN);
}

uint64_t shim_vm_tag(const struct shim_file *f)
{
	return (uint64_t)getpid() << 32 | (uint32_t)f->serial;
}
