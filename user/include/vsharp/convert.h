/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CONVERT_H
#define VSHARP_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/format.h"
#include "vsharp/gfx.h"

/*
 * Format conversion of buffer format instructions (buffer_load_format_*,
 * buffer_store_format_*, tbuffer_*, and their D16/D16_HI forms): between the
 * bits of one channel in memory and the 32-bit (or 16-bit D16) value in a VGPR.
 * Documentation/formats.rst gives the rules and their sources.
 *
 * Float values cross this API as IEEE bit patterns (uint32_t for f32,
 * uint16_t for f16) so NaN payloads and signed zeros survive.
 *
 * Bad input never crashes: an unknown number format, a channel width the
 * number format cannot have, or an unknown data format gives 0 (the unpack
 * and pack functions then read and write nothing).
 */

enum vsharp_round {
	VSHARP_ROUND_NEAREST_EVEN,	/* IEEE default; ties to even */
	VSHARP_ROUND_TOWARD_ZERO,	/* truncation */
	VSHARP_ROUND_NEAREST_AWAY,	/* ties away from zero (D3D "+0.5, drop fraction") */
	VSHARP_ROUND_COUNT
};

/*
 * Every conversion choice the documents leave open or disagree on, one byte
 * each: these are the rules VSHARP_RULE_D16_F32_TO_F16 .. ALPHA2_UNSIGNED
 * of rules.h, whose table (model/rules.c, `vsharp rules`) has their
 * sources and defaults, and struct vsharp_rules holds them in this form.
 * The rounding fields hold an enum vsharp_round, the others 0 (off) or 1 (on).
 */
struct vsharp_convert_rules {
	/* D16 load of 32-bit float data: f32 -> f16. */
	uint8_t d16_f32_to_f16;
	/* Non-D16 store of a 32-bit VGPR into a 16-bit FLOAT channel. */
	uint8_t store_f32_to_f16;
	/* f32 -> unsigned 11/10-bit float (10_11_11 and 11_11_10 FLOAT). */
	uint8_t packed_float_round;
	/* f32 -> UNORM/SNORM after scaling by 2^n-1 (or 2^(n-1)-1). */
	uint8_t norm_store_round;
	/* f32 -> USCALED/SSCALED integer. */
	uint8_t scaled_store_round;
	/* SNORM load maps the most negative code to -1.0 (else -MIN/MAX). */
	uint8_t snorm_load_clamp;
	/* UINT/SINT store of a value out of the channel's range clamps (else keeps the low bits). */
	uint8_t int_store_clamp;
	/* D16 load of a 32-bit UINT/SINT channel clamps to 16 bits (else keeps the low bits). */
	uint8_t d16_int_clamp;
	/* A 2-bit SNORM/SSCALED/SINT channel loads as UNORM/USCALED/UINT. */
	uint8_t alpha2_unsigned;
};

/* The level's defaults (model/rules.c); an unknown level gets GFX9's. */
void vsharp_convert_rules_default(enum vsharp_gfx level,
				  struct vsharp_convert_rules *r);

/* Scalar conversions of one channel of `bits` bits (2, 8, 10, 11, 16, 32). */
uint32_t vsharp_convert_load(enum vsharp_nfmt nfmt, unsigned bits, uint32_t raw,
			     const struct vsharp_convert_rules *r);
uint32_t vsharp_convert_store(enum vsharp_nfmt nfmt, unsigned bits, uint32_t vgpr,
			      const struct vsharp_convert_rules *r);
/* D16: f16 for float-like number formats, a 16-bit integer for UINT/SINT. */
uint16_t vsharp_convert_load_d16(enum vsharp_nfmt nfmt, unsigned bits, uint32_t raw,
				 const struct vsharp_convert_rules *r);
uint32_t vsharp_convert_store_d16(enum vsharp_nfmt nfmt, unsigned bits, uint16_t v16,
				  const struct vsharp_convert_rules *r);

/* Whether the number format is returned as a float (f32 or f16). */
bool vsharp_nfmt_is_float(enum vsharp_nfmt nfmt);

/*
 * Float helpers.  f32 -> f16: overflow gives Inf when rounding to nearest and
 * the largest finite value (0x7bff) toward zero; NaN stays NaN (quietened).
 * f32 -> uf11/uf10 (EXT_packed_float): negative values and -Inf give 0, +Inf
 * stays Inf, NaN gives a NaN, finite values above the largest finite value give
 * that value whatever the rounding.  The widening helpers are exact.
 */
uint16_t vsharp_f32_to_f16(uint32_t f32, enum vsharp_round r);
uint32_t vsharp_f16_to_f32(uint16_t f16);
uint32_t vsharp_f32_to_uf11(uint32_t f32, enum vsharp_round r);
uint32_t vsharp_uf11_to_f32(uint32_t uf11);
uint32_t vsharp_f32_to_uf10(uint32_t f32, enum vsharp_round r);
uint32_t vsharp_uf10_to_f32(uint32_t uf10);

/*
 * Element packing.  raw[] holds channels X, Y, Z, W (0 for channels the
 * format lacks); memory is little-endian.  pack writes only the bits of the
 * channels in channel_mask (bit 0 = X) and leaves every other bit alone.
 */
void vsharp_element_unpack(enum vsharp_dfmt dfmt, const uint8_t *mem,
			   uint32_t raw[4]);
void vsharp_element_pack(enum vsharp_dfmt dfmt, const uint32_t raw[4],
			 unsigned channel_mask, uint8_t *mem);

/*
 * A whole element with 32-bit VGPR values.  Channels the format lacks load as
 * 0 (applying DST_SEL is the model's job) and are never stored.
 */
void vsharp_format_load_element(struct vsharp_format fmt, const uint8_t *mem,
				const struct vsharp_convert_rules *r,
				uint32_t vgpr[4]);
void vsharp_format_store_element(struct vsharp_format fmt, const uint32_t vgpr[4],
				 unsigned channel_mask,
				 const struct vsharp_convert_rules *r, uint8_t *mem);

#endif
