/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_DESC_OPTS_H
#define VSHARP_CLI_DESC_OPTS_H

#include "cli.h"
#include "vsharp/desc.h"

/*
 * The options that describe a V#, shared by `desc encode` and `addr`.
 * Values are collected first and applied once the level is known, since
 * defaults and field existence depend on it.
 */
enum desc_opt_id {
	DO_GFX = 1000,
	DO_BASE,
	DO_NUM_RECORDS,
	DO_STRIDE,
	DO_FORMAT,
	DO_DST_SEL,
	DO_SWIZZLE,
	DO_ELEMENT_SIZE,
	DO_INDEX_STRIDE,
	DO_ADD_TID,
	DO_OOB_SELECT,
	DO_COMPRESSION,
	DO_WRITE_COMPRESS,
	DO_STRIDE_SCALE,
	DO_FIELD,
	DO_END
};

#define DESC_OPTS_MAX_FIELDS 32

struct desc_opts {
	const char *val[DO_END - DO_GFX];
	bool given[DO_END - DO_GFX];
	const char *fields[DESC_OPTS_MAX_FIELDS];
	unsigned n_fields;
};

extern const struct cli_opt desc_opt_table[];

/* Records one option; false after printing an error. */
bool desc_opts_take(struct desc_opts *d, int id, const char *val);
/* Builds the level, the meaning and the raw fields; false after an error. */
bool desc_opts_build(const struct desc_opts *d, enum vsharp_gfx *level,
		     struct vsharp_buffer *buf, struct vsharp_desc_fields *fields);
/* The processor --gfx names (a level name: its probe processor), after desc_opts_build. */
const struct vsharp_target *desc_opts_target(const struct desc_opts *d);

#endif
