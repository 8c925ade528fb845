#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp report` over bundles from the emulated device under different
# --emu-rule settings, standing in for chips, as one flat KTAP document.
# The disagreements are the ones the settings give, written down here:
#
#   run a: gfx9, the model's choices      run b: gfx9, atomic_misaligned=memviol
#   run c: gfx9, b + strict_b96=12        run d: gfx11, atomic_misaligned=force
#   e: a's bundle with tfe_oob's verdict made "none" (the emulated device
#      always follows one choice, so a none verdict has to be written in)
#
# so the gfx9 chips disagree on strict_b96 and atomic_misaligned and
# nowhere else, d (alone on gfx11) never, and e's tfe_oob is unsettled.
# Every format (text, CSV, JSON, SVG, HTML) must show exactly that.  The
# atlas: align bundles of gfx9 under the defaults, atomic_misaligned=memviol
# and format_misaligned=memviol, and of gfx11; the rows that differ are
# computed here from the bundles' cells and must be the report's, all of
# them atomics or format accesses.
#
# Headless chromium (Debian's) renders the HTML page: the screenshot has
# the page's size, is not blank, and shows the disagreement colour over
# the area of the marked cells, which a report without disagreements
# shows only in its legend.
#
# $VSHARP is the vsharp binary; about 15 s of CPU (user + sys) with the optimised build,
# 5 s of it chromium.
set -u
VSHARP=${VSHARP:-build/user/vsharp}
CHROMIUM=${CHROMIUM:-chromium}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. scripts/ktap.sh

echo "KTAP version 1"
echo "1..9"

run() {	# run NAME LEVEL [--emu-rule R]...
	name=$1
	level=$2
	shift 2
	"$VSHARP" run --device emu --gfx "$level" verdicts "$@" --bundle "$tmp/$name.json" >/dev/null 2>>"$tmp/err"
}
run a gfx9
run b gfx9 --emu-rule atomic_misaligned=memviol
run c gfx9 --emu-rule atomic_misaligned=memviol --emu-rule strict_b96=12
run d gfx11 --emu-rule atomic_misaligned=force
python3 - "$tmp/a.json" "$tmp/e.json" <<'EOF'
import json, sys
b = json.load(open(sys.argv[1]))
v = next(v for v in b["families"][0]["verdicts"] if v["rule"] == "tfe_oob")
assert v["verdict"] == "choice"
v.update(verdict="none", choices=[], closest=v["choices"][0])
json.dump(b, open(sys.argv[2], "w"))
EOF
set -- "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" "$tmp/d.json" "$tmp/e.json"
for f in text csv json svg html; do
	"$VSHARP" report --format $f "$@" >"$tmp/report.$f" 2>>"$tmp/err"
done

# The marks each format shows: one "chip rule mark" line per marked cell, sorted.
cat >"$tmp/marks.py" <<'EOF'
import csv, json, re, sys
import xml.etree.ElementTree as ET
fmt, path = sys.argv[1], sys.argv[2]
out = set()
if fmt == "text":
    lines = [l for l in open(path).read().splitlines() if not l.startswith("#")]
    chips = lines[0].split()[1:]
    for l in lines[3:]:
        t = l.split()
        for chip, cell in zip(chips, t[1:]):
            if cell[-1] in "!?":
                out.add((chip, t[0], {"!": "disagree", "?": "unsettled"}[cell[-1]]))
elif fmt == "csv":
    for r in csv.DictReader(open(path)):
        if r["table"] == "verdict" and r["mark"] in ("disagree", "unsettled"):
            out.add((r["chip"], r["row"], r["mark"]))
elif fmt == "json":
    for r in json.load(open(path))["matrix"]["rules"]:
        for chip, c in r["chips"].items():
            if c["mark"] in ("disagree", "unsettled"):
                out.add((chip, r["rule"], c["mark"]))
else:
    text = open(path).read()
    if fmt == "html":
        text = text[text.index("<svg"):text.index("</svg>") + 6]
    ns = "{http://www.w3.org/2000/svg}"
    for rect in ET.fromstring(text).iter(ns + "rect"):
        if rect.get("class") in ("disagree", "unsettled"):
            chip, rule = rect.find(ns + "title").text.split(": ")[:2]
            out.add((chip, rule, rect.get("class")))
for m in sorted(out):
    print(*m)
EOF
cat >"$tmp/want" <<'EOF'
a atomic_misaligned disagree
a strict_b96 disagree
b atomic_misaligned disagree
b strict_b96 disagree
c atomic_misaligned disagree
c strict_b96 disagree
e atomic_misaligned disagree
e strict_b96 disagree
e tfe_oob unsettled
EOF
for f in text csv json svg html; do
	python3 "$tmp/marks.py" $f "$tmp/report.$f" >"$tmp/got.$f" 2>&1
	cmp -s "$tmp/want" "$tmp/got.$f"
	r=$?
	[ $r = 0 ] || diff "$tmp/want" "$tmp/got.$f" | sed 's/^/# /'
	ok $r "report_${f}_marks_exactly_the_given_disagreements"
done

# The HTML page stands alone: nothing it would fetch, no script.
! grep -qiE '<script|<link|<img|<iframe|src=|url\(|@import|href=' "$tmp/report.html" &&
	[ "$(grep -o 'http[s]*://[^"]*' "$tmp/report.html" | sort -u)" = "http://www.w3.org/2000/svg" ]
ok $? report_html_is_self_contained

