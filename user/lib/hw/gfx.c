// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "vsharp/gfx.h"
#include "base/util.h"

static const char *const level_names[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = "gfx6",      [VSHARP_GFX7] = "gfx7",
	[VSHARP_GFX8] = "gfx8",      [VSHARP_GFX9] = "gfx9",
	[VSHARP_GFX10] = "gfx10",    [VSHARP_GFX10_3] = "gfx10.3",
	[VSHARP_GFX11] = "gfx11",    [VSHARP_GFX12] = "gfx12",
};

/*
 * The first processor named for each level is the one probes are built for.
 * LLVM AMDGPUUsage, "Processors" table; d16_unpacked: AMDGPU.td (gfx.h).
 *
 * lds_banks, Documentation/model.rst "LDS banks":
 * - 32 on GCN and CDNA1-3: "configured with 32 banks, each with 512 entries
 *   of 4 bytes" (ISA-V §2.2.1 and §10.1; ISA-C1, ISA-C2 and ISA-C3 §2.2.1
 *   and §11.1); LLVM AMDGPU.td gives these FeatureLDSBankCount32.
 * - 16 on the parts LLVM AMDGPU.td gives FeatureLDSBankCount16:
 *   FeatureISAVersion7_0_2, 7_0_3 and 7_0_5 (gfx702, gfx703 Kabini and
 *   Mullins, gfx705) and FeatureISAVersion8_1_0 (gfx810 Stoney).  Mesa's ACO
 *   (src/amd/compiler/aco_ir.cpp, has_16bank_lds) names CHIP_KABINI and
 *   CHIP_STONEY; the guides mention "16-bank LDS chips" without naming them
 *   (ISA-V §10.3.2, VSRC).
 * - 64 on gfx950: "configured with 64 banks, each with 640 entries of 4
 *   bytes" (ISA-C4 §2.2.1 and §11.1).  LLVM gives it
 *   FeatureLDSBankCount32 (through FeatureISAVersion9_4_Common), a count
 *   its AMDGPU backend uses to choose v_interp lowerings (AMDGPUISelDAGToDAG.cpp
 *   SelectInterpP1F16); ISA-C4 has no V_INTERP opcodes.
 * - 32 on GFX10-12: the 64 banks of a WGP are "two sets of 32-banks each",
 *   one per CU (R1 and R2 §10.1, R3 and R4 §12.1), holding byte addresses
 *   0-65535 and 65536-131071 (R3 §3.3.4, R4 §3.3.5); in CU mode, which
 *   vsharp dispatches, a wave's allocation is on one side.  LLVM gives
 *   GFX10-12 FeatureLDSBankCount32; R3 §1.1: "A 32-bank scratch memory".
 */
#define T(n, l, banks, q) { .name = n, .level = VSHARP_##l, .lds_banks = banks, .quirks = q }
#define UNPACKED_D16(n, l, banks, q) \
	{ .name = n, .level = VSHARP_##l, .d16_unpacked = true, .lds_banks = banks, .quirks = q }
/*
 * quirks (enum vsharp_target_quirk):
 * - SGPR_INIT_BUG: LLVM AMDGPU.td gives FeatureSGPRInitBug to
 *   FeatureISAVersion8_0_2 and 8_0_5 (Iceland/Topaz, Tonga: gfx802, gfx805);
 *   Mesa ACO (aco_ir.cpp init_program) allocates Tonga and Iceland SGPRs in
 *   granules of 96, "workaround hardware bug".
 * - XNACK: the APUs that run with XNACK replay on, Mesa ACO's xnack_enabled
 *   list (Carrizo, Stoney, Raven, Raven2, Renoir: gfx801, gfx810, gfx902,
 *   gfx909, gfx90c); LLVM getNumExtraSGPRs adds XNACK_MASK's two SGPRs
 *   for them.
 * - SRAMECC: gfx906 boards with SRAM ECC enabled (Instinct MI50/MI60) are
 *   LLVM's target ID gfx906:sramecc+; GCNSubtarget.h d16PreservesUnusedBits
 *   is false there.
 * - LDS_MISALIGNED_BUG, VMEM_TO_SCALAR_WRITE, SMEM_TO_VECTOR_WRITE,
 *   LDS_BRANCH_VMEM_WAR, OFFSET_3F_BUG: AMDGPU.td FeatureISAVersion10_1_Common
 *   (gfx1010, gfx1011, gfx1012, gfx1013 and gfx10-1-generic); GFX10.3 has none.
 */
#define GFX10_1_BUGS (VSHARP_QUIRK_LDS_MISALIGNED_BUG | VSHARP_QUIRK_VMEM_TO_SCALAR_WRITE | \
		      VSHARP_QUIRK_SMEM_TO_VECTOR_WRITE | VSHARP_QUIRK_LDS_BRANCH_VMEM_WAR | \
		      VSHARP_QUIRK_OFFSET_3F_BUG)
