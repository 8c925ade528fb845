// SPDX-License-Identifier: MIT
/*
 * The emulated device's shader core: executes one wave of a probe shader.
 * Scalar and vector ALU, SMEM and GLOBAL memory are done here; every buffer
 * and LDS instruction goes through the reference model (model.h), under the
 * alignment mode and rules of the device.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "emu.h"
#include "memory.h"

static bool lane_on(const struct emu_wave *w, unsigned l)
{
	return w->exec >> l & 1;
}

static int bad_operand(const struct emu_wave *w, const struct emu_opnd *o, struct vsharp_error *err)
{
	return vsharp_fail(err, -EINVAL, "emu: %s: operand kind %d is not valid here (pc 0x%" PRIx64 ")",
			   vsharp_gfx_name(w->level), o->kind, w->pc);
}

static int sread(const struct emu_wave *w, const struct emu_opnd *o, uint32_t *v,
		 struct vsharp_error *err)
{
	switch (o->kind) {
	case EMU_OPND_SGPR:
		if (o->index >= EMU_MAX_SGPRS)
			return bad_operand(w, o, err);
		*v = w->sgpr[o->index];
		return 0;
	case EMU_OPND_TTMP: *v = w->ttmp[o->index & 15]; return 0;
	case EMU_OPND_VCC_LO: *v = w->vcc[0]; return 0;
	case EMU_OPND_VCC_HI: *v = w->vcc[1]; return 0;
	case EMU_OPND_M0: *v = w->m0; return 0;
	case EMU_OPND_EXEC_LO: *v = (uint32_t)w->exec; return 0;
	case EMU_OPND_EXEC_HI: *v = (uint32_t)(w->exec >> 32); return 0;
	case EMU_OPND_NULL: *v = 0; return 0;
	case EMU_OPND_CONST:
	case EMU_OPND_LITERAL: *v = o->value; return 0;
	default: return bad_operand(w, o, err);
	}
}

static int swrite(struct emu_wave *w, const struct emu_opnd *o, uint32_t v, struct vsharp_error *err)
{
	switch (o->kind) {
	case EMU_OPND_SGPR:
		if (o->index >= EMU_MAX_SGPRS)
			return bad_operand(w, o, err);
		w->sgpr[o->index] = v;
		return 0;
	case EMU_OPND_TTMP: w->ttmp[o->index & 15] = v; return 0;
	case EMU_OPND_VCC_LO: w->vcc[0] = v; return 0;
	case EMU_OPND_VCC_HI: w->vcc[1] = v; return 0;
	case EMU_OPND_M0: w->m0 = v; return 0;
	case EMU_OPND_EXEC_LO: w->exec = (w->exec & ~0xffffffffull) | v; return 0;
	case EMU_OPND_EXEC_HI: w->exec = (w->exec & 0xffffffffull) | (uint64_t)v << 32; return 0;
	case EMU_OPND_NULL: return 0;
	default: return bad_operand(w, o, err);
	}
}

static uint64_t sread64(const struct emu_wave *w, unsigned first)
{
	return w->sgpr[first % EMU_MAX_SGPRS] | (uint64_t)w->sgpr[(first + 1) % EMU_MAX_SGPRS] << 32;
}

/* A VOP source for one lane: a VGPR, or a scalar value shared by all lanes. */
static int vread(const struct emu_wave *w, const struct emu_opnd *o, unsigned lane, uint32_t *v,
		 struct vsharp_error *err)
{
	if (o->kind == EMU_OPND_VGPR) {
		*v = w->vgpr[o->index % EMU_MAX_VGPRS][lane];
		return 0;
	}
	return sread(w, o, v, err);
}

static uint32_t hwreg(const struct emu_wave *w, unsigned id)
{
	/*
	 * HW_ID (GFX9, id 4): VM_ID in [23:20]; HW_ID2 (GFX10+, id 24): VM_ID in
	 * [27:24] (gc_9_0 / gc_10_3_0 sh_mask.h).  The other fields stay 0: the
	 * emulator has one SE, SH, CU and SIMD.
	 */
	if (w->level == VSHARP_GFX9 && id == 4)
		return (w->dev->vmid & 0xf) << 20;
	if (w->level >= VSHARP_GFX10 && id == 24)
		return (w->dev->vmid & 0xf) << 24;
	return 0;
}

