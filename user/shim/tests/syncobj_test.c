// SPDX-License-Identifier: MIT
/*
 * DRM syncobjs and sync files under the shim, through libdrm's drmSyncobj*
 * calls and libdrm_amdgpu's CS: every expected value is what Linux 6.1's
 * drivers/gpu/drm/drm_syncobj.c, dma-buf/sync_file.c and amdgpu_cs.c give
 * (cited per case), never the shim's own output.  Run by run_syncobj.sh
 * with the shim in LD_PRELOAD; each case opens the node for a drm_file of
 * its own (its own syncobj idr).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <amdgpu.h>
#include <amdgpu_drm.h>
#include <linux/sync_file.h>
#include <xf86drm.h>

#include "ktap.h"

#define NODE "/dev/dri/renderD128"
#define PAGE 4096u
#define IB_DW 8

/* libdrm's drmSyncobj* return -1 or -errno: either way errno holds the ioctl's. */
#define E(call) ((call) < 0 ? -errno : 0)
#define CHECK_EQ_OK(t, call) CHECK_MSG(t, (call) == 0, "%s failed: %s", #call, strerror(errno))

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int node(struct ktap *t)
{
	int fd = open(NODE, O_RDWR | O_CLOEXEC);

	CHECK_MSG(t, fd >= 0, "open %s: %s", NODE, strerror(errno));
	return fd;
}

static uint32_t make(struct ktap *t, int fd, uint32_t flags)
{
	uint32_t h = 0;

	CHECK_EQ(t, E(drmSyncobjCreate(fd, flags, &h)), 0);
	return h;
}

/* drm_syncobj_get_handle(): idr_alloc(.., 1, 0, ..), the lowest free id from 1. */
static void test_handles_from_one(struct ktap *t)
{
	int fd = node(t);
	uint32_t a = make(t, fd, 0), b = make(t, fd, 0);

	CHECK_EQ(t, a, 1);
	CHECK_EQ(t, b, 2);
	CHECK_EQ(t, E(drmSyncobjDestroy(fd, a)), 0);
	CHECK_EQ(t, make(t, fd, 0), 1);
	/* drm_syncobj_destroy(): -EINVAL for a handle not in the idr. */
	CHECK_EQ(t, E(drmSyncobjDestroy(fd, 99)), -EINVAL);
	/* drm_syncobj_create_ioctl(): only DRM_SYNCOBJ_CREATE_SIGNALED. */
	CHECK_EQ(t, E(drmSyncobjCreate(fd, 2, &a)), -EINVAL);
	close(fd);
}

/*
 * drm_syncobj_array_wait_timeout(): no fence is -EINVAL without
 * WAIT_FOR_SUBMIT; with it, a poll (timeout 0) or a passed deadline is -ETIME.
 */
static void test_wait_unsubmitted(struct ktap *t)
{
	int fd = node(t);
	uint32_t h = make(t, fd, 0), first = 7;
	int64_t start;

	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 1, 0, 0, &first)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first)),
		 -ETIME);
	start = now_ns();
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 1, start + 50000000,
				     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first)), -ETIME);
	CHECK_MSG(t, now_ns() - start >= 50000000, "returned after %lld ns, before the deadline",
		  (long long)(now_ns() - start));
	/* drm_syncobj_wait_ioctl(): WAIT_AVAILABLE is a timeline wait's flag; no handles is -EINVAL. */
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 1, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, &first)),
		 -EINVAL);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 0, 0, 0, &first)), -EINVAL);
	/* drm_syncobj_array_find(): a handle that is not there is -ENOENT. */
	h = 42;
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h, 1, 0, 0, &first)), -ENOENT);
	close(fd);
}

