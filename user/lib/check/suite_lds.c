// SPDX-License-Identifier: MIT
/*
 * lds: every DS instruction of the level (single, dual, ST64, ADDTID,
 * atomics, D16, swizzle and permute, BVH stacks, LDS direct and parameter
 * loads), in and out of the LDS allocation,
 * with the M0 clamp where the documents have one, and buffer-to-LDS loads.  Each lane writes inside
 * its own 16-byte LDS slot at offset 0; reads go anywhere.
 */
#include "check/suite.h"

/* More than any level's probe shader has. */
#define MAX_STUBS 1536

/*
 * Lane operations: the swizzle's data and the backward permute's source
 * lanes are any values; the forward permute gets a permutation, since where
 * two lanes send to one the documents disagree on who wins (ISA-V "standard
 * LDS arbitration", R3 "not predictable").  Bits above the lane index vary:
 * the instruction must ignore them.
 */
static void lane_indexes(const struct vsharp_op *op, struct suite_rng *r,
			 struct vsharp_probe_wave *w)
{
	uint8_t perm[64];

	for (unsigned l = 0; l < w->n_lanes; l++)
		perm[l] = (uint8_t)l;
	for (unsigned l = w->n_lanes; l > 1; l--) {
		unsigned k = suite_rand(r, l);
		uint8_t t = perm[l - 1];

		perm[l - 1] = perm[k];
		perm[k] = t;
	}
	for (unsigned l = 0; l < w->n_lanes; l++)
		w->lane[l].vindex = op->ds_addr == VSHARP_DS_PERMUTE ?
				    4 * perm[l] + 4 * w->n_lanes * suite_rand(r, 1024) :
				    suite_u32(r);
}

/*
 * ds_append/ds_consume: the counter at a base inside the allocation, M0 as
 * the level's default reading of append_m0 wants it; a quarter of the waves
 * get a size that leaves the counter out of range.
 */
static void append_m0(enum vsharp_gfx level, struct suite_rng *r, struct vsharp_probe_wave *w)
{
	struct vsharp_rules rules;
	uint32_t base = 16 * suite_rand(r, 48);

	vsharp_rules_default(level, &rules);
	if (rules.choice[VSHARP_RULE_APPEND_M0] == VSHARP_APPEND_M0_ADDRESS)
		w->m0 = base;
	else
		w->m0 = base << 16 | (suite_rand(r, 4) ? 0xffff : suite_rand(r, 512));
}

/*
 * BVH stack ops: lane l's stack starts at LDS dword l, as Mesa's
 * radv_build_bvh_stack_rtn_addr lays out a wave32; ADDR as the level's
 * default rules read it (GFX11 index in [17:0], GFX12 ring_addr [14:10]
 * with the other fields any value).  Indexes stay in the first 8 entries:
 * at a stride of 128 bytes they are the 1 KiB of the probe's LDS.  Nodes are
 * any value, INVALID_NODE, a value with bits [31:3] set, or the last node.
 */
static uint32_t bvh_node(struct suite_rng *r, uint32_t last)
{
	switch (suite_rand(r, 8)) {
	case 0:
	case 1:
		return 0xffffffffu;
	case 2:
		return 0xfffffff8u | suite_rand(r, 7);
	case 3:
		return last;
	default:
		return suite_u32(r);
	}
}

static void bvh_lanes(enum vsharp_gfx level, const struct vsharp_stub *s, struct suite_rng *r,
		      struct vsharp_probe_wave *w)
{
	unsigned size = level >= VSHARP_GFX12 ? s->offset0 : 8u << (s->offset1 >> 4 & 3);

	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];
		unsigned index = size <= 8 ? suite_rand(r, size) : 1 + suite_rand(r, 4);
		uint32_t last = suite_rand(r, 4) ? suite_u32(r) : 0xffffffffu;

		pl->vindex = last;
		for (unsigned d = 0; d < 4; d++) {
			pl->data[d] = bvh_node(r, last);
			pl->vdst[d] = bvh_node(r, last);
		}
		if (level >= VSHARP_GFX12)
			pl->vdst[VSHARP_STUB_BVH_ADDR - 12] = l << 15 | index << 10 |
							      (suite_u32(r) & 0xe00003ffu);
		else
			pl->vdst[VSHARP_STUB_BVH_ADDR - 12] = l << 18 | index;
	}
}

/*
 * LDS direct and parameter loads take everything from M0.  A direct load: a
 * data type the documents define (0, 1, 2, 4, 5) and a dword address, past
 * the allocation in about one wave of 17.  A parameter load: a 128-byte
 * aligned offset and a new-primitive mask over the wave's quads, empty in
 * half the waves so that the higher attributes land in the 1 KiB image too.
 */
