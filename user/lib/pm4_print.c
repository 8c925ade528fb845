// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode`: one line per packet, one per register written, with
 * the fields vsharp knows decoded.  A bring-up tool: it prints any stream,
 * unknown opcodes as raw dwords, and after a malformed packet the rest of
 * the stream raw, then reports the error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vsharp/pm4.h"
#include "util.h"

#define L9	VSHARP_GFX_RANGE(VSHARP_GFX9, VSHARP_GFX12)
#define L10	VSHARP_GFX_RANGE(VSHARP_GFX10, VSHARP_GFX12)
#define L10_11	VSHARP_GFX_RANGE(VSHARP_GFX10, VSHARP_GFX11)
#define L9_11	VSHARP_GFX_RANGE(VSHARP_GFX9, VSHARP_GFX11)
#define L11	VSHARP_GFX_BIT(VSHARP_GFX11)
#define L12	VSHARP_GFX_BIT(VSHARP_GFX12)

/* Packet dwords decoded with the same table as registers, under these ids. */
enum {
	P_COHER_CNTL = 0x10000,	/* ACQUIRE_MEM dword 1, GFX9 form */
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
};

enum fmt {
	F_DEC,
	F_HEX,
	F_FLAG,		/* the name when set */
	F_VGPRS,	/* RSRC1.VGPRS as a count for wave64 (and wave32 where it exists) */
	F_SGPRS,	/* RSRC1.SGPRS as a count (GFX9) */
	F_LDS,		/* RSRC2.LDS_SIZE in bytes */
	F_ENUM,		/* F_ENUM + k: the value's name in enums[k] */
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

/* Field positions: research/dispatch.md §2.4, §2.5, §2.7. */
static const struct field {
	uint32_t reg;
	uint32_t levels;
	uint8_t lo, hi;
	uint8_t fmt;
	const char *name;
} fields[] = {
	{ VSHARP_COMPUTE_PGM_RSRC1, L9, 0, 5, F_VGPRS, "vgprs" },
	{ VSHARP_COMPUTE_PGM_RSRC1, VSHARP_GFX_BIT(VSHARP_GFX9), 6, 9, F_SGPRS, "sgprs" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L9, 12, 19, F_HEX, "float_mode" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L9_11, 21, 21, F_FLAG, "dx10_clamp" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L12, 21, 21, F_FLAG, "wg_rr_en" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L9_11, 23, 23, F_FLAG, "ieee_mode" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L10, 29, 29, F_FLAG, "wgp_mode" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L10, 30, 30, F_FLAG, "mem_ordered" },
	{ VSHARP_COMPUTE_PGM_RSRC1, L10, 31, 31, F_FLAG, "fwd_progress" },

	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 0, 0, F_FLAG, "scratch_en" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 1, 5, F_DEC, "user_sgprs" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9_11, 6, 6, F_FLAG, "trap_present" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 7, 7, F_FLAG, "tgid_x_en" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 8, 8, F_FLAG, "tgid_y_en" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 9, 9, F_FLAG, "tgid_z_en" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 11, 12, F_DEC, "tidig_comp_cnt" },
	{ VSHARP_COMPUTE_PGM_RSRC2, L9, 15, 23, F_LDS, "lds_bytes" },

	{ VSHARP_COMPUTE_PGM_RSRC3, L10, 0, 3, F_DEC, "shared_vgpr_cnt" },
	{ VSHARP_COMPUTE_PGM_RSRC3, L11, 4, 9, F_DEC, "inst_pref_size" },
	{ VSHARP_COMPUTE_PGM_RSRC3, L12, 4, 11, F_DEC, "inst_pref_size" },
	{ VSHARP_COMPUTE_PGM_RSRC3, L12, 13, 13, F_FLAG, "glg_en" },

