// SPDX-License-Identifier: MIT
/*
 * A GPU virtual address space: the page mappings GEM_VA builds, each with
 * the READABLE/WRITEABLE/EXECUTABLE bits the GPU's page tables would carry.
 * Mappings are kept sorted by address; a job maps a few dozen at most, so a
 * binary search over an array is all the lookup needs.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/gpu.h"

struct vm_map {
	uint64_t va, size;
	uint8_t *host;
	unsigned perms;
};

struct vsharp_vm {
	struct vm_map *maps;
	size_t n, cap;
};

int vsharp_vm_create(struct vsharp_vm **vm, struct vsharp_error *err)
{
	*vm = calloc(1, sizeof(**vm));
	if (!*vm)
		return vsharp_fail(err, -ENOMEM, "vm: out of memory");
	return 0;
}

void vsharp_vm_destroy(struct vsharp_vm *vm)
{
	if (!vm)
		return;
	free(vm->maps);
	free(vm);
}

/* Index of the first mapping that ends after VA (n when none does). */
static size_t first_after(const struct vsharp_vm *vm, uint64_t va)
{
	size_t lo = 0, hi = vm->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct vm_map *m = &vm->maps[mid];

		if (m->va + m->size <= va)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int check_range(const char *what, uint64_t va, uint64_t size, struct vsharp_error *err)
{
	if (!size || va % VSHARP_VM_PAGE || size % VSHARP_VM_PAGE || va + size < va)
		return vsharp_fail(err, -EINVAL,
				   "vm: %s of %" PRIu64 " bytes at 0x%" PRIx64 ": address and size must be non-zero multiples of %u that do not wrap",
				   what, size, va, VSHARP_VM_PAGE);
	return 0;
}

static int insert_at(struct vsharp_vm *vm, size_t i, const struct vm_map *m, struct vsharp_error *err)
{
	if (vm->n == vm->cap) {
		size_t cap = vm->cap ? 2 * vm->cap : 16;
		struct vm_map *maps = realloc(vm->maps, cap * sizeof(*maps));

		if (!maps)
			return vsharp_fail(err, -ENOMEM, "vm: out of memory for %zu mappings", cap);
		vm->maps = maps;
		vm->cap = cap;
	}
	memmove(&vm->maps[i + 1], &vm->maps[i], (vm->n - i) * sizeof(*m));
	vm->maps[i] = *m;
	vm->n++;
	return 0;
}

int vsharp_vm_map(struct vsharp_vm *vm, uint64_t va, uint64_t size, uint8_t *host, unsigned perms,
		  struct vsharp_error *err)
{
	struct vm_map m = { va, size, host, perms };
	size_t i;
	int ret;

	ret = check_range("map", va, size, err);
	if (ret)
		return ret;
	if (!host || perms & ~(unsigned)(VSHARP_VM_READ | VSHARP_VM_WRITE | VSHARP_VM_EXEC))
		return vsharp_fail(err, -EINVAL, "vm: map at 0x%" PRIx64 ": no host memory or permissions 0x%x (allowed READ 1 | WRITE 2 | EXEC 4)",
				   va, perms);
	i = first_after(vm, va);
	if (i < vm->n && vm->maps[i].va < va + size)
		return vsharp_fail(err, -EINVAL,
				   "vm: map [0x%" PRIx64 ", 0x%" PRIx64 ") overlaps the mapping [0x%" PRIx64 ", 0x%" PRIx64 ")",
				   va, va + size, vm->maps[i].va, vm->maps[i].va + vm->maps[i].size);
	return insert_at(vm, i, &m, err);
}

int vsharp_vm_unmap(struct vsharp_vm *vm, uint64_t va, uint64_t size, struct vsharp_error *err)
{
	uint64_t end = va + size;
	size_t i;
	int ret;

	ret = check_range("unmap", va, size, err);
	if (ret)
		return ret;
	i = first_after(vm, va);
	while (i < vm->n && vm->maps[i].va < end) {
		struct vm_map *m = &vm->maps[i];
		uint64_t m_end = m->va + m->size;

		if (m->va < va && m_end > end) {
			/* The range is inside one mapping: keep both ends. */
			struct vm_map tail = { end, m_end - end, m->host + (end - m->va), m->perms };

			m->size = va - m->va;
			return insert_at(vm, i + 1, &tail, err);
		}
		if (m->va < va) {
			m->size = va - m->va;
			i++;
		} else if (m_end > end) {
			m->host += end - m->va;
			m->size = m_end - end;
			m->va = end;
			i++;
		} else {
			memmove(m, m + 1, (vm->n - i - 1) * sizeof(*m));
			vm->n--;
		}
	}
	return 0;
}

uint8_t *vsharp_vm_at(const struct vsharp_vm *vm, uint64_t va, uint64_t n, unsigned perms)
{
	size_t i = first_after(vm, va);
	const struct vm_map *m;
	uint64_t end = va + n;

	if (i == vm->n || end < va)
		return NULL;
	m = &vm->maps[i];
	if (va < m->va || (m->perms & perms) != perms)
		return NULL;
	/*
	 * The GPU translates page by page, so an access may go on into the next
	 * mapping; the host bytes must then be contiguous too (buffers carved
	 * from one host window are).
	 */
	for (size_t k = i; m->va + m->size < end; k++) {
		const struct vm_map *next = k + 1 < vm->n ? &vm->maps[k + 1] : NULL;

		if (!next || next->va != vm->maps[k].va + vm->maps[k].size ||
		    (next->perms & perms) != perms ||
		    next->host != vm->maps[k].host + vm->maps[k].size)
			return NULL;
		if (next->va + next->size >= end)
			break;
	}
	return m->host + (va - m->va);
}

int vsharp_vm_check(const struct vsharp_vm *vm, uint64_t va, uint64_t n, unsigned perms,
		    uint64_t *bad)
{
	uint64_t page = va & ~(uint64_t)(VSHARP_VM_PAGE - 1);

	while (page < va + n) {
		size_t i = first_after(vm, page);
		const struct vm_map *m = i < vm->n ? &vm->maps[i] : NULL;

		if (!m || page < m->va || (m->perms & perms) != perms) {
			*bad = page > va ? page : va;
			return -EFAULT;
		}
		page = m->va + m->size;
	}
	return 0;
}

int vsharp_vm_lookup(const struct vsharp_vm *vm, uint64_t va, uint64_t *start, uint64_t *size,
		     unsigned *perms)
{
	size_t i = first_after(vm, va);

	if (i == vm->n || va < vm->maps[i].va)
		return -ENOENT;
	*start = vm->maps[i].va;
	*size = vm->maps[i].size;
	*perms = vm->maps[i].perms;
	return 0;
}
