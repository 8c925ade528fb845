// SPDX-License-Identifier: GPL-2.0
/*
 * SH_MEM_CONFIG field layouts per GC version, and the values amdgpu
 * programs at init (Linux 6.1 gfx_v7_0.c, gfx_v8_0.c, gfx_v9_0.c,
 * gfx_v10_0.c, gfx_v11_0.c; 6.12 gfx_v12_0.c).  Field positions come from
 * the *_sh_mask.h headers in drivers/gpu/drm/amd/include/asic_reg/gc/ and,
 * before GFX9, asic_reg/gca/.
 *
 * GFX7 and GFX8 have no GC IP version (amdgpu's IP discovery starts with
 * Vega); their version here is that of amdgpu's GFX IP block: gfx_v7_1
 * (Kaveri), gfx_v7_2 (Bonaire, Kabini, Mullins), gfx_v7_3 (Hawaii),
 * gfx_v8_0 (Topaz to VegaM, Carrizo) and gfx_v8_1 (Stoney) in cik.c and
 * vi.c.  GFX6 (SI) has no SH_MEM_CONFIG at all: gfx_6_0_d.h defines none
 * and gfx_v6_0.c programs none.
 */
#include <linux/build_bug.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "vsharp.h"

#define FIELD(n, s, w) { .name = (n), .shift = (s), .width = (w) }

/* gca/gfx_7_2_sh_mask.h (gfx_v7_0.c includes it for every GFX7 chip) */
static const struct vsharp_field gfx7_fields[] = {
	FIELD("ptr32", 0, 1),
	FIELD("private_atc", 1, 1),
	FIELD("alignment_mode", 2, 2),
	FIELD("default_mtype", 4, 3),
	FIELD("ape1_mtype", 7, 3),
};

/* gca/gfx_8_0_sh_mask.h (gfx_v8_0.c includes it for every GFX8 chip) */
static const struct vsharp_field gfx8_fields[] = {
	FIELD("address_mode", 0, 2),
	FIELD("private_atc", 2, 1),
	FIELD("alignment_mode", 3, 2),
	FIELD("default_mtype", 5, 3),
	FIELD("ape1_mtype", 8, 3),
	FIELD("ape1_atc", 11, 1),
};

/* gc_9_0_sh_mask.h (9.0 ... 9.4.2) */
static const struct vsharp_field gfx9_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 3, 2),
	FIELD("retry_disable", 12, 1),
	FIELD("private_nv", 13, 1),
};

/* gc_9_4_3_sh_mask.h: adds F8_MODE */
static const struct vsharp_field gfx943_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 3, 2),
	FIELD("f8_mode", 8, 1),
	FIELD("retry_disable", 12, 1),
	FIELD("private_nv", 13, 1),
};

/* gc_10_1_0_sh_mask.h */
static const struct vsharp_field gfx101_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 2, 2),
	FIELD("default_mtype", 4, 3),
	FIELD("retry_mode", 12, 2),
	FIELD("initial_inst_prefetch", 14, 2),
	FIELD("no_prefetch_across_page", 16, 1),
	FIELD("illegal_inst_check_disable", 17, 1),
	FIELD("icache_use_gl1", 18, 1),
};

/* gc_10_3_0_sh_mask.h */
static const struct vsharp_field gfx103_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 2, 2),
	FIELD("default_mtype", 4, 3),
	FIELD("initial_inst_prefetch", 14, 2),
	FIELD("icache_use_gl1", 18, 1),
};

/* gc_11_0_0_sh_mask.h */
static const struct vsharp_field gfx11_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 2, 2),
	FIELD("initial_inst_prefetch", 14, 2),
	FIELD("icache_use_gl1", 18, 1),
};

/* gc_12_0_0_sh_mask.h: adds F8_MODE */
static const struct vsharp_field gfx12_fields[] = {
	FIELD("address_mode", 0, 1),
	FIELD("alignment_mode", 2, 2),
	FIELD("f8_mode", 8, 1),
	FIELD("initial_inst_prefetch", 14, 2),
	FIELD("icache_use_gl1", 18, 1),
};