	{ VSHARP_COMPUTE_NUM_THREAD_X, L9, 0, 15, F_DEC, "full" },
	{ VSHARP_COMPUTE_NUM_THREAD_X, L9, 16, 31, F_DEC, "partial" },
	{ VSHARP_COMPUTE_NUM_THREAD_X + 1, L9, 0, 15, F_DEC, "full" },
	{ VSHARP_COMPUTE_NUM_THREAD_X + 1, L9, 16, 31, F_DEC, "partial" },
	{ VSHARP_COMPUTE_NUM_THREAD_X + 2, L9, 0, 15, F_DEC, "full" },
	{ VSHARP_COMPUTE_NUM_THREAD_X + 2, L9, 16, 31, F_DEC, "partial" },

	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 0, 0, F_FLAG, "COMPUTE_SHADER_EN" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 1, 1, F_FLAG, "PARTIAL_TG_EN" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 2, 2, F_FLAG, "FORCE_START_AT_000" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 3, 3, F_FLAG, "ORDERED_APPEND_ENBL" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 4, 4, F_FLAG, "ORDERED_APPEND_MODE" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 5, 5, F_FLAG, "USE_THREAD_DIMENSIONS" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 6, 6, F_FLAG, "ORDER_MODE" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 10, 10, F_FLAG, "SCALAR_L1_INV_VOL" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 11, 11, F_FLAG, "VECTOR_L1_INV_VOL" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, VSHARP_GFX_BIT(VSHARP_GFX9), 12, 12, F_FLAG,
	  "DATA_ATC" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L9, 14, 14, F_FLAG, "RESTORE" },
	{ VSHARP_COMPUTE_DISPATCH_INITIATOR, L10, 15, 15, F_FLAG, "CS_W32_EN" },

	{ P_COHER_CNTL, L9, 18, 18, F_FLAG, "TC_WB_ACTION_ENA" },
	{ P_COHER_CNTL, L9, 22, 22, F_FLAG, "TCL1_ACTION_ENA" },
	{ P_COHER_CNTL, L9, 23, 23, F_FLAG, "TC_ACTION_ENA" },
	{ P_COHER_CNTL, L9, 27, 27, F_FLAG, "SH_KCACHE_ACTION_ENA" },
	{ P_COHER_CNTL, L9, 29, 29, F_FLAG, "SH_ICACHE_ACTION_ENA" },

	{ P_GCR_CNTL, L10, 0, 1, F_DEC, "GLI_INV" },
	{ P_GCR_CNTL, L10_11, 4, 4, F_FLAG, "GLM_WB" },
	{ P_GCR_CNTL, L10_11, 5, 5, F_FLAG, "GLM_INV" },
	{ P_GCR_CNTL, L10, 7, 7, F_FLAG, "GLK_INV" },
	{ P_GCR_CNTL, L10, 8, 8, F_FLAG, "GLV_INV" },
	{ P_GCR_CNTL, L10_11, 9, 9, F_FLAG, "GL1_INV" },
	{ P_GCR_CNTL, L10, 14, 14, F_FLAG, "GL2_INV" },
	{ P_GCR_CNTL, L10, 15, 15, F_FLAG, "GL2_WB" },
	{ P_GCR_CNTL, L10, 16, 17, F_DEC, "SEQ" },

	{ P_EVENT_CNTL, L9, 0, 5, F_ENUM + E_EVENT, "EVENT_TYPE" },
	{ P_EVENT_CNTL, L9, 8, 11, F_ENUM + E_EVENT_INDEX, "EVENT_INDEX" },
	{ P_EVENT_CNTL, L10, 12, 12, F_FLAG, "GLM_WB" },
	{ P_EVENT_CNTL, L10, 13, 13, F_FLAG, "GLM_INV" },
	{ P_EVENT_CNTL, L10, 14, 14, F_FLAG, "GLV_INV" },
	{ P_EVENT_CNTL, L10, 20, 20, F_FLAG, "GL2_INV" },
	{ P_EVENT_CNTL, L10, 21, 21, F_FLAG, "GL2_WB" },
	{ P_EVENT_CNTL, L10, 22, 22, F_FLAG, "SEQ" },
	{ P_EVENT_CNTL, L10, 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_DATA_CNTL, L9, 16, 17, F_ENUM + E_RM_DST, "DST_SEL" },
	{ P_DATA_CNTL, L9, 24, 26, F_ENUM + E_INT_SEL, "INT_SEL" },
	{ P_DATA_CNTL, L9, 29, 31, F_ENUM + E_DATA_SEL, "DATA_SEL" },

	{ P_IB_CONTROL, L9, 0, 19, F_DEC, "IB_SIZE" },
	{ P_IB_CONTROL, L9, 20, 20, F_FLAG, "CHAIN" },
	{ P_IB_CONTROL, L9, 21, 21, F_FLAG, "PRE_ENA" },
	{ P_IB_CONTROL, L9, 23, 23, F_FLAG, "VALID" },
	{ P_IB_CONTROL, L9, 24, 27, F_DEC, "VMID" },
	{ P_IB_CONTROL, L9, 28, 29, F_DEC, "CACHE_POLICY" },

	{ P_WRM_CNTL, L9, 0, 2, F_ENUM + E_FUNCTION, "FUNCTION" },
	{ P_WRM_CNTL, L9, 4, 5, F_ENUM + E_MEM_SPACE, "MEM_SPACE" },
	{ P_WRM_CNTL, L9, 6, 7, F_DEC, "OPERATION" },
	{ P_WRM_CNTL, L9, 8, 8, F_ENUM + E_ENGINE, "ENGINE" },
	{ P_WRM_CNTL, L10, 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_WRM_POLL, L9, 0, 15, F_DEC, "POLL_INTERVAL" },

	{ P_WD_CNTL, L9, 8, 11, F_ENUM + E_WD_DST, "DST_SEL" },
	{ P_WD_CNTL, L9, 16, 16, F_FLAG, "WR_ONE_ADDR" },
	{ P_WD_CNTL, L9, 20, 20, F_FLAG, "WR_CONFIRM" },
	{ P_WD_CNTL, L9, 25, 26, F_DEC, "CACHE_POLICY" },
	{ P_WD_CNTL, L9, 30, 31, F_ENUM + E_ENGINE_SEL, "ENGINE_SEL" },

	{ P_EW_CNTL, L9, 0, 5, F_ENUM + E_EVENT, "EVENT_TYPE" },
	{ P_EW_CNTL, L9, 8, 11, F_ENUM + E_EVENT_INDEX, "EVENT_INDEX" },

	{ P_DMA_CNTL, L9, 0, 0, F_ENUM + E_ENGINE, "ENGINE_SEL" },
	{ P_DMA_CNTL, L9, 13, 14, F_DEC, "SRC_CACHE_POLICY" },
	{ P_DMA_CNTL, L9, 20, 21, F_ENUM + E_DMA_DST, "DST_SEL" },
	{ P_DMA_CNTL, L9, 25, 26, F_DEC, "DST_CACHE_POLICY" },
	{ P_DMA_CNTL, L9, 29, 30, F_ENUM + E_DMA_SRC, "SRC_SEL" },
	{ P_DMA_CNTL, L9, 31, 31, F_FLAG, "CP_SYNC" },
	{ P_DMA_COMMAND, L9, 0, 25, F_DEC, "BYTE_COUNT" },
	{ P_DMA_COMMAND, L9, 26, 26, F_FLAG, "SAS" },
	{ P_DMA_COMMAND, L9, 27, 27, F_FLAG, "DAS" },
	{ P_DMA_COMMAND, L9, 28, 28, F_FLAG, "SAIC" },
	{ P_DMA_COMMAND, L9, 29, 29, F_FLAG, "DAIC" },
	{ P_DMA_COMMAND, L9, 30, 30, F_FLAG, "RAW_WAIT" },
	{ P_DMA_COMMAND, L9, 31, 31, F_FLAG, "DIS_WC" },

	{ P_CD_CNTL, L9, 0, 3, F_ENUM + E_CD_SRC, "SRC_SEL" },
	{ P_CD_CNTL, L9, 8, 11, F_ENUM + E_CD_DST, "DST_SEL" },
	{ P_CD_CNTL, L9, 13, 14, F_DEC, "SRC_CACHE_POLICY" },
	{ P_CD_CNTL, L9, 16, 16, F_FLAG, "COUNT_SEL" },
	{ P_CD_CNTL, L9, 20, 20, F_FLAG, "WR_CONFIRM" },
	{ P_CD_CNTL, L9, 25, 26, F_DEC, "DST_CACHE_POLICY" },
	{ P_CD_CNTL, L9, 30, 31, F_ENUM + E_ENGINE_SEL, "ENGINE_SEL" },

	{ P_CC_LOAD, L9, 0, 0, F_FLAG, "LOAD_GLOBAL_CONFIG" },
	{ P_CC_LOAD, L9, 1, 1, F_FLAG, "LOAD_PER_CONTEXT_STATE" },
	{ P_CC_LOAD, L9, 15, 15, F_FLAG, "LOAD_GLOBAL_UCONFIG" },
	{ P_CC_LOAD, L9, 16, 16, F_FLAG, "LOAD_GFX_SH_REGS" },
	{ P_CC_LOAD, L9, 24, 24, F_FLAG, "LOAD_CS_SH_REGS" },
	{ P_CC_LOAD, L9, 28, 28, F_FLAG, "LOAD_CE_RAM" },
	{ P_CC_LOAD, L9, 31, 31, F_FLAG, "UPDATE_LOAD_ENABLES" },
	{ P_CC_SHADOW, L9, 0, 0, F_FLAG, "SHADOW_GLOBAL_CONFIG" },
	{ P_CC_SHADOW, L9, 1, 1, F_FLAG, "SHADOW_PER_CONTEXT_STATE" },
	{ P_CC_SHADOW, L9, 15, 15, F_FLAG, "SHADOW_GLOBAL_UCONFIG" },
	{ P_CC_SHADOW, L9, 16, 16, F_FLAG, "SHADOW_GFX_SH_REGS" },
	{ P_CC_SHADOW, L9, 24, 24, F_FLAG, "SHADOW_CS_SH_REGS" },
	{ P_CC_SHADOW, L9, 31, 31, F_FLAG, "UPDATE_SHADOW_ENABLES" },

	{ P_HI16, L9, 0, 15, F_HEX, "[47:32]" },
};

