// SPDX-License-Identifier: MIT
/*
 * The emulated GPU's compute queue: executes a PM4 IB in a vsharp_vm and
 * starts the waves of each DISPATCH_DIRECT.  The queue is strict: every
 * dispatch register comes from this IB (a kernel queue starts from whatever
 * the previous client left), the IB and the code must be mapped, and the
 * LDS a work-group gets is what the hardware allocates, holding what the
 * previous work-group left in it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "emu/core.h"
#include "emu/cp.h"
#include "base/util.h"
#include "hw/levels.h"

/*
 * Per level:
 *  - LDS allocation granule: Mesa ac_gpu_info.c, lds_alloc_granularity is
 *    1 KiB from GFX10.3 ("what the hardware will align the LDS size to"),
 *    the encode granule before: 512 bytes, 256 on GFX6;
 *  - instruction prefetch: Mesa ac_binary.c ac_align_shader_binary_for_prefetch,
 *    "The SQ fetches up to N cache lines of 16 dwords ahead of the PC": 3 lines
 *    from GFX10, the window's end aligned to 128 bytes from GFX11;
 *  - VGPR allocation granule (wave64, wave32): LLVM AMDGPUBaseInfo.cpp
 *    getVGPRAllocGranule, 8/16 from GFX10.3; gfx1100, gfx1101 and gfx1151
 *    allocate 12/24, but the level also holds gfx1102/gfx1103, so the
 *    smaller granule is the one every chip of the level honours;
 *  - wait counters: the ISA guides' s_waitcnt (Vega §4.4: vmcnt counts loads
 *    and stores; RDNA1-3 move stores to vscnt; RDNA4 §4.4 splits into
 *    loadcnt, storecnt, dscnt and kmcnt; RDNA3/4 LDS direct and parameter
 *    loads count in expcnt, R3 §12.2.1.2).
 */
#define WAITCNT_GCN { \
	[EMU_CNT_LOAD] = "vmcnt", [EMU_CNT_STORE] = "vmcnt", [EMU_CNT_DS] = "lgkmcnt", \
	[EMU_CNT_KM] = "lgkmcnt", [EMU_CNT_EXP] = "expcnt" }
#define WAITCNT_RDNA { \
	[EMU_CNT_LOAD] = "vmcnt", [EMU_CNT_STORE] = "vscnt", [EMU_CNT_DS] = "lgkmcnt", \
	[EMU_CNT_KM] = "lgkmcnt", [EMU_CNT_EXP] = "expcnt" }
#define WAITCNT_RDNA4 { \
	[EMU_CNT_LOAD] = "loadcnt", [EMU_CNT_STORE] = "storecnt", [EMU_CNT_DS] = "dscnt", \
	[EMU_CNT_KM] = "kmcnt", [EMU_CNT_EXP] = "expcnt" }

static const struct emu_level levels[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = {
		.lds_alloc_granule = 256,
		.prefetch_lines = 0,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 4, 4 },
		.store_cnt = EMU_CNT_LOAD,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_GCN,
	},
	[VSHARP_GFX7] = {
		.lds_alloc_granule = 512,
		.prefetch_lines = 0,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 4, 4 },
		.store_cnt = EMU_CNT_LOAD,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_GCN,
	},
	[VSHARP_GFX8] = {
		.lds_alloc_granule = 512,
		.prefetch_lines = 0,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 4, 4 },
		.store_cnt = EMU_CNT_LOAD,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_GCN,
	},
	[VSHARP_GFX9] = {
		.lds_alloc_granule = 512,
		.prefetch_lines = 0,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 4, 4 },
		.store_cnt = EMU_CNT_LOAD,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_GCN,
	},
	[VSHARP_GFX10] = {
		.lds_alloc_granule = 512,
		.prefetch_lines = 3,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 4, 8 },
		.store_cnt = EMU_CNT_STORE,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_RDNA,
	},
	[VSHARP_GFX10_3] = {
		.lds_alloc_granule = 1024,
		.prefetch_lines = 3,
		.prefetch_align = 64,
		.vgpr_alloc_granule = { 8, 16 },
		.store_cnt = EMU_CNT_STORE,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_RDNA,
	},
	[VSHARP_GFX11] = {
		.lds_alloc_granule = 1024,
		.prefetch_lines = 3,
		.prefetch_align = 128,
		.vgpr_alloc_granule = { 8, 16 },
		.store_cnt = EMU_CNT_STORE,
		.smem_cnt = EMU_CNT_DS,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_RDNA,
	},
	[VSHARP_GFX12] = {
		.lds_alloc_granule = 1024,
		.prefetch_lines = 3,
		.prefetch_align = 128,
		.vgpr_alloc_granule = { 8, 16 },
		.store_cnt = EMU_CNT_STORE,
		.smem_cnt = EMU_CNT_KM,
		.ds_cnt = EMU_CNT_DS,
		.cnt_name = WAITCNT_RDNA4,
	},
};

#undef WAITCNT_GCN
#undef WAITCNT_RDNA
#undef WAITCNT_RDNA4

const struct emu_level *emu_level(enum vsharp_gfx level)
{
	/* Levels without a row have no emulated GPU. */
	if ((unsigned)level >= VSHARP_GFX_COUNT || !levels[level].lds_alloc_granule)
		return NULL;
	return &levels[level];
}

void vsharp_gpu_config_default(enum vsharp_gfx level, struct vsharp_gpu_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->level = level;
	cfg->vmid = 1;
	cfg->align = VSHARP_ALIGN_UNALIGNED;
	cfg->lds_per_cu = 65536;
	cfg->max_wave_instructions = 1000000;
	cfg->max_waves = 1u << 20;
	cfg->max_ib_instructions = 100000000;
}

/* What a CU's LDS holds before anyone wrote it: not zeroes. */
static void poison(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(0xa5 ^ (i * 0x9e3779b1u >> 13));
}

int vsharp_gpu_create(const struct vsharp_gpu_config *cfg, struct vsharp_gpu **out,
		      struct vsharp_error *err)
{
	struct vsharp_gpu *gpu;

