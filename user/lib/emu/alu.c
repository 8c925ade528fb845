// SPDX-License-Identifier: MIT
/*
 * The ALU instructions the emulated GPU executes beyond the probe shaders'
 * (Documentation/emulator.rst, "Compiler ISA"): one function of a lane's
 * sources per instruction, written from the pseudo-code of the Vega ISA
 * guide (§12 "Instructions": the SOP2, SOPK, SOP1, SOPC, VOP2, VOP1, VOPC
 * and VOP3 opcode tables) and the RDNA3 ISA guide (§16, where it spells out what
 * Vega leaves to prose: min/max with NaNs and signed zeros, bitfield
 * extract sign extension).  Names are LLVM's (GFX11 renamed several scalar
 * instructions: both spellings are rows).
 *
 * Float sources arrive with the MODE register's input denormal flushing
 * and ABS/NEG applied, and the result leaves through FP_ROUND (the host's
 * rounding mode, set around the lane loop) and output flushing (emu/wave.c).
 * Transcendentals (rcp, rsq, sqrt, exp, log) are the host's correctly
 * rounded results; the guides give them 1 ULP.
 */
#include <math.h>
#include <string.h>

#include "emu/alu.h"
#include "base/float_bits.h"
#include "base/util.h"

#define U32(x) ((uint32_t)(x))
#define I32(x) ((int32_t)(uint32_t)(x))
#define A0 (a->s[0])
#define A1 (a->s[1])
#define A2 (a->s[2])

/* A function of the sources, one expression: F(name, expr). */
#define F(n, expr) static uint64_t n(struct emu_alu_args *a) { (void)a; return (expr); }

/* ---- Scalar ---------------------------------------------------------------- */

static uint32_t rev32(uint32_t v)
{
	uint32_t r = 0;

	for (unsigned i = 0; i < 32; i++)
		r |= (v >> i & 1) << (31 - i);
	return r;
}

/* SCC = (D != 0) after the bitwise ops, shifts, bit counts (Vega ISA §12.1, §12.3). */
static uint64_t nz32(struct emu_alu_args *a, uint64_t d)
{
	a->cout = U32(d) != 0;
	return U32(d);
}

static uint64_t nz64(struct emu_alu_args *a, uint64_t d)
{
	a->cout = d != 0;
	return d;
}

F(s_mov, A0)
F(s_cmov, a->cin ? A0 : A1)
F(s_not32, nz32(a, ~A0))
F(s_not64, nz64(a, ~A0))
F(s_and32, nz32(a, A0 & A1))
F(s_and64, nz64(a, A0 & A1))
F(s_or32, nz32(a, A0 | A1))
F(s_or64, nz64(a, A0 | A1))
F(s_xor32, nz32(a, A0 ^ A1))
F(s_xor64, nz64(a, A0 ^ A1))
F(s_andn2_32, nz32(a, A0 & ~A1))
F(s_andn2_64, nz64(a, A0 & ~A1))
F(s_orn2_32, nz32(a, A0 | ~A1))
F(s_orn2_64, nz64(a, A0 | ~A1))
F(s_nand32, nz32(a, ~(A0 & A1)))
F(s_nand64, nz64(a, ~(A0 & A1)))
F(s_nor32, nz32(a, ~(A0 | A1)))
F(s_nor64, nz64(a, ~(A0 | A1)))
F(s_xnor32, nz32(a, ~(A0 ^ A1)))
F(s_xnor64, nz64(a, ~(A0 ^ A1)))
F(s_lshl64, nz64(a, A0 << (A1 & 63)))
F(s_lshr32, nz32(a, U32(A0) >> (A1 & 31)))
F(s_lshr64, nz64(a, A0 >> (A1 & 63)))
F(s_ashr32, nz32(a, (uint32_t)(I32(A0) >> (A1 & 31))))
F(s_ashr64, nz64(a, (uint64_t)((int64_t)A0 >> (A1 & 63))))
F(s_bfm32, ((1u << (A0 & 31)) - 1) << (A1 & 31))
F(s_bfm64, ((1ull << (A0 & 63)) - 1) << (A1 & 63))
F(s_mul_i32, U32(A0 * A1))
F(s_mul_hi_u32, (uint64_t)U32(A0) * U32(A1) >> 32)
F(s_mul_hi_i32, U32((uint64_t)((int64_t)I32(A0) * I32(A1)) >> 32))
F(s_cselect, a->cin ? A0 : A1)
F(s_brev32, U32(rev32(U32(A0))))
F(s_brev64, (uint64_t)rev32(U32(A0)) << 32 | rev32(U32(A0 >> 32)))
F(s_bcnt1_32, nz32(a, (uint64_t)__builtin_popcount(U32(A0))))
F(s_bcnt1_64, nz32(a, (uint64_t)__builtin_popcountll(A0)))
F(s_bcnt0_32, nz32(a, (uint64_t)(32 - __builtin_popcount(U32(A0)))))
F(s_bcnt0_64, nz32(a, (uint64_t)(64 - __builtin_popcountll(A0))))
F(s_ff1_32, U32(A0) ? (uint64_t)__builtin_ctz(U32(A0)) : 0xffffffffu)
F(s_ff1_64, A0 ? (uint64_t)__builtin_ctzll(A0) : 0xffffffffu)
F(s_ff0_32, ~U32(A0) ? (uint64_t)__builtin_ctz(~U32(A0)) : 0xffffffffu)
F(s_flbit32, U32(A0) ? (uint64_t)__builtin_clz(U32(A0)) : 0xffffffffu)
F(s_flbit64, A0 ? (uint64_t)__builtin_clzll(A0) : 0xffffffffu)
F(s_sext_i8, U32((int8_t)A0))
F(s_sext_i16, U32((int16_t)A0))
F(s_bitset0_32, U32(A1) & ~(1u << (A0 & 31)))
F(s_bitset1_32, U32(A1) | 1u << (A0 & 31))
F(s_bitset0_64, A1 & ~(1ull << (A0 & 63)))
F(s_bitset1_64, A1 | 1ull << (A0 & 63))
F(s_abs, nz32(a, I32(A0) < 0 ? U32(-(uint64_t)U32(A0)) : U32(A0)))
F(s_absdiff, nz32(a, I32(A0 - A1) < 0 ? U32(A1 - A0) : U32(A0 - A1)))
F(s_pack_ll, (A0 & 0xffff) | U32(A1) << 16)
F(s_pack_lh, (A0 & 0xffff) | (U32(A1) & 0xffff0000u))
F(s_pack_hh, U32(A0) >> 16 | (U32(A1) & 0xffff0000u))

/* S_FLBIT_I32: leading bits equal to the sign bit; -1 for 0 and -1 (Vega SOP1 20). */
static uint64_t s_flbit_i32(struct emu_alu_args *a)
{
	uint32_t v = U32(A0);

	if (v == 0 || v == 0xffffffffu)
		return 0xffffffffu;
	return (uint64_t)__builtin_clz(I32(v) < 0 ? ~v : v);
}

