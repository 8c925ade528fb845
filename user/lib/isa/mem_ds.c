// SPDX-License-Identifier: MIT
/*
 * DS (LDS/GDS) and GFX12's VDS as llvm-objdump-19 prints them: registers
 * vdst, addr, data0, data1 as the opcode uses them, then the offset (one
 * 16-bit offset, two 8-bit offset0/offset1, or ds_swizzle_b32's pattern)
 * and gds.
 */
#include <string.h>

#include "isa/mem.h"

/*
 * ds_swizzle_b32's offset: swizzle(QUAD_PERM,...) for 0x80xx, the bit-mask
 * names (SWAP, REVERSE, BROADCAST, BITMASK_PERM with one letter per lane-id
 * bit, high bit first) for offset[15] == 0, and the number otherwise
 * (LLVM 19 names no FFT or rotate mode).  AMDGPUInstPrinter::printSwizzle.
 */
static void swizzle_offset(struct isa_ctx *c, unsigned imm)
{
	unsigned and_mask = imm & 0x1f, or_mask = imm >> 5 & 0x1f, xor_mask = imm >> 10 & 0x1f;
	unsigned group = 32 - and_mask;

	if (!imm)
		return;
	isa_put(c, " offset:");
	if ((imm & 0xff00) == 0x8000) {
		isa_put(c, "swizzle(QUAD_PERM,%u,%u,%u,%u)", imm & 3, imm >> 2 & 3, imm >> 4 & 3,
			imm >> 6 & 3);
	} else if (imm & 0x8000) {
		isa_put(c, "%u", imm);
	} else if (and_mask == 0x1f && !or_mask && xor_mask && !(xor_mask & (xor_mask - 1))) {
		isa_put(c, "swizzle(SWAP,%u)", xor_mask);
	} else if (and_mask == 0x1f && !or_mask && xor_mask && !(xor_mask & (xor_mask + 1))) {
		isa_put(c, "swizzle(REVERSE,%u)", xor_mask + 1);
	} else if (group > 1 && !(group & (group - 1)) && or_mask < group && !xor_mask) {
		isa_put(c, "swizzle(BROADCAST,%u,%u)", group, or_mask);
	} else {
		unsigned p0 = or_mask ^ xor_mask, p1 = (and_mask | or_mask) ^ xor_mask;
		/* What llvm-mc-19 encodes the letters back to: 1 sets OR, p AND, i AND and XOR. */
		unsigned same = ~(p0 ^ p1) & 0x1f, canon = (p0 ^ p1) | (p0 & same) << 5 |
							   (p0 & ~same & 0x1f) << 10;

		/* GFX6/7 must round-trip through llvm-mc-19: a mask the letters lose prints as
		 * the number. */
		if (c->level <= VSHARP_GFX7 && canon != imm) {
			isa_put(c, "%u", imm);
			return;
		}
		isa_put(c, "swizzle(BITMASK_PERM,\"");
		for (unsigned bit = 0x10; bit; bit >>= 1)
			isa_put(c, "%c", (p0 & bit) == (p1 & bit) ? (p0 & bit ? '1' : '0') :
					 (p0 & bit ? 'i' : 'p'));
		isa_put(c, "\")");
	}
}

bool isa_print_ds(struct isa_ctx *c)
{
	static const uint8_t reg[4] = { DS_VDST, DS_ADDR, DS_DATA0, DS_DATA1 };
	struct isa_mem m;
	unsigned printed = 0;

	if (!isa_mem_decode(c, "DS", isa_ds_layouts, isa_ds_ops, &m))
		return false;
	/*
	 * GFX8/9 bit 25 is gfx90a's ACC (AccVGPR data): llvm-objdump-19 takes
	 * it where a VGPR is read or written and refuses it on the src2 forms,
	 * which have none (ds_min_src2_i64 0xdb8a8000 on gfx803 and gfx900).
	 */
	if (c->level >= VSHARP_GFX8 && c->level <= VSHARP_GFX9 && isa_bits(c, 25, 25) &&
	    strstr(m.op->name, "_src2_"))
		return isa_refuse(c, "%s sets bit 25 (ACC on gfx90a), which it has no VGPR data for",
				  m.op->name);
	for (unsigned i = 0; i < 4; i++)
		if (m.op->w[i] && !isa_mem_vgpr(c, &printed, m.f[reg[i]], m.op->w[i]))
			return false;
	if (m.op->flags & DS_SWIZZLE) {
		swizzle_offset(c, m.f[DS_OFFSET1] << 8 | m.f[DS_OFFSET0]);
	} else if (m.op->flags & DS_TWO) {
		if (m.f[DS_OFFSET0])
			isa_put(c, " offset0:%u", m.f[DS_OFFSET0]);
		if (m.f[DS_OFFSET1])
			isa_put(c, " offset1:%u", m.f[DS_OFFSET1]);
	} else if (m.f[DS_OFFSET0] | m.f[DS_OFFSET1]) {
		isa_put(c, " offset:%u", m.f[DS_OFFSET1] << 8 | m.f[DS_OFFSET0]);
	}
	if (m.f[DS_GDS])
		isa_put(c, " gds");
	return true;
}
