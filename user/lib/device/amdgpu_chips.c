// SPDX-License-Identifier: MIT
/*
 * Which level an amdgpu chip is, whether vsharp can run on it, and how to
 * say so: the parts of the amdgpu backend that need no GPU besides its job
 * bookkeeping (device/amdgpu_jobs.c).  Only constants come from the libdrm
 * headers here; every libdrm call is in device/amdgpu.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "vsharp/amdgpu.h"
#include "vsharp/pm4.h"
#include "vsharp/stubs.h"
#include "base/util.h"

/*
 * Family ids newer than libdrm 2.4.114's amdgpu_drm.h (it stops at
 * AMDGPU_FAMILY_YC); values from the kernel's uapi amdgpu_drm.h.
 */
#ifndef AMDGPU_FAMILY_GC_11_0_0
#define AMDGPU_FAMILY_GC_11_0_0 145	/* Navi3x */
#endif
#ifndef AMDGPU_FAMILY_GC_11_0_1
#define AMDGPU_FAMILY_GC_11_0_1 148	/* Phoenix */
#endif
#ifndef AMDGPU_FAMILY_GC_10_3_6
#define AMDGPU_FAMILY_GC_10_3_6 149	/* Raphael */
#endif
#ifndef AMDGPU_FAMILY_GC_11_5_0
#define AMDGPU_FAMILY_GC_11_5_0 150	/* Strix */
#endif
#ifndef AMDGPU_FAMILY_GC_10_3_7
#define AMDGPU_FAMILY_GC_10_3_7 151	/* Mendocino */
#endif
#ifndef AMDGPU_FAMILY_GC_12_0_0
#define AMDGPU_FAMILY_GC_12_0_0 152	/* Navi4x */
#endif

#define IP_MAJ(v) (((v) >> 16) & 0xffu)
#define IP_MIN(v) (((v) >> 8) & 0xffu)
#define IP_REV(v) ((v) & 0xffu)

/*
 * Parts the GPU backend refuses although their family or GC major is one
 * it supports: their shaders and command buffers would differ from the
 * ones vsharp has.  CDNA (Mesa ac_cmdbuf.c cdna_init_compute_preamble_state)
 * needs COMPUTE_PGM_RSRC3 with ACCUM_OFFSET and, on GFX940, no ORDER_MODE
 * (radeonsi si_compute.c); LLVM allocates VGPRs in 8s and aligns 64-bit
 * tuples on gfx90a and renames glc/slc on gfx940; and Linux gives graphics
 * jobs VMIDs 1..2 there (gmc_v9_0.c first_kfd_vmid).  GC 12.5 redefines
 * ACQUIRE_MEM's GCR_CNTL bits 6:4 that vsharp's GFX12 preamble sets.
 */
#define CDNA "CDNA, compute-only (Instinct MI100/MI200/MI300/MI350); vsharp's GFX9 is gfx900 to gfx906"
#define GC_12_5 "GC 12.5; vsharp's GFX12 is GC 12.0 (gfx1200, gfx1201)"

/*
 * Level by family id and chip_external_rev, [rev_lo, rev_hi), or the
 * reason a part is refused.  Before GFX9 the family alone decides: every
 * SI part is GFX6, every CI and KV part GFX7, every VI and CZ part GFX8
 * (Linux amdgpu_device.c amdgpu_device_ip_early_init: SI for Tahiti to
 * Hainan, CI or KV (APU) for Bonaire to Mullins, VI or CZ (APU) for Topaz
 * to VegaM; Mesa amd_family.h puts the same chips in GFX6, GFX7, GFX8).
 * Family 143 holds both RDNA1 and RDNA2:
 * Navi10/12/14 are revs 0x01-0x27, Sienna Cichlid, Navy Flounder, Dimgrey
 * Cavefish and Beige Goby 0x28-0x4f (Mesa amdgpu_asic_addr.h ranges,
 * also in IGT lib/amdgpu/amdgpu_asic_addr.h).  Other 143 revs (Cyan Skillfish) are only
 * accepted through the GC IP version.  Family AI is Vega10/12/20 below rev
 * 0x32; MI100 is 0x32-0x3b, MI200 0x3c-0x45, GFX940 0x46 on (Mesa
 * ac_gpu_info.c AMDGPU_MI100_RANGE, AMDGPU_MI200_RANGE, AMDGPU_GFX940_RANGE).
 */
