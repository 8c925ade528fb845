// SPDX-License-Identifier: MIT
/*
 * The V# codec (desc.h, rkind.h): decode and unpack any four dwords on any
 * level, pack and encode any field values and buffer meanings, and the
 * resource-kind builder.  Invariants:
 *  - pack(unpack(dw)) gives dw back on every bit the level's fields cover;
 *  - an encoded V# decodes with no flag but STRIDE_IN_DFMT and encodes to
 *    the same dwords again (decode then encode is the identity where valid);
 *  - a buffer the resource-kind builder accepts encodes;
 *  - refusals name what is wrong and format no NULL string.
 *
 * Input: level, mode, then the mode's values (see the seeds).
 */
#include <string.h>

#include "fuzz.h"
#include "vsharp/desc.h"
#include "vsharp/rkind.h"

enum mode { M_WORDS, M_FIELDS, M_BUFFER, M_RKIND, M_COUNT };

/* The bits of the V# the level's fields cover. */
static void field_mask(enum vsharp_gfx level, uint32_t mask[4])
{
	memset(mask, 0, 4 * sizeof(*mask));
	for (unsigned f = 0; f < VSHARP_FIELD_COUNT; f++) {
		struct vsharp_field_info fi;

		if (!vsharp_field_info(level, f, &fi))
			continue;
		for (unsigned b = fi.lo; b < fi.lo + fi.width; b++)
			mask[b / 32] |= 1u << (b % 32);
	}
}

/* An encoded V#: decode, then encode again to the same words. */
static void check_encoded(enum vsharp_gfx level, const uint32_t dw[4], const char *what)
{
	struct vsharp_buffer b;
	struct vsharp_error err = { "" };
	uint32_t again[4];
	unsigned flags = vsharp_desc_decode(level, dw, &b);
	int ret;

	if (flags & ~(unsigned)VSHARP_DESC_STRIDE_IN_DFMT)
		fuzz_fail("%s: %s V# %08x %08x %08x %08x decodes with flags 0x%x", what,
			  vsharp_gfx_name(level), dw[0], dw[1], dw[2], dw[3], flags);
	ret = vsharp_desc_encode(level, &b, again, &err);
	if (ret)
		fuzz_fail("%s: %s V# %08x %08x %08x %08x decodes to a buffer encode refuses: %s",
			  what, vsharp_gfx_name(level), dw[0], dw[1], dw[2], dw[3], err.msg);
	if (memcmp(again, dw, sizeof(again)))
		fuzz_fail("%s: %s V# %08x %08x %08x %08x re-encodes as %08x %08x %08x %08x", what,
			  vsharp_gfx_name(level), dw[0], dw[1], dw[2], dw[3], again[0], again[1],
			  again[2], again[3]);
}

static void words(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_desc_fields d;
	struct vsharp_buffer b;
	struct vsharp_error err = { "" };
	uint32_t dw[4], packed[4], mask[4], enc[4];
	unsigned flags;
	int ret;

	for (unsigned i = 0; i < 4; i++)
		dw[i] = fuzz_u32(in);
	vsharp_fields_unpack(level, dw, &d);
	field_mask(level, mask);
	ret = vsharp_fields_pack(level, &d, packed, &err);
	if (ret) {
		fuzz_check_error("vsharp_fields_pack", ret, &err);
	} else {
		for (unsigned i = 0; i < 4; i++)
			if ((packed[i] ^ dw[i]) & mask[i])
				fuzz_fail("%s: pack(unpack(dw)) differs in dword %u: %08x, was %08x (mask %08x)",
					  vsharp_gfx_name(level), i, packed[i], dw[i], mask[i]);
	}
	flags = vsharp_desc_decode(level, dw, &b);
	for (unsigned bit = 0; bit < VSHARP_DESC_FLAG_COUNT; bit++)
		if (flags >> bit & 1 && !vsharp_desc_flag_name(bit))
			fuzz_fail("flag bit %u has no name", bit);
	/* reserved_bits: exactly when a bit lies outside every field vsharp_field_info() knows. */
	if (!(flags & VSHARP_DESC_RESERVED_BITS) !=
	    !((dw[0] & ~mask[0]) | (dw[1] & ~mask[1]) | (dw[2] & ~mask[2]) | (dw[3] & ~mask[3])))
		fuzz_fail("%s: reserved_bits flag %u for %08x %08x %08x %08x (fields %08x %08x %08x %08x)",
			  vsharp_gfx_name(level), !!(flags & VSHARP_DESC_RESERVED_BITS), dw[0], dw[1],
			  dw[2], dw[3], mask[0], mask[1], mask[2], mask[3]);
	ret = vsharp_desc_encode(level, &b, enc, &err);
	if (ret)
		fuzz_check_error("vsharp_desc_encode", ret, &err);
	else
		check_encoded(level, enc, "decoded words");
}

static void fields(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_desc_fields d;
	struct vsharp_buffer b;
	struct vsharp_error err = { "" };
	uint32_t dw[4];
	unsigned n = fuzz_below(in, 8);
	int ret;

	memset(&d, 0, sizeof(d));
	for (unsigned i = 0; i < n; i++) {
		enum vsharp_field f = (enum vsharp_field)fuzz_below(in, VSHARP_FIELD_COUNT + 1);
		uint64_t v = fuzz_u64(in);

		if (f == VSHARP_FIELD_COUNT)
			continue;
		vsharp_fields_set(&d, f, v);
		if (!vsharp_field_name(f))
			fuzz_fail("field %d has no name", f);
	}
	ret = vsharp_fields_pack(level, &d, dw, &err);
	if (ret) {
		fuzz_check_error("vsharp_fields_pack", ret, &err);
		return;
	}
	vsharp_fields_unpack(level, dw, &d);
	vsharp_fields_to_buffer(level, &d, &b);
}

