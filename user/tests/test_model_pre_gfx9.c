// SPDX-License-Identifier: MIT
/*
 * The facts of chips before GFX9 and of single processors that only a
 * compiler or an assembler records (Documentation/model.rst, "LDS and
 * buffers before GFX9, and per-processor facts"):
 *
 * - GFX6 negative DS base: LLVM SIISelLowering.cpp
 *   allowsMisalignedMemoryAccessesImpl "SI has a hardware bug in the LDS /
 *   GDS bounds checking: if the base address is negative, then the
 *   instruction is incorrectly treated as out-of-bounds even if base +
 *   offsets is in bounds"; AMDGPUISelDAGToDAG.cpp isDSOffsetLegal (rule
 *   gfx6_ds_negative_base);
 * - GFX6-8 misaligned DS: LLVM AMDGPU.td FeatureUnalignedDSAccess from GFX9
 *   (rule gcn_ds_misaligned);
 * - GFX6 buffer alignment: CLRX GcnMemHandling "For 32-bit and wider
 *   operations, an address are aligned to 4 bytes. For 16-bit operations,
 *   an address are aligned to 2 bytes"; LLVM FeatureUnalignedBufferAccess
 *   from CI;
 * - SRAM ECC: LLVM GCNSubtarget.h "d16PreservesUnusedBits() { return
 *   hasD16LoadStore() && !isSRAMECCEnabled(); }";
 * - gfx1010 in WGP mode: LLVM FeatureLdsMisalignedBug "Some GFX10 bug with
 *   multi-dword LDS and flat access that is not naturally aligned in WGP
 *   mode", GCNSubtarget.h hasLDSMisalignedBug() "LDSMisalignedBug &&
 *   !EnableCuMode".
 */
#include "model_util.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Memory and LDS hold the low byte of their offset: dword at 4k is 4k | 4k+1 << 8 | ... */
static uint32_t pattern_dword(uint32_t off)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < 4; i++)
		v |= (uint32_t)(uint8_t)(off + i) << (8 * i);
	return v;
}

static void fill(void)
{
	for (uint32_t i = 0; i < sizeof(test_lds_bytes); i++)
		test_lds_bytes[i] = (uint8_t)i;
	for (uint32_t i = 0; i < MEM_SIZE; i++)
		test_mem_bytes[i] = (uint8_t)i;
}

static struct vsharp_ds_access ds(enum vsharp_gfx l, const char *name, const char *rule)
{
	struct vsharp_ds_access a;

	memset(&a, 0, sizeof(a));
	a.level = l;
	a.op = vsharp_op_find(l, name, NULL);
	a.m0 = 0xffffffff;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(l, &a.rules);
	if (rule)
		vsharp_rules_set(&a.rules, rule, NULL);
	return a;
}

static bool ds_run(struct ktap *t, const struct vsharp_ds_access *a, uint32_t vaddr, uint32_t vdst0,
		   struct vsharp_ds_lane_out *out)
{
	struct vsharp_lds lds = { test_lds_bytes, 0x1000 };
	struct vsharp_ds_lane_in in;
	struct vsharp_error err = { "" };

	fill();
	memset(&in, 0, sizeof(in));
	in.vaddr = vaddr;
	in.vdst[0] = vdst0;
	in.data0[0] = 0xa1b2c3d4;
	in.data0[1] = 0x11223344;
	if (!CHECK_MSG(t, a->op && vsharp_ds_check(a, &err) == 0, "%s: %s", vsharp_gfx_name(a->level), err.msg))
		return false;
	vsharp_ds_lane(a, &in, &lds, out);
	return true;
}

