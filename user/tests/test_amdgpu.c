// SPDX-License-Identifier: MIT
/*
 * The real-GPU backend without a GPU: level detection from the numbers the
 * kernel reports (family ids from amdgpu_drm.h, chip revision ranges and GC
 * versions from Mesa and IGT amdgpu_asic_addr.h), fence handles, hang reports,
 * and how opening fails on a machine or folder with no amdgpu node.  On a
 * machine with one, test_open_this_machine opens it for real instead.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <amdgpu_drm.h>

#include "ktap.h"
#include "vsharp/amdgpu.h"
#include "vsharp/device.h"
#include "vsharp/pm4.h"
#include "vsharp/stubs.h"

#define IPV VSHARP_AMDGPU_IP_VERSION

struct map_case {
	uint32_t family, rev, hw_major, ip;
	enum vsharp_gfx level;
};

static int map(uint32_t family, uint32_t rev, uint32_t hw_major, uint32_t ip,
	       struct vsharp_amdgpu_level *lv, struct vsharp_error *err)
{
	struct vsharp_amdgpu_id id = { family, rev, hw_major, 0, ip, 0 };

	return vsharp_amdgpu_map_level(&id, lv, err);
}

static void test_family_levels(struct ktap *t)
{
	/*
	 * Family ids: amdgpu_drm.h AMDGPU_FAMILY_*; revisions: Mesa ranges, and
	 * before GFX9 the external_rev_id Linux si.c, cik.c and vi.c
	 * *_common_early_init give each chip; compute hw_ip majors: the
	 * gfx_vN_0 IP block (6, 7, 8).
	 */
	static const struct map_case cases[] = {
		{ 110, 0x01, 6, 0, VSHARP_GFX6 },	/* SI: Tahiti rev 0 */
		{ 110, 0x06, 6, 0, VSHARP_GFX6 },	/* Tahiti rev 2 */
		{ 110, 0x14, 6, 0, VSHARP_GFX6 },	/* Pitcairn rev 0 (20) */
		{ 110, 0x28, 6, 0, VSHARP_GFX6 },	/* Verde rev 0 (40) */
		{ 110, 0x3c, 6, 0, VSHARP_GFX6 },	/* Oland (60) */
		{ 110, 0x46, 6, 0, VSHARP_GFX6 },	/* Hainan (70) */
		{ 120, 0x14, 7, 0, VSHARP_GFX7 },	/* CI: Bonaire rev 0 */
		{ 120, 0x28, 7, 0, VSHARP_GFX7 },	/* Hawaii */
		{ 125, 0x01, 7, 0, VSHARP_GFX7 },	/* KV: Kaveri */
		{ 125, 0x41, 7, 0, VSHARP_GFX7 },	/* Kaveri 1002:1312 */
		{ 125, 0x81, 7, 0, VSHARP_GFX7 },	/* Kabini rev 0 */
		{ 125, 0xa1, 7, 0, VSHARP_GFX7 },	/* Mullins rev 0 */
		{ 130, 0x01, 8, 0, VSHARP_GFX8 },	/* VI: Topaz */
		{ 130, 0x14, 8, 0, VSHARP_GFX8 },	/* Tonga rev 0 */
		{ 130, 0x3c, 8, 0, VSHARP_GFX8 },	/* Fiji rev 0 */
		{ 130, 0x50, 8, 0, VSHARP_GFX8 },	/* Polaris10 rev 0 */
		{ 130, 0x5a, 8, 0, VSHARP_GFX8 },	/* Polaris11 rev 0 */
		{ 130, 0x64, 8, 0, VSHARP_GFX8 },	/* Polaris12 rev 0 */
		{ 130, 0x6e, 8, 0, VSHARP_GFX8 },	/* VegaM rev 0 */
		{ 135, 0x01, 8, 0, VSHARP_GFX8 },	/* CZ: Carrizo rev 0 */
		{ 135, 0x61, 8, 0, VSHARP_GFX8 },	/* Stoney rev 0 */
		{ 141, 0x01, 9, 0, VSHARP_GFX9 },	/* AI: Vega10 */
		{ 141, 0x28, 9, 0, VSHARP_GFX9 },	/* Vega20 */
		{ 141, 0x31, 9, 0, VSHARP_GFX9 },	/* Vega20, last rev before MI100 */
		{ 142, 0x91, 9, 0, VSHARP_GFX9 },	/* RV: Renoir */
		{ 143, 0x01, 10, 0, VSHARP_GFX10 },	/* NV: Navi10, first rev */
		{ 143, 0x0a, 10, 0, VSHARP_GFX10 },	/* Navi12 */
		{ 143, 0x27, 10, 0, VSHARP_GFX10 },	/* Navi14, last rev */
		{ 143, 0x28, 10, 0, VSHARP_GFX10_3 },	/* Sienna Cichlid, first rev */
		{ 143, 0x32, 10, 0, VSHARP_GFX10_3 },	/* Navy Flounder */
		{ 143, 0x4f, 10, 0, VSHARP_GFX10_3 },	/* Beige Goby, last rev */
		{ 144, 0x01, 10, 0, VSHARP_GFX10_3 },	/* VGH */
		{ 145, 0x01, 11, 0, VSHARP_GFX11 },	/* GC_11_0_0 */
		{ 146, 0x01, 10, 0, VSHARP_GFX10_3 },	/* YC */
		{ 148, 0x01, 11, 0, VSHARP_GFX11 },	/* GC_11_0_1 */
		{ 149, 0x01, 10, 0, VSHARP_GFX10_3 },	/* GC_10_3_6 */
		{ 150, 0x01, 11, 0, VSHARP_GFX11 },	/* GC_11_5_0 */
		{ 151, 0x01, 10, 0, VSHARP_GFX10_3 },	/* GC_10_3_7 */
		{ 152, 0x01, 12, 0, VSHARP_GFX12 },	/* GC_12_0_0 */
		{ 145, 0x01, 0, 0, VSHARP_GFX11 },	/* no compute version known */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct map_case *c = &cases[i];
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		struct vsharp_error err = { "" };
		int ret = map(c->family, c->rev, c->hw_major, c->ip, &lv, &err);

		CHECK_MSG(t, ret == 0 && lv.level == c->level,
			  "family %u rev 0x%02x -> %d %s (%s), want %s", c->family, c->rev, ret,
			  vsharp_gfx_name(lv.level), err.msg, vsharp_gfx_name(c->level));
		CHECK_STR(t, lv.source, "family and chip revision");
	}
}

