// SPDX-License-Identifier: MIT
/*
 * One case per sentence of the AMD ISA guides that the model once got
 * wrong: each test quotes its sentence.  ISA-V = "AMD Vega Instruction Set
 * Architecture", R2..R4 = the RDNA2, RDNA3 and RDNA4 guides (Markdown in
 * github.com/kuhar/amdgpu-isa-manuals).
 */
#include "model_util.h"

/* Plans a buffer instruction on the V# words exactly as given. */
static bool raw_plan(struct ktap *t, enum vsharp_gfx level, const char *op, const uint32_t desc[4],
		     struct vsharp_buffer_plan *p)
{
	struct vsharp_buffer_access a;
	struct vsharp_error err = { "" };

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, op, &err);
	memcpy(a.desc, desc, sizeof(a.desc));
	a.offen = true;
	a.align = VSHARP_ALIGN_UNALIGNED;
	vsharp_rules_default(level, &a.rules);
	return CHECK_MSG(t, a.op && vsharp_buffer_plan(&a, p, &err) == 0, "%s %s: %s",
			 vsharp_gfx_name(level), op, err.msg);
}

static void raw_lane(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
		     struct vsharp_lane_out *out)
{
	struct vsharp_memory mem = { .va = MEM_VA, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_lds lds = { test_lds_bytes, sizeof(test_lds_bytes) };

	vsharp_buffer_lane(p, in, &mem, &lds, out);
}

/*
 * R2 DS_READ_ADDTID_B32: "LDS_BASE + {OFFSET1,OFFSET0} + M0[15:0] + TID*4";
 * R3 §12.5 and R4 M0 table: "Unsigned byte Offset[15:0] used for:
 * ds_load_addtid_b32".  M0[31:16] takes no part, on every level with ADDTID.
 */
static void test_addtid_m0_low_half(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		const char *op;
	} addtid[] = {
		{ VSHARP_GFX9, "ds_read_addtid_b32" },
		{ VSHARP_GFX10, "ds_read_addtid_b32" },
		{ VSHARP_GFX10_3, "ds_read_addtid_b32" },
		{ VSHARP_GFX11, "ds_load_addtid_b32" },
		{ VSHARP_GFX12, "ds_load_addtid_b32" },
	};

	for (unsigned i = 0; i < sizeof(addtid) / sizeof(addtid[0]); i++) {
		struct vsharp_ds_access a;
		struct vsharp_ds_lane_in in;
		struct vsharp_ds_lane_out out;
		struct vsharp_lds lds = { test_lds_bytes, 0x1000 };

		memset(&a, 0, sizeof(a));
		memset(&in, 0, sizeof(in));
		a.level = addtid[i].level;
		a.op = vsharp_op_find(a.level, addtid[i].op, NULL);
		a.align = VSHARP_ALIGN_UNALIGNED;
		vsharp_rules_default(a.level, &a.rules);
		if (!CHECK_MSG(t, a.op, "%s has %s", vsharp_gfx_name(a.level), addtid[i].op))
			continue;
		/* M0 0x12340100, offset 0x10, lane 3: 0x100 + 0x10 + 12 = 0x11c. */
		a.m0 = 0x12340100;
		a.offset0 = 0x10;
		in.lane = 3;
		memset(test_lds_bytes, 0, 0x1000);
		memcpy(test_lds_bytes + 0x11c, &(uint32_t){ 0xcafef00d }, 4);
		vsharp_ds_lane(&a, &in, &lds, &out);
		CHECK_EQ(t, out.addr[0], 0x11c);
		CHECK(t, out.in_range[0]);
		CHECK_EQ(t, out.vdst[0], 0xcafef00d);
	}
}

/*
 * R3 §9.6 Unbound Resources: "keyed off the data-format being set to zero
 * (INVALID), and for MUBUF the add_tid_en = false"; R4 §9.6: "for
 * untyped-buffer".  A GFX10+ V# with FORMAT 0 and ADD_TID 1 is bound for an
 * untyped load; without ADD_TID the same V# is unbound.
 */
