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
 * packed D16, one more with tfe (lwe alone adds none).  LLVM 19 sizes two
 * cases by the register classes it happens to have: a packed D16 gather4
 * with tfe takes 4 registers; an atomic takes its own size (cmpswap: a
 * pair) or twice that where channels + tfe say so, a 1-dword atomic 5
 * registers for 4, and its own size otherwise.
 */
static unsigned vdata_regs(const struct isa_ctx *c, const struct isa_mem *m)
{
	unsigned n = m->op->flags & MIMG_GATHER ? 4 : (unsigned)__builtin_popcount(m->f[MIMG_DMASK]);

	if (!n)
		n = 1;
	if (m->op->flags & MIMG_ATOMIC) {
		unsigned native = strstr(m->op->name, "cmpswap") ? 2 : 1;

		n += m->f[MIMG_TFE];
		if (n == native || n == 2 * native)
			return n;
		return native == 1 && n == 4 ? 5 : native;
	}
	if (m->f[MIMG_D16] && !c->target->d16_unpacked) {
		if ((m->op->flags & MIMG_GATHER) && m->f[MIMG_TFE])
			return 4;
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
	/* LLVM 19 checks a D16 gather4's four registers against v255 before halving. */
	if ((m.op->flags & MIMG_GATHER) && f[MIMG_VDATA] + 4 > 256)
		return isa_refuse(c, "%s: v%u + 4 registers is past v255", m.op->name, f[MIMG_VDATA]);
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
