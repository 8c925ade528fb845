// SPDX-License-Identifier: MIT
/*
 * V# encode/decode.  Field positions come from AMD's register headers
 * (Linux drivers/gpu/drm/amd/include/asic_reg/gca/gfx_8_0_sh_mask.h and
 * gc/gc_9_0_sh_mask.h, SQ_BUF_RSRC_WORD1/3) and, for GFX10+, which those
 * headers do not cover, Mesa's gfx10/11/12-rsrc.json (src/amd/registers/).
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/desc.h"

static const struct {
	enum vsharp_gfx level;
	enum vsharp_field field;
	unsigned dword;
	uint32_t mask;
} masks[] = {
	/* gfx_8_0_sh_mask.h (GFX6/7 share it, gfx_6_0_sh_mask.h) */
	{ VSHARP_GFX8, VSHARP_F_STRIDE, 1, 0x3fff0000 },
	{ VSHARP_GFX8, VSHARP_F_CACHE_SWIZZLE, 1, 0x40000000 },
	{ VSHARP_GFX8, VSHARP_F_SWIZZLE_ENABLE, 1, 0x80000000 },
	{ VSHARP_GFX8, VSHARP_F_DST_SEL_X, 3, 0x00000007 },
	{ VSHARP_GFX8, VSHARP_F_DST_SEL_Y, 3, 0x00000038 },
	{ VSHARP_GFX8, VSHARP_F_DST_SEL_Z, 3, 0x000001c0 },
	{ VSHARP_GFX8, VSHARP_F_DST_SEL_W, 3, 0x00000e00 },
	{ VSHARP_GFX8, VSHARP_F_NUM_FORMAT, 3, 0x00007000 },
	{ VSHARP_GFX8, VSHARP_F_DATA_FORMAT, 3, 0x00078000 },
	{ VSHARP_GFX8, VSHARP_F_ELEMENT_SIZE, 3, 0x00180000 },
	{ VSHARP_GFX8, VSHARP_F_INDEX_STRIDE, 3, 0x00600000 },
	{ VSHARP_GFX8, VSHARP_F_ADD_TID_ENABLE, 3, 0x00800000 },
	{ VSHARP_GFX8, VSHARP_F_ATC, 3, 0x01000000 },
	{ VSHARP_GFX8, VSHARP_F_HASH_ENABLE, 3, 0x02000000 },
	{ VSHARP_GFX8, VSHARP_F_HEAP, 3, 0x04000000 },
	{ VSHARP_GFX8, VSHARP_F_MTYPE, 3, 0x38000000 },
	{ VSHARP_GFX8, VSHARP_F_TYPE, 3, 0xc0000000 },
	{ VSHARP_GFX6, VSHARP_F_ELEMENT_SIZE, 3, 0x00180000 },
	{ VSHARP_GFX7, VSHARP_F_MTYPE, 3, 0x38000000 },
	/* gc_9_0_sh_mask.h */
	{ VSHARP_GFX9, VSHARP_F_STRIDE, 1, 0x3fff0000 },
	{ VSHARP_GFX9, VSHARP_F_SWIZZLE_ENABLE, 1, 0x80000000 },
	{ VSHARP_GFX9, VSHARP_F_NUM_FORMAT, 3, 0x00007000 },
	{ VSHARP_GFX9, VSHARP_F_DATA_FORMAT, 3, 0x00078000 },
	{ VSHARP_GFX9, VSHARP_F_USER_VM_ENABLE, 3, 0x00080000 },
	{ VSHARP_GFX9, VSHARP_F_USER_VM_MODE, 3, 0x00100000 },
	{ VSHARP_GFX9, VSHARP_F_INDEX_STRIDE, 3, 0x00600000 },
	{ VSHARP_GFX9, VSHARP_F_ADD_TID_ENABLE, 3, 0x00800000 },
	{ VSHARP_GFX9, VSHARP_F_NV, 3, 0x08000000 },
	{ VSHARP_GFX9, VSHARP_F_TYPE, 3, 0xc0000000 },
	/* Mesa gfx10-rsrc.json */
	{ VSHARP_GFX10, VSHARP_F_FORMAT, 3, 0x0007f000 },
	{ VSHARP_GFX10, VSHARP_F_INDEX_STRIDE, 3, 0x00600000 },
	{ VSHARP_GFX10, VSHARP_F_RESOURCE_LEVEL, 3, 0x01000000 },
	{ VSHARP_GFX10, VSHARP_F_OOB_SELECT, 3, 0x30000000 },
	{ VSHARP_GFX10, VSHARP_F_SWIZZLE_ENABLE, 1, 0x80000000 },
	{ VSHARP_GFX10_3, VSHARP_F_LLC_NOALLOC, 3, 0x0c000000 },
	{ VSHARP_GFX10_3, VSHARP_F_RESOURCE_LEVEL, 3, 0x01000000 },
	/* gfx11-rsrc.json */
	{ VSHARP_GFX11, VSHARP_F_SWIZZLE_ENABLE, 1, 0xc0000000 },
	{ VSHARP_GFX11, VSHARP_F_FORMAT, 3, 0x0003f000 },
	{ VSHARP_GFX11, VSHARP_F_LLC_NOALLOC, 3, 0x0c000000 },
	{ VSHARP_GFX11, VSHARP_F_OOB_SELECT, 3, 0x30000000 },
	/* gfx12-rsrc.json */
	{ VSHARP_GFX12, VSHARP_F_SWIZZLE_ENABLE, 1, 0xc0000000 },
	{ VSHARP_GFX12, VSHARP_F_FORMAT, 3, 0x0003f000 },
	{ VSHARP_GFX12, VSHARP_F_STRIDE_SCALE, 3, 0x000c0000 },
	{ VSHARP_GFX12, VSHARP_F_WRITE_COMPRESS_ENABLE, 3, 0x01000000 },
	{ VSHARP_GFX12, VSHARP_F_COMPRESSION_EN, 3, 0x02000000 },
	{ VSHARP_GFX12, VSHARP_F_COMPRESSION_ACCESS_MODE, 3, 0x0c000000 },
	{ VSHARP_GFX12, VSHARP_F_OOB_SELECT, 3, 0x30000000 },
	{ VSHARP_GFX12, VSHARP_F_TYPE, 3, 0xc0000000 },
};

