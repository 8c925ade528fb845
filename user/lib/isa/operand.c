// SPDX-License-Identifier: MIT
/*
 * Operands as llvm-objdump-19 prints them.  (First version: registers,
 * integer inline constants and the literal; the special registers and the
 * typed constants are the isa-core work's.)
 */
#include "isa/print.h"

static void regs(struct isa_ctx *c, char file, unsigned first, unsigned n)
{
	if (n <= 1)
		isa_put(c, "%c%u", file, first);
	else
		isa_put(c, "%c[%u:%u]", file, first, first + n - 1);
}

void isa_vgpr(struct isa_ctx *c, unsigned first, unsigned n)
{
	regs(c, 'v', first, n);
}

void isa_sgpr(struct isa_ctx *c, unsigned first, unsigned n)
{
	regs(c, 's', first, n);
}

bool isa_sdst(struct isa_ctx *c, unsigned code, unsigned n)
{
	if (code > 105)
		return isa_refuse(c, "scalar destination %u is not decoded yet", code);
	isa_sgpr(c, code, n);
	return true;
}

bool isa_src(struct isa_ctx *c, unsigned code, unsigned n, enum isa_type type)
{
	(void)type;
	if (code >= 256) {
		isa_vgpr(c, code - 256, n);
		return true;
	}
	if (code <= 105) {
		isa_sgpr(c, code, n);
		return true;
	}
	if (code >= 128 && code <= 192) {
		isa_put(c, "%u", code - 128);
		return true;
	}
	if (code >= 193 && code <= 208) {
		isa_put(c, "%d", 192 - (int)code);
		return true;
	}
	if (code == 255) {
		if (!c->has_literal) {
			if (c->words >= c->avail)
				return isa_refuse(c, "the literal is past the end of the input");
			c->literal = c->w[c->words++];
			c->has_literal = true;
		}
		isa_put(c, "0x%x", c->literal);
		return true;
	}
	return isa_refuse(c, "source operand %u is not decoded yet", code);
}
