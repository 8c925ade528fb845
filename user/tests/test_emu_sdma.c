// SPDX-License-Identifier: MIT
/*
 * The emulated SDMA engine (emu/sdma.c, Documentation/emulator.rst "The
 * SDMA engine"): each packet's effect against its definition, on the levels
 * whose encodings differ.  Packets are built here with the macros of the
 * public definitions, not with the engine's tables:
 *  - SI (GFX6): Linux sid.h DMA_PACKET(cmd, b, t, s, n) and the layouts of
 *    si_dma.c and radeon's evergreen_cs.c evergreen_dma_ib_parse (COPY
 *    sub_cmd 0x00 "L2L, DW aligned" counts dwords, 0x40 "byte aligned"
 *    bytes; addresses' high bits 39:32 in their own dwords, CONSTANT_FILL's
 *    at bits 23:16);
 *  - CIK on: cikd.h SDMA_PACKET(op, sub_op, e), counts as libdrm
 *    tests/amdgpu/basic_tests.c writes them (the length before
 *    AMDGPU_FAMILY_AI, length - 1 from it), field widths from
 *    tonga/vega10/navi10/sdma_v6_0_0_pkt_open.h.
 * Memory outside each write holds a poison byte that must survive.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/gpu.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PAGE VSHARP_VM_PAGE

/* cikd.h */
#define SDMA_PACKET(op, sub_op, e) ((((e) & 0xFFFFu) << 16) | (((sub_op) & 0xFFu) << 8) | ((op) & 0xFFu))
#define SDMA_OP_NOP 0
#define SDMA_OP_COPY 1
#define SDMA_OP_WRITE 2
#define SDMA_OP_INDIRECT 4
#define SDMA_OP_FENCE 5
#define SDMA_OP_TRAP 6
#define SDMA_OP_POLL_REGMEM 8
#define SDMA_OP_ATOMIC 10
#define SDMA_OP_CONST_FILL 11
#define SDMA_OP_TIMESTAMP 13
#define SDMA_NOP_COUNT(x) (((x) & 0x3FFFu) << 16)
#define SDMA_CONSTANT_FILL_EXTRA_SIZE(x) ((x) << 14)
#define SDMA_POLL_FUNC(x) ((uint32_t)(x) << 28)
#define SDMA_POLL_MEM (1u << 31)
/* sid.h */
#define DMA_PACKET(cmd, b, t, s, n) ((((uint32_t)(cmd) & 0xF) << 28) | (((b) & 0x1u) << 26) | \
				     (((t) & 0x1u) << 23) | (((s) & 0x1u) << 22) | ((n) & 0xFFFFFu))
#define DMA_PACKET_WRITE 0x2
#define DMA_PACKET_COPY 0x3
#define DMA_PACKET_SEMAPHORE 0x5
#define DMA_PACKET_FENCE 0x6
#define DMA_PACKET_TRAP 0x7
#define DMA_PACKET_CONSTANT_FILL 0xd
#define DMA_PACKET_POLL_REG_MEM 0xe
#define DMA_PACKET_NOP 0xf

/* The address space: data pages, a second data mapping right after them on other host memory. */
#define IB_VA 0x100000ull		/* R */
#define DATA_VA 0x200000ull		/* RW, 4 pages */
#define DATA2_VA (DATA_VA + 4 * PAGE)	/* RW, 1 page, another host buffer */
#define RO_VA 0x300000ull		/* R */
#define HOLE_VA 0x400000ull		/* never mapped */
#define HIGH_VA 0x1200000000ull		/* RW: bits 39:32 = 0x12 */
#define POISON 0x5a

struct rig {
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	uint8_t *ib, *data, *data2, *ro, *high;
	struct vsharp_error err;
	int ret;
	struct vsharp_sdma_run run;
};

