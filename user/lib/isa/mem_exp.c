// SPDX-License-Identifier: MIT
/*
 * EXP (GFX12: VEXPORT, "export") and the GFX11/12 LDS parameter loads as
 * llvm-objdump-19 prints them.
 */
#include "isa/mem.h"

/*
 * exp TARGET SRC0, SRC1, SRC2, SRC3: a source whose enable bit is clear is
 * "off"; with compr (GFX6-10) two 16-bit pairs travel in VSRC0 and VSRC1,
 * each shown for both of its enable bits.  Before GFX11 vm (bit 12) prints,
 * from GFX11 row_en (bit 13).  A target without a name on the level prints
 * as invalid_target_N, which LLVM still decodes.
 */
bool isa_print_exp(struct isa_ctx *c)
{
	unsigned en = isa_bits(c, 3, 0), tgt = isa_bits(c, 9, 4);
	bool old = c->level < VSHARP_GFX11, compr = old && isa_bits(c, 10, 10);
	const struct isa_exp_target *t = isa_exp_targets;

	if (c->level <= VSHARP_GFX7) {
		unsigned used = compr ? (en & 3 ? 1 : 0) | (en & 12 ? 2 : 0) : en;

		/* What llvm-mc-19 writes back: compr enables pairs, sources off are 0. */
		if (isa_bits(c, 25, 13) || (compr && en != 0 && en != 3 && en != 12 && en != 15))
			return isa_refuse(c, "EXP bits llvm-mc-19 would not encode");
		for (unsigned i = 0; i < 4; i++)
			if (!(used >> i & 1) && isa_bits(c, 39 + 8 * i, 32 + 8 * i))
				return isa_refuse(c, "EXP source %u is off but not 0", i);
	}
	while (t->name && !((t->levels & VSHARP_GFX_BIT(c->level)) && tgt >= t->first &&
			    tgt < t->first + t->count))
		t++;
	if (!t->name && c->level <= VSHARP_GFX7)
		return isa_refuse(c, "export target %u has no name llvm-mc-19 assembles", tgt);
	isa_put(c, "%s ", c->level >= VSHARP_GFX12 ? "export" : "exp");
	if (!t->name)
		isa_put(c, "invalid_target_%u", tgt);
	else if (t->base >= 0)
		isa_put(c, "%s%u", t->name, t->base + tgt - t->first);
	else
		isa_put(c, "%s", t->name);
	for (unsigned i = 0; i < 4; i++) {
		unsigned src = compr ? i / 2 : i;

		isa_put(c, i ? ", " : " ");
		if (en >> i & 1)
			isa_vgpr(c, isa_bits(c, 39 + 8 * src, 32 + 8 * src), 1);
		else
			isa_put(c, "off");
	}
	if (isa_bits(c, 11, 11))
		isa_put(c, " done");
	if (compr)
		isa_put(c, " compr");
	if (old && isa_bits(c, 12, 12))
		isa_put(c, " vm");
	if (!old && isa_bits(c, 13, 13))
		isa_put(c, " row_en");
	return true;
}

/* lds_param_load v1, attr2.y wait_vdst:N (GFX12: ds_*, wait_va_vdst:N wait_vm_vsrc:N) */
bool isa_print_ldsdir(struct isa_ctx *c)
{
	struct isa_mem m;

	if (!isa_mem_decode(c, "LDSDIR", isa_ldsdir_layouts, isa_ldsdir_ops, &m))
		return false;
	isa_put(c, " ");
	isa_vgpr(c, m.f[LDSDIR_VDST], 1);
	if (m.op->flags & LDSDIR_PARAM)
		isa_put(c, ", attr%u.%c", m.f[LDSDIR_ATTR], "xyzw"[m.f[LDSDIR_CHAN]]);
	if (c->level >= VSHARP_GFX12)
		isa_put(c, " wait_va_vdst:%u wait_vm_vsrc:%u", m.f[LDSDIR_WAIT], m.f[LDSDIR_VMVSRC]);
	else
		isa_put(c, " wait_vdst:%u", m.f[LDSDIR_WAIT]);
	return true;
}
