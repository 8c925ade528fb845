// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation-failure sweeps (Documentation/fault-injection/
 * fault-injection.rst, /proc/thread-self/fail-nth): module load and each
 * debugfs operation run with their 1st, 2nd, 3rd ... allocation failing
 * (slab and page allocator), until a run completes with no fault left to
 * inject.  After every run nothing half-made may be visible: a failed load
 * leaves no module and no debugfs tree, the buffer registry and the
 * buffers/ directories agree, and afterwards the whole memory budget is
 * there again.  Leaks are kmemleak's to find (scripts/vm/init).
 *
 * Needs CONFIG_FAULT_INJECTION, FAILSLAB, FAIL_PAGE_ALLOC and
 * FAULT_INJECTION_DEBUG_FS (the debug kernel); skips elsewhere.
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <time.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

#define BUFS VS_ROOT "/buffers"
#define MAX_FAULTS 5000
/*
 * Under TCG with KASAN a sweep takes seconds and the load sweep about 100 s.
 * The four sweeps and the load sweep together stay within the program's
 * timeout=900 in settings, so kselftest's runner never kills the program
 * before the harness names the case that hung.
 */
#define SWEEP_TIMEOUT 90
#define LOAD_TIMEOUT 540

static int nth_fd = -1;

static int set_attr(const char *dir, const char *attr, const char *val)
{
	char path[256];

	vs_path(path, sizeof(path), "/sys/kernel/debug/%s/%s", dir, attr);
	return vs_write(path, val);
}

/*
 * Fail GFP_KERNEL and order-0 allocations too (the defaults spare them),
 * and quietly: no "FAULT_INJECTION: forcing a failure" stack dumps.
 */
static int faults_setup(void)
{
	static const char * const dirs[] = { "failslab", "fail_page_alloc" };
	unsigned int i;

	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
	if (nth_fd < 0)
		return -errno;
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (set_attr(dirs[i], "ignore-gfp-wait", "N") ||
		    set_attr(dirs[i], "verbose", "0"))
			return -ENOENT;
	}
	if (set_attr("fail_page_alloc", "ignore-gfp-highmem", "N") ||
	    set_attr("fail_page_alloc", "min-order", "0"))
		return -ENOENT;
	return 0;
}

/* the nth fault point of this thread's next calls fails */
static void fault_arm(int nth)
{
	char text[16];
	int len = snprintf(text, sizeof(text), "%d", nth);

	if (pwrite(nth_fd, text, len, 0) != len)
		abort();
}

/* disarm; true if the fault was never reached (the calls needed fewer) */
static int fault_disarm(void)
{
	char text[16] = "";
	ssize_t n = pread(nth_fd, text, sizeof(text) - 1, 0);

	if (n <= 0 || pwrite(nth_fd, "0", 1, 0) != 1)
		abort();
	return atoi(text) != 0;
}

/*
 * Tell scripts/vm-check where the kernel's own allocation-failure reports
 * (warn_alloc() of the module loader's vmalloc) are expected.
 */
static void log_marker(const char *line)
{
	vs_write("/dev/kmsg", line);
}

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

/*
 * The registry (buffers/list) and the directories agree, and each listed
 * buffer has its three files.  Returns the number of buffers, or -1.
 */
static int registry_consistent(struct __test_metadata *_metadata)
{
	char list[16384], path[256], *l;
	struct dirent *de;
	int listed = 0, dirs = 0;
	DIR *d;

	if (vs_read(BUFS "/list", list, sizeof(list)) < 0)
		return -1;
	for (l = strtok(list, "\n"); l; l = strtok(NULL, "\n")) {
		static const char * const files[] = { "size", "data", "dmabuf" };
		unsigned int i;

		listed++;
		for (i = 0; i < ARRAY_SIZE(files); i++) {
			vs_path(path, sizeof(path), BUFS "/%d/%s", atoi(l), files[i]);
			EXPECT_TRUE(vs_exists(path)) TH_LOG("%s missing", path);
		}
	}
	d = opendir(BUFS);
	if (!d)
		return -1;
	while ((de = readdir(d)))
		dirs += de->d_name[0] >= '0' && de->d_name[0] <= '9';
	closedir(d);
	EXPECT_EQ(listed, dirs);
	return listed == dirs ? listed : -1;
}

