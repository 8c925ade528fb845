#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp run --device amdgpu` under the amdgpu shim, once per chip profile
# (in parallel), as one flat KTAP document: the sixteen chips, one or more
# per level from GFX6, are named as the processor they are (the device
# line) and run every suite and pass (exit 0); each refusal profile skips
# (exit 4) with its message, but a node the user may not open is an error to
# fix (exit 1, hardware.rst "Before a run").
# Then the kernel's KTAP parser (kunit.py, see run_e2e.sh) reads one run.
#
#   user/shim/tests/run_profiles.sh [BUILD]
# $VSHARP_RUN is the binary (default BUILD/user/vsharp, the optimised build).
set -u
build=${1:-build}
VSHARP_RUN=${VSHARP_RUN:-$build/user/vsharp}
shim=$PWD/$build/shim/libvsharp_shim.so
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# profile  exit  processor (- for none)  what stdout or stderr must say
cat >"$dir/plan" <<'PLAN'
gfx600 0 gfx600 # vsharp run: .* 0 failed
gfx601 0 gfx601 # vsharp run: .* 0 failed
gfx700 0 gfx700 # vsharp run: .* 0 failed
gfx701 0 gfx701 # vsharp run: .* 0 failed
gfx801 0 gfx801 # vsharp run: .* 0 failed
gfx802 0 gfx802 # vsharp run: .* 0 failed
gfx803 0 gfx803 # vsharp run: .* 0 failed
gfx810 0 gfx810 # vsharp run: .* 0 failed
gfx900 0 gfx900 # vsharp run: .* 0 failed
gfx902 0 gfx902 # vsharp run: .* 0 failed
gfx906 0 gfx906 # vsharp run: .* 0 failed
gfx906-ecc 0 gfx906:sramecc+ # vsharp run: .* 0 failed
gfx1010 0 gfx1010 # vsharp run: .* 0 failed
gfx1030 0 gfx1030 # vsharp run: .* 0 failed
gfx1100 0 gfx1100 # vsharp run: .* 0 failed
gfx1200 0 gfx1200 # vsharp run: .* 0 failed
gfx90a 4 - not supported: CDNA
gc12.5 4 - not supported: GC 12.5
radeon 4 - driver 'radeon', not amdgpu: the radeon driver owns the card (1002:6798, Tahiti, SI, GFX6): boot with radeon.si_support=0 amdgpu.si_support=1
i915 4 - is driver 'i915', not amdgpu
noperm 1 - vsharp: amdgpu: .*permission denied
PLAN

while read -r chip _ _ _; do
	(VSHARP_SHIM_CHIP=$chip LD_PRELOAD="$shim" "$VSHARP_RUN" run --device amdgpu \
		>"$dir/$chip.out" 2>"$dir/$chip.err"; echo $? >"$dir/$chip.rc") &
done <"$dir/plan"
wait

n=$(wc -l <"$dir/plan")
echo "KTAP version 1"
echo "1..$((n + 1))"
i=0
while read -r chip want proc pattern; do
	i=$((i + 1))
	rc=$(cat "$dir/$chip.rc")
	named=1
	[ "$proc" = - ] || grep -q "^    # device: amdgpu $proc (" "$dir/$chip.out" || named=0
	if [ "$rc" = "$want" ] && [ $named = 1 ] &&
	   cat "$dir/$chip.out" "$dir/$chip.err" | grep -q -- "$pattern"; then
		echo "ok $i vsharp_run_$chip"
	else
		echo "# $chip: exit $rc (want $want), expected \"$pattern\" and processor $proc; got:"
		grep -m 1 "# device:" "$dir/$chip.out" | sed 's/^ */# /'
		tail -n 3 "$dir/$chip.out" "$dir/$chip.err" | sed 's/^/# /'
		echo "not ok $i vsharp_run_$chip"
	fi
done <"$dir/plan"

tree=$(scripts/linux-tree 2>/dev/null)
if [ -n "$tree" ] && python3 "$tree/tools/testing/kunit/kunit.py" parse "$dir/gfx1100.out" >/dev/null 2>&1; then
	echo "ok $((n + 1)) kunit_py_parse_accepts_the_ktap"
else
	echo "# kunit.py parse rejected the gfx1100 run (or linux-source-6.1 is missing)"
	echo "not ok $((n + 1)) kunit_py_parse_accepts_the_ktap"
fi
