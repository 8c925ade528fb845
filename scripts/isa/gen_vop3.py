#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
Generates user/lib/isa/vop3_tables.c: the VOP3 (VOP3A/VOP3B, the VOPC, VOP1
and VOP2 opcodes promoted to _e64 included), VOP3P and VINTRP/VINTERP
opcodes of GFX6..GFX12 as llvm-objdump-19 prints them.  Each opcode is
probed on gfx803, gfx900, gfx1010, gfx1030, gfx1100 and gfx1200 with
registers, inline constants, literals and one modifier field at a time; the
table records what the probes show: the name, each operand's field, width,
constant type and register class, which modifier fields print, which are
ignored and which make LLVM refuse the word.  GFX6 and GFX7 (no LLVM
disassembler) come from llvm-mc-19 on gfx600/gfx700: every candidate
mnemonic with each operand shape, the VOP3 words it encodes, the name it
prints back and the modifiers it accepts (gfx6_rows).

Usage: scripts/isa/gen_vop3.py > user/lib/isa/vop3_tables.c
(GEN_VOP3_CACHE=file keeps llvm-objdump-19's answers between runs.)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm  # noqa: E402

CPUS = ["gfx803", "gfx900", "gfx1010", "gfx1030", "gfx1100", "gfx1200"]
LEVEL = {"gfx600": "6", "gfx700": "7", "gfx803": "8", "gfx900": "9", "gfx1010": "10",
         "gfx1030": "10_3", "gfx1100": "11", "gfx1200": "12"}
CACHE = os.environ.get("GEN_VOP3_CACHE")
_cache = {}
if CACHE and os.path.exists(CACHE):
    with open(CACHE) as f:
        _cache = {(k,): tuple(v) for k, v in json.load(f).items()}


def objdump(cpu, groups):
    """llvm.objdump with a cache (GEN_VOP3_CACHE) so that reruns are fast."""
    keys = [json.dumps([cpu] + list(g)) for g in groups]
    todo = [(k, g) for k, g in zip(keys, groups) if (k,) not in _cache]
    if todo:
        for (k, _), r in zip(todo, llvm.objdump(cpu, [g for _, g in todo])):
            _cache[(k,)] = tuple(r)
    return [_cache[(k,)] for k in keys]


def save_cache():
    if CACHE:
        with open(CACHE, "w") as f:
            json.dump({k[0]: v for k, v in _cache.items()}, f)


def ok(r):
    return not r[0].startswith(".long") and r[0] != "<none>"


_COMMENT = re.compile(r"/\*.*?\*/")


def split_ops(text):
    """mnemonic, [operands with their inline comments], [trailing modifiers]"""
    notes = _COMMENT.findall(text)
    text = _COMMENT.sub("\x01", text)
    name, _, rest = text.partition(" ")
    ops = rest.split(", ") if rest else []
    mods = []
    if ops:
        last = ops[-1].split(" ")
        ops[-1], mods = last[0], last[1:]
    # VINTERP prints wait_exp always: a field of its own, not a modifier.
    mods = [m for m in mods if not m.startswith("wait_exp:")]
    it = iter(notes)
    ops = [re.sub("\x01", lambda m: next(it), o) for o in ops]
    return name, ops, mods


# ---------------------------------------------------------------- VOP3
# Field bits of the 64-bit VOP3 word (dword 1 from bit 32).
SRC_LO = (32, 41, 50)
MOD_BITS = {  # name: bit
    "abs0": 8, "abs1": 9, "abs2": 10, "opsel0": 11, "opsel1": 12, "opsel2": 13, "opsel3": 14,
    "clamp": 15, "omod0": 59, "omod1": 60, "neg0": 61, "neg1": 62, "neg2": 63,
}
MOD_NAMES = list(MOD_BITS)


def vop3_word(cpu, op, vdst=4, srcs=(0, 0, 0), bits=0, lit=None):
    if cpu in ("gfx803", "gfx900"):
        w = 0xd0000000 | op << 16
    else:
        w = 0xd4000000 | op << 16
    w |= vdst
    for lo, s in zip(SRC_LO, srcs):
        w |= s << lo
    w |= bits
    g = [w & 0xffffffff, w >> 32]
    if lit is not None:
        g.append(lit)
    return g


VARIANTS = [(264, 272, 280), (264, 272, 0), (264, 0, 0), (0, 0, 0), (8, 12, 0), (264, 12, 0),
            (8, 12, 16), (264, 12, 280), (264, 272, 16)]
# Codes a source is probed with: SGPR, VGPR, inline constants, literals.
SRC_PROBES = [(12, None), (266, None), (248, None), (242, None), (193, None), (128, None),
              (106, None), (124, None), (255, 0x12345678), (255, 0x3f800000), (255, 0x3c00),
              (255, 0x3118), (255, 0x3e22f983)]


def vop3_opcodes(cpu):
    if cpu == "gfx900":
        return [o for o in range(1024) if o < 0x380]  # 0x380+: VOP3P
    return range(1024)


# ---------------------------------------------------------------- VOP3P
P_MOD_BITS = {
    "neghi0": 8, "neghi1": 9, "neghi2": 10, "opsel0": 11, "opsel1": 12, "opsel2": 13,
    "opselhi2": 14, "clamp": 15, "opselhi0": 59, "opselhi1": 60, "neg0": 61, "neg1": 62,
    "neg2": 63,
}
P_BASE = 1 << 14 | 3 << 59  # OP_SEL_HI all set: the default of packed math


def vop3p_word(cpu, op, vdst=4, srcs=(0, 0, 0), bits=P_BASE, lit=None):
    w = (0xd3800000 if cpu == "gfx900" else 0xcc000000) | op << 16 | vdst
    for lo, s in zip(SRC_LO, srcs):
        w |= s << lo
    w |= bits
    g = [w & 0xffffffff, w >> 32]
    if lit is not None:
        g.append(lit)
    return g


V_MOD_BITS = {"opsel0": 11, "opsel1": 12, "opsel2": 13, "opsel3": 14, "clamp": 15, "neg0": 61,
              "neg1": 62, "neg2": 63}


def vinterp_word(cpu, op, vdst=4, srcs=(0, 0, 0), bits=0, lit=None):
    w = 0xcd000000 | op << 16 | vdst
    for lo, s in zip(SRC_LO, srcs):
        w |= s << lo
    w |= bits
    return [w & 0xffffffff, w >> 32] + ([lit] if lit is not None else [])


FORMATS = {
    "vinterp": (vinterp_word, V_MOD_BITS, lambda cpu: range(128), 0),
    "vop3": (vop3_word, MOD_BITS, vop3_opcodes, 0),
    "vop3p": (vop3p_word, P_MOD_BITS, lambda cpu: range(128), P_BASE),
}


def probe(fmt, cpu):
    word, mods, opcodes, base = FORMATS[fmt]
    ops = list(opcodes(cpu))
    groups = [word(cpu, op, srcs=v, bits=base) for op in ops for v in VARIANTS]
    res = objdump(cpu, groups)
    out = {}
    for i, op in enumerate(ops):
        best = None
        for j, v in enumerate(VARIANTS):
            r = res[i * len(VARIANTS) + j]
            if not ok(r):
                continue
            name, opnds, _ = split_ops(r[0])
            score = (sum("Invalid" not in o for o in opnds), -sum("Invalid" in o for o in opnds))
            if best is None or score > best[0]:
                best = (score, v, r[0])
        if best:
            out[op] = {"srcs": best[1], "text": best[2]}
    # Which printed operand each field is: perturb one field at a time.
    items = list(out.items())
    groups = []
    for op, d in items:
        s = d["srcs"]
        groups.append(word(cpu, op, vdst=6, srcs=s, bits=base))
        for k in range(3):
            t = list(s)
            t[k] += 2
            groups.append(word(cpu, op, srcs=t, bits=base))
        for m in mods:
            groups.append(word(cpu, op, srcs=s, bits=base ^ 1 << mods[m]))
    res = iter(objdump(cpu, groups))
    for op, d in items:
        d["vdst"] = next(res)[0]
        d["pert"] = [next(res)[0] for _ in range(3)]
        d["mods"] = {m: next(res)[0] for m in mods}
    # Each source with registers, inline constants and literals.
    groups, keys = [], []
    for op, d in out.items():
        ops, role = roles_vop3(d)
        for i in range(3):
            if "src%d" % i not in role:
                continue
            for code, lit in SRC_PROBES:
                s = list(d["srcs"])
                s[i] = code
                groups.append(word(cpu, op, srcs=s, bits=base, lit=lit))
                keys.append((op, i, role.index("src%d" % i)))
    for (op, i, k), r in zip(keys, objdump(cpu, groups)):
        _, ops, _ = split_ops(r[0])
        out[op].setdefault("probe%d" % i, []).append(ops[k] if ok(r) else None)
    return out


def changed(a, b):
    """Indexes of the operands that differ between texts A and B (None: B refused)."""
    if b.startswith(".long"):
        return None
    _, x, xm = split_ops(a)
    _, y, ym = split_ops(b)
    xm = [m for m in xm if m != "high"]
    ym = [m for m in ym if m != "high"]
    if len(x) != len(y):
        return "shape"
    return [k for k in range(len(x)) if x[k] != y[k]] + (["mods"] if xm != ym else [])


def roles_vop3(d):
    """Which field each printed operand of the base text is: vdst, sdst, src0..src2."""
    _, ops, _ = split_ops(d["text"])
    role = [None] * len(ops)

    def mark(idx, r):
        if isinstance(idx, list) and len(idx) == 1 and idx[0] != "mods":
            role[idx[0]] = r
    mark(changed(d["text"], d["vdst"]), "vdst")
    for i in range(3):
        mark(changed(d["text"], d["pert"][i]), "src%d" % i)
    # Bit 8 would make an SGPR pair odd (printed aligned): bit 9 shows VOP3B's SDST.
    c = changed(d["text"], d["mods"]["abs1"]) if "abs1" in d["mods"] else None
    if isinstance(c, list) and len(c) == 1 and c[0] != "mods" and role[c[0]] is None:
        role[c[0]] = "sdst"
    return ops, role


# Constant types (enum isa_type) by what llvm-objdump prints for the probes:
# 248, 242, 193, 128 inline, then literals 0x12345678, 0x3f800000, 0x3c00, 0x3118, 0x3e22f983.
LIT_TYPES = {
    ("0x12345678", "1.0", "0x3c00", "0x3118", "0.15915494"): ["ISA_B32", "ISA_F32"],
    ("0x12345678", "0x3f800000", "0x3c00", "0x3118", "0x3e22f983"): ["ISA_B64", "ISA_F64",
                                                                    "ISA_V2BF16"],
    ("0x5678", "0", "1.0", "0.15915494", "0xf983"): ["ISA_F16"],
    ("0x5678", "1.0", "0x3c00", "0x3118", "0.15915494"): ["ISA_I16"],
    ("0x12345678", "0x3f800000", "1.0", "0.15915494", "0x3e22f983"): ["ISA_V2F16"],
    ("0x12345678", "0", "0x3c00", "0x3118", "0x3e22f983"): ["ISA_BF16"],
}
INLINE_TYPES = {  # what 248 prints where no literal can be probed
    "0.15915494": ["ISA_B32", "ISA_F32", "ISA_F16", "ISA_V2F16", "ISA_V2I16"],
    "0.15915494309189532": ["ISA_B64", "ISA_F64"],
    "0x3118": ["ISA_I16"],
}


def src_types(probe, regs):
    """Candidate enum isa_type names for a source from its probe texts."""
    bare = [None if p is None else _COMMENT.sub("", p) for p in probe]
    lit = tuple(bare[8:13])
    if None not in lit:
        c = LIT_TYPES.get(lit)
        if c and regs == 2:
            c = [t for t in c if t in ("ISA_B64", "ISA_F64")]
        elif c:
            c = [t for t in c if t not in ("ISA_B64", "ISA_F64")]
        if c:
            return c
    if bare[2] in INLINE_TYPES:
        return INLINE_TYPES[bare[2]]
    return None


# Register classes whose other operands LLVM prints with an inline comment.
CLASS_BAD = {  # probe index: the category it belongs to
    0: "ISA_VOP3_BAD_SREG", 1: "ISA_VOP3_BAD_VGPR", 2: "ISA_VOP3_BAD_CONST",
    3: "ISA_VOP3_BAD_CONST", 4: "ISA_VOP3_BAD_CONST", 5: "ISA_VOP3_BAD_CONST",
    6: "ISA_VOP3_BAD_SREG", 8: "ISA_VOP3_BAD_CONST",
}


def src_class(probe):
    name, bad = None, set()
    for k, p in enumerate(probe):
        if p is None or "/*" not in p:
            continue
        m = re.search(r"operand has '([^']+)' register class", p)
        if m:
            name = m.group(1)
        if k in CLASS_BAD:
            bad.add(CLASS_BAD[k])
    return name, tuple(sorted(bad))


def width(text):
    m = re.search(r"\[(\d+):(\d+)\]", text)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


MOD_FORM = {"abs": lambda t: "|" in t, "neg": lambda t: t.startswith(("-", "sext("))}


def operands(cpu, d, ops, role, attr=False):
    """(field, regs, candidate types, class) of each printed operand, or a note."""
    opnds = []
    for k, r in enumerate(role):
        if r == "src0" and attr:
            opnds.append(("ISA_VOP3_ATTR", 1, "ISA_B32", None))
        elif r == "src1" and ops[k] in ("p10", "p20", "p0"):
            opnds.append(("ISA_VOP3_PARAM", 1, "ISA_B32", None))
        elif r == "vdst":
            opnds.append(("ISA_VOP3_VDST" if ops[k].startswith("v") else "ISA_VOP3_SDST8",
                          width(ops[k]), "ISA_B32", None))
        elif r == "sdst":
            opnds.append(("ISA_VOP3_SDST7", width(ops[k]), "ISA_B32", None))
        else:
            i = int(r[3])
            p = d["probe%d" % i]
            types = src_types(p, width(ops[k]))
            if types is None:
                return None, "%s %s: src%d probes %s" % (cpu, d["text"], i, p)
            opnds.append(("ISA_VOP3_SRC%d" % i, width(ops[k]), types, src_class(p)))
    return opnds, None


def row_vop3(cpu, op, d):
    """The table row of one probed opcode, or None (with a note) where the probes do not fit."""
    name, ops, tail = split_ops(d["text"])
    _, role = roles_vop3(d)
    # The VOP3 interpolation opcodes (GFX8-GFX10.3) print SRC0 as attrN.c (bit 8: high).
    attr = "src0" in role and re.fullmatch(r"attr\d+\.[xyzw]", ops[role.index("src0")])
    if None in role or tail not in ([], ["high"]) or (tail and not attr):
        return None, "%s %s: operands %s" % (cpu, d["text"], role)
    opnds, note = operands(cpu, d, ops, role, attr)
    if note:
        return None, note
    prints, zero, sext, key = [], [], [], {}
    sdst = "sdst" in role
    nsel = None
    for m, t in d["mods"].items():
        if sdst and MOD_BITS.get(m, 99) < 15:
            continue
        c = changed(d["text"], t)
        if c is None:
            zero.append(m)
        elif c == []:
            continue
        elif m.startswith(("abs", "neg")):
            k = role.index("src" + m[3]) if ("src" + m[3]) in role else None
            if k is None or c != [k] or not MOD_FORM[m[:3]](split_ops(t)[1][k]):
                return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
            prints.append(m)
            if split_ops(t)[1][k].startswith("sext("):
                sext.append(m)
        elif m == "clamp" and split_ops(t)[2] == tail + ["clamp"]:
            prints.append(m)
        elif m.startswith("omod") and split_ops(t)[2] == tail + [["mul:2", "mul:4"][int(m[4])]]:
            prints.append(m)
        elif m.startswith("opsel") and len(split_ops(t)[2]) == len(tail) + 1 and \
                re.fullmatch(r"(byte_sel|index_key):\d", split_ops(t)[2][-1]):
            k, v = split_ops(t)[2][-1].split(":")
            if key.setdefault("name", k) != k:
                return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
            key[m] = int(v)
            prints.append(m)
        elif m.startswith("opsel"):
            sel = [x for x in split_ops(t)[2] if x.startswith("op_sel:")]
            if len(sel) != 1:
                return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
            bits = sel[0][len("op_sel:["):-1].split(",")
            n = len(bits)
            pos = bits.index("1")
            want = n - 1 if m == "opsel3" else int(m[5])
            if (nsel is not None and nsel != n) or pos != want or bits.count("1") != 1:
                return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
            nsel = n
            prints.append(m)
        else:
            return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
    if attr and ("high" in tail or d["probe0"][1] is not None):
        prints.append("high")
    for i in range(3):
        if "src%d" % i not in role and changed(d["text"], d["pert"][i]) is None:
            zero.append("src%d" % i)
    if "vdst" not in role and changed(d["text"], d["vdst"]) is None:
        zero.append("vdst")
    return {"name": name, "op": op, "opnds": opnds, "print": prints, "zero": zero, "sext": sext,
            "nsel": nsel or 0, "key": key}, None


P_LISTS = ["op_sel", "op_sel_hi", "neg_lo", "neg_hi"]


def lists(tail):
    """{list modifier: [0/1 ...]} and the other trailing modifiers."""
    out, rest = {}, []
    for t in tail:
        m = re.fullmatch(r"(op_sel|op_sel_hi|neg_lo|neg_hi):\[([01,]+)\]", t)
        if m:
            out[m.group(1)] = [int(x) for x in m.group(2).split(",")]
        else:
            rest.append(t)
    return out, rest


def row_vop3p(cpu, op, d):
    """A VOP3P row: operands, modifier bits printed on an operand (neg: -x, neg_hi: |x|, as
    v_fma_mix* print them), the list modifiers with each entry's bit and default."""
    name, ops, tail = split_ops(d["text"])
    _, role = roles_vop3(d)
    base, rest = lists(tail)
    if None in role or rest:
        return None, "%s %s: operands %s" % (cpu, d["text"], role)
    opnds, note = operands(cpu, d, ops, role)
    if note:
        return None, note
    prints, zero, onopnd, key = [], [], [], {}
    lst = {L: {"n": len(base[L]) if L in base else 0, "bits": {}, "default": None}
           for L in P_LISTS}
    for m, t in d["mods"].items():
        c = changed(d["text"], t)
        if c is None:
            zero.append(m)
            continue
        if c == []:
            continue
        _, tops, ttail = split_ops(t)
        tl, trest = lists(ttail)
        if c != ["mods"]:
            src = "src" + m[-1]
            k = role.index(src) if src in role else None
            form = ("|" if m.startswith("neghi") else ("-", "neg(")) if k is not None else None
            if form is None or c != [k] or not (tops[k].startswith(form) if m[:3] == "neg"
                                                and not m.startswith("neghi")
                                                else "|" in tops[k]) or tl != base:
                return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
            prints.append(m)
            onopnd.append(m)
            continue
        if m == "clamp" and trest == ["clamp"] and tl == base:
            prints.append(m)
            continue
        if m.startswith("opsel") and tl == base and len(trest) == 1 and \
                re.fullmatch(r"index_key:\d", trest[0]):
            key["name"] = "index_key"
            key[m] = int(trest[0].split(":")[1])
            prints.append(m)
            continue
        flips = []
        was = P_BASE >> P_MOD_BITS[m] & 1
        for L in P_LISTS:
            a, b = base.get(L), tl.get(L)
            if a == b:
                continue
            if a is not None and b is not None:
                js = [j for j in range(len(a)) if a[j] != b[j]] if len(a) == len(b) else []
            elif a is None:
                # A list prints only where an entry is not its default: the
                # default is the base word's bit, the toggled entry is not.
                js = [j for j in range(len(b)) if b[j] == 1 - was]
                lst[L]["default"] = was
            else:
                js = [0] if len(a) == 1 else []
            flips.append((L, js[0] if len(js) == 1 else None, len(a or b)))
        if len(flips) != 1 or flips[0][1] is None:
            return None, "%s %s: %s gives %s" % (cpu, d["text"], m, t)
        L, j, n = flips[0]
        lst[L]["bits"][j] = m
        lst[L]["n"] = n
        prints.append(m)
    for L in P_LISTS:
        if L in base:
            lst[L]["default"] = 1 - base[L][0]
        elif lst[L]["default"] is None and lst[L]["bits"]:
            lst[L]["default"] = P_BASE >> P_MOD_BITS[next(iter(lst[L]["bits"].values()))] & 1
        elif lst[L]["default"] is None:
            lst[L]["default"] = 0
    for i in range(3):
        if "src%d" % i not in role and changed(d["text"], d["pert"][i]) is None:
            zero.append("src%d" % i)
    return {"name": name, "op": op, "opnds": opnds, "print": prints, "zero": zero,
            "sext": [], "onopnd": onopnd, "lists": lst, "nsel": 0, "key": key}, None


def pick_types(rows):
    """One enum isa_type per source: the candidate a literal-probed level of the
    same name chose where one did, else by whether it takes float modifiers."""
    chosen = {}
    for cpu, r in rows:
        for k, o in enumerate(r["opnds"]):
            if isinstance(o[2], list) and len(o[2]) <= 2 and cpu not in ("gfx803", "gfx900"):
                chosen.setdefault((r["name"], k), set()).update(o[2])
    for cpu, r in rows:
        opnds = []
        for k, (field, regs, types, cls) in enumerate(r["opnds"]):
            if isinstance(types, list):
                i = field[-1]
                fl = "abs" + i in r["print"] or ("neg" + i in r["print"] and "neg" + i not in
                                                 r["sext"])
                pref = [t for t in types if t in chosen.get((r["name"], k), ())] or types
                if len(pref) > 1:
                    pref = [t for t in pref if ("F" in t) == fl] or pref
                types = pref[0]
            opnds.append((field, regs, types, cls))
        r["opnds"] = opnds


SHORT = {"abs0": "A0", "abs1": "A1", "abs2": "A2", "opsel0": "S0", "opsel1": "S1",
         "opsel2": "S2", "opsel3": "SD", "clamp": "CL", "omod0": "O0", "omod1": "O1",
         "neg0": "N0", "neg1": "N1", "neg2": "N2", "src0": "F0", "src1": "F1", "src2": "F2",
         "vdst": "FD", "high": "HI"}
ORDER = list(SHORT)


def c_mods(names):
    return "|".join(SHORT[n] for n in sorted(names, key=ORDER.index)) or "0"


def c_key(key):
    """KEY(name, weight of op_sel bit 0..3): byte_sel/index_key made of op_sel bits."""
    if not key:
        return "NOKEY"
    w = [key.get(b, 0) for b in ("opsel0", "opsel1", "opsel2", "opsel3")]
    return "KEY(%s, %d, %d, %d, %d)" % (key["name"].upper(), *w)


def c_opnd(o):
    field, regs, t, ci = o
    if field.startswith("ISA_VOP3_SRC"):
        return "SRC(%s, %d, %s, %d)" % (field[-1], regs, t[4:], ci)
    return "%s(%d)" % ({"ISA_VOP3_VDST": "VD", "ISA_VOP3_SDST8": "SD8",
                        "ISA_VOP3_SDST7": "SD7", "ISA_VOP3_ATTR": "ATTR",
                        "ISA_VOP3_PARAM": "PARAM"}[field], regs)


P_SHORT = {"neghi0": "PH0", "neghi1": "PH1", "neghi2": "PH2", "opsel0": "PS0", "opsel1": "PS1",
           "opsel2": "PS2", "opselhi2": "PSH2", "clamp": "PCL", "opselhi0": "PSH0",
           "opselhi1": "PSH1", "neg0": "PN0", "neg1": "PN1", "neg2": "PN2", "src0": "PF0",
           "src1": "PF1", "src2": "PF2", "vdst": "PFD"}


def p_mods(names):
    return "|".join(P_SHORT[n] for n in sorted(names, key=list(P_SHORT).index)) or "0"


def p_lists(lst):
    out = []
    for L in P_LISTS:
        v = lst[L]
        bits = [("P_" + P_SHORT[v["bits"][j]]) if j in v["bits"] else "-1"
                for j in range(v["n"])]
        out.append("{ %d, %d, { %s } }" % (v["n"], v["default"], ", ".join(bits) or "0"))
    return ", ".join(out)


def emit(rows_by_cpu, prows_by_cpu, vrows_by_cpu, vintrp, notes):
    rows = [(cpu, r) for cpu, rs in rows_by_cpu.items() for r in rs]
    prows = [(cpu, r) for cpu, rs in prows_by_cpu.items() for r in rs]
    pick_types(rows)
    pick_types(prows)
    classes = [(None, ())]

    def cls_index(cls):
        if cls and cls[1]:
            if cls not in classes:
                classes.append(cls)
            return classes.index(cls)
        return 0
    pmerged = {}
    for cpu, r in prows:
        opnds = tuple((f, n, t, cls_index(c)) for f, n, t, c in r["opnds"])
        key = (r["op"], r["name"], opnds, p_mods(r["print"]), p_mods(r["zero"]),
               p_mods(r["onopnd"]), p_lists(r["lists"]), c_key(r["key"]))
        pmerged.setdefault(key, []).append(LEVEL[cpu])
    def merge(rows):
        merged = {}
        for cpu, r in rows:
            opnds = [(field, regs, t, cls_index(cls)) for field, regs, t, cls in r["opnds"]]
            key = (r["op"], r["name"], tuple(opnds), tuple(sorted(r["print"])),
                   tuple(sorted(r["zero"])), tuple(sorted(r["sext"])), r["nsel"], c_key(r["key"]),
                   r.get("bus", 1))
            merged.setdefault(key, []).append(LEVEL[cpu])
        return merged
    vrows = [(cpu, r) for cpu, rs in vrows_by_cpu.items() for r in rs]
    pick_types(vrows)
    merged = merge(rows)
    vmerged = merge(vrows)
    out = []
    p = out.append
    p("// SPDX-License-Identifier: MIT")
    p("/*")
    p(" * GENERATED by scripts/isa/gen_vop3.py from llvm-objdump-19 (gfx803, gfx900,")
    p(" * gfx1010, gfx1030, gfx1100, gfx1200) and llvm-mc-19 (gfx600, gfx700); do not")
    p(" * edit: run `scripts/isa/gen_vop3.py > user/lib/isa/vop3_tables.c`.")
    p(" */")
    p('#include "isa/vop3.h"')
    p('#include "hw/levels.h"')
    p("")
    p("/* Modifier and field bits (enum in vop3.h), operands (struct isa_vop3_opnd). */")
    for k, v in SHORT.items():
        p("#define %s ISA_VOP3_M_%s" % (v, k.upper()))
    p("#define VD(n) { ISA_VOP3_VDST, n, ISA_B32, 0 }")
    p("#define SD8(n) { ISA_VOP3_SDST8, n, ISA_B32, 0 }")
    p("#define SD7(n) { ISA_VOP3_SDST7, n, ISA_B32, 0 }")
    p("#define ATTR(n) { ISA_VOP3_ATTR, n, ISA_B32, 0 }")
    p("#define PARAM(n) { ISA_VOP3_PARAM, n, ISA_B32, 0 }")
    p("#define SRC(i, n, type, cls) { ISA_VOP3_SRC##i, n, ISA_##type, cls }")
    p("#define KEY(k, w0, w1, w2, w3) { ISA_VOP3_KEY_##k, { w0, w1, w2, w3 } }")
    p("#define NOKEY { 0, { 0 } }")
    for k, v in P_SHORT.items():
        p("#define %s ISA_VOP3P_M_%s" % (v, k.upper()))
    for k, v in P_SHORT.items():
        if k.startswith(("neg", "opsel", "clamp")):
            p("#define P_%s ISA_VOP3P_B_%s" % (v, k.upper()))
    p("")
    p("const struct isa_vop3_class isa_vop3_classes[] = {")
    p("\t{ NULL, 0 },")
    for name, bad in classes[1:]:
        p('\t{ %s, %s },' % ('"%s"' % name if name else "NULL", " | ".join(bad)))
    p("};")
    p("")
    def vop3_rows(merged):
        for key in sorted(merged, key=lambda k: (k[0], k[1])):
            op, name, opnds, prints, zero, sext, nsel, ckey, bus = key
            lv = merged[key]
            p('\t{ 0x%03x, %s, "%s", %d, %d, %d, %s, %s, %s, %s, { %s } },'
              % (op, llvm.c_levels(lv), name, len(opnds), nsel, bus, c_mods(prints), c_mods(zero),
                 c_mods(sext), ckey, ", ".join(c_opnd(o) for o in opnds) or "{ 0 }"))
    p("const struct isa_vop3_op isa_vop3_ops[] = {")
    vop3_rows(merged)
    p("};")
    p("")
    p("const size_t isa_vop3_op_count = sizeof(isa_vop3_ops) / sizeof(isa_vop3_ops[0]);")
    p("")
    p("/* op_sel, op_sel_hi, neg_lo, neg_hi: entries, default, each entry's bit */")
    p("const struct isa_vop3p_op isa_vop3p_ops[] = {")
    for key in sorted(pmerged, key=lambda k: (k[0], k[1])):
        op, name, opnds, prints, zero, onopnd, lsts, ckey = key
        p('\t{ 0x%02x, %s, "%s", %d, %s, %s, %s, %s,' % (op, llvm.c_levels(pmerged[key]), name,
                                                         len(opnds), prints, zero, onopnd, ckey))
        p("\t  { %s }," % lsts)
        p("\t  { %s } }," % ", ".join(c_opnd(o) for o in opnds))
    p("};")
    p("")
    p("const size_t isa_vop3p_op_count = sizeof(isa_vop3p_ops) / sizeof(isa_vop3p_ops[0]);")
    p("")
    p("/* VINTERP (GFX11 on): the VOP3 row shape; wait_exp is printed by vop3.c */")
    p("const struct isa_vop3_op isa_vinterp_ops[] = {")
    vop3_rows(vmerged)
    p("};")
    p("")
    p("const size_t isa_vinterp_op_count = sizeof(isa_vinterp_ops) / sizeof(isa_vinterp_ops[0]);")
    p("")
    p("/* VINTRP (GFX6-GFX10.3) by opcode; v_interp_mov_f32 takes p10/p20/p0 for VSRC */")
    p("const char *const isa_vintrp_names[4] = {")
    for op in range(4):
        p('\t%s,' % ('"%s"' % vintrp[op] if op in vintrp else "NULL"))
    p("};")
    for n in notes:
        sys.stderr.write("not in the table: %s\n" % n)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- GFX6, GFX7
# llvm-objdump-19 has no GFX6/GFX7 disassembler: candidate mnemonics (those
# of the probed levels, and the v_* mnemonics of LLVM's own assembler tables
# in libLLVM) are assembled by llvm-mc-19 with each operand shape; a VOP3
# word it gives is the opcode's row, with the modifiers llvm-mc accepts.
SHAPES = [  # operand text, fields
    ("v4, v8, v16, v24", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("v4, v8, v16", ("VDST", "SRC0", "SRC1")),
    ("v4, v8", ("VDST", "SRC0")),
    ("v[4:5], v[8:9], v[16:17], v[24:25]", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("v[4:5], v[8:9], v[16:17]", ("VDST", "SRC0", "SRC1")),
    ("v[4:5], v[8:9], v16", ("VDST", "SRC0", "SRC1")),
    ("v[4:5], v[8:9]", ("VDST", "SRC0")),
    ("v[4:5], v8", ("VDST", "SRC0")),
    ("v4, v[8:9]", ("VDST", "SRC0")),
    ("v4, v[8:9], v16", ("VDST", "SRC0", "SRC1")),
    ("v[4:5], v8, v16, v[24:25]", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("v[4:7], v[8:9], v16, v[24:27]", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("v[4:5], v[8:9], v16, v[24:25]", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("s[4:5], v8, v16", ("SDST8", "SRC0", "SRC1")),
    ("s[4:5], v[8:9], v[16:17]", ("SDST8", "SRC0", "SRC1")),
    ("s[4:5], v[8:9], v16", ("SDST8", "SRC0", "SRC1")),
    ("v4, v8, v16, s[24:25]", ("VDST", "SRC0", "SRC1", "SRC2")),
    ("v4, s[6:7], v8, v16", ("VDST", "SDST7", "SRC0", "SRC1")),
    ("v4, s[6:7], v8, v16, s[24:25]", ("VDST", "SDST7", "SRC0", "SRC1", "SRC2")),
    ("v4, s[6:7], v8, v16, v24", ("VDST", "SDST7", "SRC0", "SRC1", "SRC2")),
    ("v[4:5], s[6:7], v[8:9], v[16:17], v[24:25]", ("VDST", "SDST7", "SRC0", "SRC1", "SRC2")),
    ("v[4:5], s[6:7], v8, v16, v[24:25]", ("VDST", "SDST7", "SRC0", "SRC1", "SRC2")),
    ("v4", ("VDST",)),
    ("", ()),
]
FIELD_BITS = {"VDST": (0, 7), "SDST8": (0, 7), "SDST7": (8, 14), "SRC0": (32, 40),
              "SRC1": (41, 49), "SRC2": (50, 58)}


def field_value(field, text):
    """The code operand TEXT of a shape has in FIELD (VGPRs are 256 on in a source)."""
    n = int(re.match(r"[sv]\[?(\d+)", text).group(1))
    return n + 256 if text.startswith("v") and field.startswith("SRC") else n


def assemble(cpu, lines):
    """llvm-mc-19 -show-encoding per line: (the text it prints, dwords), or (error, None)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.s")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        p = subprocess.run([llvm.MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu,
                            "-show-encoding", src], capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r"a\.s:(\d+):\d+: error: (.*)", p.stderr):
        errs.setdefault(int(m.group(1)), m.group(2))
    encs = iter(re.findall(r"^\t(.*?)\s*; encoding: \[([^\]]*)\]", p.stdout, re.M))
    res = []
    for n in range(1, len(lines) + 1):
        if n in errs:
            res.append((errs[n], None))
            continue
        text, enc = next(encs)
        b = bytes(int(x, 16) for x in enc.split(","))
        res.append((text, [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]))
    return res


def llvm_mnemonics():
    """The v_* mnemonics in libLLVM's assembler tables (the strings of llvm-mc's library)."""
    mc = os.path.realpath(subprocess.run(["which", llvm.MC], capture_output=True,
                                         text=True).stdout.strip())
    lib = [ln.split("=>")[1].split()[0] for ln in subprocess.run(
        ["ldd", mc], capture_output=True, text=True).stdout.splitlines() if "libLLVM" in ln]
    text = subprocess.run(["strings", lib[0]], capture_output=True, text=True).stdout
    return set(re.findall(r"(?<![a-z_])v_[a-z0-9_]+", text))


def gfx6_rows(cpu, probed):
    """Rows of CPU (gfx600, gfx700) from what llvm-mc-19 encodes."""
    known = {}  # name: a probed row (operands and types), its text
    for r in probed:
        known.setdefault(r["name"], r)
    names = set()
    for n in llvm_mnemonics() | set(known):
        b = re.sub(r"_(e32|e64|dpp|sdwa|e64_dpp)$", "", n)
        names.update((b + "_e64", b))
    lines, keys = [], []
    for n in sorted(names):
        for text, fields in SHAPES:
            lines.append(("%s %s" % (n, text)).strip())
            keys.append((n, text, fields))
    found = {}
    for (n, text, fields), (out, w) in zip(keys, assemble(cpu, lines)):
        if not w or len(w) != 2 or w[0] & 0xfc000000 != 0xd0000000:
            continue
        x = w[0] | w[1] << 32
        if any((x >> FIELD_BITS[f][0] & ((1 << (FIELD_BITS[f][1] - FIELD_BITS[f][0] + 1)) - 1))
               != field_value(f, o) for f, o in zip(fields, text.split(", "))):
            continue
        op = w[0] >> 17 & 0x1ff
        # The mnemonic llvm-mc prints back (aliases print their canonical name).
        name = out.split(" ")[0]
        prev = found.get(op)
        if prev and prev[1] != name:
            sys.stderr.write("%s: opcode 0x%x is %s and %s\n" % (cpu, op, prev[1], name))
        if prev is None or (prev[2], prev[3]) != (text, fields) and len(fields) > len(prev[3]):
            found[op] = (n, name, text, fields)
    # The printed name must assemble to the same word (v_nop_e64 prints as v_nop,
    # which llvm-mc encodes as VOP1): else the name that was assembled.
    items = sorted(found.items())
    back = assemble(cpu, [("%s %s" % (v[1], v[2])).strip() for _, v in items])
    asm = assemble(cpu, [("%s %s" % (v[0], v[2])).strip() for _, v in items])
    for (op, (n, name, text, fields)), (_, w), (_, w0) in zip(items, back, asm):
        if w != w0:
            found[op] = (n, n, text, fields)
    # Modifiers llvm-mc takes, one at a time.
    rows = []
    tests, tkeys = [], []
    for op, (_, n, text, fields) in sorted(found.items()):
        ops = text.split(", ") if text else []
        for f in fields:
            if f.startswith("SRC"):
                k = fields.index(f)
                for m, fmt in (("neg", "-%s"), ("abs", "|%s|")):
                    t = list(ops)
                    t[k] = fmt % t[k]
                    tests.append("%s %s" % (n, ", ".join(t)))
                    tkeys.append((op, m + f[3]))
        for m, suf in (("clamp", " clamp"), ("omod0", " mul:2"), ("omod1", " mul:4")):
            tests.append(("%s %s" % (n, text)).strip() + suf)
            tkeys.append((op, m))
        # One SGPR source: refused for the constant bus where the opcode reads
        # VCC or M0 itself (v_div_fmas, v_movrel*).
        k = [i for i, f in enumerate(fields) if f.startswith("SRC")]
        if k and not any(ops[i].startswith("s") for i in k):
            t = list(ops)
            t[k[0]] = "s[8:9]" if width(t[k[0]]) == 2 else "s8"
            tests.append("%s %s" % (n, ", ".join(t)))
            tkeys.append((op, "sgpr"))
    accepted, bus = {}, {}
    for key, (e, w) in zip(tkeys, assemble(cpu, tests)):
        if w and key[1] != "sgpr":
            accepted.setdefault(key[0], []).append(key[1])
        if key[1] == "sgpr":
            bus[key[0]] = 0 if not w and "constant bus" in e else 1
    for op, (_, n, text, fields) in sorted(found.items()):
        ref = known.get(n)
        ops = text.split(", ") if text else []
        opnds = []
        for k, f in enumerate(fields):
            regs = width(ops[k])
            if ref and k < len(ref["opnds"]) and ref["opnds"][k][0] == "ISA_VOP3_" + f:
                _, _, types, cls = ref["opnds"][k]
            else:
                types, cls = (["ISA_B64", "ISA_F64"] if regs == 2 else ["ISA_B32", "ISA_F32"]), None
            opnds.append(("ISA_VOP3_" + f, regs, types if f.startswith("SRC") else "ISA_B32",
                          cls))
        prints = accepted.get(op, [])
        allmods = ["abs0", "abs1", "abs2", "clamp", "omod0", "omod1", "neg0", "neg1", "neg2"]
        zero = [m for m in allmods if m not in prints]
        if "SDST7" in fields:
            zero = [m for m in zero if not m.startswith("abs")]
        zero += ["src%d" % i for i in range(3) if "SRC%d" % i not in fields]
        if "VDST" not in fields and "SDST8" not in fields:
            zero.append("vdst")
        rows.append({"name": n, "op": op, "opnds": opnds, "print": prints, "zero": zero,
                     "sext": [], "nsel": 0, "key": {}, "bus": bus.get(op, 1)})
    return rows


def vintrp_names():
    """VINTRP (GFX6-GFX10.3) opcode names, as gfx900 and gfx1030 print them."""
    names = {}
    for cpu, pre in (("gfx900", 0xd4000000), ("gfx1030", 0xc8000000)):
        for op, (t, _) in enumerate(objdump(cpu, [[pre | 5 << 18 | o << 16 | 1]
                                                  for o in range(4)])):
            if ok((t, 0)):
                n = t.split(" ")[0]
                assert names.get(op, n) == n, (cpu, t)
                names[op] = n
    return names


def main():
    rows, prows, vrows, notes = {}, {}, {}, []
    for cpu in CPUS:
        for fmt, row, out in (("vop3", row_vop3, rows), ("vop3p", row_vop3p, prows),
                              ("vinterp", row_vop3, vrows)):
            if (fmt == "vop3p" and cpu == "gfx803") or (fmt == "vinterp" and
                                                        cpu not in ("gfx1100", "gfx1200")):
                continue  # VOP3P is GFX9 on, VINTERP GFX11 on
            out[cpu] = []
            for op, d in sorted(probe(fmt, cpu).items()):
                r, note = row(cpu, op, d)
                if r:
                    out[cpu].append(r)
                else:
                    notes.append(note)
    probed = [r for rs in rows.values() for r in rs]
    for cpu in ("gfx600", "gfx700"):
        rows[cpu] = gfx6_rows(cpu, probed)
    save_cache()
    sys.stdout.write(emit(rows, prows, vrows, vintrp_names(), notes))


if __name__ == "__main__":
    main()
