// SPDX-License-Identifier: MIT
/* V# encode and decode throughput, per level. */
#include "bench.h"
#include "vsharp/desc.h"

#define N 2000000u

int main(void)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_buffer b;
		uint32_t dw[4];
		uint64_t acc = 0;
		double t0, t1;
		char name[48];

		vsharp_buffer_default(l, &b);
		b.stride = 16;
		t0 = bench_now();
		for (uint32_t i = 0; i < N; i++) {
			b.num_records = i;
			if (vsharp_desc_encode(l, &b, dw, NULL))
				return 1;
			acc += dw[2] ^ dw[3];
		}
		t1 = bench_now();
		snprintf(name, sizeof(name), "desc encode %s", vsharp_gfx_name(l));
		bench_report(name, "descriptors", N, t1 - t0);

		t0 = bench_now();
		for (uint32_t i = 0; i < N; i++) {
			dw[2] = i;
			acc += vsharp_desc_decode(l, dw, &b) + b.num_records;
		}
		t1 = bench_now();
		snprintf(name, sizeof(name), "desc decode %s", vsharp_gfx_name(l));
		bench_report(name, "descriptors", N, t1 - t0);
		bench_sink = acc;
	}
	return 0;
}
