#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp run -j N` against the serial run (-j 1), as KTAP: stdout, stderr
# and the exit status must be the same bytes, on runs that pass and on
# runs whose failures are spread over the families (an --emu-rule choice
# the model does not follow makes the emulated device differ; strict_b96=4
# fails the 12-byte cases of the alignment suite under STRICT).  Then the
# --verdicts-json file, the tty progress of each path, the default -j (the
# CPUs the process may use), the refused values and a worker killed in the
# middle.  $VSHARP is the binary (default build/san/vsharp: the workers are
# forks, so ASan and LeakSanitizer see each one).
set -u
VSHARP=${VSHARP:-build/san/vsharp}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

. "$(dirname "$0")/../../scripts/ktap.sh"

echo "KTAP version 1"
echo "1..10"

# run TAG ARGS...: vsharp run's stdout, stderr and exit status into $dir/TAG.*.
run() {
	tag=$1
	shift
	"$VSHARP" run "$@" >"$dir/$tag.out" 2>"$dir/$tag.err"
	echo $? >"$dir/$tag.rc"
}

# same NAME A B: the two runs' three outputs are the same bytes.
same() {
	r=0
	for s in out err rc; do
		if ! cmp -s "$dir/$2.$s" "$dir/$3.$s"; then
			echo "# $1: $s differs between $2 and $3:"
			diff "$dir/$2.$s" "$dir/$3.$s" | head -10 | sed 's/^/#   /'
			r=1
		fi
	done
	ok $r "$1"
}

# A passing run of every family.
run pass1 --device emu -j 1 smem
run pass2 --device emu -j 2 smem
r=0
if [ "$(cat "$dir/pass1.rc")" != 0 ] || [ "$(grep -c '^ok [0-9]* gfx' "$dir/pass1.out")" != 8 ]; then
	echo "# the serial run did not pass on 8 families (exit $(cat "$dir/pass1.rc"))"
	r=1
fi
ok $r serial_run_passes_every_family
same j2_same_bytes_as_j1 pass1 pass2

# Failures in seven families of eight (GFX6 has no 12-byte cases in the mode).
run fail1 --device emu -j 1 --align-mode strict --emu-rule strict_b96=4 alignment smem
run fail4 --device emu -j4 --align-mode strict --emu-rule strict_b96=4 alignment smem
r=0
if [ "$(cat "$dir/fail1.rc")" != 1 ] || ! grep -q '^ok 1 gfx6$' "$dir/fail1.out" ||
   [ "$(grep -c '^not ok [0-9]* gfx' "$dir/fail1.out")" != 7 ] ||
   [ "$(grep -c '# mismatch: ' "$dir/fail1.out")" -lt 14 ]; then
	echo "# the serial run with strict_b96=4 does not fail seven families with mismatch lines (exit $(cat "$dir/fail1.rc"))"
	r=1
fi
ok $r serial_run_fails_seven_families
same j4_same_bytes_as_j1_with_failures fail1 fail4

# The verdicts come back from the workers: table and JSON.
run v1 --device emu -j 1 --verdicts-json "$dir/v1.json" verdicts
run v2 --device emu --jobs=2 --verdicts-json "$dir/v2.json" verdicts
r=0
if ! grep -q '^# verdicts: the choice each level follows' "$dir/v1.out" || ! [ -s "$dir/v1.json" ]; then
	echo "# the serial run printed no verdict table or JSON"
	r=1
fi
cmp -s "$dir/v1.json" "$dir/v2.json" || { echo "# --verdicts-json differs"; r=1; }
cmp -s "$dir/v1.out" "$dir/v2.out" || { echo "# stdout differs"; r=1; }
cmp -s "$dir/v1.rc" "$dir/v2.rc" || { echo "# exit status differs"; r=1; }
ok $r verdicts_and_json_same_as_j1

