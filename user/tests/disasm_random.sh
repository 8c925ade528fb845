#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `vsharp disasm` against llvm-objdump-19 on random words, per processor of
# the levels LLVM disassembles (gfx803, gfx900, gfx1010, gfx1030, gfx1100,
# gfx1200).  Each processor gets
#  - WORDS seeded random dwords (Python's Mersenne Twister, so every run
#    checks the same words), and
#  - per microcode format of its level (the first-dword patterns of
#    user/lib/isa/formats.c, read from that file), groups of four dwords
#    whose first has the format's pattern forced, EVERY value of its opcode
#    field (OPFIELD below, from the AMD ISA guides' "Microcode Formats"
#    chapters) and all other bits random, each group followed by four
#    s_nop 0 so both disassemblers start the next group together.  Every
#    opcode is hit with random fields because the opcode field is counted
#    through, not drawn; a word that an earlier pattern of the table takes
#    (formats.c: first match wins) is left out of its format's count.
# The words are written as one binary, assembled with llvm-mc-19 (.incbin)
# and disassembled by llvm-objdump-19 --mcpu=CPU and by
# `vsharp disasm --gfx CPU --file BIN`.  Per start address where vsharp
# prints an instruction, LLVM must start one there with the same text
# (blank runs folded, comments dropped) and length, else it is a mismatch;
# where LLVM prints .long there, that is a mismatch too.  Where LLVM decodes
# and vsharp prints .long, the instruction is "not yet covered": printed per
# format as a coverage line, not a failure.  vsharp starting an instruction
# inside one of LLVM's is a mismatch unless vsharp printed .long where LLVM's
# started (the coverage gap it follows from).
#
# GFX6 and GFX7 (gfx600, gfx700), which llvm-objdump-19 cannot disassemble:
# the same format groups; every instruction vsharp names, assembled by
# llvm-mc-19 -mcpu=CPU, must give back its words, but for SOP1/SOP2/SOPC/SOPK
# register fields LLVM's decoder does not read (the low bits of a misaligned
# SGPR tuple, the field of an operand the opcode lacks) where vsharp prints
# llvm-mc's words the same.
#
# Knobs: WORDS (random dwords per processor, default 1000000), CPUS (the
# processors, default all eight), FORMAT (only formats whose name contains
# it, e.g. SOPP), JOBS (processors at once, default 2), KEEP (keep the work
# directory), SEED.
set -u
VSHARP=${VSHARP:-build/san/vsharp}
export VSHARP
for tool in "${LLVM_MC:-llvm-mc-19}" "${LLVM_OBJDUMP:-llvm-objdump-19}" python3; do
	if ! command -v "$tool" >/dev/null; then
		echo "KTAP version 1"
		echo "1..0 # SKIP $tool not found; install it with: scripts/deps shaders"
		exit 1
	fi
done
exec python3 - "$(dirname "$0")/../.." <<'EOF'
import multiprocessing
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import array

ROOT = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "scripts", "isa"))
import llvm  # noqa: E402

VSHARP = os.environ["VSHARP"]
WORDS = int(os.environ.get("WORDS", "1000000"))
SEED = int(os.environ.get("SEED", "26"))
FORMAT = os.environ.get("FORMAT", "")
JOBS = int(os.environ.get("JOBS", "2"))
CPUS = os.environ.get("CPUS", "gfx803 gfx900 gfx1010 gfx1030 gfx1100 gfx1200 gfx600 gfx700").split()
LEVEL = {"gfx600": 6, "gfx700": 7, "gfx803": 8, "gfx900": 9, "gfx1010": 10, "gfx1030": 10.3,
         "gfx1100": 11, "gfx1200": 12}
S_NOP = llvm.S_NOP
GROUP, PAD = 4, 4
RANDOM_UNIT = 4096    # random words between s_nop runs: what a crash of llvm-objdump-19 costs
CHUNK = 1 << 17       # words per llvm-objdump-19 run
PER_FORMAT = 4096     # words per format at least; every opcode value at least once

