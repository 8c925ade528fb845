// SPDX-License-Identifier: MIT
/*
 * Format names, channel layouts and the per-level codes.  Codes come from
 * Mesa's gfx10-rsrc.json/gfx11-rsrc.json and llvm-mc 19's BUF_FMT_* names
 * (llvm-mc 19.1.7; Mesa at 149e8bff, Documentation/references.rst).
 */
#include "ktap.h"
#include "vsharp/format.h"

static struct vsharp_format F(enum vsharp_dfmt d, enum vsharp_nfmt n)
{
	struct vsharp_format f = { d, n };

	return f;
}

static void test_parse_names(struct ktap *t)
{
	static const char *const names[] = {
		"32_FLOAT", "32_32_UINT", "8_8_8_8_UNORM", "2_10_10_10_SNORM",
		"10_11_11_FLOAT", "16_16_16_16_SSCALED", "8_SNORM_OGL", "16_UNORM_UINT",
	};
	static const struct vsharp_format want[] = {
		{ VSHARP_DFMT_32, VSHARP_NFMT_FLOAT },
		{ VSHARP_DFMT_32_32, VSHARP_NFMT_UINT },
		{ VSHARP_DFMT_8_8_8_8, VSHARP_NFMT_UNORM },
		{ VSHARP_DFMT_2_10_10_10, VSHARP_NFMT_SNORM },
		{ VSHARP_DFMT_10_11_11, VSHARP_NFMT_FLOAT },
		{ VSHARP_DFMT_16_16_16_16, VSHARP_NFMT_SSCALED },
		{ VSHARP_DFMT_8, VSHARP_NFMT_SNORM_OGL },
		{ VSHARP_DFMT_16, VSHARP_NFMT_UNORM_UINT },
	};
	char buf[40];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct vsharp_format f = { 0, 0 };

		CHECK_MSG(t, vsharp_format_parse(names[i], &f, NULL) == 0, "%s", names[i]);
		CHECK_EQ(t, f.dfmt, want[i].dfmt);
		CHECK_EQ(t, f.nfmt, want[i].nfmt);
		CHECK_STR(t, vsharp_format_name(f, buf, sizeof(buf)), names[i]);
	}
}

static void test_parse_rejects(struct ktap *t)
{
	static const char *const bad[] = {
		"", "FLOAT", "32", "32_", "_FLOAT", "32_float", "33_FLOAT", "32_32_32_32_32_FLOAT",
		"INVALID_FLOAT", "32_FLOAT ", "8_8_8_UNORM", "5_6_5_UNORM",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct vsharp_format f;
		struct vsharp_error err = { "" };

		CHECK_MSG(t, vsharp_format_parse(bad[i], &f, &err) == -EINVAL, "'%s' accepted", bad[i]);
		CHECK(t, strstr(err.msg, "format:") != NULL);
	}
}

static void test_layouts(struct ktap *t)
{
	/* MSB-first names: the last width is X at bit 0 (Mesa gfx10_format_table.py). */
	const struct vsharp_dfmt_layout *l;

	l = vsharp_dfmt_layout(VSHARP_DFMT_2_10_10_10);
	CHECK(t, l->channels == 4 && l->bytes == 4);
	CHECK(t, l->bits[0] == 10 && l->shift[0] == 0 && l->bits[3] == 2 && l->shift[3] == 30);
	l = vsharp_dfmt_layout(VSHARP_DFMT_10_10_10_2);
	CHECK(t, l->bits[0] == 2 && l->shift[0] == 0 && l->bits[3] == 10 && l->shift[3] == 22);
	l = vsharp_dfmt_layout(VSHARP_DFMT_10_11_11);
	CHECK(t, l->channels == 3 && l->bits[0] == 11 && l->bits[1] == 11 && l->bits[2] == 10);
	CHECK(t, l->shift[1] == 11 && l->shift[2] == 22);
	l = vsharp_dfmt_layout(VSHARP_DFMT_11_11_10);
	CHECK(t, l->bits[0] == 10 && l->bits[1] == 11 && l->bits[2] == 11 && l->shift[2] == 21);
	l = vsharp_dfmt_layout(VSHARP_DFMT_32_32_32);
	CHECK(t, l->channels == 3 && l->bytes == 12 && l->shift[2] == 64);
	l = vsharp_dfmt_layout(VSHARP_DFMT_16_16_16_16);
	CHECK(t, l->channels == 4 && l->bytes == 8 && l->shift[3] == 48);
	/* Every layout fills its element exactly. */
	for (int d = 1; d < VSHARP_DFMT_COUNT; d++) {
		unsigned sum = 0;

		l = vsharp_dfmt_layout(d);
		for (int c = 0; c < l->channels; c++)
			sum += l->bits[c];
		CHECK_MSG(t, sum == 8u * l->bytes, "%s: %u bits in %u bytes",
			  vsharp_dfmt_name(d), sum, l->bytes);
	}
}

