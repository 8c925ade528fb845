/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_SHADERS_H
#define VSHARP_SHADERS_H

#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * The probe shader binaries, generated from the shaders/ sources by `make shaders`
 * into shaders/gen/shaders.c (checked in).  Symbols are sorted by name.
 */
struct vsharp_shader_symbol {
	const char *name;
	uint32_t offset;	/* bytes from the start of the code */
};

struct vsharp_shader {
	const char *family;	/* "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx12" */
	const char *cpu;	/* LLVM processor it was assembled for */
	const uint32_t *code;
	unsigned n_words;
	const struct vsharp_shader_symbol *symbols;
	unsigned n_symbols;
};

extern const struct vsharp_shader vsharp_shaders[];
extern const unsigned vsharp_shader_count;

/*
 * Register budget of every probe shader (shaders/README.md): s16..s31 take an
 * S_BUFFER_LOAD_DWORDX16.  VSHARP_SHADER_SGPRS is one past the highest SGPR
 * the shaders name (s31); a dispatch allocates what vsharp_pm4_sgprs() adds
 * for the processor (VCC, XNACK_MASK, the SGPR init bug).
 */
#define VSHARP_SHADER_VGPRS 28
#define VSHARP_SHADER_SGPRS 32
/* One wave record per work-group in the case table. */
#define VSHARP_WAVE_RECORD 8192u

const struct vsharp_shader *vsharp_shader_for(enum vsharp_gfx level, struct vsharp_error *err);
/* Offset of a symbol, or -ENOENT with err naming it. */
int vsharp_shader_symbol(const struct vsharp_shader *sh, const char *name, uint32_t *offset,
			 struct vsharp_error *err);

#endif
