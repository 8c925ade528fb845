// SPDX-License-Identifier: MIT
/*
 * Contexts, command submission and fences: Linux 6.1 amdgpu_ctx.c and
 * amdgpu_cs.c, with the emulated GPU as the ring.
 *
 * A CS runs its IBs at once, in the ioctl, on a VM built for the job from
 * this file's GEM_VA mappings whose BOs the job made resident (its BO list,
 * the user fence BO, per-VM BOs): a mapping of any other BO is absent, so
 * touching it is a VM fault, where silicon would read whatever the stale
 * page tables hold.
 *
 * The shim behaves like a kernel booted with amdgpu.vm_fault_stop=2 whose
 * job timeout has fired: a VM fault, a broken strict rule, a privileged
 * register access (a CP interrupt 6.1 answers with drm_sched_fault()) or
 * a hang stops the job, the report goes to stderr as a kernel log line
 * and the GPU "resets".  What follows is 6.1's recovery (amdgpu_device_gpu_recover):
 * amdgpu_device_pre_asic_reset() raises the job's karma past
 * amdgpu_job_hang_limit (0), so drm_sched_increase_karma_ext() marks its
 * context guilty; drm_sched_resubmit_jobs_ext() sets -ECANCELED on the
 * guilty context's pending fences (scheduler/sched_main.c) and
 * drm_sched_start() completes them, so WAIT_CS answers -ECANCELED
 * (amdgpu_cs_wait_ioctl: "if (r > 0 && fence->error) r = fence->error").
 * Every context sees the reset (QUERY_STATE2 RESET; QUERY_STATE
 * UNKNOWN_RESET once), the guilty one also GUILTY, and its later submits
 * get -ECANCELED (amdgpu_cs_parser_init).  A good job's fence has
 * signalled when the CS returns.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "shim.h"
#include "base/util.h"
#include "vsharp/error.h"
#include "vsharp/gpu.h"

#define IB_MAX_DW 0xfffffu	/* amdgpu_cs.c AMDGPU_GFX_SDMA_IB_PACKET_SIZE_MAX_DW */
#define PASID 32769u		/* amdgpu hands out PASIDs from 32768 */

/* Newer than libdrm 2.4.114's header (Linux 6.1 uapi amdgpu_drm.h). */
#ifndef AMDGPU_CTX_OP_GET_STABLE_PSTATE
#define AMDGPU_CTX_OP_GET_STABLE_PSTATE 5
#define AMDGPU_CTX_OP_SET_STABLE_PSTATE 6
#endif
#ifndef AMDGPU_CTX_STABLE_PSTATE_FLAGS_MASK
#define AMDGPU_CTX_STABLE_PSTATE_FLAGS_MASK 0xf
#define AMDGPU_CTX_STABLE_PSTATE_NONE 0
#define AMDGPU_CTX_STABLE_PSTATE_PEAK 4
#endif

/* amdgpu_ctx.c amdgpu_ctx_num_entities: rings per IP type a context may address. */
static const unsigned ctx_entities[AMDGPU_HW_IP_NUM] = {
	[AMDGPU_HW_IP_GFX] = 1, [AMDGPU_HW_IP_COMPUTE] = SHIM_COMPUTE_RINGS,
	[AMDGPU_HW_IP_DMA] = 2, [AMDGPU_HW_IP_UVD] = 1, [AMDGPU_HW_IP_VCE] = 1,
	[AMDGPU_HW_IP_UVD_ENC] = 1, [AMDGPU_HW_IP_VCN_DEC] = 1, [AMDGPU_HW_IP_VCN_ENC] = 1,
	[AMDGPU_HW_IP_VCN_JPEG] = 1,
};

static const char *const ip_names[AMDGPU_HW_IP_NUM] = {
	[AMDGPU_HW_IP_GFX] = "GFX", [AMDGPU_HW_IP_COMPUTE] = "COMPUTE",
	[AMDGPU_HW_IP_DMA] = "SDMA", [AMDGPU_HW_IP_UVD] = "UVD", [AMDGPU_HW_IP_VCE] = "VCE",
	[AMDGPU_HW_IP_UVD_ENC] = "UVD_ENC", [AMDGPU_HW_IP_VCN_DEC] = "VCN_DEC",
	[AMDGPU_HW_IP_VCN_ENC] = "VCN_ENC", [AMDGPU_HW_IP_VCN_JPEG] = "VCN_JPEG",
};

_Static_assert(SHIM_COMPUTE_RINGS <= SHIM_MAX_ENTITIES, "entities");

static struct shim_ctx *ctx_lookup(struct shim_file *f, uint32_t id)
{
	for (size_t i = 0; i < f->nctxs; i++)
		if (f->ctxs[i].id == id)
			return &f->ctxs[i];
	return NULL;
}

/* amdgpu_ctx_get_entity(): an IP type, instance 0, one of the context's entities. */
static int entity(uint32_t ip, uint32_t instance, uint32_t ring)
{
	if (ip >= AMDGPU_HW_IP_NUM || instance != 0 || ring >= ctx_entities[ip])
		return -EINVAL;
	return 0;
}

static uint64_t serial(void)
{
	return ++shim.next_serial;
}

