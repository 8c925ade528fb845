// SPDX-License-Identifier: MIT
/*
 * DS lane operations: ds_swizzle_b32 in every offset mode, ds_permute_b32
 * and ds_bpermute_b32, with the examples the ISA guides print (ISA-V
 * §12.13.1 and DS opcode table, R1-R4 DS_SWIZZLE_B32, DS_PERMUTE_B32,
 * DS_BPERMUTE_B32, R3/R4 §12.5.2).
 */
#include "model_util.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static struct vsharp_ds_lane_in in[64];
static struct vsharp_ds_lane_out out[64];

/* Runs OP on LEVEL over LANES lanes; ADDR[i] is lane i's ADDR, DATA[i] its DATA0. */
static bool run(struct ktap *t, enum vsharp_gfx level, const char *name, unsigned offset,
		unsigned lanes, uint64_t exec, const uint32_t *addr, const uint32_t *data)
{
	struct vsharp_ds_access a;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, name, NULL);
	a.offset0 = (uint8_t)offset;
	a.offset1 = (uint8_t)(offset >> 8);
	a.m0 = 0xffffffff;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(level, &a.rules);
	if (!CHECK_MSG(t, a.op && vsharp_ds_check(&a, NULL) == 0, "%s: %s", vsharp_gfx_name(level), name))
		return false;
	memset(in, 0, sizeof(in));
	for (unsigned i = 0; i < lanes; i++) {
		in[i].lane = i;
		in[i].vaddr = addr[i];
		in[i].data0[0] = data ? data[i] : 0;
	}
	vsharp_ds_wave(&a, in, lanes, exec, NULL, out);
	return true;
}

/* The documents' FFT and rotate examples take lane i's value as i + 1. */
static uint32_t ramp[64];

static void check_lanes(struct ktap *t, const char *what, unsigned offset, const uint32_t *want,
			unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		CHECK_MSG(t, out[i].n_vdst == 1 && out[i].vdst[0] == want[i],
			  "%s 0x%04x lane %u: 0x%x, expected 0x%x", what, offset, i, out[i].vdst[0], want[i]);
}

static void test_permute_examples(struct ktap *t)
{
	/* "VGPR[SRC0] = { A, B, C, D } VGPR[ADDR] = { 0, 0, 12, 4 }" */
	static const uint32_t addr[4] = { 0, 0, 12, 4 }, src[4] = { 0xa, 0xb, 0xc, 0xd };
	static const enum vsharp_gfx levels[] = { VSHARP_GFX9, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12 };
	uint32_t a[32] = { 0 }, d[32] = { 0 };

	memcpy(a, addr, sizeof(addr));
	memcpy(d, src, sizeof(src));
	for (size_t k = 0; k < N_OF(levels); k++) {
		/* EXEC = 0xF: forward { B, D, 0, C }, backward { A, A, D, B }. */
		if (run(t, levels[k], "ds_permute_b32", 0, 32, 0xf, a, d))
			check_lanes(t, "permute", 0, (const uint32_t[]){ 0xb, 0xd, 0, 0xc }, 4);
		if (run(t, levels[k], "ds_bpermute_b32", 0, 32, 0xf, a, d))
			check_lanes(t, "bpermute", 0, (const uint32_t[]){ 0xa, 0xa, 0xd, 0xb }, 4);
		/* EXEC = 0xA: forward { -, D, -, 0 }, backward { -, 0, -, B }. */
		if (run(t, levels[k], "ds_permute_b32", 0, 32, 0xa, a, d)) {
			CHECK_EQ(t, out[0].n_vdst, 0);
			CHECK_EQ(t, out[1].vdst[0], 0xd);
			CHECK_EQ(t, out[2].n_vdst, 0);
			CHECK_EQ(t, out[3].vdst[0], 0);
		}
		if (run(t, levels[k], "ds_bpermute_b32", 0, 32, 0xa, a, d)) {
			CHECK_EQ(t, out[1].vdst[0], 0);
			CHECK_EQ(t, out[3].vdst[0], 0xb);
		}
	}
}

