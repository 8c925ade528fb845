#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Issue 27's isolation under the amdgpu shim, as one flat KTAP document:
# processes that share one VSHARP_SHIM_STATE are clients of one GPU, with
# one VMID manager (Linux 6.1 amdgpu_ids.c) and one vsharp.ko
# (shim_vsharp.c).  Per chip:
#
#  - client A, `vsharp run --device amdgpu --align-mode strict`, reserves a
#    VMID, sets strict on it alone (every other graphics VMID still reads
#    unaligned) and is stopped there, mid-run;
#  - client B's `vsharp run --device amdgpu` meanwhile runs every suite on
#    another VMID and passes under amdgpu's own UNALIGNED: A's mode does not
#    reach it;
#  - B's `vsharp align --mode dword` is refused (Linux 6.1 reserves one VMID
#    per GPU, AMDGPU_VM_MAX_RESERVED_VMID, and A holds it) and changes
#    nothing; with --allow-shared-vmid it sets dword on B's own, unreserved
#    VMID (vsharp.ko's force on, then off again) and measures under it;
#  - a mode write on a VMID nobody reserved is EACCES (the module's check);
#  - A goes on, passes under strict, restores and unreserves: the GPU is as
#    it was (status unmodified, nothing reserved, every VMID unaligned);
#  - a client killed while holding its reservation loses it, as the kernel
#    releases a killed process's files.
#
#   user/shim/tests/vmid_shared.sh [BUILD]
# $VSHARP_RUN is the binary (default BUILD/user/vsharp, the optimised build).
set -u
build=${1:-build}
VSHARP_RUN=${VSHARP_RUN:-$build/user/vsharp}
shim=$PWD/$build/shim/libvsharp_shim.so
tmp=$(mktemp -d)
pids=
trap 'for p in $pids; do kill -9 "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
dev=/sys/kernel/debug/vsharp/amdgpu0
chips="gfx900 gfx1030"
n=0

echo "KTAP version 1"
echo "1..$((8 * $(echo $chips | wc -w)))"

result() {	# result OK NAME [DIAGNOSTIC FILE]
	n=$((n + 1))
	if [ "$1" = 1 ]; then
		echo "ok $n $2"
	else
		[ -n "${3:-}" ] && [ -f "$3" ] && sed -n '1,15s/^/# /p' "$3"
		echo "not ok $n $2"
	fi
}

# A client of the machine: the shim preloaded, the chip and the state folder given.
client() {
	env LD_PRELOAD="$shim" VSHARP_SHIM_CHIP=$chip VSHARP_SHIM_STATE=$tmp/$chip "$@"
}

# vsharp.ko's files as one line: reserved, force, status, the mode of VMIDs 1..7.
state() {
	client sh -c "printf '%s %s %s' \$(cat $dev/reserved_vmids $dev/force $dev/status)
		for v in 1 2 3 4 5 6 7; do printf ' %s' \$(cat $dev/vmid/\$v/alignment_mode); done"
}

