// SPDX-License-Identifier: MIT
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *synopsis, *help;
	bool own_help;		/* the verb prints its own usage on --help */
} verbs[] = {
	{ "desc", cmd_desc, "desc encode|decode|kind", "build or read a V# buffer descriptor", true },
	{ "addr", cmd_addr, "addr <V#> --op NAME ...", "one lane through the model, step by step", true },
	{ "rules", cmd_rules, "rules", "the model's named rules and their sources", false },
	{ "align", cmd_align, "align [--gfx L|all] [--mode M] [--format F] ...",
	  "the alignment atlas: mode x access x size x misalignment", false },
	{ "stubs", cmd_stubs, "stubs --gfx LEVEL", "the probe stubs of a level (make shaders)", false },
	{ "disasm", cmd_disasm, "disasm --gfx LEVEL [WORD...|--file F]",
	  "shader words as llvm-objdump-19 prints them", true },
	{ "ops", cmd_ops, "ops --gfx LEVEL [--asm] [--all]", "list the buffer and LDS instructions of a level", false },
	{ "ib", cmd_ib, "ib decode|example --gfx LEVEL",
	  "read a PM4 stream or ring dump, or build a compute IB", true },
	{ "run", cmd_run, "run [--device D] [--gfx F] [--align-mode M] [SUITE...]",
	  "the suites on a GPU or the emulated device (KTAP; --list)", false },
};

static int usage(FILE *f)
{
	fputs("usage: vsharp VERB ...\n", f);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		fprintf(f, "  vsharp %-56s %s\n", verbs[i].synopsis, verbs[i].help);
	return f == stdout ? 0 : CLI_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage(stderr);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
		return usage(stdout);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (strcmp(argv[1], verbs[i].name))
			continue;
		if (!verbs[i].own_help && argc == 3 &&
		    (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
			printf("usage: vsharp %s\n  %s (Documentation/cli.rst, \"vsharp %s\")\n",
			       verbs[i].synopsis, verbs[i].help, verbs[i].name);
			return 0;
		}
		return verbs[i].fn(argc - 2, argv + 2);
	}
	cli_error("unknown verb '%s'", argv[1]);
	return usage(stderr);
}
