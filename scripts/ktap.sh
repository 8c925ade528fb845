# SPDX-License-Identifier: MIT
#
# Sourced by the shell suites that print flat KTAP: `ok STATUS NAME` prints
# the next case ("ok N NAME" when STATUS is 0, else "not ok N NAME") and
# counts; $n is the number of cases so far, $failed the failures.
n=0
failed=0

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		failed=$((failed + 1))
		echo "not ok $n $2"
	fi
}
