// SPDX-License-Identifier: MIT
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The release; packaging/install.mk's VERSION says the same (cli.sh checks it). */
#define VSHARP_RELEASE "0.1.0"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *synopsis, *help;
	bool own_help;		/* the verb prints its own usage on --help */
	const char *usage;	/* --help's synopsis when longer than the one vsharp help lists */
} verbs[] = {
	{ .name = "desc", .fn = cmd_desc, .synopsis = "desc encode|decode|kind",
	  .help = "build or read a V# buffer descriptor", .own_help = true },
	{ .name = "addr", .fn = cmd_addr, .synopsis = "addr <V#> --op NAME ...",
	  .help = "one lane through the model, step by step", .own_help = true },
	{ .name = "rules", .fn = cmd_rules, .synopsis = "rules [--json]",
	  .help = "the model's named rules and their sources" },
	{ .name = "align", .fn = cmd_align, .synopsis = "align [--gfx L|all] [--mode M] [--format F] ...",
	  .help = "the alignment atlas: mode x access x size x misalignment",
	  .usage = "align [--gfx LEVEL|all] [--mode MODE|all] [--format text|csv|json|svg] [--cross-level]\n"
		   "                [--device emu|amdgpu] [--allow-memviol] [--allow-shared-vmid] [--emu-rule NAME=CHOICE]...\n"
		   "                [--debugfs DIR] [--bundle FILE]" },
	{ .name = "report", .fn = cmd_report, .synopsis = "report [--format F] BUNDLE...",
	  .help = "merge result bundles: chip x rule matrix, cross-chip atlas",
	  .usage = "report [--format text|csv|json|svg|html] BUNDLE..." },
	{ .name = "stubs", .fn = cmd_stubs, .synopsis = "stubs --gfx LEVEL",
	  .help = "the probe stubs of a level (make shaders)" },
	{ .name = "disasm", .fn = cmd_disasm, .synopsis = "disasm --gfx LEVEL [WORD...|--file F]",
	  .help = "shader words as llvm-objdump-19 prints them", .own_help = true },
	{ .name = "ops", .fn = cmd_ops, .synopsis = "ops --gfx LEVEL [--asm | --json] [--all]",
	  .help = "list the buffer and LDS instructions of a level" },
	{ .name = "ib", .fn = cmd_ib, .synopsis = "ib decode|example --gfx LEVEL",
	  .help = "read a PM4 stream or ring dump, or build a compute IB", .own_help = true },
	{ .name = "run", .fn = cmd_run, .synopsis = "run [--device D] [--gfx F] [--align-mode M] [SUITE...]",
	  .help = "the suites on a GPU or the emulated device (KTAP; --list)",
	  .usage = "run [--device auto|amdgpu|emu] [--gfx FAMILY|all] [--align-mode MODE] [-j N]\n"
		   "              [--allow-memviol] [--allow-ldsdir] [--allow-shared-vmid] [--debugfs DIR]\n"
		   "              [--verdicts-json FILE] [--bundle FILE] [--emu-rule NAME=CHOICE]... [--list] [SUITE...]" },
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
	char *help_argv[] = { argv[0], NULL, "--help", NULL };

	if (argc < 2)
		return usage(stderr);
	/* "vsharp help VERB" is "vsharp VERB --help" (the caller's argv stays as it is). */
	if (!strcmp(argv[1], "help") && argc == 3) {
		help_argv[1] = argv[2];
		argv = help_argv;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return usage(stdout);
	if (!strcmp(argv[1], "--version")) {
		printf("vsharp %s\n", VSHARP_RELEASE);
		return 0;
	}
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (strcmp(argv[1], verbs[i].name))
			continue;
		if (!verbs[i].own_help && cli_wants_help(argc - 2, argv + 2)) {
			printf("usage: vsharp %s\n  %s (Documentation/cli.rst, \"vsharp %s\")\n",
			       verbs[i].usage ? verbs[i].usage : verbs[i].synopsis, verbs[i].help,
			       verbs[i].name);
			return 0;
		}
		return verbs[i].fn(argc - 2, argv + 2);
	}
	/* "vsharp --gfx gfx9 desc decode ...": the verb is there, after its options. */
	for (int k = 2; argv[1][0] == '-' && k < argc; k++) {
		for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
			if (strcmp(argv[k], verbs[i].name))
				continue;
			cli_error("unknown verb '%s': options come after the verb, here 'vsharp %s%s%s %s ...' (usage: vsharp %s --help)",
				  argv[1], argv[k], k + 1 < argc && argv[k + 1][0] != '-' ? " " : "",
				  k + 1 < argc && argv[k + 1][0] != '-' ? argv[k + 1] : "", argv[1],
				  argv[k]);
			return CLI_EXIT_USAGE;
		}
	}
	cli_error("unknown verb '%s'", argv[1]);
	return usage(stderr);
}
