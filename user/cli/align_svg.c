// SPDX-License-Identifier: MIT
/*
 * The alignment atlas as an SVG heat map, for a person at 100%: one panel
 * per level side by side, rows aligned across panels, a block per mode.
 * SVG has no sticky header, so what a reader needs to decode a cell is
 * repeated where the cells are: every block starts with the level, the
 * mode and the axis titles, a legend stands beside its cells (again every
 * LEGEND_EVERY pixels), and every access group carries the misalignment
 * numbers over its columns.
 *
 * Colour is never the only cue: each cell carries the glyph of the text
 * table (vsharp_atlas_symbol()).  The fills are Okabe and Ito's palette
 * ("Color Universal Design", https://jfly.uni-koeln.de/color/), chosen so
 * that no two outcomes form a red/green pair.  UNVERIFIED hatching and the
 * LLVM dots stop short of a plate of the cell's own colour under the glyph,
 * so the digit stays readable.
 */
#include <string.h>

#include "align.h"

#define CELL 18u
#define MARGIN 20u		/* the rotated y-axis title */
#define LABEL 104u		/* access and size labels */
#define GAP 34u			/* between panels */
#define LEGEND_W 196u		/* the legend, right of the cells */
#define PANEL (MARGIN + LABEL + VSHARP_ATLAS_MIS * CELL + 12u + LEGEND_W + GAP)
#define TITLE_H 34u
#define MODE_H 24u
#define LEGEND_ROW 20u
/* A legend again once the last is this far above: every cell within half a screen of one. */
#define LEGEND_EVERY 300u
#define AXIS_H 18u
#define GROUP_H 17u		/* an access's heading: its name and the column numbers */
#define GROUP_GAP 6u
#define BLOCK_GAP 22u
#define NOTE_H 16u

/* Fill and glyph colour of each outcome; the glyph colour keeps contrast at or above 4.5:1. */
static const struct {
	const char *fill, *ink, *label;
} looks[VSHARP_ATLAS_OUTCOME_COUNT] = {
	[VSHARP_ATLAS_ABSENT] = { "#cccccc", "#444444", "no such instruction" },
	[VSHARP_ATLAS_OK] = { "#56b4e9", "#000000", "as addressed" },			/* sky blue */
	[VSHARP_ATLAS_SPLIT] = { "#0072b2", "#ffffff", "split across dwords" },		/* blue */
	[VSHARP_ATLAS_DOWN] = { "#f0e442", "#000000", "aligned down n bytes" },		/* yellow */
	[VSHARP_ATLAS_MEMVIOL] = { "#d55e00", "#000000", "MEMVIOL" },			/* vermillion */
	[VSHARP_ATLAS_NOT_RUN] = { "#ffffff", "#000000", "not run" },
	[VSHARP_ATLAS_UNEXPLAINED] = { "#cc79a7", "#000000", "unexplained" },		/* reddish purple */
};

/* The legend's order: the model's outcomes, then those only a measurement has. */
static const enum vsharp_atlas_outcome legend_order[] = {
	VSHARP_ATLAS_OK, VSHARP_ATLAS_SPLIT, VSHARP_ATLAS_DOWN, VSHARP_ATLAS_MEMVIOL, VSHARP_ATLAS_ABSENT,
	VSHARP_ATLAS_NOT_RUN, VSHARP_ATLAS_UNEXPLAINED,
};
#define MODEL_OUTCOMES 5u
#define ALL_OUTCOMES ((unsigned)(sizeof(legend_order) / sizeof(legend_order[0])))

enum mark { MARK_UNVERIFIED, MARK_COMPILER, MARK_DIFFERS, MARK_COUNT };

static const char *const mark_labels[MARK_COUNT] = {
	"UNVERIFIED (hatched)", "LLVM record (dotted)", "differs from model",
};

/* Said once under the panels, in full. */
static const char *const notes[] = {
	"A cell: one instruction at byte address 96 + n (n = the column), in range, the level's default rule choices.",
	"UNVERIFIED (hatched): a rule's choice decides the cell and no source confirms the model's default (vsharp rules).",
	"LLVM (dotted): the cell rests on a compiler's record (LLVM; CLRX for GFX6 buffers), not an AMD document.",
	"The digit of an aligned-down cell is the shift in bytes, in hex. vsharp align --access A --size S --misalignment N explains one cell.",
};

const char *align_colour(enum vsharp_atlas_outcome o)
{
	return (unsigned)o < VSHARP_ATLAS_OUTCOME_COUNT ? looks[o].fill : "#000000";
}

/* Rows shown: those some level has, so that a row sits at one height in every panel. */
struct rows {
	bool present[VSHARP_ALIGN_COUNT][VSHARP_ATLAS_ACCESS_COUNT][VSHARP_ATLAS_SIZES];
};

static unsigned group_rows(const struct rows *r, int m, int a)
{
	unsigned n = 0;

	for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
		n += r->present[m][a][si];
	return n;
}

