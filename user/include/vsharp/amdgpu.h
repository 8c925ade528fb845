/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_AMDGPU_H
#define VSHARP_AMDGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsharp/device.h"
#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * The real-GPU backend (libdrm_amdgpu).  vsharp_amdgpu_open() is in
 * device.h; this header holds what the backend decides without a GPU, so
 * the tests can check it on machines that have none:
 *
 *  - which vsharp level a GPU is, from what the kernel reports;
 *  - the fence handles that submit() returns and wait() takes;
 *  - the text of a hang report.
 */

/* What the kernel tells us about a GPU's graphics/compute block. */
struct vsharp_amdgpu_id {
	uint32_t family_id;		/* amdgpu_gpu_info.family_id, AMDGPU_FAMILY_* */
	uint32_t chip_external_rev;	/* amdgpu_gpu_info.chip_external_rev */
	uint32_t hw_ip_major;		/* COMPUTE drm_amdgpu_info_hw_ip, 0 if unknown */
	uint32_t hw_ip_minor;
	/*
	 * GC IP version, major << 16 | minor << 8 | revision; 0 on kernels
	 * that do not report it (the slot is "_pad" in libdrm 2.4.114).
	 */
	uint32_t ip_discovery_version;
	/*
	 * AMDGPU_INFO_RAS_ENABLED_FEATURES: the blocks RAS is enabled for
	 * << 32 | the features the RAS firmware turned on; 0 when the kernel
	 * keeps no RAS context (the query fails with -EINVAL).  Bit 32 +
	 * AMDGPU_RAS_BLOCK__GFX set is SRAM ECC on (gfx906:sramecc+).
	 */
	uint64_t ras;
};

#define VSHARP_AMDGPU_IP_VERSION(maj, min, rev) \
	(((uint32_t)(maj) << 16) | ((uint32_t)(min) << 8) | (uint32_t)(rev))

struct vsharp_amdgpu_level {
	enum vsharp_gfx level;
	/* LLVM processor ("gfx1030") when the tables know the chip, else NULL. */
	const char *target;
	/* Which fact decided: "GC IP version" or "family and chip revision". */
	const char *source;
};

/*
 * Maps what the kernel reports to a level GFX6..GFX12.  The GC IP version
 * decides when the kernel reports one (GFX9 on), otherwise the family id
 * (and, in family 143, the chip revision: Navi1x is GFX10, Navi2x GFX10.3);
 * the chip revision also names the chip (target).  Unknown families, CDNA
 * and facts that contradict each other are refused with -ENODEV and a
 * sentence naming the family id and chip revision.
 */
int vsharp_amdgpu_map_level(const struct vsharp_amdgpu_id *id, struct vsharp_amdgpu_level *out,
			    struct vsharp_error *err);

/*
 * The processor facts of the chip LV names (gfx.h: Stoney, gfx810, packs
 * D16 where Carrizo, gfx801, does not; a gfx906 with SRAM ECC on is
 * gfx906:sramecc+), or NULL for the level's probe processor.
 */
const struct vsharp_target *vsharp_amdgpu_target(const struct vsharp_amdgpu_level *lv);

/*
 * 0 when vsharp can run on the level LV: it has the probe shaders and the
 * compute command buffers for it; else -ENODEV saying which are missing.
 */
int vsharp_amdgpu_runnable(const struct vsharp_amdgpu_id *id, const struct vsharp_amdgpu_level *lv,
			   struct vsharp_error *err);

/*
 * The reason to give when the radeon driver, not amdgpu, is bound to a
 * card with PCI device id PCI_DEVICE (-1 if unknown): for the SI and CIK
 * parts amdgpu can drive, the module parameters that hand it over.
 */
void vsharp_amdgpu_radeon_hint(int pci_device, char *buf, size_t size);

/*
 * The device name: "amdgpu gfx1100 (family 145, rev 0x01, GC 11.0.0)
 * /dev/dri/renderD128".  Truncated to SIZE.
 */
void vsharp_amdgpu_describe(const struct vsharp_amdgpu_id *id, const struct vsharp_amdgpu_level *lv,
			    const char *node, char *buf, size_t size);

/*
 * Like vsharp_amdgpu_open(NULL, ...) but scans DIR instead of /dev/dri:
 * the first renderD* node (by number) whose DRM driver is amdgpu and whose
 * level is supported.  -ENODEV when there is none, -EACCES when a node could
 * not be opened and no other was usable; err says which nodes were seen and
 * why each was passed over.
 */
int vsharp_amdgpu_open_dir(const char *dir, struct vsharp_device **dev, struct vsharp_error *err);

/*
 * Fence handles.  Sequence numbers count per kernel context from 1; after a
 * hang the backend replaces its context, so a handle carries the context's
 * generation as well: gen << 48 | seq.  The bookkeeping below is per device.
 */
#define VSHARP_AMDGPU_FENCE_SEQ_BITS 48

struct vsharp_amdgpu_fences {
	uint32_t gen;		/* context generation, from 1 */
	uint64_t submitted;	/* last sequence number submitted in this generation */
	uint64_t signalled;	/* every sequence number up to this one is done */
	bool ctx_lost;		/* a hang or reset was seen: replace the context */
};

void vsharp_amdgpu_fences_init(struct vsharp_amdgpu_fences *f);

/* Records submission SEQ and returns its handle; 0 if SEQ does not fit or goes back. */
uint64_t vsharp_amdgpu_fence_submitted(struct vsharp_amdgpu_fences *f, uint64_t seq);

/*
 * Checks a handle before waiting on it: 1 when it is known to be done, 0
 * when the kernel must be asked (*seq is the sequence number to ask for),
 * -EINVAL for a handle this device never returned, -ECANCELED for one of a
 * context replaced after a hang (its result is gone).
 */
