#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Result bundles (Documentation/fleet.rst "Collecting bundles"), as one
# flat KTAP document:
#
#  - every bundle this suite writes (vsharp run and vsharp align, on the
#    emulated device, from the model, and through the amdgpu shim when
#    $VSHARP_SHIM is given) validates against Documentation/bundle.schema.json
#    with python3-jsonschema (Draft 2020-12);
#  - a bundle holds what the run said: its KTAP and verdict counts are the
#    closing line's, its verdicts one per rule `vsharp rules --json` lists, the
#    choice --emu-rule gave, an atlas's cells the rows of --format csv;
#  - the GPU's identity through the shim is the chip's as Linux and
#    libdrm give it (a Radeon RX 6900 XT: PCI 0x73bf in libdrm's
#    amdgpu.ids, family 143 AMDGPU_FAMILY_NV, external revision 0x28 from
#    Linux nv.c sienna_cichlid rev_id + 0x28, GC 10.3.0);
#  - broken bundles are refused: by the schema (each of a list of single
#    mutations), and by vsharp report, naming the file and the field.
#
# $VSHARP is the vsharp binary; about 10 s of CPU (user + sys) with the optimised build.
set -u
VSHARP=${VSHARP:-build/user/vsharp}
VSHARP_SHIM=${VSHARP_SHIM:-}
SCHEMA=${SCHEMA:-Documentation/bundle.schema.json}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. scripts/ktap.sh

validate() {	# validate BUNDLE...: every file against the schema
	python3 - "$SCHEMA" "$@" <<'EOF'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
bad = 0
for p in sys.argv[2:]:
    for e in v.iter_errors(json.load(open(p))):
        print("#", p, "/".join(map(str, e.absolute_path)), e.message[:200])
        bad = 1
sys.exit(bad)
EOF
}

echo "KTAP version 1"
echo "1..11"

"$VSHARP" run --device emu --gfx gfx9 verdicts --bundle "$tmp/run.json" >"$tmp/run.ktap" 2>"$tmp/err"
"$VSHARP" run --device emu --gfx gfx9 verdicts --emu-rule atomic_misaligned=memviol \
	--bundle "$tmp/rule.json" >/dev/null 2>>"$tmp/err"
"$VSHARP" align --gfx gfx11 --bundle "$tmp/model.json" >/dev/null 2>>"$tmp/err"
"$VSHARP" align --gfx gfx11 --format csv >"$tmp/gfx11.csv" 2>>"$tmp/err"
"$VSHARP" align --device emu --gfx gfx11 --mode dword --bundle "$tmp/emu.json" >/dev/null 2>>"$tmp/err"
"$VSHARP" rules --json >"$tmp/rules.json" 2>>"$tmp/err"
set -- "$tmp/run.json" "$tmp/rule.json" "$tmp/model.json" "$tmp/emu.json"
validate "$@"
ok $? every_bundle_validates_against_the_schema

python3 - "$tmp/run.json" "$tmp/run.ktap" "$tmp/rules.json" <<'EOF'
import json, re, sys
b = json.load(open(sys.argv[1]))
last = open(sys.argv[2]).read().splitlines()[-1]
m = re.match(r"# vsharp run: (\d+) cases: (\d+) passed, (\d+) failed, (\d+) skipped; "
             r"(\d+) verdict lanes: (\d+) verdicts decided \(\d+ not ok\), (\d+) untested, (\d+) lanes not run$", last)
k, c = b["ktap"], b["verdict_counts"]
assert m and [k["cases"], k["passed"], k["failed"], k["skipped"], c["lanes"], c["decided"], c["untested"],
              c["not_run"]] == [int(x) for x in m.groups()], (last, k, c)
assert k["families"] == 1 and k["families_ok"] == 1 and k["ok"] is True
fam = b["families"][0]
rules = json.load(open(sys.argv[3]))
names = [r["name"] for r in rules["rules"] if len(r.get("choices", [])) > 1] if "rules" in rules else []
got = [v["rule"] for v in fam["verdicts"]]
assert names and all(n in got for n in names), set(names) - set(got)
# GC 9.0.1 is gfx900 (Linux amdgpu_discovery.c, the KFD gfx_target_version table).
assert fam["gpu"] == {"emulated": True, "processor": "gfx900", "gc_ip": "9.0.1"}, fam["gpu"]
assert fam["verdict_counts"] == c
for v in fam["verdicts"]:
    assert v["cases"] == v["discriminating"] + v["controls"] and v["ok"], v
    if v["verdict"] == "choice":
        assert all(v["explained"][ch] == v["cases"] for ch in v["choices"]), v
