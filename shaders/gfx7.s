// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX7 (CI, gfx700), wave64.  Contract: README.md.
	.include "gcn-body.inc"
	.include "gen/gfx7-stubs.s"
	.include "gcn-tail.inc"
