// SPDX-License-Identifier: MIT
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu/isa.h"
#include "base/util.h"
#include "vsharp/stubs.h"

/* One of each format shape: sizes 1..16 bytes, packed and plain, every number format. */
const struct vsharp_format vsharp_stub_tformats[] = {
	{ VSHARP_DFMT_8, VSHARP_NFMT_UNORM },
	{ VSHARP_DFMT_8_8, VSHARP_NFMT_SNORM },
	{ VSHARP_DFMT_16, VSHARP_NFMT_FLOAT },
	{ VSHARP_DFMT_16_16, VSHARP_NFMT_UINT },
	{ VSHARP_DFMT_32, VSHARP_NFMT_FLOAT },
	{ VSHARP_DFMT_32_32, VSHARP_NFMT_SINT },
	{ VSHARP_DFMT_32_32_32, VSHARP_NFMT_UINT },
	{ VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT },
	{ VSHARP_DFMT_2_10_10_10, VSHARP_NFMT_UNORM },
	{ VSHARP_DFMT_10_11_11, VSHARP_NFMT_FLOAT },
	{ VSHARP_DFMT_8_8_8_8, VSHARP_NFMT_USCALED },
	{ VSHARP_DFMT_16_16_16_16, VSHARP_NFMT_SNORM },
};
const unsigned vsharp_stub_tformat_count = ARRAY_SIZE(vsharp_stub_tformats);

bool vsharp_stubs_level(enum vsharp_gfx level)
{
	return level >= VSHARP_GFX6 && level < VSHARP_GFX_COUNT;
}

/* The largest instruction offset: 12 bits, 24-bit non-negative on GFX12. */
static uint32_t max_ioffset(enum vsharp_gfx level)
{
	return level >= VSHARP_GFX12 ? 0x7fffff : 4095;
}

struct sink {
	struct vsharp_stub *out;
	unsigned n, max;
};

static void add(struct sink *s, struct vsharp_stub st)
{
	if (s->n < s->max)
		s->out[s->n] = st;
	s->n++;
}

static struct vsharp_stub stub(const struct vsharp_op *op)
{
	struct vsharp_stub s;

	memset(&s, 0, sizeof(s));
	s.op = op;
	s.offen = op->cls != VSHARP_OP_DS && op->cls != VSHARP_OP_SMEM;
	return s;
}

/*
 * Buffer-to-LDS with an instruction offset: whether the offset also moves
 * the LDS address is the lds_dma_offset rule (model/rules.c).
 */
static void lds_ioffset_stub(struct vsharp_stub s, struct sink *k)
{
	s.ioffset = VSHARP_STUB_LDS_IOFFSET;
	add(k, s);
}

static void buffer_stubs(enum vsharp_gfx level, const struct vsharp_op *op, struct sink *k)
{
	struct vsharp_stub s = stub(op);
	bool dword = op->data == VSHARP_DATA_DERIVED && op->bytes == 4 &&
		     op->kind != VSHARP_OP_ATOMIC && !op->d16 && op->kind != VSHARP_OP_LOAD_LDS;

	if (op->cls == VSHARP_OP_MTBUF) {
		for (unsigned f = 0; f < vsharp_stub_tformat_count; f++) {
			s.tformat = vsharp_stub_tformats[f];
			s.idxen = false;
			add(k, s);
			s.idxen = true;
			add(k, s);
		}
		return;
	}
	if (op->kind == VSHARP_OP_ATOMIC) {
		/* CSUB and COND_SUB exist only in the returning form. */
		if (op->atomic != VSHARP_ATOMIC_CSUB && op->atomic != VSHARP_ATOMIC_COND_SUB)
			add(k, s);
		s.glc = true;
		add(k, s);
		return;
	}
	add(k, s);
	if (op->kind == VSHARP_OP_LOAD_LDS) {
		lds_ioffset_stub(s, k);
		return;
	}
	s.idxen = true;
	add(k, s);
	if (dword) {
		/* Addressing: no VGPR, index only, and instruction offsets. */
		s.offen = false;
		add(k, s);
		s.idxen = false;
		add(k, s);
		s.offen = true;
		s.ioffset = 12;
		add(k, s);
		s.idxen = true;
		add(k, s);
		s.idxen = false;
		s.ioffset = max_ioffset(level);
		add(k, s);
		s.ioffset = 0;
		if (vsharp_op_addr64(op, level)) {
			s.offen = false;
			s.addr64 = true;
			s.ioffset = 12;
			add(k, s);
			s.addr64 = false;
			s.offen = true;
			s.ioffset = 0;
		}
	}
	s.idxen = false;
	if (op->kind == VSHARP_OP_LOAD && !op->d16) {
		s.tfe = true;
		add(k, s);
		s.tfe = false;
	}
	if (vsharp_op_lds_modifier(op, level)) {
		s.lds = true;
		add(k, s);
		lds_ioffset_stub(s, k);
	}
}