/* first_signaled: the first that had signalled when the wait looked (drm_syncobj.c). */
static void test_wait_any_all(struct ktap *t)
{
	int fd = node(t);
	uint32_t h[2] = { make(t, fd, 0), make(t, fd, DRM_SYNCOBJ_CREATE_SIGNALED) }, first = 7;
	const uint32_t submit = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;

	CHECK_EQ(t, E(drmSyncobjWait(fd, h, 2, 0, submit, &first)), 0);
	CHECK_EQ(t, first, 1);
	CHECK_EQ(t, E(drmSyncobjWait(fd, h, 2, 0, submit | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, &first)),
		 -ETIME);
	CHECK_EQ(t, E(drmSyncobjSignal(fd, h, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, h, 2, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, &first)), 0);
	CHECK_EQ(t, first, 0);
	/* RESET: replace_fence(NULL), so a plain wait is -EINVAL again. */
	CHECK_EQ(t, E(drmSyncobjReset(fd, h, 2)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, h, 1, 0, 0, &first)), -EINVAL);
	close(fd);
}

struct waiter {
	int fd;
	uint32_t handle;
	uint64_t point;
	int r;
	int64_t took;
};

static void *wait_thread(void *arg)
{
	struct waiter *w = arg;
	int64_t start = now_ns();
	uint32_t first;

	w->r = E(drmSyncobjTimelineWait(w->fd, &w->handle, &w->point, 1, start + 5000000000ll,
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first));
	w->took = now_ns() - start;
	return NULL;
}

/* WAIT_FOR_SUBMIT ends when another thread attaches the fence (syncobj_wait_syncobj_func). */
static void test_wait_for_submit_thread(struct ktap *t)
{
	struct waiter w = { .fd = node(t), .point = 4, .r = 1 };
	struct timespec pause = { 0, 50000000 };
	pthread_t th;
	uint64_t point = 4;

	w.handle = make(t, w.fd, 0);
	CHECK_EQ(t, pthread_create(&th, NULL, wait_thread, &w), 0);
	nanosleep(&pause, NULL);
	CHECK_EQ(t, E(drmSyncobjTimelineSignal(w.fd, &w.handle, &point, 1)), 0);
	pthread_join(th, NULL);
	CHECK_EQ(t, w.r, 0);
	CHECK_MSG(t, w.took < 4000000000ll, "the waiter took %lld ns", (long long)w.took);
	close(w.fd);
}

/*
 * Timelines: dma_fence_chain_find_seqno() finds points up to the head's
 * seqno; dma_fence_chain_init() numbers an older point max(point, head);
 * QUERY reads the head (drm_syncobj_query_ioctl), 0 for a plain fence.
 */
