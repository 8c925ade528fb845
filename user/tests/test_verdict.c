// SPDX-License-Identifier: MIT
/*
 * Rule verdicts on the emulated device, under the sanitizers.  The emulated
 * memory unit runs the model, so every verdict must be the rule's default
 * for the level (model/rules.c, `vsharp rules`); switched to another choice, the
 * verdict must follow it; made to deviate from every choice, it must be
 * `none`; and the cases of a mode the device is not in leave a rule
 * `untested`.  Every rule with choices, the format-conversion ones
 * included, on every level it matters on.
 */
#include <stdlib.h>

#include "ktap.h"
#include "vsharp/emu.h"
#include "vsharp/verdict.h"

static const enum vsharp_gfx families[] = {
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8, VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11,
	VSHARP_GFX12,
};
#define N_FAMILIES (sizeof(families) / sizeof(families[0]))

static struct vsharp_verdict verdicts[VSHARP_RULE_COUNT];

/*
 * Where the cases cannot decide, and why (Documentation/verdicts.rst).
 * The arena a load reads starts as a pattern of odd bytes (probe.h), so
 * no f32 the pattern holds is a tie for f32 -> f16 (its 12 low bits would
 * be zero), and no SNORM channel of 8 bits or more holds its most
 * negative code; GFX6-8 read the 2-bit one unsigned (alpha2_unsigned).
 * GFX6 buffers are aligned down in every mode and it has no ds_read_b96.
 */
static const struct {
	enum vsharp_rule rule;
	unsigned levels;
	int a, b;		/* choices no case parts; -1: the rule is untested there */
} undecided[] = {
	{ VSHARP_RULE_D16_F32_TO_F16, ~0u, VSHARP_ROUND_NEAREST_EVEN, VSHARP_ROUND_NEAREST_AWAY },
	{ VSHARP_RULE_SNORM_LOAD_CLAMP, VSHARP_GFX_BIT(VSHARP_GFX6) | VSHARP_GFX_BIT(VSHARP_GFX7) |
					VSHARP_GFX_BIT(VSHARP_GFX8), -1, -1 },
	{ VSHARP_RULE_STRICT_B96, VSHARP_GFX_BIT(VSHARP_GFX6), -1, -1 },
};

static bool untested_on(enum vsharp_rule r, enum vsharp_gfx level)
{
	for (size_t i = 0; i < sizeof(undecided) / sizeof(undecided[0]); i++)
		if (undecided[i].rule == r && undecided[i].levels & VSHARP_GFX_BIT(level) && undecided[i].a < 0)
			return true;
	return false;
}

/* The choices a verdict may name with C: C, and those the cases cannot part from it. */
static unsigned with_unparted(enum vsharp_rule r, enum vsharp_gfx level, unsigned c)
{
	unsigned set = 1u << c;

	for (size_t i = 0; i < sizeof(undecided) / sizeof(undecided[0]); i++) {
		if (undecided[i].rule != r || !(undecided[i].levels & VSHARP_GFX_BIT(level)) || undecided[i].a < 0)
			continue;
		if ((unsigned)undecided[i].a == c)
			set |= 1u << undecided[i].b;
		if ((unsigned)undecided[i].b == c)
			set |= 1u << undecided[i].a;
	}
	return set;
}

static int run(struct vsharp_device *dev, uint64_t rules, struct vsharp_error *err)
{
	struct vsharp_verdict_opts o = { .rules = rules };

	return vsharp_verdicts_run(dev, &o, verdicts, err);
}

