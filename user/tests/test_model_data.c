// SPDX-License-Identifier: MIT
/*
 * What buffer instructions return and write: derived and resource formats,
 * DST_SEL (R3 Table 42), out-of-range results (R3 §9.4.1 note 1), D16
 * packing (R3 §9.3.1), TFE, atomics (R3 §15 pseudo-code) and unbound
 * resources (R3 §9.6).  Values are IEEE-754 bit patterns.
 */
#include "model_util.h"

#define F1 0x3f800000u	/* 1.0f */
#define H1 0x3c00u	/* 1.0 half */

static void put(unsigned off, const uint8_t *b, unsigned n)
{
	memcpy(test_mem_bytes + off, b, n);
}

static void test_sub_dword_loads(struct ktap *t)
{
	static const uint8_t bytes[] = { 0x80, 0xff, 0x34, 0x12 };
	struct mcase c = mcase(VSHARP_GFX9, "buffer_load_ubyte");
	struct vsharp_lane_in in = lane_off(0x100);
	struct vsharp_lane_out out;

	put(0x100, bytes, 4);
	c.offen = true;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x80);
	c.op = "buffer_load_sbyte";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xffffff80);
	c.op = "buffer_load_sshort";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xffffff80);
	c.op = "buffer_load_ushort";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xff80);
	/* D16: only one half changes (LLVM d16PreservesUnusedBits). */
	c.op = "buffer_load_sbyte_d16_hi";
	in.vdst[0] = 0xaaaabbbb;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xff80bbbb);
	c.op = "buffer_load_short_d16";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0xaaaaff80);
	c.rule = "d16_unused_half=zero";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x0000ff80);
}

static void test_format_load_dst_sel(struct ktap *t)
{
	static const uint8_t rgba[] = { 255, 0, 51, 128 };
	struct mcase c = mcase(VSHARP_GFX11, "buffer_load_format_xyzw");
	struct vsharp_lane_in in = lane_off(0x200);
	struct vsharp_lane_out out;

	put(0x200, rgba, 4);
	c.offen = true;
	c.buf.format.dfmt = VSHARP_DFMT_8_8_8_8;
	c.buf.format.nfmt = VSHARP_NFMT_UNORM;
	/* UNORM8: 255 -> 1.0, 0 -> 0, 51 -> 0.2 (0x3e4ccccd), 128 -> 128/255 (0x3f008081). */
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.n_vdst, 4);
		CHECK_EQ(t, out.vdst[0], F1);
		CHECK_EQ(t, out.vdst[1], 0);
		CHECK_EQ(t, out.vdst[2], 0x3e4ccccd);
		CHECK_EQ(t, out.vdst[3], 0x3f008081);
	}
	/* DST_SEL W, Z, 1, 0. */
	c.buf.dst_sel[0] = VSHARP_SEL_W;
	c.buf.dst_sel[1] = VSHARP_SEL_Z;
	c.buf.dst_sel[2] = VSHARP_SEL_1;
	c.buf.dst_sel[3] = VSHARP_SEL_0;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], 0x3f008081);
		CHECK_EQ(t, out.vdst[1], 0x3e4ccccd);
		CHECK_EQ(t, out.vdst[2], F1);
		CHECK_EQ(t, out.vdst[3], 0);
	}
	/* Out of range: zeros, except SEL_1 components which return 1. */
	c.buf.num_records = 0x200;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.in_range, 0);
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, out.vdst[1], 0);
		CHECK_EQ(t, out.vdst[2], F1);
	}
	/* Integer formats return integer 1. */
	c.buf.format.nfmt = VSHARP_NFMT_UINT;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[2], 1);
	/* A channel the format lacks: 0 for Y, Z; W per missing_channel (0001 default). */
	c = mcase(VSHARP_GFX11, "buffer_load_format_xyzw");
	c.offen = true;
	c.buf.format.dfmt = VSHARP_DFMT_32;
	c.buf.format.nfmt = VSHARP_NFMT_FLOAT;
	test_mem_bytes[0x200] = 0;
	memcpy(test_mem_bytes + 0x200, &(uint32_t){ 0x40490fdb }, 4);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], 0x40490fdb);
		CHECK_EQ(t, out.vdst[1], 0);
		CHECK_EQ(t, out.vdst[2], 0);
		CHECK_EQ(t, out.vdst[3], F1);
	}
	c.rule = "missing_channel=0000";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[3], 0);
}