static void test_format0_add_tid_bound(struct ktap *t)
{
	static const enum vsharp_gfx levels[] = {
		VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
	};

	memcpy(test_mem_bytes + 0x40, &(uint32_t){ 0x600dd00d }, 4);
	for (unsigned i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		const char *op = levels[i] >= VSHARP_GFX11 ? "buffer_load_b32" : "buffer_load_dword";
		/* Base MEM_VA, stride 0, NUM_RECORDS 0x1000, DST_SEL XYZW, FORMAT 0, ADD_TID (bit 23). */
		uint32_t desc[4] = { (uint32_t)MEM_VA, 0, 0x1000, 0x00000fac | 1u << 23 };
		struct vsharp_buffer_plan p;
		struct vsharp_lane_in in = lane_off(0x40);
		struct vsharp_lane_out out;

		if (levels[i] == VSHARP_GFX10 || levels[i] == VSHARP_GFX10_3)
			desc[3] |= 1u << 24;	/* RESOURCE_LEVEL 1 */
		desc[3] |= 3u << 28;		/* OOB_SELECT 3 (raw) */
		if (raw_plan(t, levels[i], op, desc, &p)) {
			CHECK(t, !p.unbound);
			raw_lane(&p, &in, &out);
			CHECK(t, !out.unbound);
			CHECK_EQ(t, out.vdst[0], 0x600dd00d);
		}
		desc[3] &= ~(1u << 23);
		if (raw_plan(t, levels[i], op, desc, &p)) {
			CHECK(t, p.unbound);
			raw_lane(&p, &in, &out);
			CHECK_EQ(t, out.vdst[0], 0);
		}
	}
}

/*
 * LLVM's SI/CI default buffer format: SIInstrInfo.h RSRC_DATA_FORMAT =
 * 0xf000 (word3 bits 15:12: NUM_FORMAT 7 = FLOAT, DATA_FORMAT 1 = 8), as in
 * every scratch V# 0x00e8f000 and `s_mov_b32 s3, 0xf000` of an addr64 access.
 * ISA-V §8.1.4: untyped instructions replace the format by their own unless
 * it is INVALID, so an illegal pair is still bound for them.
 */
static void test_llvm_si_default_format(struct ktap *t)
{
	static const enum vsharp_gfx levels[] = { VSHARP_GFX6, VSHARP_GFX7 };
	uint32_t words[4] = { (uint32_t)MEM_VA, 0, 0x1000, 0x0000f000 };

	memcpy(test_mem_bytes + 0x80, &(uint32_t){ 0x12345678 }, 4);
	for (unsigned i = 0; i < 2; i++) {
		struct vsharp_buffer b;
		struct vsharp_buffer_plan p;
		struct vsharp_lane_in in = lane_off(0x80);
		struct vsharp_lane_out out;
		unsigned flags = vsharp_desc_decode(levels[i], words, &b);

		/* The fields decode as they are: DATA_FORMAT 8, NUM_FORMAT FLOAT. */
		CHECK_EQ(t, b.format.dfmt, VSHARP_DFMT_8);
		CHECK_EQ(t, b.format.nfmt, VSHARP_NFMT_FLOAT);
		CHECK(t, flags & VSHARP_DESC_RESERVED_FORMAT);
		if (raw_plan(t, levels[i], "buffer_load_dword", words, &p)) {
			CHECK(t, !p.unbound);
			raw_lane(&p, &in, &out);
			CHECK_EQ(t, out.vdst[0], 0x12345678);
		}
		/* The scratch V# word3 of SI/CI (SIRegisterInfo, Mesa radeonsi). */
		words[3] = 0x00e8f000;
		if (raw_plan(t, levels[i], "buffer_store_dword", words, &p))
			CHECK(t, !p.unbound);
		words[3] = 0x0000f000;
		/* A format load has no legal format to convert with: unbound. */
		if (raw_plan(t, levels[i], "buffer_load_format_x", words, &p))
			CHECK(t, p.unbound);
	}
}

/*
 * R3 §9.6, R4 §9.6: "If the resource type and instruction mismatch (e.g. ...
 * an image resource with a buffer instruction), the instruction is ignored
 * (loads return nothing and stores do not alter memory)."  Not the zeros of
 * an unbound resource: the VGPRs keep their values.
 */
