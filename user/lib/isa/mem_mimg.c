// SPDX-License-Identifier: MIT
/*
 * MIMG of GFX6-10.3 as llvm-objdump-19 prints it: vdata, vaddr, the
 * resource (8 SGPRs), the sampler (4) where the opcode samples, then the
 * modifiers.  GFX10's address count follows from the opcode, dim and a16
 * (generated table); its NSA form lists the addresses one register each,
 * the first in VADDR and the others a byte each in NSA extra dwords (GFX11:
 * one dword, its fourth byte a range holding the addresses left).  GFX12's
 * VIMAGE and VSAMPLE have only address lists, three dwords long.
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
/* An atomic's channels (+ tfe) are its own size or twice it where LLVM has a variant. */
static bool atomic_fits(const struct isa_mem *m)
{
	unsigned native = strstr(m->op->name, "cmpswap") ? 2 : 1;
	unsigned n = (unsigned)__builtin_popcount(m->f[MIMG_DMASK]);

	n = (n ? n : 1) + m->f[MIMG_TFE];
	return n == native || n == 2 * native;
}

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

/* The address operand of GFX10+: a register range, or NSA's list. */
static const struct isa_mimg_addr *find_addr(const struct isa_ctx *c,
					    const struct isa_mimg_addr *a, const struct isa_mem *m)
{
	unsigned bit = VSHARP_GFX_BIT(c->level);

	while (a->levels && !(a->op == m->op->op && (a->levels & bit)))
		a++;
	return a;
}

/* GFX12 address field I: VADDR0-3 are dword 2's bytes, VIMAGE's VADDR4 bits 63:56. */
static unsigned vaddr12(const struct isa_ctx *c, unsigned i)
{
	return i < 4 ? isa_bits(c, 64 + 8 * i + 7, 64 + 8 * i) : isa_bits(c, 63, 56);
}

/*
 * GFX12: the fields list one register each, the last a range holding the
 * rest; one address prints without brackets.
 */
static bool print_addr12(struct isa_ctx *c, const struct isa_mem *m,
			 const struct isa_mimg_addr *a, unsigned fields)
{
	unsigned a16 = m->f[MIMG_A16], dim = m->f[MIMG_DIM];
	unsigned n = a->levels ? a->n[a16][dim] : 0, used, top = fields;

	if (!n)
		return isa_refuse(c, "%s: no address form for dim %u%s", m->op->name, dim,
				  a16 ? " with a16" : "");
	used = n < fields ? n : fields;
	while (top > 1 && !vaddr12(c, top - 1))
		top--;
	if (!(a->regs[a16][dim] & 1u << (top - 1)))
		return isa_refuse(c, "%s: LLVM 19 reads %u address fields for %u addresses",
				  m->op->name, top, n);
	isa_put(c, used > 1 ? ", [" : ", ");
	for (unsigned i = 0; i < used; i++) {
		unsigned v = vaddr12(c, i), regs = i + 1 == used ? n - i : 1;

		if (v + regs > 256)
			return isa_refuse(c, "%s: v[%u:%u] is past v255", m->op->name, v,
					  v + regs - 1);
		isa_put(c, i ? ", " : "");
		isa_vgpr(c, v, regs);
	}
	isa_put(c, used > 1 ? "]" : "");
	return true;
}

static bool print_addr(struct isa_ctx *c, const struct isa_mem *m, unsigned *printed)
{
	const uint32_t *f = m->f;
	const struct isa_mimg_addr *a = find_addr(c, isa_mimg_addrs, m);
	unsigned n;

	n = a->levels ? (f[MIMG_NSA] ? a->n : a->regs)[f[MIMG_A16]][f[MIMG_DIM]] : 0;
	if (!n)
		return isa_refuse(c, "%s: no %saddress form for dim %u%s", m->op->name,
				  f[MIMG_NSA] ? "NSA " : "", f[MIMG_DIM], f[MIMG_A16] ? " with a16" : "");
	if (!f[MIMG_NSA])
		return isa_mem_vgpr(c, printed, f[MIMG_VADDR], n);
	/* LLVM decodes other NSA lengths as other opcodes' shapes: refused. */
	if (c->level >= VSHARP_GFX11 ? n < 2 : f[MIMG_NSA] != (n + 2) / 4)
		return isa_refuse(c, "%s: %u NSA dwords for %u addresses", m->op->name,
				  f[MIMG_NSA], n);
	if (c->avail < c->words + f[MIMG_NSA])
		return isa_refuse(c, "%s: NSA address dwords past the end", m->op->name);
	isa_put(c, ", [");
	for (unsigned i = 0; i < n; i++) {
		unsigned v = i ? c->w[c->words + (i - 1) / 4] >> (i - 1) % 4 * 8 & 0xff
			       : f[MIMG_VADDR];
		/* GFX11's fifth address is a range holding all the rest. */
		unsigned regs = c->level >= VSHARP_GFX11 && i == 4 ? n - 4 : 1;

		if (v + regs > 256)
			return isa_refuse(c, "%s: v[%u:%u] is past v255", m->op->name, v,
					  v + regs - 1);
		isa_put(c, i ? ", " : "");
		isa_vgpr(c, v, regs);
		i += regs - 1;
	}
	isa_put(c, "]");
	c->words += f[MIMG_NSA];
	return true;
}

