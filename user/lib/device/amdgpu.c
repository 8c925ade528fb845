// SPDX-License-Identifier: MIT
/*
 * The real-GPU device: libdrm_amdgpu on a render node, the context's
 * compute entity 0 (as libdrm's and IGT's tests submit).  Every libdrm call of vsharp is in this
 * file; what can be decided without a GPU (level, fences, hang text) is in
 * device/amdgpu_chips.c so the tests reach it on machines without one.
 *
 * Nothing here invents a result: with no usable GPU, open fails with the
 * reason and the caller skips.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <amdgpu.h>
#include <amdgpu_drm.h>
#include <drm.h>

#include "vsharp/amdgpu.h"
#include "vsharp/device.h"
#include "vsharp/pm4.h"
#include "base/util.h"

#define PAGE 4096u
/*
 * GTT copies kept from freed data buffers for the next ones of their size:
 * a probe context has two data buffers and the probe opens one context
 * after another.
 */
#define SPARE_COPIES 4u

struct amdgpu_bo_rec;

/* One readback request: BYTES from the data buffer's VRAM at SRC to its GTT copy at DST. */
struct copy_req {
	struct amdgpu_bo_rec *rec;
	uint64_t src, dst, bytes;
};

struct amdgpu_dev {
	struct vsharp_device base;	/* first: ops receive &base */
	int fd;
	amdgpu_device_handle adev;
	/*
	 * One context for every submission, so sequence numbers are ordered;
	 * replaced after a hang because the kernel refuses a guilty context.
	 */
	amdgpu_context_handle ctx;
	struct vsharp_amdgpu_fences fences;
	struct amdgpu_bo_rec *bos;	/* live buffers, freed by close */
	/* The readback requests of the next submit and the IB that copies them. */
	struct copy_req *reqs;
	unsigned n_reqs, cap_reqs;
	struct amdgpu_bo_rec *copy_ib;
	struct amdgpu_bo_rec *spares;	/* through next */
	unsigned n_spares;
};

/* The backend's half of a vsharp_bo: what bo_free must undo. */
struct amdgpu_bo_rec {
	struct amdgpu_dev *owner;
	amdgpu_bo_handle bo;
	amdgpu_va_handle va_handle;
	uint64_t va, map_size;
	bool va_mapped, cpu_mapped;
	void *cpu;
	struct amdgpu_bo_rec *back;	/* a data buffer's cacheable GTT copy */
	struct amdgpu_bo_rec *prev, *next;
};

static struct amdgpu_dev *to_adev(struct vsharp_device *dev)
{
	return (struct amdgpu_dev *)dev;
}

/* Appends "; " and a formatted reason to err, keeping what is there. */
__attribute__((format(printf, 2, 3)))
static void add_reason(struct vsharp_error *err, const char *fmt, ...)
{
	size_t len;
	va_list ap;

	if (!err)
		return;
	len = strlen(err->msg);
	if (len && len + 2 < sizeof(err->msg)) {
		memcpy(err->msg + len, "; ", 3);
		len += 2;
	}
	if (len + 1 >= sizeof(err->msg))
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg + len, sizeof(err->msg) - len, fmt, ap);
	va_end(ap);
}

/* Buffers. */

static void rec_release(struct amdgpu_dev *d, struct amdgpu_bo_rec *r)
{
	/* Reverse order of rec_new; each step only if it was done. */
	if (r->back && d->n_spares < SPARE_COPIES) {
		r->back->next = d->spares;
		d->spares = r->back;
		d->n_spares++;
	} else if (r->back) {
		rec_release(d, r->back);
	}
	if (r->cpu_mapped)
		amdgpu_bo_cpu_unmap(r->bo);
	if (r->va_mapped)
		amdgpu_bo_va_op_raw(d->adev, r->bo, 0, r->map_size, r->va, 0, AMDGPU_VA_OP_UNMAP);
	if (r->va_handle)
		amdgpu_va_range_free(r->va_handle);
	if (r->bo)
		amdgpu_bo_free(r->bo);
	if (r->prev)
		r->prev->next = r->next;
	else if (d->bos == r)
		d->bos = r->next;
	if (r->next)
		r->next->prev = r->prev;
	free(r);
}

/* One BO in HEAP with FLAGS, mapped for the GPU and the CPU; not on d->bos. */
static int rec_new(struct amdgpu_dev *d, uint64_t size, uint32_t heap, uint64_t flags,
		   struct amdgpu_bo_rec **out, struct vsharp_error *err)
{
	struct amdgpu_bo_alloc_request req = { 0 };
	const char *name = heap == AMDGPU_GEM_DOMAIN_GTT ? "GTT" : "VRAM";
	struct amdgpu_bo_rec *r;
	int ret;

