// SPDX-License-Identifier: MIT
/*
 * The hazard rules of the strict emulated GPU (emu/hazard.c,
 * Documentation/emulator.rst "Hazards"), one snippet per rule that breaks
 * it and one with the fix, on the processors the rule names and on one it
 * does not.  Each snippet is checked in issue order as the shader core
 * feeds the checker; the expected rule, or none, comes from the source the
 * rule cites: the ISA guides' wait-state tables and examples (Vega §4.5
 * Table 8, RDNA3/RDNA4 §12.2.1.2, RDNA4 §5.7) and what LLVM 19's
 * GCNHazardRecognizer inserts for the same sequence (llc-19
 * -run-pass=post-RA-hazard-rec), never from the checker's own output.
 * Words were assembled by llvm-mc-19 -show-encoding for the processor
 * named in each row; the text is beside each word.
 */
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "emu/hazard.h"

static const struct snippet {
	const char *target;
	const char *rule;	/* the hazard expected, NULL: none */
	unsigned n;
	uint32_t w[12];
} snippets[] = {
	/* an SMRD reading an SGPR a VALU wrote: 4 wait states, SI only */
	{ "gfx601", "SMRD after VALU SGPR write", 2, {
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
		0xc0020100,	/* s_load_dword s4, s[0:1], 0x0 */
	} },
	/* the fix: s_nop 3 */
	{ "gfx601", NULL, 3, {
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
		0xbf800003,	/* s_nop 3 */
		0xc0020100,	/* s_load_dword s4, s[0:1], 0x0 */
	} },
	/* CI has no such hazard */
	{ "gfx700", NULL, 2, {
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
		0xc0020100,	/* s_load_dword s4, s[0:1], 0x0 */
	} },
	/* S_BUFFER_LOAD of a descriptor a SALU wrote: 4 wait states, SI only */
	{ "gfx601", "S_BUFFER_LOAD after SALU write", 2, {
		0xbe880380,	/* s_mov_b32 s8, 0 */
		0xc2020900,	/* s_buffer_load_dword s4, s[8:11], 0x0 */
	} },
	/* the fix: three other instructions and s_nop 0 */
	{ "gfx601", NULL, 6, {
		0xbe880380,	/* s_mov_b32 s8, 0 */
		0xbe850380,	/* s_mov_b32 s5, 0 */
		0xbe860380,	/* s_mov_b32 s6, 0 */
		0xbe870380,	/* s_mov_b32 s7, 0 */
		0xbf800000,	/* s_nop 0 */
		0xc2020900,	/* s_buffer_load_dword s4, s[8:11], 0x0 */
	} },
	/* a VMEM reading an SGPR a VALU wrote: 5 wait states from GFX8 */
	{ "gfx900", "VMEM after VALU SGPR write", 3, {
		0x7e180501,	/* v_readfirstlane_b32 s12, v1 */
		0xe0500000, 0x0c020200,	/* buffer_load_dword v2, off, s[8:11], s12 */
	} },
	{ "gfx803", "VMEM after VALU SGPR write", 4, {
		0x7e120501,	/* v_readfirstlane_b32 s9, v1 */
		0xbf800002,	/* s_nop 2 */
		0xe0500000, 0x80020200,	/* buffer_load_dword v2, off, s[8:11], 0 */
	} },
	/* the fix: s_nop 4 */
	{ "gfx900", NULL, 4, {
		0x7e180501,	/* v_readfirstlane_b32 s12, v1 */
		0xbf800004,	/* s_nop 4 */
		0xe0500000, 0x0c020200,	/* buffer_load_dword v2, off, s[8:11], s12 */
	} },
	/* LLVM records no such hazard before GFX8 */
	{ "gfx700", NULL, 3, {
		0x7e180501,	/* v_readfirstlane_b32 s12, v1 */
		0xe0300000, 0x0c020200,	/* buffer_load_dword v2, off, s[8:11], s12 */
	} },
	/* a VALU overwriting the data of a 128-bit store just issued */
	{ "gfx900", "store data overwrite", 3, {
		0xe07c0000, 0x80020400,	/* buffer_store_dwordx4 v[4:7], off, s[8:11], 0 */
		0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	} },
	{ "gfx700", "store data overwrite", 3, {
		0xe07c0000, 0x80020400,	/* buffer_store_dwordx3 v[4:6], off, s[8:11], 0 */
		0x7e0c0280,	/* v_mov_b32_e32 v6, 0 */
	} },
	{ "gfx900", "store data overwrite", 3, {
		0xdc7c8000, 0x00000401,	/* global_store_dwordx4 v1, v[4:7], s[0:1] */
		0x7e080280,	/* v_mov_b32_e32 v4, 0 */
	} },
	/* the fix: s_nop 0 */
	{ "gfx900", NULL, 4, {
		0xe07c0000, 0x80020400,	/* buffer_store_dwordx4 v[4:7], off, s[8:11], 0 */
		0xbf800000,	/* s_nop 0 */
		0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	} },
	/* an SGPR offset needs no wait state */
	{ "gfx900", NULL, 3, {
		0xe07c0000, 0x0c020400,	/* buffer_store_dwordx4 v[4:7], off, s[8:11], s12 */
		0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	} },
	/* 64-bit data needs none */
	{ "gfx900", NULL, 3, {
		0xe0740000, 0x80020400,	/* buffer_store_dwordx2 v[4:5], off, s[8:11], 0 */
		0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	} },
	/* SI has no such hazard */
	{ "gfx601", NULL, 3, {
		0xe0780000, 0x80020400,	/* buffer_store_dwordx4 v[4:7], off, s[8:11], 0 */
		0x7e0a0280,	/* v_mov_b32_e32 v5, 0 */
	} },
	/* a SALU write of M0 right before an ADDTID read */
	{ "gfx900", "M0 write before LDS DMA or ADDTID", 3, {
		0xbefc00c1,	/* s_mov_b32 m0, -1 */
		0xd96c0000, 0x01000000,	/* ds_read_addtid_b32 v1 */
	} },
	/* and before a load to LDS */
	{ "gfx900", "M0 write before LDS DMA or ADDTID", 3, {
		0xbefc000d,	/* s_mov_b32 m0, s13 */
		0xe0411000, 0x0c020005,	/* buffer_load_ubyte v5, s[8:11], s12 offen lds */
	} },
	/* the fix: s_nop 0 */
	{ "gfx900", NULL, 4, {
		0xbefc000d,	/* s_mov_b32 m0, s13 */
		0xbf800000,	/* s_nop 0 */
		0xe0411000, 0x0c020005,	/* buffer_load_ubyte v5, s[8:11], s12 offen lds */
	} },
	/* GFX8 has no such hazard for LDS DMA */
	{ "gfx803", NULL, 3, {
		0xbefc000d,	/* s_mov_b32 m0, s13 */
		0xe0411000, 0x0c020005,	/* buffer_load_ubyte v5, s[8:11], s12 offen lds */
	} },
	/* with XNACK, a clause that writes a register another load reads */
	{ "gfx902", "XNACK soft clause", 4, {
		0xe0501000, 0x80020102,	/* buffer_load_dword v1, v2, s[8:11], 0 offen */
		0xe0501000, 0x80020203,	/* buffer_load_dword v2, v3, s[8:11], 0 offen */
	} },
	/* a store joining a clause of loads */
	{ "gfx801", "XNACK soft clause", 4, {
		0xe0501000, 0x80020102,	/* buffer_load_dword v1, v2, s[8:11], 0 offen */
		0xe0701000, 0x80020503,	/* buffer_store_dword v5, v3, s[8:11], 0 offen */
	} },
	/* an SMEM clause */
	{ "gfx902", "XNACK soft clause", 4, {
		0xc0020100, 0x00000000,	/* s_load_dword s4, s[0:1], 0x0 */
		0xc0020001, 0x00000000,	/* s_load_dword s0, s[2:3], 0x0 */
	} },
	/* the fix: s_nop 0 breaks the clause */
	{ "gfx902", NULL, 5, {
		0xe0501000, 0x80020102,	/* buffer_load_dword v1, v2, s[8:11], 0 offen */
		0xbf800000,	/* s_nop 0 */
		0xe0501000, 0x80020203,	/* buffer_load_dword v2, v3, s[8:11], 0 offen */
	} },
	/* no XNACK on gfx900 as drivers run it */
	{ "gfx900", NULL, 4, {
		0xe0501000, 0x80020102,	/* buffer_load_dword v1, v2, s[8:11], 0 offen */
		0xe0501000, 0x80020203,	/* buffer_load_dword v2, v3, s[8:11], 0 offen */
	} },
	/* one load alone may write its own address */
	{ "gfx902", NULL, 2, {
		0xe0501000, 0x80020202,	/* buffer_load_dword v2, v2, s[8:11], 0 offen */
	} },
	/* a scalar write of an SGPR a VMEM still reads */
	{ "gfx1010", "VMEMtoScalarWrite", 3, {
		0xe0300000, 0x0c020100,	/* buffer_load_dword v1, off, s[8:11], s12 */
		0xbe8c0380,	/* s_mov_b32 s12, 0 */
	} },
	/* and of M0 after a DS */
	{ "gfx1010", "VMEMtoScalarWrite", 4, {
		0xd8d80000, 0x01000002,	/* ds_read_b32 v1, v2 */
		0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
		0xbefc03c1,	/* s_mov_b32 m0, -1 */
	} },
	/* the fix LLVM inserts: s_waitcnt_depctr vm_vsrc(0) */
	{ "gfx1010", NULL, 4, {
		0xe0300000, 0x0c020100,	/* buffer_load_dword v1, off, s[8:11], s12 */
		0xbfa3ffe3,	/* s_waitcnt_depctr 0xffe3 */
		0xbe8c0380,	/* s_mov_b32 s12, 0 */
	} },
	/* a VALU in between */
	{ "gfx1010", NULL, 4, {
		0xe0300000, 0x0c020100,	/* buffer_load_dword v1, off, s[8:11], s12 */
		0x7e060280,	/* v_mov_b32_e32 v3, 0 */
		0xbe8c0380,	/* s_mov_b32 s12, 0 */
	} },
	/* s_waitcnt 0 in between */
	{ "gfx1010", NULL, 4, {
		0xe0300000, 0x0c020100,	/* buffer_load_dword v1, off, s[8:11], s12 */
		0xbf8c0000,	/* s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0) */
		0xbe8c0380,	/* s_mov_b32 s12, 0 */
	} },
	/* gfx1030 has no such bug */
	{ "gfx1030", NULL, 3, {
		0xe0300000, 0x0c020100,	/* buffer_load_dword v1, off, s[8:11], s12 */
		0xbe8c0380,	/* s_mov_b32 s12, 0 */
	} },
	/* a VALU write of an SGPR an SMEM still reads */
	{ "gfx1010", "SMEMtoVectorWrite", 3, {
		0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
	} },
	/* the fix LLVM inserts: s_mov_b32 null, 0 */
	{ "gfx1010", NULL, 4, {
		0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
		0xbefd0380,	/* s_mov_b32 null, 0 */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
	} },
	/* s_waitcnt lgkmcnt(0) in between */
	{ "gfx1010", NULL, 4, {
		0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
		0xbf8cc07f,	/* s_waitcnt lgkmcnt(0) */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
	} },
	/* gfx1030 has no such bug */
	{ "gfx1030", NULL, 3, {
		0xf4000100, 0xfa000000,	/* s_load_dword s4, s[0:1], 0x0 */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
	} },
	/* LDS, a branch, then VMEM */
	{ "gfx1010", "LdsBranchVmemWAR", 5, {
		0xd8d80000, 0x01000002,	/* ds_read_b32 v1, v2 */
		0xbf820000,	/* s_branch 0 */
		0xe0300000, 0x80020300,	/* buffer_load_dword v3, off, s[8:11], 0 */
	} },
	/* VMEM, a branch, then LDS */
	{ "gfx1010", "LdsBranchVmemWAR", 5, {
		0xdc308000, 0x03000001,	/* global_load_dword v3, v1, s[0:1] */
		0xbf820000,	/* s_branch 0 */
		0xd8340000, 0x00000402,	/* ds_write_b32 v2, v4 */
	} },
	/* the fix: s_waitcnt_vscnt null, 0x0 */
	{ "gfx1010", NULL, 6, {
		0xd8d80000, 0x01000002,	/* ds_read_b32 v1, v2 */
		0xbf820000,	/* s_branch 0 */
		0xbbfd0000,	/* s_waitcnt_vscnt null, 0x0 */
		0xe0300000, 0x80020300,	/* buffer_load_dword v3, off, s[8:11], 0 */
	} },
	/* no branch in between */
	{ "gfx1010", NULL, 4, {
		0xd8d80000, 0x01000002,	/* ds_read_b32 v1, v2 */
		0xe0300000, 0x80020300,	/* buffer_load_dword v3, off, s[8:11], 0 */
	} },
	/* gfx1030 has no such bug */
	{ "gfx1030", NULL, 5, {
		0xd8d80000, 0x01000002,	/* ds_read_b32 v1, v2 */
		0xbf820000,	/* s_branch 0 */
		0xe0300000, 0x80020300,	/* buffer_load_dword v3, off, s[8:11], 0 */
	} },
	/* RDNA4 §5.7's example without its s_wait_alu */
	{ "gfx1200", "SGPR pair read after VALU read", 4, {
		0x7e000201,	/* v_mov_b32_e32 v0, s1 */
		0xbe8000ff, 0x00000042,	/* s_mov_b32 s0, 0x42 */
		0xbe820000,	/* s_mov_b32 s2, s0 */
	} },
	/* RDNA4 §5.7's example */
	{ "gfx1200", NULL, 5, {
		0x7e000201,	/* v_mov_b32_e32 v0, s1 */
		0xbe8000ff, 0x00000042,	/* s_mov_b32 s0, 0x42 */
		0xbf88fffe,	/* s_wait_alu 0xfffe */
		0xbe820000,	/* s_mov_b32 s2, s0 */
	} },
	/* a VALU write then a VALU read */
	{ "gfx1200", "SGPR pair read after VALU read", 3, {
		0x7e000201,	/* v_mov_b32_e32 v0, s1 */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
		0x7e040200,	/* v_mov_b32_e32 v2, s0 */
	} },
	/* the fix: s_wait_alu 0xf1ff */
	{ "gfx1200", NULL, 4, {
		0x7e000201,	/* v_mov_b32_e32 v0, s1 */
		0x7e000501,	/* v_readfirstlane_b32 s0, v1 */
		0xbf88f1ff,	/* s_wait_alu 0xf1ff */
		0x7e040200,	/* v_mov_b32_e32 v2, s0 */
	} },
	/* VCC: a VALU write then a VALU read */
	{ "gfx1200", "SGPR pair read after VALU read", 3, {
		0x7e00026a,	/* v_mov_b32_e32 v0, vcc_lo */
		0x7ed40501,	/* v_readfirstlane_b32 vcc_lo, v1 */
		0x7e04026a,	/* v_mov_b32_e32 v2, vcc_lo */
	} },
	/* the fix: s_wait_alu 0xfffd */
	{ "gfx1200", NULL, 4, {
		0x7e00026a,	/* v_mov_b32_e32 v0, vcc_lo */
		0x7ed40501,	/* v_readfirstlane_b32 vcc_lo, v1 */
		0xbf88fffd,	/* s_wait_alu 0xfffd */
		0x7e04026a,	/* v_mov_b32_e32 v2, vcc_lo */
	} },
	/* VCC: a SALU write then a VALU read */
	{ "gfx1200", "SGPR pair read after VALU read", 3, {
		0x7e00026a,	/* v_mov_b32_e32 v0, vcc_lo */
		0xbeea0080,	/* s_mov_b32 vcc_lo, 0 */
		0x7e04026a,	/* v_mov_b32_e32 v2, vcc_lo */
	} },
	/* no VALU read the pair before the write */
	{ "gfx1200", NULL, 3, {
		0xbe8000ff, 0x00000042,	/* s_mov_b32 s0, 0x42 */
		0xbe820000,	/* s_mov_b32 s2, s0 */
	} },
	/* GFX11 has no such rule */
	{ "gfx1100", NULL, 4, {
		0x7e000201,	/* v_mov_b32_e32 v0, s1 */
		0xbe8000ff, 0x00000042,	/* s_mov_b32 s0, 0x42 */
		0xbe820000,	/* s_mov_b32 s2, s0 */
	} },
	/* a direct load writing what a VMEM wrote */
	{ "gfx1100", "LDS direct after VMEM", 4, {
		0xdc520000, 0x01000002,	/* global_load_b32 v1, v2, s[0:1] */
		0xbf8903f7,	/* s_waitcnt vmcnt(0) */
		0xce100001,	/* lds_direct_load v1 wait_vdst:0 */
	} },
	/* and what a VMEM reads */
	{ "gfx1100", "LDS direct after VMEM", 3, {
		0xdc6a0000, 0x00000102,	/* global_store_b32 v2, v1, s[0:1] */
		0xce100001,	/* lds_direct_load v1 wait_vdst:0 */
	} },
	/* the fix LLVM inserts: s_waitcnt_depctr vm_vsrc(0) */
	{ "gfx1100", NULL, 5, {
		0xdc520000, 0x01000002,	/* global_load_b32 v1, v2, s[0:1] */
		0xbf8903f7,	/* s_waitcnt vmcnt(0) */
		0xbf88ffe3,	/* s_waitcnt_depctr 0xffe3 */
		0xce100001,	/* lds_direct_load v1 wait_vdst:0 */
	} },
	/* a VALU in between (RDNA3 §12.2.1.2) */
	{ "gfx1100", NULL, 4, {
		0xdc6a0000, 0x00000102,	/* global_store_b32 v2, v1, s[0:1] */
		0x7e060280,	/* v_mov_b32_e32 v3, 0 */
		0xce100001,	/* lds_direct_load v1 wait_vdst:0 */
	} },
	/* RDNA4 without WAIT_VMVSRC */
	{ "gfx1200", "LDS direct after VMEM", 4, {
		0xee068000, 0x00800000, 0x00000002,	/* global_store_b32 v2, v1, s[0:1] */
		0xce900001,	/* ds_direct_load v1 wait_va_vdst:0 wait_vm_vsrc:1 */
	} },
	/* RDNA4 with WAIT_VMVSRC 0 */
	{ "gfx1200", NULL, 4, {
		0xee068000, 0x00800000, 0x00000002,	/* global_store_b32 v2, v1, s[0:1] */
		0xce100001,	/* ds_direct_load v1 wait_va_vdst:0 wait_vm_vsrc:0 */
	} },
	/* wait_vdst larger than the VALUs since one that read vdst */
	{ "gfx1100", "LDS direct after VALU", 2, {
		0x4a040301,	/* v_add_nc_u32_e32 v2, v1, v1 */
		0xce110001,	/* lds_direct_load v1 wait_vdst:1 */
	} },
	/* wait_vdst 0 */
	{ "gfx1100", NULL, 2, {
		0x4a040301,	/* v_add_nc_u32_e32 v2, v1, v1 */
		0xce100001,	/* lds_direct_load v1 wait_vdst:0 */
	} },
	/* wait_vdst 1 with one VALU in between */
	{ "gfx1100", NULL, 3, {
		0x4a040301,	/* v_add_nc_u32_e32 v2, v1, v1 */
		0x7e060280,	/* v_mov_b32_e32 v3, 0 */
		0xce110001,	/* lds_direct_load v1 wait_vdst:1 */
	} },
	/* a branch 0x3f dwords ahead (llvm-mc-19 pads it to 0x40 for gfx1010) */
	{ "gfx1010", "branch offset 0x3f", 1, {
		0xbf82003f,	/* s_branch 63 */
	} },
	/* 0x40 */
	{ "gfx1010", NULL, 1, {
		0xbf820040,	/* s_branch 64 */
	} },
	/* gfx1030 has no such bug */
	{ "gfx1030", NULL, 1, {
		0xbf82003f,	/* s_branch 63 */
	} },
};

