// SPDX-License-Identifier: MIT
/*
 * The emulated shader core, instruction by instruction, on GFX6 to GFX9
 * words that llvm-mc 19 assembled (the text is beside each word).  Expected results
 * follow the GCN3 and Vega ISA definitions: S_ADD_U32 sets SCC to the carry,
 * S_ADDC_U32 adds it, S_BRANCH jumps SIMM16 dwords past the next
 * instruction, S_GETPC_B64 gives the address of the next instruction,
 * HW_ID carries VM_ID in [23:20], and a VOP2 literal follows its word.
 */
#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"

static const uint32_t program_gfx9[] = {
	0x80060302,		/* s_add_u32 s6, s2, s3 */
	0x82078003,		/* s_addc_u32 s7, s3, 0 */
	0x8e088403,		/* s_lshl_b32 s8, s3, 4 */
	0xbe8900ff, 0x12345678,	/* s_mov_b32 s9, 0x12345678 */
	0xbe8a1c00,		/* s_getpc_b64 s[10:11] (at dword 5) */
	0xbf820001,		/* s_branch 1 */
	0xbe890080,		/* s_mov_b32 s9, 0 (skipped) */
	0xb88cf804,		/* s_getreg_b32 s12, hwreg(HW_REG_HW_ID) */
	0xc0020340, 0x00000400,	/* s_load_dword s13, s[0:1], 0x400 */
	0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
	0x24020085,		/* v_lshlrev_b32_e32 v1, 5, v0 */
	0x7e040206,		/* v_mov_b32_e32 v2, s6 */
	0x7e060207,		/* v_mov_b32_e32 v3, s7 */
	0x7e080208,		/* v_mov_b32_e32 v4, s8 */
	0x7e0a0209,		/* v_mov_b32_e32 v5, s9 */
	0x7e0c020c,		/* v_mov_b32_e32 v6, s12 */
	0x680e00ff, 0x00000440,	/* v_add_u32_e32 v7, 0x440, v0 */
	0x7e10020d,		/* v_mov_b32_e32 v8, s13 */
	0x7e12020a,		/* v_mov_b32_e32 v9, s10 */
	0xdc7c8000, 0x00000201,	/* global_store_dwordx4 v1, v[2:5], s[0:1] */
	0xdc7c8010, 0x00000601,	/* global_store_dwordx4 v1, v[6:9], s[0:1] offset:16 */
	0xbf810000,		/* s_endpgm */
};

/*
 * The same program for gfx803: no GLOBAL segment, so the results leave
 * through a raw-buffer V# (Mesa's word 3 0x27fac, 4096 bytes); the literal
 * VOP2 is a v_and_b32 (VI's v_add_u32 writes a carry to VCC).
 */
static const uint32_t program_gfx8[] = {
	0x80060302,		/* s_add_u32 s6, s2, s3 */
	0x82078003,		/* s_addc_u32 s7, s3, 0 */
	0x8e088403,		/* s_lshl_b32 s8, s3, 4 */
	0xbe8900ff, 0x12345678,	/* s_mov_b32 s9, 0x12345678 */
	0xbe8a1c00,		/* s_getpc_b64 s[10:11] (at dword 5) */
	0xbf820001,		/* s_branch 1 */
	0xbe890080,		/* s_mov_b32 s9, 0 (skipped) */
	0xb88cf804,		/* s_getreg_b32 s12, hwreg(HW_REG_HW_ID) */
	0xc0020340, 0x00000400,	/* s_load_dword s13, s[0:1], 0x400 */
	0xbf8c007f,		/* s_waitcnt lgkmcnt(0) */
	0x24020085,		/* v_lshlrev_b32_e32 v1, 5, v0 */
	0x7e040206,		/* v_mov_b32_e32 v2, s6 */
	0x7e060207,		/* v_mov_b32_e32 v3, s7 */
	0x7e080208,		/* v_mov_b32_e32 v4, s8 */
	0x7e0a0209,		/* v_mov_b32_e32 v5, s9 */
	0x7e0c020c,		/* v_mov_b32_e32 v6, s12 */
	0x260e00ff, 0x00007fff,	/* v_and_b32_e32 v7, 0x7fff, v0 */
	0x7e10020d,		/* v_mov_b32_e32 v8, s13 */
	0x7e12020a,		/* v_mov_b32_e32 v9, s10 */
	0xbe900000,		/* s_mov_b32 s16, s0 */
	0xbe910001,		/* s_mov_b32 s17, s1 */
	0xbe9200ff, 0x00001000,	/* s_mov_b32 s18, 0x1000 */
	0xbe9300ff, 0x00027fac,	/* s_mov_b32 s19, 0x27fac */
	0xe07c1000, 0x80040201,	/* buffer_store_dwordx4 v[2:5], v1, s[16:19], 0 offen */
	0xe07c1010, 0x80040601,	/* buffer_store_dwordx4 v[6:9], v1, s[16:19], 0 offen offset:16 */
	0xbf810000,		/* s_endpgm */
};

