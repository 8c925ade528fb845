// SPDX-License-Identifier: MIT
/*
 * HLSL/DXIL resource kinds.  NUM_RECORDS units per level follow radeonsi
 * si_make_buffer_descriptor's comment (GFX8 counts bytes for unswizzled
 * indexed access, GFX6/7/9/10+ records); OOB_SELECT follows Mesa's texel
 * (0) and raw (3) descriptors (radv_make_texel_buffer_descriptor,
 * ac_build_raw_buffer_descriptor).
 */
#include "ktap.h"
#include "vsharp/rkind.h"

static void test_typed(struct ktap *t)
{
	struct vsharp_rkind_params p = { 0x1000, 1000, 0, { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT } };
	struct vsharp_buffer b;

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, vsharp_rkind_buffer(l, VSHARP_RKIND_TYPED, &p, &b, NULL) == 0);
		CHECK_EQ(t, b.base, 0x1000);
		CHECK_EQ(t, b.stride, 16);
		/* 1000 / 16 = 62 whole texels; GFX8 wants them as 992 bytes. */
		CHECK_EQ(t, b.num_records, l == VSHARP_GFX8 ? 992 : 62);
		CHECK_EQ(t, b.oob_select, VSHARP_OOB_STRUCTURED_WITH_OFFSET);
		CHECK_EQ(t, b.format.dfmt, VSHARP_DFMT_32_32_32_32);
	}
	p.format.dfmt = VSHARP_DFMT_16;
	p.format.nfmt = VSHARP_NFMT_UNORM;
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX10, VSHARP_RKIND_TYPED, &p, &b, NULL) == 0);
	CHECK_EQ(t, b.stride, 2);
	CHECK_EQ(t, b.num_records, 500);
}

static void test_raw(struct ktap *t)
{
	struct vsharp_rkind_params p = { 0, 1001, 0, { 0, 0 } };
	struct vsharp_buffer b;

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, vsharp_rkind_buffer(l, VSHARP_RKIND_RAW, &p, &b, NULL) == 0);
		CHECK_EQ(t, b.stride, 0);
		CHECK_EQ(t, b.num_records, 1001);
		CHECK_EQ(t, b.oob_select, l >= VSHARP_GFX10 ? VSHARP_OOB_RAW : 0);
	}
}

static void test_structured(struct ktap *t)
{
	struct vsharp_rkind_params p = { 0, 240, 24, { 0, 0 } };
	struct vsharp_buffer b;

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, vsharp_rkind_buffer(l, VSHARP_RKIND_STRUCTURED, &p, &b, NULL) == 0);
		CHECK_EQ(t, b.stride, 24);
		CHECK_EQ(t, b.num_records, l == VSHARP_GFX8 ? 240 : 10);
	}
}

static void test_constant(struct ktap *t)
{
	struct vsharp_rkind_params p = { 0, 65536, 0, { 0, 0 } };
	struct vsharp_buffer b;

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, vsharp_rkind_buffer(l, VSHARP_RKIND_CONSTANT, &p, &b, NULL) == 0);
		CHECK_EQ(t, b.num_records, 65536);
		CHECK_EQ(t, b.stride, 0);
		CHECK_EQ(t, b.format.dfmt, VSHARP_DFMT_32_32_32_32);
	}
}

static void test_errors(struct ktap *t)
{
	struct vsharp_rkind_params p = { 0, 64, 0, { VSHARP_DFMT_10_11_11, VSHARP_NFMT_UNORM } };
	struct vsharp_error err = { "" };
	struct vsharp_buffer b;
	enum vsharp_rkind k;

	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX11, VSHARP_RKIND_TYPED, &p, &b, &err) == -EINVAL);
	CHECK(t, !strncmp(err.msg, "format:", 7));
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX10_3, VSHARP_RKIND_TYPED, &p, &b, NULL) == 0);
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX9, VSHARP_RKIND_STRUCTURED, &p, &b, &err) == -EINVAL);
	CHECK(t, !strncmp(err.msg, "stride:", 7) && strstr(err.msg, "allowed 1..16383"));
	p.size = 17;
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX9, VSHARP_RKIND_CONSTANT, &p, &b, &err) == -EINVAL);
	CHECK(t, !strncmp(err.msg, "size:", 5));
	p.size = 65536 + 16;
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX9, VSHARP_RKIND_CONSTANT, &p, &b, &err) == -EINVAL);
	p.size = 1ull << 32;
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX12, VSHARP_RKIND_RAW, &p, &b, &err) == -ERANGE);
	CHECK(t, strstr(err.msg, "gfx12") && strstr(err.msg, "allowed"));
	p.stride = 4;
	CHECK(t, vsharp_rkind_buffer(VSHARP_GFX8, VSHARP_RKIND_STRUCTURED, &p, &b, &err) == -ERANGE);
	CHECK(t, vsharp_rkind_parse("typed", &k, NULL) == 0 && k == VSHARP_RKIND_TYPED);
	CHECK(t, vsharp_rkind_parse("texture", &k, &err) == -EINVAL);
}

KTAP_MAIN(KTAP_CASE(test_typed), KTAP_CASE(test_raw), KTAP_CASE(test_structured),
	  KTAP_CASE(test_constant), KTAP_CASE(test_errors))
