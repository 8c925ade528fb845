// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode`: the walk over a stream, with the fields vsharp knows
 * decoded, handed item by item to a rendering (pm4/render.h: text or
 * JSON).  A bring-up tool: it shows any stream, unknown opcodes as raw
 * dwords, and after a malformed packet the rest of the stream raw, then
 * reports the error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/desc.h"
#include "vsharp/dwords.h"
#include "vsharp/pm4.h"
#include "base/util.h"
#include "hw/levels.h"
#include "pm4/reg_fields.h"
#include "pm4/render.h"


/* Packet dwords decoded with the same table as registers, under these ids. */
enum {
	P_COHER_CNTL = 0x10000,	/* ACQUIRE_MEM dword 1 (GFX7-9), SURFACE_SYNC dword 1 */
	P_GCR_CNTL,		/* ACQUIRE_MEM dword 7, GFX10+ form */
	P_EVENT_CNTL,		/* RELEASE_MEM dword 1 */
	P_DATA_CNTL,		/* RELEASE_MEM dword 2 */
	P_IB_CONTROL,		/* INDIRECT_BUFFER dword 3 */
	P_WRM_CNTL,		/* WAIT_REG_MEM dword 1 */
	P_WRM_POLL,		/* WAIT_REG_MEM dword 6 */
	P_WD_CNTL,		/* WRITE_DATA dword 1 */
	P_EW_CNTL,		/* EVENT_WRITE dword 1 */
	P_DMA_CNTL,		/* DMA_DATA dword 1 */
	P_DMA_COMMAND,		/* DMA_DATA dword 6 */
	P_CD_CNTL,		/* COPY_DATA dword 1 */
	P_CC_LOAD,		/* CONTEXT_CONTROL dword 1 */
	P_CC_SHADOW,		/* CONTEXT_CONTROL dword 2 */
	P_HI16,			/* an address's bits 47:32 */
	P_EOP_HI,		/* EVENT_WRITE_EOP dword 3 (GFX6-8) */
	P_CP_DMA_CNTL,		/* CP_DMA dword 2 (GFX6) */
};

enum fmt {
	F_DEC,
	F_HEX,
	F_FLAG,		/* the name when set */
	F_VGPRS,	/* RSRC1.VGPRS as a count for wave64 (and wave32 where it exists) */
	F_SGPRS,	/* RSRC1.SGPRS as a count (GFX6-9) */
	F_LDS,		/* RSRC2.LDS_SIZE in bytes */
	F_ENUM,		/* F_ENUM + k: the value's name in enums[k] */
};

/*
 * Register fields whose value stands for a count or a size: what the
 * dispatch state (pm4/regs.c) reads them as, [LLVM] AMDGPUUsage
 * "compute_pgm_rsrc1/2".
 */
static const struct {
	uint32_t reg;
	uint32_t levels;
	const char *field;
	uint8_t fmt;
} meanings[] = {
	{ VSHARP_COMPUTE_PGM_RSRC1, GFX_ALL, "VGPRS", F_VGPRS },
	{ VSHARP_COMPUTE_PGM_RSRC1, GFX_RANGE(6, 9), "SGPRS", F_SGPRS },
	{ VSHARP_COMPUTE_PGM_RSRC2, GFX_ALL, "LDS_SIZE", F_LDS },
};

/*
 * Code names of packet fields.  Sources: Linux soc15d.h/nvd.h PACKET3_*
 * field comments, Mesa sid.h (WAIT_REG_MEM_*, COPY_DATA_*, EOP_*), umr's
 * umr_pm4_decode_opcodes.c event table (VGT_EVENT_TYPE).
 */
enum {
	E_FUNCTION, E_MEM_SPACE, E_ENGINE, E_ENGINE_SEL, E_WD_DST, E_EVENT, E_EVENT_INDEX,
	E_RM_DST, E_INT_SEL, E_DATA_SEL, E_DMA_SRC, E_DMA_DST, E_CD_SRC, E_CD_DST,
};

static const struct {
	unsigned n;
	const char *const *names;
} enums[] = {
	[E_FUNCTION] = { 8, (const char *const[]){ "always", "<", "<=", "==", "!=", ">=", ">",
						    "reserved" } },
	[E_MEM_SPACE] = { 2, (const char *const[]){ "register", "memory" } },
	[E_ENGINE] = { 2, (const char *const[]){ "ME", "PFP" } },
	[E_ENGINE_SEL] = { 3, (const char *const[]){ "ME", "PFP", "CE" } },
	[E_WD_DST] = { 6, (const char *const[]){ "register", "memory (sync)", "TC_L2", "GDS",
						  NULL, "memory (async)" } },
	[E_EVENT] = { 56, (const char *const[]){
		NULL, "SAMPLE_STREAMOUTSTATS1", "SAMPLE_STREAMOUTSTATS2",
		"SAMPLE_STREAMOUTSTATS3", "CACHE_FLUSH_TS", NULL, "CACHE_FLUSH",
		"CS_PARTIAL_FLUSH", NULL, NULL, "VGT_STREAMOUT_RESET", "END_OF_PIPE_INCR_DE",
		"END_OF_PIPE_IB_END", "RST_PIX_CNT", NULL, "VS_PARTIAL_FLUSH",
		"PS_PARTIAL_FLUSH", NULL, NULL, NULL, "CACHE_FLUSH_AND_INV_TS_EVENT",
		"ZPASS_DONE", "CACHE_FLUSH_AND_INV_EVENT", "PERFCOUNTER_START",
		"PERFCOUNTER_STOP", "PIPELINESTAT_START", "PIPELINESTAT_STOP",
		"PERFCOUNTER_SAMPLE", NULL, NULL, "SAMPLE_PIPELINESTAT", NULL,
		"SAMPLE_STREAMOUTSTATS", "RESET_VTX_CNT", NULL, NULL, "VGT_FLUSH", NULL, NULL,
		NULL, "BOTTOM_OF_PIPE_TS", NULL, "DB_CACHE_FLUSH_AND_INV",
		"FLUSH_AND_INV_DB_DATA_TS", "FLUSH_AND_INV_DB_META", "FLUSH_AND_INV_CB_DATA_TS",
		"FLUSH_AND_INV_CB_META", "CS_DONE", "PS_DONE", "FLUSH_AND_INV_CB_PIXEL_DATA",
		NULL, "THREAD_TRACE_START", "THREAD_TRACE_STOP", NULL, "THREAD_TRACE_FLUSH",
		"THREAD_TRACE_FINISH" } },
	[E_EVENT_INDEX] = { 8, (const char *const[]){ "other", "ZPASS_DONE",
						       "SAMPLE_PIPELINESTAT",
						       "SAMPLE_STREAMOUTSTAT", "PARTIAL_FLUSH",
						       "EOP", "EOS", "CACHE_FLUSH" } },
	[E_RM_DST] = { 2, (const char *const[]){ "memory", "TC_L2" } },
	[E_INT_SEL] = { 4, (const char *const[]){ "none", "interrupt", "interrupt after write confirm",
						   "data after write confirm" } },
	[E_DATA_SEL] = { 6, (const char *const[]){ "discard", "32-bit data", "64-bit data",
						    "GPU clock", NULL, "GDS" } },
	[E_DMA_SRC] = { 4, (const char *const[]){ "SRC_ADDR", "GDS", "DATA", "SRC_ADDR_TC_L2" } },
	[E_DMA_DST] = { 4, (const char *const[]){ "DST_ADDR", "GDS", NULL, "DST_ADDR_TC_L2" } },
	[E_CD_SRC] = { 10, (const char *const[]){ "register", "memory", "TC_L2", "GDS", "perf",
						   "immediate", NULL, NULL, NULL, "timestamp" } },
	[E_CD_DST] = { 6, (const char *const[]){ "register", "memory (GRBM)", "TC_L2", "GDS",
						  "perf", "memory" } },
};