/*
 * The GFX8 program for gfx601 and gfx700, which assemble it to the same
 * words: SMRD counts its offset in dwords (0xff: byte 0x3fc), SI opcode numbers.
 */
static const uint32_t program_gfx6[] = {
	0x80060302,		/* s_add_u32 s6, s2, s3 */
	0x82078003,		/* s_addc_u32 s7, s3, 0 */
	0x8f088403,		/* s_lshl_b32 s8, s3, 4 */
	0xbe8903ff, 0x12345678,	/* s_mov_b32 s9, 0x12345678 */
	0xbe8a1f00,		/* s_getpc_b64 s[10:11] (at dword 5) */
	0xbf820001,		/* s_branch 1 */
	0xbe890380,		/* s_mov_b32 s9, 0 (skipped) */
	0xb90cf804,		/* s_getreg_b32 s12, hwreg(HW_REG_HW_ID) */
	0xc00681ff,		/* s_load_dword s13, s[0:1], 0xff */
	0xbf8c007f,		/* s_waitcnt lgkmcnt(0) */
	0x34020085,		/* v_lshlrev_b32_e32 v1, 5, v0 */
	0x7e040206,		/* v_mov_b32_e32 v2, s6 */
	0x7e060207,		/* v_mov_b32_e32 v3, s7 */
	0x7e080208,		/* v_mov_b32_e32 v4, s8 */
	0x7e0a0209,		/* v_mov_b32_e32 v5, s9 */
	0x7e0c020c,		/* v_mov_b32_e32 v6, s12 */
	0x360e00ff, 0x00007fff,	/* v_and_b32_e32 v7, 0x7fff, v0 */
	0x7e10020d,		/* v_mov_b32_e32 v8, s13 */
	0x7e12020a,		/* v_mov_b32_e32 v9, s10 */
	0xbe900300,		/* s_mov_b32 s16, s0 */
	0xbe910301,		/* s_mov_b32 s17, s1 */
	0xbe9203ff, 0x00001000,	/* s_mov_b32 s18, 0x1000 */
	0xbe9303ff, 0x00027fac,	/* s_mov_b32 s19, 0x27fac */
	0xe0781000, 0x80040201,	/* buffer_store_dwordx4 v[2:5], v1, s[16:19], 0 offen */
	0xe0781010, 0x80040601,	/* buffer_store_dwordx4 v[6:9], v1, s[16:19], 0 offen offset:16 */
	0xbf810000,		/* s_endpgm */
};

static const struct {
	enum vsharp_gfx level;
	const uint32_t *words;
	unsigned n;
	uint32_t lane_base;	/* what the VOP2 with a literal gives lane 0 */
	uint32_t scalar_at;	/* byte offset the s_load_dword reads */
} programs[] = {
	{ VSHARP_GFX6, program_gfx6, sizeof(program_gfx6) / 4, 0, 0x3fc },
	{ VSHARP_GFX7, program_gfx6, sizeof(program_gfx6) / 4, 0, 0x3fc },
	{ VSHARP_GFX8, program_gfx8, sizeof(program_gfx8) / 4, 0, 0x400 },
	{ VSHARP_GFX9, program_gfx9, sizeof(program_gfx9) / 4, 0x440, 0x400 },
};

