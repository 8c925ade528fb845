/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_BUNDLE_H
#define VSHARP_CLI_BUNDLE_H

#include <stdbool.h>
#include <stdint.h>

#include "report.h"
#include "vsharp/amdgpu.h"
#include "vsharp/atlas.h"
#include "vsharp/session.h"

/*
 * A result bundle: one JSON file per `vsharp run --bundle FILE` or `vsharp
 * align --bundle FILE`, documented in Documentation/fleet.rst "Collecting
 * bundles" and checked against Documentation/bundle.schema.json (installed
 * as share/vsharp/bundle.schema.json).  `vsharp report` merges bundles.
 */
#define BUNDLE_FORMAT "vsharp-result-bundle"
#define BUNDLE_VERSION 1u

/*
 * What a family's device is and the mode it ran under, noted while its
 * session is open.  Plain data: `vsharp run` keeps it in the memory its
 * worker processes share with the parent.
 */
struct bundle_device {
	bool noted;
	bool emulated;
	char processor[32];		/* LLVM processor */
	struct vsharp_amdgpu_identity id;	/* a GPU's; an emulated device's gc_ip only */
	bool mode_known;
	enum vsharp_align_mode mode;
	char mode_source[200];
	struct vsharp_rules rules;	/* emulated: the choices its memory unit follows */
};

/* Notes S's device and MODE (FROM: where it came from; NULL: every mode in turn). */
void bundle_note_device(struct bundle_device *b, const struct vsharp_session *s,
			enum vsharp_align_mode mode, const char *from);

/* What a run counted, as its KTAP says. */
struct bundle_ktap {
	bool ok;
	uint64_t passed, failed, skipped;
};

struct bundle_run {
	const struct verdict_family *fams;
	const struct bundle_device *devs;
	const struct bundle_ktap *ktap;	/* per family */
	unsigned n;
	bool ok;			/* the run's exit status is 0 */
	const char *skip;		/* why the run skipped (exit status 4), or NULL */
};

/* Writes the bundle of a run to PATH (through a temporary file renamed over it); false after an error message. */
bool bundle_write_run(const char *path, const struct bundle_run *r);

/* The same for `vsharp align`: N atlases; DEV is NULL for the model alone. */
bool bundle_write_align(const char *path, const struct vsharp_atlas *const *atlases, unsigned n,
			unsigned modes, const struct bundle_device *dev);

#endif
