// SPDX-License-Identifier: MIT
/*
 * The amdgpu shim under the unmodified libdrm_amdgpu, one KTAP case per
 * process: the parent re-executes itself for each case with the case's
 * VSHARP_SHIM_CHIP and VSHARP_SHIM_FAULT (the shim reads them when it
 * loads), so every case starts from a fresh "kernel".  Run by
 * run_shim.sh with the shim in LD_PRELOAD; expected values come from the
 * kernel uapi, Linux 6.1's amdgpu sources and the chips' public ids, not
 * from the shim's own table.
 */
#define _GNU_SOURCE	/* setenv, fork/exec helpers */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <amdgpu.h>
#include <amdgpu_drm.h>
#include <xf86drm.h>

#include "ktap.h"
#include "vsharp/error.h"
#include "vsharp/pm4.h"

#define NODE "/dev/dri/renderD128"
#define PAGE 4096u
#define NOP_IB_DW 8

struct dev {
	int fd;
	amdgpu_device_handle h;
	uint32_t major, minor;
};

struct buf {
	amdgpu_bo_handle bo;
	amdgpu_va_handle va_handle;
	uint64_t va;
	uint32_t *cpu;
};

static bool dev_open(struct ktap *t, struct dev *d)
{
	d->fd = open(NODE, O_RDWR | O_CLOEXEC);
	if (!CHECK_MSG(t, d->fd >= 0, "open %s: %s", NODE, strerror(errno)))
		return false;
	d->h = NULL;
	return CHECK(t, amdgpu_device_initialize(d->fd, &d->major, &d->minor, &d->h) == 0);
}

static void dev_close(struct dev *d)
{
	if (d->h)
		amdgpu_device_deinitialize(d->h);
	close(d->fd);
}

static int buf_make(struct dev *d, uint32_t domain, uint64_t flags, uint32_t va_flags, struct buf *b)
{
	struct amdgpu_bo_alloc_request req = { .alloc_size = PAGE, .phys_alignment = PAGE,
					       .preferred_heap = domain, .flags = flags };
	void *cpu = NULL;
	int r;

	memset(b, 0, sizeof(*b));
	r = amdgpu_bo_alloc(d->h, &req, &b->bo);
	if (r)
		return r;
	r = amdgpu_va_range_alloc(d->h, amdgpu_gpu_va_range_general, PAGE, PAGE, 0, &b->va,
				  &b->va_handle, 0);
	if (!r && va_flags)
		r = amdgpu_bo_va_op_raw(d->h, b->bo, 0, PAGE, b->va, va_flags, AMDGPU_VA_OP_MAP);
	if (!r)
		r = amdgpu_bo_cpu_map(b->bo, &cpu);
	b->cpu = cpu;
	return r;
}

static void buf_free(struct buf *b)
{
	if (b->cpu)
		amdgpu_bo_cpu_unmap(b->bo);
	if (b->va_handle)
		amdgpu_va_range_free(b->va_handle);
	if (b->bo)
		amdgpu_bo_free(b->bo);
}

static const uint32_t rwx = AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE |
			    AMDGPU_VM_PAGE_EXECUTABLE;

/* A compute IB of NOPs: one type-3 NOP (opcode 0x10) whose body fills it. */
static void nop_ib(uint32_t *ib)
{
	ib[0] = (3u << 30) | ((NOP_IB_DW - 2) << 16) | (0x10 << 8);
	for (unsigned i = 1; i < NOP_IB_DW; i++)
		ib[i] = 0;
}

/* Submits IB on compute ring 0 with LIST (which may be NULL); returns the errno. */
static int submit(amdgpu_context_handle ctx, const struct buf *ib, amdgpu_bo_list_handle list,
		  uint64_t *seq)
{
	struct amdgpu_cs_ib_info info = { .ib_mc_address = ib->va, .size = NOP_IB_DW };
	struct amdgpu_cs_request req = { .ip_type = AMDGPU_HW_IP_COMPUTE, .resources = list,
					 .number_of_ibs = 1, .ibs = &info };
	int r = amdgpu_cs_submit(ctx, 0, &req, 1);

	*seq = req.seq_no;
	return r;
}

static int wait_fence(amdgpu_context_handle ctx, uint64_t seq, uint32_t *expired)
{
	struct amdgpu_cs_fence f = { .context = ctx, .ip_type = AMDGPU_HW_IP_COMPUTE, .fence = seq };

	*expired = 0;
	return amdgpu_cs_query_fence_status(&f, 10000000000ull, 0, expired);
}

static uint64_t reset_flags(amdgpu_context_handle ctx)
{
	uint64_t flags = ~0ull;

	amdgpu_cs_query_reset_state2(ctx, &flags);
	return flags;
}

/* A NOP IB in GTT, resident through a one-entry BO list; *seq its fence. */
struct job {
	amdgpu_context_handle ctx;
	struct buf ib;
	amdgpu_bo_list_handle list;
};

static bool job_make(struct ktap *t, struct dev *d, struct job *j)
{
	memset(j, 0, sizeof(*j));
	if (!CHECK(t, amdgpu_cs_ctx_create(d->h, &j->ctx) == 0) ||
	    !CHECK(t, buf_make(d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &j->ib) == 0))
		return false;
	nop_ib(j->ib.cpu);
	return CHECK(t, amdgpu_bo_list_create(d->h, 1, &j->ib.bo, NULL, &j->list) == 0);
}

static void job_free(struct job *j)
{
	if (j->list)
		amdgpu_bo_list_destroy(j->list);
	buf_free(&j->ib);
	if (j->ctx)
		amdgpu_cs_ctx_free(j->ctx);
}

/* Cases. */

static void test_init_and_queries(struct ktap *t)
{
	struct drm_amdgpu_info_hw_ip hw;
	struct amdgpu_gpu_info gpu;
	struct amdgpu_heap_info heap;
	drmVersionPtr v;
	struct dev d;
	uint32_t count = 0, ver = 0, feat = 0;

	if (!dev_open(t, &d))
		return;
	/* Debian 12's Linux 6.1: KMS_DRIVER 3.49. */
	CHECK_EQ(t, d.major, 3);
	CHECK_EQ(t, d.minor, 49);
	v = drmGetVersion(d.fd);
	CHECK_STR(t, v ? v->name : NULL, "amdgpu");
	drmFreeVersion(v);
	CHECK_EQ(t, amdgpu_query_gpu_info(d.h, &gpu), 0);
	CHECK_EQ(t, gpu.family_id, AMDGPU_FAMILY_NV);
	CHECK_EQ(t, gpu.chip_external_rev, 0x28);	/* nv.c Sienna Cichlid: rev_id + 0x28 */
	CHECK_EQ(t, gpu.asic_id, 0x73bf);
	CHECK_EQ(t, gpu.pci_rev_id, 0xc0);
	CHECK_EQ(t, gpu.vram_type, AMDGPU_VRAM_TYPE_GDDR6);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_COMPUTE, 0, &hw), 0);
	CHECK_EQ(t, hw.hw_ip_version_major, 10);
	CHECK_EQ(t, hw.available_rings, 0xf);		/* amdgpu_ctx_num_entities: 4 */
	CHECK_EQ(t, hw._pad, 0x0a0300);			/* ip_discovery_version GC 10.3.0 */
	CHECK_EQ(t, amdgpu_query_hw_ip_count(d.h, AMDGPU_HW_IP_COMPUTE, &count), 0);
	CHECK_EQ(t, count, 1);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_NUM, 0, &hw), -EINVAL);
	CHECK_EQ(t, amdgpu_query_firmware_version(d.h, AMDGPU_INFO_FW_GFX_MEC, 0, 0, &ver, &feat), 0);
	CHECK(t, ver != 0);
	CHECK_EQ(t, amdgpu_query_firmware_version(d.h, AMDGPU_INFO_FW_GFX_MEC, 1, 0, &ver, &feat),
		 -EINVAL);
	CHECK_EQ(t, amdgpu_query_heap_info(d.h, AMDGPU_GEM_DOMAIN_VRAM, 0, &heap), 0);
	/* 16 GiB less amdgpu_vm.h AMDGPU_VM_RESERVED_VRAM (8 MiB). */
	CHECK_EQ(t, heap.heap_size, (16ull << 30) - (8ull << 20));
	dev_close(&d);
}

static void test_dev_info_va_range(struct ktap *t)
{
	struct drm_amdgpu_info_device info;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	memset(&info, 0, sizeof(info));
	CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_DEV_INFO, sizeof(info), &info), 0);
	/* amdgpu_kms.c with a 48-bit VM: 2 MiB reserved at the bottom and top, the hole between. */
	CHECK_EQ(t, info.virtual_address_offset, 2ull << 20);
	CHECK_EQ(t, info.virtual_address_max, 0x800000000000ull);
	CHECK_EQ(t, info.high_va_offset, 0xffff800000000000ull);
	CHECK_EQ(t, info.high_va_max, 0xffffffffffe00000ull);
	CHECK_EQ(t, info.wave_front_size, 32);
	CHECK_EQ(t, info.cu_active_number, 80);
	CHECK_EQ(t, info.num_shader_engines, 4);
	dev_close(&d);
}

static void test_bo_cpu_and_gpu_bytes(struct ktap *t)
{
	struct buf clear, dirty, gtt;
	struct dev d;
	bool all_zero = true, any_zero_page = true, gtt_zero = true;

	if (!dev_open(t, &d))
		return;
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_VRAM,
			     AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED | AMDGPU_GEM_CREATE_VRAM_CLEARED, rwx,
			     &clear), 0);
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_VRAM, AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED, rwx,
			     &dirty), 0);
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &gtt), 0);
	if (clear.cpu && dirty.cpu && gtt.cpu) {
		for (unsigned i = 0; i < PAGE / 4; i++) {
			all_zero &= clear.cpu[i] == 0;
			any_zero_page &= dirty.cpu[i] == 0;
			gtt_zero &= gtt.cpu[i] == 0;
		}
		CHECK_MSG(t, all_zero, "a VRAM_CLEARED buffer reads zero");
		CHECK_MSG(t, !any_zero_page, "an uncleared VRAM buffer holds stale bytes, not zeroes");
		/* ttm_bo_handle_move_mem: a TT created on the move from SYSTEM is zeroed */
		CHECK_MSG(t, gtt_zero, "a GTT buffer reads zero");
		clear.cpu[5] = 0x12345678;
		CHECK_EQ(t, clear.cpu[5], 0x12345678);
	}
	buf_free(&clear);
	buf_free(&dirty);
	buf_free(&gtt);
	dev_close(&d);
}

static int va_op(struct dev *d, amdgpu_bo_handle bo, uint64_t va, uint64_t size, uint32_t flags,
		 uint32_t op)
{
	return amdgpu_bo_va_op_raw(d->h, bo, 0, size, va, flags, op);
}

