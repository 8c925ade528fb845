// SPDX-License-Identifier: MIT
/*
 * The findings of the fuzzing review (F1-F9) and of the harnesses in
 * user/fuzz, one case each, so that none comes back.  Each case is the
 * review's reproducer in the form of a direct call: an IB with the
 * reproducer's dispatch, the shader words it decoded, the probe batch or
 * model call it made.  Shader words were assembled by llvm-mc-19
 * -triple=amdgcn -mcpu=gfx900 -show-encoding (text beside each word).
 * Expected values come from the ISA and the interfaces' contracts:
 *  - s_getpc_b64 writes the address of the next instruction (Vega ISA,
 *    SOP1 S_GETPC_B64: D = PC + 4);
 *  - SMEM offsets are signed 21-bit byte offsets on GFX9 (Vega ISA, SMEM
 *    OFFSET "signed byte offset");
 *  - a work-group has at most 1024 threads (LLVM AMDGPUUsage);
 *  - a dispatch with a zero grid dimension launches no wave.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/gpu.h"
#include "vsharp/pm4.h"
#include "vsharp/probe.h"
#include "vsharp/stubs.h"
#include "emu/isa.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CODE_VA 0x10000ull
#define DATA_VA 0x20000ull
#define IB_VA 0x40000ull
#define PAGE VSHARP_VM_PAGE

/* ---- One dispatch on a fresh emulated GPU -------------------------------------- */

struct run {
	enum vsharp_gfx level;
	const uint32_t *code;
	unsigned n_code;
	unsigned vgprs;			/* VGPRs the dispatch allocates (0: 4) */
	unsigned user_sgprs;		/* 0: 2, s[0:1] = DATA_VA */
	uint32_t user[6];
	uint32_t threads[3], groups[3];
	uint64_t max_ib_instructions;	/* 0: the default */
	uint32_t prefill;		/* non-zero: a dispatch first fills every VGPR with it */
	/* Results */
	int ret;
	enum vsharp_gpu_outcome outcome;
	struct vsharp_error err;
	uint32_t data[PAGE / 4];
};

static unsigned ib_for(enum vsharp_gfx level, uint64_t pgm, unsigned vgprs, const uint32_t *user,
		       unsigned n_user, const uint32_t threads[3], const uint32_t groups[3],
		       uint32_t *ib, unsigned cap)
{
	struct vsharp_dispatch d = {
		.level = level, .pgm_va = pgm, .vgprs = vgprs, .sgprs = 16,
		.user_sgprs = n_user, .threads = { 1, 1, 1 }, .groups = { 1, 1, 1 },
		.tidig_comps = 1,
	};
	struct vsharp_ib b;
	unsigned dispatch_at = 0;

	if (n_user)
		memcpy(d.user_data, user, 4 * n_user);
	vsharp_ib_init(&b, ib, cap);
	vsharp_pm4_preamble(&b, level, NULL);
	dispatch_at = b.n;
	vsharp_pm4_dispatch(&b, &d, NULL);
	vsharp_pm4_finish(&b, NULL);
	/* Patch what the builder refuses into the registers and the packet, as a raw IB has them. */
	for (unsigned pos = dispatch_at; pos < b.n;) {
		uint32_t h = ib[pos];
		unsigned op = h >> 8 & 0xff, count = (h >> 16 & 0x3fff) + 1;

		if (op == VSHARP_PKT3_SET_SH_REG && ib[pos + 1] == VSHARP_COMPUTE_NUM_THREAD_X - VSHARP_SH_REG_BASE)
			memcpy(&ib[pos + 2], threads, 12);
		if (op == VSHARP_PKT3_DISPATCH_DIRECT)
			memcpy(&ib[pos + 1], groups, 12);
		pos += h == VSHARP_PM4_NOP1 ? 1 : 1 + count;
	}
	return b.n;
}

