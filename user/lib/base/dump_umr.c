// SPDX-License-Identifier: MIT
/*
 * umr's ring, IB, shader and wave dumps, in the forms umr's own
 * documentation shows them (gitlab.freedesktop.org/tomstdenis/umr,
 * doc/sphinx/source/ring_decoding.rst and wave_status.rst; the Polaris11
 * examples):
 *
 *   polaris11.gfx.rptr == 512                  ring pointers (slots)
 *   polaris11.gfx.ring[ 512] == 0xc0032200  r.. PKT3 ...   a ring slot
 *   Dumping IB at (gfxhub) VMID:5 0x101ff7000 of 7376 words from ring[1549]
 *   IB[5@0x101ff7000 + 0x4   ] = 0x00000800 ... IB words, byte offsets
 *   End of IB
 *   Decoding IB at 7@0x223000 from 0@0x8c of 512 words (type 4)   (umr 1.0+)
 *   [7@0x00223000 + 0x0004] [0x80000000]    |---> ...
 *   Done decoding IB
 *   Disassembly of shader 5@0x1000e0800 of length 60 bytes from IB[...]
 *   Shader from 3@[0x208800 + 0x3d0] at 3@0x100000b00, type 1, size 124
 *      pgm[5@0x1000e0800 + 0x0   ] = 0x7e020203    v_mov_b32_e32 v1, s3
 *    * pgm[...]                                    '*': the wave's PC
 *   Done disassembly of shader
 *   SE SH CU SIMD WAVE# WAVE_STATUS PC_HI PC_LO ...   --waves, a row per wave
 *   >pgm[4@100040a20] = 7e021101                    (older umr)
 *   se0.sh0.cu0.simd0.wave0 / Main Registers: / pc_hi: 00000001 | ... / PGM_MEM:
 *
 * Each line is matched against the table below; the words come from the
 * value column only (the offset/slot column is checked, not read as a
 * word), and a line no row knows is refused.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/dump_fmt.h"

struct umr {
	struct vsharp_dump *d;
	struct vsharp_dump_stream *cur;	/* the IB or shader being read; NULL: none */
	uint64_t want;			/* the dwords its header promises; 0: not said */
	uint64_t line_va;		/* the address its word lines print (some umr */
	bool line_va_set;		/* versions print 0 there, not the header's) */
	unsigned want_line;
	unsigned vmid;
	bool regs;			/* in a "Shader registers" block */
	bool have_pc;			/* the wave's PC, for the next shader window */
	uint64_t pc;
	unsigned wave_cols, pc_hi_col, pc_lo_col;	/* the --waves header */
	struct vsharp_error *err;
};

/* The ring stream NAME, made on first use. */
static struct vsharp_dump_stream *ring(struct umr *u, const char *name, size_t len, unsigned line)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.*s", (int)(len < 63 ? len : 63), name);
	for (size_t i = 0; i < u->d->n; i++)
		if (u->d->s[i].kind == VSHARP_DUMP_RING && !strcmp(u->d->s[i].name, buf))
			return &u->d->s[i];
	u->cur = NULL;
	return dump_stream(u->d, VSHARP_DUMP_RING, buf, line, u->err);
}

/* "polaris11.gfx" -> "gfx": umr prefixes the ASIC. */
static void ring_name(const char *s, const char *end, const char **name, size_t *len)
{
	const char *dot = memchr(s, '.', (size_t)(end - s));

	*name = dot ? dot + 1 : s;
	*len = (size_t)(end - *name);
}

/* "x.gfx.ring[ 512] == 0xc0032200 ...": slot 512 of ring gfx. */
static int ring_word(struct umr *u, struct dump_line l)
{
	const char *at = dump_find(l, ".ring["), *p, *end = l.s + l.len, *name;
	struct vsharp_dump_stream *s;
	uint64_t slot, v;
	size_t len;

	if (!at || (size_t)(at - l.s) > 64)
		return 1;
	p = at + 6;
	dump_blanks(&p, end);
	if (!dump_dec(&p, end, &slot) || !dump_lit(&p, end, "]") || !dump_lit(&p, end, "==") ||
	    (dump_blanks(&p, end), !dump_hex(&p, end, &v)) || v > UINT32_MAX)
		return dump_refuse(u->err, l, "is not 'ASIC.RING.ring[ N] == 0xVALUE'");
	ring_name(dump_trim(l).s, at, &name, &len);
	s = ring(u, name, len, l.no);
	if (!s)
		return -ENOMEM;
	if (!s->n)
		s->first_slot = (uint32_t)slot;
	else if (slot != s->first_slot + s->n && slot != 0)
		return dump_refuse(u->err, l, "skips ring slots (umr prints each slot once, in order)");
	return dump_push(s, (uint32_t)v, u->err);
}

