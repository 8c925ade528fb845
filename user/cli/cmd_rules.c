// SPDX-License-Identifier: MIT
/* `vsharp rules`: the model's named rules, their choices, sources and defaults. */
#include <stdio.h>

#include "cli.h"
#include "vsharp/rules.h"

static void print_levels(unsigned levels)
{
	for (int l = 0; l < VSHARP_GFX_COUNT; l++)
		if (levels & VSHARP_GFX_BIT(l))
			printf(" %s", vsharp_gfx_name(l));
	printf("\n");
}

/* The format-conversion choices (Documentation/formats.rst has the sources). */
static void print_convert(void)
{
	printf("\nformat conversion rules (Documentation/formats.rst):\n");
	for (unsigned i = 0; i < vsharp_convert_rule_count(); i++) {
		const char *const *names;
		unsigned n = vsharp_convert_rule_choices(i, &names);

		printf("%s:\n", vsharp_convert_rule_name(i));
		for (unsigned c = 0; c < n; c++) {
			unsigned on = 0;

			for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
				struct vsharp_rules r;

				vsharp_rules_default(l, &r);
				if (vsharp_convert_rule_get(&r.convert, i) == c)
					on |= VSHARP_GFX_BIT(l);
			}
			printf("  %-16s default on:", names[c]);
			print_levels(on);
		}
	}
}

/* The rules with one reading, after the contested ones. */
static void print_documented(void)
{
	unsigned n;
	const struct vsharp_documented_rule *d = vsharp_documented_rules(&n);

	printf("\ndocumented rules (one reading, no choice):\n");
	for (unsigned i = 0; i < n; i++) {
		printf("%s: %s\n", d[i].name, d[i].statement);
		printf("  %-16s", "on:");
		print_levels(d[i].levels);
		printf("  %-16s %s\n", "source:", d[i].source);
	}
}

int cmd_rules(int argc, char **argv)
{
	(void)argv;
	if (argc)
		return cli_error("rules: takes no arguments");
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		printf("%s: %s\n", info->name, info->what);
		for (unsigned c = 0; c < info->n_choices; c++) {
			unsigned on = 0;

			printf("  %-16s %s\n", info->choice[c].name, info->choice[c].source);
			for (int l = 0; l < VSHARP_GFX_COUNT; l++)
				if (info->levels & VSHARP_GFX_BIT(l) && info->defaults[l] == c)
					on |= VSHARP_GFX_BIT(l);
			printf("  %-16s default on:", "");
			print_levels(on);
		}
	}
	print_convert();
	print_documented();
	return 0;
}
