// SPDX-License-Identifier: MIT
/*
 * The cases of each named rule: probe waves whose lanes the rule's choices
 * predict differently (discriminating cases) or alike (controls).
 * Documentation/verdicts.rst explains each set; the numbers in the comments
 * are where the choices part.
 */
#include <string.h>

#include "check/suite.h"
#include "base/float_bits.h"
#include "base/util.h"
#include "vsharp/verdict.h"

struct sink {
	enum vsharp_gfx level;
	unsigned wave_size;
	struct vsharp_verdict_wave *out;
	unsigned n, max;
	struct suite_rng rng;
	const char *why;	/* why the cases cannot part the choices on this level, if they cannot */
};

/* The next wave, running OP ("gcn", "rdna" spellings) under MODE; NULL if the level lacks it. */
static struct vsharp_probe_wave *wave(struct sink *k, const char *gcn, const char *rdna,
				      enum vsharp_align_mode mode, bool alone, unsigned lanes)
{
	static struct vsharp_verdict_wave spare;
	const struct vsharp_op *op = suite_op(k->level, gcn, rdna);
	struct vsharp_verdict_wave *v = k->n < k->max ? &k->out[k->n] : &spare;

	if (!op)
		return NULL;
	k->n++;
	suite_wave(k->level, k->wave_size, op, &v->w);
	v->mode = mode;
	v->alone = alone;
	v->w.n_lanes = lanes < k->wave_size ? lanes : k->wave_size;
	for (unsigned l = 0; l < v->w.n_lanes; l++) {
		suite_noise(&k->rng, &v->w.lane[l]);
		for (unsigned d = 0; d < 4; d++)
			v->w.lane[l].data[d] = suite_u32(&k->rng);
	}
	return &v->w;
}

/*
 * A case some choice says raises MEMVIOL: one per dispatch, every lane the
 * same (atomics without the returned value, so that the lanes' order does
 * not show).
 */
static struct vsharp_probe_wave *alone(struct sink *k, const char *gcn, const char *rdna,
				       enum vsharp_align_mode mode, uint32_t voffset)
{
	struct vsharp_probe_wave *w = wave(k, gcn, rdna, mode, true, 64);

	if (!w)
		return NULL;
	w->lane[0].voffset = voffset;
	w->lane[0].vindex = voffset;	/* the address of a DS instruction */
	for (unsigned l = 1; l < w->n_lanes; l++)
		w->lane[l] = w->lane[0];
	return w;
}

/*
 * GFX9 raw buffer, SOFFSET 16, NUM_RECORDS 256: offsets 240..255 are in
 * range if SOFFSET is excluded (ISA-V) and out if it is subtracted (gem5).
 */
static void gfx9_raw_soffset(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED, false, 24);

	w->buf.num_records = 256;
	w->soffset = 16;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].voffset = 192 + 4 * l;
	/* Stores: lane l writes its own 32-byte slot; only lane 8 (offset 268 < 270) parts them. */
	for (unsigned o = 0; o < 2; o++) {
		w = wave(k, "buffer_store_dword", NULL, VSHARP_ALIGN_UNALIGNED, false, 16);
		w->buf.num_records = 270 + 8 * o;
		w->soffset = 16;
		w->slot = 32;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = 32 * l + 12 - 8 * o;
	}
}

/* GFX10 OOB_SELECT 0, stride 16: offset 16 parts gt; 13..15 part payload from ge. */
static void gfx10_struct_offset(struct sink *k)
{
	static const uint32_t offsets[8] = { 8, 12, 13, 14, 15, 16, 17, 20 };

	for (unsigned nr = 2; nr <= 4; nr += 2) {
		struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED,
						   false, 32);

		w->stub.idxen = true;
		w->buf.stride = 16;
		w->buf.num_records = nr;
		w->buf.oob_select = VSHARP_OOB_STRUCTURED_WITH_OFFSET;
		for (unsigned l = 0; l < w->n_lanes; l++) {
			w->lane[l].vindex = l / 8;
			w->lane[l].voffset = offsets[l % 8];
		}
	}
}

/*
 * GFX10 OOB_SELECT 3, NUM_RECORDS 64, SOFFSET 8, a dword at 48..79: 53..55
 * out only with the payload in bytes, 56..63 in only for offset_ge.
 */
static void gfx10_raw(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED, false, 32);

	w->buf.num_records = 64;
	w->soffset = 8;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].voffset = 48 + l;
}

