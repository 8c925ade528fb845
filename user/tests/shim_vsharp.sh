#!/bin/sh
# SPDX-License-Identifier: MIT
#
# vsharp's real-GPU path end to end without a GPU: `vsharp run --device
# amdgpu` through Debian's unmodified libdrm_amdgpu over the amdgpu shim
# (Documentation/shim.rst), as one flat KTAP document.  The profiles and
# refusals themselves are user/shim/tests/run_profiles.sh; this adds:
#
#  - for each processor of the acceptance list (issue 24: gfx600 to
#    gfx1200, gfx906:sramecc+ included), one case: under its chip profile
#    the run passes (exit 0, summary "0 failed"), so does `vsharp run
#    --device emu --gfx PROCESSOR`, and the two agree case for case (both
#    run the waves the model expects to MEMVIOL, --allow-memviol); on one
#    profile per level kunit.py accepts the KTAP;
#  - on gfx1100 and gfx1200, the LDS direct and parameter loads, which the
#    guides define for pixel waves only, are skipped with the guide's
#    section as the reason (the profile runs above agree with the emulated
#    device, which skips them too); --allow-ldsdir runs exactly those cases,
#    and they agree with the emulated device;
#  - a --gfx that contradicts the GPU is a usage error (exit 2);
#  - each injected fault gives its documented report and exit status under
#    AddressSanitizer (leaks included), and the run goes on where it can.
#
# $VSHARP_RUN is the optimised vsharp (the profile runs), $VSHARP the
# sanitised one (the fault runs), $VSHARP_SHIM the shim library.
set -u
VSHARP_RUN=${VSHARP_RUN:-build/user/vsharp}
VSHARP=${VSHARP:-build/san/vsharp}
VSHARP_SHIM=${VSHARP_SHIM:-build/shim/libvsharp_shim.so}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

result() {	# result OK NAME [DIAGNOSTIC FILE]
	n=$((n + 1))
	if [ "$1" = 1 ]; then
		echo "ok $n $2"
	else
		[ -n "${3:-}" ] && [ -f "$3" ] && sed -n '1,12s/^/# /p' "$3"
		echo "not ok $n $2"
	fi
}

