/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vsharp.ko: debug knobs for AMD GPU buffer-memory experiments.
 *
 * Internal interfaces shared by the module's files.  The pure helpers
 * (register layouts, parsers, formatters), the alignment bookkeeping and
 * the dma-buf exporter are exported to the KUnit module (kunit.c,
 * vsharp_kunit.ko) when the kernel has KUnit, and to nobody otherwise.
 */
#ifndef VSHARP_H
#define VSHARP_H

#include <linux/bits.h>
#include <linux/kconfig.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct dentry;
struct dma_buf;
struct vsharp_attr;

#define VSHARP_NUM_VMIDS	16
#define VSHARP_ALL_VMIDS	GENMASK(VSHARP_NUM_VMIDS - 1, 0)
#define VSHARP_MAX_FIELDS	10
/* Longest text accepted by any small debugfs file, newline included. */
#define VSHARP_MAX_INPUT	64

enum vsharp_align_mode {
	VSHARP_ALIGN_DWORD = 0,
	VSHARP_ALIGN_DWORD_STRICT = 1,
	VSHARP_ALIGN_STRICT = 2,
	VSHARP_ALIGN_UNALIGNED = 3,
	VSHARP_ALIGN_COUNT
};

/* One bit field of SH_MEM_CONFIG. */
struct vsharp_field {
	const char *name;
	u8 shift;
	u8 width;
};

/* The SH_MEM_CONFIG layout of one GC family (Linux gc_*_offset.h, gc_*_sh_mask.h). */
struct vsharp_layout {
	const char *family;
	const struct vsharp_field *fields;
	unsigned int nfields;
	const struct vsharp_field *align;	/* ALIGNMENT_MODE, one of @fields */
};

struct vsharp_gc {
	unsigned int major;
	unsigned int minor;
	unsigned int rev;
};

/* regs.c */
int vsharp_parse_gc(const char *s, struct vsharp_gc *gc);
const struct vsharp_layout *vsharp_gc_layout(const struct vsharp_gc *gc);
u32 vsharp_field_mask(const struct vsharp_field *f);
u32 vsharp_field_get(const struct vsharp_field *f, u32 reg);
u32 vsharp_field_set(const struct vsharp_field *f, u32 reg, u32 val);
bool vsharp_gc_noretry_default(const struct vsharp_gc *gc);
unsigned int vsharp_gc_first_kfd_vmid(const struct vsharp_gc *gc);
u32 vsharp_gc_default_sh_mem_config(const struct vsharp_gc *gc,
				    unsigned int vmid, bool noretry);
u32 vsharp_graphics_vmids(unsigned int first_kfd_vmid);

/* parse.c */
const char *vsharp_mode_name(unsigned int mode);
int vsharp_parse_mode(const char *s, unsigned int *mode);
int vsharp_parse_vmids(const char *s, u32 *mask);
int vsharp_format_vmids(u32 mask, char *buf, size_t size);
int vsharp_parse_size(const char *s, u64 *size);
int vsharp_parse_id(const char *s, int *id);
int vsharp_parse_one(const char *s);
char *vsharp_text_input(char *buf, size_t len);

struct vsharp_dev;

/*
 * A backend reaches one device's SH_MEM_CONFIG bank per VMID.  Both calls
 * are atomic with respect to the device's own users of the register
 * (amdgpu: under adev->srbm_mutex).
 */
struct vsharp_backend_ops {
	const char *name;
	int (*read)(struct vsharp_dev *vdev, unsigned int vmid, u32 *val);
	/* new = (old & ~mask) | (bits & mask); reports both */
	int (*update)(struct vsharp_dev *vdev, unsigned int vmid, u32 mask,
		      u32 bits, u32 *old, u32 *new);
	/*
	 * The VMIDs the driver's VMID manager has reserved for one VM alone
	 * (amdgpu: AMDGPU_VM_OP_RESERVE_VMID), read under the manager's lock.
	 */
	int (*reserved)(struct vsharp_dev *vdev, u32 *mask);
	/* emu only: set the emulated manager's reservations */
	int (*reserve)(struct vsharp_dev *vdev, u32 mask);
	/*
	 * Optional: keep the register from being rewritten by power
	 * management while a VMID holds a changed mode (@on), or let it go.
	 * Called under vdev->lock when vdev->touched becomes non-zero or zero;
	 * destroy lets go of a hold still taken.
	 */
	void (*hold)(struct vsharp_dev *vdev, bool on);
	/* emu only: re-initialise every VMID as the driver does on resume */
	int (*reset)(struct vsharp_dev *vdev);
	void (*destroy)(struct vsharp_dev *vdev);
};

struct vsharp_node {
	struct vsharp_dev *vdev;
	const struct vsharp_attr *attr;
	int vmid;			/* -1: device-wide file */
	const struct vsharp_field *field;
};

struct vsharp_dev {
	struct list_head node;
	char name[16];			/* debugfs directory, e.g. "emu0" */
	char device[32];		/* "emu0" or the PCI address */
	const struct vsharp_backend_ops *ops;
	struct vsharp_gc gc;
	const struct vsharp_layout *layout;
	unsigned int first_kfd_vmid;
	u32 writable;			/* VMIDs whose mode may be changed */
	bool force;			/* set modes on VMIDs not reserved */

	/* Serialises mode changes and the bookkeeping below. */
	struct mutex lock;
	u32 vmids;			/* VMIDs that alignment_mode applies to */
	u32 touched;			/* VMIDs changed and not yet restored */
	u32 orig[VSHARP_NUM_VMIDS];	/* value before the first change */
	u32 written[VSHARP_NUM_VMIDS];	/* value after the last change */

	struct dentry *dir;
	struct vsharp_node dev_nodes[16];
	struct vsharp_node vmid_nodes[VSHARP_NUM_VMIDS][VSHARP_MAX_FIELDS + 1];
};

/* align.c */
int vsharp_align_apply(struct vsharp_dev *vdev, u32 mask, unsigned int mode);
int vsharp_align_read(struct vsharp_dev *vdev, u32 mask, int *mode);
int vsharp_align_lost(struct vsharp_dev *vdev, u32 *lost);
int vsharp_align_restore(struct vsharp_dev *vdev, u32 *failed);

/* debugfs.c */
int vsharp_dev_debugfs_init(struct vsharp_dev *vdev, struct dentry *root);

/* core.c */
void vsharp_dev_init(struct vsharp_dev *vdev, u32 writable);
void vsharp_dev_destroy(struct vsharp_dev *vdev);

/* emu.c */
struct vsharp_dev *vsharp_emu_create(unsigned int index, const char *gc,
				     int noretry);

/* amdgpu.c */
#ifdef VSHARP_AMDGPU
int vsharp_amdgpu_probe(struct list_head *devs);
#endif

/* rbuf.c */
int vsharp_rbuf_init(struct dentry *root);
void vsharp_rbuf_exit(void);
#if IS_ENABLED(CONFIG_KUNIT)
struct dma_buf *vsharp_rbuf_kunit_export(size_t size, int flags);
#endif

#endif /* VSHARP_H */
