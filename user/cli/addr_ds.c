// SPDX-License-Identifier: MIT
/*
 * `vsharp addr` for DS: the addresses, range and data of one lane, or of a
 * wave of lanes with the bank of each and the conflict degree.
 */
#include <inttypes.h>
#include <string.h>

#include "addr.h"
#include "vsharp/probe.h"

struct ds_run {
	struct vsharp_ds_access acc;
	const struct vsharp_target *target;	/* the processor --gfx names: its LDS banks */
	unsigned n_lanes;
	uint32_t lane[ADDR_MAX_LANES], vaddr[ADDR_MAX_LANES];
	struct vsharp_ds_lane_out out[ADDR_MAX_LANES];
	uint8_t bank[ADDR_MAX_LANES];
	unsigned degree;
};

static int build_access(const struct addr_args *a, enum vsharp_gfx level,
			const struct vsharp_op *op, struct vsharp_ds_access *acc)
{
	struct vsharp_error err;

	memset(acc, 0, sizeof(*acc));
	acc->level = level;
	acc->target = desc_opts_target(&a->desc);
	if (acc->target && acc->target->level != level)
		acc->target = NULL;
	acc->wgp = a->wgp;
	acc->op = op;
	acc->m0 = a->have_m0 ? a->m0 : 0xffffffff;
	if (a->have_offset01 && a->offset)
		return cli_error("--offset: give either --offset or --offset0/--offset1 (allowed one form)");
	if (a->have_offset01) {
		acc->offset0 = (uint8_t)a->offset0;
		acc->offset1 = (uint8_t)a->offset1;
	} else if (a->offset > 0xffff) {
		return cli_error("--offset: %u does not fit the 16-bit DS offset (allowed 0..65535)",
				 a->offset);
	} else {
		acc->offset0 = (uint8_t)a->offset;
		acc->offset1 = (uint8_t)(a->offset >> 8);
	}
	acc->attr = (uint8_t)a->attr;
	acc->attr_chan = (uint8_t)a->attr_chan;
	if (!addr_set_rules(a, level, &acc->rules, &acc->align))
		return CLI_EXIT_USAGE;
	if (vsharp_ds_check(acc, &err))
		return cli_lib_error(&err);
	return 0;
}

/* Runs every lane in order on image K; the last run's results are kept. */
static void run_lanes(const struct addr_args *a, struct ds_run *r, struct addr_image *lds,
		      unsigned k)
{
	unsigned per = r->acc.op->bytes < 4 ? 1 : r->acc.op->bytes / 4;
	struct vsharp_lds l = { lds->bytes[k], (uint32_t)lds->size };

	for (unsigned i = 0; i < r->n_lanes; i++) {
		struct vsharp_ds_lane_in in;

		memset(&in, 0, sizeof(in));
		in.lane = r->lane[i];
		in.vaddr = r->vaddr[i];
		/* --vdata: DATA0's dwords, then DATA1's (BVH stacks: the last node, then 4 or 8 nodes). */
		if (r->acc.op->kind == VSHARP_OP_STACK) {
			in.data0[0] = a->vdata[0];
			memcpy(in.data1, a->vdata + 1, sizeof(in.data1));
		} else {
			memcpy(in.data0, a->vdata, per * sizeof(*in.data0));
			memcpy(in.data1, a->vdata + per, per * sizeof(*in.data1));
		}
		memcpy(in.vdst, a->vdst_init, sizeof(in.vdst));
		vsharp_ds_lane(&r->acc, &in, &l, &r->out[i]);
	}
}

/*
 * An atomic writes back its result even when it equals the old value (ISA
 * pseudo-code "MEM[ADDR] = ..." for every DS atomic, DS_CMPST's "(tmp ==
 * cmp) ? src : tmp"), which the image and its complement cannot show: its
 * bytes are marked from the lane's address.  The destination is address 1
 * for *_src2_* (GFX6 to GFX10.3 only, where MEMVIOL means misaligned); an
 * atomic moves all its bytes or none.
 */
static void mark_writes(const struct ds_run *r, struct addr_image *lds)
{
	const struct vsharp_op *op = r->acc.op;
	unsigned k = op->ds_addr == VSHARP_DS_SRC2 ? 1 : 0;

	if (op->kind != VSHARP_OP_ATOMIC)
		return;
	for (unsigned i = 0; i < r->n_lanes; i++) {
		const struct vsharp_ds_lane_out *out = &r->out[i];

		if (k < out->n_addr && out->in_range[k] && !out->memviol)
			addr_image_mark(lds, out->addr[k], op->bytes);
	}
}

