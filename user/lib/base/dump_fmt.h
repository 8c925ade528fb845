/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_BASE_DUMP_FMT_H
#define VSHARP_BASE_DUMP_FMT_H

/* What the dump readers (dump_*.c) share: lines, numbers, streams, refusals. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/dump.h"

/* One line of the text: [s, s + len), no '\n', 1-based NO. */
struct dump_line {
	const char *s;
	size_t len;
	unsigned no;
};

struct dump_lines {
	const char *text;
	size_t len, at;
	unsigned no;
};

void dump_lines_init(struct dump_lines *it, const char *text, size_t len);
bool dump_next(struct dump_lines *it, struct dump_line *l);

/* L without its leading and trailing blanks. */
struct dump_line dump_trim(struct dump_line l);

/* Whether L (trimmed) starts with / is / holds PREFIX. */
bool dump_starts(struct dump_line l, const char *prefix);
bool dump_is(struct dump_line l, const char *word);
const char *dump_find(struct dump_line l, const char *needle);

/*
 * Scanning numbers: *P moves past what was read.  dump_hex takes an
 * optional 0x and 1 to 16 hex digits; dump_dec decimal digits.
 */
bool dump_hex(const char **p, const char *end, uint64_t *v);
bool dump_dec(const char **p, const char *end, uint64_t *v);
/* Skips blanks; then LIT must follow (true, moved past it). */
bool dump_lit(const char **p, const char *end, const char *lit);
void dump_blanks(const char **p, const char *end);

/* Whether any line of TEXT satisfies F. */
bool dump_any_line(const char *text, size_t len, bool (*f)(struct dump_line l));

/* -EINVAL: "line N: 'the line' WHY". */
int dump_refuse(struct vsharp_error *err, struct dump_line l, const char *why);

struct vsharp_dump_stream *dump_stream(struct vsharp_dump *d, enum vsharp_dump_kind kind,
				       const char *name, unsigned line, struct vsharp_error *err);
int dump_push(struct vsharp_dump_stream *s, uint32_t v, struct vsharp_error *err);
int dump_reg(struct vsharp_dump *d, const char *name, size_t len, uint32_t value, unsigned line,
	     struct vsharp_error *err);

/* The readers, one per file (the table is in dump.c). */
bool dump_devcoredump_recognise(const char *text, size_t len);
int dump_devcoredump_parse(const char *text, size_t len, struct vsharp_dump *d,
			   struct vsharp_error *err);
bool dump_umr_recognise(const char *text, size_t len);
int dump_umr_parse(const char *text, size_t len, struct vsharp_dump *d, struct vsharp_error *err);
bool dump_umr_lookup_recognise(const char *text, size_t len);
int dump_umr_lookup_parse(const char *text, size_t len, struct vsharp_dump *d,
			  struct vsharp_error *err);
bool dump_mesa_ib_recognise(const char *text, size_t len);
int dump_mesa_ib_parse(const char *text, size_t len, struct vsharp_dump *d,
		       struct vsharp_error *err);
bool dump_mesa_reg_recognise(const char *text, size_t len);
int dump_mesa_reg_parse(const char *text, size_t len, struct vsharp_dump *d,
			struct vsharp_error *err);
int dump_mesa_reg_scan(const char *text, size_t len, struct vsharp_dump *d,
		       struct vsharp_error *err);

#endif