/* The model has no "not run", "unexplained" or "differs". */
static unsigned legend_outcomes(bool measured)
{
	return measured ? ALL_OUTCOMES : MODEL_OUTCOMES;
}

static unsigned legend_items(bool measured)
{
	return legend_outcomes(measured) + (measured ? MARK_COUNT : MARK_DIFFERS);
}

static unsigned legend_height(bool measured)
{
	return legend_items(measured) * LEGEND_ROW;
}

static unsigned block_height(const struct rows *r, int m)
{
	unsigned h = MODE_H + AXIS_H + BLOCK_GAP;

	for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
		if (group_rows(r, m, a))
			h += GROUP_H + group_rows(r, m, a) * CELL + GROUP_GAP;
	return h;
}

static void text(FILE *f, unsigned x, unsigned y, const char *attrs, const char *s)
{
	fprintf(f, "<text x=\"%u\" y=\"%u\"%s%s>", x, y, attrs[0] ? " " : "", attrs);
	for (; *s; s++)
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	fputs("</text>\n", f);
}

/* A cell's square, its marks and its glyph; MARKS is a bit per enum mark.  Classes: style(). */
static void square(FILE *f, unsigned x, unsigned y, enum vsharp_atlas_outcome o, char glyph, unsigned marks)
{
	fprintf(f, "<rect class=\"o%d\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\"/>", o, x, y, CELL, CELL);
	if (marks & 1u << MARK_UNVERIFIED)
		fprintf(f, "<rect fill=\"url(#unverified)\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\"/>",
			x + 1, y + 1, CELL - 2, CELL - 2);
	if (marks & 1u << MARK_COMPILER)
		fprintf(f, "<rect fill=\"url(#compiler)\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\"/>",
			x + 1, y + 1, CELL - 2, CELL - 2);
	/* The plate: the glyph on the plain fill, whatever covers the rest of the cell. */
	if (marks & (1u << MARK_UNVERIFIED | 1u << MARK_COMPILER))
		fprintf(f, "<rect class=\"p%d\" x=\"%u\" y=\"%u\" width=\"10\" height=\"12\"/>", o, x + 4, y + 3);
	if (marks & 1u << MARK_DIFFERS)
		fprintf(f, "<rect class=\"d\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\"/>", x + 1, y + 1,
			CELL - 2, CELL - 2);
	/* The glyphs are letters, digits and . - ? ! (vsharp_atlas_symbol()): nothing to escape. */
	fprintf(f, "<text class=\"g%d\" x=\"%u\" y=\"%u\">%c</text>\n", o, x + CELL / 2, y + CELL - 5, glyph);
}

/* The looks of the outcomes and marks, once, as classes. */
static void style(FILE *f)
{
	fputs("<style>\n.g0,.g1,.g2,.g3,.g4,.g5,.g6{font-size:12px;font-weight:bold;text-anchor:middle}\n"
	      ".h{font-size:10px;text-anchor:middle;fill:#333333}\n.d{fill:none;stroke:#000000;stroke-width:2.5}\n", f);
	for (int o = 0; o < VSHARP_ATLAS_OUTCOME_COUNT; o++)
		fprintf(f, ".o%d{fill:%s;stroke:%s}\n.p%d{fill:%s}\n.g%d{fill:%s}\n", o, looks[o].fill,
			o == VSHARP_ATLAS_NOT_RUN ? "#888888" : "#ffffff", o, looks[o].fill, o, looks[o].ink);
	fputs("</style>\n", f);
}

static void legend(FILE *f, unsigned x0, unsigned y, bool measured)
{
	for (unsigned i = 0; i < legend_items(measured); i++) {
		unsigned x = x0, yy = y + i * LEGEND_ROW;
		char label[64];

		if (i < legend_outcomes(measured)) {
			enum vsharp_atlas_outcome o = legend_order[i];
			char glyph = vsharp_atlas_symbol((struct vsharp_atlas_result){ (uint8_t)o, 1 });

			square(f, x, yy, o, glyph, 0);
			snprintf(label, sizeof(label), "%s %s", o == VSHARP_ATLAS_DOWN ? "1-f" : (char[]){ glyph, 0 },
				 looks[o].label);
		} else {
			enum mark k = (enum mark)(i - legend_outcomes(measured));

			square(f, x, yy, VSHARP_ATLAS_OK, '.', 1u << k);
			snprintf(label, sizeof(label), "%s", mark_labels[k]);
		}
		text(f, x + CELL + 5, yy + CELL - 5, "font-size=\"11\"", label);
	}
}

