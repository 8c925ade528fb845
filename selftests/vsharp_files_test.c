// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko debugfs files: presence, permissions, identity, decoded
 * register fields, and valid and invalid input to every writable file.
 * The modes are set with force on (every device, for the whole program):
 * what is tested here is the files, not the reservation check.
 */
#include <pthread.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

static char devs[VS_MAX_DEVS][32];
static int ndevs;

static void need_devices(struct __test_metadata *_metadata)
{
	ndevs = vs_devices(devs, VS_MAX_DEVS);
	ASSERT_LT(0, ndevs) TH_LOG("no device under " VS_ROOT);
}

static int file_mode(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return -errno;
	return st.st_mode & 07777;
}

TEST(root_and_buffers_dir)
{
	struct stat st;

	ASSERT_EQ(0, stat(VS_ROOT, &st));
	ASSERT_TRUE(S_ISDIR(st.st_mode));
	EXPECT_EQ(0600, file_mode(VS_ROOT "/buffers/create"));
	EXPECT_EQ(0200, file_mode(VS_ROOT "/buffers/free"));
	EXPECT_EQ(0400, file_mode(VS_ROOT "/buffers/list"));
}

TEST(device_files_and_modes)
{
	static const struct { const char *name; int mode; } files[] = {
		{ "backend", 0400 }, { "device", 0400 }, { "gc_version", 0400 },
		{ "family", 0400 }, { "first_kfd_vmid", 0400 },
		{ "writable_vmids", 0400 }, { "alignment_mode", 0600 }, { "vmids", 0600 },
		{ "status", 0400 }, { "lost", 0400 }, { "restore", 0200 },
		{ "force", 0600 },
	};
	char path[256];
	int d, v;
	size_t i;

	need_devices(_metadata);
	for (d = 0; d < ndevs; d++) {
		for (i = 0; i < ARRAY_SIZE(files); i++) {
			vs_path(path, sizeof(path), VS_ROOT "/%s/%s", devs[d],
				files[i].name);
			EXPECT_EQ(files[i].mode, file_mode(path)) TH_LOG("%s", path);
		}
		/* the emulated VMID manager takes reservations, amdgpu's is read */
		vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", devs[d]);
		EXPECT_EQ(strncmp(devs[d], "emu", 3) ? 0400 : 0600, file_mode(path))
			TH_LOG("%s", path);
		for (v = 0; v < 16; v++) {
			vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/sh_mem_config",
				devs[d], v);
			EXPECT_EQ(0400, file_mode(path)) TH_LOG("%s", path);
			vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/alignment_mode",
				devs[d], v);
			EXPECT_EQ(0600, file_mode(path)) TH_LOG("%s", path);
		}
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/16", devs[d]);
		EXPECT_EQ(-ENOENT, file_mode(path));
	}
}

