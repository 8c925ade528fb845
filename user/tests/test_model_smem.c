// SPDX-License-Identifier: MIT
/*
 * S_BUFFER_LOAD_* in the model: one case per sentence of the AMD ISA
 * guides, each quoting it.  ISA-V = "AMD Vega Instruction Set
 * Architecture" chapter 7 (Scalar Memory Operations), R1..R4 = the RDNA1..4
 * guides' scalar memory chapters (7 on RDNA1/2, 8 on RDNA3/4), Markdown in
 * github.com/kuhar/amdgpu-isa-manuals.
 */
#include <errno.h>
#include <string.h>

#include "ktap.h"
#include "vsharp/model.h"

#define VA 0x10000ull

static uint8_t bytes[0x1000];
static struct vsharp_smem_result out;

/* The first 2 KiB: the dword at byte b is 0x1000 + b / 4; the rest is the byte tests'. */
static void fill_dwords(void)
{
	for (unsigned b = 0; b < 0x800; b += 4) {
		uint32_t v = 0x1000 + b / 4;

		memcpy(bytes + b, &v, 4);
	}
}

/* A V# over VA + BASE_OFF with STRIDE and NR; SDATA starts as 0x5eed0000 + d. */
static bool load(struct ktap *t, enum vsharp_gfx level, const char *op, uint32_t base_off,
		 uint32_t stride, uint32_t nr, int32_t ioffset, uint32_t soffset, const char *rule)
{
	struct vsharp_memory mem = { .va = VA, .bytes = bytes, .size = sizeof(bytes) };
	struct vsharp_error err = { "" };
	struct vsharp_smem_access a;
	uint64_t base = VA + base_off;

	fill_dwords();
	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, op, &err);
	a.desc[0] = (uint32_t)base;
	a.desc[1] = (uint32_t)(base >> 32) | stride << 16;
	a.desc[2] = nr;
	a.ioffset = ioffset;
	a.soffset = soffset;
	for (unsigned d = 0; d < VSHARP_SMEM_MAX_DWORDS; d++)
		a.sdata[d] = 0x5eed0000 + d;
	vsharp_rules_default(level, &a.rules);
	if (rule && !CHECK_MSG(t, vsharp_rules_set(&a.rules, rule, &err) == 0, "%s", err.msg))
		return false;
	if (!CHECK_MSG(t, a.op && vsharp_smem_check(&a, &err) == 0, "%s %s: %s", vsharp_gfx_name(level),
		       op, err.msg))
		return false;
	vsharp_smem_load(&a, &mem, &out);
	return CHECK(t, !out.fault);
}

/*
 * R3 and R4 §8.4.1: "If a multi-DWORD request (e.g. S_BUFFER_LOAD_B256) is
 * partially out of range, the DWORDs that are in range return data as
 * normal, and the out-of-range DWORDs return zero."  NUM_RECORDS 20 bytes,
 * offset 8: dwords at 8, 12 and 16 load, 20..36 return zero.
 */
static void test_partial_multi_dword(struct ktap *t)
{
	static const enum vsharp_gfx levels[] = { VSHARP_GFX11, VSHARP_GFX12 };

	for (unsigned i = 0; i < 2; i++) {
		if (!load(t, levels[i], "s_buffer_load_b256", 0, 0, 20, 0, 8, NULL))
			continue;
		CHECK_EQ(t, out.n_dwords, 8);
		CHECK_EQ(t, out.in_range, 0x07);
		CHECK_EQ(t, out.written, 0xff);
		CHECK_EQ(t, out.sdata[0], 0x1002);
		CHECK_EQ(t, out.sdata[2], 0x1004);
		for (unsigned d = 3; d < 8; d++)
			CHECK_EQ(t, out.sdata[d], 0);
	}
}

/*
 * R3 §8.4.1: "Address Out-of-Range if offset >= ((stride==0 ? 1 : stride) *
 * num_records)": stride 16 and 2 records are 32 bytes, so the dword at
 * offset 28 is in range and the one at 32 is not.
 */