# shim CHIP [FAULT] -- vsharp ARGS...: the run's stdout in $tmp/out, stderr in $tmp/err.
shim() {
	chip=$1 fault=$2
	shift 2
	VSHARP_SHIM_CHIP=$chip VSHARP_SHIM_FAULT=$fault \
		LD_PRELOAD="${LD_PRELOAD_ASAN:-} $VSHARP_SHIM" "$@" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# Drops what names the device; the rest must be the same on both devices.
cases() {
	grep -v -e '# device:' -e '^ *# emu:' -e '^ *# amdgpu' "$1"
}

tree=$(scripts/linux-tree 2>/dev/null)
# profile=processor=level, in processor order
profiles="gfx600=gfx600=gfx6 gfx601=gfx601=gfx6 gfx700=gfx700=gfx7 gfx801=gfx801=gfx8
	gfx802=gfx802=gfx8 gfx803=gfx803=gfx8 gfx810=gfx810=gfx8 gfx900=gfx900=gfx9
	gfx902=gfx902=gfx9 gfx906=gfx906=gfx9 gfx906-ecc=gfx906:sramecc+=gfx9
	gfx1010=gfx1010=gfx10 gfx1030=gfx1030=gfx10.3 gfx1100=gfx1100=gfx11 gfx1200=gfx1200=gfx12"
# kunit.py reads the run of these (one per level from GFX9; run_profiles.sh reads gfx1100's)
kunit_profiles="gfx900 gfx1010 gfx1030 gfx1100 gfx1200"
faults="hang vm_fault vram_lost enomem eacces eintr"
ldsdir_profiles="gfx1100=gfx11=R3=lds_ gfx1200=gfx12=R4=ds_"
asan=$(gcc -print-file-name=libasan.so)

echo "KTAP version 1"
echo "1..$(($(echo $profiles | wc -w) + $(echo $kunit_profiles | wc -w) + \
	$(echo $ldsdir_profiles | wc -w) * 3 + 2 + $(echo $faults | wc -w) * 2))"

for pl in $profiles; do
	chip=${pl%%=*} rest=${pl#*=}
	proc=${rest%%=*} level=${rest#*=}
	# The two runs side by side (make check's machines have two cores or more).
	"$VSHARP_RUN" run --device emu --gfx "$proc" --allow-memviol --align-mode unaligned \
		>"$tmp/emu" 2>/dev/null &
	emu_pid=$!
	shim "$chip" "" "$VSHARP_RUN" run --device amdgpu --allow-memviol --align-mode unaligned
	cp "$tmp/out" "$tmp/amdgpu"
	wait $emu_pid
	rc_emu=$?
	cases "$tmp/amdgpu" >"$tmp/a"
	cases "$tmp/emu" >"$tmp/e"
	{
		echo "amdgpu (profile $chip): exit $rc, emu: exit $rc_emu"
		grep -h -e "# device:" -e "^# vsharp run:" "$tmp/amdgpu" "$tmp/emu"
		diff "$tmp/e" "$tmp/a"
	} >"$tmp/diag"
	# Both name the processor, both pass, and case for case alike.
	result "$([ $rc = 0 ] && [ $rc_emu = 0 ] &&
		grep -q "^    # device: amdgpu $proc (" "$tmp/amdgpu" &&
		grep -q "^    # device: emu $proc, \|^    # device: emu $level, " "$tmp/emu" &&
		grep -q "^# vsharp run: [1-9][0-9]* cases: [0-9]* passed, 0 failed" "$tmp/amdgpu" &&
		grep -q "^# vsharp run: [1-9][0-9]* cases: [0-9]* passed, 0 failed" "$tmp/emu" &&
		grep -q "^ok 1 $level\$" "$tmp/a" && diff -q "$tmp/e" "$tmp/a" >/dev/null && echo 1)" \
		"$proc.passes_and_agrees_with_the_emulated_device" "$tmp/diag"
	case " $kunit_profiles " in *" $chip "*) ;; *) continue ;; esac
	if [ -n "$tree" ] && python3 "$tree/tools/testing/kunit/kunit.py" parse "$tmp/amdgpu" \
		>"$tmp/kunit" 2>&1; then
		result 1 "$chip.kunit_py_parse_accepts_the_ktap"
	else
		result 0 "$chip.kunit_py_parse_accepts_the_ktap" "$tmp/kunit"
	fi
done

# The skipped and the passed count of the lds suite, and the sum of its SKIP lines.
lds_counts() {
	awk '/# lds: SKIP [0-9]+ cases: / { why += $4 }
	     /# lds: [0-9]+ cases: / { passed = $5; skipped = $9 }
	     END { print skipped + 0, passed + 0, why + 0 }' "$1"
}

for pl in $ldsdir_profiles; do
	chip=${pl%%=*} rest=${pl#*=}
	level=${rest%%=*} rest=${rest#*=}
	guide=${rest%%=*} prefix=${rest#*=}
	shim "$chip" "" "$VSHARP_RUN" run --device amdgpu --allow-memviol --align-mode unaligned lds
	cp "$tmp/out" "$tmp/skip"
	result "$([ $rc = 0 ] &&
		grep -q "# lds: SKIP [1-9][0-9]* cases: $guide defines ${prefix}param_load for pixel waves only: .*\"stalls until the bit is set\" (§3.4.1 Table 5, §12.2)" "$tmp/skip" &&
		grep -q "# lds: SKIP [1-9][0-9]* cases: $guide defines ${prefix}direct_load for pixel waves only (\"Pixel shader waves stall if an .*\", §12.2)" "$tmp/skip" &&
		echo 1)" "$chip.ldsdir_skipped_citing_the_guide" "$tmp/skip"
	shim "$chip" "" "$VSHARP_RUN" run --device amdgpu --allow-memviol --allow-ldsdir --align-mode unaligned lds
	cp "$tmp/out" "$tmp/ran"
	rc_ran=$rc
	# Every case the gate skipped runs, and passes; nothing else changes.
	set -- $(lds_counts "$tmp/skip") $(lds_counts "$tmp/ran")
	echo "skipped $1 passed $2 (SKIP lines $3) -> skipped $4 passed $5 (SKIP lines $6)" >"$tmp/counts"
	result "$([ $rc_ran = 0 ] && [ "$3" -gt 0 ] && [ "$6" = 0 ] && [ $(($1 - $4)) = "$3" ] &&
		[ $(($5 - $2)) = "$3" ] && echo 1)" "$chip.allow_ldsdir_runs_exactly_the_skipped_cases" \
		"$tmp/counts"
	"$VSHARP_RUN" run --device emu --gfx "$level" --allow-memviol --allow-ldsdir --align-mode unaligned lds \
		>"$tmp/emu" 2>/dev/null
	cases "$tmp/ran" >"$tmp/a"
	cases "$tmp/emu" >"$tmp/e"
	diff "$tmp/e" "$tmp/a" >"$tmp/diff"
	result "$([ ! -s "$tmp/diff" ] && grep -q "^ok 1 $level\$" "$tmp/a" && echo 1)" \
		"$chip.allow_ldsdir_agrees_with_the_emulated_device" "$tmp/diff"
done

shim gfx1100 "" "$VSHARP_RUN" run --device amdgpu --gfx gfx9
result "$([ $rc = 2 ] && grep -q -- "--gfx: the amdgpu device is gfx11" "$tmp/err" && [ ! -s "$tmp/out" ] &&
	echo 1)" gfx1100.contradicting_gfx_is_a_usage_error "$tmp/err"
