// SPDX-License-Identifier: MIT
/*
 * The alignment atlas (vsharp/atlas.h): every alignment mode x access x
 * size x misalignment, from the model (the computation `vsharp addr`
 * prints) or measured on a device through the probe layer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/suite.h"
#include "base/util.h"
#include "probe/predict.h"
#include "vsharp/atlas.h"
#include "vsharp/emu.h"
#include "vsharp/observe.h"

/* A GPU address that is a multiple of 16 and of 12, like the base of a cell. */
#define ATLAS_VA (3ull << 32)

static const unsigned sizes[VSHARP_ATLAS_SIZES] = { 1, 2, 4, 8, 12, 16 };

static const char *const access_names[VSHARP_ATLAS_ACCESS_COUNT] = {
	"vmem-load", "vmem-store", "vmem-atomic", "format-load", "format-store",
	"ds-read", "ds-write", "ds-atomic", "buffer-to-lds",
};

static const char *const outcome_names[VSHARP_ATLAS_OUTCOME_COUNT] = {
	"absent", "ok", "split", "down", "memviol", "not-run", "unexplained",
};

/* Per access and size: the GCN and RDNA spellings (NULL: none of that size). */
static const char *const ops[VSHARP_ATLAS_ACCESS_COUNT][VSHARP_ATLAS_SIZES][2] = {
	[VSHARP_ATLAS_LOAD] = {
		{ "buffer_load_ubyte", "buffer_load_u8" }, { "buffer_load_ushort", "buffer_load_u16" },
		{ "buffer_load_dword", "buffer_load_b32" }, { "buffer_load_dwordx2", "buffer_load_b64" },
		{ "buffer_load_dwordx3", "buffer_load_b96" }, { "buffer_load_dwordx4", "buffer_load_b128" },
	},
	[VSHARP_ATLAS_STORE] = {
		{ "buffer_store_byte", "buffer_store_b8" }, { "buffer_store_short", "buffer_store_b16" },
		{ "buffer_store_dword", "buffer_store_b32" }, { "buffer_store_dwordx2", "buffer_store_b64" },
		{ "buffer_store_dwordx3", "buffer_store_b96" }, { "buffer_store_dwordx4", "buffer_store_b128" },
	},
	[VSHARP_ATLAS_ATOMIC] = {
		[2] = { "buffer_atomic_add", "buffer_atomic_add_u32" },
		[3] = { "buffer_atomic_add_x2", "buffer_atomic_add_u64" },
	},
	[VSHARP_ATLAS_FORMAT_LOAD] = {
		{ "buffer_load_format_x", "buffer_load_format_x" },
		{ "buffer_load_format_x", "buffer_load_format_x" },
		{ "buffer_load_format_x", "buffer_load_format_x" },
		{ "buffer_load_format_xy", "buffer_load_format_xy" },
		{ "buffer_load_format_xyz", "buffer_load_format_xyz" },
		{ "buffer_load_format_xyzw", "buffer_load_format_xyzw" },
	},
	[VSHARP_ATLAS_FORMAT_STORE] = {
		{ "buffer_store_format_x", "buffer_store_format_x" },
		{ "buffer_store_format_x", "buffer_store_format_x" },
		{ "buffer_store_format_x", "buffer_store_format_x" },
		{ "buffer_store_format_xy", "buffer_store_format_xy" },
		{ "buffer_store_format_xyz", "buffer_store_format_xyz" },
		{ "buffer_store_format_xyzw", "buffer_store_format_xyzw" },
	},
	[VSHARP_ATLAS_DS_READ] = {
		{ "ds_read_u8", "ds_load_u8" }, { "ds_read_u16", "ds_load_u16" },
		{ "ds_read_b32", "ds_load_b32" }, { "ds_read_b64", "ds_load_b64" },
		{ "ds_read_b96", "ds_load_b96" }, { "ds_read_b128", "ds_load_b128" },
	},
	[VSHARP_ATLAS_DS_WRITE] = {
		{ "ds_write_b8", "ds_store_b8" }, { "ds_write_b16", "ds_store_b16" },
		{ "ds_write_b32", "ds_store_b32" }, { "ds_write_b64", "ds_store_b64" },
		{ "ds_write_b96", "ds_store_b96" }, { "ds_write_b128", "ds_store_b128" },
	},
	[VSHARP_ATLAS_DS_ATOMIC] = {
		[2] = { "ds_add_u32", "ds_add_u32" }, [3] = { "ds_add_u64", "ds_add_u64" },
	},
	[VSHARP_ATLAS_LDS_DMA] = {
		{ "buffer_load_ubyte", "buffer_load_lds_u8" }, { "buffer_load_ushort", "buffer_load_lds_u16" },
		{ "buffer_load_dword", "buffer_load_lds_b32" },
	},
};

