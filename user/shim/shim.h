/* SPDX-License-Identifier: MIT */
/*
 * The amdgpu shim: a preloaded library that presents an amdgpu render node
 * and answers the amdgpu kernel interface, running submitted IBs on vsharp's
 * emulated GPU (Documentation/shim.rst).  Everything here is internal: the
 * only exported symbols are the libc entry points in shim_libc.c.
 */
#ifndef VSHARP_SHIM_H
#define VSHARP_SHIM_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <amdgpu_drm.h>

#include "vsharp/gfx.h"
#include "vsharp/model.h"

/* The kernel's limits and constants the shim mirrors (Linux 6.1 amdgpu). */
#define SHIM_DRM_MAJOR 226
#define SHIM_RENDER_MINOR 128
#define SHIM_PAGE 4096ull
#define SHIM_VA_RESERVED (2ull << 20)		/* amdgpu_vm.h AMDGPU_VA_RESERVED_SIZE */
#define SHIM_HOLE_START 0x0000800000000000ull	/* amdgpu_gmc.h AMDGPU_GMC_HOLE_START */
#define SHIM_HOLE_END 0xffff800000000000ull	/* AMDGPU_GMC_HOLE_END */
#define SHIM_HOLE_MASK 0x0000ffffffffffffull	/* AMDGPU_GMC_HOLE_MASK */
#define SHIM_SCHED_JOBS 32u			/* amdgpu_sched_jobs default: fences kept per entity */
#define SHIM_COMPUTE_RINGS 4u			/* amdgpu_ctx.c amdgpu_ctx_num_entities[COMPUTE] */
#define SHIM_MAX_ENTITIES 4u			/* the most rings of one IP type a context addresses */
#define SHIM_VMIDS 16u				/* VMIDs per hub; 0 is the kernel's */

/* One chip as the kernel reports it (shim_profiles.c). */
struct shim_profile {
	const char *name;		/* VSHARP_SHIM_CHIP value */
	const char *what;		/* marketing name, for traces and docs */
	const char *driver;		/* DRM_IOCTL_VERSION name: "amdgpu" or a refusal */
	int drm_major, drm_minor, drm_patch;
	int open_errno;			/* nonzero: open() of the node fails with it */
	const char *like;		/* the chip facts are this profile's */
	uint16_t vendor, device, subvendor, subdevice;
	uint8_t pci_rev;
	const char *slot;		/* PCI_SLOT_NAME */
	uint32_t family, chip_rev, external_rev;
	uint32_t gc_major, gc_minor, gc_rev;	/* GC IP version (ip_discovery_version) */
	uint32_t ip_block_major;	/* gfx_vN_M ip block major (hw_ip_version_major) */
	uint32_t ip_block_minor;	/* its minor: 3 for gfx_v7_3 (hw_ip_version_minor) */
	uint32_t gfx_rings;		/* 0 on parts without a graphics ring (CDNA) */
	uint32_t sdma_instances;	/* adev->sdma.num_instances */
	uint32_t sdma_block_major, sdma_block_minor;	/* the SDMA IP block's version */
	uint32_t sdma_ip;		/* SDMA0's discovery version, major << 16 | minor << 8 | rev */
	uint32_t num_se, num_sh_per_se, cu_per_sh, cu_active;
	uint32_t wave_size, max_gprs;
	uint32_t lds_per_cu;		/* bytes of LDS per CU (per WGP from GFX10) */
	uint32_t vram_type, vram_bit_width;
	uint64_t vram_size, vis_vram_size, gtt_size;
	uint64_t va_bits;		/* GPU VA width; the kernel's max_pfn << 12 == 1 << va_bits */
	uint32_t gb_addr_config;	/* READ_MMR_REG 0x263e, libdrm's gpu_info.gb_addr_cfg */
	enum vsharp_gfx level;		/* the emulator level that executes this chip's IBs */
	const char *target;		/* its LLVM processor; NULL: the profile's name */
	/*
	 * AMDGPU_INFO_RAS_ENABLED_FEATURES (amdgpu_kms.c): without a RAS
	 * context (amdgpu_ras_init freed it) -EINVAL; else ras_enabled << 32
	 * | ras_features, the blocks RAS is enabled for and the features set.
	 */
	bool ras_context;
	uint32_t ras_enabled, ras_features;
};

