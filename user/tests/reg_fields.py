# SPDX-License-Identifier: MIT
"""
`vsharp ib decode --json` register fields against the register definitions:
Linux's drivers/gpu/drm/amd/include/asic_reg headers, read here on their
own (not through scripts/gen-reg-fields).  Per level, one type-0 packet per
register segment writes a random value to every dword offset of it; for
each register the decoder names:

  names   the name is the header's (its *_offset.h / *_d.h) for that
          offset: mm/reg value plus its _BASE_IDX segment base (GFX9:
          0x2000, 0xa000; GFX10+: 0x1260, 0xa000, Linux's *_ip_offset.h
          GC_BASE) or absolute (GFX6-8);
  fields  exactly the header's REG__FIELD (lo, hi from __SHIFT and _MASK)
          with the value's bits, none where the header has none;
  other   the set bits no field covers.

  python3 user/tests/reg_fields.py LINUX_TREE VSHARP

Prints a flat KTAP document, one case per level and check.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ASIC = "drivers/gpu/drm/amd/include/asic_reg"
# --gfx name, offset header, field header, segment bases by _BASE_IDX (None: absolute)
LEVELS = [
    ("gfx6", "gca/gfx_6_0_d.h", "gca/gfx_6_0_sh_mask.h", None),
    ("gfx7", "gca/gfx_7_2_d.h", "gca/gfx_7_2_sh_mask.h", None),
    ("gfx8", "gca/gfx_8_0_d.h", "gca/gfx_8_0_sh_mask.h", None),
    ("gfx9", "gc/gc_9_0_offset.h", "gc/gc_9_0_sh_mask.h", [0x2000, 0xa000]),
    ("gfx10", "gc/gc_10_1_0_offset.h", "gc/gc_10_1_0_sh_mask.h", [0x1260, 0xa000]),
    ("gfx10.3", "gc/gc_10_3_0_offset.h", "gc/gc_10_3_0_sh_mask.h", [0x1260, 0xa000]),
    ("gfx11", "gc/gc_11_0_0_offset.h", "gc/gc_11_0_0_sh_mask.h", [0x1260, 0xa000]),
    ("gfx12", "gc/gc_12_0_0_offset.h", "gc/gc_12_0_0_sh_mask.h", [0x1260, 0xa000]),
]
# config (with the HQD), SH, context (with GFX11's CP_MEC_CNTL, SH_MEM_*), uconfig:
# every register ib decode names
SEGMENTS = [(0x2000, 0x1400), (0xa000, 0xa00), (0xc000, 0x500)]
# Named from elsewhere, as reg_names.c says: GFX6's 0x2e0b is not in gfx_6_0_d.h;
# Mesa sid.h has it (R_00B82C_COMPUTE_MAX_WAVE_ID), which radeonsi writes.
NOT_IN_HEADER = {("gfx6", 0x2e0b, "COMPUTE_MAX_WAVE_ID")}

DEFINE = re.compile(r"#define\s+(\w+)\s+(0x[0-9a-fA-F]+|[0-9]+)L?\b")


def defines(path):
    out = {}
    for line in open(path, errors="replace"):
        m = DEFINE.match(line)
        if m:
            out.setdefault(m.group(1), int(m.group(2), 0))
    return out


def offsets(path, bases):
    """{dword offset: set of register names} of an offset header."""
    d = defines(path)
    names = {}
    for key, v in d.items():
        m = re.fullmatch(r"(?:mm|reg)(\w+)", key)
        if not m or key.endswith("_BASE_IDX"):
            continue
        if bases is None:
            names.setdefault(v, set()).add(m.group(1))
        elif key + "_BASE_IDX" in d and d[key + "_BASE_IDX"] < len(bases):
            names.setdefault(v + bases[d[key + "_BASE_IDX"]], set()).add(m.group(1))
    return names


def fields(path):
    """{register: {field: (lo, hi)}} of a sh_mask header."""
    d = defines(path)
    out = {}
    for key, shift in d.items():
        if not key.endswith("__SHIFT"):
            continue
        name = key[:-len("__SHIFT")]
        mask = d.get(name + "_MASK")
        reg, _, field = name.partition("__")
        if mask is None or not field:
            continue
        out.setdefault(reg, {})[field] = (shift, mask.bit_length() - 1)
    return out


def main():
    tree, vsharp = sys.argv[1], sys.argv[2]
    rng = random.Random(26)
    cases = []
    for gfx, off_h, mask_h, bases in LEVELS:
        names = offsets(os.path.join(tree, ASIC, off_h), bases)
        defs = fields(os.path.join(tree, ASIC, mask_h))
        words, values = [], {}
        for start, n in SEGMENTS:
            words.append(n - 1 << 16 | start)
            for i in range(n):
                v = rng.getrandbits(32)
                values[start + i] = v
                words.append(v)
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
            f.write("\n".join("0x%08x" % w for w in words) + "\n")
            f.flush()
            out = subprocess.run([vsharp, "ib", "decode", "--gfx", gfx, "--json", f.name],
                                 capture_output=True, text=True)
        bad_names, bad_fields = [], []
        named = with_fields = 0
        try:
            doc = json.loads(out.stdout)
        except ValueError:
            doc = {"packets": []}
            bad_fields.append("exit %d, no JSON: %s" % (out.returncode, out.stderr.strip()))
        for p in doc["packets"]:
            for w in p.get("dwords", []):
                if "name" not in w:
                    continue
                named += 1
                reg, v, name = w["reg"], w["value"], w["name"]
                if v != values[reg]:
                    bad_fields.append("%s: value 0x%x, wrote 0x%x" % (name, v, values[reg]))
                if name not in names.get(reg, ()) and (gfx, reg, name) not in NOT_IN_HEADER:
                    bad_names.append("0x%04x %s: the header names %s" %
                                     (reg, name, sorted(names.get(reg, [])) or "nothing there"))
                want = {f: {"value": (v >> lo) & ((1 << (hi - lo + 1)) - 1), "hi": hi, "lo": lo}
                        for f, (lo, hi) in defs.get(name, {}).items()}
                got = {f: {k: x[k] for k in ("value", "hi", "lo")}
                       for f, x in w.get("fields", {}).items()}
                if got != want:
                    bad_fields.append("%s: fields %s, the header %s" % (name, got, want))
                covered = 0
                for lo, hi in defs.get(name, {}).values():
                    covered |= ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
                if want and w.get("other", 0) != v & ~covered:
                    bad_fields.append("%s: other 0x%x, uncovered 0x%x" %
                                      (name, w.get("other", 0), v & ~covered))
                with_fields += bool(want)
        cases.append(("%s_names" % gfx, bad_names, "%d registers named" % named))
        cases.append(("%s_fields" % gfx, bad_fields if named else ["no register named"],
                      "%d with fields in %s" % (with_fields, mask_h)))
    print("KTAP version 1")
    print("1..%d" % len(cases))
    for i, (name, bad, what) in enumerate(cases, 1):
        print("# %s: %s" % (name, what))
        for b in bad[:10]:
            print("# " + b)
        if len(bad) > 10:
            print("# ... %d more" % (len(bad) - 10))
        print("%s %d reg_fields.%s" % ("not ok" if bad else "ok", i, name))


main()
