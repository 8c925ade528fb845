// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <stdio.h>

#include "cli.h"

void out_begin(struct cli_out *o, FILE *f, bool json)
{
	o->f = f;
	o->json = json;
	o->depth = 0;
	o->first[0] = true;
	o->prefix[0] = NULL;
	if (json)
		fputc('{', f);
}

void out_end(struct cli_out *o)
{
	if (o->json)
		fputs("}\n", o->f);
}

static void key(struct cli_out *o, const char *k)
{
	if (o->json) {
		fprintf(o->f, "%s\"%s\": ", o->first[o->depth] ? "" : ", ", k);
	} else {
		for (unsigned i = 1; i <= o->depth; i++)
			fprintf(o->f, "%s.", o->prefix[i]);
		fprintf(o->f, "%s: ", k);
	}
	o->first[o->depth] = false;
}

static void end_value(struct cli_out *o)
{
	if (!o->json)
		fputc('\n', o->f);
}

void out_object_begin(struct cli_out *o, const char *k)
{
	if (o->json) {
		key(o, k);
		fputc('{', o->f);
	}
	o->depth++;
	o->first[o->depth] = true;
	o->prefix[o->depth] = k;
}

void out_object_end(struct cli_out *o)
{
	o->depth--;
	if (o->json)
		fputc('}', o->f);
}

void out_str(struct cli_out *o, const char *k, const char *v)
{
	key(o, k);
	fprintf(o->f, o->json ? "\"%s\"" : "%s", v);
	end_value(o);
}

void out_u64(struct cli_out *o, const char *k, uint64_t v)
{
	key(o, k);
	fprintf(o->f, "%" PRIu64, v);
	end_value(o);
}

void out_hex(struct cli_out *o, const char *k, uint64_t v)
{
	key(o, k);
	fprintf(o->f, o->json ? "\"0x%" PRIx64 "\"" : "0x%" PRIx64, v);
	end_value(o);
}

void out_bool(struct cli_out *o, const char *k, bool v)
{
	key(o, k);
	if (o->json)
		fputs(v ? "true" : "false", o->f);
	else
		fputc(v ? '1' : '0', o->f);
	end_value(o);
}

void out_list(struct cli_out *o, const char *k, const char *const *v, unsigned n)
{
	key(o, k);
	if (o->json)
		fputc('[', o->f);
	for (unsigned i = 0; i < n; i++)
		fprintf(o->f, o->json ? "%s\"%s\"" : "%s%s", i ? (o->json ? ", " : ",") : "", v[i]);
	if (o->json)
		fputc(']', o->f);
	else if (!n)
		fputs("none", o->f);
	end_value(o);
}

void out_num_list(struct cli_out *o, const char *k, const uint64_t *v, unsigned n,
		  enum out_num how)
{
	key(o, k);
	if (o->json)
		fputc('[', o->f);
	for (unsigned i = 0; i < n; i++) {
		if (i)
			fputs(o->json ? ", " : ",", o->f);
		if (o->json && how == OUT_ADDR)
			fprintf(o->f, "\"0x%" PRIx64 "\"", v[i]);
		else
			fprintf(o->f, o->json || how == OUT_DEC ? "%" PRIu64 : "0x%" PRIx64, v[i]);
	}
	if (o->json)
		fputc(']', o->f);
	end_value(o);
}
