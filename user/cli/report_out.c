// SPDX-License-Identifier: MIT
/*
 * `vsharp report` as text, CSV and JSON (report_data.h): the chip x rule
 * matrix, then the cross-chip atlas, with the marks.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_data.h"

const char *const report_mark_name[] = {
	[REPORT_AGREE] = "agree", [REPORT_DISAGREE] = "disagree",
	[REPORT_UNSETTLED] = "unsettled", [REPORT_NOT_DECIDED] = "not_decided",
};

/* The text table's mark after a cell. */
static const char mark_glyph[] = {
	[REPORT_AGREE] = ' ', [REPORT_DISAGREE] = '!', [REPORT_UNSETTLED] = '?', [REPORT_NOT_DECIDED] = ' ',
};

static bool in_table(const struct report_chip *c, bool atlas)
{
	return atlas ? c->atlas : c->verdicts;
}

/* Column widths of the chips in a table: the widest of label, level, processor and cells. */
static void widths(const struct report *r, const struct report_row *rows, unsigned n, unsigned *w)
{
	for (unsigned c = 0; c < r->n_chips; c++) {
		w[c] = (unsigned)strlen(r->chip[c].label);
		if (strlen(r->chip[c].processor) > w[c])
			w[c] = (unsigned)strlen(r->chip[c].processor);
		if (strlen(r->chip[c].level) > w[c])
			w[c] = (unsigned)strlen(r->chip[c].level);
		for (unsigned i = 0; i < n; i++)
			if (strlen(rows[i].cell[c].text) > w[c])
				w[c] = (unsigned)strlen(rows[i].cell[c].text);
	}
}

static void heading(FILE *f, const struct report *r, const unsigned *w, bool atlas, unsigned first,
		    const char *name)
{
	static const struct {
		const char *title;
		size_t offset;
	} lines[] = {
		{ "chip", offsetof(struct report_chip, label) },
		{ "level", offsetof(struct report_chip, level) },
		{ "processor", offsetof(struct report_chip, processor) },
	};

	for (size_t l = 0; l < sizeof(lines) / sizeof(lines[0]); l++) {
		fprintf(f, "%-*s", (int)first, l ? lines[l].title : name);
		for (unsigned c = 0; c < r->n_chips; c++)
			if (in_table(&r->chip[c], atlas))
				fprintf(f, "  %-*s", (int)w[c] + 1, (const char *)&r->chip[c] + lines[l].offset);
		fputc('\n', f);
	}
}

static void rows_text(FILE *f, const struct report *r, const struct report_row *rows, unsigned n,
		      bool atlas, const char *name)
{
	unsigned *w = calloc(r->n_chips ? r->n_chips : 1, sizeof(*w)), first = (unsigned)strlen(name);

	if (!w)
		return;
	widths(r, rows, n, w);
	for (unsigned i = 0; i < n; i++) {
		unsigned len = (unsigned)(strlen(rows[i].name) + (atlas ? strlen(rows[i].level) + 1 : 0));

		if (len > first)
			first = len;
	}
	heading(f, r, w, atlas, first, name);
	for (unsigned i = 0; i < n; i++) {
		char label[128];

		snprintf(label, sizeof(label), atlas ? "%2$s %1$s" : "%s", rows[i].name, rows[i].level);
		fprintf(f, "%-*s", (int)first, label);
		for (unsigned c = 0; c < r->n_chips; c++) {
			char cell[128];

			if (!in_table(&r->chip[c], atlas))
				continue;
			snprintf(cell, sizeof(cell), "%s%c", rows[i].cell[c].text[0] ? rows[i].cell[c].text : "-",
				 mark_glyph[rows[i].cell[c].mark]);
			fprintf(f, "  %-*s", (int)w[c] + 1, cell);
		}
		fputc('\n', f);
	}
	free(w);
}

