// SPDX-License-Identifier: MIT
/*
 * `vsharp align`: the alignment atlas (vsharp/atlas.h) of one level or all,
 * from the model or measured on a device, as an aligned text table, CSV,
 * JSON or an SVG heat map; --cross-level keeps the cells where levels
 * differ, each with the rule or document behind it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "align.h"
#include "bundle.h"
#include "cli.h"
#include "report.h"
#include "vsharp/session.h"
#include "vsharp/vmid.h"

enum format { F_TEXT, F_CSV, F_JSON, F_SVG };

struct align_opts {
	const char *gfx, *mode, *format, *device, *debugfs;
	const char *bundle;		/* file for the result bundle (bundle.h) */
	bool cross, allow_memviol, allow_shared_vmid;
	const char *emu_rules[CLI_MAX_EMU_RULES];
	unsigned n_emu_rules;
};

/* Said once a table has such a cell. */
static const char compiler_note[] =
	"# notes: UNVERIFIED: the rule's default has no source; LLVM: the cells rest on a compiler's record (LLVM; CLRX for GFX6 buffers), not an AMD document\n";

static const char legend[] =
	". as addressed  s split across dwords  1-f aligned down by n bytes  F MEMVIOL  - no such instruction  ? not run  ! unexplained";

/* "1-3,5-7" */
static void mis_list(unsigned mask, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned m = 0; m < VSHARP_ATLAS_MIS && used < n; m++) {
		unsigned e = m;

		if (!(mask >> m & 1))
			continue;
		while (e + 1 < VSHARP_ATLAS_MIS && mask >> (e + 1) & 1)
			e++;
		used += (size_t)(e > m ? snprintf(buf + used, n - used, "%s%u-%u", used ? "," : "", m, e) :
				 snprintf(buf + used, n - used, "%s%u", used ? "," : "", m));
		m = e;
	}
}

static bool row_present(const struct vsharp_atlas *at, int m, int a, unsigned si)
{
	for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
		if (at->cell[m][a][si][mis].model.outcome != VSHARP_ATLAS_ABSENT)
			return true;
	return false;
}

static struct vsharp_atlas_result shown(const struct vsharp_atlas_cell *c, bool measured)
{
	return measured && c->measured ? c->seen : c->model;
}

static bool differs(const struct vsharp_atlas_cell *c)
{
	return c->measured && c->seen.outcome != VSHARP_ATLAS_NOT_RUN &&
	       (c->seen.outcome != c->model.outcome || c->seen.shift != c->model.shift);
}

/* The notes of a row: the rules that contest its cells, and where the device differs. */
static void row_notes(const struct vsharp_atlas *at, int m, int a, unsigned si, bool measured,
		      char *buf, size_t n)
{
	unsigned diff = 0, compiler = 0;
	size_t used = 0;
	char list[64];

	buf[0] = '\0';
	for (int r = 0; r < VSHARP_RULE_COUNT && used < n; r++) {
		unsigned mask = 0;
		bool unverified = false;

		for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
			const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];

			if (c->contested >> r & 1) {
				mask |= 1u << mis;
				unverified |= c->unverified;
			}
		}
		if (!mask)
			continue;
		mis_list(mask, list, sizeof(list));
		used += (size_t)snprintf(buf + used, n - used, "%s%s%s at %s", used ? "; " : "",
					 vsharp_rule_info(r)->name, unverified ? " UNVERIFIED" : "", list);
	}
	for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
		compiler |= (unsigned)at->cell[m][a][si][mis].compiler << mis;
	if (compiler && used < n) {
		mis_list(compiler, list, sizeof(list));
		used += (size_t)snprintf(buf + used, n - used, "%sLLVM at %s", used ? "; " : "", list);
	}
	for (unsigned mis = 0; measured && mis < VSHARP_ATLAS_MIS; mis++)
		diff |= (unsigned)differs(&at->cell[m][a][si][mis]) << mis;
	if (diff && used < n) {
		mis_list(diff, list, sizeof(list));
		snprintf(buf + used, n - used, "%sDIFFERS from the model at %s", used ? "; " : "", list);
	}
}