/* One channel of 1, 2 or 4 bytes, or two to four dwords: each size's format. */
static const struct vsharp_format formats[VSHARP_ATLAS_SIZES] = {
	{ VSHARP_DFMT_8, VSHARP_NFMT_UINT }, { VSHARP_DFMT_16, VSHARP_NFMT_UINT },
	{ VSHARP_DFMT_32, VSHARP_NFMT_UINT }, { VSHARP_DFMT_32_32, VSHARP_NFMT_UINT },
	{ VSHARP_DFMT_32_32_32, VSHARP_NFMT_UINT }, { VSHARP_DFMT_32_32_32_32, VSHARP_NFMT_UINT },
};

const char *vsharp_atlas_access_name(enum vsharp_atlas_access a)
{
	return (unsigned)a < VSHARP_ATLAS_ACCESS_COUNT ? access_names[a] : "?";
}

unsigned vsharp_atlas_size(unsigned size_index)
{
	return size_index < VSHARP_ATLAS_SIZES ? sizes[size_index] : 0;
}

const char *vsharp_atlas_outcome_name(enum vsharp_atlas_outcome o)
{
	return (unsigned)o < VSHARP_ATLAS_OUTCOME_COUNT ? outcome_names[o] : "?";
}

char vsharp_atlas_symbol(struct vsharp_atlas_result r)
{
	static const char symbols[VSHARP_ATLAS_OUTCOME_COUNT] = "-.s?F?!";

	if (r.outcome == VSHARP_ATLAS_DOWN)
		return "0123456789abcdef"[r.shift & 15];
	return r.outcome < VSHARP_ATLAS_OUTCOME_COUNT ? symbols[r.outcome] : '!';
}

static bool writes(enum vsharp_atlas_access a)
{
	return a == VSHARP_ATLAS_STORE || a == VSHARP_ATLAS_FORMAT_STORE || a == VSHARP_ATLAS_DS_WRITE;
}

static bool updates(enum vsharp_atlas_access a)
{
	return a == VSHARP_ATLAS_ATOMIC || a == VSHARP_ATLAS_DS_ATOMIC;
}

void vsharp_atlas_data(enum vsharp_atlas_access a, unsigned size, struct vsharp_atlas_result r,
		       char *buf, size_t n)
{
	const char *verb = writes(a) ? "writes" : updates(a) ? "updates" : "reads";
	int from = r.outcome == VSHARP_ATLAS_DOWN ? -(int)r.shift : 0;

	switch (r.outcome) {
	case VSHARP_ATLAS_OK:
	case VSHARP_ATLAS_SPLIT:
	case VSHARP_ATLAS_DOWN:
		snprintf(buf, n, "%s %+d..%+d%s", verb, from, from + (int)size - 1,
			 a == VSHARP_ATLAS_LDS_DMA ? " into LDS" : "");
		break;
	case VSHARP_ATLAS_MEMVIOL:
		snprintf(buf, n, "%s", writes(a) || updates(a) ? "writes nothing" :
			 a == VSHARP_ATLAS_LDS_DMA ? "writes 0 into LDS" : "returns 0");
		break;
	default:
		snprintf(buf, n, "%s", "");
		break;
	}
}

const struct vsharp_op *vsharp_atlas_op(enum vsharp_gfx level, enum vsharp_atlas_access a,
					unsigned size_index, struct vsharp_format *format)
{
	const char *name;

	if ((unsigned)a >= VSHARP_ATLAS_ACCESS_COUNT || size_index >= VSHARP_ATLAS_SIZES)
		return NULL;
	name = ops[a][size_index][level >= VSHARP_GFX11];
	if (format)
		*format = formats[size_index];
	if (!name)
		return NULL;
	if ((a == VSHARP_ATLAS_FORMAT_LOAD || a == VSHARP_ATLAS_FORMAT_STORE) &&
	    !vsharp_format_legal(level, formats[size_index]))
		return NULL;
	/* GFX6..GFX10.3 spell buffer-to-LDS as the `lds` modifier; GFX12 has none. */
	if (a == VSHARP_ATLAS_LDS_DMA && level <= VSHARP_GFX10_3) {
		const struct vsharp_op *op = vsharp_op_find(level, name, NULL);

		return op && vsharp_op_lds_modifier(op, level) ? op : NULL;
	}
	return vsharp_op_find(level, name, NULL);
}

