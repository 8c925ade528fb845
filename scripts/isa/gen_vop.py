# SPDX-License-Identifier: MIT
"""
Generates user/lib/isa/vop_tables.c, the opcode table of the VOP1, VOP2,
VOPC and VOPD printers (user/lib/isa/vop.c), by probing llvm-objdump-19
(GFX8 to GFX12) and llvm-mc-19 (GFX6, GFX7: no disassembler there).

Per opcode it derives from LLVM's own text: the name, the operand list in
the order printed (which field each is, the implicit vcc, the K literal of
v_madmk/v_fmaak...), each operand's width and constant type, and whether
the SDWA, DPP and DPP8 forms decode.  Rows equal on several levels become
one row with a level mask.

    python3 scripts/isa/gen_vop.py > user/lib/isa/vop_tables.c
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from llvm import LEVEL_ORDER as ORDER, S_NOP, assemble, c_levels as mask, objdump  # noqa: E402

LEVELS = [("gfx803", "8"), ("gfx900", "9"), ("gfx1010", "10"), ("gfx1030", "10_3"),
          ("gfx1100", "11"), ("gfx1200", "12")]
VDST, SRC0, VSRC1, LIT = 30, 10, 20, 0x11111111


def safe_objdump(cpu, groups):
    """llvm-objdump-19 dies on some SDWA words; bisect to the one group."""
    try:
        return objdump(cpu, groups)
    except subprocess.CalledProcessError:
        if len(groups) == 1:
            return [(".long crash", 1)]
        h = len(groups) // 2
        return safe_objdump(cpu, groups[:h]) + safe_objdump(cpu, groups[h:])


# The three 32-bit encodings: the word of opcode OP with src0 code S0.
KINDS = {
    "VOP1": (range(0, 256), lambda op, s0, d=VDST: (0x3f << 25) | (d << 17) | (op << 9) | s0),
    "VOP2": (range(0, 0x3e), lambda op, s0, d=VDST: (op << 25) | (d << 17) | (VSRC1 << 9) | s0),
    "VOPC": (range(0, 256), lambda op, s0, d=VDST: (0x3e << 25) | (op << 17) | (VSRC1 << 9) | s0),
}

# Constant probes of a source: code, literal.  Their texts tell the type.
TYPE_PROBES = [(255, 0x12345678), (255, 0x3f800000), (255, 0x3fe00000), (255, 0x3c00),
               (240, 0), (248, 0), (193, 0)]
# What each type prints for TYPE_PROBES (a type is how LLVM decodes and
# prints an operand's constants: AMDGPUInstPrinter printImmediate*).
TYPE_SIGS = {
    ("0x12345678", "1.0", "0x3fe00000", "0x3c00", "0.5", "0.15915494", "-1"): "B32",
    ("0x12345678", "0x3f800000", "0.5", "0x3c00", "0.5", "0.15915494309189532", "-1"): "F64",
    ("0x12345678", "0x3f800000", "0x3fe00000", "0x3c00", "0.5", "0.15915494309189532", "-1"):
        "B64",
    ("0x5678", "0", "0", "1.0", "0.5", "0.15915494", "-1"): "F16",
    ("0x5678", "1.0", "0x0", "0x3c00", "0x3800", "0x3118", "-1"): "I16",
    ("0x12345678", "0x3f800000", "0x3fe00000", "1.0", "0.5", "0.15915494", "-1"): "V2F16",
    ("0x5678", "0", "0", "0x3c00", "0.5", "0.15915494", "-1"): "BF16",
}
K_PROBES = [0x12345678, 0x3f800000, 0x3c00, 0x3fe00000]
# The K of v_madmk/v_fmaak... prints as 32-bit hex on every level, f16 or not.
K_SIGS = {("0x12345678", "0x3f800000", "0x3c00", "0x3fe00000"): "B32"}
# A src0 that takes VGPRs only (v_readfirstlane_b32, v_movrels_b32 ...):
# LLVM still prints any other code, marked.
VGPR_ONLY = tuple(t + "/*Invalid immediate*/" for t in
                  ("0x12345678", "1.0", "0x3fe00000", "0x3c00", "0.5", "0.15915494", "-1"))

# The source modifier bits probed per opcode, (form, bit of the second
# dword); vop.h's enum vop_mod_slot has the same order.
MOD_SLOTS = [("SDWA", 20), ("SDWA", 21), ("SDWA", 19), ("SDWA", 28), ("SDWA", 29), ("SDWA", 27),
             ("SDWA", 13), ("SDWA", 14), ("DPP", 20), ("DPP", 21), ("DPP", 22), ("DPP", 23)]
# What a set bit does: LLVM refuses the word, prints the modifier, ignores
# the bit, or prints it as sext() (an integer operand's neg bit in DPP)
MOD_REFUSE, MOD_PRINT, MOD_IGNORE, MOD_SEXT = 0, 1, 2, 3

OPND = re.compile(r"^(v|s)(?:(\d+)|\[(\d+):(\d+)\])(\.l|\.h)?$")


def reg(text):
    """(file, first, regs) of v12, s[4:5], v3.l (regs 0: a 16-bit half)."""
    m = OPND.match(text)
    if not m:
        return None
    first = int(m.group(2) or m.group(3))
    n = 1 if m.group(2) else int(m.group(4)) - first + 1
    return m.group(1), first, 0 if m.group(5) else n


def shape(text):
    """The operand template of a probe's text: name, [(kind, regs)]."""
    name, _, rest = text.partition(" ")
    ops = []
    for o in [x for x in rest.split(", ") if x]:
        r = reg(o)
        if o in ("vcc", "vcc_lo"):
            ops.append(("C", 0))
        elif o == "0x11111111":
            ops.append(("K", 0))
        elif r and r[1] == VDST:
            ops.append(("D" if r[0] == "v" else "S", r[2]))
        elif r and r[0] == "v" and r[1] == SRC0:
            ops.append(("0", r[2]))
        elif r and r[0] == "v" and r[1] == VSRC1:
            ops.append(("1", r[2]))
        elif r and r[0] == "s" and r[1] == VSRC1:
            ops.append(("T", r[2]))
        else:
            raise SystemExit("unexpected operand %r in %r" % (o, text))
    return name, ops


