/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_REPORT_H
#define VSHARP_CLI_REPORT_H

#include <stdio.h>

#include "vsharp/json.h"
#include "vsharp/verdict.h"

/* A CSV field (RFC 4180 quoting); JSON is vsharp/json.h's. */
void csv_field(FILE *f, const char *s);

/* Verdicts of `vsharp run` (verdict_out.c). */
struct verdict_family {
	enum vsharp_gfx level;
	char device[128];
	bool emulated;
	unsigned expected[VSHARP_RULE_COUNT];	/* emulated: the choice its memory unit follows */
	struct vsharp_verdict v[VSHARP_RULE_COUNT];
	bool ran;
};

/* Whether verdict R of FAM passes its KTAP case. */
bool verdict_ok(const struct verdict_family *fam, enum vsharp_rule r);
/*
 * One line: PREFIX, ": ", BEFORE (if any), then what the verdicts of the
 * families that ran count: verdict lanes, verdicts decided (and not ok),
 * untested, lanes not run.
 */
void verdict_count_line(const char *prefix, const struct verdict_family *fams, unsigned n,
			const char *before);
/* One verdict as a JSON object, as --verdicts-json writes it (rule, verdict, counts). */
void verdict_json_rule(struct vsharp_json *j, const struct verdict_family *fam, enum vsharp_rule r);
/* The KTAP subtest of one family's verdicts, as case IDX; returns whether it is ok. */
bool verdict_ktap(const struct verdict_family *fam, const char *mode_note, unsigned idx);
/* The table of every family's verdicts, as KTAP comment lines. */
void verdict_table(FILE *f, const struct verdict_family *fams, unsigned n);
/* The same as one JSON object. */
void verdict_json(FILE *f, const struct verdict_family *fams, unsigned n);

#endif