static bool rig_init(struct ktap *t, struct rig *r, enum vsharp_gfx level)
{
	struct vsharp_gpu_config cfg;
	int ret;

	memset(r, 0, sizeof(*r));
	vsharp_gpu_config_default(level, &cfg);
	r->ib = calloc(1, PAGE);
	r->data = malloc(4 * PAGE);
	r->data2 = malloc(PAGE);
	r->ro = malloc(PAGE);
	r->high = malloc(PAGE);
	if (!r->ib || !r->data || !r->data2 || !r->ro || !r->high)
		return CHECK(t, !"out of memory");
	memset(r->data, POISON, 4 * PAGE);
	memset(r->data2, POISON, PAGE);
	memset(r->ro, POISON, PAGE);
	memset(r->high, POISON, PAGE);
	ret = vsharp_gpu_create(&cfg, &r->gpu, &r->err);
	if (!ret)
		ret = vsharp_vm_create(&r->vm, &r->err);
	if (!ret)
		ret = vsharp_vm_map(r->vm, IB_VA, PAGE, r->ib, VSHARP_VM_READ, &r->err);
	if (!ret)
		ret = vsharp_vm_map(r->vm, DATA_VA, 4 * PAGE, r->data, VSHARP_VM_READ | VSHARP_VM_WRITE, &r->err);
	if (!ret)
		ret = vsharp_vm_map(r->vm, DATA2_VA, PAGE, r->data2, VSHARP_VM_READ | VSHARP_VM_WRITE, &r->err);
	if (!ret)
		ret = vsharp_vm_map(r->vm, RO_VA, PAGE, r->ro, VSHARP_VM_READ, &r->err);
	if (!ret)
		ret = vsharp_vm_map(r->vm, HIGH_VA, PAGE, r->high, VSHARP_VM_READ | VSHARP_VM_WRITE, &r->err);
	return CHECK_MSG(t, ret == 0, "%s rig: %s", vsharp_gfx_name(level), r->err.msg);
}

static void rig_fini(struct rig *r)
{
	vsharp_vm_destroy(r->vm);
	vsharp_gpu_destroy(r->gpu);
	free(r->ib);
	free(r->data);
	free(r->data2);
	free(r->ro);
	free(r->high);
}

static int run(struct rig *r, const uint32_t *dw, unsigned n)
{
	memcpy(r->ib, dw, 4u * n);
	r->err.msg[0] = 0;
	r->ret = vsharp_sdma_run_ib(r->gpu, r->vm, IB_VA, n, &r->err);
	vsharp_sdma_last_run(r->gpu, &r->run);
	return r->ret;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Bytes [from, to) of P all hold V. */
static bool all(const uint8_t *p, size_t from, size_t to, uint8_t v)
{
	for (size_t i = from; i < to; i++)
		if (p[i] != v)
			return false;
	return true;
}

#define CHECK_OK(t, r, lv) CHECK_MSG(t, (r)->ret == 0, "%s: %d %s", vsharp_gfx_name(lv), (r)->ret, (r)->err.msg)
#define CHECK_HAS(t, r, s) CHECK_MSG(t, strstr((r)->err.msg, s) != NULL, "\"%s\" not in \"%s\"", s, (r)->err.msg)

/* The levels whose SDMA encodings this file checks, and how each counts. */
static const struct {
	enum vsharp_gfx level;
	bool minus1;		/* basic_tests.c: family_id >= AMDGPU_FAMILY_AI */
} sdma_levels[] = {
	{ VSHARP_GFX7, false }, { VSHARP_GFX8, false }, { VSHARP_GFX9, true },
	{ VSHARP_GFX10, true }, { VSHARP_GFX10_3, true }, { VSHARP_GFX11, true },
};

/* ---- WRITE ------------------------------------------------------------------------------- */

static void test_write_linear(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		uint64_t va = DATA_VA + 8;
		uint32_t ib[] = {
			SDMA_PACKET(SDMA_OP_WRITE, 0, 0), (uint32_t)va, (uint32_t)(va >> 32),
			sdma_levels[i].minus1 ? 3 - 1 : 3, 0xdeadbeaf, 0x01020304, 0xcafef00d,
		};
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		CHECK_EQ(t, rd32(r.data + 8), 0xdeadbeaf);
		CHECK_EQ(t, rd32(r.data + 12), 0x01020304);
		CHECK_EQ(t, r.data[12], 0x04);	/* little-endian */
		CHECK_EQ(t, rd32(r.data + 16), 0xcafef00d);
		CHECK(t, all(r.data, 0, 8, POISON) && all(r.data, 20, 4 * PAGE, POISON));
		CHECK_EQ(t, r.run.packets, 1);
		CHECK_EQ(t, r.run.bytes_written, 12);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_DONE);
		/* One dword short: the packet runs past the IB. */
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib) - 1) == -EINVAL);
		CHECK_HAS(t, &r, "the IB has 6 left");
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_BAD_IB);
		rig_fini(&r);
	}
}

