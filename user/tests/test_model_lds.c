// SPDX-License-Identifier: MIT
/*
 * DS (LDS) addressing, range, alignment, data and banks per processor
 * (ISA-V §10.3.3, §12; R3 §3.3.4.1, §12.5, Tables 59-60; R4 §3.3.5.1;
 * LLVM AMDGPU.td FeatureLDSBankCount*; ISA-C4 §2.2.1).
 */
#include "model_util.h"

static struct vsharp_ds_access ds(enum vsharp_gfx l, const char *name)
{
	struct vsharp_ds_access a;

	memset(&a, 0, sizeof(a));
	a.level = l;
	a.op = vsharp_op_find(l, name, NULL);
	a.m0 = 0xffffffff;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(l, &a.rules);
	return a;
}

static struct vsharp_ds_lane_in lane(uint32_t vaddr)
{
	struct vsharp_ds_lane_in in;

	memset(&in, 0, sizeof(in));
	in.vaddr = vaddr;
	return in;
}

static bool run(struct ktap *t, const struct vsharp_ds_access *a,
		const struct vsharp_ds_lane_in *in, struct vsharp_ds_lane_out *out)
{
	struct vsharp_lds lds = { test_lds_bytes, 0x1000 };

	if (!CHECK_MSG(t, a->op && vsharp_ds_check(a, NULL) == 0, "%s: bad DS access",
		       vsharp_gfx_name(a->level)))
		return false;
	vsharp_ds_lane(a, in, &lds, out);
	return true;
}

static void test_addresses(struct ktap *t)
{
	struct vsharp_ds_lane_in in = lane(0x100);
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	/* Single: vaddr + {offset1, offset0}. */
	a = ds(VSHARP_GFX9, "ds_read_b32");
	a.offset1 = 1;
	a.offset0 = 0x20;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x220);
	/* Dual: offsetN * 4 for b32, * 8 for b64. */
	a = ds(VSHARP_GFX10, "ds_read2_b32");
	a.offset0 = 1;
	a.offset1 = 3;
	if (run(t, &a, &in, &out)) {
		CHECK_EQ(t, out.n_addr, 2);
		CHECK_EQ(t, out.addr[0], 0x104);
		CHECK_EQ(t, out.addr[1], 0x10c);
		CHECK_EQ(t, out.n_vdst, 2);
	}
	a = ds(VSHARP_GFX11, "ds_load_2addr_b64");
	a.offset0 = 1;
	a.offset1 = 3;
	if (run(t, &a, &in, &out)) {
		CHECK_EQ(t, out.addr[0], 0x108);
		CHECK_EQ(t, out.addr[1], 0x118);
		CHECK_EQ(t, out.n_vdst, 4);
	}
	/* ST64: a further x64, 256-byte units for b32, 512 for b64. */
	a = ds(VSHARP_GFX9, "ds_write2st64_b32");
	a.offset0 = 0;
	a.offset1 = 2;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[1], 0x100 + 512);
	a = ds(VSHARP_GFX12, "ds_load_2addr_stride64_b64");
	a.offset1 = 1;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[1], 0x100 + 512);
	/* Equal offsets: one access (ISA-V §10.3.3). */
	a = ds(VSHARP_GFX9, "ds_read2_b32");
	a.offset0 = a.offset1 = 4;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.n_addr, 1);
	/* ADDTID: offset + lane * 4 + M0 (R3 Table 60). */
	a = ds(VSHARP_GFX11, "ds_load_addtid_b32");
	a.offset0 = 0x10;
	a.m0 = 0x40;
	in.lane = 5;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x10 + 20 + 0x40);
}

