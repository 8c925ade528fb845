// SPDX-License-Identifier: MIT
/*
 * The disassembler's entry: which microcode format a first dword is, per
 * level, then that format's printer.  Format patterns are the ENCODING
 * fields of the AMD ISA guides' "Microcode Formats" chapters (Southern
 * Islands, Sea Islands, GCN3, Vega, RDNA1-4), checked with llvm-mc-19
 * -show-encoding.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/print.h"
#include "base/util.h"

struct enc {
	uint32_t mask, match;
	uint8_t words;		/* without literal */
	isa_printer *print;
};

/* First match wins: SOP1/SOPC/SOPP/SOPK share SOP2's top bits, VOP1/VOPC VOP2's. */
#define SCALAR_ENCS \
	{ 0xff800000, 0xbe800000, 1, isa_print_sop1 }, \
	{ 0xff800000, 0xbf000000, 1, isa_print_sopc }, \
	{ 0xff800000, 0xbf800000, 1, isa_print_sopp }, \
	{ 0xf0000000, 0xb0000000, 1, isa_print_sopk }, \
	{ 0xc0000000, 0x80000000, 1, isa_print_sop2 }, \
	{ 0xfe000000, 0x7e000000, 1, isa_print_vop1 }, \
	{ 0xfe000000, 0x7c000000, 1, isa_print_vopc }, \
	{ 0x80000000, 0x00000000, 1, isa_print_vop2 }

static const struct enc encs_gfx6[] = {		/* GFX6, GFX7 */
	SCALAR_ENCS,
	{ 0xf8000000, 0xc0000000, 1, isa_print_smem },		/* SMRD */
	{ 0xfc000000, 0xc8000000, 1, isa_print_vinterp },	/* VINTRP */
	{ 0xfc000000, 0xd0000000, 2, isa_print_vop3 },
	{ 0xfc000000, 0xd8000000, 2, isa_print_ds },
	{ 0xfc000000, 0xdc000000, 2, isa_print_flat },		/* GFX7 only: the printer refuses GFX6 */
	{ 0xfc000000, 0xe0000000, 2, isa_print_mubuf },
	{ 0xfc000000, 0xe8000000, 2, isa_print_mtbuf },
	{ 0xfc000000, 0xf0000000, 2, isa_print_mimg },
	{ 0xfc000000, 0xf8000000, 2, isa_print_exp },
	{ 0, 0, 0, NULL }
};

static const struct enc encs_gfx8[] = {		/* GFX8, GFX9 */
	SCALAR_ENCS,
	{ 0xfc000000, 0xc0000000, 2, isa_print_smem },
	{ 0xfc000000, 0xc4000000, 2, isa_print_exp },
	{ 0xfc000000, 0xd4000000, 1, isa_print_vinterp },	/* VINTRP */
	{ 0xff800000, 0xd3800000, 2, isa_print_vop3p },	/* GFX9 only: the printer refuses GFX8 */
	{ 0xfc000000, 0xd0000000, 2, isa_print_vop3 },
	{ 0xfc000000, 0xd8000000, 2, isa_print_ds },
	{ 0xfc000000, 0xdc000000, 2, isa_print_flat },
	{ 0xfc000000, 0xe0000000, 2, isa_print_mubuf },
	{ 0xfc000000, 0xe8000000, 2, isa_print_mtbuf },
	{ 0xfc000000, 0xf0000000, 2, isa_print_mimg },
	{ 0, 0, 0, NULL }
};

static const struct enc encs_gfx10[] = {	/* GFX10, GFX10.3 */
	SCALAR_ENCS,
	{ 0xfc000000, 0xf4000000, 2, isa_print_smem },
	{ 0xfc000000, 0xc8000000, 1, isa_print_vinterp },	/* VINTRP */
	{ 0xfc000000, 0xcc000000, 2, isa_print_vop3p },
	{ 0xfc000000, 0xd4000000, 2, isa_print_vop3 },
	{ 0xfc000000, 0xd8000000, 2, isa_print_ds },
	{ 0xfc000000, 0xdc000000, 2, isa_print_flat },
	{ 0xfc000000, 0xe0000000, 2, isa_print_mubuf },
	{ 0xfc000000, 0xe8000000, 2, isa_print_mtbuf },
	{ 0xfc000000, 0xf0000000, 2, isa_print_mimg },
	{ 0xfc000000, 0xf8000000, 2, isa_print_exp },
	{ 0, 0, 0, NULL }
};

