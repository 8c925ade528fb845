#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Rule verdicts through the command line, as KTAP (Documentation/verdicts.rst):
# `vsharp run` prints a verdict line for every rule `vsharp rules` lists with
# choices, on every level the rule matters on (n/a elsewhere); the
# --verdicts-json file says the same; the last line counts the verdict
# lanes and verdicts; and the emulated device run with --emu-rule NAME=CHOICE
# gets the verdict CHOICE, for a choice that is not the default of each rule
# (test_verdict.c switches every choice of every rule through the library).
# $VSHARP is the binary (default build/san/vsharp).  About 8 s of CPU under
# the sanitizers (45 s wall on two cores shared with other builds).
set -u
VSHARP=${VSHARP:-build/san/vsharp}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

. "$(dirname "$0")/../../scripts/ktap.sh"

echo "KTAP version 1"
echo "1..5"

"$VSHARP" rules --json >"$dir/rules.json"
"$VSHARP" run --device emu --gfx all verdicts --verdicts-json "$dir/all.json" >"$dir/all.out" 2>"$dir/all.err"
echo $? >"$dir/all.rc"

# 1-3: the lines of the run against the rules' levels.
python3 - "$dir" <<'EOF'
import json, re, sys
d = sys.argv[1]
rules = json.load(open(d + "/rules.json"))["rules"]
out = open(d + "/all.out").read().splitlines()
fams = {f["level"]: f for f in json.load(open(d + "/all.json"))["families"]}

# The verdict case lines of each family's verdicts subtest: rule -> line.
lines, level = {}, None
for l in out:
    m = re.match(r"^    # Subtest: (\S+)$", l)
    if m:
        level = m.group(1)
        lines[level] = {}
    m = re.match(r"^        (?:not )?ok \d+ (\w+)(.*)$", l)
    if m and level:
        lines[level][m.group(1)] = m.group(2)

bad = []
for r in rules:
    if len(r["choices"]) < 2:
        bad.append(r["name"] + ": fewer than two choices")
    for level in fams:
        line = lines.get(level, {}).get(r["name"])
        js = next((x for x in fams[level]["rules"] if x["rule"] == r["name"]), None)
        applies = level in r["levels"]
        if line is None or js is None:
            bad.append("%s %s: no verdict line" % (level, r["name"]))
        elif applies and ("# SKIP n/a" in line or js["verdict"] == "n/a"):
            bad.append("%s %s: applies, but says n/a" % (level, r["name"]))
        elif not applies and js["verdict"] != "n/a":
            bad.append("%s %s: does not apply, but says %s" % (level, r["name"], js["verdict"]))
if bad:
    print("\n".join("# " + b for b in bad[:20]))
sys.exit(1 if bad or len(fams) != 8 else 0)
EOF
ok $? every_rule_has_a_verdict_on_every_level_it_applies_to

# Decided verdicts are the defaults (the emulated memory unit runs the model).
python3 - "$dir" <<'EOF'
import json, sys
d = sys.argv[1]
bad = [(f["level"], r["rule"], r["verdict"], r["choices"], r["default"])
       for f in json.load(open(d + "/all.json"))["families"] for r in f["rules"]
       if r["verdict"] not in ("n/a", "untested") and (r["verdict"] != "choice" or r["default"] not in r["choices"])]
if bad:
    print("\n".join("# %s" % (b,) for b in bad[:20]))
sys.exit(1 if bad else 0)
EOF
ok $? emulated_verdicts_are_the_defaults

# The last line counts what ran: verdict lanes and verdicts, the JSON's sums.
python3 - "$dir" <<'EOF'
import json, re, sys
d = sys.argv[1]
last = open(d + "/all.out").read().splitlines()[-1]
m = re.match(r"^# vsharp run: 0 cases: 0 passed, 0 failed, 0 skipped; (\d+) verdict lanes: "
             r"(\d+) verdicts decided \(0 not ok\), (\d+) untested, 0 lanes not run$", last)
rs = [r for f in json.load(open(d + "/all.json"))["families"] for r in f["rules"]]
want = (sum(r["cases"] for r in rs),
        sum(r["verdict"] in ("choice", "mixed", "none") for r in rs),
        sum(r["verdict"] == "untested" for r in rs))
if not m or tuple(map(int, m.groups())) != want or want[0] == 0:
    print("# last line: %s; the JSON sums to %s" % (last, want))
    sys.exit(1)
EOF
ok $? last_line_counts_verdicts
[ "$(cat "$dir/all.rc")" = 0 ] && [ ! -s "$dir/all.err" ]
ok $? run_passes

# --emu-rule: on the last level each rule matters on, a choice other than
# its default, up to 16 rules a run (each judged with the others as the
# device follows them); a rule another one's choice leaves undecided (a
# 2-bit channel read unsigned hides the SNORM clamp) is run again alone.
python3 - "$VSHARP" "$dir" <<'EOF'
import json, subprocess, sys
v, d = sys.argv[1:3]
rules = json.load(open(d + "/rules.json"))["rules"]

def run(level, picks):
    p = subprocess.run([v, "run", "--device", "emu", "--gfx", level, "verdicts", "--verdicts-json", d + "/one.json"] +
                       [a for name, c in picks for a in ("--emu-rule", "%s=%s" % (name, c))],
                       capture_output=True, text=True)
    got = {x["rule"]: x for x in json.load(open(d + "/one.json"))["families"][0]["rules"]}
    return p.returncode, {name: got[name] for name, c in picks}

def followed(js, c):
    return js["verdict"] == "choice" and c in js["choices"] and js["ok"]

levels = {}
for r in rules:
    level = r["levels"][-1]
    levels.setdefault(level, []).append((r["name"], next(c["name"] for c in r["choices"] if level not in c["default_on"])))
bad = []
for level, picks in levels.items():
    for i in range(0, len(picks), 16):
        group = picks[i:i + 16]
        rc, got = run(level, group)
        for name, c in group:
            if followed(got[name], c) and not rc:
                continue
            rc1, alone = run(level, [(name, c)])
            if rc1 or not followed(alone[name], c):
                bad.append("%s %s=%s: exit %d, %s %s" % (level, name, c, rc1, alone[name]["verdict"], alone[name]["choices"]))
if bad:
    print("\n".join("# " + b for b in bad))
sys.exit(1 if bad else 0)
EOF
ok $? emu_rule_choice_is_the_verdict

[ "$n" = 5 ] || echo "# ran $n cases, plan says 5"
[ "$failed" = 0 ]