/*
 * Packet dword fields (the registers' own come from pm4/reg_fields.c):
 * [Lx] soc15d.h, nvd.h, sid.h, cikd.h, vid.h.
 */
static const struct field {
	uint32_t reg;
	uint32_t levels;
	uint8_t lo, hi;
	uint8_t fmt;
	const char *name;
} fields[] = {
	{ P_COHER_CNTL, GFX_RANGE(7, 12), 18, 18, F_FLAG, "TC_WB_ACTION_ENA" },
	{ P_COHER_CNTL, GFX_ALL, 22, 22, F_FLAG, "TCL1_ACTION_ENA" },
	{ P_COHER_CNTL, GFX_ALL, 23, 23, F_FLAG, "TC_ACTION_ENA" },
	{ P_COHER_CNTL, GFX_ALL, 27, 27, F_FLAG, "SH_KCACHE_ACTION_ENA" },
	{ P_COHER_CNTL, GFX_ALL, 29, 29, F_FLAG, "SH_ICACHE_ACTION_ENA" },

	{ P_GCR_CNTL, GFX_RANGE(10, 12), 0, 1, F_DEC, "GLI_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 11), 4, 4, F_FLAG, "GLM_WB" },
	{ P_GCR_CNTL, GFX_RANGE(10, 11), 5, 5, F_FLAG, "GLM_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 12), 7, 7, F_FLAG, "GLK_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 12), 8, 8, F_FLAG, "GLV_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 11), 9, 9, F_FLAG, "GL1_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 12), 14, 14, F_FLAG, "GL2_INV" },
	{ P_GCR_CNTL, GFX_RANGE(10, 12), 15, 15, F_FLAG, "GL2_WB" },
	{ P_GCR_CNTL, GFX_RANGE(10, 12), 16, 17, F_DEC, "SEQ" },

	{ P_EVENT_CNTL, GFX_ALL, 0, 5, F_ENUM + E_EVENT, "EVENT_TYPE" },
	{ P_EVENT_CNTL, GFX_ALL, 8, 11, F_ENUM + E_EVENT_INDEX, "EVENT_INDEX" },
	/* GFX9's cache actions: Linux soc15d.h EOP_* under PACKET3_RELEASE_MEM. */
	/* And GFX7/8's, the same bits (cikd.h, vid.h EOP_* under EVENT_WRITE_EOP). */
	{ P_EVENT_CNTL, GFX_RANGE(7, 9), 12, 12, F_FLAG, "EOP_TCL1_VOL_ACTION_EN" },
	{ P_EVENT_CNTL, GFX_RANGE(7, 9), 13, 13, F_FLAG, "EOP_TC_VOL_ACTION_EN" },
	{ P_EVENT_CNTL, GFX_RANGE(7, 9), 15, 15, F_FLAG, "EOP_TC_WB_ACTION_EN" },
	{ P_EVENT_CNTL, GFX_RANGE(7, 9), 16, 16, F_FLAG, "EOP_TCL1_ACTION_EN" },
	{ P_EVENT_CNTL, GFX_RANGE(7, 9), 17, 17, F_FLAG, "EOP_TC_ACTION_EN" },
	{ P_EVENT_CNTL, GFX(9), 19, 19, F_FLAG, "EOP_TC_NC_ACTION_EN" },
	{ P_EVENT_CNTL, GFX(9), 21, 21, F_FLAG, "EOP_TC_MD_ACTION_EN" },
	{ P_EVENT_CNTL, GFX(9), 28, 28, F_FLAG, "EOP_EXEC" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 12, 12, F_FLAG, "GLM_WB" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 13, 13, F_FLAG, "GLM_INV" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 14, 14, F_FLAG, "GLV_INV" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 20, 20, F_FLAG, "GL2_INV" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 21, 21, F_FLAG, "GL2_WB" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 22, 22, F_FLAG, "SEQ" },
	{ P_EVENT_CNTL, GFX_RANGE(10, 12), 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_DATA_CNTL, GFX_ALL, 16, 17, F_ENUM + E_RM_DST, "DST_SEL" },
	{ P_DATA_CNTL, GFX_ALL, 24, 26, F_ENUM + E_INT_SEL, "INT_SEL" },
	{ P_DATA_CNTL, GFX_ALL, 29, 31, F_ENUM + E_DATA_SEL, "DATA_SEL" },

	{ P_IB_CONTROL, GFX_ALL, 0, 19, F_DEC, "IB_SIZE" },
	{ P_IB_CONTROL, GFX_ALL, 20, 20, F_FLAG, "CHAIN" },
	{ P_IB_CONTROL, GFX_ALL, 21, 21, F_FLAG, "PRE_ENA" },
	{ P_IB_CONTROL, GFX_ALL, 23, 23, F_FLAG, "VALID" },
	{ P_IB_CONTROL, GFX_ALL, 24, 27, F_DEC, "VMID" },
	{ P_IB_CONTROL, GFX_ALL, 28, 29, F_DEC, "CACHE_POLICY" },

	{ P_WRM_CNTL, GFX_ALL, 0, 2, F_ENUM + E_FUNCTION, "FUNCTION" },
	{ P_WRM_CNTL, GFX_ALL, 4, 5, F_ENUM + E_MEM_SPACE, "MEM_SPACE" },
	{ P_WRM_CNTL, GFX_ALL, 6, 7, F_DEC, "OPERATION" },
	{ P_WRM_CNTL, GFX_ALL, 8, 8, F_ENUM + E_ENGINE, "ENGINE" },
	{ P_WRM_CNTL, GFX_RANGE(10, 12), 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_WRM_POLL, GFX_ALL, 0, 15, F_DEC, "POLL_INTERVAL" },

	{ P_WD_CNTL, GFX_ALL, 8, 11, F_ENUM + E_WD_DST, "DST_SEL" },
	{ P_WD_CNTL, GFX_ALL, 16, 16, F_FLAG, "WR_ONE_ADDR" },
	{ P_WD_CNTL, GFX_ALL, 20, 20, F_FLAG, "WR_CONFIRM" },
	{ P_WD_CNTL, GFX_ALL, 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_WD_CNTL, GFX_ALL, 30, 31, F_ENUM + E_ENGINE_SEL, "ENGINE_SEL" },

	{ P_EW_CNTL, GFX_ALL, 0, 5, F_ENUM + E_EVENT, "EVENT_TYPE" },
	{ P_EW_CNTL, GFX_ALL, 8, 11, F_ENUM + E_EVENT_INDEX, "EVENT_INDEX" },

	{ P_DMA_CNTL, GFX_ALL, 0, 0, F_ENUM + E_ENGINE, "ENGINE_SEL" },
	{ P_DMA_CNTL, GFX_ALL, 13, 14, F_DEC, "SRC_CACHE_POLICY" },
	{ P_DMA_CNTL, GFX_ALL, 20, 21, F_ENUM + E_DMA_DST, "DST_SEL" },
	{ P_DMA_CNTL, GFX_ALL, 25, 26, F_DEC, "DST_CACHE_POLICY" },
	{ P_DMA_CNTL, GFX_ALL, 29, 30, F_ENUM + E_DMA_SRC, "SRC_SEL" },
	{ P_DMA_CNTL, GFX_ALL, 31, 31, F_FLAG, "CP_SYNC" },
	/* COMMAND: GFX6-8 (sid.h CP_DMA, cikd.h, vid.h); from GFX9 a 26-bit BYTE_COUNT (nvd.h). */
	{ P_DMA_COMMAND, GFX_RANGE(6, 8), 0, 20, F_DEC, "BYTE_COUNT" },
	{ P_DMA_COMMAND, GFX_RANGE(6, 8), 21, 21, F_FLAG, "DIS_WC" },
	{ P_DMA_COMMAND, GFX_RANGE(6, 8), 22, 23, F_DEC, "SRC_SWAP" },
	{ P_DMA_COMMAND, GFX_RANGE(6, 8), 24, 25, F_DEC, "DST_SWAP" },
	{ P_DMA_COMMAND, GFX_RANGE(9, 12), 0, 25, F_DEC, "BYTE_COUNT" },
	{ P_DMA_COMMAND, GFX_ALL, 26, 26, F_FLAG, "SAS" },
	{ P_DMA_COMMAND, GFX_ALL, 27, 27, F_FLAG, "DAS" },
	{ P_DMA_COMMAND, GFX_ALL, 28, 28, F_FLAG, "SAIC" },
	{ P_DMA_COMMAND, GFX_ALL, 29, 29, F_FLAG, "DAIC" },
	{ P_DMA_COMMAND, GFX_ALL, 30, 30, F_FLAG, "RAW_WAIT" },
	{ P_DMA_COMMAND, GFX_RANGE(9, 12), 31, 31, F_FLAG, "DIS_WC" },

	{ P_CD_CNTL, GFX_ALL, 0, 3, F_ENUM + E_CD_SRC, "SRC_SEL" },
	{ P_CD_CNTL, GFX_ALL, 8, 11, F_ENUM + E_CD_DST, "DST_SEL" },
	{ P_CD_CNTL, GFX_ALL, 13, 14, F_DEC, "SRC_CACHE_POLICY" },
	{ P_CD_CNTL, GFX_ALL, 16, 16, F_FLAG, "COUNT_SEL" },
	{ P_CD_CNTL, GFX_ALL, 20, 20, F_FLAG, "WR_CONFIRM" },
	{ P_CD_CNTL, GFX_ALL, 25, 26, F_DEC, "DST_CACHE_POLICY" },
	{ P_CD_CNTL, GFX_ALL, 30, 31, F_ENUM + E_ENGINE_SEL, "ENGINE_SEL" },

	{ P_CC_LOAD, GFX_ALL, 0, 0, F_FLAG, "LOAD_GLOBAL_CONFIG" },
	{ P_CC_LOAD, GFX_ALL, 1, 1, F_FLAG, "LOAD_PER_CONTEXT_STATE" },
	{ P_CC_LOAD, GFX_ALL, 15, 15, F_FLAG, "LOAD_GLOBAL_UCONFIG" },
	{ P_CC_LOAD, GFX_ALL, 16, 16, F_FLAG, "LOAD_GFX_SH_REGS" },
	{ P_CC_LOAD, GFX_ALL, 24, 24, F_FLAG, "LOAD_CS_SH_REGS" },
	{ P_CC_LOAD, GFX_ALL, 28, 28, F_FLAG, "LOAD_CE_RAM" },
	{ P_CC_LOAD, GFX_ALL, 31, 31, F_FLAG, "UPDATE_LOAD_ENABLES" },
	{ P_CC_SHADOW, GFX_ALL, 0, 0, F_FLAG, "SHADOW_GLOBAL_CONFIG" },
	{ P_CC_SHADOW, GFX_ALL, 1, 1, F_FLAG, "SHADOW_PER_CONTEXT_STATE" },
	{ P_CC_SHADOW, GFX_ALL, 15, 15, F_FLAG, "SHADOW_GLOBAL_UCONFIG" },
	{ P_CC_SHADOW, GFX_ALL, 16, 16, F_FLAG, "SHADOW_GFX_SH_REGS" },
	{ P_CC_SHADOW, GFX_ALL, 24, 24, F_FLAG, "SHADOW_CS_SH_REGS" },
	{ P_CC_SHADOW, GFX_ALL, 31, 31, F_FLAG, "UPDATE_SHADOW_ENABLES" },

	{ P_HI16, GFX_ALL, 0, 15, F_HEX, "[47:32]" },

	/* EVENT_WRITE_EOP ADDRESS_HI (sid.h, cikd.h, vid.h; gfx_v6_0.c emit_fence). */
	{ P_EOP_HI, GFX_RANGE(6, 8), 0, 15, F_HEX, "ADDRESS_HI" },
	{ P_EOP_HI, GFX_RANGE(6, 8), 24, 25, F_ENUM + E_INT_SEL, "INT_SEL" },
	{ P_EOP_HI, GFX_RANGE(6, 8), 29, 31, F_ENUM + E_DATA_SEL, "DATA_SEL" },

	/* CP_DMA dword 2, GFX6 (sid.h "CP_SYNC [31] | SRC_SEL [30:29] | ENGINE [27] | DST_SEL [21:20] | SRC_ADDR_HI [7:0]"). */
	{ P_CP_DMA_CNTL, GFX(6), 0, 7, F_HEX, "SRC_ADDR_HI" },
	{ P_CP_DMA_CNTL, GFX(6), 20, 21, F_ENUM + E_DMA_DST, "DST_SEL" },
	{ P_CP_DMA_CNTL, GFX(6), 27, 27, F_ENUM + E_ENGINE, "ENGINE" },
	{ P_CP_DMA_CNTL, GFX(6), 29, 30, F_ENUM + E_DMA_SRC, "SRC_SEL" },
	{ P_CP_DMA_CNTL, GFX(6), 31, 31, F_FLAG, "CP_SYNC" },
};