/* S_SUB_U32, S_SUBB_U32: SCC = the unsigned borrow (Vega SOP2 1, 5). */
static uint64_t s_sub_u32(struct emu_alu_args *a)
{
	uint64_t borrow = a->arg && a->cin;

	a->cout = (uint64_t)U32(A1) + borrow > U32(A0);
	return U32(A0 - A1 - borrow);
}

/* S_SUB_I32: SCC = signed overflow (Vega SOP2 3). */
static uint64_t s_sub_i32(struct emu_alu_args *a)
{
	int32_t r;

	a->cout = __builtin_sub_overflow(I32(A0), I32(A1), &r);
	return U32(r);
}

/* S_MIN/S_MAX: SCC = 1 if S0 was chosen (Vega SOP2 6-9: "SCC = (S0 < S1)"). */
static uint64_t s_min_i32(struct emu_alu_args *a)
{
	a->cout = I32(A0) < I32(A1);
	return a->cout ? U32(A0) : U32(A1);
}

static uint64_t s_min_u32(struct emu_alu_args *a)
{
	a->cout = U32(A0) < U32(A1);
	return a->cout ? U32(A0) : U32(A1);
}

static uint64_t s_max_i32(struct emu_alu_args *a)
{
	a->cout = I32(A0) > I32(A1);
	return a->cout ? U32(A0) : U32(A1);
}

static uint64_t s_max_u32(struct emu_alu_args *a)
{
	a->cout = U32(A0) > U32(A1);
	return a->cout ? U32(A0) : U32(A1);
}

/* S_LSHL<n>_ADD_U32 (GFX9+): D = (S0 << n) + S1, SCC = the unsigned carry. */
static uint64_t s_lshl_add(struct emu_alu_args *a)
{
	uint64_t r = ((uint64_t)U32(A0) << a->arg) + U32(A1);

	a->cout = r >> 32;
	return U32(r);
}

/* S_BFE_*: S1[4:0] (64-bit: [5:0]) offset, S1[22:16] width; SCC = D != 0. */
static uint64_t bfe(uint64_t v, unsigned off, unsigned width, unsigned bits, bool sign)
{
	uint64_t f = v >> off;

	if (width < 64)
		f &= (1ull << width) - 1;
	if (sign && width && width < bits)
		f = (uint64_t)((int64_t)(f << (64 - width)) >> (64 - width));
	return bits == 32 ? U32(f) : f;
}

F(s_bfe_u32, nz32(a, bfe(U32(A0), A1 & 31, A1 >> 16 & 0x7f, 32, false)))
F(s_bfe_i32, nz32(a, bfe(U32(A0), A1 & 31, A1 >> 16 & 0x7f, 32, true)))
F(s_bfe_u64, nz64(a, bfe(A0, A1 & 63, A1 >> 16 & 0x7f, 64, false)))
F(s_bfe_i64, nz64(a, bfe(A0, A1 & 63, A1 >> 16 & 0x7f, 64, true)))

/* SOPC beyond the probe shaders' s_cmp_*_{i,u}32: SCC only. */
static uint64_t s_cmp_eq64(struct emu_alu_args *a)
{
	a->cout = (A0 == A1) == !a->arg;
	return 0;
}

static uint64_t s_bitcmp32(struct emu_alu_args *a)
{
	a->cout = (A0 >> (A1 & 31) & 1) == a->arg;
	return 0;
}

static uint64_t s_bitcmp64(struct emu_alu_args *a)
{
	a->cout = (A0 >> (A1 & 63) & 1) == a->arg;
	return 0;
}

/* SOPK: S0 is SIMM16, S1 the destination's value. */
F(s_movk, (uint64_t)U32((int16_t)A0))
F(s_cmovk, a->cin ? (uint64_t)U32((int16_t)A0) : U32(A1))

static uint64_t s_addk(struct emu_alu_args *a)
{
	int32_t r;

	a->cout = __builtin_add_overflow(I32(A1), (int16_t)A0, &r);
	return U32(r);
}

F(s_mulk, U32(A1 * (uint64_t)(int64_t)(int16_t)A0))

/*
 * S_CMPK_*: "SCC = (S0 rel SIMM16)", signed forms against the sign-extended
 * immediate, unsigned against the zero-extended one (Vega SOPK 3-14).
 * arg: enum relation bits (1 less, 2 equal, 4 greater), 8 signed.
 */
static unsigned order(bool less, bool eq)
{
	return less ? 1 : eq ? 2 : 4;
}

static uint64_t s_cmpk(struct emu_alu_args *a)
{
	bool sign = a->arg & 8;
	int64_t k = sign ? (int16_t)A0 : (int64_t)(uint16_t)A0;
	int64_t d = sign ? I32(A1) : (int64_t)U32(A1);

	a->cout = a->arg & order(d < k, d == k);
	return 0;
}

/* The SAVEEXEC family: S1 is EXEC; the result is the new EXEC. */
F(x_and, A0 & A1)
F(x_or, A0 | A1)
F(x_xor, A0 ^ A1)
F(x_andn2, A0 & ~A1)
F(x_orn2, A0 | ~A1)
F(x_andn1, ~A0 & A1)
F(x_orn1, ~A0 | A1)
F(x_nand, ~(A0 & A1))
F(x_nor, ~(A0 | A1))
F(x_xnor, ~(A0 ^ A1))

/* ---- Vector integer ----------------------------------------------------------- */

