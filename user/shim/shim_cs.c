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
 * job timeout has fired: a VM fault, a broken strict rule or a hang stops
 * the job, its fence never signals, the report goes to stderr as a kernel
 * log line, the GPU "resets" (every context sees RESET) and the job's
 * context is guilty, so later submits on it get -ECANCELED.  A good job's
 * fence has signalled when the CS returns.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "shim.h"
#include "vsharp/gpu.h"

#define IB_MAX_DW 0xfffffu	/* amdgpu_cs.c AMDGPU_GFX_SDMA_IB_PACKET_SIZE_MAX_DW */
#define PASID 32769u		/* amdgpu hands out PASIDs from 32768 */

/* amdgpu_ctx.c amdgpu_ctx_num_entities: rings per IP type a context may address. */
static const unsigned ctx_entities[AMDGPU_HW_IP_NUM] = {
	[AMDGPU_HW_IP_GFX] = 1, [AMDGPU_HW_IP_COMPUTE] = SHIM_COMPUTE_RINGS,
	[AMDGPU_HW_IP_DMA] = 2, [AMDGPU_HW_IP_UVD] = 1, [AMDGPU_HW_IP_VCE] = 1,
	[AMDGPU_HW_IP_UVD_ENC] = 1, [AMDGPU_HW_IP_VCN_DEC] = 1, [AMDGPU_HW_IP_VCN_ENC] = 1,
	[AMDGPU_HW_IP_VCN_JPEG] = 1,
};

static struct shim_ctx *ctx_lookup(struct shim_file *f, uint32_t id)
{
	for (size_t i = 0; i < f->nctxs; i++)
		if (f->ctxs[i].id == id)
			return &f->ctxs[i];
	return NULL;
}

void shim_ctx_release(struct shim_ctx *c)
{
	free(c->bad);
	c->bad = NULL;
	c->nbad = 0;
}

/* amdgpu_ctx_get_entity(): only compute rings execute here. */
static int entity(uint32_t ip, uint32_t instance, uint32_t ring)
{
	if (ip >= AMDGPU_HW_IP_NUM || instance != 0 || ring >= ctx_entities[ip])
		return -EINVAL;
	if (ip != AMDGPU_HW_IP_COMPUTE)
		return shim_unsupported("a job on HW IP type %u (only COMPUTE runs)", ip);
	return 0;
}

static int ctx_alloc(struct shim_file *f, const struct drm_amdgpu_ctx_in *in, uint32_t *id)
{
	struct shim_ctx *c;

	/* amdgpu_ctx_priority_permit(): above NORMAL needs CAP_SYS_NICE or DRM master. */
	if (in->priority == AMDGPU_CTX_PRIORITY_HIGH || in->priority == AMDGPU_CTX_PRIORITY_VERY_HIGH)
		return -EACCES;
	c = shim_push(f->ctxs, &f->nctxs, sizeof(*c));
	if (!c)
		return -ENOMEM;
	f->ctxs = c;
	c = &f->ctxs[f->nctxs - 1];
	c->id = *id = f->next_ctx++;
	c->reset_counter = shim.reset_counter;
	c->vram_lost_counter = shim.vram_lost_counter;
	for (unsigned r = 0; r < SHIM_COMPUTE_RINGS; r++)
		c->next_seq[r] = 1;
	return 0;
}

int shim_ctx(struct shim_file *f, void *arg)
{
	union drm_amdgpu_ctx *args = arg;
	struct drm_amdgpu_ctx_in in = args->in;
	struct shim_ctx *c;
	uint32_t id = 0;
	int r;

	if (in.flags && in.op != AMDGPU_CTX_OP_SET_STABLE_PSTATE)
		return -EINVAL;
	memset(&args->out, 0, sizeof(args->out));
	switch (in.op) {
	case AMDGPU_CTX_OP_ALLOC_CTX:
		r = ctx_alloc(f, &in, &id);
		args->out.alloc.ctx_id = id;
		return r;
	case AMDGPU_CTX_OP_FREE_CTX:
		c = ctx_lookup(f, in.ctx_id);
		if (!c)
			return -EINVAL;
		shim_ctx_release(c);
		*c = f->ctxs[--f->nctxs];
		return 0;
	case AMDGPU_CTX_OP_QUERY_STATE:
		c = ctx_lookup(f, in.ctx_id);
		if (!c)
			return -EINVAL;
		args->out.state.reset_status = c->guilty ? AMDGPU_CTX_GUILTY_RESET :
					       c->reset_counter != shim.reset_counter ?
					       AMDGPU_CTX_UNKNOWN_RESET : AMDGPU_CTX_NO_RESET;
		return 0;
	case AMDGPU_CTX_OP_QUERY_STATE2:
		c = ctx_lookup(f, in.ctx_id);
		if (!c)
			return -EINVAL;
		args->out.state.flags =
			(c->reset_counter != shim.reset_counter ? AMDGPU_CTX_QUERY2_FLAGS_RESET : 0) |
			(c->vram_lost_counter != shim.vram_lost_counter ?
			 AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST : 0) |
			(c->guilty ? AMDGPU_CTX_QUERY2_FLAGS_GUILTY : 0);
		return 0;
	default:
		return shim_unsupported("AMDGPU_CTX op %u", in.op);
	}
}

