// SPDX-License-Identifier: MIT
/*
 * Buffer addressing and range checks, per level and OOB_SELECT, with the
 * boundary at NUM_RECORDS - 1, NUM_RECORDS, NUM_RECORDS + 1.  Each case cites
 * the formula it checks (ISA guide sections, Documentation/references.rst).
 */
#include "model_util.h"

/* in_range mask of one lane. */
static unsigned range(struct ktap *t, const struct mcase *c, struct vsharp_lane_in in)
{
	struct vsharp_lane_out out;

	if (!mrun(t, c, &in, &out))
		return 0xff;
	return out.in_range;
}

/* ISA-V §8.1.5, R3 §9.4.1.1: ADDR = base + sgpr_offset + inst_offset + voffset + stride * index. */
static void test_linear_address(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct mcase c = mcase(l, l >= VSHARP_GFX11 ? "buffer_load_b32" : "buffer_load_dword");
		struct vsharp_lane_in in = lane_idx(3, 0x20);
		struct vsharp_lane_out out;

		c.buf.stride = 16;
		c.idxen = c.offen = true;
		c.soffset = 0x100;
		c.ioffset = 4;
		if (!mrun(t, &c, &in, &out))
			continue;
		CHECK_EQ(t, out.index, 3);
		CHECK_EQ(t, out.offset, 0x24);
		CHECK_EQ(t, out.addr, MEM_VA + 0x100 + 0x24 + 48);
		/* ADD_TID adds the lane to the index (R3 §9.4.2). */
		c.buf.add_tid = true;
		if (l == VSHARP_GFX8 || l == VSHARP_GFX9)
			c.buf.format.dfmt = VSHARP_DFMT_INVALID;
		in.lane = 5;
		if (!mrun(t, &c, &in, &out))
			continue;
		CHECK_EQ(t, out.index, 8);
		CHECK_EQ(t, out.addr, MEM_VA + 0x100 + 0x24 + 128);
	}
}

static void test_swizzled_address(struct ktap *t)
{
	/*
	 * R3 §9.4.2 worked by hand: stride 16, element 4, index stride 8,
	 * index 10, offset 6: (1 * 16 + 1 * 4) * 8 + 2 * 4 + 2 = 170.
	 */
	struct mcase c = mcase(VSHARP_GFX11, "buffer_load_b32");
	struct vsharp_lane_in in = lane_idx(10, 6);
	struct vsharp_lane_out out;

	c.buf.stride = 16;
	c.buf.swizzle = true;
	c.buf.element_size = 4;
	c.buf.index_stride = 8;
	c.idxen = c.offen = true;
	c.soffset = 64;
	c.buf.oob_select = VSHARP_OOB_DISABLED;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.dword_addr[0], MEM_VA + 64 + 170);
	/*
	 * R4 §9.4.2: GFX12 swizzles voffset + ioffset + soffset together:
	 * offset 6 + 64 = 70: (1 * 16 + 17 * 4) * 8 + 2 * 4 + 2 = 682, no soffset after.
	 */
	c.level = VSHARP_GFX12;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.dword_addr[0], MEM_VA + 682);
	/* GFX9/10: element fixed at 4 bytes (R2 §8.1.5); GFX8 reads ELEMENT_SIZE: 16 -> 10*... */
	c.level = VSHARP_GFX10;
	c.op = "buffer_load_dword";
	c.buf.element_size = 4;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.dword_addr[0], MEM_VA + 64 + 170);
	/* GFX8, element 16: offset_msb 0, lsb 6: (1 * 16 + 0) * 8 + 2 * 16 + 6 = 166. */
	c.level = VSHARP_GFX8;
	c.buf.element_size = 16;
	c.buf.oob_select = 0;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.dword_addr[0], MEM_VA + 64 + 166);
	/* A 16-byte load over 4-byte elements lands in four elements 32 bytes apart. */
	c = mcase(VSHARP_GFX11, "buffer_load_b128");
	c.buf.stride = 16;
	c.buf.swizzle = true;
	c.buf.element_size = 4;
	c.buf.index_stride = 8;
	c.buf.oob_select = VSHARP_OOB_DISABLED;
	c.idxen = c.offen = true;
	in = lane_idx(0, 0);
	if (mrun(t, &c, &in, &out)) {
		CHECK_EQ(t, out.dword_addr[0], MEM_VA);
		CHECK_EQ(t, out.dword_addr[1], MEM_VA + 32);
		CHECK_EQ(t, out.dword_addr[3], MEM_VA + 96);
	}
}

