// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp_kunit.ko: KUnit tests of vsharp.ko's pure helpers (register
 * layouts, defaults, parsers, formatters), of the alignment bookkeeping on
 * a test backend (VMID guard, restore after backend errors), and of the
 * dma-buf exporter seen from an in-kernel importer.  A module of its own,
 * built only for kernels with KUnit; the suites run when it is loaded,
 * after vsharp.ko.
 */
#include <kunit/test.h>
#include <linux/device.h>
#include <linux/dma-buf.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/scatterlist.h>

#include "compat.h"
#include "vsharp.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_IMPORT_NS(DMA_BUF);

static struct vsharp_gc gc_of(struct kunit *test, const char *s)
{
	struct vsharp_gc gc = { 0 };

	KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_gc(s, &gc), 0, "gc %s", s);
	return gc;
}

static void parse_gc_test(struct kunit *test)
{
	static const char * const bad[] = {
		"", "9", "9.0", "9.0.1.2", "a.b.c", "9..1", ".9.0.1", "9.0.1 ",
		"256.0.0", "6.0.0", "7.0.0", "7.4.0", "7.2.1", "8.2.0",
		"8.0.1", "10.2.0", "13.0.0", "-9.0.1", "9.0.x",
		"99999999999.0.0",
	};
	struct vsharp_gc gc;
	size_t i;

	gc = gc_of(test, "10.1.10");
	KUNIT_EXPECT_EQ(test, gc.major, 10U);
	KUNIT_EXPECT_EQ(test, gc.minor, 1U);
	KUNIT_EXPECT_EQ(test, gc.rev, 10U);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_gc(bad[i], &gc), -EINVAL,
				    "'%s'", bad[i]);
	KUNIT_EXPECT_EQ(test, vsharp_parse_gc(NULL, &gc), -EINVAL);
}

static void layout_test(struct kunit *test)
{
	static const struct {
		const char *gc, *family;
		unsigned int align_shift, nfields;
	} cases[] = {
		/* gca/gfx_7_2_sh_mask.h, gca/gfx_8_0_sh_mask.h */
		{ "7.1.0", "gfx7", 2, 5 }, { "7.3.0", "gfx7", 2, 5 },
		{ "8.0.0", "gfx8", 3, 6 }, { "8.1.0", "gfx8", 3, 6 },
		{ "9.0.1", "gfx9", 3, 4 }, { "9.4.2", "gfx9", 3, 4 },
		{ "9.4.3", "gfx9.4.3", 3, 5 }, { "10.1.10", "gfx10.1", 2, 8 },
		{ "10.3.0", "gfx10.3", 2, 5 }, { "10.3.7", "gfx10.3", 2, 5 },
		{ "11.0.0", "gfx11", 2, 4 }, { "11.5.0", "gfx11", 2, 4 },
		{ "12.0.0", "gfx12", 2, 5 },
	};
	const struct vsharp_layout *l;
	struct vsharp_gc gc;
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		gc = gc_of(test, cases[i].gc);
		l = vsharp_gc_layout(&gc);
		KUNIT_ASSERT_NOT_NULL(test, l);
		KUNIT_EXPECT_STREQ(test, l->family, cases[i].family);
		KUNIT_EXPECT_STREQ(test, l->align->name, "alignment_mode");
		KUNIT_EXPECT_EQ(test, l->align->shift, cases[i].align_shift);
		KUNIT_EXPECT_EQ(test, l->align->width, 2);
		KUNIT_EXPECT_EQ(test, l->nfields, cases[i].nfields);
		/* fields never overlap */
		for (j = 1; j < l->nfields; j++)
			KUNIT_EXPECT_EQ(test, vsharp_field_mask(&l->fields[j - 1]) &
					vsharp_field_mask(&l->fields[j]), 0U);
	}
}

static void field_test(struct kunit *test)
{
	const struct vsharp_field f = { "x", 12, 2 };
	const struct vsharp_field top = { "t", 31, 1 };

	KUNIT_EXPECT_EQ(test, vsharp_field_mask(&f), 0x3000U);
	KUNIT_EXPECT_EQ(test, vsharp_field_get(&f, 0xffff2fffU), 2U);
	KUNIT_EXPECT_EQ(test, vsharp_field_set(&f, 0xffffffffU, 1), 0xffffdfffU);
	/* values wider than the field are cut, not spilled */
	KUNIT_EXPECT_EQ(test, vsharp_field_set(&f, 0, 7), 0x3000U);
	KUNIT_EXPECT_EQ(test, vsharp_field_mask(&top), 0x80000000U);
	KUNIT_EXPECT_EQ(test, vsharp_field_get(&top, 0x80000000U), 1U);
}

