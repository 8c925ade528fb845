// SPDX-License-Identifier: MIT
/*
 * AMDGPU_INFO: what amdgpu_info_ioctl() (Linux amdgpu_kms.c) answers, from
 * the chip profile.  libdrm 2.4.114's amdgpu_device_initialize() asks
 * ACCEL_WORKING, DEV_INFO and READ_MMR_REG of GB_ADDR_CONFIG (before GFX9
 * of more registers, mmr_allowed[]); its
 * amdgpu_query_* functions and vsharp ask HW_IP_INFO/COUNT, FW_VERSION,
 * VRAM_GTT, MEMORY, the usage counters, VRAM_LOST_COUNTER and
 * RAS_ENABLED_FEATURES (vsharp: is SRAM ECC on?).  Like the
 * kernel, each answer is copied up to the caller's return_size.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <amdgpu_drm.h>

#include "shim.h"
#include "base/util.h"

#define VM_RESERVED_VRAM (8ull << 20)	/* amdgpu_vm.h AMDGPU_VM_RESERVED_VRAM */
#define GFX_MAX_SE 4			/* amdgpu_gfx.h AMDGPU_GFX_MAX_SE (Linux 6.1) */
#define GFX_MAX_SH_PER_SE 2
#define XCLK_KHZ 100000			/* the 100 MHz reference clock, in kHz */

static int reply(const struct drm_amdgpu_info *q, const void *data, size_t size)
{
	memcpy((void *)(uintptr_t)q->return_pointer, data,
	       q->return_size < size ? q->return_size : size);
	return 0;
}

/* Bytes of live BOs whose preferred domains include DOMAIN. */
static uint64_t usage(uint32_t domain)
{
	uint64_t sum = 0;

	for (const struct shim_bo *bo = shim.bos; bo; bo = bo->next)
		if (bo->domains & domain)
			sum += bo->size;
	return sum;
}

static uint64_t vram_usable(void)
{
	return shim.profile->vram_size - VM_RESERVED_VRAM;
}

/*
 * amdgpu_hw_ip_info(): rings whose scheduler is ready, at most the
 * context's entities of that type (amdgpu_ctx_num_entities: GFX 1, COMPUTE
 * 4, DMA 2), so Navi 21's four SDMA engines show as two rings.  The
 * multimedia blocks (UVD, VCE, VCN, JPEG) are not modelled: 0 rings, as on
 * a chip whose video blocks are harvested or absent.
 */
unsigned shim_rings(uint32_t ip)
{
	const struct shim_profile *p = shim.profile;
	unsigned rings;

	switch (ip) {
	case AMDGPU_HW_IP_GFX:
		rings = p->gfx_rings;
		return rings < 1 ? rings : 1;
	case AMDGPU_HW_IP_COMPUTE:
		return SHIM_COMPUTE_RINGS;
	case AMDGPU_HW_IP_DMA:
		rings = p->sdma_instances;
		return rings < 2 ? rings : 2;
	default:
		return 0;
	}
}

static int hw_ip_info(const struct drm_amdgpu_info *q)
{
	const struct shim_profile *p = shim.profile;
	uint32_t type = q->query_hw_ip.type;
	struct drm_amdgpu_info_hw_ip ip;

	if (q->query_hw_ip.ip_instance >= AMDGPU_HW_IP_INSTANCE_MAX_COUNT ||
	    type >= AMDGPU_HW_IP_NUM)
		return -EINVAL;
	memset(&ip, 0, sizeof(ip));
	if (type == AMDGPU_HW_IP_GFX || type == AMDGPU_HW_IP_COMPUTE) {
		ip.hw_ip_version_major = p->ip_block_major;
		ip.hw_ip_version_minor = p->ip_block_minor;
		ip.ib_start_alignment = 32;
		ip.ib_size_alignment = 32;
		/* ip_discovery_version in Linux's uapi; libdrm 2.4.114 calls it _pad. */
		ip._pad = p->gc_major << 16 | p->gc_minor << 8 | p->gc_rev;
	} else if (type == AMDGPU_HW_IP_DMA && p->sdma_instances) {
		ip.hw_ip_version_major = p->sdma_block_major;
		ip.hw_ip_version_minor = p->sdma_block_minor;
		ip.ib_start_alignment = 256;
		ip.ib_size_alignment = 4;
		ip._pad = p->sdma_ip;
	}
	ip.available_rings = (1u << shim_rings(type)) - 1;
	return reply(q, &ip, sizeof(ip));
}

