// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "vsharp/format.h"
#include "base/util.h"

#define CH1(b0) { 1, (b0) / 8, { b0 }, { 0 } }
#define CH2(b) { 2, (b) * 2 / 8, { b, b }, { 0, b } }
#define CH3(b) { 3, (b) * 3 / 8, { b, b, b }, { 0, b, 2 * (b) } }
#define CH4(b) { 4, (b) * 4 / 8, { b, b, b, b }, { 0, b, 2 * (b), 3 * (b) } }

/* MSB-first names: the last width in the name is X, at bit 0. */
static const struct vsharp_dfmt_layout layouts[VSHARP_DFMT_COUNT] = {
	[VSHARP_DFMT_INVALID] = { 0, 0, { 0 }, { 0 } },
	[VSHARP_DFMT_8] = CH1(8),
	[VSHARP_DFMT_16] = CH1(16),
	[VSHARP_DFMT_8_8] = CH2(8),
	[VSHARP_DFMT_32] = CH1(32),
	[VSHARP_DFMT_16_16] = CH2(16),
	[VSHARP_DFMT_10_11_11] = { 3, 4, { 11, 11, 10 }, { 0, 11, 22 } },
	[VSHARP_DFMT_11_11_10] = { 3, 4, { 10, 11, 11 }, { 0, 10, 21 } },
	[VSHARP_DFMT_10_10_10_2] = { 4, 4, { 2, 10, 10, 10 }, { 0, 2, 12, 22 } },
	[VSHARP_DFMT_2_10_10_10] = { 4, 4, { 10, 10, 10, 2 }, { 0, 10, 20, 30 } },
	[VSHARP_DFMT_8_8_8_8] = CH4(8),
	[VSHARP_DFMT_32_32] = CH2(32),
	[VSHARP_DFMT_16_16_16_16] = CH4(16),
	[VSHARP_DFMT_32_32_32] = CH3(32),
	[VSHARP_DFMT_32_32_32_32] = CH4(32),
};

/* "NONE" parses as INVALID: a number format alone (GFX8/9 ADD_TID). */
static const char *const dfmt_names[VSHARP_DFMT_COUNT] = {
	"NONE", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
	"10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16",
	"32_32_32", "32_32_32_32",
};

static const char *const nfmt_names[VSHARP_NFMT_COUNT] = {
	"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "FLOAT",
	"SNORM_OGL", "UNORM_UINT",
};

/*
 * Unified FORMAT codes, indexed [dfmt][UNORM..FLOAT]; 0 = no such format.
 * GFX10/10.3: Mesa gfx10-rsrc.json GFX10_FORMAT; GFX11/12: gfx11-rsrc.json
 * GFX11_FORMAT (GFX12 reuses it).  llvm-mc 19 names the same numbers
 * (BUF_FMT_10_11_11_FLOAT = 36 on gfx1030, 30 on gfx1100/gfx1200).
 */
#define NF 7
static const uint8_t gfx10_codes[VSHARP_DFMT_COUNT][NF] = {
	[VSHARP_DFMT_8] = { 1, 2, 3, 4, 5, 6, 0 },
	[VSHARP_DFMT_16] = { 7, 8, 9, 10, 11, 12, 13 },
	[VSHARP_DFMT_8_8] = { 14, 15, 16, 17, 18, 19, 0 },
	[VSHARP_DFMT_32] = { 0, 0, 0, 0, 20, 21, 22 },
	[VSHARP_DFMT_16_16] = { 23, 24, 25, 26, 27, 28, 29 },
	[VSHARP_DFMT_10_11_11] = { 30, 31, 32, 33, 34, 35, 36 },
	[VSHARP_DFMT_11_11_10] = { 37, 38, 39, 40, 41, 42, 43 },
	[VSHARP_DFMT_10_10_10_2] = { 44, 45, 46, 47, 48, 49, 0 },
	[VSHARP_DFMT_2_10_10_10] = { 50, 51, 52, 53, 54, 55, 0 },
	[VSHARP_DFMT_8_8_8_8] = { 56, 57, 58, 59, 60, 61, 0 },
	[VSHARP_DFMT_32_32] = { 0, 0, 0, 0, 62, 63, 64 },
	[VSHARP_DFMT_16_16_16_16] = { 65, 66, 67, 68, 69, 70, 71 },
	[VSHARP_DFMT_32_32_32] = { 0, 0, 0, 0, 72, 73, 74 },
	[VSHARP_DFMT_32_32_32_32] = { 0, 0, 0, 0, 75, 76, 77 },
};