/* ADDR = -260 with offset 0x104: the sum is 0, in range, yet SI treats it as out of bounds. */
static void test_gfx6_negative_base(struct ktap *t)
{
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	a = ds(VSHARP_GFX6, "ds_read_b32", NULL);
	a.offset0 = 4;
	a.offset1 = 1;
	CHECK_EQ(t, a.rules.choice[VSHARP_RULE_GFX6_DS_NEGATIVE_BASE], VSHARP_DS_NEG_BASE_OUT_OF_RANGE);
	if (ds_run(t, &a, (uint32_t)-260, 0x5eed, &out)) {
		CHECK_EQ(t, out.addr[0], 0);
		CHECK(t, !out.in_range[0]);
		CHECK_EQ(t, out.byte_in_range[0], 0);
		CHECK_EQ(t, out.vdst[0], 0);		/* out of range reads 0 (ISA-V §3.6.1) */
		CHECK(t, !out.memviol);			/* and raises nothing before GFX12 */
	}
	/* The same ADDR positive: in range. */
	if (ds_run(t, &a, 8, 0x5eed, &out)) {
		CHECK(t, out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], pattern_dword(0x10c));
	}
	/* Under wrap the sum is read, as on GFX7. */
	a = ds(VSHARP_GFX6, "ds_read_b32", "gfx6_ds_negative_base=wrap");
	a.offset0 = 4;
	a.offset1 = 1;
	if (ds_run(t, &a, (uint32_t)-260, 0x5eed, &out)) {
		CHECK(t, out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], pattern_dword(0));
	}
	a = ds(VSHARP_GFX7, "ds_read_b32", NULL);
	a.offset0 = 4;
	a.offset1 = 1;
	if (ds_run(t, &a, (uint32_t)-260, 0x5eed, &out)) {
		CHECK(t, out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], pattern_dword(0));
	}
	/* A store writes nothing; a dual read loses both halves (LLVM splits ds_read2_b32 for it). */
	a = ds(VSHARP_GFX6, "ds_write_b32", NULL);
	a.offset0 = 4;
	a.offset1 = 1;
	if (ds_run(t, &a, (uint32_t)-260, 0, &out)) {
		CHECK(t, !out.in_range[0]);
		CHECK_EQ(t, test_lds_bytes[0], 0);
		CHECK_EQ(t, test_lds_bytes[3], 3);
	}
	a = ds(VSHARP_GFX6, "ds_read2_b32", NULL);
	a.offset0 = 65;
	a.offset1 = 66;
	if (ds_run(t, &a, (uint32_t)-260, 0x5eed, &out)) {
		CHECK_EQ(t, out.addr[0], 0);
		CHECK_EQ(t, out.addr[1], 4);
		CHECK(t, !out.in_range[0] && !out.in_range[1]);
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, out.vdst[1], 0);
	}
	/* Offset 0: 0xfffffffc is out of range under either choice. */
	a = ds(VSHARP_GFX6, "ds_read_b32", "gfx6_ds_negative_base=wrap");
	if (ds_run(t, &a, (uint32_t)-4, 0x5eed, &out))
		CHECK(t, !out.in_range[0]);
}