/* The IB of sdma_v4_0_ring_test_ib (and v5/v6): WRITE of one dword, three NOPs. */
static void test_kernel_ib_test(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		uint32_t ib[] = {
			SDMA_PACKET(SDMA_OP_WRITE, 0, 0), (uint32_t)DATA_VA, 0,
			sdma_levels[i].minus1 ? 0 : 1, 0xDEADBEEF,
			SDMA_OP_NOP, SDMA_OP_NOP, SDMA_OP_NOP,
		};
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		CHECK_EQ(t, rd32(r.data), 0xDEADBEEF);
		CHECK_EQ(t, r.run.packets, 4);
		CHECK(t, all(r.data, 4, 4 * PAGE, POISON));
		rig_fini(&r);
	}
}

/* si_dma_ring_test_ib: DMA_PACKET(WRITE, 0, 0, 0, 1), lo, hi & 0xff, data; here at a 40-bit address. */
static void test_si_write(struct ktap *t)
{
	uint32_t ib[] = {
		DMA_PACKET(DMA_PACKET_WRITE, 0, 0, 0, 2), (uint32_t)HIGH_VA + 4, (uint32_t)(HIGH_VA >> 32) & 0xff,
		0xDEADBEEF, 0x12345678,
		DMA_PACKET(DMA_PACKET_NOP, 0, 0, 0, 0),
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX6))
		return;
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	CHECK_OK(t, &r, VSHARP_GFX6);
	CHECK_EQ(t, rd32(r.high + 4), 0xDEADBEEF);
	CHECK_EQ(t, rd32(r.high + 8), 0x12345678);
	CHECK(t, all(r.high, 0, 4, POISON) && all(r.high, 12, PAGE, POISON));
	CHECK_EQ(t, r.run.packets, 2);
	/* Bits above 39:32 in the high dword are no field. */
	ib[2] = 0x112;
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
	CHECK_HAS(t, &r, "reserved");
	/* WRITE sub_cmd 8 (the t bit) is the tiled write: refused. */
	ib[2] = 0x12;
	ib[0] = DMA_PACKET(DMA_PACKET_WRITE, 0, 1, 0, 2);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ENOSYS);
	CHECK_HAS(t, &r, "WRITE (opcode 0x2, sub_cmd 0x8");
	rig_fini(&r);
}

/* ---- NOP --------------------------------------------------------------------------------- */

static void test_nop_count(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		/* sdma_v4_0_ring_pad_ib's burst NOP: COUNT(pad - 1) body dwords, skipped whatever they hold. */
		uint32_t ib[] = {
			SDMA_PACKET(SDMA_OP_NOP, 0, 0) | SDMA_NOP_COUNT(3), 0xffffffff, 0x23decd3d, 0x0000000a,
			SDMA_PACKET(SDMA_OP_FENCE, 0, 0), (uint32_t)DATA_VA, 0, 0x600d,
		};
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		CHECK_EQ(t, rd32(r.data), 0x600d);
		CHECK_EQ(t, r.run.packets, 2);
		/* COUNT 2: the third body dword (ATOMIC's opcode 10) is a packet. */
		ib[0] = SDMA_PACKET(SDMA_OP_NOP, 0, 0) | SDMA_NOP_COUNT(2);
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ENOSYS);
		CHECK_HAS(t, &r, "ATOMIC (opcode 0xa");
		CHECK_HAS(t, &r, "at dword 3");
		rig_fini(&r);
	}
}

/* ---- CONSTANT_FILL ----------------------------------------------------------------------- */