static void defaults_test(struct kunit *test)
{
	struct vsharp_gc gc;
	unsigned int v;

	/*
	 * gfx_v7_0_constants_init / gfx_v7_0_init_compute_vmid: VMIDs 0..7
	 * ALIGNMENT_MODE UNALIGNED (3) << 2 | DEFAULT_MTYPE MTYPE_NC (1) << 4 |
	 * APE1_MTYPE MTYPE_UC (3) << 7; 8..15 UNALIGNED << 2 |
	 * MTYPE_NONCACHED (3, cikd.h) << 4.
	 */
	gc = gc_of(test, "7.2.0");
	KUNIT_EXPECT_FALSE(test, vsharp_gc_noretry_default(&gc));
	KUNIT_EXPECT_EQ(test, vsharp_gc_first_kfd_vmid(&gc), 8U);
	for (v = 0; v < 16; v++)
		KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, v, false),
				v < 8 ? 0x19cU : 0x3cU);
	/*
	 * gfx_v8_0_constants_init / gfx_v8_0_init_compute_vmid: VMID 0
	 * UNALIGNED << 3 | MTYPE_UC << 5 | MTYPE_UC << 8; 1..7 the same with
	 * MTYPE_NC << 5; 8..15 SH_MEM_ADDRESS_MODE_HSA64 (2) | UNALIGNED << 3 |
	 * MTYPE_CC (2) << 5 | PRIVATE_ATC_MASK (0x4).
	 */
	gc = gc_of(test, "8.0.0");
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 0, false), 0x378U);
	for (v = 1; v < 16; v++)
		KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, v, false),
				v < 8 ? 0x338U : 0x5eU);
	gc = gc_of(test, "8.1.0");
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 7, false), 0x338U);

	/* gfx_v9_0_constants_init / gfx_v9_0_init_compute_vmid */
	gc = gc_of(test, "9.0.1");
	KUNIT_EXPECT_TRUE(test, vsharp_gc_noretry_default(&gc));
	KUNIT_EXPECT_EQ(test, vsharp_gc_first_kfd_vmid(&gc), 8U);
	for (v = 0; v < 16; v++)
		KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, v, true),
				v < 8 ? 0x1018U : 0x18U);
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 1, false), 0x18U);
	gc = gc_of(test, "9.2.1");
	KUNIT_EXPECT_FALSE(test, vsharp_gc_noretry_default(&gc));
	gc = gc_of(test, "9.4.2");
	KUNIT_EXPECT_EQ(test, vsharp_gc_first_kfd_vmid(&gc), 3U);
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 3, true), 0x18U);
	/* DEFAULT_SH_MEM_CONFIG of gfx_v10_0.c, gfx_v11_0.c, gfx_v12_0.c */
	gc = gc_of(test, "10.1.10");
	KUNIT_EXPECT_FALSE(test, vsharp_gc_noretry_default(&gc));
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 0, false), 0xc00cU);
	gc = gc_of(test, "10.3.0");
	KUNIT_EXPECT_TRUE(test, vsharp_gc_noretry_default(&gc));
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 15, true), 0xc00cU);
	gc = gc_of(test, "11.0.0");
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 7, true), 0xc00cU);
	gc = gc_of(test, "12.0.0");
	KUNIT_EXPECT_EQ(test, vsharp_gc_default_sh_mem_config(&gc, 8, true), 0xc00cU);
}

static void mode_test(struct kunit *test)
{
	static const char * const bad[] = {
		"", "4", "-1", "00", "DWORD", "dword ", " dword", "dwordx",
		"unaligned\n", "0x3", "strict2", "3.0",
	};
	unsigned int m, i;
	char num[2] = "0";

	for (m = 0; m < VSHARP_ALIGN_COUNT; m++) {
		unsigned int got = 99;

		KUNIT_EXPECT_EQ(test, vsharp_parse_mode(vsharp_mode_name(m), &got), 0);
		KUNIT_EXPECT_EQ(test, got, m);
		num[0] = '0' + m;
		KUNIT_EXPECT_EQ(test, vsharp_parse_mode(num, &got), 0);
		KUNIT_EXPECT_EQ(test, got, m);
	}
	KUNIT_EXPECT_STREQ(test, vsharp_mode_name(VSHARP_ALIGN_DWORD_STRICT),
			   "dword_strict");
	KUNIT_EXPECT_STREQ(test, vsharp_mode_name(4), "invalid");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_mode(bad[i], &m), -EINVAL,
				    "'%s'", bad[i]);
}