/*
 * GFX6-8 structured load, stride 16, NUM_RECORDS 4: CLRX's index check
 * keeps indices 0..3 in range, the byte reading (radeonsi) only the first
 * 4 bytes.  A raw load (no IDXEN) is checked alike by both: the control.
 */
static void gcn_range(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED, false, 32);

	w->stub.idxen = true;
	w->buf.stride = 16;
	w->buf.num_records = 4;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		w->lane[l].vindex = l / 4;
		w->lane[l].voffset = 4 * (l % 4);
	}
	w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED, false, 32);
	w->buf.stride = 16;
	w->buf.num_records = 64;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].voffset = 4 * l;
}

/*
 * STRICT, 12 bytes: address 4 and 8 pass only with 4-byte alignment, 12,
 * 24 and 36 with 4 or 12; 0 and 48 pass and 1 fails under every choice.
 * LDS addresses are these; a buffer address adds the arena's, which is a
 * multiple of 16 but not known modulo 12 (check/verdict.c tries each).
 */
static void strict_b96(struct sink *k)
{
	static const uint32_t addrs[] = { 0, 1, 4, 8, 12, 24, 36, 48 };

	for (unsigned i = 0; i < ARRAY_SIZE(addrs); i++) {
		alone(k, "buffer_load_dwordx3", "buffer_load_b96", VSHARP_ALIGN_STRICT, addrs[i]);
		alone(k, "ds_read_b96", "ds_load_b96", VSHARP_ALIGN_STRICT, addrs[i]);
	}
}

/* DWORD mode: a misaligned buffer atomic raises MEMVIOL or is aligned down. */
static void atomic_misaligned(struct sink *k)
{
	for (unsigned m = 0; m < 4; m++)
		alone(k, "buffer_atomic_add", "buffer_atomic_add_u32", VSHARP_ALIGN_DWORD, 64 + m);
	for (unsigned m = 0; m < 8; m += 2)
		alone(k, "buffer_atomic_add_x2", "buffer_atomic_add_u64", VSHARP_ALIGN_DWORD, 64 + m);
}

/* Format instructions below their format's alignment (UNALIGNED mode: every mode has it). */
static void format_misaligned(struct sink *k)
{
	static const struct {
		const char *op;
		struct vsharp_format f;
		unsigned step, n;
	} sets[] = {
		{ "buffer_load_format_x", { VSHARP_DFMT_32, VSHARP_NFMT_FLOAT }, 1, 4 },
		{ "buffer_load_format_x", { VSHARP_DFMT_16, VSHARP_NFMT_UINT }, 1, 2 },
		{ "buffer_store_format_x", { VSHARP_DFMT_32, VSHARP_NFMT_UINT }, 2, 2 },
	};

	for (unsigned s = 0; s < ARRAY_SIZE(sets); s++) {
		for (unsigned m = 0; m < sets[s].n; m++) {
			struct vsharp_probe_wave *w = alone(k, sets[s].op, sets[s].op, VSHARP_ALIGN_UNALIGNED,
							    64 + m * sets[s].step);

			w->buf.format = sets[s].f;
		}
	}
}

/* M0 = 256: a dword read at 253 and above is out of range only if M0 clamps. */
static void lds_m0_clamp(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "ds_read_b32", "ds_load_b32", VSHARP_ALIGN_UNALIGNED, false, 64);

	w->m0 = 256;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].vindex = 128 + 16 * l;
}

/* TFE on a raw buffer of 64 bytes: lanes 16 and up are out of range. */
static void tfe_oob(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", "buffer_load_b32", VSHARP_ALIGN_UNALIGNED,
					   false, 32);

	w->stub.tfe = true;
	w->buf.num_records = 64;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].voffset = 4 * l;
}

/*
 * GFX9 swizzled buffer with dw3[20:19] = 3 (USER_VM_ENABLE and USER_VM_MODE
 * on GFX9, ELEMENT_SIZE 16 bytes as GFX8 reads it): indices 1..15 and
 * offsets 4..12 land elsewhere with 16-byte elements.  Run alone: on a GPU
 * those bits may change the address translation.
 */
static void gfx9_swizzle_element(struct sink *k)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", NULL, VSHARP_ALIGN_UNALIGNED, true, 64);

	w->stub.idxen = true;
	w->buf.swizzle = true;
	w->buf.stride = 16;
	w->buf.index_stride = 8;
	w->buf.num_records = 64;
	if (vsharp_desc_encode(k->level, &w->buf, w->desc, NULL) == 0) {
		w->raw_desc = true;
		w->desc[3] |= 3u << 19;
	}
	for (unsigned l = 0; l < w->n_lanes; l++) {
		w->lane[l].vindex = l % 16;
		w->lane[l].voffset = 4 * (l / 16);
	}
}