/*
 * The cell as a probe wave: every lane the same case, so that any lane
 * tells the cell (atomics add 0x01010101 without returning, so the lanes'
 * order does not show).  Stores write 0, which no pattern byte is.
 */
static bool cell_wave(enum vsharp_gfx level, enum vsharp_atlas_access a, unsigned si, unsigned mis,
		      unsigned lanes, struct vsharp_probe_wave *w)
{
	struct vsharp_format format;
	const struct vsharp_op *op = vsharp_atlas_op(level, a, si, &format);

	if (!op)
		return false;
	suite_wave(level, lanes, op, w);
	w->n_lanes = lanes;
	if (a == VSHARP_ATLAS_FORMAT_LOAD || a == VSHARP_ATLAS_FORMAT_STORE)
		w->buf.format = format;
	if (a == VSHARP_ATLAS_LDS_DMA) {
		w->stub.lds = op->kind != VSHARP_OP_LOAD_LDS;
		w->m0 = 0;
	}
	for (unsigned l = 0; l < lanes; l++) {
		struct vsharp_probe_lane *pl = &w->lane[l];

		memset(pl, 0, sizeof(*pl));
		pl->voffset = VSHARP_ATLAS_BASE + mis;
		pl->vindex = VSHARP_ATLAS_BASE + mis;	/* the DS address */
		for (unsigned d = 0; d < 4; d++)
			pl->data[d] = updates(a) ? 0x01010101u : 0;
		for (unsigned d = 0; d < 8; d++)
			pl->vdst[d] = updates(a) ? 0x01010101u : 0x5eed0000u + d;
	}
	return true;
}

static struct vsharp_atlas_result classify(unsigned size, bool memviol, uint64_t requested, uint64_t used)
{
	struct vsharp_atlas_result r = { VSHARP_ATLAS_OK, 0 };
	unsigned dwords = (size + 3) / 4, touched = (unsigned)((requested % 4 + size - 1) / 4 + 1);

	if (memviol)
		r.outcome = VSHARP_ATLAS_MEMVIOL;
	else if (requested != used)
		r = (struct vsharp_atlas_result){ VSHARP_ATLAS_DOWN, (uint8_t)(requested - used) };
	else if (touched > dwords)
		r.outcome = VSHARP_ATLAS_SPLIT;
	return r;
}

struct vsharp_atlas_result vsharp_atlas_eval(enum vsharp_gfx level, enum vsharp_align_mode mode,
					     enum vsharp_atlas_access a, unsigned si, unsigned mis,
					     const struct vsharp_rules *rules)
{
	struct vsharp_atlas_result absent = { VSHARP_ATLAS_ABSENT, 0 };
	/* The prediction's view of lane 0, without memory: the address side only, as `vsharp addr` does. */
	struct vsharp_probe_setting s = {
		.level = level, .wave_size = vsharp_probe_level_wave_size(level), .mode = mode, .rules = rules,
		.arena_va = ATLAS_VA,
	};
	struct vsharp_probe_wave w;

	if (!cell_wave(level, a, si, mis, 1, &w))
		return absent;
	if (w.stub.op->cls == VSHARP_OP_DS) {
		struct vsharp_ds_access ds;
		struct vsharp_ds_lane_in in = { .lane = 0, .vaddr = w.lane[0].vindex };
		struct vsharp_ds_lane_out out;

		if (probe_ds_access(&s, &w, &ds, NULL))
			return absent;
		vsharp_ds_lane(&ds, &in, &(struct vsharp_lds){ NULL, VSHARP_PROBE_LDS }, &out);
		return classify(sizes[si], out.memviol, out.addr_unaligned[0], out.addr[0]);
	} else {
		struct vsharp_buffer_plan p;
		struct vsharp_lane_in in;
		struct vsharp_lane_out out;

		if (probe_buffer_plan(&s, &w, &p, NULL))
			return absent;
		vsharp_probe_lane_in(&w, 0, &in);
		vsharp_buffer_lane(&p, &in, NULL, NULL, &out);
		return classify(sizes[si], out.memviol, out.addr_unaligned, out.addr);
	}
}

