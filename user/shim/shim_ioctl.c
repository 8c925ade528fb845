// SPDX-License-Identifier: MIT
/*
 * ioctl dispatch, as drm_ioctl() does it (Linux drivers/gpu/drm/drm_ioctl.c):
 * the argument is copied in for _IOC_WRITE and out for _IOC_READ, each up
 * to the smaller of the caller's and the kernel's size with the rest of
 * the kernel's copy zeroed, so older and newer callers both work.  The core
 * DRM ioctls the shim answers are here; the amdgpu ones live per concept.
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <amdgpu_drm.h>
#include <drm.h>

#include "shim.h"
#include "base/util.h"

/* What amdgpu_drv.c and i915_drv.h give DRM_IOCTL_VERSION besides the name. */
static const struct {
	const char *driver, *date, *desc;
} driver_text[] = {
	{ "amdgpu", "20150101", "AMD GPU" },
	{ "i915", "20201103", "Intel Graphics" },
	{ "radeon", "20080528", "ATI Radeon" },	/* radeon_drv.h DRIVER_DATE, DRIVER_DESC */
};

/* drm_copy_field(): truncates to the caller's room and reports the full length. */
static void copy_field(char *buf, __kernel_size_t *len, const char *value)
{
	size_t n = strlen(value);
	size_t copy = n < *len ? n : *len;

	*len = n;
	if (copy && buf)
		memcpy(buf, value, copy);
}

static int drm_version(struct shim_file *f, void *arg)
{
	const struct shim_profile *p = shim.profile;
	struct drm_version *v = arg;
	const char *date = "", *desc = "";

	(void)f;
	for (size_t i = 0; i < ARRAY_SIZE(driver_text); i++)
		if (!strcmp(driver_text[i].driver, p->driver)) {
			date = driver_text[i].date;
			desc = driver_text[i].desc;
		}
	v->version_major = p->drm_major;
	v->version_minor = p->drm_minor;
	v->version_patchlevel = p->drm_patch;
	copy_field(v->name, &v->name_len, p->driver);
	copy_field(v->date, &v->date_len, date);
	copy_field(v->desc, &v->desc_len, desc);
	return 0;
}

/*
 * drm_getcap() (drm_ioctl.c): PRIME 0 (the shim has no dma-buf export),
 * syncobjs and timelines 1 (amdgpu_drv.c: DRIVER_SYNCOBJ |
 * DRIVER_SYNCOBJ_TIMELINE; shim_syncobj.c).  amdgpu is a KMS driver, so the
 * KMS caps answer on its render node too; ADDFB2_MODIFIERS is
 * !fb_modifiers_not_supported, which the display code sets for chips
 * before GFX9 (dce_v6_0.c .. dce_v11_0.c; amdgpu_dm_plane.c when
 * get_plane_modifiers() gives none, family < AMDGPU_FAMILY_AI).
 */
static int drm_get_cap(struct shim_file *f, void *arg)
{
	enum { ONE, ZERO, MODIFIERS };
	static const struct {
		uint64_t cap;
		int value;
	} caps[] = {
		{ DRM_CAP_TIMESTAMP_MONOTONIC, ONE },
		{ DRM_CAP_PRIME, ZERO },
		{ DRM_CAP_SYNCOBJ, ONE },
		{ DRM_CAP_SYNCOBJ_TIMELINE, ONE },
		{ DRM_CAP_ADDFB2_MODIFIERS, MODIFIERS },
	};
	struct drm_get_cap *c = arg;

	(void)f;
	for (size_t i = 0; i < ARRAY_SIZE(caps); i++)
		if (caps[i].cap == c->capability) {
			c->value = caps[i].value == ONE ||
				   (caps[i].value == MODIFIERS && shim.profile->family >= AMDGPU_FAMILY_AI);
			return 0;
		}
	return shim_unsupported("DRM_IOCTL_GET_CAP capability %llu",
				(unsigned long long)c->capability);
}

#define CORE(nr, name, type, fn) { nr, name, sizeof(type), fn, false }
#define AMDGPU(nr, name, type, fn) { DRM_COMMAND_BASE + nr, name, sizeof(type), fn, false }