static void text_level(FILE *f, const struct vsharp_atlas *at, unsigned modes, bool measured)
{
	fprintf(f, "# vsharp align: %s, %s%s\n", vsharp_gfx_name(at->level),
		measured ? "measured on " : "from the model", measured ? at->device : "");
	for (int m = 0; measured && m < VSHARP_ALIGN_COUNT; m++)
		if (modes >> m & 1)
			fprintf(f, "# %s: %s\n", vsharp_align_mode_name(m), at->mode_source[m]);
	if (measured && at->not_run_why[0])
		fprintf(f, "# ? not run: %s\n", at->not_run_why);
	fprintf(f, "# cell: address %u + misalignment, in range, the level's default rule choices\n# %s\n%s",
		VSHARP_ATLAS_BASE, legend, compiler_note);
	fprintf(f, "%-13s %-14s %4s  0123456789abcdef  notes\n", "mode", "access", "size");
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
		if (!(modes >> m & 1))
			continue;
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++) {
				char row[VSHARP_ATLAS_MIS + 1], model[VSHARP_ATLAS_MIS + 1], notes[512];
				bool any_diff = false;

				if (!row_present(at, m, a, si))
					continue;
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];

					row[mis] = vsharp_atlas_symbol(shown(c, measured));
					model[mis] = vsharp_atlas_symbol(c->model);
					any_diff |= differs(c);
				}
				row[VSHARP_ATLAS_MIS] = model[VSHARP_ATLAS_MIS] = '\0';
				row_notes(at, m, a, si, measured, notes, sizeof(notes));
				fprintf(f, "%-13s %-14s %4u  %s%s%s\n", vsharp_align_mode_name(m),
					vsharp_atlas_access_name(a), vsharp_atlas_size(si), row,
					notes[0] ? "  " : "", notes);
				if (any_diff)
					fprintf(f, "%-13s %-14s %4s  %s  the model\n", "", "", "", model);
			}
	}
}

static void result_json(struct vsharp_json *j, const char *key, enum vsharp_atlas_access a, unsigned size,
			struct vsharp_atlas_result r)
{
	char data[64], symbol[2] = { vsharp_atlas_symbol(r), 0 };

	vsharp_atlas_data(a, size, r, data, sizeof(data));
	vsharp_json_object_begin(j, key);
	vsharp_json_str(j, "outcome", vsharp_atlas_outcome_name(r.outcome));
	vsharp_json_uint(j, "shift", r.shift);
	vsharp_json_str(j, "symbol", symbol);
	vsharp_json_str(j, "data", data);
	vsharp_json_object_end(j);
}

static void json_cells(struct vsharp_json *j, const struct vsharp_atlas *at, unsigned modes, bool measured)
{
	vsharp_json_rows_begin(j, "cells");
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				for (unsigned mis = 0; (modes >> m & 1) && mis < VSHARP_ATLAS_MIS; mis++) {
					const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];
					const struct vsharp_op *op = vsharp_atlas_op(at->level, a, si, NULL);
					unsigned size = vsharp_atlas_size(si);

					if (c->model.outcome == VSHARP_ATLAS_ABSENT)
						continue;
					vsharp_json_object_begin(j, NULL);
					vsharp_json_str(j, "mode", vsharp_align_mode_name(m));
					vsharp_json_str(j, "access", vsharp_atlas_access_name(a));
					vsharp_json_uint(j, "size", size);
					vsharp_json_uint(j, "misalignment", mis);
					vsharp_json_uint(j, "address", VSHARP_ATLAS_BASE + mis);
					vsharp_json_str(j, "instruction", vsharp_op_name(op, at->level));
					result_json(j, "model", a, size, c->model);
					vsharp_json_array_begin(j, "contested");
					for (int r = 0; r < VSHARP_RULE_COUNT; r++)
						if (c->contested >> r & 1)
							vsharp_json_str(j, NULL, vsharp_rule_info(r)->name);
					vsharp_json_array_end(j);
					vsharp_json_bool(j, "unverified", c->unverified);
					vsharp_json_bool(j, "compiler", c->compiler);
					if (measured && c->measured) {
						result_json(j, "measured", a, size, c->seen);
						vsharp_json_bool(j, "halted", c->halted);
						vsharp_json_bool(j, "differs", differs(c));
						vsharp_json_str(j, "observed", c->seen_text);
					}
					vsharp_json_object_end(j);
				}
	vsharp_json_array_end(j);
}