# The opcode field of each format's first dword (hi, lo), per level where it moves.
OPFIELD = {
    "sop1": (15, 8), "sop2": (29, 23), "sopk": (27, 23), "sopc": (22, 16), "sopp": (22, 16),
    "vop1": (16, 9), "vop2": (30, 25), "vopc": (24, 17),
    "smem": lambda l: (26, 22) if l < 8 else (25, 18) if l < 12 else (20, 13),
    "vop3": lambda l: (25, 17) if l < 8 else (25, 16),
    "vop3p": (22, 16), "vinterp": lambda l: (17, 16) if l < 11 else (22, 16),
    "ldsdir": (21, 20), "vopd": (25, 17), "ds": (25, 18),
    "flat": lambda l: (25, 18) if l < 12 else (25, 14),
    "mubuf": lambda l: (25, 18) if l < 12 else (21, 14), "mtbuf": (18, 15),
    "mimg": lambda l: (25, 18) if l < 12 else (21, 14), "exp": (9, 4),
}


def formats_table():
    """Per level, [(mask, match, name)] in formats.c's order."""
    src = open(os.path.join(ROOT, "user/lib/isa/formats.c")).read()
    row = re.compile(r"\{ (0x[0-9a-f]+), (0x[0-9a-f]+), \d+, isa_print_(\w+) \},?\s*\\?"
                     r"\s*(?:/\* ([A-Z][A-Z0-9]*)[ ,*(])?")
    macro = re.search(r"#define SCALAR_ENCS(.*?)\n\n", src, re.S).group(1)
    scalar = [(int(m, 16), int(v, 16), p, c) for m, v, p, c in row.findall(macro)]
    tables = {}
    for name, body in re.findall(r"static const struct enc (encs_\w+)\[\] = \{(.*?)\n\};", src,
                                 re.S):
        t = scalar[:] if "SCALAR_ENCS" in body else []
        t += [(int(m, 16), int(v, 16), p, c) for m, v, p, c in row.findall(body)]
        tables[name] = t
    levels = {}
    for lvl, name in re.findall(r"\[VSHARP_GFX(\w+)\] = (encs_\w+)", src):
        levels[float(lvl.replace("_", "."))] = [
            (m, v, p, (c if c and not c.startswith("GFX") else p.upper()))
            for m, v, p, c in tables[name]]
    return levels


def classifier(table):
    """Format name per first-dword top 9 bits (every pattern lies in them)."""
    cls = []
    for top in range(512):
        w = top << 23
        cls.append(next((name for m, v, _, name in table
                         if m & ~0xff800000 == 0 and (w & m) == v), None))
    assert all(m & ~0xff800000 == 0 for m, _, _, _ in table)
    return cls


def format_groups(rng, table, level):
    """(name, [first dwords]) per format of the level."""
    out = []
    for i, (mask, match, printer, name) in enumerate(table):
        if FORMAT and FORMAT.lower() not in name.lower():
            continue
        f = OPFIELD[printer]
        hi, lo = f(level) if callable(f) else f
        n = 1 << (hi - lo + 1)
        reps = max(1, -(-PER_FORMAT // n))
        firsts = []
        for op in range(n):
            for _ in range(reps):
                w = rng.getrandbits(32) & ~mask | match
                w = w & ~(((1 << (hi - lo + 1)) - 1) << lo) | op << lo
                if (w & mask) != match or any((w & m) == v for m, v, _, _ in table[:i]):
                    continue  # the opcode field overlaps the pattern, or an earlier format takes it
                firsts.append(w)
        out.append((name, firsts))
    return out


COMMENT = re.compile(r"/\*.*?\*/")
LINE = re.compile(r"^\t(.*?)\s*// ([0-9A-F]+):((?: [0-9A-F]{8})+)")


def listing(text):
    """(word index, text, words) per instruction line of an objdump-style listing."""
    for line in text.splitlines():
        m = LINE.match(line)
        if m:
            yield (int(m.group(2), 16) // 4, " ".join(COMMENT.sub("", m.group(1)).split()),
                   len(m.group(3).split()))


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr[:300]))
    return p.stdout


