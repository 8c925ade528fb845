// SPDX-License-Identifier: MIT
/*
 * The emulated GPU's command processor, packet by packet, against the
 * packet definitions: Linux 6.1 sid.h (GFX6), cikd.h (GFX7), vid.h (GFX8),
 * soc15d.h (GFX9), nvd.h (GFX10+), and the packets as the kernel's
 * gfx_v*_0.c ring functions and libdrm 2.4.114's tests/amdgpu
 * (basic_tests.c, cp_dma_tests.c, deadlock_tests.c) emit them.  The
 * packets below are written from those field definitions; every expected
 * byte follows from them, not from the emulator.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/gpu.h"
#include "vsharp/pm4.h"

/* Field positions, as the headers define them. */
#define PKT3(op, n) ((3u << 30) | (((n) & 0x3fffu) << 16) | ((op) << 8))
#define WRITE_DATA_DST_SEL(x) ((x) << 8)
#define WR_ONE_ADDR (1u << 16)
#define WR_CONFIRM (1u << 20)
#define WRITE_DATA_ENGINE_SEL(x) ((uint32_t)(x) << 30)
#define WAIT_REG_MEM_FUNCTION(x) (x)
#define WAIT_REG_MEM_MEM_SPACE(x) ((x) << 4)
#define DMA_DATA_DST_SEL(x) ((x) << 20)
#define DMA_DATA_SRC_SEL(x) ((uint32_t)(x) << 29)
#define DMA_DATA_CP_SYNC (1u << 31)
#define CP_DMA_SRC_SEL(x) ((uint32_t)(x) << 29)
#define CP_DMA_CP_SYNC (1u << 31)
#define EVENT_TYPE(x) (x)
#define EVENT_INDEX(x) ((x) << 8)
#define EOP_TC_ACTION_EN (1u << 17)
#define DATA_SEL(x) ((uint32_t)(x) << 29)
#define INT_SEL(x) ((x) << 24)
#define CACHE_FLUSH_AND_INV_TS_EVENT 0x14
#define CS_PARTIAL_FLUSH 0x07
#define COPY_DATA_SRC_SEL(x) (x)
#define COPY_DATA_DST_SEL(x) ((x) << 8)
#define COPY_DATA_COUNT_SEL (1u << 16)
#define IB_CHAIN (1u << 20)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define DATA_VA 0x100000ull
#define DATA_BYTES 65536u
#define IB_VA 0x400000ull
#define IB_BYTES 16384u
#define HOLE_VA 0x800000ull

struct rig {
	enum vsharp_gfx level;
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	uint8_t *data;
	uint32_t *ib;
	struct vsharp_error err;
};

static bool rig_open(struct ktap *t, struct rig *r, enum vsharp_gfx level)
{
	struct vsharp_gpu_config cfg;

	memset(r, 0, sizeof(*r));
	r->level = level;
	r->data = aligned_alloc(4096, DATA_BYTES);
	r->ib = aligned_alloc(4096, IB_BYTES);
	vsharp_gpu_config_default(level, &cfg);
	if (!CHECK(t, r->data && r->ib) || !CHECK(t, !vsharp_gpu_create(&cfg, &r->gpu, &r->err)) ||
	    !CHECK(t, !vsharp_vm_create(&r->vm, &r->err)))
		return false;
	memset(r->data, 0x5a, DATA_BYTES);
	memset(r->ib, 0, IB_BYTES);
	return CHECK(t, !vsharp_vm_map(r->vm, DATA_VA, DATA_BYTES, r->data,
				       VSHARP_VM_READ | VSHARP_VM_WRITE, &r->err)) &&
	       CHECK(t, !vsharp_vm_map(r->vm, IB_VA, IB_BYTES, (uint8_t *)r->ib, VSHARP_VM_READ,
				       &r->err));
}

static void rig_close(struct rig *r)
{
	vsharp_vm_destroy(r->vm);
	vsharp_gpu_destroy(r->gpu);
	free(r->data);
	free(r->ib);
}

/* Copies N dwords to the IB's start and runs them on QUEUE. */
static int run(struct rig *r, enum vsharp_gpu_queue q, const uint32_t *dw, unsigned n)
{
	memcpy(r->ib, dw, 4 * n);
	r->err.msg[0] = 0;
	return vsharp_gpu_run_ib_on(r->gpu, r->vm, q, IB_VA, n, &r->err);
}

static uint32_t rd32(const struct rig *r, uint64_t va)
{
	uint32_t v;

	memcpy(&v, r->data + (va - DATA_VA), 4);
	return v;
}

static enum vsharp_gpu_outcome outcome(const struct rig *r)
{
	return vsharp_gpu_last_outcome(r->gpu, NULL);
}

#define HAS(t, r, s) CHECK_MSG(t, strstr((r)->err.msg, s) != NULL, "%s: \"%s\" not in: %s", \
			       vsharp_gfx_name((r)->level), s, (r)->err.msg)

#define LO(va) ((uint32_t)(va))
#define HI(va) ((uint32_t)((va) >> 32))

/* WRITE_DATA DST_SEL 5 WR_CONFIRM, as libdrm's basic_tests.c write-data test and deadlock_tests.c emit it. */
static void test_write_data_memory(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct rig r;
		uint64_t dst = DATA_VA + 0x100;

		if (!rig_open(t, &r, l))
			return;
		{
			const uint32_t ib[] = { PKT3(0x37, 4), WRITE_DATA_DST_SEL(5) | WR_CONFIRM, LO(dst),
						HI(dst), 0xdeadbeef, 0x12345678 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 6), 0);
			CHECK_EQ(t, rd32(&r, dst), 0xdeadbeef);
			CHECK_EQ(t, rd32(&r, dst + 4), 0x12345678);
			CHECK_EQ(t, rd32(&r, dst - 4), 0x5a5a5a5a);
			CHECK_EQ(t, rd32(&r, dst + 8), 0x5a5a5a5a);
		}
		{
			/* WR_ONE_ADDR: every dword to one address; DST_SEL 1 and 2 are memory too. */
			const uint32_t ib[] = {
				PKT3(0x37, 5), WRITE_DATA_DST_SEL(1) | WR_ONE_ADDR, LO(dst + 16), HI(dst), 1, 2, 3,
				PKT3(0x37, 3), WRITE_DATA_DST_SEL(2), LO(dst + 32), HI(dst), 0xabcd,
			};

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 12), 0);
			CHECK_EQ(t, rd32(&r, dst + 16), 3);
			CHECK_EQ(t, rd32(&r, dst + 20), 0x5a5a5a5a);
			CHECK_EQ(t, rd32(&r, dst + 32), 0xabcd);
		}
		{
			/* The body needs CONTROL, two address dwords and a datum. */
			const uint32_t ib[] = { PKT3(0x37, 2), WRITE_DATA_DST_SEL(5), LO(dst), HI(dst) };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 4), -EINVAL);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_BAD_IB);
			HAS(t, &r, "WRITE_DATA");
			HAS(t, &r, "at least 4");
		}
		{
			const uint32_t ib[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(5), LO(dst + 2), HI(dst), 1 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 5), -EPROTO);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_STRICT);
			HAS(t, &r, "not dword-aligned");
		}
		{
			const uint32_t gds[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(3), 0, 0, 1 };
			const uint32_t reserved[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(4), 0, 0, 1 };
			const uint32_t pfp[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(5) | WRITE_DATA_ENGINE_SEL(1),
						 LO(dst), HI(dst), 7 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, gds, 5), -ENOSYS);
			HAS(t, &r, "GDS");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, reserved, 5), -EINVAL);
			HAS(t, &r, "DST_SEL 4");
			/* ENGINE_SEL 1 is the PFP: a GFX-ring engine. */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, pfp, 5), -EINVAL);
			HAS(t, &r, "PFP");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, pfp, 5), 0);
			CHECK_EQ(t, rd32(&r, dst), 7);
		}
		{
			/* A write into a page without a mapping is amdgpu's VM fault. */
			const uint32_t ib[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(5), LO(HOLE_VA), HI(HOLE_VA), 1 };
			struct vsharp_gpu_fault f;

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 5), -EFAULT);
			CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
			CHECK_EQ(t, f.va, HOLE_VA);
			CHECK(t, f.write);
			HAS(t, &r, "page fault");
			HAS(t, &r, "CPC");
		}
		rig_close(&r);
	}
}

