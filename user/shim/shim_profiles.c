// SPDX-License-Identifier: MIT
/*
 * The chips the shim can be: what the amdgpu kernel driver reports for each.
 *
 * Sources, per column:
 *  - PCI device and revision ids and the marketing names: libdrm's
 *    data/amdgpu.ids (/usr/share/libdrm/amdgpu.ids) and Linux
 *    drivers/gpu/drm/amd/amdgpu/amdgpu_drv.c (pciidlist).
 *  - family: include/uapi/drm/amdgpu_drm.h AMDGPU_FAMILY_*.
 *  - chip_external_rev: Linux si.c / cik.c / vi.c / soc15.c / nv.c /
 *    soc21.c / soc24.c (*_common_early_init: adev->external_rev_id =
 *    adev->rev_id + N), which is also how Mesa's amdgpu_asic_addr.h ranges
 *    are laid out; chip_rev (rev_id) is 0 for every part here.  So Tahiti
 *    1 (si.c: 1, 5 or 6 for rev_id 0, 1, other), Kaveri 0x1 (cik.c: 0x41
 *    for devices 1312, 1316, 1317), Carrizo rev + 0x1 and Tonga rev + 0x14
 *    (vi.c), Raven rev + 0x01 (soc15.c: + 0x21 for rev_id 1, + 0x41 for
 *    Picasso, + 0x79 for Raven2), Vega 20 rev + 0x28 (soc15.c).
 *  - GC IP version: Linux amdgpu_discovery.c, the kernel's KFD
 *    gfx_target_version table (GC 9.0.1 gfx900, 9.1.0 gfx902, 9.4.0
 *    gfx906, 10.1.10 gfx1010, 10.3.0 gfx1030, 11.0.0 gfx1100, 12.0.0
 *    gfx1200, 9.4.2 gfx90a); none before
 *    GFX9 (IP discovery starts with Vega: 0).  The hw_ip_version
 *    major and minor are the GFX IP block's, amdgpu_kms.c
 *    amdgpu_hw_ip_info(): gfx_v6_0 for SI (si.c), gfx_v7_3 for Hawaii and
 *    gfx_v7_1 for Kaveri (cik.c), gfx_v8_0 for Carrizo, Tonga and Polaris
 *    and gfx_v8_1 for Stoney (vi.c), gfx_vN_0 from GFX9 on.
 *  - shader engines, arrays, CUs: the products' public specifications
 *    (CU count = SE * SH * CU/SH, every CU active on these SKUs); before
 *    GFX9 also gfx_v6_0.c / gfx_v7_0.c / gfx_v8_0.c *_gpu_early_init
 *    (Tahiti 2 SE x 2 SH x 8 CU, Pitcairn 2 x 2 x 5, Hawaii 4 x 1 x 11,
 *    Kaveri 1 x 1 x 8, Carrizo 1 x 1 x 8, Tonga 4 x 1 x 8 at most, Stoney
 *    1 x 1 x 3; Polaris10's come from the VBIOS, 4 x 1 x 9 on the RX 480).
 *    Products: HD 7970 32 CUs, A10-7850K 8, Carrizo's R7 8, R9 380 (Tonga
 *    PRO) 28 of Tonga's 32, 7 per engine; Raven's come from its gpu_info
 *    firmware, 1 x 1 x 11 on the Ryzen 5 2400G (Vega 11); Vega 20 is 4 x 1
 *    x 16 with 60 active on the Radeon VII and the MI50 (15 per engine; the
 *    MI60 has all 64).
 *  - LDS: 64 KiB per CU on GCN/CDNA, 128 KiB per WGP on RDNA (AMD's RDNA,
 *    RDNA2, RDNA3 and RDNA4 ISA documents, "Local Data Share").
 *  - wave size: the discovery table's gc_wave_size, 64 on GFX9, 32 on
 *    GFX10+ (what AMDGPU_INFO_DEV_INFO.wave_front_size returns).
 *  - VA: 48 bits on GFX9+ (gmc_v9_0.c / gmc_v10_0.c / gmc_v11_0.c
 *    amdgpu_vm_adjust_size(adev, 256 * 1024, 9, 3, 48)); before GFX9
 *    gmc_v6_0.c / gmc_v7_0.c / gmc_v8_0.c call amdgpu_vm_adjust_size(adev,
 *    64, 9, 1, 40), which sizes the VM at 3x system memory rounded up to a
 *    power of two: 64 GiB, 36 bits, on the 16 GiB machine assumed below.
 *    Raven with rev_id 0 or 1 is 48 bits too (gmc_v9_0.c).
 *  - GB_ADDR_CONFIG: gfx_v9_0.c VEGA10_GB_ADDR_CONFIG_GOLDEN for Vega 10,
 *    RAVEN_ for Raven, for Vega 20 the bits it forces (0x22014042) into
 *    what it reads; the golden values gfx_v6_0.c (TAHITI_, for Pitcairn
 *    too), cikd.h (HAWAII_, BONAIRE_ for Kaveri) and gfx_v8_0.c (TONGA_ for
 *    Tonga and Polaris10, CARRIZO_ for Carrizo and Stoney) start from.
 *    From GFX10 the kernel reads the register from the chip
 *    (gfx_v10_0.c / gfx_v11_0.c *_gpu_early_init: RREG32_SOC15(GC, 0,
 *    mmGB_ADDR_CONFIG)), so those rows carry values read from real boards,
 *    as Mesa's src/amd/drm-shim/amdgpu_devices.c records them (navi10
 *    0x00100044, navi21 0x00000444, navi31 0x00000545, gfx1201 (Navi 48)
 *    0x08200545).  Mesa's addrlib decodes it (gfx10addrlib.cpp
 *    Gfx10Lib::HwlInitGlobalParams: NUM_PIPES, PIPE_INTERLEAVE_SIZE,
 *    MAX_COMPRESSED_FRAGS, NUM_PKRS) and RADV and radeonsi 22.3 loop in
 *    winsys creation on a combination no chip has (Navi 21 with 0x44:
 *    16 pipes and one packer).  Navi 44's is not recorded there: gfx1200
 *    keeps 0x442, which Mesa 22.3 never reads (it refuses GFX12 first).
 *  - VRAM size and width: the products' specifications; the CPU-visible
 *    window is the 256 MiB BAR of a machine without resizable BAR; GTT is
 *    amdgpu's default of 3/4 of system memory on a 16 GiB machine.  An
 *    APU's VRAM is a carve-out of system memory whose size the firmware
 *    sets: 512 MiB for Kaveri and Carrizo, 1 GiB for Raven, 256 MiB for
 *    Stoney here, all of it CPU-visible (gmc_v7_0.c, gmc_v8_0.c,
 *    gmc_v9_0.c *_mc_init: aper_size = real_vram_size on APUs), DDR3 on
 *    Kaveri and Carrizo, DDR4 on Raven and Stoney, two channels (128 bits)
 *    but on Stoney (one).  Vega 20: 16 GiB of HBM2 on a 4096-bit bus on
 *    both boards.
 *  - RAS (AMDGPU_INFO_RAS_ENABLED_FEATURES, what vsharp tells SRAM ECC
 *    by): Linux 6.1 amdgpu_kms.c answers adev->ras_enabled << 32 |
 *    con->features, or -EINVAL without a RAS context.  amdgpu_ras_init()
 *    frees the context on Vega 10 and wherever RAS is enabled for no
 *    block but Vega 20; amdgpu_ras_check_supported() enables none on
 *    every chip but Vega 20, Arcturus, Aldebaran, Sienna Cichlid and MP0
 *    13.0.0/13.0.10 parts, and none on those whose VBIOS reports neither
 *    MEM nor SRAM ECC (amdgpu_atomfirmware_mem_ecc_supported,
 *    _sram_ecc_supported): every consumer board here.  A Vega 20 without ECC (Radeon VII) keeps its
 *    context with con->features = GFX ("set gfx block ras context feature
 *    for VEGA20 Gaming"), a bit the later disable never clears because
 *    the block is not allowed (__amdgpu_ras_feature_enable): it answers 0x4
 *    with nothing enabled.  The MI50 and the MI210 have both ECCs on; see
 *    RAS_VEGA20_ECC and the rest below.
 *  - DRM version: amdgpu_drv.c KMS_DRIVER_MAJOR/MINOR, 3.49 in Linux 6.1
 *    (Debian 12) for the chips 6.1 supports; 3.59 for GC 12, which needs a
 *    newer kernel.
 *
 * Subsystem ids of the GFX6-GFX8 boards, the Raven APU and the Vega 20
 * boards are 0: they vary per board (this file cites no source for
 * them) and nothing reads them.
 *
 * The MI50 profile is "gfx906-ecc", not "gfx906:sramecc+": a profile names
 * a board the kernel describes, and ECC is a setting of that board (its
 * VBIOS), not a chip of its own; vsharp has to find gfx906:sramecc+ from
 * what the kernel reports, as KFD does.  The LLVM target ID belongs to the
 * processor, which is the profile's .target column (the emulated GPU
 * behind it); and a plain name serves as a file and KTAP test name.
 *
 * The refusal profiles are chips or nodes vsharp must refuse or skip:
 * a CDNA part (GC 9.4.2 reports family AI like Vega 10), a GC 12.5 part
 * (family 152 like Navi 4x; its PCI id and sizes are placeholders, only the
 * GC version matters), a Tahiti that the radeon driver owns (radeon_drv.c
 * KMS_DRIVER_MAJOR 2, MINOR 50), an i915 node and a node the user may not
 * open.  The GFX6-GFX8 chips are skipped while vsharp has no probe shaders
 * or command buffers for their level, and run once it has.
 */
