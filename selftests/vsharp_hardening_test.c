// SPDX-License-Identifier: GPL-2.0
/*
 * One regression test per defect of the hostile reviews of vsharp.ko
 * (C1-C6 and B1, B2, B3, K6 in Documentation/kmod.rst, "Hardening"): each
 * reproduces the defect's trigger and asserts the fixed behaviour (B2 is
 * vsharp_files_test's bytewise_reads_never_tear, B3 vsharp_unload_test's
 * refused_while_pages_held_elsewhere).  Run them on the debug
 * kernel (KASAN, lockdep, DEBUG_VM, UBSAN, hung-task detection): a crash,
 * report or hang there fails the VM run even where the test itself passes.
 *
 * c1 and c2 unload and reload the module ($VSHARP_KO, $VSHARP_PARAMS).
 */
#define _GNU_SOURCE
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

#define BUFS VS_ROOT "/buffers"
#define MIB (1024L * 1024)

/* create a buffer; id or -errno */
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

static void free_all(void)
{
	char list[16384], *l;

	if (vs_read(BUFS "/list", list, sizeof(list)) <= 0)
		return;
	for (l = strtok(list, "\n"); l; l = strtok(NULL, "\n"))
		buf_free(atoi(l));
}

static int module_gone(void)
{
	return !vs_exists(VS_ROOT) && !vs_exists("/sys/module/vsharp");
}

/*
 * C1: files opened while an init that later fails is running kept
 * pointers into the freed module.  A thread opens every file it can while
 * loads with bad parameters fail; no open may ever succeed, because a
 * failing init publishes nothing.
 */
struct racer {
	int stop;
	int opened;
	int fds[64];
};

static void *open_racer(void *arg)
{
	static const char * const paths[] = {
		BUFS "/create", BUFS "/list", VS_ROOT "/emu0/alignment_mode",
		VS_ROOT "/emu0/vmid/1/alignment_mode",
	};
	struct racer *r = arg;
	unsigned int i;
	int fd;

	while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE)) {
		for (i = 0; i < ARRAY_SIZE(paths); i++) {
			fd = open(paths[i], O_RDONLY);
			if (fd < 0)
				continue;
			/* kept open past the failed load, as the reproducer did */
			if (r->opened < (int)ARRAY_SIZE(r->fds))
				r->fds[r->opened] = fd;
			else
				close(fd);
			r->opened++;
		}
	}
	return NULL;
}

TEST(c1_failed_load_publishes_nothing)
{
	static const struct { const char *params; int err, alt; } bad[] = {
		{ "gc=10.3.0,11.0.0,bogus", -EINVAL, -EINVAL },
		{ "gc=10.3.0,13.0.0", -EINVAL, -EINVAL },
		{ "gc=9.0.1 noretry=2", -EINVAL, -EINVAL },
		{ "max_buffer_size=0", -EINVAL, -EINVAL },
		/* no backend in this build, or no AMD GPU in this machine */
		{ "gc=10.3.0 amdgpu=1", -EOPNOTSUPP, -ENODEV },
	};
	struct racer r = { 0 };
	pthread_t t;
	unsigned int i, k;
	int ret;

	ASSERT_EQ(0, vs_unload_wait());
	ASSERT_TRUE(module_gone());
	ASSERT_EQ(0, pthread_create(&t, NULL, open_racer, &r));
	for (k = 0; k < 5; k++) {
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			ret = vs_load_params(bad[i].params);
			EXPECT_TRUE(ret == bad[i].err || ret == bad[i].alt)
				TH_LOG("'%s': %d", bad[i].params, ret);
		}
	}
	__atomic_store_n(&r.stop, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	EXPECT_EQ(0, r.opened);
	EXPECT_TRUE(module_gone());
	for (i = 0; i < (unsigned int)r.opened && i < ARRAY_SIZE(r.fds); i++)
		close(r.fds[i]);
	ASSERT_EQ(0, vs_load());
}

/*
 * C2: max_buffer_size = 2^64-1 let a 2^64-1 byte buffer wrap to zero
 * pages.  The limits are now checked at load: 1 .. 1 GiB and 1 .. 16 GiB.
 */