#define INIT_BUG VSHARP_QUIRK_SGPR_INIT_BUG
#define XNACK VSHARP_QUIRK_XNACK
const struct vsharp_target vsharp_targets[] = {
	T("gfx601", GFX6, 32, 0),   T("gfx600", GFX6, 32, 0),   T("gfx602", GFX6, 32, 0),
	T("gfx700", GFX7, 32, 0),   T("gfx701", GFX7, 32, 0),   T("gfx702", GFX7, 16, 0),
	T("gfx703", GFX7, 16, 0),   T("gfx704", GFX7, 32, 0),   T("gfx705", GFX7, 16, 0),
	UNPACKED_D16("gfx803", GFX8, 32, 0), UNPACKED_D16("gfx801", GFX8, 32, XNACK),
	UNPACKED_D16("gfx802", GFX8, 32, INIT_BUG), UNPACKED_D16("gfx805", GFX8, 32, INIT_BUG),
	T("gfx810", GFX8, 16, XNACK),
	T("gfx900", GFX9, 32, 0),   T("gfx902", GFX9, 32, XNACK), T("gfx904", GFX9, 32, 0),
	T("gfx906", GFX9, 32, 0),   T("gfx906:sramecc+", GFX9, 32, VSHARP_QUIRK_SRAMECC),
	T("gfx908", GFX9, 32, 0),   T("gfx909", GFX9, 32, XNACK),
	T("gfx90a", GFX9, 32, 0),   T("gfx90c", GFX9, 32, XNACK), T("gfx940", GFX9, 32, 0),
	T("gfx941", GFX9, 32, 0),   T("gfx942", GFX9, 32, 0),   T("gfx950", GFX9, 64, 0),
	T("gfx9-generic", GFX9, 32, 0),
	T("gfx1010", GFX10, 32, GFX10_1_BUGS), T("gfx1011", GFX10, 32, GFX10_1_BUGS),
	T("gfx1012", GFX10, 32, GFX10_1_BUGS), T("gfx1013", GFX10, 32, GFX10_1_BUGS),
	T("gfx10-1-generic", GFX10, 32, GFX10_1_BUGS),
	T("gfx1030", GFX10_3, 32, 0), T("gfx1031", GFX10_3, 32, 0), T("gfx1032", GFX10_3, 32, 0),
	T("gfx1033", GFX10_3, 32, 0), T("gfx1034", GFX10_3, 32, 0), T("gfx1035", GFX10_3, 32, 0),
	T("gfx1036", GFX10_3, 32, 0), T("gfx10-3-generic", GFX10_3, 32, 0),
	T("gfx1100", GFX11, 32, 0), T("gfx1101", GFX11, 32, 0), T("gfx1102", GFX11, 32, 0),
	T("gfx1103", GFX11, 32, 0), T("gfx1150", GFX11, 32, 0), T("gfx1151", GFX11, 32, 0),
	T("gfx1152", GFX11, 32, 0), T("gfx1153", GFX11, 32, 0), T("gfx11-generic", GFX11, 32, 0),
	T("gfx1200", GFX12, 32, 0), T("gfx1201", GFX12, 32, 0), T("gfx12-generic", GFX12, 32, 0),
};
#undef XNACK
#undef INIT_BUG
#undef GFX10_1_BUGS
#undef T
#undef UNPACKED_D16
const size_t vsharp_target_count = ARRAY_SIZE(vsharp_targets);

const char *vsharp_gfx_name(enum vsharp_gfx level)
{
	return (unsigned)level < VSHARP_GFX_COUNT ? level_names[level] : "gfx?";
}

