// SPDX-License-Identifier: MIT
/*
 * vsharp_desc_encode() and vsharp_desc_decode(): hw/desc.c's two steps
 * (buffer -> fields -> words and back) resolved once per level into tables.
 *
 * The two steps check and place one field at a time through the layout
 * table; they define the V# and write the messages.  A buffer's members
 * fall into groups whose bits do not depend on one another: the format
 * with ADD_TID, the stride with ADD_TID and its scale, the swizzle with its
 * element size, the index stride, each DST_SEL, OOB_SELECT, the GFX12
 * compression bits.  Running the two steps over every value of a group
 * gives a table, per level, from the group's value to its bits of the V#,
 * or to REFUSED.  Encoding is then a lookup per group ORed into the words,
 * with every check folded into one test; a refused value hands the buffer
 * to the two steps, which refuse it with their message (and, were a table
 * ever too strict, would encode it: the tables can cost speed, never
 * change a result).
 *
 * Decoding cuts word 3 into runs of bits at the same place on every level
 * (the four DST_SELs; the format fields, the stride's scale and the fields
 * up to ADD_TID; the top byte), plus word 1's two swizzle bits.  Each run's
 * value indexes tables built from the decoding step: the bytes of struct
 * vsharp_buffer that the run decides, and its flags.  The decoded buffer
 * is the OR of four runs' entries.  test_desc compares both directions
 * with the two steps, on every value of every run.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <threads.h>

#include "vsharp/desc.h"
#include "base/util.h"

/* GCC's SLP pass would join the stride and record count in a vector register: 4 more instructions. */
#if defined(__GNUC__) && !defined(__clang__)
#define SCALAR_STORES __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define SCALAR_STORES
#endif

/* TYPE (bits 127:126) is 0 in every buffer V#: in word 3's tables its top bit marks a refusal. */
#define REFUSED (1u << 31)

/*
 * The V# shape every level shares (AMD's SQ_BUF_RSRC_WORD1/3 masks, Mesa's
 * gfx10/11/12-rsrc.json): BASE, STRIDE and NUM_RECORDS fill words 0-2
 * below word 1's two swizzle bits; in word 3 the DST_SELs take bits 0-11,
 * the format fields (with STRIDE_SCALE on GFX12) start at 12, ADD_TID is
 * bit 23 and the top byte holds OOB_SELECT, RESOURCE_LEVEL, compression
 * and TYPE.  A level that broke it would fail test_desc's comparisons
 * with the two steps.
 */
#define STRIDE_SHIFT 16		/* word 1 */
#define STRIDE_MASK 0x3fffu
#define SWIZZLE_SHIFT 30	/* word 1 */
#define SEL_BITS 12		/* word 3 from bit 0 */
#define SEL_HALF (1u << 6)	/* DST_SEL_X and Y below, Z and W above */
#define MIDDLE_SHIFT 12		/* word 3, up to ADD_TID */
#define MIDDLE_BITS 12
#define TOP_SHIFT 24		/* word 3 */
#define TOP_BITS 8
#define SWIZZLE_BITS 2		/* word 1 */

/*
 * The decoded buffer after base, stride and num_records: three 64-bit
 * pieces of its bytes (the last four are padding), each the OR of table
 * entries.  Which run of bits decides which bytes is found when the tables
 * are built, not assumed here.
 */
#define REST_OFFSET offsetof(struct vsharp_buffer, dst_sel)
static_assert(REST_OFFSET == 16 && sizeof(struct vsharp_buffer) == REST_OFFSET + 24,
	      "struct vsharp_buffer moved: the decoding pieces assume this layout");
/* The DST_SELs are the low half of the first piece, and words 0 and 1 load as one. */
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the decoder reads pieces little-endian");

struct stride_entry {
	uint32_t word3;		/* STRIDE_SCALE's bits, or REFUSED */
	uint32_t limit;		/* the largest stride >> shift */
	uint32_t high_mul;	/* GFX8/9 ADD_TID: STRIDE[17:14] times this: their word-3 bits */
	uint8_t shift;		/* log2 of the scale */
};