	r = calloc(1, sizeof(*r));
	if (!r)
		return vsharp_fail(err, -ENOMEM, "bo_alloc: out of memory");
	r->owner = d;
	/* The GPU maps whole pages; the size mapped must be what was allocated. */
	r->map_size = (size + PAGE - 1) & ~(uint64_t)(PAGE - 1);
	req.alloc_size = r->map_size;
	req.phys_alignment = PAGE;
	req.preferred_heap = heap;
	req.flags = flags;
	ret = amdgpu_bo_alloc(d->adev, &req, &r->bo);
	if (ret) {
		r->bo = NULL;
		vsharp_fail(err, ret, "amdgpu_bo_alloc(%" PRIu64 " bytes, %s): %s", r->map_size,
			    name, strerror(-ret));
		goto fail;
	}
	ret = amdgpu_va_range_alloc(d->adev, amdgpu_gpu_va_range_general, r->map_size, PAGE, 0,
				    &r->va, &r->va_handle, 0);
	if (ret) {
		r->va_handle = NULL;
		vsharp_fail(err, ret, "amdgpu_va_range_alloc(%" PRIu64 " bytes): %s", r->map_size,
			    strerror(-ret));
		goto fail;
	}
	ret = amdgpu_bo_va_op_raw(d->adev, r->bo, 0, r->map_size, r->va,
				  AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE |
				  AMDGPU_VM_PAGE_EXECUTABLE, AMDGPU_VA_OP_MAP);
	if (ret) {
		vsharp_fail(err, ret, "amdgpu_bo_va_op_raw(MAP at 0x%" PRIx64 "): %s", r->va,
			    strerror(-ret));
		goto fail;
	}
	r->va_mapped = true;
	ret = amdgpu_bo_cpu_map(r->bo, &r->cpu);
	if (ret) {
		vsharp_fail(err, ret, "amdgpu_bo_cpu_map(%s buffer): %s", name, strerror(-ret));
		goto fail;
	}
	r->cpu_mapped = true;
	*out = r;
	return 0;
fail:
	rec_release(d, r);
	return ret;
}

/* A GTT copy of MAP_SIZE bytes: a spare one, or a new one. */
static int spare_or_new(struct amdgpu_dev *d, uint64_t map_size, struct amdgpu_bo_rec **out,
			struct vsharp_error *err)
{
	for (struct amdgpu_bo_rec **p = &d->spares; *p; p = &(*p)->next) {
		if ((*p)->map_size != map_size)
			continue;
		*out = *p;
		*p = (*p)->next;
		(*out)->next = NULL;
		d->n_spares--;
		return 0;
	}
	return rec_new(d, map_size, AMDGPU_GEM_DOMAIN_GTT, 0, out, err);
}

static int amdgpu_bo_alloc_op(struct vsharp_device *dev, uint64_t size, enum vsharp_bo_kind kind,
			      struct vsharp_bo *bo, struct vsharp_error *err)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct amdgpu_bo_rec *r;
	int ret;

	memset(bo, 0, sizeof(*bo));
	if (!size || size > UINT64_MAX - PAGE)
		return vsharp_fail(err, -EINVAL, "bo_alloc: size %" PRIu64 " is not allocatable", size);
	if (kind != VSHARP_BO_DATA && kind != VSHARP_BO_CODE && kind != VSHARP_BO_IB)
		return vsharp_fail(err, -EINVAL, "bo_alloc: unknown buffer kind %d", (int)kind);

	/*
	 * Placement.  Data and code go to VRAM, CPU-visible: buffer atomics
	 * on system memory need PCIe atomics from the platform and could
	 * fail or tear for reasons that have nothing to do with the V#, and
	 * VRAM is where real workloads (and the libdrm/IGT dispatch tests)
	 * keep shaders and buffers.  VRAM_CLEARED so no earlier process's
	 * bytes look like a result.  The IB goes to GTT as every peer does:
	 * the CPU writes it, the CP reads it once.  Pages are aligned beyond
	 * the 256 bytes shader code and IBs need.
	 *
	 * The CPU only writes VRAM: amdgpu maps it write-combined, and reads
	 * through such a mapping are uncached, one PCIe round trip at a time
	 * (Documentation/hardware.rst "Reading results").  A data buffer has
	 * a twin in GTT without AMDGPU_GEM_CREATE_CPU_GTT_USWC, which Linux
	 * maps cached (amdgpu_ttm.c amdgpu_ttm_tt_create: ttm_cached unless
	 * that flag is set); what readback() asks for is copied there by the
	 * CP at the end of the submission, and the CPU reads it at memory speed.
	 */
	if (kind == VSHARP_BO_IB)
		ret = rec_new(d, size, AMDGPU_GEM_DOMAIN_GTT, 0, &r, err);
	else
		ret = rec_new(d, size, AMDGPU_GEM_DOMAIN_VRAM,
			      AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED | AMDGPU_GEM_CREATE_VRAM_CLEARED,
			      &r, err);
	if (ret)
		return ret;
	if (kind == VSHARP_BO_DATA) {
		ret = spare_or_new(d, r->map_size, &r->back, err);
		if (ret) {
			rec_release(d, r);
			return ret;
		}
		bo->back = r->back->cpu;
	}
	r->next = d->bos;
	if (d->bos)
		d->bos->prev = r;
	d->bos = r;

	bo->va = r->va;
	bo->cpu = r->cpu;
	bo->size = size;
	bo->kind = kind;
	bo->handle = r;
	return 0;
}

