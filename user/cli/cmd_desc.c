// SPDX-License-Identifier: MIT
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "desc_opts.h"
#include "vsharp/dwords.h"
#include "vsharp/model.h"
#include "vsharp/rkind.h"

static const char usage_encode[] =
	"usage: vsharp desc encode --gfx LEVEL [--base ADDR] [--num-records N] [--stride BYTES]\n"
	"         [--format DATA_NUM] [--dst-sel XYZW] [--swizzle] [--element-size 2|4|8|16]\n"
	"         [--index-stride 8|16|32|64] [--add-tid] [--oob-select 0..3] [--compression]\n"
	"         [--write-compress] [--stride-scale 1|4|8|32] [--field NAME=VALUE]...\n";
static const char usage_decode[] =
	"usage: vsharp desc decode --gfx LEVEL [--json|--umr] [--index N] DW0 DW1 DW2 DW3 [DW...]\n"
	"       vsharp desc decode --gfx LEVEL [--json|--umr] [--index N] --file FILE\n"
	"\n"
	"  words: 0x hex, 8-digit hex, one digit, a C array or dump lines; FILE: text or binary,\n"
	"  - is stdin (Documentation/cli.rst \"Dword input\"); every 4 words are one V#, all are\n"
	"  decoded unless --index N picks one (0 is the first)\n";
static const char usage_kind[] =
	"usage: vsharp desc kind --gfx LEVEL --kind typed|raw|structured|constant --size BYTES\n"
	"         [--base ADDR] [--stride BYTES] [--format DATA_NUM]\n";

static int encode(int argc, char **argv)
{
	struct desc_opts d = { 0 };
	struct vsharp_buffer b;
	struct vsharp_desc_fields fields;
	struct vsharp_error err;
	enum vsharp_gfx level;
	uint32_t dw[4];
	const char *val;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, desc_opt_table, "desc encode", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == CLI_ARG)
			return cli_error("desc encode: unexpected argument '%s'\n%s", val, usage_encode);
		if (!desc_opts_take(&d, id, val))
			return CLI_EXIT_USAGE;
	}
	if (!desc_opts_build(&d, &level, &b, &fields))
		return CLI_EXIT_USAGE;
	if (vsharp_fields_pack(level, &fields, dw, &err))
		return cli_lib_error(&err);
	printf("0x%08x 0x%08x 0x%08x 0x%08x\n", dw[0], dw[1], dw[2], dw[3]);
	return 0;
}

static void dst_sel_text(const uint8_t sel[4], char out[5])
{
	static const char names[] = "01??XYZW";

	for (int c = 0; c < 4; c++)
		out[c] = names[sel[c] & 7];
	out[4] = '\0';
}

/*
 * The format as the fields hold it.  A DATA_FORMAT/NUM_FORMAT pair no
 * typed access may use (LLVM's SI/CI default rsrc word3 0xf000 is 8_FLOAT)
 * is still named, with what is wrong with it; only codes no table defines
 * are RESERVED.
 */
static void format_text(enum vsharp_gfx level, unsigned flags, const struct vsharp_desc_fields *fl,
			const struct vsharp_buffer *b, char *buf, size_t size)
{
	struct vsharp_format pair;

	if (flags & VSHARP_DESC_INVALID_FORMAT) {
		snprintf(buf, size, "INVALID");
	} else if (!(flags & VSHARP_DESC_RESERVED_FORMAT)) {
		vsharp_format_name(b->format, buf, (unsigned)size);
	} else if (vsharp_format_split_fields(level) &&
		   fl->value[VSHARP_F_DATA_FORMAT] > 0 &&
		   fl->value[VSHARP_F_DATA_FORMAT] < VSHARP_DFMT_COUNT &&
		   vsharp_nfmt_from_code(level, (unsigned)fl->value[VSHARP_F_NUM_FORMAT], &pair.nfmt)) {
		char name[40];

		pair.dfmt = (enum vsharp_dfmt)fl->value[VSHARP_F_DATA_FORMAT];
		snprintf(buf, size, "%s (not a legal pair for typed access)",
			 vsharp_format_name(pair, name, sizeof(name)));
	} else {
		snprintf(buf, size, "RESERVED");
	}
}

struct part_at {
	enum vsharp_field f;
	struct vsharp_field_part p;
};