static void test_field_positions(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		struct vsharp_field_info info = { 0, 0 };
		uint64_t mask;

		if (!CHECK_MSG(t, vsharp_field_info(masks[i].level, masks[i].field, &info),
			       "%s lacks %s", vsharp_gfx_name(masks[i].level),
			       vsharp_field_name(masks[i].field)))
			continue;
		mask = ((1ull << info.width) - 1) << (info.lo % 32);
		CHECK_MSG(t, info.lo / 32 == masks[i].dword && mask == masks[i].mask,
			  "%s %s: dword %u mask 0x%llx, header dword %u mask 0x%08x",
			  vsharp_gfx_name(masks[i].level), vsharp_field_name(masks[i].field),
			  info.lo / 32, (unsigned long long)mask, masks[i].dword, masks[i].mask);
	}
}

/* Packing the largest allowed value of one field sets exactly its mask bits. */
static void test_field_packing(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		struct vsharp_desc_fields d = { { 0 }, 0 };
		struct vsharp_field_info info;
		uint32_t dw[4];
		uint64_t v;

		vsharp_field_info(masks[i].level, masks[i].field, &info);
		/* Start at all ones and step down until the field's domain allows it. */
		for (v = (1ull << info.width) - 1;; v--) {
			vsharp_fields_set(&d, masks[i].field, v);
			if (!vsharp_fields_pack(masks[i].level, &d, dw, NULL) || !v)
				break;
		}
		/* TYPE allows only 0 (buffer). */
		CHECK_MSG(t, (v || masks[i].field == VSHARP_F_TYPE) && dw[masks[i].dword] == (uint32_t)(v << (info.lo % 32)) &&
			  !(dw[masks[i].dword] & ~masks[i].mask),
			  "%s %s = %llu packs to 0x%08x", vsharp_gfx_name(masks[i].level),
			  vsharp_field_name(masks[i].field), (unsigned long long)v,
			  dw[masks[i].dword]);
	}
}

static void test_base_address(struct ktap *t)
{
	/* BASE_ADDRESS = dw0, BASE_ADDRESS_HI = dw1[15:0] on every level. */
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_buffer b, back;
		uint32_t dw[4];

		vsharp_buffer_default(l, &b);
		b.base = 0x123456789abcull;
		CHECK(t, vsharp_desc_encode(l, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[0], 0x56789abc);
		CHECK_EQ(t, dw[1] & 0xffff, 0x1234);
		vsharp_desc_decode(l, dw, &back);
		CHECK_EQ(t, back.base, 0x123456789abcull);
	}
}

static uint64_t rnd(uint64_t n)
{
	uint64_t r = ((uint64_t)rand() << 31) ^ (uint64_t)rand();

	r = (r << 31) ^ (uint64_t)rand();
	return n ? r % n : r;
}

static void random_buffer(enum vsharp_gfx l, struct vsharp_buffer *b)
{
	static const uint8_t sels[] = { 0, 1, 4, 5, 6, 7 };
	static const uint8_t scales[] = { 1, 4, 8, 32 };

	vsharp_buffer_default(l, b);
	b->base = rnd(1ull << 48);
	b->num_records = (uint32_t)rnd(1ull << 32);
	for (int c = 0; c < 4; c++)
		b->dst_sel[c] = sels[rnd(6)];
	b->add_tid = rnd(2);
	b->swizzle = rnd(2);
	b->index_stride = 8 << rnd(4);
	do {
		b->format.dfmt = 1 + rnd(VSHARP_DFMT_COUNT - 1);
		b->format.nfmt = rnd(VSHARP_NFMT_COUNT);
	} while (!vsharp_format_legal(l, b->format));
	b->stride = rnd(16384);
	if ((l == VSHARP_GFX8 || l == VSHARP_GFX9) && b->add_tid) {
		b->format.dfmt = VSHARP_DFMT_INVALID;
		b->stride = rnd(1 << 18);
	}
	if (l == VSHARP_GFX12) {
		b->stride_scale = scales[rnd(4)];
		b->stride = rnd(16384) * b->stride_scale;
		b->compression = rnd(2);
		b->write_compress = rnd(2);
	}
	if (l <= VSHARP_GFX8)
		b->element_size = 2 << rnd(4);
	else if (l >= VSHARP_GFX11)
		b->element_size = b->swizzle ? (rnd(2) ? 16 : 4) : 0;
	if (l >= VSHARP_GFX10)
		b->oob_select = rnd(4);
}