static void test_type_mismatch_ignored(struct ktap *t)
{
	struct vsharp_buffer b;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in = lane_off(0xc0);
	struct vsharp_lane_out out;
	uint32_t desc[4];

	vsharp_buffer_default(VSHARP_GFX11, &b);
	b.base = MEM_VA;
	b.num_records = 0x1000;
	if (!CHECK(t, vsharp_desc_encode(VSHARP_GFX11, &b, desc, NULL) == 0))
		return;
	/* TYPE, word3 bits 31:30 (R3 §9.6 "Value == 0 for buffer"), set to 2. */
	desc[3] |= 2u << 30;
	memcpy(test_mem_bytes + 0xc0, &(uint32_t){ 0x11111111 }, 4);
	in.vdst[0] = 0xdeadbeef;
	if (raw_plan(t, VSHARP_GFX11, "buffer_load_b32", desc, &p)) {
		CHECK(t, p.ignored);
		CHECK(t, !p.unbound);
		raw_lane(&p, &in, &out);
		CHECK(t, out.ignored);
		CHECK_EQ(t, out.n_vdst, 1);
		CHECK_EQ(t, out.vdst[0], 0xdeadbeef);
	}
	in.data[0] = 0x22222222;
	if (raw_plan(t, VSHARP_GFX11, "buffer_store_b32", desc, &p)) {
		raw_lane(&p, &in, &out);
		CHECK_EQ(t, test_mem_bytes[0xc0], 0x11);
	}
	/* The same V# with TYPE 0 loads the memory. */
	desc[3] &= ~(3u << 30);
	if (raw_plan(t, VSHARP_GFX11, "buffer_load_b32", desc, &p)) {
		raw_lane(&p, &in, &out);
		CHECK_EQ(t, out.vdst[0], 0x11111111);
	}
}

/*
 * ISA-V MUBUF TFE: "fetch can return a NACK that causes a VGPR write into
 * DST+1"; R4 §10.1.1: "nothing is returned if no thread experiences a
 * texture fault".  Without a NACK the status VGPR keeps its value, in range
 * or not.
 */
static void test_tfe_status_untouched(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX12, "buffer_load_b32");
	struct vsharp_lane_in in = lane_off(0x100);
	struct vsharp_lane_out out;

	c.offen = c.tfe = true;
	c.buf.num_records = 0x200;
	in.vdst[1] = 0x5a5a5a5a;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.n_vdst, 2);
		CHECK_EQ(t, out.vdst[1], 0x5a5a5a5a);
	}
	in.voffset = 0x200;
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, out.vdst[1], 0x5a5a5a5a);
	}
}

static bool ds_run(struct ktap *t, enum vsharp_gfx level, const char *op, enum vsharp_align_mode mode,
		   uint32_t vaddr, const uint32_t data[4], struct vsharp_ds_lane_out *out)
{
	struct vsharp_ds_access a;
	struct vsharp_ds_lane_in in;
	struct vsharp_lds lds = { test_lds_bytes, 0x400 };

	memset(&a, 0, sizeof(a));
	memset(&in, 0, sizeof(in));
	a.level = level;
	a.op = vsharp_op_find(level, op, NULL);
	a.m0 = 0xffffffff;
	a.align = mode;
	vsharp_rules_default(level, &a.rules);
	in.vaddr = vaddr;
	if (data)
		memcpy(in.data0, data, sizeof(in.data0));
	if (!CHECK_MSG(t, a.op && vsharp_ds_check(&a, NULL) == 0, "%s %s", vsharp_gfx_name(level), op))
		return false;
	vsharp_ds_lane(&a, &in, &lds, out);
	return true;
}

/*
 * R4 §3.3.5.1 Out Of Range: "Loads return the value zero. For multi-DWORD
 * loads, this is checked per DWORD ... Any portion of a store operation that
 * is in range is written to LDS ... byte granularity for UNALIGNED mode, and
 * DWORD granularity for DWORD alignment mode"; "LDS operations report
 * MEMVIOL if the LDS-address is out of range".  GFX11 (R3) keeps the whole
 * access rule and reports no MEMVIOL.  The allocation here is 0x400 bytes.
 */
