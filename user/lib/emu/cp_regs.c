// SPDX-License-Identifier: MIT
/*
 * The register file of the emulated GPU, as the CP's register writes leave
 * it: SET_SH_REG, SET_CONTEXT_REG, SET_CONFIG_REG, SET_UCONFIG_REG, and
 * WRITE_DATA/COPY_DATA with a register destination.  It holds the
 * registers of the four spaces the SET_*_REG packets address; a write
 * outside them is a privileged register access (VSHARP_GPU_PRIV_REG), a
 * read is refused as not modelled.  Reading a
 * register nothing wrote is a strict error: on a GPU it holds its reset
 * value or the previous client's.
 */
#include <errno.h>
#include <stdlib.h>

#include "emu/cp.h"
#include "base/util.h"
#include "hw/levels.h"

/*
 * Dword offsets.  Config, SH and context: PACKET3_SET_*_REG_START/END of
 * Linux sid.h, cikd.h, vid.h, soc15d.h (the same on every level).
 * Uconfig: from GFX7 (cikd.h PACKET3_SET_UCONFIG_REG 0x79; sid.h has no
 * such packet), to Mesa sid.h's CIK_UCONFIG_REG_END (byte 0x40000), wider
 * than Linux's PACKET3_SET_UCONFIG_REG_END 0xc400.
 */
static const struct reg_space {
	uint32_t start, end;
	uint32_t levels;
	const char *name;
} spaces[] = {
	{ 0x2000, 0x2c00, GFX_ALL, "config" },
	{ 0x2c00, 0x3000, GFX_ALL, "SH" },
	{ 0xa000, 0xa400, GFX_ALL, "context" },
	{ 0xc000, 0x10000, GFX_RANGE(7, 12), "uconfig" },
};

#define REGFILE_DWORDS (0xc00 + 0x400 + 0x400 + 0x4000)

int emu_cp_regs_init(struct vsharp_gpu *gpu)
{
	gpu->regfile = calloc(REGFILE_DWORDS, sizeof(*gpu->regfile));
	gpu->regfile_set = calloc(REGFILE_DWORDS / 64, sizeof(*gpu->regfile_set));
	return gpu->regfile && gpu->regfile_set ? 0 : -ENOMEM;
}

void emu_cp_regs_free(struct vsharp_gpu *gpu)
{
	free(gpu->regfile);
	free(gpu->regfile_set);
}

/* The register's slot in the file, or -1 when the level has no such modelled register. */
static long slot(enum vsharp_gfx level, uint32_t reg)
{
	long base = 0;

	for (size_t i = 0; i < ARRAY_SIZE(spaces); i++) {
		if (reg >= spaces[i].start && reg < spaces[i].end)
			return spaces[i].levels & VSHARP_GFX_BIT(level) ? base + (reg - spaces[i].start) : -1;
		base += spaces[i].end - spaces[i].start;
	}
	return -1;
}

static const char *reg_name(enum vsharp_gfx level, uint32_t reg)
{
	const char *name = vsharp_reg_name(level, reg);

	return name ? name : "a register";
}

static int unmodelled(struct emu_cp *cp, const char *what, uint32_t reg, struct vsharp_error *err)
{
	return emu_cp_refuse(cp, err, "%s register 0x%x (%s), which the emulated GPU does not model (it models the config 0x2000-0x2bff, SH 0x2c00-0x2fff, context 0xa000-0xa3ff and, from GFX7, uconfig 0xc000-0xffff registers); on a GPU a user IB that touches a privileged register raises \"Illegal register access in command stream\" (Linux gfx_v9_0.c gfx_v9_0_priv_reg_irq)",
			     what, reg, reg_name(cp->level, reg));
}

/* REG lies in one of the spaces, whatever the level. */
static bool in_a_space(uint32_t reg)
{
	for (size_t i = 0; i < ARRAY_SIZE(spaces); i++)
		if (reg >= spaces[i].start && reg < spaces[i].end)
			return true;
	return false;
}

/*
 * The CP lets a user IB write the registers its SET_*_REG packets address
 * and nothing else: Linux radeon si.c si_vm_reg_valid() states the rule
 * for SI's VM IBs (context and SH registers, and a list of config ones),
 * and from GFX7 the config registers a client needs moved to uconfig
 * (cikd.h PACKET3_SET_UCONFIG_REG).  Anything else, such as 0x54f that
 * libdrm tests/amdgpu deadlock_tests.c writes, raises the CP's
 * privileged-register interrupt (CP_INT_CNTL_RING0.PRIV_REG_INT_ENABLE),
 * which Linux 6.1 reports and answers with a reset of the ring
 * (gfx_v6_0.c to gfx_v11_0.c *_priv_reg_irq: DRM_ERROR, drm_sched_fault).
 */
