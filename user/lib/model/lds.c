// SPDX-License-Identifier: MIT
/*
 * The LDS unit of the reference model: DS addressing (single, dual, ST64,
 * ADDTID, LDS direct and parameter loads), the M0 clamp, out-of-range and
 * alignment behaviour, data, and bank conflicts (Documentation/model.rst).
 */
#include <errno.h>
#include <string.h>

#include "model/bytes.h"
#include "model/lds.h"
#include "vsharp/model.h"

/*
 * LDS_DIRECT_LOAD data types, M0[18:16] (R3 §12.4, R4 §12.4, AMD OpenCL
 * guide §10.3.1): bytes read and whether they are sign-extended; 0 bytes for
 * "unused" (3) and "Reserved" (6, 7).
 */
static const struct {
	uint8_t bytes;
	bool sign;
} direct_types[8] = {
	{ 1, false }, { 2, false }, { 4, false }, { 0, false },
	{ 1, true }, { 2, true }, { 0, false }, { 0, false },
};

static unsigned direct_type(uint32_t m0)
{
	return m0 >> 16 & 7;
}

static int ldsdir_check(const struct vsharp_ds_access *a, struct vsharp_error *err)
{
	if (a->op->ds_addr == VSHARP_DS_DIRECT) {
		if (!direct_types[direct_type(a->m0)].bytes)
			return vsharp_fail(err, -EINVAL, "m0: LDS direct data type M0[18:16] is %u (allowed 0, 1, 2, 4, 5: 3 is unused, 6 and 7 reserved)",
					   direct_type(a->m0));
		if (a->m0 & 3)
			return vsharp_fail(err, -EINVAL, "m0: LDS direct address M0[15:0] is 0x%x (allowed a multiple of 4: it \"must be DWORD aligned\")",
					   a->m0 & 0xffff);
		return 0;
	}
	if (a->attr > 32)
		return vsharp_fail(err, -EINVAL, "attr: %u is out of range (allowed 0..32)", a->attr);
	if (a->attr_chan > 3)
		return vsharp_fail(err, -EINVAL, "attr-chan: %u is out of range (allowed 0..3, x..w)",
				   a->attr_chan);
	if (a->m0 & 0x7f)
		return vsharp_fail(err, -EINVAL, "m0: parameter offset M0[15:0] is 0x%x (allowed a multiple of 128: \"bits [6:0] must be set to zero\")",
				   a->m0 & 0xffff);
	return 0;
}

int vsharp_ds_check(const struct vsharp_ds_access *a, struct vsharp_error *err)
{
	if ((unsigned)a->level >= VSHARP_GFX_COUNT)
		return vsharp_fail(err, -EINVAL, "gfx: level %d is out of range", a->level);
	if (!a->op || a->op->cls != VSHARP_OP_DS || !vsharp_op_on(a->op, a->level))
		return vsharp_fail(err, -EINVAL, "op: not a DS instruction of %s",
				   vsharp_gfx_name(a->level));
	if ((unsigned)a->align >= VSHARP_ALIGN_COUNT)
		return vsharp_fail(err, -EINVAL, "align-mode: %d is out of range (allowed 0..3)", a->align);
	if (a->target && a->target->level != a->level)
		return vsharp_fail(err, -EINVAL, "target: %s is a %s processor, not %s", a->target->name,
				   vsharp_gfx_name(a->target->level), vsharp_gfx_name(a->level));
	if (a->wgp && a->level < VSHARP_GFX10)
		return vsharp_fail(err, -EINVAL, "wgp: %s has no WGP mode (allowed gfx10 and later)",
				   vsharp_gfx_name(a->level));
	if (a->op->ds_addr == VSHARP_DS_DIRECT || a->op->ds_addr == VSHARP_DS_PARAM)
		return ldsdir_check(a, err);
	return 0;
}

/* The processor the access runs on. */
static const struct vsharp_target *ds_target(const struct vsharp_ds_access *a)
{
	return a->target ? a->target : vsharp_target_of(a->level);
}

