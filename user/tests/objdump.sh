#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The emulator's decoder and disassembler against LLVM's: for each family the
# shipped probe shader words (shaders/gen/shaders.c) are put back into an ELF
# with llvm-mc-19 (.long lines), disassembled with llvm-objdump-19, and the
# text compared line by line with `vsharp disasm --gfx`.  Both sides are
# normalised the same way: addresses, encodings and comments dropped,
# whitespace collapsed.  One KTAP case per family, and one for gfx810, which
# runs the gfx8 binary with packed D16 data (shaders/README.md): the same
# words, other register ranges.
#
# llvm-objdump-19 cannot disassemble SI and CI ("Disassembly not yet
# supported for subtarget" for gfx601 and gfx700): for those families the
# check runs the other way, `vsharp disasm` assembled again with llvm-mc-19
# must give back the shipped words, dword for dword.
set -u
VSHARP=${VSHARP:-build/san/vsharp}
MC=${LLVM_MC:-llvm-mc-19}
OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-19}
SHADERS=${SHADERS:-shaders/gen/shaders.c}
families="gfx6:gfx6:gfx601 gfx7:gfx7:gfx700 gfx8:gfx8:gfx803 gfx810:gfx8:gfx810 gfx9:gfx9:gfx900 gfx10:gfx10:gfx1010 gfx10.3:gfx10_3:gfx1030 gfx11:gfx11:gfx1100 gfx12:gfx12:gfx1200"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "KTAP version 1"
echo "1..9"
for tool in "$MC" "$OBJDUMP"; do
	if ! command -v "$tool" >/dev/null; then
		echo "# $tool not found; install it with: scripts/deps shaders"
		exit 1
	fi
done

normalise() {
	sed -e 's|//.*||' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' |
		grep -v '^$'
}

