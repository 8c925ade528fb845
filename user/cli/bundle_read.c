// SPDX-License-Identifier: MIT
/*
 * Reading a bundle back: a JSON parser (RFC 8259) into a tree of struct jv,
 * for `vsharp report`.  Bundles are written by vsharp/json.h's writer, but a
 * bundle may have passed through other tools, so the whole grammar is read:
 * any white space, escapes including surrogate pairs, exponents.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_data.h"

/* Deeper than any bundle: a guard against a stack overflow on hostile input. */
#define MAX_DEPTH 64

struct parser {
	const char *p, *start;
	char *err;
	size_t n;
	bool failed;
};

static void fail(struct parser *ps, const char *what)
{
	unsigned line = 1, col = 1;

	if (ps->failed)
		return;
	for (const char *q = ps->start; q < ps->p; q++, col++)
		if (*q == '\n') {
			line++;
			col = 0;
		}
	snprintf(ps->err, ps->n, "JSON, line %u column %u: %s", line, col, what);
	ps->failed = true;
}

static void skip_ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static bool value(struct parser *ps, struct jv *v, unsigned depth);

static int hex4(const char *s)
{
	int v = 0;

	for (int i = 0; i < 4; i++) {
		char c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static size_t utf8(char *out, uint32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A string at ps->p (after its quote), NUL-terminated; NULL on error. */
static char *string(struct parser *ps)
{
	static const char esc_in[] = "\"\\/bfnrt", esc_out[] = "\"\\/\b\f\n\r\t";
	const char *q = ps->p;
	size_t len = 0;
	char *s;

	/* An escape never yields more bytes than it takes, so the raw length bounds the result. */
	while (*q && *q != '"')
		q += *q == '\\' && q[1] ? 2 : 1;
	if (!*q) {
		fail(ps, "a string without its closing quote");
		return NULL;
	}
	s = malloc((size_t)(q - ps->p) + 1);
	if (!s) {
		fail(ps, "out of memory");
		return NULL;
	}
	while (*ps->p != '"') {
		unsigned char c = (unsigned char)*ps->p++;
		const char *e;
		int cp, lo;

		if (c < 0x20) {
			fail(ps, "a control character in a string (allowed only as an escape)");
			break;
		}
		if (c != '\\') {
			s[len++] = (char)c;
			continue;
		}
		c = (unsigned char)*ps->p++;
		e = c ? strchr(esc_in, c) : NULL;
		if (e) {
			s[len++] = esc_out[e - esc_in];
			continue;
		}
		if (c != 'u' || (cp = hex4(ps->p)) < 0) {
			ps->p--;
			fail(ps, "a bad escape (allowed \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
			break;
		}
		ps->p += 4;
		if (cp >= 0xd800 && cp < 0xdc00 && ps->p[0] == '\\' && ps->p[1] == 'u' &&
		    (lo = hex4(ps->p + 2)) >= 0xdc00 && lo < 0xe000) {
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			ps->p += 6;
		}
		len += utf8(s + len, (uint32_t)cp);
	}
	if (ps->failed) {
		free(s);
		return NULL;
	}
	ps->p++;
	s[len] = '\0';
	return s;
}

static const char *digits(const char *q)
{
	while (*q >= '0' && *q <= '9')
		q++;
	return q;
}

static bool number(struct parser *ps, struct jv *v)
{
	const char *q = ps->p, *end;

	/* RFC 8259 section 6, checked before strtod(), which takes more (hex, "inf", a bare '.'). */
	if (*q == '-')
		q++;
	if (*q < '0' || *q > '9') {
		fail(ps, "a value (allowed an object, array, string, number, true, false, null)");
		return false;
	}
	if (*q == '0' && q[1] >= '0' && q[1] <= '9') {
		fail(ps, "a number with a leading zero");
		return false;
	}
	end = digits(q);
	if (*end == '.') {
		q = end + 1;
		end = digits(q);
		if (end == q) {
			fail(ps, "a digit after the decimal point");
			return false;
		}
	}
	if (*end == 'e' || *end == 'E') {
		q = end + 1 + (end[1] == '+' || end[1] == '-');
		end = digits(q);
		if (end == q) {
			fail(ps, "a digit in the exponent");
			return false;
		}
	}
	v->type = JV_NUM;
	v->num = strtod(ps->p, NULL);
	ps->p = end;
	return true;
}

static bool push(struct parser *ps, struct jv *v, unsigned *cap)
{
	if (v->n_kids == *cap) {
		unsigned c = *cap ? 2 * *cap : 8;
		struct jv *k = realloc(v->kid, c * sizeof(*k));

		if (!k) {
			fail(ps, "out of memory");
			return false;
		}
		v->kid = k;
		*cap = c;
	}
	memset(&v->kid[v->n_kids++], 0, sizeof(*v->kid));
	return true;
}

/* The members of an object or the elements of an array, after its bracket. */
static bool members(struct parser *ps, struct jv *v, unsigned depth, bool object)
{
	char close = object ? '}' : ']';
	unsigned cap = 0;

	v->type = object ? JV_OBJ : JV_ARR;
	skip_ws(ps);
	if (*ps->p == close) {
		ps->p++;
		return true;
	}
	for (;;) {
		struct jv *k;

		if (!push(ps, v, &cap))
			return false;
		k = &v->kid[v->n_kids - 1];
		skip_ws(ps);
		if (object) {
			if (*ps->p != '"') {
				fail(ps, "a member name in quotes");
				return false;
			}
			ps->p++;
			k->key = string(ps);
			if (!k->key)
				return false;
			skip_ws(ps);
			if (*ps->p != ':') {
				fail(ps, "':' after a member name");
				return false;
			}
			ps->p++;
		}
		if (!value(ps, k, depth + 1))
			return false;
		skip_ws(ps);
		if (*ps->p == close) {
			ps->p++;
			return true;
		}
		if (*ps->p != ',') {
			fail(ps, object ? "',' or '}'" : "',' or ']'");
			return false;
		}
		ps->p++;
	}
}

static bool value(struct parser *ps, struct jv *v, unsigned depth)
{
	static const struct {
		const char *word;
		enum jv_type type;
		bool b;
	} words[] = { { "true", JV_BOOL, true }, { "false", JV_BOOL, false }, { "null", JV_NULL, false } };

	if (depth > MAX_DEPTH) {
		fail(ps, "nested deeper than a bundle ever is (64)");
		return false;
	}
	skip_ws(ps);
	switch (*ps->p) {
	case '{':
	case '[':
		return members(ps, v, depth, *ps->p++ == '{');
	case '"':
		ps->p++;
		v->type = JV_STR;
		v->s = string(ps);
		return v->s != NULL;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strncmp(ps->p, words[i].word, strlen(words[i].word))) {
			ps->p += strlen(words[i].word);
			v->type = words[i].type;
			v->b = words[i].b;
			return true;
		}
	return number(ps, v);
}

static void jv_clear(struct jv *v)
{
	for (unsigned i = 0; i < v->n_kids; i++)
		jv_clear(&v->kid[i]);
	free(v->kid);
	free(v->key);
	free(v->s);
}

void jv_free(struct jv *v)
{
	if (!v)
		return;
	jv_clear(v);
	free(v);
}

struct jv *jv_parse(const char *text, char *err, size_t n)
{
	struct parser ps = { text, text, err, n, false };
	struct jv *v = calloc(1, sizeof(*v));

	if (!v) {
		snprintf(err, n, "out of memory");
		return NULL;
	}
	if (value(&ps, v, 0)) {
		skip_ws(&ps);
		if (!*ps.p)
			return v;
		fail(&ps, "the end after the document's value");
	}
	jv_free(v);
	return NULL;
}

const struct jv *jv_get(const struct jv *obj, const char *key)
{
	if (!obj || obj->type != JV_OBJ)
		return NULL;
	for (unsigned i = 0; i < obj->n_kids; i++)
		if (!strcmp(obj->kid[i].key, key))
			return &obj->kid[i];
	return NULL;
}
