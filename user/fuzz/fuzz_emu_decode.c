// SPDX-License-Identifier: MIT
/*
 * The emulator's instruction decoder on 1..3 arbitrary dwords at every
 * level, beside the disassembler (isa/).  The dwords sit in an exact-size
 * heap block.  Invariants:
 *  - a decoded instruction spans 1..n dwords, has a name, and each VGPR
 *    operand of a memory instruction spans at most 16 registers;
 *  - the disassembler's text of its words is non-empty and, where it
 *    decodes them, it reads as many dwords as the emulator;
 *  - a refusal is -EINVAL with a message "emu: ..." (no NULL string) and
 *    leaves the instruction all zero (nothing half-decoded).
 *
 * Input: level, dword count, dwords.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emu/isa.h"
#include "fuzz.h"
#include "isa/isa.h"
#include "vsharp/shaders.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct emu_insn zero;
	struct fuzz_in in = { data, size };
	enum vsharp_gfx level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT);
	unsigned n = 1 + fuzz_below(&in, 3);
	struct vsharp_error err = { "" };
	struct emu_insn insn;
	struct isa_insn text;
	uint32_t *w = malloc(n * sizeof(*w));
	int ret;

	if (!w)
		return 0;
	for (unsigned i = 0; i < n; i++)
		w[i] = fuzz_u32(&in);
	ret = emu_decode(level, w, n, &insn, &err);
	free(w);
	if (ret) {
		fuzz_check_error("emu_decode", ret, &err);
		if (ret != -EINVAL || strncmp(err.msg, "emu: ", 5))
			fuzz_fail("emu_decode refused with %d: %s", ret, err.msg);
		if (memcmp(&insn, &zero, sizeof(insn)))
			fuzz_fail("emu_decode refused (%s) but left a half-decoded instruction (%u words, 0x%08x)",
				  err.msg, insn.words, insn.raw[0]);
		return 0;
	}
	if (insn.words < 1 || insn.words > n || !insn.name)
		fuzz_fail("decoded %u words of %u, name %s", insn.words, n, insn.name ? insn.name : "none");
	if (insn.mem)
		for (unsigned role = EMU_VGPR_ADDR; role <= EMU_VGPR_DST; role++)
			if (emu_vgprs(level, &insn, role) > 16)
				fuzz_fail("%s: VGPR role %u spans %u registers", insn.name, role,
					  emu_vgprs(level, &insn, role));
	/* The disassembler reads the same words: where it decodes them, one length. */
	isa_disasm(vsharp_target_of(level), insn.raw, insn.words, &text);
	if (!text.text[0] || (text.known && text.words != insn.words))
		fuzz_fail("%s: the disassembler reads %u words (%s), the emulator %u", insn.name,
			  text.words, text.text, insn.words);
	return 0;
}

/* Seeds: from each shipped probe shader, the first instruction of every format and operation. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[96];

	for (unsigned i = 0; i < vsharp_shader_count; i++) {
		const struct vsharp_shader *sh = &vsharp_shaders[i];
		enum vsharp_gfx level;
		bool seen[16][32] = { { false } };

		if (vsharp_gfx_parse(sh->family, &level, NULL))
			fuzz_fail("shader family %s", sh->family);
		for (unsigned pc = 0; pc < sh->n_words;) {
			struct emu_insn insn;
			unsigned n = sh->n_words - pc < 3 ? sh->n_words - pc : 3;

			if (emu_decode(level, sh->code + pc, n, &insn, NULL)) {
				pc++;
				continue;
			}
			if (insn.fmt < 16 && insn.op < 32 && !seen[insn.fmt][insn.op]) {
				seen[insn.fmt][insn.op] = true;
				fuzz_put_u8(&s, (uint8_t)level);
				fuzz_put_u8(&s, (uint8_t)(n - 1));
				fuzz_put_u8(&s, 24);
				for (unsigned k = 0; k < n; k++)
					fuzz_put_u32(&s, sh->code[pc + k]);
				snprintf(name, sizeof(name), "%s-%s", sh->family, insn.name);
				fuzz_seed_write(&s, name);
			}
			pc += insn.words;
		}
	}
}
