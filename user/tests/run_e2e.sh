#!/bin/sh
# SPDX-License-Identifier: MIT
#
# End to end: `vsharp run` on the emulated device, every suite on every
# family, flattened to one KTAP case per suite and family; then the total
# case count, the families that ran, and the kernel's own KTAP parser
# (kunit.py from linux-source-6.1).
# $VSHARP_RUN is the binary (default build/user/vsharp: the optimised build,
# the whole run under the sanitizers takes too long; test_probe_* cover the
# library under ASan+UBSan).
set -u
VSHARP_RUN=${VSHARP_RUN:-build/user/vsharp}
# Every family the emulated device runs, in the order vsharp run takes them.
FAMILIES="gfx6 gfx7 gfx8 gfx9 gfx10 gfx10.3 gfx11 gfx12"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$VSHARP_RUN" run --device emu >"$out" 2>/dev/null
rc=$?
awk -v rc="$rc" -v want="$FAMILIES" '
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
		print "1.." n + 4
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
tree=$(scripts/linux-tree 2>/dev/null)
last=$(awk '/^    (not )?ok [0-9]+ /{n++} END{print n + 4}' "$out")
if [ -n "$tree" ] && python3 "$tree/tools/testing/kunit/kunit.py" parse "$out" >/dev/null 2>&1; then
	echo "ok $last kunit_py_parse_accepts_the_ktap"
else
	echo "# kunit.py parse rejected the output (or linux-source-6.1 is missing)"
	echo "not ok $last kunit_py_parse_accepts_the_ktap"
fi
