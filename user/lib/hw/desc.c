// SPDX-License-Identifier: MIT
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "vsharp/desc.h"
#include "base/util.h"
#include "hw/levels.h"


/* Codes a field accepts beyond fitting its width. */
struct domain {
	uint64_t codes[2];	/* bitmap over codes 0..127 */
	const char *text;
};

#define BIT64(n) (1ull << (n))
#define UPTO64(n) ((n) >= 64 ? ~0ull : BIT64(n) - 1)

static const struct domain sel_codes = {
	{ BIT64(0) | BIT64(1) | BIT64(4) | BIT64(5) | BIT64(6) | BIT64(7), 0 },
	"0 (SEL_0), 1 (SEL_1), 4 (X), 5 (Y), 6 (Z), 7 (W); 2 and 3 are reserved",
};
static const struct domain data_format_codes = {
	{ UPTO64(15), 0 }, "0..14; 15 is reserved",
};
/* GFX8/9: with ADD_TID the field holds STRIDE[17:14]; see check_fields(). */
static const struct domain nfmt_gfx8_codes = {
	{ UPTO64(6) | BIT64(7), 0 }, "0..5 and 7; 6 is reserved on gfx8",
};
static const struct domain format_gfx10_codes = {
	{ ~0ull, UPTO64(78 - 64) }, "0..77; 78..127 are image-only formats",
};
static const struct domain swizzle_gfx11_codes = {
	{ BIT64(0) | BIT64(1) | BIT64(3), 0 },
	"0 (off), 1 (4-byte elements), 3 (16-byte elements); RDNA3/RDNA4 define no 2",
};
static const struct domain must_be_one = { { BIT64(1), 0 }, "1 (\"must be 1\")" };
static const struct domain must_be_zero = { { BIT64(0), 0 }, "0 (buffer); 1..3 are reserved" };

/*
 * Where every field lives, per level.  GFX6-9 from AMD's register headers
 * (gfx_6_0/gfx_8_0/gc_9_0_sh_mask.h SQ_BUF_RSRC_WORD1/3) and Mesa gfx6-9.json;
 * GFX10-12 from Mesa gfx10/11/12-rsrc.json and the RDNA ISA V# tables.
 */
static const struct layout {
	uint8_t field;
	uint16_t levels;
	uint8_t lo;
	uint8_t width;
	const struct domain *domain;
} layouts[] = {
	{ VSHARP_F_BASE, GFX_ALL, 0, 48, NULL },
	{ VSHARP_F_STRIDE, GFX_ALL, 48, 14, NULL },
	{ VSHARP_F_CACHE_SWIZZLE, GFX_RANGE(6, 10_3), 62, 1, NULL },
	{ VSHARP_F_SWIZZLE_ENABLE, GFX_RANGE(6, 10_3), 63, 1, NULL },
	{ VSHARP_F_SWIZZLE_ENABLE, GFX_RANGE(11, 12), 62, 2, &swizzle_gfx11_codes },
	{ VSHARP_F_NUM_RECORDS, GFX_ALL, 64, 32, NULL },
	{ VSHARP_F_DST_SEL_X, GFX_ALL, 96, 3, &sel_codes },
	{ VSHARP_F_DST_SEL_Y, GFX_ALL, 99, 3, &sel_codes },
	{ VSHARP_F_DST_SEL_Z, GFX_ALL, 102, 3, &sel_codes },
	{ VSHARP_F_DST_SEL_W, GFX_ALL, 105, 3, &sel_codes },
	{ VSHARP_F_NUM_FORMAT, GFX(6) | GFX(7) | GFX(9), 108, 3, NULL },
	{ VSHARP_F_NUM_FORMAT, GFX(8), 108, 3, &nfmt_gfx8_codes },
	{ VSHARP_F_DATA_FORMAT, GFX_RANGE(6, 7), 111, 4, &data_format_codes },
	{ VSHARP_F_DATA_FORMAT, GFX_RANGE(8, 9), 111, 4, NULL },
	{ VSHARP_F_FORMAT, GFX_RANGE(10, 10_3), 108, 7, &format_gfx10_codes },
	{ VSHARP_F_FORMAT, GFX_RANGE(11, 12), 108, 6, NULL },
	{ VSHARP_F_ELEMENT_SIZE, GFX_RANGE(6, 8), 115, 2, NULL },
	{ VSHARP_F_USER_VM_ENABLE, GFX(9), 115, 1, NULL },
	{ VSHARP_F_USER_VM_MODE, GFX(9), 116, 1, NULL },
	{ VSHARP_F_STRIDE_SCALE, GFX(12), 114, 2, NULL },
	{ VSHARP_F_INDEX_STRIDE, GFX_ALL, 117, 2, NULL },
	{ VSHARP_F_ADD_TID_ENABLE, GFX_ALL, 119, 1, NULL },
	{ VSHARP_F_ATC, GFX_RANGE(6, 8), 120, 1, NULL },
	{ VSHARP_F_RESOURCE_LEVEL, GFX_RANGE(10, 10_3), 120, 1, &must_be_one },
	{ VSHARP_F_WRITE_COMPRESS_ENABLE, GFX(12), 120, 1, NULL },
	{ VSHARP_F_HASH_ENABLE, GFX_RANGE(6, 8), 121, 1, NULL },
	{ VSHARP_F_COMPRESSION_EN, GFX(12), 121, 1, NULL },
	{ VSHARP_F_HEAP, GFX_RANGE(6, 8), 122, 1, NULL },
	{ VSHARP_F_LLC_NOALLOC, GFX(10_3) | GFX(11), 122, 2, NULL },
	{ VSHARP_F_COMPRESSION_ACCESS_MODE, GFX(12), 122, 2, NULL },
	{ VSHARP_F_MTYPE, GFX_RANGE(6, 8), 123, 3, NULL },
	{ VSHARP_F_NV, GFX(9), 123, 1, NULL },
	{ VSHARP_F_OOB_SELECT, GFX_RANGE(10, 12), 124, 2, NULL },
	{ VSHARP_F_TYPE, GFX_ALL, 126, 2, &must_be_zero },
};

