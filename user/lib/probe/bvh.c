// SPDX-License-Identifier: MIT
/*
 * The BVH stack stubs' registers in the probe's lane record: the record
 * loads v4, v8..v11 and v12..v19 and stores v12..v19 back, so ADDR (in and
 * out) and VDST sit in v16..v18 and DATA1 spans v8 up (stubs.h).
 */
#include <string.h>

#include "vsharp/probe.h"

#define REC(v) ((v) - 12u)	/* vdst[] index of VGPR v */

void vsharp_probe_bvh_lane_in(const struct vsharp_probe_lane *pl, struct vsharp_ds_lane_in *in)
{
	in->vaddr = pl->vdst[REC(VSHARP_STUB_BVH_ADDR)];
	in->data0[0] = pl->vindex;
	memcpy(in->data1, pl->data, sizeof(pl->data));
	memcpy(in->data1 + 4, pl->vdst, 4 * sizeof(pl->vdst[0]));
}

void vsharp_probe_bvh_lane_out(const struct vsharp_ds_lane_out *out, uint32_t vdst[8])
{
	if (out->addr_written)
		vdst[REC(VSHARP_STUB_BVH_ADDR)] = out->new_addr;
	for (unsigned k = 0; k < out->n_vdst; k++)
		vdst[REC(VSHARP_STUB_BVH_VDST) + k] = out->vdst[k];
}