/* amdgpu_info_ioctl() HW_IP_COUNT: IP blocks of the type, one GFX and one SDMA block. */
static int hw_ip_count(const struct drm_amdgpu_info *q)
{
	uint32_t type = q->query_hw_ip.type, count;

	if (type >= AMDGPU_HW_IP_NUM)
		return -EINVAL;
	count = type == AMDGPU_HW_IP_GFX || type == AMDGPU_HW_IP_COMPUTE ||
		(type == AMDGPU_HW_IP_DMA && shim.profile->sdma_instances);
	return reply(q, &count, sizeof(count));
}

/*
 * gfx_v9_0.c gfx_v9_0_set_gds_init(), gfx_v10_0.c / gfx_v11_0.c
 * *_set_gds_init(): GDS 64 KiB (4 KiB on Raven, GC 9.4.1 and GFX11, none
 * on GC 9.4.2), 64 GWS entries, 16 OA entries.  GFX7/8 read GDS_VMID0_SIZE
 * from the chip (64 KiB on these parts, representative); GFX6 has no GDS
 * partition in amdgpu (gfx_v6_0.c sets none): 0.
 */
void shim_gds_sizes(uint64_t *gds, uint64_t *gws, uint64_t *oa)
{
	const struct shim_profile *p = shim.profile;
	uint32_t gc = p->gc_major << 16 | p->gc_minor << 8 | p->gc_rev;

	*gws = 64;
	*oa = 16;
	*gds = 0x10000;
	if (p->family == AMDGPU_FAMILY_SI) {
		*gds = *gws = *oa = 0;
	} else if (p->gc_major >= 11 || gc == 0x090100 || gc == 0x090202 || gc == 0x090401) {
		*gds = 0x1000;
	} else if (gc == 0x090402) {
		*gds = 0;
	}
}

/* amdgpu_info_ioctl() GDS_CONFIG: the compute partition is all of it; the gfx fields stay 0. */
static int gds_config(const struct drm_amdgpu_info *q)
{
	struct drm_amdgpu_info_gds g;
	uint64_t gds, gws, oa;

	shim_gds_sizes(&gds, &gws, &oa);
	memset(&g, 0, sizeof(g));
	g.compute_partition_size = (uint32_t)gds;
	g.gds_total_size = (uint32_t)gds;
	g.gws_per_compute_partition = (uint32_t)gws;
	g.oa_per_compute_partition = (uint32_t)oa;
	return reply(q, &g, sizeof(g));
}

/*
 * Firmware: the GFX block's (ME, PFP, CE, RLC, MEC) have a version; the
 * other blocks' read 0, as the kernel reports firmware it did not load.
 * Type 9 and those past libdrm 2.4.114's TOC are not firmware types.
 */
static int fw_version(const struct drm_amdgpu_info *q)
{
	uint32_t t = q->query_fw.fw_type;
	struct drm_amdgpu_info_firmware fw = { 0, 0 };

	if (q->query_fw.ip_instance != 0 || t < AMDGPU_INFO_FW_VCE || t == 0x09 ||
	    t > AMDGPU_INFO_FW_TOC)
		return -EINVAL;
	if (t >= AMDGPU_INFO_FW_GFX_ME && t <= AMDGPU_INFO_FW_GFX_MEC) {
		fw.ver = 0x100 + shim.profile->gc_major;
		fw.feature = 0x20 + shim.profile->gc_major;
	}
	return reply(q, &fw, sizeof(fw));
}