/* "polaris11.gfx.rptr == 512", wptr, drv_wptr (the driver's copy, not kept). */
static int ring_ptr(struct umr *u, struct dump_line l)
{
	static const char *const ptrs[] = { ".rptr ==", ".wptr ==", ".drv_wptr ==" };
	struct dump_line t = dump_trim(l);

	for (unsigned k = 0; k < 3; k++) {
		const char *at = dump_find(t, ptrs[k]), *p, *name;
		struct vsharp_dump_stream *s;
		uint64_t v;
		size_t len;

		if (!at)
			continue;
		p = at + strlen(ptrs[k]);
		dump_blanks(&p, t.s + t.len);
		if (!dump_dec(&p, t.s + t.len, &v) || p != t.s + t.len)
			return dump_refuse(u->err, l, "is not 'ASIC.RING.rptr == N'");
		ring_name(t.s, at, &name, &len);
		s = ring(u, name, len, l.no);
		if (!s)
			return -ENOMEM;
		if (k < 2)
			s->has_ptrs = true;
		if (k == 0)
			s->rptr = (uint32_t)v;
		else if (k == 1)
			s->wptr = (uint32_t)v;
		return 0;
	}
	return 1;
}

/* The header promised WANT dwords: a stream with fewer was cut short. */
static int complete(struct umr *u, unsigned line)
{
	struct vsharp_dump_stream *s = u->cur;

	u->cur = NULL;
	if (!s || !u->want || s->n == u->want)
		return 0;
	return vsharp_fail(u->err, -EINVAL,
			   "line %u: %s %s ends after %zu of the %llu dwords its header (line %u) gives (truncated)",
			   line, s->kind == VSHARP_DUMP_IB ? "IB" : "shader", s->name, s->n,
			   (unsigned long long)u->want, u->want_line);
}

/* ", of N words", "of length N bytes", "size N" (bytes): the dwords promised. */
static uint64_t promised(struct dump_line l)
{
	static const struct { const char *key; unsigned div; } says[] = {
		{ " of length ", 4 }, { " size ", 4 }, { " of ", 1 },
	};
	struct dump_line t = dump_trim(l);

	for (unsigned k = 0; k < 3; k++) {
		const char *p = dump_find(t, says[k].key);
		uint64_t v;

		if (p && (p += strlen(says[k].key), dump_dec(&p, t.s + t.len, &v)))
			return v / says[k].div;
	}
	return 0;
}

static int open_stream(struct umr *u, enum vsharp_dump_kind kind, uint64_t vmid, uint64_t base,
		       struct dump_line l)
{
	char name[64];
	unsigned line = l.no;
	int ret = complete(u, line);

	if (ret)
		return ret;
	u->want = kind == VSHARP_DUMP_SHADER && !dump_starts(l, "Disassembly") &&
		  !dump_starts(l, "Shader from") ? 0 : promised(l);
	u->want_line = line;
	u->line_va_set = false;

	snprintf(name, sizeof(name), "%llu@0x%llx", (unsigned long long)vmid,
		 (unsigned long long)base);
	u->cur = dump_stream(u->d, kind, name, line, u->err);
	if (!u->cur)
		return -ENOMEM;
	u->cur->base = base;
	u->cur->has_base = true;
	u->vmid = (unsigned)vmid;
	u->regs = false;
	return 0;
}

/* "Dumping IB at (gfxhub) VMID:5 0x101ff7000 of 7376 words from ring[1549]" */
static int dumping_ib(struct umr *u, struct dump_line l)
{
	const char *p = dump_find(l, "VMID:"), *end = l.s + l.len;
	uint64_t vmid, va;

	if (!dump_starts(l, "Dumping IB at "))
		return 1;
	if (!p || (p += 5, !dump_dec(&p, end, &vmid)) || (dump_blanks(&p, end), !dump_hex(&p, end, &va)))
		return dump_refuse(u->err, l, "is not 'Dumping IB at (HUB) VMID:N 0xADDRESS of N words ...'");
	return open_stream(u, VSHARP_DUMP_IB, vmid, va, l);
}