static uint32_t mask(unsigned lo, unsigned hi)
{
	return (hi == 31 ? ~0u : (1u << (hi + 1)) - 1) & ~((1u << lo) - 1);
}

struct decoder {
	enum vsharp_gfx level;
	struct pm4_render *r;
	const struct pm4_render_ops *show;	/* r's */
	const struct vsharp_pm4_decode *opt;
	const struct vsharp_ring_dump *ring;	/* top-level offsets are its slots from rptr */
	struct vsharp_compute_regs regs;
	int ret;
	struct vsharp_error err;
};

/* X, the value of a register field that stands for a count or a size (FMT), as that. */
static void decode_meaning(const struct vsharp_pm4_level *lv, enum fmt fmt, uint32_t x,
			   struct pm4_field *shown)
{
	switch (fmt) {
	case F_VGPRS:
		/* Granules of 4 for wave64; wave32 allocates twice as many. */
		shown->kind = PM4_FIELD_COUNT;
		shown->decoded = (x + 1) * 4;
		shown->decoded_wave32 = lv->wave32 ? (x + 1) * 8 : 0;
		break;
	case F_SGPRS:
		/* 8-SGPR blocks, allocated in the level's granule (pm4/regs.c). */
		shown->kind = PM4_FIELD_COUNT;
		shown->decoded = ((x + 1) * 8 + lv->sgpr_alloc - 1) / lv->sgpr_alloc * lv->sgpr_alloc;
		break;
	case F_LDS:
		shown->kind = PM4_FIELD_BYTES;
		shown->decoded = x * lv->lds_encode;
		break;
	default:
		break;
	}
}

