// SPDX-License-Identifier: MIT
/* `vsharp rules`: the model's named rules, their choices, sources and defaults. */
#include <stdio.h>

#include "cli.h"
#include "vsharp/rules.h"

int cmd_rules(int argc, char **argv)
{
	(void)argv;
	if (argc)
		return cli_error("rules: takes no arguments");
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		printf("%s: %s\n", info->name, info->what);
		for (unsigned c = 0; c < info->n_choices; c++) {
			printf("  %-16s %s\n", info->choice[c].name, info->choice[c].source);
			printf("  %-16s default on:", "");
			for (int l = 0; l < VSHARP_GFX_COUNT; l++)
				if (info->levels & VSHARP_GFX_BIT(l) && info->defaults[l] == c)
					printf(" %s", vsharp_gfx_name(l));
			printf("\n");
		}
	}
	return 0;
}
