/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_UTIL_H
#define VSHARP_LIB_UTIL_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
