// SPDX-License-Identifier: MIT
/*
 * Test-only deviations of the memory unit (vsharp/gpu.h).  A mutation
 * names a V# field, and the field's bits come from the level's layout
 * (hw/desc_fields.c), so it changes the same field on every level.
 */
#include <stdint.h>

#include "vsharp/desc.h"
#include "vsharp/gpu.h"

static uint64_t field_get(const uint32_t desc[4], const struct vsharp_field_info *f)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < f->width; i++) {
		unsigned bit = f->lo + i;

		v |= (uint64_t)(desc[bit / 32] >> bit % 32 & 1) << i;
	}
	return v;
}

static void field_put(uint32_t desc[4], const struct vsharp_field_info *f, uint64_t v)
{
	for (unsigned i = 0; i < f->width; i++) {
		unsigned bit = f->lo + i;

		desc[bit / 32] = (desc[bit / 32] & ~(1u << bit % 32)) | (uint32_t)(v >> i & 1) << bit % 32;
	}
}

void vsharp_emu_mutate_desc(enum vsharp_gfx level, enum vsharp_emu_mutation m, uint32_t desc[4])
{
	struct vsharp_field_info a, b;
	uint64_t x, y;

	switch (m) {
	case VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1:
		/* The unit sees one more record (or byte) than the V# says. */
		if (!vsharp_field_info(level, VSHARP_F_NUM_RECORDS, &a))
			return;
		x = field_get(desc, &a);
		if (x != (a.width < 64 ? (UINT64_C(1) << a.width) - 1 : UINT64_MAX))
			field_put(desc, &a, x + 1);
		return;
	case VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY:
		if (!vsharp_field_info(level, VSHARP_F_DST_SEL_X, &a) ||
		    !vsharp_field_info(level, VSHARP_F_DST_SEL_Y, &b))
			return;
		x = field_get(desc, &a);
		y = field_get(desc, &b);
		field_put(desc, &a, y);
		field_put(desc, &b, x);
		return;
	case VSHARP_EMU_MUTATE_NONE:
		return;
	}
}
