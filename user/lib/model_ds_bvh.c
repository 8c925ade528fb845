// SPDX-License-Identifier: MIT
/*
 * The ray-tracing stack ops of the LDS: GFX11 DS_BVH_STACK_RTN_B32 (R3
 * opcode 173) and GFX12 DS_BVH_STACK_PUSH4_POP1_RTN_B32,
 * PUSH8_POP1_RTN_B32 and PUSH8_POP2_RTN_B64 (R4 opcodes 224-226).  Each lane
 * keeps a short stack of node pointers in LDS; ADDR says where it is and is
 * written back.  The guides' pseudo-code leaves DECODE_ADDR, ENCODE_ADDR,
 * INVALID_NODE and the wrap undefined, and the R4 address table contradicts
 * the ADDR row it copies from R3: each point is a rule (rules.c), and
 * Documentation/model.rst, "BVH stack operations", gives the sources.
 */
#include <string.h>

#include "memory.h"
#include "vsharp/model.h"

#define INVALID_NODE 0xffffffffu

/* A lane's stack as DECODE_ADDR gives it. */
struct stack {
	uint32_t base;		/* LDS byte address of entry 0 */
	uint32_t index;		/* stack_index / ring_addr */
	uint32_t index_mask;	/* the index field's width */
	unsigned index_shift;	/* where the index sits in ADDR */
	uint32_t kept;		/* the ADDR bits ENCODE_ADDR keeps as they were */
	unsigned size;		/* entries */
	unsigned stride;	/* LDS bytes between entries */
	uint64_t limit;		/* LDS bytes the op may touch */
	bool ring;		/* the index wraps at size (rule bvh_stack_wrap) */
	bool low_bits;		/* INVALID_NODE is any value with bits [31:3] set */
};

static void decode_addr(const struct vsharp_ds_access *a, uint32_t addr, uint64_t limit,
			struct stack *s)
{
	const uint8_t *rule = a->rules.choice;

	memset(s, 0, sizeof(*s));
	if (a->level >= VSHARP_GFX12 && rule[VSHARP_RULE_BVH_STACK_ADDR] == VSHARP_BVH_ADDR_FIELDS) {
		/*
		 * R4 Address Fields: ring_addr [14:10], stack_base_addr [28:15]
		 * (dwords); OFFSET0[4:0] the size.  A 5-bit ring_addr holds at most
		 * 32 entries, so size 0 reads as 32 (inferred).
		 */
		s->base = (addr >> 15 & 0x3fff) * 4;
		s->index_shift = 10;
		s->index_mask = 0x1f;
		s->size = a->offset0 & 0x1f ? a->offset0 & 0x1f : 32;
	} else {
		/* R3 §12.5.3: stack_base[15:2] in [31:18]; the size 8 << code. */
		bool in_offset1 = a->level == VSHARP_GFX11 &&
				  rule[VSHARP_RULE_BVH_STACK_SIZE] == VSHARP_BVH_SIZE_OFFSET1;

		s->base = (addr >> 18) * 4;
		s->index_mask = in_offset1 ? 0x3ffff : 0xffff;
		s->size = 8u << (in_offset1 ? a->offset1 >> 4 & 3 : addr >> 16 & 3);
	}
	s->index = addr >> s->index_shift & s->index_mask;
	s->kept = addr & ~(s->index_mask << s->index_shift);
	s->stride = rule[VSHARP_RULE_BVH_STACK_STRIDE] == VSHARP_BVH_STRIDE_WAVE32 ? 128 : 4;
	s->limit = limit;
	s->ring = rule[VSHARP_RULE_BVH_STACK_WRAP] == VSHARP_BVH_WRAP_RING;
	s->low_bits = rule[VSHARP_RULE_BVH_INVALID_NODE] == VSHARP_BVH_INVALID_BITS31_3;
}

static uint32_t encode_addr(const struct stack *s)
{
	return s->kept | (s->index & s->index_mask) << s->index_shift;
}

static void step(struct stack *s, int by)
{
	uint32_t i = s->index + (uint32_t)by;

	s->index = s->ring ? (s->index + s->size + (uint32_t)by) % s->size : i & s->index_mask;
}

