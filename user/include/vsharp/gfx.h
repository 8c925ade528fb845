/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_GFX_H
#define VSHARP_GFX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/error.h"

/*
 * Hardware levels that differ in how buffer descriptors and buffer
 * instructions behave.  GFX10 is GFX10.1 (RDNA1); GFX10.3 (RDNA2) differs in
 * the V# (LLC_NOALLOC) and in the buffer formats it accepts.
 */
enum vsharp_gfx {
	VSHARP_GFX6,
	VSHARP_GFX7,
	VSHARP_GFX8,
	VSHARP_GFX9,
	VSHARP_GFX10,
	VSHARP_GFX10_3,
	VSHARP_GFX11,
	VSHARP_GFX12,
	VSHARP_GFX_COUNT
};

#define VSHARP_GFX_BIT(l) (1u << (l))
#define VSHARP_GFX_ALL ((1u << VSHARP_GFX_COUNT) - 1)
/* Levels from a to b inclusive. */
#define VSHARP_GFX_RANGE(a, b) (((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1))

/* "gfx6" .. "gfx12", "gfx10.3". */
const char *vsharp_gfx_name(enum vsharp_gfx level);

/*
 * Accepts a level name ("gfx9", "gfx10.3", "gfx10.1" as an alias of "gfx10")
 * or an LLVM processor name ("gfx900", "gfx1030", "gfx1201", "gfx11-generic").
 */
int vsharp_gfx_parse(const char *name, enum vsharp_gfx *level,
		     struct vsharp_error *err);

/* The LLVM processor the probe shaders of a level are assembled for, or NULL. */
const char *vsharp_gfx_llvm_target(enum vsharp_gfx level);

/*
 * An LLVM processor and the facts that differ between processors of one
 * level.  d16_unpacked: D16 format data takes one VGPR per 16-bit
 * component, in its low half, instead of two per VGPR.  LLVM AMDGPU.td
 * gives FeatureUnpackedD16VMem to FeatureISAVersion8_0_Common (gfx801,
 * gfx802, gfx803, gfx805) and not to FeatureISAVersion8_1_0 (gfx810,
 * Stoney) or any later processor; AMDGPUUsage's GFX8 operand pages say "2
 * dwords for GFX8.0. This H/W supports no packing. 1 dword for GFX8.1+".
 * lds_banks: the dword-wide LDS banks one wave's DS access is spread over
 * (bank = byte address / 4 % lds_banks); its sources are in hw/gfx.c's table
 * and Documentation/model.rst "LDS banks".
 * quirks: the chip bugs and modes of enum vsharp_target_quirk that the
 * processor has (hw/gfx.c's table gives each one's source).
 */
struct vsharp_target {
	const char *name;
	enum vsharp_gfx level;
	bool d16_unpacked;
	uint8_t lds_banks;
	uint32_t quirks;
};

/*
 * What differs between processors of one level and decides whether a shader
 * or a dispatch is right there (LLVM AMDGPU.td feature names in brackets).
 */
enum vsharp_target_quirk {
	/* [FeatureSGPRInitBug] the SGPR allocation must be 96 (LLVM FIXED_NUM_SGPRS_FOR_INIT_BUG) */
	VSHARP_QUIRK_SGPR_INIT_BUG = 1u << 0,
	/* XNACK replay on: XNACK_MASK takes two SGPRs of the allocation, soft clauses */
	VSHARP_QUIRK_XNACK = 1u << 1,
	/* SRAM ECC on (LLVM target ID sramecc+): D16 loads zero the unused half */
	VSHARP_QUIRK_SRAMECC = 1u << 2,
	/* [FeatureLdsMisalignedBug] misaligned multi-dword LDS access is wrong in WGP mode */
	VSHARP_QUIRK_LDS_MISALIGNED_BUG = 1u << 3,
	/* [FeatureVMEMtoScalarWriteHazard] */
	VSHARP_QUIRK_VMEM_TO_SCALAR_WRITE = 1u << 4,
	/* [FeatureSMEMtoVectorWriteHazard] */
	VSHARP_QUIRK_SMEM_TO_VECTOR_WRITE = 1u << 5,
	/* [FeatureLdsBranchVmemWARHazard] */
	VSHARP_QUIRK_LDS_BRANCH_VMEM_WAR = 1u << 6,
	/* [FeatureOffset3fBug] a branch offset of 0x3f */
	VSHARP_QUIRK_OFFSET_3F_BUG = 1u << 7,
};

/* Every processor vsharp knows; a level's first is its probe processor. */
extern const struct vsharp_target vsharp_targets[];
extern const size_t vsharp_target_count;

/* The target of an LLVM processor name, or of a level name (its probe processor); NULL if neither. */
const struct vsharp_target *vsharp_target_find(const char *name);
/* The target the probe shaders of LEVEL are assembled for. */
const struct vsharp_target *vsharp_target_of(enum vsharp_gfx level);

#endif