static void run_program(struct ktap *t, size_t i)
{
	enum vsharp_gfx level = programs[i].level;
	struct vsharp_device *dev;
	struct vsharp_bo code, out, ib;
	struct vsharp_error err = { "" };
	struct vsharp_dispatch d;
	struct vsharp_ib pm4;
	uint64_t fence;
	const uint32_t *res;

	if (!CHECK_MSG(t, vsharp_emu_open(level, &dev, &err) == 0, "%s", err.msg))
		return;
	vsharp_emu_set_vmid(dev, 5);
	CHECK(t, dev->ops->bo_alloc(dev, 4 * programs[i].n, VSHARP_BO_CODE, &code, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_DATA, &out, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	memcpy(code.cpu, programs[i].words, 4 * programs[i].n);
	((uint32_t *)out.cpu)[programs[i].scalar_at / 4] = 0xcafe0042;

	memset(&d, 0, sizeof(d));
	d.level = level;
	d.pgm_va = code.va;
	d.vgprs = 16;
	d.sgprs = 24;
	d.user_sgprs = 4;
	d.user_data[0] = (uint32_t)out.va;
	d.user_data[1] = (uint32_t)(out.va >> 32);
	d.user_data[2] = 0xffffffff;
	d.user_data[3] = 2;
	d.threads[0] = 64;
	d.threads[1] = d.threads[2] = d.groups[0] = d.groups[1] = d.groups[2] = 1;
	d.tgid[0] = true;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, ib.cpu, 1024);
	CHECK(t, vsharp_pm4_preamble(&pm4, level, &err) == 0);
	CHECK(t, vsharp_pm4_dispatch(&pm4, &d, &err) == 0);
	CHECK(t, vsharp_pm4_finish(&pm4, &err) == 0);
	CHECK(t, dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) == 0);
	if (!CHECK_MSG(t, dev->ops->wait(dev, fence, 1000000000ull, &err) == 0, "%s: %s",
		       vsharp_gfx_name(level), err.msg))
		goto out;
	res = out.cpu;
	for (unsigned l = 0; l < 64; l++) {
		const uint32_t *r = res + 8 * l;

		CHECK_EQ(t, r[0], 1);			/* 0xffffffff + 2, carry out */
		CHECK_EQ(t, r[1], 3);			/* 2 + 0 + carry */
		CHECK_EQ(t, r[2], 32);			/* 2 << 4 */
		CHECK_EQ(t, r[3], 0x12345678);		/* the branch skipped the zeroing */
		CHECK_EQ(t, r[4], 5u << 20);		/* HW_ID.VM_ID */
		CHECK_EQ(t, r[5], programs[i].lane_base + l);	/* literal and thread id */
		CHECK_EQ(t, r[6], 0xcafe0042);		/* scalar load */
		CHECK_EQ(t, r[7], (uint32_t)(code.va + 6 * 4));	/* next instruction */
	}
out:
	vsharp_device_close(dev);
}

static void test_programs(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		run_program(t, i);
}

/* Anything the emulator does not implement is an error naming the instruction. */
static void refused(struct ktap *t, enum vsharp_gfx level, const uint32_t *bad, size_t size,
		    const char *what)
{
	struct vsharp_device *dev;
	struct vsharp_bo code, ib;
	struct vsharp_error err = { "" };
	struct vsharp_dispatch d;
	struct vsharp_ib pm4;
	uint64_t fence;

	if (!CHECK(t, vsharp_emu_open(level, &dev, &err) == 0))
		return;
	CHECK(t, dev->ops->bo_alloc(dev, size, VSHARP_BO_CODE, &code, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	memcpy(code.cpu, bad, size);
	memset(&d, 0, sizeof(d));
	d.level = level;
	d.pgm_va = code.va;
	d.vgprs = 4;
	d.sgprs = 8;
	d.threads[0] = 64;
	d.threads[1] = d.threads[2] = d.groups[0] = d.groups[1] = d.groups[2] = 1;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, ib.cpu, 1024);
	/* The preamble too: the queue refuses an IB that leaves compute state to the last client. */
	CHECK(t, vsharp_pm4_preamble(&pm4, level, &err) == 0);
	CHECK(t, vsharp_pm4_dispatch(&pm4, &d, &err) == 0 && vsharp_pm4_finish(&pm4, &err) == 0);
	CHECK(t, dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) == 0);
	CHECK(t, dev->ops->wait(dev, fence, 1000000000ull, &err) < 0);
	CHECK_MSG(t, strstr(err.msg, vsharp_gfx_name(level)) && strstr(err.msg, what), "%s", err.msg);
	vsharp_device_close(dev);
}

static void test_unknown_instruction(struct ktap *t)
{
	/* v_cubeid_f32 v1, s0, s0, s0 (llvm-objdump-19 --mcpu=gfx900): a VOP3 it lacks */
	static const uint32_t vop3[] = { 0xd1c40001, 0x00000000, 0xbf810000 };
	/* s_sendmsg sendmsg(MSG_INTERRUPT) (gfx1100): a message it lacks */
	static const uint32_t msg[] = { 0xbfb60001, 0xbfb00000 };

	refused(t, VSHARP_GFX9, vop3, sizeof(vop3), "VOP3 v_cubeid_f32 (opcode 452) is not implemented");
	refused(t, VSHARP_GFX11, msg, sizeof(msg), "message 0x1 is not implemented");
}