static void test_unified_codes(struct ktap *t)
{
	/* llvm-mc 19 BUF_FMT_* and Mesa *-rsrc.json. */
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10_3, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_FLOAT)), 36);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_FLOAT)), 30);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX12, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_FLOAT)), 30);
	for (int l = VSHARP_GFX10; l <= VSHARP_GFX12; l++)
		CHECK_EQ(t, vsharp_unified_format_code(l, F(VSHARP_DFMT_32, VSHARP_NFMT_FLOAT)), 22);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10, F(VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT)), 75);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT)), 61);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10, F(VSHARP_DFMT_2_10_10_10, VSHARP_NFMT_UNORM)), 50);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_2_10_10_10, VSHARP_NFMT_UNORM)), 36);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10, F(VSHARP_DFMT_10_10_10_2, VSHARP_NFMT_UNORM)), 44);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_10_10_10_2, VSHARP_NFMT_UNORM)), 32);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_32_32, VSHARP_NFMT_UINT)), 48);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10, F(VSHARP_DFMT_32_32, VSHARP_NFMT_UINT)), 62);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX11, F(VSHARP_DFMT_16_16_16_16, VSHARP_NFMT_FLOAT)), 57);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX10, F(VSHARP_DFMT_16_16_16_16, VSHARP_NFMT_FLOAT)), 71);
	CHECK_EQ(t, vsharp_unified_format_code(VSHARP_GFX9, F(VSHARP_DFMT_32, VSHARP_NFMT_FLOAT)), -1);
	/* Every code decodes back to its format; the tables have no duplicates. */
	for (int l = VSHARP_GFX10; l <= VSHARP_GFX12; l++) {
		unsigned seen = 0, max = l >= VSHARP_GFX11 ? 63 : 77;

		for (unsigned code = 1; code <= max; code++) {
			struct vsharp_format f;

			if (!CHECK_MSG(t, vsharp_format_from_unified(l, code, &f),
				       "%s code %u has no format", vsharp_gfx_name(l), code))
				continue;
			CHECK_EQ(t, vsharp_unified_format_code(l, f), code);
			seen++;
		}
		CHECK_EQ(t, seen, max);
	}
}