static const char *const field_names[VSHARP_FIELD_COUNT] = {
	[VSHARP_F_BASE] = "base",
	[VSHARP_F_STRIDE] = "stride",
	[VSHARP_F_CACHE_SWIZZLE] = "cache_swizzle",
	[VSHARP_F_SWIZZLE_ENABLE] = "swizzle_enable",
	[VSHARP_F_NUM_RECORDS] = "num_records",
	[VSHARP_F_DST_SEL_X] = "dst_sel_x",
	[VSHARP_F_DST_SEL_Y] = "dst_sel_y",
	[VSHARP_F_DST_SEL_Z] = "dst_sel_z",
	[VSHARP_F_DST_SEL_W] = "dst_sel_w",
	[VSHARP_F_NUM_FORMAT] = "num_format",
	[VSHARP_F_DATA_FORMAT] = "data_format",
	[VSHARP_F_FORMAT] = "format_code",
	[VSHARP_F_ELEMENT_SIZE] = "element_size",
	[VSHARP_F_INDEX_STRIDE] = "index_stride",
	[VSHARP_F_ADD_TID_ENABLE] = "add_tid_enable",
	[VSHARP_F_ATC] = "atc",
	[VSHARP_F_HASH_ENABLE] = "hash_enable",
	[VSHARP_F_HEAP] = "heap",
	[VSHARP_F_MTYPE] = "mtype",
	[VSHARP_F_USER_VM_ENABLE] = "user_vm_enable",
	[VSHARP_F_USER_VM_MODE] = "user_vm_mode",
	[VSHARP_F_NV] = "nv",
	[VSHARP_F_RESOURCE_LEVEL] = "resource_level",
	[VSHARP_F_LLC_NOALLOC] = "llc_noalloc",
	[VSHARP_F_OOB_SELECT] = "oob_select",
	[VSHARP_F_STRIDE_SCALE] = "stride_scale",
	[VSHARP_F_WRITE_COMPRESS_ENABLE] = "write_compress_enable",
	[VSHARP_F_COMPRESSION_EN] = "compression_en",
	[VSHARP_F_COMPRESSION_ACCESS_MODE] = "compression_access_mode",
	[VSHARP_F_TYPE] = "type",
};

static const char *const flag_names[VSHARP_DESC_FLAG_COUNT] = {
	"unbound", "not_buffer", "invalid_format", "reserved_format",
	"resource_level_0", "reserved_dst_sel", "reserved_swizzle",
	"stride_in_data_format", "reserved_bits",
};

const char *vsharp_field_name(enum vsharp_field f)
{
	return (unsigned)f < VSHARP_FIELD_COUNT ? field_names[f] : "?";
}