/*
 * GFX6/7 ADDR64 (llvm-mc-19 -mcpu=gfx601 and gfx700 give the same words).
 * The address is split between the V# base (the low dword of the buffer's
 * VA) and the VADDR pair (lane * 4, the high dword): CLRX GcnMemHandling
 * "ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET".  The V# has LLVM's
 * NUM_RECORDS 0 and word3 0xf000 (SIInstrInfo.h RSRC_DATA_FORMAT), which
 * works only because "No range checking for 64-bit mode addressing".
 */
static const uint32_t program_addr64[] = {
	0x34040082,		/* v_lshlrev_b32_e32 v2, 2, v0 */
	0x7e060201,		/* v_mov_b32_e32 v3, s1 */
	0x360200ff, 0x00007fff,	/* v_and_b32_e32 v1, 0x7fff, v0 */
	0xbe840300,		/* s_mov_b32 s4, s0 */
	0xbe850380,		/* s_mov_b32 s5, 0 */
	0xbe860380,		/* s_mov_b32 s6, 0 */
	0xbe8703ff, 0x0000f000,	/* s_mov_b32 s7, 0xf000 */
	0xbe8803ff, 0x00000400,	/* s_mov_b32 s8, 0x400 */
	0xe0708010, 0x80010102,	/* buffer_store_dword v1, v[2:3], s[4:7], 0 addr64 offset:16 */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0xe0308010, 0x80010402,	/* buffer_load_dword v4, v[2:3], s[4:7], 0 addr64 offset:16 */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0xe0708000, 0x08010402,	/* buffer_store_dword v4, v[2:3], s[4:7], s8 addr64 */
	0xbf810000,		/* s_endpgm */
};

/*
 * One wave64 of WORDS on DEV with s[0:1] = the address of a 4096-byte
 * buffer that starts as INIT; RES gets the buffer after it.
 */
static bool run_wave(struct ktap *t, struct vsharp_device *dev, const uint32_t *words, size_t size,
		     const uint8_t *init, uint32_t *res)
{
	struct vsharp_bo code, out, ib;
	struct vsharp_error err = { "" };
	struct vsharp_dispatch d;
	struct vsharp_ib pm4;
	uint64_t fence;

	CHECK(t, dev->ops->bo_alloc(dev, size, VSHARP_BO_CODE, &code, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_DATA, &out, &err) == 0);
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	memcpy(code.cpu, words, size);
	memcpy(out.cpu, init, 4096);
	memset(&d, 0, sizeof(d));
	d.level = dev->level;
	d.pgm_va = code.va;
	d.vgprs = 16;
	d.sgprs = 24;
	d.user_sgprs = 2;
	d.user_data[0] = (uint32_t)out.va;
	d.user_data[1] = (uint32_t)(out.va >> 32);
	d.threads[0] = 64;
	d.threads[1] = d.threads[2] = d.groups[0] = d.groups[1] = d.groups[2] = 1;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, ib.cpu, 1024);
	CHECK(t, vsharp_pm4_preamble(&pm4, dev->level, &err) == 0);
	CHECK(t, vsharp_pm4_dispatch(&pm4, &d, &err) == 0);
	CHECK(t, vsharp_pm4_finish(&pm4, &err) == 0);
	CHECK(t, dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) == 0);
	if (!CHECK_MSG(t, dev->ops->wait(dev, fence, 1000000000ull, &err) == 0, "%s: %s",
		       dev->name, err.msg))
		return false;
	memcpy(res, out.cpu, 4096);
	return true;
}

static void run_addr64(struct ktap *t, enum vsharp_gfx level)
{
	static uint8_t init[4096];
	static uint32_t res[1024];
	struct vsharp_device *dev;
	struct vsharp_error err = { "" };

	if (!CHECK_MSG(t, vsharp_emu_open(level, &dev, &err) == 0, "%s", err.msg))
		return;
	memset(init, 0xee, sizeof(init));
	if (run_wave(t, dev, program_addr64, sizeof(program_addr64), init, res)) {
		for (unsigned i = 0; i < 4; i++)
			CHECK_EQ(t, res[i], 0xeeeeeeee);		/* below offset:16 */
		for (unsigned l = 0; l < 64; l++) {
			CHECK_EQ(t, res[4 + l], l);			/* base + pair + offset:16 */
			CHECK_EQ(t, res[0x400 / 4 + l], l);		/* base + pair + soffset 0x400 */
		}
		CHECK_EQ(t, res[4 + 64], 0xeeeeeeee);
	}
	vsharp_device_close(dev);
}