extern const struct shim_profile shim_profiles[];
extern const size_t shim_profile_count;

/* The profile named NAME, or NULL. */
const struct shim_profile *shim_profile_find(const char *name);

/* Fault injection (shim_fault.c). */
enum shim_fault_kind {
	SHIM_FAULT_NONE,
	SHIM_FAULT_HANG,	/* a CS whose fence never signals */
	SHIM_FAULT_VRAM_LOST,	/* a CS that hangs and whose reset loses VRAM */
	SHIM_FAULT_VM_FAULT,	/* a CS that ends in a VM fault */
	SHIM_FAULT_ENOMEM,	/* GEM_CREATE fails with -ENOMEM */
	SHIM_FAULT_EACCES,	/* open() of the node fails with EACCES */
	SHIM_FAULT_EINTR,	/* an ioctl fails with EINTR */
};

/*
 * VSHARP_SHIM_FAULT=KIND[:COUNT[:AFTER]]: the events of KIND after the
 * first AFTER (default 0) fail, COUNT of them (default 1).  0, or -EINVAL
 * after printing what is wrong with VALUE.  NULL or "" injects nothing.
 */
int shim_fault_parse(const char *value);
/* True when the event of KIND happening now is one the user asked to fail. */
bool shim_fault_fire(enum shim_fault_kind kind);

/*
 * A GEM buffer: a memfd, so the CPU mappings and the GPU share its bytes;
 * a userptr BO is the process's own pages instead (memfd -1, host = the
 * user's address), and a GDS/GWS/OA BO is on-chip space with no bytes here
 * (memfd -1, host NULL).
 */
struct shim_bo {
	unsigned refs;			/* handles, BO lists and VA mappings */
	uint64_t size;			/* page multiple */
	uint32_t domains;		/* AMDGPU_GEM_DOMAIN_* as created */
	uint64_t flags;			/* AMDGPU_GEM_CREATE_* as created */
	uint64_t alignment;
	int memfd;
	uint8_t *host;			/* the shim's own view of the memfd */
	uint64_t mmap_offset;		/* GEM_MMAP's fake offset on the node */
	uint64_t tiling_info;		/* GEM_METADATA */
	uint64_t metadata_flags;
	uint32_t metadata_size;
	uint32_t metadata[64];
	bool userptr;			/* GEM_USERPTR: host is the user's memory */
	bool prt;			/* a PRT range's zero pages (shim_gem.c), no handle */
	bool readonly;			/* AMDGPU_GEM_USERPTR_READONLY: no GPU writes */
	bool stale;			/* its stale bytes are still to be written */
	bool touched;			/* its bytes were seen: by the CPU, a job, a fence */
	uint64_t stale_seed;		/* ... from this seed (shim_bo_bytes) */
	uint64_t on_chip;		/* GDS bytes, GWS or OA entries it holds */
	struct shim_bo *prev, *next;	/* shim.bos */
};

/* A GEM_VA mapping: BO bytes [offset, offset + size) at VA start. */
struct shim_map {
	uint64_t start, size, offset;
	struct shim_bo *bo;
	unsigned perms;			/* VSHARP_VM_* */
};

struct shim_handle {
	uint32_t id;
	struct shim_bo *bo;
};

struct shim_list {
	uint32_t id;
	unsigned n;
	struct shim_bo **bos;		/* each holds a reference */
};

/* A fence that signalled with an error (fence->error, what WAIT_CS returns). */
struct shim_bad_fence {
	uint32_t ip, ring;
	uint64_t seq;
	int error;
};

/*
 * A fence, which has always signalled here (shim_syncobj.c): a job's
 * (drm_sched), a stub, or a timeline point's dma_fence_chain node.
 */