static void test_const_fill(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		unsigned len = 4096 + 8;	/* across the first page boundary */
		uint32_t ib[] = {
			/* basic_tests.c amdgpu_command_submission_sdma_const_fill: a dword fill. */
			SDMA_PACKET(SDMA_OP_CONST_FILL, 0, SDMA_CONSTANT_FILL_EXTRA_SIZE(2)),
			(uint32_t)DATA_VA + 4, 0, 0xdeadbeaf, sdma_levels[i].minus1 ? len - 1 : len,
			/* A byte fill: the low byte of DATA in 5 bytes at an odd address. */
			SDMA_PACKET(SDMA_OP_CONST_FILL, 0, SDMA_CONSTANT_FILL_EXTRA_SIZE(0)),
			(uint32_t)DATA_VA + 3 * PAGE + 1, 0, 0x112233ab, sdma_levels[i].minus1 ? 4 : 5,
		};
		struct rig r;
		bool ok = true;

		if (!rig_init(t, &r, lv))
			continue;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		for (unsigned o = 4; o < 4 + len; o += 4)
			ok &= rd32(r.data + o) == 0xdeadbeaf;
		CHECK_MSG(t, ok, "%s: the dword fill", vsharp_gfx_name(lv));
		CHECK(t, all(r.data, 0, 4, POISON) && all(r.data, 4 + len, 3 * PAGE + 1, POISON));
		CHECK(t, all(r.data, 3 * PAGE + 1, 3 * PAGE + 6, 0xab));
		CHECK(t, all(r.data, 3 * PAGE + 6, 4 * PAGE, POISON));
		CHECK_EQ(t, r.run.bytes_written, len + 5);
		/* FILLSIZE 1 and 3 are no fill size cikd.h names. */
		ib[0] = SDMA_PACKET(SDMA_OP_CONST_FILL, 0, SDMA_CONSTANT_FILL_EXTRA_SIZE(1));
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
		CHECK_HAS(t, &r, "FILLSIZE 1");
		/* A dword fill of 6 bytes. */
		ib[0] = SDMA_PACKET(SDMA_OP_CONST_FILL, 0, SDMA_CONSTANT_FILL_EXTRA_SIZE(2));
		ib[4] = sdma_levels[i].minus1 ? 5 : 6;
		CHECK(t, run(&r, ib, 5) == -EINVAL);
		CHECK_HAS(t, &r, "multiple of 4");
		rig_fini(&r);
	}
}

static void test_si_const_fill(struct ktap *t)
{
	/* si_dma_emit_fill_buffer: COUNT in dwords, upper_32_bits(dst) << 16 in the last dword. */
	uint32_t ib[] = {
		DMA_PACKET(DMA_PACKET_CONSTANT_FILL, 0, 0, 0, 3), (uint32_t)HIGH_VA + 8, 0xdeadbeaf,
		(uint32_t)(HIGH_VA >> 32) << 16,
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX6))
		return;
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	CHECK_OK(t, &r, VSHARP_GFX6);
	for (unsigned o = 8; o < 20; o += 4)
		CHECK_EQ(t, rd32(r.high + o), 0xdeadbeaf);
	CHECK(t, all(r.high, 0, 8, POISON) && all(r.high, 20, PAGE, POISON));
	/* COUNT 0 moves nothing: refused with the range. */
	ib[0] = DMA_PACKET(DMA_PACKET_CONSTANT_FILL, 0, 0, 0, 0);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
	CHECK_HAS(t, &r, "COUNT 0");
	CHECK_HAS(t, &r, "1..1048575");
	rig_fini(&r);
}

/* ---- COPY -------------------------------------------------------------------------------- */

static void test_copy_linear(struct ktap *t)
{
	/* Byte counts at the edges: one byte, up to a page end, across two host buffers. */
	static const struct { uint64_t src, dst; unsigned n; } rows[] = {
		{ DATA_VA + 1, DATA_VA + 2 * PAGE + 3, 1 },
		{ DATA_VA, DATA_VA + 2 * PAGE + 1, PAGE - 1 },
		{ DATA_VA + 5, DATA_VA + 3 * PAGE + 7, PAGE + 3 },	/* ends in DATA2 */
	};

	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;

		for (size_t k = 0; k < ARRAY_SIZE(rows); k++) {
			uint64_t s = rows[k].src, d = rows[k].dst;
			unsigned n = rows[k].n;
			/* basic_tests.c amdgpu_command_submission_copy_linear_helper. */
			uint32_t ib[] = {
				SDMA_PACKET(SDMA_OP_COPY, 0, 0), sdma_levels[i].minus1 ? n - 1 : n, 0,
				(uint32_t)s, (uint32_t)(s >> 32), (uint32_t)d, (uint32_t)(d >> 32),
			};
			uint8_t *host = malloc(5 * PAGE);
			bool ok = true;
			struct rig r;

			if (!host || !rig_init(t, &r, lv)) {
				free(host);
				continue;
			}
			for (unsigned b = 0; b < 2 * PAGE; b++)
				r.data[b] = (uint8_t)(b * 7 + 1);
			CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
			CHECK_OK(t, &r, lv);
			memcpy(host, r.data, 4 * PAGE);
			memcpy(host + 4 * PAGE, r.data2, PAGE);
			for (uint64_t b = 2 * PAGE; b < 5 * PAGE; b++) {
				uint64_t va = DATA_VA + b;
				uint8_t want = va >= d && va < d + n ? (uint8_t)((s - DATA_VA + va - d) * 7 + 1) : POISON;

				ok &= host[b] == want;
			}
			CHECK_MSG(t, ok, "%s: copy of %u bytes 0x%" PRIx64 " -> 0x%" PRIx64, vsharp_gfx_name(lv), n, s, d);
			CHECK_EQ(t, r.run.bytes_written, n);
			free(host);
			rig_fini(&r);
		}
	}
}

