// SPDX-License-Identifier: MIT
/*
 * `vsharp addr`: the options and the V#; addr_buffer.c and addr_ds.c run
 * the instruction through the model and print what it does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "vsharp/dwords.h"

enum {
	AO_OP = DO_END + 1, AO_IDXEN, AO_VINDEX, AO_OFFEN, AO_VOFFSET, AO_SOFFSET,
	AO_OFFSET, AO_LANE, AO_ALIGN, AO_GLC, AO_TFE, AO_LDS, AO_M0, AO_TFORMAT,
	AO_RULE, AO_JSON, AO_VADDR, AO_OFFSET0, AO_OFFSET1, AO_VDATA, AO_VDST_INIT,
	AO_MEM, AO_MEM_FILE, AO_LDS_SIZE, AO_LANES, AO_VADDR_STRIDE, AO_VADDRS,
	AO_ADDR64, AO_VADDR64, AO_ATTR, AO_ATTR_CHAN, AO_WGP, AO_END
};
_Static_assert(AO_END - AO_OP <= 64, "the options given fit one 64-bit mask");

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
	{ "--offset1", true, AO_OFFSET1 }, { "--vdata", true, AO_VDATA },
	{ "--vdst-init", true, AO_VDST_INIT }, { "--mem", true, AO_MEM },
	{ "--mem-file", true, AO_MEM_FILE }, { "--lds-size", true, AO_LDS_SIZE },
	{ "--lanes", true, AO_LANES },	{ "--vaddr-stride", true, AO_VADDR_STRIDE },
	{ "--vaddrs", true, AO_VADDRS },	{ "--addr64", false, AO_ADDR64 },
	{ "--vaddr64", true, AO_VADDR64 },
	{ "--attr", true, AO_ATTR },	{ "--attr-chan", true, AO_ATTR_CHAN },
	{ "--wgp", false, AO_WGP },
	{ NULL, false, 0 },
};

static const char usage[] =
	"usage: vsharp addr --gfx LEVEL [DW0 DW1 DW2 DW3 | <desc encode options>] --op NAME\n"
	"         [--idxen --vindex N] [--offen --voffset N] [--addr64 --vaddr64 N] [--soffset N]\n"
	"         [--offset N] [--lane N]\n"
	"         [--align-mode dword|dword_strict|strict|unaligned] [--glc] [--tfe] [--lds --m0 N]\n"
	"         [--tformat DATA_NUM] [--rule NAME=CHOICE]... [--json]\n"
	"         [--mem HEX | --mem-file FILE] [--vdata DWORDS] [--vdst-init DWORDS] [--lds-size N]\n"
	"       vsharp addr --gfx LEVEL --op DS_NAME --vaddr N [--offset N | --offset0 N --offset1 N] [--m0 N]\n"
	"         [--lanes N [--vaddr-stride N | --vaddrs DWORDS]] [--mem HEX | --mem-file FILE]\n"
	"         [--vdata DWORDS] [--vdst-init DWORDS] [--lds-size N] [--align-mode MODE]\n"
	"         [--rule NAME=CHOICE]... [--wgp] [--json]\n"
	"         parameter loads: [--attr 0..32] [--attr-chan x|y|z|w]\n";

/* --vdata, --vdst-init, --vaddrs: dwords in any form the dword reader takes. */
static bool parse_dwords(const char *opt, const char *val, uint32_t *out, size_t max, size_t *n)
{
	struct vsharp_error err;

	if (vsharp_dwords_parse(val, strlen(val), out, max, n, &err)) {
		cli_error("%s: %s (allowed at most %zu dwords)", opt, err.msg, max);
		return false;
	}
	return true;
}

static bool append_mem(struct addr_args *a, const uint8_t *bytes, size_t n)
{
	uint8_t *m;

	if (n > ADDR_MAX_MEM_BYTES - a->mem_len) {
		cli_error("--mem: more than %u bytes (allowed up to %u)", ADDR_MAX_MEM_BYTES,
			  ADDR_MAX_MEM_BYTES);
		return false;
	}
	m = realloc(a->mem, a->mem_len + n + 1);
	if (!m) {
		cli_error("--mem: no room for %zu bytes", a->mem_len + n);
		return false;
	}
	memcpy(m + a->mem_len, bytes, n);
	a->mem = m;
	a->mem_len += n;
	return true;
}

