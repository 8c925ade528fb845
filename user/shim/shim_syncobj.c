// SPDX-License-Identifier: MIT
/*
 * DRM sync objects and sync files, as Linux 6.1 drivers/gpu/drm/drm_syncobj.c
 * and drivers/dma-buf/sync_file.c implement them for amdgpu
 * (amdgpu_drv.c: DRIVER_SYNCOBJ | DRIVER_SYNCOBJ_TIMELINE).
 *
 * A syncobj holds a fence or none.  Every job the shim runs has finished
 * when its CS returns (shim_cs.c), so every fence that exists has
 * signalled, cleanly or with the job's error; what is left of the
 * kernel's waiting is a wait for a fence to be attached (WAIT_FOR_SUBMIT,
 * WAIT_AVAILABLE), which another thread's CS, SIGNAL or TRANSFER ends,
 * and the timeouts (-ETIME) when none comes.
 *
 * A timeline is a dma_fence_chain: drm_syncobj_add_point() puts a chain
 * node holding the point's fence in front of the old fence.  With every
 * fence signalled, dma_fence_chain_walk() has collected the nodes behind
 * the head by the time anyone walks them, so a syncobj's fence is one of:
 * a plain fence (a job's, a stub), or a chain head with its seqno and the
 * previous head's seqno (prev_seqno).  dma_fence_chain_find_seqno() then
 * answers: point 0, the fence itself; a plain fence or a head below the
 * point, -EINVAL ("not submitted yet"); a point above prev_seqno, the head;
 * an older point, nothing, which drm_syncobj_find_fence() turns into the
 * signalled stub.  dma_fence_chain_init() numbers the head max(point,
 * previous head) when the old fence is a chain, else the point itself.
 *
 * Descriptors: a syncobj's file (HANDLE_TO_FD) and a sync file are a
 * memfd each here, so that poll() sees them readable (a signalled sync
 * file polls EPOLLIN) and close/dup keep working; the shim keeps what
 * each one holds.  Callers hold shim.lock; the waits sleep on a condition
 * of it, so that other threads' submissions go on meanwhile.
 */
#define _GNU_SOURCE	/* memfd_create */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>

#include <amdgpu_drm.h>
#include <drm.h>
#include <linux/sync_file.h>

#include "shim.h"
#include "base/util.h"

#define WAIT_FOR_SUBMIT_NS 5000000000ll	/* DRM_SYNCOBJ_WAIT_FOR_SUBMIT_TIMEOUT */

struct shim_syncobj {
	unsigned refs;			/* handles, syncobj files, CS post-dependencies */
	bool has_fence;
	struct shim_fence fence;
};

/* What a descriptor of a syncobj file or a sync file holds; dup()s share it. */
struct objfile {
	unsigned refs;
	struct shim_syncobj *obj;	/* a syncobj file's; NULL for a sync file */
	struct shim_fence fence;	/* a sync file's */
	char name[32];			/* a merged sync file's user_name */
};

static struct objfile **objfds;
static size_t nobjfds;
static pthread_cond_t attached;
static pthread_once_t attached_once = PTHREAD_ONCE_INIT;

static void attached_init(void)
{
	pthread_condattr_t a;

	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&attached, &a);
	pthread_condattr_destroy(&a);
}

/* dma_fence_get_stub() and dma_fence_allocate_private_stub(): context 0, seqno 0. */
static struct shim_fence stub(void)
{
	struct shim_fence s = { .timestamp_ns = shim_now_ns() };

	strcpy(s.driver, "stub");
	strcpy(s.timeline, "stub");
	return s;
}

static void obj_put(struct shim_syncobj *o)
{
	if (o && !--o->refs)
		free(o);
}

static struct shim_syncobj *obj_new(const struct shim_fence *fence)
{
	struct shim_syncobj *o = calloc(1, sizeof(*o));

	if (!o)
		return NULL;
	o->refs = 1;
	if (fence) {
		o->has_fence = true;
		o->fence = *fence;
	}
	return o;
}