/* The first hazard of the snippet, or 0; its message in MSG. */
static int check_snippet(struct ktap *t, const struct snippet *s, char *msg, size_t n)
{
	const struct vsharp_target *target = vsharp_target_find(s->target);
	struct emu_hazards h;
	int found = 0;

	if (!CHECK_MSG(t, target != NULL, "%s", s->target))
		return -1;
	emu_hazards_start(&h, target);
	msg[0] = '\0';
	for (unsigned at = 0; at < s->n;) {
		struct vsharp_error err;
		struct emu_insn in;
		struct emu_uses u;
		char why[512];

		if (!CHECK_MSG(t, emu_decode_target(target, &s->w[at], s->n - at, &in, &err) == 0,
			       "%s: word %u: %s", s->target, at, err.msg))
			return -1;
		emu_insn_uses(target->level, &in, &u);
		if (emu_hazards_step(&h, 4ull * at, &in, &u, why, sizeof(why)) && !found) {
			found = 1;
			snprintf(msg, n, "%s", why);
		}
		at += in.words;
	}
	return found;
}

static void test_snippets(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(snippets) / sizeof(snippets[0]); i++) {
		const struct snippet *s = &snippets[i];
		char msg[512], want[96];
		int found = check_snippet(t, s, msg, sizeof(msg));

		if (found < 0)
			continue;
		if (!s->rule) {
			CHECK_MSG(t, !found, "row %zu (%s): unexpected %s", i, s->target, msg);
			continue;
		}
		snprintf(want, sizeof(want), "%s hazard: ", s->rule);
		CHECK_MSG(t, found && !strncmp(msg, want, strlen(want)), "row %zu (%s): want %s, got %s",
			  i, s->target, s->rule, found ? msg : "none");
	}
}

/* The message names the instruction, both PCs and the source. */
static void test_message(struct ktap *t)
{
	char msg[512];

	/* Row 0: v_readfirstlane_b32 at 0, s_load_dword at 4 on gfx601. */
	if (check_snippet(t, &snippets[0], msg, sizeof(msg)) != 1)
		return;
	CHECK_MSG(t, strstr(msg, "s_load_dword at pc 0x4 reads s0") != NULL, "%s", msg);
	CHECK_MSG(t, strstr(msg, "v_readfirstlane_b32 at pc 0x0 wrote 0 wait states before") != NULL,
		  "%s", msg);
	CHECK_MSG(t, strstr(msg, "checkSMRDHazards") != NULL, "%s", msg);
}

KTAP_MAIN(KTAP_CASE(test_snippets), KTAP_CASE(test_message))