static int part_order(const void *a, const void *b)
{
	const struct vsharp_field_part *x = &((const struct part_at *)a)->p;
	const struct vsharp_field_part *y = &((const struct part_at *)b)->p;

	return x->word != y->word ? (int)x->word - (int)y->word : (int)x->lo - (int)y->lo;
}

/* Every field part of the level in dword and bit order. */
static unsigned level_parts(enum vsharp_gfx level, struct part_at *all)
{
	unsigned n = 0;

	for (int f = 0; f < VSHARP_FIELD_COUNT; f++) {
		struct vsharp_field_part p[2];
		unsigned k = vsharp_field_parts(level, f, p);

		for (unsigned i = 0; i < k; i++)
			all[n++] = (struct part_at){ .f = f, .p = p[i] };
	}
	qsort(all, n, sizeof(*all), part_order);
	return n;
}

static uint32_t part_value(const uint32_t dw[4], const struct vsharp_field_part *p)
{
	unsigned width = p->hi - p->lo + 1;

	return (dw[p->word] >> p->lo) & (width == 32 ? ~0u : (1u << width) - 1);
}

/* The enumerator of a part's code, or NULL; DATA_FORMAT holding stride bits says so. */
static const char *part_enum(enum vsharp_gfx level, unsigned flags, const struct part_at *a,
			     uint32_t v, char *buf, size_t size)
{
	if (a->f == VSHARP_F_DATA_FORMAT && (flags & VSHARP_DESC_STRIDE_IN_DFMT))
		return "STRIDE[17:14] (ADD_TID_ENABLE)";
	return vsharp_field_enum_name(level, a->f, v, buf, size);
}

/* umr's register lookup: "asic.reg => value", then one line per field. */
static void print_umr(enum vsharp_gfx level, const uint32_t dw[4])
{
	struct part_at all[2 * VSHARP_FIELD_COUNT];
	unsigned n = level_parts(level, all);

	for (unsigned w = 0; w < 4; w++) {
		printf("%s.mmSQ_BUF_RSRC_WORD%u => 0x%08x\n", vsharp_gfx_name(level), w, dw[w]);
		for (unsigned i = 0; i < n; i++) {
			const struct vsharp_field_part *p = &all[i].p;
			uint32_t v = part_value(dw, p);
			char name[80];

			if (p->word != w)
				continue;
			snprintf(name, sizeof(name), "\t.%s[%u:%u]", p->name, p->lo, p->hi);
			printf("%-65s == %8u (0x%08x)\n", name, v, v);
		}
	}
}

/*
 * The extent the model's range check gives (vsharp_buffer_extent), with
 * IDXEN and without; one reading when both agree.
 * text: "extent: 0x400000..0x404000 (16384 bytes: 1024 records of 16 bytes, with IDXEN)"
 */
static void print_extent(struct cli_out *o, uint64_t base, const struct vsharp_buffer_extent *e,
			 const char *when)
{
	static const char *const counts[] = {
		[VSHARP_EXTENT_UNCHECKED] = "unchecked", [VSHARP_EXTENT_NOTHING] = "nothing",
		[VSHARP_EXTENT_BYTES] = "bytes", [VSHARP_EXTENT_RECORDS] = "records",
		[VSHARP_EXTENT_INDEX] = "index",
	};
	char text[200];

	if (o->json) {
		vsharp_json_object_begin(&o->j, NULL);
		vsharp_json_str(&o->j, "when", when);
		vsharp_json_bool(&o->j, "checked", e->unit != VSHARP_EXTENT_UNCHECKED);
		vsharp_json_str(&o->j, "counts", counts[e->unit]);
		vsharp_json_str(&o->j, "out_of_range_when", vsharp_range_text(e->range));
		if (e->unit == VSHARP_EXTENT_BYTES || e->unit == VSHARP_EXTENT_RECORDS) {
			vsharp_json_uint(&o->j, "bytes", e->bytes);
			vsharp_json_hex(&o->j, "end", base + e->bytes);
		}
		if (e->unit == VSHARP_EXTENT_RECORDS || e->unit == VSHARP_EXTENT_INDEX)
			vsharp_json_uint(&o->j, "records", e->records);
		vsharp_json_object_end(&o->j);
		return;
	}
	switch (e->unit) {
	case VSHARP_EXTENT_UNCHECKED:
		snprintf(text, sizeof(text), "not range-checked (%s: %s)", when,
			 vsharp_range_text(e->range));
		break;
	case VSHARP_EXTENT_NOTHING:
		snprintf(text, sizeof(text), "none (%s, NUM_RECORDS 0: every access is out of range)",
			 when);
		break;
	case VSHARP_EXTENT_BYTES:
		snprintf(text, sizeof(text), "0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu64 " bytes, %s)",
			 base, base + e->bytes, e->bytes, when);
		break;
	case VSHARP_EXTENT_RECORDS:
		snprintf(text, sizeof(text),
			 "0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu64 " bytes: %" PRIu64 " records of %u bytes, %s)",
			 base, base + e->bytes, e->bytes, e->records, e->stride, when);
		break;
	case VSHARP_EXTENT_INDEX:
		snprintf(text, sizeof(text),
			 "index < %" PRIu64 " from 0x%" PRIx64 ", offset not checked (%" PRIu64 " records of %u bytes: 0x%" PRIx64 "..0x%" PRIx64 ", %s)",
			 e->records, base, e->records, e->stride, base,
			 base + e->records * e->stride, when);
		break;
	}
	out_str(o, "extent", text);
}