TEST(c2_size_limits_are_bounded)
{
	static const char * const bad[] = {
		"max_buffer_size=0xffffffffffffffff max_total_size=0xffffffffffffffff",
		"max_buffer_size=18446744073709551616",
		"max_buffer_size=1073741825", "max_total_size=17179869185",
		"max_buffer_size=0", "max_total_size=0", "max_buffer_size=-1",
		"max_buffer_size=4M",
	};
	char params[512], path[256];
	unsigned char byte = 1;
	unsigned int i;
	int id, fd;

	ASSERT_EQ(0, vs_unload_wait());
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(-EINVAL, vs_load_params(bad[i])) TH_LOG("'%s'", bad[i]);
		EXPECT_TRUE(module_gone());
	}
	/* the largest limits are accepted and hold */
	snprintf(params, sizeof(params),
		 "max_buffer_size=1073741824 max_total_size=17179869184 %s",
		 getenv("VSHARP_PARAMS") ? getenv("VSHARP_PARAMS") : "");
	ASSERT_EQ(0, vs_load_params(params));
	EXPECT_EQ(1073741824L, vs_read_ul("/sys/module/vsharp/parameters/max_buffer_size"));
	EXPECT_EQ(17179869184L, vs_read_ul("/sys/module/vsharp/parameters/max_total_size"));
	EXPECT_EQ(-EINVAL, buf_create("18446744073709551615"));
	EXPECT_EQ(-EINVAL, buf_create("1073741825"));
	EXPECT_EQ(-EINVAL, buf_create("0x40000001"));
	id = buf_create("4096");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDONLY);
	ASSERT_LE(0, fd);
	EXPECT_EQ(1, read(fd, &byte, 1));
	EXPECT_EQ(0, byte);
	close(fd);
	vs_path(path, sizeof(path), BUFS "/%d/size", id);
	EXPECT_EQ(4096, vs_read_ul(path));
	EXPECT_EQ(0, buf_free(id));
	ASSERT_EQ(0, vs_unload_wait());
	ASSERT_EQ(0, vs_load());
}

