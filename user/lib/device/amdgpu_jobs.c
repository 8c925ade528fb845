// SPDX-License-Identifier: MIT
/*
 * The bookkeeping of amdgpu jobs that needs no GPU: fence sequence numbers
 * across context resets, the text of hang and reset reports, and the BO
 * list of a submission.  Only constants come from the libdrm headers here;
 * every libdrm call is in device/amdgpu.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "vsharp/amdgpu.h"
#include "base/util.h"

/* Newer than libdrm 2.4.114: set while amdgpu_in_reset() (Linux amdgpu_ctx.c). */
#ifndef AMDGPU_CTX_QUERY2_FLAGS_RESET_IN_PROGRESS
#define AMDGPU_CTX_QUERY2_FLAGS_RESET_IN_PROGRESS (1 << 5)
#endif

#define SEQ_MASK ((UINT64_C(1) << VSHARP_AMDGPU_FENCE_SEQ_BITS) - 1)

void vsharp_amdgpu_fences_init(struct vsharp_amdgpu_fences *f)
{
	f->gen = 1;
	f->submitted = 0;
	f->signalled = 0;
	f->ctx_lost = false;
}

uint64_t vsharp_amdgpu_fence_submitted(struct vsharp_amdgpu_fences *f, uint64_t seq)
{
	/* The kernel numbers a context's jobs 1, 2, ...; anything else is a bug. */
	if (!seq || seq > SEQ_MASK || seq <= f->submitted)
		return 0;
	f->submitted = seq;
	return (uint64_t)f->gen << VSHARP_AMDGPU_FENCE_SEQ_BITS | seq;
}

int vsharp_amdgpu_fence_check(const struct vsharp_amdgpu_fences *f, uint64_t handle, uint64_t *seq,
			      struct vsharp_error *err)
{
	uint64_t gen = handle >> VSHARP_AMDGPU_FENCE_SEQ_BITS, s = handle & SEQ_MASK;

	if (!gen || gen > f->gen || !s)
		return vsharp_fail(err, -EINVAL, "fence 0x%" PRIx64 " was not returned by this device",
				   handle);
	if (gen < f->gen)
		return vsharp_fail(err, -ECANCELED,
				   "fence %" PRIu64 ":%" PRIu64 " belongs to a context replaced after a GPU hang; its result is lost",
				   gen, s);
	if (s > f->submitted)
		return vsharp_fail(err, -EINVAL,
				   "fence %" PRIu64 ":%" PRIu64 " was not submitted (last is %" PRIu64 ")",
				   gen, s, f->submitted);
	*seq = s;
	return s <= f->signalled;
}

void vsharp_amdgpu_fence_signalled(struct vsharp_amdgpu_fences *f, uint64_t seq)
{
	/* A context's jobs on one ring complete in order. */
	if (seq > f->signalled && seq <= f->submitted)
		f->signalled = seq;
}

void vsharp_amdgpu_fences_new_context(struct vsharp_amdgpu_fences *f)
{
	f->gen++;
	f->submitted = 0;
	f->signalled = 0;
	f->ctx_lost = false;
}

/* Reset state. */

static const struct {
	uint64_t bit;
	const char *name;
} reset_flags[] = {
	{ AMDGPU_CTX_QUERY2_FLAGS_RESET, "RESET" },
	{ AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST, "VRAMLOST" },
	{ AMDGPU_CTX_QUERY2_FLAGS_GUILTY, "GUILTY" },
	{ AMDGPU_CTX_QUERY2_FLAGS_RAS_CE, "RAS_CE" },
	{ AMDGPU_CTX_QUERY2_FLAGS_RAS_UE, "RAS_UE" },
	{ AMDGPU_CTX_QUERY2_FLAGS_RESET_IN_PROGRESS, "RESET_IN_PROGRESS" },
};

void vsharp_amdgpu_reset_flags_str(uint64_t flags, char *buf, size_t size)
{
	size_t len = 0;

	if (!size)
		return;
	buf[0] = '\0';
	if (!flags) {
		snprintf(buf, size, "none");
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(reset_flags); i++) {
		if (!(flags & reset_flags[i].bit))
			continue;
		flags &= ~reset_flags[i].bit;
		len += snprintf(buf + len, size - len, "%s%s", len ? "|" : "",
				reset_flags[i].name);
		if (len >= size)
			return;
	}
	if (flags)
		snprintf(buf + len, size - len, "%s0x%" PRIx64, len ? "|" : "", flags);
}

