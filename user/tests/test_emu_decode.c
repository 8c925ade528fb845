// SPDX-License-Identifier: MIT
/*
 * The emulator's instruction decoder: fields from words built from the ISA
 * guides' microcode format tables, every probe stub of every shipped shader,
 * and random dwords (never a crash: either an instruction or an error).
 */
#include <stdlib.h>

#include "emu/isa.h"
#include "isa/isa.h"
#include "ktap.h"
#include "vsharp/shaders.h"

static const enum vsharp_gfx levels[] = {
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8, VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
};

static int dec(enum vsharp_gfx level, const uint32_t *w, unsigned n, struct emu_insn *in,
	       struct vsharp_error *err)
{
	memset(err, 0, sizeof(*err));
	return emu_decode(level, w, n, in, err);
}

/* The disassembler (isa/) prints the decoded words as LLVM does, and agrees on their length. */
static void disasm_is(struct ktap *t, enum vsharp_gfx level, const struct emu_insn *in,
		      const char *want)
{
	struct isa_insn out;

	isa_disasm(in->target ? in->target : vsharp_target_of(level), in->raw, in->words, &out);
	CHECK_STR(t, out.text, want);
	CHECK_EQ(t, out.words, in->words);
}

/*
 * Words llvm-mc-19 -show-encoding gave for the text beside them (-mcpu=gfx601,
 * gfx700, gfx803): each decodes in as many dwords and prints the same text
 * back (llvm-objdump-19 cannot disassemble SI/CI: this is where their text is checked).
 */
