// SPDX-License-Identifier: MIT
/*
 * The BVH stack ops against the pseudo-code of R3 DS_BVH_STACK_RTN_B32 and
 * R4 DS_BVH_STACK_PUSH4_POP1_RTN_B32 / PUSH8_POP1_RTN_B32 /
 * PUSH8_POP2_RTN_B64, worked by hand: push DATA1's first dwords while
 * DATA_VALID, stop at one equal to last_node_ptr, return the last dword if
 * valid or pop.  Each rule's choices (model/rules.c) are tried on a case they
 * part: the size in OFFSET1 (Mesa) or ADDR[17:16] (R3 ADDR row), R4's
 * address fields (GPURT unpack_stack_addr) or the copied R3 row, Mesa's
 * 128-byte stride or dword entries, GPURT's pop of the last push or the
 * literal read at stack_index, a ring or a counting index, and INVALID_NODE
 * as 0xffffffff (Mesa) or bits [31:3] (GPURT).
 */
#include "model_util.h"

#define INV 0xffffffffu

static struct vsharp_ds_lane_out out;

static uint32_t word(uint32_t at)
{
	uint32_t v;

	memcpy(&v, test_lds_bytes + at, 4);
	return v;
}

static void set_word(uint32_t at, uint32_t v)
{
	memcpy(test_lds_bytes + at, &v, 4);
}

/* Runs NAME on one lane over 4 KiB of LDS the caller set up; RULES: "a=b" strings, NULL-ended. */
static bool run(struct ktap *t, enum vsharp_gfx level, const char *name, uint8_t offset0,
		uint8_t offset1, const char *const *rules, uint32_t addr, uint32_t last,
		const uint32_t *data1, unsigned n)
{
	struct vsharp_lds lds = { test_lds_bytes, 0x1000 };
	struct vsharp_ds_lane_in in;
	struct vsharp_ds_access a;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, name, NULL);
	a.offset0 = offset0;
	a.offset1 = offset1;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(level, &a.rules);
	for (; rules && *rules; rules++)
		if (!CHECK_MSG(t, vsharp_rules_set(&a.rules, *rules, NULL) == 0, "%s", *rules))
			return false;
	if (!CHECK_MSG(t, a.op && vsharp_ds_check(&a, NULL) == 0, "%s %s", vsharp_gfx_name(level), name))
		return false;
	memset(&in, 0, sizeof(in));
	in.vaddr = addr;
	in.data0[0] = last;
	memcpy(in.data1, data1, 4 * n);
	vsharp_ds_lane(&a, &in, &lds, &out);
	return CHECK(t, out.addr_written);
}

static void test_catalogue(struct ktap *t)
{
	struct vsharp_ds_operands o;
	const struct vsharp_op *op;

	/* R3 has the op, R4 renames it; LLVM 19 knows the first only. */
	op = vsharp_op_find(VSHARP_GFX11, "ds_bvh_stack_rtn_b32", NULL);
	CHECK(t, op && vsharp_op_llvm19(op, VSHARP_GFX11));
	CHECK(t, !vsharp_op_find(VSHARP_GFX12, "ds_bvh_stack_rtn_b32", NULL));
	CHECK(t, !vsharp_op_find(VSHARP_GFX10_3, "ds_bvh_stack_rtn_b32", NULL));
	op = vsharp_op_find(VSHARP_GFX12, "ds_bvh_stack_push8_pop2_rtn_b64", NULL);
	CHECK(t, op && !vsharp_op_llvm19(op, VSHARP_GFX12));
	if (op) {
		vsharp_ds_operands(op, &o);
		/* vdst v[2], ADDR, DATA0 (last node), DATA1 v[8]. */
		CHECK_EQ(t, o.vdst, 2);
		CHECK_EQ(t, o.addr, 1);
		CHECK_EQ(t, o.data0, 1);
		CHECK_EQ(t, o.data1, 8);
	}
}

