// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode` (vsharp_pm4_decode) on public packets, checked against
 * what their sources state:
 *  - umr's documented ring and IB dumps (amd-umr doc/sphinx/source/ring.rst:
 *    COND_EXEC at ring[512], INDIRECT_BUFFER and EVENT_WRITE of the IB at
 *    0x101ff7000, with the field values umr prints for them);
 *  - the kernel's GFX9 fence and IB packets as Linux gfx_v9_0.c
 *    (gfx_v9_0_ring_emit_fence, gfx_v9_0_ring_emit_ib_compute) builds them
 *    from soc15d.h's PACKET3 and field macros;
 *  - opcode numbers of Mesa's src/amd/common/sid.h.
 */
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "vsharp/dwords.h"
#include "vsharp/pm4.h"

static char *decode(enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		    const struct vsharp_pm4_decode *opt, int *ret, struct vsharp_error *err)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	if (!f)
		return NULL;
	*ret = vsharp_pm4_decode(level, dw, n, opt, f, err);
	fclose(f);
	return s;
}

#define CONTAINS(t, s, needle) \
	CHECK_MSG(t, (s) && strstr(s, needle), "output lacks \"%s\":\n%s", needle, (s) ? (s) : "")

/* amd-umr ring.rst: "IB_BASE_LO: 0x00000800, SWAP:0", "IB_BASE_HI: 0x00000001", "IB_SIZE:48, VMID: 0",
 * "EVENT_TYPE: 0x1e, EVENT_INDEX: 0x2", "ADDRESS_LO: 0x2a790cb8", "ADDRESS_HI: 0x00000001". */
static void test_umr_ib(struct ktap *t)
{
	static const uint32_t ib[] = {
		0xc0023f00, 0x00000800, 0x00000001, 0x00000030,
		0xc0024600, 0x0000021e, 0x2a790cb8, 0x00000001,
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, ib, 8, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: INDIRECT_BUFFER (2) shader_type=0\n");
	CONTAINS(t, s, "        IB_BASE_LO = 0x00000800\n");
	CONTAINS(t, s, "        IB_BASE_HI = 0x00000001 [47:32]=0x1\n");
	CONTAINS(t, s, "        IB_CONTROL = 0x00000030 IB_SIZE=48 VMID=0 CACHE_POLICY=0\n");
	CONTAINS(t, s, "        -> IB at 0x100000800, 48 dwords, VMID 0, SWAP 0\n");
	/* 0x1e is SAMPLE_PIPELINESTAT in VGT_EVENT_TYPE, index 2 its EVENT_INDEX. */
	CONTAINS(t, s, "    4: EVENT_WRITE (2) shader_type=0\n");
	CONTAINS(t, s, "EVENT_TYPE=30(SAMPLE_PIPELINESTAT) EVENT_INDEX=2(SAMPLE_PIPELINESTAT)\n");
	CONTAINS(t, s, "        ADDRESS_LO = 0x2a790cb8\n        ADDRESS_HI = 0x00000001\n");
	free(s);
}

/* amd-umr ring.rst ring[512..516]: COUNT 4 (3 in the header), GPU_ADDR_LO32 0x00400060, PATCH_VALUE 0x23. */
static void test_umr_cond_exec(struct ktap *t)
{
	static const uint32_t ring[] = { 0xc0032200, 0x00400060, 0, 0, 0x00000023 };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, ring, 5, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: COND_EXEC (3) shader_type=0\n        GPU_ADDR_LO32 = 0x00400060\n"
		 "        GPU_ADDR_HI32 = 0x00000000\n        TEST_VALUE = 0x00000000\n"
		 "        PATCH_VALUE = 0x00000023\n");
	free(s);
}

/*
 * gfx_v9_0_ring_emit_fence: PACKET3(PACKET3_RELEASE_MEM, 6), then
 * EOP_TCL1_ACTION_EN (1 << 16) | EOP_TC_ACTION_EN (1 << 17) |
 * EOP_TC_WB_ACTION_EN (1 << 15) | EOP_TC_MD_ACTION_EN (1 << 21) |
 * EVENT_TYPE(CACHE_FLUSH_AND_INV_TS_EVENT = 0x14) | EVENT_INDEX(5),
 * DATA_SEL(1) (29) | INT_SEL(2) (24), addr, seq.
 */
