#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The steps of lava/vsharp-kselftest.yaml on the device under test, as
# root: install the bundle (lava/make-bundle), load vsharp.ko, run the
# kselftests with the kernel's run_kselftest.sh and `vsharp run --device
# amdgpu` (and, with -e, `vsharp run --device emu`), attach the result
# bundles of those runs, unload, and report every result as a LAVA test case
# (lava-test-case NAME --result pass|fail|skip; without LAVA the same as
# "NAME RESULT" lines).  POSIX sh and busybox suffice.
#
#   lava/vsharp-lava.sh -b BUNDLE [-d DIR] [-p "MODULE PARAMS"] [-t "TEST ..."]
#                       [-u UPLOAD_URL] [-e GFX]
#
# BUNDLE: a path or an http(s) URL of the tarball.  DIR: where it goes
# (default /opt).  TEST: kselftest programs to run (default all).
# UPLOAD_URL: where result bundles go (an HTTP POST of each file to
# UPLOAD_URL/NAME, referenced from the job's results); without it they are
# written into the job's log (lava/log-bundles takes them out).  GFX: also
# run the emulated device at that level (a bundle without a GPU).
set -u
bundle= dir=/opt params= tests= upload= emu=
while getopts "b:d:p:t:u:e:" opt; do
	case $opt in
	b) bundle=$OPTARG ;;
	d) dir=$OPTARG ;;
	p) params=$OPTARG ;;
	t) tests=$OPTARG ;;
	u) upload=${OPTARG%/} ;;
	e) emu=$OPTARG ;;
	*) echo "usage: $0 -b BUNDLE [-d DIR] [-p PARAMS] [-t TESTS] [-u UPLOAD_URL] [-e GFX]" >&2; exit 2 ;;
	esac
done
if [ -z "$bundle" ]; then
	echo "$0: -b BUNDLE is required (lava/make-bundle makes it)" >&2
	exit 2
fi
root=$dir/vsharp
here=$(cd "$(dirname "$0")" && pwd)
logs=${TMPDIR:-/tmp}/vsharp-lava
mkdir -p "$logs"

lava() {
	command -v lava-test-case >/dev/null 2>&1
}

report() {
	if lava; then
		lava-test-case "$1" --result "$2"
	else
		echo "$1 $2"
	fi
}

# attach NAME FILE: the result bundle FILE as test case bundle.NAME.  With
# an upload URL: POSTed there, the case's reference is its URL.  Without:
# gzip and base64 between two marker lines of the log (the sha256 of FILE
# on the first), the case's measurement its size in bytes.
attach() {
	file=vsharp-$1.json
	if [ -n "$upload" ]; then
		if wget -q -O /dev/null --post-file="$2" "$upload/$file"; then
			if lava; then
				lava-test-reference "bundle.$1" --result pass --reference "$upload/$file"
			else
				echo "bundle.$1 pass $upload/$file"
			fi
		else
			report "bundle.$1" fail
		fi
		return
	fi
	echo "vsharp-bundle-begin $file $(sha256sum <"$2" | cut -d' ' -f1)"
	gzip -c "$2" | base64
	echo "vsharp-bundle-end $file"
	size=$(wc -c <"$2")
	if lava; then
		lava-test-case "bundle.$1" --result pass --measurement "$size" --units bytes
	else
		echo "bundle.$1 pass $size bytes"
	fi
}

# 1. Install.
r=pass
case $bundle in
http://* | https://*)
	wget -q -O "$logs/bundle.tar.gz" "$bundle" || r=fail
	bundle=$logs/bundle.tar.gz
	;;
esac
[ $r = pass ] && mkdir -p "$dir" && tar -xzf "$bundle" -C "$dir" || r=fail
[ -x "$root/bin/vsharp" ] && [ -f "$root/vsharp.ko" ] && [ -x "$root/kselftest/run_kselftest.sh" ] || r=fail
report install $r
[ $r = pass ] || exit 1

# 2. debugfs and the module (a copy loaded before, by DKMS say, goes first).
grep -q '^[^ ]* /sys/kernel/debug debugfs ' /proc/mounts ||
	mount -t debugfs none /sys/kernel/debug
[ -d /sys/module/vsharp ] && rmmod vsharp
# shellcheck disable=SC2086
insmod "$root/vsharp.ko" $params && r=pass || r=fail
report insmod $r

# 3. The kselftests: one case per program and one per harness case.
export VSHARP="$root/bin/vsharp" VSHARP_KO="$root/vsharp.ko" VSHARP_PARAMS="$params"
sel=
for t in $tests; do
	sel="$sel -t vsharp:$t"
done
# shellcheck disable=SC2086
"$root/kselftest/run_kselftest.sh" $sel 2>&1 | tee "$logs/kselftest.log"
"$here/ktap-cases" kselftest "$logs/kselftest.log" >"$logs/kselftest.results"
while read -r name res; do
	report "$name" "$res"
done <"$logs/kselftest.results"

# 4. The real GPU: without one, vsharp exits 4 with its reason, a skip,
# and writes no bundle.
rm -f "$logs/amdgpu.json"
"$root/bin/vsharp" run --device amdgpu --bundle "$logs/amdgpu.json" >"$logs/amdgpu.ktap" 2>&1
rc=$?
cat "$logs/amdgpu.ktap"
"$here/ktap-cases" amdgpu "$logs/amdgpu.ktap" $rc >"$logs/amdgpu.results"
while read -r name res; do
	report "$name" "$res"
done <"$logs/amdgpu.results"
[ -s "$logs/amdgpu.json" ] && attach amdgpu "$logs/amdgpu.json"

# 4b. The emulated device, under vsharp.ko's mode.
if [ -n "$emu" ]; then
	rm -f "$logs/emu.json"
	"$root/bin/vsharp" run --device emu --gfx "$emu" --bundle "$logs/emu.json" \
		>"$logs/emu.ktap" 2>&1 && r=pass || r=fail
	tail -n 1 "$logs/emu.ktap"
	report "emu.$emu" $r
	[ -s "$logs/emu.json" ] && attach "emu-$emu" "$logs/emu.json"
fi

# 5. Unload.
rmmod vsharp && r=pass || r=fail
report rmmod $r