static_assert(ARRAY_SIZE(gfx7_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx8_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx9_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx943_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx101_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx103_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx11_fields) <= VSHARP_MAX_FIELDS);
static_assert(ARRAY_SIZE(gfx12_fields) <= VSHARP_MAX_FIELDS);

enum { L_GFX7, L_GFX8, L_GFX9, L_GFX943, L_GFX101, L_GFX103, L_GFX11, L_GFX12 };

/* ALIGNMENT_MODE is the third field before GFX9, the second from GFX9 on */
static const struct vsharp_layout layouts[] = {
	[L_GFX7] = { "gfx7", gfx7_fields, ARRAY_SIZE(gfx7_fields),
		     &gfx7_fields[2] },
	[L_GFX8] = { "gfx8", gfx8_fields, ARRAY_SIZE(gfx8_fields),
		     &gfx8_fields[2] },
	[L_GFX9] = { "gfx9", gfx9_fields, ARRAY_SIZE(gfx9_fields),
		     &gfx9_fields[1] },
	[L_GFX943] = { "gfx9.4.3", gfx943_fields, ARRAY_SIZE(gfx943_fields),
		       &gfx943_fields[1] },
	[L_GFX101] = { "gfx10.1", gfx101_fields, ARRAY_SIZE(gfx101_fields),
		       &gfx101_fields[1] },
	[L_GFX103] = { "gfx10.3", gfx103_fields, ARRAY_SIZE(gfx103_fields),
		       &gfx103_fields[1] },
	[L_GFX11] = { "gfx11", gfx11_fields, ARRAY_SIZE(gfx11_fields),
		      &gfx11_fields[1] },
	[L_GFX12] = { "gfx12", gfx12_fields, ARRAY_SIZE(gfx12_fields),
		      &gfx12_fields[1] },
};

static int parse_uint_part(const char **sp, unsigned int *out)
{
	const char *s = *sp;
	unsigned int v = 0;

	if (!isdigit(*s))
		return -EINVAL;
	while (isdigit(*s)) {
		v = v * 10 + (*s - '0');
		if (v > 255)
			return -EINVAL;
		s++;
	}
	*out = v;
	*sp = s;
	return 0;
}

/**
 * vsharp_parse_gc() - parse a GC IP version "MAJOR.MINOR.REV"
 * @s: the text, without surrounding white space
 * @gc: where to store the version
 *
 * Return: 0, or -EINVAL if @s is not three dot-separated numbers <= 255
 * naming a GC version that has a known SH_MEM_CONFIG layout.
 */
int vsharp_parse_gc(const char *s, struct vsharp_gc *gc)
{
	struct vsharp_gc v;

	if (!s || parse_uint_part(&s, &v.major) || *s++ != '.' ||
	    parse_uint_part(&s, &v.minor) || *s++ != '.' ||
	    parse_uint_part(&s, &v.rev) || *s)
		return -EINVAL;
	if (!vsharp_gc_layout(&v))
		return -EINVAL;
	*gc = v;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_gc);

/**
 * vsharp_gc_layout() - the SH_MEM_CONFIG layout of a GC version
 * @gc: the version
 *
 * Return: the layout, or NULL for versions without one (GFX6, 10.2, ...).
 */
const struct vsharp_layout *vsharp_gc_layout(const struct vsharp_gc *gc)
{
	switch (gc->major) {
	case 7:
		if (gc->minor >= 1 && gc->minor <= 3 && !gc->rev)
			return &layouts[L_GFX7];
		return NULL;
	case 8:
		if (gc->minor <= 1 && !gc->rev)
			return &layouts[L_GFX8];
		return NULL;
	case 9:
		if (gc->minor == 4 && gc->rev >= 3)
			return &layouts[L_GFX943];
		return &layouts[L_GFX9];
	case 10:
		if (gc->minor == 1)
			return &layouts[L_GFX101];
		if (gc->minor == 3)
			return &layouts[L_GFX103];
		return NULL;
	case 11:
		return &layouts[L_GFX11];
	case 12:
		return &layouts[L_GFX12];
	default:
		return NULL;
	}
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_gc_layout);