/* A four-component format load of a one-channel format: W reads 1 or 0. */
static void missing_channel(struct sink *k)
{
	static const struct vsharp_format fmts[] = {
		{ VSHARP_DFMT_32, VSHARP_NFMT_FLOAT }, { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_FLOAT },
	};

	for (unsigned f = 0; f < ARRAY_SIZE(fmts); f++) {
		struct vsharp_probe_wave *w = wave(k, "buffer_load_format_xyzw", "buffer_load_format_xyzw",
						   VSHARP_ALIGN_UNALIGNED, false, 32);

		w->buf.format = fmts[f];
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = 16 * l;
	}
}

/* store_format_x of a two-channel format: Y gets X, or keeps memory. */
static void store_format_fill(struct sink *k)
{
	static const struct vsharp_format fmts[] = {
		{ VSHARP_DFMT_32_32, VSHARP_NFMT_UINT }, { VSHARP_DFMT_32, VSHARP_NFMT_UINT },
	};

	for (unsigned f = 0; f < ARRAY_SIZE(fmts); f++) {
		struct vsharp_probe_wave *w = wave(k, "buffer_store_format_x", "buffer_store_format_x",
						   VSHARP_ALIGN_UNALIGNED, false, 32);

		w->buf.format = fmts[f];
		w->slot = 64;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = 64 * l;
	}
}

/*
 * Buffer-to-LDS, lane l loading the dword at 4 l + 12 with the instruction
 * offset 12: with M0 = 0 the dword lands at LDS 12 + 4 l if the offset
 * counts (with_ioffset) and at 4 l if not.  Controls: M0 = 0xfff0 puts
 * the LDS address past the 1 KiB allocation under both (nothing written),
 * and a load without an offset lands at 4 l under both.
 */
static void lds_dma_offset(struct sink *k)
{
	static const struct {
		uint32_t ioffset, m0;
	} sets[] = { { VSHARP_STUB_LDS_IOFFSET, 0 }, { VSHARP_STUB_LDS_IOFFSET, 0xfff0 }, { 0, 0 } };

	for (unsigned i = 0; i < ARRAY_SIZE(sets); i++) {
		struct vsharp_probe_wave *w = wave(k, "buffer_load_dword", "buffer_load_lds_b32",
						   VSHARP_ALIGN_UNALIGNED, false, 64);

		if (!w)
			return;
		w->stub.lds = w->stub.op->kind != VSHARP_OP_LOAD_LDS;
		w->stub.ioffset = sets[i].ioffset;
		w->m0 = sets[i].m0;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].voffset = 4 * l;
	}
}

/*
 * D16 loads into VGPRs whose other half is noise (odd lanes: zero, the
 * controls).  GFX8 has only the D16 format loads, one component in the low
 * half of each VGPR (unpacked on gfx803); GFX9 adds the rest.
 */
static void d16_unused_half(struct sink *k)
{
	static const char *const ops[][2] = {
		{ "buffer_load_format_d16_x", "buffer_load_d16_format_x" },
		{ "buffer_load_short_d16", "buffer_load_d16_b16" },
		{ "ds_read_u16_d16", "ds_load_u16_d16" },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(ops); i++) {
		struct vsharp_probe_wave *w = wave(k, ops[i][0], ops[i][1], VSHARP_ALIGN_UNALIGNED, false, 32);

		if (!w)
			continue;
		for (unsigned l = 0; l < w->n_lanes; l++) {
			w->lane[l].voffset = 4 * l;
			w->lane[l].vindex = 4 * l;
			if (l % 2)
				w->lane[l].vdst[0] &= 0xffff;
		}
	}
}

/*
 * ds_append with M0 0x00400200: base 0x40 and size 0x200 (base_size), or the
 * address 0x400200, out of range (address).  M0 0x00100010 is out of range
 * both ways: base 0x10 with size 0x10 leaves no room for the counter.
 */
static void append_m0(struct sink *k)
{
	static const uint32_t m0[2] = { 0x00400200, 0x00100010 };

	for (unsigned i = 0; i < 2; i++) {
		struct vsharp_probe_wave *w = wave(k, "ds_append", "ds_append", VSHARP_ALIGN_UNALIGNED,
						   false, 64);

		w->m0 = m0[i];
	}
}

