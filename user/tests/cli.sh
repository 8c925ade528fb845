#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The vsharp command-line contract, as KTAP.  $VSHARP is the binary
# (default build/san/vsharp).
set -u
VSHARP=${VSHARP:-build/san/vsharp}
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

. "$(dirname "$0")/../../scripts/ktap.sh"

# expect NAME STATUS STDOUT-PATTERN -- ARGS: exit status and a grep -E pattern on stdout.
expect() {
	name=$1 status=$2 pattern=$3
	shift 4
	"$VSHARP" "$@" >"$out" 2>"$err"
	rc=$?
	r=0
	if [ "$rc" != "$status" ]; then
		echo "# $name: exit $rc, expected $status"
		r=1
	fi
	if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$out"; then
		echo "# $name: stdout lacks /$pattern/:"
		sed 's/^/#   /' "$out" | head -20
		r=1
	fi
	ok $r "$name"
}

# expect_err NAME PATTERN -- ARGS: exit 2, nothing on stdout, stderr matches.
expect_err() {
	name=$1 pattern=$2
	shift 3
	"$VSHARP" "$@" >"$out" 2>"$err"
	rc=$?
	r=0
	if [ "$rc" != 2 ]; then
		echo "# $name: exit $rc, expected 2"
		r=1
	fi
	if [ -s "$out" ]; then
		echo "# $name: wrote to stdout"
		r=1
	fi
	if ! grep -Eq -- "$pattern" "$err"; then
		echo "# $name: stderr lacks /$pattern/:"
		sed 's/^/#   /' "$err"
		r=1
	fi
	ok $r "$name"
}

echo "KTAP version 1"
echo "1..145"

# Published words (libdrm/IGT memcpy V#, Mesa raw buffer).
expect encode_gfx9_memcpy 0 '^0x00000000 0x00100000 0x00000000 0x00074fac$' -- \
	desc encode --gfx gfx9 --format 32_32_32_32_UINT --stride 16
expect encode_gfx1030_memcpy 0 '^0x00000000 0x00100000 0x00000000 0x1104bfac$' -- \
	desc encode --gfx gfx1030 --format 32_32_32_32_UINT --stride 16 --oob-select 1
expect encode_gfx11_memcpy 0 '^0x00000000 0x00100000 0x00000000 0x1003dfac$' -- \
	desc encode --gfx gfx11 --format 32_32_32_32_UINT --stride 16 --oob-select 1
expect encode_gfx12_igt 0 '^0x00000000 0x00100000 0x00000000 0x1203dfac$' -- \
	desc encode --gfx gfx1200 --format 32_32_32_32_UINT --stride 16 --oob-select 1 --compression
expect encode_gfx6_raw_default 0 '^0x00000000 0x00000000 0x00000000 0x00027fac$' -- \
	desc encode --gfx gfx601
expect encode_gfx10_raw_default 0 '^0x00000000 0x00000000 0x00000000 0x31016fac$' -- \
	desc encode --gfx gfx10
expect encode_gfx12_raw_default 0 '^0x00000000 0x00000000 0x00000000 0x30016fac$' -- \
	desc encode --gfx gfx12
expect encode_base_records 0 '^0x9abcdef0 0x00045678 0x00001000 0x31016fac$' -- \
	desc encode --gfx gfx10.3 --base 0x56789abcdef0 --num-records 4096 --stride 4
expect encode_equals_form 0 '^0x00000000 0x00000000 0x00000010 0x30016fac$' -- \
	desc encode --gfx=gfx11 --num-records=16
# X001: X = 4 in [2:0], 0, 0, 1 in [11:9]: 0x204.
expect encode_dst_sel 0 '^0x00000000 0x00000000 0x00000000 0x00027204$' -- \
	desc encode --gfx gfx9 --dst-sel X001
expect encode_gfx11_swizzle16 0 '^0x00000000 0xc0000000 0x00000000 0x0043ffac$' -- \
	desc encode --gfx gfx11 --format 32_32_32_32_FLOAT --swizzle --element-size 16 --index-stride 32 --oob-select 0
expect encode_field_override 0 '^0x00000000 0x00000000 0x00000000 0x08027fac$' -- \
	desc encode --gfx gfx9 --field nv=1
# AMD's spelling as desc decode prints it: SQ_BUF_RSRC_WORD3.NV is bit 27 (Mesa sid.h S_008F0C_NV).
expect encode_field_amd_name 0 '^0x00000000 0x00000000 0x00000000 0x08027fac$' -- \
	desc encode --gfx gfx9 --field SQ_BUF_RSRC_WORD3.NV=1
expect encode_field_base_hi 0 '^0x00005678 0x00001234 0x00000000 0x00027fac$' -- \
	desc encode --gfx gfx9 --base 0x5678 --field BASE_ADDRESS_HI=0x1234

# Resource kinds: Buffer<float4> of 1000 bytes is 62 texels (992 bytes on GFX8);
# word3 = DATA_FORMAT 14 << 15 | NUM_FORMAT 7 << 12 | XYZW 0xfac.
expect kind_typed_gfx9 0 '^0x00000000 0x00100000 0x0000003e 0x00077fac$' -- \
	desc kind --gfx gfx9 --kind typed --size 1000 --format 32_32_32_32_FLOAT
expect kind_typed_gfx8 0 '^0x00000000 0x00100000 0x000003e0 0x00077fac$' -- \
	desc kind --gfx gfx8 --kind typed --size 1000 --format 32_32_32_32_FLOAT
expect_err kind_structured_no_stride 'stride: structured element size 0' -- \
	desc kind --gfx gfx11 --kind structured --size 64

# Decode.
expect decode_lines 0 '^format: 32_32_32_32_UINT$' -- desc decode --gfx gfx11 0 0x00100000 0x40 0x1003dfac
expect decode_stride 0 '^stride: 16$' -- desc decode --gfx gfx11 0 0x00100000 0x40 0x1003dfac
expect decode_records 0 '^num_records: 64$' -- desc decode --gfx gfx11 0 0x00100000 0x40 0x1003dfac
expect decode_base 0 '^base: 0x1234deadbeef$' -- desc decode --gfx gfx9 0xdeadbeef 0x1234 0 0x00027fac
expect decode_dst_sel 0 '^dst_sel: X001$' -- desc decode --gfx gfx9 0 0 0 0x00027204
expect decode_oob 0 '^oob_select: 3$' -- desc decode --gfx gfx10 0 0 0 0x31016fac
expect decode_unbound 0 '^flags: unbound,invalid_format$' -- desc decode --gfx gfx12 0 0 0 0
# The extent NUM_RECORDS gives: a GFX9 structured access checks only index >= NUM_RECORDS,
# a raw one offset >= NUM_RECORDS (Vega ISA §8.1.5), so the new-user review's V#
# (stride 16, 1024 records) covers indices 0..1023 with IDXEN, 1 KiB without;
# GFX10 OOB_SELECT 3 (RAW) checks bytes (RDNA ISA, SQ_BUF_RSRC_WORD3.OOB_SELECT).
expect decode_extent_structured 0 '^extent: index < 1024 from 0x400000, offset not checked \(1024 records of 16 bytes: 0x400000\.\.0x404000, with IDXEN\)$' -- \
	desc decode --gfx gfx9 00400000 00100000 00000400 0x00074fac