# Stops PID once its mode is set and its suites run: its shim's trace (ERR)
# shows the reservation, the first job (which tells the VMID), and then a
# third job: the mode was set between the first and the second.  Not while
# PID holds the machine's lock (the shim's flock around its state, a
# kernel's mutex), which would stop every client.
stop_mid_run() {	# stop_mid_run PID ERR
	i=0
	until awk '/AMDGPU_VM_OP_RESERVE_VMID/ { r = 1 } r && /AMDGPU_CS:/ { n++ } END { exit n < 3 }' "$2" ||
		[ $i = 3000 ]; do sleep 0.01; i=$((i + 1)); done
	while kill -STOP "$1"; do
		until [ "$(cut -d' ' -f3 "/proc/$1/stat")" = T ]; do sleep 0.001; done
		flock -n "$tmp/$chip"/*.gpu true && return 0
		kill -CONT "$1"
		sleep 0.001
	done
	return 1
}

for chip in $chips; do
	o=$tmp/$chip.
	mkdir -p "$tmp/$chip"
	# In the background: exec, so that $! is the client's process itself.
	(exec env LD_PRELOAD="$shim" VSHARP_SHIM_CHIP=$chip VSHARP_SHIM_STATE=$tmp/$chip VSHARP_SHIM_TRACE=1 \
		"$VSHARP_RUN" run --device amdgpu --align-mode strict >"${o}a" 2>"${o}ae") &
	a=$!
	pids="$pids $a"
	stop_mid_run $a "${o}ae"
	va=$(sed -n 's/^vsharp-shim: AMDGPU_VM_OP_RESERVE_VMID: VMID \([0-9]*\)$/\1/p' "${o}ae")
	s=$(state)
	# Linux 6.1: A's reservation is the LRU's first VMID (amdgpu_vmid_alloc_reserved), 1 on a fresh GPU.
	want="1 0 applied strict unaligned unaligned unaligned unaligned unaligned unaligned"
	echo "$s" >"${o}s"
	result "$([ "$va" = 1 ] && [ "$s" = "$want" ] && echo 1)" "${chip}_a_reserves_and_sets_strict_on_its_vmid_alone" "${o}s"

	client "$VSHARP_RUN" run --device amdgpu >"${o}b" 2>&1
	rc=$?
	vb=$(sed -n 's/^        # [a-z-]*: the waves ran under VMID \([0-9]*\)$/\1/p' "${o}b" | sort -u)
	result "$([ $rc = 0 ] && grep -q '^# vsharp run: .* 0 failed' "${o}b" && [ -n "$vb" ] &&
		[ "$(echo "$vb" | wc -l)" = 1 ] && [ "$vb" != "$va" ] && echo 1)" \
		"${chip}_b_runs_on_another_vmid_untouched" "${o}b"

	client "$VSHARP_RUN" align --device amdgpu --mode dword >"${o}c" 2>&1
	rc=$?
	result "$([ $rc = 2 ] && grep -q 'another process holds the GPU.s reserved VMID' "${o}c" &&
		grep -q -- '--allow-shared-vmid' "${o}c" && [ "$(state)" = "$want" ] && echo 1)" \
		"${chip}_b_refused_a_vmid_of_its_own" "${o}c"

	client "$VSHARP_RUN" align --device amdgpu --mode dword --allow-shared-vmid --format csv >"${o}d" 2>"${o}de"
	rc=$?
	python3 - "${o}d" <<'PY' 2>>"${o}de"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and all(r["mode"] == "dword" and r["differs"] == "0" for r in rows), len(rows)
PY
	ok=$?
	result "$([ $rc = 0 ] && [ $ok = 0 ] && [ "$(state)" = "$want" ] && echo 1)" \
		"${chip}_b_forced_sets_its_shared_vmid_and_puts_force_back" "${o}de"

	# The module's own check: VMID 3 is nobody's.
	client python3 - >"${o}e" 2>&1 <<'PY'
import errno, os
fd = os.open("/sys/kernel/debug/vsharp/amdgpu0/vmid/3/alignment_mode", os.O_WRONLY)
try:
    os.write(fd, b"strict\n")
    print("accepted")
except OSError as e:
    print(errno.errorcode[e.errno])
os.close(fd)
PY
	result "$([ "$(cat "${o}e")" = EACCES ] && [ "$(state)" = "$want" ] && echo 1)" \
		"${chip}_unreserved_vmid_write_is_eacces" "${o}e"

	kill -CONT $a
	wait $a
	rc=$?
	result "$([ $rc = 0 ] && grep -q '^# vsharp run: .* 0 failed' "${o}a" &&
		grep -q "ALIGNMENT_MODE strict (set with vsharp.ko, $dev (VMID $va, reserved), read back strict)" "${o}a" &&
		! grep -q 'ran under VMID [^1]' "${o}a" && echo 1)" "${chip}_a_passes_under_strict" "${o}a"
	s=$(state)
	echo "$s" >"${o}s"
	result "$([ "$s" = "none 0 unmodified unaligned unaligned unaligned unaligned unaligned unaligned unaligned" ] &&
		echo 1)" "${chip}_a_restored_and_unreserved" "${o}s"

	# Killed while holding its reservation: the next client finds the VMID free again.
	(exec env LD_PRELOAD="$shim" VSHARP_SHIM_CHIP=$chip VSHARP_SHIM_STATE=$tmp/$chip python3 - >"${o}k" 2>&1 <<'PY') &
import fcntl, os, struct, time
# libdrm amdgpu_vm_reserve_vmid(): DRM_IOCTL_AMDGPU_VM, _IOWR('d', 0x40 + 0x13, union drm_amdgpu_vm)
fd = os.open("/dev/dri/renderD128", os.O_RDWR)
fcntl.ioctl(fd, 0xc0086453, struct.pack("<II", 1, 0))	# AMDGPU_VM_OP_RESERVE_VMID
print("reserved", flush=True)
time.sleep(60)
PY
	k=$!
	pids="$pids $k"
	i=0
	until grep -q reserved "${o}k" 2>/dev/null || [ $i = 600 ]; do sleep 0.1; i=$((i + 1)); done
	held=$(client cat $dev/reserved_vmids)
	kill -9 $k
	wait $k 2>/dev/null
	after=$(client cat $dev/reserved_vmids)
	echo "held $held, after the kill $after" >>"${o}k"
	result "$([ "$held" = 1 ] && [ "$after" = none ] && echo 1)" "${chip}_killed_client_loses_its_reservation" "${o}k"
done