/* The LDS address of the entry at the index, or false past the LDS. */
static bool entry(const struct stack *s, uint32_t *at)
{
	*at = s->base + s->index % s->size * s->stride;
	return (uint64_t)*at + 4 <= s->limit;
}

/*
 * An entry past the LDS reads zero and is not written; GFX12 reports
 * MEMVIOL (R4 §3.3.5.1 "LDS operations report MEMVIOL if the LDS-address is
 * out of range"), GFX11 does not (R3 LDS out-of-range).
 */
static uint32_t read_entry(const struct stack *s, struct vsharp_lds *lds, bool *bad)
{
	uint32_t at;
	const uint8_t *b;

	if (!entry(s, &at) || !(b = lds_at(lds, at, 4))) {
		*bad = true;
		return 0;
	}
	return (uint32_t)load_le(b, 4);
}

static void write_entry(const struct stack *s, struct vsharp_lds *lds, uint32_t v, bool *bad)
{
	uint32_t at;
	uint8_t *b;

	if (!entry(s, &at) || !(b = lds_at(lds, at, 4))) {
		*bad = true;
		return;
	}
	store_le(b, 4, v);
}

static bool invalid(const struct stack *s, uint32_t node)
{
	return s->low_bits ? node >> 3 == INVALID_NODE >> 3 : node == INVALID_NODE;
}

/* DATA_VALID of the pseudo-code. */
static bool data_valid(const struct stack *s, uint32_t data, uint32_t last)
{
	return !invalid(s, data) && (invalid(s, last) || data != last);
}

/*
 * A pop: RETURN_DATA = MEM[stack_base + stack_index]; MEM[...] =
 * INVALID_NODE; stack_index -= 1.  Rule bvh_stack_pop says whether the
 * index steps back before the read (a stack) or after (the text).
 */
static uint32_t pop(struct stack *s, struct vsharp_lds *lds, bool literal, bool *bad)
{
	uint32_t v;

	if (!literal)
		step(s, -1);
	v = read_entry(s, lds, bad);
	write_entry(s, lds, INVALID_NODE, bad);
	if (literal)
		step(s, -1);
	return v;
}

void vsharp_ds_bvh_stack(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
			 struct vsharp_lds *lds, struct vsharp_ds_lane_out *out)
{
	bool literal = a->rules.choice[VSHARP_RULE_BVH_STACK_POP] == VSHARP_BVH_POP_LITERAL;
	unsigned n = a->op->comps;
	uint32_t last = in->data0[0];
	uint64_t limit = lds ? lds->size : 0;
	bool bad = false;
	struct stack s;

	memset(out, 0, sizeof(*out));
	if (a->rules.choice[VSHARP_RULE_LDS_M0_CLAMP] == VSHARP_LDS_M0_CLAMP && a->m0 < limit)
		limit = a->m0;
	decode_addr(a, in->vaddr, limit, &s);
	/* The first N - 1 dwords are pushed if valid; one equal to the last node ends the pushes. */
	for (unsigned i = 0; i + 1 < n; i++) {
		if (data_valid(&s, in->data1[i], last)) {
			write_entry(&s, lds, in->data1[i], &bad);
			step(&s, 1);
		} else if (in->data1[i] == last) {
			break;
		}
	}
	/* The last dword is returned if valid, else the stack pops. */
	if (data_valid(&s, in->data1[n - 1], last))
		out->vdst[0] = in->data1[n - 1];
	else
		out->vdst[0] = pop(&s, lds, literal, &bad);
	/*
	 * PUSH8_POP2: "Attempt a second pop" if the entry is valid.  The
	 * pseudo-code leaves RETURN_DATA[63:32] unset otherwise: INVALID_NODE,
	 * as GPURT's try_pop() returns when it pops nothing.
	 */
	if (a->op->bytes == 8) {
		struct stack peek = s;
		uint32_t next;

		if (!literal)
			step(&peek, -1);
		next = read_entry(&peek, lds, &bad);
		out->vdst[1] = data_valid(&s, next, last) ? pop(&s, lds, literal, &bad) : INVALID_NODE;
	}
	out->n_vdst = a->op->bytes / 4;
	out->addr_written = true;
	out->new_addr = encode_addr(&s);
	out->memviol = bad && a->level >= VSHARP_GFX12;
}
