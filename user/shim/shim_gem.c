// SPDX-License-Identifier: MIT
/*
 * GEM buffers, their VA mappings and BO lists, with the checks and errnos
 * of Linux 6.1 amdgpu_gem.c (create, mmap, va, wait_idle, userptr, op,
 * metadata), amdgpu_vm.c (amdgpu_vm_verify_parameters, bo_map, bo_unmap,
 * clear_mappings) and amdgpu_bo_list.c.
 *
 * A BO is a memfd: the program's mmap() of the node maps the memfd, and
 * the emulated GPU reads and writes the shim's own view of it, so both see
 * the same bytes with no copies.  Callers hold shim.lock.
 */
#define _GNU_SOURCE	/* memfd_create */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <amdgpu_drm.h>
#include <drm.h>

#include "shim.h"
#include "vsharp/gpu.h"

/* Flags newer than libdrm 2.4.114's header (Linux 6.1 uapi amdgpu_drm.h). */
#ifndef AMDGPU_GEM_CREATE_DISCARDABLE
#define AMDGPU_GEM_CREATE_DISCARDABLE (1 << 12)
#endif
#ifndef AMDGPU_VM_PAGE_NOALLOC
#define AMDGPU_VM_PAGE_NOALLOC (1 << 9)
#endif

#define BO_LIST_MAX_ENTRIES (128u * 1024)	/* amdgpu_bo_list.h AMDGPU_BO_LIST_MAX_ENTRIES */

void shim_garbage(uint8_t *p, uint64_t size, uint64_t seed)
{
	/* splitmix64: stale-looking bytes, never a run of zeroes. */
	for (uint64_t i = 0; i + 8 <= size; i += 8) {
		uint64_t z = seed + (i + 8) * 0x9e3779b97f4a7c15ull;

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
		memcpy(p + i, &z, 8);
	}
}

/*
 * Writing the stale bytes of a BO nobody looks at costs its every page
 * (9.2's 4 GiB VRAM BO without CPU access: 20 s and 4 GiB of memory);
 * they are written when first seen, the same bytes either way.
 */
void shim_bo_stale(struct shim_bo *bo, uint64_t seed)
{
	if (bo->stale) {
		bo->stale_seed = seed;
		return;
	}
	/* A BO already seen may be mapped by the CPU: its bytes change now. */
	if (bo->touched) {
		shim_garbage(bo->host, bo->size, seed);
		return;
	}
	bo->stale = true;
	bo->stale_seed = seed;
}

uint8_t *shim_bo_bytes(struct shim_bo *bo)
{
	if (bo->stale) {
		shim_garbage(bo->host, bo->size, bo->stale_seed);
		bo->stale = false;
	}
	bo->touched = true;
	return bo->host;
}

/* The on-chip space a GDS, GWS or OA BO held goes back to its pool. */
static uint64_t *on_chip_pool(uint32_t domains)
{
	return domains & AMDGPU_GEM_DOMAIN_GDS ? &shim.gds_used :
	       domains & AMDGPU_GEM_DOMAIN_GWS ? &shim.gws_used :
	       domains & AMDGPU_GEM_DOMAIN_OA ? &shim.oa_used : NULL;
}

static void release_on_chip(struct shim_bo *bo)
{
	uint64_t *pool = on_chip_pool(bo->domains);

	if (pool && bo->on_chip)
		*pool -= bo->on_chip;
}

void shim_bo_get(struct shim_bo *bo)
{
	bo->refs++;
}

void shim_bo_put(struct shim_bo *bo)
{
	if (--bo->refs)
		return;
	if (bo->prev)
		bo->prev->next = bo->next;
	else
		shim.bos = bo->next;
	if (bo->next)
		bo->next->prev = bo->prev;
	release_on_chip(bo);
	if (bo->memfd >= 0) {
		munmap(bo->host, bo->size);
		shim_real_close(bo->memfd);
	}
	if (bo->prt)
		munmap(bo->host, bo->size);
	free(bo);
}

struct shim_bo *shim_bo_lookup(struct shim_file *f, uint32_t handle)
{
	for (size_t i = 0; i < f->nhandles; i++)
		if (f->handles[i].id == handle)
			return f->handles[i].bo;
	return NULL;
}

