// SPDX-License-Identifier: MIT
#include <string.h>

#include "cli.h"
#include "vsharp/reference.h"

/*
 * `vsharp run`: the check suites, as KTAP.  Each suite is one subtest with
 * its cases nested inside.  The device suites join this table as they land.
 */
struct run_suite {
	const char *name;
	const char *help;
	/* Prints the nested cases; returns the number of failed cases. */
	unsigned (*run)(unsigned *cases);
};

static void indent(void)
{
	fputs("    ", stdout);
}

static unsigned run_descriptors(unsigned *cases)
{
	unsigned failed = 0;

	indent();
	printf("KTAP version 1\n");
	indent();
	printf("1..%u\n", vsharp_reference_desc_count);
	for (unsigned i = 0; i < vsharp_reference_desc_count; i++) {
		const struct vsharp_reference_desc *r = &vsharp_reference_descs[i];
		struct vsharp_error err = { "" };
		struct vsharp_buffer back;
		uint32_t dw[4] = { 0 }, again[4] = { 0 };
		bool ok;

		ok = !vsharp_desc_encode(r->level, &r->buffer, dw, &err) && dw[3] == r->word3;
		if (ok) {
			vsharp_desc_decode(r->level, dw, &back);
			ok = !vsharp_desc_encode(r->level, &back, again, &err) &&
			     !memcmp(dw, again, sizeof(dw));
		}
		if (!ok) {
			indent();
			printf("# %s (%s): word3 0x%08x, expected 0x%08x %s\n", r->name,
			       r->source, dw[3], r->word3, err.msg);
			failed++;
		}
		indent();
		printf("%sok %u %s\n", ok ? "" : "not ", i + 1, r->name);
	}
	*cases = vsharp_reference_desc_count;
	return failed;
}

static const struct run_suite suites[] = {
	{ "descriptors", "encode and decode the V# words other projects publish",
	  run_descriptors },
};

#define N_SUITES (sizeof(suites) / sizeof(suites[0]))

int cmd_run(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--list", false, 1 },
		{ NULL, false, 0 },
	};
	bool chosen[N_SUITES] = { false }, any = false;
	unsigned n = 0, total = 0, failed = 0, idx = 0;
	const char *val;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "run", &val)) != CLI_END) {
		size_t s;

		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == 1) {
			for (s = 0; s < N_SUITES; s++)
				printf("%-14s %s\n", suites[s].name, suites[s].help);
			return 0;
		}
		for (s = 0; s < N_SUITES && strcmp(suites[s].name, val); s++)
			;
		if (s == N_SUITES)
			return cli_error("run: unknown suite '%s' (see vsharp run --list)", val);
		chosen[s] = any = true;
	}
	for (size_t s = 0; s < N_SUITES; s++)
		n += !any || chosen[s];
	printf("KTAP version 1\n1..%u\n", n);
	for (size_t s = 0; s < N_SUITES; s++) {
		unsigned cases = 0, bad;

		if (any && !chosen[s])
			continue;
		bad = suites[s].run(&cases);
		total += cases;
		failed += bad;
		printf("%sok %u %s\n", bad ? "not " : "", ++idx, suites[s].name);
	}
	printf("# %u cases: %u passed, %u failed\n", total, total - failed, failed);
	return failed ? 1 : 0;
}
