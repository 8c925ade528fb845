// SPDX-License-Identifier: MIT
/*
 * The emulated GPU's SDMA engine: executes an IB of SDMA packets in a
 * vsharp_vm.  Two packet formats: SI's DMA engine (GFX6; Linux sid.h
 * DMA_PACKET, si_dma.c, and radeon's evergreen_cs.c evergreen_dma_ib_parse,
 * which radeon_asic.c uses for SI's DMA ring), and the SDMA engines from
 * CIK on (opcode in bits 7:0, sub-op in 15:8: Linux cikd.h SDMA_PACKET,
 * cik_sdma.c, sdma_v2_4.c/sdma_v3_0.c with iceland/tonga_sdma_pkt_open.h,
 * sdma_v4_0.c with vega10_sdma_pkt_open.h, sdma_v5_0.c/sdma_v5_2.c with
 * navi10_sdma_pkt_open.h, sdma_v6_0.c with sdma_v6_0_0_pkt_open.h).
 *
 * The packets are the ones Linux 6.1's rings and libdrm 2.4.114's tests
 * emit (libdrm tests/amdgpu/basic_tests.c, deadlock_tests.c): NOP,
 * WRITE linear, COPY linear, CONSTANT_FILL, FENCE, TRAP and POLL_REGMEM on
 * memory.  Each packet is a row of a table: its dwords' fields per level
 * (bit position, width, the levels that have it) and what the engine does
 * with each: uses it, ignores it as a cache hint (the emulator's memory is
 * always coherent), or refuses it when set.  Bits no row names are
 * reserved and refused too.  Everything else -- another opcode or sub-op,
 * a register poll, TMZ, byte swaps -- is refused naming the packet, its
 * opcode and sub-op and its dword offset in the IB.
 *
 * An access checks every page before it moves a byte, so a fault leaves
 * memory as it was.  Memory does not change while an IB runs (nothing else
 * runs beside the engine), so a poll that fails its first check never
 * succeeds: a hang, as the job timeout would end it on a GPU.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu/core.h"
#include "base/util.h"
#include "hw/levels.h"

/* What the engine does with a field. */
enum sdma_use {
	USE,		/* the engine reads it */
	HINT,		/* a cache or coherence hint: any value, no effect here */
	REFUSE,		/* not implemented: refused unless 0 */
};

struct sdma_field {
	uint8_t dw, shift, width;
	uint32_t levels;
	const char *name;
	enum sdma_use use;
};

enum sdma_kind { K_NOP, K_COPY, K_WRITE, K_FILL, K_FENCE, K_TRAP, K_POLL };

/* The count fields from GFX9 hold the count - 1 ("count - 1 from GFX9"). */
#define MINUS1 1u

struct sdma_pkt {
	uint32_t levels;
	uint8_t op, sub;
	const char *name;
	enum sdma_kind kind;
	unsigned unit;			/* bytes per COUNT (COPY, WRITE, SI's FILL) */
	unsigned base;			/* dwords besides the counted ones */
	bool counted;			/* COUNT adds dwords (NOP, WRITE) */
	unsigned align;			/* the destination's alignment */
	const struct sdma_field *fields;
	size_t n_fields;
};

#define ALL GFX_RANGE(6, 11)
#define SDMA GFX_RANGE(7, 11)
#define SOC15 GFX_RANGE(9, 11)
#define NAVI GFX_RANGE(10, 11)
#define F(...) { __VA_ARGS__ }
#define FIELDS(a) a, ARRAY_SIZE(a)

/* ---- SI (GFX6): DMA_PACKET(cmd, b, t, s, n), sub_cmd = bits 27:20 ------------------------ */

static const struct sdma_field si_write[] = {
	F(0, 0, 20, ALL, "COUNT", USE),
	F(1, 0, 32, ALL, "DST_ADDR_LO", USE),
	F(2, 0, 8, ALL, "DST_ADDR_HI", USE),
};
/* evergreen_dma_ib_parse "Copy L2L": dst lo, src lo, dst hi & 0xff, src hi & 0xff. */
static const struct sdma_field si_copy[] = {
	F(0, 0, 20, ALL, "COUNT", USE),
	F(1, 0, 32, ALL, "DST_ADDR_LO", USE),
	F(2, 0, 32, ALL, "SRC_ADDR_LO", USE),
	F(3, 0, 8, ALL, "DST_ADDR_HI", USE),
	F(4, 0, 8, ALL, "SRC_ADDR_HI", USE),
};
static const struct sdma_field si_fence[] = {
	F(1, 0, 32, ALL, "ADDR_LO", USE),
	F(2, 0, 8, ALL, "ADDR_HI", USE),
	F(3, 0, 32, ALL, "DATA", USE),
};
/* si_dma_emit_fill_buffer: dst lo, data, upper_32_bits(dst) << 16. */
static const struct sdma_field si_fill[] = {
	F(0, 0, 20, ALL, "COUNT", USE),
	F(1, 0, 32, ALL, "DST_ADDR_LO", USE),
	F(2, 0, 32, ALL, "DATA", USE),
	F(3, 16, 8, ALL, "DST_ADDR_HI", USE),
};
/* si_dma_ring_emit_pipeline_sync: addr lo, retry << 16 | addr hi, mask, value, func << 28 | interval. */
static const struct sdma_field si_poll[] = {
	F(1, 0, 32, ALL, "ADDR_LO", USE),
	F(2, 0, 8, ALL, "ADDR_HI", USE),
	F(2, 16, 12, ALL, "RETRY_COUNT", USE),
	F(3, 0, 32, ALL, "MASK", USE),
	F(4, 0, 32, ALL, "VALUE", USE),
	F(5, 0, 16, ALL, "INTERVAL", USE),
	F(5, 28, 3, ALL, "FUNC", USE),
};