static void test_ip_discovery_levels(struct ktap *t)
{
	static const struct map_case cases[] = {
		{ 141, 0x01, 9, IPV(9, 0, 1), VSHARP_GFX9 },
		{ 141, 0x28, 9, IPV(9, 4, 0), VSHARP_GFX9 },	/* Vega20, gfx906 */
		{ 142, 0x91, 9, IPV(9, 3, 0), VSHARP_GFX9 },	/* Renoir */
		{ 143, 0x01, 10, IPV(10, 1, 10), VSHARP_GFX10 },
		{ 143, 0x28, 10, IPV(10, 3, 0), VSHARP_GFX10_3 },
		/* A family 143 rev the ranges do not know (Cyan Skillfish). */
		{ 143, 0x82, 10, IPV(10, 1, 3), VSHARP_GFX10 },
		{ 149, 0x01, 10, IPV(10, 3, 6), VSHARP_GFX10_3 },
		{ 145, 0x01, 11, IPV(11, 0, 0), VSHARP_GFX11 },
		{ 150, 0x01, 11, IPV(11, 5, 1), VSHARP_GFX11 },
		{ 152, 0x01, 12, IPV(12, 0, 1), VSHARP_GFX12 },
		/* A family newer than our table: the GC version still decides. */
		{ 160, 0x01, 12, IPV(12, 0, 2), VSHARP_GFX12 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct map_case *c = &cases[i];
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		struct vsharp_error err = { "" };
		int ret = map(c->family, c->rev, c->hw_major, c->ip, &lv, &err);

		CHECK_MSG(t, ret == 0 && lv.level == c->level,
			  "GC 0x%06x -> %d %s (%s), want %s", c->ip, ret, vsharp_gfx_name(lv.level),
			  err.msg, vsharp_gfx_name(c->level));
		CHECK_STR(t, lv.source, "GC IP version");
	}
}

static void expect_refused(struct ktap *t, uint32_t family, uint32_t rev, uint32_t hw_major,
			   uint32_t ip, const char *const *words)
{
	struct vsharp_amdgpu_level lv;
	struct vsharp_error err = { "" };
	int ret = map(family, rev, hw_major, ip, &lv, &err);

	CHECK_MSG(t, ret == -ENODEV, "family %u rev 0x%02x GC 0x%06x -> %d, want -ENODEV", family,
		  rev, ip, ret);
	for (; *words; words++)
		CHECK_MSG(t, strstr(err.msg, *words), "\"%s\" lacks \"%s\"", err.msg, *words);
}

static void test_refused(struct ktap *t)
{
	/* Pre-GFX9 families whose other facts say another level. */
	expect_refused(t, 130, 0x50, 9, 0,
		       (const char *const[]){ "family 130", "rev 0x50", "maps to gfx8",
					      "compute block reports version 9.0", NULL });
	expect_refused(t, 110, 0x14, 7, 0, (const char *const[]){ "maps to gfx6", "version 7.0", NULL });
	expect_refused(t, 135, 0x61, 8, IPV(9, 0, 1),
		       (const char *const[]){ "gfx8 by family but GC IP 9.0.1 is gfx9",
					      "refusing to guess", NULL });
	/* Unknown family, no GC version. */
	expect_refused(t, 0, 0x00, 0, 0,
		       (const char *const[]){ "family 0", "unknown family", NULL });
	expect_refused(t, 153, 0x01, 12, 0,
		       (const char *const[]){ "family 153", "rev 0x01", "no GC IP version", NULL });
	/* Family 143 revision outside both RDNA ranges, no GC version. */
	expect_refused(t, 143, 0x82, 10, 0,
		       (const char *const[]){ "family 143", "rev 0x82", "outside the known ranges", NULL });
	expect_refused(t, 143, 0x00, 10, 0, (const char *const[]){ "rev 0x00", NULL });
	/* GC versions outside GFX9..GFX12. */
	expect_refused(t, 200, 0x01, 8, IPV(8, 0, 3),
		       (const char *const[]){ "family 200", "GC IP 8.0.3", NULL });
	expect_refused(t, 143, 0x01, 10, IPV(10, 2, 0), (const char *const[]){ "GC IP 10.2.0", NULL });
	expect_refused(t, 160, 0x01, 13, IPV(13, 0, 0), (const char *const[]){ "GC IP 13.0.0", NULL });
	/* Facts that contradict each other. */
	expect_refused(t, 143, 0x01, 10, IPV(10, 3, 0),
		       (const char *const[]){ "gfx10 by family", "GC IP 10.3.0 is gfx10.3",
					      "refusing to guess", NULL });
	expect_refused(t, 145, 0x01, 10, 0,
		       (const char *const[]){ "gfx11", "compute block reports version 10.0",
					      "refusing to guess", NULL });
	/*
	 * CDNA by family AI revision (Mesa ac_gpu_info.c AMDGPU_MI100_RANGE
	 * 0x32..0x3c, AMDGPU_MI200_RANGE 0x3c..0x46, AMDGPU_GFX940_RANGE
	 * 0x46..) and by GC version (Linux amdgpu_discovery.c: Arcturus 9.4.1,
	 * Aldebaran 9.4.2, GC 9.4.3 and 9.4.4), named and refused.
	 */
	expect_refused(t, 141, 0x32, 9, 0,
		       (const char *const[]){ "family 141", "rev 0x32", "(gfx908)", "not supported",
					      "CDNA", NULL });
	expect_refused(t, 141, 0x3c, 9, 0, (const char *const[]){ "(gfx90a)", "CDNA", NULL });
	expect_refused(t, 141, 0x46, 9, 0, (const char *const[]){ "(gfx94x)", "CDNA", NULL });
	expect_refused(t, 141, 0x32, 9, IPV(9, 4, 1),
		       (const char *const[]){ "GC IP 9.4.1", "(gfx908)", "not supported", "CDNA", NULL });
	expect_refused(t, 141, 0x3c, 9, IPV(9, 4, 2),
		       (const char *const[]){ "GC IP 9.4.2", "(gfx90a)", "CDNA", NULL });
	expect_refused(t, 141, 0x46, 9, IPV(9, 4, 3),
		       (const char *const[]){ "GC IP 9.4.3", "(gfx942)", "CDNA", NULL });
	expect_refused(t, 141, 0x50, 9, IPV(9, 4, 4), (const char *const[]){ "GC IP 9.4.4", "CDNA", NULL });
	expect_refused(t, 141, 0x50, 9, IPV(9, 5, 0),
		       (const char *const[]){ "GC IP 9.5.0", "(gfx950)", "CDNA", NULL });
	/* A CDNA revision whose GC version claims gfx906 is refused all the same. */
	expect_refused(t, 141, 0x32, 9, IPV(9, 4, 0), (const char *const[]){ "CDNA", NULL });
	/* GC 12.5 (LLVM gfx1250): refused with its name; other 12.x unknown. */
	expect_refused(t, 152, 0x01, 12, IPV(12, 5, 0),
		       (const char *const[]){ "GC IP 12.5.0", "(gfx1250)", "not supported", "GC 12.5",
					      NULL });
	expect_refused(t, 152, 0x01, 12, IPV(12, 1, 0),
		       (const char *const[]){ "GC IP 12.1.0", "not a level", NULL });
	/* Family AI rev 0 is in no range Mesa knows. */
	expect_refused(t, 141, 0x00, 9, 0, (const char *const[]){ "outside the known ranges", NULL });
}

/* Every chip name the tables give must be an LLVM processor of the same level. */
static void test_targets(struct ktap *t)
{
	static const struct {
		uint32_t family, rev, ip;
		const char *target;
	} cases[] = {
		{ 141, 0x01, 0, "gfx900" },  { 141, 0x28, 0, "gfx906" },
		{ 142, 0x91, 0, "gfx90c" },  { 143, 0x01, 0, "gfx1010" },
		{ 143, 0x14, 0, "gfx1012" }, { 143, 0x28, 0, "gfx1030" },
		{ 143, 0x3c, 0, "gfx1032" }, { 144, 0x01, 0, "gfx1033" },
		{ 145, 0x01, 0, "gfx1100" }, { 145, 0x10, 0, "gfx1102" },
		{ 145, 0x20, 0, "gfx1101" }, { 148, 0x01, 0, "gfx1103" },
		/* LLVM AMDGPUUsage processors of the pre-GFX9 chips. */
		{ 110, 0x01, 0, "gfx600" },  { 110, 0x06, 0, "gfx600" },
		{ 110, 0x14, 0, "gfx601" },  { 110, 0x29, 0, "gfx601" },
		{ 110, 0x3c, 0, "gfx602" },  { 110, 0x46, 0, "gfx602" },
		{ 120, 0x14, 0, "gfx704" },  { 120, 0x28, 0, "gfx701" },
		{ 125, 0x01, 0, "gfx700" },  { 125, 0x41, 0, "gfx700" },
		{ 125, 0x85, 0, "gfx703" },  { 125, 0xa1, 0, "gfx703" },
		{ 130, 0x01, 0, "gfx802" },  { 130, 0x14, 0, "gfx802" },
		{ 130, 0x3c, 0, "gfx803" },  { 130, 0x50, 0, "gfx803" },
		{ 130, 0x64, 0, "gfx803" },  { 130, 0x6e, 0, "gfx803" },
		{ 135, 0x01, 0, "gfx801" },  { 135, 0x61, 0, "gfx810" },
		{ 143, 0x01, IPV(10, 1, 10), "gfx1010" },
		{ 143, 0x14, IPV(10, 1, 1), "gfx1012" },
		{ 145, 0x20, IPV(11, 0, 3), "gfx1101" },
		{ 150, 0x01, IPV(11, 5, 0), "gfx1150" },
		{ 152, 0x01, IPV(12, 0, 1), "gfx1201" },
		/* Chips the tables do not name: the level names them. */
		{ 152, 0x01, 0, NULL },      { 141, 0x00, IPV(9, 4, 0), "gfx906" },
		{ 130, 0x30, 0, NULL },      { 135, 0x30, 0, NULL },
		{ 160, 0x01, IPV(12, 0, 9), NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		enum vsharp_gfx parsed = VSHARP_GFX_COUNT;

		if (!CHECK(t, map(cases[i].family, cases[i].rev, 0, cases[i].ip, &lv, NULL) == 0))
			continue;
		if (!cases[i].target) {
			CHECK_MSG(t, !lv.target, "family %u: unexpected %s", cases[i].family, lv.target);
			continue;
		}
		CHECK_STR(t, lv.target, cases[i].target);
		CHECK_MSG(t, lv.target && vsharp_gfx_parse(lv.target, &parsed, NULL) == 0 &&
			  parsed == lv.level, "%s is %s, mapped to %s", cases[i].target,
			  vsharp_gfx_name(parsed), vsharp_gfx_name(lv.level));
	}
}

/*
 * The CZ family holds Carrizo (external rev 0x01 + rev, gfx801) and Stoney
 * (0x61 + rev, gfx810) (Linux vi.c vi_common_early_init, Mesa
 * amdgpu_asic_addr.h); the device keeps the processor, and with it the D16
 * layout: gfx801 unpacked, gfx810 packed (LLVM AMDGPU.td
 * FeatureUnpackedD16VMem).  Polaris10 and Kaveri give their own processors.
 */
static void test_cz_processor(struct ktap *t)
{
	static const struct {
		uint32_t family, rev, hw_major;
		const char *name;
		bool unpacked;
	} parts[] = {
		{ 135, 0x01, 8, "gfx801", true },	/* Carrizo */
		{ 135, 0x61, 8, "gfx810", false },	/* Stoney */
		{ 130, 0x50, 8, "gfx803", true },	/* Polaris10 */
		{ 141, 0x01, 9, "gfx900", false },	/* Vega10 */
	};

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		struct vsharp_amdgpu_id id = { parts[i].family, parts[i].rev, parts[i].hw_major, 0, 0, 0 };
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		const struct vsharp_target *tg;

		if (parts[i].hw_major == 9)
			id.ip_discovery_version = IPV(9, 0, 1);
		if (!CHECK(t, vsharp_amdgpu_map_level(&id, &lv, NULL) == 0))
			continue;
		tg = vsharp_amdgpu_target(&lv);
		if (!CHECK_MSG(t, tg != NULL, "%s", parts[i].name))
			continue;
		CHECK_STR(t, tg->name, parts[i].name);
		CHECK_MSG(t, tg->d16_unpacked == parts[i].unpacked, "%s", parts[i].name);
	}
}

/*
 * The processor of each chip the acceptance list names, from what Linux
 * reports for it (the shim's profiles, user/shim/shim_profiles.c): family
 * and external rev (si.c, cik.c, vi.c, soc15.c, nv.c, soc21.c, soc24.c
 * *_common_early_init), the GC IP version (the KFD table), and the answer
 * to AMDGPU_INFO_RAS_ENABLED_FEATURES (amdgpu_kms.c: ras_enabled << 32 |
 * features; 0 here when it failed with -EINVAL).  SRAM ECC is the GFX bit
 * of the upper half, as KFD's HSA_CAP_SRAM_EDCSUPPORTED (kfd_topology.c);
 * the lower half is not: the Radeon VII answers 0x4 with ECC off.
 */
static void test_processor_per_chip(struct ktap *t)
{
	static const struct {
		const char *chip;
		uint32_t family, rev, hw_major, hw_minor, ip;
		uint64_t ras;
		const char *name;
		uint32_t quirks;
	} parts[] = {
		{ "Tahiti 6798", 110, 0x01, 6, 0, 0, 0, "gfx600", 0 },
		{ "Pitcairn 6818", 110, 0x14, 6, 0, 0, 0, "gfx601", 0 },
		{ "Kaveri 130F", 125, 0x01, 7, 1, 0, 0, "gfx700", 0 },
		{ "Kaveri 1312", 125, 0x41, 7, 1, 0, 0, "gfx700", 0 },
		{ "Hawaii 67B0", 120, 0x28, 7, 3, 0, 0, "gfx701", 0 },
		{ "Carrizo 9874", 135, 0x01, 8, 0, 0, 0, "gfx801", VSHARP_QUIRK_XNACK },
		{ "Tonga 6939", 130, 0x14, 8, 0, 0, 0, "gfx802", VSHARP_QUIRK_SGPR_INIT_BUG },
		{ "Polaris10 67DF", 130, 0x50, 8, 0, 0, 0, "gfx803", 0 },
		{ "Stoney 98E4", 135, 0x61, 8, 1, 0, 0, "gfx810", VSHARP_QUIRK_XNACK },
		{ "Vega10 687F", 141, 0x01, 9, 0, IPV(9, 0, 1), 0, "gfx900", 0 },
		{ "Raven 15DD", 142, 0x01, 9, 0, IPV(9, 1, 0), 0, "gfx902", VSHARP_QUIRK_XNACK },
		{ "Raven 15DD rev_id 1", 142, 0x21, 9, 0, IPV(9, 1, 0), 0, "gfx902", VSHARP_QUIRK_XNACK },
		{ "Vega20, no RAS context", 141, 0x28, 9, 0, IPV(9, 4, 0), 0, "gfx906", 0 },
		{ "Radeon VII 66AF", 141, 0x28, 9, 0, IPV(9, 4, 0), 0x4, "gfx906", 0 },
		{ "MI50 66A1", 141, 0x28, 9, 0, IPV(9, 4, 0), 0x7fff0000006full, "gfx906:sramecc+",
		  VSHARP_QUIRK_SRAMECC },
		/* amdgpu.ras_mask=0x4: only GFX enabled, and that is SRAM ECC. */
		{ "MI50, ras_mask 0x4", 141, 0x28, 9, 0, IPV(9, 4, 0), 0x0000000400000004ull,
		  "gfx906:sramecc+", VSHARP_QUIRK_SRAMECC },
		/* amdgpu.ras_mask without GFX: HBM ECC alone is no SRAM ECC. */
		{ "MI50, ras_mask ~0x4", 141, 0x28, 9, 0, IPV(9, 4, 0), 0x7ffb0000006bull, "gfx906", 0 },
		/* amdgpu.ras_enable=0: nothing enabled, the context freed. */
		{ "MI50, ras_enable 0", 141, 0x28, 9, 0, IPV(9, 4, 0), 0, "gfx906", 0 },
		/* A kernel without the GC version names Vega 20 by its revision. */
		{ "MI50, no GC version", 141, 0x28, 9, 0, 0, 0x7fff0000006full, "gfx906:sramecc+",
		  VSHARP_QUIRK_SRAMECC },
		/* Only gfx906 has a sramecc+ processor: Vega 10 stays gfx900. */
		{ "Vega10, GFX RAS", 141, 0x01, 9, 0, IPV(9, 0, 1), 0x400000000ull, "gfx900", 0 },
		{ "Navi10 731F", 143, 0x01, 10, 0, IPV(10, 1, 10), 0, "gfx1010",
		  VSHARP_QUIRK_LDS_MISALIGNED_BUG },
		{ "Navi21 73BF", 143, 0x28, 10, 0, IPV(10, 3, 0), 0, "gfx1030", 0 },
		{ "Navi31 744C", 145, 0x01, 11, 0, IPV(11, 0, 0), 0, "gfx1100", 0 },
		{ "Navi44 7590", 152, 0x40, 12, 0, IPV(12, 0, 0), 0, "gfx1200", 0 },
	};

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		struct vsharp_amdgpu_id id = { parts[i].family, parts[i].rev, parts[i].hw_major,
					       parts[i].hw_minor, parts[i].ip, parts[i].ras };
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		const struct vsharp_target *tg;
		char buf[128], want[128];

		if (!CHECK_MSG(t, vsharp_amdgpu_map_level(&id, &lv, NULL) == 0, "%s", parts[i].chip))
			continue;
		tg = vsharp_amdgpu_target(&lv);
		if (!CHECK_MSG(t, tg != NULL, "%s: no processor", parts[i].chip))
			continue;
		CHECK_MSG(t, !strcmp(tg->name, parts[i].name), "%s: %s, want %s", parts[i].chip,
			  tg->name, parts[i].name);
		CHECK_MSG(t, (tg->quirks & parts[i].quirks) == parts[i].quirks &&
			  !(tg->quirks & VSHARP_QUIRK_SRAMECC) == !(parts[i].quirks & VSHARP_QUIRK_SRAMECC),
			  "%s: quirks 0x%x, want 0x%x", parts[i].chip, tg->quirks, parts[i].quirks);
		CHECK_MSG(t, vsharp_amdgpu_runnable(&id, &lv, NULL) == 0, "%s: not runnable", parts[i].chip);
		vsharp_amdgpu_describe(&id, &lv, "/dev/dri/renderD128", buf, sizeof(buf));
		snprintf(want, sizeof(want), "amdgpu %s (", parts[i].name);
		CHECK_MSG(t, !strncmp(buf, want, strlen(want)), "%s: \"%s\"", parts[i].chip, buf);
	}
}

