// SPDX-License-Identifier: MIT
/*
 * The CP's waits, events and fences: WAIT_REG_MEM, RELEASE_MEM (GFX7+),
 * EVENT_WRITE_EOP (GFX6-8) and EVENT_WRITE.  The emulated GPU runs one IB
 * at a time and nothing else writes memory while it does, so a wait whose
 * condition is false when the CP reaches it never ends: the job times out
 * and the kernel resets the GPU (Linux amdgpu_job.c amdgpu_job_timedout),
 * which the emulator reports as a hang at once.  The caches the events
 * flush do not exist in the emulator (its memory is always coherent); the
 * fence writes and interrupts of the end-of-pipe events do.
 */
#include <errno.h>
#include <inttypes.h>

#include "emu/cp.h"
#include "base/util.h"
#include "hw/levels.h"

uint64_t vsharp_gpu_clock(struct vsharp_gpu *gpu)
{
	/* Monotonic and counting nothing real: every read is one past the last. */
	return ++gpu->clock;
}

uint64_t vsharp_gpu_interrupts(const struct vsharp_gpu *gpu)
{
	return gpu->interrupts;
}

/* WAIT_REG_MEM FUNCTION [2:0] (soc15d.h, nvd.h, vid.h, cikd.h, sid.h). */
const char *const emu_poll_names[EMU_POLL_FUNCS] = { "always", "<", "<=", "==", "!=", ">=", ">" };

bool emu_poll_true(unsigned function, uint32_t v, uint32_t ref)
{
	switch (function) {
	case 0: return true;
	case 1: return v < ref;
	case 2: return v <= ref;
	case 3: return v == ref;
	case 4: return v != ref;
	case 5: return v >= ref;
	default: return v > ref;
	}
}

/*
 * WAIT_REG_MEM (0x3c): CONTROL = FUNCTION [2:0] | MEM_SPACE [5:4] (0
 * register, 1 memory) | OPERATION [7:6] (0 wait, 1 write-wait-write; not
 * on GFX6) | ENGINE [9:8] (0 ME, 1 PFP); POLL_ADDRESS_LO (a register
 * offset, or a dword-aligned address: gfx_v9_0.c gfx_v9_0_wait_reg_mem
 * "only support dword-aligned"); POLL_ADDRESS_HI; REFERENCE; MASK;
 * POLL_INTERVAL.  The wait ends when (value & MASK) FUNCTION REFERENCE.
 */
int emu_cp_wait_reg_mem(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const uint32_t *b = pkt->body;
	unsigned function, space, op;
	uint32_t v, ref, mask;
	uint64_t addr = 0;
	int ret;

	if (pkt->n_body != 6)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 6: CONTROL, POLL_ADDRESS_LO, POLL_ADDRESS_HI, REFERENCE, MASK, POLL_INTERVAL; soc15d.h PACKET3_WAIT_REG_MEM)",
				  pkt->n_body);
	function = b[0] & 7;
	space = b[0] >> 4 & 3;
	op = b[0] >> 6 & 3;
	ref = b[3];
	mask = b[4];
	if (function == 7)
		return emu_cp_bad(cp, err, "FUNCTION 7 (allowed 0 always, 1 <, 2 <=, 3 ==, 4 !=, 5 >=, 6 >)");
	if (space > 1)
		return emu_cp_bad(cp, err, "MEM_SPACE %u (allowed 0 register, 1 memory)", space);
	if (op == 1 && cp->level != VSHARP_GFX6)
		return emu_cp_refuse(cp, err, "OPERATION 1 (write REFERENCE to one register, wait on another) is not emulated");
	if (op)
		return emu_cp_bad(cp, err, "OPERATION %u (allowed 0 wait%s)", op,
				  cp->level != VSHARP_GFX6 ? ", 1 write, wait, write" : "; GFX6 has no OPERATION field");
	ret = emu_cp_engine(cp, "ENGINE", b[0] >> 8 & 3, false, err);
	if (ret)
		return ret;
	if (space == 1) {
		addr = (uint64_t)b[2] << 32 | b[1];
		if (addr & 3)
			return emu_cp_strict(cp, err, "POLL_ADDRESS 0x%" PRIx64 " is not dword-aligned (Linux gfx_v9_0.c gfx_v9_0_wait_reg_mem: \"only support dword-aligned\")",
					     addr);
		ret = emu_cp_read(cp, addr, &v, 4, err);
	} else {
		ret = emu_cp_reg_read(cp, b[1], &v, err);
	}
	if (ret)
		return ret;
	if (emu_poll_true(function, v & mask, ref))
		return 0;
	if (space == 1)
		return emu_cp_hang(cp, err, "waits until (memory at 0x%" PRIx64 " & 0x%08x) %s 0x%08x; it holds 0x%08x and nothing else runs on the emulated GPU to change it, so the wait never ends and the job times out (Linux amdgpu_job_timedout)",
				   addr, mask, emu_poll_names[function], ref, v);
	return emu_cp_hang(cp, err, "waits until (register 0x%x & 0x%08x) %s 0x%08x; it holds 0x%08x and nothing else runs on the emulated GPU to change it, so the wait never ends and the job times out (Linux amdgpu_job_timedout)",
			   b[1], mask, emu_poll_names[function], ref, v);
}