static const uint8_t gfx11_codes[VSHARP_DFMT_COUNT][NF] = {
	[VSHARP_DFMT_8] = { 1, 2, 3, 4, 5, 6, 0 },
	[VSHARP_DFMT_16] = { 7, 8, 9, 10, 11, 12, 13 },
	[VSHARP_DFMT_8_8] = { 14, 15, 16, 17, 18, 19, 0 },
	[VSHARP_DFMT_32] = { 0, 0, 0, 0, 20, 21, 22 },
	[VSHARP_DFMT_16_16] = { 23, 24, 25, 26, 27, 28, 29 },
	[VSHARP_DFMT_10_11_11] = { 0, 0, 0, 0, 0, 0, 30 },
	[VSHARP_DFMT_11_11_10] = { 0, 0, 0, 0, 0, 0, 31 },
	[VSHARP_DFMT_10_10_10_2] = { 32, 33, 0, 0, 34, 35, 0 },
	[VSHARP_DFMT_2_10_10_10] = { 36, 37, 38, 39, 40, 41, 0 },
	[VSHARP_DFMT_8_8_8_8] = { 42, 43, 44, 45, 46, 47, 0 },
	[VSHARP_DFMT_32_32] = { 0, 0, 0, 0, 48, 49, 50 },
	[VSHARP_DFMT_16_16_16_16] = { 51, 52, 53, 54, 55, 56, 57 },
	[VSHARP_DFMT_32_32_32] = { 0, 0, 0, 0, 58, 59, 60 },
	[VSHARP_DFMT_32_32_32_32] = { 0, 0, 0, 0, 61, 62, 63 },
};

/* GFX6-9 NUM_FORMAT codes (V_008F0C_BUF_NUM_FORMAT_*); -1 = not on that level. */
#define SAME_CODE(c) \
	{ [VSHARP_GFX6] = (c), [VSHARP_GFX7] = (c), [VSHARP_GFX8] = (c), [VSHARP_GFX9] = (c) }
static const int8_t nfmt_codes[VSHARP_NFMT_COUNT][VSHARP_GFX10] = {
	[VSHARP_NFMT_UNORM] = SAME_CODE(0),
	[VSHARP_NFMT_SNORM] = SAME_CODE(1),
	[VSHARP_NFMT_USCALED] = SAME_CODE(2),
	[VSHARP_NFMT_SSCALED] = SAME_CODE(3),
	[VSHARP_NFMT_UINT] = SAME_CODE(4),
	[VSHARP_NFMT_SINT] = SAME_CODE(5),
	[VSHARP_NFMT_FLOAT] = SAME_CODE(7),
	[VSHARP_NFMT_SNORM_OGL] = { [VSHARP_GFX6] = 6, [VSHARP_GFX7] = 6, [VSHARP_GFX8] = -1,
				    [VSHARP_GFX9] = -1 },
	[VSHARP_NFMT_UNORM_UINT] = { [VSHARP_GFX6] = -1, [VSHARP_GFX7] = -1, [VSHARP_GFX8] = -1,
				     [VSHARP_GFX9] = 6 },
};
#undef SAME_CODE

const struct vsharp_dfmt_layout *vsharp_dfmt_layout(enum vsharp_dfmt dfmt)
{
	return (unsigned)dfmt < VSHARP_DFMT_COUNT ? &layouts[dfmt] : &layouts[0];
}

const char *vsharp_dfmt_name(enum vsharp_dfmt dfmt)
{
	return (unsigned)dfmt < VSHARP_DFMT_COUNT ? dfmt_names[dfmt] : "?";
}

