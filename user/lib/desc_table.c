// SPDX-License-Identifier: MIT
/*
 * vsharp_desc_encode() and vsharp_desc_decode(): desc.c's two steps
 * (buffer -> fields -> words and back) resolved once per level into tables.
 *
 * The two steps check and place one field at a time through the layout
 * table; they define the V# and write the messages.  A buffer's members
 * fall into groups whose bits do not depend on one another: the format
 * with ADD_TID, the swizzle with its element size, the index stride, each
 * DST_SEL, OOB_SELECT, the GFX12 scale and compression bits.  Running the
 * two steps over every value of a group gives a table, per level, from the
 * group's value to its bits of the V#, or to REFUSED.  Encoding is then a
 * lookup per group ORed into the words, with every check folded into one
 * test; a refused value hands the buffer to the two steps, which refuse it
 * with their message (and, were a table ever too strict, would encode it:
 * the tables can cost speed, never change a result).  Decoding reads each
 * group's bits of the words as an index into tables built the same way
 * from the decoding step.  test_desc compares both with the two steps.
 */
#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "vsharp/desc.h"
#include "util.h"

/* TYPE (bits 127:126) is 0 in every buffer V#: in word 3's tables its top bit marks a refusal. */
#define REFUSED (1u << 31)

/* A field or a group of fields in one word: (word >> shift) & mask; mask 0 where absent. */
struct place {
	uint8_t word, shift;
	uint32_t mask;
};

/* The format fields, STRIDE_SCALE and ADD_TID. */
struct format_entry {
	uint8_t dfmt, nfmt, stride_scale, flags;
	uint32_t stride;	/* GFX8/9 ADD_TID: STRIDE[17:14] from DATA_FORMAT */
};

struct swizzle_entry {
	uint8_t swizzle, element_size, flags;
};

/* OOB_SELECT, RESOURCE_LEVEL, WRITE_COMPRESS_ENABLE, COMPRESSION_EN and TYPE. */
struct top_entry {
	uint8_t oob_select, write_compress, compression, flags;
};

struct scale_entry {
	uint32_t word3;		/* STRIDE_SCALE's bits, or REFUSED */
	uint32_t shift;		/* log2 of the scale: the stride is STRIDE << shift */
	uint32_t rest;		/* stride bits below the scale, which must be 0 */
};

struct level_plan {
	/* Encoding: bits of word 3 (or REFUSED) per value of a buffer member. */
	uint32_t format[2][16][16];	/* [add_tid][dfmt][nfmt], ADD_TID included */
	uint64_t swizzle[2][256];	/* [swizzle][element_size]: word 1 | word 3 << 32 */
	uint32_t index_stride[256];
	uint32_t dst_sel[4][256];
	uint32_t oob_select[256];	/* with RESOURCE_LEVEL where the level needs it */
	uint32_t compression[2][2];	/* [write_compress][compression] */
	struct scale_entry stride_scale[256];
	uint32_t stride_limit[2];	/* [add_tid]: the largest STRIDE before the scale */
	uint8_t stride_high_shift;	/* GFX8/9 ADD_TID: STRIDE[17:14] in word 3 */

	/* Decoding: what each group of fields means, indexed by the group's bits of word 3. */
	struct format_entry format_of[2][256];	/* [ADD_TID][format fields, STRIDE_SCALE] */
	struct swizzle_entry swizzle_of[16];	/* SWIZZLE_ENABLE | ELEMENT_SIZE << 2 */
	struct top_entry top_of[256];		/* word 3 >> top_shift */
	uint8_t index_stride_of[4];
	uint8_t sel_flags[8];
	struct place format_bits, swizzle_bits, element_size_bits;
	uint8_t top_shift, add_tid_shift, index_stride_shift, sel_shift[4];
};

static struct level_plan plans[VSHARP_GFX_COUNT];
static atomic_bool plan_ready[VSHARP_GFX_COUNT];
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

/* The bits of the words that a set of fields occupies on a level. */
static void field_bits(enum vsharp_gfx level, uint64_t fields, uint32_t bits[4])
{
	memset(bits, 0, 4 * sizeof(*bits));
	for (int f = 0; f < VSHARP_FIELD_COUNT; f++) {
		struct place p = place_of(level, f);

		if (fields >> f & 1)
			bits[p.word] |= p.mask << p.shift;
	}
}

