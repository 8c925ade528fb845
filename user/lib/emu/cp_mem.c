// SPDX-License-Identifier: MIT
/*
 * The CP's memory and register writes: WRITE_DATA, DMA_DATA (GFX7+), its
 * GFX6 ancestor CP_DMA, and COPY_DATA.  Field positions from Linux sid.h
 * (GFX6), cikd.h (GFX7), vid.h (GFX8), soc15d.h (GFX9), nvd.h (GFX10+,
 * which soc21 reuses), with Mesa's sid.h as the second source.  A field
 * value the headers define but the emulator does not implement (GDS, swaps,
 * register sources of a DMA) is refused naming it; a value they do not
 * define is out of range.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cp.h"
#include "base/util.h"
#include "hw/levels.h"

/*
 * WRITE_DATA (0x37), every level: CONTROL = DST_SEL [11:8] | WR_ONE_ADDR
 * [16] | WR_CONFIRM [20] | CACHE_POLICY [26:25] (GFX9+) | ENGINE_SEL
 * [31:30]; DST_ADDR_LO; DST_ADDR_HI; DATA... .  DST_SEL 0 register (the
 * address is a dword register offset), 1 memory (sync, via GRBM), 2 TC/L2,
 * 3 GDS, 4 reserved, 5 memory (async, direct).  WR_CONFIRM makes the CP wait
 * for the write: the emulator's writes are done when the packet ends.
 */
int emu_cp_write_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	uint32_t ctl, n;
	unsigned dst_sel;
	bool one_addr;
	uint64_t addr;
	int ret;

	if (pkt->n_body < 4)
		return emu_cp_bad(cp, err, "a body of %u dwords: at least 4 (CONTROL, DST_ADDR_LO, DST_ADDR_HI, one DATA dword; soc15d.h PACKET3_WRITE_DATA)",
				  pkt->n_body);
	ctl = pkt->body[0];
	dst_sel = ctl >> 8 & 0xf;
	one_addr = ctl >> 16 & 1;
	n = pkt->n_body - 3;
	ret = emu_cp_engine(cp, "ENGINE_SEL", ctl >> 30, true, err);
	if (ret)
		return ret;
	if (dst_sel == 3)
		return emu_cp_refuse(cp, err, "DST_SEL 3 (GDS): GDS is not emulated");
	if (dst_sel != 0 && dst_sel != 1 && dst_sel != 2 && dst_sel != 5)
		return emu_cp_bad(cp, err, "DST_SEL %u (allowed 0 register, 1 memory via GRBM, 2 TC/L2, 3 GDS, 5 memory; 4 is reserved)",
				  dst_sel);
	if (dst_sel == 0) {
		for (uint32_t i = 0; i < n; i++) {
			ret = emu_cp_reg_write(cp, pkt->body[1] + (one_addr ? 0 : i), pkt->body[3 + i], err);
			if (ret)
				return ret;
		}
		return 0;
	}
	addr = (uint64_t)pkt->body[2] << 32 | pkt->body[1];
	if (addr & 3)
		return emu_cp_strict(cp, err, "DST_ADDR 0x%" PRIx64 " is not dword-aligned: WRITE_DATA writes dwords (Linux and libdrm write the address as addr & 0xfffffffc)",
				     addr);
	if (one_addr)
		/* Every dword to the one address, in order: the last one stays. */
		return emu_cp_write(cp, addr, &pkt->body[3 + n - 1], 4, err);
	return emu_cp_write(cp, addr, &pkt->body[3], 4ull * n, err);
}

/* One CP DMA as decoded from DMA_DATA or CP_DMA. */
struct cp_dma {
	unsigned engine, src_sel, dst_sel;
	uint64_t src, dst;
	uint32_t data;		/* SRC_SEL 2 */
	uint32_t bytes;
	bool sas, das, saic, daic, swap;
	bool nowhere_defined;	/* DST_SEL 2 is NOWHERE (DMA_DATA from GFX9) */
};

