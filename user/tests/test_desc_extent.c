// SPDX-License-Identifier: MIT
/*
 * `desc decode`'s extent and `addr`'s range check agree on every V#: the
 * extent vsharp_buffer_extent() reports is held against the range check of
 * vsharp_buffer_lane() (the model `addr` runs) over random descriptors and
 * offsets on every level.  What the extent claims:
 *   BYTES    a dword wholly below BYTES is in range, one at or past it is not
 *            (raw accesses, no swizzle: the byte view is linear there);
 *   RECORDS  an index below RECORDS with the dword inside its record is in
 *            range, an index at or past RECORDS is not;
 *   INDEX    an index below RECORDS is in range at any offset, one past not;
 *   NOTHING  nothing is in range; UNCHECKED: everything is.
 * The regression that started it: composable_kernel's gfx1100 word 3
 * 0x10020000 (OOB_SELECT 1) was shown as covering 0 bytes while an offset
 * 8 KiB past the base is in range.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/model.h"
#include "vsharp/rules.h"

#define TRIALS 4000

static uint32_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*s >> 33);
}

/* The model's range check for one DWORD load lane (OFFEN, soffset 0). */
static bool in_range(enum vsharp_gfx level, const uint32_t desc[4], bool idxen, uint32_t index,
		     uint32_t offset, bool *ok)
{
	struct vsharp_buffer_access a = { .level = level, .idxen = idxen, .offen = true };
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in = { .vindex = index, .voffset = offset };
	struct vsharp_lane_out out;
	struct vsharp_error err;

	a.op = vsharp_op_find(level, level >= VSHARP_GFX11 ? "buffer_load_b32" : "buffer_load_dword",
			      &err);
	memcpy(a.desc, desc, sizeof(a.desc));
	vsharp_rules_default(level, &a.rules);
	*ok = a.op && !vsharp_buffer_plan(&a, &p, &err);
	if (!*ok)
		return false;
	vsharp_buffer_lane(&p, &in, NULL, NULL, &out);
	return out.in_range & 1;
}

/* A random V# of a buffer (TYPE 0), swizzle off unless SWIZZLE. */
static void random_desc(enum vsharp_gfx level, uint64_t *s, bool swizzle, uint32_t d[4])
{
	struct vsharp_buffer b;
	struct vsharp_desc_fields f;

	d[0] = rnd(s) & ~3u;
	d[1] = rnd(s);
	d[2] = rnd(s) % 4 ? rnd(s) % 0x4000 : rnd(s);
	d[3] = rnd(s) & 0x3fffffff;	/* TYPE 0: a buffer */
	vsharp_desc_decode(level, d, &b);
	if (b.swizzle == swizzle)
		return;
	/* Flip SWIZZLE_ENABLE through the field table to keep the other bits. */
	vsharp_fields_unpack(level, d, &f);
	f.value[VSHARP_F_SWIZZLE_ENABLE] = swizzle;
	vsharp_fields_pack(level, &f, d, NULL);
}

static void check_level(struct ktap *t, enum vsharp_gfx level, bool swizzle, uint64_t seed)
{
	unsigned checked = 0;

	for (unsigned n = 0; n < TRIALS; n++) {
		struct vsharp_buffer_extent e;
		struct vsharp_error err;
		uint32_t d[4], index, offset;
		bool idxen = rnd(&seed) & 1, ok, claim, got;

		/* Unbound V#s read 0 whatever the range: draw again (a bound one is likely). */
		for (unsigned tries = 0; tries < 64; tries++) {
			random_desc(level, &seed, swizzle, d);
			if (!CHECK_MSG(t, !vsharp_buffer_extent(level, d, idxen, &e, &err), "%s",
				       err.msg))
				return;
			if (!e.ignored && !e.unbound)
				break;
		}
		if (e.ignored || e.unbound)
			continue;
		index = idxen ? rnd(&seed) % (e.records * 2 + 2) : 0;
		offset = (uint32_t)(rnd(&seed) % (e.unit == VSHARP_EXTENT_RECORDS ? (uint64_t)e.stride * 2 + 8 :
						  e.bytes * 2 + 8)) & ~3u;
		switch (e.unit) {
		case VSHARP_EXTENT_UNCHECKED:
			claim = true;
			break;
		case VSHARP_EXTENT_NOTHING:
			claim = false;
			break;
		case VSHARP_EXTENT_INDEX:
			claim = index < e.records;
			break;
		case VSHARP_EXTENT_RECORDS:
			if (index < e.records && offset + 4 > e.stride)
				continue;	/* the offset's own rule, outside the extent's claim */
			claim = index < e.records;
			break;
		default:
			/* The byte view is linear for raw, unswizzled accesses only. */
			if (idxen || swizzle)
				continue;
			if (offset < e.bytes && offset + 4 > e.bytes)
				continue;	/* a dword across the end: the payload rule decides */
			claim = offset + 4 <= e.bytes;
			break;
		}
		got = in_range(level, d, idxen, index, offset, &ok);
		if (!CHECK_MSG(t, ok, "%s: the model refused 0x%08x 0x%08x 0x%08x 0x%08x",
			       vsharp_gfx_name(level), d[0], d[1], d[2], d[3]))
			return;
		CHECK_MSG(t, got == claim,
			  "%s %08x %08x %08x %08x idxen %d index %u offset %u: extent unit %d (%llu records, %u stride, %llu bytes) says %s, the range check says %s",
			  vsharp_gfx_name(level), d[0], d[1], d[2], d[3], idxen, index, offset, e.unit,
			  (unsigned long long)e.records, e.stride, (unsigned long long)e.bytes,
			  claim ? "in" : "out", got ? "in" : "out");
		checked++;
	}
	/* Enough lanes were held to a claim for the sweep to mean something. */
	CHECK_MSG(t, checked > TRIALS / 8, "%s: only %u of %u lanes checked", vsharp_gfx_name(level),
		  checked, TRIALS);
}

static void test_extent_matches_range_check(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		check_level(t, l, false, 0x5eed0000u + l);
		check_level(t, l, true, 0x5eed1000u + l);
	}
}

/* composable_kernel include/ck/ck.hpp: CK_BUFFER_RESOURCE_3RD_DWORD 0x10020000 on gfx1100. */
static void test_composable_kernel_gfx1100(struct ktap *t)
{
	const uint32_t d[4] = { 0, 0, 0x2000, 0x10020000 };
	struct vsharp_buffer_extent e;
	struct vsharp_error err;
	bool ok;

	CHECK(t, !vsharp_buffer_extent(VSHARP_GFX11, d, false, &e, &err));
	CHECK_EQ(t, e.unit, VSHARP_EXTENT_INDEX);	/* OOB_SELECT 1: index only (RDNA3 §9.1.8) */
	CHECK_EQ(t, e.records, 0x2000);
	CHECK(t, in_range(VSHARP_GFX11, d, false, 0, 0x2000, &ok) && ok);
}

KTAP_MAIN(KTAP_CASE(test_extent_matches_range_check), KTAP_CASE(test_composable_kernel_gfx1100))
