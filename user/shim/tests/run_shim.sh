#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The amdgpu shim's tests as one flat KTAP document:
#  - shim_test (ASan + UBSan) under the ASan build of the shim: libdrm_amdgpu's
#    calls, the kernel's refusals and errnos, each profile, each injected fault;
#  - Debian's drmdevice (libdrm-tests) under the optimised shim lists the node
#    like a real one.
# ASan's runtime must come first in LD_PRELOAD, before the shim that links it.
#
#   user/shim/tests/run_shim.sh [BUILD]
set -u
build=${1:-build}
shim=$build/shim/libvsharp_shim.so
shim_san=$build/shim-san/libvsharp_shim.so
asan=$(${CC:-gcc} -print-file-name=libasan.so)
out=$(mktemp)
trap 'rm -f "$out"' EXIT

LD_PRELOAD="$asan $PWD/$shim_san" ASAN_OPTIONS=detect_leaks=1 \
	"$build/shim-san/tests/shim_test" >"$out"
rc=$?
n=$(awk '/^1\.\.[0-9]+/ { print substr($0, 4); exit }' "$out")
n=${n:-0}
echo "KTAP version 1"
echo "1..$((n + 3))"
grep -v '^KTAP version\|^1\.\.' "$out"
if [ "$rc" = 0 ]; then echo "ok $((n + 1)) shim_test_exit_status"
else echo "not ok $((n + 1)) shim_test_exit_status # exit $rc"; fi

# drmdevice: one PCI device, the profile's ids, the render node, revision c0.
dd=$(VSHARP_SHIM_CHIP=gfx1030 LD_PRELOAD="$PWD/$shim" drmdevice 2>&1)
if echo "$dd" | grep -q -- '--- Devices reported 1 ---' &&
   echo "$dd" | grep -q 'nodes\[2\] /dev/dri/renderD128' &&
   echo "$dd" | grep -q 'bus    03' &&
   echo "$dd" | grep -q 'vendor_id     1002' &&
   echo "$dd" | grep -q 'device_id     73bf' &&
   echo "$dd" | grep -q 'revision_id   c0'; then
	echo "ok $((n + 2)) drmdevice_lists_the_node"
else
	echo "$dd" | sed 's/^/# /'
	echo "not ok $((n + 2)) drmdevice_lists_the_node"
fi

# The fake tree is the shim's: nothing of it stays behind.
left=$(ls -d "${TMPDIR:-/tmp}"/vsharp-shim-* 2>/dev/null | wc -l)
VSHARP_SHIM_CHIP=gfx900 LD_PRELOAD="$PWD/$shim" drmdevice >/dev/null 2>&1
after=$(ls -d "${TMPDIR:-/tmp}"/vsharp-shim-* 2>/dev/null | wc -l)
if [ "$left" = "$after" ]; then echo "ok $((n + 3)) fake_tree_removed_at_exit"
else echo "not ok $((n + 3)) fake_tree_removed_at_exit"; fi
