// SPDX-License-Identifier: MIT
#include <string.h>

#include "report.h"

void csv_field(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\n")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}