static void test_range_and_m0(struct ktap *t)
{
	struct vsharp_ds_lane_in in = lane(0xffc);
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a = ds(VSHARP_GFX9, "ds_read_b32");

	/* The allocation is 0x1000 bytes: 0xffc in, 0xffd out (whole access). */
	memset(test_lds_bytes, 0x11, 0x1000);
	if (run(t, &a, &in, &out)) {
		CHECK(t, out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], 0x11111111);
	}
	in.vaddr = 0xffd;
	if (run(t, &a, &in, &out)) {
		CHECK(t, !out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], 0);
	}
	/* A write out of range is dropped. */
	a = ds(VSHARP_GFX11, "ds_store_b32");
	in.data0[0] = 0x22222222;
	in.vaddr = 0x1000;
	if (run(t, &a, &in, &out))
		CHECK(t, !out.in_range[0]);
	/* M0 clamp: the guides' MIN(M0, LDS_SIZE) on GFX9 (the rule's clamp choice), absent from GFX11. */
	a = ds(VSHARP_GFX9, "ds_read_b32");
	vsharp_rules_set(&a.rules, "lds_m0_clamp=clamp", NULL);
	a.m0 = 0x100;
	in.vaddr = 0x100;
	if (run(t, &a, &in, &out))
		CHECK(t, !out.in_range[0]);
	in.vaddr = 0xfc;
	if (run(t, &a, &in, &out))
		CHECK(t, out.in_range[0]);
	in.vaddr = 0x100;
	vsharp_rules_set(&a.rules, "lds_m0_clamp=ignored", NULL);
	if (run(t, &a, &in, &out))
		CHECK(t, out.in_range[0]);
	a = ds(VSHARP_GFX11, "ds_load_b32");
	a.m0 = 0x100;
	if (run(t, &a, &in, &out))
		CHECK(t, out.in_range[0]);
}

static void test_alignment(struct ktap *t)
{
	struct vsharp_ds_lane_in in = lane(0x10c);
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	/* DWORD mode masks with the native size: b64 &~7, b128 &~15 (R3 §3.3.4.1). */
	a = ds(VSHARP_GFX11, "ds_load_b64");
	a.align = VSHARP_ALIGN_DWORD;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x108);
	a = ds(VSHARP_GFX11, "ds_load_b128");
	a.align = VSHARP_ALIGN_DWORD;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x100);
	in.vaddr = 0x103;
	a = ds(VSHARP_GFX9, "ds_read_b32");
	a.align = VSHARP_ALIGN_DWORD;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x100);
	a.align = VSHARP_ALIGN_DWORD_STRICT;
	if (run(t, &a, &in, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, out.vdst[0], 0);
	}
	a.align = VSHARP_ALIGN_UNALIGNED;
	if (run(t, &a, &in, &out)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, out.addr[0], 0x103);
	}
	/* STRICT b64 needs 8. */
	in.vaddr = 0x104;
	a = ds(VSHARP_GFX10, "ds_read_b64");
	a.align = VSHARP_ALIGN_STRICT;
	if (run(t, &a, &in, &out))
		CHECK(t, out.memviol);
	a.align = VSHARP_ALIGN_DWORD_STRICT;
	if (run(t, &a, &in, &out))
		CHECK(t, !out.memviol);
}

/*
 * DWORD mode's two disputed readings.  A misaligned atomic: the masking of
 * R3 §3.3.4.1 (ds_atomic_dword=align_down), or R3 §12.7's MEMVIOL, which
 * changes nothing.  A 16-bit access at an odd address: the prose's native
 * 2 bytes (ds_b16_dword=native), or the pseudo-code, whose masks are for
 * B32 and wider only (as_addressed).
 */
static void test_dword_mode_rules(struct ktap *t)
{
	struct vsharp_ds_lane_in in = lane(0x103);
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	a = ds(VSHARP_GFX11, "ds_add_u32");
	a.align = VSHARP_ALIGN_DWORD;
	if (run(t, &a, &in, &out)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, out.addr[0], 0x100);
	}
	a.rules.choice[VSHARP_RULE_DS_ATOMIC_DWORD] = VSHARP_DS_ATOMIC_DWORD_MEMVIOL;
	memset(test_lds_bytes, 0x5a, 0x110);
	in.data0[0] = 1;
	if (run(t, &a, &in, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, test_lds_bytes[0x100], 0x5a);
		CHECK_EQ(t, test_lds_bytes[0x103], 0x5a);
	}
	/* Aligned, both readings agree. */
	in.vaddr = 0x104;
	if (run(t, &a, &in, &out))
		CHECK(t, !out.memviol);

	in.vaddr = 0x103;
	a = ds(VSHARP_GFX12, "ds_load_u16");
	a.align = VSHARP_ALIGN_DWORD;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x102);
	a.rules.choice[VSHARP_RULE_DS_B16_DWORD] = VSHARP_DS_B16_DWORD_AS_ADDRESSED;
	if (run(t, &a, &in, &out)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, out.addr[0], 0x103);
	}
	/* The rule is the 16-bit one: B32 is masked whatever it says. */
	a = ds(VSHARP_GFX12, "ds_load_b32");
	a.align = VSHARP_ALIGN_DWORD;
	a.rules.choice[VSHARP_RULE_DS_B16_DWORD] = VSHARP_DS_B16_DWORD_AS_ADDRESSED;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.addr[0], 0x100);
}

