// SPDX-License-Identifier: MIT
/*
 * vsharp_desc_encode() and vsharp_desc_decode(): desc.c's two steps
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
 * (two DST_SELs each, the format fields, the fields up to ADD_TID, the top
 * byte), plus word 1's two swizzle bits.  Each run's value indexes a table
 * built from the decoding step: the bytes of struct vsharp_buffer that the
 * run decides, and its flags.  The decoded buffer is the OR of six table
 * entries.  test_desc compares both directions with the two steps.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <threads.h>

#include "vsharp/desc.h"
#include "util.h"

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
#define RUN_MASK 63u		/* the DST_SEL and middle runs: 6 bits */
#define SEL_RUN 6		/* two DST_SELs per table */
#define FORMAT_SHIFT 12
#define MIDDLE_SHIFT 18		/* 6 bits up to ADD_TID */
#define TOP_SHIFT 24

/*
 * The decoded buffer after base, stride and num_records: three 64-bit
 * pieces of its bytes, ORed from table entries.  Each piece holds members
 * of fixed groups: the DST_SELs and data format, then the number format,
 * swizzle, element size, index stride and ADD_TID, then OOB_SELECT, the
 * stride scale and the compression bits.
 */
#define REST_OFFSET offsetof(struct vsharp_buffer, dst_sel)
static_assert(REST_OFFSET == 16 && sizeof(struct vsharp_buffer) == REST_OFFSET + 24 &&
	      offsetof(struct vsharp_buffer, format.nfmt) == 24 &&
	      offsetof(struct vsharp_buffer, swizzle) == 28 &&
	      offsetof(struct vsharp_buffer, add_tid) == 31 &&
	      offsetof(struct vsharp_buffer, oob_select) == 32,
	      "struct vsharp_buffer moved: the decoding pieces assume this layout");

/* The format run: its bytes of all three pieces, its flags, the stride's scale and high bits. */
struct format_piece {
	uint64_t bytes[3];
	uint32_t stride_high;	/* GFX8/9 ADD_TID: STRIDE[17:14] from DATA_FORMAT */
	uint16_t stride_scale;
	uint8_t flags;
};

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

	/* Decoding: per value of each run of bits, its bytes of one piece and its flags. */
	struct format_piece format_of[2 * 256];	/* [ADD_TID][format run] */
	uint32_t format_mask;			/* the format run's width on this level */
	uint64_t middle_bytes[RUN_MASK + 1];
	uint32_t format_row[RUN_MASK + 1];	/* the middle run's ADD_TID: 0 or 256 */
	uint64_t top_bytes[256];
	uint32_t top_flags[256];
	uint64_t sel_bytes[2][RUN_MASK + 1];
	uint32_t sel_flags[2][RUN_MASK + 1];
	uint64_t swizzle_bytes[4];
	uint32_t swizzle_flags[4];
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
	unsigned flags;

	vsharp_fields_unpack(level, dw, &d);
	flags = vsharp_fields_to_buffer(level, &d, b);
	/* Unbound means all 128 bits zero, reserved bits included. */
	if (!(dw[0] | dw[1] | dw[2] | dw[3]))
		flags |= VSHARP_DESC_UNBOUND;
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

/* Marks a member's bytes in the three pieces. */
static void own(uint64_t mask[3], size_t offset, size_t size)
{
	struct vsharp_buffer b;
	uint64_t m[3];

	memset(&b, 0, sizeof(b));
	memset((char *)&b + offset, 0xff, size);
	rest_of(&b, m);
	for (int i = 0; i < 3; i++)
		mask[i] |= m[i];
}

#define OWN(mask, member) own(mask, offsetof(struct vsharp_buffer, member), \
			      sizeof(((struct vsharp_buffer *)0)->member))

/*
 * A run's entry: the decoding step on words holding only the run's bits,
 * kept to the bytes of PIECE the run owns; its flags among FLAG_MASK in FLAGS.
 */
static uint64_t piece_of(enum vsharp_gfx level, const uint32_t dw[4], unsigned piece,
			 const uint64_t mask[3], unsigned flag_mask, uint32_t *flags)
{
	struct vsharp_buffer b;
	uint64_t rest[3];
	unsigned f = decode_fields(level, dw, &b);

	rest_of(&b, rest);
	*flags = f & flag_mask;
	return rest[piece] & mask[piece];
}

/* Whether a run of word WORD at SHIFT, COUNT values, changes the element size. */
static bool decides_element_size(enum vsharp_gfx level, unsigned word, unsigned shift,
				 unsigned count)
{
	struct vsharp_buffer b;
	uint32_t dw[4] = { 0, 0, 0, 0 };
	uint8_t first;

	decode_fields(level, dw, &b);
	first = b.element_size;
	for (unsigned v = 1; v < count; v++) {
		dw[word] = v << shift;
		decode_fields(level, dw, &b);
		if (b.element_size != first)
			return true;
	}
	return false;
}