def tame(words, level):
    """llvm-objdump-19 segfaults printing an SDWA dword whose dst_sel, src0_sel
    or src1_sel is 7: such a sel becomes 6."""
    if level >= 11:
        return
    for i in range(len(words) - 1):
        if words[i] >> 31 == 0 and words[i] & 0x1ff == 0xf9:
            for sh in (8, 16, 24):
                if words[i + 1] >> sh & 7 == 7:
                    words[i + 1] &= ~(1 << sh)


def build(cpu):
    """The words and their units: (start, length), each ending with PAD s_nop 0."""
    level = LEVEL[cpu]
    table = formats_table()[level]
    rng = random.Random("%s-%s" % (SEED, cpu))
    words = array.array("I")
    units = []
    if not FORMAT and level >= 8:
        for at in range(0, WORDS, RANDOM_UNIT):
            n = min(RANDOM_UNIT, WORDS - at)
            units.append((len(words), n + PAD))
            words.frombytes(rng.randbytes(4 * n))
            words.extend([S_NOP] * PAD)
        if sys.byteorder != "little":
            words.byteswap()    # randbytes are little-endian dwords
    starts = {}
    for name, firsts in format_groups(rng, table, level):
        starts[name] = []
        for w in firsts:
            starts[name].append(len(words))
            units.append((len(words), GROUP + PAD))
            words.append(w)
            words.extend(rng.getrandbits(32) for _ in range(GROUP - 1))
            words.extend([S_NOP] * PAD)
    tame(words, level)
    return table, words, units, starts