/* amdgpu_bo_validate_size(), with amdgpu_gem_create_ioctl()'s VRAM -> VRAM|GTT retry. */
static bool size_fits(uint64_t size, uint32_t domains)
{
	const struct shim_profile *p = shim.profile;

	if (domains & AMDGPU_GEM_DOMAIN_GTT)
		return size < p->gtt_size;
	if (domains & AMDGPU_GEM_DOMAIN_VRAM)
		return size < p->vram_size || (domains == AMDGPU_GEM_DOMAIN_VRAM && size < p->gtt_size);
	return true;
}

/* amdgpu_gem_are_domains_valid(): CPU/GTT/VRAM in any mix, or one special domain alone. */
static bool domains_valid(uint32_t d)
{
	uint32_t normal = AMDGPU_GEM_DOMAIN_CPU | AMDGPU_GEM_DOMAIN_GTT | AMDGPU_GEM_DOMAIN_VRAM;
	uint32_t special = d & AMDGPU_GEM_DOMAIN_MASK & ~normal;

	return !special || (!(d & normal) && !(special & (special - 1)));
}

static struct shim_bo *bo_new(uint64_t size)
{
	struct shim_bo *bo = calloc(1, sizeof(*bo));

	if (!bo)
		return NULL;
	bo->memfd = memfd_create("vsharp-shim-bo", MFD_CLOEXEC);
	if (bo->memfd < 0)
		goto fail;
	if (ftruncate(bo->memfd, (off_t)size))
		goto fail_fd;
	bo->host = shim_real_mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->memfd, 0);
	if (bo->host == MAP_FAILED)
		goto fail_fd;
	bo->size = size;
	bo->refs = 1;
	bo->mmap_offset = shim.next_mmap_offset;
	shim.next_mmap_offset += size;
	bo->next = shim.bos;
	if (shim.bos)
		shim.bos->prev = bo;
	shim.bos = bo;
	return bo;
fail_fd:
	shim_real_close(bo->memfd);
fail:
	free(bo);
	return NULL;
}

/* drm_gem_handle_create(): the file's next handle for BO (which it now holds). */
static int handle_new(struct shim_file *f, struct shim_bo *bo, uint32_t *id)
{
	struct shim_handle *h = shim_push(f->handles, &f->nhandles, sizeof(*h));

	if (!h) {
		shim_bo_put(bo);
		return -ENOMEM;
	}
	f->handles = h;
	h[f->nhandles - 1].id = *id = f->next_handle++;
	h[f->nhandles - 1].bo = bo;
	return 0;
}

/* A BO with no memfd: userptr pages or on-chip space. */
static struct shim_bo *bo_bare(void)
{
	struct shim_bo *bo = calloc(1, sizeof(*bo));

	if (!bo)
		return NULL;
	bo->memfd = -1;
	bo->refs = 1;
	bo->next = shim.bos;
	if (shim.bos)
		shim.bos->prev = bo;
	shim.bos = bo;
	return bo;
}

/*
 * GEM_CREATE in GDS, GWS or OA: on-chip space, counted in bytes (GDS,
 * rounded to 4) or entries (GWS, OA), which amdgpu_bo_create() keeps as
 * one page per byte or entry ("GDS/GWS/OA allocates 1 page per
 * byte/resource"), so the BO's size is that many pages.  The pools are the
 * sizes AMDGPU_INFO_GDS_CONFIG reports; TTM's range manager finds no room
 * past them and the create fails with -ENOMEM.  No CPU access: the ioctl
 * adds AMDGPU_GEM_CREATE_NO_CPU_ACCESS, so GEM_MMAP says -EPERM.
 */
