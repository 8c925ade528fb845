// SPDX-License-Identifier: MIT
/*
 * Bundles into a report (report_data.h): the chip x rule matrix and the
 * cross-chip atlas, with the marks.  A bundle that is not one, or of a
 * version this vsharp does not read, is refused naming the file and the
 * field; Documentation/bundle.schema.json is the full check.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "cli.h"
#include "report_data.h"
#include "vsharp/atlas.h"

/* A bundle holds a few MiB at most (an align bundle of every level: 2 MiB). */
#define MAX_BUNDLE (64u << 20)

struct loaded {
	const char *path;
	struct jv *root;
	const struct jv *items;		/* families or atlases */
	bool run;
};

__attribute__((format(printf, 3, 4)))
static bool refuse(const char *path, const char *field, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cli_error("report: %s: %s: %s", path, field, msg);
	return false;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t len = 0, cap = 1 << 16;
	char *buf = NULL, *p;

	if (!f) {
		refuse(path, "file", "cannot read: %s", strerror(errno));
		return NULL;
	}
	for (;;) {
		p = realloc(buf, cap + 1);
		if (!p)
			break;
		buf = p;
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap || cap >= MAX_BUNDLE)
			break;
		cap *= 2;
	}
	if (!p || ferror(f) || len >= MAX_BUNDLE) {
		refuse(path, "file", !p ? "out of memory" : ferror(f) ? "read error" :
		       "larger than a bundle can be (64 MiB)");
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* A string member, or NULL after refusing. */
static const char *str(const char *path, const struct jv *obj, const char *key, const char *where)
{
	const struct jv *v = jv_get(obj, key);

	if (!v || v->type != JV_STR) {
		refuse(path, where, "'%s' %s (a string)", key, v ? "is not a string" : "is missing");
		return NULL;
	}
	return v->s;
}

static const struct jv *array(const char *path, const struct jv *obj, const char *key, const char *where)
{
	const struct jv *v = jv_get(obj, key);

	if (!v || v->type != JV_ARR) {
		refuse(path, where, "'%s' %s (an array)", key, v ? "is not an array" : "is missing");
		return NULL;
	}
	return v;
}

static bool load_one(struct loaded *b)
{
	char err[256], *text = slurp(b->path);
	const struct jv *v;
	const char *verb;

	if (!text)
		return false;
	b->root = jv_parse(text, err, sizeof(err));
	free(text);
	if (!b->root)
		return refuse(b->path, "file", "%s", err);
	if (b->root->type != JV_OBJ)
		return refuse(b->path, "file", "not a JSON object (a bundle is one)");
	v = jv_get(b->root, "format");
	if (!v || v->type != JV_STR || strcmp(v->s, BUNDLE_FORMAT))
		return refuse(b->path, "format", "'%s' (allowed %s: not a vsharp bundle)",
			      v && v->type == JV_STR ? v->s : "missing", BUNDLE_FORMAT);
	v = jv_get(b->root, "version");
	if (!v || v->type != JV_NUM || v->num != BUNDLE_VERSION)
		return refuse(b->path, "version", "%g (allowed %u: this vsharp reads version %u bundles)",
			      v && v->type == JV_NUM ? v->num : -1.0, BUNDLE_VERSION, BUNDLE_VERSION);
	verb = str(b->path, b->root, "verb", "verb");
	if (!verb)
		return false;
	b->run = !strcmp(verb, "run");
	if (!b->run && strcmp(verb, "align"))
		return refuse(b->path, "verb", "'%s' (allowed run, align)", verb);
	b->items = array(b->path, b->root, b->run ? "families" : "atlases", b->run ? "families" : "atlases");
	return b->items != NULL;
}

/* The file's name without its folders and ".json". */
static void label_of(const char *path, const char *level, bool several, char *buf, size_t n)
{
	const char *base = strrchr(path, '/');
	size_t len;

	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 5 && !strcmp(base + len - 5, ".json"))
		len -= 5;
	if (several)
		snprintf(buf, n, "%.*s:%s", (int)len, base, level);
	else
		snprintf(buf, n, "%.*s", (int)len, base);
}

