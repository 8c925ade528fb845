// SPDX-License-Identifier: MIT
/*
 * The verdicts of `vsharp run`: a KTAP subtest per family with one case per
 * rule, a table of every family, and JSON (Documentation/verdicts.rst).
 */
#include <string.h>

#include "report.h"

/*
 * A verdict fails its case when no choice explains every lane (or, emulated,
 * the choice it runs does not: the others that do are those no case parts
 * from it).
 */
bool verdict_ok(const struct verdict_family *fam, enum vsharp_rule r)
{
	const struct vsharp_verdict *v = &fam->v[r];

	if (v->kind == VSHARP_VERDICT_CHOICE)
		return !fam->emulated || v->explains >> fam->expected[r] & 1;
	return v->kind == VSHARP_VERDICT_UNTESTED || v->kind == VSHARP_VERDICT_NOT_APPLICABLE;
}

static void counts(const struct vsharp_verdict *v, char *buf, size_t n)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(v->rule);
	size_t used = (size_t)snprintf(buf, n, "%u cases: %u discriminating, %u controls", v->cases,
				       v->discriminating, v->controls);

	if (v->kind == VSHARP_VERDICT_MIXED || v->kind == VSHARP_VERDICT_NONE)
		for (unsigned c = 0; c < info->n_choices && used < n; c++)
			used += (size_t)snprintf(buf + used, n - used, "%s %s explains %u", c ? "," : ";",
						 info->choice[c].name, v->matched[c]);
	if (v->kind == VSHARP_VERDICT_CHOICE && v->explains & (v->explains - 1) && used < n)
		used += (size_t)snprintf(buf + used, n - used, "; no case parts these choices");
	if (v->not_run && used < n)
		snprintf(buf + used, n - used, "; %u not run: %s", v->not_run, v->why);
}

bool verdict_ktap(const struct verdict_family *fam, const char *mode_note, unsigned idx)
{
	bool all = true;

	printf("        KTAP version 1\n        # Subtest: verdicts\n");
	if (fam->emulated)
		printf("        # emu: the emulated memory unit runs the model, so each verdict is the choice it follows (the model's default unless --emu-rule): this checks the probe path, not a chip; %s\n",
		       mode_note);
	else
		printf("        # amdgpu: which choice of each rule this GPU follows; %s\n", mode_note);
	printf("        1..%u\n", VSHARP_RULE_COUNT);
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_verdict *v = &fam->v[r];
		const struct vsharp_rule_info *info = vsharp_rule_info(r);
		unsigned def = info->defaults[fam->level];
		char text[96], detail[512];
		bool ok = verdict_ok(fam, r);

		all &= ok;
		vsharp_verdict_text(v, text, sizeof(text));
		if (v->kind == VSHARP_VERDICT_NOT_APPLICABLE || v->kind == VSHARP_VERDICT_UNTESTED) {
			printf("        ok %d %s # SKIP %s: %s\n", r + 1, info->name, text, v->why);
			continue;
		}
		counts(v, detail, sizeof(detail));
		printf("        # %s: %s (the model's default: %s", info->name, text, info->choice[def].name);
		if (fam->emulated && fam->expected[r] != def)
			printf("; the emulated memory unit follows %s", info->choice[fam->expected[r]].name);
		printf("): %s\n", detail);
		for (unsigned s = 0; s < v->n_shown; s++)
			printf("        #   %s\n", v->shown[s]);
		printf("        %sok %d %s\n", ok ? "" : "not ", r + 1, info->name);
	}
	verdict_count_line("        # verdicts", fam, 1, NULL);
	printf("    %sok %u verdicts\n", all ? "" : "not ", idx);
	return all;
}

/* A table cell: the choice (* when not the model's default), or the kind. */
static void cell(const struct verdict_family *fam, enum vsharp_rule r, char *buf, size_t n)
{
	const struct vsharp_verdict *v = &fam->v[r];
	const struct vsharp_rule_info *info = vsharp_rule_info(r);
	size_t used = 0;

	if (v->kind == VSHARP_VERDICT_NOT_APPLICABLE) {
		snprintf(buf, n, "-");
		return;
	}
	if (v->kind != VSHARP_VERDICT_CHOICE) {
		vsharp_verdict_text(v, buf, n);
		return;
	}
	for (unsigned c = 0; c < info->n_choices && used < n; c++)
		if (v->explains >> c & 1)
			used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? "|" : "",
						 info->choice[c].name);
	if (!(v->explains >> info->defaults[fam->level] & 1) && used < n)
		snprintf(buf + used, n - used, "*");
}