/* R3 Table 46 / R4 §9.4.1, OOB_SELECT 3 (raw): offset + payload > NR - soffset. */
static void test_gfx11_raw(struct ktap *t)
{
	for (int l = VSHARP_GFX11; l <= VSHARP_GFX12; l++) {
		struct mcase c = mcase(l, "buffer_load_b32");

		c.offen = true;
		c.buf.num_records = 64;
		CHECK_EQ(t, range(t, &c, lane_off(60)), 1);	/* 60 + 4 = 64 */
		CHECK_EQ(t, range(t, &c, lane_off(61)), 0);	/* partial dword: out */
		CHECK_EQ(t, range(t, &c, lane_off(64)), 0);
		c.op = "buffer_load_u8";
		CHECK_EQ(t, range(t, &c, lane_off(63)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(64)), 0);
		CHECK_EQ(t, range(t, &c, lane_off(65)), 0);
		/* "num_records is reduced by sgpr_offset". */
		c.soffset = 8;
		CHECK_EQ(t, range(t, &c, lane_off(55)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(56)), 0);
		/* soffset beyond NR saturates to nothing in range (LLVM PR #134734). */
		c.soffset = 100;
		CHECK_EQ(t, range(t, &c, lane_off(0)), 0);
		/* Per dword for B128 (note 4): two of four in range. */
		c.soffset = 0;
		c.op = "buffer_load_b128";
		CHECK_EQ(t, range(t, &c, lane_off(56)), 0x3);
		CHECK_EQ(t, range(t, &c, lane_off(48)), 0xf);
		/* Format ops are all or nothing (note 3). */
		c.op = "buffer_load_format_xy";
		c.buf.format.dfmt = VSHARP_DFMT_32_32;
		c.buf.format.nfmt = VSHARP_NFMT_FLOAT;
		CHECK_EQ(t, range(t, &c, lane_off(56)), 0x3);
		CHECK_EQ(t, range(t, &c, lane_off(60)), 0);
		/* Swizzled with a stride: index >= NR || offset + payload > stride. */
		c = mcase(l, "buffer_load_b32");
		c.buf.swizzle = true;
		c.buf.element_size = 4;
		c.buf.stride = 16;
		c.buf.num_records = 4;
		c.idxen = c.offen = true;
		CHECK_EQ(t, range(t, &c, lane_idx(3, 12)), 1);
		CHECK_EQ(t, range(t, &c, lane_idx(3, 13)), 0);
		CHECK_EQ(t, range(t, &c, lane_idx(4, 0)), 0);
	}
}

/* R3 Table 46 modes 0, 1, 2 on GFX11/12. */
static void test_gfx11_structured(struct ktap *t)
{
	for (int l = VSHARP_GFX11; l <= VSHARP_GFX12; l++) {
		struct mcase c = mcase(l, "buffer_load_b32");

		c.idxen = c.offen = true;
		c.buf.stride = 16;
		c.buf.num_records = 10;
		c.buf.oob_select = VSHARP_OOB_STRUCTURED_WITH_OFFSET;
		CHECK_EQ(t, range(t, &c, lane_idx(9, 12)), 1);
		CHECK_EQ(t, range(t, &c, lane_idx(9, 13)), 0);	/* 13 + 4 > 16 */
		CHECK_EQ(t, range(t, &c, lane_idx(10, 0)), 0);
		CHECK_EQ(t, range(t, &c, lane_idx(11, 0)), 0);
		c.buf.oob_select = VSHARP_OOB_STRUCTURED;
		CHECK_EQ(t, range(t, &c, lane_idx(9, 100)), 1);	/* offset not checked */
		CHECK_EQ(t, range(t, &c, lane_idx(10, 0)), 0);
		c.buf.oob_select = VSHARP_OOB_DISABLED;
		CHECK_EQ(t, range(t, &c, lane_idx(1000, 0)), 1);
		c.buf.num_records = 0;
		CHECK_EQ(t, range(t, &c, lane_idx(0, 0)), 0);	/* empty buffer */
	}
}