static bool buffer_equal(const struct vsharp_buffer *a, const struct vsharp_buffer *b)
{
	return a->base == b->base && a->stride == b->stride &&
	       a->num_records == b->num_records &&
	       !memcmp(a->dst_sel, b->dst_sel, 4) && a->format.dfmt == b->format.dfmt &&
	       a->format.nfmt == b->format.nfmt && a->swizzle == b->swizzle &&
	       a->element_size == b->element_size && a->index_stride == b->index_stride &&
	       a->add_tid == b->add_tid && a->oob_select == b->oob_select &&
	       a->stride_scale == b->stride_scale && a->write_compress == b->write_compress &&
	       a->compression == b->compression;
}

static void test_round_trip_buffers(struct ktap *t)
{
	srand(1);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		for (int i = 0; i < 20000; i++) {
			struct vsharp_buffer b, back;
			struct vsharp_error err = { "" };
			uint32_t dw[4];
			unsigned flags;

			random_buffer(l, &b);
			if (!CHECK_MSG(t, vsharp_desc_encode(l, &b, dw, &err) == 0, "%s: %s",
				       vsharp_gfx_name(l), err.msg))
				continue;
			flags = vsharp_desc_decode(l, dw, &back);
			CHECK_MSG(t, buffer_equal(&b, &back), "%s: 0x%08x 0x%08x 0x%08x 0x%08x",
				  vsharp_gfx_name(l), dw[0], dw[1], dw[2], dw[3]);
			CHECK_MSG(t, !(flags & ~(VSHARP_DESC_STRIDE_IN_DFMT | VSHARP_DESC_UNBOUND)),
				  "%s: flags 0x%x", vsharp_gfx_name(l), flags);
		}
	}
}

static void test_round_trip_words(struct ktap *t)
{
	srand(2);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint32_t covered[4] = { 0 };
		unsigned packed = 0;

		for (int f = 0; f < VSHARP_FIELD_COUNT; f++) {
			struct vsharp_field_info info;

			if (!vsharp_field_info(l, f, &info))
				continue;
			for (unsigned b = info.lo; b < info.lo + info.width; b++) {
				CHECK_MSG(t, !(covered[b / 32] >> b % 32 & 1), "%s bit %u twice",
					  vsharp_gfx_name(l), b);
				covered[b / 32] |= 1u << b % 32;
			}
		}
		for (int i = 0; i < 20000; i++) {
			struct vsharp_desc_fields d;
			uint32_t dw[4], again[4];

			for (int w = 0; w < 4; w++)
				dw[w] = (uint32_t)rnd(1ull << 32);
			vsharp_fields_unpack(l, dw, &d);
			/* Words with reserved codes are refused; the others come back. */
			if (vsharp_fields_pack(l, &d, again, NULL))
				continue;
			packed++;
			for (int w = 0; w < 4; w++)
				CHECK_EQ(t, again[w], dw[w] & covered[w]);
		}
		/* GFX10 needs RESOURCE_LEVEL 1 and FORMAT <= 77: about 2.4% pass. */
		CHECK_MSG(t, packed > 300, "%s: only %u of 20000 random words valid",
			  vsharp_gfx_name(l), packed);
	}
}

/*
 * Word 3's bits in no field, from the register definitions: GFX6-8 use
 * every bit (Linux gfx_6_0/gfx_8_0_sh_mask.h SQ_BUF_RSRC_WORD3, up to
 * MTYPE and TYPE); GFX9 has nothing at [26:24] and [29:28] (Mesa gfx9.json,
 * Linux gc_9_0_sh_mask.h); GFX10 nothing at [20:19] and [27:25], GFX10.3
 * LLC_NOALLOC at [27:26] (Mesa gfx10-rsrc.json); GFX11 nothing at [20:18]
 * and [25:24] (gfx11-rsrc.json); GFX12 nothing at [20] (gfx12-rsrc.json).
 * Words 0-2 are fields to the last bit on every level.
 */
static void test_reserved_bits(struct ktap *t)
{
	static const uint32_t ones[4] = { ~0u, ~0u, ~0u, ~0u };
	static const uint32_t unused_word3[VSHARP_GFX_COUNT] = {
		[VSHARP_GFX6] = 0, [VSHARP_GFX7] = 0, [VSHARP_GFX8] = 0,
		[VSHARP_GFX9] = 0x37000000, [VSHARP_GFX10] = 0x0e180000,
		[VSHARP_GFX10_3] = 0x02180000, [VSHARP_GFX11] = 0x031c0000,
		[VSHARP_GFX12] = 0x00100000,
	};
	struct vsharp_buffer b;

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint32_t r[4], dw[4] = { 0, 0, 0, 0x00027fac | unused_word3[l] };

		vsharp_desc_reserved_bits(l, ones, r);
		CHECK_MSG(t, !r[0] && !r[1] && !r[2] && r[3] == unused_word3[l],
			  "%s: reserved bits %08x %08x %08x %08x, want word 3 %08x",
			  vsharp_gfx_name(l), r[0], r[1], r[2], r[3], unused_word3[l]);
		CHECK_EQ(t, !!(vsharp_desc_decode(l, dw, &b) & VSHARP_DESC_RESERVED_BITS),
			 unused_word3[l] != 0);
		dw[3] = 0x00027fac;
		CHECK(t, !(vsharp_desc_decode(l, dw, &b) & VSHARP_DESC_RESERVED_BITS));
	}
}

