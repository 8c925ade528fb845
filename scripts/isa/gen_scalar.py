# SPDX-License-Identifier: MIT
"""
Generates user/lib/isa/scalar_tables.c: per level, the scalar source operand
names (SSRC codes that are no SGPR or number), the SOP1, SOP2 and SOPC
opcodes (name, operand widths in dwords, how an inline 1/(2*pi) and a
literal print, i.e. the operand type) and the SOPK and SOPP opcodes (name, how
the SIMM16 prints) and s_sendmsg's message names, as llvm-objdump-19 decodes them
(GFX8 to GFX12) or llvm-mc-19 encodes them (GFX6, GFX7: the names of GFX8
and GFX9 that llvm-mc-19 -mcpu=gfx600/gfx700 assembles, at the opcode it
gives).  Usage: python3 scripts/isa/gen_scalar.py > user/lib/isa/scalar_tables.c
"""
import re
import sys

import llvm

CPUS = [("GFX8", "gfx803"), ("GFX9", "gfx900"), ("GFX10", "gfx1010"), ("GFX10_3", "gfx1030"),
        ("GFX11", "gfx1100"), ("GFX12", "gfx1200")]
OLD = [("GFX6", "gfx600"), ("GFX7", "gfx700")]
DST, SRC0, SRC1 = 4, 8, 16   # SGPRs the probes put in each field: tells the operands apart

# Field layouts of the first dword: (op shift, op bits, word of op, dst, src0, src1).
FORMATS = {
    "sop2": (23, 7, lambda op, d, a, b: 0x80000000 | op << 23 | d << 16 | b << 8 | a),
    "sop1": (8, 8, lambda op, d, a, b: 0xbe800000 | d << 16 | op << 8 | a),
    "sopc": (16, 7, lambda op, d, a, b: 0xbf000000 | op << 16 | b << 8 | a),
}


def operands(text, words):
    """{field: width} from the probe's text, by the SGPR number each field was given,
    and the operands' order: d (SDST), 0 (SSRC0), 1 (SSRC1), K (a literal constant),
    I (SSRC1 as s_set_gpr_idx_on's index mode), M (SSRC0 as a sendmsg message)."""
    res, shape = {}, ""
    for tok in text.split(" ", 1)[1].split(", ") if " " in text else []:
        m = re.match(r"s\[(\d+):(\d+)\]$|s(\d+)$", tok.strip())
        if m:
            first = int(m.group(1) or m.group(3))
            res[first] = int(m.group(2)) - first + 1 if m.group(2) else 1
            shape += {DST: "d", SRC0: "0", SRC1: "1"}[first]
        elif tok.strip().startswith("0x"):
            shape += "K" if words > 1 else "I"
        elif tok.strip().startswith("sendmsg("):
            shape += "M"
    return res, shape


def probe_ops(cpu, fmt):
    _, bits, word = FORMATS[fmt]
    ops = range(1 << bits)
    plain = llvm.objdump(cpu, [[word(op, DST, SRC0, SRC1)] for op in ops])
    # 248 (1/(2*pi)) in each source prints by the operand's type.
    c0 = llvm.objdump(cpu, [[word(op, DST, 248, SRC1)] for op in ops])
    c1 = llvm.objdump(cpu, [[word(op, DST, SRC0, 248)] for op in ops])
    # A literal in each: 16-bit operands print its low half.
    l0 = llvm.objdump(cpu, [[word(op, DST, 255, SRC1), 0x12345678] for op in ops])
    l1 = llvm.objdump(cpu, [[word(op, DST, SRC0, 255), 0x12345678] for op in ops])
    # An inline 31: LLVM marks it invalid in a register-only operand.
    i0 = llvm.objdump(cpu, [[word(op, DST, 159, SRC1)] for op in ops])
    i1 = llvm.objdump(cpu, [[word(op, DST, SRC0, 159)] for op in ops])
    res = {}
    for op, (t, words), (t0, _), (t1, _), (x0, _), (x1, _), (n0, _), (n1, _) in zip(
            ops, plain, c0, c1, l0, l1, i0, i1):
        if t.startswith(".long") or t == "<none>":
            continue
        name = t.split(" ")[0]
        w, shape = operands(t, words)

        def ty(inv_2pi, lit, imm):
            if "Invalid immediate" in imm:
                return "ISA_SREG"
            if "0x5678" in lit:
                return "ISA_I16" if "0x3118" in inv_2pi else "ISA_F16"
            return "ISA_B64" if "0.15915494309189532" in inv_2pi else "ISA_B32"
        res[op] = (name, w.get(DST, 0), w.get(SRC0, 0), w.get(SRC1, 0), ty(t0, x0, n0), ty(t1, x1, n1),
                   shape)
    return res


