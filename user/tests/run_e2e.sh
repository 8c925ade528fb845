#!/bin/sh
# SPDX-License-Identifier: MIT
#
# End to end: `vsharp run` on the emulated device, every suite on every
# family, flattened to one KTAP case per suite and family; then the total
# case count, the families that ran, and the kernel's own KTAP parser
# (kunit.py from linux-source-6.1).  The families run their level's probe
# processor; `vsharp run --device emu --gfx P` runs each other processor of
# the acceptance list (issue 24), one case each: it names P and its summary
# says 0 failed.  (shim_vsharp.sh compares every one with the shim.)
# $VSHARP_RUN is the binary (default build/user/vsharp: the optimised build,
# the whole run under the sanitizers takes too long; test_probe_* cover the
# library under ASan+UBSan).
set -u
VSHARP_RUN=${VSHARP_RUN:-build/user/vsharp}
# Every family the emulated device runs, in the order vsharp run takes them.
FAMILIES="gfx6 gfx7 gfx8 gfx9 gfx10 gfx10.3 gfx11 gfx12"
# The processors that are not their level's probe processor.
PROCESSORS="gfx600 gfx801 gfx802 gfx810 gfx902 gfx906 gfx906:sramecc+"
out=$(mktemp)
dir=$(mktemp -d)
trap 'rm -rf "$out" "$dir"' EXIT

# One at a time beside the families' run: two cores.
(
	i=0
	for p in $PROCESSORS; do
		i=$((i + 1))
		"$VSHARP_RUN" run --device emu --gfx "$p" >"$dir/$i.out" 2>&1
		echo $? >"$dir/$i.rc"
	done
) &
procs=$!
"$VSHARP_RUN" run --device emu >"$out" 2>/dev/null
rc=$?
wait $procs
nproc=$(echo $PROCESSORS | wc -w)
awk -v rc="$rc" -v want="$FAMILIES" -v extra="$nproc" '
	/^    # Subtest: / { fam = $3; fams = fams (fams == "" ? "" : " ") fam }
	/^    (not )?ok [0-9]+ / {
		n++
		name = $NF
		line[n] = ($1 == "not" ? "not ok " : "ok ") n " " fam "." name
	}
	/^        # / && !/cases:/ { diag[n + 1] = diag[n + 1] substr($0, 9) "\n" }
	/^# vsharp run: / { total = $4 }
	END {
		print "KTAP version 1"
		print "1.." n + 4 + extra
		for (i = 1; i <= n; i++) {
			printf "%s", diag[i]
			print line[i]
		}
		print (rc == 0 ? "ok " : "not ok ") n + 1 " run_exit_status # exit " rc
		print "# " total " cases"
		print (total + 0 >= 1000000 ? "ok " : "not ok ") n + 2 " at_least_one_million_cases"
		print "# families: " fams
		print (fams == want ? "ok " : "not ok ") n + 3 " every_family_ran"
	}' "$out"
first=$(awk '/^    (not )?ok [0-9]+ /{n++} END{print n + 4}' "$out")
i=0
for p in $PROCESSORS; do
	i=$((i + 1))
	if [ "$(cat "$dir/$i.rc")" = 0 ] && grep -q "^    # device: emu $p, " "$dir/$i.out" &&
	   grep -q "^# vsharp run: [1-9][0-9]* cases: [0-9]* passed, 0 failed" "$dir/$i.out"; then
		echo "ok $((first + i - 1)) $p.emu_run_passes"
	else
		echo "# $p: exit $(cat "$dir/$i.rc"); last lines:"
		tail -n 3 "$dir/$i.out" | sed 's/^/# /'
		echo "not ok $((first + i - 1)) $p.emu_run_passes"
	fi
done
tree=$(scripts/linux-tree 2>/dev/null)
last=$((first + nproc))
if [ -n "$tree" ] && python3 "$tree/tools/testing/kunit/kunit.py" parse "$out" >/dev/null 2>&1; then
	echo "ok $last kunit_py_parse_accepts_the_ktap"
else
	echo "# kunit.py parse rejected the output (or linux-source-6.1 is missing)"
	echo "not ok $last kunit_py_parse_accepts_the_ktap"
fi