/* C3: reading buffers/create returned the id forever, never end of file. */
TEST(c3_create_read_reaches_eof)
{
	char text[32], c;
	int fd, id1, id2, i, len = 0;
	ssize_t n = 1;

	fd = open(BUFS "/create", O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_EQ(4, write(fd, "4096", 4));
	for (i = 0; i < 32 && n > 0; i++) {
		n = read(fd, &c, 1);
		if (n == 1 && len < (int)sizeof(text) - 1)
			text[len++] = c;
	}
	EXPECT_EQ(0, n) TH_LOG("no end of file after %d reads", i);
	text[len] = '\0';
	id1 = atoi(text);
	ASSERT_LE(0, id1);
	EXPECT_EQ('\n', text[len - 1]);
	/* cat: reads until EOF */
	EXPECT_EQ(0, read(fd, text, sizeof(text)));
	/* a second create on the same fd is read back from the start */
	ASSERT_EQ(4, write(fd, "8192", 4));
	n = read(fd, text, sizeof(text) - 1);
	ASSERT_LT(0, n);
	text[n] = '\0';
	id2 = atoi(text);
	EXPECT_NE(id1, id2);
	EXPECT_EQ(0, read(fd, text, sizeof(text)));
	close(fd);
	EXPECT_EQ(0, buf_free(id1));
	EXPECT_EQ(0, buf_free(id2));
}

/*
 * C4: mappings did not refault after MADV_DONTNEED (SIGBUS), could grow
 * past the buffer with mremap(), and MAP_PRIVATE was accepted.  Same
 * checks on the data file and on a dma-buf of the buffer.
 */
static void check_mapping_semantics(struct __test_metadata *_metadata,
				    int fd, int rdonly_fd)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *m, *r;

	EXPECT_EQ(MAP_FAILED, mmap(NULL, page, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE, fd, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(MAP_FAILED, mmap(NULL, page, PROT_READ, MAP_PRIVATE, fd, 0));
	m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, m);
	m[0] = 0x11;
	m[page + 7] = 0x22;
	/* zapped PTEs fault back in, with the bytes still there */
	ASSERT_EQ(0, madvise(m, 2 * page, MADV_DONTNEED));
	EXPECT_EQ(0x11, m[0]);
	EXPECT_EQ(0x22, m[page + 7]);
	/* no growth past the buffer (2 pages), in place or moved */
	EXPECT_EQ(MAP_FAILED, mremap(m, 2 * page, 3 * page, MREMAP_MAYMOVE));
	EXPECT_EQ(MAP_FAILED, mremap(m, page, 2 * page, 0));
	/* a read-only file maps shared for reading */
	r = mmap(NULL, 2 * page, PROT_READ, MAP_SHARED, rdonly_fd, 0);
	ASSERT_NE(MAP_FAILED, r);
	EXPECT_EQ(0x22, r[page + 7]);
	EXPECT_EQ(MAP_FAILED, mmap(NULL, page, PROT_READ | PROT_WRITE,
				   MAP_SHARED, rdonly_fd, 0));
	munmap(r, 2 * page);
	munmap(m, 2 * page);
}

TEST(c4_mappings_behave_like_udmabuf)
{
	int id, fd, rfd;

	id = buf_create("8192");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDWR);
	rfd = buf_open(id, "data", O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_LE(0, rfd);
	check_mapping_semantics(_metadata, fd, rfd);
	close(fd);
	close(rfd);
	fd = vs_export(id, O_RDWR, VSHARP_EXPORT_CLOEXEC);
	rfd = vs_export(id, O_RDONLY, VSHARP_EXPORT_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_LE(0, rfd);
	check_mapping_semantics(_metadata, fd, rfd);
	close(fd);
	close(rfd);
	EXPECT_EQ(0, buf_free(id));
}

/*
 * C5: a reader of buffers/<id>/size or dmabuf stalled in a user copy (a
 * userfaultfd page) blocked "free" of the buffer until it finished.
 */
struct stalled {
	int fd;
	int how;		/* 0: read(), 1: the export ioctl */
	void *page;
	long ret;
};

static void *stalled_access(void *arg)
{
	struct stalled *s = arg;

	if (s->how)
		s->ret = ioctl(s->fd, VSHARP_IOCTL_EXPORT_DMABUF, s->page);
	else
		s->ret = read(s->fd, s->page, 16);
	return NULL;
}

struct freer {
	int id;
	int done;
	int ret;
};

static void *free_buffer(void *arg)
{
	struct freer *f = arg;

	f->ret = buf_free(f->id);
	__atomic_store_n(&f->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

TEST(c5_stalled_reader_does_not_block_free)
{
	static const struct { const char *file; int flags, how; } access[] = {
		{ "size", O_RDONLY, 0 }, { "data", O_RDONLY, 0 },
		{ "dmabuf", O_RDONLY, 1 },
	};
	struct uffdio_register reg = { 0 };
	struct uffdio_api api = { .api = UFFD_API };
	struct stalled s[ARRAY_SIZE(access)];
	pthread_t readers[ARRAY_SIZE(access)], ft;
	long page = sysconf(_SC_PAGESIZE);
	struct uffdio_zeropage zero = { 0 };
	struct freer f = { 0 };
	struct uffd_msg msg;
	struct pollfd pfd;
	unsigned int i, faults = 0;
	char *area;
	int uffd, k;

	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		SKIP(return, "no userfaultfd (CONFIG_USERFAULTFD): %s", strerror(errno));
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_API, &api));
	area = mmap(NULL, ARRAY_SIZE(access) * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, area);
	reg.range.start = (unsigned long)area;
	reg.range.len = ARRAY_SIZE(access) * page;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_REGISTER, &reg));

	f.id = buf_create("4096");
	ASSERT_LE(0, f.id);
	for (i = 0; i < ARRAY_SIZE(access); i++) {
		s[i].fd = buf_open(f.id, access[i].file, access[i].flags);
		ASSERT_LE(0, s[i].fd) TH_LOG("%s", access[i].file);
		s[i].how = access[i].how;
		s[i].page = area + i * page;
		ASSERT_EQ(0, pthread_create(&readers[i], NULL, stalled_access, &s[i]));
	}
	/* every access is stuck in its user copy */
	pfd.fd = uffd;
	pfd.events = POLLIN;
	while (faults < ARRAY_SIZE(access) && poll(&pfd, 1, 10000) == 1) {
		while (read(uffd, &msg, sizeof(msg)) == sizeof(msg))
			faults += msg.event == UFFD_EVENT_PAGEFAULT;
	}
	ASSERT_EQ(ARRAY_SIZE(access), faults);

	ASSERT_EQ(0, pthread_create(&ft, NULL, free_buffer, &f));
	for (k = 0; k < 30 && !__atomic_load_n(&f.done, __ATOMIC_ACQUIRE); k++)
		usleep(100000);
	EXPECT_TRUE(__atomic_load_n(&f.done, __ATOMIC_ACQUIRE))
		TH_LOG("free still blocked after 3 s by stalled readers");

	/* let the readers go; they finish on their open files */
	zero.range.start = (unsigned long)area;
	zero.range.len = ARRAY_SIZE(access) * page;
	EXPECT_EQ(0, ioctl(uffd, UFFDIO_ZEROPAGE, &zero));
	for (i = 0; i < ARRAY_SIZE(access); i++) {
		pthread_join(readers[i], NULL);
		close(s[i].fd);
	}
	pthread_join(ft, NULL);
	EXPECT_EQ(0, f.ret);
	EXPECT_EQ(5, s[0].ret);		/* "4096\n" */
	EXPECT_EQ(16, s[1].ret);
	EXPECT_EQ(0, s[2].ret);
	if (!s[2].ret)
		close(((struct vsharp_export_dmabuf *)s[2].page)->fd);
	munmap(area, ARRAY_SIZE(access) * page);
	close(uffd);
}