static bool same(struct vsharp_atlas_result a, struct vsharp_atlas_result b)
{
	return a.outcome == b.outcome && a.shift == b.shift;
}

/*
 * Bit per rule whose other choice changes the cell; *unverified if such a
 * rule's default is, *compiler if its source is a compiler's (LLVM).
 */
static uint64_t contested(enum vsharp_gfx level, enum vsharp_align_mode mode, enum vsharp_atlas_access a,
			  unsigned si, unsigned mis, struct vsharp_atlas_result model, bool *unverified,
			  bool *compiler)
{
	uint64_t bits = 0;

	*unverified = false;
	/* GFX6 has no mode: its untyped buffer cells follow CLRX and LLVM (rules_documented.c). */
	*compiler = level == VSHARP_GFX6 && mode != VSHARP_ALIGN_DWORD &&
		    (a == VSHARP_ATLAS_LOAD || a == VSHARP_ATLAS_STORE) &&
		    (model.outcome == VSHARP_ATLAS_DOWN ||
		     (mode == VSHARP_ALIGN_STRICT && mis % sizes[si]));
	for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		if (!(info->levels & VSHARP_GFX_BIT(level)))
			continue;
		for (unsigned c = 0; c < info->n_choices; c++) {
			struct vsharp_rules rules;

			vsharp_rules_default(level, &rules);
			if (c == rules.choice[r])
				continue;
			rules.choice[r] = (uint8_t)c;
			if (!same(vsharp_atlas_eval(level, mode, a, si, mis, &rules), model)) {
				bits |= 1ull << r;
				*unverified |= vsharp_source_kind(info->choice[info->defaults[level]].source) ==
					       VSHARP_SOURCE_UNVERIFIED;
				*compiler |= vsharp_source_kind(info->choice[info->defaults[level]].source) ==
					     VSHARP_SOURCE_COMPILER;
				break;
			}
		}
	}
	return bits;
}

void vsharp_atlas_model(enum vsharp_gfx level, struct vsharp_atlas *atlas)
{
	memset(atlas, 0, sizeof(*atlas));
	atlas->level = level;
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					struct vsharp_atlas_cell *c = &atlas->cell[m][a][si][mis];

					c->model = vsharp_atlas_eval(level, m, a, si, mis, NULL);
					if (c->model.outcome != VSHARP_ATLAS_ABSENT)
						c->contested = contested(level, m, a, si, mis, c->model,
									 &c->unverified, &c->compiler);
				}
}

/* ---- Measuring -------------------------------------------------------------- */

/* Whether CAND explains every lane of a cell's wave (bytes are charged to lanes by place). */
static bool explains_all(const struct vsharp_probe_wave *w, unsigned ws, const struct vsharp_probe_expect *cand,
			 const struct vsharp_observed *seen)
{
	return !vsharp_observed_unexplained(w, ws, cand, seen, NULL);
}

/*
 * Which outcome explains what a cell's wave showed in setting S: executed
 * at the requested address less 0..15 bytes (UNALIGNED mode at that
 * address), or MEMVIOL (nothing written, loads 0; buffer-to-LDS writes 0).
 */
static int explain_seen(const struct vsharp_probe_setting *s, enum vsharp_atlas_access a, unsigned si,
			unsigned mis, const struct vsharp_probe_wave *w, const struct vsharp_probe_expect *model,
			const struct vsharp_observed *seen, struct vsharp_probe_expect *cand,
			struct vsharp_atlas_result *r, struct vsharp_error *err)
{
	struct vsharp_probe_setting unaligned = *s;
	unsigned ws = s->wave_size;

