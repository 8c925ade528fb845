// SPDX-License-Identifier: MIT
/*
 * The VMID vsharp's jobs run under, and a mode set on it alone
 * (vsharp/vmid.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "vsharp/probe.h"
#include "vsharp/suites.h"
#include "vsharp/vmid.h"

unsigned vsharp_vmid_of_hw_id(enum vsharp_gfx level, unsigned hw_id)
{
	return hw_id >> (level <= VSHARP_GFX9 ? 20 : 24) & 0xf;
}

/* Whether the model finds wave W harmless whatever mode the VMID is in. */
static int harmless(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *w, bool *ok,
		    struct vsharp_error *err)
{
	struct vsharp_probe_expect *e = malloc(sizeof(*e));
	int ret = 0;

	if (!e)
		return vsharp_fail(err, -ENOMEM, "vmid: out of memory");
	*ok = true;
	for (int m = 0; m < VSHARP_ALIGN_COUNT && *ok && !ret; m++) {
		ret = vsharp_probe_expect(ctx, w, 0, m, NULL, e, err);
		*ok = !ret && !e->memviol && !e->fault;
	}
	free(e);
	return ret;
}

int vsharp_vmid_of_jobs(struct vsharp_device *dev, unsigned *vmid, struct vsharp_error *err)
{
	struct vsharp_probe_wave *w = malloc(sizeof(*w));
	struct vsharp_probe_ctx *ctx = NULL;
	unsigned ws, hw_id = 0;
	bool found = false;
	int ret;

	if (!w)
		return vsharp_fail(err, -ENOMEM, "vmid: out of memory");
	/* The mode the context is opened with only names the expectations, which this job does not judge. */
	ret = vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, err);
	ws = ret ? 0 : vsharp_probe_wave_size(ctx);
	for (unsigned i = 0; i < vsharp_suite_count && !found && !ret; i++)
		for (unsigned k = 0; k < vsharp_suite_waves(vsharp_suites[i], ws) && !found && !ret; k++)
			if (vsharp_suites[i]->wave(dev->level, ws, VSHARP_ALIGN_UNALIGNED, k, w))
				ret = harmless(ctx, w, &found, err);
	if (!ret && !found)
		ret = vsharp_fail(err, -ENOENT, "vmid: no wave of %s is harmless in every alignment mode", dev->name);
	if (!ret)
		ret = vsharp_probe_exec(ctx, w, 1, err);
	if (!ret)
		hw_id = vsharp_probe_vmid(ctx);
	if (!ret && !hw_id)
		ret = vsharp_fail(err, -EPROTO, "vmid: the first job's wave on %s recorded no HW_ID", dev->name);
	if (!ret)
		*vmid = vsharp_vmid_of_hw_id(dev->level, hw_id);
	if (ctx)
		vsharp_probe_close(ctx);
	free(w);
	return ret;
}

int vsharp_vmid_isolate(struct vsharp_session *s, const char *debugfs, enum vsharp_align_mode mode,
			bool allow_shared, struct vsharp_error *err)
{
	struct vsharp_error why = { "" };
	int ret = vsharp_session_reserve_vmid(s, &why);

	/* Another process's reservation: the VMID is every process's, which only ALLOW_SHARED takes. */
	if (ret == -EBUSY && allow_shared)
		ret = 0;
	else if (ret == -EBUSY)
		return vsharp_fail(err, -EACCES, "%s (--allow-shared-vmid sets the mode on a VMID other processes' jobs run on)",
				   why.msg);
	else if (ret)
		return vsharp_fail(err, ret, "%s", why.msg);
	if (!ret && s->dev->hardware)
		ret = vsharp_vmid_of_jobs(s->dev, &s->vmid, err);
	if (!ret)
		ret = vsharp_session_set_mode(s, debugfs, mode, allow_shared, err);
	if (ret)
		vsharp_session_unreserve_vmid(s);
	return ret;
}

int vsharp_vmid_still(struct vsharp_session *s, struct vsharp_error *err)
{
	unsigned now = 0;
	int ret;

	if (!s->dev->hardware || !s->vmid)
		return 0;
	ret = vsharp_vmid_of_jobs(s->dev, &now, err);
	if (!ret && now != s->vmid)
		ret = vsharp_fail(err, -ESRCH, "vmid: the jobs ran under VMID %u at first and under VMID %u at the end: some ran under another VMID's mode",
				  s->vmid, now);
	return ret;
}