static void test_va_refusals(struct ktap *t)
{
	struct buf b;
	struct dev d;
	uint64_t va;

	if (!dev_open(t, &d))
		return;
	if (!CHECK(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &b) == 0))
		goto out;
	va = b.va;
	/* amdgpu_vm_bo_map(): an overlap with an existing mapping. */
	CHECK_EQ(t, va_op(&d, b.bo, va, PAGE, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	/* amdgpu_vm_verify_parameters(): page alignment, size 0, past the BO. */
	CHECK_EQ(t, va_op(&d, b.bo, va + PAGE * 16 + 8, PAGE, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	CHECK_EQ(t, va_op(&d, b.bo, va + PAGE * 16, 0, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	CHECK_EQ(t, va_op(&d, b.bo, va + PAGE * 16, 2 * PAGE, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	/* amdgpu_gem_va_ioctl(): an unknown flag, the reserved bottom, the hole. */
	CHECK_EQ(t, va_op(&d, b.bo, va + PAGE * 16, PAGE, rwx | (1u << 10), AMDGPU_VA_OP_MAP),
		 -EINVAL);
	CHECK_EQ(t, va_op(&d, b.bo, PAGE, PAGE, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	CHECK_EQ(t, va_op(&d, b.bo, 0x800000000000ull, PAGE, rwx, AMDGPU_VA_OP_MAP), -EINVAL);
	/* amdgpu_vm_bo_unmap(): no mapping of this BO starts there. */
	CHECK_EQ(t, va_op(&d, b.bo, va + PAGE * 16, PAGE, 0, AMDGPU_VA_OP_UNMAP), -ENOENT);
	/* REPLACE and CLEAR over the existing mapping work; UNMAP then finds nothing. */
	CHECK_EQ(t, va_op(&d, b.bo, va, PAGE, AMDGPU_VM_PAGE_READABLE, AMDGPU_VA_OP_REPLACE), 0);
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, NULL, 0, PAGE, va, 0, AMDGPU_VA_OP_CLEAR), 0);
	CHECK_EQ(t, va_op(&d, b.bo, va, PAGE, 0, AMDGPU_VA_OP_UNMAP), -ENOENT);
	CHECK_EQ(t, va_op(&d, b.bo, va, PAGE, rwx, AMDGPU_VA_OP_MAP), 0);
	CHECK_EQ(t, va_op(&d, b.bo, va, PAGE, 0, AMDGPU_VA_OP_UNMAP), 0);
	buf_free(&b);
out:
	dev_close(&d);
}

static int userptr(int fd, void *addr, uint64_t size, uint32_t flags, uint32_t *handle)
{
	struct drm_amdgpu_gem_userptr up = { .addr = (uintptr_t)addr, .size = size, .flags = flags };
	int r = drmCommandWriteRead(fd, DRM_AMDGPU_GEM_USERPTR, &up, sizeof(up));

	*handle = up.handle;
	return r;
}

/*
 * amdgpu_gem_userptr_ioctl() on Debian 12's kernel (CONFIG_DRM_AMDGPU_USERPTR=y):
 * its checks, then a BO of the process's own pages.  The GPU runs an IB
 * from them: what the program writes there after creating the BO is what
 * the job executes.
 */
static void test_userptr_and_sizes(struct ktap *t)
{
	const uint32_t libdrm = AMDGPU_GEM_USERPTR_ANONONLY | AMDGPU_GEM_USERPTR_REGISTER |
				AMDGPU_GEM_USERPTR_VALIDATE;
	struct amdgpu_bo_alloc_request req = { .alloc_size = 64ull << 30, .phys_alignment = PAGE,
					       .preferred_heap = AMDGPU_GEM_DOMAIN_VRAM };
	struct drm_amdgpu_gem_create_in info;
	amdgpu_bo_handle bo = NULL, ubo = NULL;
	amdgpu_bo_list_handle list = NULL;
	amdgpu_context_handle ctx = NULL;
	amdgpu_va_handle vah = NULL;
	uint32_t handle = 0, expired = 0;
	uint64_t va = 0, seq = 0;
	struct buf ib;
	struct dev d;
	uint32_t *mem;
	void *cpu = NULL, *hole, *file;
	int memfd;

	if (!dev_open(t, &d))
		return;
	mem = aligned_alloc(PAGE, 2 * PAGE);
	memset(mem, 0, 2 * PAGE);
	/* offset_in_page(addr | size), unknown flags: -EINVAL; writable without REGISTER: -EACCES. */
	CHECK_EQ(t, userptr(d.fd, (char *)mem + 4, PAGE, libdrm, &handle), -EINVAL);
	CHECK_EQ(t, userptr(d.fd, mem, PAGE + 4, libdrm, &handle), -EINVAL);
	CHECK_EQ(t, userptr(d.fd, mem, PAGE, libdrm | (1u << 4), &handle), -EINVAL);
	CHECK_EQ(t, userptr(d.fd, mem, PAGE, AMDGPU_GEM_USERPTR_VALIDATE, &handle), -EACCES);
	CHECK_EQ(t, userptr(d.fd, mem, PAGE, AMDGPU_GEM_USERPTR_READONLY, &handle), 0);
	CHECK(t, handle != 0);
	/* amdgpu_ttm_tt_get_user_pages(): no VMA -EFAULT, a file's pages with ANONONLY -EPERM. */
	hole = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(hole, PAGE);
	CHECK_EQ(t, userptr(d.fd, hole, PAGE, libdrm, &handle), -EFAULT);
	memfd = memfd_create("shim-test-userptr", MFD_CLOEXEC);
	CHECK_EQ(t, ftruncate(memfd, PAGE), 0);
	file = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
	CHECK_EQ(t, userptr(d.fd, file, PAGE, libdrm, &handle), -EPERM);
	CHECK_EQ(t, userptr(d.fd, file, PAGE, libdrm & ~AMDGPU_GEM_USERPTR_ANONONLY, &handle), 0);
	munmap(file, PAGE);
	close(memfd);

	/* libdrm's amdgpu_create_bo_from_user_mem(): ANONONLY | REGISTER | VALIDATE. */
	if (!CHECK(t, amdgpu_create_bo_from_user_mem(d.h, mem, 2 * PAGE, &ubo) == 0))
		goto out;
	CHECK_EQ(t, amdgpu_bo_query_info(ubo, &(struct amdgpu_bo_info){ 0 }), 0);
	CHECK_EQ(t, amdgpu_bo_cpu_map(ubo, &cpu), -EPERM);	/* amdgpu_gem_mmap_ioctl() */
	{
		struct drm_amdgpu_gem_op op = { .op = AMDGPU_GEM_OP_GET_GEM_CREATE_INFO,
						.value = (uintptr_t)&info };

		CHECK_EQ(t, amdgpu_bo_export(ubo, amdgpu_bo_handle_type_kms, &op.handle), 0);
		CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_GEM_OP, &op, sizeof(op)), 0);
		CHECK_EQ(t, info.domains, AMDGPU_GEM_DOMAIN_GTT);	/* preferred_domains */
		CHECK_EQ(t, info.bo_size, 2 * PAGE);
	}
	CHECK_EQ(t, amdgpu_va_range_alloc(d.h, amdgpu_gpu_va_range_general, 2 * PAGE, PAGE, 0, &va,
					  &vah, 0), 0);
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, ubo, 0, 2 * PAGE, va, rwx, AMDGPU_VA_OP_MAP), 0);
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &ctx), 0);
	CHECK_EQ(t, amdgpu_bo_list_create(d.h, 1, &ubo, NULL, &list), 0);
	/* The user's bytes are the IB: NOPs written after the BO was made run. */
	nop_ib(mem + PAGE / 4);
	ib = (struct buf){ .va = va + PAGE };
	CHECK_EQ(t, submit(ctx, &ib, list, &seq), 0);
	CHECK_EQ(t, wait_fence(ctx, seq, &expired), 0);
	CHECK_EQ(t, expired, 1);
	CHECK_EQ(t, reset_flags(ctx), 0);
	amdgpu_bo_list_destroy(list);
	amdgpu_bo_va_op_raw(d.h, ubo, 0, 2 * PAGE, va, 0, AMDGPU_VA_OP_UNMAP);
	amdgpu_va_range_free(vah);
	amdgpu_cs_ctx_free(ctx);
	amdgpu_bo_free(ubo);
out:
	free(mem);
	/* amdgpu_bo_validate_size(): larger than VRAM and GTT. */
	CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &bo), -ENOMEM);
	dev_close(&d);
}

/*
 * GPU writes land in the user's own memory: on gfx900 a wave of 64 lanes
 * runs "global_store_dword v0, v0, s[0:1]" after "v_lshlrev_b32 v0, 2, v0"
 * (AMD's Vega ISA: FLAT/GLOBAL, VOP2 encodings), so lane i stores 4 * i
 * at s[0:1] + 4 * i, with s[0:1] the userptr BO's VA.  A READONLY userptr
 * BO is mapped without write permission (amdgpu_ttm_tt_pte_flags): the
 * same store is a VM fault and the job is cancelled.
 */
static const uint32_t g9_store_ids[] = {
	0x24000082,		/* v_lshlrev_b32_e32 v0, 2, v0 */
	0xdc708000, 0x00000000,	/* global_store_dword v0, v0, s[0:1] */
	0xbf810000,		/* s_endpgm */
};

/* Runs g9_store_ids with s[0:1] = USER_VA; the BOs by KMS handle (USER may be a raw one). */
static int store_ids(struct dev *d, amdgpu_context_handle ctx, const struct buf *code,
		     const struct buf *ib, uint32_t user, uint64_t user_va, uint32_t *expired)
{
	struct vsharp_dispatch disp = { .level = VSHARP_GFX9, .pgm_va = code->va, .vgprs = 4,
					.sgprs = 16, .user_sgprs = 2, .threads = { 64, 1, 1 },
					.groups = { 1, 1, 1 }, .tidig_comps = 1 };
	struct drm_amdgpu_bo_list_entry entries[3] = { { .bo_handle = user } };
	struct drm_amdgpu_cs_chunk_ib chunk_ib = { .ip_type = AMDGPU_HW_IP_COMPUTE };
	struct drm_amdgpu_cs_chunk chunk = { AMDGPU_CHUNK_ID_IB, sizeof(chunk_ib) / 4,
					     (uintptr_t)&chunk_ib };
	struct vsharp_error err = { "" };
	uint32_t list = 0;
	struct vsharp_ib pm4;
	uint64_t seq = 0;
	int r;

	memcpy(code->cpu, g9_store_ids, sizeof(g9_store_ids));
	disp.user_data[0] = (uint32_t)user_va;
	disp.user_data[1] = (uint32_t)(user_va >> 32);
	vsharp_ib_init(&pm4, ib->cpu, PAGE / 4);
	if (vsharp_pm4_preamble(&pm4, VSHARP_GFX9, &err) || vsharp_pm4_dispatch(&pm4, &disp, &err) ||
	    vsharp_pm4_finish(&pm4, &err)) {
		fprintf(stderr, "the IB: %s\n", err.msg);
		return -EINVAL;
	}
	chunk_ib.va_start = ib->va;
	chunk_ib.ib_bytes = pm4.n * 4;
	r = amdgpu_bo_export(code->bo, amdgpu_bo_handle_type_kms, &entries[1].bo_handle);
	if (!r)
		r = amdgpu_bo_export(ib->bo, amdgpu_bo_handle_type_kms, &entries[2].bo_handle);
	if (!r)
		r = amdgpu_bo_list_create_raw(d->h, 3, entries, &list);
	if (!r) {
		r = amdgpu_cs_submit_raw2(d->h, ctx, list, 1, &chunk, &seq);
		amdgpu_bo_list_destroy_raw(d->h, list);
	}
	return r ? r : wait_fence(ctx, seq, expired);
}

static int va_raw(int fd, uint32_t handle, uint64_t va, uint32_t op)
{
	struct drm_amdgpu_gem_va args = { .handle = handle, .operation = op,
					  .flags = AMDGPU_VM_PAGE_READABLE | AMDGPU_VM_PAGE_WRITEABLE,
					  .va_address = va, .map_size = PAGE };

	return drmCommandWrite(fd, DRM_AMDGPU_GEM_VA, &args, sizeof(args));
}

