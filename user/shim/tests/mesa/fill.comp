// SPDX-License-Identifier: MIT
// Every invocation writes one word that depends on its index and on a push
// constant, so a missed, doubled or misplaced store shows as a wrong word.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint word[]; } dst;
layout(push_constant) uniform Push { uint base; uint stride; } pc;

void main()
{
	uint i = gl_GlobalInvocationID.x;
	dst.word[i] = pc.base + i * pc.stride;
}
