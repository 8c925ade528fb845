// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko result buffers: create, list, read/write/mmap the bytes, export
 * as a dma-buf and map that, free, limits, and lifetime beyond the process
 * that made a buffer.
 */
#include <linux/dma-buf.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

#define BUFS VS_ROOT "/buffers"

/* create a buffer of the given size text; id or -errno */
static int buf_create(const char *size)
{
	char text[32];
	int fd, ret;
	ssize_t n;

	fd = open(BUFS "/create", O_RDWR);
	if (fd < 0)
		return -errno;
	if (write(fd, size, strlen(size)) < 0) {
		ret = -errno;
		close(fd);
		return ret;
	}
	n = read(fd, text, sizeof(text) - 1);
	ret = n < 0 ? -errno : atoi(text);
	close(fd);
	return ret;
}

static int buf_free(int id)
{
	char text[16];

	snprintf(text, sizeof(text), "%d", id);
	return vs_write(BUFS "/free", text);
}

static int buf_open(int id, const char *file, int flags)
{
	char path[256];

	vs_path(path, sizeof(path), BUFS "/%d/%s", id, file);
	return open(path, flags);
}

static int list_has(int id, long size)
{
	char text[8192], want[64];

	if (vs_read(BUFS "/list", text, sizeof(text)) < 0)
		return -1;
	snprintf(want, sizeof(want), "%d %ld", id, size);
	for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n"))
		if (!strcmp(l, want))
			return 1;
	return 0;
}

static void free_all(void)
{
	char text[8192];
	char *l;

	if (vs_read(BUFS "/list", text, sizeof(text)) <= 0)
		return;
	for (l = strtok(text, "\n"); l; l = strtok(NULL, "\n"))
		buf_free(atoi(l));
}

TEST(create_list_size_free)
{
	char path[256];
	struct stat st;
	int id;

	id = buf_create("10000\n");
	ASSERT_LE(0, id);
	EXPECT_EQ(1, list_has(id, 10000));
	vs_path(path, sizeof(path), BUFS "/%d/size", id);
	EXPECT_EQ(10000, vs_read_ul(path));
	vs_path(path, sizeof(path), BUFS "/%d/data", id);
	ASSERT_EQ(0, stat(path, &st));
	EXPECT_EQ(0600, st.st_mode & 07777);
	vs_path(path, sizeof(path), BUFS "/%d/dmabuf", id);
	ASSERT_EQ(0, stat(path, &st));
	EXPECT_EQ(0600, st.st_mode & 07777);
	ASSERT_EQ(0, buf_free(id));
	EXPECT_EQ(0, list_has(id, 10000));
	vs_path(path, sizeof(path), BUFS "/%d", id);
	EXPECT_EQ(-1, stat(path, &st));
	EXPECT_EQ(-ENOENT, buf_free(id));
}

TEST(size_formats)
{
	static const struct { const char *in; long size; } ok[] = {
		{ "1", 1 }, { "4096", 4096 }, { "0x1000", 4096 }, { "4K", 4096 },
		{ "1M", 1 << 20 }, { " 77\n", 77 }, { "0X10", 16 },
	};
	size_t i;
	int id;

	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		id = buf_create(ok[i].in);
		ASSERT_LE(0, id) TH_LOG("'%s'", ok[i].in);
		EXPECT_EQ(1, list_has(id, ok[i].size));
		ASSERT_EQ(0, buf_free(id));
	}
}

