// SPDX-License-Identifier: MIT
/*
 * The hang dump readers (vsharp/dump.h) on public dumps
 * (user/tests/data/dumps/README) and on broken copies of them, and
 * Documentation/cli.rst "Dump formats" held to the recogniser table.  The
 * expected values are what the dumps' own decoded text and wave rows state
 * (umr's "OPCODE:22[PKT3_COND_EXEC]", a row's PC_HI/PC_LO and INST_DW0/1),
 * not what vsharp printed.  Run from the top of the tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#include "vsharp/dump.h"
#include "vsharp/dwords.h"

#define DATA "user/tests/data/dumps/"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET)) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		if (buf) {
			buf[n] = '\0';
			*len = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

static int read_dump(struct ktap *t, const char *path, struct vsharp_dump *d)
{
	struct vsharp_error err = { "" };
	int ret = vsharp_dump_read(path, d, &err);

	CHECK_MSG(t, ret == 0, "%s: %d %s", path, ret, err.msg);
	return ret;
}

static unsigned opcode(uint32_t header)
{
	return header >> 8 & 0xff;
}

/* umr ring.rst: slot 512 "OPCODE:22[PKT3_COND_EXEC]", slot 517 "OPCODE:3c[PKT3_WAIT_REG_MEM]". */
static void test_umr_ring(struct ktap *t)
{
	struct vsharp_ring_dump r;
	struct vsharp_error err;
	struct vsharp_dump d;
	uint32_t *buf;

	if (read_dump(t, DATA "umr-ring-polaris11.txt", &d))
		return;
	CHECK_STR(t, d.format, "umr");
	CHECK_EQ(t, d.n, 1);
	CHECK_STR(t, d.s[0].name, "gfx");
	CHECK_EQ(t, d.s[0].first_slot, 512);
	CHECK_EQ(t, d.s[0].n, 12);
	CHECK(t, d.s[0].has_ptrs && d.s[0].rptr == 512 && d.s[0].wptr == 768);
	CHECK_EQ(t, opcode(d.s[0].dw[0]), 0x22);
	CHECK_EQ(t, d.s[0].dw[1], 0x00400060);	/* "word 0: GPU_ADDR_LO32: 0x00400060" */
	CHECK_EQ(t, opcode(d.s[0].dw[5]), 0x3c);
	CHECK_EQ(t, vsharp_dump_ring(&d.s[0], &r, &buf, &err), 0);
	/* From rptr to the window's end (wptr 768 is past what umr dumped). */
	CHECK(t, r.rptr == 512 && r.wptr == 524 && r.n == 1024 && r.ring[512] == 0xc0032200);
	free(buf);
	vsharp_dump_free(&d);
}

static void test_umr_ib(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_dump d;

	/* "Decoding IB at 0@0xff00402000 ... of 19 words", LOAD_EN=1 ... at 0x44. */
	if (!read_dump(t, DATA "umr-ib-decoded.txt", &d)) {
		CHECK_EQ(t, d.n, 1);
		CHECK(t, d.s[0].kind == VSHARP_DUMP_IB && d.s[0].base == 0xff00402000ull);
		CHECK_EQ(t, d.s[0].n, 19);
		CHECK_EQ(t, opcode(d.s[0].dw[16]), 0x28);	/* [PKT3_CONTEXT_CONTROL] */
		CHECK_EQ(t, d.s[0].dw[17], 0x81018003);
		vsharp_dump_free(&d);
	}
	/* The documentation snips an IB of 7376 words after 12: truncated. */
	CHECK_EQ(t, vsharp_dump_read(DATA "umr-ib-snipped-polaris11.txt", &d, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "ends after 12 of the 7376 dwords") &&
		     strstr(err.msg, "truncated"), "%s", err.msg);
}

