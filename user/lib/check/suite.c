// SPDX-License-Identifier: MIT
#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "check/suite.h"
#include "base/util.h"

extern const struct vsharp_suite vsharp_suite_addressing, vsharp_suite_range,
	vsharp_suite_alignment, vsharp_suite_formats, vsharp_suite_atomics, vsharp_suite_lds,
	vsharp_suite_resource_kinds, vsharp_suite_smem;

const struct vsharp_suite *const vsharp_suites[] = {
	&vsharp_suite_addressing, &vsharp_suite_range, &vsharp_suite_alignment,
	&vsharp_suite_formats, &vsharp_suite_atomics, &vsharp_suite_lds,
	&vsharp_suite_resource_kinds, &vsharp_suite_smem,
};
const unsigned vsharp_suite_count = ARRAY_SIZE(vsharp_suites);

const struct vsharp_suite *vsharp_suite_find(const char *name)
{
	for (unsigned i = 0; i < vsharp_suite_count; i++)
		if (!strcmp(vsharp_suites[i]->name, name))
			return vsharp_suites[i];
	return NULL;
}

/*
 * Suites look an instruction up by name for every wave: each level's names
 * go into an open-addressed table once, the first op of a spelling as
 * vsharp_op_find() would find it.  A level with more names than half the
 * slots (none today) is searched the slow way.
 */
#define NAME_SLOTS 1024u
static const struct vsharp_op *by_name[VSHARP_GFX_COUNT][NAME_SLOTS];
static atomic_int by_name_state[VSHARP_GFX_COUNT];	/* 0 not made, 1 made, 2 too many names */
static mtx_t by_name_lock;
static once_flag by_name_once = ONCE_FLAG_INIT;

static void by_name_init(void)
{
	mtx_init(&by_name_lock, mtx_plain);
}

/* FNV-1a. */
static unsigned name_slot(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h % NAME_SLOTS;
}

static int make_names(enum vsharp_gfx level)
{
	const struct vsharp_op *op;
	unsigned i = 0, n = 0;

	while ((op = vsharp_op_next(level, &i))) {
		const char *name = vsharp_op_name(op, level);
		unsigned h = name_slot(name);

		if (++n > NAME_SLOTS / 2)
			return 2;
		while (by_name[level][h] && strcmp(vsharp_op_name(by_name[level][h], level), name))
			h = (h + 1) % NAME_SLOTS;
		if (!by_name[level][h])
			by_name[level][h] = op;
	}
	return 1;
}

const struct vsharp_op *suite_op(enum vsharp_gfx level, const char *gcn, const char *rdna)
{
	const char *name = level >= VSHARP_GFX11 ? rdna : gcn;
	int state;

	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return vsharp_op_find(level, name, NULL);
	state = atomic_load_explicit(&by_name_state[level], memory_order_acquire);
	if (!state) {
		call_once(&by_name_once, by_name_init);
		mtx_lock(&by_name_lock);
		state = atomic_load_explicit(&by_name_state[level], memory_order_relaxed);
		if (!state) {
			state = make_names(level);
			atomic_store_explicit(&by_name_state[level], state, memory_order_release);
		}
		mtx_unlock(&by_name_lock);
	}
	if (state != 1)
		return vsharp_op_find(level, name, NULL);
	for (unsigned h = name_slot(name); by_name[level][h]; h = (h + 1) % NAME_SLOTS)
		if (!strcmp(vsharp_op_name(by_name[level][h], level), name))
			return by_name[level][h];
	return NULL;
}

void suite_wave(enum vsharp_gfx level, unsigned wave_size, const struct vsharp_op *op,
		struct vsharp_probe_wave *w)
{
	memset(w, 0, sizeof(*w));
	w->stub.op = op;
	w->stub.offen = op->cls == VSHARP_OP_MUBUF || op->cls == VSHARP_OP_MTBUF;
	w->stub.soffset = op->cls == VSHARP_OP_SMEM;
	vsharp_buffer_default(level, &w->buf);
	w->buf.num_records = VSHARP_PROBE_ARENA;
	w->m0 = 0xffffffff;
	w->n_lanes = wave_size;
	w->slot = VSHARP_PROBE_ARENA / 64;
}

void suite_fit(enum vsharp_gfx level, enum vsharp_align_mode mode, struct vsharp_probe_wave *w)
{
	static uint8_t scratch[VSHARP_PROBE_ARENA];
	static uint8_t lds_bytes[VSHARP_PROBE_LDS];
	const uint64_t va = 1ull << 32;
	struct vsharp_memory mem = { .va = va, .bytes = scratch, .size = sizeof(scratch) };
	struct vsharp_lds lds = { lds_bytes, sizeof(lds_bytes) };
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;

	if (w->stub.op->cls == VSHARP_OP_DS || w->stub.op->cls == VSHARP_OP_SMEM ||
	    vsharp_probe_buffer_access(level, w, va, mode, &a, NULL) ||
	    vsharp_buffer_plan(&a, &p, NULL))
		return;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_lane_in in;
		struct vsharp_lane_out out;

		vsharp_probe_lane_in(w, l, &in);
		vsharp_buffer_lane(&p, &in, &mem, &lds, &out);
		if (out.fault) {
			w->lane[l].vindex = 0;
			w->lane[l].voffset = 0;
		}
	}
}

unsigned suite_formats(enum vsharp_gfx level, struct vsharp_format *out, unsigned max)
{
	unsigned n = 0;

	for (int d = 1; d < VSHARP_DFMT_COUNT; d++) {
		for (int nf = 0; nf < VSHARP_NFMT_COUNT; nf++) {
			struct vsharp_format f = { d, nf };

			if (!vsharp_format_legal(level, f))
				continue;
			if (n < max)
				out[n] = f;
			n++;
		}
	}
	return n;
}