static const struct {
	enum vsharp_gfx level;
	uint32_t w[3];
	const char *text;
} llvm_words[] = {
	/* GFX8: VI opcode numbers, SMEM with a 20-bit offset, DS OP [24:17] and GDS 16. */
	{ VSHARP_GFX8, { 0xe0525004, 0x03010102 }, "buffer_load_dword v1, v2, s[4:7], s3 offen offset:4 glc slc" },
	{ VSHARP_GFX8, { 0xe02c3000, 0x0c020c04 }, "buffer_load_format_d16_xyzw v[12:15], v[4:5], s[8:11], s12 idxen offen" },
	{ VSHARP_GFX8, { 0xe1045000, 0x0c020805 }, "buffer_atomic_cmpswap v[8:9], v5, s[8:11], s12 offen glc" },
	{ VSHARP_GFX8, { 0xe0411000, 0x0c020005 }, "buffer_load_ubyte v5, s[8:11], s12 offen lds" },
	{ VSHARP_GFX8, { 0xea58b004, 0x0c020c04 }, "tbuffer_load_format_xy v[12:13], v[4:5], s[8:11], s12 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT] idxen offen offset:4" },
	{ VSHARP_GFX8, { 0xd89c0100, 0x001a1815 }, "ds_write2_b64 v21, v[24:25], v[26:27] offset1:1" },
	{ VSHARP_GFX8, { 0xd86c0104, 0x0c000004 }, "ds_read_b32 v12, v4 offset:260" },
	{ VSHARP_GFX8, { 0xd8010000, 0x00000804 }, "ds_add_u32 v4, v8 gds" },
	{ VSHARP_GFX8, { 0xc00e0202, 0x000fffff }, "s_load_dwordx8 s[8:15], s[4:5], 0xfffff" },
	{ VSHARP_GFX8, { 0xc0260404, 0x00000010 }, "s_buffer_load_dwordx2 s[16:17], s[8:11], 0x10" },
	{ VSHARP_GFX8, { 0xc0300404, 0x0000000c }, "s_buffer_load_dwordx16 s[16:31], s[8:11], s12" },
	{ VSHARP_GFX8, { 0xbf8c0273 }, "s_waitcnt vmcnt(3) lgkmcnt(2)" },
	{ VSHARP_GFX8, { 0xb890f804 }, "s_getreg_b32 s16, hwreg(HW_REG_HW_ID)" },
	{ VSHARP_GFX8, { 0xbe941c00 }, "s_getpc_b64 s[20:21]" },
	{ VSHARP_GFX8, { 0x8e038d02 }, "s_lshl_b32 s3, s2, 13" },
	{ VSHARP_GFX8, { 0xbe8700ff, 0x00027fac }, "s_mov_b32 s7, 0x27fac" },
	{ VSHARP_GFX8, { 0x242a0084 }, "v_lshlrev_b32_e32 v21, 4, v0" },
	/* The gfx700 ADDR64 store below: VI has no bit 15 (llvm-mc-19 --disassemble -mcpu=gfx803). */
	{ VSHARP_GFX8, { 0xe0708000, 0x80010102 }, "buffer_store_dword v1, off, s[4:7], 0" },
	/*
	 * GFX6/GFX7 (-mcpu=gfx601, gfx700): SMRD with a dword offset, ADDR64,
	 * MTBUF OP [18:16], DS OP [25:18] and GDS 17, SI opcode numbers.
	 */
	{ VSHARP_GFX6, { 0xe0305004, 0x03410102 }, "buffer_load_dword v1, v2, s[4:7], s3 offen offset:4 glc slc" },
	{ VSHARP_GFX6, { 0xe0708000, 0x80010102 }, "buffer_store_dword v1, v[2:3], s[4:7], 0 addr64" },
	{ VSHARP_GFX6, { 0xe0c45000, 0x0c020805 }, "buffer_atomic_cmpswap v[8:9], v5, s[8:11], s12 offen glc" },
	{ VSHARP_GFX6, { 0xe0211000, 0x0c020005 }, "buffer_load_ubyte v5, s[8:11], s12 offen lds" },
	{ VSHARP_GFX6, { 0xea593004, 0x0c020c04 }, "tbuffer_load_format_xy v[12:13], v[4:5], s[8:11], s12 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT] idxen offen offset:4" },
	{ VSHARP_GFX6, { 0xd9380100, 0x001a1815 }, "ds_write2_b64 v21, v[24:25], v[26:27] offset1:1" },
	{ VSHARP_GFX6, { 0xd8d80104, 0x0c000004 }, "ds_read_b32 v12, v4 offset:260" },
	{ VSHARP_GFX6, { 0xd8020000, 0x00000804 }, "ds_add_u32 v4, v8 gds" },
	{ VSHARP_GFX6, { 0xc0c405ff }, "s_load_dwordx8 s[8:15], s[4:5], 0xff" },
	{ VSHARP_GFX6, { 0xc2480910 }, "s_buffer_load_dwordx2 s[16:17], s[8:11], 0x10" },
	{ VSHARP_GFX6, { 0xc208080c }, "s_buffer_load_dword s16, s[8:11], s12" },
	{ VSHARP_GFX6, { 0xbf8c0273 }, "s_waitcnt vmcnt(3) lgkmcnt(2)" },
	{ VSHARP_GFX6, { 0xb910f804 }, "s_getreg_b32 s16, hwreg(HW_REG_HW_ID)" },
	{ VSHARP_GFX6, { 0xbe941f00 }, "s_getpc_b64 s[20:21]" },
	{ VSHARP_GFX6, { 0x8f038d02 }, "s_lshl_b32 s3, s2, 13" },
	{ VSHARP_GFX6, { 0xbe8703ff, 0x00027fac }, "s_mov_b32 s7, 0x27fac" },
	{ VSHARP_GFX6, { 0x342a0084 }, "v_lshlrev_b32_e32 v21, 4, v0" },
	{ VSHARP_GFX7, { 0xe0305004, 0x03410102 }, "buffer_load_dword v1, v2, s[4:7], s3 offen offset:4 glc slc" },
	{ VSHARP_GFX7, { 0xe0708000, 0x80010102 }, "buffer_store_dword v1, v[2:3], s[4:7], 0 addr64" },
	{ VSHARP_GFX7, { 0xe0c45000, 0x0c020805 }, "buffer_atomic_cmpswap v[8:9], v5, s[8:11], s12 offen glc" },
	{ VSHARP_GFX7, { 0xe0211000, 0x0c020005 }, "buffer_load_ubyte v5, s[8:11], s12 offen lds" },
	{ VSHARP_GFX7, { 0xea593004, 0x0c020c04 }, "tbuffer_load_format_xy v[12:13], v[4:5], s[8:11], s12 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT] idxen offen offset:4" },
	{ VSHARP_GFX7, { 0xd9380100, 0x001a1815 }, "ds_write2_b64 v21, v[24:25], v[26:27] offset1:1" },
	{ VSHARP_GFX7, { 0xd8d80104, 0x0c000004 }, "ds_read_b32 v12, v4 offset:260" },
	{ VSHARP_GFX7, { 0xd8020000, 0x00000804 }, "ds_add_u32 v4, v8 gds" },
	{ VSHARP_GFX7, { 0xc0c405ff }, "s_load_dwordx8 s[8:15], s[4:5], 0xff" },
	{ VSHARP_GFX7, { 0xc2c8080c }, "s_buffer_load_dwordx8 s[16:23], s[8:11], s12" },
	{ VSHARP_GFX7, { 0xbf8c0273 }, "s_waitcnt vmcnt(3) lgkmcnt(2)" },
	{ VSHARP_GFX7, { 0xb910f804 }, "s_getreg_b32 s16, hwreg(HW_REG_HW_ID)" },
	{ VSHARP_GFX7, { 0xbe941f00 }, "s_getpc_b64 s[20:21]" },
	{ VSHARP_GFX7, { 0x8f038d02 }, "s_lshl_b32 s3, s2, 13" },
	{ VSHARP_GFX7, { 0xbe8703ff, 0x00027fac }, "s_mov_b32 s7, 0x27fac" },
	{ VSHARP_GFX7, { 0x342a0084 }, "v_lshlrev_b32_e32 v21, 4, v0" },
	/* S_BUFFER_LOAD on the later families (-mcpu=gfx900, gfx1030, gfx1100, gfx1200). */
	{ VSHARP_GFX9, { 0xc0224404, 0x18000010 }, "s_buffer_load_dword s16, s[8:11], s12 offset:0x10" },
	{ VSHARP_GFX10_3, { 0xf4240404, 0xfa000010 }, "s_buffer_load_dwordx2 s[16:17], s[8:11], 0x10" },
	{ VSHARP_GFX11, { 0xf4300404, 0x18000010 }, "s_buffer_load_b512 s[16:31], s[8:11], s12 offset:0x10" },
	{ VSHARP_GFX12, { 0xf4036404, 0xf8000003 }, "s_buffer_load_u16 s16, s[8:11], 0x3" },
	{ VSHARP_GFX12, { 0xf402a404, 0x18000000 }, "s_buffer_load_b96 s[16:18], s[8:11], s12 offset:0x0" },
	/*
	 * The wait and hint instructions the hazard rules read, and the VALU
	 * that writes an SGPR: text as llvm-objdump-19 -d prints these words
	 * (--mcpu=gfx1010, gfx1030, gfx1100, gfx1200, gfx803, gfx900).
	 */
	{ VSHARP_GFX10, { 0xbfa3ffe3 }, "s_waitcnt_depctr 0xffe3" },
	{ VSHARP_GFX10, { 0xbfa3ff03 }, "s_waitcnt_depctr depctr_vm_vsrc(0)" },
	{ VSHARP_GFX10, { 0xbfa30f83 }, "s_waitcnt_depctr 0xf83" },
	{ VSHARP_GFX10_3, { 0xbfa3ff03 }, "s_waitcnt_depctr depctr_hold_cnt(0) depctr_vm_vsrc(0)" },
	{ VSHARP_GFX10_3, { 0xbfa3ff83 }, "s_waitcnt_depctr depctr_vm_vsrc(0)" },
	{ VSHARP_GFX10_3, { 0xbfa3fffe }, "s_waitcnt_depctr 0xfffe" },
	{ VSHARP_GFX11, { 0xbf880f03 }, "s_waitcnt_depctr depctr_hold_cnt(0) depctr_va_vdst(0) depctr_vm_vsrc(0)" },
	{ VSHARP_GFX11, { 0xbf88ff9f }, "s_waitcnt_depctr depctr_hold_cnt(1) depctr_sa_sdst(1) depctr_va_vdst(15) depctr_va_sdst(7) depctr_va_ssrc(1) depctr_va_vcc(1) depctr_vm_vsrc(7)" },
	{ VSHARP_GFX11, { 0xbf880e83 }, "s_waitcnt_depctr depctr_va_vdst(0) depctr_va_ssrc(0) depctr_vm_vsrc(0)" },
	{ VSHARP_GFX11, { 0xbf870491 }, "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_1)" },
	{ VSHARP_GFX11, { 0xbf870000 }, "s_delay_alu 0" },
	{ VSHARP_GFX11, { 0xbf870060 }, "s_delay_alu instskip(/* invalid instskip value */)" },
	{ VSHARP_GFX12, { 0xbf88ff9e }, "s_wait_alu depctr_sa_sdst(0)" },
	{ VSHARP_GFX12, { 0xbf88f19f }, "s_wait_alu depctr_va_sdst(0)" },
	{ VSHARP_GFX12, { 0xbf88ff9d }, "s_wait_alu depctr_va_vcc(0)" },
	{ VSHARP_GFX12, { 0xbf88fffe }, "s_wait_alu 0xfffe" },
	{ VSHARP_GFX12, { 0xbf870085 }, "s_delay_alu instid0(TRANS32_DEP_1) | instid1(VALU_DEP_1)" },
	{ VSHARP_GFX12, { 0xbf80000f }, "s_nop 15" },
	{ VSHARP_GFX8, { 0x7e0a0503 }, "v_readfirstlane_b32 s5, v3" },
	{ VSHARP_GFX9, { 0x7ed40503 }, "v_readfirstlane_b32 vcc_lo, v3" },
	{ VSHARP_GFX9, { 0x7ef80503 }, "v_readfirstlane_b32 m0, v3" },
	{ VSHARP_GFX11, { 0x7efa0503 }, "v_readfirstlane_b32 m0, v3" },
	{ VSHARP_GFX12, { 0x7efc0503 }, "v_readfirstlane_b32 exec_lo, v3" },
	/*
	 * Every instruction of libdrm 2.4.114's compute shaders
	 * (tests/amdgpu/shader_code_gfx9.h, _gfx10.h, _gfx11.h, shader_code_hang.h),
	 * as llvm-objdump-19 -d --mcpu=gfx900, gfx1010, gfx1030, gfx1100 prints
	 * the words, and the forms around them (literals, s_version's flags).
	 */
	{ VSHARP_GFX9, { 0x260000ff, 0x000003ff }, "v_and_b32_e32 v0, 0x3ff, v0" },
	{ VSHARP_GFX9, { 0xd1fd0000, 0x04010c08 }, "v_lshl_add_u32 v0, s8, 6, v0" },
	{ VSHARP_GFX9, { 0x7e020280 }, "v_mov_b32_e32 v1, 0" },
	{ VSHARP_GFX9, { 0x7e0a0207 }, "v_mov_b32_e32 v5, s7" },
	{ VSHARP_GFX9, { 0xe01c2000, 0x80000200 }, "buffer_store_format_xyzw v[2:5], v0, s[0:3], 0 idxen" },
	{ VSHARP_GFX9, { 0xe00c2000, 0x80000200 }, "buffer_load_format_xyzw v[2:5], v0, s[0:3], 0 idxen" },
	{ VSHARP_GFX9, { 0xe01c2000, 0x80010100 }, "buffer_store_format_xyzw v[1:4], v0, s[4:7], 0 idxen" },
	{ VSHARP_GFX9, { 0xbf8c0000 }, "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)" },
	{ VSHARP_GFX9, { 0xbf8c0f70 }, "s_waitcnt vmcnt(0)" },
	{ VSHARP_GFX9, { 0xbf810000 }, "s_endpgm" },
	{ VSHARP_GFX9, { 0x8e00860c }, "s_lshl_b32 s0, s12, 6" },
	{ VSHARP_GFX9, { 0x32000000 }, "v_add_co_u32_e32 v0, vcc, s0, v0" },
	{ VSHARP_GFX9, { 0x32000081 }, "v_add_co_u32_e32 v0, vcc, 1, v0" },
	{ VSHARP_GFX10, { 0xd7460004, 0x04010c08 }, "v_lshl_add_u32 v4, s8, 6, v0" },
	{ VSHARP_GFX10, { 0xd7460004, 0x03fdfe08, 0x12345678 }, "v_lshl_add_u32 v4, s8, 0x12345678, 0x12345678" },
	{ VSHARP_GFX10, { 0xe01c2000, 0x80000004 }, "buffer_store_format_xyzw v[0:3], v4, s[0:3], 0 idxen" },
	{ VSHARP_GFX10, { 0xbf8c3f70 }, "s_waitcnt vmcnt(0)" },
	{ VSHARP_GFX10, { 0xbf8c0f70 }, "s_waitcnt vmcnt(0) lgkmcnt(15)" },
	{ VSHARP_GFX10, { 0xe01ca000, 0x80010100 }, "buffer_store_format_xyzw v[1:4], v0, s[4:7], 0 idxen dlc" },
	{ VSHARP_GFX10_3, { 0xd7460001, 0x04010c08 }, "v_lshl_add_u32 v1, s8, 6, v0" },
	{ VSHARP_GFX10_3, { 0xe00c2000, 0x80000201 }, "buffer_load_format_xyzw v[2:5], v1, s[0:3], 0 idxen" },
	{ VSHARP_GFX11, { 0xb0802006 }, "s_version UC_VERSION_GFX11|UC_VERSION_W64_BIT" },
	{ VSHARP_GFX11, { 0xb0812006 }, "s_version UC_VERSION_GFX11|UC_VERSION_W64_BIT" },
	{ VSHARP_GFX11, { 0xb0804006 }, "s_version UC_VERSION_GFX11|UC_VERSION_W32_BIT" },
	{ VSHARP_GFX11, { 0xb0800000 }, "s_version UC_VERSION_GFX7" },
	{ VSHARP_GFX11, { 0xb0800041 }, "s_version 65" },
	{ VSHARP_GFX11, { 0xb08000ff }, "s_version 255" },
	{ VSHARP_GFX11, { 0xb0801000 }, "s_version 0x1000" },
	{ VSHARP_GFX11, { 0xb080ffff }, "s_version 0xffff" },
	{ VSHARP_GFX11, { 0xb0802001 }, "s_version 1|UC_VERSION_W64_BIT" },
	{ VSHARP_GFX11, { 0xb0806006 }, "s_version (UC_VERSION_GFX11|UC_VERSION_W64_BIT)|UC_VERSION_W32_BIT" },
	{ VSHARP_GFX11, { 0xb080e006 }, "s_version ((UC_VERSION_GFX11|UC_VERSION_W64_BIT)|UC_VERSION_W32_BIT)|UC_VERSION_MDP_BIT" },
	{ VSHARP_GFX11, { 0xbf840003 }, "s_set_inst_prefetch_distance 0x3" },
	{ VSHARP_GFX11, { 0xbf840001 }, "s_set_inst_prefetch_distance 0x1" },
	{ VSHARP_GFX11, { 0x360000ff, 0x000003ff }, "v_and_b32_e32 v0, 0x3ff, v0" },
	{ VSHARP_GFX11, { 0xbf870004 }, "s_delay_alu instid0(VALU_DEP_4)" },
	{ VSHARP_GFX11, { 0xd6460004, 0x04010c08 }, "v_lshl_add_u32 v4, s8, 6, v0" },
	{ VSHARP_GFX11, { 0xd6460004, 0x03fdfe08, 0x12345678 }, "v_lshl_add_u32 v4, s8, 0x12345678, 0x12345678" },
	{ VSHARP_GFX11, { 0xe01c0000, 0x80800004 }, "buffer_store_format_xyzw v[0:3], v4, s[0:3], 0 idxen" },
	{ VSHARP_GFX11, { 0xe00c0000, 0x80800201 }, "buffer_load_format_xyzw v[2:5], v1, s[0:3], 0 idxen" },
	{ VSHARP_GFX11, { 0xbf8903f7 }, "s_waitcnt vmcnt(0)" },
	{ VSHARP_GFX11, { 0xbfb60003 }, "s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)" },
	{ VSHARP_GFX11, { 0xbfb00000 }, "s_endpgm" },
	{ VSHARP_GFX11, { 0xbf9f0000 }, "s_code_end" },
	{ VSHARP_GFX12, { 0xd6460004, 0x04010c08 }, "v_lshl_add_u32 v4, s8, 6, v0" },
	{ VSHARP_GFX12, { 0xb0802006 }, "s_version UC_VERSION_GFX11|UC_VERSION_W64_BIT" },
	{ VSHARP_GFX12, { 0xb080a009 }, "s_version (UC_VERSION_GFX12|UC_VERSION_W64_BIT)|UC_VERSION_MDP_BIT" },
	{ VSHARP_GFX12, { 0xbfb60003 }, "s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)" },
	/* SOPC compares, SOP2 s_add_i32, SOPP s_cbranch_scc0/1 (llvm-objdump-19; its <.text+N> target note omitted) */
	{ VSHARP_GFX9, { 0xbf000302 }, "s_cmp_eq_i32 s2, s3" },
	{ VSHARP_GFX9, { 0xbf018502 }, "s_cmp_lg_i32 s2, 5" },
	{ VSHARP_GFX9, { 0xbf02c102 }, "s_cmp_gt_i32 s2, -1" },
	{ VSHARP_GFX9, { 0xbf03036a }, "s_cmp_ge_i32 vcc_lo, s3" },
	{ VSHARP_GFX9, { 0xbf04ff02, 0x80000000 }, "s_cmp_lt_i32 s2, 0x80000000" },
	{ VSHARP_GFX9, { 0xbf05037c }, "s_cmp_le_i32 m0, s3" },
	{ VSHARP_GFX9, { 0xbf060302 }, "s_cmp_eq_u32 s2, s3" },
	{ VSHARP_GFX9, { 0xbf07807e }, "s_cmp_lg_u32 exec_lo, 0" },
	{ VSHARP_GFX9, { 0xbf08ff02, 0x0098967f }, "s_cmp_gt_u32 s2, 0x98967f" },
	{ VSHARP_GFX9, { 0xbf090302 }, "s_cmp_ge_u32 s2, s3" },
	{ VSHARP_GFX9, { 0xbf0a0365 }, "s_cmp_lt_u32 s101, s3" },
	{ VSHARP_GFX9, { 0xbf0bffff, 0x00001234 }, "s_cmp_le_u32 0x1234, 0x1234" },
	{ VSHARP_GFX9, { 0x81028102 }, "s_add_i32 s2, s2, 1" },
	{ VSHARP_GFX9, { 0x810205ff, 0x00012345 }, "s_add_i32 s2, 0x12345, s5" },
	{ VSHARP_GFX9, { 0xbf84fffc }, "s_cbranch_scc0 65532" },
	{ VSHARP_GFX9, { 0xbf850004 }, "s_cbranch_scc1 4" },
	{ VSHARP_GFX9, { 0xbf850000 }, "s_cbranch_scc1 0" },
	{ VSHARP_GFX10_3, { 0xbf000302 }, "s_cmp_eq_i32 s2, s3" },
	{ VSHARP_GFX10_3, { 0xbf018502 }, "s_cmp_lg_i32 s2, 5" },
	{ VSHARP_GFX10_3, { 0xbf02c102 }, "s_cmp_gt_i32 s2, -1" },
	{ VSHARP_GFX10_3, { 0xbf03036a }, "s_cmp_ge_i32 vcc_lo, s3" },
	{ VSHARP_GFX10_3, { 0xbf04ff02, 0x80000000 }, "s_cmp_lt_i32 s2, 0x80000000" },
	{ VSHARP_GFX10_3, { 0xbf05037c }, "s_cmp_le_i32 m0, s3" },
	{ VSHARP_GFX10_3, { 0xbf060302 }, "s_cmp_eq_u32 s2, s3" },
	{ VSHARP_GFX10_3, { 0xbf07807e }, "s_cmp_lg_u32 exec_lo, 0" },
	{ VSHARP_GFX10_3, { 0xbf08ff02, 0x0098967f }, "s_cmp_gt_u32 s2, 0x98967f" },
	{ VSHARP_GFX10_3, { 0xbf090302 }, "s_cmp_ge_u32 s2, s3" },
	{ VSHARP_GFX10_3, { 0xbf0a0368 }, "s_cmp_lt_u32 s104, s3" },
	{ VSHARP_GFX10_3, { 0xbf0bffff, 0x00001234 }, "s_cmp_le_u32 0x1234, 0x1234" },
	{ VSHARP_GFX10_3, { 0x81028102 }, "s_add_i32 s2, s2, 1" },
	{ VSHARP_GFX10_3, { 0x810205ff, 0x00012345 }, "s_add_i32 s2, 0x12345, s5" },
	{ VSHARP_GFX10_3, { 0xbf84fffc }, "s_cbranch_scc0 65532" },
	{ VSHARP_GFX10_3, { 0xbf850004 }, "s_cbranch_scc1 4" },
	{ VSHARP_GFX10_3, { 0xbf850000 }, "s_cbranch_scc1 0" },
	{ VSHARP_GFX11, { 0xbf000302 }, "s_cmp_eq_i32 s2, s3" },
	{ VSHARP_GFX11, { 0xbf018502 }, "s_cmp_lg_i32 s2, 5" },
	{ VSHARP_GFX11, { 0xbf02c102 }, "s_cmp_gt_i32 s2, -1" },
	{ VSHARP_GFX11, { 0xbf03036a }, "s_cmp_ge_i32 vcc_lo, s3" },
	{ VSHARP_GFX11, { 0xbf04ff02, 0x80000000 }, "s_cmp_lt_i32 s2, 0x80000000" },
	{ VSHARP_GFX11, { 0xbf05037d }, "s_cmp_le_i32 m0, s3" },
	{ VSHARP_GFX11, { 0xbf060302 }, "s_cmp_eq_u32 s2, s3" },
	{ VSHARP_GFX11, { 0xbf07807e }, "s_cmp_lg_u32 exec_lo, 0" },
	{ VSHARP_GFX11, { 0xbf08ff02, 0x0098967f }, "s_cmp_gt_u32 s2, 0x98967f" },
	{ VSHARP_GFX11, { 0xbf090302 }, "s_cmp_ge_u32 s2, s3" },
	{ VSHARP_GFX11, { 0xbf0a0368 }, "s_cmp_lt_u32 s104, s3" },
	{ VSHARP_GFX11, { 0xbf0bffff, 0x00001234 }, "s_cmp_le_u32 0x1234, 0x1234" },
	{ VSHARP_GFX11, { 0x81028102 }, "s_add_i32 s2, s2, 1" },
	{ VSHARP_GFX11, { 0x810205ff, 0x00012345 }, "s_add_i32 s2, 0x12345, s5" },
	{ VSHARP_GFX11, { 0xbfa1fffc }, "s_cbranch_scc0 65532" },
	{ VSHARP_GFX11, { 0xbfa20004 }, "s_cbranch_scc1 4" },
	{ VSHARP_GFX11, { 0xbfa20000 }, "s_cbranch_scc1 0" },
	{ VSHARP_GFX12, { 0xbf000302 }, "s_cmp_eq_i32 s2, s3" },
	{ VSHARP_GFX12, { 0xbf018502 }, "s_cmp_lg_i32 s2, 5" },
	{ VSHARP_GFX12, { 0xbf02c102 }, "s_cmp_gt_i32 s2, -1" },
	{ VSHARP_GFX12, { 0xbf03036a }, "s_cmp_ge_i32 vcc_lo, s3" },
	{ VSHARP_GFX12, { 0xbf04ff02, 0x80000000 }, "s_cmp_lt_i32 s2, 0x80000000" },
	{ VSHARP_GFX12, { 0xbf05037d }, "s_cmp_le_i32 m0, s3" },
	{ VSHARP_GFX12, { 0xbf060302 }, "s_cmp_eq_u32 s2, s3" },
	{ VSHARP_GFX12, { 0xbf07807e }, "s_cmp_lg_u32 exec_lo, 0" },
	{ VSHARP_GFX12, { 0xbf08ff02, 0x0098967f }, "s_cmp_gt_u32 s2, 0x98967f" },
	{ VSHARP_GFX12, { 0xbf090302 }, "s_cmp_ge_u32 s2, s3" },
	{ VSHARP_GFX12, { 0xbf0a0368 }, "s_cmp_lt_u32 s104, s3" },
	{ VSHARP_GFX12, { 0xbf0bffff, 0x00001234 }, "s_cmp_le_u32 0x1234, 0x1234" },
	{ VSHARP_GFX12, { 0x81028102 }, "s_add_co_i32 s2, s2, 1" },
	{ VSHARP_GFX12, { 0x810205ff, 0x00012345 }, "s_add_co_i32 s2, 0x12345, s5" },
	{ VSHARP_GFX12, { 0xbfa1fffc }, "s_cbranch_scc0 65532" },
	{ VSHARP_GFX12, { 0xbfa20004 }, "s_cbranch_scc1 4" },
	{ VSHARP_GFX12, { 0xbfa20000 }, "s_cbranch_scc1 0" },
};