#include <errno.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "shim.h"
#include "base/util.h"

/* Families newer than libdrm 2.4.114's header (Linux uapi amdgpu_drm.h). */
#define FAMILY_GC_11_0_0 145
#define FAMILY_GC_12_0_0 152

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

/*
 * RAS blocks (Linux amdgpu_ras.h enum amdgpu_ras_block; libdrm's
 * AMDGPU_INFO_RAS_ENABLED_* name the first 14): MCA, VCN and JPEG are newer
 * than libdrm 2.4.114's header; AMDGPU_RAS_BLOCK_MASK covers 17 in 6.1.
 */
#define RAS_MCA (1u << 14)
#define RAS_VCN (1u << 15)
#define RAS_JPEG (1u << 16)
#define RAS_ALL_BLOCKS 0x1ffffu
/*
 * amdgpu_ras_check_supported() with both MEM ECC and SRAM ECC active:
 * every block, then VCN and JPEG dropped unless VCN is 2.6 (Aldebaran's).
 */
#define RAS_VEGA20_ECC (RAS_ALL_BLOCKS & ~(RAS_VCN | RAS_JPEG))
#define RAS_ALDEBARAN_ECC RAS_ALL_BLOCKS
/*
 * The features amdgpu_ras_late_init() then turns on: one per RAS block the
 * chip's IP code registered (gfx_v9_0.c, sdma_v4_0.c, gmc_v9_0.c for UMC,
 * MMHUB and HDP, nbio_v7_4.c for PCIE_BIF when not connected to the CPU;
 * on Aldebaran mca_v3_0.c and vcn_v2_5.c/jpeg_v2_5.c for VCN 2.6 too);
 * XGMI only in a hive (gfxhub_v1_1.c: PF_MAX_REGION 0 is a lone card).
 * Derived from the sources: no board was asked.
 */