	*out = NULL;
	if (!emu_level(cfg->level))
		return vsharp_fail(err, -EINVAL, "emu: %s has no emulated GPU (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
				   vsharp_gfx_name(cfg->level));
	if (cfg->lds_per_cu < 1024 || cfg->lds_per_cu > (1u << 20) || cfg->lds_per_cu % 1024)
		return vsharp_fail(err, -EINVAL, "emu: lds_per_cu %u (allowed 1024..1048576 in KiB steps)",
				   cfg->lds_per_cu);
	if (!cfg->vmid || cfg->vmid > 15)
		return vsharp_fail(err, -EINVAL, "emu: vmid %u (allowed 1..15)", cfg->vmid);
	if (!cfg->max_wave_instructions || !cfg->max_waves || !cfg->max_ib_instructions)
		return vsharp_fail(err, -EINVAL, "emu: max_wave_instructions, max_waves and max_ib_instructions must be at least 1");
	gpu = calloc(1, sizeof(*gpu));
	if (!gpu)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	gpu->lds = malloc(cfg->lds_per_cu);
	if (!gpu->lds) {
		free(gpu);
		return vsharp_fail(err, -ENOMEM, "emu: no memory for %u bytes of LDS", cfg->lds_per_cu);
	}
	if (emu_cp_regs_init(gpu)) {
		emu_cp_regs_free(gpu);
		free(gpu->lds);
		free(gpu);
		return vsharp_fail(err, -ENOMEM, "emu: no memory for the register file");
	}
	poison(gpu->lds, cfg->lds_per_cu);
	gpu->cfg = *cfg;
	gpu->facts = emu_level(cfg->level);
	vsharp_rules_default(cfg->level, &gpu->rules);
	*out = gpu;
	return 0;
}

void vsharp_gpu_destroy(struct vsharp_gpu *gpu)
{
	if (!gpu)
		return;
	emu_cp_regs_free(gpu);
	free(gpu->lds);
	free(gpu);
}

const struct vsharp_gpu_config *vsharp_gpu_config(const struct vsharp_gpu *gpu)
{
	return &gpu->cfg;
}

void vsharp_gpu_set_align_mode(struct vsharp_gpu *gpu, enum vsharp_align_mode mode)
{
	gpu->cfg.align = mode;
}

void vsharp_gpu_set_vmid(struct vsharp_gpu *gpu, unsigned vmid)
{
	gpu->cfg.vmid = vmid;
}

enum vsharp_gpu_outcome vsharp_gpu_last_outcome(const struct vsharp_gpu *gpu,
						struct vsharp_gpu_fault *fault)
{
	if (fault)
		*fault = gpu->fault;
	return gpu->outcome;
}

int emu_vm_fault(struct emu_wave *w, uint64_t va, unsigned n, unsigned perms,
		 struct vsharp_error *err)
{
	struct vsharp_gpu *gpu = w->gpu;
	uint64_t start, size, bad;
	unsigned have = 0;
	bool mapped;

	/* Name the page that lacks the mapping, not the access's first byte. */
	if (n && vsharp_vm_check(w->vm, va, n, perms, &bad) == -EFAULT)
		va = bad;
	mapped = !vsharp_vm_lookup(w->vm, va, &start, &size, &have);
	const char *what = perms & VSHARP_VM_EXEC ? "instruction fetch" :
			   perms & VSHARP_VM_WRITE ? "write" : "read";

	gpu->outcome = VSHARP_GPU_VM_FAULT;
	gpu->fault.va = va;
	gpu->fault.write = perms & VSHARP_VM_WRITE;
	gpu->fault.exec = perms & VSHARP_VM_EXEC;
	gpu->fault.mapped = mapped;
	/* The first two lines as amdgpu's gmc_v9/v10/v11/v12 interrupt handlers print them. */
	return vsharp_fail(err, -EFAULT,
			   "[gfxhub] page fault (src_id:0 ring:0 vmid:%u pasid:%u)\n"
			   "  in page starting at address 0x%016" PRIx64 " from client 0x1b (UTCL2)\n"
			   "  %s of %u bytes at 0x%" PRIx64 ": %s (wave pc 0x%" PRIx64 ", %s)",
			   gpu->cfg.vmid, gpu->cfg.pasid, va & ~(uint64_t)(VSHARP_VM_PAGE - 1), what,
			   n, va,
			   !mapped ? "no mapping" :
			   perms & VSHARP_VM_EXEC ? "mapped without AMDGPU_VM_PAGE_EXECUTABLE" :
			   perms & VSHARP_VM_WRITE ? "mapped without AMDGPU_VM_PAGE_WRITEABLE" :
			   "mapped without AMDGPU_VM_PAGE_READABLE",
			   w->pc, vsharp_gfx_name(w->level));
}

int emu_strict(struct emu_wave *w, struct vsharp_error *err, const char *fmt, ...)
{
	char body[440];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	if (w)
		w->gpu->outcome = VSHARP_GPU_STRICT;
	return vsharp_fail(err, -EPROTO, "strict: %s", body);
}

/* A queue-level strict error (no wave yet). */
static int queue_strict(struct vsharp_gpu *gpu, struct vsharp_error *err, const char *msg)
{
	gpu->outcome = VSHARP_GPU_STRICT;
	return vsharp_fail(err, -EPROTO, "strict: %s", msg);
}