static void test_llvm_words(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(llvm_words) / sizeof(llvm_words[0]); i++) {
		const char *text = llvm_words[i].text;
		unsigned n = 1 + (llvm_words[i].w[1] != 0) + (llvm_words[i].w[2] != 0);
		size_t len = strcspn(text, " ");
		struct vsharp_error err;
		struct emu_insn in;

		if (!CHECK_MSG(t, dec(llvm_words[i].level, llvm_words[i].w, 3, &in, &err) == 0,
			       "%s: %s", text, err.msg))
			continue;
		CHECK_MSG(t, in.words == n, "%s: %u dwords, llvm-mc %u", text, in.words, n);
		CHECK_MSG(t, in.name && strlen(in.name) >= len && !strncmp(in.name, text, len),
			  "%s: decoded as %s", text, in.name ? in.name : "(none)");
		disasm_is(t, llvm_words[i].level, &in, text);
	}
}

/*
 * The BVH stack ops: GFX11 words from llvm-mc-19 -mcpu=gfx1100; GFX12 words
 * and text from LLVM 20's llvm/test/MC/Disassembler/AMDGPU/gfx12_dasm_ds.txt
 * (llvm-mc 19 does not know them), which must also be what the stubs'
 * encoder (emu_encode_ds) writes for the same operands.  The disassembler
 * follows llvm-objdump-19, which refuses the GFX12 ones: it prints them as
 * two .long dwords with a reason, and the emulator's name is checked.
 */