/* WRITE_DATA DST_SEL 0: a register offset in DST_ADDR_LO (Linux gfx_v9_0_ring_emit_wreg). */
static void test_write_data_register(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct rig r;
		uint32_t v = 0;

		if (!rig_open(t, &r, l))
			return;
		{
			const uint32_t ib[] = {
				PKT3(0x37, 4), WRITE_DATA_DST_SEL(0) | WR_CONFIRM, VSHARP_COMPUTE_USER_DATA_0, 0,
				0x11, 0x22,
				PKT3(0x37, 4), WRITE_DATA_DST_SEL(0) | WR_ONE_ADDR, VSHARP_COMPUTE_USER_DATA_0 + 4, 0,
				0x33, 0x44,
			};

			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0, &v), -ENOENT);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 12), 0);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0, &v), 0);
			CHECK_EQ(t, v, 0x11);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0 + 1, &v), 0);
			CHECK_EQ(t, v, 0x22);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0 + 4, &v), 0);
			CHECK_EQ(t, v, 0x44);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0 + 5, &v), -ENOENT);
		}
		{
			/* deadlock_tests.c "illegal reg access": mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR 0x54f. */
			const uint32_t ib[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(0) | WR_CONFIRM, 0x54f, 0,
						0xdeadbeef };

			/*
			 * Outside the registers a user IB may write: the CP's
			 * privileged-register interrupt, reported by Linux 6.1 as
			 * gfx_v9_0.c gfx_v9_0_priv_reg_irq's DRM_ERROR does.
			 */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, ib, 5), -EACCES);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_PRIV_REG);
			HAS(t, &r, "Illegal register access in command stream");
			HAS(t, &r, "writes register 0x54f");
			HAS(t, &r, "privileged-register interrupt");
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0x54f, &v), -EINVAL);
		}
		{
			/*
			 * The same on the compute queue: the last SH register
			 * (below Linux sid.h, soc15d.h PACKET3_SET_SH_REG_END 0x3000)
			 * lands, the next one is privileged.
			 */
			const uint32_t ib[] = { PKT3(0x37, 4), WRITE_DATA_DST_SEL(0) | WR_CONFIRM, 0x2fff, 0,
						0x55, 0x66 };
			const uint32_t high[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(0), 0x1fff, 0, 1 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 6), -EACCES);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_PRIV_REG);
			HAS(t, &r, "writes register 0x3000");
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0x2fff, &v), 0);
			CHECK_EQ(t, v, 0x55);
			/* 0x1fff: just below the config registers (Linux sid.h PACKET3_SET_CONFIG_REG_START 0x2000). */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, high, 5), -EACCES);
			HAS(t, &r, "writes register 0x1fff");
		}
		if (l == VSHARP_GFX6) {
			/* Uconfig is no gfx6 space (no SET_UCONFIG_REG in Linux sid.h): not modelled there. */
			const uint32_t ib[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(0), 0xc000, 0, 1 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 5), -ENOSYS);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_BAD_IB);
			HAS(t, &r, "does not model");
		}
		rig_close(&r);
	}
}

/* DMA_DATA, GFX7+, as cp_dma_tests.c (copy) and basic_tests.c (constant fill) emit it. */
static void test_dma_data(struct ktap *t)
{
	for (int l = VSHARP_GFX7; l < VSHARP_GFX_COUNT; l++) {
		uint64_t src = DATA_VA, dst = DATA_VA + 0x4000;
		struct rig r;

		if (!rig_open(t, &r, l))
			return;
		for (unsigned i = 0; i < 4097; i++)
			r.data[i] = (uint8_t)(i * 7 + 1);
		{
			/* cp_dma_tests.c: header 0xc0055000, CONTROL 0x80000000 (CP_SYNC), 4097 bytes. */
			const uint32_t ib[] = { 0xc0055000, 0x80000000, LO(src), HI(src), LO(dst), HI(dst), 4097,
						0xffff1000 };

			CHECK_EQ(t, ib[0], PKT3(0x50, 5));
			CHECK_EQ(t, ib[1], DMA_DATA_CP_SYNC | DMA_DATA_SRC_SEL(0) | DMA_DATA_DST_SEL(0));
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 8), 0);
			CHECK(t, !memcmp(r.data + 0x4000, r.data, 4097));
			CHECK_EQ(t, r.data[0x4000 + 4097], 0x5a);
		}
		{
			/* basic_tests.c constant fill: SRC_SEL 2 (DATA), DATA 0xdeadbeaf. */
			const uint32_t ib[] = { PKT3(0x50, 5),
						DMA_DATA_DST_SEL(0) | DMA_DATA_SRC_SEL(2) | DMA_DATA_CP_SYNC,
						0xdeadbeaf, 0, LO(dst), HI(dst), 8192 };
			bool all = true;

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 7), 0);
			for (unsigned i = 0; i < 2048; i++)
				all &= rd32(&r, dst + 4 * i) == 0xdeadbeaf;
			CHECK(t, all);
			CHECK_EQ(t, rd32(&r, dst + 8192), 0x5a5a5a5a);
		}
		{
			/*
			 * COMMAND bit 21: DIS_WC beside a 21-bit BYTE_COUNT on GFX7/8
			 * (cikd.h, vid.h), the top of a 26-bit BYTE_COUNT from GFX9
			 * (nvd.h): 8 bytes, or 2 MiB + 8 which run past the mapping.
			 */
			const uint32_t ib[] = { PKT3(0x50, 5), DMA_DATA_SRC_SEL(2), 0x01020304, 0, LO(dst), HI(dst),
						1u << 21 | 8 };
			int ret = run(&r, VSHARP_QUEUE_COMPUTE, ib, 7);
			struct vsharp_gpu_fault f;

			if (l <= VSHARP_GFX8) {
				CHECK_EQ(t, ret, 0);
				CHECK_EQ(t, rd32(&r, dst + 4), 0x01020304);
				CHECK_EQ(t, rd32(&r, dst + 8), 0xdeadbeaf);
			} else {
				CHECK_EQ(t, ret, -EFAULT);
				CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
				CHECK_EQ(t, f.va, DATA_VA + DATA_BYTES);
			}
		}
		{
			/* GFX7/8: SRC_SWAP in COMMAND [23:22]; GDS either way. */
			const uint32_t swap[] = { PKT3(0x50, 5), 0, LO(src), HI(src), LO(dst), HI(dst), 1u << 22 | 4 };
			const uint32_t gds[] = { PKT3(0x50, 5), DMA_DATA_SRC_SEL(1), 0, 0, LO(dst), HI(dst), 4 };
			const uint32_t short_body[] = { PKT3(0x50, 4), 0, LO(src), HI(src), LO(dst), HI(dst) };

			if (l <= VSHARP_GFX8) {
				CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, swap, 7), -ENOSYS);
				HAS(t, &r, "SWAP");
			}
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, gds, 7), -ENOSYS);
			HAS(t, &r, "GDS");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, short_body, 6), -EINVAL);
			HAS(t, &r, "DMA_DATA");
		}
		{
			/*
			 * DST_SEL 2: NOWHERE from GFX9 (Mesa sid.h V_411_NOWHERE, radeonsi's
			 * si_cp_dma_prefetch: source and destination the shader's address);
			 * nothing is written, an unmapped source faults.  GFX7/8: reserved.
			 */
			const uint32_t prefetch[] = { PKT3(0x50, 5), DMA_DATA_DST_SEL(2) | DMA_DATA_SRC_SEL(3),
						      LO(dst), HI(dst), LO(dst), HI(dst), 256 };
			const uint32_t hole[] = { PKT3(0x50, 5), DMA_DATA_DST_SEL(2) | DMA_DATA_SRC_SEL(3),
						  LO(HOLE_VA), HI(HOLE_VA), LO(HOLE_VA), HI(HOLE_VA), 256 };
			const uint32_t fill[] = { PKT3(0x50, 5), DMA_DATA_DST_SEL(2) | DMA_DATA_SRC_SEL(2),
						  1, 0, LO(dst), HI(dst), 256 };
			uint8_t before[256];

			memcpy(before, r.data + 0x4000, sizeof(before));
			if (l <= VSHARP_GFX8) {
				CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, prefetch, 7), -EINVAL);
				HAS(t, &r, "DST_SEL 2");
			} else {
				struct vsharp_gpu_fault f;

				CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, prefetch, 7), 0);
				CHECK(t, !memcmp(before, r.data + 0x4000, sizeof(before)));
				CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, hole, 7), -EFAULT);
				CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
				CHECK_EQ(t, f.va, HOLE_VA);
				CHECK(t, !f.write);
				CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, fill, 7), -ENOSYS);
				HAS(t, &r, "NOWHERE");
				CHECK(t, !memcmp(before, r.data + 0x4000, sizeof(before)));
			}
		}
		{
			/* Mesa's si_cp_dma_wait_for_idle: zero bytes at address 0 with CP_SYNC, a wait only. */
			const uint32_t idle[] = { PKT3(0x50, 5), DMA_DATA_CP_SYNC, 0, 0, 0, 0, 0 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, idle, 7), 0);
		}
		{
			/* CP_DMA is GFX6's. */
			const uint32_t ib[] = { PKT3(0x41, 4), LO(src), CP_DMA_CP_SYNC, LO(dst), HI(dst), 4 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 6), -ENOSYS);
			HAS(t, &r, "CP_DMA");
		}
		rig_close(&r);
	}
}

