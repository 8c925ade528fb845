#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The instruction catalogue against LLVM's assembler: on each level every
# instruction vsharp lists must assemble with llvm-mc-19 for that level's
# processor, and every catalogue entry the level lacks must be rejected.
# Instructions the level has but LLVM 19 does not know (marked U: the RDNA4
# BVH stack ops, added in LLVM 20) must be rejected too, so the day llvm-mc
# learns them the catalogue's mark has to go.  One KTAP case per level, and
# one for gfx810 (Stoney), whose D16 data is packed where the other GFX8
# processors' is not (LLVM AMDGPU.td).
set -u
VSHARP=${VSHARP:-build/san/vsharp}
MC=${LLVM_MC:-llvm-mc-19}
levels="gfx6:gfx601 gfx7:gfx700 gfx8:gfx803 gfx810:gfx810 gfx9:gfx900 gfx10:gfx1010 gfx10.3:gfx1030 gfx11:gfx1100 gfx12:gfx1200"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "KTAP version 1"
echo "1..9"
if ! command -v "$MC" >/dev/null; then
	echo "# $MC not found; install it with: scripts/deps shaders"
	exit 1
fi
n=0
failed=0
for pair in $levels; do
	level=${pair%%:*} cpu=${pair#*:}
	n=$((n + 1))
	"$VSHARP" ops --gfx "$level" --asm --all >"$tmp/all" || exit 1
	cut -c3- "$tmp/all" >"$tmp/asm"
	"$MC" -triple=amdgcn -mcpu="$cpu" -filetype=null <"$tmp/asm" 2>"$tmp/err" >/dev/null
	sed -n 's/^<stdin>:\([0-9]*\):.*error:.*/\1/p' "$tmp/err" | sort -un >"$tmp/bad"
	r=0
	line=0
	while read -r mark rest; do
		line=$((line + 1))
		if grep -qx "$line" "$tmp/bad"; then rejected=1; else rejected=0; fi
		if [ "$mark" = Y ] && [ $rejected = 1 ]; then
			echo "# $level ($cpu): llvm-mc rejects '$rest'"
			r=1
		elif [ "$mark" = N ] && [ $rejected = 0 ]; then
			echo "# $level ($cpu): llvm-mc accepts '$rest', which vsharp says $level lacks"
			r=1
		elif [ "$mark" = U ] && [ $rejected = 0 ]; then
			echo "# $level ($cpu): llvm-mc accepts '$rest', which vsharp says LLVM 19 does not know"
			r=1
		fi
	done <"$tmp/all"
	echo "# $level: $(grep -c '^Y' "$tmp/all") instructions checked with $cpu, $(grep -c '^U' "$tmp/all") it does not know"
	if [ $r = 0 ]; then
		echo "ok $n $level"
	else
		failed=$((failed + 1))
		echo "not ok $n $level"
	fi
done
[ $failed = 0 ]