TEST(invalid_sizes_and_ids)
{
	static const char * const bad[] = {
		"0", "-1", "-4096", "abc", "1Q", "0x", "K", "1KK", "1 K",
		"99999999999999999999999", "0x10000000000000000", "4096M",
		"1G", "+5", "4.5", "", "\n", "16777216000000M",
	};
	static const char * const bad_ids[] = { "-1", "x", "", "1 2", "0x1" };
	char huge[4096];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		EXPECT_EQ(-EINVAL, buf_create(bad[i])) TH_LOG("'%s'", bad[i]);
	/* larger than max_buffer_size (4 MiB by default) */
	EXPECT_EQ(-EINVAL, buf_create("4194305"));
	memset(huge, '7', sizeof(huge));
	EXPECT_EQ(-EINVAL, vs_write_len(BUFS "/create", huge, sizeof(huge)));
	EXPECT_EQ(-EINVAL, vs_write_len(BUFS "/create", "12\0", 3));
	EXPECT_EQ(-EINVAL, vs_write_len(BUFS "/create", "\x01\x02", 2));
	for (i = 0; i < ARRAY_SIZE(bad_ids); i++)
		EXPECT_EQ(-EINVAL, vs_write(BUFS "/free", bad_ids[i])) TH_LOG("'%s'", bad_ids[i]);
	EXPECT_EQ(-ENOENT, vs_write(BUFS "/free", "2147483647"));
	EXPECT_EQ(-EINVAL, vs_write(BUFS "/free", "2147483648"));
}

TEST(create_read_before_write)
{
	char text[16];
	int fd = open(BUFS "/create", O_RDWR);

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, read(fd, text, sizeof(text)));
	EXPECT_EQ(ENODATA, errno);
	EXPECT_EQ(-1, pwrite(fd, "1", 1, 3));
	close(fd);
}

TEST(data_read_write_seek)
{
	unsigned char w[9000], r[9000];
	void *bad_ptr;
	int id, fd;
	size_t i;

	/* an address the process cannot touch */
	bad_ptr = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, bad_ptr);
	id = buf_create("9000");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDWR);
	ASSERT_LE(0, fd);
	/* new buffers are zeroed */
	ASSERT_EQ(9000, read(fd, r, sizeof(r)));
	for (i = 0; i < sizeof(r); i++)
		ASSERT_EQ(0, r[i]);
	EXPECT_EQ(0, read(fd, r, 1));
	for (i = 0; i < sizeof(w); i++)
		w[i] = i * 7 + 1;
	ASSERT_EQ(9000, pwrite(fd, w, sizeof(w), 0));
	ASSERT_EQ(100, pread(fd, r, 100, 4090));
	EXPECT_EQ(0, memcmp(r, w + 4090, 100));
	/* short at the end, nothing past it */
	EXPECT_EQ(10, pwrite(fd, w, 100, 8990));
	EXPECT_EQ(-1, pwrite(fd, w, 1, 9000));
	EXPECT_EQ(ENOSPC, errno);
	EXPECT_EQ(0, pread(fd, r, 10, 9000));
	EXPECT_EQ(9000, lseek(fd, 0, SEEK_END));
	EXPECT_EQ(-1, lseek(fd, -1, SEEK_SET));
	EXPECT_EQ(-1, lseek(fd, 9001, SEEK_SET));
	EXPECT_EQ(5, lseek(fd, 5, SEEK_SET));
	EXPECT_EQ(3, read(fd, r, 3));
	EXPECT_EQ(0, memcmp(r, w + 5, 3));
	/* a bad user pointer is a clean -EFAULT */
	EXPECT_EQ(-1, pread(fd, bad_ptr, 10, 0));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, pwrite(fd, bad_ptr, 10, 0));
	EXPECT_EQ(EFAULT, errno);
	close(fd);
	munmap(bad_ptr, 4096);
	ASSERT_EQ(0, buf_free(id));
}

