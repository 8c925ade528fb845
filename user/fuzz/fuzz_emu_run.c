// SPDX-License-Identifier: MIT
/*
 * The emulated GPU (gpu.h) running fuzzed shaders and IBs, with explicit
 * bounds: at most 3 000 instructions per wave, 64 waves and 12 000
 * instructions per IB (vsharp_gpu_config), so a looping shader or a huge
 * grid ends as a hang report instead of running for ever.  Three modes:
 *  0. a fuzzed shader and an IB the PM4 builder makes from fuzzed dispatch
 *     parameters (up to 64x2x2 threads, 2x2x2 groups, s[0:1] the data
 *     buffer, s[2:3] the code);
 *  1. a fuzzed shader and a fuzzed raw IB;
 *  2. the level's probe shader on a fuzzed case table (V#, soffset, M0, stub
 *     offset, lanes), as `vsharp run` feeds it.
 * Code (RX), data (RW, 24 KiB) and the IB (R) each have their own pages.
 *
 * Every input runs twice, each time on a fresh GPU whose VGPR file an
 * earlier dispatch filled with a different pattern.  Invariants:
 *  - both runs end the same way, with the same report and the same data:
 *    no register state leaks from an earlier dispatch;
 *  - the result is 0 or the errno of its outcome (-EFAULT VM fault,
 *    -ETIME hang, -EPROTO strict rule, -EINVAL/-ERANGE/-ENOSYS bad IB), with a
 *    report that formats no NULL string;
 *  - no IB executes more instructions or waves than the bounds allow.
 *
 * Input: level, mode, alignment mode, VMID, then the mode's values.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emu/core.h"
#include "fuzz.h"
#include "vsharp/pm4.h"
#include "vsharp/shaders.h"
#include "vsharp/stubs.h"

#define CODE_VA 0x100000ull
#define CODE_BYTES (5 * VSHARP_VM_PAGE)		/* 4096 dwords and the prefetch window */
#define DATA_VA 0x200000ull
#define DATA_BYTES (6 * VSHARP_VM_PAGE)		/* two wave records and one arena */
#define ARENA (2 * VSHARP_WAVE_RECORD)
#define IB_VA 0x300000ull
#define IB_DWORDS 1024u
#define IB_BYTES (IB_DWORDS * 4)
#define FILL_CODE_VA 0x400000ull
#define FILL_IB_VA 0x500000ull
#define MAX_CODE (CODE_BYTES / 4 - 64)

#define MAX_WAVE_INSNS 3000u
#define MAX_WAVES 64u
#define MAX_IB_INSNS 12000u

enum mode { M_BUILT, M_RAW, M_PROBE, M_COUNT };

struct fuzz_case {
	enum vsharp_gfx level;
	enum vsharp_align_mode align;
	unsigned vmid;
	uint32_t code[CODE_BYTES / 4];
	unsigned n_code;
	uint32_t ib[IB_DWORDS];
	unsigned n_ib;
	uint8_t data[DATA_BYTES];
};

struct result {
	int ret;
	enum vsharp_gpu_outcome outcome;
	struct vsharp_error err;
	uint8_t data[DATA_BYTES];
	uint64_t instructions, waves;
};

static const enum vsharp_gfx levels[] = {
	VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
	/* Last, so that the checked-in corpus keeps naming the same levels. */
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8,
};

/* An IB the builder makes: fails the harness if the builder refuses a valid dispatch. */
static unsigned build_ib(const struct vsharp_dispatch *d, uint32_t *ib)
{
	struct vsharp_error err = { "" };
	struct vsharp_ib b;

	vsharp_ib_init(&b, ib, IB_DWORDS);
	if (vsharp_pm4_preamble(&b, d->level, &err) || vsharp_pm4_dispatch(&b, d, &err) ||
	    vsharp_pm4_finish(&b, &err))
		fuzz_fail("builder: %s", err.msg);
	return b.n;
}