static int ctx_alloc(struct shim_file *f, const struct drm_amdgpu_ctx_in *in, uint32_t *id)
{
	struct shim_ctx *c;

	/*
	 * amdgpu_ctx_priority_permit(): above NORMAL needs CAP_SYS_NICE or DRM
	 * master; a priority outside the known ones counts as NORMAL
	 * (amdgpu_ctx_ioctl: "we need to accept ioctls with garbage").
	 */
	if (in->priority == AMDGPU_CTX_PRIORITY_HIGH || in->priority == AMDGPU_CTX_PRIORITY_VERY_HIGH)
		return -EACCES;
	c = shim_push(f->ctxs, &f->nctxs, sizeof(*c));
	if (!c)
		return -ENOMEM;
	f->ctxs = c;
	c = &f->ctxs[f->nctxs - 1];
	c->id = *id = f->next_ctx++;
	c->serial = serial();
	/* amdgpu_ctx_init(). */
	c->reset_counter = c->reset_counter_query = shim.reset_counter;
	c->vram_lost_counter = shim.vram_lost_counter;
	c->stable_pstate = AMDGPU_CTX_STABLE_PSTATE_NONE;
	for (unsigned ip = 0; ip < AMDGPU_HW_IP_NUM; ip++)
		for (unsigned r = 0; r < SHIM_MAX_ENTITIES; r++)
			c->next_seq[ip][r] = 1;
	return 0;
}

/*
 * amdgpu_ctx.c __amdgpu_ctx_set_stable_pstate(): the device has one forced
 * performance level; the first context to change it owns it (others get
 * -EBUSY) and puts back the level it found when it goes (amdgpu_ctx_fini).
 * The level is kept as a power-managed GPU keeps it
 * (amdgpu_dpm_force_performance_level); the emulator's clocks do not change.
 */
static int set_pstate(struct shim_ctx *c, uint32_t level)
{
	if (shim.pstate_owner && shim.pstate_owner != c->serial)
		return -EBUSY;
	if (shim.pstate == level)
		return 0;
	if (!shim.pstate_owner) {
		shim.pstate_owner = c->serial;
		c->stable_pstate = shim.pstate;
	}
	shim.pstate = level;
	return 0;
}

void shim_ctx_release(struct shim_ctx *c)
{
	if (shim.pstate_owner && shim.pstate_owner == c->serial) {
		shim.pstate = c->stable_pstate;
		shim.pstate_owner = 0;
	}
	free(c->bad);
	c->bad = NULL;
	c->nbad = 0;
}

static int ctx_query(struct shim_ctx *c, union drm_amdgpu_ctx_out *out, bool two)
{
	if (!two) {
		/* amdgpu_ctx_query(): NO or UNKNOWN, once per reset ("TODO: ... GUILTY, or INNOCENT"). */
		out->state.reset_status = c->reset_counter_query == shim.reset_counter ?
					  AMDGPU_CTX_NO_RESET : AMDGPU_CTX_UNKNOWN_RESET;
		c->reset_counter_query = shim.reset_counter;
		return 0;
	}
	/* amdgpu_ctx_query2(): no RAS counters (ras_enabled is 0 on every board here but ECC ones). */
	out->state.flags =
		(c->reset_counter != shim.reset_counter ? AMDGPU_CTX_QUERY2_FLAGS_RESET : 0) |
		(c->vram_lost_counter != shim.vram_lost_counter ? AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST : 0) |
		(c->guilty ? AMDGPU_CTX_QUERY2_FLAGS_GUILTY : 0);
	return 0;
}

int shim_ctx(struct shim_file *f, void *arg)
{
	union drm_amdgpu_ctx *args = arg;
	struct drm_amdgpu_ctx_in in = args->in;
	struct shim_ctx *c = NULL;
	uint32_t id = 0, level = 0;
	int r;

	/* amdgpu_ctx_ioctl(): flags only for SET_STABLE_PSTATE, and only the level there. */
	if (in.op == AMDGPU_CTX_OP_SET_STABLE_PSTATE) {
		level = in.flags & AMDGPU_CTX_STABLE_PSTATE_FLAGS_MASK;
		if ((in.flags & ~AMDGPU_CTX_STABLE_PSTATE_FLAGS_MASK) ||
		    level > AMDGPU_CTX_STABLE_PSTATE_PEAK)
			return -EINVAL;
	} else if (in.flags || in.op < AMDGPU_CTX_OP_ALLOC_CTX ||
		   in.op > AMDGPU_CTX_OP_SET_STABLE_PSTATE) {
		return -EINVAL;
	}
	if (in.op == AMDGPU_CTX_OP_ALLOC_CTX) {
		r = ctx_alloc(f, &in, &id);
		memset(&args->out, 0, sizeof(args->out));
		args->out.alloc.ctx_id = id;
		return r;
	}
	c = ctx_lookup(f, in.ctx_id);
	if (!c)
		return -EINVAL;
	switch (in.op) {
	case AMDGPU_CTX_OP_FREE_CTX:
		shim_ctx_release(c);
		*c = f->ctxs[--f->nctxs];
		return 0;
	case AMDGPU_CTX_OP_QUERY_STATE:
	case AMDGPU_CTX_OP_QUERY_STATE2:
		memset(&args->out, 0, sizeof(args->out));
		return ctx_query(c, &args->out, in.op == AMDGPU_CTX_OP_QUERY_STATE2);
	case AMDGPU_CTX_OP_GET_STABLE_PSTATE:
		/* amdgpu_ctx_get_stable_pstate(): the device's level, whoever set it. */
		memset(&args->out, 0, sizeof(args->out));
		args->out.pstate.flags = shim.pstate;
		return 0;
	default:
		return set_pstate(c, level);
	}
}