static const struct sdma_pkt si_pkts[] = {
	{ GFX(6), 0xf, 0x00, "NOP", K_NOP, 0, 1, false, 1, NULL, 0 },
	{ GFX(6), 0x2, 0x00, "WRITE", K_WRITE, 4, 3, true, 4, FIELDS(si_write) },
	/* sub_cmd 0x00 "Copy L2L, DW aligned" (COUNT in dwords), 0x40 (b) "byte aligned". */
	{ GFX(6), 0x3, 0x00, "COPY (dword)", K_COPY, 4, 5, false, 4, FIELDS(si_copy) },
	{ GFX(6), 0x3, 0x40, "COPY (byte)", K_COPY, 1, 5, false, 1, FIELDS(si_copy) },
	{ GFX(6), 0x6, 0x00, "FENCE", K_FENCE, 0, 4, false, 4, FIELDS(si_fence) },
	{ GFX(6), 0x7, 0x00, "TRAP", K_TRAP, 0, 1, false, 1, NULL, 0 },
	{ GFX(6), 0xd, 0x00, "CONSTANT_FILL", K_FILL, 4, 4, false, 4, FIELDS(si_fill) },
	/* Bit 27 (sub_cmd 0x80): poll memory (si_dma.c "Poll memory"). */
	{ GFX(6), 0xe, 0x80, "POLL_REG_MEM (memory)", K_POLL, 0, 6, false, 4, FIELDS(si_poll) },
};

static const char *const si_op_names[16] = {
	[0x2] = "WRITE", [0x3] = "COPY", [0x4] = "INDIRECT_BUFFER", [0x5] = "SEMAPHORE",
	[0x6] = "FENCE", [0x7] = "TRAP", [0x9] = "SRBM_WRITE", [0xd] = "CONSTANT_FILL",
	[0xe] = "POLL_REG_MEM", [0xf] = "NOP",
};

/* ---- CIK to GFX11: opcode 7:0, sub-op 15:8 (the *_pkt_open.h headers) ------------------ */