static const struct enc encs_gfx11[] = {
	SCALAR_ENCS,
	{ 0xfc000000, 0xf4000000, 2, isa_print_smem },
	{ 0xfc000000, 0xc8000000, 2, isa_print_vopd },
	{ 0xff000000, 0xcc000000, 2, isa_print_vop3p },
	{ 0xff000000, 0xcd000000, 2, isa_print_vinterp },
	{ 0xff000000, 0xce000000, 1, isa_print_ldsdir },
	{ 0xfc000000, 0xd4000000, 2, isa_print_vop3 },
	{ 0xfc000000, 0xd8000000, 2, isa_print_ds },
	{ 0xfc000000, 0xdc000000, 2, isa_print_flat },
	{ 0xfc000000, 0xe0000000, 2, isa_print_mubuf },
	{ 0xfc000000, 0xe8000000, 2, isa_print_mtbuf },
	{ 0xfc000000, 0xf0000000, 2, isa_print_mimg },
	{ 0xfc000000, 0xf8000000, 2, isa_print_exp },
	{ 0, 0, 0, NULL }
};

static const struct enc encs_gfx12[] = {
	SCALAR_ENCS,
	{ 0xfc000000, 0xf4000000, 2, isa_print_smem },
	{ 0xfc000000, 0xc8000000, 2, isa_print_vopd },
	{ 0xff000000, 0xcc000000, 2, isa_print_vop3p },
	{ 0xff000000, 0xcd000000, 2, isa_print_vinterp },
	{ 0xff000000, 0xce000000, 1, isa_print_ldsdir },	/* VDSDIR */
	{ 0xfc000000, 0xd4000000, 2, isa_print_vop3 },
	{ 0xfc000000, 0xd8000000, 2, isa_print_ds },		/* VDS */
	{ 0xfc000000, 0xec000000, 3, isa_print_flat },		/* VFLAT, VGLOBAL, VSCRATCH */
	{ 0xfc000000, 0xc4000000, 3, isa_print_mubuf },	/* VBUFFER (MTBUF ops included) */
	{ 0xfc000000, 0xd0000000, 3, isa_print_mimg },		/* VIMAGE */
	{ 0xfc000000, 0xe4000000, 3, isa_print_mimg },		/* VSAMPLE */
	{ 0xfc000000, 0xf8000000, 2, isa_print_exp },		/* VEXPORT */
	{ 0, 0, 0, NULL }
};

static const struct enc *const encs[VSHARP_GFX_COUNT] = {
	[VSHARP_GFX6] = encs_gfx6, [VSHARP_GFX7] = encs_gfx6,
	[VSHARP_GFX8] = encs_gfx8, [VSHARP_GFX9] = encs_gfx8,
	[VSHARP_GFX10] = encs_gfx10, [VSHARP_GFX10_3] = encs_gfx10,
	[VSHARP_GFX11] = encs_gfx11, [VSHARP_GFX12] = encs_gfx12,
};

uint32_t isa_bits(const struct isa_ctx *c, unsigned hi, unsigned lo)
{
	unsigned n = hi - lo + 1;
	uint64_t v = c->w[lo / 32];

	if (lo % 32 + n > 32)
		v |= (uint64_t)c->w[lo / 32 + 1] << 32;
	return (uint32_t)(v >> (lo % 32) & ((1ull << n) - 1));
}

void isa_put(struct isa_ctx *c, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (c->at + 1 >= sizeof(c->out->text))
		return;
	va_start(ap, fmt);
	r = vsnprintf(c->out->text + c->at, sizeof(c->out->text) - c->at, fmt, ap);
	va_end(ap);
	if (r > 0)
		c->at = c->at + (size_t)r < sizeof(c->out->text) ? c->at + (size_t)r
							 : sizeof(c->out->text) - 1;
}

bool isa_refuse(struct isa_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->out->reason[0])
		return false;	/* the first reason is the cause */
	va_start(ap, fmt);
	vsnprintf(c->out->reason, sizeof(c->out->reason), fmt, ap);
	va_end(ap);
	return false;
}

void isa_disasm(const struct vsharp_target *t, const uint32_t *w, size_t n,
		struct isa_insn *out)
{
	const struct enc *e = encs[t->level];
	struct isa_ctx c = { .target = t, .level = t->level, .w = w, .avail = n, .out = out };

	memset(out, 0, sizeof(*out));
	out->words = 1;
	while (e->print && (w[0] & e->mask) != e->match)
		e++;
	if (!e->print) {
		isa_refuse(&c, "0x%08x is no microcode format of %s", w[0], t->name);
	} else {
		c.words = e->words;
		if (n < e->words)
			isa_refuse(&c, "the input ends inside a %u-dword instruction", e->words);
		else if (e->print(&c) && c.words <= n)
			out->known = true;
		else if (c.words > n)
			isa_refuse(&c, "the input ends inside a %u-dword instruction", c.words);
		out->words = c.words <= n ? c.words : (unsigned)n;
	}
	if (!out->known) {
		size_t at = 0;

		/* Every word it takes, so that the listing assembles back to the input. */
		for (unsigned i = 0; i < out->words; i++)
			at += (size_t)snprintf(out->text + at, sizeof(out->text) - at, "%s0x%08x",
					       i ? ", " : ".long ", w[i]);
	}
}
