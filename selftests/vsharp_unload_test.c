// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko unload and reload: refused (never unsafe) while debugfs files
 * are open or mapped, while dma-bufs exist and while buffer pages are held
 * elsewhere (the budget must not forget them); clean once they are gone,
 * including buffers nobody freed; a reload starts from the defaults.
 * Loads vs_ko_path() ($VSHARP_KO, or the installed module) with
 * $VSHARP_PARAMS.
 */
#define _GNU_SOURCE		/* vmsplice() */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/uio.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

#define BUFS VS_ROOT "/buffers"
#define VS_MAX_BUFS 256

static int new_buffer(const char *size)
{
	char text[32];
	int fd, n;

	fd = open(BUFS "/create", O_RDWR);
	if (fd < 0)
		return -errno;
	if (write(fd, size, strlen(size)) < 0) {
		close(fd);
		return -errno;
	}
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	text[n] = '\0';
	return atoi(text);
}

static int busy(int ret)
{
	return ret == -EAGAIN || ret == -EBUSY;
}

static void ensure_loaded(struct __test_metadata *_metadata)
{
	if (!vs_loaded())
		ASSERT_EQ(0, vs_load());
}

TEST(refused_while_file_open)
{
	char devs[VS_MAX_DEVS][32], path[256], buf[32];
	int fd;

	ensure_loaded(_metadata);
	ASSERT_LT(0, vs_devices(devs, VS_MAX_DEVS));
	ASSERT_EQ(0, vs_force("1"));
	vs_path(path, sizeof(path), VS_ROOT "/%s/alignment_mode", devs[0]);
	fd = open(path, O_RDWR);
	ASSERT_LE(0, fd);
	EXPECT_TRUE(busy(vs_unload()));
	/* still fully working */
	EXPECT_LT(0, pread(fd, buf, sizeof(buf), 0));
	EXPECT_EQ(6, write(fd, "strict", 6));
	close(fd);
	EXPECT_EQ(0, vs_unload());
	EXPECT_FALSE(vs_loaded());
	ASSERT_EQ(0, vs_load());
}

TEST(refused_while_data_mapped)
{
	char path[256];
	char *m;
	int id, fd;

	ensure_loaded(_metadata);
	id = new_buffer("4096");
	ASSERT_LE(0, id);
	vs_path(path, sizeof(path), BUFS "/%d/data", id);
	fd = open(path, O_RDWR);
	ASSERT_LE(0, fd);
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, m);
	close(fd);
	/* the mapping alone keeps the file, and so the module */
	EXPECT_TRUE(busy(vs_unload()));
	memcpy(m, "mapped", 7);
	munmap(m, 4096);
	/* the buffer itself (never freed) does not keep it */
	EXPECT_EQ(0, vs_unload());
	ASSERT_EQ(0, vs_load());
}

TEST(refused_while_dmabuf_held)
{
	char text[16];
	char *m;
	int id, dfd;

	ensure_loaded(_metadata);
	id = new_buffer("8192");
	ASSERT_LE(0, id);
	dfd = vs_export(id, O_RDWR, VSHARP_EXPORT_CLOEXEC);
	ASSERT_LE(0, dfd);
	m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, dfd, 0);
	ASSERT_NE(MAP_FAILED, m);
	/* freed in debugfs, still held as a dma-buf and a mapping */
	snprintf(text, sizeof(text), "%d", id);
	ASSERT_EQ(0, vs_write(BUFS "/free", text));
	EXPECT_TRUE(busy(vs_unload()));
	close(dfd);
	/* the mapping holds the dma-buf file */
	EXPECT_TRUE(busy(vs_unload()));
	memset(m, 0xa5, 8192);
	EXPECT_EQ((char)0xa5, m[8191]);
	munmap(m, 8192);
	EXPECT_EQ(0, vs_unload());
	ASSERT_EQ(0, vs_load());
}