static void test_gfx12_lds_out_of_range(struct ktap *t)
{
	static const uint32_t data[4] = { 0x44332211, 0x88776655, 0xccbbaa99, 0x00ffeedd };
	struct vsharp_ds_lane_out out;

	for (unsigned i = 0; i < 0x400; i++)
		test_lds_bytes[i] = (uint8_t)i;
	/* b128 at 0x3f8: dwords 0, 1 in range, 2, 3 out. */
	if (ds_run(t, VSHARP_GFX12, "ds_load_b128", VSHARP_ALIGN_UNALIGNED, 0x3f8, NULL, &out)) {
		CHECK(t, out.memviol);
		CHECK(t, !out.in_range[0]);
		CHECK_EQ(t, out.byte_in_range[0], 0x00ff);
		CHECK_EQ(t, out.vdst[0], 0xfbfaf9f8);
		CHECK_EQ(t, out.vdst[1], 0xfffefdfc);
		CHECK_EQ(t, out.vdst[2], 0);
		CHECK_EQ(t, out.vdst[3], 0);
	}
	/* Unaligned b64 at 0x3fa: dword 0 is 0x3fa..0x3fd (in), dword 1 straddles: zero. */
	if (ds_run(t, VSHARP_GFX12, "ds_load_b64", VSHARP_ALIGN_UNALIGNED, 0x3fa, NULL, &out)) {
		CHECK_EQ(t, out.vdst[0], 0xfdfcfbfa);
		CHECK_EQ(t, out.vdst[1], 0);
	}
	/* GFX11: the whole b128 reads zero, no MEMVIOL. */
	if (ds_run(t, VSHARP_GFX11, "ds_load_b128", VSHARP_ALIGN_UNALIGNED, 0x3f8, NULL, &out)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, out.byte_in_range[0], 0);
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, out.vdst[1], 0);
	}
	/* An unaligned b32 store at 0x3fe, UNALIGNED: bytes 0x3fe, 0x3ff written. */
	if (ds_run(t, VSHARP_GFX12, "ds_store_b32", VSHARP_ALIGN_UNALIGNED, 0x3fe, data, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, test_lds_bytes[0x3fd], 0xfd);
		CHECK_EQ(t, test_lds_bytes[0x3fe], 0x11);
		CHECK_EQ(t, test_lds_bytes[0x3ff], 0x22);
	}
	/*
	 * b128 store at 0x3f8, dword aligned (DWORD_STRICT: DWORD mode itself
	 * forces 16-byte alignment): dwords 0, 1 written, 2, 3 discarded.
	 */
	if (ds_run(t, VSHARP_GFX12, "ds_store_b128", VSHARP_ALIGN_DWORD_STRICT, 0x3f8, data, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, test_lds_bytes[0x3f8], 0x11);
		CHECK_EQ(t, test_lds_bytes[0x3ff], 0x88);
	}
	/* GFX11 drops the whole store. */
	test_lds_bytes[0x3f8] = 0xf8;
	if (ds_run(t, VSHARP_GFX11, "ds_store_b128", VSHARP_ALIGN_DWORD_STRICT, 0x3f8, data, &out))
		CHECK_EQ(t, test_lds_bytes[0x3f8], 0xf8);
	/* In range: no MEMVIOL on GFX12. */
	if (ds_run(t, VSHARP_GFX12, "ds_load_b32", VSHARP_ALIGN_UNALIGNED, 0x3fc, NULL, &out)) {
		CHECK(t, !out.memviol);
		CHECK(t, out.in_range[0]);
	}
}

KTAP_MAIN(KTAP_CASE(test_addtid_m0_low_half), KTAP_CASE(test_format0_add_tid_bound),
	  KTAP_CASE(test_llvm_si_default_format), KTAP_CASE(test_type_mismatch_ignored),
	  KTAP_CASE(test_tfe_status_untouched), KTAP_CASE(test_gfx12_lds_out_of_range))
