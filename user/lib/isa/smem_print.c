// SPDX-License-Identifier: MIT
/*
 * SMEM (GFX8 to GFX12) as llvm-objdump-19 prints it, SMRD (GFX6/7) as
 * llvm-mc-19 reads it: SDATA, SBASE, the
 * offset operands, the cache policy.  Field layouts from the AMD ISA guides'
 * "Microcode Formats" chapters (SMEM); which offset forms print how from
 * LLVM's AMDGPUInstPrinter (printSMRDOffset*, printSMEMOffset) as
 * llvm-objdump-19 shows them.
 */
#include "isa/mem.h"
#include "isa/smem.h"

#include <string.h>

static void hex_signed(struct isa_ctx *c, int32_t v)
{
	if (v < 0)
		isa_put(c, "-0x%x", (uint32_t)-(int64_t)v);
	else
		isa_put(c, "0x%x", (uint32_t)v);
}

static int32_t sext(uint32_t v, unsigned bits)
{
	return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

/*
 * An SGPR tuple of N dwords: LLVM aligns a 3-dword one as a 4-dword one,
 * refuses one past the last SGPR or trap temporary and prints a 3-dword
 * trap temporary tuple as a single register, which we refuse.
 */
static bool sregs(struct isa_ctx *c, unsigned code, unsigned n)
{
	unsigned sgprs = c->level >= VSHARP_GFX10 ? 106 : 102;
	unsigned ttmp = c->level >= VSHARP_GFX9 ? 108 : 112;
	unsigned first = n >= 3 ? code & ~3u : n == 2 ? code & ~1u : code;

	if (n == 3 && code >= sgprs)
		return isa_refuse(c, "a 3-dword tuple at %u", code);
	if ((first < sgprs && first + n > sgprs) ||
	    (first >= ttmp && first < 124 && first + n > 124))
		return isa_refuse(c, "%u-dword tuple at %u is past the last register", n, code);
	if (n == 3) {
		isa_sgpr(c, first, n);
		return true;
	}
	return isa_sdst(c, code, n);
}

/* The SGPR offset (soffset from GFX9, the offset field's low byte on GFX8). */
static bool soffset(struct isa_ctx *c, unsigned code)
{
	return isa_sdst(c, code, 1);
}

/*
 * GFX8: IMM selects a 20-bit byte offset or an SGPR in the offset field.
 * GFX9 adds SOE: an SGPR in the soffset field, with IMM also the offset.
 */
static bool offset_gfx8(struct isa_ctx *c)
{
	bool imm = isa_bits(c, 17, 17), soe = c->level == VSHARP_GFX9 && isa_bits(c, 14, 14);

	if (soe) {
		if (!soffset(c, isa_bits(c, 63, 57)))
			return false;
		if (imm)
		{
			isa_put(c, " offset:");
			hex_signed(c, sext(isa_bits(c, 52, 32), 21));
		}
		return true;
	}
	/* LLVM reads only the low 7 bits of the offset field as the SGPR */
	if (!imm)
		return soffset(c, isa_bits(c, 38, 32));
	if (c->level == VSHARP_GFX9)
		hex_signed(c, sext(isa_bits(c, 52, 32), 21));
	else
		isa_put(c, "0x%x", isa_bits(c, 51, 32));
	return true;
}

/*
 * GFX10 on: a signed byte offset (21 bits, 24 on GFX12) and soffset, whose
 * null code (125 on GFX10, 124 from GFX11) means none.  With an SGPR the
 * offset prints as offset: (GFX10/11 only when not 0); GFX10/11 print
 * neither as the null soffset.
 */
static bool offset_gfx10(struct isa_ctx *c)
{
	bool gfx12 = c->level >= VSHARP_GFX12;
	unsigned so = isa_bits(c, 63, 57), null = c->level >= VSHARP_GFX11 ? 124 : 125;
	int32_t off = gfx12 ? sext(isa_bits(c, 55, 32), 24) : sext(isa_bits(c, 52, 32), 21);

	if (so == null && !off && !gfx12) {
		isa_put(c, "null");
		return true;
	}
	if (so == null) {
		hex_signed(c, off);
		return true;
	}
	if (!soffset(c, so))
		return false;
	if (off || gfx12) {
		isa_put(c, " offset:");
		hex_signed(c, off);
	}
	return true;
}

/* Where each cache-policy letter's field lies, per level (GFX9's NV LLVM 19 ignores). */
static unsigned cpol_field(enum vsharp_gfx level, char letter, unsigned *width)
{
	*width = 1;
	if (letter == 'g')
		return level >= VSHARP_GFX11 ? 14 : 16;
	if (letter == 'l')
		return level >= VSHARP_GFX11 ? 13 : 14;
	*width = 2;
	return letter == 't' ? 23 : 21;
}

static bool cpol(struct isa_ctx *c, const char *letters)
{
	unsigned v[128] = { 0 }, w;

	if (strchr(letters, 'I') && isa_bits(c, 17, 17))
		return isa_refuse(c, "LLVM decodes this opcode only without IMM");
	for (const char *p = letters; *p; p++) {
		unsigned lo;
		char l = (char)(*p | 0x20);

		if (*p == 'I')
			continue;
		lo = cpol_field(c->level, l, &w);
		v[(unsigned char)l] = isa_bits(c, lo + w - 1, lo);
		if (*p != l && v[(unsigned char)l])
			return isa_refuse(c, "LLVM refuses this opcode with %c set", l);
	}
	if (c->level >= VSHARP_GFX12)
		isa_mem_cache(c, false, false, 0, 0, 0, v['t'], v['s']);
	else
		isa_mem_cache(c, false, false, v['g'], 0, v['l'], 0, 0);
	return true;
}

/*
 * SI/CI SMRD, one dword: IMM selects an 8-bit dword offset or an SGPR in
 * the offset field; CI's code 255 there is a 32-bit literal byte offset
 * (llvm-mc-19 encodes one only when it does not fit the 8 bits).  There is
 * no disassembler to compare with: what prints must assemble back to the
 * same dword, so fields an opcode does not print must be 0.
 */
static bool smrd(struct isa_ctx *c, const struct isa_smem_op *o)
{
	unsigned off = isa_bits(c, 7, 0), imm = isa_bits(c, 8, 8);
	const char *sep = " ";

	if ((!strchr(o->shape, 'd') && isa_bits(c, 21, 15)) ||
	    (!strchr(o->shape, 'b') && isa_bits(c, 14, 9)) ||
	    (!strchr(o->shape, 'o') && isa_bits(c, 8, 0)))
		return isa_refuse(c, "%s with a field it does not use set", o->name);
	/* llvm-mc-19 re-aligns a misaligned tuple and loads into no special register */
	if ((isa_bits(c, 21, 15) & (o->data >= 4 ? 3 : o->data - 1) && o->data) ||
	    (isa_bits(c, 14, 9) & 1 && o->base == 4))
		return isa_refuse(c, "a misaligned SGPR tuple");
	if (isa_bits(c, 21, 15) >= 104 && (isa_bits(c, 21, 15) < 112 || isa_bits(c, 21, 15) > 123))
		return isa_refuse(c, "SMRD data in a special register");
	if (o->base == 4 && isa_bits(c, 14, 9) << 1 >= 104 &&
	    (isa_bits(c, 14, 9) << 1 < 112 || isa_bits(c, 14, 9) << 1 > 123))
		return isa_refuse(c, "an SMRD resource quad in a special register");
	isa_put(c, "%s", o->name);
	for (const char *p = o->shape; *p; p++, sep = ", ") {
		isa_put(c, "%s", sep);
		if (*p == 'd' && !sregs(c, isa_bits(c, 21, 15), o->data))
			return false;
		if (*p == 'b' && !sregs(c, isa_bits(c, 14, 9) << 1, o->base))
			return false;
		if (*p != 'o')
			continue;
		if (imm) {
			isa_put(c, "0x%x", off);
		} else if (off == 255 && c->level == VSHARP_GFX7) {
			if (c->avail < 2)
				return isa_refuse(c, "SMRD literal past the end");
			if (c->w[1] <= 0xff)
				return isa_refuse(c, "llvm-mc-19 encodes offset 0x%x without the literal",
						  c->w[1]);
			c->words = 2;
			isa_put(c, "0x%x", c->w[1]);
		} else if (!soffset(c, off)) {
			return false;
		}
	}
	return true;
}

bool isa_print_smem(struct isa_ctx *c)
{
	const struct isa_smem_table *t = &isa_smem_tables[c->level];
	bool gfx12 = c->level >= VSHARP_GFX12;
	unsigned op = gfx12 ? isa_bits(c, 18, 13) : isa_bits(c, 25, 18);
	const struct isa_smem_op *o = op < t->count ? &t->ops[op] : NULL;
	const char *sep = " ";

	if (c->level <= VSHARP_GFX7)
		o = isa_bits(c, 26, 22) < t->count ? &t->ops[isa_bits(c, 26, 22)] : NULL;
	if (!o || !o->name)
		return isa_refuse(c, "SMEM opcode %u is no instruction on %s", op, c->target->name);
	if (c->level <= VSHARP_GFX7)
		return smrd(c, o);
	if (c->avail < 2)
		return isa_refuse(c, "SMEM needs 2 dwords");
	isa_put(c, "%s", o->name);
	for (const char *p = o->shape; *p; p++, sep = ", ") {
		isa_put(c, "%s", sep);
		if (*p == 'd' && !sregs(c, isa_bits(c, 12, 6), o->data))
			return false;
		/* an immediate operand: decimal up to 64, as LLVM prints an inline integer */
		if (*p == 'n' && isa_bits(c, 12, 6) > 31)
			return isa_refuse(c, "LLVM takes only 5 bits of SDATA here");
		if (*p == 'N' || *p == 'n')
			isa_put(c, isa_bits(c, 12, 6) <= 64 ? "%u" : "0x%x", isa_bits(c, 12, 6));
		if (*p == 'b' && !sregs(c, isa_bits(c, 5, 0) << 1, o->base))
			return false;
		if (*p == 'o' && !(c->level >= VSHARP_GFX10 ? offset_gfx10(c) : offset_gfx8(c)))
			return false;
		if (*p == 'P') {
			hex_signed(c, sext(isa_bits(c, 55, 32), 24));
			isa_put(c, ", ");
			if (!soffset(c, isa_bits(c, 63, 57)))
				return false;
		}
	}
	return cpol(c, o->cpol);
}
