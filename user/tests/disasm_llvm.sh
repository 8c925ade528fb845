#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp disasm` of arbitrary words against llvm-objdump-19, per level.
# The words are the probe shader's instructions with one or two bits
# flipped (seeded, so every run checks the same words) plus random words:
# mostly encodings near the ones the decoder knows.  Each candidate is
# followed by four s_nop 0 (0xbf800000) so both disassemblers line up again.
# At every address where vsharp decodes an instruction and LLVM starts one,
# the texts must be equal (comments and blank runs dropped); where vsharp
# prints ".long" it must give a reason.  One KTAP case per level (and
# gfx810, whose D16 data is packed where gfx803's is not), then
# one for every GFX12 cache policy (TH x scope) of a load, a store and an
# atomic, whose names depend on both fields; then one for what disasm
# refuses: the CDNA processors, whose memory encodings differ, and an ELF
# object (llvm-mc-19 writes one; its .text, extracted, is read).
set -u
VSHARP=${VSHARP:-build/san/vsharp}
MC=${LLVM_MC:-llvm-mc-19}
OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-19}
SEED=${SEED:-12}
PER_LEVEL=${PER_LEVEL:-400}
families="gfx8:gfx803 gfx9:gfx900 gfx10:gfx1010 gfx10.3:gfx1030 gfx11:gfx1100 gfx12:gfx1200 gfx810:gfx810"
tmp=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "# keeping $tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

echo "KTAP version 1"
echo "1..9"
for tool in "$MC" "$OBJDUMP"; do
	if ! command -v "$tool" >/dev/null; then
		echo "# $tool not found; install it with: scripts/deps shaders"
		exit 1
	fi
done

# "address text" per instruction line of an llvm-objdump-style listing.
listing() {
	grep "$(printf '^\t')" | sed -e 's/^\t//' |
		awk -F'// ' 'NF > 1 { split($2, a, ":"); t = $1; gsub(/[ \t]+/, " ", t);
			sub(/ $/, "", t); print a[1] " " t }'
}