static const struct family_row {
	uint32_t family, rev_lo, rev_hi;
	enum vsharp_gfx level;
	const char *refused;
} family_rows[] = {
	{ AMDGPU_FAMILY_SI, 0x00, 0x100, VSHARP_GFX6, NULL },
	{ AMDGPU_FAMILY_CI, 0x00, 0x100, VSHARP_GFX7, NULL },
	{ AMDGPU_FAMILY_KV, 0x00, 0x100, VSHARP_GFX7, NULL },
	{ AMDGPU_FAMILY_VI, 0x00, 0x100, VSHARP_GFX8, NULL },
	{ AMDGPU_FAMILY_CZ, 0x00, 0x100, VSHARP_GFX8, NULL },
	{ AMDGPU_FAMILY_AI, 0x01, 0x32, VSHARP_GFX9, NULL },
	{ AMDGPU_FAMILY_AI, 0x32, 0x100, VSHARP_GFX9, CDNA },
	{ AMDGPU_FAMILY_RV, 0x00, 0x100, VSHARP_GFX9, NULL },
	{ AMDGPU_FAMILY_NV, 0x01, 0x28, VSHARP_GFX10, NULL },
	{ AMDGPU_FAMILY_NV, 0x28, 0x50, VSHARP_GFX10_3, NULL },
	{ AMDGPU_FAMILY_VGH, 0x00, 0x100, VSHARP_GFX10_3, NULL },
	{ AMDGPU_FAMILY_GC_11_0_0, 0x00, 0x100, VSHARP_GFX11, NULL },
	{ AMDGPU_FAMILY_YC, 0x00, 0x100, VSHARP_GFX10_3, NULL },
	{ AMDGPU_FAMILY_GC_11_0_1, 0x00, 0x100, VSHARP_GFX11, NULL },
	{ AMDGPU_FAMILY_GC_10_3_6, 0x00, 0x100, VSHARP_GFX10_3, NULL },
	{ AMDGPU_FAMILY_GC_11_5_0, 0x00, 0x100, VSHARP_GFX11, NULL },
	{ AMDGPU_FAMILY_GC_10_3_7, 0x00, 0x100, VSHARP_GFX10_3, NULL },
	{ AMDGPU_FAMILY_GC_12_0_0, 0x00, 0x100, VSHARP_GFX12, NULL },
};

/*
 * Level by GC IP version, [lo, hi), or the reason a part is refused.  GC
 * 9.0 to 9.4.0 are gfx900..gfx906 and Raven/Renoir; 9.4.1 and later are
 * CDNA (Linux amdgpu_discovery.c, the KFD gfx_target_version table).
 */
static const struct ip_row {
	uint32_t lo, hi;
	enum vsharp_gfx level;
	const char *refused;
} ip_rows[] = {
	{ VSHARP_AMDGPU_IP_VERSION(9, 0, 0), VSHARP_AMDGPU_IP_VERSION(9, 4, 1), VSHARP_GFX9, NULL },
	{ VSHARP_AMDGPU_IP_VERSION(9, 4, 1), VSHARP_AMDGPU_IP_VERSION(10, 0, 0), VSHARP_GFX9, CDNA },
	{ VSHARP_AMDGPU_IP_VERSION(10, 1, 0), VSHARP_AMDGPU_IP_VERSION(10, 2, 0), VSHARP_GFX10, NULL },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 0), VSHARP_AMDGPU_IP_VERSION(10, 4, 0), VSHARP_GFX10_3, NULL },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 0), VSHARP_AMDGPU_IP_VERSION(12, 0, 0), VSHARP_GFX11, NULL },
	{ VSHARP_AMDGPU_IP_VERSION(12, 0, 0), VSHARP_AMDGPU_IP_VERSION(12, 1, 0), VSHARP_GFX12, NULL },
	{ VSHARP_AMDGPU_IP_VERSION(12, 5, 0), VSHARP_AMDGPU_IP_VERSION(12, 6, 0), VSHARP_GFX12, GC_12_5 },
};

