/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_ADDR_H
#define VSHARP_CLI_ADDR_H

/*
 * `vsharp addr`: one lane (or, for DS, a wave of lanes) of one instruction
 * through the model, with the memory, LDS and registers it reads, and
 * everything it returns and writes.  Documentation/cli.rst "vsharp addr".
 */
#include <stddef.h>

#include "desc_opts.h"
#include "vsharp/model.h"

#define ADDR_MAX_RULES 16
#define ADDR_MAX_LANES 64
/* --mem and --mem-file: the bytes given at the buffer base (or LDS 0). */
#define ADDR_MAX_MEM_BYTES (16u << 20)
/* The model's largest LDS allocation, 64 KiB per work-group on every level. */
#define ADDR_MAX_LDS_BYTES 65536u

struct addr_args {
	struct desc_opts desc;
	uint32_t vdesc[4];		/* the V# as four positional dwords */
	bool have_vdesc;
	const char *op, *align, *tformat;
	const char *rules[ADDR_MAX_RULES];
	unsigned n_rules;
	bool idxen, offen, glc, tfe, lds, json, have_offset01, have_m0;
	bool addr64;
	bool wgp;			/* DS: WGP mode (the probes run CU mode) */
	uint64_t vaddr64;		/* ADDR64: the VADDR pair */
	uint32_t vindex, voffset, soffset, offset, lane, m0, vaddr, offset0, offset1;
	uint32_t vdata[9];		/* 9: a BVH push8, the last node and 8 nodes */
	size_t n_vdata;
	uint32_t vdst_init[VSHARP_MAX_VDST];
	size_t n_vdst_init;
	uint8_t *mem;			/* --mem / --mem-file, NULL: the pattern */
	size_t mem_len;
	uint32_t lds_size;
	unsigned lanes;			/* DS: lanes 0 .. lanes-1 (0: the one --lane) */
	uint32_t vaddr_stride;
	uint32_t vaddrs[ADDR_MAX_LANES];
	size_t n_vaddrs;
	uint32_t attr, attr_chan;	/* LDS parameter loads */
};

/* What memory holds where nothing was given: the low byte of the address. */
static inline uint8_t addr_pattern(uint64_t a)
{
	return (uint8_t)a;
}

/*
 * A memory image run twice: once as given, once complemented.  A byte a
 * store writes from VGPRs changes in at least one of the two, whatever value
 * it writes.  A value taken from memory itself (an atomic's read-modify-write,
 * a buffer-to-LDS copy) can equal the old byte in both runs, so those writes
 * are marked from the addresses the model reports for the lane.
 */
struct addr_image {
	uint64_t va;
	size_t size;
	uint8_t *bytes[2];		/* [0] the image, [1] its complement */
	uint8_t *before;		/* [0] before the instruction */
	bool *marked;			/* written as the model reports, whatever the value */
};

/* The image of [va, va+size): the pattern, with GIVEN (n bytes at given_va) over it. */
int addr_image_init(struct addr_image *im, uint64_t va, size_t size, uint64_t given_va,
		    const uint8_t *given, size_t n);
void addr_image_free(struct addr_image *im);
/* Marks [addr, addr+n) written, the part inside the image. */
void addr_image_mark(struct addr_image *im, uint64_t addr, uint64_t n);
/* Prints the bytes written (runs of consecutive bytes) as KEY. */
void addr_print_writes(struct cli_out *o, const char *key, const struct addr_image *im);

bool addr_set_rules(const struct addr_args *a, enum vsharp_gfx level, struct vsharp_rules *r,
		    enum vsharp_align_mode *mode);
void addr_print_bools(struct cli_out *o, const char *key, const bool *v, unsigned n);
/* VGPR values, with their f32 (or two f16) reading when FLOAT_HINT. */
void addr_print_vgprs(struct cli_out *o, const char *key, const uint32_t *v, unsigned n,
		      unsigned first, int float_hint);

enum { ADDR_FLOAT_NONE, ADDR_FLOAT_F32, ADDR_FLOAT_F16 };

int addr_buffer(const struct addr_args *a, enum vsharp_gfx level, const struct vsharp_op *op,
		const uint32_t dw[4]);
int addr_ds(const struct addr_args *a, enum vsharp_gfx level, const struct vsharp_op *op);

#endif
