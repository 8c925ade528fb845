// SPDX-License-Identifier: MIT
/* Placeholder until the vop3 printers land: every word is refused. */
#include "isa/print.h"

bool isa_print_vop3(struct isa_ctx *c)
{
	return isa_refuse(c, "VOP3 is not decoded yet");
}

bool isa_print_vop3p(struct isa_ctx *c)
{
	return isa_refuse(c, "VOP3P is not decoded yet");
}

bool isa_print_vinterp(struct isa_ctx *c)
{
	return isa_refuse(c, "VINTERP is not decoded yet");
}