/*
 * A level vsharp has no probe shaders or command buffers for is refused
 * with that reason; every level from GFX9 has both.
 */
static void test_runnable(struct ktap *t)
{
	static const struct {
		uint32_t family, rev, hw_major, ip;
		const char *name;
	} parts[] = {
		{ 110, 0x14, 6, 0, "gfx601" },	/* Pitcairn */
		{ 120, 0x28, 7, 0, "gfx701" },	/* Hawaii */
		{ 125, 0x01, 7, 0, "gfx700" },	/* Kaveri */
		{ 130, 0x50, 8, 0, "gfx803" },	/* Polaris10 */
		{ 135, 0x61, 8, 0, "gfx810" },	/* Stoney */
		{ 141, 0x01, 9, IPV(9, 0, 1), "gfx900" },
		{ 143, 0x01, 10, IPV(10, 1, 10), "gfx1010" },
		{ 143, 0x28, 10, IPV(10, 3, 0), "gfx1030" },
		{ 145, 0x01, 11, IPV(11, 0, 0), "gfx1100" },
		{ 152, 0x40, 12, IPV(12, 0, 0), "gfx1200" },
	};

	unsigned shown = 0;

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		struct vsharp_amdgpu_id id = { parts[i].family, parts[i].rev, parts[i].hw_major, 0,
					       parts[i].ip, 0 };
		struct vsharp_amdgpu_level lv = { VSHARP_GFX_COUNT, NULL, NULL };
		struct vsharp_error err = { "" };
		bool has = false;
		int ret;

		if (!CHECK(t, vsharp_amdgpu_map_level(&id, &lv, NULL) == 0))
			continue;
		has = vsharp_stubs_level(lv.level) && vsharp_pm4_level(lv.level);
		ret = vsharp_amdgpu_runnable(&id, &lv, &err);
		CHECK_MSG(t, ret == (has ? 0 : -ENODEV), "%s: %d (%s)", parts[i].name, ret, err.msg);
		if (lv.level >= VSHARP_GFX9)
			CHECK_MSG(t, has && ret == 0, "%s: %s", parts[i].name, err.msg);
		if (ret)
			CHECK_MSG(t, strstr(err.msg, parts[i].name) &&
				  strstr(err.msg, vsharp_gfx_name(lv.level)) &&
				  strstr(err.msg, "vsharp has no") && strstr(err.msg, "yet"),
				  "%s: %s", parts[i].name, err.msg);
		if (ret && !shown++)
			printf("# e.g. %s\n", err.msg);
	}
}