static const struct shim_ioctl_entry ioctls[] = {
	{ 0x00, "VERSION", sizeof(struct drm_version), drm_version, true },
	CORE(0x0c, "GET_CAP", struct drm_get_cap, drm_get_cap),
	CORE(0x09, "GEM_CLOSE", struct drm_gem_close, shim_gem_close),
	AMDGPU(DRM_AMDGPU_GEM_CREATE, "AMDGPU_GEM_CREATE", union drm_amdgpu_gem_create,
	       shim_gem_create),
	AMDGPU(DRM_AMDGPU_GEM_MMAP, "AMDGPU_GEM_MMAP", union drm_amdgpu_gem_mmap, shim_gem_mmap),
	AMDGPU(DRM_AMDGPU_CTX, "AMDGPU_CTX", union drm_amdgpu_ctx, shim_ctx),
	AMDGPU(DRM_AMDGPU_BO_LIST, "AMDGPU_BO_LIST", union drm_amdgpu_bo_list, shim_bo_list),
	AMDGPU(DRM_AMDGPU_CS, "AMDGPU_CS", union drm_amdgpu_cs, shim_cs),
	AMDGPU(DRM_AMDGPU_INFO, "AMDGPU_INFO", struct drm_amdgpu_info, shim_info),
	AMDGPU(DRM_AMDGPU_GEM_METADATA, "AMDGPU_GEM_METADATA", struct drm_amdgpu_gem_metadata,
	       shim_gem_metadata),
	AMDGPU(DRM_AMDGPU_GEM_WAIT_IDLE, "AMDGPU_GEM_WAIT_IDLE", union drm_amdgpu_gem_wait_idle,
	       shim_gem_wait_idle),
	AMDGPU(DRM_AMDGPU_GEM_VA, "AMDGPU_GEM_VA", struct drm_amdgpu_gem_va, shim_gem_va),
	AMDGPU(DRM_AMDGPU_WAIT_CS, "AMDGPU_WAIT_CS", union drm_amdgpu_wait_cs, shim_wait_cs),
	AMDGPU(DRM_AMDGPU_GEM_OP, "AMDGPU_GEM_OP", struct drm_amdgpu_gem_op, shim_gem_op),
	AMDGPU(DRM_AMDGPU_GEM_USERPTR, "AMDGPU_GEM_USERPTR", struct drm_amdgpu_gem_userptr,
	       shim_gem_userptr),
	AMDGPU(DRM_AMDGPU_VM, "AMDGPU_VM", union drm_amdgpu_vm, shim_vm),
	AMDGPU(DRM_AMDGPU_FENCE_TO_HANDLE, "AMDGPU_FENCE_TO_HANDLE", union drm_amdgpu_fence_to_handle,
	       shim_fence_to_handle),
	AMDGPU(DRM_AMDGPU_WAIT_FENCES, "AMDGPU_WAIT_FENCES", union drm_amdgpu_wait_fences,
	       shim_wait_fences),
};

static const struct shim_ioctl_entry *find(unsigned long request)
{
	if (_IOC_TYPE(request) != DRM_IOCTL_BASE)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(ioctls); i++)
		if (ioctls[i].nr == _IOC_NR(request))
			return &ioctls[i];
	return shim_syncobj_ioctl(_IOC_NR(request));
}

const char *shim_ioctl_name(unsigned long request)
{
	const struct shim_ioctl_entry *e = find(request);

	return e ? e->name : "(unknown)";
}

int shim_ioctl(struct shim_file *f, unsigned long request, void *arg)
{
	const struct shim_ioctl_entry *e = find(request);
	union {
		union drm_amdgpu_cs cs;
		struct drm_amdgpu_info info;
		struct drm_amdgpu_gem_metadata metadata;
		struct drm_version version;
		char bytes[256];
	} k;
	size_t usize = _IOC_SIZE(request), n;
	int ret;

	if (!e)
		return shim_unsupported("ioctl 0x%lx (type '%c', nr 0x%x, %zu bytes)", request,
					(int)_IOC_TYPE(request), (unsigned)_IOC_NR(request), usize);
	if (!e->any_driver && strcmp(shim.profile->driver, "amdgpu"))
		return shim_unsupported("%s on a %s node", e->name, shim.profile->driver);
	_Static_assert(sizeof(k) >= sizeof(union drm_amdgpu_wait_fences), "k too small");
	n = usize < e->size ? usize : e->size;
	memset(&k, 0, sizeof(k));
	if (_IOC_DIR(request) & _IOC_WRITE)
		memcpy(&k, arg, n);
	ret = e->fn(f, &k);
	/* Like drm_ioctl(), the copy back happens on errors too. */
	if (_IOC_DIR(request) & _IOC_READ)
		memcpy(arg, &k, n);
	return ret;
}
