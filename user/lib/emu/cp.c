// SPDX-License-Identifier: MIT
/*
 * What every packet of the emulated CP shares: its memory accesses through
 * the VM (a fault is amdgpu's report, naming the CP as the UTCL2 client) and
 * the four ways a packet ends an IB, each naming the packet and its dword.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu/cp.h"

const char *emu_cp_name(const struct emu_cp *cp)
{
	const char *name = cp->pkt ? vsharp_pm4_opcode_name(cp->pkt->opcode) : NULL;

	return name ? name : "packet";
}

/* "WRITE_DATA (opcode 0x37) at dword 4 of the IB at 0x..." */
static void where(const struct emu_cp *cp, char *buf, size_t n)
{
	if (!cp->pkt) {
		snprintf(buf, n, "the IB at 0x%" PRIx64, cp->ib_va);
		return;
	}
	snprintf(buf, n, "%s (opcode 0x%02x) at dword %u of the %s at 0x%" PRIx64, emu_cp_name(cp),
		 cp->pkt->opcode, cp->pkt->offset, cp->ib_level > 1 ? "IB2" : "IB", cp->ib_va);
}

int emu_cp_fault(struct emu_cp *cp, uint64_t va, uint64_t n, unsigned perms,
		 struct vsharp_error *err)
{
	struct vsharp_gpu *gpu = cp->gpu;
	uint64_t start, size, bad;
	unsigned have = 0;
	bool mapped;
	char at[160];

	if (n && vsharp_vm_check(cp->vm, va, n, perms, &bad) == -EFAULT)
		va = bad;
	mapped = !vsharp_vm_lookup(cp->vm, va, &start, &size, &have);
	where(cp, at, sizeof(at));
	gpu->outcome = VSHARP_GPU_VM_FAULT;
	gpu->fault.va = va;
	gpu->fault.write = perms & VSHARP_VM_WRITE;
	gpu->fault.exec = false;
	gpu->fault.mapped = mapped;
	/*
	 * The first two lines as gmc_v9_0.c/gmc_v10_0.c print them; the CP's
	 * UTCL2 client is CPC on a compute queue, CPG on the GFX ring
	 * (gmc_v9_0.c gfxhub_client_ids).
	 */
	return vsharp_fail(err, -EFAULT,
			   "[gfxhub] page fault (src_id:0 ring:0 vmid:%u pasid:%u)\n"
			   "  in page starting at address 0x%016" PRIx64 " from client 0x1b (UTCL2)\n"
			   "  Faulty UTCL2 client ID: %s: %s of %" PRIu64 " bytes at 0x%" PRIx64 " by %s: %s",
			   gpu->cfg.vmid, gpu->cfg.pasid, va & ~(uint64_t)(VSHARP_VM_PAGE - 1),
			   cp->queue == VSHARP_QUEUE_COMPUTE ? "CPC" : "CPG",
			   perms & VSHARP_VM_WRITE ? "write" : "read", n, va, at,
			   !mapped ? "no mapping" :
			   perms & VSHARP_VM_WRITE ? "mapped without AMDGPU_VM_PAGE_WRITEABLE" :
			   "mapped without AMDGPU_VM_PAGE_READABLE");
}

static int access(struct emu_cp *cp, uint64_t va, uint8_t *buf, const uint8_t *src, uint64_t n,
		  struct vsharp_error *err)
{
	unsigned perms = src ? VSHARP_VM_WRITE : VSHARP_VM_READ;
	uint64_t bad;

	if (va + n < va || vsharp_vm_check(cp->vm, va, n, perms, &bad))
		return emu_cp_fault(cp, va, n, perms, err);
	while (n) {
		uint64_t chunk = VSHARP_VM_PAGE - va % VSHARP_VM_PAGE;
		uint8_t *p;

		if (chunk > n)
			chunk = n;
		p = vsharp_vm_at(cp->vm, va, chunk, perms);
		if (!p)
			return emu_cp_fault(cp, va, chunk, perms, err);
		if (src) {
			memcpy(p, src, chunk);
			src += chunk;
		} else {
			memcpy(buf, p, chunk);
			buf += chunk;
		}
		va += chunk;
		n -= chunk;
	}
	return 0;
}

int emu_cp_read(struct emu_cp *cp, uint64_t va, void *buf, uint64_t n, struct vsharp_error *err)
{
	return access(cp, va, buf, NULL, n, err);
}

int emu_cp_write(struct emu_cp *cp, uint64_t va, const void *buf, uint64_t n,
		 struct vsharp_error *err)
{
	return access(cp, va, NULL, buf, n, err);
}

static int end(struct emu_cp *cp, struct vsharp_error *err, int code,
	       enum vsharp_gpu_outcome outcome, const char *prefix, const char *fmt, va_list ap)
{
	char body[400], at[160];

	vsnprintf(body, sizeof(body), fmt, ap);
	where(cp, at, sizeof(at));
	cp->gpu->outcome = outcome;
	return vsharp_fail(err, code, "%s%s: %s", prefix, at, body);
}

int emu_cp_bad(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = end(cp, err, -EINVAL, VSHARP_GPU_BAD_IB, "emu: ", fmt, ap);
	va_end(ap);
	return ret;
}

int emu_cp_refuse(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = end(cp, err, -ENOSYS, VSHARP_GPU_BAD_IB, "emu: not emulated: ", fmt, ap);
	va_end(ap);
	return ret;
}

int emu_cp_strict(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = end(cp, err, -EPROTO, VSHARP_GPU_STRICT, "strict: ", fmt, ap);
	va_end(ap);
	return ret;
}

int emu_cp_hang(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = end(cp, err, -ETIME, VSHARP_GPU_HANG, "hang: ", fmt, ap);
	va_end(ap);
	return ret;
}

int emu_cp_priv_reg(struct emu_cp *cp, struct vsharp_error *err, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = end(cp, err, -EACCES, VSHARP_GPU_PRIV_REG, "priv reg: Illegal register access in command stream: ",
		  fmt, ap);
	va_end(ap);
	return ret;
}

int emu_cp_engine(struct emu_cp *cp, const char *field, unsigned engine, bool ce_defined,
		  struct vsharp_error *err)
{
	if (engine == 0 || (engine == 1 && cp->queue == VSHARP_QUEUE_GFX))
		return 0;
	if (engine == 1)
		return emu_cp_bad(cp, err, "%s 1 (PFP) on a compute queue, whose MEC has no PFP (allowed 0, ME; Linux gfx_v9_0.c gfx_v9_0_ring_emit_wreg uses ENGINE_SEL 1 on the GFX ring only)",
				  field);
	if (engine == 2 && ce_defined)
		return emu_cp_refuse(cp, err, "%s 2 (CE): a CE engine select in a packet is not emulated (CE IBs run their own packets only)", field);
	return emu_cp_bad(cp, err, "%s %u (allowed 0 ME, 1 PFP on the GFX queue%s)", field, engine,
			  ce_defined ? ", 2 CE" : "");
}