/* R3 defaults: size 8 from OFFSET1[5:4] = 0, base dword 2, entries 128 bytes apart. */
static void test_push_and_return(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, 0x22, 0x33, 0x44 };

	memset(test_lds_bytes, 0, 0x1000);
	/* Three valid pushes at entries 3, 4, 5 (8 + 128 * i); DATA1[3] valid: returned. */
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 2u << 18 | 3, 0x100, d, 4)) {
		CHECK_EQ(t, word(8 + 3 * 128), 0x11);
		CHECK_EQ(t, word(8 + 4 * 128), 0x22);
		CHECK_EQ(t, word(8 + 5 * 128), 0x33);
		CHECK_EQ(t, out.vdst[0], 0x44);
		CHECK_EQ(t, out.n_vdst, 1);
		CHECK_EQ(t, out.new_addr, 2u << 18 | 6);
		CHECK(t, !out.memviol);
	}
}

static void test_last_node(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, 0x22, 0x33, 0x44 };
	static const uint32_t inv_first[4] = { INV, 0x55, 0x66, 0x77 };

	/* DATA1[1] == last_node_ptr: "Treat all further data as invalid": one push. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 0, 0x22, d, 4)) {
		CHECK_EQ(t, word(0), 0x11);
		CHECK_EQ(t, word(128), 0);
		CHECK_EQ(t, out.vdst[0], 0x44);
		CHECK_EQ(t, out.new_addr, 1);
	}
	/* last_node_ptr INVALID_NODE: DATA1[0] == INVALID_NODE == last ends the pushes at once. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 0, INV, inv_first, 4)) {
		CHECK_EQ(t, word(0), 0);
		CHECK_EQ(t, out.vdst[0], 0x77);
		CHECK_EQ(t, out.new_addr, 0);
	}
}

/* All DATA1 invalid: the stack pops, leaving INVALID_NODE in the entry read. */
static void test_pop(struct ktap *t)
{
	static const uint32_t d[4] = { INV, INV, INV, INV };
	static const char *const literal[] = { "bvh_stack_pop=literal", NULL };

	memset(test_lds_bytes, 0, 0x1000);
	set_word(5 * 128, 0x33);
	set_word(6 * 128, 0x99);
	/* top (GPURT pop()): back to entry 5, the last push. */
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 6, 0x100, d, 4)) {
		CHECK_EQ(t, out.vdst[0], 0x33);
		CHECK_EQ(t, word(5 * 128), INV);
		CHECK_EQ(t, word(6 * 128), 0x99);
		CHECK_EQ(t, out.new_addr, 5);
	}
	/* literal: MEM[stack_base + stack_index] (entry 6), then the index steps back. */
	set_word(5 * 128, 0x33);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, literal, 6, 0x100, d, 4)) {
		CHECK_EQ(t, out.vdst[0], 0x99);
		CHECK_EQ(t, word(6 * 128), INV);
		CHECK_EQ(t, word(5 * 128), 0x33);
		CHECK_EQ(t, out.new_addr, 5);
	}
}

static void test_wrap(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, 0x22, 0x33, 0x44 };
	static const uint32_t none[4] = { INV, INV, INV, INV };
	static const char *const counter[] = { "bvh_stack_wrap=counter", NULL };

	/* Index 7 of 8: pushes land in entries 7, 0, 1 either way. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 7, 0x100, d, 4)) {
		CHECK_EQ(t, word(7 * 128), 0x11);
		CHECK_EQ(t, word(0), 0x22);
		CHECK_EQ(t, word(128), 0x33);
		CHECK_EQ(t, out.new_addr, 2);		/* ring: the index stays in 0..7 */
	}
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, counter, 7, 0x100, d, 4)) {
		CHECK_EQ(t, word(128), 0x33);
		CHECK_EQ(t, out.new_addr, 10);		/* counter: it counts on */
	}
	/* A pop at index 0 reads entry 7; the index becomes 7 or all ones of [17:0]. */
	set_word(7 * 128, 0x77);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 0, 0x100, none, 4)) {
		CHECK_EQ(t, out.vdst[0], 0x77);
		CHECK_EQ(t, out.new_addr, 7);
	}
	set_word(7 * 128, 0x77);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, counter, 0, 0x100, none, 4)) {
		CHECK_EQ(t, out.vdst[0], 0x77);
		CHECK_EQ(t, out.new_addr, 0x3ffff);
	}
}