static int create_on_chip(struct shim_file *f, union drm_amdgpu_gem_create *args, uint64_t flags,
			  uint32_t domains)
{
	uint64_t gds, gws, oa, units, total, *pool = on_chip_pool(domains);
	struct shim_bo *bo;
	uint32_t id;
	int r;

	/* "GDS bo cannot be per-vm-bo". */
	if (flags & AMDGPU_GEM_CREATE_VM_ALWAYS_VALID) {
		shim_klog("[drm:amdgpu_gem_create_ioctl] *ERROR* GDS bo cannot be per-vm-bo");
		return -EINVAL;
	}
	flags |= AMDGPU_GEM_CREATE_NO_CPU_ACCESS;
	shim_gds_sizes(&gds, &gws, &oa);
	units = args->in.bo_size;
	if (!units || units > UINT32_MAX)
		return shim_unsupported("GEM_CREATE of %llu in domain 0x%x",
					(unsigned long long)units, domains);
	if (domains & AMDGPU_GEM_DOMAIN_GDS) {
		units = (units + 3) & ~3ull;
		total = gds;
	} else {
		total = domains & AMDGPU_GEM_DOMAIN_GWS ? gws : oa;
	}
	if (units > total - *pool || shim_fault_fire(SHIM_FAULT_ENOMEM)) {
		shim_trace("GEM_CREATE of %llu in domain 0x%x: %llu of %llu used: -ENOMEM",
			   (unsigned long long)units, domains, (unsigned long long)*pool,
			   (unsigned long long)total);
		return -ENOMEM;
	}
	bo = bo_bare();
	if (!bo)
		return -ENOMEM;
	bo->domains = domains;
	bo->flags = flags;
	bo->alignment = args->in.alignment;
	bo->size = units * SHIM_PAGE;
	bo->on_chip = units;
	*pool += units;
	r = handle_new(f, bo, &id);
	if (r)
		return r;
	memset(args, 0, sizeof(*args));
	args->out.handle = id;
	return 0;
}

int shim_gem_create(struct shim_file *f, void *arg)
{
	const uint64_t valid = AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED |
			       AMDGPU_GEM_CREATE_NO_CPU_ACCESS | AMDGPU_GEM_CREATE_CPU_GTT_USWC |
			       AMDGPU_GEM_CREATE_VRAM_CLEARED | AMDGPU_GEM_CREATE_VM_ALWAYS_VALID |
			       AMDGPU_GEM_CREATE_EXPLICIT_SYNC | AMDGPU_GEM_CREATE_ENCRYPTED |
			       AMDGPU_GEM_CREATE_DISCARDABLE;
	const uint32_t special = AMDGPU_GEM_DOMAIN_GDS | AMDGPU_GEM_DOMAIN_GWS | AMDGPU_GEM_DOMAIN_OA;
	union drm_amdgpu_gem_create *args = arg;
	uint64_t flags = args->in.domain_flags;
	uint32_t domains = (uint32_t)args->in.domains;
	uint64_t size = (args->in.bo_size + SHIM_PAGE - 1) & ~(SHIM_PAGE - 1);
	struct shim_bo *bo;
	uint32_t id;
	int r;

	if (flags & ~valid)
		return -EINVAL;
	if (args->in.domains & ~(uint64_t)AMDGPU_GEM_DOMAIN_MASK || !domains_valid(domains))
		return -EINVAL;
	/* No TMZ on the emulated GPU: amdgpu_is_tmz() is false. */
	if (flags & AMDGPU_GEM_CREATE_ENCRYPTED)
		return -EINVAL;
	if (domains & special)
		return create_on_chip(f, args, flags, domains);
	if (!args->in.bo_size || args->in.bo_size > UINT64_MAX - SHIM_PAGE)
		return shim_unsupported("GEM_CREATE of %llu bytes",
					(unsigned long long)args->in.bo_size);
	if (!size_fits(size, domains) || shim_fault_fire(SHIM_FAULT_ENOMEM)) {
		shim_trace("GEM_CREATE %llu bytes, domains 0x%x: -ENOMEM", (unsigned long long)size,
			   domains);
		return -ENOMEM;
	}
	bo = bo_new(size);
	if (!bo)
		return -ENOMEM;
	bo->domains = domains;
	bo->flags = flags;
	bo->alignment = args->in.alignment;
	/*
	 * VRAM comes with what was there before, unless the kernel is asked to
	 * clear it.  GTT and CPU pages come zeroed: ttm_bo_init_reserved()
	 * starts every BO in TTM_PL_SYSTEM, whose manager uses a TT, so the
	 * move to GTT creates its TT with zero_alloc (ttm_bo_handle_move_mem,
	 * ttm_tt_create: TTM_TT_FLAG_ZERO_ALLOC, __GFP_ZERO in ttm_pool.c).
	 */
	if ((domains & AMDGPU_GEM_DOMAIN_VRAM) && !(flags & AMDGPU_GEM_CREATE_VRAM_CLEARED))
		shim_bo_stale(bo, bo->mmap_offset);
	r = handle_new(f, bo, &id);
	if (r)
		return r;
	memset(args, 0, sizeof(*args));
	args->out.handle = id;
	return 0;
}

