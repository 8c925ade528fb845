// SPDX-License-Identifier: MIT
/*
 * The reference model, as `vsharp addr` and the emulator evaluate it:
 * vsharp_buffer_plan on any catalogue entry (ops not on the level
 * included), any V#, modifiers, offsets, M0, format, alignment mode (out of
 * range included) and rule choice; vsharp_buffer_lane for 1..4 lanes with
 * memory and LDS as exact-size heap blocks at a fuzzed address, or absent
 * as `vsharp addr` passes them; the per-choice evaluation; vsharp_ds_check
 * and vsharp_ds_lane, vsharp_ds_wave on 32 or 64 lanes under any EXEC; the
 * LDS bank conflicts on any processor and the atomic operations.
 * Invariants:
 *  - plan and lane sizes stay inside their arrays;
 *  - a lane that is MEMVIOL, unbound or out of range leaves memory untouched;
 *  - DS address and destination counts are in range (none for a lane
 *    operation alone, none for a lane EXEC leaves out, whose quad has no
 *    lane in EXEC for LDS direct and parameter loads);
 *  - banks are below the processor's count, a conflict degree is 1..lanes,
 *    and fewer banks (a divisor of the count) never give a lower degree;
 *  - 4-byte atomics stay within 32 bits;
 *  - refusals name what is wrong and format no NULL string.
 *
 * Input: level, mode (buffer, DS, banks and atomics), then its values.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vsharp/model.h"

#define MEM_MAX 512

static void rules_from(struct fuzz_in *in, enum vsharp_gfx level, struct vsharp_rules *r)
{
	vsharp_rules_default(level, r);
	for (unsigned k = 0; k < VSHARP_RULE_COUNT; k++)
		if (fuzz_u8(in) & 0x80)
			r->choice[k] = (uint8_t)fuzz_below(in, vsharp_rule_info(k)->n_choices);
}

static const struct vsharp_op *op_from(struct fuzz_in *in)
{
	return &vsharp_ops[fuzz_below(in, vsharp_op_count)];
}

static void buffer(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	struct vsharp_error err = { "" };
	struct vsharp_lane_out each[VSHARP_RULE_MAX_CHOICES];
	unsigned mem_size = fuzz_below(in, MEM_MAX + 1), lds_size = fuzz_below(in, MEM_MAX + 1);
	bool with_mem = fuzz_bool(in), with_lds = fuzz_bool(in);
	uint8_t *bytes = malloc(mem_size ? mem_size : 1), *before = malloc(mem_size ? mem_size : 1);
	uint8_t *lds_bytes = malloc(lds_size ? lds_size : 1);
	struct vsharp_memory mem = { 0 };
	struct vsharp_lds lds = { lds_bytes, lds_size };
	unsigned lanes = 1 + fuzz_below(in, 4);
	int ret;

	if (!bytes || !before || !lds_bytes)
		goto out;
	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = fuzz_below(in, 64) ? op_from(in) : NULL;
	for (unsigned i = 0; i < 4; i++)
		a.desc[i] = fuzz_u32(in);
	a.idxen = fuzz_bool(in);
	a.offen = fuzz_bool(in);
	a.glc = fuzz_bool(in);
	a.tfe = fuzz_bool(in);
	a.lds = fuzz_bool(in);
	a.soffset = fuzz_u32(in);
	a.ioffset = fuzz_u32(in) % 0x1000000;
	a.m0 = fuzz_u32(in);
	a.tformat.dfmt = (enum vsharp_dfmt)fuzz_below(in, VSHARP_DFMT_COUNT + 1);
	a.tformat.nfmt = (enum vsharp_nfmt)fuzz_below(in, VSHARP_NFMT_COUNT + 1);
	a.align = (enum vsharp_align_mode)fuzz_below(in, VSHARP_ALIGN_COUNT + 1);
	rules_from(in, level, &a.rules);
	mem.va = fuzz_u64(in) & 0xffffffffffffull;
	mem.bytes = bytes;
	mem.size = mem_size;
	for (unsigned b = 0; b < mem_size; b++)
		bytes[b] = (uint8_t)(b * 7 + 1);
	for (unsigned b = 0; b < lds_size; b++)
		lds_bytes[b] = (uint8_t)(b * 5 + 3);

	ret = vsharp_buffer_plan(&a, &p, &err);
	if (ret) {
		fuzz_check_error("vsharp_buffer_plan", ret, &err);
		goto out;
	}
	if (p.n_vdst > VSHARP_MAX_VDST || p.n_dwords > VSHARP_MAX_DWORDS)
		fuzz_fail("plan of %s: %u vdst, %u dwords", vsharp_op_name(a.op, level), p.n_vdst,
			  p.n_dwords);
	for (unsigned l = 0; l < lanes; l++) {
		struct vsharp_lane_in li;
		struct vsharp_lane_out lo;

		memset(&li, 0, sizeof(li));
		li.lane = fuzz_below(in, 64);
		li.vindex = fuzz_u32(in);
		li.voffset = fuzz_u32(in);
		for (unsigned k = 0; k < 8; k++)
			li.data[k] = fuzz_u32(in);
		for (unsigned k = 0; k < VSHARP_MAX_VDST; k++)
			li.vdst[k] = fuzz_u32(in);
		memcpy(before, bytes, mem_size);
		vsharp_buffer_lane(&p, &li, with_mem ? &mem : NULL, with_lds ? &lds : NULL, &lo);
		if (lo.n_vdst > VSHARP_MAX_VDST || lo.n_dwords > VSHARP_MAX_DWORDS)
			fuzz_fail("lane of %s: %u vdst, %u dwords", vsharp_op_name(a.op, level), lo.n_vdst,
				  lo.n_dwords);
		if ((lo.memviol || lo.unbound || !lo.in_range) && memcmp(before, bytes, mem_size))
			fuzz_fail("%s: a lane that is MEMVIOL %d, unbound %d or out of range (0x%x) changed memory",
				  vsharp_op_name(a.op, level), lo.memviol, lo.unbound, lo.in_range);
		if (l == 0) {
			enum vsharp_rule rule = (enum vsharp_rule)fuzz_below(in, VSHARP_RULE_COUNT);

			ret = vsharp_buffer_lane_each_choice(&a, rule, &li, &mem, each, &err);
			if (ret < 0)
				fuzz_check_error("vsharp_buffer_lane_each_choice", ret, &err);
			else if ((unsigned)ret > VSHARP_RULE_MAX_CHOICES)
				fuzz_fail("%d choices evaluated", ret);
		}
	}
out:
	free(bytes);
	free(before);
	free(lds_bytes);
}

/*
 * The whole wave (32 or 64 lanes, any EXEC): lanes EXEC leaves out return
 * nothing, but for LDS direct and parameter loads, which write every lane of
 * a quad with any lane in EXEC ("EXEC per quad", R3 and R4 §12.2.1).
 */