struct shim_fence {
	int error;			/* the errno it signalled with, 0 clean */
	bool chain;			/* a dma_fence_chain head */
	uint64_t seqno, prev_seqno;	/* prev_seqno: a chain's previous head */
	uint64_t context;
	int64_t timestamp_ns;		/* CLOCK_MONOTONIC when it signalled */
	char driver[16], timeline[16];	/* ops->get_driver_name, get_timeline_name */
};

struct shim_syncobj;

struct shim_syncobj_handle {
	uint32_t id;
	struct shim_syncobj *obj;
};

struct shim_ctx {
	uint32_t id;
	uint64_t serial;		/* unique in the process: the stable pstate's owner */
	bool guilty;
	uint64_t reset_counter, vram_lost_counter;	/* the device's at creation */
	uint64_t reset_counter_query;	/* amdgpu_ctx_query's, updated by each query */
	uint32_t stable_pstate;		/* the level to restore when the context goes */
	uint64_t next_seq[AMDGPU_HW_IP_NUM][SHIM_MAX_ENTITIES];	/* entities count from 1 */
	struct shim_bad_fence *bad;
	size_t nbad;
};

/* A drm_file: one per open() of the node, shared by dup()ed descriptors. */
struct shim_file {
	unsigned fds;
	struct shim_handle *handles;
	size_t nhandles;
	uint32_t next_handle;
	struct shim_map *maps;
	size_t nmaps;
	struct shim_list *lists;
	size_t nlists;
	uint32_t next_list;
	struct shim_ctx *ctxs;
	size_t nctxs;
	uint32_t next_ctx;
	uint64_t serial;		/* unique in the process: the VM's owner tag */
	unsigned gen;			/* shim.device_gen at open: the device it belongs to */
	unsigned reserved_vmid;		/* AMDGPU_VM_OP_RESERVE_VMID's, 0 none */
	struct shim_syncobj_handle *syncobjs;	/* the syncobj idr */
	size_t nsyncobjs;
};

/*
 * The GPU state one kernel keeps for every process (shim_shared.c): in a
 * file other processes of the same machine map too, used under
 * shim_shared_lock() only.  Plain integers, no pointers.
 */
struct shim_shared {
	uint32_t magic, size;		/* this layout */
	/* amdgpu_ids.c: the GFX hub's VMID LRU (front = least recently used). */
	uint32_t lru[SHIM_VMIDS];
	uint32_t nlru;
	uint32_t nreserved;		/* amdgpu_vmid_alloc_reserved's count */
	uint64_t owner[SHIM_VMIDS];	/* the VM (shim_vm_tag) that last used it */
	uint64_t reserved_vm[SHIM_VMIDS];	/* the VM that reserved it, 0 none */
	int32_t reserved_pid[SHIM_VMIDS];	/* ... and its process */
	/* SH_MEM_CONFIG.ALIGNMENT_MODE per VMID, and vsharp.ko's record of it (shim_vsharp.c). */
	uint8_t align[SHIM_VMIDS];
	uint8_t orig[SHIM_VMIDS];	/* before vsharp.ko first changed it */
	uint8_t written[SHIM_VMIDS];	/* what vsharp.ko last wrote */
	uint32_t touched;		/* VMIDs vsharp.ko changed and has not restored */
	uint32_t set;			/* <dev>/vmids */
	uint32_t force;		/* <dev>/force */
};

/* Global state, guarded by shim.lock. */

struct shim_state {
	pthread_mutex_t lock;
	const struct shim_profile *profile;
	bool trace;
	char root[256];			/* the fake /dev and /sys tree */
	struct shim_file **fds;		/* by file descriptor */
	size_t nfds;
	uint64_t reset_counter;		/* amdgpu's gpu_reset_counter */
	uint64_t vram_lost_counter;
	uint64_t next_mmap_offset;
	struct shim_bo *bos;		/* every live BO, for mmap and VRAM loss */
	struct vsharp_gpu *gpu;		/* created at the first CS */
	bool ready;			/* the constructor succeeded */
	bool unplugged;			/* the device's sysfs remove was written */
	unsigned device_gen;		/* bumped by each rescan that brings it back */
	uint64_t next_serial;
	/* amdgpu_ctx.c stable pstate: the device's forced level and its owner. */
	uint32_t pstate;		/* AMDGPU_CTX_STABLE_PSTATE_* */
	uint64_t pstate_owner;		/* a context serial, 0 none */
	/* The VMID manager and SH_MEM_CONFIG, maybe shared with other processes (shim_shared.c). */
	struct shim_shared *shared;
	uint64_t gds_used, gws_used, oa_used;	/* on-chip space handed out */
};

