// SPDX-License-Identifier: MIT
/*
 * Per-level PM4 facts as data: what the builder emits and how the decoder
 * reads it back.  Source tags (Documentation/references.rst): [L] libdrm
 * tests, [I] IGT, [K] kfdtest, [M] Mesa, [Lx] Linux, [LLVM] AMDGPUUsage.
 */
#include <stddef.h>

#include "vsharp/pm4.h"
#include "base/util.h"

/* ACQUIRE_MEM CP_COHER_CNTL on GFX7-9 ([Lx] cikd.h, vid.h, soc15d.h, gfx_v9_0_emit_mem_sync). */
#define COHER_TC_WB_ACTION_ENA		(1u << 18)
#define COHER_TCL1_ACTION_ENA		(1u << 22)
#define COHER_TC_ACTION_ENA		(1u << 23)
#define COHER_SH_KCACHE_ACTION_ENA	(1u << 27)
#define COHER_SH_ICACHE_ACTION_ENA	(1u << 29)

/* ACQUIRE_MEM GCR_CNTL on GFX10+ ([Lx] nvd.h, gfx_v10_0_emit_mem_sync). */
#define GCR_GLI_INV_ALL			(1u << 0)	/* GLI_INV[1:0] = 1 */
#define GCR_GLM_WB			(1u << 4)
#define GCR_GLM_INV			(1u << 5)
#define GCR_GLK_INV			(1u << 7)
#define GCR_GLV_INV			(1u << 8)
#define GCR_GL1_INV			(1u << 9)
#define GCR_GL2_INV			(1u << 14)
#define GCR_GL2_WB			(1u << 15)

/*
 * Invalidate every cache the shader reads through and write L2 back, before
 * the dispatch: the kernel only does this with AMDGPU_IB_FLAG_EMIT_MEM_SYNC,
 * and probes reuse buffers the CPU rewrites between cases ([Lx] amdgpu_ib_schedule).
 */
#define GFX9_COHER (COHER_TC_WB_ACTION_ENA | COHER_TCL1_ACTION_ENA | COHER_TC_ACTION_ENA | \
		    COHER_SH_KCACHE_ACTION_ENA | COHER_SH_ICACHE_ACTION_ENA)
/* GFX6/7: no L2 write-back action ([Lx] sid.h; gfx_v6_0_emit_mem_sync, gfx_v7_0_emit_mem_sync_compute). */
#define GFX6_COHER (COHER_TCL1_ACTION_ENA | COHER_TC_ACTION_ENA | COHER_SH_KCACHE_ACTION_ENA | \
		    COHER_SH_ICACHE_ACTION_ENA)
#define GFX10_GCR (GCR_GLI_INV_ALL | GCR_GLM_WB | GCR_GLM_INV | GCR_GLK_INV | GCR_GLV_INV | \
		   GCR_GL1_INV | GCR_GL2_INV | GCR_GL2_WB)
/* GFX12 has no GL1, and Mesa sets GLM_* only below GFX12. */
#define GFX12_GCR (GCR_GLI_INV_ALL | GCR_GLK_INV | GCR_GLV_INV | GCR_GL2_INV | GCR_GL2_WB)

/* RSRC3.INST_PREF_SIZE (bits 9:4 on GFX11): the peers prefetch 63 x 128 bytes. */
#define GFX11_RSRC3 (63u << 4)

/*
 * SET_SH_REG_INDEX INDEX 3 for the SE0..SE3 CU masks: what libdrm's
 * dispatch tests send on GFX10 and GFX11 (shader_test_util.c, 0x30000216),
 * so the one form proven on those queues.  GFX9 and GFX12 use plain
 * SET_SH_REG like Mesa, whose ac_pm4_set_reg_idx3() only emits index 3
 * when the kernel manages CU masks, which it does not (ac_gpu_info.c
 * uses_kernel_cu_mask = false).
 */
#define CU_MASK_IDX3 3

/*
 * LDS_SIZE units and allocation granule (Mesa ac_gpu_info.c
 * lds_encode_granularity: 128 dwords from GFX7, 64 on GFX6;
 * lds_alloc_granularity: 256 dwords from GFX10.3).
 */