static void test_bvh_stack_words(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		uint32_t w[2];
		const char *text;
	} words[] = {
		{ VSHARP_GFX11, { 0xdab40000, 0x11080410 }, "ds_bvh_stack_rtn_b32 v17, v16, v4, v[8:11]" },
		{ VSHARP_GFX11, { 0xdab41000, 0x11080410 }, "ds_bvh_stack_rtn_b32 v17, v16, v4, v[8:11] offset:4096" },
		{ VSHARP_GFX12, { 0xdb800000, 0x01020100 }, "ds_bvh_stack_push4_pop1_rtn_b32 v1, v0, v1, v[2:5]" },
		{ VSHARP_GFX12, { 0xdb800001, 0x01020100 }, "ds_bvh_stack_push4_pop1_rtn_b32 v1, v0, v1, v[2:5] offset:1" },
		{ VSHARP_GFX12, { 0xdb840001, 0x01020100 }, "ds_bvh_stack_push8_pop1_rtn_b32 v1, v0, v1, v[2:9] offset:1" },
		{ VSHARP_GFX12, { 0xdb88007f, 0x01050403 }, "ds_bvh_stack_push8_pop2_rtn_b64 v[1:2], v3, v4, v[5:12] offset:127" },
		{ VSHARP_GFX12, { 0xdb880000, 0xfef4fcfd }, "ds_bvh_stack_push8_pop2_rtn_b64 v[254:255], v253, v252, v[244:251]" },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		struct vsharp_error err;
		struct emu_insn in;
		uint32_t back[2];

		if (!CHECK_MSG(t, dec(words[i].level, words[i].w, 2, &in, &err) == 0, "%s: %s",
			       words[i].text, err.msg))
			continue;
		CHECK_EQ(t, in.words, 2);
		if (words[i].level == VSHARP_GFX12) {
			struct isa_insn out;

			isa_disasm(vsharp_target_of(VSHARP_GFX12), words[i].w, 2, &out);
			CHECK(t, !out.known && out.words == 2 && out.reason[0]);
			CHECK(t, !strncmp(words[i].text, in.name, strlen(in.name)) &&
				 words[i].text[strlen(in.name)] == ' ');
		} else {
			disasm_is(t, words[i].level, &in, words[i].text);
		}
		if (CHECK_MSG(t, emu_encode_ds(words[i].level, &in, back, &err) == 0, "%s", err.msg)) {
			CHECK_EQ(t, back[0], words[i].w[0]);
			CHECK_EQ(t, back[1], words[i].w[1]);
		}
	}
}