static int exec_salu(struct emu_wave *w, const struct emu_insn *in, uint64_t *next,
		     struct vsharp_error *err)
{
	uint32_t a = 0, b = 0, r;
	uint64_t wide;
	int ret = 0;

	switch (in->op) {
	case EMU_OP_S_MOV_B32:
		ret = sread(w, &in->src0, &a, err);
		return ret ? ret : swrite(w, &in->dst, a, err);
	case EMU_OP_S_LSHL_B32:
	case EMU_OP_S_ADD_U32:
	case EMU_OP_S_ADDC_U32:
		ret = sread(w, &in->src0, &a, err);
		if (!ret)
			ret = sread(w, &in->src1, &b, err);
		if (ret)
			return ret;
		if (in->op == EMU_OP_S_LSHL_B32) {
			r = a << (b & 31);
			w->scc = r != 0;
		} else {
			wide = (uint64_t)a + b + (in->op == EMU_OP_S_ADDC_U32 && w->scc);
			r = (uint32_t)wide;
			w->scc = wide >> 32;
		}
		return swrite(w, &in->dst, r, err);
	case EMU_OP_S_GETPC_B64:
		wide = w->pc + 4u * in->words;
		w->sgpr[in->dst.index % EMU_MAX_SGPRS] = (uint32_t)wide;
		w->sgpr[(in->dst.index + 1) % EMU_MAX_SGPRS] = (uint32_t)(wide >> 32);
		return 0;
	case EMU_OP_S_SETPC_B64:
		*next = sread64(w, in->src0.index);
		return 0;
	case EMU_OP_S_GETREG_B32: {
		uint32_t size = in->hwreg_size ? in->hwreg_size : 32;
		uint32_t mask = size >= 32 ? ~0u : (1u << size) - 1;

		return swrite(w, &in->dst, hwreg(w, in->hwreg_id) >> in->hwreg_offset & mask, err);
	}
	case EMU_OP_S_BRANCH:
		*next = w->pc + 4 + (int64_t)in->simm16 * 4;
		return 0;
	case EMU_OP_S_WAITCNT:
		/* Memory completes when issued here; waits have nothing to wait for. */
		return 0;
	default:
		return vsharp_fail(err, -ENOSYS, "emu: %s: scalar operation %d not implemented (pc 0x%" PRIx64 ")",
				   vsharp_gfx_name(w->level), in->op, w->pc);
	}
}

static int exec_valu(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	for (unsigned l = 0; l < w->lanes; l++) {
		uint32_t a = 0, b = 0, r;
		int ret;

		if (!lane_on(w, l))
			continue;
		ret = vread(w, &in->src0, l, &a, err);
		if (!ret && in->op != EMU_OP_V_MOV_B32)
			ret = vread(w, &in->src1, l, &b, err);
		if (ret)
			return ret;
		switch (in->op) {
		case EMU_OP_V_MOV_B32: r = a; break;
		case EMU_OP_V_LSHLREV_B32: r = b << (a & 31); break;
		case EMU_OP_V_ADD_U32: r = a + b; break;
		case EMU_OP_V_AND_B32: r = a & b; break;
		default:
			return vsharp_fail(err, -ENOSYS, "emu: %s: vector operation %d not implemented (pc 0x%" PRIx64 ")",
					   vsharp_gfx_name(w->level), in->op, w->pc);
		}
		if (in->dst.kind != EMU_OPND_VGPR)
			return bad_operand(w, &in->dst, err);
		w->vgpr[in->dst.index % EMU_MAX_VGPRS][l] = r;
		w->dev->stats.lane_ops++;
	}
	return 0;
}

static int fault(const struct emu_wave *w, uint64_t va, unsigned n, struct vsharp_error *err)
{
	return vsharp_fail(err, -EFAULT, "emu: %s: page fault: %u bytes at 0x%" PRIx64 " are not mapped (pc 0x%" PRIx64 ")",
			   vsharp_gfx_name(w->level), n, va, w->pc);
}

