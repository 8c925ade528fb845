/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_GPU_H
#define VSHARP_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"
#include "vsharp/model.h"

/*
 * The emulated GPU, below any device interface: a GPU virtual address space
 * (vsharp_vm, what GEM_VA builds) and a compute queue that executes PM4
 * command buffers on it (vsharp_gpu).  The emulated device (--device emu)
 * maps its buffers into a vsharp_vm; the amdgpu shim maps GEM buffers the
 * way the kernel does.  Both run the same strict executor: whatever silicon
 * would fault on, hang on or return garbage for is an error naming the rule
 * and its source (Documentation/emulator.rst, "Strict rules").
 */

#define VSHARP_VM_PAGE 4096u

enum vsharp_vm_perm {
	VSHARP_VM_READ = 1,	/* AMDGPU_VM_PAGE_READABLE */
	VSHARP_VM_WRITE = 2,	/* AMDGPU_VM_PAGE_WRITEABLE */
	VSHARP_VM_EXEC = 4,	/* AMDGPU_VM_PAGE_EXECUTABLE */
};

struct vsharp_vm;

int vsharp_vm_create(struct vsharp_vm **vm, struct vsharp_error *err);
void vsharp_vm_destroy(struct vsharp_vm *vm);

/*
 * Maps SIZE bytes of host memory HOST at VA with PERMS.  VA and SIZE are
 * page multiples and SIZE > 0; the range must not overlap a mapping
 * (-EINVAL naming both otherwise).  HOST stays owned by the caller and must
 * outlive the mapping.
 */
int vsharp_vm_map(struct vsharp_vm *vm, uint64_t va, uint64_t size, uint8_t *host, unsigned perms,
		  struct vsharp_error *err);

/*
 * Removes every mapped page in [VA, VA+SIZE), splitting mappings that
 * straddle its ends (AMDGPU_VA_OP_CLEAR semantics).  Page multiples.
 */
int vsharp_vm_unmap(struct vsharp_vm *vm, uint64_t va, uint64_t size, struct vsharp_error *err);

/*
 * Host bytes of [VA, VA+N) when every page of the range is mapped with
 * every permission in PERMS and the host bytes behind it are contiguous
 * (one mapping, or adjacent mappings of adjacent host memory), else NULL.
 */
uint8_t *vsharp_vm_at(const struct vsharp_vm *vm, uint64_t va, uint64_t n, unsigned perms);

/*
 * Whether every page of [VA, VA+N) is mapped with PERMS, whatever mappings
 * hold them: 0, or -EFAULT with the first address that is not in *BAD.
 */
int vsharp_vm_check(const struct vsharp_vm *vm, uint64_t va, uint64_t n, unsigned perms,
		    uint64_t *bad);

/* The mapping that holds VA: 0 and its start, size and permissions, or -ENOENT. */
int vsharp_vm_lookup(const struct vsharp_vm *vm, uint64_t va, uint64_t *start, uint64_t *size,
		     unsigned *perms);

/* The work a GPU has done: dispatches, waves, instructions, lane operations, memory violations. */
struct vsharp_emu_stats {
	uint64_t dispatches, waves, instructions, lane_ops, memviols;
};

/*
 * Test-only: deviations injected into the memory unit's view of each
 * buffer instruction, never into the model the probe layer compares with.
 */
enum vsharp_emu_mutation {
	VSHARP_EMU_MUTATE_NONE,
	VSHARP_EMU_MUTATE_NUM_RECORDS_PLUS_1,	/* a range check off by one */
	VSHARP_EMU_MUTATE_SWAP_DST_SEL_XY,	/* X and Y of DST_SEL swapped */
};

/*
 * Applies a mutation to a V#, through the level's field layout, as the
 * memory unit sees it (tests predict with this).
 */
void vsharp_emu_mutate_desc(enum vsharp_gfx level, enum vsharp_emu_mutation m, uint32_t desc[4]);