/*
 * READ_MMR_REG: the allow-lists of Linux 6.1, by generation: si.c
 * si_allowed_read_registers, cik.c cik_, vi.c vi_, soc15.c soc15_ (GFX9),
 * nv.c nv_ (GFX10, 10.3) and soc21.c soc21_ (GFX11; GFX12 is newer than
 * 6.1 and answers as soc21 here).  Dword offsets: the pre-GFX9 headers
 * (sid.h, gfx_6_0_d.h, gfx_7_0_d.h/oss_2_0_d.h, gfx_8_0_d.h/oss_3_0_d.h,
 * SDMA1 at SDMA1_REGISTER_OFFSET 0x200), from GFX9 the IP base plus the
 * register (vega10_ip_offset.h / vega20_ip_offset.h: GC 0x2000, SDMA0
 * 0x1260, SDMA1 0x1460 / 0x1860; Navi's discovery table and
 * sienna_cichlid_ip_offset.h: GC, SDMA0 and SDMA1 at 0x1260, with
 * gc_10_1_0/gc_10_3_0/gc_11_0_0_offset.h), which puts GRBM_STATUS at
 * 0x2004 and GB_ADDR_CONFIG at 0x263e on every chip.
 *
 * Values: what an idle chip reads, field by field from the *_sh_mask.h
 * headers, the same layout on every generation here: GRBM_STATUS with
 * its ME0PIPE0_CMDFIFO_AVAIL field full and DB_CLEAN, CB_CLEAN set
 * (0x300f), GRBM_STATUS2 with its CMDFIFO_AVAIL full (0xf), each
 * present shader engine's GRBM_STATUS_SE with DB_CLEAN, CB_CLEAN (0x6),
 * an SDMA engine's STATUS_REG with every *_IDLE and *_EMPTY field set
 * (SI's DMA_STATUS_REG: DMA_IDLE); every busy, stalled and pending bit
 * (CP_STAT, CP_STALLED_STAT1-3, CP_CPF_*, CP_CPC_*, SRBM_STATUS*) is 0.
 * The FIFO depths are representative (the field's maximum), as are the
 * zeros of the pre-GFX9 tiling and render-backend registers, which
 * vsharp's linear buffers never depend on, DB_DEBUG2 and the status of an
 * SDMA engine or shader engine the chip lacks.  GB_ADDR_CONFIG is the
 * profile's.
 */
enum gen { SI, CIK, VI, SOC15, NV, SOC21 };
enum value { ZERO, ADDR_CONFIG, GRBM_IDLE, GRBM2_IDLE, SE0_IDLE, SE1_IDLE, SE2_IDLE, SE3_IDLE,
	     SDMA_IDLE, SDMA1_IDLE };

#define G(x) (1u << (x))
#define PRE_GFX9 (G(SI) | G(CIK) | G(VI))
#define ALL (PRE_GFX9 | G(SOC15) | G(NV) | G(SOC21))

static const struct mmr {
	uint32_t reg, count, gens;
	enum value value;
	const char *name;
} mmr_allowed[] = {
	{ 0x2004, 1, ALL, GRBM_IDLE, "GRBM_STATUS" },
	{ 0x2002, 1, ALL, GRBM2_IDLE, "GRBM_STATUS2" },
	{ 0x2005, 1, ALL, SE0_IDLE, "GRBM_STATUS_SE0" },
	{ 0x2006, 1, ALL, SE1_IDLE, "GRBM_STATUS_SE1" },
	{ 0x200e, 1, ALL & ~G(SI), SE2_IDLE, "GRBM_STATUS_SE2" },
	{ 0x200f, 1, ALL & ~G(SI), SE3_IDLE, "GRBM_STATUS_SE3" },
	{ 0x0394, 1, PRE_GFX9, ZERO, "SRBM_STATUS" },
	{ 0x0393, 1, PRE_GFX9, ZERO, "SRBM_STATUS2" },
	{ 0x0395, 1, G(VI), ZERO, "SRBM_STATUS3" },
	{ 0x340d, 1, PRE_GFX9, SDMA_IDLE, "SDMA0_STATUS_REG" },
	{ 0x360d, 1, PRE_GFX9, SDMA1_IDLE, "SDMA1_STATUS_REG" },
	{ 0x1285, 1, G(SOC15) | G(NV) | G(SOC21), SDMA_IDLE, "SDMA0_STATUS_REG" },
	{ 0x21a0, 1, ALL, ZERO, "CP_STAT" },
	{ 0x219c, 3, ALL, ZERO, "CP_STALLED_STAT3, CP_STALLED_STAT1, CP_STALLED_STAT2" },
	{ 0x2084, 6, ALL & ~G(SI), ZERO, "CP_CPC_STATUS, _BUSY_STAT, _STALLED_STAT1, CP_CPF_*" },
	{ 0x263e, 1, ALL, ADDR_CONFIG, "GB_ADDR_CONFIG" },
	{ 0x260d, 1, G(SOC15), ZERO, "DB_DEBUG2" },
	{ 0x09d8, 1, PRE_GFX9, ZERO, "MC_ARB_RAMCFG" },
	{ 0x2644, 32, PRE_GFX9, ZERO, "GB_TILE_MODE0-31" },
	{ 0x2664, 16, G(CIK) | G(VI), ZERO, "GB_MACROTILE_MODE0-15" },
	{ 0x263d, 1, PRE_GFX9, ZERO, "CC_RB_BACKEND_DISABLE" },
	{ 0x26df, 1, PRE_GFX9, ZERO, "GC_USER_RB_BACKEND_DISABLE" },
	{ 0x263f, 1, G(CIK) | G(VI), ZERO, "GB_BACKEND_MAP" },
	{ 0xa0d4, 1, PRE_GFX9, ZERO, "PA_SC_RASTER_CONFIG" },
	{ 0xa0d5, 1, G(CIK) | G(VI), ZERO, "PA_SC_RASTER_CONFIG_1" },
};