/* GFX6: CP_DMA as basic_tests.c emits it on SI; DMA_DATA does not exist. */
static void test_cp_dma_gfx6(struct ktap *t)
{
	uint64_t src = DATA_VA, dst = DATA_VA + 0x4000;
	struct rig r;

	if (!rig_open(t, &r, VSHARP_GFX6))
		return;
	for (unsigned i = 0; i < 1024; i++)
		r.data[i] = (uint8_t)(i ^ 0x3c);
	{
		const uint32_t copy[] = { PKT3(0x41, 4), LO(src), CP_DMA_SRC_SEL(0) | CP_DMA_CP_SYNC | (HI(src) & 0xff),
					  LO(dst), HI(dst), 1024 };
		const uint32_t fill[] = { PKT3(0x41, 4), 0xdeadbeaf, CP_DMA_SRC_SEL(2) | CP_DMA_CP_SYNC,
					  LO(dst + 1024), HI(dst), 16 };

		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, copy, 6), 0);
		CHECK(t, !memcmp(r.data + 0x4000, r.data, 1024));
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, fill, 6), 0);
		CHECK_EQ(t, rd32(&r, dst + 1024), 0xdeadbeaf);
		CHECK_EQ(t, rd32(&r, dst + 1036), 0xdeadbeaf);
		CHECK_EQ(t, rd32(&r, dst + 1040), 0x5a5a5a5a);
	}
	{
		const uint32_t ib[] = { PKT3(0x50, 5), 0, LO(src), HI(src), LO(dst), HI(dst), 4 };

		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 7), -ENOSYS);
		HAS(t, &r, "DMA_DATA is no gfx6 packet");
	}
	rig_close(&r);
}

/* COPY_DATA: Linux gfx_v9_0.c's register read (SRC_SEL 0, DST_SEL 5) and clock read (SRC_SEL 9, COUNT_SEL). */
static void test_copy_data(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint64_t a = DATA_VA + 0x200;
		uint32_t v = 0, c1, c2;
		struct rig r;

		if (!rig_open(t, &r, l))
			return;
		{
			const uint32_t ib[] = {
				/* immediate -> memory, 64 bits */
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(5) | COPY_DATA_DST_SEL(5) | COPY_DATA_COUNT_SEL | WR_CONFIRM,
				0xaaaa0001, 0xbbbb0002, LO(a), HI(a),
				/* memory -> memory, 32 bits */
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(1) | COPY_DATA_DST_SEL(5), LO(a + 4), HI(a), LO(a + 16), HI(a),
				/* immediate -> register, then register -> memory */
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(5) | COPY_DATA_DST_SEL(0), 0x77, 0, VSHARP_COMPUTE_USER_DATA_0 + 3, 0,
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(0) | COPY_DATA_DST_SEL(5) | WR_CONFIRM, VSHARP_COMPUTE_USER_DATA_0 + 3, 0,
				LO(a + 24), HI(a),
				/* the GPU clock, twice */
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(9) | COPY_DATA_DST_SEL(5) | COPY_DATA_COUNT_SEL, 0, 0, LO(a + 32), HI(a),
				PKT3(0x40, 4), COPY_DATA_SRC_SEL(9) | COPY_DATA_DST_SEL(5) | COPY_DATA_COUNT_SEL, 0, 0, LO(a + 40), HI(a),
			};

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, ARRAY_LEN(ib)), 0);
			CHECK_EQ(t, rd32(&r, a), 0xaaaa0001);
			CHECK_EQ(t, rd32(&r, a + 4), 0xbbbb0002);
			CHECK_EQ(t, rd32(&r, a + 8), 0x5a5a5a5a);
			CHECK_EQ(t, rd32(&r, a + 16), 0xbbbb0002);
			CHECK_EQ(t, rd32(&r, a + 20), 0x5a5a5a5a);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, VSHARP_COMPUTE_USER_DATA_0 + 3, &v), 0);
			CHECK_EQ(t, v, 0x77);
			CHECK_EQ(t, rd32(&r, a + 24), 0x77);
			c1 = rd32(&r, a + 32);
			c2 = rd32(&r, a + 40);
			CHECK(t, c1 != 0x5a5a5a5a && c2 > c1);
			CHECK_EQ(t, rd32(&r, a + 36), 0);
			CHECK(t, vsharp_gpu_clock(r.gpu) > c2);
		}
		{
			/* A register nothing wrote holds the previous client's value on a GPU. */
			const uint32_t ib[] = { PKT3(0x40, 4), COPY_DATA_SRC_SEL(0) | COPY_DATA_DST_SEL(5),
						VSHARP_COMPUTE_USER_DATA_0 + 9, 0, LO(a), HI(a) };
			const uint32_t gds[] = { PKT3(0x40, 4), COPY_DATA_SRC_SEL(3) | COPY_DATA_DST_SEL(5), 0, 0,
						 LO(a), HI(a) };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 6), -EPROTO);
			HAS(t, &r, "nothing wrote");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, gds, 6), -ENOSYS);
			HAS(t, &r, "GDS");
		}
		rig_close(&r);
	}
}

