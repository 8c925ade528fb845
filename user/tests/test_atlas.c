// SPDX-License-Identifier: MIT
/*
 * The alignment atlas against the ISA guides: cells whose outcome a guide
 * states in so many words, per level; the cross-level reasons; the
 * UNVERIFIED marks; and, on the emulated device, the measured atlas equal
 * to the model, or different exactly where the emulated memory unit
 * follows another choice.
 */
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "vsharp/atlas.h"
#include "vsharp/emu.h"

#define L(x) VSHARP_GFX_BIT(VSHARP_GFX##x)
#define GFX9_12 (L(9) | L(10) | L(10_3) | L(11) | L(12))
#define RDNA (L(10) | L(10_3) | L(11) | L(12))

enum { S1, S2, S4, S8, S12, S16 };
#define OK VSHARP_ATLAS_OK
#define DOWN VSHARP_ATLAS_DOWN
#define MEMVIOL VSHARP_ATLAS_MEMVIOL
#define ABSENT VSHARP_ATLAS_ABSENT

static const struct fact {
	unsigned levels;
	enum vsharp_align_mode mode;
	enum vsharp_atlas_access access;
	unsigned size, mis;
	enum vsharp_atlas_outcome outcome;	/* OK: as addressed (also split across dwords) */
	unsigned shift;
	const char *source;
} facts[] = {
	/* Vega §8.1.7, RDNA2 §8.1.7, RDNA3/4 §9.5: two LSBs ignored for dword and larger. */
	{ GFX9_12, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S4, 1, DOWN, 1, "Vega/RDNA2 8.1.7, RDNA3/4 9.5" },
	{ GFX9_12, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S4, 7, DOWN, 3, "Vega/RDNA2 8.1.7, RDNA3/4 9.5" },
	{ GFX9_12, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S16, 6, DOWN, 2, "Vega/RDNA2 8.1.7, RDNA3/4 9.5" },
	{ GFX9_12, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_STORE, S8, 13, DOWN, 1, "Vega/RDNA2 8.1.7, RDNA3/4 9.5" },
	{ GFX9_12, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S4, 8, OK, 0, "Vega/RDNA2 8.1.7, RDNA3/4 9.5" },
	/* RDNA2 8.1.7, RDNA3/4 9.5: aligned to the smaller of element size or dword. */
	{ RDNA, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S2, 3, DOWN, 1, "RDNA2 8.1.7, RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S1, 3, OK, 0, "RDNA2 8.1.7, RDNA3/4 9.5" },
	/* DWORD_STRICT: the smaller of element size or dword, else MEMVIOL (RDNA3/4 9.5 "Options 1 and 2"). */
	{ RDNA, VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_LOAD, S4, 2, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_LOAD, S16, 4, OK, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_STORE, S2, 1, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_STORE, S2, 2, OK, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_LOAD, S1, 5, OK, 0, "RDNA3/4 9.5" },
	/* STRICT: aligned to the data size. */
	{ RDNA, VSHARP_ALIGN_STRICT, VSHARP_ATLAS_LOAD, S8, 4, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_STRICT, VSHARP_ATLAS_LOAD, S8, 8, OK, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_STRICT, VSHARP_ATLAS_STORE, S16, 8, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_STRICT, VSHARP_ATLAS_LOAD, S2, 6, OK, 0, "RDNA3/4 9.5" },
	/* UNALIGNED: any alignment, but atomics must still be aligned (RDNA3 9.5, RDNA4 9.5 and 3.3.4). */
	{ RDNA, VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_LOAD, S16, 5, OK, 0, "RDNA3/4 9.5" },
	{ RDNA, VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_STORE, S4, 3, OK, 0, "RDNA3/4 9.5" },
	{ L(11) | L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_ATOMIC, S4, 2, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ L(11) | L(12), VSHARP_ALIGN_STRICT, VSHARP_ATLAS_ATOMIC, S8, 4, MEMVIOL, 0, "RDNA3/4 9.5" },
	{ L(11) | L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_ATOMIC, S8, 8, OK, 0, "RDNA3/4 9.5" },
	/* RDNA4 9.5: DWORD mode forces atomics to their payload; 8-byte ones past a dword. */
	{ L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_ATOMIC, S8, 4, DOWN, 4, "RDNA4 9.5" },
	{ L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_ATOMIC, S4, 3, DOWN, 3, "RDNA4 9.5" },
	/* RDNA3 9.5: atomics must be aligned to the data size, or MEMVIOL. */
	{ L(11), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_ATOMIC, S4, 1, MEMVIOL, 0, "RDNA3 9.5" },
	/* Formats (RDNA3/4 9.5): by format size, whatever the mode. */
	{ L(11) | L(12), VSHARP_ALIGN_STRICT, VSHARP_ATLAS_FORMAT_LOAD, S16, 4, OK, 0, "RDNA3/4 9.5" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_FORMAT_LOAD, S1, 7, OK, 0, "RDNA3/4 9.5" },
	{ L(11) | L(12), VSHARP_ALIGN_STRICT, VSHARP_ATLAS_FORMAT_STORE, S2, 2, OK, 0, "RDNA3/4 9.5" },
	/* LDS (RDNA3 3.3.4.1, RDNA4 3.3.5.1): masks 0xfffc, 0xfff8, 0xfff0 outside UNALIGNED. */
	{ L(11) | L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_READ, S4, 2, DOWN, 2, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_READ, S8, 4, DOWN, 4, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_READ, S12, 4, DOWN, 4, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_WRITE, S16, 8, DOWN, 8, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_WRITE, S1, 13, OK, 0, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_DS_READ, S16, 3, OK, 0, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_DS_WRITE, S8, 5, OK, 0, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_STRICT, VSHARP_ATLAS_DS_READ, S4, 1, MEMVIOL, 0, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(11) | L(12), VSHARP_ALIGN_DWORD_STRICT, VSHARP_ATLAS_DS_WRITE, S8, 2, MEMVIOL, 0, "RDNA3 3.3.4.1, RDNA4 3.3.5.1" },
	{ L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_DS_ATOMIC, S4, 2, MEMVIOL, 0, "RDNA4 3.3.5.1" },
	{ L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_DS_ATOMIC, S8, 4, MEMVIOL, 0, "RDNA4 3.3.5.1" },
	/* No buffer-to-LDS load on GFX12 (RDNA4 has none; llvm-mc 19 rejects every form). */
	{ L(12), VSHARP_ALIGN_UNALIGNED, VSHARP_ATLAS_LDS_DMA, S4, 0, ABSENT, 0, "RDNA4 MUBUF opcodes" },
};

static void test_cells_the_guides_state(struct ktap *t)
{
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
		const struct fact *f = &facts[i];

		for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
			struct vsharp_atlas_result r;
			bool ok;

			if (!(f->levels >> l & 1))
				continue;
			r = vsharp_atlas_eval(l, f->mode, f->access, f->size, f->mis, NULL);
			ok = f->outcome == OK ? r.outcome == VSHARP_ATLAS_OK || r.outcome == VSHARP_ATLAS_SPLIT :
			     r.outcome == f->outcome && r.shift == f->shift;
			CHECK_MSG(t, ok, "%s %s %s %u bytes at +%u: %s %u, %s says %s %u",
				  vsharp_gfx_name(l), vsharp_align_mode_name(f->mode), vsharp_atlas_access_name(f->access),
				  vsharp_atlas_size(f->size), f->mis, vsharp_atlas_outcome_name(r.outcome), r.shift,
				  f->source, vsharp_atlas_outcome_name(f->outcome), f->shift);
		}
	}
}