static void amdgpu_bo_free_op(struct vsharp_device *dev, struct vsharp_bo *bo)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct amdgpu_bo_rec *r = bo ? bo->handle : NULL;

	if (!r || r->owner != d)
		return;
	rec_release(d, r);
	memset(bo, 0, sizeof(*bo));
}

/* Submission. */

static int new_context(struct amdgpu_dev *d, struct vsharp_error *err)
{
	amdgpu_context_handle ctx;
	int ret;

	ret = amdgpu_cs_ctx_create(d->adev, &ctx);
	if (ret)
		return vsharp_fail(err, ret, "amdgpu_cs_ctx_create: %s", strerror(-ret));
	/*
	 * Freeing a context whose job hangs lets the kernel drop it; the
	 * ring itself only recovers when the kernel's lockup timeout resets it.
	 */
	if (d->ctx)
		amdgpu_cs_ctx_free(d->ctx);
	d->ctx = ctx;
	vsharp_amdgpu_fences_new_context(&d->fences);
	return 0;
}

static struct amdgpu_bo_rec *rec_of(struct amdgpu_dev *d, const struct vsharp_bo *bo)
{
	struct amdgpu_bo_rec *r = bo ? bo->handle : NULL;

	return r && r->owner == d ? r : NULL;
}

static int amdgpu_readback_op(struct vsharp_device *dev, const struct vsharp_bo *bo, uint64_t offset,
			      uint64_t size, struct vsharp_error *err)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct amdgpu_bo_rec *r = rec_of(d, bo);
	struct copy_req *last = d->n_reqs ? &d->reqs[d->n_reqs - 1] : NULL;

	if (!r || !r->back)
		return vsharp_fail(err, -EINVAL, "readback: not a data buffer of %s", dev->name);
	if (!size || offset > bo->size || size > bo->size - offset)
		return vsharp_fail(err, -EINVAL,
				   "readback: %" PRIu64 " bytes at +0x%" PRIx64 " (allowed 1..%" PRIu64 " bytes within the buffer's %" PRIu64 ")",
				   size, offset, offset < bo->size ? bo->size - offset : 0, bo->size);
	/* Ranges that continue the last one become one copy. */
	if (last && last->rec == r && last->src + last->bytes == r->va + offset) {
		last->bytes += size;
		return 0;
	}
	if (d->n_reqs == d->cap_reqs) {
		unsigned cap = d->cap_reqs ? 2 * d->cap_reqs : 64;
		struct copy_req *grown = realloc(d->reqs, cap * sizeof(*grown));

		if (!grown)
			return vsharp_fail(err, -ENOMEM, "readback: out of memory");
		d->reqs = grown;
		d->cap_reqs = cap;
	}
	d->reqs[d->n_reqs++] = (struct copy_req){ r, r->va + offset, r->back->va + offset, size };
	return 0;
}

/*
 * The second IB of a submission with readback requests: the copies into
 * GTT, after the dispatch's waves are done (vsharp_pm4_dispatch_done).
 * The kernel runs a job's IBs in order and ends the job with a fence that
 * writes L2 back before it signals (gfx_v9_0.c gfx_v9_0_ring_emit_fence:
 * RELEASE_MEM with TC_WB_ACTION; gfx_v10_0.c and gfx_v11_0.c: GCR GL2_WB;
 * gfx_v6_0.c to gfx_v8_0.c: the CACHE_FLUSH_AND_INV_TS event), so the
 * copies are in memory when wait() returns.  The last copy carries
 * CP_SYNC as Mesa's last CP DMA does (si_cp_dma.c si_cp_dma_prepare).
 */
static int build_copy_ib(struct amdgpu_dev *d, unsigned *dwords, struct vsharp_error *err)
{
	enum vsharp_gfx level = d->base.level;
	/* The wait, the copies, up to 7 dwords of padding. */
	uint64_t need = 16;
	struct vsharp_ib ib;
	int ret;

	for (unsigned i = 0; i < d->n_reqs; i++)
		need += vsharp_pm4_copy_dwords(level, d->reqs[i].bytes);
	if (need > UINT32_MAX / 4)
		return vsharp_fail(err, -E2BIG, "readback: %u copies need %" PRIu64 " IB dwords", d->n_reqs,
				   need);
	if (!d->copy_ib || d->copy_ib->map_size < 4 * need) {
		if (d->copy_ib)
			rec_release(d, d->copy_ib);
		d->copy_ib = NULL;
		ret = rec_new(d, 4 * need, AMDGPU_GEM_DOMAIN_GTT, 0, &d->copy_ib, err);
		if (ret)
			return ret;
	}
	vsharp_ib_init(&ib, d->copy_ib->cpu, (unsigned)(d->copy_ib->map_size / 4));
	ret = vsharp_pm4_dispatch_done(&ib, level, err);
	for (unsigned i = 0; !ret && i < d->n_reqs; i++)
		ret = vsharp_pm4_copy(&ib, level, d->reqs[i].dst, d->reqs[i].src, d->reqs[i].bytes,
				      i + 1 == d->n_reqs, err);
	if (!ret)
		ret = vsharp_pm4_finish(&ib, err);
	*dwords = ib.n;
	return ret;
}