n=0
failed=0
for f in $families; do
	level=${f%%:*} cpu=${f#*:}
	n=$((n + 1))
	r=0
	# The probe shader's instructions, one word group per line, without repeats
	# (the words after "// ADDRESS: ", without a "(not decoded: ...)" note).
	"$VSHARP" disasm --gfx "$level" | sed 's|.*// [0-9A-F]*: ||; s| (.*||' | sort -u >"$tmp/insns"
	awk -v seed="$SEED$n" -v per="$PER_LEVEL" '
		function hex(v) { return sprintf("0x%08x", v) }
		function flip(v, b,   p) { p = 2 ^ b; return (int(v / p) % 2) ? v - p : v + p }
		BEGIN { srand(seed) }
		{ line[NR] = $0 }
		END {
			for (k = 0; k < per; k++) {
				split(line[int(rand() * NR) + 1], w, " ")
				nw = 0
				for (i in w) nw++
				for (i = 1; i <= nw; i++) v[i] = strtonum_("0x" w[i])
				i = int(rand() * nw) + 1
				v[i] = flip(v[i], int(rand() * 32))
				if (rand() < 0.3) { i = int(rand() * nw) + 1; v[i] = flip(v[i], int(rand() * 32)) }
				for (i = 1; i <= nw; i++) print "\t.long " hex(v[i])
				if (k % 8 == 0) print "\t.long " hex(int(rand() * 4294967296))
				for (i = 0; i < 4; i++) print "\t.long 0xbf800000"
			}
		}
		function strtonum_(s,   i, c, r) {
			r = 0
			for (i = 3; i <= length(s); i++) {
				c = index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1
				r = r * 16 + c
			}
			return r
		}' "$tmp/insns" >"$tmp/$level.s"
	if ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj -o "$tmp/$level.o" \
		"$tmp/$level.s" 2>"$tmp/err"; then
		sed 's/^/# /' "$tmp/err" | head -5
		r=1
	fi
	sed 's/^\t.long //' "$tmp/$level.s" >"$tmp/$level.words"
	"$OBJDUMP" -d --mcpu="$cpu" "$tmp/$level.o" | listing >"$tmp/$level.llvm"
	if ! "$VSHARP" disasm --gfx "$level" --file "$tmp/$level.words" >"$tmp/$level.raw" 2>"$tmp/err"; then
		sed 's/^/# /' "$tmp/err" | head -5
		r=1
	fi
	# .long lines must say why; the rest are compared.
	if grep -F '.long' "$tmp/$level.raw" | grep -vq 'not decoded: .'; then
		echo "# $level: a .long line without a reason"
		r=1
	fi
	listing <"$tmp/$level.raw" >"$tmp/$level.vsharp"
	# --json as the same "address text" lines.
	if ! "$VSHARP" disasm --gfx "$level" --json --file "$tmp/$level.words" | python3 -c '
import json, sys
for i in json.load(sys.stdin)["instructions"]:
    assert (i["text"].startswith(".long")) == ("not_decoded" in i), i
    print("%012X %s" % (int(i["address"], 16), " ".join(i["text"].split())))' >"$tmp/$level.json"; then
		echo "# $level: --json did not parse"
		r=1
	fi
	# Instructions LLVM 19 does not know (U in `vsharp ops --all`, the RDNA4
	# BVH stack ops): llvm-objdump-19 prints .long for them; counted apart.
	"$VSHARP" ops --gfx "$level" --all | sed -n 's/^U //p' | cut -d' ' -f1 >"$tmp/$level.unknown"
	for out in vsharp json; do
		awk -v level="$level $out" -v unknown="$tmp/$level.unknown" '
		BEGIN { while ((getline u <unknown) > 0) lacks[u] = 1 }
		NR == FNR { llvm[$1] = substr($0, length($1) + 2); next }
		$2 == ".long" { skipped++; next }
		!($1 in llvm) { unaligned++; next }
		($2 in lacks) && llvm[$1] ~ /^\.long / { llvm19++; next }
		{
			mine = substr($0, length($1) + 2)
			if (mine != llvm[$1]) {
				if (bad++ < 8)
					printf "# %s at 0x%s: vsharp \"%s\", llvm \"%s\"\n", level, $1, mine, llvm[$1]
			} else {
				same++
			}
		}
		END {
			printf "# %s: %d instructions equal to llvm-objdump, %d differ, %d not decoded (.long), %d inside an LLVM instruction, %d unknown to LLVM 19\n",
				level, same, bad, skipped, unaligned, llvm19
			exit bad > 0 || same < 100
		}' "$tmp/$level.llvm" "$tmp/$level.$out" || r=1
	done
	if [ $r = 0 ]; then
		echo "ok $n $level"
	else
		failed=$((failed + 1))
		echo "not ok $n $level"
	fi
done
# GFX12 TH (bits 22:20 of a VBUFFER/VGLOBAL second dword, 25:23 of an SMEM
# first dword) x scope (19:18, 22:21): every pair, every instruction must be
# decoded and printed as llvm-objdump-19 prints it.
n=$((n + 1))
r=0
awk 'BEGIN {
	# buffer_load_b32 v1, off, s[0:3], s4; buffer_store_b32 (same operands);
	# buffer_atomic_add_u32 (same); global_load_b32 v1, v[2:3], off;
	# global_store_b32 v[2:3], v1, off: first dword, second dword with TH
	# and scope 0 (decimal: mawk reads no hex), third dword.
	split("0xc4050004 8388609 0x0 0xc4068004 8388609 0x0 0xc40d4004 8388609 0x0 " \
	      "0xee05007c 1 0x2 0xee06807c 0 0x2", w, " ")
	for (th = 0; th < 8; th++)
		for (scope = 0; scope < 4; scope++) {
			for (i = 1; i <= 15; i += 3)
				printf "\t.long %s\n\t.long 0x%08x\n\t.long %s\n", w[i],
					w[i + 1] + scope * 2 ^ 18 + th * 2 ^ 20, w[i + 2]
			# s_load_b32 s1, s[2:3], 0x0: first dword 0xf4000041 + TH, scope
			printf "\t.long 0x%08x\n\t.long 0xf8000000\n",
				4093640769 + th * 2 ^ 23 + scope * 2 ^ 21
		}
}' >"$tmp/th.s"
if ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx1200 -filetype=obj -o "$tmp/th.o" "$tmp/th.s" 2>"$tmp/err"; then
	sed 's/^/# /' "$tmp/err" | head -5
	r=1