/* The fields of register REG (PR, its definition) in V, then the set bits no field covers. */
static void show_reg_fields(struct decoder *d, enum vsharp_gfx level, const struct pm4_reg *pr,
			    uint32_t reg, uint32_t v)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);
	uint32_t known = 0;

	if (!pr->n)
		return;
	for (unsigned i = 0; i < pr->n; i++) {
		const struct pm4_reg_field *f = &pr->fields[i];
		uint32_t x = (v & mask(f->lo, f->hi)) >> f->lo;
		struct pm4_field shown = {
			.name = f->name, .lo = f->lo, .hi = f->hi, .value = x,
			/* Addresses and masks read better in hex. */
			.kind = f->hi - f->lo >= 16 ? PM4_FIELD_HEX : PM4_FIELD_DEC,
			.enum_name = pm4_enum_name(f, x),
		};

		known |= mask(f->lo, f->hi);
		for (size_t k = 0; lv && k < ARRAY_SIZE(meanings); k++)
			if (meanings[k].reg == reg && meanings[k].levels & VSHARP_GFX_BIT(level) &&
			    !strcmp(meanings[k].field, f->name))
				decode_meaning(lv, meanings[k].fmt, x, &shown);
		d->show->field(d->r, &shown);
	}
	d->show->fields_end(d->r, v & ~known);
}

/*
 * The known fields of V: a register's (REG below P_COHER_CNTL) or a
 * packet dword's, then the set bits no field covers.
 */
static void show_fields(struct decoder *d, enum vsharp_gfx level, uint32_t reg, uint32_t v)
{
	uint32_t known = 0;
	bool any = false;
	struct pm4_reg pr;

	if (reg < P_COHER_CNTL) {
		if (pm4_reg_lookup(level, reg, &pr))
			show_reg_fields(d, level, &pr, reg, v);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(fields); i++) {
		const struct field *f = &fields[i];
		struct pm4_field shown;
		uint32_t x;

		if (f->reg != reg || !(f->levels & VSHARP_GFX_BIT(level)))
			continue;
		any = true;
		known |= mask(f->lo, f->hi);
		x = (v & mask(f->lo, f->hi)) >> f->lo;
		shown = (struct pm4_field){ .name = f->name, .lo = f->lo, .hi = f->hi, .value = x };
		switch (f->fmt) {
		case F_DEC:
			shown.kind = PM4_FIELD_DEC;
			break;
		case F_HEX:
			shown.kind = PM4_FIELD_HEX;
			break;
		case F_FLAG:
			shown.kind = PM4_FIELD_FLAG;
			break;
		default:
			shown.kind = PM4_FIELD_DEC;
			if (x < enums[f->fmt - F_ENUM].n)
				shown.enum_name = enums[f->fmt - F_ENUM].names[x];
		}
		d->show->field(d->r, &shown);
	}
	if (any)
		d->show->fields_end(d->r, v & ~known);
}

/* A labelled value with its fields, a row of its own. */
static void show_value(struct decoder *d, const char *label, enum pm4_value_style style, uint32_t v,
		       uint32_t field_id, enum vsharp_gfx level)
{
	d->show->value_begin(d->r, label, -1, v, style);
	if (field_id)
		show_fields(d, level, field_id, v);
	d->show->value_end(d->r);
	d->show->row_end(d->r);
}

/* Body dwords sharing one row, without fields. */
struct row_item {
	const char *label;
	enum pm4_value_style style;
};