F(v_or, U32(A0 | A1))
F(v_xor, U32(A0 ^ A1))
F(v_xnor, U32(~(A0 ^ A1)))
F(v_not, U32(~A0))
F(v_bfrev, U32(rev32(U32(A0))))
F(v_lshrrev, U32(A1) >> (A0 & 31))
F(v_lshlrev, U32(U32(A1) << (A0 & 31)))
F(v_ashrrev, U32(I32(A1) >> (A0 & 31)))
F(v_lshlrev64, A1 << (A0 & 63))
F(v_lshrrev64, A1 >> (A0 & 63))
F(v_ashrrev64, (uint64_t)((int64_t)A1 >> (A0 & 63)))
F(v_add, U32(A0 + A1))
F(v_sub, U32(A0 - A1))
F(v_subrev, U32(A1 - A0))
F(v_min_i32, I32(A0) < I32(A1) ? U32(A0) : U32(A1))
F(v_max_i32, I32(A0) > I32(A1) ? U32(A0) : U32(A1))
F(v_min_u32, U32(A0) < U32(A1) ? U32(A0) : U32(A1))
F(v_max_u32, U32(A0) > U32(A1) ? U32(A0) : U32(A1))
F(v_cndmask, a->cin ? U32(A1) : U32(A0))
F(v_bcnt, U32(__builtin_popcount(U32(A0)) + A1))
F(v_bfm, ((1u << (A0 & 31)) - 1) << (A1 & 31))
F(v_bfi, U32((A0 & A1) | (~A0 & A2)))
F(v_bfe_u32, bfe(U32(A0), A1 & 31, A2 & 31, 32, false))
F(v_bfe_i32, bfe(U32(A0), A1 & 31, A2 & 31, 32, true))
F(v_alignbit, U32((U32(A0) * (1ull << 32) | U32(A1)) >> (A2 & 31)))
F(v_alignbyte, U32((U32(A0) * (1ull << 32) | U32(A1)) >> (8 * (A2 & 3))))
F(v_ffbh_u32, U32(A0) ? (uint64_t)__builtin_clz(U32(A0)) : 0xffffffffu)
F(v_ffbl, U32(A0) ? (uint64_t)__builtin_ctz(U32(A0)) : 0xffffffffu)
F(v_mul_lo, U32(A0 * A1))
F(v_mul_hi_u32, (uint64_t)U32(A0) * U32(A1) >> 32)
F(v_mul_hi_i32, U32((uint64_t)((int64_t)I32(A0) * I32(A1)) >> 32))
/* The 24-bit multiplies: S0[23:0] * S1[23:0], sign-extended for _i24 (Vega VOP2 6-9, VOP3 450-451). */
#define U24(x) ((uint64_t)((x) & 0xffffff))
#define I24(x) ((int64_t)((int32_t)((uint32_t)(x) << 8) >> 8))
F(v_mul_u24, U32(U24(A0) * U24(A1)))
F(v_mul_hi_u24, U32(U24(A0) * U24(A1) >> 32))
F(v_mul_i24, U32((uint64_t)(I24(A0) * I24(A1))))
F(v_mul_hi_i24, U32((uint64_t)(I24(A0) * I24(A1)) >> 32))
F(v_mad_u24, U32(U24(A0) * U24(A1) + A2))
F(v_mad_i24, U32((uint64_t)(I24(A0) * I24(A1)) + A2))
F(v_lshl_add, U32((U32(A0) << (A1 & 31)) + A2))
F(v_add_lshl, U32(U32(A0 + A1) << (A2 & 31)))
F(v_lshl_or, U32((U32(A0) << (A1 & 31)) | A2))
F(v_and_or, U32((A0 & A1) | A2))
F(v_or3, U32(A0 | A1 | A2))
F(v_xor3, U32(A0 ^ A1 ^ A2))
F(v_add3, U32(A0 + A1 + A2))
F(v_xad, U32((A0 ^ A1) + A2))
F(v_min3_i32, v_min_i32(&(struct emu_alu_args){ .s = { v_min_i32(a), A2 } }))
F(v_max3_i32, v_max_i32(&(struct emu_alu_args){ .s = { v_max_i32(a), A2 } }))
F(v_min3_u32, v_min_u32(&(struct emu_alu_args){ .s = { v_min_u32(a), A2 } }))
F(v_max3_u32, v_max_u32(&(struct emu_alu_args){ .s = { v_max_u32(a), A2 } }))

static uint64_t v_med3_i32(struct emu_alu_args *a)
{
	int32_t x = I32(A0), y = I32(A1), z = I32(A2);
	int32_t lo = x < y ? x : y, hi = x < y ? y : x;

	return U32(z < lo ? lo : z > hi ? hi : z);
}

static uint64_t v_med3_u32(struct emu_alu_args *a)
{
	uint32_t x = U32(A0), y = U32(A1), z = U32(A2);
	uint32_t lo = x < y ? x : y, hi = x < y ? y : x;

	return z < lo ? lo : z > hi ? hi : z;
}

/* V_PERM_B32 (Vega VOP3 493): each byte of S2 selects a byte of {S0, S1}. */
static uint64_t v_perm(struct emu_alu_args *a)
{
	uint64_t in = U32(A0) * (1ull << 32) | U32(A1);
	uint32_t d = 0;

	for (unsigned i = 0; i < 4; i++) {
		unsigned sel = A2 >> (8 * i) & 0xff;
		uint32_t b;

		if (sel >= 13)
			b = 0xff;
		else if (sel == 12)
			b = 0;
		else if (sel >= 8)
			b = (in >> (16 * (sel - 8) + 15) & 1) * 0xff;
		else
			b = in >> (8 * sel) & 0xff;
		d |= b << (8 * i);
	}
	return d;
}

/* V_MBCNT_LO/HI_U32_B32: S1 + the bits of S0 below this lane (Vega VOP3 652-653). */
F(v_mbcnt_lo, U32(__builtin_popcount(U32(A0) & U32((1ull << a->lane) - 1)) + A1))
F(v_mbcnt_hi, U32(__builtin_popcount(U32(A0) & U32(((1ull << a->lane) - 1) >> 32)) + A1))

/* The carry forms: VCC (or SDST) = the unsigned carry or borrow (Vega VOP2 25-30). */
static uint64_t v_add_co(struct emu_alu_args *a)
{
	uint64_t r = (uint64_t)U32(A0) + U32(A1) + (a->arg && a->cin);

	a->cout = r >> 32;
	return U32(r);
}

static uint64_t v_sub_co(struct emu_alu_args *a)
{
	uint64_t borrow = a->arg && a->cin;

	a->cout = (uint64_t)U32(A1) + borrow > U32(A0);
	return U32(A0 - A1 - borrow);
}

static uint64_t v_subrev_co(struct emu_alu_args *a)
{
	uint64_t borrow = a->arg && a->cin;

	a->cout = (uint64_t)U32(A0) + borrow > U32(A1);
	return U32(A1 - A0 - borrow);
}

/* V_MAD_U64_U32 / V_MAD_I64_I32: {carry, D.u64} = S0 * S1 + S2.u64 (Vega VOP3 488-489). */
static uint64_t v_mad_u64(struct emu_alu_args *a)
{
	uint64_t p = (uint64_t)U32(A0) * U32(A1), r = p + A2;

	a->cout = r < p;
	return r;
}

static uint64_t v_mad_i64(struct emu_alu_args *a)
{
	int64_t p = (int64_t)I32(A0) * I32(A1);
	__int128 r = (__int128)p + (int64_t)A2;

	a->cout = r != (int64_t)r;
	return (uint64_t)(int64_t)r;
}

/*
 * V_CMP_*_{I,U}{32,64} and V_CMP_*_F{32,64}: arg is the set of outcomes the
 * relation holds for: 1 less, 2 equal, 4 greater, 8 unordered (a NaN).
 */
static uint64_t cmp_i32(struct emu_alu_args *a)
{
	a->cout = a->arg & order(I32(A0) < I32(A1), A0 == A1);
	return 0;
}

static uint64_t cmp_u32(struct emu_alu_args *a)
{
	a->cout = a->arg & order(U32(A0) < U32(A1), U32(A0) == U32(A1));
	return 0;
}

