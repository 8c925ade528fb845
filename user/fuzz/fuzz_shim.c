// SPDX-License-Identifier: MIT
/*
 * The amdgpu shim's ioctl handlers (user/shim), called as its ioctl()
 * interposer calls them: shim_ioctl() on a drm_file, with a sequence of up
 * to 16 fuzzed ioctls per input on a fresh file and a fuzzed chip profile.
 * The argument of each is fuzzed whole, in an exact-size block of the size
 * the request number claims (the kernel's, or ending at an earlier 8-byte
 * field, or larger); the pointers inside it (VERSION strings, BO_LIST
 * entries, CS chunks, their data and a BO_HANDLES chunk's entries, INFO's
 * return buffer, WAIT_FENCES' fences, GEM_OP's value)
 * point at exact-size blocks of the sizes the argument itself gives, as a
 * program's own memory would, with counts and sizes bounded (8 BO list
 * entries, 4 chunks of 16 dwords, 512-byte INFO answers, 1 MiB buffers).
 * A "CPU write" step stores fuzzed bytes into a buffer, as a program does
 * through its mapping, so that command submissions run real IBs on the
 * emulated GPU, which the harness creates with explicit bounds (3 000
 * instructions per wave, 64 waves, 12 000 instructions per IB).  The
 * fault-injection setting (VSHARP_SHIM_FAULT) is parsed from fuzzed text.
 * Invariants: every ioctl returns 0 or a negative errno; the file's
 * release frees everything (LeakSanitizer); no crash or undefined
 * behaviour.  shim_libc.c is not linked (this program is not interposed);
 * shim_real_open/close/mmap/write call libc directly.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <amdgpu_drm.h>
#include <drm.h>

#include "fuzz.h"
#include "shim.h"
#include "vsharp/gpu.h"

#define MAX_OPS 16
#define MAX_BO (1u << 20)

int shim_real_open(const char *path, int flags, mode_t mode)
{
	return open(path, flags, mode);
}

int shim_real_close(int fd)
{
	return close(fd);
}

void *shim_real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	return mmap(addr, len, prot, flags, fd, offset);
}

ssize_t shim_real_write(int fd, const void *buf, size_t len)
{
	return write(fd, buf, len);
}

enum step {
	S_VERSION, S_GET_CAP, S_GEM_CREATE, S_GEM_MMAP, S_CTX, S_BO_LIST, S_CS, S_INFO,
	S_GEM_METADATA, S_GEM_WAIT_IDLE, S_GEM_VA, S_WAIT_CS, S_GEM_OP, S_GEM_USERPTR,
	S_WAIT_FENCES, S_GEM_CLOSE, S_CPU_WRITE, S_FAULT, S_COUNT,
};

static const unsigned long requests[] = {
	[S_VERSION] = DRM_IOCTL_VERSION,
	[S_GET_CAP] = DRM_IOCTL_GET_CAP,
	[S_GEM_CREATE] = DRM_IOCTL_AMDGPU_GEM_CREATE,
	[S_GEM_MMAP] = DRM_IOCTL_AMDGPU_GEM_MMAP,
	[S_CTX] = DRM_IOCTL_AMDGPU_CTX,
	[S_BO_LIST] = DRM_IOCTL_AMDGPU_BO_LIST,
	[S_CS] = DRM_IOCTL_AMDGPU_CS,
	[S_INFO] = DRM_IOCTL_AMDGPU_INFO,
	[S_GEM_METADATA] = DRM_IOCTL_AMDGPU_GEM_METADATA,
	[S_GEM_WAIT_IDLE] = DRM_IOCTL_AMDGPU_GEM_WAIT_IDLE,
	[S_GEM_VA] = DRM_IOCTL_AMDGPU_GEM_VA,
	[S_WAIT_CS] = DRM_IOCTL_AMDGPU_WAIT_CS,
	[S_GEM_OP] = DRM_IOCTL_AMDGPU_GEM_OP,
	[S_GEM_USERPTR] = DRM_IOCTL_AMDGPU_GEM_USERPTR,
	[S_WAIT_FENCES] = DRM_IOCTL_AMDGPU_WAIT_FENCES,
	[S_GEM_CLOSE] = DRM_IOCTL_GEM_CLOSE,
};

/* Blocks the pointers of one ioctl point at; freed after it. */
struct blocks {
	void *p[24];
	unsigned n;
};

