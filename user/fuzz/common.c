// SPDX-License-Identifier: MIT
/* What every harness links besides its own file: fuzz.h's helpers and the seed writer. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char *seed_dir;

unsigned fuzz_dwords(struct fuzz_in *in, uint32_t *dw, unsigned max)
{
	unsigned n = 0;

	while (n < max && in->n >= 4)
		dw[n++] = fuzz_u32(in);
	return n;
}

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: invariant failed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void fuzz_check_error(const char *where, int ret, const struct vsharp_error *err)
{
	if (ret >= 0)
		fuzz_fail("%s: %d is not a negative errno", where, ret);
	if (!err->msg[0])
		fuzz_fail("%s: refused (%d) without a message", where, ret);
	if (strstr(err->msg, "(null)"))
		fuzz_fail("%s: message formats a NULL string: %s", where, err->msg);
	if (!memchr(err->msg, '\0', sizeof(err->msg)))
		fuzz_fail("%s: message not terminated", where);
}

FILE *fuzz_devnull(void)
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	if (!f)
		fuzz_fail("cannot open /dev/null: %s", strerror(errno));
	return f;
}

void fuzz_put_bytes(struct fuzz_seed *s, const void *p, size_t n)
{
	if (!n)
		return;
	if (n > sizeof(s->buf) - s->n)
		fuzz_fail("seed larger than %d bytes", FUZZ_SEED_MAX);
	memcpy(s->buf + s->n, p, n);
	s->n += n;
}

void fuzz_put_u8(struct fuzz_seed *s, uint8_t v)
{
	fuzz_put_bytes(s, &v, 1);
}

void fuzz_put_u16(struct fuzz_seed *s, uint16_t v)
{
	fuzz_put_u8(s, (uint8_t)v);
	fuzz_put_u8(s, (uint8_t)(v >> 8));
}

void fuzz_put_u32(struct fuzz_seed *s, uint32_t v)
{
	fuzz_put_u16(s, (uint16_t)v);
	fuzz_put_u16(s, (uint16_t)(v >> 16));
}

void fuzz_put_u64(struct fuzz_seed *s, uint64_t v)
{
	fuzz_put_u32(s, (uint32_t)v);
	fuzz_put_u32(s, (uint32_t)(v >> 32));
}

void fuzz_seed_write(struct fuzz_seed *s, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", seed_dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(s->buf, 1, s->n, f) != s->n || fclose(f))
		fuzz_fail("cannot write %s: %s", path, strerror(errno));
	s->n = 0;
}

/* VSHARP_FUZZ_SEEDS=DIR: write the seed corpus into DIR and exit. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	seed_dir = getenv("VSHARP_FUZZ_SEEDS");
	if (!seed_dir)
		return 0;
	fuzz_seeds();
	exit(0);
}