/* A cell as addressed is split when its bytes leave the dwords its size needs. */
static void test_split_is_crossing_a_dword(struct ktap *t)
{
	struct { unsigned size, mis; bool split; } cases[] = {
		{ S2, 1, false }, { S2, 3, true }, { S4, 1, true }, { S4, 4, false },
		{ S8, 4, false }, { S8, 2, true }, { S1, 3, false }, { S16, 12, false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct vsharp_atlas_result r = vsharp_atlas_eval(VSHARP_GFX11, VSHARP_ALIGN_UNALIGNED,
								 VSHARP_ATLAS_LOAD, cases[i].size,
								 cases[i].mis, NULL);

		CHECK_EQ(t, r.outcome, cases[i].split ? VSHARP_ATLAS_SPLIT : VSHARP_ATLAS_OK);
	}
}

static struct vsharp_atlas atlases[VSHARP_GFX_COUNT];

static void test_cross_level_reasons(struct ktap *t)
{
	const struct vsharp_atlas *views[VSHARP_GFX_COUNT];
	char why[768];

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		vsharp_atlas_model(l, &atlases[l]);
		views[l] = &atlases[l];
	}
	/* DWORD-mode atomics: aligned down on Vega (8.1.7) and RDNA4 (9.5), MEMVIOL by RDNA3 9.5. */
	CHECK_EQ(t, atlases[VSHARP_GFX9].cell[VSHARP_ALIGN_DWORD][VSHARP_ATLAS_ATOMIC][S4][2].model.outcome, DOWN);
	CHECK_EQ(t, atlases[VSHARP_GFX11].cell[VSHARP_ALIGN_DWORD][VSHARP_ATLAS_ATOMIC][S4][2].model.outcome,
		 MEMVIOL);
	vsharp_atlas_why(views, VSHARP_GFX_COUNT, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_ATOMIC, S4, 2, why, sizeof(why));
	CHECK_MSG(t, strstr(why, "rule atomic_misaligned:") && strstr(why, "R3 §9.5") &&
		  strstr(why, "memviol on gfx10, gfx10.3, gfx11") && strstr(why, "force on gfx6, gfx7, gfx8, gfx9, gfx12"),
		  "%s", why);
	vsharp_atlas_why(views, VSHARP_GFX_COUNT, VSHARP_ALIGN_STRICT, VSHARP_ATLAS_LDS_DMA, S4, 0, why, sizeof(why));
	CHECK_MSG(t, strstr(why, "no such instruction on gfx12"), "%s", why);
	/* B96/B128 LDS instructions arrive with GFX7 (llvm-mc 19 rejects them for gfx601). */
	vsharp_atlas_why(views, VSHARP_GFX_COUNT, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_DS_READ, S12, 0, why, sizeof(why));
	CHECK_MSG(t, !strcmp(why, "no such instruction on gfx6 (vsharp ops; llvm-mc 19)"), "%s", why);
	/* Every level agrees: no reason. */
	vsharp_atlas_why(views, VSHARP_GFX_COUNT, VSHARP_ALIGN_DWORD, VSHARP_ATLAS_LOAD, S4, 1, why, sizeof(why));
	CHECK_STR(t, why, "");
}