static void *block(struct blocks *b, size_t size, struct fuzz_in *in)
{
	uint8_t *p = malloc(size ? size : 1);

	if (!p || b->n == sizeof(b->p) / sizeof(b->p[0]))
		fuzz_fail("out of blocks");
	for (size_t i = 0; i < size; i++)
		p[i] = fuzz_u8(in);
	b->p[b->n++] = p;
	return p;
}

static uint64_t ptr(void *p)
{
	return (uint64_t)(uintptr_t)p;
}

/* Bounds the argument's counts and sizes and points its pointers at blocks. */
static void fix_pointers(enum step s, void *arg, size_t size, struct blocks *b, struct fuzz_in *in)
{
	union {
		struct drm_version version;
		union drm_amdgpu_gem_create create;
		union drm_amdgpu_bo_list list;
		union drm_amdgpu_cs cs;
		struct drm_amdgpu_info info;
		struct drm_amdgpu_gem_op op;
		union drm_amdgpu_wait_fences fences;
		uint8_t bytes[256];
	} a;

	memset(&a, 0, sizeof(a));
	memcpy(&a, arg, size < sizeof(a) ? size : sizeof(a));
	switch (s) {
	case S_VERSION:
		a.version.name_len %= 64;
		a.version.date_len %= 64;
		a.version.desc_len %= 64;
		a.version.name = block(b, a.version.name_len, in);
		a.version.date = block(b, a.version.date_len, in);
		a.version.desc = block(b, a.version.desc_len, in);
		break;
	case S_GEM_CREATE:
		a.create.in.bo_size %= MAX_BO + 1;
		break;
	case S_BO_LIST:
		a.list.in.bo_number %= 9;
		a.list.in.bo_info_size %= 33;
		a.list.in.bo_info_ptr = ptr(block(b, (size_t)a.list.in.bo_number * a.list.in.bo_info_size, in));
		break;
	case S_CS: {
		uint64_t *chunks;

		a.cs.in.num_chunks %= 5;
		chunks = block(b, 8 * a.cs.in.num_chunks, in);
		for (unsigned i = 0; i < a.cs.in.num_chunks; i++) {
			struct drm_amdgpu_cs_chunk *c = block(b, sizeof(*c), in);

			c->length_dw %= 17;
			c->chunk_data = ptr(block(b, 4 * c->length_dw, in));
			/* A BO_HANDLES chunk is a bo_list_in with a pointer of its own. */
			if (c->chunk_id == AMDGPU_CHUNK_ID_BO_HANDLES &&
			    4 * c->length_dw >= sizeof(struct drm_amdgpu_bo_list_in)) {
				struct drm_amdgpu_bo_list_in *l = (void *)(uintptr_t)c->chunk_data;

				l->bo_number %= 9;
				l->bo_info_size %= 33;
				l->bo_info_ptr = ptr(block(b, (size_t)l->bo_number * l->bo_info_size, in));
			}
			chunks[i] = ptr(c);
		}
		a.cs.in.chunks = ptr(chunks);
		break;
	}
	case S_INFO:
		a.info.return_size %= 513;
		a.info.return_pointer = ptr(block(b, a.info.return_size, in));
		break;
	case S_GEM_OP:
		a.op.value = ptr(block(b, sizeof(struct drm_amdgpu_gem_create_in), in));
		break;
	case S_WAIT_FENCES:
		a.fences.in.fence_count %= 5;
		a.fences.in.fences = ptr(block(b, a.fences.in.fence_count * sizeof(struct drm_amdgpu_fence), in));
		break;
	default:
		return;
	}
	memcpy(arg, &a, size < sizeof(a) ? size : sizeof(a));
}

/* The emulated GPU with explicit bounds, for the profile's level. */
static void bounded_gpu(void)
{
	struct vsharp_gpu_config cfg;
	struct vsharp_error err = { "" };

	if (shim.gpu && vsharp_gpu_config(shim.gpu)->level == shim.profile->level &&
	    vsharp_gpu_config(shim.gpu)->lds_per_cu == shim.profile->lds_per_cu)
		return;
	vsharp_gpu_destroy(shim.gpu);
	shim.gpu = NULL;
	/* i915 and radeon nodes have no amdgpu GPU: their CS fails as the shim's would. */
	if (!shim.profile->driver || strcmp(shim.profile->driver, "amdgpu"))
		return;
	vsharp_gpu_config_default(shim.profile->level, &cfg);
	cfg.lds_per_cu = shim.profile->lds_per_cu;
	cfg.max_wave_instructions = 3000;
	cfg.max_waves = 64;
	cfg.max_ib_instructions = 12000;
	if (vsharp_gpu_create(&cfg, &shim.gpu, &err))
		fuzz_fail("gpu: %s", err.msg);
}