EOF
ok $? run_bundle_holds_the_runs_counts_and_every_rule

python3 - "$tmp/run.json" "$tmp/rule.json" <<'EOF'
import json, sys
a, b = (json.load(open(p))["families"][0] for p in sys.argv[1:])
va = {v["rule"]: v for v in a["verdicts"]}
vb = {v["rule"]: v for v in b["verdicts"]}
assert a["emu_rules"]["atomic_misaligned"] == "force" and b["emu_rules"]["atomic_misaligned"] == "memviol"
assert va["atomic_misaligned"]["choices"] == ["force"] and vb["atomic_misaligned"]["choices"] == ["memviol"]
assert [r for r in va if va[r]["choices"] != vb[r]["choices"]] == ["atomic_misaligned"]
EOF
ok $? emu_rule_is_recorded_and_decides_its_verdict

python3 - "$tmp/model.json" "$tmp/gfx11.csv" "$tmp/emu.json" <<'EOF'
import csv, json, sys
m = json.load(open(sys.argv[1]))
assert [a["level"] for a in m["atlases"]] == ["gfx11"]
g11 = m["atlases"][0]
rows = [r for r in csv.DictReader(open(sys.argv[2])) if r["outcome"] != "absent"]
key = lambda mode, acc, size, mis: (mode, acc, int(size), int(mis))
assert {key(c["mode"], c["access"], c["size"], c["misalignment"]) for c in g11["cells"]} == \
       {key(r["mode"], r["access"], r["size"], r["misalignment"]) for r in rows}, (len(g11["cells"]), len(rows))
assert not any(a["measured"] or "seen" in c for a in m["atlases"] for c in a["cells"])
e = json.load(open(sys.argv[3]))["atlases"][0]
assert e["measured"] and e["gpu"]["emulated"] and [x["mode"] for x in e["modes"]] == ["dword"]
assert e["cells"] and all(c["mode"] == "dword" and c["seen"] == c["model"] for c in e["cells"])
EOF
ok $? align_bundles_hold_every_cell

if [ -n "$VSHARP_SHIM" ] && [ -f "$VSHARP_SHIM" ]; then
	VSHARP_SHIM_CHIP=gfx1030 LD_PRELOAD="$VSHARP_SHIM" "$VSHARP" run --device amdgpu verdicts \
		--bundle "$tmp/shim.json" >/dev/null 2>"$tmp/shim.err"
	validate "$tmp/shim.json" && python3 - "$tmp/shim.json" <<'EOF'
import json, sys
g = json.load(open(sys.argv[1]))["families"][0]["gpu"]
want = {"emulated": False, "processor": "gfx1030", "gc_ip": "10.3.0", "pci_device": "0x73bf",
        "family": 143, "chip_external_rev": "0x28", "processor_name": "AMD Radeon RX 6900 XT"}
assert {k: g[k] for k in want} == want, g
assert g["hw_ip"] == {"major": 10, "minor": 0} and "mec" in g["firmware"] and "vbios" in g
EOF
	ok $? shim_bundle_has_the_chips_identity
else
	n=$((n + 1))
	echo "ok $n shim_bundle_has_the_chips_identity # SKIP no amdgpu shim (VSHARP_SHIM)"
fi

# No GPU: the run skips (exit status 4) and the bundle says why, with no family.
"$VSHARP" run --device amdgpu --bundle "$tmp/skip.json" >"$tmp/skip.ktap" 2>"$tmp/err"
rc=$?
if [ $rc = 4 ]; then
	validate "$tmp/skip.json" && python3 - "$tmp/skip.json" "$tmp/skip.ktap" <<'EOF'
import json, sys
b = json.load(open(sys.argv[1]))
why = open(sys.argv[2]).read().split("# SKIP amdgpu: ", 1)[1].strip()
assert b["families"] == [] and b["ktap"]["skip"] == why and b["ktap"]["ok"] is False, b["ktap"]
EOF
	ok $? skipped_run_writes_a_bundle_saying_why
else
	n=$((n + 1))
	echo "ok $n skipped_run_writes_a_bundle_saying_why # SKIP this machine has an amdgpu GPU (exit $rc)"
fi

