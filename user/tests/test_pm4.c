// SPDX-License-Identifier: MIT
/*
 * PM4 builder, parser, register state and printer.  Expected values come
 * from libdrm, IGT, kfdtest and Mesa (the peers' words and register
 * offsets, Documentation/pm4.rst), from
 * llvm-mc-19 kernel descriptors, or are derived by hand from the documented
 * bit positions -- never from vsharp's own output.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/device.h"
#include "vsharp/pm4.h"

/* CHECK_EQ that also says whether it held, to skip checks that depend on it. */
#define CHECK_EQ_RET(t, a, b)							\
	ktap_check(t, (int64_t)(a) == (int64_t)(b), __LINE__, "%s == %s: %" PRId64 " != %" PRId64, \
		   #a, #b, (int64_t)(a), (int64_t)(b))

static const enum vsharp_gfx levels[] = {
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8, VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
};
#define N_LEVELS (sizeof(levels) / sizeof(levels[0]))

/* The [L]/[I] memcpy parameters (shader_test_util.c): 8 VGPRs, 16 SGPRs, s[0:7] two V#s. */
static struct vsharp_dispatch peer_dispatch(enum vsharp_gfx level)
{
	struct vsharp_dispatch d = {
		.level = level, .pgm_va = 0x123456789a00ull, .vgprs = 8, .sgprs = 16,
		.user_sgprs = 8, .threads = { 64, 1, 1 }, .groups = { 16, 1, 1 },
		.tgid = { true, false, false }, .tidig_comps = 1,
	};

	for (int i = 0; i < 8; i++)
		d.user_data[i] = 0x1000u + i;
	return d;
}

static unsigned build(const struct vsharp_dispatch *d, uint32_t *buf, unsigned cap)
{
	struct vsharp_error err;
	struct vsharp_ib ib;

	vsharp_ib_init(&ib, buf, cap);
	if (vsharp_pm4_preamble(&ib, d->level, &err) || vsharp_pm4_dispatch(&ib, d, &err) ||
	    vsharp_pm4_finish(&ib, &err)) {
		printf("# build: %s\n", err.msg);
		return 0;
	}
	return ib.n;
}

/*
 * Runs an IB through the parser: SH state applied, the DISPATCH_DIRECT
 * decoded.  Returns the number of DISPATCH_DIRECT packets, -1 on error.
 */
static int run_ib(struct ktap *t, enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		  struct vsharp_compute_regs *regs, struct vsharp_dispatch_state *st)
{
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	unsigned pos = 0;
	int r, dispatches = 0;

	memset(regs, 0, sizeof(*regs));
	while ((r = vsharp_pm4_next(dw, n, &pos, &p, &err)) > 0) {
		if (p.type != 3)
			continue;
		if (p.opcode == VSHARP_PKT3_SET_SH_REG || p.opcode == VSHARP_PKT3_SET_SH_REG_INDEX) {
			if (!CHECK_MSG(t, !vsharp_pm4_apply_sh(regs, &p, &err), "apply: %s", err.msg))
				return -1;
		} else if (p.opcode == VSHARP_PKT3_DISPATCH_DIRECT) {
			if (!CHECK_MSG(t, !vsharp_pm4_dispatch_state(level, regs, &p, st, &err),
				       "state: %s", err.msg))
				return -1;
			dispatches++;
		}
	}
	if (!CHECK_MSG(t, r == 0, "parse: %s", err.msg))
		return -1;
	return dispatches;
}

static uint32_t sh(const struct vsharp_compute_regs *regs, uint32_t reg)
{
	return regs->sh[reg - 0x2c00];
}

static void test_header_words(struct ktap *t)
{
	/* The one-dword NOP of [L]/[I] (amd_PM4.h GFX_COMPUTE_NOP). */
	CHECK_EQ(t, VSHARP_PKT3(0x10, 0x3fff, 0), 0xffff1000);
	CHECK_EQ(t, VSHARP_PM4_NOP1, 0xffff1000);
	/* (3 << 30) | (n << 16) | (op << 8) | 2, IGT amd_PM4.h PACKET3, worked by hand. */
	CHECK_EQ(t, VSHARP_PKT3(VSHARP_PKT3_SET_SH_REG, 1, 1), 0xc0017602);
	CHECK_EQ(t, VSHARP_PKT3(VSHARP_PKT3_SET_SH_REG, 1, 0), 0xc0017600);
	CHECK_EQ(t, VSHARP_PKT3(VSHARP_PKT3_DISPATCH_DIRECT, 3, 1), 0xc0031502);
	CHECK_EQ(t, VSHARP_PKT3(VSHARP_PKT3_ACQUIRE_MEM, 6, 1), 0xc0065802);
	CHECK_EQ(t, VSHARP_PKT3(VSHARP_PKT3_SET_SH_REG_INDEX, 2, 1), 0xc0029b02);
	/* Opcodes, IGT amd_PM4.h and Mesa sid.h. */
	CHECK_EQ(t, VSHARP_PKT3_NOP, 0x10);
	CHECK_EQ(t, VSHARP_PKT3_DISPATCH_DIRECT, 0x15);
	CHECK_EQ(t, VSHARP_PKT3_RELEASE_MEM, 0x49);
	CHECK_EQ(t, VSHARP_PKT3_ACQUIRE_MEM, 0x58);
	CHECK_EQ(t, VSHARP_PKT3_SET_SH_REG, 0x76);
	CHECK_EQ(t, VSHARP_PKT3_SET_UCONFIG_REG, 0x79);
	CHECK_EQ(t, VSHARP_PKT3_SET_SH_REG_INDEX, 0x9b);
	CHECK_STR(t, vsharp_pm4_opcode_name(0x15), "DISPATCH_DIRECT");
	CHECK_STR(t, vsharp_pm4_opcode_name(0x58), "ACQUIRE_MEM");
	CHECK_STR(t, vsharp_pm4_opcode_name(0x9b), "SET_SH_REG_INDEX");
	CHECK(t, vsharp_pm4_opcode_name(0xab) == NULL);
	CHECK(t, vsharp_pm4_opcode_name(0x1000) == NULL);
}

static void test_register_names(struct ktap *t)
{
	/* Linux gc_*_offset.h, Mesa sid.h: dword offsets, the same from GFX9 to GFX12. */
	static const struct {
		uint32_t reg;
		const char *name;
	} all[] = {
		{ 0x2e00, "COMPUTE_DISPATCH_INITIATOR" }, { 0x2e04, "COMPUTE_START_X" },
		{ 0x2e06, "COMPUTE_START_Z" }, { 0x2e07, "COMPUTE_NUM_THREAD_X" },
		{ 0x2e09, "COMPUTE_NUM_THREAD_Z" }, { 0x2e0c, "COMPUTE_PGM_LO" },
		{ 0x2e0d, "COMPUTE_PGM_HI" }, { 0x2e12, "COMPUTE_PGM_RSRC1" },
		{ 0x2e13, "COMPUTE_PGM_RSRC2" }, { 0x2e15, "COMPUTE_RESOURCE_LIMITS" },
		{ 0x2e16, "COMPUTE_STATIC_THREAD_MGMT_SE0" }, { 0x2e17, "COMPUTE_STATIC_THREAD_MGMT_SE1" },
		{ 0x2e18, "COMPUTE_TMPRING_SIZE" }, { 0x2e40, "COMPUTE_USER_DATA_0" },
		{ 0x2e4f, "COMPUTE_USER_DATA_15" },
	};
	char name[32];

	for (size_t l = 0; l < N_LEVELS; l++) {
		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
			CHECK_STR(t, vsharp_reg_name(levels[l], all[i].reg), all[i].name);
		for (unsigned i = 0; i < 16; i++) {
			snprintf(name, sizeof(name), "COMPUTE_USER_DATA_%u", i);
			CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e40 + i), name);
		}
		CHECK(t, vsharp_reg_name(levels[l], 0x2e50) == NULL);
		CHECK(t, vsharp_reg_name(levels[l], 0x2e14) == NULL);
	}
	/* GFX10+ registers; 0x2e10 is COMPUTE_TMA_LO before GFX9 (gca/gfx_8_0_d.h). */
	CHECK(t, vsharp_reg_name(VSHARP_GFX9, 0x2e28) == NULL);
	CHECK(t, vsharp_reg_name(VSHARP_GFX9, 0x2e22) == NULL);
	CHECK(t, vsharp_reg_name(VSHARP_GFX9, 0x2e2a) == NULL);
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX9, 0x2e10), "COMPUTE_DISPATCH_SCRATCH_BASE_LO");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX8, 0x2e10), "COMPUTE_TMA_LO");
	for (size_t l = 0; l < N_LEVELS; l++) {
		if (levels[l] < VSHARP_GFX10)
			continue;
		CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e28), "COMPUTE_PGM_RSRC3");
		CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e22), "COMPUTE_REQ_CTRL");
		CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e24), "COMPUTE_USER_ACCUM_0");
		CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e27), "COMPUTE_USER_ACCUM_3");
		CHECK_STR(t, vsharp_reg_name(levels[l], 0x2e2a), "COMPUTE_SHADER_CHKSUM");
	}
	/* SE4..7 on GFX11+, SE8 on GFX12 only. */
	CHECK(t, vsharp_reg_name(VSHARP_GFX10_3, 0x2e2b) == NULL);
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX11, 0x2e2b), "COMPUTE_STATIC_THREAD_MGMT_SE4");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX12, 0x2e2e), "COMPUTE_STATIC_THREAD_MGMT_SE7");
	CHECK(t, vsharp_reg_name(VSHARP_GFX11, 0x2e23) == NULL);
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX12, 0x2e23), "COMPUTE_STATIC_THREAD_MGMT_SE8");
	/* uconfig, written on GFX9/10 only. */
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX9, 0xc07b), "CP_COHER_START_DELAY");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX10_3, 0xc07b), "CP_COHER_START_DELAY");
	/* GFX6-8 (gca/gfx_6_0_d.h, gfx_7_2_d.h, gfx_8_0_d.h): the trap registers at 0x2e0e. */
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX8, 0x2e12), "COMPUTE_PGM_RSRC1");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX8, 0x2e0e), "COMPUTE_TBA_LO");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX8, 0x2e11), "COMPUTE_TMA_HI");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX8, 0x2e21), "COMPUTE_THREADGROUP_ID");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX7, 0x2e1a), "COMPUTE_STATIC_THREAD_MGMT_SE3");
	CHECK(t, vsharp_reg_name(VSHARP_GFX7, 0x2e21) == NULL);
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX6, 0x2e4f), "COMPUTE_USER_DATA_15");
	CHECK(t, vsharp_reg_name(VSHARP_GFX6, 0x2e19) == NULL);
	CHECK(t, vsharp_reg_name(VSHARP_GFX8, 0x2004) == NULL);
	CHECK(t, vsharp_reg_name(VSHARP_GFX_COUNT, 0x2e12) == NULL);
	/* The enum carries the same offsets. */
	CHECK_EQ(t, VSHARP_COMPUTE_PGM_RSRC3, 0x2e28);
	CHECK_EQ(t, VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE8, 0x2e23);
	CHECK_EQ(t, VSHARP_COMPUTE_USER_DATA_0, 0x2e40);
	CHECK_EQ(t, VSHARP_CP_COHER_START_DELAY, 0xc07b);
}