static void prefill(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint32_t pattern)
{
	static uint32_t code[PAGE / 4], ib[256];
	static const uint32_t one[3] = { 1, 1, 1 }, wave[3] = { 64, 1, 1 };
	unsigned n = 0, n_ib;

	for (unsigned r = 0; r < 256; r++) {
		code[n++] = 0x7e0002ffu | r << 17;	/* v_mov_b32_e32 vR, literal */
		code[n++] = pattern;
	}
	code[n++] = 0xbf810000;			/* s_endpgm */
	n_ib = ib_for(VSHARP_GFX9, 0x80000, 256, NULL, 0, wave, one, ib, 256);
	vsharp_vm_map(vm, 0x80000, PAGE, (uint8_t *)code, VSHARP_VM_READ | VSHARP_VM_EXEC, NULL);
	vsharp_vm_map(vm, 0x90000, PAGE, (uint8_t *)ib, VSHARP_VM_READ, NULL);
	vsharp_gpu_run_ib(gpu, vm, 0x90000, n_ib, NULL);
	vsharp_vm_unmap(vm, 0x80000, PAGE, NULL);
	vsharp_vm_unmap(vm, 0x90000, PAGE, NULL);
}

static void run(struct ktap *t, struct run *r)
{
	static uint32_t code[PAGE / 4], ib[256];
	static const uint32_t data_va[2] = { (uint32_t)DATA_VA, 0 };
	struct vsharp_gpu_config cfg;
	struct vsharp_gpu *gpu = NULL;
	struct vsharp_vm *vm = NULL;
	unsigned n_ib;

	memset(code, 0, sizeof(code));
	memcpy(code, r->code, 4 * r->n_code);
	n_ib = ib_for(r->level, CODE_VA, r->vgprs ? r->vgprs : 4, r->user_sgprs ? r->user : data_va,
		      r->user_sgprs ? r->user_sgprs : 2,
		      r->threads[0] ? r->threads : (const uint32_t[]){ 1, 1, 1 },
		      r->groups[0] || r->groups[1] || r->groups[2] ? r->groups : (const uint32_t[]){ 1, 1, 1 },
		      ib, 256);
	vsharp_gpu_config_default(r->level, &cfg);
	if (r->max_ib_instructions)
		cfg.max_ib_instructions = r->max_ib_instructions;
	if (!CHECK(t, vsharp_gpu_create(&cfg, &gpu, NULL) == 0) || !CHECK(t, vsharp_vm_create(&vm, NULL) == 0))
		goto out;
	if (r->prefill)
		prefill(gpu, vm, r->prefill);
	CHECK(t, vsharp_vm_map(vm, CODE_VA, PAGE, (uint8_t *)code, VSHARP_VM_READ | VSHARP_VM_EXEC, NULL) == 0);
	CHECK(t, vsharp_vm_map(vm, DATA_VA, PAGE, (uint8_t *)r->data, VSHARP_VM_READ | VSHARP_VM_WRITE, NULL) == 0);
	CHECK(t, vsharp_vm_map(vm, IB_VA, PAGE, (uint8_t *)ib, VSHARP_VM_READ, NULL) == 0);
	r->err.msg[0] = '\0';
	r->ret = vsharp_gpu_run_ib(gpu, vm, IB_VA, n_ib, &r->err);
	r->outcome = vsharp_gpu_last_outcome(gpu, NULL);
out:
	vsharp_vm_destroy(vm);
	vsharp_gpu_destroy(gpu);
}

static const uint32_t g9_endpgm[] = {
	0xbf810000,		/* s_endpgm */
};

/* ---- F1, F1b: an IB cannot start unbounded work -------------------------------- */

