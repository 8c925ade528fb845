// SPDX-License-Identifier: MIT
/*
 * The PM4 builder: one compute dispatch per call, in the packet order of
 * Documentation/pm4.rst.  Every packet goes into a small staging buffer
 * first and reaches the caller's IB whole or not at all, so an IB that
 * overflows ends on a packet boundary.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "vsharp/pm4.h"
#include "base/util.h"
#include "hw/levels.h"


/* How a register is written. */
enum reg_kind {
	K_SH,		/* SET_SH_REG */
	K_CU,		/* CU mask: SET_SH_REG or SET_SH_REG_INDEX, per level */
	K_UCONFIG,	/* SET_UCONFIG_REG */
};

struct reg_write {
	uint16_t reg;
	uint8_t kind;
	uint32_t value;
};

/*
 * The static compute state.  SH state on a kernel compute ring survives from
 * the previous job (Mesa si_launch_grid: "skipping setting redundant
 * registers on compute queues breaks compute"), so every register a dispatch
 * depends on is written, not assumed.  Grouped by kind, ascending, so that
 * runs of consecutive registers become one packet.
 */
static const struct {
	struct reg_write w;
	uint32_t levels;
} preamble_regs[] = {
	/* [L]/[I] steps 1, 2, 9: start at 0, no scratch, no wave limits. */
	{ { VSHARP_COMPUTE_START_X, K_SH, 0 }, GFX_ALL },
	{ { VSHARP_COMPUTE_START_X + 1, K_SH, 0 }, GFX_ALL },
	{ { VSHARP_COMPUTE_START_X + 2, K_SH, 0 }, GFX_ALL },
	/*
	 * What radeonsi writes on a compute queue and a queue otherwise keeps
	 * from the previous client (si_compute.c si_emit_initial_compute_regs):
	 * COMPUTE_MAX_WAVE_ID 0x190 on GFX6; on GFX7+ the same offset is
	 * COMPUTE_PERFCOUNT_ENABLE, zeroed with COMPUTE_THREAD_TRACE_ENABLE
	 * ("Disable profiling on compute queues"; Mesa ac_cmdbuf.c's GFX12
	 * preamble zeroes PERFCOUNT_ENABLE too).
	 */
	{ { VSHARP_COMPUTE_MAX_WAVE_ID, K_SH, VSHARP_MAX_WAVE_ID_GFX6 }, GFX(6) },
	{ { VSHARP_COMPUTE_PERFCOUNT_ENABLE, K_SH, 0 }, GFX_RANGE(7, 12) },
	{ { VSHARP_COMPUTE_RESOURCE_LIMITS, K_SH, 0 }, GFX_ALL },
	{ { VSHARP_COMPUTE_TMPRING_SIZE, K_SH, 0 }, GFX_ALL },
	{ { VSHARP_COMPUTE_THREAD_TRACE_ENABLE, K_SH, 0 }, GFX_RANGE(7, 12) },
	/* GFX10+: [L] zeroes REQ_CTRL, USER_ACCUM_0..3 and CHKSUM; Mesa DISPATCH_TUNNEL. */
	{ { VSHARP_COMPUTE_REQ_CTRL, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_USER_ACCUM_0, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_USER_ACCUM_0 + 1, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_USER_ACCUM_0 + 2, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_USER_ACCUM_0 + 3, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_SHADER_CHKSUM, K_SH, 0 }, GFX_RANGE(10, 12) },
	{ { VSHARP_COMPUTE_DISPATCH_TUNNEL, K_SH, 0 }, GFX_RANGE(10, 12) },
	/*
	 * Every CU of every shader engine the level has ([L], [M] preamble).
	 * SE0..SE3 go through K_CU: SET_SH_REG_INDEX 3 only where libdrm's
	 * tests use it (GFX10/GFX11, shader_test_util.c).  SE4..SE8 are plain
	 * SET_SH_REG as Mesa writes them (ac_cmdbuf.c); no peer sends them
	 * with index 3.
	 */
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE0, K_CU, ~0u }, GFX_ALL },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE1, K_CU, ~0u }, GFX_ALL },
	/* SE2/SE3 from GFX7 (gca/gfx_7_2_d.h; Mesa si_compute.c writes them on GFX7+). */
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE2, K_CU, ~0u }, GFX_RANGE(7, 12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE3, K_CU, ~0u }, GFX_RANGE(7, 12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE8, K_SH, ~0u }, GFX(12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE4, K_SH, ~0u }, GFX_RANGE(11, 12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE4 + 1, K_SH, ~0u }, GFX_RANGE(11, 12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE4 + 2, K_SH, ~0u }, GFX_RANGE(11, 12) },
	{ { VSHARP_COMPUTE_STATIC_THREAD_MGMT_SE4 + 3, K_SH, ~0u }, GFX_RANGE(11, 12) },
	/*
	 * Work-groups per SE before the next one (bits 9:0, INTERLEAVE on
	 * GFX11, INTERLEAVE_1D on GFX12).  SH state outlives the job that
	 * wrote it, so leaving it alone would inherit the last client's value;
	 * 64 is what RADV writes on compute queues (radv_emit_compute /
	 * radv_init_compute_state) and Mesa's preamble default.
	 */
	{ { VSHARP_COMPUTE_DISPATCH_INTERLEAVE, K_SH, VSHARP_DISPATCH_INTERLEAVE }, GFX_RANGE(11, 12) },
	/* Mesa: 0 on GFX9, 0x20 on GFX10/10.3 ([L] too), not written on GFX11+. */
	{ { VSHARP_CP_COHER_START_DELAY, K_UCONFIG, 0 }, GFX(9) },
	{ { VSHARP_CP_COHER_START_DELAY, K_UCONFIG, 0x20 },
	  GFX_RANGE(10, 10_3) },
};

