/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_SUITE_H
#define VSHARP_LIB_SUITE_H

/* Helpers the suite generators share. */
#include <string.h>

#include "vsharp/suites.h"

/* xorshift64*: the same sequence everywhere, seeded per suite, level and wave. */
struct suite_rng {
	uint64_t s;
};

static inline struct suite_rng suite_seed(const char *suite, enum vsharp_gfx level, unsigned k)
{
	struct suite_rng r = { 0x9e3779b97f4a7c15ull ^ ((uint64_t)level << 40) ^ k };

	for (const char *c = suite; *c; c++)
		r.s = (r.s ^ (uint8_t)*c) * 0x100000001b3ull;
	r.s |= 1;
	return r;
}

static inline uint32_t suite_rand(struct suite_rng *r, uint32_t n)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return n ? (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32) % n : 0;
}

static inline uint32_t suite_u32(struct suite_rng *r)
{
	suite_rand(r, 1);
	return (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32);
}

/* Fills the lane's destination VGPRs with noise: registers the instruction must not write show. */
static inline void suite_noise(struct suite_rng *r, struct vsharp_probe_lane *pl)
{
	for (unsigned v = 0; v < 8; v++)
		pl->vdst[v] = suite_u32(r);
}

/* The level's instruction spelled GCN-style before GFX11, RDNA3-style after. */
const struct vsharp_op *suite_op(enum vsharp_gfx level, const char *gcn, const char *rdna);

/* A wave running OP with its default stub modifiers and the level's default V#. */
void suite_wave(enum vsharp_gfx level, unsigned wave_size, const struct vsharp_op *op,
		struct vsharp_probe_wave *w);

/*
 * Keeps the wave inside its arena: a lane whose in-range access would leave
 * it (the model says "fault") gets vindex and voffset 0.  Suites pick
 * ranges that rarely need this; it guards the few that do.
 */
void suite_fit(enum vsharp_gfx level, enum vsharp_align_mode mode, struct vsharp_probe_wave *w);

/* Every legal buffer format of a level, in table order; returns the count. */
unsigned suite_formats(enum vsharp_gfx level, struct vsharp_format *out, unsigned max);

#endif