/*
 * ds_add_src2_u32 with offset1[7]: VADDR = 16 * lane + (1 << 17) adds the
 * next dword into the lane's slot if the destination is VADDR[16:0], and is
 * out of range if it is the whole VADDR; VADDR = 16 * lane (the controls)
 * doubles the slot's dword either way.
 */
static void src2_thread_dest(struct sink *k)
{
	for (unsigned i = 0; i < 2; i++) {
		struct vsharp_probe_wave *w = wave(k, "ds_add_src2_u32", NULL, VSHARP_ALIGN_UNALIGNED,
						   false, 32);

		if (!w)
			return;
		w->stub.offset1 = 0x80;
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].vindex = VSHARP_PROBE_LDS_SLOT * l | (i ? 0 : 1u << 17);
	}
}

/*
 * The BVH stack rules: a wave of the level's push4 op (R3
 * ds_bvh_stack_rtn_b32 with 8 entries from OFFSET1, R4
 * ds_bvh_stack_push4_pop1_rtn_b32 with OFFSET0 = 8), lane l's stack at LDS
 * dword l with INDEX in the level's default layout, last node 0x100 and
 * DATA1 = D: the lanes never share an entry, at 128 bytes or at 4 apart.
 */
#define INV 0xffffffffu

static struct vsharp_probe_wave *bvh(struct sink *k, uint32_t index, uint32_t addr_bits,
				     const uint32_t d[4])
{
	bool r4 = k->level >= VSHARP_GFX12;
	struct vsharp_probe_wave *w = wave(k, NULL, r4 ? "ds_bvh_stack_push4_pop1_rtn_b32" :
					   "ds_bvh_stack_rtn_b32", VSHARP_ALIGN_UNALIGNED, false, 32);

	if (!w)
		return NULL;
	w->stub.offset0 = r4 ? 8 : 0;
	w->stub.offset1 = 0;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		pl->vindex = 0x100;
		memcpy(pl->data, d, sizeof(pl->data));
		pl->vdst[VSHARP_STUB_BVH_ADDR - 12] = (r4 ? l << 15 | index << 10 : l << 18 | index) |
						      addr_bits;
	}
	return w;
}

/* One push (DATA1[0]), DATA1[3] returned: the push and the new ADDR show the rule. */
static const uint32_t bvh_push1[4] = { 0x11, INV, INV, 0x44 };
/* Nothing pushed, DATA1[3] returned: every choice agrees (a control). */
static const uint32_t bvh_none[4] = { INV, INV, INV, 0x44 };

/* ADDR[17:16] = 1, index 7: entries 7 and 0 of 8 (offset1), or 7 and 8 of 16 (addr). */
static void bvh_stack_size(struct sink *k)
{
	static const uint32_t two[4] = { 0x11, 0x22, INV, 0x44 };

	bvh(k, 7, 1u << 16, two);
	bvh(k, 2, 0, bvh_push1);
}

/* ADDR l << 15 | 2 << 10: base l, ring 2 (fields), or base l >> 3, index 0x800 | ... (rdna3). */
static void bvh_stack_addr(struct sink *k)
{
	struct vsharp_probe_wave *w;

	bvh(k, 2, 0, bvh_push1);
	/* ADDR 0 means base 0, entry 0 both ways; nothing moves. */
	w = bvh(k, 0, 0, bvh_none);
	for (unsigned l = 0; w && l < w->n_lanes; l++)
		w->lane[l].vdst[VSHARP_STUB_BVH_ADDR - 12] = 0;
}

/* The push at index 1: LDS byte 4 l + 128 (wave32) or 4 l + 4 (dword). */
static void bvh_stack_stride(struct sink *k)
{
	bvh(k, 1, 0, bvh_push1);
	bvh(k, 1, 0, bvh_none);
}

/* A pop at index 3: entry 2 (top) or 3 (literal), whose start bytes differ. */
static void bvh_stack_pop(struct sink *k)
{
	static const uint32_t pop[4] = { INV, INV, INV, INV };

	bvh(k, 3, 0, pop);
	bvh(k, 3, 0, bvh_push1);
}

/* The push at the last of 8 entries: the index becomes 0 (ring) or 8 (counter). */
static void bvh_stack_wrap(struct sink *k)
{
	bvh(k, 7, 0, bvh_push1);
	bvh(k, 2, 0, bvh_push1);
}

/* 0xfffffff9: INVALID_NODE by bits [31:3], a node to push for all_ones. */
static void bvh_invalid_node(struct sink *k)
{
	static const uint32_t low[4] = { 0xfffffff9, INV, INV, 0x44 };

	bvh(k, 2, 0, low);
	bvh(k, 2, 0, bvh_push1);
}