static void test_userptr_gpu_writes(struct ktap *t)
{
	amdgpu_context_handle ctx = NULL;
	amdgpu_va_handle vah = NULL;
	struct buf code, ib;
	uint32_t expired = 0, *mem, user = 0, ro = 0;
	uint64_t va = 0;
	unsigned good = 0;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	mem = aligned_alloc(PAGE, 2 * PAGE);
	for (unsigned i = 0; i < 2 * PAGE / 4; i++)
		mem[i] = 0xdeadbeef;
	if (!CHECK(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &code) == 0) ||
	    !CHECK(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &ib) == 0) ||
	    !CHECK(t, amdgpu_cs_ctx_create(d.h, &ctx) == 0))
		goto out;
	CHECK_EQ(t, amdgpu_va_range_alloc(d.h, amdgpu_gpu_va_range_general, PAGE, PAGE, 0, &va, &vah,
					  0), 0);
	/* libdrm's flags: ANONONLY | REGISTER | VALIDATE. */
	CHECK_EQ(t, userptr(d.fd, mem, PAGE, AMDGPU_GEM_USERPTR_ANONONLY | AMDGPU_GEM_USERPTR_REGISTER |
			    AMDGPU_GEM_USERPTR_VALIDATE, &user), 0);
	CHECK_EQ(t, va_raw(d.fd, user, va, AMDGPU_VA_OP_MAP), 0);
	CHECK_EQ(t, store_ids(&d, ctx, &code, &ib, user, va, &expired), 0);
	CHECK_EQ(t, expired, 1);
	for (unsigned i = 0; i < 64; i++)
		good += mem[i] == 4 * i;
	CHECK_EQ(t, good, 64);
	CHECK_EQ(t, mem[64], 0xdeadbeef);	/* one wave of 64: nothing past it */
	CHECK_EQ(t, va_raw(d.fd, user, va, AMDGPU_VA_OP_UNMAP), 0);

	/* The second page, READONLY: the store faults, the job is cancelled. */
	CHECK_EQ(t, userptr(d.fd, mem + PAGE / 4, PAGE, AMDGPU_GEM_USERPTR_READONLY, &ro), 0);
	CHECK_EQ(t, va_raw(d.fd, ro, va, AMDGPU_VA_OP_MAP), 0);
	CHECK_EQ(t, store_ids(&d, ctx, &code, &ib, ro, va, &expired), -ECANCELED);
	CHECK_EQ(t, mem[PAGE / 4], 0xdeadbeef);
	CHECK_EQ(t, mem[PAGE / 4 + 1], 0xdeadbeef);
	CHECK_EQ(t, va_raw(d.fd, ro, va, AMDGPU_VA_OP_UNMAP), 0);
out:
	if (vah)
		amdgpu_va_range_free(vah);
	if (ctx)
		amdgpu_cs_ctx_free(ctx);
	if (user)
		drmCloseBufferHandle(d.fd, user);
	if (ro)
		drmCloseBufferHandle(d.fd, ro);
	buf_free(&ib);
	buf_free(&code);
	free(mem);
	dev_close(&d);
}

static void test_cs_nop(struct ktap *t)
{
	uint32_t expired = 0;
	struct job j;
	struct dev d;
	uint64_t seq = 0;

	if (!dev_open(t, &d))
		return;
	if (job_make(t, &d, &j)) {
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, seq, 1);	/* entity sequences start at 1 */
		CHECK_EQ(t, wait_fence(j.ctx, seq, &expired), 0);
		CHECK_EQ(t, expired, 1);
		CHECK_EQ(t, reset_flags(j.ctx), 0);
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, seq, 2);
	}
	job_free(&j);
	dev_close(&d);
}

/* The kernel's refusals and a job whose IB is not resident. */
static void test_cs_refusals(struct ktap *t)
{
	struct drm_amdgpu_cs_chunk_ib ib = { 0 };
	struct drm_amdgpu_cs_chunk chunk = { AMDGPU_CHUNK_ID_IB, sizeof(ib) / 4, 0 };
	uint32_t expired = 1, ctx_id;
	uint64_t seq = 0;
	struct job j;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	if (!job_make(t, &d, &j))
		goto out;
	amdgpu_cs_ctx_free(j.ctx);
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &j.ctx), 0);
	ib.va_start = j.ib.va;
	ib.ib_bytes = NOP_IB_DW * 4;
	ib.ip_type = AMDGPU_HW_IP_COMPUTE;
	chunk.chunk_data = (uintptr_t)&ib;
	/* amdgpu_cs_parser_bos(): an unknown BO list handle. */
	CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 999, 1, &chunk, &seq), -ENOENT);
	/* amdgpu_ctx_get_entity(): ring 4 of compute does not exist. */
	ib.ring = 4;
	CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), -EINVAL);
	ib.ring = 0;
	/* The IB's BO is not in the (empty) list: the CP fetch faults, the GPU stops. */
	CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), 0);
	/* drm_sched_resubmit_jobs_ext(): the guilty job's fence completes with -ECANCELED. */
	CHECK_EQ(t, wait_fence(j.ctx, seq, &expired), -ECANCELED);
	CHECK_EQ(t, reset_flags(j.ctx), AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_GUILTY);
	/* amdgpu_cs_parser_init(): a guilty context may not submit. */
	CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), -ECANCELED);
	/* A context made after the reset works; an IB at an unmapped VA faults the same way. */
	amdgpu_cs_ctx_free(j.ctx);
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &j.ctx), 0);
	CHECK_EQ(t, reset_flags(j.ctx), 0);
	ib.va_start = j.ib.va + (1ull << 30);
	CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), 0);
	CHECK_EQ(t, wait_fence(j.ctx, seq, &expired), -ECANCELED);
	/* A freed context is gone: amdgpu_ctx_free() says -EINVAL. */
	ctx_id = 12345;
	{
		union drm_amdgpu_ctx args = { .in = { .op = AMDGPU_CTX_OP_FREE_CTX, .ctx_id = ctx_id } };

		CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_CTX, &args, sizeof(args)), -EINVAL);
	}
out:
	job_free(&j);
	dev_close(&d);
}

/*
 * User address 0: copy_from_user() fails, the ioctl answers -EFAULT (Linux
 * 6.1 amdgpu_bo_create_list_entry_array(), amdgpu_cs_pass1(),
 * amdgpu_cs_wait_fences_ioctl()); a copy of 0 bytes from
 * 0 succeeds, so a BO list of zero-sized entries holds handle 0, which
 * drm_gem_object_lookup() does not find (-ENOENT).
 */
static void test_null_user_pointers(struct ktap *t)
{
	union drm_amdgpu_bo_list list = { .in = { .operation = AMDGPU_BO_LIST_OP_CREATE,
						   .bo_number = 2,
						   .bo_info_size = sizeof(struct drm_amdgpu_bo_list_entry) } };
	struct drm_amdgpu_info info = { .return_size = 4, .query = AMDGPU_INFO_ACCEL_WORKING };
	union drm_amdgpu_cs cs = { .in = { .num_chunks = 1 } };
	union drm_amdgpu_wait_fences wait = { .in = { .fence_count = 1 } };
	union drm_amdgpu_ctx ctx = { .in = { .op = AMDGPU_CTX_OP_ALLOC_CTX } };
	struct dev d;

	if (!dev_open(t, &d))
		return;
	CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_BO_LIST, &list, sizeof(list)), -EFAULT);
	list.in.bo_info_size = 0;
	CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_BO_LIST, &list, sizeof(list)), -ENOENT);
	/* amdgpu_info_ioctl() refuses a NULL return_pointer before any copy. */
	CHECK_EQ(t, drmCommandWrite(d.fd, DRM_AMDGPU_INFO, &info, sizeof(info)), -EINVAL);
	/* amdgpu_cs_parser_init() looks the context up before the chunks. */
	CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_CTX, &ctx, sizeof(ctx)), 0);
	cs.in.ctx_id = ctx.out.alloc.ctx_id;
	CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_CS, &cs, sizeof(cs)), -EFAULT);
	CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_WAIT_FENCES, &wait, sizeof(wait)), -EFAULT);
	dev_close(&d);
}

static int ctx_op(int fd, uint32_t op, uint32_t ctx_id, uint32_t flags, uint32_t *out_flags)
{
	union drm_amdgpu_ctx args = { .in = { .op = op, .ctx_id = ctx_id, .flags = flags } };
	int r = drmCommandWriteRead(fd, DRM_AMDGPU_CTX, &args, sizeof(args));

	if (out_flags)
		*out_flags = args.out.pstate.flags;
	return r;
}

/*
 * AMDGPU_CTX_OP_GET/SET_STABLE_PSTATE (Linux 6.1 amdgpu_ctx_ioctl,
 * __amdgpu_ctx_set_stable_pstate): levels NONE..PEAK (0-4) in the flags'
 * low nibble, one owner context per device, -EBUSY for the others, the
 * level the owner found restored when it is freed.
 */
static void test_ctx_stable_pstate(struct ktap *t)
{
	amdgpu_context_handle a = NULL, b = NULL;
	uint32_t level = ~0u, idb;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &a), 0);
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &b), 0);
	/* libdrm's "Stable pstate Test" (basic_tests.c) in full. */
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(a, AMDGPU_CTX_OP_GET_STABLE_PSTATE, 0, &level), 0);
	CHECK_EQ(t, level, AMDGPU_CTX_STABLE_PSTATE_NONE);
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(a, AMDGPU_CTX_OP_SET_STABLE_PSTATE,
						AMDGPU_CTX_STABLE_PSTATE_PEAK, NULL), 0);
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(a, AMDGPU_CTX_OP_GET_STABLE_PSTATE, 0, &level), 0);
	CHECK_EQ(t, level, AMDGPU_CTX_STABLE_PSTATE_PEAK);
	/* The level is the device's: another context reads it and may not change it. */
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(b, AMDGPU_CTX_OP_GET_STABLE_PSTATE, 0, &level), 0);
	CHECK_EQ(t, level, AMDGPU_CTX_STABLE_PSTATE_PEAK);
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(b, AMDGPU_CTX_OP_SET_STABLE_PSTATE,
						AMDGPU_CTX_STABLE_PSTATE_STANDARD, NULL), -EBUSY);
	/* Raw: a level above PEAK or bits above the mask -EINVAL, flags on GET -EINVAL. */
	idb = 0;
	{
		union drm_amdgpu_ctx args = { .in = { .op = AMDGPU_CTX_OP_ALLOC_CTX } };

		CHECK_EQ(t, drmCommandWriteRead(d.fd, DRM_AMDGPU_CTX, &args, sizeof(args)), 0);
		idb = args.out.alloc.ctx_id;
	}
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_SET_STABLE_PSTATE, idb, 5, NULL), -EINVAL);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_SET_STABLE_PSTATE, idb, 0x10 | 1, NULL), -EINVAL);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_GET_STABLE_PSTATE, idb, 1, NULL), -EINVAL);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_GET_STABLE_PSTATE, 999, 0, NULL), -EINVAL);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_SET_STABLE_PSTATE, 999, 1, NULL), -EINVAL);
	CHECK_EQ(t, ctx_op(d.fd, 7, idb, 0, NULL), -EINVAL);
	/* Setting the level it has is no change, even for a non-owner: still -EBUSY first. */
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_SET_STABLE_PSTATE, idb, AMDGPU_CTX_STABLE_PSTATE_PEAK,
			   NULL), -EBUSY);
	/* amdgpu_ctx_fini(): the owner's end puts NONE back and frees the level. */
	CHECK_EQ(t, amdgpu_cs_ctx_free(a), 0);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_GET_STABLE_PSTATE, idb, 0, &level), 0);
	CHECK_EQ(t, level, AMDGPU_CTX_STABLE_PSTATE_NONE);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_SET_STABLE_PSTATE, idb, AMDGPU_CTX_STABLE_PSTATE_MIN_MCLK,
			   NULL), 0);
	CHECK_EQ(t, amdgpu_cs_ctx_stable_pstate(b, AMDGPU_CTX_OP_GET_STABLE_PSTATE, 0, &level), 0);
	CHECK_EQ(t, level, AMDGPU_CTX_STABLE_PSTATE_MIN_MCLK);
	CHECK_EQ(t, ctx_op(d.fd, AMDGPU_CTX_OP_FREE_CTX, idb, 0, NULL), 0);
	CHECK_EQ(t, amdgpu_cs_ctx_free(b), 0);
	dev_close(&d);
}

