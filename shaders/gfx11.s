// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX11 (gfx1100), wave32.  Contract: README.md.
	.text
	.p2align 8
	.globl probe_main
probe_main:
	// Work-item ids are packed: x in v0[9:0].
	v_and_b32 v0, 0x3ff, v0
	// Wave record: case table + work-group id * 8192.
	s_lshl_b32 s3, s2, 13
	s_add_u32 s4, s0, s3
	s_addc_u32 s5, s1, 0
	// V# s[8:11], soffset s12, M0 s13, stub offset s14, flags s15.
	s_load_b256 s[8:15], s[4:5], 0x0
	// Lane record at 1088 + lane * 64.  The LDS image is the whole 1 KiB
	// allocation (the 1 KiB granule of GFX10.3+, README.md): lane l copies
	// the 16-byte slices at l * 16 and 512 + l * 16, image at record + 64.
	v_lshlrev_b32 v1, 6, v0
	v_add_nc_u32 v1, 0x440, v1
	v_lshlrev_b32 v21, 4, v0
	v_add_nc_u32 v22, 64, v21
	global_load_b128 v[4:7], v1, s[4:5]
	global_load_b128 v[8:11], v1, s[4:5] offset:16
	global_load_b128 v[12:15], v1, s[4:5] offset:32
	global_load_b128 v[16:19], v1, s[4:5] offset:48
	global_load_b128 v[24:27], v22, s[4:5]
	s_waitcnt vmcnt(0)
	s_mov_b32 m0, -1
	ds_store_b128 v21, v[24:27]
	// The DS store has read v[24:27] before the load overwrites them.
	s_waitcnt lgkmcnt(0)
	global_load_b128 v[24:27], v22, s[4:5] offset:512
	s_waitcnt vmcnt(0)
	ds_store_b128 v21, v[24:27] offset:512
	s_waitcnt lgkmcnt(0)
	s_mov_b32 m0, s13
	// A VALU between the loads into v[12:15] and an LDS direct or parameter
	// load writing v12 (RDNA3 ISA §12.2.1.2; LLVM fixLdsDirectVMEMHazard).
	v_mov_b32 v23, 0
	s_getpc_b64 s[20:21]
stub_base:
	s_add_u32 s20, s20, s14
	s_addc_u32 s21, s21, 0
	s_setpc_b64 s[20:21]
	.include "gen/gfx11-stubs.s"
stub_done:
	// expcnt: LDS direct and parameter loads count there.
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_mov_b32 m0, -1
	ds_load_b128 v[24:27], v21
	s_waitcnt lgkmcnt(0)
	global_store_b128 v1, v[12:15], s[4:5] offset:32
	global_store_b128 v1, v[16:19], s[4:5] offset:48
	global_store_b128 v22, v[24:27], s[4:5]
	// The store has read v[24:27] before the DS load overwrites them.
	s_waitcnt_vscnt null, 0x0
	ds_load_b128 v[24:27], v21 offset:512
	s_waitcnt lgkmcnt(0)
	global_store_b128 v22, v[24:27], s[4:5] offset:512
	// The wave's VMID: HW_ID2[27:24].
	s_getreg_b32 s16, hwreg(HW_REG_HW_ID2)
	v_mov_b32 v20, s16
	v_mov_b32 v23, 0
	global_store_b32 v23, v20, s[4:5] offset:32
	s_endpgm
	// Instruction prefetch runs up to three 128-byte lines past the last
	// instruction (SH_MEM_CONFIG.INITIAL_INST_PREFETCH 3, set by the kernel):
	// LLVM's EmitCodeEnd padding, align to the line, then 3 lines.
	.p2alignl 7, 0xbf9f0000
	.fill 96, 4, 0xbf9f0000