u32 vsharp_field_mask(const struct vsharp_field *f)
{
	return GENMASK(f->shift + f->width - 1, f->shift);
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_field_mask);

u32 vsharp_field_get(const struct vsharp_field *f, u32 reg)
{
	return (reg & vsharp_field_mask(f)) >> f->shift;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_field_get);

u32 vsharp_field_set(const struct vsharp_field *f, u32 reg, u32 val)
{
	u32 mask = vsharp_field_mask(f);

	return (reg & ~mask) | ((val << f->shift) & mask);
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_field_set);

static u32 gc_ip(const struct vsharp_gc *gc)
{
	return gc->major << 16 | gc->minor << 8 | gc->rev;
}

/* amdgpu_gmc_noretry_set() with amdgpu.noretry=-1 (Linux 6.1) */
bool vsharp_gc_noretry_default(const struct vsharp_gc *gc)
{
	u32 v = gc_ip(gc);

	return v == 0x090001 || v == 0x090400 || v == 0x090401 ||
	       v == 0x090402 || v >= 0x0a0300;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_gc_noretry_default);

/*
 * gmc_v7_0.c, gmc_v8_0.c, gmc_v9_0_sw_init(), gmc_v10_0.c, gmc_v11_0.c: 3
 * on compute-only parts, 8 on every other
 */
unsigned int vsharp_gc_first_kfd_vmid(const struct vsharp_gc *gc)
{
	u32 v = gc_ip(gc);

	return (v == 0x090401 || v == 0x090402) ? 3 : 8;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_gc_first_kfd_vmid);

/* MTYPE_NC, MTYPE_CC, MTYPE_UC of gfx_7_2_enum.h and gfx_8_0_enum.h */
enum { MTYPE_NC = 1, MTYPE_CC = 2, MTYPE_UC = 3 };
/* cikd.h: the DEFAULT_MTYPE gfx_v7_0_init_compute_vmid() writes */
#define CIK_MTYPE_NONCACHED	3
/* gfx_8_0_enum.h SH_MEM_ADDRESS_MODE_HSA64 */
#define GFX8_ADDRESS_MODE_HSA64	2

/*
 * SH_MEM_CONFIG before GFX9 (ALIGNMENT_MODE aside, which is UNALIGNED
 * everywhere): per VMID 0, graphics VMIDs 1..7 and KFD VMIDs 8..15, by
 * field.  gfx_v7_0_constants_init() writes DEFAULT_MTYPE NC and
 * APE1_MTYPE UC to VMIDs 0..7, gfx_v7_0_init_compute_vmid() DEFAULT_MTYPE
 * NONCACHED to the rest; gfx_v8_0_constants_init() DEFAULT_MTYPE UC to
 * VMID 0 and NC to 1..7, APE1_MTYPE UC to both, and
 * gfx_v8_0_init_compute_vmid() ADDRESS_MODE HSA64, DEFAULT_MTYPE CC and
 * PRIVATE_ATC to 8..15.
 */
struct legacy_field_value {
	const char *field;
	u32 vmid0, graphics, kfd;
};

static const struct legacy_field_value gfx7_defaults[] = {
	{ "default_mtype", MTYPE_NC, MTYPE_NC, CIK_MTYPE_NONCACHED },
	{ "ape1_mtype", MTYPE_UC, MTYPE_UC, 0 },
};

static const struct legacy_field_value gfx8_defaults[] = {
	{ "address_mode", 0, 0, GFX8_ADDRESS_MODE_HSA64 },
	{ "private_atc", 0, 0, 1 },
	{ "default_mtype", MTYPE_UC, MTYPE_NC, MTYPE_CC },
	{ "ape1_mtype", MTYPE_UC, MTYPE_UC, 0 },
};