/*
 * The radeon hint, by PCI device ids of Linux amdgpu_drv.c pciidlist
 * (and a Cayman id that only radeon's drm_pciids.h lists).
 */
static void test_radeon_hint(struct ktap *t)
{
	static const struct {
		int id;
		const char *words[3];
	} cases[] = {
		{ 0x6798, { "1002:6798, Tahiti, SI, GFX6", "radeon.si_support=0 amdgpu.si_support=1" } },
		{ 0x6818, { "Pitcairn", "amdgpu.si_support=1" } },
		{ 0x683f, { "Verde", "amdgpu.si_support=1" } },
		{ 0x6611, { "Oland", "amdgpu.si_support=1" } },
		{ 0x6660, { "Hainan", "amdgpu.si_support=1" } },
		{ 0x67b0, { "1002:67b0, Hawaii, CIK, GFX7", "radeon.cik_support=0 amdgpu.cik_support=1" } },
		{ 0x6658, { "Bonaire", "amdgpu.cik_support=1" } },
		{ 0x1304, { "Kaveri", "amdgpu.cik_support=1" } },
		{ 0x9830, { "Kabini", "amdgpu.cik_support=1" } },
		{ 0x9850, { "Mullins", "amdgpu.cik_support=1" } },
		{ 0x6718, { "PCI device 0x6718", "amdgpu cannot drive it" } },
		{ -1, { "radeon.si_support=0 amdgpu.si_support=1",
			"radeon.cik_support=0 amdgpu.cik_support=1" } },
	};
	char buf[320], tiny[8];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		vsharp_amdgpu_radeon_hint(cases[i].id, buf, sizeof(buf));
		CHECK_MSG(t, !strncmp(buf, "the radeon driver owns the card", 31), "%s", buf);
		for (const char *const *w = cases[i].words; *w; w++)
			CHECK_MSG(t, strstr(buf, *w), "0x%04x: \"%s\" lacks \"%s\"", cases[i].id, buf, *w);
	}
	vsharp_amdgpu_radeon_hint(0x6798, tiny, sizeof(tiny));
	CHECK_STR(t, tiny, "the rad");
}

