// SPDX-License-Identifier: MIT
/*
 * `vsharp report BUNDLE...`: result bundles of many machines merged into
 * the chip x rule matrix and the cross-chip atlas (report_data.h), as
 * text, CSV, JSON, SVG or a self-contained HTML page.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_data.h"

static const struct {
	const char *name;
	void (*out)(FILE *f, const struct report *r);
} formats[] = {
	{ "text", report_text }, { "csv", report_csv }, { "json", report_json },
	{ "svg", report_svg }, { "html", report_html },
};

int cmd_report(int argc, char **argv)
{
	enum { O_FORMAT = 1 };
	static const struct cli_opt opts[] = { { "--format", true, O_FORMAT }, { NULL, false, 0 } };
	const char *format = "text", *val;
	char **paths = calloc((size_t)argc + 1, sizeof(*paths));
	unsigned n = 0, f;
	struct report r;
	int i = 0, id;

	if (!paths)
		return cli_error("report: out of memory");
	while ((id = cli_getopt(argc, argv, &i, opts, "report", &val)) != CLI_END) {
		if (id == CLI_BAD) {
			free(paths);
			return CLI_EXIT_USAGE;
		}
		if (id == CLI_ARG)
			paths[n++] = (char *)val;
		else
			format = val;
	}
	for (f = 0; f < sizeof(formats) / sizeof(formats[0]) && strcmp(formats[f].name, format); f++)
		;
	if (f == sizeof(formats) / sizeof(formats[0])) {
		free(paths);
		return cli_error("--format: '%s' (allowed text, csv, json, svg, html)", format);
	}
	if (!n) {
		free(paths);
		return cli_error("report: no bundle named (usage: vsharp report [--format F] BUNDLE...)");
	}
	if (!report_load(&r, paths, n)) {
		free(paths);
		return CLI_EXIT_USAGE;
	}
	formats[f].out(stdout, &r);
	report_free(&r);
	free(paths);
	return fflush(stdout) ? 1 : 0;
}