const char *vsharp_desc_flag_name(unsigned bit)
{
	return bit < VSHARP_DESC_FLAG_COUNT ? flag_names[bit] : "?";
}

int vsharp_field_parse(const char *name, enum vsharp_field *f,
		       struct vsharp_error *err)
{
	for (int i = 0; i < VSHARP_FIELD_COUNT; i++) {
		if (!strcmp(name, field_names[i])) {
			*f = i;
			return 0;
		}
	}
	return vsharp_fail(err, -EINVAL,
			   "field: unknown V# field '%s' (see `vsharp desc decode` for the names)",
			   name);
}

/* layouts[] resolved per level and field once, not scanned per field. */
static const struct layout *level_layout[VSHARP_GFX_COUNT][VSHARP_FIELD_COUNT];
static once_flag level_layout_once = ONCE_FLAG_INIT;

static void resolve_layouts(void)
{
	for (size_t i = ARRAY_SIZE(layouts); i--;)
		for (int l = 0; l < VSHARP_GFX_COUNT; l++)
			if (layouts[i].levels & VSHARP_GFX_BIT(l))
				level_layout[l][layouts[i].field] = &layouts[i];
}

static const struct layout *find_layout(enum vsharp_gfx level,
					enum vsharp_field f)
{
	if ((unsigned)level >= VSHARP_GFX_COUNT || (unsigned)f >= VSHARP_FIELD_COUNT)
		return NULL;
	call_once(&level_layout_once, resolve_layouts);
	return level_layout[level][f];
}

bool vsharp_field_info(enum vsharp_gfx level, enum vsharp_field f,
		       struct vsharp_field_info *info)
{
	const struct layout *l = find_layout(level, f);

	if (!l)
		return false;
	info->lo = l->lo;
	info->width = l->width;
	return true;
}

static void levels_text(unsigned mask, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int l = 0; l < VSHARP_GFX_COUNT; l++)
		if (mask & VSHARP_GFX_BIT(l) && n < size)
			n += snprintf(buf + n, size - n, "%s%s", n ? ", " : "",
				      vsharp_gfx_name(l));
}

static int check_field(enum vsharp_gfx level, enum vsharp_field f, uint64_t v,
		       const struct layout *l, struct vsharp_error *err)
{
	uint64_t max = UPTO64(l->width);

	if (v > max)
		return vsharp_fail(err, -ERANGE,
				   "%s: %" PRIu64 " does not fit the %u-bit field on %s (allowed 0..%" PRIu64 ")",
				   field_names[f], v, l->width,
				   vsharp_gfx_name(level), max);
	if (l->domain && !(l->domain->codes[v >> 6] >> (v & 63) & 1))
		return vsharp_fail(err, -EINVAL, "%s: %" PRIu64 " is not allowed on %s (allowed %s)",
				   field_names[f], v, vsharp_gfx_name(level),
				   l->domain->text);
	return 0;
}

/* Fields cross a dword boundary only for BASE; walk them a dword at a time. */
static void put_bits(uint32_t dw[4], unsigned lo, unsigned width, uint64_t v)
{
	while (width) {
		unsigned sh = lo % 32, n = width < 32 - sh ? width : 32 - sh;
		uint32_t mask = (uint32_t)(((1ull << n) - 1) << sh);

		dw[lo / 32] = (dw[lo / 32] & ~mask) | ((uint32_t)(v << sh) & mask);
		v >>= n;
		lo += n;
		width -= n;
	}
}

static uint64_t get_bits(const uint32_t dw[4], unsigned lo, unsigned width)
{
	uint64_t v = 0;
	unsigned done = 0;

	while (done < width) {
		unsigned sh = lo % 32, n = width - done < 32 - sh ? width - done : 32 - sh;

		v |= (uint64_t)((dw[lo / 32] >> sh) & (uint32_t)((1ull << n) - 1)) << done;
		lo += n;
		done += n;
	}
	return v;
}

uint64_t vsharp_field_get(const uint32_t dw[4], const struct vsharp_field_info *info)
{
	return get_bits(dw, info->lo, info->width);
}

void vsharp_field_put(uint32_t dw[4], const struct vsharp_field_info *info, uint64_t v)
{
	put_bits(dw, info->lo, info->width, v);
}