/* Columns padded to WIDTH, the last one not. */
static void column(FILE *f, const char *text, bool last)
{
	fprintf(f, last ? " %s\n" : " %-20s", text);
}

void verdict_table(FILE *f, const struct verdict_family *fams, unsigned n)
{
	char text[96];

	fprintf(f, "# verdicts: the choice each level follows (* not the model's default; - the rule does not matter there)\n# %-22s", "rule");
	for (unsigned i = 0; i < n; i++)
		column(f, vsharp_gfx_name(fams[i].level), i + 1 == n);
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		fprintf(f, "# %-22s", vsharp_rule_info(r)->name);
		for (unsigned i = 0; i < n; i++) {
			if (fams[i].ran)
				cell(&fams[i], r, text, sizeof(text));
			else
				snprintf(text, sizeof(text), "not run");
			column(f, text, i + 1 == n);
		}
	}
}

void verdict_count_line(const char *prefix, const struct verdict_family *fams, unsigned n,
			const char *before)
{
	struct vsharp_verdict_counts c = { 0 };
	unsigned not_ok = 0;

	for (unsigned i = 0; i < n; i++) {
		if (!fams[i].ran)
			continue;
		vsharp_verdict_count(fams[i].v, VSHARP_RULE_COUNT, &c);
		for (int r = 0; r < VSHARP_RULE_COUNT; r++)
			not_ok += !verdict_ok(&fams[i], r);
	}
	printf("%s: %s%llu verdict lanes: %u verdicts decided (%u not ok), %u untested, %llu lanes not run\n",
	       prefix, before ? before : "", (unsigned long long)c.lanes, c.decided, not_ok, c.untested,
	       (unsigned long long)c.not_run);
}

void verdict_json_rule(struct vsharp_json *j, const struct verdict_family *fam, enum vsharp_rule r)
{
	const struct vsharp_verdict *v = &fam->v[r];
	const struct vsharp_rule_info *info = vsharp_rule_info(r);

	vsharp_json_object_begin(j, NULL);
	vsharp_json_str(j, "rule", info->name);
	vsharp_json_str(j, "verdict", vsharp_verdict_kind_name(v->kind));
	vsharp_json_array_begin(j, "choices");
	for (unsigned c = 0; c < info->n_choices; c++)
		if (v->kind == VSHARP_VERDICT_CHOICE && v->explains >> c & 1)
			vsharp_json_str(j, NULL, info->choice[c].name);
	vsharp_json_array_end(j);
	vsharp_json_str(j, "default", info->choice[info->defaults[fam->level]].name);
	vsharp_json_str(j, "closest", info->choice[v->closest].name);
	vsharp_json_bool(j, "ok", verdict_ok(fam, r));
	vsharp_json_uint(j, "cases", v->cases);
	vsharp_json_uint(j, "discriminating", v->discriminating);
	vsharp_json_uint(j, "controls", v->controls);
	vsharp_json_uint(j, "not_run", v->not_run);
	vsharp_json_object_begin(j, "explained");
	for (unsigned c = 0; c < info->n_choices; c++)
		vsharp_json_uint(j, info->choice[c].name, v->matched[c]);
	vsharp_json_object_end(j);
	vsharp_json_array_begin(j, "shown");
	for (unsigned s = 0; s < v->n_shown; s++)
		vsharp_json_str(j, NULL, v->shown[s]);
	vsharp_json_array_end(j);
	vsharp_json_str(j, "why", v->why);
	vsharp_json_object_end(j);
}

void verdict_json(FILE *f, const struct verdict_family *fams, unsigned n)
{
	struct vsharp_json j;

	vsharp_json_init(&j, f);
	vsharp_json_object_begin(&j, NULL);
	vsharp_json_array_begin(&j, "families");
	for (unsigned i = 0; i < n; i++) {
		if (!fams[i].ran)
			continue;
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "level", vsharp_gfx_name(fams[i].level));
		vsharp_json_str(&j, "device", fams[i].device);
		vsharp_json_bool(&j, "emulated", fams[i].emulated);
		vsharp_json_array_begin(&j, "rules");
		for (int r = 0; r < VSHARP_RULE_COUNT; r++)
			verdict_json_rule(&j, &fams[i], r);
		vsharp_json_array_end(&j);
		vsharp_json_object_end(&j);
	}
	vsharp_json_array_end(&j);
	vsharp_json_object_end(&j);
}