expect decode_extent_structured_raw 0 '^extent: 0x400000\.\.0x400400 \(1024 bytes, without IDXEN\)$' -- \
	desc decode --gfx gfx9 00400000 00100000 00000400 0x00074fac
# composable_kernel's gfx1100 buffer resource (include/ck/ck.hpp
# CK_BUFFER_RESOURCE_3RD_DWORD 0x10020000 on gfx11): OOB_SELECT 1 checks the
# index only, so with stride 0 every offset is in range: `addr` agrees.
expect decode_extent_index_only 0 '^extent: index < 8192 from 0x0, offset not checked \(8192 records of 0 bytes: 0x0\.\.0x0, every access\)$' -- \
	desc decode --gfx gfx1100 0 0 0x2000 0x10020000
expect decode_extent_raw 0 '^extent: 0x1000\.\.0x1040 \(64 bytes, every access\)$' -- \
	desc decode --gfx gfx10 0x1000 0 0x40 0x31016fac
# IGT lib/amdgpu/amd_dispatch.c amdgpu_memcpy_dispatch_test: word1 (addr >> 32) |
# 0x100000, NUM_RECORDS 0x400 and word3 0x1104bfac (version 10), 0x1003dfac (11),
# 0x1203dfac (12); the test asserts all 16384 bytes of bo_dst are copied, so
# each V# covers 16 KiB: 1024 records of 16 bytes (OOB_SELECT 1: by index).
r=0
for v in gfx10:0x1104bfac gfx10.3:0x1104bfac gfx11:0x1003dfac gfx12:0x1203dfac; do
	"$VSHARP" desc decode --gfx "${v%%:*}" 0x00400000 0x00100000 0x400 "${v#*:}" >"$out" 2>"$err"
	grep -q '^extent: index < 1024 from 0x400000, offset not checked (1024 records of 16 bytes: 0x400000\.\.0x404000' "$out" ||
		{ echo "# $v: $(grep extent "$out")"; r=1; }
done
ok $r decode_extent_igt_memcpy
expect decode_resource_level 0 '^flags: resource_level_0$' -- desc decode --gfx gfx10 0 0 0 0x30016fac
expect decode_raw_field 0 '^SQ_BUF_RSRC_WORD3.RESOURCE_LEVEL\[24:24\]: 1 \(0x1\)$' -- desc decode --gfx gfx10 0 0 0 0x31016fac
expect decode_json 0 '"format": "32_FLOAT"' -- desc decode --json --gfx gfx9 0 0 0 0x00027fac
if command -v python3 >/dev/null; then
	"$VSHARP" desc decode --json --gfx gfx12 1 2 3 0x30016fac | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["base"] == "0x200000001" and d["num_records"] == 3 and d["fields"]["SQ_BUF_RSRC_WORD3.OOB_SELECT"] == {"value": 3, "hi": 29, "lo": 28, "enum": "OOB_SELECT_RAW"}, d
assert d["flags"] == [] and d["dst_sel"] == "XYZW" and d["stride_scale"] == 1, d'
	ok $? decode_json_parses
else
	echo "# python3 missing"
	ok 1 decode_json_parses
fi

# Errors: exit 2, a message naming the option or field.
expect_err err_format_gfx11 'format: 10_11_11_UNORM is not a buffer format on gfx11' -- \
	desc encode --gfx gfx11 --format 10_11_11_UNORM
expect_err err_run_list_unknown_suite "run: unknown suite 'nosuch'" -- run --list nosuch
# LDS direct and parameter loads are GFX11 (R3 §15.5.1 LDSDIR) and GFX12
# (R4 §15.5.1 VDSDIR) only; llvm-mc 19 refuses them on the other levels.
# --gfx with a processor emulates that processor; a level, its first one (hw/gfx.c, LLVM AMDGPUUsage).
expect run_emu_processor_gfx810 0 '^    # device: emu gfx810, ' -- run --device emu --gfx gfx810 smem
expect run_emu_level_gfx8 0 '^    # device: emu gfx8, ' -- run --device emu --gfx gfx8 smem
# A vsharp.ko mode the run cannot read is said, not taken for no module (run.rst "Alignment mode").
kdbg=$(mktemp -d)
mkdir -p "$kdbg/vsharp/emu0/vmid/1"
echo gfx9 >"$kdbg/vsharp/emu0/family"
echo bogus >"$kdbg/vsharp/emu0/vmid/1/alignment_mode"
expect run_emu_kmod_mode_unreadable 0 "^# kmod: .*alignment_mode reads 'bogus' .*: the run does not know vsharp.ko's mode" -- \
	run --device emu --gfx gfx9 --debugfs "$kdbg" smem
rm -rf "$kdbg"
# Bits in no GFX9 field (Mesa gfx9.json SQ_BUF_RSRC_WORD3: nothing at [26:24], [29:28]) are named.
expect desc_decode_reserved_bits_gfx9 0 '^reserved_bits: 0x00000000 0x00000000 0x00000000 0x15000000$' -- \
	desc decode --gfx gfx9 0 0 0 0x15027fac
# --help anywhere before "--" prints the verb's usage, whatever else is on the line.
expect help_after_other_options 0 '^usage: vsharp run ' -- run --device emu --help
expect help_after_addr_options 0 '^usage: vsharp addr ' -- addr --gfx gfx9 --op ds_read_b32 --help
expect_err err_run_allow_ldsdir_gfx9 -- '--allow-ldsdir: gfx9 has no LDS direct or parameter loads \(allowed with --gfx gfx11, gfx12, all\)' -- \
	run --device emu --gfx gfx9 --allow-ldsdir lds
# The emulated device leaves them out too, citing the guide, as a GPU run does.
expect run_emu_ldsdir_skipped 0 '# lds: SKIP [1-9][0-9]* cases: R3 defines lds_param_load for pixel waves only: .*\(§3\.4\.1 Table 5, §12\.2\)' -- \
	run --device emu --gfx gfx11 lds
expect_err err_stride_range 'stride: 16384 does not fit the 14-bit field on gfx9 \(allowed 0\.\.16383' -- \
	desc encode --gfx gfx9 --stride 16384