/* "have the 'offset0' field added to them before use"; bits above the lane are ignored. */
static void test_permute_offset_and_wrap(struct ktap *t)
{
	uint32_t a[64], d[64];

	for (unsigned i = 0; i < 64; i++) {
		a[i] = 4 * i;
		d[i] = 0x100 + i;
	}
	/* Wave32: index bits [6:2] (R3, R4 §12.5.2): lane 31 + 1 is lane 0. */
	if (run(t, VSHARP_GFX11, "ds_bpermute_b32", 4, 32, 0xffffffff, a, d)) {
		CHECK_EQ(t, out[0].vdst[0], 0x101);
		CHECK_EQ(t, out[31].vdst[0], 0x100);
	}
	a[5] = 4 * 5 + 128 * 7;
	if (run(t, VSHARP_GFX10, "ds_bpermute_b32", 0, 32, 0xffffffff, a, d))
		CHECK_EQ(t, out[5].vdst[0], 0x105);
	a[5] = 4 * 5;
	/* GFX9 wave64: "mod 64" (ISA-V DS_BPERMUTE_B32): lane 63 + 1 is lane 0. */
	if (run(t, VSHARP_GFX9, "ds_bpermute_b32", 4, 64, ~0ull, a, d)) {
		CHECK_EQ(t, out[31].vdst[0], 0x120);
		CHECK_EQ(t, out[63].vdst[0], 0x100);
	}
	/* GFX11 wave64: two independent halves (R3 §12.5.2). */
	if (run(t, VSHARP_GFX11, "ds_bpermute_b32", 4, 64, ~0ull, a, d)) {
		CHECK_EQ(t, out[31].vdst[0], 0x100);
		CHECK_EQ(t, out[63].vdst[0], 0x120);
	}
	/* GFX12 wave64: index bits [7:2] span all 64 lanes (R4 §12.5.2). */
	if (run(t, VSHARP_GFX12, "ds_bpermute_b32", 4, 64, ~0ull, a, d)) {
		CHECK_EQ(t, out[31].vdst[0], 0x120);
		CHECK_EQ(t, out[63].vdst[0], 0x100);
	}
	/* Forward with an offset: lane i sends to lane i + 1. */
	if (run(t, VSHARP_GFX9, "ds_permute_b32", 4, 64, ~0ull, a, d)) {
		CHECK_EQ(t, out[1].vdst[0], 0x100);
		CHECK_EQ(t, out[0].vdst[0], 0x13f);
	}
}

