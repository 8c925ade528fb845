// SPDX-License-Identifier: MIT
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "vsharp/rkind.h"

static const char *const kind_names[VSHARP_RKIND_COUNT] = {
	"typed", "raw", "structured", "constant",
};

const char *vsharp_rkind_name(enum vsharp_rkind kind)
{
	return (unsigned)kind < VSHARP_RKIND_COUNT ? kind_names[kind] : "?";
}

int vsharp_rkind_parse(const char *name, enum vsharp_rkind *kind,
		       struct vsharp_error *err)
{
	for (int k = 0; k < VSHARP_RKIND_COUNT; k++) {
		if (!strcmp(name, kind_names[k])) {
			*kind = k;
			return 0;
		}
	}
	return vsharp_fail(err, -EINVAL,
			   "kind: unknown resource kind '%s' (allowed typed, raw, structured, constant)",
			   name);
}

/*
 * Indexed (typed, structured) access counts NUM_RECORDS in records on every
 * level but GFX8, where an unswizzled buffer counts bytes even with a stride
 * (radeonsi si_make_buffer_descriptor, RADV radv_make_texel_buffer_descriptor).
 */
static int records(enum vsharp_gfx level, uint64_t count, uint32_t stride,
		   struct vsharp_buffer *b, struct vsharp_error *err)
{
	uint64_t n = level == VSHARP_GFX8 ? count * stride : count;

	if (n > UINT32_MAX)
		return vsharp_fail(err, -ERANGE,
				   "size: %" PRIu64 " %s do not fit NUM_RECORDS on %s (allowed 0..4294967295)",
				   n, level == VSHARP_GFX8 ? "bytes" : "records",
				   vsharp_gfx_name(level));
	b->num_records = (uint32_t)n;
	return 0;
}

static int raw_bytes(enum vsharp_gfx level, uint64_t size, struct vsharp_buffer *b,
		     struct vsharp_error *err)
{
	if (size > UINT32_MAX)
		return vsharp_fail(err, -ERANGE,
				   "size: %" PRIu64 " bytes do not fit NUM_RECORDS on %s (allowed 0..4294967295)",
				   size, vsharp_gfx_name(level));
	b->num_records = (uint32_t)size;
	return 0;
}

int vsharp_rkind_buffer(enum vsharp_gfx level, enum vsharp_rkind kind,
			const struct vsharp_rkind_params *p,
			struct vsharp_buffer *b, struct vsharp_error *err)
{
	const char *lvl = vsharp_gfx_name(level);
	struct vsharp_desc_fields scratch;
	int ret;

	vsharp_buffer_default(level, b);
	b->base = p->base;
	switch (kind) {
	case VSHARP_RKIND_TYPED:
		ret = vsharp_format_check(level, p->format, err);
		if (ret)
			return ret;
		b->format = p->format;
		b->stride = vsharp_dfmt_layout(p->format.dfmt)->bytes;
		/* Index and in-element offset both checked: a texel is the record. */
		b->oob_select = level >= VSHARP_GFX10 ? VSHARP_OOB_STRUCTURED_WITH_OFFSET : 0;
		ret = records(level, p->size / b->stride, b->stride, b, err);
		break;
	case VSHARP_RKIND_STRUCTURED:
		if (!p->stride || p->stride > 16383)
			return vsharp_fail(err, -EINVAL,
					   "stride: structured element size %u is not allowed on %s (allowed 1..16383)",
					   p->stride, lvl);
		b->stride = p->stride;
		b->format.dfmt = VSHARP_DFMT_32;
		b->format.nfmt = VSHARP_NFMT_UINT;
		b->oob_select = level >= VSHARP_GFX10 ? VSHARP_OOB_STRUCTURED_WITH_OFFSET : 0;
		ret = records(level, p->size / p->stride, p->stride, b, err);
		break;
	case VSHARP_RKIND_RAW:
		b->format.dfmt = VSHARP_DFMT_32;
		b->format.nfmt = VSHARP_NFMT_UINT;
		ret = raw_bytes(level, p->size, b, err);
		break;
	case VSHARP_RKIND_CONSTANT:
		if (p->size % VSHARP_CBUFFER_ROW ||
		    p->size > (uint64_t)VSHARP_CBUFFER_ROW * VSHARP_CBUFFER_MAX_ROWS)
			return vsharp_fail(err, -EINVAL,
					   "size: a constant buffer of %" PRIu64 " bytes is not 0..4096 whole 16-byte rows (allowed 0..65536 in steps of 16)",
					   p->size);
		b->format.dfmt = VSHARP_DFMT_32_32_32_32;
		b->format.nfmt = VSHARP_NFMT_FLOAT;
		ret = raw_bytes(level, p->size, b, err);
		break;
	default:
		return vsharp_fail(err, -EINVAL, "kind: %d is out of range", kind);
	}
	/* Leave nothing the level cannot encode to the caller. */
	return ret ? ret : vsharp_buffer_to_fields(level, b, &scratch, err);
}