/* Fences. */

/*
 * amdgpu_ctx_get_fence(): -EINVAL for a sequence not yet emitted; fences
 * older than the entity's window of amdgpu_sched_jobs count as signalled.
 * *ERROR is the fence's error, 0 for a fence that signalled cleanly.
 */
/*
 * The ring's name, the scheduler's timeline (amdgpu_ring_init: "gfx_0.0.0",
 * "comp_1.RING.0" for MEC 1 pipe RING, "sdmaN").
 */
static void ring_name(uint32_t ip, uint32_t ring, char *buf, size_t len)
{
	static const char *const names[AMDGPU_HW_IP_NUM] = {
		[AMDGPU_HW_IP_GFX] = "gfx_0.0.0", [AMDGPU_HW_IP_COMPUTE] = "comp_1.%u.0",
		[AMDGPU_HW_IP_DMA] = "sdma%u",
	};

	snprintf(buf, len, names[ip] ? names[ip] : "ring%u", ring);
}

/*
 * The scheduler's finished fence of a job (drm_sched_fence_get_driver_name
 * "drm_sched", the ring's timeline); the context number is the shim's own,
 * one per context and entity, as dma_fence_context_alloc() gives each
 * entity its own.
 */
static void job_fence(const struct shim_ctx *c, uint32_t ip, uint32_t ring, uint64_t seq, int error,
		      struct shim_fence *out)
{
	memset(out, 0, sizeof(*out));
	out->error = error;
	out->seqno = seq;
	out->context = (c->serial * AMDGPU_HW_IP_NUM + ip) * SHIM_MAX_ENTITIES + ring;
	out->timestamp_ns = shim_now_ns();
	snprintf(out->driver, sizeof(out->driver), "drm_sched");
	ring_name(ip, ring, out->timeline, sizeof(out->timeline));
}

/*
 * amdgpu_ctx_get_fence(): -EINVAL for a sequence not yet emitted (~0 is
 * the last one); fences older than the entity's window of amdgpu_sched_jobs
 * count as signalled and are gone (NULL: *FENCE untouched, *KEPT false).
 * *ERROR is the fence's error, 0 for a fence that signalled cleanly.
 */
static int fence_find(struct shim_file *f, uint32_t ctx_id, uint32_t ip, uint32_t instance,
		      uint32_t ring, uint64_t seq, int *error, struct shim_fence *fence)
{
	struct shim_ctx *c = ctx_lookup(f, ctx_id);
	int r;

	if (!c)
		return -EINVAL;
	r = entity(ip, instance, ring);
	if (r)
		return r;
	if (seq == ~0ull)
		seq = c->next_seq[ip][ring] - 1;
	if (seq >= c->next_seq[ip][ring])
		return -EINVAL;
	*error = 0;
	if (seq + SHIM_SCHED_JOBS < c->next_seq[ip][ring])
		return 0;
	for (size_t i = 0; i < c->nbad; i++)
		if (c->bad[i].ip == ip && c->bad[i].ring == ring && c->bad[i].seq == seq)
			*error = c->bad[i].error;
	if (fence)
		job_fence(c, ip, ring, seq, *error, fence);
	return 1;
}

static int fence_state(struct shim_file *f, uint32_t ctx_id, uint32_t ip, uint32_t instance,
		       uint32_t ring, uint64_t seq, int *error)
{
	int r = fence_find(f, ctx_id, ip, instance, ring, seq, error, NULL);

	return r < 0 ? r : 0;
}

/* Every fence has completed when its CS returns: signalled, or with an error. */
int shim_wait_cs(struct shim_file *f, void *arg)
{
	union drm_amdgpu_wait_cs *w = arg;
	int error = 0;
	int r = fence_state(f, w->in.ctx_id, w->in.ip_type, w->in.ip_instance, w->in.ring,
			    w->in.handle, &error);

	if (r)
		return r;
	if (error)
		return error;
	memset(w, 0, sizeof(*w));
	w->out.status = 0;
	return 0;
}

/*
 * amdgpu_cs_wait_all_fences(): the first fence with an error answers it.
 * amdgpu_cs_wait_any_fence(): every fence looked up, then the first to
 * signal (the first in the array, all having completed) is reported, with
 * its error as the ioctl's answer; no fences is -EINVAL from
 * dma_fence_wait_any_timeout().
 */