/* F1: DISPATCH_DIRECT 0xffffffff x 1 x 1 of an s_endpgm shader (review reproducer). */
static void test_f1_huge_grid_is_a_hang(struct ktap *t)
{
	static const uint32_t grids[][3] = {
		{ 0xffffffff, 1, 1 }, { 0xffffffff, 0xffffffff, 0xffffffff }, { 1u << 20, 2, 1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(grids); i++) {
		struct run r = { .level = VSHARP_GFX9, .code = g9_endpgm, .n_code = 1 };

		memcpy(r.groups, grids[i], sizeof(r.groups));
		run(t, &r);
		CHECK_EQ(t, r.ret, -ETIME);
		CHECK_EQ(t, r.outcome, VSHARP_GPU_HANG);
		CHECK_MSG(t, strstr(r.err.msg, "refused as a hang") != NULL, "%s", r.err.msg);
	}
}

/* F1b: a zero dimension with huge others (0, 0xffffffff, 0xffffffff) starts no wave at once. */
static void test_f1b_zero_dimension_runs_nothing(struct ktap *t)
{
	static const uint32_t store_one[] = {
		0x7e020281,		/* v_mov_b32_e32 v1, 1 */
		0x7e060280,		/* v_mov_b32_e32 v3, 0 */
		0xdc708000, 0x00000103,	/* global_store_dword v3, v1, s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	static const uint32_t grids[][3] = {
		{ 0, 0xffffffff, 0xffffffff }, { 0xffffffff, 0, 0xffffffff }, { 0xffffffff, 0xffffffff, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(grids); i++) {
		struct run r = { .level = VSHARP_GFX9, .code = store_one, .n_code = ARRAY_SIZE(store_one) };

		memcpy(r.groups, grids[i], sizeof(r.groups));
		run(t, &r);
		CHECK_EQ(t, r.ret, 0);
		CHECK_EQ(t, r.data[0], 0);
	}
}

/* F1: NUM_THREAD_X/Y/Z 0x800 each is 2^33 threads, which a 32-bit product wraps to 0. */
static void test_f1_thread_product_does_not_wrap(struct ktap *t)
{
	struct run r = { .level = VSHARP_GFX9, .code = g9_endpgm, .n_code = 1,
			 .threads = { 0x800, 0x800, 0x800 } };

	run(t, &r);
	CHECK_EQ(t, r.ret, -EPROTO);
	CHECK_MSG(t, strstr(r.err.msg, "= 8589934592 threads") != NULL, "%s", r.err.msg);
}

/* F1: a budget of instructions per IB, whatever each wave does. */
static void test_f1_ib_instruction_budget(struct ktap *t)
{
	static const uint32_t loop[] = {
		0xbf82ffff,		/* s_branch -1 */
	};
	struct run looping = { .level = VSHARP_GFX9, .code = loop, .n_code = 1,
			       .max_ib_instructions = 1000 };
	/* 64 work-groups of one 5-instruction wave: 320 instructions, under 1000 and over 300. */
	static const uint32_t five[] = {
		0xbf800000, 0xbf800000, 0xbf800000, 0xbf800000,	/* s_nop 0 */
		0xbf810000,						/* s_endpgm */
	};
	struct run many = { .level = VSHARP_GFX9, .code = five, .n_code = 5, .groups = { 64, 1, 1 },
			    .max_ib_instructions = 1000 };
	struct run over = many;

	run(t, &looping);
	CHECK_EQ(t, looping.ret, -ETIME);
	CHECK_EQ(t, looping.outcome, VSHARP_GPU_HANG);
	CHECK_MSG(t, strstr(looping.err.msg, "did not finish within 1000 instructions") != NULL, "%s",
		  looping.err.msg);
	run(t, &many);
	CHECK_EQ(t, many.ret, 0);
	over.max_ib_instructions = 300;
	run(t, &over);
	CHECK_EQ(t, over.ret, -ETIME);
}

/* ---- F2: no register state from earlier dispatches ----------------------------- */

/* The review's reproducer: global_store_dwordx4 v220, v[0:3], s[0:1] with 4 VGPRs allocated. */
static void test_f2_vgpr_past_allocation(struct ktap *t)
{
	static const uint32_t store_v220[] = {
		0xdc7c8000, 0x000000dc,	/* global_store_dwordx4 v220, v[0:3], s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	struct run a = { .level = VSHARP_GFX9, .code = store_v220, .n_code = 3, .prefill = 0x5a5a5a5a };
	struct run b = a;

	b.prefill = 0xa5a5a5a5;
	run(t, &a);
	run(t, &b);
	CHECK_EQ(t, a.ret, -EPROTO);
	CHECK_MSG(t, strstr(a.err.msg, "strict: VGPR allocation") != NULL, "%s", a.err.msg);
	CHECK_STR(t, a.err.msg, b.err.msg);
	CHECK_EQ(t, a.data[0], 0);
}

/* A D16 load keeps the other half of its register: what it holds must not come from before. */
static void test_f2_d16_half_is_not_stale(struct ktap *t)
{
	static const uint32_t d16[] = {
		0x7e040280,		/* v_mov_b32_e32 v2, 0 */
		0xe0900000, 0x80000100,	/* buffer_load_short_d16 v1, off, s[0:3], 0 */
		0xbf8c0f70,		/* s_waitcnt vmcnt(0) */
		0xdc708000, 0x00040102,	/* global_store_dword v2, v1, s[4:5] */
		0xbf810000,		/* s_endpgm */
	};
	struct vsharp_buffer b;
	uint32_t desc[4];
	struct run a = { .level = VSHARP_GFX9, .code = d16, .n_code = ARRAY_SIZE(d16), .user_sgprs = 6,
			 .prefill = 0x5a5a5a5a };
	struct run c;

	/* s[0:3] a V# over DATA_VA + 64, s[4:5] the output at DATA_VA. */
	vsharp_buffer_default(VSHARP_GFX9, &b);
	b.base = DATA_VA + 64;
	b.num_records = 64;
	CHECK(t, vsharp_desc_encode(VSHARP_GFX9, &b, desc, NULL) == 0);
	memcpy(a.user, desc, sizeof(desc));
	a.user[4] = (uint32_t)DATA_VA;
	a.user[5] = 0;
	a.data[16] = 0x1234abcd;	/* the 16-bit load reads 0xabcd */
	c = a;
	c.prefill = 0xa5a5a5a5;
	run(t, &a);
	run(t, &c);
	CHECK_MSG(t, a.ret == 0, "%s", a.err.msg);
	CHECK_EQ(t, a.data[0] & 0xffff, 0xabcd);
	CHECK_EQ(t, a.data[0], c.data[0]);
}

/* ---- F3, F4: SMEM offsets and 64-bit PC operands ------------------------------- */

/* F3: s_load_dword s2, s[0:1], -0x4 with s[0:1] = data + 0x104 reads data + 0x100. */
static void test_f3_smem_negative_offset(struct ktap *t)
{
	static const uint32_t prog[] = {
		0xc0020080, 0x001ffffc,	/* s_load_dword s2, s[0:1], -0x4 */
		0xbf8cc07f,		/* s_waitcnt lgkmcnt(0) */
		0x7e020202,		/* v_mov_b32_e32 v1, s2 */
		0x7e060280,		/* v_mov_b32_e32 v3, 0 */
		0xdc708000, 0x00000103,	/* global_store_dword v3, v1, s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	struct run r = { .level = VSHARP_GFX9, .code = prog, .n_code = ARRAY_SIZE(prog), .user_sgprs = 2,
			 .user = { (uint32_t)DATA_VA + 0x104, 0 } };

	r.data[0x100 / 4] = 0xfeedf00d;
	run(t, &r);
	CHECK_MSG(t, r.ret == 0, "%s", r.err.msg);
	CHECK_EQ(t, r.data[0x104 / 4], 0xfeedf00d);
}

/* F4: s_getpc_b64 and s_setpc_b64 on ttmp and vcc pairs use those registers. */
static void test_f4_getpc_setpc_pairs(struct ktap *t)
{
	static const uint32_t getpc_ttmp[] = {
		0xbeec1c00,		/* s_getpc_b64 ttmp[0:1] */
		0x7e02026c,		/* v_mov_b32_e32 v1, ttmp0 */
		0x7e04026d,		/* v_mov_b32_e32 v2, ttmp1 */
		0x7e060280,		/* v_mov_b32_e32 v3, 0 */
		0xdc748000, 0x00000103,	/* global_store_dwordx2 v3, v[1:2], s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	static const uint32_t getpc_vcc[] = {
		0xbeea1c00,		/* s_getpc_b64 vcc */
		0x7e02026a,		/* v_mov_b32_e32 v1, vcc_lo */
		0x7e04026b,		/* v_mov_b32_e32 v2, vcc_hi */
		0x7e060280,		/* v_mov_b32_e32 v3, 0 */
		0xdc748000, 0x00000103,	/* global_store_dwordx2 v3, v[1:2], s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	/* Jumps over an s_endpgm to a store of 7 through ttmp[2:3]. */
	static const uint32_t setpc_ttmp[] = {
		0xbeee1c00,		/* s_getpc_b64 ttmp[2:3]       (ttmp = base + 4) */
		0x806e906e,		/* s_add_u32 ttmp2, ttmp2, 16  (base + 20) */
		0x826f806f,		/* s_addc_u32 ttmp3, ttmp3, 0 */
		0xbe801d6e,		/* s_setpc_b64 ttmp[2:3] */
		0xbf810000,		/* s_endpgm                    (skipped) */
		0x7e020287,		/* v_mov_b32_e32 v1, 7         (base + 20) */
		0x7e060280,		/* v_mov_b32_e32 v3, 0 */
		0xdc708000, 0x00000103,	/* global_store_dword v3, v1, s[0:1] */
		0xbf810000,		/* s_endpgm */
	};
	struct run a = { .level = VSHARP_GFX9, .code = getpc_ttmp, .n_code = ARRAY_SIZE(getpc_ttmp) };
	struct run v = { .level = VSHARP_GFX9, .code = getpc_vcc, .n_code = ARRAY_SIZE(getpc_vcc) };
	struct run s = { .level = VSHARP_GFX9, .code = setpc_ttmp, .n_code = ARRAY_SIZE(setpc_ttmp) };

	run(t, &a);
	CHECK_MSG(t, a.ret == 0, "%s", a.err.msg);
	CHECK_EQ(t, a.data[0], (uint32_t)CODE_VA + 4);
	CHECK_EQ(t, a.data[1], 0);
	run(t, &v);
	CHECK_MSG(t, v.ret == 0, "%s", v.err.msg);
	CHECK_EQ(t, v.data[0], (uint32_t)CODE_VA + 4);
	run(t, &s);
	CHECK_MSG(t, s.ret == 0, "%s", s.err.msg);
	CHECK_EQ(t, s.data[0], 7);
}

/* ---- F5, F6, F9: the probe layer ---------------------------------------------- */

static const struct vsharp_stub *stub_named(enum vsharp_gfx level, const char *name)
{
	static struct vsharp_stub stubs[2048];
	unsigned n = vsharp_stubs(level, stubs, 2048);
	char buf[128];

	for (unsigned i = 0; i < n; i++) {
		vsharp_stub_name(level, &stubs[i], buf, sizeof(buf));
		if (!strcmp(buf, name))
			return &stubs[i];
	}
	return NULL;
}

/* A full wave loading each lane's own dword of the arena. */
static void load_wave(enum vsharp_gfx level, unsigned lanes, struct vsharp_probe_wave *w)
{
	memset(w, 0, sizeof(*w));
	w->stub = *stub_named(level, level >= VSHARP_GFX11 ? "stub_buffer_load_b32_offen" :
				     "stub_buffer_load_dword_offen");
	vsharp_buffer_default(level, &w->buf);
	w->buf.num_records = VSHARP_PROBE_ARENA;
	w->n_lanes = lanes;
	w->slot = 4;
	for (unsigned l = 0; l < lanes; l++)
		w->lane[l].voffset = 4 * l;
}

/* F5: a wave of 100 lanes with skip_memviol (review reproducer) is refused before any lane is read. */
static void test_f5_lane_count_checked_first(struct ktap *t)
{
	static struct vsharp_probe_wave w[2];
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx;
	struct vsharp_probe_counts c;
	struct vsharp_error err = { "" };

	if (!CHECK(t, vsharp_emu_open(VSHARP_GFX9, &dev, &err) == 0))
		return;
	if (CHECK(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0)) {
		load_wave(VSHARP_GFX9, 64, &w[0]);
		w[0].n_lanes = 100;
		CHECK_EQ(t, vsharp_probe_run(ctx, w, 1, true, NULL, NULL, &c, &err), -EINVAL);
		CHECK_STR(t, err.msg, "probe: wave 0 has 100 lanes (allowed 1..64 on gfx9)");
		load_wave(VSHARP_GFX9, 64, &w[0]);
		load_wave(VSHARP_GFX9, 64, &w[1]);
		w[1].n_lanes = 0;
		CHECK_EQ(t, vsharp_probe_run(ctx, w, 2, false, NULL, NULL, &c, &err), -EINVAL);
		CHECK_STR(t, err.msg, "probe: wave 1 has 0 lanes (allowed 1..64 on gfx9)");
		vsharp_probe_close(ctx);
	}
	vsharp_device_close(dev);
}

static unsigned mismatches;

static void count_mismatch(void *ctx, enum vsharp_gfx level, const struct vsharp_probe_mismatch *m)
{
	(void)ctx;
	(void)level;
	(void)m;
	mismatches++;
}

/* F6: GFX11 ds_rsub_rtn_u64 with one lane (review reproducer), and a store with 5 of 32. */
static void test_f6_partial_waves_match(struct ktap *t)
{
	static struct vsharp_probe_wave w;
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx;
	struct vsharp_probe_counts c;
	struct vsharp_error err = { "" };
	const struct vsharp_stub *rsub = stub_named(VSHARP_GFX11, "stub_ds_rsub_rtn_u64_o0_0");
	const struct vsharp_stub *store = stub_named(VSHARP_GFX11, "stub_buffer_store_b32_offen");

	if (!CHECK(t, rsub && store) || !CHECK(t, vsharp_emu_open(VSHARP_GFX11, &dev, &err) == 0))
		return;
	if (CHECK(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0)) {
		memset(&w, 0, sizeof(w));
		w.stub = *rsub;
		vsharp_buffer_default(VSHARP_GFX11, &w.buf);
		w.n_lanes = 1;
		w.lane[0].vindex = 0;
		w.lane[0].data[0] = 0x1111;
		mismatches = 0;
		CHECK_MSG(t, vsharp_probe_run(ctx, &w, 1, false, count_mismatch, NULL, &c, &err) == 0, "%s",
			  err.msg);
		CHECK_EQ(t, c.passed, 1);
		CHECK_EQ(t, c.failed, 0);
		CHECK_EQ(t, mismatches, 0);

		load_wave(VSHARP_GFX11, 5, &w);
		w.stub = *store;
		for (unsigned l = 0; l < 5; l++)
			w.lane[l].data[0] = 0xc0de0000 + l;
		mismatches = 0;
		CHECK_EQ(t, vsharp_probe_run(ctx, &w, 1, false, count_mismatch, NULL, &c, &err), 0);
		CHECK_EQ(t, c.passed, 5);
		CHECK_EQ(t, mismatches, 0);
		vsharp_probe_close(ctx);
	}
	vsharp_device_close(dev);
}

/* F9: a batch that stores outside its arena does not spoil the next batch of the context. */
static void test_f9_batches_isolated(struct ktap *t)
{
	static struct vsharp_probe_wave load, stray;
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx;
	struct vsharp_probe_counts c;
	struct vsharp_error err = { "" };

	if (!CHECK(t, vsharp_emu_open(VSHARP_GFX9, &dev, &err) == 0))
		return;
	if (CHECK(t, vsharp_probe_open(dev, VSHARP_ALIGN_UNALIGNED, &ctx, &err) == 0)) {
		load_wave(VSHARP_GFX9, 64, &load);
		CHECK_EQ(t, vsharp_probe_run(ctx, &load, 1, false, NULL, NULL, &c, &err), 0);
		CHECK_EQ(t, c.passed, 64);
		/* Every lane stores past all 512 arenas, into the guard above them. */
		load_wave(VSHARP_GFX9, 64, &stray);
		stray.stub = *stub_named(VSHARP_GFX9, "stub_buffer_store_dword_offen");
		stray.buf.num_records = 0xffffffff;
		for (unsigned l = 0; l < 64; l++) {
			stray.lane[l].voffset = VSHARP_PROBE_ARENA * VSHARP_PROBE_MAX_WAVES + 4 * l;
			stray.lane[l].data[0] = 0xffffffff;
		}
		vsharp_probe_run(ctx, &stray, 1, false, NULL, NULL, &c, &err);
		CHECK(t, c.passed < 64);
		CHECK_EQ(t, vsharp_probe_run(ctx, &load, 1, false, NULL, NULL, &c, &err), 0);
		CHECK_MSG(t, c.passed == 64, "%u passed: %s", c.passed, err.msg);
		vsharp_probe_close(ctx);
	}
	vsharp_device_close(dev);
}

/* ---- F7, F8 and the builder: refusals ------------------------------------------ */

/* F7: a GFX11 op planned on GFX10 (review reproducer "2c3a") names the op, never "(null)". */
static void test_f7_other_family_op_named(struct ktap *t)
{
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_error err = { "" };

	memset(&a, 0, sizeof(a));
	a.level = VSHARP_GFX10;
	a.op = vsharp_op_find(VSHARP_GFX11, "buffer_load_lds_u16", NULL);
	if (!CHECK(t, a.op != NULL))
		return;
	vsharp_rules_default(VSHARP_GFX10, &a.rules);
	CHECK_EQ(t, vsharp_buffer_plan(&a, &p, &err), -EINVAL);
	CHECK_STR(t, err.msg, "op: buffer_load_lds_u16 is not a buffer instruction of gfx10");
}

/* F8: GFX12 0x7dfa4747 (VOPC v_cmpx_class_f16, not implemented) and a VOP3 v_fract_f32 with modifiers it does not take are refused with nothing half-decoded. */
static void test_f8_refusal_leaves_nothing(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		uint32_t w[3];
		unsigned n;
		const char *msg;
	} cases[] = {
		{ VSHARP_GFX12, { 0x7dfa4747 }, 1,
		  "emu: gfx12: VOPC v_cmpx_class_f16 (opcode 253) is not implemented (0x7dfa4747)" },
		{ VSHARP_GFX12, { 0xd5a002ff, 0x55fce123 }, 2,
		  "emu: gfx12: VOP3 v_fract_f32_e64: NEG 0x2, ABS 0x2, OMOD 2, CLAMP 0; allowed: the modifiers the instruction takes (llvm-objdump-19 prints the word as .long) (RDNA4 ISA §7.2.2.1) (0xd5a002ff 0x55fce123)" },
	};
	static const struct emu_insn zero;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct emu_insn in;
		struct vsharp_error err = { "" };

		memset(&in, 0xff, sizeof(in));
		CHECK_EQ(t, emu_decode(cases[i].level, cases[i].w, cases[i].n, &in, &err), -EINVAL);
		CHECK_STR(t, err.msg, cases[i].msg);
		CHECK(t, !memcmp(&in, &zero, sizeof(in)));
	}
}

/* fuzz_emu_decode: a GFX11 VOPD whose X half reads the literal, two dwords given: refused, no read past them. */
static void test_vopd_literal_past_the_end(struct ktap *t)
{
	const uint32_t w[2] = { 0xca0000ff, 0x00000100 };	/* v_dual_mov_b32 v0, lit :: v_dual_add_nc_u32 */
	static const struct emu_insn zero;
	struct vsharp_error err = { "" };
	uint32_t *heap = malloc(sizeof(w));	/* exactly two dwords: AddressSanitizer sees a third */
	struct emu_insn in;

	if (!CHECK(t, heap))
		return;
	memcpy(heap, w, sizeof(w));
	memset(&in, 0xff, sizeof(in));
	CHECK_EQ(t, emu_decode(VSHARP_GFX11, heap, 2, &in, &err), -EINVAL);
	CHECK(t, !memcmp(&in, &zero, sizeof(in)));
	free(heap);
}

/* fuzz_pm4_build: threads whose 64-bit product wraps to 0 (0x20000000 x 0x2011000 x 0x41000000). */
static void test_builder_thread_counts(struct ktap *t)
{
	struct vsharp_dispatch d = {
		.level = VSHARP_GFX10_3, .pgm_va = 0x100000000ull, .vgprs = 32,
		.threads = { 0x20000000, 0x2011000, 0x41000000 }, .groups = { 1, 1, 1 },
		.tidig_comps = 1,
	};
	struct vsharp_pm4_encoded e;
	struct vsharp_error err = { "" };

	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), -EINVAL);
	CHECK_STR(t, err.msg, "threads[0]: 536870912 (allowed 1..1024)");
	d.threads[0] = 1025;
	d.threads[1] = d.threads[2] = 1;
	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), -EINVAL);
	d.threads[0] = 1024;
	CHECK_EQ(t, vsharp_pm4_encode(&d, &e, &err), 0);
}

KTAP_MAIN(KTAP_CASE(test_f1_huge_grid_is_a_hang), KTAP_CASE(test_f1b_zero_dimension_runs_nothing),
	  KTAP_CASE(test_f1_thread_product_does_not_wrap), KTAP_CASE(test_f1_ib_instruction_budget),
	  KTAP_CASE(test_f2_vgpr_past_allocation), KTAP_CASE(test_f2_d16_half_is_not_stale),
	  KTAP_CASE(test_f3_smem_negative_offset), KTAP_CASE(test_f4_getpc_setpc_pairs),
	  KTAP_CASE(test_f5_lane_count_checked_first), KTAP_CASE(test_f6_partial_waves_match),
	  KTAP_CASE(test_f9_batches_isolated), KTAP_CASE(test_f7_other_family_op_named),
	  KTAP_CASE(test_f8_refusal_leaves_nothing), KTAP_CASE(test_vopd_literal_past_the_end),
	  KTAP_CASE(test_builder_thread_counts))