static void test_data(struct ktap *t)
{
	struct vsharp_ds_lane_in in = lane(0x200);
	struct vsharp_ds_lane_out out;
	struct vsharp_ds_access a;

	memcpy(test_lds_bytes + 0x200, &(uint32_t){ 10 }, 4);
	a = ds(VSHARP_GFX9, "ds_add_rtn_u32");
	in.data0[0] = 5;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 10);
	CHECK_EQ(t, test_lds_bytes[0x200], 15);
	/* GCN ds_cmpst: DATA0 compare, DATA1 new value. */
	a = ds(VSHARP_GFX9, "ds_cmpst_rtn_b32");
	in.data0[0] = 15;
	in.data1[0] = 99;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 15);
	CHECK_EQ(t, test_lds_bytes[0x200], 99);
	/* RDNA3 ds_cmpstore: DATA0 new value, DATA1 compare. */
	a = ds(VSHARP_GFX11, "ds_cmpstore_rtn_b32");
	in.data0[0] = 7;
	in.data1[0] = 99;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 99);
	CHECK_EQ(t, test_lds_bytes[0x200], 7);
	/* MSKOR: (old & ~DATA0) | DATA1. */
	a = ds(VSHARP_GFX10, "ds_mskor_rtn_b32");
	in.data0[0] = 0x6;
	in.data1[0] = 0x8;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 7);
	CHECK_EQ(t, test_lds_bytes[0x200], 0x9);
	/* write2 then read2, and the sign of i16 and d16_hi. */
	a = ds(VSHARP_GFX10_3, "ds_write2_b32");
	a.offset0 = 0;
	a.offset1 = 1;
	in.data0[0] = 0x8000aaaa;
	in.data1[0] = 0xbbbb;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, test_lds_bytes[0x204], 0xbb);
	a = ds(VSHARP_GFX10_3, "ds_read2_b32");
	a.offset0 = 1;
	a.offset1 = 0;
	if (run(t, &a, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], 0xbbbb);
		CHECK_EQ(t, out.vdst[1], 0x8000aaaa);
	}
	a = ds(VSHARP_GFX10_3, "ds_read_i16");
	in.vaddr = 0x202;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xffff8000);
	a = ds(VSHARP_GFX10_3, "ds_read_u16_d16_hi");
	in.vdst[0] = 0x1234;
	if (run(t, &a, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x80001234);
}

/*
 * Bank counts per processor, from LLVM llvm/lib/Target/AMDGPU/AMDGPU.td and
 * GCNProcessors.td: FeatureLDSBankCount16 in FeatureISAVersion7_0_2, 7_0_3,
 * 7_0_5 and 8_1_0 (gfx702, gfx703, gfx705, gfx810), FeatureLDSBankCount32
 * in every other FeatureISAVersion of these processors; gfx950 from the
 * ISA-C4 §2.2.1, "configured with 64 banks, each with 640 entries of
 * 4 bytes", where LLVM says 32 (hw/gfx.c says why).
 */
