// SPDX-License-Identifier: MIT
/*
 * Format conversion of buffer format instructions.  The rules and their
 * sources are in Documentation/formats.rst; the short keys used below are:
 *   ISA-V, R1..R4  AMD Vega, RDNA1..RDNA4 ISA guides (kuhar/amdgpu-isa-manuals)
 *   D3D            Direct3D "Data Conversion Rules" (Win32 docs)
 *   EXT_pf         GL_EXT_packed_float (unsigned 11/10-bit floats)
 *   MESA           ac_get_vtx_format_info_table (ac_shader_util.c),
 *                  ac_build_opencoded_load_format, util/format_r11g11b10f.h
 *   CLRX           CLRX GcnMemHandling (number format table)
 *
 * All arithmetic is done on bit patterns or in double, where every
 * intermediate used here is exact (see the comments), so results do not
 * depend on the host's float environment beyond IEEE binary32/binary64.
 */
#include <math.h>
#include <string.h>

#include "vsharp/convert.h"
#include "base/float_bits.h"
#include "base/util.h"

#define BIT(n) (1ull << (n))

/*
 * Widths each number format can have.  Every layout in hw/format.c uses widths
 * 2, 8, 10, 11, 16 and 32; FLOAT exists only as f16, uf11, uf10 and f32.
 */
#define W_INT (BIT(2) | BIT(8) | BIT(10) | BIT(11) | BIT(16) | BIT(32))
#define W_FLOAT (BIT(10) | BIT(11) | BIT(16) | BIT(32))

static const uint64_t nfmt_widths[VSHARP_NFMT_COUNT] = {
	[VSHARP_NFMT_UNORM] = W_INT,
	[VSHARP_NFMT_SNORM] = W_INT,
	[VSHARP_NFMT_USCALED] = W_INT,
	[VSHARP_NFMT_SSCALED] = W_INT,
	[VSHARP_NFMT_UINT] = W_INT,
	[VSHARP_NFMT_SINT] = W_INT,
	[VSHARP_NFMT_FLOAT] = W_FLOAT,
	[VSHARP_NFMT_SNORM_OGL] = W_INT,
	[VSHARP_NFMT_UNORM_UINT] = W_INT,
};

static const bool nfmt_float[VSHARP_NFMT_COUNT] = {
	[VSHARP_NFMT_UNORM] = true,
	[VSHARP_NFMT_SNORM] = true,
	[VSHARP_NFMT_USCALED] = true,
	[VSHARP_NFMT_SSCALED] = true,
	[VSHARP_NFMT_FLOAT] = true,
	[VSHARP_NFMT_SNORM_OGL] = true,
	[VSHARP_NFMT_UNORM_UINT] = true,
};

bool vsharp_nfmt_is_float(enum vsharp_nfmt nfmt)
{
	return (unsigned)nfmt < VSHARP_NFMT_COUNT && nfmt_float[nfmt];
}

static bool width_ok(enum vsharp_nfmt nfmt, unsigned bits)
{
	return (unsigned)nfmt < VSHARP_NFMT_COUNT && bits < 64 &&
	       (nfmt_widths[nfmt] & BIT(bits));
}

