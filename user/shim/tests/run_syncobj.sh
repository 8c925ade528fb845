#!/bin/sh
# SPDX-License-Identifier: MIT
#
# DRM syncobjs and sync files under the shim (syncobj_test.c), one KTAP
# document: the ASan build of the test under the ASan build of the shim,
# ASan's runtime first in LD_PRELOAD.  About 0.2 s (one 50 ms deadline and
# one 50 ms hand-over between threads).
#
#   user/shim/tests/run_syncobj.sh [BUILD]
set -u
build=${1:-build}
asan=$(${CC:-gcc} -print-file-name=libasan.so)

VSHARP_SHIM_CHIP=gfx1030 LD_PRELOAD="$asan $PWD/$build/shim-san/libvsharp_shim.so" \
	ASAN_OPTIONS=detect_leaks=1 "$build/shim-san/tests/syncobj_test"