/* WAIT_REG_MEM: every FUNCTION, once satisfied and once a hang. */
static void test_wait_reg_mem(struct ktap *t)
{
	static const struct {
		unsigned function;
		uint32_t value, mask, ref;
		bool done;
	} rows[] = {
		{ 0, 0, 0xffffffff, 1, true },
		{ 1, 5, 0xffffffff, 6, true }, { 1, 6, 0xffffffff, 6, false },
		{ 2, 6, 0xffffffff, 6, true }, { 2, 7, 0xffffffff, 6, false },
		{ 3, 0xff05, 0xff, 5, true }, { 3, 0xff05, 0xffff, 5, false },
		{ 4, 1, 0xffffffff, 0, true }, { 4, 0, 0xffffffff, 0, false },
		{ 5, 6, 0xffffffff, 6, true }, { 5, 5, 0xffffffff, 6, false },
		{ 6, 7, 0xffffffff, 6, true }, { 6, 0x107, 0xff, 8, false },
	};
	static const char *const fn[] = { "always", "<", "<=", "==", "!=", ">=", ">" };

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint64_t poll = DATA_VA + 256 * 4, out = DATA_VA + 0x800;
		struct rig r;

		if (!rig_open(t, &r, l))
			return;
		for (size_t i = 0; i < ARRAY_LEN(rows); i++) {
			const uint32_t ib[] = {
				PKT3(0x3c, 5), WAIT_REG_MEM_MEM_SPACE(1) | WAIT_REG_MEM_FUNCTION(rows[i].function),
				LO(poll), HI(poll), rows[i].ref, rows[i].mask, 4,
				PKT3(0x37, 3), WRITE_DATA_DST_SEL(5), LO(out), HI(out), (uint32_t)i,
			};
			char want[64];
			int ret;

			memcpy(r.data + 256 * 4, &rows[i].value, 4);
			memset(r.data + 0x800, 0x5a, 4);
			ret = run(&r, VSHARP_QUEUE_COMPUTE, ib, ARRAY_LEN(ib));
			if (rows[i].done) {
				CHECK_MSG(t, ret == 0, "%s row %zu: %d %s", vsharp_gfx_name(l), i, ret, r.err.msg);
				CHECK_EQ(t, rd32(&r, out), i);
				continue;
			}
			CHECK_EQ(t, ret, -ETIME);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_HANG);
			CHECK_EQ(t, rd32(&r, out), 0x5a5a5a5a);
			HAS(t, &r, "WAIT_REG_MEM");
			snprintf(want, sizeof(want), "0x%" PRIx64 " & 0x%08x) %s 0x%08x", poll, rows[i].mask,
				 fn[rows[i].function], rows[i].ref);
			HAS(t, &r, want);
			snprintf(want, sizeof(want), "holds 0x%08x", rows[i].value);
			HAS(t, &r, want);
		}
		{
			/* deadlock_tests.c: wait for memory != 0 that stays 0; a register poll. */
			const uint32_t hang[] = { PKT3(0x3c, 5), WAIT_REG_MEM_MEM_SPACE(1) | WAIT_REG_MEM_FUNCTION(4),
						  LO(poll) & 0xfffffffc, HI(poll), 0, 0xffffffff, 4 };
			const uint32_t reg[] = {
				PKT3(0x37, 3), WRITE_DATA_DST_SEL(0), VSHARP_COMPUTE_USER_DATA_0, 0, 0x40,
				PKT3(0x3c, 5), WAIT_REG_MEM_MEM_SPACE(0) | WAIT_REG_MEM_FUNCTION(3),
				VSHARP_COMPUTE_USER_DATA_0, 0, 0x40, 0xffffffff, 4,
				PKT3(0x3c, 5), WAIT_REG_MEM_MEM_SPACE(0) | WAIT_REG_MEM_FUNCTION(3),
				VSHARP_COMPUTE_USER_DATA_0, 0, 0x41, 0xffffffff, 4,
			};

			memset(r.data + 256 * 4, 0, 4);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, hang, 7), -ETIME);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_HANG);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, reg, ARRAY_LEN(reg)), -ETIME);
			HAS(t, &r, "at dword 12");
			HAS(t, &r, "register 0x2e40");
		}
		rig_close(&r);
	}
}

/* The kernel's compute fence per generation: body length, fields and the write it makes. */
static void test_fences(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint64_t f = DATA_VA + 0x1000;
		uint32_t ev = EOP_TC_ACTION_EN | EVENT_TYPE(CACHE_FLUSH_AND_INV_TS_EVENT) | EVENT_INDEX(5);
		struct rig r;

		if (!rig_open(t, &r, l))
			return;
		if (l == VSHARP_GFX6) {
			const uint32_t rm[] = { PKT3(0x49, 5), ev, DATA_SEL(1), LO(f), HI(f), 1, 0 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, rm, 7), -ENOSYS);
			HAS(t, &r, "RELEASE_MEM is no gfx6 packet");
		} else {
			/* gfx_v7_0/gfx_v8_0: RELEASE_MEM count 5; gfx_v9_0..gfx_v11_0: count 6 (+ INT_CTXID). */
			unsigned count = l <= VSHARP_GFX8 ? 5 : 6;
			uint32_t ib[] = {
				PKT3(0x49, count), ev, DATA_SEL(1) | INT_SEL(0), LO(f), HI(f), 0x12345678, 0x9abcdef0, 0,
			};
			uint32_t ib64[] = {
				PKT3(0x49, count), ev, DATA_SEL(2) | INT_SEL(2), LO(f + 8), HI(f), 0x12345678, 0x9abcdef0, 0,
			};
			uint32_t clk[] = {
				PKT3(0x49, count), ev, DATA_SEL(3), LO(f + 16), HI(f), 0, 0, 0,
			};
			uint32_t none[] = {
				PKT3(0x49, count), ev, DATA_SEL(0) | INT_SEL(1), LO(f + 24), HI(f), 1, 1, 0,
			};
			uint32_t odd[] = { PKT3(0x49, count), ev, DATA_SEL(2), LO(f + 4), HI(f), 1, 1, 0 };
			uint32_t wrong[] = { PKT3(0x49, count ^ 3), ev, DATA_SEL(1), LO(f), HI(f), 1, 1, 0, 0 };
			uint32_t idx[] = { PKT3(0x49, count), EVENT_TYPE(CACHE_FLUSH_AND_INV_TS_EVENT) | EVENT_INDEX(4),
					   DATA_SEL(1), LO(f), HI(f), 1, 1, 0 };
			uint64_t ints = vsharp_gpu_interrupts(r.gpu);

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, count + 2), 0);
			CHECK_EQ(t, rd32(&r, f), 0x12345678);
			CHECK_EQ(t, rd32(&r, f + 4), 0x5a5a5a5a);
			CHECK_EQ(t, vsharp_gpu_interrupts(r.gpu), ints);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib64, count + 2), 0);
			CHECK_EQ(t, rd32(&r, f + 8), 0x12345678);
			CHECK_EQ(t, rd32(&r, f + 12), 0x9abcdef0);
			CHECK_EQ(t, vsharp_gpu_interrupts(r.gpu), ints + 1);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, clk, count + 2), 0);
			CHECK(t, rd32(&r, f + 16) != 0x5a5a5a5a && rd32(&r, f + 20) == 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, none, count + 2), 0);
			CHECK_EQ(t, rd32(&r, f + 24), 0x5a5a5a5a);
			CHECK_EQ(t, vsharp_gpu_interrupts(r.gpu), ints + 2);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, odd, count + 2), -EPROTO);
			HAS(t, &r, "qword");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, wrong, (count ^ 3) + 2), -EINVAL);
			HAS(t, &r, "RELEASE_MEM");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, idx, count + 2), -EINVAL);
			HAS(t, &r, "EVENT_INDEX 4");
		}
		if (l <= VSHARP_GFX8) {
			/* gfx_v6_0/gfx_v7_0/gfx_v8_0 emit_fence: EVENT_WRITE_EOP count 4, DATA_SEL in ADDRESS_HI. */
			const uint32_t eop[] = { PKT3(0x47, 4), ev, LO(f + 32), (HI(f) & 0xffff) | DATA_SEL(2) | INT_SEL(2),
						 0xcafe0001, 0xcafe0002 };
			const uint32_t eop32[] = { PKT3(0x47, 4), ev, LO(f + 40), (HI(f) & 0xffff) | DATA_SEL(1),
						   0xcafe0003, 0xcafe0004 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, eop, 6), 0);
			CHECK_EQ(t, rd32(&r, f + 32), 0xcafe0001);
			CHECK_EQ(t, rd32(&r, f + 36), 0xcafe0002);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, eop32, 6), 0);
			CHECK_EQ(t, rd32(&r, f + 40), 0xcafe0003);
			CHECK_EQ(t, rd32(&r, f + 44), 0x5a5a5a5a);
		} else {
			const uint32_t eop[] = { PKT3(0x47, 4), ev, LO(f), HI(f) | DATA_SEL(1), 1, 0 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, eop, 6), -ENOSYS);
			HAS(t, &r, "EVENT_WRITE_EOP is a GFX6-8 packet");
		}
		{
			const uint32_t flush[] = { PKT3(0x46, 0), EVENT_TYPE(CS_PARTIAL_FLUSH) | EVENT_INDEX(4) };
			const uint32_t bad[] = { PKT3(0x46, 0), EVENT_TYPE(CS_PARTIAL_FLUSH) | EVENT_INDEX(0) };
			const uint32_t zpass[] = { PKT3(0x46, 2), EVENT_TYPE(0x15) | EVENT_INDEX(1), LO(f), HI(f) };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, flush, 2), 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, bad, 2), -EINVAL);
			HAS(t, &r, "EVENT_INDEX 0 for CS_PARTIAL_FLUSH");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, zpass, 4), -ENOSYS);
			HAS(t, &r, "EVENT_TYPE 0x15");
		}
		{
			/*
			 * Mesa sid.h V_028A90_PIPELINESTAT_START 0x19, _STOP 0x1a, with
			 * EVENT_INDEX(0) as si_cs_emit_cache_flush emits them; the
			 * memory-writing SAMPLE_PIPELINESTAT (0x1e, index 2) stays refused.
			 */
			const uint32_t start[] = { PKT3(0x46, 0), EVENT_TYPE(0x19) | EVENT_INDEX(0) };
			const uint32_t stop[] = { PKT3(0x46, 0), EVENT_TYPE(0x1a) | EVENT_INDEX(0) };
			const uint32_t start2[] = { PKT3(0x46, 0), EVENT_TYPE(0x19) | EVENT_INDEX(2) };
			const uint32_t sample[] = { PKT3(0x46, 2), EVENT_TYPE(0x1e) | EVENT_INDEX(2), LO(f), HI(f) };
			const uint32_t at_f = rd32(&r, f);

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, start, 2), 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, stop, 2), 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, start2, 2), -EINVAL);
			HAS(t, &r, "EVENT_INDEX 2 for PIPELINESTAT_START");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, sample, 4), -ENOSYS);
			HAS(t, &r, "EVENT_TYPE 0x1e");
			CHECK_EQ(t, rd32(&r, f), at_f);
		}
		rig_close(&r);
	}
}