static void vmids_roundtrip_test(struct kunit *test)
{
	char buf[64];
	u32 mask, got;
	int len;

	/* every set formats and parses back to itself */
	for (mask = 0; mask <= VSHARP_ALL_VMIDS; mask++) {
		len = vsharp_format_vmids(mask, buf, sizeof(buf));
		KUNIT_ASSERT_GT(test, len, 0);
		KUNIT_ASSERT_EQ(test, (size_t)len, strlen(buf));
		KUNIT_ASSERT_EQ(test, vsharp_parse_vmids(buf, &got), 0);
		KUNIT_ASSERT_EQ(test, got, mask);
	}
	KUNIT_EXPECT_EQ(test, vsharp_format_vmids(0x5555, buf, 8), -ENOSPC);
	KUNIT_EXPECT_EQ(test, vsharp_format_vmids(0, buf, 4), -ENOSPC);
	vsharp_format_vmids(0x80fe, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, "1-7,15");
}

static void vmids_parse_test(struct kunit *test)
{
	static const char * const bad[] = {
		"", "16", "-1", "1-", "-", "7-1", "abc", "1,,2", "0x1", "1,",
		",1", "1 2", "ALL", "100", "3-16", "1.5", "001", "1--2", "1-2-3",
	};
	u32 mask;
	size_t i;

	KUNIT_EXPECT_EQ(test, vsharp_parse_vmids("all", &mask), 0);
	KUNIT_EXPECT_EQ(test, mask, 0xffffU);
	KUNIT_EXPECT_EQ(test, vsharp_parse_vmids("5-7,6,0", &mask), 0);
	KUNIT_EXPECT_EQ(test, mask, 0xe1U);
	KUNIT_EXPECT_EQ(test, vsharp_parse_vmids("09", &mask), 0);
	KUNIT_EXPECT_EQ(test, mask, 0x200U);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_vmids(bad[i], &mask), -EINVAL,
				    "'%s'", bad[i]);
}

static void size_test(struct kunit *test)
{
	static const struct { const char *s; u64 v; } ok[] = {
		{ "1", 1 }, { "4096", 4096 }, { "0x1000", 4096 }, { "0X1f", 31 },
		{ "4K", 4096 }, { "3M", 3 << 20 }, { "0", 0 },
		{ "18446744073709551615", U64_MAX }, { "0x3fffffffffffffK", 0xfffffffffffffc00ULL },
		{ "007", 7 }, { "0x0010", 16 }, { "4096K", 4 << 20 },
	};
	static const char * const bad[] = {
		"", "-1", "+1", "K", "M", "0x", "0xK", "1KK", "1G", "1k", "4.5",
		"18446744073709551616", "0x40000000000000K", "1 K", "abc", "0x+5",
		"123456789012345678901234", "0x0x10", "0X0x10", "0x 1", "1x10",
	};
	size_t i;
	u64 v;

	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_size(ok[i].s, &v), 0, "'%s'", ok[i].s);
		KUNIT_EXPECT_EQ_MSG(test, v, ok[i].v, "'%s'", ok[i].s);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, vsharp_parse_size(bad[i], &v), -EINVAL,
				    "'%s'", bad[i]);
}

static void id_and_one_test(struct kunit *test)
{
	int id;

	KUNIT_EXPECT_EQ(test, vsharp_parse_id("0", &id), 0);
	KUNIT_EXPECT_EQ(test, id, 0);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("2147483647", &id), 0);
	KUNIT_EXPECT_EQ(test, id, INT_MAX);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("2147483648", &id), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("-1", &id), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("+1", &id), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("", &id), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_id("1x", &id), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_one("1"), 0);
	KUNIT_EXPECT_EQ(test, vsharp_parse_one("01"), -EINVAL);
	KUNIT_EXPECT_EQ(test, vsharp_parse_one(""), -EINVAL);
}

