#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp run --device amdgpu` over Debian's libdrm_amdgpu and the amdgpu
# shim, on each chip profile the shim has (its own list, which
# VSHARP_SHIM_CHIP names when refusing an unknown chip), with the shim's
# VRAM read counter on (VSHARP_SHIM_VRAM_READS, Documentation/shim.rst)
# unless COUNT=0, since its page faults cost time.  For each PROFILE, in
# DIR: PROFILE.rc (exit status), PROFILE.ns (wall time), PROFILE.vram (the
# counter's lines, one per process that mapped a VRAM BO or submitted: none
# when none did or COUNT=0), PROFILE.out and PROFILE.err.  JOBS runs at a
# time (default 1: the wall times are the bench's).
#
#   user/bench/shim_runs.sh BUILD DIR [PROFILE...]
set -eu
build=$1 dir=$2
shift 2
shim=$(cd "$build/shim" && pwd)/libvsharp_shim.so
vsharp=$(cd "$build/user" && pwd)/vsharp
if [ $# = 0 ]; then
	set -- $(VSHARP_SHIM_CHIP=? LD_PRELOAD=$shim /bin/true 2>&1 |
		sed -n 's/.*unknown chip; allowed: //p' | tr -d ,)
	[ $# != 0 ] || { echo "shim_runs.sh: the shim named no profiles" >&2; exit 1; }
fi

count=${COUNT:-1}
one() {
	: >"$dir/$1.vram"
	start=$(date +%s%N)
	rc=0
	counter=
	[ "$count" = 0 ] || counter=$dir/$1.vram
	VSHARP_SHIM_VRAM_READS=$counter VSHARP_SHIM_CHIP=$1 LD_PRELOAD=$shim \
		"$vsharp" run --device amdgpu >"$dir/$1.out" 2>"$dir/$1.err" || rc=$?
	end=$(date +%s%N)
	echo $rc >"$dir/$1.rc"
	echo $((end - start)) >"$dir/$1.ns"
}

jobs=${JOBS:-1}
running=0
for p in "$@"; do
	one "$p" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
printf '%s\n' "$@" >"$dir/profiles"
