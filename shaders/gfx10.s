// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX10 (gfx1010), wave32.  Contract: README.md.
	.include "gfx10-body.inc"
	.include "gen/gfx10-stubs.s"
	// Instruction prefetch may run past the end (dispatch.md §2.7).
	.rept 64
	s_code_end
	.endr