static uint64_t cmp_i64(struct emu_alu_args *a)
{
	a->cout = a->arg & order((int64_t)A0 < (int64_t)A1, A0 == A1);
	return 0;
}

static uint64_t cmp_u64(struct emu_alu_args *a)
{
	a->cout = a->arg & order(A0 < A1, A0 == A1);
	return 0;
}

static uint64_t cmp_f32(struct emu_alu_args *a)
{
	float x = f32_from_bits(A0), y = f32_from_bits(A1);

	a->cout = a->arg & (isnan(x) || isnan(y) ? 8 : order(x < y, x == y));
	return 0;
}

static uint64_t cmp_f64(struct emu_alu_args *a)
{
	double x = f64_from_bits(A0), y = f64_from_bits(A1);

	a->cout = a->arg & (isnan(x) || isnan(y) ? 8 : order(x < y, x == y));
	return 0;
}

/*
 * V_CMP_CLASS_F32/F64: S1 bit k selects a class of S0 (Vega VOPC 16):
 * 0 signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0,
 * 6 +0, 7 +denormal, 8 +normal, 9 +inf.
 */
static unsigned fclass(int kind, bool neg, bool quiet)
{
	switch (kind) {
	case FP_NAN: return quiet ? 1 : 0;
	case FP_INFINITE: return neg ? 2 : 9;
	case FP_NORMAL: return neg ? 3 : 8;
	case FP_SUBNORMAL: return neg ? 4 : 7;
	default: return neg ? 5 : 6;
	}
}

static uint64_t cmp_class_f32(struct emu_alu_args *a)
{
	float x = f32_from_bits(A0);

	a->cout = A1 >> fclass(fpclassify(x), signbit(x), A0 >> 22 & 1) & 1;
	return 0;
}

static uint64_t cmp_class_f64(struct emu_alu_args *a)
{
	double x = f64_from_bits(A0);

	a->cout = A1 >> fclass(fpclassify(x), signbit(x), A0 >> 51 & 1) & 1;
	return 0;
}

/* ---- Vector float ----------------------------------------------------------- */

F(v_add_f32, f32_to_bits(f32_from_bits(A0) + f32_from_bits(A1)))
F(v_sub_f32, f32_to_bits(f32_from_bits(A0) - f32_from_bits(A1)))
F(v_subrev_f32, f32_to_bits(f32_from_bits(A1) - f32_from_bits(A0)))
F(v_mul_f32, f32_to_bits(f32_from_bits(A0) * f32_from_bits(A1)))
F(v_fma_f32, f32_to_bits(fmaf(f32_from_bits(A0), f32_from_bits(A1), f32_from_bits(A2))))
F(v_mad_f32, f32_to_bits(f32_from_bits(A0) * f32_from_bits(A1) + f32_from_bits(A2)))
F(v_add_f64, f64_to_bits(f64_from_bits(A0) + f64_from_bits(A1)))
F(v_mul_f64, f64_to_bits(f64_from_bits(A0) * f64_from_bits(A1)))
F(v_fma_f64, f64_to_bits(fma(f64_from_bits(A0), f64_from_bits(A1), f64_from_bits(A2))))
F(v_ldexp_f32, f32_to_bits(ldexpf(f32_from_bits(A0), I32(A1))))
F(v_ldexp_f64, f64_to_bits(ldexp(f64_from_bits(A0), I32(A1))))
F(v_rcp_f32, f32_to_bits(1.0f / f32_from_bits(A0)))
F(v_rcp_f64, f64_to_bits(1.0 / f64_from_bits(A0)))
F(v_rsq_f32, f32_to_bits(1.0f / sqrtf(f32_from_bits(A0))))
F(v_sqrt_f32, f32_to_bits(sqrtf(f32_from_bits(A0))))
F(v_sqrt_f64, f64_to_bits(sqrt(f64_from_bits(A0))))
F(v_exp_f32, f32_to_bits(exp2f(f32_from_bits(A0))))
F(v_log_f32, f32_to_bits(log2f(f32_from_bits(A0))))
F(v_floor_f32, f32_to_bits(floorf(f32_from_bits(A0))))
F(v_ceil_f32, f32_to_bits(ceilf(f32_from_bits(A0))))
F(v_trunc_f32, f32_to_bits(truncf(f32_from_bits(A0))))
F(v_fract_f32, f32_to_bits(f32_from_bits(A0) - floorf(f32_from_bits(A0))))
F(v_floor_f64, f64_to_bits(floor(f64_from_bits(A0))))
F(v_trunc_f64, f64_to_bits(trunc(f64_from_bits(A0))))
F(v_cvt_f32_i32, f32_to_bits((float)I32(A0)))
F(v_cvt_f32_u32, f32_to_bits((float)U32(A0)))
F(v_cvt_f64_i32, f64_to_bits((double)I32(A0)))
F(v_cvt_f64_u32, f64_to_bits((double)U32(A0)))
F(v_cvt_f32_f64, f32_to_bits((float)f64_from_bits(A0)))
F(v_cvt_f64_f32, f64_to_bits((double)f32_from_bits(A0)))
F(v_cvt_f32_ubyte, f32_to_bits((float)(A0 >> (8 * a->arg) & 0xff)))

/*
 * V_RNDNE_F32: to the nearest integer, ties to even, whatever FP_ROUND says
 * (Vega VOP1 30).  The differences are exact: floor() of a float is a float.
 */
static uint64_t v_rndne_f32(struct emu_alu_args *a)
{
	float x = f32_from_bits(A0), lo = floorf(x), d = x - lo;

	if (isnan(x) || isinf(x))
		return f32_to_bits(x);
	if (d > 0.5f || (d == 0.5f && fmodf(lo, 2.0f) != 0.0f))
		lo += 1.0f;
	return f32_to_bits(lo == 0.0f ? copysignf(0.0f, x) : lo);
}

/*
 * Float to integer: toward zero, out-of-range values (infinities included)
 * saturate, NaN is 0 (Vega VOP1 7-8 "V_CVT_U32_F32", "V_CVT_I32_F32").
 */
static uint64_t cvt_i32(double x)
{
	if (isnan(x))
		return 0;
	if (x <= -2147483648.0)
		return 0x80000000u;
	if (x >= 2147483647.0)
		return 0x7fffffffu;
	return U32((int32_t)trunc(x));
}

static uint64_t cvt_u32(double x)
{
	if (isnan(x) || x <= 0)
		return 0;
	if (x >= 4294967295.0)
		return 0xffffffffu;
	return (uint32_t)trunc(x);
}

F(v_cvt_i32_f32, cvt_i32(f32_from_bits(A0)))
F(v_cvt_u32_f32, cvt_u32(f32_from_bits(A0)))
F(v_cvt_i32_f64, cvt_i32(f64_from_bits(A0)))
F(v_cvt_u32_f64, cvt_u32(f64_from_bits(A0)))
F(v_cvt_flr_i32_f32, cvt_i32(floorf(f32_from_bits(A0))))
F(v_cvt_rpi_i32_f32, cvt_i32(floorf(f32_from_bits(A0) + 0.5f)))