extern struct shim_state shim;

/* Traces and the kernel log (shim.c). */
__attribute__((format(printf, 1, 2))) void shim_trace(const char *fmt, ...);
/* An ioctl or argument the shim does not implement: one line, -EINVAL. */
__attribute__((format(printf, 1, 2))) int shim_unsupported(const char *fmt, ...);
/* A line as the kernel would log it: "amdgpu 0000:03:00.0: ...". */
__attribute__((format(printf, 1, 2))) void shim_klog(const char *fmt, ...);

/*
 * copy_from_user()/copy_to_user() of BYTES at user address PTR fail with
 * -EFAULT when address 0 is involved: the page is never mapped.  The shim
 * reads user memory in place, so it can tell only 0 apart; 0 bytes from 0
 * copy nothing and succeed, as in the kernel.
 */
static inline bool shim_user_fault(uint64_t ptr, size_t bytes)
{
	return bytes && !ptr;
}

/* The node and the fake sysfs tree (shim_node.c). */
int shim_tree_create(void);
void shim_tree_remove(void);
/* The real path to use for PATH: inside the fake tree, or PATH itself. */
const char *shim_rewrite(const char *path, char *buf, size_t size);
/* Strips the tree's root from a path realpath() resolved inside it. */
void shim_unrewrite(char *resolved);
/* The device's removal and the bus's rescan in the tree (shim_unplug.c acts on them). */
enum { SHIM_CTL_NONE, SHIM_CTL_REMOVE, SHIM_CTL_RESCAN, SHIM_CTL_GPU_RECOVER };
int shim_tree_unplug(void);
int shim_tree_replug(void);
int shim_tree_control(const char *real);
/* True for a path under /sys. */
bool shim_is_sysfs(const char *path);
/*
 * Hot-unplug (shim_unplug.c).  shim_open_checked() is the open of PATH
 * (rewritten to REAL) with FLAGS: -errno when the shim refuses it (a write
 * to the host's sysfs; remove or rescan without root), else 0, with FD
 * later passed to shim_opened() to watch it.  shim_write_done() acts on
 * what was written to a watched descriptor.
 */
int shim_open_checked(const char *path, const char *real, int flags);
void shim_opened(const char *real, int flags, int fd);
int shim_write_done(int fd, const void *buf, size_t len);
void shim_closed(int fd);
/*
 * debugfs amdgpu_gpu_recover (shim_debugfs.c): the open's check (-EACCES
 * without root), its descriptors; a read of one resets the GPU and
 * returns true with *RET the read's result (-errno on failure); false for
 * any other descriptor.  A write to one is -EACCES, to any other 0.
 */
int shim_debugfs_open_checked(void);
void shim_debugfs_opened(int fd, int flags);
void shim_debugfs_closed(int fd);
bool shim_debugfs_read(int fd, void *buf, size_t len, ssize_t *ret);
int shim_debugfs_write(int fd);
/* A GPU reset with no job to blame (shim_cs.c): contexts see it; VRAM_LOST loses VRAM. */
void shim_gpu_reset(bool vram_lost);
/* True for a node file whose device went away: ioctls answer -ENODEV. */
bool shim_file_unplugged(const struct shim_file *f);
/* True when PATH names the render node. */
bool shim_is_node(const char *path);
/* Fills ST (a struct stat) as the render node's. */
void shim_node_stat(void *st);

/* Descriptors of the node (shim_file.c); callers hold shim.lock. */
struct shim_file *shim_fd_get(int fd);
int shim_fd_set(int fd, struct shim_file *f);
/* Forgets FD; the file goes (with its BOs, contexts, lists) with its last one. */
void shim_fd_drop(int fd);
void shim_file_release(struct shim_file *f);
struct shim_file *shim_file_new(void);
void *shim_push(void *array, size_t *n, size_t elem);