# On a terminal (script(1) gives one): the serial run shows each suite's
# waves, the workers' parent the families; both erase their line.
# on_tty ARGS...: what a terminal shows of vsharp run ARGS, one line per \r.
on_tty() {
	script -qec "$VSHARP run $*" /dev/null </dev/null | tr '\r' '\n'
}
r=0
on_tty --device emu -j 1 smem >"$dir/t1"
on_tty --device emu -j 2 smem >"$dir/t2"
grep -q ' waves $' "$dir/t1" || { echo "# -j 1 on a terminal shows no suite progress"; r=1; }
grep -q 'families done, running gfx' "$dir/t2" || { echo "# -j 2 on a terminal shows no family progress"; r=1; }
grep -q '^# vsharp run: 51200 cases: 51200 passed' "$dir/t2" || { echo "# -j 2 on a terminal lacks the last line"; r=1; }
ok $r tty_progress_of_each_path

# The default: one worker per CPU the process may use (taskset sets them).
if [ "$(nproc)" -lt 2 ]; then
	echo "ok $((n + 1)) default_jobs_follow_the_affinity # SKIP one CPU"
	n=$((n + 1))
else
	r=0
	cpu=$(awk '/^Cpus_allowed_list:/ { sub(/[-,].*/, "", $2); print $2 }' /proc/self/status)
	taskset -c "$cpu" script -qec "$VSHARP run --device emu smem" /dev/null </dev/null >"$dir/d1"
	script -qec "$VSHARP run --device emu smem" /dev/null </dev/null >"$dir/d2"
	grep -q 'families done' "$dir/d1" && { echo "# one CPU: the run used workers"; r=1; }
	grep -q 'families done' "$dir/d2" || { echo "# two CPUs: the run used no workers"; r=1; }
	ok $r default_jobs_follow_the_affinity
fi

# One family is run in-process whatever -j says.
run one1 --device emu --gfx gfx9 -j 1 smem
run one4 --device emu --gfx gfx9 -j 4 smem
same one_family_same_with_j4 one1 one4

r=0
for j in "-j 0" "-j 1025" "-j two" "--jobs=0" "-j"; do
	# shellcheck disable=SC2086 # the option and its value are two words
	"$VSHARP" run --device emu $j smem >"$dir/bad.out" 2>"$dir/bad.err"
	rc=$?
	if [ "$rc" != 2 ] || [ -s "$dir/bad.out" ] || ! grep -Eq '^vsharp: -j: ' "$dir/bad.err"; then
		echo "# '$j': exit $rc, stderr: $(cat "$dir/bad.err")"
		r=1
	fi
done
"$VSHARP" run --device emu -j 1025 smem 2>&1 | grep -q "^vsharp: -j: '1025' is out of range (allowed 1\.\.1024)$" ||
	{ echo "# -j 1025 does not name the range"; r=1; }
ok $r bad_j_refused_with_the_range

# A worker killed in the middle fails its family, not the run's others.
"$VSHARP" run --device emu -j 2 --align-mode strict alignment >"$dir/k.out" 2>"$dir/k.err" &
pid=$!
kids=""
for _ in $(seq 200); do
	kids=$(cat "/proc/$pid/task/$pid/children" 2>/dev/null)
	[ -n "$kids" ] && break
	sleep 0.05
done
[ -n "$kids" ] && kill -KILL "${kids%% *}"
wait $pid
rc=$?
r=0
if [ -z "$kids" ] || [ "$rc" != 1 ] ||
   [ "$(grep -c '^# gfx[0-9.]*: its worker was killed by signal 9' "$dir/k.out")" != 1 ] ||
   [ "$(grep -Ec '^(not )?ok [0-9]+ gfx' "$dir/k.out")" != 8 ] ||
   ! grep -q '^# vsharp run: ' "$dir/k.out"; then
	echo "# killing a worker: exit $rc, workers seen '$kids':"
	grep -E '^(not )?ok|^# ' "$dir/k.out" | sed 's/^/#   /'
	r=1
fi
ok $r killed_worker_fails_its_family_only

[ "$n" = 10 ] || echo "# ran $n cases, plan says 10"
[ "$failed" = 0 ]