/* COUNT is 22 bits to SDMA v5.2 and 30 bits on SDMA v6.0 (sdma_v6_0_0_pkt_open.h). */
static void test_copy_count_width(struct ktap *t)
{
	uint32_t ib[] = {
		SDMA_PACKET(SDMA_OP_COPY, 0, 0), 1u << 22, 0,
		(uint32_t)DATA_VA, 0, (uint32_t)HOLE_VA, 0,
	};
	struct rig r;

	if (rig_init(t, &r, VSHARP_GFX10_3)) {
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
		CHECK_HAS(t, &r, "dword 1 = 0x00400000 sets bits 0x00400000");
		rig_fini(&r);
	}
	if (rig_init(t, &r, VSHARP_GFX11)) {
		/* 4 MiB + 1 bytes from DATA: the source runs out of its mapping. */
		ib[5] = (uint32_t)DATA_VA + 3 * PAGE;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EFAULT);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_VM_FAULT);
		CHECK_HAS(t, &r, "read of 4194305 bytes");
		rig_fini(&r);
	}
}

static void test_si_copy(struct ktap *t)
{
	/* basic_tests.c's SI copy: b = 0, the dword-aligned copy, COUNT in dwords; dst, src, dst hi, src hi. */
	uint32_t ib[] = {
		DMA_PACKET(DMA_PACKET_COPY, 0, 0, 0, 3), (uint32_t)HIGH_VA + 16, (uint32_t)DATA_VA,
		(uint32_t)(HIGH_VA >> 32), (uint32_t)(DATA_VA >> 32),
		/* si_dma_emit_copy_buffer: b = 1, COUNT in bytes. */
		DMA_PACKET(DMA_PACKET_COPY, 1, 0, 0, 3), (uint32_t)HIGH_VA + 41, (uint32_t)DATA_VA + 1,
		(uint32_t)(HIGH_VA >> 32), (uint32_t)(DATA_VA >> 32),
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX6))
		return;
	for (unsigned b = 0; b < 16; b++)
		r.data[b] = (uint8_t)(0x10 + b);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	CHECK_OK(t, &r, VSHARP_GFX6);
	CHECK(t, memcmp(r.high + 16, r.data, 12) == 0);
	CHECK(t, memcmp(r.high + 41, r.data + 1, 3) == 0);
	CHECK(t, all(r.high, 0, 16, POISON) && all(r.high, 28, 41, POISON) && all(r.high, 44, PAGE, POISON));
	CHECK_EQ(t, r.run.bytes_written, 15);
	/* The dword copy from a byte address. */
	ib[2] = (uint32_t)DATA_VA + 2;
	CHECK(t, run(&r, ib, 5) == -EINVAL);
	CHECK_HAS(t, &r, "source address 0x200002 is not a multiple of 4");
	rig_fini(&r);
}

static void test_copy_overlap(struct ktap *t)
{
	uint32_t ib[] = {
		SDMA_PACKET(SDMA_OP_COPY, 0, 0), 16 - 1, 0,
		(uint32_t)DATA_VA, 0, (uint32_t)DATA_VA + 8, 0,
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX9))
		return;
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EPROTO);
	CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_STRICT);
	CHECK_HAS(t, &r, "overlap");
	CHECK(t, all(r.data, 0, 4 * PAGE, POISON));
	ib[5] = (uint32_t)DATA_VA + 16;	/* adjacent: fine */
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	rig_fini(&r);
}

/* ---- FENCE and TRAP ---------------------------------------------------------------------- */