static const struct sdma_field nop_fields[] = {
	F(0, 16, 14, SDMA, "COUNT", USE),
};
static const struct sdma_field copy_fields[] = {
	F(0, 16, 1, SOC15, "ENCRYPT", REFUSE),
	F(0, 18, 1, SOC15, "TMZ", REFUSE),
	F(0, 19, 1, GFX(11), "CPV", HINT),
	F(0, 25, 1, NAVI, "BACKWARDS", REFUSE),
	F(0, 27, 1, SDMA, "BROADCAST", REFUSE),
	F(1, 0, 22, GFX_RANGE(7, 10_3), "COUNT", USE),
	F(1, 0, 30, GFX(11), "COUNT", USE),
	F(2, 16, 2, SDMA, "DST_SW", REFUSE),
	F(2, 18, 3, GFX(11), "DST_CACHE_POLICY", HINT),
	F(2, 22, 1, GFX_RANGE(7, 8), "DST_HA", REFUSE),
	F(2, 24, 2, SDMA, "SRC_SW", REFUSE),
	F(2, 26, 3, GFX(11), "SRC_CACHE_POLICY", HINT),
	F(2, 30, 1, GFX_RANGE(7, 8), "SRC_HA", REFUSE),
	F(3, 0, 32, SDMA, "SRC_ADDR_LO", USE),
	F(4, 0, 32, SDMA, "SRC_ADDR_HI", USE),
	F(5, 0, 32, SDMA, "DST_ADDR_LO", USE),
	F(6, 0, 32, SDMA, "DST_ADDR_HI", USE),
};
static const struct sdma_field write_fields[] = {
	F(0, 16, 1, SOC15, "ENCRYPT", REFUSE),
	F(0, 18, 1, SOC15, "TMZ", REFUSE),
	F(0, 28, 1, GFX(11), "CPV", HINT),
	F(1, 0, 32, SDMA, "DST_ADDR_LO", USE),
	F(2, 0, 32, SDMA, "DST_ADDR_HI", USE),
	F(3, 0, 22, GFX_RANGE(7, 8), "COUNT", USE),
	F(3, 0, 20, SOC15, "COUNT", USE),
	F(3, 24, 2, SDMA, "SW", REFUSE),
	F(3, 26, 3, GFX(11), "CACHE_POLICY", HINT),
};
static const struct sdma_field fence_fields[] = {
	F(0, 16, 3, NAVI, "MTYPE", HINT),
	F(0, 19, 1, NAVI, "GCC", HINT),
	F(0, 20, 1, NAVI, "SYS", HINT),
	F(0, 22, 1, NAVI, "SNP", HINT),
	F(0, 23, 1, NAVI, "GPA", REFUSE),
	F(0, 24, 2, NAVI, "L2_POLICY", HINT),
	F(0, 26, 1, GFX(11), "LLC_POLICY", HINT),
	F(0, 28, 1, GFX(11), "CPV", HINT),
	F(1, 0, 32, SDMA, "ADDR_LO", USE),
	F(2, 0, 32, SDMA, "ADDR_HI", USE),
	F(3, 0, 32, SDMA, "DATA", USE),
};
static const struct sdma_field trap_fields[] = {
	F(1, 0, 28, SDMA, "INT_CONTEXT", USE),
};
static const struct sdma_field poll_fields[] = {
	F(0, 20, 3, GFX(11), "CACHE_POLICY", HINT),
	F(0, 24, 1, GFX(11), "CPV", HINT),
	/* cikd.h SDMA_POLL_REG_MEM_EXTRA_OP: 0 wait_reg_mem, 1 wr_wait_wr_reg. */
	F(0, 26, 2, GFX(7), "OP", REFUSE),
	F(0, 26, 1, GFX_RANGE(8, 11), "HDP_FLUSH", REFUSE),
	F(0, 28, 3, SDMA, "FUNC", USE),
	F(0, 31, 1, SDMA, "MEM_POLL", USE),
	F(1, 0, 32, SDMA, "ADDR_LO", USE),
	F(2, 0, 32, SDMA, "ADDR_HI", USE),
	F(3, 0, 32, SDMA, "VALUE", USE),
	F(4, 0, 32, SDMA, "MASK", USE),
	F(5, 0, 16, SDMA, "INTERVAL", USE),
	F(5, 16, 12, SDMA, "RETRY_COUNT", USE),
};
static const struct sdma_field fill_fields[] = {
	F(0, 16, 2, SDMA, "SW", REFUSE),
	F(0, 24, 3, GFX(11), "CACHE_POLICY", HINT),
	F(0, 28, 1, GFX(11), "CPV", HINT),
	F(0, 30, 2, SDMA, "FILLSIZE", USE),
	F(1, 0, 32, SDMA, "DST_ADDR_LO", USE),
	F(2, 0, 32, SDMA, "DST_ADDR_HI", USE),
	F(3, 0, 32, SDMA, "DATA", USE),
	F(4, 0, 22, GFX_RANGE(7, 10_3), "COUNT", USE),
	F(4, 0, 30, GFX(11), "COUNT", USE),
};

static const struct sdma_pkt sdma_pkts[] = {
	{ SDMA, 0, 0, "NOP", K_NOP, 0, 1, true, 1, FIELDS(nop_fields) },
	{ SDMA, 1, 0, "COPY_LINEAR", K_COPY, 1, 7, false, 1, FIELDS(copy_fields) },
	{ SDMA, 2, 0, "WRITE_LINEAR", K_WRITE, 4, 4, true, 4, FIELDS(write_fields) },
	{ SDMA, 5, 0, "FENCE", K_FENCE, 0, 4, false, 4, FIELDS(fence_fields) },
	{ SDMA, 6, 0, "TRAP", K_TRAP, 0, 2, false, 1, FIELDS(trap_fields) },
	{ SDMA, 8, 0, "POLL_REGMEM", K_POLL, 0, 6, false, 4, FIELDS(poll_fields) },
	{ SDMA, 11, 0, "CONSTANT_FILL", K_FILL, 1, 5, false, 1, FIELDS(fill_fields) },
};

/* vega10/navi10_sdma_pkt_open.h SDMA_OP_* (GEN_PTEPDE on CIK and VI). */
static const char *const sdma_op_names[] = {
	[0] = "NOP", [1] = "COPY", [2] = "WRITE", [4] = "INDIRECT", [5] = "FENCE",
	[6] = "TRAP", [7] = "SEM", [8] = "POLL_REGMEM", [9] = "COND_EXE", [10] = "ATOMIC",
	[11] = "CONST_FILL", [12] = "PTEPDE", [13] = "TIMESTAMP", [14] = "SRBM_WRITE",
	[15] = "PRE_EXE", [16] = "GPUVM_INV (GFX10+) / DUMMY_TRAP (GFX9)", [17] = "GCR_REQ",
	[32] = "DUMMY_TRAP",
};