static void test_gfx10(struct ktap *t)
{
	for (int l = VSHARP_GFX10; l <= VSHARP_GFX10_3; l++) {
		struct mcase c = mcase(l, "buffer_load_dword");

		/* Mode 0, R2 Table 35 (default): offset >= stride. */
		c.idxen = c.offen = true;
		c.buf.stride = 16;
		c.buf.num_records = 10;
		c.buf.oob_select = 0;
		CHECK_EQ(t, range(t, &c, lane_idx(9, 15)), 1);
		CHECK_EQ(t, range(t, &c, lane_idx(9, 16)), 0);
		CHECK_EQ(t, range(t, &c, lane_idx(10, 0)), 0);
		/* R1 Table 35 variant: offset > stride. */
		c.rule = "gfx10_struct_offset=gt";
		CHECK_EQ(t, range(t, &c, lane_idx(9, 16)), 1);
		CHECK_EQ(t, range(t, &c, lane_idx(9, 17)), 0);
		/* Mode 3, default: offset + payload bytes > NR - soffset. */
		c = mcase(l, "buffer_load_dword");
		c.offen = true;
		c.buf.num_records = 64;
		c.soffset = 4;
		CHECK_EQ(t, range(t, &c, lane_off(56)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(57)), 0);
		/* Mesa's GFX10 comment: offset >= NR, soffset not involved. */
		c.rule = "gfx10_raw=offset_ge";
		CHECK_EQ(t, range(t, &c, lane_off(63)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(64)), 0);
		/* R1 literally: payload counted in dwords (1 for a dword load). */
		c.rule = "gfx10_raw=payload_dwords";
		CHECK_EQ(t, range(t, &c, lane_off(59)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(60)), 0);
	}
}

/* ISA-V §8.1.5: private, raw and structured buffers. */
static void test_gfx9(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX9, "buffer_load_dword");

	c.offen = true;
	c.buf.num_records = 64;
	c.soffset = 8;
	/* Raw: (inst_offset + voffset) >= NR; soffset excluded by the document. */
	CHECK_EQ(t, range(t, &c, lane_off(63)), 1);
	CHECK_EQ(t, range(t, &c, lane_off(64)), 0);
	CHECK_EQ(t, range(t, &c, lane_off(65)), 0);
	c.ioffset = 60;
	CHECK_EQ(t, range(t, &c, lane_off(3)), 1);
	CHECK_EQ(t, range(t, &c, lane_off(4)), 0);
	/* gem5/GCN3 reading: NR - soffset. */
	c.ioffset = 0;
	c.rule = "gfx9_raw_soffset=subtracted";
	CHECK_EQ(t, range(t, &c, lane_off(55)), 1);
	CHECK_EQ(t, range(t, &c, lane_off(56)), 0);
	/* Per dword: a dwordx2 at 60 has dword 1 at 64. */
	c.rule = NULL;
	c.op = "buffer_load_dwordx2";
	CHECK_EQ(t, range(t, &c, lane_off(60)), 1);
	/* Structured: index >= NR, offset unchecked. */
	c = mcase(VSHARP_GFX9, "buffer_load_dword");
	c.idxen = c.offen = true;
	c.buf.stride = 16;
	c.buf.num_records = 10;
	CHECK_EQ(t, range(t, &c, lane_idx(9, 200)), 1);
	CHECK_EQ(t, range(t, &c, lane_idx(10, 0)), 0);
	CHECK_EQ(t, range(t, &c, lane_idx(11, 0)), 0);
	/* Private: ADD_TID without IDXEN is never out of range. */
	c.idxen = false;
	c.buf.add_tid = true;
	c.buf.format.dfmt = VSHARP_DFMT_INVALID;
	c.buf.num_records = 0;
	CHECK_EQ(t, range(t, &c, lane_off(4000)), 1);
}