TEST(mmap_data_and_dmabuf)
{
	unsigned char *m, *dm;
	struct dma_buf_sync sync;
	long page = sysconf(_SC_PAGESIZE);
	unsigned char r[64];
	int id, fd, dfd;

	id = buf_create("8192");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDWR);
	ASSERT_LE(0, fd);
	m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, m);
	/* too large, or past the end */
	EXPECT_EQ(MAP_FAILED, mmap(NULL, 3 * page, PROT_READ, MAP_SHARED, fd, 0));
	EXPECT_EQ(MAP_FAILED, mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 2 * page));
	memcpy(m + 4000, "vsharp!", 7);
	ASSERT_EQ(7, pread(fd, r, 7, 4000));
	EXPECT_EQ(0, memcmp(r, "vsharp!", 7));

	dfd = vs_export(id, O_RDWR, VSHARP_EXPORT_CLOEXEC);
	ASSERT_LE(0, dfd);
	EXPECT_EQ(FD_CLOEXEC, fcntl(dfd, F_GETFD) & FD_CLOEXEC);
	EXPECT_EQ(8192, lseek(dfd, 0, SEEK_END));
	dm = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, dfd, 0);
	ASSERT_NE(MAP_FAILED, dm);
	sync.flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_RW;
	EXPECT_EQ(0, ioctl(dfd, DMA_BUF_IOCTL_SYNC, &sync));
	EXPECT_EQ(0, memcmp(dm + 4000, "vsharp!", 7));
	memcpy(dm + 8000, "from gpu", 8);
	sync.flags = DMA_BUF_SYNC_END | DMA_BUF_SYNC_RW;
	EXPECT_EQ(0, ioctl(dfd, DMA_BUF_IOCTL_SYNC, &sync));
	EXPECT_EQ(0, memcmp(m + 8000, "from gpu", 8));
	ASSERT_EQ(8, pread(fd, r, 8, 8000));
	EXPECT_EQ(0, memcmp(r, "from gpu", 8));

	/* free: the files go, the pages stay for the holders */
	ASSERT_EQ(0, buf_free(id));
	EXPECT_EQ(0, list_has(id, 8192));
	memcpy(dm, "still here", 10);
	EXPECT_EQ(0, memcmp(m, "still here", 10));
	ASSERT_EQ(10, pread(fd, r, 10, 0));
	EXPECT_EQ(0, memcmp(r, "still here", 10));
	munmap(dm, 8192);
	close(dfd);
	munmap(m, 8192);
	close(fd);
}

TEST(dmabuf_export_ioctl)
{
	struct vsharp_export_dmabuf req = { 0 };
	char path[256], text[16];
	int id, fd, dfd, next;
	void *m;

	id = buf_create("4096");
	ASSERT_LE(0, id);
	fd = buf_open(id, "dmabuf", O_RDWR);
	ASSERT_LE(0, fd);
	/* export is an ioctl, never a side effect of read() or write() */
	EXPECT_EQ(-1, read(fd, text, sizeof(text)));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, write(fd, "1", 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ioctl(fd, _IO(VSHARP_IOCTL_MAGIC, 0x7f), 0));
	EXPECT_EQ(ENOTTY, errno);
	req.flags = 2;
	EXPECT_EQ(-1, ioctl(fd, VSHARP_IOCTL_EXPORT_DMABUF, &req));
	EXPECT_EQ(EINVAL, errno);
	/* a bad argument pointer leaves no fd behind */
	next = dup(0);
	ASSERT_LE(0, next);
	close(next);
	EXPECT_EQ(-1, ioctl(fd, VSHARP_IOCTL_EXPORT_DMABUF, (void *)8));
	EXPECT_EQ(EFAULT, errno);
	dfd = dup(0);
	EXPECT_EQ(next, dfd);
	close(dfd);
	/* without VSHARP_EXPORT_CLOEXEC the fd survives exec */
	req.flags = 0;
	ASSERT_EQ(0, ioctl(fd, VSHARP_IOCTL_EXPORT_DMABUF, &req));
	EXPECT_EQ(0, fcntl(req.fd, F_GETFD) & FD_CLOEXEC);
	EXPECT_EQ(O_RDWR, fcntl(req.fd, F_GETFL) & O_ACCMODE);
	EXPECT_EQ(0, close(req.fd));
	close(fd);

	/* a read-only dmabuf file gives a read-only dma-buf */
	dfd = vs_export(id, O_RDONLY, VSHARP_EXPORT_CLOEXEC);
	ASSERT_LE(0, dfd);
	EXPECT_EQ(FD_CLOEXEC, fcntl(dfd, F_GETFD) & FD_CLOEXEC);
	EXPECT_EQ(O_RDONLY, fcntl(dfd, F_GETFL) & O_ACCMODE);
	EXPECT_EQ(MAP_FAILED, mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dfd, 0));
	EXPECT_EQ(EACCES, errno);
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, dfd, 0);
	ASSERT_NE(MAP_FAILED, m);
	EXPECT_EQ(0, ((unsigned char *)m)[4095]);
	munmap(m, 4096);
	close(dfd);
	vs_path(path, sizeof(path), BUFS "/%d/dmabuf", id);
	EXPECT_EQ(-EINVAL, vs_write(path, "1"));
	ASSERT_EQ(0, buf_free(id));
}