static int exec_smem(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	uint64_t va = sread64(w, in->sbase) + in->smem_offset;
	const uint8_t *p = emu_at(w->dev, va, 4ull * in->smem_dwords);

	if (!p)
		return fault(w, va, 4 * in->smem_dwords, err);
	for (unsigned i = 0; i < in->smem_dwords; i++)
		w->sgpr[(in->dst.index + i) % EMU_MAX_SGPRS] = (uint32_t)load_le(p + 4 * i, 4);
	return 0;
}

static int exec_global(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	unsigned n = in->global_dwords;

	for (unsigned l = 0; l < w->lanes; l++) {
		uint64_t va;
		uint8_t *p;

		if (!lane_on(w, l))
			continue;
		if (in->has_saddr)
			va = sread64(w, in->saddr) + w->vgpr[in->vaddr % EMU_MAX_VGPRS][l];
		else
			va = w->vgpr[in->vaddr % EMU_MAX_VGPRS][l] |
			     (uint64_t)w->vgpr[(in->vaddr + 1) % EMU_MAX_VGPRS][l] << 32;
		va += (int64_t)in->global_offset;
		p = emu_at(w->dev, va, 4ull * n);
		if (!p)
			return fault(w, va, 4 * n, err);
		for (unsigned i = 0; i < n; i++) {
			uint32_t *reg = &w->vgpr[(in->vdata + i) % EMU_MAX_VGPRS][l];

			if (in->op == EMU_OP_GLOBAL_LOAD)
				*reg = (uint32_t)load_le(p + 4 * i, 4);
			else
				store_le(p + 4 * i, 4, *reg);
		}
	}
	return 0;
}

/* The memory unit: each lane of a buffer instruction through the model. */
static int exec_buffer(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct emu_device *d = w->dev;
	struct vsharp_memory mem = { EMU_VA_BASE, d->window, d->used };
	struct vsharp_buffer_access a;
	struct vsharp_buffer_plan p;
	uint32_t soffset;
	int ret;

	memset(&a, 0, sizeof(a));
	a.level = w->level;
	a.op = in->mem;
	for (unsigned i = 0; i < 4; i++)
		a.desc[i] = w->sgpr[(in->srsrc + i) % EMU_MAX_SGPRS];
	vsharp_emu_mutate_desc(w->level, d->mutation, a.desc);
	a.idxen = in->idxen;
	a.offen = in->offen;
	a.glc = in->glc || in->th == 1;
	a.tfe = in->tfe;
	a.lds = in->lds;
	ret = sread(w, &in->soffset, &soffset, err);
	if (ret)
		return ret;
	a.soffset = soffset;
	a.ioffset = in->offset;
	a.m0 = w->m0;
	a.tformat = in->tformat;
	a.align = d->align;
	a.rules = d->rules;
	ret = vsharp_buffer_plan(&a, &p, err);
	if (ret)
		return ret;
	for (unsigned l = 0; l < w->lanes; l++) {
		struct vsharp_lane_in li;
		struct vsharp_lane_out lo;
		unsigned v = in->vaddr;

		if (!lane_on(w, l))
			continue;
		memset(&li, 0, sizeof(li));
		li.lane = l;
		if (in->idxen)
			li.vindex = w->vgpr[v++ % EMU_MAX_VGPRS][l];
		if (in->offen)
			li.voffset = w->vgpr[v % EMU_MAX_VGPRS][l];
		for (unsigned k = 0; k < 8; k++)
			li.data[k] = w->vgpr[(in->vdata + k) % EMU_MAX_VGPRS][l];
		memcpy(li.vdst, li.data, sizeof(li.vdst));
		vsharp_buffer_lane(&p, &li, &mem, &w->lds, &lo);
		if (lo.fault)
			return fault(w, lo.addr, p.bytes, err);
		d->stats.memviols += lo.memviol;
		for (unsigned k = 0; k < lo.n_vdst; k++)
			w->vgpr[(in->vdata + k) % EMU_MAX_VGPRS][l] = lo.vdst[k];
		d->stats.lane_ops++;
	}
	return 0;
}