/* The SDMA_SUBOP_* a refusal names. */
static const struct {
	uint8_t op, sub;
	const char *name;
} sdma_subop_names[] = {
	{ 1, 1, "COPY_TILED" }, { 1, 3, "COPY_SOA" }, { 1, 4, "COPY_LINEAR_SUB_WIND" },
	{ 1, 5, "COPY_TILED_SUB_WIND" }, { 1, 6, "COPY_T2T_SUB_WIND" }, { 1, 7, "COPY_DIRTY_PAGE" },
	{ 1, 8, "COPY_LINEAR_PHY" }, { 1, 16, "COPY_LINEAR_BC" }, { 1, 20, "COPY_LINEAR_SUB_WIND_BC" },
	{ 1, 36, "COPY_LINEAR_SUB_WIND_LARGE" }, { 2, 1, "WRITE_TILED" },
	{ 8, 1, "POLL_REG_WRITE_MEM" }, { 8, 2, "POLL_DBIT_WRITE_MEM" }, { 8, 3, "POLL_MEM_VERIFY" },
	{ 11, 1, "DATA_FILL_MULTI" }, { 12, 1, "PTEPDE_COPY" }, { 12, 2, "PTEPDE_RMW" },
	{ 12, 3, "PTEPDE_COPY_BACKWARDS" }, { 13, 0, "TIMESTAMP_SET" }, { 13, 1, "TIMESTAMP_GET" },
	{ 13, 2, "TIMESTAMP_GET_GLOBAL" },
};

/* ---- Per level ------------------------------------------------------------------------ */

struct sdma_level {
	const char *engine;		/* the IP and the Linux file its packets come from */
	bool si;			/* SI's DMA_PACKET format */
	unsigned count_minus_one;	/* MINUS1: COPY/WRITE/FILL counts hold count - 1 */
	/*
	 * The hub the engine's VM accesses go through and the client the fault
	 * interrupt names: SDMA v4.0 rings are on MMHUB (sdma_v4_0.c .vmhub =
	 * AMDGPU_MMHUB_0, whose faults come from IH client VMC 0x12, gmc_v9_0.c);
	 * from SDMA v5.0 on GFXHUB (.vmhub = AMDGPU_GFXHUB_0, client UTCL2
	 * 0x1b); before GFX9 one hub, written as the shader core writes it.
	 */
	const char *hub;
	unsigned client;
	const char *client_name;
};

static const struct sdma_level levels[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = { "SI DMA (si_dma.c, sid.h)", true, 0, "gfxhub", 0x1b, "UTCL2" },
	[VSHARP_GFX7] = { "CIK SDMA (cik_sdma.c, cikd.h)", false, 0, "gfxhub", 0x1b, "UTCL2" },
	[VSHARP_GFX8] = { "SDMA v3.0 (sdma_v3_0.c, tonga_sdma_pkt_open.h)", false, 0, "gfxhub", 0x1b, "UTCL2" },
	[VSHARP_GFX9] = { "SDMA v4.0 (sdma_v4_0.c, vega10_sdma_pkt_open.h)", false, MINUS1, "mmhub", 0x12, "VMC" },
	[VSHARP_GFX10] = { "SDMA v5.0 (sdma_v5_0.c, navi10_sdma_pkt_open.h)", false, MINUS1, "gfxhub", 0x1b, "UTCL2" },
	[VSHARP_GFX10_3] = { "SDMA v5.2 (sdma_v5_2.c, navi10_sdma_pkt_open.h)", false, MINUS1, "gfxhub", 0x1b, "UTCL2" },
	[VSHARP_GFX11] = { "SDMA v6.0 (sdma_v6_0.c, sdma_v6_0_0_pkt_open.h)", false, MINUS1, "gfxhub", 0x1b, "UTCL2" },
};

/* ---- Running --------------------------------------------------------------------------- */

struct sdma_ctx {
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	enum vsharp_gfx level;
	const struct sdma_level *lv;
	const struct sdma_pkt *pkt;
	const uint32_t *dw;		/* the packet's dwords */
	unsigned pos;			/* its offset in the IB */
	struct vsharp_error *err;
};

