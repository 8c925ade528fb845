#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
Generates user/lib/isa/mem_tables.c: every opcode of the memory formats (DS,
MUBUF, MTBUF/VBUFFER, FLAT/GLOBAL/SCRATCH, LDSDIR/VDSDIR, MIMG, GFX12's
VIMAGE and VSAMPLE) and
the export targets, per level, as llvm-objdump-19 decodes them on gfx803,
gfx900, gfx1010, gfx1030, gfx1100 and gfx1200, and as llvm-mc-19 encodes
the texts of those levels for gfx600 and gfx700 (GFX6/7 have no LLVM
disassembler).

Per opcode the probe sets the register (and a few other) fields to
distinct values and tries every subset of them zeroed: LLVM refuses most
instructions whose unused fields are not zero, so the decoding subsets say
which fields an opcode may set and which it must, and the register numbers
in the text of the largest say each operand's width.  Each other field is
then set alone on top: where the text does not change, LLVM ignores the
field ("quiet").  GFX10+ image opcodes are then probed per dim and a16
for their address registers: without NSA (a register range), with each
NSA length (GFX10/11) or each highest address field set (GFX12), at two
dmask settings so that a shape LLVM cannot convert (vdata not following
dmask) is left out (mimg_addrs, gfx12_addrs).

Usage: scripts/isa/gen_mem.py > user/lib/isa/mem_tables.c
"""
import itertools
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm  # noqa: E402

CPUS = {"GFX8": "gfx803", "GFX9": "gfx900", "GFX10": "gfx1010", "GFX10_3": "gfx1030",
        "GFX11": "gfx1100", "GFX12": "gfx1200"}
OLD = {"GFX6": "gfx600", "GFX7": "gfx700"}
LEVELS = ["GFX6", "GFX7", "GFX8", "GFX9", "GFX10", "GFX10_3", "GFX11", "GFX12"]


class Fmt:
    """A format on some levels: its encoding bits, field positions (bit,
    width), the opcode field, and the probe's value of each field.  FIELDS
    is the order of the C table's field bits (mem.c has the same lists)."""

    def __init__(self, name, levels, enc, words, op, fields, probe, regs, sub=None, zero=None):
        self.name, self.levels, self.enc, self.words = name, levels, enc, words
        # A field's value when unused where that is not 0 (the "off" SGPR).
        self.zero = zero or {}
        self.op, self.fields, self.probe, self.regs = op, fields, probe, regs
        # Fields tried in every zero/non-zero combination; the others are
        # set one at a time on top of the best combination.
        self.sub = sub or list(fields)

    def word(self, op, vals):
        v = self.enc | op_bits(self.op, op)
        for f, x in dict(self.zero, **vals).items():
            lo, n = self.fields[f]
            v |= (x & ((1 << n) - 1)) << lo
        return [(v >> (32 * i)) & 0xFFFFFFFF for i in range(self.words)]


def op_bits(spec, op):
    v = 0
    for lo, n in spec:
        v |= (op & ((1 << n) - 1)) << lo
        op >>= n
    return v


# Field order per format is the bit order of the C tables' may/must masks.
DS_F = ["offset0", "offset1", "gds", "addr", "data0", "data1", "vdst"]
DS_P = {"offset0": 1, "offset1": 2, "gds": 1, "addr": 10, "data0": 20, "data1": 30, "vdst": 50}
DS_R = {"vdst": 50, "addr": 10, "data0": 20, "data1": 30}  # print order
DS_HI = {"addr": (32, 8), "data0": (40, 8), "data1": (48, 8), "vdst": (56, 8)}


def ds_fields(gds):
    d = {"offset0": (0, 8), "offset1": (8, 8), "gds": (gds, 1)}
    d.update(DS_HI)
    return d


BUF_P = {"offset": 513, "offen": 1, "idxen": 1, "glc": 1, "addr64": 1, "lds": 1, "slc": 1,
         "dlc": 1, "tfe": 1, "fmt": 0x22, "vaddr": 10, "vdata": 20, "srsrc": 2, "soffset": 1,
         "th": 1, "scope": 1, "rsv": 1}
BUF_R = {"vdata": 20, "vaddr": 10}  # print order
BUF_SUB = ["offen", "vaddr", "vdata", "srsrc", "soffset", "offset"]
BUF_F = ["offset", "offen", "idxen", "glc", "slc", "dlc", "lds", "tfe", "addr64", "fmt",
         "vaddr", "vdata", "srsrc", "soffset", "th", "scope", "rsv"]


