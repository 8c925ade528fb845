// SPDX-License-Identifier: MIT
/*
 * The alignment atlas as an SVG heat map: one panel per level, a row per
 * mode, access and size, a column per misalignment; one colour per outcome,
 * the shift written in aligned-down cells, UNVERIFIED cells hatched, cells
 * that rest on a compiler's record (LLVM) dotted, and measured cells that
 * differ from the model framed.
 */
#include "align.h"

#define CELL 14
#define LABEL 190
#define HEAD 46
#define GAP 24
#define PANEL (LABEL + VSHARP_ATLAS_MIS * CELL + GAP)

static const char *const colours[VSHARP_ATLAS_OUTCOME_COUNT] = {
	[VSHARP_ATLAS_ABSENT] = "#eeeeee",
	[VSHARP_ATLAS_OK] = "#1a9850",
	[VSHARP_ATLAS_SPLIT] = "#a6d96a",
	[VSHARP_ATLAS_DOWN] = "#fdae61",
	[VSHARP_ATLAS_MEMVIOL] = "#d73027",
	[VSHARP_ATLAS_NOT_RUN] = "#ffffff",
	[VSHARP_ATLAS_UNEXPLAINED] = "#762a83",
};

const char *align_colour(enum vsharp_atlas_outcome o)
{
	return (unsigned)o < VSHARP_ATLAS_OUTCOME_COUNT ? colours[o] : "#000000";
}

static unsigned rows(const struct vsharp_atlas *at, unsigned modes)
{
	unsigned n = 0;

	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; (modes >> m & 1) && a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				n += at->cell[m][a][si][0].model.outcome != VSHARP_ATLAS_ABSENT;
	return n;
}

static void cell(FILE *f, const struct vsharp_atlas_cell *c, bool measured, unsigned x, unsigned y)
{
	struct vsharp_atlas_result r = measured && c->measured ? c->seen : c->model;
	bool differs = measured && c->measured && r.outcome != VSHARP_ATLAS_NOT_RUN &&
		       (r.outcome != c->model.outcome || r.shift != c->model.shift);

	fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\" stroke=\"#ffffff\"/>\n",
		x, y, CELL, CELL, align_colour(r.outcome));
	if (c->unverified)
		fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#unverified)\"/>\n",
			x, y, CELL, CELL);
	if (c->compiler)
		fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#compiler)\"/>\n",
			x, y, CELL, CELL);
	if (r.outcome == VSHARP_ATLAS_DOWN || r.outcome == VSHARP_ATLAS_NOT_RUN ||
	    r.outcome == VSHARP_ATLAS_UNEXPLAINED)
		fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\" text-anchor=\"middle\">%c</text>\n",
			x + CELL / 2, y + CELL - 3, vsharp_atlas_symbol(r));
	if (differs)
		fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n",
			x + 1, y + 1, CELL - 2, CELL - 2);
}

static void panel(FILE *f, const struct vsharp_atlas *at, unsigned modes, bool measured, unsigned x0)
{
	unsigned y = HEAD;

	fprintf(f, "<text x=\"%u\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s, %s</text>\n", x0,
		vsharp_gfx_name(at->level), measured ? "measured" : "model");
	for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
		fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"9\" text-anchor=\"middle\">%u</text>\n",
			x0 + LABEL + mis * CELL + CELL / 2, HEAD - 4, mis);
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; (modes >> m & 1) && a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++) {
				if (at->cell[m][a][si][0].model.outcome == VSHARP_ATLAS_ABSENT)
					continue;
				fprintf(f, "<text x=\"%u\" y=\"%u\" font-size=\"10\">%s %s %u</text>\n", x0,
					y + CELL - 3, vsharp_align_mode_name(m), vsharp_atlas_access_name(a),
					vsharp_atlas_size(si));
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
					cell(f, &at->cell[m][a][si][mis], measured, x0 + LABEL + mis * CELL, y);
				y += CELL;
			}
}

void align_svg(FILE *f, const struct align_view *v)
{
	static const char *const labels[VSHARP_ATLAS_OUTCOME_COUNT] = {
		"no such instruction", "as addressed", "split across dwords", "aligned down (by the digit)",
		"MEMVIOL", "not run", "unexplained",
	};
	unsigned height = 0, width = PANEL * (v->n ? v->n : 1) + GAP, y;

	/* Wide enough for the legend. */
	if (width < 640)
		width = 640;

	for (unsigned i = 0; i < v->n; i++) {
		unsigned h = rows(v->atlases[i], v->modes) * CELL;

		if (h > height)
			height = h;
	}
	y = HEAD + height + 20;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" font-family=\"monospace\">\n",
		width, y + 20 * (VSHARP_ATLAS_OUTCOME_COUNT + 3));
	fputs("<title>vsharp alignment atlas</title>\n<defs><pattern id=\"unverified\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"4\" height=\"4\" fill=\"none\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"4\" stroke=\"#000000\" stroke-width=\"1.5\"/></pattern><pattern id=\"compiler\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\"><circle cx=\"2.5\" cy=\"2.5\" r=\"1.1\" fill=\"#000000\"/></pattern></defs>\n",
	      f);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	for (unsigned i = 0; i < v->n; i++)
		panel(f, v->atlases[i], v->modes, v->measured, GAP / 2 + i * PANEL);
	for (unsigned o = 0; o < VSHARP_ATLAS_OUTCOME_COUNT; o++, y += 20) {
		fprintf(f, "<rect x=\"12\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\" stroke=\"#999999\"/>\n",
			y, CELL, CELL, colours[o]);
		fprintf(f, "<text x=\"32\" y=\"%u\" font-size=\"11\">%s</text>\n", y + CELL - 3, labels[o]);
	}
	fprintf(f, "<rect x=\"12\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#unverified)\" stroke=\"#999999\"/>\n",
		y, CELL, CELL);
	fprintf(f, "<text x=\"32\" y=\"%u\" font-size=\"11\">UNVERIFIED: the choice of a rule decides it, and no source confirms the model's</text>\n",
		y + CELL - 3);
	y += 20;
	fprintf(f, "<rect x=\"12\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#compiler)\" stroke=\"#999999\"/>\n",
		y, CELL, CELL);
	fprintf(f, "<text x=\"32\" y=\"%u\" font-size=\"11\">LLVM: rests on a compiler's record (LLVM; CLRX for GFX6 buffers), not an AMD document</text>\n",
		y + CELL - 3);
	y += 20;
	fprintf(f, "<rect x=\"13\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n",
		y + 1, CELL - 2, CELL - 2);
	fprintf(f, "<text x=\"32\" y=\"%u\" font-size=\"11\">measured: differs from the model</text>\n</svg>\n",
		y + CELL - 3);
}