#define RAS_VEGA20_FEATURES (AMDGPU_INFO_RAS_ENABLED_UMC | AMDGPU_INFO_RAS_ENABLED_SDMA | \
			     AMDGPU_INFO_RAS_ENABLED_GFX | AMDGPU_INFO_RAS_ENABLED_MMHUB | \
			     AMDGPU_INFO_RAS_ENABLED_PCIE | AMDGPU_INFO_RAS_ENABLED_HDP)
#define RAS_ALDEBARAN_FEATURES (RAS_VEGA20_FEATURES | RAS_MCA | RAS_VCN | RAS_JPEG)

/* Columns shared by every amdgpu row, and those of GFX9+ and GFX6-GFX8 nodes. */
#define AMDGPU_ROW .driver = "amdgpu", .drm_major = 3, .vendor = 0x1002, .subvendor = 0x1002, \
	.slot = "0000:03:00.0", .gtt_size = 12 * GIB
#define AMDGPU_NODE AMDGPU_ROW, .va_bits = 48, .vis_vram_size = 256 * MIB
#define GCN_NODE AMDGPU_ROW, .va_bits = 36, .vis_vram_size = 256 * MIB
/* An APU's VRAM is a carve-out of system memory, all of it CPU-visible (gmc_v*_mc_init). */
#define GCN_APU(vram) AMDGPU_ROW, .va_bits = 36, .vram_size = (vram), .vis_vram_size = (vram)
#define AMDGPU_APU(vram) AMDGPU_ROW, .va_bits = 48, .vram_size = (vram), .vis_vram_size = (vram)
/*
 * The SDMA block: instances (sdma.num_instances: si_dma.c 2, cik_sdma.c and
 * sdma_v3_0.c SDMA_MAX_INSTANCE 2 but Stoney 1, amdgpu_discovery.c / the
 * discovery table for GFX9+: Vega 10, Vega 20, Navi 10, Navi 31 2, Raven 1,
 * Navi 21 4, Aldebaran 5), the IP block's major.minor (si_dma 1.0, cik_sdma
 * 2.0, sdma_v3_0 3.0 and sdma_v3_1 3.1 for Polaris (vi.c), sdma_v4_0 4.0,
 * sdma_v5_0 5.0, sdma_v5_2 5.2, sdma_v6_0 6.0) and SDMA0's discovery version
 * (0 before Vega).  GFX12's SDMA 7.0 is newer than 6.1 and representative.
 */