static void test_kernel_fence(struct ktap *t)
{
	static const uint32_t fence[] = {
		(3u << 30) | (6u << 16) | (0x49u << 8),
		(1u << 16) | (1u << 17) | (1u << 15) | (1u << 21) | 0x14 | (5u << 8),
		(1u << 29) | (2u << 24), 0x12345000, 0x0000ffff, 0x77, 0, 0,
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, fence, 8, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CHECK_EQ(t, fence[0], 0xc0064900);
	CONTAINS(t, s, "    0: RELEASE_MEM (6) shader_type=0\n");
	CONTAINS(t, s, "EVENT_TYPE=20(CACHE_FLUSH_AND_INV_TS_EVENT) EVENT_INDEX=5(EOP) "
		 "EOP_TC_WB_ACTION_EN EOP_TCL1_ACTION_EN EOP_TC_ACTION_EN EOP_TC_MD_ACTION_EN\n");
	CONTAINS(t, s, "DST_SEL=0(memory) INT_SEL=2(interrupt after write confirm) DATA_SEL=1(32-bit data)");
	CONTAINS(t, s, "addr=0xffff12345000 data=0x77");
	free(s);
}

/*
 * GFX6-8: the kernel's EVENT_WRITE_EOP fence (gfx_v8_0_ring_emit_fence_gfx:
 * DATA_SEL and INT_SEL in ADDRESS_HI, EOP_* cache actions as vid.h defines
 * them), GFX6's CP_DMA as libdrm's basic_tests.c emits it on SI (sid.h), and
 * DMA_DATA's COMMAND per generation (vid.h: BYTE_COUNT [20:0], DIS_WC [21];
 * nvd.h: BYTE_COUNT [25:0]).
 */
static void test_pre_gfx9_packets(struct ktap *t)
{
	static const uint32_t eop[] = {
		(3u << 30) | (4u << 16) | (0x47u << 8),
		(1u << 16) | (1u << 17) | (1u << 15) | 0x14 | (5u << 8),
		0x12345000, 0x00ff | (2u << 29) | (2u << 24), 0x77, 0,
	};
	static const uint32_t cp_dma[] = {
		(3u << 30) | (4u << 16) | (0x41u << 8),
		0xdeadbeaf, (2u << 29) | (1u << 31), 0x1000, 0, 1024,
	};
	static const uint32_t dma[] = {
		(3u << 30) | (5u << 16) | (0x50u << 8), 1u << 31, 0x1000, 0, 0x2000, 0, (1u << 21) | 8,
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX8, eop, 6, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: EVENT_WRITE_EOP (4) shader_type=0\n");
	CONTAINS(t, s, "EVENT_TYPE=20(CACHE_FLUSH_AND_INV_TS_EVENT) EVENT_INDEX=5(EOP) "
		 "EOP_TC_WB_ACTION_EN EOP_TCL1_ACTION_EN EOP_TC_ACTION_EN\n");
	CONTAINS(t, s, "ADDRESS_HI=0xff INT_SEL=2(interrupt after write confirm) DATA_SEL=2(64-bit data)");
	free(s);
	s = decode(VSHARP_GFX6, cp_dma, 6, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: CP_DMA (4) shader_type=0\n");
	CONTAINS(t, s, "SRC_ADDR_HI=0x0 DST_SEL=0(DST_ADDR) ENGINE=0(ME) SRC_SEL=2(DATA) CP_SYNC");
	CONTAINS(t, s, "COMMAND = 0x00000400 BYTE_COUNT=1024 SRC_SWAP=0 DST_SWAP=0\n");
	free(s);
	s = decode(VSHARP_GFX8, dma, 7, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "COMMAND = 0x00200008 BYTE_COUNT=8 DIS_WC SRC_SWAP=0 DST_SWAP=0\n");
	free(s);
	s = decode(VSHARP_GFX9, dma, 7, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "COMMAND = 0x00200008 BYTE_COUNT=2097160\n");
	free(s);
}

/* The kernel's compute IB packet (gfx_v9_0_ring_emit_ib_compute): INDIRECT_BUFFER_VALID (1 << 23) | length | vmid << 24. */
static const uint32_t ring_ib[] = {
	0xc0023f00, 0x00001000, 0x00000002, (1u << 23) | 4 | (3u << 24),
};

static void test_follow(struct ktap *t)
{
	/* The IB: libdrm's NUM_THREAD_X = 64 and the one-dword NOP pad (shader_test_util.c). */
	static const uint32_t ib[] = { 0xc0017602, 0x00000207, 0x00000040, 0xffff1000 };
	static const uint32_t chain[] = { 0xc0023f00, 0x00001000, 0x00000002, 4 };
	struct vsharp_pm4_mem mem[] = {
		{ .va = 0x200001000ull, .dw = ib, .n = 4 },
		{ .va = 0x300000000ull, .dw = chain, .n = 4 },
	};
	struct vsharp_pm4_decode opt = { .mem = mem, .n_mem = 1, .follow_depth = 4 };
	uint32_t to_chain[4] = { 0xc0023f00, 0, 3, 4 };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, ring_ib, 4, &opt, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "IB_CONTROL = 0x03800004 IB_SIZE=4 VALID VMID=3 CACHE_POLICY=0\n");
	CONTAINS(t, s, "--- IB 0x200001000 (4 dwords, depth 1) ---\n    0: SET_SH_REG (1)\n"
		 "        COMPUTE_NUM_THREAD_X = 0x00000040 NUM_THREAD_FULL=64 NUM_THREAD_PARTIAL=0\n"
		 "    3: NOP (0x3fff, one dword)\n--- end of IB 0x200001000 ---\n");
	free(s);

	/* Not in any image, one dword past an image, no follow: said so, not decoded. */
	opt.n_mem = 0;
	s = decode(VSHARP_GFX9, ring_ib, 4, &opt, &ret, &err);
	CONTAINS(t, s, "(not followed: no memory image holds 0x200001000..0x200001010)");
	free(s);
	mem[0].n = 3;
	opt.n_mem = 1;
	s = decode(VSHARP_GFX9, ring_ib, 4, &opt, &ret, &err);
	CONTAINS(t, s, "(not followed: no memory image holds");
	CHECK_MSG(t, s && !strstr(s, "--- IB"), "%s", s);
	free(s);
	mem[0].n = 4;

	/* An IB that points at itself stops at the depth limit. */
	opt.n_mem = 2;
	opt.follow_depth = 2;
	mem[1].dw = chain;
	to_chain[1] = 0;
	to_chain[2] = 3;
	s = decode(VSHARP_GFX9, to_chain, 4, &opt, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "--- IB 0x300000000 (4 dwords, depth 1) ---\n");
	CONTAINS(t, s, "--- IB 0x200001000 (4 dwords, depth 2) ---\n");
	free(s);
	{
		static const uint32_t self[] = { 0xc0023f00, 0x00000000, 0x00000003, 4 };

		mem[1].dw = self;
		s = decode(VSHARP_GFX9, to_chain, 4, &opt, &ret, &err);
		CONTAINS(t, s, "(not followed: depth 2 is the --follow limit)");
		free(s);
	}
}

/* Type 0: BASE_INDEX 15:0, COUNT 29:16; type 1 skipped; type 2 one dword. */
static void test_packet_types(struct ktap *t)
{
	static const uint32_t dw[] = {
		0x00012e40, 0x00400000, 0x00100000,	/* two writes from COMPUTE_USER_DATA_0 */
		0x40000000,
		0x80000000,
		0xc0004600, 0x00000407,			/* EVENT_WRITE CS_PARTIAL_FLUSH, index 4 */
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX10, dw, 7, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: TYPE0 reg 0x2e40 (1)\n        COMPUTE_USER_DATA_0 = 0x00400000\n"
		 "        COMPUTE_USER_DATA_1 = 0x00100000\n");
	CONTAINS(t, s, "    3: type-1 header 0x40000000 (no such packet on GCN and later; one dword skipped)\n");
	CONTAINS(t, s, "    4: TYPE2 filler\n");
	CONTAINS(t, s, "EVENT_TYPE=7(CS_PARTIAL_FLUSH) EVENT_INDEX=4(PARTIAL_FLUSH)");
	free(s);

	/* A type-0 body past the end is the one error, after what came before. */
	s = decode(VSHARP_GFX10, (const uint32_t[]){ 0x80000000, 0x00022e40, 1 }, 3, NULL, &ret, &err);
	CHECK_EQ(t, ret, -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "dword 1: type-0 packet needs 3 body dwords, the IB ends after 1"),
		  "%s", err.msg);
	CONTAINS(t, s, "    0: TYPE2 filler\n    1: error: dword 1: type-0");
	free(s);
}

/* Mesa sid.h PKT3_* values. */
static void test_opcode_names(struct ktap *t)
{
	static const struct {
		unsigned op;
		const char *name;
	} sid[] = {
		{ 0x10, "NOP" }, { 0x11, "SET_BASE" }, { 0x15, "DISPATCH_DIRECT" },
		{ 0x16, "DISPATCH_INDIRECT" }, { 0x22, "COND_EXEC" }, { 0x28, "CONTEXT_CONTROL" },
		{ 0x2d, "DRAW_INDEX_AUTO" }, { 0x2f, "NUM_INSTANCES" }, { 0x37, "WRITE_DATA" },
		{ 0x3c, "WAIT_REG_MEM" }, { 0x3f, "INDIRECT_BUFFER" }, { 0x40, "COPY_DATA" },
		{ 0x46, "EVENT_WRITE" }, { 0x49, "RELEASE_MEM" }, { 0x50, "DMA_DATA" },
		{ 0x58, "ACQUIRE_MEM" }, { 0x68, "SET_CONFIG_REG" }, { 0x69, "SET_CONTEXT_REG" },
		{ 0x76, "SET_SH_REG" }, { 0x79, "SET_UCONFIG_REG" }, { 0x7a, "SET_UCONFIG_REG_INDEX" },
		{ 0x9b, "SET_SH_REG_INDEX" }, { 0xa7, "DISPATCH_DIRECT_INTERLEAVED" },
		{ 0xb8, "SET_CONTEXT_REG_PAIRS" }, { 0xbe, "SET_UCONFIG_REG_PAIRS" },
		{ 0xd0, "PROTECTED_FENCE_SIGNAL" }, { 0xd1, "FENCE_WAIT_MULTI" },
		{ 0xef, "UPDATE_DB_SUMMARIZER_TIMEOUT" },
	};

	for (size_t i = 0; i < sizeof(sid) / sizeof(sid[0]); i++)
		CHECK_STR(t, vsharp_pm4_opcode_name(sid[i].op), sid[i].name);
	/* No PKT3_* has 0x14, 0x17 or 0xff. */
	CHECK(t, !vsharp_pm4_opcode_name(0x14) && !vsharp_pm4_opcode_name(0x17) &&
		 !vsharp_pm4_opcode_name(0xff));
}

/* SET_CONTEXT_REG counts from 0xa000: Mesa R_028A90 (VGT_EVENT_INITIATOR) is offset 0x2a4. */
static void test_set_context(struct ktap *t)
{
	static const uint32_t dw[] = { 0xc0016900, 0x000002a4, 0x00000007,
				       0xc0017900, 0x0000007b, 0x00000020 };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, dw, 6, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	/*
	 * gc_9_0_sh_mask.h: EVENT_TYPE 5:0, ADDRESS_HI 26:10, EXTENDED_EVENT 27;
	 * START_DELAY_COUNT 5:0.  Mesa gfx9.json: event 7 is CS_PARTIAL_FLUSH.
	 */
	CONTAINS(t, s, "    0: SET_CONTEXT_REG (1) shader_type=0\n        VGT_EVENT_INITIATOR = 0x00000007 "
		 "EVENT_TYPE=7(CS_PARTIAL_FLUSH) ADDRESS_HI=0x0 EXTENDED_EVENT=0\n");
	/* Mesa R_0301EC CP_COHER_START_DELAY = uconfig 0xc07b. */
	CONTAINS(t, s, "        CP_COHER_START_DELAY = 0x00000020 START_DELAY_COUNT=32\n");
	free(s);

	/*
	 * REG_OFFSET is bits 15:0 (Linux kfd_pm4_headers.h, pm4__set_config_reg):
	 * config base 0x2000 + 0xffff is 0x11fff (byte address 0x47ffc), not a
	 * 32-bit sum that wraps to 0x1fff.
	 */
	s = decode(VSHARP_GFX9, (const uint32_t[]){ 0xc0016800, 0xffffffff, 5 }, 3, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "        reg 0x11fff (R_047FFC) = 0x00000005\n");
	CONTAINS(t, s, "offset dword 0xffffffff: bits 0xffff0000 are not REG_OFFSET[15:0]\n");
	free(s);
}

/*
 * Register names against Linux's asic_reg/gc headers, checked by hand: the
 * header's offset plus its _BASE_IDX segment base (0x2000 on GFX9, 0x1260
 * on GFX10+ for index 0; 0xa000 for index 1).
 */
static void test_register_names(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		uint32_t reg;
		const char *name;
	} hdr[] = {
		/* gc_9_0_offset.h */
		{ VSHARP_GFX9, 0xa00e, "DB_Z_INFO" },			/* 0x000e, 1 */
		{ VSHARP_GFX9, 0xa327, "CB_COLOR1_BASE" },		/* 0x0327, 1 */
		{ VSHARP_GFX9, 0x2c84, "SPI_SHADER_PGM_LO_ES" },	/* 0x0c84, 0 */
		{ VSHARP_GFX9, 0xc242, "VGT_PRIMITIVE_TYPE" },		/* 0x2242, 1 */
		{ VSHARP_GFX9, 0x2004, "GRBM_STATUS" },			/* 0x0004, 0 */
		{ VSHARP_GFX9, 0x3247, "CP_HQD_ACTIVE" },		/* 0x1247, 0 */
		{ VSHARP_GFX9, 0xc258, "IA_MULTI_VGT_PARAM" },		/* 0x2258, 1 */
		{ VSHARP_GFX9, 0x2d6b, "SPI_SHADER_USER_DATA_COMMON_31" }, /* 0x0d6b, 0 */
		/* gc_10_1_0_offset.h */
		{ VSHARP_GFX10, 0xa010, "DB_Z_INFO" },			/* 0x0010, 1 */
		{ VSHARP_GFX10, 0x2cc8, "SPI_SHADER_PGM_LO_ES" },	/* 0x1a68, 0 */
		{ VSHARP_GFX10, 0xc25b, "GE_CNTL" },			/* 0x225b, 1 */
		{ VSHARP_GFX10, 0x2262, "VGT_TF_RING_SIZE" },		/* 0x1002, 0 */
		{ VSHARP_GFX10, 0xa397, "CB_COLOR7_BASE_EXT" },		/* 0x0397, 1 */
		{ VSHARP_GFX10, 0x2cdb, "SPI_SHADER_USER_DATA_ES_15" },	/* 0x1a7b, 0 */
		/* gc_10_3_0_offset.h */
		{ VSHARP_GFX10_3, 0xa019, "DB_VRS_OVERRIDE_CNTL" },	/* 0x0019, 1 */
		{ VSHARP_GFX10_3, 0x21b5, "CP_MEC_CNTL" },		/* 0x0f55, 0 */
		{ VSHARP_GFX10_3, 0x2223, "VGT_TF_RING_SIZE" },		/* 0x0fc3, 0 */
		{ VSHARP_GFX10_3, 0xa1d4, "SX_PS_DOWNCONVERT_CONTROL" }, /* 0x01d4, 1 */
		{ VSHARP_GFX10_3, 0xa31e, "CB_COLOR0_DCC_CONTROL" },	/* 0x031e, 1 */
		/* gc_11_0_0_offset.h */
		{ VSHARP_GFX11, 0xc446, "SPI_ATTRIBUTE_RING_BASE" },	/* 0x2446, 1 */
		{ VSHARP_GFX11, 0xa803, "CP_ME_CNTL" },			/* 0x0803, 1 */
		{ VSHARP_GFX11, 0xa31e, "CB_COLOR0_FDCC_CONTROL" },	/* 0x031e, 1 */
		{ VSHARP_GFX11, 0xc261, "VGT_TF_MEMORY_BASE_HI" },	/* 0x2261, 1 */
		{ VSHARP_GFX11, 0xa1bb, "SPI_GFX_SCRATCH_BASE_LO" },	/* 0x01bb, 1 */
		{ VSHARP_GFX11, 0xa9e4, "SH_MEM_CONFIG" },		/* 0x09e4, 1 */
		/* gc_12_0_0_offset.h */
		{ VSHARP_GFX12, 0xa006, "DB_Z_INFO" },			/* 0x0006, 1 */
		{ VSHARP_GFX12, 0xa321, "CB_COLOR1_BASE" },		/* 0x0321, 1 */
		{ VSHARP_GFX12, 0xa117, "PA_CL_VPORT_XSCALE_1" },	/* 0x0117, 1 */
		{ VSHARP_GFX12, 0xa11d, "PA_SC_VPORT_ZMIN_1" },		/* 0x011d, 1 */
		{ VSHARP_GFX12, 0xa199, "SPI_PS_INPUT_CNTL_0" },	/* 0x0199, 1 */
		{ VSHARP_GFX12, 0x2c89, "SPI_SHADER_PGM_LO_ES" },	/* 0x1a29, 0 */
		{ VSHARP_GFX12, 0xc262, "VGT_PRIMITIVEID_EN" },		/* 0x2262, 1 */
		{ VSHARP_GFX12, 0xa214, "CB_TARGET_MASK" },		/* 0x0214, 1 */
	};

	for (size_t i = 0; i < sizeof(hdr) / sizeof(hdr[0]); i++)
		CHECK_STR(t, vsharp_reg_name(hdr[i].level, hdr[i].reg), hdr[i].name);
	/* Moved or gone: GFX9's DB_Z_INFO offset is DB_DFSM_CONTROL on GFX10, nothing on GFX11. */
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX10, 0xa00e), "DB_DFSM_CONTROL");
	CHECK(t, vsharp_reg_name(VSHARP_GFX11, 0xa00e) == NULL);
	CHECK(t, vsharp_reg_name(VSHARP_GFX12, 0xa00e) != NULL &&
		 !strcmp(vsharp_reg_name(VSHARP_GFX12, 0xa00e), "DB_STENCIL_WRITE_BASE"));
	/* The last rows of the table, so none was dropped building the index. */
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX9, 0xc441), "SPI_CONFIG_CNTL_1");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX10, 0xc381), "TA_CS_BC_BASE_ADDR_HI");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX10_3, 0xc381), "TA_CS_BC_BASE_ADDR_HI");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX11, 0xc447), "SPI_ATTRIBUTE_RING_SIZE");
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX12, 0xc447), "SPI_ATTRIBUTE_RING_SIZE");
	/* CP_COHER_* are gone from GFX11 (gc_11_0_0_offset.h has no regCP_COHER_CNTL). */
	CHECK(t, vsharp_reg_name(VSHARP_GFX11, 0xc07c) == NULL);
	CHECK_STR(t, vsharp_reg_name(VSHARP_GFX10_3, 0xc07c), "CP_COHER_CNTL");
}

