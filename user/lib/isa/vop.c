// SPDX-License-Identifier: MIT
/* Placeholder until the vop printers land: every word is refused. */
#include "isa/print.h"

bool isa_print_vop1(struct isa_ctx *c)
{
	return isa_refuse(c, "VOP1 is not decoded yet");
}

bool isa_print_vop2(struct isa_ctx *c)
{
	return isa_refuse(c, "VOP2 is not decoded yet");
}

bool isa_print_vopc(struct isa_ctx *c)
{
	return isa_refuse(c, "VOPC is not decoded yet");
}

bool isa_print_vopd(struct isa_ctx *c)
{
	return isa_refuse(c, "VOPD is not decoded yet");
}