TEST(identity)
{
	char path[256], buf[64], gc[64];
	const struct vs_gc_info *info;
	int d;

	need_devices(_metadata);
	for (d = 0; d < ndevs; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/backend", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		if (strcmp(buf, "emu"))
			continue;
		EXPECT_EQ(0, strncmp(devs[d], "emu", 3));
		vs_path(path, sizeof(path), VS_ROOT "/%s/device", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ(devs[d], buf);
		vs_path(path, sizeof(path), VS_ROOT "/%s/gc_version", devs[d]);
		ASSERT_LT(0, vs_read(path, gc, sizeof(gc)));
		info = vs_gc_lookup(gc);
		ASSERT_NE(NULL, info) TH_LOG("unexpected gc %s", gc);
		vs_path(path, sizeof(path), VS_ROOT "/%s/family", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ(info->family, buf);
		vs_path(path, sizeof(path), VS_ROOT "/%s/first_kfd_vmid", devs[d]);
		EXPECT_EQ(info->first_kfd_vmid, vs_read_ul(path));
	}
}

/* put a device back to the driver's defaults and the default VMID set */
static void reset_dev(struct __test_metadata *_metadata, const char *dev)
{
	char path[256];

	vs_path(path, sizeof(path), VS_ROOT "/%s/restore", dev);
	ASSERT_EQ(0, vs_write(path, "1\n"));
	vs_path(path, sizeof(path), VS_ROOT "/%s/reset", dev);
	ASSERT_EQ(0, vs_write(path, "1\n"));
}

TEST(defaults_and_decoded_fields)
{
	char path[256], gc[64], buf[64], fname[64];
	const struct vs_gc_info *info;
	unsigned int shift, width;
	long raw, want, got;
	int d, v, f, n;

	need_devices(_metadata);
	for (d = 0; d < ndevs; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/gc_version", devs[d]);
		ASSERT_LT(0, vs_read(path, gc, sizeof(gc)));
		info = vs_gc_lookup(gc);
		ASSERT_NE(NULL, info);
		reset_dev(_metadata, devs[d]);
		for (v = 0; v < 16; v++) {
			vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/sh_mem_config",
				devs[d], v);
			ASSERT_EQ(10, vs_read(path, buf, sizeof(buf)));
			EXPECT_EQ(0, strncmp(buf, "0x", 2));
			raw = strtol(buf, NULL, 16);
			want = v < (int)info->first_kfd_vmid ?
				info->graphics_default : info->kfd_default;
			EXPECT_EQ(want, raw) TH_LOG("%s vmid %d", devs[d], v);

			vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/alignment_mode",
				devs[d], v);
			ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
			EXPECT_STREQ(vs_modes[(raw >> info->align_shift) & 3], buf);

			for (f = 0; info->fields[f]; f++) {
				n = sscanf(info->fields[f], "%63[^:]:%u:%u",
					   fname, &shift, &width);
				ASSERT_EQ(3, n);
				vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/%s",
					devs[d], v, fname);
				got = vs_read_ul(path);
				EXPECT_EQ((raw >> shift) & ((1 << width) - 1), got)
					TH_LOG("%s", path);
			}
		}
	}
}

static const char * const vmid_valid[][2] = {
	{ "all", "0-15" }, { "none", "none" }, { "1-7", "1-7" },
	{ "0,3,5-6", "0,3,5-6" }, { "15\n", "15" }, { " 2 ", "2" },
	{ "0-0", "0" }, { "1,2,3,9", "1-3,9" }, { "5-7,6", "5-7" },
};

static const char * const vmid_invalid[] = {
	"16", "-1", "1-", "-", "7-1", "abc", "1,,2", "0x1", "1,", ",1",
	"1 2", "ALL", "01-3x", "100", "3-16", "1.5", "\n", " ",
};