static int run_dma(struct emu_cp *cp, const struct cp_dma *d, struct vsharp_error *err)
{
	uint64_t bad;
	uint8_t *buf;
	int ret;

	ret = emu_cp_engine(cp, "ENGINE", d->engine, false, err);
	if (ret)
		return ret;
	if (d->src_sel == 1 || d->dst_sel == 1)
		return emu_cp_refuse(cp, err, "%s 1 (GDS): GDS is not emulated",
				     d->src_sel == 1 ? "SRC_SEL" : "DST_SEL");
	if (d->dst_sel == 2 && !d->nowhere_defined)
		return emu_cp_bad(cp, err, "DST_SEL 2 (allowed 0 DST_ADDR, 1 GDS, 3 DST_ADDR through L2; 2 NOWHERE is GFX9's)");
	if (d->src_sel > 3)
		return emu_cp_bad(cp, err, "SRC_SEL %u (allowed 0 SRC_ADDR, 1 GDS, 2 DATA, 3 SRC_ADDR through L2)",
				  d->src_sel);
	if ((d->sas && d->src_sel != 2) || d->das)
		return emu_cp_refuse(cp, err, "COMMAND.%s 1 (the %s is a register): register DMAs are not emulated",
				     d->das ? "DAS" : "SAS", d->das ? "destination" : "source");
	if (d->saic || d->daic)
		return emu_cp_refuse(cp, err, "COMMAND.%s 1 (the %s address does not increment) is not emulated",
				     d->saic ? "SAIC" : "DAIC", d->saic ? "source" : "destination");
	if (d->swap)
		return emu_cp_refuse(cp, err, "COMMAND.SRC_SWAP/DST_SWAP (byte swapping) is not emulated");
	/*
	 * BYTE_COUNT 0 moves nothing; with CP_SYNC the CP still waits for the
	 * DMAs before it (Mesa si_cp_dma_wait_for_idle: "a dummy DMA that copies
	 * zero bytes"), and the emulator's are done when they end.
	 */
	if (!d->bytes)
		return 0;
	/*
	 * DST_SEL 2, NOWHERE (Mesa sid.h V_411_NOWHERE "new for GFX9"): the
	 * source is read into L2 and dropped, a prefetch (radeonsi
	 * si_cp_dma_prefetch of a shader, RADV's si_cp_dma_prefetch).  Nothing
	 * is cached here; the read still faults where the source is unmapped.
	 */
	if (d->dst_sel == 2) {
		if (d->src_sel == 2)
			return emu_cp_refuse(cp, err, "SRC_SEL 2 (DATA) with DST_SEL 2 (NOWHERE): a fill that goes nowhere is not emulated");
		if (vsharp_vm_check(cp->vm, d->src, d->bytes, VSHARP_VM_READ, &bad))
			return emu_cp_fault(cp, d->src, d->bytes, VSHARP_VM_READ, err);
		return 0;
	}
	/* Both ranges mapped before anything moves: the buffer below is no larger than a mapping. */
	if (d->src_sel != 2 && vsharp_vm_check(cp->vm, d->src, d->bytes, VSHARP_VM_READ, &bad))
		return emu_cp_fault(cp, d->src, d->bytes, VSHARP_VM_READ, err);
	if (vsharp_vm_check(cp->vm, d->dst, d->bytes, VSHARP_VM_WRITE, &bad))
		return emu_cp_fault(cp, d->dst, d->bytes, VSHARP_VM_WRITE, err);
	if (d->src_sel == 2) {
		/* DATA: the 32-bit value fills the destination, dword by dword. */
		if (d->bytes % 4 || d->dst % 4)
			return emu_cp_refuse(cp, err, "a DATA fill of %u bytes at 0x%" PRIx64 ": fills that are not whole aligned dwords are not emulated",
					     d->bytes, d->dst);
		buf = malloc(d->bytes);
		if (!buf)
			return vsharp_fail(err, -ENOMEM, "emu: no memory for a %u-byte DMA", d->bytes);
		for (uint32_t i = 0; i < d->bytes / 4; i++)
			memcpy(buf + 4 * i, &d->data, 4);
	} else {
		buf = malloc(d->bytes);
		if (!buf)
			return vsharp_fail(err, -ENOMEM, "emu: no memory for a %u-byte DMA", d->bytes);
		ret = emu_cp_read(cp, d->src, buf, d->bytes, err);
		if (ret) {
			free(buf);
			return ret;
		}
	}
	ret = emu_cp_write(cp, d->dst, buf, d->bytes, err);
	free(buf);
	return ret;
}

/*
 * DMA_DATA (0x50), GFX7+: CONTROL = ENGINE [0] | SRC_CACHE_POLICY [14:13] |
 * DST_SEL [21:20] | DST_CACHE_POLICY [26:25] | SRC_SEL [30:29] | CP_SYNC
 * [31]; SRC_ADDR_LO or DATA; SRC_ADDR_HI; DST_ADDR_LO; DST_ADDR_HI;
 * COMMAND.  COMMAND on GFX7/8 (cikd.h, vid.h) = BYTE_COUNT [20:0] | DIS_WC
 * [21] | SRC_SWAP [23:22] | DST_SWAP [25:24] | SAS [26] | DAS [27] | SAIC
 * [28] | DAIC [29] | RAW_WAIT [30]; from GFX9 (nvd.h "COMMAND [31:26] |
 * BYTE_COUNT [25:0]", Mesa S_415_BYTE_COUNT_GFX9, libdrm cp_dma_tests.c's
 * "(1 << 26) - 1") BYTE_COUNT is 26 bits and the swaps are gone.  CP_SYNC
 * makes the CP wait for the DMA; the emulator's DMA is done when it ends.
 */