static enum gen generation(void)
{
	uint32_t family = shim.profile->family;

	return family < AMDGPU_FAMILY_CI ? SI : family < AMDGPU_FAMILY_VI ? CIK :
	       family < AMDGPU_FAMILY_AI ? VI : family < AMDGPU_FAMILY_NV ? SOC15 :
	       shim.profile->gc_major < 11 ? NV : SOC21;
}

/* SDMA1's status register: after the base the generation puts it at. */
static uint32_t sdma1_status(enum gen g)
{
	const struct shim_profile *p = shim.profile;

	if (g < SOC15)
		return 0x360d;
	/* vega10_ip_offset.h (Vega 10, Raven) 0x1460; vega20's, aldebaran's, Navi's 0x1860. */
	return g == SOC15 && p->gc_major == 9 && p->gc_minor < 4 ? 0x1485 : 0x1885;
}

/* The idle SDMA STATUS_REG: every *_IDLE and *_EMPTY field (oss_2_0, oss_3_0, gc_*_sh_mask.h). */
static uint32_t sdma_idle(enum gen g)
{
	return g == SI ? 0x1 : g == CIK ? 0x464eed57 : g == SOC21 ? 0x465ee557 : 0x465eed57;
}

static const struct mmr *allowed(uint32_t reg)
{
	static const struct mmr sdma1 = { 0, 1, ALL, SDMA1_IDLE, "SDMA1_STATUS_REG" };
	enum gen g = generation();

	if (g >= SOC15 && reg == sdma1_status(g))
		return &sdma1;
	for (size_t i = 0; i < ARRAY_SIZE(mmr_allowed); i++)
		if (reg >= mmr_allowed[i].reg && reg - mmr_allowed[i].reg < mmr_allowed[i].count &&
		    (mmr_allowed[i].gens & G(g)))
			return &mmr_allowed[i];
	return NULL;
}

static uint32_t mmr_value(const struct mmr *m)
{
	const struct shim_profile *p = shim.profile;
	enum gen g = generation();

	switch (m->value) {
	case ADDR_CONFIG:
		return p->gb_addr_config;
	case GRBM_IDLE:
		return 0x300f;
	case GRBM2_IDLE:
		return 0xf;
	case SE0_IDLE:
	case SE1_IDLE:
	case SE2_IDLE:
	case SE3_IDLE:
		return (unsigned)(m->value - SE0_IDLE) < p->num_se ? 0x6 : 0;
	case SDMA_IDLE:
		return p->sdma_instances ? sdma_idle(g) : 0;
	case SDMA1_IDLE:
		return p->sdma_instances > 1 ? sdma_idle(g) : 0;
	default:
		return 0;
	}
}

static int read_mmr_reg(const struct drm_amdgpu_info *q)
{
	unsigned se = q->read_mmr_reg.instance >> AMDGPU_INFO_MMR_SE_INDEX_SHIFT &
		      AMDGPU_INFO_MMR_SE_INDEX_MASK;
	unsigned sh = q->read_mmr_reg.instance >> AMDGPU_INFO_MMR_SH_INDEX_SHIFT &
		      AMDGPU_INFO_MMR_SH_INDEX_MASK;
	uint32_t regs[128];

	if ((se != AMDGPU_INFO_MMR_SE_INDEX_MASK && se >= GFX_MAX_SE) ||
	    (sh != AMDGPU_INFO_MMR_SH_INDEX_MASK && sh >= GFX_MAX_SH_PER_SE) ||
	    q->read_mmr_reg.count > ARRAY_SIZE(regs))
		return -EINVAL;
	for (unsigned i = 0; i < q->read_mmr_reg.count; i++) {
		uint32_t reg = q->read_mmr_reg.dword_offset + i;
		const struct mmr *m = allowed(reg);

		/* amdgpu_info_ioctl(): "unallowed offset", -EFAULT. */
		if (!m) {
			shim_trace("READ_MMR_REG 0x%x: not in the allow-list (-EFAULT)", reg);
			return -EFAULT;
		}
		regs[i] = mmr_value(m);
	}
	return reply(q, regs, q->read_mmr_reg.count * sizeof(regs[0]));
}