/* GFX8/9 reuse DATA_FORMAT as STRIDE[17:14] for ADD_TID (Mesa ac_set_buf_desc_word3). */
static bool stride_in_dfmt(enum vsharp_gfx level, bool add_tid)
{
	return add_tid && (level == VSHARP_GFX8 || level == VSHARP_GFX9);
}

/* Rules that involve two fields. */
static int check_fields(enum vsharp_gfx level, const struct vsharp_desc_fields *d,
			struct vsharp_error *err)
{
	bool add_tid = vsharp_fields_has(d, VSHARP_F_ADD_TID_ENABLE) &&
		       d->value[VSHARP_F_ADD_TID_ENABLE];

	if (vsharp_fields_has(d, VSHARP_F_DATA_FORMAT) && !stride_in_dfmt(level, add_tid) &&
	    d->value[VSHARP_F_DATA_FORMAT] == 15)
		return vsharp_fail(err, -EINVAL,
				   "data_format: 15 is not allowed on %s without add_tid_enable (allowed 0..14; 15 is reserved)",
				   vsharp_gfx_name(level));
	return 0;
}

int vsharp_fields_pack(enum vsharp_gfx level,
		       const struct vsharp_desc_fields *d, uint32_t dw[4],
		       struct vsharp_error *err)
{
	char where[96];
	int ret;

	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", level);
	memset(dw, 0, 4 * sizeof(*dw));
	ret = check_fields(level, d, err);
	if (ret)
		return ret;
	for (int f = 0; f < VSHARP_FIELD_COUNT; f++) {
		const struct layout *l;

		if (!vsharp_fields_has(d, f))
			continue;
		l = find_layout(level, f);
		if (!l) {
			unsigned mask = 0;

			for (size_t i = 0; i < ARRAY_SIZE(layouts); i++)
				if (layouts[i].field == f)
					mask |= layouts[i].levels;
			levels_text(mask, where, sizeof(where));
			return vsharp_fail(err, -EINVAL,
					   "%s: %s has no such field (it exists on %s)",
					   field_names[f], vsharp_gfx_name(level), where);
		}
		ret = check_field(level, f, d->value[f], l, err);
		if (ret)
			return ret;
		put_bits(dw, l->lo, l->width, d->value[f]);
	}
	return 0;
}

void vsharp_desc_reserved_bits(enum vsharp_gfx level, const uint32_t dw[4], uint32_t out[4])
{
	uint32_t used[4] = { 0, 0, 0, 0 };

	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++)
		if (layouts[i].levels & VSHARP_GFX_BIT(level))
			put_bits(used, layouts[i].lo, layouts[i].width, ~0ull);
	for (int w = 0; w < 4; w++)
		out[w] = dw[w] & ~used[w];
}

void vsharp_fields_unpack(enum vsharp_gfx level, const uint32_t dw[4],
			  struct vsharp_desc_fields *d)
{
	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++)
		if (layouts[i].levels & VSHARP_GFX_BIT(level))
			vsharp_fields_set(d, layouts[i].field,
					  get_bits(dw, layouts[i].lo, layouts[i].width));
}

/* Sizes in bytes or records that the hardware stores as a 2-bit code. */
static const uint8_t element_sizes[4] = { 2, 4, 8, 16 };
static const uint8_t index_strides[4] = { 8, 16, 32, 64 };
static const uint8_t stride_scales[4] = { 1, 4, 8, 32 };

static int size_code(const uint8_t table[4], unsigned v)
{
	for (int i = 0; i < 4; i++)
		if (table[i] == v)
			return i;
	return -1;
}

void vsharp_buffer_default(enum vsharp_gfx level, struct vsharp_buffer *b)
{
	memset(b, 0, sizeof(*b));
	b->dst_sel[0] = VSHARP_SEL_X;
	b->dst_sel[1] = VSHARP_SEL_Y;
	b->dst_sel[2] = VSHARP_SEL_Z;
	b->dst_sel[3] = VSHARP_SEL_W;
	b->format.dfmt = VSHARP_DFMT_32;
	b->format.nfmt = VSHARP_NFMT_FLOAT;
	b->index_stride = 8;
	b->stride_scale = 1;
	/* What an unswizzled descriptor decodes to: code 0 on GFX6-8, fixed 4 on GFX9/10. */
	if (level <= VSHARP_GFX8)
		b->element_size = 2;
	else if (level <= VSHARP_GFX10_3)
		b->element_size = 4;
	if (level >= VSHARP_GFX10)
		b->oob_select = VSHARP_OOB_RAW;
}