/* COND_EXEC: the kernel's layout (GFX7+: four dwords, the count last; GFX6: three). */
static void test_cond_exec(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint64_t cond = DATA_VA + 0x2000, out = DATA_VA + 0x2100;
		bool gfx6 = l == VSHARP_GFX6;
		struct rig r;
		uint32_t ib[32];
		unsigned n = 0;

		if (!rig_open(t, &r, l))
			return;
		ib[n++] = PKT3(0x22, gfx6 ? 2 : 3);
		ib[n++] = LO(cond);
		ib[n++] = HI(cond);
		if (!gfx6)
			ib[n++] = 0;
		ib[n++] = 5;	/* the WRITE_DATA below */
		ib[n++] = PKT3(0x37, 3);
		ib[n++] = WRITE_DATA_DST_SEL(5);
		ib[n++] = LO(out);
		ib[n++] = HI(out);
		ib[n++] = 0x1111;
		ib[n++] = PKT3(0x37, 3);
		ib[n++] = WRITE_DATA_DST_SEL(5);
		ib[n++] = LO(out + 4);
		ib[n++] = HI(out);
		ib[n++] = 0x2222;
		memset(r.data + 0x2000, 0, 4);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), 0);
		CHECK_EQ(t, rd32(&r, out), 0x5a5a5a5a);
		CHECK_EQ(t, rd32(&r, out + 4), 0x2222);
		memset(r.data + 0x2000, 0, 4);
		r.data[0x2000] = 1;
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), 0);
		CHECK_EQ(t, rd32(&r, out), 0x1111);
		/* A count past the IB's end. */
		memset(r.data + 0x2000, 0, 4);
		ib[gfx6 ? 3 : 4] = 11;
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), -EPROTO);
		HAS(t, &r, "COND_EXEC");
		HAS(t, &r, "EXEC_COUNT 11");
		rig_close(&r);
	}
}

static unsigned put_write(uint32_t *ib, uint64_t va, uint32_t v)
{
	ib[0] = PKT3(0x37, 3);
	ib[1] = WRITE_DATA_DST_SEL(5);
	ib[2] = LO(va);
	ib[3] = HI(va);
	ib[4] = v;
	return 5;
}

static unsigned put_ib(uint32_t *ib, uint64_t va, unsigned n, bool chain)
{
	ib[0] = PKT3(0x3f, 2);
	ib[1] = LO(va);
	ib[2] = HI(va) & 0xffff;
	ib[3] = n | (chain ? IB_CHAIN : 0);
	return 4;
}

/* INDIRECT_BUFFER: an IB2 called and returned from, no IB3, chains. */
static void test_indirect_buffer(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		uint64_t out = DATA_VA + 0x3000, ib2 = IB_VA + 0x1000, ib3 = IB_VA + 0x2000;
		struct rig r;
		uint32_t ib[16];
		unsigned n = 0, n2;

		if (!rig_open(t, &r, l))
			return;
		/* IB2: one write. */
		n2 = put_write(r.ib + 0x400, out + 4, 0xb2);
		n += put_write(ib + n, out, 0xb1);
		n += put_ib(ib + n, ib2, n2, false);
		n += put_write(ib + n, out + 8, 0xb3);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), 0);
		CHECK_EQ(t, rd32(&r, out), 0xb1);
		CHECK_EQ(t, rd32(&r, out + 4), 0xb2);
		CHECK_EQ(t, rd32(&r, out + 8), 0xb3);
		/* IB2 calling an IB3. */
		put_write(r.ib + 0x800, out + 12, 0xb4);
		n2 = put_ib(r.ib + 0x400, ib3, 5, false);
		n = put_ib(ib, ib2, n2, false);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, ib, n), -EPROTO);
		HAS(t, &r, "IB3");
		CHECK_EQ(t, rd32(&r, out + 12), 0x5a5a5a5a);
		/* A chain: the rest of the IB is not run. */
		n = put_ib(ib, ib3, 5, true);
		n += put_write(ib + n, out + 16, 0xb5);
		if (l == VSHARP_GFX6) {
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), -ENOSYS);
			HAS(t, &r, "CHAIN");
		} else {
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), 0);
			CHECK_EQ(t, rd32(&r, out + 12), 0xb4);
			CHECK_EQ(t, rd32(&r, out + 16), 0x5a5a5a5a);
			/* An IB chaining to itself never ends. */
			n = put_ib(ib, IB_VA, 4, true);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), -ETIME);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_HANG);
		}
		/* IB_BASE_LO [1:0] is SWAP, not address. */
		n = put_ib(ib, ib2 | 2, 5, false);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), -ENOSYS);
		HAS(t, &r, "SWAP 2");
		/* An IB2 in no mapping. */
		n = put_ib(ib, HOLE_VA, 8, false);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, n), -EFAULT);
		rig_close(&r);
	}
}

