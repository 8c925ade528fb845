// SPDX-License-Identifier: MIT
/*
 * The dword reader (dwords.h) every verb that takes words uses: text in an
 * exact-size block without a terminating NUL, a fuzzed output capacity in
 * an exact-size block, the same bytes as command-line arguments (split at
 * NUL bytes) and as a file.  Invariants:
 *  - parse returns 0, -EINVAL, -E2BIG or -ENOENT (a dump without words),
 *    never more dwords than it may
 *    write, and a refusal names the line and token without a NULL string;
 *  - what it reads prints back as "0x%08x" tokens that read the same;
 *  - a file is binary exactly when it is not text, and then holds its
 *    size / 4 dwords; text files read as the text parses.
 *
 * Input: the capacity, then the text.
 */
#define _GNU_SOURCE	/* memmem */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "vsharp/dwords.h"
#include "vsharp/shaders.h"

#define MAX_OUT 256

/* Messages quote the token: text that holds "(null)" itself may show it. */
static bool quotes_null;

static void check_error(const char *where, int ret, const struct vsharp_error *err)
{
	struct vsharp_error e = *err;
	char *at;

	while (quotes_null && (at = strstr(e.msg, "(null)")))
		*at = '[';
	fuzz_check_error(where, ret, &e);
}

static void reread(const uint32_t *dw, size_t n)
{
	char *text = malloc(11 * n + 1);
	uint32_t *again = malloc((n ? n : 1) * sizeof(*again));
	struct vsharp_error err = { "" };
	size_t count = 0, len = 0;
	int ret;

	if (!text || !again)
		goto out;
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "0x%08x ", dw[i]);
	ret = vsharp_dwords_parse(text, len, again, n, &count, &err);
	if (ret || count != n || (n && memcmp(again, dw, n * sizeof(*dw))))
		fuzz_fail("%zu dwords printed as 0x%%08x read back as %zu (%d: %s)", n, count, ret, err.msg);
out:
	free(text);
	free(again);
}

static void as_args(const uint8_t *p, size_t n)
{
	char *copy = malloc(n + 1), *argv[64];
	uint32_t out[MAX_OUT];
	struct vsharp_error err = { "" };
	size_t count;
	int argc = 0, ret;

	if (!copy)
		return;
	memcpy(copy, p, n);
	copy[n] = '\0';
	for (char *s = copy; argc < 64 && s <= copy + n; s += strlen(s) + 1)
		argv[argc++] = s;
	ret = vsharp_dwords_from_args(argc, argv, out, MAX_OUT, &count, &err);
	if (ret)
		check_error("vsharp_dwords_from_args", ret, &err);
	else if (count > MAX_OUT)
		fuzz_fail("%zu dwords from arguments into %d", count, MAX_OUT);
	free(copy);
}

static void as_file(const uint8_t *p, size_t n)
{
	static char path[64];
	struct vsharp_dwords d = { NULL, 0, false };
	struct vsharp_error err = { "" };
	FILE *f;
	int ret;

	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/vsharp-fuzz-dwords-%ld", (long)getpid());
	f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f))
		fuzz_fail("cannot write %s", path);
	ret = vsharp_dwords_read_file(path, &d, &err);
	if (ret) {
		check_error("vsharp_dwords_read_file", ret, &err);
	} else if (d.binary) {
		if (n % 4 || d.n != n / 4 || memcmp(d.dw, p, n))
			fuzz_fail("%zu binary bytes read as %zu dwords", n, d.n);
	} else {
		uint32_t *again = malloc((d.n ? d.n : 1) * sizeof(*again));
		size_t count = 0;

		if (again && (vsharp_dwords_parse((const char *)p, n, again, d.n, &count, &err) ||
			      count != d.n || (count && memcmp(again, d.dw, count * sizeof(*again)))))
			fuzz_fail("a text file reads as %zu dwords, the same text parses as %zu (%s)", d.n,
				  count, err.msg);
		free(again);
	}
	vsharp_dwords_free(&d);
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	size_t max = fuzz_below(&in, MAX_OUT + 1), count = 0;
	char *text = malloc(in.n ? in.n : 1);
	uint32_t *out = malloc((max ? max : 1) * sizeof(*out));
	struct vsharp_error err = { "" };
	int ret;

	if (!text || !out)
		goto out;
	memcpy(text, in.p, in.n);
	quotes_null = memmem(in.p, in.n, "(null)", 6) != NULL;
	ret = vsharp_dwords_parse(text, in.n, out, max, &count, &err);
	if (ret) {
		check_error("vsharp_dwords_parse", ret, &err);
		if (ret != -EINVAL && ret != -E2BIG && ret != -ENOENT)
			fuzz_fail("vsharp_dwords_parse returned %d: %s", ret, err.msg);
	} else {
		if (count > max)
			fuzz_fail("%zu dwords into room for %zu", count, max);
		reread(out, count);
	}
	as_args(in.p, in.n);
	as_file(in.p, in.n);
out:
	free(text);
	free(out);
	return 0;
}

/* Seeds: the first words of each probe shader in the forms people paste. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char line[256], name[64];

	for (unsigned i = 0; i < vsharp_shader_count; i++) {
		const struct vsharp_shader *sh = &vsharp_shaders[i];
		static const char *const forms[] = { "hex", "braces", "xxd", "umr", "binary" };

		for (unsigned f = 0; f < 5; f++) {
			fuzz_put_u8(&s, 200);
			if (f == 1)
				fuzz_put_bytes(&s, "static const uint32_t code[] = {", 32);
			for (unsigned k = 0; k < 16 && k < sh->n_words; k++) {
				uint32_t w = sh->code[k];
				int n = f == 0 ? snprintf(line, sizeof(line), "0x%08x%s", w, k % 4 == 3 ? "\n" : " ") :
					f == 1 ? snprintf(line, sizeof(line), " %uu,", w) :
					f == 2 ? snprintf(line, sizeof(line), "%s%08x%s", k % 4 ? " " : "0000000:  ", w,
							  k % 4 == 3 ? "  ................\n" : "") :
					f == 3 ? snprintf(line, sizeof(line), "IB[5@0x101ff7000 + 0x%x] = 0x%08x\n", 4 * k, w) :
					0;

				if (f == 4)
					fuzz_put_u32(&s, w);
				else
					fuzz_put_bytes(&s, line, (size_t)n);
			}
			if (f == 1)
				fuzz_put_bytes(&s, " }; // shader\n", 14);
			snprintf(name, sizeof(name), "%s-%s", sh->family, forms[f]);
			fuzz_seed_write(&s, name);
		}
	}
}