TEST(vmids_valid_and_invalid)
{
	char path[256], buf[64], huge[8192];
	size_t i;
	int fd;

	need_devices(_metadata);
	vs_path(path, sizeof(path), VS_ROOT "/%s/vmids", devs[0]);
	for (i = 0; i < ARRAY_SIZE(vmid_valid); i++) {
		ASSERT_EQ(0, vs_write(path, vmid_valid[i][0])) TH_LOG("'%s'", vmid_valid[i][0]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ(vmid_valid[i][1], buf);
	}
	ASSERT_EQ(0, vs_write(path, "1-7"));
	for (i = 0; i < ARRAY_SIZE(vmid_invalid); i++)
		EXPECT_EQ(-EINVAL, vs_write(path, vmid_invalid[i])) TH_LOG("'%s'", vmid_invalid[i]);
	/* empty, binary, NUL inside, huge */
	EXPECT_EQ(-EINVAL, vs_write_len(path, "", 0));
	EXPECT_EQ(-EINVAL, vs_write_len(path, "1\0002", 3));
	EXPECT_EQ(-EINVAL, vs_write_len(path, "\xff\xfe\x01", 3));
	memset(huge, '1', sizeof(huge));
	EXPECT_EQ(-EINVAL, vs_write_len(path, huge, sizeof(huge)));
	EXPECT_EQ(-EINVAL, vs_write_len(path, huge, 65));
	/* a value split over two writes: the second is at a non-zero offset */
	fd = open(path, O_WRONLY);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, pwrite(fd, "2", 1, 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, pwrite(fd, "2", 1, -1));
	close(fd);
	fd = open(path, O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_LT(0, read(fd, buf, 2));
	EXPECT_EQ(-1, write(fd, "3", 1));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
	/* nothing above changed the set */
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("1-7", buf);
}

TEST(alignment_mode_input)
{
	static const char * const bad[] = {
		"4", "-1", "DWORD", "dword x", "dwordx", "unaligned\n\n1",
		"00", "3 ", "0x3", "dword_", "strict,", "1e0",
	};
	char path[256], vpath[256], buf[64];
	size_t i;

	need_devices(_metadata);
	reset_dev(_metadata, devs[0]);
	vs_path(vpath, sizeof(vpath), VS_ROOT "/%s/vmids", devs[0]);
	ASSERT_EQ(0, vs_write(vpath, "1-7"));
	vs_path(path, sizeof(path), VS_ROOT "/%s/alignment_mode", devs[0]);
	for (i = 0; i < 4; i++) {
		snprintf(buf, sizeof(buf), "%zu", i);
		ASSERT_EQ(0, vs_write(path, buf));
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ(vs_modes[i], buf);
	}
	ASSERT_EQ(0, vs_write(path, "dword\n"));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		/* "3 " is fine: surrounding white space is trimmed */
		if (!strcmp(bad[i], "3 "))
			continue;
		EXPECT_EQ(-EINVAL, vs_write(path, bad[i])) TH_LOG("'%s'", bad[i]);
	}
	EXPECT_EQ(-EINVAL, vs_write_len(path, "", 0));
	EXPECT_EQ(-EINVAL, vs_write_len(path, "dword\0", 6));
	EXPECT_EQ(-EINVAL, vs_write_len(path, "\x80\x81", 2));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("dword", buf);
	reset_dev(_metadata, devs[0]);
}

/*
 * force takes 0 or 1; reserved_vmids of an emu device a VMID set within
 * the VMIDs amdgpu's manager hands out, 1 .. first_kfd_vmid - 1.
 */
TEST(force_and_reserved_input)
{
	static const char * const bad_force[] = { "2", "yes", "on", "-1", "01", "0x1", "" };
	char path[256], buf[64], kfd[32], over[32];
	long first_kfd;
	size_t i;

	need_devices(_metadata);
	vs_path(path, sizeof(path), VS_ROOT "/%s/force", devs[0]);
	ASSERT_EQ(0, vs_write(path, "0\n"));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("0", buf);
	for (i = 0; i < ARRAY_SIZE(bad_force); i++)
		EXPECT_EQ(-EINVAL, vs_write(path, bad_force[i])) TH_LOG("'%s'", bad_force[i]);
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("0", buf);
	ASSERT_EQ(0, vs_write(path, " 1 "));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("1", buf);

	if (strncmp(devs[0], "emu", 3))
		SKIP(return, "%s: reserved_vmids is amdgpu's, read-only", devs[0]);
	vs_path(path, sizeof(path), VS_ROOT "/%s/first_kfd_vmid", devs[0]);
	first_kfd = vs_read_ul(path);
	ASSERT_LE(2, first_kfd);
	snprintf(kfd, sizeof(kfd), "%ld", first_kfd);
	snprintf(over, sizeof(over), "1-%ld", first_kfd);
	vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", devs[0]);
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("none", buf);
	ASSERT_EQ(0, vs_write(path, "1"));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("1", buf);
	/* VMID 0, a KFD VMID, "all" (0-15), nonsense: refused, nothing changed */
	EXPECT_EQ(-EINVAL, vs_write(path, "0"));
	EXPECT_EQ(-EINVAL, vs_write(path, kfd));
	EXPECT_EQ(-EINVAL, vs_write(path, over));
	EXPECT_EQ(-EINVAL, vs_write(path, "all"));
	EXPECT_EQ(-EINVAL, vs_write(path, "1-"));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("1", buf);
	snprintf(over, sizeof(over), "1-%ld", first_kfd - 1);
	ASSERT_EQ(0, vs_write(path, over));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ(first_kfd == 2 ? "1" : over, buf);
	ASSERT_EQ(0, vs_write(path, "none"));
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("none", buf);
}

/*
 * A reader taking a file one byte per read() while another thread changes
 * the value gets one whole value, never the start of one and the end of
 * another ("dworigned" was seen 258 times in 1000 before the text was
 * rendered once per read from offset 0).
 */
#define TEAR_TRIES 1000

struct flipper {
	const char *path;
	int stop;
};

static void *flip_modes(void *arg)
{
	struct flipper *f = arg;
	unsigned int k = 0;

	while (!__atomic_load_n(&f->stop, __ATOMIC_ACQUIRE))
		vs_write(f->path, k++ % 2 ? "dword" : "unaligned");
	return NULL;
}

/* 1000 opens and 11 000 reads take minutes under TCG with KASAN */
FIXTURE(tear) {
	int unused;
};

FIXTURE_SETUP(tear)
{
}

FIXTURE_TEARDOWN(tear)
{
}

TEST_F_TIMEOUT(tear, bytewise_reads_never_tear, 300)
{
	char path[256], text[64];
	struct flipper f = { path, 0 };
	int i, fd, len, torn = 0, whole = 0;
	pthread_t t;

	need_devices(_metadata);
	vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/5/alignment_mode", devs[0]);
	ASSERT_EQ(0, pthread_create(&t, NULL, flip_modes, &f));
	for (i = 0; i < TEAR_TRIES; i++) {
		fd = open(path, O_RDONLY);
		ASSERT_LE(0, fd);
		for (len = 0; len < (int)sizeof(text) - 1; len++)
			if (read(fd, text + len, 1) != 1)
				break;
		close(fd);
		text[len] = '\0';
		if (strcmp(text, "dword\n") && strcmp(text, "unaligned\n")) {
			if (torn++ < 5)
				TH_LOG("a byte-wise read gave '%s'", text);
		} else {
			whole++;
		}
	}
	__atomic_store_n(&f.stop, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	EXPECT_EQ(0, torn);
	EXPECT_EQ(TEAR_TRIES, whole);
	reset_dev(_metadata, devs[0]);
}

TEST(trigger_files)
{
	static const char * const bad[] = { "0", "2", "11", "yes", "-1", "" };
	char path[256], buf[16];
	static const char * const files[] = { "restore", "reset" };
	size_t i, f;

	need_devices(_metadata);
	for (f = 0; f < 2; f++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/%s", devs[0], files[f]);
		EXPECT_EQ(0, vs_write(path, "1"));
		for (i = 0; i < ARRAY_SIZE(bad); i++)
			EXPECT_EQ(-EINVAL, vs_write(path, bad[i])) TH_LOG("%s '%s'", path, bad[i]);
		/* write-only: reading is refused even for root */
		EXPECT_EQ(-EPERM, vs_read(path, buf, sizeof(buf)));
	}
}

TEST(read_only_files_refuse_writes)
{
	static const char * const ro[] = {
		"backend", "device", "gc_version", "family", "first_kfd_vmid",
		"status", "lost", "vmid/0/sh_mem_config", "vmid/3/address_mode",
	};
	char path[256], before[64], after[64];
	size_t i;

	need_devices(_metadata);
	for (i = 0; i < ARRAY_SIZE(ro); i++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/%s", devs[0], ro[i]);
		ASSERT_LE(0, vs_read(path, before, sizeof(before)));
		EXPECT_EQ(-EPERM, vs_write(path, "1")) TH_LOG("%s", path);
		ASSERT_LE(0, vs_read(path, after, sizeof(after)));
		EXPECT_STREQ(before, after);
	}
	EXPECT_EQ(-EINVAL, vs_write(VS_ROOT "/buffers/list", "1"));
}

TEST(partial_reads_and_offsets)
{
	char path[256], whole[64], part[64];
	int fd, len, i;

	need_devices(_metadata);
	vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/1/sh_mem_config", devs[0]);
	len = vs_read(path, whole, sizeof(whole));
	ASSERT_EQ(10, len);
	fd = open(path, O_RDONLY);
	ASSERT_LE(0, fd);
	for (i = 0; i < 11; i++)
		ASSERT_EQ(1, read(fd, part + i, 1));
	EXPECT_EQ(0, read(fd, part, 1));
	EXPECT_EQ(0, memcmp(part, whole, 10));
	EXPECT_EQ('\n', part[10]);
	EXPECT_EQ(4, pread(fd, part, 4, 6));
	EXPECT_EQ(0, memcmp(part, whole + 6, 4));
	EXPECT_EQ(0, pread(fd, part, 4, 4096));
	EXPECT_EQ(-1, pread(fd, part, 4, -5));
	close(fd);
}

#define WRITERS 6
#define WRITES 400

/* 6 processes x 400 rounds: over 30 s under TCG with KASAN on a loaded host */
FIXTURE(writers) {
	int unused;
};

FIXTURE_SETUP(writers)
{
}

FIXTURE_TEARDOWN(writers)
{
}

TEST_F_TIMEOUT(writers, concurrent_writers, 300)
{
	char path[256], vpath[256], buf[64], gc[64];
	const struct vs_gc_info *info;
	pid_t pids[WRITERS];
	int i, status, v;
	long raw, want;

	need_devices(_metadata);
	reset_dev(_metadata, devs[0]);
	vs_path(path, sizeof(path), VS_ROOT "/%s/alignment_mode", devs[0]);
	vs_path(vpath, sizeof(vpath), VS_ROOT "/%s/vmids", devs[0]);
	for (i = 0; i < WRITERS; i++) {
		pids[i] = fork();
		ASSERT_LE(0, pids[i]);
		if (pids[i] == 0) {
			unsigned int seed = i + 1;
			int k, bad = 0;

			for (k = 0; k < WRITES; k++) {
				char one[128];

				if (i % 2) {
					snprintf(one, sizeof(one), "%d-%d",
						 rand_r(&seed) % 8, 8 + rand_r(&seed) % 8);
					bad |= vs_write(vpath, one);
				} else {
					bad |= vs_write(path, vs_modes[rand_r(&seed) % 4]);
				}
				snprintf(one, sizeof(one), VS_ROOT "/%s/vmid/%d/alignment_mode",
					 devs[0], rand_r(&seed) % 16);
				bad |= vs_write(one, vs_modes[rand_r(&seed) % 4]);
				bad |= vs_read(one, one, sizeof(one)) <= 0;
			}
			_exit(bad ? 1 : 0);
		}
	}
	for (i = 0; i < WRITERS; i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	/* only ALIGNMENT_MODE may differ from the defaults */
	vs_path(buf, sizeof(buf), VS_ROOT "/%s/gc_version", devs[0]);
	ASSERT_LT(0, vs_read(buf, gc, sizeof(gc)));
	info = vs_gc_lookup(gc);
	ASSERT_NE(NULL, info);
	for (v = 0; v < 16; v++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/%d/sh_mem_config",
			devs[0], v);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		raw = strtol(buf, NULL, 16);
		want = v < (int)info->first_kfd_vmid ? info->graphics_default
						   : info->kfd_default;
		EXPECT_EQ(want & ~(3L << info->align_shift),
			  raw & ~(3L << info->align_shift));
	}
	vs_path(path, sizeof(path), VS_ROOT "/%s/status", devs[0]);
	ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
	EXPECT_STREQ("applied", buf);
	reset_dev(_metadata, devs[0]);
	ASSERT_EQ(0, vs_write(vpath, "1-7"));
}

int main(int argc, char **argv)
{
	return vs_harness_main_forced(argc, argv, VS_NEED_DEVICE);
}