static int dev_info(const struct drm_amdgpu_info *q)
{
	const struct shim_profile *p = shim.profile;
	struct drm_amdgpu_info_device d;
	uint64_t vm_size = (1ull << p->va_bits) - SHIM_VA_RESERVED;

	memset(&d, 0, sizeof(d));
	d.device_id = p->device;
	d.chip_rev = p->chip_rev;
	d.external_rev = p->external_rev;
	d.pci_rev = p->pci_rev;
	d.family = p->family;
	d.num_shader_engines = p->num_se;
	d.num_shader_arrays_per_engine = p->num_sh_per_se;
	d.gpu_counter_freq = XCLK_KHZ;
	d.max_engine_clock = 2000000;	/* kHz */
	d.max_memory_clock = 1000000;
	d.cu_active_number = p->cu_active;
	for (unsigned se = 0; se < p->num_se && se < 4; se++)
		for (unsigned sh = 0; sh < p->num_sh_per_se && sh < 4; sh++)
			d.cu_bitmap[se][sh] = (1u << p->cu_per_sh) - 1;
	d.enabled_rb_pipes_mask = (uint32_t)((1ull << (p->num_se * 4)) - 1);
	d.num_rb_pipes = p->num_se * 4;
	d.num_hw_gfx_contexts = 8;
	/* amdgpu_kms.c: the VA range below and above the hole, 2 MiB reserved at each end. */
	d.virtual_address_offset = SHIM_VA_RESERVED;
	d.virtual_address_max = vm_size < SHIM_HOLE_START ? vm_size : SHIM_HOLE_START;
	if (vm_size > SHIM_HOLE_START) {
		d.high_va_offset = SHIM_HOLE_END;
		d.high_va_max = SHIM_HOLE_END | vm_size;
	}
	d.virtual_address_alignment = SHIM_PAGE;
	d.pte_fragment_size = 2 << 20;	/* amdgpu_vm_fragment_size 9: 512 pages */
	d.gart_page_size = SHIM_PAGE;
	d.vram_type = p->vram_type;
	d.vram_bit_width = p->vram_bit_width;
	d.wave_front_size = p->wave_size;
	d.num_shader_visible_vgprs = p->max_gprs;
	d.num_cu_per_sh = p->cu_per_sh;
	d.num_tcc_blocks = 16;
	return reply(q, &d, sizeof(d));
}

static int vram_gtt(const struct drm_amdgpu_info *q)
{
	const struct shim_profile *p = shim.profile;
	struct drm_amdgpu_info_vram_gtt v;

	v.vram_size = vram_usable();
	v.vram_cpu_accessible_size = p->vis_vram_size < v.vram_size ? p->vis_vram_size : v.vram_size;
	v.gtt_size = p->gtt_size;
	return reply(q, &v, sizeof(v));
}

static void heap(struct drm_amdgpu_heap_info *h, uint64_t total, uint64_t usable, uint64_t used)
{
	h->total_heap_size = total;
	h->usable_heap_size = usable;
	h->heap_usage = used;
	h->max_allocation = usable * 3 / 4;
}

static int memory(const struct drm_amdgpu_info *q)
{
	const struct shim_profile *p = shim.profile;
	struct drm_amdgpu_memory_info m;
	uint64_t vis = p->vis_vram_size < vram_usable() ? p->vis_vram_size : vram_usable();

	memset(&m, 0, sizeof(m));
	heap(&m.vram, p->vram_size, vram_usable(), usage(AMDGPU_GEM_DOMAIN_VRAM));
	heap(&m.cpu_accessible_vram, p->vis_vram_size, vis, 0);
	heap(&m.gtt, p->gtt_size, p->gtt_size, usage(AMDGPU_GEM_DOMAIN_GTT));
	return reply(q, &m, sizeof(m));
}

