// SPDX-License-Identifier: MIT
/*
 * The model's rules that have one reading, each with the sentence it
 * follows.  ISA-V = AMD Vega ISA, R2..R4 = RDNA2..RDNA4 ISA guides.
 */
#include "vsharp/rules.h"
#include "base/util.h"
#include "hw/levels.h"


static const struct vsharp_documented_rule documented[] = {
	{ "addtid_m0", GFX_RANGE(9, 12),
	  "DS ADDTID adds M0[15:0]; M0[31:16] take no part",
	  "R2 DS_WRITE_ADDTID_B32 \"LDS_BASE + {OFFSET1,OFFSET0} + M0[15:0] + TID*4\"; R3 §12.5, R4 M0 table \"Unsigned byte Offset[15:0]\"" },
	{ "unbound_add_tid", GFX_RANGE(8, 12),
	  "an untyped MUBUF access with ADD_TID is bound whatever the format field (FORMAT 0 included)",
	  "R3 §9.6 \"keyed off the data-format being set to zero (INVALID), and for MUBUF the add_tid_en = false\"; R4 §9.6 \"for untyped-buffer\"; ISA-V const_stride[17:14] = DFMT with ADD_TID" },
	{ "untyped_format_pair", GFX_RANGE(6, 12),
	  "untyped MUBUF is unbound only by an INVALID format; an undefined pair such as LLVM's SI/CI default 8_FLOAT (word3 0xf000) is bound",
	  "ISA-V §8.1.4 \"that format has specific meaning (unbound resource), and for that case the data format is not replaced by the instruction's implied data format\"; LLVM SIInstrInfo.h RSRC_DATA_FORMAT" },
	{ "type_mismatch", GFX_RANGE(6, 12),
	  "a V# with TYPE != 0 makes a buffer instruction do nothing: VGPRs keep their values, memory is unchanged",
	  "R3 §9.6, R4 §9.6 \"the instruction is ignored (loads return nothing and stores do not alter memory)\"" },
	{ "tfe_status", GFX_RANGE(6, 12),
	  "the TFE status VGPR is written on a NACK only; otherwise it keeps its value",
	  "ISA-V MUBUF TFE \"fetch can return a NACK that causes a VGPR write into DST+1\"; R4 §10.1.1 \"nothing is returned if no thread experiences a texture fault\"" },
	{ "lds_out_of_range_partial", GFX_RANGE(12, 12),
	  "LDS out of range: loads zero per dword, stores write their in-range bytes (byte granules in UNALIGNED, dwords otherwise), MEMVIOL reported",
	  "R4 §3.3.5.1 \"Out Of Range\" and \"LDS operations report MEMVIOL if the LDS-address is out of range\"" },
	{ "lds_out_of_range_whole", GFX_RANGE(6, 11),
	  "LDS out of range: the whole access reads zero or is dropped, no MEMVIOL",
	  "R3 LDS alignment and out-of-range \"the entire instruction returns zero\"; ISA-V §12 MIN(M0, LDS_SIZE)" },
	{ "ds_atomic_alignment", GFX_RANGE(6, 12),
	  "a DS atomic not aligned to its size raises MEMVIOL in every mode but DWORD, UNALIGNED included (DWORD: rule ds_atomic_dword)",
	  "R3 LDS alignment, R4 §3.3.5.1 \"32-bit Atomics must be aligned to a 4-byte address; 64-bit atomics to an 8-byte address, otherwise they return MEMVIOL\"" },
	{ "swizzle_modes", GFX_RANGE(9, 12),
	  "ds_swizzle_b32 offset >= 0xe000 is an FFT pattern, >= 0xc000 a rotate within each group of 32 lanes, offset[15] a quad permute, else and/or/xor bit masks; reading a lane EXEC leaves out returns 0",
	  "ISA-V §12.13.1 and R1-R4 DS_SWIZZLE_B32 pseudo-code; rotate examples of R4 (\"0x01, mask=0, rotate left: {2,3,...,20,1}\")" },
	{ "permute_lanes", GFX_RANGE(8, 12),
	  "ds_permute_b32/ds_bpermute_b32 wrap the lane index within 64 lanes on GFX8/9, within 32 on GFX10/11 (a wave64 as two halves), within the wave on GFX12; reading a lane EXEC leaves out returns 0",
	  "ISA-V DS_BPERMUTE_B32 \"mod 64\"; R3 §12.5.2 \"executes as if were two independent wave32's\"; R4 §12.5.2 \"for wave64 index bits [7:2] are used\"" },
	{ "lds_direct_load", GFX_RANGE(11, 12),
	  "LDS direct load: M0[15:0] a dword-aligned byte address, M0[18:16] the data type (0 u8, 1 u16, 2 b32, 4 i8, 5 i16; 3, 6, 7 refused), the value to every lane of each quad with an active lane; this is a pixel wave's result, the guides give a compute wave none",
	  "R3, R4 §12.4 \"LDS_addr = M0[15:0] (byte address and must be DWORD aligned) DataType = M0[18:16]\", \"uses EXEC per quad\"; AMD OpenCL guide §10.3.1; R3, R4 §12.2 \"Pixel shader waves stall if an [LDS|DS]_DIRECT_LOAD ... is to be issued before LDS_READY is set\"" },
	{ "lds_param_load", GFX_RANGE(11, 12),
	  "LDS parameter load: lane l of quad q reads M0[15:0] + 4 * (attr * prims * 12 + prim(q) * 12 + (l % 4) * 4 + chan), primitives from new_prim_mask M0[30:16]; lane 3 of each quad gets 0; this is a pixel wave's result, the guides give a compute wave none",
	  "R3, R4 §12.2.1 \"LDS_ADDR = lds_base + param_offset + attr#*numPrimsInVector*12DWORDs + prim#*12 + attr_offset\"; R3 §16.14 \"{P0, P10, P20, 0.0}\"; R3, R4 §3.4.1 Table 5 LDS_PARAM_RDY \"PS shaders only\" (R4 \"Pixel shaders only\"): a wave that issues the load before it is set \"stalls until the bit is set\"" },
	{ "pk_add_float", GFX_RANGE(12, 12),
	  "buffer_atomic_pk_add_f16/bf16 add each 16-bit half on its own: round to nearest even, denormals kept, a NaN operand (memory first) returned quietened, INF + -INF gives -QNaN",
	  "R4 MUBUF opcode table \"dst[15:0] += src[15:0]; dst[31:16] += src[31:16]\"; R4 §13.1 \"fixed at round to nearest even\", §13.2 table (L2 cache: NoFlush), §13.3 Float Add rules" },
	{ "smem_address", GFX_RANGE(6, 12),
	  "S_BUFFER_LOAD address: (base + offset) & ~3 on GFX6-10.3, (base & ~3) + (offset & ~3) on GFX11, base and each offset aligned to the data size on GFX12; the stride takes no part",
	  "ISA-V §7.2.1 \"m_addr = (SGPR[SBASE * 2] + offset) & ~0x3\" (R1, R2 §7.2.1 the same); R3 §8.1.2 \"addr = (m_base & ~3) + (offset & ~0x3)\"; R4 §8.1.2 alignToSize; all: \"Stride is used only for memory address bounds checking\"" },
	{ "smem_range", GFX_RANGE(11, 12),
	  "S_BUFFER_LOAD checks each dword: offset + 4 * d >= (stride == 0 ? 1 : stride) * num_records is out of range and returns zero; GFX12 aligns the size down to the data size",
	  "R3, R4 §8.4.1 \"the DWORDs that are in range return data as normal, and the out-of-range DWORDs return zero\"; R4 §8.1.2 m_size = alignToSize(...)" },
	{ "smem_negative_ioffset", GFX_RANGE(9, 12),
	  "a negative S_BUFFER_LOAD immediate raises MEMVIOL and loads nothing on GFX11+; it is undefined (refused) on GFX9-10.3",
	  "R3 Table 34, R4 Table 44 \"a negative [IOFFSET] applied to S_BUFFER results in a MEMVIOL\"; ISA-V §7.2.1 \"illegal and undefined\", R1 Table 27 \"Must be positive with s_buffer operations\"" },
	{ "gfx6_buffer_alignment", GFX(6),
	  "GFX6 has no SH_MEM_CONFIG and no unaligned buffer access: whatever mode is asked, untyped buffer accesses are aligned down as in DWORD mode (32-bit and wider to 4 bytes, 16-bit to 2)",
	  "CLRX GcnMemHandling (https://github.com/CLRX/CLRX-mirror/wiki/GcnMemHandling) \"For 32-bit and wider operations, an address are aligned to 4 bytes. For 16-bit operations, an address are aligned to 2 bytes\"; LLVM AMDGPU.td FeatureUnalignedBufferAccess from FeatureSeaIslands (CI) on" },
	{ "gcn_ds_no_unaligned", GFX_RANGE(6, 8),
	  "GFX6-8 DS accesses need their natural alignment whatever the mode (B16 2, B32 4, B64 8, B96/B128 16); in UNALIGNED mode a misaligned one follows rule gcn_ds_misaligned",
	  "LLVM AMDGPU.td FeatureUnalignedDSAccess (\"Hardware supports unaligned local and region loads and stores\") from FeatureGFX9 on; SIISelLowering.cpp allowsMisalignedMemoryAccessesImpl \"ds_read/write_b64 require 8-byte alignment\", \"require 16-byte alignment on gfx8 and older\"" },
	{ "d16_sramecc", GFX(9),
	  "with SRAM ECC on (gfx906:sramecc+) a D16 load zeroes the other half of its VGPR, whatever d16_unused_half says",
	  "LLVM GCNSubtarget.h \"d16PreservesUnusedBits() { return hasD16LoadStore() && !isSRAMECCEnabled(); }\"; ISA-C4 §9.1.6: with ECC enabled 16-bit loads write the full VGPR" },
	{ "lds_misaligned_wgp", GFX(10),
	  "gfx1010-gfx1013 in WGP mode: a DS access of more than a dword not aligned to its natural size (8 bytes for B64, 16 for B96 and B128) has no defined result (vsharp addr --wgp says so); CU mode, the probes' mode, is unaffected",
	  "LLVM AMDGPU.td FeatureLdsMisalignedBug \"Some GFX10 bug with multi-dword LDS and flat access that is not naturally aligned in WGP mode\"; GCNSubtarget.h hasLDSMisalignedBug() { return LDSMisalignedBug && !EnableCuMode; }; SIISelLowering.cpp allowsMisalignedMemoryAccessesImpl splits such accesses" },
};

const struct vsharp_documented_rule *vsharp_documented_rules(unsigned *count)
{
	*count = ARRAY_SIZE(documented);
	return documented;
}