/* Hex bytes in memory order; blanks, commas, colons and underscores separate. */
static bool parse_mem(struct addr_args *a, const char *val)
{
	uint8_t buf[256];
	size_t n = 0;
	int hi = -1;

	for (const char *p = val; *p; p++) {
		int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 :
			*p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;

		if (d < 0) {
			if (strchr(" \t,:_", *p) && hi < 0)
				continue;
			cli_error("--mem: '%c' at position %zu is not a hex digit (allowed pairs of 0-9a-f, separated by blanks, ',', ':' or '_')",
				  *p, (size_t)(p - val) + 1);
			return false;
		}
		if (hi < 0) {
			hi = d;
			continue;
		}
		buf[n++] = (uint8_t)(hi << 4 | d);
		hi = -1;
		if (n == sizeof(buf)) {
			if (!append_mem(a, buf, n))
				return false;
			n = 0;
		}
	}
	if (hi >= 0) {
		cli_error("--mem: an odd number of hex digits (allowed whole bytes, two digits each)");
		return false;
	}
	return append_mem(a, buf, n);
}

static bool read_mem_file(struct addr_args *a, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	uint8_t buf[4096];
	size_t n;
	bool ok = true;

	if (!f) {
		cli_error("--mem-file: %s: %s", path, strerror(errno));
		return false;
	}
	while (ok && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		ok = append_mem(a, buf, n);
	if (ok && ferror(f)) {
		cli_error("--mem-file: %s: read error", path);
		ok = false;
	}
	if (f != stdin)
		fclose(f);
	return ok;
}

static bool take(struct addr_args *a, int id, const char *val)
{
	uint64_t v;

	switch (id) {
	case AO_OP: a->op = val; return true;
	case AO_IDXEN: a->idxen = true; return true;
	case AO_OFFEN: a->offen = true; return true;
	case AO_ADDR64: a->addr64 = true; return true;
	case AO_VADDR64:
		return cli_parse_u64("--vaddr64", val, UINT64_MAX, &a->vaddr64);
	case AO_GLC: a->glc = true; return true;
	case AO_TFE: a->tfe = true; return true;
	case AO_LDS: a->lds = true; return true;
	case AO_WGP: a->wgp = true; return true;
	case AO_JSON: a->json = true; return true;
	case AO_ALIGN: a->align = val; return true;
	case AO_TFORMAT: a->tformat = val; return true;
	case AO_VINDEX:
		return cli_parse_u32("--vindex", val, &a->vindex);
	case AO_VOFFSET:
		return cli_parse_u32("--voffset", val, &a->voffset);
	case AO_SOFFSET: return cli_parse_u32("--soffset", val, &a->soffset);
	case AO_OFFSET: return cli_parse_u32("--offset", val, &a->offset);
	case AO_VADDR: return cli_parse_u32("--vaddr", val, &a->vaddr);
	case AO_VADDR_STRIDE: return cli_parse_u32("--vaddr-stride", val, &a->vaddr_stride);
	case AO_M0:
		a->have_m0 = true;
		return cli_parse_u32("--m0", val, &a->m0);
	case AO_LANE:
		if (!cli_parse_u64("--lane", val, 63, &v))
			return false;
		a->lane = (uint32_t)v;
		return true;
	case AO_LANES:
		if (!cli_parse_u64("--lanes", val, UINT32_MAX, &v))
			return false;
		if (!v || v > ADDR_MAX_LANES)
			return cli_error("--lanes: %s is out of range (allowed 1..%u)", val,
					 ADDR_MAX_LANES), false;
		a->lanes = (unsigned)v;
		return true;
	case AO_LDS_SIZE:
		if (!cli_parse_u64("--lds-size", val, ADDR_MAX_LDS_BYTES, &v))
			return false;
		a->lds_size = (uint32_t)v;
		return true;
	case AO_ATTR:
		if (!cli_parse_u64("--attr", val, 32, &v))
			return false;
		a->attr = (uint32_t)v;
		return true;
	case AO_ATTR_CHAN:
		if (strlen(val) != 1 || !strchr("xyzw", val[0]))
			return cli_error("--attr-chan: '%s' is not a channel (allowed x, y, z, w)", val), false;
		a->attr_chan = (uint32_t)(strchr("xyzw", val[0]) - "xyzw");
		return true;
	case AO_OFFSET0:
	case AO_OFFSET1:
		if (!cli_parse_u64(id == AO_OFFSET0 ? "--offset0" : "--offset1", val, 255, &v))
			return false;
		*(id == AO_OFFSET0 ? &a->offset0 : &a->offset1) = (uint32_t)v;
		a->have_offset01 = true;
		return true;
	case AO_VDATA:
		return parse_dwords("--vdata", val, a->vdata, 9, &a->n_vdata);
	case AO_VDST_INIT:
		return parse_dwords("--vdst-init", val, a->vdst_init, VSHARP_MAX_VDST, &a->n_vdst_init);
	case AO_VADDRS:
		return parse_dwords("--vaddrs", val, a->vaddrs, ADDR_MAX_LANES, &a->n_vaddrs);
	case AO_MEM:
		return parse_mem(a, val);
	case AO_MEM_FILE:
		return read_mem_file(a, val);
	case AO_RULE:
		if (a->n_rules == ADDR_MAX_RULES) {
			cli_error("--rule: at most %u", ADDR_MAX_RULES);
			return false;
		}
		a->rules[a->n_rules++] = val;
		return true;
	default:
		return desc_opts_take(&a->desc, id, val);
	}
}

bool addr_set_rules(const struct addr_args *a, enum vsharp_gfx level, struct vsharp_rules *r,
		    enum vsharp_align_mode *mode)
{
	struct vsharp_error err;

	const struct vsharp_target *t = desc_opts_target(&a->desc);

	/* The processor's defaults: gfx906:sramecc+ zeroes the other D16 half. */
	if (t && t->level == level)
		vsharp_rules_default_target(t, r);
	else
		vsharp_rules_default(level, r);
	for (unsigned i = 0; i < a->n_rules; i++)
		if (vsharp_rules_set(r, a->rules[i], &err))
			return cli_lib_error(&err), false;
	*mode = VSHARP_ALIGN_UNALIGNED;
	if (a->align && vsharp_align_mode_parse(a->align, mode, &err))
		return cli_lib_error(&err), false;
	return true;
}

/* The first V# option other than --gfx on the command line, or NULL. */
static const char *desc_option_given(const struct desc_opts *d)
{
	if (d->n_fields)
		return "--field";
	for (const struct cli_opt *o = desc_opt_table; o->name; o++)
		if (o->id > DO_GFX && o->id < DO_END && d->given[o->id - DO_GFX])
			return o->name;
	return NULL;
}

/* What an instruction reads, as far as the options go. */
enum {
	USE_BUF = 1 << 0,	/* MUBUF and MTBUF */
	USE_TBUF = 1 << 1,	/* MTBUF: the format is in the instruction */
	USE_TO_LDS = 1 << 2,	/* a buffer load to LDS: M0 and the LDS allocation */
	USE_ATOMIC = 1 << 3,	/* a buffer atomic: GLC returns the old value */
	USE_IDXEN = 1 << 4,	/* a buffer instruction with IDXEN: VINDEX */
	USE_OFFEN = 1 << 5,	/* with OFFEN: VOFFSET */
	USE_ADDR64 = 1 << 6,	/* with ADDR64: the VADDR pair */
	USE_DATA = 1 << 7,	/* data VGPRs: a store, an atomic, a DS DATA0/DATA1 */
	USE_DS = 1 << 8,
	USE_DS_ADDR = 1 << 9,	/* a DS instruction with an ADDR VGPR */
	USE_PARAM = 1 << 10,	/* an LDS parameter load: ATTR and ATTR_CHAN */
	USE_WAVE = 1 << 11,	/* DS with --lanes or --vaddrs */
};

/*
 * The options that give an operand, and the instructions that read it.  An
 * operand the instruction does not read would be silently ignored, so it is
 * refused.  The V# options are not here: a DS instruction ignores them
 * (Documentation/cli.rst "vsharp addr").
 */
static const struct operand_use {
	int id;
	const char *name;
	unsigned use;
	const char *missing;	/* what the instruction does not read */
	const char *allowed;	/* where the option applies */
} operand_uses[] = {
	{ AO_IDXEN, "--idxen", USE_BUF, "has no IDXEN bit", "MUBUF and MTBUF instructions" },
	{ AO_VINDEX, "--vindex", USE_IDXEN, "reads no index VGPR without --idxen", "--idxen" },
	{ AO_OFFEN, "--offen", USE_BUF, "has no OFFEN bit", "MUBUF and MTBUF instructions" },
	{ AO_VOFFSET, "--voffset", USE_OFFEN, "reads no offset VGPR without --offen", "--offen" },
	{ AO_ADDR64, "--addr64", USE_BUF, "has no ADDR64 bit", "MUBUF and MTBUF instructions" },
	{ AO_VADDR64, "--vaddr64", USE_ADDR64, "reads no 64-bit address without --addr64",
	  "--addr64" },
	{ AO_SOFFSET, "--soffset", USE_BUF, "reads no SOFFSET", "MUBUF and MTBUF instructions" },
	{ AO_GLC, "--glc", USE_ATOMIC, "returns no old value", "a buffer atomic" },
	{ AO_TFE, "--tfe", USE_BUF, "has no TFE bit", "MUBUF and MTBUF loads" },
	{ AO_LDS, "--lds", USE_BUF, "has no LDS bit", "MUBUF loads that take lds" },
	{ AO_TFORMAT, "--tformat", USE_TBUF, "reads no format from the instruction",
	  "tbuffer_* (MTBUF) instructions" },
	{ AO_M0, "--m0", USE_DS | USE_TO_LDS, "reads no M0",
	  "DS instructions and loads to LDS: --lds or buffer_load_lds_*" },
	{ AO_LDS_SIZE, "--lds-size", USE_DS | USE_TO_LDS, "uses no LDS",
	  "DS instructions and loads to LDS: --lds or buffer_load_lds_*" },
	{ AO_VDATA, "--vdata", USE_DATA, "reads no data VGPR",
	  "stores, atomics and DS instructions with DATA0 or DATA1" },
	{ AO_VADDR, "--vaddr", USE_DS_ADDR, "reads no ADDR VGPR",
	  "DS instructions with ADDR; a buffer instruction takes --vindex, --voffset or --vaddr64" },
	{ AO_OFFSET0, "--offset0", USE_DS, "has no OFFSET0 field", "DS instructions" },
	{ AO_OFFSET1, "--offset1", USE_DS, "has no OFFSET1 field", "DS instructions" },
	{ AO_ATTR, "--attr", USE_PARAM, "reads no attribute", "a parameter load only" },
	{ AO_ATTR_CHAN, "--attr-chan", USE_PARAM, "reads no attribute", "a parameter load only" },
	{ AO_WGP, "--wgp", USE_DS, "runs in no CU or WGP mode", "DS instructions (gfx10 and later)" },
	{ AO_LANES, "--lanes", USE_DS, "runs one --lane",
	  "DS instructions: a wave of lanes shows their banks" },
	{ AO_VADDRS, "--vaddrs", USE_DS, "runs one --lane",
	  "DS instructions: a wave of lanes shows their banks" },
	{ AO_VADDR_STRIDE, "--vaddr-stride", USE_WAVE, "runs one lane without --lanes",
	  "DS instructions with --lanes" },
};

static unsigned op_uses(const struct addr_args *a, const struct vsharp_op *op)
{
	struct vsharp_ds_operands ds;
	unsigned use;

	if (op->cls == VSHARP_OP_DS) {
		vsharp_ds_operands(op, &ds);
		return USE_DS | (ds.addr ? USE_DS_ADDR : 0) | (ds.data0 || ds.data1 ? USE_DATA : 0) |
		       (op->ds_addr == VSHARP_DS_PARAM ? USE_PARAM : 0) |
		       (a->lanes || a->n_vaddrs ? USE_WAVE : 0);
	}
	use = USE_BUF | (op->cls == VSHARP_OP_MTBUF ? USE_TBUF : 0) |
	      (op->kind == VSHARP_OP_LOAD_LDS || a->lds ? USE_TO_LDS : 0) |
	      (a->idxen ? USE_IDXEN : 0) | (a->offen ? USE_OFFEN : 0) | (a->addr64 ? USE_ADDR64 : 0);
	if (op->kind == VSHARP_OP_STORE || op->kind == VSHARP_OP_ATOMIC)
		use |= USE_DATA;
	if (op->kind == VSHARP_OP_ATOMIC)
		use |= USE_ATOMIC;
	return use;
}

/* GIVEN: bit id - AO_OP for each option on the command line. */
static int check_operands(const struct addr_args *a, enum vsharp_gfx level,
			  const struct vsharp_op *op, uint64_t given)
{
	unsigned use = op_uses(a, op);

	for (size_t i = 0; i < sizeof(operand_uses) / sizeof(operand_uses[0]); i++) {
		const struct operand_use *u = &operand_uses[i];

		if (given >> (u->id - AO_OP) & 1 && !(use & u->use))
			return cli_error("%s: %s %s (allowed with %s)", u->name,
					 vsharp_op_name(op, level), u->missing, u->allowed);
	}
	if (a->n_vaddrs && a->vaddr_stride)
		return cli_error("--vaddrs: give either --vaddrs or --vaddr-stride (allowed one form)");
	if (a->n_vaddrs && a->lanes && a->n_vaddrs != a->lanes)
		return cli_error("--vaddrs: %zu addresses for --lanes %u (allowed exactly one per lane)",
				 a->n_vaddrs, a->lanes);
	return 0;
}

static int run(struct addr_args *a, int argc, char **argv)
{
	struct vsharp_buffer buf;
	struct vsharp_desc_fields fields;
	struct vsharp_error err;
	enum vsharp_gfx level;
	const struct vsharp_op *op;
	struct cli_opt opts[64];
	char *words[8];
	const char *val;
	uint32_t dw[4];
	size_t count;
	uint64_t given = 0;
	int i = 0, id, n = 0, n_words = 0, ret;

	for (const struct cli_opt *o = desc_opt_table; o->name; o++)
		opts[n++] = *o;
	for (const struct cli_opt *o = addr_opts; o->name; o++)
		opts[n++] = *o;
	opts[n].name = NULL;
	while ((id = cli_getopt(argc, argv, &i, opts, "addr", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == CLI_ARG) {
			if (n_words == 8)
				return cli_error("V#: more than 4 dwords given (allowed exactly 4: DW0 DW1 DW2 DW3)\n%s",
						 usage);
			words[n_words++] = (char *)val;
			continue;
		}
		if (!take(a, id, val))
			return CLI_EXIT_USAGE;
		if (id >= AO_OP)
			given |= (uint64_t)1 << (id - AO_OP);
	}
	if (!a->op)
		return cli_error("--op: required (an instruction as LLVM spells it, see vsharp ops --gfx LEVEL)\n%s",
				 usage);
	if (n_words) {
		if (desc_option_given(&a->desc))
			return cli_error("V#: give it either as four dwords or with the desc options (allowed one form, with --gfx)");
		if (vsharp_dwords_from_args(n_words, words, a->vdesc, 4, &count, &err))
			return cli_error("V#: %s (allowed exactly 4 dwords)", err.msg);
		if (count != 4)
			return cli_error("V#: %zu dwords given (allowed exactly 4: DW0 DW1 DW2 DW3)", count);
		a->have_vdesc = true;
	}
	if (!desc_opts_build(&a->desc, &level, &buf, &fields))
		return CLI_EXIT_USAGE;
	op = vsharp_op_find(level, a->op, &err);
	if (!op)
		return cli_lib_error(&err);
	if (op->cls == VSHARP_OP_SMEM)
		return cli_error("--op: %s is an S_BUFFER_LOAD (SMEM), which vsharp addr does not run (allowed: MUBUF, MTBUF and DS instructions; Documentation/model.rst \"Scalar buffer loads\" has its model)",
				 vsharp_op_name(op, level));
	ret = check_operands(a, level, op, given);
	if (ret)
		return ret;
	if (!a->lanes && a->n_vaddrs)
		a->lanes = (unsigned)a->n_vaddrs;
	if (op->cls == VSHARP_OP_DS) {
		if (a->have_vdesc)
			return cli_error("V#: %s is a DS instruction and takes no V#", a->op);
		if (desc_option_given(&a->desc))
			return cli_error("%s: %s is a DS instruction and reads no V# (allowed with MUBUF and MTBUF instructions)",
					 desc_option_given(&a->desc), a->op);
		return addr_ds(a, level, op);
	}
	if (a->have_vdesc)
		memcpy(dw, a->vdesc, sizeof(dw));
	else if (vsharp_fields_pack(level, &fields, dw, &err))
		return cli_lib_error(&err);
	return addr_buffer(a, level, op, dw);
}

int cmd_addr(int argc, char **argv)
{
	struct addr_args a;
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return 0;
	}
	memset(&a, 0, sizeof(a));
	a.lds_size = ADDR_MAX_LDS_BYTES;
	ret = run(&a, argc, argv);
	free(a.mem);
	return ret;
}