static void ioctl_step(struct shim_file *f, enum step s, struct fuzz_in *in)
{
	unsigned long req = requests[s];
	size_t size = _IOC_SIZE(req);
	struct blocks b = { .n = 0 };
	uint8_t *arg;
	int ret;

	/*
	 * Callers built against older or newer headers pass other sizes: a
	 * struct ending at an earlier or later 8-byte field (the pointers are
	 * 8-byte fields, copied whole or not at all).
	 */
	switch (fuzz_below(in, 4)) {
	case 1:
		size = fuzz_below(in, (unsigned)size / 8 + 1) * 8;
		break;
	case 2:
		size += 8 * fuzz_below(in, 8);
		break;
	default:
		break;
	}
	req = _IOC(_IOC_DIR(req), _IOC_TYPE(req), _IOC_NR(req), size);
	arg = block(&b, size, in);
	fix_pointers(s, arg, size, &b, in);
	ret = shim_ioctl(f, req, arg);
	if (ret > 0 || ret < -4095)
		fuzz_fail("%s returned %d", shim_ioctl_name(req), ret);
	for (unsigned i = 0; i < b.n; i++)
		free(b.p[i]);
}

static void cpu_write(struct shim_file *f, struct fuzz_in *in)
{
	uint32_t handle = fuzz_u32(in);
	uint64_t offset = fuzz_u32(in);
	unsigned n = fuzz_below(in, 4097);
	struct shim_bo *bo = shim_bo_lookup(f, handle);

	if (!bo || offset >= bo->size)
		return;
	for (unsigned i = 0; i < n && offset + i < bo->size; i++)
		bo->host[offset + i] = fuzz_u8(in);
}

static void fault(struct fuzz_in *in)
{
	char spec[32];
	unsigned n = fuzz_below(in, sizeof(spec));
	int ret;

	for (unsigned i = 0; i < n; i++)
		spec[i] = (char)fuzz_u8(in);
	spec[n] = '\0';
	ret = shim_fault_parse(spec);
	if (ret && ret != -EINVAL)
		fuzz_fail("shim_fault_parse(\"%s\") returned %d", spec, ret);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct shim_file *f;

	shim.profile = shim_profile_find(shim_profiles[fuzz_below(&in, (unsigned)shim_profile_count)].name);
	/* A profile whose node cannot be opened never reaches an ioctl. */
	if (shim.profile->open_errno)
		return 0;
	bounded_gpu();
	shim_fault_parse(NULL);
	f = shim_file_new();
	if (!f)
		return 0;
	for (unsigned i = 0; i < MAX_OPS && in.n; i++) {
		enum step s = (enum step)fuzz_below(&in, S_COUNT);

		if (s == S_CPU_WRITE)
			cpu_write(f, &in);
		else if (s == S_FAULT)
			fault(&in);
		else
			ioctl_step(f, s, &in);
	}
	shim_file_release(f);
	return 0;
}

/* ---- Seeds: libdrm's start-up, then a one-wave dispatch as vsharp run submits it ---- */

static void put_step(struct fuzz_seed *s, enum step st, const void *arg, size_t n)
{
	fuzz_put_u8(s, (uint8_t)st);
	fuzz_put_u8(s, 0);
	fuzz_put_bytes(s, arg, n);
}

static void put_info(struct fuzz_seed *s, uint32_t query, uint32_t size)
{
	struct drm_amdgpu_info q;

	memset(&q, 0, sizeof(q));
	q.query = query;
	q.return_size = size;
	if (query == AMDGPU_INFO_READ_MMR_REG) {
		q.read_mmr_reg.dword_offset = 0x263e;
		q.read_mmr_reg.count = 1;
		q.read_mmr_reg.instance = 0xffffffff;
	}
	put_step(s, S_INFO, &q, sizeof(q));
	for (uint32_t i = 0; i < size; i++)
		fuzz_put_u8(s, 0);
}