/* CLRX GcnMemHandling for GFX6/7; radeonsi's GFX8 byte units. */
static void test_gcn(struct ktap *t)
{
	for (int l = VSHARP_GFX6; l <= VSHARP_GFX8; l++) {
		struct mcase c = mcase(l, "buffer_load_dword");

		/* STRIDE = 0: BUFOFFSET >= NUMRECORDS - SGPR_OFFSET. */
		c.offen = true;
		c.buf.num_records = 64;
		c.soffset = 4;
		CHECK_EQ(t, range(t, &c, lane_off(59)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(60)), 0);
		c.soffset = 0;
		CHECK_EQ(t, range(t, &c, lane_off(63)), 1);
		CHECK_EQ(t, range(t, &c, lane_off(64)), 0);
		/* STRIDE != 0 with IDXEN. */
		c.idxen = true;
		c.buf.stride = 16;
		c.buf.num_records = 10;
		if (l == VSHARP_GFX8) {
			/* Bytes: 16 * 3 + 15 = 63 < 64 in, 16 * 4 = 64 out. */
			c.buf.num_records = 64;
			CHECK_EQ(t, range(t, &c, lane_idx(3, 15)), 1);
			CHECK_EQ(t, range(t, &c, lane_idx(4, 0)), 0);
			c.rule = "gcn_range=clrx";
			c.buf.num_records = 10;
		}
		CHECK_EQ(t, range(t, &c, lane_idx(9, 15)), 1);
		CHECK_EQ(t, range(t, &c, lane_idx(9, 16)), 0);	/* OFFSET >= STRIDE */
		CHECK_EQ(t, range(t, &c, lane_idx(10, 0)), 0);
	}
}

/*
 * GFX6/7 ADDR64 (CLRX GcnMemHandling): "ADDRESS = BASE + VGPR_ADDRESS +
 * OFFSET + SGPR_OFFSET // 64-bit addressing", "No range checking for 64-bit
 * mode addressing", OFFEN and IDXEN "permitted only if 64-bit addressing is
 * not enabled".  The V# is LLVM's: SIInstrInfo::legalizeOperands moves the
 * base into VADDR and leaves {0, 0, RSRC_DATA_FORMAT{31-0} = 0, 0xf000}, so
 * NUM_RECORDS 0 must not make the access out of range.
 */
