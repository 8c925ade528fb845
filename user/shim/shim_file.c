// SPDX-License-Identifier: MIT
/*
 * Descriptors and files.  As in the kernel, each open() of the node is one
 * drm_file with its own GEM handles, VM, BO lists and contexts; dup() and
 * fcntl(F_DUPFD) give more descriptors of the same file (libdrm's
 * amdgpu_device_initialize works on such a copy), and the file goes with
 * its last descriptor.  Callers hold shim.lock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"

void *shim_push(void *array, size_t *n, size_t elem)
{
	char *grown = realloc(array, (*n + 1) * elem);

	if (!grown)
		return NULL;
	memset(grown + *n * elem, 0, elem);
	(*n)++;
	return grown;
}

struct shim_file *shim_file_new(void)
{
	struct shim_file *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	/* The kernel's idr handles start at 1; 0 means "none" everywhere. */
	f->next_handle = 1;
	f->next_list = 1;
	f->next_ctx = 1;
	f->serial = ++shim.next_serial;
	f->gen = shim.device_gen;
	return f;
}

struct shim_file *shim_fd_get(int fd)
{
	if (fd < 0 || (size_t)fd >= shim.nfds)
		return NULL;
	return shim.fds[fd];
}

int shim_fd_set(int fd, struct shim_file *f)
{
	if (fd < 0)
		return -EBADF;
	if ((size_t)fd >= shim.nfds) {
		size_t n = (size_t)fd + 64;
		struct shim_file **grown = realloc(shim.fds, n * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		memset(grown + shim.nfds, 0, (n - shim.nfds) * sizeof(*grown));
		shim.fds = grown;
		shim.nfds = n;
	}
	shim_fd_drop(fd);
	shim.fds[fd] = f;
	f->fds++;
	return 0;
}

void shim_fd_drop(int fd)
{
	struct shim_file *f = shim_fd_get(fd);

	if (!f)
		return;
	shim.fds[fd] = NULL;
	if (--f->fds == 0)
		shim_file_release(f);
}

void shim_file_release(struct shim_file *f)
{
	for (size_t i = 0; i < f->nmaps; i++)
		shim_bo_put(f->maps[i].bo);
	for (size_t i = 0; i < f->nlists; i++)
		shim_list_free(&f->lists[i]);
	for (size_t i = 0; i < f->nhandles; i++)
		shim_bo_put(f->handles[i].bo);
	for (size_t i = 0; i < f->nctxs; i++)
		shim_ctx_release(&f->ctxs[i]);
	shim_syncobj_file_release(f);
	/* A removed device's reservations went with it. */
	if (f->gen == shim.device_gen)
		shim_vmid_release(f);
	free(f->maps);
	free(f->lists);
	free(f->handles);
	free(f->ctxs);
	free(f);
}