static void test_bank_counts(struct ktap *t)
{
	static const struct {
		const char *name;
		unsigned banks;
	} cases[] = {
		{ "gfx600", 32 }, { "gfx601", 32 }, { "gfx602", 32 },
		{ "gfx700", 32 }, { "gfx701", 32 }, { "gfx702", 16 }, { "gfx703", 16 },
		{ "gfx704", 32 }, { "gfx705", 16 },
		{ "gfx801", 32 }, { "gfx802", 32 }, { "gfx803", 32 }, { "gfx805", 32 },
		{ "gfx810", 16 },
		{ "gfx900", 32 }, { "gfx902", 32 }, { "gfx904", 32 }, { "gfx906", 32 },
		{ "gfx906:sramecc+", 32 },
		{ "gfx908", 32 }, { "gfx909", 32 }, { "gfx90a", 32 }, { "gfx90c", 32 },
		{ "gfx940", 32 }, { "gfx941", 32 }, { "gfx942", 32 }, { "gfx950", 64 },
		{ "gfx9-generic", 32 },
		{ "gfx1010", 32 }, { "gfx1011", 32 }, { "gfx1012", 32 }, { "gfx1013", 32 },
		{ "gfx10-1-generic", 32 },
		{ "gfx1030", 32 }, { "gfx1031", 32 }, { "gfx1032", 32 }, { "gfx1033", 32 },
		{ "gfx1034", 32 }, { "gfx1035", 32 }, { "gfx1036", 32 },
		{ "gfx10-3-generic", 32 },
		{ "gfx1100", 32 }, { "gfx1101", 32 }, { "gfx1102", 32 }, { "gfx1103", 32 },
		{ "gfx1150", 32 }, { "gfx1151", 32 }, { "gfx1152", 32 }, { "gfx1153", 32 },
		{ "gfx11-generic", 32 },
		{ "gfx1200", 32 }, { "gfx1201", 32 }, { "gfx12-generic", 32 },
		/* A level name is its probe processor. */
		{ "gfx7", 32 }, { "gfx8", 32 }, { "gfx10.1", 32 },
	};
	const size_t n_cases = sizeof(cases) / sizeof(cases[0]);

	for (size_t i = 0; i < n_cases; i++) {
		const struct vsharp_target *tg = vsharp_target_find(cases[i].name);

		if (CHECK_MSG(t, tg != NULL, "%s", cases[i].name))
			CHECK_MSG(t, tg->lds_banks == cases[i].banks, "%s: %u banks, expected %u",
				  cases[i].name, tg->lds_banks, cases[i].banks);
	}
	/* Every processor of the table has its count checked above. */
	for (size_t k = 0; k < vsharp_target_count; k++) {
		bool listed = false;

		for (size_t i = 0; i < n_cases; i++)
			listed |= !strcmp(cases[i].name, vsharp_targets[k].name);
		CHECK_MSG(t, listed, "%s: no expected bank count", vsharp_targets[k].name);
	}
}

static void test_banks(struct ktap *t)
{
	const struct vsharp_target *gcn = vsharp_target_find("gfx803"),
				   *stoney = vsharp_target_find("gfx810"),
				   *rdna = vsharp_target_find("gfx1100"),
				   *cdna4 = vsharp_target_find("gfx950");
	uint32_t addr[64];
	uint8_t bank[64];

	if (!CHECK(t, gcn && stoney && rdna && cdna4))
		return;
	CHECK_EQ(t, vsharp_lds_bank(stoney, 0x44), 1);	/* dword 17 of 16 banks */
	CHECK_EQ(t, vsharp_lds_bank(gcn, 0x44), 17);
	/* Consecutive dwords: 32 over 16 banks is two per bank, else no conflict. */
	for (unsigned i = 0; i < 32; i++)
		addr[i] = 4 * i;
	CHECK_EQ(t, vsharp_lds_conflicts(gcn, addr, 32, bank), 1);
	CHECK_EQ(t, bank[31], 31);
	CHECK_EQ(t, vsharp_lds_conflicts(stoney, addr, 32, bank), 2);
	CHECK_EQ(t, bank[31], 15);
	CHECK_EQ(t, vsharp_lds_conflicts(rdna, addr, 32, NULL), 1);
	/* Stride of two dwords: the even banks, 16 of 32 (2-way), 8 of 16 (4-way), 32 of 64. */
	for (unsigned i = 0; i < 32; i++)
		addr[i] = 8 * i;
	CHECK_EQ(t, vsharp_lds_conflicts(gcn, addr, 32, NULL), 2);
	CHECK_EQ(t, vsharp_lds_conflicts(stoney, addr, 32, NULL), 4);
	CHECK_EQ(t, vsharp_lds_conflicts(rdna, addr, 32, NULL), 2);
	CHECK_EQ(t, vsharp_lds_conflicts(cdna4, addr, 32, NULL), 1);
	/* Stride of 16 dwords: banks 0 and 16 of 32 (16-way), bank 0 of 16 (32-way), 4 of 64. */
	for (unsigned i = 0; i < 32; i++)
		addr[i] = 64 * i;
	CHECK_EQ(t, vsharp_lds_conflicts(gcn, addr, 32, NULL), 16);
	CHECK_EQ(t, vsharp_lds_conflicts(stoney, addr, 32, NULL), 32);
	CHECK_EQ(t, vsharp_lds_conflicts(cdna4, addr, 32, NULL), 8);
	/* Stride of 32 dwords: one bank of 32 (32-way), banks 0 and 32 of 64 (16-way). */
	for (unsigned i = 0; i < 32; i++)
		addr[i] = 128 * i;
	CHECK_EQ(t, vsharp_lds_conflicts(gcn, addr, 32, bank), 32);
	CHECK_EQ(t, bank[5], 0);
	CHECK_EQ(t, vsharp_lds_conflicts(rdna, addr, 32, NULL), 32);
	CHECK_EQ(t, vsharp_lds_conflicts(cdna4, addr, 32, bank), 16);
	CHECK_EQ(t, bank[5], 32);
	/* Every lane on one dword: a broadcast, no conflict. */
	for (unsigned i = 0; i < 64; i++)
		addr[i] = 0x40;
	CHECK_EQ(t, vsharp_lds_conflicts(stoney, addr, 64, NULL), 1);
}