/*
 * ds_swizzle_b32 offsets, one or more per mode of the ISA's pseudo-code:
 * bit masks (broadcast of lane 0, SWAP16, SWAP1, REVERSE32, REVERSE4,
 * BROADCAST8 of lane 5, a mixed and/or/xor), quad permutes, rotates left
 * and right with and without a mask, FFT masks.
 */
static const uint16_t swizzle_offsets[] = {
	0x0000, 0x401f, 0x041f, 0x7c1f, 0x0c1f, 0x00b8, 0x0837,
	0x801b, 0x8039,
	0xc020, 0xc420, 0xc021, 0xc5e3,
	0xe000, 0xe010, 0xe01f, 0xe005,
};

/* *_src2_* offsets: +4 and -4 dwords, and offset1[7] (the offset in VADDR[31:17]). */
static const uint16_t src2_offsets[] = { 0x0004, 0x7ffc, 0x8000 };

/* Parameter loads: the first attribute's x, a middle one's z, the last one's w. */
static const uint8_t param_attrs[][2] = { { 0, 0 }, { 5, 2 }, { 32, 3 } };

static void ds_stubs(enum vsharp_gfx level, const struct vsharp_op *op, struct sink *k)
{
	static const uint8_t dual[][2] = { { 1, 3 }, { 5, 5 }, { 0, 255 } };
	struct vsharp_stub s = stub(op);

	/*
	 * Stacks of 8 and 16 entries (OFFSET1[5:4] codes 0 and 1, R3), of 4 and
	 * 8 (OFFSET0[4:0], R4): at 128 bytes an entry, 8 fill the probe's LDS.
	 */
	if (op->kind == VSHARP_OP_STACK) {
		for (unsigned i = 0; i < 2; i++) {
			s.offset0 = level >= VSHARP_GFX12 ? (uint8_t)(4u << i) : 0;
			s.offset1 = level >= VSHARP_GFX12 ? 0 : (uint8_t)(i << 4);
			add(k, s);
		}
		return;
	}
	/* LDS direct loads have no operand but VDST: M0 is the whole case. */
	if (op->ds_addr == VSHARP_DS_DIRECT) {
		add(k, s);
		return;
	}
	if (op->ds_addr == VSHARP_DS_PARAM) {
		for (size_t i = 0; i < ARRAY_SIZE(param_attrs); i++) {
			s.attr = param_attrs[i][0];
			s.attr_chan = param_attrs[i][1];
			add(k, s);
		}
		return;
	}

	if (op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64) {
		for (size_t i = 0; i < ARRAY_SIZE(dual); i++) {
			s.offset0 = dual[i][0];
			s.offset1 = dual[i][1];
			add(k, s);
		}
		return;
	}
	if (op->ds_addr == VSHARP_DS_SRC2) {
		for (size_t i = 0; i < ARRAY_SIZE(src2_offsets); i++) {
			s.offset0 = (uint8_t)src2_offsets[i];
			s.offset1 = (uint8_t)(src2_offsets[i] >> 8);
			add(k, s);
		}
		return;
	}
	if (op->ds_addr == VSHARP_DS_SWIZZLE) {
		for (size_t i = 0; i < ARRAY_SIZE(swizzle_offsets); i++) {
			s.offset0 = (uint8_t)swizzle_offsets[i];
			s.offset1 = (uint8_t)(swizzle_offsets[i] >> 8);
			add(k, s);
		}
		return;
	}
	add(k, s);
	/* A 16-bit offset with both bytes set: {offset1, offset0} = 0x104. */
	s.offset0 = op->ds_addr == VSHARP_DS_ADDTID ? 16 : 4;
	s.offset1 = op->ds_addr == VSHARP_DS_ADDTID ? 0 : 1;
	add(k, s);
}