	unaligned.mode = VSHARP_ALIGN_UNALIGNED;
	for (unsigned d = 0; d <= mis; d++) {
		struct vsharp_probe_wave shifted;
		int ret;

		cell_wave(s->level, a, si, mis - d, ws, &shifted);
		ret = vsharp_probe_predict(&unaligned, &shifted, cand, err);
		if (ret)
			return ret;
		if (!cand->memviol && explains_all(w, ws, cand, seen)) {
			*r = d ? (struct vsharp_atlas_result){ VSHARP_ATLAS_DOWN, (uint8_t)d } :
			     classify(sizes[si], false, VSHARP_ATLAS_BASE + mis, VSHARP_ATLAS_BASE + mis);
			return 0;
		}
	}
	/* MEMVIOL: the model's own result where it raises one, else built from the inputs. */
	*cand = *model;
	if (!model->memviol) {
		int ret = vsharp_probe_start(s->index, cand->r.arena, cand->r.lds, err);

		if (ret)
			return ret;
		for (unsigned l = 0; l < ws; l++) {
			memcpy(cand->r.vdst[l], w->lane[vsharp_probe_case_of(w, l)].vdst, sizeof(cand->r.vdst[l]));
			memset(cand->r.vdst[l], 0, 4u * model->lane[l].n_vdst);
			if (a == VSHARP_ATLAS_LDS_DMA)
				memset(cand->r.lds + 4 * l, 0, 4);
			cand->lane[l].memviol = true;
		}
		cand->memviol = true;
	}
	*r = (struct vsharp_atlas_result){ explains_all(w, ws, cand, seen) ?
					   VSHARP_ATLAS_MEMVIOL : VSHARP_ATLAS_UNEXPLAINED, 0 };
	return 0;
}

struct measure {
	struct vsharp_probe_wave waves[VSHARP_ATLAS_ACCESS_COUNT * VSHARP_ATLAS_SIZES * VSHARP_ATLAS_MIS];
	struct vsharp_observed seen[VSHARP_ATLAS_ACCESS_COUNT * VSHARP_ATLAS_SIZES * VSHARP_ATLAS_MIS];
	bool alone[VSHARP_ATLAS_ACCESS_COUNT * VSHARP_ATLAS_SIZES * VSHARP_ATLAS_MIS];
	struct vsharp_atlas_cell *cells[VSHARP_ATLAS_ACCESS_COUNT * VSHARP_ATLAS_SIZES * VSHARP_ATLAS_MIS];
	struct vsharp_probe_expect model, cand;
	struct vsharp_probe_difference first[64];
};

/* A measured cell's outcome; the cell is wave I of M, observed on CTX. */
static int judge_cell(const struct vsharp_probe_ctx *ctx, enum vsharp_align_mode mode, struct vsharp_atlas *atlas,
		      struct measure *m, unsigned i, struct vsharp_error *err)
{
	struct vsharp_atlas_cell *c = m->cells[i];
	const struct vsharp_observed *seen = &m->seen[i];
	const struct vsharp_probe_wave *w = &m->waves[i];
	size_t k = (size_t)(c - &atlas->cell[mode][0][0][0]);
	unsigned a = (unsigned)(k / (VSHARP_ATLAS_SIZES * VSHARP_ATLAS_MIS));
	unsigned si = (unsigned)(k / VSHARP_ATLAS_MIS % VSHARP_ATLAS_SIZES), mis = (unsigned)(k % VSHARP_ATLAS_MIS);
	struct vsharp_probe_setting s;
	uint64_t differ;
	int ret;

	c->measured = true;
	if (seen->state == VSHARP_OBSERVED_HALTED) {
		c->halted = true;
		c->seen = (struct vsharp_atlas_result){ VSHARP_ATLAS_MEMVIOL, 0 };
		return 0;
	}
	if (seen->state != VSHARP_OBSERVED_RAN) {
		c->seen = (struct vsharp_atlas_result){ VSHARP_ATLAS_NOT_RUN, 0 };
		snprintf(atlas->not_run_why, sizeof(atlas->not_run_why), "%.*s",
			 (int)sizeof(atlas->not_run_why) - 1, seen->why);
		return 0;
	}
	s = vsharp_probe_setting_of(ctx, seen->index, mode, NULL);
	ret = vsharp_probe_predict(&s, w, &m->model, err);
	if (ret)
		return ret;
	differ = vsharp_observed_unexplained(w, s.wave_size, &m->model, seen, m->first);
	if (!differ) {
		c->seen = c->model;
		return 0;
	}
	ret = explain_seen(&s, a, si, mis, w, &m->model, seen, &m->cand, &c->seen, err);
	if (!ret && c->seen.outcome == VSHARP_ATLAS_UNEXPLAINED) {
		unsigned l = 0;

		while (!(differ >> l & 1))
			l++;
		vsharp_observed_describe(seen, &m->first[l], c->seen_text, sizeof(c->seen_text));
	}
	return ret;
}

