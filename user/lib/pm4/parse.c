// SPDX-License-Identifier: MIT
/*
 * Reading PM4 back: packets, the SH register file a stream leaves behind,
 * and the dispatch parameters a DISPATCH_DIRECT runs with.  The emulated
 * device executes IBs through these, so every malformed input is an error
 * naming the dword offset or the register, never a guess.
 */
#include <errno.h>
#include <string.h>

#include "vsharp/pm4.h"

int vsharp_pm4_next(const uint32_t *dw, unsigned n, unsigned *pos,
		    struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	unsigned at = *pos, count;
	uint32_t h;

	if (at >= n)
		return 0;
	h = dw[at];
	memset(pkt, 0, sizeof(*pkt));
	pkt->offset = at;
	pkt->type = h >> 30;
	switch (pkt->type) {
	case 2:
		/* Type-2 is a one-dword filler; the rest of the header is ignored. */
		*pos = at + 1;
		return 1;
	case 3:
		break;
	default:
		return vsharp_fail(err, -EINVAL,
				   "dword %u: type-%u packet header 0x%08x (a compute IB holds type-2 and type-3 packets only)",
				   at, pkt->type, h);
	}
	pkt->opcode = (h >> 8) & 0xff;
	pkt->compute = h & 2;
	count = (h >> 16) & 0x3fff;
	pkt->body = dw + at + 1;
	/* NOP with count 0x3fff is the one-dword NOP (0xffff1000), no body. */
	if (pkt->opcode == VSHARP_PKT3_NOP && count == 0x3fff) {
		*pos = at + 1;
		return 1;
	}
	pkt->n_body = count + 1;
	if (pkt->n_body > n - at - 1)
		return vsharp_fail(err, -EINVAL,
				   "dword %u: %s packet needs %u body dwords, the IB ends after %u",
				   at, vsharp_pm4_opcode_name(pkt->opcode) ?
				   vsharp_pm4_opcode_name(pkt->opcode) : "type-3",
				   pkt->n_body, n - at - 1);
	*pos = at + 1 + pkt->n_body;
	return 1;
}

int vsharp_pm4_apply_sh(struct vsharp_compute_regs *regs, const struct vsharp_pm4_packet *pkt,
			struct vsharp_error *err)
{
	uint32_t off, first;

	if (pkt->type != 3 || (pkt->opcode != VSHARP_PKT3_SET_SH_REG &&
			       pkt->opcode != VSHARP_PKT3_SET_SH_REG_INDEX))
		return vsharp_fail(err, -EINVAL,
				   "dword %u: not a SET_SH_REG or SET_SH_REG_INDEX packet", pkt->offset);
	if (pkt->n_body < 2)
		return vsharp_fail(err, -EINVAL, "dword %u: %s without values", pkt->offset,
				   vsharp_pm4_opcode_name(pkt->opcode));
	/* SET_SH_REG_INDEX keeps INDEX in bits 31:28 of the offset dword. */
	off = pkt->body[0] & (pkt->opcode == VSHARP_PKT3_SET_SH_REG_INDEX ? 0xffffu : ~0u);
	first = off;
	if (off >= VSHARP_SH_REG_END - VSHARP_SH_REG_BASE ||
	    pkt->n_body - 1 > VSHARP_SH_REG_END - VSHARP_SH_REG_BASE - off)
		return vsharp_fail(err, -ERANGE,
				   "dword %u: SH register offset 0x%x with %u values leaves 0x0..0x%x",
				   pkt->offset, first, pkt->n_body - 1,
				   VSHARP_SH_REG_END - VSHARP_SH_REG_BASE - 1);
	for (unsigned i = 1; i < pkt->n_body; i++, off++) {
		regs->sh[off] = pkt->body[i];
		regs->written[off / 32] |= 1u << (off % 32);
	}
	return 0;
}

static uint32_t reg(const struct vsharp_compute_regs *regs, uint32_t r)
{
	return regs->sh[r - VSHARP_SH_REG_BASE];
}

static int need(enum vsharp_gfx level, const struct vsharp_compute_regs *regs, uint32_t r,
		struct vsharp_error *err)
{
	const char *name;

	if (vsharp_pm4_reg_written(regs, r))
		return 0;
	name = vsharp_reg_name(level, r);
	return vsharp_fail(err, -ENOENT, "%s (0x%x): never written before DISPATCH_DIRECT",
			   name ? name : "register", r);
}