static void test_level_table(struct ktap *t)
{
	for (size_t l = 0; l < N_LEVELS; l++) {
		const struct vsharp_pm4_level *lv = vsharp_pm4_level(levels[l]);

		if (!CHECK(t, lv != NULL))
			continue;
		CHECK_EQ(t, lv->level, levels[l]);
		/* LLVM AMDGPUUsage: packed work-item ids GFX11+, ttmp work-group ids GFX12. */
		CHECK_EQ(t, lv->packed_tid, levels[l] >= VSHARP_GFX11);
		CHECK_EQ(t, lv->tgid_ttmp, levels[l] == VSHARP_GFX12);
		CHECK_EQ(t, lv->wave32, levels[l] >= VSHARP_GFX10);
		CHECK_EQ(t, lv->rsrc3, levels[l] >= VSHARP_GFX10);
	}
}

/*
 * RSRC1/RSRC2 as llvm-mc-19 writes them into the kernel descriptor
 * (.amdhsa_next_free_vgpr/sgpr, .amdhsa_reserve_vcc 0, flat_scratch 0,
 * -mattr=-xnack, .amdhsa_float_denorm_mode_16_64 3, _32 0, dx10_clamp 0,
 * ieee_mode 0, workgroup_processor_mode 0, user_sgpr_count,
 * system_sgpr_workgroup_id_*, system_vgpr_workitem_id = comps - 1).
 * LLVM leaves LDS_SIZE 0 in the descriptor, so these have no LDS.
 */
static void test_rsrc_llvm(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		const char *cpu;
		unsigned vgprs, sgprs;
		bool w32;
		unsigned user;
		bool x, y, z;
		unsigned comps;
		uint32_t rsrc1, rsrc2;
	} rows[] = {
		{ VSHARP_GFX6, "gfx601", 37, 33, false, 4, 0, 1, 0, 2, 0x000c0109, 0x00000908 },
		{ VSHARP_GFX7, "gfx700", 8, 16, false, 8, 1, 0, 0, 1, 0x000c0041, 0x00000090 },
		{ VSHARP_GFX7, "gfx700", 256, 102, false, 16, 1, 1, 1, 3, 0x000c033f, 0x000013a0 },
		{ VSHARP_GFX7, "gfx700", 37, 33, false, 4, 0, 1, 0, 2, 0x000c0109, 0x00000908 },
		{ VSHARP_GFX8, "gfx803", 8, 16, false, 8, 1, 0, 0, 1, 0x000c0041, 0x00000090 },
		{ VSHARP_GFX8, "gfx803", 256, 102, false, 16, 1, 1, 1, 3, 0x000c033f, 0x000013a0 },
		{ VSHARP_GFX8, "gfx803", 37, 33, false, 4, 0, 1, 0, 2, 0x000c0109, 0x00000908 },
		{ VSHARP_GFX9, "gfx900", 8, 16, false, 8, 1, 0, 0, 1, 0x000c0041, 0x00000090 },
		{ VSHARP_GFX9, "gfx900", 1, 1, false, 0, 0, 0, 0, 1, 0x000c0000, 0x00000000 },
		{ VSHARP_GFX9, "gfx900", 256, 102, false, 16, 1, 1, 1, 3, 0x000c033f, 0x000013a0 },
		{ VSHARP_GFX9, "gfx900", 37, 33, false, 4, 0, 1, 0, 2, 0x000c0109, 0x00000908 },
		{ VSHARP_GFX9, "gfx900", 64, 48, false, 2, 1, 0, 1, 3, 0x000c014f, 0x00001284 },
		{ VSHARP_GFX10, "gfx1010", 24, 16, true, 4, 1, 1, 0, 2, 0x400c0002, 0x00000988 },
		{ VSHARP_GFX10_3, "gfx1030", 8, 16, false, 8, 1, 0, 0, 1, 0x400c0001, 0x00000090 },
		{ VSHARP_GFX10_3, "gfx1030", 8, 16, true, 8, 1, 0, 0, 1, 0x400c0000, 0x00000090 },
		{ VSHARP_GFX10_3, "gfx1030", 256, 16, true, 2, 1, 1, 1, 3, 0x400c001f, 0x00001384 },
		{ VSHARP_GFX11, "gfx1100", 8, 16, false, 8, 1, 0, 0, 1, 0x400c0001, 0x00000090 },
		{ VSHARP_GFX11, "gfx1100", 129, 16, true, 5, 0, 0, 1, 2, 0x400c0010, 0x00000a0a },
		{ VSHARP_GFX11, "gfx1100", 256, 16, false, 16, 1, 1, 1, 3, 0x400c003f, 0x000013a0 },
		{ VSHARP_GFX12, "gfx1200", 8, 16, false, 8, 1, 0, 0, 1, 0x400c0001, 0x00000090 },
		{ VSHARP_GFX12, "gfx1200", 64, 16, true, 3, 1, 1, 0, 3, 0x400c0007, 0x00001186 },
		{ VSHARP_GFX12, "gfx1200", 13, 16, false, 1, 0, 1, 1, 2, 0x400c0003, 0x00000b02 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct vsharp_dispatch d = {
			.level = rows[i].level, .vgprs = rows[i].vgprs, .sgprs = rows[i].sgprs,
			.wave32 = rows[i].w32, .user_sgprs = rows[i].user,
			.tgid = { rows[i].x, rows[i].y, rows[i].z }, .tidig_comps = rows[i].comps,
			.threads = { 1, 1, 1 }, .groups = { 1, 1, 1 },
		};
		struct vsharp_pm4_encoded e;
		struct vsharp_error err;

		if (!CHECK_MSG(t, !vsharp_pm4_encode(&d, &e, &err), "%s row %zu: %s",
			       rows[i].cpu, i, err.msg))
			continue;
		CHECK_MSG(t, e.rsrc1 == rows[i].rsrc1, "%s row %zu: rsrc1 0x%08x, llvm-mc 0x%08x",
			  rows[i].cpu, i, e.rsrc1, rows[i].rsrc1);
		CHECK_MSG(t, e.rsrc2 == rows[i].rsrc2, "%s row %zu: rsrc2 0x%08x, llvm-mc 0x%08x",
			  rows[i].cpu, i, e.rsrc2, rows[i].rsrc2);
	}
}