/*
 * The end-of-pipe events a fence packet may carry, with the EVENT_INDEX
 * each needs: 5 for the timestamp events, 6 for CS_DONE/PS_DONE (Mesa
 * si_cp_release_mem; sid.h/cikd.h EVENT_INDEX "5 - EOP events, 6 - EOS
 * events").  Event numbers: VGT_EVENT_TYPE (Mesa sid.h V_028A90_*).
 */
static const struct eop_event {
	uint8_t type, index;
	const char *name;
} eop_events[] = {
	{ 0x04, 5, "CACHE_FLUSH_TS" },
	{ 0x14, 5, "CACHE_FLUSH_AND_INV_TS_EVENT" },
	{ 0x28, 5, "BOTTOM_OF_PIPE_TS" },
	{ 0x2b, 5, "FLUSH_AND_INV_DB_DATA_TS" },
	{ 0x2d, 5, "FLUSH_AND_INV_CB_DATA_TS" },
	{ 0x2f, 6, "CS_DONE" },
	{ 0x30, 6, "PS_DONE" },
};

static int check_eop_event(struct emu_cp *cp, uint32_t cntl, struct vsharp_error *err)
{
	unsigned type = cntl & 0x3f, index = cntl >> 8 & 0xf;

	for (size_t i = 0; i < ARRAY_SIZE(eop_events); i++) {
		if (eop_events[i].type != type)
			continue;
		if (eop_events[i].index != index)
			return emu_cp_bad(cp, err, "EVENT_INDEX %u for %s (allowed %u)", index,
					  eop_events[i].name, eop_events[i].index);
		return 0;
	}
	return emu_cp_bad(cp, err, "EVENT_TYPE 0x%02x is no end-of-pipe event (allowed CACHE_FLUSH_TS 0x04, CACHE_FLUSH_AND_INV_TS_EVENT 0x14, BOTTOM_OF_PIPE_TS 0x28, FLUSH_AND_INV_DB_DATA_TS 0x2b, FLUSH_AND_INV_CB_DATA_TS 0x2d with EVENT_INDEX 5; CS_DONE 0x2f, PS_DONE 0x30 with 6)",
			  type);
}

/*
 * What the event does when it completes: DATA_SEL 0 discard, 1 the low 32
 * bits of DATA, 2 the 64-bit DATA, 3 the 64-bit GPU clock counter, 4 the
 * 64-bit system counter (GFX7+), 5 GDS (GFX9+); INT_SEL 0 none, 1
 * interrupt only, 2 interrupt when the write is confirmed, 3 (GFX9+, Mesa
 * EOP_INT_SEL_SEND_DATA_AFTER_WR_CONFIRM) no interrupt.  The address must be
 * dword-aligned for 32 bits, qword-aligned for 64 (Linux gfx_v9_0.c
 * gfx_v9_0_ring_emit_fence: "the address should be Qword aligned if 64bit
 * write, Dword aligned if only send 32bit data low").
 */
