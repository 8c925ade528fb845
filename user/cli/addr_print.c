// SPDX-License-Identifier: MIT
/* How `vsharp addr` prints flags and registers. */
#include <string.h>

#include "addr.h"
#include "vsharp/convert.h"

void addr_print_bools(struct cli_out *o, const char *key, const bool *v, unsigned n)
{
	static const char *const names[2] = { "false", "true" };
	const char *s[8];

	if (o->json) {
		vsharp_json_array_begin(&o->j, key);
		for (unsigned i = 0; i < n; i++)
			vsharp_json_bool(&o->j, NULL, v[i]);
		vsharp_json_array_end(&o->j);
		return;
	}
	for (unsigned i = 0; i < n; i++)
		s[i] = names[v[i]];
	out_list(o, key, s, n);
}

static double f32(uint32_t bits)
{
	float f;

	memcpy(&f, &bits, sizeof(f));
	return f;
}

void addr_print_vgprs(struct cli_out *o, const char *key, const uint32_t *v, unsigned n,
		      unsigned first, int float_hint)
{
	for (unsigned i = 0; i < n; i++) {
		fprintf(o->f, "%s[%u] = 0x%08x", key, first + i, v[i]);
		if (float_hint == ADDR_FLOAT_F32)
			fprintf(o->f, "  (f32 %.9g)", f32(v[i]));
		else if (float_hint == ADDR_FLOAT_F16)
			fprintf(o->f, "  (f16 lo %.6g, hi %.6g)", f32(vsharp_f16_to_f32((uint16_t)v[i])),
				f32(vsharp_f16_to_f32((uint16_t)(v[i] >> 16))));
		fputc('\n', o->f);
	}
}
