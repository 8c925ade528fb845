#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp ib decode` register names and fields against the register
# definitions of Linux 6.12 (user/tests/reg_fields.py): the amdgpu headers
# of Debian's linux-source-6.12, which scripts/deps kernel-source installs
# and the kmod-6.12 suite extracts too (one extraction serves both).  A
# missing tree is a failure, never a skip.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
log=$(mktemp)
if ! tree=$(LINUX_SERIES=6.12 LINUX_TREE_AMDGPU=1 "$top/scripts/linux-tree" 2>"$log"); then
	echo "KTAP version 1"
	echo "1..1"
	sed 's/^/# /' "$log"
	rm -f "$log"
	echo "not ok 1 reg_fields.linux_tree"
	exit 1
fi
rm -f "$log"
exec python3 "$top/user/tests/reg_fields.py" "$tree" "${VSHARP:-$top/build/san/vsharp}"
