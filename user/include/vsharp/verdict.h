/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_VERDICT_H
#define VSHARP_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

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
 * into OUT; returns how many a level has (0 with *why saying why; else *why
 * is NULL, or says why the cases cannot part the choices on this level).
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
	/*
	 * Bit d of apart[c]: some case that ran parts choices c and d.  Two
	 * choices no case parts cannot be told apart by this run (a verdict
	 * "choice a or b" names such a pair).
	 */
	uint8_t apart[VSHARP_RULE_MAX_CHOICES];
	unsigned n_shown;		/* NONE, MIXED: cases the closest choice does not explain */
	char shown[VSHARP_VERDICT_SHOWN][640];
	char why[200];			/* NOT_APPLICABLE, UNTESTED, and cases not run */
};

struct vsharp_verdict_opts {
	uint64_t rules;			/* bit per enum vsharp_rule; 0: every rule */
	/*
	 * The device's alignment mode is fixed (a GPU, or --align-mode): only
	 * cases for MODE run.  Otherwise (the emulated device) each case runs
	 * under the mode it needs and the device's mode is put back after.
	 */
	bool mode_fixed;
	enum vsharp_align_mode mode;
	bool allow_memviol;		/* hardware: run the cases that may raise MEMVIOL, alone */
	/*
	 * The choices of the other rules the predictions of a rule's choices
	 * take: what the device is known to follow (the emulated device's
	 * --emu-rule); NULL: the level's defaults.
	 */
	const struct vsharp_rules *base;
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

/* What a set of verdicts ran and decided: the closing line of `vsharp run`. */
struct vsharp_verdict_counts {
	uint64_t lanes;			/* verdict lanes run and judged (cases) */
	uint64_t not_run;		/* verdict lanes kept from running (mode, gate, error) */
	unsigned verdicts;		/* rules on levels where they matter */
	unsigned decided;		/* of those, a choice, mixed or none */
	unsigned untested;		/* of those, no discriminating case ran */
	unsigned kind[VSHARP_VERDICT_KIND_COUNT];
};

/* Adds the N verdicts V[] to C. */
void vsharp_verdict_count(const struct vsharp_verdict *v, unsigned n, struct vsharp_verdict_counts *c);

#endif