static void text_input_test(struct kunit *test)
{
	char a[] = "  dword\n", b[] = "a\x01", c[] = "\n\n", d[] = "x\xffy";
	char e[] = "1 2", f[] = "a\0b";

	KUNIT_EXPECT_STREQ(test, vsharp_text_input(a, strlen(a)), "dword");
	KUNIT_EXPECT_EQ(test, PTR_ERR(vsharp_text_input(b, 2)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(vsharp_text_input(c, 2)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(vsharp_text_input(d, 3)), -EINVAL);
	KUNIT_EXPECT_STREQ(test, vsharp_text_input(e, 3), "1 2");
	KUNIT_EXPECT_EQ(test, PTR_ERR(vsharp_text_input(f, 3)), -EINVAL);
}

static void graphics_vmids_test(struct kunit *test)
{
	/* gmc_v9_0_sw_init(): 8 on graphics parts, 3 on GC 9.4.1/9.4.2 */
	KUNIT_EXPECT_EQ(test, vsharp_graphics_vmids(8), 0xfeU);
	KUNIT_EXPECT_EQ(test, vsharp_graphics_vmids(3), 0x6U);
	KUNIT_EXPECT_EQ(test, vsharp_graphics_vmids(16), 0xfffeU);
	KUNIT_EXPECT_EQ(test, vsharp_graphics_vmids(1), 0U);
	KUNIT_EXPECT_EQ(test, vsharp_graphics_vmids(17), 0U);
}

static struct kunit_case vsharp_helper_cases[] = {
	KUNIT_CASE(parse_gc_test),
	KUNIT_CASE(layout_test),
	KUNIT_CASE(field_test),
	KUNIT_CASE(defaults_test),
	KUNIT_CASE(mode_test),
	KUNIT_CASE(vmids_roundtrip_test),
	KUNIT_CASE(vmids_parse_test),
	KUNIT_CASE(size_test),
	KUNIT_CASE(id_and_one_test),
	KUNIT_CASE(text_input_test),
	KUNIT_CASE(graphics_vmids_test),
	{}
};

static struct kunit_suite vsharp_helper_suite = {
	.name = "vsharp_helpers",
	.test_cases = vsharp_helper_cases,
};

/*
 * A backend with a register file that can be made to refuse access, as
 * the amdgpu backend does while GFXOFF is allowed or a reset runs.
 */
struct test_backend {
	struct vsharp_dev dev;
	int error;			/* returned by every access when set */
	u32 regs[VSHARP_NUM_VMIDS];
	u32 reserved;			/* the driver's reserved VMIDs */
	int holds;			/* hold(true) minus hold(false) */
	int hold_calls;
};

static int tb_read(struct vsharp_dev *vdev, unsigned int vmid, u32 *val)
{
	struct test_backend *tb = container_of(vdev, struct test_backend, dev);

	if (tb->error)
		return tb->error;
	*val = tb->regs[vmid];
	return 0;
}

static int tb_update(struct vsharp_dev *vdev, unsigned int vmid, u32 mask,
		     u32 bits, u32 *old, u32 *new)
{
	struct test_backend *tb = container_of(vdev, struct test_backend, dev);

	if (tb->error)
		return tb->error;
	*old = tb->regs[vmid];
	*new = (*old & ~mask) | (bits & mask);
	tb->regs[vmid] = *new;
	return 0;
}

static int tb_reserved(struct vsharp_dev *vdev, u32 *mask)
{
	struct test_backend *tb = container_of(vdev, struct test_backend, dev);

	*mask = tb->reserved;
	return 0;
}

static void tb_hold(struct vsharp_dev *vdev, bool on)
{
	struct test_backend *tb = container_of(vdev, struct test_backend, dev);

	tb->holds += on ? 1 : -1;
	tb->hold_calls++;
}

static const struct vsharp_backend_ops tb_ops = {
	.name = "test",
	.read = tb_read,
	.update = tb_update,
	.reserved = tb_reserved,
	.hold = tb_hold,
};

static int align_test_init(struct kunit *test)
{
	struct vsharp_gc gc = { 10, 3, 0 };
	struct test_backend *tb;
	unsigned int vmid;

	tb = kunit_kzalloc(test, sizeof(*tb), GFP_KERNEL);
	if (!tb)
		return -ENOMEM;
	tb->dev.ops = &tb_ops;
	strscpy(tb->dev.name, "kunit0", sizeof(tb->dev.name));
	tb->dev.gc = gc;
	tb->dev.layout = vsharp_gc_layout(&gc);
	tb->dev.first_kfd_vmid = 8;
	tb->dev.writable = vsharp_graphics_vmids(8);
	/* the mechanics below, as if the driver had reserved them all */
	tb->reserved = tb->dev.writable;
	mutex_init(&tb->dev.lock);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++)
		tb->regs[vmid] = vsharp_gc_default_sh_mem_config(&gc, vmid, true);
	test->priv = tb;
	return 0;
}

static void align_test_exit(struct kunit *test)
{
	struct test_backend *tb = test->priv;

	mutex_destroy(&tb->dev.lock);
}

/* VMID 0 and the KFD VMIDs are refused and left as they are. */
static void vmid_guard_test(struct kunit *test)
{
	struct test_backend *tb = test->priv;
	unsigned int vmid;

	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(0),
						 VSHARP_ALIGN_STRICT), -EPERM);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(8) | BIT(1),
						 VSHARP_ALIGN_STRICT), -EPERM);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(15),
						 VSHARP_ALIGN_DWORD), -EPERM);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++)
		KUNIT_EXPECT_EQ(test, tb->regs[vmid], 0xc00cU);
	KUNIT_EXPECT_EQ(test, tb->dev.touched, 0U);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, 0xfe,
						 VSHARP_ALIGN_STRICT), 0);
	/* gfx10.3: ALIGNMENT_MODE [3:2], strict = 2 */
	KUNIT_EXPECT_EQ(test, tb->regs[1], 0xc008U);
	KUNIT_EXPECT_EQ(test, tb->regs[7], 0xc008U);
	KUNIT_EXPECT_EQ(test, tb->regs[0], 0xc00cU);
	KUNIT_EXPECT_EQ(test, tb->regs[8], 0xc00cU);
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, NULL), 0);
}