/*
 * V_MIN_F32/V_MAX_F32 (RDNA3 ISA §16 VOP2 15/16, the same rule as Vega's
 * prose): with MODE.IEEE a signaling NaN comes back quietened, a quiet NaN
 * loses to a number; without it any NaN loses; -0 < +0.
 */
static bool snan32(uint32_t v)
{
	return (v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffff) && !(v & 0x400000);
}

static uint64_t fminmax32(struct emu_alu_args *a, uint32_t x, uint32_t y, bool max)
{
	float fx = f32_from_bits(x), fy = f32_from_bits(y);
	bool lt;

	if (EMU_MODE_IEEE(a->mode) && snan32(x))
		return x | 0x400000;
	if (EMU_MODE_IEEE(a->mode) && snan32(y))
		return y | 0x400000;
	if (isnan(fy))
		return x;
	if (isnan(fx))
		return y;
	lt = fx < fy || (fx == 0 && fy == 0 && signbit(fx) && !signbit(fy));
	if (max)
		lt = fx > fy || (fx == 0 && fy == 0 && !signbit(fx) && signbit(fy));
	return lt ? x : y;
}

F(v_min_f32, fminmax32(a, U32(A0), U32(A1), false))
F(v_max_f32, fminmax32(a, U32(A0), U32(A1), true))
F(v_min3_f32, fminmax32(a, U32(fminmax32(a, U32(A0), U32(A1), false)), U32(A2), false))
F(v_max3_f32, fminmax32(a, U32(fminmax32(a, U32(A0), U32(A1), true)), U32(A2), true))

/* V_MED3_F32 (Vega VOP3 470): a NaN anywhere gives V_MIN3_F32. */
static uint64_t v_med3_f32(struct emu_alu_args *a)
{
	uint32_t x = U32(A0), y = U32(A1), z = U32(A2), m;

	if (isnan(f32_from_bits(x)) || isnan(f32_from_bits(y)) || isnan(f32_from_bits(z)))
		return v_min3_f32(a);
	m = U32(v_max3_f32(a));
	if (m == x)
		return fminmax32(a, y, z, true);
	if (m == y)
		return fminmax32(a, x, z, true);
	return fminmax32(a, x, y, true);
}

/* ---- The table ---------------------------------------------------------------- */

#define S EMU_ALU_SCC
#define SIN EMU_ALU_SCC_IN
#define RD EMU_ALU_READS_D
#define SX EMU_ALU_SAVEEXEC
#define CI EMU_ALU_CIN
#define CO EMU_ALU_COUT
#define FI EMU_ALU_IN_F32
#define FO EMU_ALU_OUT_F32
#define FF (FI | FO)
#define DI EMU_ALU_IN_F64
#define DO EMU_ALU_OUT_F64
#define DD (DI | DO)

/* A compare's rows: v_cmp_<rel>_<type> and v_cmpx_<rel>_<type>. */
#define CMP2(rel, type, fn, bits, fl) \
	{ "v_cmp_" rel "_" type, EMU_ALU_CMP | (fl), fn, bits }, \
	{ "v_cmpx_" rel "_" type, EMU_ALU_CMP | EMU_ALU_CMPX | (fl), fn, bits }
#define CMPI(rel, bits) \
	CMP2(rel, "i32", cmp_i32, bits, 0), CMP2(rel, "u32", cmp_u32, bits, 0), \
	CMP2(rel, "i64", cmp_i64, bits, 0), CMP2(rel, "u64", cmp_u64, bits, 0)
#define CMPF(rel, bits) CMP2(rel, "f32", cmp_f32, bits, FI), CMP2(rel, "f64", cmp_f64, bits, DI)
/* LLVM names the scalar and the saveexec instructions differently from GFX11 on. */
#define SX2(a, b, fn) \
	{ a "_b32", SX, fn, 0 }, { a "_b64", SX, fn, 0 }, { b "_b32", SX, fn, 0 }, { b "_b64", SX, fn, 0 }

