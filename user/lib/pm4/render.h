/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_PM4_RENDER_H
#define VSHARP_PM4_RENDER_H

/*
 * How `vsharp ib decode` shows what it decodes: one walk, two renderings.
 * pm4/print.c walks the stream once and hands every decoded item (packet
 * header, value, field, note, raw dwords, followed IB) to a rendering:
 * pm4/render_text.c (one line per packet and per value) or
 * pm4/render_json.c (one object, Documentation/cli.rst "vsharp ib").  The
 * walk decides what a packet holds and a rendering only how it looks, so
 * the two cannot drift apart; umr splits its decoder the same way (struct
 * umr_stream_decode_ui).
 *
 * The calls, in order:
 *
 *   begin
 *     stream_begin
 *       packet_begin
 *         rows:   (value_begin field* [fields_end] [value_hex64] value_end | pair)+ row_end
 *         notes, V#s in user data, raw dwords, a followed IB (ib_begin, a stream, ib_end)
 *       packet_end
 *       ...
 *       [stream_error unparsed*]     a packet ran past the end of the stream
 *     stream_end
 *   end
 */
#include <stdint.h>
#include <stdio.h>

#include "vsharp/desc.h"
#include "vsharp/dwords.h"
#include "vsharp/pm4.h"

/* A value's look in text: "LABEL = 0x%08x" (a register or body dword), or LABEL=VALUE in a row. */
enum pm4_value_style { PM4_VALUE_REG, PM4_VALUE_HEX8, PM4_VALUE_HEX, PM4_VALUE_DEC };

/* What a field's bits mean. */
enum pm4_field_kind {
	PM4_FIELD_DEC,
	PM4_FIELD_HEX,
	PM4_FIELD_FLAG,		/* one bit, shown by name when set */
	PM4_FIELD_COUNT,	/* registers allocated: decoded */
	PM4_FIELD_BYTES,	/* a size in bytes: decoded */
};

struct pm4_field {
	const char *name;
	unsigned lo, hi;
	uint32_t value;			/* bits hi:lo */
	enum pm4_field_kind kind;
	uint32_t decoded;		/* COUNT, BYTES: what the value stands for */
	uint32_t decoded_wave32;	/* VGPRs: the wave32 count where the level has wave32, else 0 */
	const char *enum_name;		/* the value's name, NULL: none */
};

struct pm4_render;

struct pm4_render_ops {
	/* The stream's level; RING: the dump it was read from (else NULL), PENDING its dwords. */
	void (*begin)(struct pm4_render *r, enum vsharp_gfx level,
		      const struct vsharp_ring_dump *ring, unsigned pending);
	void (*end)(struct pm4_render *r);

	void (*stream_begin)(struct pm4_render *r);
	/* The packet at SLOT runs past the end: MSG says how; the dwords left follow. */
	void (*stream_error)(struct pm4_render *r, unsigned slot, const char *msg);
	void (*unparsed)(struct pm4_render *r, unsigned slot, uint32_t dw);
	void (*stream_end)(struct pm4_render *r);

	/* SLOT: the header's offset (a ring slot in a ring dump); NAME: the opcode's, or NULL. */
	void (*packet_begin)(struct pm4_render *r, unsigned slot, uint32_t header, const char *name);
	void (*packet_end)(struct pm4_render *r);

	/* A value: a register written (REG its dword offset) or a body dword (REG -1). */
	void (*value_begin)(struct pm4_render *r, const char *label, int64_t reg, uint32_t v,
			    enum pm4_value_style style);
	void (*field)(struct pm4_render *r, const struct pm4_field *f);
	/* After the fields: OTHER, the set bits no field covers. */
	void (*fields_end)(struct pm4_render *r, uint32_t other);
	/* A 64-bit reading of the value with an earlier one (PGM_HI with PGM_LO). */
	void (*value_hex64)(struct pm4_render *r, const char *key, uint64_t v);
	void (*value_end)(struct pm4_render *r);
	/*
	 * Two body dwords that hold one 64-bit value (an address, a datum):
	 * text shows KEY=0x..., JSON both dwords and the value in the row's note.
	 */
	void (*pair)(struct pm4_render *r, const char *lo_label, const char *hi_label,
		     const char *key, uint32_t lo, uint32_t hi);
	/* The end of a row of values: text starts a new line. */
	void (*row_end)(struct pm4_render *r);

	/* A line the decoder adds (the dispatch state, why an IB was not followed). */
	void (*note)(struct pm4_render *r, const char *text);
	/* A buffer V# the dispatch loads from USER_DATA_FIRST..FIRST+3: its words DW, decoded B. */
	void (*vsharp)(struct pm4_render *r, unsigned first, const uint32_t dw[4],
		       const struct vsharp_buffer *b);
	/* Body dwords left undecoded. */
	void (*raw)(struct pm4_render *r, const uint32_t *dw, unsigned n);
	/* The IB an INDIRECT_BUFFER points at, decoded as a stream DEPTH levels down. */
	void (*ib_begin)(struct pm4_render *r, uint64_t va, unsigned dwords, unsigned depth);
	void (*ib_end)(struct pm4_render *r, uint64_t va);
};

struct pm4_render {
	const struct pm4_render_ops *ops;
	FILE *out;
};

/* The two renderings, each one allocation released with free(); NULL when out of memory. */
struct pm4_render *pm4_render_text(FILE *out);
struct pm4_render *pm4_render_json(FILE *out);

#endif