/* The alignment an access needs under a mode, and whether it is forced. */
static unsigned ds_align(const struct vsharp_ds_access *a, unsigned bytes, bool *force)
{
	/* R3 §3.3.4.1: B32 &~3, B64 &~7, B96/B128 &~15. */
	unsigned native = bytes >= 12 ? 16 : bytes, n = bytes < 4 ? bytes : 4;
	enum vsharp_align_mode mode = a->align;

	*force = false;
	/*
	 * R3 §3.3.4.1, R4 §3.3.5.1: DS atomics need their size in every mode;
	 * in DWORD mode the masking may come first (rule ds_atomic_dword).
	 */
	if (a->op->kind == VSHARP_OP_ATOMIC &&
	    (mode != VSHARP_ALIGN_DWORD ||
	     a->rules.choice[VSHARP_RULE_DS_ATOMIC_DWORD] == VSHARP_DS_ATOMIC_DWORD_MEMVIOL))
		return bytes;
	switch (mode) {
	case VSHARP_ALIGN_DWORD:
		/* The pseudo-code masks B32 and wider only (rule ds_b16_dword). */
		if (bytes == 2 &&
		    a->rules.choice[VSHARP_RULE_DS_B16_DWORD] == VSHARP_DS_B16_DWORD_AS_ADDRESSED)
			return 1;
		*force = true;
		return native;
	case VSHARP_ALIGN_DWORD_STRICT:
		return n;
	case VSHARP_ALIGN_STRICT:
		if (bytes == 12)
			return a->rules.choice[VSHARP_RULE_STRICT_B96] == VSHARP_STRICT_B96_4 ? 4 :
			       a->rules.choice[VSHARP_RULE_STRICT_B96] == VSHARP_STRICT_B96_12 ? 12 : 16;
		return bytes;
	default:
		/*
		 * GFX6-8 have no unaligned DS access (LLVM FeatureUnalignedDSAccess
		 * from GFX9): what a misaligned one does is rule gcn_ds_misaligned.
		 */
		if (a->level <= VSHARP_GFX8) {
			switch (a->rules.choice[VSHARP_RULE_GCN_DS_MISALIGNED]) {
			case VSHARP_GCN_DS_ALIGN_DOWN:
				*force = true;
				return native;
			case VSHARP_GCN_DS_MEMVIOL:
				return native;
			default:
				break;
			}
		}
		return 1;
	}
}

/*
 * The bytes of one access that are in range.  Up to GFX11 the whole access is
 * in or out (R3 §LDS out-of-range); GFX12 checks granules, bytes in UNALIGNED
 * mode and dwords otherwise (R4 §3.3.5.1 "Out Of Range").
 */
static uint16_t range_mask(const struct vsharp_ds_access *a, uint32_t addr, unsigned bytes,
			   uint64_t limit)
{
	uint16_t all = (uint16_t)((1u << bytes) - 1), mask = 0;
	unsigned gran = a->align == VSHARP_ALIGN_UNALIGNED ? 1 : 4;

	if (a->level < VSHARP_GFX12)
		return (uint64_t)addr + bytes <= limit ? all : 0;
	for (unsigned i = 0; i < bytes; i++) {
		uint64_t start = ((uint64_t)addr + i) & ~(uint64_t)(gran - 1);

		if (start + gran <= limit)
			mask |= (uint16_t)(1u << i);
	}
	return mask;
}

/* A load: each data dword with any byte out of range reads zero (R4 §3.3.5.1). */
static void read_value(const struct vsharp_lds *lds, uint32_t addr, unsigned bytes,
		       uint16_t mask, uint32_t *v)
{
	unsigned all = (1u << bytes) - 1;
	/* The common case, every byte in range: one check for the access. */
	const uint8_t *whole = (mask & all) == all ? lds_at(lds, addr, bytes) : NULL;

	for (unsigned i = 0; i < (bytes + 3) / 4; i++) {
		unsigned n = bytes - 4 * i < 4 ? bytes - 4 * i : 4;
		unsigned need = ((1u << n) - 1) << (4 * i);
		const uint8_t *b = whole ? whole + 4 * i :
				   (mask & need) == need ? lds_at(lds, addr + 4 * i, n) : NULL;

		v[i] = b ? (uint32_t)load_le(b, n) : 0;
	}
}