def buf(levels, enc, op, **bits):
    f = {"vaddr": (32, 8), "vdata": (40, 8), "srsrc": (48, 5), "soffset": (56, 8)}
    f.update(bits)
    return Fmt("buf", levels, enc, 2, op, {k: f[k] for k in BUF_F if k in f}, BUF_P, BUF_R,
               BUF_SUB)


GFX6_BUF = dict(offset=(0, 12), offen=(12, 1), idxen=(13, 1), glc=(14, 1), addr64=(15, 1),
                slc=(54, 1), tfe=(55, 1))
GFX8_BUF = dict(offset=(0, 12), offen=(12, 1), idxen=(13, 1), glc=(14, 1), tfe=(55, 1))
GFX8_RSV = dict(rsv=(15, 1))  # GFX8/9 MUBUF bit 15: no field
GFX10_BUF = dict(GFX8_BUF, dlc=(15, 1), slc=(54, 1))
GFX11_BUF = dict(offset=(0, 12), slc=(12, 1), dlc=(13, 1), glc=(14, 1), tfe=(53, 1),
                 offen=(54, 1), idxen=(55, 1))
# GFX12 VBUFFER: one encoding for buffer and tbuffer opcodes.
GFX12_BUF = Fmt("buf", ["GFX12"], 0x31 << 26, 3, [(14, 8)],
                {"offset": (72, 24), "offen": (62, 1), "idxen": (63, 1), "tfe": (22, 1),
                 "fmt": (55, 7), "vaddr": (64, 8), "vdata": (32, 8), "srsrc": (41, 7), "rsv": (48, 2),
                 "soffset": (0, 7), "th": (52, 3), "scope": (50, 2)}, dict(BUF_P, srsrc=8),
                BUF_R, BUF_SUB)

FLAT_F = ["offset", "glc", "slc", "dlc", "sve", "addr", "data", "vdst", "saddr", "th", "scope",
          "rsv", "lds", "rsv2"]
FLAT_P = {"offset": 0x101, "glc": 1, "slc": 1, "dlc": 1, "sve": 1, "addr": 10, "data": 20,
          "vdst": 50, "saddr": 2, "th": 1, "scope": 1, "rsv": 1, "lds": 1, "rsv2": 1}
FLAT_R = {"vdst": 50, "addr": 10, "data": 20}  # print order
FLAT_SUB = ["addr", "data", "vdst", "saddr", "sve"]
FLAT_HI = {"addr": (32, 8), "data": (40, 8), "vdst": (56, 8)}


def flat(levels, op, off, **f):
    f.update(FLAT_HI)
    zero = {"saddr": off} if off else {}
    return Fmt("flat", levels, 0x37 << 26, 2, op, {k: f[k] for k in FLAT_F if k in f}, FLAT_P,
               FLAT_R, FLAT_SUB, zero)


LDSDIR_F = ["vdst", "chan", "attr", "wait", "vmvsrc", "rsv"]
LDSDIR_P = {"vdst": 50, "chan": 2, "attr": 3, "wait": 5, "vmvsrc": 1, "rsv": 1}
LDSDIR_FIELDS = {"vdst": (0, 8), "chan": (8, 2), "attr": (10, 6), "wait": (16, 4),
                 "vmvsrc": (23, 1), "rsv": (22, 1)}

MIMG_F = ["dmask", "unorm", "glc", "slc", "da", "r128", "tfe", "lwe", "d16", "vaddr", "vdata",
          "srsrc", "ssamp", "rsv", "rsv2", "dlc", "a16", "dim", "nsa", "rsv3", "rsv4", "th",
          "scope", "rsv5"]
# NSA is not probed as a field: its address dwords are (mimg_addrs below).
MIMG_P = {"dmask": 0xf, "unorm": 1, "glc": 1, "slc": 1, "da": 1, "r128": 1, "tfe": 1, "lwe": 1,
          "d16": 1, "vaddr": 10, "vdata": 20, "srsrc": 2, "ssamp": 3, "rsv": 1, "rsv2": 1,
          "dlc": 1, "a16": 1, "dim": 1, "rsv3": 1, "rsv4": 1, "th": 1, "scope": 1, "rsv5": 1}
MIMG_SUB = ["vaddr", "vdata", "srsrc", "ssamp", "dmask"]
MIMG_GFX6 = {"rsv": (1, 7), "dmask": (8, 4), "unorm": (12, 1), "glc": (13, 1), "da": (14, 1),
             "r128": (15, 1), "tfe": (16, 1), "lwe": (17, 1), "slc": (25, 1), "vaddr": (32, 8),
             "vdata": (40, 8), "srsrc": (48, 5), "ssamp": (53, 5), "rsv2": (58, 5)}