static void show_row(struct decoder *d, const struct row_item *items, const uint32_t *v, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		d->show->value_begin(d->r, items[i].label, -1, v[i], items[i].style);
		d->show->value_end(d->r);
	}
	d->show->row_end(d->r);
}

__attribute__((format(printf, 2, 3)))
static void note(struct decoder *d, const char *fmt, ...)
{
	char text[sizeof(d->err.msg) + 128];	/* room for an error message and the words around it */
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	d->show->note(d->r, text);
}

/* Offsets of a ring dump are ring slots: from the window's start, modulo the ring. */
static unsigned slot(const struct decoder *d, unsigned at, unsigned depth)
{
	return depth || !d->ring ? at : (unsigned)((d->ring->rptr + at) % d->ring->n);
}

static void show_reg(struct decoder *d, uint32_t reg, uint32_t v)
{
	struct pm4_reg pr;
	bool named = pm4_reg_lookup(d->level, reg, &pr);

	d->show->value_begin(d->r, named ? pr.name : NULL, reg, v, PM4_VALUE_REG);
	if (named)
		show_reg_fields(d, d->level, &pr, reg, v);
	if (reg == VSHARP_COMPUTE_PGM_HI && vsharp_pm4_reg_written(&d->regs, VSHARP_COMPUTE_PGM_LO))
		d->show->value_hex64(d->r, "pgm_va",
				     (uint64_t)d->regs.sh[VSHARP_COMPUTE_PGM_LO - VSHARP_SH_REG_BASE] << 8 |
				     (uint64_t)(v & 0xff) << 40);
	d->show->value_end(d->r);
	d->show->row_end(d->r);
}

/* The SET_*_REG packets: where their offsets count from, per opcode. */
static const struct {
	uint8_t opcode;
	uint32_t base;
	bool index;		/* INDEX in bits 31:28 of the offset dword */
	bool sh;		/* tracked for the dispatch state */
} set_packets[] = {
	{ 0x68, 0x2000, false, false },			/* SET_CONFIG_REG */
	{ 0x69, 0xa000, true, false },			/* SET_CONTEXT_REG */
	{ VSHARP_PKT3_SET_SH_REG, VSHARP_SH_REG_BASE, false, true },
	{ VSHARP_PKT3_SET_UCONFIG_REG, VSHARP_UCONFIG_REG_BASE, false, false },
	{ 0x7a, VSHARP_UCONFIG_REG_BASE, true, false },	/* SET_UCONFIG_REG_INDEX */
	{ VSHARP_PKT3_SET_SH_REG_INDEX, VSHARP_SH_REG_BASE, true, true },
};

static int set_packet(unsigned opcode)
{
	for (size_t i = 0; i < ARRAY_SIZE(set_packets); i++)
		if (set_packets[i].opcode == opcode)
			return (int)i;
	return -1;
}

static void show_set_reg(struct decoder *d, const struct vsharp_pm4_packet *p, int kind)
{
	uint32_t base = set_packets[kind].base;
	/* REG_OFFSET is bits 15:0 (Linux kfd_pm4_headers.h, pm4__set_config_reg). */
	uint32_t off = p->body[0] & 0xffff;
	uint32_t other = p->body[0] & (set_packets[kind].index ? 0x0fff0000 : 0xffff0000);
	struct vsharp_error err;

	if (set_packets[kind].index &&
	    (p->body[0] >> 28 || p->opcode == VSHARP_PKT3_SET_SH_REG_INDEX))
		show_value(d, "index", PM4_VALUE_DEC, p->body[0] >> 28, 0, d->level);
	if (other)
		note(d, "offset dword 0x%08x: bits 0x%08x are not REG_OFFSET[15:0]%s", p->body[0],
		     other, set_packets[kind].index ? " or INDEX[31:28]" : "");
	if (set_packets[kind].sh && vsharp_pm4_apply_sh(&d->regs, p, &err)) {
		/* The packet is shown; only a stream that cannot be walked is an error. */
		note(d, "state: not applied: %s", err.msg);
		d->show->raw(d->r, p->body, p->n_body);
		return;
	}
	for (unsigned i = 1; i < p->n_body; i++)
		show_reg(d, base + off + i - 1, p->body[i]);
	if (p->n_body < 2)
		note(d, "offset 0x%x, no values", off);
}

/* An SH register a packet other than SET_SH_REG(_INDEX) wrote, for the dispatch state. */
static void track_sh(struct decoder *d, uint32_t reg, uint32_t v)
{
	uint32_t i = reg - VSHARP_SH_REG_BASE;

	if (reg < VSHARP_SH_REG_BASE || reg >= VSHARP_SH_REG_END)
		return;
	d->regs.sh[i] = v;
	d->regs.written[i / 32] |= 1u << (i % 32);
}

/*
 * The GFX11+ register-pair packets (Mesa sid.h, PKT3_SET_*_REG_PAIRS*;
 * Mesa ac_debug.c decodes them the same way): offsets count from the
 * base of their SET_*_REG kind.  PAIRS: (offset, value) repeated.
 * PACKED: a register count (even: an odd list repeats its first register
 * at the end), then per two registers offset0 | offset1 << 16, value0,
 * value1.  PACKED_N is PACKED with at most 14 registers.
 */
static const struct {
	uint8_t opcode;
	uint32_t base;
	bool packed;
} pair_packets[] = {
	{ 0xb8, 0xa000, false },			/* SET_CONTEXT_REG_PAIRS */
	{ 0xb9, 0xa000, true },				/* SET_CONTEXT_REG_PAIRS_PACKED */
	{ 0xba, VSHARP_SH_REG_BASE, false },		/* SET_SH_REG_PAIRS */
	{ 0xbb, VSHARP_SH_REG_BASE, true },		/* SET_SH_REG_PAIRS_PACKED */
	{ 0xbd, VSHARP_SH_REG_BASE, true },		/* SET_SH_REG_PAIRS_PACKED_N */
	{ 0xbe, VSHARP_UCONFIG_REG_BASE, false },	/* SET_UCONFIG_REG_PAIRS */
};

static int pair_packet(unsigned opcode)
{
	for (size_t i = 0; i < ARRAY_SIZE(pair_packets); i++)
		if (pair_packets[i].opcode == opcode)
			return (int)i;
	return -1;
}

/* One register of a pair packet, shown and kept for the dispatch state. */
static void show_pair_reg(struct decoder *d, uint32_t base, uint32_t off, uint32_t v)
{
	show_reg(d, base + off, v);
	track_sh(d, base + off, v);
}