static int measure_mode(struct vsharp_device *dev, enum vsharp_align_mode mode, bool allow_memviol,
			struct vsharp_atlas *atlas, struct measure *m, struct vsharp_error *err)
{
	enum vsharp_gfx level = dev->level;
	struct vsharp_probe_ctx *ctx;
	unsigned n = 0, ws;
	int ret;

	if (!dev->hardware)
		vsharp_emu_set_align_mode(dev, mode);
	ret = vsharp_probe_open(dev, mode, &ctx, err);
	if (ret)
		return ret;
	ws = vsharp_probe_wave_size(ctx);
	for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
		for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
			for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
				struct vsharp_atlas_cell *c = &atlas->cell[mode][a][si][mis];

				if (!cell_wave(level, a, si, mis, ws, &m->waves[n]))
					continue;
				/* Alone: a cell that raises MEMVIOL under some choice may halt a GPU's wave. */
				m->alone[n] = c->model.outcome == VSHARP_ATLAS_MEMVIOL || c->contested;
				m->cells[n++] = c;
			}
	ret = vsharp_observe(ctx, mode, dev->hardware, m->waves, m->alone, n, allow_memviol, m->seen, err);
	for (unsigned i = 0; i < n && !ret; i++)
		ret = judge_cell(ctx, mode, atlas, m, i, err);
	vsharp_probe_close(ctx);
	return ret;
}

int vsharp_atlas_measure(struct vsharp_device *dev, unsigned modes, const char *const *source,
			 bool allow_memviol, struct vsharp_atlas *atlas, struct vsharp_error *err)
{
	enum vsharp_align_mode was = dev->hardware ? VSHARP_ALIGN_UNALIGNED : vsharp_emu_align_mode(dev);
	struct measure *m;
	int ret = 0;

	if (dev->level != atlas->level)
		return vsharp_fail(err, -EINVAL, "atlas: the device is %s, the atlas %s",
				   vsharp_gfx_name(dev->level), vsharp_gfx_name(atlas->level));
	if (dev->hardware && (modes & (modes - 1)))
		return vsharp_fail(err, -EINVAL,
				   "align-mode: a GPU runs one alignment mode at a time (allowed one mode, set with vsharp.ko)");
	m = malloc(sizeof(*m));
	if (!m)
		return vsharp_fail(err, -ENOMEM, "atlas: out of memory");
	snprintf(atlas->device, sizeof(atlas->device), "%s", dev->name);
	for (int mode = 0; mode < VSHARP_ALIGN_COUNT && !ret; mode++) {
		if (!(modes >> mode & 1))
			continue;
		snprintf(atlas->mode_source[mode], sizeof(atlas->mode_source[mode]), "%s", source[mode]);
		ret = measure_mode(dev, mode, allow_memviol, atlas, m, err);
	}
	if (!dev->hardware)
		vsharp_emu_set_align_mode(dev, was);
	free(m);
	return ret;
}

/* ---- Between levels --------------------------------------------------------- */

static void levels_text(unsigned mask, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int l = 0; l < VSHARP_GFX_COUNT && used < n; l++)
		if (mask >> l & 1)
			used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", vsharp_gfx_name(l));
}

/* Whether setting RULE to one choice on every level makes the cell agree. */
static bool rule_explains(const struct vsharp_atlas *const *atlases, unsigned n, enum vsharp_align_mode mode,
			  enum vsharp_atlas_access a, unsigned si, unsigned mis, enum vsharp_rule rule)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(rule);

	for (unsigned c = 0; c < info->n_choices; c++) {
		struct vsharp_atlas_result first = { VSHARP_ATLAS_ABSENT, 0 };
		bool agree = true;

		for (unsigned i = 0; i < n && agree; i++) {
			enum vsharp_gfx level = atlases[i]->level;
			struct vsharp_rules rules;
			struct vsharp_atlas_result r;

			vsharp_rules_default(level, &rules);
			if (info->levels & VSHARP_GFX_BIT(level))
				rules.choice[rule] = (uint8_t)c;
			r = vsharp_atlas_eval(level, mode, a, si, mis, &rules);
			if (r.outcome == VSHARP_ATLAS_ABSENT)
				continue;
			if (first.outcome == VSHARP_ATLAS_ABSENT)
				first = r;
			agree = same(first, r);
		}
		if (agree)
			return true;
	}
	return false;
}

