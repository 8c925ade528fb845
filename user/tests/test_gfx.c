// SPDX-License-Identifier: MIT
/* Level names and LLVM processor names (LLVM AMDGPUUsage "Processors"). */
#include "ktap.h"
#include "vsharp/gfx.h"

static void test_level_names(struct ktap *t)
{
	static const char *const names[] = {
		"gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx12",
	};

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		enum vsharp_gfx got;

		CHECK_STR(t, vsharp_gfx_name(l), names[l]);
		CHECK(t, vsharp_gfx_parse(names[l], &got, NULL) == 0 && got == (enum vsharp_gfx)l);
	}
}

static void test_llvm_targets(struct ktap *t)
{
	static const struct {
		const char *name;
		enum vsharp_gfx level;
	} cases[] = {
		{ "gfx600", VSHARP_GFX6 },    { "gfx601", VSHARP_GFX6 },
		{ "gfx700", VSHARP_GFX7 },    { "gfx705", VSHARP_GFX7 },
		{ "gfx801", VSHARP_GFX8 },    { "gfx803", VSHARP_GFX8 },
		{ "gfx810", VSHARP_GFX8 },    { "gfx900", VSHARP_GFX9 },
		{ "gfx906", VSHARP_GFX9 },    { "gfx90a", VSHARP_GFX9 },
		{ "gfx942", VSHARP_GFX9 },    { "gfx1010", VSHARP_GFX10 },
		{ "gfx1013", VSHARP_GFX10 },  { "gfx10.1", VSHARP_GFX10 },
		{ "gfx1030", VSHARP_GFX10_3 }, { "gfx1036", VSHARP_GFX10_3 },
		{ "gfx1100", VSHARP_GFX11 },  { "gfx1103", VSHARP_GFX11 },
		{ "gfx1150", VSHARP_GFX11 },  { "gfx1151", VSHARP_GFX11 },
		{ "gfx1200", VSHARP_GFX12 },  { "gfx1201", VSHARP_GFX12 },
		{ "gfx11-generic", VSHARP_GFX11 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum vsharp_gfx got = VSHARP_GFX_COUNT;

		CHECK_MSG(t, vsharp_gfx_parse(cases[i].name, &got, NULL) == 0 &&
			  got == cases[i].level, "%s -> %d", cases[i].name, got);
	}
}

static void test_probe_targets(struct ktap *t)
{
	/* The processors scripts/shaders assembles the probe shaders for. */
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX6), "gfx601");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX7), "gfx700");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX8), "gfx803");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX9), "gfx900");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX10), "gfx1010");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX10_3), "gfx1030");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX11), "gfx1100");
	CHECK_STR(t, vsharp_gfx_llvm_target(VSHARP_GFX12), "gfx1200");
}

/* D16 layout per processor: LLVM AMDGPU.td FeatureUnpackedD16VMem (gfx.h). */
static void test_d16_layout(struct ktap *t)
{
	static const struct {
		const char *name, *target;
		bool unpacked;
	} cases[] = {
		{ "gfx801", "gfx801", true },	{ "gfx802", "gfx802", true },
		{ "gfx803", "gfx803", true },	{ "gfx805", "gfx805", true },
		{ "gfx8", "gfx803", true },	{ "gfx810", "gfx810", false },
		{ "gfx900", "gfx900", false },	{ "gfx9", "gfx900", false },
		{ "gfx1030", "gfx1030", false }, { "gfx1200", "gfx1200", false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct vsharp_target *tg = vsharp_target_find(cases[i].name);

		if (!CHECK_MSG(t, tg != NULL, "%s", cases[i].name))
			continue;
		CHECK_STR(t, tg->name, cases[i].target);
		CHECK_MSG(t, tg->d16_unpacked == cases[i].unpacked, "%s", cases[i].name);
	}
	CHECK(t, vsharp_target_find("gfx813") == NULL);
	CHECK(t, vsharp_target_of(VSHARP_GFX8) == vsharp_target_find("gfx803"));
	CHECK_EQ(t, vsharp_target_find("gfx810")->level, VSHARP_GFX8);
}

/*
 * Which processors have each quirk, exactly: LLVM 19's AMDGPU.td feature
 * lists (FeatureSGPRInitBug in FeatureISAVersion8_0_2 and 8_0_5; the gfx101x
 * bugs in FeatureISAVersion10_1_Common), Mesa ACO's xnack_enabled families
 * (Carrizo, Stoney, Raven, Raven2, Renoir), and the sramecc+ target ID.
 */
static void test_quirks(struct ktap *t)
{
	static const struct {
		uint32_t quirk;
		const char *has[8];
	} quirks[] = {
		{ VSHARP_QUIRK_SGPR_INIT_BUG, { "gfx802", "gfx805" } },
		{ VSHARP_QUIRK_XNACK, { "gfx801", "gfx810", "gfx902", "gfx909", "gfx90c" } },
		{ VSHARP_QUIRK_SRAMECC, { "gfx906:sramecc+" } },
		{ VSHARP_QUIRK_LDS_MISALIGNED_BUG,
		  { "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx10-1-generic" } },
		{ VSHARP_QUIRK_VMEM_TO_SCALAR_WRITE,
		  { "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx10-1-generic" } },
		{ VSHARP_QUIRK_SMEM_TO_VECTOR_WRITE,
		  { "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx10-1-generic" } },
		{ VSHARP_QUIRK_LDS_BRANCH_VMEM_WAR,
		  { "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx10-1-generic" } },
		{ VSHARP_QUIRK_OFFSET_3F_BUG,
		  { "gfx1010", "gfx1011", "gfx1012", "gfx1013", "gfx10-1-generic" } },
	};

	for (size_t q = 0; q < sizeof(quirks) / sizeof(quirks[0]); q++)
		for (size_t i = 0; i < vsharp_target_count; i++) {
			const struct vsharp_target *tg = &vsharp_targets[i];
			bool want = false;

			for (size_t k = 0; k < 8 && quirks[q].has[k]; k++)
				want |= !strcmp(quirks[q].has[k], tg->name);
			CHECK_MSG(t, !!(tg->quirks & quirks[q].quirk) == want, "%s: quirk 0x%x %s",
				  tg->name, quirks[q].quirk, want ? "missing" : "not expected");
		}
}

static void test_unknown_names(struct ktap *t)
{
	static const char *const bad[] = {
		"", "gfx", "gfx5", "gfx13", "gfx1300", "GFX9", "gfx9 ", "gfx10.2", "9",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct vsharp_error err = { "" };
		enum vsharp_gfx got;

		CHECK_MSG(t, vsharp_gfx_parse(bad[i], &got, &err) < 0, "'%s' accepted", bad[i]);
		CHECK_MSG(t, strstr(err.msg, "gfx:") && strstr(err.msg, "allowed"),
			  "message: %s", err.msg);
	}
}

KTAP_MAIN(KTAP_CASE(test_level_names), KTAP_CASE(test_llvm_targets),
	  KTAP_CASE(test_probe_targets), KTAP_CASE(test_d16_layout), KTAP_CASE(test_quirks),
	  KTAP_CASE(test_unknown_names))
