// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "vsharp/rules.h"
#include "base/util.h"
#include "hw/levels.h"

/* One default for every level. */
#define ALL_DEFAULT(c) { \
	[VSHARP_GFX6] = c, [VSHARP_GFX7] = c, [VSHARP_GFX8] = c, [VSHARP_GFX9] = c, \
	[VSHARP_GFX10] = c, [VSHARP_GFX10_3] = c, [VSHARP_GFX11] = c, [VSHARP_GFX12] = c }

/*
 * ISA-V = AMD Vega ISA, R1..R4 = RDNA1..RDNA4 ISA guides, by section or
 * table (editions in Documentation/references.rst).
 */
static const struct vsharp_rule_info rules[VSHARP_RULE_COUNT] = {
	[VSHARP_RULE_GFX9_RAW_SOFFSET] = {
		"gfx9_raw_soffset", "GFX9 raw buffer range check and SGPR offset", GFX(9), 2,
		{ { "excluded", "ISA-V §8.1.5 Raw Buffer: (InstOffset + vgpr_offset) >= NumRecords" },
		  { "subtracted", "gem5 Vega Inst_MUBUF::calcAddr, GCN3: offset >= NumRecords - soffset" } },
		ALL_DEFAULT(VSHARP_GFX9_RAW_SOFFSET_EXCLUDED),
	},
	[VSHARP_RULE_GFX10_STRUCT_OFFSET] = {
		"gfx10_struct_offset", "GFX10 OOB_SELECT 0 offset test", GFX_RANGE(10, 10_3), 3,
		{ { "ge", "R2 Table 35 and Mesa ac_set_buf_desc_word3: offset >= stride" },
		  { "gt", "R1 Table 35: offset > stride" },
		  { "payload", "R3 Table 46 (GFX11 form): offset + payload > stride" } },
		ALL_DEFAULT(VSHARP_GFX10_STRUCT_GE),
	},
	[VSHARP_RULE_GFX10_RAW] = {
		"gfx10_raw", "GFX10 OOB_SELECT 3 (raw) range check", GFX_RANGE(10, 10_3), 3,
		{ { "payload_bytes", "R1 Table 35 with payload in bytes as R3 defines it; rocMLIR PR #678: offset + len > numRecords - soffset" },
		  { "payload_dwords", "R1 Table 35 literally: payload is the number of dwords" },
		  { "offset_ge", "Mesa ac_set_buf_desc_word3 GFX10 comment: offset >= NUM_RECORDS" } },
		ALL_DEFAULT(VSHARP_GFX10_RAW_PAYLOAD_BYTES),
	},
	[VSHARP_RULE_GCN_RANGE] = {
		"gcn_range", "GFX6-8 range check of strided buffers", GFX_RANGE(6, 8), 2,
		{ { "clrx", "CLRX GcnMemHandling: stride != 0 with IDXEN or ADD_TID: index >= NumRecords || offset >= stride; else offset >= NumRecords - soffset" },
		  { "bytes", "radeonsi si_make_buffer_descriptor (GFX8): NUM_RECORDS in bytes unless swizzled; check stride*index + offset >= NumRecords - soffset" } },
		{ [VSHARP_GFX6] = VSHARP_GCN_RANGE_CLRX, [VSHARP_GFX7] = VSHARP_GCN_RANGE_CLRX,
		  [VSHARP_GFX8] = VSHARP_GCN_RANGE_BYTES },
	},
	[VSHARP_RULE_STRICT_B96] = {
		"strict_b96", "STRICT alignment of 12-byte accesses", GFX_RANGE(6, 12), 3,
		{ { "16", "UNVERIFIED: next power of two, as LDS b96 (R3 §3.3.4.1 masks B96 with ~15)" },
		  { "4", "UNVERIFIED: dword alignment" },
		  { "12", "R3 §9.5 literally: aligned to data size" } },
		ALL_DEFAULT(VSHARP_STRICT_B96_16),
	},
	[VSHARP_RULE_ATOMIC_MISALIGNED] = {
		"atomic_misaligned", "misaligned buffer atomics in DWORD mode", GFX_RANGE(6, 12), 2,
		{ { "memviol", "R3 §9.5: atomics must be aligned to the data size, or MEMVIOL" },
		  { "force", "R4 §9.5: in DWORD mode atomics have their LSBs ignored until payload-aligned; ISA-V §8.1.7: LSBs ignored" } },
		{ [VSHARP_GFX6] = VSHARP_MISALIGNED_FORCE, [VSHARP_GFX7] = VSHARP_MISALIGNED_FORCE,
		  [VSHARP_GFX8] = VSHARP_MISALIGNED_FORCE, [VSHARP_GFX9] = VSHARP_MISALIGNED_FORCE,
		  [VSHARP_GFX10] = VSHARP_MISALIGNED_MEMVIOL, [VSHARP_GFX10_3] = VSHARP_MISALIGNED_MEMVIOL,
		  [VSHARP_GFX11] = VSHARP_MISALIGNED_MEMVIOL, [VSHARP_GFX12] = VSHARP_MISALIGNED_FORCE },
	},
	[VSHARP_RULE_FORMAT_MISALIGNED] = {
		"format_misaligned", "format instructions below component alignment", GFX_RANGE(6, 12), 2,
		{ { "memviol", "UNVERIFIED: treated like atomics" },
		  { "force", "UNVERIFIED: R3 §9.5 requires 1/2/4-byte alignment by component size and says the hardware aligns requests in DWORD mode" } },
		ALL_DEFAULT(VSHARP_MISALIGNED_FORCE),
	},
	[VSHARP_RULE_LDS_M0_CLAMP] = {
		"lds_m0_clamp", "LDS accesses limited to MIN(M0, LDS_SIZE)", GFX_RANGE(6, 12), 2,
		{ { "clamp", "ISA-V §10.3.3, R1 §3.6.6, R2 §3.6.1: size sent to LDS is MIN(M0, LDS_SIZE)" },
		  { "ignored", "R3 §12.5, R4 §12.5: M0 is only read by ADDTID; LLVM ldsRequiresM0Init() is false on GFX9+" } },
		/*
		 * GFX9-10.3 follow the compilers, not the guides' sentence: LLVM
		 * (ldsRequiresM0Init), ACO and hipBLASLt leave M0 unset before DS
		 * from GFX9, and that code runs on those chips (Documentation/model.rst).
		 */
		{ [VSHARP_GFX6] = VSHARP_LDS_M0_CLAMP, [VSHARP_GFX7] = VSHARP_LDS_M0_CLAMP,
		  [VSHARP_GFX8] = VSHARP_LDS_M0_CLAMP, [VSHARP_GFX9] = VSHARP_LDS_M0_IGNORED,
		  [VSHARP_GFX10] = VSHARP_LDS_M0_IGNORED, [VSHARP_GFX10_3] = VSHARP_LDS_M0_IGNORED,
		  [VSHARP_GFX11] = VSHARP_LDS_M0_IGNORED, [VSHARP_GFX12] = VSHARP_LDS_M0_IGNORED },
	},
	[VSHARP_RULE_TFE_OOB] = {
		"tfe_oob", "TFE status of an out-of-range (not PRT) load", GFX_RANGE(6, 12), 2,
		{ { "keep", "R4 §10.1.1: status written on texture (PRT) faults only; ISA-V TFE: written on a NACK; else the VGPR keeps its value" },
		  { "fail", "UNVERIFIED: TEXEL_FAIL set for out-of-range lanes" } },
		ALL_DEFAULT(VSHARP_TFE_OOB_KEEP),
	},
	[VSHARP_RULE_GFX9_SWIZZLE_ELEMENT] = {
		"gfx9_swizzle_element", "GFX9 swizzle element size", GFX(9), 2,
		{ { "4", "Mesa si_compute.c setup_scratch_rsrc_user_sgprs: only 4 bytes on GFX9" },
		  { "from_bits", "ISA-V Table 30 const_element_size, read from dw3[20:19] as on GFX8 (gem5 BufferRsrcDescriptor)" } },
		ALL_DEFAULT(VSHARP_GFX9_ES_FIXED_4),
	},
	[VSHARP_RULE_MISSING_CHANNEL] = {
		"missing_channel", "format loads selecting a channel the format lacks", GFX_RANGE(6, 12), 2,
		{ { "0001", "UNVERIFIED: missing G, B read 0 and A reads 1 (D3D/Vulkan texel rule)" },
		  { "0000", "R3 §9.3 identity DST_SEL X000, XY00, XYZ0: missing channels are 0" } },
		ALL_DEFAULT(VSHARP_MISSING_0001),
	},
	[VSHARP_RULE_STORE_FORMAT_FILL] = {
		"store_format_fill", "store_format with fewer components than the format", GFX_RANGE(6, 12), 2,
		{ { "replicate_x", "R4 §9.3: the first component fills the missing ones (XYXX)" },
		  { "skip", "UNVERIFIED: missing channels keep memory" } },
		{ [VSHARP_GFX6] = VSHARP_STORE_FILL_SKIP, [VSHARP_GFX7] = VSHARP_STORE_FILL_SKIP,
		  [VSHARP_GFX8] = VSHARP_STORE_FILL_SKIP, [VSHARP_GFX9] = VSHARP_STORE_FILL_SKIP,
		  [VSHARP_GFX10] = VSHARP_STORE_FILL_SKIP, [VSHARP_GFX10_3] = VSHARP_STORE_FILL_SKIP,
		  [VSHARP_GFX11] = VSHARP_STORE_FILL_SKIP, [VSHARP_GFX12] = VSHARP_STORE_FILL_REPLICATE_X },
	},
	[VSHARP_RULE_LDS_DMA_OFFSET] = {
		"lds_dma_offset", "instruction offset in the LDS address of buffer-to-LDS loads", GFX_RANGE(6, 11), 2,
		{ { "with_ioffset", "ISA-C4 §9.1.9: LDS_ADDR = LDSbase + M0[15:0] + inst_offset + TID*4" },
		  { "without_ioffset", "CLRX GcnMemHandling: LDS_ADDR = LDS_BASE + (M0 & 0xffff) + LANEID*4" } },
		ALL_DEFAULT(VSHARP_LDS_DMA_WITH_IOFFSET),
	},
	[VSHARP_RULE_D16_UNUSED_HALF] = {
		"d16_unused_half", "the other half of a D16 load's VGPR", GFX_RANGE(8, 12), 2,
		{ { "preserve", "LLVM GCNSubtarget d16PreservesUnusedBits() without SRAM-ECC" },
		  { "zero", "ISA-C4 §9.1.6: with ECC enabled 16-bit loads write the full VGPR" } },
		/* GFX8 (unpacked D16 format loads, gfx803): zero, inferred (model.rst "D16"). */
		{ [VSHARP_GFX6] = VSHARP_D16_PRESERVE, [VSHARP_GFX7] = VSHARP_D16_PRESERVE,
		  [VSHARP_GFX8] = VSHARP_D16_ZERO, [VSHARP_GFX9] = VSHARP_D16_PRESERVE,
		  [VSHARP_GFX10] = VSHARP_D16_PRESERVE, [VSHARP_GFX10_3] = VSHARP_D16_PRESERVE,
		  [VSHARP_GFX11] = VSHARP_D16_PRESERVE, [VSHARP_GFX12] = VSHARP_D16_PRESERVE },
	},
	[VSHARP_RULE_APPEND_M0] = {
		"append_m0", "LDS address of ds_append/ds_consume from M0", GFX_RANGE(6, 11), 2,
		{ { "base_size", "ISA-V, R1-R3 DS_APPEND \"addr = M0.base + offset; // offset by LDS HWBASE, limit to M.size\"; R3 §12.6 \"M0 is used for: [15:0] holds SIZE, in bytes; [31:16] holds BASE address in bytes\"" },
		  { "address", "LLVM llvm.amdgcn.ds.append.ll: \"s_mov_b32 m0, [[PTR]]\" puts the LDS byte address in M0, no size" } },
		ALL_DEFAULT(VSHARP_APPEND_M0_BASE_SIZE),
	},
	[VSHARP_RULE_SRC2_THREAD_DEST] = {
		"src2_thread_dest", "destination of a DS *_src2_* op with a per-thread offset (offset1[7] = 1)", GFX_RANGE(6, 10), 2,
		{ { "17bit", "AMD OpenCL optimisation guide, LDS chapter, SRC2 ops: LDS_Addr1 = LDS_BASE + VGPR(ADDR)[16:0]" },
		  { "whole", "ISA-V DS_ADD_SRC2_U32: \"A = ADDR_BASE; B = A + 4*{A[31],A[31:17]}; MEM[A] = ...\" read with A the whole VGPR" } },
		ALL_DEFAULT(VSHARP_SRC2_DEST_17BIT),
	},
	/* The BVH stack ops' DECODE_ADDR, ENCODE_ADDR, INVALID_NODE and wrap (model/ds_bvh.c). */
	[VSHARP_RULE_BVH_STACK_SIZE] = {
		"bvh_stack_size", "where GFX11 ds_bvh_stack_rtn_b32 takes the stack size", GFX(11), 2,
		{ { "offset1", "R3 DS_BVH_STACK_RTN_B32 \"OFFSET1[5:4] contains stack_size[1:0]\"; Mesa radv_build_bvh_stack_rtn_addr: ADDR bits 0-17 are the index" },
		  { "addr", "R3 §12.5.3 ADDR row: \"stack_addr[17:16] = stack_size[1:0] ... stack_addr[15:0] = stack_index[15:0]\"" } },
		ALL_DEFAULT(VSHARP_BVH_SIZE_OFFSET1),
	},
	[VSHARP_RULE_BVH_STACK_ADDR] = {
		"bvh_stack_addr", "the GFX12 stack address layout in ADDR", GFX(12), 2,
		{ { "fields", "R4 §12.5.3 Address Fields: ring_addr [14:10], stack_base_addr [28:15] in dwords, size in OFFSET0[4:0]; GPURT rtip3_ds_stack_emulation.hlsl unpack_stack_addr; Mesa radv_build_bvh_stack_rtn_addr shifts by 15 on GFX12" },
		  { "rdna3", "R4 §12.5.3 ADDR row as in R3: stack_base [31:18], stack_size [17:16], stack_index [15:0]" } },
		ALL_DEFAULT(VSHARP_BVH_ADDR_FIELDS),
	},
	[VSHARP_RULE_BVH_STACK_STRIDE] = {
		"bvh_stack_stride", "LDS bytes between a lane's stack entries", GFX_RANGE(11, 12), 2,
		{ { "wave32", "Mesa radv_build_bvh_stack_rtn_addr: \"The hardware uses a stride of 128 bytes (32 entries) for the stack index\"" },
		  { "dword", "R3, R4 pseudo-code MEM[stack_base + stack_index] with dword entries" } },
		ALL_DEFAULT(VSHARP_BVH_STRIDE_WAVE32),
	},
	[VSHARP_RULE_BVH_STACK_POP] = {
		"bvh_stack_pop", "the entry a BVH stack pop reads", GFX_RANGE(11, 12), 2,
		{ { "top", "GPURT rtip3_ds_stack_emulation.hlsl pop(): the index steps back, then the entry is read (the last push comes back)" },
		  { "literal", "R3, R4 pseudo-code: RETURN_DATA = MEM[stack_base + stack_index], then stack_index -= 1" } },
		ALL_DEFAULT(VSHARP_BVH_POP_TOP),
	},
	[VSHARP_RULE_BVH_STACK_WRAP] = {
		"bvh_stack_wrap", "how a full or empty BVH stack wraps", GFX_RANGE(11, 12), 2,
		{ { "ring", "R4 §12.5.3 ring_addr \"rolling address in the ring buffer\"; GPURT push()/pop() wrap the address at stackSize" },
		  { "counter", "R3 §12.5.3: stack_index[15:0] counts past the stack (8-64 entries), only the entry wraps (\"wraps around and overwrites older items\")" } },
		ALL_DEFAULT(VSHARP_BVH_WRAP_RING),
	},
	[VSHARP_RULE_BVH_INVALID_NODE] = {
		"bvh_invalid_node", "the INVALID_NODE of the BVH stack ops' pseudo-code", GFX_RANGE(11, 12), 2,
		{ { "all_ones", "Mesa radv bvh.h RADV_BVH_INVALID_NODE 0xffffffff" },
		  { "bits31_3", "GPURT rtip3_ds_stack_emulation.hlsl: a node is invalid when bits [31:3] are all ones ((node >> 3) == 0x1fffffff)" } },
		{ [VSHARP_GFX11] = VSHARP_BVH_INVALID_ALL_ONES, [VSHARP_GFX12] = VSHARP_BVH_INVALID_BITS31_3 },
	},
	[VSHARP_RULE_BVH_PUSH8] = {
		"bvh_push8", "what the GFX12 push8 stack ops do", GFX(12), 2,
		{ { "isa", "R4 DS_BVH_STACK_PUSH8_POP1_RTN_B32, PUSH8_POP2_RTN_B64 pseudo-code: DATA1[0..6] pushed in order, DATA1[7] returned if valid, else popped; the other ADDR fields untouched" },
		  { "gpurt", "GPURT rtip3_ds_stack_emulation.hlsl (RTIP 3.0): DATA1[7] down to DATA1[0] pushed after the last node, SKIP_0_3/SKIP_4_7, valid_entries, entries_to_tlas and the flags kept, an empty pop TERMINAL_NODE (INVALID_NODE once overflowed), instance nodes mark the TLAS, pop2 the deeper node first" } },
		ALL_DEFAULT(VSHARP_BVH_PUSH8_ISA),
	},
	[VSHARP_RULE_SMEM_SIZE] = {
		"smem_size", "bytes an S_BUFFER_LOAD may read (GFX6-10.3)", GFX_RANGE(6, 10_3), 2,
		{ { "stride_x_records", "R3 and R4 §8.4.1 \"offset >= ((stride==0 ? 1 : stride) * num_records)\", and §8.1.2 m_size" },
		  { "records_or_1", "ISA-V §7.2.1, R1 and R2 §7.2.1 pseudo-code: \"m_size = (m_stride == 0) ? 1 : m_num_records\"" } },
		ALL_DEFAULT(VSHARP_SMEM_SIZE_STRIDE_X_RECORDS),
	},
	[VSHARP_RULE_SMEM_OOB] = {
		"smem_oob", "out-of-range dwords of an S_BUFFER_LOAD (GFX6-10.3)", GFX_RANGE(6, 10_3), 2,
		{ { "keep", "ISA-V §7.4, R1 and R2 §7.5 \"the operation is not performed for any Dwords that are out-of-range\": the SGPR keeps its value" },
		  { "zero", "R3 and R4 §8.4.1 \"the out-of-range DWORDs return zero\"" } },
		ALL_DEFAULT(VSHARP_SMEM_OOB_KEEP),
	},
	/* Pre-GFX9 LDS facts only LLVM records (Documentation/model.rst, "LDS before GFX9"). */
	[VSHARP_RULE_GFX6_DS_NEGATIVE_BASE] = {
		"gfx6_ds_negative_base", "GFX6 DS access whose ADDR VGPR is negative (bit 31 set)", GFX(6), 2,
		{ { "out_of_range", "LLVM SIISelLowering.cpp allowsMisalignedMemoryAccessesImpl: \"SI has a hardware bug in the LDS / GDS bounds checking: if the base address is negative, then the instruction is incorrectly treated as out-of-bounds even if base + offsets is in bounds\"; AMDGPUISelDAGToDAG.cpp isDSOffsetLegal (no offset folded unless hasUsableDSOffset(), i.e. CI+)" },
		  { "wrap", "ISA-V §10.3.3 and the OpenCL guide's Table 45 LDS_Addr = LDS_BASE + VGPR[ADDR] + offset, 32-bit, as CI and later do" } },
		ALL_DEFAULT(VSHARP_DS_NEG_BASE_OUT_OF_RANGE),
	},
	[VSHARP_RULE_GCN_DS_MISALIGNED] = {
		"gcn_ds_misaligned", "GFX6-8 DS access not aligned to its size (B16 2, B32 4, B64 8, B96/B128 16), outside DWORD and strict modes", GFX_RANGE(6, 8), 3,
		{ { "align_down", "LLVM AMDGPU.td FeatureUnalignedDSAccess from GFX9 only and SIISelLowering.cpp allowsMisalignedMemoryAccessesImpl (\"ds_read/write_b64 require 8-byte alignment\", b96/b128 \"16-byte alignment on gfx8 and older\"): no unaligned DS; the address masked to the size as R3 §3.3.4.1 DWORD mode does (inferred)" },
		  { "as_addressed", "UNVERIFIED: the bytes at the address as computed, as GFX9+ in UNALIGNED mode" },
		  { "memviol", "UNVERIFIED: MEMVIOL, as the strict modes (R3 §3.3.4.1)" } },
		ALL_DEFAULT(VSHARP_GCN_DS_ALIGN_DOWN),
	},
	/*
	 * DWORD mode in LDS, where the guides' sentences and their pseudo-code
	 * part (Documentation/model.rst, "LDS alignment").  Every level's
	 * DS follows SH_MEM_CONFIG.ALIGNMENT_MODE in the model.
	 */
	[VSHARP_RULE_DS_ATOMIC_DWORD] = {
		"ds_atomic_dword", "a DS atomic not aligned to its size in DWORD mode", GFX_RANGE(6, 12), 2,
		{ { "align_down", "UNVERIFIED: R3 §3.3.4.1, R4 §3.3.5.1 \"For all other alignment modes, LDS forces alignment by zeroing out address least significant bits\" and their pseudo-code, which exempt no op; R4 §9.5 says so of buffer atomics in DWORD mode" },
		  { "memviol", "R3 §12.7 \"GDS and LDS operations (both direct & indexed) report Memory Violation (memviol) for misaligned atomics\"; R3 §3.3.4.1 \"32-bit Atomics must be aligned to a 4-byte address; 64-bit atomics to an 8-byte address\", R4 §3.3.5.1 adds \"otherwise they return MEMVIOL\"" } },
		ALL_DEFAULT(VSHARP_DS_ATOMIC_DWORD_ALIGN_DOWN),
	},
	[VSHARP_RULE_DS_B16_DWORD] = {
		"ds_b16_dword", "a 16-bit DS access (B16, U16, I16, D16) at an odd address in DWORD mode", GFX_RANGE(6, 12), 2,
		{ { "native", "UNVERIFIED: R3 §3.3.4.1, R4 §3.3.5.1 prose \"'Native' Alignment in LDS ... B16 or D16: 2 byte aligned\" with \"LDS forces alignment by zeroing out address least significant bits\"; R3 §3.3.3, R4 §3.3.4 DWORD \"Automatic alignment to multiple of the smaller of element size or a DWORD\"" },
		  { "as_addressed", "R3 §3.3.4.1, R4 §3.3.5.1 pseudo-code: align is 0xfffC, 0xfff8 or 0xfff0 for B32, B64, B96/B128 only, so B16 (and B8) keep every address bit" } },
		ALL_DEFAULT(VSHARP_DS_B16_DWORD_NATIVE),
	},
	/*
	 * The format conversion of buffer format instructions (model/convert.c,
	 * Documentation/formats.rst).  D3D = Direct3D "Data Conversion Rules";
	 * EXT_pf = GL_EXT_packed_float.  GFX11/12 truncate f32 -> f16 because
	 * R3 and R4 §9.3.1 say so; the stores are taken to use the same converter.
	 */
	[VSHARP_RULE_D16_F32_TO_F16] = {
		"d16_f32_to_f16", "rounding of a D16 load of 32-bit float data to f16", GFX_RANGE(8, 12), 3,
		{ { "nearest_even", "UNVERIFIED: IEEE 754's default; ISA-V, R1 and R2 describe D16 without a rounding" },
		  { "toward_zero", "R3 §9.3.1, R4 §9.3.1 \"Conversion of float32 to float16 uses truncation\"" },
		  { "nearest_away", "UNVERIFIED: D3D's \"+0.5, drop the fraction\" carried over to floats" } },
		{ [VSHARP_GFX8] = VSHARP_ROUND_NEAREST_EVEN, [VSHARP_GFX9] = VSHARP_ROUND_NEAREST_EVEN,
		  [VSHARP_GFX10] = VSHARP_ROUND_NEAREST_EVEN, [VSHARP_GFX10_3] = VSHARP_ROUND_NEAREST_EVEN,
		  [VSHARP_GFX11] = VSHARP_ROUND_TOWARD_ZERO, [VSHARP_GFX12] = VSHARP_ROUND_TOWARD_ZERO },
	},
	[VSHARP_RULE_STORE_F32_TO_F16] = {
		"store_f32_to_f16", "rounding of a 32-bit VGPR stored into a 16-bit FLOAT channel", GFX_RANGE(6, 12), 3,
		{ { "nearest_even", "UNVERIFIED: Mesa's software packing (util_float_to_half) rounds to nearest even; the guides are silent" },
		  { "toward_zero", "UNVERIFIED: D3D rounds every float narrowing toward zero; R3, R4 §9.3.1 truncate the D16 loads' f32 -> f16" },
		  { "nearest_away", "UNVERIFIED: D3D's \"+0.5, drop the fraction\" carried over to floats" } },
		{ [VSHARP_GFX6] = VSHARP_ROUND_NEAREST_EVEN, [VSHARP_GFX7] = VSHARP_ROUND_NEAREST_EVEN,
		  [VSHARP_GFX8] = VSHARP_ROUND_NEAREST_EVEN, [VSHARP_GFX9] = VSHARP_ROUND_NEAREST_EVEN,
		  [VSHARP_GFX10] = VSHARP_ROUND_NEAREST_EVEN, [VSHARP_GFX10_3] = VSHARP_ROUND_NEAREST_EVEN,
		  [VSHARP_GFX11] = VSHARP_ROUND_TOWARD_ZERO, [VSHARP_GFX12] = VSHARP_ROUND_TOWARD_ZERO },
	},
	[VSHARP_RULE_PACKED_FLOAT_ROUND] = {
		"packed_float_round", "rounding of f32 stored into an 11- or 10-bit FLOAT channel", GFX_RANGE(6, 12), 3,
		{ { "nearest_even", "UNVERIFIED: EXT_pf allows rounding to nearest" },
		  { "toward_zero", "UNVERIFIED: D3D (float narrowing toward zero); Mesa util/format_r11g11b10f.h truncates; EXT_pf allows it" },
		  { "nearest_away", "UNVERIFIED: D3D's \"+0.5, drop the fraction\" carried over to floats" } },
		ALL_DEFAULT(VSHARP_ROUND_TOWARD_ZERO),
	},
	[VSHARP_RULE_NORM_STORE_ROUND] = {
		"norm_store_round", "rounding of f32 stored into a UNORM or SNORM channel", GFX_RANGE(6, 12), 3,
		{ { "nearest_even", "UNVERIFIED: Mesa's software packing (util_format) rounds to nearest even" },
		  { "toward_zero", "UNVERIFIED: truncation, as C converts" },
		  { "nearest_away", "UNVERIFIED: D3D FLOAT -> UNORM/SNORM \"+0.5f, drop the fraction\"" } },
		ALL_DEFAULT(VSHARP_ROUND_NEAREST_AWAY),
	},
	[VSHARP_RULE_SCALED_STORE_ROUND] = {
		"scaled_store_round", "rounding of f32 stored into a USCALED or SSCALED channel", GFX_RANGE(6, 12), 3,
		{ { "nearest_even", "UNVERIFIED: D3D's float -> integer default; CLRX GcnMemHandling mentions nearest even" },
		  { "toward_zero", "UNVERIFIED: truncation, as C converts" },
		  { "nearest_away", "UNVERIFIED: D3D's \"+0.5, drop the fraction\" of the NORM formats" } },
		ALL_DEFAULT(VSHARP_ROUND_NEAREST_EVEN),
	},
	[VSHARP_RULE_SNORM_LOAD_CLAMP] = {
		"snorm_load_clamp", "the most negative code of an SNORM channel on load", GFX_RANGE(6, 12), 2,
		{ { "off", "UNVERIFIED: c / (2^(n-1) - 1) unclamped, below -1.0" },
		  { "on", "D3D Data Conversion Rules: both -2^(n-1) and -2^(n-1)+1 give -1.0; Mesa ac_build_opencoded_load_format clamps to [-1, 1]" } },
		ALL_DEFAULT(VSHARP_CONVERT_ON),
	},
	[VSHARP_RULE_INT_STORE_CLAMP] = {
		"int_store_clamp", "a UINT or SINT store of a value the channel cannot hold", GFX_RANGE(6, 12), 2,
		{ { "off", "UNVERIFIED: the channel keeps the value's low bits" },
		  { "on", "UNVERIFIED: D3D integer narrowing \"is simply clamped to the range of the target format\"; Mesa's software packing clamps" } },
		ALL_DEFAULT(VSHARP_CONVERT_ON),
	},
	[VSHARP_RULE_D16_INT_CLAMP] = {
		"d16_int_clamp", "a D16 load of a 32-bit UINT or SINT channel", GFX_RANGE(8, 12), 2,
		{ { "off", "UNVERIFIED: the low 16 bits" },
		  { "on", "UNVERIFIED: clamped to 16 bits, D3D's integer narrowing; the guides are silent" } },
		ALL_DEFAULT(VSHARP_CONVERT_ON),
	},
	[VSHARP_RULE_ALPHA2_UNSIGNED] = {
		"alpha2_unsigned", "a 2-bit SNORM, SSCALED or SINT channel on load", GFX_RANGE(6, 12), 2,
		{ { "off", "Mesa ac_shader_util.c: no alpha fix-up from GFX9 on (and on Stoney), the channel loads signed" },
		  { "on", "Mesa adjust_vertex_fetch_alpha, applied when gfx_level <= GFX8 && family != STONEY: the hardware returns the 2-bit channel as UNORM, USCALED or UINT" } },
		{ [VSHARP_GFX6] = VSHARP_CONVERT_ON, [VSHARP_GFX7] = VSHARP_CONVERT_ON, [VSHARP_GFX8] = VSHARP_CONVERT_ON,
		  [VSHARP_GFX9] = VSHARP_CONVERT_OFF, [VSHARP_GFX10] = VSHARP_CONVERT_OFF, [VSHARP_GFX10_3] = VSHARP_CONVERT_OFF,
		  [VSHARP_GFX11] = VSHARP_CONVERT_OFF, [VSHARP_GFX12] = VSHARP_CONVERT_OFF },
	},
};