# --device auto: another family named runs emulated, and says so.
shim gfx1100 "" "$VSHARP_RUN" run --gfx gfx9 smem
result "$([ $rc = 0 ] && grep -q "^# amdgpu: the GPU is gfx11 (gfx1100), and --gfx names gfx9: running on the emulated device" "$tmp/out" &&
	grep -q "# device: emu gfx9," "$tmp/out" && echo 1)" gfx1100.auto_runs_another_family_emulated "$tmp/out"

# Faults, under ASan and UBSan: the report, the exit status, and the batches after it.
for fault in $faults; do
	LD_PRELOAD_ASAN=$asan shim gfx1030 "$fault" "$VSHARP" run --device amdgpu range
	case $fault in
	hang)		want=1 report="GPU hang: .*completed with -ECANCELED" ;;
	vm_fault)	want=1 report="page fault" ;;
	vram_lost)	want=1 report="VRAM" ;;
	enomem)		want=1 report="Cannot allocate memory" ;;
	eacces)		want=1 report="vsharp: amdgpu: .*permission denied" ;;
	eintr)		want=0 report="" ;;
	esac
	ok=1
	[ $rc = $want ] || ok=0
	if [ -n "$report" ] && ! grep -q -e "$report" "$tmp/out" "$tmp/err"; then
		ok=0
	fi
	grep -q -e "ERROR: AddressSanitizer" -e "ERROR: LeakSanitizer" -e "runtime error:" "$tmp/err" && ok=0
	{ echo "exit $rc (want $want), report /$report/"; cat "$tmp/out" "$tmp/err"; } >"$tmp/diag"
	result $ok "$fault.reported_with_exit_$want" "$tmp/diag"
	# One failed batch must not end the suite: the others still run and pass.
	case $fault in
	hang|vm_fault|vram_lost)
		result "$(grep -q "range: [0-9]* cases: [1-9][0-9]* passed" "$tmp/out" && echo 1)" \
			"$fault.later_batches_still_run" "$tmp/out" ;;
	enomem)
		result "$(grep -q "^not ok 1 " "$tmp/out" &&
			grep -q "# range: [1-9][0-9]* cases not run after the error, counted as failed" "$tmp/out" &&
			grep -q "# range: \([0-9]*\) cases: 0 passed, \1 failed" "$tmp/out" && echo 1)" \
			"$fault.unrun_cases_counted_as_failed" "$tmp/out" ;;
	eacces)
		# A GPU present but not usable is an error to fix: no KTAP, no skip.
		result "$([ ! -s "$tmp/out" ] && echo 1)" "$fault.an_error_not_a_skip" "$tmp/out" ;;
	eintr)
		result "$(grep -q "^ok 1 gfx10.3" "$tmp/out" && echo 1)" \
			"$fault.retried_transparently" "$tmp/out" ;;
	esac
done
