// SPDX-License-Identifier: MIT
#include <string.h>

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

const struct vsharp_op *suite_op(enum vsharp_gfx level, const char *gcn, const char *rdna)
{
	return vsharp_op_find(level, level >= VSHARP_GFX11 ? rdna : gcn, NULL);
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
		/* Only a lane that may reach past the arena needs the whole lane run. */
		if (vsharp_buffer_lane_inside(&p, &in, va, va + sizeof(scratch)))
			continue;
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