/* A store: the bytes in range are written, the others discarded (R4 §3.3.5.1). */
static void write_value(struct vsharp_lds *lds, uint32_t addr, unsigned bytes, uint16_t mask,
			const uint32_t *v)
{
	uint8_t *all = (mask & ((1u << bytes) - 1)) == (1u << bytes) - 1 ?
		       lds_at(lds, addr, bytes) : NULL;

	/* The common case, every byte in range: whole dwords. */
	if (all && bytes % 4 == 0) {
		for (unsigned i = 0; i < bytes / 4; i++)
			store_le(all + 4 * i, 4, v[i]);
		return;
	}
	for (unsigned i = 0; i < bytes; i++) {
		uint8_t *b = mask >> i & 1 ? lds_at(lds, addr + i, 1) : NULL;

		if (b)
			*b = (uint8_t)(v[i / 4] >> (8 * (i % 4)));
	}
}

/*
 * The LDS byte address M0 gives ds_append/ds_consume: "addr = M0.base +
 * offset; // offset by LDS HWBASE, limit to M.size" up to GFX11 (rule
 * append_m0), "addr = offset" on GFX12 (R4 DS_APPEND).  *LIMIT is lowered to
 * the M0 size where M0 has one.
 */
static uint32_t append_base(const struct vsharp_ds_access *a, uint64_t *limit)
{
	if (a->level >= VSHARP_GFX12)
		return 0;
	if (a->rules.choice[VSHARP_RULE_APPEND_M0] == VSHARP_APPEND_M0_ADDRESS)
		return a->m0;
	if ((a->m0 & 0xffff) < *limit)
		*limit = a->m0 & 0xffff;
	return a->m0 >> 16;
}

/* A 15-bit dword count, sign-extended ({x[14], x[14:0]} in the ISA's words). */
static int32_t sext15(uint32_t v)
{
	return (int32_t)((v & 0x7fff) ^ 0x4000) - 0x4000;
}

/*
 * *_src2_* addresses: addr[0] the data term B, addr[1] the second source
 * and destination A (ISA-V DS_ADD_SRC2_U32 "A = ADDR_BASE; B = A +
 * 4*(offset1[7] ? {A[31],A[31:17]} : {offset1[6],offset1[6:0],offset0})").
 * With offset1[7] the AMD OpenCL guide takes A from VGPR(ADDR)[16:0] (rule
 * src2_thread_dest).
 */
static void src2_addresses(const struct vsharp_ds_access *a, uint32_t vaddr,
			   struct vsharp_ds_lane_out *out)
{
	uint32_t offset16 = (uint32_t)a->offset1 << 8 | a->offset0, dest = vaddr;
	int32_t delta = sext15(offset16);

	if (a->offset1 & 0x80) {
		delta = sext15(vaddr >> 17);
		if (a->rules.choice[VSHARP_RULE_SRC2_THREAD_DEST] == VSHARP_SRC2_DEST_17BIT)
			dest = vaddr & 0x1ffff;
	}
	out->addr[0] = dest + 4 * (uint32_t)delta;
	out->addr[1] = dest;
	out->n_addr = 2;
}

/*
 * The LDS byte address of a lane's parameter (R3 §12.2.1, R4 §12.2.1):
 * "LDS_ADDR = lds_base + param_offset + attr#*numPrimsInVector*12DWORDs +
 * prim#*12 + attr_offset", attr_offset 0..11 = P0.x .. P2.w, and lanes 0,
 * 1, 2 of a quad take P0, P10, P20.  M0[30:16] is new_prim_mask[15:1], one
 * bit per quad after the first, which always starts a primitive; wave32
 * leaves M0[30:23] zero.
 */