static void test_mtbuf_identity(struct ktap *t)
{
	/* TBUFFER: the instruction's format, identity DST_SEL XY00 (R3 Table 42). */
	struct mcase c = mcase(VSHARP_GFX10_3, "tbuffer_load_format_xyzw");
	struct vsharp_lane_in in = lane_off(0x300);
	struct vsharp_lane_out out;

	memcpy(test_mem_bytes + 0x300, &(uint32_t){ 0xc0003c00 }, 4);	/* half 1.0, -2.0 */
	c.offen = true;
	c.buf.dst_sel[0] = VSHARP_SEL_1;	/* ignored by MTBUF */
	c.tformat.dfmt = VSHARP_DFMT_16_16;
	c.tformat.nfmt = VSHARP_NFMT_FLOAT;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], F1);
		CHECK_EQ(t, out.vdst[1], 0xc0000000);
		CHECK_EQ(t, out.vdst[2], 0);
		CHECK_EQ(t, out.vdst[3], 0);
	}
}

static void test_d16_format(struct ktap *t)
{
	struct vsharp_lane_in in = lane_off(0x400);
	struct vsharp_lane_out out;
	struct mcase c;

	/* 8_8_8_8_UNORM {255, 0, ...} as halves: 1.0 = 0x3c00, 0. */
	test_mem_bytes[0x400] = 255;
	test_mem_bytes[0x401] = 0;
	test_mem_bytes[0x402] = 255;
	test_mem_bytes[0x403] = 255;
	for (int l = VSHARP_GFX8; l <= VSHARP_GFX12; l++) {
		c = mcase(l, l >= VSHARP_GFX11 ? "buffer_load_d16_format_xyz" :
			  "buffer_load_format_d16_xyz");
		c.offen = true;
		c.buf.format.dfmt = VSHARP_DFMT_8_8_8_8;
		c.buf.format.nfmt = VSHARP_NFMT_UNORM;
		in.vdst[1] = 0xdead0000;
		if (!mrun(t, &c, &in, &out))
			continue;
		if (l == VSHARP_GFX8) {
			/* Unpacked: one component per VGPR; the high half zeroed (GFX8's default). */
			CHECK_EQ(t, out.n_vdst, 3);
			CHECK_EQ(t, out.vdst[0], H1);
			CHECK_EQ(t, out.vdst[1], 0);
			CHECK_EQ(t, out.vdst[2], H1);
			/* ... or kept, under d16_unused_half=preserve. */
			c.rule = "d16_unused_half=preserve";
			if (mrun(t, &c, &in, &out))
				CHECK_EQ(t, out.vdst[1], 0xdead0000);
		} else {
			/* Packed LSB first; the unused high half of VGPR 1 is kept. */
			CHECK_EQ(t, out.n_vdst, 2);
			CHECK_EQ(t, out.vdst[0], H1);
			CHECK_EQ(t, out.vdst[1], 0xdead0000 | H1);
		}
	}
}

/*
 * The D16 layout is the processor's: LLVM AMDGPU.td gives
 * FeatureUnpackedD16VMem to gfx801-gfx805 and not to gfx810 (Stoney), and
 * AMDGPUUsage's GFX8 vdata/vdst pages say "2 dwords for GFX8.0. This H/W
 * supports no packing. 1 dword for GFX8.1+. This H/W supports data packing"
 * for the d16_xyzw forms.
 */