static void put32(uint32_t addr, uint32_t v)
{
	memcpy(test_lds_bytes + addr, &v, 4);
}

static uint32_t get32(uint32_t addr)
{
	uint32_t v;

	memcpy(&v, test_lds_bytes + addr, 4);
	return v;
}

/* One *_src2_* op at A = 0x100 with MEM[A] = A_VAL and the dword at B = B_VAL. */
static uint32_t src2(struct ktap *t, enum vsharp_gfx l, const char *name, uint16_t offset,
		     uint32_t vaddr, uint32_t b, uint32_t a_val, uint32_t b_val)
{
	struct vsharp_ds_access a = ds(l, name);
	struct vsharp_ds_lane_in in = lane(vaddr);
	struct vsharp_ds_lane_out out;

	memset(test_lds_bytes, 0, 0x1000);
	put32(0x100, a_val);
	put32(b, b_val);
	a.offset0 = (uint8_t)offset;
	a.offset1 = (uint8_t)(offset >> 8);
	if (!run(t, &a, &in, &out))
		return 0;
	CHECK_EQ(t, out.n_vdst, 0);
	CHECK_EQ(t, get32(b), b_val);
	return get32(0x100);
}

/*
 * ISA-V DS opcodes 128-211: "A = ADDR_BASE; B = A + 4*(offset1[7] ?
 * {A[31],A[31:17]} : {offset1[6],offset1[6:0],offset0}); MEM[A] = ...".
 */