int shim_wait_fences(struct shim_file *f, void *arg)
{
	union drm_amdgpu_wait_fences *w = arg;
	const struct drm_amdgpu_fence *fences = (const void *)(uintptr_t)w->in.fences;
	uint32_t count = w->in.fence_count;
	bool all = w->in.wait_all;
	int first_error = 0;

	if (shim_user_fault(w->in.fences, (size_t)count * sizeof(*fences)))
		return -EFAULT;
	if (!all && !count)
		return -EINVAL;
	for (uint32_t i = 0; i < count; i++) {
		int error = 0;
		int r = fence_state(f, fences[i].ctx_id, fences[i].ip_type, fences[i].ip_instance,
				    fences[i].ring, fences[i].seq_no, &error);

		if (r)
			return r;
		if (all && error)
			return error;
		if (!i)
			first_error = error;
	}
	memset(w, 0, sizeof(*w));
	w->out.status = 1;
	w->out.first_signaled = 0;
	return all ? 0 : first_error;
}

/* amdgpu_cs_fence_to_handle_ioctl(): a fence gone from the window is the stub. */
int shim_fence_to_handle(struct shim_file *f, void *arg)
{
	union drm_amdgpu_fence_to_handle *a = arg;
	const struct drm_amdgpu_fence *in = &a->in.fence;
	uint32_t what = a->in.what, handle = 0;
	struct shim_fence fence;
	int error = 0;
	int r = fence_find(f, in->ctx_id, in->ip_type, in->ip_instance, in->ring, in->seq_no, &error,
			   &fence);

	if (r < 0)
		return r;
	r = shim_syncobj_fence_to_handle(f, r ? &fence : NULL, what, &handle);
	if (r)
		return r;
	memset(a, 0, sizeof(*a));
	a->out.handle = handle;
	return 0;
}

/* Submission. */

struct job {
	struct shim_ctx *ctx;
	uint32_t ip, ring;
	struct drm_amdgpu_cs_chunk_ib ibs[16];
	unsigned nibs;
	struct shim_list list;		/* the BO_HANDLES chunk's, owned */
	const struct shim_list *resident;
	struct shim_bo *fence_bo;
	uint64_t fence_offset;
	/* amdgpu_cs_pass2()'s chunks, in order: dependencies and syncobjs. */
	struct {
		uint32_t id;
		const void *data;
		size_t bytes;
	} deps[8];
	unsigned ndeps;
	/* The post-dependencies: syncobjs (held) and points the job's fence goes to. */
	struct shim_syncobj **post;
	uint64_t *post_points;
	unsigned npost;
	bool has_post;
};

/*
 * The one place a ring meets an engine of the emulated GPU: COMPUTE and
 * GFX rings run on the emulated CP's compute and GFX queues, SDMA rings on
 * the emulated SDMA engine (emu/sdma.c).  A multimedia ring has none:
 * ring_runs() says so before the job is queued, loudly, naming the ring.
 */
static bool ring_runs(uint32_t ip)
{
	return ip == AMDGPU_HW_IP_COMPUTE || ip == AMDGPU_HW_IP_GFX || ip == AMDGPU_HW_IP_DMA;
}

#define IB_FLAG_CE (1u << 0)	/* AMDGPU_IB_FLAG_CE */

/*
 * The queue an IB of a GFX or compute job runs on.  On the GFX ring an IB
 * flagged AMDGPU_IB_FLAG_CE is the constant engine's: 6.1 calls it with
 * INDIRECT_BUFFER_CONST (gfx_v9_0.c gfx_v9_0_ring_emit_ib_gfx, gfx_v8_0.c,
 * gfx_v10_0.c) up to GFX10, and with a plain INDIRECT_BUFFER on GFX11,
 * which has no CE (gfx_v11_0.c gfx_v11_0_ring_emit_ib_gfx).  A compute
 * ring's emit_ib ignores the flag (gfx_v9_0_ring_emit_ib_compute).
 */
static enum vsharp_gpu_queue ib_queue(uint32_t ip, uint32_t flags)
{
	if (ip == AMDGPU_HW_IP_COMPUTE)
		return VSHARP_QUEUE_COMPUTE;
	if (flags & IB_FLAG_CE && shim.profile->level < VSHARP_GFX11)
		return VSHARP_QUEUE_GFX_CE;
	return VSHARP_QUEUE_GFX;
}

/* The job's IBs, in order: one CP job (the CE and DE share counters), or SDMA IB by IB. */
static int run_ibs(const struct job *j, struct vsharp_vm *vm, struct vsharp_error *err)
{
	struct vsharp_gpu_ib ibs[sizeof(j->ibs) / sizeof(j->ibs[0])];
	int r = 0;

	switch (j->ip) {
	case AMDGPU_HW_IP_COMPUTE:
	case AMDGPU_HW_IP_GFX:
		for (unsigned i = 0; i < j->nibs; i++)
			ibs[i] = (struct vsharp_gpu_ib){ ib_queue(j->ip, j->ibs[i].flags),
							 j->ibs[i].va_start & SHIM_HOLE_MASK,
							 j->ibs[i].ib_bytes / 4 };
		return vsharp_gpu_run_job(shim.gpu, vm, ibs, j->nibs, err);
	case AMDGPU_HW_IP_DMA:
		for (unsigned i = 0; !r && i < j->nibs; i++)
			r = vsharp_sdma_run_ib(shim.gpu, vm, j->ibs[i].va_start & SHIM_HOLE_MASK,
					       j->ibs[i].ib_bytes / 4, err);
		return r;
	default:
		return vsharp_fail(err, -ENOSYS, "shim: a %s job: not emulated", ip_names[j->ip]);
	}
}