/* A VMID that could not be restored stays tracked and is retried. */
static void restore_failure_test(struct kunit *test)
{
	struct test_backend *tb = test->priv;
	u32 failed = 0, lost = 0;
	int mode;

	KUNIT_ASSERT_EQ(test, vsharp_align_apply(&tb->dev, BIT(2) | BIT(5),
						 VSHARP_ALIGN_DWORD), 0);
	tb->error = -EBUSY;
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, &failed), -EBUSY);
	KUNIT_EXPECT_EQ(test, failed, BIT(2) | BIT(5));
	KUNIT_EXPECT_EQ(test, tb->dev.touched, BIT(2) | BIT(5));
	/* status cannot claim "unmodified": the read fails */
	KUNIT_EXPECT_EQ(test, vsharp_align_lost(&tb->dev, &lost), -EBUSY);
	tb->error = 0;
	KUNIT_EXPECT_EQ(test, vsharp_align_lost(&tb->dev, &lost), 0);
	KUNIT_EXPECT_EQ(test, lost, 0U);
	KUNIT_EXPECT_EQ(test, vsharp_align_read(&tb->dev, BIT(2) | BIT(5), &mode), 0);
	KUNIT_EXPECT_EQ(test, mode, VSHARP_ALIGN_DWORD);
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, &failed), 0);
	KUNIT_EXPECT_EQ(test, failed, 0U);
	KUNIT_EXPECT_EQ(test, tb->dev.touched, 0U);
	KUNIT_EXPECT_EQ(test, tb->regs[2], 0xc00cU);
	KUNIT_EXPECT_EQ(test, tb->regs[5], 0xc00cU);
}

/* A VMID the driver rewrote is dropped from tracking, not overwritten. */
static void restore_after_driver_test(struct kunit *test)
{
	struct test_backend *tb = test->priv;
	u32 failed = 1, lost = 0;

	KUNIT_ASSERT_EQ(test, vsharp_align_apply(&tb->dev, BIT(3) | BIT(4),
						 VSHARP_ALIGN_STRICT), 0);
	tb->regs[3] = 0xc00dU;	/* the driver's own value, not ours */
	KUNIT_EXPECT_EQ(test, vsharp_align_lost(&tb->dev, &lost), 0);
	KUNIT_EXPECT_EQ(test, lost, BIT(3));
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, &failed), 0);
	KUNIT_EXPECT_EQ(test, failed, 0U);
	KUNIT_EXPECT_EQ(test, tb->dev.touched, 0U);
	KUNIT_EXPECT_EQ(test, tb->regs[3], 0xc00dU);
	KUNIT_EXPECT_EQ(test, tb->regs[4], 0xc00cU);
}