const char *vsharp_nfmt_name(enum vsharp_nfmt nfmt)
{
	return (unsigned)nfmt < VSHARP_NFMT_COUNT ? nfmt_names[nfmt] : "?";
}

bool vsharp_format_split_fields(enum vsharp_gfx level)
{
	return level < VSHARP_GFX10;
}

static const uint8_t (*unified_table(enum vsharp_gfx level))[NF]
{
	return level >= VSHARP_GFX11 ? gfx11_codes : gfx10_codes;
}

/*
 * The (data, number) pairs AMD kept when it unified the two fields on GFX10
 * are the pairs the buffer unit defines, so GFX6-9 accept the same pairs,
 * plus the level's own meaning of NUM_FORMAT 6 wherever its base type
 * (SNORM for SNORM_OGL, UNORM for UNORM_UINT) is defined.
 */
bool vsharp_format_legal(enum vsharp_gfx level, struct vsharp_format fmt)
{
	enum vsharp_nfmt base = fmt.nfmt;

	if ((unsigned)fmt.dfmt >= VSHARP_DFMT_COUNT ||
	    (unsigned)fmt.nfmt >= VSHARP_NFMT_COUNT ||
	    fmt.dfmt == VSHARP_DFMT_INVALID)
		return false;
	if (vsharp_format_split_fields(level)) {
		if (nfmt_codes[fmt.nfmt][level] < 0)
			return false;
		if (fmt.nfmt == VSHARP_NFMT_SNORM_OGL)
			base = VSHARP_NFMT_SNORM;
		else if (fmt.nfmt == VSHARP_NFMT_UNORM_UINT)
			base = VSHARP_NFMT_UNORM;
		return gfx10_codes[fmt.dfmt][base] != 0;
	}
	if (fmt.nfmt > VSHARP_NFMT_FLOAT)
		return false;
	return unified_table(level)[fmt.dfmt][fmt.nfmt] != 0;
}

int vsharp_format_check(enum vsharp_gfx level, struct vsharp_format fmt,
			struct vsharp_error *err)
{
	char name[40], allowed[160];
	unsigned n = 0;

	if (vsharp_format_legal(level, fmt))
		return 0;
	allowed[0] = '\0';
	for (int nf = 0; nf < VSHARP_NFMT_COUNT; nf++) {
		struct vsharp_format f = { fmt.dfmt, nf };

		if (vsharp_format_legal(level, f) && n < sizeof(allowed))
			n += snprintf(allowed + n, sizeof(allowed) - n, "%s%s",
				      n ? ", " : "", nfmt_names[nf]);
	}
	vsharp_format_name(fmt, name, sizeof(name));
	if (!n)
		return vsharp_fail(err, -EINVAL,
				   "format: %s is not a buffer format on %s (data format %s has no number format there)",
				   name, vsharp_gfx_name(level),
				   vsharp_dfmt_name(fmt.dfmt));
	return vsharp_fail(err, -EINVAL,
			   "format: %s is not a buffer format on %s (allowed number formats for %s: %s)",
			   name, vsharp_gfx_name(level),
			   vsharp_dfmt_name(fmt.dfmt), allowed);
}

int vsharp_format_parse(const char *name, struct vsharp_format *fmt,
			struct vsharp_error *err)
{
	const char *us = strrchr(name, '_');
	size_t dlen;

