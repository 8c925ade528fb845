#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Batches per second through the real-GPU path without a GPU: `vsharp run
# --device amdgpu` over Debian's libdrm_amdgpu and the amdgpu shim, every
# suite on one chip profile.  A batch is one CS ioctl (the shim's trace
# counts them); the time is the whole process, startup included.
#
#   user/bench/bench_shim.sh BUILD [CHIP]
set -eu
build=$1
chip=${2:-gfx1030}
shim=$(cd "$build/shim" && pwd)/libvsharp_shim.so
trace=$(mktemp)
trap 'rm -f "$trace"' EXIT

start=$(date +%s%N)
VSHARP_SHIM_TRACE=1 VSHARP_SHIM_CHIP=$chip LD_PRELOAD=$shim \
	"$build/user/vsharp" run --device amdgpu >/dev/null 2>"$trace" || true
end=$(date +%s%N)
batches=$(grep -c "AMDGPU_CS:" "$trace" || true)
awk -v b="$batches" -v ns="$((end - start))" -v chip="$chip" 'BEGIN {
	s = ns / 1e9
	printf "%-36s %9.1f batches/s  (%d CS in %.3f s, %s, every suite)\n",
	       "shim vsharp run --device amdgpu", b / s, b, s, chip
}'
