// SPDX-License-Identifier: MIT
/*
 * The buffer unit of the reference model: address, range check, alignment
 * and data of MUBUF and MTBUF instructions.  Documentation/model.rst has
 * the rules with their sources.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/bytes.h"
#include "base/util.h"
#include "vsharp/convert.h"
#include "vsharp/model.h"

static const char *const align_names[VSHARP_ALIGN_COUNT] = {
	"dword", "dword_strict", "strict", "unaligned",
};

static const char *const range_texts[VSHARP_RANGE_COUNT] = {
	[VSHARP_RANGE_NONE] = "no range check (private buffer)",
	[VSHARP_RANGE_ADDR64] = "no range check (ADDR64)",
	[VSHARP_RANGE_EMPTY] = "out of range only if num_records == 0",
	[VSHARP_RANGE_INDEX] = "index >= num_records",
	[VSHARP_RANGE_INDEX_OFFSET_GE] = "index >= num_records || offset >= stride",
	[VSHARP_RANGE_INDEX_OFFSET_GT] = "index >= num_records || offset > stride",
	[VSHARP_RANGE_INDEX_PAYLOAD] = "index >= num_records || offset + payload > stride",
	[VSHARP_RANGE_OFFSET_GE] = "offset >= num_records",
	[VSHARP_RANGE_OFFSET_GE_SOFF] = "offset >= num_records - soffset",
	[VSHARP_RANGE_LINEAR_GE_SOFF] = "stride * index + offset >= num_records - soffset",
	[VSHARP_RANGE_PAYLOAD] = "offset + payload > num_records - soffset",
	[VSHARP_RANGE_PAYLOAD_DWORDS] = "offset + payload (dwords) > num_records - soffset",
	[VSHARP_RANGE_SWIZZLED_GE] = "swizzled offset >= num_records",
};

const char *vsharp_align_mode_name(enum vsharp_align_mode m)
{
	return (unsigned)m < VSHARP_ALIGN_COUNT ? align_names[m] : "?";
}

int vsharp_align_mode_parse(const char *name, enum vsharp_align_mode *m,
			    struct vsharp_error *err)
{
	for (int i = 0; i < VSHARP_ALIGN_COUNT; i++) {
		if (!strcmp(name, align_names[i])) {
			*m = i;
			return 0;
		}
	}
	return vsharp_fail(err, -EINVAL,
			   "align-mode: unknown mode '%s' (allowed dword, dword_strict, strict, unaligned)",
			   name);
}

const char *vsharp_range_text(enum vsharp_range r)
{
	return (unsigned)r < VSHARP_RANGE_COUNT ? range_texts[r] : "?";
}

static enum vsharp_range choose_range(const struct vsharp_buffer_plan *p)
{
	const struct vsharp_buffer_access *a = &p->a;
	const struct vsharp_buffer *b = &p->buf;
	const uint8_t *rule = a->rules.choice;
	bool swz_stride = b->swizzle && p->stride;

	if (a->addr64)
		return VSHARP_RANGE_ADDR64;
	if (a->level <= VSHARP_GFX8) {
		/* CLRX GcnMemHandling; GFX8 counts bytes unless swizzled (radeonsi). */
		if (rule[VSHARP_RULE_GCN_RANGE] == VSHARP_GCN_RANGE_CLRX)
			return p->stride && (a->idxen || b->add_tid) ?
			       VSHARP_RANGE_INDEX_OFFSET_GE : VSHARP_RANGE_LINEAR_GE_SOFF;
		return swz_stride ? VSHARP_RANGE_INDEX_OFFSET_GE : VSHARP_RANGE_LINEAR_GE_SOFF;
	}
	if (a->level == VSHARP_GFX9) {
		/* ISA-V §8.1.5: private, structured, raw. */
		if (b->add_tid && !a->idxen)
			return VSHARP_RANGE_NONE;
		if (a->idxen && p->stride)
			return VSHARP_RANGE_INDEX;
		return rule[VSHARP_RULE_GFX9_RAW_SOFFSET] == VSHARP_GFX9_RAW_SOFFSET_EXCLUDED ?
		       VSHARP_RANGE_OFFSET_GE : VSHARP_RANGE_OFFSET_GE_SOFF;
	}
	switch (b->oob_select) {
	case VSHARP_OOB_STRUCTURED_WITH_OFFSET:
		if (a->level >= VSHARP_GFX11)
			return VSHARP_RANGE_INDEX_PAYLOAD;
		switch (rule[VSHARP_RULE_GFX10_STRUCT_OFFSET]) {
		case VSHARP_GFX10_STRUCT_GT: return VSHARP_RANGE_INDEX_OFFSET_GT;
		case VSHARP_GFX10_STRUCT_PAYLOAD: return VSHARP_RANGE_INDEX_PAYLOAD;
		default: return VSHARP_RANGE_INDEX_OFFSET_GE;
		}
	case VSHARP_OOB_STRUCTURED:
		return VSHARP_RANGE_INDEX;
	case VSHARP_OOB_DISABLED:
		return VSHARP_RANGE_EMPTY;
	default:
		if (a->level >= VSHARP_GFX11)
			return swz_stride ? VSHARP_RANGE_INDEX_PAYLOAD : VSHARP_RANGE_PAYLOAD;
		switch (rule[VSHARP_RULE_GFX10_RAW]) {
		case VSHARP_GFX10_RAW_OFFSET_GE:
			return b->swizzle ? VSHARP_RANGE_SWIZZLED_GE : VSHARP_RANGE_OFFSET_GE;
		case VSHARP_GFX10_RAW_PAYLOAD_DWORDS:
			return swz_stride ? VSHARP_RANGE_INDEX_PAYLOAD : VSHARP_RANGE_PAYLOAD_DWORDS;
		default:
			return swz_stride ? VSHARP_RANGE_INDEX_PAYLOAD : VSHARP_RANGE_PAYLOAD;
		}
	}
}