/*
 * libc itself (shim_libc.c): the shim's own calls to functions it
 * interposes must not come back to it.
 */
int shim_real_open(const char *path, int flags, mode_t mode);
int shim_real_close(int fd);
ssize_t shim_real_write(int fd, const void *buf, size_t len);
void *shim_real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);

/* An ioctl the shim answers: its number, name, argument size and handler. */
struct shim_ioctl_entry {
	unsigned nr;
	const char *name;
	size_t size;
	int (*fn)(struct shim_file *f, void *arg);
	bool any_driver;	/* answered on the i915 node too */
};

/* ioctls (shim_ioctl.c): 0 or a negative errno. */
int shim_ioctl(struct shim_file *f, unsigned long request, void *arg);
const char *shim_ioctl_name(unsigned long request);

/* GEM (shim_gem.c). */
struct shim_bo *shim_bo_lookup(struct shim_file *f, uint32_t handle);
void shim_bo_get(struct shim_bo *bo);
void shim_bo_put(struct shim_bo *bo);
void shim_garbage(uint8_t *p, uint64_t size, uint64_t seed);
/*
 * BO's stale bytes (shim_garbage, seeded with SEED) are owed to whatever
 * first looks at them: they are written by shim_bo_bytes(), which the CPU
 * mapping, a job's VM and the fence write go through.
 */
void shim_bo_stale(struct shim_bo *bo, uint64_t seed);
uint8_t *shim_bo_bytes(struct shim_bo *bo);
int shim_gem_create(struct shim_file *f, void *arg);
int shim_gem_mmap(struct shim_file *f, void *arg);
int shim_gem_va(struct shim_file *f, void *arg);
int shim_gem_wait_idle(struct shim_file *f, void *arg);
int shim_gem_close(struct shim_file *f, void *arg);
int shim_gem_userptr(struct shim_file *f, void *arg);
int shim_gem_metadata(struct shim_file *f, void *arg);
int shim_gem_op(struct shim_file *f, void *arg);
int shim_bo_list(struct shim_file *f, void *arg);
struct shim_list *shim_list_lookup(struct shim_file *f, uint32_t id);
/* Fills OUT from a drm_amdgpu_bo_list_in (amdgpu_bo_list_create()), or -errno. */
struct drm_amdgpu_bo_list_in;
int shim_bo_list_fill(struct shim_file *f, const struct drm_amdgpu_bo_list_in *in,
		      struct shim_list *out);
void shim_list_free(struct shim_list *l);
/* A job has run: what it wrote to PRT ranges is gone (their pages read zero again). */
void shim_prt_drop_writes(struct shim_file *f);
/*
 * mmap of a GEM_MMAP offset: the BO's memfd and the offset in it, and
 * whether the BO is placed in VRAM, or -errno.
 */
int shim_mmap_lookup(uint64_t offset, uint64_t len, int *memfd, uint64_t *bo_offset, bool *vram);

/*
 * The VRAM read counter (shim_vram.c), active with VSHARP_SHIM_VRAM_READS:
 * a new CPU mapping of a VRAM BO, and a CS, after which every such page
 * counts again at its first read.
 */
void shim_vram_mapped(void *addr, size_t len, int prot);
void shim_vram_rearm(void);

/* Contexts and submission (shim_cs.c). */
int shim_ctx(struct shim_file *f, void *arg);
int shim_cs(struct shim_file *f, void *arg);
int shim_wait_cs(struct shim_file *f, void *arg);
int shim_wait_fences(struct shim_file *f, void *arg);
int shim_fence_to_handle(struct shim_file *f, void *arg);
void shim_ctx_release(struct shim_ctx *c);
/*
 * The machine's state (shim_shared.c): opened once at load (0 or -errno);
 * shim_shared_lock() returns it locked against the other processes (the
 * caller holds shim.lock), shim_shared_unlock() lets it go.
 */