/* ADDR 0x00050007: base dword 1, size code 1 in [17:16], index 7; OFFSET1 code 0. */
static void test_size_field(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, 0x22, 0x33, 0x44 };
	static const char *const addr[] = { "bvh_stack_size=addr", NULL };

	/* offset1: 8 entries, index 0x10007 (entry 7): pushes wrap to entries 0, 1. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 0x00050007, 0x100, d, 4)) {
		CHECK_EQ(t, word(4 + 0 * 128), 0x22);
		CHECK_EQ(t, word(4 + 1 * 128), 0x33);
		CHECK_EQ(t, out.new_addr, 1u << 18 | 2);
	}
	/* addr: 16 entries, index 7: entries 7, 8, 9, ADDR[17:16] kept. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, addr, 0x00050007, 0x100, d, 4)) {
		CHECK_EQ(t, word(4 + 8 * 128), 0x22);
		CHECK_EQ(t, word(4 + 9 * 128), 0x33);
		CHECK_EQ(t, word(4), 0);
		CHECK_EQ(t, out.new_addr, 0x0005000a);
	}
	/* OFFSET1[5:4] = 1 (offset:4096): 16 entries under offset1. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0x10, NULL, 0x00040007, 0x100, d, 4)) {
		CHECK_EQ(t, word(4 + 9 * 128), 0x33);
		CHECK_EQ(t, out.new_addr, 0x0004000a);
	}
}

static void test_stride(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, 0x22, 0x33, 0x44 };
	static const char *const dword[] = { "bvh_stack_stride=dword", NULL };

	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, dword, 2u << 18 | 3, 0x100, d, 4)) {
		CHECK_EQ(t, word(8 + 12), 0x11);
		CHECK_EQ(t, word(8 + 16), 0x22);
		CHECK_EQ(t, word(8 + 20), 0x33);
		CHECK_EQ(t, word(8 + 3 * 128), 0);
	}
}

/*
 * R4 fields: stack_base_addr 3 (byte 12), ring_addr 2, valid_entries 5 and
 * has_overflowed set pass through; OFFSET0 = 8 entries.
 */
