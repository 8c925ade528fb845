// SPDX-License-Identifier: MIT
/*
 * The ray-tracing stack ops of the LDS: GFX11 DS_BVH_STACK_RTN_B32 (R3
 * opcode 173) and GFX12 DS_BVH_STACK_PUSH4_POP1_RTN_B32,
 * PUSH8_POP1_RTN_B32 and PUSH8_POP2_RTN_B64 (R4 opcodes 224-226).  Each lane
 * keeps a short stack of node pointers in LDS; ADDR says where it is and is
 * written back.  The guides' pseudo-code leaves DECODE_ADDR, ENCODE_ADDR,
 * INVALID_NODE and the wrap undefined, and the R4 address table contradicts
 * the ADDR row it copies from R3: each point is a rule (model/rules.c), and
 * Documentation/model.rst, "BVH stack operations", gives the sources.
 */
#include <string.h>

#include "model/bytes.h"
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

/*
 * Rule bvh_push8 = gpurt: the RDNA4 push8 ops as AMD's GPURT emulates them
 * (src/shaders/rtip3_ds_stack_emulation.hlsl, RTIP 3.0), which does more
 * than the pseudo-code: ADDR's valid_entries [4:0], entries_to_tlas [9:5],
 * has_tlas_in_stack 29, has_overflowed 30 and blas_to_tlas_pop 31 are kept
 * up to date, DATA1 is pushed from its last dword down, and a pop neither
 * invalidates its entry nor pops an empty stack.  Node pointers whose bits
 * [31:3] are all ones are special: INVALID_NODE 0xffffffff, TERMINAL_NODE
 * 0xfffffffe, SKIP_0_3 0xfffffffd, SKIP_4_7 0xfffffffb (GPURT Common.hlsli);
 * bits [2:0] are the node type, 6 an instance, 1 a second triangle
 * (ShaderDefs.hlsli).
 */
#define TERMINAL_NODE 0xfffffffeu
#define NODE_TRIANGLE_1 1u
#define NODE_INSTANCE 6u

struct gpurt {
	struct stack s;
	struct vsharp_lds *lds;
	unsigned valid, to_tlas;
	bool has_tlas, overflowed, tlas_pop, bad;
};

static bool special(uint32_t node)
{
	return node >> 3 == INVALID_NODE >> 3;
}

static void gpurt_push(struct gpurt *g, uint32_t node)
{
	unsigned size = g->s.size;

	if (g->valid == size)
		g->overflowed = true;
	write_entry(&g->s, g->lds, node, &g->bad);
	step(&g->s, 1);
	if (g->to_tlas == size)
		g->has_tlas = false;
	g->to_tlas += g->to_tlas < size;
	g->valid += g->valid < size;
}

/* A pop; an instance node starts a new TLAS mark (dropping an older one's entries). */
static uint32_t gpurt_pop(struct gpurt *g)
{
	uint32_t node;

	g->tlas_pop = !g->to_tlas && g->has_tlas;
	if (g->tlas_pop)
		g->has_tlas = false;
	if (!g->valid) {
		g->tlas_pop = g->has_tlas = false;
		return g->overflowed ? INVALID_NODE : TERMINAL_NODE;
	}
	g->to_tlas -= g->to_tlas > 0;
	g->valid--;
	step(&g->s, -1);
	node = read_entry(&g->s, g->lds, &g->bad);
	if ((node & 7) == NODE_INSTANCE) {
		if (g->has_tlas) {
			g->valid = g->to_tlas;
			g->overflowed = true;
		}
		g->has_tlas = true;
		g->to_tlas = 0;
	}
	return node;
}

/* The second pop of PUSH8_POP2: none across a TLAS mark, an empty stack or onto an instance. */
static uint32_t gpurt_try_pop(struct gpurt *g)
{
	struct stack peek = g->s;
	uint32_t node;

	if ((!g->to_tlas && g->has_tlas) || !g->valid)
		return INVALID_NODE;
	step(&peek, -1);
	node = read_entry(&peek, g->lds, &g->bad);
	if ((node & 7) == NODE_INSTANCE)
		return INVALID_NODE;
	g->s = peek;
	g->to_tlas -= g->to_tlas > 0;
	g->valid--;
	return node;
}

/*
 * The pushes: from DATA1[7] down.  With a real last node (not special),
 * only the dwords before it in that order are pushed, none if it is not
 * among them; a special last node pushes every real one.  A special dword
 * with bit 2 clear (SKIP_4_7) among 7..4 drops the rest of 7..4, one with
 * bit 1 clear (SKIP_0_3) drops 3..0.
 */
static void gpurt_push8(struct gpurt *g, const uint32_t *d, uint32_t last)
{
	bool walkback = !special(last), valid = !walkback, skip03 = false, skip47 = false;

	for (unsigned i = 0; i < 8; i++)
		valid |= walkback && d[i] == last;
	for (int i = 7; i >= 0; i--) {
		bool skip_here = special(d[i]) && valid;

		if (i >= 4) {
			bool was47 = skip47;

			skip03 |= skip_here && !(d[i] & 2) && !was47;
			skip47 |= skip_here && !(d[i] & 4) && !was47;
		} else {
			skip03 |= skip_here && !(d[i] & 2);
		}
		if (walkback && d[i] == last)
			valid = false;
		if (valid && !special(d[i]) && !(i >= 4 ? skip47 : skip03))
			gpurt_push(g, d[i]);
	}
}

static void gpurt_op(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		     struct gpurt *g, struct vsharp_ds_lane_out *out)
{
	uint32_t addr = in->vaddr;

	g->valid = addr & 0x1f;
	g->to_tlas = addr >> 5 & 0x1f;
	g->has_tlas = addr >> 29 & 1;
	g->overflowed = addr >> 30 & 1;
	g->tlas_pop = addr >> 31 & 1;
	gpurt_push8(g, in->data1, in->data0[0]);
	out->vdst[0] = gpurt_pop(g);
	if (a->op->bytes == 8) {
		/* The deeper node comes first; a second triangle pairs with its first. */
		out->vdst[1] = out->vdst[0];
		if ((out->vdst[1] & 7) == NODE_TRIANGLE_1) {
			out->vdst[0] = out->vdst[1] & ~7u;
		} else {
			out->vdst[0] = gpurt_try_pop(g);
			if (out->vdst[0] == INVALID_NODE) {
				out->vdst[0] = out->vdst[1];
				out->vdst[1] = INVALID_NODE;
			}
		}
	}
	out->new_addr = (uint32_t)g->tlas_pop << 31 | (uint32_t)g->overflowed << 30 |
			(uint32_t)g->has_tlas << 29 | (addr & 0x1fff8000u) |
			(g->s.index & 0x1f) << 10 | (g->to_tlas & 0x1f) << 5 | (g->valid & 0x1f);
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
	if (n == 8 && a->rules.choice[VSHARP_RULE_BVH_PUSH8] == VSHARP_BVH_PUSH8_GPURT) {
		/* GPURT reads ADDR as R4's fields and wraps the ring. */
		struct gpurt g = { .s = s, .lds = lds };
		struct vsharp_ds_access fields = *a;

		fields.rules.choice[VSHARP_RULE_BVH_STACK_ADDR] = VSHARP_BVH_ADDR_FIELDS;
		decode_addr(&fields, in->vaddr, limit, &g.s);
		g.s.ring = true;
		gpurt_op(a, in, &g, out);
		out->n_vdst = a->op->bytes / 4;
		out->addr_written = true;
		out->memviol = g.bad;
		return;
	}
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