/*
 * S_BUFFER_LOAD: the offset SGPR alone, an immediate alone (16, and 3 where
 * the immediate counts bytes: GFX8+), and both (GFX9+); the x16 loads in
 * two stubs, one per half of the result.
 */
static void smem_stubs(enum vsharp_gfx level, const struct vsharp_op *op, struct sink *k)
{
	static const struct {
		bool soffset;
		uint8_t ioffset;
		enum vsharp_gfx from;
	} forms[] = {
		{ true, 0, VSHARP_GFX6 }, { false, 16, VSHARP_GFX6 }, { false, 3, VSHARP_GFX8 },
		{ true, 16, VSHARP_GFX9 },
	};
	struct vsharp_stub s = stub(op);

	for (size_t i = 0; i < ARRAY_SIZE(forms); i++) {
		if (level < forms[i].from)
			continue;
		s.soffset = forms[i].soffset;
		s.ioffset = forms[i].ioffset;
		for (s.part = 0; 32u * s.part < op->bytes; s.part++)
			add(k, s);
	}
}

unsigned vsharp_stubs(enum vsharp_gfx level, struct vsharp_stub *out, unsigned max)
{
	struct sink k = { out, 0, max };
	const struct vsharp_op *op;
	unsigned i = 0;

	if (!vsharp_stubs_level(level))
		return 0;
	while ((op = vsharp_op_next(level, &i))) {
		if (op->cls == VSHARP_OP_DS)
			ds_stubs(level, op, &k);
		else if (op->cls == VSHARP_OP_SMEM)
			smem_stubs(level, op, &k);
		else
			buffer_stubs(level, op, &k);
	}
	return k.n;
}

__attribute__((format(printf, 3, 4)))
static void append(char *buf, size_t n, const char *fmt, ...)
{
	size_t at = strlen(buf);
	va_list ap;

	if (at + 1 >= n)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + at, n - at, fmt, ap);
	va_end(ap);
}

void vsharp_stub_name(enum vsharp_gfx level, const struct vsharp_stub *s, char *buf, size_t n)
{
	char fmt[40];

	if (!n)
		return;
	buf[0] = '\0';
	append(buf, n, "stub_%s", vsharp_op_name(s->op, level));
	if (s->op->ds_addr == VSHARP_DS_DIRECT)
		return;
	if (s->op->ds_addr == VSHARP_DS_PARAM) {
		append(buf, n, "_attr%u_%c", s->attr, "xyzw"[s->attr_chan & 3]);
		return;
	}
	if (s->op->cls == VSHARP_OP_DS) {
		append(buf, n, "_o%u_%u", s->offset0, s->offset1);
		return;
	}
	if (s->op->cls == VSHARP_OP_SMEM) {
		if (s->soffset)
			append(buf, n, "_soff");
		if (s->ioffset)
			append(buf, n, "_off%u", s->ioffset);
		if (s->op->bytes > 32)
			append(buf, n, "_part%u", s->part);
		return;
	}
	if (s->addr64)
		append(buf, n, "_addr64");
	if (s->idxen)
		append(buf, n, "_idxen");
	if (s->offen)
		append(buf, n, "_offen");
	if (s->ioffset)
		append(buf, n, "_off%u", s->ioffset);
	if (s->glc)
		append(buf, n, "_glc");
	if (s->tfe)
		append(buf, n, "_tfe");
	if (s->lds)
		append(buf, n, "_lds");
	if (s->op->cls == VSHARP_OP_MTBUF)
		append(buf, n, "_fmt_%s", vsharp_format_name(s->tformat, fmt, sizeof(fmt)));
}