static void put_bo(struct fuzz_seed *s, uint32_t domain, uint64_t va, uint32_t flags)
{
	union drm_amdgpu_gem_create c;
	struct drm_amdgpu_gem_va v;
	static uint32_t handle;

	memset(&c, 0, sizeof(c));
	c.in.bo_size = 4096;
	c.in.alignment = 4096;
	c.in.domains = domain;
	put_step(s, S_GEM_CREATE, &c, sizeof(c));
	memset(&v, 0, sizeof(v));
	v.handle = ++handle;
	v.operation = AMDGPU_VA_OP_MAP;
	v.flags = flags;
	v.va_address = va;
	v.map_size = 4096;
	put_step(s, S_GEM_VA, &v, sizeof(v));
}

void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	static const uint32_t query[] = {
		AMDGPU_INFO_ACCEL_WORKING, AMDGPU_INFO_DEV_INFO, AMDGPU_INFO_READ_MMR_REG,
		AMDGPU_INFO_HW_IP_INFO, AMDGPU_INFO_VRAM_GTT, AMDGPU_INFO_MEMORY,
		AMDGPU_INFO_VRAM_LOST_COUNTER,
	};
	char name[64];

	for (size_t p = 0; p < shim_profile_count; p++) {
		struct drm_version v;

		fuzz_put_u8(&s, (uint8_t)p);
		memset(&v, 0, sizeof(v));
		v.name_len = v.date_len = v.desc_len = 32;
		put_step(&s, S_VERSION, &v, sizeof(v));
		for (unsigned i = 0; i < 96; i++)
			fuzz_put_u8(&s, 0);
		for (size_t i = 0; i < sizeof(query) / sizeof(query[0]); i++)
			put_info(&s, query[i], 64);
		snprintf(name, sizeof(name), "init-%s", shim_profiles[p].name);
		fuzz_seed_write(&s, name);
	}
	/* gfx1030: code (RX), data (RW), IB (R); an IB of one DISPATCH_DIRECT-less NOP run. */
	{
		union drm_amdgpu_ctx ctx;
		union drm_amdgpu_cs cs;
		struct drm_amdgpu_cs_chunk chunk;
		struct drm_amdgpu_cs_chunk_ib ib;
		union drm_amdgpu_wait_cs w;
		static const uint32_t nops[8] = {
			0xffff1000, 0xffff1000, 0xffff1000, 0xffff1000,
			0xffff1000, 0xffff1000, 0xffff1000, 0xffff1000,
		};
		size_t gfx1030 = 0;

		while (gfx1030 < shim_profile_count && strcmp(shim_profiles[gfx1030].name, "gfx1030"))
			gfx1030++;
		fuzz_put_u8(&s, (uint8_t)gfx1030);
		memset(&ctx, 0, sizeof(ctx));
		ctx.in.op = AMDGPU_CTX_OP_ALLOC_CTX;
		put_step(&s, S_CTX, &ctx, sizeof(ctx));
		put_bo(&s, AMDGPU_GEM_DOMAIN_GTT, 0x100000,
		       AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_EXECUTABLE);
		put_bo(&s, AMDGPU_GEM_DOMAIN_GTT, 0x200000,
		       AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE);
		put_bo(&s, AMDGPU_GEM_DOMAIN_GTT, 0x300000, AMDGPU_VM_PAGE_READABLE);
		fuzz_put_u8(&s, S_CPU_WRITE);
		fuzz_put_u32(&s, 3);
		fuzz_put_u32(&s, 0);
		fuzz_put_u16(&s, sizeof(nops));
		fuzz_put_bytes(&s, nops, sizeof(nops));
		memset(&cs, 0, sizeof(cs));
		cs.in.ctx_id = 1;
		cs.in.num_chunks = 1;
		put_step(&s, S_CS, &cs, sizeof(cs));
		fuzz_put_bytes(&s, (uint64_t[]){ 0 }, 8);
		memset(&chunk, 0, sizeof(chunk));
		chunk.chunk_id = AMDGPU_CHUNK_ID_IB;
		chunk.length_dw = sizeof(ib) / 4;
		fuzz_put_bytes(&s, &chunk, sizeof(chunk));
		memset(&ib, 0, sizeof(ib));
		ib.va_start = 0x300000;
		ib.ib_bytes = sizeof(nops);
		ib.ip_type = AMDGPU_HW_IP_COMPUTE;
		fuzz_put_bytes(&s, &ib, sizeof(ib));
		memset(&w, 0, sizeof(w));
		w.in.handle = 1;
		w.in.ctx_id = 1;
		w.in.ip_type = AMDGPU_HW_IP_COMPUTE;
		put_step(&s, S_WAIT_CS, &w, sizeof(w));
		fuzz_seed_write(&s, "cs-gfx1030");
	}
}