static const struct {
	const struct legacy_field_value *values;
	size_t n;
} legacy_defaults[] = {
	[L_GFX7] = { gfx7_defaults, ARRAY_SIZE(gfx7_defaults) },
	[L_GFX8] = { gfx8_defaults, ARRAY_SIZE(gfx8_defaults) },
};

static u32 legacy_default(const struct vsharp_layout *l, unsigned int vmid,
			  unsigned int first_kfd_vmid)
{
	const struct legacy_field_value *d = legacy_defaults[l - layouts].values;
	u32 v = vsharp_field_set(l->align, 0, VSHARP_ALIGN_UNALIGNED);
	unsigned int j;
	size_t i;

	for (i = 0; i < legacy_defaults[l - layouts].n; i++) {
		u32 val = vmid >= first_kfd_vmid ? d[i].kfd :
			  vmid ? d[i].graphics : d[i].vmid0;

		for (j = 0; j < l->nfields; j++)
			if (!strcmp(l->fields[j].name, d[i].field))
				v = vsharp_field_set(&l->fields[j], v, val);
	}
	return v;
}

/**
 * vsharp_gc_default_sh_mem_config() - what amdgpu writes at hw init
 * @gc: GC version (must have a layout)
 * @vmid: 0..15
 * @noretry: amdgpu's gmc.noretry for this device
 *
 * GFX7, GFX8: see legacy_default().  GFX9: graphics VMIDs get
 * ADDRESS_MODE_64 | UNALIGNED | RETRY_DISABLE =
 * noretry (gfx_v9_0_constants_init), KFD VMIDs ADDRESS_MODE_64 | UNALIGNED
 * (gfx_v9_0_init_compute_vmid).  GFX10: DEFAULT_SH_MEM_CONFIG with
 * RETRY_MODE_ALL and INITIAL_INST_PREFETCH 3 on every VMID.  GFX11/12: the
 * same without RETRY_MODE.
 */
u32 vsharp_gc_default_sh_mem_config(const struct vsharp_gc *gc,
				    unsigned int vmid, bool noretry)
{
	const struct vsharp_layout *l = vsharp_gc_layout(gc);
	u32 v = 0;	/* ADDRESS_MODE 0 = 64-bit */

	if (!l)
		return 0;
	if (gc->major < 9)
		return legacy_default(l, vmid, vsharp_gc_first_kfd_vmid(gc));
	v = vsharp_field_set(l->align, v, VSHARP_ALIGN_UNALIGNED);
	if (gc->major == 9) {
		if (vmid < vsharp_gc_first_kfd_vmid(gc) && noretry)
			v |= BIT(12);	/* RETRY_DISABLE */
		return v;
	}
	/* RETRY_MODE_ALL is 0 on GFX10.1; INITIAL_INST_PREFETCH = 3 */
	return v | 3 << 14;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_gc_default_sh_mem_config);

/**
 * vsharp_graphics_vmids() - the graphics VMIDs of a device
 * @first_kfd_vmid: the first VMID amdkfd owns, 2..16
 *
 * VMID 0 belongs to the kernel driver (its own shaders: clear state, GFX9
 * EDC workarounds, cleaner shaders); VMIDs from @first_kfd_vmid on belong
 * to amdkfd, whose scheduler reprograms them.  The rest are the VMIDs of
 * libdrm command submissions.
 *
 * Return: the set 1 .. @first_kfd_vmid - 1, empty for an out-of-range
 * @first_kfd_vmid.
 */
u32 vsharp_graphics_vmids(unsigned int first_kfd_vmid)
{
	if (first_kfd_vmid < 2 || first_kfd_vmid > VSHARP_NUM_VMIDS)
		return 0;
	return GENMASK(first_kfd_vmid - 1, 1);
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_graphics_vmids);