# The cross-chip atlas: exactly the rows (mode, access, size; misalignments 0..15) where chips of one level differ.
align() {	# align NAME LEVEL [--emu-rule R]...
	name=$1
	level=$2
	shift 2
	"$VSHARP" align --device emu --gfx "$level" "$@" --bundle "$tmp/$name.json" >/dev/null 2>>"$tmp/err"
}
align p gfx9
align q gfx9 --emu-rule atomic_misaligned=memviol
align s gfx9 --emu-rule format_misaligned=memviol
align t gfx11
"$VSHARP" report --format json "$tmp/p.json" "$tmp/q.json" "$tmp/s.json" "$tmp/t.json" >"$tmp/atlas.json" 2>>"$tmp/err"
"$VSHARP" report --format csv "$tmp/p.json" "$tmp/q.json" "$tmp/s.json" "$tmp/t.json" >"$tmp/atlas.csv" 2>>"$tmp/err"
python3 - "$tmp/atlas.json" "$tmp/atlas.csv" "$tmp/p.json" "$tmp/q.json" "$tmp/s.json" "$tmp/t.json" <<'EOF'
import csv, json, sys
rep = json.load(open(sys.argv[1]))
cells = {}
for path in sys.argv[3:]:
    chip = path.rsplit("/", 1)[1][:-5]
    at = json.load(open(path))["atlases"][0]
    for c in at["cells"]:
        key = (at["level"], "%s %s %d" % (c["mode"], c["access"], c["size"]))
        row = cells.setdefault(key, {}).setdefault(chip, ["-"] * 16)
        row[c["misalignment"]] = c["seen"]
cells = {k: {chip: "".join(v) for chip, v in row.items()} for k, row in cells.items()}
want = {k: v for k, v in cells.items() if len(set(v.values())) > 1}
got = {(r["level"], r["cell"]): {ch: c["value"] for ch, c in r["chips"].items() if c["mark"] == "disagree"}
       for r in rep["atlas"]["differing"]}
assert got == want, (len(got), len(want))
assert rep["atlas"]["compared"] == sum(len(v) > 1 for v in cells.values())
accesses = {k[1].split()[1] for k in want}
assert "vmem-atomic" in accesses and accesses & {"format-load", "format-store"} and \
       accesses <= {"vmem-atomic", "format-load", "format-store"}, accesses
assert all(level == "gfx9" for level, _ in want)
rows = {(r["level"], r["row"], r["chip"]) for r in csv.DictReader(open(sys.argv[2])) if r["mark"] == "disagree"}
assert rows == {(l, c, ch) for (l, c), v in want.items() for ch in v}, len(rows)
EOF
ok $? report_atlas_differs_exactly_where_the_chips_do

# The page in a browser: the screenshot shows the marked cells in the disagreement colour.
if command -v "$CHROMIUM" >/dev/null 2>&1; then
	"$VSHARP" report --format html "$tmp/a.json" >"$tmp/calm.html" 2>>"$tmp/err"
	for page in report calm; do
		"$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1600,560 \
			--user-data-dir="$tmp/profile" --screenshot="$tmp/$page.png" "file://$tmp/$page.html" \
			>/dev/null 2>&1
	done
	python3 - "$tmp/report.png" "$tmp/calm.png" <<'EOF'
import struct, sys, zlib

def png(path):
    """RGB(A) 8-bit PNG -> (width, height, rows of (r, g, b))."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and not interlace, (depth, ctype, interlace)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows

def count(rows, rgb):
    return sum(px == rgb for row in rows for px in row)

VERMILLION, YELLOW, SKY = (0xd5, 0x5e, 0x00), (0xf0, 0xe4, 0x42), (0x56, 0xb4, 0xe9)
w, h, rows = png(sys.argv[1])
assert (w, h) == (1600, 560), (w, h)
colours = {px for row in rows for px in row}
assert len(colours) > 16, len(colours)
legend = 28 * 18            # one legend swatch, border included
calm = png(sys.argv[2])[2]
# Eight disagreeing cells, each 22 px high and at least 8 characters wide, less their text.
assert count(rows, VERMILLION) > legend + 8 * 20 * 60, count(rows, VERMILLION)
assert count(rows, YELLOW) > legend + 20 * 60, count(rows, YELLOW)
assert count(rows, SKY) > 30 * 20 * 60, count(rows, SKY)
assert 0 < count(calm, VERMILLION) <= legend and 0 < count(calm, YELLOW) <= legend, \
       (count(calm, VERMILLION), count(calm, YELLOW))
EOF
	ok $? report_html_screenshot_shows_the_disagreements
else
	n=$((n + 1))
	echo "ok $n report_html_screenshot_shows_the_disagreements # SKIP no $CHROMIUM (scripts/packages/report.list)"
fi

# The synopsis --help prints is the one Documentation/cli.rst gives; usage errors say what is allowed.
doc=$(dirname "$0")/../../Documentation/cli.rst
usage=$("$VSHARP" report --help | sed -n 's/^usage: //p')
r=0
grep -qxF "   $usage" "$doc" || { echo "# not in cli.rst: $usage"; r=1; }
"$VSHARP" report >/dev/null 2>"$tmp/u1"; [ $? = 2 ] && grep -q "no bundle named" "$tmp/u1" || r=1
"$VSHARP" report --format png "$tmp/a.json" >/dev/null 2>"$tmp/u2"
[ $? = 2 ] && grep -qF "'png' (allowed text, csv, json, svg, html)" "$tmp/u2" || r=1
ok $r report_usage_is_documented_and_checked

[ -s "$tmp/err" ] && sed 's/^/# stderr: /' "$tmp/err"
[ "$failed" = 0 ]
