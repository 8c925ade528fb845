/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_HW_LEVELS_H
#define VSHARP_LIB_HW_LEVELS_H

#include "vsharp/gfx.h"

/*
 * The one way the per-generation tables name sets of levels: GFX(9) is one
 * level, GFX_RANGE(6, 10_3) every level from GFX6 to GFX10.3 inclusive,
 * GFX_ALL every level.  A level is written as its enum's suffix: 6, 7, 8,
 * 9, 10, 10_3, 11, 12.  A set is a mask of VSHARP_GFX_BIT()s, so sets join
 * with '|'.
 */
#define GFX(x) VSHARP_GFX_BIT(VSHARP_GFX##x)
#define GFX_RANGE(a, b) VSHARP_GFX_RANGE(VSHARP_GFX##a, VSHARP_GFX##b)
#define GFX_ALL VSHARP_GFX_ALL

#endif
