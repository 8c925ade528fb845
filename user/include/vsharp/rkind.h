/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_RKIND_H
#define VSHARP_RKIND_H

#include <stdint.h>

#include "vsharp/desc.h"

/*
 * The buffer resource kinds of HLSL/DXIL (LLVM "DXIL Resource Handling"):
 * typed buffers (Buffer<T>, RWBuffer<T>: dx.TypedBuffer), raw buffers
 * (ByteAddressBuffer: dx.RawBuffer of i8), structured buffers
 * (StructuredBuffer<S>: dx.RawBuffer of S) and constant buffers (16-byte
 * rows).  vsharp_rkind_buffer() gives the V# each needs on a level so that
 * out-of-bounds reads return 0 and out-of-bounds writes are dropped.
 * Documentation/resource-kinds.rst gives the reasoning.
 */
enum vsharp_rkind {
	VSHARP_RKIND_TYPED,
	VSHARP_RKIND_RAW,
	VSHARP_RKIND_STRUCTURED,
	VSHARP_RKIND_CONSTANT,
	VSHARP_RKIND_COUNT
};

struct vsharp_rkind_params {
	uint64_t base;
	uint64_t size;			/* bytes the resource views */
	uint32_t stride;		/* structured: sizeof(S) */
	struct vsharp_format format;	/* typed: the element format */
};

/* 16-byte rows, at most 4096 of them (D3D11 constant buffer limit). */
#define VSHARP_CBUFFER_ROW 16u
#define VSHARP_CBUFFER_MAX_ROWS 4096u

const char *vsharp_rkind_name(enum vsharp_rkind kind);
int vsharp_rkind_parse(const char *name, enum vsharp_rkind *kind,
		       struct vsharp_error *err);

int vsharp_rkind_buffer(enum vsharp_gfx level, enum vsharp_rkind kind,
			const struct vsharp_rkind_params *p,
			struct vsharp_buffer *b, struct vsharp_error *err);

#endif