static void test_legal_formats(struct ktap *t)
{
	/* gfx1030 keeps 10_11_11_UNORM, gfx11/12 drop it (llvm-mc 19). */
	CHECK(t, vsharp_format_legal(VSHARP_GFX10_3, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_UNORM)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX11, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_UNORM)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX12, F(VSHARP_DFMT_11_11_10, VSHARP_NFMT_SNORM)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX11, F(VSHARP_DFMT_10_10_10_2, VSHARP_NFMT_USCALED)));
	CHECK(t, vsharp_format_legal(VSHARP_GFX10, F(VSHARP_DFMT_10_10_10_2, VSHARP_NFMT_USCALED)));
	/* 32-bit UNORM/SNORM/SCALED do not exist: Mesa turns them into UINT/SINT. */
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, !vsharp_format_legal(l, F(VSHARP_DFMT_32, VSHARP_NFMT_UNORM)));
		CHECK(t, !vsharp_format_legal(l, F(VSHARP_DFMT_8, VSHARP_NFMT_FLOAT)));
		CHECK(t, !vsharp_format_legal(l, F(VSHARP_DFMT_INVALID, VSHARP_NFMT_FLOAT)));
		CHECK(t, vsharp_format_legal(l, F(VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT)));
	}
	/* NUM_FORMAT 6: SNORM_OGL on gfx6/7, reserved on gfx8, UNORM_UINT on gfx9. */
	CHECK(t, vsharp_format_legal(VSHARP_GFX6, F(VSHARP_DFMT_8, VSHARP_NFMT_SNORM_OGL)));
	CHECK(t, vsharp_format_legal(VSHARP_GFX7, F(VSHARP_DFMT_8, VSHARP_NFMT_SNORM_OGL)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX8, F(VSHARP_DFMT_8, VSHARP_NFMT_SNORM_OGL)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX8, F(VSHARP_DFMT_8, VSHARP_NFMT_UNORM_UINT)));
	CHECK(t, vsharp_format_legal(VSHARP_GFX9, F(VSHARP_DFMT_8, VSHARP_NFMT_UNORM_UINT)));
	CHECK(t, !vsharp_format_legal(VSHARP_GFX10, F(VSHARP_DFMT_8, VSHARP_NFMT_UNORM_UINT)));
	CHECK_EQ(t, vsharp_nfmt_code(VSHARP_GFX9, VSHARP_NFMT_UNORM_UINT), 6);
	CHECK_EQ(t, vsharp_nfmt_code(VSHARP_GFX6, VSHARP_NFMT_SNORM_OGL), 6);
	CHECK_EQ(t, vsharp_nfmt_code(VSHARP_GFX8, VSHARP_NFMT_FLOAT), 7);
	CHECK_EQ(t, vsharp_nfmt_code(VSHARP_GFX8, VSHARP_NFMT_SNORM_OGL), -1);
	/*
	 * Counts of legal pairs: the 77 of the GFX10 table, 63 on gfx11/12, and
	 * on gfx6/7 (SNORM_OGL) and gfx9 (UNORM_UINT) one more per data format
	 * with an SNORM/UNORM entry: 10 of them.
	 */
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		unsigned n = 0;

		for (int d = 0; d < VSHARP_DFMT_COUNT; d++)
			for (int nf = 0; nf < VSHARP_NFMT_COUNT; nf++)
				n += vsharp_format_legal(l, F(d, nf));
		CHECK_MSG(t, n == (l >= VSHARP_GFX11 ? 63u : l >= VSHARP_GFX10 ? 77u :
				   l == VSHARP_GFX8 ? 77u : 77u + 10u),
			  "%s: %u legal formats", vsharp_gfx_name(l), n);
	}
}

static void test_check_messages(struct ktap *t)
{
	struct vsharp_error err = { "" };

	CHECK(t, vsharp_format_check(VSHARP_GFX11, F(VSHARP_DFMT_10_11_11, VSHARP_NFMT_UNORM), &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "10_11_11_UNORM") && strstr(err.msg, "gfx11") &&
		  strstr(err.msg, "FLOAT"), "%s", err.msg);
	CHECK(t, vsharp_format_check(VSHARP_GFX9, F(VSHARP_DFMT_32, VSHARP_NFMT_SNORM), &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "32_SNORM") && strstr(err.msg, "gfx9") &&
		  strstr(err.msg, "UINT, SINT, FLOAT"), "%s", err.msg);
}

KTAP_MAIN(KTAP_CASE(test_parse_names), KTAP_CASE(test_parse_rejects),
	  KTAP_CASE(test_layouts), KTAP_CASE(test_unified_codes),
	  KTAP_CASE(test_legal_formats), KTAP_CASE(test_check_messages))