/*
 * The compute block's hw_ip major for each level (amdgpu_query_hw_ip_info):
 * the GFX IP block's major, gfx_v6_0 .. gfx_v12_0 (Linux amdgpu_kms.c
 * amdgpu_hw_ip_info).
 */
static const uint32_t level_hw_major[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = 6, [VSHARP_GFX7] = 7, [VSHARP_GFX8] = 8, [VSHARP_GFX9] = 9, [VSHARP_GFX10] = 10, [VSHARP_GFX10_3] = 10,
	[VSHARP_GFX11] = 11, [VSHARP_GFX12] = 12,
};

/*
 * LLVM processors, only to name the chip.  By GC IP version (the kernel's
 * KFD gfx_target_version table: GC and processor numbers do not follow one
 * rule, e.g. GC 10.1.1 is gfx1012 and GC 11.0.3 gfx1101) ...
 */
static const struct {
	uint32_t ip;
	const char *target;
} ip_targets[] = {
	{ VSHARP_AMDGPU_IP_VERSION(9, 0, 1), "gfx900" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 1, 0), "gfx902" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 2, 1), "gfx904" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 2, 2), "gfx909" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 3, 0), "gfx90c" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 4, 0), "gfx906" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 4, 1), "gfx908" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 4, 2), "gfx90a" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 4, 3), "gfx942" },
	{ VSHARP_AMDGPU_IP_VERSION(9, 5, 0), "gfx950" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 1, 10), "gfx1010" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 1, 1), "gfx1012" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 1, 2), "gfx1011" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 1, 3), "gfx1013" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 0), "gfx1030" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 1), "gfx1033" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 2), "gfx1031" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 3), "gfx1035" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 4), "gfx1032" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 5), "gfx1034" },
	{ VSHARP_AMDGPU_IP_VERSION(10, 3, 6), "gfx1036" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 0), "gfx1100" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 1), "gfx1103" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 2), "gfx1102" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 3), "gfx1101" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 0, 4), "gfx1103" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 5, 0), "gfx1150" },
	{ VSHARP_AMDGPU_IP_VERSION(11, 5, 1), "gfx1151" },
	{ VSHARP_AMDGPU_IP_VERSION(12, 0, 0), "gfx1200" },
	{ VSHARP_AMDGPU_IP_VERSION(12, 0, 1), "gfx1201" },
	{ VSHARP_AMDGPU_IP_VERSION(12, 5, 0), "gfx1250" },
};

uint32_t vsharp_amdgpu_target_ip(const char *target)
{
	for (size_t i = 0; target && i < ARRAY_SIZE(ip_targets); i++)
		if (!strcmp(ip_targets[i].target, target))
			return ip_targets[i].ip;
	return 0;
}

/*
 * ... and by family and chip revision on kernels that do not report the GC
 * version (Mesa amdgpu_asic_addr.h ranges).  GFX6 to GFX8 have no GC
 * version at all; their revisions are what Linux si.c, cik.c and vi.c
 * *_common_early_init set external_rev_id to: Tahiti 1, 5 or 6, Pitcairn
 * rev + 20, Verde rev + 40, Oland 60, Hainan 70; Bonaire rev + 0x14, Hawaii
 * 0x28; Kaveri 0x01 or 0x41, Kabini 0x81, 0x82 or 0x85, Mullins rev + 0xa1;
 * Topaz 0x01, Tonga rev + 0x14, Fiji rev + 0x3c, Polaris10 rev + 0x50,
 * Polaris11 rev + 0x5a, Polaris12 rev + 0x64, VegaM rev + 0x6e; Carrizo
 * rev + 0x01, Stoney rev + 0x61.  Mesa's ranges are the same but for
 * Tahiti (0x05-0x13, so Linux's 1 is in none) and Pitcairn and Verde (one
 * later than Linux's rev 0).  The processors are LLVM's (AMDGPUUsage,
 * "Processors": tahiti gfx600, pitcairn and verde gfx601, oland and
 * hainan gfx602, kaveri gfx700, hawaii gfx701, kabini and mullins gfx703,
 * bonaire gfx704, carrizo gfx801, iceland and tonga gfx802, fiji and
 * polaris10/11 gfx803, stoney gfx810; Polaris12 and VegaM are gfx803 as in
 * Mesa ac_llvm_util.c).
 */
