// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode` as text: "%5u: " and the packet, then its values
 * indented by 8, one row per line.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "pm4/render.h"
#include "vsharp/format.h"

struct text_render {
	struct pm4_render r;
	bool line_open;		/* a row has values on the current line */
};

static struct text_render *self(struct pm4_render *r)
{
	return (struct text_render *)r;
}

static void begin(struct pm4_render *r, enum vsharp_gfx level, const struct vsharp_ring_dump *ring,
		  unsigned pending)
{
	(void)level;
	if (ring)
		fprintf(r->out, "ring: %zu dwords, rptr %u, wptr %u, driver wptr %u: %u dwords pending%s\n",
			ring->n, ring->rptr, ring->wptr, ring->driver_wptr, pending,
			pending ? "" : " (idle)");
}

static void nothing(struct pm4_render *r)
{
	(void)r;
}

static void stream_error(struct pm4_render *r, unsigned slot, const char *msg)
{
	fprintf(r->out, "%5u: error: %s\n", slot, msg);
}

static void unparsed(struct pm4_render *r, unsigned slot, uint32_t dw)
{
	fprintf(r->out, "%5u: 0x%08x\n", slot, dw);
}

static void packet_begin(struct pm4_render *r, unsigned slot, uint32_t header, const char *name)
{
	unsigned type = header >> 30, count = header >> 16 & 0x3fff, opcode = header >> 8 & 0xff;
	const char *st0 = header & 2 ? "" : " shader_type=0";

	fprintf(r->out, "%5u: ", slot);
	if (type == 1)
		fprintf(r->out, "type-1 header 0x%08x (no such packet on GCN and later; one dword skipped)",
			header);
	else if (type == 2)
		fputs("TYPE2 filler", r->out);
	else if (type == 0)
		fprintf(r->out, "TYPE0 reg 0x%04x (%u)", header & 0xffff, count);
	else if (opcode == VSHARP_PKT3_NOP && count == 0x3fff)
		fputs("NOP (0x3fff, one dword)", r->out);
	else if (name)
		fprintf(r->out, "%s (%u)%s", name, count, st0);
	else
		fprintf(r->out, "opcode 0x%02x (%u)%s", opcode, count, st0);
	fputc('\n', r->out);
}

/* A row's values share a line: the first indented, the others after a blank. */
static void row_item(struct pm4_render *r)
{
	fputs(self(r)->line_open ? " " : "        ", r->out);
	self(r)->line_open = true;
}

static void value_begin(struct pm4_render *r, const char *label, int64_t reg, uint32_t v,
			enum pm4_value_style style)
{
	row_item(r);
	if (style == PM4_VALUE_REG && label)
		fprintf(r->out, "%s = 0x%08x", label, v);
	else if (style == PM4_VALUE_REG)	/* Mesa names registers by byte address: R_028A90 for 0xa2a4. */
		fprintf(r->out, "reg 0x%04" PRIx64 " (R_%06" PRIX64 ") = 0x%08x", reg, reg * 4, v);
	else
		fprintf(r->out, style == PM4_VALUE_HEX8 ? "%s=0x%08x" :
				style == PM4_VALUE_HEX ? "%s=0x%x" : "%s=%u", label, v);
}

static void field(struct pm4_render *r, const struct pm4_field *f)
{
	/* A field of the whole dword is the value the line shows already. */
	if (f->lo == 0 && f->hi == 31 && !f->enum_name)
		return;
	switch (f->kind) {
	case PM4_FIELD_FLAG:
		if (f->value)
			fprintf(r->out, " %s", f->name);
		break;
	case PM4_FIELD_HEX:
		fprintf(r->out, f->enum_name ? " %s=0x%x(%s)" : " %s=0x%x", f->name, f->value,
			f->enum_name);
		break;
	case PM4_FIELD_COUNT:
		fprintf(r->out, " %s=%u(%u", f->name, f->value, f->decoded);
		if (f->decoded_wave32)
			fprintf(r->out, " w64, %u w32", f->decoded_wave32);
		fputc(')', r->out);
		break;
	case PM4_FIELD_BYTES:
		fprintf(r->out, " %s=%u(%u bytes)", f->name, f->value, f->decoded);
		break;
	case PM4_FIELD_DEC:
		fprintf(r->out, f->enum_name ? " %s=%u(%s)" : " %s=%u", f->name, f->value, f->enum_name);
	}
}

static void fields_end(struct pm4_render *r, uint32_t other)
{
	if (other)
		fprintf(r->out, " other=0x%x", other);
}

static void value_hex64(struct pm4_render *r, const char *key, uint64_t v)
{
	fprintf(r->out, " %s=0x%" PRIx64, key, v);
}

static void pair(struct pm4_render *r, const char *lo_label, const char *hi_label,
		 const char *key, uint32_t lo, uint32_t hi)
{
	(void)lo_label;
	(void)hi_label;
	row_item(r);
	fprintf(r->out, "%s=0x%" PRIx64, key, (uint64_t)hi << 32 | lo);
}

static void row_end(struct pm4_render *r)
{
	if (self(r)->line_open)
		fputc('\n', r->out);
	self(r)->line_open = false;
}

static void note(struct pm4_render *r, const char *s)
{
	fprintf(r->out, "        %s\n", s);
}

static void vsharp(struct pm4_render *r, unsigned first, const uint32_t dw[4],
		   const struct vsharp_buffer *b)
{
	char fmt[40];

	(void)dw;
	vsharp_format_name(b->format, fmt, sizeof(fmt));
	fprintf(r->out, "        USER_DATA_%u..%u as a V#: base=0x%" PRIx64 " stride=%u num_records=%u"
		" format=%s dst_sel=%c%c%c%c\n", first, first + 3, b->base, b->stride, b->num_records,
		fmt, "01??XYZW"[b->dst_sel[0] & 7], "01??XYZW"[b->dst_sel[1] & 7],
		"01??XYZW"[b->dst_sel[2] & 7], "01??XYZW"[b->dst_sel[3] & 7]);
}

static void raw(struct pm4_render *r, const uint32_t *dw, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		fprintf(r->out, "%s0x%08x%s", i % 8 ? " " : "        ", dw[i],
			i % 8 == 7 || i + 1 == n ? "\n" : "");
}

static void ib_begin(struct pm4_render *r, uint64_t va, unsigned dwords, unsigned depth)
{
	fprintf(r->out, "--- IB 0x%" PRIx64 " (%u dwords, depth %u) ---\n", va, dwords, depth);
}

static void ib_end(struct pm4_render *r, uint64_t va)
{
	fprintf(r->out, "--- end of IB 0x%" PRIx64 " ---\n", va);
}

static const struct pm4_render_ops text_ops = {
	.begin = begin,
	.end = nothing,
	.stream_begin = nothing,
	.stream_error = stream_error,
	.unparsed = unparsed,
	.stream_end = nothing,
	.packet_begin = packet_begin,
	.packet_end = nothing,
	.value_begin = value_begin,
	.field = field,
	.fields_end = fields_end,
	.value_hex64 = value_hex64,
	.value_end = nothing,
	.pair = pair,
	.row_end = row_end,
	.note = note,
	.vsharp = vsharp,
	.raw = raw,
	.ib_begin = ib_begin,
	.ib_end = ib_end,
};

struct pm4_render *pm4_render_text(FILE *out)
{
	struct text_render *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->r.ops = &text_ops;
	t->r.out = out;
	return &t->r;
}
