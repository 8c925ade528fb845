/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_REPORT_DATA_H
#define VSHARP_CLI_REPORT_DATA_H

#include <stdbool.h>
#include <stdio.h>

/*
 * `vsharp report`: bundles (bundle.h) merged into one table.  A chip is a
 * family of a run bundle or an atlas of an align bundle; chips of one level
 * are expected to agree, so every place where they do not is marked, and
 * so is every verdict that is none or mixed (no single choice explains the
 * chip).
 */

/* A JSON value as read from a bundle. */
enum jv_type { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ };

struct jv {
	enum jv_type type;
	char *key;			/* its name in the enclosing object */
	char *s;			/* JV_STR */
	double num;
	bool b;
	struct jv *kid;			/* JV_ARR, JV_OBJ: N_KIDS values */
	unsigned n_kids;
};

/* Parses TEXT (RFC 8259); NULL with the place and what was expected in ERR. */
struct jv *jv_parse(const char *text, char *err, size_t n);
void jv_free(struct jv *v);
/* The member KEY of an object, or NULL. */
const struct jv *jv_get(const struct jv *obj, const char *key);

enum report_mark {
	REPORT_AGREE,			/* alone, or as every other chip of its level */
	REPORT_DISAGREE,		/* a chip of its level decided otherwise */
	REPORT_UNSETTLED,		/* verdict none or mixed */
	REPORT_NOT_DECIDED,		/* n/a, untested, or not in the bundle */
};

/* "agree", "disagree", "unsettled", "not_decided": the marks in CSV and JSON. */
extern const char *const report_mark_name[];

struct report_chip {
	char label[64];			/* the bundle's file name, and its level when it holds several */
	char level[16];
	char processor[64];
	char device[160];		/* the device, or "model" */
	bool emulated;
	bool verdicts;			/* a family of a run bundle: a column of the matrix */
	bool atlas;			/* an atlas of an align bundle: a column of the cross-chip atlas */
};

struct report_cell {
	char text[96];			/* the choices ("a|b"), or the verdict kind; an atlas symbol */
	enum report_mark mark;
};

/*
 * A row: a rule of the matrix, or of the cross-chip atlas an access of one
 * size under one mode, its cells the outcomes at misalignments 0 to 15.
 */
struct report_row {
	char name[96];			/* rule, or "mode access size" */
	char level[16];			/* atlas rows: the level whose chips differ */
	struct report_cell *cell;	/* per chip */
	bool disagree;			/* chips of one level decided differently */
	bool unsettled;			/* a chip's verdict is none or mixed */
};

struct report {
	struct report_chip *chip;
	unsigned n_chips;
	struct report_row *rule;	/* the matrix */
	unsigned n_rules;
	struct report_row *cell;	/* the cross-chip atlas: rows where chips of a level differ */
	unsigned n_cells;
	unsigned atlas_chips;		/* chips with an atlas */
	unsigned cells_compared;	/* atlas rows two chips of one level both have */
	unsigned n_bundles;
};

/* Reads and merges the bundles; false after an error naming the file and field. */
bool report_load(struct report *r, char *const *paths, unsigned n);
void report_free(struct report *r);

/* Rows with a disagreement (of the matrix, or of the atlas), and matrix rows with a none or mixed verdict. */
unsigned report_disagreements(const struct report *r, bool atlas);
unsigned report_unsettled(const struct report *r);

void report_text(FILE *f, const struct report *r);
void report_csv(FILE *f, const struct report *r);
void report_json(FILE *f, const struct report *r);
void report_svg(FILE *f, const struct report *r);
void report_html(FILE *f, const struct report *r);

#endif