#define F(f) (1ull << VSHARP_F_##f)

/* Word 3 as the two steps encode B, masked to FIELDS, or REFUSED. */
static uint32_t probe_word3(enum vsharp_gfx level, const struct vsharp_buffer *b, uint64_t fields)
{
	uint32_t dw[4], bits[4];

	if (encode_fields(level, b, dw, NULL))
		return REFUSED;
	field_bits(level, fields, bits);
	return dw[3] & bits[3];
}

static void plan_encoder(enum vsharp_gfx level, struct level_plan *p)
{
	struct vsharp_buffer def, b;
	uint32_t dw[4], bits[4];
	struct vsharp_format tid_format = { VSHARP_DFMT_COUNT, 0 };

	vsharp_buffer_default(level, &def);
	for (unsigned tid = 0; tid < 2; tid++) {
		for (unsigned d = 0; d < 16; d++) {
			for (unsigned n = 0; n < 16; n++) {
				b = def;
				b.add_tid = tid;
				b.format.dfmt = d;
				b.format.nfmt = n;
				p->format[tid][d][n] = probe_word3(level, &b, F(NUM_FORMAT) |
								   F(DATA_FORMAT) | F(FORMAT) |
								   F(ADD_TID_ENABLE));
				if (tid && p->format[tid][d][n] != REFUSED &&
				    tid_format.dfmt == VSHARP_DFMT_COUNT)
					tid_format = b.format;
			}
		}
	}
	/* The stride checks are monotonic: bisect for the largest STRIDE the steps take. */
	for (unsigned tid = 0; tid < 2; tid++) {
		uint64_t lo = 0, hi = 1ull << 32;

		b = def;
		b.add_tid = tid;
		if (tid)
			b.format = tid_format;
		while (hi - lo > 1) {
			b.stride = (uint32_t)((lo + hi) / 2);
			if (encode_fields(level, &b, dw, NULL))
				hi = b.stride;
			else
				lo = b.stride;
		}
		p->stride_limit[tid] = (uint32_t)lo;
	}
	p->stride_high_shift = place_of(level, VSHARP_F_DATA_FORMAT).shift;
	for (unsigned v = 0; v < 256; v++) {
		b = def;
		b.stride_scale = v;
		p->stride_scale[v].word3 = probe_word3(level, &b, F(STRIDE_SCALE));
		/* The scales are powers of two: a shift and a mask do the division. */
		p->stride_scale[v].shift = v ? (uint32_t)__builtin_ctz(v) : 0;
		p->stride_scale[v].rest = (1u << p->stride_scale[v].shift) - 1;

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
			b = def;
			b.swizzle = s;
			b.element_size = v;
			if (encode_fields(level, &b, dw, NULL)) {
				p->swizzle[s][v] = (uint64_t)REFUSED << 32;
				continue;
			}
			field_bits(level, F(SWIZZLE_ENABLE) | F(ELEMENT_SIZE), bits);
			p->swizzle[s][v] = (dw[1] & bits[1]) | (uint64_t)(dw[3] & bits[3]) << 32;
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

static void put(uint32_t dw[4], struct place p, uint32_t v)
{
	dw[p.word] |= (v & p.mask) << p.shift;
}

/* The bits of word 3 from the lowest to the highest of FIELDS on a level. */
static struct place span_of(enum vsharp_gfx level, const enum vsharp_field *fields, size_t n)
{
	unsigned lo = 32, hi = 0;

	for (size_t i = 0; i < n; i++) {
		struct vsharp_field_info info;

		if (!vsharp_field_info(level, fields[i], &info))
			continue;
		lo = info.lo % 32 < lo ? info.lo % 32 : lo;
		hi = info.lo % 32 + info.width > hi ? info.lo % 32 + info.width : hi;
	}
	return (struct place){ 3, (uint8_t)lo, (uint32_t)((1ull << (hi - lo)) - 1) };
}

static void plan_decoder(enum vsharp_gfx level, struct level_plan *p)
{
	static const enum vsharp_field format_fields[] = {
		VSHARP_F_NUM_FORMAT, VSHARP_F_DATA_FORMAT, VSHARP_F_FORMAT, VSHARP_F_STRIDE_SCALE,
	};
	static const enum vsharp_field top_fields[] = {
		VSHARP_F_OOB_SELECT, VSHARP_F_RESOURCE_LEVEL, VSHARP_F_WRITE_COMPRESS_ENABLE,
		VSHARP_F_COMPRESSION_EN, VSHARP_F_TYPE,
	};
	struct place tid = place_of(level, VSHARP_F_ADD_TID_ENABLE);
	struct place is = place_of(level, VSHARP_F_INDEX_STRIDE);
	struct vsharp_buffer b;

	p->format_bits = span_of(level, format_fields, ARRAY_SIZE(format_fields));
	p->add_tid_shift = tid.shift;
	for (unsigned t = 0; t < 2; t++) {
		for (unsigned k = 0; k <= p->format_bits.mask; k++) {
			uint32_t dw[4] = { 0, 0, 0, t << tid.shift | k << p->format_bits.shift };
			unsigned flags = decode_fields(level, dw, &b);

			p->format_of[t][k] = (struct format_entry){
				(uint8_t)b.format.dfmt, (uint8_t)b.format.nfmt, b.stride_scale,
				(uint8_t)(flags & (VSHARP_DESC_INVALID_FORMAT |
						   VSHARP_DESC_RESERVED_FORMAT |
						   VSHARP_DESC_STRIDE_IN_DFMT)),
				b.stride,
			};
		}
	}

	p->swizzle_bits = place_of(level, VSHARP_F_SWIZZLE_ENABLE);
	p->element_size_bits = place_of(level, VSHARP_F_ELEMENT_SIZE);
	for (unsigned k = 0; k < 16; k++) {
		uint32_t dw[4] = { 0, 0, 0, 0 };
		unsigned flags;

		put(dw, p->swizzle_bits, k & 3);
		put(dw, p->element_size_bits, k >> 2);
		flags = decode_fields(level, dw, &b);
		p->swizzle_of[k] = (struct swizzle_entry){
			b.swizzle, b.element_size, (uint8_t)(flags & VSHARP_DESC_RESERVED_SWIZZLE),
		};
	}

	p->top_shift = span_of(level, top_fields, ARRAY_SIZE(top_fields)).shift;
	for (unsigned k = 0; k <= UINT32_MAX >> p->top_shift; k++) {
		uint32_t dw[4] = { 0, 0, 0, k << p->top_shift };
		unsigned flags = decode_fields(level, dw, &b);

		p->top_of[k] = (struct top_entry){
			b.oob_select, b.write_compress, b.compression,
			(uint8_t)(flags & (VSHARP_DESC_NOT_BUFFER | VSHARP_DESC_RESOURCE_LEVEL_0)),
		};
	}

	p->index_stride_shift = is.shift;
	for (unsigned k = 0; k <= is.mask; k++) {
		uint32_t dw[4] = { 0, 0, 0, k << is.shift };

		decode_fields(level, dw, &b);
		p->index_stride_of[k] = b.index_stride;
	}
	for (unsigned c = 0; c < 4; c++)
		p->sel_shift[c] = place_of(level, VSHARP_F_DST_SEL_X + c).shift;
	for (unsigned v = 0; v < 8; v++) {
		uint32_t dw[4] = { 0, 0, 0, v << p->sel_shift[0] };

		p->sel_flags[v] = decode_fields(level, dw, &b) & VSHARP_DESC_RESERVED_DST_SEL;
	}
}

static void init_plan_lock(void)
{
	mtx_init(&plan_lock, mtx_plain);
}

__attribute__((cold, noinline))
static const struct level_plan *build_plan(enum vsharp_gfx level)
{
	call_once(&plan_lock_once, init_plan_lock);
	mtx_lock(&plan_lock);
	if (!atomic_load_explicit(&plan_ready[level], memory_order_relaxed)) {
		plan_encoder(level, &plans[level]);
		plan_decoder(level, &plans[level]);
		atomic_store_explicit(&plan_ready[level], true, memory_order_release);
	}
	mtx_unlock(&plan_lock);
	return &plans[level];
}

static inline const struct level_plan *plan_of(enum vsharp_gfx level)
{
	if (atomic_load_explicit(&plan_ready[level], memory_order_acquire))
		return &plans[level];
	return build_plan(level);
}

int vsharp_desc_encode(enum vsharp_gfx level, const struct vsharp_buffer *b,
		       uint32_t dw[4], struct vsharp_error *err)
{
	const struct level_plan *p;
	const struct scale_entry *sc;
	unsigned dfmt = b->format.dfmt, nfmt = b->format.nfmt, tid = b->add_tid;
	uint64_t swz, refused;
	uint32_t stride, w3;

	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return encode_fields(level, b, dw, err);
	p = plan_of(level);
	sc = &p->stride_scale[b->stride_scale];
	stride = b->stride >> sc->shift;
	swz = p->swizzle[b->swizzle][b->element_size];
	w3 = p->format[tid][dfmt & 15][nfmt & 15] | sc->word3 | p->index_stride[b->index_stride] |
	     p->dst_sel[0][b->dst_sel[0]] | p->dst_sel[1][b->dst_sel[1]] |
	     p->dst_sel[2][b->dst_sel[2]] | p->dst_sel[3][b->dst_sel[3]] |
	     p->oob_select[b->oob_select] | p->compression[b->write_compress][b->compression] |
	     (uint32_t)(swz >> 32) | (stride >> 14) << p->stride_high_shift;
	refused = (b->base >> 48) | ((dfmt | nfmt) >> 4) | (b->stride & sc->rest) |
		  (stride > p->stride_limit[tid]) | (w3 & REFUSED);
	if (refused)
		return encode_fields(level, b, dw, err);
	dw[0] = (uint32_t)b->base;
	dw[1] = (uint32_t)(b->base >> 32) | (stride & 0x3fff) << 16 | (uint32_t)swz;
	dw[2] = b->num_records;
	dw[3] = w3;
	return 0;
}

unsigned vsharp_desc_decode(enum vsharp_gfx level, const uint32_t dw[4],
			    struct vsharp_buffer *b)
{
	const struct level_plan *p;
	const struct format_entry *fe;
	const struct swizzle_entry *se;
	const struct top_entry *te;
	uint32_t w1 = dw[1], w3 = dw[3], tid;
	unsigned flags;

	if ((unsigned)level >= VSHARP_GFX_COUNT)
		return decode_fields(level, dw, b);
	p = plan_of(level);
	tid = w3 >> p->add_tid_shift & 1;
	fe = &p->format_of[tid][w3 >> p->format_bits.shift & p->format_bits.mask];
	se = &p->swizzle_of[(w1 >> p->swizzle_bits.shift & p->swizzle_bits.mask) |
			    (w3 >> p->element_size_bits.shift & p->element_size_bits.mask) << 2];
	te = &p->top_of[w3 >> p->top_shift];
	memset(b, 0, sizeof(*b));
	/* BASE, STRIDE and NUM_RECORDS sit in words 0-2 alike on every level. */
	b->base = dw[0] | (uint64_t)(w1 & 0xffff) << 32;
	b->stride = (w1 >> 16 & 0x3fff) * fe->stride_scale + fe->stride;
	b->num_records = dw[2];
	flags = fe->flags | se->flags | te->flags;
	for (unsigned c = 0; c < 4; c++) {
		b->dst_sel[c] = w3 >> p->sel_shift[c] & 7;
		flags |= p->sel_flags[b->dst_sel[c]];
	}
	b->format.dfmt = fe->dfmt;
	b->format.nfmt = fe->nfmt;
	b->swizzle = se->swizzle;
	b->element_size = se->element_size;
	b->index_stride = p->index_stride_of[w3 >> p->index_stride_shift & 3];
	b->add_tid = tid;
	b->oob_select = te->oob_select;
	b->stride_scale = fe->stride_scale;
	b->write_compress = te->write_compress;
	b->compression = te->compression;
	if (!(dw[0] | w1 | dw[2] | w3))
		flags |= VSHARP_DESC_UNBOUND;
	return flags;
}