/* Alignment the instruction needs and what misalignment does (R3 §9.5). */
static void choose_alignment(struct vsharp_buffer_plan *p)
{
	const struct vsharp_buffer_access *a = &p->a;
	const uint8_t *rule = a->rules.choice;
	unsigned n = p->bytes < 4 ? p->bytes : 4;
	/*
	 * GFX6 has no SH_MEM_CONFIG and no unaligned buffer access (LLVM
	 * FeatureUnalignedBufferAccess from CI): "For 32-bit and wider
	 * operations, an address are aligned to 4 bytes. For 16-bit operations,
	 * an address are aligned to 2 bytes" (CLRX GcnMemHandling), DWORD mode.
	 */
	enum vsharp_align_mode mode = a->level == VSHARP_GFX6 ? VSHARP_ALIGN_DWORD : a->align;

	if (a->op->data != VSHARP_DATA_DERIVED) {
		/* 1-, 2-byte formats: 1, 2; 4-byte and larger: 4 — in every mode. */
		p->align = n;
		p->align_force = rule[VSHARP_RULE_FORMAT_MISALIGNED] == VSHARP_MISALIGNED_FORCE;
		return;
	}
	if (a->op->kind == VSHARP_OP_ATOMIC) {
		p->align = p->bytes;
		p->align_force = mode == VSHARP_ALIGN_DWORD &&
				 rule[VSHARP_RULE_ATOMIC_MISALIGNED] == VSHARP_MISALIGNED_FORCE;
		return;
	}
	switch (mode) {
	case VSHARP_ALIGN_DWORD:
		p->align = n;
		p->align_force = true;
		break;
	case VSHARP_ALIGN_DWORD_STRICT:
		p->align = n;
		break;
	case VSHARP_ALIGN_STRICT:
		p->align = p->bytes;
		if (p->bytes == 12)
			p->align = rule[VSHARP_RULE_STRICT_B96] == VSHARP_STRICT_B96_16 ? 16 :
				   rule[VSHARP_RULE_STRICT_B96] == VSHARP_STRICT_B96_4 ? 4 : 12;
		break;
	default:
		p->align = 1;
		break;
	}
}

static unsigned swizzle_element_size(const struct vsharp_buffer_plan *p)
{
	const struct vsharp_buffer_access *a = &p->a;

	if (a->level == VSHARP_GFX9 &&
	    a->rules.choice[VSHARP_RULE_GFX9_SWIZZLE_ELEMENT] == VSHARP_GFX9_ES_FROM_BITS)
		return 2u << (a->desc[3] >> 19 & 3);
	return p->buf.element_size;
}

/*
 * The DATA_FORMAT (FORMAT from GFX10) field as stored, whatever it means:
 * that one field, not every field unpacked (once per plan).
 */
static unsigned data_format_field(enum vsharp_gfx level, const uint32_t desc[4])
{
	struct vsharp_field_info f;

	if (!vsharp_field_info(level, VSHARP_F_FORMAT, &f) &&
	    !vsharp_field_info(level, VSHARP_F_DATA_FORMAT, &f))
		return 0;
	return (unsigned)vsharp_field_get(desc, &f);
}

