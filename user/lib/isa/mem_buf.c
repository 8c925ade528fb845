// SPDX-License-Identifier: MIT
/*
 * MUBUF, MTBUF and GFX12's VBUFFER as llvm-objdump-19 prints them:
 * vdata (none for an LDS load, one more register with tfe), vaddr or off,
 * the resource, soffset, then format, idxen, offen, addr64, offset, the
 * cache policy, lds, tfe.
 */
#include <string.h>

#include "isa/mem.h"
#include "vsharp/format.h"

/* GFX12 temporal hints: the names depend on what the instruction does. */
static const char *const th_load[8] = {
	NULL, "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU", "TH_LOAD_NT_RT", "TH_LOAD_RT_NT",
	"TH_LOAD_NT_HT", NULL,
};
static const char *const th_store[8] = {
	NULL, "TH_STORE_NT", "TH_STORE_HT", "TH_STORE_RT_WB", "TH_STORE_NT_RT",
	"TH_STORE_RT_NT", "TH_STORE_NT_HT", "TH_STORE_NT_WB",
};
static const char *const th_atomic[4] = {
	NULL, "TH_ATOMIC_RETURN", "TH_ATOMIC_NT", "TH_ATOMIC_NT_RETURN",
};
static const char *const scopes[4] = { NULL, "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS" };

