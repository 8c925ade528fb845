// SPDX-License-Identifier: MIT
// vsharp probe shader, GFX8 (gfx803; gfx810.s is Stoney's, README.md),
// wave64.  Contract: README.md.
	.include "gcn-body.inc"
	.include "gen/gfx8-stubs.s"
	.include "gcn-tail.inc"
