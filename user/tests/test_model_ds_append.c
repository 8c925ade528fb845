// SPDX-License-Identifier: MIT
/*
 * ds_append and ds_consume: "Inside DS, do one atomic add for first valid
 * lane and broadcast result to all valid lanes", the counter at "addr =
 * M0.base + offset" up to GFX11 and "addr = offset" on GFX12 (ISA-V, R1-R4
 * DS_APPEND, DS_CONSUME pseudo-code).
 */
#include "model_util.h"

static struct vsharp_ds_lane_in in[64];
static struct vsharp_ds_lane_out out[64];

static uint32_t counter(uint32_t addr)
{
	uint32_t v;

	memcpy(&v, test_lds_bytes + addr, 4);
	return v;
}

/* Runs NAME over LANES lanes with the counter at AT set to 100. */
static bool run(struct ktap *t, enum vsharp_gfx level, const char *name, uint32_t m0,
		uint16_t offset, unsigned lanes, uint64_t exec, const char *rule, uint32_t at)
{
	struct vsharp_lds lds = { test_lds_bytes, 0x1000 };
	struct vsharp_ds_access a;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, name, NULL);
	a.m0 = m0;
	a.offset0 = (uint8_t)offset;
	a.offset1 = (uint8_t)(offset >> 8);
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(level, &a.rules);
	if (rule && !CHECK(t, vsharp_rules_set(&a.rules, rule, NULL) == 0))
		return false;
	if (!CHECK_MSG(t, a.op && vsharp_ds_check(&a, NULL) == 0, "%s %s", vsharp_gfx_name(level), name))
		return false;
	memset(test_lds_bytes, 0, 0x1000);
	memcpy(test_lds_bytes + at, &(uint32_t){ 100 }, 4);
	memset(in, 0, sizeof(in));
	for (unsigned i = 0; i < lanes; i++)
		in[i].lane = i;
	vsharp_ds_wave(&a, in, lanes, exec, &lds, out);
	return true;
}

static void test_count_and_broadcast(struct ktap *t)
{
	/* Four active lanes: the counter gains 4, each active lane gets 100. */
	if (run(t, VSHARP_GFX11, "ds_append", 0x0040ffff, 8, 32, 0xf0, NULL, 0x48)) {
		CHECK_EQ(t, counter(0x48), 104);
		for (unsigned i = 0; i < 32; i++) {
			CHECK_EQ(t, out[i].n_vdst, i >= 4 && i < 8);
			if (out[i].n_vdst)
				CHECK_EQ(t, out[i].vdst[0], 100);
		}
	}
	if (run(t, VSHARP_GFX10_3, "ds_consume", 0x0040ffff, 8, 32, 0xffffffff, NULL, 0x48)) {
		CHECK_EQ(t, counter(0x48), 68);
		CHECK_EQ(t, out[31].vdst[0], 100);
	}
	/* Wave64: countbits of all 64 lanes. */
	if (run(t, VSHARP_GFX9, "ds_append", 0x0040ffff, 0, 64, ~0ull, NULL, 0x40)) {
		CHECK_EQ(t, counter(0x40), 164);
		CHECK_EQ(t, out[63].vdst[0], 100);
	}
	/* EXEC 0: nothing. */
	if (run(t, VSHARP_GFX9, "ds_append", 0x0040ffff, 0, 64, 0, NULL, 0x40)) {
		CHECK_EQ(t, counter(0x40), 100);
		CHECK_EQ(t, out[0].n_vdst, 0);
	}
}

static void test_m0(struct ktap *t)
{
	/* base_size: the counter must fit M0[15:0] = 0x44 bytes. */
	if (run(t, VSHARP_GFX9, "ds_append", 0x00400044, 0, 64, 1, NULL, 0x40))
		CHECK_EQ(t, counter(0x40), 101);
	if (run(t, VSHARP_GFX9, "ds_append", 0x00400044, 4, 64, 1, NULL, 0x44)) {
		CHECK_EQ(t, counter(0x44), 100);
		CHECK_EQ(t, out[0].vdst[0], 0);
	}
	/* address: M0 is the byte address (LLVM's "s_mov_b32 m0, ptr"). */
	if (run(t, VSHARP_GFX10, "ds_consume", 0x40, 8, 32, 3, "append_m0=address", 0x48))
		CHECK_EQ(t, counter(0x48), 98);
	/* GFX12: "addr = offset", M0 takes no part. */
	if (run(t, VSHARP_GFX12, "ds_append", 0x12345678, 0x48, 32, 1, NULL, 0x48))
		CHECK_EQ(t, counter(0x48), 101);
	/* "Only aligned atomics are supported": offset 0x4a is MEMVIOL, nothing changes. */
	if (run(t, VSHARP_GFX12, "ds_append", 0, 0x4a, 32, 1, NULL, 0x48)) {
		CHECK(t, out[0].memviol);
		CHECK_EQ(t, counter(0x48), 100);
	}
}

KTAP_MAIN(KTAP_CASE(test_count_and_broadcast), KTAP_CASE(test_m0))
