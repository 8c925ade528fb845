// SPDX-License-Identifier: MIT
#include <inttypes.h>

#include "vsharp/json.h"

static void string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void vsharp_json_init(struct vsharp_json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->first[0] = true;
	j->rows[0] = false;
}

/* The separator before a value and, inside an object, its key. */
static void member(struct vsharp_json *j, const char *key)
{
	if (j->rows[j->depth])
		fputs(j->first[j->depth] ? "\n  " : ",\n  ", j->f);
	else if (!j->first[j->depth])
		fputs(", ", j->f);
	j->first[j->depth] = false;
	if (key) {
		string(j->f, key);
		fputs(": ", j->f);
	}
}

static void begin(struct vsharp_json *j, const char *key, char c)
{
	member(j, key);
	fputc(c, j->f);
	j->first[++j->depth] = true;
	j->rows[j->depth] = false;
}

static void end(struct vsharp_json *j, char c)
{
	fputc(c, j->f);
	if (!--j->depth)
		fputc('\n', j->f);
}

void vsharp_json_object_begin(struct vsharp_json *j, const char *key)
{
	begin(j, key, '{');
}

void vsharp_json_object_end(struct vsharp_json *j)
{
	end(j, '}');
}

void vsharp_json_array_begin(struct vsharp_json *j, const char *key)
{
	begin(j, key, '[');
}

void vsharp_json_rows_begin(struct vsharp_json *j, const char *key)
{
	begin(j, key, '[');
	j->rows[j->depth] = true;
}

void vsharp_json_array_end(struct vsharp_json *j)
{
	end(j, ']');
}

void vsharp_json_str(struct vsharp_json *j, const char *key, const char *s)
{
	member(j, key);
	string(j->f, s);
}

void vsharp_json_uint(struct vsharp_json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void vsharp_json_hex(struct vsharp_json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "\"0x%" PRIx64 "\"", v);
}

void vsharp_json_bool(struct vsharp_json *j, const char *key, bool v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

void vsharp_json_bytes(struct vsharp_json *j, const char *key, const uint8_t *b, size_t n)
{
	member(j, key);
	fputc('"', j->f);
	for (size_t i = 0; i < n; i++)
		fprintf(j->f, "%02x", b[i]);
	fputc('"', j->f);
}