static int vm_op(int fd, uint32_t op, uint32_t flags)
{
	union drm_amdgpu_vm args = { .in = { .op = op, .flags = flags } };

	return drmCommandWriteRead(fd, DRM_AMDGPU_VM, &args, sizeof(args));
}

/*
 * DRM_AMDGPU_VM (amdgpu_vm_ioctl, amdgpu_vmid_alloc_reserved): no flags,
 * one reserved VMID per hub (AMDGPU_VM_MAX_RESERVED_VMID) across files, a
 * VM's second reservation a no-op.  The reserved VMID is the least
 * recently used one: the file's first job took VMID 1
 * (amdgpu_vmid_mgr_init lists 1..7, amdgpu_vmid_grab moves it to the end),
 * so the reservation gets VMID 2 and the next job runs under it; the
 * fault that job hits (VSHARP_SHIM_FAULT=vm_fault after one job) names
 * vmid 2: the case table checks stderr for it.
 */
static void test_vm_reserve_vmid(struct ktap *t)
{
	int other = open(NODE, O_RDWR | O_CLOEXEC);
	uint64_t seq = 0;
	struct job j;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	if (job_make(t, &d, &j)) {
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, vm_op(d.fd, AMDGPU_VM_OP_RESERVE_VMID, 1), -EINVAL);
		CHECK_EQ(t, vm_op(d.fd, 3, 0), -EINVAL);
		CHECK_EQ(t, amdgpu_vm_reserve_vmid(d.h, 0), 0);
		CHECK_EQ(t, amdgpu_vm_reserve_vmid(d.h, 0), 0);
		/* Another file: "Over limitation of reserved vmid". */
		CHECK_EQ(t, vm_op(other, AMDGPU_VM_OP_RESERVE_VMID, 0), -EINVAL);
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, reset_flags(j.ctx),
			 AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_GUILTY);
		CHECK_EQ(t, amdgpu_vm_unreserve_vmid(d.h, 0), 0);
		CHECK_EQ(t, amdgpu_vm_unreserve_vmid(d.h, 0), 0);
		CHECK_EQ(t, vm_op(other, AMDGPU_VM_OP_RESERVE_VMID, 0), 0);
		CHECK_EQ(t, amdgpu_vm_reserve_vmid(d.h, 0), -EINVAL);
		/* The file's end gives its VMID back (amdgpu_vm_fini). */
		close(other);
		other = -1;
		CHECK_EQ(t, amdgpu_vm_reserve_vmid(d.h, 0), 0);
	}
	if (other >= 0)
		close(other);
	job_free(&j);
	dev_close(&d);
}

/*
 * GEM_CREATE in GDS, GWS, OA (amdgpu_gem_create_ioctl, amdgpu_bo_create):
 * on-chip pools of AMDGPU_INFO_GDS_CONFIG's sizes (gfx_v10_0.c: 64 KiB of
 * GDS, 64 GWS, 16 OA entries), no CPU mapping, never per-VM.
 */
static void test_gem_gds_gws_oa(struct ktap *t)
{
	static const uint32_t domains[] = { AMDGPU_GEM_DOMAIN_GDS, AMDGPU_GEM_DOMAIN_GWS,
					    AMDGPU_GEM_DOMAIN_OA };
	static const uint64_t sizes[] = { 1024, 1, 1 }, totals[] = { 0x10000, 64, 16 };
	amdgpu_bo_handle bo, full, more;
	struct dev d;
	void *cpu;

	if (!dev_open(t, &d))
		return;
	for (size_t i = 0; i < 3; i++) {
		struct amdgpu_bo_alloc_request req = { .alloc_size = sizes[i],
						       .preferred_heap = domains[i] };
		struct amdgpu_bo_info info;

		bo = full = more = NULL;
		if (!CHECK(t, amdgpu_bo_alloc(d.h, &req, &bo) == 0))
			continue;
		/* The ioctl adds NO_CPU_ACCESS: amdgpu_gem_mmap_ioctl() says -EPERM. */
		CHECK_EQ(t, amdgpu_bo_cpu_map(bo, &cpu), -EPERM);
		CHECK_EQ(t, amdgpu_bo_query_info(bo, &info), 0);
		CHECK_EQ(t, info.preferred_heap, domains[i]);
		CHECK(t, info.alloc_flags & AMDGPU_GEM_CREATE_NO_CPU_ACCESS);
		/* "1 page per byte/resource". */
		CHECK_EQ(t, info.alloc_size, sizes[i] * PAGE);
		CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, bo, 0, PAGE, 1ull << 32, rwx, AMDGPU_VA_OP_MAP),
			 -EINVAL);
		/* The rest of the pool fits, one more unit does not. */
		req.alloc_size = totals[i] - sizes[i];
		CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &full), 0);
		req.alloc_size = domains[i] == AMDGPU_GEM_DOMAIN_GDS ? 4 : 1;
		CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &more), -ENOMEM);
		if (full)
			amdgpu_bo_free(full);
		CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &more), 0);
		if (more)
			amdgpu_bo_free(more);
		/* "GDS bo cannot be per-vm-bo". */
		req.flags = AMDGPU_GEM_CREATE_VM_ALWAYS_VALID;
		more = NULL;
		CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &more), -EINVAL);
		amdgpu_bo_free(bo);
	}
	/* amdgpu_gem_are_domains_valid(): one special domain alone. */
	{
		struct amdgpu_bo_alloc_request req = { .alloc_size = 4,
			.preferred_heap = AMDGPU_GEM_DOMAIN_GDS | AMDGPU_GEM_DOMAIN_GTT };

		bo = NULL;
		CHECK_EQ(t, amdgpu_bo_alloc(d.h, &req, &bo), -EINVAL);
	}
	dev_close(&d);
}

/*
 * IB flags: amdgpu_cs_p2_ib() takes any (CE, PREAMBLE, PREEMPT,
 * TC_WB_NOT_INVALIDATE, RESET_GDS_MAX_WAVE_ID, SECURE, EMIT_MEM_SYNC and
 * bits 6.1 does not define); on a compute ring none changes what runs,
 * but SECURE, which the ring cannot do.
 */
static void test_ib_flags(struct ktap *t)
{
	uint32_t expired = 0;
	struct job j;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	if (job_make(t, &d, &j)) {
		for (uint32_t bit = 0; bit < 8; bit++) {
			struct amdgpu_cs_ib_info info = { .ib_mc_address = j.ib.va, .size = NOP_IB_DW,
							  .flags = 1u << bit };
			struct amdgpu_cs_request req = { .ip_type = AMDGPU_HW_IP_COMPUTE,
							 .resources = j.list, .number_of_ibs = 1,
							 .ibs = &info };

			CHECK_EQ(t, amdgpu_cs_submit(j.ctx, 0, &req, 1), 0);
			/*
			 * AMDGPU_IB_FLAGS_SECURE: compute rings lack
			 * secure_submission_supported, amdgpu_ib_schedule() says
			 * -EINVAL and drm_sched_main() completes the fence with it.
			 */
			CHECK_EQ(t, wait_fence(j.ctx, req.seq_no, &expired), bit == 5 ? -EINVAL : 0);
			CHECK_EQ(t, expired, bit != 5);
			expired = 0;
		}
		/* No hang, no reset. */
		CHECK_EQ(t, reset_flags(j.ctx), 0);
	}
	job_free(&j);
	dev_close(&d);
}

/*
 * Rings (amdgpu_hw_ip_info): GFX 1, COMPUTE 4, SDMA min(instances, 2) (Navi
 * 21 has 4 SDMA engines, sdma_v5_2), no multimedia.  A job on an IP type
 * the chip has no ring of gets -ENOENT (drm_sched_job_init: an entity
 * without a scheduler); GFX and SDMA jobs are refused by name while their
 * engines are not emulated.
 */
static void test_rings(struct ktap *t)
{
	struct drm_amdgpu_info_hw_ip hw;
	struct drm_amdgpu_cs_chunk_ib ib = { 0 };
	struct drm_amdgpu_cs_chunk chunk = { AMDGPU_CHUNK_ID_IB, sizeof(ib) / 4, 0 };
	uint32_t count = 9;
	uint64_t seq = 0;
	struct job j;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_DMA, 0, &hw), 0);
	CHECK_EQ(t, hw.available_rings, 0x3);
	CHECK_EQ(t, hw.hw_ip_version_major, 5);
	CHECK_EQ(t, hw.hw_ip_version_minor, 2);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_GFX, 0, &hw), 0);
	CHECK_EQ(t, hw.available_rings, 0x1);
	for (uint32_t ip = AMDGPU_HW_IP_UVD; ip < AMDGPU_HW_IP_NUM; ip++) {
		CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, ip, 0, &hw), 0);
		CHECK_EQ(t, hw.available_rings, 0);
		CHECK_EQ(t, amdgpu_query_hw_ip_count(d.h, ip, &count), 0);
		CHECK_EQ(t, count, 0);
	}
	if (job_make(t, &d, &j)) {
		ib.va_start = j.ib.va;
		ib.ib_bytes = NOP_IB_DW * 4;
		chunk.chunk_data = (uintptr_t)&ib;
		ib.ip_type = AMDGPU_HW_IP_UVD;
		CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), -ENOENT);
		ib.ip_type = AMDGPU_HW_IP_VCN_JPEG;
		CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), -ENOENT);
		/* amdgpu_ctx_num_entities[DMA] is 2: ring 2 does not exist. */
		ib.ip_type = AMDGPU_HW_IP_DMA;
		ib.ring = 2;
		CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), -EINVAL);
		/* Nothing was queued: the context is clean. */
		CHECK_EQ(t, reset_flags(j.ctx), 0);
		/*
		 * The GFX ring takes the job (it runs on the emulated GFX queue);
		 * without a BO list its IB is not resident and faults, as on 6.1.
		 */
		ib.ip_type = AMDGPU_HW_IP_GFX;
		ib.ring = 0;
		CHECK_EQ(t, amdgpu_cs_submit_raw2(d.h, j.ctx, 0, 1, &chunk, &seq), 0);
	}
	job_free(&j);
	dev_close(&d);
}

#define REMOVE "/sys/dev/char/226:128/device/remove"
#define RESCAN "/sys/bus/pci/rescan"

/* True when PATH is on TMPDIR's file system, so in the shim's tree and not the host's sysfs. */
static bool in_tree(struct ktap *t, const char *path)
{
	const char *tmp = getenv("TMPDIR");
	struct stat a, b;

	return CHECK_MSG(t, stat(path, &a) == 0 && stat(tmp && *tmp ? tmp : "/tmp", &b) == 0 &&
			 a.st_dev == b.st_dev, "%s is not in the shim's tree: not writing it", path);
}