/*
 * Whether the resource is unbound for this instruction.  All 128 bits zero,
 * or the format field zero (INVALID): ISA-V §8.1.4 "that format has specific
 * meaning (unbound resource)"; R3 §9.6 Unbound Resources "keyed off the
 * data-format being set to zero (INVALID), and for MUBUF the add_tid_en =
 * false", R4 §9.6 "for untyped-buffer".  With ADD_TID the GFX8/9 field holds STRIDE[17:14] and
 * GFX10+ skip the test, so an untyped access with ADD_TID is bound.  Untyped
 * instructions replace the format by their own (ISA-V §8.1.4), so a pair no
 * table defines, such as LLVM's SI/CI default RSRC_DATA_FORMAT 8_FLOAT
 * (SIInstrInfo.h, word3 0xf000), only matters to format instructions.
 */
static bool unbound(const struct vsharp_buffer_plan *p)
{
	const struct vsharp_buffer_access *a = &p->a;
	const struct vsharp_op *op = a->op;
	unsigned flags = p->desc_flags;

	if (flags & VSHARP_DESC_UNBOUND)
		return true;
	if (op->data == VSHARP_DATA_DERIVED) {
		if (p->buf.add_tid && a->level >= VSHARP_GFX8)
			return false;
		return data_format_field(a->level, a->desc) == 0;
	}
	return flags & (VSHARP_DESC_INVALID_FORMAT |
			(op->data == VSHARP_DATA_RESOURCE ? VSHARP_DESC_RESERVED_FORMAT : 0));
}

int vsharp_buffer_plan(const struct vsharp_buffer_access *a,
		       struct vsharp_buffer_plan *p, struct vsharp_error *err)
{
	const struct vsharp_op *op = a->op;
	const char *lvl = vsharp_gfx_name(a->level);
	int ret;