static bool chip_of(const struct loaded *b, const struct jv *item, unsigned idx, struct report_chip *c)
{
	const struct jv *gpu = jv_get(item, "gpu"), *dev = jv_get(item, "device"), *v;
	char where[32];
	const char *level;

	snprintf(where, sizeof(where), "%s[%u]", b->run ? "families" : "atlases", idx);
	if (item->type != JV_OBJ)
		return refuse(b->path, where, "not an object");
	level = str(b->path, item, "level", where);
	if (!level)
		return false;
	memset(c, 0, sizeof(*c));
	label_of(b->path, level, b->items->n_kids > 1, c->label, sizeof(c->label));
	snprintf(c->level, sizeof(c->level), "%s", level);
	snprintf(c->device, sizeof(c->device), "%s", dev && dev->type == JV_STR ? dev->s : "the model");
	v = jv_get(gpu, "processor");
	snprintf(c->processor, sizeof(c->processor), "%s", v && v->type == JV_STR ? v->s : level);
	v = jv_get(gpu, "emulated");
	c->emulated = !gpu || (v && v->type == JV_BOOL && v->b);
	c->verdicts = b->run;
	c->atlas = !b->run;
	return true;
}

static struct report_row *row_find(struct report_row **rows, unsigned *n, const char *name,
				   const char *level, unsigned n_chips)
{
	struct report_row *p;

	for (unsigned i = 0; i < *n; i++)
		if (!strcmp((*rows)[i].name, name) && !strcmp((*rows)[i].level, level))
			return &(*rows)[i];
	p = realloc(*rows, (*n + 1) * sizeof(**rows));
	if (!p)
		return NULL;
	*rows = p;
	p = &p[(*n)++];
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->level, sizeof(p->level), "%s", level);
	p->cell = calloc(n_chips, sizeof(*p->cell));
	if (!p->cell) {
		(*n)--;
		return NULL;
	}
	for (unsigned c = 0; c < n_chips; c++)
		p->cell[c].mark = REPORT_NOT_DECIDED;
	return p;
}

/* One family's verdicts into the matrix, as chip C. */
static bool add_verdicts(struct report *r, const struct loaded *b, const struct jv *fam, unsigned c)
{
	const struct jv *verdicts = array(b->path, fam, "verdicts", "families[].verdicts");

	if (!verdicts)
		return false;
	for (unsigned i = 0; i < verdicts->n_kids; i++) {
		const struct jv *v = &verdicts->kid[i], *choices = jv_get(v, "choices");
		const char *rule = str(b->path, v, "rule", "verdicts[]"), *kind;
		struct report_row *row;
		struct report_cell *cell;
		size_t used = 0;

		kind = rule ? str(b->path, v, "verdict", rule) : NULL;
		if (!kind)
			return false;
		row = row_find(&r->rule, &r->n_rules, rule, "", r->n_chips);
		if (!row)
			return refuse(b->path, rule, "out of memory");
		cell = &row->cell[c];
		if (strcmp(kind, "choice")) {
			snprintf(cell->text, sizeof(cell->text), "%s", kind);
			cell->mark = !strcmp(kind, "none") || !strcmp(kind, "mixed") ? REPORT_UNSETTLED :
										       REPORT_NOT_DECIDED;
			row->unsettled |= cell->mark == REPORT_UNSETTLED;
			continue;
		}
		if (!choices || choices->type != JV_ARR || !choices->n_kids)
			return refuse(b->path, rule, "verdict choice without its choices");
		for (unsigned k = 0; k < choices->n_kids && used < sizeof(cell->text); k++) {
			if (choices->kid[k].type != JV_STR)
				return refuse(b->path, rule, "choices: not a string");
			used += (size_t)snprintf(cell->text + used, sizeof(cell->text) - used, "%s%s",
						 k ? "|" : "", choices->kid[k].s);
		}
		cell->mark = REPORT_AGREE;
	}
	return true;
}

/*
 * Open addressing on "level name" for the atlas cells: an align bundle of
 * every level holds 20,000 of them.
 */
struct cell_index {
	unsigned *slot;			/* row + 1, 0 empty */
	unsigned size;
};

