/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_H
#define VSHARP_LIB_EMU_H

#include <stdbool.h>
#include <stdint.h>

#include "emu_isa.h"
#include "vsharp/emu.h"
#include "vsharp/pm4.h"

/*
 * The emulated device: one host window holds every buffer object at a fixed
 * GPU virtual address offset, so the model's flat memory view covers them
 * all.  Waves run one at a time, instruction by instruction.
 */
#define EMU_VA_BASE 0x100000000ull
#define EMU_WINDOW (1ull << 30)
#define EMU_MAX_SGPRS 106
#define EMU_MAX_VGPRS 256
#define EMU_MAX_LANES 64
#define EMU_WAVE_LIMIT 1000000u		/* instructions before a wave counts as hung */

struct emu_device {
	struct vsharp_device dev;
	uint8_t *window;
	uint64_t used;			/* bump allocator inside the window */
	enum vsharp_align_mode align;
	unsigned vmid;
	struct vsharp_rules rules;
	enum vsharp_emu_mutation mutation;
	struct vsharp_emu_stats stats;
	uint64_t next_fence;
	int last_status;		/* result of the last submit, for wait() */
	struct vsharp_error last_error;
};

struct emu_wave {
	struct emu_device *dev;
	enum vsharp_gfx level;
	unsigned lanes;
	uint64_t exec;
	uint32_t sgpr[EMU_MAX_SGPRS];
	uint32_t ttmp[16];
	uint32_t vcc[2], m0;
	bool scc;
	uint64_t pc;
	uint32_t (*vgpr)[EMU_MAX_LANES];	/* vgpr[register][lane] */
	struct vsharp_lds lds;
};

static inline struct emu_device *emu_of(struct vsharp_device *d)
{
	return (struct emu_device *)d;
}

/* Host bytes at a GPU address, or NULL if [va, va+n) leaves the window in use. */
static inline uint8_t *emu_at(struct emu_device *d, uint64_t va, uint64_t n)
{
	if (va < EMU_VA_BASE || va - EMU_VA_BASE > d->used || d->used - (va - EMU_VA_BASE) < n)
		return NULL;
	return d->window + (va - EMU_VA_BASE);
}

/* Runs one wave to s_endpgm; negative with err on an error the run reports. */
int emu_wave_run(struct emu_wave *w, struct vsharp_error *err);

#endif