static void vregs(char *buf, size_t n, unsigned first, unsigned count)
{
	if (count == 1)
		snprintf(buf, n, "v%u", first);
	else
		snprintf(buf, n, "v[%u:%u]", first, first + count - 1);
}

static unsigned data_regs(const struct vsharp_target *t, const struct vsharp_stub *s)
{
	const struct vsharp_op *op = s->op;

	if (op->kind == VSHARP_OP_ATOMIC)
		return op->bytes / 4 * (op->atomic == VSHARP_ATOMIC_CMPSWAP ||
					op->atomic == VSHARP_ATOMIC_FCMPSWAP ? 2 : 1);
	return vsharp_op_target_dwords(t, op) + s->tfe;
}

/*
 * The operands in LLVM's order: vdst (v12..), address (v4), DATA0 (v8..),
 * DATA1 (v10..); the BVH stack ops' registers are in stubs.h.  An
 * instruction llvm-mc 19 does not know becomes its .long words, the text
 * after them as a comment.
 */
static void ds_asm(enum vsharp_gfx level, const struct vsharp_stub *s, const char *name,
		   char *buf, size_t n)
{
	const struct vsharp_op *op = s->op;
	bool stack = op->kind == VSHARP_OP_STACK;
	struct emu_insn in = {
		.mem = op, .offset0 = s->offset0, .offset1 = s->offset1,
		.vdst = stack ? VSHARP_STUB_BVH_VDST : 12, .ds_addr = stack ? VSHARP_STUB_BVH_ADDR : 4,
		.data0 = stack ? VSHARP_STUB_BVH_DATA0 : 8, .data1 = stack ? VSHARP_STUB_BVH_DATA1 : 10,
	};
	struct vsharp_ds_operands o;
	const char *sep = " ";
	uint32_t words[2];
	char reg[16];

	vsharp_ds_operands(op, &o);
	buf[0] = '\0';
	if (!vsharp_op_llvm19(op, level) && !emu_encode_ds(level, &in, words, NULL))
		append(buf, n, ".long 0x%08x, 0x%08x // ", words[0], words[1]);
	append(buf, n, "%s", name);
	if (o.vdst) {
		vregs(reg, sizeof(reg), in.vdst, o.vdst);
		append(buf, n, "%s%s", sep, reg);
		sep = ", ";
	}
	if (o.addr) {
		append(buf, n, "%sv%u", sep, in.ds_addr);
		sep = ", ";
	}
	if (o.data0) {
		vregs(reg, sizeof(reg), in.data0, o.data0);
		append(buf, n, "%s%s", sep, reg);
		sep = ", ";
	}
	if (o.data1) {
		vregs(reg, sizeof(reg), in.data1, o.data1);
		append(buf, n, "%s%s", sep, reg);
	}
	if (op->ds_addr == VSHARP_DS_PARAM)
		append(buf, n, ", attr%u.%c", s->attr, "xyzw"[s->attr_chan & 3]);
	else if (op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64)
		append(buf, n, " offset0:%u offset1:%u", s->offset0, s->offset1);
	else if (s->offset0 | s->offset1)
		append(buf, n, " offset:%u", s->offset1 << 8 | s->offset0);
}

