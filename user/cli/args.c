// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

int cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("vsharp: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_EXIT_USAGE;
}

int cli_lib_error(const struct vsharp_error *err)
{
	return cli_error("%s", err->msg);
}

static int digit(char c, unsigned base)
{
	int d = -1;

	if (c >= '0' && c <= '9')
		d = c - '0';
	else if (base == 16 && c >= 'a' && c <= 'f')
		d = c - 'a' + 10;
	else if (base == 16 && c >= 'A' && c <= 'F')
		d = c - 'A' + 10;
	return d;
}

bool cli_parse_u64(const char *opt, const char *s, uint64_t max, uint64_t *out)
{
	return cli_parse_range(opt, s, 0, max, out);
}

bool cli_parse_range(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned base = 10;
	const char *p = s;
	uint64_t v = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	if (!*p)
		goto bad;
	for (; *p; p++) {
		int d = digit(*p, base);

		if (d < 0)
			goto bad;
		if (v > (UINT64_MAX - (unsigned)d) / base)
			goto range;
		v = v * base + (unsigned)d;
	}
	if (v < min || v > max)
		goto range;
	*out = v;
	return true;
bad:
	cli_error("%s: '%s' is not a number (decimal, or hex with 0x)", opt, s);
	return false;
range:
	cli_error("%s: '%s' is out of range (allowed %" PRIu64 "..%" PRIu64 ")", opt, s, min, max);
	return false;
}

bool cli_parse_u32(const char *opt, const char *s, uint32_t *out)
{
	uint64_t v;

	if (!cli_parse_u64(opt, s, UINT32_MAX, &v))
		return false;
	*out = (uint32_t)v;
	return true;
}
