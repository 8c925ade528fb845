// SPDX-License-Identifier: MIT
/*
 * What a V# covers, read off the model's own range check (buffer.c's plan
 * for a DWORD load), so that `desc decode` and `addr` can never disagree:
 * there is one place that decides how NUM_RECORDS is read.
 */
#include <errno.h>
#include <string.h>

#include "vsharp/model.h"
#include "vsharp/ops.h"
#include "vsharp/rules.h"

/* The unit each range check counts NUM_RECORDS in. */
static const enum vsharp_extent_unit units[VSHARP_RANGE_COUNT] = {
	[VSHARP_RANGE_NONE] = VSHARP_EXTENT_UNCHECKED,
	[VSHARP_RANGE_ADDR64] = VSHARP_EXTENT_UNCHECKED,
	[VSHARP_RANGE_EMPTY] = VSHARP_EXTENT_UNCHECKED,
	[VSHARP_RANGE_INDEX] = VSHARP_EXTENT_INDEX,
	[VSHARP_RANGE_INDEX_OFFSET_GE] = VSHARP_EXTENT_RECORDS,
	[VSHARP_RANGE_INDEX_OFFSET_GT] = VSHARP_EXTENT_RECORDS,
	[VSHARP_RANGE_INDEX_PAYLOAD] = VSHARP_EXTENT_RECORDS,
	[VSHARP_RANGE_OFFSET_GE] = VSHARP_EXTENT_BYTES,
	[VSHARP_RANGE_OFFSET_GE_SOFF] = VSHARP_EXTENT_BYTES,
	[VSHARP_RANGE_LINEAR_GE_SOFF] = VSHARP_EXTENT_BYTES,
	[VSHARP_RANGE_PAYLOAD] = VSHARP_EXTENT_BYTES,
	[VSHARP_RANGE_PAYLOAD_DWORDS] = VSHARP_EXTENT_BYTES,
	[VSHARP_RANGE_SWIZZLED_GE] = VSHARP_EXTENT_BYTES,
};

int vsharp_buffer_extent(enum vsharp_gfx level, const uint32_t desc[4], bool idxen,
			 struct vsharp_buffer_extent *e, struct vsharp_error *err)
{
	struct vsharp_buffer_access a = { .level = level, .idxen = idxen, .offen = true };
	struct vsharp_buffer_plan p;
	int ret;

	memset(e, 0, sizeof(*e));
	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", level);
	/* GFX11 renamed the data sizes (buffer_load_b32). */
	a.op = vsharp_op_find(level, level >= VSHARP_GFX11 ? "buffer_load_b32" : "buffer_load_dword", err);
	if (!a.op)
		return -EINVAL;
	memcpy(a.desc, desc, sizeof(a.desc));
	vsharp_rules_default(level, &a.rules);
	ret = vsharp_buffer_plan(&a, &p, err);
	if (ret)
		return ret;
	e->range = p.range;
	e->unit = units[p.range];
	e->ignored = p.ignored;
	e->unbound = p.unbound;
	e->stride = p.stride;
	e->records = p.buf.num_records;
	/* Every check is out of range with NUM_RECORDS 0 (index >= 0, offset >= 0 ...). */
	if (e->unit != VSHARP_EXTENT_UNCHECKED && !p.buf.num_records)
		e->unit = VSHARP_EXTENT_NOTHING;
	if (p.range == VSHARP_RANGE_EMPTY && !p.buf.num_records)
		e->unit = VSHARP_EXTENT_NOTHING;
	e->bytes = e->unit == VSHARP_EXTENT_RECORDS ? (uint64_t)p.buf.num_records * p.stride :
		   e->unit == VSHARP_EXTENT_BYTES ? p.buf.num_records : 0;
	return 0;
}