static void plan_decoder(enum vsharp_gfx level, struct level_plan *p)
{
	static const enum vsharp_field format_fields[] = {
		VSHARP_F_NUM_FORMAT, VSHARP_F_DATA_FORMAT, VSHARP_F_FORMAT, VSHARP_F_STRIDE_SCALE,
	};
	uint64_t sel[3] = { 0 }, middle[3] = { 0 }, swizzle[3] = { 0 }, top[3] = { 0 };
	uint64_t format[3];
	struct place tid = place_of(level, VSHARP_F_ADD_TID_ENABLE);
	unsigned format_end = FORMAT_SHIFT;
	uint32_t no_flags;

	OWN(sel, dst_sel);
	OWN(middle, add_tid);
	OWN(middle, index_stride);
	OWN(swizzle, swizzle);
	OWN(top, oob_select);
	OWN(top, write_compress);
	OWN(top, compression);
	if (decides_element_size(level, 3, MIDDLE_SHIFT, RUN_MASK + 1))
		OWN(middle, element_size);
	if (decides_element_size(level, 1, SWIZZLE_SHIFT, 4))
		OWN(swizzle, element_size);
	/* The format run has the rest: the format, the scale, an element size nothing decides. */
	for (int i = 0; i < 3; i++)
		format[i] = ~(sel[i] | middle[i] | swizzle[i] | top[i]);

	for (size_t i = 0; i < ARRAY_SIZE(format_fields); i++) {
		struct place pl = place_of(level, format_fields[i]);
		unsigned end = pl.shift + (unsigned)__builtin_popcount(pl.mask);

		if (pl.mask && end > format_end)
			format_end = end;
	}
	p->format_mask = (1u << (format_end - FORMAT_SHIFT)) - 1;
	for (unsigned t = 0; t < 2; t++) {
		for (unsigned k = 0; k <= p->format_mask; k++) {
			uint32_t dw[4] = { 0, 0, 0, t << tid.shift | k << FORMAT_SHIFT };
			struct format_piece *e = &p->format_of[t * 256 + k];
			struct vsharp_buffer b;
			uint64_t rest[3];
			unsigned flags = decode_fields(level, dw, &b);

			rest_of(&b, rest);
			for (int i = 0; i < 3; i++)
				e->bytes[i] = rest[i] & format[i];
			e->stride_high = b.stride;
			e->stride_scale = b.stride_scale;
			e->flags = (uint8_t)(flags & (VSHARP_DESC_INVALID_FORMAT |
						      VSHARP_DESC_RESERVED_FORMAT |
						      VSHARP_DESC_STRIDE_IN_DFMT));
		}
	}
	for (unsigned k = 0; k <= RUN_MASK; k++) {
		uint32_t dw[4] = { 0, 0, 0, k << MIDDLE_SHIFT };

		p->middle_bytes[k] = piece_of(level, dw, 1, middle, 0, &no_flags);
		p->format_row[k] = (dw[3] >> tid.shift & 1) * 256;
	}
	for (unsigned k = 0; k < 256; k++) {
		uint32_t dw[4] = { 0, 0, 0, k << TOP_SHIFT };

		p->top_bytes[k] = piece_of(level, dw, 2, top, VSHARP_DESC_NOT_BUFFER |
					   VSHARP_DESC_RESOURCE_LEVEL_0, &p->top_flags[k]);
	}
	for (unsigned h = 0; h < 2; h++) {
		for (unsigned k = 0; k <= RUN_MASK; k++) {
			uint32_t dw[4] = { 0, 0, 0, k << (h * SEL_RUN) };

			p->sel_bytes[h][k] = piece_of(level, dw, 0, sel,
						      VSHARP_DESC_RESERVED_DST_SEL,
						      &p->sel_flags[h][k]);
		}
	}
	for (unsigned k = 0; k < 4; k++) {
		uint32_t dw[4] = { 0, k << SWIZZLE_SHIFT, 0, 0 };

		p->swizzle_bytes[k] = piece_of(level, dw, 1, swizzle, VSHARP_DESC_RESERVED_SWIZZLE,
					       &p->swizzle_flags[k]);
	}
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
	const struct format_piece *format;
	uint32_t w0, w1, w2, w3;
	unsigned flags;
	uint64_t rest;

	if ((unsigned)level >= VSHARP_GFX_COUNT || !(p = ready_plan(level)))
		return decode_first(level, dw, b);
	w0 = dw[0];
	w1 = dw[1];
	w2 = dw[2];
	w3 = dw[3];
	b->base = w0 | (uint64_t)(uint16_t)w1 << 32;
	format = &p->format_of[p->format_row[w3 >> MIDDLE_SHIFT & RUN_MASK] +
			       (w3 >> FORMAT_SHIFT & p->format_mask)];
	b->stride = (w1 >> STRIDE_SHIFT & STRIDE_MASK) * format->stride_scale + format->stride_high;
	b->num_records = w2;
	/* One piece at a time, each stored before the next: fewer registers live. */
	rest = format->bytes[0] | p->sel_bytes[0][w3 & RUN_MASK] |
	       p->sel_bytes[1][w3 >> SEL_RUN & RUN_MASK];
	memcpy((char *)b + REST_OFFSET, &rest, sizeof(rest));
	rest = format->bytes[1] | p->middle_bytes[w3 >> MIDDLE_SHIFT & RUN_MASK] |
	       p->swizzle_bytes[w1 >> SWIZZLE_SHIFT];
	memcpy((char *)b + REST_OFFSET + 8, &rest, sizeof(rest));
	rest = format->bytes[2] | p->top_bytes[w3 >> TOP_SHIFT];
	memcpy((char *)b + REST_OFFSET + 16, &rest, sizeof(rest));
	flags = format->flags | p->top_flags[w3 >> TOP_SHIFT] |
		p->swizzle_flags[w1 >> SWIZZLE_SHIFT] | p->sel_flags[0][w3 & RUN_MASK] |
		p->sel_flags[1][w3 >> SEL_RUN & RUN_MASK];
	return w3 ? flags : flags | unbound(dw);
}
