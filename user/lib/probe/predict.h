/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_PROBE_PREDICT_H
#define VSHARP_LIB_PROBE_PREDICT_H

#include "vsharp/probe.h"

/*
 * The model's view of a wave's instruction in setting S, as the prediction
 * (probe/predict.c) evaluates it lane by lane, for callers that want one
 * lane's addresses rather than a whole record (the alignment atlas): the
 * DS access, checked, or the buffer access, planned; both under S's rules.
 */
int probe_ds_access(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
		    struct vsharp_ds_access *a, struct vsharp_error *err);
int probe_buffer_plan(const struct vsharp_probe_setting *s, const struct vsharp_probe_wave *w,
		      struct vsharp_buffer_plan *p, struct vsharp_error *err);

#endif