/*
 * The SGPR allocation of a processor, against llvm-mc-19: a kernel with
 * .amdhsa_next_free_vgpr 28, .amdhsa_next_free_sgpr N, .amdhsa_reserve_vcc 1,
 * .amdhsa_reserve_flat_scratch 0 (not on gfx601, which has no FLAT: N 32
 * only), 2 user SGPRs, workgroup_id_x, float_denorm_mode_16_64 3, _32 0,
 * dx10_clamp 0, ieee_mode 0, assembled with -mattr=+xnack and
 * .amdhsa_reserve_xnack_mask 1 on the XNACK APUs (gfx801, gfx810, gfx902,
 * gfx90c) and -mattr=-xnack with .amdhsa_reserve_xnack_mask 0 on gfx900.
 * COMPUTE_PGM_RSRC1 is 0x000c0006 | SGPRS << 6.  gfx802 and gfx805 get 11
 * (96 SGPRs) whatever N is: "SGPR init bug ... corrected by the assembler,
 * setting GRANULATED_WAVEFRONT_SGPR_COUNT to 11" (LLVM's MC test).
 */
static void test_sgprs_processor(struct ktap *t)
{
	static const struct {
		const char *cpu;
		unsigned next_free, field;
	} rows[] = {
		{ "gfx601", 32, 4 },
		{ "gfx700", 32, 4 }, { "gfx700", 38, 4 }, { "gfx700", 40, 5 },
		{ "gfx803", 32, 4 }, { "gfx803", 38, 4 }, { "gfx803", 40, 5 },
		{ "gfx801", 32, 4 }, { "gfx801", 38, 5 }, { "gfx801", 40, 5 },
		{ "gfx802", 32, 11 }, { "gfx802", 38, 11 }, { "gfx802", 40, 11 },
		{ "gfx805", 32, 11 },
		{ "gfx810", 32, 4 }, { "gfx810", 38, 5 },
		{ "gfx900", 32, 4 }, { "gfx900", 38, 4 }, { "gfx900", 40, 5 },
		{ "gfx902", 32, 4 }, { "gfx902", 38, 5 }, { "gfx902", 40, 5 },
		{ "gfx90c", 38, 5 },
	};
	struct vsharp_pm4_encoded e;
	struct vsharp_dispatch d;
	struct vsharp_error err;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct vsharp_target *cpu = vsharp_target_find(rows[i].cpu);

		if (!CHECK_MSG(t, cpu != NULL, "%s: no such processor", rows[i].cpu))
			continue;
		d = (struct vsharp_dispatch){
			.level = cpu->level, .target = cpu, .vgprs = 28,
			.sgprs = vsharp_pm4_sgprs(cpu->level, cpu, rows[i].next_free),
			.user_sgprs = 2, .tgid = { true }, .tidig_comps = 1,
			.threads = { 1, 1, 1 }, .groups = { 1, 1, 1 },
		};
		if (!CHECK_MSG(t, !vsharp_pm4_encode(&d, &e, &err), "%s: %s", rows[i].cpu, err.msg))
			continue;
		CHECK_MSG(t, e.rsrc1 == (0x000c0006u | rows[i].field << 6),
			  "%s next_free_sgpr %u: rsrc1 0x%08x, llvm-mc SGPRS %u", rows[i].cpu,
			  rows[i].next_free, e.rsrc1, rows[i].field);
		CHECK_MSG(t, e.rsrc2 == 0x84, "%s: rsrc2 0x%08x", rows[i].cpu, e.rsrc2);
	}

	/* The probe shaders name s0..s31: 40 SGPRs (field 4), 96 on gfx802. */
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX8, vsharp_target_find("gfx803"), 32), 40);
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX8, vsharp_target_find("gfx801"), 32), 40);
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX8, vsharp_target_find("gfx802"), 32), 96);
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX9, NULL, 32), 40);
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX6, NULL, 32), 40);
	/* GFX10+ allocate a fixed 128: next_free is passed on, RSRC1.SGPRS stays 0. */
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX10_3, NULL, 32), 32);
	CHECK_EQ(t, vsharp_pm4_sgprs(VSHARP_GFX11, vsharp_target_find("gfx1100"), 32), 32);

	/* gfx802 with the peers' 16 SGPRs: the assembler's 11 all the same. */
	d = peer_dispatch(VSHARP_GFX8);
	d.target = vsharp_target_find("gfx802");
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc1 >> 6 & 0xf, 11);
	/* gfx803 (no bug): field 1 for 16, as the peers' 0x000C0041. */
	d.target = vsharp_target_find("gfx803");
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc1, 0x000c0041);
	/* More than 96 cannot be had on gfx802; a processor of another level is refused. */
	d.target = vsharp_target_find("gfx802");
	d.sgprs = 104;
	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "sgprs: 104 (allowed 0..96 on gfx802") != NULL, "%s", err.msg);
	d = peer_dispatch(VSHARP_GFX9);
	d.target = vsharp_target_find("gfx802");
	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "target: gfx802 is a gfx8 processor, the dispatch is for gfx9") != NULL,
		  "%s", err.msg);
}

/* The peers' own words (libdrm shader_test_util.c, IGT, kfdtest Dispatch.cpp). */
static void test_peer_values(struct ktap *t)
{
	struct vsharp_pm4_encoded e;
	struct vsharp_dispatch d;
	struct vsharp_error err;

	/* RSRC1 0x000C0041 (GFX9), RSRC2 0x90, initiator SHADER_EN|FORCE_START|ORDER_MODE. */
	d = peer_dispatch(VSHARP_GFX9);
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc1, 0x000c0041);
	CHECK_EQ(t, e.rsrc2, 0x90);
	CHECK_EQ(t, e.initiator, 0x45);	/* [I] gfx_dispatch_direct_gfx10/11 */
	CHECK_EQ(t, e.pgm_lo, 0x3456789a);
	CHECK_EQ(t, e.pgm_hi, 0x12);
	CHECK_EQ(t, e.num_thread[0], 64);
	/*
	 * ORDER_MODE only from GFX7: radeonsi si_compute.c
	 * S_00B800_ORDER_MODE(sctx->gfx_level >= GFX7), so SHADER_EN |
	 * FORCE_START_AT_000 = 0x05 on GFX6 and 0x45 on GFX7.
	 */
	d = peer_dispatch(VSHARP_GFX6);
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.initiator, 0x05);
	d = peer_dispatch(VSHARP_GFX7);
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.initiator, 0x45);

	/*
	 * GFX11: the peers write 0x600C0041 & ~WGP_MODE = 0x400C0041, which
	 * carries a GFX9-style SGPRS 1 in a field GFX10+ reserve; vsharp
	 * writes it 0.  RSRC3 0x3f0 = INST_PREF_SIZE 63.
	 */
	d = peer_dispatch(VSHARP_GFX11);
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc1, 0x400c0041u & ~(0xfu << 6));
	CHECK_EQ(t, e.rsrc2, 0x90);
	CHECK_EQ(t, e.rsrc3, 0x3f0);
	/* GFX10: RSRC3 0 ([L] step 7). */
	d = peer_dispatch(VSHARP_GFX10);
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc3, 0);
	/* [K]: CS_W32_EN 0x8000 on NV+. */
	d.wave32 = true;
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.initiator, 0x8045);
	/* wave32 VGPR granule 8: 8 VGPRs are one block, field 0. */
	CHECK_EQ(t, e.rsrc1 & 0x3f, 0);

	/*
	 * LDS_SIZE bits 23:15 in 512-byte units (Mesa lds_encode_granularity),
	 * the request rounded up to the allocation granule first, as Mesa's
	 * ac_shader_encode_lds_size(): 512 bytes up to GFX10.1, 1 KiB from
	 * GFX10.3 (ac_gpu_info.c lds_alloc_granularity = 256 * 4).
	 */
	d = peer_dispatch(VSHARP_GFX11);
	d.lds_bytes = 4096;
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc2, 0x90 | 8u << 15);
	d.lds_bytes = 1;
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc2 >> 15, 2);
	for (size_t l = 0; l < N_LEVELS; l++) {
		d = peer_dispatch(levels[l]);
		d.lds_bytes = 512;
		CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
		/* LDS_SIZE: 64-dword units on GFX6 (Mesa lds_encode_granularity), 128 after. */
		CHECK_EQ(t, e.rsrc2 >> 15, levels[l] >= VSHARP_GFX10_3 ? 2 :
					   levels[l] == VSHARP_GFX6 ? 2 : 1);
		d.lds_bytes = 1536;
		CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
		CHECK_EQ(t, e.rsrc2 >> 15, levels[l] >= VSHARP_GFX10_3 ? 4 :
					   levels[l] == VSHARP_GFX6 ? 6 : 3);
	}
	d = peer_dispatch(VSHARP_GFX11);
	d.lds_bytes = 65536;
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.rsrc2 >> 15, 128);
}

/*
 * The [L] GFX9 memcpy IB written out by hand from shader_test_util.c (with
 * the CU masks and all): what the emulator will meet from a peer.
 */
