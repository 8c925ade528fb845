// SPDX-License-Identifier: MIT
#include <string.h>

#include "cli.h"

static bool after_dashdash(char **argv, int i)
{
	for (int k = 0; k < i; k++)
		if (!strcmp(argv[k], "--"))
			return true;
	return false;
}

bool cli_wants_help(int argc, char **argv)
{
	for (int k = 0; k < argc && strcmp(argv[k], "--"); k++)
		if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h"))
			return true;
	return false;
}

int cli_gfx_only(int argc, char **argv, const char *cmd, enum vsharp_gfx *level)
{
	const struct vsharp_target *t;
	int ret = cli_gfx_target(argc, argv, cmd, &t);

	if (!ret)
		*level = t->level;
	return ret;
}

int cli_gfx_target(int argc, char **argv, const char *cmd, const struct vsharp_target **target)
{
	enum vsharp_gfx level;
	static const struct cli_opt opts[] = { { "--gfx", true, 1 }, { NULL, false, 0 } };
	struct vsharp_error err;
	const char *gfx = NULL, *val;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, cmd, &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == CLI_ARG)
			return cli_error("%s: unexpected argument '%s'", cmd, val);
		gfx = val;
	}
	if (!gfx)
		return cli_error("--gfx: required");
	if (vsharp_gfx_parse(gfx, &level, &err))
		return cli_lib_error(&err);
	*target = vsharp_target_find(gfx);
	return 0;
}

/*
 * "-j N" or "-jN" when OPTS name "-j" (short options take a value); a word
 * no short option names is an argument.
 */
static int short_opt(int argc, char **argv, int *i, const struct cli_opt *opts, const char *arg,
		     const char **val)
{
	for (const struct cli_opt *o = opts; o->name; o++) {
		if (o->name[0] != '-' || o->name[1] != arg[1] || o->name[2] || !o->has_arg)
			continue;
		if (arg[2]) {
			*val = arg + 2;
		} else if (*i < argc) {
			*val = argv[(*i)++];
		} else {
			cli_error("%s: needs a value", o->name);
			return CLI_BAD;
		}
		return o->id;
	}
	*val = arg;
	return CLI_ARG;
}

int cli_getopt(int argc, char **argv, int *i, const struct cli_opt *opts,
	       const char *cmd, const char **val)
{
	const char *arg, *eq;
	size_t len;

	if (*i >= argc)
		return CLI_END;
	arg = argv[(*i)++];
	*val = NULL;
	/* "--" ends the options: everything after it is positional. */
	if (!strcmp(arg, "--") && !after_dashdash(argv, *i - 1)) {
		if (*i >= argc)
			return CLI_END;
		arg = argv[(*i)++];
	}
	if (after_dashdash(argv, *i - 1))
		goto positional;
	if (arg[0] == '-' && arg[1] && arg[1] != '-')
		return short_opt(argc, argv, i, opts, arg, val);
	if (strncmp(arg, "--", 2) || !arg[2])
		goto positional;
	eq = strchr(arg, '=');
	len = eq ? (size_t)(eq - arg) : strlen(arg);
	for (const struct cli_opt *o = opts; o->name; o++) {
		if (strlen(o->name) != len || strncmp(arg, o->name, len))
			continue;
		if (!o->has_arg) {
			if (eq) {
				cli_error("%s: takes no value", o->name);
				return CLI_BAD;
			}
			return o->id;
		}
		if (eq) {
			*val = eq + 1;
		} else if (*i < argc) {
			*val = argv[(*i)++];
		} else {
			cli_error("%s: needs a value", o->name);
			return CLI_BAD;
		}
		return o->id;
	}
	cli_error("%.*s: unknown option for '%s'", (int)len, arg, cmd);
	return CLI_BAD;
positional:
	*val = arg;
	return CLI_ARG;
}
