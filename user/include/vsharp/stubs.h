/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_STUBS_H
#define VSHARP_STUBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/format.h"
#include "vsharp/ops.h"

/*
 * A probe stub is one instruction under test with its modifiers, as the
 * probe shader of a family runs it (shaders/README and Documentation/run.rst
 * describe the register contract: V# s[8:11], soffset s12, M0 from s13,
 * vindex v4, voffset v5, store data v8.., results v12.., DS address v4, DS
 * data v8/v10).  The list per level is generated from the instruction
 * catalogue; the shader build assembles it and the probe layer finds each
 * stub by name.
 */
struct vsharp_stub {
	const struct vsharp_op *op;
	bool idxen, offen, glc, tfe, lds;
	bool addr64;			/* GFX6/7: v[4:5] (vindex, voffset) is a 64-bit address */
	uint32_t ioffset;
	struct vsharp_format tformat;	/* MTBUF */
	uint8_t offset0, offset1;	/* DS: {offset1, offset0} or the two offsets */
	uint8_t attr, attr_chan;	/* LDS parameter loads: attribute 0-32, channel x..w */
	/* S_BUFFER_LOAD: the offset SGPR s12 (else only ioffset), and which 8 SGPRs go to v12..v19 */
	bool soffset;
	uint8_t part;
};

/*
 * An S_BUFFER_LOAD stub sets its destination SGPRs s16.. to these values,
 * loads into them and copies SGPRs 8 * part .. 8 * part + 7 of the result
 * into v12..v19 (the lane record holds eight VGPRs): an SGPR the load does
 * not write shows its start value.
 */
#define VSHARP_STUB_SDATA_FIRST 16u
#define VSHARP_STUB_SDATA_START(d) (0x5eed0000u + (d))

/*
 * The instruction offset of the buffer-to-LDS stubs that have one: it
 * moves the LDS address too if the lds_dma_offset rule says so (model/rules.c).
 */
#define VSHARP_STUB_LDS_IOFFSET 12u

/*
 * The BVH stack stubs (ds_bvh_stack_*) take other registers, so that the new
 * ADDR and the popped nodes land in the stored v12..v19: VDST v17 (v[17:18]),
 * ADDR v16, DATA0 (the last node) v4, DATA1 v[8:11] or v[8:15].
 */
#define VSHARP_STUB_BVH_VDST 17u
#define VSHARP_STUB_BVH_ADDR 16u
#define VSHARP_STUB_BVH_DATA0 4u
#define VSHARP_STUB_BVH_DATA1 8u

/* Levels with probe shaders: GFX9, GFX10, GFX10.3, GFX11, GFX12. */
bool vsharp_stubs_level(enum vsharp_gfx level);

/* Every stub of a level; returns the count (fills at most MAX). */
unsigned vsharp_stubs(enum vsharp_gfx level, struct vsharp_stub *out, unsigned max);

/* "stub_buffer_load_dword_idxen_offen", "stub_ds_read2_b32_o1_3". */
void vsharp_stub_name(enum vsharp_gfx level, const struct vsharp_stub *s, char *buf, size_t n);

/* The instruction line in LLVM syntax for a processor (D16 register ranges: gfx.h). */
void vsharp_stub_asm(const struct vsharp_target *t, const struct vsharp_stub *s, char *buf, size_t n);

/* The MTBUF formats the stubs cover. */
extern const struct vsharp_format vsharp_stub_tformats[];
extern const unsigned vsharp_stub_tformat_count;

#endif