/* Fences. */

enum fence_state { FENCE_SIGNALLED, FENCE_NEVER, FENCE_ERROR };

/* amdgpu_ctx_get_fence(): -EINVAL for a sequence not yet emitted. */
static int fence_state(struct shim_file *f, uint32_t ctx_id, uint32_t ip, uint32_t instance,
		       uint32_t ring, uint64_t seq, enum fence_state *state, int *error)
{
	struct shim_ctx *c = ctx_lookup(f, ctx_id);
	int r;

	if (!c)
		return -EINVAL;
	r = entity(ip, instance, ring);
	if (r)
		return r;
	if (seq == ~0ull)
		seq = c->next_seq[ring] - 1;
	if (seq >= c->next_seq[ring])
		return -EINVAL;
	*state = FENCE_SIGNALLED;
	/* Fences older than the entity's window of amdgpu_sched_jobs count as signalled. */
	if (seq + SHIM_SCHED_JOBS < c->next_seq[ring])
		return 0;
	for (size_t i = 0; i < c->nbad; i++)
		if (c->bad[i].ring == ring && c->bad[i].seq == seq) {
			*state = c->bad[i].error ? FENCE_ERROR : FENCE_NEVER;
			*error = c->bad[i].error;
		}
	return 0;
}

int shim_wait_cs(struct shim_file *f, void *arg)
{
	union drm_amdgpu_wait_cs *w = arg;
	enum fence_state st;
	int error = 0;
	int r = fence_state(f, w->in.ctx_id, w->in.ip_type, w->in.ip_instance, w->in.ring,
			    w->in.handle, &st, &error);

	if (r)
		return r;
	if (st == FENCE_ERROR)
		return error;
	/* A fence that never signals: "busy" at once, not after sleeping the timeout. */
	memset(w, 0, sizeof(*w));
	w->out.status = st == FENCE_NEVER;
	return 0;
}

int shim_wait_fences(struct shim_file *f, void *arg)
{
	union drm_amdgpu_wait_fences *w = arg;
	const struct drm_amdgpu_fence *fences = (const void *)(uintptr_t)w->in.fences;
	uint32_t count = w->in.fence_count, first = ~0u;
	bool all = w->in.wait_all, signalled = all;

	if (shim_user_fault(w->in.fences, (size_t)count * sizeof(*fences)))
		return -EFAULT;
	for (uint32_t i = 0; i < count; i++) {
		enum fence_state st;
		int error = 0;
		int r = fence_state(f, fences[i].ctx_id, fences[i].ip_type, fences[i].ip_instance,
				    fences[i].ring, fences[i].seq_no, &st, &error);

		if (r)
			return r;
		if (st == FENCE_ERROR)
			return error;
		if (all && st == FENCE_NEVER) {
			signalled = false;
			break;
		}
		if (!all && st == FENCE_SIGNALLED) {
			signalled = true;
			first = i;
			break;
		}
	}
	memset(w, 0, sizeof(*w));
	w->out.status = signalled;
	w->out.first_signaled = first;
	return 0;
}

/* Submission. */

struct job {
	struct shim_ctx *ctx;
	uint32_t ring;
	struct drm_amdgpu_cs_chunk_ib ibs[16];
	unsigned nibs;
	struct shim_list list;		/* the BO_HANDLES chunk's, owned */
	const struct shim_list *resident;
	struct shim_bo *fence_bo;
	uint64_t fence_offset;
	bool waits_on_hung;		/* a dependency that never signals */
};

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
	if (j->nibs && ib.ring != j->ring)
		return shim_unsupported("a gang submit over compute rings %u and %u", j->ring, ib.ring);
	if (j->nibs == sizeof(j->ibs) / sizeof(j->ibs[0]))
		return shim_unsupported("more than %u IBs in one CS", j->nibs);
	if (ib.ib_bytes / 4 > IB_MAX_DW)
		return -EINVAL;
	if (ib.flags)
		return shim_unsupported("IB flags 0x%x", ib.flags);
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
	if (!j->fence_bo || j->fence_bo->size != SHIM_PAGE || fc.offset > SHIM_PAGE - 8)
		return -EINVAL;
	j->fence_offset = fc.offset;
	return 0;
}

static int chunk_deps(struct shim_file *f, struct job *j, const void *data, size_t bytes)
{
	const struct drm_amdgpu_cs_chunk_dep *deps = data;

	for (size_t i = 0; i < bytes / sizeof(*deps); i++) {
		enum fence_state st;
		int error = 0;
		int r = fence_state(f, deps[i].ctx_id, deps[i].ip_type, deps[i].ip_instance,
				    deps[i].ring, deps[i].handle, &st, &error);

		if (r)
			return r;
		j->waits_on_hung |= st == FENCE_NEVER;
	}
	return 0;
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
			r = chunk_deps(f, j, data, bytes);
			break;
		case AMDGPU_CHUNK_ID_SYNCOBJ_IN:
		case AMDGPU_CHUNK_ID_SYNCOBJ_OUT:
		case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT:
		case AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL:
			return shim_unsupported("CS chunk %u (syncobj)", c->chunk_id);
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
	if (bo == j->fence_bo || (bo->flags & AMDGPU_GEM_CREATE_VM_ALWAYS_VALID))
		return true;
	for (unsigned i = 0; i < j->resident->n; i++)
		if (j->resident->bos[i] == bo)
			return true;
	return false;
}