static const struct {
	uint32_t family, rev_lo, rev_hi;
	const char *target;
} rev_targets[] = {
	{ AMDGPU_FAMILY_SI, 0x01, 0x14, "gfx600" },	/* Tahiti */
	{ AMDGPU_FAMILY_SI, 0x14, 0x3c, "gfx601" },	/* Pitcairn, Verde */
	{ AMDGPU_FAMILY_SI, 0x3c, 0xff, "gfx602" },	/* Oland, Hainan */
	{ AMDGPU_FAMILY_CI, 0x14, 0x28, "gfx704" },	/* Bonaire */
	{ AMDGPU_FAMILY_CI, 0x28, 0x3c, "gfx701" },	/* Hawaii */
	{ AMDGPU_FAMILY_KV, 0x01, 0x81, "gfx700" },	/* Kaveri (Spectre, Spooky) */
	{ AMDGPU_FAMILY_KV, 0x81, 0xff, "gfx703" },	/* Kabini, Mullins */
	{ AMDGPU_FAMILY_VI, 0x01, 0x28, "gfx802" },	/* Iceland (Topaz), Tonga */
	{ AMDGPU_FAMILY_VI, 0x3c, 0xff, "gfx803" },	/* Fiji, Polaris10/11/12, VegaM */
	{ AMDGPU_FAMILY_CZ, 0x01, 0x21, "gfx801" },	/* Carrizo */
	{ AMDGPU_FAMILY_CZ, 0x61, 0xff, "gfx810" },	/* Stoney */
	{ AMDGPU_FAMILY_AI, 0x01, 0x14, "gfx900" },	/* Vega10 */
	{ AMDGPU_FAMILY_AI, 0x14, 0x28, "gfx904" },	/* Vega12 */
	{ AMDGPU_FAMILY_AI, 0x28, 0x32, "gfx906" },	/* Vega20 */
	{ AMDGPU_FAMILY_AI, 0x32, 0x3c, "gfx908" },	/* Arcturus, MI100 */
	{ AMDGPU_FAMILY_AI, 0x3c, 0x46, "gfx90a" },	/* Aldebaran, MI200 */
	{ AMDGPU_FAMILY_AI, 0x46, 0xff, "gfx94x" },	/* MI300 */
	{ AMDGPU_FAMILY_RV, 0x01, 0x81, "gfx902" },	/* Raven */
	{ AMDGPU_FAMILY_RV, 0x81, 0x91, "gfx909" },	/* Raven2 */
	{ AMDGPU_FAMILY_RV, 0x91, 0xff, "gfx90c" },	/* Renoir */
	{ AMDGPU_FAMILY_NV, 0x01, 0x0a, "gfx1010" },	/* Navi10 */
	{ AMDGPU_FAMILY_NV, 0x0a, 0x14, "gfx1011" },	/* Navi12 */
	{ AMDGPU_FAMILY_NV, 0x14, 0x28, "gfx1012" },	/* Navi14 */
	{ AMDGPU_FAMILY_NV, 0x28, 0x32, "gfx1030" },	/* Sienna Cichlid */
	{ AMDGPU_FAMILY_NV, 0x32, 0x3c, "gfx1031" },	/* Navy Flounder */
	{ AMDGPU_FAMILY_NV, 0x3c, 0x46, "gfx1032" },	/* Dimgrey Cavefish */
	{ AMDGPU_FAMILY_NV, 0x46, 0x50, "gfx1034" },	/* Beige Goby */
	{ AMDGPU_FAMILY_VGH, 0x01, 0xff, "gfx1033" },	/* Van Gogh */
	{ AMDGPU_FAMILY_YC, 0x01, 0xff, "gfx1035" },	/* Yellow Carp */
	{ AMDGPU_FAMILY_GC_11_0_0, 0x01, 0x10, "gfx1100" },
	{ AMDGPU_FAMILY_GC_11_0_0, 0x10, 0x20, "gfx1102" },
	{ AMDGPU_FAMILY_GC_11_0_0, 0x20, 0xff, "gfx1101" },
	{ AMDGPU_FAMILY_GC_11_0_1, 0x01, 0xff, "gfx1103" },
};