/* "Shader from ... at 3@0x100000b00, type 1, size 124", ending in s_endpgm. */
static void test_umr_shader(struct ktap *t)
{
	struct vsharp_dump d;

	if (read_dump(t, DATA "umr-shader.txt", &d))
		return;
	CHECK_EQ(t, d.n, 1);
	CHECK(t, d.s[0].kind == VSHARP_DUMP_SHADER && d.s[0].base == 0x100000b00ull);
	CHECK_EQ(t, d.s[0].n, 124 / 4);
	CHECK_EQ(t, d.s[0].dw[30], 0xbf810000);
	CHECK(t, !d.s[0].has_pc);
	vsharp_dump_free(&d);
}

/* A wave: the word at its PC and the next are its INST_DW0/INST_DW1. */
static void check_wave(struct ktap *t, const char *path, uint64_t pc, uint32_t dw0, uint32_t dw1)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_dump d;
	size_t at;

	if (read_dump(t, path, &d))
		return;
	CHECK_EQ(t, d.n, 1);
	s = &d.s[0];
	CHECK_MSG(t, s->kind == VSHARP_DUMP_SHADER && s->has_pc && s->pc == pc,
		  "%s: pc %d 0x%llx, expected 0x%llx", path, s->has_pc, (unsigned long long)s->pc,
		  (unsigned long long)pc);
	at = (size_t)(pc - s->base) / 4;
	CHECK_MSG(t, at + 1 < s->n && s->dw[at] == dw0 && s->dw[at + 1] == dw1,
		  "%s: words at the PC are not INST_DW0/1", path);
	vsharp_dump_free(&d);
}

static void test_umr_waves(struct ktap *t)
{
	/* Rows: "0 0 1 0 0 08412000 00000001 000e10cc c40008cf 000c0b06 ...". */
	check_wave(t, DATA "umr-waves-polaris11.txt", 0x1000e10ccull, 0xc40008cf, 0x000c0b06);
	/* -O bits: "pc_hi: 00000001 | pc_lo: 005809c8 | wave_inst_dw0: f0880800 | ...00a30811". */
	check_wave(t, DATA "umr-waves-bits-polaris11.txt", 0x1005809c8ull, 0xf0880800, 0x00a30811);
	/* Older umr: "... 00000001 00040a30 bf8c0f70 d2960000 ..." and >pgm[4@ADDR] lines. */
	check_wave(t, DATA "umr-waves-old.txt", 0x100040a30ull, 0xbf8c0f70, 0xd2960000);
	/* gfx1201: '*' on "s_cbranch_vccnz 65535" at +0x4, the loop the page says the wave spins in. */
	check_wave(t, DATA "umr-waves-gfx1201-pgm.txt", 0x7a0944aa5604ull, 0xbfa4ffff, 0xbfb00000);
}

/* What vsharp disasm is given: the shader of a dump, or "not a dump", or a refusal for PM4. */
static void test_dump_shader(struct ktap *t)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_error err = { "" };
	struct vsharp_dump d;

	CHECK_EQ(t, vsharp_dump_shader(DATA "umr-waves-old.txt", NULL, &d, &s, &err), 0);
	CHECK(t, s->base == 0x100040a20ull && s->has_pc && s->n == 8);
	vsharp_dump_free(&d);
	{
		char path[] = "/tmp/vsharp-dumps-XXXXXX";
		int fd = mkstemp(path);

		CHECK(t, fd >= 0 && write(fd, "0x1 0x2\n", 8) == 8);
		CHECK_EQ(t, vsharp_dump_shader(path, NULL, &d, &s, &err), 1);
		close(fd);
		unlink(path);
	}
	CHECK_EQ(t, vsharp_dump_shader(DATA "umr-ib-decoded.txt", NULL, &d, &s, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "is an IB, not shader code"), "%s", err.msg);
}