# GFX10 MIMG: bits 6, 14 and 61:58 are no field.
MIMG_GFX10 = {"nsa": (1, 2), "dim": (3, 3), "rsv": (6, 1), "dlc": (7, 1), "dmask": (8, 4),
              "unorm": (12, 1), "glc": (13, 1), "rsv3": (14, 1), "r128": (15, 1), "tfe": (16, 1),
              "lwe": (17, 1), "slc": (25, 1), "vaddr": (32, 8), "vdata": (40, 8),
              "srsrc": (48, 5), "ssamp": (53, 5), "rsv2": (58, 4), "a16": (62, 1), "d16": (63, 1)}
# GFX11 MIMG: bits 1, 6:5, 57:55 and 63 are no field.
MIMG_GFX11 = {"nsa": (0, 1), "rsv4": (1, 1), "dim": (2, 3), "rsv": (5, 2), "unorm": (7, 1),
              "dmask": (8, 4), "slc": (12, 1), "dlc": (13, 1), "glc": (14, 1), "r128": (15, 1),
              "a16": (16, 1), "d16": (17, 1), "vaddr": (32, 8), "vdata": (40, 8),
              "srsrc": (48, 5), "tfe": (53, 1), "lwe": (54, 1), "rsv2": (55, 3),
              "ssamp": (58, 5), "rsv3": (63, 1)}
# GFX12 VIMAGE and VSAMPLE: the resource and sampler fields are 9-bit
# operand codes of which LLVM reads bits 6:2 (the others: rsv fields; past
# the SGPRs, rsv4/rsv5, LLVM prints an invalid operand: vsharp refuses);
# the address fields (VADDR0 in dword 2 byte 0, the others after it and,
# VIMAGE's fifth, at 63:56) are read by mimg_addrs, not as fields.
MIMG_GFX12 = {"dim": (0, 3), "r128": (4, 1), "d16": (5, 1), "a16": (6, 1), "dmask": (22, 4),
              "vdata": (32, 8), "srsrc": (43, 5), "scope": (50, 2), "th": (52, 3),
              "vaddr": (64, 8)}
VIMAGE_F = dict(MIMG_GFX12, rsv=(3, 1), rsv2=(7, 7), rsv3=(40, 3), rsv4=(48, 2), tfe=(55, 1))
VSAMPLE_F = dict(MIMG_GFX12, tfe=(3, 1), rsv2=(7, 6), unorm=(13, 1), lwe=(40, 1), rsv3=(41, 2),
                 rsv4=(48, 2), rsv=(55, 2), ssamp=(57, 5), rsv5=(62, 2))

