#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Debian's piglit OpenCL program/execute tests (tests/cl/program/execute:
# the .cl files with their comment configs and the .program_test files) run
# through Clover under the optimised shim on one profile.  Not in make check:
# a few minutes, and until the emulator runs LLVM's code nearly all fail.
# One line per test: its piglit result, its name, and for a failure the
# first line where the emulator, the shim or Mesa refused something; then
# the counts and the first refusals ranked.
#
#   user/shim/tests/mesa/piglit-cl.sh BUILD [PROFILE [JOBS]]   (PROFILE gfx900, JOBS 2)
#   PIGLIT=DIR (default /usr/lib/x86_64-linux-gnu/piglit, Debian's piglit)
set -u
build=$1
profile=${2:-gfx900}
jobs=${3:-2}
piglit=${PIGLIT:-/usr/lib/x86_64-linux-gnu/piglit}
shim=$PWD/$build/shim/libvsharp_shim.so
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

if [ ! -x "$piglit/bin/cl-program-tester" ]; then
	echo "piglit-cl: no $piglit/bin/cl-program-tester (Debian package piglit)" >&2
	exit 2
fi
export OCL_ICD_VENDORS=/etc/OpenCL/vendors/mesa.icd MESA_SHADER_CACHE_DISABLE=true \
	VSHARP_SHIM_CHIP=$profile dir piglit shim
(cd "$piglit/tests/cl/program/execute" && find . -name '*.cl' -o -name '*.program_test') |
	sed 's|^\./||' | sort >"$dir/list"
# shellcheck disable=SC2016
xargs -P "$jobs" -I{} sh -c '
	f=$dir/$(echo "{}" | tr / _)
	LD_PRELOAD=$shim timeout 60 "$piglit/bin/cl-program-tester" "$piglit/tests/cl/program/execute/{}" \
		>"$f.out" 2>&1
	echo $? >"$f.rc"' <"$dir/list"

while read -r t; do
	f=$dir/$(echo "$t" | tr / _)
	r=$(sed -n 's/.*PIGLIT: {"result": "\([a-z]*\)".*/\1/p' "$f.out" | tail -n 1)
	case $(cat "$f.rc") in 124) r=timeout ;; esac
	[ -n "$r" ] || r="crash:exit$(cat "$f.rc")"
	why=""
	if [ "$r" != pass ] && [ "$r" != skip ]; then
		why=$(grep -E "emu:|strict:|page fault|not implemented|fatal error|error:|terminated" "$f.out" |
			grep -v "AMDGPU_INFO query 0x21\|GET_CAP capability 16" | head -n 1 |
			sed 's/^amdgpu 0000:03:00.0: //; s/ at dword [0-9]* of the IB at 0x[0-9a-f]*//; s/ at pc 0x[0-9a-f]*//')
	fi
	# Whose failure: the emulated GPU's, the shim's, or Mesa's (its compiler or runtime).
	case $why in
	"") class=- ;;
	emu:* | strict:* | *"page fault"*) class=emulator ;;
	vsharp-shim:*) class=shim ;;
	*) class=mesa ;;
	esac
	[ "$r" = pass ] || [ "$r" = skip ] || r="$r/$class"
	echo "$r $t${why:+ | $why}"
done <"$dir/list" >"$dir/results"
cat "$dir/results"
echo "# $profile: $(wc -l <"$dir/list") tests:$(cut -d' ' -f1 "$dir/results" | sed 's/:exit[0-9]*//' | sort | uniq -c |
	awk '{ printf " %s %s", $1, $2 }')"
echo "# first refusals:"
sed -n 's/^[^|]*| //p' "$dir/results" | sed 's/(0x[0-9a-f ]*)//; s/0x[0-9a-f]\{6,\}/ADDR/g' | sort | uniq -c |
	sort -rn | sed 's/^/#   /'