/* the whole default budget (64 MiB) can be allocated, and no more */
static void budget_whole(struct __test_metadata *_metadata)
{
	int ids[16], n = 0, i, ret = 0;

	for (i = 0; i < 16; i++) {
		ret = buf_create("4M");
		if (ret < 0)
			break;
		ids[n++] = ret;
	}
	EXPECT_EQ(16, n) TH_LOG("create %d: %d", n, ret);
	EXPECT_EQ(-ENOSPC, buf_create("4096"));
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, buf_free(ids[i]));
	EXPECT_EQ(0, registry_consistent(_metadata));
}

/* What one operation works on: set up unarmed, run armed, then undone. */
struct op_ctx {
	int id;			/* a buffer for the operations that need one */
	int fd;			/* a file opened before the fault is armed */
	const char *path;
	const char *val;
	void *map;
	int result_fd;
};

struct sweep_op {
	const char *name;
	int (*setup)(struct op_ctx *c);		/* unarmed */
	int (*run)(struct op_ctx *c);		/* armed: 0 or -errno */
	void (*undo)(struct op_ctx *c, int ret);	/* unarmed */
};

/*
 * @op runs with its nth fault point failing, n = 1, 2, ..., until it
 * needs fewer than n.  After every run the registry must be consistent.
 */
static void sweep(struct __test_metadata *_metadata,
		  const struct sweep_op *op, struct op_ctx *c)
{
	int nth, left = 0, ret;

	for (nth = 1; nth <= MAX_FAULTS && !left; nth++) {
		ASSERT_EQ(0, op->setup ? op->setup(c) : 0) TH_LOG("%s", op->name);
		fault_arm(nth);
		ret = op->run(c);
		left = fault_disarm();
		if (op->undo)
			op->undo(c, ret);
		ASSERT_LE(0, registry_consistent(_metadata))
			TH_LOG("%s %s, fault %d: %d", op->name, c->path, nth, ret);
	}
	ksft_print_msg("%s %s: %d fault points\n", op->name, c->path, nth - 2);
	EXPECT_TRUE(left) TH_LOG("%s: more than %d", op->name, MAX_FAULTS);
}

static int open_create(struct op_ctx *c)
{
	c->fd = open(BUFS "/create", O_RDWR);
	return c->fd < 0 ? -errno : 0;
}

static int open_free(struct op_ctx *c)
{
	c->id = buf_create("8192");
	if (c->id < 0)
		return c->id;
	c->fd = open(BUFS "/free", O_WRONLY);
	return c->fd < 0 ? -errno : 0;
}

static int open_path(struct op_ctx *c)
{
	c->fd = open(c->path, O_RDWR);
	if (c->fd < 0)
		c->fd = open(c->path, O_RDONLY);
	return c->fd < 0 ? -errno : 0;
}

static int write_val(struct op_ctx *c)
{
	return write(c->fd, c->val, strlen(c->val)) < 0 ? -errno : 0;
}

static int write_id(struct op_ctx *c)
{
	char text[16];

	snprintf(text, sizeof(text), "%d", c->id);
	return write(c->fd, text, strlen(text)) < 0 ? -errno : 0;
}

static int read_all(struct op_ctx *c)
{
	char text[4096];

	return pread(c->fd, text, sizeof(text), 0) < 0 ? -errno : 0;
}

static int open_only(struct op_ctx *c)
{
	c->result_fd = open(c->path, O_RDONLY);
	return c->result_fd < 0 ? -errno : 0;
}

static int map_data(struct op_ctx *c)
{
	c->map = mmap(NULL, 3 * sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
		      MAP_SHARED, c->fd, 0);
	return c->map == MAP_FAILED ? -errno : 0;
}