/* Mesa si_emit_draw_registers-style context writes name per level, R_xxxxxx where unnamed. */
static void test_context_names(struct ktap *t)
{
	/* SET_CONTEXT_REG 0x10: DB_Z_INFO on GFX10/11, DB_GL1_INTERFACE_CONTROL on GFX12. */
	static const uint32_t dw[] = { 0xc0026900, 0x00000010, 0x11, 0x22 };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX11, dw, 4, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	/* gc_11_0_0_sh_mask.h: FORMAT 1:0, NUM_SAMPLES 3:2, SW_MODE 8:4; Mesa gfx11.json Z_16 = 1. */
	CONTAINS(t, s, "        DB_Z_INFO = 0x00000011 FORMAT=1(Z_16) NUM_SAMPLES=0 SW_MODE=1 ");
	CONTAINS(t, s, "\n        DB_STENCIL_INFO = 0x00000022 ");
	free(s);
	s = decode(VSHARP_GFX12, dw, 4, NULL, &ret, &err);
	/* gc_12_0_0_sh_mask.h: five 2-bit fields from bit 0; Mesa gfx12.json gives them no enum. */
	CONTAINS(t, s, "        DB_GL1_INTERFACE_CONTROL = 0x00000011 Z_SPECULATIVE_READ=1 "
		 "STENCIL_SPECULATIVE_READ=0 Z_COMPRESSION_MODE=1 STENCIL_COMPRESSION_MODE=0 "
		 "OCCLUSION_COMPRESSION_MODE=0\n        reg 0xa011 (R_028044) = 0x00000022\n");
	free(s);
	/* GFX12's DB_Z_INFO at 0x006: FORMAT 1:0 (Mesa gfx12.json ZFormat: Z_16 = 1), NUM_SAMPLES 3:2, SW_MODE 8:4. */
	s = decode(VSHARP_GFX12, (const uint32_t[]){ 0xc0016900, 0x6, 0x21 }, 3, NULL, &ret, &err);
	CONTAINS(t, s, "        DB_Z_INFO = 0x00000021 FORMAT=1(Z_16) NUM_SAMPLES=0 SW_MODE=2 ");
	free(s);
}

