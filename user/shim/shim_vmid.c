// SPDX-License-Identifier: MIT
/*
 * VMIDs and DRM_AMDGPU_VM: Linux 6.1 amdgpu_ids.c and amdgpu_vm_ioctl().
 *
 * The GFX hub's VMIDs 1 .. first_kfd_vmid - 1 (gmc_v*_0.c: 8 on chips with
 * graphics, 3 on GC 9.4.1/9.4.2, whose VMIDs 3-15 are KFD's) sit in a
 * least-recently-used list (amdgpu_vmid_mgr_init).  A job takes its VM's
 * VMID if one still carries the VM as owner (amdgpu_vmid_grab_used), else
 * the least recently used one (amdgpu_vmid_grab_idle: every VMID is idle
 * here, jobs end inside their CS), and moves it to the list's end.  A VM
 * that reserved a VMID (AMDGPU_VM_OP_RESERVE_VMID: the first, least
 * recently used, entry of the list comes out of it; one reservation per
 * hub, AMDGPU_VM_MAX_RESERVED_VMID) runs every job under that one
 * (amdgpu_vmid_grab_reserved).  The emulated waves read the VMID in
 * HW_ID/HW_ID2 and the fault lines print it, so both agree with it.
 *
 * The grab_used flush checks (TLB sequence, last flush on another ring) are
 * left out: they decide between reusing and taking a fresh VMID only when
 * page-table updates raced a job, which cannot happen here.
 */
#include <errno.h>
#include <string.h>

#include <amdgpu_drm.h>

#include "shim.h"

#define MAX_RESERVED 1u		/* amdgpu_vm.h AMDGPU_VM_MAX_RESERVED_VMID */

/* gmc_v9_0.c gmc_v9_0_sw_init(): first_kfd_vmid; 8 on every other gmc. */
static unsigned first_kfd_vmid(void)
{
	const struct shim_profile *p = shim.profile;

	return p->gc_major == 9 && p->gc_minor == 4 && (p->gc_rev == 1 || p->gc_rev == 2) ? 3 : 8;
}

void shim_vmid_init(void)
{
	shim.nvmid_lru = 0;
	for (unsigned id = 1; id < first_kfd_vmid(); id++)
		shim.vmid_lru[shim.nvmid_lru++] = id;
	memset(shim.vmid_owner, 0, sizeof(shim.vmid_owner));
	shim.reserved_vmids = 0;
}

static void lru_remove(unsigned i)
{
	memmove(&shim.vmid_lru[i], &shim.vmid_lru[i + 1],
		(shim.nvmid_lru - i - 1) * sizeof(shim.vmid_lru[0]));
	shim.nvmid_lru--;
}

unsigned shim_vmid_grab(struct shim_file *f)
{
	unsigned i, id;

	if (f->reserved_vmid)
		return f->reserved_vmid;
	/* amdgpu_vmid_grab_used(): newest first; else the least recently used. */
	for (i = shim.nvmid_lru; i-- > 0;)
		if (shim.vmid_owner[shim.vmid_lru[i]] == f->serial)
			break;
	if (i == (unsigned)-1)
		i = 0;
	id = shim.vmid_lru[i];
	shim.vmid_owner[id] = f->serial;
	lru_remove(i);
	shim.vmid_lru[shim.nvmid_lru++] = id;	/* list_move_tail() */
	return id;
}

/* amdgpu_vmid_free_reserved(): back at the front of the list (list_add). */
void shim_vmid_release(struct shim_file *f)
{
	if (!f->reserved_vmid)
		return;
	memmove(&shim.vmid_lru[1], &shim.vmid_lru[0], shim.nvmid_lru * sizeof(shim.vmid_lru[0]));
	shim.vmid_lru[0] = f->reserved_vmid;
	shim.nvmid_lru++;
	f->reserved_vmid = 0;
	shim.reserved_vmids--;
}

/* amdgpu_vm_ioctl(). */
int shim_vm(struct shim_file *f, void *arg)
{
	union drm_amdgpu_vm *args = arg;

	/* "No valid flags defined yet". */
	if (args->in.flags)
		return -EINVAL;
	switch (args->in.op) {
	case AMDGPU_VM_OP_RESERVE_VMID:
		/* amdgpu_vmid_alloc_reserved(): a second reservation of this VM is a no-op. */
		if (f->reserved_vmid)
			break;
		if (shim.reserved_vmids + 1 > MAX_RESERVED) {
			shim_klog("[drm:amdgpu_vmid_alloc_reserved] *ERROR* Over limitation of reserved vmid");
			return -EINVAL;
		}
		shim.reserved_vmids++;
		f->reserved_vmid = shim.vmid_lru[0];
		lru_remove(0);
		shim_trace("AMDGPU_VM_OP_RESERVE_VMID: VMID %u", f->reserved_vmid);
		break;
	case AMDGPU_VM_OP_UNRESERVE_VMID:
		/* Waits for the VM to be idle: every job has ended already. */
		shim_vmid_release(f);
		break;
	default:
		return -EINVAL;
	}
	memset(&args->out, 0, sizeof(args->out));
	return 0;
}