TEST(reload_starts_clean)
{
	char devs[VS_MAX_DEVS][32], path[256], buf[4096];
	int n, d, id;

	ensure_loaded(_metadata);
	n = vs_devices(devs, VS_MAX_DEVS);
	ASSERT_LT(0, n);
	ASSERT_EQ(0, vs_force("1"));
	for (d = 0; d < n; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", devs[d]);
		ASSERT_EQ(0, vs_write(path, "1"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmids", devs[d]);
		ASSERT_EQ(0, vs_write(path, "all"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/alignment_mode", devs[d]);
		ASSERT_EQ(0, vs_write(path, "dword"));
	}
	id = new_buffer("100");
	ASSERT_LE(0, id);
	ASSERT_EQ(0, vs_unload());
	ASSERT_EQ(0, vs_load());
	ASSERT_EQ(n, vs_devices(devs, VS_MAX_DEVS));
	for (d = 0; d < n; d++) {
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmids", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_TRUE(!strcmp(buf, "1-7") || !strcmp(buf, "1-2"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmid/0/alignment_mode", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ("unaligned", buf);
		vs_path(path, sizeof(path), VS_ROOT "/%s/status", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ("unmodified", buf);
		vs_path(path, sizeof(path), VS_ROOT "/%s/force", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ("0", buf);
		vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", devs[d]);
		ASSERT_LT(0, vs_read(path, buf, sizeof(buf)));
		EXPECT_STREQ("none", buf);
	}
	ASSERT_LE(0, vs_read(BUFS "/list", buf, sizeof(buf)));
	EXPECT_STREQ("", buf);
}

/* How many buffers of 4 MiB fit now; frees them again. */
static int fitting_4m(void)
{
	int ids[VS_MAX_BUFS], n = 0, i;
	char text[16];

	while (n < VS_MAX_BUFS) {
		ids[n] = new_buffer("4M");
		if (ids[n] < 0)
			break;
		n++;
	}
	for (i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "%d", ids[i]);
		vs_write(BUFS "/free", text);
	}
	return n;
}

/*
 * Pages a pipe holds after vmsplice() count against max_total_size until
 * the pipe lets go, across free; an unload would forget them, so it is
 * refused until then, whether the buffer was freed or not.  Before, a
 * reload made room for 16 buffers while the pipe still held 4 pages.
 */
/* 68 creates of 4 MiB and two reloads: long under TCG with KASAN */
FIXTURE(held) {
	int unused;
};

FIXTURE_SETUP(held)
{
}

FIXTURE_TEARDOWN(held)
{
}

TEST_F_TIMEOUT(held, refused_while_pages_held_elsewhere, 300)
{
	unsigned char got[16384], *m;
	long total;
	int id, fd, pfd[2], i, all;
	struct iovec iov;
	char path[256];

	ensure_loaded(_metadata);
	total = vs_read_ul("/sys/module/vsharp/parameters/max_total_size");
	ASSERT_LE(4L << 20, total);
	all = total / (4L << 20);
	if (all > VS_MAX_BUFS - 1)
		SKIP(return, "max_total_size=%ld takes more buffers than the 256 allowed", total);
	ASSERT_EQ(all, fitting_4m());
	for (i = 0; i < 2; i++) {
		/* 0: the buffer stays; 1: it is freed before the unload */
		id = new_buffer("4M");
		ASSERT_LE(0, id);
		vs_path(path, sizeof(path), BUFS "/%d/data", id);
		fd = open(path, O_RDWR);
		ASSERT_LE(0, fd);
		m = mmap(NULL, sizeof(got), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		ASSERT_NE(MAP_FAILED, m);
		memset(m, 0x5a + i, sizeof(got));
		ASSERT_EQ(0, pipe(pfd));
		iov.iov_base = m;
		iov.iov_len = sizeof(got);
		ASSERT_EQ((ssize_t)sizeof(got), vmsplice(pfd[1], &iov, 1, 0));
		munmap(m, sizeof(got));
		close(fd);
		if (i) {
			snprintf(path, sizeof(path), "%d", id);
			ASSERT_EQ(0, vs_write(BUFS "/free", path));
			/* the 4 pages in the pipe still count */
			EXPECT_EQ(all - 1, fitting_4m());
		}
		EXPECT_TRUE(busy(vs_unload()));
		EXPECT_TRUE(vs_loaded());
		ASSERT_EQ((ssize_t)sizeof(got), read(pfd[0], got, sizeof(got)));
		EXPECT_EQ(0x5a + i, got[sizeof(got) - 1]);
		close(pfd[0]);
		close(pfd[1]);
		if (!i) {
			/* held by nothing else now, but a mapped buffer's pin stays until free */
			EXPECT_TRUE(busy(vs_unload()));
			snprintf(path, sizeof(path), "%d", id);
			ASSERT_EQ(0, vs_write(BUFS "/free", path));
		}
		/* the pages come back (a reap every second), then it unloads */
		ASSERT_EQ(0, vs_unload_wait());
		ASSERT_EQ(0, vs_load());
		EXPECT_EQ(all, fitting_4m());
	}
}

TEST(reload_cycles)
{
	int i;

	ensure_loaded(_metadata);
	for (i = 0; i < 5; i++) {
		ASSERT_LE(0, new_buffer("5000"));
		ASSERT_EQ(0, vs_unload());
		ASSERT_EQ(0, vs_load());
	}
	EXPECT_TRUE(vs_loaded());
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_KO_FILE);
}
