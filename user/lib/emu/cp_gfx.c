// SPDX-License-Identifier: MIT
/*
 * The GFX queue's own state packets, which a compute queue refuses:
 * CONTEXT_CONTROL, CLEAR_STATE and PFP_SYNC_ME.  Linux emits all three on
 * the GFX ring (gfx_v9_0.c gfx_v9_0_cp_gfx_start, gfx_v9_0_ring_emit_cntxcntl,
 * gfx_v9_0_ring_emit_pipeline_sync; the same in gfx_v8_0.c, gfx_v10_0.c,
 * gfx_v11_0.c), and libdrm's tests put the first two in their GFX IBs
 * (tests/amdgpu/basic_tests.c amdgpu_sync_dependency_test,
 * shader_test_util.c write_context_control).
 */
#include "emu/cp.h"
#include "hw/levels.h"

/*
 * CONTEXT_CONTROL (0x28): LOAD_CONTROL, SHADOW_CONTROL (Mesa sid.h's CC0_
 * and CC1_ fields; libdrm basic_tests.c CONTEXT_CONTROL_LOAD_ENABLE,
 * _LOAD_CE_RAM, _SHADOW_ENABLE; Linux gfx_v9_0.c gfx_v9_0_ring_emit_cntxcntl).
 * LOAD_CONTROL: LOAD_GLOBAL_CONFIG [0], LOAD_PER_CONTEXT_STATE [1],
 * LOAD_GLOBAL_UCONFIG [15], LOAD_GFX_SH_REGS [16], LOAD_CS_SH_REGS [24],
 * LOAD_CE_RAM [28], UPDATE_LOAD_ENABLES [31].  SHADOW_CONTROL: the same
 * bits as SHADOW_* without LOAD_CE_RAM.
 *
 * A no-op in the emulator, after the fields are checked: the load enables
 * let the LOAD_*_REG packets (and LOAD_CE_RAM the CE's LOAD_CONST_RAM)
 * fetch register state from memory, and the shadow enables copy SET_*_REG
 * writes to the shadow memory those packets name.  The emulated CP refuses
 * every LOAD_*_REG packet and LOAD_CONST_RAM by name, so no state is ever
 * loaded or shadowed whatever the enables say, and nothing it runs reads
 * them.
 */
#define CC_LOAD_BITS 0x91018003u
#define CC_SHADOW_BITS 0x81018003u
#define CC_LOAD_CE_RAM (1u << 28)

int emu_cp_context_control(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	if (pkt->n_body != 2)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 2: LOAD_CONTROL, SHADOW_CONTROL)",
				  pkt->n_body);
	if (pkt->body[0] & ~CC_LOAD_BITS)
		return emu_cp_bad(cp, err, "LOAD_CONTROL 0x%08x sets bits 0x%08x no field has (allowed LOAD_GLOBAL_CONFIG [0], LOAD_PER_CONTEXT_STATE [1], LOAD_GLOBAL_UCONFIG [15], LOAD_GFX_SH_REGS [16], LOAD_CS_SH_REGS [24], LOAD_CE_RAM [28], UPDATE_LOAD_ENABLES [31])",
				  pkt->body[0], pkt->body[0] & ~CC_LOAD_BITS);
	if (pkt->body[0] & CC_LOAD_CE_RAM && cp->level >= VSHARP_GFX11)
		return emu_cp_bad(cp, err, "LOAD_CE_RAM on %s, which has no constant engine (Linux gfx_v11_0.c gfx_v11_0_ring_emit_cntxcntl never sets it)",
				  vsharp_gfx_name(cp->level));
	if (pkt->body[1] & ~CC_SHADOW_BITS)
		return emu_cp_bad(cp, err, "SHADOW_CONTROL 0x%08x sets bits 0x%08x no field has (allowed SHADOW_GLOBAL_CONFIG [0], SHADOW_PER_CONTEXT_STATE [1], SHADOW_GLOBAL_UCONFIG [15], SHADOW_GFX_SH_REGS [16], SHADOW_CS_SH_REGS [24], UPDATE_SHADOW_ENABLES [31])",
				  pkt->body[1], pkt->body[1] & ~CC_SHADOW_BITS);
	return 0;
}

/*
 * CLEAR_STATE (0x12): one dword, CMD [3:0].  CMD 0 returns every context
 * register to the clear-state values the kernel loaded with the clear-state
 * buffer (Linux gfx_v9_0.c gfx_v9_0_cp_gfx_start emits it with 0 after the
 * PREAMBLE_BEGIN/END_CLEAR_STATE block; the values are clearstate_gfx9.h's).
 * The emulator does not model those values: it forgets what the context
 * registers held, so a later read of one before a write is the same strict
 * error as a register nothing wrote.  The other CMD values (the state
 * push and pop of later firmware) are not emulated.  Bits [31:4] are in no
 * public definition: libdrm basic_tests.c amdgpu_sync_dependency_test
 * sends 0x80000000 and passes on silicon, so they are ignored.
 */
int emu_cp_clear_state(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	if (pkt->n_body != 1)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 1: CMD)", pkt->n_body);
	if (pkt->body[0] & 0xf)
		return emu_cp_refuse(cp, err, "CMD %u: only 0 (clear the context state, as Linux gfx_v9_0_cp_gfx_start emits it) is emulated",
				     pkt->body[0] & 0xf);
	emu_cp_regs_clear_context(cp->gpu);
	return 0;
}

/*
 * PFP_SYNC_ME (0x42): one dummy dword (Linux emits 0); the PFP stops
 * fetching until the ME has caught up (gfx_v9_0.c
 * gfx_v9_0_ring_emit_pipeline_sync "sync PFP to ME, otherwise we might get
 * invalid PFP reads").  The emulated CP finishes every packet before it
 * reads the next, so the two are always in step: nothing to do.
 */
int emu_cp_pfp_sync_me(struct emu_cp *cp, const struct vsharp_pm4_packet *pkt, struct vsharp_error *err)
{
	if (pkt->n_body != 1)
		return emu_cp_bad(cp, err, "a body of %u dwords (allowed 1: DUMMY)", pkt->n_body);
	return 0;
}
