/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_ATLAS_H
#define VSHARP_ATLAS_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/device.h"
#include "vsharp/model.h"

/*
 * The alignment atlas: for a level, what every SH_MEM_CONFIG alignment mode
 * does to every kind of access of every size at every misalignment 0..15,
 * from the model or measured on a device (Documentation/atlas.rst).
 *
 * A cell is one instruction at byte address VSHARP_ATLAS_BASE +
 * misalignment, in range, with the level's default rule choices.  The base
 * is a multiple of 16 and of 12, so every alignment the documents name
 * (1, 2, 4, 8, 12, 16) reads the misalignment alone.
 */
#define VSHARP_ATLAS_BASE 96u
#define VSHARP_ATLAS_MIS 16u
#define VSHARP_ATLAS_SIZES 6u

enum vsharp_atlas_access {
	VSHARP_ATLAS_LOAD,		/* MUBUF untyped load */
	VSHARP_ATLAS_STORE,
	VSHARP_ATLAS_ATOMIC,		/* buffer_atomic_add, 4 and 8 bytes */
	VSHARP_ATLAS_FORMAT_LOAD,	/* buffer_load_format_*, one 1..4-byte channel or 2..4 dwords */
	VSHARP_ATLAS_FORMAT_STORE,
	VSHARP_ATLAS_DS_READ,
	VSHARP_ATLAS_DS_WRITE,
	VSHARP_ATLAS_DS_ATOMIC,		/* ds_add_u32, ds_add_u64 */
	VSHARP_ATLAS_LDS_DMA,		/* buffer to LDS: the `lds` modifier, GFX11 buffer_load_lds_* */
	VSHARP_ATLAS_ACCESS_COUNT
};

enum vsharp_atlas_outcome {
	VSHARP_ATLAS_ABSENT,		/* '-' no such instruction on the level */
	VSHARP_ATLAS_OK,		/* '.' as addressed, inside its natural dwords */
	VSHARP_ATLAS_SPLIT,		/* 's' as addressed, across a dword boundary */
	VSHARP_ATLAS_DOWN,		/* '1'..'f' aligned down by shift bytes */
	VSHARP_ATLAS_MEMVIOL,		/* 'F' MEMVIOL: a load returns 0, a store writes nothing */
	VSHARP_ATLAS_NOT_RUN,		/* '?' measured: not run (see the atlas's why) */
	VSHARP_ATLAS_UNEXPLAINED,	/* '!' measured: none of the above explains it */
	VSHARP_ATLAS_OUTCOME_COUNT
};

struct vsharp_atlas_result {
	uint8_t outcome;		/* enum vsharp_atlas_outcome */
	uint8_t shift;			/* DOWN: bytes */
};

struct vsharp_atlas_cell {
	struct vsharp_atlas_result model;
	uint64_t contested;		/* bit per enum vsharp_rule whose other choice changes it */
	bool unverified;		/* a contested rule's default choice is UNVERIFIED */
	/*
	 * The cell rests on a compiler's record (LLVM) or an assembler's notes
	 * rather than an AMD document: a contested rule's default cites LLVM
	 * (gcn_ds_misaligned), or a GFX6 untyped buffer cell outside DWORD
	 * mode whose outcome the mode would not give (gfx6_buffer_alignment:
	 * CLRX and LLVM; GFX6 has no mode).
	 */
	bool compiler;
	bool measured;			/* the fields below hold a device's result */
	bool halted;			/* measured MEMVIOL: the wave stopped (a GPU) */
	struct vsharp_atlas_result seen;
	char seen_text[64];		/* UNEXPLAINED: what the device did */
};

struct vsharp_atlas {
	enum vsharp_gfx level;
	struct vsharp_atlas_cell cell[VSHARP_ALIGN_COUNT][VSHARP_ATLAS_ACCESS_COUNT]
				     [VSHARP_ATLAS_SIZES][VSHARP_ATLAS_MIS];
	/* Measured: the device, and per mode where the mode came from (empty: not measured). */
	char device[128];
	char mode_source[VSHARP_ALIGN_COUNT][160];
	char not_run_why[160];
};

const char *vsharp_atlas_access_name(enum vsharp_atlas_access a);
unsigned vsharp_atlas_size(unsigned size_index);	/* 1, 2, 4, 8, 12, 16 */
const char *vsharp_atlas_outcome_name(enum vsharp_atlas_outcome o);
/* The one-character form of the text table. */
char vsharp_atlas_symbol(struct vsharp_atlas_result r);
/* What the cell does with its bytes: "reads -3..+0", "writes nothing". */
void vsharp_atlas_data(enum vsharp_atlas_access a, unsigned size, struct vsharp_atlas_result r,
		       char *buf, size_t n);

/* The instruction of a cell on a level (NULL: none), and the V# format of a format cell. */
const struct vsharp_op *vsharp_atlas_op(enum vsharp_gfx level, enum vsharp_atlas_access a,
					unsigned size_index, struct vsharp_format *format);

/* One cell from the model, under RULES (NULL: the level's defaults). */
struct vsharp_atlas_result vsharp_atlas_eval(enum vsharp_gfx level, enum vsharp_align_mode mode,
					     enum vsharp_atlas_access a, unsigned size_index,
					     unsigned mis, const struct vsharp_rules *rules);

/* Every cell of a level from the model, with the rules that contest it. */
void vsharp_atlas_model(enum vsharp_gfx level, struct vsharp_atlas *atlas);

/*
 * Measures the cells of the modes in MODES (bit per mode) on DEV, whose
 * level the atlas must have.  The emulated device is switched to each mode
 * and back; a GPU runs the one mode it is in, which MODES must name alone.
 * SOURCE says, per mode, where the mode came from.  Cells that may raise
 * MEMVIOL run one per dispatch and on a GPU only with ALLOW_MEMVIOL.
 */
int vsharp_atlas_measure(struct vsharp_device *dev, unsigned modes, const char *const *source,
			 bool allow_memviol, struct vsharp_atlas *atlas, struct vsharp_error *err);

/*
 * Why a cell differs between levels: "rule atomic_misaligned: force on
 * gfx6, gfx9 (R4 §9.5 ...); memviol on gfx10 (R3 §9.5 ...)", or "no such
 * instruction on gfx12", or an empty string when all levels agree.
 */
void vsharp_atlas_why(const struct vsharp_atlas *const *atlases, unsigned n, enum vsharp_align_mode mode,
		      enum vsharp_atlas_access a, unsigned size_index, unsigned mis, char *buf, size_t len);

#endif
