// SPDX-License-Identifier: MIT
/*
 * `vsharp ib decode`: one line per packet, one per register written, with
 * the fields vsharp knows decoded.  A bring-up tool: it prints any stream,
 * unknown opcodes as raw dwords, and after a malformed packet the rest of
 * the stream raw, then reports the error.
 */
#include <inttypes.h>
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
};

enum fmt {
	F_DEC,
	F_HEX,
	F_FLAG,		/* the name when set */
	F_VGPRS,	/* RSRC1.VGPRS as a count for wave64 (and wave32 where it exists) */
	F_SGPRS,	/* RSRC1.SGPRS as a count (GFX9) */
	F_LDS,		/* RSRC2.LDS_SIZE in bytes */
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

	{ P_EVENT_CNTL, L9, 0, 5, F_HEX, "event_type" },
	{ P_EVENT_CNTL, L9, 8, 11, F_DEC, "event_index" },
	{ P_EVENT_CNTL, L10, 12, 12, F_FLAG, "GLM_WB" },
	{ P_EVENT_CNTL, L10, 13, 13, F_FLAG, "GLM_INV" },
	{ P_EVENT_CNTL, L10, 14, 14, F_FLAG, "GLV_INV" },
	{ P_EVENT_CNTL, L10, 20, 20, F_FLAG, "GL2_INV" },
	{ P_EVENT_CNTL, L10, 21, 21, F_FLAG, "GL2_WB" },
	{ P_EVENT_CNTL, L10, 22, 22, F_FLAG, "SEQ" },
	{ P_EVENT_CNTL, L10, 25, 26, F_DEC, "cache_policy" },
	{ P_DATA_CNTL, L9, 16, 17, F_DEC, "dst_sel" },
	{ P_DATA_CNTL, L9, 24, 26, F_DEC, "int_sel" },
	{ P_DATA_CNTL, L9, 29, 31, F_DEC, "data_sel" },
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
		default:
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
	else
		fprintf(out, "        reg 0x%04x = 0x%08x", reg, v);
	print_fields(out, level, reg, v);
	if (reg == VSHARP_COMPUTE_PGM_HI && vsharp_pm4_reg_written(regs, VSHARP_COMPUTE_PGM_LO))
		fprintf(out, " pgm_va=0x%" PRIx64,
			(uint64_t)regs->sh[VSHARP_COMPUTE_PGM_LO - VSHARP_SH_REG_BASE] << 8 |
			(uint64_t)(v & 0xff) << 40);
	fputc('\n', out);
}

static void print_set_reg(FILE *out, enum vsharp_gfx level, const struct vsharp_pm4_packet *p,
			  struct vsharp_compute_regs *regs)
{
	bool uconfig = p->opcode == VSHARP_PKT3_SET_UCONFIG_REG;
	uint32_t base = uconfig ? VSHARP_UCONFIG_REG_BASE : VSHARP_SH_REG_BASE;
	uint32_t off = p->body[0];
	struct vsharp_error err;

	if (p->opcode == VSHARP_PKT3_SET_SH_REG_INDEX) {
		fprintf(out, "        index=%u\n", off >> 28);
		off &= 0xffff;
	}
	if (!uconfig && vsharp_pm4_apply_sh(regs, p, &err)) {
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

int vsharp_pm4_print(enum vsharp_gfx level, const uint32_t *dw, unsigned n, FILE *out,
		     struct vsharp_error *err)
{
	struct vsharp_compute_regs regs;
	struct vsharp_pm4_packet p;
	struct vsharp_error e;
	unsigned pos = 0;
	int ret;

	memset(&regs, 0, sizeof(regs));
	while ((ret = vsharp_pm4_next(dw, n, &pos, &p, &e)) > 0) {
		const char *name = vsharp_pm4_opcode_name(p.opcode);

		if (p.type == 2) {
			fprintf(out, "%5u: TYPE2 filler\n", p.offset);
			continue;
		}
		if (p.opcode == VSHARP_PKT3_NOP && !p.n_body) {
			fprintf(out, "%5u: NOP (0x3fff, one dword)\n", p.offset);
			continue;
		}
		if (name)
			fprintf(out, "%5u: %s (%u)%s\n", p.offset, name, p.n_body - 1,
				p.compute ? "" : " shader_type=0");
		else
			fprintf(out, "%5u: opcode 0x%02x (%u)%s\n", p.offset, p.opcode, p.n_body - 1,
				p.compute ? "" : " shader_type=0");
		switch (p.opcode) {
		case VSHARP_PKT3_SET_SH_REG:
		case VSHARP_PKT3_SET_SH_REG_INDEX:
		case VSHARP_PKT3_SET_UCONFIG_REG:
			print_set_reg(out, level, &p, &regs);
			break;
		case VSHARP_PKT3_DISPATCH_DIRECT:
			print_dispatch(out, level, &p, &regs);
			break;
		case VSHARP_PKT3_ACQUIRE_MEM:
			print_acquire(out, level, &p);
			break;
		case VSHARP_PKT3_RELEASE_MEM:
			print_release(out, level, &p);
			break;
		default:
			print_raw(out, p.body, p.n_body);
			break;
		}
	}
	if (ret < 0) {
		/* Show what could not be parsed, then report it. */
		fprintf(out, "%5u: error: %s\n", pos, e.msg);
		for (unsigned i = pos; i < n; i++)
			fprintf(out, "%5u: 0x%08x\n", i, dw[i]);
		if (err)
			*err = e;
		return ret;
	}
	return 0;
}