/* The verdict of rule R on LEVEL is choice C, as exactly as the cases can tell. */
static void check_choice(struct ktap *t, enum vsharp_gfx level, enum vsharp_rule r, unsigned c, const char *how)
{
	const struct vsharp_rule_info *info = vsharp_rule_info(r);
	const struct vsharp_verdict *v = &verdicts[r];
	char text[96];

	vsharp_verdict_text(v, text, sizeof(text));
	if (untested_on(r, level)) {
		CHECK_MSG(t, v->kind == VSHARP_VERDICT_UNTESTED && v->why[0] && v->controls > 0,
			  "%s %s %s %s: %s, %u controls", vsharp_gfx_name(level), info->name, how,
			  info->choice[c].name, text, v->controls);
		return;
	}
	CHECK_MSG(t, v->kind == VSHARP_VERDICT_CHOICE && v->explains == with_unparted(r, level, c) &&
		  v->not_run == 0 && v->discriminating > 0 && v->controls > 0,
		  "%s %s %s %s: %s, %u discriminating, %u controls, %u not run: %s",
		  vsharp_gfx_name(level), info->name, how, info->choice[c].name, text, v->discriminating,
		  v->controls, v->not_run, v->n_shown ? v->shown[0] : v->why);
	/* Every pair of choices but the undecided ones is parted by some case. */
	for (unsigned d = 0; d < info->n_choices; d++)
		CHECK_MSG(t, d == c || (v->apart[c] >> d & 1) != (with_unparted(r, level, c) >> d & 1),
			  "%s %s: %s and %s", vsharp_gfx_name(level), info->name, info->choice[c].name,
			  info->choice[d].name);
}

static void test_emulated_verdicts_are_the_defaults(struct ktap *t)
{
	for (size_t f = 0; f < N_FAMILIES; f++) {
		struct vsharp_error err = { "" };
		struct vsharp_device *dev;

		if (!CHECK_MSG(t, vsharp_emu_open(families[f], &dev, &err) == 0, "%s", err.msg))
			continue;
		CHECK_MSG(t, run(dev, 0, &err) == 0, "%s", err.msg);
		for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
			const struct vsharp_rule_info *info = vsharp_rule_info(r);

			if (!(info->levels & VSHARP_GFX_BIT(families[f]))) {
				CHECK_MSG(t, verdicts[r].kind == VSHARP_VERDICT_NOT_APPLICABLE, "%s %s: %s",
					  vsharp_gfx_name(families[f]), info->name,
					  vsharp_verdict_kind_name(verdicts[r].kind));
				continue;
			}
			check_choice(t, families[f], r, info->defaults[families[f]], "default");
		}
		vsharp_device_close(dev);
	}
}

/* The emulated device switched to each other choice of each rule (what --emu-rule does). */
static void test_switched_choice_is_followed(struct ktap *t)
{
	for (size_t f = 0; f < N_FAMILIES; f++) {
		struct vsharp_error err = { "" };
		struct vsharp_device *dev;
		struct vsharp_rules rules;

		if (!CHECK_MSG(t, vsharp_emu_open(families[f], &dev, &err) == 0, "%s", err.msg))
			continue;
		for (int r = 0; r < VSHARP_RULE_COUNT; r++) {
			const struct vsharp_rule_info *info = vsharp_rule_info(r);

			if (!(info->levels & VSHARP_GFX_BIT(families[f])))
				continue;
			for (unsigned c = 0; c < info->n_choices; c++) {
				if (c == info->defaults[families[f]])
					continue;
				vsharp_rules_default(families[f], &rules);
				rules.choice[r] = (uint8_t)c;
				vsharp_emu_set_rules(dev, &rules);
				CHECK_MSG(t, run(dev, 1ull << r, &err) == 0, "%s", err.msg);
				check_choice(t, families[f], r, c, "switched to");
			}
		}
		vsharp_rules_default(families[f], &rules);
		vsharp_emu_set_rules(dev, &rules);
		vsharp_device_close(dev);
	}
}