static void buffer_from(struct fuzz_in *in, struct vsharp_buffer *b)
{
	memset(b, 0, sizeof(*b));
	b->base = fuzz_u64(in);
	b->stride = fuzz_u32(in);
	b->num_records = fuzz_u32(in);
	for (unsigned i = 0; i < 4; i++)
		b->dst_sel[i] = fuzz_u8(in);
	b->format.dfmt = (enum vsharp_dfmt)fuzz_below(in, VSHARP_DFMT_COUNT + 2);
	b->format.nfmt = (enum vsharp_nfmt)fuzz_below(in, VSHARP_NFMT_COUNT + 2);
	b->swizzle = fuzz_bool(in);
	b->element_size = fuzz_u8(in);
	b->index_stride = fuzz_u8(in);
	b->add_tid = fuzz_bool(in);
	b->oob_select = fuzz_u8(in);
	b->stride_scale = fuzz_u8(in);
	b->write_compress = fuzz_bool(in);
	b->compression = fuzz_bool(in);
}

static void buffer(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_desc_fields d;
	struct vsharp_buffer b;
	struct vsharp_error err = { "" };
	uint32_t dw[4];
	int ret;

	buffer_from(in, &b);
	ret = vsharp_buffer_to_fields(level, &b, &d, &err);
	if (ret)
		fuzz_check_error("vsharp_buffer_to_fields", ret, &err);
	ret = vsharp_desc_encode(level, &b, dw, &err);
	if (ret)
		fuzz_check_error("vsharp_desc_encode", ret, &err);
	else
		check_encoded(level, dw, "encoded buffer");
}

static void rkind(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_rkind_params p;
	struct vsharp_buffer b;
	struct vsharp_error err = { "" };
	enum vsharp_rkind kind = (enum vsharp_rkind)fuzz_below(in, VSHARP_RKIND_COUNT + 1);
	uint32_t dw[4];
	int ret;

	memset(&p, 0, sizeof(p));
	p.base = fuzz_u64(in);
	p.size = fuzz_u64(in);
	p.stride = fuzz_u32(in);
	p.format.dfmt = (enum vsharp_dfmt)fuzz_below(in, VSHARP_DFMT_COUNT + 1);
	p.format.nfmt = (enum vsharp_nfmt)fuzz_below(in, VSHARP_NFMT_COUNT + 1);
	ret = vsharp_rkind_buffer(level, kind, &p, &b, &err);
	if (ret) {
		fuzz_check_error("vsharp_rkind_buffer", ret, &err);
		return;
	}
	ret = vsharp_desc_encode(level, &b, dw, &err);
	if (ret)
		fuzz_fail("%s %s: the resource-kind buffer does not encode: %s", vsharp_gfx_name(level),
			  vsharp_rkind_name(kind), err.msg);
	check_encoded(level, dw, "resource-kind buffer");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	enum vsharp_gfx level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT);

	switch (fuzz_below(&in, M_COUNT)) {
	case M_WORDS:
		words(level, &in);
		break;
	case M_FIELDS:
		fields(level, &in);
		break;
	case M_BUFFER:
		buffer(level, &in);
		break;
	default:
		rkind(level, &in);
		break;
	}
	return 0;
}

/* Seeds: the default buffer of every level as words and as a meaning, and each resource kind. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[64];

	for (unsigned l = 0; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_buffer b;
		uint32_t dw[4];

		vsharp_buffer_default(l, &b);
		b.base = 0x100000000ull;
		b.num_records = 4096;
		if (vsharp_desc_encode(l, &b, dw, NULL))
			continue;
		fuzz_put_u8(&s, (uint8_t)l);
		fuzz_put_u8(&s, M_WORDS);
		for (unsigned i = 0; i < 4; i++)
			fuzz_put_u32(&s, dw[i]);
		snprintf(name, sizeof(name), "words-%s", vsharp_gfx_name(l));
		fuzz_seed_write(&s, name);

		fuzz_put_u8(&s, (uint8_t)l);
		fuzz_put_u8(&s, M_BUFFER);
		fuzz_put_u64(&s, b.base);
		fuzz_put_u32(&s, b.stride);
		fuzz_put_u32(&s, b.num_records);
		fuzz_put_bytes(&s, b.dst_sel, 4);
		fuzz_put_u8(&s, (uint8_t)b.format.dfmt);
		fuzz_put_u8(&s, (uint8_t)b.format.nfmt);
		fuzz_put_u8(&s, b.swizzle);
		fuzz_put_u8(&s, b.element_size);
		fuzz_put_u8(&s, b.index_stride);
		fuzz_put_u8(&s, b.add_tid);
		fuzz_put_u8(&s, b.oob_select);
		fuzz_put_u8(&s, b.stride_scale);
		fuzz_put_u8(&s, b.write_compress);
		fuzz_put_u8(&s, b.compression);
		snprintf(name, sizeof(name), "buffer-%s", vsharp_gfx_name(l));
		fuzz_seed_write(&s, name);

		for (unsigned k = 0; k < VSHARP_RKIND_COUNT; k++) {
			fuzz_put_u8(&s, (uint8_t)l);
			fuzz_put_u8(&s, M_RKIND);
			fuzz_put_u8(&s, (uint8_t)k);
			fuzz_put_u64(&s, 0x100000000ull);
			fuzz_put_u64(&s, 4096);
			fuzz_put_u32(&s, 16);
			fuzz_put_u8(&s, VSHARP_DFMT_32);
			fuzz_put_u8(&s, VSHARP_NFMT_FLOAT);
			snprintf(name, sizeof(name), "rkind-%s-%s", vsharp_gfx_name(l), vsharp_rkind_name(k));
			fuzz_seed_write(&s, name);
		}
	}
}