/*
 * AMDGPU_IB_FLAG_*: 6.1 takes any flags (amdgpu_cs_p2_ib copies them to
 * ib->flags with no check); what each does on a ring and why it changes
 * nothing the emulator shows is in Documentation/shim.rst.  Only SECURE
 * on the first IB fails, at run time, on a ring without
 * secure_submission_supported (amdgpu_ib_schedule): every compute ring.
 */
#define IB_FLAGS_SECURE (1u << 5)	/* AMDGPU_IB_FLAGS_SECURE */

static void ib_flags_note(uint32_t flags)
{
	if (flags & ~(uint32_t)0x7f)
		shim_trace("IB flags 0x%x: bits above AMDGPU_IB_FLAG_EMIT_MEM_SYNC, ignored as 6.1 does",
			   flags);
}

static int chunk_ib(struct job *j, const void *data, size_t bytes)
{
	struct drm_amdgpu_cs_chunk_ib ib;
	int r;

	if (bytes < sizeof(ib))
		return -EINVAL;
	memcpy(&ib, data, sizeof(ib));
	r = entity(ib.ip_type, ib.ip_instance, ib.ring);
	if (r)
		return r;
	/* drm_sched_job_init(): an entity with no scheduler (the chip has no such ring). */
	if (!shim_rings(ib.ip_type))
		return -ENOENT;
	if (!ring_runs(ib.ip_type))
		return shim_unsupported("a %s job: not emulated yet (ring %u)", ip_names[ib.ip_type],
					ib.ring);
	if (j->nibs && (ib.ring != j->ring || ib.ip_type != j->ip))
		return shim_unsupported("a gang submit over %s ring %u and %s ring %u",
					ip_names[j->ip], j->ring, ip_names[ib.ip_type], ib.ring);
	if (j->nibs == sizeof(j->ibs) / sizeof(j->ibs[0]))
		return shim_unsupported("more than %u IBs in one CS", j->nibs);
	if (ib.ib_bytes / 4 > IB_MAX_DW)
		return -EINVAL;
	ib_flags_note(ib.flags);
	j->ip = ib.ip_type;
	j->ring = ib.ring;
	j->ibs[j->nibs++] = ib;
	return 0;
}

static int chunk_fence(struct shim_file *f, struct job *j, const void *data, size_t bytes)
{
	struct drm_amdgpu_cs_chunk_fence fc;

	if (bytes < sizeof(fc) || j->fence_bo)
		return -EINVAL;
	memcpy(&fc, data, sizeof(fc));
	j->fence_bo = shim_bo_lookup(f, fc.handle);
	/* amdgpu_cs_p1_user_fence(): one page, room for the 64-bit sequence. */
	if (!j->fence_bo || j->fence_bo->size != SHIM_PAGE || fc.offset > SHIM_PAGE - 8 ||
	    j->fence_bo->userptr)
		return -EINVAL;
	j->fence_offset = fc.offset;
	return 0;
}

/*
 * amdgpu_cs_p2_dependencies(): each fence must exist; the job waits for it
 * and runs whether it signalled cleanly or with an error (6.1's scheduler
 * does not pass a dependency's error on).
 */
static int chunk_deps(struct shim_file *f, const void *data, size_t bytes)
{
	const struct drm_amdgpu_cs_chunk_dep *deps = data;

	for (size_t i = 0; i < bytes / sizeof(*deps); i++) {
		int error = 0;
		int r = fence_state(f, deps[i].ctx_id, deps[i].ip_type, deps[i].ip_instance,
				    deps[i].ring, deps[i].handle, &error);

		if (r)
			return r;
	}
	return 0;
}

/*
 * amdgpu_cs_p2_syncobj_out() / _timeline_signal(): one such chunk per CS;
 * each syncobj must exist (-EINVAL).  POINTS NULL: binary syncobjs.
 */
static int post_deps(struct shim_file *f, struct job *j, const void *data, size_t bytes,
		     bool timeline)
{
	size_t each = timeline ? sizeof(struct drm_amdgpu_cs_chunk_syncobj) :
				 sizeof(struct drm_amdgpu_cs_chunk_sem);
	size_t n = bytes / each;

	if (j->has_post)
		return -EINVAL;
	j->has_post = true;
	j->post = calloc(n ? n : 1, sizeof(*j->post));
	j->post_points = calloc(n ? n : 1, sizeof(*j->post_points));
	if (!j->post || !j->post_points)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const uint8_t *e = (const uint8_t *)data + i * each;
		struct drm_amdgpu_cs_chunk_syncobj so = { 0, 0, 0 };

		memcpy(&so, e, each);
		j->post[j->npost] = shim_syncobj_get(f, so.handle);
		if (!j->post[j->npost])
			return -EINVAL;
		j->post_points[j->npost++] = so.point;
	}
	return 0;
}