static uint32_t ldsdir_m0(const struct vsharp_op *op, unsigned wave_size, struct suite_rng *r)
{
	static const uint32_t types[] = { 0, 1, 2, 4, 5 };

	if (op->ds_addr == VSHARP_DS_DIRECT)
		return types[suite_rand(r, 5)] << 16 | 4 * suite_rand(r, VSHARP_PROBE_LDS / 4 + 16);
	return (suite_rand(r, 2) ? suite_rand(r, 1u << (wave_size / 4 - 1)) : 0) << 16 |
	       128 * suite_rand(r, VSHARP_PROBE_LDS / 128 + 1);
}

static bool wave(enum vsharp_gfx level, unsigned wave_size, enum vsharp_align_mode mode,
		 unsigned k, struct vsharp_probe_wave *w)
{
	static _Thread_local struct vsharp_stub all[MAX_STUBS];
	/* The level's stubs, listed once per level and thread, not per wave. */
	static _Thread_local int listed = -1;
	static _Thread_local unsigned n;
	struct vsharp_stub *s = NULL;
	unsigned lds_size = VSHARP_PROBE_LDS;
	unsigned ds = 0, pick, size;
	struct suite_rng r = suite_seed("lds", level, k);

	if (listed != (int)level) {
		n = vsharp_stubs(level, all, MAX_STUBS);
		listed = (int)level;
	}
	for (unsigned i = 0; i < n; i++)
		ds += all[i].op->cls == VSHARP_OP_DS || all[i].lds ||
		      all[i].op->kind == VSHARP_OP_LOAD_LDS;
	pick = k % ds;
	for (unsigned i = 0; i < n && !s; i++)
		if ((all[i].op->cls == VSHARP_OP_DS || all[i].lds ||
		     all[i].op->kind == VSHARP_OP_LOAD_LDS) && !pick--)
			s = &all[i];
	suite_wave(level, wave_size, s->op, w);
	w->stub = *s;
	size = s->op->bytes < 4 ? (s->op->bytes ? s->op->bytes : 4) : 4;
	if (s->op->cls != VSHARP_OP_DS) {
		/* Buffer to LDS: lane l writes dword l past M0[15:0] (+ instruction offset). */
		w->m0 = 4 * suite_rand(&r, (lds_size - 4 * wave_size) / 4 + 16);
		for (unsigned l = 0; l < w->n_lanes; l++) {
			w->lane[l].voffset = 4 * suite_rand(&r, 512);
			suite_noise(&r, &w->lane[l]);
		}
		suite_fit(level, mode, w);
		return true;
	}
	/* M0: no clamp, a clamp inside the allocation (GFX9/10 documents), or an ADDTID base. */
	if (s->op->ds_addr == VSHARP_DS_ADDTID)
		w->m0 = 4 * suite_rand(&r, lds_size / 4);
	else if (suite_rand(&r, 4) == 0)
		w->m0 = 16 * suite_rand(&r, lds_size / 16 + 4);
	for (unsigned l = 0; l < w->n_lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];
		bool write = s->op->kind != VSHARP_OP_LOAD;

		/* Writes stay aligned in their own slot; reads roam, past the end too. */
		pl->vindex = write ? VSHARP_PROBE_LDS_SLOT * l :
			     size * suite_rand(&r, (lds_size + 64) / size);
		if (suite_rand(&r, 8) == 0)
			pl->vindex = lds_size + 4 * suite_rand(&r, 64);
		suite_noise(&r, pl);
		for (unsigned d = 0; d < 4; d++)
			pl->data[d] = suite_rand(&r, 2) ? suite_rand(&r, 64) : suite_u32(&r);
	}
	if (s->op->kind == VSHARP_OP_LANES)
		lane_indexes(s->op, &r, w);
	if (s->op->ds_addr == VSHARP_DS_APPEND)
		append_m0(level, &r, w);
	if (s->op->kind == VSHARP_OP_STACK)
		bvh_lanes(level, s, &r, w);
	if (s->op->ds_addr == VSHARP_DS_DIRECT || s->op->ds_addr == VSHARP_DS_PARAM)
		w->m0 = ldsdir_m0(s->op, wave_size, &r);
	/* src2 with offset1[7]: VADDR[31:17] is the data term's dword offset. */
	if (s->op->ds_addr == VSHARP_DS_SRC2 && s->offset1 & 0x80)
		for (unsigned l = 0; l < w->n_lanes; l++)
			w->lane[l].vindex = (w->lane[l].vindex & 0x1ffff) |
					    (s->op->bytes / 4 * (suite_rand(&r, 256) - 128)) << 17;
	return true;
}

const struct vsharp_suite vsharp_suite_lds = {
	"lds", "DS addressing, range, M0, data, atomics and buffer-to-LDS loads",
	25600, wave, false,
};