/*
 * An amdgpu ring dump: the packets from rptr to wptr, by ring slot, across
 * the end of the ring.  umr's ring.rst COND_EXEC (ring[512..516]), then
 * the same packet wrapped from slot 1022 to slot 2 of a 1024-dword ring.
 */
static void test_ring(struct ktap *t)
{
	static const uint32_t cond_exec[] = { 0xc0032200, 0x00400060, 0, 0, 0x00000023 };
	static uint32_t ring[1024];
	struct vsharp_ring_dump r = { .rptr = 512, .wptr = 517, .driver_wptr = 517, .ring = ring,
				      .n = 1024 };
	struct vsharp_error err;
	char *s = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	memcpy(ring + 512, cond_exec, sizeof(cond_exec));
	f = open_memstream(&s, &len);
	ret = vsharp_pm4_decode_ring(VSHARP_GFX9, &r, NULL, f, &err);
	fclose(f);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "ring: 1024 dwords, rptr 512, wptr 517, driver wptr 517: 5 dwords pending\n"
		 "  512: COND_EXEC (3) shader_type=0\n        GPU_ADDR_LO32 = 0x00400060\n");
	free(s);

	for (unsigned i = 0; i < 5; i++)
		ring[(1022 + i) % 1024] = cond_exec[i];
	r.rptr = 1022;
	r.wptr = 3;
	r.driver_wptr = 3;
	s = NULL;
	f = open_memstream(&s, &len);
	ret = vsharp_pm4_decode_ring(VSHARP_GFX9, &r, &(struct vsharp_pm4_decode){ .json = true },
				     f, &err);
	fclose(f);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "\"ring\": {\"dwords\": 1024, \"rptr\": 1022, \"wptr\": 3, \"driver_wptr\": 3, \"pending\": 5}");
	CONTAINS(t, s, "{\"offset\": 1022, \"header\": 3221430784, \"type\": 3, \"opcode\": 34");
	CONTAINS(t, s, "{\"name\": \"PATCH_VALUE\", \"value\": 35}");
	free(s);

	/* Idle: nothing pending. */
	r.rptr = r.wptr = 7;
	s = NULL;
	f = open_memstream(&s, &len);
	ret = vsharp_pm4_decode_ring(VSHARP_GFX9, &r, NULL, f, &err);
	fclose(f);
	CHECK_EQ(t, ret, 0);
	CHECK_STR(t, s, "ring: 1024 dwords, rptr 7, wptr 7, driver wptr 3: 0 dwords pending (idle)\n");
	free(s);
}

