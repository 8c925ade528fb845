// SPDX-License-Identifier: MIT
/*
 * vsharp ib decode|example: read a compute command buffer back, or print
 * the one vsharp builds for a sample dispatch (Documentation/pm4.rst).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "vsharp/pm4.h"

static const char usage_ib[] =
	"usage: vsharp ib decode --gfx LEVEL FILE     (FILE: raw little-endian dwords, or hex text; - is stdin)\n"
	"       vsharp ib example --gfx LEVEL [--wave32]\n";

/* LEVEL for --gfx, refusing levels the PM4 layer does not build for. */
static bool parse_level(const char *gfx, enum vsharp_gfx *level)
{
	struct vsharp_error err;

	if (!gfx) {
		cli_error("--gfx: required\n%s", usage_ib);
		return false;
	}
	if (vsharp_gfx_parse(gfx, level, &err)) {
		cli_lib_error(&err);
		return false;
	}
	if (!vsharp_pm4_level(*level)) {
		cli_error("--gfx: %s has no PM4 support (allowed gfx9, gfx10, gfx10.3, gfx11, gfx12)",
			  vsharp_gfx_name(*level));
		return false;
	}
	return true;
}

static bool read_all(const char *path, unsigned char **data, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t cap = 4096, n = 0, got;
	unsigned char *buf;

	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return false;
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			unsigned char *bigger = realloc(buf, cap * 2);

			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	if (buf && ferror(f)) {
		cli_error("%s: read error", path);
		free(buf);
		buf = NULL;
	} else if (!buf) {
		cli_error("%s: out of memory", path);
	}
	if (f != stdin)
		fclose(f);
	*data = buf;
	*len = n;
	return buf != NULL;
}

/*
 * A type-3 header always has a byte >= 0xc0, so a raw IB is never all
 * printable ASCII: that is what tells text from binary.
 */
static bool is_text(const unsigned char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!(isprint(data[i]) || data[i] == '\n' || data[i] == '\t' || data[i] == '\r'))
			return false;
	return true;
}

static bool hex_token(const char *tok, size_t len, uint32_t *v)
{
	if (len > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
		tok += 2;
		len -= 2;
	}
	if (!len || len > 8)
		return false;
	*v = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isxdigit((unsigned char)tok[i]))
			return false;
		*v = *v << 4 | (uint32_t)(isdigit((unsigned char)tok[i]) ? tok[i] - '0' :
					 tolower((unsigned char)tok[i]) - 'a' + 10);
	}
	return true;
}

/* Hex dwords separated by blanks or commas, '#' to the end of the line a comment. */
static bool parse_text(const char *path, const unsigned char *data, size_t len,
		       uint32_t *dw, unsigned *n)
{
	unsigned line = 1;
	size_t i = 0;

	*n = 0;
	while (i < len) {
		size_t start;

		if (data[i] == '\n') {
			line++;
			i++;
			continue;
		}
		if (isspace(data[i]) || data[i] == ',') {
			i++;
			continue;
		}
		if (data[i] == '#') {
			while (i < len && data[i] != '\n')
				i++;
			continue;
		}
		start = i;
		while (i < len && !isspace(data[i]) && data[i] != ',' && data[i] != '#')
			i++;
		if (!hex_token((const char *)data + start, i - start, &dw[*n])) {
			cli_error("%s:%u: '%.*s' is not a hex dword (1 to 8 hex digits, optional 0x)",
				  path, line, (int)(i - start), (const char *)data + start);
			return false;
		}
		(*n)++;
	}
	return true;
}

static int decode(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ NULL, false, 0 },
	};
	const char *gfx = NULL, *path = NULL, *val;
	struct vsharp_error err;
	enum vsharp_gfx level;
	unsigned char *data;
	size_t len;
	uint32_t *dw;
	unsigned n = 0;
	int i = 0, id, ret;

	while ((id = cli_getopt(argc, argv, &i, opts, "ib decode", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == 1)
			gfx = val;
		else if (path)
			return cli_error("ib decode: unexpected argument '%s'\n%s", val, usage_ib);
		else
			path = val;
	}
	if (!parse_level(gfx, &level))
		return CLI_EXIT_USAGE;
	if (!path)
		return cli_error("ib decode: FILE: required\n%s", usage_ib);
	if (!read_all(path, &data, &len))
		return CLI_EXIT_USAGE;
	/* Text has at most one dword per two bytes; binary exactly len / 4. */
	dw = malloc((len / 2 + 1) * sizeof(*dw));
	if (!dw) {
		free(data);
		return cli_error("%s: out of memory", path);
	}
	ret = 0;
	if (len && is_text(data, len)) {
		if (!parse_text(path, data, len, dw, &n))
			ret = CLI_EXIT_USAGE;
	} else if (len % 4) {
		ret = cli_error("%s: %zu bytes is not a whole number of dwords", path, len);
	} else {
		n = len / 4;
		for (unsigned k = 0; k < n; k++)
			dw[k] = (uint32_t)data[4 * k] | (uint32_t)data[4 * k + 1] << 8 |
				(uint32_t)data[4 * k + 2] << 16 | (uint32_t)data[4 * k + 3] << 24;
	}
	if (!ret && !n)
		ret = cli_error("%s: no dwords", path);
	if (!ret && vsharp_pm4_print(level, dw, n, stdout, &err)) {
		fflush(stdout);
		ret = cli_lib_error(&err);
	}
	free(dw);
	free(data);
	return ret;
}

/* The peers' memcpy dispatch (dispatch.md §2.3) as vsharp builds it. */
static int example(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--wave32", false, 2 },
		{ NULL, false, 0 },
	};
	struct vsharp_dispatch d = {
		.pgm_va = 0x800000001000ull, .vgprs = 8, .sgprs = 16, .user_sgprs = 8,
		.threads = { 64, 1, 1 }, .groups = { 4, 1, 1 }, .tgid = { true },
		.tidig_comps = 1,
	};
	const char *gfx = NULL, *val;
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	struct vsharp_ib ib;
	uint32_t buf[256];
	unsigned pos = 0;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "ib example", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == 1)
			gfx = val;
		else if (id == 2)
			d.wave32 = true;
		else
			return cli_error("ib example: unexpected argument '%s'\n%s", val, usage_ib);
	}
	if (!parse_level(gfx, &d.level))
		return CLI_EXIT_USAGE;
	/* User data are placeholders: USER_DATA_i = i. */
	for (unsigned k = 0; k < d.user_sgprs; k++)
		d.user_data[k] = k;
	vsharp_ib_init(&ib, buf, 256);
	if (vsharp_pm4_preamble(&ib, d.level, &err) || vsharp_pm4_dispatch(&ib, &d, &err) ||
	    vsharp_pm4_finish(&ib, &err))
		return cli_lib_error(&err);
	printf("# vsharp ib example --gfx %s%s: %u dwords\n", vsharp_gfx_name(d.level),
	       d.wave32 ? " --wave32" : "", ib.n);
	while (vsharp_pm4_next(ib.dw, ib.n, &pos, &p, &err) > 0) {
		const char *name = vsharp_pm4_opcode_name(p.opcode);

		printf("0x%08x", ib.dw[p.offset]);
		for (unsigned k = 0; k < p.n_body; k++)
			printf(" 0x%08x", p.body[k]);
		printf("  # %s\n", name ? name : "?");
	}
	return 0;
}

int cmd_ib(int argc, char **argv)
{
	if (argc >= 1 && !strcmp(argv[0], "decode"))
		return decode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "example"))
		return example(argc - 1, argv + 1);
	return cli_error("ib: expected decode or example\n%s", usage_ib);
}