FORMATS = {
    # GFX6-9 MIMG (GFX9's R128 bit is A16), GFX10 MIMG; GFX11/12 are not decoded yet.
    "mimg": [
        # Bit 0 is OP[7] for LLVM (no GFX6-9 opcode uses it).
        Fmt("mimg", ["GFX6", "GFX7"], 0x3c << 26, 2, [(18, 7), (0, 1)], dict(MIMG_GFX6), MIMG_P,
            {"vdata": 20, "vaddr": 10}, MIMG_SUB),
        Fmt("mimg", ["GFX8", "GFX9"], 0x3c << 26, 2, [(18, 7), (0, 1)], dict(MIMG_GFX6, d16=(63, 1)),
            MIMG_P, {"vdata": 20, "vaddr": 10}, MIMG_SUB),
        Fmt("mimg", ["GFX10", "GFX10_3"], 0x3c << 26, 2, [(18, 7), (0, 1)], MIMG_GFX10, MIMG_P,
            {"vdata": 20, "vaddr": 10}, MIMG_SUB),
        Fmt("mimg", ["GFX11"], 0x3c << 26, 2, [(18, 8)], MIMG_GFX11, MIMG_P,
            {"vdata": 20, "vaddr": 10}, MIMG_SUB),
    ],
    "vimage": [Fmt("mimg", ["GFX12"], 0x34 << 26, 3, [(14, 8)], VIMAGE_F, MIMG_P,
                   {"vdata": 20, "vaddr": 10}, MIMG_SUB)],
    "vsample": [Fmt("mimg", ["GFX12"], 0x39 << 26, 3, [(14, 8)], VSAMPLE_F, MIMG_P,
                    {"vdata": 20, "vaddr": 10}, MIMG_SUB)],
    # GFX11 LDSDIR, GFX12 VDSDIR
    "ldsdir": [
        Fmt("ldsdir", ["GFX11", "GFX12"], 0xce << 24, 1, [(20, 2)], LDSDIR_FIELDS, LDSDIR_P,
            {"vdst": 50}),
    ],
    "flat": [
        flat(["GFX7", "GFX8"], [(18, 7)], None, offset=(0, 13), rsv=(13, 3), glc=(16, 1),
             slc=(17, 1), saddr=(48, 7), rsv2=(55, 1)),
        # GFX9-11: SEG (flat, scratch, global) is part of the opcode.
        flat(["GFX9"], [(18, 7), (14, 2)], 0x7f, offset=(0, 13), lds=(13, 1), glc=(16, 1),
             slc=(17, 1), saddr=(48, 7), rsv=(55, 1)),
        flat(["GFX10", "GFX10_3"], [(18, 7), (14, 2)], 0x7d, offset=(0, 12), dlc=(12, 1),
             lds=(13, 1), glc=(16, 1), slc=(17, 1), saddr=(48, 7), rsv=(55, 1)),
        flat(["GFX11"], [(18, 7), (16, 2)], 0x7c, offset=(0, 13), dlc=(13, 1), glc=(14, 1),
             slc=(15, 1), saddr=(48, 7), sve=(55, 1)),
        # GFX12 VFLAT, VSCRATCH, VGLOBAL: ENCODING[25:24] is the segment.
        Fmt("flat", ["GFX12"], 0x3b << 26, 3, [(14, 8), (24, 2)],
            {"offset": (72, 24), "sve": (49, 1), "addr": (64, 8), "data": (55, 8),
             "vdst": (32, 8), "saddr": (0, 7), "th": (52, 3), "scope": (50, 2),
             "rsv": (48, 1)}, FLAT_P, FLAT_R, FLAT_SUB, {"saddr": 0x7c}),
    ],
    "mubuf": [
        buf(["GFX6", "GFX7"], 0x38 << 26, [(18, 7)], lds=(16, 1), **GFX6_BUF),
        buf(["GFX8", "GFX9"], 0x38 << 26, [(18, 7)], lds=(16, 1), slc=(17, 1), **GFX8_BUF,
            **GFX8_RSV),
        buf(["GFX10", "GFX10_3"], 0x38 << 26, [(18, 7), (25, 1)], lds=(16, 1), **GFX10_BUF),
        buf(["GFX11"], 0x38 << 26, [(18, 8)], lds=(16, 1), **GFX11_BUF),
        GFX12_BUF,
    ],
    "mtbuf": [
        buf(["GFX6", "GFX7"], 0x3a << 26, [(16, 3)], fmt=(19, 7), **GFX6_BUF),
        buf(["GFX8", "GFX9"], 0x3a << 26, [(15, 4)], fmt=(19, 7), slc=(54, 1), **GFX8_BUF),
        buf(["GFX10", "GFX10_3"], 0x3a << 26, [(16, 3), (53, 1)], fmt=(19, 7), **GFX10_BUF),
        buf(["GFX11"], 0x3a << 26, [(15, 4)], fmt=(19, 7), **GFX11_BUF),
    ],
    "ds": [
        Fmt("ds", ["GFX6", "GFX7", "GFX10", "GFX10_3", "GFX11"], 0x36 << 26, 2, [(18, 8)],
            ds_fields(17), DS_P, DS_R),
        Fmt("ds", ["GFX8", "GFX9"], 0x36 << 26, 2, [(17, 8)], ds_fields(16), DS_P, DS_R),
        Fmt("ds", ["GFX12"], 0x36 << 26, 2, [(18, 8)], ds_fields(17), DS_P, DS_R),
    ],
}

REG = re.compile(r"\b([vs])(?:(\d+)|\[(\d+):(\d+)\])")


def regs_of(text, fmt):
    """Operand widths by role, found by the probe's register numbers."""
    w = {}
    for m in REG.finditer(text):
        first = int(m.group(2) or m.group(3))
        n = 1 if m.group(2) else int(m.group(4)) - first + 1
        for role, at in fmt.regs.items():
            if at == first and m.group(1) == "v":
                w[role] = n
    return w


def decoded(text):
    return not text.startswith(".long") and text != "<none>"