static void wave(const struct vsharp_ds_access *a, struct vsharp_lds *lds, struct fuzz_in *in)
{
	static struct vsharp_ds_lane_in li[64];
	static struct vsharp_ds_lane_out lo[64];
	unsigned lanes = fuzz_bool(in) ? 64 : 32;
	uint64_t exec = fuzz_u64(in), writes = exec;
	bool per_quad = a->op->ds_addr == VSHARP_DS_DIRECT || a->op->ds_addr == VSHARP_DS_PARAM;

	memset(li, 0, sizeof(li));
	for (unsigned l = 0; l < lanes; l++) {
		li[l].lane = l;
		li[l].vaddr = fuzz_u16(in);
		li[l].data0[0] = fuzz_u32(in);
		li[l].data1[0] = fuzz_u32(in);
	}
	for (unsigned l = 0; per_quad && l < 64; l++)
		if (exec >> (l & ~3u) & 0xf)
			writes |= 1ull << l;
	vsharp_ds_wave(a, li, lanes, exec, lds, lo);
	for (unsigned l = 0; l < lanes; l++)
		if (lo[l].n_vdst > 4 || (!(writes >> l & 1) && lo[l].n_vdst))
			fuzz_fail("%s: lane %u (exec %d) returns %u vdst", vsharp_op_name(a->op, a->level), l,
				  (int)(exec >> l & 1), lo[l].n_vdst);
}

