#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The real-GPU path without a GPU, on every chip profile of the amdgpu
# shim (user/bench/shim_runs.sh): `vsharp run --device amdgpu`, every
# suite, one run at a time.  Per profile: batches per second (a batch is
# one CS ioctl, counted in the second run, the same in every run; the time
# is the whole process, startup included, of a run without the counter)
# and, from a second run, the bytes the CPU read from
# VRAM BO mappings (the shim's counter, Documentation/shim.rst), which on a
# GPU cost a PCIe round trip each (Documentation/hardware.rst "Reading
# results").
#
#   user/bench/bench_shim.sh BUILD [PROFILE...]
set -eu
build=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkdir "$dir/timed" "$dir/counted"
COUNT=0 user/bench/shim_runs.sh "$build" "$dir/timed" "$@"
user/bench/shim_runs.sh "$build" "$dir/counted" "$@"
while read -r p; do
	[ "$(cat "$dir/timed/$p.rc")" = 0 ] || continue
	awk -v chip="$p" -v ns="$(cat "$dir/timed/$p.ns")" '
		{ for (i = 1; i < NF; i++) v[$i] += $(i + 1) }
		END {
			s = ns / 1e9
			printf "%-36s %9.1f batches/s  (%d CS in %.3f s, %s, every suite), VRAM read by the CPU: %d bytes\n",
			       "shim vsharp run --device amdgpu", v["cs"] / s, v["cs"], s, chip, v["vram_read_bytes"]
		}' "$dir/counted/$p.vram"
done <"$dir/timed/profiles"
