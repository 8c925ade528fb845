// SPDX-License-Identifier: MIT
/*
 * FLAT, GLOBAL and SCRATCH (GFX12: VFLAT, VGLOBAL, VSCRATCH) as
 * llvm-objdump-19 prints them: vdst (an atomic's only when it returns),
 * vaddr or off, vdata, saddr or off, offset, cache policy.
 */
#include "isa/mem.h"

/*
 * The address: FLAT's is 64 bits; GLOBAL's too unless SADDR holds the
 * base; SCRATCH's is one VGPR where used: when SADDR is off on GFX9/10, with
 * SVE from GFX11.  Returns the VGPRs, 0 for "off".
 */
static unsigned vaddr_regs(const struct isa_ctx *c, const struct isa_mem *m)
{
	bool saddr = m->set & 1u << FLAT_SADDR;

	if (!m->op->w[1] && !(m->op->flags & FLAT_SCRATCH))
		return 0;	/* the addtid loads and stores address by lane */
	if (m->op->flags & FLAT_GLOBAL)
		return saddr ? 1 : 2;
	if (!(m->op->flags & FLAT_SCRATCH))
		return 2;
	if (c->level >= VSHARP_GFX11)
		return m->f[FLAT_SVE] ? 1 : 0;
	return saddr ? 0 : 1;
}

/*
 * GLOBAL's SADDR is a pair whose low bit LLVM ignores for SGPRs (GFX9: to
 * s101, GFX10+: s105) and TTMPs; an odd special register (flat_scratch_hi,
 * xnack_mask_hi, vcc_hi, m0) it refuses: left odd for isa_src to refuse.
 */
static unsigned saddr_code(const struct isa_ctx *c, const struct isa_mem *m)
{
	unsigned code = m->f[FLAT_SADDR];
	unsigned sgprs = isa_sgpr_count(c->level);

	if ((m->op->flags & FLAT_GLOBAL) && (code < sgprs || (code >= 108 && code < 124)))
		return code & ~1u;
	return code;
}

bool isa_print_flat(struct isa_ctx *c)
{
	struct isa_mem m;
	const uint32_t *f = m.f;
	unsigned printed = 0, flags, vaddr;
	bool seg = c->level >= VSHARP_GFX9, rtn;

	if (c->level == VSHARP_GFX6)
		return isa_refuse(c, "GFX6 has no FLAT");
	if (!isa_mem_decode(c, "FLAT", isa_flat_layouts, isa_flat_ops, &m))
		return false;
	flags = m.op->flags;
	if (c->level <= VSHARP_GFX7 && f[FLAT_OFFSET])
		return isa_refuse(c, "GFX7 FLAT has no offset");
	if (c->level <= VSHARP_GFX7 && (flags & FLAT_ATOMIC) && !f[FLAT_GLC] && f[FLAT_VDST])
		return isa_refuse(c, "%s returns nothing but sets VDST", m.op->name);
	if ((flags & FLAT_SADDR0) && f[FLAT_SADDR])
		return isa_refuse(c, "%s needs SADDR 0", m.op->name);
	/* LLVM 19 ignores GFX9's NV bit (55; quiet, so read here) except with lds. */
	if (c->level == VSHARP_GFX9 && f[FLAT_LDS] && isa_bits(c, 55, 55))
		return isa_refuse(c, "%s: LLVM 19 has no lds form with bit 55 set", m.op->name);
	rtn = c->level >= VSHARP_GFX12 ? f[FLAT_TH] & 1 : f[FLAT_GLC];
	/* A load to LDS writes no VGPR. */
	if (m.op->w[0] && !f[FLAT_LDS] && (!(flags & FLAT_ATOMIC) || rtn) &&
	    !isa_mem_vgpr(c, &printed, f[FLAT_VDST], m.op->w[0]))
		return false;
	vaddr = vaddr_regs(c, &m);
	if (vaddr) {
		if (!isa_mem_vgpr(c, &printed, f[FLAT_ADDR], vaddr))
			return false;
	} else if (m.op->w[1] || (flags & FLAT_SCRATCH)) {
		isa_put(c, printed ? ", off" : " off");
		printed++;
	}
	if (m.op->w[2] && !isa_mem_vgpr(c, &printed, f[FLAT_DATA], m.op->w[2]))
		return false;
	/* GFX12's global_inv/global_wb take no address: no SADDR either. */
	if (seg && (flags & (FLAT_GLOBAL | FLAT_SCRATCH)) && (printed || vaddr)) {
		/* GFX10.3 SCRATCH reads SADDR 0x7f (exec_hi) as off too, as LLVM 19 prints it (GFX10.1: exec_hi). */
		if (!(m.set & 1u << FLAT_SADDR) ||
		    ((flags & FLAT_SCRATCH) && f[FLAT_SADDR] == 0x7f &&
		     c->level == VSHARP_GFX10_3))
			isa_put(c, ", off");
		else if (isa_put(c, ", "), !isa_src(c, saddr_code(c, &m), flags & FLAT_GLOBAL ? 2 : 1,
						     ISA_B32))
			return false;
	}
	if (f[FLAT_OFFSET]) {
		/* Signed for GLOBAL and SCRATCH and from GFX12 for FLAT too; GFX7/8 FLAT
		 * has 13 bits LLVM prints though the hardware has no offset. */
		unsigned bits = c->level >= VSHARP_GFX12 ? 24 : c->level >= VSHARP_GFX11 ? 13 :
				c->level >= VSHARP_GFX10 ? 12 : 13;

		if (c->level >= VSHARP_GFX12 || (flags & (FLAT_GLOBAL | FLAT_SCRATCH)))
			isa_put(c, " offset:%d",
				(int32_t)(f[FLAT_OFFSET] << (32 - bits)) >> (32 - bits));
		else
			isa_put(c, " offset:%u", f[FLAT_OFFSET]);
	}
	isa_mem_cache(c, flags & FLAT_ATOMIC, flags & FLAT_STORE, f[FLAT_GLC], f[FLAT_SLC],
		      f[FLAT_DLC], f[FLAT_TH], f[FLAT_SCOPE]);
	if (f[FLAT_LDS])
		isa_put(c, " lds");
	return true;
}