def probe(fmt, cpu, ops):
    """Per opcode: (name, text, may, must, {toggled field: text}) from the
    largest decoding subset of fmt.sub and each other field set on it."""
    names = [f for f in fmt.sub if fmt.probe.get(f) and f in fmt.fields]
    others = [f for f in fmt.fields if f not in names and fmt.probe.get(f)]
    subsets = list(itertools.product((0, 1), repeat=len(names)))
    groups = []
    for op in ops:
        for s in subsets:
            groups.append(fmt.word(op, {f: fmt.probe[f] for f, on in zip(names, s) if on}))
    res = llvm.objdump(cpu, groups)
    out, bests = {}, {}
    for i, op in enumerate(ops):
        ok = {}
        for j, s in enumerate(subsets):
            text, words = res[i * len(subsets) + j]
            if decoded(text):
                ok[s] = text
        if not ok:
            continue
        best = max(ok, key=sum)
        may = {f for s in ok for f, on in zip(names, s) if on}
        must = {f for k, f in enumerate(names) if all(s[k] for s in ok)}
        out[op] = (ok[best].split()[0], ok[best], may, must, {})
        bests[op] = {f for f, on in zip(names, best) if on}
    if others:
        keys = [(op, f) for op in out for f in others]
        base = {op: {f: fmt.probe[f] for f in bests[op]} for op in out}
        res = llvm.objdump(cpu, [fmt.word(op, dict(base[op], **{f: fmt.probe[f]}))
                                 for op, f in keys])
        for (op, f), (text, _) in zip(keys, res):
            if decoded(text):
                out[op][2].add(f)
                out[op][4][f] = text
    missing = [op for op in ops if op not in out]
    if fmt.zero.get("saddr") and missing:
        # GFX9's FLAT segment wants SADDR 0, not "off".
        alt = Fmt(fmt.name, fmt.levels, fmt.enc, fmt.words, fmt.op, fmt.fields, fmt.probe,
                  fmt.regs, [f for f in fmt.sub if f != "saddr"], dict(fmt.zero, saddr=0))
        for op, r in probe(alt, cpu, missing).items():
            r[2].add("saddr")
            out[op] = r + ("saddr0",)
    return out


def old_levels(fmt_list, found):
    """GFX6/7: llvm-mc-19 encodes the texts the other levels decode to; the
    opcode field of the words names the opcode (LLVM has no GFX6/7 disassembler)."""
    out = {}
    for lvl, cpu in OLD.items():
        fmt = next((f for f in fmt_list if lvl in f.levels), None)
        if not fmt:
            continue
        texts = sorted({t[1] for lv in ("GFX8", "GFX9", "GFX10", "GFX10_3") for t in
                        found.get(lv, {}).values()})
        lines = []
        for t in texts:
            lines += [t, t + " gds"] if fmt.name == "ds" else [t]
        enc = llvm.assemble(cpu, lines)
        res = {}
        for line, words in zip(lines, enc):
            if words is None:
                continue
            v = sum(x << (32 * i) for i, x in enumerate(words))
            op, at = 0, 0
            for lo, n in fmt.op:
                op |= ((v >> lo) & ((1 << n) - 1)) << at
                at += n
            name = line.split()[0]
            if op in res and res[op][0] != name:
                continue
            may = set()
            for f, (lo, n) in fmt.fields.items():
                if (v >> lo) & ((1 << n) - 1):
                    may.add(f)
            if op in res:
                may |= res[op][2]
            res[op] = (name, line.replace(" gds", ""), may, set(), {})
        # Where a newer level decodes the same text (else has the same
        # name), its probed field sets hold; GFX6/7 add addr64 to offen.
        for op, (name, text, may, must, tog) in res.items():
            same = [t for lv in ("GFX8", "GFX9", "GFX10", "GFX10_3")
                    for t in found.get(lv, {}).values() if t[0] == name]
            for t in sorted(same, key=lambda t: t[1] != text):
                may = {f for f in t[2] if f in fmt.fields}
                if "addr64" in fmt.fields and "offen" in may:
                    may.add("addr64")
                # Registers the text does not show must be 0 to assemble back.
                shown = regs_of(text, fmt)
                may -= {r for r in fmt.regs if r not in shown and
                        not (r == "vdst" and "_atomic" in name)}
                res[op] = (name, text, may, {f for f in t[3] if f in fmt.fields}, t[4])
                break
        out[lvl] = res
    return out


def collect(fmt_list):
    found = {}
    for fmt in fmt_list:
        for lvl in fmt.levels:
            if lvl in CPUS:
                found[lvl] = probe(fmt, CPUS[lvl], range(1 << sum(n for _, n in fmt.op)))
    found.update(old_levels(fmt_list, found))
    return found


def mask_text(levels):
    idx = sorted(LEVELS.index(lv) for lv in levels)
    parts, i = [], 0
    while i < len(idx):
        j = i
        while j + 1 < len(idx) and idx[j + 1] == idx[j] + 1:
            j += 1
        a, b = LEVELS[idx[i]], LEVELS[idx[j]]
        parts.append("GFX(%s)" % a[3:] if i == j else "GFX_RANGE(%s, %s)" % (a[3:], b[3:]))
        i = j + 1
    return "GFX_ALL" if len(idx) == len(LEVELS) else " | ".join(parts)