static uint32_t mask(unsigned lo, unsigned hi)
{
	return (hi == 31 ? ~0u : (1u << (hi + 1)) - 1) & ~((1u << lo) - 1);
}

/* " name=value ..." for the known fields of V, then any other bits set. */
static void print_fields(FILE *out, enum vsharp_gfx level, uint32_t reg, uint32_t v)
{
	uint32_t known = 0;
	bool any = false;

	for (size_t i = 0; i < ARRAY_SIZE(fields); i++) {
		const struct field *f = &fields[i];
		uint32_t x;

		if (f->reg != reg || !(f->levels & VSHARP_GFX_BIT(level)))
			continue;
		any = true;
		known |= mask(f->lo, f->hi);
		x = (v & mask(f->lo, f->hi)) >> f->lo;
		switch (f->fmt) {
		case F_FLAG:
			if (x)
				fprintf(out, " %s", f->name);
			break;
		case F_HEX:
			fprintf(out, " %s=0x%x", f->name, x);
			break;
		case F_VGPRS:
			if (level == VSHARP_GFX9)
				fprintf(out, " vgprs=%u", (x + 1) * 4);
			else
				fprintf(out, " vgprs=%u(w64)/%u(w32)", (x + 1) * 4, (x + 1) * 8);
			break;
		case F_SGPRS:
			fprintf(out, " sgprs=%u", (x / 2 + 1) * 16);
			break;
		case F_LDS:
			fprintf(out, " lds_bytes=%u", x * 512);
			break;
		case F_DEC:
			fprintf(out, " %s=%u", f->name, x);
			break;
		default: {
			unsigned k = f->fmt - F_ENUM;
			const char *name = x < enums[k].n ? enums[k].names[x] : NULL;

			if (name)
				fprintf(out, " %s=%u(%s)", f->name, x, name);
			else
				fprintf(out, " %s=%u", f->name, x);
			break;
		}
			fprintf(out, " %s=%u", f->name, x);
			break;
		}
	}
	if (any && (v & ~known))
		fprintf(out, " other=0x%x", v & ~known);
}