static void test_describe(struct ktap *t)
{
	struct vsharp_amdgpu_id a = { 145, 0x01, 11, 0, IPV(11, 0, 0), 0 };
	struct vsharp_amdgpu_id b = { 143, 0x28, 10, 3, 0, 0 };
	struct vsharp_amdgpu_id c = { 152, 0x41, 12, 0, 0, 0 };
	struct vsharp_amdgpu_level lv;
	char buf[128], small[12];

	CHECK(t, vsharp_amdgpu_map_level(&a, &lv, NULL) == 0);
	vsharp_amdgpu_describe(&a, &lv, "/dev/dri/renderD128", buf, sizeof(buf));
	CHECK_STR(t, buf, "amdgpu gfx1100 (family 145, rev 0x01, GC 11.0.0) /dev/dri/renderD128");
	CHECK(t, vsharp_amdgpu_map_level(&b, &lv, NULL) == 0);
	vsharp_amdgpu_describe(&b, &lv, "/dev/dri/renderD129", buf, sizeof(buf));
	CHECK_STR(t, buf, "amdgpu gfx1030 (family 143, rev 0x28) /dev/dri/renderD129");
	CHECK(t, vsharp_amdgpu_map_level(&c, &lv, NULL) == 0);
	vsharp_amdgpu_describe(&c, &lv, "/dev/dri/renderD128", buf, sizeof(buf));
	CHECK_STR(t, buf, "amdgpu gfx12 (family 152, rev 0x41) /dev/dri/renderD128");
	vsharp_amdgpu_describe(&c, &lv, "/dev/dri/renderD128", small, sizeof(small));
	CHECK_STR(t, small, "amdgpu gfx1");
}