/* Large enough for the preamble or one dispatch of any level. */
#define STAGE_DWORDS 128

static void put(struct vsharp_ib *st, uint32_t v)
{
	/* The staging buffer is sized for the worst case; this cannot fail. */
	if (st->n < st->cap)
		st->dw[st->n++] = v;
	else
		st->overflow = true;
}

/* Writes W[0..n) as SET_*_REG packets, one per run of consecutive registers. */
static void put_regs(struct vsharp_ib *st, const struct vsharp_pm4_level *lv,
		     const struct reg_write *w, unsigned n)
{
	unsigned i = 0;

	while (i < n) {
		unsigned run = 1, op = VSHARP_PKT3_SET_SH_REG;
		uint32_t off;

		while (i + run < n && w[i + run].kind == w[i].kind &&
		       w[i + run].reg == w[i].reg + run)
			run++;
		if (w[i].kind == K_UCONFIG) {
			op = VSHARP_PKT3_SET_UCONFIG_REG;
			off = w[i].reg - VSHARP_UCONFIG_REG_BASE;
		} else {
			off = w[i].reg - VSHARP_SH_REG_BASE;
			if (w[i].kind == K_CU && lv->cu_mask_index >= 0) {
				op = VSHARP_PKT3_SET_SH_REG_INDEX;
				off |= (uint32_t)lv->cu_mask_index << 28;
			}
		}
		/* count = payload dwords - 1 = the offset dword plus RUN values, minus one */
		put(st, VSHARP_PKT3(op, run, 1));
		put(st, off);
		for (unsigned k = 0; k < run; k++)
			put(st, w[i + k].value);
		i += run;
	}
}

/* Appends the staged packets to IB whole, or sets overflow and writes nothing. */
/*
 * SURFACE_SYNC over the whole address space with the level's actions:
 * CP_COHER_CNTL, COHER_SIZE, COHER_BASE, poll interval ([Lx] gfx_v6_0.c).
 */
static void put_surface_sync(struct vsharp_ib *st, const struct vsharp_pm4_level *lv)
{
	put(st, VSHARP_PKT3(VSHARP_PKT3_SURFACE_SYNC, 3, 1));
	put(st, lv->coher_cntl);
	put(st, 0xffffffffu);
	put(st, 0);
	put(st, 0xau);
}

static int commit(struct vsharp_ib *ib, const struct vsharp_ib *st, const char *what,
		  struct vsharp_error *err)
{
	if (st->overflow || ib->n > ib->cap || st->n > ib->cap - ib->n) {
		ib->overflow = true;
		return vsharp_fail(err, -ENOSPC,
				   "ib: %s needs %u dwords, %u of %u left",
				   what, st->n, ib->n > ib->cap ? 0 : ib->cap - ib->n, ib->cap);
	}
	memcpy(ib->dw + ib->n, st->dw, st->n * sizeof(uint32_t));
	ib->n += st->n;
	return 0;
}