static int job_vm(struct shim_file *f, const struct job *j, struct vsharp_vm **vm,
		  struct vsharp_error *err)
{
	int r = vsharp_vm_create(vm, err);

	for (size_t i = 0; !r && i < f->nmaps; i++) {
		const struct shim_map *m = &f->maps[i];

		if (resident(j, m->bo))
			r = vsharp_vm_map(*vm, m->start, m->size, m->bo->host + m->offset, m->perms,
					  err);
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
	cfg.target = target && target->level == shim.profile->level ? target : NULL;
	cfg.lds_per_cu = shim.profile->lds_per_cu;
	cfg.pasid = PASID;
	return vsharp_gpu_create(&cfg, &shim.gpu, err);
}

/* The job stopped the GPU: amdgpu's timeout handler resets it and blames the context. */
static void reset(struct job *j, uint64_t seq, bool vram_lost)
{
	shim_klog("[drm:amdgpu_job_timedout] *ERROR* ring comp_1.%u.0 timeout, signaled seq=%" PRIu64
		  ", emitted seq=%" PRIu64, j->ring, seq - 1, seq);
	shim_klog("GPU reset begin!");
	shim.reset_counter++;
	j->ctx->guilty = true;
	if (vram_lost) {
		shim_klog("VRAM is lost due to GPU reset!");
		shim.vram_lost_counter++;
		for (struct shim_bo *bo = shim.bos; bo; bo = bo->next)
			if (bo->domains & AMDGPU_GEM_DOMAIN_VRAM)
				shim_garbage(bo->host, bo->size, bo->mmap_offset ^ shim.vram_lost_counter);
	}
	shim_klog("GPU reset(%" PRIu64 ") succeeded!", shim.reset_counter);
}

/* Runs the job; 0 when its fence signals, else the fence's bad state. */
static int execute(struct shim_file *f, struct job *j, uint64_t seq, struct shim_bad_fence *bad)
{
	struct vsharp_error err = { "" };
	struct vsharp_vm *vm = NULL;
	int r = 0;

	bad->ring = j->ring;
	bad->seq = seq;
	bad->error = 0;
	if (j->waits_on_hung)
		return 1;
	if (shim_fault_fire(SHIM_FAULT_HANG)) {
		shim_klog("job %" PRIu64 " hangs (VSHARP_SHIM_FAULT=hang)", seq);
		reset(j, seq, false);
		return 1;
	}
	if (shim_fault_fire(SHIM_FAULT_VRAM_LOST)) {
		shim_klog("job %" PRIu64 " hangs and its reset loses VRAM (VSHARP_SHIM_FAULT=vram_lost)",
			  seq);
		reset(j, seq, true);
		/* drm_sched_resubmit_jobs() cancels the guilty job after a VRAM loss. */
		bad->error = -ECANCELED;
		return 1;
	}
	if (shim_fault_fire(SHIM_FAULT_VM_FAULT)) {
		shim_klog("[gfxhub] page fault (src_id:0 ring:0 vmid:1 pasid:%u) at address 0x%016" PRIx64
			  " (VSHARP_SHIM_FAULT=vm_fault)", PASID, (uint64_t)(j->ibs[0].va_start & SHIM_HOLE_MASK));
		reset(j, seq, false);
		return 1;
	}
	r = gpu(&err);
	if (!r)
		r = job_vm(f, j, &vm, &err);
	for (unsigned i = 0; !r && i < j->nibs; i++)
		r = vsharp_gpu_run_ib(shim.gpu, vm, j->ibs[i].va_start & SHIM_HOLE_MASK,
				      j->ibs[i].ib_bytes / 4, &err);
	if (vm)
		vsharp_vm_destroy(vm);
	if (r) {
		shim_klog("%s", err.msg);
		reset(j, seq, false);
		return 1;
	}
	if (j->fence_bo)
		memcpy(j->fence_bo->host + j->fence_offset, &seq, sizeof(seq));
	return 0;
}

int shim_cs(struct shim_file *f, void *arg)
{
	union drm_amdgpu_cs *cs = arg;
	struct job j;
	struct shim_bad_fence bad, *grown;
	uint64_t seq;
	int r;

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
	seq = j.ctx->next_seq[j.ring]++;
	if (execute(f, &j, seq, &bad)) {
		grown = shim_push(j.ctx->bad, &j.ctx->nbad, sizeof(bad));
		if (!grown) {
			r = -ENOMEM;
			goto done;
		}
		j.ctx->bad = grown;
		grown[j.ctx->nbad - 1] = bad;
	}
	memset(cs, 0, sizeof(*cs));
	cs->out.handle = seq;
done:
	shim_list_free(&j.list);
	return r;
}