static void test_decode_flags(struct ktap *t)
{
	static const uint32_t zero[4] = { 0, 0, 0, 0 };
	struct vsharp_buffer b;
	uint32_t dw[4];

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		CHECK(t, vsharp_desc_decode(l, zero, &b) & VSHARP_DESC_UNBOUND);
		CHECK(t, vsharp_desc_decode(l, zero, &b) & VSHARP_DESC_INVALID_FORMAT);
		/* TYPE = 1 in dw3[31:30]. */
		dw[0] = dw[1] = dw[2] = 0;
		dw[3] = 0x40027fac;
		CHECK(t, vsharp_desc_decode(l, dw, &b) & VSHARP_DESC_NOT_BUFFER);
		/* DST_SEL_X = 2 is reserved. */
		dw[3] = 0x00027faa;
		CHECK(t, vsharp_desc_decode(l, dw, &b) & VSHARP_DESC_RESERVED_DST_SEL);
	}
	/* GFX10 raw descriptor without RESOURCE_LEVEL (0x31016fac minus bit 24). */
	dw[3] = 0x30016fac;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX10, dw, &b) & VSHARP_DESC_RESOURCE_LEVEL_0);
	CHECK(t, vsharp_desc_decode(VSHARP_GFX10_3, dw, &b) & VSHARP_DESC_RESOURCE_LEVEL_0);
	CHECK(t, !(vsharp_desc_decode(VSHARP_GFX11, dw, &b) & VSHARP_DESC_RESOURCE_LEVEL_0));
	/* GFX10 FORMAT 100 is an image-only format. */
	dw[3] = 0x31000fac | 100u << 12;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX10, dw, &b) & VSHARP_DESC_RESERVED_FORMAT);
	/* GFX11 SWIZZLE_ENABLE = 2. */
	dw[1] = 0x80000000;
	dw[3] = 0x30016fac;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX11, dw, &b) & VSHARP_DESC_RESERVED_SWIZZLE);
	CHECK_EQ(t, b.element_size, 8);
	/* 8 with NUM_FORMAT 6: reserved on GFX8, UNORM_UINT on GFX9. */
	dw[1] = 0;
	dw[3] = 0x0000efac;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX8, dw, &b) & VSHARP_DESC_RESERVED_FORMAT);
	CHECK(t, !(vsharp_desc_decode(VSHARP_GFX9, dw, &b) & VSHARP_DESC_RESERVED_FORMAT));
	CHECK_EQ(t, b.format.nfmt, VSHARP_NFMT_UNORM_UINT);
	/* 32_UNORM is a pair no table defines (the encoder refuses it). */
	dw[3] = 0x00020fac;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX9, dw, &b) & VSHARP_DESC_RESERVED_FORMAT);
	/* GFX8 ADD_TID with NUM_FORMAT 6: both flags. */
	dw[3] = 0x00806fac;
	CHECK_EQ(t, vsharp_desc_decode(VSHARP_GFX8, dw, &b),
		 VSHARP_DESC_STRIDE_IN_DFMT | VSHARP_DESC_RESERVED_FORMAT);
	dw[3] = 0x0007ffac;
	CHECK(t, vsharp_desc_decode(VSHARP_GFX9, dw, &b) & VSHARP_DESC_RESERVED_FORMAT);
	test_reserved_bits(t);
}