	memset(p, 0, sizeof(*p));
	p->a = *a;
	if ((unsigned)a->level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", a->level);
	if (!op || (op->cls != VSHARP_OP_MUBUF && op->cls != VSHARP_OP_MTBUF) ||
	    !vsharp_op_on(op, a->level)) {
		/* An op of another family has no name on this level: give the one it has. */
		const char *name = !op ? "(none)" : vsharp_op_name(op, a->level) ? vsharp_op_name(op, a->level) :
				   op->gcn ? op->gcn : op->rdna;

		return vsharp_fail(err, -EINVAL, "op: %s is not a buffer instruction of %s", name, lvl);
	}
	if ((unsigned)a->align >= VSHARP_ALIGN_COUNT)
		return vsharp_fail(err, -EINVAL, "align-mode: %d is out of range (allowed 0..3)", a->align);
	if (a->level < VSHARP_GFX12 && a->ioffset > 4095)
		return vsharp_fail(err, -ERANGE,
				   "offset: %u does not fit the 12-bit instruction offset on %s (allowed 0..4095)",
				   a->ioffset, lvl);
	if (a->level == VSHARP_GFX12 && a->ioffset > 0x7fffff)
		return vsharp_fail(err, -ERANGE,
				   "offset: %u is not a non-negative 24-bit offset on gfx12 (allowed 0..8388607)",
				   a->ioffset);
	if (a->target && a->target->level != a->level)
		return vsharp_fail(err, -EINVAL, "target: %s is a %s processor, not %s", a->target->name,
				   vsharp_gfx_name(a->target->level), lvl);
	if (a->addr64 && !vsharp_op_addr64(op, a->level))
		return vsharp_fail(err, -EINVAL,
				   "addr64: %s has no ADDR64 bit (allowed on gfx6 and gfx7)", lvl);
	if (a->addr64 && (a->idxen || a->offen))
		return vsharp_fail(err, -EINVAL,
				   "addr64: the VADDR pair is the address, so %s is not allowed with it (allowed addr64 alone)",
				   a->idxen ? "idxen" : "offen");
	if (a->lds && !vsharp_op_lds_modifier(op, a->level))
		return vsharp_fail(err, -EINVAL,
				   "lds: %s cannot load to LDS on %s (allowed with ubyte, sbyte, ushort, sshort, dword, format_x on gfx6..gfx10.3)",
				   vsharp_op_name(op, a->level), lvl);
	if (a->tfe && (op->kind != VSHARP_OP_LOAD || a->lds))
		return vsharp_fail(err, -EINVAL,
				   "tfe: only loads into VGPRs return a TFE status (allowed on buffer loads without lds)");
	if (op->data == VSHARP_DATA_INSTRUCTION) {
		ret = vsharp_format_check(a->level, a->tformat, err);
		if (ret)
			return ret;
	}

	p->desc_flags = vsharp_desc_decode(a->level, a->desc, &p->buf);
	p->ignored = p->desc_flags & VSHARP_DESC_NOT_BUFFER;
	p->unbound = !p->ignored && unbound(p);
	p->stride = p->buf.stride;
	p->format = op->data == VSHARP_DATA_INSTRUCTION ? a->tformat : p->buf.format;
	if (p->desc_flags & VSHARP_DESC_STRIDE_IN_DFMT && op->data != VSHARP_DATA_DERIVED) {
		/* Format instructions read DATA_FORMAT as the format, not STRIDE[17:14]. */
		p->stride &= 0x3fff;
		if (op->data == VSHARP_DATA_RESOURCE) {
			p->format.dfmt = p->buf.stride >> 14;
			p->unbound |= p->format.dfmt == VSHARP_DFMT_INVALID;
		}
	}
	p->element_size = swizzle_element_size(p);
	p->d16_unpacked = (a->target ? a->target : vsharp_target_of(a->level))->d16_unpacked;
	/* LLVM GCNSubtarget.h d16PreservesUnusedBits(): not with SRAM ECC. */
	p->d16_keep = a->rules.choice[VSHARP_RULE_D16_UNUSED_HALF] == VSHARP_D16_PRESERVE &&
		      !((a->target ? a->target : vsharp_target_of(a->level))->quirks & VSHARP_QUIRK_SRAMECC);
	p->bytes = op->data == VSHARP_DATA_DERIVED ? op->bytes :
		   vsharp_dfmt_layout(p->format.dfmt)->bytes;
	if (!p->bytes)
		p->bytes = 4;
	p->n_dwords = (p->bytes + 3) / 4;
	p->all_or_nothing = op->data != VSHARP_DATA_DERIVED || op->kind == VSHARP_OP_ATOMIC;
	p->range = choose_range(p);
	p->nr_soff = p->buf.num_records > a->soffset ? p->buf.num_records - a->soffset : 0;
	choose_alignment(p);
	if (op->kind == VSHARP_OP_LOAD && !a->lds) {
		p->n_vdst = vsharp_op_target_dwords(a->target ? a->target : vsharp_target_of(a->level), op);
		p->n_vdst += a->tfe;
	} else if (op->kind == VSHARP_OP_ATOMIC && a->glc) {
		p->n_vdst = op->bytes / 4;
	}
	return 0;
}

static uint64_t swizzle(uint32_t index, uint64_t offset, uint32_t stride,
			unsigned es, unsigned is)
{
	/* R3 §9.4.2, ISA-V §8.1.5: element_size bytes of each index interleaved. */
	return ((uint64_t)(index / is) * stride + offset / es * es) * is +
	       (uint64_t)(index % is) * es + offset % es;
}

/* Inline: called per dword of every lane, where a call cost as much as the test. */
static inline bool dword_oob(const struct vsharp_buffer_plan *p, uint32_t index,
			     uint64_t off, uint64_t linear, unsigned d)
{
	uint64_t nr = p->buf.num_records, nr_soff = p->nr_soff;
	unsigned chunk = p->bytes - 4 * d < 4 ? p->bytes - 4 * d : 4;

	switch (p->range) {
	case VSHARP_RANGE_NONE:
	case VSHARP_RANGE_ADDR64: return false;
	case VSHARP_RANGE_EMPTY: return nr == 0;
	case VSHARP_RANGE_INDEX: return index >= nr;
	case VSHARP_RANGE_INDEX_OFFSET_GE: return index >= nr || off >= p->stride;
	case VSHARP_RANGE_INDEX_OFFSET_GT: return index >= nr || off > p->stride;
	case VSHARP_RANGE_INDEX_PAYLOAD: return index >= nr || off + chunk > p->stride;
	case VSHARP_RANGE_OFFSET_GE: return off >= nr;
	case VSHARP_RANGE_OFFSET_GE_SOFF: return off >= nr_soff;
	case VSHARP_RANGE_LINEAR_GE_SOFF: return linear >= nr_soff;
	case VSHARP_RANGE_PAYLOAD: return off + chunk > nr_soff;
	case VSHARP_RANGE_PAYLOAD_DWORDS: return off - 4 * d + p->n_dwords > nr_soff;
	case VSHARP_RANGE_SWIZZLED_GE: return linear >= nr;
	default: return true;
	}
}

static uint64_t mem_read(const struct vsharp_memory *m, uint64_t addr, unsigned n,
			 struct vsharp_lane_out *out)
{
	const uint8_t *b = mem_at(m, addr, n, false);

	if (!b) {
		out->fault = true;
		return 0;
	}
	return load_le(b, n);
}

static void mem_write(struct vsharp_memory *m, uint64_t addr, unsigned n, uint64_t v,
		      struct vsharp_lane_out *out)
{
	uint8_t *b = mem_at(m, addr, n, true);