def disassemble(cpu, words, units, tmp):
    """llvm-objdump-19's listing of WORDS, disassembled in chunks of whole units.
    A unit llvm-objdump-19 crashes on is left out (becomes s_nop 0 for both)."""
    dropped = []

    def dis(us):
        s, e = us[0][0], us[-1][0] + us[-1][1]
        binf, src, obj = (os.path.join(tmp, "c" + x) for x in (".bin", ".s", ".o"))
        with open(binf, "wb") as f:
            f.write(le(words[s:e]))
        with open(src, "w") as f:
            f.write('.text\n.incbin "%s"\n' % binf)
        run([llvm.MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-filetype=obj", "-o", obj,
             src])
        p = subprocess.run([llvm.OBJDUMP, "-d", "--mcpu=" + cpu, obj], capture_output=True,
                           text=True)
        if p.returncode < 0 and len(us) > 1:
            return dis(us[:len(us) // 2]) + dis(us[len(us) // 2:])
        if p.returncode < 0:
            dropped.append(us[0])
            return []
        if p.returncode:
            raise RuntimeError("llvm-objdump-19: exit %d: %s" % (p.returncode, p.stderr[:300]))
        return [(at + s, text, n) for at, text, n in listing(p.stdout)]

    ref, chunk = [], []
    for u in units:
        chunk.append(u)
        if u[0] + u[1] - chunk[0][0] >= CHUNK:
            ref += dis(chunk)
            chunk = []
    if chunk:
        ref += dis(chunk)
    crashed = []
    for s, n in dropped:
        crashed.append(" ".join("%08X" % x for x in words[s:s + min(n, 8)]))
        words[s:s + n] = array.array("I", [S_NOP] * n)
    return ref, crashed


def le(words):
    b = array.array("I", words)
    if sys.byteorder != "little":
        b.byteswap()
    return b.tobytes()


def write(words, tmp, cpu):
    binf = os.path.join(tmp, cpu + ".bin")
    with open(binf, "wb") as f:
        f.write(le(words))
    return binf


def vsharp_listing(cpu, binf):
    out = run([VSHARP, "disasm", "--gfx", cpu, "--file", binf])
    res = []
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            at = int(m.group(2), 16) // 4
            n = len(m.group(3).split())
            text = " ".join(COMMENT.sub("", m.group(1)).split())
            res.append((at, text, n, not text.startswith(".long")))
    return res


def differential(cpu, tmp):
    table, words, units, _ = build(cpu)
    cls = classifier(table)
    ref, crashed = disassemble(cpu, words, units, tmp)
    mine = vsharp_listing(cpu, write(words, tmp, cpu))
    total, same = {}, {}
    bad = []
    after_gap = 0
    li = 0
    recent = []   # vsharp's last instructions: (start, words, known)

    def fmt(at):
        return cls[words[at] >> 23] or "none"

    for at, text, n, known in mine:
        recent = (recent + [(at, n, known)])[-8:]
        while li + 1 < len(ref) and ref[li + 1][0] <= at:
            li += 1
        lat, ltext, ln = ref[li] if ref else (-1, "", 0)
        if not known:
            continue
        w = " ".join("%08X" % x for x in words[at:at + max(n, 1)])
        if lat == at:
            if ltext.startswith(".long"):
                bad.append("0x%x: %s: vsharp \"%s\", llvm refuses" % (4 * at, w, text))
            elif ltext != text or ln != n:
                bad.append("0x%x: %s: vsharp \"%s\" (%d), llvm \"%s\" (%d)" %
                           (4 * at, w, text, n, ltext, ln))
            else:
                same[fmt(at)] = same.get(fmt(at), 0) + 1
        elif lat < at < lat + ln and any(s <= lat < s + k and not kn for s, k, kn in recent):
            after_gap += 1
            recent[-1] = (at, n, False)     # not compared: what follows it is no more
        else:
            bad.append("0x%x: %s: vsharp \"%s\" starts inside llvm's \"%s\" at 0x%x" %
                       (4 * at, w, text, ltext, 4 * lat))
    for at, text, n in ref:
        if not text.startswith(".long"):
            total[fmt(at)] = total.get(fmt(at), 0) + 1
    return len(words), total, same, bad, after_gap, crashed


# The register fields of the first dword of the scalar ALU formats (SDST, SSRC0, SSRC1).
OPERAND_FIELDS = {"SOP1": 0x007f00ff, "SOP2": 0x007fffff, "SOPC": 0x0000ffff,
                  "SOPK": 0x007f0000}


def dont_care(pairs, cpu, tmp):
    """Of (vsharp's words, llvm-mc's words, format): those where the words differ only in
    SOP1/SOP2/SOPC/SOPK register fields and vsharp prints llvm-mc's words with the same text.
    LLVM's decoder drops the low bits of a misaligned SGPR tuple and ignores the field of
    an operand the opcode does not have (s_getpc_b64's SSRC0); the GFX8+ cases of this
    test hold vsharp to the same reading."""
    cand = [(w, e) for w, e, f in pairs if f in OPERAND_FIELDS and len(w) == len(e) and
            (w[0] ^ e[0]) & ~OPERAND_FIELDS[f] == 0 and tuple(w[1:]) == tuple(e[1:])]
    if not cand:
        return set()
    words, starts = array.array("I"), []
    for w, e in cand:
        for x in (w, e):
            starts.append(len(words))
            words.extend(x)
            words.extend([S_NOP] * PAD)
    texts = {at: text for at, text, _, _ in vsharp_listing(cpu, write(words, tmp, cpu + "-dc"))}
    return {tuple(w) for k, (w, e) in enumerate(cand)
            if texts.get(starts[2 * k]) == texts.get(starts[2 * k + 1])}


def roundtrip(cpu, tmp):
    """GFX6/7: vsharp's text of each named instruction, assembled, gives its words."""
    table, words, _, starts = build(cpu)
    cls = classifier(table)
    mine = [m for m in vsharp_listing(cpu, write(words, tmp, cpu)) if m[3]]
    texts = {}
    for at, text, n, _ in mine:
        texts.setdefault(text, tuple(words[at:at + n]))
    lines = list(texts)
    encs = llvm.assemble(cpu, lines) if lines else []
    total, same, bad = {}, {}, []
    for at, text, n, _ in mine:
        f = cls[words[at] >> 23] or "none"
        total[f] = total.get(f, 0) + 1
    pairs = [(texts[t], e, cls[texts[t][0] >> 23]) for t, e in zip(lines, encs)
             if e is not None and tuple(e) != texts[t]]
    ignored = dont_care(pairs, cpu, tmp)
    for text, enc in zip(lines, encs):
        f = cls[texts[text][0] >> 23] or "none"
        if enc is None:
            bad.append("%s: \"%s\": llvm-mc refuses it" %
                       (" ".join("%08X" % x for x in texts[text]), text))
        elif tuple(enc) != texts[text] and texts[text] not in ignored:
            bad.append("%s: \"%s\": llvm-mc gives %s" % (
                " ".join("%08X" % x for x in texts[text]), text,
                " ".join("%08X" % x for x in enc)))
        else:
            same[f] = same.get(f, 0) + 1
    named = {}
    for name, st in starts.items():
        known = {m[0] for m in mine}
        named[name] = (sum(1 for s in st if s in known), len(st))
    return len(words), total, same, bad, len(lines), named, len(ignored)


def case(cpu):
    with tempfile.TemporaryDirectory() as tmp:
        if os.environ.get("KEEP"):
            tmp = tempfile.mkdtemp(prefix="disasm-random-")
        try:
            if LEVEL[cpu] < 8:
                return cpu, tmp, roundtrip(cpu, tmp), None
            return cpu, tmp, differential(cpu, tmp), None
        except Exception as e:  # reported as the case's failure
            return cpu, tmp, None, str(e)


def main():
    print("KTAP version 1")
    print("1..%d" % len(CPUS))
    with multiprocessing.Pool(JOBS) as pool:
        results = pool.map(case, CPUS)
    failed = 0
    for n, (cpu, tmp, res, err) in enumerate(results, 1):
        if os.environ.get("KEEP"):
            print("# %s: kept %s" % (cpu, tmp))
        if err:
            print("# %s: %s" % (cpu, err))
            print("not ok %d %s" % (n, cpu))
            failed += 1
            continue
        if LEVEL[cpu] < 8:
            nw, total, same, bad, uniq, named, ignored = res
            print("# %s: %d words, %d distinct instructions vsharp names, %d round-trip "
                  "through llvm-mc-19 (%d of them but for don't-care operand bits), %d do not" %
                  (cpu, nw, uniq, sum(same.values()), ignored, len(bad)))
            for name, (k, t) in named.items():
                print("# %s %-8s %6d/%-6d format words named (%.1f%%)" %
                      (cpu, name, k, t, 100.0 * k / t if t else 0))
        else:
            nw, total, same, bad, after_gap, crashed = res
            print("# %s: %d words, %d instructions LLVM decodes, %d of them vsharp prints the "
                  "same, %d mismatches, %d vsharp instructions after an uncovered one" %
                  (cpu, nw, sum(total.values()), sum(same.values()), len(bad), after_gap))
            for c in crashed:
                print("# %s: llvm-objdump-19 crashes on a unit, left out: %s ..." % (cpu, c))
            for name in sorted(total, key=lambda k: -total[k]):
                t, s = total[name], same.get(name, 0)
                print("# %s %-8s %7d/%-7d covered (%.1f%%)" % (cpu, name, s, t, 100.0 * s / t))
        for b in bad[:int(os.environ.get("SHOW", "10"))]:
            print("# %s mismatch %s" % (cpu, b))
        ok = not bad
        failed += not ok
        print("%s %d %s" % ("ok" if ok else "not ok", n, cpu))
    print("# %d of %d failed" % (failed, len(CPUS)) if failed else "# all %d passed" % len(CPUS))
    sys.exit(1 if failed else 0)


main()
EOF