/* --json: the kernel fence (test_kernel_fence) with named fields and the address as a string. */
static void test_json(struct ktap *t)
{
	static const uint32_t dw[] = {
		0xc0064900, 0x00238514, 0x22000000, 0x12345000, 0x0000ffff, 0x77, 0, 0,
		0xc0016900, 0x000002a4, 0x00000007,
		0xc0ab0000,
	};
	struct vsharp_pm4_decode opt = { .json = true };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, dw, 12, &opt, &ret, &err);

	CHECK_EQ(t, ret, -EINVAL);
	CONTAINS(t, s, "{\"gfx\": \"gfx9\", \"packets\": [{\"offset\": 0, \"header\": 3221637376, \"type\": 3, \"opcode\": 73, \"shader_type\": 0, \"count\": 6, \"name\": \"RELEASE_MEM\"");
	CONTAINS(t, s, "\"EVENT_TYPE\": {\"value\": 20, \"hi\": 5, \"lo\": 0, \"enum\": \"CACHE_FLUSH_AND_INV_TS_EVENT\"}");
	CONTAINS(t, s, "\"INT_SEL\": {\"value\": 2, \"hi\": 26, \"lo\": 24, \"enum\": \"interrupt after write confirm\"}");
	CONTAINS(t, s, "\"notes\": [\"addr=0xffff12345000 data=0x77\"]");
	CONTAINS(t, s, "{\"name\": \"VGT_EVENT_INITIATOR\", \"reg\": 41636, \"value\": 7, \"fields\": "
		 "{\"EVENT_TYPE\": {\"value\": 7, \"hi\": 5, \"lo\": 0, \"enum\": \"CS_PARTIAL_FLUSH\"}, "
		 "\"ADDRESS_HI\": {\"value\": 0, \"hi\": 26, \"lo\": 10}, "
		 "\"EXTENDED_EVENT\": {\"value\": 0, \"hi\": 27, \"lo\": 27}}}");
	CONTAINS(t, s, "\"error\": {\"offset\": 11, \"message\": \"dword 11: type-3 packet needs 172 body dwords, the IB ends after 0\"}, \"unparsed\": [3232432128]}\n");
	free(s);
}