static int privileged(struct emu_cp *cp, uint32_t reg, struct vsharp_error *err)
{
	return emu_cp_priv_reg(cp, err, "writes register 0x%x (%s), outside the config 0x2000-0x2bff, SH 0x2c00-0x2fff, context 0xa000-0xa3ff and uconfig 0xc000-0xffff registers a user IB may write; the CP raises its privileged-register interrupt (Linux radeon si.c si_vm_reg_valid, gfx_v9_0.c gfx_v9_0_priv_reg_irq)",
			       reg, reg_name(cp->level, reg));
}

int emu_cp_reg_write(struct emu_cp *cp, uint32_t reg, uint32_t value, struct vsharp_error *err)
{
	long i = slot(cp->level, reg);

	if (i < 0 && !in_a_space(reg))
		return privileged(cp, reg, err);
	if (i < 0)
		return unmodelled(cp, "writes", reg, err);
	cp->gpu->regfile[i] = value;
	cp->gpu->regfile_set[i / 64] |= 1ull << (i % 64);
	/* The dispatch reads the SH registers this IB wrote, however it wrote them. */
	if (reg >= VSHARP_SH_REG_BASE && reg < VSHARP_SH_REG_END) {
		uint32_t o = reg - VSHARP_SH_REG_BASE;

		cp->regs.sh[o] = value;
		cp->regs.written[o / 32] |= 1u << (o % 32);
	}
	return 0;
}

int emu_cp_reg_read(struct emu_cp *cp, uint32_t reg, uint32_t *value, struct vsharp_error *err)
{
	long i = slot(cp->level, reg);

	if (i < 0)
		return unmodelled(cp, "reads", reg, err);
	if (!(cp->gpu->regfile_set[i / 64] >> (i % 64) & 1))
		return emu_cp_strict(cp, err, "reads register 0x%x (%s), which nothing wrote since the GPU was created: on a GPU it holds its reset value or the previous client's",
				     reg, reg_name(cp->level, reg));
	*value = cp->gpu->regfile[i];
	return 0;
}

void emu_cp_regs_clear_context(struct vsharp_gpu *gpu)
{
	long first = slot(gpu->cfg.level, 0xa000);

	for (long i = first; i < first + 0x400; i++)
		gpu->regfile_set[i / 64] &= ~(1ull << (i % 64));
}

int vsharp_gpu_read_reg(const struct vsharp_gpu *gpu, uint32_t reg, uint32_t *value)
{
	long i = slot(gpu->cfg.level, reg);

	*value = 0;
	if (i < 0)
		return -EINVAL;
	if (!(gpu->regfile_set[i / 64] >> (i % 64) & 1))
		return -ENOENT;
	*value = gpu->regfile[i];
	return 0;
}

/* Where each SET_*_REG packet's offsets count from (the same Linux headers). */
static const struct {
	uint8_t opcode;
	uint32_t base, end;
	uint32_t offset_mask;	/* the _INDEX packets keep INDEX in bits 31:28 */
} set_packets[] = {
	{ 0x68, 0x2000, 0x2c00, 0xffff },	/* SET_CONFIG_REG */
	{ 0x69, 0xa000, 0xa400, 0xffff },	/* SET_CONTEXT_REG (INDEX in 31:28 from GFX9) */
	{ 0x76, 0x2c00, 0x3000, ~0u },		/* SET_SH_REG */
	{ 0x79, 0xc000, 0x10000, 0xffff },	/* SET_UCONFIG_REG */
	{ 0x9b, 0x2c00, 0x3000, 0xffff },	/* SET_SH_REG_INDEX */
};

int emu_cp_set_reg(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	size_t k;
	uint32_t off;

	for (k = 0; k < ARRAY_SIZE(set_packets) && set_packets[k].opcode != pkt->opcode; k++)
		;
	if (k == ARRAY_SIZE(set_packets))
		return emu_cp_bad(cp, err, "not a SET_*_REG packet");
	if (pkt->opcode == VSHARP_PKT3_SET_UCONFIG_REG && cp->level == VSHARP_GFX6)
		return emu_cp_refuse(cp, err, "SET_UCONFIG_REG is no gfx6 packet (Linux sid.h defines none; cikd.h added it for GFX7)");
	if (pkt->n_body < 2)
		return emu_cp_bad(cp, err, "a body of %u dwords: at least 2 (REG_OFFSET, REG_DATA...)",
				  pkt->n_body);
	off = pkt->body[0] & set_packets[k].offset_mask;
	if (off >= set_packets[k].end - set_packets[k].base ||
	    pkt->n_body - 1 > set_packets[k].end - set_packets[k].base - off)
		return emu_cp_bad(cp, err, "REG_OFFSET 0x%x with %u values leaves 0x0..0x%x (registers 0x%x..0x%x)",
				  off, pkt->n_body - 1, set_packets[k].end - set_packets[k].base - 1,
				  set_packets[k].base, set_packets[k].end - 1);
	for (unsigned i = 1; i < pkt->n_body; i++) {
		int ret = emu_cp_reg_write(cp, set_packets[k].base + off + i - 1, pkt->body[i], err);

		if (ret)
			return ret;
	}
	return 0;
}