static void test_decode_peer_ib(struct ktap *t)
{
	static const uint32_t ib[] = {
		0xc0037602, 0x204, 0, 0, 0,				/* START_X/Y/Z */
		0xc0017602, 0x218, 0,					/* TMPRING_SIZE */
		0xc0027602, 0x216, 0xffffffff, 0xffffffff,		/* SE0/SE1 */
		0xc0027602, 0x219, 0xffffffff, 0xffffffff,		/* SE2/SE3 */
		0xc0027602, 0x20c, 0x00400000, 0x00000001,		/* PGM_LO/HI */
		0xc0017602, 0x212, 0x000c0041,				/* RSRC1 */
		0xc0017602, 0x213, 0x00000090,				/* RSRC2 */
		0xc0017602, 0x207, 64, 0xc0017602, 0x208, 1, 0xc0017602, 0x209, 1,
		0xc0047602, 0x240, 0x00001000, 0x00100001, 0x400, 0x00074fac,
		0xc0047602, 0x244, 0x00002000, 0x00100001, 0x400, 0x00074fac,
		0xc0017602, 0x215, 0,					/* RESOURCE_LIMITS */
		0xc0031502, 0x10, 1, 1, 1,				/* DISPATCH_DIRECT */
		0xffff1000, 0xffff1000, 0xffff1000, 0xffff1000, 0xffff1000, 0xffff1000,
		0xffff1000, 0xffff1000, 0xffff1000,			/* 55 + 9 = 64 */
	};
	struct vsharp_compute_regs regs;
	struct vsharp_dispatch_state st;

	CHECK_EQ(t, sizeof(ib) / 4 % 8, 0);
	if (!CHECK_EQ_RET(t, run_ib(t, VSHARP_GFX9, ib, sizeof(ib) / 4, &regs, &st), 1))
		return;
	CHECK_EQ(t, st.pgm_va, 0x10040000000ull);	/* 0x400000 << 8 | 1 << 40 */
	CHECK_EQ(t, st.vgprs_alloc, 8);
	CHECK_EQ(t, st.sgprs_alloc, 16);
	CHECK_EQ(t, st.user_sgprs, 8);
	CHECK_EQ(t, st.user_data[3], 0x00074fac);
	CHECK_EQ(t, st.user_data[4], 0x2000);
	CHECK(t, st.tgid[0] && !st.tgid[1] && !st.tgid[2]);
	CHECK_EQ(t, st.tidig_comps, 1);
	CHECK_EQ(t, st.lds_bytes, 0);
	CHECK_EQ(t, st.threads[0], 64);
	CHECK_EQ(t, st.threads[1], 1);
	CHECK_EQ(t, st.groups[0], 0x10);
	CHECK(t, !st.wave32);
	CHECK_EQ(t, st.initiator, 1);
	CHECK_EQ(t, sh(&regs, 0x2e1a), 0xffffffff);

	/* The same on GFX11 with the peers' RSRC1: reserved SGPRS ignored, 128 SGPRs. */
	if (run_ib(t, VSHARP_GFX11, ib, sizeof(ib) / 4, &regs, &st) == 1) {
		CHECK_EQ(t, st.vgprs_alloc, 8);
		CHECK_EQ(t, st.sgprs_alloc, 128);
	}
}

static void test_initiator_wave32(struct ktap *t)
{
	struct vsharp_compute_regs regs;
	struct vsharp_dispatch_state st;
	uint32_t buf[256];
	unsigned n;

	for (size_t l = 0; l < N_LEVELS; l++) {
		struct vsharp_dispatch d = peer_dispatch(levels[l]);

		if (levels[l] < VSHARP_GFX10)
			continue;
		d.wave32 = true;
		d.vgprs = 24;
		n = build(&d, buf, 256);
		if (!CHECK(t, n) || run_ib(t, levels[l], buf, n, &regs, &st) != 1)
			continue;
		CHECK(t, st.wave32);
		CHECK_EQ(t, st.initiator, 0x8045);
		CHECK_EQ(t, st.vgprs_alloc, 24);		/* 3 blocks of 8 */
		CHECK_EQ(t, sh(&regs, 0x2e12) & 0x3f, 2);
	}
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 11) % n;
}

static unsigned round_up(unsigned v, unsigned g)
{
	return (v + g - 1) / g * g;
}

/* encode -> parse -> dispatch_state gives back what was asked, on every level. */
static void test_roundtrip(struct ktap *t)
{
	for (size_t l = 0; l < N_LEVELS; l++) {
		for (int w32 = 0; w32 < 2; w32++) {
			if (w32 && levels[l] <= VSHARP_GFX9)
				continue;
			for (int iter = 0; iter < 300; iter++) {
				struct vsharp_dispatch d = {
					.level = levels[l], .wave32 = w32,
					.pgm_va = ((uint64_t)rnd(1u << 24) << 16 | rnd(1u << 16)) << 8,
					.vgprs = 1 + rnd(256), .sgprs = rnd(129),
					.user_sgprs = rnd(17), .lds_bytes = rnd(65537),
					.tidig_comps = 1 + rnd(3),
				};
				struct vsharp_compute_regs regs;
				struct vsharp_dispatch_state st;
				unsigned g = w32 ? 8 : 4, n;
				uint32_t buf[256];

				d.threads[0] = 1 + rnd(1024);
				d.threads[1] = 1 + rnd(1024 / d.threads[0]);
				d.threads[2] = 1 + rnd(1024 / (d.threads[0] * d.threads[1]));
				for (int i = 0; i < 3; i++) {
					d.groups[i] = 1 + rnd(i ? 64 : 0x7fffffff);
					d.tgid[i] = rnd(2);
				}
				for (int i = 0; i < 16; i++)
					d.user_data[i] = rnd(0xffffffffu) ^ (uint32_t)i << 28;

				n = build(&d, buf, 256);
				if (!CHECK(t, n && n % 8 == 0))
					continue;
				if (!CHECK_EQ_RET(t, run_ib(t, levels[l], buf, n, &regs, &st), 1))
					continue;
				CHECK_EQ(t, st.pgm_va, d.pgm_va);
				CHECK_EQ(t, st.wave32, d.wave32);
				CHECK_EQ(t, st.vgprs_alloc, round_up(d.vgprs, g));
				/*
				 * SGPRs in 8s on GFX6-8, 16s on GFX9 (at least one block;
				 * LLVM getSGPREncodingGranule); GFX10+ 128.
				 */
				CHECK_EQ(t, st.sgprs_alloc, levels[l] <= VSHARP_GFX9 ?
					 round_up(d.sgprs ? d.sgprs : 1,
						  levels[l] == VSHARP_GFX9 ? 16 : 8) : 128);
				CHECK_EQ(t, st.user_sgprs, d.user_sgprs);
				CHECK(t, !memcmp(st.user_data, d.user_data, d.user_sgprs * 4));
				CHECK_EQ(t, st.lds_bytes, round_up(d.lds_bytes,
								 levels[l] >= VSHARP_GFX10_3 ? 1024 :
								 levels[l] == VSHARP_GFX6 ? 256 : 512));
				CHECK_EQ(t, st.tidig_comps, d.tidig_comps);
				for (int i = 0; i < 3; i++) {
					CHECK_EQ(t, st.threads[i], d.threads[i]);
					CHECK_EQ(t, st.groups[i], d.groups[i]);
					CHECK_EQ(t, st.tgid[i], d.tgid[i]);
				}
				/* ORDER_MODE (0x40) from GFX7 only: radeonsi si_compute.c. */
				CHECK_EQ(t, st.initiator, (levels[l] == VSHARP_GFX6 ? 0x05u : 0x45u) |
							  (w32 ? 0x8000u : 0));
			}
		}
	}
}

/* Every packet the builder emits is type 3 with the compute bit, but the NOP pad. */
static void test_packets_compute(struct ktap *t)
{
	for (size_t l = 0; l < N_LEVELS; l++) {
		struct vsharp_dispatch d = peer_dispatch(levels[l]);
		struct vsharp_pm4_packet p;
		struct vsharp_error err;
		uint32_t buf[256];
		unsigned pos = 0, n = build(&d, buf, 256), nops = 0;

		CHECK(t, n > 0);
		while (vsharp_pm4_next(buf, n, &pos, &p, &err) > 0) {
			CHECK_EQ(t, p.type, 3);
			if (buf[p.offset] == 0xffff1000)
				nops++;
			else
				CHECK_MSG(t, p.compute, "%s dword %u: 0x%08x lacks the compute bit",
					  vsharp_gfx_name(levels[l]), p.offset, buf[p.offset]);
		}
		CHECK(t, pos == n);
		CHECK(t, nops < 8);
	}
}

static int first_packet(const uint32_t *dw, unsigned n, unsigned op, uint32_t offset,
			struct vsharp_pm4_packet *out)
{
	struct vsharp_error err;
	unsigned pos = 0;

	while (vsharp_pm4_next(dw, n, &pos, out, &err) > 0)
		if (out->type == 3 && out->opcode == op &&
		    (offset == ~0u || (out->n_body && (out->body[0] & 0xffff) == offset)))
			return 1;
	return 0;
}

