// SPDX-License-Identifier: MIT
#include <math.h>
#include <string.h>

#include "vsharp/convert.h"
#include "vsharp/model.h"

/* Atomic operations as the ISA pseudo-code states them (R3 §15 MUBUF/DS). */

static int64_t as_signed(uint64_t v, unsigned bytes)
{
	return bytes == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

static uint64_t float_op(enum vsharp_atomic op, unsigned bytes, uint64_t old,
			 uint64_t src, uint64_t cmp)
{
	if (bytes == 4) {
		uint32_t o = (uint32_t)old, s = (uint32_t)src, c = (uint32_t)cmp, r;
		float fo, fs, fc, fr;

		memcpy(&fo, &o, 4);
		memcpy(&fs, &s, 4);
		memcpy(&fc, &c, 4);
		switch (op) {
		case VSHARP_ATOMIC_FCMPSWAP:
			return fo == fc ? s : o;
		case VSHARP_ATOMIC_FMIN:
			fr = fminf(fo, fs);
			break;
		case VSHARP_ATOMIC_FMAX:
			fr = fmaxf(fo, fs);
			break;
		default:
			fr = fo + fs;
			break;
		}
		memcpy(&r, &fr, 4);
		return r;
	} else {
		double fo, fs, fc, fr;
		uint64_t r;

		memcpy(&fo, &old, 8);
		memcpy(&fs, &src, 8);
		memcpy(&fc, &cmp, 8);
		switch (op) {
		case VSHARP_ATOMIC_FCMPSWAP:
			return fo == fc ? src : old;
		case VSHARP_ATOMIC_FMIN:
			fr = fmin(fo, fs);
			break;
		case VSHARP_ATOMIC_FMAX:
			fr = fmax(fo, fs);
			break;
		default:
			fr = fo + fs;
			break;
		}
		memcpy(&r, &fr, 8);
		return r;
	}
}

/*
 * One half of BUFFER_ATOMIC_PK_ADD_F16/BF16, memory value first (CDNA1
 * pseudo-code "tmp.f16 + DATA.f16"), by RDNA4 §13 "Float Memory Atomics":
 * round to nearest even whatever MODE says (§13.1), denormals kept (§13.2:
 * NoFlush in the L2 cache; the data fabric's register "should be set to No
 * flush"), and the "Float Add rules" of §13.3 for NaN and infinities.  The
 * guide gives the -QNaN of INF - INF for FP32 only (0xFFC00000); the 16-bit
 * forms take the same sign and quiet bit.  Both halves widen exactly to f32,
 * and f32 carries at least 2p + 2 bits of the 16-bit formats' p, so one f32
 * add rounded again to 16 bits equals the correctly rounded 16-bit sum.
 */
static uint16_t half_add(bool bf16, uint16_t a, uint16_t b)
{
	uint16_t exp = bf16 ? 0x7f80 : 0x7c00, quiet = bf16 ? 0x0040 : 0x0200;
	uint32_t ua, ub, ur;
	float fa, fb, fr;

	/* A NaN is above the infinity in magnitude. */
	if ((a & 0x7fff) > exp)
		return a | quiet;
	if ((b & 0x7fff) > exp)
		return b | quiet;
	if ((a & 0x7fff) == exp && (b & 0x7fff) == exp && a != b)
		return 0x8000 | exp | quiet;
	ua = bf16 ? (uint32_t)a << 16 : vsharp_f16_to_f32(a);
	ub = bf16 ? (uint32_t)b << 16 : vsharp_f16_to_f32(b);
	memcpy(&fa, &ua, 4);
	memcpy(&fb, &ub, 4);
	fr = fa + fb;
	memcpy(&ur, &fr, 4);
	if (!bf16)
		return vsharp_f32_to_f16(ur, VSHARP_ROUND_NEAREST_EVEN);
	/* Ties to even on bit 16; a carry out of the largest finite value gives Inf. */
	return (uint16_t)((ur + 0x7fff + (ur >> 16 & 1)) >> 16);
}

static uint32_t pk_add(bool bf16, uint32_t old, uint32_t src)
{
	return half_add(bf16, old & 0xffff, src & 0xffff) |
	       (uint32_t)half_add(bf16, old >> 16, src >> 16) << 16;
}

uint64_t vsharp_atomic_apply(enum vsharp_atomic op, unsigned bytes, uint64_t old,
			     uint64_t src, uint64_t cmp)
{
	uint64_t mask = bytes == 4 ? 0xffffffffull : ~0ull, r;

	old &= mask;
	src &= mask;
	cmp &= mask;
	switch (op) {
	case VSHARP_ATOMIC_SWAP: r = src; break;
	case VSHARP_ATOMIC_CMPSWAP: r = old == cmp ? src : old; break;
	case VSHARP_ATOMIC_ADD: r = old + src; break;
	case VSHARP_ATOMIC_SUB: r = old - src; break;
	case VSHARP_ATOMIC_RSUB: r = src - old; break;
	case VSHARP_ATOMIC_SMIN: r = as_signed(src, bytes) < as_signed(old, bytes) ? src : old; break;
	case VSHARP_ATOMIC_UMIN: r = src < old ? src : old; break;
	case VSHARP_ATOMIC_SMAX: r = as_signed(src, bytes) > as_signed(old, bytes) ? src : old; break;
	case VSHARP_ATOMIC_UMAX: r = src > old ? src : old; break;
	case VSHARP_ATOMIC_AND: r = old & src; break;
	case VSHARP_ATOMIC_OR: r = old | src; break;
	case VSHARP_ATOMIC_XOR: r = old ^ src; break;
	/* INC wraps to 0 past src, DEC reloads src at 0 or above src. */
	case VSHARP_ATOMIC_INC: r = old >= src ? 0 : old + 1; break;
	case VSHARP_ATOMIC_DEC: r = (old == 0 || old > src) ? src : old - 1; break;
	/* DS_MSKOR: DATA0 is the mask, DATA1 the bits to set. */
	case VSHARP_ATOMIC_MSKOR: r = (old & ~src) | cmp; break;
	/* RDNA2 §12 BUFFER_ATOMIC_CSUB; RDNA4 BUFFER_ATOMIC_COND_SUB_U32. */
	case VSHARP_ATOMIC_CSUB: r = old < src ? 0 : old - src; break;
	case VSHARP_ATOMIC_COND_SUB: r = old < src ? old : old - src; break;
	case VSHARP_ATOMIC_FCMPSWAP:
	case VSHARP_ATOMIC_FMIN:
	case VSHARP_ATOMIC_FMAX:
	case VSHARP_ATOMIC_FADD:
		r = float_op(op, bytes, old, src, cmp);
		break;
	case VSHARP_ATOMIC_PK_ADD_F16:
	case VSHARP_ATOMIC_PK_ADD_BF16:
		r = pk_add(op == VSHARP_ATOMIC_PK_ADD_BF16, (uint32_t)old, (uint32_t)src);
		break;
	default: r = old; break;
	}
	return r & mask;
}
