// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <stdio.h>

#include "cli.h"

void out_begin(struct cli_out *o, FILE *f, bool json)
{
	o->f = f;
	o->json = json;
	o->depth = 0;
	o->prefix[0] = NULL;
	vsharp_json_init(&o->j, f);
	if (json)
		vsharp_json_object_begin(&o->j, NULL);
}

void out_end(struct cli_out *o)
{
	if (o->json)
		vsharp_json_object_end(&o->j);
}

/* Text: the line's "outer.key: ". */
static void text_key(struct cli_out *o, const char *k)
{
	for (unsigned i = 1; i <= o->depth; i++)
		fprintf(o->f, "%s.", o->prefix[i]);
	fprintf(o->f, "%s: ", k);
}

void out_object_begin(struct cli_out *o, const char *k)
{
	if (o->json)
		vsharp_json_object_begin(&o->j, k);
	o->prefix[++o->depth] = k;
}

void out_object_end(struct cli_out *o)
{
	o->depth--;
	if (o->json)
		vsharp_json_object_end(&o->j);
}

void out_str(struct cli_out *o, const char *k, const char *v)
{
	if (o->json) {
		vsharp_json_str(&o->j, k, v);
		return;
	}
	text_key(o, k);
	fprintf(o->f, "%s\n", v);
}

void out_u64(struct cli_out *o, const char *k, uint64_t v)
{
	if (o->json) {
		vsharp_json_uint(&o->j, k, v);
		return;
	}
	text_key(o, k);
	fprintf(o->f, "%" PRIu64 "\n", v);
}

void out_hex(struct cli_out *o, const char *k, uint64_t v)
{
	if (o->json) {
		vsharp_json_hex(&o->j, k, v);
		return;
	}
	text_key(o, k);
	fprintf(o->f, "0x%" PRIx64 "\n", v);
}

void out_bool(struct cli_out *o, const char *k, bool v)
{
	if (o->json) {
		vsharp_json_bool(&o->j, k, v);
		return;
	}
	text_key(o, k);
	fprintf(o->f, "%c\n", v ? '1' : '0');
}

void out_list(struct cli_out *o, const char *k, const char *const *v, unsigned n)
{
	if (o->json) {
		vsharp_json_array_begin(&o->j, k);
		for (unsigned i = 0; i < n; i++)
			vsharp_json_str(&o->j, NULL, v[i]);
		vsharp_json_array_end(&o->j);
		return;
	}
	text_key(o, k);
	for (unsigned i = 0; i < n; i++)
		fprintf(o->f, "%s%s", i ? "," : "", v[i]);
	fputs(n ? "\n" : "none\n", o->f);
}

void out_num_list(struct cli_out *o, const char *k, const uint64_t *v, unsigned n,
		  enum out_num how)
{
	if (o->json) {
		vsharp_json_array_begin(&o->j, k);
		for (unsigned i = 0; i < n; i++)
			(how == OUT_ADDR ? vsharp_json_hex : vsharp_json_uint)(&o->j, NULL, v[i]);
		vsharp_json_array_end(&o->j);
		return;
	}
	text_key(o, k);
	for (unsigned i = 0; i < n; i++)
		fprintf(o->f, how == OUT_DEC ? "%s%" PRIu64 : "%s0x%" PRIx64, i ? "," : "", v[i]);
	fputc('\n', o->f);
}