/*
 * push8_pop1 at base l with 0x100 and 0x200 in DATA1[0..1]: the
 * pseudo-code pushes both in that order and pops 0x200, GPURT pushes them
 * the other way, pops 0x100 and counts valid_entries (cases); the push4 op,
 * which GPURT does not emulate, is the same both ways (controls).
 */
static void bvh_push8(struct sink *k)
{
	static const uint32_t two[4] = { 0x100, 0x200, INV, INV };
	struct vsharp_probe_wave *w = wave(k, NULL, "ds_bvh_stack_push8_pop1_rtn_b32",
					   VSHARP_ALIGN_UNALIGNED, false, 32);

	for (unsigned l = 0; w && l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		w->stub.offset0 = 8;
		pl->vindex = INV;
		memcpy(pl->data, two, sizeof(pl->data));
		for (unsigned d = 0; d < 4; d++)
			pl->vdst[d] = INV;
		pl->vdst[VSHARP_STUB_BVH_ADDR - 12] = l << 15;
	}
	bvh(k, 2, 0, bvh_push1);
}

/* An S_BUFFER_LOAD_DWORDX4 with the offset SGPR 0, every lane the same load. */
static void smem_wave(struct sink *k, uint32_t stride, uint32_t num_records)
{
	struct vsharp_probe_wave *w = wave(k, "s_buffer_load_dwordx4", "s_buffer_load_b128",
					   VSHARP_ALIGN_UNALIGNED, false, 64);

	w->buf.stride = stride;
	w->buf.num_records = num_records;
}

/*
 * Stride 0 with 16 records and stride 4 with 4 records: 16 bytes, all four
 * dwords (stride_x_records), or 1 and 4 bytes, the first dword only
 * (records_or_1).  Controls: stride 4 with no records loads nothing either
 * way, stride 4 with 64 records (256 or 64 bytes) all four dwords.
 */
static void smem_size(struct sink *k)
{
	smem_wave(k, 0, 16);
	smem_wave(k, 4, 4);
	smem_wave(k, 4, 0);
	smem_wave(k, 4, 64);
}

/*
 * 8 bytes of a 16-byte load: dwords 2 and 3 keep their start values
 * (keep) or are 0 (zero); 16 bytes (control) load all four.
 */
static void smem_oob(struct sink *k)
{
	smem_wave(k, 0, 8);
	smem_wave(k, 0, 16);
}

/*
 * GFX6 DS with offset 0x104 (the stub's {offset1, offset0} = {1, 4}): ADDR
 * = 4 l - 260 is negative and the sum 4 l in range, so the lane reads (or
 * writes) dword l under wrap and nothing under out_of_range (LLVM's "SI has
 * a hardware bug in the LDS / GDS bounds checking").  Controls: ADDR = 4 l
 * with the same offset, in range both ways.
 */
static void gfx6_ds_negative_base(struct sink *k)
{
	static const char *const ops[] = { "ds_read_b32", "ds_write_b32" };

	for (unsigned i = 0; i < ARRAY_SIZE(ops); i++) {
		for (unsigned neg = 0; neg < 2; neg++) {
			struct vsharp_probe_wave *w = wave(k, ops[i], NULL, VSHARP_ALIGN_UNALIGNED, false, 32);

			if (!w)
				return;
			w->stub.offset0 = 4;
			w->stub.offset1 = 1;
			for (unsigned l = 0; l < w->n_lanes; l++)
				w->lane[l].vindex = 4 * l - (neg ? 260 : 0);
		}
	}
}

/*
 * GFX6-8 DS below its natural alignment (UNALIGNED mode, which GFX9 would
 * honour): a dword at 65..67 and a B64 at 66 and 68 read at 64 (align_down),
 * as addressed, or raise MEMVIOL; the store alike.  Aligned addresses (64)
 * are the controls.  Alone: one choice raises MEMVIOL.
 */
static void gcn_ds_misaligned(struct sink *k)
{
	static const struct {
		const char *op;
		uint32_t addr;
	} cases[] = {
		{ "ds_read_b32", 64 }, { "ds_read_b32", 65 }, { "ds_read_b32", 66 }, { "ds_read_b32", 67 },
		{ "ds_read_b64", 64 }, { "ds_read_b64", 66 }, { "ds_read_b64", 68 },
		{ "ds_read_u16", 65 }, { "ds_write_b32", 66 }, { "ds_write_b64", 68 },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(cases); i++)
		alone(k, cases[i].op, NULL, VSHARP_ALIGN_UNALIGNED, cases[i].addr);
}

