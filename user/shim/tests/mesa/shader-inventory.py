#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# The distinct instructions of the dumps dump-shaders.sh writes, per ISA
# level: mnemonic, encoding (from the first dword's fixed bits, per the
# level's ISA guide "Microcode Formats" chapter), size in bytes (with a
# literal dword if one follows), how often and in which dumps.
#
#   shader-inventory.py OUTDIR/PROFILE-TEST.txt...
import collections
import os
import re
import sys

LEVEL = {"gfx900": "GFX9", "gfx1010": "GFX10.1", "gfx1030": "GFX10.3", "gfx1100": "GFX11"}

# (mask, value, name) on the first dword, first match wins; per level where they differ.
COMMON_SALU = [
    (0xff800000, 0xbf800000, "SOPP"),
    (0xff800000, 0xbf000000, "SOPC"),
    (0xff800000, 0xbe800000, "SOP1"),
    (0xf0000000, 0xb0000000, "SOPK"),
    (0xc0000000, 0x80000000, "SOP2"),
]
VALU_SHORT = [
    (0xfe000000, 0x7e000000, "VOP1"),
    (0xfe000000, 0x7c000000, "VOPC"),
    (0x80000000, 0x00000000, "VOP2"),
]
ENCODINGS = {
    "GFX9": COMMON_SALU + [
        (0xfc000000, 0xc0000000, "SMEM"),
        (0xff800000, 0xd3800000, "VOP3P"),
        (0xfc000000, 0xd0000000, "VOP3"),
        (0xfc000000, 0xd8000000, "DS"),
        (0xfc000000, 0xdc000000, "FLAT"),
        (0xfc000000, 0xe0000000, "MUBUF"),
        (0xfc000000, 0xe8000000, "MTBUF"),
    ] + VALU_SHORT,
    "GFX10": COMMON_SALU + [
        (0xfc000000, 0xf4000000, "SMEM"),
        (0xff000000, 0xcc000000, "VOP3P"),
        (0xfc000000, 0xd4000000, "VOP3"),
        (0xfc000000, 0xd8000000, "DS"),
        (0xfc000000, 0xdc000000, "FLAT"),
        (0xfc000000, 0xe0000000, "MUBUF"),
        (0xfc000000, 0xe8000000, "MTBUF"),
    ] + VALU_SHORT,
}
# GFX11's dual-issue VALU (VOPD) takes an opcode space GFX10 leaves unused.
ENCODINGS["GFX11"] = [(0xfc000000, 0xc8000000, "VOPD")] + ENCODINGS["GFX10"]
# FLAT's SEG field: bits 15:14 on GFX9/10, 17:16 on GFX11.
SEG = {"GFX9": 14, "GFX10": 14, "GFX11": 16}
SEG_NAME = ["FLAT", "SCRATCH", "GLOBAL", "FLAT?"]

RADV = re.compile(r"^\s+([a-z][a-z0-9_]*)(.*?);\s*((?:[0-9a-fA-F]{8}\s*)+)$")
LLVM_MC = re.compile(r"^\s+([a-z][a-z0-9_]*)(.*?);\s*encoding:\s*\[([^\]]*)\]")


def family(level):
    return "GFX9" if level == "GFX9" else ("GFX11" if level == "GFX11" else "GFX10")


def words_of(line):
    m = RADV.match(line)
    if m:
        return m.group(1), m.group(2), [int(w, 16) for w in m.group(3).split()]
    m = LLVM_MC.match(line)
    if m:
        b = [int(x, 16) for x in m.group(3).split(",")]
        return m.group(1), m.group(2), [int.from_bytes(bytes(b[i:i + 4]), "little")
                                         for i in range(0, len(b), 4)]
    return None


def encoding(fam, w0, ops):
    for mask, value, name in ENCODINGS[fam]:
        if w0 & mask == value:
            if name == "FLAT":
                return SEG_NAME[(w0 >> SEG[fam]) & 3]
            if name in ("VOP1", "VOP2", "VOPC"):
                src0 = w0 & 0x1ff
                extra = {0xf9: "+SDWA", 0xfa: "+DPP16", 0xe9: "+DPP8", 0xea: "+DPP8FI"}
                return name + extra.get(src0, "")
            return name
    return "?"


def main(paths):
    seen = collections.defaultdict(lambda: {"count": 0, "sizes": set(), "dumps": set(), "example": ""})
    for path in paths:
        prof = os.path.basename(path).split("-")[0]
        level = LEVEL.get(prof)
        if not level:
            continue
        test = os.path.basename(path)[len(prof) + 1:-4]
        for line in open(path):
            parsed = words_of(line)
            if not parsed:
                continue
            mnem, ops, words = parsed
            enc = encoding(family(level), words[0], ops)
            e = seen[(level, enc, mnem)]
            e["count"] += 1
            e["sizes"].add(len(words) * 4)
            e["dumps"].add(test)
            if not e["example"]:
                e["example"] = "%s%s; %s" % (mnem, ops.rstrip(), " ".join("%08x" % w for w in words))
    print("# Distinct instructions in the dumps beside this file, per ISA level.")
    print("# columns: encoding  mnemonic  sizes(bytes; a literal dword counts)  count  dumps  example")
    print("# vk-* = RADV/ACO, cl-bufops = radeonsi/LLVM internal shaders, cl-kernels = Clover/LLVM")
    for level in LEVEL.values():
        rows = sorted((k, v) for k, v in seen.items() if k[0] == level)
        print("\n## %s: %d distinct instructions" % (level, len(rows)))
        for (_, enc, mnem), v in rows:
            print("%-8s %-28s %-6s %4d  %-40s %s" % (enc, mnem, ",".join(str(s) for s in sorted(v["sizes"])),
                                                     v["count"], ",".join(sorted(v["dumps"])), v["example"]))


if __name__ == "__main__":
    main(sys.argv[1:])
