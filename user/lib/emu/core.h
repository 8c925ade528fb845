/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_H
#define VSHARP_LIB_EMU_H

#include <stdbool.h>
#include <stdint.h>

#include "emu/hazard.h"
#include "emu/isa.h"
#include "vsharp/gpu.h"
#include "vsharp/pm4.h"

/*
 * The emulated GPU's insides: a compute queue (emu/gpu.c) that executes PM4
 * in a vsharp_vm (emu/vm.c) and starts waves, one at a time, on the shader
 * core (emu/wave.c).  The emulated device (device/emu_device.h) is one GPU,
 * one VM and a buffer allocator around them, a floor above.
 */
#define EMU_MAX_SGPRS 106
#define EMU_MAX_VGPRS 256
#define EMU_MAX_LANES 64
#define EMU_MAX_PENDING 64		/* outstanding register-writing memory operations */

/* Hardware wait counters: vmcnt/loadcnt, vscnt/storecnt, lgkmcnt/dscnt, kmcnt (GFX12), expcnt. */
enum emu_counter {
	EMU_CNT_LOAD,
	EMU_CNT_STORE,
	EMU_CNT_DS,
	EMU_CNT_KM,
	EMU_CNT_EXP,
	EMU_CNT_COUNT,
};

/* Facts of a level the strict queue and shader core need (emu/gpu.c). */
struct emu_level {
	uint32_t lds_alloc_granule;	/* bytes the hardware rounds an LDS allocation to */
	unsigned prefetch_lines;	/* 64-byte lines the SQ fetches past the PC */
	unsigned prefetch_align;	/* and the alignment of the fetch window's end */
	unsigned vgpr_alloc_granule[2];	/* VGPRs allocated at a time, wave64 and wave32 */
	/* Counter each kind of memory operation counts in (stores, SMEM, DS). */
	enum emu_counter store_cnt, smem_cnt, ds_cnt;
	const char *cnt_name[EMU_CNT_COUNT];
};

const struct emu_level *emu_level(enum vsharp_gfx level);

/* An instruction as decoded from the words at PC (emu/wave.c fetch). */
struct emu_decoded {
	uint64_t pc;
	enum vsharp_gfx level;
	unsigned n;			/* words available to the decoder; 0: an empty slot */
	uint32_t words[3];
	struct emu_insn insn;
	struct emu_uses uses;
};

/*
 * Every probe wave runs the same program: decoded instructions are kept by
 * PC and reused while the words at PC are the same.
 */
#define EMU_DECODED_SLOTS 256u

struct vsharp_gpu {
	struct vsharp_gpu_config cfg;
	const struct emu_level *facts;
	struct vsharp_rules rules;
	enum vsharp_emu_mutation mutation;
	struct vsharp_emu_stats stats;
	uint64_t ib_waves, ib_instructions;	/* the running IB's, against the cfg bounds */
	bool pixel_lds;		/* the running IB asked for VSHARP_GPU_NOP_PIXEL_LDS */
	/* The running IB's VSHARP_GPU_NOP_COPY_RANGES: [start, end) code addresses. */
	uint64_t copy_range[VSHARP_GPU_COPY_RANGES][2];
	unsigned n_copy_ranges;
	/* The CU's LDS: work-groups see what the previous one left (never zeroed). */
	uint8_t *lds;
	/*
	 * The SIMD's VGPR file, vgpr[register][lane].  Each wave starts with its
	 * allocation poisoned (emu/gpu.c): what a register holds before anything
	 * wrote it never depends on an earlier wave, dispatch or device.
	 */
	uint32_t vgpr[EMU_MAX_VGPRS][EMU_MAX_LANES];
	enum vsharp_gpu_outcome outcome;
	struct vsharp_gpu_fault fault;
	struct emu_decoded decoded[EMU_DECODED_SLOTS];
	struct vsharp_sdma_run sdma;	/* the SDMA engine's last IB (emu/sdma.c) */
	/*
	 * The command processor's state across IBs (emu/cp_regs.c, cp_sync.c):
	 * the register file the CP's register writes leave, with a bit per
	 * register that something wrote; the GPU clock counter; interrupts.
	 */
	uint32_t *regfile;
	uint64_t *regfile_set;
	uint64_t clock, interrupts;
	/*
	 * The GFX ring's constant-engine and draw-engine counters (emu/cp_ce.c):
	 * hardware state, kept across IBs and jobs as on a GPU.
	 */
	uint64_t ce_count, de_count;
};