static int write_text(int fd, const char *text)
{
	ssize_t n = write(fd, text, strlen(text));

	return n < 0 ? -errno : (int)n;
}

static int devices_listed(void)
{
	drmDevicePtr devs[4];
	int n = drmGetDevices2(0, devs, 4);

	if (n > 0)
		drmFreeDevices(devs, n);
	return n;
}

/*
 * amdgpu_test's Hotunplug suite (libdrm tests/amdgpu/hotunplug_tests.c)
 * writes "1" to the device's sysfs remove and to /sys/bus/pci/rescan.
 * Both are the shim's (the writes land in its tree, never the host's
 * sysfs), and act as 6.1 does: pci-sysfs.c remove_store/rescan_store parse
 * with kstrtoul (-EINVAL), 0 does nothing; after a remove the device's
 * folder and node are gone and the files opened before get -ENODEV from
 * every ioctl (drm_ioctl: drm_dev_is_unplugged), even after the rescan
 * brings a new device, whose node opens afresh.  Run as root (the files
 * are 0220/0200 root); the case below checks a user gets EACCES.
 */
static void test_hotunplug(struct ktap *t)
{
	struct drm_amdgpu_info_hw_ip hw;
	char text[16] = "";
	uint64_t seq = 0;
	struct job j;
	struct dev d;
	int fd, n;

	if (!in_tree(t, RESCAN) || !in_tree(t, REMOVE))
		return;
	/* A user may not write them, as on a real system (amdgpu_test: "Try ... as root"). */
	if (geteuid() != 0) {
		CHECK_EQ(t, open(REMOVE, O_WRONLY), -1);
		CHECK_EQ(t, errno, EACCES);
		fprintf(stderr, "not root: the device removed through sysfs is not exercised (EACCES)\n");
		return;
	}
	if (!dev_open(t, &d))
		return;
	if (!job_make(t, &d, &j))
		goto out;
	CHECK_EQ(t, devices_listed(), 1);
	fd = open(REMOVE, O_WRONLY);
	if (!CHECK(t, fd >= 0))
		goto out;
	CHECK_EQ(t, write_text(fd, "yes"), -EINVAL);
	CHECK_EQ(t, write_text(fd, "0"), 1);
	CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
	/* libdrm frees a BO list only when its destroy ioctl succeeds: before the removal. */
	amdgpu_bo_list_destroy(j.list);
	j.list = NULL;
	CHECK_EQ(t, write_text(fd, "1\n"), 2);
	/* The device is gone: its ioctls, its node, its sysfs folder. */
	CHECK_EQ(t, submit(j.ctx, &j.ib, NULL, &seq), -ENODEV);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_COMPUTE, 0, &hw), -ENODEV);
	CHECK_EQ(t, open(NODE, O_RDWR), -1);
	CHECK_EQ(t, errno, ENOENT);
	CHECK_EQ(t, access(REMOVE, F_OK), -1);
	CHECK_EQ(t, access("/sys/class/drm/renderD128/dev", F_OK), -1);
	CHECK_EQ(t, devices_listed(), 0);
	/* kernfs: the removed attribute answers -ENODEV. */
	CHECK_EQ(t, write_text(fd, "1"), -ENODEV);
	close(fd);
	fd = open(RESCAN, O_WRONLY);
	CHECK(t, fd >= 0);
	CHECK_EQ(t, write_text(fd, "1\n"), 2);
	close(fd);
	/* Back, as a new device: the old file stays dead, a new one works. */
	CHECK_EQ(t, devices_listed(), 1);
	CHECK_EQ(t, submit(j.ctx, &j.ib, NULL, &seq), -ENODEV);
	job_free(&j);
	dev_close(&d);
	/* What was written is in the tree's files ("0", then "1\n"). */
	fd = open(REMOVE, O_RDONLY);
	n = fd >= 0 ? (int)read(fd, text, sizeof(text) - 1) : -1;
	text[n > 0 ? n : 0] = '\0';
	CHECK_STR(t, text, "01\n");
	close(fd);
	fd = open(RESCAN, O_RDONLY);
	n = fd >= 0 ? (int)read(fd, text, sizeof(text) - 1) : -1;
	text[n > 0 ? n : 0] = '\0';
	CHECK_STR(t, text, "1\n");
	close(fd);
	if (!dev_open(t, &d))
		return;
	if (job_make(t, &d, &j)) {
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, seq, 1);
	}
out:
	job_free(&j);
	dev_close(&d);
}

/*
 * Without root: remove and rescan are refused (EACCES, their modes 0220
 * and 0200 in pci-sysfs.c), and so is any write to the host's sysfs
 * (EROFS), for root too: nothing the program writes reaches it.
 */
static void test_sysfs_writes(struct ktap *t)
{
	pid_t pid;
	int status = -1;

	CHECK_EQ(t, open("/sys/kernel/mm/transparent_hugepage/enabled", O_WRONLY), -1);
	CHECK_EQ(t, errno, EROFS);
	CHECK(t, fopen("/sys/power/state", "w") == NULL);
	CHECK_EQ(t, errno, EROFS);
	/* Reading the host's sysfs is the host's. */
	CHECK_EQ(t, access("/sys/devices/system/cpu", F_OK), 0);
	if (geteuid() != 0) {
		CHECK_EQ(t, open(RESCAN, O_WRONLY), -1);
		CHECK_EQ(t, errno, EACCES);
		return;
	}
	/* As root, stdio may not write them (the shim sees only write(2)): refused loudly. */
	CHECK(t, fopen(RESCAN, "w") == NULL);
	CHECK_EQ(t, errno, EINVAL);
	pid = fork();
	if (pid == 0) {
		int ok = setresgid(65534, 65534, 65534) == 0 && setresuid(65534, 65534, 65534) == 0 &&
			 open(RESCAN, O_WRONLY) == -1 && errno == EACCES &&
			 open(REMOVE, O_WRONLY) == -1 && errno == EACCES &&
			 open("/sys/kernel/mm/transparent_hugepage/enabled", O_WRONLY) == -1 &&
			 errno == EROFS;

		_exit(ok ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	CHECK_MSG(t, WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "as user 65534: remove/rescan EACCES, host sysfs EROFS (status 0x%x)", status);
}

/* Fault injection: each under its VSHARP_SHIM_FAULT (see the case table). */

static uint32_t query_state(amdgpu_context_handle ctx)
{
	uint32_t state = ~0u, hangs = ~0u;

	amdgpu_cs_query_reset_state(ctx, &state, &hangs);
	return state;
}

static void hung_job_checks(struct ktap *t, bool vram_lost)
{
	struct timespec t0, t1;
	uint32_t expired = 1, lost = 0;
	uint64_t seq = 0, flags;
	amdgpu_context_handle other = NULL;
	struct amdgpu_cs_fence fence;
	struct buf vram;
	struct job j;
	struct dev d;
	int r;

	if (!dev_open(t, &d))
		return;
	if (!job_make(t, &d, &j) || !CHECK(t, amdgpu_cs_ctx_create(d.h, &other) == 0))
		goto out;
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_VRAM,
			     AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED | AMDGPU_GEM_CREATE_VRAM_CLEARED, rwx,
			     &vram), 0);
	CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	r = wait_fence(j.ctx, seq, &expired);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK_MSG(t, t1.tv_sec - t0.tv_sec < 2, "the wait returns at once, not after its 10 s");
	/*
	 * 6.1 recovers: the hung job's karma passes amdgpu_job_hang_limit (0),
	 * its context is guilty, and drm_sched_resubmit_jobs_ext() completes
	 * its fence with -ECANCELED, which amdgpu_cs_wait_ioctl() returns.
	 */
	CHECK_EQ(t, r, -ECANCELED);
	fence = (struct amdgpu_cs_fence){ .context = j.ctx, .ip_type = AMDGPU_HW_IP_COMPUTE,
					  .fence = seq };
	expired = 0;
	/* amdgpu_cs_wait_all_fences(): the fence's error answers. */
	CHECK_EQ(t, amdgpu_cs_wait_fences(&fence, 1, true, 1000000000ull, &expired, NULL), -ECANCELED);
	flags = reset_flags(j.ctx);
	if (vram_lost) {
		CHECK_EQ(t, flags, AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_GUILTY |
				   AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST);
		CHECK_MSG(t, vram.cpu && vram.cpu[0] != 0, "VRAM contents are gone after the loss");
		CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_VRAM_LOST_COUNTER, 4, &lost), 0);
		CHECK_EQ(t, lost, 1);
	} else {
		CHECK_EQ(t, flags, AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_GUILTY);
	}
	/*
	 * amdgpu_ctx_query(): UNKNOWN_RESET for the guilty context and an
	 * innocent one alike, once ("TODO: this should ideally return NO,
	 * GUILTY, or INNOCENT"); the query moves reset_counter_query on.
	 */
	CHECK_EQ(t, query_state(j.ctx), AMDGPU_CTX_UNKNOWN_RESET);
	CHECK_EQ(t, query_state(j.ctx), AMDGPU_CTX_NO_RESET);
	CHECK_EQ(t, query_state(other), AMDGPU_CTX_UNKNOWN_RESET);
	CHECK_EQ(t, query_state(other), AMDGPU_CTX_NO_RESET);
	/* QUERY_STATE2 compares with the counters at creation: it does not clear. */
	CHECK_EQ(t, reset_flags(j.ctx), flags);
	CHECK_EQ(t, reset_flags(other) & AMDGPU_CTX_QUERY2_FLAGS_GUILTY, 0);
	/* amdgpu_cs_parser_init(): a guilty context may not submit. */
	CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), -ECANCELED);
	/* amdgpu_cs_pass1(): a context from before a VRAM loss may not either. */
	CHECK_EQ(t, submit(other, &j.ib, j.list, &seq), vram_lost ? -ECANCELED : 0);
	/* The next context runs (the fault fired once). */
	amdgpu_cs_ctx_free(j.ctx);
	CHECK_EQ(t, amdgpu_cs_ctx_create(d.h, &j.ctx), 0);
	CHECK_EQ(t, query_state(j.ctx), AMDGPU_CTX_NO_RESET);
	CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
	CHECK_EQ(t, wait_fence(j.ctx, seq, &expired), 0);
	CHECK_EQ(t, expired, 1);
	buf_free(&vram);
out:
	if (other)
		amdgpu_cs_ctx_free(other);
	job_free(&j);
	dev_close(&d);
}

#define GPU_RECOVER "/sys/kernel/debug/dri/128/amdgpu_gpu_recover"

/*
 * amdgpu_test's GPU reset test (libdrm tests/amdgpu/basic_tests.c
 * amdgpu_gpu_reset_test) reads debugfs amdgpu_gpu_recover.  6.1
 * (amdgpu_fence.c gpu_recover_get, amdgpu_debugfs_reset_work) resets the
 * GPU with no job to blame and formats reset_res, 0, as "%lld\n"; a read
 * further on returns the rest of that text without a new reset
 * (simple_attr_read); the file has no write (simple_attr_write: -EACCES).
 * The reset is BACO or mode 1 on GFX9-11, which loses VRAM
 * (amdgpu_device_check_vram_lost).  debugfs is root's (mounted 0700).
 */