#define LDS_ALLOC_256 256u
#define LDS_ALLOC_512 512u
#define LDS_ALLOC_1K 1024u

/*
 * SGPR allocation granule where RSRC1.SGPRS counts 8-SGPR blocks: 8 on
 * GFX6-8, 16 on GFX9 (LLVM AMDGPUBaseInfo.cpp getSGPREncodingGranule and
 * getNumSGPRBlocks: "16 for GFX9, 8 for GFX6-8").
 */
#define SGPR_ALLOC_8 8u
#define SGPR_ALLOC_16 16u

/*
 * VCC in the top two SGPRs of the allocation on GFX6-9 (AMD "Vega" ISA
 * §3.6.2; LLVM getNumExtraSGPRs adds 2 for VCC below GFX10, where VCC has
 * its own registers).
 */
#define VCC_IN_SGPRS 2u

/*
 * DISPATCH_INITIATOR.ORDER_MODE from GFX7 only: radeonsi sets it as
 * S_00B800_ORDER_MODE(sctx->gfx_level >= GFX7) (si_compute.c
 * si_emit_dispatch_packets; ">= CIK" in older trees).  On GFX6 bit 6 is
 * not a field (vsharp's GFX6 row leaves it 0).
 */

/*
 * Bytes per CP DMA packet: BYTE_COUNT is 21 bits to GFX8 and 26 from GFX9
 * ([Lx] sid.h, cikd.h, vid.h, soc15d.h, nvd.h), and Mesa keeps GFX11+ to
 * 32767 (si_cp_dma.c cp_dma_max_byte_count), each rounded down to Mesa's
 * 32-byte SI_CPDMA_ALIGNMENT so that every packet but the last stays aligned.
 */
#define CP_DMA_MAX_GFX6 (0x1fffffu & ~31u)
#define CP_DMA_MAX_GFX9 (0x3ffffffu & ~31u)
#define CP_DMA_MAX_GFX11 (32767u & ~31u)

static const struct vsharp_pm4_level levels[] = {
	{
		/* [Lx] gfx_v6_0.c gfx_v6_0_emit_mem_sync: SURFACE_SYNC, SI has no ACQUIRE_MEM. */
		.level = VSHARP_GFX6, .surface_sync = true, .coher_cntl = GFX6_COHER,
		.sgprs_field = true, .sgpr_alloc = SGPR_ALLOC_8, .vcc_sgprs = VCC_IN_SGPRS,
		.cu_mask_index = -1, .lds_encode = LDS_ALLOC_256, .lds_alloc = LDS_ALLOC_256,
		.cp_dma_max = CP_DMA_MAX_GFX6,
	},
	{
		/* [Lx] gfx_v7_0.c gfx_v7_0_emit_mem_sync_compute. */
		.level = VSHARP_GFX7, .acquire_body = 6, .coher_cntl = GFX6_COHER,
		.sgprs_field = true, .sgpr_alloc = SGPR_ALLOC_8, .vcc_sgprs = VCC_IN_SGPRS,
		.order_mode = true, .cu_mask_index = -1,
		.lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_512,
		.cp_dma_max = CP_DMA_MAX_GFX6,
	},
	{
		/* [Lx] gfx_v8_0.c gfx_v8_0_emit_mem_sync_compute: GFX9's five actions. */
		.level = VSHARP_GFX8, .acquire_body = 6, .coher_cntl = GFX9_COHER,
		.sgprs_field = true, .sgpr_alloc = SGPR_ALLOC_8, .vcc_sgprs = VCC_IN_SGPRS,
		.order_mode = true, .cu_mask_index = -1,
		.lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_512,
		.cp_dma_max = CP_DMA_MAX_GFX6,
	},
	{
		.level = VSHARP_GFX9, .acquire_body = 6, .coher_cntl = GFX9_COHER,
		.sgprs_field = true, .sgpr_alloc = SGPR_ALLOC_16, .vcc_sgprs = VCC_IN_SGPRS,
		.order_mode = true, .cu_mask_index = -1,
		.lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_512,
		.cp_dma_max = CP_DMA_MAX_GFX9,
	},
	{
		.level = VSHARP_GFX10, .acquire_body = 7, .gcr_cntl = GFX10_GCR,
		.wave32 = true, .sgprs_fixed = 128, .mem_ordered = true, .order_mode = true, .rsrc3 = true,
		.cu_mask_index = CU_MASK_IDX3, .lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_512,
		.cp_dma_max = CP_DMA_MAX_GFX9,
	},
	{
		.level = VSHARP_GFX10_3, .acquire_body = 7, .gcr_cntl = GFX10_GCR,
		.wave32 = true, .sgprs_fixed = 128, .mem_ordered = true, .order_mode = true, .rsrc3 = true,
		.cu_mask_index = CU_MASK_IDX3, .lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_1K,
		.cp_dma_max = CP_DMA_MAX_GFX9,
	},
	{
		.level = VSHARP_GFX11, .acquire_body = 7, .gcr_cntl = GFX10_GCR,
		.wave32 = true, .sgprs_fixed = 128, .mem_ordered = true, .order_mode = true, .rsrc3 = true,
		.rsrc3_value = GFX11_RSRC3, .cu_mask_index = CU_MASK_IDX3, .packed_tid = true,
		.lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_1K,
		.cp_dma_max = CP_DMA_MAX_GFX11,
	},
	{
		/*
		 * RSRC3 0: the GFX12 INST_PREF_SIZE (bits 11:4) has no peer value
		 * to follow, and no prefetch is always safe.
		 */
		.level = VSHARP_GFX12, .acquire_body = 7, .gcr_cntl = GFX12_GCR,
		.wave32 = true, .sgprs_fixed = 128, .mem_ordered = true, .order_mode = true, .rsrc3 = true,
		.cu_mask_index = -1, .packed_tid = true, .tgid_ttmp = true,
		.lds_encode = LDS_ALLOC_512, .lds_alloc = LDS_ALLOC_1K,
		.cp_dma_max = CP_DMA_MAX_GFX11,
	},
};