static const struct dma_layout {
	uint32_t levels;
	uint32_t byte_count_mask;
	uint32_t swap_mask;
	bool nowhere;
} dma_layouts[] = {
	{ GFX_RANGE(7, 8), 0x1fffff, 0xf << 22, false },
	{ GFX_RANGE(9, 12), 0x3ffffff, 0, true },
};

int emu_cp_dma_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const struct dma_layout *l = NULL;
	const uint32_t *b = pkt->body;
	struct cp_dma d;

	for (size_t i = 0; i < ARRAY_SIZE(dma_layouts); i++)
		if (dma_layouts[i].levels & VSHARP_GFX_BIT(cp->level))
			l = &dma_layouts[i];
	if (!l)
		return emu_cp_refuse(cp, err, "DMA_DATA is no %s packet (Linux sid.h defines none; GFX6 copies with CP_DMA 0x41)",
				     vsharp_gfx_name(cp->level));
	if (pkt->n_body != 6)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 6: CONTROL, SRC_ADDR_LO/DATA, SRC_ADDR_HI, DST_ADDR_LO, DST_ADDR_HI, COMMAND; soc15d.h PACKET3_DMA_DATA)",
				  pkt->n_body);
	memset(&d, 0, sizeof(d));
	d.engine = b[0] & 1;
	d.dst_sel = b[0] >> 20 & 3;
	d.src_sel = b[0] >> 29 & 3;
	d.data = b[1];
	d.src = (uint64_t)b[2] << 32 | b[1];
	d.dst = (uint64_t)b[4] << 32 | b[3];
	d.bytes = b[5] & l->byte_count_mask;
	d.swap = b[5] & l->swap_mask;
	d.sas = b[5] >> 26 & 1;
	d.das = b[5] >> 27 & 1;
	d.saic = b[5] >> 28 & 1;
	d.daic = b[5] >> 29 & 1;
	d.nowhere_defined = l->nowhere;
	return run_dma(cp, &d, err);
}

/*
 * CP_DMA (0x41), GFX6 (Linux sid.h): SRC_ADDR_LO or DATA; CP_SYNC [31] |
 * SRC_SEL [30:29] | ENGINE [27] | DST_SEL [21:20] | SRC_ADDR_HI [7:0];
 * DST_ADDR_LO; DST_ADDR_HI [7:0]; COMMAND [30:21] | BYTE_COUNT [20:0], the
 * COMMAND bits as DMA_DATA's on GFX7/8.  SRC_SEL 0 SRC_ADDR, 1 GDS, 2 DATA;
 * DST_SEL 0 DST_ADDR, 1 GDS.  libdrm's basic_tests.c uses it on SI.
 */
int emu_cp_cp_dma(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const uint32_t *b = pkt->body;
	struct cp_dma d;

	if (cp->level != VSHARP_GFX6)
		return emu_cp_refuse(cp, err, "CP_DMA is GFX6's packet (Linux sid.h); %s copies with DMA_DATA 0x50 (cikd.h, vid.h, soc15d.h, nvd.h)",
				     vsharp_gfx_name(cp->level));
	if (pkt->n_body != 5)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 5: SRC_ADDR_LO/DATA, CONTROL | SRC_ADDR_HI, DST_ADDR_LO, DST_ADDR_HI, COMMAND | BYTE_COUNT; sid.h PACKET3_CP_DMA)",
				  pkt->n_body);
	memset(&d, 0, sizeof(d));
	d.engine = b[1] >> 27 & 1;
	d.dst_sel = b[1] >> 20 & 3;
	d.src_sel = b[1] >> 29 & 3;
	if (d.src_sel == 3)
		return emu_cp_bad(cp, err, "SRC_SEL 3 (allowed 0 SRC_ADDR, 1 GDS, 2 DATA)");
	if (d.dst_sel > 1)
		return emu_cp_bad(cp, err, "DST_SEL %u (allowed 0 DST_ADDR, 1 GDS)", d.dst_sel);
	d.data = b[0];
	d.src = (uint64_t)(b[1] & 0xff) << 32 | b[0];
	d.dst = (uint64_t)(b[3] & 0xff) << 32 | b[2];
	d.bytes = b[4] & 0x1fffff;
	d.swap = b[4] & 0xf << 22;
	d.sas = b[4] >> 26 & 1;
	d.das = b[4] >> 27 & 1;
	d.saic = b[4] >> 28 & 1;
	d.daic = b[4] >> 29 & 1;
	return run_dma(cp, &d, err);
}

