/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_PROBE_ARENA_H
#define VSHARP_LIB_PROBE_ARENA_H

#include "probe/context.h"

/*
 * The arenas, the memory under test, one VSHARP_PROBE_ARENA per place of a
 * batch, in one buffer between two guards (probe/arena.c).
 *
 * Mapped guard bytes below and above the arenas: a wave that strays out of
 * the arenas lands here (not in an unmapped page or another buffer), and
 * the guards are checked after every batch.
 */
#define PROBE_GUARD 65536u
#define PROBE_ARENAS ((size_t)VSHARP_PROBE_ARENA * VSHARP_PROBE_MAX_WAVES)

/* The bytes batch place I starts with: VSHARP_PROBE_ARENA of arena, then the LDS. */
const uint8_t *probe_start_bytes(unsigned i);

/*
 * The V# of wave W with its base moved into the arena at ARENA_VA, into
 * DESC.  A raw V# is rebased too, its base field read as an offset into the
 * arena like buf.base, so that no descriptor a suite writes can point the
 * GPU at another buffer.
 */
int probe_place_desc(enum vsharp_gfx level, const struct vsharp_probe_wave *w, uint64_t arena_va,
		     uint32_t desc[4], struct vsharp_error *err);

/* The first N arenas' starting bytes and both guards into the buffer. */
void probe_arenas_upload(struct vsharp_probe_ctx *ctx, unsigned n);
/* Asks the device for the first N arenas and both guards after the next submission. */
int probe_arenas_readback(struct vsharp_probe_ctx *ctx, unsigned n, struct vsharp_error *err);
/* The first N arenas as the batch left them, into the host copy. */
void probe_arenas_download(struct vsharp_probe_ctx *ctx, unsigned n);
/* 0, or -EFAULT when a guard byte changed: some wave stored outside every arena. */
int probe_check_guards(const struct vsharp_probe_ctx *ctx, struct vsharp_error *err);

#endif