static uint32_t param_address(const struct vsharp_ds_access *a, uint32_t lane)
{
	uint32_t mask = a->m0 >> 16 & 0x7fff, quad = (lane & 63) / 4;
	uint32_t prims = 1 + (uint32_t)__builtin_popcount(mask);
	/* Quads 1..quad set in the mask: the primitives begun since quad 0's. */
	uint32_t prim = (uint32_t)__builtin_popcount(mask & ((1u << quad) - 1));
	uint32_t dw = a->attr * prims * 12 + prim * 12 + (lane % 4) * 4 + a->attr_chan;

	return (a->m0 & 0xffff) + 4 * dw;
}

/* What every lane of one DS instruction shares, worked out once for a wave. */
struct ds_plan {
	unsigned bytes, w, align;
	bool force, sign;
	bool neg_base;		/* GFX6: a negative ADDR is out of range (rule gfx6_ds_negative_base) */
	bool keep_half;		/* D16: the other half of the VGPR is kept */
	unsigned bug_align;	/* WGP mode with FeatureLdsMisalignedBug: natural alignment; else 0 */
	uint16_t all;
	uint32_t offset16;
	uint32_t append;	/* ds_append/ds_consume: the counter's base */
	uint64_t limit;		/* the end of the LDS the access may reach */
};

static void ds_plan(const struct vsharp_ds_access *a, const struct vsharp_lds *lds, struct ds_plan *p)
{
	const struct vsharp_op *op = a->op;

	p->bytes = op->bytes;
	p->w = p->bytes < 4 ? 1 : p->bytes / 4;
	p->sign = op->sign;
	if (op->ds_addr == VSHARP_DS_DIRECT) {
		p->bytes = direct_types[direct_type(a->m0)].bytes;
		p->sign = direct_types[direct_type(a->m0)].sign;
	}
	p->all = (uint16_t)((1u << p->bytes) - 1);
	p->offset16 = (uint32_t)a->offset1 << 8 | a->offset0;
	p->limit = lds ? lds->size : 0;
	p->append = op->ds_addr == VSHARP_DS_APPEND ? append_base(a, &p->limit) : 0;
	/* GFX6-10 documents: accesses are limited to MIN(M0, LDS_SIZE). */
	if (op->ds_addr != VSHARP_DS_ADDTID && op->ds_addr != VSHARP_DS_APPEND &&
	    op->ds_addr != VSHARP_DS_DIRECT && op->ds_addr != VSHARP_DS_PARAM &&
	    a->rules.choice[VSHARP_RULE_LDS_M0_CLAMP] == VSHARP_LDS_M0_CLAMP && a->m0 < p->limit)
		p->limit = a->m0;
	p->align = ds_align(a, p->bytes, &p->force);
	/*
	 * LLVM SIISelLowering.cpp allowsMisalignedMemoryAccessesImpl: "SI has a
	 * hardware bug in the LDS / GDS bounds checking: if the base address is
	 * negative, then the instruction is incorrectly treated as out-of-bounds
	 * even if base + offsets is in bounds".  The forms whose address is
	 * ADDR + an instruction offset.
	 */
	p->neg_base = a->level == VSHARP_GFX6 &&
		      a->rules.choice[VSHARP_RULE_GFX6_DS_NEGATIVE_BASE] == VSHARP_DS_NEG_BASE_OUT_OF_RANGE &&
		      (op->ds_addr == VSHARP_DS_SINGLE || op->ds_addr == VSHARP_DS_DUAL ||
		       op->ds_addr == VSHARP_DS_DUAL_ST64);
	/* LLVM GCNSubtarget.h d16PreservesUnusedBits(): not with SRAM ECC. */
	p->keep_half = a->rules.choice[VSHARP_RULE_D16_UNUSED_HALF] == VSHARP_D16_PRESERVE &&
		       !(ds_target(a)->quirks & VSHARP_QUIRK_SRAMECC);
	/*
	 * LLVM AMDGPU.td FeatureLdsMisalignedBug, "Some GFX10 bug with
	 * multi-dword LDS and flat access that is not naturally aligned in WGP
	 * mode"; GCNSubtarget.h hasLDSMisalignedBug() is false in CU mode.
	 */
	p->bug_align = 0;
	if (a->wgp && ds_target(a)->quirks & VSHARP_QUIRK_LDS_MISALIGNED_BUG && p->bytes > 4)
		p->bug_align = p->bytes > 8 ? 16 : 8;
}