def classify(sigs, table, what):
    t = table.get(tuple(sigs))
    if not t:
        raise SystemExit("unknown %s type signature %r" % (what, sigs))
    return t


def probe_level(cpu):
    """{(kind, op): row} for one processor."""
    rows = {}
    for kind, (ops, word) in KINDS.items():
        base = safe_objdump(cpu, [[word(op, 256 + SRC0), LIT] for op in ops])
        found = [(op, t, n) for op, (t, n) in zip(ops, base) if not t.startswith(".long")]
        # Operations without operands (v_nop, v_clrexcp, v_pipeflush) want vdst 0
        bare = safe_objdump(cpu, [[word(op, 256 + SRC0, 0), LIT] for op in ops])
        found += [(op, t, n) for op, (t, n), (b, _) in zip(ops, bare, base)
                  if b.startswith(".long") and " " not in t and not t.startswith(".long")]
        # Types: src0's constants; the K literal's (v_madmk ...)
        groups = []
        for op, _, _ in found:
            groups += [[word(op, code), lit, LIT] for code, lit in TYPE_PROBES]
        typed = safe_objdump(cpu, groups)
        kgroups = []
        for op, _, _ in found:
            kgroups += [[word(op, 256 + SRC0), k] for k in K_PROBES]
        ktexts = safe_objdump(cpu, kgroups)
        # GFX11's 16-bit operands take v0-v127 only (LLVM 19's "Lo128"
        # classes): a high source prints with a comment or refuses, a high
        # vdst refuses.  One probe per operand.
        his = [safe_objdump(cpu, [[w, LIT] for w in ws]) for ws in (
            [word(op, 256 + SRC0, 128 + VDST) for op, _, _ in found],
            [word(op, 256 + 128 + SRC0) for op, _, _ in found],
            [word(op, 256 + SRC0) | 128 << 9 for op, _, _ in found])]
        # A VGPR-only src0 given an SGPR: the register class LLVM names
        sgpr0 = safe_objdump(cpu, [[word(op, SRC0), LIT] for op, _, _ in found])
        # Forms: SDWA (GFX8-10.3), DPP (GFX8+), DPP8 (GFX10+)
        # SDWA: every sel DWORD, in the fields the kind has
        sdwa = {"VOP1": 6 << 8 | 6 << 16, "VOP2": 6 << 8 | 6 << 16 | 6 << 24,
                "VOPC": 6 << 16 | 6 << 24}[kind]
        dpp = 0xe4 << 8 | 0xff << 24
        forms = {
            "SDWA": lambda op: [word(op, 0xf9), SRC0 | sdwa],
            "DPP": lambda op: [word(op, 0xfa), SRC0 | dpp],
            "DPP8": lambda op: [word(op, 0xe9), SRC0],
        }
        form_res = {}
        for f, g in forms.items():
            form_res[f] = safe_objdump(cpu, [g(op) for op, _, _ in found])
        # What each modifier bit does: MOD_SLOTS' order
        mod_res = []
        for form, bit in MOD_SLOTS:
            src, base = (0xf9, sdwa) if form == "SDWA" else (0xfa, dpp)
            mod_res.append(safe_objdump(cpu, [[word(op, src), SRC0 | base | 1 << bit]
                                              for op, _, _ in found]))
        for i, (op, text, n) in enumerate(found):
            name, ops = shape(text)
            sig = []
            for t, _ in typed[i * len(TYPE_PROBES):(i + 1) * len(TYPE_PROBES)]:
                _, o = t.partition(" ")[0], t.partition(" ")[2].split(", ")
                src = [x for k, x in zip(ops, o) if k[0] == "0"]
                sig.append(src[0] if src else "")
            t0 = "B32"
            if tuple(sig) == VGPR_ONLY:
                ops = [("V" if k == "0" else k, n) for k, n in ops]
            elif any(k == "0" for k, _ in ops):
                t0 = classify(sig, TYPE_SIGS, name)
            tk = "B32"
            if any(k == "K" for k, _ in ops):
                ks = []
                for t, _ in ktexts[i * len(K_PROBES):(i + 1) * len(K_PROBES)]:
                    o = t.partition(" ")[2].split(", ")
                    ks.append([x for (k, _), x in zip(ops, o) if k == "K"][0])
                tk = classify(ks, K_SIGS, name + " K")
            fl = {f: not form_res[f][i][0].startswith(".long") and form_res[f][i][1] == 2
                  for f in forms}
            mods = []
            for slot, (form, _) in enumerate(MOD_SLOTS):
                t = mod_res[slot][i][0]
                base = form_res[form][i][0]
                act = (MOD_REFUSE if t.startswith(".long") else MOD_IGNORE if t == base else
                       MOD_SEXT if "sext(" in t and "sext(" not in base else MOD_PRINT)
                mods.append(act if fl[form] else None)
            lo = []
            for j, k in enumerate("D01"):
                t = his[j][i][0]
                lo.append(0 if k not in [x for x, _ in ops] else
                          2 if t.startswith(".long") else 1 if "_Lo128" in t else 0)
            if "V" in [k for k, _ in ops] and "VRegOrLds_32" in sgpr0[i][0]:
                ops = [("L" if k == "V" else k, n) for k, n in ops]
            rows[(kind, op)] = dict(name=name, ops=ops, t0=t0, tk=tk, forms=fl, mods=mods,
                                   lo128=lo)
    return rows


