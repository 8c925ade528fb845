// SPDX-License-Identifier: MIT
/*
 * `vsharp report` as an SVG image and as a self-contained HTML page that
 * holds the same SVG inline (no script, no style sheet, font or image
 * from elsewhere): the chip x rule matrix above the cross-chip atlas.
 *
 * The colours are Okabe and Ito's palette for colour-blind readers
 * ("Color Universal Design", https://jfly.uni-koeln.de/color/), and each
 * mark has a glyph too, so that no reading depends on colour alone.
 */
#include <stdlib.h>
#include <string.h>

#include "report_data.h"

#define CHAR_W 7.3		/* 12 px monospace, per character */
#define TITLE_CHAR_W 9.0	/* 14 px bold, with room for a wider fallback font */
#define ROW_H 22
#define PAD 10
#define TITLE_H 60		/* the title and the legend */

static const struct {
	const char *fill, *ink, *glyph, *meaning;
} marks[] = {
	[REPORT_AGREE] = { "#56b4e9", "#000000", "", "decided, as every chip of its level" },
	[REPORT_DISAGREE] = { "#d55e00", "#ffffff", "\u2260 ", "chips of one level disagree" },
	[REPORT_UNSETTLED] = { "#f0e442", "#000000", "? ", "none or mixed: no single choice explains the chip" },
	[REPORT_NOT_DECIDED] = { "#f2f2f2", "#555555", "", "n/a or untested" },
};

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

static bool in_table(const struct report_chip *c, bool atlas)
{
	return atlas ? c->atlas : c->verdicts;
}

struct layout {
	double first;		/* the row-name column */
	double *w;		/* per chip; 0 when not in the table */
	double width;
};

static unsigned longest(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a);

	if (strlen(b) > n)
		n = strlen(b);
	if (strlen(c) > n)
		n = strlen(c);
	return (unsigned)n;
}

static void lay_out(const struct report *r, const struct report_row *rows, unsigned n, bool atlas,
		    struct layout *l)
{
	unsigned first = atlas ? 22 : 6;

	l->width = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned len = (unsigned)(strlen(rows[i].name) + (atlas ? strlen(rows[i].level) + 1 : 0));

		if (len > first)
			first = len;
	}
	l->first = first * CHAR_W + 2 * PAD;
	for (unsigned c = 0; c < r->n_chips; c++) {
		unsigned len = longest(r->chip[c].label, r->chip[c].level, r->chip[c].processor);

		l->w[c] = 0;
		if (!in_table(&r->chip[c], atlas))
			continue;
		for (unsigned i = 0; i < n; i++)
			if (strlen(rows[i].cell[c].text) + 2 > len)
				len = (unsigned)strlen(rows[i].cell[c].text) + 2;
		l->w[c] = len * CHAR_W + 2 * PAD;
		l->width += l->w[c];
	}
	l->width += l->first;
}

static void text_at(FILE *f, double x, double y, const char *attrs, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s>", x, y, attrs);
	xml_text(f, s);
	fputs("</text>\n", f);
}

/* A table at Y: its title, three heading rows (chip, level, processor), then its rows; returns the y after it. */
static double table(FILE *f, const struct report *r, const struct report_row *rows, unsigned n,
		    bool atlas, const struct layout *l, double y, const char *title)
{
	static const char *const head[] = { "chip", "level", "processor" };
	double x;

	text_at(f, PAD, y + 16, " font-weight=\"bold\" font-size=\"14\"", title);
	y += ROW_H + 4;
	for (unsigned h = 0; h < 3; h++) {
		text_at(f, PAD, y + 15, " font-weight=\"bold\"", h ? head[h] : atlas ? "level mode access size" : "rule");
		x = l->first;
		for (unsigned c = 0; c < r->n_chips; c++) {
			const char *v[] = { r->chip[c].label, r->chip[c].level, r->chip[c].processor };

			if (!l->w[c])
				continue;
			text_at(f, x + PAD, y + 15, h ? "" : " font-weight=\"bold\"", v[h]);
			x += l->w[c];
		}
		y += ROW_H;
	}
	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n", PAD, y - 2, l->width, y - 2);
	for (unsigned i = 0; i < n; i++) {
		char name[128];

		snprintf(name, sizeof(name), atlas ? "%2$s %1$s" : "%s", rows[i].name, rows[i].level);
		text_at(f, PAD, y + 15, "", name);
		x = l->first;
		for (unsigned c = 0; c < r->n_chips; c++) {
			const struct report_cell *cell = &rows[i].cell[c];
			char text[128];

			if (!l->w[c])
				continue;
			snprintf(text, sizeof(text), "%s%s", marks[cell->mark].glyph, cell->text[0] ? cell->text : "-");
			fprintf(f, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"2\"><title>",
				report_mark_name[cell->mark], x, y, l->w[c], ROW_H, marks[cell->mark].fill);
			xml_text(f, r->chip[c].label);
			fputs(": ", f);
			xml_text(f, name);
			fprintf(f, ": %s</title></rect>\n", marks[cell->mark].meaning);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", x + PAD, y + 15, marks[cell->mark].ink);
			xml_text(f, text);
			fputs("</text>\n", f);
			x += l->w[c];
		}
		y += ROW_H;
	}
	return y + ROW_H;
}

