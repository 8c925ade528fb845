/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_MODEL_LDS_H
#define VSHARP_LIB_MODEL_LDS_H

#include "vsharp/model.h"

/*
 * The lanes EXEC runs of a per-lane DS instruction, in lane order, each as
 * vsharp_ds_lane() would do it, with what the lanes share worked out once
 * (model/lds.c).  OUT (LANES entries) must be zeroed.
 */
void ds_lanes(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
	      unsigned lanes, uint64_t exec, struct vsharp_lds *lds,
	      struct vsharp_ds_lane_out *out);

#endif