static void test_devcoredump(struct ktap *t)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_error err = { "" };
	struct vsharp_ring_dump r;
	struct vsharp_dump d;
	uint32_t *buf;

	if (read_dump(t, DATA "devcoredump-polaris11.txt", &d))
		return;
	CHECK_STR(t, d.format, "devcoredump");
	CHECK_STR(t, d.timed_out, "gfx_0.0.0");
	CHECK_EQ(t, d.n, 3);
	s = vsharp_dump_pick(&d, NULL, &err);
	CHECK_MSG(t, s && !strcmp(s->name, "gfx_0.0.0"), "%s", err.msg);
	if (s) {
		/* "Rptr: 0x200 Wptr: 0x20c RB mask: 3ff", "Ring size in dwords: 1024". */
		CHECK(t, s->ring_dw == 1024 && s->n == 1024 && s->rptr == 0x200 && s->wptr == 0x20c);
		CHECK_EQ(t, vsharp_dump_ring(s, &r, &buf, &err), 0);
		CHECK(t, r.rptr == 512 && r.wptr == 524 && opcode(r.ring[512]) == 0x22);
		free(buf);
	}
	s = vsharp_dump_pick(&d, "IB #0", &err);
	CHECK(t, s && s->kind == VSHARP_DUMP_IB && s->base == 0xff00402000ull && s->n == 19);
	s = vsharp_dump_pick(&d, "comp_1.0.0", &err);
	CHECK(t, s && s->rptr == 0x40 && s->wptr == 0x40 && s->n == 256);
	CHECK(t, !vsharp_dump_pick(&d, "sdma0", &err));
	CHECK_MSG(t, strstr(err.msg, "ring gfx_0.0.0 (line 24)"), "%s", err.msg);
	vsharp_dump_free(&d);
}

/* libdrm shader_test_util.c's memset V#: 0x00400000 0x00100000 0x400 0x74fac. */
static void test_radv_folder(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_dump d;
	uint32_t v[8];
	size_t n = 0;

	if (read_dump(t, DATA "radv-hang", &d))
		return;
	CHECK_STR(t, d.format, "radv-hang-report");
	CHECK(t, d.n == 1 && !strcmp(d.s[0].name, "main IB") && d.s[0].n == 30);
	CHECK_EQ(t, vsharp_dump_descriptors(&d, v, 8, &n, &err), 0);
	CHECK(t, n == 4 && v[0] == 0x00400000 && v[1] == 0x00100000 && v[2] == 0x400 &&
		 v[3] == 0x74fac);
	vsharp_dump_free(&d);
	if (!read_dump(t, DATA "vsharp-desc-umr-memset.txt", &d)) {
		CHECK_STR(t, d.format, "umr-lookup");
		CHECK_EQ(t, vsharp_dump_descriptors(&d, v, 8, &n, &err), 0);
		CHECK(t, n == 4 && v[0] == 0x00400000 && v[1] == 0x00100000 && v[2] == 0x400 &&
			 v[3] == 0x74fac);
		vsharp_dump_free(&d);
	}
	if (!read_dump(t, DATA "mesa-vsharp-memset.txt", &d)) {
		CHECK_STR(t, d.format, "mesa-reg");
		CHECK_EQ(t, vsharp_dump_descriptors(&d, v, 8, &n, &err), 0);
		CHECK(t, n == 4 && v[2] == 0x400 && v[3] == 0x74fac);
		vsharp_dump_free(&d);
	}
}

static int parse_text(const char *text, size_t len, struct vsharp_error *err)
{
	struct vsharp_dump d;
	int ret = vsharp_dump_parse(text, len, &d, err);

	if (!ret)
		vsharp_dump_free(&d);
	return ret;
}

/* Line LINE (1-based) of TEXT replaced by WITH. */
static char *replace_line(const char *text, size_t len, unsigned line, const char *with,
			  size_t *out_len)
{
	const char *a = text, *b;
	char *out;

	for (unsigned k = 1; k < line; k++)
		a = strchr(a, '\n') + 1;
	b = strchr(a, '\n');
	out = malloc(len + strlen(with) + 1);
	memcpy(out, text, (size_t)(a - text));
	strcpy(out + (a - text), with);
	strcat(out, b);
	*out_len = strlen(out);
	return out;
}