/* Banks of every dword the lanes touch (vsharp_lds_conflicts takes byte addresses). */
static void banks(struct ds_run *r)
{
	uint32_t byte_addr[ADDR_MAX_LANES * 2 * 4];
	unsigned per = r->acc.op->bytes < 4 ? 1 : r->acc.op->bytes / 4, n = 0;

	for (unsigned i = 0; i < r->n_lanes; i++) {
		r->bank[i] = (uint8_t)vsharp_lds_bank(r->target, r->out[i].addr[0]);
		for (unsigned k = 0; k < r->out[i].n_addr; k++)
			for (unsigned d = 0; d < per; d++)
				byte_addr[n++] = r->out[i].addr[k] + 4 * d;
	}
	r->degree = vsharp_lds_conflicts(r->target, byte_addr, n, NULL);
}

static bool out_of_range(const struct vsharp_ds_lane_out *out)
{
	for (unsigned k = 0; k < out->n_addr; k++)
		if (!out->in_range[k])
			return true;
	return false;
}

static const char *range_word(const struct vsharp_ds_lane_out *out, unsigned k)
{
	/* Lane 3 of a parameter load's quad gets 0.0 without reading LDS. */
	if (k >= out->n_addr)
		return "no LDS access";
	return out->in_range[k] ? "in range" : out->byte_in_range[k] ? "partly in range" :
	       "out of range";
}

static void print_text(const struct addr_args *a, const struct ds_run *r,
		       const struct addr_image *lds)
{
	const struct vsharp_op *op = r->acc.op;
	const struct vsharp_ds_lane_out *out = &r->out[r->n_lanes - 1];
	const char *pixel_only = vsharp_probe_compute_undefined(r->acc.level, op);
	struct cli_out o;

	out_begin(&o, stdout, false);
	if (op->ds_addr == VSHARP_DS_DIRECT)
		printf("instruction: %s on %s, data type M0[18:16] = %u\n", vsharp_op_name(op, r->acc.level),
		       vsharp_gfx_name(r->acc.level), r->acc.m0 >> 16 & 7);
	else
		printf("instruction: %s on %s, %u bytes per address\n", vsharp_op_name(op, r->acc.level),
		       vsharp_gfx_name(r->acc.level), op->bytes);
	/* What follows is the pixel-wave reading; say that a compute wave has none. */
	if (pixel_only)
		printf("wave: a pixel wave's result; %s\n", pixel_only);
	if (a->mem)
		printf("lds: %zu bytes allocated; %zu bytes given at 0, elsewhere byte = address & 0xff\n",
		       lds->size, a->mem_len);
	else
		printf("lds: %zu bytes allocated; byte = address & 0xff (give bytes with --mem or --mem-file)\n",
		       lds->size);
	if (r->n_lanes > 1) {
		printf("lane  vaddr       address     bank  range\n");
		for (unsigned i = 0; i < r->n_lanes; i++)
			printf("%4u  0x%08x  0x%08x  %4u  %s%s\n", r->lane[i], r->vaddr[i],
			       r->out[i].addr[0], r->bank[i], range_word(&r->out[i], 0),
			       r->out[i].memviol ? ", MEMVIOL" : "");
		printf("banks: %u (%s); conflict degree %u (the most distinct dwords one bank serves)\n",
		       r->target->lds_banks, r->target->name, r->degree);
		addr_print_writes(&o, "writes", lds);
		return;
	}
	for (unsigned k = 0; k < out->n_addr; k++) {
		printf("address %u: 0x%x (%s", k, out->addr[k], range_word(out, k));
		if (!out->in_range[k] && out->byte_in_range[k])
			printf(": byte mask 0x%x", out->byte_in_range[k]);
		printf("), bank %u\n", vsharp_lds_bank(r->target, out->addr[k]));
	}
	for (unsigned k = 0; k < out->n_addr; k++)
		if (out->addr[k] != out->addr_unaligned[k])
			printf("address %u aligned down from 0x%x\n", k, out->addr_unaligned[k]);
	printf("alignment (%s): %s\n", vsharp_align_mode_name(r->acc.align),
	       !out->memviol ? "ok" : out_of_range(out) && r->acc.level >= VSHARP_GFX12 ?
	       "MEMVIOL (GFX12 reports an out-of-range LDS address)" : "MEMVIOL");
	if (out->unreliable)
		printf("result: undefined (%s in WGP mode: LLVM FeatureLdsMisalignedBug, \"Some GFX10 bug with multi-dword LDS and flat access that is not naturally aligned in WGP mode\"; the data below is an unaffected chip's)\n",
		       r->target->name);
	if (out->n_vdst)
		addr_print_vgprs(&o, "vdst", out->vdst, out->n_vdst, 0, ADDR_FLOAT_NONE);
	if (out->addr_written)
		printf("addr written back = 0x%08x\n", out->new_addr);
	addr_print_writes(&o, "writes", lds);
}