bool vsharp_amdgpu_reset_taints(uint64_t flags)
{
	/*
	 * RESET: the GPU was reset since the context was made, and a job the
	 * reset killed still signals its fence.  VRAMLOST: the shaders and
	 * data may be garbage.  GUILTY: this context hung it.  RAS_UE: an
	 * uncorrectable memory error.  A correctable one (RAS_CE) was fixed.
	 * RESET_IN_PROGRESS: a reset is under way and may kill the job yet.
	 */
	return flags & (AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST |
			AMDGPU_CTX_QUERY2_FLAGS_GUILTY | AMDGPU_CTX_QUERY2_FLAGS_RAS_UE |
			AMDGPU_CTX_QUERY2_FLAGS_RESET_IN_PROGRESS);
}

int vsharp_amdgpu_hang_report(struct vsharp_error *err, const char *device, uint64_t handle,
			      uint64_t timeout_ns, uint64_t flags, int query_err)
{
	char fl[96], after[48];
	const char *what;

	if (timeout_ns % 1000000 == 0)
		snprintf(after, sizeof(after), "%" PRIu64 " ms", timeout_ns / 1000000);
	else
		snprintf(after, sizeof(after), "%" PRIu64 " ns", timeout_ns);

	if (query_err) {
		snprintf(fl, sizeof(fl), "unknown (amdgpu_cs_query_reset_state2: %s)",
			 strerror(-query_err));
		what = "";
	} else {
		vsharp_amdgpu_reset_flags_str(flags, fl, sizeof(fl));
		if (flags & AMDGPU_CTX_QUERY2_FLAGS_GUILTY)
			what = " (the kernel reset the GPU and blames this job)";
		else if (flags & AMDGPU_CTX_QUERY2_FLAGS_RESET)
			what = " (the GPU was reset since this context was made)";
		else
			what = " (no reset yet: the job is still running or stuck until the kernel's lockup_timeout)";
	}
	return vsharp_fail(err, -ETIME,
			   "GPU hang: %s: compute queue (entity 0) fence %" PRIu64 ":%" PRIu64 " not signalled after %s; reset state %s%s%s; the next submit uses a new context",
			   device, handle >> VSHARP_AMDGPU_FENCE_SEQ_BITS, handle & SEQ_MASK, after, fl, what,
			   flags & AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST ?
			   "; VRAM contents were lost, rewrite every buffer" : "");
}

int vsharp_amdgpu_hang_cancelled(struct vsharp_error *err, const char *device, uint64_t handle,
				 uint64_t flags, int query_err)
{
	char fl[96];

	if (query_err)
		snprintf(fl, sizeof(fl), "unknown (amdgpu_cs_query_reset_state2: %s)",
			 strerror(-query_err));
	else
		vsharp_amdgpu_reset_flags_str(flags, fl, sizeof(fl));
	return vsharp_fail(err, -ECANCELED,
			   "GPU hang: %s: compute queue (entity 0) fence %" PRIu64 ":%" PRIu64 " completed with -ECANCELED: the kernel's job timeout reset the GPU and cancelled the job; reset state %s%s; the next submit uses a new context",
			   device, handle >> VSHARP_AMDGPU_FENCE_SEQ_BITS, handle & SEQ_MASK, fl,
			   !query_err && (flags & AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST) ?
			   "; VRAM contents were lost, rewrite every buffer" : "");
}

int vsharp_amdgpu_cancelled(struct vsharp_error *err, const char *device, uint64_t flags,
			    int query_err)
{
	char fl[96];

	if (query_err)
		return vsharp_fail(err, -ECANCELED,
				   "%s: amdgpu_cs_submit: the kernel cancelled the context (a GPU reset) and its reset state is unknown (amdgpu_cs_query_reset_state2: %s); not resubmitting, VRAM may have been lost: the next batch rewrites every buffer",
				   device, strerror(-query_err));
	vsharp_amdgpu_reset_flags_str(flags, fl, sizeof(fl));
	if (flags & AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST)
		return vsharp_fail(err, -ECANCELED,
				   "%s: amdgpu_cs_submit: the kernel cancelled the context after a GPU reset that lost VRAM (reset state %s); not resubmitting, the shader code and data of this batch are gone: the next batch rewrites every buffer",
				   device, fl);
	if (flags & AMDGPU_CTX_QUERY2_FLAGS_GUILTY)
		return vsharp_fail(err, -ECANCELED,
				   "%s: amdgpu_cs_submit: the kernel cancelled the context because its job hung the GPU (reset state %s); not resubmitting",
				   device, fl);
	return 0;
}

unsigned vsharp_amdgpu_bo_handles(void *const *bos, unsigned n, void *ib, void **out)
{
	unsigned k = 0;

	/* n is a handful of buffers per dispatch: the quadratic scan is fine. */
	for (unsigned i = 0; i <= n; i++) {
		void *h = i < n ? bos[i] : ib;
		bool seen = false;

		for (unsigned j = 0; j < k && !seen; j++)
			seen = out[j] == h;
		if (h && !seen)
			out[k++] = h;
	}
	return k;
}

