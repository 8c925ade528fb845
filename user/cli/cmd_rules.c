// SPDX-License-Identifier: MIT
/*
 * `vsharp rules [--json]`: the model's named rules, their choices, sources
 * and defaults, the format-conversion rules among them (Documentation/formats.rst).
 * Text and JSON walk the same tables; JSON is one object with "rules" and
 * "documented" (Documentation/cli.rst, "vsharp rules").
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "vsharp/rules.h"

/* --json: the writer; text otherwise. */
static bool json;
static struct vsharp_json j;

/* Text: " gfx9 gfx10" and a line end; JSON: KEY: ["gfx9", "gfx10"]. */
static void print_levels(const char *key, unsigned levels)
{
	if (json)
		vsharp_json_array_begin(&j, key);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		if (!(levels & VSHARP_GFX_BIT(l)))
			continue;
		if (json)
			vsharp_json_str(&j, NULL, vsharp_gfx_name(l));
		else
			printf(" %s", vsharp_gfx_name(l));
	}
	if (json)
		vsharp_json_array_end(&j);
	else
		putchar('\n');
}

/* One choice: its name, its source and where it is the default. */
static void print_choice(const char *name, const char *source, unsigned on)
{
	if (json) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "name", name);
		vsharp_json_str(&j, "source", source);
		print_levels("default_on", on);
		vsharp_json_object_end(&j);
		return;
	}
	printf("  %-16s %s\n  %-16s default on:", name, source, "");
	print_levels(NULL, on);
}

static void print_named(void)
{
	if (json)
		vsharp_json_array_begin(&j, "rules");
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		if (json) {
			vsharp_json_object_begin(&j, NULL);
			vsharp_json_str(&j, "name", info->name);
			vsharp_json_str(&j, "what", info->what);
			print_levels("levels", info->levels);
			vsharp_json_array_begin(&j, "choices");
		} else {
			printf("%s: %s\n", info->name, info->what);
		}
		for (unsigned c = 0; c < info->n_choices; c++) {
			unsigned on = 0;

			for (int l = 0; l < VSHARP_GFX_COUNT; l++)
				if (info->levels & VSHARP_GFX_BIT(l) && info->defaults[l] == c)
					on |= VSHARP_GFX_BIT(l);
			print_choice(info->choice[c].name, info->choice[c].source, on);
		}
		if (json) {
			vsharp_json_array_end(&j);
			vsharp_json_object_end(&j);
		}
	}
	if (json)
		vsharp_json_array_end(&j);
}

/* The rules with one reading, after the contested ones. */
static void print_documented(void)
{
	unsigned n;
	const struct vsharp_documented_rule *d = vsharp_documented_rules(&n);

	if (json)
		vsharp_json_array_begin(&j, "documented");
	else
		fputs("\ndocumented rules (one reading, no choice):\n", stdout);
	for (unsigned i = 0; i < n; i++) {
		if (json) {
			vsharp_json_object_begin(&j, NULL);
			vsharp_json_str(&j, "name", d[i].name);
			vsharp_json_str(&j, "statement", d[i].statement);
			print_levels("levels", d[i].levels);
			vsharp_json_str(&j, "source", d[i].source);
			vsharp_json_object_end(&j);
			continue;
		}
		printf("%s: %s\n", d[i].name, d[i].statement);
		printf("  %-16s", "on:");
		print_levels(NULL, d[i].levels);
		printf("  %-16s %s\n", "source:", d[i].source);
	}
	if (json)
		vsharp_json_array_end(&j);
}

int cmd_rules(int argc, char **argv)
{
	json = argc == 1 && !strcmp(argv[0], "--json");
	if (argc && !json)
		return cli_error("rules: takes only --json (got '%s')", argv[0]);
	vsharp_json_init(&j, stdout);
	if (json)
		vsharp_json_object_begin(&j, NULL);
	print_named();
	print_documented();
	if (json)
		vsharp_json_object_end(&j);
	return 0;
}