static void test_fence_trap(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		/* sdma_v4_0_ring_emit_fence with AMDGPU_FENCE_FLAG_64BIT, then the TRAP. */
		uint64_t seq = 0x0000000700000123ull, va = HIGH_VA + 0x40;
		uint32_t ib[] = {
			SDMA_PACKET(SDMA_OP_FENCE, 0, 0), (uint32_t)va, (uint32_t)(va >> 32), (uint32_t)seq,
			SDMA_PACKET(SDMA_OP_FENCE, 0, 0), (uint32_t)va + 4, (uint32_t)(va >> 32), (uint32_t)(seq >> 32),
			SDMA_PACKET(SDMA_OP_TRAP, 0, 0), 0x5,
		};
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		CHECK_EQ(t, rd32(r.high + 0x40), 0x123);
		CHECK_EQ(t, rd32(r.high + 0x44), 7);
		CHECK(t, all(r.high, 0, 0x40, POISON) && all(r.high, 0x48, PAGE, POISON));
		CHECK_EQ(t, r.run.traps, 1);
		CHECK_EQ(t, r.run.trap_context, 5);
		CHECK_EQ(t, r.run.packets, 3);
		/* "zero in first two bits" (WARN_ON(addr & 0x3)). */
		ib[1] |= 2;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
		CHECK_HAS(t, &r, "FENCE (opcode 0x5, sub-op 0x0) at dword 0");
		CHECK_EQ(t, r.run.traps, 0);
		rig_fini(&r);
	}
}

static void test_si_fence_trap(struct ktap *t)
{
	/* si_dma_ring_emit_fence: lo & ~3, hi & 0xff, seq; then DMA_PACKET(TRAP). */
	uint32_t ib[] = {
		DMA_PACKET(DMA_PACKET_FENCE, 0, 0, 0, 0), (uint32_t)HIGH_VA + 0x80, (uint32_t)(HIGH_VA >> 32) & 0xff, 42,
		DMA_PACKET(DMA_PACKET_TRAP, 0, 0, 0, 0),
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX6))
		return;
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	CHECK_OK(t, &r, VSHARP_GFX6);
	CHECK_EQ(t, rd32(r.high + 0x80), 42);
	CHECK_EQ(t, r.run.traps, 1);
	CHECK(t, all(r.high, 0, 0x80, POISON) && all(r.high, 0x84, PAGE, POISON));
	rig_fini(&r);
}

/* ---- POLL_REGMEM ------------------------------------------------------------------------- */

static void test_poll(struct ktap *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(sdma_levels); i++) {
		enum vsharp_gfx lv = sdma_levels[i].level;
		uint64_t va = DATA_VA + 256 * 4;
		/* sdma_v4_0_wait_reg_mem on memory: ==, then a fence to show the IB went on. */
		uint32_t ib[] = {
			SDMA_PACKET(SDMA_OP_POLL_REGMEM, 0, 0) | SDMA_POLL_FUNC(3) | SDMA_POLL_MEM,
			(uint32_t)va, (uint32_t)(va >> 32), 0x00001200, 0x0000ff00, 0xfff << 16 | 4,
			SDMA_PACKET(SDMA_OP_FENCE, 0, 0), (uint32_t)DATA_VA, 0, 1,
		};
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		memcpy(r.data + 256 * 4, &(uint32_t){ 0xab3412cd }, 4);
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
		CHECK_OK(t, &r, lv);
		CHECK_EQ(t, rd32(r.data), 1);
		/* deadlock_tests.c amdgpu_deadlock_sdma: != 0 on memory that holds 0, mask ~0. */
		memset(r.data, POISON, 4);
		memset(r.data + 256 * 4, 0, 4);
		ib[0] = SDMA_PACKET(SDMA_OP_POLL_REGMEM, 0, 0) | SDMA_POLL_FUNC(4) | SDMA_POLL_MEM;
		ib[3] = 0;
		ib[4] = 0xffffffff;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ETIME);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_HANG);
		CHECK_HAS(t, &r, "POLL_REGMEM at dword 0 never ends");
		CHECK_HAS(t, &r, "0x00000000 != VALUE 0x00000000");
		CHECK(t, all(r.data, 0, 4, POISON));
		/* A register poll (MEM_POLL 0): the engine has no registers. */
		ib[0] = SDMA_PACKET(SDMA_OP_POLL_REGMEM, 0, 0) | SDMA_POLL_FUNC(3);
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ENOSYS);
		CHECK_HAS(t, &r, "MEM_POLL 0");
		/* FUNC 7 is none. */
		ib[0] = SDMA_PACKET(SDMA_OP_POLL_REGMEM, 0, 0) | SDMA_POLL_FUNC(7) | SDMA_POLL_MEM;
		CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -EINVAL);
		CHECK_HAS(t, &r, "FUNC 7");
		rig_fini(&r);
	}
}