static int encode_stride(enum vsharp_gfx level, const struct vsharp_buffer *b,
			 struct vsharp_desc_fields *d, struct vsharp_error *err)
{
	const char *lvl = vsharp_gfx_name(level);
	int scale = size_code(stride_scales, b->stride_scale);

	if (level == VSHARP_GFX12) {
		if (scale < 0)
			return vsharp_fail(err, -EINVAL,
					   "stride_scale: %u is not allowed on gfx12 (allowed 1, 4, 8, 32)",
					   b->stride_scale);
		if (b->stride % b->stride_scale)
			return vsharp_fail(err, -EINVAL,
					   "stride: %u bytes is not a multiple of stride_scale %u on gfx12 (allowed multiples of %u up to %u)",
					   b->stride, b->stride_scale, b->stride_scale,
					   16383u * b->stride_scale);
		if (b->stride / b->stride_scale > 16383)
			return vsharp_fail(err, -ERANGE,
					   "stride: %u bytes does not fit gfx12's 14-bit STRIDE x %u (allowed 0..%u)",
					   b->stride, b->stride_scale, 16383u * b->stride_scale);
		vsharp_fields_set(d, VSHARP_F_STRIDE, b->stride / b->stride_scale);
		vsharp_fields_set(d, VSHARP_F_STRIDE_SCALE, scale);
		return 0;
	}
	if (b->stride_scale != 1)
		return vsharp_fail(err, -EINVAL,
				   "stride_scale: %s has no STRIDE_SCALE field (allowed 1; other scales on gfx12 only)",
				   lvl);
	if (stride_in_dfmt(level, b->add_tid)) {
		if (b->stride > 262143)
			return vsharp_fail(err, -ERANGE,
					   "stride: %u does not fit %s's 18-bit ADD_TID stride (allowed 0..262143)",
					   b->stride, lvl);
		vsharp_fields_set(d, VSHARP_F_STRIDE, b->stride & 0x3fff);
		vsharp_fields_set(d, VSHARP_F_DATA_FORMAT, b->stride >> 14);
		return 0;
	}
	if (b->stride > 16383)
		return vsharp_fail(err, -ERANGE,
				   "stride: %u does not fit the 14-bit field on %s (allowed 0..16383%s)",
				   b->stride, lvl,
				   level == VSHARP_GFX8 || level == VSHARP_GFX9 ?
				   "; up to 262143 with add_tid" : "");
	vsharp_fields_set(d, VSHARP_F_STRIDE, b->stride);
	return 0;
}

static int encode_format(enum vsharp_gfx level, const struct vsharp_buffer *b,
			 struct vsharp_desc_fields *d, struct vsharp_error *err)
{
	const char *lvl = vsharp_gfx_name(level);
	int ret, code;

	if (stride_in_dfmt(level, b->add_tid)) {
		if (b->format.dfmt != VSHARP_DFMT_INVALID)
			return vsharp_fail(err, -EINVAL,
					   "format: with add_tid on %s the DATA_FORMAT bits hold STRIDE[17:14] (allowed: a number format only, no data format)",
					   lvl);
		code = vsharp_nfmt_code(level, b->format.nfmt);
		if (code < 0)
			return vsharp_fail(err, -EINVAL,
					   "format: number format %s does not exist on %s (allowed UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT%s)",
					   vsharp_nfmt_name(b->format.nfmt), lvl,
					   level == VSHARP_GFX9 ? ", UNORM_UINT" :
					   level == VSHARP_GFX8 ? "" : ", SNORM_OGL");
		vsharp_fields_set(d, VSHARP_F_NUM_FORMAT, code);
		return 0;
	}
	ret = vsharp_format_check(level, b->format, err);
	if (ret)
		return ret;
	if (vsharp_format_split_fields(level)) {
		vsharp_fields_set(d, VSHARP_F_DATA_FORMAT, b->format.dfmt);
		vsharp_fields_set(d, VSHARP_F_NUM_FORMAT,
				  vsharp_nfmt_code(level, b->format.nfmt));
	} else {
		vsharp_fields_set(d, VSHARP_F_FORMAT,
				  vsharp_unified_format_code(level, b->format));
	}
	return 0;
}