static void show_pairs(struct decoder *d, const struct vsharp_pm4_packet *p, int kind)
{
	uint32_t base = pair_packets[kind].base;
	const uint32_t *b = p->body;
	unsigned n = p->n_body, used;

	if (!pair_packets[kind].packed) {
		for (used = 0; used + 2 <= n; used += 2) {
			if (b[used] >> 16)
				note(d, "offset dword 0x%08x: bits 0x%08x are not REG_OFFSET[15:0]",
				     b[used], b[used] & 0xffff0000);
			show_pair_reg(d, base, b[used] & 0xffff, b[used + 1]);
		}
	} else {
		unsigned count = b[0];

		show_value(d, "count", PM4_VALUE_DEC, count, 0, d->level);
		if (count % 2 || count / 2 * 3 != n - 1)
			note(d, "count %u: the body holds %u register pairs (%u dwords after the count)",
			     count, (n - 1) / 3, n - 1);
		for (used = 1; used + 3 <= n; used += 3) {
			show_pair_reg(d, base, b[used] & 0xffff, b[used + 1]);
			show_pair_reg(d, base, b[used] >> 16, b[used + 2]);
		}
	}
	if (used < n) {
		note(d, "%u dwords after the last whole pair", n - used);
		d->show->raw(d->r, b + used, n - used);
	}
}

/*
 * The user-data SGPRs a dispatch loads that hold a buffer V#, by a rule
 * (the packets do not say; the kernel descriptor does, e.g. AMDGPUUsage's
 * private segment buffer in user SGPRs 0..3): four USER_DATA registers
 * from a multiple of 4 (an SGPR quad, the alignment an SGPR resource
 * constant needs), all written and loaded (below user_sgprs), that
 * hw/desc.c decodes as a bound buffer V# without a flag (a valid format,
 * TYPE buffer, no reserved bit set).
 */
static void show_user_vsharps(struct decoder *d, const struct vsharp_dispatch_state *st)
{
	for (unsigned i = 0; i + 4 <= st->user_sgprs && i + 4 <= ARRAY_SIZE(st->user_data); i += 4) {
		struct vsharp_buffer b;

		if ((st->user_data_written >> i & 0xf) != 0xf ||
		    vsharp_desc_decode(d->level, &st->user_data[i], &b))
			continue;
		d->show->vsharp(d->r, i, &st->user_data[i], &b);
	}
}

static void show_dispatch(struct decoder *d, const struct vsharp_pm4_packet *p)
{
	static const struct row_item dim[] = {
		{ "dim_x", PM4_VALUE_DEC }, { "dim_y", PM4_VALUE_DEC }, { "dim_z", PM4_VALUE_DEC },
	};
	struct vsharp_dispatch_state st;
	struct vsharp_error err;

	if (p->n_body != 4) {
		d->show->raw(d->r, p->body, p->n_body);
		return;
	}
	show_row(d, dim, p->body, 3);
	show_value(d, "initiator", PM4_VALUE_HEX8, p->body[3], VSHARP_COMPUTE_DISPATCH_INITIATOR,
		   d->level);
	if (vsharp_pm4_dispatch_state(d->level, &d->regs, p, &st, &err)) {
		note(d, "state: %s", err.msg);
		return;
	}
	note(d, "state: wave%u pgm_va=0x%" PRIx64 " vgprs=%u sgprs=%u user_sgprs=%u tgid=%s%s%s"
	     " tidig_comps=%u lds_bytes=%u threads=%ux%ux%u",
	     st.wave32 ? 32 : 64, st.pgm_va, st.vgprs_alloc, st.sgprs_alloc, st.user_sgprs,
	     st.tgid[0] ? "x" : "", st.tgid[1] ? "y" : "", st.tgid[2] ? "z" : "",
	     st.tidig_comps, st.lds_bytes, st.threads[0], st.threads[1], st.threads[2]);
	show_user_vsharps(d, &st);
}

static void show_acquire(struct decoder *d, const struct vsharp_pm4_packet *p)
{
	static const struct row_item mid[] = {
		{ "size", PM4_VALUE_HEX8 }, { "size_hi", PM4_VALUE_HEX }, { "base", PM4_VALUE_HEX8 },
		{ "base_hi", PM4_VALUE_HEX }, { "poll_interval", PM4_VALUE_HEX },
	};
	const uint32_t *b = p->body;

	if (p->n_body != 6 && p->n_body != 7) {
		d->show->raw(d->r, b, p->n_body);
		return;
	}
	/*
	 * The form says which generation wrote it: 6 dwords with the actions
	 * in CP_COHER_CNTL (GFX9), or 7 with GCR_CNTL last (GFX10+), whatever
	 * --gfx says.
	 */
	show_value(d, "coher_cntl", PM4_VALUE_HEX8, b[0], p->n_body == 6 ? P_COHER_CNTL : 0,
		   VSHARP_GFX9);
	show_row(d, mid, b + 1, 5);
	if (p->n_body == 7)
		show_value(d, "gcr_cntl", PM4_VALUE_HEX8, b[6], P_GCR_CNTL,
			    d->level < VSHARP_GFX10 ? VSHARP_GFX10 : d->level);
}

/* SURFACE_SYNC (GFX6's cache packet, [Lx] sid.h): CP_COHER_CNTL, size, base, poll. */
static void show_surface_sync(struct decoder *d, const struct vsharp_pm4_packet *p)
{
	static const struct row_item rest[] = {
		{ "size", PM4_VALUE_HEX8 }, { "base", PM4_VALUE_HEX8 }, { "poll_interval", PM4_VALUE_HEX },
	};
	const uint32_t *b = p->body;

	if (p->n_body != 4) {
		d->show->raw(d->r, b, p->n_body);
		return;
	}
	show_value(d, "coher_cntl", PM4_VALUE_HEX8, b[0], P_COHER_CNTL, VSHARP_GFX6);
	show_row(d, rest, b + 1, 3);
}

static void show_release(struct decoder *d, const struct vsharp_pm4_packet *p)
{
	const uint32_t *b = p->body;

	if (p->n_body != 7) {
		d->show->raw(d->r, b, p->n_body);
		return;
	}
	show_value(d, "event_cntl", PM4_VALUE_HEX8, b[0], P_EVENT_CNTL, d->level);
	show_value(d, "data_cntl", PM4_VALUE_HEX8, b[1], P_DATA_CNTL, d->level);
	d->show->pair(d->r, "addr_lo", "addr_hi", "addr", b[2], b[3]);
	d->show->pair(d->r, "data_lo", "data_hi", "data", b[4], b[5]);
	show_row(d, &(struct row_item){ "int_ctxid", PM4_VALUE_HEX8 }, b + 6, 1);
}