static void test_gfx12_fields(struct ktap *t)
{
	static const uint32_t d[4] = { 0xa, 0xb, INV, 0xd };
	static const uint32_t d8[8] = { 1, 2, INV, INV, INV, INV, INV, INV };
	static const uint32_t low[4] = { 0xfffffff9, 0x22, 0x33, 0x44 };
	static const char *const rdna3[] = { "bvh_stack_addr=rdna3", NULL };
	static const char *const all_ones[] = { "bvh_invalid_node=all_ones", NULL };
	uint32_t addr = 1u << 30 | 3u << 15 | 2u << 10 | 5;

	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, NULL, addr, 0x100, d, 4)) {
		CHECK_EQ(t, word(12 + 2 * 128), 0xa);
		CHECK_EQ(t, word(12 + 3 * 128), 0xb);
		CHECK_EQ(t, out.vdst[0], 0xd);
		CHECK_EQ(t, out.new_addr, 1u << 30 | 3u << 15 | 4u << 10 | 5);
	}
	/* PUSH8_POP2: two pushes, then the pop and the second pop take them back. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop2_rtn_b64", 8, 0, NULL, addr, 0x100, d8, 8)) {
		CHECK_EQ(t, out.n_vdst, 2);
		CHECK_EQ(t, out.vdst[0], 2);
		CHECK_EQ(t, out.vdst[1], 1);
		CHECK_EQ(t, word(12 + 2 * 128), INV);
		CHECK_EQ(t, word(12 + 3 * 128), INV);
		CHECK_EQ(t, out.new_addr, addr);
	}
	/* The entry under the first pop is INVALID_NODE: no second pop. */
	memset(test_lds_bytes, 0, 0x1000);
	set_word(12 + 1 * 128, INV);
	set_word(12 + 2 * 128, 0x66);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop2_rtn_b64", 8, 0, NULL, 1u << 30 | 3u << 15 | 3u << 10 | 5,
		0x100, (const uint32_t[8]){ INV, INV, INV, INV, INV, INV, INV, INV }, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x66);
		CHECK_EQ(t, out.vdst[1], INV);
		CHECK_EQ(t, out.new_addr, 1u << 30 | 3u << 15 | 2u << 10 | 5);
	}
	/* The R3 row: base 0 ([31:18] of addr), size 16 ([17:16] = 1), index [15:0] = 0x805. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, rdna3, 0x00010005, 0x100, d, 4)) {
		CHECK_EQ(t, word(5 * 128), 0xa);
		CHECK_EQ(t, word(6 * 128), 0xb);
		CHECK_EQ(t, out.new_addr, 0x00010007);
	}
	/* 0xfffffff9: INVALID_NODE by bits [31:3] (GFX12 default), a node for all_ones. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, NULL, 0, 0x100, low, 4)) {
		CHECK_EQ(t, word(0), 0x22);
		CHECK_EQ(t, word(128), 0x33);
		CHECK_EQ(t, out.new_addr, 2u << 10);
	}
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, all_ones, 0, 0x100, low, 4)) {
		CHECK_EQ(t, word(0), 0xfffffff9);
		CHECK_EQ(t, word(2 * 128), 0x33);
		CHECK_EQ(t, out.new_addr, 3u << 10);
	}
}

/*
 * bvh_push8 = gpurt, worked through GPURT rtip3_ds_stack_emulation.hlsl
 * (ds_stack_push8_impl, pop, try_pop) with 8 entries at base 0.
 */
