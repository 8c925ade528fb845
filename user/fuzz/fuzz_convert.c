// SPDX-License-Identifier: MIT
/*
 * Format conversions (convert.h promises that bad input never crashes):
 * channel loads and stores with any number format, width and value, under
 * the level's rules or any valid choice of them; the f16/uf11/uf10 helpers
 * under every rounding and one out of range; element unpack/pack and the
 * whole-element load/store on exact-size element memory.  Invariants:
 *  - f16, uf11 and uf10 values that are not NaN go through f32 and back
 *    unchanged under every rounding (the widening is exact);
 *  - unpack, pack, unpack gives the same channels, and pack changes only
 *    the bits of the channels in its mask.
 *
 * Input: level, number format, width, data format, channel mask, rules, values.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vsharp/convert.h"
#include "vsharp/format.h"

static void rules_from(struct fuzz_in *in, enum vsharp_gfx level, struct vsharp_convert_rules *r)
{
	vsharp_convert_rules_default(level, r);
	if (!fuzz_bool(in))
		return;
	r->d16_f32_to_f16 = (enum vsharp_round)fuzz_below(in, VSHARP_ROUND_COUNT);
	r->store_f32_to_f16 = (enum vsharp_round)fuzz_below(in, VSHARP_ROUND_COUNT);
	r->packed_float_round = (enum vsharp_round)fuzz_below(in, VSHARP_ROUND_COUNT);
	r->norm_store_round = (enum vsharp_round)fuzz_below(in, VSHARP_ROUND_COUNT);
	r->scaled_store_round = (enum vsharp_round)fuzz_below(in, VSHARP_ROUND_COUNT);
	r->snorm_load_clamp = fuzz_bool(in);
	r->int_store_clamp = fuzz_bool(in);
	r->d16_int_clamp = fuzz_bool(in);
	r->alpha2_unsigned = fuzz_bool(in);
}

static void floats(uint32_t v)
{
	uint16_t h = (uint16_t)v;
	uint32_t f11 = v & 0x7ff, f10 = v & 0x3ff;

	for (unsigned r = 0; r <= VSHARP_ROUND_COUNT; r++) {
		/* The out-of-range rounding must not crash; its result is not specified. */
		vsharp_f32_to_f16(v, (enum vsharp_round)r);
		vsharp_f32_to_uf11(v, (enum vsharp_round)r);
		vsharp_f32_to_uf10(v, (enum vsharp_round)r);
		if (r == VSHARP_ROUND_COUNT)
			break;
		if ((h & 0x7c00) != 0x7c00 || !(h & 0x3ff))
			if (vsharp_f32_to_f16(vsharp_f16_to_f32(h), r) != h)
				fuzz_fail("f16 0x%04x -> f32 -> f16 under rounding %u gives 0x%04x", h, r,
					  vsharp_f32_to_f16(vsharp_f16_to_f32(h), r));
		if ((f11 & 0x7c0) != 0x7c0 || !(f11 & 0x3f))
			if (vsharp_f32_to_uf11(vsharp_uf11_to_f32(f11), r) != f11)
				fuzz_fail("uf11 0x%03x -> f32 -> uf11 under rounding %u gives 0x%03x", f11, r,
					  vsharp_f32_to_uf11(vsharp_uf11_to_f32(f11), r));
		if ((f10 & 0x3e0) != 0x3e0 || !(f10 & 0x1f))
			if (vsharp_f32_to_uf10(vsharp_uf10_to_f32(f10), r) != f10)
				fuzz_fail("uf10 0x%03x -> f32 -> uf10 under rounding %u gives 0x%03x", f10, r,
					  vsharp_f32_to_uf10(vsharp_uf10_to_f32(f10), r));
	}
}

