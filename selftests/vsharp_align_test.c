// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko alignment-mode control: set each mode through debugfs, read it
 * back decoded per VMID, check that only ALIGNMENT_MODE changes, and that
 * status/lost report a driver rewrite (emu "reset") and restore undoes it.
 * These run with force on; refused_unless_reserved_or_forced turns it off
 * and tests the reservation check against the emulated VMID manager.
 */
#include "kselftest_harness.h"
#include "vsharp_util.h"

FIXTURE(dev) {
	char names[VS_MAX_DEVS][32];
	int n;
};

FIXTURE_SETUP(dev)
{
	char path[256];
	int d;

	self->n = vs_devices(self->names, VS_MAX_DEVS);
	ASSERT_LT(0, self->n);
	for (d = 0; d < self->n; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/restore", self->names[d]);
		ASSERT_EQ(0, vs_write(path, "1"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/reset", self->names[d]);
		ASSERT_EQ(0, vs_write(path, "1"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/force", self->names[d]);
		ASSERT_EQ(0, vs_write(path, "1"));
	}
}

FIXTURE_TEARDOWN(dev)
{
	char path[256];
	int d;

	for (d = 0; d < self->n; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/restore", self->names[d]);
		vs_write(path, "1");
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmids", self->names[d]);
		vs_write(path, "1-7");
		vs_path(path, sizeof(path), VS_ROOT "/%s/force", self->names[d]);
		vs_write(path, "0");
		vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", self->names[d]);
		vs_write(path, "none");
	}
}

static long raw_of(const char *dev, int vmid)
{
	char path[256], buf[32];

	vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/sh_mem_config", dev, vmid);
	if (vs_read(path, buf, sizeof(buf)) != 10)
		return -1;
	return strtol(buf, NULL, 16);
}

static const struct vs_gc_info *info_of(const char *dev)
{
	char path[256], gc[32];

	vs_path(path, sizeof(path), VS_ROOT "/%s/gc_version", dev);
	if (vs_read(path, gc, sizeof(gc)) <= 0)
		return NULL;
	return vs_gc_lookup(gc);
}

static int dev_read(const char *dev, const char *file, char *buf, size_t size)
{
	char path[256];

	vs_path(path, sizeof(path), VS_ROOT "/%s/%s", dev, file);
	return vs_read(path, buf, size);
}

static int dev_write(const char *dev, const char *file, const char *val)
{
	char path[256];

	vs_path(path, sizeof(path), VS_ROOT "/%s/%s", dev, file);
	return vs_write(path, val);
}

TEST_F(dev, each_mode_all_vmids)
{
	const struct vs_gc_info *info;
	long before[16], after;
	char buf[64], file[64];
	int d, m, v;

	for (d = 0; d < self->n; d++) {
		const char *dev = self->names[d];

		info = info_of(dev);
		ASSERT_NE(NULL, info);
		for (v = 0; v < 16; v++)
			before[v] = raw_of(dev, v);
		ASSERT_EQ(0, dev_write(dev, "vmids", "all"));
		for (m = 0; m < 4; m++) {
			ASSERT_EQ(0, dev_write(dev, "alignment_mode", vs_modes[m]));
			ASSERT_LT(0, dev_read(dev, "alignment_mode", buf, sizeof(buf)));
			EXPECT_STREQ(vs_modes[m], buf);
			for (v = 0; v < 16; v++) {
				snprintf(file, sizeof(file), "vmid/%d/alignment_mode", v);
				ASSERT_LT(0, dev_read(dev, file, buf, sizeof(buf)));
				EXPECT_STREQ(vs_modes[m], buf) TH_LOG("%s %s", dev, file);
				after = raw_of(dev, v);
				EXPECT_EQ((before[v] & ~(3L << info->align_shift)) |
					  ((long)m << info->align_shift), after);
			}
			ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
			EXPECT_STREQ("applied", buf);
			ASSERT_LT(0, dev_read(dev, "lost", buf, sizeof(buf)));
			EXPECT_STREQ("none", buf);
		}
		ASSERT_EQ(0, dev_write(dev, "restore", "1"));
		for (v = 0; v < 16; v++)
			EXPECT_EQ(before[v], raw_of(dev, v));
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("unmodified", buf);
	}
}

TEST_F(dev, subset_leaves_other_vmids)
{
	const struct vs_gc_info *info;
	char buf[64];
	long before[16];
	int d, v;

	for (d = 0; d < self->n; d++) {
		const char *dev = self->names[d];

		info = info_of(dev);
		ASSERT_NE(NULL, info);
		for (v = 0; v < 16; v++)
			before[v] = raw_of(dev, v);
		ASSERT_EQ(0, dev_write(dev, "vmids", "2,4-5"));
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "dword_strict"));
		for (v = 0; v < 16; v++) {
			long want = before[v];

			if (v == 2 || v == 4 || v == 5)
				want = (want & ~(3L << info->align_shift)) |
				       (1L << info->align_shift);
			EXPECT_EQ(want, raw_of(dev, v)) TH_LOG("%s vmid %d", dev, v);
		}
		/* the whole device set disagrees now */
		ASSERT_EQ(0, dev_write(dev, "vmids", "1-7"));
		ASSERT_LT(0, dev_read(dev, "alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("mixed", buf);
		ASSERT_EQ(0, dev_write(dev, "vmids", "none"));
		ASSERT_LT(0, dev_read(dev, "alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("none", buf);
		/* applying to the empty set changes nothing */
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "strict"));
		EXPECT_EQ(before[1], raw_of(dev, 1));
	}
}

TEST_F(dev, per_vmid_file)
{
	const struct vs_gc_info *info;
	char buf[64], file[64];
	int d, m;

	for (d = 0; d < self->n; d++) {
		const char *dev = self->names[d];
		long before = raw_of(dev, 9);

		info = info_of(dev);
		ASSERT_NE(NULL, info);
		snprintf(file, sizeof(file), "vmid/9/alignment_mode");
		for (m = 3; m >= 0; m--) {
			ASSERT_EQ(0, dev_write(dev, file, vs_modes[m]));
			ASSERT_LT(0, dev_read(dev, file, buf, sizeof(buf)));
			EXPECT_STREQ(vs_modes[m], buf);
			EXPECT_EQ((before & ~(3L << info->align_shift)) |
				  ((long)m << info->align_shift), raw_of(dev, 9));
		}
		EXPECT_EQ(-EINVAL, dev_write(dev, file, "5"));
		EXPECT_EQ(before & ~(3L << info->align_shift), raw_of(dev, 9));
	}
}

TEST_F(dev, lost_after_driver_rewrite)
{
	char buf[64];
	int d;

	for (d = 0; d < self->n; d++) {
		const char *dev = self->names[d];
		long before3 = raw_of(dev, 3);

		ASSERT_EQ(0, dev_write(dev, "vmids", "3,6"));
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "dword"));
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("applied", buf);
		/* the driver re-initialises on resume/reset */
		ASSERT_EQ(0, dev_write(dev, "reset", "1"));
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("lost", buf);
		ASSERT_LT(0, dev_read(dev, "lost", buf, sizeof(buf)));
		EXPECT_STREQ("3,6", buf);
		ASSERT_LT(0, dev_read(dev, "alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("unaligned", buf);
		/* applying again recovers */
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "strict"));
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("applied", buf);
		/* restore brings back the value from before the first change */
		ASSERT_EQ(0, dev_write(dev, "restore", "1"));
		EXPECT_EQ(before3, raw_of(dev, 3));
		/* a VMID lost to the driver is left alone by restore */
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "dword"));
		ASSERT_EQ(0, dev_write(dev, "reset", "1"));
		ASSERT_EQ(0, dev_write(dev, "vmid/3/alignment_mode", "strict"));
		ASSERT_LT(0, dev_read(dev, "lost", buf, sizeof(buf)));
		EXPECT_STREQ("6", buf);
		ASSERT_EQ(0, dev_write(dev, "restore", "1"));
		EXPECT_EQ(before3, raw_of(dev, 3));
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("unmodified", buf);
	}
}

