// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode --json`: one object per stream, {"gfx", "ring",
 * "packets", "error", "unparsed"}; each packet with its header fields,
 * "dwords" (one object per value: name, reg, value, fields), "raw",
 * "notes", "vsharps" (the buffer V#s a dispatch loads into user SGPRs,
 * decoded) and, for a followed INDIRECT_BUFFER, the nested stream under
 * "ib".
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "pm4/render.h"
#include "vsharp/format.h"
#include "vsharp/json.h"

#define NOTES_MAX 8
#define NOTE_BYTES 160

/*
 * The deepest JSON: the stream and its packets; per followed IB a packet,
 * its "ib" and the IB's packets; then a packet, its dwords, a value, its
 * fields and a field.
 */
static_assert(2 + 3 * VSHARP_PM4_FOLLOW_MAX + 5 < VSHARP_JSON_DEPTH_MAX,
	      "the JSON writer holds the deepest followed IB");

/* A V# in a dispatch's user data: USER_DATA_FIRST..FIRST+3. */
struct user_vsharp {
	unsigned first;
	uint32_t dw[4];
	struct vsharp_buffer b;
};

/* A packet being written: its "dwords" array is open; its notes and V#s, written last. */
struct packet {
	bool in_dwords;
	unsigned n_notes, n_vsharps;
	char notes[NOTES_MAX][NOTE_BYTES];
	/* USER_DATA_0..15 hold at most four SGPR quads. */
	struct user_vsharp vsharps[4];
};

struct json_render {
	struct pm4_render r;
	struct vsharp_json j;
	unsigned ib;				/* followed IBs open: packet[ib] is being written */
	struct packet packet[VSHARP_PM4_FOLLOW_MAX + 1];
	bool in_fields;				/* the value's "fields" object is open */
	char row_note[NOTE_BYTES];		/* the row's pairs as "key=0x..." */
};

static struct json_render *self(struct pm4_render *r)
{
	return (struct json_render *)r;
}

static struct vsharp_json *writer(struct pm4_render *r)
{
	return &self(r)->j;
}

static struct packet *packet(struct pm4_render *r)
{
	return &self(r)->packet[self(r)->ib];
}

static void begin(struct pm4_render *r, enum vsharp_gfx level, const struct vsharp_ring_dump *ring,
		  unsigned pending)
{
	struct vsharp_json *j = writer(r);

	vsharp_json_object_begin(j, NULL);
	vsharp_json_str(j, "gfx", vsharp_gfx_name(level));
	if (!ring)
		return;
	vsharp_json_object_begin(j, "ring");
	vsharp_json_uint(j, "dwords", ring->n);
	vsharp_json_uint(j, "rptr", ring->rptr);
	vsharp_json_uint(j, "wptr", ring->wptr);
	vsharp_json_uint(j, "driver_wptr", ring->driver_wptr);
	vsharp_json_uint(j, "pending", pending);
	vsharp_json_object_end(j);
}

static void end(struct pm4_render *r)
{
	vsharp_json_object_end(writer(r));
}

static void stream_begin(struct pm4_render *r)
{
	vsharp_json_array_begin(writer(r), "packets");
}

/* "error" and "unparsed" follow "packets". */
static void stream_error(struct pm4_render *r, unsigned slot, const char *msg)
{
	struct vsharp_json *j = writer(r);

	vsharp_json_array_end(j);
	vsharp_json_object_begin(j, "error");
	vsharp_json_uint(j, "offset", slot);
	vsharp_json_str(j, "message", msg);
	vsharp_json_object_end(j);
	vsharp_json_array_begin(j, "unparsed");
}

static void unparsed(struct pm4_render *r, unsigned slot, uint32_t dw)
{
	(void)slot;
	vsharp_json_uint(writer(r), NULL, dw);
}

/* Closes "packets", or "unparsed" after an error. */
static void stream_end(struct pm4_render *r)
{
	vsharp_json_array_end(writer(r));
}