/* "Decoding IB at 7@0x223000 from 0@0x8c of 512 words (type 4)" */
static int decoding_ib(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p = t.s + strlen("Decoding IB at "), *end = t.s + t.len;
	uint64_t vmid, va;

	if (!dump_starts(l, "Decoding IB at "))
		return 1;
	if (!dump_hex(&p, end, &vmid) || !dump_lit(&p, end, "@") || !dump_hex(&p, end, &va))
		return dump_refuse(u->err, l, "is not 'Decoding IB at VMID@0xADDRESS from ...'");
	return open_stream(u, VSHARP_DUMP_IB, vmid, va, l);
}

/* "Disassembly of shader 5@0x1000e0800 of length 60 bytes from IB[...]" */
static int shader_head(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p, *end = t.s + t.len;
	uint64_t vmid, va;

	if (dump_starts(l, "Disassembly of shader ")) {
		p = t.s + strlen("Disassembly of shader ");
	} else if (dump_starts(l, "Shader from ")) {
		/* "Shader from 3@[0x208800 + 0x3d0] at 3@0x100000b00, type 1, size 124" */
		p = dump_find(t, "] at ");
		if (!p)
			return dump_refuse(u->err, l, "is not 'Shader from V@[...] at V@0xADDRESS, ...'");
		p += 5;
	} else {
		return 1;
	}
	if (!dump_hex(&p, end, &vmid) || !dump_lit(&p, end, "@") || !dump_hex(&p, end, &va))
		return dump_refuse(u->err, l, "does not name the shader's VMID@0xADDRESS");
	return open_stream(u, VSHARP_DUMP_SHADER, vmid, va, l);
}

/* Word N of the open stream must sit at byte offset OFF (or at address OFF if ABS). */
static int stream_word(struct umr *u, struct dump_line l, const char *what, uint64_t vmid,
		       uint64_t va, uint64_t off, uint64_t v, bool star)
{
	struct vsharp_dump_stream *s = u->cur;

	if (!s)
		return dump_refuse(u->err, l, "is a word outside any IB or shader (its header line is missing)");
	if (!u->line_va_set) {
		u->line_va = va;
		u->line_va_set = true;
	}
	if (vmid != u->vmid || va != u->line_va)
		return dump_refuse(u->err, l, "does not belong to the IB or shader its header names");
	if (off != 4 * s->n) {
		char why[160];

		snprintf(why, sizeof(why),
			 "is at byte 0x%llx where %s dword %zu (0x%zx) is due: dwords are missing (umr prints no line for some words), so the stream cannot be read whole",
			 (unsigned long long)off, what, s->n, 4 * s->n);
		return dump_refuse(u->err, l, why);
	}
	if (v > UINT32_MAX)
		return dump_refuse(u->err, l, "has a value over 32 bits");
	if (star) {
		s->has_pc = true;
		s->pc = s->base + off;
	}
	return dump_push(s, (uint32_t)v, u->err);
}

/* "IB[5@0x101ff7000 + 0x4   ] = 0x00000800 ..." */
static int ib_word(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p = t.s + 3, *end = t.s + t.len;
	uint64_t vmid, va, off, v;

	if (!dump_starts(l, "IB["))
		return 1;
	if (!dump_hex(&p, end, &vmid) || !dump_lit(&p, end, "@") || !dump_hex(&p, end, &va) ||
	    !dump_lit(&p, end, "+") || (dump_blanks(&p, end), !dump_hex(&p, end, &off)) ||
	    !dump_lit(&p, end, "]") || !dump_lit(&p, end, "=") ||
	    (dump_blanks(&p, end), !dump_hex(&p, end, &v)))
		return dump_refuse(u->err, l, "is not 'IB[V@0xADDRESS + 0xOFFSET] = 0xVALUE'");
	return stream_word(u, l, "IB", vmid, va, off, v, false);
}