/*
 * --json --follow at the deepest --follow-depth: an IB that points at itself
 * nests VSHARP_PM4_FOLLOW_MAX streams, each a packet, its "ib" and its
 * packets deep, and the document still closes (it once overran the writer's
 * nesting and crashed).
 */
static void test_json_follow_deepest(struct ktap *t)
{
	static const uint32_t self[] = { 0xc0023f00, 0x00001000, 0x00000002, 4 };
	struct vsharp_pm4_mem mem = { .va = 0x200001000ull, .dw = self, .n = 4 };
	struct vsharp_pm4_decode opt = { .mem = &mem, .n_mem = 1,
					 .follow_depth = VSHARP_PM4_FOLLOW_MAX, .json = true };
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, self, 4, &opt, &ret, &err);
	size_t len = s ? strlen(s) : 0;

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "\"ib\": {\"va\": \"0x200001000\", \"dwords\": 4, \"depth\": 8, \"packets\": [");
	CONTAINS(t, s, "\"notes\": [\"-> IB at 0x200001000, 4 dwords, VMID 0, SWAP 0\", \"(not followed: depth 8 is the --follow limit)\"]");
	CHECK_MSG(t, len > 2 && !strcmp(s + len - 2, "}\n"), "%s", s ? s : "");
	free(s);
}