/* Whether the cell differs only on GFX6, where its untyped buffer access follows DWORD mode. */
static bool gfx6_buffer_alone(const struct vsharp_atlas *const *atlases, unsigned n, enum vsharp_align_mode mode,
			      enum vsharp_atlas_access a, unsigned si, unsigned mis)
{
	struct vsharp_atlas_result others = { VSHARP_ATLAS_ABSENT, 0 };
	bool gfx6 = false;

	for (unsigned i = 0; i < n; i++) {
		const struct vsharp_atlas_cell *c = &atlases[i]->cell[mode][a][si][mis];

		if (c->model.outcome == VSHARP_ATLAS_ABSENT)
			continue;
		if (atlases[i]->level == VSHARP_GFX6) {
			gfx6 |= c->compiler && !c->contested;
			continue;
		}
		if (others.outcome == VSHARP_ATLAS_ABSENT)
			others = c->model;
		else if (!same(others, c->model))
			return false;
	}
	return gfx6;
}

void vsharp_atlas_why(const struct vsharp_atlas *const *atlases, unsigned n, enum vsharp_align_mode mode,
		      enum vsharp_atlas_access a, unsigned si, unsigned mis, char *buf, size_t len)
{
	unsigned absent = 0, present = 0, seen_kinds = 0;
	struct vsharp_atlas_result first = { VSHARP_ATLAS_ABSENT, 0 };
	size_t used = 0;
	char levels[160];

	buf[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		struct vsharp_atlas_result r = atlases[i]->cell[mode][a][si][mis].model;

		if (r.outcome == VSHARP_ATLAS_ABSENT) {
			absent |= VSHARP_GFX_BIT(atlases[i]->level);
			continue;
		}
		present |= VSHARP_GFX_BIT(atlases[i]->level);
		if (first.outcome == VSHARP_ATLAS_ABSENT)
			first = r;
		else if (!same(first, r))
			seen_kinds = 2;
	}
	if (absent && present) {
		levels_text(absent, levels, sizeof(levels));
		used = (size_t)snprintf(buf, len, "no such instruction on %s (vsharp ops; llvm-mc 19)", levels);
	}
	if (seen_kinds < 2)
		return;
	for (int r = 0; r < VSHARP_RULE_COUNT && used < len; r++) {
		const struct vsharp_rule_info *info = vsharp_rule_info(r);

		if (!rule_explains(atlases, n, mode, a, si, mis, r))
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%srule %s:", used ? "; " : "", info->name);
		for (unsigned c = 0; c < info->n_choices && used < len; c++) {
			unsigned on = 0;

			for (unsigned i = 0; i < n; i++)
				if (info->levels & VSHARP_GFX_BIT(atlases[i]->level) &&
				    info->defaults[atlases[i]->level] == c &&
				    atlases[i]->cell[mode][a][si][mis].model.outcome != VSHARP_ATLAS_ABSENT)
					on |= VSHARP_GFX_BIT(atlases[i]->level);
			if (!on)
				continue;
			levels_text(on, levels, sizeof(levels));
			used += (size_t)snprintf(buf + used, len - used, "%s %s on %s (%s)",
						 buf[used - 1] == ':' ? "" : ";", info->choice[c].name, levels,
						 info->choice[c].source);
		}
		return;
	}
	/* GFX6 buffers alone differ: a documented rule (rules_documented.c), not a choice. */
	if (used < len && gfx6_buffer_alone(atlases, n, mode, a, si, mis)) {
		unsigned count;
		const struct vsharp_documented_rule *d = vsharp_documented_rules(&count);

		for (unsigned i = 0; i < count; i++)
			if (!strcmp(d[i].name, "gfx6_buffer_alignment")) {
				snprintf(buf + used, len - used, "%srule %s: aligned down on gfx6 (%s)", used ? "; " : "",
					 d[i].name, d[i].source);
				return;
			}
	}
	if (used < len)
		snprintf(buf + used, len - used, "%sno single rule: the levels' model code differs (Documentation/model.rst, Alignment)",
			 used ? "; " : "");
}
