// SPDX-License-Identifier: MIT
#include <string.h>

#include "desc_opts.h"
#include "vsharp/rkind.h"

static const char usage_encode[] =
	"usage: vsharp desc encode --gfx LEVEL [--base ADDR] [--num-records N] [--stride BYTES]\n"
	"         [--format DATA_NUM] [--dst-sel XYZW] [--swizzle] [--element-size 2|4|8|16]\n"
	"         [--index-stride 8|16|32|64] [--add-tid] [--oob-select 0..3] [--compression]\n"
	"         [--write-compress] [--stride-scale 1|4|8|32] [--field NAME=VALUE]...\n";
static const char usage_decode[] =
	"usage: vsharp desc decode --gfx LEVEL [--json] DW0 DW1 DW2 DW3\n";
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

static void print_decoded(enum vsharp_gfx level, const uint32_t dw[4], bool json)
{
	struct vsharp_desc_fields fields;
	struct vsharp_buffer b;
	struct vsharp_field_info info;
	struct cli_out o;
	const char *flags[VSHARP_DESC_FLAG_COUNT];
	unsigned f, nflags = 0;
	char fmt[40], sel[5];

	f = vsharp_desc_decode(level, dw, &b);
	vsharp_fields_unpack(level, dw, &fields);
	for (unsigned bit = 0; bit < VSHARP_DESC_FLAG_COUNT; bit++)
		if (f & 1u << bit)
			flags[nflags++] = vsharp_desc_flag_name(bit);
	if (f & (VSHARP_DESC_INVALID_FORMAT | VSHARP_DESC_RESERVED_FORMAT))
		strcpy(fmt, f & VSHARP_DESC_INVALID_FORMAT ? "INVALID" : "RESERVED");
	else
		vsharp_format_name(b.format, fmt, sizeof(fmt));
	dst_sel_text(b.dst_sel, sel);

	out_begin(&o, stdout, json);
	out_str(&o, "gfx", vsharp_gfx_name(level));
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
	out_list(&o, "flags", flags, nflags);
	out_object_begin(&o, "fields");
	for (int i = 0; i < VSHARP_FIELD_COUNT; i++)
		if (vsharp_fields_has(&fields, i))
			(i == VSHARP_F_BASE ? out_hex : out_u64)(&o, vsharp_field_name(i),
								 fields.value[i]);
	out_object_end(&o);
	out_end(&o);
}

static int decode(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--json", false, 2 },
		{ NULL, false, 0 },
	};
	const char *gfx = NULL, *val;
	struct vsharp_error err;
	enum vsharp_gfx level;
	bool json = false;
	uint32_t dw[4];
	int i = 0, id, n = 0;

	while ((id = cli_getopt(argc, argv, &i, opts, "desc decode", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == 1) {
			gfx = val;
		} else if (id == 2) {
			json = true;
		} else {
			static const char *const names[] = { "DW0", "DW1", "DW2", "DW3" };

			if (n == 4)
				return cli_error("desc decode: more than four dwords ('%s')\n%s",
						 val, usage_decode);
			if (!cli_parse_u32(names[n], val, &dw[n]))
				return CLI_EXIT_USAGE;
			n++;
		}
	}
	if (!gfx)
		return cli_error("--gfx: required\n%s", usage_decode);
	if (n != 4)
		return cli_error("desc decode: needs four dwords, got %d (allowed exactly four)\n%s", n, usage_decode);
	if (vsharp_gfx_parse(gfx, &level, &err))
		return cli_lib_error(&err);
	print_decoded(level, dw, json);
	return 0;
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
	if (argc >= 1 && !strcmp(argv[0], "encode"))
		return encode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "decode"))
		return decode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "kind"))
		return kind(argc - 1, argv + 1);
	return cli_error("desc: expected 'encode', 'decode' or 'kind'\n%s%s%s", usage_encode,
			 usage_decode, usage_kind);
}