int vsharp_pm4_dispatch_state(enum vsharp_gfx level, const struct vsharp_compute_regs *regs,
			      const struct vsharp_pm4_packet *dispatch,
			      struct vsharp_dispatch_state *st, struct vsharp_error *err)
{
	static const uint32_t required[] = {
		VSHARP_COMPUTE_PGM_LO, VSHARP_COMPUTE_PGM_HI,
		VSHARP_COMPUTE_PGM_RSRC1, VSHARP_COMPUTE_PGM_RSRC2,
		VSHARP_COMPUTE_NUM_THREAD_X, VSHARP_COMPUTE_NUM_THREAD_X + 1,
		VSHARP_COMPUTE_NUM_THREAD_X + 2,
	};
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);
	uint32_t rsrc1, rsrc2, vgpr_blocks;
	int ret;

	if (!lv)
		return vsharp_fail(err, -EINVAL,
				   "level: %s has no PM4 support (allowed gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12)",
				   vsharp_gfx_name(level));
	if (dispatch->type != 3 || dispatch->opcode != VSHARP_PKT3_DISPATCH_DIRECT ||
	    dispatch->n_body != 4)
		return vsharp_fail(err, -EINVAL,
				   "dword %u: not a DISPATCH_DIRECT packet with 4 body dwords",
				   dispatch->offset);
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		ret = need(level, regs, required[i], err);
		if (ret)
			return ret;
	}

	/* Without FORCE_START_AT_000 the groups start at COMPUTE_START_X/Y/Z. */
	if (!(dispatch->body[3] & VSHARP_INIT_FORCE_START_AT_000)) {
		for (int i = 0; i < 3; i++) {
			ret = need(level, regs, VSHARP_COMPUTE_START_X + i, err);
			if (ret)
				return ret;
			if (reg(regs, VSHARP_COMPUTE_START_X + i))
				return vsharp_fail(err, -ENOSYS,
						   "%s: a non-zero start group (%u) is not implemented",
						   vsharp_reg_name(level, VSHARP_COMPUTE_START_X + i),
						   reg(regs, VSHARP_COMPUTE_START_X + i));
		}
	}

	memset(st, 0, sizeof(*st));
	st->initiator = dispatch->body[3];
	if (!(st->initiator & VSHARP_INIT_COMPUTE_SHADER_EN))
		return vsharp_fail(err, -EINVAL,
				   "dword %u: DISPATCH_INITIATOR 0x%08x has COMPUTE_SHADER_EN (bit 0) clear",
				   dispatch->offset, st->initiator);
	if ((st->initiator & VSHARP_INIT_CS_W32_EN) && !lv->wave32)
		return vsharp_fail(err, -EINVAL,
				   "dword %u: DISPATCH_INITIATOR sets CS_W32_EN (bit 15), %s runs wave64 only",
				   dispatch->offset, vsharp_gfx_name(level));
	st->wave32 = st->initiator & VSHARP_INIT_CS_W32_EN;
	for (int i = 0; i < 3; i++)
		st->groups[i] = dispatch->body[i];

	st->pgm_va = (uint64_t)reg(regs, VSHARP_COMPUTE_PGM_LO) << 8 |
		     (uint64_t)(reg(regs, VSHARP_COMPUTE_PGM_HI) & 0xff) << 40;
	rsrc1 = reg(regs, VSHARP_COMPUTE_PGM_RSRC1);
	rsrc2 = reg(regs, VSHARP_COMPUTE_PGM_RSRC2);
	vgpr_blocks = (rsrc1 & 0x3f) + 1;
	st->vgprs_alloc = vgpr_blocks * (st->wave32 ? 8 : 4);
	/* 8-SGPR blocks, allocated in the level's granule (16 on GFX9, see pm4/build.c). */
	st->sgprs_alloc = lv->sgprs_field ?
			  (((rsrc1 >> 6) & 0xf) * 8 + 8 + lv->sgpr_alloc - 1) / lv->sgpr_alloc * lv->sgpr_alloc :
			  lv->sgprs_fixed;

	st->user_sgprs = (rsrc2 >> 1) & 0x1f;
	if (st->user_sgprs > 16)
		return vsharp_fail(err, -EINVAL,
				   "COMPUTE_PGM_RSRC2: USER_SGPR %u (allowed 0..16, COMPUTE_USER_DATA_0..15)",
				   st->user_sgprs);
	for (unsigned i = 0; i < st->user_sgprs; i++) {
		if (!vsharp_pm4_reg_written(regs, VSHARP_COMPUTE_USER_DATA_0 + i))
			continue;
		st->user_data_written |= 1u << i;
		st->user_data[i] = reg(regs, VSHARP_COMPUTE_USER_DATA_0 + i);
	}
	for (int i = 0; i < 3; i++)
		st->tgid[i] = rsrc2 >> (7 + i) & 1;
	st->tidig_comps = ((rsrc2 >> 11) & 3) + 1;
	if (st->tidig_comps > 3)
		return vsharp_fail(err, -EINVAL,
				   "COMPUTE_PGM_RSRC2: TIDIG_COMP_CNT 3 (allowed 0..2)");
	st->lds_bytes = ((rsrc2 >> 15) & 0x1ff) * lv->lds_encode;
	/* NUM_THREAD_FULL is bits 15:0; PARTIAL (31:16) is not used by vsharp. */
	for (int i = 0; i < 3; i++) {
		st->threads[i] = reg(regs, VSHARP_COMPUTE_NUM_THREAD_X + i) & 0xffff;
		if (!st->threads[i])
			return vsharp_fail(err, -EINVAL, "%s: 0 threads",
					   vsharp_reg_name(level, VSHARP_COMPUTE_NUM_THREAD_X + i));
	}
	return 0;
}
