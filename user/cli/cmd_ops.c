// SPDX-License-Identifier: MIT
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "vsharp/ops.h"

/*
 * `vsharp ops --gfx LEVEL [--asm | --json] [--all]`: the instruction catalogue of a
 * level; an LLVM processor for LEVEL gives its own D16 register ranges.
 * --asm adds one line of assembly per instruction in LLVM syntax, so
 * llvm-mc can confirm the catalogue (user/tests/ops_llvm.sh); --all lists
 * every catalogue entry with the level's spelling, marked Y (the level has
 * it) or N (it must not assemble there), U where the level has it but
 * llvm-mc 19 does not know it (the R4 BVH stack ops: it must not assemble
 * either).  --json: {"gfx", "ops": [{"name", "on"}]}, "on" false only with
 * --all, and "llvm19": false on the instructions marked U.
 */
static void vreg(char *buf, size_t size, unsigned first, unsigned n)
{
	if (n == 1)
		snprintf(buf, size, "v%u", first);
	else
		snprintf(buf, size, "v[%u:%u]", first, first + n - 1);
}

/* VADDR: "off", or the VGPRs the instruction reads its address from. */
static void asm_line(const struct vsharp_target *t, const struct vsharp_op *op, const char *name,
		     const char *vaddr)
{
	unsigned n = vsharp_op_target_dwords(t, op);
	struct vsharp_ds_operands o;
	const char *sep = " ";
	char d[16], e[16], r[16];

	if (op->cls == VSHARP_OP_SMEM) {
		/* SDATA from s16 (a multiple of 4), the V# in s[0:3], the offset in s4. */
		if (n == 1)
			printf("%s s16, s[0:3], s4", name);
		else
			printf("%s s[16:%u], s[0:3], s4", name, 15 + n);
		return;
	}
	if (op->cls != VSHARP_OP_DS) {
		if (op->kind == VSHARP_OP_ATOMIC)
			n = op->bytes / 4 * (op->atomic == VSHARP_ATOMIC_CMPSWAP ||
					     op->atomic == VSHARP_ATOMIC_FCMPSWAP ? 2 : 1);
		vreg(d, sizeof(d), 0, n);
		if (op->kind == VSHARP_OP_LOAD_LDS)
			printf("%s off, s[0:3], s4", name);
		else
			printf("%s %s, %s, s[0:3], s4", name, d, vaddr);
		return;
	}
	/* DS: vdst (v10..), address (v1), DATA0 (v2..), DATA1 (v6..). */
	vsharp_ds_operands(op, &o);
	printf("%s", name);
	if (o.vdst) {
		vreg(r, sizeof(r), 10, o.vdst);
		printf("%s%s", sep, r);
		sep = ", ";
	}
	if (o.addr) {
		printf("%sv1", sep);
		sep = ", ";
	}
	if (o.data0) {
		vreg(d, sizeof(d), 2, o.data0);
		printf("%s%s", sep, d);
		sep = ", ";
	}
	if (o.data1) {
		vreg(e, sizeof(e), 6, o.data1);
		printf("%s%s", sep, e);
	}
	if (op->ds_addr == VSHARP_DS_DUAL || op->ds_addr == VSHARP_DS_DUAL_ST64)
		printf(" offset0:1 offset1:2");
	if (op->ds_addr == VSHARP_DS_PARAM)
		printf(", attr0.x");
}

int cmd_ops(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--asm", false, 2 },
		{ "--all", false, 3 },
		{ "--json", false, 4 },
		{ NULL, false, 0 },
	};
	const char *gfx = NULL, *val;
	struct vsharp_error err;
	enum vsharp_gfx level;
	const struct vsharp_target *target;
	bool with_asm = false, all = false, json = false;
	struct vsharp_json j;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "ops", &val)) != CLI_END) {
		if (id == CLI_BAD)
			return CLI_EXIT_USAGE;
		if (id == CLI_ARG)
			return cli_error("ops: unexpected argument '%s'", val);
		if (id == 1)
			gfx = val;
		with_asm |= id == 2;
		all |= id == 3;
		json |= id == 4;
	}
	if (with_asm && json)
		return cli_error("--asm: assembly for llvm-mc, not JSON (allowed one of --asm, --json)");
	if (!gfx)
		return cli_error("--gfx: required");
	if (vsharp_gfx_parse(gfx, &level, &err))
		return cli_lib_error(&err);
	target = vsharp_target_find(gfx);
	vsharp_json_init(&j, stdout);
	if (json) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "gfx", vsharp_gfx_name(level));
		vsharp_json_array_begin(&j, "ops");
	}
	for (unsigned k = 0; k < vsharp_op_count; k++) {
		const struct vsharp_op *op = &vsharp_ops[k];
		const char *name = vsharp_op_name(op, level);
		bool on = vsharp_op_on(op, level);

		if (!name || (!on && !all))
			continue;
		if (json) {
			vsharp_json_object_begin(&j, NULL);
			vsharp_json_str(&j, "name", name);
			vsharp_json_bool(&j, "on", on);
			if (!vsharp_op_llvm19(op, level))
				vsharp_json_bool(&j, "llvm19", false);
			vsharp_json_object_end(&j);
			continue;
		}
		if (all)
			printf("%c ", !on ? 'N' : vsharp_op_llvm19(op, level) ? 'Y' : 'U');
		if (with_asm)
			asm_line(target, op, name, "off");
		else
			printf("%s", name);
		if (with_asm && vsharp_op_lds_modifier(op, level))
			printf("\n%s%s off, s[0:3], s4 lds", all ? (on ? "Y " : "N ") : "", name);
		/* The ADDR64 form on GFX6/7; with --all, a level without it must reject it. */
		if (with_asm && (op->cls == VSHARP_OP_MUBUF || op->cls == VSHARP_OP_MTBUF) &&
		    op->kind != VSHARP_OP_LOAD_LDS && on &&
		    (all || vsharp_op_addr64(op, level))) {
			printf("\n%s", all ? (vsharp_op_addr64(op, level) ? "Y " : "N ") : "");
			asm_line(target, op, name, "v[4:5]");
			printf(" addr64");
		}
		printf("\n");
	}
	if (json) {
		vsharp_json_array_end(&j);
		vsharp_json_object_end(&j);
	}
	return 0;
}
