// SPDX-License-Identifier: MIT
/*
 * vsharp ib decode|example: read a compute command buffer back, or print
 * the one vsharp builds for a sample dispatch (Documentation/pm4.rst).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "vsharp/dump.h"
#include "vsharp/dwords.h"
#include "vsharp/pm4.h"

static const char usage_ib[] =
	"usage: vsharp ib decode --gfx LEVEL [--json] [--ring | --stream NAME] [--follow [--follow-depth 1..8] --mem ADDR=FILE...] FILE\n"
	"       vsharp ib example --gfx LEVEL [--wave32]\n"
	"\n"
	"  FILE: little-endian binary dwords or text (Documentation/cli.rst \"Dword input\"); - is stdin\n"
	"  --ring: FILE is a binary amdgpu_ring_* debugfs file (rptr, wptr, driver wptr, the ring);\n"
	"          the packets from rptr to wptr are decoded.  Implied by a binary file named amdgpu_ring_*\n"
	"  FILE may be a hang dump (Documentation/cli.rst \"Dump formats\": devcoredump, umr, Mesa) or a\n"
	"  RADV hang report folder; a ring is decoded from rptr to wptr, numbered by ring slot\n"
	"  --stream NAME: the ring or IB of the dump to decode (a devcoredump: its timed-out ring)\n";

/* LEVEL for --gfx (every level has a PM4 layout, pm4/regs.c). */
static bool parse_level(const char *gfx, enum vsharp_gfx *level)
{
	struct vsharp_error err;

	if (!gfx) {
		cli_error("--gfx: required\n%s", usage_ib);
		return false;
	}
	if (vsharp_gfx_parse(gfx, level, &err)) {
		cli_lib_error(&err);
		return false;
	}
	return true;
}

#define IB_MEM_MAX 16

/* --mem ADDR=FILE: a memory image INDIRECT_BUFFER targets are read from. */
static bool parse_mem(const char *arg, struct vsharp_pm4_mem *m, struct vsharp_dwords *d)
{
	const char *eq = strchr(arg, '=');
	struct vsharp_error err;
	char addr[24];

	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(addr) || !eq[1]) {
		cli_error("--mem: '%s' must be ADDR=FILE (ADDR: the GPU address of the file's first byte)",
			  arg);
		return false;
	}
	memcpy(addr, arg, (size_t)(eq - arg));
	addr[eq - arg] = '\0';
	if (!cli_parse_u64("--mem", addr, 0xffffffffffffull, &m->va))
		return false;
	if (m->va % 4) {
		cli_error("--mem: address 0x%" PRIx64 " is not 4-byte aligned", m->va);
		return false;
	}
	if (vsharp_dwords_read_file(eq + 1, d, &err)) {
		cli_lib_error(&err);
		return false;
	}
	m->dw = d->dw;
	m->n = d->n;
	return true;
}

/* The ring or IB of dump D that --stream names (or the one the dump implies). */
static int decode_dump(enum vsharp_gfx level, const struct vsharp_dump *d, const char *path,
		       const char *name, const struct vsharp_pm4_decode *opt)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_ring_dump ring;
	struct vsharp_error err;
	uint32_t *buf;
	int ret;

	s = vsharp_dump_pick(d, name, &err);
	if (!s)
		return cli_error("%s: %s (--stream NAME)", path, err.msg);
	if (s->kind == VSHARP_DUMP_SHADER)
		return cli_error("%s: %s is shader code, not PM4 (vsharp disasm reads it)", path,
				 s->name);
	if (s->kind == VSHARP_DUMP_IB) {
		ret = vsharp_pm4_decode(level, s->dw, (unsigned)s->n, opt, stdout, &err);
	} else {
		if (vsharp_dump_ring(s, &ring, &buf, &err))
			return cli_lib_error(&err);
		ret = vsharp_pm4_decode_ring(level, &ring, opt, stdout, &err);
		free(buf);
	}
	if (ret) {
		fflush(stdout);
		return cli_lib_error(&err);
	}
	return 0;
}