	if (!us)
		goto bad;
	dlen = (size_t)(us - name);
	for (int d = 0; d < VSHARP_DFMT_COUNT; d++) {
		if (strlen(dfmt_names[d]) != dlen || strncmp(name, dfmt_names[d], dlen))
			continue;
		for (int nf = 0; nf < VSHARP_NFMT_COUNT; nf++) {
			if (!strcmp(us + 1, nfmt_names[nf])) {
				fmt->dfmt = d;
				fmt->nfmt = nf;
				return 0;
			}
		}
	}
	/* SNORM_OGL and UNORM_UINT contain an underscore themselves. */
	for (int nf = VSHARP_NFMT_SNORM_OGL; nf < VSHARP_NFMT_COUNT; nf++) {
		size_t nlen = strlen(nfmt_names[nf]), len = strlen(name);

		if (len <= nlen + 1 || strcmp(name + len - nlen, nfmt_names[nf]) ||
		    name[len - nlen - 1] != '_')
			continue;
		for (int d = 0; d < VSHARP_DFMT_COUNT; d++) {
			if (strlen(dfmt_names[d]) == len - nlen - 1 &&
			    !strncmp(name, dfmt_names[d], len - nlen - 1)) {
				fmt->dfmt = d;
				fmt->nfmt = nf;
				return 0;
			}
		}
	}
bad:
	return vsharp_fail(err, -EINVAL,
			   "format: '%s' is not DATA_NUM (data NONE, 8, 16, 8_8, 32, 16_16, 10_11_11, 11_11_10, 10_10_10_2, 2_10_10_10, 8_8_8_8, 32_32, 16_16_16_16, 32_32_32, 32_32_32_32; number UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT, SNORM_OGL, UNORM_UINT), e.g. 32_FLOAT",
			   name);
}

char *vsharp_format_name(struct vsharp_format fmt, char *buf, unsigned size)
{
	snprintf(buf, size, "%s_%s", vsharp_dfmt_name(fmt.dfmt),
		 vsharp_nfmt_name(fmt.nfmt));
	return buf;
}

int vsharp_nfmt_code(enum vsharp_gfx level, enum vsharp_nfmt nfmt)
{
	if (!vsharp_format_split_fields(level) || (unsigned)nfmt >= VSHARP_NFMT_COUNT)
		return -1;
	return nfmt_codes[nfmt][level];
}

/*
 * The code tables inverted once, so that decoding a code is one index:
 * NUM_FORMAT code -> number format per GFX6-9 level (-1: reserved), and
 * unified FORMAT code -> format per table (DFMT_INVALID: no format).
 */
#define UNIFIED_CODES 128
static int8_t nfmt_of_code[VSHARP_GFX10][8];
static struct vsharp_format format_of_code[2][UNIFIED_CODES];	/* [GFX11 table][code] */
static once_flag code_index_once = ONCE_FLAG_INIT;

static void index_codes(void)
{
	memset(nfmt_of_code, -1, sizeof(nfmt_of_code));
	for (int l = 0; l < VSHARP_GFX10; l++)
		for (int nf = 0; nf < VSHARP_NFMT_COUNT; nf++)
			if (nfmt_codes[nf][l] >= 0)
				nfmt_of_code[l][nfmt_codes[nf][l]] = (int8_t)nf;
	for (int t = 0; t < 2; t++) {
		const uint8_t (*codes)[NF] = t ? gfx11_codes : gfx10_codes;

		for (int d = 1; d < VSHARP_DFMT_COUNT; d++)
			for (int nf = 0; nf < NF; nf++)
				if (codes[d][nf])
					format_of_code[t][codes[d][nf]] =
						(struct vsharp_format){ d, nf };
	}
}

bool vsharp_nfmt_from_code(enum vsharp_gfx level, unsigned code,
			   enum vsharp_nfmt *nfmt)
{
	/* The split-field levels are GFX6..GFX9. */
	if ((unsigned)level >= VSHARP_GFX10 || code >= 8)
		return false;
	call_once(&code_index_once, index_codes);
	if (nfmt_of_code[level][code] < 0)
		return false;
	*nfmt = nfmt_of_code[level][code];
	return true;
}

int vsharp_unified_format_code(enum vsharp_gfx level, struct vsharp_format fmt)
{
	if (vsharp_format_split_fields(level) || !vsharp_format_legal(level, fmt))
		return -1;
	return unified_table(level)[fmt.dfmt][fmt.nfmt];
}

bool vsharp_format_from_unified(enum vsharp_gfx level, unsigned code,
				struct vsharp_format *fmt)
{
	const struct vsharp_format *f;

	if (vsharp_format_split_fields(level) || code == 0 || code >= UNIFIED_CODES)
		return false;
	call_once(&code_index_once, index_codes);
	f = &format_of_code[unified_table(level) == gfx11_codes][code];
	if (f->dfmt == VSHARP_DFMT_INVALID)
		return false;
	*fmt = *f;
	return true;
}
