/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_DWORDS_H
#define VSHARP_DWORDS_H

/*
 * The one reader of 32-bit words for every verb that takes them (V# words,
 * shader words, PM4 streams, memory images), Documentation/cli.rst "Dword
 * input".  Text is read as the dumps people paste, and a token whose base
 * cannot be told is refused, never guessed:
 *
 *  - 0x1234abcd, 0X1f: hex, 1 to 8 digits;
 *  - 0123abcd: bare hex only with exactly 8 digits (xxd -e, umr, devcoredump);
 *  - 0 .. 9: one digit is the same in every base;
 *  - any other bare number (10, 400, 0400, fac, dead) is ambiguous and
 *    refused with a message that names the token and how to write it;
 *  - inside C braces ({ 0xc0017602, 519u, ... }) C's rules hold: decimal,
 *    0x hex, u/l suffixes; everything outside the braces is ignored;
 *  - "00001000: dead0000 ..." and "0x1000:": a leading address column is
 *    skipped; on such a line a run of two or more blanks followed by a token
 *    that is not a dword starts the character column, which is skipped;
 *  - a hang dump a reader of vsharp/dump.h recognises (devcoredump, umr,
 *    Mesa): the words of its one ring, IB or shader window, or the V#s of
 *    its register lines; a dump of several streams is refused, naming them;
 *  - refused as not dwords: "0x%x \t 0x%x" lines of a devcoredump ring
 *    without its header (an offset column counting up by 4) and a pasted
 *    umr --waves row (SE SH CU SIMD WAVE# as one-digit numbers, then
 *    8-digit registers);
 *  - separators: blanks and commas; comments: '#', "//" and ';' to the end
 *    of the line, C comments.
 *
 * Binary input is little-endian dwords.  Input is capped at
 * VSHARP_DWORDS_MAX_BYTES bytes (text or binary); past it the readers fail
 * with -EFBIG after reading at most one byte more.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/error.h"

#define VSHARP_DWORDS_MAX_BYTES (64u << 20)
#define VSHARP_DWORDS_MAX (VSHARP_DWORDS_MAX_BYTES / 4)

/*
 * Parses LEN bytes of TEXT into at most MAX dwords at OUT, *COUNT of them.
 * Returns 0, or a negative errno with err naming the line and the token:
 * -EINVAL for a token that is not a dword or is ambiguous, -E2BIG for more
 * than MAX dwords, -EFBIG for LEN above VSHARP_DWORDS_MAX_BYTES, -ENOENT for
 * a recognised dump (dump.h) that holds no words or no V#.
 */
int vsharp_dwords_parse(const char *text, size_t len, uint32_t *out, size_t max,
			size_t *count, struct vsharp_error *err);

/* Dwords read from a file, stdin or arguments; free with vsharp_dwords_free(). */
struct vsharp_dwords {
	uint32_t *dw;
	size_t n;
	bool binary;		/* the input was read as little-endian binary */
};

/*
 * Reads PATH ("-": stdin).  Text (no control bytes but blanks; UTF-8 is
 * fine) is parsed as above; anything else is binary and must be a whole
 * number of dwords.  A file that is mostly text with a few control bytes is
 * refused, naming the first one, rather than decoded as binary.  Messages
 * start with PATH.  An empty input is an error.
 */
int vsharp_dwords_read_file(const char *path, struct vsharp_dwords *d,
			    struct vsharp_error *err);

/*
 * Parses command-line arguments as one text, so "0x1,0x2", "{ 1, 2 }" split
 * over arguments, and pasted dump lines all work; messages name the
 * argument (1-based) instead of the line.
 */
int vsharp_dwords_from_args(int argc, char *const *argv, uint32_t *out, size_t max,
			    size_t *count, struct vsharp_error *err);

void vsharp_dwords_free(struct vsharp_dwords *d);

/*
 * An amdgpu_ring_<name> file of the kernel's debugfs (Linux
 * drivers/gpu/drm/amd/amdgpu/amdgpu_ring.c, amdgpu_debugfs_ring_read()):
 * three dwords, the read and write pointers as the hardware reports them
 * and the driver's write pointer, each a dword index masked to the ring
 * (buf_mask), then the ring, a power-of-two number of dwords
 * (amdgpu_ring_init() rounds ring_size up to one).
 */
struct vsharp_ring_dump {
	uint32_t rptr, wptr, driver_wptr;
	const uint32_t *ring;	/* into the dwords it was read from */
	size_t n;
};

/*
 * Reads D, the dwords of file PATH, as such a file.  Refuses text input,
 * a ring that is not a power of two dwords, and pointers past the ring,
 * naming them.
 */
int vsharp_dwords_ring(const struct vsharp_dwords *d, const char *path,
		       struct vsharp_ring_dump *r, struct vsharp_error *err);

#endif