/* GFX9 MUBUF (Vega Tables 87, 88): OFFSET [11:0], OFFEN 12, IDXEN 13, GLC 14, SLC 17, OP [24:18]. */
static void test_mubuf_gfx9(struct ktap *t)
{
	const uint32_t w[] = {
		0x38u << 26 | 20u << 18 /* BUFFER_LOAD_DWORD */ | 1u << 17 | 1u << 14 | 1u << 12 | 4,
		3u << 24 /* soffset s3 */ | 1u << 16 /* s[4:7] */ | 1u << 8 /* v1 */ | 2 /* v2 */,
	};
	struct vsharp_error err;
	struct emu_insn in;

	if (!CHECK_MSG(t, dec(VSHARP_GFX9, w, 2, &in, &err) == 0, "%s", err.msg))
		return;
	CHECK_EQ(t, in.fmt, EMU_FMT_MUBUF);
	CHECK_EQ(t, in.op, EMU_OP_MEM);
	CHECK_EQ(t, in.words, 2);
	CHECK(t, in.mem == vsharp_op_find(VSHARP_GFX9, "buffer_load_dword", NULL));
	CHECK(t, in.offen && !in.idxen && in.glc && in.slc && !in.tfe && !in.lds);
	CHECK_EQ(t, in.offset, 4);
	CHECK_EQ(t, in.vaddr, 2);
	CHECK_EQ(t, in.vdata, 1);
	CHECK_EQ(t, in.srsrc, 4);
	CHECK_EQ(t, in.soffset.kind, EMU_OPND_SGPR);
	CHECK_EQ(t, in.soffset.index, 3);
	disasm_is(t, VSHARP_GFX9, &in, "buffer_load_dword v1, v2, s[4:7], s3 offen offset:4 glc slc");
}

/* GFX11 MUBUF (RDNA3 Table 103): TFE 53, OFFEN 54, IDXEN 55 in the second dword. */
static void test_mubuf_gfx11(struct ktap *t)
{
	const uint32_t w[] = {
		0x38u << 26 | 20u << 18 /* BUFFER_LOAD_B32 */ | 0xfff,
		0x80u << 24 /* soffset: inline 0 */ | 1u << 23 | 1u << 22 | 1u << 21 |
			2u << 16 /* s[8:11] */ | 12u << 8 | 4,
	};
	struct vsharp_error err;
	struct emu_insn in;

	if (!CHECK_MSG(t, dec(VSHARP_GFX11, w, 2, &in, &err) == 0, "%s", err.msg))
		return;
	CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX11), "buffer_load_b32");
	CHECK(t, in.idxen && in.offen && in.tfe && !in.glc);
	CHECK_EQ(t, in.offset, 4095);
	CHECK_EQ(t, in.srsrc, 8);
	CHECK_EQ(t, in.soffset.kind, EMU_OPND_CONST);
	CHECK_EQ(t, in.soffset.value, 0);
	CHECK_EQ(t, emu_vgprs(VSHARP_GFX11, &in, EMU_VGPR_DATA), 2);
	CHECK_EQ(t, emu_vgprs(VSHARP_GFX11, &in, EMU_VGPR_ADDR), 2);
	disasm_is(t, VSHARP_GFX11, &in,
		  "buffer_load_b32 v[12:13], v[4:5], s[8:11], 0 idxen offen offset:4095 tfe");
}

/* GFX12 VBUFFER (RDNA4 Table 111): 24-bit IOFFSET, SOFFSET [6:0] with NULL = 124. */
static void test_vbuffer_gfx12(struct ktap *t)
{
	const uint32_t w[] = {
		0x31u << 26 | 53u << 14 /* BUFFER_ATOMIC_ADD_U32 */ | 124,
		1u << 30 /* offen */ | 1u << 23 /* format 1 */ | 1u << 20 /* th */ | 8u << 9 | 12,
		0x7fffffu << 8 | 5,
	};
	struct vsharp_error err;
	struct emu_insn in;

	if (!CHECK_MSG(t, dec(VSHARP_GFX12, w, 3, &in, &err) == 0, "%s", err.msg))
		return;
	CHECK_EQ(t, in.words, 3);
	CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX12), "buffer_atomic_add_u32");
	CHECK_EQ(t, in.soffset.kind, EMU_OPND_NULL);
	CHECK_EQ(t, in.offset, 0x7fffff);
	CHECK_EQ(t, in.th, 1);
	CHECK_EQ(t, in.vaddr, 5);
	CHECK_EQ(t, in.vdata, 12);
	disasm_is(t, VSHARP_GFX12, &in,
		  "buffer_atomic_add_u32 v12, v5, s[8:11], null offen offset:8388607 th:TH_ATOMIC_RETURN");
	/* Two dwords are not a VBUFFER instruction. */
	CHECK(t, dec(VSHARP_GFX12, w, 2, &in, &err) == -EINVAL);
	CHECK(t, strstr(err.msg, "VBUFFER needs 3 dwords") != NULL);
}

/* MTBUF formats: GFX9 DFMT [22:19] NFMT [25:23]; GFX10 FORMAT [25:19]. */
static void test_mtbuf_format(struct ktap *t)
{
	const uint32_t w9[] = {
		0x3au << 26 | 4u << 23 /* UINT */ | 11u << 19 /* 32_32 */ | 1u << 15 /* XY */ | 1u << 12,
		12u << 24 | 2u << 16 | 8u << 8 | 5,
	};
	int code = vsharp_unified_format_code(VSHARP_GFX10,
					      (struct vsharp_format){ VSHARP_DFMT_32_32, VSHARP_NFMT_SINT });
	uint32_t w10[] = { 0x3au << 26 | 1u << 12, 12u << 24 | 2u << 16 | 12u << 8 | 5 };
	struct vsharp_error err;
	struct emu_insn in;

	if (CHECK_MSG(t, dec(VSHARP_GFX9, w9, 2, &in, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, in.fmt, EMU_FMT_MTBUF);
		CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX9), "tbuffer_load_format_xy");
		CHECK_EQ(t, in.tformat.dfmt, VSHARP_DFMT_32_32);
		CHECK_EQ(t, in.tformat.nfmt, VSHARP_NFMT_UINT);
		disasm_is(t, VSHARP_GFX9, &in, "tbuffer_load_format_xy v[8:9], v5, s[8:11], s12 "
			  "format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_UINT] offen");
	}
	if (!CHECK(t, code > 0))
		return;
	w10[0] |= (uint32_t)code << 19;
	if (CHECK_MSG(t, dec(VSHARP_GFX10, w10, 2, &in, &err) == 0, "%s", err.msg)) {
		CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX10), "tbuffer_load_format_x");
		CHECK_EQ(t, in.tformat.dfmt, VSHARP_DFMT_32_32);
		CHECK_EQ(t, in.tformat.nfmt, VSHARP_NFMT_SINT);
		disasm_is(t, VSHARP_GFX10, &in,
			  "tbuffer_load_format_x v12, v5, s[8:11], s12 format:[BUF_FMT_32_32_SINT] offen");
	}
	/* GFX10: OP[3] is bit 53, the D16 half of the opcode table. */
	w10[1] |= 1u << 21;
	if (CHECK_MSG(t, dec(VSHARP_GFX10, w10, 2, &in, &err) == 0, "%s", err.msg))
		CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX10), "tbuffer_load_format_d16_x");
}

/* DS (RDNA3 Table 99): OFFSET0 [7:0], OFFSET1 [15:8], OP [25:18]; GFX9 OP [24:17]. */
static void test_ds_offsets(struct ktap *t)
{
	const uint32_t w11[] = { 0x36u << 26 | 55u << 18 /* DS_LOAD_2ADDR_B32 */ | 3u << 8 | 1,
				 12u << 24 | 4 };
	const uint32_t w9[] = { 0x36u << 26 | 13u << 17 /* DS_WRITE_B32 */ | 1u << 8 | 4,
				8u << 8 | 4 };
	struct vsharp_error err;
	struct emu_insn in;

	if (CHECK_MSG(t, dec(VSHARP_GFX11, w11, 2, &in, &err) == 0, "%s", err.msg)) {
		CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX11), "ds_load_2addr_b32");
		CHECK_EQ(t, in.offset0, 1);
		CHECK_EQ(t, in.offset1, 3);
		CHECK_EQ(t, in.ds_addr, 4);
		CHECK_EQ(t, in.vdst, 12);
		CHECK_EQ(t, emu_vgprs(VSHARP_GFX11, &in, EMU_VGPR_DST), 2);
		disasm_is(t, VSHARP_GFX11, &in, "ds_load_2addr_b32 v[12:13], v4 offset0:1 offset1:3");
	}
	if (CHECK_MSG(t, dec(VSHARP_GFX9, w9, 2, &in, &err) == 0, "%s", err.msg)) {
		CHECK_STR(t, vsharp_op_name(in.mem, VSHARP_GFX9), "ds_write_b32");
		CHECK_EQ(t, in.offset1 << 8 | in.offset0, 0x104);
		CHECK_EQ(t, in.data0, 8);
		disasm_is(t, VSHARP_GFX9, &in, "ds_write_b32 v4, v8 offset:260");
	}
}

