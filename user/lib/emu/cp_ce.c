// SPDX-License-Identifier: MIT
/*
 * The GFX ring's constant engine (CE) and its counters, GFX6-10.  The CE
 * runs the IBs a client flags AMDGPU_IB_FLAG_CE (Linux calls them with
 * INDIRECT_BUFFER_CONST, gfx_v9_0.c gfx_v9_0_ring_emit_ib_gfx) beside the
 * draw engine (DE: the PFP and ME) that runs the others; the two keep in
 * step with a CE counter and a DE counter (Mesa 17's si_state_draw.c
 * si_ce_pre_draw_synchronization: the CE increments its counter once the
 * constants of a draw are ready, the DE waits on it, then increments its
 * own; PAL si_ci_vi_merged_pm4defs.h PM4CMDINCCECOUNTER, PM4CMDINCDECOUNTER,
 * PM4CMDSETCEDECOUNTERS, PM4CMDWAITONCECOUNTER, PM4CMDWAITONDECOUNTERDIFF).
 *
 *   SET_CE_DE_COUNTERS (0x89, GFX7-10)  COUNTER_LO [, COUNTER_HI]: both counters = COUNTER
 *   INCREMENT_CE_COUNTER (0x84, CE)     CNTRSEL [1:0] (1 the CE counter; 2 the CS counter)
 *   INCREMENT_DE_COUNTER (0x85, DE)     a dummy dword
 *   WAIT_ON_CE_COUNTER (0x86, DE)       CONTROL [0], FORCE_SYNC [1], VOLATILE [27] (GFX7+):
 *                                       the DE waits until CE counter > DE counter
 *   WAIT_ON_DE_COUNTER_DIFF (0x88, CE)  DIFF: the CE waits until CE counter - DE counter < DIFF
 *   SWITCH_BUFFER (0x8b, both)          a dummy dword (Linux gfx_v9_0.c gfx_v9_0_ring_emit_sb)
 *
 * The counters are the GPU's (struct vsharp_gpu ce_count, de_count).  The
 * engines run in parallel on silicon; the emulated GPU runs a job's IBs one
 * after the other, so a wait whose condition is false can only be ended by
 * a later IB of the job on the other engine: when there is none, the wait
 * never ends and the job times out (Linux amdgpu_job_timedout), a hang;
 * when there is one, the emulator would have to interleave the engines,
 * which it does not: refused.
 *
 * GFX11 has no CE: Linux 6.1's gfx_v11_0.c has no CE ring functions (no
 * emit_ce_meta, no SWITCH_BUFFER) and calls a CE-flagged IB with a plain
 * INDIRECT_BUFFER on the DE (gfx_v11_0_ring_emit_ib_gfx), whose firmware
 * these packets are not written for: every one is refused there.
 */
#include <inttypes.h>

#include "emu/cp.h"
#include "hw/levels.h"

void vsharp_gpu_ce_de_counters(const struct vsharp_gpu *gpu, uint64_t *ce, uint64_t *de)
{
	*ce = gpu->ce_count;
	*de = gpu->de_count;
}

/* The packet exists on this level and runs on this engine (CE when ce, else DE). */
static int where_ok(struct emu_cp *cp, bool ce, unsigned n_body, unsigned n_max,
		    struct vsharp_error *err)
{
	bool on_ce = cp->queue == VSHARP_QUEUE_GFX_CE;

	if (cp->level >= VSHARP_GFX11)
		return emu_cp_refuse(cp, err, "%s has no constant engine, so no CE/DE counters: Linux 6.1 gfx_v11_0.c has no CE ring functions and calls an AMDGPU_IB_FLAG_CE IB as a plain INDIRECT_BUFFER on the draw engine (gfx_v11_0_ring_emit_ib_gfx)",
				     vsharp_gfx_name(cp->level));
	if (on_ce != ce)
		return emu_cp_refuse(cp, err, "a %s packet in an IB on the %s (%s runs it: an IB %s AMDGPU_IB_FLAG_CE)",
				     ce ? "constant-engine" : "draw-engine", on_ce ? "CE" : "DE",
				     ce ? "the CE" : "the DE", ce ? "with" : "without");
	if (n_body < 1 || n_body > n_max)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed %s)", n_body,
				  n_max == 1 ? "1" : "1 or 2: COUNTER_LO, COUNTER_HI");
	return 0;
}