fi
sed 's/^\t.long //' "$tmp/th.s" >"$tmp/th.words"
"$OBJDUMP" -d --mcpu=gfx1200 "$tmp/th.o" | grep "$(printf '^\t')" >"$tmp/th.llvm.raw"
"$VSHARP" disasm --gfx gfx12 --file "$tmp/th.words" >"$tmp/th.vsharp.raw" || r=1
listing <"$tmp/th.llvm.raw" >"$tmp/th.llvm"
listing <"$tmp/th.vsharp.raw" >"$tmp/th.vsharp"
# The layout too, byte for byte: these lines are shorter and longer than
# the 59 columns llvm-objdump-19 pads an instruction to.
if ! cmp -s "$tmp/th.llvm.raw" "$tmp/th.vsharp.raw"; then
	echo "# gfx12 cache policy: the lines are not llvm-objdump-19's, byte for byte (first: llvm, vsharp):"
	diff "$tmp/th.llvm.raw" "$tmp/th.vsharp.raw" | grep '^[<>]' | head -2 | sed 's/^/# /'
	r=1
fi
if [ "$(wc -l <"$tmp/th.llvm")" != 192 ] || grep -q '\.long' "$tmp/th.llvm" "$tmp/th.vsharp"; then
	echo "# gfx12 cache policy: expected 192 decoded instructions from both"
	r=1
fi
if ! diff "$tmp/th.llvm" "$tmp/th.vsharp" >"$tmp/th.diff"; then
	echo "# gfx12 cache policy: vsharp (>) differs from llvm-objdump-19 (<):"
	sed 's/^/# /' "$tmp/th.diff" | head -16
	r=1
fi
if [ $r = 0 ]; then
	echo "ok $n gfx12 cache policy (th x scope)"
else
	failed=$((failed + 1))
	echo "not ok $n gfx12 cache policy (th x scope)"
fi

n=$((n + 1))
r=0
for cpu in gfx90a gfx940 gfx941 gfx942 gfx950; do
	"$VSHARP" disasm --gfx "$cpu" 0xbf800000 >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st != 2 ] || [ -s "$tmp/out" ] ||
	   ! grep -q "$cpu is CDNA.*vsharp's GFX9 is gfx900 to gfx906" "$tmp/err"; then
		echo "# --gfx $cpu: exit $st, not refused as CDNA: $(head -c 200 "$tmp/err" "$tmp/out")"
		r=1
	fi
done
printf '\ts_nop 0\n' >"$tmp/nop.s"
if ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj -o "$tmp/nop.o" "$tmp/nop.s" ||
   ! llvm-objcopy-19 -O binary --only-section=.text "$tmp/nop.o" "$tmp/nop.bin"; then
	r=1
fi
for input in "--file $tmp/nop.o" "-"; do
	"$VSHARP" disasm --gfx gfx9 $input <"$tmp/nop.o" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st != 2 ] || [ -s "$tmp/out" ] || ! grep -q \
	   "an ELF object: extract .text with llvm-objcopy -O binary --only-section=.text" "$tmp/err"; then
		echo "# disasm $input of an ELF object: exit $st, not refused: $(head -c 200 "$tmp/err" "$tmp/out")"
		r=1
	fi
done
if [ "$("$VSHARP" disasm --gfx gfx9 --file "$tmp/nop.bin" | listing)" != "000000000000 s_nop 0" ]; then
	echo "# the .text of the ELF object is not read as s_nop 0"
	r=1
fi
if [ $r = 0 ]; then
	echo "ok $n refused: CDNA processors, ELF objects"
else
	failed=$((failed + 1))
	echo "not ok $n refused: CDNA processors, ELF objects"
fi
[ $failed = 0 ]
