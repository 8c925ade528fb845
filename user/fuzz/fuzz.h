/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_FUZZ_H
#define VSHARP_FUZZ_H

/*
 * What the libFuzzer harnesses of user/fuzz share (Documentation/testing.rst,
 * "Fuzzing"):
 *  - reading typed values from the input: little-endian, and past the end
 *    of the input everything reads as 0, so every input is a whole case;
 *  - failing an invariant: a message on stderr and abort(), so libFuzzer
 *    keeps the input as a crash;
 *  - the seed corpus: each harness writes its own seeds from the project's
 *    tables when run as VSHARP_FUZZ_SEEDS=DIR ./fuzz_NAME, in the same
 *    layout its LLVMFuzzerTestOneInput() reads.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vsharp/error.h"

struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static inline uint8_t fuzz_u8(struct fuzz_in *in)
{
	uint8_t v = 0;

	if (in->n) {
		v = *in->p++;
		in->n--;
	}
	return v;
}

static inline uint16_t fuzz_u16(struct fuzz_in *in)
{
	uint16_t lo = fuzz_u8(in);

	return (uint16_t)(lo | fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(struct fuzz_in *in)
{
	uint32_t lo = fuzz_u16(in);

	return lo | (uint32_t)fuzz_u16(in) << 16;
}

static inline uint64_t fuzz_u64(struct fuzz_in *in)
{
	uint64_t lo = fuzz_u32(in);

	return lo | (uint64_t)fuzz_u32(in) << 32;
}

static inline bool fuzz_bool(struct fuzz_in *in)
{
	return fuzz_u8(in) & 1;
}

/* A value below N (N >= 1) from one byte, or two when N > 256. */
static inline unsigned fuzz_below(struct fuzz_in *in, unsigned n)
{
	return (n > 256 ? fuzz_u16(in) : fuzz_u8(in)) % n;
}

/* Up to MAX dwords from the rest of the input (whole dwords only); returns the count. */
unsigned fuzz_dwords(struct fuzz_in *in, uint32_t *dw, unsigned max);

/* An invariant does not hold: print and abort. */
__attribute__((format(printf, 1, 2), noreturn))
void fuzz_fail(const char *fmt, ...);

/* A refusal must say something, and never format a NULL string. */
void fuzz_check_error(const char *where, int ret, const struct vsharp_error *err);

/* A stream that discards what is written (printers run into it). */
FILE *fuzz_devnull(void);

/* ---- Seeds ------------------------------------------------------------------ */

#define FUZZ_SEED_MAX 65536

struct fuzz_seed {
	uint8_t buf[FUZZ_SEED_MAX];
	size_t n;
};

void fuzz_put_u8(struct fuzz_seed *s, uint8_t v);
void fuzz_put_u16(struct fuzz_seed *s, uint16_t v);
void fuzz_put_u32(struct fuzz_seed *s, uint32_t v);
void fuzz_put_u64(struct fuzz_seed *s, uint64_t v);
void fuzz_put_bytes(struct fuzz_seed *s, const void *p, size_t n);

/* Writes the seed as DIR/NAME and empties it. */
void fuzz_seed_write(struct fuzz_seed *s, const char *name);

/* Each harness: writes its seeds with fuzz_seed_write(). */
void fuzz_seeds(void);

/* libFuzzer's entry points, defined by each harness and by fuzz_common.c. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif
