#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The steps of lava/vsharp-kselftest.yaml on the device under test, as
# root: install the bundle (lava/make-bundle), load vsharp.ko, run the
# kselftests with the kernel's run_kselftest.sh and `vsharp run --device
# amdgpu`, unload, and report every result as a LAVA test case
# (lava-test-case NAME --result pass|fail|skip; without LAVA the same as
# "NAME RESULT" lines).  POSIX sh and busybox suffice.
#
#   lava/vsharp-lava.sh -b BUNDLE [-d DIR] [-p "MODULE PARAMS"] [-t "TEST ..."]
#
# BUNDLE: a path or an http(s) URL of the tarball.  DIR: where it goes
# (default /opt).  TEST: kselftest programs to run (default all).
set -u
bundle= dir=/opt params= tests=
while getopts "b:d:p:t:" opt; do
	case $opt in
	b) bundle=$OPTARG ;;
	d) dir=$OPTARG ;;
	p) params=$OPTARG ;;
	t) tests=$OPTARG ;;
	*) echo "usage: $0 -b BUNDLE [-d DIR] [-p PARAMS] [-t TESTS]" >&2; exit 2 ;;
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

report() {
	if command -v lava-test-case >/dev/null 2>&1; then
		lava-test-case "$1" --result "$2"
	else
		echo "$1 $2"
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

# 4. The real GPU: without one, vsharp exits 4 with its reason, a skip.
"$root/bin/vsharp" run --device amdgpu >"$logs/amdgpu.ktap" 2>&1
rc=$?
cat "$logs/amdgpu.ktap"
"$here/ktap-cases" amdgpu "$logs/amdgpu.ktap" $rc >"$logs/amdgpu.results"
while read -r name res; do
	report "$name" "$res"
done <"$logs/amdgpu.results"

# 5. Unload.
rmmod vsharp && r=pass || r=fail
report rmmod $r