/* amdgpu_cs_p2_syncobj_in() (point 0, no flags) and _timeline_wait(). */
static int syncobj_waits(struct shim_file *f, const void *data, size_t bytes, bool timeline)
{
	size_t each = timeline ? sizeof(struct drm_amdgpu_cs_chunk_syncobj) :
				 sizeof(struct drm_amdgpu_cs_chunk_sem);

	for (size_t i = 0; i < bytes / each; i++) {
		struct drm_amdgpu_cs_chunk_syncobj so = { 0, 0, 0 };
		int r;

		memcpy(&so, (const uint8_t *)data + i * each, each);
		r = shim_syncobj_cs_wait(f, so.handle, so.point, so.flags);
		if (r)
			return r;
	}
	return 0;
}

/* amdgpu_cs_pass2(): the dependency and syncobj chunks, in order. */
static int pass2(struct shim_file *f, struct job *j)
{
	int r = 0;

	for (unsigned i = 0; i < j->ndeps && !r; i++) {
		const void *data = j->deps[i].data;
		size_t bytes = j->deps[i].bytes;

		switch (j->deps[i].id) {
		case AMDGPU_CHUNK_ID_DEPENDENCIES:
		case AMDGPU_CHUNK_ID_SCHEDULED_DEPENDENCIES:
			r = chunk_deps(f, data, bytes);
			break;
		case AMDGPU_CHUNK_ID_SYNCOBJ_IN:
		case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT:
			r = syncobj_waits(f, data, bytes,
					  j->deps[i].id == AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT);
			break;
		default:
			r = post_deps(f, j, data, bytes,
				      j->deps[i].id == AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL);
			break;
		}
	}
	return r;
}

static void job_free(struct job *j)
{
	shim_list_free(&j->list);
	for (unsigned i = 0; i < j->npost; i++)
		shim_syncobj_put(j->post[i]);
	free(j->post);
	free(j->post_points);
}

/* amdgpu_cs_pass1(): every chunk, in order, with its checks. */
static int parse(struct shim_file *f, const union drm_amdgpu_cs *cs, struct job *j)
{
	const uint64_t *chunks = (const uint64_t *)(uintptr_t)cs->in.chunks;
	int r = 0;

	if (shim_user_fault(cs->in.chunks, (size_t)cs->in.num_chunks * sizeof(*chunks)))
		return -EFAULT;
	for (uint32_t i = 0; i < cs->in.num_chunks && !r; i++) {
		const struct drm_amdgpu_cs_chunk *c = (const void *)(uintptr_t)chunks[i];
		const void *data;
		size_t bytes;

		if (shim_user_fault(chunks[i], sizeof(*c)))
			return -EFAULT;
		data = (const void *)(uintptr_t)c->chunk_data;
		bytes = (size_t)c->length_dw * 4;
		if (shim_user_fault(c->chunk_data, bytes))
			return -EFAULT;

		switch (c->chunk_id) {
		case AMDGPU_CHUNK_ID_IB:
			r = chunk_ib(j, data, bytes);
			break;
		case AMDGPU_CHUNK_ID_FENCE:
			r = chunk_fence(f, j, data, bytes);
			break;
		case AMDGPU_CHUNK_ID_BO_HANDLES:
			if (bytes < sizeof(struct drm_amdgpu_bo_list_in) || j->list.bos)
				return -EINVAL;
			r = shim_bo_list_fill(f, data, &j->list);
			break;
		case AMDGPU_CHUNK_ID_DEPENDENCIES:
		case AMDGPU_CHUNK_ID_SCHEDULED_DEPENDENCIES:
		case AMDGPU_CHUNK_ID_SYNCOBJ_IN:
		case AMDGPU_CHUNK_ID_SYNCOBJ_OUT:
		case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT:
		case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL:
			if (j->ndeps == ARRAY_SIZE(j->deps))
				return shim_unsupported("more than %u dependency and syncobj chunks in one CS",
							j->ndeps);
			j->deps[j->ndeps].id = c->chunk_id;
			j->deps[j->ndeps].data = data;
			j->deps[j->ndeps++].bytes = bytes;
			break;
		default:
			return -EINVAL;
		}
	}
	if (r)
		return r;
	if (!j->nibs)
		return -EINVAL;
	/* amdgpu_cs_pass1(): a context from before a VRAM loss may not submit. */
	if (j->ctx->vram_lost_counter != shim.vram_lost_counter)
		return -ECANCELED;
	r = pass2(f, j);
	if (r)
		return r;
	/* A wait for a submission let other threads in: the context may have moved. */
	j->ctx = ctx_lookup(f, cs->in.ctx_id);
	if (!j->ctx)
		return -EINVAL;
	/* amdgpu_cs_parser_bos(): the list comes from the chunk or the handle, not both. */
	if (cs->in.bo_list_handle) {
		if (j->list.bos)
			return -EINVAL;
		j->resident = shim_list_lookup(f, cs->in.bo_list_handle);
		if (!j->resident)
			return -ENOENT;
	} else {
		j->resident = &j->list;
	}
	return 0;
}

