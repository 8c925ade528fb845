// SPDX-License-Identifier: MIT
/*
 * MIMG of GFX6-9 as llvm-objdump-19 prints it: vdata, vaddr, the resource
 * (8 SGPRs), the sampler (4) where the opcode samples, then dmask, unorm,
 * glc, slc, r128 (GFX9: a16), tfe, lwe, da, d16.  GFX10's NSA and dim and
 * GFX11/12's VIMAGE/VSAMPLE are not decoded yet.
 */
#include <string.h>

#include "isa/mem.h"

/*
 * vdata: one register per dmask channel (gather4 always 4), halved for
 * packed D16, one more with tfe (lwe alone adds none).  LLVM 19 prints an
 * atomic's data only at its own size or the returning size twice that
 * (cmpswap's data is a pair); other dmask/tfe mixes of an atomic, and a
 * packed D16 gather4 with tfe, print register counts it has no reason for,
 * so they are refused (0).
 */
static unsigned vdata_regs(const struct isa_ctx *c, const struct isa_mem *m)
{
	unsigned n = m->op->flags & MIMG_GATHER ? 4 : (unsigned)__builtin_popcount(m->f[MIMG_DMASK]);

	if (!n)
		n = 1;
	if (m->op->flags & MIMG_ATOMIC) {
		unsigned native = strstr(m->op->name, "cmpswap") ? 2 : 1;

		n += m->f[MIMG_TFE];
		return n == native || n == 2 * native ? n : 0;
	}
	if (m->f[MIMG_D16] && !c->target->d16_unpacked) {
		/* LLVM 19 prints a packed gather4 with tfe or lwe oddly. */
		if ((m->op->flags & MIMG_GATHER) && (m->f[MIMG_TFE] || m->f[MIMG_LWE]))
			return 0;
		n = (n + 1) / 2;
	}
	return n + m->f[MIMG_TFE];
}

bool isa_print_mimg(struct isa_ctx *c)
{
	struct isa_mem m;
	const uint32_t *f = m.f;
	unsigned printed = 0, vdata;

	if (c->level >= VSHARP_GFX10)
		return isa_refuse(c, "MIMG of %s is not decoded yet", c->target->name);
	if (!isa_mem_decode(c, "MIMG", isa_mimg_layouts, isa_mimg_ops, &m))
		return false;
	if (m.op->flags & MIMG_BARE)
		return true;
	vdata = vdata_regs(c, &m);
	if (!vdata)
		return isa_refuse(c, "%s with dmask 0x%x%s", m.op->name, f[MIMG_DMASK],
				  f[MIMG_TFE] ? " and tfe" : "");
	if (!isa_mem_vgpr(c, &printed, f[MIMG_VDATA], vdata) ||
	    !isa_mem_vgpr(c, &printed, f[MIMG_VADDR], m.op->w[1]))
		return false;
	isa_put(c, ", ");
	if (!isa_src(c, f[MIMG_SRSRC] * 4, 8, ISA_B32))
		return false;
	if (m.op->flags & MIMG_SAMPLER) {
		isa_put(c, ", ");
		if (!isa_src(c, f[MIMG_SSAMP] * 4, 4, ISA_B32))
			return false;
	}
	if (f[MIMG_DMASK])
		isa_put(c, " dmask:0x%x", f[MIMG_DMASK]);
	if (f[MIMG_UNORM])
		isa_put(c, " unorm");
	isa_mem_cache(c, false, false, f[MIMG_GLC], f[MIMG_SLC], 0, 0, 0);
	if (f[MIMG_R128])
		isa_put(c, c->level >= VSHARP_GFX9 ? " a16" : " r128");
	if (f[MIMG_TFE])
		isa_put(c, " tfe");
	if (f[MIMG_LWE])
		isa_put(c, " lwe");
	if (f[MIMG_DA])
		isa_put(c, " da");
	if (f[MIMG_D16])
		isa_put(c, " d16");
	return true;
}