/*
 * C6: pages still referenced after free (here by a pipe, through
 * vmsplice()) no longer counted against max_total_size.  With the default
 * 64 MiB, 16 KiB held in a pipe leave room for fifteen 4 MiB buffers, not
 * sixteen, until the pipe lets go.
 */
TEST(c6_budget_counts_pages_still_referenced)
{
	int pfd[2], ids[17], n = 0, id, fd, i, ret;
	long page = sysconf(_SC_PAGESIZE);
	unsigned char got[16384];
	struct iovec iov;
	unsigned char *m;

	free_all();
	ASSERT_EQ(64 * MIB, vs_read_ul("/sys/module/vsharp/parameters/max_total_size"));
	id = buf_create("4M");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDWR);
	ASSERT_LE(0, fd);
	m = mmap(NULL, 4 * MIB, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	ASSERT_NE(MAP_FAILED, m);
	for (i = 0; i < (int)sizeof(got); i++)
		m[i] = i * 13 + 5;
	ASSERT_EQ(0, pipe(pfd));
	iov.iov_base = m;
	iov.iov_len = sizeof(got);
	ASSERT_EQ((ssize_t)sizeof(got), vmsplice(pfd[1], &iov, 1, 0));
	munmap(m, 4 * MIB);
	close(fd);
	ASSERT_EQ(0, buf_free(id));

	for (i = 0; i < 16; i++) {
		ret = buf_create("4M");
		if (ret < 0)
			break;
		ids[n++] = ret;
	}
	EXPECT_EQ(15, n);
	EXPECT_EQ(-ENOSPC, ret);
	/* the pipe still has the freed buffer's bytes */
	ASSERT_EQ((ssize_t)sizeof(got), read(pfd[0], got, sizeof(got)));
	for (i = 0; i < (int)sizeof(got); i++)
		ASSERT_EQ((unsigned char)(i * 13 + 5), got[i]);
	close(pfd[0]);
	close(pfd[1]);
	/* once nobody else holds them the pages come back */
	ret = buf_create("4M");
	EXPECT_LE(0, ret);
	if (ret >= 0)
		ids[n++] = ret;
	EXPECT_EQ(-ENOSPC, buf_create(page == 4096 ? "4096" : "1"));
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, buf_free(ids[i]));
}

/* C6: buffer pages are charged to the memory cgroup of their creator. */
static long cg_read(const char *cg, const char *file)
{
	char path[256];

	vs_path(path, sizeof(path), "%s/%s", cg, file);
	return vs_read_ul(path);
}

/* cgroup2 mounted, with the memory controller on for its children: 0, else -1. */
static int memcg_ready(void)
{
	char text[4096];

	if (!vs_exists("/sys/fs/cgroup/cgroup.controllers"))
		mount("cgroup2", "/sys/fs/cgroup", "cgroup2", 0, NULL);
	if (vs_read("/sys/fs/cgroup/cgroup.controllers", text, sizeof(text)) < 0 ||
	    !strstr(text, "memory"))
		return -1;
	return vs_write("/sys/fs/cgroup/cgroup.subtree_control", "+memory");
}

/*
 * buf_create(SIZE) in a child moved into cgroup CG first; its result in
 * *RET.  Returns the child's wait status, or -1 if it could not be run.
 */
static int create_in_cgroup(const char *cg, const char *size, int *ret)
{
	char path[256];
	int pfd[2], status = -1;
	pid_t pid;

	if (pipe(pfd))
		return -1;
	pid = fork();
	if (pid == 0) {
		vs_path(path, sizeof(path), "%s/cgroup.procs", cg);
		if (vs_write(path, "0"))
			_exit(1);
		*ret = buf_create(size);
		if (write(pfd[1], ret, sizeof(*ret)) != sizeof(*ret))
			_exit(2);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    (WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	     read(pfd[0], ret, sizeof(*ret)) != sizeof(*ret)))
		status = -1;
	close(pfd[0]);
	close(pfd[1]);
	return status;
}