static void ds(enum vsharp_gfx level, struct fuzz_in *in)
{
	struct vsharp_ds_access a;
	struct vsharp_error err = { "" };
	unsigned size = fuzz_bool(in) ? fuzz_below(in, 4096) : 65536;
	bool no_bytes = size == 65536;
	uint8_t *bytes = no_bytes ? NULL : malloc(size ? size : 1);
	struct vsharp_lds lds = { bytes, size };
	unsigned lanes = 1 + fuzz_below(in, 4);
	int ret;

	if (!no_bytes && !bytes)
		return;
	if (bytes)
		memset(bytes, 0x5a, size);
	memset(&a, 0, sizeof(a));
	a.level = level;
	a.op = op_from(in);
	a.offset0 = fuzz_u8(in);
	a.offset1 = fuzz_u8(in);
	a.m0 = fuzz_u32(in);
	a.align = (enum vsharp_align_mode)fuzz_below(in, VSHARP_ALIGN_COUNT + 1);
	rules_from(in, level, &a.rules);
	ret = vsharp_ds_check(&a, &err);
	if (ret) {
		fuzz_check_error("vsharp_ds_check", ret, &err);
		free(bytes);
		return;
	}
	for (unsigned l = 0; l < lanes; l++) {
		struct vsharp_ds_lane_in li;
		struct vsharp_ds_lane_out lo;
		/* A lane operation (swizzle, permute) touches nothing lane by lane. */
		bool wave_op = a.op->kind == VSHARP_OP_LANES;
		/* A BVH stack op names no address: it writes ADDR back instead. */
		bool stack = a.op->kind == VSHARP_OP_STACK;
		/* Lane 3 of a quad gets 0.0 from a parameter load without reading. */
		bool no_addr;

		memset(&li, 0, sizeof(li));
		li.lane = fuzz_below(in, 64);
		li.vaddr = fuzz_u32(in);
		for (unsigned k = 0; k < 4; k++) {
			li.data0[k] = fuzz_u32(in);
			li.data1[k] = fuzz_u32(in);
			li.vdst[k] = fuzz_u32(in);
		}
		vsharp_ds_lane(&a, &li, &lds, &lo);
		no_addr = a.op->ds_addr == VSHARP_DS_PARAM && li.lane % 4 == 3;
		if (wave_op ? lo.n_addr || lo.n_vdst :
		    stack ? lo.n_addr || !lo.addr_written || lo.n_vdst != a.op->bytes / 4 :
		    no_addr ? lo.n_addr || lo.n_vdst != 1 :
		    lo.n_addr < 1 || lo.n_addr > 2 || lo.n_vdst > 4)
			fuzz_fail("%s: %u addresses, %u vdst", vsharp_op_name(a.op, level), lo.n_addr,
				  lo.n_vdst);
	}
	wave(&a, &lds, in);
	free(bytes);
}