static void test_preamble(struct ktap *t)
{
	/* GCR_CNTL bits of Linux nvd.h PACKET3_ACQUIRE_MEM_GCR_CNTL_*. */
	const uint32_t GLI_INV1 = 1, GLM_WB = 1u << 4, GLM_INV = 1u << 5, GLK_INV = 1u << 7,
		       GLV_INV = 1u << 8, GL1_INV = 1u << 9, GL2_INV = 1u << 14,
		       GL2_WB = 1u << 15;

	for (size_t l = 0; l < N_LEVELS; l++) {
		enum vsharp_gfx lv = levels[l];
		struct vsharp_compute_regs regs;
		struct vsharp_pm4_packet p;
		struct vsharp_error err;
		struct vsharp_ib ib;
		uint32_t buf[256];
		unsigned pos = 0;
		bool idx3;

		vsharp_ib_init(&ib, buf, 256);
		if (!CHECK_MSG(t, !vsharp_pm4_preamble(&ib, lv, &err), "%s", err.msg))
			continue;
		/* ACQUIRE_MEM first; SURFACE_SYNC on GFX6 (Linux gfx_v6_0_emit_mem_sync). */
		CHECK(t, vsharp_pm4_next(buf, ib.n, &pos, &p, &err) == 1);
		if (lv == VSHARP_GFX6) {
			CHECK_EQ(t, buf[0], 0xc0034302);
			CHECK_EQ(t, p.body[0], 0x28c00000);
			CHECK_EQ(t, p.body[1], 0xffffffff);
			CHECK_EQ(t, p.body[2], 0);
			CHECK_EQ(t, p.body[3], 0xa);
		} else {
			CHECK_EQ(t, p.opcode, 0x58);
			CHECK_EQ(t, p.body[1], 0xffffffff);
			CHECK_EQ(t, p.body[5], 0xa);
		}
		if (lv == VSHARP_GFX6) {
			/* checked above */
		} else if (lv == VSHARP_GFX7) {
			/* gfx_v7_0_emit_mem_sync_compute: no TC_WB_ACTION_ENA. */
			CHECK_EQ(t, buf[0], 0xc0055802);
			CHECK_EQ(t, p.body[0], 0x28c00000);
		} else if (lv <= VSHARP_GFX9) {
			/*
			 * n=5: CP_COHER_CNTL = the kernel's gfx_v9_0_emit_mem_sync and
			 * gfx_v8_0_emit_mem_sync_compute value.
			 */
			CHECK_EQ(t, buf[0], 0xc0055802);
			CHECK_EQ(t, p.body[0], 0x28c40000);
		} else {
			CHECK_EQ(t, buf[0], 0xc0065802);
			CHECK_EQ(t, p.body[0], 0);
			if (lv == VSHARP_GFX12)
				/* No GLM, no GL1 (Mesa). */
				CHECK_EQ(t, p.body[6], GLI_INV1 | GLK_INV | GLV_INV | GL2_INV | GL2_WB);
			else
				CHECK_EQ(t, p.body[6], GLI_INV1 | GLM_WB | GLM_INV | GLK_INV |
					 GLV_INV | GL1_INV | GL2_INV | GL2_WB);
		}

		memset(&regs, 0, sizeof(regs));
		pos = 0;
		while (vsharp_pm4_next(buf, ib.n, &pos, &p, &err) > 0)
			if (p.opcode == 0x76 || p.opcode == 0x9b)
				CHECK(t, !vsharp_pm4_apply_sh(&regs, &p, &err));
		for (uint32_t r = 0x2e04; r <= 0x2e06; r++)
			CHECK(t, vsharp_pm4_reg_written(&regs, r) && sh(&regs, r) == 0);
		CHECK(t, vsharp_pm4_reg_written(&regs, 0x2e18) && sh(&regs, 0x2e18) == 0);
		CHECK(t, vsharp_pm4_reg_written(&regs, 0x2e15) && sh(&regs, 0x2e15) == 0);
		/*
		 * Mesa si_compute.c si_emit_initial_compute_regs: R_00B82C
		 * (0x2e0b) is COMPUTE_MAX_WAVE_ID = 0x190 on GFX6 and
		 * COMPUTE_PERFCOUNT_ENABLE = 0 from GFX7, with R_00B878 (0x2e1e)
		 * COMPUTE_THREAD_TRACE_ENABLE = 0 ("Disable profiling on compute
		 * queues"); GFX6 has no 0x2e1e.
		 */
		CHECK(t, vsharp_pm4_reg_written(&regs, 0x2e0b));
		CHECK_EQ(t, sh(&regs, 0x2e0b), lv == VSHARP_GFX6 ? 0x190 : 0);
		CHECK_EQ(t, vsharp_pm4_reg_written(&regs, 0x2e1e), lv >= VSHARP_GFX7);
		CHECK_EQ(t, sh(&regs, 0x2e1e), 0);
		CHECK_STR(t, vsharp_reg_name(lv, 0x2e0b),
			  lv == VSHARP_GFX6 ? "COMPUTE_MAX_WAVE_ID" : "COMPUTE_PERFCOUNT_ENABLE");
		/* CU masks: SE0..1 everywhere, SE2..3 GFX7+, SE4..7 GFX11+, SE8 GFX12. */
		for (uint32_t r = 0x2e16; r <= 0x2e1a; r++)
			if (r != 0x2e18)
				CHECK_EQ(t, vsharp_pm4_reg_written(&regs, r) && sh(&regs, r) == ~0u,
					 r < 0x2e18 || lv >= VSHARP_GFX7);
		for (uint32_t r = 0x2e2b; r <= 0x2e2e; r++)
			CHECK_EQ(t, vsharp_pm4_reg_written(&regs, r) && sh(&regs, r) == ~0u,
				 lv >= VSHARP_GFX11);
		CHECK_EQ(t, vsharp_pm4_reg_written(&regs, 0x2e23) && sh(&regs, 0x2e23) == ~0u,
			 lv == VSHARP_GFX12);
		/* GFX10+: REQ_CTRL, USER_ACCUM_0..3, CHKSUM zero. */
		for (uint32_t r = 0x2e22; r <= 0x2e2a; r++)
			if (r != 0x2e23 && r != 0x2e28 && r != 0x2e29)
				CHECK_EQ(t, vsharp_pm4_reg_written(&regs, r) && !sh(&regs, r),
					 lv >= VSHARP_GFX10);
		/*
		 * SE0..3 CU masks: SET_SH_REG_INDEX INDEX 3 on GFX10/11 as [L]
		 * sends them (0x30000216), plain SET_SH_REG on GFX9 and on GFX12
		 * as Mesa's gfx12_init_compute_preamble_state.
		 */
		idx3 = lv >= VSHARP_GFX10 && lv <= VSHARP_GFX11;
		if (CHECK(t, first_packet(buf, ib.n, idx3 ? 0x9b : 0x76, 0x216, &p)))
			CHECK_EQ(t, p.body[0], idx3 ? 0x30000216 : 0x216);
		/* SE4..7 (0x2e2b) and SE8 (0x2e23): plain SET_SH_REG, as Mesa and RADV. */
		CHECK(t, !first_packet(buf, ib.n, 0x9b, 0x22b, &p));
		CHECK(t, !first_packet(buf, ib.n, 0x9b, 0x223, &p));
		CHECK_EQ(t, first_packet(buf, ib.n, 0x9b, ~0u, &p), idx3);
		/* COMPUTE_DISPATCH_INTERLEAVE 0x2e2f = 64 on GFX11+ (RADV), unwritten before. */
		CHECK_EQ(t, vsharp_pm4_reg_written(&regs, 0x2e2f) && sh(&regs, 0x2e2f) == 64,
			 lv >= VSHARP_GFX11);
		CHECK_EQ(t, vsharp_pm4_reg_written(&regs, 0x2e2f), lv >= VSHARP_GFX11);
		/* CP_COHER_START_DELAY: 0 on GFX9, 0x20 on GFX10/10.3, absent else (Mesa). */
		if (lv >= VSHARP_GFX9 && lv <= VSHARP_GFX10_3) {
			if (CHECK(t, first_packet(buf, ib.n, 0x79, 0x7b, &p)))
				CHECK_EQ(t, p.body[1], lv == VSHARP_GFX9 ? 0 : 0x20);
		} else {
			CHECK(t, !first_packet(buf, ib.n, 0x79, ~0u, &p));
		}
	}
}