static const struct emu_alu rows[] = {
	/* SOP1 */
	{ "s_mov_b64", 0, s_mov, 0 },
	{ "s_cmov_b32", SIN | RD, s_cmov, 0 },
	{ "s_cmov_b64", SIN | RD, s_cmov, 0 },
	{ "s_not_b32", S, s_not32, 0 },
	{ "s_not_b64", S, s_not64, 0 },
	{ "s_brev_b32", 0, s_brev32, 0 },
	{ "s_brev_b64", 0, s_brev64, 0 },
	{ "s_bcnt0_i32_b32", S, s_bcnt0_32, 0 },
	{ "s_bcnt0_i32_b64", S, s_bcnt0_64, 0 },
	{ "s_bcnt1_i32_b32", S, s_bcnt1_32, 0 },
	{ "s_bcnt1_i32_b64", S, s_bcnt1_64, 0 },
	{ "s_ff0_i32_b32", 0, s_ff0_32, 0 },
	{ "s_ff1_i32_b32", 0, s_ff1_32, 0 },
	{ "s_ff1_i32_b64", 0, s_ff1_64, 0 },
	{ "s_ctz_i32_b32", 0, s_ff1_32, 0 },
	{ "s_ctz_i32_b64", 0, s_ff1_64, 0 },
	{ "s_flbit_i32_b32", 0, s_flbit32, 0 },
	{ "s_flbit_i32_b64", 0, s_flbit64, 0 },
	{ "s_clz_i32_u32", 0, s_flbit32, 0 },
	{ "s_clz_i32_u64", 0, s_flbit64, 0 },
	{ "s_flbit_i32", 0, s_flbit_i32, 0 },
	{ "s_cls_i32", 0, s_flbit_i32, 0 },
	{ "s_sext_i32_i8", 0, s_sext_i8, 0 },
	{ "s_sext_i32_i16", 0, s_sext_i16, 0 },
	{ "s_bitset0_b32", RD, s_bitset0_32, 0 },
	{ "s_bitset1_b32", RD, s_bitset1_32, 0 },
	{ "s_bitset0_b64", RD, s_bitset0_64, 0 },
	{ "s_bitset1_b64", RD, s_bitset1_64, 0 },
	{ "s_abs_i32", S, s_abs, 0 },
	SX2("s_and_saveexec", "s_and_saveexec", x_and),
	SX2("s_or_saveexec", "s_or_saveexec", x_or),
	SX2("s_xor_saveexec", "s_xor_saveexec", x_xor),
	SX2("s_andn2_saveexec", "s_and_not1_saveexec", x_andn2),
	SX2("s_orn2_saveexec", "s_or_not1_saveexec", x_orn2),
	SX2("s_andn1_saveexec", "s_and_not0_saveexec", x_andn1),
	SX2("s_orn1_saveexec", "s_or_not0_saveexec", x_orn1),
	SX2("s_nand_saveexec", "s_nand_saveexec", x_nand),
	SX2("s_nor_saveexec", "s_nor_saveexec", x_nor),
	SX2("s_xnor_saveexec", "s_xnor_saveexec", x_xnor),
	/* SOP2 */
	{ "s_sub_u32", S, s_sub_u32, 0 },
	{ "s_subb_u32", S | SIN, s_sub_u32, 1 },
	{ "s_sub_i32", S, s_sub_i32, 0 },
	{ "s_sub_co_u32", S, s_sub_u32, 0 },
	{ "s_sub_co_ci_u32", S | SIN, s_sub_u32, 1 },
	{ "s_sub_co_i32", S, s_sub_i32, 0 },
	{ "s_min_i32", S, s_min_i32, 0 },
	{ "s_min_u32", S, s_min_u32, 0 },
	{ "s_max_i32", S, s_max_i32, 0 },
	{ "s_max_u32", S, s_max_u32, 0 },
	{ "s_cselect_b32", SIN, s_cselect, 0 },
	{ "s_cselect_b64", SIN, s_cselect, 0 },
	{ "s_and_b32", S, s_and32, 0 },
	{ "s_and_b64", S, s_and64, 0 },
	{ "s_or_b32", S, s_or32, 0 },
	{ "s_or_b64", S, s_or64, 0 },
	{ "s_xor_b32", S, s_xor32, 0 },
	{ "s_xor_b64", S, s_xor64, 0 },
	{ "s_andn2_b32", S, s_andn2_32, 0 },
	{ "s_andn2_b64", S, s_andn2_64, 0 },
	{ "s_and_not1_b32", S, s_andn2_32, 0 },
	{ "s_and_not1_b64", S, s_andn2_64, 0 },
	{ "s_orn2_b32", S, s_orn2_32, 0 },
	{ "s_orn2_b64", S, s_orn2_64, 0 },
	{ "s_or_not1_b32", S, s_orn2_32, 0 },
	{ "s_or_not1_b64", S, s_orn2_64, 0 },
	{ "s_nand_b32", S, s_nand32, 0 },
	{ "s_nand_b64", S, s_nand64, 0 },
	{ "s_nor_b32", S, s_nor32, 0 },
	{ "s_nor_b64", S, s_nor64, 0 },
	{ "s_xnor_b32", S, s_xnor32, 0 },
	{ "s_xnor_b64", S, s_xnor64, 0 },
	{ "s_lshl_b64", S, s_lshl64, 0 },
	{ "s_lshr_b32", S, s_lshr32, 0 },
	{ "s_lshr_b64", S, s_lshr64, 0 },
	{ "s_ashr_i32", S, s_ashr32, 0 },
	{ "s_ashr_i64", S, s_ashr64, 0 },
	{ "s_bfm_b32", 0, s_bfm32, 0 },
	{ "s_bfm_b64", 0, s_bfm64, 0 },
	{ "s_mul_i32", 0, s_mul_i32, 0 },
	{ "s_mul_hi_u32", 0, s_mul_hi_u32, 0 },
	{ "s_mul_hi_i32", 0, s_mul_hi_i32, 0 },
	{ "s_bfe_u32", S, s_bfe_u32, 0 },
	{ "s_bfe_i32", S, s_bfe_i32, 0 },
	{ "s_bfe_u64", S, s_bfe_u64, 0 },
	{ "s_bfe_i64", S, s_bfe_i64, 0 },
	{ "s_absdiff_i32", S, s_absdiff, 0 },
	{ "s_lshl1_add_u32", S, s_lshl_add, 1 },
	{ "s_lshl2_add_u32", S, s_lshl_add, 2 },
	{ "s_lshl3_add_u32", S, s_lshl_add, 3 },
	{ "s_lshl4_add_u32", S, s_lshl_add, 4 },
	{ "s_pack_ll_b32_b16", 0, s_pack_ll, 0 },
	{ "s_pack_lh_b32_b16", 0, s_pack_lh, 0 },
	{ "s_pack_hh_b32_b16", 0, s_pack_hh, 0 },
	/* SOPC: eq/lg (arg 0/1), bit compares (arg: the bit value tested for) */
	{ "s_cmp_eq_u64", S | EMU_ALU_CMP, s_cmp_eq64, 0 },
	{ "s_cmp_lg_u64", S | EMU_ALU_CMP, s_cmp_eq64, 1 },
	{ "s_bitcmp0_b32", S | EMU_ALU_CMP, s_bitcmp32, 0 },
	{ "s_bitcmp1_b32", S | EMU_ALU_CMP, s_bitcmp32, 1 },
	{ "s_bitcmp0_b64", S | EMU_ALU_CMP, s_bitcmp64, 0 },
	{ "s_bitcmp1_b64", S | EMU_ALU_CMP, s_bitcmp64, 1 },
	/* SOPK: S0 is SIMM16; S1 the destination's value (RD), the register compared (CMP) */
	{ "s_movk_i32", 0, s_movk, 0 },
	{ "s_cmovk_i32", SIN | RD, s_cmovk, 0 },
	{ "s_addk_i32", S | RD, s_addk, 0 },
	{ "s_addk_co_i32", S | RD, s_addk, 0 },
	{ "s_mulk_i32", RD, s_mulk, 0 },
	{ "s_cmpk_eq_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 2 },
	{ "s_cmpk_lg_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 5 },
	{ "s_cmpk_gt_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 4 },
	{ "s_cmpk_ge_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 6 },
	{ "s_cmpk_lt_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 1 },
	{ "s_cmpk_le_i32", S | EMU_ALU_CMP, s_cmpk, 8 | 3 },
	{ "s_cmpk_eq_u32", S | EMU_ALU_CMP, s_cmpk, 2 },
	{ "s_cmpk_lg_u32", S | EMU_ALU_CMP, s_cmpk, 5 },
	{ "s_cmpk_gt_u32", S | EMU_ALU_CMP, s_cmpk, 4 },
	{ "s_cmpk_ge_u32", S | EMU_ALU_CMP, s_cmpk, 6 },
	{ "s_cmpk_lt_u32", S | EMU_ALU_CMP, s_cmpk, 1 },
	{ "s_cmpk_le_u32", S | EMU_ALU_CMP, s_cmpk, 3 },
	/* VOP1, VOP2, VOP3: integer (the probe shaders' own through op_rows, their DPP forms here) */
	{ "v_mov_b32", 0, s_mov, 0 },
	{ "v_and_b32", 0, s_and32, 0 },
	{ "v_lshlrev_b32", 0, v_lshlrev, 0 },
	{ "v_or_b32", 0, v_or, 0 },
	{ "v_xor_b32", 0, v_xor, 0 },
	{ "v_xnor_b32", 0, v_xnor, 0 },
	{ "v_not_b32", 0, v_not, 0 },
	{ "v_bfrev_b32", 0, v_bfrev, 0 },
	{ "v_lshrrev_b32", 0, v_lshrrev, 0 },
	{ "v_ashrrev_i32", 0, v_ashrrev, 0 },
	{ "v_lshlrev_b64", 0, v_lshlrev64, 0 },
	{ "v_lshrrev_b64", 0, v_lshrrev64, 0 },
	{ "v_ashrrev_i64", 0, v_ashrrev64, 0 },
	{ "v_add_u32", 0, v_add, 0 },
	{ "v_sub_u32", 0, v_sub, 0 },
	{ "v_subrev_u32", 0, v_subrev, 0 },
	{ "v_add_nc_u32", 0, v_add, 0 },
	{ "v_sub_nc_u32", 0, v_sub, 0 },
	{ "v_subrev_nc_u32", 0, v_subrev, 0 },
	{ "v_min_i32", 0, v_min_i32, 0 },
	{ "v_max_i32", 0, v_max_i32, 0 },
	{ "v_min_u32", 0, v_min_u32, 0 },
	{ "v_max_u32", 0, v_max_u32, 0 },
	{ "v_min3_i32", 0, v_min3_i32, 0 },
	{ "v_max3_i32", 0, v_max3_i32, 0 },
	{ "v_min3_u32", 0, v_min3_u32, 0 },
	{ "v_max3_u32", 0, v_max3_u32, 0 },
	{ "v_med3_i32", 0, v_med3_i32, 0 },
	{ "v_med3_u32", 0, v_med3_u32, 0 },
	{ "v_cndmask_b32", CI, v_cndmask, 0 },
	{ "v_bcnt_u32_b32", 0, v_bcnt, 0 },
	{ "v_bfm_b32", 0, v_bfm, 0 },
	{ "v_bfi_b32", 0, v_bfi, 0 },
	{ "v_bfe_u32", 0, v_bfe_u32, 0 },
	{ "v_bfe_i32", 0, v_bfe_i32, 0 },
	{ "v_alignbit_b32", 0, v_alignbit, 0 },
	{ "v_alignbyte_b32", 0, v_alignbyte, 0 },
	{ "v_perm_b32", 0, v_perm, 0 },
	{ "v_ffbh_u32", 0, v_ffbh_u32, 0 },
	{ "v_clz_i32_u32", 0, v_ffbh_u32, 0 },
	{ "v_ffbl_b32", 0, v_ffbl, 0 },
	{ "v_ctz_i32_b32", 0, v_ffbl, 0 },
	{ "v_ffbh_i32", 0, s_flbit_i32, 0 },
	{ "v_cls_i32", 0, s_flbit_i32, 0 },
	{ "v_mul_lo_u32", 0, v_mul_lo, 0 },
	{ "v_mul_lo_i32", 0, v_mul_lo, 0 },
	{ "v_mul_hi_u32", 0, v_mul_hi_u32, 0 },
	{ "v_mul_hi_i32", 0, v_mul_hi_i32, 0 },
	{ "v_mul_u32_u24", 0, v_mul_u24, 0 },
	{ "v_mul_hi_u32_u24", 0, v_mul_hi_u24, 0 },
	{ "v_mul_i32_i24", 0, v_mul_i24, 0 },
	{ "v_mul_hi_i32_i24", 0, v_mul_hi_i24, 0 },
	{ "v_mad_u32_u24", 0, v_mad_u24, 0 },
	{ "v_mad_i32_i24", 0, v_mad_i24, 0 },
	{ "v_mad_u64_u32", CO, v_mad_u64, 0 },
	{ "v_mad_i64_i32", CO, v_mad_i64, 0 },
	{ "v_lshl_add_u32", 0, v_lshl_add, 0 },
	{ "v_add_lshl_u32", 0, v_add_lshl, 0 },
	{ "v_lshl_or_b32", 0, v_lshl_or, 0 },
	{ "v_and_or_b32", 0, v_and_or, 0 },
	{ "v_or3_b32", 0, v_or3, 0 },
	{ "v_xor3_b32", 0, v_xor3, 0 },
	{ "v_add3_u32", 0, v_add3, 0 },
	{ "v_xad_u32", 0, v_xad, 0 },
	{ "v_mbcnt_lo_u32_b32", 0, v_mbcnt_lo, 0 },
	{ "v_mbcnt_hi_u32_b32", 0, v_mbcnt_hi, 0 },
	{ "v_readlane_b32", EMU_ALU_READLANE, NULL, 0 },
	{ "v_permlane16_b32", EMU_ALU_PERMLANE, s_mov, 0 },
	{ "v_permlanex16_b32", EMU_ALU_PERMLANE, s_mov, 1 },
	{ "v_writelane_b32", EMU_ALU_WRITELANE, NULL, 0 },
	/* Carries: arg 1 reads the carry in */
	{ "v_add_co_u32", CO, v_add_co, 0 },
	{ "v_sub_co_u32", CO, v_sub_co, 0 },
	{ "v_subrev_co_u32", CO, v_subrev_co, 0 },
	{ "v_addc_co_u32", CI | CO, v_add_co, 1 },
	{ "v_subb_co_u32", CI | CO, v_sub_co, 1 },
	{ "v_subbrev_co_u32", CI | CO, v_subrev_co, 1 },
	{ "v_add_co_ci_u32", CI | CO, v_add_co, 1 },
	{ "v_sub_co_ci_u32", CI | CO, v_sub_co, 1 },
	{ "v_subrev_co_ci_u32", CI | CO, v_subrev_co, 1 },
	/* Float */
	{ "v_add_f32", FF, v_add_f32, 0 },
	{ "v_sub_f32", FF, v_sub_f32, 0 },
	{ "v_subrev_f32", FF, v_subrev_f32, 0 },
	{ "v_mul_f32", FF, v_mul_f32, 0 },
	{ "v_fma_f32", FF, v_fma_f32, 0 },
	{ "v_fmac_f32", FF | RD, v_fma_f32, 0 },
	{ "v_fmamk_f32", FF, v_fma_f32, 0 },
	{ "v_fmaak_f32", FF, v_fma_f32, 0 },
	{ "v_mad_f32", FF, v_mad_f32, 0 },
	{ "v_mac_f32", FF | RD, v_mad_f32, 0 },
	{ "v_madmk_f32", FF, v_mad_f32, 0 },
	{ "v_madak_f32", FF, v_mad_f32, 0 },
	{ "v_min_f32", FF, v_min_f32, 0 },
	{ "v_max_f32", FF, v_max_f32, 0 },
	{ "v_min3_f32", FF, v_min3_f32, 0 },
	{ "v_max3_f32", FF, v_max3_f32, 0 },
	{ "v_med3_f32", FF, v_med3_f32, 0 },
	{ "v_ldexp_f32", FF, v_ldexp_f32, 0 },
	{ "v_rcp_f32", FF, v_rcp_f32, 0 },
	{ "v_rcp_iflag_f32", FF, v_rcp_f32, 0 },
	{ "v_rsq_f32", FF, v_rsq_f32, 0 },
	{ "v_sqrt_f32", FF, v_sqrt_f32, 0 },
	{ "v_exp_f32", FF, v_exp_f32, 0 },
	{ "v_log_f32", FF, v_log_f32, 0 },
	{ "v_floor_f32", FF, v_floor_f32, 0 },
	{ "v_ceil_f32", FF, v_ceil_f32, 0 },
	{ "v_trunc_f32", FF, v_trunc_f32, 0 },
	{ "v_rndne_f32", FF, v_rndne_f32, 0 },
	{ "v_fract_f32", FF, v_fract_f32, 0 },
	{ "v_add_f64", DD, v_add_f64, 0 },
	{ "v_mul_f64", DD, v_mul_f64, 0 },
	{ "v_fma_f64", DD, v_fma_f64, 0 },
	{ "v_ldexp_f64", DD, v_ldexp_f64, 0 },
	{ "v_rcp_f64", DD, v_rcp_f64, 0 },
	{ "v_sqrt_f64", DD, v_sqrt_f64, 0 },
	{ "v_floor_f64", DD, v_floor_f64, 0 },
	{ "v_trunc_f64", DD, v_trunc_f64, 0 },
	{ "v_cvt_f32_i32", FO, v_cvt_f32_i32, 0 },
	{ "v_cvt_f32_u32", FO, v_cvt_f32_u32, 0 },
	{ "v_cvt_f32_ubyte0", FO, v_cvt_f32_ubyte, 0 },
	{ "v_cvt_f32_ubyte1", FO, v_cvt_f32_ubyte, 1 },
	{ "v_cvt_f32_ubyte2", FO, v_cvt_f32_ubyte, 2 },
	{ "v_cvt_f32_ubyte3", FO, v_cvt_f32_ubyte, 3 },
	{ "v_cvt_i32_f32", FI, v_cvt_i32_f32, 0 },
	{ "v_cvt_u32_f32", FI, v_cvt_u32_f32, 0 },
	{ "v_cvt_flr_i32_f32", FI, v_cvt_flr_i32_f32, 0 },
	{ "v_cvt_floor_i32_f32", FI, v_cvt_flr_i32_f32, 0 },
	{ "v_cvt_rpi_i32_f32", FI, v_cvt_rpi_i32_f32, 0 },
	{ "v_cvt_nearest_i32_f32", FI, v_cvt_rpi_i32_f32, 0 },
	{ "v_cvt_f64_i32", DO, v_cvt_f64_i32, 0 },
	{ "v_cvt_f64_u32", DO, v_cvt_f64_u32, 0 },
	{ "v_cvt_f32_f64", DI | FO, v_cvt_f32_f64, 0 },
	{ "v_cvt_f64_f32", FI | DO, v_cvt_f64_f32, 0 },
	{ "v_cvt_i32_f64", DI, v_cvt_i32_f64, 0 },
	{ "v_cvt_u32_f64", DI, v_cvt_u32_f64, 0 },
	/* VOPC (the relation as outcome bits: 1 less, 2 equal, 4 greater, 8 unordered) */
	CMPI("f", 0), CMPI("lt", 1), CMPI("eq", 2), CMPI("le", 3),
	CMPI("gt", 4), CMPI("ne", 5), CMPI("lg", 5), CMPI("ge", 6), CMPI("t", 7),
	CMPF("f", 0), CMPF("lt", 1), CMPF("eq", 2), CMPF("le", 3), CMPF("gt", 4),
	CMPF("lg", 5), CMPF("ge", 6), CMPF("o", 7), CMPF("u", 8), CMPF("nge", 9),
	CMPF("nlg", 10), CMPF("ngt", 11), CMPF("nle", 12), CMPF("neq", 13), CMPF("nlt", 14),
	CMPF("tru", 15), CMPF("t", 15),
	CMP2("class", "f32", cmp_class_f32, 0, FI),
	CMP2("class", "f64", cmp_class_f64, 0, DI),
};

int emu_dpp_lane(unsigned ctrl, unsigned l, unsigned lanes, bool gfx10)
{
	unsigned row = l & ~15u, i = l & 15, n = ctrl & 15;

	if (ctrl <= 0xff)
		return (int)((l & ~3u) | (ctrl >> (2 * (l & 3)) & 3));
	if (ctrl >= 0x101 && ctrl <= 0x10f)
		return i + n < 16 ? (int)(l + n) : -1;
	if (ctrl >= 0x111 && ctrl <= 0x11f)
		return i >= n ? (int)(l - n) : -1;
	if (ctrl >= 0x121 && ctrl <= 0x12f)
		return (int)(row | ((i - n) & 15));
	if (ctrl == 0x140)
		return (int)(row | (15 - i));
	if (ctrl == 0x141)
		return (int)((l & ~7u) | (7 - (l & 7)));
	if (gfx10) {
		/* RDNA3 ISA DPP16 dpp_ctrl: ROW_SHARE (0x150+n) reads lane n of the row, ROW_XMASK (0x160+n) lane i ^ n. */
		if (ctrl >= 0x150 && ctrl <= 0x15f)
			return (int)(row | n);
		if (ctrl >= 0x160 && ctrl <= 0x16f)
			return (int)(row | (i ^ n));
		return -2;
	}
	switch (ctrl) {
	case 0x130: return l + 1 < lanes ? (int)(l + 1) : -1;	/* wave_shl:1 */
	case 0x134: return (int)((l + 1) % lanes);		/* wave_rol:1 */
	case 0x138: return l ? (int)(l - 1) : -1;		/* wave_shr:1 */
	case 0x13c: return (int)((l + lanes - 1) % lanes);	/* wave_ror:1 */
	case 0x142: return l > 15 ? (int)((l & 0x30) - 1) : -1;	/* row_bcast:15 */
	case 0x143: return l > 31 ? (int)((l & 0x20) - 1) : -1;	/* row_bcast:31 */
	default: return -2;
	}
}

const struct emu_alu *emu_alu_find(const char *name)
{
	size_t n = strlen(name);

	if (n > 4 && (!strcmp(name + n - 4, "_e32") || !strcmp(name + n - 4, "_e64")))
		n -= 4;
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++)
		if (!strncmp(rows[i].name, name, n) && !rows[i].name[n])
			return &rows[i];
	return NULL;
}

/* Vega ISA §5.2 "Scalar ALU Operands", codes 240-248: 0.5, -0.5, 1, -1, 2, -2, 4, -4, 1/(2*pi). */
static const double fconst[] = { 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 };

uint32_t emu_fconst32(unsigned code)
{
	return code == 248 ? 0x3e22f983u : U32(f32_to_bits((float)fconst[code - 240]));
}

uint64_t emu_fconst64(unsigned code)
{
	return code == 248 ? 0x3fc45f306dc9c882ull : f64_to_bits(fconst[code - 240]);
}