static int print_extents(struct cli_out *o, enum vsharp_gfx level, const uint32_t dw[4],
			 uint64_t base)
{
	struct vsharp_buffer_extent with, without;
	struct vsharp_error err;

	if (vsharp_buffer_extent(level, dw, true, &with, &err) ||
	    vsharp_buffer_extent(level, dw, false, &without, &err))
		return cli_lib_error(&err);
	if (o->json)
		vsharp_json_array_begin(&o->j, "extent");
	if (!memcmp(&with, &without, sizeof(with))) {
		print_extent(o, base, &with, "every access");
	} else {
		print_extent(o, base, &with, "with IDXEN");
		print_extent(o, base, &without, "without IDXEN");
	}
	if (o->json)
		vsharp_json_array_end(&o->j);
	return 0;
}

static int print_decoded(enum vsharp_gfx level, const uint32_t dw[4], bool json)
{
	struct part_at all[2 * VSHARP_FIELD_COUNT];
	struct vsharp_desc_fields fields;
	struct vsharp_buffer b;
	struct vsharp_field_info info;
	struct cli_out o;
	const char *flags[VSHARP_DESC_FLAG_COUNT];
	unsigned f, nflags = 0, n;
	char fmt[80], sel[5], words[48];

	f = vsharp_desc_decode(level, dw, &b);
	vsharp_fields_unpack(level, dw, &fields);
	for (unsigned bit = 0; bit < VSHARP_DESC_FLAG_COUNT; bit++)
		if (f & 1u << bit)
			flags[nflags++] = vsharp_desc_flag_name(bit);
	format_text(level, f, &fields, &b, fmt, sizeof(fmt));
	dst_sel_text(b.dst_sel, sel);
	snprintf(words, sizeof(words), "0x%08x 0x%08x 0x%08x 0x%08x", dw[0], dw[1], dw[2], dw[3]);

	out_begin(&o, stdout, json);
	out_str(&o, "gfx", vsharp_gfx_name(level));
	if (json)	/* dwords are numbers in JSON (Documentation/cli.rst, "JSON") */
		out_num_list(&o, "words", (const uint64_t[]){ dw[0], dw[1], dw[2], dw[3] }, 4, OUT_DEC);
	else
		out_str(&o, "words", words);
	out_hex(&o, "base", b.base);
	out_u64(&o, "stride", b.stride);
	out_u64(&o, "num_records", b.num_records);
	out_str(&o, "format", fmt);
	out_str(&o, "dst_sel", sel);
	out_bool(&o, "swizzle", b.swizzle);
	out_u64(&o, "element_size", b.element_size);
	out_u64(&o, "index_stride", b.index_stride);
	out_bool(&o, "add_tid", b.add_tid);
	if (vsharp_field_info(level, VSHARP_F_OOB_SELECT, &info))
		out_u64(&o, "oob_select", b.oob_select);
	if (vsharp_field_info(level, VSHARP_F_STRIDE_SCALE, &info))
		out_u64(&o, "stride_scale", b.stride_scale);
	if (print_extents(&o, level, dw, b.base))
		return CLI_EXIT_USAGE;
	out_list(&o, "flags", flags, nflags);
	if (f & VSHARP_DESC_RESERVED_BITS) {
		uint32_t r[4];

		vsharp_desc_reserved_bits(level, dw, r);
		if (json) {
			out_num_list(&o, "reserved_bits", (const uint64_t[]){ r[0], r[1], r[2], r[3] },
				     4, OUT_DEC);
		} else {
			snprintf(words, sizeof(words), "0x%08x 0x%08x 0x%08x 0x%08x", r[0], r[1], r[2],
				 r[3]);
			out_str(&o, "reserved_bits", words);
		}
	}

	/* Each field: SQ_BUF_RSRC_WORD3.DST_SEL_X[2:0]: 4 (0x4) SQ_SEL_X */
	n = level_parts(level, all);
	if (json)
		out_object_begin(&o, "fields");
	for (unsigned i = 0; i < n; i++) {
		const struct vsharp_field_part *p = &all[i].p;
		uint32_t v = part_value(dw, p);
		char key[64], ebuf[48];
		const char *e = part_enum(level, f, &all[i], v, ebuf, sizeof(ebuf));

		snprintf(key, sizeof(key), "%s.%s", p->reg, p->name);
		if (json) {
			out_object_begin(&o, key);
			out_u64(&o, "value", v);
			out_u64(&o, "hi", p->hi);
			out_u64(&o, "lo", p->lo);
			if (e)
				out_str(&o, "enum", e);
			out_object_end(&o);
		} else {
			printf("%s[%u:%u]: %u (0x%x)%s%s\n", key, p->hi, p->lo, v, v, e ? " " : "",
			       e ? e : "");
		}
	}
	if (json)
		out_object_end(&o);
	out_end(&o);
	return 0;
}