def bits(fmt, names):
    return " | ".join("B(%s_%s)" % (fmt.name.upper(), n.upper())
                      for n in ORDER[fmt.name] if n in names) or "0"


def quiet(text, tog):
    """Fields LLVM decodes set but does not print."""
    return {f for f, t in tog.items() if t == text}


ORDER = {"ds": DS_F, "buf": BUF_F, "flat": FLAT_F, "ldsdir": LDSDIR_F, "mimg": MIMG_F}


def flag_list(*pairs):
    return " | ".join(f for f, on in pairs if on) or "0"


FLAGS = {
    "ds": lambda text, r: ("DS_SWIZZLE" if "swizzle(" in text else
                        "DS_TWO" if "offset0:" in text else "0"),
    "flat": lambda text, r: flag_list(("FLAT_GLOBAL", text.startswith("global_")),
                                   ("FLAT_SADDR0", r[5:] == ("saddr0",)),
                                   ("FLAT_SCRATCH", text.startswith("scratch_")),
                                   ("FLAT_ATOMIC", "_atomic" in text.split()[0]),
                                   ("FLAT_STORE", "_store" in text.split()[0])),
    "ldsdir": lambda text, r: "LDSDIR_PARAM" if "attr" in text else "0",
    "mimg": lambda text, r: flag_list(("MIMG_GATHER", "gather4" in text.split()[0]),
                                   ("MIMG_SAMPLER", ", s[12:15]" in text),
                                   ("MIMG_ATOMIC", "_atomic" in text.split()[0]),
                                   ("MIMG_BARE", " " not in text)),
    "buf": lambda text, r: flag_list(("BUF_BARE", " " not in text),
                                  ("BUF_ATOMIC", "_atomic" in text.split()[0]),
                                  ("BUF_STORE", "_store" in text.split()[0]),
                                  ("BUF_FORMAT", text.startswith("tbuffer"))),
}