/* The GFX queue: the same packets, SET_CONTEXT_REG/SET_CONFIG_REG, no draws. */
static void test_gfx_queue(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct rig r;
		uint32_t v = 0;

		if (!rig_open(t, &r, l))
			return;
		{
			/* SET_CONTEXT_REG offsets count from 0xa000, SET_CONFIG_REG from 0x2000. */
			const uint32_t ib[] = { PKT3(0x69, 2), 0x1, 0xc0ffee, 0xbeef, PKT3(0x68, 1), 0x10, 0x77 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, ib, ARRAY_LEN(ib)), 0);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0xa001, &v), 0);
			CHECK_EQ(t, v, 0xc0ffee);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0xa002, &v), 0);
			CHECK_EQ(t, v, 0xbeef);
			CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0x2010, &v), 0);
			CHECK_EQ(t, v, 0x77);
			/* The same packet on a compute queue: a GFX packet. */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ib, 4), -ENOSYS);
			HAS(t, &r, "SET_CONTEXT_REG (opcode 0x69)");
		}
		{
			/* SET_UCONFIG_REG counts from 0xc000, from GFX7 (cikd.h); 0xc07b is CP_COHER_START_DELAY. */
			const uint32_t ib[] = { PKT3(0x79, 1), 0x7b, 0x20 };

			for (int q = VSHARP_QUEUE_COMPUTE; q <= VSHARP_QUEUE_GFX; q++) {
				if (l == VSHARP_GFX6) {
					CHECK_EQ(t, run(&r, q, ib, 3), -ENOSYS);
					HAS(t, &r, "SET_UCONFIG_REG is no gfx6 packet");
					continue;
				}
				CHECK_EQ(t, run(&r, q, ib, 3), 0);
				CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0xc07b, &v), 0);
				CHECK_EQ(t, v, 0x20);
			}
		}
		{
			const uint32_t range[] = { PKT3(0x69, 1), 0x400, 1 };
			const uint32_t draw[] = { PKT3(0x2d, 1), 3, 2 };
			const uint32_t dispatch[] = { PKT3(0x15, 3), 1, 1, 1, 1 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, range, 3), -EINVAL);
			HAS(t, &r, "REG_OFFSET 0x400");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, draw, 3), -ENOSYS);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_BAD_IB);
			HAS(t, &r, "DRAW_INDEX_AUTO (opcode 0x2d)");
			HAS(t, &r, "draws are not emulated");
			/* A dispatch runs on the GFX ring as on a compute queue, from this IB's state. */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, dispatch, 5), -EPROTO);
			HAS(t, &r, "dispatch state");
		}
		rig_close(&r);
	}
}

/*
 * Runs a job of two IBs: A (NA dwords) on QA, then B (NB dwords) on QB.
 * Passing NB 0 runs A alone.
 */
static int run_job2(struct rig *r, enum vsharp_gpu_queue qa, const uint32_t *a, unsigned na,
		    enum vsharp_gpu_queue qb, const uint32_t *b, unsigned nb)
{
	struct vsharp_gpu_ib ibs[2] = { { qa, IB_VA, na }, { qb, IB_VA + 1024, nb } };

	memcpy(r->ib, a, 4 * na);
	if (nb)
		memcpy(r->ib + 256, b, 4 * nb);
	r->err.msg[0] = 0;
	return vsharp_gpu_run_job(r->gpu, r->vm, ibs, nb ? 2 : 1, &r->err);
}

static void counters(struct ktap *t, const struct rig *r, uint64_t ce, uint64_t de)
{
	uint64_t c, d;

	vsharp_gpu_ce_de_counters(r->gpu, &c, &d);
	CHECK_MSG(t, c == ce && d == de, "%s: CE %llu DE %llu, want CE %llu DE %llu",
		  vsharp_gfx_name(r->level), (unsigned long long)c, (unsigned long long)d,
		  (unsigned long long)ce, (unsigned long long)de);
}

/*
 * The constant engine and its counters (PAL si_ci_vi_merged_pm4defs.h;
 * Mesa 17 si_state_draw.c si_ce_pre_draw_synchronization), with libdrm
 * basic_tests.c amdgpu_command_submission_gfx_separate_ibs's two IBs: the
 * CE's SET_CE_DE_COUNTERS 0 (0xc0008900, 0) and INCREMENT_CE_COUNTER 1,
 * the DE's WAIT_ON_CE_COUNTER 1.
 */
static void test_constant_engine(struct ktap *t)
{
	const uint32_t ce_ib[] = { 0xc0008900, 0, 0xc0008400, 1 };
	const uint32_t de_wait[] = { 0xc0008600, 1 };
	const uint32_t de_inc[] = { PKT3(0x86, 0), 1, PKT3(0x85, 0), 0 };
	const uint32_t ce_inc[] = { PKT3(0x84, 0), 1 };

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct rig r;

		if (!rig_open(t, &r, l))
			return;
		if (l >= VSHARP_GFX11) {
			/* Linux 6.1 gfx_v11_0.c: no CE; a CE-flagged IB runs on the DE, which refuses these. */
			CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX_CE, ce_inc, 2, VSHARP_QUEUE_GFX, NULL, 0), -EINVAL);
			HAS(t, &r, "no constant engine");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, ce_inc, 2), -ENOSYS);
			HAS(t, &r, "INCREMENT_CE_COUNTER (opcode 0x84)");
			HAS(t, &r, "has no constant engine");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, de_wait, 2), -ENOSYS);
			rig_close(&r);
			continue;
		}
		if (l == VSHARP_GFX6) {
			/* libdrm sends SET_CE_DE_COUNTERS "if (family_id != AMDGPU_FAMILY_SI)". */
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, ce_ib, 2), -ENOSYS);
			HAS(t, &r, "SET_CE_DE_COUNTERS is no gfx6 packet");
			/* The counters start at 0 on a new GPU; CE 1 > DE 0 lets the DE on. */
			CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX_CE, ce_inc, 2, VSHARP_QUEUE_GFX, de_inc, 4), 0);
			counters(t, &r, 1, 1);
			rig_close(&r);
			continue;
		}
		/* libdrm's job: CE sets both to 0 and increments its own; the DE's wait is met. */
		CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX_CE, ce_ib, 4, VSHARP_QUEUE_GFX, de_wait, 2), 0);
		counters(t, &r, 1, 0);
		/* The DE increments its counter after the wait (Mesa si_ce_post_draw_synchronization). */
		CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX_CE, ce_ib, 4, VSHARP_QUEUE_GFX, de_inc, 4), 0);
		counters(t, &r, 1, 1);
		/* Again, alone: CE 1 is not > DE 1 and no CE IB follows: a hang. */
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, de_wait, 2), -ETIME);
		CHECK_EQ(t, outcome(&r), VSHARP_GPU_HANG);
		HAS(t, &r, "WAIT_ON_CE_COUNTER (opcode 0x86)");
		HAS(t, &r, "CE counter (1)");
		HAS(t, &r, "DE counter (1)");
		/* The wait first, the CE IB later in the job: silicon would interleave; refused. */
		CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX, de_wait, 2, VSHARP_QUEUE_GFX_CE, ce_inc, 2), -ENOSYS);
		HAS(t, &r, "does not interleave");
		counters(t, &r, 1, 1);
		{
			/* SET_CE_DE_COUNTERS COUNTER_LO, COUNTER_HI: both counters = 0x100000005. */
			const uint32_t set64[] = { PKT3(0x89, 1), 5, 1 };
			/* CE 2 ahead of DE: WAIT_ON_DE_COUNTER_DIFF 3 passes (2 < 3), 2 waits (2 < 2 is false). */
			const uint32_t ahead[] = { PKT3(0x89, 0), 7, PKT3(0x84, 0), 1, PKT3(0x84, 0), 1,
						   PKT3(0x88, 0), 3 };
			const uint32_t diff2[] = { PKT3(0x88, 0), 2 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, set64, 3), 0);
			counters(t, &r, 0x100000005ull, 0x100000005ull);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, ahead, 8), 0);
			counters(t, &r, 9, 7);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, diff2, 2), -ETIME);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_HANG);
			HAS(t, &r, "WAIT_ON_DE_COUNTER_DIFF (opcode 0x88)");
			HAS(t, &r, "CE counter (9)");
			HAS(t, &r, "DIFF 2");
			HAS(t, &r, "DE counter (7)");
			CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_GFX_CE, diff2, 2, VSHARP_QUEUE_GFX, de_inc + 2, 2), -ENOSYS);
			HAS(t, &r, "does not interleave");
		}
		{
			/* The CE runs its own packets only; each engine's counter packets on its engine. */
			const uint32_t write[] = { PKT3(0x37, 3), WRITE_DATA_DST_SEL(5), LO(DATA_VA), HI(DATA_VA), 1 };
			const uint32_t ib[] = { PKT3(0x3f, 2), LO(IB_VA), HI(IB_VA), 4 };
			const uint32_t sel0[] = { PKT3(0x84, 0), 0 };
			const uint32_t sb[] = { PKT3(0x10, 0), 0, PKT3(0x8b, 0), 0 };

			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, write, 5), -ENOSYS);
			CHECK_EQ(t, outcome(&r), VSHARP_GPU_BAD_IB);
			HAS(t, &r, "WRITE_DATA (opcode 0x37)");
			HAS(t, &r, "AMDGPU_IB_FLAG_CE");
			CHECK_EQ(t, rd32(&r, DATA_VA), 0x5a5a5a5au);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, ib, 4), -ENOSYS);
			HAS(t, &r, "INDIRECT_BUFFER");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, de_inc + 2, 2), -ENOSYS);
			HAS(t, &r, "INCREMENT_DE_COUNTER (opcode 0x85)");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, ce_inc, 2), -ENOSYS);
			HAS(t, &r, "constant-engine packet");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, sel0, 2), -EINVAL);
			HAS(t, &r, "CNTRSEL 0x0");
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX_CE, sb, 4), 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, sb, 4), 0);
			CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, ce_inc, 2), -ENOSYS);
		}
		rig_close(&r);
	}
}