static int amdgpu_submit_op(struct vsharp_device *dev, const struct vsharp_bo *ib, unsigned ib_dwords,
			    struct vsharp_bo *const *bos, unsigned n_bos, uint64_t *fence,
			    struct vsharp_error *err)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct amdgpu_bo_rec *ibr = rec_of(d, ib);
	struct amdgpu_cs_ib_info ib_info[2] = { { 0 }, { 0 } };
	struct amdgpu_cs_request req = { 0 };
	amdgpu_bo_list_handle list;
	void **in = NULL, **out = NULL;
	unsigned n, n_in = 0, copy_dwords = 0;
	int ret;

	*fence = 0;
	if (!ibr || ib->kind != VSHARP_BO_IB) {
		ret = vsharp_fail(err, -EINVAL, "submit: the IB is not an IB buffer of %s", dev->name);
		goto done;
	}
	if (!ib_dwords || (uint64_t)ib_dwords * 4 > ib->size) {
		ret = vsharp_fail(err, -EINVAL, "submit: %u IB dwords do not fit its %" PRIu64 " bytes",
				  ib_dwords, ib->size);
		goto done;
	}
	/* Each buffer, its GTT copy, each requested one and its copy, the copy IB. */
	in = calloc(2 * n_bos + 2 * d->n_reqs + 1, sizeof(*in));
	out = calloc(2 * n_bos + 2 * d->n_reqs + 2, sizeof(*out));
	if (!in || !out) {
		ret = vsharp_fail(err, -ENOMEM, "submit: out of memory");
		goto done;
	}
	for (unsigned i = 0; i < n_bos; i++) {
		struct amdgpu_bo_rec *r = rec_of(d, bos[i]);

		if (!r) {
			ret = vsharp_fail(err, -EINVAL, "submit: buffer %u is not a buffer of %s", i,
					  dev->name);
			goto done;
		}
		in[n_in++] = r->bo;
		if (r->back)
			in[n_in++] = r->back->bo;
	}
	for (unsigned i = 0; i < d->n_reqs; i++) {
		in[n_in++] = d->reqs[i].rec->bo;
		in[n_in++] = d->reqs[i].rec->back->bo;
	}
	if (d->n_reqs) {
		ret = build_copy_ib(d, &copy_dwords, err);
		if (ret)
			goto done;
		in[n_in++] = d->copy_ib->bo;
	}
	/* The kernel wants every BO once; the IB must be resident too. */
	n = vsharp_amdgpu_bo_handles(in, n_in, ibr->bo, out);

	if (d->fences.ctx_lost) {
		ret = new_context(d, err);
		if (ret)
			goto done;
	}
	ret = amdgpu_bo_list_create(d->adev, n, (amdgpu_bo_handle *)out, NULL, &list);
	if (ret) {
		vsharp_fail(err, ret, "amdgpu_bo_list_create(%u buffers): %s", n, strerror(-ret));
		goto done;
	}
	ib_info[0].ib_mc_address = ib->va;
	ib_info[0].size = ib_dwords;
	ib_info[1].ib_mc_address = d->n_reqs ? d->copy_ib->va : 0;
	ib_info[1].size = copy_dwords;
	req.ip_type = AMDGPU_HW_IP_COMPUTE;
	req.ip_instance = 0;
	req.ring = 0;
	req.resources = list;
	req.number_of_ibs = d->n_reqs ? 2 : 1;
	req.ibs = ib_info;
	ret = amdgpu_cs_submit(d->ctx, 0, &req, 1);
	if (ret == -ECANCELED) {
		uint64_t flags = 0;
		int qerr = amdgpu_cs_query_reset_state2(d->ctx, &flags);

		/*
		 * The kernel refuses a context that saw a reset (someone else's
		 * hang, or ours seen before a wait).  Nothing of this IB ran, but
		 * it may only run on a fresh context if what it points at
		 * survived: after a VRAM loss its code and data are garbage.
		 */
		d->fences.ctx_lost = true;
		ret = vsharp_amdgpu_cancelled(err, dev->name, flags, qerr);
		if (!ret)
			ret = new_context(d, err);
		if (ret) {
			amdgpu_bo_list_destroy(list);
			goto done;
		}
		ret = amdgpu_cs_submit(d->ctx, 0, &req, 1);
	}
	amdgpu_bo_list_destroy(list);
	if (ret) {
		vsharp_fail(err, ret, "amdgpu_cs_submit(compute queue, %u dwords at 0x%" PRIx64 "): %s",
			    ib_dwords, ib->va, strerror(-ret));
		goto done;
	}
	*fence = vsharp_amdgpu_fence_submitted(&d->fences, req.seq_no);
	if (!*fence)
		ret = vsharp_fail(err, -EIO,
				  "amdgpu_cs_submit returned sequence %" PRIu64 " after %" PRIu64,
				  (uint64_t)req.seq_no, d->fences.submitted);
done:
	d->n_reqs = 0;
	free(in);
	free(out);
	return ret;
}

