# SPDX-License-Identifier: MIT
"""
LLVM's AMDGPU tools as the oracle the disassembler's tables are generated
from: llvm-objdump-19 for what a word group decodes to, llvm-mc-19 for what
a line of assembly encodes to (GFX6 and GFX7, which llvm-objdump-19 cannot
disassemble).  Facts only: names, operand shapes and encodings as the tools
print them.
"""
import os
import re
import struct
import subprocess
import tempfile

MC = os.environ.get("LLVM_MC", "llvm-mc-19")
OBJDUMP = os.environ.get("LLVM_OBJDUMP", "llvm-objdump-19")
S_NOP = 0xBF800000  # s_nop 0 on every level: realigns the two disassemblers

_LINE = re.compile(r"^\t(.*?)\s*// ([0-9A-F]+):((?: [0-9A-F]{8})+)")


# The levels as hw/levels.h's GFX()/GFX_RANGE() spell them, lowest first.
LEVEL_ORDER = ["6", "7", "8", "9", "10", "10_3", "11", "12"]


def c_levels(levels):
    """GFX(...) | GFX_RANGE(...) of a set of levels ("9", "10_3" ...), in runs."""
    idx = sorted(LEVEL_ORDER.index(x) for x in levels)
    runs = []
    for i in idx:
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return " | ".join("GFX(%s)" % LEVEL_ORDER[a] if a == b else
                      "GFX_RANGE(%s, %s)" % (LEVEL_ORDER[a], LEVEL_ORDER[b]) for a, b in runs)


def objdump(cpu, groups, pad=4):
    """Disassembles word groups (lists of dwords) for CPU.  Each group is
    followed by PAD s_nop 0 so that the next group starts an instruction.
    Returns, per group, (text, words) of the instruction at its first word:
    text ".long 0x..." and words 1 where LLVM refuses it."""
    blob = bytearray()
    starts = []
    for g in groups:
        starts.append(len(blob))
        for word in list(g) + [S_NOP] * pad:
            blob += struct.pack("<I", word)
    with tempfile.TemporaryDirectory() as tmp:
        src, obj = os.path.join(tmp, "w.s"), os.path.join(tmp, "w.o")
        with open(os.path.join(tmp, "w.bin"), "wb") as f:
            f.write(blob)
        with open(src, "w") as f:
            f.write('.text\n.incbin "%s"\n' % os.path.join(tmp, "w.bin"))
        subprocess.run([MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-filetype=obj",
                        "-o", obj, src], check=True)
        out = subprocess.run([OBJDUMP, "-d", "--mcpu=" + cpu, obj], check=True,
                             capture_output=True, text=True).stdout
    at = {}
    for line in out.splitlines():
        m = _LINE.match(line)
        if m:
            text = re.sub(r"\s+", " ", m.group(1).strip())
            at[int(m.group(2), 16)] = (text, len(m.group(3).split()))
    return [at.get(s, ("<none>", 0)) for s in starts]


def assemble(cpu, lines):
    """Encodes each assembly line for CPU with llvm-mc-19 -show-encoding.
    Returns, per line, the list of dwords, or None where llvm-mc refuses it."""
    res = []
    # One process per batch; a refused line is found by its error's line number.
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.s")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        p = subprocess.run([MC, "-triple=amdgcn-amd-amdhsa", "-mcpu=" + cpu, "-show-encoding",
                            src], capture_output=True, text=True)
    bad = {int(m.group(1)) for m in re.finditer(r"a\.s:(\d+):\d+: error", p.stderr)}
    encs = iter(re.findall(r"encoding: \[([^\]]*)\]", p.stdout))
    for n, _ in enumerate(lines, 1):
        if n in bad:
            res.append(None)
            continue
        b = [int(x, 16) for x in next(encs).split(",")]
        res.append([int.from_bytes(bytes(b[i:i + 4]), "little") for i in range(0, len(b), 4)])
    return res