static void test_timeline_points(struct ktap *t)
{
	int fd = node(t);
	uint32_t h = make(t, fd, 0), b = make(t, fd, DRM_SYNCOBJ_CREATE_SIGNALED), first;
	uint64_t p = 5, q = 0;
	const uint32_t submit = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;

	CHECK_EQ(t, E(drmSyncobjQuery(fd, &h, &q, 1)), 0);
	CHECK_EQ(t, q, 0);
	CHECK_EQ(t, E(drmSyncobjTimelineSignal(fd, &h, &p, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjQuery(fd, &h, &q, 1)), 0);
	CHECK_EQ(t, q, 5);
	p = 3;
	CHECK_EQ(t, E(drmSyncobjTimelineWait(fd, &h, &p, 1, 0, 0, &first)), 0);
	CHECK_EQ(t, E(drmSyncobjTimelineSignal(fd, &h, &p, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjQuery(fd, &h, &q, 1)), 0);
	CHECK_EQ(t, q, 5);
	CHECK_EQ(t, E(drmSyncobjQuery2(fd, &h, &q, 1, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED)), 0);
	CHECK_EQ(t, q, 5);
	p = 6;
	CHECK_EQ(t, E(drmSyncobjTimelineWait(fd, &h, &p, 1, 0, 0, &first)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjTimelineWait(fd, &h, &p, 1, 0, submit, &first)), -ETIME);
	CHECK_EQ(t, E(drmSyncobjTimelineWait(fd, &h, &p, 1, 0,
					     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, &first)), -ETIME);
	/* A plain fence has no points: point 1 is -EINVAL, the query 0. */
	p = 1;
	CHECK_EQ(t, E(drmSyncobjTimelineWait(fd, &b, &p, 1, 0, 0, &first)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjQuery(fd, &b, &q, 1)), 0);
	CHECK_EQ(t, q, 0);
	/* Flags: QUERY knows LAST_SUBMITTED only. */
	CHECK_EQ(t, E(drmSyncobjQuery2(fd, &h, &q, 1, 2)), -EINVAL);
	close(fd);
}

/*
 * TRANSFER: to point 0 the source fence replaces the destination's; to a
 * point it is added there.  A source without a fence is -EINVAL
 * (drm_syncobj_find_fence), a missing destination -ENOENT.
 */
static void test_transfer(struct ktap *t)
{
	int fd = node(t);
	uint32_t tl = make(t, fd, 0), bin = make(t, fd, 0), empty = make(t, fd, 0), first;
	uint64_t p = 2, q = 0;

	CHECK_EQ(t, E(drmSyncobjTimelineSignal(fd, &tl, &p, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjTransfer(fd, bin, 0, tl, 2, 0)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &bin, 1, 0, 0, &first)), 0);
	CHECK_EQ(t, E(drmSyncobjTransfer(fd, tl, 7, bin, 0, 0)), 0);
	CHECK_EQ(t, E(drmSyncobjQuery(fd, &tl, &q, 1)), 0);
	CHECK_EQ(t, q, 7);
	CHECK_EQ(t, E(drmSyncobjTransfer(fd, bin, 0, empty, 0, 0)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjTransfer(fd, 77, 0, tl, 0, 0)), -ENOENT);
	close(fd);
}

/* HANDLE_TO_FD / FD_TO_HANDLE: one syncobj behind two handles, in two drm_files. */
static void test_handle_fd(struct ktap *t)
{
	int a = node(t), b = node(t), sfd = -1, other;
	uint32_t h = make(t, a, 0), h2 = 0, first;

	CHECK_EQ(t, E(drmSyncobjHandleToFD(a, h, &sfd)), 0);
	CHECK_EQ(t, E(drmSyncobjFDToHandle(b, sfd, &h2)), 0);
	CHECK_EQ(t, h2, 1);
	CHECK_EQ(t, E(drmSyncobjSignal(a, &h, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(b, &h2, 1, 0, 0, &first)), 0);
	/* The file keeps the syncobj: destroying both handles leaves it importable. */
	CHECK_EQ(t, E(drmSyncobjDestroy(a, h)), 0);
	CHECK_EQ(t, E(drmSyncobjFDToHandle(a, sfd, &h)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(a, &h, 1, 0, 0, &first)), 0);
	/* drm_syncobj_fd_to_handle(): a descriptor of anything else is -EINVAL. */
	other = open("/dev/null", O_RDONLY);
	CHECK_EQ(t, E(drmSyncobjFDToHandle(a, other, &h2)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjHandleToFD(a, 55, &other)), -EINVAL);
	close(other);
	close(sfd);
	close(a);
	close(b);
}

/*
 * Sync files: exporting needs a fence (-EINVAL without); what comes out is
 * signalled, polls readable, and FILE_INFO (sync_file_ioctl_fence_info)
 * reports it: the stub's names "stub", status 1, the name
 * "driver-timeline<context>-<seqno>" (sync_file_get_name).
 */
static void test_sync_file(struct ktap *t)
{
	int fd = node(t), sf = -1, dup_fd;
	uint32_t h = make(t, fd, 0), h2 = make(t, fd, 0), first;
	struct sync_fence_info fi;
	struct sync_file_info info;
	struct sync_merge_data m;
	struct pollfd p;

	CHECK_EQ(t, E(drmSyncobjExportSyncFile(fd, h, &sf)), -EINVAL);
	CHECK_EQ(t, E(drmSyncobjSignal(fd, &h, 1)), 0);
	CHECK_EQ(t, E(drmSyncobjExportSyncFile(fd, h, &sf)), 0);
	p = (struct pollfd){ sf, POLLIN, 0 };
	CHECK_EQ(t, poll(&p, 1, 0), 1);
	CHECK(t, p.revents & POLLIN);
	memset(&info, 0, sizeof(info));
	memset(&fi, 0, sizeof(fi));
	info.num_fences = 1;
	info.sync_fence_info = (uintptr_t)&fi;
	CHECK_EQ(t, E(ioctl(sf, SYNC_IOC_FILE_INFO, &info)), 0);
	CHECK_EQ(t, info.status, 1);
	CHECK_EQ(t, info.num_fences, 1);
	CHECK_STR(t, info.name, "stub-stub0-0");
	CHECK_STR(t, fi.driver_name, "stub");
	CHECK_EQ(t, fi.status, 1);
	info.flags = 1;
	CHECK_EQ(t, E(ioctl(sf, SYNC_IOC_FILE_INFO, &info)), -EINVAL);
	/* Imported into an empty syncobj, the fence makes it signalled. */
	CHECK_EQ(t, E(drmSyncobjImportSyncFile(fd, h2, sf)), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &h2, 1, 0, 0, &first)), 0);
	CHECK_EQ(t, E(drmSyncobjImportSyncFile(fd, 66, sf)), -ENOENT);
	/* A syncobj's own file is not a sync file (sync_file_get_fence: NULL). */
	CHECK_EQ(t, E(drmSyncobjHandleToFD(fd, h, &dup_fd)), 0);
	CHECK_EQ(t, E(drmSyncobjImportSyncFile(fd, h2, dup_fd)), -EINVAL);
	close(dup_fd);
	/* A dup() is the same file; MERGE keeps the name asked for, of signalled fences a stub. */
	dup_fd = dup(sf);
	close(sf);
	memset(&m, 0, sizeof(m));
	strcpy(m.name, "merged");
	m.fd2 = dup_fd;
	CHECK_EQ(t, E(ioctl(dup_fd, SYNC_IOC_MERGE, &m)), 0);
	memset(&info, 0, sizeof(info));
	CHECK_EQ(t, E(ioctl(m.fence, SYNC_IOC_FILE_INFO, &info)), 0);
	CHECK_STR(t, info.name, "merged");
	CHECK_EQ(t, info.status, 1);
	CHECK_EQ(t, info.num_fences, 1);
	close(m.fence);
	m.fd2 = fd;	/* the node is no sync file: sync_file_fdget() NULL, -ENOENT */
	CHECK_EQ(t, E(ioctl(dup_fd, SYNC_IOC_MERGE, &m)), -ENOENT);
	close(dup_fd);
	close(fd);
}

/* A compute job: a NOP IB in a GTT BO, with the extra CS chunks given. */
struct job {
	amdgpu_device_handle dev;
	amdgpu_context_handle ctx;
	amdgpu_bo_handle bo;
	amdgpu_va_handle va_handle;
	uint64_t va;
	uint32_t kms, list;
};

static bool job_init(struct ktap *t, int fd, struct job *j)
{
	struct amdgpu_bo_alloc_request req = { .alloc_size = PAGE, .phys_alignment = PAGE,
					       .preferred_heap = AMDGPU_GEM_DOMAIN_GTT };
	struct drm_amdgpu_bo_list_entry e;
	uint32_t major, minor, *ib;
	void *cpu;

	memset(j, 0, sizeof(*j));
	if (!CHECK_EQ_OK(t, amdgpu_device_initialize(fd, &major, &minor, &j->dev)) ||
	    !CHECK_EQ_OK(t, amdgpu_cs_ctx_create(j->dev, &j->ctx)) ||
	    !CHECK_EQ_OK(t, amdgpu_bo_alloc(j->dev, &req, &j->bo)) ||
	    !CHECK_EQ_OK(t, amdgpu_va_range_alloc(j->dev, amdgpu_gpu_va_range_general, PAGE, PAGE,
						  0, &j->va, &j->va_handle, 0)) ||
	    !CHECK_EQ_OK(t, amdgpu_bo_va_op(j->bo, 0, PAGE, j->va, 0, AMDGPU_VA_OP_MAP)) ||
	    !CHECK_EQ_OK(t, amdgpu_bo_cpu_map(j->bo, &cpu)) ||
	    !CHECK_EQ_OK(t, amdgpu_bo_export(j->bo, amdgpu_bo_handle_type_kms, &j->kms)))
		return false;
	ib = cpu;
	/* PKT3(NOP) whose body fills the IB (PM4 type 3, opcode 0x10, count = body - 1). */
	ib[0] = (3u << 30) | ((IB_DW - 2) << 16) | (0x10 << 8);
	memset(ib + 1, 0, (IB_DW - 1) * 4);
	e = (struct drm_amdgpu_bo_list_entry){ j->kms, 0 };
	return CHECK_EQ_OK(t, amdgpu_bo_list_create_raw(j->dev, 1, &e, &j->list));
}

static void job_fini(struct job *j)
{
	if (j->list)
		amdgpu_bo_list_destroy_raw(j->dev, j->list);
	if (j->va_handle) {
		amdgpu_bo_va_op(j->bo, 0, PAGE, j->va, 0, AMDGPU_VA_OP_UNMAP);
		amdgpu_va_range_free(j->va_handle);
	}
	if (j->bo)
		amdgpu_bo_free(j->bo);
	if (j->ctx)
		amdgpu_cs_ctx_free(j->ctx);
	if (j->dev)
		amdgpu_device_deinitialize(j->dev);
}

/* One CS: the IB and the chunk CHUNK_ID holding N entries of ENTRY bytes; the errno. */
static int job_submit(struct job *j, uint32_t chunk_id, const void *entries, size_t bytes,
		      uint64_t *seq)
{
	struct drm_amdgpu_cs_chunk_ib ib = { .ip_type = AMDGPU_HW_IP_COMPUTE, .va_start = j->va,
					     .ib_bytes = IB_DW * 4 };
	struct drm_amdgpu_cs_chunk chunks[2] = {
		{ AMDGPU_CHUNK_ID_IB, sizeof(ib) / 4, (uintptr_t)&ib },
		{ chunk_id, (uint32_t)(bytes / 4), (uintptr_t)entries },
	};

	return amdgpu_cs_submit_raw2(j->dev, j->ctx, j->list, chunk_id ? 2 : 1, chunks, seq);
}

/*
 * The CS chunks (amdgpu_cs_p2_syncobj_*, amdgpu_cs_post_dependencies):
 * SYNCOBJ_OUT gives the job's fence, TIMELINE_SIGNAL adds its point;
 * SYNCOBJ_IN of a syncobj without a fence fails the CS with -EINVAL;
 * TIMELINE_WAIT of a submitted point passes.  One post-dependency chunk
 * per CS (-EINVAL for a second).
 */
static void test_cs_chunks(struct ktap *t)
{
	int fd = node(t);
	struct job j;
	uint32_t out = make(t, fd, 0), tl = make(t, fd, 0), first;
	struct drm_amdgpu_cs_chunk_sem sem = { out };
	struct drm_amdgpu_cs_chunk_syncobj so = { tl, 0, 9 };
	uint64_t seq = 0, q = 0;

	if (!job_init(t, fd, &j))
		goto out;
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_IN, &sem, sizeof(sem), &seq), -EINVAL);
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_OUT, &sem, sizeof(sem), &seq), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &out, 1, 0, 0, &first)), 0);
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_IN, &sem, sizeof(sem), &seq), 0);
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL, &so, sizeof(so), &seq),
		 0);
	CHECK_EQ(t, E(drmSyncobjQuery(fd, &tl, &q, 1)), 0);
	CHECK_EQ(t, q, 9);
	so.point = 8;
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT, &so, sizeof(so), &seq), 0);
	so.point = 10;
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT, &so, sizeof(so), &seq),
		 -EINVAL);
	/* A syncobj handle that is not there, as a post-dependency: -EINVAL. */
	sem.handle = 99;
	CHECK_EQ(t, job_submit(&j, AMDGPU_CHUNK_ID_SYNCOBJ_OUT, &sem, sizeof(sem), &seq), -EINVAL);