/* GFX6-8 DS below natural alignment in UNALIGNED mode: rule gcn_ds_misaligned. */
static void test_gcn_ds_misaligned(struct ktap *t)
{
	static const char *const choices[] = { NULL, "gcn_ds_misaligned=as_addressed",
					       "gcn_ds_misaligned=memviol" };
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	for (int l = VSHARP_GFX6; l <= VSHARP_GFX8; l++) {
		a = ds(l, "ds_read_b32", choices[0]);
		CHECK_EQ(t, a.rules.choice[VSHARP_RULE_GCN_DS_MISALIGNED], VSHARP_GCN_DS_ALIGN_DOWN);
		if (ds_run(t, &a, 66, 0, &out)) {
			CHECK_EQ(t, out.addr_unaligned[0], 66);
			CHECK_EQ(t, out.addr[0], 64);
			CHECK_EQ(t, out.vdst[0], pattern_dword(64));
			CHECK(t, !out.memviol);
		}
		a = ds(l, "ds_read_b32", choices[1]);
		if (ds_run(t, &a, 66, 0, &out)) {
			CHECK_EQ(t, out.addr[0], 66);
			CHECK_EQ(t, out.vdst[0], pattern_dword(66));
		}
		a = ds(l, "ds_read_b32", choices[2]);
		if (ds_run(t, &a, 66, 0x5eed, &out)) {
			CHECK(t, out.memviol);
			CHECK_EQ(t, out.vdst[0], 0);
		}
		/* B64 needs 8 ("ds_read/write_b64 require 8-byte alignment"). */
		a = ds(l, "ds_read_b64", NULL);
		if (ds_run(t, &a, 68, 0, &out)) {
			CHECK_EQ(t, out.addr[0], 64);
			CHECK_EQ(t, out.vdst[0], pattern_dword(64));
			CHECK_EQ(t, out.vdst[1], pattern_dword(68));
		}
		/* A store aligned down writes at 64. */
		a = ds(l, "ds_write_b32", NULL);
		if (ds_run(t, &a, 67, 0, &out)) {
			CHECK_EQ(t, out.addr[0], 64);
			CHECK_EQ(t, test_lds_bytes[64], 0xd4);
			CHECK_EQ(t, test_lds_bytes[67], 0xa1);
			CHECK_EQ(t, test_lds_bytes[68], 68);
		}
	}
	/* B128 (GFX7+) needs 16: "16-byte alignment on gfx8 and older". */
	a = ds(VSHARP_GFX7, "ds_read_b128", NULL);
	if (ds_run(t, &a, 72, 0, &out)) {
		CHECK_EQ(t, out.addr[0], 64);
		CHECK_EQ(t, out.vdst[3], pattern_dword(76));
	}
	/* GFX9 has unaligned DS: as addressed in UNALIGNED mode. */
	a = ds(VSHARP_GFX9, "ds_read_b32", NULL);
	if (ds_run(t, &a, 66, 0, &out)) {
		CHECK_EQ(t, out.addr[0], 66);
		CHECK_EQ(t, out.vdst[0], pattern_dword(66));
	}
	/* GFX7/8 strict modes are theirs: MEMVIOL whatever the rule. */
	a = ds(VSHARP_GFX8, "ds_read_b32", NULL);
	a.align = VSHARP_ALIGN_DWORD_STRICT;
	if (ds_run(t, &a, 66, 0, &out))
		CHECK(t, out.memviol);
	/* GFX6 DS keeps the mode table of GFX7/8 (no source speaks of GFX6 LDS modes). */
	a = ds(VSHARP_GFX6, "ds_read_b32", NULL);
	a.align = VSHARP_ALIGN_DWORD_STRICT;
	if (ds_run(t, &a, 66, 0, &out))
		CHECK(t, out.memviol);
	/* DS atomics keep the documented rule: MEMVIOL unless DWORD masks them. */
	a = ds(VSHARP_GFX8, "ds_add_u32", NULL);
	if (ds_run(t, &a, 66, 0, &out))
		CHECK(t, out.memviol);
}

/* GFX6 buffers: DWORD-mode alignment in every mode (CLRX), GFX7 honours UNALIGNED. */
static void test_gfx6_buffer_alignment(struct ktap *t)
{
	struct vsharp_lane_in in = lane_off(6);
	struct vsharp_lane_out out;
	struct mcase c;

	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
		c = mcase(VSHARP_GFX6, "buffer_load_dword");
		c.offen = true;
	c.offen = true;
		c.align = m;
		fill();
		if (mrun(t, &c, &in, &out)) {
			CHECK_EQ(t, out.addr_unaligned, MEM_VA + 6);
			CHECK_EQ(t, out.addr, MEM_VA + 4);
			CHECK(t, !out.memviol);
			CHECK_EQ(t, out.vdst[0], pattern_dword(4));
		}
	}
	/* 16-bit: aligned to 2 ("For 16-bit operations, an address are aligned to 2 bytes"). */
	c = mcase(VSHARP_GFX6, "buffer_load_ushort");
	c.offen = true;
	in = lane_off(7);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.addr, MEM_VA + 6);
		CHECK_EQ(t, out.vdst[0], 0x0706);
	}
	/* dwordx2 at 6: both dwords move down by 2. */
	c = mcase(VSHARP_GFX6, "buffer_load_dwordx2");
	c.offen = true;
	in = lane_off(6);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.dword_addr[1], MEM_VA + 8);
		CHECK_EQ(t, out.vdst[1], pattern_dword(8));
	}
	/* GFX7 (FeatureUnalignedBufferAccess) under UNALIGNED: as addressed. */
	c = mcase(VSHARP_GFX7, "buffer_load_dword");
	c.offen = true;
	in = lane_off(6);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.addr, MEM_VA + 6);
		CHECK_EQ(t, out.vdst[0], pattern_dword(6));
	}
}