/* "[7@0x00223000 + 0x0004] [0x80000000]    |---> ..." (umr 1.0's decoder) */
static int bracket_word(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p = t.s + 1, *end = t.s + t.len;
	uint64_t vmid, va, off, v;

	if (!dump_starts(l, "[") || !dump_find(t, "@") || !dump_find(t, "+ 0x"))
		return 1;
	if (!dump_hex(&p, end, &vmid) || !dump_lit(&p, end, "@") || !dump_hex(&p, end, &va) ||
	    !dump_lit(&p, end, "+") || (dump_blanks(&p, end), !dump_hex(&p, end, &off)) ||
	    !dump_lit(&p, end, "]") || !dump_lit(&p, end, "[") ||
	    (dump_blanks(&p, end), !dump_hex(&p, end, &v)) || !dump_lit(&p, end, "]"))
		return dump_refuse(u->err, l, "is not '[V@0xADDRESS + 0xOFFSET] [0xVALUE]'");
	return stream_word(u, l, "IB", vmid, va, off, v, false);
}

/*
 * "pgm[5@0x1000e0800 + 0x4   ] = 0x7e040202   v_mov_b32_e32 v2, s2" and the
 * older "pgm[4@100040a20] = 7e021101", either after '*' (the PC) or '>'.
 */
static int pgm_word(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p = t.s, *end = t.s + t.len;
	uint64_t vmid, va, off = 0, v;
	bool star = false, relative;
	int ret;

	if (p < end && (*p == '*' || *p == '>')) {
		star = *p == '*';
		p++;
		dump_blanks(&p, end);
	}
	if ((size_t)(end - p) < 4 || memcmp(p, "pgm[", 4))
		return 1;
	p += 4;
	if (!dump_hex(&p, end, &vmid) || !dump_lit(&p, end, "@") || !dump_hex(&p, end, &va))
		return dump_refuse(u->err, l, "is not 'pgm[V@0xADDRESS ...] = VALUE'");
	relative = dump_lit(&p, end, "+");
	if ((relative && (dump_blanks(&p, end), !dump_hex(&p, end, &off))) ||
	    !dump_lit(&p, end, "]") || !dump_lit(&p, end, "=") ||
	    (dump_blanks(&p, end), !dump_hex(&p, end, &v)))
		return dump_refuse(u->err, l, "is not 'pgm[V@0xADDRESS + 0xOFFSET] = 0xVALUE'");
	if (!relative) {
		/* The older form prints each word's own address. */
		if (!u->cur || u->cur->kind != VSHARP_DUMP_SHADER) {
			ret = open_stream(u, VSHARP_DUMP_SHADER, vmid, va, l);
			if (ret)
				return ret;
		}
		off = va - u->cur->base;
		va = u->cur->base;
	} else if (!u->cur || u->cur->kind != VSHARP_DUMP_SHADER) {
		/* A wave's PGM_MEM window has no header line of its own. */
		ret = open_stream(u, VSHARP_DUMP_SHADER, vmid, va, l);
		if (ret)
			return ret;
	}
	if (u->have_pc && !u->cur->n) {
		u->cur->has_pc = true;
		u->cur->pc = u->pc;
	}
	if (star && u->cur->has_pc && u->cur->pc != u->cur->base + off)
		return dump_refuse(u->err, l, "marks a PC that is not the wave's PC_HI:PC_LO");
	return stream_word(u, l, "shader", vmid, va, off, v, star);
}

static int closing(struct umr *u, struct dump_line l)
{
	static const char *const ends[] = {
		"End of IB", "Done decoding IB", "Done disassembly of shader", "End of disassembly.",
	};

	for (unsigned k = 0; k < sizeof(ends) / sizeof(ends[0]); k++) {
		if (!dump_is(l, ends[k]))
			continue;
		if (!u->cur)
			return dump_refuse(u->err, l, "closes no IB or shader");
		return complete(u, l.no);
	}
	if (dump_starts(l, "PGM_MEM"))
		return complete(u, l.no);
	return 1;
}

/* "Shader registers (unfiltered):" up to "Shader program:": register values, skipped. */
static int shader_regs(struct umr *u, struct dump_line l)
{
	if (dump_starts(l, "Shader registers")) {
		u->regs = true;
		return 0;
	}
	if (dump_is(l, "Shader program:")) {
		u->regs = false;
		return 0;
	}
	return u->regs && dump_find(l, "==") ? 0 : 1;
}