static int encode_swizzle(enum vsharp_gfx level, const struct vsharp_buffer *b,
			  struct vsharp_desc_fields *d, struct vsharp_error *err)
{
	const char *lvl = vsharp_gfx_name(level);
	int es = size_code(element_sizes, b->element_size);
	int is = size_code(index_strides, b->index_stride);

	if (is < 0)
		return vsharp_fail(err, -EINVAL,
				   "index_stride: %u is not allowed on %s (allowed 8, 16, 32, 64)",
				   b->index_stride, lvl);
	vsharp_fields_set(d, VSHARP_F_INDEX_STRIDE, is);

	if (level <= VSHARP_GFX8) {
		if (es < 0)
			return vsharp_fail(err, -EINVAL,
					   "element_size: %u is not allowed on %s (allowed 2, 4, 8, 16)",
					   b->element_size, lvl);
		vsharp_fields_set(d, VSHARP_F_ELEMENT_SIZE, es);
		vsharp_fields_set(d, VSHARP_F_SWIZZLE_ENABLE, b->swizzle);
	} else if (level <= VSHARP_GFX10_3) {
		if (b->element_size != 4)
			return vsharp_fail(err, -EINVAL,
					   "element_size: %s has no ELEMENT_SIZE field; swizzled elements are 4 bytes (allowed 4)",
					   lvl);
		vsharp_fields_set(d, VSHARP_F_SWIZZLE_ENABLE, b->swizzle);
	} else if (!b->swizzle) {
		if (b->element_size)
			return vsharp_fail(err, -EINVAL,
					   "element_size: on %s the element size is part of SWIZZLE_ENABLE and needs swizzle (allowed 0 without swizzle)",
					   lvl);
		vsharp_fields_set(d, VSHARP_F_SWIZZLE_ENABLE, 0);
	} else {
		if (b->element_size != 4 && b->element_size != 16)
			return vsharp_fail(err, -EINVAL,
					   "element_size: %u is not allowed for swizzle on %s (allowed 4, 16)",
					   b->element_size, lvl);
		vsharp_fields_set(d, VSHARP_F_SWIZZLE_ENABLE, es);
	}
	return 0;
}

int vsharp_buffer_to_fields(enum vsharp_gfx level,
			    const struct vsharp_buffer *b,
			    struct vsharp_desc_fields *d,
			    struct vsharp_error *err)
{
	const char *lvl = vsharp_gfx_name(level);
	int ret;

	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", level);
	memset(d, 0, sizeof(*d));
	if (b->base > 0xffffffffffffull)
		return vsharp_fail(err, -ERANGE,
				   "base: 0x%" PRIx64 " does not fit the 48-bit address on %s (allowed 0..0xffffffffffff)",
				   b->base, lvl);
	vsharp_fields_set(d, VSHARP_F_BASE, b->base);
	vsharp_fields_set(d, VSHARP_F_NUM_RECORDS, b->num_records);
	for (int c = 0; c < 4; c++)
		vsharp_fields_set(d, VSHARP_F_DST_SEL_X + c, b->dst_sel[c]);
	vsharp_fields_set(d, VSHARP_F_ADD_TID_ENABLE, b->add_tid);

	ret = encode_stride(level, b, d, err);
	if (!ret)
		ret = encode_format(level, b, d, err);
	if (!ret)
		ret = encode_swizzle(level, b, d, err);
	if (ret)
		return ret;

	if (level >= VSHARP_GFX10) {
		vsharp_fields_set(d, VSHARP_F_OOB_SELECT, b->oob_select);
	} else if (b->oob_select) {
		return vsharp_fail(err, -EINVAL,
				   "oob_select: %s has no OOB_SELECT field (allowed on gfx10 and later)", lvl);
	}
	if (level == VSHARP_GFX10 || level == VSHARP_GFX10_3)
		vsharp_fields_set(d, VSHARP_F_RESOURCE_LEVEL, 1);
	if (level == VSHARP_GFX12) {
		vsharp_fields_set(d, VSHARP_F_WRITE_COMPRESS_ENABLE, b->write_compress);
		vsharp_fields_set(d, VSHARP_F_COMPRESSION_EN, b->compression);
	} else if (b->write_compress || b->compression) {
		return vsharp_fail(err, -EINVAL,
				   "%s: %s has no such field (allowed on gfx12 only)",
				   b->compression ? "compression_en" : "write_compress_enable",
				   lvl);
	}
	return 0;
}

