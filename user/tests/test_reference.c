// SPDX-License-Identifier: MIT
/*
 * Words other projects publish for the same descriptor (Mesa
 * ac_build_raw_buffer_descriptor, ac_build_attr_ring_descriptor; libdrm
 * tests/amdgpu shader_test_util.c; IGT lib/amdgpu).
 */
#include "ktap.h"
#include "vsharp/desc.h"

static void test_published_word3(struct ktap *t)
{
	static const struct {
		const char *source;
		enum vsharp_gfx level;
		enum vsharp_dfmt dfmt;
		enum vsharp_nfmt nfmt;
		unsigned oob;
		bool compression;
		uint32_t word3;
	} cases[] = {
		/* libdrm tests/amdgpu + IGT memcpy: 32_32_32_32_UINT, XYZW, OOB_SELECT 1. */
		{ "libdrm gfx9", VSHARP_GFX9, VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT, 0, false, 0x00074fac },
		{ "libdrm gfx10", VSHARP_GFX10, VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT, 1, false, 0x1104bfac },
		{ "IGT gfx10.3", VSHARP_GFX10_3, VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT, 1, false, 0x1104bfac },
		{ "libdrm gfx11", VSHARP_GFX11, VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT, 1, false, 0x1003dfac },
		{ "IGT gfx12", VSHARP_GFX12, VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT, 1, true, 0x1203dfac },
		/* Mesa ac_build_raw_buffer_descriptor: 32_FLOAT, XYZW, OOB_SELECT 3. */
		{ "Mesa raw gfx6", VSHARP_GFX6, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 0, false, 0x00027fac },
		{ "Mesa raw gfx7", VSHARP_GFX7, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 0, false, 0x00027fac },
		{ "Mesa raw gfx8", VSHARP_GFX8, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 0, false, 0x00027fac },
		{ "Mesa raw gfx9", VSHARP_GFX9, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 0, false, 0x00027fac },
		{ "Mesa raw gfx10", VSHARP_GFX10, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 3, false, 0x31016fac },
		{ "Mesa raw gfx10.3", VSHARP_GFX10_3, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 3, false, 0x31016fac },
		{ "Mesa raw gfx11", VSHARP_GFX11, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 3, false, 0x30016fac },
		{ "Mesa raw gfx12", VSHARP_GFX12, VSHARP_DFMT_32, VSHARP_NFMT_FLOAT, 3, false, 0x30016fac },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct vsharp_buffer b;
		uint32_t dw[4] = { 0 };

		vsharp_buffer_default(cases[i].level, &b);
		b.format.dfmt = cases[i].dfmt;
		b.format.nfmt = cases[i].nfmt;
		b.oob_select = cases[i].oob;
		b.compression = cases[i].compression;
		CHECK(t, vsharp_desc_encode(cases[i].level, &b, dw, NULL) == 0);
		CHECK_MSG(t, dw[3] == cases[i].word3, "%s: 0x%08x, published 0x%08x",
			  cases[i].source, dw[3], cases[i].word3);
	}
}

static void test_gfx11_attr_ring(struct ktap *t)
{
	/* Mesa ac_build_attr_ring_descriptor: 32_32_32_32_FLOAT, swizzle 16 B, index stride 32. */
	struct vsharp_buffer b;
	uint32_t dw[4];

	vsharp_buffer_default(VSHARP_GFX11, &b);
	b.format.dfmt = VSHARP_DFMT_32_32_32_32;
	b.swizzle = true;
	b.element_size = 16;
	b.index_stride = 32;
	b.oob_select = 0;
	CHECK(t, vsharp_desc_encode(VSHARP_GFX11, &b, dw, NULL) == 0);
	CHECK_EQ(t, dw[3], 0x0043ffac);
	CHECK_EQ(t, dw[1] >> 30, 3);
}

KTAP_MAIN(KTAP_CASE(test_published_word3), KTAP_CASE(test_gfx11_attr_ring))
