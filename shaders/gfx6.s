// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX6 (SI, gfx601), wave64.  Contract: README.md.
	.include "gcn-body.inc"
	.include "gen/gfx6-stubs.s"
	.include "gcn-tail.inc"