/* The body dwords of the packets decoded field by field, as data. */
struct dword_desc {
	const char *label;
	uint32_t fields;	/* id in fields[], 0: none */
};

static const struct packet_layout {
	uint8_t opcode;
	uint8_t n;		/* a longer body repeats the last entry (payload) */
	struct dword_desc dw[6];
} layouts[] = {
	{ 0x10, 1, { { "PAYLOAD", 0 } } },				/* NOP */
	{ 0x12, 1, { { "CMD", 0 } } },					/* CLEAR_STATE */
	{ 0x16, 2, { { "DATA_OFFSET", 0 },				/* DISPATCH_INDIRECT */
		     { "DISPATCH_INITIATOR", VSHARP_COMPUTE_DISPATCH_INITIATOR } } },
	{ 0x22, 4, { { "GPU_ADDR_LO32", 0 }, { "GPU_ADDR_HI32", 0 },	/* COND_EXEC */
		     { "TEST_VALUE", 0 }, { "PATCH_VALUE", 0 } } },
	{ 0x28, 2, { { "LOAD_CONTROL", P_CC_LOAD }, { "SHADOW_CONTROL", P_CC_SHADOW } } },
	{ 0x2a, 1, { { "INDEX_TYPE", 0 } } },
	{ 0x2d, 2, { { "INDEX_COUNT", 0 }, { "DRAW_INITIATOR", 0 } } },	/* DRAW_INDEX_AUTO */
	{ 0x2f, 1, { { "NUM_INSTANCES", 0 } } },
	{ 0x32, 3, { { "IB_BASE_LO", 0 }, { "IB_BASE_HI", P_HI16 },
		     { "IB_CONTROL", P_IB_CONTROL } } },		/* INDIRECT_BUFFER_SI */
	{ 0x33, 3, { { "IB_BASE_LO", 0 }, { "IB_BASE_HI", P_HI16 },
		     { "IB_CONTROL", P_IB_CONTROL } } },		/* INDIRECT_BUFFER_CONST */
	{ 0x37, 4, { { "CONTROL", P_WD_CNTL }, { "DST_ADDR_LO", 0 },	/* WRITE_DATA */
		     { "DST_ADDR_HI", 0 }, { "DATA", 0 } } },
	{ 0x3c, 6, { { "CONTROL", P_WRM_CNTL }, { "POLL_ADDRESS_LO", 0 },	/* WAIT_REG_MEM */
		     { "POLL_ADDRESS_HI", 0 }, { "REFERENCE", 0 }, { "MASK", 0 },
		     { "POLL_INTERVAL", P_WRM_POLL } } },
	{ 0x3f, 3, { { "IB_BASE_LO", 0 }, { "IB_BASE_HI", P_HI16 },
		     { "IB_CONTROL", P_IB_CONTROL } } },		/* INDIRECT_BUFFER */
	{ 0x40, 5, { { "CONTROL", P_CD_CNTL }, { "SRC_ADDR_LO", 0 },	/* COPY_DATA */
		     { "SRC_ADDR_HI", 0 }, { "DST_ADDR_LO", 0 }, { "DST_ADDR_HI", 0 } } },
	{ 0x41, 5, { { "SRC_ADDR_LO", 0 }, { "CONTROL", P_CP_DMA_CNTL },	/* CP_DMA (GFX6) */
		     { "DST_ADDR_LO", 0 }, { "DST_ADDR_HI", 0 }, { "COMMAND", P_DMA_COMMAND } } },
	{ 0x42, 1, { { "DUMMY", 0 } } },				/* PFP_SYNC_ME */
	{ 0x46, 3, { { "EVENT_CNTL", P_EW_CNTL }, { "ADDRESS_LO", 0 },	/* EVENT_WRITE */
		     { "ADDRESS_HI", 0 } } },
	{ 0x47, 5, { { "EVENT_CNTL", P_EVENT_CNTL }, { "ADDRESS_LO", 0 },	/* EVENT_WRITE_EOP */
		     { "ADDRESS_HI", P_EOP_HI }, { "DATA_LO", 0 }, { "DATA_HI", 0 } } },
	{ 0x50, 6, { { "CONTROL", P_DMA_CNTL }, { "SRC_ADDR_LO", 0 },	/* DMA_DATA */
		     { "SRC_ADDR_HI", 0 }, { "DST_ADDR_LO", 0 }, { "DST_ADDR_HI", 0 },
		     { "COMMAND", P_DMA_COMMAND } } },
};

static const struct packet_layout *layout(unsigned opcode)
{
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++)
		if (layouts[i].opcode == opcode)
			return &layouts[i];
	return NULL;
}

static void show_layout(struct decoder *d, const struct packet_layout *l,
			 const struct vsharp_pm4_packet *p)
{
	for (unsigned i = 0; i < p->n_body; i++) {
		const struct dword_desc *w = &l->dw[i < l->n ? i : (unsigned)l->n - 1];

		show_value(d, w->label, PM4_VALUE_REG, p->body[i], w->fields, d->level);
	}
}

static void decode_stream(struct decoder *d, const uint32_t *dw, unsigned n, unsigned depth);

/* The dwords of [va, va + 4 * n) in one memory image, or NULL. */
static const uint32_t *mem_at(const struct vsharp_pm4_decode *opt, uint64_t va, unsigned n)
{
	for (unsigned i = 0; opt && i < opt->n_mem; i++) {
		const struct vsharp_pm4_mem *m = &opt->mem[i];

		if (va >= m->va && (va - m->va) % 4 == 0 && (va - m->va) / 4 <= m->n &&
		    n <= m->n - (va - m->va) / 4)
			return m->dw + (va - m->va) / 4;
	}
	return NULL;
}

