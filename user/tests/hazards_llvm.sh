#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The strict GPU's hazard rules against LLVM's (GCNHazardRecognizer.cpp):
# each sequence of user/tests/data/hazards/hazards.mir is compiled by llc-19
# for a processor twice, once straight from the MIR and once after LLVM's
# post-RA-hazard-rec pass, which inserts what that processor needs (s_nop,
# s_waitcnt_depctr, s_mov_b32 null, s_waitcnt_vscnt, or an instruction
# field).  Where LLVM changed the code, `vsharp disasm --hazards` must refuse
# the code without the change and accept it with; where LLVM changed nothing,
# it must accept it.  One KTAP case per sequence and processor.  gfx902 and
# gfx801 run with XNACK on as their drivers do (+xnack), gfx900 with it off.
set -u
VSHARP=${VSHARP:-build/san/vsharp}
LLC=${LLC:-llc-19}
OBJCOPY=${LLVM_OBJCOPY:-llvm-objcopy-19}
here=$(cd "$(dirname "$0")" && pwd)
mir="$here/data/hazards/hazards.mir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sequence: processor[:llc -mattr] ...
cases="
vmem_to_salu gfx1010 gfx1030
smem_to_valu gfx1010 gfx1030
valu_sgpr_vmem gfx700 gfx803 gfx900 gfx1010
valu_sgpr_smrd gfx601 gfx700 gfx803
store_x4_then_valu gfx601 gfx700 gfx803 gfx900 gfx1010
store_x4_sgpr_offset gfx900
m0_then_addtid gfx900 gfx1010
lds_branch_vmem gfx1010 gfx1030
vmem_clause gfx801:+xnack gfx902:+xnack gfx900:-xnack
ldsdir_vmem gfx1100
ldsdir_valu gfx1100
"

echo "KTAP version 1"
for tool in "$LLC" "$OBJCOPY"; do
	if ! command -v "$tool" >/dev/null; then
		echo "1..0 # SKIP $tool not found; install it with: scripts/deps shaders"
		exit 1
	fi
done
echo "1..$(echo "$cases" | awk 'NF { n += NF - 1 } END { print n }')"

# The .text of an object as hex words.
words() {
	"$OBJCOPY" -O binary --only-section=.text "$1" "$tmp/text.bin" &&
		od -An -v -tx4 "$tmp/text.bin" | tr -s ' \n' '  '
}

n=0
echo "$cases" | while read -r seq cpus; do
	[ -n "$seq" ] || continue
	awk -v name="$seq" '
		/^---$/ { doc = ""; keep = 0 }
		{ doc = doc $0 "\n" }
		$1 == "name:" && $2 == name { keep = 1 }
		/^\.\.\.$/ && keep { printf "%s", doc; exit }' "$mir" >"$tmp/$seq.mir"
	for c in $cpus; do
		n=$((n + 1))
		cpu=${c%%:*}
		attr=""
		[ "$cpu" = "$c" ] || attr="-mattr=${c#*:}"
		r=0
		# shellcheck disable=SC2086
		if ! "$LLC" -mtriple=amdgcn -mcpu="$cpu" $attr -start-after=post-RA-hazard-rec \
			-filetype=obj "$tmp/$seq.mir" -o "$tmp/raw.o" 2>"$tmp/err" ||
		   ! "$LLC" -mtriple=amdgcn -mcpu="$cpu" $attr -run-pass=post-RA-hazard-rec \
			"$tmp/$seq.mir" -o "$tmp/fixed.mir" 2>>"$tmp/err" ||
		   ! "$LLC" -mtriple=amdgcn -mcpu="$cpu" $attr -start-after=post-RA-hazard-rec \
			-filetype=obj "$tmp/fixed.mir" -o "$tmp/fixed.o" 2>>"$tmp/err"; then
			head -3 "$tmp/err" | sed 's/^/# /'
			r=1
		else
			raw=$(words "$tmp/raw.o")
			fixed=$(words "$tmp/fixed.o")
			# shellcheck disable=SC2086
			"$VSHARP" disasm --gfx "$cpu" --hazards $raw >"$tmp/raw.txt" 2>&1
			raw_rc=$?
			# shellcheck disable=SC2086
			"$VSHARP" disasm --gfx "$cpu" --hazards $fixed >"$tmp/fixed.txt" 2>&1
			fixed_rc=$?
			if [ "$raw" != "$fixed" ]; then
				want="LLVM inserts a fix"
				[ $raw_rc = 1 ] || { echo "# $seq $c: LLVM changes [$raw] to [$fixed], vsharp accepts the first (exit $raw_rc)"; r=1; }
			else
				want="LLVM inserts nothing"
				[ $raw_rc = 0 ] || { sed -n 's/^\t\/\/ hazard: /# vsharp: /p' "$tmp/raw.txt" | head -2; echo "# $seq $c: LLVM leaves [$raw] as is, vsharp refuses it (exit $raw_rc)"; r=1; }
			fi
			[ $fixed_rc = 0 ] || { sed -n 's/^\t\/\/ hazard: /# vsharp: /p' "$tmp/fixed.txt" | head -2; echo "# $seq $c: vsharp refuses LLVM's fixed [$fixed] (exit $fixed_rc)"; r=1; }
			grep -q '\.long' "$tmp/raw.txt" "$tmp/fixed.txt" && { echo "# $seq $c: a word vsharp does not decode"; r=1; }
			echo "# $seq $c: $want; vsharp $([ $raw_rc = 1 ] && echo refuses || echo accepts) it"
		fi
		if [ $r = 0 ]; then
			echo "ok $n $seq $c"
		else
			echo "not ok $n $seq $c"
		fi
	done
done | tee "$tmp/out"
! grep -q "^not ok" "$tmp/out"