static void test_encode_errors(struct ktap *t)
{
	struct vsharp_pm4_encoded e;
	struct vsharp_dispatch d;
	struct vsharp_error err;

#define REFUSED(field_set, text) do {							\
	d = peer_dispatch(VSHARP_GFX11);						\
	field_set;									\
	err.msg[0] = 0;									\
	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), -EINVAL);				\
	CHECK_MSG(t, strstr(err.msg, text) != NULL, "'%s' lacks '%s'", err.msg, text);	\
} while (0)
	REFUSED((d.level = VSHARP_GFX9, d.wave32 = true), "wave32: gfx9 runs wave64 only");
	REFUSED(d.level = VSHARP_GFX_COUNT, "level: gfx? has no PM4 support (allowed");
	REFUSED(d.pgm_va = 0x1080, "pgm_va: 0x1080 is not 256-byte aligned");
	REFUSED(d.pgm_va = 1ull << 48, "pgm_va: 0x1000000000000 does not fit 48 bits");
	REFUSED(d.vgprs = 0, "vgprs: 0 (allowed 1..256)");
	REFUSED(d.vgprs = 257, "vgprs: 257 (allowed 1..256)");
	REFUSED(d.sgprs = 129, "sgprs: 129 (allowed 0..128 on gfx11)");
	REFUSED((d.level = VSHARP_GFX9, d.sgprs = 129), "sgprs: 129 (allowed 0..128 on gfx9)");
	REFUSED(d.user_sgprs = 17, "user_sgprs: 17 (allowed 0..16");
	REFUSED(d.tidig_comps = 0, "tidig_comps: 0 (allowed 1..3)");
	REFUSED(d.tidig_comps = 4, "tidig_comps: 4 (allowed 1..3)");
	REFUSED(d.lds_bytes = 65537, "lds_bytes: 65537 (allowed 0..65536)");
	REFUSED(d.threads[1] = 0, "threads[1]: 0");
	REFUSED((d.threads[0] = 64, d.threads[1] = 17), "threads: 64x17x1 = 1088 work-items");
	REFUSED(d.groups[2] = 0, "groups[2]: 0");
#undef REFUSED
	/* The limits themselves are accepted. */
	d = peer_dispatch(VSHARP_GFX9);
	d.vgprs = 256;
	d.sgprs = 128;
	d.user_sgprs = 16;
	d.lds_bytes = 65536;
	d.threads[0] = 1024;
	d.pgm_va = 0xffffffffff00ull;
	CHECK(t, !vsharp_pm4_encode(&d, &e, &err));
	CHECK_EQ(t, e.pgm_hi, 0xff);
	CHECK_EQ(t, e.pgm_lo, 0xffffffff);
	CHECK_EQ(t, (e.rsrc1 >> 6) & 0xf, 15);
}

static void test_overflow(struct ktap *t)
{
	struct vsharp_dispatch d = peer_dispatch(VSHARP_GFX10_3);
	struct vsharp_error err;
	struct vsharp_ib ib;
	uint32_t buf[300], full[256];
	unsigned need_pre, need_all;

	/* Sizes of a complete IB, for reference. */
	vsharp_ib_init(&ib, full, 256);
	CHECK(t, !vsharp_pm4_preamble(&ib, d.level, &err));
	need_pre = ib.n;
	CHECK(t, !vsharp_pm4_dispatch(&ib, &d, &err));
	need_all = ib.n;

	for (unsigned cap = 0; cap < need_all + 8; cap++) {
		int r;

		for (unsigned i = 0; i < 300; i++)
			buf[i] = 0xdeadbeef;
		vsharp_ib_init(&ib, buf, cap);
		r = vsharp_pm4_preamble(&ib, d.level, &err);
		CHECK_EQ(t, r, cap < need_pre ? -ENOSPC : 0);
		CHECK_EQ(t, ib.n, cap < need_pre ? 0 : need_pre);
		if (!r) {
			r = vsharp_pm4_dispatch(&ib, &d, &err);
			CHECK_EQ(t, r, cap < need_all ? -ENOSPC : 0);
			CHECK_EQ(t, ib.n, cap < need_all ? need_pre : need_all);
			if (!r)
				r = vsharp_pm4_finish(&ib, &err);
		}
		CHECK_EQ(t, ib.overflow, r != 0);
		if (r)
			CHECK_MSG(t, strstr(err.msg, "ib: ") != NULL, "%s", err.msg);
		else
			CHECK(t, ib.n % 8 == 0 && !memcmp(buf, full, need_all * 4));
		/* Nothing past cap, ever. */
		for (unsigned i = cap; i < 300; i++)
			if (!CHECK_MSG(t, buf[i] == 0xdeadbeef, "cap %u: dword %u written", cap, i))
				break;
	}
	/* finish on a multiple of 8 adds nothing; with the pad not fitting, nothing. */
	vsharp_ib_init(&ib, buf, 16);
	ib.n = 8;
	CHECK(t, !vsharp_pm4_finish(&ib, &err));
	CHECK_EQ(t, ib.n, 8);
	vsharp_ib_init(&ib, buf, 10);
	ib.n = 9;
	buf[9] = 0xdeadbeef;
	CHECK_EQ(t, vsharp_pm4_finish(&ib, &err), -ENOSPC);
	CHECK(t, ib.overflow && ib.n == 9 && buf[9] == 0xdeadbeef);
}

static void test_parser(struct ktap *t)
{
	static const uint32_t dw[] = {
		0xffff1000,			/* 0: one-dword NOP */
		0x80000000,			/* 1: type-2 filler */
		0xc0011002, 1, 2,		/* 2: NOP with 2 body dwords */
		0xc0017602, 0x212, 0x41,	/* 5: SET_SH_REG */
		0xc000ab02, 7,			/* 8: unknown opcode 0xab, 1 body dword */
	};
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	unsigned pos = 0;
	uint32_t bad[4];

	CHECK_EQ(t, vsharp_pm4_next(dw, 11, &pos, &p, &err), 1);
	CHECK(t, p.offset == 0 && p.type == 3 && p.opcode == 0x10 && p.n_body == 0 && pos == 1);
	CHECK_EQ(t, vsharp_pm4_next(dw, 11, &pos, &p, &err), 1);
	CHECK(t, p.offset == 1 && p.type == 2 && pos == 2);
	CHECK_EQ(t, vsharp_pm4_next(dw, 11, &pos, &p, &err), 1);
	CHECK(t, p.offset == 2 && p.opcode == 0x10 && p.n_body == 2 && p.body == dw + 3);
	CHECK_EQ(t, vsharp_pm4_next(dw, 11, &pos, &p, &err), 1);
	CHECK(t, p.offset == 5 && p.opcode == 0x76 && p.compute && p.n_body == 2 && p.body[1] == 0x41);
	CHECK_EQ(t, vsharp_pm4_next(dw, 11, &pos, &p, &err), 1);
	CHECK(t, p.offset == 8 && p.opcode == 0xab && p.n_body == 1 && pos == 10);
	/* dw[10] belongs to nothing: the stream ends at 10 here. */
	CHECK_EQ(t, vsharp_pm4_next(dw, 10, &pos, &p, &err), 0);

	/* Truncated: SET_SH_REG count 2 (3 body dwords) with 2 left. */
	pos = 5;
	CHECK_EQ(t, vsharp_pm4_next((const uint32_t[]){ 0, 0, 0, 0, 0, 0xc0027602, 0x212, 1 },
				    8, &pos, &p, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "dword 5: SET_SH_REG packet needs 3") != NULL, "%s", err.msg);
	CHECK_EQ(t, pos, 5);
	/* Header as the last dword. */
	pos = 0;
	CHECK_EQ(t, vsharp_pm4_next((const uint32_t[]){ 0xc0031502 }, 1, &pos, &p, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "dword 0: DISPATCH_DIRECT") != NULL, "%s", err.msg);
	/* Type 0 and type 1 are refused, naming the offset. */
	bad[0] = 0xffff1000;
	bad[1] = 0x00012e12;
	bad[2] = 0x40000000;
	pos = 1;
	CHECK_EQ(t, vsharp_pm4_next(bad, 3, &pos, &p, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "dword 1: type-0") != NULL, "%s", err.msg);
	pos = 2;
	CHECK_EQ(t, vsharp_pm4_next(bad, 3, &pos, &p, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "dword 2: type-1") != NULL, "%s", err.msg);
	/* Empty stream. */
	pos = 0;
	CHECK_EQ(t, vsharp_pm4_next(bad, 0, &pos, &p, &err), 0);
}

