// SPDX-License-Identifier: MIT
/*
 * The probe layer on the emulated device, as `vsharp run` uses it per
 * batch: vsharp_probe_open (one context per level and alignment mode, kept
 * across inputs as a suite keeps it across batches) and vsharp_probe_run
 * with 1..3 fuzzed waves: a stub of the level, a V# encoded from a fuzzed
 * meaning or raw, soffset, M0, lane count (past the wave size included),
 * arena slot per lane, lane inputs, skip_memviol.  Invariants:
 *  - a wave of more lanes than the wave size, or none, is refused with
 *    -EINVAL before anything reads its lanes;
 *  - the device matches the model lane by lane, partial waves included,
 *    in every batch where the model sees no lane leave its wave's arena;
 *  - batches are isolated: after any batch, a fixed control batch on the
 *    same context passes every lane;
 *  - a refused batch says why without formatting a NULL string.
 *
 * Input: level, alignment mode, skip_memviol, wave count, then per wave
 * the stub, V#, offsets, lane count, slot and lanes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vsharp/emu.h"
#include "vsharp/probe.h"

static const enum vsharp_gfx levels[] = {
	VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
	/* Last, so that the checked-in corpus keeps naming the same levels. */
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8,
};
#define N_LEVELS (sizeof(levels) / sizeof(levels[0]))
#define MAX_STUBS 2048

struct level_state {
	struct vsharp_device *dev;
	struct vsharp_probe_ctx *ctx[VSHARP_ALIGN_COUNT];
	struct vsharp_stub stubs[MAX_STUBS];
	unsigned n_stubs;
};

static struct level_state states[N_LEVELS];

struct reports {
	const struct vsharp_probe_wave *waves;
	bool leaves[3];		/* the model says a lane of the wave leaves the arena */
	bool other[3];		/* any other mismatch */
	char first[3][160];
};

static void on_report(void *ctx, enum vsharp_gfx level, const struct vsharp_probe_mismatch *m)
{
	struct reports *r = ctx;
	unsigned w = (unsigned)(m->wave - r->waves);

	(void)level;
	if (w >= 3)
		fuzz_fail("a report for wave %u of a batch of at most 3", w);
	if (!strcmp(m->what, "model fault (case leaves the arena)")) {
		r->leaves[w] = true;
	} else if (!r->other[w]) {
		r->other[w] = true;
		snprintf(r->first[w], sizeof(r->first[w]), "lane %u %s expected 0x%llx observed 0x%llx",
			 m->lane, m->what, (unsigned long long)m->expected,
			 (unsigned long long)m->observed);
	}
}

static struct vsharp_probe_ctx *context(unsigned li, enum vsharp_align_mode mode)
{
	struct level_state *s = &states[li];
	struct vsharp_error err = { "" };

	if (!s->dev) {
		if (vsharp_emu_open(levels[li], &s->dev, &err))
			fuzz_fail("vsharp_emu_open: %s", err.msg);
		s->n_stubs = vsharp_stubs(levels[li], s->stubs, MAX_STUBS);
		if (!s->n_stubs || s->n_stubs > MAX_STUBS)
			fuzz_fail("%u stubs on %s", s->n_stubs, vsharp_gfx_name(levels[li]));
	}
	if (!s->ctx[mode] && vsharp_probe_open(s->dev, mode, &s->ctx[mode], &err))
		fuzz_fail("vsharp_probe_open: %s", err.msg);
	vsharp_emu_set_align_mode(s->dev, mode);
	return s->ctx[mode];
}