static void json_out(FILE *f, const struct align_view *v)
{
	struct vsharp_json j;

	vsharp_json_init(&j, f);
	vsharp_json_object_begin(&j, NULL);
	vsharp_json_str(&j, "source", v->measured ? "device" : "model");
	vsharp_json_uint(&j, "base", VSHARP_ATLAS_BASE);
	vsharp_json_array_begin(&j, "levels");
	for (unsigned i = 0; i < v->n; i++) {
		const struct vsharp_atlas *at = v->atlases[i];

		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "level", vsharp_gfx_name(at->level));
		if (v->measured) {
			vsharp_json_str(&j, "device", at->device);
			vsharp_json_object_begin(&j, "modes");
			for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
				if (v->modes >> m & 1)
					vsharp_json_str(&j, vsharp_align_mode_name(m), at->mode_source[m]);
			vsharp_json_object_end(&j);
		}
		json_cells(&j, at, v->modes, v->measured);
		vsharp_json_object_end(&j);
	}
	vsharp_json_array_end(&j);
	vsharp_json_object_end(&j);
}

static void csv_out(FILE *f, const struct align_view *v)
{
	fputs("level,mode,access,size,misalignment,address,instruction,outcome,shift,symbol,data,contested,unverified,compiler", f);
	fputs(v->measured ? ",measured_outcome,measured_shift,measured_symbol,measured_data,halted,differs,observed\n" : "\n", f);
	for (unsigned i = 0; i < v->n; i++) {
		const struct vsharp_atlas *at = v->atlases[i];

		for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
			for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
				for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
					for (unsigned mis = 0; (v->modes >> m & 1) && mis < VSHARP_ATLAS_MIS; mis++) {
						const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];
						unsigned size = vsharp_atlas_size(si);
						char data[64], rules[256] = "";
						size_t used = 0;

						if (c->model.outcome == VSHARP_ATLAS_ABSENT)
							continue;
						for (int r = 0; r < VSHARP_RULE_COUNT; r++)
							if (c->contested >> r & 1)
								used += (size_t)snprintf(rules + used, sizeof(rules) - used, "%s%s",
											 used ? " " : "", vsharp_rule_info(r)->name);
						vsharp_atlas_data(a, size, c->model, data, sizeof(data));
						fprintf(f, "%s,%s,%s,%u,%u,%u,%s,%s,%u,%c,%s,%s,%d",
							vsharp_gfx_name(at->level), vsharp_align_mode_name(m),
							vsharp_atlas_access_name(a), size, mis, VSHARP_ATLAS_BASE + mis,
							vsharp_op_name(vsharp_atlas_op(at->level, a, si, NULL), at->level),
							vsharp_atlas_outcome_name(c->model.outcome), c->model.shift,
							vsharp_atlas_symbol(c->model), data, rules, c->unverified);
						fprintf(f, ",%d", c->compiler);
						if (v->measured) {
							vsharp_atlas_data(a, size, c->seen, data, sizeof(data));
							fprintf(f, ",%s,%u,%c,%s,%d,%d,", vsharp_atlas_outcome_name(c->seen.outcome),
								c->seen.shift, vsharp_atlas_symbol(c->seen), data, c->halted,
								differs(c));
							csv_field(f, c->seen_text);
						}
						fputc('\n', f);
					}
	}
}

