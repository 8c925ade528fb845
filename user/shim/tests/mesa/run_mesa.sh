#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Mesa 22.3 computing on the emulated GPU under the shim, one flat KTAP
# document: on each profile, vkcompute's fill, reduce and robust (RADV's
# command buffers, ACO's shaders) and clcompute's fill, reduce and bufops
# (Clover, radeonsi's command streams, LLVM's code).  A case is ok only when
# every word the CPU computed came back; otherwise the wrong words and the
# lines where the shim, the emulator or Mesa refused something follow.
# Built with the sanitizers: ASan's runtime first in LD_PRELOAD, then the
# ASan build of the shim.  Leak checking is off: Mesa and LLVM keep
# allocations until exit that are not this project's.
# Clover links libclc's bitcode for the chip; Debian 12's libclc-15 has none
# after gfx906 (clBuildProgram: "cannot open file
# '/usr/lib/clc/gfx1010-amdgcn-mesa-mesa3d.bc'"), so there the two kernel
# cases SKIP naming the file; bufops needs no libclc and runs everywhere.
# First the same cases on Mesa's CPU drivers, without the shim (profile
# "cpu": lavapipe, rusticl on llvmpipe): an implementation independent of
# vsharp that shows the programs and their expected words right.
#
#   user/shim/tests/mesa/run_mesa.sh [BUILD [PROFILE...]]
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
profiles=${*:-cpu gfx900 gfx1010 gfx1030 gfx1100}
bin=$build/shim/tests/mesa
asan=$(${CC:-gcc} -print-file-name=libasan.so)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

icd=/usr/share/vulkan/icd.d
ocl=/etc/OpenCL/vendors
# Compile every time: a shader from Mesa's disk cache would hide the compiler's part.
export MESA_SHADER_CACHE_DISABLE=true
export ASAN_OPTIONS=detect_leaks=0

# One process per case: radeonsi ends the process when its context is lost
# ("The process will be terminated"), and one case must not hide the next.
# Each loader sees only the driver meant: RADV or lavapipe, Clover or rusticl.
run() {	# PROFILE PROGRAM TEST
	f=$dir/$1-$2-$3
	case $1:$2 in
	cpu:vkcompute)
		VK_ICD_FILENAMES=$icd/lvp_icd.x86_64.json timeout 120 "$bin/$2" -d lavapipe "$3" ;;
	cpu:clcompute)
		OCL_ICD_VENDORS=$ocl/rusticl.icd RUSTICL_ENABLE=llvmpipe timeout 120 "$bin/$2" -p rusticl "$3" ;;
	*)
		VK_ICD_FILENAMES=$icd/radeon_icd.x86_64.json OCL_ICD_VENDORS=$ocl/mesa.icd \
			VSHARP_SHIM_CHIP=$1 VSHARP_SHIM_TRACE=1 \
			LD_PRELOAD="$asan $PWD/$build/shim-san/libvsharp_shim.so" timeout 120 "$bin/$2" "$3" ;;
	esac >"$f.out" 2>"$f.err"
	echo $? >"$f.rc"
}

cases="vkcompute:fill vkcompute:reduce vkcompute:robust clcompute:fill clcompute:reduce clcompute:bufops"
for p in $profiles; do
	(for case in $cases; do
		prog=${case%%:*} t=${case#*:}
		if [ $p != cpu ] && [ $t != bufops ] && [ $prog = clcompute ] &&
		   [ ! -f "/usr/lib/clc/$p-amdgcn-mesa-mesa3d.bc" ]; then
			continue
		fi
		run "$p" "$prog" "$t"
	done) &
done
wait

i=0
echo "KTAP version 1"
echo "1..$(($(echo $profiles | wc -w) * 6))"
for p in $profiles; do
	for case in $cases; do
		prog=${case%%:*} t=${case#*:}
		name=${p}_${prog}_$t
		i=$((i + 1))
		f=$dir/$p-$prog-$t
		if [ ! -f "$f.rc" ]; then
			echo "ok $i $name # SKIP no /usr/lib/clc/$p-amdgcn-mesa-mesa3d.bc (Debian's libclc-15)"
			continue
		fi
		# Under the shim the words must have come from a job: a successful AMDGPU_CS in the trace.
		if [ "$(cat "$f.rc")" = 0 ] && grep -q "^# $t: 0 wrong words$" "$f.out" &&
		   { [ $p = cpu ] || grep -q "AMDGPU_CS: 0$" "$f.err"; }; then
			echo "ok $i $name"
			continue
		fi
		total=$(grep "^# $t: " "$f.out" | sed 's/^# [a-z]*: //')
		echo "# $name: exit $(cat "$f.rc"), ${total:-not reached}"
		grep "^# [a-z]*\[" "$f.out"
		[ $p = cpu ] || grep -q "AMDGPU_CS: 0$" "$f.err" ||
			echo "#   no successful AMDGPU_CS in the shim's trace (VSHARP_SHIM_TRACE=1)"
		# What refused: the program's own error, the shim's and the emulator's lines.
		grep -E "vkcompute:|clcompute:|fatal error|terminated|not implemented|not supported|emu:|strict:|page fault|Faulty|timeout" \
			"$f.err" | grep -v "AMDGPU_INFO query 0x21\|GET_CAP capability 16" |
			awk '!seen[$0]++' | head -n 6 | sed 's/^/#   /'
		echo "not ok $i $name"
	done
done
