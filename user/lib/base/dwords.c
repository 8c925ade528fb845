// SPDX-License-Identifier: MIT
/*
 * Dwords from what people paste: dumps, C arrays, umr output, binary files
 * (the rules are in vsharp/dwords.h).  Every refusal names the line (or
 * argument) and the token, so a wrong base is never silently decoded.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vsharp/dump.h"
#include "vsharp/dwords.h"

struct reader {
	uint32_t *out;
	size_t max, n;
	const char *unit;	/* "line" or "argument" */
	unsigned line;
	int64_t pair_off;	/* the offset column of the last two-token line; -1: none */
	struct vsharp_error *err;
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool separator(char c)
{
	return blank(c) || c == ',';
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The token as it can be printed: at most 40 bytes, control and non-ASCII bytes as '?'. */
static const char *shown(const char *tok, size_t len, char buf[44])
{
	size_t k = len > 40 ? 40 : len;

	for (size_t i = 0; i < k; i++)
		buf[i] = tok[i] > 0x20 && tok[i] < 0x7f ? tok[i] : '?';
	strcpy(buf + k, len > 40 ? "..." : "");
	return buf;
}

/* Digits of BASE in [s, s + len): the value, or -1 if not all digits, -2 if above 32 bits. */
static int64_t digits(const char *s, size_t len, unsigned base)
{
	uint64_t v = 0;

	if (!len)
		return -1;
	for (size_t i = 0; i < len; i++) {
		int d = hexval(s[i]);

		if (d < 0 || (unsigned)d >= base)
			return -1;
		v = v * base + (unsigned)d;
		if (v > UINT32_MAX)
			return -2;
	}
	return (int64_t)v;
}

static int fail(struct reader *r, const char *tok, size_t len, const char *why)
{
	char buf[44];

	return vsharp_fail(r->err, -EINVAL, "%s %u: '%s' %s", r->unit, r->line,
			   shown(tok, len, buf), why);
}

static int push(struct reader *r, uint32_t v)
{
	if (r->n == r->max)
		return vsharp_fail(r->err, -E2BIG, "%s %u: more than %zu dwords (the limit here)",
				   r->unit, r->line, r->max);
	r->out[r->n++] = v;
	return 0;
}

static bool is_0x(const char *tok, size_t len)
{
	return len > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X');
}

/* A token outside C braces: 0x hex, 8-digit bare hex or one digit. */
static int dump_token(struct reader *r, const char *tok, size_t len)
{
	int64_t v;
	char why[160];

	if (is_0x(tok, len)) {
		v = digits(tok + 2, len - 2, 16);
		if (v == -2 || (v >= 0 && len - 2 > 8))
			return fail(r, tok, len, "has more than 32 bits (allowed 0x0..0xffffffff)");
		if (v < 0)
			return fail(r, tok, len, "is not a hex dword (0x and 1 to 8 hex digits)");
		return push(r, (uint32_t)v);
	}
	if (len == 8 && (v = digits(tok, len, 16)) >= 0)
		return push(r, (uint32_t)v);
	if (len == 1 && tok[0] >= '0' && tok[0] <= '9')
		return push(r, (uint32_t)(tok[0] - '0'));
	if ((v = digits(tok, len, 10)) >= 0) {
		snprintf(why, sizeof(why),
			 "is ambiguous: a bare number is hex only with 8 digits and decimal only in a C array; write 0x%.*s if it is hex, 0x%x if it is decimal",
			 (int)len, tok, (unsigned)v);
		return fail(r, tok, len, why);
	}
	if (digits(tok, len, 16) >= 0 || (len > 8 && digits(tok, len, 16) == -2)) {
		snprintf(why, sizeof(why),
			 "is bare hex of %zu digits: write 0x%.*s (bare hex needs exactly 8 digits, as dumps print dwords; xxd needs -e)",
			 len, (int)(len > 16 ? 16 : len), tok);
		return fail(r, tok, len, why);
	}
	return fail(r, tok, len,
		    "is not a dword (0x hex, 8-digit bare hex, one digit, or a C array; Documentation/cli.rst \"Dword input\")");
}

/* A token inside C braces: C's integer constants, without octal or sign. */
static int c_token(struct reader *r, const char *tok, size_t len)
{
	int64_t v;

	while (len && (tok[len - 1] == 'u' || tok[len - 1] == 'U' || tok[len - 1] == 'l' ||
		       tok[len - 1] == 'L'))
		len--;
	if (is_0x(tok, len))
		v = digits(tok + 2, len - 2, 16);
	else if (len > 1 && tok[0] == '0' && digits(tok, len, 10) >= 0)
		return fail(r, tok, len, "is octal in C; write it in hex (0x) or decimal without the 0");
	else
		v = digits(tok, len, 10);
	if (v == -2)
		return fail(r, tok, len, "has more than 32 bits (allowed 0..4294967295)");
	if (v < 0)
		return fail(r, tok, len, "is not a C integer constant (0x hex or decimal)");
	return push(r, (uint32_t)v);
}

/* Whether the text holds a '{' outside comments: then it is read as C. */
static bool has_brace(const char *s, size_t len)
{
	bool block = false;

	for (size_t i = 0; i < len; i++) {
		if (block) {
			if (s[i] == '*' && i + 1 < len && s[i + 1] == '/') {
				block = false;
				i++;
			}
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			block = true;
			i++;
		} else if (s[i] == '#' || s[i] == ';' ||
			   (s[i] == '/' && i + 1 < len && s[i + 1] == '/')) {
			while (i < len && s[i] != '\n')
				i++;
		} else if (s[i] == '{') {
			return true;
		}
	}
	return false;
}

/*
 * Copies one line into BUF with comments blanked; *block carries an open
 * C comment across lines.  Returns the line length.
 */
static size_t clean_line(const char *s, size_t len, char *buf, bool *block, bool c_mode)
{
	size_t i;

	for (i = 0; i < len && s[i] != '\n'; i++) {
		if (*block) {
			buf[i] = ' ';
			if (s[i] == '*' && i + 1 < len && s[i + 1] == '/') {
				*block = false;
				buf[++i] = ' ';
			}
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			*block = true;
			buf[i] = ' ';
			buf[++i] = ' ';
		} else if (s[i] == '#' || (s[i] == ';' && !c_mode) ||
			   (s[i] == '/' && i + 1 < len && s[i + 1] == '/')) {
			while (i < len && s[i] != '\n')
				buf[i++] = ' ';
			break;
		} else {
			buf[i] = s[i];
		}
	}
	return i;
}

static int c_line(struct reader *r, const char *s, size_t len, unsigned *depth)
{
	size_t i = 0;

	while (i < len) {
		size_t start;
		int ret;

		if (s[i] == '{') {
			(*depth)++;
			i++;
			continue;
		}
		if (s[i] == '}') {
			if (!*depth)
				return fail(r, s + i, 1, "closes no '{'");
			(*depth)--;
			i++;
			continue;
		}
		if (separator(s[i]) || !*depth) {
			i++;
			continue;
		}
		start = i;
		while (i < len && !separator(s[i]) && s[i] != '{' && s[i] != '}')
			i++;
		ret = c_token(r, s + start, i - start);
		if (ret)
			return ret;
	}
	return 0;
}

static bool address_token(const char *tok, size_t len)
{
	if (len < 2 || tok[len - 1] != ':')
		return false;
	len--;
	if (is_0x(tok, len)) {
		tok += 2;
		len -= 2;
	}
	for (size_t i = 0; i < len; i++)
		if (hexval(tok[i]) < 0)
			return false;
	return len > 0;
}

/*
 * Lines whose columns mean something else than dwords, refused rather than
 * read: a devcoredump's ring contents without its header ("0x%x \t 0x%x",
 * byte offset then value, amdgpu_dev_coredump.c) and a pasted umr --waves
 * row (SE SH CU SIMD WAVE# as small numbers, then registers).
 */
static int foreign_columns(struct reader *r, const char *s, size_t len)
{
	const char *tok[8];
	size_t tlen[8], i = 0;
	unsigned n = 0, small = 0;
	bool tab = false;
	int64_t off = -1;

	while (i < len) {
		for (; i < len && separator(s[i]); i++)
			tab |= n == 1 && s[i] == '\t';
		if (i == len)
			break;
		if (n < 8)
			tok[n] = s + i;
		while (i < len && !separator(s[i]))
			i++;
		if (n < 8)
			tlen[n] = (size_t)(s + i - tok[n]);
		n++;
	}
	for (unsigned k = 0; k < n && k < 8 && tlen[k] == 1 && tok[k][0] >= '0' && tok[k][0] <= '9'; k++)
		small++;
	if (small >= 4 && n > 8 && tlen[small] == 8)
		return fail(r, s, len,
			    "looks like an umr --waves row (SE SH CU SIMD WAVE#, then registers), not dwords: give umr's whole --waves output with its header line");
	if (n == 2 && is_0x(tok[0], tlen[0]) && tlen[0] < 10)
		off = digits(tok[0] + 2, tlen[0] - 2, 16);
	if (off >= 0 && (tab || (r->pair_off >= 0 && off == r->pair_off + 4))) {
		r->pair_off = -1;
		return fail(r, s, len,
			    "looks like a devcoredump ring line (byte offset, then value: '0x%x \\t 0x%x'): give the whole devcoredump, or the values alone");
	}
	r->pair_off = off;
	return 0;
}

static int dump_line(struct reader *r, const char *s, size_t len)
{
	size_t i = 0, before = r->n;
	bool addressed = false;
	int ret = foreign_columns(r, s, len);

	if (ret)
		return ret;
	while (i < len) {
		size_t start, gap = 0;

		while (i < len && separator(s[i])) {
			gap++;
			i++;
		}
		if (i == len)
			break;
		start = i;
		while (i < len && !separator(s[i]))
			i++;
		if (!addressed && r->n == before && address_token(s + start, i - start)) {
			addressed = true;
			continue;
		}
		ret = dump_token(r, s + start, i - start);
		/* A dump's character column after the dwords. */
		if (ret == -EINVAL && addressed && gap >= 2 && r->n > before)
			return 0;
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * A dump format the recogniser table knows (vsharp/dump.h) gives its one
 * ring, IB or shader, or its V#s; anything more needs a choice the caller
 * makes with vsharp_dump_pick().
 */
static int from_dump(struct reader *r, const struct vsharp_dump *d)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_dump one = *d;
	struct vsharp_error e;
	size_t n;
	int ret;

	if (!d->n && d->n_reg) {
		ret = vsharp_dump_descriptors(d, r->out, r->max, &n, r->err);
		r->n = n;
		return ret;
	}
	/* Words alone carry no slot numbers: the timed-out ring is not a default here. */
	one.timed_out[0] = '\0';
	s = vsharp_dump_pick(&one, NULL, &e);
	if (!s)
		return vsharp_fail(r->err, -EINVAL, "%s (vsharp ib decode --stream NAME reads one)",
				   e.msg);
	if (s->n > r->max)
		return vsharp_fail(r->err, -E2BIG, "%s %s: more than %zu dwords (the limit here)",
				   d->format, s->name, r->max);
	if (s->n)
		memcpy(r->out, s->dw, s->n * sizeof(*s->dw));
	r->n = s->n;
	return 0;
}

static int parse(struct reader *r, const char *text, size_t len)
{
	bool c_mode, block = false;
	struct vsharp_dump d;
	unsigned depth = 0;
	char *buf;
	int ret;

	if (len > VSHARP_DWORDS_MAX_BYTES)
		return vsharp_fail(r->err, -EFBIG,
				   "%zu bytes of text is more than the input limit of %u bytes (64 MiB)",
				   len, VSHARP_DWORDS_MAX_BYTES);
	ret = vsharp_dump_parse(text, len, &d, r->err);
	if (ret <= 0) {
		if (!ret)
			ret = from_dump(r, &d);
		vsharp_dump_free(&d);
		return ret;
	}
	ret = 0;
	c_mode = has_brace(text, len);
	buf = malloc(len + 1);
	if (!buf)
		return vsharp_fail(r->err, -ENOMEM, "out of memory for %zu bytes of text", len);
	r->line = 1;
	for (size_t at = 0; at < len && !ret; r->line++) {
		size_t n = clean_line(text + at, len - at, buf, &block, c_mode);

		ret = c_mode ? c_line(r, buf, n, &depth) : dump_line(r, buf, n);
		at += n + 1;
	}
	free(buf);
	if (!ret && depth)
		ret = vsharp_fail(r->err, -EINVAL, "%s %u: a '{' is never closed", r->unit,
				  r->line - 1);
	return ret;
}

int vsharp_dwords_parse(const char *text, size_t len, uint32_t *out, size_t max,
			size_t *count, struct vsharp_error *err)
{
	struct reader r = { .out = out, .max = max, .unit = "line", .pair_off = -1, .err = err };
	int ret = parse(&r, text, len);

	*count = r.n;
	return ret;
}

int vsharp_dwords_from_args(int argc, char *const *argv, uint32_t *out, size_t max,
			    size_t *count, struct vsharp_error *err)
{
	struct reader r = { .out = out, .max = max, .unit = "argument", .pair_off = -1, .err = err };
	size_t len = 0, at = 0;
	char *text;
	int ret;

	*count = 0;
	for (int i = 0; i < argc; i++) {
		if (strchr(argv[i], '\n'))
			return vsharp_fail(err, -EINVAL, "argument %d: a line break inside an argument (give one dump line per argument)",
					   i + 1);
		len += strlen(argv[i]) + 1;
	}
	text = malloc(len + 1);
	if (!text)
		return vsharp_fail(err, -ENOMEM, "out of memory for %d arguments", argc);
	for (int i = 0; i < argc; i++) {
		size_t k = strlen(argv[i]);

		memcpy(text + at, argv[i], k);
		at += k;
		text[at++] = '\n';
	}
	ret = parse(&r, text, at);
	free(text);
	*count = r.n;
	return ret;
}

/* Reads all of F, at most the input limit; -EFBIG past it. */
static int slurp(FILE *f, const char *path, char **data, size_t *len, struct vsharp_error *err)
{
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap);
	struct stat st;

	*data = NULL;
	*len = 0;
	if (!buf)
		return vsharp_fail(err, -ENOMEM, "%s: out of memory", path);
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > VSHARP_DWORDS_MAX_BYTES) {
		free(buf);
		return vsharp_fail(err, -EFBIG,
				   "%s: %lld bytes is more than the input limit of %u bytes (64 MiB)",
				   path, (long long)st.st_size, VSHARP_DWORDS_MAX_BYTES);
	}
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n > VSHARP_DWORDS_MAX_BYTES) {
			free(buf);
			return vsharp_fail(err, -EFBIG,
					   "%s: more than the input limit of %u bytes (64 MiB)",
					   path, VSHARP_DWORDS_MAX_BYTES);
		}
		if (n == cap) {
			/* One byte past the limit is enough to know it is exceeded. */
			size_t want = cap * 2 > VSHARP_DWORDS_MAX_BYTES + 1 ?
				      VSHARP_DWORDS_MAX_BYTES + 1 : cap * 2;
			char *bigger = realloc(buf, want);

			if (!bigger) {
				free(buf);
				return vsharp_fail(err, -ENOMEM, "%s: out of memory after %zu bytes",
						   path, n);
			}
			buf = bigger;
			cap = want;
		}
	}
	if (ferror(f)) {
		int e = errno;

		free(buf);
		return vsharp_fail(err, -EIO, "%s: read error: %s", path, strerror(e));
	}
	*data = buf;
	*len = n;
	return 0;
}