def probe_sopk(cpu):
    """SOPK opcode -> (name, shape, SDST width): d SDST, X SIMM16 in hex, L SIMM16 as
    a branch offset, H SIMM16 as hwreg(), T a 32-bit literal, V s_version's SIMM16."""
    ops = range(32)
    out = llvm.objdump(cpu, [[0xb0000000 | op << 23 | DST << 16 | 0x1234] for op in ops])
    res = {}
    for op, (t, words) in zip(ops, out):
        if t.startswith(".long") or t == "<none>" or (0xb0000000 | op << 23) >> 23 in (
                0x17d, 0x17e, 0x17f):
            continue  # SOP1, SOPC and SOPP share SOPK's top bits (formats.c: they come first)
        name = t.split(" ")[0]
        shape, width = "", 0
        for tok in re.split(r", (?![^(]*\))", t.split(" ", 1)[1]) if " " in t else []:
            tok = tok.strip()
            m = re.match(r"s\[(\d+):(\d+)\]$|s(\d+)$", tok)
            if m:
                shape += "d"
                width = int(m.group(2)) - int(m.group(1)) + 1 if m.group(2) else 1
            elif tok.startswith("hwreg("):
                shape += "H"
            elif words > 1:
                shape += "T"
            elif name == "s_version":
                shape += "V"
            elif tok == "0x1234":
                shape += "X"
            elif tok == "4660":
                shape += "L"
            else:
                raise SystemExit("%s: SOPK %d: unknown operand %r" % (cpu, op, tok))
        res[op] = (name, shape, width)
    return res


def old_sopk(cpu, ref):
    """GFX6/7: the GFX8 SOPK names llvm-mc-19 encodes, at the opcode it gives."""
    cands = {}
    for op, e in ref.items():
        cands.setdefault(e[0], e)
    text = {"d": None, "X": "0x1234", "L": "0x1234", "H": "hwreg(52, 8, 3)", "T": "0x1234",
            "V": "0x1234"}
    lines = []
    for name, (_, shape, w) in cands.items():
        toks = [("s%d" % DST if w == 1 else "s[%d:%d]" % (DST, DST + w - 1)) if ch == "d" else
                text[ch] for ch in shape]
        lines.append(name + " " + ", ".join(toks))
    res = {}
    for (name, e), enc in zip(cands.items(), llvm.assemble(cpu, lines)):
        if enc is not None and enc[0] >> 28 == 0xb:
            res[enc[0] >> 23 & 31] = e
    return res


SOPP_IMMS = [0, 1, 64, 65]


def probe_sopp(cpu):
    """SOPP opcode -> (name, shape): how LLVM prints SIMM16, told apart by the text of
    SIMM16 0, 1, 64 and 65 (see struct isa_sopp)."""
    ops = range(128)
    out = llvm.objdump(cpu, [[0xbf800000 | op << 16 | i] for op in ops for i in SOPP_IMMS])
    res = {}
    for op in ops:
        t = [out[op * len(SOPP_IMMS) + k][0] for k in range(len(SOPP_IMMS))]
        if t[0].startswith(".long") or t[0] == "<none>":
            continue
        name = t[0].split(" ")[0]
        arg = [x.split(" ", 1)[1] if " " in x else "" for x in t]
        if t[1].startswith(".long"):
            shape = "-"
        elif arg[0] == "" and arg[1] == "1":
            shape = "E"
        elif "vmcnt(" in arg[0]:
            shape = "W"
        elif "depctr_" in arg[0]:
            shape = "C"
        elif arg[0] == "0" and "instid0(" in arg[1]:
            shape = "A"
        elif arg[0].startswith("sendmsg("):
            shape = "M"
        elif arg[0] == "gpr_idx()":
            shape = "G"
        elif arg[0] == "0x0":
            shape = "X"
        elif arg[3] == "65":
            shape = "D"
        elif arg[3] == "0x41" and arg[2] == "64":
            shape = "I"
        else:
            raise SystemExit("%s: SOPP %d: unknown operand %r" % (cpu, op, arg))
        res[op] = (name, shape)
    return res