/* --cross-level as text: per row the misalignments where levels differ, each level's row, and why. */
static void cross_text(FILE *f, const struct align_view *v)
{
	fprintf(f, "# vsharp align --cross-level: the cells where levels differ, from the model\n# %s\n", legend);
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++) {
				char why[VSHARP_ATLAS_MIS][768], list[64];
				unsigned mask = 0;

				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					vsharp_atlas_why(v->atlases, v->n, m, a, si, mis, why[mis], sizeof(why[mis]));
					mask |= (unsigned)(why[mis][0] != '\0') << mis;
				}
				if (!mask)
					continue;
				mis_list(mask, list, sizeof(list));
				fprintf(f, "%s %s size %u, misalignment %s:\n", vsharp_align_mode_name(m),
					vsharp_atlas_access_name(a), vsharp_atlas_size(si), list);
				for (unsigned i = 0; i < v->n; i++) {
					char row[VSHARP_ATLAS_MIS + 1];

					for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++)
						row[mis] = vsharp_atlas_symbol(v->atlases[i]->cell[m][a][si][mis].model);
					row[VSHARP_ATLAS_MIS] = '\0';
					fprintf(f, "  %-8s %s\n", vsharp_gfx_name(v->atlases[i]->level), row);
				}
				/* Each distinct reason once, with the misalignments it covers. */
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					unsigned same = 0;
					bool first = true;

					if (!(mask >> mis & 1))
						continue;
					for (unsigned k = 0; k < VSHARP_ATLAS_MIS; k++)
						if (mask >> k & 1 && !strcmp(why[k], why[mis])) {
							first &= k >= mis;
							same |= 1u << k;
						}
					if (!first)
						continue;
					mis_list(same, list, sizeof(list));
					fprintf(f, "  why (%s): %s\n", list, why[mis]);
				}
			}
}

static void cross_csv(FILE *f, const struct align_view *v)
{
	fputs("mode,access,size,misalignment", f);
	for (unsigned i = 0; i < v->n; i++)
		fprintf(f, ",%s", vsharp_gfx_name(v->atlases[i]->level));
	fputs(",why\n", f);
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					char why[768];

					vsharp_atlas_why(v->atlases, v->n, m, a, si, mis, why, sizeof(why));
					if (!why[0])
						continue;
					fprintf(f, "%s,%s,%u,%u", vsharp_align_mode_name(m), vsharp_atlas_access_name(a),
						vsharp_atlas_size(si), mis);
					for (unsigned i = 0; i < v->n; i++)
						fprintf(f, ",%c", vsharp_atlas_symbol(v->atlases[i]->cell[m][a][si][mis].model));
					fputc(',', f);
					csv_field(f, why);
					fputc('\n', f);
				}
}

static void cross_json(FILE *f, const struct align_view *v)
{
	struct vsharp_json j;

	vsharp_json_init(&j, f);
	vsharp_json_object_begin(&j, NULL);
	vsharp_json_rows_begin(&j, "cross_level");
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					char why[768];

					vsharp_atlas_why(v->atlases, v->n, m, a, si, mis, why, sizeof(why));
					if (!why[0])
						continue;
					vsharp_json_object_begin(&j, NULL);
					vsharp_json_str(&j, "mode", vsharp_align_mode_name(m));
					vsharp_json_str(&j, "access", vsharp_atlas_access_name(a));
					vsharp_json_uint(&j, "size", vsharp_atlas_size(si));
					vsharp_json_uint(&j, "misalignment", mis);
					vsharp_json_object_begin(&j, "levels");
					for (unsigned i = 0; i < v->n; i++) {
						char symbol[2] = {
							vsharp_atlas_symbol(v->atlases[i]->cell[m][a][si][mis].model), 0
						};

						vsharp_json_str(&j, vsharp_gfx_name(v->atlases[i]->level), symbol);
					}
					vsharp_json_object_end(&j);
					vsharp_json_str(&j, "why", why);
					vsharp_json_object_end(&j);
				}
	vsharp_json_array_end(&j);
	vsharp_json_object_end(&j);
}