struct vsharp_gpu;

/* What a compute queue of the emulated GPU is set up with (defaults in brackets). */
struct vsharp_gpu_config {
	enum vsharp_gfx level;
	const struct vsharp_target *target;	/* [the level's probe processor] its D16 layout */
	unsigned vmid;			/* [1] reported in HW_ID/HW_ID2 and fault lines */
	unsigned pasid;			/* [0] printed in fault lines */
	enum vsharp_align_mode align;	/* [UNALIGNED] SH_MEM_CONFIG.ALIGNMENT_MODE of the VMID */
	uint32_t lds_per_cu;		/* [65536] LDS bytes of a CU (WGP on GFX10+) */
	/*
	 * Bounds on the work of one IB, so that no IB runs for ever; each ends
	 * it as a hang (-ETIME, VSHARP_GPU_HANG), as amdgpu's job timeout would.
	 */
	uint64_t max_wave_instructions;	/* [1000000] instructions of one wave */
	uint64_t max_waves;		/* [1 << 20] waves of all its dispatches */
	uint64_t max_ib_instructions;	/* [100000000] instructions of all its waves */
};

void vsharp_gpu_config_default(enum vsharp_gfx level, struct vsharp_gpu_config *cfg);

int vsharp_gpu_create(const struct vsharp_gpu_config *cfg, struct vsharp_gpu **gpu,
		      struct vsharp_error *err);
void vsharp_gpu_destroy(struct vsharp_gpu *gpu);

const struct vsharp_gpu_config *vsharp_gpu_config(const struct vsharp_gpu *gpu);
void vsharp_gpu_set_align_mode(struct vsharp_gpu *gpu, enum vsharp_align_mode mode);
void vsharp_gpu_set_vmid(struct vsharp_gpu *gpu, unsigned vmid);

/*
 * A PM4 NOP whose one body dword is this value ("VSLP") asks the queue to
 * run the LDS direct and parameter loads of the rest of the IB as a pixel
 * wave sees them, with STATUS.LDS_READY and LDS_PARAM_RDY set.  The guides
 * define those loads for pixel waves only (RDNA3/RDNA4 ISA §12.2, §3.4.1
 * Table 5); without this NOP one in a compute wave is a strict error.  A
 * GPU's CP skips a NOP's body, as with Mesa's trace points (ac_debug.h
 * AC_ENCODE_TRACE_POINT), so the IB runs the same on silicon.
 */
#define VSHARP_GPU_NOP_PIXEL_LDS 0x56534c50u

/*
 * A PM4 NOP whose body is this value ("VSCR") and then up to
 * VSHARP_GPU_COPY_RANGES code ranges, each a start and an end address
 * (64-bit, low dword first), is the client's word that the buffer and DS
 * instructions in [start, end) move only its own data (the probe shader's
 * records and LDS image), never an access under test.  Where the model's
 * plan makes such an instruction a plain copy for every lane
 * (vsharp_buffer_plain(), vsharp_ds_plain()), the emulated GPU copies the
 * dwords itself instead of running the model lane by lane; every other
 * access, and every access of an IB without the NOP, goes through the
 * model (Documentation/emulator.rst, "Performance").  A GPU's CP skips the
 * NOP's body.
 */
#define VSHARP_GPU_NOP_COPY_RANGES 0x56534352u
#define VSHARP_GPU_COPY_RANGES 2

/* How an IB ended when vsharp_gpu_run_ib() does not return 0. */
enum vsharp_gpu_outcome {
	VSHARP_GPU_DONE,	/* every dispatch finished */
	VSHARP_GPU_VM_FAULT,	/* -EFAULT: an access to an unmapped or wrongly-mapped VA */
	VSHARP_GPU_HANG,	/* -ETIME: a wave never ended */
	VSHARP_GPU_STRICT,	/* -EPROTO: a strict rule broken (garbage or hang on silicon) */
	VSHARP_GPU_BAD_IB,	/* -EINVAL/-ERANGE/-ENOSYS: a packet or instruction the queue refuses */
	/*
	 * -EACCES: the IB wrote a register outside those a user IB may write;
	 * the CP raises its privileged-register interrupt, which Linux reports
	 * as "Illegal register access in command stream" and answers with a
	 * reset (gfx_v9_0.c gfx_v9_0_priv_reg_irq, drm_sched_fault).
	 */
	VSHARP_GPU_PRIV_REG,
};

