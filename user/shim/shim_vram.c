// SPDX-License-Identifier: MIT
/*
 * The VRAM read counter (Documentation/shim.rst "Counting CPU reads of
 * VRAM").  On a GPU, amdgpu maps VRAM to the CPU write-combined: a read
 * there is uncached, one PCIe round trip at a time, so a program that
 * reads results from VRAM waits on the bus.  With
 * VSHARP_SHIM_VRAM_READS=FILE the shim sees every such read: each CPU
 * mapping of a BO created with AMDGPU_GEM_DOMAIN_VRAM starts with no
 * access, and the first touch of each of its pages faults here.  A read
 * (the x86 page-fault error code has no W bit) counts the page; a read or
 * a write then gets the page the access the program mapped it with, until
 * the next CS takes all access away again: the GPU may have written
 * anything, and a read after it is a new read.
 *
 * So the count is of 4 KiB pages, each at most once between two CS ioctls:
 * bytes read are a page's 4096 whatever part of it was read.  A page that
 * was written first in that interval is readable afterwards without a
 * fault (x86 cannot map a page writable but not readable); vsharp writes
 * its inputs before a CS and reads after it, where every page faults anew.
 */
#define _GNU_SOURCE	/* REG_ERR, RTLD_NEXT */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "shim.h"

#define EXPORT __attribute__((visibility("default")))
#define MAX_MAPPINGS 256
#define PF_WRITE 2u		/* x86 page-fault error code bit 1: the access was a write */

/* A tracked CPU mapping; len 0 is a free slot (written last, read first by the handler). */
static struct mapping {
	_Atomic uintptr_t start;
	_Atomic size_t len;
	_Atomic int prot;
} mappings[MAX_MAPPINGS];

static const char *report;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct sigaction previous;
static atomic_ullong read_pages, write_pages, submissions, mapped;

static struct mapping *find(uintptr_t a)
{
	for (unsigned i = 0; i < MAX_MAPPINGS; i++) {
		size_t len = atomic_load(&mappings[i].len);
		uintptr_t start = atomic_load(&mappings[i].start);

		if (len && a - start < len)
			return &mappings[i];
	}
	return NULL;
}

/* A fault that is not ours goes where it would have gone without the shim. */
static void pass_on(int sig, siginfo_t *si, void *uc)
{
	if (previous.sa_flags & SA_SIGINFO) {
		previous.sa_sigaction(sig, si, uc);
		return;
	}
	if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
		previous.sa_handler(sig);
		return;
	}
	/* Returning re-runs the access, which now ends the process as it would have. */
	signal(sig, SIG_DFL);
}

#ifdef __x86_64__
static bool fault_writes(const ucontext_t *uc)
{
	return uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE;
}
#define FAULT_KIND_KNOWN true
#else
static bool fault_writes(const ucontext_t *uc)
{
	(void)uc;
	return false;
}
#define FAULT_KIND_KNOWN false
#endif

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	uintptr_t a = (uintptr_t)si->si_addr;
	struct mapping *m = si->si_code == SEGV_ACCERR ? find(a) : NULL;
	uintptr_t page = a & ~(uintptr_t)(SHIM_PAGE - 1);

	if (!m) {
		pass_on(sig, si, uc);
		return;
	}
	if (fault_writes(uc))
		atomic_fetch_add(&write_pages, 1);
	else
		atomic_fetch_add(&read_pages, 1);
	if (mprotect((void *)page, SHIM_PAGE, atomic_load(&m->prot)))
		pass_on(sig, si, uc);
}

void shim_vram_mapped(void *addr, size_t len, int prot)
{
	if (!report)
		return;
	len = (len + SHIM_PAGE - 1) & ~(size_t)(SHIM_PAGE - 1);
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_MAPPINGS; i++) {
		if (atomic_load(&mappings[i].len))
			continue;
		atomic_store(&mappings[i].start, (uintptr_t)addr);
		atomic_store(&mappings[i].prot, prot & (PROT_READ | PROT_WRITE));
		atomic_store(&mappings[i].len, len);
		atomic_fetch_add(&mapped, 1);
		mprotect(addr, len, PROT_NONE);
		pthread_mutex_unlock(&lock);
		return;
	}
	pthread_mutex_unlock(&lock);
	/* More VRAM mappings at once than slots: a count that misses some would lie. */
	fprintf(stderr, "vsharp-shim: VSHARP_SHIM_VRAM_READS: more than %u CPU mappings of VRAM BOs at once\n",
		MAX_MAPPINGS);
	_exit(2);
}

void shim_vram_rearm(void)
{
	if (!report)
		return;
	atomic_fetch_add(&submissions, 1);
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < MAX_MAPPINGS; i++) {
		size_t len = atomic_load(&mappings[i].len);

		if (len)
			mprotect((void *)atomic_load(&mappings[i].start), len, PROT_NONE);
	}
	pthread_mutex_unlock(&lock);
}

EXPORT int munmap(void *addr, size_t len)
{
	static __typeof__(munmap) *real_munmap;
	uintptr_t a = (uintptr_t)addr;

	if (!real_munmap)
		real_munmap = (__typeof__(munmap) *)dlsym(RTLD_NEXT, "munmap");
	if (report) {
		pthread_mutex_lock(&lock);
		for (unsigned i = 0; i < MAX_MAPPINGS; i++) {
			size_t mlen = atomic_load(&mappings[i].len);
			uintptr_t start = atomic_load(&mappings[i].start);

			if (mlen && a < start + mlen && start < a + len)
				atomic_store(&mappings[i].len, 0);
		}
		pthread_mutex_unlock(&lock);
	}
	return real_munmap(addr, len);
}

__attribute__((constructor)) static void vram_init(void)
{
	const char *file = getenv("VSHARP_SHIM_VRAM_READS");
	struct sigaction sa;

	if (!file || !*file)
		return;
	if (!FAULT_KIND_KNOWN) {
		fprintf(stderr, "vsharp-shim: VSHARP_SHIM_VRAM_READS=%s: counting needs x86-64, whose page-fault error code tells a read from a write\n",
			file);
		_exit(2);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, &previous)) {
		fprintf(stderr, "vsharp-shim: VSHARP_SHIM_VRAM_READS=%s: cannot handle SIGSEGV\n", file);
		_exit(2);
	}
	report = file;
}

/*
 * One line per process that mapped a VRAM BO or submitted, appended, so
 * that a program's children add theirs.
 */
__attribute__((destructor)) static void vram_report(void)
{
	int fd;

	if (!report || (!atomic_load(&mapped) && !atomic_load(&submissions)))
		return;
	fd = shim_real_open(report, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "vsharp-shim: VSHARP_SHIM_VRAM_READS=%s: cannot write the count\n",
			report);
		return;
	}
	dprintf(fd, "vram_read_bytes %llu vram_read_pages %llu vram_written_pages %llu cs %llu pid %d\n",
		atomic_load(&read_pages) * SHIM_PAGE, atomic_load(&read_pages),
		atomic_load(&write_pages), atomic_load(&submissions), (int)getpid());
	shim_real_close(fd);
}