	if (!b)
		out->fault = true;
	else
		store_le(b, n, v);
}

/* The 32-bit (or 16-bit for D16) value of "1" for a number format. */
static uint32_t one(enum vsharp_nfmt nfmt, bool d16)
{
	if (!vsharp_nfmt_is_float(nfmt))
		return 1;
	return d16 ? 0x3c00 : 0x3f800000;
}

/* Component c of a format load, after DST_SEL (RDNA3 Table 42, §9.4.1 note 1). */
static uint32_t format_component(const struct vsharp_buffer_plan *p, unsigned c, bool ok,
				 const uint32_t raw[4])
{
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(p->format.dfmt);
	const struct vsharp_convert_rules *r = &p->a.rules.convert;
	bool d16 = p->a.op->d16 != VSHARP_D16_NONE;
	unsigned sel, ch;

	if (p->a.op->data == VSHARP_DATA_RESOURCE)
		sel = p->buf.dst_sel[c];
	else
		sel = c < l->channels ? VSHARP_SEL_X + c : VSHARP_SEL_0;
	if (sel == VSHARP_SEL_1)
		return one(p->format.nfmt, d16);
	if (sel < VSHARP_SEL_X || !ok)
		return 0;
	ch = sel - VSHARP_SEL_X;
	if (ch >= l->channels)
		return ch == 3 && p->a.rules.choice[VSHARP_RULE_MISSING_CHANNEL] == VSHARP_MISSING_0001 ?
		       one(p->format.nfmt, d16) : 0;
	return d16 ? vsharp_convert_load_d16(p->format.nfmt, l->bits[ch], raw[ch], r) :
		     vsharp_convert_load(p->format.nfmt, l->bits[ch], raw[ch], r);
}

/* Puts a 16-bit result in one half of a VGPR; the other half per rule. */
static uint32_t d16_merge(const struct vsharp_buffer_plan *p, uint32_t old,
			  uint32_t v16, bool high)
{
	uint32_t keep = p->d16_keep ? old : 0;

	return high ? (keep & 0xffff) | v16 << 16 : (keep & 0xffff0000u) | (v16 & 0xffff);
}

static void load_format(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			bool ok, const struct vsharp_memory *mem, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;
	uint8_t elem[16] = { 0 };
	uint32_t raw[4] = { 0 }, comp[4];
	const uint8_t *src;

	if (ok) {
		src = mem_at(mem, out->addr, p->bytes, false);
		if (src)
			memcpy(elem, src, p->bytes);
		else
			out->fault = true;
		vsharp_element_unpack(p->format.dfmt, elem, raw);
	}
	ok = ok && !out->fault;
	for (unsigned c = 0; c < op->comps; c++)
		comp[c] = out->unbound || out->memviol ? 0 : format_component(p, c, ok, raw);

	if (op->d16 == VSHARP_D16_NONE) {
		memcpy(out->vdst, comp, op->comps * sizeof(*comp));
	} else if (op->d16 == VSHARP_D16_HI) {
		out->vdst[0] = d16_merge(p, in->vdst[0], comp[0], true);
	} else if (p->d16_unpacked) {
		/* Unpacked D16 (gfx801-gfx805): one component per VGPR, low half. */
		for (unsigned c = 0; c < op->comps; c++)
			out->vdst[c] = d16_merge(p, in->vdst[c], comp[c], false);
	} else {
		for (unsigned c = 0; c < op->comps; c++)
			out->vdst[c / 2] = c % 2 ? (out->vdst[c / 2] & 0xffff) | comp[c] << 16 :
				 d16_merge(p, in->vdst[c / 2], comp[c], false);
	}
}

static void store_format(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			 struct vsharp_memory *mem, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;
	const struct vsharp_dfmt_layout *l = vsharp_dfmt_layout(p->format.dfmt);
	const struct vsharp_convert_rules *r = &p->a.rules.convert;
	bool fill = p->a.rules.choice[VSHARP_RULE_STORE_FORMAT_FILL] == VSHARP_STORE_FILL_REPLICATE_X;
	uint32_t raw[4] = { 0 };
	unsigned mask = 0;
	uint8_t *dst = mem_at(mem, out->addr, p->bytes, true);

	if (!dst) {
		out->fault = true;
		return;
	}
	for (unsigned m = 0; m < l->channels; m++) {
		unsigned sel = op->data == VSHARP_DATA_RESOURCE ? p->buf.dst_sel[m] :
			       VSHARP_SEL_X + m;
		unsigned k;
		uint32_t v;

		/* Channels whose DST_SEL is a constant are not written. */
		if (sel < VSHARP_SEL_X)
			continue;
		k = sel - VSHARP_SEL_X;
		if (k >= op->comps) {
			if (!fill)
				continue;
			k = 0;
		}
		if (op->d16 == VSHARP_D16_HI)
			v = in->data[0] >> 16;
		else if (op->d16 && p->d16_unpacked)
			v = in->data[k] & 0xffff;
		else if (op->d16)
			v = in->data[k / 2] >> (16 * (k % 2)) & 0xffff;
		else
			v = in->data[k];
		raw[m] = op->d16 ? vsharp_convert_store_d16(p->format.nfmt, l->bits[m], (uint16_t)v, r) :
				   vsharp_convert_store(p->format.nfmt, l->bits[m], v, r);
		mask |= 1u << m;
	}
	vsharp_element_pack(p->format.dfmt, raw, mask, dst);
}

static void load_derived(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			 const struct vsharp_memory *mem, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;

	for (unsigned d = 0; d < p->n_dwords; d++) {
		unsigned chunk = p->bytes - 4 * d < 4 ? p->bytes - 4 * d : 4;
		bool ok = out->in_range >> d & 1 && !out->memviol && !out->unbound;
		uint32_t v = ok ? (uint32_t)mem_read(mem, out->dword_addr[d], chunk, out) : 0;

		if (op->sign && chunk < 4)
			v = sign_extend(v, 8 * chunk);
		if (op->d16)
			out->vdst[0] = d16_merge(p, in->vdst[0], v & 0xffff, op->d16 == VSHARP_D16_HI);
		else
			out->vdst[d] = v;
	}
}

static void store_derived(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			  struct vsharp_memory *mem, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;

	for (unsigned d = 0; d < p->n_dwords; d++) {
		unsigned chunk = p->bytes - 4 * d < 4 ? p->bytes - 4 * d : 4;
		uint32_t v = op->d16 == VSHARP_D16_HI ? in->data[0] >> 16 : in->data[d];

		if (out->in_range >> d & 1)
			mem_write(mem, out->dword_addr[d], chunk, v, out);
	}
}

static void atomic(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
		   struct vsharp_memory *mem, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;
	unsigned w = op->bytes / 4;
	uint64_t src = in->data[0], cmp = in->data[w], old = 0;

	if (w == 2) {
		src |= (uint64_t)in->data[1] << 32;
		cmp = in->data[2] | (uint64_t)in->data[3] << 32;
	}
	if (out->in_range && !out->memviol && !out->unbound) {
		uint8_t *b = mem_at(mem, out->addr, op->bytes, true);

		if (b) {
			old = load_le(b, op->bytes);
			store_le(b, op->bytes, vsharp_atomic_apply(op->atomic, op->bytes, old, src, cmp));
		} else {
			out->fault = true;
		}
	}
	if (p->a.glc) {
		out->vdst[0] = (uint32_t)old;
		if (w == 2)
			out->vdst[1] = (uint32_t)(old >> 32);
	}
}

/* GCN buffer-to-LDS and GFX11 buffer_load_lds_*: one dword per lane into LDS. */
static void load_to_lds(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			const struct vsharp_memory *mem, struct vsharp_lds *lds,
			struct vsharp_lane_out *out)
{
	uint32_t v = 0;
	uint8_t *dst;