/* One lane of a per-lane instruction under its plan; OUT is zeroed. */
static void ds_lane(const struct vsharp_ds_access *a, const struct ds_plan *p,
		    const struct vsharp_ds_lane_in *in, struct vsharp_lds *lds,
		    struct vsharp_ds_lane_out *out)
{
	const struct vsharp_op *op = a->op;
	unsigned bytes = p->bytes, w = p->w, align = p->align;
	uint32_t offset16 = p->offset16;
	uint64_t limit = p->limit;
	uint16_t ok[2] = { 0, 0 }, all = p->all;
	bool force = p->force, misaligned = false, sign = p->sign;

	if (op->kind == VSHARP_OP_STACK) {
		vsharp_ds_bvh_stack(a, in, lds, out);
		return;
	}
	/* The fourth lane of each quad gets 0.0: "{P0, P10, P20, 0.0}" (R3 LDS_PARAM_LOAD). */
	if (op->ds_addr == VSHARP_DS_PARAM && in->lane % 4 == 3) {
		out->n_vdst = 1;
		return;
	}
	/* A reserved direct type (vsharp_ds_check() refuses it) reads nothing. */
	if (op->ds_addr == VSHARP_DS_DIRECT && !bytes)
		return;
	switch (op->ds_addr) {
	case VSHARP_DS_SINGLE:
		out->addr[0] = in->vaddr + offset16;
		out->n_addr = 1;
		break;
	case VSHARP_DS_ADDTID:
		/*
		 * R2 DS_WRITE_ADDTID_B32: "LDS_BASE + {OFFSET1,OFFSET0} + M0[15:0] +
		 * TID*4"; R3 §12.5 and R4 M0 tables: "Unsigned byte Offset[15:0]".
		 */
		out->addr[0] = offset16 + (in->lane & 63) * 4 + (a->m0 & 0xffff);
		out->n_addr = 1;
		break;
	case VSHARP_DS_APPEND:
		out->addr[0] = p->append + offset16;
		out->n_addr = 1;
		break;
	case VSHARP_DS_SRC2:
		src2_addresses(a, in->vaddr, out);
		break;
	case VSHARP_DS_DIRECT:
		/* "LDS_addr = M0[15:0] (byte address and must be DWORD aligned)" (R3, R4 §12.4). */
		out->addr[0] = a->m0 & 0xffff;
		out->n_addr = 1;
		break;
	case VSHARP_DS_PARAM:
		out->addr[0] = param_address(a, in->lane);
		out->n_addr = 1;
		break;
	default: {
		/* ISA-V §12: ADJ = 4 for 32-bit, 8 for 64-bit data; ST64 multiplies by 64. */
		uint32_t unit = bytes * (op->ds_addr == VSHARP_DS_DUAL_ST64 ? 64 : 1);

		out->addr[0] = in->vaddr + a->offset0 * unit;
		out->addr[1] = in->vaddr + a->offset1 * unit;
		/* Equal offsets make one access with DATA0 (ISA-V §10.3.3). */
		out->n_addr = a->offset0 == a->offset1 ? 1 : 2;
		break;
	}
	}
	memcpy(out->addr_unaligned, out->addr, sizeof(out->addr));
	for (unsigned k = 0; k < out->n_addr; k++) {
		if (out->addr[k] % align) {
			if (force)
				out->addr[k] -= out->addr[k] % align;
			else
				misaligned = true;
		}
	}
	for (unsigned k = 0; k < out->n_addr; k++) {
		out->byte_in_range[k] = p->neg_base && (int32_t)in->vaddr < 0 ? 0 :
					range_mask(a, out->addr[k], bytes, limit);
		if (p->bug_align && out->addr[k] % p->bug_align)
			out->unreliable = true;
		out->in_range[k] = out->byte_in_range[k] == all;
		/* R4 §3.3.5.1: "LDS operations report MEMVIOL if the LDS-address is out of range". */
		if (a->level >= VSHARP_GFX12 && !out->in_range[k])
			out->memviol = true;
		/* A misaligned access that is not forced moves nothing. */
		ok[k] = misaligned ? 0 : out->byte_in_range[k];
	}
	out->memviol |= misaligned;

