/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_DESC_H
#define VSHARP_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/format.h"
#include "vsharp/gfx.h"

/*
 * A buffer resource descriptor (V#) is seen two ways:
 *
 *  - fields: the hardware fields of one level, raw codes, exactly as the
 *    register definitions place them (struct vsharp_desc_fields);
 *  - buffer: what the descriptor means, in bytes, records and formats
 *    (struct vsharp_buffer), which the model and the probes work with.
 *
 * vsharp_buffer_to_fields() and vsharp_fields_to_buffer() convert between
 * them; vsharp_fields_pack() and vsharp_fields_unpack() convert fields to and
 * from the four dwords.
 */

enum vsharp_field {
	VSHARP_F_BASE,			/* 48-bit address */
	VSHARP_F_STRIDE,
	VSHARP_F_CACHE_SWIZZLE,
	VSHARP_F_SWIZZLE_ENABLE,
	VSHARP_F_NUM_RECORDS,
	VSHARP_F_DST_SEL_X,
	VSHARP_F_DST_SEL_Y,
	VSHARP_F_DST_SEL_Z,
	VSHARP_F_DST_SEL_W,
	VSHARP_F_NUM_FORMAT,
	VSHARP_F_DATA_FORMAT,
	VSHARP_F_FORMAT,
	VSHARP_F_ELEMENT_SIZE,
	VSHARP_F_INDEX_STRIDE,
	VSHARP_F_ADD_TID_ENABLE,
	VSHARP_F_ATC,
	VSHARP_F_HASH_ENABLE,
	VSHARP_F_HEAP,
	VSHARP_F_MTYPE,
	VSHARP_F_USER_VM_ENABLE,
	VSHARP_F_USER_VM_MODE,
	VSHARP_F_NV,
	VSHARP_F_RESOURCE_LEVEL,
	VSHARP_F_LLC_NOALLOC,
	VSHARP_F_OOB_SELECT,
	VSHARP_F_STRIDE_SCALE,
	VSHARP_F_WRITE_COMPRESS_ENABLE,
	VSHARP_F_COMPRESSION_EN,
	VSHARP_F_COMPRESSION_ACCESS_MODE,
	VSHARP_F_TYPE,
	VSHARP_FIELD_COUNT
};

/* Lower-case hardware name, e.g. "swizzle_enable", "oob_select". */
const char *vsharp_field_name(enum vsharp_field f);
int vsharp_field_parse(const char *name, enum vsharp_field *f,
		       struct vsharp_error *err);

struct vsharp_field_info {
	unsigned lo;		/* absolute bit in the 128-bit V# */
	unsigned width;
};

/* Where a field sits on a level; false if the level has no such field. */
bool vsharp_field_info(enum vsharp_gfx level, enum vsharp_field f,
		       struct vsharp_field_info *info);
/* The raw bits of a field where INFO says it sits; a put keeps every other bit. */
uint64_t vsharp_field_get(const uint32_t dw[4], const struct vsharp_field_info *info);
void vsharp_field_put(uint32_t dw[4], const struct vsharp_field_info *info, uint64_t v);

/*
 * A field as AMD's register headers name it (hw/desc_fields.c): one part per
 * dword it occupies; only BASE has two (WORD0.BASE_ADDRESS,
 * WORD1.BASE_ADDRESS_HI).
 */
struct vsharp_field_part {
	const char *reg;	/* "SQ_BUF_RSRC_WORD3" */
	const char *name;	/* "DST_SEL_X" */
	unsigned word;		/* 0..3 */
	unsigned lo, hi;	/* bits inside the dword */
	unsigned shift;		/* where the part starts in the field's value */
};

/* The parts of F on LEVEL; 0 if the level has no such field. */
unsigned vsharp_field_parts(enum vsharp_gfx level, enum vsharp_field f,
			    struct vsharp_field_part part[2]);
/*
 * The header's enumerator for code V of F ("SQ_SEL_X", "BUF_DATA_FORMAT_32",
 * "BUF_NUM_FORMAT_FLOAT", "BUF_FMT_32_FLOAT", "OOB_SELECT_RAW",
 * "SQ_RSRC_BUF"), in BUF or a constant; NULL for a field without an
 * enumeration or a code it does not define.
 */
const char *vsharp_field_enum_name(enum vsharp_gfx level, enum vsharp_field f, uint64_t v,
				   char *buf, size_t size);

struct vsharp_desc_fields {
	uint64_t value[VSHARP_FIELD_COUNT];
	uint64_t present;	/* bit f: value[f] is given */
};

static inline void vsharp_fields_set(struct vsharp_desc_fields *d,
				     enum vsharp_field f, uint64_t v)
{
	d->value[f] = v;
	d->present |= 1ull << f;
}

static inline bool vsharp_fields_has(const struct vsharp_desc_fields *d,
				     enum vsharp_field f)
{
	return d->present >> f & 1;
}