out:
	job_fini(&j);
	close(fd);
}

/*
 * AMDGPU_FENCE_TO_HANDLE (amdgpu_cs_fence_to_handle_ioctl): a job's fence
 * as a syncobj, a syncobj file or a sync file whose fence is the
 * scheduler's ("drm_sched" on the ring's timeline "comp_1.0.0",
 * amdgpu_ring_init for MEC 1 pipe 0 queue 0); a sequence not yet emitted
 * is -EINVAL (amdgpu_ctx_get_fence), an unknown WHAT -EINVAL.
 */
static void test_fence_to_handle(struct ktap *t)
{
	int fd = node(t);
	struct job j;
	struct amdgpu_cs_fence f;
	struct sync_fence_info fi;
	struct sync_file_info info;
	uint32_t out = 0, first;
	uint64_t seq = 0;

	if (!job_init(t, fd, &j))
		goto out;
	CHECK_EQ(t, job_submit(&j, 0, NULL, 0, &seq), 0);
	f = (struct amdgpu_cs_fence){ .context = j.ctx, .ip_type = AMDGPU_HW_IP_COMPUTE,
				      .fence = seq };
	CHECK_EQ(t, amdgpu_cs_fence_to_handle(j.dev, &f, AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ, &out), 0);
	CHECK_EQ(t, E(drmSyncobjWait(fd, &out, 1, 0, 0, &first)), 0);
	CHECK_EQ(t, amdgpu_cs_fence_to_handle(j.dev, &f, AMDGPU_FENCE_TO_HANDLE_GET_SYNC_FILE_FD,
					      &out), 0);
	memset(&info, 0, sizeof(info));
	memset(&fi, 0, sizeof(fi));
	info.num_fences = 1;
	info.sync_fence_info = (uintptr_t)&fi;
	CHECK_EQ(t, E(ioctl((int)out, SYNC_IOC_FILE_INFO, &info)), 0);
	CHECK_STR(t, fi.driver_name, "drm_sched");
	CHECK_STR(t, fi.obj_name, "comp_1.0.0");
	CHECK_EQ(t, fi.status, 1);
	close((int)out);
	CHECK_EQ(t, amdgpu_cs_fence_to_handle(j.dev, &f, AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ_FD, &out),
		 0);
	close((int)out);
	CHECK_EQ(t, amdgpu_cs_fence_to_handle(j.dev, &f, 3, &out), -EINVAL);
	f.fence = seq + 1;
	CHECK_EQ(t, amdgpu_cs_fence_to_handle(j.dev, &f, AMDGPU_FENCE_TO_HANDLE_GET_SYNCOBJ, &out),
		 -EINVAL);
out:
	job_fini(&j);
	close(fd);
}

/* drm_getcap(): amdgpu is DRIVER_SYNCOBJ | DRIVER_SYNCOBJ_TIMELINE (amdgpu_drv.c). */
static void test_caps(struct ktap *t)
{
	int fd = node(t);
	uint64_t v = 7;

	CHECK_EQ(t, E(drmGetCap(fd, DRM_CAP_SYNCOBJ, &v)), 0);
	CHECK_EQ(t, v, 1);
	CHECK_EQ(t, E(drmGetCap(fd, DRM_CAP_SYNCOBJ_TIMELINE, &v)), 0);
	CHECK_EQ(t, v, 1);
	close(fd);
}

KTAP_MAIN(KTAP_CASE(test_caps), KTAP_CASE(test_handles_from_one), KTAP_CASE(test_wait_unsubmitted),
	  KTAP_CASE(test_wait_any_all), KTAP_CASE(test_wait_for_submit_thread),
	  KTAP_CASE(test_timeline_points), KTAP_CASE(test_transfer), KTAP_CASE(test_handle_fd),
	  KTAP_CASE(test_sync_file), KTAP_CASE(test_cs_chunks), KTAP_CASE(test_fence_to_handle))
