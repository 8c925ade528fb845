// SPDX-License-Identifier: MIT
/*
 * `vsharp addr`: one lane of one buffer or DS instruction through the
 * model, printed the way the ISA formulas read, or as JSON.
 */
#include <inttypes.h>
#include <string.h>

#include "desc_opts.h"
#include "vsharp/model.h"

enum {
	AO_OP = DO_END + 1, AO_IDXEN, AO_VINDEX, AO_OFFEN, AO_VOFFSET, AO_SOFFSET,
	AO_OFFSET, AO_LANE, AO_ALIGN, AO_GLC, AO_TFE, AO_LDS, AO_M0, AO_TFORMAT,
	AO_RULE, AO_JSON, AO_VADDR, AO_OFFSET0, AO_OFFSET1,
};

static const struct cli_opt addr_opts[] = {
	{ "--op", true, AO_OP },	{ "--idxen", false, AO_IDXEN },
	{ "--vindex", true, AO_VINDEX }, { "--offen", false, AO_OFFEN },
	{ "--voffset", true, AO_VOFFSET }, { "--soffset", true, AO_SOFFSET },
	{ "--offset", true, AO_OFFSET }, { "--lane", true, AO_LANE },
	{ "--align-mode", true, AO_ALIGN }, { "--glc", false, AO_GLC },
	{ "--tfe", false, AO_TFE },	{ "--lds", false, AO_LDS },
	{ "--m0", true, AO_M0 },	{ "--tformat", true, AO_TFORMAT },
	{ "--rule", true, AO_RULE },	{ "--json", false, AO_JSON },
	{ "--vaddr", true, AO_VADDR },	{ "--offset0", true, AO_OFFSET0 },
	{ "--offset1", true, AO_OFFSET1 },
	{ NULL, false, 0 },
};

static const char usage[] =
	"usage: vsharp addr <desc encode options> --op NAME [--idxen --vindex N] [--offen --voffset N]\n"
	"         [--soffset N] [--offset N] [--lane N] [--align-mode dword|dword_strict|strict|unaligned]\n"
	"         [--glc] [--tfe] [--lds --m0 N] [--tformat DATA_NUM] [--rule NAME=CHOICE]... [--json]\n"
	"       DS instructions: --vaddr N [--offset N | --offset0 N --offset1 N] [--m0 N]\n";

struct addr_args {
	struct desc_opts desc;
	const char *op, *align, *tformat;
	const char *rules[16];
	unsigned n_rules;
	bool idxen, offen, glc, tfe, lds, json, have_offset01;
	uint32_t vindex, voffset, soffset, offset, lane, m0, vaddr, offset0, offset1;
	bool have_m0;
};

static bool take(struct addr_args *a, int id, const char *val)
{
	switch (id) {
	case AO_OP: a->op = val; return true;
	case AO_IDXEN: a->idxen = true; return true;
	case AO_OFFEN: a->offen = true; return true;
	case AO_GLC: a->glc = true; return true;
	case AO_TFE: a->tfe = true; return true;
	case AO_LDS: a->lds = true; return true;
	case AO_JSON: a->json = true; return true;
	case AO_ALIGN: a->align = val; return true;
	case AO_TFORMAT: a->tformat = val; return true;
	case AO_VINDEX: return cli_parse_u32("--vindex", val, &a->vindex);
	case AO_VOFFSET: return cli_parse_u32("--voffset", val, &a->voffset);
	case AO_SOFFSET: return cli_parse_u32("--soffset", val, &a->soffset);
	case AO_OFFSET: return cli_parse_u32("--offset", val, &a->offset);
	case AO_VADDR: return cli_parse_u32("--vaddr", val, &a->vaddr);
	case AO_M0:
		a->have_m0 = true;
		return cli_parse_u32("--m0", val, &a->m0);
	case AO_LANE: {
		uint64_t v;

		if (!cli_parse_u64("--lane", val, 63, &v))
			return false;
		a->lane = (uint32_t)v;
		return true;
	}
	case AO_OFFSET0:
	case AO_OFFSET1: {
		uint64_t v;

		if (!cli_parse_u64(id == AO_OFFSET0 ? "--offset0" : "--offset1", val, 255, &v))
			return false;
		*(id == AO_OFFSET0 ? &a->offset0 : &a->offset1) = (uint32_t)v;
		a->have_offset01 = true;
		return true;
	}
	case AO_RULE:
		if (a->n_rules == 16) {
			cli_error("--rule: at most 16");
			return false;
		}
		a->rules[a->n_rules++] = val;
		return true;
	default:
		return desc_opts_take(&a->desc, id, val);
	}
}

static bool set_rules(const struct addr_args *a, enum vsharp_gfx level,
		      struct vsharp_rules *r, enum vsharp_align_mode *mode)
{
	struct vsharp_error err;

	vsharp_rules_default(level, r);
	for (unsigned i = 0; i < a->n_rules; i++)
		if (vsharp_rules_set(r, a->rules[i], &err))
			return cli_lib_error(&err), false;
	*mode = VSHARP_ALIGN_UNALIGNED;
	if (a->align && vsharp_align_mode_parse(a->align, mode, &err))
		return cli_lib_error(&err), false;
	return true;
}

