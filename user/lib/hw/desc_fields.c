// SPDX-License-Identifier: MIT
/*
 * V# fields as AMD's register headers spell them, for printing: register
 * and field names of SQ_BUF_RSRC_WORD0..3 (Linux gfx_6_0/gfx_8_0/
 * gc_9_0_sh_mask.h, as umr's gfx60/gfx80/gfx90_bits.i list them; GFX10-12
 * fields as Mesa's gfx10/11/12-rsrc.json name them) and the enumerators
 * of their codes (SQ_SEL_XYZW01, BUF_DATA_FORMAT, BUF_NUM_FORMAT and
 * SQ_RSRC_BUF_TYPE of the vega10_enum.h family; BUF_FMT_* as LLVM's
 * AMDGPU disassembler prints GFX10+ formats; OOB_SELECT as Mesa's
 * V_008F0C_OOB_SELECT_*).  Where each field sits comes from hw/desc.c.
 */
#include <stdio.h>

#include "vsharp/desc.h"
#include "base/util.h"

static const char *const hw_names[VSHARP_FIELD_COUNT] = {
	[VSHARP_F_BASE] = "BASE_ADDRESS",	/* WORD1 part: BASE_ADDRESS_HI */
	[VSHARP_F_STRIDE] = "STRIDE",
	[VSHARP_F_CACHE_SWIZZLE] = "CACHE_SWIZZLE",
	[VSHARP_F_SWIZZLE_ENABLE] = "SWIZZLE_ENABLE",
	[VSHARP_F_NUM_RECORDS] = "NUM_RECORDS",
	[VSHARP_F_DST_SEL_X] = "DST_SEL_X",
	[VSHARP_F_DST_SEL_Y] = "DST_SEL_Y",
	[VSHARP_F_DST_SEL_Z] = "DST_SEL_Z",
	[VSHARP_F_DST_SEL_W] = "DST_SEL_W",
	[VSHARP_F_NUM_FORMAT] = "NUM_FORMAT",
	[VSHARP_F_DATA_FORMAT] = "DATA_FORMAT",
	[VSHARP_F_FORMAT] = "FORMAT",
	[VSHARP_F_ELEMENT_SIZE] = "ELEMENT_SIZE",
	[VSHARP_F_INDEX_STRIDE] = "INDEX_STRIDE",
	[VSHARP_F_ADD_TID_ENABLE] = "ADD_TID_ENABLE",
	[VSHARP_F_ATC] = "ATC",
	[VSHARP_F_HASH_ENABLE] = "HASH_ENABLE",
	[VSHARP_F_HEAP] = "HEAP",
	[VSHARP_F_MTYPE] = "MTYPE",
	[VSHARP_F_USER_VM_ENABLE] = "USER_VM_ENABLE",
	[VSHARP_F_USER_VM_MODE] = "USER_VM_MODE",
	[VSHARP_F_NV] = "NV",
	[VSHARP_F_RESOURCE_LEVEL] = "RESOURCE_LEVEL",
	[VSHARP_F_LLC_NOALLOC] = "LLC_NOALLOC",
	[VSHARP_F_OOB_SELECT] = "OOB_SELECT",
	[VSHARP_F_STRIDE_SCALE] = "STRIDE_SCALE",
	[VSHARP_F_WRITE_COMPRESS_ENABLE] = "WRITE_COMPRESS_ENABLE",
	[VSHARP_F_COMPRESSION_EN] = "COMPRESSION_EN",
	[VSHARP_F_COMPRESSION_ACCESS_MODE] = "COMPRESSION_ACCESS_MODE",
	[VSHARP_F_TYPE] = "TYPE",
};

static const char *const word_regs[4] = {
	"SQ_BUF_RSRC_WORD0", "SQ_BUF_RSRC_WORD1", "SQ_BUF_RSRC_WORD2", "SQ_BUF_RSRC_WORD3",
};

unsigned vsharp_field_parts(enum vsharp_gfx level, enum vsharp_field f,
			    struct vsharp_field_part part[2])
{
	struct vsharp_field_info info;
	unsigned n = 0, lo, left, shift = 0;

	if ((unsigned)f >= VSHARP_FIELD_COUNT || !vsharp_field_info(level, f, &info))
		return 0;
	/* Only BASE crosses a dword: BASE_ADDRESS in WORD0, BASE_ADDRESS_HI in WORD1. */
	for (lo = info.lo, left = info.width; left; n++) {
		unsigned bit = lo % 32, width = 32 - bit < left ? 32 - bit : left;

		part[n].reg = word_regs[lo / 32];
		part[n].name = n ? "BASE_ADDRESS_HI" : hw_names[f];
		part[n].word = lo / 32;
		part[n].lo = bit;
		part[n].hi = bit + width - 1;
		part[n].shift = shift;
		shift += width;
		lo += width;
		left -= width;
	}
	return n;
}

static const char *const sel_names[8] = {
	"SQ_SEL_0", "SQ_SEL_1", "SQ_SEL_RESERVED_0", "SQ_SEL_RESERVED_1",
	"SQ_SEL_X", "SQ_SEL_Y", "SQ_SEL_Z", "SQ_SEL_W",
};
static const char *const oob_names[4] = {
	"OOB_SELECT_STRUCTURED_WITH_OFFSET", "OOB_SELECT_STRUCTURED", "OOB_SELECT_DISABLED",
	"OOB_SELECT_RAW",
};
static const char *const type_names[4] = {
	"SQ_RSRC_BUF", "SQ_RSRC_BUF_RSVD_1", "SQ_RSRC_BUF_RSVD_2", "SQ_RSRC_BUF_RSVD_3",
};

const char *vsharp_field_enum_name(enum vsharp_gfx level, enum vsharp_field f, uint64_t v,
				   char *buf, size_t size)
{
	struct vsharp_format fmt;
	enum vsharp_nfmt nf;

	switch (f) {
	case VSHARP_F_DST_SEL_X:
	case VSHARP_F_DST_SEL_Y:
	case VSHARP_F_DST_SEL_Z:
	case VSHARP_F_DST_SEL_W:
		return v < 8 ? sel_names[v] : NULL;
	case VSHARP_F_OOB_SELECT:
		return v < 4 ? oob_names[v] : NULL;
	case VSHARP_F_TYPE:
		return v < 4 ? type_names[v] : NULL;
	case VSHARP_F_DATA_FORMAT:
		if (v == 0 || v >= VSHARP_DFMT_COUNT)
			snprintf(buf, size, v ? "BUF_DATA_FORMAT_RESERVED_%u" : "BUF_DATA_FORMAT_INVALID",
				 (unsigned)v);
		else
			snprintf(buf, size, "BUF_DATA_FORMAT_%s", vsharp_dfmt_name((enum vsharp_dfmt)v));
		return buf;
	case VSHARP_F_NUM_FORMAT:
		if (v < 8 && vsharp_nfmt_from_code(level, (unsigned)v, &nf))
			snprintf(buf, size, "BUF_NUM_FORMAT_%s", vsharp_nfmt_name(nf));
		else
			snprintf(buf, size, "BUF_NUM_FORMAT_RESERVED_%u", (unsigned)v);
		return buf;
	case VSHARP_F_FORMAT:
		if (v == 0)
			return "BUF_FMT_INVALID";
		if (v > 127 || !vsharp_format_from_unified(level, (unsigned)v, &fmt))
			return NULL;
		snprintf(buf, size, "BUF_FMT_");
		vsharp_format_name(fmt, buf + 8, size > 8 ? (unsigned)(size - 8) : 0);
		return buf;
	default:
		return NULL;
	}
}