void report_svg(FILE *f, const struct report *r)
{
	struct layout m, a;
	double y, width, height;
	char title[256];

	m.w = calloc(r->n_chips ? r->n_chips : 1, sizeof(double));
	a.w = calloc(r->n_chips ? r->n_chips : 1, sizeof(double));
	if (!m.w || !a.w) {
		free(m.w);
		free(a.w);
		return;
	}
	lay_out(r, r->rule, r->n_rules, false, &m);
	lay_out(r, r->cell, r->n_cells, true, &a);
	snprintf(title, sizeof(title), "vsharp report: %u bundles; %u rules where chips of one level disagree, %u with a none or mixed verdict",
		 r->n_bundles, report_disagreements(r, false), report_unsettled(r));
	width = strlen(title) * TITLE_CHAR_W + PAD;
	if (m.width > width)
		width = m.width;
	if (a.width > width)
		width = a.width;
	height = TITLE_H + (r->n_rules + 5) * ROW_H + 4 + (r->atlas_chips ? (r->n_cells + 5) * ROW_H + 4 : 0) + PAD;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\">\n",
		width + PAD, height, width + PAD, height);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	text_at(f, PAD, 20, " font-weight=\"bold\" font-size=\"14\"", title);
	/* The legend, above the tables it explains. */
	y = 32;
	{
		double x = PAD;

		for (size_t k = 0; k < sizeof(marks) / sizeof(marks[0]); k++) {
			char text[96];

			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"28\" height=\"18\" fill=\"%s\" stroke=\"#999\"/>\n",
				x, y, marks[k].fill);
			text_at(f, x + 6, y + 14, "", marks[k].glyph);
			snprintf(text, sizeof(text), "%s", report_mark_name[k]);
			text_at(f, x + 34, y + 14, "", text);
			x += 34 + (strlen(text) + 2) * CHAR_W;
		}
	}
	y = TITLE_H;
	if (r->n_rules)
		y = table(f, r, r->rule, r->n_rules, false, &m, y, "chip x rule: the choice each chip follows");
	if (r->atlas_chips) {
		snprintf(title, sizeof(title), "cross-chip atlas: %u of %u rows that two chips of one level both have differ; misalignments 0..15",
			 r->n_cells, r->cells_compared);
		table(f, r, r->cell, r->n_cells, true, &a, y, title);
	}
	fputs("</svg>\n", f);
	free(m.w);
	free(a.w);
}

/* One line per disagreement, in words, under the picture. */
static void html_list(FILE *f, const struct report *r, const struct report_row *rows, unsigned n, bool atlas)
{
	fputs("<ul>\n", f);
	for (unsigned i = 0; i < n; i++) {
		if (!rows[i].disagree && (atlas || !rows[i].unsettled))
			continue;
		fputs("<li>", f);
		if (atlas) {
			xml_text(f, rows[i].level);
			fputc(' ', f);
		}
		xml_text(f, rows[i].name);
		fputs(rows[i].disagree ? ": chips disagree:" : ": none or mixed:", f);
		for (unsigned c = 0; c < r->n_chips; c++) {
			if (!in_table(&r->chip[c], atlas) || (rows[i].cell[c].mark != REPORT_DISAGREE &&
								 rows[i].cell[c].mark != REPORT_UNSETTLED))
				continue;
			fputc(' ', f);
			xml_text(f, r->chip[c].label);
			fputs(" <b>", f);
			xml_text(f, rows[i].cell[c].text);
			fputs("</b>", f);
		}
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

void report_html(FILE *f, const struct report *r)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>vsharp report</title>\n"
	      "<style>body { font-family: sans-serif; margin: 1em; background: #fff; color: #000; }</style>\n"
	      "</head>\n<body>\n<h1>vsharp report</h1>\n", f);
	fprintf(f, "<p>%u bundles. Rows are rules (the choice of each rule a chip follows, <code>vsharp rules</code>) and cells of the alignment atlas; columns are chips. Chips of one level are expected to agree.</p>\n",
		r->n_bundles);
	report_svg(f, r);
	fputs("<h2>Rules</h2>\n", f);
	html_list(f, r, r->rule, r->n_rules, false);
	if (r->atlas_chips) {
		fputs("<h2>Atlas cells</h2>\n", f);
		html_list(f, r, r->cell, r->n_cells, true);
	}
	fputs("</body>\n</html>\n", f);
}