/*
 * Real devcoredumps posted to the kernel lists (README): the header alone,
 * no ring section, so no words.  The ring is the one each states in its
 * "IP Type: N Ring Name: NAME" line; André Almeida's 6.4 dump has none.
 */
static void test_devcoredump_header(struct ktap *t)
{
	static const struct {
		const char *file, *timed_out;
		unsigned ip_line;	/* its "IP Type:" line, 0: none */
	} dumps[] = {
		{ "devcoredump-6.7-header.txt", "gfx_0.0.0", 9 },
		{ "devcoredump-6.19-gfx1200.txt", "sdma0", 16 },
		{ "devcoredump-6.4-ibs.txt", "", 0 },
	};

	for (size_t i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++) {
		struct vsharp_error err = { "" };
		char path[128], want[32], *text, *bad;
		struct vsharp_dump d;
		size_t len, bad_len;

		snprintf(path, sizeof(path), DATA "%s", dumps[i].file);
		if (read_dump(t, path, &d))
			continue;
		CHECK_STR(t, d.format, "devcoredump");
		CHECK_STR(t, d.timed_out, dumps[i].timed_out);
		CHECK(t, d.n == 0 && d.n_reg == 0);
		CHECK(t, !vsharp_dump_pick(&d, NULL, &err));
		CHECK_MSG(t, strstr(err.msg, "no ring contents"), "%s: %s", path, err.msg);
		vsharp_dump_free(&d);
		text = slurp(path, &len);
		if (!text || !dumps[i].ip_line) {
			free(text);
			continue;
		}
		/* The one header line kept must be whole: no number, or no ring name. */
		snprintf(want, sizeof(want), "line %u:", dumps[i].ip_line);
		bad = replace_line(text, len, dumps[i].ip_line, "IP Type: two Ring Name: sdma0",
				   &bad_len);
		CHECK_MSG(t, parse_text(bad, bad_len, &err) == -EINVAL && strstr(err.msg, want),
			  "%s, IP type mangled: %s", path, err.msg);
		free(bad);
		bad = replace_line(text, len, dumps[i].ip_line, "IP Type: 0 Ring Name:", &bad_len);
		CHECK_MSG(t, parse_text(bad, bad_len, &err) == -EINVAL && strstr(err.msg, want),
			  "%s, ring name cut: %s", path, err.msg);
		free(bad);
		free(text);
	}
}

/*
 * Mesa's register lines as a RADV_DEBUG=hang trace.log showed them (prosper
 * #1809, README): two SH registers, both "<- 0", no V#.
 */
static void test_mesa_reg_real(struct ktap *t)
{
	struct vsharp_error err = { "" };
	struct vsharp_dump d;
	uint32_t v[4];
	size_t n;

	if (read_dump(t, DATA "mesa-radv-trace-gs-user-data.txt", &d))
		return;
	CHECK_STR(t, d.format, "mesa-reg");
	CHECK(t, d.n == 0 && d.n_reg == 2);
	if (d.n_reg == 2) {
		CHECK_STR(t, d.reg[0].name, "SPI_SHADER_USER_DATA_GS_0");
		CHECK(t, d.reg[0].value == 0 && d.reg[0].line == 2);
		CHECK_STR(t, d.reg[1].name, "SPI_SHADER_USER_DATA_GS_1");
		CHECK(t, d.reg[1].value == 0 && d.reg[1].line == 3);
	}
	CHECK_EQ(t, vsharp_dump_descriptors(&d, v, 4, &n, &err), -ENOENT);
	vsharp_dump_free(&d);
}