/* The kernel names its ring files amdgpu_ring_<ring> (amdgpu_ring.c, amdgpu_debugfs_ring_init). */
static bool is_ring_file(const char *path)
{
	const char *base = strrchr(path, '/');

	return !strncmp(base ? base + 1 : path, "amdgpu_ring_", 12);
}

static int decode(int argc, char **argv)
{
	enum { O_GFX = 1, O_FOLLOW, O_DEPTH, O_MEM, O_JSON, O_RING, O_STREAM };
	static const struct cli_opt opts[] = {
		{ "--gfx", true, O_GFX },
		{ "--follow", false, O_FOLLOW },
		{ "--follow-depth", true, O_DEPTH },
		{ "--mem", true, O_MEM },
		{ "--json", false, O_JSON },
		{ "--ring", false, O_RING },
		{ "--stream", true, O_STREAM },
		{ NULL, false, 0 },
	};
	const char *gfx = NULL, *path = NULL, *stream = NULL, *val;
	const char *mem_args[IB_MEM_MAX];
	struct vsharp_dwords images[IB_MEM_MAX] = { { 0 } }, in = { 0 };
	struct vsharp_pm4_mem mem[IB_MEM_MAX];
	struct vsharp_pm4_decode opt = { .mem = mem };
	struct vsharp_error err;
	enum vsharp_gfx level;
	struct vsharp_ring_dump ring;
	struct vsharp_dump dump;
	bool follow = false, depth_given = false, ring_given = false;
	uint64_t depth = 4;
	unsigned n_mem = 0;
	int i = 0, id, ret = CLI_EXIT_USAGE;

	while ((id = cli_getopt(argc, argv, &i, opts, "ib decode", &val)) != CLI_END) {
		switch (id) {
		case CLI_BAD:
			return CLI_EXIT_USAGE;
		case O_GFX:
			gfx = val;
			break;
		case O_FOLLOW:
			follow = true;
			break;
		case O_DEPTH:
			if (!cli_parse_u64("--follow-depth", val, VSHARP_PM4_FOLLOW_MAX, &depth))
				return CLI_EXIT_USAGE;
			if (!depth)
				return cli_error("--follow-depth: 0 follows nothing (allowed 1..%u)",
						 VSHARP_PM4_FOLLOW_MAX);
			depth_given = true;
			break;
		case O_JSON:
			opt.json = true;
			break;
		case O_RING:
			ring_given = true;
			break;
		case O_STREAM:
			stream = val;
			break;
		case O_MEM:
			if (n_mem == IB_MEM_MAX)
				return cli_error("--mem: at most %d memory images", IB_MEM_MAX);
			mem_args[n_mem++] = val;
			break;
		default:
			if (path)
				return cli_error("ib decode: unexpected argument '%s'\n%s", val, usage_ib);
			path = val;
		}
	}
	if (!parse_level(gfx, &level))
		return CLI_EXIT_USAGE;
	if (!path)
		return cli_error("ib decode: FILE: required\n%s", usage_ib);
	if ((n_mem || depth_given) && !follow)
		return cli_error("%s: only with --follow (the IBs are not read otherwise)",
				 n_mem ? "--mem" : "--follow-depth");
	if (follow && !n_mem)
		return cli_error("--follow: needs at least one --mem ADDR=FILE to find the IBs in");
	for (unsigned k = 0; k < n_mem; k++)
		if (!parse_mem(mem_args[k], &mem[k], &images[k]))
			goto out;
	opt.n_mem = n_mem;
	opt.follow_depth = follow ? (unsigned)depth : 0;
	if (ring_given && stream) {
		cli_error("--ring reads a binary debugfs ring file, --stream a ring of a text dump: not both");
		goto out;
	}
	if (!ring_given && strcmp(path, "-")) {
		int got = vsharp_dump_read(path, &dump, &err);

		if (got < 0) {
			cli_lib_error(&err);
			goto out;
		}
		if (!got) {
			ret = decode_dump(level, &dump, path, stream, &opt);
			vsharp_dump_free(&dump);
			goto out;
		}
	}
	if (stream) {
		cli_error("--stream: %s is not a dump with rings or IBs (Documentation/cli.rst \"Dump formats\")",
			  path);
		goto out;
	}
	if (vsharp_dwords_read_file(path, &in, &err)) {
		cli_lib_error(&err);
		goto out;
	}
	if (ring_given || (in.binary && is_ring_file(path))) {
		if (vsharp_dwords_ring(&in, path, &ring, &err)) {
			cli_lib_error(&err);
			goto out;
		}
		ret = vsharp_pm4_decode_ring(level, &ring, &opt, stdout, &err);
	} else {
		ret = vsharp_pm4_decode(level, in.dw, (unsigned)in.n, &opt, stdout, &err);
	}
	if (ret) {
		fflush(stdout);
		ret = cli_lib_error(&err);
	}
out:
	vsharp_dwords_free(&in);
	for (unsigned k = 0; k < n_mem; k++)
		vsharp_dwords_free(&images[k]);
	return ret;
}

