/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_ISA_SMEM_H
#define VSHARP_LIB_ISA_SMEM_H

/*
 * The generated SMEM tables (smem_tables.c, scripts/isa/gen_smem.py): the
 * opcodes per level as llvm-objdump-19 decodes them.
 */
#include "isa/print.h"

/*
 * An SMEM opcode: the operands in printed order (d SDATA, N SDATA as a
 * number (n: up to 31), b SBASE, o the offset operands, P GFX12 prefetch's offset and
 * soffset), the SDATA and SBASE widths in dwords and the cache policy.
 */
struct isa_smem_op {
	const char *name;
	uint8_t data, base;
	const char *shape;
	/* cache-policy bits printed (g glc, l dlc, t th, s scope), refused with (upper
	 * case); I: refused with IMM set */
	const char *cpol;
};

struct isa_smem_table {
	const struct isa_smem_op *ops;
	unsigned count;
};

extern const struct isa_smem_table isa_smem_tables[VSHARP_GFX_COUNT];

#endif