static int parse(int argc, char **argv, struct align_opts *o)
{
	enum { O_GFX = 1, O_MODE, O_FORMAT, O_DEVICE, O_DEBUGFS, O_CROSS, O_MEMVIOL, O_EMU_RULE, O_SHARED_VMID, O_BUNDLE };
	static const struct cli_opt opts[] = {
		{ "--gfx", true, O_GFX }, { "--mode", true, O_MODE }, { "--format", true, O_FORMAT },
		{ "--device", true, O_DEVICE }, { "--debugfs", true, O_DEBUGFS },
		{ "--cross-level", false, O_CROSS }, { "--allow-memviol", false, O_MEMVIOL },
		{ "--emu-rule", true, O_EMU_RULE }, { "--allow-shared-vmid", false, O_SHARED_VMID },
		{ "--bundle", true, O_BUNDLE },
		{ NULL, false, 0 },
	};
	const char *val;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "align", &val)) != CLI_END) {
		switch (id) {
		case CLI_BAD:
			return CLI_EXIT_USAGE;
		case CLI_ARG:
			return cli_error("align: unexpected argument '%s'", val);
		case O_GFX: o->gfx = val; break;
		case O_MODE: o->mode = val; break;
		case O_FORMAT: o->format = val; break;
		case O_DEVICE: o->device = val; break;
		case O_DEBUGFS: o->debugfs = val; break;
		case O_CROSS: o->cross = true; break;
		case O_MEMVIOL: o->allow_memviol = true; break;
		case O_SHARED_VMID: o->allow_shared_vmid = true; break;
		case O_BUNDLE: o->bundle = val; break;
		case O_EMU_RULE:
			if (o->n_emu_rules == CLI_MAX_EMU_RULES)
				return cli_error("--emu-rule: at most %u", CLI_MAX_EMU_RULES);
			o->emu_rules[o->n_emu_rules++] = val;
			break;
		}
	}
	return 0;
}

static int parse_format(const char *s, enum format *f)
{
	static const char *const names[] = { "text", "csv", "json", "svg" };

	for (unsigned i = 0; i < 4; i++)
		if (!strcmp(s, names[i])) {
			*f = i;
			return 0;
		}
	return cli_error("--format: '%s' (allowed text, csv, json, svg)", s);
}

/* The session's mode is the one to measure under, for the reason it gives. */
static void take_mode(const struct vsharp_session *s, unsigned *modes, const char **source)
{
	*modes = 1u << s->mode;
	source[s->mode] = s->mode_source;
}

/*
 * The emulated device of LEVEL.  With vsharp.ko loaded, a mode named alone
 * is set through its emu device, as it would be on a GPU, and none named is
 * the one it holds: the emulated device runs under the mode of its VMID there.
 */
static int open_emu(const struct align_opts *o, enum vsharp_gfx level, bool all_levels,
		    const enum vsharp_align_mode *named, unsigned *modes, const char **source,
		    struct vsharp_session *s)
{
	struct vsharp_error err = { "" };
	int ret;

	if (all_levels)
		return cli_error("--gfx: --device emu measures one level (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)");
	if (vsharp_session_open_emu(s, vsharp_target_of(level), o->emu_rules, o->n_emu_rules, &err))
		return cli_lib_error(&err);
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		source[m] = o->n_emu_rules ? "the emulated register, and --emu-rule" : "the emulated register";
	/* A module it cannot find leaves the mode to the emulated register; one it finds must work. */
	if (named && !vsharp_session_find_kmod(s, o->debugfs, NULL)) {
		ret = vsharp_vmid_isolate(s, o->debugfs, *named, o->allow_shared_vmid, &err);
		if (ret) {
			ret = ret == -ESRCH || ret == -EACCES ? cli_error("align: %s", err.msg) : cli_lib_error(&err);
			vsharp_session_close(s);
			return ret;
		}
		take_mode(s, modes, source);
	} else if (!o->mode && !vsharp_session_read_mode(s, o->debugfs, &err)) {
		take_mode(s, modes, source);
	}
	return 0;
}

