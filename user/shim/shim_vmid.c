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
 * The manager is the machine's (shim_shared.c): processes under the shim
 * with the same VSHARP_SHIM_STATE share it as processes share a kernel's,
 * so one's reservation keeps its VMID out of every other's LRU, and the
 * "Over limitation" limit counts every process's reservation.  A VM is
 * named across processes by its tag (shim_vm_tag: the process and file).
 *
 * The grab_used flush checks (TLB sequence, last flush on another ring) are
 * left out: they decide between reusing and taking a fresh VMID only when
 * page-table updates raced a job, which cannot happen here.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <amdgpu_drm.h>

#include "shim.h"

#define MAX_RESERVED 1u		/* amdgpu_vm.h AMDGPU_VM_MAX_RESERVED_VMID */

unsigned shim_first_kfd_vmid(void)
{
	const struct shim_profile *p = shim.profile;

	/* gmc_v9_0.c gmc_v9_0_sw_init(): first_kfd_vmid; 8 on every other gmc. */
	return p->gc_major == 9 && p->gc_minor == 4 && (p->gc_rev == 1 || p->gc_rev == 2) ? 3 : 8;
}

void shim_vmid_fresh(struct shim_shared *s)
{
	s->nlru = 0;
	for (unsigned id = 1; id < shim_first_kfd_vmid(); id++)
		s->lru[s->nlru++] = id;
	memset(s->owner, 0, sizeof(s->owner));
	memset(s->reserved_vm, 0, sizeof(s->reserved_vm));
	memset(s->reserved_pid, 0, sizeof(s->reserved_pid));
	s->nreserved = 0;
}

void shim_vmid_new_device(void)
{
	struct shim_shared *s = shim_shared_lock();

	/*
	 * A rescanned device is a new one with fresh VMIDs; on a shared
	 * machine the other processes still use the old one (hot-unplug is
	 * not shared), so only this process's reservations go.
	 */
	if (!shim_shared_machine()) {
		shim_vmid_fresh(s);
	} else {
		for (unsigned id = 0; id < SHIM_VMIDS; id++)
			if (s->reserved_pid[id] == getpid())
				shim_vmid_unreserve(s, id);
	}
	shim_shared_unlock();
}

static void lru_remove(struct shim_shared *s, unsigned i)
{
	memmove(&s->lru[i], &s->lru[i + 1], (s->nlru - i - 1) * sizeof(s->lru[0]));
	s->nlru--;
}

unsigned shim_vmid_grab(struct shim_file *f)
{
	struct shim_shared *s;
	uint64_t tag = shim_vm_tag(f);
	unsigned i, id;

	if (f->reserved_vmid)
		return f->reserved_vmid;
	s = shim_shared_lock();
	/* amdgpu_vmid_grab_used(): newest first; else the least recently used. */
	for (i = s->nlru; i-- > 0;)
		if (s->owner[s->lru[i]] == tag)
			break;
	if (i == (unsigned)-1)
		i = 0;
	id = s->lru[i];
	s->owner[id] = tag;
	lru_remove(s, i);
	s->lru[s->nlru++] = id;	/* list_move_tail() */
	shim_shared_unlock();
	return id;
}

/* amdgpu_vmid_free_reserved(): back at the front of the list (list_add). */
void shim_vmid_unreserve(struct shim_shared *s, unsigned id)
{
	memmove(&s->lru[1], &s->lru[0], s->nlru * sizeof(s->lru[0]));
	s->lru[0] = id;
	s->nlru++;
	s->reserved_vm[id] = 0;
	s->reserved_pid[id] = 0;
	s->nreserved--;
}

void shim_vmid_release(struct shim_file *f)
{
	struct shim_shared *s;

	if (!f->reserved_vmid)
		return;
	s = shim_shared_lock();
	/* A reaped process's VMID may be another's by now. */
	if (s->reserved_vm[f->reserved_vmid] == shim_vm_tag(f))
		shim_vmid_unreserve(s, f->reserved_vmid);
	shim_shared_unlock();
	f->reserved_vmid = 0;
}

/* amdgpu_vmid_alloc_reserved(): one reservation per hub, the first entry of the list. */
static int reserve(struct shim_file *f)
{
	struct shim_shared *s = shim_shared_lock();
	unsigned id;

	if (s->nreserved + 1 > MAX_RESERVED) {
		shim_shared_unlock();
		shim_klog("[drm:amdgpu_vmid_alloc_reserved] *ERROR* Over limitation of reserved vmid");
		return -EINVAL;
	}
	s->nreserved++;
	id = s->lru[0];
	lru_remove(s, 0);
	s->reserved_vm[id] = shim_vm_tag(f);
	s->reserved_pid[id] = getpid();
	shim_shared_unlock();
	f->reserved_vmid = id;
	shim_trace("AMDGPU_VM_OP_RESERVE_VMID: VMID %u", id);
	return 0;
}

/* amdgpu_vm_ioctl(). */
int shim_vm(struct shim_file *f, void *arg)
{
	union drm_amdgpu_vm *args = arg;
	int r;

	/* "No valid flags defined yet". */
	if (args->in.flags)
		return -EINVAL;
	switch (args->in.op) {
	case AMDGPU_VM_OP_RESERVE_VMID:
		/* A second reservation of this VM is a no-op. */
		if (!f->reserved_vmid && (r = reserve(f)))
			return r;
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