/* The peers' memcpy dispatch (libdrm, IGT amd_dispatch.c) as vsharp builds it. */
static int example(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--wave32", false, 2 },
		{ NULL, false, 0 },
	};
	struct vsharp_dispatch d = {
		.pgm_va = 0x800000001000ull, .vgprs = 8, .sgprs = 16, .user_sgprs = 8,
		.threads = { 64, 1, 1 }, .groups = { 4, 1, 1 }, .tgid = { true },
		.tidig_comps = 1,
	};
	const char *gfx = NULL, *val;
	struct vsharp_pm4_packet p;
	struct vsharp_error err;
	struct vsharp_ib ib;
	uint32_t buf[256];
	unsigned pos = 0;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "ib example", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == 1)
			gfx = val;
		else if (id == 2)
			d.wave32 = true;
		else
			return cli_error("ib example: unexpected argument '%s'\n%s", val, usage_ib);
	}
	if (!parse_level(gfx, &d.level))
		return CLI_EXIT_USAGE;
	/* A processor name (gfx802) dispatches as that processor: its SGPR init bug. */
	d.target = vsharp_target_find(gfx);
	/* User data are placeholders: USER_DATA_i = i. */
	for (unsigned k = 0; k < d.user_sgprs; k++)
		d.user_data[k] = k;
	vsharp_ib_init(&ib, buf, 256);
	if (vsharp_pm4_preamble(&ib, d.level, &err) || vsharp_pm4_dispatch(&ib, &d, &err) ||
	    vsharp_pm4_finish(&ib, &err))
		return cli_lib_error(&err);
	printf("# vsharp ib example --gfx %s%s: %u dwords\n",
	       d.target && !strcmp(d.target->name, gfx) ? gfx : vsharp_gfx_name(d.level),
	       d.wave32 ? " --wave32" : "", ib.n);
	while (vsharp_pm4_next(ib.dw, ib.n, &pos, &p, &err) > 0) {
		const char *name = vsharp_pm4_opcode_name(p.opcode);

		printf("0x%08x", ib.dw[p.offset]);
		for (unsigned k = 0; k < p.n_body; k++)
			printf(" 0x%08x", p.body[k]);
		printf("  # %s\n", name ? name : "?");
	}
	return 0;
}

int cmd_ib(int argc, char **argv)
{
	if (cli_wants_help(argc, argv)) {
		fputs(usage_ib, stdout);
		return 0;
	}
	if (argc >= 1 && !strcmp(argv[0], "decode"))
		return decode(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "example"))
		return example(argc - 1, argv + 1);
	return cli_error("ib: expected decode or example\n%s", usage_ib);
}