static unsigned round_up(unsigned v, unsigned granule)
{
	return (v + granule - 1) / granule * granule;
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* What the dispatch put into a wave's registers, as LLVM AMDGPUUsage lists it. */
static void init_wave(struct emu_wave *w, const struct vsharp_dispatch_state *st,
		      const uint32_t gid[3], unsigned first, unsigned threads)
{
	const struct vsharp_pm4_level *facts = vsharp_pm4_level(w->level);
	unsigned tx = st->threads[0], ty = st->threads[1];
	unsigned s = st->user_sgprs, tid_regs;

	memcpy(w->sgpr, st->user_data, sizeof(uint32_t) * st->user_sgprs);
	if (facts->tgid_ttmp) {
		/* Architected SGPRs: ttmp9 = x, ttmp7 = y | z << 16. */
		w->ttmp[9] = gid[0];
		w->ttmp[7] = gid[1] | gid[2] << 16;
		w->ttmp_set = 1u << 9 | 1u << 7;
	} else {
		for (unsigned i = 0; i < 3; i++)
			if (st->tgid[i])
				w->sgpr[s++] = gid[i];
	}
	/* A USER_DATA register the IB never wrote leaves its SGPR unset (wave.c names it). */
	for (unsigned i = 0; i < s; i++)
		if (i >= st->user_sgprs || (st->user_data_written >> i & 1))
			w->sgpr_set[i / 64] |= 1ull << (i % 64);
	tid_regs = facts->packed_tid ? 1 : st->tidig_comps;
	for (unsigned l = 0; l < w->lanes && first + l < threads; l++) {
		unsigned t = first + l, x = t % tx, y = t / tx % ty, z = t / tx / ty;

		w->exec |= 1ull << l;
		/* Packed work-item ids in v0 (LLVM AMDGPUUsage) on GFX11+. */
		if (facts->packed_tid) {
			w->vgpr[0][l] = x | y << 10 | z << 20;
		} else {
			w->vgpr[0][l] = x;
			if (st->tidig_comps > 1)
				w->vgpr[1][l] = y;
			if (st->tidig_comps > 2)
				w->vgpr[2][l] = z;
		}
	}
	for (unsigned r = 0; r < tid_regs && r < w->vgprs_alloc; r++)
		w->vgpr_set[r] = w->exec;
	w->dispatch = st;
}

void emu_init_desc(const struct emu_wave *w, char *buf, size_t n)
{
	const struct vsharp_dispatch_state *st = w->dispatch;
	int len = snprintf(buf, n, "USER_SGPR %u", st->user_sgprs);

	if (!vsharp_pm4_level(w->level)->tgid_ttmp && len > 0 && (size_t)len < n)
		snprintf(buf + len, n - len, ", TGID_X/Y/Z_EN %u/%u/%u",
			 st->tgid[0], st->tgid[1], st->tgid[2]);
}

/*
 * On silicon a wave's VGPRs hold whatever the SIMD last held there.  Reads
 * of a register nobody wrote are a strict error (emu/wave.c), but a D16
 * load keeps the other half of its register, so that garbage can reach a
 * result: make it a pattern of the register and lane, the same every time.
 */
static uint32_t vgpr_poison[EMU_MAX_VGPRS][EMU_MAX_LANES];
static once_flag vgpr_poison_once = ONCE_FLAG_INIT;

static void make_vgpr_poison(void)
{
	for (unsigned r = 0; r < EMU_MAX_VGPRS; r++)
		for (unsigned l = 0; l < EMU_MAX_LANES; l++)
			vgpr_poison[r][l] = 0xdead0000u | r << 8 | l;
}

/* Copied from a table made once: computing the pattern for every wave cost ~1 % of a run. */
static void poison_vgprs(struct vsharp_gpu *gpu, unsigned n, unsigned lanes)
{
	call_once(&vgpr_poison_once, make_vgpr_poison);
	if (lanes == EMU_MAX_LANES) {
		memcpy(gpu->vgpr, vgpr_poison, n * sizeof(vgpr_poison[0]));
		return;
	}
	for (unsigned r = 0; r < n; r++)
		memcpy(gpu->vgpr[r], vgpr_poison[r], lanes * sizeof(vgpr_poison[r][0]));
}

/*
 * The MODE register a wave starts with (LLVM AMDGPUUsage compute_pgm_rsrc1):
 * FLOAT_MODE [19:12] is MODE's FP_ROUND and FP_DENORM [7:0], DX10_CLAMP
 * bit 21 MODE bit 8, IEEE_MODE bit 23 MODE bit 9.
 */
static uint32_t initial_mode(uint32_t rsrc1)
{
	return (rsrc1 >> 12 & 0xff) | (rsrc1 >> 21 & 1) << 8 | (rsrc1 >> 23 & 1) << 9;
}

static int run_dispatch(struct vsharp_gpu *gpu, struct vsharp_vm *vm,
			const struct vsharp_dispatch_state *st, uint32_t rsrc1, struct vsharp_error *err)
{
	enum vsharp_gfx level = gpu->cfg.level;
	/* WGP_MODE is RSRC1 bit 29 from GFX10 (Mesa sid.h S_00B848_WGP_MODE). */
	bool wgp_mode = level >= VSHARP_GFX10 && rsrc1 >> 29 & 1;
	unsigned wave = st->wave32 ? 32 : 64;
	/* NUM_THREAD_X/Y/Z are 16 bits each: 64 bits hold the product, 32 do not. */
	uint64_t threads = (uint64_t)st->threads[0] * st->threads[1] * st->threads[2];
	uint64_t waves = mul_sat(mul_sat(mul_sat(st->groups[0], st->groups[1]), st->groups[2]),
				 (threads + wave - 1) / wave);
	unsigned lds_alloc = round_up(st->lds_bytes, gpu->facts->lds_alloc_granule);
	unsigned started = 0;
	struct emu_wave *w;
	char msg[400];
	int ret = 0;

	if (st->vgprs_alloc > EMU_MAX_VGPRS) {
		snprintf(msg, sizeof(msg), "VGPR allocation: COMPUTE_PGM_RSRC1 allocates %u VGPRs, a %s wave%u has at most %u (LLVM AMDGPUUsage, compute_pgm_rsrc1 GRANULATED_WORKITEM_VGPR_COUNT)",
			 st->vgprs_alloc, vsharp_gfx_name(level), wave, EMU_MAX_VGPRS);
		return queue_strict(gpu, err, msg);
	}
	if (threads > 1024) {
		snprintf(msg, sizeof(msg), "work-group size: COMPUTE_NUM_THREAD_X*Y*Z = %" PRIu64 " threads, a work-group has at most 1024 (LLVM AMDGPUUsage, 'Kernel Dispatch')",
			 threads);
		return queue_strict(gpu, err, msg);
	}
	if (lds_alloc > gpu->cfg.lds_per_cu) {
		snprintf(msg, sizeof(msg), "LDS allocation: COMPUTE_PGM_RSRC2.LDS_SIZE asks for %u bytes, the CU has %u: the work-group can never launch and the queue hangs",
			 lds_alloc, gpu->cfg.lds_per_cu);
		gpu->outcome = VSHARP_GPU_HANG;
		return vsharp_fail(err, -ETIME, "strict: %s", msg);
	}
	if (waves > gpu->cfg.max_waves - gpu->ib_waves) {
		gpu->outcome = VSHARP_GPU_HANG;
		return vsharp_fail(err, -ETIME, "emu: DISPATCH_DIRECT of %u x %u x %u work-groups is %" PRIu64 " waves, past the %" PRIu64 " the emulated queue runs per IB (%" PRIu64 " already ran): refused as a hang",
				   st->groups[0], st->groups[1], st->groups[2], waves, gpu->cfg.max_waves,
				   gpu->ib_waves);
	}
	/* A grid with a zero dimension starts no wave. */
	if (!waves)
		return 0;
	gpu->ib_waves += waves;
	gpu->stats.dispatches++;
	/* Cleared whole once; each wave clears what it must (struct emu_wave). */
	w = calloc(1, sizeof(*w));
	if (!w)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	for (uint32_t gz = 0; gz < st->groups[2] && !ret; gz++)
	for (uint32_t gy = 0; gy < st->groups[1] && !ret; gy++)
	for (uint32_t gx = 0; gx < st->groups[0] && !ret; gx++) {
		const uint32_t gid[3] = { gx, gy, gz };

		for (unsigned first = 0; first < threads && !ret; first += wave) {
			memset(w, 0, offsetof(struct emu_wave, pend));
			w->hazards_go_on = started++ > 0;
			w->gpu = gpu;
			w->vm = vm;
			w->level = level;
			w->lanes = wave;
			w->vgpr = gpu->vgpr;
			w->pc = st->pgm_va;
			memcpy(w->group, gid, sizeof(w->group));
			w->first_thread = first;
			w->wgp_mode = wgp_mode;
			w->mode = initial_mode(rsrc1);
			w->group_waves = (unsigned)((threads + wave - 1) / wave);
			/* The allocation as rounded, at the start of the CU's LDS, never cleared. */
			w->lds.bytes = lds_alloc ? gpu->lds : NULL;
			w->lds.size = lds_alloc;
			w->sgprs_alloc = st->sgprs_alloc < EMU_MAX_SGPRS ? st->sgprs_alloc : EMU_MAX_SGPRS;
			/* The hardware rounds the encoded count up to its allocation granule. */
			w->vgprs_alloc = round_up(st->vgprs_alloc, gpu->facts->vgpr_alloc_granule[wave == 32]);
			if (w->vgprs_alloc > EMU_MAX_VGPRS)
				w->vgprs_alloc = EMU_MAX_VGPRS;
			memset(w->vgpr_set, 0, w->vgprs_alloc * sizeof(w->vgpr_set[0]));
			/* A wave reads no lane past its size. */
			poison_vgprs(gpu, w->vgprs_alloc, wave);
			init_wave(w, st, gid, first, (unsigned)threads);
			gpu->stats.waves++;
			ret = emu_wave_run(w, err);
		}
	}
	free(w);
	return ret;
}

/*
 * DISPATCH_INITIATOR.ORDER_MODE (bit 6) is a field from GFX7: radeonsi sets
 * S_00B800_ORDER_MODE(sctx->gfx_level >= GFX7) (si_compute.c), and Linux's
 * SI headers (sid.h) define no ORDER_MODE for COMPUTE_DISPATCH_INITIATOR.
 */
#define ORDER_MODE_LEVELS GFX_RANGE(7, 12)

/*
 * What the dispatch state must hold on this GPU's processor besides what
 * the dispatch reads (vsharp_pm4_dispatch_state): ORDER_MODE only where it
 * exists, and the SGPR init bug's fixed 96.  The profiling state radeonsi
 * writes on every compute queue (COMPUTE_MAX_WAVE_ID on GFX6,
 * PERFCOUNT_ENABLE and THREAD_TRACE_ENABLE from GFX7) changes no result:
 * vsharp's IBs write it, a client may leave it (libdrm's tests do).
 */
static int check_dispatch(struct vsharp_gpu *gpu, const struct vsharp_compute_regs *regs,
			  const struct vsharp_dispatch_state *st, struct vsharp_error *err)
{
	enum vsharp_gfx level = gpu->cfg.level;
	const struct vsharp_target *t = gpu->cfg.target ? gpu->cfg.target : vsharp_target_of(level);
	char msg[400];

	if ((st->initiator & VSHARP_INIT_ORDER_MODE) && !(ORDER_MODE_LEVELS & VSHARP_GFX_BIT(level))) {
		snprintf(msg, sizeof(msg), "DISPATCH_INITIATOR: bit 6 (ORDER_MODE) set in 0x%08x on %s, where it is no field: radeonsi sets ORDER_MODE only from GFX7 (si_compute.c S_00B800_ORDER_MODE(gfx_level >= GFX7)), Linux sid.h has none for SI",
			 st->initiator, vsharp_gfx_name(level));
		return queue_strict(gpu, err, msg);
	}
	if (t && (t->quirks & VSHARP_QUIRK_SGPR_INIT_BUG) && st->sgprs_alloc != VSHARP_SGPR_INIT_BUG_SGPRS) {
		uint32_t rsrc1 = regs->sh[VSHARP_COMPUTE_PGM_RSRC1 - VSHARP_SH_REG_BASE];

		snprintf(msg, sizeof(msg), "SGPR init bug: %s allocates %u SGPRs (COMPUTE_PGM_RSRC1.SGPRS %u), and its SGPR initialisation needs exactly %u (SGPRS %u): LLVM AMDGPU.td FeatureSGPRInitBug, AMDGPUBaseInfo.h FIXED_NUM_SGPRS_FOR_INIT_BUG",
			 t->name, st->sgprs_alloc, rsrc1 >> 6 & 0xf, VSHARP_SGPR_INIT_BUG_SGPRS,
			 VSHARP_SGPR_INIT_BUG_SGPRS / VSHARP_SGPR_ENCODE_GRANULE - 1);
		return queue_strict(gpu, err, msg);
	}
	return 0;
}

static int run_dispatch_packet(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt,
			       struct vsharp_error *err)
{
	struct vsharp_gpu *gpu = cp->gpu;
	struct vsharp_dispatch_state st;
	int ret;

	ret = vsharp_pm4_dispatch_state(gpu->cfg.level, &cp->regs, pkt, &st, err);
	if (ret == -ENOENT) {
		char msg[sizeof(err->msg)];

		/* Keep the register's name, drop what does not fit. */
		snprintf(msg, sizeof(msg), "%.300s", err ? err->msg : "a register was never written");
		gpu->outcome = VSHARP_GPU_STRICT;
		return vsharp_fail(err, -EPROTO, "strict: dispatch state: %s; a kernel compute queue keeps the previous client's values (Mesa si_compute.c: every command buffer rewrites its compute state)",
				   msg);
	}
	if (!ret) {
		uint32_t rsrc1 = cp->regs.sh[VSHARP_COMPUTE_PGM_RSRC1 - VSHARP_SH_REG_BASE];

		ret = check_dispatch(gpu, &cp->regs, &st, err);
		if (!ret)
			ret = run_dispatch(gpu, cp->vm, &st, rsrc1, err);
	}
	return ret;
}

/*
 * SET_BASE (Linux sid.h/cikd.h/vid.h/soc15d.h/nvd.h PACKET3_SET_BASE 0x11):
 * BASE_INDEX in body dword 0, the 64-bit address in dwords 1 and 2.  Index 1
 * is the dispatch indirect base radeonsi (si_compute.c) and radv
 * (radv_cmd_buffer.c) set before a DISPATCH_INDIRECT; the headers name
 * 2 (GDS_PARTITION_BASE) and 3 (CE_PARTITION_BASE), which are not emulated.
 */
#define SET_BASE_DISPATCH_INDIRECT 1

static int run_set_base(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt,
			struct vsharp_error *err)
{
	if (pkt->n_body != 3)
		return emu_cp_bad(cp, err, "%u body dwords (allowed 3: BASE_INDEX, ADDRESS_LO, ADDRESS_HI)",
				  pkt->n_body);
	if ((pkt->body[0] & 0xf) != SET_BASE_DISPATCH_INDIRECT)
		return emu_cp_refuse(cp, err, "BASE_INDEX %u: only 1, the dispatch indirect base, is emulated (2 GDS_PARTITION_BASE, 3 CE_PARTITION_BASE are not)",
				     pkt->body[0] & 0xf);
	cp->dispatch_base = pkt->body[1] | (uint64_t)pkt->body[2] << 32;
	cp->dispatch_base_set = true;
	return 0;
}

/*
 * DISPATCH_INDIRECT (PACKET3_DISPATCH_INDIRECT 0x16) as radeonsi and radv
 * emit it after SET_BASE index 1: DATA_OFFSET, DISPATCH_INITIATOR.  The CP
 * reads the group counts x, y, z, three dwords, at base + DATA_OFFSET and
 * dispatches as DISPATCH_DIRECT does.  The form with a 64-bit address of
 * its own (3 body dwords, radv on a compute queue) is not emulated.
 */
static int run_dispatch_indirect(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt,
				 struct vsharp_error *err)
{
	struct vsharp_pm4_packet direct = *pkt;
	uint32_t body[4];
	uint64_t va;
	int ret;

	if (pkt->n_body == 3)
		return emu_cp_refuse(cp, err, "3 body dwords (ADDRESS_LO, ADDRESS_HI, DISPATCH_INITIATOR): the form with its own address is not emulated; use SET_BASE BASE_INDEX 1 and DATA_OFFSET, DISPATCH_INITIATOR");
	if (pkt->n_body != 2)
		return emu_cp_bad(cp, err, "%u body dwords (allowed 2: DATA_OFFSET, DISPATCH_INITIATOR)",
				  pkt->n_body);
	if (!cp->dispatch_base_set)
		return emu_cp_strict(cp, err, "no SET_BASE BASE_INDEX 1 (dispatch indirect base) earlier in this IB: the base a kernel queue holds is the previous client's (radeonsi si_compute.c sets it before every DISPATCH_INDIRECT)");
	va = cp->dispatch_base + pkt->body[0];
	if (va % 4)
		return emu_cp_bad(cp, err, "base 0x%" PRIx64 " + DATA_OFFSET 0x%x = 0x%" PRIx64 " (allowed: 4-byte aligned, the counts are dwords)",
				  cp->dispatch_base, pkt->body[0], va);
	ret = emu_cp_read(cp, va, body, 12, err);
	if (ret)
		return ret;
	body[3] = pkt->body[1];
	direct.opcode = VSHARP_PKT3_DISPATCH_DIRECT;
	direct.body = body;
	direct.n_body = 4;
	return run_dispatch_packet(cp, &direct, err);
}

static int run_nop(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	(void)err;
	struct vsharp_gpu *gpu = cp->gpu;

	/* The client's word that its LDS direct/parameter loads are a pixel wave's. */
	if (pkt->n_body == 1 && pkt->body[0] == VSHARP_GPU_NOP_PIXEL_LDS)
		gpu->pixel_lds = true;
	/* Its word on which code only copies its own data; a malformed one is a plain NOP. */
	if (pkt->n_body && pkt->body[0] == VSHARP_GPU_NOP_COPY_RANGES && pkt->n_body % 4 == 1 &&
	    pkt->n_body <= 1 + 4 * VSHARP_GPU_COPY_RANGES) {
		gpu->n_copy_ranges = pkt->n_body / 4;
		for (unsigned i = 0; i < gpu->n_copy_ranges; i++)
			for (unsigned k = 0; k < 2; k++)
				gpu->copy_range[i][k] = pkt->body[1 + 4 * i + 2 * k] |
							(uint64_t)pkt->body[2 + 4 * i + 2 * k] << 32;
	}
	return 0;
}

static int run_cache(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	/* Cache actions: the emulator's memory is always coherent. */
	(void)cp;
	(void)pkt;
	(void)err;
	return 0;
}

#define Q_COMPUTE (1u << VSHARP_QUEUE_COMPUTE)
#define Q_GFX (1u << VSHARP_QUEUE_GFX)
#define Q_BOTH (Q_COMPUTE | Q_GFX)
#define Q_CE (1u << VSHARP_QUEUE_GFX_CE)

/*
 * The packets the emulated CP runs, on which queues (Documentation/emulator.rst
 * "The command processor"; the levels a packet exists on are checked by
 * its handler, which names the packet the level has instead).  COND_EXEC
 * and INDIRECT_BUFFER steer the walk itself (run_ib below).
 */
static const struct cp_packet {
	uint8_t opcode;
	uint8_t queues;
	int (*run)(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
} cp_packets[] = {
	{ VSHARP_PKT3_NOP, Q_BOTH | Q_CE, run_nop },
	{ VSHARP_PKT3_DISPATCH_DIRECT, Q_BOTH, run_dispatch_packet },
	{ VSHARP_PKT3_SET_BASE, Q_BOTH, run_set_base },
	{ VSHARP_PKT3_DISPATCH_INDIRECT, Q_BOTH, run_dispatch_indirect },
	{ VSHARP_PKT3_WRITE_DATA, Q_BOTH, emu_cp_write_data },
	{ VSHARP_PKT3_WAIT_REG_MEM, Q_BOTH, emu_cp_wait_reg_mem },
	{ VSHARP_PKT3_COPY_DATA, Q_BOTH, emu_cp_copy_data },
	{ VSHARP_PKT3_CP_DMA, Q_BOTH, emu_cp_cp_dma },
	{ VSHARP_PKT3_SURFACE_SYNC, Q_BOTH, run_cache },
	{ VSHARP_PKT3_EVENT_WRITE, Q_BOTH, emu_cp_event_write },
	{ VSHARP_PKT3_EVENT_WRITE_EOP, Q_BOTH, emu_cp_event_write_eop },
	{ VSHARP_PKT3_RELEASE_MEM, Q_BOTH, emu_cp_release_mem },
	{ VSHARP_PKT3_DMA_DATA, Q_BOTH, emu_cp_dma_data },
	{ VSHARP_PKT3_ACQUIRE_MEM, Q_BOTH, run_cache },
	{ VSHARP_PKT3_SET_CONFIG_REG, Q_GFX, emu_cp_set_reg },
	{ VSHARP_PKT3_SET_CONTEXT_REG, Q_GFX, emu_cp_set_reg },
	{ VSHARP_PKT3_SET_SH_REG, Q_BOTH, emu_cp_set_reg },
	{ VSHARP_PKT3_SET_UCONFIG_REG, Q_BOTH, emu_cp_set_reg },
	{ VSHARP_PKT3_SET_SH_REG_INDEX, Q_BOTH, emu_cp_set_reg },
	{ VSHARP_PKT3_CONTEXT_CONTROL, Q_GFX, emu_cp_context_control },
	{ VSHARP_PKT3_CLEAR_STATE, Q_GFX, emu_cp_clear_state },
	{ VSHARP_PKT3_PFP_SYNC_ME, Q_GFX, emu_cp_pfp_sync_me },
	/* The CE/DE counters (emu/cp_ce.c): each handler checks its engine. */
	{ VSHARP_PKT3_SET_CE_DE_COUNTERS, Q_GFX | Q_CE, emu_cp_set_ce_de_counters },
	{ VSHARP_PKT3_INCREMENT_CE_COUNTER, Q_GFX | Q_CE, emu_cp_increment_ce_counter },
	{ VSHARP_PKT3_INCREMENT_DE_COUNTER, Q_GFX | Q_CE, emu_cp_increment_de_counter },
	{ VSHARP_PKT3_WAIT_ON_CE_COUNTER, Q_GFX | Q_CE, emu_cp_wait_on_ce_counter },
	{ VSHARP_PKT3_WAIT_ON_DE_COUNTER_DIFF, Q_GFX | Q_CE, emu_cp_wait_on_de_counter_diff },
	{ VSHARP_PKT3_SWITCH_BUFFER, Q_GFX | Q_CE, emu_cp_switch_buffer },
};

/* The draws (Linux soc15d.h/nvd.h PACKET3_DRAW_*): refused on the GFX queue as such. */
static bool is_draw(unsigned opcode)
{
	static const uint8_t draws[] = { 0x24, 0x25, 0x26, 0x27, 0x2c, 0x2d, 0x2e, 0x30, 0x35, 0x36,
					 0x38, 0x3a };

	for (size_t i = 0; i < ARRAY_SIZE(draws); i++)
		if (draws[i] == opcode)
			return true;
	return false;
}

static int refuse_packet(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const char *name = vsharp_pm4_opcode_name(pkt->opcode);
	const char *q = cp->queue == VSHARP_QUEUE_GFX ? "GFX" : "compute";

	cp->gpu->outcome = VSHARP_GPU_BAD_IB;
	if (cp->queue == VSHARP_QUEUE_GFX_CE)
		return vsharp_fail(err, -ENOSYS, "emu: PM4 packet %s (opcode 0x%02x) at dword %u of an AMDGPU_IB_FLAG_CE IB: the emulated constant engine runs NOP, SET_CE_DE_COUNTERS, INCREMENT_CE_COUNTER, WAIT_ON_DE_COUNTER_DIFF and SWITCH_BUFFER only (its constant RAM packets and IB calls are not emulated)",
				   name ? name : "unknown", pkt->opcode, pkt->offset);
	if (cp->queue == VSHARP_QUEUE_GFX && is_draw(pkt->opcode))
		return vsharp_fail(err, -ENOSYS, "emu: PM4 packet %s (opcode 0x%02x) at dword %u: draws are not emulated",
				   name ? name : "DRAW", pkt->opcode, pkt->offset);
	return vsharp_fail(err, -ENOSYS, "emu: PM4 packet %s (opcode 0x%02x) at dword %u is not supported by the emulated %s queue",
			   name ? name : "unknown", pkt->opcode, pkt->offset, q);
}

/* IB_CONTROL of INDIRECT_BUFFER: IB_SIZE [19:0], CHAIN [20] (Mesa sid.h S_3F2_*), VMID [27:24]. */
#define IB_SIZE(c) ((c) & 0xfffffu)
#define IB_CHAIN(c) ((c) >> 20 & 1)

/* The IB's dwords, readable: its host copy, or a VM fault. */
static int fetch_ib(struct emu_cp *cp, uint64_t va, unsigned n, const uint32_t **out,
		    struct vsharp_error *err)
{
	const uint8_t *p;

	if (!n || va % 4)
		return emu_cp_bad(cp, err, "IB of %u dwords at 0x%" PRIx64 " (allowed: at least 1 dword, 4-byte aligned)",
				  n, va);
	p = vsharp_vm_at(cp->vm, va, 4ull * n, VSHARP_VM_READ);
	if (!p)
		return emu_cp_fault(cp, va, 4ull * n, VSHARP_VM_READ, err);
	*out = (const uint32_t *)(const void *)p;
	return 0;
}

/*
 * Runs the IB of N dwords at VA as IB level LEVEL: 1 the submitted IB, 2 an
 * IB it calls.  The CP fetches from two IB levels (its IB1 and IB2 fetch
 * registers, Linux gc_9_0_offset.h/gc_10_1_0_offset.h mmCP_IB1_BASE_LO and
 * mmCP_IB2_BASE_LO, and no third): an IB2 cannot call an IB3.  A chained
 * INDIRECT_BUFFER (CHAIN 1) replaces the rest of the running IB at its
 * level; Mesa's winsys chains IBs from GFX7 (amdgpu_cs.c has_chaining).
 */
static int run_ib(struct emu_cp *cp, uint64_t va, unsigned n, unsigned level,
		  struct vsharp_error *err)
{
	const uint32_t *dw;
	struct vsharp_pm4_packet pkt;
	unsigned pos = 0;
	int more, ret;

	ret = fetch_ib(cp, va, n, &dw, err);
	if (ret)
		return ret;
	for (;;) {
		const struct cp_packet *k = NULL;

		cp->ib_va = va;
		cp->ib_level = level;
		cp->pkt = NULL;
		more = vsharp_pm4_next(dw, n, &pos, &pkt, err);
		if (more <= 0)
			return more;
		if (pkt.type != 3)
			continue;
		cp->pkt = &pkt;
		if (++cp->packets > EMU_CP_MAX_PACKETS)
			return emu_cp_hang(cp, err, "the IB ran %u packets, chained IBs included: the emulated CP stops there, as a job that never ends",
					   EMU_CP_MAX_PACKETS);
		if (cp->queue == VSHARP_QUEUE_GFX_CE && (pkt.opcode == VSHARP_PKT3_COND_EXEC ||
							 pkt.opcode == VSHARP_PKT3_INDIRECT_BUFFER))
			return refuse_packet(cp, &pkt, err);
		if (pkt.opcode == VSHARP_PKT3_COND_EXEC) {
			/*
			 * COND_EXEC (0x22): GPU_ADDR_LO, GPU_ADDR_HI, TEST_VALUE (0),
			 * EXEC_COUNT: when the dword at the address is 0 the CP skips the
			 * next EXEC_COUNT dwords (Linux gfx_v9_0.c
			 * gfx_v9_0_ring_emit_init_cond_exec "discard following DWs if
			 * *cond_exec_gpu_addr==0"; the same on gfx_v8_0.c, gfx_v10_0.c,
			 * gfx_v11_0.c).  GFX6's has no TEST_VALUE dword (Mesa radv_cs.h
			 * radv_emit_cond_exec).
			 */
			unsigned want = cp->level == VSHARP_GFX6 ? 3 : 4;
			uint64_t addr;
			uint32_t v, count;

			if (pkt.n_body != want)
				return emu_cp_bad(cp, err, "a body of %u dwords (allowed %u on %s: GPU_ADDR_LO, GPU_ADDR_HI,%s EXEC_COUNT)",
						  pkt.n_body, want, vsharp_gfx_name(cp->level),
						  want == 4 ? " TEST_VALUE," : "");
			if (want == 4 && pkt.body[2])
				return emu_cp_refuse(cp, err, "TEST_VALUE 0x%x: only 0 (skip when the dword is 0, as Linux emits it) is emulated",
						     pkt.body[2]);
			addr = (uint64_t)pkt.body[1] << 32 | pkt.body[0];
			count = pkt.body[want - 1];
			if (addr & 3)
				return emu_cp_strict(cp, err, "GPU_ADDR 0x%" PRIx64 " is not dword-aligned", addr);
			ret = emu_cp_read(cp, addr, &v, 4, err);
			if (ret)
				return ret;
			if (v)
				continue;
			if (count > n - pos)
				return emu_cp_strict(cp, err, "EXEC_COUNT %u skips past the end of the IB (%u dwords follow the packet): the CP would skip into memory that is not this IB",
						     count, n - pos);
			pos += count;
			continue;
		}
		if (pkt.opcode == VSHARP_PKT3_INDIRECT_BUFFER) {
			uint64_t ib;
			uint32_t ctl;

			if (pkt.n_body != 3)
				return emu_cp_bad(cp, err, "a body of %u dwords (allowed 3: IB_BASE_LO, IB_BASE_HI, IB_CONTROL)",
						  pkt.n_body);
			ctl = pkt.body[2];
			/* IB_BASE_LO [31:2]; SWAP [1:0] (Mesa sid.h, the printer's "SWAP s"). */
			if (pkt.body[0] & 3)
				return emu_cp_refuse(cp, err, "IB_BASE_LO SWAP %u: byte-swapped IBs are not emulated",
						     pkt.body[0] & 3);
			ib = (uint64_t)(pkt.body[1] & 0xffff) << 32 | pkt.body[0];
			if (IB_CHAIN(ctl)) {
				if (cp->level == VSHARP_GFX6)
					return emu_cp_refuse(cp, err, "CHAIN 1 on GFX6: Mesa's winsys chains IBs from GFX7 only (amdgpu_cs.c has_chaining)");
				n = IB_SIZE(ctl);
				va = ib;
				pos = 0;
				ret = fetch_ib(cp, va, n, &dw, err);
				if (ret)
					return ret;
				continue;
			}
			if (level >= 2)
				return emu_cp_strict(cp, err, "an INDIRECT_BUFFER in an IB2 calls an IB3: the CP fetches from two IB levels only (its IB1 and IB2 registers, Linux gc_9_0_offset.h mmCP_IB1_BASE_LO, mmCP_IB2_BASE_LO)");
			ret = run_ib(cp, ib, IB_SIZE(ctl), level + 1, err);
			if (ret)
				return ret;
			continue;
		}
		for (size_t i = 0; i < ARRAY_SIZE(cp_packets); i++)
			if (cp_packets[i].opcode == pkt.opcode && cp_packets[i].queues & 1u << cp->queue)
				k = &cp_packets[i];
		ret = k ? k->run(cp, &pkt, err) : refuse_packet(cp, &pkt, err);
		if (ret)
			return ret;
	}
}

int vsharp_gpu_run_ib(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint64_t ib_va,
		      unsigned ib_dwords, struct vsharp_error *err)
{
	return vsharp_gpu_run_ib_on(gpu, vm, VSHARP_QUEUE_COMPUTE, ib_va, ib_dwords, err);
}

/*
 * The SH registers a queue's IBs wrote so far in one job.  Linux 6.1
 * amdgpu_ib_schedule() puts a job's IBs on the ring back to back, so what
 * one IB writes holds in the next (RADV 22.3 submits its preamble as the
 * first IB, the command buffer as the second); between jobs other clients'
 * IBs run on the queue, so nothing carries over from one job to the next.
 */
struct job_regs {
	struct vsharp_compute_regs regs;
	bool dispatch_base_set;
	uint64_t dispatch_base;
};

/*
 * One IB of a job; CE_FOLLOWS, DE_FOLLOWS: a later IB of the job runs on
 * the CE, on the DE.  JOB: the registers the job's earlier IBs on this
 * queue left, updated when the IB ends.
 */
static int run_one(struct vsharp_gpu *gpu, struct vsharp_vm *vm, const struct vsharp_gpu_ib *ib,
		   bool ce_follows, bool de_follows, struct job_regs *job, struct vsharp_error *err)
{
	int ret;

	memset(&gpu->fault, 0, sizeof(gpu->fault));
	gpu->outcome = VSHARP_GPU_DONE;
	gpu->ib_waves = gpu->ib_instructions = 0;
	gpu->pixel_lds = false;
	gpu->n_copy_ranges = 0;
	if (ib->queue != VSHARP_QUEUE_COMPUTE && ib->queue != VSHARP_QUEUE_GFX &&
	    ib->queue != VSHARP_QUEUE_GFX_CE)
		ret = vsharp_fail(err, -EINVAL, "emu: queue %d (allowed VSHARP_QUEUE_COMPUTE 0, VSHARP_QUEUE_GFX 1, VSHARP_QUEUE_GFX_CE 2)",
				  (int)ib->queue);
	else if (ib->queue == VSHARP_QUEUE_GFX_CE && gpu->cfg.level >= VSHARP_GFX11)
		ret = vsharp_fail(err, -EINVAL, "emu: queue VSHARP_QUEUE_GFX_CE on %s, which has no constant engine (Linux 6.1 gfx_v11_0.c gfx_v11_0_ring_emit_ib_gfx calls an AMDGPU_IB_FLAG_CE IB as a plain INDIRECT_BUFFER: run it on VSHARP_QUEUE_GFX)",
				  vsharp_gfx_name(gpu->cfg.level));
	else if (!ib->dwords || ib->va % 4)
		ret = vsharp_fail(err, -EINVAL, "emu: IB of %u dwords at 0x%" PRIx64 " (allowed: at least 1 dword, 4-byte aligned)",
				  ib->dwords, ib->va);
	else if (!vsharp_vm_at(vm, ib->va, 4ull * ib->dwords, VSHARP_VM_READ)) {
		struct emu_wave none = { .gpu = gpu, .vm = vm, .level = gpu->cfg.level };

		ret = emu_vm_fault(&none, ib->va, 4 * ib->dwords, VSHARP_VM_READ, err);
	} else {
		struct emu_cp *cp = calloc(1, sizeof(*cp));

		if (!cp) {
			ret = vsharp_fail(err, -ENOMEM, "emu: out of memory");
		} else {
			cp->gpu = gpu;
			cp->vm = vm;
			cp->queue = ib->queue;
			cp->level = gpu->cfg.level;
			cp->ce_follows = ce_follows;
			cp->de_follows = de_follows;
			cp->regs = job->regs;
			cp->dispatch_base_set = job->dispatch_base_set;
			cp->dispatch_base = job->dispatch_base;
			ret = run_ib(cp, ib->va, ib->dwords, 1, err);
			job->regs = cp->regs;
			job->dispatch_base_set = cp->dispatch_base_set;
			job->dispatch_base = cp->dispatch_base;
			free(cp);
		}
	}
	if (ret && gpu->outcome == VSHARP_GPU_DONE)
		gpu->outcome = ret == -ETIME ? VSHARP_GPU_HANG : VSHARP_GPU_BAD_IB;
	return ret;
}

int vsharp_gpu_run_ib_on(struct vsharp_gpu *gpu, struct vsharp_vm *vm, enum vsharp_gpu_queue queue,
			 uint64_t ib_va, unsigned ib_dwords, struct vsharp_error *err)
{
	struct vsharp_gpu_ib ib = { queue, ib_va, ib_dwords };
	struct job_regs *job = calloc(1, sizeof(*job));
	int ret;

	if (!job)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	ret = run_one(gpu, vm, &ib, false, false, job, err);
	free(job);
	return ret;
}

int vsharp_gpu_run_job(struct vsharp_gpu *gpu, struct vsharp_vm *vm,
		       const struct vsharp_gpu_ib *ibs, unsigned n, struct vsharp_error *err)
{
	/* One register set per queue: the CE and the DE of a GFX job are two engines. */
	struct job_regs *job = calloc(VSHARP_QUEUE_GFX_CE + 1, sizeof(*job));
	int ret = 0;

	if (!job)
		return vsharp_fail(err, -ENOMEM, "emu: out of memory");
	for (unsigned i = 0; i < n && !ret; i++) {
		bool ce = false, de = false;

		for (unsigned k = i + 1; k < n; k++) {
			ce |= ibs[k].queue == VSHARP_QUEUE_GFX_CE;
			de |= ibs[k].queue == VSHARP_QUEUE_GFX;
		}
		ret = run_one(gpu, vm, &ibs[i], ce, de,
			      &job[ibs[i].queue <= VSHARP_QUEUE_GFX_CE ? ibs[i].queue : 0], err);
	}
	free(job);
	return ret;
}