static void test_apply_sh(struct ktap *t)
{
	struct vsharp_compute_regs regs;
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	unsigned pos;

	memset(&regs, 0, sizeof(regs));
	/* SET_SH_REG_INDEX: INDEX in 31:28, the offset below. */
	pos = 0;
	CHECK(t, vsharp_pm4_next((const uint32_t[]){ 0xc0029b02, 0x30000216, 5, 6 }, 4, &pos,
				 &p, &err) == 1 && !vsharp_pm4_apply_sh(&regs, &p, &err));
	CHECK(t, vsharp_pm4_reg_written(&regs, 0x2e16) && sh(&regs, 0x2e16) == 5);
	CHECK(t, vsharp_pm4_reg_written(&regs, 0x2e17) && sh(&regs, 0x2e17) == 6);
	CHECK(t, !vsharp_pm4_reg_written(&regs, 0x2e18));
	/* The last SH register is fine ... */
	pos = 0;
	CHECK(t, vsharp_pm4_next((const uint32_t[]){ 0xc0017602, 0x3ff, 9 }, 3, &pos, &p, &err) == 1 &&
	      !vsharp_pm4_apply_sh(&regs, &p, &err));
	CHECK(t, vsharp_pm4_reg_written(&regs, 0x2fff));
	/* ... one past it, or a run across it, is refused naming the offset. */
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0017602, 0x400, 9 }, 3, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_apply_sh(&regs, &p, &err), -ERANGE);
	CHECK_MSG(t, strstr(err.msg, "offset 0x400") != NULL, "%s", err.msg);
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0027602, 0x3ff, 1, 2 }, 4, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_apply_sh(&regs, &p, &err), -ERANGE);
	CHECK_MSG(t, strstr(err.msg, "offset 0x3ff with 2 values") != NULL, "%s", err.msg);
	/* No values; not a SET_SH packet. */
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0007602, 0x212 }, 2, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_apply_sh(&regs, &p, &err), -EINVAL);
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0017902, 0x7b, 0 }, 3, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_apply_sh(&regs, &p, &err), -EINVAL);
}

static void test_dispatch_state_errors(struct ktap *t)
{
	static const uint32_t dispatch[] = { 0xc0031502, 1, 1, 1, 0x45 };
	struct vsharp_compute_regs regs;
	struct vsharp_dispatch_state st;
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	unsigned pos = 0;

	memset(&regs, 0, sizeof(regs));
	vsharp_pm4_next(dispatch, 5, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX11, &regs, &p, &st, &err), -ENOENT);
	CHECK_MSG(t, strstr(err.msg, "COMPUTE_PGM_LO (0x2e0c): never written") != NULL, "%s", err.msg);

	/* Everything but RSRC1. */
	for (uint32_t r = 0x2e07; r <= 0x2e13; r++)
		if (r != 0x2e12)
			regs.written[(r - 0x2c00) / 32] |= 1u << ((r - 0x2c00) % 32);
	regs.sh[0x2e07 - 0x2c00] = 64;
	regs.sh[0x2e08 - 0x2c00] = 1;
	regs.sh[0x2e09 - 0x2c00] = 1;
	regs.sh[0x2e13 - 0x2c00] = 0x90;	/* 8 user SGPRs */
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX11, &regs, &p, &st, &err), -ENOENT);
	CHECK_MSG(t, strstr(err.msg, "COMPUTE_PGM_RSRC1") != NULL, "%s", err.msg);
	regs.written[(0x2e12 - 0x2c00) / 32] |= 1u << ((0x2e12 - 0x2c00) % 32);
	/*
	 * USER_DATA_0..7 loaded, 0..2 written: the dispatch is decoded, the
	 * five never written are left out of user_data_written (their SGPRs
	 * hold the queue's stale values; the emulator refuses only a read).
	 */
	for (uint32_t r = 0x2e40; r < 0x2e43; r++) {
		regs.written[(r - 0x2c00) / 32] |= 1u << ((r - 0x2c00) % 32);
		regs.sh[r - 0x2c00] = 0x100 + r;
	}
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX11, &regs, &p, &st, &err), 0);
	CHECK_EQ(t, st.user_sgprs, 8);
	CHECK_EQ(t, st.user_data_written, 0x7);
	CHECK_EQ(t, st.user_data[2], 0x100 + 0x2e42);
	CHECK_EQ(t, st.user_data[3], 0);
	regs.sh[0x2e13 - 0x2c00] = 0x86;	/* 3 user SGPRs */
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX11, &regs, &p, &st, &err), 0);
	CHECK_EQ(t, st.user_sgprs, 3);
	CHECK_EQ(t, st.user_data_written, 0x7);

	/* CS_W32_EN on GFX9, COMPUTE_SHADER_EN clear, a level without PM4. */
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0031502, 1, 1, 1, 0x8045 }, 5, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX9, &regs, &p, &st, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "CS_W32_EN") != NULL, "%s", err.msg);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX10, &regs, &p, &st, &err), 0);
	CHECK(t, st.wave32);
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0031502, 1, 1, 1, 0x44 }, 5, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX10, &regs, &p, &st, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "COMPUTE_SHADER_EN") != NULL, "%s", err.msg);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX_COUNT, &regs, &p, &st, &err), -EINVAL);
	/* Not a DISPATCH_DIRECT. */
	pos = 0;
	vsharp_pm4_next((const uint32_t[]){ 0xc0017602, 0x212, 0 }, 3, &pos, &p, &err);
	CHECK_EQ(t, vsharp_pm4_dispatch_state(VSHARP_GFX10, &regs, &p, &st, &err), -EINVAL);
}

static char *print_to_string(enum vsharp_gfx level, const uint32_t *dw, unsigned n, int *ret)
{
	struct vsharp_error err;
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	if (!f)
		return NULL;
	*ret = vsharp_pm4_print(level, dw, n, f, &err);
	fclose(f);
	return s;
}

#define CONTAINS(t, s, needle) \
	CHECK_MSG(t, s && strstr(s, needle), "output lacks \"%s\"", needle)

static void test_print(struct ktap *t)
{
	struct vsharp_dispatch d = peer_dispatch(VSHARP_GFX11);
	uint32_t buf[256];
	unsigned n;
	char *s;
	int ret;

	d.wave32 = true;
	n = build(&d, buf, 256);
	s = print_to_string(VSHARP_GFX11, buf, n, &ret);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: ACQUIRE_MEM (6)\n");
	CONTAINS(t, s, "GL2_INV GL2_WB");
	CONTAINS(t, s, ": SET_SH_REG_INDEX (2)\n        index=3\n        COMPUTE_STATIC_THREAD_MGMT_SE0");
	/* Fields as gc_11_0_0_sh_mask.h places them (SA0_CU_EN 15:0, INTERLEAVE 9:0 ...). */
	CONTAINS(t, s, "COMPUTE_STATIC_THREAD_MGMT_SE7 = 0xffffffff SA0_CU_EN=65535 SA1_CU_EN=65535\n");
	CONTAINS(t, s, "COMPUTE_DISPATCH_INTERLEAVE = 0x00000040 INTERLEAVE=64\n");
	CONTAINS(t, s, "COMPUTE_PGM_RSRC2 = 0x00000090 SCRATCH_EN=0 USER_SGPR=8 TRAP_PRESENT=0 TGID_X_EN=1");
	CONTAINS(t, s, "COMPUTE_PGM_RSRC3 = 0x000003f0 SHARED_VGPR_CNT=0 INST_PREF_SIZE=63 ");
	CONTAINS(t, s, "COMPUTE_PGM_HI = 0x00000012 DATA=18 pgm_va=0x123456789a00\n");
	CONTAINS(t, s, "COMPUTE_NUM_THREAD_X = 0x00000040 NUM_THREAD_FULL=64 NUM_THREAD_PARTIAL=0\n");
	CONTAINS(t, s, "COMPUTE_USER_DATA_7 = 0x00001007\n");
	CONTAINS(t, s, ": DISPATCH_DIRECT (3)\n        dim_x=16 dim_y=1 dim_z=1\n");
	CONTAINS(t, s, "initiator=0x00008045 COMPUTE_SHADER_EN=1 PARTIAL_TG_EN=0 FORCE_START_AT_000=1 ");
	CONTAINS(t, s, " ORDER_MODE=1 ");
	CONTAINS(t, s, " CS_W32_EN=1 ");
	CONTAINS(t, s, "state: wave32 pgm_va=0x123456789a00 vgprs=8 sgprs=128 user_sgprs=8 tgid=x");
	free(s);
	s = print_to_string(VSHARP_GFX11, (const uint32_t[]){ VSHARP_PM4_NOP1 }, 1, &ret);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "NOP (0x3fff, one dword)");
	free(s);

	/* The peers' GFX9 RSRC1 decoded. */
	s = print_to_string(VSHARP_GFX9, (const uint32_t[]){ 0xc0027602, 0x212, 0x000c0041, 0x90 },
			    4, &ret);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: SET_SH_REG (2)\n");
	/* VGPRS 1: 8 VGPRs; SGPRS 1: 16; FLOAT_MODE 0xc0 is Mesa's FP_16_64_DENORMS. */
	CONTAINS(t, s, "COMPUTE_PGM_RSRC1 = 0x000c0041 VGPRS=1(8) SGPRS=1(16) PRIORITY=0 "
		 "FLOAT_MODE=192(FP_16_64_DENORMS) ");
	free(s);

	/* GFX9 ACQUIRE_MEM, uconfig, unknown opcode, an SH offset out of range. */
	s = print_to_string(VSHARP_GFX9, (const uint32_t[]){
		0xc0055802, 0x28c40000, 0xffffffff, 0xff, 0, 0, 0xa,
		0xc0017902, 0x7b, 0x20,
		0xc001ab02, 0x11111111, 0x22222222,
		0xc0017602, 0x500, 3,
		0x80000000,
	}, 17, &ret);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "coher_cntl=0x28c40000 TC_WB_ACTION_ENA TCL1_ACTION_ENA TC_ACTION_ENA "
		 "SH_KCACHE_ACTION_ENA SH_ICACHE_ACTION_ENA\n");
	CONTAINS(t, s, "CP_COHER_START_DELAY = 0x00000020 START_DELAY_COUNT=32\n");
	CONTAINS(t, s, "   10: opcode 0xab (1)\n        0x11111111 0x22222222\n");
	CONTAINS(t, s, "state: not applied: dword 13: SH register offset 0x500");
	CONTAINS(t, s, "   16: TYPE2 filler\n");
	free(s);

	/* A type-0 packet: BASE_INDEX 0x1234 in 15:0, COUNT 0 in 29:16, one register written. */
	s = print_to_string(VSHARP_GFX10, (const uint32_t[]){ 0xffff1000, 0x00001234, 0xabcdef01 },
			    3, &ret);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: NOP");
	CONTAINS(t, s, "    1: TYPE0 reg 0x1234 (0)\n        reg 0x1234 (R_0048D0) = 0xabcdef01\n");
	free(s);
}