/* d16PreservesUnusedBits() is false with SRAM ECC: the other half is zero. */
static void test_sramecc_d16(struct ktap *t)
{
	const struct vsharp_target *ecc = vsharp_target_find("gfx906:sramecc+");
	const struct vsharp_target *plain = vsharp_target_find("gfx906");
	struct vsharp_lane_in in = lane_off(0x20);
	struct vsharp_lane_out out;
	struct vsharp_ds_lane_out dout;
	struct vsharp_ds_access a;
	struct vsharp_rules r;
	struct mcase c;

	if (!CHECK(t, ecc && plain && ecc->quirks & VSHARP_QUIRK_SRAMECC))
		return;
	vsharp_rules_default_target(ecc, &r);
	CHECK_EQ(t, r.choice[VSHARP_RULE_D16_UNUSED_HALF], VSHARP_D16_ZERO);
	vsharp_rules_default_target(plain, &r);
	CHECK_EQ(t, r.choice[VSHARP_RULE_D16_UNUSED_HALF], VSHARP_D16_PRESERVE);

	in.vdst[0] = 0xdead5eed;
	c = mcase(VSHARP_GFX9, "buffer_load_short_d16");
	c.offen = true;
	fill();
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xdead2120);
	/* The level's default rules, the processor in the access: the target decides. */
	c.target = "gfx906:sramecc+";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x00002120);
	c.op = "buffer_load_short_d16_hi";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x21200000);
	c.target = "gfx906";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x21205eed);

	a = ds(VSHARP_GFX9, "ds_read_u16_d16", NULL);
	a.target = ecc;
	if (ds_run(t, &a, 0x20, 0xdead5eed, &dout))
		CHECK_EQ(t, dout.vdst[0], 0x00002120);
	a.target = plain;
	if (ds_run(t, &a, 0x20, 0xdead5eed, &dout))
		CHECK_EQ(t, dout.vdst[0], 0xdead2120);
}

/* gfx1010 in WGP mode: a misaligned multi-dword DS access has no defined result. */
static void test_lds_misaligned_wgp(struct ktap *t)
{
	static const struct {
		const char *target, *op;
		uint32_t addr;
		bool wgp, unreliable;
	} cases[] = {
		{ "gfx1010", "ds_read_b64", 4, true, true },
		{ "gfx1010", "ds_read_b64", 4, false, false },	/* CU mode: the probes' */
		{ "gfx1010", "ds_read_b64", 8, true, false },	/* naturally aligned */
		{ "gfx1010", "ds_read_b128", 8, true, true },	/* B128 needs 16 */
		{ "gfx1010", "ds_read_b96", 16, true, false },
		{ "gfx1010", "ds_read_b32", 2, true, false },	/* one dword */
		{ "gfx1010", "ds_write_b64", 12, true, true },
		{ "gfx1012", "ds_read_b64", 4, true, true },
		{ "gfx1030", "ds_read_b64", 4, true, false },	/* no FeatureLdsMisalignedBug */
	};
	struct vsharp_ds_lane_out out;
	struct vsharp_error err = { "" };

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct vsharp_target *tg = vsharp_target_find(cases[i].target);
		struct vsharp_ds_access a;

		if (!CHECK_MSG(t, tg, "%s: no such processor", cases[i].target))
			continue;
		a = ds(tg->level, cases[i].op, NULL);
		a.target = tg;
		a.wgp = cases[i].wgp;
		if (ds_run(t, &a, cases[i].addr, 0, &out))
			CHECK_MSG(t, out.unreliable == cases[i].unreliable, "%s %s at %u%s: unreliable %d",
				  cases[i].target, cases[i].op, cases[i].addr, cases[i].wgp ? " WGP" : "",
				  out.unreliable);
	}
	/* The data is still the unaffected chip's: as addressed in UNALIGNED mode. */
	{
		struct vsharp_ds_access a = ds(VSHARP_GFX10, "ds_read_b64", NULL);

		a.wgp = true;	/* target NULL: the level's probe processor, gfx1010 */
		if (ds_run(t, &a, 4, 0, &out)) {
			CHECK(t, out.unreliable);
			CHECK_EQ(t, out.vdst[0], pattern_dword(4));
		}
		a = ds(VSHARP_GFX9, "ds_read_b64", NULL);
		a.wgp = true;
		CHECK_EQ(t, vsharp_ds_check(&a, &err), -EINVAL);
		CHECK_STR(t, err.msg, "wgp: gfx9 has no WGP mode (allowed gfx10 and later)");
	}
}