static int u64_answer(const struct drm_amdgpu_info *q, uint64_t v)
{
	return reply(q, &v, sizeof(v));
}

/*
 * amdgpu_kms.c: -EINVAL when amdgpu_ras_init() kept no RAS context (every
 * chip whose VBIOS reports no ECC, but Vega 20: amdgpu_ras.c), else
 * adev->ras_enabled << 32 | con->features.
 */
static int ras_enabled_features(const struct drm_amdgpu_info *q)
{
	const struct shim_profile *p = shim.profile;

	if (!p->ras_context)
		return -EINVAL;
	return u64_answer(q, (uint64_t)p->ras_enabled << 32 | p->ras_features);
}

/*
 * amdgpu_kms.c VIDEO_CAPS: amdgpu_asic_query_video_codecs() picks the
 * table by the UVD/VCE/VCN IP version and answers -EINVAL for a version it
 * does not know (soc15.c, nv.c default:) or with every VCN instance
 * harvested (soc21.c).  The shim's chips have no multimedia block (0 UVD,
 * VCE, VCN and JPEG rings, shim_rings()), so both types answer -EINVAL,
 * as an unknown type does.
 */
static int video_caps(const struct drm_amdgpu_info *q)
{
	uint32_t type = q->video_cap.type;

	shim_trace("AMDGPU_INFO VIDEO_CAPS %s: no multimedia block, -EINVAL",
		   type == AMDGPU_INFO_VIDEO_CAPS_DECODE ? "DECODE" :
		   type == AMDGPU_INFO_VIDEO_CAPS_ENCODE ? "ENCODE" : "of an unknown type");
	return -EINVAL;
}

int shim_info(struct shim_file *f, void *arg)
{
	const struct drm_amdgpu_info *q = arg;
	struct timespec ts;
	uint32_t one = 1;

	(void)f;
	if (!q->return_size || !q->return_pointer)
		return -EINVAL;
	switch (q->query) {
	case AMDGPU_INFO_ACCEL_WORKING:
		return reply(q, &one, sizeof(one));
	case AMDGPU_INFO_HW_IP_INFO:
		return hw_ip_info(q);
	case AMDGPU_INFO_HW_IP_COUNT:
		return hw_ip_count(q);
	case AMDGPU_INFO_TIMESTAMP:
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return u64_answer(q, ((uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec) /
				     (1000000000u / (XCLK_KHZ * 1000u)));
	case AMDGPU_INFO_FW_VERSION:
		return fw_version(q);
	case AMDGPU_INFO_NUM_BYTES_MOVED:
	case AMDGPU_INFO_NUM_EVICTIONS:
	case AMDGPU_INFO_NUM_VRAM_CPU_PAGE_FAULTS:
		return u64_answer(q, 0);
	case AMDGPU_INFO_VRAM_USAGE:
		return u64_answer(q, usage(AMDGPU_GEM_DOMAIN_VRAM));
	case AMDGPU_INFO_VIS_VRAM_USAGE:
		return u64_answer(q, 0);
	case AMDGPU_INFO_GTT_USAGE:
		return u64_answer(q, usage(AMDGPU_GEM_DOMAIN_GTT));
	case AMDGPU_INFO_VRAM_GTT:
		return vram_gtt(q);
	case AMDGPU_INFO_MEMORY:
		return memory(q);
	case AMDGPU_INFO_READ_MMR_REG:
		return read_mmr_reg(q);
	case AMDGPU_INFO_DEV_INFO:
		return dev_info(q);
	case AMDGPU_INFO_VRAM_LOST_COUNTER:
		return reply(q, &(uint32_t){ (uint32_t)shim.vram_lost_counter }, sizeof(uint32_t));
	case AMDGPU_INFO_GDS_CONFIG:
		return gds_config(q);
	case AMDGPU_INFO_RAS_ENABLED_FEATURES:
		return ras_enabled_features(q);
	case AMDGPU_INFO_VIDEO_CAPS:
		return video_caps(q);
	case AMDGPU_INFO_SENSOR:
		/* amdgpu_kms.c without power management (dpm off). */
		return -ENOENT;
	default:
		return shim_unsupported("AMDGPU_INFO query 0x%x", q->query);
	}
}