static void test_si_poll(struct ktap *t)
{
	/* si_dma_ring_emit_pipeline_sync: bit 27 memory, retry | hi, mask, value, func(equal) | interval. */
	uint32_t ib[] = {
		DMA_PACKET(DMA_PACKET_POLL_REG_MEM, 0, 0, 0, 0) | 1u << 27, (uint32_t)DATA_VA + 4,
		0xff << 16 | (uint32_t)(DATA_VA >> 32), 0xffffffff, 77, 3u << 28 | 0x20,
	};
	struct rig r;

	if (!rig_init(t, &r, VSHARP_GFX6))
		return;
	memcpy(r.data + 4, &(uint32_t){ 77 }, 4);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == 0);
	CHECK_OK(t, &r, VSHARP_GFX6);
	memcpy(r.data + 4, &(uint32_t){ 76 }, 4);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ETIME);
	CHECK_HAS(t, &r, "holds 0x0000004c");
	/* si_dma_ring_emit_vm_flush's register poll: sub_cmd 0. */
	ib[0] = DMA_PACKET(DMA_PACKET_POLL_REG_MEM, 0, 0, 0, 0);
	CHECK(t, run(&r, ib, ARRAY_SIZE(ib)) == -ENOSYS);
	CHECK_HAS(t, &r, "POLL_REG_MEM (opcode 0xe, sub_cmd 0x0)");
	rig_fini(&r);
}

/* ---- Refusals and faults ----------------------------------------------------------------- */

static void test_refusals(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		uint32_t dw[3];
		int ret;
		const char *msg;
	} rows[] = {
		/* basic_tests.c's secure-only ATOMIC (TMZ): at dword 2, after a NOP with COUNT 1. */
		{ VSHARP_GFX9, { SDMA_NOP_COUNT(1), 0, SDMA_PACKET(SDMA_OP_ATOMIC, 0, 0x204) }, -ENOSYS,
		  "packet ATOMIC (opcode 0xa, sub-op 0x0) at dword 2" },
		{ VSHARP_GFX10, { SDMA_PACKET(SDMA_OP_COPY, 4, 0) }, -ENOSYS, "sub-op 0x4: COPY_LINEAR_SUB_WIND" },
		{ VSHARP_GFX11, { SDMA_PACKET(SDMA_OP_TIMESTAMP, 1, 0) }, -ENOSYS, "TIMESTAMP (opcode 0xd, sub-op 0x1: TIMESTAMP_GET)" },
		{ VSHARP_GFX8, { SDMA_PACKET(SDMA_OP_WRITE, 1, 0) }, -ENOSYS, "sub-op 0x1: WRITE_TILED" },
		/* A WRITE with TMZ (bit 18, vega10_sdma_pkt_open.h) as basic_tests.c's secure write. */
		{ VSHARP_GFX9, { SDMA_PACKET(SDMA_OP_WRITE, 0, 1 << 2), (uint32_t)DATA_VA, 0 }, -ENOSYS, "TMZ (dword 0 bits 18..18)" },
		/* Bit 18 is no field of SDMA v3.0's WRITE. */
		{ VSHARP_GFX8, { SDMA_PACKET(SDMA_OP_WRITE, 0, 1 << 2), (uint32_t)DATA_VA, 0 }, -EINVAL, "reserved" },
		{ VSHARP_GFX9, { SDMA_PACKET(SDMA_OP_INDIRECT, 0, 0) }, -ENOSYS, "INDIRECT (opcode 0x4) at dword 0" },
		/* deadlock_tests.c's corrupted header. */
		{ VSHARP_GFX10_3, { 0x23decd3d }, -EINVAL, "opcode 0x3d is no packet" },
		{ VSHARP_GFX6, { DMA_PACKET(DMA_PACKET_SEMAPHORE, 0, 0, 0, 0) }, -ENOSYS, "SEMAPHORE (opcode 0x5" },
		/* SI's NOP has no count (si_dma.c emits DMA_PACKET(NOP, 0, 0, 0, 0)). */
		{ VSHARP_GFX6, { DMA_PACKET(DMA_PACKET_NOP, 0, 0, 0, 1) }, -EINVAL, "reserved" },
		{ VSHARP_GFX12, { 0 }, -ENOSYS, "gfx12 has no emulated SDMA engine" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		uint32_t ib[16] = { 0 };	/* zeros after the row: no refusal is a truncation */
		struct rig r;

		if (!rig_init(t, &r, rows[i].level))
			continue;
		memcpy(ib, rows[i].dw, sizeof(rows[i].dw));
		CHECK_MSG(t, run(&r, ib, 16) == rows[i].ret, "row %zu: %d %s", i, r.ret, r.err.msg);
		CHECK_HAS(t, &r, rows[i].msg);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, NULL), VSHARP_GPU_BAD_IB);
		CHECK(t, all(r.data, 0, 4 * PAGE, POISON));
		rig_fini(&r);
	}
}