/*
 * COPY_DATA (0x40): CONTROL = SRC_SEL [3:0] | DST_SEL [11:8] |
 * SRC_CACHE_POLICY [14:13] | COUNT_SEL [16] | WR_CONFIRM [20] |
 * DST_CACHE_POLICY [26:25] | ENGINE_SEL [31:30]; SRC_ADDR_LO (a register
 * offset, or the low immediate dword); SRC_ADDR_HI; DST_ADDR_LO; DST_ADDR_HI.
 * Linux's headers give only the opcode; the fields are Mesa sid.h's
 * COPY_DATA_* and Linux gfx_v9_0.c's own uses (gfx_v9_0_ring_emit_rreg: SRC_SEL
 * 0 register, DST_SEL 5 memory; gfx_v9_0_kiq_read_clock: SRC_SEL 9 the GPU
 * clock with COUNT_SEL 1).  SRC_SEL 0 register, 1 memory, 2 TC/L2, 3 GDS,
 * 4 perf counter, 5 immediate, 9 GPU clock count; DST_SEL 0 register,
 * 1 memory (GRBM), 2 TC/L2, 3 GDS, 4 perf counter, 5 memory.  COUNT_SEL 1
 * copies 64 bits (two registers, two dwords).
 */
int emu_cp_copy_data(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	const uint32_t *b = pkt->body;
	unsigned src_sel, dst_sel, n;
	uint32_t v[2] = { 0, 0 };
	uint64_t addr;
	int ret;

	if (pkt->n_body != 5)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 5: CONTROL, SRC_ADDR_LO, SRC_ADDR_HI, DST_ADDR_LO, DST_ADDR_HI)",
				  pkt->n_body);
	src_sel = b[0] & 0xf;
	dst_sel = b[0] >> 8 & 0xf;
	n = b[0] >> 16 & 1 ? 2 : 1;
	ret = emu_cp_engine(cp, "ENGINE_SEL", b[0] >> 30, true, err);
	if (ret)
		return ret;
	switch (src_sel) {
	case 0:
		for (unsigned i = 0; i < n && !ret; i++)
			ret = emu_cp_reg_read(cp, b[1] + i, &v[i], err);
		if (ret)
			return ret;
		break;
	case 1:
	case 2:
		addr = (uint64_t)b[2] << 32 | b[1];
		if (addr & 3)
			return emu_cp_strict(cp, err, "SRC_ADDR 0x%" PRIx64 " is not dword-aligned: COPY_DATA reads dwords",
					     addr);
		ret = emu_cp_read(cp, addr, v, 4 * n, err);
		if (ret)
			return ret;
		break;
	case 5:
		v[0] = b[1];
		v[1] = b[2];
		break;
	case 9: {
		uint64_t clock = vsharp_gpu_clock(cp->gpu);

		v[0] = (uint32_t)clock;
		v[1] = (uint32_t)(clock >> 32);
		break;
	}
	case 3:
	case 4:
		return emu_cp_refuse(cp, err, "SRC_SEL %u (%s) is not emulated", src_sel,
				     src_sel == 3 ? "GDS" : "perf counter");
	default:
		return emu_cp_bad(cp, err, "SRC_SEL %u (allowed 0 register, 1 memory, 2 TC/L2, 3 GDS, 4 perf counter, 5 immediate, 9 GPU clock count)",
				  src_sel);
	}
	switch (dst_sel) {
	case 0:
		for (unsigned i = 0; i < n; i++) {
			ret = emu_cp_reg_write(cp, b[3] + i, v[i], err);
			if (ret)
				return ret;
		}
		return 0;
	case 1:
	case 2:
	case 5:
		addr = (uint64_t)b[4] << 32 | b[3];
		if (addr & 3)
			return emu_cp_strict(cp, err, "DST_ADDR 0x%" PRIx64 " is not dword-aligned: COPY_DATA writes dwords",
					     addr);
		return emu_cp_write(cp, addr, v, 4 * n, err);
	case 3:
	case 4:
		return emu_cp_refuse(cp, err, "DST_SEL %u (%s) is not emulated", dst_sel,
				     dst_sel == 3 ? "GDS" : "perf counter");
	default:
		return emu_cp_bad(cp, err, "DST_SEL %u (allowed 0 register, 1 memory via GRBM, 2 TC/L2, 3 GDS, 4 perf counter, 5 memory)",
				  dst_sel);
	}
}
