// SPDX-License-Identifier: MIT
/* The memory (or LDS) image `vsharp addr` runs an instruction on. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"

int addr_image_init(struct addr_image *im, uint64_t va, size_t size, uint64_t given_va,
		    const uint8_t *given, size_t n)
{
	memset(im, 0, sizeof(*im));
	im->va = va;
	im->size = size;
	/* An empty LDS allocation is legal: every access is out of range. */
	im->bytes[0] = malloc(size ? size : 1);
	im->bytes[1] = malloc(size ? size : 1);
	im->before = malloc(size ? size : 1);
	im->marked = calloc(size ? size : 1, sizeof(*im->marked));
	if (!im->bytes[0] || !im->bytes[1] || !im->before || !im->marked) {
		addr_image_free(im);
		return cli_error("memory: no room for a %zu-byte image", size);
	}
	for (size_t i = 0; i < size; i++) {
		uint64_t a = va + i;

		/* Wrap-safe: a - given_va is the offset into the given bytes. */
		im->bytes[0][i] = given && a >= given_va && a - given_va < n ? given[a - given_va] :
				  addr_pattern(a);
		im->bytes[1][i] = (uint8_t)~im->bytes[0][i];
	}
	memcpy(im->before, im->bytes[0], size);
	return 0;
}

void addr_image_free(struct addr_image *im)
{
	free(im->bytes[0]);
	free(im->bytes[1]);
	free(im->before);
	free(im->marked);
	memset(im, 0, sizeof(*im));
}

void addr_image_mark(struct addr_image *im, uint64_t addr, uint64_t n)
{
	/* Wrap-safe: offsets into the image, not end addresses. */
	for (uint64_t i = 0; i < n; i++)
		if (addr + i - im->va < im->size)
			im->marked[addr + i - im->va] = true;
}

static bool written(const struct addr_image *im, size_t i)
{
	return im->marked[i] || im->bytes[0][i] != im->before[i] ||
	       (im->bytes[1][i] ^ im->before[i]) != 0xff;
}

void addr_print_writes(struct cli_out *o, const char *key, const struct addr_image *im)
{
	bool none = true;

	if (o->json)
		vsharp_json_array_begin(&o->j, key);
	for (size_t i = 0; i < im->size;) {
		size_t end = i;

		if (!written(im, i)) {
			i++;
			continue;
		}
		while (end < im->size && written(im, end))
			end++;
		if (o->json) {
			vsharp_json_object_begin(&o->j, NULL);
			vsharp_json_hex(&o->j, "address", im->va + i);
			vsharp_json_bytes(&o->j, "bytes", im->bytes[0] + i, end - i);
			vsharp_json_object_end(&o->j);
		} else {
			fprintf(o->f, "%s: 0x%" PRIx64 ":", key, im->va + i);
			for (size_t k = i; k < end; k++)
				fprintf(o->f, " %02x", im->bytes[0][k]);
			fprintf(o->f, " (was");
			for (size_t k = i; k < end; k++)
				fprintf(o->f, " %02x", im->before[k]);
			fputs(")\n", o->f);
		}
		none = false;
		i = end;
	}
	if (o->json)
		vsharp_json_array_end(&o->j);
	else if (none)
		fprintf(o->f, "%s: none\n", key);
}