/*
 * The readback copy: CS_PARTIAL_FLUSH (EVENT_TYPE 0x07, EVENT_INDEX 4: Mesa
 * V_028A90_CS_PARTIAL_FLUSH), on GFX6 a SURFACE_SYNC with TC_ACTION_ENA
 * (sid.h bit 23), then CP DMA packets of at most Mesa's
 * cp_dma_max_byte_count rounded down to 32 (si_cp_dma.c: 21-bit BYTE_COUNT
 * to GFX8, 26-bit from GFX9, 32767 from GFX11), through L2 from GFX7
 * (SRC_SEL and DST_SEL 3, V_411_SRC_ADDR_TC_L2/V_411_DST_ADDR_TC_L2), with
 * CP_SYNC (bit 31) on the last only.  Then the same copy on the emulated
 * GPU moves the bytes.
 */
static void test_readback_copy(struct ktap *t)
{
	static const uint32_t max[] = { 0x1fffe0, 0x1fffe0, 0x1fffe0, 0x3ffffe0, 0x3ffffe0, 0x3ffffe0,
					32736, 32736 };
	const uint64_t src = 0x3456700000ull, dst = 0x6543200000ull;

	for (size_t i = 0; i < N_LEVELS; i++) {
		enum vsharp_gfx lv = levels[i];
		bool gfx6 = lv == VSHARP_GFX6;
		uint64_t bytes = 2ull * max[i] + 64, done = 0;
		uint32_t buf[64];
		struct vsharp_pm4_packet p;
		struct vsharp_error err;
		struct vsharp_ib ib;
		unsigned pos = 0, copies = 0;

		vsharp_ib_init(&ib, buf, 64);
		CHECK_EQ(t, vsharp_pm4_dispatch_done(&ib, lv, &err), 0);
		CHECK_EQ(t, vsharp_pm4_copy(&ib, lv, dst, src, bytes, true, &err), 0);
		CHECK_EQ(t, ib.n, (gfx6 ? 2 + 5 + 3 * 6 : 2 + 3 * 7));
		CHECK_EQ(t, vsharp_pm4_copy_dwords(lv, bytes), 3 * (gfx6 ? 6 : 7));
		CHECK_EQ(t, vsharp_pm4_next(buf, ib.n, &pos, &p, &err), 1);
		CHECK(t, p.opcode == 0x46 && p.n_body == 1 && p.body[0] == 0x407);
		if (gfx6) {
			CHECK_EQ(t, vsharp_pm4_next(buf, ib.n, &pos, &p, &err), 1);
			CHECK(t, p.opcode == 0x43 && p.n_body == 4 && (p.body[0] >> 23 & 1));
		}
		while (vsharp_pm4_next(buf, ib.n, &pos, &p, &err) == 1) {
			/* GFX6 CP_DMA: SRC_LO, SYNC|SEL|SRC_HI, DST_LO, DST_HI, COUNT. */
			uint32_t ctl = gfx6 ? p.body[1] : p.body[0], n = p.body[gfx6 ? 4 : 5];
			uint64_t s = gfx6 ? (uint64_t)(p.body[1] & 0xff) << 32 | p.body[0] :
				     (uint64_t)p.body[2] << 32 | p.body[1];
			uint64_t d = gfx6 ? (uint64_t)p.body[3] << 32 | p.body[2] :
				     (uint64_t)p.body[4] << 32 | p.body[3];

			copies++;
			CHECK_EQ(t, p.opcode, gfx6 ? 0x41u : 0x50u);
			CHECK_EQ(t, ctl >> 29 & 3, gfx6 ? 0u : 3u);
			CHECK_EQ(t, ctl >> 20 & 3, gfx6 ? 0u : 3u);
			CHECK_EQ(t, ctl >> 31, copies == 3);
			CHECK_EQ(t, n, copies < 3 ? max[i] : 64);
			CHECK(t, s == src + done && d == dst + done);
			done += n;
		}
		CHECK_EQ(t, copies, 3);
		CHECK_EQ(t, done, bytes);

		/* No room: nothing written. */
		vsharp_ib_init(&ib, buf, 2);
		CHECK_EQ(t, vsharp_pm4_copy(&ib, lv, dst, src, 64, false, &err), -ENOSPC);
		CHECK(t, ib.n == 0 && ib.overflow);
		vsharp_ib_init(&ib, buf, 64);
		CHECK_EQ(t, vsharp_pm4_copy(&ib, lv, dst, src, 0, false, &err), -EINVAL);
		CHECK_EQ(t, vsharp_pm4_copy(&ib, lv, 1ull << (gfx6 ? 40 : 48), src, 4, false, &err), -EINVAL);
		CHECK_EQ(t, ib.n, 0);
	}
}

static void test_readback_copy_runs(struct ktap *t)
{
	for (size_t i = 0; i < N_LEVELS; i++) {
		struct vsharp_bo code, data, ib;
		struct vsharp_device *dev;
		struct vsharp_error err;
		struct vsharp_ib pm4;
		uint64_t fence;
		uint8_t *b;

		if (!CHECK_MSG(t, !vsharp_emu_open(levels[i], &dev, &err), "%s", err.msg))
			continue;
		CHECK_EQ(t, dev->ops->bo_alloc(dev, 256, VSHARP_BO_CODE, &code, &err), 0);
		CHECK_EQ(t, dev->ops->bo_alloc(dev, 3 * 65536, VSHARP_BO_DATA, &data, &err), 0);
		CHECK_EQ(t, dev->ops->bo_alloc(dev, 4096, VSHARP_BO_IB, &ib, &err), 0);
		b = data.cpu;
		for (unsigned k = 0; k < 65536 + 96; k++)
			b[k] = (uint8_t)(k * 7 + 1);
		vsharp_ib_init(&pm4, ib.cpu, 1024);
		CHECK_EQ(t, vsharp_pm4_dispatch_done(&pm4, levels[i], &err), 0);
		CHECK_EQ(t, vsharp_pm4_copy(&pm4, levels[i], data.va + 2 * 65536 - 4096, data.va, 65536 + 96,
					    true, &err), 0);
		CHECK_EQ(t, vsharp_pm4_finish(&pm4, &err), 0);
		CHECK_MSG(t, !dev->ops->submit(dev, &ib, pm4.n, NULL, 0, &fence, &err) &&
			  !dev->ops->wait(dev, fence, 1000000000, &err), "%s: %s",
			  vsharp_gfx_name(levels[i]), err.msg);
		CHECK_MSG(t, !memcmp(b + 2 * 65536 - 4096, b, 65536 + 96), "%s: the copy moved the bytes",
			  vsharp_gfx_name(levels[i]));
		vsharp_device_close(dev);
	}
}

KTAP_MAIN(
	KTAP_CASE(test_header_words),
	KTAP_CASE(test_register_names),
	KTAP_CASE(test_level_table),
	KTAP_CASE(test_rsrc_llvm),
	KTAP_CASE(test_sgprs_processor),
	KTAP_CASE(test_peer_values),
	KTAP_CASE(test_decode_peer_ib),
	KTAP_CASE(test_initiator_wave32),
	KTAP_CASE(test_roundtrip),
	KTAP_CASE(test_packets_compute),
	KTAP_CASE(test_preamble),
	KTAP_CASE(test_encode_errors),
	KTAP_CASE(test_overflow),
	KTAP_CASE(test_parser),
	KTAP_CASE(test_apply_sh),
	KTAP_CASE(test_dispatch_state_errors),
	KTAP_CASE(test_print),
	KTAP_CASE(test_readback_copy),
	KTAP_CASE(test_readback_copy_runs)
)