static void test_size_stride_times_records(struct ktap *t)
{
	if (load(t, VSHARP_GFX11, "s_buffer_load_b64", 0, 16, 2, 28, 0, NULL)) {
		CHECK_EQ(t, out.size, 32);
		CHECK_EQ(t, out.in_range, 0x1);
		CHECK_EQ(t, out.sdata[0], 0x1007);
		CHECK_EQ(t, out.sdata[1], 0);
	}
	/* GFX9 follows the same product by default (smem_size=stride_x_records). */
	if (load(t, VSHARP_GFX9, "s_buffer_load_dwordx2", 0, 16, 2, 28, 0, NULL))
		CHECK_EQ(t, out.in_range, 0x1);
}

/*
 * ISA-V §7.2.1 (and R1/R2 §7.2.1) print "m_size = (m_stride == 0) ? 1 :
 * m_num_records": under smem_size=records_or_1 a stride-0 V# allows the
 * dword at offset 0 only, and a strided one NUM_RECORDS bytes.
 */
static void test_size_records_or_1(struct ktap *t)
{
	if (load(t, VSHARP_GFX9, "s_buffer_load_dwordx2", 0, 0, 64, 0, 0, "smem_size=records_or_1")) {
		CHECK_EQ(t, out.size, 1);
		CHECK_EQ(t, out.in_range, 0x1);
	}
	if (load(t, VSHARP_GFX10, "s_buffer_load_dwordx4", 0, 16, 8, 0, 0, "smem_size=records_or_1")) {
		CHECK_EQ(t, out.size, 8);
		CHECK_EQ(t, out.in_range, 0x3);
	}
}

/*
 * ISA-V §7.4, R1 §7.5, R2 §7.5: "If the memory address is out-of-range
 * (clamped), the operation is not performed for any Dwords that are
 * out-of-range": with smem_oob=keep (their default) those SGPRs keep their
 * value; smem_oob=zero gives RDNA3's zeros.
 */
static void test_oob_keep(struct ktap *t)
{
	if (load(t, VSHARP_GFX9, "s_buffer_load_dwordx4", 0, 0, 8, 0, 0, NULL)) {
		CHECK_EQ(t, out.written, 0x3);
		CHECK_EQ(t, out.sdata[1], 0x1001);
		CHECK_EQ(t, out.sdata[2], 0x5eed0002);
		CHECK_EQ(t, out.sdata[3], 0x5eed0003);
	}
	if (load(t, VSHARP_GFX6, "s_buffer_load_dwordx4", 0, 0, 8, 0, 0, "smem_oob=zero")) {
		CHECK_EQ(t, out.written, 0xf);
		CHECK_EQ(t, out.sdata[2], 0);
	}
}

/*
 * The two low address bits, per guide:
 *   ISA-V §7.2.1 "m_addr = (SGPR[SBASE * 2] + offset) & ~0x3" (R1/R2 the same),
 *   R3 §8.1.2 "addr = (m_base & ~3) + (offset & ~0x3)",
 *   R4 §8.1.2 "m_base = alignToSize(resource[47:0], dataSize)",
 *       "offset = alignToSize(IOFFSET) + alignToSize(SOFFSET)".
 * Base +2 and offset 2: 4 on GFX9, 0 on GFX11 and GFX12.
 */
static void test_address_low_bits(struct ktap *t)
{
	if (load(t, VSHARP_GFX9, "s_buffer_load_dword", 2, 0, 64, 0, 2, NULL)) {
		CHECK_EQ(t, out.addr, VA + 4);
		CHECK_EQ(t, out.sdata[0], 0x1001);
	}
	if (load(t, VSHARP_GFX11, "s_buffer_load_b32", 2, 0, 64, 0, 2, NULL))
		CHECK_EQ(t, out.addr, VA);
	/* GFX11 adds IOFFSET and SOFFSET before aligning: 2 + 2 is offset 4. */
	if (load(t, VSHARP_GFX11, "s_buffer_load_b32", 0, 0, 64, 2, 2, NULL))
		CHECK_EQ(t, out.addr, VA + 4);
	/* GFX12 aligns each: 2 & ~3 + 2 & ~3 = 0. */
	if (load(t, VSHARP_GFX12, "s_buffer_load_b32", 2, 0, 64, 2, 2, NULL))
		CHECK_EQ(t, out.addr, VA);
}