static void follow_ib(struct decoder *d, const struct vsharp_pm4_packet *p, unsigned depth)
{
	uint64_t va = (uint64_t)(p->body[1] & 0xffff) << 32 | (p->body[0] & ~3u);
	unsigned size = p->body[2] & 0xfffff;
	const uint32_t *ib;

	note(d, "-> IB at 0x%" PRIx64 ", %u dwords, VMID %u, SWAP %u%s", va, size,
	     p->body[2] >> 24 & 0xf, p->body[0] & 3, p->body[2] >> 20 & 1 ? ", chained" : "");
	if (!d->opt || !d->opt->follow_depth)
		return;
	if (depth >= d->opt->follow_depth) {
		note(d, "(not followed: depth %u is the --follow limit)", depth);
		return;
	}
	ib = mem_at(d->opt, va, size);
	if (!ib) {
		note(d, "(not followed: no memory image holds 0x%" PRIx64 "..0x%" PRIx64 ")", va,
		     va + 4 * (uint64_t)size);
		return;
	}
	d->show->ib_begin(d->r, va, size, depth + 1);
	decode_stream(d, ib, size, depth + 1);
	d->show->ib_end(d->r, va);
}

/* The body of a type-3 packet. */
static void show_type3(struct decoder *d, const struct vsharp_pm4_packet *p, unsigned depth)
{
	const struct packet_layout *l;
	int set = set_packet(p->opcode), pairs = pair_packet(p->opcode);

	if (p->opcode == VSHARP_PKT3_NOP && !p->n_body)
		return;
	if (set >= 0) {
		show_set_reg(d, p, set);
	} else if (pairs >= 0) {
		show_pairs(d, p, pairs);
	} else if (p->opcode == VSHARP_PKT3_DISPATCH_DIRECT) {
		show_dispatch(d, p);
	} else if (p->opcode == VSHARP_PKT3_ACQUIRE_MEM) {
		show_acquire(d, p);
	} else if (p->opcode == VSHARP_PKT3_SURFACE_SYNC) {
		show_surface_sync(d, p);
	} else if (p->opcode == VSHARP_PKT3_RELEASE_MEM) {
		show_release(d, p);
	} else if ((l = layout(p->opcode))) {
		show_layout(d, l, p);
		if ((p->opcode == VSHARP_PKT3_INDIRECT_BUFFER || p->opcode == 0x33) && p->n_body == 3)
			follow_ib(d, p, depth);
	} else {
		d->show->raw(d->r, p->body, p->n_body);
	}
}

/*
 * One packet header at dw[at]: type 0 (register writes from a base),
 * type 2 (filler), type 3; a type-1 header is reported and skipped.
 * Returns the dwords the packet takes, or 0 when its body runs past N.
 */
static unsigned decode_packet(struct decoder *d, const uint32_t *dw, unsigned n, unsigned at,
			      unsigned depth)
{
	uint32_t h = dw[at];
	unsigned count = (h >> 16) & 0x3fff;
	struct vsharp_pm4_packet p = {
		.offset = at, .type = h >> 30, .opcode = (h >> 8) & 0xff, .compute = h & 2,
		.body = dw + at + 1, .n_body = count + 1,
	};
	const char *name = p.type == 3 ? vsharp_pm4_opcode_name(p.opcode) : NULL;

	switch (p.type) {
	case 1:
		d->show->packet_begin(d->r, slot(d, at, depth), h, NULL);
		d->show->packet_end(d->r);
		return 1;
	case 2:
		d->show->packet_begin(d->r, slot(d, at, depth), h, "TYPE2");
		d->show->packet_end(d->r);
		return 1;
	case 3:
		if (p.opcode == VSHARP_PKT3_NOP && count == 0x3fff)
			p.n_body = 0;
		break;
	}
	if (p.n_body > n - at - 1) {
		d->ret = vsharp_fail(&d->err, -EINVAL,
				     "dword %u: %s packet needs %u body dwords, the IB ends after %u",
				     slot(d, at, depth), p.type == 0 ? "type-0" : name ? name : "type-3",
				     p.n_body, n - at - 1);
		return 0;
	}
	d->show->packet_begin(d->r, slot(d, at, depth), h, name);
	if (p.type == 0) {
		for (unsigned i = 0; i < p.n_body; i++)
			show_reg(d, (h & 0xffff) + i, p.body[i]);
	} else {
		show_type3(d, &p, depth);
	}
	d->show->packet_end(d->r);
	return 1 + p.n_body;
}

static void decode_stream(struct decoder *d, const uint32_t *dw, unsigned n, unsigned depth)
{
	unsigned at = 0, used = 1;

	d->show->stream_begin(d->r);
	for (; at < n && used; at += used)
		used = decode_packet(d, dw, n, at, depth);
	if (!used) {
		/* Show what could not be parsed; the caller reports it. */
		d->show->stream_error(d->r, slot(d, at, depth), d->err.msg);
		for (unsigned i = at; i < n; i++)
			d->show->unparsed(d->r, slot(d, i, depth), dw[i]);
	}
	d->show->stream_end(d->r);
}

static int decode(enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		  const struct vsharp_pm4_decode *opt, const struct vsharp_ring_dump *ring,
		  FILE *out, struct vsharp_error *err)
{
	struct decoder *d = calloc(1, sizeof(*d));
	int ret;

	if (d)
		d->r = opt && opt->json ? pm4_render_json(out) : pm4_render_text(out);
	if (!d || !d->r) {
		free(d);
		return vsharp_fail(err, -ENOMEM, "out of memory");
	}
	d->level = level;
	d->show = d->r->ops;
	d->opt = opt;
	d->ring = ring;
	d->show->begin(d->r, level, ring, n);
	decode_stream(d, dw, n, 0);
	d->show->end(d->r);
	ret = d->ret;
	if (ret && err)
		*err = d->err;
	free(d->r);
	free(d);
	return ret;
}

int vsharp_pm4_decode(enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		      const struct vsharp_pm4_decode *opt, FILE *out, struct vsharp_error *err)
{
	return decode(level, dw, n, opt, NULL, out, err);
}

int vsharp_pm4_decode_ring(enum vsharp_gfx level, const struct vsharp_ring_dump *ring,
			   const struct vsharp_pm4_decode *opt, FILE *out, struct vsharp_error *err)
{
	size_t n = (ring->wptr + ring->n - ring->rptr) % ring->n;
	uint32_t *dw = malloc((n ? n : 1) * sizeof(*dw));
	int ret;

	if (!dw)
		return vsharp_fail(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++)
		dw[i] = ring->ring[(ring->rptr + i) % ring->n];
	ret = decode(level, dw, (unsigned)n, opt, ring, out, err);
	free(dw);
	return ret;
}

int vsharp_pm4_print(enum vsharp_gfx level, const uint32_t *dw, unsigned n, FILE *out,
		     struct vsharp_error *err)
{
	return vsharp_pm4_decode(level, dw, n, NULL, out, err);
}
