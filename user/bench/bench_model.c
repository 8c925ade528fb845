// SPDX-License-Identifier: MIT
/* Model lane evaluations per second on one core. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "vsharp/model.h"

#define LANES 64u
#define ROUNDS 400000u

static double run(const char *what, enum vsharp_gfx level, const char *op_name,
		  enum vsharp_align_mode mode, const struct vsharp_buffer *b)
{
	static uint8_t bytes[1 << 16];
	struct vsharp_memory mem = { .va = 0x100000, .bytes = bytes, .size = sizeof(bytes) };
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in[LANES];
	struct vsharp_lane_out out;
	uint64_t acc = 0, rounds = bench_items(ROUNDS);
	double t0, secs;

	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = vsharp_op_find(level, op_name, NULL);
	a.offen = true;
	a.align = mode;
	vsharp_rules_default(level, &a.rules);
	if (vsharp_desc_encode(level, b, a.desc, NULL) || vsharp_buffer_plan(&a, &p, NULL))
		exit(1);
	memset(in, 0, sizeof(in));
	for (unsigned l = 0; l < LANES; l++) {
		in[l].lane = l;
		in[l].voffset = 4 * l;
	}
	t0 = bench_start();
	for (unsigned r = 0; r < rounds; r++) {
		for (unsigned l = 0; l < LANES; l++) {
			vsharp_buffer_lane(&p, &in[l], &mem, NULL, &out);
			acc += out.vdst[0];
		}
		in[r % LANES].voffset ^= 4;
	}
	secs = bench_stop(t0, what, "lanes", rounds * LANES);
	bench_sink = acc;
	return secs;
}

int main(void)
{
	struct vsharp_buffer b;

	vsharp_buffer_default(VSHARP_GFX11, &b);
	b.base = 0x100000;
	b.num_records = 1 << 16;
	run("model raw b32 load gfx11", VSHARP_GFX11, "buffer_load_b32", VSHARP_ALIGN_UNALIGNED, &b);
	vsharp_buffer_default(VSHARP_GFX9, &b);
	b.base = 0x100000;
	b.num_records = 1 << 16;
	run("model raw dword load gfx9", VSHARP_GFX9, "buffer_load_dword", VSHARP_ALIGN_DWORD, &b);
	run("model raw dwordx4 load gfx9", VSHARP_GFX9, "buffer_load_dwordx4", VSHARP_ALIGN_DWORD, &b);
	b.format.dfmt = VSHARP_DFMT_8_8_8_8;
	b.format.nfmt = VSHARP_NFMT_UNORM;
	run("model format xyzw load gfx9", VSHARP_GFX9, "buffer_load_format_xyzw", VSHARP_ALIGN_DWORD, &b);
	return 0;
}