static void test_fences(struct ktap *t)
{
	struct vsharp_amdgpu_fences f;
	struct vsharp_error err = { "" };
	uint64_t h1, h2, seq = 0;

	vsharp_amdgpu_fences_init(&f);
	h1 = vsharp_amdgpu_fence_submitted(&f, 1);
	h2 = vsharp_amdgpu_fence_submitted(&f, 2);
	CHECK_EQ(t, h1, (UINT64_C(1) << 48) | 1);
	CHECK_EQ(t, h2, (UINT64_C(1) << 48) | 2);
	/* The kernel's sequence numbers only go forward. */
	CHECK_EQ(t, vsharp_amdgpu_fence_submitted(&f, 2), 0);
	CHECK_EQ(t, vsharp_amdgpu_fence_submitted(&f, 0), 0);
	CHECK_EQ(t, vsharp_amdgpu_fence_submitted(&f, UINT64_C(1) << 48), 0);

	CHECK(t, vsharp_amdgpu_fence_check(&f, h1, &seq, NULL) == 0 && seq == 1);
	vsharp_amdgpu_fence_signalled(&f, 1);
	CHECK(t, vsharp_amdgpu_fence_check(&f, h1, &seq, NULL) == 1);
	CHECK(t, vsharp_amdgpu_fence_check(&f, h2, &seq, NULL) == 0 && seq == 2);
	vsharp_amdgpu_fence_signalled(&f, 7);	/* never submitted: ignored */
	CHECK_EQ(t, f.signalled, 1);

	CHECK(t, vsharp_amdgpu_fence_check(&f, 0, &seq, &err) == -EINVAL);
	CHECK(t, strstr(err.msg, "not returned by this device"));
	CHECK(t, vsharp_amdgpu_fence_check(&f, (UINT64_C(2) << 48) | 1, &seq, NULL) == -EINVAL);
	CHECK(t, vsharp_amdgpu_fence_check(&f, (UINT64_C(1) << 48) | 3, &seq, &err) == -EINVAL);
	CHECK(t, strstr(err.msg, "was not submitted (last is 2)"));

	/* After a hang: a new context, and the old handles say so. */
	vsharp_amdgpu_fences_new_context(&f);
	CHECK_EQ(t, f.gen, 2);
	CHECK(t, vsharp_amdgpu_fence_check(&f, h2, &seq, &err) == -ECANCELED);
	CHECK(t, strstr(err.msg, "fence 1:2 belongs to a context replaced after a GPU hang"));
	CHECK_EQ(t, vsharp_amdgpu_fence_submitted(&f, 1), (UINT64_C(2) << 48) | 1);
}

static void test_reset_flags(struct ktap *t)
{
	char buf[64], tiny[8];

	vsharp_amdgpu_reset_flags_str(0, buf, sizeof(buf));
	CHECK_STR(t, buf, "none");
	vsharp_amdgpu_reset_flags_str(AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_GUILTY,
				      buf, sizeof(buf));
	CHECK_STR(t, buf, "RESET|GUILTY");
	vsharp_amdgpu_reset_flags_str(0x1f, buf, sizeof(buf));
	CHECK_STR(t, buf, "RESET|VRAMLOST|GUILTY|RAS_CE|RAS_UE");
	/* Linux uapi amdgpu_drm.h: AMDGPU_CTX_QUERY2_FLAGS_RESET_IN_PROGRESS (1<<5). */
	vsharp_amdgpu_reset_flags_str(1u << 5, buf, sizeof(buf));
	CHECK_STR(t, buf, "RESET_IN_PROGRESS");
	vsharp_amdgpu_reset_flags_str(1u << 10, buf, sizeof(buf));
	CHECK_STR(t, buf, "0x400");
	vsharp_amdgpu_reset_flags_str(AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST | 1u << 10, buf, sizeof(buf));
	CHECK_STR(t, buf, "VRAMLOST|0x400");
	vsharp_amdgpu_reset_flags_str(0x1f, tiny, sizeof(tiny));
	CHECK_STR(t, tiny, "RESET|V");

	CHECK(t, !vsharp_amdgpu_reset_taints(0));
	CHECK(t, !vsharp_amdgpu_reset_taints(AMDGPU_CTX_QUERY2_FLAGS_RAS_CE));
	CHECK(t, vsharp_amdgpu_reset_taints(AMDGPU_CTX_QUERY2_FLAGS_RESET));
	CHECK(t, vsharp_amdgpu_reset_taints(AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST));
	CHECK(t, vsharp_amdgpu_reset_taints(AMDGPU_CTX_QUERY2_FLAGS_GUILTY));
	CHECK(t, vsharp_amdgpu_reset_taints(AMDGPU_CTX_QUERY2_FLAGS_RAS_UE));
	CHECK(t, vsharp_amdgpu_reset_taints(1u << 5));
}