/* ISA-V §12.13.1 (and R1-R4 DS_SWIZZLE_B32): FFT examples over input {1, 2, ... 0x20}. */
static void test_swizzle_fft(struct ktap *t)
{
	static const uint32_t fft00[32] = {
		0x1, 0x11, 0x9, 0x19, 0x5, 0x15, 0xd, 0x1d, 0x3, 0x13, 0xb, 0x1b, 0x7, 0x17, 0xf, 0x1f,
		0x2, 0x12, 0xa, 0x1a, 0x6, 0x16, 0xe, 0x1e, 0x4, 0x14, 0xc, 0x1c, 0x8, 0x18, 0x10, 0x20,
	};
	static const uint32_t fft10[32] = {
		0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf, 0x2, 0xa, 0x6, 0xe, 0x4, 0xc, 0x8, 0x10,
		0x11, 0x19, 0x15, 0x1d, 0x13, 0x1b, 0x17, 0x1f, 0x12, 0x1a, 0x16, 0x1e, 0x14, 0x1c, 0x18, 0x20,
	};

	for (enum vsharp_gfx l = VSHARP_GFX9; l <= VSHARP_GFX12; l++) {
		if (run(t, l, "ds_swizzle_b32", 0xe000, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "fft", 0xe000, fft00, 32);
		if (run(t, l, "ds_swizzle_b32", 0xe010, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "fft", 0xe010, fft10, 32);
		/* "0x1f: No swizzle" */
		if (run(t, l, "ds_swizzle_b32", 0xe01f, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "fft", 0xe01f, ramp, 32);
	}
	/* The second group of 32 of a wave64 swizzles within itself ("j |= i & 0x20"). */
	if (run(t, VSHARP_GFX9, "ds_swizzle_b32", 0xe000, 64, ~0ull, ramp, NULL)) {
		for (unsigned i = 32; i < 64; i++)
			CHECK_EQ(t, out[i].vdst[0], fft00[i - 32] + 32);
	}
}

/* Rotate: offset[9:5] lanes, left with offset[10] == 0; the R4 examples. */
static void test_swizzle_rotate(struct ktap *t)
{
	static const uint32_t left[32] = {
		0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xa, 0xb, 0xc, 0xd, 0xe, 0xf, 0x10, 0x11,
		0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x1,
	};
	static const uint32_t right[32] = {
		0x20, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xa, 0xb, 0xc, 0xd, 0xe, 0xf,
		0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
	};
	/* R4 DS_SWIZZLE_B32 "0x01, mask=1, rotate left / right" (R1-R3 print other lists, see model.rst). */
	static const uint32_t left_m1[32] = {
		0x1, 0x4, 0x3, 0x6, 0x5, 0x8, 0x7, 0xa, 0x9, 0xc, 0xb, 0xe, 0xd, 0x10, 0xf, 0x12,
		0x11, 0x14, 0x13, 0x16, 0x15, 0x18, 0x17, 0x1a, 0x19, 0x1c, 0x1b, 0x1e, 0x1d, 0x20, 0x1f, 0x2,
	};
	static const uint32_t right_m1[32] = {
		0x1f, 0x2, 0x1, 0x4, 0x3, 0x6, 0x5, 0x8, 0x7, 0xa, 0x9, 0xc, 0xb, 0xe, 0xd, 0x10,
		0xf, 0x12, 0x11, 0x14, 0x13, 0x16, 0x15, 0x18, 0x17, 0x1a, 0x19, 0x1c, 0x1b, 0x1e, 0x1d, 0x20,
	};

	for (enum vsharp_gfx l = VSHARP_GFX9; l <= VSHARP_GFX12; l++) {
		if (run(t, l, "ds_swizzle_b32", 0xc020, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "rotate", 0xc020, left, 32);
		if (run(t, l, "ds_swizzle_b32", 0xc420, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "rotate", 0xc420, right, 32);
		if (run(t, l, "ds_swizzle_b32", 0xc021, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "rotate", 0xc021, left_m1, 32);
		if (run(t, l, "ds_swizzle_b32", 0xc421, 32, 0xffffffff, ramp, NULL))
			check_lanes(t, "rotate", 0xc421, right_m1, 32);
	}
}

/* The bit-mask mode's named uses (ISA-V §12.13.1) and the quad mode. */
static void test_swizzle_basic(struct ktap *t)
{
	uint32_t want[32];

	/* SWAPX16: xor_mask = 0x10, and_mask = 0x1f. */
	if (run(t, VSHARP_GFX10, "ds_swizzle_b32", 0x10 << 10 | 0x1f, 32, 0xffffffff, ramp, NULL)) {
		CHECK_EQ(t, out[0].vdst[0], 0x11);
		CHECK_EQ(t, out[17].vdst[0], 0x2);
	}
	/* REVERSEX32: xor_mask = 0x1f, and_mask = 0x1f. */
	if (run(t, VSHARP_GFX11, "ds_swizzle_b32", 0x1f << 10 | 0x1f, 32, 0xffffffff, ramp, NULL)) {
		for (unsigned i = 0; i < 32; i++)
			want[i] = 32 - i;
		check_lanes(t, "reverse32", 0x7c1f, want, 32);
	}
	/* BCASTX8 of thread 5: or_mask = 5, and_mask = 0x18. */
	if (run(t, VSHARP_GFX12, "ds_swizzle_b32", 5 << 5 | 0x18, 32, 0xffffffff, ramp, NULL)) {
		for (unsigned i = 0; i < 32; i++)
			want[i] = (i & ~7u) + 5 + 1;
		check_lanes(t, "bcast8", 0x00b8, want, 32);
	}
	/* Quad: "if offset[1:0] == 1, then thread0 will grab thread1, thread4 will grab thread5". */
	if (run(t, VSHARP_GFX9, "ds_swizzle_b32", 0x8000 | 1, 64, ~0ull, ramp, NULL)) {
		CHECK_EQ(t, out[0].vdst[0], 2);
		CHECK_EQ(t, out[4].vdst[0], 6);
		CHECK_EQ(t, out[61].vdst[0], 61);
	}
	/* QUAD_PERM(3,2,1,0). */
	if (run(t, VSHARP_GFX10_3, "ds_swizzle_b32", 0x801b, 32, 0xffffffff, ramp, NULL)) {
		CHECK_EQ(t, out[0].vdst[0], 4);
		CHECK_EQ(t, out[6].vdst[0], 6);
	}
	/* GFX6-8 have no FFT or rotate mode here: 0xe000 is a quad pattern of lane 0. */
	if (run(t, VSHARP_GFX8, "ds_swizzle_b32", 0xe000, 64, ~0ull, ramp, NULL)) {
		CHECK_EQ(t, out[1].vdst[0], 1);
		CHECK_EQ(t, out[7].vdst[0], 5);
	}
}

/* "Note that reading from an invalid thread results in 0x0." */
static void test_swizzle_disabled_source(struct ktap *t)
{
	if (run(t, VSHARP_GFX11, "ds_swizzle_b32", 0x10 << 10 | 0x1f, 32, 0x0000ffff, ramp, NULL)) {
		CHECK_EQ(t, out[0].vdst[0], 0);
		CHECK_EQ(t, out[16].n_vdst, 0);
	}
	/* DATA0 is not an operand of the swizzle: ADDR carries the data. */
	CHECK_EQ(t, vsharp_op_data_dwords(VSHARP_GFX9, vsharp_op_find(VSHARP_GFX9, "ds_swizzle_b32", NULL)), 1);
}

static void setup(void)
{
	for (unsigned i = 0; i < 64; i++)
		ramp[i] = i + 1;
}

int main(void)
{
	static const struct ktap_case cases[] = {
		KTAP_CASE(test_permute_examples),
		KTAP_CASE(test_permute_offset_and_wrap),
		KTAP_CASE(test_swizzle_fft),
		KTAP_CASE(test_swizzle_rotate),
		KTAP_CASE(test_swizzle_basic),
		KTAP_CASE(test_swizzle_disabled_source),
	};

	setup();
	return ktap_run(cases, N_OF(cases));
}