int emu_cp_set_ce_de_counters(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	uint64_t v;
	int ret;

	if (cp->level == VSHARP_GFX6)
		return emu_cp_refuse(cp, err, "SET_CE_DE_COUNTERS is no gfx6 packet (libdrm basic_tests.c emits it \"if (family_id != AMDGPU_FAMILY_SI)\")");
	/* Either engine: libdrm puts it in the CE IB, the counters are shared. */
	ret = where_ok(cp, cp->queue == VSHARP_QUEUE_GFX_CE, pkt->n_body, 2, err);
	if (ret)
		return ret;
	v = pkt->body[0];
	if (pkt->n_body == 2)
		v |= (uint64_t)pkt->body[1] << 32;
	cp->gpu->ce_count = cp->gpu->de_count = v;
	return 0;
}

int emu_cp_increment_ce_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	unsigned sel;
	int ret = where_ok(cp, true, pkt->n_body, 1, err);

	if (ret)
		return ret;
	sel = pkt->body[0] & 3;
	if (pkt->body[0] & ~3u || sel == 0)
		return emu_cp_bad(cp, err, "CNTRSEL 0x%x (allowed 1 the CE counter, 2 the CS counter, 3 both, in bits [1:0])",
				  pkt->body[0]);
	if (sel != 1)
		return emu_cp_refuse(cp, err, "CNTRSEL %u: the CS counter is not emulated", sel);
	cp->gpu->ce_count++;
	return 0;
}

int emu_cp_increment_de_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	int ret = where_ok(cp, false, pkt->n_body, 1, err);

	if (ret)
		return ret;
	cp->gpu->de_count++;
	return 0;
}

int emu_cp_wait_on_ce_counter(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	/* CONTROL [0], FORCE_SYNC [1]; VOLATILE [27] from GFX7 (PAL PM4CMDWAITONCECOUNTER). */
	uint32_t bits = cp->level == VSHARP_GFX6 ? 0x3u : 0x08000003u;
	uint64_t ce = cp->gpu->ce_count, de = cp->gpu->de_count;
	int ret = where_ok(cp, false, pkt->n_body, 1, err);

	if (ret)
		return ret;
	if (pkt->body[0] & ~bits)
		return emu_cp_bad(cp, err, "0x%08x sets bits 0x%08x no field has (allowed CONTROL [0], FORCE_SYNC [1]%s)",
				  pkt->body[0], pkt->body[0] & ~bits,
				  cp->level == VSHARP_GFX6 ? "" : ", VOLATILE [27]");
	/* CONTROL's surface sync acts on caches, which the emulator does not have. */
	if (ce > de)
		return 0;
	if (cp->ce_follows)
		return emu_cp_refuse(cp, err, "the DE waits until the CE counter (%" PRIu64 ") passes the DE counter (%" PRIu64 "), which a later CE IB of this job would do on silicon, running beside the DE; the emulated GPU runs a job's IBs one at a time and does not interleave the engines",
				     ce, de);
	return emu_cp_hang(cp, err, "the DE waits until the CE counter (%" PRIu64 ") passes the DE counter (%" PRIu64 "); every CE IB of the job has run, so the wait never ends and the job times out (Linux amdgpu_job_timedout)",
			   ce, de);
}

int emu_cp_wait_on_de_counter_diff(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	uint64_t ce = cp->gpu->ce_count, de = cp->gpu->de_count;
	uint32_t diff;
	int ret = where_ok(cp, true, pkt->n_body, 1, err);

	if (ret)
		return ret;
	diff = pkt->body[0];
	if (ce - de < diff)
		return 0;
	if (cp->de_follows)
		return emu_cp_refuse(cp, err, "the CE waits until the CE counter (%" PRIu64 ") is less than DIFF %u ahead of the DE counter (%" PRIu64 "), which a later DE IB of this job would bring about on silicon; the emulated GPU runs a job's IBs one at a time and does not interleave the engines",
				     ce, diff, de);
	return emu_cp_hang(cp, err, "the CE waits until the CE counter (%" PRIu64 ") is less than DIFF %u ahead of the DE counter (%" PRIu64 "); no DE IB of the job follows, so the wait never ends and the job times out (Linux amdgpu_job_timedout)",
			   ce, diff, de);
}

/*
 * SWITCH_BUFFER: the CE and DE switch halves of the CE's double-buffered
 * constant RAM (Linux emits two between frames, gfx_v9_0.c
 * gfx_v9_0_ring_emit_sb, "double SWITCH_BUFFER").  The emulator has no
 * constant RAM (WRITE_CONST_RAM, LOAD_CONST_RAM, DUMP_CONST_RAM are
 * refused) and runs one engine at a time: nothing to switch or wait for.
 */
int emu_cp_switch_buffer(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	return where_ok(cp, cp->queue == VSHARP_QUEUE_GFX_CE, pkt->n_body, 1, err);
}