# Names of GFX6/GFX7 opcodes that no later level has (Southern and Sea
# Islands ISA guides, chapters "VOP2/VOP1/VOPC Instructions"; LLVM's
# VOP1Instructions.td, VOP2Instructions.td, VOPCInstructions.td SI/CI
# opcodes): candidates beside every later level's names.
SI_NAMES = ("v_readlane_b32 v_writelane_b32 v_add_i32 v_sub_i32 v_subrev_i32 v_addc_u32 "
            "v_subb_u32 v_subbrev_u32 v_mac_legacy_f32 v_min_legacy_f32 v_max_legacy_f32 "
            "v_lshr_b32 v_ashr_i32 v_lshl_b32 v_bcnt_u32_b32 v_mbcnt_lo_u32_b32 "
            "v_mbcnt_hi_u32_b32 v_ldexp_f32 v_cvt_pkaccum_u8_f32 v_cvt_pknorm_i16_f32 "
            "v_cvt_pknorm_u16_f32 v_cvt_pkrtz_f16_f32 v_cvt_pk_u16_u32 v_cvt_pk_i16_i32 "
            "v_bfm_b32 v_clrexcp v_rcp_clamp_f32 v_rcp_legacy_f32 v_rsq_clamp_f32 "
            "v_rsq_legacy_f32 v_rcp_clamp_f64 v_rsq_clamp_f64 v_log_clamp_f32 v_exp_legacy_f32 "
            "v_log_legacy_f32").split()
