/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_DUMP_H
#define VSHARP_DUMP_H

/*
 * Hang dumps read by what they are, not as loose words (Documentation/
 * cli.rst "Dump formats").  Each format is known by its own markers and
 * read by its own reader (base/dump_*.c); what it holds comes back as
 * streams (a ring, an IB, a shader window) with what the dump says about
 * them: where they sit in GPU memory, the ring pointers, the slot numbers,
 * the PC of a wave.  A line a reader does not know is refused, naming it.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/dwords.h"
#include "vsharp/error.h"

enum vsharp_dump_kind {
	VSHARP_DUMP_RING,	/* words numbered by ring slot, rptr/wptr known */
	VSHARP_DUMP_IB,		/* an indirect buffer, base = its GPU address */
	VSHARP_DUMP_SHADER,	/* shader words, base = the first word's address */
};

struct vsharp_dump_stream {
	enum vsharp_dump_kind kind;
	char name[64];		/* "gfx_0.0.0", "IB #0", "5@0x101ff7000", "main IB" */
	unsigned line;		/* the line of the dump it starts at */
	uint64_t base;		/* GPU address of dw[0] (IB, shader) */
	bool has_base;
	/* Rings: slot of dw[0], the ring's size (0: unknown), its pointers. */
	uint32_t first_slot, ring_dw;
	bool has_ptrs;
	uint32_t rptr, wptr;	/* ring slots, masked to the ring */
	/* Shaders: the PC a wave stopped at (umr's '*' or the wave's PC_HI/LO). */
	bool has_pc;
	uint64_t pc;
	uint32_t *dw;
	size_t n, cap;
};

/* A register line of a dump: umr --lookup, Mesa's ac_dump_reg(). */
struct vsharp_dump_reg {
	char name[64];
	uint32_t value;
	unsigned line;
};

struct vsharp_dump {
	const char *format;	/* the recogniser table's name of the format */
	char timed_out[64];	/* devcoredump: the ring the kernel saw time out */
	struct vsharp_dump_stream *s;
	size_t n, cap;
	struct vsharp_dump_reg *reg;
	size_t n_reg, cap_reg;
};

/* One row of the recogniser table: its name, markers and public source. */
struct vsharp_dump_format {
	const char *name;
	const char *markers;	/* the lines it is known by, as cli.rst lists them */
	const char *source;	/* who prints it */
	bool (*recognise)(const char *text, size_t len);
	int (*parse)(const char *text, size_t len, struct vsharp_dump *d,
		     struct vsharp_error *err);
};

/* The recogniser table, in the order formats are tried; *N rows. */
const struct vsharp_dump_format *vsharp_dump_formats(size_t *n);

/*
 * Reads TEXT as the first format of the table that recognises it.
 * Returns 0 with D filled, 1 when no format recognises the text (D is
 * empty: plain words, vsharp/dwords.h), or a negative errno with err
 * naming the line.  ANSI colour escapes are ignored.
 */
int vsharp_dump_parse(const char *text, size_t len, struct vsharp_dump *d,
		      struct vsharp_error *err);

/*
 * Reads PATH: a dump file, or a RADV hang report folder (RADV_DEBUG=hang:
 * trace.log, registers.log, pipeline.log, umr_ring.log, umr_waves.log).
 * Returns as vsharp_dump_parse(); messages start with PATH.
 */
int vsharp_dump_read(const char *path, struct vsharp_dump *d, struct vsharp_error *err);

void vsharp_dump_free(struct vsharp_dump *d);

/*
 * The stream NAME (NULL: the only ring or IB, or the ring a devcoredump
 * says timed out).  NULL with err listing the streams when there is no
 * such one or the choice is not clear.
 */
const struct vsharp_dump_stream *vsharp_dump_pick(const struct vsharp_dump *d, const char *name,
						  struct vsharp_error *err);

/*
 * Ring stream S as a vsharp_ring_dump (vsharp_pm4_decode_ring() decodes it
 * numbered by slot): a devcoredump's whole ring with its pointers; an umr
 * window placed at its slots in a ring of the next power of two, to be
 * decoded from rptr (umr's advice: the words before it may end a packet)
 * up to wptr or the window's end.  *BUF holds the ring; free() it.
 */
int vsharp_dump_ring(const struct vsharp_dump_stream *s, struct vsharp_ring_dump *r,
		     uint32_t **buf, struct vsharp_error *err);

/*
 * For vsharp disasm: the shader words of dump PATH (a umr shader listing
 * or wave window), the one NAME names (NULL: the only one), in *S, with
 * its GPU address (base) and a wave's PC.  Returns 0 with D to free, 1
 * when PATH is not a dump (read it as words), or a negative errno.
 */
int vsharp_dump_shader(const char *path, const char *name, struct vsharp_dump *d,
		       const struct vsharp_dump_stream **s, struct vsharp_error *err);

/*
 * The V#s among D's registers: each run SQ_BUF_RSRC_WORD0..3 (umr
 * --lookup, vsharp desc decode --umr, Mesa's descriptor dumps) gives four
 * words at OUT, at most MAX words; *N words.  -ENOENT when there is none,
 * -EINVAL naming the line of a run that is not WORD0..3 in order.
 */
int vsharp_dump_descriptors(const struct vsharp_dump *d, uint32_t *out, size_t max, size_t *n,
			    struct vsharp_error *err);

#endif