struct level_plan {
	/* Encoding: bits of word 3 (or REFUSED) per value of a buffer member. */
	uint32_t format[16][16][2];	/* [dfmt][nfmt][add_tid], ADD_TID included */
	uint32_t swizzle[256][2];	/* [element_size][swizzle] */
	uint32_t swizzle_word1[256][2];
	uint32_t index_stride[256];
	uint32_t dst_sel[4][256];
	uint32_t oob_select[256];	/* with RESOURCE_LEVEL where the level needs it */
	uint32_t compression[2][2];	/* [write_compress][compression] */
	struct stride_entry stride[256][2];	/* [stride_scale][add_tid] */

	/*
	 * Decoding: per value of each run of bits, its bytes of the pieces
	 * and the flags it raises.  An array per member, not an array of
	 * entries: every lookup of a run is then one load at the run's value
	 * scaled, no address computed.
	 */
	uint32_t sel_bytes[1 << SEL_BITS];	/* the low half of the first piece */
	uint32_t sel_flags[1 << SEL_BITS];
	/* The middle run's arrays all have 8-byte elements: one index register serves them. */
	uint64_t middle_bytes[3][1 << MIDDLE_BITS];
	struct {
		uint32_t scale;
		uint32_t high;	/* GFX8/9 ADD_TID: STRIDE[17:14] from DATA_FORMAT */
	} stride_of[1 << MIDDLE_BITS];
	uint64_t middle_flags[1 << MIDDLE_BITS];
	uint64_t top_bytes[1 << TOP_BITS];	/* the third piece */
	uint32_t top_flags[1 << TOP_BITS];
	uint64_t swizzle_bytes[1 << SWIZZLE_BITS];	/* the second piece */
	uint32_t swizzle_flags[1 << SWIZZLE_BITS];
};

static struct level_plan plans[VSHARP_GFX_COUNT];
static const struct level_plan *_Atomic ready[VSHARP_GFX_COUNT];
static mtx_t plan_lock;
static once_flag plan_lock_once = ONCE_FLAG_INIT;

/* The two steps themselves: the path for refusals, out of line. */
__attribute__((cold, noinline))
static int encode_fields(enum vsharp_gfx level, const struct vsharp_buffer *b, uint32_t dw[4],
			 struct vsharp_error *err)
{
	struct vsharp_desc_fields d;
	int ret = vsharp_buffer_to_fields(level, b, &d, err);

	return ret ? ret : vsharp_fields_pack(level, &d, dw, err);
}

__attribute__((cold, noinline))
static unsigned decode_fields(enum vsharp_gfx level, const uint32_t dw[4],
			      struct vsharp_buffer *b)
{
	struct vsharp_desc_fields d;
	uint32_t reserved[4];
	unsigned flags;

	vsharp_fields_unpack(level, dw, &d);
	flags = vsharp_fields_to_buffer(level, &d, b);
	/* Unbound means all 128 bits zero, reserved bits included. */
	if (!(dw[0] | dw[1] | dw[2] | dw[3]))
		flags |= VSHARP_DESC_UNBOUND;
	vsharp_desc_reserved_bits(level, dw, reserved);
	if (reserved[0] | reserved[1] | reserved[2] | reserved[3])
		flags |= VSHARP_DESC_RESERVED_BITS;
	return flags;
}

struct place {
	uint8_t word, shift;
	uint32_t mask;
};

static struct place place_of(enum vsharp_gfx level, enum vsharp_field f)
{
	struct vsharp_field_info info;
	struct place p = { 0, 0, 0 };

	if (vsharp_field_info(level, f, &info)) {
		p.word = info.lo / 32;
		p.shift = info.lo % 32;
		p.mask = (uint32_t)((1ull << info.width) - 1);
	}
	return p;
}

#define F(f) (1ull << VSHARP_F_##f)