/* Fills every VGPR of every lane with PATTERN: the state an earlier client leaves. */
static void prefill(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint32_t pattern)
{
	static uint32_t code[VSHARP_VM_PAGE / 4], ib[IB_DWORDS];
	struct vsharp_dispatch d = {
		.level = vsharp_gpu_config(gpu)->level, .pgm_va = FILL_CODE_VA, .vgprs = 256,
		.threads = { 64, 1, 1 }, .groups = { 1, 1, 1 }, .tidig_comps = 1,
	};
	struct vsharp_error err = { "" };
	unsigned n = 0, n_ib;

	for (unsigned r = 0; r < EMU_MAX_VGPRS; r++) {
		code[n++] = 0x7e0002ffu | r << 17;	/* v_mov_b32_e32 vR, literal (VOP1, all levels) */
		code[n++] = pattern;
	}
	code[n++] = d.level >= VSHARP_GFX11 ? 0xbfb00000u : 0xbf810000u;	/* s_endpgm */
	n_ib = build_ib(&d, ib);
	if (vsharp_vm_map(vm, FILL_CODE_VA, VSHARP_VM_PAGE, (uint8_t *)code, VSHARP_VM_READ | VSHARP_VM_EXEC, &err) ||
	    vsharp_vm_map(vm, FILL_IB_VA, IB_BYTES, (uint8_t *)ib, VSHARP_VM_READ, &err) ||
	    vsharp_gpu_run_ib(gpu, vm, FILL_IB_VA, n_ib, &err))
		fuzz_fail("prefill on %s: %s", vsharp_gfx_name(d.level), err.msg);
	vsharp_vm_unmap(vm, FILL_CODE_VA, VSHARP_VM_PAGE, NULL);
	vsharp_vm_unmap(vm, FILL_IB_VA, IB_BYTES, NULL);
}

static void run(const struct fuzz_case *c, uint32_t pattern, struct result *r)
{
	struct vsharp_gpu_config cfg;
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	struct vsharp_error err = { "" };
	uint8_t *code = calloc(1, CODE_BYTES), *ib = calloc(1, IB_BYTES);

	memset(r, 0, sizeof(*r));
	vsharp_gpu_config_default(c->level, &cfg);
	cfg.align = c->align;
	cfg.vmid = c->vmid;
	cfg.max_wave_instructions = MAX_WAVE_INSNS;
	cfg.max_waves = MAX_WAVES;
	cfg.max_ib_instructions = MAX_IB_INSNS;
	if (!code || !ib || vsharp_gpu_create(&cfg, &gpu, &err) || vsharp_vm_create(&vm, &err))
		fuzz_fail("set-up: %s", err.msg);
	prefill(gpu, vm, pattern);
	memcpy(code, c->code, 4 * c->n_code);
	memcpy(ib, c->ib, 4 * c->n_ib);
	memcpy(r->data, c->data, DATA_BYTES);
	if (vsharp_vm_map(vm, CODE_VA, CODE_BYTES, code, VSHARP_VM_READ | VSHARP_VM_EXEC, &err) ||
	    vsharp_vm_map(vm, DATA_VA, DATA_BYTES, r->data, VSHARP_VM_READ | VSHARP_VM_WRITE, &err) ||
	    vsharp_vm_map(vm, IB_VA, IB_BYTES, ib, VSHARP_VM_READ, &err))
		fuzz_fail("map: %s", err.msg);
	gpu->stats.instructions = gpu->stats.waves = 0;
	r->ret = vsharp_gpu_run_ib(gpu, vm, IB_VA, c->n_ib ? c->n_ib : 1, &r->err);
	r->outcome = vsharp_gpu_last_outcome(gpu, NULL);
	r->instructions = gpu->stats.instructions;
	r->waves = gpu->stats.waves;
	vsharp_vm_destroy(vm);
	vsharp_gpu_destroy(gpu);
	free(code);
	free(ib);
}