	switch (op->kind) {
	case VSHARP_OP_LOAD: {
		uint32_t v[4] = { 0 };

		read_value(lds, out->addr[0], bytes, ok[0], v);
		if (sign && bytes < 4)
			v[0] = sign_extend(v[0], 8 * bytes);
		if (op->d16) {
			uint32_t old = p->keep_half ? in->vdst[0] : 0;

			out->vdst[0] = op->d16 == VSHARP_D16_HI ? (old & 0xffff) | v[0] << 16 :
				       (old & 0xffff0000u) | (v[0] & 0xffff);
			out->n_vdst = 1;
			break;
		}
		/* Loops, not memcpy: W is 1..4 and a call costs more than the copy. */
		for (unsigned i = 0; i < w; i++)
			out->vdst[i] = v[i];
		out->n_vdst = (uint8_t)w;
		if (op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64) {
			if (out->n_addr == 2)
				read_value(lds, out->addr[1], bytes, ok[1], v);
			for (unsigned i = 0; i < w; i++)
				out->vdst[w + i] = v[i];
			out->n_vdst = (uint8_t)(2 * w);
		}
		break;
	}
	case VSHARP_OP_STORE: {
		uint32_t v[4];

		memcpy(v, in->data0, sizeof(v));
		if (op->d16 == VSHARP_D16_HI)
			v[0] >>= 16;
		write_value(lds, out->addr[0], bytes, ok[0], v);
		if (out->n_addr == 2)
			write_value(lds, out->addr[1], bytes, ok[1], in->data1);
		break;
	}
	default: {
		uint64_t d0 = in->data0[0], d1 = in->data1[0], old = 0, src, cmp;
		/* An atomic moves all its bytes or none. */
		uint8_t *b = ok[0] == all ? lds_at(lds, out->addr[0], bytes) : NULL;

		if (bytes == 8) {
			d0 |= (uint64_t)in->data0[1] << 32;
			d1 |= (uint64_t)in->data1[1] << 32;
		}
		/*
		 * src2: MEM[A] = op(MEM[A], MEM[B]).  A data term out of range or
		 * misaligned reads 0 as a load would (inferred; no document says).
		 */
		if (op->ds_addr == VSHARP_DS_SRC2) {
			uint32_t v[2] = { 0, 0 };

			read_value(lds, out->addr[0], bytes, ok[0], v);
			d0 = v[0] | (uint64_t)v[1] << 32;
			b = ok[1] == all ? lds_at(lds, out->addr[1], bytes) : NULL;
		}
		/* GCN ds_cmpst: DATA0 is the compare value; RDNA3 ds_cmpstore: DATA1. */
		src = op->cmp_first ? d1 : d0;
		cmp = op->cmp_first ? d0 : d1;
		if (b) {
			old = load_le(b, bytes);
			store_le(b, bytes, vsharp_atomic_apply(op->atomic, bytes, old, src, cmp));
		}
		if (op->returns) {
			out->vdst[0] = (uint32_t)old;
			out->vdst[1] = (uint32_t)(old >> 32);
			out->n_vdst = (uint8_t)w;
		}
		break;
	}
	}
}