/* Word 3 as the two steps encode B, masked to FIELDS, or REFUSED. */
static uint32_t probe_word3(enum vsharp_gfx level, const struct vsharp_buffer *b, uint64_t fields)
{
	uint32_t dw[4], bits = 0;

	if (encode_fields(level, b, dw, NULL))
		return REFUSED;
	for (int f = 0; f < VSHARP_FIELD_COUNT; f++) {
		struct place p = place_of(level, f);

		if (fields >> f & 1 && p.word == 3)
			bits |= p.mask << p.shift;
	}
	return dw[3] & bits;
}

/* The largest stride the two steps take for B's other members (their checks are monotonic). */
static uint32_t stride_limit(enum vsharp_gfx level, struct vsharp_buffer b)
{
	uint32_t dw[4];
	uint64_t lo = 0, hi = 1ull << 32;

	while (hi - lo > 1) {
		b.stride = (uint32_t)((lo + hi) / 2);
		if (encode_fields(level, &b, dw, NULL))
			hi = b.stride;
		else
			lo = b.stride;
	}
	return (uint32_t)lo;
}

static void plan_stride(enum vsharp_gfx level, struct level_plan *p, struct vsharp_buffer b)
{
	uint32_t dw[4], base3;

	for (unsigned v = 0; v < 256; v++) {
		struct stride_entry *e = &p->stride[v][b.add_tid];

		b.stride = 0;
		b.stride_scale = v;
		e->word3 = probe_word3(level, &b, F(STRIDE_SCALE));
		if (e->word3 == REFUSED)
			continue;
		/* Powers of two: a rotation divides, and a remainder lands past the limit. */
		e->shift = (uint8_t)__builtin_ctz(v);
		e->limit = stride_limit(level, b) >> e->shift;
		/* Where a stride past 14 bits puts its high bits, if anywhere. */
		encode_fields(level, &b, dw, NULL);
		base3 = dw[3];
		b.stride = (STRIDE_MASK + 1) << e->shift;
		if (!encode_fields(level, &b, dw, NULL) && dw[3] != base3)
			e->high_mul = 1u << __builtin_ctz(dw[3] ^ base3);
	}
}

static void plan_encoder(enum vsharp_gfx level, struct level_plan *p)
{
	struct vsharp_buffer def, b, tid_def;
	uint32_t dw[4];

	vsharp_buffer_default(level, &def);
	tid_def = def;
	tid_def.add_tid = true;
	tid_def.format.dfmt = VSHARP_DFMT_COUNT;
	for (unsigned tid = 0; tid < 2; tid++) {
		for (unsigned d = 0; d < 16; d++) {
			for (unsigned n = 0; n < 16; n++) {
				b = def;
				b.add_tid = tid;
				b.format.dfmt = d;
				b.format.nfmt = n;
				p->format[d][n][tid] = probe_word3(level, &b, F(NUM_FORMAT) |
								   F(DATA_FORMAT) | F(FORMAT) |
								   F(ADD_TID_ENABLE));
				if (tid && p->format[d][n][tid] != REFUSED &&
				    tid_def.format.dfmt == VSHARP_DFMT_COUNT)
					tid_def.format = b.format;
			}
		}
	}
	plan_stride(level, p, def);
	plan_stride(level, p, tid_def);
	for (unsigned v = 0; v < 256; v++) {
		b = def;
		b.index_stride = v;
		p->index_stride[v] = probe_word3(level, &b, F(INDEX_STRIDE));

		b = def;
		b.oob_select = v;
		p->oob_select[v] = probe_word3(level, &b, F(OOB_SELECT) | F(RESOURCE_LEVEL));

		for (unsigned c = 0; c < 4; c++) {
			b = def;
			b.dst_sel[c] = v;
			p->dst_sel[c][v] = probe_word3(level, &b, 1ull << (VSHARP_F_DST_SEL_X + c));
		}
		for (unsigned s = 0; s < 2; s++) {
			struct place w1 = place_of(level, VSHARP_F_SWIZZLE_ENABLE);

			b = def;
			b.swizzle = s;
			b.element_size = v;
			p->swizzle[v][s] = probe_word3(level, &b, F(ELEMENT_SIZE));
			if (!encode_fields(level, &b, dw, NULL))
				p->swizzle_word1[v][s] = dw[1] & w1.mask << w1.shift;
		}
	}
	for (unsigned wc = 0; wc < 2; wc++) {
		for (unsigned ce = 0; ce < 2; ce++) {
			b = def;
			b.write_compress = wc;
			b.compression = ce;
			p->compression[wc][ce] = probe_word3(level, &b, F(WRITE_COMPRESS_ENABLE) |
							     F(COMPRESSION_EN));
		}
	}
}