static void packet_begin(struct pm4_render *r, unsigned slot, uint32_t header, const char *name)
{
	struct vsharp_json *j = writer(r);
	unsigned type = header >> 30;

	packet(r)->in_dwords = false;
	packet(r)->n_notes = packet(r)->n_vsharps = 0;
	vsharp_json_object_begin(j, NULL);
	vsharp_json_uint(j, "offset", slot);
	vsharp_json_uint(j, "header", header);
	vsharp_json_uint(j, "type", type);
	if (type == 3) {
		vsharp_json_uint(j, "opcode", header >> 8 & 0xff);
		vsharp_json_uint(j, "shader_type", header >> 1 & 1);
	}
	if (type == 0 || type == 3)
		vsharp_json_uint(j, "count", header >> 16 & 0x3fff);
	if (type == 0)
		vsharp_json_uint(j, "reg", header & 0xffff);
	if (name)
		vsharp_json_str(j, "name", name);
}

static void close_dwords(struct pm4_render *r)
{
	if (!packet(r)->in_dwords)
		return;
	vsharp_json_array_end(writer(r));
	packet(r)->in_dwords = false;
}

/* The keys and spellings of `vsharp desc decode --json` (Documentation/cli.rst). */
static void put_vsharp(struct vsharp_json *j, const struct user_vsharp *v)
{
	char fmt[40], sel[5];

	vsharp_format_name(v->b.format, fmt, sizeof(fmt));
	for (unsigned c = 0; c < 4; c++)
		sel[c] = "01??XYZW"[v->b.dst_sel[c] & 7];
	sel[4] = '\0';
	vsharp_json_object_begin(j, NULL);
	vsharp_json_uint(j, "user_data", v->first);
	vsharp_json_array_begin(j, "words");
	for (unsigned i = 0; i < 4; i++)
		vsharp_json_uint(j, NULL, v->dw[i]);
	vsharp_json_array_end(j);
	vsharp_json_hex(j, "base", v->b.base);
	vsharp_json_uint(j, "stride", v->b.stride);
	vsharp_json_uint(j, "num_records", v->b.num_records);
	vsharp_json_str(j, "format", fmt);
	vsharp_json_str(j, "dst_sel", sel);
	vsharp_json_bool(j, "swizzle", v->b.swizzle);
	vsharp_json_uint(j, "element_size", v->b.element_size);
	vsharp_json_uint(j, "index_stride", v->b.index_stride);
	vsharp_json_bool(j, "add_tid", v->b.add_tid);
	vsharp_json_object_end(j);
}

static void packet_end(struct pm4_render *r)
{
	struct vsharp_json *j = writer(r);
	struct packet *p = packet(r);

	close_dwords(r);
	if (p->n_vsharps) {
		vsharp_json_array_begin(j, "vsharps");
		for (unsigned i = 0; i < p->n_vsharps; i++)
			put_vsharp(j, &p->vsharps[i]);
		vsharp_json_array_end(j);
	}
	if (p->n_notes) {
		vsharp_json_array_begin(j, "notes");
		for (unsigned i = 0; i < p->n_notes; i++)
			vsharp_json_str(j, NULL, p->notes[i]);
		vsharp_json_array_end(j);
	}
	vsharp_json_object_end(j);
}

static void value_begin(struct pm4_render *r, const char *label, int64_t reg, uint32_t v,
			enum pm4_value_style style)
{
	struct vsharp_json *j = writer(r);

	(void)style;
	if (!packet(r)->in_dwords) {
		vsharp_json_array_begin(j, "dwords");
		packet(r)->in_dwords = true;
	}
	vsharp_json_object_begin(j, NULL);
	if (label)
		vsharp_json_str(j, "name", label);
	if (reg >= 0)
		vsharp_json_uint(j, "reg", (uint64_t)reg);
	vsharp_json_uint(j, "value", v);
}

static void field(struct pm4_render *r, const struct pm4_field *f)
{
	struct vsharp_json *j = writer(r);

	if (!self(r)->in_fields) {
		vsharp_json_object_begin(j, "fields");
		self(r)->in_fields = true;
	}
	vsharp_json_object_begin(j, f->name);
	vsharp_json_uint(j, "value", f->value);
	vsharp_json_uint(j, "hi", f->hi);
	vsharp_json_uint(j, "lo", f->lo);
	if (f->kind == PM4_FIELD_COUNT || f->kind == PM4_FIELD_BYTES)
		vsharp_json_uint(j, f->kind == PM4_FIELD_BYTES ? "bytes" : "count", f->decoded);
	if (f->decoded_wave32)
		vsharp_json_uint(j, "count_wave32", f->decoded_wave32);
	if (f->enum_name)
		vsharp_json_str(j, "enum", f->enum_name);
	vsharp_json_object_end(j);
}