for _f in ("f32", "f64"):
    for _c in "f lt eq le gt lg ge o u nge nlg ngt nle neq nlt tru".split():
        SI_NAMES += ["v_cmps_%s_%s" % (_c, _f), "v_cmpsx_%s_%s" % (_c, _f)]
# Operand lists tried for a name no later level shows.
GENERIC = [("", ()), ("D0", (1, 1)), ("D0", (2, 2)), ("D0", (1, 2)), ("D0", (2, 1)),
           ("D01", (1, 1, 1)), ("DC01", (1, 0, 1, 1)), ("DC01C", (1, 0, 1, 1, 0)),
           ("SVT", (1, 1, 1)), ("D0T", (1, 1, 1)), ("C01", (0, 1, 1)), ("C01", (0, 2, 2)),
           ("C01", (0, 2, 1))]
PROBE_TEXT = {"D": "v%d" % VDST, "S": "s%d" % VDST, "0": "v%d" % SRC0, "V": "v%d" % SRC0,
              "L": "v%d" % SRC0,
              "1": "v%d" % VSRC1, "T": "s%d" % VSRC1, "C": "vcc", "K": "0x11111111"}


def assemble_each(cpu, lines):
    """llvm.assemble() with an s_nop 0 after each line: the encodings are
    matched to lines by the markers, not by counting error messages (a
    large batch with many refused lines loses that count)."""
    marked = []
    for line in lines:
        marked += [line, "s_nop 0"]
    words = [w for e in assemble(cpu, marked) if e for w in e]
    res, cur = [], []
    for w in words:
        if w == S_NOP:
            res.append(cur or None)
            cur = []
        else:
            cur.append(w)
    assert len(res) == len(lines)
    return res


def probe_text(name, tmpl, widths):
    ops = []
    for k, n in zip(tmpl, widths):
        t = PROBE_TEXT[k]
        if n > 1:
            first = int(t[1:])
            t = "%s[%d:%d]" % (t[0], first, first + n - 1)
        ops.append(t)
    if "T" in tmpl and tmpl[0] == "D":
        ops[1] = "s%d" % VSRC1  # one SGPR: the constant bus takes one
    return (name + " " + ", ".join(ops)).strip()


def suffix_type(name):
    for suf, t in (("f64", "F64"), ("f16", "F16"), ("i16", "I16"), ("u16", "I16")):
        if name.endswith(suf):
            return t
    return "B32"


