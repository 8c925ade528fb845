// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX8 on gfx810 (Stoney), wave64: gfx8.s with the
// stubs of `vsharp stubs --gfx gfx810`, whose D16 format data is packed
// (README.md).  Contract: README.md.
	.include "gcn-body.inc"
	.include "gen/gfx810-stubs.s"
	.include "gcn-tail.inc"