static uint32_t hash(const char *a, const char *b)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (const char *s = a; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	for (const char *s = b; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

static bool index_grow(struct cell_index *ix, const struct report_row *rows, unsigned n)
{
	unsigned size = ix->size ? 2 * ix->size : 4096;
	unsigned *slot = calloc(size, sizeof(*slot));

	if (!slot)
		return false;
	for (unsigned i = 0; i < n; i++) {
		uint32_t h = hash(rows[i].level, rows[i].name) & (size - 1);

		while (slot[h])
			h = (h + 1) & (size - 1);
		slot[h] = i + 1;
	}
	free(ix->slot);
	ix->slot = slot;
	ix->size = size;
	return true;
}

static struct report_row *cell_row(struct report *r, struct cell_index *ix, const char *level,
				   const char *name)
{
	uint32_t h;
	struct report_row *row;

	if (2 * (r->n_cells + 1) > ix->size && !index_grow(ix, r->cell, r->n_cells))
		return NULL;
	for (h = hash(level, name) & (ix->size - 1); ix->slot[h]; h = (h + 1) & (ix->size - 1)) {
		row = &r->cell[ix->slot[h] - 1];
		if (!strcmp(row->level, level) && !strcmp(row->name, name))
			return row;
	}
	if (r->n_cells % 1024 == 0) {
		row = realloc(r->cell, (r->n_cells + 1024) * sizeof(*row));
		if (!row)
			return NULL;
		r->cell = row;
	}
	row = &r->cell[r->n_cells];
	memset(row, 0, sizeof(*row));
	snprintf(row->name, sizeof(row->name), "%s", name);
	snprintf(row->level, sizeof(row->level), "%s", level);
	row->cell = calloc(r->n_chips, sizeof(*row->cell));
	if (!row->cell)
		return NULL;
	for (unsigned c = 0; c < r->n_chips; c++)
		row->cell[c].mark = REPORT_NOT_DECIDED;
	ix->slot[h] = ++r->n_cells;
	return row;
}

/*
 * One atlas's cells, as chip C: what the device did when measured, else
 * the model.  A row is an access of one size under one mode, its text the
 * outcomes at misalignments 0 to 15 as vsharp align's text table has them
 * ('-' where the chip has no such cell).
 */
static bool add_atlas(struct report *r, struct cell_index *ix, const struct loaded *b,
		      const struct jv *at, unsigned c)
{
	const struct jv *cells = array(b->path, at, "cells", "atlases[].cells");

	if (!cells)
		return false;
	for (unsigned i = 0; i < cells->n_kids; i++) {
		const struct jv *cl = &cells->kid[i], *size = jv_get(cl, "size"), *mis = jv_get(cl, "misalignment");
		const struct jv *seen = jv_get(cl, "seen");
		const char *mode = str(b->path, cl, "mode", "cells[]"), *access, *outcome;
		struct report_cell *cell;
		struct report_row *row;
		char name[96];

		access = mode ? str(b->path, cl, "access", "cells[]") : NULL;
		outcome = access ? str(b->path, cl, "model", "cells[]") : NULL;
		if (!outcome)
			return false;
		if (!size || size->type != JV_NUM || !mis || mis->type != JV_NUM || mis->num < 0 ||
		    mis->num >= VSHARP_ATLAS_MIS || mis->num != (unsigned)mis->num)
			return refuse(b->path, "cells[]", "'size' must be a number and 'misalignment' 0 to %u",
				      VSHARP_ATLAS_MIS - 1);
		if (seen && seen->type == JV_STR)
			outcome = seen->s;
		if (strlen(outcome) != 1)
			return refuse(b->path, "cells[]", "outcome '%s' (one symbol of vsharp align's table)", outcome);
		snprintf(name, sizeof(name), "%s %s %g", mode, access, size->num);
		row = cell_row(r, ix, r->chip[c].level, name);
		if (!row)
			return refuse(b->path, "cells[]", "out of memory");
		cell = &row->cell[c];
		if (cell->mark != REPORT_AGREE) {
			memset(cell->text, '-', VSHARP_ATLAS_MIS);
			cell->text[VSHARP_ATLAS_MIS] = '\0';
			cell->mark = REPORT_AGREE;
		}
		cell->text[(unsigned)mis->num] = outcome[0];
	}
	return true;
}

/* Marks the cells of ROW where two chips of a level decided differently; returns whether any. */
static bool mark_row(const struct report *r, struct report_row *row)
{
	bool any = false;

	for (unsigned a = 0; a < r->n_chips; a++) {
		bool differs = false;

		if (row->cell[a].mark != REPORT_AGREE && row->cell[a].mark != REPORT_DISAGREE)
			continue;
		for (unsigned k = 0; k < r->n_chips; k++)
			differs |= k != a && !strcmp(r->chip[k].level, r->chip[a].level) &&
				   (row->cell[k].mark == REPORT_AGREE || row->cell[k].mark == REPORT_DISAGREE) &&
				   strcmp(row->cell[k].text, row->cell[a].text);
		if (differs)
			row->cell[a].mark = REPORT_DISAGREE;
		any |= differs;
	}
	return any;
}

/* Keeps the atlas rows two chips of one level both have and differ in. */
static void keep_differing(struct report *r)
{
	unsigned kept = 0;

	for (unsigned i = 0; i < r->n_cells; i++) {
		struct report_row *row = &r->cell[i];
		unsigned have = 0;

		for (unsigned c = 0; c < r->n_chips; c++)
			have += row->cell[c].mark == REPORT_AGREE;
		r->cells_compared += have > 1;
		row->disagree = mark_row(r, row);
		if (row->disagree)
			r->cell[kept++] = *row;
		else
			free(row->cell);
	}
	r->n_cells = kept;
}

bool report_load(struct report *r, char *const *paths, unsigned n)
{
	struct loaded *b = calloc(n, sizeof(*b));
	struct cell_index ix = { NULL, 0 };
	bool ok = b != NULL;
	unsigned c = 0;

	memset(r, 0, sizeof(*r));
	r->n_bundles = n;
	for (unsigned i = 0; ok && i < n; i++) {
		b[i].path = paths[i];
		ok = load_one(&b[i]);
		r->n_chips += ok ? b[i].items->n_kids : 0;
	}
	if (ok)
		r->chip = calloc(r->n_chips ? r->n_chips : 1, sizeof(*r->chip));
	ok &= r->chip != NULL;
	for (unsigned i = 0; ok && i < n; i++)
		for (unsigned k = 0; ok && k < b[i].items->n_kids; k++, c++) {
			const struct jv *item = &b[i].items->kid[k];

			ok = chip_of(&b[i], item, k, &r->chip[c]);
			if (ok && b[i].run)
				ok = add_verdicts(r, &b[i], item, c);
			else if (ok)
				ok = add_atlas(r, &ix, &b[i], item, c);
			r->atlas_chips += ok && !b[i].run;
		}
	for (unsigned i = 0; ok && i < r->n_rules; i++)
		r->rule[i].disagree = mark_row(r, &r->rule[i]);
	if (ok)
		keep_differing(r);
	for (unsigned i = 0; b && i < n; i++)
		jv_free(b[i].root);
	free(b);
	free(ix.slot);
	if (!b)
		cli_error("report: out of memory");
	if (!ok)
		report_free(r);
	return ok;
}

void report_free(struct report *r)
{
	for (unsigned i = 0; i < r->n_rules; i++)
		free(r->rule[i].cell);
	for (unsigned i = 0; i < r->n_cells; i++)
		free(r->cell[i].cell);
	free(r->rule);
	free(r->cell);
	free(r->chip);
	memset(r, 0, sizeof(*r));
}

unsigned report_disagreements(const struct report *r, bool atlas)
{
	unsigned n = 0;

	for (unsigned i = 0; i < (atlas ? r->n_cells : r->n_rules); i++)
		n += (atlas ? r->cell : r->rule)[i].disagree;
	return n;
}

unsigned report_unsettled(const struct report *r)
{
	unsigned n = 0;

	for (unsigned i = 0; i < r->n_rules; i++)
		n += r->rule[i].unsettled;
	return n;
}