static void test_d16_format_gfx810(struct ktap *t)
{
	struct vsharp_lane_in in = lane_off(0x440);
	struct vsharp_lane_out out;
	struct vsharp_error err = { "" };
	struct vsharp_buffer_plan p;
	struct mcase c;

	/* 8_8_8_8_UNORM {255, 0, 255, 255}: halves 1.0, 0, 1.0, 1.0. */
	memcpy(test_mem_bytes + 0x440, (const uint8_t[]){ 255, 0, 255, 255 }, 4);
	c = mcase(VSHARP_GFX8, "buffer_load_format_d16_xyzw");
	c.target = "gfx810";
	c.offen = true;
	c.buf.format.dfmt = VSHARP_DFMT_8_8_8_8;
	c.buf.format.nfmt = VSHARP_NFMT_UNORM;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.n_vdst, 2);
		CHECK_EQ(t, out.vdst[0], H1);
		CHECK_EQ(t, out.vdst[1], H1 << 16 | H1);
	}
	c.target = "gfx803";
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.n_vdst, 4);
		CHECK_EQ(t, out.vdst[1], 0);
		CHECK_EQ(t, out.vdst[3], H1);
	}
	/* Stores read the halves the same way: {1.0, 0.5} -> ff 80 on gfx810. */
	c = mcase(VSHARP_GFX8, "buffer_store_format_d16_xy");
	c.target = "gfx810";
	c.offen = true;
	c.buf.format.dfmt = VSHARP_DFMT_8_8;
	c.buf.format.nfmt = VSHARP_NFMT_UNORM;
	in.data[0] = 0x3800u << 16 | H1;
	in.data[1] = 0x3800;
	memset(test_mem_bytes + 0x440, 0x77, 4);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, test_mem_bytes[0x440], 0xff);
		CHECK_EQ(t, test_mem_bytes[0x441], 0x80);
		CHECK_EQ(t, test_mem_bytes[0x442], 0x77);
	}
	/* gfx803 takes y from the second VGPR's low half. */
	c.target = "gfx803";
	in.data[0] = H1;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, test_mem_bytes[0x440], 0xff);
		CHECK_EQ(t, test_mem_bytes[0x441], 0x80);
	}
	/* A processor of another level is refused by name. */
	c = mcase(VSHARP_GFX9, "buffer_load_format_d16_x");
	c.target = "gfx810";
	CHECK(t, mplan(&c, &p, &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "target: gfx810 is a gfx8 processor, not gfx9") != NULL, "%s", err.msg);
}

static void test_f32_to_f16_rounding(struct ktap *t)
{
	/*
	 * 1 + 2^-11 + 2^-12 (0x3f801800) sits above the midpoint between two
	 * halves: nearest-even gives 0x3c01, truncation (GFX11/12, R3 §9.3.1) 0x3c00.
	 */
	struct vsharp_lane_in in = lane_off(0x500);
	struct vsharp_lane_out out;

	memcpy(test_mem_bytes + 0x500, &(uint32_t){ 0x3f801800 }, 4);
	for (int l = VSHARP_GFX9; l <= VSHARP_GFX12; l++) {
		struct mcase c = mcase(l, l >= VSHARP_GFX11 ? "buffer_load_d16_format_x" :
				       "buffer_load_format_d16_x");

		c.offen = true;
		in.vdst[0] = 0;
		if (mrun(t, &c, &in, &out))
			CHECK_EQ(t, out.vdst[0], l >= VSHARP_GFX11 ? 0x3c00 : 0x3c01);
	}
}

static void test_format_store(struct ktap *t)
{
	struct vsharp_lane_in in = lane_off(0x600);
	struct vsharp_lane_out out;
	struct mcase c;

	/* store_format_xy into 8_8_8_8_UNORM: 1.0 -> 255, 0.5 -> 128. */
	for (int l = VSHARP_GFX11; l <= VSHARP_GFX12; l++) {
		memset(test_mem_bytes + 0x600, 0x77, 4);
		c = mcase(l, "buffer_store_format_xy");
		c.offen = true;
		c.buf.format.dfmt = VSHARP_DFMT_8_8_8_8;
		c.buf.format.nfmt = VSHARP_NFMT_UNORM;
		in.data[0] = F1;
		in.data[1] = 0x3f000000;
		if (!mrun(t, &c, &in, &out))
			continue;
		CHECK_EQ(t, test_mem_bytes[0x600], 255);
		CHECK_EQ(t, test_mem_bytes[0x601], 128);
		/* R4 §9.3: missing components replicate X (XYXX); GFX11 keeps memory. */
		CHECK_EQ(t, test_mem_bytes[0x602], l == VSHARP_GFX12 ? 255 : 0x77);
		CHECK_EQ(t, test_mem_bytes[0x603], l == VSHARP_GFX12 ? 255 : 0x77);
	}
	/* Channels whose DST_SEL is a constant are not written. */
	memset(test_mem_bytes + 0x600, 0x77, 4);
	c = mcase(VSHARP_GFX10, "buffer_store_format_xyzw");
	c.offen = true;
	c.buf.format.dfmt = VSHARP_DFMT_8_8_8_8;
	c.buf.format.nfmt = VSHARP_NFMT_UINT;
	c.buf.dst_sel[1] = VSHARP_SEL_0;
	in.data[0] = 1;
	in.data[1] = 2;
	in.data[2] = 3;
	in.data[3] = 4;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, test_mem_bytes[0x600], 1);
		CHECK_EQ(t, test_mem_bytes[0x601], 0x77);
		CHECK_EQ(t, test_mem_bytes[0x602], 3);
		CHECK_EQ(t, test_mem_bytes[0x603], 4);
	}
	/* Out of range: nothing written. */
	c.buf.num_records = 0x600;
	memset(test_mem_bytes + 0x600, 0x77, 4);
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, test_mem_bytes[0x600], 0x77);
}