/*
 * CONTEXT_CONTROL, CLEAR_STATE and PFP_SYNC_ME: GFX-queue packets, as
 * libdrm basic_tests.c amdgpu_sync_dependency_test (0x80000000,
 * 0x80000000; CLEAR_STATE 0x80000000) and Linux gfx_v9_0.c
 * gfx_v9_0_ring_emit_cntxcntl (LOAD_CONTROL 0x80000000 | 0x8001 |
 * 0x01000000 | 0x10002 | 0x10000000 LOAD_CE_RAM, SHADOW_CONTROL 0) emit them.
 */
static void test_gfx_state(struct ktap *t)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		const uint32_t cc[] = { PKT3(0x28, 1), 0x80000000, 0x80000000 };
		const uint32_t cc_kernel[] = { PKT3(0x28, 1), 0x91018003, 0 };
		const uint32_t cc_bad[] = { PKT3(0x28, 1), 0x80000004, 0 };
		const uint32_t cc_shadow_ce[] = { PKT3(0x28, 1), 0, 0x10000000 };
		const uint32_t set[] = { PKT3(0x69, 1), 0x1, 0x1234, PKT3(0x68, 1), 0x10, 0x77 };
		const uint32_t clear[] = { PKT3(0x12, 0), 0x80000000 };
		const uint32_t push[] = { PKT3(0x12, 0), 1 };
		const uint32_t sync[] = { PKT3(0x42, 0), 0 };
		struct rig r;
		uint32_t v = 0;

		if (!rig_open(t, &r, l))
			return;
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, cc, 3), 0);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, cc, 3), -ENOSYS);
		HAS(t, &r, "CONTEXT_CONTROL (opcode 0x28)");
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, cc_kernel, 3), l >= VSHARP_GFX11 ? -EINVAL : 0);
		if (l >= VSHARP_GFX11)
			HAS(t, &r, "LOAD_CE_RAM");
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, cc_bad, 3), -EINVAL);
		HAS(t, &r, "LOAD_CONTROL 0x80000004 sets bits 0x00000004");
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, cc_shadow_ce, 3), -EINVAL);
		HAS(t, &r, "SHADOW_CONTROL 0x10000000");
		/* CLEAR_STATE forgets the context registers, not the config ones. */
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, set, 6), 0);
		CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0xa001, &v), 0);
		CHECK_EQ(t, v, 0x1234);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, clear, 2), 0);
		CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0xa001, &v), -ENOENT);
		CHECK_EQ(t, vsharp_gpu_read_reg(r.gpu, 0x2010, &v), 0);
		CHECK_EQ(t, v, 0x77);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, push, 2), -ENOSYS);
		HAS(t, &r, "CMD 1");
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, clear, 2), -ENOSYS);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_GFX, sync, 2), 0);
		CHECK_EQ(t, run(&r, VSHARP_QUEUE_COMPUTE, sync, 2), -ENOSYS);
		HAS(t, &r, "PFP_SYNC_ME (opcode 0x42)");
		rig_close(&r);
	}
}

/*
 * Each work-group's wave (64 threads, one wave64) writes 1 + its index
 * x + 4y + 16z at out + 4 * index (gfx900, llvm-mc 19).  User SGPRs s[0:1]
 * hold out; the work-group ids x, y, z follow in s2, s3, s4.
 */
static const uint32_t groups_gfx9[] = {
	0x8e058204,		/* s_lshl_b32 s5, s4, 2 */
	0x80050305,		/* s_add_u32 s5, s5, s3 */
	0x8e058205,		/* s_lshl_b32 s5, s5, 2 */
	0x80050205,		/* s_add_u32 s5, s5, s2 */
	0x8e068205,		/* s_lshl_b32 s6, s5, 2 */
	0x80058105,		/* s_add_u32 s5, s5, 1 */
	0x7e020206,		/* v_mov_b32_e32 v1, s6 */
	0x7e040205,		/* v_mov_b32_e32 v2, s5 */
	0xdc708000, 0x00000201,	/* global_store_dword v1, v2, s[0:1] */
	0xbf810000,		/* s_endpgm */
};

#define CODE_VA 0x600000ull
#define OUT_VA (DATA_VA + 0x1000)
#define COUNTS_BASE (DATA_VA + 0x3000)
#define COUNTS_OFFSET 8u

/*
 * SET_BASE (PACKET3_SET_BASE 0x11, BASE_INDEX 1: the dispatch indirect base)
 * then DISPATCH_INDIRECT (0x16: DATA_OFFSET, DISPATCH_INITIATOR), as
 * radeonsi's si_compute.c emits them: the CP reads the group counts at
 * base + DATA_OFFSET and launches what DISPATCH_DIRECT with them launches.
 */
/*
 * Maps groups_gfx9 at CODE_VA and writes the IB that dispatches it over
 * COUNTS groups into BUF: the preamble and state, then DISPATCH_DIRECT,
 * the last 5 dwords, at *AT.
 */
static bool groups_ib(struct ktap *t, struct rig *r, uint32_t *code, const uint32_t counts[3],
		      uint32_t *buf, unsigned max, unsigned *at)
{
	struct vsharp_dispatch d;
	struct vsharp_ib pm4;

	memcpy(code, groups_gfx9, sizeof(groups_gfx9));
	if (!CHECK(t, !vsharp_vm_map(r->vm, CODE_VA, 4096, (uint8_t *)code,
				     VSHARP_VM_READ | VSHARP_VM_EXEC, &r->err)))
		return false;
	memset(&d, 0, sizeof(d));
	d.level = VSHARP_GFX9;
	d.pgm_va = CODE_VA;
	d.vgprs = 4;
	d.sgprs = 16;
	d.user_sgprs = 2;
	d.user_data[0] = LO(OUT_VA);
	d.user_data[1] = HI(OUT_VA);
	d.threads[0] = 64;
	d.threads[1] = d.threads[2] = 1;
	memcpy(d.groups, counts, 3 * sizeof(counts[0]));
	d.tgid[0] = d.tgid[1] = d.tgid[2] = true;
	d.tidig_comps = 1;
	vsharp_ib_init(&pm4, buf, max);
	CHECK(t, !vsharp_pm4_preamble(&pm4, VSHARP_GFX9, &r->err));
	CHECK(t, !vsharp_pm4_dispatch(&pm4, &d, &r->err));
	*at = 0;
	for (unsigned i = 0; i < pm4.n; i++)
		if (buf[i] >> 30 == 3 && (buf[i] >> 8 & 0xff) == 0x15)
			*at = i;
	return CHECK(t, *at && *at + 5 == pm4.n && buf[*at + 1] == counts[0] &&
			buf[*at + 3] == counts[2]);
}