void report_text(FILE *f, const struct report *r)
{
	unsigned matrix = 0;

	for (unsigned c = 0; c < r->n_chips; c++)
		matrix += r->chip[c].verdicts;
	fprintf(f, "# vsharp report: %u bundles, %u chips with verdicts, %u with an atlas\n", r->n_bundles,
		matrix, r->atlas_chips);
	fprintf(f, "# %u rules where chips of one level disagree (!), %u with a none or mixed verdict (?)\n",
		report_disagreements(r, false), report_unsettled(r));
	if (matrix)
		rows_text(f, r, r->rule, r->n_rules, false, "rule");
	if (!r->atlas_chips)
		return;
	fprintf(f, "# cross-chip atlas: %u of %u rows two chips of one level both have differ (!)\n",
		r->n_cells, r->cells_compared);
	fprintf(f, "# rows: MODE ACCESS SIZE; misalignments 0..15: . as addressed  s split  1-f aligned down by n bytes  F MEMVIOL  - none  ? not run  ! unexplained\n");
	rows_text(f, r, r->cell, r->n_cells, true, "level mode access size");
}

static void csv_rows(FILE *f, const struct report *r, const struct report_row *rows, unsigned n, bool atlas)
{
	for (unsigned i = 0; i < n; i++)
		for (unsigned c = 0; c < r->n_chips; c++) {
			if (!in_table(&r->chip[c], atlas))
				continue;
			fprintf(f, "%s,%s,", atlas ? "atlas" : "verdict", r->chip[c].level);
			csv_field(f, rows[i].name);
			fputc(',', f);
			csv_field(f, r->chip[c].label);
			fputc(',', f);
			csv_field(f, r->chip[c].processor);
			fputc(',', f);
			csv_field(f, rows[i].cell[c].text);
			fprintf(f, ",%s\n", report_mark_name[rows[i].cell[c].mark]);
		}
}

void report_csv(FILE *f, const struct report *r)
{
	fputs("table,level,row,chip,processor,value,mark\n", f);
	csv_rows(f, r, r->rule, r->n_rules, false);
	csv_rows(f, r, r->cell, r->n_cells, true);
}

static void json_rows(struct vsharp_json *j, const struct report *r, const struct report_row *rows,
		      unsigned n, bool atlas)
{
	vsharp_json_rows_begin(j, atlas ? "differing" : "rules");
	for (unsigned i = 0; i < n; i++) {
		vsharp_json_object_begin(j, NULL);
		vsharp_json_str(j, atlas ? "cell" : "rule", rows[i].name);
		if (atlas)
			vsharp_json_str(j, "level", rows[i].level);
		vsharp_json_bool(j, "disagree", rows[i].disagree);
		if (!atlas)
			vsharp_json_bool(j, "unsettled", rows[i].unsettled);
		vsharp_json_object_begin(j, "chips");
		for (unsigned c = 0; c < r->n_chips; c++) {
			if (!in_table(&r->chip[c], atlas))
				continue;
			vsharp_json_object_begin(j, r->chip[c].label);
			vsharp_json_str(j, "value", rows[i].cell[c].text);
			vsharp_json_str(j, "mark", report_mark_name[rows[i].cell[c].mark]);
			vsharp_json_object_end(j);
		}
		vsharp_json_object_end(j);
		vsharp_json_object_end(j);
	}
	vsharp_json_array_end(j);
}

void report_json(FILE *f, const struct report *r)
{
	struct vsharp_json j;

	vsharp_json_init(&j, f);
	vsharp_json_object_begin(&j, NULL);
	vsharp_json_uint(&j, "bundles", r->n_bundles);
	vsharp_json_array_begin(&j, "chips");
	for (unsigned c = 0; c < r->n_chips; c++) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "chip", r->chip[c].label);
		vsharp_json_str(&j, "level", r->chip[c].level);
		vsharp_json_str(&j, "processor", r->chip[c].processor);
		vsharp_json_str(&j, "device", r->chip[c].device);
		vsharp_json_bool(&j, "emulated", r->chip[c].emulated);
		vsharp_json_str(&j, "from", r->chip[c].verdicts ? "run" : "align");
		vsharp_json_object_end(&j);
	}
	vsharp_json_array_end(&j);
	vsharp_json_object_begin(&j, "matrix");
	vsharp_json_uint(&j, "disagreements", report_disagreements(r, false));
	vsharp_json_uint(&j, "unsettled", report_unsettled(r));
	json_rows(&j, r, r->rule, r->n_rules, false);
	vsharp_json_object_end(&j);
	vsharp_json_object_begin(&j, "atlas");
	vsharp_json_uint(&j, "chips", r->atlas_chips);
	vsharp_json_uint(&j, "compared", r->cells_compared);
	json_rows(&j, r, r->cell, r->n_cells, true);
	vsharp_json_object_end(&j);
	vsharp_json_object_end(&j);
}