/* Bytes 16..39 of a buffer as the three pieces. */
static void rest_of(const struct vsharp_buffer *b, uint64_t rest[3])
{
	memcpy(rest, (const char *)b + REST_OFFSET, 3 * sizeof(*rest));
}

/* The runs of bits the decoder looks up: word 3's DST_SELs, middle and top, word 1's swizzle. */
enum run { SEL, MIDDLE, TOP, SWIZZLE, RUNS };

static const struct {
	uint8_t word, shift, bits;
	unsigned flags;		/* those its value decides */
} runs[RUNS] = {
	[SEL] = { 3, 0, SEL_BITS, VSHARP_DESC_RESERVED_DST_SEL | VSHARP_DESC_RESERVED_BITS },
	[MIDDLE] = { 3, MIDDLE_SHIFT, MIDDLE_BITS,
		     VSHARP_DESC_INVALID_FORMAT | VSHARP_DESC_RESERVED_FORMAT |
		     VSHARP_DESC_STRIDE_IN_DFMT | VSHARP_DESC_RESERVED_BITS },
	[TOP] = { 3, TOP_SHIFT, TOP_BITS, VSHARP_DESC_NOT_BUFFER | VSHARP_DESC_RESOURCE_LEVEL_0 |
		  VSHARP_DESC_RESERVED_BITS },
	[SWIZZLE] = { 1, SWIZZLE_SHIFT, SWIZZLE_BITS,
		      VSHARP_DESC_RESERVED_SWIZZLE | VSHARP_DESC_RESERVED_BITS },
};

/* The decoding step on words holding only VALUE of run R, its flags among the run's. */
static unsigned decode_run(enum vsharp_gfx level, enum run r, unsigned value,
			   struct vsharp_buffer *b, uint64_t rest[3])
{
	uint32_t dw[4] = { 0, 0, 0, 0 };
	unsigned flags;

	dw[runs[r].word] = value << runs[r].shift;
	flags = decode_fields(level, dw, b) & runs[r].flags;
	rest_of(b, rest);
	return flags;
}

/*
 * A run owns the bytes of the pieces that change with its value; the
 * middle run also gives the bytes no run changes.  An entry is the run's
 * decoded bytes masked to those it owns: filled whole, then masked.  The
 * DST_SEL run is decoded for each value of one half (two DST_SELs), the
 * other half zero, and the rest ORed from those (their fields are apart,
 * and test_desc compares every value with the decoding step): a 30th of
 * the work.
 */
