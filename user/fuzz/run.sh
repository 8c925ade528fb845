#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Runs libFuzzer harnesses on their corpora and prints flat KTAP, one case
# per harness, with libFuzzer's figures as a comment line.
#
#   user/fuzz/run.sh BUILD SECONDS RUNS NAME...
#
# Each harness $BUILD/fuzz/fuzz_NAME runs until SECONDS have passed or it
# has executed RUNS inputs (0: no limit), starting from the checked-in seeds
# in user/fuzz/corpus/NAME.  With RUNS 0 (make check's smoke) new inputs go
# to a temporary directory that is removed afterwards; otherwise (make fuzz)
# they accumulate in $BUILD/fuzz/corpus/NAME.  A crash, leak, timeout or
# failed invariant fails the case; the input is kept as
# $BUILD/fuzz/crashes/NAME-* and the report's last lines are printed.
set -u
build=$1 seconds=$2 runs=$3
shift 3
# Absolute paths: a harness may change its working directory (the CLI's sandbox).
case $build in /*) ;; *) build=$PWD/$build ;; esac
top=$PWD

# Seconds one input may take before it counts as a hang: the emulated GPU
# harnesses run shaders of up to 10 000 instructions per wave.
timeout_of() {
	case $1 in
	emu_run|probe|shim) echo 30 ;;
	*) echo 10 ;;
	esac
}

echo "KTAP version 1"
echo "1..$#"
n=0
status=0
mkdir -p "$build/fuzz/crashes"
for name in "$@"; do
	n=$((n + 1))
	bin=$build/fuzz/fuzz_$name
	seeds=$top/user/fuzz/corpus/$name
	if [ "$runs" = 0 ]; then
		work=$(mktemp -d)
		limit=""
	else
		work=$build/fuzz/corpus/$name
		mkdir -p "$work"
		limit="-runs=$runs"
	fi
	log=$build/fuzz/$name.log
	# -close_fd_mask=1: the CLI and the printers write to stdout; reports go to stderr.
	"$bin" -max_total_time="$seconds" $limit -timeout="$(timeout_of "$name")" \
		-rss_limit_mb=2560 -close_fd_mask=1 -print_final_stats=1 \
		-artifact_prefix="$build/fuzz/crashes/$name-" "$work" "$seeds" >"$log" 2>&1
	rc=$?
	[ "$runs" = 0 ] && rm -rf "$work"
	done_line=$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -n 1)
	cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 | sed -n 's/.*\(cov: [0-9]*\).*\(ft: [0-9]*\).*/\1 \2/p')
	echo "# fuzz_$name: ${done_line:-no final line} ${cov:+($cov)}"
	if [ "$rc" = 0 ] && [ -n "$done_line" ]; then
		echo "ok $n fuzz_$name"
	else
		grep -E 'ERROR|invariant|SUMMARY|Test unit written|==[0-9]+==' "$log" | head -n 20 | sed 's/^/# /'
		echo "not ok $n fuzz_$name # exit status $rc, log $log"
		status=1
	fi
done
exit $status