/*
 * Processors whose SRAM ECC mode is a target ID of its own (LLVM
 * AMDGPUUsage, "Target ID"; gfx908 and CDNA have one too, but are
 * refused).  The mode is KFD's: it reports HSA_CAP_SRAM_EDCSUPPORTED, from
 * which ROCm names gfx906:sramecc+, when adev->ras_enabled holds
 * AMDGPU_RAS_BLOCK__GFX (Linux kfd_topology.c, "kfd only concerns sram ecc
 * on GFX"); amdgpu_ras_check_supported() sets it when the VBIOS reports
 * SRAM ECC (amdgpu_atomfirmware_sram_ecc_supported), masked by the
 * ras_enable and ras_mask module parameters.  AMDGPU_INFO_RAS_ENABLED_FEATURES
 * gives ras_enabled in its upper half (amdgpu_kms.c: ras_enabled << 32 |
 * features).  Its lower half is not the mode: a Vega 20 without ECC (Radeon
 * VII) answers 0x4, the GFX feature amdgpu_ras_init() sets for "VEGA20
 * Gaming" and never clears, with nothing enabled.
 */
#define RAS_ENABLED_GFX ((uint64_t)AMDGPU_INFO_RAS_ENABLED_GFX << 32)

static const struct {
	const char *target, *sramecc;
} sramecc_targets[] = {
	{ "gfx906", "gfx906:sramecc+" },
};

static const char *with_sramecc(const struct vsharp_amdgpu_id *id, const char *target)
{
	if (!target || !(id->ras & RAS_ENABLED_GFX))
		return target;
	for (size_t i = 0; i < ARRAY_SIZE(sramecc_targets); i++)
		if (!strcmp(sramecc_targets[i].target, target))
			return sramecc_targets[i].sramecc;
	return target;
}

static const char *target_of(const struct vsharp_amdgpu_id *id)
{
	if (id->ip_discovery_version) {
		for (size_t i = 0; i < ARRAY_SIZE(ip_targets); i++)
			if (ip_targets[i].ip == id->ip_discovery_version)
				return with_sramecc(id, ip_targets[i].target);
		return NULL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(rev_targets); i++)
		if (rev_targets[i].family == id->family_id &&
		    id->chip_external_rev >= rev_targets[i].rev_lo &&
		    id->chip_external_rev < rev_targets[i].rev_hi)
			return with_sramecc(id, rev_targets[i].target);
	return NULL;
}

/* The family table's row for the chip, or NULL. */
static const struct family_row *by_family(const struct vsharp_amdgpu_id *id)
{
	for (size_t i = 0; i < ARRAY_SIZE(family_rows); i++) {
		const struct family_row *r = &family_rows[i];

		if (r->family == id->family_id && id->chip_external_rev >= r->rev_lo &&
		    id->chip_external_rev < r->rev_hi)
			return r;
	}
	return NULL;
}

static const struct ip_row *by_ip(uint32_t ip)
{
	for (size_t i = 0; i < ARRAY_SIZE(ip_rows); i++)
		if (ip >= ip_rows[i].lo && ip < ip_rows[i].hi)
			return &ip_rows[i];
	return NULL;
}