const struct vsharp_target *vsharp_target_of(enum vsharp_gfx level)
{
	for (size_t i = 0; i < vsharp_target_count; i++)
		if (vsharp_targets[i].level == level)
			return &vsharp_targets[i];
	return NULL;
}

const char *vsharp_gfx_llvm_target(enum vsharp_gfx level)
{
	const struct vsharp_target *t = vsharp_target_of(level);

	return t ? t->name : NULL;
}

/*
 * The chip names bring-up tools print, each with its LLVM processor: the
 * kernel's amdgpu_asic_name[] (drivers/gpu/drm/amd/amdgpu/amdgpu_device.c,
 * upper case), umr's device table (src/lib/discover_by_name.c) and
 * firmware prefixes (lower case), Mesa's radeon_family names
 * (src/amd/common/amd_family.c: NAVI21, GFX1103_R1 ...), LLVM
 * AMDGPUUsage's "Processors" table for the alternative names and the
 * processor of each chip.  Matched without regard to case.
 */
static const struct {
	const char *name, *processor;
} asic_names[] = {
	{ "tahiti", "gfx600" }, { "pitcairn", "gfx601" }, { "verde", "gfx601" },
	{ "oland", "gfx602" }, { "hainan", "gfx602" },
	{ "kaveri", "gfx700" }, { "hawaii", "gfx701" }, { "kabini", "gfx703" },
	{ "mullins", "gfx703" }, { "bonaire", "gfx704" },
	{ "carrizo", "gfx801" }, { "iceland", "gfx802" }, { "topaz", "gfx802" },
	{ "tonga", "gfx802" }, { "fiji", "gfx803" }, { "polaris10", "gfx803" },
	{ "polaris11", "gfx803" }, { "polaris12", "gfx803" }, { "vegam", "gfx803" },
	{ "stoney", "gfx810" },
	{ "vega10", "gfx900" }, { "raven", "gfx902" }, { "raven1", "gfx902" },
	{ "picasso", "gfx902" }, { "vega12", "gfx904" }, { "vega20", "gfx906" },
	{ "arcturus", "gfx908" }, { "raven2", "gfx909" }, { "aldebaran", "gfx90a" },
	{ "renoir", "gfx90c" }, { "green_sardine", "gfx90c" },
	{ "navi10", "gfx1010" }, { "navi12", "gfx1011" }, { "navi14", "gfx1012" },
	{ "cyan_skillfish", "gfx1013" },
	{ "sienna_cichlid", "gfx1030" }, { "navi21", "gfx1030" },
	{ "navy_flounder", "gfx1031" }, { "navi22", "gfx1031" },
	{ "dimgrey_cavefish", "gfx1032" }, { "navi23", "gfx1032" },
	{ "vangogh", "gfx1033" },
	{ "beige_goby", "gfx1034" }, { "navi24", "gfx1034" },
	{ "yellow_carp", "gfx1035" }, { "rembrandt", "gfx1035" },
	{ "raphael_mendocino", "gfx1036" }, { "gfx1036", "gfx1036" },
	{ "navi31", "gfx1100" }, { "navi32", "gfx1101" }, { "navi33", "gfx1102" },
	{ "gfx1103_r1", "gfx1103" }, { "gfx1103_r2", "gfx1103" }, { "phoenix", "gfx1103" },
	{ "navi44", "gfx1200" }, { "navi48", "gfx1201" },
};

/* The processor an ASIC name stands for, or NAME itself. */
static const char *processor_of(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(asic_names); i++)
		if (!strcasecmp(name, asic_names[i].name))
			return asic_names[i].processor;
	return name;
}

const struct vsharp_target *vsharp_target_find(const char *name)
{
	enum vsharp_gfx level;

	name = processor_of(name);
	for (size_t i = 0; i < vsharp_target_count; i++)
		if (!strcmp(name, vsharp_targets[i].name))
			return &vsharp_targets[i];
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
	for (size_t i = 0; i < vsharp_target_count; i++) {
		if (!strcmp(processor_of(name), vsharp_targets[i].name)) {
			*level = vsharp_targets[i].level;
			return 0;
		}
	}
	return vsharp_fail(err, -EINVAL,
			   "gfx: unknown level '%s' (allowed: gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12, an LLVM processor gfx600..gfx1201, or a chip name as the kernel, umr or Mesa print it: polaris11, navi31 ...)",
			   name);
}
