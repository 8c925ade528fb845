// SPDX-License-Identifier: MIT
/* Placeholder until the scalar printers land: every word is refused. */
#include "isa/print.h"

bool isa_print_sop1(struct isa_ctx *c)
{
	return isa_refuse(c, "SOP1 is not decoded yet");
}

bool isa_print_sop2(struct isa_ctx *c)
{
	return isa_refuse(c, "SOP2 is not decoded yet");
}

bool isa_print_sopk(struct isa_ctx *c)
{
	return isa_refuse(c, "SOPK is not decoded yet");
}

bool isa_print_sopc(struct isa_ctx *c)
{
	return isa_refuse(c, "SOPC is not decoded yet");
}

bool isa_print_sopp(struct isa_ctx *c)
{
	return isa_refuse(c, "SOPP is not decoded yet");
}

bool isa_print_smem(struct isa_ctx *c)
{
	return isa_refuse(c, "SMEM is not decoded yet");
}