static void test_add_tid_stride(struct ktap *t)
{
	/*
	 * GFX8/9 ADD_TID: DATA_FORMAT is STRIDE[17:14] (Mesa ac_set_buf_desc_word3;
	 * ISA-V "18 bit {DFMT[3:0],stride}").  Stride 0x2abcd: STRIDE 0x2bcd,
	 * DATA_FORMAT 0xa.  GFX6/7 keep the format and a 14-bit stride.
	 */
	struct vsharp_buffer b, back;
	struct vsharp_error err = { "" };
	uint32_t dw[4];

	for (int l = VSHARP_GFX8; l <= VSHARP_GFX9; l++) {
		vsharp_buffer_default(l, &b);
		b.add_tid = true;
		b.format.dfmt = VSHARP_DFMT_INVALID;
		b.stride = 0x2abcd;
		CHECK(t, vsharp_desc_encode(l, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[1] >> 16, 0x2bcd);
		CHECK_EQ(t, dw[3] >> 15 & 0xf, 0xa);
		CHECK_EQ(t, dw[3] & 0x00800000, 0x00800000);
		CHECK(t, vsharp_desc_decode(l, dw, &back) & VSHARP_DESC_STRIDE_IN_DFMT);
		CHECK_EQ(t, back.stride, 0x2abcd);
		/* Mesa's GSVS ring on GFX9: 32_FLOAT + add_tid gives NUM_FORMAT 7, DATA_FORMAT 0. */
		b.stride = 64;
		CHECK(t, vsharp_desc_encode(l, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[3], 0x00807fac);
	}
	vsharp_buffer_default(VSHARP_GFX7, &b);
	b.add_tid = true;
	b.stride = 0x2abcd;
	CHECK(t, vsharp_desc_encode(VSHARP_GFX7, &b, dw, &err) == -ERANGE);
	CHECK(t, strstr(err.msg, "stride") && strstr(err.msg, "gfx7"));
	b.stride = 64;
	CHECK(t, vsharp_desc_encode(VSHARP_GFX7, &b, dw, NULL) == 0);
	CHECK_EQ(t, dw[3], 0x00827fac);
}

static void test_swizzle_encoding(struct ktap *t)
{
	struct vsharp_buffer b;
	uint32_t dw[4];

	/* GFX11+: SWIZZLE_ENABLE = element size code (1 = 4 B, 3 = 16 B). */
	for (int l = VSHARP_GFX11; l <= VSHARP_GFX12; l++) {
		vsharp_buffer_default(l, &b);
		b.swizzle = true;
		b.element_size = 16;
		CHECK(t, vsharp_desc_encode(l, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[1] >> 30, 3);
		b.element_size = 4;
		CHECK(t, vsharp_desc_encode(l, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[1] >> 30, 1);
	}
	/* GFX6-8: one SWIZZLE_ENABLE bit, ELEMENT_SIZE code 0..3 for 2..16 bytes. */
	vsharp_buffer_default(VSHARP_GFX8, &b);
	b.swizzle = true;
	b.element_size = 16;
	b.index_stride = 64;
	CHECK(t, vsharp_desc_encode(VSHARP_GFX8, &b, dw, NULL) == 0);
	CHECK_EQ(t, dw[1] >> 31, 1);
	CHECK_EQ(t, dw[3] >> 19 & 3, 3);
	CHECK_EQ(t, dw[3] >> 21 & 3, 3);
}

static void test_gfx12_stride_scale(struct ktap *t)
{
	/* RDNA4 V# STRIDE_SCALE [115:114]: x1, x4, x8, x32. */
	static const struct { unsigned scale, code; } cases[] = {
		{ 1, 0 }, { 4, 1 }, { 8, 2 }, { 32, 3 },
	};
	struct vsharp_buffer b, back;
	uint32_t dw[4];

	for (size_t i = 0; i < 4; i++) {
		vsharp_buffer_default(VSHARP_GFX12, &b);
		b.stride_scale = cases[i].scale;
		b.stride = 16383 * cases[i].scale;
		CHECK(t, vsharp_desc_encode(VSHARP_GFX12, &b, dw, NULL) == 0);
		CHECK_EQ(t, dw[1] >> 16 & 0x3fff, 16383);
		CHECK_EQ(t, dw[3] >> 18 & 3, cases[i].code);
		vsharp_desc_decode(VSHARP_GFX12, dw, &back);
		CHECK_EQ(t, back.stride, 16383 * cases[i].scale);
	}
}

/*
 * vsharp_desc_encode() and vsharp_desc_decode() are tables built from the
 * two steps (vsharp_buffer_to_fields + vsharp_fields_pack, and
 * vsharp_fields_unpack + vsharp_fields_to_buffer), which were the whole
 * encoder and decoder before the tables: they must give what the two
 * steps give, refusals and messages included, on any input.
 */
static int encode_two_steps(enum vsharp_gfx l, const struct vsharp_buffer *b, uint32_t dw[4],
			    struct vsharp_error *err)
{
	struct vsharp_desc_fields d;
	int ret = vsharp_buffer_to_fields(l, b, &d, err);

	return ret ? ret : vsharp_fields_pack(l, &d, dw, err);
}

static unsigned decode_two_steps(enum vsharp_gfx l, const uint32_t dw[4], struct vsharp_buffer *b)
{
	struct vsharp_desc_fields d;
	unsigned flags;

	uint32_t used[4] = { 0, 0, 0, 0 };
	struct vsharp_field_info fi;

	vsharp_fields_unpack(l, dw, &d);
	flags = vsharp_fields_to_buffer(l, &d, b);
	/* RESERVED_BITS: a bit outside every field's position. */
	for (int f = 0; f < VSHARP_FIELD_COUNT; f++)
		if (vsharp_field_info(l, f, &fi))
			for (unsigned bit = fi.lo; bit < fi.lo + fi.width; bit++)
				used[bit / 32] |= 1u << bit % 32;
	if ((dw[0] & ~used[0]) | (dw[1] & ~used[1]) | (dw[2] & ~used[2]) | (dw[3] & ~used[3]))
		flags |= VSHARP_DESC_RESERVED_BITS;
	return flags | (dw[0] | dw[1] | dw[2] | dw[3] ? 0 : VSHARP_DESC_UNBOUND);
}

static bool same_encoding(struct ktap *t, enum vsharp_gfx l, const struct vsharp_buffer *b)
{
	struct vsharp_error e1, e2;
	uint32_t d1[4], d2[4];
	int r1, r2;

	memset(&e1, 0x5a, sizeof(e1));
	memset(&e2, 0x5a, sizeof(e2));
	memset(d1, 0xa5, sizeof(d1));
	memset(d2, 0xa5, sizeof(d2));
	r1 = vsharp_desc_encode(l, b, d1, &e1);
	r2 = encode_two_steps(l, b, d2, &e2);
	return CHECK_MSG(t, r1 == r2 && !memcmp(d1, d2, sizeof(d1)) && !memcmp(&e1, &e2, sizeof(e1)),
			 "%s: encode %d '%.80s' 0x%08x 0x%08x 0x%08x 0x%08x, two steps %d '%.80s' 0x%08x 0x%08x 0x%08x 0x%08x",
			 vsharp_gfx_name(l), r1, r1 ? e1.msg : "", d1[0], d1[1], d1[2], d1[3],
			 r2, r2 ? e2.msg : "", d2[0], d2[1], d2[2], d2[3]);
}

static bool same_decoding(struct ktap *t, enum vsharp_gfx l, const uint32_t dw[4])
{
	struct vsharp_buffer b1, b2;
	unsigned f1, f2;

	memset(&b1, 0x5a, sizeof(b1));
	memset(&b2, 0xa5, sizeof(b2));
	f1 = vsharp_desc_decode(l, dw, &b1);
	f2 = decode_two_steps(l, dw, &b2);
	return CHECK_MSG(t, f1 == f2 && !memcmp(&b1, &b2, sizeof(b1)),
			 "%s: 0x%08x 0x%08x 0x%08x 0x%08x decodes to flags 0x%x, two steps 0x%x",
			 vsharp_gfx_name(l), dw[0], dw[1], dw[2], dw[3], f1, f2);
}

/* Every value of each small member, the others at their defaults. */
static void test_encode_each_value(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_buffer def, b;

		vsharp_buffer_default(l, &def);
		for (unsigned v = 0; v < 256; v++) {
			for (unsigned tid = 0; tid < 2; tid++) {
				b = def;
				b.add_tid = tid;
				b.format.dfmt = v >> 4;
				b.format.nfmt = v & 15;
				same_encoding(t, l, &b);
				b.format.dfmt = VSHARP_DFMT_INVALID;
				b.stride = v << 10 | v;
				same_encoding(t, l, &b);
				b = def;
				b.add_tid = tid;
				b.swizzle = tid;
				b.element_size = v;
				same_encoding(t, l, &b);
			}
			for (unsigned c = 0; c < 4; c++) {
				b = def;
				b.dst_sel[c] = v;
				same_encoding(t, l, &b);
			}
			b = def;
			b.index_stride = v;
			same_encoding(t, l, &b);
			b = def;
			b.oob_select = v;
			same_encoding(t, l, &b);
			b = def;
			b.stride_scale = v;
			b.stride = 16383 * v;
			same_encoding(t, l, &b);
			b.stride = 16384 * v;
			same_encoding(t, l, &b);
			b.stride += v >> 4;
			same_encoding(t, l, &b);
		}
		for (unsigned v = 0; v < 4; v++) {
			b = def;
			b.write_compress = v & 1;
			b.compression = v >> 1;
			same_encoding(t, l, &b);
		}
		b = def;
		b.base = 1ull << 48;
		same_encoding(t, l, &b);
		b.base = ~0ull;
		same_encoding(t, l, &b);
		b = def;
		b.format.dfmt = (enum vsharp_dfmt)-1;
		same_encoding(t, l, &b);
	}
}

/*
 * A member of a random buffer: mostly its default, else mostly a value
 * some level accepts and sometimes any value of its type, so that most
 * buffers are refused, for one reason or several, and 20-40 % are not.
 */
static uint32_t pick(uint32_t def, const uint32_t *usual, unsigned n, uint64_t any)
{
	unsigned r = (unsigned)rnd(32);

	return r < 26 ? def : r < 31 ? usual[rnd(n)] : (uint32_t)rnd(any);
}

#define PICK(member, usual, any) \
	(member = pick(member, usual, sizeof(usual) / sizeof(usual[0]), any))

static void random_input(enum vsharp_gfx l, struct vsharp_buffer *b)
{
	static const uint32_t sels[] = { 0, 1, 4, 5, 6, 7 }, sizes[] = { 0, 2, 4, 8, 16 },
		strides[] = { 8, 16, 32, 64 }, scales[] = { 1, 4, 8, 32 }, oob[] = { 0, 1, 2, 3 },
		dfmts[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 },
		nfmts[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 }, bools[] = { 0, 1 };

	vsharp_buffer_default(l, b);
	b->base = rnd(16) ? rnd(1ull << 48) : rnd(0);
	b->num_records = (uint32_t)rnd(1ull << 32);
	for (int c = 0; c < 4; c++)
		PICK(b->dst_sel[c], sels, 256);
	PICK(b->format.dfmt, dfmts, 1ull << 32);
	PICK(b->format.nfmt, nfmts, 1ull << 32);
	b->add_tid = rnd(2);
	if ((l == VSHARP_GFX8 || l == VSHARP_GFX9) && b->add_tid && rnd(2))
		b->format.dfmt = VSHARP_DFMT_INVALID;
	b->swizzle = rnd(2);
	if (l >= VSHARP_GFX11 && b->swizzle)
		b->element_size = 4;
	PICK(b->element_size, sizes, 256);
	PICK(b->index_stride, strides, 256);
	PICK(b->stride_scale, scales, 256);
	switch (rnd(10)) {
	case 0: b->stride = (uint32_t)rnd(1 << 18); break;
	case 1: b->stride = (uint32_t)rnd(16385) * b->stride_scale + !rnd(8); break;
	case 2: b->stride = (uint32_t)rnd(1ull << 32); break;
	default: b->stride = (uint32_t)rnd(16384); break;
	}
	PICK(b->oob_select, oob, 256);
	PICK(b->write_compress, bools, 2);
	PICK(b->compression, bools, 2);
}

/*
 * Random inputs per level: 20 000 in make check; VSHARP_DESC_INPUTS sets
 * another count, e.g. 1000000 for the long comparison with the two steps.
 */
static unsigned long random_inputs(void)
{
	const char *s = getenv("VSHARP_DESC_INPUTS");

	return s && strtoul(s, NULL, 10) ? strtoul(s, NULL, 10) : 20000;
}

static void test_encode_random(struct ktap *t)
{
	unsigned long n = random_inputs();

	srand(3);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		unsigned long accepted = 0, failed = 0;

		for (unsigned long i = 0; i < n && failed < 8; i++) {
			struct vsharp_buffer b;
			uint32_t dw[4];

			random_input(l, &b);
			failed += !same_encoding(t, l, &b);
			accepted += !vsharp_desc_encode(l, &b, dw, NULL);
		}
		/* Both sides of the check get exercised. */
		CHECK_MSG(t, accepted > n / 10 && accepted < n - n / 10, "%s: %lu of %lu accepted",
			  vsharp_gfx_name(l), accepted, n);
	}
}

static void test_decode_random(struct ktap *t)
{
	unsigned long n = random_inputs();

	srand(4);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		static const uint32_t zero[4] = { 0, 0, 0, 0 };
		unsigned failed = !same_decoding(t, l, zero);

		/* Random words, and the words of random buffers the encoder takes. */
		for (unsigned long i = 0; i < n && failed < 8; i++) {
			struct vsharp_buffer b;
			uint32_t dw[4];

			for (int w = 0; w < 4; w++)
				dw[w] = (uint32_t)rnd(1ull << 32);
			failed += !same_decoding(t, l, dw);
			random_input(l, &b);
			if (!vsharp_desc_encode(l, &b, dw, NULL))
				failed += !same_decoding(t, l, dw);
		}
		/* Every value of word 3 with the other words zero or random. */
		for (uint64_t w3 = 0; w3 < 1ull << 32 && failed < 8; w3 += 65521) {
			uint32_t dw[4] = { 0, (uint32_t)rnd(1ull << 32), 0, (uint32_t)w3 };

			failed += !same_decoding(t, l, dw);
		}
		/* Every value of each 12-bit half of word 3 and of word 1's top bits, the rest random. */
		for (uint32_t v = 0; v < 1u << 12 && failed < 8; v++) {
			uint32_t r = (uint32_t)rnd(1ull << 32);
			uint32_t lo[4] = { 0, r, 0, (r & 0xfffff000u) | v };
			uint32_t hi[4] = { r, (uint32_t)rnd(1ull << 32), r, v << 12 | (r & 0xff000fffu) };
			uint32_t w1[4] = { r, v % 4 << 30 | (r >> 2), ~r, (uint32_t)rnd(1ull << 32) };

			failed += !same_decoding(t, l, lo);
			failed += !same_decoding(t, l, hi);
			failed += !same_decoding(t, l, w1);
		}
	}
}

/* One case per validation rule: the return code and a message naming field and level. */
static void test_errors(struct ktap *t)
{
	static const struct {
		const char *what;
		enum vsharp_gfx level;
		int ret;
		const char *field;
	} cases[] = {
		{ "base above 48 bits", VSHARP_GFX9, -ERANGE, "base" },
		{ "stride above 14 bits", VSHARP_GFX9, -ERANGE, "stride" },
		{ "add_tid stride above 18 bits", VSHARP_GFX9, -ERANGE, "stride" },
		{ "gfx12 stride not a multiple of the scale", VSHARP_GFX12, -EINVAL, "stride" },
		{ "gfx12 stride beyond 14 bits times scale", VSHARP_GFX12, -ERANGE, "stride" },
		{ "stride scale on gfx11", VSHARP_GFX11, -EINVAL, "stride_scale" },
		{ "stride scale 2 on gfx12", VSHARP_GFX12, -EINVAL, "stride_scale" },
		{ "10_11_11_UNORM on gfx11", VSHARP_GFX11, -EINVAL, "format" },
		{ "SNORM_OGL on gfx8", VSHARP_GFX8, -EINVAL, "format" },
		{ "data format with add_tid on gfx9", VSHARP_GFX9, -EINVAL, "format" },
		{ "dst_sel 2", VSHARP_GFX10, -EINVAL, "dst_sel_y" },
		{ "element size 3 on gfx8", VSHARP_GFX8, -EINVAL, "element_size" },
		{ "element size 8 on gfx9", VSHARP_GFX9, -EINVAL, "element_size" },
		{ "element size without swizzle on gfx11", VSHARP_GFX11, -EINVAL, "element_size" },
		{ "swizzle element size 8 on gfx12", VSHARP_GFX12, -EINVAL, "element_size" },
		{ "index stride 12", VSHARP_GFX10_3, -EINVAL, "index_stride" },
		{ "oob_select on gfx9", VSHARP_GFX9, -EINVAL, "oob_select" },
		{ "oob_select 4 on gfx10", VSHARP_GFX10, -ERANGE, "oob_select" },
		{ "compression on gfx11", VSHARP_GFX11, -EINVAL, "compression_en" },
		{ "write compress on gfx10.3", VSHARP_GFX10_3, -EINVAL, "write_compress_enable" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum vsharp_gfx l = cases[i].level;
		struct vsharp_error err = { "" };
		struct vsharp_buffer b;
		uint32_t dw[4];
		int ret;

		vsharp_buffer_default(l, &b);
		switch (i) {
		case 0: b.base = 1ull << 48; break;
		case 1: b.stride = 16384; break;
		case 2: b.add_tid = true; b.format.dfmt = 0; b.stride = 1 << 18; break;
		case 3: b.stride_scale = 4; b.stride = 6; break;
		case 4: b.stride_scale = 8; b.stride = 16384 * 8; break;
		case 5: b.stride_scale = 4; break;
		case 6: b.stride_scale = 2; break;
		case 7: b.format.dfmt = VSHARP_DFMT_10_11_11; b.format.nfmt = VSHARP_NFMT_UNORM; break;
		case 8: b.format.dfmt = VSHARP_DFMT_8; b.format.nfmt = VSHARP_NFMT_SNORM_OGL; break;
		case 9: b.add_tid = true; break;
		case 10: b.dst_sel[1] = 2; break;
		case 11: b.element_size = 3; break;
		case 12: b.element_size = 8; break;
		case 13: b.element_size = 4; break;
		case 14: b.swizzle = true; b.element_size = 8; break;
		case 15: b.index_stride = 12; break;
		case 16: b.oob_select = 1; break;
		case 17: b.oob_select = 4; break;
		case 18: b.compression = true; break;
		case 19: b.write_compress = true; break;
		}
		ret = vsharp_desc_encode(l, &b, dw, &err);
		CHECK_MSG(t, ret == cases[i].ret, "%s: returned %d", cases[i].what, ret);
		CHECK_MSG(t, !strncmp(err.msg, cases[i].field, strlen(cases[i].field)) &&
			  err.msg[strlen(cases[i].field)] == ':' &&
			  strstr(err.msg, vsharp_gfx_name(l)) && strstr(err.msg, "allowed"),
			  "%s: message '%s'", cases[i].what, err.msg);
	}
}

/* Raw fields: existence, width and allowed codes. */
static void test_field_errors(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		enum vsharp_field field;
		uint64_t value;
		int ret;
		const char *expect;
	} cases[] = {
		{ VSHARP_GFX10, VSHARP_F_USER_VM_ENABLE, 0, -EINVAL, "exists on gfx9" },
		{ VSHARP_GFX9, VSHARP_F_OOB_SELECT, 1, -EINVAL, "exists on gfx10, gfx10.3, gfx11, gfx12" },
		{ VSHARP_GFX11, VSHARP_F_RESOURCE_LEVEL, 1, -EINVAL, "exists on gfx10, gfx10.3" },
		{ VSHARP_GFX10, VSHARP_F_LLC_NOALLOC, 1, -EINVAL, "exists on gfx10.3, gfx11" },
		{ VSHARP_GFX8, VSHARP_F_MTYPE, 8, -ERANGE, "allowed 0..7" },
		{ VSHARP_GFX9, VSHARP_F_STRIDE, 16384, -ERANGE, "allowed 0..16383" },
		{ VSHARP_GFX10, VSHARP_F_RESOURCE_LEVEL, 0, -EINVAL, "must be 1" },
		{ VSHARP_GFX12, VSHARP_F_TYPE, 2, -EINVAL, "reserved" },
		{ VSHARP_GFX10_3, VSHARP_F_FORMAT, 78, -EINVAL, "image-only" },
		{ VSHARP_GFX11, VSHARP_F_FORMAT, 64, -ERANGE, "allowed 0..63" },
		{ VSHARP_GFX11, VSHARP_F_SWIZZLE_ENABLE, 2, -EINVAL, "RDNA3/RDNA4 define no 2" },
		{ VSHARP_GFX8, VSHARP_F_NUM_FORMAT, 6, -EINVAL, "6 is reserved on gfx8" },
		{ VSHARP_GFX9, VSHARP_F_DATA_FORMAT, 15, -EINVAL, "15 is reserved" },
		{ VSHARP_GFX7, VSHARP_F_DATA_FORMAT, 15, -EINVAL, "15 is reserved" },
		{ VSHARP_GFX6, VSHARP_F_DST_SEL_W, 3, -EINVAL, "2 and 3 are reserved" },
		{ VSHARP_GFX9, VSHARP_F_BASE, 1ull << 48, -ERANGE, "48-bit" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct vsharp_desc_fields d = { { 0 }, 0 };
		struct vsharp_error err = { "" };
		uint32_t dw[4];
		int ret;

		vsharp_fields_set(&d, cases[i].field, cases[i].value);
		ret = vsharp_fields_pack(cases[i].level, &d, dw, &err);
		CHECK_MSG(t, ret == cases[i].ret, "%s=%llu on %s: returned %d",
			  vsharp_field_name(cases[i].field), (unsigned long long)cases[i].value,
			  vsharp_gfx_name(cases[i].level), ret);
		CHECK_MSG(t, strstr(err.msg, vsharp_field_name(cases[i].field)) &&
			  strstr(err.msg, vsharp_gfx_name(cases[i].level)) &&
			  strstr(err.msg, cases[i].expect), "message '%s'", err.msg);
	}
}

KTAP_MAIN(KTAP_CASE(test_field_positions), KTAP_CASE(test_field_packing),
	  KTAP_CASE(test_base_address), KTAP_CASE(test_round_trip_buffers),
	  KTAP_CASE(test_round_trip_words), KTAP_CASE(test_decode_flags),
	  KTAP_CASE(test_add_tid_stride), KTAP_CASE(test_swizzle_encoding),
	  KTAP_CASE(test_gfx12_stride_scale), KTAP_CASE(test_encode_each_value),
	  KTAP_CASE(test_encode_random), KTAP_CASE(test_decode_random), KTAP_CASE(test_errors),
	  KTAP_CASE(test_field_errors))