static int export_dmabuf(struct op_ctx *c)
{
	struct vsharp_export_dmabuf req = { .flags = VSHARP_EXPORT_CLOEXEC };

	if (ioctl(c->fd, VSHARP_IOCTL_EXPORT_DMABUF, &req))
		return -errno;
	c->result_fd = req.fd;
	return 0;
}

static void undo_create(struct op_ctx *c, int ret)
{
	char text[16];
	ssize_t n = ret ? 0 : read(c->fd, text, sizeof(text) - 1);

	if (n > 0) {
		text[n] = '\0';
		buf_free(atoi(text));
	}
	close(c->fd);
}

static void undo_free(struct op_ctx *c, int ret)
{
	close(c->fd);
	if (ret)
		buf_free(c->id);
}

static void close_fd(struct op_ctx *c, int ret)
{
	close(c->fd);
}

static void close_result(struct op_ctx *c, int ret)
{
	if (!ret)
		close(c->result_fd);
}

static void undo_map(struct op_ctx *c, int ret)
{
	if (!ret)
		munmap(c->map, 3 * sysconf(_SC_PAGESIZE));
	close(c->fd);
}

static void undo_export(struct op_ctx *c, int ret)
{
	close_result(c, ret);
	close(c->fd);
}

/* Set up a sweep test: skips without fault injection. */
static int sweep_begin(struct __test_metadata *_metadata, struct op_ctx *c)
{
	int err = faults_setup();

	if (err) {
		SKIP(return -1, "no fail-nth or fault-injection debugfs (%s)",
		     strerror(-err));
	}
	if (!vs_loaded())
		EXPECT_EQ(0, vs_load());
	memset(c, 0, sizeof(*c));
	c->id = buf_create("12288");
	EXPECT_LE(0, c->id);
	c->path = "";
	return c->id < 0 ? -1 : 0;
}

static void sweep_end(struct __test_metadata *_metadata)
{
	char list[16384], *l;

	if (vs_read(BUFS "/list", list, sizeof(list)) > 0)
		for (l = strtok(list, "\n"); l; l = strtok(NULL, "\n"))
			buf_free(atoi(l));
	budget_whole(_metadata);
	close(nth_fd);
	nth_fd = -1;
}

FIXTURE(sweeps) {
	int unused;
};

FIXTURE_SETUP(sweeps)
{
}

FIXTURE_TEARDOWN(sweeps)
{
}

TEST_F_TIMEOUT(sweeps, sweep_create_free, SWEEP_TIMEOUT)
{
	static const struct sweep_op ops[] = {
		{ "create", open_create, NULL, undo_create },
		{ "free", open_free, write_id, undo_free },
	};
	struct op_ctx c;
	unsigned int i;

	if (sweep_begin(_metadata, &c))
		return;
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		struct sweep_op op = ops[i];

		c.val = "12288";
		if (!op.run)
			op.run = write_val;
		sweep(_metadata, &op, &c);
	}
	sweep_end(_metadata);
}

TEST_F_TIMEOUT(sweeps, sweep_open_and_read, SWEEP_TIMEOUT)
{
	static const char * const files[] = {
		BUFS "/create", BUFS "/list", "size", "data", "dmabuf",
		VS_ROOT "/emu0/alignment_mode", VS_ROOT "/emu0/status",
		VS_ROOT "/emu0/vmids", VS_ROOT "/emu0/vmid/1/alignment_mode",
	};
	static const struct sweep_op open_op = {
		"open", NULL, open_only, close_result,
	};
	static const struct sweep_op read_op = {
		"read", open_path, read_all, close_fd,
	};
	char path[256];
	struct op_ctx c;
	unsigned int i;

	if (sweep_begin(_metadata, &c))
		return;
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		if (files[i][0] == '/')
			vs_path(path, sizeof(path), "%s", files[i]);
		else
			vs_path(path, sizeof(path), BUFS "/%d/%s", c.id, files[i]);
		c.path = path;
		sweep(_metadata, &open_op, &c);
		/* create, dmabuf: nothing to read */
		if (!strstr(path, "/create") && !strstr(path, "/dmabuf"))
			sweep(_metadata, &read_op, &c);
	}
	sweep_end(_metadata);
}