static const struct vsharp_pm4_level *level_info(enum vsharp_gfx level,
						 struct vsharp_error *err)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);

	if (!lv)
		vsharp_fail(err, -EINVAL,
			    "level: %s has no PM4 support (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
			    vsharp_gfx_name(level));
	return lv;
}

int vsharp_pm4_preamble(struct vsharp_ib *ib, enum vsharp_gfx level, struct vsharp_error *err)
{
	const struct vsharp_pm4_level *lv = level_info(level, err);
	struct reg_write w[ARRAY_SIZE(preamble_regs)];
	uint32_t buf[STAGE_DWORDS];
	struct vsharp_ib st;
	unsigned n = 0;

	if (!lv)
		return -EINVAL;
	vsharp_ib_init(&st, buf, STAGE_DWORDS);

	/*
	 * ACQUIRE_MEM over the whole address space: COHER_SIZE 0xffffffff,
	 * COHER_SIZE_HI 0xff (Mesa; 256-byte units), base 0, poll interval 0xA.
	 * GFX8/9 carry the actions in CP_COHER_CNTL; GFX10+ leaves that dword
	 * 0 (engine ME on a compute queue) and adds GCR_CNTL.
	 */
	if (lv->surface_sync) {
		put_surface_sync(&st, lv);
	} else {
		put(&st, VSHARP_PKT3(VSHARP_PKT3_ACQUIRE_MEM, lv->acquire_body - 1, 1));
		put(&st, lv->acquire_body == 6 ? lv->coher_cntl : 0);
		put(&st, 0xffffffffu);
		put(&st, 0xffu);
		put(&st, 0);
		put(&st, 0);
		put(&st, 0xau);
		if (lv->acquire_body == 7)
			put(&st, lv->gcr_cntl);
	}

	for (size_t i = 0; i < ARRAY_SIZE(preamble_regs); i++)
		if (preamble_regs[i].levels & VSHARP_GFX_BIT(level))
			w[n++] = preamble_regs[i].w;
	put_regs(&st, lv, w, n);
	return commit(ib, &st, "preamble", err);
}

static unsigned div_up(unsigned a, unsigned b)
{
	return (a + b - 1) / b;
}

unsigned vsharp_pm4_sgprs(enum vsharp_gfx level, const struct vsharp_target *t, unsigned next_free)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);
	unsigned n = next_free;

	if (!t)
		t = vsharp_target_of(level);
	if (!lv || !lv->sgprs_field || !t)
		return next_free;
	if (t->quirks & VSHARP_QUIRK_SGPR_INIT_BUG)
		return VSHARP_SGPR_INIT_BUG_SGPRS;
	n += lv->vcc_sgprs;
	if (t->quirks & VSHARP_QUIRK_XNACK)
		n += VSHARP_XNACK_MASK_SGPRS;
	return div_up(n, VSHARP_SGPR_ENCODE_GRANULE) * VSHARP_SGPR_ENCODE_GRANULE;
}

int vsharp_pm4_encode(const struct vsharp_dispatch *d, struct vsharp_pm4_encoded *e,
		      struct vsharp_error *err)
{
	const struct vsharp_pm4_level *lv = level_info(d->level, err);
	const char *gfx = vsharp_gfx_name(d->level);
	const struct vsharp_target *t = d->target ? d->target : vsharp_target_of(d->level);
	uint64_t items = 1;
	unsigned granule, lds, sgprs = d->sgprs, sgpr_blocks = 0;