/*
 * DWORD mode, a DS atomic without return at 65..67 (B32) and 66, 68 (B64),
 * every lane the same: aligned down (align_down) or MEMVIOL (memviol).
 * Aligned addresses are the controls.
 */
static void ds_atomic_dword(struct sink *k)
{
	static const struct {
		const char *op;
		uint32_t addr;
	} cases[] = {
		{ "ds_add_u32", 64 }, { "ds_add_u32", 65 }, { "ds_add_u32", 66 }, { "ds_add_u32", 67 },
		{ "ds_add_u64", 64 }, { "ds_add_u64", 66 }, { "ds_add_u64", 68 },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(cases); i++)
		alone(k, cases[i].op, cases[i].op, VSHARP_ALIGN_DWORD, cases[i].addr);
}

/*
 * DWORD mode, 16-bit DS loads and stores at byte 0..3 of the lane's LDS
 * slot: at 1 and 3 the access lands a byte lower (native) or where
 * addressed (as_addressed); 0 and 2 are the controls.
 */
static void ds_b16_dword(struct sink *k)
{
	static const char *const ops[][2] = {
		{ "ds_read_u16", "ds_load_u16" },
		{ "ds_write_b16", "ds_store_b16" },
		{ "ds_read_u16_d16", "ds_load_u16_d16" },
	};

	for (unsigned i = 0; i < ARRAY_SIZE(ops); i++) {
		struct vsharp_probe_wave *w = wave(k, ops[i][0], ops[i][1], VSHARP_ALIGN_DWORD, false, 32);

		for (unsigned l = 0; w && l < w->n_lanes; l++)
			w->lane[l].vindex = VSHARP_PROBE_LDS_SLOT * l + l % 4;
	}
}

/* ---- Format conversion (model/convert.c, Documentation/formats.rst) ---- */

/*
 * A format load of FMT, lane l reading the element at arena byte FIRST +
 * 4 l.  Loads read the arena's start pattern (probe.h), whose bytes are
 * all odd: the inputs are what that pattern holds.
 */
static void load_wave(struct sink *k, const char *gcn, const char *rdna, struct vsharp_format fmt,
		      uint32_t first)
{
	struct vsharp_probe_wave *w = wave(k, gcn, rdna, VSHARP_ALIGN_UNALIGNED, false, 64);

	if (!w)
		return;
	w->buf.format = fmt;
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].voffset = first + 4 * l;
}

/* buffer_store_format_x of FMT, lane l storing VALUES[l % n] into its own slot. */
static void store_wave(struct sink *k, struct vsharp_format fmt, const uint32_t *values, unsigned n)
{
	struct vsharp_probe_wave *w = wave(k, "buffer_store_format_x", "buffer_store_format_x",
					   VSHARP_ALIGN_UNALIGNED, false, 64);

	if (!w)
		return;
	w->buf.format = fmt;
	for (unsigned l = 0; l < w->n_lanes; l++) {
		w->lane[l].voffset = w->slot * l;
		w->lane[l].data[0] = values[l % n];
	}
}

#define FMT(d, n) ((struct vsharp_format){ VSHARP_DFMT_##d, VSHARP_NFMT_##n })

/*
 * D16 loads of 32-bit float data: the pattern's f32 values round up to
 * nearest and down toward zero on about half the lanes (the rest and the
 * f16 wave are controls).  A tie needs the f32's 12 low bits zero, which
 * the pattern never has: nearest_even and nearest_away stay together.
 */
static void d16_f32_to_f16(struct sink *k)
{
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(32, FLOAT), 0);
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(32, FLOAT), 1024);
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(16, FLOAT), 0);
}

/*
 * f32 -> f16 stores: 1 + 2^-11 and 1 + 3 * 2^-11 are ties (to even: down
 * and up), 1 + 1.5 * 2^-11 above half, 65520 the tie between the largest
 * f16 and Inf; 1.0 and 0.5 are exact (controls).
 */
static void store_f32_to_f16(struct sink *k)
{
	static const uint32_t v[] = { 0x3f801000, 0x3f803000, 0x3f801800, 0x477ff000, 0xbf801000,
				      0x3f800000, 0x3f000000, 0x3f800800 };

	store_wave(k, FMT(16, FLOAT), v, ARRAY_SIZE(v));
}