const struct vsharp_pm4_level *vsharp_pm4_level(enum vsharp_gfx level)
{
	for (size_t i = 0; i < ARRAY_SIZE(levels); i++)
		if (levels[i].level == level)
			return &levels[i];
	return NULL;
}

/*
 * Every type-3 opcode Mesa's src/amd/common/sid.h names (PKT3_*), with the
 * constant-engine packets Mesa no longer names: WAIT_ON_DE_COUNTER_DIFF and
 * SWITCH_BUFFER (Linux soc15d.h, nvd.h, vid.h PACKET3_*), SET_CE_DE_COUNTERS
 * (PAL si_ci_vi_merged_pm4defs.h IT_SET_CE_DE_COUNTERS; libdrm
 * tests/amdgpu/basic_tests.c emits it as 0xc0008900).
 */
static const char *const opcode_names[256] = {
	[0x10] = "NOP",
	[0x11] = "SET_BASE",
	[0x12] = "CLEAR_STATE",
	[0x13] = "INDEX_BUFFER_SIZE",
	[0x15] = "DISPATCH_DIRECT",
	[0x16] = "DISPATCH_INDIRECT",
	[0x1e] = "ATOMIC_MEM",
	[0x1f] = "OCCLUSION_QUERY",
	[0x20] = "SET_PREDICATION",
	[0x22] = "COND_EXEC",
	[0x23] = "PRED_EXEC",
	[0x24] = "DRAW_INDIRECT",
	[0x25] = "DRAW_INDEX_INDIRECT",
	[0x26] = "INDEX_BASE",
	[0x27] = "DRAW_INDEX_2",
	[0x28] = "CONTEXT_CONTROL",
	[0x2a] = "INDEX_TYPE",
	[0x2c] = "DRAW_INDIRECT_MULTI",
	[0x2d] = "DRAW_INDEX_AUTO",
	[0x2e] = "DRAW_INDEX_IMMD",
	[0x2f] = "NUM_INSTANCES",
	[0x30] = "DRAW_INDEX_MULTI_AUTO",
	[0x32] = "INDIRECT_BUFFER_SI",
	[0x33] = "INDIRECT_BUFFER_CONST",
	[0x34] = "STRMOUT_BUFFER_UPDATE",
	[0x35] = "DRAW_INDEX_OFFSET_2",
	[0x37] = "WRITE_DATA",
	[0x38] = "DRAW_INDEX_INDIRECT_MULTI",
	[0x39] = "MEM_SEMAPHORE",
	[0x3a] = "MPEG_INDEX",
	[0x3c] = "WAIT_REG_MEM",
	[0x3d] = "MEM_WRITE",
	[0x3f] = "INDIRECT_BUFFER",
	[0x40] = "COPY_DATA",
	[0x41] = "CP_DMA",
	[0x42] = "PFP_SYNC_ME",
	[0x43] = "SURFACE_SYNC",
	[0x44] = "ME_INITIALIZE",
	[0x45] = "COND_WRITE",
	[0x46] = "EVENT_WRITE",
	[0x47] = "EVENT_WRITE_EOP",
	[0x48] = "EVENT_WRITE_EOS",
	[0x49] = "RELEASE_MEM",
	[0x4c] = "DISPATCH_MESH_INDIRECT_MULTI",
	[0x4d] = "DISPATCH_TASKMESH_GFX",
	[0x4e] = "DISPATCH_MESH_DIRECT",
	[0x50] = "DMA_DATA",
	[0x51] = "CONTEXT_REG_RMW",
	[0x57] = "ONE_REG_WRITE",
	[0x58] = "ACQUIRE_MEM",
	[0x59] = "REWIND",
	[0x5d] = "PRIME_UTCL2",
	[0x5e] = "LOAD_UCONFIG_REG",
	[0x5f] = "LOAD_SH_REG",
	[0x61] = "LOAD_CONTEXT_REG",
	[0x63] = "LOAD_SH_REG_INDEX",
	[0x68] = "SET_CONFIG_REG",
	[0x69] = "SET_CONTEXT_REG",
	[0x76] = "SET_SH_REG",
	[0x77] = "SET_SH_REG_OFFSET",
	[0x79] = "SET_UCONFIG_REG",
	[0x7a] = "SET_UCONFIG_REG_INDEX",
	[0x80] = "LOAD_CONST_RAM",
	[0x81] = "WRITE_CONST_RAM",
	[0x83] = "DUMP_CONST_RAM",
	[0x84] = "INCREMENT_CE_COUNTER",
	[0x85] = "INCREMENT_DE_COUNTER",
	[0x86] = "WAIT_ON_CE_COUNTER",
	[0x88] = "WAIT_ON_DE_COUNTER_DIFF",
	[0x89] = "SET_CE_DE_COUNTERS",
	[0x8b] = "SWITCH_BUFFER",
	[0x95] = "HDP_FLUSH",
	[0x9b] = "SET_SH_REG_INDEX",
	[0x9f] = "LOAD_CONTEXT_REG_INDEX",
	[0xa7] = "DISPATCH_DIRECT_INTERLEAVED",
	[0xa8] = "DISPATCH_INDIRECT_INTERLEAVED",
	[0xa9] = "DISPATCH_TASK_STATE_INIT",
	[0xaa] = "DISPATCH_TASKMESH_DIRECT_ACE",
	[0xad] = "DISPATCH_TASKMESH_INDIRECT_MULTI_ACE",
	[0xb1] = "EVENT_WRITE_ZPASS",
	[0xb8] = "SET_CONTEXT_REG_PAIRS",
	[0xb9] = "SET_CONTEXT_REG_PAIRS_PACKED",
	[0xba] = "SET_SH_REG_PAIRS",
	[0xbb] = "SET_SH_REG_PAIRS_PACKED",
	[0xbd] = "SET_SH_REG_PAIRS_PACKED_N",
	[0xbe] = "SET_UCONFIG_REG_PAIRS",
	[0xd0] = "PROTECTED_FENCE_SIGNAL",
	[0xd1] = "FENCE_WAIT_MULTI",
	[0xef] = "UPDATE_DB_SUMMARIZER_TIMEOUT",
};

const char *vsharp_pm4_opcode_name(unsigned opcode)
{
	return opcode < ARRAY_SIZE(opcode_names) ? opcode_names[opcode] : NULL;
}