static void test_faults(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		const char *hub;
	} rows[] = {
		{ VSHARP_GFX6, "[gfxhub] page fault" },
		{ VSHARP_GFX8, "[gfxhub] page fault" },
		/* sdma_v4_0.c .vmhub = AMDGPU_MMHUB_0; faults from IH client VMC 0x12 (soc15_ih_clientid.h). */
		{ VSHARP_GFX9, "[mmhub] page fault" },
		{ VSHARP_GFX10, "[gfxhub] page fault" },
		{ VSHARP_GFX11, "[gfxhub] page fault" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		enum vsharp_gfx lv = rows[i].level;
		bool si = lv == VSHARP_GFX6, minus1 = lv >= VSHARP_GFX9;
		struct vsharp_gpu_fault f;
		uint32_t ib[7];
		struct rig r;

		if (!rig_init(t, &r, lv))
			continue;
		/* A copy whose destination runs from the last data page into the hole after DATA2. */
		uint64_t src = DATA_VA, dst = DATA2_VA + PAGE - 8;

		if (si) {
			uint32_t s[] = { DMA_PACKET(DMA_PACKET_COPY, 1, 0, 0, 16), (uint32_t)dst, (uint32_t)src, 0, 0 };

			memcpy(ib, s, sizeof(s));
		} else {
			uint32_t s[] = { SDMA_PACKET(SDMA_OP_COPY, 0, 0), minus1 ? 15 : 16, 0,
					 (uint32_t)src, 0, (uint32_t)dst, 0 };

			memcpy(ib, s, sizeof(s));
		}
		CHECK(t, run(&r, ib, si ? 5 : 7) == -EFAULT);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
		CHECK_EQ(t, f.va, DATA2_VA + PAGE);	/* the first byte without a mapping */
		CHECK(t, f.write && !f.mapped && !f.exec);
		CHECK_HAS(t, &r, rows[i].hub);
		CHECK_HAS(t, &r, "in page starting at address 0x0000000000205000");
		CHECK_HAS(t, &r, "SDMA COPY");
		CHECK_HAS(t, &r, "write of 16 bytes at 0x205000: no mapping");
		/* Nothing was written: the engine checks before it moves. */
		CHECK(t, all(r.data2, 0, PAGE, POISON));
		/* A fence into a read-only page: mapped, without WRITEABLE. */
		if (si) {
			uint32_t s[] = { DMA_PACKET(DMA_PACKET_FENCE, 0, 0, 0, 0), (uint32_t)RO_VA + 4, 0, 1 };

			memcpy(ib, s, sizeof(s));
		} else {
			uint32_t s[] = { SDMA_PACKET(SDMA_OP_FENCE, 0, 0), (uint32_t)RO_VA + 4, 0, 1 };

			memcpy(ib, s, sizeof(s));
		}
		CHECK(t, run(&r, ib, 4) == -EFAULT);
		CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
		CHECK(t, f.mapped && f.write && f.va == RO_VA + 4);
		CHECK_HAS(t, &r, "mapped without AMDGPU_VM_PAGE_WRITEABLE");
		CHECK(t, all(r.ro, 0, PAGE, POISON));
		/* An IB that is not mapped. */
		r.ret = vsharp_sdma_run_ib(r.gpu, r.vm, HOLE_VA, 4, &r.err);
		CHECK_EQ(t, r.ret, -EFAULT);
		CHECK(t, vsharp_gpu_last_outcome(r.gpu, &f) == VSHARP_GPU_VM_FAULT && !f.write && f.va == HOLE_VA);
		rig_fini(&r);
	}
}

KTAP_MAIN(KTAP_CASE(test_write_linear), KTAP_CASE(test_kernel_ib_test), KTAP_CASE(test_si_write),
	  KTAP_CASE(test_nop_count), KTAP_CASE(test_const_fill), KTAP_CASE(test_si_const_fill),
	  KTAP_CASE(test_copy_linear), KTAP_CASE(test_copy_count_width), KTAP_CASE(test_si_copy),
	  KTAP_CASE(test_copy_overlap), KTAP_CASE(test_fence_trap), KTAP_CASE(test_si_fence_trap),
	  KTAP_CASE(test_poll), KTAP_CASE(test_si_poll), KTAP_CASE(test_refusals), KTAP_CASE(test_faults))