/* Words on the command line: 1024 descriptors. */
#define ARGS_MAX_DWORDS 4096

/* Every V# of the input in turn, or the one --index names. */
static int decode_all(enum vsharp_gfx level, const uint32_t *dw, size_t n, const char *index,
		      bool json, bool umr)
{
	size_t count = n / 4, first = 0, last;
	char *end;

	if (!n || n % 4)
		return cli_error("desc decode: %zu dwords are not whole descriptors (allowed 4 per V#: 4, 8, 12 ...)\n%s",
				 n, usage_decode);
	if (index) {
		unsigned long k = strtoul(index, &end, 10);

		if (!*index || *end || *index == '-' || k >= count)
			return cli_error("--index: '%s' is not a descriptor of the input (allowed 0..%zu)",
					 index, count - 1);
		first = k;
		count = k + 1;
	}
	for (last = count - 1; first < count; first++) {
		int ret = 0;

		if (umr)
			print_umr(level, dw + 4 * first);
		else
			ret = print_decoded(level, dw + 4 * first, json);
		if (ret)
			return ret;
		if (!json && first != last)
			putchar('\n');
	}
	return 0;
}

static int decode(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--json", false, 2 },
		{ "--umr", false, 3 },
		{ "--file", true, 4 },
		{ "--index", true, 5 },
		{ NULL, false, 0 },
	};
	const char *gfx = NULL, *file = NULL, *index = NULL, *val;
	char **words = calloc((size_t)argc + 1, sizeof(*words));
	struct vsharp_dwords d = { 0 };
	struct vsharp_error err;
	enum vsharp_gfx level;
	bool json = false, umr = false;
	int i = 0, id, nwords = 0, ret;

	if (!words)
		return cli_error("desc decode: out of memory");
	while ((id = cli_getopt(argc, argv, &i, opts, "desc decode", &val)) != CLI_END) {
		if (id == CLI_BAD) {
			free(words);
			return CLI_EXIT_USAGE;
		}
		if (id == 1)
			gfx = val;
		else if (id == 2)
			json = true;
		else if (id == 3)
			umr = true;
		else if (id == 4)
			file = val;
		else if (id == 5)
			index = val;
		else
			words[nwords++] = (char *)val;
	}
	ret = CLI_EXIT_USAGE;
	if (!gfx) {
		cli_error("--gfx: required\n%s", usage_decode);
	} else if (json && umr) {
		cli_error("--umr: prints text; it does not go with --json\n%s", usage_decode);
	} else if (file && nwords) {
		cli_error("desc decode: words from --file or the command line, not both ('%s')\n%s",
			  words[0], usage_decode);
	} else if (vsharp_gfx_parse(gfx, &level, &err)) {
		cli_lib_error(&err);
	} else if (file ? vsharp_dwords_read_file(file, &d, &err) :
		   !(d.dw = malloc(ARGS_MAX_DWORDS * sizeof(*d.dw))) ? vsharp_fail(&err, -ENOMEM, "desc decode: out of memory") :
		   vsharp_dwords_from_args(nwords, words, d.dw, ARGS_MAX_DWORDS, &d.n, &err)) {
		cli_lib_error(&err);
	} else {
		ret = decode_all(level, d.dw, d.n, index, json, umr);
	}
	vsharp_dwords_free(&d);
	free(words);
	return ret;
}

