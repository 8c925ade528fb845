/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_REFERENCE_H
#define VSHARP_REFERENCE_H

#include <stdint.h>

#include "vsharp/desc.h"

/*
 * Descriptors that other public projects build, with the words they emit.
 * They check the encoder against independent sources; `vsharp run` and the
 * unit tests both walk this table.
 */
struct vsharp_reference_desc {
	const char *name;
	const char *source;	/* project, file and function */
	enum vsharp_gfx level;
	struct vsharp_buffer buffer;
	uint32_t word3;
};

extern const struct vsharp_reference_desc vsharp_reference_descs[];
extern const unsigned vsharp_reference_desc_count;

#endif