static void print_raw(FILE *out, const uint32_t *dw, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		fprintf(out, "%s0x%08x%s", i % 8 ? " " : "        ", dw[i],
			i % 8 == 7 || i + 1 == n ? "\n" : "");
}

static void print_reg(FILE *out, enum vsharp_gfx level, uint32_t reg, uint32_t v,
		      const struct vsharp_compute_regs *regs)
{
	const char *name = vsharp_reg_name(level, reg);

	if (name)
		fprintf(out, "        %s = 0x%08x", name, v);
	else	/* Mesa names registers by byte address: R_028A90 for 0xa2a4. */
		fprintf(out, "        reg 0x%04x (R_%06X) = 0x%08x", reg, reg * 4, v);
	print_fields(out, level, reg, v);
	if (reg == VSHARP_COMPUTE_PGM_HI && vsharp_pm4_reg_written(regs, VSHARP_COMPUTE_PGM_LO))
		fprintf(out, " pgm_va=0x%" PRIx64,
			(uint64_t)regs->sh[VSHARP_COMPUTE_PGM_LO - VSHARP_SH_REG_BASE] << 8 |
			(uint64_t)(v & 0xff) << 40);
	fputc('\n', out);
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

static void print_set_reg(FILE *out, enum vsharp_gfx level, const struct vsharp_pm4_packet *p,
			  struct vsharp_compute_regs *regs, int kind)
{
	uint32_t base = set_packets[kind].base;
	uint32_t off = p->body[0];
	struct vsharp_error err;

	if (set_packets[kind].index) {
		if (off >> 28 || p->opcode == VSHARP_PKT3_SET_SH_REG_INDEX)
			fprintf(out, "        index=%u\n", off >> 28);
		off &= 0xffff;
	}
	if (set_packets[kind].sh && vsharp_pm4_apply_sh(regs, p, &err)) {
		fprintf(out, "        error: %s\n", err.msg);
		print_raw(out, p->body, p->n_body);
		return;
	}
	for (unsigned i = 1; i < p->n_body; i++)
		print_reg(out, level, base + off + i - 1, p->body[i], regs);
	if (p->n_body < 2)
		fprintf(out, "        offset 0x%x, no values\n", off);
}

static void print_dispatch(FILE *out, enum vsharp_gfx level, const struct vsharp_pm4_packet *p,
			   const struct vsharp_compute_regs *regs)
{
	struct vsharp_dispatch_state st;
	struct vsharp_error err;

	if (p->n_body != 4) {
		print_raw(out, p->body, p->n_body);
		return;
	}
	fprintf(out, "        dim_x=%u dim_y=%u dim_z=%u\n", p->body[0], p->body[1], p->body[2]);
	fprintf(out, "        initiator=0x%08x", p->body[3]);
	print_fields(out, level, VSHARP_COMPUTE_DISPATCH_INITIATOR, p->body[3]);
	fputc('\n', out);
	if (vsharp_pm4_dispatch_state(level, regs, p, &st, &err)) {
		fprintf(out, "        state: %s\n", err.msg);
		return;
	}
	fprintf(out, "        state: wave%u pgm_va=0x%" PRIx64 " vgprs=%u sgprs=%u user_sgprs=%u"
		" tgid=%s%s%s tidig_comps=%u lds_bytes=%u threads=%ux%ux%u\n",
		st.wave32 ? 32 : 64, st.pgm_va, st.vgprs_alloc, st.sgprs_alloc, st.user_sgprs,
		st.tgid[0] ? "x" : "", st.tgid[1] ? "y" : "", st.tgid[2] ? "z" : "",
		st.tidig_comps, st.lds_bytes, st.threads[0], st.threads[1], st.threads[2]);
}

static void print_acquire(FILE *out, enum vsharp_gfx level, const struct vsharp_pm4_packet *p)
{
	const uint32_t *b = p->body;

	if (p->n_body != 6 && p->n_body != 7) {
		print_raw(out, b, p->n_body);
		return;
	}
	/*
	 * The form says which generation wrote it: 6 dwords with the actions
	 * in CP_COHER_CNTL (GFX9), or 7 with GCR_CNTL last (GFX10+), whatever
	 * --gfx says.
	 */
	fprintf(out, "        coher_cntl=0x%08x", b[0]);
	if (p->n_body == 6)
		print_fields(out, VSHARP_GFX9, P_COHER_CNTL, b[0]);
	fprintf(out, "\n        size=0x%08x size_hi=0x%x base=0x%08x base_hi=0x%x poll_interval=0x%x\n",
		b[1], b[2], b[3], b[4], b[5]);
	if (p->n_body == 7) {
		fprintf(out, "        gcr_cntl=0x%08x", b[6]);
		print_fields(out, level < VSHARP_GFX10 ? VSHARP_GFX10 : level, P_GCR_CNTL, b[6]);
		fputc('\n', out);
	}
}

static void print_release(FILE *out, enum vsharp_gfx level, const struct vsharp_pm4_packet *p)
{
	const uint32_t *b = p->body;

	if (p->n_body != 7) {
		print_raw(out, b, p->n_body);
		return;
	}
	fprintf(out, "        event_cntl=0x%08x", b[0]);
	print_fields(out, level, P_EVENT_CNTL, b[0]);
	fprintf(out, "\n        data_cntl=0x%08x", b[1]);
	print_fields(out, level, P_DATA_CNTL, b[1]);
	fprintf(out, "\n        addr=0x%" PRIx64 " data=0x%" PRIx64 " int_ctxid=0x%08x\n",
		(uint64_t)b[3] << 32 | b[2], (uint64_t)b[5] << 32 | b[4], b[6]);
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
	{ 0x42, 1, { { "DUMMY", 0 } } },				/* PFP_SYNC_ME */
	{ 0x46, 3, { { "EVENT_CNTL", P_EW_CNTL }, { "ADDRESS_LO", 0 },	/* EVENT_WRITE */
		     { "ADDRESS_HI", 0 } } },
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

static void print_layout(FILE *out, enum vsharp_gfx level, const struct packet_layout *l,
			 const struct vsharp_pm4_packet *p)
{
	for (unsigned i = 0; i < p->n_body; i++) {
		const struct dword_desc *d = &l->dw[i < l->n ? i : (unsigned)l->n - 1];

		fprintf(out, "        %s = 0x%08x", d->label, p->body[i]);
		if (d->fields)
			print_fields(out, level, d->fields, p->body[i]);
		fputc('\n', out);
	}
}

struct decoder {
	enum vsharp_gfx level;
	FILE *out;
	const struct vsharp_pm4_decode *opt;
	struct vsharp_compute_regs regs;
	int ret;
	struct vsharp_error err;
};

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

	fprintf(d->out, "        -> IB at 0x%" PRIx64 ", %u dwords, VMID %u, SWAP %u%s\n", va, size,
		p->body[2] >> 24 & 0xf, p->body[0] & 3, p->body[2] >> 20 & 1 ? ", chained" : "");
	if (!d->opt || !d->opt->follow_depth)
		return;
	if (depth >= d->opt->follow_depth) {
		fprintf(d->out, "        (not followed: depth %u is the --follow limit)\n", depth);
		return;
	}
	ib = mem_at(d->opt, va, size);
	if (!ib) {
		fprintf(d->out, "        (not followed: no memory image holds 0x%" PRIx64 "..0x%" PRIx64 ")\n",
			va, va + 4 * (uint64_t)size);
		return;
	}
	fprintf(d->out, "--- IB 0x%" PRIx64 " (%u dwords, depth %u) ---\n", va, size, depth + 1);
	decode_stream(d, ib, size, depth + 1);
	fprintf(d->out, "--- end of IB 0x%" PRIx64 " ---\n", va);
}

static void print_type3(struct decoder *d, const struct vsharp_pm4_packet *p, unsigned depth)
{
	const char *name = vsharp_pm4_opcode_name(p->opcode);
	const struct packet_layout *l;
	int set = set_packet(p->opcode);
	FILE *out = d->out;

	if (p->opcode == VSHARP_PKT3_NOP && !p->n_body) {
		fprintf(out, "%5u: NOP (0x3fff, one dword)\n", p->offset);
		return;
	}
	if (name)
		fprintf(out, "%5u: %s (%u)%s\n", p->offset, name, p->n_body - 1,
			p->compute ? "" : " shader_type=0");
	else
		fprintf(out, "%5u: opcode 0x%02x (%u)%s\n", p->offset, p->opcode, p->n_body - 1,
			p->compute ? "" : " shader_type=0");
	if (set >= 0) {
		print_set_reg(out, d->level, p, &d->regs, set);
	} else if (p->opcode == VSHARP_PKT3_DISPATCH_DIRECT) {
		print_dispatch(out, d->level, p, &d->regs);
	} else if (p->opcode == VSHARP_PKT3_ACQUIRE_MEM) {
		print_acquire(out, d->level, p);
	} else if (p->opcode == VSHARP_PKT3_RELEASE_MEM) {
		print_release(out, d->level, p);
	} else if ((l = layout(p->opcode))) {
		print_layout(out, d->level, l, p);
		if ((p->opcode == VSHARP_PKT3_INDIRECT_BUFFER || p->opcode == 0x33) && p->n_body == 3)
			follow_ib(d, p, depth);
	} else {
		print_raw(out, p->body, p->n_body);
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
		fprintf(d->out, "%5u: type-1 header 0x%08x (no such packet on GCN and later; one dword skipped)\n",
			at, h);
		return 1;
	case 2:
		fprintf(d->out, "%5u: TYPE2 filler\n", at);
		return 1;
	case 3:
		if (p.opcode == VSHARP_PKT3_NOP && count == 0x3fff)
			p.n_body = 0;
		break;
	}
	if (p.n_body > n - at - 1) {
		d->ret = vsharp_fail(&d->err, -EINVAL,
				     "dword %u: %s packet needs %u body dwords, the IB ends after %u",
				     at, p.type == 0 ? "type-0" : name ? name : "type-3", p.n_body,
				     n - at - 1);
		return 0;
	}
	if (p.type == 0) {
		fprintf(d->out, "%5u: TYPE0 reg 0x%04x (%u)\n", at, h & 0xffff, count);
		for (unsigned i = 0; i < p.n_body; i++)
			print_reg(d->out, d->level, (h & 0xffff) + i, p.body[i], &d->regs);
	} else {
		print_type3(d, &p, depth);
	}
	return 1 + p.n_body;
}

static void decode_stream(struct decoder *d, const uint32_t *dw, unsigned n, unsigned depth)
{
	for (unsigned at = 0, used; at < n; at += used) {
		used = decode_packet(d, dw, n, at, depth);
		if (!used) {
			/* Show what could not be parsed, then report it. */
			fprintf(d->out, "%5u: error: %s\n", at, d->err.msg);
			for (unsigned i = at; i < n; i++)
				fprintf(d->out, "%5u: 0x%08x\n", i, dw[i]);
			return;
		}
	}
}

int vsharp_pm4_decode(enum vsharp_gfx level, const uint32_t *dw, unsigned n,
		      const struct vsharp_pm4_decode *opt, FILE *out, struct vsharp_error *err)
{
	struct decoder *d = calloc(1, sizeof(*d));
	int ret;

	if (!d)
		return vsharp_fail(err, -ENOMEM, "out of memory");
	d->level = level;
	d->out = out;
	d->opt = opt;
	decode_stream(d, dw, n, 0);
	ret = d->ret;
	if (ret && err)
		*err = d->err;
	free(d);
	return ret;
}

int vsharp_pm4_print(enum vsharp_gfx level, const uint32_t *dw, unsigned n, FILE *out,
		     struct vsharp_error *err)
{
	return vsharp_pm4_decode(level, dw, n, NULL, out, err);
}