static void test_unverified_cells(struct ktap *t)
{
	const struct vsharp_atlas *a = &atlases[VSHARP_GFX11];
	const struct vsharp_atlas_cell *b96 = a->cell[VSHARP_ALIGN_STRICT][VSHARP_ATLAS_LOAD][S12];

	/* strict_b96 decides 12 bytes at 4, 8, 12 and its default is UNVERIFIED; at 1 and 0 every choice agrees. */
	for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
		bool decided = mis == 4 || mis == 8 || mis == 12;

		CHECK_EQ(t, b96[mis].unverified, decided);
		CHECK_EQ(t, b96[mis].contested, decided ? 1u << VSHARP_RULE_STRICT_B96 : 0);
	}
	/* DWORD-mode atomics are contested by a sourced rule: marked, not UNVERIFIED. */
	CHECK_EQ(t, a->cell[VSHARP_ALIGN_DWORD][VSHARP_ATLAS_ATOMIC][S4][1].contested,
		 1u << VSHARP_RULE_ATOMIC_MISALIGNED);
	CHECK(t, !a->cell[VSHARP_ALIGN_DWORD][VSHARP_ATLAS_ATOMIC][S4][1].unverified);
}

static bool documented(const struct vsharp_atlas_basis *b, const char *name)
{
	for (unsigned i = 0; i < b->n_documented; i++)
		if (!strcmp(b->documented[i]->name, name))
			return true;
	return false;
}

/*
 * Each cell's basis cites the section that states its mode's rule (R3 §9.5
 * for buffers, R3 §3.3.4.1 for LDS), and brings the documented rules of
 * its level (Documentation/model.rst, "LDS and buffers before GFX9") and
 * only those.
 */
