// SPDX-License-Identifier: MIT
/*
 * `vsharp rules [--json]`: the model's named rules, their choices, sources
 * and defaults.  Text and JSON walk the same tables; JSON is one object with
 * "rules", "convert" and "documented" (Documentation/cli.rst, "vsharp rules").
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "vsharp/rules.h"

static bool json;

/* Text: " gfx9 gfx10" and a line end; JSON: ["gfx9", "gfx10"]. */
static void print_levels(unsigned levels)
{
	const char *sep = "";

	fputs(json ? "[" : "", stdout);
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		if (!(levels & VSHARP_GFX_BIT(l)))
			continue;
		printf(json ? "%s\"%s\"" : "%s %s", sep, vsharp_gfx_name(l));
		sep = json ? ", " : "";
	}
	fputs(json ? "]" : "\n", stdout);
}

/* One choice: its name, its source (NULL: none given) and where it is the default. */
static void print_choice(unsigned c, const char *name, const char *source, unsigned on)
{
	if (json) {
		printf("%s{\"name\": ", c ? ", " : "");
		json_string(stdout, name);
		if (source) {
			fputs(", \"source\": ", stdout);
			json_string(stdout, source);
		}
		fputs(", \"default_on\": ", stdout);
		print_levels(on);
		putchar('}');
		return;
	}
	if (source)
		printf("  %-16s %s\n  %-16s default on:", name, source, "");
	else
		printf("  %-16s default on:", name);
	print_levels(on);
}

static void print_named(void)
{
	fputs(json ? "{\"rules\": [" : "", stdout);
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		if (json) {
			printf("%s{\"name\": \"%s\", \"what\": ", r ? ", " : "", info->name);
			json_string(stdout, info->what);
			fputs(", \"levels\": ", stdout);
			print_levels(info->levels);
			fputs(", \"choices\": [", stdout);
		} else {
			printf("%s: %s\n", info->name, info->what);
		}
		for (unsigned c = 0; c < info->n_choices; c++) {
			unsigned on = 0;

			for (int l = 0; l < VSHARP_GFX_COUNT; l++)
				if (info->levels & VSHARP_GFX_BIT(l) && info->defaults[l] == c)
					on |= VSHARP_GFX_BIT(l);
			print_choice(c, info->choice[c].name, info->choice[c].source, on);
		}
		fputs(json ? "]}" : "", stdout);
	}
}

/* The format-conversion choices (Documentation/formats.rst has the sources). */
static void print_convert(void)
{
	fputs(json ? "], \"convert\": [" :
	      "\nformat conversion rules (Documentation/formats.rst):\n", stdout);
	for (unsigned i = 0; i < vsharp_convert_rule_count(); i++) {
		const char *const *names;
		unsigned n = vsharp_convert_rule_choices(i, &names);

		printf(json ? "%s{\"name\": \"%s\", \"choices\": [" : "%s%s:\n",
		       json && i ? ", " : "", vsharp_convert_rule_name(i));
		for (unsigned c = 0; c < n; c++) {
			unsigned on = 0;

			for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
				struct vsharp_rules r;

				vsharp_rules_default(l, &r);
				if (vsharp_convert_rule_get(&r.convert, i) == c)
					on |= VSHARP_GFX_BIT(l);
			}
			print_choice(c, names[c], NULL, on);
		}
		fputs(json ? "]}" : "", stdout);
	}
}

/* The rules with one reading, after the contested ones. */
static void print_documented(void)
{
	unsigned n;
	const struct vsharp_documented_rule *d = vsharp_documented_rules(&n);

	fputs(json ? "], \"documented\": [" : "\ndocumented rules (one reading, no choice):\n",
	      stdout);
	for (unsigned i = 0; i < n; i++) {
		if (json) {
			printf("%s{\"name\": \"%s\", \"statement\": ", i ? ", " : "", d[i].name);
			json_string(stdout, d[i].statement);
			fputs(", \"levels\": ", stdout);
			print_levels(d[i].levels);
			fputs(", \"source\": ", stdout);
			json_string(stdout, d[i].source);
			putchar('}');
			continue;
		}
		printf("%s: %s\n", d[i].name, d[i].statement);
		printf("  %-16s", "on:");
		print_levels(d[i].levels);
		printf("  %-16s %s\n", "source:", d[i].source);
	}
	fputs(json ? "]}\n" : "", stdout);
}

int cmd_rules(int argc, char **argv)
{
	if (argc == 1 && !strcmp(argv[0], "--json"))
		json = true;
	else if (argc)
		return cli_error("rules: takes only --json (got '%s')", argv[0]);
	print_named();
	print_convert();
	print_documented();
	return 0;
}