static void test_untyped_store_partial(struct ktap *t)
{
	/* A B128 store with two dwords past NUM_RECORDS writes only the first two (note 4). */
	struct mcase c = mcase(VSHARP_GFX11, "buffer_store_b128");
	struct vsharp_lane_in in = lane_off(0x700 - 8);
	struct vsharp_lane_out out;

	memset(test_mem_bytes + 0x6f0, 0, 32);
	c.offen = true;
	c.buf.num_records = 0x700;
	for (int i = 0; i < 4; i++)
		in.data[i] = 0x01010101u * (unsigned)(i + 1);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.in_range, 0x3);
		CHECK_EQ(t, test_mem_bytes[0x6f8], 1);
		CHECK_EQ(t, test_mem_bytes[0x6fc], 2);
		CHECK_EQ(t, test_mem_bytes[0x700], 0);
	}
	/* buffer_store_short_d16_hi writes bits [31:16]. */
	c = mcase(VSHARP_GFX9, "buffer_store_short_d16_hi");
	c.offen = true;
	in.data[0] = 0xbeef1234;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, test_mem_bytes[0x6f8], 0xef);
		CHECK_EQ(t, test_mem_bytes[0x6f9], 0xbe);
	}
}

static void test_tfe(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX10, "buffer_load_dwordx2");
	struct vsharp_lane_in in = lane_off(0x800);
	struct vsharp_lane_out out;

	c.offen = true;
	c.tfe = true;
	c.buf.num_records = 0x800;
	in.vdst[2] = 0xffffffff;
	/*
	 * The status follows the data VGPRs and is written on a NACK only (PRT
	 * faults): out of range, it keeps its value (test_model_isa_text).
	 */
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.n_vdst, 3);
		CHECK_EQ(t, out.vdst[2], 0xffffffff);
	}
	c.rule = "tfe_oob=fail";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[2], 1);
}

static void test_atomics(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX9, "buffer_atomic_add");
	struct vsharp_lane_in in = lane_off(0x900);
	struct vsharp_lane_out out;
	uint32_t v;

	memcpy(test_mem_bytes + 0x900, &(uint32_t){ 40 }, 4);
	c.offen = c.glc = true;
	in.data[0] = 2;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 40);
	memcpy(&v, test_mem_bytes + 0x900, 4);
	CHECK_EQ(t, v, 42);
	/* CMPSWAP: DATA[0] is the new value, DATA[1] the compare value. */
	c.op = "buffer_atomic_cmpswap";
	in.data[0] = 7;
	in.data[1] = 42;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 42);
	memcpy(&v, test_mem_bytes + 0x900, 4);
	CHECK_EQ(t, v, 7);
	/* INC wraps past the operand, DEC reloads it. */
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_INC, 4, 5, 5, 0), 0);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_INC, 4, 4, 5, 0), 5);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_DEC, 4, 0, 9, 0), 9);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_DEC, 4, 10, 9, 0), 9);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_DEC, 4, 3, 9, 0), 2);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_SMIN, 4, 5, 0xffffffff, 0), 0xffffffff);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_UMIN, 4, 5, 0xffffffff, 0), 5);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_SMAX, 8, 1, 0x8000000000000000ull, 0), 1);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_FADD, 4, F1, F1, 0), 0x40000000);
	/* RDNA2 BUFFER_ATOMIC_CSUB clamps at 0; RDNA4 COND_SUB leaves memory alone instead. */
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_CSUB, 4, 5, 7, 0), 0);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_CSUB, 4, 7, 5, 0), 2);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_COND_SUB, 4, 5, 7, 0), 5);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_COND_SUB, 4, 7, 5, 0), 2);
	/* 64-bit RSUB and MSKOR: DATA - MEM; (MEM & ~DATA0) | DATA1. */
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_RSUB, 8, 1, 0x100000000ull, 0), 0xffffffffull);
	CHECK_EQ(t, vsharp_atomic_apply(VSHARP_ATOMIC_MSKOR, 8, ~0ull, 0xff00000000ull, 0x1ull << 36),
		 0xffffff10ffffffffull);
	/* Out of range: dropped, and the return is 0. */
	c.op = "buffer_atomic_add";
	c.buf.num_records = 0x900;
	in.data[0] = 100;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0);
	memcpy(&v, test_mem_bytes + 0x900, 4);
	CHECK_EQ(t, v, 7);
	/* 64-bit: DATA[0:1] new value, DATA[2:3] compare. */
	c = mcase(VSHARP_GFX11, "buffer_atomic_cmpswap_b64");
	c.offen = c.glc = true;
	memcpy(test_mem_bytes + 0x908, &(uint64_t){ 0x100000002ull }, 8);
	in = lane_off(0x908);
	in.data[0] = 9;
	in.data[2] = 2;
	in.data[3] = 1;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], 2);
		CHECK_EQ(t, out.vdst[1], 1);
	}
	CHECK_EQ(t, test_mem_bytes[0x908], 9);
}

