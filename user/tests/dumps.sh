#!/bin/sh
# SPDX-License-Identifier: MIT
#
# vsharp ib decode on the public hang dumps of user/tests/data/dumps (README
# there), as KTAP.  What is expected is what the dumps state: umr's slot
# numbers and its decoded opcode names, the ring a devcoredump says timed
# out, the words a broken copy must be refused at.  $VSHARP is the binary.
set -u
VSHARP=${VSHARP:-build/san/vsharp}
data=$(dirname "$0")/data/dumps
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/../../scripts/ktap.sh"

# run NAME STATUS PATTERN ARGS...: exit status, and a grep -E pattern on stdout (0) or stderr.
run() {
	name=$1 status=$2 pattern=$3
	shift 3
	"$VSHARP" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	r=0
	[ "$status" = 0 ] && where=$tmp/out || where=$tmp/err
	if [ "$rc" != "$status" ]; then
		echo "# $name: exit $rc, expected $status"
		sed 's/^/#   /' "$tmp/err" | head -5
		r=1
	elif ! grep -Eq -- "$pattern" "$where"; then
		echo "# $name: lacks /$pattern/:"
		sed 's/^/#   /' "$where" | head -20
		r=1
	fi
	ok $r "$name"
}

echo "KTAP version 1"
echo "1..18"

# umr: "polaris11.gfx.ring[ 512] == 0xc0032200 r.. ... OPCODE:22[PKT3_COND_EXEC]", rptr 512.
run umr_ring_from_rptr_by_slot 0 '^  512: COND_EXEC ' ib decode --gfx gfx8 "$data/umr-ring-polaris11.txt"
run umr_ring_wait_reg_mem_slot 0 '^  517: WAIT_REG_MEM ' ib decode --gfx gfx8 "$data/umr-ring-polaris11.txt"
# Decoding starts at rptr, not at the first slot dumped.
sed 's/rptr == 512/rptr == 517/' "$data/umr-ring-polaris11.txt" >"$tmp/r517.txt"
run umr_ring_starts_at_rptr 0 'rptr 517, wptr 524.*: 7 dwords pending' ib decode --gfx gfx8 "$tmp/r517.txt"
# "Decoding IB at 0@0xff00402000 ... of 19 words": the last packet is CONTEXT_CONTROL at dword 16.
run umr_ib_decoded 0 '^   16: CONTEXT_CONTROL ' ib decode --gfx gfx8 "$data/umr-ib-decoded.txt"
run umr_ib_snipped_truncated 2 'line 14: IB 5@0x101ff7000 ends after 12 of the 7376 dwords' \
	ib decode --gfx gfx8 "$data/umr-ib-snipped-polaris11.txt"
run umr_shader_not_pm4 2 'is shader code, not PM4' ib decode --gfx gfx8 "$data/umr-shader.txt"
# devcoredump: "IP Type: 0 Ring Name: gfx_0.0.0", Rptr 0x200 = slot 512.
run devcoredump_timed_out_ring 0 '^  512: COND_EXEC ' ib decode --gfx gfx8 "$data/devcoredump-polaris11.txt"
run devcoredump_stream_ib 0 '^   16: CONTEXT_CONTROL ' \
	ib decode --gfx gfx8 --stream 'IB #0' "$data/devcoredump-polaris11.txt"
run devcoredump_no_such_stream 2 "no stream 'sdma0'.*ring gfx_0.0.0 \(line 24\)" \
	ib decode --gfx gfx8 --stream sdma0 "$data/devcoredump-polaris11.txt"
# Linux 6.7's devcoredump (lore.kernel.org) has no ring section: no words, said so.
run devcoredump_without_rings 2 'holds no ring, IB or shader words.*no ring contents' \
	ib decode --gfx gfx11 "$data/devcoredump-6.7-header.txt"
# A GFX1200 devcoredump of Linux 6.19 (amd-gfx list): sdma0 timed out, no ring section posted.
run devcoredump_6_19_without_rings 2 'holds no ring, IB or shader words.*no ring contents' \
	ib decode --gfx gfx12 "$data/devcoredump-6.19-gfx1200.txt"
sed 's/^IP Type: 2 Ring Name: sdma0$/IP Type: 2 Ring Name:/' \
	"$data/devcoredump-6.19-gfx1200.txt" >"$tmp/noname.txt"
run devcoredump_ring_name_cut 2 "line 16: 'IP Type: 2 Ring Name:' is not" \
	ib decode --gfx gfx12 "$tmp/noname.txt"
# Mesa register lines from a RADV trace.log (prosper #1809): registers, no words.
run mesa_reg_lines_no_words 2 'mesa-reg dump holds no ring, IB or shader words' \
	ib decode --gfx gfx10 "$data/mesa-radv-trace-gs-user-data.txt"
sed 's/GS_1 <- 0$/GS_1 <- zero/' "$data/mesa-radv-trace-gs-user-data.txt" >"$tmp/zero.txt"
run mesa_reg_value_refused 2 'line 3: .*has a value Mesa does not print' \
	ib decode --gfx gfx10 "$tmp/zero.txt"
# The ring section without the kernel's header lines is refused, not read as dwords.
sed -n '/^0x0 /,/^0xffc /p' "$data/devcoredump-polaris11.txt" >"$tmp/pairs.txt"
run devcoredump_pairs_refused 2 'line 1: .* devcoredump ring line' ib decode --gfx gfx8 "$tmp/pairs.txt"
# A umr --waves row pasted alone.
sed -n 2p "$data/umr-waves-polaris11.txt" >"$tmp/row.txt"
run waves_row_refused 2 'line 1: .*umr --waves row' ib decode --gfx gfx8 "$tmp/row.txt"
# A RADV hang report folder: trace.log's main IB.
run radv_folder 0 '^    0: SET_SH_REG ' ib decode --gfx gfx9 "$data/radv-hang"

# umr's Polaris11 shader listing (its text is LLVM's): vsharp disasm reads the
# listing, at umr's address, and prints every instruction as umr does.
"$VSHARP" disasm --gfx polaris11 --file "$data/umr-shader.txt" >"$tmp/out" 2>"$tmp/err"
r=$?
sed -n 's/^[[:space:]]*pgm\[[0-9]*@0x\([0-9a-f]*\) + 0x\([0-9a-f]*\) *\] = 0x[0-9a-f]\{8\}[[:space:]][[:space:]]*\([a-z].*\)$/\1 \2 \3/p' \
	"$data/umr-shader.txt" | while read -r base off text; do
	at=$(printf '%012X' $((0x$base + 0x$off)))
	got=$(grep "// $at:" "$tmp/out" | sed 's|[[:space:]]*//.*||; s/^[[:space:]]*//')
	[ "$got" = "$(echo "$text" | sed 's/[[:space:]]*$//')" ] || echo "# 0x$at: vsharp '$got', umr '$text'"
done >"$tmp/diff"
cat "$tmp/diff"
[ -s "$tmp/diff" ] && r=1
[ "$(grep -c '^[[:space:]]*pgm\[.*[a-z]_' "$data/umr-shader.txt")" -gt 20 ] || r=1
ok $r disasm_umr_shader_as_umr_prints_it
[ "$failed" = 0 ]