static void test_addr64(struct ktap *t)
{
	static const enum vsharp_gfx levels[] = { VSHARP_GFX6, VSHARP_GFX7 };
	struct vsharp_memory mem = { .va = MEM_VA, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_lds lds = { test_lds_bytes, sizeof(test_lds_bytes) };
	struct vsharp_error err = { "" };
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in;
	struct vsharp_lane_out out;

	memcpy(test_mem_bytes + 0x124, &(uint32_t){ 0xa5c3e1f0 }, 4);
	for (unsigned i = 0; i < 2; i++) {
		memset(&a, 0, sizeof(a));
		a.level = levels[i];
		a.op = vsharp_op_find(a.level, "buffer_load_dword", &err);
		a.desc[3] = 0xf000;
		a.addr64 = true;
		a.soffset = 0x20;
		a.ioffset = 4;
		a.align = VSHARP_ALIGN_UNALIGNED;
		vsharp_rules_default(a.level, &a.rules);
		if (!CHECK_MSG(t, a.op && vsharp_buffer_plan(&a, &p, &err) == 0, "%s", err.msg))
			continue;
		CHECK_EQ(t, p.range, VSHARP_RANGE_ADDR64);
		memset(&in, 0, sizeof(in));
		in.vaddr64 = MEM_VA + 0x100;
		in.vindex = 7;		/* not read: no index term */
		in.voffset = 0x40;	/* not read: no offen */
		vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
		CHECK_EQ(t, out.addr, MEM_VA + 0x100 + 4 + 0x20);
		CHECK_EQ(t, out.in_range, 1);
		CHECK_EQ(t, out.vdst[0], 0xa5c3e1f0);
		CHECK(t, !out.unbound && !out.fault);
		/* The V# base still counts, and the high dword of the pair is an address. */
		a.desc[0] = 0x1000;
		a.desc[1] = 0x2;	/* base 0x2_0000_1000 */
		if (!CHECK(t, vsharp_buffer_plan(&a, &p, &err) == 0))
			continue;
		in.vaddr64 = 0x300000000ull + 0x10;
		vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
		CHECK_EQ(t, out.addr_unaligned, 0x500001000ull + 0x10 + 4 + 0x20);
		CHECK_EQ(t, out.in_range, 1);
		CHECK(t, out.fault);	/* outside the test memory: in range, but no page */
		/* A swizzled, strided V# changes nothing: the pair is the address. */
		a.desc[0] = 0;
		a.desc[1] = 16u << 16 | 1u << 31;
		a.desc[2] = 1;
		if (!CHECK(t, vsharp_buffer_plan(&a, &p, &err) == 0))
			continue;
		in.vaddr64 = MEM_VA + 0x100;
		vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
		CHECK_EQ(t, out.addr, MEM_VA + 0x100 + 4 + 0x20);
		CHECK_EQ(t, out.vdst[0], 0xa5c3e1f0);
		/* OFFEN and IDXEN are not permitted with it. */
		a.offen = true;
		CHECK(t, vsharp_buffer_plan(&a, &p, &err) == -EINVAL);
		CHECK_MSG(t, strstr(err.msg, "addr64:") && strstr(err.msg, "offen"), "%s", err.msg);
		a.offen = false;
		a.idxen = true;
		CHECK(t, vsharp_buffer_plan(&a, &p, &err) == -EINVAL);
		CHECK_MSG(t, strstr(err.msg, "idxen") != NULL, "%s", err.msg);
	}
	/* GFX8 dropped the bit (llvm-mc 19 rejects addr64 from gfx803). */
	a.level = VSHARP_GFX8;
	a.idxen = false;
	a.op = vsharp_op_find(VSHARP_GFX8, "buffer_load_dword", &err);
	CHECK(t, a.op && vsharp_buffer_plan(&a, &p, &err) == -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "gfx8 has no ADDR64") && strstr(err.msg, "allowed on gfx6 and gfx7"),
		  "%s", err.msg);
}

/* The same sweep on every level and every OOB_SELECT: an in-range access stays in. */
static void test_sweep_every_mode(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		for (unsigned oob = 0; oob < (l >= VSHARP_GFX10 ? 4u : 1u); oob++) {
			for (uint32_t nr = 1; nr <= 65; nr += 16) {
				struct mcase c = mcase(l, l >= VSHARP_GFX11 ? "buffer_load_b32" :
						      "buffer_load_dword");
				unsigned inside, beyond;

				c.buf.num_records = nr;
				c.buf.oob_select = (uint8_t)oob;
				c.idxen = oob < 2 && l >= VSHARP_GFX10;
				c.offen = true;
				c.buf.stride = c.idxen ? 4 : 0;
				inside = c.idxen ? range(t, &c, lane_idx(nr - 1, 0)) :
					 range(t, &c, lane_off(nr >= 4 ? nr - 4 : 0));
				beyond = c.idxen ? range(t, &c, lane_idx(nr + 1, 0)) :
					 range(t, &c, lane_off(nr + 1));
				CHECK_MSG(t, inside == 1 || (nr < 4 && !c.idxen && l >= VSHARP_GFX10 && oob == 3),
					  "%s oob %u nr %u: last record out", vsharp_gfx_name(l), oob, nr);
				CHECK_MSG(t, beyond == (oob == 2 ? 1u : 0u), "%s oob %u nr %u: past the end %u",
					  vsharp_gfx_name(l), oob, nr, beyond);
			}
		}
	}
}

