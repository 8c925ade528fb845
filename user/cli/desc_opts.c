// SPDX-License-Identifier: MIT
#include <ctype.h>
#include <string.h>

#include "desc_opts.h"

const struct cli_opt desc_opt_table[] = {
	{ "--gfx", true, DO_GFX },
	{ "--base", true, DO_BASE },
	{ "--num-records", true, DO_NUM_RECORDS },
	{ "--stride", true, DO_STRIDE },
	{ "--format", true, DO_FORMAT },
	{ "--dst-sel", true, DO_DST_SEL },
	{ "--swizzle", false, DO_SWIZZLE },
	{ "--element-size", true, DO_ELEMENT_SIZE },
	{ "--index-stride", true, DO_INDEX_STRIDE },
	{ "--add-tid", false, DO_ADD_TID },
	{ "--oob-select", true, DO_OOB_SELECT },
	{ "--compression", false, DO_COMPRESSION },
	{ "--write-compress", false, DO_WRITE_COMPRESS },
	{ "--stride-scale", true, DO_STRIDE_SCALE },
	{ "--field", true, DO_FIELD },
	{ NULL, false, 0 },
};

bool desc_opts_take(struct desc_opts *d, int id, const char *val)
{
	if (id == DO_FIELD) {
		if (d->n_fields == DESC_OPTS_MAX_FIELDS) {
			cli_error("--field: at most %d", DESC_OPTS_MAX_FIELDS);
			return false;
		}
		d->fields[d->n_fields++] = val;
		return true;
	}
	d->given[id - DO_GFX] = true;
	d->val[id - DO_GFX] = val;
	return true;
}

static const char *opt(const struct desc_opts *d, int id)
{
	return d->given[id - DO_GFX] ? d->val[id - DO_GFX] : NULL;
}

static bool given(const struct desc_opts *d, int id)
{
	return d->given[id - DO_GFX];
}

static bool parse_dst_sel(const char *s, uint8_t sel[4])
{
	static const char names[] = "01..XYZW";

	if (strlen(s) != 4)
		goto bad;
	for (int c = 0; c < 4; c++) {
		const char *p = strchr(names, toupper((unsigned char)s[c]));

		if (!p || *p == '.')
			goto bad;
		sel[c] = (uint8_t)(p - names);
	}
	return true;
bad:
	cli_error("--dst-sel: '%s' must be four of X Y Z W 0 1, e.g. XYZW or X001", s);
	return false;
}

static bool small(const char *name, const char *s, unsigned max, uint8_t *out)
{
	uint64_t v;

	if (!cli_parse_u64(name, s, max, &v))
		return false;
	*out = (uint8_t)v;
	return true;
}

/*
 * NAME as AMD's headers spell the field on LEVEL, the way desc decode
 * prints it: "SQ_BUF_RSRC_WORD3.NV" or "NV".  BASE has two parts
 * (WORD0.BASE_ADDRESS, WORD1.BASE_ADDRESS_HI): *PART says which.
 */
static bool amd_field(enum vsharp_gfx level, const char *name, enum vsharp_field *f,
		      struct vsharp_field_part *part)
{
	for (int i = 0; i < VSHARP_FIELD_COUNT; i++) {
		struct vsharp_field_part parts[2];
		unsigned n = vsharp_field_parts(level, (enum vsharp_field)i, parts);

		for (unsigned k = 0; k < n; k++) {
			size_t reg = strlen(parts[k].reg);

			if (strcmp(name, parts[k].name) &&
			    (strncmp(name, parts[k].reg, reg) || name[reg] != '.' ||
			     strcmp(name + reg + 1, parts[k].name)))
				continue;
			*f = (enum vsharp_field)i;
			*part = parts[k];
			return true;
		}
	}
	return false;
}

static bool apply_fields(const struct desc_opts *d, enum vsharp_gfx level,
			 struct vsharp_desc_fields *fields)
{
	struct vsharp_error err;