static void test_addr64(struct ktap *t)
{
	run_addr64(t, VSHARP_GFX6);
	run_addr64(t, VSHARP_GFX7);
}

/*
 * buffer_load_format_d16_xyzw of 8_8_8_8_UINT {1, 2, 3, 4} (V# word3
 * 0x54fac), stored back with buffer_store_dwordx4 v[12:15]: llvm-mc-19 gives
 * the same words for gfx803 (v[12:15]) and gfx810 (v[12:13]).  gfx803 writes
 * one half per VGPR, gfx810 packs two and leaves v14, v15 (LLVM AMDGPU.td:
 * FeatureUnpackedD16VMem on FeatureISAVersion8_0_Common only).
 */
static const uint32_t program_d16[] = {
	0xbe900000,		/* s_mov_b32 s16, s0 */
	0xbe910001,		/* s_mov_b32 s17, s1 */
	0xbe9200ff, 0x00001000,	/* s_mov_b32 s18, 0x1000 */
	0xbe9300ff, 0x00054fac,	/* s_mov_b32 s19, 0x54fac */
	0x7e1c02ff, 0x5a5a5a5a,	/* v_mov_b32_e32 v14, 0x5a5a5a5a */
	0x7e1e02ff, 0x5a5a5a5a,	/* v_mov_b32_e32 v15, 0x5a5a5a5a */
	0x24020084,		/* v_lshlrev_b32_e32 v1, 4, v0 */
	0xe02c0000, 0x80040c00,	/* buffer_load_format_d16_xyzw v[12:13] (gfx810), v[12:15] (gfx803), off, s[16:19], 0 */
	0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
	0xe07c1100, 0x80040c01,	/* buffer_store_dwordx4 v[12:15], v1, s[16:19], 0 offen offset:256 */
	0xbf810000,		/* s_endpgm */
};

static void test_d16_per_processor(struct ktap *t)
{
	static const struct {
		const char *target;
		uint32_t v[4];
	} cases[] = {
		{ "gfx803", { 1, 2, 3, 4 } },
		{ "gfx810", { 0x00020001, 0x00040003, 0x5a5a5a5a, 0x5a5a5a5a } },
	};
	static uint8_t init[4096] = { 1, 2, 3, 4 };
	static uint32_t res[1024];

	for (unsigned i = 0; i < 2; i++) {
		struct vsharp_device *dev;
		struct vsharp_error err = { "" };

		if (!CHECK_MSG(t, vsharp_emu_open_target(vsharp_target_find(cases[i].target), &dev, &err) == 0,
			       "%s", err.msg))
			continue;
		CHECK_STR(t, dev->name, i ? "emu gfx810" : "emu gfx8");
		if (run_wave(t, dev, program_d16, sizeof(program_d16), init, res))
			for (unsigned l = 0; l < 64; l++)
				for (unsigned k = 0; k < 4; k++)
					CHECK_MSG(t, res[64 + 4 * l + k] == cases[i].v[k],
						  "%s lane %u v%u: 0x%08x", cases[i].target, l, 12 + k,
						  res[64 + 4 * l + k]);
		vsharp_device_close(dev);
	}
}

/* PM4 packets the emulated queue does not know are refused by name. */
static void test_unknown_packet(struct ktap *t)
{
	struct vsharp_device *dev;
	struct vsharp_bo ib;
	struct vsharp_error err = { "" };
	uint64_t fence;

	if (!CHECK(t, vsharp_emu_open(VSHARP_GFX11, &dev, &err) == 0))
		return;
	CHECK(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err) == 0);
	/* ATOMIC_MEM (soc15d.h 0x1E): a packet the emulated queue does not run. */
	((uint32_t *)ib.cpu)[0] = VSHARP_PKT3(0x1e, 7, true);
	CHECK(t, dev->ops->submit(dev, &ib, 9, NULL, 0, &fence, &err) == 0);
	CHECK(t, dev->ops->wait(dev, fence, 1000000000ull, &err) == -ENOSYS);
	CHECK_MSG(t, strstr(err.msg, "ATOMIC_MEM (opcode 0x1e)") != NULL, "%s", err.msg);
	vsharp_device_close(dev);
}

KTAP_MAIN(KTAP_CASE(test_programs), KTAP_CASE(test_unknown_instruction), KTAP_CASE(test_addr64), KTAP_CASE(test_d16_per_processor),
	  KTAP_CASE(test_unknown_packet))