static void plan_decoder(enum vsharp_gfx level, struct level_plan *p)
{
	uint64_t first[RUNS][3], owned[RUNS][3] = { { 0 } }, rest[3];
	struct vsharp_buffer b;

	for (int r = 0; r < RUNS; r++) {
		for (unsigned v = 0; v < 1u << runs[r].bits; v++) {
			unsigned flags;

			if (r == SEL && v % SEL_HALF && v >= SEL_HALF)
				continue;
			flags = decode_run(level, r, v, &b, rest);

			for (int i = 0; i < 3; i++) {
				if (!v)
					first[r][i] = rest[i];
				owned[r][i] |= rest[i] ^ first[r][i];
			}
			if (r == SEL) {
				p->sel_flags[v] = flags;
				p->sel_bytes[v] = (uint32_t)rest[0];
			} else if (r == MIDDLE) {
				p->middle_flags[v] = flags;
				for (int i = 0; i < 3; i++)
					p->middle_bytes[i][v] = rest[i];
				p->stride_of[v].scale = b.stride_scale;
				p->stride_of[v].high = b.stride;
			} else if (r == TOP) {
				p->top_flags[v] = flags;
				p->top_bytes[v] = rest[2];
			} else {
				p->swizzle_flags[v] = flags;
				p->swizzle_bytes[v] = rest[1];
			}
		}
	}
	for (int i = 0; i < 3; i++)
		owned[MIDDLE][i] |= ~(owned[SEL][i] | owned[MIDDLE][i] | owned[TOP][i] |
				      owned[SWIZZLE][i]);
	for (unsigned v = 0; v < 1u << SEL_BITS; v++) {
		if (v % SEL_HALF && v >= SEL_HALF) {
			p->sel_bytes[v] = p->sel_bytes[v % SEL_HALF] | p->sel_bytes[v - v % SEL_HALF];
			p->sel_flags[v] = p->sel_flags[v % SEL_HALF] | p->sel_flags[v - v % SEL_HALF];
		}
	}
	for (unsigned v = 0; v < 1u << SEL_BITS; v++)
		p->sel_bytes[v] &= (uint32_t)owned[SEL][0];
	for (unsigned v = 0; v < 1u << MIDDLE_BITS; v++)
		for (int i = 0; i < 3; i++)
			p->middle_bytes[i][v] &= owned[MIDDLE][i];
	for (unsigned v = 0; v < 1u << TOP_BITS; v++)
		p->top_bytes[v] &= owned[TOP][2];
	for (unsigned v = 0; v < 1u << SWIZZLE_BITS; v++)
		p->swizzle_bytes[v] &= owned[SWIZZLE][1];
}

static void init_plan_lock(void)
{
	mtx_init(&plan_lock, mtx_plain);
}

__attribute__((cold, noinline))
static void build_plan(enum vsharp_gfx level)
{
	call_once(&plan_lock_once, init_plan_lock);
	mtx_lock(&plan_lock);
	if (!atomic_load_explicit(&ready[level], memory_order_relaxed)) {
		plan_encoder(level, &plans[level]);
		plan_decoder(level, &plans[level]);
		atomic_store_explicit(&ready[level], &plans[level], memory_order_release);
	}
	mtx_unlock(&plan_lock);
}

static inline const struct level_plan *ready_plan(enum vsharp_gfx level)
{
	return atomic_load_explicit(&ready[level], memory_order_acquire);
}

/*
 * A level without its tables, or no level at all: out of line, so that the
 * fast paths make no call that would need registers saved around it.
 */
__attribute__((cold, noinline))
static int encode_first(enum vsharp_gfx level, const struct vsharp_buffer *b, uint32_t dw[4],
			struct vsharp_error *err)
{
	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return encode_fields(level, b, dw, err);
	build_plan(level);
	return vsharp_desc_encode(level, b, dw, err);
}

__attribute__((cold, noinline))
static unsigned decode_first(enum vsharp_gfx level, const uint32_t dw[4], struct vsharp_buffer *b)
{
	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return decode_fields(level, dw, b);
	build_plan(level);
	return vsharp_desc_decode(level, dw, b);
}

/* A refusal: the two steps on the plan's level, so that the fast path keeps no level. */
__attribute__((cold, noinline))
static int encode_refused(const struct level_plan *p, const struct vsharp_buffer *b,
			  uint32_t dw[4], struct vsharp_error *err)
{
	return encode_fields((enum vsharp_gfx)(p - plans), b, dw, err);
}