static void check(const struct fuzz_case *c, const struct result *r)
{
	static const struct {
		int ret;
		enum vsharp_gpu_outcome outcome;
	} allowed[] = {
		{ 0, VSHARP_GPU_DONE }, { -EFAULT, VSHARP_GPU_VM_FAULT }, { -ETIME, VSHARP_GPU_HANG },
		{ -EPROTO, VSHARP_GPU_STRICT }, { -EINVAL, VSHARP_GPU_BAD_IB },
		{ -ERANGE, VSHARP_GPU_BAD_IB }, { -ENOSYS, VSHARP_GPU_BAD_IB },
		{ -EACCES, VSHARP_GPU_PRIV_REG },
	};
	bool ok = false;

	for (size_t i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		ok |= allowed[i].ret == r->ret && allowed[i].outcome == r->outcome;
	if (!ok)
		fuzz_fail("%s: vsharp_gpu_run_ib returned %d with outcome %d: %s",
			  vsharp_gfx_name(c->level), r->ret, r->outcome, r->err.msg);
	if (r->ret)
		fuzz_check_error("vsharp_gpu_run_ib", r->ret, &r->err);
	/* The instruction that breaks the budget is fetched, not executed. */
	if (r->instructions > MAX_IB_INSNS || r->waves > MAX_WAVES)
		fuzz_fail("%s: the IB ran %llu instructions in %llu waves (bounds %u, %u)",
			  vsharp_gfx_name(c->level), (unsigned long long)r->instructions,
			  (unsigned long long)r->waves, MAX_IB_INSNS, MAX_WAVES);
}

static void built(struct fuzz_case *c, struct fuzz_in *in)
{
	struct vsharp_dispatch d;

	memset(&d, 0, sizeof(d));
	d.level = c->level;
	d.pgm_va = CODE_VA;
	d.wave32 = c->level >= VSHARP_GFX10 && fuzz_bool(in);
	d.vgprs = 1 + fuzz_below(in, 256);
	d.sgprs = fuzz_below(in, 105);
	d.user_sgprs = fuzz_below(in, 17);
	d.user_data[0] = (uint32_t)DATA_VA;
	d.user_data[1] = 0;
	d.user_data[2] = (uint32_t)CODE_VA;
	d.user_data[3] = 0;
	for (unsigned i = 4; i < 16; i++)
		d.user_data[i] = fuzz_u32(in);
	d.lds_bytes = fuzz_below(in, 65537);
	d.threads[0] = 1 + fuzz_below(in, 64);
	d.threads[1] = 1 + fuzz_below(in, 2);
	d.threads[2] = 1 + fuzz_below(in, 2);
	for (int i = 0; i < 3; i++) {
		d.groups[i] = 1 + fuzz_below(in, 2);
		d.tgid[i] = fuzz_bool(in);
	}
	d.tidig_comps = 1 + fuzz_below(in, 3);
	c->n_ib = build_ib(&d, c->ib);
	c->n_code = fuzz_dwords(in, c->code, MAX_CODE);
}

static void raw(struct fuzz_case *c, struct fuzz_in *in)
{
	unsigned n = 1 + fuzz_below(in, IB_DWORDS);

	c->n_ib = 0;
	while (c->n_ib < n && in->n >= 4)
		c->ib[c->n_ib++] = fuzz_u32(in);
	c->n_code = fuzz_dwords(in, c->code, MAX_CODE);
}

/* The probe shader with wave records as Documentation/run.rst lays them out. */
static void probe(struct fuzz_case *c, struct fuzz_in *in)
{
	const struct vsharp_shader *sh = vsharp_shader_for(c->level, NULL);
	bool wave32 = c->level >= VSHARP_GFX10;
	unsigned waves = 1 + fuzz_below(in, 2), lanes = wave32 ? 32 : 64;
	struct vsharp_stub stubs[2048];
	unsigned n_stubs = vsharp_stubs(c->level, stubs, 2048);
	struct vsharp_dispatch d = {
		.level = c->level, .pgm_va = CODE_VA, .vgprs = VSHARP_SHADER_VGPRS,
		.sgprs = VSHARP_SHADER_SGPRS, .wave32 = wave32, .user_sgprs = 2,
		.user_data = { (uint32_t)DATA_VA, 0 }, .lds_bytes = 1024,
		.threads = { lanes, 1, 1 }, .groups = { waves, 1, 1 }, .tgid = { true },
		.tidig_comps = 1,
	};
	uint32_t base;

	if (!sh || vsharp_shader_symbol(sh, "stub_base", &base, NULL))
		fuzz_fail("no probe shader for %s", vsharp_gfx_name(c->level));
	memcpy(c->code, sh->code, 4 * sh->n_words);
	c->n_code = sh->n_words;
	c->n_ib = build_ib(&d, c->ib);
	for (unsigned w = 0; w < waves; w++) {
		uint8_t *rec = c->data + w * VSHARP_WAVE_RECORD;
		uint32_t hdr[8];
		char name[128];

		for (unsigned k = 0; k < 8; k++)
			hdr[k] = fuzz_u32(in);
		/* Mostly a V# whose base lies in the arena, and a real stub. */
		if (!(fuzz_u8(in) & 0x80)) {
			uint64_t va = DATA_VA + ARENA + (hdr[0] & 0xfff);

			hdr[0] = (uint32_t)va;
			hdr[1] = (hdr[1] & 0xffff0000u) | (uint32_t)(va >> 32);
		}
		if (n_stubs && !(fuzz_u8(in) & 0x80)) {
			uint32_t at;

			vsharp_stub_name(c->level, &stubs[hdr[6] % n_stubs], name, sizeof(name));
			if (!vsharp_shader_symbol(sh, name, &at, NULL))
				hdr[6] = at - base;
		}
		for (unsigned k = 0; k < 8; k++)
			memcpy(rec + 4 * k, &hdr[k], 4);
		for (unsigned b = 32; b < VSHARP_WAVE_RECORD && in->n; b++)
			rec[b] = fuzz_u8(in);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_case c;
	static struct result a, b;
	struct fuzz_in in = { data, size };

	memset(&c, 0, sizeof(c));
	c.level = levels[fuzz_below(&in, sizeof(levels) / sizeof(levels[0]))];
	enum mode m = (enum mode)fuzz_below(&in, M_COUNT);
	c.align = (enum vsharp_align_mode)fuzz_below(&in, VSHARP_ALIGN_COUNT);
	c.vmid = 1 + fuzz_below(&in, 15);
	if (m == M_BUILT)
		built(&c, &in);
	else if (m == M_RAW)
		raw(&c, &in);
	else
		probe(&c, &in);
	run(&c, 0x5a5a5a5au, &a);
	check(&c, &a);
	run(&c, 0xa5a5a5a5u, &b);
	if (a.ret != b.ret || strcmp(a.err.msg, b.err.msg) || memcmp(a.data, b.data, DATA_BYTES))
		fuzz_fail("%s: the result depends on what an earlier dispatch left in the VGPRs: %d \"%s\" vs %d \"%s\"%s",
			  vsharp_gfx_name(c.level), a.ret, a.err.msg, b.ret, b.err.msg,
			  memcmp(a.data, b.data, DATA_BYTES) ? ", data differs" : "");
	return 0;
}

/* Seeds per level: the probe shader built and raw, and probe cases over the first stubs. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[96];

	for (unsigned li = 0; li < sizeof(levels) / sizeof(levels[0]); li++) {
		enum vsharp_gfx l = levels[li];
		const struct vsharp_shader *sh = vsharp_shader_for(l, NULL);
		struct vsharp_dispatch d = {
			.level = l, .pgm_va = CODE_VA, .vgprs = VSHARP_SHADER_VGPRS,
			.sgprs = VSHARP_SHADER_SGPRS, .wave32 = l >= VSHARP_GFX10, .user_sgprs = 2,
			.user_data = { (uint32_t)DATA_VA, 0 }, .lds_bytes = 1024,
			.threads = { l >= VSHARP_GFX10 ? 32 : 64, 1, 1 }, .groups = { 1, 1, 1 },
			.tgid = { true }, .tidig_comps = 1,
		};
		uint32_t ib[IB_DWORDS];
		unsigned n_ib = build_ib(&d, ib);

		/* Mode 0 with the probe shader's own register budget. */
		fuzz_put_u8(&s, (uint8_t)li);
		fuzz_put_u8(&s, M_BUILT);
		fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
		fuzz_put_u8(&s, 0);
		fuzz_put_u8(&s, d.wave32);
		fuzz_put_u8(&s, VSHARP_SHADER_VGPRS - 1);
		fuzz_put_u8(&s, VSHARP_SHADER_SGPRS);
		fuzz_put_u8(&s, 2);
		for (unsigned i = 4; i < 16; i++)
			fuzz_put_u32(&s, 0);
		fuzz_put_u16(&s, 1024);
		fuzz_put_u8(&s, (uint8_t)(d.threads[0] - 1));
		fuzz_put_u8(&s, 0);
		fuzz_put_u8(&s, 0);
		for (int i = 0; i < 3; i++) {
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, i == 0);
		}
		fuzz_put_u8(&s, 0);
		for (unsigned k = 0; k < sh->n_words && k < 2048; k++)
			fuzz_put_u32(&s, sh->code[k]);
		snprintf(name, sizeof(name), "built-%s", vsharp_gfx_name(l));
		fuzz_seed_write(&s, name);

		/* Mode 1: the same IB as raw dwords. */
		fuzz_put_u8(&s, (uint8_t)li);
		fuzz_put_u8(&s, M_RAW);
		fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
		fuzz_put_u8(&s, 0);
		fuzz_put_u16(&s, (uint16_t)(n_ib - 1));
		for (unsigned k = 0; k < n_ib; k++)
			fuzz_put_u32(&s, ib[k]);
		for (unsigned k = 0; k < sh->n_words && k < 2048; k++)
			fuzz_put_u32(&s, sh->code[k]);
		snprintf(name, sizeof(name), "raw-%s", vsharp_gfx_name(l));
		fuzz_seed_write(&s, name);

		/* Mode 2: one wave on stub k, a buffer over the arena, lane inputs 0..3. */
		for (unsigned k = 0; k < 8; k++) {
			struct vsharp_buffer b;
			uint32_t desc[4];

			vsharp_buffer_default(l, &b);
			b.num_records = 4096;
			if (vsharp_desc_encode(l, &b, desc, NULL))
				fuzz_fail("default V# of %s", vsharp_gfx_name(l));
			fuzz_put_u8(&s, (uint8_t)li);
			fuzz_put_u8(&s, M_PROBE);
			fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			for (unsigned i = 0; i < 4; i++)
				fuzz_put_u32(&s, desc[i]);
			fuzz_put_u32(&s, 0);
			fuzz_put_u32(&s, 0xffffffff);
			fuzz_put_u32(&s, k * 37);
			fuzz_put_u32(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			for (unsigned b2 = 32; b2 < 1088 + 64 * 4; b2++)
				fuzz_put_u8(&s, b2 >= 1088 ? (uint8_t)((b2 - 1088) / 4) : 0);
			snprintf(name, sizeof(name), "probe-%s-%u", vsharp_gfx_name(l), k);
			fuzz_seed_write(&s, name);
		}
	}
}