struct vsharp_gpu_fault {
	uint64_t va;		/* the faulting address */
	bool write, exec;	/* what the access wanted */
	bool mapped;		/* the page is mapped, without that permission */
};

/*
 * Executes IB_DWORDS dwords of PM4 at IB_VA (which must be mapped readable)
 * on the compute queue, with VM as the address space.  0 when every dispatch
 * ended; else a negative errno per vsharp_gpu_outcome, and err holds the
 * report: for a VM fault amdgpu's own line, "[gfxhub] page fault (src_id:0
 * ring:0 vmid:V pasid:P) ... in page starting at address 0x... ", for a
 * strict rule "strict: RULE: what happened (source)".
 */
int vsharp_gpu_run_ib(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint64_t ib_va,
		      unsigned ib_dwords, struct vsharp_error *err);

/*
 * The queues of the emulated GPU.  A compute queue (a MEC queue, what
 * vsharp_gpu_run_ib() runs on) executes dispatches and the CP's memory,
 * register, wait and fence packets.  The GFX queue (the ME of the GFX ring)
 * executes the same packets and SET_CONTEXT_REG/SET_CONFIG_REG as register
 * writes; a draw (DRAW_INDEX_*) is refused naming itself: draws are not
 * emulated.  Documentation/emulator.rst "The command processor" lists the
 * packets and their sources.
 */
enum vsharp_gpu_queue {
	VSHARP_QUEUE_COMPUTE,	/* AMDGPU_HW_IP_COMPUTE */
	VSHARP_QUEUE_GFX,	/* AMDGPU_HW_IP_GFX: the draw engine (DE: PFP and ME) */
	/*
	 * The GFX ring's constant engine (CE), GFX6-10: an IB the client flags
	 * AMDGPU_IB_FLAG_CE, which Linux calls with INDIRECT_BUFFER_CONST
	 * (gfx_v9_0.c gfx_v9_0_ring_emit_ib_gfx).  It runs NOP and the CE/DE
	 * counter packets and refuses anything else by name.  GFX11 has none:
	 * Linux 6.1 calls a CE-flagged IB there as a plain INDIRECT_BUFFER on
	 * the DE (gfx_v11_0.c gfx_v11_0_ring_emit_ib_gfx), so run it as
	 * VSHARP_QUEUE_GFX; VSHARP_QUEUE_GFX_CE on GFX11 is -EINVAL.
	 */
	VSHARP_QUEUE_GFX_CE,
};

/*
 * vsharp_gpu_run_ib() on QUEUE: the same contract, outcomes and reports.
 * vsharp_gpu_run_ib(gpu, vm, va, n, err) is
 * vsharp_gpu_run_ib_on(gpu, vm, VSHARP_QUEUE_COMPUTE, va, n, err).
 */
int vsharp_gpu_run_ib_on(struct vsharp_gpu *gpu, struct vsharp_vm *vm, enum vsharp_gpu_queue queue,
			 uint64_t ib_va, unsigned ib_dwords, struct vsharp_error *err);

/*
 * One IB of a job: the queue it runs on, its address and size in dwords.
 */
struct vsharp_gpu_ib {
	enum vsharp_gpu_queue queue;
	uint64_t va;
	unsigned dwords;
};

