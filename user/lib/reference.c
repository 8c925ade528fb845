// SPDX-License-Identifier: MIT
#include "vsharp/reference.h"
#include "util.h"

#define XYZW { VSHARP_SEL_X, VSHARP_SEL_Y, VSHARP_SEL_Z, VSHARP_SEL_W }

/* libdrm/IGT memcpy shaders: 32_32_32_32_UINT, stride 16, OOB_SELECT 1. */
#define MEMCPY(lvl, oob, compress)						\
	{ .stride = 16, .dst_sel = XYZW,					\
	  .format = { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT },		\
	  .element_size = (lvl) <= VSHARP_GFX8 ? 2 : (lvl) <= VSHARP_GFX10_3 ? 4 : 0, \
	  .index_stride = 8, .oob_select = (oob), .stride_scale = 1,		\
	  .compression = (compress) }

/* Mesa ac_build_raw_buffer_descriptor: 32_FLOAT, stride 0, OOB_SELECT 3 (raw). */
#define RAW(lvl)								\
	{ .dst_sel = XYZW, .format = { VSHARP_DFMT_32, VSHARP_NFMT_FLOAT },	\
	  .element_size = (lvl) <= VSHARP_GFX8 ? 2 : (lvl) <= VSHARP_GFX10_3 ? 4 : 0, \
	  .index_stride = 8, .oob_select = (lvl) >= VSHARP_GFX10 ? 3 : 0,	\
	  .stride_scale = 1 }

/* Mesa ac_build_attr_ring_descriptor: 32_32_32_32_FLOAT, 16-byte swizzle, 32 records. */
#define ATTR_RING								\
	{ .stride = 16, .dst_sel = XYZW,					\
	  .format = { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT },		\
	  .swizzle = true, .element_size = 16, .index_stride = 32,		\
	  .oob_select = 0, .stride_scale = 1 }

#define LIBDRM "libdrm tests/amdgpu and IGT lib/amdgpu memcpy dispatch V#"
#define IGT12 "IGT lib/amdgpu amd_dispatch GFX12 memcpy V# (sets COMPRESSION_EN)"
#define MESA_RAW "Mesa src/amd/common/ac_descriptors.c ac_build_raw_buffer_descriptor"
#define MESA_ATTR "Mesa src/amd/common/ac_descriptors.c ac_build_attr_ring_descriptor"

const struct vsharp_reference_desc vsharp_reference_descs[] = {
	{ "memcpy-gfx9", LIBDRM, VSHARP_GFX9, MEMCPY(VSHARP_GFX9, 0, false), 0x00074fac },
	{ "memcpy-gfx10", LIBDRM, VSHARP_GFX10, MEMCPY(VSHARP_GFX10, 1, false), 0x1104bfac },
	{ "memcpy-gfx10.3", LIBDRM, VSHARP_GFX10_3, MEMCPY(VSHARP_GFX10_3, 1, false), 0x1104bfac },
	{ "memcpy-gfx11", LIBDRM, VSHARP_GFX11, MEMCPY(VSHARP_GFX11, 1, false), 0x1003dfac },
	{ "memcpy-gfx12", IGT12, VSHARP_GFX12, MEMCPY(VSHARP_GFX12, 1, true), 0x1203dfac },
	{ "raw-gfx6", MESA_RAW, VSHARP_GFX6, RAW(VSHARP_GFX6), 0x00027fac },
	{ "raw-gfx7", MESA_RAW, VSHARP_GFX7, RAW(VSHARP_GFX7), 0x00027fac },
	{ "raw-gfx8", MESA_RAW, VSHARP_GFX8, RAW(VSHARP_GFX8), 0x00027fac },
	{ "raw-gfx9", MESA_RAW, VSHARP_GFX9, RAW(VSHARP_GFX9), 0x00027fac },
	{ "raw-gfx10", MESA_RAW, VSHARP_GFX10, RAW(VSHARP_GFX10), 0x31016fac },
	{ "raw-gfx10.3", MESA_RAW, VSHARP_GFX10_3, RAW(VSHARP_GFX10_3), 0x31016fac },
	{ "raw-gfx11", MESA_RAW, VSHARP_GFX11, RAW(VSHARP_GFX11), 0x30016fac },
	{ "raw-gfx12", MESA_RAW, VSHARP_GFX12, RAW(VSHARP_GFX12), 0x30016fac },
	{ "attr-ring-gfx11", MESA_ATTR, VSHARP_GFX11, ATTR_RING, 0x0043ffac },
	{ "attr-ring-gfx12", MESA_ATTR, VSHARP_GFX12, ATTR_RING, 0x0043ffac },
};

const unsigned vsharp_reference_desc_count = ARRAY_SIZE(vsharp_reference_descs);