/*
 * GFX11's register-pair packets in Mesa sid.h's format: PAIRS (offset,
 * value)^n; PACKED a register count, then (offset0 | offset1 << 16,
 * value0, value1); an odd list repeats its first register.  Offsets from
 * 0x2c00 (SH), 0xa000 (context), 0xc000 (uconfig).  The SH ones feed the
 * dispatch state: this dispatch is set up by pair packets alone.
 */
static void test_pairs(struct ktap *t)
{
	static const uint32_t dw[] = {
		/* PACKED_N, 3 registers + the first again: PGM_LO, PGM_HI, RSRC1, PGM_LO */
		0xc006bd04, 4, 0x020d020c, 0x10, 0x80, 0x020c0212, 0x400c0001, 0x10,
		/* PACKED: RSRC2, NUM_THREAD_X, NUM_THREAD_Y, NUM_THREAD_Z */
		0xc006bb04, 4, 0x02070213, 0x90, 0x40, 0x02090208, 1, 1,
		/* SH PAIRS: DISPATCH_INITIATOR written apart, then the dispatch */
		0xc001ba00, 0x200, 0,
		0xc0031500, 4, 1, 1, 0x8045,
		/* CONTEXT PAIRS: VGT_EVENT_INITIATOR (0x2a4); UCONFIG PAIRS: SCRATCH_REG0 (0x40) */
		0xc001b800, 0x2a4, 7,
		0xc001be00, 0x40, 0x1234,
		/* PACKED with a count the body does not hold, and a dword left over */
		0xc003bb04, 4, 0x02410240, 5, 6,
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX11, dw, sizeof(dw) / 4, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "    0: SET_SH_REG_PAIRS_PACKED_N (6) shader_type=0\n        count=4\n"
		 "        COMPUTE_PGM_LO = 0x00000010\n"
		 "        COMPUTE_PGM_HI = 0x00000080 DATA=128 pgm_va=0x800000001000\n"
		 "        COMPUTE_PGM_RSRC1 = 0x400c0001 VGPRS=1(8 w64, 16 w32) ");
	CONTAINS(t, s, "\n        COMPUTE_PGM_LO = 0x00000010\n    8: SET_SH_REG_PAIRS_PACKED (6)");
	CONTAINS(t, s, "        COMPUTE_PGM_RSRC2 = 0x00000090 SCRATCH_EN=0 USER_SGPR=8 ");
	CONTAINS(t, s, "        COMPUTE_NUM_THREAD_Z = 0x00000001 NUM_THREAD_FULL=1 NUM_THREAD_PARTIAL=0\n");
	CONTAINS(t, s, "   16: SET_SH_REG_PAIRS (1) shader_type=0\n"
		 "        COMPUTE_DISPATCH_INITIATOR = 0x00000000 COMPUTE_SHADER_EN=0 ");
	CONTAINS(t, s, "state: wave32 pgm_va=0x800000001000 vgprs=16 sgprs=128 user_sgprs=8 tgid=x "
		 "tidig_comps=1 lds_bytes=0 threads=64x1x1\n");
	CONTAINS(t, s, "   24: SET_CONTEXT_REG_PAIRS (1) shader_type=0\n"
		 "        VGT_EVENT_INITIATOR = 0x00000007 EVENT_TYPE=7(CS_PARTIAL_FLUSH) ");
	CONTAINS(t, s, "   27: SET_UCONFIG_REG_PAIRS (1) shader_type=0\n"
		 "        SCRATCH_REG0 = 0x00001234\n");
	CONTAINS(t, s, "   30: SET_SH_REG_PAIRS_PACKED (3) shader_type=0\n        count=4\n"
		 "        count 4: the body holds 1 register pairs (3 dwords after the count)\n"
		 "        COMPUTE_USER_DATA_0 = 0x00000005\n        COMPUTE_USER_DATA_1 = 0x00000006\n");
	free(s);

	/* JSON: RSRC1.VGPRS 1 allocates 8 VGPRs in wave64, 16 in wave32 (GFX11). */
	s = decode(VSHARP_GFX11, dw, 8, &(struct vsharp_pm4_decode){ .json = true }, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "\"VGPRS\": {\"value\": 1, \"hi\": 5, \"lo\": 0, \"count\": 8, "
		 "\"count_wave32\": 16}");
	free(s);

	/* A PAIRS body of odd length: the last dword raw, said so. */
	s = decode(VSHARP_GFX11, (const uint32_t[]){ 0xc002ba00, 0x240, 5, 0x241 }, 4, NULL, &ret,
		   &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "        COMPUTE_USER_DATA_0 = 0x00000005\n"
		 "        1 dwords after the last whole pair\n        0x00000241\n");
	free(s);
}