/* SOPP SIMM16 is signed: a branch back is negative, objdump prints it unsigned. */
static void test_sopp_branch(struct ktap *t)
{
	const uint32_t w9 = 0xbf82ffff, w11 = 0xbfa0fffc, w12 = 0xbfa00005;
	struct vsharp_error err;
	struct emu_insn in;

	if (CHECK_MSG(t, dec(VSHARP_GFX9, &w9, 1, &in, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, in.op, EMU_OP_S_BRANCH);
		CHECK_EQ(t, in.simm16, -1);
		disasm_is(t, VSHARP_GFX9, &in, "s_branch 65535");
	}
	if (CHECK_MSG(t, dec(VSHARP_GFX11, &w11, 1, &in, &err) == 0, "%s", err.msg))
		CHECK_EQ(t, in.simm16, -4);
	if (CHECK_MSG(t, dec(VSHARP_GFX12, &w12, 1, &in, &err) == 0, "%s", err.msg))
		CHECK_EQ(t, in.simm16, 5);
}

/* Literals take a second dword; inline constants are 128..208; GFX12 m0 is 125. */
static void test_constants(struct ktap *t)
{
	const uint32_t lit[] = { 0x4a0202ff, 0x00000440 };	/* v_add_nc_u32 v1, 0x440, v1 */
	const uint32_t inl = 0x4a2c2ac0;	/* v_add_nc_u32 v22, 64, v21 */
	const uint32_t mov = 0xbefd00c1;	/* s_mov_b32 m0, -1 */
	const uint32_t bad = 0x640202ff;	/* v_add_f16 v1, lit, v1: not implemented */
	struct vsharp_error err;
	struct emu_insn in;

	if (CHECK_MSG(t, dec(VSHARP_GFX11, lit, 2, &in, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, in.words, 2);
		CHECK_EQ(t, in.op, EMU_OP_V_ADD_U32);
		CHECK_EQ(t, in.src0.kind, EMU_OPND_LITERAL);
		CHECK_EQ(t, in.src0.value, 0x440);
		CHECK_EQ(t, in.src1.kind, EMU_OPND_VGPR);
		disasm_is(t, VSHARP_GFX11, &in, "v_add_nc_u32_e32 v1, 0x440, v1");
	}
	CHECK(t, dec(VSHARP_GFX11, lit, 1, &in, &err) == -EINVAL);
	if (CHECK_MSG(t, dec(VSHARP_GFX10, &inl, 1, &in, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, in.words, 1);
		CHECK_EQ(t, in.src0.kind, EMU_OPND_CONST);
		CHECK_EQ(t, in.src0.value, 64);
	}
	if (CHECK_MSG(t, dec(VSHARP_GFX12, &mov, 1, &in, &err) == 0, "%s", err.msg)) {
		CHECK_EQ(t, in.dst.kind, EMU_OPND_M0);
		CHECK_EQ(t, in.src0.kind, EMU_OPND_CONST);
		CHECK_EQ(t, in.src0.value, 0xffffffff);
		disasm_is(t, VSHARP_GFX12, &in, "s_mov_b32 m0, -1");
	}
	CHECK(t, dec(VSHARP_GFX11, &bad, 1, &in, &err) == -EINVAL);
	CHECK_STR(t, err.msg, "emu: gfx11: VOP2 v_add_f16 (opcode 50) is not implemented (0x640202ff)");
}

static bool stub_matches(const char *sym, const char *op)
{
	size_t n = strlen(op);

	return !strncmp(sym, "stub_", 5) && !strncmp(sym + 5, op, n) &&
	       (sym[5 + n] == '_' || sym[5 + n] == '\0');
}

/* Every stub decodes to the catalogue entry it is named after, then branches to stub_done. */
static void test_stubs(struct ktap *t)
{
	unsigned stubs = 0;

	for (unsigned s = 0; s < vsharp_shader_count; s++) {
		const struct vsharp_shader *sh = &vsharp_shaders[s];
		enum vsharp_gfx level;
		uint32_t done;

		if (!CHECK(t, vsharp_gfx_parse(sh->family, &level, NULL) == 0) ||
		    !CHECK(t, vsharp_shader_symbol(sh, "stub_done", &done, NULL) == 0))
			continue;
		for (unsigned k = 0; k < sh->n_symbols; k++) {
			const struct vsharp_shader_symbol *sym = &sh->symbols[k];
			unsigned at = sym->offset / 4;
			struct vsharp_error err;
			struct emu_insn in, br;

			if (strncmp(sym->name, "stub_", 5) || !strcmp(sym->name, "stub_done") ||
			    !strcmp(sym->name, "stub_base"))
				continue;
			stubs++;
			/* An S_BUFFER_LOAD stub sets SDATA first (s_mov_b32). */
			while (at < sh->n_words && dec(level, sh->code + at, sh->n_words - at, &in, &err) == 0 &&
			       in.op == EMU_OP_S_MOV_B32)
				at += in.words;
			if (!CHECK_MSG(t, at < sh->n_words &&
				       dec(level, sh->code + at, sh->n_words - at, &in, &err) == 0,
				       "%s %s: %s", sh->family, sym->name, err.msg))
				continue;
			CHECK_MSG(t, in.op == EMU_OP_MEM && in.mem &&
				  stub_matches(sym->name, vsharp_op_name(in.mem, level)),
				  "%s %s decodes to %s", sh->family, sym->name,
				  in.name ? in.name : "(none)");
			at += in.words;
			/* ... and waits and copies SDATA into v12.. after it. */
			for (;;) {
				if (!CHECK_MSG(t, dec(level, sh->code + at, sh->n_words - at, &br, &err) == 0,
					       "%s %s: %s", sh->family, sym->name, err.msg) ||
				    !in.mem || in.mem->cls != VSHARP_OP_SMEM ||
				    (br.op != EMU_OP_S_WAITCNT && br.op != EMU_OP_V_MOV_B32))
					break;
				at += br.words;
			}
			if (err.msg[0])
				continue;
			CHECK_MSG(t, br.op == EMU_OP_S_BRANCH &&
				  (int64_t)(at + 1 + br.simm16) * 4 == done,
				  "%s %s: the branch after the stub misses stub_done", sh->family,
				  sym->name);
		}
	}
	printf("# %u stubs decoded\n", stubs);
	CHECK(t, stubs > 2000);
}

/* The whole of every shipped shader decodes, instruction after instruction. */
static void test_shaders_decode(struct ktap *t)
{
	for (unsigned s = 0; s < vsharp_shader_count; s++) {
		const struct vsharp_shader *sh = &vsharp_shaders[s];
		enum vsharp_gfx level;
		unsigned at = 0, n = 0;

		if (!CHECK(t, vsharp_gfx_parse(sh->family, &level, NULL) == 0))
			continue;
		while (at < sh->n_words) {
			struct vsharp_error err;
			struct emu_insn in;

			if (!CHECK_MSG(t, dec(level, sh->code + at, sh->n_words - at, &in, &err) == 0,
				       "%s +0x%x: %s", sh->family, at * 4, err.msg))
				break;
			at += in.words;
			n++;
		}
		printf("# %s: %u instructions\n", sh->family, n);
	}
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/*
 * Random dwords: half of them with the top bits of a memory encoding so the
 * opcode tables and operand checks get exercised, not only "unknown".
 */
static void test_fuzz(struct ktap *t)
{
	static const uint32_t tops[] = { 0xd8000000, 0xdc000000, 0xe0000000, 0xe8000000,
					 0xc4000000, 0xec000000, 0xf4000000, 0xc0000000,
					 0xbf800000, 0xbe800000, 0xb0000000, 0x7e000000 };
	const unsigned per_family = 100000;

	for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
		unsigned ok = 0, bad = 0;

		for (unsigned i = 0; i < per_family; i++) {
			uint32_t w[3] = { next(), next(), next() };
			unsigned n = 1 + next() % 3;
			struct vsharp_error err;
			struct emu_insn in;
			struct isa_insn out;
			int r;

			if (i & 1)
				w[0] = (w[0] & 0x03ffffff) | tops[next() % (sizeof(tops) / sizeof(tops[0]))];
			err.msg[0] = '\0';
			r = emu_decode(levels[l], w, n, &in, &err);
			if (r == 0) {
				ok++;
				CHECK_MSG(t, in.words >= 1 && in.words <= n && in.name,
					  "0x%08x: %u words", w[0], in.words);
				/* Where the disassembler decodes it too, both read one length. */
				isa_disasm(vsharp_target_of(levels[l]), w, n, &out);
				CHECK_MSG(t, !out.known || out.words == in.words,
					  "0x%08x: emu %u words, isa %u (%s)", w[0], in.words, out.words,
					  out.text);
			} else {
				bad++;
				CHECK_MSG(t, r == -EINVAL && !strncmp(err.msg, "emu: ", 5),
					  "0x%08x: %d '%s'", w[0], r, err.msg);
			}
		}
		printf("# %s: %u decoded, %u refused\n", vsharp_gfx_name(levels[l]), ok, bad);
		CHECK(t, ok > 0 && bad > 0);
	}
}

/* ==== Encodings the ISA guides or LLVM rule out (issue 12) ================== */

/*
 * Each row: an instruction as llvm-mc-19 -show-encoding assembled it (text in
 * the comment), then the same words with one documented field altered.  The
 * original must decode; the altered words must be refused with a message
 * naming the field, the allowed values and the ISA guide's section.  Where the
 * ISA is silent the rule is LLVM's: llvm-mc-19 refuses the operand and/or
 * llvm-objdump-19 prints the altered words as .long (checked by hand).
 */
struct refusal {
	enum vsharp_gfx level;
	uint32_t good[3], bad[3];
	unsigned n;
	const char *field, *allowed, *cite;
};

static const struct refusal refusals[] = {
	/*
	 * ds_write_b64 v0, v[21:22] offset:256 (gfx700): DATA1 [55:48] 0 -> 26;
	 * no GFX7 guide was read, so the Vega section of the GCN rule is cited.
	 */
	{ VSHARP_GFX7, { 0xd9340100, 0x00001500 }, { 0xd9340100, 0x001a1500 }, 2,
	  "DATA1 is 26", "allowed: 0", "the GCN rule of GFX6-8, as the Vega ISA states it: §13.5.1" },
	/* ds_add_u32 v1, v2 (gfx900): VDST [63:56] 0 -> 2; the op returns nothing. */
	{ VSHARP_GFX9, { 0xd8000000, 0x00000201 }, { 0xd8000000, 0x02000201 }, 2,
	  "VDST is 2", "allowed: 0", "Vega ISA §13.5.1" },
	/* ds_store_b32 v1, v2 (gfx1200): bit 17 (GDS before GFX12) 0 -> 1. */
	{ VSHARP_GFX12, { 0xd8340000, 0x00000201 }, { 0xd8360000, 0x00000201 }, 2,
	  "bit 17 is 1", "allowed: 0", "RDNA4 ISA §15.6.1" },
	/*
	 * GDS on the ops LLVM gives no gds operand (llvm-objdump-19 prints
	 * .long for each altered word): ds_permute_b32 v1, v2, v3 (gfx803):
	 * GDS [16] 0 -> 1.
	 */
	{ VSHARP_GFX8, { 0xd87c0000, 0x01000302 }, { 0xd87d0000, 0x01000302 }, 2,
	  "GDS is 1", "allowed: 0", "§13.5.1" },
	/* ds_bpermute_b32 v1, v2, v3 offset:4 (gfx900): GDS [16] 0 -> 1. */
	{ VSHARP_GFX9, { 0xd87e0004, 0x01000302 }, { 0xd87f0004, 0x01000302 }, 2,
	  "GDS is 1", "allowed: 0", "Vega ISA §13.5.1" },
	/* ds_bpermute_b32 v1, v2, v3 offset:4 (gfx1010): GDS [17] 0 -> 1. */
	{ VSHARP_GFX10, { 0xdacc0004, 0x01000302 }, { 0xdace0004, 0x01000302 }, 2,
	  "GDS is 1", "allowed: 0", "RDNA ISA §13.5.1" },
	/* ds_permute_b32 v1, v2, v3 (gfx1030): GDS [17] 0 -> 1. */
	{ VSHARP_GFX10_3, { 0xdac80000, 0x01000302 }, { 0xdaca0000, 0x01000302 }, 2,
	  "GDS is 1", "allowed: 0", "RDNA2 ISA" },
	/* ds_bpermute_b32 v1, v2, v3 offset:4 (gfx1100): GDS [17] 0 -> 1. */
	{ VSHARP_GFX11, { 0xdacc0004, 0x01000302 }, { 0xdace0004, 0x01000302 }, 2,
	  "GDS is 1", "allowed: 0", "RDNA3 ISA §15.6.1" },
	/* ds_bvh_stack_rtn_b32 v1, v2, v3, v[4:7] (gfx1100): GDS [17] 0 -> 1. */
	{ VSHARP_GFX11, { 0xdab40000, 0x01040302 }, { 0xdab60000, 0x01040302 }, 2,
	  "GDS is 1", "allowed: 0", "RDNA3 ISA §15.6.1" },
	/* buffer_atomic_add v1, off, s[8:11], 0 (gfx900): TFE [55] 0 -> 1. */
	{ VSHARP_GFX9, { 0xe1080000, 0x80020100 }, { 0xe1080000, 0x80820100 }, 2,
	  "TFE is 1", "allowed: 0", "Vega ISA §13.6.2" },
	/* buffer_store_dword v1, off, s[8:11], 0 (gfx1010): TFE [55] 0 -> 1. */
	{ VSHARP_GFX10, { 0xe0700000, 0x80020100 }, { 0xe0700000, 0x80820100 }, 2,
	  "TFE is 1", "store fetches none", "RDNA ISA §13.6.2" },
	/* tbuffer_load_format_x v1, off, s[8:11], 0 format:[BUF_FMT_32_FLOAT] (gfx1100): TFE [53]. */
	{ VSHARP_GFX11, { 0xe8b00000, 0x80020100 }, { 0xe8b00000, 0x80220100 }, 2,
	  "TFE is 1", "no TFE form of typed buffer", "RDNA3 ISA §15.7.1" },
	/* buffer_store_short v1, off, s[8:11], 0 (gfx900): LDS [16] 0 -> 1. */
	{ VSHARP_GFX9, { 0xe0680000, 0x80020100 }, { 0xe0690000, 0x80020100 }, 2,
	  "LDS is 1", "allowed: 0, only BUFFER_LOAD_{UBYTE,SBYTE,USHORT,SSHORT,DWORD,FORMAT_X}",
	  "Vega ISA §8.1.9" },
	/* buffer_load_dword off, s[8:11], 0 lds (gfx1030): TFE [55] 0 -> 1 ("illegal", §8.1.9). */
	{ VSHARP_GFX10_3, { 0xe0310000, 0x80020000 }, { 0xe0310000, 0x80820000 }, 2,
	  "TFE is 1 with LDS 1", "illegal", "RDNA2 ISA §8.1.9" },
	/* buffer_atomic_add v1, off, s[8:11], 0 (gfx1030): DLC [15] 0 -> 1. */
	{ VSHARP_GFX10_3, { 0xe0c80000, 0x80020100 }, { 0xe0c88000, 0x80020100 }, 2,
	  "DLC is 1", "allowed: 0", "RDNA2 ISA §13.6.2" },
	/* buffer_load_u8 v1, off, s[8:11], null offset:4 (gfx1200): RSRC [49:41] 8 -> 9. */
	{ VSHARP_GFX12, { 0xc404007c, 0x00801001, 0x00000400 },
	  { 0xc404007c, 0x00801201, 0x00000400 }, 3,
	  "RSRC is s9", "allowed: a multiple of 4 in 0-120", "RDNA4 ISA §15.7.1" },
	/* The same: IOFFSET [95:72] 4 -> 0x800004, -8388604 as a signed 24-bit value. */
	{ VSHARP_GFX12, { 0xc404007c, 0x00801001, 0x00000400 },
	  { 0xc404007c, 0x00801001, 0x80000400 }, 3,
	  "IOFFSET is 0x800004, -8388604", "allowed: 0-0x7fffff", "RDNA4 ISA §15.7.1" },
	/* s_load_dwordx8 s[8:15], s[0:1], 0x0 (gfx900): SDATA [12:6] 8 -> 9. */
	{ VSHARP_GFX9, { 0xc00e0200, 0x00000000 }, { 0xc00e0240, 0x00000000 }, 2,
	  "SDATA is s9", "a multiple of 4 for 4 or more", "Vega ISA §7.1" },
	/* global_load_dword v1, v2, s[4:5] (gfx1010): SADDR [54:48] 4 -> 5. */
	{ VSHARP_GFX10, { 0xdc308000, 0x01040002 }, { 0xdc308000, 0x01050002 }, 2,
	  "SADDR is s5", "allowed: an even SGPR", "RDNA ISA §5.2" },
	/* global_load_dword v1, v2, s[4:5] (gfx1030): bit 55, in no FLAT field, 0 -> 1. */
	{ VSHARP_GFX10_3, { 0xdc308000, 0x01040002 }, { 0xdc308000, 0x01840002 }, 2,
	  "bit 55 is 1", "allowed: 0", "RDNA2 ISA §13.8.1" },
	/* global_load_b32 v1, v2, s[4:5] (gfx1200): bit 21, in no field, 0 -> 1. */
	{ VSHARP_GFX12, { 0xee050004, 0x00000001, 0x00000002 },
	  { 0xee250004, 0x00000001, 0x00000002 }, 3, "bit 21 is 1", "allowed: 0", "RDNA4 ISA §15.10" },
	/* The same: SVE [49] (scratch only) 0 -> 1. */
	{ VSHARP_GFX12, { 0xee050004, 0x00000001, 0x00000002 },
	  { 0xee050004, 0x00020001, 0x00000002 }, 3, "bit 49 is 1", "SVE", "RDNA4 ISA §15.10" },
	/* v_lshl_add_u32 v0, s8, 6, v0 (gfx900): SRC1 [49:41] 6 -> s9, a second SGPR. */
	{ VSHARP_GFX9, { 0xd1fd0000, 0x04010c08 }, { 0xd1fd0000, 0x04001208 }, 2,
	  "2 scalar values", "allowed: at most 1", "Vega ISA §6.2.1" },
	/* v_lshl_add_u32 v4, s8, 6, v0 (gfx1030): SRC1 s9, SRC2 s10: three. */
	{ VSHARP_GFX10_3, { 0xd7460004, 0x04010c08 }, { 0xd7460004, 0x00281208 }, 2,
	  "3 scalar values", "allowed: at most 2", "RDNA2 ISA §6.2.1" },
	/* v_lshl_add_u32 v4, s8, 6, v0 (gfx1100): SRC1 s9, SRC2 a literal: three. */
	{ VSHARP_GFX11, { 0xd6460004, 0x04010c08 }, { 0xd6460004, 0x03fc1208, 0x00000001 }, 3,
	  "3 scalar values", "allowed: at most 2", "RDNA3 ISA §7.2.2.3" },
	/*
	 * VOP3 modifiers on the integer v_lshl_add_u32 (llvm-objdump-19 prints
	 * each altered word as .long).  libdrm 2.4.114's slow-hang shader
	 * (tests/amdgpu/shader_code_hang.h, laid out at byte offsets) reaches
	 * the GPU as 0xd1fd0000 0x708c0f70 / 0xd7460000 0x708c0f70: NEG [63:61]
	 * 0 -> 3 (src0, src1) and OMOD [60:59] 0 -> 2.
	 */
	{ VSHARP_GFX9, { 0xd1fd0000, 0x04010c08 }, { 0xd1fd0000, 0x74010c08 }, 2,
	  "NEG is 0x3, ABS is 0x0", "allowed: 0, input modifiers are defined for floating-point inputs only",
	  "Vega ISA §6.2.1" },
	{ VSHARP_GFX10, { 0xd7460000, 0x04010c08 }, { 0xd7460000, 0x708c0f70 }, 2,
	  "NEG is 0x3, ABS is 0x0", "allowed: 0", "RDNA ISA §6.2.1" },
	/* v_lshl_add_u32 v0, s8, 6, v0 (gfx1100): ABS [8] (src0) 0 -> 1. */
	{ VSHARP_GFX11, { 0xd6460000, 0x04010c08 }, { 0xd6460100, 0x04010c08 }, 2,
	  "NEG is 0x0, ABS is 0x1", "allowed: 0", "RDNA3 ISA §7.2.2.1" },
	/* The same (gfx1030): OMOD [60:59] 0 -> 2, ignored for integers by the guide. */
	{ VSHARP_GFX10_3, { 0xd7460000, 0x04010c08 }, { 0xd7460000, 0x14010c08 }, 2,
	  "OMOD is 2", "allowed: 0, integer results ignore OMOD", "RDNA2 ISA §6.2.2" },
	{ VSHARP_GFX12, { 0xd6460000, 0x04010c08 }, { 0xd6460000, 0x0c010c08 }, 2,
	  "OMOD is 1", "allowed: 0", "RDNA4 ISA §7.2.3.1" },
	/* The same (gfx1010): CLAMP [15] 0 -> 1, an unsigned saturation. */
	{ VSHARP_GFX10, { 0xd7460000, 0x04010c08 }, { 0xd7468000, 0x04010c08 }, 2,
	  "CLAMP is 1", "allowed: 0", "RDNA ISA §6.5" },
	/* s_set_inst_prefetch_distance 0x3 (gfx1100): SIMM16 3 -> 0 ("Reserved, do not use"), -> 4. */
	{ VSHARP_GFX11, { 0xbf840003 }, { 0xbf840000 }, 1, "SIMM16 is 0", "allowed: 1..3",
	  "RDNA3 ISA §15.1.5" },
	{ VSHARP_GFX11, { 0xbf840003 }, { 0xbf840004 }, 1, "SIMM16 is 4", "allowed: 1..3",
	  "RDNA3 ISA §15.1.5" },
	/* s_code_end (gfx1010): SIMM16 [15:0] 0 -> 5. */
	{ VSHARP_GFX10, { 0xbf9f0000 }, { 0xbf9f0005 }, 1, "SIMM16 is 5", "allowed: 0",
	  "RDNA ISA §13.1.5" },
};

static void test_refusals(struct ktap *t)
{
	for (unsigned i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const struct refusal *r = &refusals[i];
		struct vsharp_error err;
		struct emu_insn in;

		CHECK_MSG(t, dec(r->level, r->good, r->n, &in, &err) == 0, "row %u: %s", i, err.msg);
		if (!CHECK_MSG(t, dec(r->level, r->bad, r->n, &in, &err) == -EINVAL,
			       "row %u decoded", i))
			continue;
		CHECK_MSG(t, strstr(err.msg, r->field) && strstr(err.msg, r->allowed) &&
			  strstr(err.msg, r->cite), "row %u: %s", i, err.msg);
		/* Nothing half-decoded is left for the interpreter. */
		CHECK_EQ(t, in.words, 0);
	}
}

KTAP_MAIN(KTAP_CASE(test_llvm_words), KTAP_CASE(test_bvh_stack_words), KTAP_CASE(test_mubuf_gfx9), KTAP_CASE(test_mubuf_gfx11), KTAP_CASE(test_vbuffer_gfx12),
	  KTAP_CASE(test_mtbuf_format), KTAP_CASE(test_ds_offsets), KTAP_CASE(test_sopp_branch),
	  KTAP_CASE(test_constants), KTAP_CASE(test_stubs), KTAP_CASE(test_shaders_decode),
	  KTAP_CASE(test_fuzz),
	  /* issue 12: strict decoding */
	  KTAP_CASE(test_refusals))