static void test_hang_report(struct ktap *t)
{
	static const char dev[] = "amdgpu gfx1100 (family 145, rev 0x01) /dev/dri/renderD128";
	uint64_t h = (UINT64_C(1) << 48) | 3;
	struct vsharp_error err = { "" };

	CHECK(t, vsharp_amdgpu_hang_report(&err, dev, h, 2000000000, 0, 0) == -ETIME);
	CHECK_MSG(t, strstr(err.msg, "GPU hang: amdgpu gfx1100") &&
		  strstr(err.msg, "compute queue (entity 0) fence 1:3 not signalled after 2000 ms") &&
		  strstr(err.msg, "reset state none (no reset yet") &&
		  strstr(err.msg, "the next submit uses a new context"), "%s", err.msg);
	printf("# e.g. %s\n", err.msg);

	CHECK(t, vsharp_amdgpu_hang_report(&err, dev, h, 1500, AMDGPU_CTX_QUERY2_FLAGS_RESET |
					   AMDGPU_CTX_QUERY2_FLAGS_GUILTY |
					   AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST, 0) == -ETIME);
	CHECK_MSG(t, strstr(err.msg, "after 1500 ns") &&
		  strstr(err.msg, "reset state RESET|VRAMLOST|GUILTY (the kernel reset the GPU and blames this job)") &&
		  strstr(err.msg, "VRAM contents were lost"), "%s", err.msg);

	CHECK(t, vsharp_amdgpu_hang_report(&err, dev, h, 1000000, 0, -EINVAL) == -ETIME);
	CHECK_MSG(t, strstr(err.msg, "reset state unknown (amdgpu_cs_query_reset_state2: Invalid argument)"),
		  "%s", err.msg);
	/* Linux 6.1's recovery: the hung job's fence completes with -ECANCELED. */
	CHECK(t, vsharp_amdgpu_hang_cancelled(&err, dev, h, AMDGPU_CTX_QUERY2_FLAGS_RESET |
					      AMDGPU_CTX_QUERY2_FLAGS_GUILTY, 0) == -ECANCELED);
	CHECK_MSG(t, strstr(err.msg, "GPU hang: amdgpu gfx1100") &&
		  strstr(err.msg, "fence 1:3 completed with -ECANCELED") &&
		  strstr(err.msg, "reset state RESET|GUILTY;") && !strstr(err.msg, "VRAM contents"),
		  "%s", err.msg);
	CHECK(t, vsharp_amdgpu_hang_cancelled(&err, dev, h, AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST, -EIO) ==
		 -ECANCELED);
	CHECK_MSG(t, strstr(err.msg, "reset state unknown (amdgpu_cs_query_reset_state2: Input/output error)") &&
		  !strstr(err.msg, "VRAM contents"), "%s", err.msg);
}

/*
 * -ECANCELED from amdgpu_cs_submit: the same IB may go again on a fresh
 * context only when no VRAM was lost and the context is not the guilty one.
 */
static void test_cancelled(struct ktap *t)
{
	static const char dev[] = "amdgpu gfx1030 (family 143, rev 0x28) /dev/dri/renderD128";
	struct vsharp_error err = { "" };

	/* Someone else's reset that lost nothing: resubmit. */
	CHECK_EQ(t, vsharp_amdgpu_cancelled(&err, dev, AMDGPU_CTX_QUERY2_FLAGS_RESET, 0), 0);
	CHECK_EQ(t, vsharp_amdgpu_cancelled(&err, dev, 0, 0), 0);
	CHECK_EQ(t, vsharp_amdgpu_cancelled(&err, dev, AMDGPU_CTX_QUERY2_FLAGS_RESET |
					    AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST, 0), -ECANCELED);
	CHECK_MSG(t, strstr(err.msg, dev) && strstr(err.msg, "lost VRAM") &&
		  strstr(err.msg, "reset state RESET|VRAMLOST") &&
		  strstr(err.msg, "not resubmitting") &&
		  strstr(err.msg, "the next batch rewrites every buffer"), "%s", err.msg);
	printf("# e.g. %s\n", err.msg);
	CHECK_EQ(t, vsharp_amdgpu_cancelled(&err, dev, AMDGPU_CTX_QUERY2_FLAGS_RESET |
					    AMDGPU_CTX_QUERY2_FLAGS_GUILTY, 0), -ECANCELED);
	CHECK_MSG(t, strstr(err.msg, "hung the GPU") && strstr(err.msg, "not resubmitting"),
		  "%s", err.msg);
	/* The state cannot be read: assume the worst. */
	CHECK_EQ(t, vsharp_amdgpu_cancelled(&err, dev, 0, -ENODEV), -ECANCELED);
	CHECK_MSG(t, strstr(err.msg, "reset state is unknown") && strstr(err.msg, "not resubmitting"),
		  "%s", err.msg);
}

static void test_bo_handles(struct ktap *t)
{
	int x[4];
	void *bos[] = { &x[0], &x[1], &x[0], &x[2] };
	void *out[5];

	CHECK_EQ(t, vsharp_amdgpu_bo_handles(bos, 4, &x[3], out), 4);
	CHECK(t, out[0] == &x[0] && out[1] == &x[1] && out[2] == &x[2] && out[3] == &x[3]);
	/* The IB passed among the buffers as well is listed once. */
	CHECK_EQ(t, vsharp_amdgpu_bo_handles(bos, 4, &x[1], out), 3);
	CHECK_EQ(t, vsharp_amdgpu_bo_handles(NULL, 0, &x[3], out), 1);
	CHECK(t, out[0] == &x[3]);
}

