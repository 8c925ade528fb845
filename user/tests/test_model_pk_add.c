// SPDX-License-Identifier: MIT
/*
 * BUFFER_ATOMIC_PK_ADD_F16 and BUFFER_ATOMIC_PK_ADD_BF16, from the RDNA4
 * guide (github.com/kuhar/amdgpu-isa-manuals, rdna4): MUBUF opcode table
 * "dst[15:0] += src[15:0]; dst[31:16] += src[31:16]" and chapter 13 "Float
 * Memory Atomics".  Every expected value is worked out by hand from those
 * sentences; the comment above each check says which one.
 */
#include "model_util.h"

#define F16 VSHARP_ATOMIC_PK_ADD_F16
#define BF16 VSHARP_ATOMIC_PK_ADD_BF16

static uint32_t pk(enum vsharp_atomic op, uint32_t mem, uint32_t data)
{
	return (uint32_t)vsharp_atomic_apply(op, 4, mem, data, 0);
}

/* The opcode table: each 16-bit half is its own add. */
static void test_halves(struct ktap *t)
{
	/* f16: 1.0 + 1.0 = 2.0 above, 1.0 + -1.0 = +0 below. */
	CHECK_EQ(t, pk(F16, 0x3c003c00, 0x3c00bc00), 0x40000000);
	/* bf16: 1.0 + 1.0 = 2.0 above, 1.5 + 0.25 = 1.75 below. */
	CHECK_EQ(t, pk(BF16, 0x3f803fc0, 0x3f803e80), 0x40003fe0);
	/* A NaN in one half leaves the other half's sum alone (f16 2.0 + 3.0 = 5.0). */
	CHECK_EQ(t, pk(F16, 0x7c014000, 0x3c004200), 0x7e014500);
	/* No carry from the low half into the high half: 0xffff is a NaN, kept. */
	CHECK_EQ(t, pk(F16, 0x0000ffff, 0x00000001), 0x0000ffff);
}

/* §13.1: "rounding mode for float-atomic-add fixed at round to nearest even". */
static void test_round_nearest_even(struct ktap *t)
{
	/* f16 1.0 + 2^-11 is half an ulp: the tie goes to the even 1.0. */
	CHECK_EQ(t, pk(F16, 0x3c00, 0x1000), 0x3c00);
	/* 0x3c01 + 2^-11: the tie goes up to the even 0x3c02 (toward zero would keep 0x3c01). */
	CHECK_EQ(t, pk(F16, 0x3c01, 0x1000), 0x3c02);
	/* Just over half an ulp (2^-11 + 2^-21) rounds up. */
	CHECK_EQ(t, pk(F16, 0x3c00, 0x1001), 0x3c01);
	/* bf16: 1.0 + 2^-8 ties to 1.0; 0x3f81 + 2^-8 ties up to 0x3f82. */
	CHECK_EQ(t, pk(BF16, 0x3f80, 0x3b80), 0x3f80);
	CHECK_EQ(t, pk(BF16, 0x3f81, 0x3b80), 0x3f82);
	/* f16 65504 + 65504 overflows to +Inf when rounding to nearest. */
	CHECK_EQ(t, pk(F16, 0x7bff, 0x7bff), 0x7c00);
	/* bf16: the largest finite value twice overflows to +Inf. */
	CHECK_EQ(t, pk(BF16, 0x7f7f, 0x7f7f), 0x7f80);
}

/* §13.2: buffer atomics are processed in L2 (NoFlush) or the data fabric ("No flush"). */
static void test_denormals_kept(struct ktap *t)
{
	/* The smallest f16 denormal (2^-24) twice is 2^-23, not 0. */
	CHECK_EQ(t, pk(F16, 0x0001, 0x0001), 0x0002);
	/* The smallest bf16 denormal (2^-133) twice, and a denormal input plus +0. */
	CHECK_EQ(t, pk(BF16, 0x00010001, 0x00010000), 0x00020001);
	/* f16 denormal + normal: 2^-24 + 2^-14 = 0x0401 exactly. */
	CHECK_EQ(t, pk(F16, 0x0001, 0x0400), 0x0401);
}

/* §13.3 "Float Add rules" (SRC0 is the memory value: CDNA1 "tmp.f16 + DATA.f16"). */
static void test_nan_and_infinity(struct ktap *t)
{
	/* 1. SRC0 NaN: the QNaN of SRC0, sign kept (the signalling 0x7c01 is quietened). */
	CHECK_EQ(t, pk(F16, 0x7c01, 0x3c00), 0x7e01);
	CHECK_EQ(t, pk(F16, 0xfc01, 0x7c00), 0xfe01);
	CHECK_EQ(t, pk(BF16, 0xff81, 0x3f80), 0xffc1);
	/* Both NaN: SRC0's. */
	CHECK_EQ(t, pk(F16, 0x7c02, 0xfe05), 0x7e02);
	/* 2. SRC1 NaN: its QNaN, sign kept. */
	CHECK_EQ(t, pk(F16, 0x3c00, 0xfc01), 0xfe01);
	CHECK_EQ(t, pk(BF16, 0x7f80, 0x7f81), 0x7fc1);
	/* 3. INF + -INF: -QNaN (FP32 0xFFC00000; the 16-bit forms' own -QNaN). */
	CHECK_EQ(t, pk(F16, 0x7c00, 0xfc00), 0xfe00);
	CHECK_EQ(t, pk(F16, 0xfc00, 0x7c00), 0xfe00);
	CHECK_EQ(t, pk(BF16, 0x7f80, 0xff80), 0xffc0);
	/* 4./5. INF + finite or the same INF: that INF. */
	CHECK_EQ(t, pk(F16, 0x7c00, 0xbc00), 0x7c00);
	CHECK_EQ(t, pk(F16, 0x3c00, 0xfc00), 0xfc00);
	CHECK_EQ(t, pk(BF16, 0xff80, 0xff80), 0xff80);
	/* RDNA3 "Float Add rules" 4: -0 + 0 = +0; -0 + -0 stays -0. */
	CHECK_EQ(t, pk(F16, 0x80008000, 0x00008000), 0x00008000);
	CHECK_EQ(t, pk(BF16, 0x8000, 0x0000), 0x0000);
}

/* Catalogue: RDNA4 lists them (opcodes 89, 90); Vega and RDNA1-3 do not. */
static void test_levels(struct ktap *t)
{
	struct vsharp_error err = { "" };
	const struct vsharp_op *f = vsharp_op_find(VSHARP_GFX12, "buffer_atomic_pk_add_f16", &err);
	const struct vsharp_op *b = vsharp_op_find(VSHARP_GFX12, "buffer_atomic_pk_add_bf16", &err);

	CHECK(t, f && f->atomic == F16 && f->bytes == 4 && f->kind == VSHARP_OP_ATOMIC);
	CHECK(t, b && b->atomic == BF16 && b->bytes == 4);
	for (int l = VSHARP_GFX6; l < VSHARP_GFX12; l++)
		CHECK(t, !vsharp_op_find(l, "buffer_atomic_pk_add_f16", &err) &&
			 !vsharp_op_find(l, "buffer_atomic_pk_add_bf16", &err));
	CHECK(t, !strcmp(vsharp_atomic_name(F16), "pk_add_f16"));
	CHECK(t, !strcmp(vsharp_atomic_name(BF16), "pk_add_bf16"));
}

KTAP_MAIN(KTAP_CASE(test_halves), KTAP_CASE(test_round_nearest_even),
	  KTAP_CASE(test_denormals_kept), KTAP_CASE(test_nan_and_infinity),
	  KTAP_CASE(test_levels))