def old_sopp(cpu, ref):
    """GFX6/7: the GFX8 SOPP names llvm-mc-19 encodes, at the opcode it gives."""
    cands = {}
    for op, e in ref.items():
        cands.setdefault(e[0], e)
    lines = [n if shape in "-E" else n + " 0" for n, shape in cands.values()]
    res = {}
    for e, enc in zip(cands.values(), llvm.assemble(cpu, lines)):
        if enc is not None and enc[0] >> 23 == 0x17f and enc[0] & 0xffff == 0:
            res[enc[0] >> 16 & 0x7f] = e
    return res


def probe_msgs(cpu, sopp):
    """The messages s_sendmsg names: (id, op) -> (message, op name or None, prints the
    stream).  Before GFX11 SIMM16 holds id [3:0], op [6:4] and stream [9:8]; from GFX11 an
    8-bit id alone (LLVM 19 AMDGPUBaseInfo.cpp decodeMsg)."""
    op = next(o for o, (n, _) in sopp.items() if n == "s_sendmsg")
    vals = [v for v in range(1024) if not v & 0x80] if op < 32 else list(range(256))
    out = llvm.objdump(cpu, [[0xbf800000 | op << 16 | v] for v in vals])
    res = {}
    for v, (t, _) in zip(vals, out):
        m = re.match(r"s_sendmsg sendmsg\((MSG_\w+)(?:, (\w+))?(?:, (\d))?\)$", t)
        if m:
            key = (v & 0xf, v >> 4 & 7) if op < 32 else (v, 0)
            res[key] = (m.group(1), m.group(2), m.group(3) is not None)
    return res


def old_msgs(cpu, sopp, ref):
    """GFX6/7: the GFX8 messages llvm-mc-19 encodes the same."""
    op = next(o for o, (n, _) in sopp.items() if n == "s_sendmsg")
    keys = sorted(ref)
    lines = ["s_sendmsg sendmsg(%s%s%s)" % (ref[k][0], ", " + ref[k][1] if ref[k][1] else "",
                                            ", 0" if ref[k][2] else "") for k in keys]
    return {k: ref[k] for k, e in zip(keys, llvm.assemble(cpu, lines))
            if e and e[0] == 0xbf800000 | op << 16 | k[0] | k[1] << 4}


def probe_srcs(cpu):
    """SSRC code -> name, for codes that are neither an SGPR nor a number (s_add_u32 op 0)."""
    codes = list(range(102, 255))
    out = llvm.objdump(cpu, [[0x80000000 | c] for c in codes])
    names = {}
    for c, (t, _) in zip(codes, out):
        if t.startswith(".long"):
            continue
        name = re.sub(r"/\*.*?\*/", "", t).split(", ")[1].strip()
        if not re.match(r"^-?[0-9.]+$|^s\d+$", name):
            names[c] = name
    return names


def old_level(cpu, ref):
    """GFX6/7: the GFX8/9 names llvm-mc-19 encodes for CPU, at the opcode it gives."""
    res = {}
    for fmt, (shift, bits, word) in FORMATS.items():
        res[fmt] = {}
        cands = {}
        for table in ref:
            for op, e in table[fmt].items():
                cands.setdefault(e[0], e)
        lines = []
        for name, (n, d, a, b, _, _, shape) in cands.items():
            fields = {"d": (DST, d), "0": (SRC0, a), "1": (SRC1, b)}
            toks = []
            for ch in shape:
                imm = {"K": "0x1234", "I": "0x10", "M": "sendmsg(16, 0, 0)"}.get(ch)
                first, w = fields.get(ch, (0, 0))
                toks.append(imm or ("s%d" % first if w == 1 else
                                    "s[%d:%d]" % (first, first + w - 1)))
            lines.append(name + " " + ", ".join(toks))
        for (name, e), enc in zip(cands.items(), llvm.assemble(cpu, lines)):
            if enc is None:
                continue
            op = enc[0] >> shift & ((1 << bits) - 1)
            if enc[0] == word(op, DST if e[1] else 0, SRC0 if e[2] else 0, SRC1 if e[3] else 0):
                res[fmt][op] = e
    return res


def old_srcs(cpu, ref):
    """GFX6/7: the GFX8 source names llvm-mc-19 encodes at the same code."""
    codes = sorted(ref)
    encs = llvm.assemble(cpu, ["s_add_u32 s0, %s, s0" % ref[c] for c in codes])
    return {c: ref[c] for c, e in zip(codes, encs) if e and e[0] == 0x80000000 | c}