/* Every dump with a line mangled is refused naming that line; cut short, where it says its length. */
static void test_malformed(struct ktap *t)
{
	static const struct {
		const char *file;
		unsigned line;		/* a line holding words */
		bool sized;		/* its header gives its length */
	} dumps[] = {
		{ "umr-ring-polaris11.txt", 8, false },
		{ "umr-ib-decoded.txt", 10, true },
		{ "umr-shader.txt", 12, true },
		{ "umr-waves-polaris11.txt", 15, false },
		{ "umr-waves-bits-polaris11.txt", 48, false },
		{ "umr-waves-old.txt", 5, false },
		{ "devcoredump-polaris11.txt", 600, true },
		{ "mesa-radv-trace-gs-user-data.txt", 3, false },
	};

	for (size_t i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++) {
		char path[128], want[32], *text, *bad;
		struct vsharp_error err = { "" };
		size_t len, bad_len;
		int ret;

		snprintf(path, sizeof(path), DATA "%s", dumps[i].file);
		text = slurp(path, &len);
		CHECK_MSG(t, text != NULL, "%s: cannot read it", path);
		if (!text)
			continue;
		bad = replace_line(text, len, dumps[i].line, "\tthis line is not in the format", &bad_len);
		ret = parse_text(bad, bad_len, &err);
		snprintf(want, sizeof(want), "line %u:", dumps[i].line);
		CHECK_MSG(t, ret == -EINVAL && strstr(err.msg, want), "%s mangled at %s: %d %s",
			  dumps[i].file, want, ret, err.msg);
		free(bad);
		if (dumps[i].sized) {
			/* Cut in the middle of the words. */
			const char *cut = text;

			for (unsigned k = 1; k < dumps[i].line; k++)
				cut = strchr(cut, '\n') + 1;
			ret = parse_text(text, (size_t)(cut - text), &err);
			CHECK_MSG(t, ret == -EINVAL && strstr(err.msg, "truncated"),
				  "%s cut at line %u: %d %s", dumps[i].file, dumps[i].line, ret,
				  err.msg);
		}
		free(text);
	}
}

static int words(const char *s, uint32_t *out, size_t *n, struct vsharp_error *err)
{
	return vsharp_dwords_parse(s, strlen(s), out, 64, n, err);
}

/* Columns that mean something else are never read as dwords. */
static void test_not_words(struct ktap *t)
{
	struct vsharp_error err = { "" };
	uint32_t out[64];
	size_t n, len;
	char *text;

	CHECK_EQ(t, words("0 0 6 0 3 08010100 00000001 00040a30 bf8c0f70 d2960000 ffffffff ffffffff 08400603 0003030c 0000201c 20000000 00000000 00000000 00000000 00000000 00000000 00000b26 80000000",
			  out, &n, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "umr --waves row"), "%s", err.msg);
	CHECK_EQ(t, words("0x0 \t 0xc0032200\n", out, &n, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "line 1:") && strstr(err.msg, "devcoredump ring line"), "%s",
		  err.msg);
	CHECK_EQ(t, words("0x200 0xc0032200\n0x204 0x00400060\n", out, &n, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "line 2:") && strstr(err.msg, "devcoredump"), "%s", err.msg);
	/* Two words a line that do not count up by 4 are words. */
	CHECK_EQ(t, words("0x200 0xc0032200\n0x300 0x00400060\n", out, &n, &err), 0);
	CHECK_EQ(t, n, 4);
	/* A whole devcoredump holds three streams: the word reader names them. */
	text = slurp(DATA "devcoredump-polaris11.txt", &len);
	if (text) {
		uint32_t *big = malloc(4096 * sizeof(*big));

		CHECK_EQ(t, vsharp_dwords_parse(text, len, big, 4096, &n, &err), -EINVAL);
		CHECK_MSG(t, strstr(err.msg, "3 streams") && strstr(err.msg, "--stream"), "%s",
			  err.msg);
		free(big);
		free(text);
	}
	/* A dump with one stream gives its words: the umr shader. */
	text = slurp(DATA "umr-shader.txt", &len);
	if (text) {
		CHECK_EQ(t, vsharp_dwords_parse(text, len, out, 64, &n, &err), 0);
		CHECK(t, n == 31 && out[0] == 0x32080005);
		free(text);
	}
}