expect_err err_base_range -- '--base: .* out of range' -- desc encode --gfx gfx9 --base 0x1000000000000
expect_err err_not_number -- '--num-records: .* not a number' -- desc encode --gfx gfx9 --num-records 12abc
expect_err err_negative -- '--stride: .* not a number' -- desc encode --gfx gfx9 --stride -4
expect_err err_unknown_option -- '--bogus: unknown option' -- desc encode --gfx gfx9 --bogus
expect_err err_missing_gfx -- '--gfx: required' -- desc encode --stride 4
expect_err err_unknown_gfx 'gfx: unknown level .gfx13.' -- desc encode --gfx gfx13
expect_err err_oob_gfx9 -- '--oob-select: gfx9 has no OOB_SELECT' -- desc encode --gfx gfx9 --oob-select 0
expect_err err_dst_sel -- '--dst-sel: .XYZ. must be four of' -- desc encode --gfx gfx9 --dst-sel XYZ
expect decode_add_tid_none 0 '^format: NONE_FLOAT$' -- desc decode --gfx gfx9 0 0x00400000 0 0x00807fac
expect encode_add_tid_none 0 '^0x00000000 0x00400000 0x00000000 0x00805fac$' -- \
	desc encode --gfx gfx9 --add-tid --stride 64 --format NONE_SINT
expect dashdash_ends_options 0 '^num_records: 3$' -- desc decode --gfx gfx9 -- 1 2 3 4
expect_err kind_stride_needs_structured -- '--stride: only structured buffers' -- \
	desc kind --gfx gfx9 --kind raw --size 64 --stride 4
# addr: R3 Table 46 raw check; dwords 2 and 3 of a B128 at 56 of 64 bytes are out.
expect addr_json_b128 0 '"address": "0x38", "in_range": \[true, true, false, false\], "memviol": false' -- \
	addr --gfx gfx11 --op buffer_load_b128 --num-records 64 --offen --voffset 56 --json
expect addr_structured 0 '^address = base 0x10000 \+ soffset 8 \+ buffer_offset = 0x1005c$' -- \
	addr --gfx gfx11 --op buffer_load_b32 --base 0x10000 --num-records 64 --stride 16 \
	--idxen --vindex 3 --offen --voffset 32 --offset 4 --soffset 8
expect addr_dword_mode 0 '"address": "0x4", "in_range": \[true\], "memviol": false' -- \
	addr --gfx gfx9 --op buffer_load_dword --num-records 64 --offen --voffset 6 --align-mode dword --json
expect addr_strict_memviol 0 '"memviol": true' -- \
	addr --gfx gfx10 --op buffer_load_dwordx2 --num-records 64 --offen --voffset 4 --align-mode strict --json
expect addr_ds_read2 0 '"address": "0x104", "address1": "0x10c", "in_range": \[true, true\]' -- \
	addr --gfx gfx9 --op ds_read2_b32 --vaddr 0x100 --offset0 1 --offset1 3 --json
expect addr_rule_variant 0 '"in_range": \[true\]' -- \
	addr --gfx gfx10 --op buffer_load_dword --num-records 64 --offen --voffset 62 --rule gfx10_raw=offset_ge --json
expect rules_listing 0 '^gfx10_raw: ' -- rules
# rules and ops --json: the same lists as the text, as JSON.  LLVM 19 spells
# the GFX11 dword load buffer_load_b32 (llvm-mc-19 -mcpu=gfx1100
# -show-encoding prints it so); the GFX9 raw check of Vega ISA §8.1.5 leaves
# SOFFSET out (gfx9_raw_soffset=excluded).
python3 - "$VSHARP" <<'EOF'
import json, subprocess, sys
v = sys.argv[1]
def out(*a):
    return subprocess.run([v, *a], capture_output=True, text=True, check=True).stdout
ops = json.loads(out("ops", "--gfx", "gfx11", "--json", "--all"))["ops"]
text = [l.split() for l in out("ops", "--gfx", "gfx11", "--all").splitlines()]
assert [(o["name"], o["on"]) for o in ops] == [(n, f == "Y") for f, n in text], "ops"
assert {"name": "buffer_load_b32", "on": True} in ops, ops[:8]
r = json.loads(out("rules", "--json"))
names = [x["name"] for x in r["rules"] + r["documented"]]
listed = [l.split(":")[0] for l in out("rules").splitlines() if l and not l[0].isspace()
          and not l.endswith("):")]
assert names == listed, (names, listed)
g9 = next(x for x in r["rules"] if x["name"] == "gfx9_raw_soffset")
assert [c["name"] for c in g9["choices"] if "gfx9" in c["default_on"]] == ["excluded"], g9
EOF
ok $? rules_and_ops_json
# One JSON convention (cli.rst "JSON"): every address, in every verb, is a
# "0x" string, offsets and 32-bit values numbers.  The values: Vega ISA
# §8.1.5, base + sgpr_offset + (vgpr_offset + inst_offset) for a raw buffer;
# ds_read2_b32's ADDR + OFFSET0 * 4 per lane; a 64-bit atomic's return.
python3 - "$VSHARP" "$(dirname "$0")/data/radv-hang-ib-gfx9.txt" <<'EOF'
import json, re, subprocess, sys
vsharp, ib = sys.argv[1:]
def run(*args):
    return json.loads(subprocess.run([vsharp, *args], capture_output=True, text=True,
                                     check=True).stdout)
def walk(o, path=""):
    if isinstance(o, dict):
        for k, x in o.items():
            if k.endswith("address") or k in ("address1", "address_unaligned", "address1_unaligned",
                                              "dword_addresses",
                                              "base", "pgm_va", "atomic_return"):
                for y in x if isinstance(x, list) else [x]:
                    assert isinstance(y, str) and re.fullmatch("0x[0-9a-f]+", y), (path + k, y)
            elif k in ("offset", "index", "vaddr", "count", "header", "value", "reg"):
                assert isinstance(x, int), (path + k, x)
            walk(x, path + k + ".")
    elif isinstance(o, list):
        for x in o:
            walk(x, path)
a = run("addr", "--gfx", "gfx9", "--op", "buffer_store_dword", "--base", "0x123456789000",
        "--num-records", "64", "--offen", "--voffset", "8", "--offset", "4", "--soffset", "0x10",
        "--vdata", "0xdeadbeef", "--json")
assert a["address"] == a["address_unaligned"] == "0x12345678901c" and a["offset"] == 12, a
assert a["dword_addresses"] == ["0x12345678901c"], a
assert a["writes"] == [{"address": "0x12345678901c", "bytes": "efbeadde"}], a
d = run("addr", "--gfx", "gfx9", "--op", "ds_read2_b32", "--vaddr", "0x100", "--offset0", "1",
        "--offset1", "3", "--lanes", "2", "--vaddr-stride", "8", "--json")