/*
 * amdgpu hands VMIDs 1 .. first_kfd_vmid - 1 out per job to every process:
 * without force, a mode is set only on a VMID the driver's manager has
 * reserved for one VM (EACCES otherwise, nothing changed).  On emu the
 * manager is reserved_vmids, as a reservation through the DRM ioctl would
 * set it.
 */
TEST_F(dev, refused_unless_reserved_or_forced)
{
	char buf[64];
	long before[16];
	int d, v, tested = 0;

	for (d = 0; d < self->n; d++) {
		const char *dev = self->names[d];

		if (strncmp(dev, "emu", 3))
			continue;
		tested++;
		ASSERT_EQ(0, dev_write(dev, "force", "0"));
		ASSERT_LT(0, dev_read(dev, "reserved_vmids", buf, sizeof(buf)));
		EXPECT_STREQ("none", buf);
		for (v = 0; v < 16; v++)
			before[v] = raw_of(dev, v);

		EXPECT_EQ(-EACCES, dev_write(dev, "vmid/1/alignment_mode", "strict"));
		ASSERT_EQ(0, dev_write(dev, "vmids", "1"));
		EXPECT_EQ(-EACCES, dev_write(dev, "alignment_mode", "strict"));
		EXPECT_EQ(-EACCES, dev_write(dev, "vmid/0/alignment_mode", "strict"));
		for (v = 0; v < 16; v++)
			EXPECT_EQ(before[v], raw_of(dev, v)) TH_LOG("%s vmid %d", dev, v);
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("unmodified", buf);

		/* reserved: VMID 1 alone */
		ASSERT_EQ(0, dev_write(dev, "reserved_vmids", "1"));
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "strict"));
		ASSERT_LT(0, dev_read(dev, "vmid/1/alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("strict", buf);
		ASSERT_EQ(0, dev_write(dev, "vmid/1/alignment_mode", "dword"));
		ASSERT_EQ(0, dev_write(dev, "vmids", "1-2"));
		EXPECT_EQ(-EACCES, dev_write(dev, "alignment_mode", "strict"));
		ASSERT_LT(0, dev_read(dev, "vmid/1/alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("dword", buf);
		EXPECT_EQ(before[2], raw_of(dev, 2));

		/* forced: any writable VMID */
		ASSERT_EQ(0, dev_write(dev, "force", "1"));
		ASSERT_EQ(0, dev_write(dev, "alignment_mode", "strict"));
		ASSERT_EQ(0, dev_write(dev, "vmid/0/alignment_mode", "dword_strict"));
		ASSERT_LT(0, dev_read(dev, "vmid/2/alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("strict", buf);
		ASSERT_LT(0, dev_read(dev, "vmid/0/alignment_mode", buf, sizeof(buf)));
		EXPECT_STREQ("dword_strict", buf);

		/* restore needs neither: the reservation may be gone by then */
		ASSERT_EQ(0, dev_write(dev, "force", "0"));
		ASSERT_EQ(0, dev_write(dev, "reserved_vmids", "none"));
		ASSERT_EQ(0, dev_write(dev, "restore", "1"));
		for (v = 0; v < 16; v++)
			EXPECT_EQ(before[v], raw_of(dev, v)) TH_LOG("%s vmid %d", dev, v);
		ASSERT_LT(0, dev_read(dev, "status", buf, sizeof(buf)));
		EXPECT_STREQ("unmodified", buf);
	}
	if (!tested)
		SKIP(return, "no emu device: amdgpu's reservations come from DRM clients");
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_DEVICE);
}