void vsharp_ds_lane(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
		    struct vsharp_lds *lds, struct vsharp_ds_lane_out *out)
{
	struct ds_plan p;

	memset(out, 0, sizeof(*out));
	/* Lane operations touch no LDS memory: vsharp_ds_wave() does them. */
	if (a->op->kind == VSHARP_OP_LANES)
		return;
	ds_plan(a, lds, &p);
	ds_lane(a, &p, in, lds, out);
}

void ds_lanes(const struct vsharp_ds_access *a, const struct vsharp_ds_lane_in *in,
	      unsigned lanes, uint64_t exec, struct vsharp_lds *lds,
	      struct vsharp_ds_lane_out *out)
{
	struct ds_plan p;

	if (a->op->kind == VSHARP_OP_LANES)
		return;
	ds_plan(a, lds, &p);
	for (unsigned i = 0; i < lanes; i++)
		if (exec >> i & 1)
			ds_lane(a, &p, &in[i], lds, &out[i]);
}

bool vsharp_ds_plain(const struct vsharp_ds_access *a, const struct vsharp_lds *lds,
		     struct vsharp_ds_plain *plain)
{
	const struct vsharp_op *op = a->op;
	uint32_t unit;
	struct ds_plan p;

	if ((op->kind != VSHARP_OP_LOAD && op->kind != VSHARP_OP_STORE) || op->d16 != VSHARP_D16_NONE ||
	    (op->ds_addr != VSHARP_DS_SINGLE && op->ds_addr != VSHARP_DS_DUAL &&
	     op->ds_addr != VSHARP_DS_DUAL_ST64))
		return false;
	ds_plan(a, lds, &p);
	/*
	 * ds_lane() of an aligned address inside the limit: no forced
	 * alignment and no MEMVIOL; whole dwords, so no sign or D16 half; the
	 * limit below 2^31, so no negative ADDR (gfx6_ds_negative_base); and
	 * GFX12's granules all in range once the access is (a dword granule
	 * starts at a multiple of 4).  Equal dual offsets are one access.
	 */
	if (p.bytes % 4 || p.bug_align || p.limit >= 1ull << 31 ||
	    (op->ds_addr != VSHARP_DS_SINGLE && a->offset0 == a->offset1))
		return false;
	plain->bytes = p.bytes;
	plain->align = p.align < 4 ? 4 : p.align;
	plain->limit = p.limit;
	if (op->ds_addr == VSHARP_DS_SINGLE) {
		plain->n_addr = 1;
		plain->offset[0] = plain->offset[1] = p.offset16;
		return true;
	}
	unit = p.bytes * (op->ds_addr == VSHARP_DS_DUAL_ST64 ? 64 : 1);
	plain->n_addr = 2;
	plain->offset[0] = a->offset0 * unit;
	plain->offset[1] = a->offset1 * unit;
	return true;
}

unsigned vsharp_lds_bank(const struct vsharp_target *target, uint32_t byte_addr)
{
	return byte_addr / 4 % target->lds_banks;
}

unsigned vsharp_lds_conflicts(const struct vsharp_target *target, const uint32_t *byte_addr,
			      unsigned n, uint8_t *bank)
{
	unsigned degree = n ? 1 : 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned distinct = 0, b = vsharp_lds_bank(target, byte_addr[i]);

		if (bank)
			bank[i] = (uint8_t)b;
		/* Count the distinct dwords before i on the same bank, i's first. */
		for (unsigned j = 0; j < n; j++) {
			bool first = true;

			if (vsharp_lds_bank(target, byte_addr[j]) != b)
				continue;
			for (unsigned k = 0; k < j; k++)
				if (byte_addr[k] >> 2 == byte_addr[j] >> 2)
					first = false;
			distinct += first;
		}
		if (distinct > degree)
			degree = distinct;
	}
	return degree;
}