static void elements(struct vsharp_format fmt, unsigned mask, const struct vsharp_convert_rules *r,
		     struct fuzz_in *in)
{
	const struct vsharp_dfmt_layout *lay = vsharp_dfmt_layout(fmt.dfmt);
	unsigned bytes = lay ? lay->bytes : 0;
	uint8_t *mem = malloc(bytes ? bytes : 1), *before = malloc(bytes ? bytes : 1);
	uint32_t raw[4], again[4], vgpr[4];

	if (!mem || !before)
		goto out;
	for (unsigned b = 0; b < bytes; b++)
		mem[b] = fuzz_u8(in);
	for (unsigned c = 0; c < 4; c++)
		vgpr[c] = fuzz_u32(in);
	vsharp_element_unpack(fmt.dfmt, mem, raw);
	memcpy(before, mem, bytes);
	vsharp_element_pack(fmt.dfmt, raw, 0xf, mem);
	vsharp_element_unpack(fmt.dfmt, mem, again);
	if (memcmp(raw, again, sizeof(raw)) || memcmp(mem, before, bytes))
		fuzz_fail("%s: unpack, pack, unpack is not stable", vsharp_dfmt_name(fmt.dfmt));
	/* Pack other channel values under MASK: only those channels' bits may change. */
	vsharp_element_pack(fmt.dfmt, vgpr, mask, mem);
	vsharp_element_unpack(fmt.dfmt, mem, again);
	for (unsigned c = 0; lay && c < lay->channels; c++)
		if (!(mask >> c & 1) && again[c] != raw[c])
			fuzz_fail("%s: pack with mask 0x%x changed channel %u", vsharp_dfmt_name(fmt.dfmt),
				  mask, c);
	vsharp_format_load_element(fmt, before, r, raw);
	vsharp_format_store_element(fmt, vgpr, mask, r, mem);
out:
	free(mem);
	free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	enum vsharp_gfx level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT);
	struct vsharp_format fmt;
	struct vsharp_convert_rules r;
	unsigned bits, mask;
	uint32_t v;

	fmt.nfmt = (enum vsharp_nfmt)fuzz_below(&in, VSHARP_NFMT_COUNT + 2);
	bits = fuzz_below(&in, 40);
	fmt.dfmt = (enum vsharp_dfmt)fuzz_below(&in, VSHARP_DFMT_COUNT + 2);
	mask = fuzz_below(&in, 16);
	rules_from(&in, level, &r);
	v = fuzz_u32(&in);
	vsharp_convert_load(fmt.nfmt, bits, v, &r);
	vsharp_convert_store(fmt.nfmt, bits, v, &r);
	vsharp_convert_load_d16(fmt.nfmt, bits, v, &r);
	vsharp_convert_store_d16(fmt.nfmt, bits, (uint16_t)v, &r);
	vsharp_nfmt_is_float(fmt.nfmt);
	floats(v);
	elements(fmt, mask, &r, &in);
	return 0;
}

/* Seeds: every data format with each number format of the table, at the channel's width. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[96];

	for (unsigned d = VSHARP_DFMT_8; d < VSHARP_DFMT_COUNT; d++) {
		const struct vsharp_dfmt_layout *lay = vsharp_dfmt_layout(d);

		for (unsigned nf = 0; nf < VSHARP_NFMT_COUNT; nf += 3) {
			fuzz_put_u8(&s, VSHARP_GFX10_3);
			fuzz_put_u8(&s, (uint8_t)nf);
			fuzz_put_u8(&s, lay->bits[0]);
			fuzz_put_u8(&s, (uint8_t)d);
			fuzz_put_u8(&s, 5);
			fuzz_put_u8(&s, 0);
			fuzz_put_u32(&s, 0x3f800000);
			for (unsigned b = 0; b < lay->bytes; b++)
				fuzz_put_u8(&s, (uint8_t)(0x11 * (b + 1)));
			for (unsigned c = 0; c < 4; c++)
				fuzz_put_u32(&s, 0x40000000 + c);
			snprintf(name, sizeof(name), "%s-%s", vsharp_dfmt_name(d), vsharp_nfmt_name(nf));
			fuzz_seed_write(&s, name);
		}
	}
}