/* A full wave of buffer_load_dword-like cases: the first load stub, every lane in range. */
static void control(unsigned li, struct vsharp_probe_ctx *ctx)
{
	static struct vsharp_probe_wave w;
	struct level_state *s = &states[li];
	struct vsharp_probe_counts counts;
	struct vsharp_error err = { "" };
	unsigned n = vsharp_probe_wave_size(ctx);
	int ret;

	memset(&w, 0, sizeof(w));
	for (unsigned i = 0; i < s->n_stubs; i++)
		if (s->stubs[i].op->cls != VSHARP_OP_DS && s->stubs[i].op->kind == VSHARP_OP_LOAD &&
		    !s->stubs[i].idxen && s->stubs[i].offen && !s->stubs[i].lds) {
			w.stub = s->stubs[i];
			break;
		}
	vsharp_buffer_default(levels[li], &w.buf);
	w.buf.num_records = VSHARP_PROBE_ARENA;
	w.n_lanes = n;
	w.slot = VSHARP_PROBE_ARENA / 64;
	for (unsigned l = 0; l < n; l++)
		w.lane[l].voffset = l * w.slot;
	ret = vsharp_probe_run(ctx, &w, 1, false, NULL, NULL, &counts, &err);
	if (ret || counts.passed != n)
		fuzz_fail("%s: the control batch after this input passes %u of %u lanes (%d: %s)",
			  vsharp_gfx_name(levels[li]), counts.passed, n, ret, err.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct vsharp_probe_wave waves[3];
	struct fuzz_in in = { data, size };
	unsigned li = fuzz_below(&in, N_LEVELS);
	enum vsharp_align_mode mode = (enum vsharp_align_mode)fuzz_below(&in, VSHARP_ALIGN_COUNT);
	bool skip_memviol = fuzz_bool(&in);
	unsigned n = 1 + fuzz_below(&in, 3);
	struct vsharp_probe_ctx *ctx = context(li, mode);
	struct level_state *s = &states[li];
	unsigned wave_size = vsharp_probe_wave_size(ctx);
	struct vsharp_probe_counts counts;
	struct vsharp_error err = { "" };
	struct reports r;
	bool bad_lanes = false;
	int ret;

	memset(waves, 0, sizeof(waves));
	memset(&r, 0, sizeof(r));
	r.waves = waves;
	for (unsigned i = 0; i < n; i++) {
		struct vsharp_probe_wave *w = &waves[i];
		uint8_t lanes = fuzz_u8(&in);

		w->stub = s->stubs[fuzz_below(&in, s->n_stubs)];
		vsharp_buffer_default(levels[li], &w->buf);
		w->raw_desc = fuzz_bool(&in);
		if (w->raw_desc) {
			for (unsigned k = 0; k < 4; k++)
				w->desc[k] = fuzz_u32(&in);
		} else {
			w->buf.base = fuzz_u16(&in) % VSHARP_PROBE_ARENA;
			w->buf.stride = fuzz_u16(&in) % 2049;
			w->buf.num_records = fuzz_u32(&in);
			w->buf.swizzle = fuzz_bool(&in) && w->buf.swizzle;
			w->buf.add_tid = fuzz_bool(&in) && fuzz_bool(&in);
			w->buf.oob_select = (uint8_t)(fuzz_u8(&in) % 4);
		}
		w->soffset = fuzz_u16(&in);
		w->m0 = fuzz_u32(&in);
		/* Mostly full waves, sometimes partial, sometimes too many or none. */
		w->n_lanes = lanes < 160 ? wave_size : lanes < 230 ? 1 + lanes % wave_size : lanes % 80;
		bad_lanes |= !w->n_lanes || w->n_lanes > wave_size;
		w->slot = fuzz_below(&in, 129);
		for (unsigned l = 0; l < 64 && in.n; l++) {
			w->lane[l].vindex = fuzz_u8(&in);
			w->lane[l].voffset = fuzz_u16(&in) % (2 * VSHARP_PROBE_ARENA);
			for (unsigned k = 0; k < 4; k++)
				w->lane[l].data[k] = fuzz_u32(&in);
		}
	}
	ret = vsharp_probe_run(ctx, waves, n, skip_memviol, on_report, &r, &counts, &err);
	if (bad_lanes) {
		if (ret != -EINVAL)
			fuzz_fail("a wave of a bad lane count ran (%d)", ret);
		fuzz_check_error("vsharp_probe_run", ret, &err);
		return 0;
	}
	if (ret) {
		fuzz_check_error("vsharp_probe_run", ret, &err);
	} else if (!r.leaves[0] && !r.leaves[1] && !r.leaves[2]) {
		/* A wave that leaves its arena may land in a neighbour's: then nothing is checked. */
		for (unsigned i = 0; i < n; i++)
			if (r.other[i]) {
				char what[256];

				vsharp_probe_describe(levels[li], &waves[i], 0, what, sizeof(what));
				fuzz_fail("device and model differ in a batch that stays in its arenas: %s (%s, %u lanes)",
					  r.first[i], what, waves[i].n_lanes);
			}
	}
	control(li, ctx);
	return 0;
}

/* Seeds: per level, every 16th stub as one full wave over the arena. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	static struct vsharp_stub stubs[MAX_STUBS];
	char name[160];

	for (unsigned li = 0; li < N_LEVELS; li++) {
		unsigned n = vsharp_stubs(levels[li], stubs, MAX_STUBS);

		for (unsigned i = 0; i < n; i += 16) {
			fuzz_put_u8(&s, (uint8_t)li);
			fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u16(&s, (uint16_t)i);
			fuzz_put_u8(&s, 0);
			fuzz_put_u16(&s, 0);
			fuzz_put_u16(&s, 16);
			fuzz_put_u32(&s, 512);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u16(&s, 0);
			fuzz_put_u32(&s, 0xffffffff);
			fuzz_put_u8(&s, 64);
			for (unsigned l = 0; l < 8; l++) {
				fuzz_put_u8(&s, (uint8_t)l);
				fuzz_put_u16(&s, (uint16_t)(l * 64));
				for (unsigned k = 0; k < 4; k++)
					fuzz_put_u32(&s, 0x3f800000u + l + k);
			}
			vsharp_stub_name(levels[li], &stubs[i], name, sizeof(name));
			fuzz_seed_write(&s, name + 5);
		}
	}
}