/*
 * A VMID the driver has not reserved for one VM is refused (-EACCES),
 * with nothing changed, unless forced; the other checks come first.
 */
static void reservation_test(struct kunit *test)
{
	struct test_backend *tb = test->priv;
	unsigned int vmid;

	tb->reserved = BIT(3);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(4),
						 VSHARP_ALIGN_STRICT), -EACCES);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(3) | BIT(4),
						 VSHARP_ALIGN_STRICT), -EACCES);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(0),
						 VSHARP_ALIGN_STRICT), -EPERM);
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(3), 4), -EINVAL);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS; vmid++)
		KUNIT_EXPECT_EQ(test, tb->regs[vmid], 0xc00cU);
	KUNIT_EXPECT_EQ(test, tb->dev.touched, 0U);
	KUNIT_EXPECT_EQ(test, tb->hold_calls, 0);

	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(3),
						 VSHARP_ALIGN_STRICT), 0);
	KUNIT_EXPECT_EQ(test, tb->regs[3], 0xc008U);
	tb->dev.force = true;
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(4),
						 VSHARP_ALIGN_DWORD), 0);
	KUNIT_EXPECT_EQ(test, tb->regs[4], 0xc000U);
	/* force does not open VMID 0 or the KFD VMIDs */
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(9),
						 VSHARP_ALIGN_DWORD), -EPERM);
	/* restore is never refused: the reservation may be gone by then */
	tb->dev.force = false;
	tb->reserved = 0;
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, tb->regs[3], 0xc00cU);
	KUNIT_EXPECT_EQ(test, tb->regs[4], 0xc00cU);
}

/*
 * The backend's hold spans exactly the time a VMID holds a changed mode:
 * one hold from the first change, let go by the restore of the last, by
 * a driver rewrite of the last, or at once when the first write fails.
 */
static void hold_test(struct kunit *test)
{
	struct test_backend *tb = test->priv;

	KUNIT_ASSERT_EQ(test, vsharp_align_apply(&tb->dev, BIT(1),
						 VSHARP_ALIGN_DWORD), 0);
	KUNIT_EXPECT_EQ(test, tb->holds, 1);
	KUNIT_ASSERT_EQ(test, vsharp_align_apply(&tb->dev, BIT(2) | BIT(1),
						 VSHARP_ALIGN_STRICT), 0);
	KUNIT_EXPECT_EQ(test, tb->hold_calls, 1);
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, tb->holds, 0);
	KUNIT_EXPECT_EQ(test, tb->hold_calls, 2);

	/* the driver rewrote the only changed VMID: nothing left to hold */
	KUNIT_ASSERT_EQ(test, vsharp_align_apply(&tb->dev, BIT(5),
						 VSHARP_ALIGN_STRICT), 0);
	KUNIT_EXPECT_EQ(test, tb->holds, 1);
	tb->regs[5] = 0xc00dU;
	KUNIT_EXPECT_EQ(test, vsharp_align_restore(&tb->dev, NULL), 0);
	KUNIT_EXPECT_EQ(test, tb->holds, 0);

	/* a first write that fails leaves no hold behind */
	tb->error = -EBUSY;
	KUNIT_EXPECT_EQ(test, vsharp_align_apply(&tb->dev, BIT(6),
						 VSHARP_ALIGN_STRICT), -EBUSY);
	KUNIT_EXPECT_EQ(test, tb->holds, 0);
	KUNIT_EXPECT_EQ(test, tb->dev.touched, 0U);
	tb->error = 0;
}

static struct kunit_case vsharp_align_cases[] = {
	KUNIT_CASE(reservation_test),
	KUNIT_CASE(hold_test),
	KUNIT_CASE(vmid_guard_test),
	KUNIT_CASE(restore_failure_test),
	KUNIT_CASE(restore_after_driver_test),
	{}
};

static struct kunit_suite vsharp_align_suite = {
	.name = "vsharp_align",
	.init = align_test_init,
	.exit = align_test_exit,
	.test_cases = vsharp_align_cases,
};

/*
 * What a test case holds.  The case only acquires; rbuf_test_exit() gives
 * everything back, and KUnit runs it after a failed assertion too.
 */
struct importer {
	struct platform_device *pdev;
	struct dma_buf *dmabuf;
	struct dma_buf_attachment *at;
	struct sg_table *sgt;
	struct iosys_map map;
};