	if (!lv)
		return -EINVAL;
	if (t && t->level != d->level)
		return vsharp_fail(err, -EINVAL, "target: %s is a %s processor, the dispatch is for %s",
				   t->name, vsharp_gfx_name(t->level), gfx);
	if (d->wave32 && !lv->wave32)
		return vsharp_fail(err, -EINVAL, "wave32: %s runs wave64 only (allowed false)", gfx);
	if (d->pgm_va & 0xff)
		return vsharp_fail(err, -EINVAL,
				   "pgm_va: 0x%" PRIx64 " is not 256-byte aligned (COMPUTE_PGM_LO holds va >> 8)",
				   d->pgm_va);
	if (d->pgm_va >> 48)
		return vsharp_fail(err, -EINVAL,
				   "pgm_va: 0x%" PRIx64 " does not fit 48 bits (allowed 0..0xffffffffff00)",
				   d->pgm_va);
	if (d->vgprs < 1 || d->vgprs > 256)
		return vsharp_fail(err, -EINVAL, "vgprs: %u (allowed 1..256)", d->vgprs);
	/* RSRC1.SGPRS is 4 bits of 8-SGPR blocks on GFX6-9; GFX10+ allocate a fixed 128. */
	if (d->sgprs > (lv->sgprs_field ? 128 : lv->sgprs_fixed))
		return vsharp_fail(err, -EINVAL, "sgprs: %u (allowed 0..%u on %s)", d->sgprs,
				   lv->sgprs_field ? 128 : lv->sgprs_fixed, gfx);
	/* The SGPR init bug: 96 whatever the shader uses, as LLVM's assembler sets it. */
	if (lv->sgprs_field && t && (t->quirks & VSHARP_QUIRK_SGPR_INIT_BUG)) {
		if (d->sgprs > VSHARP_SGPR_INIT_BUG_SGPRS)
			return vsharp_fail(err, -EINVAL,
					   "sgprs: %u (allowed 0..%u on %s, whose SGPR init bug fixes the allocation at %u: LLVM FIXED_NUM_SGPRS_FOR_INIT_BUG)",
					   d->sgprs, VSHARP_SGPR_INIT_BUG_SGPRS, t->name,
					   VSHARP_SGPR_INIT_BUG_SGPRS);
		sgprs = VSHARP_SGPR_INIT_BUG_SGPRS;
	}
	if (d->user_sgprs > 16)
		return vsharp_fail(err, -EINVAL,
				   "user_sgprs: %u (allowed 0..16, COMPUTE_USER_DATA_0..15)",
				   d->user_sgprs);
	if (d->tidig_comps < 1 || d->tidig_comps > 3)
		return vsharp_fail(err, -EINVAL, "tidig_comps: %u (allowed 1..3)", d->tidig_comps);
	if (d->lds_bytes > 65536)
		return vsharp_fail(err, -EINVAL, "lds_bytes: %u (allowed 0..65536)", d->lds_bytes);
	for (int i = 0; i < 3; i++) {
		/* Each alone first: the product of three 32-bit values can wrap. */
		if (!d->threads[i] || d->threads[i] > 1024)
			return vsharp_fail(err, -EINVAL, "threads[%d]: %u (allowed 1..1024)", i,
					   d->threads[i]);
		if (!d->groups[i])
			return vsharp_fail(err, -EINVAL, "groups[%d]: 0 (allowed 1..4294967295)", i);
		items *= d->threads[i];
	}
	if (items > 1024)
		return vsharp_fail(err, -EINVAL,
				   "threads: %ux%ux%u = %" PRIu64 " work-items (allowed 1..1024 per work-group)",
				   d->threads[0], d->threads[1], d->threads[2], items);

	e->pgm_lo = (uint32_t)(d->pgm_va >> 8);
	e->pgm_hi = (uint32_t)(d->pgm_va >> 40);

	/*
	 * VGPRS: blocks of 4 (wave64) or 8 (wave32), minus one ([LLVM] table 65).
	 * SGPRS (GFX9): blocks of 8 minus one, which the hardware rounds up to
	 * its 16-SGPR granule.  That is what llvm-mc-19 emits for gfx900 and
	 * what the peers' 0x000C0041 holds for 16 SGPRs (field 1); AMDGPUUsage's
	 * 2*max(0, ceil(n/16)-1) gives the same allocation.
	 */
	granule = d->wave32 ? 8 : 4;
	/*
	 * LDS_SIZE counts 512-byte units, but from GFX10.3 the hardware
	 * allocates 1 KiB granules (Mesa ac_gpu_info.c lds_alloc_granularity).
	 * Request what will be allocated, as Mesa's ac_shader_encode_lds_size()
	 * does, so the register says where the allocation really ends.
	 */
	lds = div_up(d->lds_bytes, lv->lds_alloc) * lv->lds_alloc;
	if (lv->sgprs_field && sgprs)
		sgpr_blocks = div_up(sgprs, VSHARP_SGPR_ENCODE_GRANULE) - 1;
	e->rsrc1 = (div_up(d->vgprs, granule) - 1) | sgpr_blocks << 6 |
		   0xc0u << 12 |			/* FLOAT_MODE: fp16/64 denormals, as the peers */
		   (lv->mem_ordered ? 1u << 30 : 0);	/* MEM_ORDERED; WGP_MODE (29) off: CU mode */
	e->rsrc2 = d->user_sgprs << 1 |
		   (d->tgid[0] ? 1u << 7 : 0) | (d->tgid[1] ? 1u << 8 : 0) |
		   (d->tgid[2] ? 1u << 9 : 0) |
		   (d->tidig_comps - 1) << 11 |
		   lds / lv->lds_encode << 15;		/* LDS_SIZE in the level's units */
	e->rsrc3 = lv->rsrc3 ? lv->rsrc3_value : 0;
	for (int i = 0; i < 3; i++)
		e->num_thread[i] = d->threads[i];
	e->initiator = VSHARP_INIT_COMPUTE_SHADER_EN | VSHARP_INIT_FORCE_START_AT_000 |
		       (lv->order_mode ? VSHARP_INIT_ORDER_MODE : 0) |
		       (d->wave32 ? VSHARP_INIT_CS_W32_EN : 0);
	return 0;
}