# One mutation per line: a Python statement on bundle b (a run) that the schema must refuse.
python3 - "$SCHEMA" "$tmp/run.json" "$tmp/emu.json" <<'EOF'
import copy, json, sys
import jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
run, align = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
mutations = [
    (run, "del b['format']"),
    (run, "b['version'] = 2"),
    (run, "b['verb'] = 'align'"),
    (run, "b['families'][0]['verdicts'][0]['verdict'] = 'maybe'"),
    (run, "b['families'][0]['verdicts'][0]['choices'] = []"),
    (run, "b['families'][0]['verdicts'][0]['cases'] = -1"),
    (run, "del b['verdict_counts']"),
    (run, "b['families'][0]['verdicts'][0]['surplus'] = 1"),
    (run, "b['families'][0]['gpu']['emulated'] = False"),
    (run, "b['families'][0]['level'] = 'gfx13'"),
    (run, "del b['ktap']['passed']"),
    (align, "b['atlases'][0]['cells'][0]['misalignment'] = 16"),
    (align, "b['atlases'][0]['cells'][0]['model'] = 'X'"),
    (align, "del b['atlases'][0]['gpu']"),
]
assert v.is_valid(run) and v.is_valid(align)
kept = []
for base, m in mutations:
    b = copy.deepcopy(base)
    exec(m)
    if v.is_valid(b):
        kept.append(m)
assert not kept, kept
EOF
ok $? schema_refuses_broken_bundles

# vsharp report refuses what is not a bundle it reads, naming file and field.
printf '{"format": "vsharp-result-bundle", "version": 1, "verb": "run", "families": [' >"$tmp/cut.json"
sed 's/"version": 1/"version": 2/' "$tmp/run.json" >"$tmp/v2.json"
sed 's/"vsharp-result-bundle"/"other"/' "$tmp/run.json" >"$tmp/other.json"
r=0
for case in "cut.json:file: JSON, line 1 column" "v2.json:version: 2 (allowed 1" "other.json:format: 'other'" \
	    "missing.json:file: cannot read"; do
	f=${case%%:*}
	"$VSHARP" report "$tmp/run.json" "$tmp/$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc != 2 ] || [ -s "$tmp/out" ] || ! grep -qF "$tmp/$f: ${case#*:}" "$tmp/err"; then
		echo "# $f: exit $rc: $(cat "$tmp/err")"
		r=1
	fi
done
ok $r report_refuses_a_broken_bundle_naming_it

# The reader takes any JSON (re-indented, escaped) and no more than JSON.
python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"), indent="\t", ensure_ascii=True)' \
	"$tmp/run.json" "$tmp/pretty.json"
sed 's/"emu gfx9"/"emu \\u0067fx9"/' "$tmp/run.json" >"$tmp/escaped.json"
"$VSHARP" report --format json "$tmp/run.json" >"$tmp/plain.out" 2>"$tmp/err"
"$VSHARP" report --format json "$tmp/pretty.json" | sed 's/"pretty"/"run"/g' >"$tmp/pretty.out" 2>>"$tmp/err"
"$VSHARP" report --format json "$tmp/escaped.json" | sed 's/"escaped"/"run"/g' >"$tmp/escaped.out" 2>>"$tmp/err"
r=0
cmp -s "$tmp/plain.out" "$tmp/pretty.out" && cmp -s "$tmp/plain.out" "$tmp/escaped.out" || r=1
for doc in '0x10' '1.' '1e' '01' '[1,]' '{"a":1,}' '"\x"' "'a'" 'nul' '[1] 2'; do
	printf '%s' "$doc" >"$tmp/bad.json"
	"$VSHARP" report "$tmp/bad.json" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q "bad.json: file: JSON, line 1 column" "$tmp/err" || { echo "# $doc: exit $rc"; r=1; }
done
ok $r report_reads_json_and_only_json

"$VSHARP" run --device emu --gfx gfx9 verdicts --bundle "$tmp/no/such/dir/b.json" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "^vsharp: --bundle: cannot write '$tmp/no/such/dir/b.json.tmp'" "$tmp/err" &&
	[ ! -e "$tmp/no" ]
ok $? unwritable_bundle_fails_the_run

# A bundle is written whole or not at all: no temporary file stays behind.
[ -z "$(find "$tmp" -name '*.tmp')" ]
ok $? no_temporary_file_left

[ "$failed" = 0 ]