static void print_bools(struct cli_out *o, const char *key, const bool *v, unsigned n)
{
	static const char *const names[2] = { "false", "true" };
	const char *s[8];

	for (unsigned i = 0; i < n; i++)
		s[i] = names[v[i]];
	if (o->json) {
		fprintf(o->f, "%s\"%s\": [", o->first[o->depth] ? "" : ", ", key);
		for (unsigned i = 0; i < n; i++)
			fprintf(o->f, "%s%s", i ? ", " : "", s[i]);
		fputc(']', o->f);
		o->first[o->depth] = false;
	} else {
		out_list(o, key, s, n);
	}
}

static int buffer_addr(const struct addr_args *a, enum vsharp_gfx level,
		       const struct vsharp_op *op, const uint32_t dw[4])
{
	struct vsharp_buffer_access acc;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in;
	struct vsharp_lane_out out;
	struct vsharp_error err;
	struct cli_out o;
	bool in_range[VSHARP_MAX_DWORDS];

	memset(&acc, 0, sizeof(acc));
	acc.level = level;
	acc.op = op;
	memcpy(acc.desc, dw, sizeof(acc.desc));
	acc.idxen = a->idxen;
	acc.offen = a->offen;
	acc.glc = a->glc;
	acc.tfe = a->tfe;
	acc.lds = a->lds;
	acc.soffset = a->soffset;
	acc.ioffset = a->offset;
	acc.m0 = a->m0;
	acc.tformat.dfmt = VSHARP_DFMT_32;
	acc.tformat.nfmt = VSHARP_NFMT_FLOAT;
	if (a->tformat && vsharp_format_parse(a->tformat, &acc.tformat, &err))
		return cli_lib_error(&err);
	if (!set_rules(a, level, &acc.rules, &acc.align))
		return CLI_EXIT_USAGE;
	if (vsharp_buffer_plan(&acc, &p, &err))
		return cli_lib_error(&err);
	memset(&in, 0, sizeof(in));
	in.lane = a->lane;
	in.vindex = a->vindex;
	in.voffset = a->voffset;
	/* No memory: the address side only.  Data goes through `vsharp run`. */
	vsharp_buffer_lane(&p, &in, NULL, NULL, &out);
	for (unsigned d = 0; d < out.n_dwords; d++)
		in_range[d] = out.in_range >> d & 1;

	if (!a->json) {
		bool gfx12_swz = level >= VSHARP_GFX12 && p.buf.swizzle;

		printf("instruction: %s on %s, %u bytes, %s\n", vsharp_op_name(op, level),
		       vsharp_gfx_name(level), p.bytes, p.all_or_nothing ?
		       "range-checked all or nothing" : "range-checked per dword");
		printf("index  = %s%u + %s%u = %u\n", a->idxen ? "vindex " : "(no idxen) ",
		       a->idxen ? a->vindex : 0, p.buf.add_tid ? "lane " : "(no add_tid) ",
		       p.buf.add_tid ? a->lane : 0, out.index);
		printf("offset = %s%u + inst_offset %u%s = %u\n", a->offen ? "voffset " : "(no offen) ",
		       a->offen ? a->voffset : 0, a->offset,
		       gfx12_swz ? " + soffset (gfx12 swizzle)" : "", out.offset);
		if (p.buf.swizzle)
			printf("buffer_offset = (index / %u * stride %u + offset / %u * %u) * %u + index %% %u * %u + offset %% %u\n",
			       p.buf.index_stride, p.stride, p.element_size, p.element_size,
			       p.buf.index_stride, p.buf.index_stride, p.element_size, p.element_size);
		else
			printf("buffer_offset = stride %u * index %u + offset %u\n", p.stride,
			       out.index, out.offset);
		printf("address = base 0x%" PRIx64 " + soffset %u + buffer_offset = 0x%" PRIx64 "\n",
		       p.buf.base, gfx12_swz ? 0 : a->soffset, out.addr_unaligned);
		printf("range check: %s (num_records %u, stride %u%s)\n", vsharp_range_text(p.range),
		       p.buf.num_records, p.stride, p.unbound ? ", unbound resource" : "");
		for (unsigned d = 0; d < out.n_dwords; d++)
			printf("  dword %u at 0x%" PRIx64 ": %s\n", d, out.dword_addr[d],
			       in_range[d] ? "in range" : "out of range");
		printf("alignment (%s): needs %u, %s\n", vsharp_align_mode_name(acc.align), p.align,
		       out.memviol ? "MEMVIOL (load returns 0, store dropped)" :
		       out.addr != out.addr_unaligned ? "aligned down" : "ok");
		printf("address: 0x%" PRIx64 "\n", out.addr);
		return 0;
	}
	out_begin(&o, stdout, true);
	out_str(&o, "gfx", vsharp_gfx_name(level));
	out_str(&o, "op", vsharp_op_name(op, level));
	out_u64(&o, "index", out.index);
	out_u64(&o, "offset", out.offset);
	out_u64(&o, "address", out.addr);
	print_bools(&o, "in_range", in_range, out.n_dwords);
	out_bool(&o, "memviol", out.memviol);
	out_bool(&o, "unbound", out.unbound);
	out_str(&o, "range_check", vsharp_range_text(p.range));
	out_u64(&o, "alignment", p.align);
	out_end(&o);
	return 0;
}