int shim_mmap_lookup(uint64_t offset, uint64_t len, int *memfd, uint64_t *bo_offset, bool *vram)
{
	len = (len + SHIM_PAGE - 1) & ~(SHIM_PAGE - 1);
	for (struct shim_bo *bo = shim.bos; bo; bo = bo->next) {
		if (bo->memfd < 0)
			continue;
		if (offset < bo->mmap_offset || offset >= bo->mmap_offset + bo->size)
			continue;
		/* drm_gem_mmap_obj(): the mapping may not run past the object. */
		if (len > bo->mmap_offset + bo->size - offset)
			return -EINVAL;
		shim_bo_bytes(bo);	/* the CPU sees its bytes from now on */
		*memfd = bo->memfd;
		*bo_offset = offset - bo->mmap_offset;
		/* libdrm passes the preferred heap as the domains; VRAM first if it is one. */
		*vram = bo->domains & AMDGPU_GEM_DOMAIN_VRAM;
		return 0;
	}
	return -EINVAL;
}

int shim_gem_mmap(struct shim_file *f, void *arg)
{
	union drm_amdgpu_gem_mmap *args = arg;
	struct shim_bo *bo = shim_bo_lookup(f, args->in.handle);

	memset(args, 0, sizeof(*args));
	if (!bo)
		return -ENOENT;
	/* amdgpu_gem_mmap_ioctl(): not a userptr BO, not one without CPU access. */
	if (bo->userptr || (bo->flags & AMDGPU_GEM_CREATE_NO_CPU_ACCESS))
		return -EPERM;
	args->out.addr_ptr = bo->mmap_offset;
	return 0;
}

static void map_remove(struct shim_file *f, size_t i)
{
	shim_bo_put(f->maps[i].bo);
	f->maps[i] = f->maps[--f->nmaps];
}

static int map_add(struct shim_file *f, struct shim_bo *bo, uint64_t start, uint64_t offset,
		   uint64_t size, unsigned perms)
{
	struct shim_map *m = shim_push(f->maps, &f->nmaps, sizeof(*m));

	if (!m)
		return -ENOMEM;
	f->maps = m;
	m[f->nmaps - 1] = (struct shim_map){ start, size, offset, bo, perms };
	shim_bo_get(bo);
	return 0;
}

/* amdgpu_vm_verify_parameters(). */
static int verify(const struct shim_bo *bo, uint64_t va, uint64_t offset, uint64_t size)
{
	uint64_t end;

	if ((va | offset | size) & (SHIM_PAGE - 1))
		return -EINVAL;
	if (__builtin_add_overflow(va, size, &end) ||
	    __builtin_add_overflow(offset, size, &end) || !size)
		return -EINVAL;
	if (bo && offset + size > bo->size)
		return -EINVAL;
	if ((va + size - 1) >> 12 >= 1ull << (shim.profile->va_bits - 12))
		return -EINVAL;
	return 0;
}

/* amdgpu_vm_bo_clear_mappings(): unmaps [va, va + size), splitting mappings at its ends. */
static int clear_range(struct shim_file *f, uint64_t va, uint64_t size)
{
	uint64_t end = va + size;
	int r = verify(NULL, va, 0, size);

	if (r)
		return r;
	for (size_t i = 0; i < f->nmaps;) {
		struct shim_map m = f->maps[i];
		uint64_t m_end = m.start + m.size;

		if (m_end <= va || m.start >= end) {
			i++;
			continue;
		}
		/* The pieces outside the range stay mapped. */
		if (m.start < va && (r = map_add(f, m.bo, m.start, m.offset, va - m.start, m.perms)))
			return r;
		if (m_end > end &&
		    (r = map_add(f, m.bo, end, m.offset + (end - m.start), m_end - end, m.perms)))
			return r;
		map_remove(f, i);
	}
	return 0;
}

