#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Mesa 22.3 (Debian 12) finds the shim's device, one flat KTAP document:
# `vulkaninfo --summary` lists RADV's device and `clinfo` lists radeonsi's
# under Clover on gfx900, gfx1010, gfx1030 and gfx1100, and both refuse
# gfx1200 as Mesa 22.3 refuses a real GFX12 (ac_gpu_info.c
# ac_query_gpu_info: no identify_chip() case for the family, so
# "amdgpu: unknown (family_id, chip_external_rev): (%u, %u)" and no device).
# Expected values, not from the shim's tables:
#  - deviceID: the chips' PCI ids (Linux amdgpu_drv.c pciidlist);
#  - the family names RADV and radeonsi print: Mesa's amd_family.c
#    ac_get_family_name() (VEGA10, NAVI10, NAVI21, GFX1100; radeonsi
#    lower-cases them);
#  - the marketing name: libdrm's amdgpu.ids for the id and revision, when
#    it lists them (2.4.114 has no 744C: the generic "AMD Radeon Graphics");
#  - gfx1200: family AMDGPU_FAMILY_GC_12_0_0 (152, Linux uapi
#    amdgpu_drm.h), external revision rev_id + 0x40 (soc24.c) = 64.
# About 20 s on a 2-core machine (vulkaninfo and clinfo, five profiles each).
#
#   user/shim/tests/mesa_listing.sh [BUILD]
set -u
build=${1:-build}
shim=$PWD/$build/shim/libvsharp_shim.so
ids=/usr/share/libdrm/amdgpu.ids
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/radeon_icd.x86_64.json
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/mesa.icd
export MESA_SHADER_CACHE_DISABLE=true

n=0
failed=0
echo "KTAP version 1"
echo "1..10"
report() {	# NAME OK FILE
	n=$((n + 1))
	if [ "$2" = 1 ]; then
		echo "ok $n $1"
	else
		failed=$((failed + 1))
		sed 's/^/# /' "$3" | tail -n 20
		echo "not ok $n $1"
	fi
}

# The name amdgpu.ids gives ID:REV, or libdrm's absence of one.
marketing() {
	name=$(awk -F ',\t' -v id="$1" -v rev="$2" 'toupper($1) == id && toupper($2) == rev { print $3 }' "$ids")
	echo "${name:-AMD Radeon Graphics}"
}

while read -r chip id rev family; do
	out=$dir/$chip
	want=$(marketing "$id" "$rev")
	lower=$(echo "$family" | tr 'A-Z' 'a-z')
	VSHARP_SHIM_CHIP=$chip LD_PRELOAD=$shim timeout 120 vulkaninfo --summary >"$out.vk" 2>&1
	rc=$?
	ok=0
	[ $rc = 0 ] && grep -q "deviceID *= 0x$(echo "$id" | tr 'A-Z' 'a-z')\$" "$out.vk" &&
		grep -q "deviceName *= $want (RADV $family)\$" "$out.vk" && ok=1
	[ $ok = 1 ] || echo "exit $rc; want deviceID 0x$id, deviceName $want (RADV $family)" >>"$out.vk"
	report "vulkaninfo_lists_radv_on_$chip" $ok "$out.vk"

	VSHARP_SHIM_CHIP=$chip LD_PRELOAD=$shim timeout 120 clinfo >"$out.cl" 2>&1
	rc=$?
	ok=0
	[ $rc = 0 ] && grep -q "^  Device Name  *$want ($lower, LLVM" "$out.cl" && ok=1
	[ $ok = 1 ] || echo "exit $rc; want Device Name $want ($lower, LLVM ...)" >>"$out.cl"
	report "clinfo_lists_radeonsi_on_$chip" $ok "$out.cl"
done <<'CHIPS'
gfx900 687F C1 VEGA10
gfx1010 731F C1 NAVI10
gfx1030 73BF C0 NAVI21
gfx1100 744C C8 GFX1100
CHIPS

refusal="amdgpu: unknown (family_id, chip_external_rev): (152, 64)"
VSHARP_SHIM_CHIP=gfx1200 LD_PRELOAD=$shim timeout 120 vulkaninfo --summary >"$dir/vk1200" 2>&1
rc=$?
ok=0
[ $rc != 0 ] && grep -qF "$refusal" "$dir/vk1200" && ! grep -q "RADV" "$dir/vk1200" && ok=1
report "vulkaninfo_refuses_gfx1200_as_mesa_22_3" $ok "$dir/vk1200"
VSHARP_SHIM_CHIP=gfx1200 LD_PRELOAD=$shim timeout 120 clinfo >"$dir/cl1200" 2>&1
ok=0
grep -qF "$refusal" "$dir/cl1200" && ! grep -q "^  Device Name" "$dir/cl1200" && ok=1
report "clinfo_refuses_gfx1200_as_mesa_22_3" $ok "$dir/cl1200"
exit $((failed != 0))