/* Unbound means all 128 bits zero: off the path, as word 3 rarely is. */
__attribute__((cold, noinline))
static unsigned unbound(const uint32_t dw[4])
{
	return dw[0] | dw[1] | dw[2] | dw[3] ? 0 : VSHARP_DESC_UNBOUND;
}

int vsharp_desc_encode(enum vsharp_gfx level, const struct vsharp_buffer *b,
		       uint32_t dw[4], struct vsharp_error *err)
{
	const struct level_plan *p;
	const struct stride_entry *se;
	uint32_t dfmt, nfmt, s, w3;

	if ((unsigned)level >= VSHARP_GFX_COUNT || !(p = ready_plan(level)))
		return encode_first(level, b, dw, err);
	dfmt = b->format.dfmt;
	nfmt = b->format.nfmt;
	if ((dfmt | nfmt) >= 16)
		return encode_refused(p, b, dw, err);
	se = &p->stride[b->stride_scale][b->add_tid];
	/* STRIDE, or past the limit when the stride is no multiple of the scale. */
	s = b->stride >> se->shift | b->stride << (-se->shift & 31);
	w3 = p->format[dfmt][nfmt][b->add_tid] | se->word3 |
	     p->swizzle[b->element_size][b->swizzle] | p->index_stride[b->index_stride] |
	     p->dst_sel[0][b->dst_sel[0]] | p->dst_sel[1][b->dst_sel[1]] |
	     p->dst_sel[2][b->dst_sel[2]] | p->dst_sel[3][b->dst_sel[3]] |
	     p->oob_select[b->oob_select] | p->compression[b->write_compress][b->compression] |
	     (s >> 14) * se->high_mul;
	if ((w3 & REFUSED) || (b->base >> 48) || s > se->limit)
		return encode_refused(p, b, dw, err);
	dw[0] = (uint32_t)b->base;
	dw[1] = (uint32_t)(b->base >> 32) | (s & STRIDE_MASK) << STRIDE_SHIFT |
		p->swizzle_word1[b->element_size][b->swizzle];
	dw[2] = b->num_records;
	dw[3] = w3;
	return 0;
}

SCALAR_STORES
unsigned vsharp_desc_decode(enum vsharp_gfx level, const uint32_t dw[4],
			    struct vsharp_buffer *b)
{
	const struct level_plan *p;
	uint32_t w1, w3, sel, middle, top, swizzle;
	unsigned flags;
	uint64_t lo, rest;

	if ((unsigned)level >= VSHARP_GFX_COUNT || !(p = ready_plan(level)))
		return decode_first(level, dw, b);
	memcpy(&lo, dw, sizeof(lo));	/* words 0 and 1 */
	w1 = (uint32_t)(lo >> 32);
	w3 = dw[3];
	sel = w3 & ((1u << SEL_BITS) - 1);
	middle = w3 >> MIDDLE_SHIFT & ((1u << MIDDLE_BITS) - 1);
	top = w3 >> TOP_SHIFT;
	swizzle = w1 >> SWIZZLE_SHIFT;
	b->base = lo << 16 >> 16;
	b->stride = (w1 >> STRIDE_SHIFT & STRIDE_MASK) * p->stride_of[middle].scale +
		    p->stride_of[middle].high;
	b->num_records = dw[2];
	/* One piece at a time, each stored before the next: fewer registers live. */
	rest = p->middle_bytes[0][middle] | p->sel_bytes[sel];
	memcpy((char *)b + REST_OFFSET, &rest, sizeof(rest));
	rest = p->middle_bytes[1][middle] | p->swizzle_bytes[swizzle];
	memcpy((char *)b + REST_OFFSET + 8, &rest, sizeof(rest));
	rest = p->middle_bytes[2][middle] | p->top_bytes[top];
	memcpy((char *)b + REST_OFFSET + 16, &rest, sizeof(rest));
	flags = (uint32_t)p->middle_flags[middle] | p->sel_flags[sel] | p->top_flags[top] |
		p->swizzle_flags[swizzle];
	return w3 ? flags : flags | unbound(dw);
}