/*
 * USER_DATA registers holding a V#: the GFX9 V# 0x1000 0x80 0x100 0x27fac
 * (BASE 0x80_0000_1000, STRIDE 0, NUM_RECORDS 256, DST_SEL XYZW, DATA_FORMAT
 * 32 (4) and NUM_FORMAT FLOAT (7): Vega ISA guide "Buffer Resource" table)
 * in USER_DATA_4..7 of an 8-user-SGPR dispatch is shown; the same words in
 * USER_DATA_1..4 (no SGPR quad) or past user_sgprs are not.
 */
static void test_user_data_vsharp(struct ktap *t)
{
	uint32_t dw[] = {
		0xc0027600, 0x20c, 0x10, 0x80,			/* PGM_LO/HI */
		0xc0027600, 0x212, 0x000c0041, 0x90,		/* RSRC1, RSRC2: 8 user SGPRs */
		0xc0037600, 0x207, 0x40, 1, 1,			/* NUM_THREAD_X/Y/Z */
		0xc0087600, 0x240, 0, 0, 0, 0, 0x1000, 0x80, 0x100, 0x27fac,
		0xc0031500, 4, 1, 1, 0x45,
	};
	struct vsharp_error err;
	int ret;
	char *s = decode(VSHARP_GFX9, dw, sizeof(dw) / 4, NULL, &ret, &err);

	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "        USER_DATA_4..7 as a V#: base=0x8000001000 stride=0 num_records=256 "
		 "format=32_FLOAT dst_sel=XYZW\n");
	CHECK_MSG(t, s && !strstr(s, "USER_DATA_0..3 as a V#"), "%s", s ? s : "");
	free(s);

	/*
	 * --json: the V# as an object with desc decode's keys.  gc_9_0_sh_mask.h
	 * SQ_BUF_RSRC_WORD1 BASE_ADDRESS_HI 15:0 (0x80), WORD3 0x27fac: DST_SEL
	 * XYZW (4, 5, 6, 7), NUM_FORMAT 7 (FLOAT), DATA_FORMAT 4 (32).
	 */
	s = decode(VSHARP_GFX9, dw, sizeof(dw) / 4, &(struct vsharp_pm4_decode){ .json = true }, &ret,
		   &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "\"vsharps\": [{\"user_data\": 4, \"words\": [4096, 128, 256, 163756], "
		 "\"base\": \"0x8000001000\", \"stride\": 0, \"num_records\": 256, "
		 "\"format\": \"32_FLOAT\", \"dst_sel\": \"XYZW\", \"swizzle\": false, ");
	CHECK_MSG(t, s && !strstr(s, "as a V#"), "%s", s ? s : "");
	free(s);

	/* One SGPR earlier: USER_DATA_3..6 is no quad, and 4..7 no V#. */
	memmove(&dw[17], &dw[18], 5 * sizeof(dw[0]));
	dw[22] = 0;
	s = decode(VSHARP_GFX9, dw, sizeof(dw) / 4, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CHECK_MSG(t, s && !strstr(s, "as a V#"), "%s", s ? s : "");
	free(s);

	/* Back in 4..7, but RSRC2 loads only 4 user SGPRs (USER_SGPR 4: 0x88). */
	memmove(&dw[18], &dw[17], 5 * sizeof(dw[0]));
	dw[17] = 0;
	dw[7] = 0x88;
	s = decode(VSHARP_GFX9, dw, sizeof(dw) / 4, NULL, &ret, &err);
	CHECK_EQ(t, ret, 0);
	CONTAINS(t, s, "user_sgprs=4 ");
	CHECK_MSG(t, s && !strstr(s, "as a V#"), "%s", s ? s : "");
	free(s);
}

KTAP_MAIN(
	KTAP_CASE(test_umr_ib),
	KTAP_CASE(test_umr_cond_exec),
	KTAP_CASE(test_kernel_fence),
	KTAP_CASE(test_pre_gfx9_packets),
	KTAP_CASE(test_follow),
	KTAP_CASE(test_packet_types),
	KTAP_CASE(test_opcode_names),
	KTAP_CASE(test_set_context),
	KTAP_CASE(test_register_names),
	KTAP_CASE(test_context_names),
	KTAP_CASE(test_ring),
	KTAP_CASE(test_json),
	KTAP_CASE(test_json_follow_deepest),
	KTAP_CASE(test_pairs),
	KTAP_CASE(test_user_data_vsharp)
)
