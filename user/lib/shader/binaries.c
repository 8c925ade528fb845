// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/shaders.h"

const struct vsharp_shader *vsharp_shader_for(enum vsharp_gfx level, struct vsharp_error *err)
{
	for (unsigned i = 0; i < vsharp_shader_count; i++)
		if (!strcmp(vsharp_shaders[i].family, vsharp_gfx_name(level)))
			return &vsharp_shaders[i];
	vsharp_fail(err, -ENOENT, "gfx: no probe shader for %s (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
		    vsharp_gfx_name(level));
	return NULL;
}

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct vsharp_shader_symbol *)elem)->name);
}

int vsharp_shader_symbol(const struct vsharp_shader *sh, const char *name, uint32_t *offset,
			 struct vsharp_error *err)
{
	const struct vsharp_shader_symbol *s =
		bsearch(name, sh->symbols, sh->n_symbols, sizeof(*sh->symbols), by_name);

	if (!s)
		return vsharp_fail(err, -ENOENT, "probe: the %s shader has no %s (see make shaders)",
				   sh->family, name);
	*offset = s->offset;
	return 0;
}