/* Control bytes other than blanks; an ANSI colour escape (ESC '[', Mesa's IB dumps) is text. */
static bool control(const char *s, size_t i, size_t len)
{
	unsigned char c = (unsigned char)s[i];

	if (c == 0x1b && i + 1 < len && s[i + 1] == '[')
		return false;
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') ||
	       c == 0x7f;
}

int vsharp_dwords_read_file(const char *path, struct vsharp_dwords *d, struct vsharp_error *err)
{
	bool is_stdin = !strcmp(path, "-");
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t len, ctl = 0, first_ctl = 0, line = 1, printable = 0;
	char *data;
	int ret;

	memset(d, 0, sizeof(*d));
	if (!f)
		return vsharp_fail(err, -errno, "%s: %s", path, strerror(errno));
	ret = slurp(f, path, &data, &len, err);
	if (!is_stdin)
		fclose(f);
	if (ret)
		return ret;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)data[i];

		if (control(data, i, len) && !ctl++)
			first_ctl = i;
		if (!ctl && c == '\n')
			line++;
		printable += c >= 0x20 && c < 0x7f;
	}
	if (!len) {
		ret = vsharp_fail(err, -ENODATA, "%s: no dwords (empty input)", path);
	} else if (!ctl) {
		size_t cap = len / 2 + 1;

		d->dw = malloc(cap * sizeof(*d->dw));
		if (!d->dw) {
			ret = vsharp_fail(err, -ENOMEM, "%s: out of memory", path);
		} else {
			struct vsharp_error e;

			ret = vsharp_dwords_parse(data, len, d->dw, cap, &d->n, &e);
			if (ret)
				vsharp_fail(err, ret, "%s: %s", path, e.msg);
			else if (!d->n)
				ret = vsharp_fail(err, -ENODATA, "%s: no dwords (only comments or blanks)",
						  path);
		}
	} else if (len >= 16 && printable * 10 >= len * 9) {
		ret = vsharp_fail(err, -EINVAL,
				  "%s: text with %zu control byte(s), the first 0x%02x at byte %zu (line %zu): remove them, or give a binary file of little-endian dwords",
				  path, ctl, (unsigned char)data[first_ctl], first_ctl, line);
	} else if (len % 4) {
		ret = vsharp_fail(err, -EINVAL,
				  "%s: %zu bytes is not a whole number of dwords (binary input is little-endian dwords)",
				  path, len);
	} else {
		d->binary = true;
		d->n = len / 4;
		d->dw = malloc(d->n * sizeof(*d->dw));
		if (!d->dw)
			ret = vsharp_fail(err, -ENOMEM, "%s: out of memory", path);
		for (size_t k = 0; d->dw && k < d->n; k++) {
			const unsigned char *b = (const unsigned char *)data + 4 * k;

			d->dw[k] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
				   (uint32_t)b[3] << 24;
		}
	}
	free(data);
	if (ret)
		vsharp_dwords_free(d);
	return ret;
}