def main():
    tables = {}
    srcs = {}
    sopk = {}
    sopp = {}
    msgs = {}
    for lvl, cpu in CPUS:
        tables[lvl] = {fmt: probe_ops(cpu, fmt) for fmt in FORMATS}
        srcs[lvl] = probe_srcs(cpu)
        sopk[lvl] = probe_sopk(cpu)
        sopp[lvl] = probe_sopp(cpu)
        msgs[lvl] = probe_msgs(cpu, sopp[lvl])
    for lvl, cpu in OLD:
        tables[lvl] = old_level(cpu, [tables["GFX8"], tables["GFX9"]])
        srcs[lvl] = old_srcs(cpu, srcs["GFX8"])
        sopk[lvl] = old_sopk(cpu, sopk["GFX8"])
        sopp[lvl] = old_sopp(cpu, sopp["GFX8"])
        msgs[lvl] = old_msgs(cpu, sopp[lvl], msgs["GFX8"])
    o = sys.stdout
    o.write("// SPDX-License-Identifier: MIT\n")
    o.write("/* Generated by scripts/isa/gen_scalar.py from llvm-objdump-19 and llvm-mc-19: "
            "do not edit. */\n")
    o.write('#include "isa/scalar.h"\n\n')
    levels = [x for x, _ in OLD] + [x for x, _ in CPUS]
    for lvl in levels:
        o.write("static const struct isa_sname snames_%s[] = {\n" % lvl.lower())
        for c, n in sorted(srcs[lvl].items()):
            o.write('\t{ %d, "%s" },\n' % (c, n))
        o.write("\t{ 0, NULL }\n};\n\n")
    o.write("const struct isa_sname *const isa_snames[VSHARP_GFX_COUNT] = {\n")
    for lvl in levels:
        o.write("\t[VSHARP_%s] = snames_%s,\n" % (lvl, lvl.lower()))
    o.write("};\n\n")
    for lvl in [x for x, _ in OLD] + [x for x, _ in CPUS]:
        for fmt in FORMATS:
            o.write("static const struct isa_sop %s_%s[] = {\n" % (fmt, lvl.lower()))
            for op, (n, d, a, b, t0, t1, shape) in sorted(tables[lvl][fmt].items()):
                o.write('\t{ %d, "%s", "%s", %d, %d, %d, %s, %s },\n' % (op, n, shape, d, a, b,
                                                                      t0, t1))
            o.write("\t{ 0 }\n};\n\n")
    for lvl in levels:
        o.write("static const struct isa_sopk sopk_%s[] = {\n" % lvl.lower())
        for op, (n, shape, w) in sorted(sopk[lvl].items()):
            o.write('\t{ %d, "%s", "%s", %d },\n' % (op, n, shape, w))
        o.write("\t{ 0 }\n};\n\n")
    o.write("const struct isa_sopk *const isa_sopk[VSHARP_GFX_COUNT] = {\n")
    for lvl in levels:
        o.write("\t[VSHARP_%s] = sopk_%s,\n" % (lvl, lvl.lower()))
    o.write("};\n\n")
    for lvl in levels:
        o.write("static const struct isa_sopp sopp_%s[] = {\n" % lvl.lower())
        for op, (n, shape) in sorted(sopp[lvl].items()):
            o.write("\t{ %d, \"%s\", '%s' },\n" % (op, n, shape))
        o.write("\t{ 0 }\n};\n\n")
    o.write("const struct isa_sopp *const isa_sopp[VSHARP_GFX_COUNT] = {\n")
    for lvl in levels:
        o.write("\t[VSHARP_%s] = sopp_%s,\n" % (lvl, lvl.lower()))
    o.write("};\n\n")
    for lvl in levels:
        o.write("static const struct isa_msg msgs_%s[] = {\n" % lvl.lower())
        for (i, op), (n, opn, st) in sorted(msgs[lvl].items()):
            o.write('\t{ %d, %d, "%s", %s, %s },\n' % (i, op, n, '"%s"' % opn if opn else "NULL",
                                                      "true" if st else "false"))
        o.write("\t{ 0 }\n};\n\n")
    o.write("const struct isa_msg *const isa_msgs[VSHARP_GFX_COUNT] = {\n")
    for lvl in levels:
        o.write("\t[VSHARP_%s] = msgs_%s,\n" % (lvl, lvl.lower()))
    o.write("};\n\n")
    for fmt in FORMATS:
        o.write("const struct isa_sop *const isa_%s[VSHARP_GFX_COUNT] = {\n" % fmt)
        for lvl in [x for x, _ in OLD] + [x for x, _ in CPUS]:
            o.write("\t[VSHARP_%s] = %s_%s,\n" % (lvl, fmt, lvl.lower()))
        o.write("};\n\n")


main()
