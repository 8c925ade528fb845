// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "vsharp/gfx.h"
#include "util.h"

static const char *const level_names[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = "gfx6",      [VSHARP_GFX7] = "gfx7",
	[VSHARP_GFX8] = "gfx8",      [VSHARP_GFX9] = "gfx9",
	[VSHARP_GFX10] = "gfx10",    [VSHARP_GFX10_3] = "gfx10.3",
	[VSHARP_GFX11] = "gfx11",    [VSHARP_GFX12] = "gfx12",
};

/* The first processor named for each level is the one probes are built for. */
static const struct {
	const char *name;
	enum vsharp_gfx level;
} targets[] = {
	/* LLVM AMDGPUUsage, "Processors" table. */
	{ "gfx601", VSHARP_GFX6 },   { "gfx600", VSHARP_GFX6 },
	{ "gfx602", VSHARP_GFX6 },   { "gfx700", VSHARP_GFX7 },
	{ "gfx701", VSHARP_GFX7 },   { "gfx702", VSHARP_GFX7 },
	{ "gfx703", VSHARP_GFX7 },   { "gfx704", VSHARP_GFX7 },
	{ "gfx705", VSHARP_GFX7 },   { "gfx803", VSHARP_GFX8 },
	{ "gfx801", VSHARP_GFX8 },   { "gfx802", VSHARP_GFX8 },
	{ "gfx805", VSHARP_GFX8 },   { "gfx810", VSHARP_GFX8 },
	{ "gfx900", VSHARP_GFX9 },   { "gfx902", VSHARP_GFX9 },
	{ "gfx904", VSHARP_GFX9 },   { "gfx906", VSHARP_GFX9 },
	{ "gfx908", VSHARP_GFX9 },   { "gfx909", VSHARP_GFX9 },
	{ "gfx90a", VSHARP_GFX9 },   { "gfx90c", VSHARP_GFX9 },
	{ "gfx940", VSHARP_GFX9 },   { "gfx941", VSHARP_GFX9 },
	{ "gfx942", VSHARP_GFX9 },   { "gfx950", VSHARP_GFX9 },
	{ "gfx9-generic", VSHARP_GFX9 },
	{ "gfx1010", VSHARP_GFX10 }, { "gfx1011", VSHARP_GFX10 },
	{ "gfx1012", VSHARP_GFX10 }, { "gfx1013", VSHARP_GFX10 },
	{ "gfx10-1-generic", VSHARP_GFX10 },
	{ "gfx1030", VSHARP_GFX10_3 }, { "gfx1031", VSHARP_GFX10_3 },
	{ "gfx1032", VSHARP_GFX10_3 }, { "gfx1033", VSHARP_GFX10_3 },
	{ "gfx1034", VSHARP_GFX10_3 }, { "gfx1035", VSHARP_GFX10_3 },
	{ "gfx1036", VSHARP_GFX10_3 },
	{ "gfx10-3-generic", VSHARP_GFX10_3 },
	{ "gfx1100", VSHARP_GFX11 }, { "gfx1101", VSHARP_GFX11 },
	{ "gfx1102", VSHARP_GFX11 }, { "gfx1103", VSHARP_GFX11 },
	{ "gfx1150", VSHARP_GFX11 }, { "gfx1151", VSHARP_GFX11 },
	{ "gfx1152", VSHARP_GFX11 }, { "gfx1153", VSHARP_GFX11 },
	{ "gfx11-generic", VSHARP_GFX11 },
	{ "gfx1200", VSHARP_GFX12 }, { "gfx1201", VSHARP_GFX12 },
	{ "gfx12-generic", VSHARP_GFX12 },
};

const char *vsharp_gfx_name(enum vsharp_gfx level)
{
	return (unsigned)level < VSHARP_GFX_COUNT ? level_names[level] : "gfx?";
}

const char *vsharp_gfx_llvm_target(enum vsharp_gfx level)
{
	for (size_t i = 0; i < ARRAY_SIZE(targets); i++)
		if (targets[i].level == level)
			return targets[i].name;
	return NULL;
}

int vsharp_gfx_parse(const char *name, enum vsharp_gfx *level,
		     struct vsharp_error *err)
{
	if (!strcmp(name, "gfx10.1")) {
		*level = VSHARP_GFX10;
		return 0;
	}
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		if (!strcmp(name, level_names[l])) {
			*level = l;
			return 0;
		}
	}
	for (size_t i = 0; i < ARRAY_SIZE(targets); i++) {
		if (!strcmp(name, targets[i].name)) {
			*level = targets[i].level;
			return 0;
		}
	}
	return vsharp_fail(err, -EINVAL,
			   "gfx: unknown level '%s' (allowed: gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12, or an LLVM processor gfx600..gfx1201)",
			   name);
}