_Static_assert(offsetof(struct vsharp_rules, convert) == VSHARP_RULE_FIRST_CONVERT &&
	       sizeof(struct vsharp_convert_rules) == VSHARP_RULE_COUNT - VSHARP_RULE_FIRST_CONVERT &&
	       offsetof(struct vsharp_convert_rules, alpha2_unsigned) ==
	       VSHARP_RULE_ALPHA2_UNSIGNED - VSHARP_RULE_FIRST_CONVERT,
	       "the conversion rules are the last of enum vsharp_rule, in struct vsharp_convert_rules' order");

const struct vsharp_rule_info *vsharp_rule_info(enum vsharp_rule r)
{
	return (unsigned)r < VSHARP_RULE_COUNT ? &rules[r] : NULL;
}

void vsharp_rules_default(enum vsharp_gfx level, struct vsharp_rules *r)
{
	for (int i = 0; i < VSHARP_RULE_COUNT; i++)
		r->choice[i] = rules[i].defaults[level];
}

void vsharp_rules_default_target(const struct vsharp_target *t, struct vsharp_rules *r)
{
	vsharp_rules_default(t->level, r);
	/* LLVM GCNSubtarget.h d16PreservesUnusedBits(): hasD16LoadStore() && !isSRAMECCEnabled(). */
	if (t->quirks & VSHARP_QUIRK_SRAMECC)
		r->choice[VSHARP_RULE_D16_UNUSED_HALF] = VSHARP_D16_ZERO;
}

