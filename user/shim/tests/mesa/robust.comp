// SPDX-License-Identifier: MIT
// With robustBufferAccess2 (VK_EXT_robustness2) the descriptors' ranges
// end before the dispatch does: loads past a range must read 0 and stores
// past it must be dropped (Vulkan spec, "Buffer access robustness").
// The first binding starts at an offset, so the range's base counts too.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; } src;
layout(std430, set = 0, binding = 1) writeonly buffer Loaded { uint v[]; } loaded;
layout(std430, set = 0, binding = 2) writeonly buffer Stored { uint v[]; } stored;
layout(push_constant) uniform Push { uint tag; } pc;

void main()
{
	uint i = gl_GlobalInvocationID.x;
	loaded.v[i] = src.v[i];
	stored.v[i] = pc.tag ^ i;
}