n=0
failed=0
for f in $families; do
	level=${f%%:*} rest=${f#*:}
	cname=${rest%%:*} cpu=${rest#*:}
	n=$((n + 1))
	r=0
	# The words of code_<family>[] as .long lines.
	awk -v name="code_$cname[]" '
		index($0, name) { on = 1; next }
		on && /^};/ { exit }
		on { gsub(/,/, " "); for (i = 1; i <= NF; i++) print "\t.long " $i }
	' "$SHADERS" >"$tmp/$level.s"
	words=$(grep -c long "$tmp/$level.s")
	if [ "$words" = 0 ] ||
	   ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj \
		-o "$tmp/$level.o" "$tmp/$level.s" 2>"$tmp/err"; then
		echo "# $level: cannot rebuild the ELF from $SHADERS"
		sed 's/^/# /' "$tmp/err" | head -5
		r=1
	elif [ "$level" = gfx6 ] || [ "$level" = gfx7 ]; then
		if ! "$VSHARP" disasm --gfx "$level" >"$tmp/$level.raw" 2>"$tmp/err"; then
			sed 's/^/# /' "$tmp/err"
			r=1
		fi
		sed 's|//.*||' "$tmp/$level.raw" >"$tmp/$level.again.s"
		if ! "$MC" -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj \
			-o "$tmp/$level.again.o" "$tmp/$level.again.s" 2>"$tmp/err" ||
		   ! llvm-objcopy-19 -O binary --only-section=.text "$tmp/$level.again.o" \
			"$tmp/$level.again.bin" ||
		   ! llvm-objcopy-19 -O binary --only-section=.text "$tmp/$level.o" "$tmp/$level.bin"; then
			sed 's/^/# /' "$tmp/err" | head -5
			r=1
		elif ! python3 - "$tmp/$level.bin" "$tmp/$level.again.bin" "$tmp/$level.raw" <<-'EOF'
			# Equal dword for dword, except BITMASK_PERM swizzles: "1" is
			# OR 1 (and AND 0 or 1), llvm-mc writes AND 0; the lanes are the same.
			import re, sys
			a, b = (open(f, "rb").read() for f in sys.argv[1:3])
			text = {int(m.group(2), 16): m.group(1) for m in
			        (re.match(r"\s*(.*?)\s*// ([0-9A-F]+):", l) for l in open(sys.argv[3])) if m}
			bad = [i for i in range(0, max(len(a), len(b)), 4) if a[i:i + 4] != b[i:i + 4]]
			real = [i for i in bad if "BITMASK_PERM" not in text.get(i - i % 8, "") + text.get(i, "")]
			for i in real[:5]:
			    print("#   +0x%x: %s" % (i, text.get(i, text.get(i - 4, "?"))))
			print("# %d dwords differ, %d of them BITMASK_PERM swizzles" % (len(bad), len(bad) - len(real)))
			sys.exit(1 if real or len(a) != len(b) else 0)
			EOF
		then
			echo "# $level: vsharp disasm does not assemble back to the shipped words"
			r=1
		fi
		echo "# $level: $(wc -l <"$tmp/$level.raw") instructions in $words dwords reassembled with $MC for $cpu"
	else
		"$OBJDUMP" -d --mcpu="$cpu" "$tmp/$level.o" | grep "$(printf '^\t')" |
			normalise >"$tmp/$level.llvm"
		if ! "$VSHARP" disasm --gfx "$level" >"$tmp/$level.raw" 2>"$tmp/err"; then
			sed 's/^/# /' "$tmp/err"
			r=1
		fi
		# Instructions LLVM 19 does not know (marked U by `vsharp ops --all`,
		# the RDNA4 BVH stack ops): llvm-objdump-19 prints their first dword
		# as .long and decodes the second as an instruction of its own;
		# vsharp disasm, which follows llvm-objdump-19, prints both dwords as
		# one .long line with its reason.  Both sides set them aside; their
		# first dwords must agree in order (the emulator's decoding of them is
		# checked against LLVM 20's tests in test_emu_decode).
		"$VSHARP" ops --gfx "$level" --all | sed -n 's/^U //p' >"$tmp/$level.unknown"
		awk -v out="$tmp/$level.llvm.long" '
			skip { skip = 0; next }
			/^\.long / { print tolower($2) >out; skip = 1; next }
			{ print }
		' "$tmp/$level.llvm" >"$tmp/$level.llvm.known"
		awk -v out="$tmp/$level.vsharp.long" -v list="$(cut -d' ' -f1 "$tmp/$level.unknown")" '
			BEGIN { n = split(list, u, "\n"); for (i = 1; i <= n; i++) unknown[u[i]] = 1 }
			$1 == ".long" && $2 ~ /,$/ { sub(/,$/, "", $2); print tolower($2) >out; next }
			($1 in unknown) && match($0, /\/\/ [0-9A-F]+: [0-9A-F]+/) {
				split(substr($0, RSTART, RLENGTH), f, " ")
				print "0x" tolower(f[3]) >out
				next
			}
			{ print }
		' "$tmp/$level.raw" | normalise >"$tmp/$level.vsharp"
		mv "$tmp/$level.llvm.known" "$tmp/$level.llvm"
		touch "$tmp/$level.llvm.long" "$tmp/$level.vsharp.long"
		if ! cmp -s "$tmp/$level.llvm.long" "$tmp/$level.vsharp.long"; then
			echo "# $level: the .long dwords of llvm-objdump-19 are not vsharp's instructions LLVM 19 lacks:"
			diff "$tmp/$level.llvm.long" "$tmp/$level.vsharp.long" | head -6 | sed 's/^/#   /'
			r=1
		elif [ -s "$tmp/$level.llvm.long" ]; then
			echo "# $level: $(wc -l <"$tmp/$level.llvm.long") instructions LLVM 19 does not know, matched by their first dword"
		fi
		if ! cmp -s "$tmp/$level.llvm" "$tmp/$level.vsharp"; then
			echo "# $level: vsharp disasm differs from $OBJDUMP --mcpu=$cpu (first differences):"
			diff "$tmp/$level.llvm" "$tmp/$level.vsharp" | head -12 | sed 's/^/#   /'
			r=1
		fi
		echo "# $level: $(wc -l <"$tmp/$level.llvm") instructions in $words dwords compared with $cpu"
	fi
	if [ $r = 0 ]; then
		echo "ok $n $level"
	else
		failed=$((failed + 1))
		echo "not ok $n $level"
	fi
done
[ $failed = 0 ]