static int refuse(const struct vsharp_amdgpu_id *id, const char *why, struct vsharp_error *err)
{
	uint32_t ip = id->ip_discovery_version;
	const char *target = target_of(id);
	char gc[32] = "";

	if (ip)
		snprintf(gc, sizeof(gc), ", GC IP %u.%u.%u", IP_MAJ(ip), IP_MIN(ip), IP_REV(ip));
	return vsharp_fail(err, -ENODEV, "family %u, chip rev 0x%02x%s (%s): not supported: %s",
			   id->family_id, id->chip_external_rev, gc, target ? target : "unnamed", why);
}

static bool family_known(uint32_t family)
{
	for (size_t i = 0; i < ARRAY_SIZE(family_rows); i++)
		if (family_rows[i].family == family)
			return true;
	return false;
}

int vsharp_amdgpu_map_level(const struct vsharp_amdgpu_id *id, struct vsharp_amdgpu_level *out,
			    struct vsharp_error *err)
{
	uint32_t fam = id->family_id, rev = id->chip_external_rev, ip = id->ip_discovery_version;
	const struct family_row *fr = by_family(id);
	const struct ip_row *ir = ip ? by_ip(ip) : NULL;
	enum vsharp_gfx level;

	if (ip) {
		/*
		 * The GC version is what the kernel itself programs the chip by;
		 * it also names chips the family table predates.  When both
		 * know the chip they must agree, or one of our tables is wrong
		 * and running the wrong level's shaders would prove nothing.
		 */
		if (!ir)
			return vsharp_fail(err, -ENODEV,
					   "family %u, chip rev 0x%02x, GC IP %u.%u.%u: not a level the GPU backend supports (GFX9 to GFX12)",
					   fam, rev, IP_MAJ(ip), IP_MIN(ip), IP_REV(ip));
		if (ir->refused)
			return refuse(id, ir->refused, err);
		level = ir->level;
		if (fr && !fr->refused && fr->level != level)
			return vsharp_fail(err, -ENODEV,
					   "family %u, chip rev 0x%02x is %s by family but GC IP %u.%u.%u is %s; refusing to guess",
					   fam, rev, vsharp_gfx_name(fr->level), IP_MAJ(ip), IP_MIN(ip),
					   IP_REV(ip), vsharp_gfx_name(level));
		if (fr && fr->refused)
			return refuse(id, fr->refused, err);
		out->source = "GC IP version";
	} else if (fr) {
		if (fr->refused)
			return refuse(id, fr->refused, err);
		level = fr->level;
		out->source = "family and chip revision";
	} else if (family_known(fam)) {
		return vsharp_fail(err, -ENODEV,
				   "family %u, chip rev 0x%02x: revision outside the known ranges of the family and the kernel reports no GC IP version",
				   fam, rev);
	} else {
		return vsharp_fail(err, -ENODEV,
				   "family %u, chip rev 0x%02x: unknown family and the kernel reports no GC IP version",
				   fam, rev);
	}

	if (id->hw_ip_major && id->hw_ip_major != level_hw_major[level])
		return vsharp_fail(err, -ENODEV,
				   "family %u, chip rev 0x%02x maps to %s but the compute block reports version %u.%u (expected %u.x); refusing to guess",
				   fam, rev, vsharp_gfx_name(level), id->hw_ip_major, id->hw_ip_minor,
				   level_hw_major[level]);
	out->level = level;
	out->target = target_of(id);
	return 0;
}

int vsharp_amdgpu_runnable(const struct vsharp_amdgpu_id *id, const struct vsharp_amdgpu_level *lv,
			   struct vsharp_error *err)
{
	bool shaders = vsharp_stubs_level(lv->level), ibs = vsharp_pm4_level(lv->level) != NULL;
	const char *gfx = vsharp_gfx_name(lv->level);