	if (p->a.op->data == VSHARP_DATA_DERIVED) {
		struct vsharp_lane_out tmp = *out;

		load_derived(p, in, mem, &tmp);
		v = tmp.vdst[0];
		out->fault = tmp.fault;
	} else {
		struct vsharp_lane_out tmp = *out;

		load_format(p, in, out->in_range && !out->memviol && !out->unbound, mem, &tmp);
		v = tmp.vdst[0];
		out->fault = tmp.fault;
	}
	out->lds_addr = (p->a.m0 & 0xffff) + (in->lane & 63) * 4;
	if (p->a.rules.choice[VSHARP_RULE_LDS_DMA_OFFSET] == VSHARP_LDS_DMA_WITH_IOFFSET)
		out->lds_addr += p->a.ioffset;
	/* ISA-V §8.1.9: lanes whose LDS address leaves the allocation do not write. */
	dst = lds_at(lds, out->lds_addr, 4);
	if (dst) {
		store_le(dst, 4, v);
		out->lds_written = true;
	}
}

/* Where a lane's data moves, and whether it is in range and aligned. */
struct lane_place {
	uint64_t dword_addr[VSHARP_MAX_DWORDS];
	uint64_t addr_unaligned, addr;
	uint32_t index, offset;
	unsigned in_range;
	bool memviol;
};

/*
 * The lane's index, offset, addresses, range and alignment: everything
 * before data moves.  Worked out in locals: a store into the lane's
 * byte-sized output fields may alias the plan for the compiler, which
 * would then reload the plan after each.  Always inlined, so that
 * vsharp_buffer_lane_inside(), which needs only the addresses, gets a
 * copy without the range checks (WITH_RANGE a constant false).
 */
static inline __attribute__((always_inline)) void
lane_place(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in, bool with_range,
	   struct lane_place *l)
{
	const struct vsharp_buffer_access *a = &p->a;
	bool gfx12_swz = a->level >= VSHARP_GFX12 && p->buf.swizzle;
	uint64_t base = p->buf.base + (gfx12_swz ? 0 : a->soffset), mis, addr;
	unsigned n_dwords = p->n_dwords, in_range = 0;
	uint32_t index, offset;
	bool any_oob = false;