/* drm_syncobj_replace_fence(): waiters look again. */
static void replace(struct shim_syncobj *o, const struct shim_fence *fence)
{
	pthread_once(&attached_once, attached_init);
	o->has_fence = fence != NULL;
	if (fence) {
		o->fence = *fence;
		pthread_cond_broadcast(&attached);
	}
}

/* drm_syncobj_add_point() with dma_fence_chain_init()'s numbering. */
static void add_point(struct shim_syncobj *o, uint64_t point)
{
	struct shim_fence head = { .chain = true, .seqno = point, .timestamp_ns = shim_now_ns() };

	if (o->has_fence && o->fence.chain) {
		head.prev_seqno = o->fence.seqno;
		if (o->fence.seqno > point)
			head.seqno = o->fence.seqno;
	}
	strcpy(head.driver, "dma_fence_chain");
	strcpy(head.timeline, "unbound");
	replace(o, &head);
}

/* drm_syncobj_find_fence()'s first look (dma_fence_chain_find_seqno): 0 or -EINVAL. */
static int find(const struct shim_syncobj *o, uint64_t point, struct shim_fence *out)
{
	if (!o->has_fence)
		return -EINVAL;
	if (!point) {
		*out = o->fence;
		return 0;
	}
	if (!o->fence.chain || o->fence.seqno < point)
		return -EINVAL;
	*out = point > o->fence.prev_seqno ? o->fence : stub();
	return 0;
}

static void deadline_of(int64_t abs_ns, struct timespec *ts)
{
	ts->tv_sec = abs_ns / 1000000000;
	ts->tv_nsec = abs_ns % 1000000000;
}

int64_t shim_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Sleeps until a fence is attached anywhere or ABS_NS passes: false once it has. */
static bool sleep_until(int64_t abs_ns)
{
	struct timespec ts;

	if (abs_ns <= shim_now_ns())
		return false;
	pthread_once(&attached_once, attached_init);
	deadline_of(abs_ns, &ts);
	pthread_cond_timedwait(&attached, &shim.lock, &ts);
	return true;
}

/* Handles: the file's idr, the lowest free id from 1 (idr_alloc(.., 1, 0, ..)). */

static struct shim_syncobj *lookup(const struct shim_file *f, uint32_t handle)
{
	for (size_t i = 0; i < f->nsyncobjs; i++)
		if (f->syncobjs[i].id == handle)
			return f->syncobjs[i].obj;
	return NULL;
}

/* drm_syncobj_get_handle(): the handle takes a reference of its own. */
static int handle_new(struct shim_file *f, struct shim_syncobj *o, uint32_t *handle)
{
	struct shim_syncobj_handle *h;
	uint32_t id = 1;

	while (lookup(f, id))
		id++;
	h = shim_push(f->syncobjs, &f->nsyncobjs, sizeof(*h));
	if (!h)
		return -ENOMEM;
	f->syncobjs = h;
	h[f->nsyncobjs - 1] = (struct shim_syncobj_handle){ id, o };
	o->refs++;
	*handle = id;
	return 0;
}

void shim_syncobj_file_release(struct shim_file *f)
{
	for (size_t i = 0; i < f->nsyncobjs; i++)
		obj_put(f->syncobjs[i].obj);
	free(f->syncobjs);
	f->syncobjs = NULL;
	f->nsyncobjs = 0;
}

/* Descriptors. */

static struct objfile *objfd(int fd)
{
	return fd >= 0 && (size_t)fd < nobjfds ? objfds[fd] : NULL;
}

static void objfile_put(struct objfile *o)
{
	if (o && !--o->refs) {
		obj_put(o->obj);
		free(o);
	}
}