assert d["lanes"][1]["address"] == "0x10c" and d["lanes"][1]["vaddr"] == 0x108, d
# A key keeps one type: the last lane's addresses 0x108 + 1 * 4 and + 3 * 4, as strings.
assert d["address_unaligned"] == "0x10c" and d["address1_unaligned"] == "0x114", d
# Without --mem the image holds byte i = i & 0xff: bytes 8..15 read as 0x0f0e0d0c0b0a0908.
x = run("addr", "--gfx", "gfx9", "--op", "buffer_atomic_swap_x2", "--num-records", "64",
        "--offen", "--voffset", "8", "--glc", "--vdata", "1,2", "--json")
assert x["atomic_return"] == "0xf0e0d0c0b0a0908", x
l = run("addr", "--gfx", "gfx9", "--op", "buffer_load_dword", "--num-records", "64", "--lds",
        "--m0", "0x10", "--json")
assert l["lds_address"] == "0x10" and l["lds_writes"][0]["address"] == "0x10", l
for o in (a, d, x, l, run("desc", "decode", "--gfx", "gfx9", "--json", "0x89000", "0x1234", "0x40",
                          "0x00027fac"),
          run("disasm", "--gfx", "gfx9", "--json", "--address", "0x123456789000", "0xbf810000"),
          run("ib", "decode", "--gfx", "gfx9", "--json", ib)):
    walk(o)
EOF
ok $? json_addresses_are_strings_in_every_verb
# A write whose value comes from memory is listed even when it equals the old
# bytes.  Vega ISA §8.1.9: the DMA copies the loaded dword (bytes 00 01 02 03
# of the pattern) to LDS M0[15:0] + lane * 4 = 0x100, which held 00 01 02 03;
# BUFFER_ATOMIC_ADD and DS_ADD_U32 "MEM[ADDR] += DATA" write back 0x03020100.
expect addr_lds_copy_equal_bytes 0 '^lds writes: 0x100: 00 01 02 03 \(was 00 01 02 03\)$' -- \
	addr --gfx gfx9 --op buffer_load_dword --lds --m0 0x100 --num-records 64
expect addr_atomic_identity_writes 0 '"atomic_return": 50462976, "writes": \[\{"address": "0x0", "bytes": "00010203"\}\]' -- \
	addr --gfx gfx9 --op buffer_atomic_add --num-records 64 --vdata 0x0 --glc --json
expect addr_ds_atomic_identity_writes 0 '"writes": \[\{"address": "0x0", "bytes": "00010203"\}\]' -- \
	addr --gfx gfx9 --op ds_add_u32 --vdata 0x0 --json
# ISA-C4 §9.1.9 "LDS_ADDR = LDSbase + M0[15:0] + inst_offset + TID*4": the text
# line shows each term (0x100 + 3 * 4 + 8 = 0x114); the dword copied is memory 8..11.
expect addr_lds_address_terms 0 '^lds: address = M0\[15:0\] 0x100 \+ lane 3 \* 4 \+ inst_offset 8 = 0x114, written$' -- \
	addr --gfx gfx9 --op buffer_load_dword --num-records 64 --lds --lane 3 --m0 0x100 --offset 8
# addr with data.  Memory is little-endian: bytes 55 66 77 88 at base + 4 load as 0x88776655.
expect addr_positional_vdesc_mem 0 '"vdst": \[2289526357\]' -- \
	addr --gfx gfx11 0x00001000 0x00000000 0x00000040 0x1003dfac --op buffer_load_b32 --offen --voffset 4 \
	--mem 1122334455667788 --json
# UNORM8 (D3D: c / 255, nearest): ff -> 1.0, 00 -> 0, 33 -> 0.2 (0x3e4ccccd), 80 -> 128/255 (0x3f008081).
expect addr_format_load_values 0 '"vdst": \[1065353216, 0, 1045220557, 1056997505\]' -- \
	addr --gfx gfx11 --op buffer_load_format_xyzw --format 8_8_8_8_UNORM --num-records 64 --offen --mem 'ff 00 33 80' --json
expect addr_store_writes 0 '"writes": \[\{"address": "0x6", "bytes": "efbeadde"\}\]' -- \
	addr --gfx gfx11 --op buffer_store_b32 --num-records 64 --offen --voffset 6 --vdata 0xdeadbeef --json
# cmpswap (DATA[0] new, DATA[1] compare): the pattern at 8 is 08 09 0a 0b = 0x0b0a0908.
expect addr_atomic_return 0 '"atomic_return": 185207048, "writes": \[\{"address": "0x8", "bytes": "07000000"\}\]' -- \
	addr --gfx gfx9 --op buffer_atomic_cmpswap --num-records 64 --offen --voffset 8 --glc --vdata 0x7,0x0b0a0908 --json
# ADDR64 with LLVM's V# {0, 0, 0, 0xf000} (SIInstrInfo.h RSRC_DATA_FORMAT): CLRX GcnMemHandling
# "ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET", "No range checking" (NUM_RECORDS 0 is in).
expect addr_addr64_llvm_rsrc 0 '"vaddr64": "0x100001000", "address": "0x100001004", "in_range": \[true\].*"vdst": \[3721182122\]' -- \
	addr --gfx gfx7 0 0 0 0xf000 --op buffer_load_dword --addr64 --vaddr64 0x100001000 --soffset 4 \
	--mem 11223344aabbccdd --json
expect_err addr_addr64_gfx8_refused 'addr64: gfx8 has no ADDR64 bit \(allowed on gfx6 and gfx7\)' -- \
	addr --gfx gfx8 0 0 0 0x27fac --op buffer_load_dword --addr64 --vaddr64 0x1000
expect_err addr_addr64_no_offen 'addr64: .*offen is not allowed' -- \
	addr --gfx gfx6 0 0 0 0xf000 --op buffer_load_dword --addr64 --offen
# gfx810 (Stoney) packs D16 (LLVM AMDGPU.td: no FeatureUnpackedD16VMem): 1.0 = 0x3c00, {0x3c00, 0x3c003c00}.
expect addr_d16_packed_gfx810 0 '"vdst": \[15360, 1006648320\]' -- \
	addr --gfx gfx810 --op buffer_load_format_d16_xyzw --format 8_8_8_8_UNORM --num-records 64 --offen \
	--mem 'ff 00 ff ff' --json
# No NACK, no status write: the TFE VGPR keeps 0xabcd even out of range.
expect addr_tfe_kept 0 '"tfe_status": 43981' -- \
	addr --gfx gfx10 --op buffer_load_dword --num-records 8 --offen --voffset 8 --tfe --vdst-init 0x1,0xabcd --json
# 0.5 * 255 = 127.5: D3D's "+0.5, drop the fraction" gives 0x80, truncation 0x7f.
expect addr_norm_store_default 0 '"bytes": "80"' -- \
	addr --gfx gfx9 --op buffer_store_format_x --format 8_UNORM --num-records 64 --offen --vdata 0x3f000000 --json