TEST_F_TIMEOUT(sweeps, sweep_device_writes, SWEEP_TIMEOUT)
{
	static const struct { const char *file, *val; } writes[] = {
		{ "force", "1" }, { "alignment_mode", "strict" }, { "vmids", "2-5" },
		{ "vmid/3/alignment_mode", "dword" }, { "restore", "1" },
		{ "reset", "1" }, { "reserved_vmids", "1-3" }, { "force", "0" },
		{ "reserved_vmids", "none" },
	};
	static const struct sweep_op op = {
		"write", open_path, write_val, close_fd,
	};
	char path[256];
	struct op_ctx c;
	unsigned int i;

	if (sweep_begin(_metadata, &c))
		return;
	for (i = 0; i < ARRAY_SIZE(writes); i++) {
		vs_path(path, sizeof(path), VS_ROOT "/emu0/%s", writes[i].file);
		c.path = path;
		c.val = writes[i].val;
		sweep(_metadata, &op, &c);
	}
	EXPECT_EQ(0, vs_write(VS_ROOT "/emu0/restore", "1"));
	sweep_end(_metadata);
}

TEST_F_TIMEOUT(sweeps, sweep_mmap_and_export, SWEEP_TIMEOUT)
{
	static const struct sweep_op ops[] = {
		{ "mmap", open_path, map_data, undo_map },
		{ "export", open_path, export_dmabuf, undo_export },
	};
	static const char * const files[] = { "data", "dmabuf" };
	char path[256];
	struct op_ctx c;
	unsigned int i;

	if (sweep_begin(_metadata, &c))
		return;
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		vs_path(path, sizeof(path), BUFS "/%d/%s", c.id, files[i]);
		c.path = path;
		sweep(_metadata, &ops[i], &c);
	}
	sweep_end(_metadata);
}

/*
 * Runs last: every load, failed or not, must leave a clean slate.  One
 * emulated device: every path of publishing a device is taken once, and
 * six devices would take them six times, at about a second a load.
 */
#define LOAD_PARAMS "gc=10.3.0"

TEST_F_TIMEOUT(sweeps, load, LOAD_TIMEOUT)
{
	int nth, left = 0, ret, fd, loaded = 0;
	time_t start;

	ret = faults_setup();
	if (ret)
		SKIP(return, "no fail-nth or fault-injection debugfs (%s)", strerror(-ret));
	ASSERT_EQ(0, vs_unload_wait());
	fd = open(vs_ko_path(), O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	log_marker("vsharp_faultinj: allocation-failure reports expected from here");
	start = time(NULL);
	for (nth = 1; nth <= MAX_FAULTS && !left; nth++) {
		fault_arm(nth);
		ret = syscall(SYS_finit_module, fd, LOAD_PARAMS, 0) ? -errno : 0;
		left = fault_disarm();
		if (ret) {
			ASSERT_TRUE(!vs_exists(VS_ROOT) && !vs_exists("/sys/module/vsharp"))
				TH_LOG("fault %d: load failed (%d) but left something", nth, ret);
			continue;
		}
		/* a load that survived its fault works, perhaps with less */
		loaded++;
		ASSERT_TRUE(vs_exists(VS_ROOT));
		if (vs_exists(BUFS "/list"))
			ASSERT_EQ(0, registry_consistent(_metadata));
		ASSERT_EQ(0, vs_unload_wait()) TH_LOG("fault %d", nth);
		ASSERT_TRUE(!vs_exists(VS_ROOT) && !vs_exists("/sys/module/vsharp"));
	}
	close(fd);
	log_marker("vsharp_faultinj: no allocation-failure reports expected from here");
	ksft_print_msg("load: %d fault points, %d loads survived theirs, %ld s\n",
		       nth - 2, loaded - 1, (long)(time(NULL) - start));
	EXPECT_TRUE(left);
	ASSERT_EQ(0, vs_load());
	budget_whole(_metadata);
	close(nth_fd);
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_KO_FILE);
}