/*
 * f32 -> uf11 (X of 10_11_11, 6 mantissa bits): 1 + 2^-7 and 1 + 3 *
 * 2^-7 are ties, 1 + 1.5 * 2^-7 above half; 1.0 and 2.0 exact.
 */
static void packed_float_round(struct sink *k)
{
	static const uint32_t v[] = { 0x3f810000, 0x3f830000, 0x3f818000, 0x3f808000, 0x3f800000,
				      0x40000000 };

	store_wave(k, FMT(10_11_11, FLOAT), v, ARRAY_SIZE(v));
}

/*
 * UNORM8 and SNORM8: (i + 0.5) / 255 (or / 127) for i = 0..15, whose
 * binary32 product with 255 (127) is a tie where it is exact, and
 * (i + 0.7) / 255 above half; i / 255 are the controls.
 */
static void norm_store_round(struct sink *k)
{
	static const struct {
		struct vsharp_format f;
		double scale;
	} fmts[] = { { FMT(8, UNORM), 255.0 }, { FMT(8, SNORM), -127.0 } };
	static const double frac[] = { 0.5, 0.7, 0.0 };

	for (unsigned i = 0; i < ARRAY_SIZE(fmts); i++) {
		uint32_t v[48];

		for (unsigned j = 0; j < ARRAY_SIZE(v); j++)
			v[j] = f32_to_bits((float)((j / 3 + frac[j % 3]) / fmts[i].scale));
		store_wave(k, fmts[i].f, v, ARRAY_SIZE(v));
	}
}

/* USCALED8 and SSCALED16: 0.5, 1.5, 2.5 and -2.5 are ties, 2.7 above half, 3.0 exact. */
static void scaled_store_round(struct sink *k)
{
	static const uint32_t v[] = { 0x3f000000, 0x3fc00000, 0x40200000, 0xc0200000, 0x402ccccd,
				      0x40400000 };

	store_wave(k, FMT(8, USCALED), v, ARRAY_SIZE(v));
	store_wave(k, FMT(16, SSCALED), v, ARRAY_SIZE(v));
}

/*
 * SNORM loads: the most negative code needs zero bits in an even place
 * of some byte for 8, 10, 11 and 16-bit channels, which the pattern never
 * has; the 2-bit W of 2_10_10_10 has it (-2) in a quarter of the lanes,
 * where the level reads it signed (alpha2_unsigned off).
 */
static void snorm_load_clamp(struct sink *k)
{
	struct vsharp_rules r;

	load_wave(k, "buffer_load_format_xyzw", "buffer_load_format_xyzw", FMT(2_10_10_10, SNORM), 0);
	load_wave(k, "buffer_load_format_xyzw", "buffer_load_format_xyzw", FMT(8_8_8_8, SNORM), 0);
	vsharp_rules_default(k->level, &r);
	if (r.choice[VSHARP_RULE_ALPHA2_UNSIGNED] == VSHARP_CONVERT_ON)
		k->why = "the arena's start pattern (odd bytes) holds no most negative 8-, 10-, 11- or 16-bit code, and the level reads the 2-bit one unsigned (alpha2_unsigned on)";
}

/* UINT8, SINT8, UINT16 stores of values past the channel's range (and in it: controls). */
static void int_store_clamp(struct sink *k)
{
	static const uint32_t u[] = { 300, 256, 0xffffffff, 70000, 255, 100, 0 };
	static const uint32_t s[] = { (uint32_t)-200, 200, 0x7fffffff, 0x80000000, (uint32_t)-128, 127, 5 };

	store_wave(k, FMT(8, UINT), u, ARRAY_SIZE(u));
	store_wave(k, FMT(8, SINT), s, ARRAY_SIZE(s));
	store_wave(k, FMT(16, UINT), u, ARRAY_SIZE(u));
}

/* D16 loads of 32-bit UINT and SINT data (the pattern's values are past 16 bits); UINT16 the controls. */
static void d16_int_clamp(struct sink *k)
{
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(32, UINT), 0);
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(32, SINT), 0);
	load_wave(k, "buffer_load_format_d16_x", "buffer_load_d16_format_x", FMT(16, UINT), 0);
}

/*
 * 2_10_10_10 SINT, SSCALED and SNORM loads: W = 2 and 3 read signed (-2,
 * -1) or unsigned (2, 3); SINT W = 0 and 1 and every UNORM lane agree.
 */
static void alpha2_unsigned(struct sink *k)
{
	static const struct vsharp_format fmts[] = {
		FMT(2_10_10_10, SINT), FMT(2_10_10_10, SSCALED), FMT(2_10_10_10, SNORM), FMT(2_10_10_10, UNORM),
	};

	for (unsigned i = 0; i < ARRAY_SIZE(fmts); i++)
		load_wave(k, "buffer_load_format_xyzw", "buffer_load_format_xyzw", fmts[i], 0);
}