#define SDMA(n, bmaj, bmin, maj, min, rev) .sdma_instances = (n), .sdma_block_major = (bmaj), \
	.sdma_block_minor = (bmin), .sdma_ip = (maj) << 16 | (min) << 8 | (rev)
#define GCN_SHADER .wave_size = 64, .max_gprs = 256, .lds_per_cu = 64 * KIB
#define RDNA_SHADER .wave_size = 32, .max_gprs = 512, .lds_per_cu = 128 * KIB

const struct shim_profile shim_profiles[] = {
	{
		.name = "gfx900", .what = "Vega 10, AMD Radeon RX Vega (687F:C1)",
		SDMA(2, 4, 0, 4, 0, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x687f, .pci_rev = 0xc1, .subdevice = 0x0b36,
		.family = AMDGPU_FAMILY_AI, .external_rev = 0x01,	/* soc15.c: fixed 0x1 */
		.gc_major = 9, .gc_minor = 0, .gc_rev = 1, .ip_block_major = 9, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 16, .cu_active = 64, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_HBM, .vram_bit_width = 2048, .vram_size = 8 * GIB,
		.gb_addr_config = 0x2a114042, .level = VSHARP_GFX9,
	},
	{
		.name = "gfx1010", .what = "Navi 10, AMD Radeon RX 5700 XT (731F:C1)",
		SDMA(2, 5, 0, 5, 0, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x731f, .pci_rev = 0xc1, .subdevice = 0x0b36,
		.family = AMDGPU_FAMILY_NV, .external_rev = 0x01,	/* nv.c: rev_id + 0x1 */
		.gc_major = 10, .gc_minor = 1, .gc_rev = 10, .ip_block_major = 10, .gfx_rings = 1,
		.num_se = 2, .num_sh_per_se = 2, .cu_per_sh = 10, .cu_active = 40, RDNA_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR6, .vram_bit_width = 256, .vram_size = 8 * GIB,
		.gb_addr_config = 0x00100044, .level = VSHARP_GFX10,
	},
	{
		.name = "gfx1030", .what = "Navi 21, AMD Radeon RX 6900 XT (73BF:C0)",
		SDMA(4, 5, 2, 5, 2, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x73bf, .pci_rev = 0xc0, .subdevice = 0x0e3a,
		.family = AMDGPU_FAMILY_NV, .external_rev = 0x28,	/* nv.c: rev_id + 0x28 */
		.gc_major = 10, .gc_minor = 3, .gc_rev = 0, .ip_block_major = 10, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 2, .cu_per_sh = 10, .cu_active = 80, RDNA_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR6, .vram_bit_width = 256, .vram_size = 16 * GIB,
		.gb_addr_config = 0x00000444, .level = VSHARP_GFX10_3,
	},
	{
		.name = "gfx1100", .what = "Navi 31, AMD Radeon RX 7900 XTX (744C:C8)",
		SDMA(2, 6, 0, 6, 0, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x744c, .pci_rev = 0xc8, .subdevice = 0x0e3b,
		.family = FAMILY_GC_11_0_0, .external_rev = 0x01,	/* soc21.c: rev_id + 0x1 */
		.gc_major = 11, .gc_minor = 0, .gc_rev = 0, .ip_block_major = 11, .gfx_rings = 1,
		.num_se = 6, .num_sh_per_se = 2, .cu_per_sh = 8, .cu_active = 96, RDNA_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR6, .vram_bit_width = 384, .vram_size = 24 * GIB,
		.gb_addr_config = 0x00000545, .level = VSHARP_GFX11,
	},
	{
		.name = "gfx1200", .what = "Navi 44, AMD Radeon RX 9060 XT (7590:C0)",
		SDMA(2, 7, 0, 7, 0, 0),
		AMDGPU_NODE, .drm_minor = 59, .device = 0x7590, .pci_rev = 0xc0, .subdevice = 0x0e3c,
		.family = FAMILY_GC_12_0_0, .external_rev = 0x40,	/* soc24.c: rev_id + 0x40 */
		.gc_major = 12, .gc_minor = 0, .gc_rev = 0, .ip_block_major = 12, .gfx_rings = 1,
		.num_se = 2, .num_sh_per_se = 2, .cu_per_sh = 8, .cu_active = 32, RDNA_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR6, .vram_bit_width = 128, .vram_size = 16 * GIB,
		.gb_addr_config = 0x00000442, .level = VSHARP_GFX12,
	},
	/* Refusal profiles. */
	{
		.name = "gfx90a", .what = "Aldebaran, AMD Instinct MI210 (740F:02), CDNA2",
		SDMA(5, 4, 0, 4, 4, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x740f, .pci_rev = 0x02, .subdevice = 0x0c34,
		.family = AMDGPU_FAMILY_AI, .external_rev = 0x3c,	/* soc15.c: rev_id + 0x3c */
		.gc_major = 9, .gc_minor = 4, .gc_rev = 2, .ip_block_major = 9, .gfx_rings = 0,
		.num_se = 8, .num_sh_per_se = 1, .cu_per_sh = 13, .cu_active = 104, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_HBM, .vram_bit_width = 4096, .vram_size = 64 * GIB,
		.gb_addr_config = 0x2a114042, .level = VSHARP_GFX9,
		.ras_context = true, .ras_enabled = RAS_ALDEBARAN_ECC,
		.ras_features = RAS_ALDEBARAN_FEATURES,
	},
	{
		.name = "gc12.5", .what = "a GC 12.5.0 part (placeholder PCI id and sizes)",
		AMDGPU_NODE, .drm_minor = 59, .device = 0x75ff, .pci_rev = 0x00, .subdevice = 0x0000,
		.family = FAMILY_GC_12_0_0, .external_rev = 0x60,
		.gc_major = 12, .gc_minor = 5, .gc_rev = 0, .ip_block_major = 12, .gfx_rings = 1,
		.num_se = 2, .num_sh_per_se = 2, .cu_per_sh = 8, .cu_active = 32, RDNA_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_HBM, .vram_bit_width = 1024, .vram_size = 16 * GIB,
		.gb_addr_config = 0x00000442, .level = VSHARP_GFX12,
	},
	{
		/* i915 answers DRM_IOCTL_VERSION with its own name, version 1.6.0. */
		.name = "i915", .what = "an Intel Arc A770 (8086:56A0) node",
		.driver = "i915", .drm_major = 1, .drm_minor = 6, .vendor = 0x8086, .device = 0x56a0,
		.pci_rev = 0x08, .subvendor = 0x8086, .subdevice = 0x1020, .slot = "0000:03:00.0",
	},
	{
		/* Navi 21 behind a node the user is not in the group of. */
		.name = "noperm", .what = "Navi 21 on a node open() refuses with EACCES",
		.like = "gfx1030", .open_errno = EACCES,
	},
	/*
	 * GFX6-GFX8 and a card radeon owns, after the rows above so that the
	 * profile indices the fuzz corpus (user/fuzz/corpus/shim) encodes keep
	 * naming the same chips.
	 */
	{
		.name = "gfx601", .what = "Pitcairn, AMD Radeon HD 7800 Series (6818:00)",
		SDMA(2, 1, 0, 0, 0, 0),
		GCN_NODE, .drm_minor = 49, .device = 0x6818, .pci_rev = 0x00,
		.family = AMDGPU_FAMILY_SI, .external_rev = 0x14,	/* si.c: rev_id + 20 */
		.ip_block_major = 6, .gfx_rings = 1,
		.num_se = 2, .num_sh_per_se = 2, .cu_per_sh = 5, .cu_active = 20, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR5, .vram_bit_width = 256, .vram_size = 2 * GIB,
		.gb_addr_config = 0x12011003, .level = VSHARP_GFX6,
	},
	{
		.name = "gfx701", .what = "Hawaii, AMD Radeon R9 200 Series (67B0:00), the R9 290X",
		SDMA(2, 2, 0, 0, 0, 0),
		GCN_NODE, .drm_minor = 49, .device = 0x67b0, .pci_rev = 0x00,
		.family = AMDGPU_FAMILY_CI, .external_rev = 0x28,	/* cik.c: fixed 0x28 */
		.ip_block_major = 7, .ip_block_minor = 3, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 11, .cu_active = 44, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR5, .vram_bit_width = 512, .vram_size = 4 * GIB,
		.gb_addr_config = 0x12011003, .level = VSHARP_GFX7,
	},
	{
		.name = "gfx803", .what = "Polaris 10, AMD Radeon RX 480 Graphics (67DF:C7)",
		SDMA(2, 3, 1, 0, 0, 0),
		GCN_NODE, .drm_minor = 49, .device = 0x67df, .pci_rev = 0xc7,
		.family = AMDGPU_FAMILY_VI, .external_rev = 0x50,	/* vi.c: rev_id + 0x50 */
		.ip_block_major = 8, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 9, .cu_active = 36, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR5, .vram_bit_width = 256, .vram_size = 8 * GIB,
		.gb_addr_config = 0x22011003, .level = VSHARP_GFX8,
	},
	{
		.name = "gfx810", .what = "Stoney, AMD Radeon R5 Graphics (98E4:C4), an APU",
		SDMA(1, 3, 0, 0, 0, 0),
		GCN_APU(256 * MIB), .drm_minor = 49, .device = 0x98e4, .pci_rev = 0xc4,
		.family = AMDGPU_FAMILY_CZ, .external_rev = 0x61,	/* vi.c: rev_id + 0x61 */
		.ip_block_major = 8, .ip_block_minor = 1, .gfx_rings = 1,
		.num_se = 1, .num_sh_per_se = 1, .cu_per_sh = 3, .cu_active = 3, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_DDR4, .vram_bit_width = 64,
		.gb_addr_config = 0x22010001, .level = VSHARP_GFX8,
	},
	{
		/* A GCN 1.0 card left to radeon (amdgpu.si_support=0, the default). */
		.name = "radeon", .what = "an AMD Radeon HD 7970 (6798:00) bound to radeon",
		.driver = "radeon", .drm_major = 2, .drm_minor = 50, .vendor = 0x1002,
		.device = 0x6798, .pci_rev = 0x00, .subvendor = 0x1002, .subdevice = 0x0000,
		.slot = "0000:03:00.0",
	},
	/*
	 * The other processors of GFX6 to GFX9, after the rows above for the
	 * fuzz corpus's sake too.
	 */
	{
		.name = "gfx600", .what = "Tahiti, AMD Radeon R9 200 / HD 7900 Series (6798:00), the HD 7970",
		SDMA(2, 1, 0, 0, 0, 0),
		GCN_NODE, .drm_minor = 49, .device = 0x6798, .pci_rev = 0x00,
		.family = AMDGPU_FAMILY_SI, .external_rev = 0x01,	/* si.c: rev_id 0 -> 1 */
		.ip_block_major = 6, .gfx_rings = 1,
		.num_se = 2, .num_sh_per_se = 2, .cu_per_sh = 8, .cu_active = 32, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR5, .vram_bit_width = 384, .vram_size = 3 * GIB,
		.gb_addr_config = 0x12011003, .level = VSHARP_GFX6,
	},
	{
		.name = "gfx700", .what = "Kaveri, AMD Radeon R7 Graphics (130F:00), an APU (A10-7850K)",
		SDMA(2, 2, 0, 0, 0, 0),
		GCN_APU(512 * MIB), .drm_minor = 49, .device = 0x130f, .pci_rev = 0x00,
		.family = AMDGPU_FAMILY_KV, .external_rev = 0x01,	/* cik.c: 0x1 but 1312/1316/1317 */
		.ip_block_major = 7, .ip_block_minor = 1, .gfx_rings = 1,
		.num_se = 1, .num_sh_per_se = 1, .cu_per_sh = 8, .cu_active = 8, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_DDR3, .vram_bit_width = 128,
		.gb_addr_config = 0x12010001, .level = VSHARP_GFX7,
	},
	{
		.name = "gfx801", .what = "Carrizo, AMD Radeon R7 Graphics (9874:C4), an APU",
		SDMA(2, 3, 0, 0, 0, 0),
		GCN_APU(512 * MIB), .drm_minor = 49, .device = 0x9874, .pci_rev = 0xc4,
		.family = AMDGPU_FAMILY_CZ, .external_rev = 0x01,	/* vi.c: rev_id + 0x1 */
		.ip_block_major = 8, .gfx_rings = 1,
		.num_se = 1, .num_sh_per_se = 1, .cu_per_sh = 8, .cu_active = 8, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_DDR3, .vram_bit_width = 128,
		.gb_addr_config = 0x22010001, .level = VSHARP_GFX8,
	},
	{
		.name = "gfx802", .what = "Tonga, AMD Radeon R9 380 Series (6939:F1)",
		SDMA(2, 3, 0, 0, 0, 0),
		GCN_NODE, .drm_minor = 49, .device = 0x6939, .pci_rev = 0xf1,
		.family = AMDGPU_FAMILY_VI, .external_rev = 0x14,	/* vi.c: rev_id + 0x14 */
		.ip_block_major = 8, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 7, .cu_active = 28, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_GDDR5, .vram_bit_width = 256, .vram_size = 4 * GIB,
		.gb_addr_config = 0x22011003, .level = VSHARP_GFX8,
	},
	{
		.name = "gfx902", .what = "Raven, AMD Radeon Vega 11 Graphics (15DD:C6), an APU (Ryzen 5 2400G)",
		SDMA(1, 4, 0, 4, 1, 0),
		AMDGPU_APU(1 * GIB), .drm_minor = 49, .device = 0x15dd, .pci_rev = 0xc6,
		.family = AMDGPU_FAMILY_RV, .external_rev = 0x01,	/* soc15.c: rev_id + 0x01 */
		.gc_major = 9, .gc_minor = 1, .gc_rev = 0, .ip_block_major = 9, .gfx_rings = 1,
		.num_se = 1, .num_sh_per_se = 1, .cu_per_sh = 11, .cu_active = 11, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_DDR4, .vram_bit_width = 128,
		.gb_addr_config = 0x24000042, .level = VSHARP_GFX9,
	},
	{
		/* A Vega 20 gaming board: RAS context with GFX's feature bit, nothing enabled. */
		.name = "gfx906", .what = "Vega 20, AMD Radeon VII (66AF:C1), SRAM ECC off",
		SDMA(2, 4, 0, 4, 2, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x66af, .pci_rev = 0xc1,
		.family = AMDGPU_FAMILY_AI, .external_rev = 0x28,	/* soc15.c: rev_id + 0x28 */
		.gc_major = 9, .gc_minor = 4, .gc_rev = 0, .ip_block_major = 9, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 15, .cu_active = 60, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_HBM, .vram_bit_width = 4096, .vram_size = 16 * GIB,
		.gb_addr_config = 0x22014042, .level = VSHARP_GFX9,
		.ras_context = true, .ras_enabled = 0, .ras_features = AMDGPU_INFO_RAS_ENABLED_GFX,
	},
	{
		/* SRAM and HBM ECC on: RAS enabled for every block but VCN and JPEG. */
		.name = "gfx906-ecc", .what = "Vega 20, AMD Instinct MI50 (66A1:02), SRAM ECC on",
		SDMA(2, 4, 0, 4, 2, 0),
		AMDGPU_NODE, .drm_minor = 49, .device = 0x66a1, .pci_rev = 0x02,
		.family = AMDGPU_FAMILY_AI, .external_rev = 0x28,	/* soc15.c: rev_id + 0x28 */
		.gc_major = 9, .gc_minor = 4, .gc_rev = 0, .ip_block_major = 9, .gfx_rings = 1,
		.num_se = 4, .num_sh_per_se = 1, .cu_per_sh = 15, .cu_active = 60, GCN_SHADER,
		.vram_type = AMDGPU_VRAM_TYPE_HBM, .vram_bit_width = 4096, .vram_size = 16 * GIB,
		.gb_addr_config = 0x22014042, .level = VSHARP_GFX9, .target = "gfx906:sramecc+",
		.ras_context = true, .ras_enabled = RAS_VEGA20_ECC, .ras_features = RAS_VEGA20_FEATURES,
	},
};

const size_t shim_profile_count = ARRAY_SIZE(shim_profiles);

static const struct shim_profile *row(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(shim_profiles); i++)
		if (!strcmp(shim_profiles[i].name, name))
			return &shim_profiles[i];
	return NULL;
}

const struct shim_profile *shim_profile_find(const char *name)
{
	static struct shim_profile merged;
	const struct shim_profile *p = row(name), *base;

	if (!p || !p->like)
		return p;
	/* A row "like" another is that chip with its own name and node. */
	base = row(p->like);
	if (!base)
		return NULL;
	merged = *base;
	merged.name = p->name;
	merged.what = p->what;
	merged.open_errno = p->open_errno;
	return &merged;
}
