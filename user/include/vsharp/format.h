/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_FORMAT_H
#define VSHARP_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * Buffer data formats, named as AMD names them: channel widths listed from the
 * most significant bits down, so X sits in the low bits of 2_10_10_10.
 * The values are the GFX6-9 DATA_FORMAT codes (Mesa V_008F0C_BUF_DATA_FORMAT_*).
 */
enum vsharp_dfmt {
	VSHARP_DFMT_INVALID = 0,
	VSHARP_DFMT_8 = 1,
	VSHARP_DFMT_16 = 2,
	VSHARP_DFMT_8_8 = 3,
	VSHARP_DFMT_32 = 4,
	VSHARP_DFMT_16_16 = 5,
	VSHARP_DFMT_10_11_11 = 6,
	VSHARP_DFMT_11_11_10 = 7,
	VSHARP_DFMT_10_10_10_2 = 8,
	VSHARP_DFMT_2_10_10_10 = 9,
	VSHARP_DFMT_8_8_8_8 = 10,
	VSHARP_DFMT_32_32 = 11,
	VSHARP_DFMT_16_16_16_16 = 12,
	VSHARP_DFMT_32_32_32 = 13,
	VSHARP_DFMT_32_32_32_32 = 14,
	VSHARP_DFMT_COUNT
};

/*
 * Number formats.  Code 6 of the GFX6-9 NUM_FORMAT field means SNORM_OGL on
 * GFX6/7, is reserved on GFX8 and means UNORM_UINT on GFX9; GFX10+ has no
 * equivalent.  Those two meanings get their own names here.
 */
enum vsharp_nfmt {
	VSHARP_NFMT_UNORM,
	VSHARP_NFMT_SNORM,
	VSHARP_NFMT_USCALED,
	VSHARP_NFMT_SSCALED,
	VSHARP_NFMT_UINT,
	VSHARP_NFMT_SINT,
	VSHARP_NFMT_FLOAT,
	VSHARP_NFMT_SNORM_OGL,
	VSHARP_NFMT_UNORM_UINT,
	VSHARP_NFMT_COUNT
};

struct vsharp_format {
	enum vsharp_dfmt dfmt;
	enum vsharp_nfmt nfmt;
};

/* Where each channel of a data format lives inside its element. */
struct vsharp_dfmt_layout {
	uint8_t channels;	/* 1..4 */
	uint8_t bytes;		/* element size in bytes */
	uint8_t bits[4];	/* X, Y, Z, W widths */
	uint8_t shift[4];	/* X, Y, Z, W bit offsets inside the element */
};

const struct vsharp_dfmt_layout *vsharp_dfmt_layout(enum vsharp_dfmt dfmt);

const char *vsharp_dfmt_name(enum vsharp_dfmt dfmt);
const char *vsharp_nfmt_name(enum vsharp_nfmt nfmt);

/* "32_32_UINT" into its two halves. */
int vsharp_format_parse(const char *name, struct vsharp_format *fmt,
			struct vsharp_error *err);
/* Writes "32_32_UINT"; returns buf. */
char *vsharp_format_name(struct vsharp_format fmt, char *buf, unsigned size);

/* Whether a buffer instruction on this level can use the format. */
bool vsharp_format_legal(enum vsharp_gfx level, struct vsharp_format fmt);
/* Same, with an error naming the level and the data formats it allows. */
int vsharp_format_check(enum vsharp_gfx level, struct vsharp_format fmt,
			struct vsharp_error *err);

/*
 * Hardware codes.  GFX6-9: DATA_FORMAT and NUM_FORMAT fields.  GFX10+: the
 * unified FORMAT field (7-bit GFX10 table, 6-bit renumbered GFX11 table).
 * The encoders refuse formats that vsharp_format_legal() rejects.
 */
bool vsharp_format_split_fields(enum vsharp_gfx level);
int vsharp_nfmt_code(enum vsharp_gfx level, enum vsharp_nfmt nfmt);
int vsharp_unified_format_code(enum vsharp_gfx level, struct vsharp_format fmt);
/* Reverse mappings; return false for reserved or unknown codes. */
bool vsharp_nfmt_from_code(enum vsharp_gfx level, unsigned code,
			   enum vsharp_nfmt *nfmt);
bool vsharp_format_from_unified(enum vsharp_gfx level, unsigned code,
				struct vsharp_format *fmt);

#endif