int vsharp_pm4_dispatch(struct vsharp_ib *ib, const struct vsharp_dispatch *d,
			struct vsharp_error *err)
{
	struct reg_write w[16 + 8];
	struct vsharp_pm4_encoded e;
	uint32_t buf[STAGE_DWORDS];
	struct vsharp_ib st;
	unsigned n = 0;
	int ret;

	ret = vsharp_pm4_encode(d, &e, err);
	if (ret)
		return ret;
	vsharp_ib_init(&st, buf, STAGE_DWORDS);

	for (int i = 0; i < 3; i++)
		w[n++] = (struct reg_write){ VSHARP_COMPUTE_NUM_THREAD_X + i, K_SH, e.num_thread[i] };
	w[n++] = (struct reg_write){ VSHARP_COMPUTE_PGM_LO, K_SH, e.pgm_lo };
	w[n++] = (struct reg_write){ VSHARP_COMPUTE_PGM_HI, K_SH, e.pgm_hi };
	w[n++] = (struct reg_write){ VSHARP_COMPUTE_PGM_RSRC1, K_SH, e.rsrc1 };
	w[n++] = (struct reg_write){ VSHARP_COMPUTE_PGM_RSRC2, K_SH, e.rsrc2 };
	if (vsharp_pm4_level(d->level)->rsrc3)
		w[n++] = (struct reg_write){ VSHARP_COMPUTE_PGM_RSRC3, K_SH, e.rsrc3 };
	for (unsigned i = 0; i < d->user_sgprs; i++)
		w[n++] = (struct reg_write){ VSHARP_COMPUTE_USER_DATA_0 + i, K_SH, d->user_data[i] };
	put_regs(&st, vsharp_pm4_level(d->level), w, n);

	put(&st, VSHARP_PKT3(VSHARP_PKT3_DISPATCH_DIRECT, 3, 1));
	for (int i = 0; i < 3; i++)
		put(&st, d->groups[i]);
	put(&st, e.initiator);
	return commit(ib, &st, "dispatch", err);
}

int vsharp_pm4_finish(struct vsharp_ib *ib, struct vsharp_error *err)
{
	uint32_t buf[8];
	struct vsharp_ib st;

	vsharp_ib_init(&st, buf, 8);
	/* Mesa and the peers pad compute IBs to 8 dwords (ib_pad_dw_mask 0x7). */
	while ((ib->n + st.n) % 8)
		put(&st, VSHARP_PM4_NOP1);
	return commit(ib, &st, "padding", err);
}

/*
 * CP DMA through L2 from GFX7 (Mesa si_cp_dma.c cp_dma_use_L2 and
 * si_emit_cp_dma: SRC_SEL and DST_SEL 3, "SRC_ADDR/DST_ADDR using L2" in
 * soc15d.h; on GFX12 the same selects mean MALL, which Mesa always sets);
 * GFX6's CP_DMA reads and writes memory around L2, which is why
 * vsharp_pm4_dispatch_done() writes L2 back there first.
 */
#define DMA_SEL_L2 3u
#define DMA_CP_SYNC (1u << 31)
#define DMA_DATA_DWORDS 7u
#define CP_DMA_DWORDS 6u

unsigned vsharp_pm4_copy_dwords(enum vsharp_gfx level, uint64_t bytes)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);
	uint64_t packets;

	if (!lv)
		return 0;
	packets = bytes ? (bytes + lv->cp_dma_max - 1) / lv->cp_dma_max : 0;
	return (unsigned)packets * (level == VSHARP_GFX6 ? CP_DMA_DWORDS : DMA_DATA_DWORDS);
}

