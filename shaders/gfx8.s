// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX8 (gfx803; README.md says why not gfx810),
// wave64.  Contract: README.md.
	.include "gcn-body.inc"
	.include "gen/gfx8-stubs.s"
	.include "gcn-tail.inc"