static void test_gpu_recover(struct ktap *t)
{
	amdgpu_context_handle ctx = NULL;
	uint32_t lost = ~0u, expired = 0;
	char text[16] = "";
	uint64_t seq = 0;
	struct job j = { 0 };
	struct dev d;
	int fd;

	if (!in_tree(t, GPU_RECOVER))
		return;
	if (geteuid() != 0) {
		CHECK_EQ(t, open(GPU_RECOVER, O_RDONLY), -1);
		CHECK_EQ(t, errno, EACCES);
		fprintf(stderr, "not root: debugfs amdgpu_gpu_recover: GPU reset not exercised (EACCES)\n");
		return;
	}
	/* stdio's reads do not reach the shim: refused, loudly. */
	CHECK(t, fopen(GPU_RECOVER, "r") == NULL);
	if (!dev_open(t, &d))
		return;
	if (!CHECK(t, amdgpu_cs_ctx_create(d.h, &ctx) == 0))
		goto out;
	fd = open(GPU_RECOVER, O_RDONLY);
	if (!CHECK(t, fd >= 0))
		goto out;
	CHECK_EQ(t, query_state(ctx), AMDGPU_CTX_NO_RESET);
	CHECK_EQ(t, read(fd, text, 1), 1);
	CHECK_EQ(t, text[0], '0');
	CHECK_EQ(t, query_state(ctx), AMDGPU_CTX_UNKNOWN_RESET);
	CHECK_EQ(t, read(fd, text, sizeof(text)), 1);
	CHECK_EQ(t, text[0], '\n');
	CHECK_EQ(t, read(fd, text, sizeof(text)), 0);
	/* No second reset: the reads went on from offset 1. */
	CHECK_EQ(t, query_state(ctx), AMDGPU_CTX_NO_RESET);
	CHECK_EQ(t, write(fd, "1", 1), -1);
	CHECK_EQ(t, errno, EBADF);
	close(fd);
	CHECK_EQ(t, reset_flags(ctx), AMDGPU_CTX_QUERY2_FLAGS_RESET | AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST);
	CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_VRAM_LOST_COUNTER, 4, &lost), 0);
	CHECK_EQ(t, lost, 1);
	/* Opened again, for writing too: a read resets again; a write is refused. */
	fd = open(GPU_RECOVER, O_RDWR);
	if (CHECK(t, fd >= 0)) {
		CHECK_EQ(t, write_text(fd, "1"), -EACCES);
		memset(text, 0, sizeof(text));
		CHECK_EQ(t, read(fd, text, sizeof(text)), 2);
		CHECK_STR(t, text, "0\n");
		close(fd);
	}
	CHECK_EQ(t, query_state(ctx), AMDGPU_CTX_UNKNOWN_RESET);
	CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_VRAM_LOST_COUNTER, 4, &lost), 0);
	CHECK_EQ(t, lost, 2);
	/* amdgpu_cs_pass1(): a context from before the VRAM loss may not submit; a new one runs. */
	if (job_make(t, &d, &j)) {
		CHECK_EQ(t, submit(ctx, &j.ib, j.list, &seq), -ECANCELED);
		CHECK_EQ(t, submit(j.ctx, &j.ib, j.list, &seq), 0);
		CHECK_EQ(t, wait_fence(j.ctx, seq, &expired), 0);
		CHECK_EQ(t, expired, 1);
	}
	/* Other descriptors' reads are libc's. */
	fd = open("/sys/class/drm/renderD128/dev", O_RDONLY);
	memset(text, 0, sizeof(text));
	CHECK_EQ(t, fd >= 0 ? (int)read(fd, text, sizeof(text) - 1) : -1, 8);
	CHECK_STR(t, text, "226:128\n");
	if (fd >= 0)
		close(fd);
out:
	job_free(&j);
	if (ctx)
		amdgpu_cs_ctx_free(ctx);
	dev_close(&d);
}

static void test_fault_hang(struct ktap *t)
{
	hung_job_checks(t, false);
}

static void test_fault_vm_fault(struct ktap *t)
{
	hung_job_checks(t, false);
}

static void test_fault_vram_lost(struct ktap *t)
{
	hung_job_checks(t, true);
}

static void test_fault_enomem(struct ktap *t)
{
	struct buf b;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &b), -ENOMEM);
	buf_free(&b);
	CHECK_EQ(t, buf_make(&d, AMDGPU_GEM_DOMAIN_GTT, 0, rwx, &b), 0);
	buf_free(&b);
	dev_close(&d);
}

static void test_fault_eacces(struct ktap *t)
{
	int fd = open(NODE, O_RDWR);

	CHECK_EQ(t, fd, -1);
	CHECK_EQ(t, errno, EACCES);
	fd = open(NODE, O_RDWR);
	CHECK(t, fd >= 0);
	close(fd);
}

static void test_fault_eintr(struct ktap *t)
{
	struct drm_version v;
	struct dev d;
	int fd = open(NODE, O_RDWR);

	memset(&v, 0, sizeof(v));
	CHECK_EQ(t, ioctl(fd, DRM_IOCTL_VERSION, &v), -1);
	CHECK_EQ(t, errno, EINTR);
	CHECK_EQ(t, ioctl(fd, DRM_IOCTL_VERSION, &v), 0);
	CHECK_EQ(t, v.version_major, 3);
	close(fd);
	/* libdrm's drmIoctl() retries EINTR, so initialisation goes through. */
	if (dev_open(t, &d))
		dev_close(&d);
}

/* The refusal profiles. */

static void test_profile_i915(struct ktap *t)
{
	amdgpu_device_handle h = NULL;
	uint32_t maj, min;
	drmVersionPtr v;
	int fd = open(NODE, O_RDWR);

	if (!CHECK(t, fd >= 0))
		return;
	v = drmGetVersion(fd);
	CHECK_STR(t, v ? v->name : NULL, "i915");
	drmFreeVersion(v);
	/* amdgpu_device_initialize() refuses a DRM major other than 3 with -EBADF. */
	CHECK_EQ(t, amdgpu_device_initialize(fd, &maj, &min, &h), -EBADF);
	close(fd);
}

static void test_profile_noperm(struct ktap *t)
{
	struct stat st;

	CHECK_EQ(t, open(NODE, O_RDWR), -1);
	CHECK_EQ(t, errno, EACCES);
	CHECK_EQ(t, stat(NODE, &st), 0);
	CHECK(t, S_ISCHR(st.st_mode));
	CHECK_EQ(t, st.st_mode & 0777, 0660);
}

/*
 * A card radeon owns: the DRM driver says radeon 2.x, and sysfs links the
 * PCI device to the radeon driver and gives its id (Linux drm_pciids.h:
 * 0x6798 is a Tahiti).
 */
static void test_profile_radeon(struct ktap *t)
{
	char link[256], id[16] = "";
	drmVersionPtr v;
	ssize_t n;
	FILE *f;
	int fd = open(NODE, O_RDWR);

	if (!CHECK(t, fd >= 0))
		return;
	v = drmGetVersion(fd);
	CHECK_STR(t, v ? v->name : NULL, "radeon");
	CHECK_EQ(t, v ? v->version_major : 0, 2);
	drmFreeVersion(v);
	close(fd);
	n = readlink("/sys/class/drm/renderD128/device/driver", link, sizeof(link) - 1);
	link[n > 0 ? n : 0] = '\0';
	CHECK_MSG(t, n > 7 && !strcmp(link + n - 7, "/radeon"), "driver link '%s'", link);
	f = fopen("/sys/class/drm/renderD128/device/device", "r");
	if (CHECK(t, f != NULL)) {
		CHECK(t, fgets(id, sizeof(id), f) != NULL);
		fclose(f);
	}
	CHECK_STR(t, id, "0x6798\n");
}

/*
 * What each chip reports: libdrm amdgpu.ids, Linux si.c/cik.c/vi.c/
 * soc15.c/nv.c/soc21.c/soc24.c, KFD GC versions (none before GFX9), the
 * GFX IP block's version (gfx_v6_0, gfx_v7_1, gfx_v7_3, gfx_v8_0, gfx_v8_1,
 * ...), and AMDGPU_INFO_RAS_ENABLED_FEATURES (amdgpu_kms.c, amdgpu_ras.c
 * amdgpu_ras_init: -EINVAL without a RAS context, which only Vega 20 and
 * the boards with ECC on keep).
 */
struct facts {
	const char *chip;
	uint32_t family, external_rev, device, gc, hw_major, hw_minor, gfx_rings;
	uint64_t ras;		/* the RAS answer; NO_RAS: -EINVAL */
	/*
	 * SDMA: HW_IP_COUNT, rings (min of the instances and
	 * amdgpu_ctx_num_entities[DMA] = 2: si_dma.c 2, cik_sdma.c/sdma_v3_0.c
	 * SDMA_MAX_INSTANCE 2 but Stoney 1, Raven 1, Navi 21 4, Aldebaran 5),
	 * the IP block's version (si_dma 1.0, cik_sdma 2.0, sdma_v3_0 3.0,
	 * sdma_v3_1 3.1 on Polaris, sdma_v4_0, v5_0, v5_2, v6_0) and SDMA0's
	 * discovery version; GDS bytes (gfx_v9_0.c gfx_v9_0_set_gds_init and
	 * gfx_v10_0.c/gfx_v11_0.c: 64 KiB, 4 KiB on Raven and GFX11, none on
	 * GC 9.4.2; GFX7/8 read GDS_VMID0_SIZE, 64 KiB; none on GFX6).
	 */
	uint32_t sdma_count, sdma_rings, sdma_major, sdma_minor, sdma_ip, gds;
};

#define NO_RAS UINT64_MAX

static const struct facts chips[] = {
	{ "gfx601", 110, 0x14, 0x6818, 0, 6, 0, 1, NO_RAS,
	  1, 2, 1, 0, 0x000000, 0x0 },
	{ "gfx701", 120, 0x28, 0x67b0, 0, 7, 3, 1, NO_RAS,
	  1, 2, 2, 0, 0x000000, 0x10000 },
	{ "gfx803", 130, 0x50, 0x67df, 0, 8, 0, 1, NO_RAS,
	  1, 2, 3, 1, 0x000000, 0x10000 },
	{ "gfx810", 135, 0x61, 0x98e4, 0, 8, 1, 1, NO_RAS,
	  1, 1, 3, 0, 0x000000, 0x10000 },
	{ "gfx900", 141, 0x01, 0x687f, 0x090001, 9, 0, 1, NO_RAS,
	  1, 2, 4, 0, 0x040000, 0x10000 },
	{ "gfx1010", 143, 0x01, 0x731f, 0x0a010a, 10, 0, 1, NO_RAS,
	  1, 2, 5, 0, 0x050000, 0x10000 },
	{ "gfx1030", 143, 0x28, 0x73bf, 0x0a0300, 10, 0, 1, NO_RAS,
	  1, 2, 5, 2, 0x050200, 0x10000 },
	{ "gfx1100", 145, 0x01, 0x744c, 0x0b0000, 11, 0, 1, NO_RAS,
	  1, 2, 6, 0, 0x060000, 0x1000 },
	{ "gfx1200", 152, 0x40, 0x7590, 0x0c0000, 12, 0, 1, NO_RAS,
	  1, 2, 7, 0, 0x070000, 0x1000 },
	/* Every block enabled; UMC SDMA GFX MMHUB PCIE HDP MCA VCN JPEG on. */
	{ "gfx90a", 141, 0x3c, 0x740f, 0x090402, 9, 0, 0, 0x1ffff0001c06full,
	  1, 2, 4, 0, 0x040400, 0x0 },
	{ "gc12.5", 152, 0x60, 0x75ff, 0x0c0500, 12, 0, 1, NO_RAS,
	  0, 0, 0, 0, 0x000000, 0x1000 },
	{ "gfx600", 110, 0x01, 0x6798, 0, 6, 0, 1, NO_RAS,
	  1, 2, 1, 0, 0x000000, 0x0 },
	{ "gfx700", 125, 0x01, 0x130f, 0, 7, 1, 1, NO_RAS,
	  1, 2, 2, 0, 0x000000, 0x10000 },
	{ "gfx801", 135, 0x01, 0x9874, 0, 8, 0, 1, NO_RAS,
	  1, 2, 3, 0, 0x000000, 0x10000 },
	{ "gfx802", 130, 0x14, 0x6939, 0, 8, 0, 1, NO_RAS,
	  1, 2, 3, 0, 0x000000, 0x10000 },
	{ "gfx902", 142, 0x01, 0x15dd, 0x090100, 9, 0, 1, NO_RAS,
	  1, 1, 4, 0, 0x040100, 0x1000 },
	/* Radeon VII: the GFX feature bit "VEGA20 Gaming" keeps, nothing enabled. */
	{ "gfx906", 141, 0x28, 0x66af, 0x090400, 9, 0, 1, 0x4,
	  1, 2, 4, 0, 0x040200, 0x10000 },
	/* MI50: every block but VCN and JPEG enabled; UMC SDMA GFX MMHUB PCIE HDP on. */
	{ "gfx906-ecc", 141, 0x28, 0x66a1, 0x090400, 9, 0, 1, 0x7fff0000006full,
	  1, 2, 4, 0, 0x040200, 0x10000 },
};