int vsharp_pm4_dispatch_done(struct vsharp_ib *ib, enum vsharp_gfx level, struct vsharp_error *err)
{
	const struct vsharp_pm4_level *lv = level_info(level, err);
	uint32_t buf[8];
	struct vsharp_ib st;

	if (!lv)
		return -EINVAL;
	vsharp_ib_init(&st, buf, 8);
	/*
	 * CS_PARTIAL_FLUSH (event 0x07, EVENT_INDEX 4): the CP goes on once
	 * the dispatch's waves are done, what radeonsi and RADV emit for a
	 * compute write that a CP DMA then reads (si_barrier.c SI_BARRIER_SYNC_CS,
	 * radv_cs_emit_cache_flush RADV_CMD_FLAG_CS_PARTIAL_FLUSH).
	 */
	put(&st, VSHARP_PKT3(VSHARP_PKT3_EVENT_WRITE, 0, 1));
	put(&st, 0x07u | 4u << 8);
	if (lv->surface_sync) {
		/*
		 * The SURFACE_SYNC Linux ends every GFX6 job with before its fence
		 * (gfx_v6_0.c gfx_v6_0_ring_emit_fence: TCL1, TC, KCACHE and ICACHE
		 * actions), which writes L2 back and invalidates it; Mesa does
		 * the same before a GFX6 CP DMA (SI_BARRIER_INV_L2 when
		 * !cp_dma_use_L2).
		 */
		put_surface_sync(&st, lv);
	}
	return commit(ib, &st, "dispatch wait", err);
}

int vsharp_pm4_copy(struct vsharp_ib *ib, enum vsharp_gfx level, uint64_t dst, uint64_t src,
		    uint64_t bytes, bool sync, struct vsharp_error *err)
{
	const struct vsharp_pm4_level *lv = level_info(level, err);
	unsigned need = vsharp_pm4_copy_dwords(level, bytes);

	if (!lv)
		return -EINVAL;
	if (!bytes)
		return vsharp_fail(err, -EINVAL, "copy: 0 bytes (allowed 1..2^64-1; the CP does not define a 0-byte copy)");
	if ((dst | src) >> 48 || (level == VSHARP_GFX6 && (dst | src) >> 40))
		return vsharp_fail(err, -EINVAL,
				   "copy: 0x%" PRIx64 " to 0x%" PRIx64 ": addresses are %u-bit on %s",
				   src, dst, level == VSHARP_GFX6 ? 40 : 48, vsharp_gfx_name(level));
	if (ib->n > ib->cap || need > ib->cap - ib->n) {
		ib->overflow = true;
		return vsharp_fail(err, -ENOSPC, "ib: a copy of %" PRIu64 " bytes needs %u dwords, %u of %u left",
				   bytes, need, ib->n > ib->cap ? 0 : ib->cap - ib->n, ib->cap);
	}
	while (bytes) {
		uint32_t n = bytes < lv->cp_dma_max ? (uint32_t)bytes : lv->cp_dma_max;
		uint32_t cp_sync = sync && n == bytes ? DMA_CP_SYNC : 0;

		if (level == VSHARP_GFX6) {
			/* sid.h PACKET3_CP_DMA: SRC_SEL and DST_SEL 0, ENGINE 0 (ME). */
			ib->dw[ib->n++] = VSHARP_PKT3(VSHARP_PKT3_CP_DMA, 4, 1);
			ib->dw[ib->n++] = (uint32_t)src;
			ib->dw[ib->n++] = cp_sync | (uint32_t)(src >> 32);
			ib->dw[ib->n++] = (uint32_t)dst;
			ib->dw[ib->n++] = (uint32_t)(dst >> 32);
			ib->dw[ib->n++] = n;
		} else {
			ib->dw[ib->n++] = VSHARP_PKT3(VSHARP_PKT3_DMA_DATA, 5, 1);
			ib->dw[ib->n++] = cp_sync | DMA_SEL_L2 << 29 | DMA_SEL_L2 << 20;
			ib->dw[ib->n++] = (uint32_t)src;
			ib->dw[ib->n++] = (uint32_t)(src >> 32);
			ib->dw[ib->n++] = (uint32_t)dst;
			ib->dw[ib->n++] = (uint32_t)(dst >> 32);
			ib->dw[ib->n++] = n;
		}
		src += n;
		dst += n;
		bytes -= n;
	}
	return 0;
}