static int eop_done(struct emu_cp *cp, unsigned data_sel, unsigned int_sel, uint64_t addr,
		    uint32_t lo, uint32_t hi, struct vsharp_error *err)
{
	bool gfx9 = cp->level >= VSHARP_GFX9;
	uint32_t v[2] = { lo, hi };
	unsigned bytes;
	int ret;

	if (int_sel > (gfx9 ? 3u : 2u))
		return emu_cp_bad(cp, err, "INT_SEL %u (allowed 0 none, 1 interrupt, 2 interrupt after the write is confirmed%s)",
				  int_sel, gfx9 ? ", 3 data after the write is confirmed" : "");
	switch (data_sel) {
	case 0:
		bytes = 0;
		break;
	case 1:
		bytes = 4;
		break;
	case 2:
		bytes = 8;
		break;
	case 3: {
		uint64_t clock = vsharp_gpu_clock(cp->gpu);

		v[0] = (uint32_t)clock;
		v[1] = (uint32_t)(clock >> 32);
		bytes = 8;
		break;
	}
	case 4:
		if (cp->level == VSHARP_GFX6)
			return emu_cp_bad(cp, err, "DATA_SEL 4 (allowed on GFX6 0 discard, 1 32-bit data, 2 64-bit data, 3 GPU clock)");
		return emu_cp_refuse(cp, err, "DATA_SEL 4 (the 64-bit system counter) is not emulated");
	case 5:
		if (gfx9)
			return emu_cp_refuse(cp, err, "DATA_SEL 5 (GDS) is not emulated");
		/* fall through */
	default:
		return emu_cp_bad(cp, err, "DATA_SEL %u (allowed 0 discard, 1 32-bit data, 2 64-bit data, 3 GPU clock%s)",
				  data_sel, cp->level == VSHARP_GFX6 ? "" : gfx9 ? ", 4 system counter, 5 GDS" :
				  ", 4 system counter");
	}
	if (bytes && addr % bytes)
		return emu_cp_strict(cp, err, "a %u-bit write to 0x%" PRIx64 ", which is not %s-aligned (Linux gfx_v9_0.c gfx_v9_0_ring_emit_fence: \"the address should be Qword aligned if 64bit write, Dword aligned if only send 32bit data low\")",
				     8 * bytes, addr, bytes == 8 ? "qword" : "dword");
	if (bytes) {
		ret = emu_cp_write(cp, addr, v, bytes, err);
		if (ret)
			return ret;
	}
	if (int_sel == 1 || int_sel == 2)
		cp->gpu->interrupts++;
	return 0;
}

/* RELEASE_MEM's body: 6 dwords on GFX7/8 (gfx_v7_0.c, gfx_v8_0.c emit_fence_compute), 7 from GFX9 (+ INT_CTXID). */
static const struct {
	uint32_t levels;
	unsigned n_body;
} release_layouts[] = {
	{ GFX_RANGE(7, 8), 6 },
	{ GFX_RANGE(9, 12), 7 },
};

/*
 * RELEASE_MEM (0x49), GFX7+: EVENT_CNTL = EVENT_TYPE [5:0] | EVENT_INDEX
 * [11:8] | cache actions; DATA_CNTL = DST_SEL [17:16] | INT_SEL [26:24] |
 * DATA_SEL [31:29]; ADDRESS_LO; ADDRESS_HI; DATA_LO; DATA_HI; from GFX9
 * INT_CTXID (cikd.h, vid.h EOP_*, DATA_SEL, INT_SEL, DST_SEL; soc15d.h,
 * nvd.h PACKET3_RELEASE_MEM_*).
 */
int emu_cp_release_mem(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const uint32_t *b = pkt->body;
	unsigned want = 0, dst_sel;
	int ret;

	for (size_t i = 0; i < ARRAY_SIZE(release_layouts); i++)
		if (release_layouts[i].levels & VSHARP_GFX_BIT(cp->level))
			want = release_layouts[i].n_body;
	if (!want)
		return emu_cp_refuse(cp, err, "RELEASE_MEM is no %s packet (Linux sid.h defines none; GFX6 fences with EVENT_WRITE_EOP 0x47, gfx_v6_0.c gfx_v6_0_ring_emit_fence)",
				     vsharp_gfx_name(cp->level));
	if (pkt->n_body != want)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed %u on %s: EVENT_CNTL, DATA_CNTL, ADDRESS_LO, ADDRESS_HI, DATA_LO, DATA_HI%s)",
				  pkt->n_body, want, vsharp_gfx_name(cp->level), want == 7 ? ", INT_CTXID" : "");
	ret = check_eop_event(cp, b[0], err);
	if (ret)
		return ret;
	dst_sel = b[1] >> 16 & 3;
	if (dst_sel > 1)
		return emu_cp_bad(cp, err, "DST_SEL %u (allowed 0 memory controller, 1 TC/L2)", dst_sel);
	return eop_done(cp, b[1] >> 29, b[1] >> 24 & 7, (uint64_t)b[3] << 32 | b[2], b[4], b[5], err);
}