static int amdgpu_wait_op(struct vsharp_device *dev, uint64_t fence, uint64_t timeout_ns,
			  struct vsharp_error *err)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct amdgpu_cs_fence f = { 0 };
	uint32_t expired = 0;
	uint64_t seq = 0, flags = 0;
	char fl[96];
	int ret;

	/* A hang must end in a report, never in a process stuck forever. */
	if (timeout_ns == AMDGPU_TIMEOUT_INFINITE)
		return vsharp_fail(err, -EINVAL, "wait: the timeout must be finite");
	ret = vsharp_amdgpu_fence_check(&d->fences, fence, &seq, err);
	if (ret)
		return ret < 0 ? ret : 0;

	f.context = d->ctx;
	f.ip_type = AMDGPU_HW_IP_COMPUTE;
	f.ip_instance = 0;
	f.ring = 0;
	f.fence = seq;
	ret = amdgpu_cs_query_fence_status(&f, timeout_ns, 0, &expired);
	if (ret == -ECANCELED) {
		/* The kernel's recovery completed the hung job's fence with an error. */
		d->fences.ctx_lost = true;
		ret = amdgpu_cs_query_reset_state2(d->ctx, &flags);
		return vsharp_amdgpu_hang_cancelled(err, dev->name, fence, flags, ret);
	}
	if (ret) {
		if (ret == -ENODEV)
			d->fences.ctx_lost = true;
		return vsharp_fail(err, ret, "amdgpu_cs_query_fence_status(fence %" PRIu64 ":%" PRIu64 "): %s",
				   (uint64_t)d->fences.gen, seq, strerror(-ret));
	}

	/* libdrm's "expired" means the fence has signalled. */
	ret = amdgpu_cs_query_reset_state2(d->ctx, &flags);
	if (!expired) {
		d->fences.ctx_lost = true;
		return vsharp_amdgpu_hang_report(err, dev->name, fence, timeout_ns, flags, ret);
	}
	vsharp_amdgpu_fence_signalled(&d->fences, seq);
	if (ret)
		return vsharp_fail(err, ret,
				   "fence %" PRIu64 ":%" PRIu64 " signalled but amdgpu_cs_query_reset_state2 failed (%s): cannot tell whether a GPU reset killed the job",
				   (uint64_t)d->fences.gen, seq, strerror(-ret));
	/*
	 * A job that a GPU reset killed still signals its fence, and the wait
	 * ioctl does not say so; only the context's reset state does.
	 */
	if (vsharp_amdgpu_reset_taints(flags)) {
		d->fences.ctx_lost = true;
		vsharp_amdgpu_reset_flags_str(flags, fl, sizeof(fl));
		return vsharp_fail(err, -EIO,
				   "%s: fence %" PRIu64 ":%" PRIu64 " signalled but the context's reset state is %s: the job may have been killed by a GPU reset, its results are not trustworthy",
				   dev->name, (uint64_t)d->fences.gen, seq, fl);
	}
	return 0;
}

static void amdgpu_close_op(struct vsharp_device *dev)
{
	struct amdgpu_dev *d = to_adev(dev);

	while (d->bos)
		rec_release(d, d->bos);
	while (d->spares) {
		struct amdgpu_bo_rec *r = d->spares;

		d->spares = r->next;
		r->next = NULL;
		rec_release(d, r);
	}
	if (d->copy_ib)
		rec_release(d, d->copy_ib);
	free(d->reqs);
	if (d->ctx)
		amdgpu_cs_ctx_free(d->ctx);
	if (d->adev)
		amdgpu_device_deinitialize(d->adev);
	if (d->fd >= 0)
		close(d->fd);
	free(d);
}

int vsharp_amdgpu_reserve_vmid(struct vsharp_device *dev, bool reserve, struct vsharp_error *err)
{
	struct amdgpu_dev *d = to_adev(dev);
	int r = reserve ? amdgpu_vm_reserve_vmid(d->adev, 0) : amdgpu_vm_unreserve_vmid(d->adev, 0);

	return r ? vsharp_fail(err, r, "amdgpu: DRM_AMDGPU_VM %s_VMID: %s", reserve ? "RESERVE" : "UNRESERVE",
			       strerror(-r)) : 0;
}

static const struct vsharp_device_ops amdgpu_ops = {
	.bo_alloc = amdgpu_bo_alloc_op,
	.bo_free = amdgpu_bo_free_op,
	.submit = amdgpu_submit_op,
	.wait = amdgpu_wait_op,
	.close = amdgpu_close_op,
	.readback = amdgpu_readback_op,
};

/* Opening. */

/*
 * The DRM driver's name, as drmGetVersion() reports it.  The ioctl is
 * issued directly because drmGetVersion lives in libdrm proper, which the
 * build does not link (pkg-config libdrm_amdgpu names only -ldrm_amdgpu).
 */