	/*
	 * ADDR64 (GFX6/7): the VADDR pair replaces index, stride and swizzle:
	 * "ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET", "No range
	 * checking for 64-bit mode addressing" (CLRX GcnMemHandling).  LLVM
	 * relies on both: SIInstrInfo::legalizeOperands adds the V# base into
	 * VADDR and runs the access with a V# of base 0 and NUM_RECORDS 0
	 * (RSRC_DATA_FORMAT{31-0}).
	 */
	if (a->addr64)
		base += in->vaddr64;

	index = a->addr64 ? 0 : (a->idxen ? in->vindex : 0) + (p->buf.add_tid ? (in->lane & 63) : 0);
	offset = (a->offen ? in->voffset : 0) + a->ioffset;
	/* RDNA4 §9.4.2: the SGPR offset joins the swizzled offset. */
	if (gfx12_swz)
		offset += a->soffset;

	memset(l->dword_addr, 0, sizeof(l->dword_addr));
	for (unsigned d = 0; d < n_dwords; d++) {
		uint64_t off = (uint64_t)offset + 4 * d;
		uint64_t linear = a->addr64 ? off : p->buf.swizzle ?
				  swizzle(index, off, p->stride, p->element_size, p->buf.index_stride) :
				  (uint64_t)p->stride * index + off;

		l->dword_addr[d] = base + linear;
		if (!with_range)
			continue;
		if (dword_oob(p, index, off, linear, d))
			any_oob = true;
		else
			in_range |= 1u << d;
	}
	if (p->all_or_nothing && any_oob)
		in_range = 0;

	l->addr_unaligned = addr = l->dword_addr[0];
	/* A mask, not a division, for the power-of-two sizes of the hot path. */
	mis = p->align & (p->align - 1) ? addr % p->align : addr & (p->align - 1);
	l->memviol = mis && !p->align_force;
	if (mis && p->align_force) {
		for (unsigned d = 0; d < n_dwords; d++)
			l->dword_addr[d] -= mis;
		addr -= mis;
	}
	l->addr = addr;
	l->index = index;
	l->offset = offset;
	l->in_range = in_range;
}

static void lane_addresses(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			   struct vsharp_lane_out *out)
{
	struct lane_place l;

	lane_place(p, in, true, &l);
	/* Field by field: a whole-struct memset dominated the lane loop. */
	memcpy(out->dword_addr, l.dword_addr, sizeof(out->dword_addr));
	memset(out->vdst, 0, sizeof(out->vdst));
	out->addr_unaligned = l.addr_unaligned;
	out->addr = l.addr;
	out->index = l.index;
	out->offset = l.offset;
	out->n_dwords = (uint8_t)p->n_dwords;
	out->in_range = (uint8_t)l.in_range;
	out->memviol = l.memviol;
	out->fault = out->lds_written = false;
	out->n_vdst = 0;
	out->lds_addr = 0;
	out->unbound = p->unbound;
	out->ignored = p->ignored;
}

bool vsharp_buffer_lane_inside(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
			       uint64_t lo, uint64_t hi)
{
	struct lane_place l;

	/*
	 * The data moves at dword_addr[d] (up to 4 bytes each) or at addr (the
	 * whole element of a format or atomic access), nowhere else.
	 */
	lane_place(p, in, false, &l);
	if (l.addr < lo || l.addr > hi || hi - l.addr < p->bytes)
		return false;
	for (unsigned d = 0; d < p->n_dwords; d++)
		if (l.dword_addr[d] < lo || l.dword_addr[d] > hi || hi - l.dword_addr[d] < 4)
			return false;
	return true;
}

void vsharp_buffer_lane(const struct vsharp_buffer_plan *p,
			const struct vsharp_lane_in *in, struct vsharp_memory *mem,
			struct vsharp_lds *lds, struct vsharp_lane_out *out)
{
	const struct vsharp_op *op = p->a.op;
	const struct vsharp_buffer_access *a = &p->a;

