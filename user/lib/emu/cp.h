/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_EMU_CP_H
#define VSHARP_LIB_EMU_CP_H

#include <stdbool.h>
#include <stdint.h>

#include "emu/core.h"

/*
 * The command processor of the emulated GPU as it runs one IB: the queue
 * (emu/gpu.c) walks the packets, follows COND_EXEC and INDIRECT_BUFFER and
 * starts dispatches; the packets that write memory (emu/cp_mem.c), wait
 * and signal (emu/cp_sync.c) and write registers (emu/cp_regs.c) run here.
 * Documentation/emulator.rst "The command processor" lists every packet
 * with its definition.
 */
struct emu_cp {
	struct vsharp_gpu *gpu;
	struct vsharp_vm *vm;
	enum vsharp_gpu_queue queue;
	enum vsharp_gfx level;
	/* What this IB wrote to the SH registers: the dispatch reads nothing else. */
	struct vsharp_compute_regs regs;
	/* The packet running, for reports: its dword in the IB at ib_va. */
	uint64_t ib_va;
	unsigned ib_level;		/* 1: the submitted IB (IB1), 2: an IB it called (IB2) */
	const struct vsharp_pm4_packet *pkt;
	uint64_t packets;		/* packets run, against EMU_CP_MAX_PACKETS */
	/* SET_BASE BASE_INDEX 1: DISPATCH_INDIRECT's base, if this IB set it. */
	bool dispatch_base_set;
	uint64_t dispatch_base;
	/* A later IB of the job runs on the CE, on the DE (vsharp_gpu_run_job). */
	bool ce_follows, de_follows;
};

/*
 * Packets one IB may run, chained IBs included: an IB that chains to itself
 * loops for ever on a CP, and the kernel's job timeout ends it.
 */
#define EMU_CP_MAX_PACKETS (1u << 22)

/* The running packet's name ("WRITE_DATA"). */
const char *emu_cp_name(const struct emu_cp *cp);

/* A VM fault of the CP's own access: the GPU's outcome and amdgpu's report, -EFAULT. */
int emu_cp_fault(struct emu_cp *cp, uint64_t va, uint64_t n, unsigned perms,
		 struct vsharp_error *err);

/* N bytes at VA, read or written by the CP (page by page: mappings need not be contiguous). */
int emu_cp_read(struct emu_cp *cp, uint64_t va, void *buf, uint64_t n, struct vsharp_error *err);
int emu_cp_write(struct emu_cp *cp, uint64_t va, const void *buf, uint64_t n,
		 struct vsharp_error *err);

/* The ways a packet ends the IB; each names the packet and its dword. */
__attribute__((format(printf, 3, 4)))
int emu_cp_bad(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...);	/* -EINVAL, BAD_IB: a field out of its range */
__attribute__((format(printf, 3, 4)))
int emu_cp_refuse(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...);	/* -ENOSYS, BAD_IB: defined, not emulated */
__attribute__((format(printf, 3, 4)))
int emu_cp_strict(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...);	/* -EPROTO, STRICT */
__attribute__((format(printf, 3, 4)))
int emu_cp_hang(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...);	/* -ETIME, HANG */
__attribute__((format(printf, 3, 4)))
int emu_cp_priv_reg(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...);	/* -EACCES, PRIV_REG */

/*
 * ENGINE_SEL/ENGINE of a packet: 0 (ME) anywhere, 1 (PFP) on the GFX queue
 * only (a compute queue's MEC has no PFP), 2 (CE) refused (a packet's CE
 * engine select is not emulated), anything else out of range.
 */
int emu_cp_engine(struct emu_cp *cp, const char *field, unsigned engine, bool ce_defined,
		  struct vsharp_error *err);

/* The register file (emu/cp_regs.c). */
int emu_cp_regs_init(struct vsharp_gpu *gpu);
void emu_cp_regs_free(struct vsharp_gpu *gpu);
int emu_cp_reg_write(struct emu_cp *cp, uint32_t reg, uint32_t value, struct vsharp_error *err);
int emu_cp_reg_read(struct emu_cp *cp, uint32_t reg, uint32_t *value, struct vsharp_error *err);
/* SET_SH_REG(_INDEX), SET_CONTEXT_REG, SET_CONFIG_REG, SET_UCONFIG_REG. */
int emu_cp_set_reg(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);

/* Memory packets (emu/cp_mem.c). */
int emu_cp_write_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_dma_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_cp_dma(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_copy_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);

/* Waits, events and fences (emu/cp_sync.c). */
int emu_cp_wait_reg_mem(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_release_mem(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_event_write_eop(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_event_write(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);

/* Clears the context registers' written bits: CLEAR_STATE (emu/cp_regs.c). */
void emu_cp_regs_clear_context(struct vsharp_gpu *gpu);

/* The GFX queue's own state packets (emu/cp_gfx.c). */
int emu_cp_context_control(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_clear_state(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_pfp_sync_me(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);

/* The constant engine's counters (emu/cp_ce.c). */
int emu_cp_set_ce_de_counters(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_increment_ce_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_increment_de_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_wait_on_ce_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_wait_on_de_counter_diff(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);
int emu_cp_switch_buffer(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err);

#endif