/* A device no choice explains: a range check off by one, X and Y of DST_SEL swapped. */
static void test_unexplainable_deviation_is_none(struct ktap *t)
{
	static const struct {
		enum vsharp_gfx level;
		enum vsharp_emu_mutation m;
		enum vsharp_rule rule;
	} cases[] = {
		{ VSHARP_GFX9, VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1, VSHARP_RULE_GFX9_RAW_SOFFSET },
		{ VSHARP_GFX10, VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1, VSHARP_RULE_GFX10_STRUCT_OFFSET },
		{ VSHARP_GFX11, VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY, VSHARP_RULE_MISSING_CHANNEL },
		{ VSHARP_GFX12, VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY, VSHARP_RULE_MISSING_CHANNEL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct vsharp_verdict *v = &verdicts[cases[i].rule];
		struct vsharp_error err = { "" };
		struct vsharp_device *dev;
		char text[96];

		if (!CHECK_MSG(t, vsharp_emu_open(cases[i].level, &dev, &err) == 0, "%s", err.msg))
			continue;
		vsharp_emu_set_mutation(dev, cases[i].m);
		CHECK_MSG(t, run(dev, 1ull << cases[i].rule, &err) == 0, "%s", err.msg);
		vsharp_verdict_text(v, text, sizeof(text));
		CHECK_MSG(t, v->kind == VSHARP_VERDICT_NONE && v->n_shown > 0 &&
			  strstr(v->shown[0], "observed") && strstr(v->shown[0], "predicts"),
			  "%s %s: %s", vsharp_gfx_name(cases[i].level), vsharp_rule_info(cases[i].rule)->name, text);
		vsharp_device_close(dev);
	}
}

/*
 * gfx10_raw under the off-by-one range check: NUM_RECORDS 65 with a 4-byte
 * payload is out of range from offset 54 (54 + 4 > 65 - 8), which
 * payload_bytes predicts only from 53, payload_dwords from 56 and offset_ge
 * from 64: offset 53 is explained by payload_dwords and offset_ge, 54 and
 * 55 by payload_bytes alone, so every case has a choice but none has all.
 */
static void test_each_case_explained_but_not_by_one_is_mixed(struct ktap *t)
{
	const struct vsharp_verdict *v = &verdicts[VSHARP_RULE_GFX10_RAW];
	struct vsharp_error err = { "" };
	struct vsharp_device *dev;

	if (!CHECK_MSG(t, vsharp_emu_open(VSHARP_GFX10_3, &dev, &err) == 0, "%s", err.msg))
		return;
	vsharp_emu_set_mutation(dev, VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1);
	CHECK_MSG(t, run(dev, 1ull << VSHARP_RULE_GFX10_RAW, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, v->kind, VSHARP_VERDICT_MIXED);
	CHECK_EQ(t, v->explains, 0);
	CHECK(t, v->n_shown > 0);
	vsharp_device_close(dev);
}

/* With the mode fixed (a GPU, --align-mode), cases for other modes do not run. */
static void test_cases_of_another_mode_are_untested(struct ktap *t)
{
	struct vsharp_verdict_opts o = {
		.rules = 1ull << VSHARP_RULE_STRICT_B96 | 1ull << VSHARP_RULE_GFX10_RAW,
		.mode_fixed = true, .mode = VSHARP_ALIGN_UNALIGNED,
	};
	struct vsharp_error err = { "" };
	struct vsharp_device *dev;

	if (!CHECK_MSG(t, vsharp_emu_open(VSHARP_GFX10, &dev, &err) == 0, "%s", err.msg))
		return;
	CHECK_MSG(t, vsharp_verdicts_run(dev, &o, verdicts, &err) == 0, "%s", err.msg);
	CHECK_EQ(t, verdicts[VSHARP_RULE_STRICT_B96].kind, VSHARP_VERDICT_UNTESTED);
	CHECK(t, strstr(verdicts[VSHARP_RULE_STRICT_B96].why, "needs SH_MEM_CONFIG.ALIGNMENT_MODE strict"));
	CHECK_EQ(t, verdicts[VSHARP_RULE_STRICT_B96].cases, 0);
	CHECK_EQ(t, verdicts[VSHARP_RULE_GFX10_RAW].kind, VSHARP_VERDICT_CHOICE);
	vsharp_device_close(dev);
}

KTAP_MAIN(KTAP_CASE(test_emulated_verdicts_are_the_defaults),
	  KTAP_CASE(test_switched_choice_is_followed),
	  KTAP_CASE(test_unexplainable_deviation_is_none),
	  KTAP_CASE(test_each_case_explained_but_not_by_one_is_mixed),
	  KTAP_CASE(test_cases_of_another_mode_are_untested))