static void test_dispatch_indirect(struct ktap *t)
{
	static uint32_t code[1024] __attribute__((aligned(4096)));
	const uint32_t counts[3] = { 3, 2, 2 };
	uint32_t direct_out[64], buf[1024];
	unsigned at;
	struct rig r;

	if (!rig_open(t, &r, VSHARP_GFX9))
		return;
	if (!groups_ib(t, &r, code, counts, buf, 1000, &at))
		goto out;
	for (int q = VSHARP_QUEUE_COMPUTE; q <= VSHARP_QUEUE_GFX; q++) {
		uint32_t *ind = buf + at;

		memset(r.data, 0x5a, DATA_BYTES);
		CHECK_EQ(t, run(&r, q, buf, at + 5), 0);
		for (unsigned i = 0; i < 64; i++) {
			unsigned x = i % 4, y = i / 4 % 4, z = i / 16;
			bool in = x < counts[0] && y < counts[1] && z < counts[2];

			direct_out[i] = rd32(&r, OUT_VA + 4 * i);
			CHECK_EQ(t, direct_out[i], in ? 1 + i : 0x5a5a5a5au);
		}

		/* The same state, the counts in memory. */
		memset(r.data, 0x5a, DATA_BYTES);
		memcpy(r.data + (COUNTS_BASE + COUNTS_OFFSET - DATA_VA), counts, sizeof(counts));
		const uint32_t initiator = ind[4];
		ind[0] = PKT3(0x11, 2);
		ind[1] = 1;
		ind[2] = LO(COUNTS_BASE);
		ind[3] = HI(COUNTS_BASE);
		ind[4] = PKT3(0x16, 1);
		ind[5] = COUNTS_OFFSET;
		ind[6] = initiator;
		CHECK_EQ(t, run(&r, q, buf, at + 7), 0);
		CHECK_MSG(t, !r.err.msg[0], "%s", r.err.msg);
		for (unsigned i = 0; i < 64; i++)
			CHECK_EQ(t, rd32(&r, OUT_VA + 4 * i), direct_out[i]);

		/* No SET_BASE in this IB: the base is unknown. */
		memcpy(ind, ind + 4, 12);
		CHECK_EQ(t, run(&r, q, buf, at + 3), -EPROTO);
		CHECK_EQ(t, outcome(&r), VSHARP_GPU_STRICT);
		HAS(t, &r, "DISPATCH_INDIRECT");
		HAS(t, &r, "no SET_BASE BASE_INDEX 1");

		/* Counts in a page without a mapping: the CP's VM fault. */
		{
			struct vsharp_gpu_fault f;

			memmove(ind + 4, ind, 12);
			ind[0] = PKT3(0x11, 2);
			ind[1] = 1;
			ind[2] = LO(HOLE_VA);
			ind[3] = HI(HOLE_VA);
			CHECK_EQ(t, run(&r, q, buf, at + 7), -EFAULT);
			CHECK_EQ(t, vsharp_gpu_last_outcome(r.gpu, &f), VSHARP_GPU_VM_FAULT);
			CHECK_EQ(t, f.va, HOLE_VA + COUNTS_OFFSET);
			CHECK(t, !f.write);
			HAS(t, &r, "page fault");
			HAS(t, &r, "DISPATCH_INDIRECT");
		}

		/* Other base indices and the own-address form are refused. */
		ind[1] = 3;
		CHECK_EQ(t, run(&r, q, buf, at + 7), -ENOSYS);
		HAS(t, &r, "BASE_INDEX 3");
		ind[1] = 1;
		ind[4] = PKT3(0x16, 2);
		ind[7] = ind[6];
		CHECK_EQ(t, run(&r, q, buf, at + 8), -ENOSYS);
		HAS(t, &r, "own address");
		/* Restore the DISPATCH_DIRECT for the next queue. */
		ind[0] = PKT3(0x15, 3);
		memcpy(ind + 1, counts, sizeof(counts));
		ind[4] = initiator;
	}
out:
	rig_close(&r);
}

/*
 * A job's IBs run back to back on one queue (Linux 6.1 amdgpu_ib_schedule):
 * the state the first writes holds in the second, as RADV 22.3's preamble
 * IB and command-buffer IB rely on.  Another job starts with nothing known.
 */
static void test_job_state(struct ktap *t)
{
	static uint32_t code[1024] __attribute__((aligned(4096)));
	const uint32_t counts[3] = { 2, 1, 1 };
	uint32_t buf[1024];
	unsigned at;
	struct rig r;

	if (!rig_open(t, &r, VSHARP_GFX9))
		return;
	if (!groups_ib(t, &r, code, counts, buf, 256, &at))
		goto out;
	for (int q = VSHARP_QUEUE_COMPUTE; q <= VSHARP_QUEUE_GFX; q++) {
		memset(r.data, 0x5a, DATA_BYTES);
		CHECK_EQ(t, run_job2(&r, q, buf, at, q, buf + at, 5), 0);
		CHECK_MSG(t, !r.err.msg[0], "%s", r.err.msg);
		CHECK_EQ(t, rd32(&r, OUT_VA), 1);
		CHECK_EQ(t, rd32(&r, OUT_VA + 4), 2);
		CHECK_EQ(t, rd32(&r, OUT_VA + 8), 0x5a5a5a5au);
		/* The dispatch alone, in a job of its own: its state is unknown. */
		CHECK_EQ(t, run_job2(&r, q, buf + at, 5, q, NULL, 0), -EPROTO);
		CHECK_EQ(t, outcome(&r), VSHARP_GPU_STRICT);
		HAS(t, &r, "never written");
	}
	/* The state on the compute queue, the dispatch on the GFX queue: two rings. */
	CHECK_EQ(t, run_job2(&r, VSHARP_QUEUE_COMPUTE, buf, at, VSHARP_QUEUE_GFX, buf + at, 5), -EPROTO);
	HAS(t, &r, "never written");
out:
	rig_close(&r);
}

/* Every packet outside the implemented set is refused naming itself. */
static void test_refused(struct ktap *t)
{
	struct rig r;
	const uint32_t atomic[] = { PKT3(0x1e, 7), 0, 0, 0, 0, 0, 0, 0, 0 };
	const uint32_t ce[] = { PKT3(0x84, 0), 1 };

	if (!rig_open(t, &r, VSHARP_GFX9))
		return;
	for (int q = VSHARP_QUEUE_COMPUTE; q <= VSHARP_QUEUE_GFX; q++) {
		CHECK_EQ(t, run(&r, q, atomic, 9), -ENOSYS);
		CHECK_EQ(t, outcome(&r), VSHARP_GPU_BAD_IB);
		HAS(t, &r, "ATOMIC_MEM (opcode 0x1e) at dword 0");
		CHECK_EQ(t, run(&r, q, ce, 2), -ENOSYS);
		HAS(t, &r, "INCREMENT_CE_COUNTER");
	}
	CHECK_EQ(t, run(&r, (enum vsharp_gpu_queue)3, ce, 2), -EINVAL);
	HAS(t, &r, "queue 3");
	rig_close(&r);
}

KTAP_MAIN(KTAP_CASE(test_write_data_memory), KTAP_CASE(test_write_data_register),
	  KTAP_CASE(test_dma_data), KTAP_CASE(test_cp_dma_gfx6), KTAP_CASE(test_copy_data),
	  KTAP_CASE(test_wait_reg_mem), KTAP_CASE(test_fences), KTAP_CASE(test_cond_exec),
	  KTAP_CASE(test_indirect_buffer), KTAP_CASE(test_gfx_queue), KTAP_CASE(test_constant_engine),
	  KTAP_CASE(test_gfx_state), KTAP_CASE(test_dispatch_indirect), KTAP_CASE(test_job_state),
	  KTAP_CASE(test_refused))