expect addr_norm_store_rule 0 '"bytes": "7f"' -- \
	addr --gfx gfx9 --op buffer_store_format_x --format 8_UNORM --num-records 64 --offen --vdata 0x3f000000 \
	--rule norm_store_round=toward_zero --json
# Dword stride 128 bytes (32 dwords), 8 lanes: dwords 0, 32, .., 224 are all bank 0 of 32
# (8-way) on GCN and on RDNA (LLVM AMDGPU.td FeatureLDSBankCount32; one CU's 32 banks in CU
# mode, R3 §12.1); banks 0 and 32 of gfx950's 64 (ISA-C4 §2.2.1), 4 lanes each (4-way).
expect addr_lds_banks_gfx9 0 '"processor": "gfx900", "banks": 32, "conflict_degree": 8' -- \
	addr --gfx gfx9 --op ds_read_b32 --lanes 8 --vaddr-stride 128 --json
expect addr_lds_banks_gfx11 0 '"banks": 32, "conflict_degree": 8' -- addr --gfx gfx11 --op ds_load_b32 --lanes 8 --vaddr-stride 128 --json
expect addr_lds_banks_gfx950 0 '"banks": 64, "conflict_degree": 4' -- addr --gfx gfx950 --op ds_read_b32 --lanes 8 --vaddr-stride 128 --json
# Stride 64 bytes (16 dwords), 8 lanes: dwords 0, 16, 32, .., 112.  gfx803 (and gfx8, its
# probe processor), FeatureLDSBankCount32: dword % 32 = 0, 16, 0, 16, .. -> 4 lanes on each
# of banks 0 and 16 (4-way).  gfx810 Stoney, FeatureLDSBankCount16: dword % 16 = 0 for all
# 8 lanes (8-way).
expect addr_lds_banks_gfx803 0 '"processor": "gfx803", "banks": 32, "conflict_degree": 4' -- \
	addr --gfx gfx803 --op ds_read_b32 --lanes 8 --vaddr-stride 64 --json
expect addr_lds_banks_gfx8 0 '"processor": "gfx803", "banks": 32, "conflict_degree": 4' -- \
	addr --gfx gfx8 --op ds_read_b32 --lanes 8 --vaddr-stride 64 --json
expect addr_lds_banks_gfx810 0 '"processor": "gfx810", "banks": 16, "conflict_degree": 8' -- \
	addr --gfx gfx810 --op ds_read_b32 --lanes 8 --vaddr-stride 64 --json
expect addr_lds_banks_gfx810_text 0 '^banks: 16 \(gfx810\); conflict degree 8 ' -- \
	addr --gfx gfx810 --op ds_read_b32 --lanes 8 --vaddr-stride 64
# LLVM 19's own view of the bank count, per processor that has v_interp: on a
# 16-bank LDS llc lowers llvm.amdgcn.interp.p1 to the early-clobber
# V_INTERP_P1_F32_16bank, so its VDST differs from its VSRC (ISA-V §10.3.2: "VSRC
# must not be the same register as VDST because 16-bank LDS chips implement
# v_interp_p1 as a macro of two instructions"); with 32 banks llc reuses v0.
interp=$(mktemp)
cat >"$interp" <<'EOF_LL'
define amdgpu_ps float @f(float %i, i32 inreg %m0) {
  %r = call float @llvm.amdgcn.interp.p1(float %i, i32 0, i32 0, i32 %m0)
  ret float %r
}
declare float @llvm.amdgcn.interp.p1(float, i32, i32, i32)
EOF_LL
r=0
for cpu in gfx600 gfx601 gfx602 gfx700 gfx701 gfx702 gfx703 gfx704 gfx705 \
	   gfx801 gfx802 gfx803 gfx805 gfx810 gfx900 gfx902 gfx904 gfx906 gfx908 gfx909 gfx90c \
	   gfx1010 gfx1011 gfx1012 gfx1013 gfx1030 gfx1031 gfx1032 gfx1033 gfx1034 gfx1035 gfx1036; do
	form=$(${LLC:-llc-19} -mtriple=amdgcn -mcpu="$cpu" -o - "$interp" 2>&1 |
	       sed -n 's/.*v_interp_p1_f32[_e32]* \(v[0-9]*\), \(v[0-9]*\),.*/\1 \2/p')
	case $form in
	"v0 v0") want=32 ;;
	v*" v"*) want=16 ;;
	*) echo "# $cpu: llc gave no v_interp_p1_f32"; r=1; continue ;;
	esac
	got=$("$VSHARP" addr --gfx "$cpu" --op ds_read_b32 --lanes 2 --json 2>"$err" |
	      sed -n 's/.*"banks": \([0-9]*\),.*/\1/p')
	if [ "$got" != "$want" ]; then
		echo "# $cpu: llc's v_interp_p1_f32 is $form (a $want-bank LDS), vsharp says '$got' banks"
		r=1
	fi
done
rm -f "$interp"
ok $r addr_lds_banks_llvm_interp
# RDNA4 §3.3.5.1: a b128 at 0x3f8 of 1 KiB reads its two in-range dwords, zeros, MEMVIOL.
expect addr_gfx12_lds_partial 0 '"in_range": \[true, true, false, false\], "memviol": true, .*"vdst": \[4227529208, 4294901244, 0, 0\]' -- \
	addr --gfx gfx12 --op ds_load_b128 --vaddr 0x3f8 --lds-size 1024 --json
# R3/R4 §12.4: M0[18:16] = 4 is a signed byte; the pattern puts 0x80 at 0x80.
expect addr_lds_direct_sbyte 0 '^vdst\[0\] = 0xffffff80' -- addr --gfx gfx12 --op ds_direct_load --m0 0x40080
# R3 §12.2.1: new_prim_mask 0110 puts quad 1 (lane 4) in primitive 1 of 3:
# 0x80 + 4 * (1 * 3 * 12 + 12 + 0 + 1) = 0x144; lane 3 gets 0.0 without a read.
expect addr_lds_param_quads 0 '"lane": 3, .*"no_access": true.*"lane": 4, "vaddr": 0, "address": "0x144"' -- \
	addr --gfx gfx11 --op lds_param_load --m0 0x30080 --attr 1 --attr-chan y --lanes 5 --json
expect_err addr_lds_direct_attr '--attr: lds_direct_load reads no attribute' -- \
	addr --gfx gfx11 --op lds_direct_load --m0 0x20040 --attr 3
expect_err addr_lds_direct_type 'm0: LDS direct data type M0\[18:16\] is 3' -- \
	addr --gfx gfx11 --op lds_direct_load --m0 0x30040