int vsharp_amdgpu_fence_check(const struct vsharp_amdgpu_fences *f, uint64_t handle, uint64_t *seq,
			      struct vsharp_error *err);

/* The kernel said SEQ is done. */
void vsharp_amdgpu_fence_signalled(struct vsharp_amdgpu_fences *f, uint64_t seq);

/* A new context replaces a lost one: a new generation, nothing submitted. */
void vsharp_amdgpu_fences_new_context(struct vsharp_amdgpu_fences *f);

/*
 * AMDGPU_CTX_QUERY2_FLAGS_* as words: "RESET|VRAMLOST", "none" for 0,
 * unknown bits as hex.
 */
void vsharp_amdgpu_reset_flags_str(uint64_t flags, char *buf, size_t size);

/* Flags that make a finished job's results untrustworthy. */
bool vsharp_amdgpu_reset_taints(uint64_t flags);

/*
 * The hang report: fence HANDLE did not signal within TIMEOUT_NS on the
 * context's compute entity (the kernel's scheduler may run it on any
 * compute ring of its priority, so the report names no ring); FLAGS from amdgpu_cs_query_reset_state2, or QUERY_ERR (a
 * negative errno) when that query failed.  Returns -ETIME.
 */
int vsharp_amdgpu_hang_report(struct vsharp_error *err, const char *device, uint64_t handle,
			      uint64_t timeout_ns, uint64_t flags, int query_err);

/*
 * The wait on fence HANDLE returned -ECANCELED: the job hung, the kernel's
 * job timeout reset the GPU and completed the guilty context's fences with
 * that error (Linux 6.1 drm_sched_resubmit_jobs_ext, amdgpu_cs_wait_ioctl).
 * FLAGS and QUERY_ERR as for the hang report.  Returns -ECANCELED.
 */
int vsharp_amdgpu_hang_cancelled(struct vsharp_error *err, const char *device, uint64_t handle,
				 uint64_t flags, int query_err);

/*
 * amdgpu_cs_submit returned -ECANCELED: the kernel refuses a context after
 * a GPU reset (Linux amdgpu_cs.c: a guilty context, or a VM generation
 * that moved, which a VRAM loss does).  FLAGS is that context's reset
 * state, or QUERY_ERR (a negative errno) when the query failed.  Returns 0
 * when the same IB may go again on a fresh context, which is only when the
 * reset lost no VRAM and was not this context's doing; otherwise
 * -ECANCELED with the report in err: the IB's shader code and buffers may
 * be garbage, and the caller must rewrite them before any new submission.
 */
int vsharp_amdgpu_cancelled(struct vsharp_error *err, const char *device, uint64_t flags,
			    int query_err);

/*
 * Collects the distinct libdrm handles of BOS and IB into OUT (room for
 * N + 1) in order, dropping repeats; returns how many.
 */
unsigned vsharp_amdgpu_bo_handles(void *const *bos, unsigned n, void *ib, void **out);

/*
 * AMDGPU_VM_OP_RESERVE_VMID (RESERVE) or AMDGPU_VM_OP_UNRESERVE_VMID on the
 * VM of DEV, an amdgpu device (libdrm amdgpu_vm_reserve_vmid): reserved,
 * every job of the VM runs under one VMID no other VM gets (Linux 6.1
 * amdgpu_vmid_grab_reserved).  6.1 reserves one VMID per GPU: a second
 * VM's reservation fails with -EINVAL while the first holds it.
 */
int vsharp_amdgpu_reserve_vmid(struct vsharp_device *dev, bool reserve, struct vsharp_error *err);

/*
 * What the kernel says a GPU is, for a result bundle (Documentation/
 * fleet.rst "Collecting bundles"): each field as an AMDGPU_INFO query
 * returns it (Linux amdgpu_kms.c amdgpu_info_ioctl), strings cut at their
 * size.  A query the kernel refuses leaves its field empty and its errno
 * (negative) in the matching *_err; nothing is filled in from tables.
 */
#define VSHARP_AMDGPU_FW_MAX 16

struct vsharp_amdgpu_identity {
	uint32_t pci_device, pci_revision;	/* amdgpu_gpu_info asic_id, pci_rev_id (DEV_INFO) */
	uint32_t family_id, chip_rev, chip_external_rev;
	uint32_t gc_ip;			/* COMPUTE hw_ip ip_discovery_version; 0: not reported */
	uint32_t hw_ip_major, hw_ip_minor;
	char marketing_name[128];	/* libdrm's amdgpu.ids (amdgpu_get_marketing_name); empty: unknown */
	int vbios_err;			/* AMDGPU_INFO_VBIOS_INFO */
	char vbios_name[64], vbios_pn[64], vbios_version[32], vbios_date[32];
	unsigned n_fw;
	struct {
		const char *name;	/* "me", "pfp", "mec", "rlc", "smc", "sdma", ... */
		int err;		/* AMDGPU_INFO_FW_VERSION's, 0 when answered */
		uint32_t version, feature;
	} fw[VSHARP_AMDGPU_FW_MAX];
};

/* The identity of DEV, an amdgpu device (vsharp_device.hardware). */
void vsharp_amdgpu_identity(struct vsharp_device *dev, struct vsharp_amdgpu_identity *out);

/*
 * The GC IP version of an LLVM processor name, the first the kernel's KFD
 * table gives it (0 before GFX9, which has none, and for unknown names):
 * what an emulated device of that processor stands for.
 */
uint32_t vsharp_amdgpu_target_ip(const char *target);

#endif
