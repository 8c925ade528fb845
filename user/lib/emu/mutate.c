// SPDX-License-Identifier: MIT
/*
 * Test-only deviations of the memory unit (vsharp/gpu.h).  A mutation
 * names a V# field, and the field's bits come from the level's layout
 * (hw/desc.c), so it changes the same field on every level.
 */
#include <stdint.h>

#include "vsharp/desc.h"
#include "vsharp/gpu.h"

void vsharp_emu_mutate_desc(enum vsharp_gfx level, enum vsharp_emu_mutation m, uint32_t desc[4])
{
	struct vsharp_field_info a, b;
	uint64_t x, y;

	switch (m) {
	case VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1:
		/* The unit sees one more record (or byte) than the V# says. */
		if (!vsharp_field_info(level, VSHARP_F_NUM_RECORDS, &a))
			return;
		x = vsharp_field_get(desc, &a);
		if (x != (a.width < 64 ? (UINT64_C(1) << a.width) - 1 : UINT64_MAX))
			vsharp_field_put(desc, &a, x + 1);
		return;
	case VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY:
		if (!vsharp_field_info(level, VSHARP_F_DST_SEL_X, &a) ||
		    !vsharp_field_info(level, VSHARP_F_DST_SEL_Y, &b))
			return;
		x = vsharp_field_get(desc, &a);
		y = vsharp_field_get(desc, &b);
		vsharp_field_put(desc, &a, y);
		vsharp_field_put(desc, &b, x);
		return;
	case VSHARP_EMU_MUTATE_NONE:
		return;
	}
}
