/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_PROBE_CASE_TABLE_H
#define VSHARP_LIB_PROBE_CASE_TABLE_H

#include "probe/context.h"

/* The case table of a batch, one wave record per wave (probe/case_table.c). */

/* Waves[0..n) into the host copy of the table, each with its stub, V# and lanes. */
int probe_table_fill(struct vsharp_probe_ctx *ctx, const struct vsharp_probe_wave *waves, unsigned n,
		     struct vsharp_error *err);
/* The first N records between the host copy and the table buffer: the bytes the shader uses. */
void probe_table_upload(struct vsharp_probe_ctx *ctx, unsigned n);
/* Asks the device for those bytes of the first N records after the next submission. */
int probe_table_readback(struct vsharp_probe_ctx *ctx, unsigned n, struct vsharp_error *err);
void probe_table_download(struct vsharp_probe_ctx *ctx, unsigned n);
/* The VMID record I of the host copy holds (0: the wave never wrote it). */
unsigned probe_table_vmid(const struct vsharp_probe_ctx *ctx, unsigned i);

#endif