static uint32_t mask_of(unsigned bits)
{
	return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* Two's complement value of the low `bits` bits, without signed overflow. */
static int64_t sext(uint32_t raw, unsigned bits)
{
	uint64_t sign = BIT(bits - 1);

	return (int64_t)((raw & mask_of(bits)) ^ sign) - (int64_t)sign;
}

/* Rounds x to an integer; x is finite. */
static double round_int(double x, enum vsharp_round r)
{
	double t = trunc(x), d = fabs(x - t);	/* both exact */

	if (fabs(x) >= 0x1p52)
		return x;			/* already an integer */
	switch (r) {
	case VSHARP_ROUND_TOWARD_ZERO:
		return t;
	case VSHARP_ROUND_NEAREST_AWAY:
		return d >= 0.5 ? t + copysign(1.0, x) : t;
	default:
		if (d > 0.5 || (d == 0.5 && fmod(t, 2.0) != 0.0))
			return t + copysign(1.0, x);
		return t;
	}
}

/* --- small floats: f16 and the unsigned 11/10-bit packed floats --- */

struct small_float {
	uint8_t ebits, mbits;
	bool has_sign;
	/* EXT_pf: finite values above the maximum give the maximum. */
	bool saturate;
};

static const struct small_float fp16 = { 5, 10, true, false };
static const struct small_float uf11 = { 5, 6, false, true };
static const struct small_float uf10 = { 5, 5, false, true };

static uint32_t sf_bias(const struct small_float *f)
{
	return (1u << (f->ebits - 1)) - 1;
}

static uint32_t sf_emask(const struct small_float *f)
{
	return (1u << f->ebits) - 1;
}

/* Encodes a non-negative, non-NaN magnitude (Inf allowed). */
static uint32_t sf_encode(double a, const struct small_float *f,
			  enum vsharp_round r)
{
	int bias = (int)sf_bias(f), emin = 1 - bias;
	int emax = (int)sf_emask(f) - 1 - bias;
	uint32_t inf = sf_emask(f) << f->mbits;
	double q, one = ldexp(1.0, f->mbits);
	int e;

	if (a == 0.0)
		return 0;
	if (isinf(a))
		return inf;
	frexp(a, &e);
	e -= 1;				/* a = 1.m * 2^e */
	if (e < emin)
		e = emin;		/* subnormal: fixed exponent */
	q = round_int(ldexp(a, f->mbits - e), r);	/* scaling is exact */
	if (q >= 2.0 * one) {		/* rounding carried into the exponent */
		q /= 2.0;
		e++;
	}
	if (e > emax) {
		/* D3D: truncation gives the maximum; IEEE nearest gives Inf. */
		if (f->saturate || r == VSHARP_ROUND_TOWARD_ZERO)
			return inf - 1;
		return inf;
	}
	if (q < one)
		return (uint32_t)q;	/* subnormal, exponent field 0 */
	return ((uint32_t)(e + bias) << f->mbits) | (uint32_t)(q - one);
}

static uint32_t sf_from_f32(uint32_t x, const struct small_float *f,
			    enum vsharp_round r)
{
	uint32_t sign = x >> 31, mant = x & 0x7fffff;
	uint32_t top = 1u << (f->mbits - 1);
	uint32_t out;

	if ((x & 0x7f800000) == 0x7f800000 && mant) {
		/* NaN: keep the top payload bits, set the quiet bit (UNVERIFIED payload). */
		out = (sf_emask(f) << f->mbits) | (mant >> (23 - f->mbits)) | top;
		return f->has_sign ? out | sign << (f->ebits + f->mbits) : out;
	}
	if (sign && !f->has_sign)
		return 0;		/* EXT_pf: negative values and -Inf give 0 */
	out = sf_encode(fabs((double)f32_from_bits(x)), f, r);
	return f->has_sign ? out | sign << (f->ebits + f->mbits) : out;
}

static uint32_t sf_to_f32(uint32_t v, const struct small_float *f)
{
	uint32_t width = f->ebits + f->mbits;
	uint32_t sign = f->has_sign ? (v >> width) & 1 : 0;
	uint32_t e = (v >> f->mbits) & sf_emask(f), m = v & mask_of(f->mbits);
	uint32_t s32 = sign << 31;

	if (e == sf_emask(f))		/* Inf or NaN, payload moved up */
		return s32 | 0x7f800000 | m << (23 - f->mbits);
	if (e == 0)			/* subnormal: m * 2^(emin - mbits), exact in f32 */
		return s32 | f32_to_bits((float)ldexp(m, 1 - (int)sf_bias(f) - f->mbits));
	return s32 | (e - sf_bias(f) + 127) << 23 | m << (23 - f->mbits);
}

uint16_t vsharp_f32_to_f16(uint32_t f32, enum vsharp_round r)
{
	return (uint16_t)sf_from_f32(f32, &fp16, r);
}

uint32_t vsharp_f16_to_f32(uint16_t f16)
{
	return sf_to_f32(f16, &fp16);
}

uint32_t vsharp_f32_to_uf11(uint32_t f32, enum vsharp_round r)
{
	return sf_from_f32(f32, &uf11, r);
}

uint32_t vsharp_uf11_to_f32(uint32_t v)
{
	return sf_to_f32(v & 0x7ff, &uf11);
}

uint32_t vsharp_f32_to_uf10(uint32_t f32, enum vsharp_round r)
{
	return sf_from_f32(f32, &uf10, r);
}

uint32_t vsharp_uf10_to_f32(uint32_t v)
{
	return sf_to_f32(v & 0x3ff, &uf10);
}

static const struct small_float *float_channel(unsigned bits)
{
	return bits == 16 ? &fp16 : bits == 11 ? &uf11 : &uf10;
}

/* --- loads --- */

/*
 * The number format a load really applies.  UNORM_UINT (GFX9 NUM_FORMAT 6) is
 * read as UNORM: UNVERIFIED, no document defines it for buffers.
 */
static enum vsharp_nfmt load_nfmt(enum vsharp_nfmt nfmt, unsigned bits,
				  const struct vsharp_convert_rules *r)
{
	/* The unsigned twin of each number format (itself if unsigned). */
	static const enum vsharp_nfmt unsigned_of[VSHARP_NFMT_COUNT] = {
		[VSHARP_NFMT_UNORM] = VSHARP_NFMT_UNORM,
		[VSHARP_NFMT_SNORM] = VSHARP_NFMT_UNORM,
		[VSHARP_NFMT_USCALED] = VSHARP_NFMT_USCALED,
		[VSHARP_NFMT_SSCALED] = VSHARP_NFMT_USCALED,
		[VSHARP_NFMT_UINT] = VSHARP_NFMT_UINT,
		[VSHARP_NFMT_SINT] = VSHARP_NFMT_UINT,
		[VSHARP_NFMT_FLOAT] = VSHARP_NFMT_FLOAT,
		[VSHARP_NFMT_SNORM_OGL] = VSHARP_NFMT_SNORM_OGL,
		[VSHARP_NFMT_UNORM_UINT] = VSHARP_NFMT_UNORM,
	};

	if (nfmt == VSHARP_NFMT_UNORM_UINT)
		return VSHARP_NFMT_UNORM;
	if (bits == 2 && r->alpha2_unsigned)
		return unsigned_of[nfmt];
	return nfmt;
}

/*
 * The exact value of a normalized or scaled channel (bits <= 16).  The
 * quotients are not exact in double, but c / (2^n - 1) is never within 2^-41
 * (relative) of a binary32 or binary16 rounding boundary unless it is 0 or
 * +-1, so rounding the double once more rounds the true quotient correctly.
 */
static double norm_value(enum vsharp_nfmt nfmt, unsigned bits, uint32_t raw,
			 const struct vsharp_convert_rules *r)
{
	double umax = (double)mask_of(bits), smax = (double)mask_of(bits - 1);
	int64_t s = sext(raw, bits);

	switch (nfmt) {
	case VSHARP_NFMT_UNORM:		/* D3D: c / (2^n - 1) */
		return raw / umax;
	case VSHARP_NFMT_SNORM:		/* D3D: c / (2^(n-1) - 1), MIN -> -1 */
		if (r->snorm_load_clamp && (double)s < -smax)
			return -1.0;
		return (double)s / smax;
	case VSHARP_NFMT_SNORM_OGL:	/* CLRX "data: MIN:MAX": (2c + 1) / (2^n - 1), UNVERIFIED */
		return (2.0 * (double)s + 1.0) / umax;
	case VSHARP_NFMT_USCALED:
		return raw;
	default:			/* SSCALED */
		return (double)s;
	}
}

uint32_t vsharp_convert_load(enum vsharp_nfmt nfmt, unsigned bits, uint32_t raw,
			     const struct vsharp_convert_rules *r)
{
	if (!width_ok(nfmt, bits))
		return 0;
	raw &= mask_of(bits);
	/* ISA-V/R1 "Memory reads of data in memory that is 32 or 64 bits do
	 * not undergo any format conversion." */
	if (bits == 32)
		return raw;
	nfmt = load_nfmt(nfmt, bits, r);
	switch (nfmt) {
	case VSHARP_NFMT_UINT:
		return raw;
	case VSHARP_NFMT_SINT:
		return (uint32_t)sext(raw, bits);
	case VSHARP_NFMT_FLOAT:
		return sf_to_f32(raw, float_channel(bits));
	default:
		return f32_to_bits((float)norm_value(nfmt, bits, raw, r));
	}
}

static uint16_t narrow16(uint32_t raw, bool is_signed, bool clamp)
{
	int64_t s = is_signed ? sext(raw, 32) : (int64_t)raw;

	if (!clamp)
		return (uint16_t)raw;
	if (is_signed)
		s = s < -32768 ? -32768 : s > 32767 ? 32767 : s;
	else if (s > 0xffff)
		s = 0xffff;
	return (uint16_t)((uint64_t)s & 0xffff);
}

uint16_t vsharp_convert_load_d16(enum vsharp_nfmt nfmt, unsigned bits,
				 uint32_t raw, const struct vsharp_convert_rules *r)
{
	bool is_signed;
	double v;

	if (!width_ok(nfmt, bits))
		return 0;
	raw &= mask_of(bits);
	nfmt = load_nfmt(nfmt, bits, r);
	if (nfmt == VSHARP_NFMT_UINT || nfmt == VSHARP_NFMT_SINT) {
		is_signed = nfmt == VSHARP_NFMT_SINT;
		if (bits == 32)
			return narrow16(raw, is_signed, r->d16_int_clamp);
		return (uint16_t)((uint64_t)(is_signed ? sext(raw, bits) : raw) & 0xffff);
	}
	/* 32-bit data is f32 whatever the number format (see convert_load). */
	if (bits == 32)
		return vsharp_f32_to_f16(raw, r->d16_f32_to_f16);
	if (nfmt == VSHARP_NFMT_FLOAT)	/* f16 as is; uf11/uf10 fit f16 exactly */
		return bits == 16 ? (uint16_t)raw :
		       vsharp_f32_to_f16(sf_to_f32(raw, float_channel(bits)),
					 VSHARP_ROUND_NEAREST_EVEN);
	/* R3/R4: "conversion of other input data formats uses round-to-nearest-even" */
	v = norm_value(nfmt, bits, raw, r);
	return (uint16_t)(sf_encode(fabs(v), &fp16, VSHARP_ROUND_NEAREST_EVEN) |
			  (v < 0.0 ? 0x8000u : 0));
}

/* --- stores --- */

static uint32_t clamp_to_raw(double q, double lo, double hi, unsigned bits)
{
	q = q < lo ? lo : q > hi ? hi : q;
	return (uint32_t)((uint64_t)(int64_t)q & mask_of(bits));
}

/*
 * D3D FLOAT -> UNORM/SNORM: NaN -> 0, clamp to [0, 1] or [-1, 1], scale by
 * 2^n - 1 or 2^(n-1) - 1 (a binary32 multiply), then round ("+0.5, drop the
 * fraction" = nearest, ties away).  SNORM_OGL stores the inverse of its load,
 * (c * (2^n - 1) - 1) / 2: UNVERIFIED, CLRX lists it as read-only.
 */
static uint32_t norm_store(enum vsharp_nfmt nfmt, unsigned bits, uint32_t vgpr,
			   enum vsharp_round round)
{
	float c = f32_from_bits(vgpr), lo = nfmt == VSHARP_NFMT_UNORM ? 0.0f : -1.0f;
	double smax = (double)mask_of(bits - 1), q, scaled;

	if (isnan(c))
		return 0;
	c = c < lo ? lo : c > 1.0f ? 1.0f : c;
	if (nfmt == VSHARP_NFMT_UNORM) {
		scaled = (float)(c * (float)mask_of(bits));
		return clamp_to_raw(round_int(scaled, round), 0, mask_of(bits), bits);
	}
	if (nfmt == VSHARP_NFMT_SNORM_OGL) {
		q = round_int(((double)c * mask_of(bits) - 1.0) / 2.0, round);
		return clamp_to_raw(q, -smax - 1.0, smax, bits);
	}
	scaled = (float)(c * (float)smax);
	return clamp_to_raw(round_int(scaled, round), -smax, smax, bits);
}

static uint32_t scaled_store(bool is_signed, unsigned bits, uint32_t vgpr,
			     enum vsharp_round round)
{
	double c = f32_from_bits(vgpr), smax = (double)mask_of(bits - 1);

	if (isnan(c))
		return 0;
	if (isinf(c))
		c = c > 0 ? 0x1p40 : -0x1p40;	/* clamps below */
	if (is_signed)
		return clamp_to_raw(round_int(c, round), -smax - 1.0, smax, bits);
	return clamp_to_raw(round_int(c, round), 0, mask_of(bits), bits);
}

static uint32_t int_store(bool is_signed, unsigned bits, uint32_t vgpr, bool clamp)
{
	double smax = (double)mask_of(bits - 1);

	if (!clamp)
		return vgpr & mask_of(bits);
	/* D3D: integers narrowed to fewer bits are "clamped to the range". */
	if (is_signed)
		return clamp_to_raw((double)sext(vgpr, 32), -smax - 1.0, smax, bits);
	return vgpr > mask_of(bits) ? mask_of(bits) : vgpr;
}

uint32_t vsharp_convert_store(enum vsharp_nfmt nfmt, unsigned bits, uint32_t vgpr,
			      const struct vsharp_convert_rules *r)
{
	enum vsharp_round f16_round = r->store_f32_to_f16;

	if (!width_ok(nfmt, bits))
		return 0;
	if (bits == 32)			/* no conversion, as for loads (UNVERIFIED) */
		return vgpr;
	switch (nfmt) {
	case VSHARP_NFMT_UINT:
	case VSHARP_NFMT_SINT:
		return int_store(nfmt == VSHARP_NFMT_SINT, bits, vgpr,
				 r->int_store_clamp);
	case VSHARP_NFMT_USCALED:
	case VSHARP_NFMT_SSCALED:
		return scaled_store(nfmt == VSHARP_NFMT_SSCALED, bits, vgpr,
				    r->scaled_store_round);
	case VSHARP_NFMT_FLOAT:
		return sf_from_f32(vgpr, float_channel(bits),
				   bits == 16 ? f16_round : r->packed_float_round);
	case VSHARP_NFMT_UNORM_UINT:
		return norm_store(VSHARP_NFMT_UNORM, bits, vgpr, r->norm_store_round);
	default:
		return norm_store(nfmt, bits, vgpr, r->norm_store_round);
	}
}

uint32_t vsharp_convert_store_d16(enum vsharp_nfmt nfmt, unsigned bits,
				  uint16_t v16, const struct vsharp_convert_rules *r)
{
	if (!width_ok(nfmt, bits))
		return 0;
	if (nfmt == VSHARP_NFMT_UINT)
		return vsharp_convert_store(nfmt, bits, v16, r);
	if (nfmt == VSHARP_NFMT_SINT)
		return vsharp_convert_store(nfmt, bits, (uint32_t)sext(v16, 16), r);
	if (nfmt == VSHARP_NFMT_FLOAT && bits == 16)
		return v16;		/* already the memory format */
	/* f16 -> f32 is exact, then the 32-bit store path. */
	return vsharp_convert_store(nfmt, bits, vsharp_f16_to_f32(v16), r);
}

/* --- elements --- */

/* A little-endian window of at most 5 bytes covering one channel. */
static uint32_t get_bits(const uint8_t *mem, unsigned shift, unsigned bits)
{
	unsigned first = shift / 8, off = shift % 8, n = (off + bits + 7) / 8;
	uint64_t w = 0;

	for (unsigned i = 0; i < n; i++)
		w |= (uint64_t)mem[first + i] << (8 * i);
	return (uint32_t)((w >> off) & mask_of(bits));
}

static void put_bits(uint8_t *mem, unsigned shift, unsigned bits, uint32_t v)
{
	unsigned first = shift / 8, off = shift % 8, n = (off + bits + 7) / 8;
	uint64_t w = 0, m = (uint64_t)mask_of(bits) << off;

	for (unsigned i = 0; i < n; i++)
		w |= (uint64_t)mem[first + i] << (8 * i);
	w = (w & ~m) | (((uint64_t)v << off) & m);
	for (unsigned i = 0; i < n; i++)
		mem[first + i] = (uint8_t)(w >> (8 * i));
}

void vsharp_element_unpack(enum vsharp_dfmt dfmt, const uint8_t *mem,
			   uint32_t raw[4])
{
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(dfmt);

	for (unsigned c = 0; c < 4; c++)
		raw[c] = c < l->channels ? get_bits(mem, l->shift[c], l->bits[c]) : 0;
}

void vsharp_element_pack(enum vsharp_dfmt dfmt, const uint32_t raw[4],
			 unsigned channel_mask, uint8_t *mem)
{
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(dfmt);

	for (unsigned c = 0; c < l->channels && c < 4; c++)
		if (channel_mask & (1u << c))
			put_bits(mem, l->shift[c], l->bits[c], raw[c]);
}

void vsharp_format_load_element(struct vsharp_format fmt, const uint8_t *mem,
				const struct vsharp_convert_rules *r,
				uint32_t vgpr[4])
{
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(fmt.dfmt);
	uint32_t raw[4];

	vsharp_element_unpack(fmt.dfmt, mem, raw);
	for (unsigned c = 0; c < 4; c++)
		vgpr[c] = c < l->channels ?
			  vsharp_convert_load(fmt.nfmt, l->bits[c], raw[c], r) : 0;
}

void vsharp_format_store_element(struct vsharp_format fmt, const uint32_t vgpr[4],
				 unsigned channel_mask,
				 const struct vsharp_convert_rules *r, uint8_t *mem)
{
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(fmt.dfmt);
	uint32_t raw[4] = { 0 };

	for (unsigned c = 0; c < l->channels && c < 4; c++)
		raw[c] = vsharp_convert_store(fmt.nfmt, l->bits[c], vgpr[c], r);
	vsharp_element_pack(fmt.dfmt, raw, channel_mask, mem);
}