static uint64_t field(const struct vsharp_desc_fields *d, enum vsharp_field f)
{
	return vsharp_fields_has(d, f) ? d->value[f] : 0;
}

static unsigned decode_format(enum vsharp_gfx level,
			      const struct vsharp_desc_fields *d,
			      struct vsharp_buffer *b)
{
	unsigned code;

	b->format.dfmt = VSHARP_DFMT_INVALID;
	b->format.nfmt = VSHARP_NFMT_UNORM;
	if (!vsharp_format_split_fields(level)) {
		code = field(d, VSHARP_F_FORMAT);
		if (code == 0)
			return VSHARP_DESC_INVALID_FORMAT;
		return vsharp_format_from_unified(level, code, &b->format) ?
		       0 : VSHARP_DESC_RESERVED_FORMAT;
	}
	if (stride_in_dfmt(level, b->add_tid))
		return VSHARP_DESC_STRIDE_IN_DFMT |
		       (vsharp_nfmt_from_code(level, field(d, VSHARP_F_NUM_FORMAT),
					      &b->format.nfmt) ? 0 : VSHARP_DESC_RESERVED_FORMAT);
	if (!vsharp_nfmt_from_code(level, field(d, VSHARP_F_NUM_FORMAT), &b->format.nfmt))
		return VSHARP_DESC_RESERVED_FORMAT;
	code = field(d, VSHARP_F_DATA_FORMAT);
	if (code == 0)
		return VSHARP_DESC_INVALID_FORMAT;
	if (code >= VSHARP_DFMT_COUNT)
		return VSHARP_DESC_RESERVED_FORMAT;
	b->format.dfmt = code;
	/* A pair no table defines, e.g. 32_UNORM: the encoder refuses it too. */
	return vsharp_format_legal(level, b->format) ? 0 : VSHARP_DESC_RESERVED_FORMAT;
}

unsigned vsharp_fields_to_buffer(enum vsharp_gfx level,
				 const struct vsharp_desc_fields *d,
				 struct vsharp_buffer *b)
{
	unsigned flags = 0, swz = field(d, VSHARP_F_SWIZZLE_ENABLE);

	memset(b, 0, sizeof(*b));
	b->base = field(d, VSHARP_F_BASE);
	b->num_records = field(d, VSHARP_F_NUM_RECORDS);
	b->add_tid = field(d, VSHARP_F_ADD_TID_ENABLE);
	for (int c = 0; c < 4; c++) {
		b->dst_sel[c] = field(d, VSHARP_F_DST_SEL_X + c);
		if (b->dst_sel[c] == 2 || b->dst_sel[c] == 3)
			flags |= VSHARP_DESC_RESERVED_DST_SEL;
	}
	flags |= decode_format(level, d, b);

	b->stride_scale = level == VSHARP_GFX12 ?
			  stride_scales[field(d, VSHARP_F_STRIDE_SCALE) & 3] : 1;
	b->stride = field(d, VSHARP_F_STRIDE) * b->stride_scale;
	if (stride_in_dfmt(level, b->add_tid))
		b->stride |= field(d, VSHARP_F_DATA_FORMAT) << 14;

	b->index_stride = index_strides[field(d, VSHARP_F_INDEX_STRIDE) & 3];
	if (level <= VSHARP_GFX8) {
		b->swizzle = swz;
		b->element_size = element_sizes[field(d, VSHARP_F_ELEMENT_SIZE) & 3];
	} else if (level <= VSHARP_GFX10_3) {
		b->swizzle = swz;
		b->element_size = 4;
	} else {
		b->swizzle = swz != 0;
		b->element_size = swz ? element_sizes[swz & 3] : 0;
		if (swz == 2)
			flags |= VSHARP_DESC_RESERVED_SWIZZLE;
	}
	b->oob_select = field(d, VSHARP_F_OOB_SELECT);
	b->write_compress = field(d, VSHARP_F_WRITE_COMPRESS_ENABLE);
	b->compression = field(d, VSHARP_F_COMPRESSION_EN);

	if (field(d, VSHARP_F_TYPE))
		flags |= VSHARP_DESC_NOT_BUFFER;
	if ((level == VSHARP_GFX10 || level == VSHARP_GFX10_3) &&
	    !field(d, VSHARP_F_RESOURCE_LEVEL))
		flags |= VSHARP_DESC_RESOURCE_LEVEL_0;
	return flags;
}