/*
 * The one test that touches the machine.  Without an amdgpu node it checks
 * the refusal; with one it opens it for real and checks only what the
 * kernel said, never a result.
 */
static void test_open_this_machine(struct ktap *t)
{
	struct vsharp_device *dev = NULL;
	struct vsharp_error err = { "" };
	int ret = vsharp_amdgpu_open(NULL, &dev, &err);

	if (ret == 0) {
		printf("# opened %s\n", dev->name);
		CHECK(t, dev->hardware);
		CHECK(t, vsharp_stubs_level(dev->level) && vsharp_pm4_level(dev->level));
		CHECK(t, !strncmp(dev->name, "amdgpu ", 7));
		vsharp_device_close(dev);
		return;
	}
	printf("# %s\n", err.msg);
	CHECK_MSG(t, ret == -ENODEV || ret == -EACCES, "ret %d", ret);
	CHECK(t, dev == NULL);
	CHECK_MSG(t, strstr(err.msg, "amdgpu render node"), "%s", err.msg);
}

static void test_open_missing_node(struct ktap *t)
{
	static const char node[] = "/nonexistent/vsharp/renderD200";
	struct vsharp_device *dev = NULL;
	struct vsharp_error err = { "" };

	CHECK(t, vsharp_amdgpu_open(node, &dev, &err) == -ENOENT);
	CHECK(t, dev == NULL);
	CHECK_MSG(t, strstr(err.msg, "cannot open /nonexistent/vsharp/renderD200: No such file"),
		  "%s", err.msg);
}

static void put_file(const char *dir, const char *name, mode_t mode)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	if (fd >= 0)
		close(fd);
	chmod(path, mode);
}

static void unlink_in(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	unlink(path);
}

/* The scanner on folders that stand in for /dev/dri. */
static void test_open_dir(struct ktap *t)
{
	char dir[] = "/tmp/vsharp-dri-XXXXXX", missing[64], link[96];
	struct vsharp_device *dev = NULL;
	struct vsharp_error err = { "" };
	const char *a, *b;

	if (!CHECK(t, mkdtemp(dir) != NULL))
		return;

	CHECK(t, vsharp_amdgpu_open_dir(dir, &dev, &err) == -ENODEV && !dev);
	CHECK_MSG(t, strstr(err.msg, "no amdgpu render node: ") && strstr(err.msg, dir) &&
		  strstr(err.msg, "has no renderD* (no GPU on this machine)"), "%s", err.msg);

	snprintf(missing, sizeof(missing), "%s/none", dir);
	CHECK(t, vsharp_amdgpu_open_dir(missing, &dev, &err) == -ENODEV);
	CHECK_MSG(t, strstr(err.msg, "/none does not exist"), "%s", err.msg);

	/* Names that are not render nodes are not looked at. */
	put_file(dir, "card0", 0600);
	put_file(dir, "renderDx", 0600);
	put_file(dir, "renderD", 0600);
	CHECK(t, vsharp_amdgpu_open_dir(dir, &dev, &err) == -ENODEV);
	CHECK_MSG(t, strstr(err.msg, "has no renderD*"), "%s", err.msg);

	/* Files that do not answer the DRM version ioctl, in minor order. */
	put_file(dir, "renderD129", 0600);
	snprintf(link, sizeof(link), "%s/renderD128", dir);
	CHECK(t, symlink("/dev/null", link) == 0);
	CHECK(t, vsharp_amdgpu_open_dir(dir, &dev, &err) == -ENODEV && !dev);
	a = strstr(err.msg, "renderD128 is not a DRM device");
	b = strstr(err.msg, "renderD129 is not a DRM device");
	CHECK_MSG(t, strstr(err.msg, "no usable amdgpu render node: ") && a && b && a < b,
		  "%s", err.msg);

	/* A node we may not open: an error to fix, not a machine to skip. */
	put_file(dir, "renderD130", 0);
	if (geteuid() != 0) {
		CHECK(t, vsharp_amdgpu_open_dir(dir, &dev, &err) == -EACCES);
		CHECK_MSG(t, strstr(err.msg, "renderD130: permission denied") &&
			  strstr(err.msg, "usermod -aG"), "%s", err.msg);
		printf("# e.g. %s\n", err.msg);
	} else {
		/* root opens anything: the file is just not a DRM device. */
		printf("# running as root: the permission-denied path is not reachable\n");
		CHECK(t, vsharp_amdgpu_open_dir(dir, &dev, &err) == -ENODEV);
		CHECK_MSG(t, strstr(err.msg, "renderD130 is not a DRM device"), "%s", err.msg);
	}

	unlink_in(dir, "renderD130");
	unlink_in(dir, "renderD129");
	unlink_in(dir, "renderD128");
	unlink_in(dir, "renderD");
	unlink_in(dir, "renderDx");
	unlink_in(dir, "card0");
	CHECK(t, rmdir(dir) == 0);
}

KTAP_MAIN(KTAP_CASE(test_family_levels), KTAP_CASE(test_ip_discovery_levels),
	  KTAP_CASE(test_refused), KTAP_CASE(test_targets), KTAP_CASE(test_cz_processor),
	  KTAP_CASE(test_processor_per_chip),
	  KTAP_CASE(test_runnable),
	  KTAP_CASE(test_radeon_hint), KTAP_CASE(test_describe),
	  KTAP_CASE(test_fences), KTAP_CASE(test_reset_flags), KTAP_CASE(test_hang_report),
	  KTAP_CASE(test_cancelled),
	  KTAP_CASE(test_bo_handles), KTAP_CASE(test_open_this_machine),
	  KTAP_CASE(test_open_missing_node), KTAP_CASE(test_open_dir))