/* The new rules are listed with their sources, and the atlas knows a compiler's record. */
static void test_rules_and_sources(struct ktap *t)
{
	const struct vsharp_rule_info *neg = vsharp_rule_info(VSHARP_RULE_GFX6_DS_NEGATIVE_BASE);
	const struct vsharp_rule_info *mis = vsharp_rule_info(VSHARP_RULE_GCN_DS_MISALIGNED);
	const struct vsharp_documented_rule *d;
	unsigned n, found = 0;

	CHECK_STR(t, neg->name, "gfx6_ds_negative_base");
	CHECK_EQ(t, neg->levels, VSHARP_GFX_BIT(VSHARP_GFX6));
	CHECK(t, strstr(neg->choice[0].source, "SI has a hardware bug in the LDS / GDS bounds checking") != NULL);
	CHECK_EQ(t, vsharp_source_kind(neg->choice[0].source), VSHARP_SOURCE_COMPILER);
	CHECK_STR(t, mis->name, "gcn_ds_misaligned");
	CHECK_EQ(t, mis->levels, VSHARP_GFX_RANGE(VSHARP_GFX6, VSHARP_GFX8));
	CHECK_EQ(t, mis->n_choices, 3);
	CHECK_EQ(t, vsharp_source_kind(mis->choice[VSHARP_GCN_DS_ALIGN_DOWN].source), VSHARP_SOURCE_COMPILER);
	CHECK_EQ(t, vsharp_source_kind(mis->choice[VSHARP_GCN_DS_AS_ADDRESSED].source), VSHARP_SOURCE_UNVERIFIED);
	CHECK_EQ(t, vsharp_source_kind("ISA-V §8.1.5"), VSHARP_SOURCE_DOCUMENT);
	d = vsharp_documented_rules(&n);
	for (unsigned i = 0; i < n; i++) {
		static const char *const want[][2] = {
			{ "gfx6_buffer_alignment", "https://github.com/CLRX/CLRX-mirror/wiki/GcnMemHandling" },
			{ "d16_sramecc", "!isSRAMECCEnabled()" },
			{ "lds_misaligned_wgp", "LDSMisalignedBug && !EnableCuMode" },
			{ "gcn_ds_no_unaligned", "FeatureUnalignedDSAccess" },
		};

		for (unsigned w = 0; w < ARRAY_SIZE(want); w++) {
			if (strcmp(d[i].name, want[w][0]))
				continue;
			found |= 1u << w;
			CHECK_MSG(t, strstr(d[i].source, want[w][1]) != NULL, "%s: source lacks %s", want[w][0],
				  want[w][1]);
		}
	}
	CHECK_EQ(t, found, 15);
}

KTAP_MAIN(KTAP_CASE(test_gfx6_negative_base), KTAP_CASE(test_gcn_ds_misaligned),
	  KTAP_CASE(test_gfx6_buffer_alignment), KTAP_CASE(test_sramecc_d16),
	  KTAP_CASE(test_lds_misaligned_wgp), KTAP_CASE(test_rules_and_sources))