static void fields_end(struct pm4_render *r, uint32_t other)
{
	vsharp_json_object_end(writer(r));
	self(r)->in_fields = false;
	if (other)
		vsharp_json_uint(writer(r), "other", other);
}

static void value_hex64(struct pm4_render *r, const char *key, uint64_t v)
{
	vsharp_json_hex(writer(r), key, v);
}

static void value_end(struct pm4_render *r)
{
	vsharp_json_object_end(writer(r));
}

static void note(struct pm4_render *r, const char *s)
{
	struct packet *p = packet(r);

	if (p->n_notes < NOTES_MAX)
		snprintf(p->notes[p->n_notes++], NOTE_BYTES, "%s", s);
}

static void pair(struct pm4_render *r, const char *lo_label, const char *hi_label,
		 const char *key, uint32_t lo, uint32_t hi)
{
	char *row = self(r)->row_note;
	size_t used = strlen(row);

	value_begin(r, lo_label, -1, lo, PM4_VALUE_HEX8);
	value_end(r);
	value_begin(r, hi_label, -1, hi, PM4_VALUE_HEX8);
	value_end(r);
	snprintf(row + used, NOTE_BYTES - used, "%s%s=0x%" PRIx64, used ? " " : "", key,
		 (uint64_t)hi << 32 | lo);
}

static void row_end(struct pm4_render *r)
{
	char *row = self(r)->row_note;

	if (!row[0])
		return;
	note(r, row);
	row[0] = '\0';
}

static void vsharp(struct pm4_render *r, unsigned first, const uint32_t dw[4],
		   const struct vsharp_buffer *b)
{
	struct packet *p = packet(r);

	if (p->n_vsharps < ARRAY_SIZE(p->vsharps))
		p->vsharps[p->n_vsharps++] = (struct user_vsharp){ first, { dw[0], dw[1], dw[2], dw[3] }, *b };
}

/* In "raw" beside "dwords", never inside it. */
static void raw(struct pm4_render *r, const uint32_t *dw, unsigned n)
{
	struct vsharp_json *j = writer(r);

	close_dwords(r);
	vsharp_json_array_begin(j, "raw");
	for (unsigned i = 0; i < n; i++)
		vsharp_json_uint(j, NULL, dw[i]);
	vsharp_json_array_end(j);
}

/* The IB's stream is a member of the packet that points at it. */
static void ib_begin(struct pm4_render *r, uint64_t va, unsigned dwords, unsigned depth)
{
	struct vsharp_json *j = writer(r);

	close_dwords(r);
	vsharp_json_object_begin(j, "ib");
	vsharp_json_hex(j, "va", va);
	vsharp_json_uint(j, "dwords", dwords);
	vsharp_json_uint(j, "depth", depth);
	self(r)->ib++;
}

static void ib_end(struct pm4_render *r, uint64_t va)
{
	(void)va;
	self(r)->ib--;
	vsharp_json_object_end(writer(r));
}

static const struct pm4_render_ops json_ops = {
	.begin = begin,
	.end = end,
	.stream_begin = stream_begin,
	.stream_error = stream_error,
	.unparsed = unparsed,
	.stream_end = stream_end,
	.packet_begin = packet_begin,
	.packet_end = packet_end,
	.value_begin = value_begin,
	.field = field,
	.fields_end = fields_end,
	.value_hex64 = value_hex64,
	.value_end = value_end,
	.pair = pair,
	.row_end = row_end,
	.note = note,
	.vsharp = vsharp,
	.raw = raw,
	.ib_begin = ib_begin,
	.ib_end = ib_end,
};

struct pm4_render *pm4_render_json(FILE *out)
{
	struct json_render *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->r.ops = &json_ops;
	t->r.out = out;
	vsharp_json_init(&t->j, out);
	return &t->r;
}