/*
 * Checks every given field against the level (existence, width, allowed
 * codes) and packs them.  Fields not given are 0.
 */
int vsharp_fields_pack(enum vsharp_gfx level,
		       const struct vsharp_desc_fields *d, uint32_t dw[4],
		       struct vsharp_error *err);
/* Every field of the level, raw; never fails. */
void vsharp_fields_unpack(enum vsharp_gfx level, const uint32_t dw[4],
			  struct vsharp_desc_fields *d);

/* DST_SEL codes (SQ_SEL_XYZW01). */
enum vsharp_sel {
	VSHARP_SEL_0 = 0,
	VSHARP_SEL_1 = 1,
	VSHARP_SEL_X = 4,
	VSHARP_SEL_Y = 5,
	VSHARP_SEL_Z = 6,
	VSHARP_SEL_W = 7,
};

/* OOB_SELECT (GFX10+). */
enum vsharp_oob {
	VSHARP_OOB_STRUCTURED_WITH_OFFSET = 0,
	VSHARP_OOB_STRUCTURED = 1,
	VSHARP_OOB_DISABLED = 2,
	VSHARP_OOB_RAW = 3,
};

/* What a descriptor means, in the units instructions use. */
struct vsharp_buffer {
	uint64_t base;
	/*
	 * Bytes between records.  Up to 16383 in general; up to 262143 on
	 * GFX8/9 with add_tid, where DATA_FORMAT holds STRIDE[17:14]; and
	 * STRIDE x stride_scale on GFX12.
	 */
	uint32_t stride;
	uint32_t num_records;
	uint8_t dst_sel[4];		/* enum vsharp_sel */
	struct vsharp_format format;	/* dfmt INVALID with add_tid on GFX8/9 */
	bool swizzle;
	uint8_t element_size;		/* swizzle element bytes: 2, 4, 8, 16 */
	uint8_t index_stride;		/* swizzle records: 8, 16, 32, 64 */
	bool add_tid;
	uint8_t oob_select;		/* enum vsharp_oob, GFX10+ */
	uint8_t stride_scale;		/* GFX12: 1, 4, 8, 32 */
	bool write_compress;		/* GFX12 */
	bool compression;		/* GFX12 */
};

/* The defaults of `vsharp desc encode` for a level. */
void vsharp_buffer_default(enum vsharp_gfx level, struct vsharp_buffer *b);

/* Refuses what the level cannot express, naming the field. */
int vsharp_buffer_to_fields(enum vsharp_gfx level,
			    const struct vsharp_buffer *b,
			    struct vsharp_desc_fields *d,
			    struct vsharp_error *err);

/* What hardware treats specially; UNBOUND only from vsharp_desc_decode(). */
enum vsharp_desc_flag {
	VSHARP_DESC_UNBOUND = 1 << 0,		/* all four dwords zero */
	VSHARP_DESC_NOT_BUFFER = 1 << 1,	/* TYPE != 0 */
	VSHARP_DESC_INVALID_FORMAT = 1 << 2,	/* format code 0 */
	VSHARP_DESC_RESERVED_FORMAT = 1 << 3,	/* a code no table defines */
	VSHARP_DESC_RESOURCE_LEVEL_0 = 1 << 4,	/* GFX10/10.3 need 1 */
	VSHARP_DESC_RESERVED_DST_SEL = 1 << 5,	/* codes 2, 3 */
	VSHARP_DESC_RESERVED_SWIZZLE = 1 << 6,	/* GFX11+ SWIZZLE_ENABLE 2 */
	VSHARP_DESC_STRIDE_IN_DFMT = 1 << 7,	/* GFX8/9 ADD_TID */
	VSHARP_DESC_RESERVED_BITS = 1 << 8,	/* a bit set outside every field */
};
#define VSHARP_DESC_FLAG_COUNT 9

const char *vsharp_desc_flag_name(unsigned bit);

/* The bits of DW that lie in no field of LEVEL (VSHARP_DESC_RESERVED_BITS). */
void vsharp_desc_reserved_bits(enum vsharp_gfx level, const uint32_t dw[4], uint32_t out[4]);

/* Never fails: reserved codes decode as flags. */
unsigned vsharp_fields_to_buffer(enum vsharp_gfx level,
				 const struct vsharp_desc_fields *d,
				 struct vsharp_buffer *b);

/*
 * The two steps in one call, from per-level tables built from the two
 * steps on first use (hw/desc_table.c): the same words, flags, refusals and
 * messages, about 80 instructions instead of 2,400 (encode) and 1,400
 * (decode).
 */
int vsharp_desc_encode(enum vsharp_gfx level, const struct vsharp_buffer *b,
		       uint32_t dw[4], struct vsharp_error *err);
unsigned vsharp_desc_decode(enum vsharp_gfx level, const uint32_t dw[4],
			    struct vsharp_buffer *b);

#endif