/* A register-writing memory operation still in flight. */
struct emu_pending {
	enum emu_counter cnt;
	uint64_t ordinal;		/* its place among the counter's operations */
	bool any_order;			/* SMEM returns out of order: only a wait for 0 retires it */
	bool vgpr;			/* the registers are VGPRs, else SGPRs */
	unsigned first, count;
	uint64_t pc;
	const char *name;
};

/* The mapping an access last fell in: the next access inside it needs no search. */
struct emu_window {
	uint64_t va, size;
	uint8_t *host;
	unsigned perms;
};

struct emu_wave {
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	struct emu_window code, data;
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
	/* Where the wave is, for reports: its work-group and first thread. */
	uint32_t group[3];
	unsigned first_thread;
	bool wgp_mode;			/* COMPUTE_PGM_RSRC1.WGP_MODE of its dispatch */
	/* Strict state: what the dispatch allocated and initialised. */
	unsigned sgprs_alloc, vgprs_alloc;
	unsigned sgprs_special;		/* GFX6-9: VCC and XNACK_MASK at the top of sgprs_alloc */
	uint64_t sgpr_set[2];		/* SGPRs holding a value (bit per register) */
	uint16_t ttmp_set;
	bool m0_set, vcc_set;
	const struct vsharp_dispatch_state *dispatch;	/* what the dispatch initialised */
	uint64_t issued[EMU_CNT_COUNT];
	unsigned n_pend;
	unsigned prefetch_lines;	/* GFX10+: lines fetched ahead; GFX11 s_set_inst_prefetch_distance sets it */
	uint64_t vgprs_freed_pc;	/* GFX11 s_sendmsg MSG_DEALLOC_VGPRS at this pc + 4; 0: not sent */
	bool hazards_go_on;		/* a later wave of the dispatch: emu_hazards_next() */
	uint32_t mode;			/* the MODE register (emu/alu.h): COMPUTE_PGM_RSRC1's, then s_setreg */
	unsigned group_waves;		/* waves of its work-group */
	/*
	 * From here on a wave starts with what the dispatch's previous wave
	 * left (emu/gpu.c clears the rest): only pend[0..n_pend) is read, only
	 * vgpr_set[0..vgprs_alloc) (every VGPR access is checked against the
	 * allocation first), and the hazard tracker goes on.
	 */
	struct emu_pending pend[EMU_MAX_PENDING];
	uint64_t vgpr_set[EMU_MAX_VGPRS];	/* lanes of each VGPR holding a value */
	struct emu_hazards hazards;
};

/*
 * The compare FUNCTION of the CP's WAIT_REG_MEM and of the SDMA engine's
 * POLL_REGMEM, the same codes in both (soc15d.h WAIT_REG_MEM_FUNCTION,
 * cikd.h SDMA_POLL_REG_MEM_EXTRA_FUNC): 0 always, 1 <, 2 <=, 3 ==, 4 !=,
 * 5 >=, 6 >; 7 is none.  emu/cp_sync.c.
 */
#define EMU_POLL_FUNCS 7
extern const char *const emu_poll_names[EMU_POLL_FUNCS];
bool emu_poll_true(unsigned function, uint32_t v, uint32_t ref);

/* What the dispatch initialised in the wave's SGPRs, in words for a message. */
void emu_init_desc(const struct emu_wave *w, char *buf, size_t n);

/* Runs one wave to s_endpgm; negative with err on an error the run reports. */
int emu_wave_run(struct emu_wave *w, struct vsharp_error *err);

/* A VM fault: records it in the GPU and writes amdgpu's report to err. */
int emu_vm_fault(struct emu_wave *w, uint64_t va, unsigned n, unsigned perms,
		 struct vsharp_error *err);

/* A broken strict rule: "strict: RULE: ..." in err, -EPROTO. */
__attribute__((format(printf, 3, 4)))
int emu_strict(struct emu_wave *w, struct vsharp_error *err, const char *fmt, ...);

#endif