void isa_mem_cache(struct isa_ctx *c, bool atomic, bool store, unsigned glc, unsigned slc,
		   unsigned dlc, unsigned th, unsigned scope)
{
	if (c->level < VSHARP_GFX12) {
		if (glc)
			isa_put(c, " glc");
		if (slc)
			isa_put(c, " slc");
		if (dlc)
			isa_put(c, " dlc");
		return;
	}
	if (th) {
		/* LLVM's AMDGPUInstPrinter::printTH: an atomic's CASCADE bit (4) is
		 * named only from SCOPE_DEV up, and TH 3 of a load or store is BYPASS
		 * under SCOPE_SYS. */
		if (atomic && th < 4)
			isa_put(c, " th:%s", th_atomic[th]);
		else if (atomic && scope >= 2)
			isa_put(c, " th:TH_ATOMIC_CASCADE_%s", th & 2 ? "NT" : "RT");
		else if (atomic)
			isa_put(c, " th:TH_ATOMIC_0x%x", th);
		else if (th == 3 && scope == 3)
			isa_put(c, " th:%s", store ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS");
		else if ((store ? th_store : th_load)[th])
			isa_put(c, " th:%s", (store ? th_store : th_load)[th]);
		else
			isa_put(c, " th:0x%x", th);
	}
	if (scope)
		isa_put(c, " scope:%s", scopes[scope]);
}

/*
 * The format: before GFX10 DFMT in [3:0] and NFMT in [6:4] by name, each
 * left out at its default (BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM); from
 * GFX10 the unified format by name, or its number where the level has none,
 * left out at BUF_FMT_8_UNORM (1).
 */
static bool tformat(struct isa_ctx *c, unsigned code)
{
	static const char *const nfmt9[8] = {
		"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT",
	};
	struct vsharp_format f;
	char name[40];

	if (c->level < VSHARP_GFX10) {
		unsigned d = code & 15, nf = code >> 4 & 7;

		/* llvm-mc-19 has no GFX6/7 name for NFMT 6 or DFMT 15. */
		if (c->level <= VSHARP_GFX7 && (nf == 6 || d == 15))
			return isa_refuse(c, "DFMT 15 and NFMT 6 are reserved");

		if (d == 1 && nf == 0)
			return true;
		isa_put(c, " format:[");
		if (d != 1)
			isa_put(c, "BUF_DATA_FORMAT_%s", d == 0 ? "INVALID" : d == 15 ? "RESERVED_15" :
				vsharp_dfmt_name((enum vsharp_dfmt)d));
		if (nf != 0)
			isa_put(c, "%sBUF_NUM_FORMAT_%s", d != 1 ? "," : "", nfmt9[nf]);
		isa_put(c, "]");
		return true;
	}
	if (code == 1)
		return true;
	if (code == 0)
		isa_put(c, " format:[BUF_FMT_INVALID]");
	else if (vsharp_format_from_unified(c->level, code, &f) && f.dfmt != VSHARP_DFMT_INVALID)
		isa_put(c, " format:[BUF_FMT_%s]", vsharp_format_name(f, name, sizeof(name)));
	else
		isa_put(c, " format:%u", code);
	return true;
}

static bool print_buf(struct isa_ctx *c, const char *format, const struct isa_mem_layout *layouts,
		      const struct isa_mem_op *ops)
{
	struct isa_mem m;
	const uint32_t *f = m.f;
	unsigned printed = 0, flags, vaddr, rsrc, vdata;

	if (!isa_mem_decode(c, format, layouts, ops, &m))
		return false;
	flags = m.op->flags;
	if (flags & BUF_BARE)
		return true;
	if (f[BUF_LDS] && f[BUF_TFE])
		return isa_refuse(c, "%s with both lds and tfe", m.op->name);
	vaddr = f[BUF_ADDR64] ? 2 : f[BUF_OFFEN] + f[BUF_IDXEN];
	if (c->level <= VSHARP_GFX7 && f[BUF_ADDR64] && (f[BUF_OFFEN] | f[BUF_IDXEN]))
		return isa_refuse(c, "%s with addr64 and offen or idxen", m.op->name);
	if (c->level <= VSHARP_GFX7 && !vaddr && f[BUF_VADDR])
		return isa_refuse(c, "%s sets VADDR without offen, idxen or addr64", m.op->name);
	if (c->level <= VSHARP_GFX7 && f[BUF_LDS] && f[BUF_VDATA])
		return isa_refuse(c, "%s to LDS sets VDATA", m.op->name);
	if (c->level <= VSHARP_GFX7 && (flags & BUF_STORE) && f[BUF_TFE])
		return isa_refuse(c, "%s with tfe (llvm-mc-19 refuses it)", m.op->name);
	/* An LDS load writes no VGPR and prints none. */
	/* The GFX8 rows are gfx803's, whose D16 data is unpacked; gfx810 packs two halves per VGPR
	 * (struct vsharp_target.d16_unpacked). */
	vdata = m.op->w[0];
	if (c->level == VSHARP_GFX8 && !c->target->d16_unpacked && strstr(m.op->name, "_d16_"))
		vdata = (vdata + 1) / 2;
	if (!f[BUF_LDS] && vdata && !isa_mem_vgpr(c, &printed, f[BUF_VDATA], vdata + f[BUF_TFE]))
		return false;
	if (vaddr) {
		if (!isa_mem_vgpr(c, &printed, f[BUF_VADDR], vaddr))
			return false;
	} else {
		isa_put(c, printed ? ", off" : " off");
	}
	/* The resource is a quad: its index before GFX12, then an SGPR number whose low bits
	 * LLVM ignores. */
	rsrc = c->level >= VSHARP_GFX12 ? f[BUF_SRSRC] & ~3u : f[BUF_SRSRC] * 4;
	if (isa_mem_sgpr_past(c, rsrc, 4) || (c->level >= VSHARP_GFX12 && rsrc == 124))
		return isa_refuse(c, "%s: the resource is no SGPR quad (code %u)", m.op->name, rsrc);
	/* llvm-objdump-19 refuses a literal SOFFSET before GFX10 */
	if (c->level <= VSHARP_GFX9 && f[BUF_SOFFSET] == 255)
		return isa_refuse(c, "%s: SOFFSET takes no literal before GFX10", m.op->name);
	isa_put(c, ", ");
	if (!isa_src(c, rsrc, 4, ISA_B32))
		return false;
	isa_put(c, ", ");
	if (!isa_src(c, f[BUF_SOFFSET], 1, ISA_B32))
		return false;
	if ((flags & BUF_FORMAT) && !tformat(c, f[BUF_FMT]))
		return false;
	if (f[BUF_IDXEN])
		isa_put(c, " idxen");
	if (f[BUF_OFFEN])
		isa_put(c, " offen");
	if (f[BUF_ADDR64])
		isa_put(c, " addr64");
	/* GFX12's offset is 24 bits signed. */
	if (f[BUF_OFFSET] && c->level >= VSHARP_GFX12)
		isa_put(c, " offset:%d", (int32_t)(f[BUF_OFFSET] << 8) >> 8);
	else if (f[BUF_OFFSET])
		isa_put(c, " offset:%u", f[BUF_OFFSET]);
	isa_mem_cache(c, flags & BUF_ATOMIC, flags & BUF_STORE, f[BUF_GLC], f[BUF_SLC],
		      f[BUF_DLC], f[BUF_TH], f[BUF_SCOPE]);
	if (f[BUF_LDS])
		isa_put(c, " lds");
	if (f[BUF_TFE])
		isa_put(c, " tfe");
	return true;
}

bool isa_print_mubuf(struct isa_ctx *c)
{
	return print_buf(c, c->level >= VSHARP_GFX12 ? "VBUFFER" : "MUBUF", isa_mubuf_layouts,
			 isa_mubuf_ops);
}

bool isa_print_mtbuf(struct isa_ctx *c)
{
	return print_buf(c, "MTBUF", isa_mtbuf_layouts, isa_mtbuf_ops);
}