static int drm_driver_name(int fd, char *name, size_t size)
{
	struct drm_version v;
	int ret;

	memset(name, 0, size);
	memset(&v, 0, sizeof(v));
	v.name = name;
	v.name_len = size - 1;
	do {
		ret = ioctl(fd, DRM_IOCTL_VERSION, &v);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	if (ret)
		return -errno;
	name[v.name_len < size ? v.name_len : size - 1] = '\0';
	return 0;
}

/* The driver sysfs names for NODE (readable by anyone), or NULL. */
static const char *sysfs_driver(const char *node, char *buf, size_t size)
{
	const char *base = strrchr(node, '/');
	char path[300];
	ssize_t n;

	base = base ? base + 1 : node;
	snprintf(path, sizeof(path), "/sys/class/drm/%s/device/driver", base);
	n = readlink(path, buf, size - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
}

/*
 * The PCI device id behind a render node, if the kernel driver bound to
 * that PCI device is DRIVER, else -1.  Read from sysfs as udev and lspci
 * -k see it: /sys/class/drm/renderDN/device/device holds the id ("0x6798")
 * and /sys/class/drm/renderDN/device/driver links to the bound driver.
 */
static int pci_device_bound_to(const char *node, const char *driver)
{
	const char *base = strrchr(node, '/'), *drv;
	char path[300], link[256];
	unsigned long id;
	char *end;
	FILE *f;

	drv = sysfs_driver(node, link, sizeof(link));
	if (!drv || strcmp(drv, driver))
		return -1;
	base = base ? base + 1 : node;
	snprintf(path, sizeof(path), "/sys/class/drm/%s/device/device", base);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(link, sizeof(link), f))
		link[0] = '\0';
	fclose(f);
	errno = 0;
	id = strtoul(link, &end, 16);
	if (errno || end == link || (*end && *end != '\n') || id > 0xffff)
		return -1;
	return (int)id;
}

static int open_failed(const char *node, int e, struct vsharp_error *err)
{
	char link[256];
	const char *drv = sysfs_driver(node, link, sizeof(link));
	struct group *g;
	struct stat st;

	/* Another GPU's node that we may not open is no amdgpu GPU, not an error to fix. */
	if (drv && strcmp(drv, "amdgpu")) {
		add_reason(err, "%s is driver '%s', not amdgpu", node, drv);
		return -ENODEV;
	}
	if (e != EACCES && e != EPERM) {
		add_reason(err, "cannot open %s: %s", node, strerror(e));
		return -e;
	}
	g = stat(node, &st) == 0 ? getgrgid(st.st_gid) : NULL;
	/* Joining root's group is no advice to give: the node wants a group of its own. */
	if (g && !g->gr_gid) {
		add_reason(err,
			   "cannot open %s: permission denied; it belongs to group 'root': give render nodes to the 'render' group with mode 0660 (the udev rule systemd ships does), then add your user to that group, or run as root",
			   node);
		return -EACCES;
	}
	add_reason(err,
		   "cannot open %s: permission denied; add your user to the group that owns it (%s%s%s) and log in again, e.g. sudo usermod -aG %s $USER",
		   node, g ? "'" : "", g ? g->gr_name : "usually 'render'", g ? "'" : "",
		   g ? g->gr_name : "render");
	return -EACCES;
}

/*
 * Offset of ip_discovery_version in drm_amdgpu_info_hw_ip: libdrm 2.4.114
 * calls the slot "_pad", newer headers give it the name.  Read by offset so
 * both compile; kernels before it was added leave it 0.
 */
#define HW_IP_DISCOVERY_OFFSET \
	(offsetof(struct drm_amdgpu_info_hw_ip, available_rings) + sizeof(uint32_t))
_Static_assert(sizeof(struct drm_amdgpu_info_hw_ip) >= HW_IP_DISCOVERY_OFFSET + sizeof(uint32_t),
	       "drm_amdgpu_info_hw_ip has no slot after available_rings");

/* Opens one node; reasons go to err as clauses (the scanner joins them). */
static int open_node(const char *node, struct vsharp_device **out, struct vsharp_error *err)
{
	struct drm_amdgpu_info_hw_ip hw;
	struct amdgpu_gpu_info gpu;
	struct vsharp_amdgpu_level lv;
	struct vsharp_amdgpu_id id;
	struct vsharp_error why;
	struct amdgpu_dev *d;
	uint32_t maj, min;
	char drv[64];
	int ret;

	d = calloc(1, sizeof(*d));
	if (!d) {
		add_reason(err, "%s: out of memory", node);
		return -ENOMEM;
	}
	d->fd = open(node, O_RDWR | O_CLOEXEC);
	if (d->fd < 0) {
		ret = open_failed(node, errno, err);
		free(d);
		return ret;
	}
	ret = drm_driver_name(d->fd, drv, sizeof(drv));
	if (ret) {
		add_reason(err, "%s is not a DRM device (%s)", node, strerror(-ret));
		ret = -ENODEV;
		goto fail;
	}
	if (!strcmp(drv, "radeon")) {
		char hint[320];

		vsharp_amdgpu_radeon_hint(pci_device_bound_to(node, drv), hint, sizeof(hint));
		add_reason(err, "%s is driver 'radeon', not amdgpu: %s", node, hint);
		ret = -ENODEV;
		goto fail;
	}
	if (strcmp(drv, "amdgpu")) {
		add_reason(err, "%s is driver '%s', not amdgpu", node, drv);
		ret = -ENODEV;
		goto fail;
	}
	ret = amdgpu_device_initialize(d->fd, &maj, &min, &d->adev);
	if (ret) {
		d->adev = NULL;
		add_reason(err, "%s: amdgpu_device_initialize: %s", node, strerror(-ret));
		goto fail;
	}
	ret = amdgpu_query_gpu_info(d->adev, &gpu);
	if (ret) {
		add_reason(err, "%s: amdgpu_query_gpu_info: %s", node, strerror(-ret));
		goto fail;
	}
	memset(&hw, 0, sizeof(hw));
	ret = amdgpu_query_hw_ip_info(d->adev, AMDGPU_HW_IP_COMPUTE, 0, &hw);
	if (ret) {
		add_reason(err, "%s: amdgpu_query_hw_ip_info(COMPUTE): %s", node, strerror(-ret));
		goto fail;
	}
	id.family_id = gpu.family_id;
	id.chip_external_rev = gpu.chip_external_rev;
	id.hw_ip_major = hw.hw_ip_version_major;
	id.hw_ip_minor = hw.hw_ip_version_minor;
	memcpy(&id.ip_discovery_version, (const char *)&hw + HW_IP_DISCOVERY_OFFSET,
	       sizeof(id.ip_discovery_version));
	/*
	 * -EINVAL is a kernel without a RAS context (device/amdgpu_chips.c):
	 * no block has RAS, SRAM ECC is off.
	 */
	ret = amdgpu_query_info(d->adev, AMDGPU_INFO_RAS_ENABLED_FEATURES, sizeof(id.ras), &id.ras);
	if (ret == -EINVAL) {
		id.ras = 0;
	} else if (ret) {
		add_reason(err, "%s: amdgpu_query_info(RAS_ENABLED_FEATURES): %s", node, strerror(-ret));
		goto fail;
	}
	if (!(hw.available_rings & 1)) {
		add_reason(err, "%s: family %u, chip rev 0x%02x has no compute ring 0 (available_rings 0x%x)",
			   node, id.family_id, id.chip_external_rev, hw.available_rings);
		ret = -ENODEV;
		goto fail;
	}
	ret = vsharp_amdgpu_map_level(&id, &lv, &why);
	if (!ret)
		ret = vsharp_amdgpu_runnable(&id, &lv, &why);
	if (ret) {
		add_reason(err, "%s: %s", node, why.msg);
		goto fail;
	}
	vsharp_amdgpu_fences_init(&d->fences);
	ret = amdgpu_cs_ctx_create(d->adev, &d->ctx);
	if (ret) {
		d->ctx = NULL;
		add_reason(err, "%s: amdgpu_cs_ctx_create: %s", node, strerror(-ret));
		goto fail;
	}
	d->base.ops = &amdgpu_ops;
	d->base.level = lv.level;
	d->base.target = vsharp_amdgpu_target(&lv);
	d->base.hardware = true;
	vsharp_amdgpu_describe(&id, &lv, node, d->base.name, sizeof(d->base.name));
	*out = &d->base;
	return 0;
fail:
	amdgpu_close_op(&d->base);
	return ret;
}

/*
 * The firmware a bundle names, AMDGPU_INFO_FW_* (Linux amdgpu_kms.c
 * amdgpu_firmware_info): the ones that execute or schedule compute work
 * first, then power, security and display.
 */
static const struct {
	unsigned type;
	const char *name;
} fw_types[] = {
	{ AMDGPU_INFO_FW_GFX_ME, "me" }, { AMDGPU_INFO_FW_GFX_PFP, "pfp" },
	{ AMDGPU_INFO_FW_GFX_CE, "ce" }, { AMDGPU_INFO_FW_GFX_MEC, "mec" },
	{ AMDGPU_INFO_FW_GFX_RLC, "rlc" }, { AMDGPU_INFO_FW_SDMA, "sdma" },
	{ AMDGPU_INFO_FW_SMC, "smc" }, { AMDGPU_INFO_FW_SOS, "sos" },
	{ AMDGPU_INFO_FW_ASD, "asd" }, { AMDGPU_INFO_FW_TA, "ta" },
	{ AMDGPU_INFO_FW_TOC, "toc" }, { AMDGPU_INFO_FW_GMC, "gmc" },
	{ AMDGPU_INFO_FW_DMCU, "dmcu" }, { AMDGPU_INFO_FW_DMCUB, "dmcub" },
	{ AMDGPU_INFO_FW_UVD, "uvd" }, { AMDGPU_INFO_FW_VCN, "vcn" },
};
_Static_assert(ARRAY_SIZE(fw_types) <= VSHARP_AMDGPU_FW_MAX, "VSHARP_AMDGPU_FW_MAX too small");

/* A fixed-size string field of the kernel's, NUL or not. */
static void copy_field(char *dst, size_t n, const uint8_t *src, size_t src_n)
{
	size_t len = strnlen((const char *)src, src_n);

	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

void vsharp_amdgpu_identity(struct vsharp_device *dev, struct vsharp_amdgpu_identity *out)
{
	struct amdgpu_dev *d = to_adev(dev);
	struct drm_amdgpu_info_hw_ip hw = { 0 };
	struct drm_amdgpu_info_vbios vb;
	/* libdrm 2.4.114 has no call for VBIOS_INFO: the ioctl as amdgpu_query_info() makes it. */
	struct drm_amdgpu_info req = {
		.return_pointer = (uintptr_t)&vb, .return_size = sizeof(vb),
		.query = AMDGPU_INFO_VBIOS, .vbios_info.type = AMDGPU_INFO_VBIOS_INFO,
	};
	struct amdgpu_gpu_info gpu;
	const char *name;

	memset(out, 0, sizeof(*out));
	memset(&vb, 0, sizeof(vb));
	/* Both answered when the device was opened (open_node). */
	if (!amdgpu_query_gpu_info(d->adev, &gpu)) {
		out->pci_device = gpu.asic_id;
		out->pci_revision = gpu.pci_rev_id;
		out->family_id = gpu.family_id;
		out->chip_rev = gpu.chip_rev;
		out->chip_external_rev = gpu.chip_external_rev;
	}
	if (!amdgpu_query_hw_ip_info(d->adev, AMDGPU_HW_IP_COMPUTE, 0, &hw)) {
		out->hw_ip_major = hw.hw_ip_version_major;
		out->hw_ip_minor = hw.hw_ip_version_minor;
		memcpy(&out->gc_ip, (const char *)&hw + HW_IP_DISCOVERY_OFFSET, sizeof(out->gc_ip));
	}
	name = amdgpu_get_marketing_name(d->adev);
	if (name)
		snprintf(out->marketing_name, sizeof(out->marketing_name), "%s", name);
	/* As libdrm's drmIoctl(): again while a signal interrupts it. */
	do
		out->vbios_err = ioctl(d->fd, DRM_IOCTL_AMDGPU_INFO, &req) ? -errno : 0;
	while (out->vbios_err == -EINTR || out->vbios_err == -EAGAIN);
	if (!out->vbios_err) {
		copy_field(out->vbios_name, sizeof(out->vbios_name), vb.name, sizeof(vb.name));
		copy_field(out->vbios_pn, sizeof(out->vbios_pn), vb.vbios_pn, sizeof(vb.vbios_pn));
		copy_field(out->vbios_version, sizeof(out->vbios_version), vb.vbios_ver_str,
			   sizeof(vb.vbios_ver_str));
		copy_field(out->vbios_date, sizeof(out->vbios_date), vb.date, sizeof(vb.date));
	}
	for (size_t i = 0; i < ARRAY_SIZE(fw_types); i++) {
		unsigned k = out->n_fw++;

		out->fw[k].name = fw_types[i].name;
		out->fw[k].err = amdgpu_query_firmware_version(d->adev, fw_types[i].type, 0, 0,
							       &out->fw[k].version, &out->fw[k].feature);
	}
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/* Render minors are 128..255; more than this many nodes is not a machine we know. */
#define MAX_NODES 128

int vsharp_amdgpu_open_dir(const char *dir, struct vsharp_device **dev, struct vsharp_error *err)
{
	unsigned minors[MAX_NODES], n = 0;
	struct vsharp_error why = { "" };
	int hard = 0, ret;
	struct dirent *de;
	DIR *dp;

	*dev = NULL;
	dp = opendir(dir);
	if (!dp) {
		if (errno == ENOENT)
			return vsharp_fail(err, -ENODEV,
					   "no amdgpu render node: %s does not exist (no GPU or no DRM driver on this machine)",
					   dir);
		return vsharp_fail(err, -errno, "no amdgpu render node: cannot read %s: %s", dir,
				   strerror(errno));
	}
	while ((de = readdir(dp)) && n < MAX_NODES) {
		const char *s = de->d_name;
		char *end;
		unsigned long v;

		if (strncmp(s, "renderD", 7) || s[7] < '0' || s[7] > '9')
			continue;
		errno = 0;
		v = strtoul(s + 7, &end, 10);
		if (!errno && !*end && v <= 0xffffu)
			minors[n++] = (unsigned)v;
	}
	closedir(dp);
	if (!n)
		return vsharp_fail(err, -ENODEV,
				   "no amdgpu render node: %s has no renderD* (no GPU on this machine)",
				   dir);
	qsort(minors, n, sizeof(minors[0]), cmp_uint);

	for (unsigned i = 0; i < n; i++) {
		char node[256];

		if ((size_t)snprintf(node, sizeof(node), "%s/renderD%u", dir, minors[i]) >= sizeof(node))
			return vsharp_fail(err, -ENAMETOOLONG, "%s: path too long", dir);
		ret = open_node(node, dev, &why);
		if (!ret)
			return 0;
		/*
		 * A node we may not open, or an amdgpu node that fails for a
		 * reason other than its level, is an error to fix, not a
		 * machine without a GPU: do not let the caller skip quietly.
		 */
		if (ret != -ENODEV && !hard)
			hard = ret;
	}
	return vsharp_fail(err, hard ? hard : -ENODEV, "no usable amdgpu render node: %s", why.msg);
}

int vsharp_amdgpu_open(const char *node, struct vsharp_device **dev, struct vsharp_error *err)
{
	struct vsharp_error why = { "" };
	int ret;

	if (!node)
		return vsharp_amdgpu_open_dir("/dev/dri", dev, err);
	*dev = NULL;
	ret = open_node(node, dev, &why);
	if (ret)
		return vsharp_fail(err, ret, "%s", why.msg);
	return 0;
}
