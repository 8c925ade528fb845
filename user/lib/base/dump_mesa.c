// SPDX-License-Identifier: MIT
/*
 * Mesa's hang dump text (src/amd/common): ac_parse_ib()'s IB listing and
 * ac_dump_reg()'s register lines, as RADV (RADV_DEBUG=hang) and radeonsi
 * write them.
 *
 *   ------------------ main IB begin - GFX ------------------
 *   c0027600 SET_SH_REG:                 a dword: 8 hex digits at the line start
 *   00004010         COMPUTE_PGM_LO <- 16400 (0x00004010)
 *                    EVENT_TYPE = ...    decoded text, nested IBs: indented
 *   ------------------- main IB end - GFX -------------------
 *
 *   SQ_BUF_RSRC_WORD1 <- 0x00100000      ac_dump_reg: NAME <- VALUE, the
 *   COMPUTE_NUM_THREAD_Y <- 1            value decimal up to 32768 (then its
 *   COMPUTE_PGM_LO <- 16400 (0x00004010) hex in brackets) or 0x hex;
 *                  BASE_ADDRESS_HI = 0   its fields indented below
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/dump_fmt.h"

static const char open_marker[] = "------------------ ", begin[] = " begin - ", end_mark[] = " end - ";

/* "------------------ NAME begin - IP ------------------": NAME, or NULL. */
static bool ib_begin(struct dump_line l, const char **name, size_t *len)
{
	const char *b;

	if (l.len < sizeof(open_marker) || memcmp(l.s, open_marker, sizeof(open_marker) - 1))
		return false;
	b = dump_find(l, begin);
	if (!b)
		return false;
	*name = l.s + sizeof(open_marker) - 1;
	*len = (size_t)(b - *name);
	return true;
}

static bool ib_begin_line(struct dump_line l)
{
	const char *name;
	size_t len;

	return ib_begin(l, &name, &len);
}

bool dump_mesa_ib_recognise(const char *text, size_t len)
{
	return dump_any_line(text, len, ib_begin_line);
}

static bool hex8(const char *s, size_t len, uint32_t *v)
{
	const char *p = s;
	uint64_t x;

	if (len < 8 || (len > 8 && s[8] != ' ' && s[8] != '\t'))
		return false;
	if (!dump_hex(&p, s + 8, &x) || p != s + 8)
		return false;
	*v = (uint32_t)x;
	return true;
}

int dump_mesa_ib_parse(const char *text, size_t len, struct vsharp_dump *d,
		       struct vsharp_error *err)
{
	struct vsharp_dump_stream *cur = NULL;
	struct dump_lines it;
	struct dump_line l;

	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l)) {
		const char *name;
		size_t n;
		uint32_t v;
		int ret;

		if (ib_begin(l, &name, &n)) {
			char buf[64];

			snprintf(buf, sizeof(buf), "%.*s", (int)(n < 63 ? n : 63), name);
			cur = dump_stream(d, VSHARP_DUMP_IB, buf, l.no, err);
			if (!cur)
				return -ENOMEM;
			continue;
		}
		if (l.len && l.s[0] == '-' && dump_find(l, end_mark)) {
			if (!cur)
				return dump_refuse(err, l, "ends an IB that never began");
			cur = NULL;
			continue;
		}
		/*
		 * A dword starts its line; Mesa's decoded text, trace points and
		 * nested IBs (format_ib_output() indents them) do not.
		 */
		if (!hex8(l.s, l.len, &v))
			continue;
		if (!cur)
			return dump_refuse(err, l, "is an IB dword outside any '------------------ NAME begin' block");
		ret = dump_push(cur, v, err);
		if (ret)
			return ret;
	}
	return 0;
}

static bool name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       (c >= 'a' && c <= 'z');
}

/* "NAME <- VALUE": the register's name and value; false if L is not such a line. */
static bool reg_line(struct dump_line l, const char **name, size_t *len, uint32_t *value,
		     bool *bad)
{
	struct dump_line t = dump_trim(l);
	const char *arrow = dump_find(t, " <- "), *p, *end = t.s + t.len;
	uint64_t v, hex;

	*bad = false;
	if (!arrow || !t.len || !name_char(t.s[0]))
		return false;
	for (p = t.s; p < arrow; p++)
		if (!name_char(*p))
			return false;
	*name = t.s;
	*len = (size_t)(arrow - t.s);
	p = arrow + 4;
	if (end - p > 2 && p[0] == '0' && p[1] == 'x') {
		*bad = !dump_hex(&p, end, &v) || p != end || v > UINT32_MAX;
	} else {
		/*
		 * print_value() in ac_debug.c: a decimal up to 32768 (its hex in
		 * brackets above 9), or a float "1.0f (0x3f800000)": the bracket
		 * holds the value.
		 */
		bool neg = p < end && *p == '-', fl = false;

		p += neg;
		*bad = !dump_dec(&p, end, &v);
		if (!*bad && p < end && *p == '.') {
			p++;
			fl = dump_dec(&p, end, &hex) && p < end && *p++ == 'f';
			*bad = !fl;
		}
		if (!*bad && p != end) {
			*bad = !dump_lit(&p, end, "(") || !dump_hex(&p, end, &hex) ||
			       !dump_lit(&p, end, ")") || p != end || (!fl && hex != v);
			v = hex;
		} else if (fl || neg) {
			*bad = true;	/* a float without the hex of its bits */
		}
		*bad |= v > UINT32_MAX;
	}
	*value = (uint32_t)v;
	return true;
}

static bool reg_marker(struct dump_line l)
{
	const char *name;
	size_t len;
	uint32_t v;
	bool bad;

	return reg_line(l, &name, &len, &v, &bad) && !bad;
}

bool dump_mesa_reg_recognise(const char *text, size_t len)
{
	return dump_any_line(text, len, reg_marker);
}

int dump_mesa_reg_parse(const char *text, size_t len, struct vsharp_dump *d,
			struct vsharp_error *err)
{
	struct dump_lines it;
	struct dump_line l;

	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l)) {
		struct dump_line t = dump_trim(l);
		const char *name;
		size_t n;
		uint32_t v;
		bool bad;
		int ret;

		if (reg_line(l, &name, &n, &v, &bad)) {
			if (bad)
				return dump_refuse(err, l, "has a value Mesa does not print (decimal, decimal (0xhex), or 0xhex)");
			ret = dump_reg(d, name, n, v, l.no, err);
			if (ret)
				return ret;
			continue;
		}
		/* Blank lines, headings ("Memory-mapped registers:"), indented fields ("X = 3"). */
		if (!t.len || t.s[t.len - 1] == ':' || (t.s != l.s && dump_find(t, " = ")))
			continue;
		return dump_refuse(err, l, "is not an ac_dump_reg line ('NAME <- VALUE', its indented 'FIELD = ...' lines or a heading)");
	}
	return 0;
}

/*
 * pipeline.log interleaves ac_dump_reg() lines (the descriptors of the
 * bound sets) with shader listings and NIR: there only the register lines
 * are read.
 */
int dump_mesa_reg_scan(const char *text, size_t len, struct vsharp_dump *d,
		       struct vsharp_error *err)
{
	struct dump_lines it;
	struct dump_line l;

	d->format = "mesa-reg";
	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l)) {
		const char *name;
		size_t n;
		uint32_t v;
		bool bad;
		int ret;

		if (!reg_line(l, &name, &n, &v, &bad) || bad)
			continue;
		ret = dump_reg(d, name, n, v, l.no, err);
		if (ret)
			return ret;
	}
	return 0;
}