static uint32_t mask_of(unsigned width)
{
	return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

static const struct sdma_field *field(const struct sdma_ctx *c, const char *name)
{
	for (size_t i = 0; i < c->pkt->n_fields; i++) {
		const struct sdma_field *f = &c->pkt->fields[i];

		if ((f->levels & VSHARP_GFX_BIT(c->level)) && !strcmp(f->name, name))
			return f;
	}
	return NULL;
}

/* The value of a field the packet's table has at this level (0 when it has none). */
static uint32_t get(const struct sdma_ctx *c, const char *name)
{
	const struct sdma_field *f = field(c, name);

	return f ? c->dw[f->dw] >> f->shift & mask_of(f->width) : 0;
}

static uint64_t addr(const struct sdma_ctx *c, const char *lo, const char *hi)
{
	return (uint64_t)get(c, hi) << 32 | get(c, lo);
}

static int bad_ib(struct sdma_ctx *c, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "sdma: gfx9 COPY_LINEAR (opcode 1, sub-op 0) at dword 12: ..." with BAD_IB. */
static int bad_ib(struct sdma_ctx *c, int code, const char *fmt, ...)
{
	char what[360];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	c->gpu->outcome = VSHARP_GPU_BAD_IB;
	return vsharp_fail(c->err, code, "sdma: %s %s (opcode 0x%x, sub-op 0x%x) at dword %u: %s",
			   vsharp_gfx_name(c->level), c->pkt->name, c->pkt->op, c->pkt->sub, c->pos, what);
}

/*
 * Every bit of the packet's fixed dwords must be in a field of this level,
 * and the fields the engine does not implement must be 0.
 */
static int check_fields(struct sdma_ctx *c)
{
	uint32_t known[8] = { 0 };
	unsigned last = 0;

	known[0] = c->lv->si ? 0xfff00000u : 0x0000ffffu;	/* opcode and sub-op */
	for (size_t i = 0; i < c->pkt->n_fields; i++) {
		const struct sdma_field *f = &c->pkt->fields[i];
		uint32_t v;

		if (!(f->levels & VSHARP_GFX_BIT(c->level)))
			continue;
		known[f->dw] |= mask_of(f->width) << f->shift;
		last = f->dw > last ? f->dw : last;
		v = c->dw[f->dw] >> f->shift & mask_of(f->width);
		if (f->use == REFUSE && v)
			return bad_ib(c, -ENOSYS, "%s (dword %u bits %u..%u) is %u: not implemented by the emulated engine, only 0 is (%s)",
				      f->name, f->dw, f->shift, f->shift + f->width - 1, v, c->lv->engine);
	}
	for (unsigned d = 0; d <= last || d == 0; d++) {
		uint32_t extra = c->dw[d] & ~known[d];

		if (extra)
			return bad_ib(c, -EINVAL, "dword %u = 0x%08x sets bits 0x%08x that are no field of the packet on %s (%s): reserved",
				      d, c->dw[d], extra, vsharp_gfx_name(c->level), c->lv->engine);
	}
	return 0;
}

/* An amdgpu-style page fault report naming the engine; memory is untouched. */
static int vm_fault(struct sdma_ctx *c, uint64_t va, uint64_t n, unsigned perms)
{
	struct vsharp_gpu *gpu = c->gpu;
	uint64_t start, size, bad;
	unsigned have = 0;
	bool mapped;

	if (vsharp_vm_check(c->vm, va, n, perms, &bad) == -EFAULT)
		va = bad;
	mapped = !vsharp_vm_lookup(c->vm, va, &start, &size, &have);
	gpu->outcome = VSHARP_GPU_VM_FAULT;
	gpu->fault.va = va;
	gpu->fault.write = perms & VSHARP_VM_WRITE;
	gpu->fault.exec = false;
	gpu->fault.mapped = mapped;
	/* The first two lines as gmc_v9/v10/v11_0_process_interrupt print them. */
	return vsharp_fail(c->err, -EFAULT,
			   "[%s] page fault (src_id:0 ring:0 vmid:%u pasid:%u)\n"
			   "  in page starting at address 0x%016" PRIx64 " from client 0x%x (%s)\n"
			   "  SDMA %s %s of %" PRIu64 " bytes at 0x%" PRIx64 ": %s (packet at dword %u, %s)",
			   c->lv->hub, gpu->cfg.vmid, gpu->cfg.pasid, va & ~(uint64_t)(VSHARP_VM_PAGE - 1),
			   c->lv->client, c->lv->client_name, c->pkt->name,
			   perms & VSHARP_VM_WRITE ? "write" : "read", n, va,
			   !mapped ? "no mapping" :
			   perms & VSHARP_VM_WRITE ? "mapped without AMDGPU_VM_PAGE_WRITEABLE" :
			   "mapped without AMDGPU_VM_PAGE_READABLE",
			   c->pos, vsharp_gfx_name(c->level));
}

/* Every page of [VA, VA+N) mapped with PERMS, else the fault. */
static int reach(struct sdma_ctx *c, uint64_t va, uint64_t n, unsigned perms)
{
	uint64_t bad;

	if (va + n < va)
		return bad_ib(c, -EINVAL, "%" PRIu64 " bytes at 0x%" PRIx64 " wrap around the address space", n, va);
	if (vsharp_vm_check(c->vm, va, n, perms, &bad))
		return vm_fault(c, va, n, perms);
	return 0;
}

/* Host bytes from VA up to the end of its mapping (at most N); the range was reached. */
static uint8_t *span(const struct sdma_ctx *c, uint64_t va, uint64_t n, unsigned perms, uint64_t *got)
{
	uint64_t start = 0, size = 0;
	unsigned have;

	if (vsharp_vm_lookup(c->vm, va, &start, &size, &have))
		return NULL;
	*got = start + size - va < n ? start + size - va : n;
	return vsharp_vm_at(c->vm, va, *got, perms);
}

/* Writes N bytes at VA: byte i is PATTERN[i % PLEN] (a fill) or SRC[i] (PLEN 0). */
static int store(struct sdma_ctx *c, uint64_t va, uint64_t n, const uint8_t *src,
		 const uint8_t *pattern, unsigned plen)
{
	uint64_t done = 0;
	int ret = reach(c, va, n, VSHARP_VM_WRITE);

	while (!ret && done < n) {
		uint64_t got;
		uint8_t *dst = span(c, va + done, n - done, VSHARP_VM_WRITE, &got);

		if (!dst)
			return vm_fault(c, va + done, n - done, VSHARP_VM_WRITE);
		if (plen) {
			for (uint64_t i = 0; i < got; i++)
				dst[i] = pattern[(done + i) % plen];
		} else {
			memcpy(dst, src + done, got);
		}
		done += got;
	}
	if (!ret)
		c->gpu->sdma.bytes_written += n;
	return ret;
}

static int check_align(struct sdma_ctx *c, const char *what, uint64_t va, unsigned align)
{
	if (va % align)
		return bad_ib(c, -EINVAL, "%s 0x%" PRIx64 " is not a multiple of %u (the engine moves whole dwords here; Linux and libdrm clear bits 1:0)",
			      what, va, align);
	return 0;
}

/* The byte count a COUNT field stands for, checked against the field's range. */
static int count_bytes(struct sdma_ctx *c, uint64_t *bytes)
{
	const struct sdma_field *f = field(c, "COUNT");
	uint64_t n = get(c, "COUNT");

	n += c->lv->count_minus_one;
	if (!n)
		return bad_ib(c, -EINVAL, "COUNT 0 moves nothing (allowed 1..%u on %s, %s)",
			      f ? mask_of(f->width) : 0, vsharp_gfx_name(c->level), c->lv->engine);
	*bytes = n * c->pkt->unit;
	return 0;
}

static int run_copy(struct sdma_ctx *c)
{
	uint64_t n, src, dst, done = 0;
	int ret = count_bytes(c, &n);

	if (ret)
		return ret;
	src = addr(c, "SRC_ADDR_LO", "SRC_ADDR_HI");
	dst = addr(c, "DST_ADDR_LO", "DST_ADDR_HI");
	if ((ret = check_align(c, "source address", src, c->pkt->align)) ||
	    (ret = check_align(c, "destination address", dst, c->pkt->align)))
		return ret;
	if ((ret = reach(c, src, n, VSHARP_VM_READ)) || (ret = reach(c, dst, n, VSHARP_VM_WRITE)))
		return ret;
	if (src < dst + n && dst < src + n) {
		c->gpu->outcome = VSHARP_GPU_STRICT;
		return vsharp_fail(c->err, -EPROTO, "strict: SDMA copy overlap: %s %s at dword %u copies %" PRIu64 " bytes from 0x%" PRIx64 " to 0x%" PRIx64 ", which overlap; the packet definitions (%s) do not say in which order the engine moves them",
				   vsharp_gfx_name(c->level), c->pkt->name, c->pos, n, src, dst, c->lv->engine);
	}
	while (done < n) {
		uint64_t gs, gd;
		const uint8_t *s = span(c, src + done, n - done, VSHARP_VM_READ, &gs);
		uint8_t *d = span(c, dst + done, gs, VSHARP_VM_WRITE, &gd);

		if (!s)
			return vm_fault(c, src + done, n - done, VSHARP_VM_READ);
		if (!d)
			return vm_fault(c, dst + done, gs, VSHARP_VM_WRITE);
		memmove(d, s, gd);
		done += gd;
	}
	c->gpu->sdma.bytes_written += n;
	return 0;
}

static int run_write(struct sdma_ctx *c)
{
	uint64_t n, dst = addr(c, "DST_ADDR_LO", "DST_ADDR_HI");
	int ret = count_bytes(c, &n);

	if (!ret)
		ret = check_align(c, "destination address", dst, c->pkt->align);
	if (ret)
		return ret;
	/* The data follows the fixed dwords; little-endian, as the host. */
	return store(c, dst, n, (const uint8_t *)(c->dw + c->pkt->base), NULL, 0);
}

static int run_fill(struct sdma_ctx *c)
{
	uint64_t n, dst = addr(c, "DST_ADDR_LO", "DST_ADDR_HI");
	uint32_t data = get(c, "DATA");
	uint8_t pattern[4] = { data & 0xff, data >> 8 & 0xff, data >> 16 & 0xff, data >> 24 };
	unsigned unit = 4;
	int ret = count_bytes(c, &n);

	if (ret)
		return ret;
	if (!c->lv->si) {
		/* cikd.h SDMA_CONSTANT_FILL_EXTRA_SIZE: "0 = byte fill, 2 = DW fill". */
		unsigned size = get(c, "FILLSIZE");

		if (size != 0 && size != 2)
			return bad_ib(c, -EINVAL, "FILLSIZE %u (allowed 0: byte fill, 2: dword fill; cikd.h SDMA_CONSTANT_FILL_EXTRA_SIZE)",
				      size);
		unit = size ? 4 : 1;
	}
	if (unit == 4) {
		if ((ret = check_align(c, "destination address", dst, 4)))
			return ret;
		if (n % 4)
			return bad_ib(c, -EINVAL, "a dword fill of %" PRIu64 " bytes: not whole dwords (the byte count must be a multiple of 4)",
				      n);
	}
	if (unit == 1)
		pattern[1] = pattern[2] = pattern[3] = pattern[0];
	return store(c, dst, n, NULL, pattern, 4);
}

static int run_fence(struct sdma_ctx *c)
{
	uint64_t va = addr(c, "ADDR_LO", "ADDR_HI");
	uint32_t data = get(c, "DATA");
	uint8_t b[4] = { data & 0xff, data >> 8 & 0xff, data >> 16 & 0xff, data >> 24 };
	int ret = check_align(c, "fence address", va, 4);

	return ret ? ret : store(c, va, 4, b, NULL, 0);
}

static int run_poll(struct sdma_ctx *c)
{
	uint64_t va = addr(c, "ADDR_LO", "ADDR_HI"), got;
	uint32_t ref = get(c, "VALUE"), mask = get(c, "MASK"), v;
	unsigned func = get(c, "FUNC");
	const uint8_t *p;
	int ret;

	if (!c->lv->si && !get(c, "MEM_POLL"))
		return bad_ib(c, -ENOSYS, "MEM_POLL 0 polls register 0x%x: the emulated engine has no registers (only MEM_POLL 1, a memory poll, is implemented)",
			      get(c, "ADDR_LO") >> 2);
	if (func >= EMU_POLL_FUNCS)
		return bad_ib(c, -EINVAL, "FUNC %u (allowed 0..6: always, <, <=, ==, !=, >=, >; cikd.h SDMA_POLL_REG_MEM_EXTRA_FUNC)",
			      func);
	if ((ret = check_align(c, "poll address", va, 4)) || (ret = reach(c, va, 4, VSHARP_VM_READ)))
		return ret;
	p = span(c, va, 4, VSHARP_VM_READ, &got);
	if (!p || got < 4)
		return vm_fault(c, va, 4, VSHARP_VM_READ);
	v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	if (emu_poll_true(func, v & mask, ref))
		return 0;
	c->gpu->outcome = VSHARP_GPU_HANG;
	return vsharp_fail(c->err, -ETIME, "sdma: %s %s at dword %u never ends: memory at 0x%" PRIx64 " holds 0x%08x, (0x%08x & MASK 0x%08x) = 0x%08x %s VALUE 0x%08x is false and nothing else writes memory while the IB runs (RETRY_COUNT %u, INTERVAL %u): a hang, as amdgpu's job timeout would end it",
			   vsharp_gfx_name(c->level), c->pkt->name, c->pos, va, v, v, mask, v & mask,
			   emu_poll_names[func], ref, get(c, "RETRY_COUNT"), get(c, "INTERVAL"));
}

/* The packet whose header is DW[0] at this level, or a refusal naming it. */
static int find_packet(struct sdma_ctx *c, uint32_t h)
{
	const struct sdma_pkt *tab = c->lv->si ? si_pkts : sdma_pkts;
	size_t n = c->lv->si ? ARRAY_SIZE(si_pkts) : ARRAY_SIZE(sdma_pkts);
	unsigned op = c->lv->si ? h >> 28 : h & 0xff, sub = c->lv->si ? h >> 20 & 0xff : h >> 8 & 0xff;
	const char *name = NULL, *subname = NULL;
	bool op_known = false;

	for (size_t i = 0; i < n; i++) {
		if (!(tab[i].levels & VSHARP_GFX_BIT(c->level)) || tab[i].op != op)
			continue;
		op_known = true;
		if (tab[i].sub == sub) {
			c->pkt = &tab[i];
			return 0;
		}
	}
	if (c->lv->si) {
		name = si_op_names[op];
	} else {
		name = op < ARRAY_SIZE(sdma_op_names) ? sdma_op_names[op] : NULL;
		for (size_t i = 0; i < ARRAY_SIZE(sdma_subop_names); i++)
			if (sdma_subop_names[i].op == op && sdma_subop_names[i].sub == sub)
				subname = sdma_subop_names[i].name;
	}
	c->gpu->outcome = VSHARP_GPU_BAD_IB;
	if (op_known || (name && op != 4))
		return vsharp_fail(c->err, -ENOSYS, "sdma: %s packet %s (opcode 0x%x, %s 0x%x%s%s) at dword %u (header 0x%08x) is not implemented by the emulated SDMA engine (%s)",
				   vsharp_gfx_name(c->level), name ? name : "unknown", op,
				   c->lv->si ? "sub_cmd" : "sub-op", sub, subname ? ": " : "",
				   subname ? subname : "", c->pos, h, c->lv->engine);
	if (name)	/* INDIRECT: the kernel's ring chains IBs; an IB does not (sdma_v4_0_ring_emit_ib). */
		return vsharp_fail(c->err, -ENOSYS, "sdma: %s packet %s (opcode 0x%x) at dword %u: the kernel's ring emits it to start an IB (si_dma_ring_emit_ib, sdma_v*_ring_emit_ib); inside an IB the emulated engine does not chain",
				   vsharp_gfx_name(c->level), name, op, c->pos);
	return vsharp_fail(c->err, -EINVAL, "sdma: %s header 0x%08x at dword %u: opcode 0x%x is no packet of %s",
			   vsharp_gfx_name(c->level), h, c->pos, op, c->lv->engine);
}

static int run_packets(struct sdma_ctx *c, const uint32_t *ib, unsigned n)
{
	while (c->pos < n) {
		unsigned left = n - c->pos, len;
		int ret;

		c->dw = ib + c->pos;
		ret = find_packet(c, c->dw[0]);
		if (ret)
			return ret;
		len = c->pkt->base;
		/* The counted dwords of NOP and WRITE: the header's or the fixed dwords' COUNT. */
		if (c->pkt->counted) {
			const struct sdma_field *f = field(c, "COUNT");

			if (f && f->dw < left) {
				uint64_t k = c->dw[f->dw] >> f->shift & mask_of(f->width);

				if (c->pkt->kind == K_WRITE)
					k += c->lv->count_minus_one;
				len = (unsigned)(k + c->pkt->base < UINT32_MAX ? k + c->pkt->base : UINT32_MAX);
			}
		}
		if (len > left)
			return bad_ib(c, -EINVAL, "the packet is %u dwords, the IB has %u left", len, left);
		ret = check_fields(c);
		switch (c->pkt->kind) {
		case K_NOP:
			break;
		case K_COPY:
			ret = ret ? ret : run_copy(c);
			break;
		case K_WRITE:
			ret = ret ? ret : run_write(c);
			break;
		case K_FILL:
			ret = ret ? ret : run_fill(c);
			break;
		case K_FENCE:
			ret = ret ? ret : run_fence(c);
			break;
		case K_TRAP:
			if (!ret) {
				/* The engine raises an interrupt; recorded, nothing listens. */
				c->gpu->sdma.traps++;
				c->gpu->sdma.trap_context = get(c, "INT_CONTEXT");
			}
			break;
		case K_POLL:
			ret = ret ? ret : run_poll(c);
			break;
		}
		if (ret)
			return ret;
		c->gpu->sdma.packets++;
		c->pos += len;
	}
	return 0;
}

int vsharp_sdma_run_ib(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint64_t ib_va,
		       unsigned ib_dwords, struct vsharp_error *err)
{
	struct sdma_ctx c = { .gpu = gpu, .vm = vm, .level = gpu->cfg.level, .err = err };
	static const struct sdma_pkt ib_pkt = { ALL, 0, 0, "IB", K_NOP, 0, 0, false, 4, NULL, 0 };
	const uint8_t *p;
	int ret;

	memset(&gpu->fault, 0, sizeof(gpu->fault));
	memset(&gpu->sdma, 0, sizeof(gpu->sdma));
	gpu->outcome = VSHARP_GPU_DONE;
	c.lv = &levels[c.level];
	c.pkt = &ib_pkt;
	if (!c.lv->engine) {
		gpu->outcome = VSHARP_GPU_BAD_IB;
		return vsharp_fail(err, -ENOSYS, "sdma: %s has no emulated SDMA engine (SDMA v7 is not in Linux 6.1; allowed gfx6..gfx11)",
				   vsharp_gfx_name(c.level));
	}
	if (!ib_dwords || ib_va % 4) {
		gpu->outcome = VSHARP_GPU_BAD_IB;
		return vsharp_fail(err, -EINVAL, "sdma: IB of %u dwords at 0x%" PRIx64 " (allowed: at least 1 dword, 4-byte aligned)",
				   ib_dwords, ib_va);
	}
	p = vsharp_vm_at(vm, ib_va, 4ull * ib_dwords, VSHARP_VM_READ);
	if (!p)
		return vm_fault(&c, ib_va, 4ull * ib_dwords, VSHARP_VM_READ);
	ret = run_packets(&c, (const uint32_t *)(const void *)p, ib_dwords);
	if (ret && gpu->outcome == VSHARP_GPU_DONE)
		gpu->outcome = ret == -ETIME ? VSHARP_GPU_HANG : VSHARP_GPU_BAD_IB;
	return ret;
}

void vsharp_sdma_last_run(const struct vsharp_gpu *gpu, struct vsharp_sdma_run *run)
{
	*run = gpu->sdma;
}