	lane_addresses(p, in, out);
	/*
	 * R3 §9.6, R4 §9.6: a resource type that does not match the instruction
	 * makes it ignored: loads return nothing, stores do not alter memory.
	 */
	if (p->ignored) {
		out->n_vdst = (uint8_t)p->n_vdst;
		memcpy(out->vdst, in->vdst, sizeof(out->vdst));
		return;
	}
	if (op->kind == VSHARP_OP_LOAD_LDS || a->lds) {
		load_to_lds(p, in, mem, lds, out);
		return;
	}
	switch (op->kind) {
	case VSHARP_OP_LOAD:
		if (op->data == VSHARP_DATA_DERIVED)
			load_derived(p, in, mem, out);
		else
			load_format(p, in, out->in_range && !out->memviol && !out->unbound, mem, out);
		out->n_vdst = (uint8_t)p->n_vdst;
		/*
		 * The TFE status follows the data and is written only on a NACK
		 * (ISA-V MUBUF TFE field: "fetch can return a NACK that causes a VGPR
		 * write into DST+1"; R4 §10.1.1 "nothing is returned if no thread
		 * experiences a texture fault"): without one it keeps its value.
		 */
		if (a->tfe)
			out->vdst[p->n_vdst - 1] =
				!out->in_range && a->rules.choice[VSHARP_RULE_TFE_OOB] == VSHARP_TFE_OOB_FAIL ?
				1 : in->vdst[p->n_vdst - 1];
		break;
	case VSHARP_OP_STORE:
		if (out->memviol || out->unbound)
			break;
		if (op->data == VSHARP_DATA_DERIVED)
			store_derived(p, in, mem, out);
		else if (out->in_range)
			store_format(p, in, mem, out);
		break;
	case VSHARP_OP_ATOMIC:
		atomic(p, in, mem, out);
		out->n_vdst = (uint8_t)p->n_vdst;
		break;
	}
}

bool vsharp_buffer_plain(const struct vsharp_buffer_plan *p, uint32_t max_offset, uint64_t addr_or)
{
	const struct vsharp_buffer_access *a = &p->a;
	const struct vsharp_op *op = a->op;

	/*
	 * What vsharp_buffer_lane() does with a lane of index 0: load_derived()
	 * or store_derived() of whole dwords at base + soffset + offset + 4d,
	 * once every dword is in range and the first byte aligned.  Anything
	 * that adds an index, converts, swizzles, keeps half a register, reports
	 * a status or targets LDS is left to the model.
	 */
	if (p->ignored || p->unbound || op->data != VSHARP_DATA_DERIVED || op->d16 != VSHARP_D16_NONE ||
	    (op->kind != VSHARP_OP_LOAD && op->kind != VSHARP_OP_STORE) || p->bytes % 4 ||
	    a->lds || a->tfe || a->addr64 || a->idxen || p->buf.add_tid || p->buf.swizzle ||
	    (op->kind == VSHARP_OP_LOAD && p->n_vdst != p->n_dwords))
		return false;
	if (p->align & (p->align - 1) || addr_or & (p->align - 1))
		return false;
	/*
	 * Every range check of dword_oob() with index 0 grows with the offset:
	 * the largest offset in range means every smaller one is.
	 */
	for (unsigned d = 0; d < p->n_dwords; d++) {
		uint64_t off = (uint64_t)max_offset + 4 * d;

		if (dword_oob(p, 0, off, off, d))
			return false;
	}
	return true;
}

int vsharp_buffer_lane_each_choice(const struct vsharp_buffer_access *a, enum vsharp_rule rule,
				   const struct vsharp_lane_in *in, const struct vsharp_memory *mem,
				   struct vsharp_lane_out out[VSHARP_RULE_MAX_CHOICES],
				   struct vsharp_error *err)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(rule);
	uint8_t lds_bytes[64 * 4 + 4096];
	unsigned c;

	if (!info)
		return vsharp_fail(err, -EINVAL, "rule: %d is out of range", rule);
	for (c = 0; c < info->n_choices; c++) {
		struct vsharp_buffer_access v = *a;
		struct vsharp_buffer_plan p;
		struct vsharp_memory scratch = { .va = mem->va, .bytes = NULL, .size = mem->size };
		struct vsharp_lds lds = { lds_bytes, sizeof(lds_bytes) };
		int ret;

		v.rules.choice[rule] = (uint8_t)c;
		ret = vsharp_buffer_plan(&v, &p, err);
		if (ret)
			return ret;
		if (mem->size) {
			scratch.bytes = malloc(mem->size);
			if (!scratch.bytes)
				return vsharp_fail(err, -ENOMEM, "memory: no room for a %llu-byte copy",
						   (unsigned long long)mem->size);
			memcpy(scratch.bytes, mem->bytes, mem->size);
		}
		memset(lds_bytes, 0, sizeof(lds_bytes));
		vsharp_buffer_lane(&p, in, &scratch, &lds, &out[c]);
		free(scratch.bytes);
	}
	return (int)c;
}