enum vsharp_source_kind vsharp_source_kind(const char *source)
{
	if (!strncmp(source, "UNVERIFIED", 10))
		return VSHARP_SOURCE_UNVERIFIED;
	if (!strncmp(source, "LLVM", 4))
		return VSHARP_SOURCE_COMPILER;
	return VSHARP_SOURCE_DOCUMENT;
}

void vsharp_convert_rules_default(enum vsharp_gfx level, struct vsharp_convert_rules *r)
{
	struct vsharp_rules all;

	vsharp_rules_default((unsigned)level < VSHARP_GFX_COUNT ? level : VSHARP_GFX9, &all);
	*r = all.convert;
}

int vsharp_rules_set(struct vsharp_rules *r, const char *spec, struct vsharp_error *err)
{
	const char *eq = strchr(spec, '=');
	size_t len = eq ? (size_t)(eq - spec) : strlen(spec);

	for (int i = 0; i < VSHARP_RULE_COUNT; i++) {
		char allowed[128] = "";
		size_t n = 0;

		if (strlen(rules[i].name) != len || strncmp(rules[i].name, spec, len))
			continue;
		for (unsigned c = 0; c < rules[i].n_choices; c++) {
			if (eq && !strcmp(eq + 1, rules[i].choice[c].name)) {
				r->choice[i] = c;
				return 0;
			}
			n += (size_t)snprintf(allowed + n, sizeof(allowed) - n, "%s%s",
					      c ? ", " : "", rules[i].choice[c].name);
		}
		return vsharp_fail(err, -EINVAL, "rule: %s takes %s (allowed %s)", rules[i].name,
				   eq ? eq + 1 : "no value", allowed);
	}
	return vsharp_fail(err, -EINVAL, "rule: unknown rule '%.*s' (see `vsharp rules`)",
			   (int)len, spec);
}