static bool resident(const struct job *j, const struct shim_bo *bo)
{
	if (bo == j->fence_bo || bo->prt || (bo->flags & AMDGPU_GEM_CREATE_VM_ALWAYS_VALID))
		return true;
	for (unsigned i = 0; i < j->resident->n; i++)
		if (j->resident->bos[i] == bo)
			return true;
	return false;
}

/*
 * The job's VM: each resident mapping at its 48-bit address.  The GPU's
 * VM is 48 bits wide, the hole's two sides one range ("Hardware is
 * programmed as if the hole doesn't exists", amdgpu_gmc.h
 * AMDGPU_GMC_HOLE_MASK), and clients write addresses above the hole in the
 * sign-extended form (amdgpu_gmc_sign_extend(); radeonsi's 32-bit-address
 * BOs at 0xffff8001........): those reach the same pages, so a mapping of
 * the upper half is also entered at its sign-extended address.
 */
static int job_vm(struct shim_file *f, const struct job *j, struct vsharp_vm **vm,
		  struct vsharp_error *err)
{
	int r = vsharp_vm_create(vm, err);

	for (size_t i = 0; !r && i < f->nmaps; i++) {
		const struct shim_map *m = &f->maps[i];
		unsigned perms = m->bo->readonly ? m->perms & ~(unsigned)VSHARP_VM_WRITE : m->perms;

		if (!resident(j, m->bo))
			continue;
		r = vsharp_vm_map(*vm, m->start, m->size, shim_bo_bytes(m->bo) + m->offset, perms, err);
		if (!r && m->start >= SHIM_HOLE_START)
			r = vsharp_vm_map(*vm, m->start | ~SHIM_HOLE_MASK, m->size,
					  shim_bo_bytes(m->bo) + m->offset, perms, err);
	}
	return r;
}

static int gpu(struct vsharp_error *err)
{
	/*
	 * Profiles are named by their LLVM processor unless they name it
	 * (shim_profiles.c): gfx810 packs D16, gfx906-ecc is a gfx906:sramecc+.
	 */
	const struct vsharp_target *target =
		vsharp_target_find(shim.profile->target ? shim.profile->target : shim.profile->name);
	struct vsharp_gpu_config cfg;

	if (shim.gpu)
		return 0;
	vsharp_gpu_config_default(shim.profile->level, &cfg);
	/*
	 * A job ends by Linux 6.1's timeout (amdgpu_device.c
	 * amdgpu_device_get_job_timeout_settings: 10 s GFX and SDMA, 60 s
	 * compute), 10^10 and more instructions of a wave issuing one a cycle
	 * at GPU clocks; other clients' shaders loop for millions (libdrm's
	 * sync dependency test counts to 10^7).  The emulated GPU stops a wave
	 * at 10^8 (a tenth of a second of a GPU, seconds of emulation), so an
	 * endless loop is still a hang found soon.
	 */
	cfg.max_wave_instructions = 100000000;
	cfg.max_ib_instructions = 1000000000;
	cfg.target = target && target->level == shim.profile->level ? target : NULL;
	cfg.lds_per_cu = shim.profile->lds_per_cu;
	cfg.pasid = PASID;
	return vsharp_gpu_create(&cfg, &shim.gpu, err);
}

/* The job stopped the GPU: amdgpu's timeout handler resets it and blames the context. */
static void reset(struct job *j, uint64_t seq, bool vram_lost)
{
	char ring[32];

	ring_name(j->ip, j->ring, ring, sizeof(ring));
	shim_klog("[drm:amdgpu_job_timedout] *ERROR* ring %s timeout, signaled seq=%" PRIu64
		  ", emitted seq=%" PRIu64, ring, seq - 1, seq);
	/* drm_sched_increase_karma(): karma 1 > amdgpu_job_hang_limit 0, the entity's ctx->guilty. */
	j->ctx->guilty = true;
	shim_gpu_reset(vram_lost);
}

/* amdgpu_device_gpu_recover(): the reset counter moves; contexts see it (amdgpu_ctx_query). */
void shim_gpu_reset(bool vram_lost)
{
	shim_klog("GPU reset begin!");
	shim.reset_counter++;
	if (vram_lost) {
		shim_klog("VRAM is lost due to GPU reset!");
		shim.vram_lost_counter++;
		for (struct shim_bo *bo = shim.bos; bo; bo = bo->next)
			if ((bo->domains & AMDGPU_GEM_DOMAIN_VRAM) && bo->host && !bo->userptr)
				shim_bo_stale(bo, bo->mmap_offset ^ shim.vram_lost_counter);
	}
	shim_vsharp_reset();
	shim_klog("GPU reset(%" PRIu64 ") succeeded!", shim.reset_counter);
}

/*
 * The CP's privileged-register interrupt: 6.1's handler logs this line and
 * calls drm_sched_fault(), whose timeout work is the reset below
 * (gfx_v6_0.c to gfx_v11_0.c *_priv_reg_irq; DRM_ERROR prints "[drm:FUNC]").
 */