/*
 * READ_MMR_REG against 6.1's allow-lists (si.c, cik.c, vi.c, soc15.c, nv.c,
 * soc21.c *_allowed_read_registers): GRBM_STATUS (0x2004 on every chip:
 * gfx_6_0_d.h ... and GC base 0x2000 + 0x4 on GFX9, 0x1260 + 0xda4 from
 * GFX10) reads idle: ME0PIPE0_CMDFIFO_AVAIL full, DB_CLEAN, CB_CLEAN
 * (*_sh_mask.h); CP_STAT reads 0; SDMA0's STATUS_REG has IDLE (bit 0)
 * set; DB_DEBUG2 is soc15.c's alone; SI lists no CP_CPF_STATUS; a
 * register off the list is -EFAULT.
 */
static void mmr_checks(struct ktap *t, struct dev *d, const struct facts *f)
{
	bool pre_gfx9 = f->family < AMDGPU_FAMILY_AI, si = f->family == AMDGPU_FAMILY_SI;
	uint32_t v = 0x5a5a5a5a, two[2];

	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x2004, 1, 0xffffffff, 0, &v), 0);
	CHECK_EQ(t, v, 0x300f);
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x21a0, 1, 0xffffffff, 0, &v), 0);
	CHECK_EQ(t, v, 0);
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, pre_gfx9 ? 0x340d : 0x1285, 1, 0xffffffff, 0, &v),
		 0);
	CHECK_EQ(t, v & 1, f->sdma_rings ? 1u : 0u);
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x260d, 1, 0xffffffff, 0, &v),
		 f->family == AMDGPU_FAMILY_AI || f->family == AMDGPU_FAMILY_RV ? 0 : -EFAULT);
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x2087, 1, 0xffffffff, 0, &v), si ? -EFAULT : 0);
	/* GRBM_STATUS2 then GRBM_STATUS_SE0 would need 0x2003: not listed. */
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x2002, 2, 0xffffffff, 0, two), -EFAULT);
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x2005, 2, 0xffffffff, 0, two), 0);
	CHECK_EQ(t, two[0], 0x6);	/* SE0: every chip has one */
	CHECK_EQ(t, amdgpu_read_mm_registers(d->h, 0x2001, 1, 0xffffffff, 0, &v), -EFAULT);
}

static void test_profile_facts(struct ktap *t)
{
	const char *chip = getenv("VSHARP_SHIM_CHIP");
	const struct facts *f = NULL;
	struct drm_amdgpu_info_hw_ip hw;
	struct amdgpu_gds_resource_info gds;
	struct amdgpu_gpu_info gpu;
	uint32_t count = 0;
	uint64_t ras;
	struct dev d;

	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++)
		if (chip && !strcmp(chips[i].chip, chip))
			f = &chips[i];
	if (!CHECK(t, f != NULL) || !dev_open(t, &d))
		return;
	CHECK_EQ(t, amdgpu_query_gpu_info(d.h, &gpu), 0);
	CHECK_EQ(t, gpu.family_id, f->family);
	CHECK_EQ(t, gpu.chip_external_rev, f->external_rev);
	CHECK_EQ(t, gpu.asic_id, f->device);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_COMPUTE, 0, &hw), 0);
	CHECK_EQ(t, hw._pad, f->gc);
	CHECK_EQ(t, hw.hw_ip_version_major, f->hw_major);
	CHECK_EQ(t, hw.hw_ip_version_minor, f->hw_minor);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_GFX, 0, &hw), 0);
	CHECK_EQ(t, hw.available_rings, (1u << f->gfx_rings) - 1);
	CHECK_EQ(t, amdgpu_query_hw_ip_count(d.h, AMDGPU_HW_IP_DMA, &count), 0);
	CHECK_EQ(t, count, f->sdma_count);
	CHECK_EQ(t, amdgpu_query_hw_ip_info(d.h, AMDGPU_HW_IP_DMA, 0, &hw), 0);
	CHECK_EQ(t, hw.available_rings, (1u << f->sdma_rings) - 1);
	CHECK_EQ(t, hw.hw_ip_version_major, f->sdma_major);
	CHECK_EQ(t, hw.hw_ip_version_minor, f->sdma_minor);
	CHECK_EQ(t, hw._pad, f->sdma_ip);
	if (f->sdma_rings) {
		CHECK_EQ(t, hw.ib_start_alignment, 256);	/* amdgpu_hw_ip_info() DMA */
		CHECK_EQ(t, hw.ib_size_alignment, 4);
	}
	CHECK_EQ(t, amdgpu_query_gds_info(d.h, &gds), 0);
	CHECK_EQ(t, gds.gds_total_size, f->gds);
	CHECK_EQ(t, gds.compute_partition_size, f->gds);
	CHECK_EQ(t, gds.gws_per_compute_partition, f->gds || f->family != 110 ? 64 : 0);
	CHECK_EQ(t, gds.oa_per_compute_partition, f->gds || f->family != 110 ? 16 : 0);
	CHECK_EQ(t, gds.gds_gfx_partition_size, 0);
	mmr_checks(t, &d, f);
	ras = 0x5a5a;
	if (f->ras == NO_RAS) {
		CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_RAS_ENABLED_FEATURES, sizeof(ras), &ras),
			 -EINVAL);
	} else {
		CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_RAS_ENABLED_FEATURES, sizeof(ras), &ras), 0);
		CHECK_EQ(t, ras, f->ras);
	}
	dev_close(&d);
}

/* Nothing to run in the child: the shim must have refused to load. */
static void test_bad_chip_name(struct ktap *t)
{
	CHECK_MSG(t, false, "the shim loaded with VSHARP_SHIM_CHIP=%s", getenv("VSHARP_SHIM_CHIP"));
}

/* The PM4 type-3 header: opcode OP with a body of BODY dwords. */
static uint32_t pkt3(unsigned op, unsigned body)
{
	return (3u << 30) | ((body - 1) << 16) | (op << 8);
}

/* Submits the first N dwords of IB on compute ring 0 and waits: the errno of either. */
static int run_ib(amdgpu_context_handle ctx, const struct buf *ib, amdgpu_bo_list_handle list,
		  unsigned n)
{
	struct amdgpu_cs_ib_info info = { .ib_mc_address = ib->va, .size = n };
	struct amdgpu_cs_request req = { .ip_type = AMDGPU_HW_IP_COMPUTE, .resources = list,
					 .number_of_ibs = 1, .ibs = &info };
	uint32_t expired = 0;
	int r = amdgpu_cs_submit(ctx, 0, &req, 1);

	return r ? r : wait_fence(ctx, req.seq_no, &expired);
}

/*
 * PRT ranges (amdgpu_gem_va_ioctl: AMDGPU_VM_PAGE_PRT maps fpriv->prt_va,
 * no BO; only DELAY_UPDATE may come with it): the GPU reads zeros there
 * and its writes are dropped (AMDGPU_PTE_PRT).  A job writes the range
 * with WRITE_DATA, the next copies it out with COPY_DATA (SRC_SEL 1
 * memory, DST_SEL 5 memory: Mesa sid.h COPY_DATA_*): zeros, no fault.
 */
static void test_prt(struct ktap *t)
{
	const uint32_t prt = AMDGPU_VM_PAGE_PRT;
	amdgpu_va_handle vah = NULL;
	uint64_t prt_va = 0, data;
	struct job j;
	struct dev d;
	uint32_t *ib;
	unsigned n;

	if (!dev_open(t, &d))
		return;
	if (!job_make(t, &d, &j) ||
	    !CHECK(t, amdgpu_va_range_alloc(d.h, amdgpu_gpu_va_range_general, 2 * PAGE, PAGE, 0,
					    &prt_va, &vah, 0) == 0))
		goto out;
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, NULL, 0, 2 * PAGE, prt_va,
					prt | AMDGPU_VM_PAGE_READABLE, AMDGPU_VA_OP_MAP), -EINVAL);
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, NULL, 0, 2 * PAGE, prt_va, prt, AMDGPU_VA_OP_MAP), 0);
	ib = j.ib.cpu;
	data = j.ib.va + PAGE / 2;
	for (unsigned i = 0; i < 4; i++)
		ib[PAGE / 8 + i] = 0x55555555;
	n = 0;
	ib[n++] = pkt3(0x37, 5);
	ib[n++] = 5u << 8 | 1u << 20;
	ib[n++] = (uint32_t)(prt_va + 8);
	ib[n++] = (uint32_t)((prt_va + 8) >> 32);
	ib[n++] = 0xdeadbeef;
	ib[n++] = 0xcafef00d;
	CHECK_EQ(t, run_ib(j.ctx, &j.ib, j.list, n), 0);
	n = 0;
	for (unsigned i = 0; i < 2; i++) {
		ib[n++] = pkt3(0x40, 5);
		ib[n++] = 1u | 5u << 8 | 1u << 20;
		ib[n++] = (uint32_t)(prt_va + 8 + 4 * i);
		ib[n++] = (uint32_t)((prt_va + 8 + 4 * i) >> 32);
		ib[n++] = (uint32_t)(data + 4 * i);
		ib[n++] = (uint32_t)((data + 4 * i) >> 32);
	}
	CHECK_EQ(t, run_ib(j.ctx, &j.ib, j.list, n), 0);
	CHECK_EQ(t, ib[PAGE / 8], 0);
	CHECK_EQ(t, ib[PAGE / 8 + 1], 0);
	CHECK_EQ(t, ib[PAGE / 8 + 2], 0x55555555);
	CHECK_EQ(t, reset_flags(j.ctx), 0);
	/* amdgpu_vm_bo_unmap() of prt_va: the mapping at that address, then -ENOENT. */
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, NULL, 0, 2 * PAGE, prt_va, prt, AMDGPU_VA_OP_UNMAP), 0);
	CHECK_EQ(t, amdgpu_bo_va_op_raw(d.h, NULL, 0, 2 * PAGE, prt_va, prt, AMDGPU_VA_OP_UNMAP),
		 -ENOENT);
out:
	if (vah)
		amdgpu_va_range_free(vah);
	job_free(&j);
	dev_close(&d);
}