int shim_shared_open(void);
struct shim_shared *shim_shared_lock(void);
void shim_shared_unlock(void);
/* True when VSHARP_SHIM_STATE shares the state with other processes. */
bool shim_shared_machine(void);
/* The name of F's VM across processes: the process and the file. */
uint64_t shim_vm_tag(const struct shim_file *f);

/* DRM_AMDGPU_VM (shim_vmid.c); the VMID a file's next job runs under. */
int shim_vm(struct shim_file *f, void *arg);
unsigned shim_vmid_grab(struct shim_file *f);
/* 8, or 3 on GC 9.4.1/9.4.2: VMIDs 1 .. this - 1 are the graphics VMIDs. */
unsigned shim_first_kfd_vmid(void);
/* The manager as amdgpu_vmid_mgr_init() leaves it; a rescanned device's. */
void shim_vmid_fresh(struct shim_shared *s);
void shim_vmid_new_device(void);
void shim_vmid_release(struct shim_file *f);
void shim_vmid_unreserve(struct shim_shared *s, unsigned id);

/*
 * vsharp.ko's amdgpu backend on the shim's GPU (shim_vsharp.c): its
 * debugfs files under /sys/kernel/debug/vsharp/amdgpu0, the register
 * values a job's waves run under, and a GPU reset's rewrite of them.
 */
void shim_vsharp_fresh(struct shim_shared *s);
int shim_vsharp_tree_create(void);
void shim_vsharp_tree_remove(void);
bool shim_vsharp_path(const char *real);
int shim_vsharp_open_checked(const char *real, int flags);
void shim_vsharp_opened(const char *real, int fd);
void shim_vsharp_closed(int fd);
/* NEWFD is now OLDFD's open file (a shell's redirection dup()s it to 1). */
void shim_vsharp_dup(int oldfd, int newfd);
/* True for a descriptor of a vsharp.ko file: *RET is the write's result. */
bool shim_vsharp_write(int fd, const void *buf, size_t len, ssize_t *ret);
enum vsharp_align_mode shim_vsharp_align(unsigned vmid);
void shim_vsharp_reset(void);

/*
 * DRM syncobjs and sync files (shim_syncobj.c).  shim_syncobj_ioctl() is
 * the entry of the core ioctl NR, or NULL.  The CS waits for a fence with
 * shim_syncobj_cs_wait(), holds the syncobjs it signals (shim_syncobj_get,
 * _put) and gives them its job's fence (shim_syncobj_signal, POINT 0 for a
 * binary one).  Descriptors: a sync file's ioctls, and their close and dup.
 */
const struct shim_ioctl_entry *shim_syncobj_ioctl(unsigned nr);
int shim_syncobj_cs_wait(struct shim_file *f, uint32_t handle, uint64_t point, uint64_t flags);
struct shim_syncobj *shim_syncobj_get(struct shim_file *f, uint32_t handle);
void shim_syncobj_put(struct shim_syncobj *o);
void shim_syncobj_signal(struct shim_syncobj *o, uint64_t point, const struct shim_fence *fence);
/* AMDGPU_FENCE_TO_HANDLE's WHAT for FENCE (NULL: a fence long signalled, the stub). */
int shim_syncobj_fence_to_handle(struct shim_file *f, const struct shim_fence *fence,
				 uint32_t what, uint32_t *out);
void shim_syncobj_file_release(struct shim_file *f);
bool shim_sync_file_ioctl(int fd, unsigned long request, void *arg, int *ret);
void shim_objfd_closed(int fd);
void shim_objfd_dup(int oldfd, int newfd);
int64_t shim_now_ns(void);

/* AMDGPU_INFO (shim_info.c). */
int shim_info(struct shim_file *f, void *arg);
/* The on-chip GDS/GWS/OA sizes amdgpu reports (gfx_v*_0.c *_set_gds_init). */
void shim_gds_sizes(uint64_t *gds, uint64_t *gws, uint64_t *oa);
/* Rings of IP type IP the chip has, as HW_IP_INFO counts them (0..4). */
unsigned shim_rings(uint32_t ip);

#endif