/* llvm-mc's MTBUF format operand: split names on GFX9, unified names after. */
static void tformat_asm(enum vsharp_gfx level, struct vsharp_format f, char *buf, size_t n)
{
	char name[40];

	if (level < VSHARP_GFX10)
		snprintf(buf, n, " format:[BUF_DATA_FORMAT_%s,BUF_NUM_FORMAT_%s]",
			 vsharp_dfmt_name(f.dfmt), vsharp_nfmt_name(f.nfmt));
	else
		snprintf(buf, n, " format:[BUF_FMT_%s]", vsharp_format_name(f, name, sizeof(name)));
}

/*
 * Start values into the destination SGPRs, the load, a wait, and the part
 * of the result the lane record holds into v12.. (stubs.h).
 */
static void smem_asm(enum vsharp_gfx level, const struct vsharp_stub *s, const char *name,
		     char *buf, size_t n)
{
	unsigned dwords = vsharp_op_data_dwords(level, s->op), first = 8u * s->part;
	unsigned moved = dwords - first < 8 ? dwords - first : 8;
	const unsigned d0 = VSHARP_STUB_SDATA_FIRST;
	char sdata[16];

	buf[0] = '\0';
	for (unsigned d = 0; d < dwords; d++)
		append(buf, n, "s_mov_b32 s%u, 0x%x\n\t", d0 + d, VSHARP_STUB_SDATA_START(d));
	if (dwords == 1)
		snprintf(sdata, sizeof(sdata), "s%u", d0);
	else
		snprintf(sdata, sizeof(sdata), "s[%u:%u]", d0, d0 + dwords - 1);
	append(buf, n, "%s %s, s[8:11], ", name, sdata);
	/* SMRD (GFX6/7) counts the immediate in dwords. */
	if (s->soffset && s->ioffset)
		append(buf, n, "s12 offset:%u", s->ioffset);
	else if (s->soffset)
		append(buf, n, "s12");
	else
		append(buf, n, "%u", level <= VSHARP_GFX7 ? s->ioffset / 4 : s->ioffset);
	append(buf, n, "\n\t%s", level >= VSHARP_GFX12 ? "s_wait_kmcnt 0" : "s_waitcnt lgkmcnt(0)");
	for (unsigned k = 0; k < moved; k++)
		append(buf, n, "\n\tv_mov_b32 v%u, s%u", 12 + k, d0 + first + k);
}

void vsharp_stub_asm(const struct vsharp_target *t, const struct vsharp_stub *s, char *buf, size_t n)
{
	enum vsharp_gfx level = t->level;
	const char *name = vsharp_op_name(s->op, level);
	const char *vaddr = (s->idxen && s->offen) || s->addr64 ? "v[4:5]" : s->idxen ? "v4" :
			    s->offen ? "v5" : "off";
	char data[16], fmt[80] = "", off[24] = "";

	if (s->op->cls == VSHARP_OP_DS) {
		ds_asm(level, s, name, buf, n);
		return;
	}
	if (s->op->cls == VSHARP_OP_SMEM) {
		smem_asm(level, s, name, buf, n);
		return;
	}
	vregs(data, sizeof(data), s->op->kind == VSHARP_OP_STORE ? 8 : 12, data_regs(t, s));
	if (s->op->cls == VSHARP_OP_MTBUF)
		tformat_asm(level, s->tformat, fmt, sizeof(fmt));
	if (s->ioffset)
		snprintf(off, sizeof(off), " offset:%u", s->ioffset);
	if (s->lds || s->op->kind == VSHARP_OP_LOAD_LDS)
		snprintf(buf, n, "%s %s, s[8:11], s12%s%s%s%s", name, vaddr, s->idxen ? " idxen" : "",
			 s->offen ? " offen" : "", off, s->lds ? " lds" : "");
	else
		snprintf(buf, n, "%s %s, %s, s[8:11], s12%s%s%s%s%s%s%s", name, data, vaddr, fmt,
			 s->idxen ? " idxen" : "", s->offen ? " offen" : "", s->addr64 ? " addr64" : "", off,
			 s->glc ? (level >= VSHARP_GFX12 ? " th:TH_ATOMIC_RETURN" : " glc") : "",
			 s->tfe ? " tfe" : "");
}