/*
 * The node's answers to what Mesa 22.3 asks beside amdgpu's own queries:
 * drm_getcap() ADDFB2_MODIFIERS (!fb_modifiers_not_supported: 0 on the
 * DCE paths before GFX9, dce_v*_0.c, 1 from AMDGPU_FAMILY_AI, where
 * amdgpu_dm_plane.c has modifiers), AMDGPU_INFO_VIDEO_CAPS (-EINVAL from
 * amdgpu_asic_query_video_codecs() on a chip without a multimedia block),
 * and drm_ioctl_permit()'s -EACCES for GET_MAGIC, which drm_ioctls[] does
 * not mark DRM_RENDER_ALLOW.
 */
static void test_kms_caps_and_permits(struct ktap *t)
{
	struct drm_amdgpu_info_video_caps caps;
	struct amdgpu_gpu_info gpu;
	drm_magic_t magic;
	uint64_t v = 7;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	if (CHECK(t, amdgpu_query_gpu_info(d.h, &gpu) == 0)) {
		CHECK_EQ(t, drmGetCap(d.fd, DRM_CAP_ADDFB2_MODIFIERS, &v), 0);
		CHECK_EQ(t, v, gpu.family_id >= AMDGPU_FAMILY_AI);
	}
	CHECK_EQ(t, amdgpu_query_video_caps_info(d.h, AMDGPU_INFO_VIDEO_CAPS_DECODE, sizeof(caps),
						 &caps), -EINVAL);
	CHECK_EQ(t, drmGetMagic(d.fd, &magic), -EACCES);
	dev_close(&d);
}

/*
 * What boards of these chips report (Mesa's src/amd/drm-shim/amdgpu_devices.c,
 * captured from hardware: vega10, navi10, navi21, navi31): GB_ADDR_CONFIG,
 * which Mesa's addrlib decodes, the render backends, the L2 channels and the
 * VGPRs DEV_INFO gives.
 */
static void test_board_values(struct ktap *t)
{
	static const struct {
		const char *chip;
		uint32_t gb_addr_config, rbs, tccs, vgprs;
	} boards[] = {
		{ "gfx900", 0x2a114042, 16, 16, 256 },
		{ "gfx1010", 0x00100044, 16, 16, 1024 },
		{ "gfx1030", 0x00000444, 16, 16, 1024 },
		{ "gfx1100", 0x00000545, 24, 24, 1536 },
	};
	const char *chip = getenv("VSHARP_SHIM_CHIP");
	struct drm_amdgpu_info_device info;
	uint32_t v = 0;
	struct dev d;

	if (!dev_open(t, &d))
		return;
	for (size_t i = 0; i < sizeof(boards) / sizeof(boards[0]); i++) {
		if (!chip || strcmp(chip, boards[i].chip))
			continue;
		CHECK_EQ(t, amdgpu_read_mm_registers(d.h, 0x263e, 1, 0xffffffff, 0, &v), 0);
		CHECK_EQ(t, v, boards[i].gb_addr_config);
		CHECK_EQ(t, amdgpu_query_info(d.h, AMDGPU_INFO_DEV_INFO, sizeof(info), &info), 0);
		CHECK_EQ(t, info.num_rb_pipes, boards[i].rbs);
		CHECK_EQ(t, info.enabled_rb_pipes_mask, (1ull << boards[i].rbs) - 1);
		CHECK_EQ(t, info.num_tcc_blocks, boards[i].tccs);
		CHECK_EQ(t, info.num_shader_visible_vgprs, boards[i].vgprs);
	}
	dev_close(&d);
}

struct tcase {
	const char *name;
	void (*fn)(struct ktap *t);
	const char *chip, *fault;
	int exit_status;		/* what the child must exit with */
	const char *stderr_has;		/* a line the shim must print */
};

static const struct tcase cases[] = {
	{ "init_and_queries", test_init_and_queries, NULL, NULL, 0, NULL },
	{ "dev_info_va_range", test_dev_info_va_range, NULL, NULL, 0, NULL },
	{ "bo_cpu_and_gpu_bytes", test_bo_cpu_and_gpu_bytes, NULL, NULL, 0, NULL },
	{ "va_refusals", test_va_refusals, NULL, NULL, 0, NULL },
	{ "userptr_and_sizes", test_userptr_and_sizes, NULL, NULL, 0, NULL },
	{ "userptr_gpu_writes", test_userptr_gpu_writes, "gfx900", NULL, 0, "write of 4 bytes" },
	{ "cs_nop", test_cs_nop, "gfx1100", NULL, 0, NULL },
	{ "null_user_pointers", test_null_user_pointers, NULL, NULL, 0, NULL },
	{ "ctx_stable_pstate", test_ctx_stable_pstate, NULL, NULL, 0, NULL },
	{ "hotunplug", test_hotunplug, NULL, NULL, 0, "device removed through sysfs" },
	{ "sysfs_writes", test_sysfs_writes, NULL, NULL, 0, "the host's sysfs stays untouched" },
	{ "vm_reserve_vmid", test_vm_reserve_vmid, NULL, "vm_fault:1:1", 0, "vmid:2 pasid" },
	{ "gem_gds_gws_oa", test_gem_gds_gws_oa, NULL, NULL, 0, NULL },
	{ "ib_flags", test_ib_flags, "gfx900", NULL, 0,
	  "secure submissions not supported on ring <comp_1.0.0>" },
	{ "rings", test_rings, NULL, NULL, 0, NULL },
	{ "prt", test_prt, "gfx1030", NULL, 0, NULL },
	{ "board_values_gfx900", test_board_values, "gfx900", NULL, 0, NULL },
	{ "board_values_gfx1010", test_board_values, "gfx1010", NULL, 0, NULL },
	{ "board_values_gfx1030", test_board_values, "gfx1030", NULL, 0, NULL },
	{ "board_values_gfx1100", test_board_values, "gfx1100", NULL, 0, NULL },
	{ "kms_caps_and_permits_gfx803", test_kms_caps_and_permits, "gfx803", NULL, 0, NULL },
	{ "kms_caps_and_permits_gfx1030", test_kms_caps_and_permits, "gfx1030", NULL, 0, NULL },
	{ "cs_refusals_and_faults", test_cs_refusals, NULL, NULL, 0,
	  "amdgpu 0000:03:00.0: [drm:amdgpu_job_timedout]" },
	{ "gpu_recover", test_gpu_recover, NULL, NULL, 0, "debugfs amdgpu_gpu_recover: GPU reset" },
	{ "fault_hang", test_fault_hang, NULL, "hang", 0, "VSHARP_SHIM_FAULT=hang" },
	{ "fault_vram_lost", test_fault_vram_lost, NULL, "vram_lost:1", 0,
	  "VRAM is lost due to GPU reset!" },
	{ "fault_vm_fault", test_fault_vm_fault, NULL, "vm_fault:1:0", 0, "[gfxhub] page fault" },
	{ "fault_enomem", test_fault_enomem, NULL, "enomem", 0, NULL },
	{ "fault_eacces", test_fault_eacces, NULL, "eacces", 0, NULL },
	{ "fault_eintr", test_fault_eintr, NULL, "eintr", 0, NULL },
	{ "profile_i915", test_profile_i915, "i915", NULL, 0, NULL },
	{ "profile_noperm", test_profile_noperm, "noperm", NULL, 0, NULL },
	{ "profile_radeon", test_profile_radeon, "radeon", NULL, 0, NULL },
	{ "profile_gfx601", test_profile_facts, "gfx601", NULL, 0, NULL },
	{ "profile_gfx701", test_profile_facts, "gfx701", NULL, 0, NULL },
	{ "profile_gfx803", test_profile_facts, "gfx803", NULL, 0, NULL },
	{ "profile_gfx810", test_profile_facts, "gfx810", NULL, 0, NULL },
	{ "profile_gfx900", test_profile_facts, "gfx900", NULL, 0, NULL },
	{ "profile_gfx1010", test_profile_facts, "gfx1010", NULL, 0, NULL },
	{ "profile_gfx1030", test_profile_facts, "gfx1030", NULL, 0, NULL },
	{ "profile_gfx1100", test_profile_facts, "gfx1100", NULL, 0, NULL },
	{ "profile_gfx1200", test_profile_facts, "gfx1200", NULL, 0, NULL },
	{ "profile_gfx90a", test_profile_facts, "gfx90a", NULL, 0, NULL },
	{ "profile_gc12.5", test_profile_facts, "gc12.5", NULL, 0, NULL },
	{ "profile_gfx600", test_profile_facts, "gfx600", NULL, 0, NULL },
	{ "profile_gfx700", test_profile_facts, "gfx700", NULL, 0, NULL },
	{ "profile_gfx801", test_profile_facts, "gfx801", NULL, 0, NULL },
	{ "profile_gfx802", test_profile_facts, "gfx802", NULL, 0, NULL },
	{ "profile_gfx902", test_profile_facts, "gfx902", NULL, 0, NULL },
	{ "profile_gfx906", test_profile_facts, "gfx906", NULL, 0, NULL },
	{ "profile_gfx906-ecc", test_profile_facts, "gfx906-ecc", NULL, 0, NULL },
	{ "bad_chip_name", test_bad_chip_name, "gfx9000", NULL, 2, "allowed: gfx900, gfx1010" },
	{ "bad_fault_spec", test_bad_chip_name, NULL, "hang:0", 2, "COUNT out of range" },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int child(const char *name)
{
	for (size_t i = 0; i < NCASES; i++) {
		struct ktap t = { 0, 0 };

		if (strcmp(cases[i].name, name))
			continue;
		cases[i].fn(&t);
		return t.failures || !t.checks;
	}
	return 1;
}

/* Runs case C in a fresh process; true when it passed.  ERR collects its stderr. */
static bool run_case(const char *self, const struct tcase *c, char *err, size_t size)
{
	char path[] = "/tmp/shim_test-XXXXXX";
	int fd = mkstemp(path), status = 0;
	ssize_t n = 0;
	pid_t pid;

	if (fd < 0)
		return false;
	pid = fork();
	if (pid == 0) {
		dup2(fd, 2);
		if (c->chip)
			setenv("VSHARP_SHIM_CHIP", c->chip, 1);
		else
			unsetenv("VSHARP_SHIM_CHIP");
		if (c->fault)
			setenv("VSHARP_SHIM_FAULT", c->fault, 1);
		else
			unsetenv("VSHARP_SHIM_FAULT");
		execl(self, self, "--case", c->name, (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	lseek(fd, 0, SEEK_SET);
	n = read(fd, err, size - 1);
	err[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(path);
	return WIFEXITED(status) && WEXITSTATUS(status) == c->exit_status &&
	       (!c->stderr_has || strstr(err, c->stderr_has));
}

int main(int argc, char **argv)
{
	static char err[1 << 16];
	unsigned failed = 0;

	if (argc == 3 && !strcmp(argv[1], "--case"))
		return child(argv[2]);
	if (!getenv("LD_PRELOAD") || !strstr(getenv("LD_PRELOAD"), "vsharp_shim")) {
		fprintf(stderr, "run me with the shim in LD_PRELOAD (user/shim/tests/run_shim.sh)\n");
		return 2;
	}
	printf("KTAP version 1\n1..%zu\n", NCASES);
	fflush(stdout);
	for (size_t i = 0; i < NCASES; i++) {
		bool ok = run_case("/proc/self/exe", &cases[i], err, sizeof(err));

		if (!ok) {
			failed++;
			for (char *line = strtok(err, "\n"); line; line = strtok(NULL, "\n"))
				printf("# %s\n", line);
			if (cases[i].stderr_has)
				printf("# expected on stderr: %s\n", cases[i].stderr_has);
		}
		printf("%sok %zu %s\n", ok ? "" : "not ", i + 1, cases[i].name);
		fflush(stdout);
	}
	return failed != 0;
}