	if (shaders && ibs)
		return 0;
	return vsharp_fail(err, -ENODEV, "family %u, chip rev 0x%02x (%s) is %s: vsharp has no %s for %s yet",
			   id->family_id, id->chip_external_rev, lv->target ? lv->target : gfx, gfx,
			   shaders ? "compute command buffers (PM4)" :
			   ibs ? "probe shaders" : "probe shaders or compute command buffers (PM4)", gfx);
}

/*
 * GCN parts that the radeon driver drives too, by PCI device id: the
 * ranges of Linux amdgpu_drv.c pciidlist (CHIP_TAHITI .. CHIP_MULLINS; the
 * ids of these ranges that radeon's drm_pciids.h lists are the same chips
 * there).  amdgpu takes them only with radeon's support for the generation
 * off and its own on: "Use radeon.si_support=0 amdgpu.si_support=1 to
 * override" (amdgpu_drv.c amdgpu_pci_probe; cik_support likewise).
 */
static const struct {
	uint16_t lo, hi;
	const char *chip, *gen, *param;
} radeon_gcn[] = {
	{ 0x1304, 0x131d, "Kaveri", "CIK, GFX7", "cik_support" },
	{ 0x6600, 0x6631, "Oland", "SI, GFX6", "si_support" },
	{ 0x6640, 0x665f, "Bonaire", "CIK, GFX7", "cik_support" },
	{ 0x6660, 0x666f, "Hainan", "SI, GFX6", "si_support" },
	{ 0x6780, 0x679f, "Tahiti", "SI, GFX6", "si_support" },
	{ 0x67a0, 0x67be, "Hawaii", "CIK, GFX7", "cik_support" },
	{ 0x6800, 0x6819, "Pitcairn", "SI, GFX6", "si_support" },
	{ 0x6820, 0x683f, "Verde", "SI, GFX6", "si_support" },
	{ 0x9830, 0x983f, "Kabini", "CIK, GFX7", "cik_support" },
	{ 0x9850, 0x985f, "Mullins", "CIK, GFX7", "cik_support" },
};

void vsharp_amdgpu_radeon_hint(int pci_device, char *buf, size_t size)
{
	if (!size)
		return;
	if (pci_device < 0) {
		snprintf(buf, size,
			 "the radeon driver owns the card: for an SI (GFX6) part boot with radeon.si_support=0 amdgpu.si_support=1, for a CIK (GFX7) part with radeon.cik_support=0 amdgpu.cik_support=1; older Radeons have no amdgpu support");
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(radeon_gcn); i++)
		if (pci_device >= radeon_gcn[i].lo && pci_device <= radeon_gcn[i].hi) {
			snprintf(buf, size,
				 "the radeon driver owns the card (1002:%04x, %s, %s): boot with radeon.%s=0 amdgpu.%s=1 to have amdgpu drive it",
				 (unsigned)pci_device, radeon_gcn[i].chip, radeon_gcn[i].gen,
				 radeon_gcn[i].param, radeon_gcn[i].param);
			return;
		}
	snprintf(buf, size,
		 "the radeon driver owns the card (PCI device 0x%04x): not an SI or CIK part, so amdgpu cannot drive it",
		 (unsigned)pci_device);
}

void vsharp_amdgpu_describe(const struct vsharp_amdgpu_id *id, const struct vsharp_amdgpu_level *lv,
			    const char *node, char *buf, size_t size)
{
	uint32_t ip = id->ip_discovery_version;
	char gc[32] = "";

	if (!size)
		return;
	if (ip)
		snprintf(gc, sizeof(gc), ", GC %u.%u.%u", IP_MAJ(ip), IP_MIN(ip), IP_REV(ip));
	snprintf(buf, size, "amdgpu %s (family %u, rev 0x%02x%s) %s",
		 lv->target ? lv->target : vsharp_gfx_name(lv->level), id->family_id,
		 id->chip_external_rev, gc, node);
}

const struct vsharp_target *vsharp_amdgpu_target(const struct vsharp_amdgpu_level *lv)
{
	const struct vsharp_target *t = lv->target ? vsharp_target_find(lv->target) : NULL;

	return t && t->level == lv->level ? t : NULL;
}