static void test_basis(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		enum vsharp_atlas_access access;
		const char *rule;
		bool acts;
	} docs[] = {
		{ VSHARP_GFX6, VSHARP_ATLAS_LOAD, "gfx6_buffer_alignment", true },
		{ VSHARP_GFX6, VSHARP_ATLAS_ATOMIC, "gfx6_buffer_alignment", true },
		{ VSHARP_GFX7, VSHARP_ATLAS_LOAD, "gfx6_buffer_alignment", false },
		{ VSHARP_GFX6, VSHARP_ATLAS_FORMAT_LOAD, "gfx6_buffer_alignment", false },
		{ VSHARP_GFX8, VSHARP_ATLAS_DS_READ, "gcn_ds_no_unaligned", true },
		{ VSHARP_GFX9, VSHARP_ATLAS_DS_READ, "gcn_ds_no_unaligned", false },
		{ VSHARP_GFX10, VSHARP_ATLAS_DS_WRITE, "lds_misaligned_wgp", true },
		{ VSHARP_GFX10_3, VSHARP_ATLAS_DS_WRITE, "lds_misaligned_wgp", false },
		{ VSHARP_GFX11, VSHARP_ATLAS_DS_ATOMIC, "ds_atomic_alignment", true },
	};
	struct vsharp_atlas_basis b;

	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++) {
			bool lds = a == VSHARP_ATLAS_DS_READ || a == VSHARP_ATLAS_DS_WRITE || a == VSHARP_ATLAS_DS_ATOMIC;

			vsharp_atlas_basis(VSHARP_GFX11, m, a, &b);
			CHECK_MSG(t, b.statement && b.source && strstr(b.source, lds ? "R3 §3.3.4.1" : "§9.5"),
				  "%s %s: %s", vsharp_align_mode_name(m), vsharp_atlas_access_name(a),
				  b.source ? b.source : "no source");
		}
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		vsharp_atlas_basis(docs[i].level, VSHARP_ALIGN_UNALIGNED, docs[i].access, &b);
		CHECK_MSG(t, documented(&b, docs[i].rule) == docs[i].acts, "%s %s: %s %s",
			  vsharp_gfx_name(docs[i].level), vsharp_atlas_access_name(docs[i].access), docs[i].rule,
			  docs[i].acts ? "missing" : "listed");
	}
}

/* Measured on the emulated device: the model; with another choice, different exactly there. */
static void test_measured_follows_the_device(struct ktap *t)
{
	static const char *const src[VSHARP_ALIGN_COUNT] = { "test", "test", "test", "test" };
	static struct vsharp_atlas measured;
	struct vsharp_error err = { "" };
	struct vsharp_device *dev;
	struct vsharp_rules rules;
	unsigned differ = 0, expected = 0;

	if (!CHECK_MSG(t, vsharp_emu_open(VSHARP_GFX10, &dev, &err) == 0, "%s", err.msg))
		return;
	vsharp_atlas_model(VSHARP_GFX10, &measured);
	CHECK_MSG(t, vsharp_atlas_measure(dev, 1u << VSHARP_ALIGN_DWORD | 1u << VSHARP_ALIGN_UNALIGNED, src,
					  false, &measured, &err) == 0, "%s", err.msg);
	vsharp_rules_default(VSHARP_GFX10, &rules);
	rules.choice[VSHARP_RULE_ATOMIC_MISALIGNED] = VSHARP_MISALIGNED_FORCE;
	vsharp_emu_set_rules(dev, &rules);
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++)
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned s = 0; s < VSHARP_ATLAS_SIZES; s++)
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					const struct vsharp_atlas_cell *c = &measured.cell[m][a][s][mis];

					if (c->measured)
						CHECK_MSG(t, c->seen.outcome == c->model.outcome && c->seen.shift == c->model.shift,
							  "%s %s %u +%u: measured %c, model %c", vsharp_align_mode_name(m),
							  vsharp_atlas_access_name(a), vsharp_atlas_size(s), mis,
							  vsharp_atlas_symbol(c->seen), vsharp_atlas_symbol(c->model));
				}
	CHECK_MSG(t, vsharp_atlas_measure(dev, 1u << VSHARP_ALIGN_DWORD, src, false, &measured, &err) == 0,
		  "%s", err.msg);
	for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
		for (unsigned s = 0; s < VSHARP_ATLAS_SIZES; s++)
			for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
				const struct vsharp_atlas_cell *c = &measured.cell[VSHARP_ALIGN_DWORD][a][s][mis];
				/* Forced like RDNA4 9.5 says: down to the payload. */
				bool forced = a == VSHARP_ATLAS_ATOMIC && c->model.outcome != ABSENT &&
					      mis % vsharp_atlas_size(s);

				differ += c->seen.outcome != c->model.outcome || c->seen.shift != c->model.shift;
				if (forced) {
					expected++;
					CHECK_EQ(t, c->seen.outcome, DOWN);
					CHECK_EQ(t, c->seen.shift, mis % vsharp_atlas_size(s));
				}
			}
	CHECK_EQ(t, expected, 12 + 14);
	CHECK_EQ(t, differ, expected);
	vsharp_device_close(dev);
}

KTAP_MAIN(KTAP_CASE(test_cells_the_guides_state),
	  KTAP_CASE(test_split_is_crossing_a_dword),
	  KTAP_CASE(test_cross_level_reasons),
	  KTAP_CASE(test_unverified_cells),
	  KTAP_CASE(test_basis),
	  KTAP_CASE(test_measured_follows_the_device))