/*
 * A PRT range (AMDGPU_VM_PAGE_PRT, amdgpu_gem_va_ioctl's fpriv->prt_va):
 * no BO behind it; the PTEs carry AMDGPU_PTE_PRT, so the GPU reads zeros
 * there and drops writes.  Here: anonymous pages that read zero, mapped
 * readable and writeable into each job's VM and zeroed again when the job
 * ends (shim_prt_drop_writes), so a later job never sees what an earlier
 * one wrote; within the job that wrote them the bytes are seen (silicon
 * would read zeros: Documentation/shim.rst).
 */
static struct shim_bo *prt_new(uint64_t size)
{
	struct shim_bo *bo;
	void *p = shim_real_mmap(NULL, size, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	bo = bo_bare();
	if (!bo) {
		munmap(p, size);
		return NULL;
	}
	bo->prt = true;
	bo->host = p;
	bo->size = size;
	return bo;
}

void shim_prt_drop_writes(struct shim_file *f)
{
	for (size_t i = 0; i < f->nmaps; i++)
		if (f->maps[i].bo->prt)
			madvise(f->maps[i].bo->host + f->maps[i].offset, f->maps[i].size,
				MADV_DONTNEED);
}

static int map_new(struct shim_file *f, struct shim_bo *bo, const struct drm_amdgpu_gem_va *a,
		   bool replace)
{
	unsigned perms = (a->flags & AMDGPU_VM_PAGE_READABLE ? VSHARP_VM_READ : 0) |
			 (a->flags & AMDGPU_VM_PAGE_WRITEABLE ? VSHARP_VM_WRITE : 0) |
			 (a->flags & AMDGPU_VM_PAGE_EXECUTABLE ? VSHARP_VM_EXEC : 0);
	uint64_t end = a->va_address + a->map_size;
	uint64_t offset = a->offset_in_bo;
	int r = verify(bo, a->va_address, offset, a->map_size);

	if (r)
		return r;
	if (replace) {
		r = clear_range(f, a->va_address, a->map_size);
		if (r)
			return r;
	}
	for (size_t i = 0; i < f->nmaps; i++) {
		const struct shim_map *m = &f->maps[i];

		if (m->start < end && a->va_address < m->start + m->size) {
			shim_klog("bo va 0x%010llx-0x%010llx conflict with 0x%010llx-0x%010llx",
				  (unsigned long long)a->va_address >> 12,
				  (unsigned long long)(end - 1) >> 12,
				  (unsigned long long)m->start >> 12,
				  (unsigned long long)(m->start + m->size) >> 12);
			return -EINVAL;
		}
	}
	if (!bo) {
		bo = prt_new(a->map_size);
		if (!bo)
			return -ENOMEM;
		perms = VSHARP_VM_READ | VSHARP_VM_WRITE;
		offset = 0;
		r = map_add(f, bo, a->va_address, offset, a->map_size, perms);
		shim_bo_put(bo);	/* the mapping holds it */
		return r;
	}
	return map_add(f, bo, a->va_address, offset, a->map_size, perms);
}

/* amdgpu_vm_bo_unmap(): the BO's (or, for BO NULL, the PRT) mapping that starts at VA. */
static int unmap(struct shim_file *f, struct shim_bo *bo, uint64_t va)
{
	for (size_t i = 0; i < f->nmaps; i++)
		if ((bo ? f->maps[i].bo == bo : f->maps[i].bo->prt) && f->maps[i].start == va) {
			map_remove(f, i);
			return 0;
		}
	return -ENOENT;
}

int shim_gem_va(struct shim_file *f, void *arg)
{
	const uint32_t valid = AMDGPU_VM_DELAY_UPDATE | AMDGPU_VM_PAGE_READABLE |
			       AMDGPU_VM_PAGE_WRITEABLE | AMDGPU_VM_PAGE_EXECUTABLE |
			       AMDGPU_VM_MTYPE_MASK | AMDGPU_VM_PAGE_NOALLOC;
	const uint32_t prt = AMDGPU_VM_DELAY_UPDATE | AMDGPU_VM_PAGE_PRT;
	struct drm_amdgpu_gem_va *a = arg;
	uint64_t vm_size = (1ull << shim.profile->va_bits) - SHIM_VA_RESERVED;
	struct shim_bo *bo = NULL;

	if (a->va_address < SHIM_VA_RESERVED)
		return -EINVAL;
	if (a->va_address >= SHIM_HOLE_START && a->va_address < SHIM_HOLE_END)
		return -EINVAL;
	a->va_address &= SHIM_HOLE_MASK;
	if (a->va_address + a->map_size > vm_size)
		return -EINVAL;
	if ((a->flags & ~valid) && (a->flags & ~prt))
		return -EINVAL;
	if (a->operation < AMDGPU_VA_OP_MAP || a->operation > AMDGPU_VA_OP_REPLACE)
		return -EINVAL;
	/* A PRT map, unmap or replace names no BO: the handle is not looked at. */
	if (a->operation != AMDGPU_VA_OP_CLEAR && !(a->flags & AMDGPU_VM_PAGE_PRT)) {
		bo = shim_bo_lookup(f, a->handle);
		if (!bo)
			return -ENOENT;
		/*
		 * amdgpu_gem_va_ioctl() has no check for on-chip BOs; the PTEs
		 * amdgpu_vm_bo_update() would write give the GDS/GWS/OA
		 * offset as an address, which reaches no memory.  Refused.
		 */
		if (bo->on_chip && a->operation != AMDGPU_VA_OP_UNMAP)
			return shim_unsupported("GEM_VA of a GDS/GWS/OA BO (domains 0x%x): it has no memory to map",
						bo->domains);
	}
	switch (a->operation) {
	case AMDGPU_VA_OP_MAP:
		return map_new(f, bo, a, false);
	case AMDGPU_VA_OP_UNMAP:
		return unmap(f, bo, a->va_address);
	case AMDGPU_VA_OP_CLEAR:
		return clear_range(f, a->va_address, a->map_size);
	default:
		return map_new(f, bo, a, true);
	}
}

/* Every job ends (or hangs for good) inside its CS: a BO is idle once it returns. */
int shim_gem_wait_idle(struct shim_file *f, void *arg)
{
	union drm_amdgpu_gem_wait_idle *args = arg;

	if (!shim_bo_lookup(f, args->in.handle))
		return -ENOENT;
	memset(args, 0, sizeof(*args));
	return 0;
}

/* drm_gem_handle_delete(); amdgpu_gem_object_close() drops the BO's mappings in this VM. */
int shim_gem_close(struct shim_file *f, void *arg)
{
	struct drm_gem_close *args = arg;

	for (size_t i = 0; i < f->nhandles; i++) {
		struct shim_bo *bo = f->handles[i].bo;

		if (f->handles[i].id != args->handle)
			continue;
		for (size_t j = f->nmaps; j-- > 0;)
			if (f->maps[j].bo == bo)
				map_remove(f, j);
		f->handles[i] = f->handles[--f->nhandles];
		shim_bo_put(bo);
		return 0;
	}
	return -EINVAL;
}

/*
 * The mapping of [ADDR, ADDR + SIZE) in /proc/self/maps: 0 when every page
 * is mapped, -EFAULT when one is not (get_user_pages: no VMA), -EPERM with
 * ANON_ONLY for a file-backed one (amdgpu_ttm.c amdgpu_ttm_tt_get_user_pages:
 * "if (... ANONONLY) && vma->vm_file) r = -EPERM").
 */
static int user_pages(uint64_t addr, uint64_t size, bool anon_only)
{
	int fd = shim_real_open("/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
	uint64_t next = addr, end = addr + size;
	char buf[1 << 16], *line, *save = NULL;
	size_t have = 0;
	ssize_t n;
	int r = -EFAULT;

	if (fd < 0)
		return -EFAULT;
	while (have < sizeof(buf) - 1 && (n = read(fd, buf + have, sizeof(buf) - 1 - have)) > 0)
		have += (size_t)n;
	shim_real_close(fd);
	buf[have] = '\0';
	for (line = strtok_r(buf, "\n", &save); line && next < end; line = strtok_r(NULL, "\n", &save)) {
		unsigned long long lo, hi, inode;
		unsigned dev_major, dev_minor;
		char perms[8];

		if (sscanf(line, "%llx-%llx %7s %*x %x:%x %llu", &lo, &hi, perms, &dev_major, &dev_minor,
			   &inode) != 6 || hi <= next || lo > next)
			continue;
		if (anon_only && inode) {
			r = -EPERM;
			break;
		}
		next = hi;
	}
	if (next >= end)
		r = 0;
	return r;
}

/*
 * amdgpu_gem_userptr_ioctl() as Debian 12 builds it
 * (CONFIG_DRM_AMDGPU_USERPTR=y, so CONFIG_HMM_MIRROR and an MMU notifier):
 * the checks, then a GTT BO whose pages are the process's own, so what the
 * GPU writes lands in the user's buffer.  VALIDATE looks the pages up at
 * once (amdgpu_ttm_tt_get_user_pages); without it a missing page shows at
 * the first job, as a VM fault.
 */
int shim_gem_userptr(struct shim_file *f, void *arg)
{
	const uint32_t known = AMDGPU_GEM_USERPTR_READONLY | AMDGPU_GEM_USERPTR_ANONONLY |
			       AMDGPU_GEM_USERPTR_VALIDATE | AMDGPU_GEM_USERPTR_REGISTER;
	struct drm_amdgpu_gem_userptr *args = arg;
	struct shim_bo *bo;
	uint32_t id;
	int r;

	if ((args->addr | args->size) & (SHIM_PAGE - 1))
		return -EINVAL;
	if (args->flags & ~known)
		return -EINVAL;
	/* "if we want to write to it we must install a MMU notifier". */
	if (!(args->flags & AMDGPU_GEM_USERPTR_READONLY) &&
	    !(args->flags & AMDGPU_GEM_USERPTR_REGISTER))
		return -EACCES;
	/* amdgpu_gem_object_create() in the CPU domain: amdgpu_bo_validate_size() checks no size there. */
	if (!args->size || args->size > UINT64_MAX - args->addr)
		return shim_unsupported("GEM_USERPTR of %llu bytes at 0x%llx",
					(unsigned long long)args->size, (unsigned long long)args->addr);
	if (args->flags & AMDGPU_GEM_USERPTR_VALIDATE) {
		r = user_pages(args->addr, args->size, args->flags & AMDGPU_GEM_USERPTR_ANONONLY);
		if (r) {
			shim_trace("GEM_USERPTR 0x%llx + %llu: %s", (unsigned long long)args->addr,
				   (unsigned long long)args->size,
				   r == -EPERM ? "a file-backed page with ANONONLY (-EPERM)" :
						 "a page not mapped (-EFAULT)");
			return r;
		}
	}
	bo = bo_bare();
	if (!bo)
		return -ENOMEM;
	bo->userptr = true;
	bo->host = (uint8_t *)(uintptr_t)args->addr;
	bo->size = args->size;
	bo->domains = AMDGPU_GEM_DOMAIN_GTT;	/* preferred_domains */
	/* amdgpu_ttm_tt_pte_flags(): a read-only userptr's PTEs are not writeable. */
	bo->readonly = args->flags & AMDGPU_GEM_USERPTR_READONLY;
	r = handle_new(f, bo, &id);
	if (r)
		return r;
	args->handle = id;
	return 0;
}

int shim_gem_metadata(struct shim_file *f, void *arg)
{
	struct drm_amdgpu_gem_metadata *args = arg;
	struct shim_bo *bo = shim_bo_lookup(f, args->handle);

	if (!bo)
		return -ENOENT;
	if (args->op == AMDGPU_GEM_METADATA_OP_GET_METADATA) {
		args->data.tiling_info = bo->tiling_info;
		args->data.flags = bo->metadata_flags;
		args->data.data_size_bytes = bo->metadata_size;
		memcpy(args->data.data, bo->metadata, bo->metadata_size);
		return 0;
	}
	if (args->op != AMDGPU_GEM_METADATA_OP_SET_METADATA)
		return -EINVAL;
	/* amdgpu_bo_set_metadata(): at most the 64 dwords of the uapi struct. */
	if (args->data.data_size_bytes > sizeof(bo->metadata))
		return -EINVAL;
	bo->tiling_info = args->data.tiling_info;
	bo->metadata_flags = args->data.flags;
	bo->metadata_size = args->data.data_size_bytes;
	memcpy(bo->metadata, args->data.data, bo->metadata_size);
	return 0;
}

int shim_gem_op(struct shim_file *f, void *arg)
{
	struct drm_amdgpu_gem_op *args = arg;
	struct shim_bo *bo = shim_bo_lookup(f, args->handle);
	struct drm_amdgpu_gem_create_in info;

	if (!bo)
		return -ENOENT;
	if (args->op != AMDGPU_GEM_OP_GET_GEM_CREATE_INFO)
		return shim_unsupported("GEM_OP %u", args->op);
	info.bo_size = bo->size;
	info.alignment = bo->alignment;
	info.domains = bo->domains;
	info.domain_flags = bo->flags;
	if (shim_user_fault(args->value, sizeof(info)))
		return -EFAULT;
	memcpy((void *)(uintptr_t)args->value, &info, sizeof(info));
	return 0;
}

/* BO lists. */

void shim_list_free(struct shim_list *l)
{
	for (unsigned i = 0; i < l->n; i++)
		shim_bo_put(l->bos[i]);
	free(l->bos);
	l->bos = NULL;
	l->n = 0;
}

struct shim_list *shim_list_lookup(struct shim_file *f, uint32_t id)
{
	for (size_t i = 0; i < f->nlists; i++)
		if (f->lists[i].id == id)
			return &f->lists[i];
	return NULL;
}

/* amdgpu_bo_create_list_entry_array() + amdgpu_bo_list_create(). */
int shim_bo_list_fill(struct shim_file *f, const struct drm_amdgpu_bo_list_in *in,
		      struct shim_list *out)
{
	const uint8_t *entry = (const uint8_t *)(uintptr_t)in->bo_info_ptr;
	size_t stride = in->bo_info_size;

	if (in->bo_number > BO_LIST_MAX_ENTRIES)
		return -EINVAL;
	if (shim_user_fault(in->bo_info_ptr, (size_t)in->bo_number * stride))
		return -EFAULT;
	out->n = 0;
	out->bos = calloc(in->bo_number ? in->bo_number : 1, sizeof(*out->bos));
	if (!out->bos)
		return -ENOMEM;
	for (unsigned i = 0; i < in->bo_number; i++, entry += stride) {
		struct drm_amdgpu_bo_list_entry e = { 0, 0 };
		struct shim_bo *bo;

		/* Entries shorter than the uapi struct are zero-extended. */
		if (stride)
			memcpy(&e, entry, stride < sizeof(e) ? stride : sizeof(e));
		bo = shim_bo_lookup(f, e.bo_handle);
		if (!bo) {
			shim_list_free(out);
			return -ENOENT;
		}
		shim_bo_get(bo);
		out->bos[out->n++] = bo;
	}
	return 0;
}

int shim_bo_list(struct shim_file *f, void *arg)
{
	union drm_amdgpu_bo_list *args = arg;
	struct shim_list fresh = { 0, 0, NULL }, *l;
	uint32_t id = args->in.list_handle;
	int r;

	if (args->in.bo_number > BO_LIST_MAX_ENTRIES)
		return -EINVAL;
	switch (args->in.operation) {
	case AMDGPU_BO_LIST_OP_CREATE:
		r = shim_bo_list_fill(f, &args->in, &fresh);
		if (r)
			return r;
		l = shim_push(f->lists, &f->nlists, sizeof(*l));
		if (!l) {
			shim_list_free(&fresh);
			return -ENOMEM;
		}
		f->lists = l;
		fresh.id = id = f->next_list++;
		f->lists[f->nlists - 1] = fresh;
		break;
	case AMDGPU_BO_LIST_OP_DESTROY:
		/* amdgpu_bo_list_destroy() ignores unknown handles. */
		l = shim_list_lookup(f, id);
		if (l) {
			shim_list_free(l);
			*l = f->lists[--f->nlists];
		}
		id = 0;
		break;
	case AMDGPU_BO_LIST_OP_UPDATE:
		r = shim_bo_list_fill(f, &args->in, &fresh);
		if (r)
			return r;
		l = shim_list_lookup(f, id);
		if (!l) {
			shim_list_free(&fresh);
			return -ENOENT;
		}
		shim_list_free(l);
		fresh.id = id;
		*l = fresh;
		break;
	default:
		return -EINVAL;
	}
	memset(args, 0, sizeof(*args));
	args->out.list_handle = id;
	return 0;
}