expect_err addr_vdesc_count 'V#: 3 dwords given \(allowed exactly 4' -- addr --gfx gfx9 0 0 0 --op buffer_load_dword
expect_err addr_vdesc_ambiguous "V#: argument 4: '10' is ambiguous" -- addr --gfx gfx9 0 0 0 10 --op buffer_load_dword
expect_err addr_mem_odd '--mem: an odd number of hex digits' -- addr --gfx gfx9 --op buffer_load_dword --mem 123
expect_err addr_lanes_buffer '--lanes: buffer_load_dword runs one --lane \(allowed with DS instructions' -- \
	addr --gfx gfx9 --op buffer_load_dword --lanes 4
expect rules_documented 0 '^addtid_m0: DS ADDTID adds M0\[15:0\]' -- rules
expect_err addr_offset_range -- 'offset: 4096 does not fit the 12-bit instruction offset on gfx9' -- \
	addr --gfx gfx9 --op buffer_load_dword --offset 4096
expect_err addr_wrong_level 'op: gfx11 has no buffer_load_dword' -- addr --gfx gfx11 --op buffer_load_dword
expect_err addr_voffset_without_offen '--voffset: buffer_load_dword reads no offset VGPR without --offen \(allowed with --offen\)' -- \
	addr --gfx gfx9 --op buffer_load_dword --voffset 4
expect_err addr_vindex_without_idxen '--vindex: buffer_load_dword reads no index VGPR without --idxen \(allowed with --idxen\)' -- \
	addr --gfx gfx9 --op buffer_load_dword --vindex 1
# An operand the instruction does not read is refused, naming the option and
# what reads it (cli.rst "vsharp addr"), each of these once accepted and ignored.
r=0
while read -r opt op args; do
	"$VSHARP" addr --gfx gfx9 --op "$op" $args >"$out" 2>"$err"
	rc=$?
	if [ "$rc" != 2 ] || [ -s "$out" ] || ! grep -Eq -- "^vsharp: $opt: $op .*\(allowed with " "$err"; then
		echo "# addr --op $op $args: exit $rc: $(cat "$err")"
		r=1
	fi
done <<'EOF'
--vaddr buffer_load_dword --vaddr 4
--offset0 buffer_load_dword --offset0 4
--attr buffer_load_dword --attr 2
--lds-size buffer_load_dword --lds-size 4
--tformat buffer_load_dword --tformat 32_UINT
--m0 buffer_load_dword --m0 5
--vdata buffer_load_dword --vdata 0x5
--glc buffer_load_dword --glc
--soffset ds_read_b32 --soffset 4
--idxen ds_read_b32 --idxen
--glc ds_read_b32 --glc
--tfe ds_read_b32 --tfe
--vaddr-stride ds_read_b32 --vaddr-stride 4
--vaddrs buffer_load_dword --vaddrs 1,2
--vdata ds_append --vdata 1
--num-records ds_read_b32 --num-records 4
EOF
ok $r addr_unread_operands_refused
# The same options where the instruction reads them.
expect addr_read_operands_taken 0 '"lds_address": "0x4", "lds_written": true' -- \
	addr --gfx gfx9 --op buffer_load_dword --num-records 64 --lds --m0 4 --lds-size 1024 --json
# vsharp ops lists S_BUFFER_LOAD (SMEM); addr says it does not run it, not that it is no buffer op.
expect_err addr_smem_refused '--op: s_buffer_load_dword is an S_BUFFER_LOAD \(SMEM\), which vsharp addr does not run \(allowed: MUBUF, MTBUF and DS' -- \
	addr --gfx gfx9 --op s_buffer_load_dword --num-records 64
# LDS is at most 64 KiB (--lds-size): bytes past it would be dropped silently.
expect_err addr_ds_mem_past_lds_size '--mem: 5 bytes given for an LDS allocation of 4 bytes \(allowed up to --lds-size, at most 65536\)' -- \
	addr --gfx gfx9 --op ds_read_b32 --mem 0102030405 --lds-size 4
memf=$(mktemp)
head -c 65537 /dev/zero >"$memf"
expect_err addr_ds_mem_past_64k '--mem: 65537 bytes given for an LDS allocation of 65536 bytes' -- \
	addr --gfx gfx9 --op ds_read_b32 --mem-file "$memf"
rm -f "$memf"
# 0xfffffffff000 + SOFFSET 0x1000 = 2^48: no GPU virtual address has 49 bits.
expect addr_past_48_bits 0 '^note: dword 0 at 0x1000000000000 is past 48 bits' -- \
	addr --gfx gfx9 --op buffer_load_dword --base 0xfffffffff000 --soffset 0x1000 --num-records 64
expect_err addr_bad_rule 'rule: gfx10_raw takes bogus \(allowed payload_bytes, payload_dwords, offset_ge\)' -- \
	addr --gfx gfx10 --op buffer_load_dword --rule gfx10_raw=bogus
# Chip names as bring-up tools print them (kernel amdgpu_asic_name[], umr, Mesa).
expect gfx_asic_umr 0 '^gfx: gfx8$' -- desc decode --gfx polaris11 0 0 0 0x00027fac
expect gfx_asic_kernel 0 '^gfx: gfx10.3$' -- desc decode --gfx SIENNA_CICHLID 0 0 0 0x31016fac
expect gfx_asic_mesa 0 '^gfx: gfx11$' -- desc decode --gfx NAVI31 0 0 0 0x10020000
expect_err verb_after_options "unknown verb '--gfx': options come after the verb, here 'vsharp desc decode --gfx" -- \
	--gfx gfx9 desc decode 0 0 0 0
expect_err err_decode_count '3 dwords are not whole descriptors \(allowed 4 per V#' -- desc decode --gfx gfx9 1 2 3
expect decode_several 0 '^extent: 0x1000..0x1040 \(64 bytes, every access\)$' -- desc decode --gfx gfx9 --index 1 0 0 0 0x00027fac 0x1000 0 0x40 0x00027fac
expect_err err_decode_index '--index: .2. is not a descriptor of the input \(allowed 0..1\)' -- desc decode --gfx gfx9 --index 2 0 0 0 0x00027fac 0x1000 0 0x40 0x00027fac

# ib: PM4 command buffers.  Expected words are the peers' (libdrm
# shader_test_util.c, Linux gfx_v9_0_emit_mem_sync): the kernel's GFX9
# CP_COHER_CNTL, RSRC1 0x000C0041, RSRC2 0x90.
ibdir=$(mktemp -d)
expect ib_example_gfx9_acquire 0 '^0xc0055802 0x28c40000 0xffffffff 0x000000ff 0x00000000 0x00000000 0x0000000a  # ACQUIRE_MEM$' -- \
	ib example --gfx gfx9
"$VSHARP" ib example --gfx gfx11 --wave32 >"$ibdir/w32.txt"
expect ib_decode_example_wave32 0 '^        state: wave32 pgm_va=0x800000001000 vgprs=8 sgprs=128 user_sgprs=8 tgid=x' -- \
	ib decode --gfx gfx11 "$ibdir/w32.txt"