void vsharp_dwords_free(struct vsharp_dwords *d)
{
	free(d->dw);
	d->dw = NULL;
	d->n = 0;
}

int vsharp_dwords_ring(const struct vsharp_dwords *d, const char *path,
		       struct vsharp_ring_dump *r, struct vsharp_error *err)
{
	static const char *const ptr[] = { "rptr", "wptr", "driver wptr" };
	size_t n = d->n > 3 ? d->n - 3 : 0;

	if (!d->binary)
		return vsharp_fail(err, -EINVAL,
				  "%s: text, not an amdgpu_ring debugfs file (binary: rptr, wptr, driver wptr, then the ring)",
				  path);
	if (!n || (n & (n - 1)))
		return vsharp_fail(err, -EINVAL,
				  "%s: %zu dwords after the 3 pointer dwords; an amdgpu ring is a power of two dwords",
				  path, n);
	for (unsigned i = 0; i < 3; i++)
		if (d->dw[i] >= n)
			return vsharp_fail(err, -EINVAL,
					  "%s: %s %u is past the ring (allowed 0..%zu)", path, ptr[i],
					  d->dw[i], n - 1);
	r->rptr = d->dw[0];
	r->wptr = d->dw[1];
	r->driver_wptr = d->dw[2];
	r->ring = d->dw + 3;
	r->n = n;
	return 0;
}
