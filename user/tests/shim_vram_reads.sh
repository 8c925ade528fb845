#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The CPU reads no VRAM on the real-GPU path: `vsharp run --device amdgpu`
# under the amdgpu shim with its VRAM read counter (VSHARP_SHIM_VRAM_READS,
# Documentation/shim.rst), on every chip profile, as one flat KTAP document.
#
#  - first, that the counter sees reads: a libdrm_amdgpu program (Python
#    ctypes) writes one page of a three-page VRAM BO, reads the other two
#    (one twice), reads a GTT BO whole, submits a CS and reads the first
#    VRAM page again: 3 pages read (12288 bytes), 1 written, 1 CS, the GTT
#    reads not counted;
#  - then, per profile, 0 bytes read from VRAM, with at least one CS where
#    the run passed (exit 0).  The guards around the arenas come back
#    through GTT like the results (hardware.rst "Reading results"), so no
#    byte is excepted.
#
#   user/tests/shim_vram_reads.sh [BUILD]
set -u
build=${1:-build}
shim=$(cd "$build/shim" && pwd)/libvsharp_shim.so
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat >"$dir/reads.py" <<'PY'
import ctypes, os
drm = ctypes.CDLL("libdrm_amdgpu.so.1")
u32, u64, vp = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_void_p
PAGE, VRAM, GTT, CPU_ACCESS_REQUIRED = 4096, 4, 2, 1

class AllocRequest(ctypes.Structure):
    _fields_ = [("alloc_size", u64), ("phys_alignment", u64), ("preferred_heap", u32),
                ("flags", u64)]
class IbInfo(ctypes.Structure):
    _fields_ = [("flags", u64), ("ib_mc_address", u64), ("size", u32)]
class FenceInfo(ctypes.Structure):
    _fields_ = [("handle", vp), ("offset", u64)]
class CsRequest(ctypes.Structure):
    _fields_ = [("flags", u64), ("ip_type", ctypes.c_uint), ("ip_instance", ctypes.c_uint),
                ("ring", u32), ("resources", vp), ("number_of_dependencies", u32),
                ("dependencies", vp), ("number_of_ibs", u32), ("ibs", ctypes.POINTER(IbInfo)),
                ("seq_no", u64), ("fence_info", FenceInfo)]

def ok(r, what):
    if r:
        raise SystemExit("%s: %d" % (what, r))

fd = os.open("/dev/dri/renderD128", os.O_RDWR)
dev, maj, mnr = vp(), u32(), u32()
ok(drm.amdgpu_device_initialize(fd, ctypes.byref(maj), ctypes.byref(mnr), ctypes.byref(dev)),
   "amdgpu_device_initialize")

def bo(heap, flags, pages):
    req = AllocRequest(pages * PAGE, PAGE, heap, flags)
    h, cpu, va, va_h = vp(), vp(), u64(), vp()
    ok(drm.amdgpu_bo_alloc(dev, ctypes.byref(req), ctypes.byref(h)), "amdgpu_bo_alloc")
    ok(drm.amdgpu_bo_cpu_map(h, ctypes.byref(cpu)), "amdgpu_bo_cpu_map")
    ok(drm.amdgpu_va_range_alloc(dev, 0, u64(pages * PAGE), u64(PAGE), u64(0), ctypes.byref(va),
                                 ctypes.byref(va_h), u64(0)), "amdgpu_va_range_alloc")
    ok(drm.amdgpu_bo_va_op(h, u64(0), u64(pages * PAGE), va, u64(0), u32(1)), "amdgpu_bo_va_op")
    return h, cpu.value, va.value

vram, vram_cpu, _ = bo(VRAM, CPU_ACCESS_REQUIRED, 3)
gtt, gtt_cpu, _ = bo(GTT, 0, 3)
ib, ib_cpu, ib_va = bo(GTT, 0, 1)
ctypes.memmove(vram_cpu + PAGE, b"w", 1)
for off in (0, 100, 2 * PAGE):
    ctypes.string_at(vram_cpu + off, 1)
ctypes.string_at(gtt_cpu, 3 * PAGE)
# Eight one-dword NOPs: PKT3 NOP with count 0x3fff (Linux gfx_v9_0.c ring nop).
ctypes.memmove(ib_cpu, b"\x00\x10\xff\xff" * 8, 32)
ctx, lst = vp(), vp()
ok(drm.amdgpu_cs_ctx_create(dev, ctypes.byref(ctx)), "amdgpu_cs_ctx_create")
handles = (vp * 2)(vram, ib)
ok(drm.amdgpu_bo_list_create(dev, u32(2), handles, None, ctypes.byref(lst)),
   "amdgpu_bo_list_create")
info = IbInfo(0, ib_va, 8)
req = CsRequest(ip_type=2, resources=lst, number_of_ibs=1, ibs=ctypes.pointer(info))
ok(drm.amdgpu_cs_submit(ctx, u64(0), ctypes.byref(req), u32(1)), "amdgpu_cs_submit")
ctypes.string_at(vram_cpu, 1)
PY

echo "KTAP version 1"
profiles=$(VSHARP_SHIM_CHIP=? LD_PRELOAD=$shim /bin/true 2>&1 | sed -n 's/.*unknown chip; allowed: //p' | tr -d ,)
echo "1..$((1 + $(echo $profiles | wc -w)))"

VSHARP_SHIM_VRAM_READS=$dir/self LD_PRELOAD=$shim python3 "$dir/reads.py" >"$dir/self.out" 2>&1
rc=$?
want="vram_read_bytes 12288 vram_read_pages 3 vram_written_pages 1 cs 1"
if [ $rc = 0 ] && [ "$(sed 's/ pid [0-9]*$//' "$dir/self" 2>/dev/null)" = "$want" ]; then
	echo "ok 1 the_counter_sees_vram_reads_not_writes_nor_gtt"
else
	echo "# exit $rc, want \"$want\", got:"
	sed 's/^/# /' "$dir/self" "$dir/self.out" 2>/dev/null
	echo "not ok 1 the_counter_sees_vram_reads_not_writes_nor_gtt"
fi

JOBS=2 user/bench/shim_runs.sh "$build" "$dir" $profiles
i=1
for p in $profiles; do
	i=$((i + 1))
	rc=$(cat "$dir/$p.rc")
	set -- $(awk '{ for (k = 1; k < NF; k++) v[$k] += $(k + 1) }
		END { print v["vram_read_bytes"] + 0, v["cs"] + 0 }' "$dir/$p.vram")
	if [ "$1" = 0 ] && { [ "$rc" != 0 ] || [ "$2" -gt 0 ]; }; then
		echo "# $p: exit $rc, 0 bytes read from VRAM in $2 CS"
		echo "ok $i vsharp_run_${p}_reads_no_vram"
	else
		echo "# $p: exit $rc, $1 bytes read from VRAM in $2 CS (want 0, and a CS when it passes)"
		sed 's/^/# /' "$dir/$p.vram"
		tail -n 3 "$dir/$p.err" | sed 's/^/# /'
		echo "not ok $i vsharp_run_${p}_reads_no_vram"
	fi
done