static int exec_ds(struct emu_wave *w, const struct emu_insn *in, struct vsharp_error *err)
{
	struct vsharp_ds_access a;
	int ret;

	memset(&a, 0, sizeof(a));
	a.level = w->level;
	a.op = in->mem;
	a.offset0 = in->offset0;
	a.offset1 = in->offset1;
	a.m0 = w->m0;
	a.align = w->dev->align;
	a.rules = w->dev->rules;
	ret = vsharp_ds_check(&a, err);
	if (ret)
		return ret;
	for (unsigned l = 0; l < w->lanes; l++) {
		struct vsharp_ds_lane_in li;
		struct vsharp_ds_lane_out lo;

		if (!lane_on(w, l))
			continue;
		memset(&li, 0, sizeof(li));
		li.lane = l;
		li.vaddr = w->vgpr[in->ds_addr % EMU_MAX_VGPRS][l];
		for (unsigned k = 0; k < 4; k++) {
			li.data0[k] = w->vgpr[(in->data0 + k) % EMU_MAX_VGPRS][l];
			li.data1[k] = w->vgpr[(in->data1 + k) % EMU_MAX_VGPRS][l];
			li.vdst[k] = w->vgpr[(in->vdst + k) % EMU_MAX_VGPRS][l];
		}
		vsharp_ds_lane(&a, &li, &w->lds, &lo);
		w->dev->stats.memviols += lo.memviol;
		for (unsigned k = 0; k < lo.n_vdst; k++)
			w->vgpr[(in->vdst + k) % EMU_MAX_VGPRS][l] = lo.vdst[k];
		w->dev->stats.lane_ops++;
	}
	return 0;
}

int emu_wave_run(struct emu_wave *w, struct vsharp_error *err)
{
	for (unsigned count = 0; count < EMU_WAVE_LIMIT; count++) {
		struct emu_insn in;
		uint64_t next;
		const uint8_t *code = emu_at(w->dev, w->pc, 4);
		unsigned avail;
		int ret;

		if (!code)
			return fault(w, w->pc, 4, err);
		avail = (unsigned)((w->dev->used - (w->pc - EMU_VA_BASE)) / 4);
		{
			uint32_t words[3] = { 0, 0, 0 };

			for (unsigned i = 0; i < 3 && i < avail; i++)
				words[i] = (uint32_t)load_le(code + 4 * i, 4);
			ret = emu_decode(w->level, words, avail < 3 ? avail : 3, &in, err);
		}
		if (ret)
			return ret;
		w->dev->stats.instructions++;
		next = w->pc + 4u * in.words;
		switch (in.fmt) {
		case EMU_FMT_SOP1:
		case EMU_FMT_SOP2:
		case EMU_FMT_SOPK:
		case EMU_FMT_SOPP:
			if (in.op == EMU_OP_S_ENDPGM)
				return 0;
			if (in.op == EMU_OP_S_CODE_END)
				return vsharp_fail(err, -EINVAL, "emu: %s: ran into s_code_end at 0x%" PRIx64,
						   vsharp_gfx_name(w->level), w->pc);
			ret = exec_salu(w, &in, &next, err);
			break;
		case EMU_FMT_SMEM:
			ret = exec_smem(w, &in, err);
			break;
		case EMU_FMT_VOP1:
		case EMU_FMT_VOP2:
		case EMU_FMT_VOP3:
			ret = exec_valu(w, &in, err);
			break;
		case EMU_FMT_GLOBAL:
			ret = exec_global(w, &in, err);
			break;
		case EMU_FMT_MUBUF:
		case EMU_FMT_MTBUF:
			ret = exec_buffer(w, &in, err);
			break;
		case EMU_FMT_DS:
			ret = exec_ds(w, &in, err);
			break;
		default:
			ret = vsharp_fail(err, -ENOSYS, "emu: %s: format %d not implemented", vsharp_gfx_name(w->level),
					  in.fmt);
		}
		if (ret)
			return ret;
		w->pc = next;
	}
	return vsharp_fail(err, -ETIME, "emu: %s: wave did not reach s_endpgm within %u instructions",
			   vsharp_gfx_name(w->level), EMU_WAVE_LIMIT);
}