/* GFX10's dim names, SQ_RSRC_IMG_* of the AMD RDNA ISA guide's MIMG chapter */
static const char *const dims[8] = {
	"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"
};

static const struct gfx12_enc {
	const char *name;
	const struct isa_mem_layout *layouts;
	const struct isa_mem_op *ops;
	const struct isa_mimg_addr *addrs;
	unsigned fields;
} gfx12[] = {
	{ "VIMAGE", isa_vimage_layouts, isa_vimage_ops, isa_vimage_addrs, 5 },
	{ "VSAMPLE", isa_vsample_layouts, isa_vsample_ops, isa_vsample_addrs, 4 },
};

bool isa_print_mimg(struct isa_ctx *c)
{
	struct isa_mem m;
	const uint32_t *f = m.f;
	unsigned printed = 0, vdata;
	/* GFX12: VIMAGE (0x34 in bits 31:26, five address fields) or VSAMPLE (four) */
	bool vimage = isa_bits(c, 31, 26) == 0x34;
	const struct gfx12_enc *e = c->level < VSHARP_GFX12 ? NULL : &gfx12[vimage ? 0 : 1];

	if (e ? !isa_mem_decode(c, e->name, e->layouts, e->ops, &m)
	      : !isa_mem_decode(c, "MIMG", isa_mimg_layouts, isa_mimg_ops, &m))
		return false;
	if (m.op->flags & MIMG_BARE)
		return true;
	/* LLVM 19 has no GFX10 gather4 variant for packed D16's 2 + 1 registers and prints the
	 * shape of the first one it decoded. */
	if (c->level >= VSHARP_GFX10 && (m.op->flags & MIMG_GATHER) && f[MIMG_D16] && f[MIMG_TFE])
		return isa_refuse(c, "%s: LLVM 19 has no variant for d16 with tfe", m.op->name);
	if (c->level >= VSHARP_GFX10 && (m.op->flags & MIMG_ATOMIC) && !atomic_fits(&m))
		return isa_refuse(c, "%s: LLVM 19 has no variant for dmask 0x%x%s", m.op->name,
				  f[MIMG_DMASK], f[MIMG_TFE] ? " with tfe" : "");
	if (isa_mem_sgpr_past(c, f[MIMG_SRSRC] * 4, 8) ||
	    ((m.op->flags & MIMG_SAMPLER) && isa_mem_sgpr_past(c, f[MIMG_SSAMP] * 4, 4)))
		return isa_refuse(c, "%s: an SGPR tuple runs past the SGPRs", m.op->name);
	vdata = vdata_regs(c, &m);
	/* LLVM 19 checks a D16 gather4's four registers against v255 before halving. */
	if ((m.op->flags & MIMG_GATHER) && f[MIMG_VDATA] + 4 > 256)
		return isa_refuse(c, "%s: v%u + 4 registers is past v255", m.op->name, f[MIMG_VDATA]);
	if (!isa_mem_vgpr(c, &printed, f[MIMG_VDATA], vdata))
		return false;
	if (e ? !print_addr12(c, &m, find_addr(c, e->addrs, &m), e->fields)
	      : c->level >= VSHARP_GFX10 ? !print_addr(c, &m, &printed)
					 : !isa_mem_vgpr(c, &printed, f[MIMG_VADDR], m.op->w[1]))
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
	if (c->level >= VSHARP_GFX10)
		isa_put(c, " dim:SQ_RSRC_IMG_%s", dims[f[MIMG_DIM]]);
	if (f[MIMG_UNORM])
		isa_put(c, " unorm");
	isa_mem_cache(c, m.op->flags & MIMG_ATOMIC, strstr(m.op->name, "_store"), f[MIMG_GLC],
		      f[MIMG_SLC], f[MIMG_DLC], f[MIMG_TH], f[MIMG_SCOPE]);
	if (f[MIMG_R128])
		isa_put(c, c->level == VSHARP_GFX9 ? " a16" : " r128");
	if (f[MIMG_A16])
		isa_put(c, " a16");
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
