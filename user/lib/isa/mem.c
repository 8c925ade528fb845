// SPDX-License-Identifier: MIT
/*
 * What the memory formats' printers share: finding an opcode's row in the
 * generated tables and checking its fields as llvm-objdump-19 does.
 */
#include "isa/mem.h"

static void cover(uint32_t *mask, unsigned lo, unsigned n)
{
	for (unsigned b = lo; b < lo + n && b < 96; b++)
		mask[b / 32] |= 1u << (b % 32);
}

/*
 * GFX6/7 have no disassembler to say what the hardware ignores: a bit no
 * field of the layout holds (nor the format's ENCODING, bits 31:26) is
 * reserved, and must be 0 for the text to assemble back to the same words.
 */
static bool reserved_clear(struct isa_ctx *c, const struct isa_mem_layout *l,
			   const struct isa_mem *m)
{
	uint32_t mask[3] = { 0xfc000000u, 0, 0 };

	for (unsigned i = 0; i < 2; i++)
		cover(mask, l->op[i].lo, l->op[i].n);
	for (unsigned i = 0; i < ISA_MEM_FIELDS; i++)
		cover(mask, l->f[i].lo, l->f[i].n);
	for (unsigned w = 0; w < c->words && w < 3; w++)
		if (c->w[w] & ~mask[w])
			return isa_refuse(c, "%s sets reserved bit %u", m->op->name,
					  32 * w + (unsigned)__builtin_ctz(c->w[w] & ~mask[w]));
	return true;
}

bool isa_mem_decode(struct isa_ctx *c, const char *format, const struct isa_mem_layout *layouts,
		    const struct isa_mem_op *ops, struct isa_mem *m)
{
	unsigned bit = VSHARP_GFX_BIT(c->level), op = 0, at = 0;
	const struct isa_mem_layout *l = layouts;

	while (l->levels && !(l->levels & bit))
		l++;
	if (!l->levels)
		return isa_refuse(c, "%s is no format of %s", format, c->target->name);
	for (unsigned i = 0; i < 2 && l->op[i].n; i++) {
		op |= isa_bits(c, l->op[i].lo + l->op[i].n - 1u, l->op[i].lo) << at;
		at += l->op[i].n;
	}
	m->set = 0;
	for (m->op = ops; m->op->name; m->op++)
		if (m->op->op == op && (m->op->levels & bit))
			break;
	if (!m->op->name)
		return isa_refuse(c, "%s opcode 0x%x is not defined on %s", format, op,
				  c->target->name);
	for (unsigned i = 0; i < ISA_MEM_FIELDS; i++) {
		const struct isa_mem_field *f = &l->f[i];

		m->f[i] = f->n ? isa_bits(c, f->lo + f->n - 1u, f->lo) : f->unused;
		if (m->f[i] != f->unused)
			m->set |= 1u << i;
		if (m->f[i] != f->unused && !(m->op->may & 1u << i))
			return isa_refuse(c, "%s sets a field it does not use (bits %u:%u)",
					  m->op->name, f->lo + f->n - 1u, f->lo);
		if (m->f[i] == f->unused && (m->op->must & 1u << i))
			return isa_refuse(c, "%s needs bits %u:%u set", m->op->name,
					  f->lo + f->n - 1u, f->lo);
		/* GFX6/7 have no disassembler to say what the hardware ignores: what
		 * does not print must be 0 so that the text assembles to the same words. */
		if ((m->op->quiet & 1u << i) && m->f[i] != f->unused && c->level <= VSHARP_GFX7)
			return isa_refuse(c, "%s sets bits %u:%u, which it ignores", m->op->name,
					  f->lo + f->n - 1u, f->lo);
		if (m->op->quiet & 1u << i) {
			m->f[i] = f->unused;
			m->set &= ~(1u << i);
		}
	}
	if (c->level <= VSHARP_GFX7 && !reserved_clear(c, l, m))
		return false;
	isa_put(c, "%s", m->op->name);
	return true;
}

bool isa_mem_vgpr(struct isa_ctx *c, unsigned *printed, unsigned first, unsigned n)
{
	if (first + n > 256)
		return isa_refuse(c, "v[%u:%u] is past v255", first, first + n - 1);
	isa_put(c, *printed ? ", " : " ");
	isa_vgpr(c, first, n);
	++*printed;
	return true;
}

bool isa_mem_sgpr_past(const struct isa_ctx *c, unsigned code, unsigned n)
{
	unsigned end = isa_sgpr_count(c->level);
	unsigned ttmp = c->level >= VSHARP_GFX9 ? 108 : 112;

	return code < ttmp ? code + n > end : code < 124 && code + n > 124;
}