def probe_si(cpu, later):
    """{(kind, op): row} for GFX6 or GFX7, from llvm-mc-19's encodings of
    every candidate name with the operand lists later levels print."""
    by_name = {}
    for lvl in ("8", "9", "10", "10_3", "11", "12"):
        for r in later[lvl].values():
            base = r["name"][:-4] if r["name"].endswith("_e32") else r["name"]
            by_name.setdefault(base, r)
    cands = []
    # SI names first: an alias a later level kept is then not chosen
    for base in SI_NAMES + [n for n in by_name if n not in SI_NAMES]:
        tries = []
        if base in by_name:
            r = by_name[base]
            tries.append((r["name"], "".join(k for k, _ in r["ops"]),
                          tuple(n for _, n in r["ops"]), r["t0"], r["tk"], r["lo128"]))
        for tmpl, w in GENERIC:
            for name in (base + "_e32", base):
                tries.append((name, tmpl, w, suffix_type(base), "B32", [0, 0, 0]))
        cands.append(tries)
    flat = [t for tries in cands for t in tries]
    encs = assemble_each(cpu, [probe_text(n, t, w) for n, t, w, _, _, _ in flat])
    rows = {}
    i = 0
    for tries in cands:
        at, i = i, i + len(tries)
        for (n, tmpl, w, t0, tk, lo128), e in zip(tries, encs[at:i]):
            if e is None or len(e) != 1 + ("K" in tmpl):
                continue
            if e[0] >> 25 == 0x3f:
                kind, op = "VOP1", e[0] >> 9 & 0xff
            elif e[0] >> 25 == 0x3e:
                kind, op = "VOPC", e[0] >> 17 & 0xff
            elif not e[0] >> 31:
                kind, op = "VOP2", e[0] >> 25
            else:
                continue
            if (kind == "VOPC") != tmpl.startswith("C"):
                continue        # an operand list of another encoding, taken as an alias
            if (kind, op) not in rows:
                ops = list(zip(tmpl, w))
                rows[(kind, op)] = dict(name=n, ops=ops, t0=t0, tk=tk, forms={}, lo128=lo128)
            break
    return rows


def vopd_word(x, y, sx0=256 + SRC0, vx1=VSRC1, sy0=0, vy1=0, lit=LIT):
    """VOPD (GFX11+): X and Y halves; vdstY's low bit is the complement of vdstX's."""
    return [0xc8000000 | x << 22 | y << 17 | vx1 << 9 | sx0,
            sy0 | vy1 << 9 | (VDST >> 1) << 17 | VDST << 24, lit]


VOPD_MOV = 8    # v_dual_mov_b32, in both halves: the other half of each probe


def probe_vopd(cpu):
    """{(op, half): row} of the VOPD halves (half "X" or "Y").  An operand a
    half does not have must be zero (LLVM refuses the word otherwise), so
    each opcode is tried with and without vsrc1; the other half is a mov."""
    rows = {}
    for half, n in (("X", 16), ("Y", 32)):
        def word(op, code=256 + SRC0, lit=LIT, vx1=VSRC1):
            if half == "X":
                return vopd_word(op, VOPD_MOV, code, vx1, lit=lit)
            return vopd_word(VOPD_MOV, op, 256 + SRC0, 0, code, vx1, lit)
        tries = safe_objdump(cpu, [word(op, vx1=v) for op in range(n) for v in (VSRC1, 0)])
        for op in range(n):
            with_src1, without = tries[2 * op], tries[2 * op + 1]
            text = with_src1[0] if not with_src1[0].startswith(".long") else without[0]
            if text.startswith(".long"):
                continue
            part = text.split(" :: ")[0 if half == "X" else 1]
            if half == "Y":     # vdstY probes as VDST | 1
                part = part.replace("v%d," % (VDST | 1), "v%d," % VDST, 1)
            name, ops = shape(part)
            sig = []
            for t, _ in safe_objdump(cpu, [word(op, c, lit, VSRC1 if "1" in dict(ops) else 0)
                                           for c, lit in TYPE_PROBES]):
                o = t.split(" :: ")[0 if half == "X" else 1].partition(" ")[2].split(", ")
                sig.append(o[[k for k, _ in ops].index("0")])
            rows[(op, half)] = dict(name=name, ops=ops, t0=classify(sig, TYPE_SIGS, name))
    return rows


def main():
    per, vopd = {}, {}
    for cpu, lvl in LEVELS:
        per[lvl] = probe_level(cpu)
        print("%s: %d opcodes" % (cpu, len(per[lvl])), file=sys.stderr)
    for cpu, lvl in (("gfx600", "6"), ("gfx700", "7")):
        per[lvl] = probe_si(cpu, per)
        print("%s: %d opcodes" % (cpu, len(per[lvl])), file=sys.stderr)
    for cpu, lvl in (("gfx1100", "11"), ("gfx1200", "12")):
        vopd[lvl] = probe_vopd(cpu)
    emit(per)
    emit_vopd(vopd)


