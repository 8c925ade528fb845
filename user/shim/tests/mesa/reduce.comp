// SPDX-License-Identifier: MIT
// A tree reduction in shared memory per workgroup (barriers between the
// steps), its partial sum stored per group, then folded into global totals
// with buffer atomics; every invocation also takes part in min/max atomics
// and counts itself, so both the LDS path and the global atomics are seen.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; } src;
layout(std430, set = 0, binding = 1) buffer Totals {
	uint sum;
	uint minimum;
	uint maximum;
	uint count;
	uint partial[];
} t;

shared uint lds[64];

void main()
{
	uint lid = gl_LocalInvocationID.x;
	uint v = src.v[gl_GlobalInvocationID.x];

	lds[lid] = v;
	atomicMin(t.minimum, v);
	atomicMax(t.maximum, v);
	atomicAdd(t.count, 1u);
	barrier();
	for (uint step = 32u; step > 0u; step >>= 1) {
		if (lid < step)
			lds[lid] += lds[lid + step];
		barrier();
	}
	if (lid == 0u) {
		t.partial[gl_WorkGroupID.x] = lds[0];
		atomicAdd(t.sum, lds[0]);
	}
}