/*
 * R4 §8.1.2 "For 16-bit loads the one LSB of V#.base is ignored ... For
 * 8-bit loads the full byte address of V#.base is used", and §8.1.3
 * "S_LOAD_U8: load 8-bit unsigned data, zero-extend ... I16: sign-extend ...
 * Same for S_BUFFER_LOAD".
 */
static void test_gfx12_bytes_and_shorts(struct ktap *t)
{
	memset(bytes + 0x800, 0, 16);
	bytes[0x803] = 0x80;
	bytes[0x806] = 0x01;
	bytes[0x807] = 0x80;
	if (load(t, VSHARP_GFX12, "s_buffer_load_i8", 0x801, 0, 64, 1, 1, NULL)) {
		CHECK_EQ(t, out.addr, VA + 0x803);
		CHECK_EQ(t, out.sdata[0], 0xffffff80);
	}
	if (load(t, VSHARP_GFX12, "s_buffer_load_u8", 0x801, 0, 64, 1, 1, NULL))
		CHECK_EQ(t, out.sdata[0], 0x80);
	/* Base +0x803 -> +0x802, IOFFSET 3 -> 2, SOFFSET 3 -> 2: address 0x806. */
	if (load(t, VSHARP_GFX12, "s_buffer_load_i16", 0x803, 0, 64, 3, 3, NULL)) {
		CHECK_EQ(t, out.addr, VA + 0x806);
		CHECK_EQ(t, out.sdata[0], 0xffff8001);
	}
	if (load(t, VSHARP_GFX12, "s_buffer_load_u16", 0x803, 0, 64, 3, 3, NULL))
		CHECK_EQ(t, out.sdata[0], 0x8001);
}

/*
 * R4 §8.1.2 "m_size = alignToSize((m_stride == 0 ? 1 : m_stride) *
 * m_num_records)": 7 bytes allow one dword on GFX12; RDNA3's unaligned
 * size lets the dword at offset 4 (4 < 7) load on GFX11.
 */
static void test_gfx12_size_aligned(struct ktap *t)
{
	if (load(t, VSHARP_GFX12, "s_buffer_load_b64", 0, 0, 7, 0, 0, NULL)) {
		CHECK_EQ(t, out.size, 4);
		CHECK_EQ(t, out.in_range, 0x1);
	}
	if (load(t, VSHARP_GFX11, "s_buffer_load_b64", 0, 0, 7, 0, 0, NULL))
		CHECK_EQ(t, out.in_range, 0x3);
}

/*
 * ISA-V §7.2.1 and R3 §8.1.2: "Stride is used only for memory address
 * bounds checking, not for computing the address to access", and "Buffer
 * constant fields used: base_address, stride, num_records ... Other fields
 * are ignored": a TYPE the vector unit would ignore the instruction for and
 * a zero format load all the same.
 */
static void test_other_fields_ignored(struct ktap *t)
{
	struct vsharp_memory mem = { .va = VA, .bytes = bytes, .size = sizeof(bytes) };
	struct vsharp_smem_access a;

	memset(&a, 0, sizeof(a));
	a.level = VSHARP_GFX10_3;
	a.op = vsharp_op_find(VSHARP_GFX10_3, "s_buffer_load_dword", NULL);
	a.desc[0] = (uint32_t)VA;
	a.desc[1] = 64u << 16;
	a.desc[2] = 1;
	a.desc[3] = 0xc0000000;	/* TYPE 3, FORMAT 0 */
	a.ioffset = 8;
	vsharp_rules_default(a.level, &a.rules);
	fill_dwords();
	if (!CHECK(t, a.op && vsharp_smem_check(&a, NULL) == 0))
		return;
	vsharp_smem_load(&a, &mem, &out);
	CHECK_EQ(t, out.addr, VA + 8);
	CHECK_EQ(t, out.sdata[0], 0x1002);
}