/* The V# an HLSL/DXIL resource kind needs (Documentation/resource-kinds.rst). */
static int kind(int argc, char **argv)
{
	enum { K_GFX = 1, K_KIND, K_SIZE, K_BASE, K_STRIDE, K_FORMAT };
	static const struct cli_opt opts[] = {
		{ "--gfx", true, K_GFX },     { "--kind", true, K_KIND },
		{ "--size", true, K_SIZE },   { "--base", true, K_BASE },
		{ "--stride", true, K_STRIDE }, { "--format", true, K_FORMAT },
		{ NULL, false, 0 },
	};
	struct vsharp_rkind_params p = { 0, 0, 0, { VSHARP_DFMT_32, VSHARP_NFMT_FLOAT } };
	const char *gfx = NULL, *kname = NULL, *val;
	struct vsharp_error err;
	struct vsharp_buffer b;
	enum vsharp_gfx level;
	enum vsharp_rkind k;
	bool have_size = false, have_stride = false, have_format = false;
	uint32_t dw[4];
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "desc kind", &val)) != CLI_END) {
		bool ok = true;

		switch (id) {
		case CLI_BAD:
			return CLI_EXIT_USAGE;
		case CLI_ARG:
			return cli_error("desc kind: unexpected argument '%s'\n%s", val, usage_kind);
		case K_GFX:
			gfx = val;
			break;
		case K_KIND:
			kname = val;
			break;
		case K_SIZE:
			ok = cli_parse_u64("--size", val, UINT64_MAX, &p.size);
			have_size = true;
			break;
		case K_BASE:
			ok = cli_parse_u64("--base", val, 0xffffffffffffull, &p.base);
			break;
		case K_STRIDE:
			ok = cli_parse_u32("--stride", val, &p.stride);
			have_stride = true;
			break;
		case K_FORMAT:
			if (vsharp_format_parse(val, &p.format, &err))
				return cli_lib_error(&err);
			have_format = true;
			break;
		}
		if (!ok)
			return CLI_EXIT_USAGE;
	}
	if (!gfx || !kname || !have_size)
		return cli_error("desc kind: --gfx, --kind and --size are required\n%s", usage_kind);
	if (vsharp_gfx_parse(gfx, &level, &err) || vsharp_rkind_parse(kname, &k, &err))
		return cli_lib_error(&err);
	if (have_stride && k != VSHARP_RKIND_STRUCTURED)
		return cli_error("--stride: only structured buffers take a stride (allowed with --kind structured)");
	if (have_format && k != VSHARP_RKIND_TYPED)
		return cli_error("--format: only typed buffers take a format (allowed with --kind typed)");
	if (vsharp_rkind_buffer(level, k, &p, &b, &err) ||
	    vsharp_desc_encode(level, &b, dw, &err))
		return cli_lib_error(&err);
	printf("0x%08x 0x%08x 0x%08x 0x%08x\n", dw[0], dw[1], dw[2], dw[3]);
	return 0;
}

int cmd_desc(int argc, char **argv)
{
	if (cli_wants_help(argc, argv)) {
		printf("%s%s%s", usage_encode, usage_decode, usage_kind);
		return 0;
	}
	if (argc >= 1 && !strcmp(argv[0], "encode"))
		return encode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "decode"))
		return decode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "kind"))
		return kind(argc - 1, argv + 1);
	return cli_error("desc: expected 'encode', 'decode' or 'kind'\n%s%s%s", usage_encode,
			 usage_decode, usage_kind);
}