static void print_json(const struct ds_run *r, const struct addr_image *lds)
{
	const struct vsharp_op *op = r->acc.op;
	const struct vsharp_ds_lane_out *out = &r->out[r->n_lanes - 1];
	unsigned per = op->bytes < 4 ? 1 : op->bytes / 4, n = 0;
	uint64_t masks[2], vdst[4];
	bool in_range[8];
	struct cli_out o;

	for (unsigned k = 0; k < out->n_addr; k++) {
		/* Per dword: GFX12 checks LDS ranges dword by dword. */
		for (unsigned d = 0; d < per; d++) {
			unsigned bytes = op->bytes < 4 ? op->bytes : 4, need = (1u << bytes) - 1;

			in_range[n++] = (out->byte_in_range[k] >> (4 * d) & need) == need;
		}
		masks[k] = out->byte_in_range[k];
	}
	for (unsigned k = 0; k < out->n_vdst; k++)
		vdst[k] = out->vdst[k];
	out_begin(&o, stdout, true);
	out_str(&o, "gfx", vsharp_gfx_name(r->acc.level));
	out_str(&o, "op", vsharp_op_name(op, r->acc.level));
	out_hex(&o, "address", out->addr[0]);
	if (out->n_addr > 1)
		out_hex(&o, "address1", out->addr[1]);
	addr_print_bools(&o, "in_range", in_range, n);
	out_bool(&o, "memviol", out->memviol);
	if (r->acc.wgp)
		out_bool(&o, "unreliable", out->unreliable);
	/* One type per key in every verb (cli.rst "JSON"): a string, as for buffers. */
	out_hex(&o, "address_unaligned", out->addr_unaligned[0]);
	if (out->n_addr > 1)
		out_hex(&o, "address1_unaligned", out->addr_unaligned[1]);
	out_num_list(&o, "byte_in_range", masks, out->n_addr, OUT_HEX);
	out_num_list(&o, "vdst", vdst, out->n_vdst, OUT_HEX);
	if (out->addr_written)
		out_hex(&o, "addr_written_back", out->new_addr);
	addr_print_writes(&o, "writes", lds);
	if (r->n_lanes > 1) {
		vsharp_json_array_begin(&o.j, "lanes");
		for (unsigned i = 0; i < r->n_lanes; i++) {
			vsharp_json_object_begin(&o.j, NULL);
			vsharp_json_uint(&o.j, "lane", r->lane[i]);
			vsharp_json_uint(&o.j, "vaddr", r->vaddr[i]);
			vsharp_json_hex(&o.j, "address", r->out[i].addr[0]);
			vsharp_json_uint(&o.j, "bank", r->bank[i]);
			vsharp_json_bool(&o.j, "in_range", r->out[i].in_range[0]);
			vsharp_json_bool(&o.j, "memviol", r->out[i].memviol);
			if (!r->out[i].n_addr)
				vsharp_json_bool(&o.j, "no_access", true);
			vsharp_json_object_end(&o.j);
		}
		vsharp_json_array_end(&o.j);
		out_str(&o, "processor", r->target->name);
		out_u64(&o, "banks", r->target->lds_banks);
		out_u64(&o, "conflict_degree", r->degree);
	}
	out_end(&o);
}

int addr_ds(const struct addr_args *a, enum vsharp_gfx level, const struct vsharp_op *op)
{
	struct ds_run r;
	struct addr_image lds;
	int ret;

	memset(&r, 0, sizeof(r));
	/* --gfx was parsed into LEVEL already: a level name gives its probe processor. */
	r.target = desc_opts_target(&a->desc);
	ret = build_access(a, level, op, &r.acc);
	if (ret)
		return ret;
	r.n_lanes = a->lanes ? a->lanes : 1;
	for (unsigned i = 0; i < r.n_lanes; i++) {
		r.lane[i] = a->lanes ? i : a->lane;
		r.vaddr[i] = a->n_vaddrs ? a->vaddrs[i] : a->vaddr + i * a->vaddr_stride;
	}
	/* Bytes past the allocation would be dropped without a word. */
	if (a->mem_len > a->lds_size)
		return cli_error("--mem: %zu bytes given for an LDS allocation of %u bytes (allowed up to --lds-size, at most %u)",
				 a->mem_len, a->lds_size, ADDR_MAX_LDS_BYTES);
	if (addr_image_init(&lds, 0, a->lds_size, 0, a->mem, a->mem_len))
		return CLI_EXIT_USAGE;
	run_lanes(a, &r, &lds, 1);
	run_lanes(a, &r, &lds, 0);
	mark_writes(&r, &lds);
	banks(&r);
	if (a->json)
		print_json(&r, &lds);
	else
		print_text(a, &r, &lds);
	addr_image_free(&lds);
	return 0;
}
