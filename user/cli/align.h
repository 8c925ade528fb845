/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_ALIGN_H
#define VSHARP_CLI_ALIGN_H

#include <stdio.h>

#include "vsharp/atlas.h"

/* Which modes an atlas output shows: bit per enum vsharp_align_mode. */
struct align_view {
	const struct vsharp_atlas *const *atlases;
	unsigned n;
	unsigned modes;
	bool measured;
};

/* The SVG heat map: one panel per level (align_svg.c). */
void align_svg(FILE *f, const struct align_view *v);

/* Fill colour of an outcome in the heat map, also named in its legend. */
const char *align_colour(enum vsharp_atlas_outcome o);

#endif