TEST(c6_pages_charged_to_memcg)
{
	const char *cg = "/sys/fs/cgroup/vsharp_c6";
	long before, charged, after;
	int status, id = -1;

	if (memcg_ready())
		SKIP(return, "no cgroup2 memory controller");
	rmdir(cg);
	ASSERT_EQ(0, mkdir(cg, 0755));
	status = create_in_cgroup(cg, "4M", &id);
	ASSERT_TRUE(status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_LE(0, id);
	charged = cg_read(cg, "memory.current");
	EXPECT_LE(4 * MIB, charged);
	before = charged;
	EXPECT_EQ(0, buf_free(id));
	after = cg_read(cg, "memory.current");
	EXPECT_GE(before - 4 * MIB, after);
	EXPECT_EQ(0, rmdir(cg));
}

/*
 * B1: a create larger than the writer's memory cgroup allows summoned the
 * cgroup's OOM killer (the writer died of SIGKILL) instead of failing.
 * Now the write fails with ENOMEM, the writer lives, nothing is killed and
 * the charge of the pages got before the failure is given back.
 */
/* reclaim in a 2 MiB cgroup is slow under TCG with KASAN */
FIXTURE(memcg) {
	int unused;
};

FIXTURE_SETUP(memcg)
{
}

FIXTURE_TEARDOWN(memcg)
{
}

TEST_F_TIMEOUT(memcg, b1_create_over_memcg_limit_gets_enomem, 300)
{
	const char *cg = "/sys/fs/cgroup/vsharp_b1";
	char text[4096], path[256];
	int status, err = 0;

	if (memcg_ready())
		SKIP(return, "no cgroup2 memory controller");
	rmdir(cg);
	ASSERT_EQ(0, mkdir(cg, 0755));
	vs_path(path, sizeof(path), "%s/memory.max", cg);
	ASSERT_EQ(0, vs_write(path, "2M"));
	status = create_in_cgroup(cg, "4M", &err);
	ASSERT_LE(0, status);
	EXPECT_FALSE(WIFSIGNALED(status)) TH_LOG("the writer died of signal %d",
						 WTERMSIG(status));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	EXPECT_EQ(-ENOMEM, err);
	vs_path(path, sizeof(path), "%s/memory.events", cg);
	ASSERT_LT(0, vs_read(path, text, sizeof(text)));
	EXPECT_NE(NULL, strstr(text, "oom_kill 0")) TH_LOG("%s", text);
	EXPECT_GE(MIB, cg_read(cg, "memory.current"));
	EXPECT_EQ(0, rmdir(cg));
	/* the whole budget is there again */
	free_all();
	EXPECT_LE(0, buf_create("4M"));
	free_all();
}

/*
 * K6: results are data.  A PROT_EXEC shared mapping of a data file or of
 * a dma-buf was accepted; now mmap() refuses it (EPERM) and mprotect()
 * cannot add PROT_EXEC later (EACCES).  The dma-buf's file is on no
 * noexec mount, so only the module can refuse there.
 */
TEST(k6_no_exec_mappings)
{
	long page = sysconf(_SC_PAGESIZE);
	int id, fd, dfd, i;
	void *m;

	id = buf_create("8192");
	ASSERT_LE(0, id);
	fd = buf_open(id, "data", O_RDWR);
	ASSERT_LE(0, fd);
	dfd = vs_export(id, O_RDWR, VSHARP_EXPORT_CLOEXEC);
	ASSERT_LE(0, dfd);
	for (i = 0; i < 2; i++) {
		int f = i ? dfd : fd;

		m = mmap(NULL, page, PROT_READ | PROT_EXEC, MAP_SHARED, f, 0);
		EXPECT_EQ(MAP_FAILED, m) TH_LOG("%s: PROT_EXEC accepted",
						i ? "dma-buf" : "data");
		EXPECT_EQ(EPERM, errno);
		if (m != MAP_FAILED)
			munmap(m, page);
		m = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, f, 0);
		ASSERT_NE(MAP_FAILED, m);
		EXPECT_EQ(-1, mprotect(m, page, PROT_READ | PROT_EXEC));
		EXPECT_EQ(EACCES, errno);
		EXPECT_EQ(0, mprotect(m, page, PROT_READ));
		munmap(m, page);
	}
	close(dfd);
	close(fd);
	free_all();
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_MODULE | VS_NEED_KO_FILE);
}