static void (*const generators[VSHARP_RULE_COUNT])(struct sink *k) = {
	[VSHARP_RULE_GFX9_RAW_SOFFSET] = gfx9_raw_soffset,
	[VSHARP_RULE_GFX10_STRUCT_OFFSET] = gfx10_struct_offset,
	[VSHARP_RULE_GFX10_RAW] = gfx10_raw,
	[VSHARP_RULE_GCN_RANGE] = gcn_range,
	[VSHARP_RULE_STRICT_B96] = strict_b96,
	[VSHARP_RULE_ATOMIC_MISALIGNED] = atomic_misaligned,
	[VSHARP_RULE_FORMAT_MISALIGNED] = format_misaligned,
	[VSHARP_RULE_LDS_M0_CLAMP] = lds_m0_clamp,
	[VSHARP_RULE_TFE_OOB] = tfe_oob,
	[VSHARP_RULE_GFX9_SWIZZLE_ELEMENT] = gfx9_swizzle_element,
	[VSHARP_RULE_MISSING_CHANNEL] = missing_channel,
	[VSHARP_RULE_STORE_FORMAT_FILL] = store_format_fill,
	[VSHARP_RULE_LDS_DMA_OFFSET] = lds_dma_offset,
	[VSHARP_RULE_D16_UNUSED_HALF] = d16_unused_half,
	[VSHARP_RULE_APPEND_M0] = append_m0,
	[VSHARP_RULE_SRC2_THREAD_DEST] = src2_thread_dest,
	[VSHARP_RULE_BVH_STACK_SIZE] = bvh_stack_size,
	[VSHARP_RULE_BVH_STACK_ADDR] = bvh_stack_addr,
	[VSHARP_RULE_BVH_STACK_STRIDE] = bvh_stack_stride,
	[VSHARP_RULE_BVH_STACK_POP] = bvh_stack_pop,
	[VSHARP_RULE_BVH_STACK_WRAP] = bvh_stack_wrap,
	[VSHARP_RULE_BVH_INVALID_NODE] = bvh_invalid_node,
	[VSHARP_RULE_BVH_PUSH8] = bvh_push8,
	[VSHARP_RULE_SMEM_SIZE] = smem_size,
	[VSHARP_RULE_SMEM_OOB] = smem_oob,
	[VSHARP_RULE_GFX6_DS_NEGATIVE_BASE] = gfx6_ds_negative_base,
	[VSHARP_RULE_GCN_DS_MISALIGNED] = gcn_ds_misaligned,
	[VSHARP_RULE_DS_ATOMIC_DWORD] = ds_atomic_dword,
	[VSHARP_RULE_DS_B16_DWORD] = ds_b16_dword,
	[VSHARP_RULE_D16_F32_TO_F16] = d16_f32_to_f16,
	[VSHARP_RULE_STORE_F32_TO_F16] = store_f32_to_f16,
	[VSHARP_RULE_PACKED_FLOAT_ROUND] = packed_float_round,
	[VSHARP_RULE_NORM_STORE_ROUND] = norm_store_round,
	[VSHARP_RULE_SCALED_STORE_ROUND] = scaled_store_round,
	[VSHARP_RULE_SNORM_LOAD_CLAMP] = snorm_load_clamp,
	[VSHARP_RULE_INT_STORE_CLAMP] = int_store_clamp,
	[VSHARP_RULE_D16_INT_CLAMP] = d16_int_clamp,
	[VSHARP_RULE_ALPHA2_UNSIGNED] = alpha2_unsigned,
};

unsigned vsharp_verdict_cases(enum vsharp_gfx level, enum vsharp_rule rule, unsigned wave_size,
			      struct vsharp_verdict_wave *out, unsigned max, const char **why)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(rule);
	struct sink k = { level, wave_size, out, 0, max, suite_seed("verdicts", level, rule), NULL };

	*why = NULL;
	if (!info || !(info->levels & VSHARP_GFX_BIT(level))) {
		*why = "the rule does not matter on this level";
		return 0;
	}
	if (!vsharp_stubs_level(level)) {
		*why = "no probe shaders for this level";
		return 0;
	}
	if (!generators[rule]) {
		*why = "no cases yet";
		return 0;
	}
	generators[rule](&k);
	*why = k.why;
	return k.n;
}