/*
 * Runs the N IBs of one job in order, each as vsharp_gpu_run_ib_on; stops
 * at the first that fails, with its outcome and report.  The CE and the DE
 * share the GPU's CE and DE counters (SET_CE_DE_COUNTERS,
 * INCREMENT_CE_COUNTER, INCREMENT_DE_COUNTER), which persist as on a GPU.
 * On silicon the two engines run in parallel; here the IBs run one at a
 * time, so a WAIT_ON_CE_COUNTER (DE) or WAIT_ON_DE_COUNTER_DIFF (CE) whose
 * condition is false is a hang (-ETIME) when no later IB of the job runs on
 * the other engine, and refused (-ENOSYS) when one does: the emulator does
 * not interleave the engines.
 */
int vsharp_gpu_run_job(struct vsharp_gpu *gpu, struct vsharp_vm *vm,
		       const struct vsharp_gpu_ib *ibs, unsigned n, struct vsharp_error *err);

/* The CE and DE counters as the last IB left them. */
void vsharp_gpu_ce_de_counters(const struct vsharp_gpu *gpu, uint64_t *ce, uint64_t *de);

/*
 * The GPU's register file as the CP's register writes leave it (WRITE_DATA
 * and COPY_DATA to a register, SET_*_REG): 0 and the value of the register
 * at dword offset REG, -ENOENT when nothing wrote it since the GPU was
 * created, -EINVAL when the emulator does not model it (the CP refuses
 * writes to it).
 */
int vsharp_gpu_read_reg(const struct vsharp_gpu *gpu, uint32_t reg, uint32_t *value);

/*
 * What RELEASE_MEM/EVENT_WRITE_EOP DATA_SEL 3 writes: the GPU clock counter
 * (RLC_GPU_CLOCK_COUNT on silicon).  The emulated counter is monotonic:
 * every read returns more than the one before, and counts nothing real.
 */
uint64_t vsharp_gpu_clock(struct vsharp_gpu *gpu);

/* How many interrupts (RELEASE_MEM/EVENT_WRITE_EOP INT_SEL != 0) the GPU raised since it was created. */
uint64_t vsharp_gpu_interrupts(const struct vsharp_gpu *gpu);

/* The outcome of the last run_ib, and the fault when it was a VM fault. */
enum vsharp_gpu_outcome vsharp_gpu_last_outcome(const struct vsharp_gpu *gpu,
						struct vsharp_gpu_fault *fault);

/*
 * The SDMA engine (emu/sdma.c, Documentation/emulator.rst "The SDMA
 * engine"): executes IB_DWORDS dwords of SDMA packets at IB_VA (mapped
 * readable) in VM, in the format of the GPU's level (SI's DMA packets on
 * GFX6, SDMA v2.4 to v6.0 from GFX7 to GFX11).  The same GPU and outcome as
 * vsharp_gpu_run_ib: 0, or -EFAULT (VSHARP_GPU_VM_FAULT, an amdgpu-style
 * page fault report naming the engine), -ETIME (VSHARP_GPU_HANG, a poll
 * that can never succeed), -EPROTO (VSHARP_GPU_STRICT) or -EINVAL/-ENOSYS
 * (VSHARP_GPU_BAD_IB, a packet, sub-op or field the engine refuses, named
 * with its opcode and dword offset); err says which.
 */
int vsharp_sdma_run_ib(struct vsharp_gpu *gpu, struct vsharp_vm *vm, uint64_t ib_va,
		       unsigned ib_dwords, struct vsharp_error *err);

/* What the last vsharp_sdma_run_ib did, up to where it stopped. */
struct vsharp_sdma_run {
	unsigned packets;		/* packets executed (a NOP and its body is one) */
	unsigned traps;			/* TRAP packets: the interrupts the engine raised */
	uint32_t trap_context;		/* INT_CONTEXT of the last TRAP (0 on SI, which has none) */
	uint64_t bytes_written;		/* memory the packets wrote */
};

void vsharp_sdma_last_run(const struct vsharp_gpu *gpu, struct vsharp_sdma_run *run);

#endif