static void priv_reg_irq(void)
{
	static const char *const ip[VSHARP_GFX_COUNT] = {
		[VSHARP_GFX6] = "gfx_v6_0", [VSHARP_GFX7] = "gfx_v7_0", [VSHARP_GFX8] = "gfx_v8_0",
		[VSHARP_GFX9] = "gfx_v9_0", [VSHARP_GFX10] = "gfx_v10_0", [VSHARP_GFX10_3] = "gfx_v10_0",
		[VSHARP_GFX11] = "gfx_v11_0",
	};
	const char *name = ip[shim.profile->level];

	shim_klog("[drm:%s_priv_reg_irq] *ERROR* Illegal register access in command stream",
		  name ? name : "gfx");
}

/*
 * Runs the job; 0 when its fence signals, else the errno its fence
 * completes with: -ECANCELED for a job the reset cancelled
 * (drm_sched_resubmit_jobs_ext on the guilty context's fences), -EINVAL
 * for one amdgpu_ib_schedule() refuses (drm_sched_main sets the error).
 */
static int execute(struct shim_file *f, struct job *j, uint64_t seq)
{
	struct vsharp_error err = { "" };
	struct vsharp_vm *vm = NULL;
	unsigned vmid = shim_vmid_grab(f);
	int r = 0;

	if (shim_fault_fire(SHIM_FAULT_HANG)) {
		shim_klog("job %" PRIu64 " hangs (VSHARP_SHIM_FAULT=hang)", seq);
		reset(j, seq, false);
		return -ECANCELED;
	}
	if (shim_fault_fire(SHIM_FAULT_VRAM_LOST)) {
		shim_klog("job %" PRIu64 " hangs and its reset loses VRAM (VSHARP_SHIM_FAULT=vram_lost)",
			  seq);
		reset(j, seq, true);
		return -ECANCELED;
	}
	if (shim_fault_fire(SHIM_FAULT_VM_FAULT)) {
		shim_klog("[gfxhub] page fault (src_id:0 ring:0 vmid:%u pasid:%u) at address 0x%016" PRIx64
			  " (VSHARP_SHIM_FAULT=vm_fault)", vmid, PASID,
			  (uint64_t)(j->ibs[0].va_start & SHIM_HOLE_MASK));
		reset(j, seq, false);
		return -ECANCELED;
	}
	if (j->ibs[0].flags & IB_FLAGS_SECURE) {
		/* amdgpu_job_run(): the fence completes with the error; no reset. */
		shim_klog("secure submissions not supported on ring <comp_1.%u.0>", j->ring);
		shim_klog("Error scheduling IBs (-22) in ring(comp_1.%u.0)", j->ring);
		return -EINVAL;
	}
	r = gpu(&err);
	if (!r) {
		/* amdgpu_vmid_grab(): the job runs under its VM's VMID, which the waves read. */
		vsharp_gpu_set_vmid(shim.gpu, vmid);
		/* SH_MEM_CONFIG is per VMID: the job's waves follow its VMID's (shim_vsharp.c). */
		vsharp_gpu_set_align_mode(shim.gpu, shim_vsharp_align(vmid));
		r = job_vm(f, j, &vm, &err);
	}
	if (!r)
		r = run_ibs(j, vm, &err);
	if (vm)
		vsharp_vm_destroy(vm);
	shim_prt_drop_writes(f);
	if (r) {
		if (r == -EACCES && vsharp_gpu_last_outcome(shim.gpu, NULL) == VSHARP_GPU_PRIV_REG)
			priv_reg_irq();
		shim_klog("%s", err.msg);
		reset(j, seq, false);
		return -ECANCELED;
	}
	if (j->fence_bo)
		memcpy(shim_bo_bytes(j->fence_bo) + j->fence_offset, &seq, sizeof(seq));
	return 0;
}

int shim_cs(struct shim_file *f, void *arg)
{
	union drm_amdgpu_cs *cs = arg;
	struct job j;
	struct shim_bad_fence *grown;
	struct shim_fence fence;
	uint64_t seq;
	int r, error;

	if (!cs->in.num_chunks)
		return -EINVAL;
	memset(&j, 0, sizeof(j));
	j.ctx = ctx_lookup(f, cs->in.ctx_id);
	if (!j.ctx)
		return -EINVAL;
	if (j.ctx->guilty)
		return -ECANCELED;
	r = parse(f, cs, &j);
	if (r)
		goto done;
	seq = j.ctx->next_seq[j.ip][j.ring]++;
	shim_vram_rearm();
	error = execute(f, &j, seq);
	if (error) {
		grown = shim_push(j.ctx->bad, &j.ctx->nbad, sizeof(*grown));
		if (!grown) {
			r = -ENOMEM;
			goto done;
		}
		j.ctx->bad = grown;
		grown[j.ctx->nbad - 1] = (struct shim_bad_fence){ j.ip, j.ring, seq, error };
	}
	/* amdgpu_cs_post_dependencies(): the syncobjs get the job's fence. */
	job_fence(j.ctx, j.ip, j.ring, seq, error, &fence);
	for (unsigned i = 0; i < j.npost; i++)
		shim_syncobj_signal(j.post[i], j.post_points[i], &fence);
	memset(cs, 0, sizeof(*cs));
	cs->out.handle = seq;
done:
	job_free(&j);
	return r;
}