TEST(outlives_its_process)
{
	int pipefd[2], id, status;
	char path[256], text[128];
	pid_t pid;

	ASSERT_EQ(0, pipe(pipefd));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int cid = buf_create("64"), fd;

		if (cid < 0)
			_exit(1);
		fd = buf_open(cid, "data", O_WRONLY);
		if (fd < 0 || write(fd, "left by a dead process", 22) != 22)
			_exit(2);
		if (write(pipefd[1], &cid, sizeof(cid)) != sizeof(cid))
			_exit(3);
		/* exits without closing or freeing anything */
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(sizeof(id), read(pipefd[0], &id, sizeof(id)));
	vs_path(path, sizeof(path), BUFS "/%d/data", id);
	ASSERT_EQ(64, vs_read(path, text, sizeof(text)));
	EXPECT_EQ(0, memcmp(text, "left by a dead process", 22));
	ASSERT_EQ(0, buf_free(id));
	close(pipefd[0]);
	close(pipefd[1]);
}

TEST(limits)
{
	int ids[300], n = 0, ret = 0, i;

	/* 64 MiB in total by default: sixteen 4 MiB buffers */
	for (i = 0; i < 300; i++) {
		ret = buf_create("4M");
		if (ret < 0)
			break;
		ids[n++] = ret;
	}
	EXPECT_EQ(-ENOSPC, ret);
	EXPECT_EQ(16, n);
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, buf_free(ids[i]));
	/* at most 256 buffers */
	n = 0;
	for (i = 0; i < 300; i++) {
		ret = buf_create("1");
		if (ret < 0)
			break;
		ids[n++] = ret;
	}
	EXPECT_EQ(-ENOSPC, ret);
	EXPECT_EQ(256, n);
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, buf_free(ids[i]));
	free_all();
}

/* over 30 s under TCG with KASAN on a loaded host */
FIXTURE(churn) {
	int unused;
};

FIXTURE_SETUP(churn)
{
}

FIXTURE_TEARDOWN(churn)
{
}

TEST_F_TIMEOUT(churn, concurrent_create_free, 300)
{
	pid_t pids[4];
	int i, status;

	for (i = 0; i < 4; i++) {
		pids[i] = fork();
		ASSERT_LE(0, pids[i]);
		if (pids[i] == 0) {
			int k, id, ret, bad = 0;
			char text[32];

			for (k = 0; k < 200; k++) {
				snprintf(text, sizeof(text), "%d", 1 + k * 97 % 20000);
				id = buf_create(text);
				if (id < 0) {
					bad |= id != -ENOSPC;
					continue;
				}
				/*
				 * Another process may free it first (below):
				 * opening the file then fails with ENOENT,
				 * reading an open one during removal with EIO.
				 */
				if (k % 3 == 0) {
					int d = vs_export(id, O_RDWR, VSHARP_EXPORT_CLOEXEC);

					if (d >= 0)
						close(d);
					else
						bad |= d != -ENOENT && d != -EIO;
				}
				ret = buf_free(id);
				bad |= ret != 0 && ret != -ENOENT;
				/* frees of other processes' ids race with them */
				snprintf(text, sizeof(text), "%d", id + 1);
				vs_write(BUFS "/free", text);
			}
			_exit(bad);
		}
	}
	for (i = 0; i < 4; i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	free_all();
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_MODULE);
}
