/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_VERDICT_H
#define VSHARP_VERDICT_H

#include <stdbool.h>

#include "vsharp/device.h"
#include "vsharp/observe.h"
#include "vsharp/rules.h"

/*
 * Rule verdicts: which choice of each named rule (rules.h) a device
 * follows.  Every rule has cases: waves whose lanes are inputs on which the
 * choices predict different observable results (discriminating cases), and
 * inputs on which they agree (controls).  A run evaluates every case under
 * every choice, compares with what the device did (observe.h), and gives
 * per rule and level one of the kinds below.  Documentation/verdicts.rst
 * lists the cases of each rule.
 */
enum vsharp_verdict_kind {
	VSHARP_VERDICT_NOT_APPLICABLE,	/* the rule does not matter on the level */
	VSHARP_VERDICT_UNTESTED,	/* no discriminating case ran: see why */
	VSHARP_VERDICT_CHOICE,		/* one choice explains every case */
	VSHARP_VERDICT_MIXED,		/* every case is explained, but by different choices */
	VSHARP_VERDICT_NONE,		/* some case no choice explains: see closest and shown */
	VSHARP_VERDICT_KIND_COUNT
};

const char *vsharp_verdict_kind_name(enum vsharp_verdict_kind k);

/* One wave of a rule's cases: each lane is a case. */
struct vsharp_verdict_wave {
	struct vsharp_probe_wave w;
	enum vsharp_align_mode mode;	/* SH_MEM_CONFIG.ALIGNMENT_MODE the case needs */
	/* A choice may raise MEMVIOL or fault: one per dispatch, gated on hardware. */
	bool alone;
};

/*
 * The cases of RULE on LEVEL for waves of WAVE_SIZE lanes: up to MAX waves
 * into OUT; returns how many a level has (0 with *why saying why).
 */
unsigned vsharp_verdict_cases(enum vsharp_gfx level, enum vsharp_rule rule, unsigned wave_size,
			      struct vsharp_verdict_wave *out, unsigned max, const char **why);

#define VSHARP_VERDICT_SHOWN 4

struct vsharp_verdict {
	enum vsharp_gfx level;
	enum vsharp_rule rule;
	enum vsharp_verdict_kind kind;
	unsigned explains;		/* bit c: choice c explains every case that ran */
	unsigned closest;		/* the choice that explains the most cases */
	unsigned cases, discriminating, controls, not_run;
	unsigned matched[VSHARP_RULE_MAX_CHOICES];	/* cases each choice explains */
	unsigned n_shown;		/* NONE, MIXED: cases the closest choice does not explain */
	char shown[VSHARP_VERDICT_SHOWN][640];
	char why[200];			/* NOT_APPLICABLE, UNTESTED, and cases not run */
};

struct vsharp_verdict_opts {
	unsigned rules;			/* bit per enum vsharp_rule; 0: every rule */
	/*
	 * The device's alignment mode is fixed (a GPU, or --align-mode): only
	 * cases for MODE run.  Otherwise (the emulated device) each case runs
	 * under the mode it needs and the device's mode is put back after.
	 */
	bool mode_fixed;
	enum vsharp_align_mode mode;
	bool allow_memviol;		/* hardware: run the cases that may raise MEMVIOL, alone */
};

/*
 * Runs the cases of the selected rules on DEV (its level) and fills
 * OUT[rule] for each (the others are left alone).  Returns 0, or a negative
 * errno for an error that is not the device's.
 */
int vsharp_verdicts_run(struct vsharp_device *dev, const struct vsharp_verdict_opts *o,
			struct vsharp_verdict out[VSHARP_RULE_COUNT], struct vsharp_error *err);

/* "choice excluded", "choice ge or gt", "none (closest: 16)", "mixed", "untested". */
void vsharp_verdict_text(const struct vsharp_verdict *v, char *buf, size_t n);

#endif