/*
 * The amdgpu device, of LEVEL unless ALL_LEVELS, under the mode named, set
 * through vsharp.ko, or else the one the module holds, or else amdgpu's own.
 */
static int open_amdgpu(const struct align_opts *o, enum vsharp_gfx level, bool all_levels,
		       const enum vsharp_align_mode *named, unsigned *modes, const char **source,
		       struct vsharp_session *s)
{
	struct vsharp_error err = { "" };
	int ret;

	if (o->n_emu_rules)
		return cli_error("--emu-rule: the emulated device only (allowed with --device emu)");
	ret = vsharp_session_open_amdgpu(s, &err);
	/* No GPU that fits skips; one present but unusable (permission, initialization) is an error. */
	if (ret && ret != -ENODEV) {
		fprintf(stderr, "vsharp: amdgpu: %s\n", err.msg);
		return 1;
	}
	if (ret) {
		printf("# SKIP amdgpu: %s\n", err.msg);
		return CLI_EXIT_SKIP;
	}
	/* Without --gfx the GPU's own level. */
	if (!all_levels && s->dev->level != level) {
		cli_error("--gfx: the amdgpu device is %s (allowed %s or all)",
			  vsharp_gfx_name(s->dev->level), vsharp_gfx_name(s->dev->level));
		vsharp_session_close(s);
		return CLI_EXIT_USAGE;
	}
	if (o->mode && !named) {
		vsharp_session_close(s);
		return cli_error("--mode: a GPU runs one alignment mode at a time (allowed dword, dword_strict, strict, unaligned)");
	}
	ret = vsharp_session_find_kmod(s, o->debugfs, &err);
	if (!ret) {
		ret = named ? vsharp_vmid_isolate(s, o->debugfs, *named, o->allow_shared_vmid, &err) :
			      vsharp_session_read_mode(s, o->debugfs, &err);
		if (ret == -EPROTO && !named)
			ret = cli_error("align: %s (allowed one of dword, dword_strict, strict, unaligned; or --mode)",
					err.msg);
		else if (ret == -EACCES || ret == -EOPNOTSUPP)
			ret = cli_error("align: %s", err.msg);
		else if (ret)
			ret = cli_lib_error(&err);
		if (ret)
			vsharp_session_close(s);
		else
			take_mode(s, modes, source);
		return ret;
	}
	if (ret == -ENOENT && (!named || *named == VSHARP_ALIGN_UNALIGNED)) {
		take_mode(s, modes, source);
		return 0;
	}
	vsharp_session_close(s);
	if (ret == -ENOENT) {
		printf("# SKIP amdgpu: --mode %s needs vsharp.ko to set it: %s\n", o->mode, err.msg);
		return CLI_EXIT_SKIP;
	}
	/* SI: no alignment mode register, so no mode to name the measurement by. */
	if (ret == -EOPNOTSUPP) {
		printf("# SKIP amdgpu: %s\n", err.msg);
		return CLI_EXIT_SKIP;
	}
	return cli_lib_error(&err);
}

/*
 * After the measurement: its jobs ran under the VMID the mode was set on,
 * and the mode held; then what was there before goes back, and the VMID.
 */
static int release_mode(struct vsharp_session *s)
{
	struct vsharp_error err = { "" };
	int ret = 0, undo;

	if (s->kmod.pending && s->dev && vsharp_vmid_still(s, &err))
		ret = cli_error("align: the measurement cannot be trusted: %s", err.msg);
	else if (vsharp_session_check_mode(s, &err))
		ret = cli_error("align: the measurement cannot be trusted: %s", err.msg);
	undo = vsharp_session_restore_mode(s);
	if (undo)
		ret = cli_error("align: restoring the alignment mode through %s failed (%s): write it back by hand (Documentation/kmod.rst)",
				s->kmod_dir, strerror(-undo));
	return ret;
}