/*
 * R3 Table 34 and R4 Table 44: "a negative [IOFFSET] applied to S_BUFFER
 * results in a MEMVIOL"; ISA-V §7.2.1 "It is illegal and undefined if the
 * inst_offset is negative", R1 Table 27 "Must be positive with s_buffer
 * operations": the model refuses it there.
 */
static void test_negative_ioffset(struct ktap *t)
{
	struct vsharp_memory mem = { .va = VA, .bytes = bytes, .size = sizeof(bytes) };
	struct vsharp_error err = { "" };
	struct vsharp_smem_access a;

	memset(&a, 0, sizeof(a));
	a.level = VSHARP_GFX11;
	a.op = vsharp_op_find(VSHARP_GFX11, "s_buffer_load_b32", NULL);
	a.desc[0] = (uint32_t)VA;
	a.desc[2] = 64;
	a.ioffset = -4;
	a.soffset = 8;
	a.sdata[0] = 0x5eed0000;
	if (CHECK(t, a.op && vsharp_smem_check(&a, NULL) == 0)) {
		vsharp_smem_load(&a, &mem, &out);
		CHECK(t, out.memviol);
		CHECK_EQ(t, out.written, 0);
		CHECK_EQ(t, out.sdata[0], 0x5eed0000);
	}
	a.level = VSHARP_GFX9;
	a.op = vsharp_op_find(VSHARP_GFX9, "s_buffer_load_dword", NULL);
	CHECK(t, vsharp_smem_check(&a, &err) == -EINVAL);
	CHECK(t, strstr(err.msg, "ioffset: -4") != NULL);
	/* SMRD's immediate counts dwords: 1020 bytes at most. */
	a.level = VSHARP_GFX6;
	a.ioffset = 1024;
	CHECK(t, vsharp_smem_check(&a, &err) == -EINVAL);
	CHECK(t, strstr(err.msg, "allowed 0..1020") != NULL);
}

/* An all-zero V# (NUM_RECORDS 0): every dword is out of range. */
static void test_empty(struct ktap *t)
{
	if (load(t, VSHARP_GFX11, "s_buffer_load_b128", 0, 0, 0, 0, 0, NULL)) {
		CHECK_EQ(t, out.in_range, 0);
		CHECK_EQ(t, out.sdata[3], 0);
	}
}

static void test_catalogue(struct ktap *t)
{
	/* RDNA4 Table 45 adds B96 and the byte and short loads; LLVM 19 has them for gfx1200 only. */
	CHECK(t, vsharp_op_find(VSHARP_GFX12, "s_buffer_load_b96", NULL) != NULL);
	CHECK(t, vsharp_op_find(VSHARP_GFX11, "s_buffer_load_b96", NULL) == NULL);
	CHECK(t, vsharp_op_find(VSHARP_GFX6, "s_buffer_load_dwordx16", NULL) != NULL);
	CHECK_EQ(t, vsharp_op_data_dwords(VSHARP_GFX12, vsharp_op_find(VSHARP_GFX12, "s_buffer_load_b96", NULL)),
		 3);
	CHECK_EQ(t, vsharp_op_data_dwords(VSHARP_GFX12, vsharp_op_find(VSHARP_GFX12, "s_buffer_load_u8", NULL)),
		 1);
}

KTAP_MAIN(KTAP_CASE(test_partial_multi_dword), KTAP_CASE(test_size_stride_times_records),
	  KTAP_CASE(test_size_records_or_1), KTAP_CASE(test_oob_keep), KTAP_CASE(test_address_low_bits),
	  KTAP_CASE(test_gfx12_bytes_and_shorts), KTAP_CASE(test_gfx12_size_aligned),
	  KTAP_CASE(test_other_fields_ignored), KTAP_CASE(test_negative_ioffset), KTAP_CASE(test_empty),
	  KTAP_CASE(test_catalogue))