static void block(FILE *f, const struct vsharp_atlas *at, const struct rows *rows, int m, bool measured,
		  unsigned x0, unsigned y)
{
	unsigned xc = x0 + MARGIN + LABEL, top = y, bottom = y + block_height(rows, m) - BLOCK_GAP;
	unsigned legend_y = 0;
	char s[96];

	snprintf(s, sizeof(s), "%s, mode %s, %s", vsharp_gfx_name(at->level), vsharp_align_mode_name(m),
		 measured ? "measured" : "model");
	text(f, x0, y + 16, "font-size=\"14\" font-weight=\"bold\"", s);
	y += MODE_H;
	text(f, x0 + MARGIN, y + 12, "font-size=\"11\" font-style=\"italic\"", "access, size");
	text(f, xc, y + 12, "font-size=\"11\" font-style=\"italic\"", "misalignment n (address 96+n) \xe2\x86\x92");
	y += AXIS_H;
	for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++) {
		if (!group_rows(rows, m, a))
			continue;
		/* Beside the first group, and again further down while the block has room for it. */
		if ((y == top + MODE_H + AXIS_H || y - legend_y >= LEGEND_EVERY) &&
		    y + legend_height(measured) <= bottom) {
			legend(f, xc + VSHARP_ATLAS_MIS * CELL + 12, y, measured);
			legend_y = y;
		}
		text(f, x0 + MARGIN, y + 12, "font-size=\"11\" font-weight=\"bold\"", vsharp_atlas_access_name(a));
		for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
			fprintf(f, "<text class=\"h\" x=\"%u\" y=\"%u\">%u</text>", xc + mis * CELL + CELL / 2,
				y + 12, mis);
		fputc('\n', f);
		y += GROUP_H;
		for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++) {
			if (!rows->present[m][a][si])
				continue;
			/* The row's coordinates, for a reader's tools (and the tests). */
			fprintf(f, "<g data-row=\"%s %s %s %u\">\n", vsharp_gfx_name(at->level), vsharp_align_mode_name(m),
				vsharp_atlas_access_name(a), vsharp_atlas_size(si));
			fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"11\" text-anchor=\"end\">%u B</text>\n", xc - 6,
				y + CELL - 5, vsharp_atlas_size(si));
			for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
				const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];
				struct vsharp_atlas_result r = measured && c->measured ? c->seen : c->model;
				bool differs = measured && c->measured && r.outcome != VSHARP_ATLAS_NOT_RUN &&
					       (r.outcome != c->model.outcome || r.shift != c->model.shift);

				square(f, xc + mis * CELL, y, (enum vsharp_atlas_outcome)r.outcome,
				       vsharp_atlas_symbol(r),
				       (unsigned)c->unverified << MARK_UNVERIFIED |
				       (unsigned)c->compiler << MARK_COMPILER | (unsigned)differs << MARK_DIFFERS);
			}
			fputs("</g>\n", f);
			y += CELL;
		}
		y += GROUP_GAP;
	}
	/* The y-axis title, along the block's rows. */
	fprintf(f, "<text transform=\"translate(%u %u) rotate(-90)\" font-size=\"11\" font-style=\"italic\" text-anchor=\"middle\">access, size in bytes</text>\n",
		x0 + 13, (top + MODE_H + y) / 2);
}

void align_svg(FILE *f, const struct align_view *v)
{
	struct rows rows;
	unsigned width = PANEL * (v->n ? v->n : 1) + GAP, height = TITLE_H, y;

	memset(&rows, 0, sizeof(rows));
	for (unsigned i = 0; i < v->n; i++)
		for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
			for (int a = 0; (v->modes >> m & 1) && a < VSHARP_ATLAS_ACCESS_COUNT; a++)
				for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
					for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
						rows.present[m][a][si] |= v->atlases[i]->cell[m][a][si][mis].model.outcome !=
									  VSHARP_ATLAS_ABSENT;
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		if (v->modes >> m & 1)
			height += block_height(&rows, m);
	height += NOTE_H * (unsigned)(sizeof(notes) / sizeof(notes[0])) + 10;
	/* The notes are one line each. */
	if (width < 920)
		width = 920;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" font-family=\"DejaVu Sans Mono, monospace\">\n",
		width, height);
	fputs("<title>vsharp alignment atlas</title>\n<defs>"
	      "<pattern id=\"unverified\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#000000\" stroke-width=\"1.4\"/></pattern>"
	      "<pattern id=\"compiler\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><circle cx=\"2\" cy=\"2\" r=\"0.9\" fill=\"#000000\"/></pattern>"
	      "</defs>\n", f);
	style(f);
	fputs("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", f);
	text(f, GAP / 2, 22, "font-size=\"16\" font-weight=\"bold\"",
	     v->measured ? "vsharp alignment atlas: measured (framed: differs from the model)" :
			   "vsharp alignment atlas: the model");
	y = TITLE_H;
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
		if (!(v->modes >> m & 1))
			continue;
		for (unsigned i = 0; i < v->n; i++)
			block(f, v->atlases[i], &rows, m, v->measured, GAP / 2 + i * PANEL, y);
		y += block_height(&rows, m);
	}
	for (size_t k = 0; k < sizeof(notes) / sizeof(notes[0]); k++, y += NOTE_H)
		text(f, GAP / 2, y + 12, "font-size=\"11\"", notes[k]);
	fputs("</svg>\n", f);
}