int cmd_align(int argc, char **argv)
{
	struct align_opts o = { .gfx = "all", .format = "text", .debugfs = "/sys/kernel/debug" };
	const char *source[VSHARP_ALIGN_COUNT] = { NULL };
	const struct vsharp_atlas *views[VSHARP_GFX_COUNT];
	struct vsharp_atlas *atlases = NULL;
	struct vsharp_session session = { .dev = NULL };
	struct bundle_device dev;
	struct vsharp_error err = { "" };
	enum vsharp_gfx level = VSHARP_GFX9;
	enum vsharp_align_mode mode;
	const enum vsharp_align_mode *named = NULL;
	unsigned modes = (1u << VSHARP_ALIGN_COUNT) - 1, n = 0;
	bool all_levels, measured;
	enum format fmt = F_TEXT;
	int ret = parse(argc, argv, &o);

	if (ret || (ret = parse_format(o.format, &fmt)))
		return ret;
	all_levels = !strcmp(o.gfx, "all");
	if (!all_levels && vsharp_gfx_parse(o.gfx, &level, &err))
		return cli_lib_error(&err);
	if (o.mode && strcmp(o.mode, "all")) {
		if (vsharp_align_mode_parse(o.mode, &mode, &err))
			return cli_lib_error(&err);
		modes = 1u << mode;
		named = &mode;
	}
	if (o.cross && (!all_levels || o.device))
		return cli_error("--cross-level: compares every level of the model (allowed with --gfx all, without --device)");
	if (o.cross && fmt == F_SVG)
		return cli_error("--format: --cross-level prints text, csv or json (allowed text, csv, json)");
	if (o.device && strcmp(o.device, "emu") && strcmp(o.device, "amdgpu"))
		return cli_error("--device: '%s' (allowed emu, amdgpu)", o.device);
	if (!o.device && (o.n_emu_rules || o.allow_memviol || o.allow_shared_vmid))
		return cli_error("%s: only when measuring (allowed with --device)",
				 o.n_emu_rules ? "--emu-rule" : o.allow_memviol ? "--allow-memviol" : "--allow-shared-vmid");
	if (o.device) {
		ret = !strcmp(o.device, "emu") ? open_emu(&o, level, all_levels, named, &modes, source, &session) :
						 open_amdgpu(&o, level, all_levels, named, &modes, source, &session);
		if (ret)
			return ret;
	}
	measured = session.dev != NULL;
	if (measured) {
		level = session.dev->level;
		all_levels = false;
	}
	atlases = malloc(VSHARP_GFX_COUNT * sizeof(*atlases));
	if (!atlases) {
		release_mode(&session);
		vsharp_session_close(&session);
		return cli_error("align: out of memory");
	}
	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		if (!all_levels && l != (int)level)
			continue;
		vsharp_atlas_model(l, &atlases[n]);
		views[n] = &atlases[n];
		n++;
	}
	if (measured) {
		ret = vsharp_atlas_measure(session.dev, modes, source, o.allow_memviol, &atlases[0], &err);
		bundle_note_device(&dev, &session, session.mode, NULL);
		if (ret)
			ret = cli_lib_error(&err);
		/* Before any output: a closed pipe must not keep the mode set; before the close, the VMID reserved. */
		if (!ret)
			ret = release_mode(&session);
		else
			release_mode(&session);
		vsharp_session_close(&session);
		if (ret) {
			free(atlases);
			return ret;
		}
	}
	{
		struct align_view v = { views, n, modes, measured };

		if (o.cross)
			(fmt == F_TEXT ? cross_text : fmt == F_CSV ? cross_csv : cross_json)(stdout, &v);
		else if (fmt == F_TEXT)
			for (unsigned i = 0; i < n; i++)
				text_level(stdout, views[i], modes, v.measured);
		else
			(fmt == F_CSV ? csv_out : fmt == F_JSON ? json_out : align_svg)(stdout, &v);
	}
	if (o.bundle && !bundle_write_align(o.bundle, views, n, modes, measured ? &dev : NULL))
		ret = 1;
	free(atlases);
	return ret;
}
