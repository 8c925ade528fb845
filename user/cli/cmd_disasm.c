// SPDX-License-Identifier: MIT
/*
 * `vsharp disasm --gfx LEVEL`: the shipped probe shader of a level as the
 * emulator decodes it, one instruction per line in llvm-objdump-19's syntax
 * (no addresses, no encodings), so that user/tests/objdump.sh can diff it
 * against LLVM's disassembly of the same words.
 */
#include "cli.h"
#include "emu_isa.h"
#include "vsharp/shaders.h"

int cmd_disasm(int argc, char **argv)
{
	const struct vsharp_shader *sh;
	struct vsharp_error err;
	enum vsharp_gfx level;
	int ret = cli_gfx_only(argc, argv, "disasm", &level);

	if (ret)
		return ret;
	sh = vsharp_shader_for(level, &err);
	if (!sh)
		return cli_lib_error(&err);
	for (unsigned at = 0; at < sh->n_words;) {
		struct emu_insn insn;
		char line[256];

		if (emu_decode(level, sh->code + at, sh->n_words - at, &insn, &err) < 0) {
			fflush(stdout);
			cli_error("disasm: %s: at byte 0x%x: %s", sh->family, at * 4, err.msg);
			return 1;
		}
		emu_disasm(level, &insn, line, sizeof(line));
		printf("%s\n", line);
		at += insn.words;
	}
	return 0;
}