static int rbuf_test_init(struct kunit *test)
{
	struct importer *im = kunit_kzalloc(test, sizeof(*im), GFP_KERNEL);
	struct platform_device *pdev;

	if (!im)
		return -ENOMEM;
	pdev = platform_device_register_simple("vsharp_kunit_importer",
					       PLATFORM_DEVID_AUTO, NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	im->pdev = pdev;
	test->priv = im;
	return dma_coerce_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
}

static void rbuf_test_exit(struct kunit *test)
{
	struct importer *im = test->priv;

	if (!im)
		return;
	if (im->map.vaddr)
		vsharp_dma_buf_vunmap(im->dmabuf, &im->map);
	if (im->sgt)
		dma_buf_unmap_attachment_unlocked(im->at, im->sgt,
						  DMA_BIDIRECTIONAL);
	if (im->at)
		dma_buf_detach(im->dmabuf, im->at);
	if (im->dmabuf)
		dma_buf_put(im->dmabuf);
	platform_device_unregister(im->pdev);
}

/* attach, map for DMA, sync for the CPU and back, check the pages, vmap */
static void dmabuf_import_test(struct kunit *test)
{
	struct importer *im = test->priv;
	struct dma_buf_attachment *at;
	struct scatterlist *sg;
	struct dma_buf *dmabuf;
	struct sg_table *sgt;
	size_t total = 0;
	unsigned int i;

	dmabuf = vsharp_rbuf_kunit_export(3 * PAGE_SIZE + 5, O_RDWR);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(dmabuf), "error %ld", PTR_ERR(dmabuf));
	im->dmabuf = dmabuf;
	KUNIT_EXPECT_EQ(test, dmabuf->size, 4 * PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, dmabuf->file->f_mode & FMODE_WRITE);

	at = dma_buf_attach(dmabuf, &im->pdev->dev);
	KUNIT_ASSERT_FALSE(test, IS_ERR(at));
	im->at = at;
	sgt = dma_buf_map_attachment_unlocked(at, DMA_BIDIRECTIONAL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sgt));
	im->sgt = sgt;
	for_each_sgtable_sg(sgt, sg, i)
		total += sg->length;
	KUNIT_EXPECT_EQ(test, total, 4 * PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, dma_buf_begin_cpu_access(dmabuf, DMA_FROM_DEVICE), 0);
	KUNIT_EXPECT_EQ(test, dma_buf_end_cpu_access(dmabuf, DMA_TO_DEVICE), 0);

	KUNIT_ASSERT_EQ(test, vsharp_dma_buf_vmap(dmabuf, &im->map), 0);
	((char *)im->map.vaddr)[4 * PAGE_SIZE - 1] = 0x5a;
	KUNIT_EXPECT_EQ(test, ((char *)im->map.vaddr)[0], 0);
	KUNIT_EXPECT_EQ(test, ((char *)im->map.vaddr)[4 * PAGE_SIZE - 1], 0x5a);
}

/* a read-only export gives a dma-buf file that cannot be written or mapped so */
static void dmabuf_read_only_test(struct kunit *test)
{
	struct importer *im = test->priv;
	struct dma_buf *dmabuf;

	dmabuf = vsharp_rbuf_kunit_export(PAGE_SIZE, O_RDONLY);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(dmabuf), "error %ld", PTR_ERR(dmabuf));
	im->dmabuf = dmabuf;
	KUNIT_EXPECT_FALSE(test, dmabuf->file->f_mode & FMODE_WRITE);
	KUNIT_EXPECT_TRUE(test, dmabuf->file->f_mode & FMODE_READ);
}

static struct kunit_case vsharp_rbuf_cases[] = {
	KUNIT_CASE(dmabuf_import_test),
	KUNIT_CASE(dmabuf_read_only_test),
	{}
};

static struct kunit_suite vsharp_rbuf_suite = {
	.name = "vsharp_rbuf",
	.init = rbuf_test_init,
	.exit = rbuf_test_exit,
	.test_cases = vsharp_rbuf_cases,
};

kunit_test_suites(&vsharp_helper_suite, &vsharp_align_suite,
		  &vsharp_rbuf_suite);

MODULE_DESCRIPTION("KUnit tests of vsharp.ko");
MODULE_AUTHOR("The vsharp project");
MODULE_LICENSE("GPL");