static void test_gpurt_push8(struct ktap *t)
{
	static const char *const gpurt[] = { "bvh_push8=gpurt", NULL };
	static const uint32_t two[8] = { 0x100, 0x200, INV, INV, INV, INV, INV, INV };
	static const uint32_t none[8] = { INV, INV, INV, INV, INV, INV, INV, INV };
	static const uint32_t walk[8] = { 0x100, 0x200, 0x300, 0x400, INV, INV, INV, INV };
	static const uint32_t skip47[8] = { 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0xfffffffb };

	/* Pushed from DATA1[7] down: 0x200 to entry 0, 0x100 to 1; the pop takes 0x100 back. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 0, INV, two, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x100);
		CHECK_EQ(t, word(0), 0x200);
		CHECK_EQ(t, word(128), 0x100);		/* no INVALID_NODE written back */
		CHECK_EQ(t, out.new_addr, 1u << 10 | 1u << 5 | 1);	/* ring 1, entries_to_tlas 1, valid 1 */
	}
	/* The pseudo-code on the same input: 0x100, 0x200 pushed, the stop at DATA1[2], 0x200 popped. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, NULL, 0, INV, two, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x200);
		CHECK_EQ(t, word(0), 0x100);
		CHECK_EQ(t, word(128), INV);
		CHECK_EQ(t, out.new_addr, 1u << 10);
	}
	/* Empty: TERMINAL_NODE, nothing moves; once overflowed, INVALID_NODE. */
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 3u << 10, INV, none, 8)) {
		CHECK_EQ(t, out.vdst[0], 0xfffffffe);
		CHECK_EQ(t, out.new_addr, 3u << 10);
	}
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 1u << 30 | 3u << 10, INV, none, 8)) {
		CHECK_EQ(t, out.vdst[0], INV);
		CHECK_EQ(t, out.new_addr, 1u << 30 | 3u << 10);
	}
	/* Last node 0x300 (a real node): only what comes before it from DATA1[7] down, 0x400. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 0, 0x300, walk, 8)) {
		CHECK_EQ(t, word(0), 0x400);
		CHECK_EQ(t, word(128), 0);
		CHECK_EQ(t, out.vdst[0], 0x400);
		CHECK_EQ(t, out.new_addr, 0);
	}
	/* SKIP_4_7 in DATA1[7]: 6..4 dropped, 3..0 pushed (0x40 first), 0x10 popped. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 0, INV, skip47, 8)) {
		CHECK_EQ(t, word(0), 0x40);
		CHECK_EQ(t, word(3 * 128), 0x10);
		CHECK_EQ(t, out.vdst[0], 0x10);
		CHECK_EQ(t, out.new_addr, 3u << 10 | 3u << 5 | 3);
	}
	/* POP2: the deeper node first (0x200, then 0x100); the pseudo-code gives the same two here. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop2_rtn_b64", 8, 0, gpurt, 0, INV, two, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x200);
		CHECK_EQ(t, out.vdst[1], 0x100);
		CHECK_EQ(t, out.new_addr, 0);
		CHECK_EQ(t, word(0), 0x200);
	}
	/* An instance node (type 6) popped: has_tlas_in_stack set, entries_to_tlas 0. */
	memset(test_lds_bytes, 0, 0x1000);
	set_word(128, 0x1006);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop1_rtn_b32", 8, 0, gpurt, 2u << 10 | 2u << 5 | 2, INV,
		none, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x1006);
		CHECK_EQ(t, out.new_addr, 1u << 29 | 1u << 10 | 1);
	}
	/* POP2 with a second triangle (type 1) on top: paired with its first, no second pop. */
	memset(test_lds_bytes, 0, 0x1000);
	set_word(0, 0x2000);
	set_word(128, 0x3001);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push8_pop2_rtn_b64", 8, 0, gpurt, 2u << 10 | 2u << 5 | 2, INV,
		none, 8)) {
		CHECK_EQ(t, out.vdst[0], 0x3000);
		CHECK_EQ(t, out.vdst[1], 0x3001);
		CHECK_EQ(t, out.new_addr, 1u << 10 | 1u << 5 | 1);
	}
	/* push4 keeps the pseudo-code whatever the rule: GPURT emulates push8 only. */
	memset(test_lds_bytes, 0, 0x1000);
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, gpurt, 0, 0x100,
		(const uint32_t[4]){ 0x11, INV, INV, 0x44 }, 4)) {
		CHECK_EQ(t, word(0), 0x11);
		CHECK_EQ(t, out.vdst[0], 0x44);
		CHECK_EQ(t, out.new_addr, 1u << 10);
	}
}

/* Past the LDS: reads zero, writes nothing; MEMVIOL on GFX12 only (R4 §3.3.5.1). */
static void test_out_of_range(struct ktap *t)
{
	static const uint32_t d[4] = { 0x11, INV, INV, INV };
	memset(test_lds_bytes, 0, 0x2000);
	/* Base 0x2000 bytes is past the 4 KiB run() gives. */
	if (run(t, VSHARP_GFX11, "ds_bvh_stack_rtn_b32", 0, 0, NULL, 0x800u << 18, 0x100, d, 4)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, word(0x2000), 0);
	}
	if (run(t, VSHARP_GFX12, "ds_bvh_stack_push4_pop1_rtn_b32", 8, 0, NULL, 0x800u << 15, 0x100, d, 4)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, out.vdst[0], 0);
	}
}

int main(void)
{
	static const struct ktap_case cases[] = {
		KTAP_CASE(test_catalogue),
		KTAP_CASE(test_push_and_return),
		KTAP_CASE(test_last_node),
		KTAP_CASE(test_pop),
		KTAP_CASE(test_wrap),
		KTAP_CASE(test_size_field),
		KTAP_CASE(test_stride),
		KTAP_CASE(test_gfx12_fields),
		KTAP_CASE(test_gpurt_push8),
		KTAP_CASE(test_out_of_range),
	};

	return ktap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