static void test_src2(struct ktap *t)
{
	struct vsharp_ds_access a;
	struct vsharp_ds_lane_in in;
	struct vsharp_ds_lane_out out;

	/* A signed dword offset: +4 dwords, and 0x7ffc = -4 dwords. */
	CHECK_EQ(t, src2(t, VSHARP_GFX9, "ds_add_src2_u32", 4, 0x100, 0x110, 5, 7), 12);
	CHECK_EQ(t, src2(t, VSHARP_GFX6, "ds_add_src2_u32", 0x7ffc, 0x100, 0xf0, 5, 7), 12);
	/* "MEM[A] = MEM[A] - MEM[B]", "MEM[A] = MEM[B] - MEM[A]". */
	CHECK_EQ(t, src2(t, VSHARP_GFX10, "ds_sub_src2_u32", 4, 0x100, 0x110, 5, 7), 0xfffffffe);
	CHECK_EQ(t, src2(t, VSHARP_GFX10, "ds_rsub_src2_u32", 4, 0x100, 0x110, 5, 7), 2);
	/* "MEM[A] = (MEM[A] >= MEM[B] ? 0 : MEM[A] + 1)" */
	CHECK_EQ(t, src2(t, VSHARP_GFX8, "ds_inc_src2_u32", 4, 0x100, 0x110, 7, 7), 0);
	CHECK_EQ(t, src2(t, VSHARP_GFX8, "ds_inc_src2_u32", 4, 0x100, 0x110, 6, 7), 7);
	/* "MEM[A] = (MEM[A] == 0 || MEM[A] > MEM[B] ? MEM[B] : MEM[A] - 1)" */
	CHECK_EQ(t, src2(t, VSHARP_GFX7, "ds_dec_src2_u32", 4, 0x100, 0x110, 0, 7), 7);
	CHECK_EQ(t, src2(t, VSHARP_GFX7, "ds_dec_src2_u32", 4, 0x100, 0x110, 5, 7), 4);
	CHECK_EQ(t, src2(t, VSHARP_GFX9, "ds_min_src2_i32", 4, 0x100, 0x110, 5, 0xfffffff9), 0xfffffff9);
	CHECK_EQ(t, src2(t, VSHARP_GFX9, "ds_max_src2_u32", 4, 0x100, 0x110, 5, 0xfffffff9), 0xfffffff9);
	/* "MEM[A] = MEM[B]. Write dword." */
	CHECK_EQ(t, src2(t, VSHARP_GFX9, "ds_write_src2_b32", 4, 0x100, 0x110, 5, 7), 7);
	/* 1.5f + 2.0f (ds_add_src2_f32, GFX8+). */
	CHECK_EQ(t, src2(t, VSHARP_GFX8, "ds_add_src2_f32", 4, 0x100, 0x110, 0x3fc00000, 0x40000000),
		 0x40600000);
	/* offset1[7]: VADDR[31:17] is the dword offset, VADDR[16:0] the destination. */
	CHECK_EQ(t, src2(t, VSHARP_GFX9, "ds_add_src2_u32", 0x8000, 0x100 | 3u << 17, 0x10c, 5, 7), 12);
	CHECK_EQ(t, src2(t, VSHARP_GFX10, "ds_add_src2_u32", 0x8000, 0x100 | 0x7fffu << 17, 0xfc, 5, 7), 12);

	/* The Vega reading: A is the whole VGPR, out of range here. */
	a = ds(VSHARP_GFX9, "ds_add_src2_u32");
	a.offset1 = 0x80;
	CHECK(t, vsharp_rules_set(&a.rules, "src2_thread_dest=whole", NULL) == 0);
	in = lane(0x100 | 3u << 17);
	put32(0x100, 5);
	put32(0x10c, 7);
	if (run(t, &a, &in, &out)) {
		CHECK_EQ(t, out.addr[1], 0x100 | 3u << 17);
		CHECK_EQ(t, get32(0x100), 5);
	}

	/* 64 bits: the same dword offset, 8-byte operands. */
	a = ds(VSHARP_GFX9, "ds_add_src2_u64");
	a.offset0 = 2;
	in = lane(0x100);
	memset(test_lds_bytes, 0, 0x1000);
	put32(0x100, 0xffffffff);
	put32(0x108, 1);
	if (run(t, &a, &in, &out)) {
		CHECK_EQ(t, get32(0x100), 0);
		CHECK_EQ(t, get32(0x104), 1);
	}

	/* Under the clamp choice M0 = 0x104 clamps B (0x110) out: it reads 0 (inferred) and A keeps its value. */
	a = ds(VSHARP_GFX9, "ds_add_src2_u32");
	vsharp_rules_set(&a.rules, "lds_m0_clamp=clamp", NULL);
	a.offset0 = 4;
	a.m0 = 0x104;
	memset(test_lds_bytes, 0, 0x1000);
	put32(0x100, 5);
	put32(0x110, 7);
	if (run(t, &a, &in, &out)) {
		CHECK(t, !out.in_range[0] && out.in_range[1]);
		CHECK_EQ(t, get32(0x100), 5);
	}
	/* No src2 op on GFX10.3 and later (MC 19 refuses them for gfx1030). */
	CHECK(t, !vsharp_op_find(VSHARP_GFX10_3, "ds_add_src2_u32", NULL));
}

KTAP_MAIN(KTAP_CASE(test_addresses), KTAP_CASE(test_range_and_m0), KTAP_CASE(test_alignment),
	  KTAP_CASE(test_dword_mode_rules), KTAP_CASE(test_data), KTAP_CASE(test_bank_counts), KTAP_CASE(test_banks), KTAP_CASE(test_src2))