printf '# the peers GFX9 RSRC1\n0xc0017602, 0x212  000C0041 # RSRC1\n\n' >"$ibdir/rsrc1.txt"
# Fields as gc_9_0_sh_mask.h places them: VGPRS 5:0 (1: 8 VGPRs), SGPRS 9:6 (1: 16).
expect ib_decode_text 0 '^        COMPUTE_PGM_RSRC1 = 0x000c0041 VGPRS=1\(8\) SGPRS=1\(16\) PRIORITY=0 FLOAT_MODE=192\(FP_16_64_DENORMS\) ' -- \
	ib decode --gfx gfx9 "$ibdir/rsrc1.txt"
# The same packet as raw little-endian dwords.
printf '\002\166\001\300\023\002\000\000\220\000\000\000' >"$ibdir/rsrc2.bin"
expect ib_decode_binary 0 '^        COMPUTE_PGM_RSRC2 = 0x00000090 SCRATCH_EN=0 USER_SGPR=8 TRAP_PRESENT=0 TGID_X_EN=1 ' -- \
	ib decode --gfx gfx10.3 "$ibdir/rsrc2.bin"
expect ib_decode_names_rsrc3 0 '^        COMPUTE_PGM_RSRC3 = 0x000003f0 SHARED_VGPR_CNT=0 INST_PREF_SIZE=63 ' -- \
	ib decode --gfx gfx11 "$ibdir/w32.txt"
printf 'c0027602 0x212 1\n' >"$ibdir/short.txt"
expect ib_decode_truncated 2 '^    0: error: dword 0: SET_SH_REG packet needs 3 body dwords' -- \
	ib decode --gfx gfx12 "$ibdir/short.txt"
# A SET_SH_REG_INDEX the dispatch state cannot take (no values; an offset
# past the SH range, 0x2c00..0x2fff in Linux soc15d.h): decoded, exit 0,
# and valid JSON with the body in "raw" beside "dwords" (INDEX is bits 31:28
# of the offset dword, PM4 SET_SH_REG_INDEX in Mesa sid.h).  Then every
# opcode with bodies of 1..8 dwords: the JSON parses on every level.
python3 -c '
import json, random, subprocess, sys
vsharp = sys.argv[1]
def decode(level, words, *opts):
    p = subprocess.run([vsharp, "ib", "decode", "--gfx", level, *opts, "-"], capture_output=True,
                       text=True, input=" ".join("0x%08x" % w for w in words))
    assert p.returncode == 0 and not p.stderr, (level, words, p.returncode, p.stderr)
    return p.stdout
rnd = random.Random(5)
stream = []
for op in range(256):
    for n in range(1, 9):
        stream += [3 << 30 | (n - 1) << 16 | op << 8] + [rnd.choice((0, 0x80000000, 0xffff, rnd.getrandbits(32))) for _ in range(n)]
bad = [(0, [0x80000000], "dword 0: SET_SH_REG_INDEX without values"),
       (2, [0xffff, 5], "dword 2: SH register offset 0xffff with 1 values")]
head = [0xc0009b00, 0x80000000, 0xc0019b00, 0xffff, 5]
for level in ("gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx12"):
    packets = json.loads(decode(level, head + stream, "--json"))["packets"]
    assert len(packets) == 2 + 256 * 8, level
    for (at, raw, why), p in zip(bad, packets):
        assert p["offset"] == at and p["name"] == "SET_SH_REG_INDEX", p
        assert p["dwords"] == [{"name": "index", "value": raw[0] >> 28}] and p["raw"] == raw, p
        assert p["notes"][0].startswith("state: not applied: " + why), p
    assert "error" not in decode(level, head), level' "$VSHARP"
ok $? ib_decode_json_any_packet
printf 'ffff1000\nzz\n' >"$ibdir/bad.txt"
expect_err ib_decode_bad_token "bad.txt: line 2: 'zz' is not a dword" -- ib decode --gfx gfx9 "$ibdir/bad.txt"
printf '\000\020\377\377\377' >"$ibdir/odd.bin"
expect_err ib_decode_odd_bytes 'odd.bin: 5 bytes is not a whole number of dwords' -- \
	ib decode --gfx gfx9 "$ibdir/odd.bin"
# GFX6 has no ACQUIRE_MEM: the SURFACE_SYNC of Linux gfx_v6_0_emit_mem_sync.
expect ib_example_gfx6_surface_sync 0 '^0xc0034302 0x28c00000 0xffffffff 0x00000000 0x0000000a  # SURFACE_SYNC$' -- \
	ib example --gfx gfx6
expect_err ib_decode_no_gfx -- '--gfx: required' -- ib decode "$ibdir/rsrc1.txt"
expect_err ib_decode_no_file 'ib decode: FILE: required' -- ib decode --gfx gfx9
expect_err ib_example_wave32_gfx9 'wave32: gfx9 runs wave64 only' -- ib example --gfx gfx9 --wave32
# ib --json parses; Mesa R_028A90 is VGT_EVENT_INITIATOR (SET_CONTEXT_REG offset 0x2a4).
printf 'c0016900 0x2a4 7\nc0023f00 0x800 1 0x30\n' >"$ibdir/ctx.txt"
"$VSHARP" ib decode --gfx gfx9 --json "$ibdir/ctx.txt" | python3 -c '
import json, sys
d = json.load(sys.stdin)
p = d["packets"]
assert d["gfx"] == "gfx9" and p[0]["name"] == "SET_CONTEXT_REG", d
v = p[0]["dwords"][0]
assert (v["name"], v["reg"], v["value"]) == ("VGT_EVENT_INITIATOR", 0xa2a4, 7), p[0]
assert v["fields"]["EVENT_TYPE"] == {"value": 7, "hi": 5, "lo": 0, "enum": "CS_PARTIAL_FLUSH"}, v
assert p[1]["dwords"][2]["fields"]["IB_SIZE"]["value"] == 48, p[1]
assert p[1]["notes"] == ["-> IB at 0x100000800, 48 dwords, VMID 0, SWAP 0"], p[1]'
ok $? ib_decode_json_parses
# A binary amdgpu_ring_* debugfs file (amdgpu_debugfs_ring_read: rptr, wptr,
# driver wptr, then the ring): umr ring.rst's COND_EXEC at slot 512 of 1024.
python3 -c '
import struct, sys
ring = [0] * 1024
ring[512:517] = [0xc0032200, 0x00400060, 0, 0, 0x23]
sys.stdout.buffer.write(struct.pack("<1027I", 512, 517, 517, *ring))' >"$ibdir/amdgpu_ring_gfx_0.0.0"
expect ib_decode_ring_file 0 '^  512: COND_EXEC \(3\) shader_type=0$' -- \
	ib decode --gfx gfx9 "$ibdir/amdgpu_ring_gfx_0.0.0"
