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

/*
 * The first processor named for each level is the one probes are built for.
 * LLVM AMDGPUUsage, "Processors" table; d16_unpacked: AMDGPU.td (gfx.h).
 */
#define T(n, l) { n, VSHARP_##l, false }
#define UNPACKED_D16(n, l) { n, VSHARP_##l, true }
static const struct vsharp_target targets[] = {
	T("gfx601", GFX6),   T("gfx600", GFX6),   T("gfx602", GFX6),
	T("gfx700", GFX7),   T("gfx701", GFX7),   T("gfx702", GFX7),
	T("gfx703", GFX7),   T("gfx704", GFX7),   T("gfx705", GFX7),
	UNPACKED_D16("gfx803", GFX8), UNPACKED_D16("gfx801", GFX8),
	UNPACKED_D16("gfx802", GFX8), UNPACKED_D16("gfx805", GFX8),
	T("gfx810", GFX8),
	T("gfx900", GFX9),   T("gfx902", GFX9),   T("gfx904", GFX9),
	T("gfx906", GFX9),   T("gfx908", GFX9),   T("gfx909", GFX9),
	T("gfx90a", GFX9),   T("gfx90c", GFX9),   T("gfx940", GFX9),
	T("gfx941", GFX9),   T("gfx942", GFX9),   T("gfx950", GFX9),
	T("gfx9-generic", GFX9),
	T("gfx1010", GFX10), T("gfx1011", GFX10), T("gfx1012", GFX10),
	T("gfx1013", GFX10), T("gfx10-1-generic", GFX10),
	T("gfx1030", GFX10_3), T("gfx1031", GFX10_3), T("gfx1032", GFX10_3),
	T("gfx1033", GFX10_3), T("gfx1034", GFX10_3), T("gfx1035", GFX10_3),
	T("gfx1036", GFX10_3), T("gfx10-3-generic", GFX10_3),
	T("gfx1100", GFX11), T("gfx1101", GFX11), T("gfx1102", GFX11),
	T("gfx1103", GFX11), T("gfx1150", GFX11), T("gfx1151", GFX11),
	T("gfx1152", GFX11), T("gfx1153", GFX11), T("gfx11-generic", GFX11),
	T("gfx1200", GFX12), T("gfx1201", GFX12), T("gfx12-generic", GFX12),
};
#undef T
#undef UNPACKED_D16

const char *vsharp_gfx_name(enum vsharp_gfx level)
{
	return (unsigned)level < VSHARP_GFX_COUNT ? level_names[level] : "gfx?";
}

const struct vsharp_target *vsharp_target_of(enum vsharp_gfx level)
{
	for (size_t i = 0; i < ARRAY_SIZE(targets); i++)
		if (targets[i].level == level)
			return &targets[i];
	return NULL;
}

const char *vsharp_gfx_llvm_target(enum vsharp_gfx level)
{
	const struct vsharp_target *t = vsharp_target_of(level);

	return t ? t->name : NULL;
}

const struct vsharp_target *vsharp_target_find(const char *name)
{
	enum vsharp_gfx level;

	for (size_t i = 0; i < ARRAY_SIZE(targets); i++)
		if (!strcmp(name, targets[i].name))
			return &targets[i];
	return vsharp_gfx_parse(name, &level, NULL) ? NULL : vsharp_target_of(level);
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
