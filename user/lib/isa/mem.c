// SPDX-License-Identifier: MIT
/* Placeholder until the mem printers land: every word is refused. */
#include "isa/print.h"

bool isa_print_ds(struct isa_ctx *c)
{
	return isa_refuse(c, "DS is not decoded yet");
}

bool isa_print_mubuf(struct isa_ctx *c)
{
	return isa_refuse(c, "MUBUF is not decoded yet");
}

bool isa_print_mtbuf(struct isa_ctx *c)
{
	return isa_refuse(c, "MTBUF is not decoded yet");
}

bool isa_print_mimg(struct isa_ctx *c)
{
	return isa_refuse(c, "MIMG is not decoded yet");
}

bool isa_print_flat(struct isa_ctx *c)
{
	return isa_refuse(c, "FLAT is not decoded yet");
}

bool isa_print_exp(struct isa_ctx *c)
{
	return isa_refuse(c, "EXP is not decoded yet");
}

bool isa_print_ldsdir(struct isa_ctx *c)
{
	return isa_refuse(c, "LDSDIR is not decoded yet");
}