	for (unsigned i = 0; i < d->n_fields; i++) {
		const char *eq = strchr(d->fields[i], '=');
		struct vsharp_field_part part;
		char name[48], opt[64];
		enum vsharp_field f;
		uint64_t v, part_max;

		if (!eq || (size_t)(eq - d->fields[i]) >= sizeof(name)) {
			cli_error("--field: '%s' must be NAME=VALUE", d->fields[i]);
			return false;
		}
		memcpy(name, d->fields[i], (size_t)(eq - d->fields[i]));
		name[eq - d->fields[i]] = '\0';
		if (!vsharp_field_parse(name, &f, &err)) {
			/* Existence, width and allowed codes are checked by vsharp_fields_pack(). */
			if (!cli_parse_u64("--field", eq + 1, UINT64_MAX, &v))
				return false;
			vsharp_fields_set(fields, f, v);
			continue;
		}
		if (!amd_field(level, name, &f, &part)) {
			cli_error("--field: '%s' is not a V# field of %s (allowed: the names desc decode --gfx %s prints, SQ_BUF_RSRC_WORDn.FIELD or FIELD, or the lower-case names of Documentation/descriptors.rst)",
				  name, vsharp_gfx_name(level), vsharp_gfx_name(level));
			return false;
		}
		/* A part is set within its bits; BASE_ADDRESS_HI keeps BASE_ADDRESS and back. */
		part_max = (1ull << (part.hi - part.lo + 1)) - 1;
		snprintf(opt, sizeof(opt), "--field %s", name);
		if (!cli_parse_u64(opt, eq + 1, part_max, &v))
			return false;
		v = (fields->value[f] & ~(part_max << part.shift)) | v << part.shift;
		vsharp_fields_set(fields, f, v);
	}
	return true;
}

bool desc_opts_build(const struct desc_opts *d, enum vsharp_gfx *level,
		     struct vsharp_buffer *b, struct vsharp_desc_fields *fields)
{
	struct vsharp_error err;
	struct vsharp_field_info info;
	uint64_t v;
	const char *s;

	if (!opt(d, DO_GFX)) {
		cli_error("--gfx: required (gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12 or an LLVM processor)");
		return false;
	}
	if (vsharp_gfx_parse(opt(d, DO_GFX), level, &err)) {
		cli_lib_error(&err);
		return false;
	}
	vsharp_buffer_default(*level, b);

	if ((s = opt(d, DO_BASE)) && !cli_parse_u64("--base", s, 0xffffffffffffull, &b->base))
		return false;
	if ((s = opt(d, DO_NUM_RECORDS)) && !cli_parse_u32("--num-records", s, &b->num_records))
		return false;
	if ((s = opt(d, DO_STRIDE)) && !cli_parse_u32("--stride", s, &b->stride))
		return false;
	if ((s = opt(d, DO_STRIDE_SCALE)) && !small("--stride-scale", s, 255, &b->stride_scale))
		return false;
	if ((s = opt(d, DO_DST_SEL)) && !parse_dst_sel(s, b->dst_sel))
		return false;
	if ((s = opt(d, DO_INDEX_STRIDE)) && !small("--index-stride", s, 255, &b->index_stride))
		return false;
	b->swizzle = given(d, DO_SWIZZLE);
	b->add_tid = given(d, DO_ADD_TID);
	b->compression = given(d, DO_COMPRESSION);
	b->write_compress = given(d, DO_WRITE_COMPRESS);
	/* GFX11+ carry the element size in SWIZZLE_ENABLE; 4 bytes unless told. */
	if (*level >= VSHARP_GFX11 && b->swizzle)
		b->element_size = 4;
	if ((s = opt(d, DO_ELEMENT_SIZE)) && !small("--element-size", s, 255, &b->element_size))
		return false;

	if ((s = opt(d, DO_FORMAT))) {
		if (vsharp_format_parse(s, &b->format, &err)) {
			cli_lib_error(&err);
			return false;
		}
	} else if (b->add_tid && (*level == VSHARP_GFX8 || *level == VSHARP_GFX9)) {
		/* DATA_FORMAT holds STRIDE[17:14]; Mesa keeps NUM_FORMAT FLOAT. */
		b->format.dfmt = VSHARP_DFMT_INVALID;
	}

	if ((s = opt(d, DO_OOB_SELECT))) {
		if (!vsharp_field_info(*level, VSHARP_F_OOB_SELECT, &info)) {
			cli_error("--oob-select: %s has no OOB_SELECT field (allowed on gfx10 and later)",
				  vsharp_gfx_name(*level));
			return false;
		}
		if (!cli_parse_u64("--oob-select", s, 3, &v))
			return false;
		b->oob_select = (uint8_t)v;
	}
	if (given(d, DO_STRIDE_SCALE) &&
	    !vsharp_field_info(*level, VSHARP_F_STRIDE_SCALE, &info)) {
		cli_error("--stride-scale: %s has no STRIDE_SCALE field (allowed on gfx12 only)",
			  vsharp_gfx_name(*level));
		return false;
	}
	if (vsharp_buffer_to_fields(*level, b, fields, &err)) {
		cli_lib_error(&err);
		return false;
	}
	return apply_fields(d, *level, fields);
}

const struct vsharp_target *desc_opts_target(const struct desc_opts *d)
{
	return vsharp_target_find(opt(d, DO_GFX));
}