# Most NSA dwords, and whether an address count K fits N of them: GFX10's
# hold 4 addresses each; GFX11's one dword holds 4, the last a range.
NSA_LEVELS = {"GFX10": (3, lambda k, n: (k + 2) // 4 == n),
              "GFX10_3": (3, lambda k, n: (k + 2) // 4 == n),
              "GFX11": (1, lambda k, n: k >= 2)}
ADDR = re.compile(r"^\S+ [^,]+, (\[[^]]*\]|v\d+|v\[\d+:\d+\])")


def mimg_addrs(fmt_list, found):
    """Per GFX10+ opcode, dim and a16: the address registers without NSA
    (LLVM rounds the count up to a register class) and the exact count,
    which is the count of the NSA form whose extra dwords just hold it.
    Where LLVM finds no variant for the operand sizes it keeps the decoding
    table's first one, whose vdata then does not follow dmask: each shape
    is probed at two dmask/d16 settings and kept only where vdata follows."""
    rows = {}
    for fmt in fmt_list:
        for lvl in fmt.levels:
            if lvl not in NSA_LEVELS:
                continue
            keys, groups = [], []
            for op, r in found[lvl].items():
                r[2].add("nsa")
                name = r[0]
                base = {"vaddr": 10, "vdata": 20, "srsrc": 2}
                if ", s[12:15]" in r[1]:
                    base["ssamp"] = 3
                shapes = mimg_shapes(name)
                for a16, dim, nsa in itertools.product((0, 1), range(8),
                                                       range(NSA_LEVELS[lvl][0] + 1)):
                    extra = [0x23222120 + 0x04040404 * i for i in range(nsa)]
                    for dmask, d16, want in shapes:
                        groups.append(fmt.word(op, dict(base, a16=a16, dim=dim, nsa=nsa,
                                                        dmask=dmask, d16=d16)) + extra)
                        keys.append((op, a16, dim, nsa, want))
            res = llvm.objdump(CPUS[lvl], groups)
            seen = {}
            for (op, a16, dim, nsa, want), (text, _) in zip(keys, res):
                m = ADDR.match(text) if decoded(text) else None
                ok = m and regs_of(text, fmt).get("vdata") == want
                k = sum(1 if r.group(2) else int(r.group(4)) - int(r.group(3)) + 1
                        for r in REG.finditer(m.group(1))) if ok else 0
                prev = seen.get((op, a16, dim, nsa), k)
                seen[(op, a16, dim, nsa)] = k if prev == k else 0
            got = {}
            for (op, a16, dim, nsa), k in seen.items():
                v = got.setdefault((op, a16, dim), [0, 0])
                if not nsa:
                    v[0] = k
                    # A single address has no NSA form: its register is its count.
                    v[1] = v[1] or int(k == 1)
                elif k and NSA_LEVELS[lvl][1](k, nsa):
                    v[1] = k
            for op in found[lvl]:
                t = tuple(tuple(got.get((op, a16, dim), (0, 0))[i] for a16 in (0, 1)
                                for dim in range(8)) for i in (0, 1))
                rows.setdefault((op, t), []).append(lvl)
    return rows


# GFX12's address fields: VADDR0-3 in dword 2, VIMAGE's VADDR4 at 63:56.
GFX12_ADDR = {"vimage": [64, 72, 80, 88, 56], "vsample": [64, 72, 80, 88]}


def gfx12_addrs(key, fmt, found):
    """Per GFX12 opcode, dim and a16: the address count n (the fields list
    one register each, the last a range holding the rest) and, as "regs",
    a mask of the highest address field set (bit H-1: field H-1) with which
    LLVM prints that count: it picks a variant by the fields that are 0 and
    then, where it can, converts it to the count the dim needs.  Kept only
    where vdata follows dmask, as mimg_addrs does."""
    pos = GFX12_ADDR[key]
    keys, groups = [], []
    for op, r in found["GFX12"].items():
        r[2].difference_update({"rsv4", "rsv5"})
        name = r[0]
        base = {"vdata": 20, "srsrc": 2}
        if ", s[12:15]" in r[1]:
            base["ssamp"] = 3
        shapes = mimg_shapes(name)
        for a16, dim, k in itertools.product((0, 1), range(8), range(1, len(pos) + 1)):
            for dmask, d16, want in shapes:
                w = fmt.word(op, dict(base, a16=a16, dim=dim, dmask=dmask, d16=d16))
                v = sum(x << (32 * i) for i, x in enumerate(w))
                for i in range(k):
                    v |= (0x20 + 8 * i) << pos[i]
                groups.append([(v >> (32 * i)) & 0xFFFFFFFF for i in range(3)])
                keys.append((op, a16, dim, k, want))
    res = llvm.objdump(CPUS["GFX12"], groups)
    seen = {}
    for (op, a16, dim, k, want), (text, _) in zip(keys, res):
        m = ADDR.match(text) if decoded(text) else None
        ok = m and regs_of(text, fmt).get("vdata") == want
        n = sum(1 if r.group(2) else int(r.group(4)) - int(r.group(3)) + 1
                for r in REG.finditer(m.group(1))) if ok else 0
        prev = seen.get((op, a16, dim, k), n)
        seen[(op, a16, dim, k)] = n if prev == n else 0
    rows = {}
    for op in found["GFX12"]:
        n, fields = [], []
        for a16, dim in itertools.product((0, 1), range(8)):
            used = [seen[(op, a16, dim, k)] for k in range(1, len(pos) + 1)]
            # The count with just the fields it uses set; then how many may be.
            exact = next((x for k, x in enumerate(used, 1) if x and min(x, len(pos)) == k), 0)
            # LLVM picks the variant by the highest field set: which of those
            # (bit H-1: fields up to H-1 set) print the exact count.
            top = sum(1 << k for k, x in enumerate(used) if exact and x == exact)
            n.append(exact)
            fields.append(top)
        rows.setdefault((op, (tuple(fields), tuple(n))), []).append("GFX12")
    return rows


def mimg_shapes(name):
    """(dmask, d16, vdata registers LLVM gives when it finds the variant)"""
    if "_atomic" in name:
        n = 2 if "cmpswap" in name else 1
        # twice the size: the decoding table's first variant is the plain one
        return [((1 << n) - 1, 0, n), ((1 << 2 * n) - 1, 0, 2 * n)]
    if "gather4" in name:
        return [(0xf, 0, 4), (0x1, 1, 2)]
    return [(0xf, 0, 4), (0x1, 0, 1)]


def emit_mimg_addrs(key, rows, out):
    out.append("const struct isa_mimg_addr isa_%s_addrs[] = {" % key)
    for (op, (regs, n)), lv in sorted(rows.items()):
        out.append("\t{ %s, 0x%x,\n\t  { { %s },\n\t    { %s } },\n\t  { { %s },\n\t    { %s } } },"
                   % (mask_text(lv), op, ", ".join(map(str, regs[:8])),
                      ", ".join(map(str, regs[8:])), ", ".join(map(str, n[:8])),
                      ", ".join(map(str, n[8:]))))
    out.append("\t{ 0 }\n};\n")


def emit_format(key, fmt_list, out):
    found = collect(fmt_list)
    fmt = fmt_list[0]
    addrs = (mimg_addrs(fmt_list, found) if key == "mimg" else
             gfx12_addrs(key, fmt, found) if key in GFX12_ADDR else None)
    out.append("const struct isa_mem_layout isa_%s_layouts[] = {" % key)
    for f in fmt_list:
        ops = ", ".join("{ %d, %d, 0 }" % o for o in f.op)
        fl = ", ".join("[%s_%s] = { %d, %d, 0x%x }" % (f.name.upper(), n.upper(), lo, w,
                                                   f.zero.get(n, 0))
                       for n, (lo, w) in f.fields.items())
        out.append("\t{ %s, { %s },\n\t  { %s } }," % (mask_text(f.levels), ops, fl))
    out.append("\t{ 0 }\n};\n")
    rows = {}
    for lvl, ops in found.items():
        for op, r in ops.items():
            name, text, may, must, tog = r[:5]
            w = regs_of(text, fmt)
            # A returning atomic's destination shows with glc (th on GFX12) set.
            for t in (tog.get("glc"), tog.get("th")):
                if t and fmt.name == "flat" and "vdst" not in w and "vdst" in regs_of(t, fmt):
                    w["vdst"] = regs_of(t, fmt)["vdst"]
            key_ = (name, op, tuple(w.get(r, 0) for r in fmt.regs), FLAGS[fmt.name](text, r),
                    bits(fmt, may), bits(fmt, must), bits(fmt, quiet(text, tog)))
            rows.setdefault(key_, []).append(lvl)
    out.append("const struct isa_mem_op isa_%s_ops[] = {" % key)
    for k in sorted(rows, key=lambda k: (k[1], k[0])):
        name, op, w, flags, may, must, qu = k
        out.append("\t{ \"%s\", %s, 0x%x, { %s }, %s,\n\t  %s,\n\t  %s, %s }," %
                   (name, mask_text(rows[k]), op, ", ".join(map(str, w)), flags, may, must, qu))
    out.append("\t{ 0 }\n};\n")
    if addrs is not None:
        emit_mimg_addrs(key, addrs, out)


EXP_ENC = {"GFX8": 0x31 << 26, "GFX9": 0x31 << 26}


def emit_exp_targets(out):
    """The export targets' names per level, as runs: NAME, or NAME<n> for
    targets FIRST..FIRST+COUNT-1.  GFX6/7 take GFX8's (llvm-mc-19 checks)."""
    runs = {}
    for lvl, cpu in CPUS.items():
        enc = EXP_ENC.get(lvl, 0x3E << 26)
        res = llvm.objdump(cpu, [[enc | t << 4 | 1, 1] for t in range(64)])
        names = [text.split()[1] if decoded(text) else None for text, _ in res]
        lvls = [lvl] + (list(OLD) if lvl == "GFX8" else [])
        t = 0
        while t < 64:
            m = re.match(r"([a-z_]+?)(\d*)$", names[t] or "")
            n = 1
            if m and m.group(2):
                while (t + n < 64 and names[t + n] ==
                       "%s%d" % (m.group(1), int(m.group(2)) + n)):
                    n += 1
            if names[t] and not names[t].startswith("invalid_target_"):
                key = (m.group(1) if m.group(2) else names[t], t, n, bool(m.group(2)),
                       int(m.group(2) or 0))
                runs.setdefault(key, []).extend(lvls)
            t += n
    out.append("const struct isa_exp_target isa_exp_targets[] = {")
    for (name, first, n, numbered, base), lv in sorted(runs.items(), key=lambda r: r[0][1]):
        out.append('\t{ "%s", %d, %d, %d, %s },' % (name, first, n, base if numbered else -1,
                                                    mask_text(lv)))
    out.append("\t{ 0 }\n};\n")


def main():
    out = ["// SPDX-License-Identifier: MIT",
           "/*",
           " * Generated by scripts/isa/gen_mem.py from what llvm-objdump-19 decodes",
           " * (gfx803, gfx900, gfx1010, gfx1030, gfx1100, gfx1200) and llvm-mc-19",
           " * encodes (gfx600, gfx700); do not edit.  Regenerate with",
           " * scripts/isa/gen_mem.py > user/lib/isa/mem_tables.c",
           " */",
           '#include "isa/mem.h"', "",
           "#define B(f) (1u << (f))", ""]
    for key in sys.argv[1:] or list(FORMATS) + ["exp"]:
        if key == "exp":
            emit_exp_targets(out)
        else:
            emit_format(key, FORMATS[key], out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
