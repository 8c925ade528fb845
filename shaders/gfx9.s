// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX9 (gfx900), wave64.  Contract: README.md.
	.text
	.p2align 8
	.globl probe_main
probe_main:
	// Wave record: case table + work-group id * 8192.
	s_lshl_b32 s3, s2, 13
	s_add_u32 s4, s0, s3
	s_addc_u32 s5, s1, 0
	// V# s[8:11], soffset s12, M0 s13, stub offset s14, flags s15.
	s_load_dwordx8 s[8:15], s[4:5], 0x0
	// Lane record at 1088 + lane * 64; LDS image slice at 64 + lane * 16:
	// 64 lanes copy the whole 1 KiB allocation (README.md).
	v_lshlrev_b32 v1, 6, v0
	v_add_u32 v1, 0x440, v1
	v_lshlrev_b32 v21, 4, v0
	v_add_u32 v22, 64, v21
	global_load_dwordx4 v[4:7], v1, s[4:5]
	global_load_dwordx4 v[8:11], v1, s[4:5] offset:16
	global_load_dwordx4 v[12:15], v1, s[4:5] offset:32
	global_load_dwordx4 v[16:19], v1, s[4:5] offset:48
	global_load_dwordx4 v[24:27], v22, s[4:5]
	s_waitcnt vmcnt(0)
	// Vega documents an LDS clamp to M0: lift it while the image goes in.
	s_mov_b32 m0, -1
	ds_write_b128 v21, v[24:27]
	s_waitcnt lgkmcnt(0)
	s_mov_b32 m0, s13
	s_getpc_b64 s[20:21]
stub_base:
	s_add_u32 s20, s20, s14
	s_addc_u32 s21, s21, 0
	s_setpc_b64 s[20:21]
	.include "gen/gfx9-stubs.s"
stub_done:
	s_waitcnt vmcnt(0) lgkmcnt(0)
	s_mov_b32 m0, -1
	ds_read_b128 v[24:27], v21
	s_waitcnt lgkmcnt(0)
	global_store_dwordx4 v1, v[12:15], s[4:5] offset:32
	global_store_dwordx4 v1, v[16:19], s[4:5] offset:48
	global_store_dwordx4 v22, v[24:27], s[4:5]
	// The wave's VMID: HW_ID[23:20].
	s_getreg_b32 s16, hwreg(HW_REG_HW_ID)
	v_mov_b32 v20, s16
	v_mov_b32 v23, 0
	global_store_dword v23, v20, s[4:5] offset:32
	s_endpgm
