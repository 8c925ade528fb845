// SPDX-License-Identifier: MIT
/*
 * V# encode and decode throughput, per level, over 1024 random descriptors
 * that set every field the level has (base, stride, records, the four
 * DST_SELs, a format, swizzle and its sizes, ADD_TID, OOB_SELECT, the GFX12
 * scale and compression bits), so that no branch sees one input only.
 */
#include "bench.h"
#include "vsharp/desc.h"

#define SET 1024u
#define N 4000000u

static uint64_t next(uint64_t *s)
{
	/* xorshift64*: fixed seed, the same inputs every run. */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

/* Random members over the values some level accepts, kept when this level does. */
static void pick(enum vsharp_gfx l, uint64_t *s, struct vsharp_buffer *b, uint32_t dw[4])
{
	static const uint8_t sizes[] = { 0, 2, 4, 8, 16 }, scales[] = { 1, 4, 8, 32 };

	do {
		vsharp_buffer_default(l, b);
		b->base = next(s) >> 16;
		b->num_records = (uint32_t)next(s);
		for (int c = 0; c < 4; c++)
			b->dst_sel[c] = next(s) % 8;
		b->format.dfmt = next(s) % VSHARP_DFMT_COUNT;
		b->format.nfmt = next(s) % VSHARP_NFMT_COUNT;
		b->add_tid = next(s) & 1;
		b->swizzle = next(s) & 1;
		b->element_size = sizes[next(s) % 5];
		b->index_stride = 8 << next(s) % 4;
		if (l == VSHARP_GFX12)
			b->stride_scale = scales[next(s) % 4];
		b->stride = next(s) % (16384u * b->stride_scale);
		if (l >= VSHARP_GFX10)
			b->oob_select = next(s) % 4;
		if (l == VSHARP_GFX12) {
			b->write_compress = next(s) & 1;
			b->compression = next(s) & 1;
		}
	} while (vsharp_desc_encode(l, b, dw, NULL));
}

int main(void)
{
	static struct vsharp_buffer in[SET];
	static uint32_t words[SET][4];
	uint64_t seed = 0x9e3779b97f4a7c15ull, n = bench_items(N);

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_buffer b;
		uint32_t dw[4];
		uint64_t acc = 0;
		double t0;
		char name[48];

		for (unsigned i = 0; i < SET; i++)
			pick(l, &seed, &in[i], words[i]);

		snprintf(name, sizeof(name), "desc encode %s", vsharp_gfx_name(l));
		t0 = bench_start();
		for (uint64_t r = 0; r < n / SET; r++) {
			for (unsigned i = 0; i < SET; i++) {
				if (vsharp_desc_encode(l, &in[i], dw, NULL))
					return 1;
				acc += dw[0] ^ dw[3];
			}
		}
		bench_stop_in(t0, name, "descriptors", n / SET * SET, "vsharp_desc_encode");

		snprintf(name, sizeof(name), "desc decode %s", vsharp_gfx_name(l));
		t0 = bench_start();
		for (uint64_t r = 0; r < n / SET; r++)
			for (unsigned i = 0; i < SET; i++)
				acc += vsharp_desc_decode(l, words[i], &b) + b.stride;
		bench_stop_in(t0, name, "descriptors", n / SET * SET, "vsharp_desc_decode");
		bench_sink = acc;
	}
	return 0;
}