static unsigned tokens(struct dump_line l, const char **tok, size_t *len, unsigned max)
{
	const char *p = l.s, *end = l.s + l.len;
	unsigned n = 0;

	for (;;) {
		dump_blanks(&p, end);
		if (p == end || n == max)
			return n;
		tok[n] = p;
		while (p < end && *p != ' ' && *p != '\t')
			p++;
		len[n] = (size_t)(p - tok[n]);
		n++;
	}
}

static bool token_is(const char *tok, size_t len, const char *s)
{
	return len == strlen(s) && !memcmp(tok, s, len);
}

/* "SE SH CU SIMD WAVE# WAVE_STATUS PC_HI PC_LO ...", then one row a wave. */
static int waves(struct umr *u, struct dump_line l)
{
	const char *tok[40];
	size_t len[40];
	unsigned n = tokens(l, tok, len, 40);
	uint64_t hi = 0, lo = 0;

	if (n >= 5 && token_is(tok[0], len[0], "SE") && token_is(tok[1], len[1], "SH") &&
	    token_is(tok[2], len[2], "CU")) {
		u->wave_cols = n;
		u->pc_hi_col = u->pc_lo_col = 0;
		for (unsigned i = 0; i < n; i++) {
			if (token_is(tok[i], len[i], "PC_HI"))
				u->pc_hi_col = i;
			if (token_is(tok[i], len[i], "PC_LO"))
				u->pc_lo_col = i;
		}
		return 0;
	}
	if (!u->wave_cols || n != u->wave_cols)
		return 1;
	for (unsigned i = 0; i < n; i++) {
		const char *p = tok[i];
		uint64_t v;

		if (!dump_hex(&p, tok[i] + len[i], &v) || p != tok[i] + len[i])
			return dump_refuse(u->err, l, "is not a --waves row (numbers under the header's columns)");
	}
	if (complete(u, l.no))
		return -EINVAL;
	u->have_pc = u->pc_hi_col && u->pc_lo_col &&
		     dump_hex(&tok[u->pc_hi_col], tok[u->pc_hi_col] + len[u->pc_hi_col], &hi) &&
		     dump_hex(&tok[u->pc_lo_col], tok[u->pc_lo_col] + len[u->pc_lo_col], &lo);
	u->pc = hi << 32 | lo;
	return 0;
}

/* -O bits: "se1.sh0.cu7.simd0.wave0", "Main Registers:", "pc_hi: 00000001 | ...". */
static int wave_bits(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);
	const char *p, *end = t.s + t.len;
	uint64_t v;

	if (dump_starts(l, "se") && dump_find(t, ".wave") && !dump_find(t, " ")) {
		if (complete(u, l.no))
			return -EINVAL;
		u->have_pc = false;
		u->pc = 0;
		return 0;
	}
	if (!dump_find(t, ": ") || !dump_find(t, "|"))
		return 1;
	/* "name: hex |" pairs; the PC's halves are kept for the PGM_MEM window. */
	for (p = t.s; p < end;) {
		const char *name = p, *colon = memchr(p, ':', (size_t)(end - p));
		const char *bar;

		if (!colon)
			return dump_refuse(u->err, l, "is not 'name: value |' pairs");
		p = colon + 1;
		dump_blanks(&p, end);
		if (!dump_hex(&p, end, &v) || !dump_lit(&p, end, "|"))
			return dump_refuse(u->err, l, "is not 'name: value |' pairs");
		bar = p;
		while (name < colon && (*name == ' ' || *name == '\t'))
			name++;
		if ((colon - name == 5 && !memcmp(name, "pc_hi", 5)) ||
		    (colon - name == 15 && !memcmp(name, "ixSQ_WAVE_PC_HI", 15))) {
			u->pc = (u->pc & 0xffffffffu) | v << 32;
			u->have_pc = true;
		} else if ((colon - name == 5 && !memcmp(name, "pc_lo", 5)) ||
			   (colon - name == 15 && !memcmp(name, "ixSQ_WAVE_PC_LO", 15))) {
			u->pc = (u->pc & ~0xffffffffull) | v;
			u->have_pc = true;
		}
		p = bar;
		dump_blanks(&p, end);
	}
	return 0;
}

/*
 * The rest of a wave dump, kept out of the words: register group headers
 * ("Wave_Status[08010100]:", "Main Registers:", "SGPRS:", "VGPRS: t00 ..."),
 * GPR rows ("[   0..   3] = { ... }", ">SGPRS[0..3] = { ... }") and the
 * separator line.
 */