static int objfd_set(int fd, struct objfile *o)
{
	if ((size_t)fd >= nobjfds) {
		size_t n = (size_t)fd + 64;
		struct objfile **grown = realloc(objfds, n * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		memset(grown + nobjfds, 0, (n - nobjfds) * sizeof(*grown));
		objfds = grown;
		nobjfds = n;
	}
	objfile_put(objfds[fd]);
	objfds[fd] = o;
	o->refs++;
	return 0;
}

void shim_objfd_closed(int fd)
{
	struct objfile *o = objfd(fd);

	if (o) {
		objfds[fd] = NULL;
		objfile_put(o);
	}
}

void shim_objfd_dup(int oldfd, int newfd)
{
	struct objfile *o = objfd(oldfd);

	shim_objfd_closed(newfd);
	if (o && objfd_set(newfd, o))
		shim_trace("fd %d: no memory to record it as a copy of fd %d", newfd, oldfd);
}

/* get_unused_fd_flags(O_CLOEXEC) and an anonymous file holding O. */
static int objfd_new(struct objfile *o, const char *what)
{
	int fd = memfd_create(what, MFD_CLOEXEC);
	int r;

	if (fd < 0)
		return -errno;
	r = objfd_set(fd, o);
	if (r) {
		shim_real_close(fd);
		return r;
	}
	return fd;
}

static int sync_file_new(const struct shim_fence *fence, const char *name)
{
	struct objfile *o = calloc(1, sizeof(*o));
	int fd;

	if (!o)
		return -ENOMEM;
	o->fence = *fence;
	if (name)
		snprintf(o->name, sizeof(o->name), "%s", name);
	fd = objfd_new(o, "sync_file");
	if (fd < 0)
		free(o);
	return fd;
}

/* drm_syncobj_get_fd(): the file holds a reference to the syncobj. */
static int syncobj_fd_new(struct shim_syncobj *o)
{
	struct objfile *file = calloc(1, sizeof(*file));
	int fd;

	if (!file)
		return -ENOMEM;
	file->obj = o;
	o->refs++;
	fd = objfd_new(file, "syncobj_file");
	if (fd < 0) {
		o->refs--;
		free(file);
	}
	return fd;
}

/* The ioctls (drm_syncobj.c *_ioctl). */

static int create(struct shim_file *f, void *arg)
{
	struct drm_syncobj_create *a = arg;
	struct shim_fence s = stub();
	struct shim_syncobj *o;
	int r;

	if (a->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
		return -EINVAL;
	o = obj_new(a->flags & DRM_SYNCOBJ_CREATE_SIGNALED ? &s : NULL);
	if (!o)
		return -ENOMEM;
	r = handle_new(f, o, &a->handle);
	obj_put(o);
	return r;
}

static int destroy(struct shim_file *f, void *arg)
{
	struct drm_syncobj_destroy *a = arg;

	if (a->pad)
		return -EINVAL;
	for (size_t i = 0; i < f->nsyncobjs; i++)
		if (f->syncobjs[i].id == a->handle) {
			obj_put(f->syncobjs[i].obj);
			f->syncobjs[i] = f->syncobjs[--f->nsyncobjs];
			return 0;
		}
	return -EINVAL;
}

/*
 * drm_syncobj_find_fence(): the fence at POINT; with WAIT_FOR_SUBMIT it
 * waits up to 5 s for one to be attached (-ETIME after), else -EINVAL
 * (-ENOENT for no such handle).
 */
static int find_fence(struct shim_file *f, uint32_t handle, uint64_t point, uint64_t flags,
		      struct shim_fence *out)
{
	struct shim_syncobj *o = lookup(f, handle);
	int64_t deadline = shim_now_ns() + WAIT_FOR_SUBMIT_NS;
	int r;

	if (!o)
		return -ENOENT;
	r = find(o, point, out);
	if (!r || !(flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
		return r;
	o->refs++;
	while ((r = find(o, point, out)) && sleep_until(deadline))
		;
	obj_put(o);
	return r ? -ETIME : 0;
}

static int handle_to_fd(struct shim_file *f, void *arg)
{
	struct drm_syncobj_handle *a = arg;
	struct shim_syncobj *o;
	struct shim_fence fence;
	int fd, r;

	if (a->pad)
		return -EINVAL;
	if (a->flags && a->flags != DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE)
		return -EINVAL;
	if (a->flags) {
		/* drm_syncobj_export_sync_file(). */
		r = find_fence(f, a->handle, 0, 0, &fence);
		if (r)
			return r;
		fd = sync_file_new(&fence, NULL);
	} else {
		o = lookup(f, a->handle);
		if (!o)
			return -EINVAL;
		fd = syncobj_fd_new(o);
	}
	if (fd < 0)
		return fd;
	a->fd = fd;
	return 0;
}

static int fd_to_handle(struct shim_file *f, void *arg)
{
	struct drm_syncobj_handle *a = arg;
	struct objfile *file = objfd(a->fd);
	struct shim_syncobj *o;

	if (a->pad)
		return -EINVAL;
	if (a->flags && a->flags != DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE)
		return -EINVAL;
	if (a->flags) {
		/* drm_syncobj_import_sync_file_fence(): sync_file_get_fence() first. */
		if (!file || file->obj)
			return -EINVAL;
		o = lookup(f, a->handle);
		if (!o)
			return -ENOENT;
		replace(o, &file->fence);
		return 0;
	}
	/* drm_syncobj_fd_to_handle(): only a syncobj's file. */
	if (!file || !file->obj)
		return -EINVAL;
	return handle_new(f, file->obj, &a->handle);
}

/* drm_syncobj_array_find(): every handle, -ENOENT for one that is not. */
static int array_find(struct shim_file *f, uint64_t handles, uint32_t count,
		      struct shim_syncobj ***out)
{
	const uint32_t *h = (const uint32_t *)(uintptr_t)handles;
	struct shim_syncobj **objs;

	if (shim_user_fault(handles, (size_t)count * sizeof(*h)))
		return -EFAULT;
	objs = calloc(count, sizeof(*objs));
	if (!objs)
		return -ENOMEM;
	for (uint32_t i = 0; i < count; i++) {
		objs[i] = lookup(f, h[i]);
		if (!objs[i]) {
			while (i-- > 0)
				obj_put(objs[i]);
			free(objs);
			return -ENOENT;
		}
		objs[i]->refs++;
	}
	*out = objs;
	return 0;
}

static void array_free(struct shim_syncobj **objs, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		obj_put(objs[i]);
	free(objs);
}

/*
 * drm_syncobj_array_wait_timeout(): a syncobj counts once it has a fence
 * at its point (every fence here has signalled; WAIT_AVAILABLE asks no
 * more).  Without WAIT_FOR_SUBMIT/WAIT_AVAILABLE a missing fence is
 * -EINVAL at once; with them the wait goes on until the deadline
 * (drm_timeout_abs_to_jiffies: 0 or past is a poll), then -ETIME.
 * *FIRST is the first that counted in the first look, or the one that
 * ended a wait for any; ~0 when a wait for all ends without one.
 */
static int array_wait(struct shim_syncobj **objs, const uint64_t *points, uint32_t count,
		      uint32_t flags, int64_t timeout_ns, uint32_t *first)
{
	const uint32_t pending = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
				 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
	bool all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
	bool *got = calloc(count, sizeof(*got));
	uint32_t have = 0;
	struct shim_fence fence;
	int r = 0;

	if (!got)
		return -ENOMEM;
	*first = ~0u;
	for (uint32_t i = 0; i < count; i++) {
		got[i] = !find(objs[i], points ? points[i] : 0, &fence);
		if (!got[i] && !(flags & pending)) {
			r = -EINVAL;
			goto out;
		}
		if (got[i] && !have++)
			*first = i;
	}
	if (have == count || (have && !all))
		goto out;
	for (;;) {
		have = 0;
		for (uint32_t i = 0; i < count; i++) {
			got[i] = got[i] || !find(objs[i], points ? points[i] : 0, &fence);
			if (got[i] && !all) {
				*first = i;
				goto out;
			}
			have += got[i];
		}
		if (have == count)
			goto out;
		if (!timeout_ns || !sleep_until(timeout_ns)) {
			r = -ETIME;
			goto out;
		}
	}
out:
	free(got);
	return r;
}

static int wait_common(struct shim_file *f, uint64_t handles, uint64_t points_ptr, uint32_t count,
		       uint32_t flags, uint32_t allowed, int64_t timeout_ns, uint32_t *first)
{
	struct shim_syncobj **objs;
	const uint64_t *points = (const uint64_t *)(uintptr_t)points_ptr;
	int r;

	if (flags & ~allowed)
		return -EINVAL;
	if (!count)
		return -EINVAL;
	r = array_find(f, handles, count, &objs);
	if (r)
		return r;
	r = array_wait(objs, points, count, flags, timeout_ns, first);
	array_free(objs, count);
	return r;
}

static int wait(struct shim_file *f, void *arg)
{
	struct drm_syncobj_wait *a = arg;

	return wait_common(f, a->handles, 0, a->count_handles, a->flags,
			   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
			   a->timeout_nsec, &a->first_signaled);
}

/* NULL points: every point 0 (drm_syncobj_array_wait_timeout). */
static int timeline_wait(struct shim_file *f, void *arg)
{
	struct drm_syncobj_timeline_wait *a = arg;

	return wait_common(f, a->handles, a->points, a->count_handles, a->flags,
			   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
			   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE,
			   a->timeout_nsec, &a->first_signaled);
}

/* RESET and SIGNAL: drm_syncobj_replace_fence(NULL), drm_syncobj_assign_null_handle(). */
static int reset_or_signal(struct shim_file *f, void *arg, bool signal)
{
	struct drm_syncobj_array *a = arg;
	struct shim_fence s = stub();
	struct shim_syncobj **objs;
	int r;

	if (a->pad || !a->count_handles)
		return -EINVAL;
	r = array_find(f, a->handles, a->count_handles, &objs);
	if (r)
		return r;
	for (uint32_t i = 0; i < a->count_handles; i++)
		replace(objs[i], signal ? &s : NULL);
	array_free(objs, a->count_handles);
	return 0;
}

static int reset(struct shim_file *f, void *arg)
{
	return reset_or_signal(f, arg, false);
}

static int signal_(struct shim_file *f, void *arg)
{
	return reset_or_signal(f, arg, true);
}

/* TIMELINE_SIGNAL adds a point holding the stub; QUERY reads the head's seqno. */
static int timeline_array(struct shim_file *f, void *arg, bool query)
{
	struct drm_syncobj_timeline_array *a = arg;
	uint64_t *points = (uint64_t *)(uintptr_t)a->points;
	struct shim_syncobj **objs;
	int r;

	if (a->flags & ~(uint32_t)(query ? DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED : 0))
		return -EINVAL;
	if (!a->count_handles)
		return -EINVAL;
	r = array_find(f, a->handles, a->count_handles, &objs);
	if (r)
		return r;
	for (uint32_t i = 0; i < a->count_handles && !r; i++) {
		if (query) {
			/*
			 * drm_syncobj_query_ioctl(): a chain's head seqno (the last
			 * submitted point, signalled too), 0 for a plain fence or none.
			 */
			if (shim_user_fault(a->points, 8))
				r = -EFAULT;
			else
				points[i] = objs[i]->has_fence && objs[i]->fence.chain ?
					    objs[i]->fence.seqno : 0;
		} else {
			add_point(objs[i], shim_user_fault(a->points, 8) ? 0 : points[i]);
		}
	}
	array_free(objs, a->count_handles);
	return r;
}

static int timeline_signal(struct shim_file *f, void *arg)
{
	return timeline_array(f, arg, false);
}

static int query(struct shim_file *f, void *arg)
{
	return timeline_array(f, arg, true);
}

/*
 * drm_syncobj_transfer_ioctl(): to a timeline point, the source fence
 * merged (dma_fence_unwrap_merge: of signalled fences only, a private
 * stub) as a new point; to a binary syncobj, the source fence itself.
 */
static int transfer(struct shim_file *f, void *arg)
{
	struct drm_syncobj_transfer *a = arg;
	struct shim_syncobj *dst;
	struct shim_fence fence;
	int r;

	if (a->pad)
		return -EINVAL;
	dst = lookup(f, a->dst_handle);
	if (!dst)
		return -ENOENT;
	dst->refs++;
	r = find_fence(f, a->src_handle, a->src_point, a->flags, &fence);
	if (!r && a->dst_point)
		add_point(dst, a->dst_point);
	else if (!r)
		replace(dst, &fence);
	obj_put(dst);
	return r;
}

/* Core DRM ioctls, DRM_RENDER_ALLOW (drm_ioctl.c drm_ioctls[]). */
#define SYNCOBJ(nr, name, type, fn) { nr, name, sizeof(struct type), fn, false }

static const struct shim_ioctl_entry syncobj_ioctls[] = {
	SYNCOBJ(0xbf, "SYNCOBJ_CREATE", drm_syncobj_create, create),
	SYNCOBJ(0xc0, "SYNCOBJ_DESTROY", drm_syncobj_destroy, destroy),
	SYNCOBJ(0xc1, "SYNCOBJ_HANDLE_TO_FD", drm_syncobj_handle, handle_to_fd),
	SYNCOBJ(0xc2, "SYNCOBJ_FD_TO_HANDLE", drm_syncobj_handle, fd_to_handle),
	SYNCOBJ(0xc3, "SYNCOBJ_WAIT", drm_syncobj_wait, wait),
	SYNCOBJ(0xc4, "SYNCOBJ_RESET", drm_syncobj_array, reset),
	SYNCOBJ(0xc5, "SYNCOBJ_SIGNAL", drm_syncobj_array, signal_),
	SYNCOBJ(0xca, "SYNCOBJ_TIMELINE_WAIT", drm_syncobj_timeline_wait, timeline_wait),
	SYNCOBJ(0xcb, "SYNCOBJ_QUERY", drm_syncobj_timeline_array, query),
	SYNCOBJ(0xcc, "SYNCOBJ_TRANSFER", drm_syncobj_transfer, transfer),
	SYNCOBJ(0xcd, "SYNCOBJ_TIMELINE_SIGNAL", drm_syncobj_timeline_array, timeline_signal),
};

const struct shim_ioctl_entry *shim_syncobj_ioctl(unsigned nr)
{
	for (size_t i = 0; i < ARRAY_SIZE(syncobj_ioctls); i++)
		if (syncobj_ioctls[i].nr == nr)
			return &syncobj_ioctls[i];
	return NULL;
}

/* The CS side (amdgpu_cs.c). */

int shim_syncobj_cs_wait(struct shim_file *f, uint32_t handle, uint64_t point, uint64_t flags)
{
	struct shim_fence fence;
	int r = find_fence(f, handle, point, flags, &fence);

	/* amdgpu_syncobj_lookup_and_add(). */
	if (r)
		shim_klog("[drm:amdgpu_syncobj_lookup_and_add [amdgpu]] *ERROR* syncobj %u failed to find fence @ %" PRIu64 " (%d)!",
			  handle, point, r);
	return r;
}

struct shim_syncobj *shim_syncobj_get(struct shim_file *f, uint32_t handle)
{
	struct shim_syncobj *o = lookup(f, handle);

	if (o)
		o->refs++;
	return o;
}

void shim_syncobj_put(struct shim_syncobj *o)
{
	obj_put(o);
}

/* amdgpu_cs_post_dependencies(): a point adds a chain node, 0 replaces the fence. */
void shim_syncobj_signal(struct shim_syncobj *o, uint64_t point, const struct shim_fence *fence)
{
	if (point)
		add_point(o, point);
	else
		replace(o, fence);
}

/* amdgpu_cs_fence_to_handle_ioctl() once the fence is known (NULL: the stub). */
int shim_syncobj_fence_to_handle(struct shim_file *f, const struct shim_fence *fence,
				 uint32_t what, uint32_t *out)
{
	struct shim_fence s = stub();
	struct shim_syncobj *o;
	int r;

	if (!fence)
		fence = &s;
	switch (what) {
	case AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ:
	case AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ_FD:
		o = obj_new(fence);
		if (!o)
			return -ENOMEM;
		if (what == AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ) {
			r = handle_new(f, o, out);
		} else {
			r = syncobj_fd_new(o);
			if (r >= 0) {
				*out = (uint32_t)r;
				r = 0;
			}
		}
		obj_put(o);
		return r;
	case AMDGPU_FENCE_TO_HANDLE_GET_SYNC_FILE_FD:
		r = sync_file_new(fence, NULL);
		if (r < 0)
			return r;
		*out = (uint32_t)r;
		return 0;
	default:
		return -EINVAL;
	}
}

/* Sync files (sync_file.c sync_file_ioctl). */

/* sync_file_get_name(). */
static void sync_file_name(const struct objfile *o, char *buf, size_t len)
{
	char full[96];

	if (o->name[0])
		snprintf(full, sizeof(full), "%s", o->name);
	else
		snprintf(full, sizeof(full), "%s-%s%" PRIu64 "-%" PRId64, o->fence.driver,
			 o->fence.timeline, o->fence.context, (int64_t)o->fence.seqno);
	/* Cut to the caller's room, as the kernel's snprintf does. */
	snprintf(buf, len, "%.*s", (int)(len - 1), full);
}

/* dma_fence_get_status() of a signalled fence: 1, or its error. */
static int status(const struct shim_fence *fence)
{
	return fence->error ? fence->error : 1;
}

static int file_info(struct objfile *o, struct sync_file_info *info)
{
	struct sync_fence_info *fi = (struct sync_fence_info *)(uintptr_t)info->sync_fence_info;

	if (info->flags || info->pad)
		return -EINVAL;
	/* One fence: a merge of signalled fences is a stub, a chain unwraps to one. */
	if (info->num_fences) {
		if (shim_user_fault(info->sync_fence_info, sizeof(*fi)))
			return -EFAULT;
		memset(fi, 0, sizeof(*fi));
		snprintf(fi->obj_name, sizeof(fi->obj_name), "%s", o->fence.timeline);
		snprintf(fi->driver_name, sizeof(fi->driver_name), "%s", o->fence.driver);
		fi->status = status(&o->fence);
		fi->timestamp_ns = (uint64_t)o->fence.timestamp_ns;
	}
	info->status = status(&o->fence);
	sync_file_name(o, info->name, sizeof(info->name));
	info->num_fences = 1;
	return 0;
}

static int merge(const struct objfile *o, struct sync_merge_data *data)
{
	struct shim_fence s = stub();
	struct objfile *o2 = objfd(data->fd2);
	int fd;

	if (data->flags || data->pad)
		return -EINVAL;
	if (!o2 || o2->obj)
		return -ENOENT;
	data->name[sizeof(data->name) - 1] = '\0';
	/*
	 * __dma_fence_unwrap_merge(): no pending fence, so a private stub with
	 * the latest timestamp of the two.
	 */
	s.timestamp_ns = o->fence.timestamp_ns > o2->fence.timestamp_ns ? o->fence.timestamp_ns :
									   o2->fence.timestamp_ns;
	fd = sync_file_new(&s, data->name);
	if (fd < 0)
		return fd;
	data->fence = fd;
	return 0;
}

bool shim_sync_file_ioctl(int fd, unsigned long request, void *arg, int *ret)
{
	struct objfile *o = objfd(fd);

	if (!o || o->obj)
		return false;
	switch (request) {
	case SYNC_IOC_FILE_INFO:
		*ret = shim_user_fault((uintptr_t)arg, 1) ? -EFAULT : file_info(o, arg);
		return true;
	case SYNC_IOC_MERGE:
		*ret = shim_user_fault((uintptr_t)arg, 1) ? -EFAULT : merge(o, arg);
		return true;
	default:
		return false;
	}
}