def emit_vopd(vopd):
    merged = {}
    for lvl, rows in vopd.items():
        for (op, half), r in rows.items():
            k = (op, r["name"], tuple(r["ops"]), r["t0"])
            m = merged.setdefault(k, ({}, set()))
            m[0].setdefault(half, []).append(lvl)
            m[1].add(lvl)
    print()
    print("const struct vopd_op vopd_ops[] = {")
    for (op, name, ops, t0), (halves, lv) in sorted(merged.items()):
        assert all(sorted(x) == sorted(lv) for x in halves.values()), name
        print('\t{ 0x%02x, %s, %s, "%s", "%s", ISA_%s },' % (
            op, mask(lv), " | ".join("VOPD_" + h for h in sorted(halves)), name,
            "".join(k for k, _ in ops), t0))
    print("\t{ .name = NULL }")
    print("};")


def key(r):
    return (r["name"], tuple(r["ops"]), r["t0"], r["tk"], tuple(r["lo128"]))


def emit(per):
    """One row per opcode and set of levels that print it alike.  A level
    without SDWA or DPP has no say in those modifier slots (None), so it
    joins a row whatever they hold."""
    merged = {}
    for lvl in ORDER:
        for (kind, op), r in sorted(per[lvl].items()):
            mods = r.get("mods") or [None] * len(MOD_SLOTS)
            for g in merged.setdefault((kind, op, key(r)), []):
                if all(a is None or b is None or a == b for a, b in zip(g["mods"], mods)):
                    break
            else:
                g = dict(r=r, mods=[None] * len(MOD_SLOTS),
                         lv={"": [], "SDWA": [], "DPP": [], "DPP8": []})
                merged[(kind, op, key(r))].append(g)
            g["mods"] = [a if b is None else b for a, b in zip(g["mods"], mods)]
            g["lv"][""].append(lvl)
            for f, ok in r["forms"].items():
                if ok:
                    g["lv"][f].append(lvl)
    print("// SPDX-License-Identifier: MIT")
    print("/*")
    print(" * Generated by scripts/isa/gen_vop.py from llvm-objdump-19 and llvm-mc-19; do not edit:")
    print(" *   python3 scripts/isa/gen_vop.py > user/lib/isa/vop_tables.c")
    print(" */")
    print('#include "hw/levels.h"')
    print('#include "isa/vop.h"')
    print()
    print("const struct vop_op vop_ops[] = {")
    groups = [(kind, op, g) for (kind, op, _), gs in merged.items() for g in gs]
    for kind, op, g in sorted(groups, key=lambda x: (x[0], x[1], ORDER.index(x[2]["lv"][""][0]))):
        r, lv = g["r"], g["lv"]
        name = r["name"]
        e32 = name.endswith("_e32")
        if e32:
            name = name[:-4]
        tmpl = "".join(k for k, _ in r["ops"])
        regs = {k: n for k, n in r["ops"]}
        forms = ", ".join(mask(lv[f]) or "0" for f in ("SDWA", "DPP", "DPP8"))
        mods = sum((m or 0) << 2 * i for i, m in enumerate(g["mods"]))
        lo = sum(x << 2 * i for i, x in enumerate(r["lo128"]))
        src0 = [n for k, n in r["ops"] if k in "0VL"]
        print('\t{ %s, 0x%02x, %s, "%s", "%s", %d, %d, %d, ISA_%s, %s,\n\t  0x%06x, 0x%x, %s },' % (
            "VOP_" + kind[3:], op, mask(lv[""]), name, tmpl, regs.get("D", regs.get("S", 0)),
            src0[0] if src0 else 0, regs.get("1", regs.get("T", 0)), r["t0"],
            "true" if e32 else "false", mods, lo, forms))
    print("\t{ 0 }")
    print("};")


if __name__ == "__main__":
    main()