static void banks_atomics(struct fuzz_in *in)
{
	/* Banks are a processor fact: any processor of the table. */
	const struct vsharp_target *target = &vsharp_targets[fuzz_below(in, vsharp_target_count)];
	const struct vsharp_target *other = &vsharp_targets[fuzz_below(in, vsharp_target_count)];
	uint32_t addr[64];
	uint8_t bank[64];
	unsigned n = fuzz_below(in, 65), degree;
	enum vsharp_atomic op = (enum vsharp_atomic)fuzz_below(in, VSHARP_ATOMIC_COUNT);
	uint64_t old = fuzz_u64(in), src = fuzz_u64(in), cmp = fuzz_u64(in), r;

	for (unsigned i = 0; i < n; i++)
		addr[i] = fuzz_u32(in);
	degree = vsharp_lds_conflicts(target, addr, n, bank);
	if (n && (degree < 1 || degree > n))
		fuzz_fail("%u lanes with a conflict degree of %u", n, degree);
	for (unsigned i = 0; i < n; i++)
		if (bank[i] >= target->lds_banks)
			fuzz_fail("%s: bank %u of %u", target->name, bank[i], target->lds_banks);
	/* With D dividing B, bank k of D serves banks k, k + D, ... of B: no degree falls. */
	if (target->lds_banks % other->lds_banks == 0 &&
	    vsharp_lds_conflicts(other, addr, n, NULL) < degree)
		fuzz_fail("%u lanes: degree %u on %s's %u banks, lower on %s's %u", n, degree,
			  target->name, target->lds_banks, other->name, other->lds_banks);
	r = vsharp_atomic_apply(op, 4, old & 0xffffffff, src & 0xffffffff, cmp & 0xffffffff);
	if (r >> 32)
		fuzz_fail("4-byte %s gives 0x%llx", vsharp_atomic_name(op), (unsigned long long)r);
	vsharp_atomic_apply(op, 8, old, src, cmp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	enum vsharp_gfx level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT);

	switch (fuzz_below(&in, 3)) {
	case 0:
		buffer(level, &in);
		break;
	case 1:
		ds(level, &in);
		break;
	default:
		banks_atomics(&in);
		break;
	}
	return 0;
}

static void put_op_index(struct fuzz_seed *s, const struct vsharp_op *op)
{
	fuzz_put_u16(s, (uint16_t)(op - vsharp_ops));
}

/* Seeds: the first buffer and the first DS instruction of each kind per level, on a V# over memory. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[128];

	for (unsigned l = VSHARP_GFX6; l < VSHARP_GFX_COUNT; l++) {
		bool seen[VSHARP_OP_SMEM + 1][VSHARP_OP_LANES + 1] = { { false } };
		struct vsharp_buffer b;
		uint32_t desc[4];
		unsigned i = 0;
		const struct vsharp_op *op;

		vsharp_buffer_default(l, &b);
		b.base = 0x1000;
		b.num_records = 256;
		if (vsharp_desc_encode(l, &b, desc, NULL))
			continue;
		while ((op = vsharp_op_next(l, &i))) {
			/* S_BUFFER_LOAD has its own model entry (vsharp_smem_load), not this harness's. */
			if (op->cls == VSHARP_OP_SMEM || seen[op->cls][op->kind])
				continue;
			seen[op->cls][op->kind] = true;
			fuzz_put_u8(&s, (uint8_t)l);
			if (op->cls == VSHARP_OP_DS) {
				fuzz_put_u8(&s, 1);
				fuzz_put_u8(&s, 0);
				put_op_index(&s, op);
				fuzz_put_u16(&s, 0);
				fuzz_put_u32(&s, 0xffffffff);
				fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
				for (unsigned k = 0; k < VSHARP_RULE_COUNT; k++)
					fuzz_put_u8(&s, 0);
				fuzz_put_u32(&s, 16);
			} else {
				fuzz_put_u8(&s, 0);
				fuzz_put_u16(&s, 256);
				fuzz_put_u16(&s, 256);
				fuzz_put_u8(&s, 1);
				fuzz_put_u8(&s, 1);
				fuzz_put_u8(&s, 0);
				fuzz_put_u8(&s, 1);
				put_op_index(&s, op);
				for (unsigned k = 0; k < 4; k++)
					fuzz_put_u32(&s, desc[k]);
				for (unsigned k = 0; k < 5; k++)
					fuzz_put_u8(&s, k == 1);
				fuzz_put_u32(&s, 0);
				fuzz_put_u32(&s, 0);
				fuzz_put_u32(&s, 0);
				fuzz_put_u8(&s, VSHARP_DFMT_32);
				fuzz_put_u8(&s, VSHARP_NFMT_FLOAT);
				fuzz_put_u8(&s, VSHARP_ALIGN_UNALIGNED);
				for (unsigned k = 0; k < VSHARP_RULE_COUNT; k++)
					fuzz_put_u8(&s, 0);
				fuzz_put_u64(&s, 0x1000);
			}
			snprintf(name, sizeof(name), "%s-%s", vsharp_gfx_name(l), vsharp_op_name(op, l));
			fuzz_seed_write(&s, name);
		}
	}
}