/*
 * EVENT_WRITE_EOP (0x47), GFX6-8: EVENT_CNTL; ADDRESS_LO; ADDRESS_HI [15:0]
 * | INT_SEL [25:24] | DATA_SEL [31:29]; DATA_LO; DATA_HI (sid.h, cikd.h,
 * vid.h; gfx_v6_0.c, gfx_v7_0.c, gfx_v8_0.c emit_fence).  GFX9 replaced it
 * with RELEASE_MEM (soc15d.h defines no EVENT_WRITE_EOP).
 */
int emu_cp_event_write_eop(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const uint32_t *b = pkt->body;
	int ret;

	if (cp->level >= VSHARP_GFX9)
		return emu_cp_refuse(cp, err, "EVENT_WRITE_EOP is a GFX6-8 packet; %s fences with RELEASE_MEM 0x49 (soc15d.h, nvd.h)",
				     vsharp_gfx_name(cp->level));
	if (pkt->n_body != 5)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 5: EVENT_CNTL, ADDRESS_LO, ADDRESS_HI | INT_SEL | DATA_SEL, DATA_LO, DATA_HI)",
				  pkt->n_body);
	ret = check_eop_event(cp, b[0], err);
	if (ret)
		return ret;
	return eop_done(cp, b[2] >> 29, b[2] >> 24 & 3, (uint64_t)(b[2] & 0xffff) << 32 | b[1],
			b[3], b[4], err);
}

/*
 * EVENT_WRITE (0x46) of an event that only flushes, waits, or starts and
 * stops the pipeline statistics counters: the caches and the counters do
 * not exist in the emulator and every earlier packet has finished, so it
 * does nothing; the event and its EVENT_INDEX are checked (sid.h, cikd.h,
 * soc15d.h EVENT_INDEX "4 - *S_PARTIAL_FLUSH", "7 - CACHE_FLUSH,
 * CACHE_FLUSH_AND_INV_EVENT"; 0 any other event).  Mesa 22.3's RADV and
 * radeonsi start the statistics in every command buffer
 * (si_cs_emit_cache_flush, si_emit_cache_flush: PIPELINESTAT_START |
 * EVENT_INDEX(0)).  Events that write memory (ZPASS_DONE,
 * SAMPLE_PIPELINESTAT, the streamout statistics) are not emulated.
 */
static const struct {
	uint8_t type, index;
	const char *name;
} flush_events[] = {
	{ 0x06, 7, "CACHE_FLUSH" },
	{ 0x07, 4, "CS_PARTIAL_FLUSH" },
	{ 0x0f, 4, "VS_PARTIAL_FLUSH" },
	{ 0x10, 4, "PS_PARTIAL_FLUSH" },
	{ 0x16, 7, "CACHE_FLUSH_AND_INV_EVENT" },
	{ 0x19, 0, "PIPELINESTAT_START" },
	{ 0x1a, 0, "PIPELINESTAT_STOP" },
	{ 0x24, 0, "VGT_FLUSH" },
	{ 0x2a, 0, "DB_CACHE_FLUSH_AND_INV" },
	{ 0x2c, 0, "FLUSH_AND_INV_DB_META" },
	{ 0x2e, 0, "FLUSH_AND_INV_CB_META" },
	{ 0x31, 0, "FLUSH_AND_INV_CB_PIXEL_DATA" },
};

int emu_cp_event_write(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	unsigned type, index;

	if (pkt->n_body < 1)
		return emu_cp_bad(cp, err, "a body of 0 dwords: at least 1 (EVENT_CNTL)");
	type = pkt->body[0] & 0x3f;
	index = pkt->body[0] >> 8 & 0xf;
	for (size_t i = 0; i < ARRAY_SIZE(flush_events); i++) {
		if (flush_events[i].type != type)
			continue;
		if (flush_events[i].index != index)
			return emu_cp_bad(cp, err, "EVENT_INDEX %u for %s (allowed %u)", index,
					  flush_events[i].name, flush_events[i].index);
		if (pkt->n_body != 1)
			return emu_cp_bad(cp, err, "a body of %u dwords for %s (allowed 1: EVENT_CNTL; the address dwords belong to events that write memory)",
					  pkt->n_body, flush_events[i].name);
		return 0;
	}
	return emu_cp_refuse(cp, err, "EVENT_TYPE 0x%02x with EVENT_INDEX %u: only the cache flush, partial flush and statistics start/stop events are emulated (CACHE_FLUSH, CS/VS/PS_PARTIAL_FLUSH, CACHE_FLUSH_AND_INV_EVENT, PIPELINESTAT_START/STOP, VGT_FLUSH, DB/CB flushes)",
			     type, index);
}