static int ds_addr(const struct addr_args *a, enum vsharp_gfx level, const struct vsharp_op *op)
{
	struct vsharp_ds_access acc;
	struct vsharp_ds_lane_in in;
	struct vsharp_ds_lane_out out;
	struct vsharp_error err;
	struct cli_out o;
	bool in_range[8];
	unsigned per = op->bytes < 4 ? 1 : op->bytes / 4, n = 0;

	memset(&acc, 0, sizeof(acc));
	acc.level = level;
	acc.op = op;
	acc.m0 = a->have_m0 ? a->m0 : 0xffffffff;
	if (a->have_offset01 && a->offset)
		return cli_error("--offset: give either --offset or --offset0/--offset1 (allowed one form)");
	if (a->have_offset01) {
		acc.offset0 = (uint8_t)a->offset0;
		acc.offset1 = (uint8_t)a->offset1;
	} else if (a->offset > 0xffff) {
		return cli_error("--offset: %u does not fit the 16-bit DS offset (allowed 0..65535)",
				 a->offset);
	} else {
		acc.offset0 = (uint8_t)a->offset;
		acc.offset1 = (uint8_t)(a->offset >> 8);
	}
	if (!set_rules(a, level, &acc.rules, &acc.align))
		return CLI_EXIT_USAGE;
	if (vsharp_ds_check(&acc, &err))
		return cli_lib_error(&err);
	memset(&in, 0, sizeof(in));
	in.lane = a->lane;
	in.vaddr = a->vaddr;
	/* No LDS contents: the allocation is the 64 KiB a work-group may have. */
	vsharp_ds_lane(&acc, &in, &(struct vsharp_lds){ NULL, 65536 }, &out);
	for (unsigned k = 0; k < out.n_addr; k++)
		for (unsigned d = 0; d < per; d++)
			in_range[n++] = out.in_range[k];
	if (!a->json) {
		printf("instruction: %s on %s, %u bytes per address\n", vsharp_op_name(op, level),
		       vsharp_gfx_name(level), op->bytes);
		for (unsigned k = 0; k < out.n_addr; k++)
			printf("address %u: 0x%x (%s)\n", k, out.addr[k],
			       out.in_range[k] ? "in range" : "out of range");
		for (unsigned k = 0; k < out.n_addr; k++)
			if (out.addr[k] != out.addr_unaligned[k])
				printf("address %u aligned down from 0x%x\n", k, out.addr_unaligned[k]);
		printf("alignment (%s): %s\n", vsharp_align_mode_name(acc.align),
		       out.memviol ? "MEMVIOL" : "ok");
		return 0;
	}
	out_begin(&o, stdout, true);
	out_str(&o, "gfx", vsharp_gfx_name(level));
	out_str(&o, "op", vsharp_op_name(op, level));
	out_u64(&o, "address", out.addr[0]);
	if (out.n_addr > 1)
		out_u64(&o, "address1", out.addr[1]);
	print_bools(&o, "in_range", in_range, n);
	out_bool(&o, "memviol", out.memviol);
	out_end(&o);
	return 0;
}

int cmd_addr(int argc, char **argv)
{
	struct addr_args a;
	struct vsharp_buffer buf;
	struct vsharp_desc_fields fields;
	struct vsharp_error err;
	enum vsharp_gfx level;
	const struct vsharp_op *op;
	struct cli_opt opts[64];
	const char *val;
	uint32_t dw[4];
	int i = 0, id, n = 0;

	memset(&a, 0, sizeof(a));
	for (const struct cli_opt *o = desc_opt_table; o->name; o++)
		opts[n++] = *o;
	for (const struct cli_opt *o = addr_opts; o->name; o++)
		opts[n++] = *o;
	opts[n].name = NULL;
	while ((id = cli_getopt(argc, argv, &i, opts, "addr", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == CLI_ARG)
			return cli_error("addr: unexpected argument '%s'\n%s", val, usage);
		if (!take(&a, id, val))
			return CLI_EXIT_USAGE;
	}
	if (!a.op)
		return cli_error("--op: required (an instruction as LLVM spells it, see vsharp ops --gfx LEVEL)\n%s",
				 usage);
	if (!desc_opts_build(&a.desc, &level, &buf, &fields))
		return CLI_EXIT_USAGE;
	op = vsharp_op_find(level, a.op, &err);
	if (!op)
		return cli_lib_error(&err);
	if (op->cls == VSHARP_OP_DS)
		return ds_addr(&a, level, op);
	if (vsharp_fields_pack(level, &fields, dw, &err))
		return cli_lib_error(&err);
	return buffer_addr(&a, level, op, dw);
}