expect_err ib_decode_ring_text -- 'ctx.txt: text, not an amdgpu_ring debugfs file' -- \
	ib decode --gfx gfx9 --ring "$ibdir/ctx.txt"
rm -rf "$ibdir"
# A RADV hang report's IB in Mesa's ac_parse_ib() layout (colours included):
# the packets RADV emits for a dispatch (radv_emit_compute_pipeline's
# SET_SH_REG of R_00B830/R_00B848/R_00B81C/R_00B900, si_cs_emit_cache_flush's
# EVENT_WRITE CS_PARTIAL_FLUSH | EVENT_INDEX(4), DISPATCH_DIRECT with
# radv_device.c's dispatch_initiator COMPUTE_SHADER_EN | ORDER_MODE plus
# FORCE_START_AT_000, radv_cmd_buffer_trace_emit's WRITE_DATA and NOP with
# ac_debug.h AC_ENCODE_TRACE_POINT(1)).  vsharp must read the dwords from the
# dump and decode what Mesa's text beside them states.
"$VSHARP" ib decode --gfx gfx9 --json "$(dirname "$0")/data/radv-hang-ib-gfx9.txt" | python3 -c '
import json, re, sys
mesa = open(sys.argv[1], encoding="utf-8").read()
mesa = re.sub("\033\\[[0-9;]*m", "", mesa)
words = [l for l in mesa.splitlines() if re.match("[0-9a-f]{8}( |$)", l)]
said = dict(re.findall(r"^[0-9a-f]{8} +([A-Z_0-9]+) <- (\S+)", mesa, re.M))
said = {k: int(v, 0) for k, v in said.items()}
names = re.findall(r"^[0-9a-f]{8} ([A-Z_0-9]+)(?:\(.*\))?:$", mesa, re.M)
d = json.load(sys.stdin)
p = d["packets"]
assert [q["name"] for q in p] == names, ([q["name"] for q in p], names)
assert sum(1 + q["count"] + 1 for q in p) == len(words) == 30, len(words)
got = {w["name"]: w for q in p for w in q["dwords"]}
for k, v in said.items():
    if k.startswith("COMPUTE_") and k[8:11] not in ("DIM", "DIS"):
        assert got[k]["value"] == v, (k, got[k], v)
disp = p[names.index("DISPATCH_DIRECT")]["dwords"]
assert [w["value"] for w in disp[:3]] == [said["COMPUTE_DIM_" + a] for a in "XYZ"], disp
init = disp[3]
assert init["value"] == said["COMPUTE_DISPATCH_INITIATOR"], init
assert [f for f, x in init["fields"].items() if x["value"]] == \
    ["COMPUTE_SHADER_EN", "FORCE_START_AT_000", "ORDER_MODE"], init
ev = got["EVENT_CNTL"]["fields"]
assert ev["EVENT_TYPE"]["enum"] == re.search(r"EVENT_TYPE = (\w+)", mesa)[1], ev
assert ev["EVENT_INDEX"]["value"] == int(re.search(r"EVENT_INDEX <- (\d+)", mesa)[1]), ev
wd = got["CONTROL"]["fields"]
assert wd["DST_SEL"]["value"] == 5 and wd["WR_CONFIRM"]["value"] == 1, wd
addr = got["DST_ADDR_HI"]["value"] << 32 | got["DST_ADDR_LO"]["value"]
assert addr == said["DST_ADDR"], hex(addr)
nop = got["PAYLOAD"]["value"]
assert nop >> 16 == 0xcafe and nop & 0xffff == int(re.search(r"Trace point ID: (\d+)", mesa)[1])
' "$(dirname "$0")/data/radv-hang-ib-gfx9.txt"
ok $? ib_decode_radv_hang_report

# The usage lines of Documentation/cli.rst are those --help prints (and the
# verb list those of vsharp help), whitespace aside.  One python run checks
# every verb (a python start costs more than the check).
doc=$(dirname "$0")/../../Documentation/cli.rst
helpdir=$(mktemp -d)
"$VSHARP" help >"$helpdir/help"
for v in desc disasm ib addr align ops rules run stubs; do
	"$VSHARP" "$v" --help >"$helpdir/$v"
done
python3 - "$doc" "$helpdir" >"$helpdir/result" <<'EOF'
import os, re, sys
doc = open(sys.argv[1], encoding="utf-8").read()
norm = lambda s: " ".join(s.split())
def synopses(lines, head, cont):
    out, open_ = [], False
    for l in lines:
        if re.match(head, l):
            out.append(norm(re.sub(r"^(usage:)?\s*", "", l)))
            open_ = True
        elif open_ and re.match(cont, l):
            out[-1] += " " + norm(l)
        else:
            open_ = False
    return out
lit, inblock = [], False
for l in doc.splitlines():
    if l.endswith("::"):
        inblock = True
    elif inblock and l and not l.startswith(" "):
        inblock = False
    elif inblock:
        lit.append(l)
for verb in sorted(os.listdir(sys.argv[2])):
    help = open(os.path.join(sys.argv[2], verb)).read()
    if verb == "help":
        block = doc.split("$ vsharp help\n", 1)[1].split("\n\n", 1)[0]
        want, got = [norm(l) for l in block.splitlines()], [norm(l) for l in help.splitlines()]
    else:
        got = synopses(help.splitlines(), r"(usage: |       )vsharp " + verb + r"\b", r"\s{8,}\[")
        want = synopses(lit, r"   vsharp " + verb + r"\b", r"\s{6,}\[")
    if want == got:
        print(verb, "ok")
    else:
        print("# %s: cli.rst:" % verb, *want, sep="\n#   ")
        print("# %s: --help:" % verb, *got, sep="\n#   ")
EOF
grep '^#' "$helpdir/result"
grep -q '^help ok$' "$helpdir/result"; ok $? doc_usage_vsharp_help
for v in desc disasm ib addr align ops rules run stubs; do
	grep -q "^$v ok\$" "$helpdir/result"; ok $? "doc_usage_$v"
done
rm -rf "$helpdir"

# --version: the release packaging/install.mk builds (VERSION).
release=$(sed -n 's/^VERSION := //p' "$(dirname "$0")/../../packaging/install.mk")
expect version 0 "^vsharp $release\$" -- --version

# Every verb answers --help on stdout with its usage and exit status 0.
r=0
for v in desc addr rules align stubs disasm ops ib run; do
	if ! "$VSHARP" "$v" --help >"$out" 2>"$err" || ! grep -q "^usage: vsharp $v" "$out"; then
		echo "# $v --help: no usage on stdout or a non-zero exit"
		r=1
	fi
done
ok $r every_verb_has_help

[ "$n" = 145 ] || echo "# ran $n cases, plan says 145"
[ "$failed" = 0 ]