/* The "Dump formats" section of cli.rst: [*start, end). */
static const char *section(const char *doc, const char **end)
{
	const char *s = strstr(doc, "\nDump formats\n------------\n"), *e;

	if (!s)
		return NULL;
	e = strstr(s + 30, "\n----");
	/* The next section's title is the line before its underline. */
	while (e && e > s && e[-1] != '\n')
		e--;
	*end = e ? e : s + strlen(s);
	return s;
}

static bool within(const char *s, const char *end, const char *needle)
{
	size_t k = strlen(needle);

	for (const char *p = s; p + k <= end; p++)
		if (!memcmp(p, needle, k))
			return true;
	return false;
}

/* Every format and marker of the table is in cli.rst; every example there reads as its format. */
static void test_cli_rst(struct ktap *t)
{
	size_t n, len, examples = 0;
	const struct vsharp_dump_format *f = vsharp_dump_formats(&n);
	char *doc = slurp("Documentation/cli.rst", &len);
	const char *s, *end, *p;

	CHECK_MSG(t, doc != NULL, "Documentation/cli.rst: cannot read it (run from the tree's top)");
	if (!doc)
		return;
	s = section(doc, &end);
	CHECK_MSG(t, s != NULL, "cli.rst has no \"Dump formats\" section");
	for (size_t i = 0; s && i < n; i++) {
		char name[64], marker[96];
		const char *m = f[i].markers;

		snprintf(name, sizeof(name), "``%s``", f[i].name);
		CHECK_MSG(t, within(s, end, name), "cli.rst does not name format %s", name);
		while (*m) {
			size_t k = strcspn(m, ";");

			snprintf(marker, sizeof(marker), "``%.*s``", (int)k, m);
			CHECK_MSG(t, within(s, end, marker), "cli.rst lacks %s's marker %s",
				  f[i].name, marker);
			m += k;
			while (*m == ';' || *m == ' ')
				m++;
		}
	}
	for (p = s; s && (p = strstr(p, "Example (")) && p < end; p++) {
		const char *close = strchr(p, ')'), *body = strstr(p, "::\n\n"), *q;
		char name[32], text[2048];
		struct vsharp_error err = { "" };
		struct vsharp_dump d;
		size_t k = 0;
		int ret;

		snprintf(name, sizeof(name), "%.*s", (int)(close - p - 9), p + 9);
		/* The literal block: the indented lines after "::" and a blank line. */
		for (q = body + 4; *q == ' ' && k < sizeof(text) - 200;) {
			const char *nl = strchr(q, '\n');

			while (*q == ' ')
				q++;
			memcpy(text + k, q, (size_t)(nl - q) + 1);
			k += (size_t)(nl - q) + 1;
			q = nl + 1;
		}
		ret = vsharp_dump_parse(text, k, &d, &err);
		CHECK_MSG(t, ret == 0 && !strcmp(d.format, name) && (d.n || d.n_reg),
			  "cli.rst example (%s) reads as %s: %d %s", name, ret ? "-" : d.format, ret,
			  err.msg);
		if (!ret)
			vsharp_dump_free(&d);
		examples++;
	}
	CHECK_EQ(t, examples, n);
	free(doc);
}

KTAP_MAIN(KTAP_CASE(test_umr_ring), KTAP_CASE(test_umr_ib), KTAP_CASE(test_umr_shader),
	  KTAP_CASE(test_umr_waves), KTAP_CASE(test_dump_shader), KTAP_CASE(test_devcoredump), KTAP_CASE(test_devcoredump_header),
	  KTAP_CASE(test_radv_folder), KTAP_CASE(test_mesa_reg_real),
	  KTAP_CASE(test_malformed), KTAP_CASE(test_not_words), KTAP_CASE(test_cli_rst))
