// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX10 (gfx1010), wave32.  Contract: README.md.
	.include "gfx10-body.inc"
	.include "gen/gfx10-stubs.s"
	// Instruction prefetch runs up to three 64-byte lines past the last
	// instruction (SH_MEM_CONFIG.INITIAL_INST_PREFETCH 3, set by the kernel):
	// LLVM's EmitCodeEnd padding, align to the line, then 3 lines.
	.p2alignl 6, 0xbf9f0000
	.fill 48, 4, 0xbf9f0000