static void test_unbound(struct ktap *t)
{
	/* All-zero V#: loads return 0, stores are ignored (R3 §9.6). */
	struct mcase c = mcase(VSHARP_GFX11, "buffer_load_b32");
	struct vsharp_lane_in in = lane_off(0);
	struct vsharp_lane_out out;
	struct vsharp_memory mem = { .va = 0, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_buffer_plan p;
	struct vsharp_buffer_access a;

	if (!CHECK(t, mplan(&c, &p, NULL) == 0))
		return;
	a = p.a;
	memset(a.desc, 0, sizeof(a.desc));
	memset(test_mem_bytes, 0x33, 8);
	CHECK(t, vsharp_buffer_plan(&a, &p, NULL) == 0);
	vsharp_buffer_lane(&p, &in, &mem, NULL, &out);
	CHECK(t, out.unbound);
	CHECK_EQ(t, out.vdst[0], 0);
	a.op = vsharp_op_find(VSHARP_GFX11, "buffer_store_b32", NULL);
	CHECK(t, vsharp_buffer_plan(&a, &p, NULL) == 0);
	in.data[0] = 0;
	vsharp_buffer_lane(&p, &in, &mem, NULL, &out);
	CHECK_EQ(t, test_mem_bytes[0], 0x33);
	/* INVALID format with a base: also unbound (R3 §9.3). */
	c.buf.format.dfmt = VSHARP_DFMT_32;
	CHECK(t, mplan(&c, &p, NULL) == 0);
	a = p.a;
	a.desc[3] &= ~0x3f000u;
	CHECK(t, vsharp_buffer_plan(&a, &p, NULL) == 0);
	CHECK(t, p.unbound);
}

static void test_load_to_lds(struct ktap *t)
{
	/* ISA-C4 §9.1.9: LDS_ADDR = M0[15:0] + inst_offset + TID * 4. */
	struct mcase c = mcase(VSHARP_GFX9, "buffer_load_dword");
	struct vsharp_lane_in in = lane_off(0xa00);
	struct vsharp_lane_out out;

	memcpy(test_mem_bytes + 0xa08, &(uint32_t){ 0xcafef00d }, 4);
	c.offen = c.lds = true;
	c.m0 = 0x10100;		/* only [15:0] counts */
	c.ioffset = 8;
	in.lane = 3;
	memset(test_lds_bytes, 0, 0x200);
	if (mrun(t, &c, &in, &out)) {
		CHECK(t, out.lds_written);
		CHECK_EQ(t, out.lds_addr, 0x100 + 8 + 12);
		CHECK_EQ(t, out.n_vdst, 0);
		CHECK_EQ(t, test_lds_bytes[0x114], 0x0d);
		CHECK_EQ(t, test_lds_bytes[0x117], 0xca);
	}
	c.rule = "lds_dma_offset=without_ioffset";
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.lds_addr, 0x100 + 12);
	/* GFX11 names it apart. */
	c = mcase(VSHARP_GFX11, "buffer_load_lds_i8");
	c.offen = true;
	test_mem_bytes[0xa00] = 0x80;
	in.lane = 0;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.lds_addr, 0);
		CHECK_EQ(t, test_lds_bytes[3], 0xff);
	}
}

KTAP_MAIN(KTAP_CASE(test_sub_dword_loads), KTAP_CASE(test_format_load_dst_sel),
	  KTAP_CASE(test_mtbuf_identity), KTAP_CASE(test_d16_format), KTAP_CASE(test_d16_format_gfx810),
	  KTAP_CASE(test_f32_to_f16_rounding), KTAP_CASE(test_format_store),
	  KTAP_CASE(test_untyped_store_partial), KTAP_CASE(test_tfe), KTAP_CASE(test_atomics),
	  KTAP_CASE(test_unbound), KTAP_CASE(test_load_to_lds))