static void test_offset_limits(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_buffer_plan p;
	struct mcase c = mcase(VSHARP_GFX9, "buffer_load_dword");

	/* 12-bit on GFX9-11 (ISA-V Table 29), 24-bit non-negative on GFX12 (R4 Table 47). */
	c.ioffset = 4095;
	CHECK(t, mplan(&c, &p, &err) == 0);
	c.ioffset = 4096;
	CHECK(t, mplan(&c, &p, &err) == -ERANGE);
	CHECK(t, strstr(err.msg, "offset:") && strstr(err.msg, "allowed 0..4095"));
	c = mcase(VSHARP_GFX12, "buffer_load_b32");
	c.ioffset = 0x7fffff;
	CHECK(t, mplan(&c, &p, &err) == 0);
	c.ioffset = 0x800000;
	CHECK(t, mplan(&c, &p, &err) == -ERANGE);
	CHECK(t, strstr(err.msg, "8388607") != NULL);
	/* Instructions of another level, LDS and TFE misuse. */
	c = mcase(VSHARP_GFX11, "buffer_load_dword");
	CHECK(t, mplan(&c, &p, &err) != 0);
	CHECK(t, strstr(err.msg, "gfx11 has no buffer_load_dword") != NULL);
	c = mcase(VSHARP_GFX9, "buffer_load_dwordx2");
	c.lds = true;
	CHECK(t, mplan(&c, &p, &err) == -EINVAL);
	c = mcase(VSHARP_GFX9, "buffer_load_dword");
	c.lds = c.tfe = true;
	CHECK(t, mplan(&c, &p, &err) == -EINVAL);
	CHECK(t, !strncmp(err.msg, "tfe:", 4));
	c = mcase(VSHARP_GFX11, "tbuffer_load_format_x");
	c.tformat.dfmt = VSHARP_DFMT_10_11_11;
	c.tformat.nfmt = VSHARP_NFMT_UNORM;
	CHECK(t, mplan(&c, &p, &err) == -EINVAL);
}

static void test_each_choice(struct ktap *t)
{
	/* One lane at offset 60 of a 64-byte raw GFX10 buffer with soffset 8 splits the rules. */
	struct mcase c = mcase(VSHARP_GFX10, "buffer_load_dword");
	struct vsharp_memory mem = { .va = MEM_VA, .bytes = test_mem_bytes, .size = MEM_SIZE };
	struct vsharp_lane_out out[VSHARP_RULE_MAX_CHOICES];
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in = lane_off(58);

	c.offen = true;
	c.buf.num_records = 64;
	c.soffset = 8;
	if (!CHECK(t, mplan(&c, &p, NULL) == 0))
		return;
	a = p.a;
	CHECK_EQ(t, vsharp_buffer_lane_each_choice(&a, VSHARP_RULE_GFX10_RAW, &in, &mem, out, NULL), 3);
	CHECK_EQ(t, out[VSHARP_GFX10_RAW_PAYLOAD_BYTES].in_range, 0);	/* 62 > 56 */
	CHECK_EQ(t, out[VSHARP_GFX10_RAW_PAYLOAD_DWORDS].in_range, 0);
	CHECK_EQ(t, out[VSHARP_GFX10_RAW_OFFSET_GE].in_range, 1);	/* 58 < 64 */
}

KTAP_MAIN(KTAP_CASE(test_linear_address), KTAP_CASE(test_swizzled_address),
	  KTAP_CASE(test_gfx11_raw), KTAP_CASE(test_gfx11_structured), KTAP_CASE(test_gfx10),
	  KTAP_CASE(test_gfx9), KTAP_CASE(test_gcn), KTAP_CASE(test_addr64),
	  KTAP_CASE(test_sweep_every_mode),
	  KTAP_CASE(test_offset_limits), KTAP_CASE(test_each_choice))