static int wave_rest(struct umr *u, struct dump_line l)
{
	struct dump_line t = dump_trim(l);

	(void)u;
	if (!t.len || dump_starts(l, "VGPRS:") || dump_is(l, "Main Registers:") ||
	    dump_is(l, "Register Bits:"))
		return 0;
	if (t.s[t.len - 1] == ':' && !dump_find(t, " "))
		return 0;
	if ((dump_starts(l, "[") || dump_starts(l, ">SGPRS[")) && dump_find(t, "] = {") &&
	    t.s[t.len - 1] == '}')
		return 0;
	if (t.len > 10 && t.s[0] == '-' && t.s[t.len - 1] == '-')
		return 0;
	return 1;
}

static int (*const lines[])(struct umr *u, struct dump_line l) = {
	ring_word, ring_ptr, dumping_ib, decoding_ib, shader_head, ib_word, bracket_word,
	pgm_word, closing, shader_regs, waves, wave_bits, wave_rest,
};

static bool marker(struct dump_line l)
{
	struct dump_line t = dump_trim(l);

	return (dump_find(t, ".ring[") && dump_find(t, "] ==")) ||
	       (dump_starts(l, "IB[") && dump_find(t, "] = ")) || dump_find(t, "pgm[") ||
	       dump_starts(l, "Dumping IB at") || dump_starts(l, "Decoding IB at") ||
	       dump_starts(l, "Disassembly of shader") || dump_starts(l, "Shader from") ||
	       dump_starts(l, "PGM_MEM") || dump_starts(l, "SE SH CU SIMD");
}

bool dump_umr_recognise(const char *text, size_t len)
{
	return dump_any_line(text, len, marker);
}

int dump_umr_parse(const char *text, size_t len, struct vsharp_dump *d, struct vsharp_error *err)
{
	struct umr u = { .d = d, .err = err };
	struct dump_lines it;
	struct dump_line l;

	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l)) {
		int ret = 1;

		for (size_t k = 0; k < sizeof(lines) / sizeof(lines[0]) && ret == 1; k++)
			ret = lines[k](&u, l);
		if (ret == 1)
			ret = dump_refuse(err, l, "is not a line of umr's ring, IB, shader or wave output");
		if (ret)
			return ret;
	}
	if (u.cur && complete(&u, it.no + 1))
		return -EINVAL;
	for (size_t i = 0; i < d->n; i++) {
		struct vsharp_dump_stream *s = &d->s[i];

		if (s->kind == VSHARP_DUMP_RING && !s->n)
			return vsharp_fail(err, -EINVAL, "line %u: ring %s has pointers but no ring[ N] lines",
					   s->line, s->name);
	}
	return 0;
}

/* "polaris11.mmSQ_BUF_RSRC_WORD0 => 0x00000000" and its "\t.FIELD[0:31] == ..." lines. */
static bool lookup_line(struct dump_line l)
{
	return dump_find(l, " => 0x") != NULL;
}

bool dump_umr_lookup_recognise(const char *text, size_t len)
{
	return dump_any_line(text, len, lookup_line);
}

int dump_umr_lookup_parse(const char *text, size_t len, struct vsharp_dump *d,
			  struct vsharp_error *err)
{
	struct dump_lines it;
	struct dump_line l;

	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l)) {
		struct dump_line t = dump_trim(l);
		const char *arrow = dump_find(t, " => 0x"), *p, *end = t.s + t.len;
		uint64_t v;
		int ret;

		if (!t.len || (t.s[0] == '.' && dump_find(t, "]") && dump_find(t, "==")))
			continue;
		if (!arrow)
			return dump_refuse(err, l, "is not an umr --lookup line ('ASIC.mmREG => 0xVALUE' or '.FIELD[lo:hi] == ...')");
		p = arrow + 4;
		if (!dump_hex(&p, end, &v) || p != end || v > UINT32_MAX || dump_find(t, " ") != arrow)
			return dump_refuse(err, l, "is not 'ASIC.mmREG => 0xVALUE'");
		ret = dump_reg(d, t.s, (size_t)(arrow - t.s), (uint32_t)v, l.no, err);
		if (ret)
			return ret;
	}
	return 0;
}
