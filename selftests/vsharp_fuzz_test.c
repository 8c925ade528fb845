// SPDX-License-Identifier: GPL-2.0
/*
 * vsharp.ko fuzz: at least 100 000 random writes (random bytes, random
 * text, mutated valid values, huge and empty inputs, odd offsets) spread
 * over every file under /sys/kernel/debug/vsharp, plus random reads.  The
 * module must answer each with a value or an error, never oops or warn
 * (vm-check fails on either), and still work afterwards.
 */
#include <sys/mman.h>

#include "kselftest_harness.h"
#include "vsharp_util.h"

#define MAX_FILES 4096
#define WRITES 100000

static char *files[MAX_FILES];
static int fds[MAX_FILES];
static int nfiles;

/* every file stays open between rescans: open/close under KASAN is slow */
static void open_all(void)
{
	int i;

	for (i = 0; i < nfiles; i++) {
		fds[i] = open(files[i], O_RDWR);
		if (fds[i] < 0)
			fds[i] = open(files[i], O_WRONLY);
		if (fds[i] < 0)
			fds[i] = open(files[i], O_RDONLY);
	}
}

static void close_all(void)
{
	while (nfiles) {
		nfiles--;
		if (fds[nfiles] >= 0)
			close(fds[nfiles]);
		free(files[nfiles]);
	}
}

static void collect(const char *dir)
{
	char path[512];
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)) && nfiles < MAX_FILES) {
		if (de->d_name[0] == '.')
			continue;
		vs_path(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (lstat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode))
			collect(path);
		else if (S_ISREG(st.st_mode))
			files[nfiles++] = strdup(path);
	}
	closedir(d);
}

static const char * const tokens[] = {
	"dword", "dword_strict", "strict", "unaligned", "0", "1", "2", "3",
	"4", "-1", "all", "none", "0-15", "1-7", "15", "16", "7-1", "4096",
	"4K", "1M", "0x10", "2147483647", "4294967296", "-0", "+1",
	"18446744073709551616", "1,2,3", "", " ", "\n", "K", "0x",
};

static unsigned int rnd(unsigned int *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 8;
}

static size_t make_input(unsigned int *seed, char *buf, size_t max)
{
	size_t len, i;

	switch (rnd(seed) % 6) {
	case 0:	/* random bytes */
		len = rnd(seed) % 80;
		for (i = 0; i < len; i++)
			buf[i] = rnd(seed);
		return len;
	case 1:	/* random printable text */
		len = rnd(seed) % 70;
		for (i = 0; i < len; i++)
			buf[i] = 0x20 + rnd(seed) % 0x5f;
		return len;
	case 2:	/* a token, maybe with a newline */
		len = snprintf(buf, max, "%s%s", tokens[rnd(seed) % (ARRAY_SIZE(tokens))],
			       rnd(seed) % 2 ? "\n" : "");
		return len;
	case 3:	/* a mutated token */
		len = snprintf(buf, max, "%s", tokens[rnd(seed) % (ARRAY_SIZE(tokens))]);
		if (len)
			buf[rnd(seed) % len] = rnd(seed);
		return len;
	case 4:	/* a random number */
		return snprintf(buf, max, "%d", (int)rnd(seed) % 70000 - 100);
	default: /* huge */
		len = rnd(seed) % max;
		memset(buf, '1' + rnd(seed) % 9, len);
		return len;
	}
}

FIXTURE(fuzz) {
	int unused;
};

FIXTURE_SETUP(fuzz)
{
}

FIXTURE_TEARDOWN(fuzz)
{
}

/* under TCG with KASAN 100 000 writes take a while */
TEST_F_TIMEOUT(fuzz, all_files, 900)
{
	static char input[8192], list[65536];
	unsigned int seed = 0x5eed;
	char text[256], dev[VS_MAX_DEVS][32];
	long errors = 0, accepted = 0;
	int i, fd, ndev;
	char *l;

	collect(VS_ROOT);
	open_all();
	ASSERT_LT(10, nfiles);
	ksft_print_msg("fuzzing %d files with %d writes\n", nfiles, WRITES);
	for (i = 0; i < WRITES; i++) {
		unsigned int k = rnd(&seed) % nfiles;
		size_t len = make_input(&seed, input, sizeof(input));
		unsigned int how = rnd(&seed) % 10;
		ssize_t n;

		fd = fds[k];
		if (fd < 0)
			continue;	/* a buffer freed before the scan */
		if (how < 7)
			n = write(fd, input, len);
		else if (how == 7)
			n = pwrite(fd, input, len, rnd(&seed) % 100000);
		else
			n = pwrite(fd, input, len, -(long)(rnd(&seed) % 5) - 1);
		if (n < 0)
			errors++;
		else
			accepted++;
		/* and a read now and then */
		if (how >= 8)
			n = pread(fd, text, sizeof(text), rnd(&seed) % 16);
		/* new buffers appear, freed ones go: look again from time to time */
		if (i % 5000 == 4999) {
			close_all();
			collect(VS_ROOT);
			open_all();
		}
	}
	close_all();
	ksft_print_msg("%ld writes accepted, %ld refused\n", accepted, errors);
	EXPECT_LT(0, accepted);
	EXPECT_LT(0, errors);

	/* still alive and sane: every device answers, buffers can be freed */
	ndev = vs_devices(dev, VS_MAX_DEVS);
	ASSERT_LT(0, ndev);
	for (i = 0; i < ndev; i++) {
		char path[256];

		vs_path(path, sizeof(path), VS_ROOT "/%s/restore", dev[i]);
		EXPECT_EQ(0, vs_write(path, "1"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/reset", dev[i]);
		EXPECT_EQ(0, vs_write(path, "1"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/vmids", dev[i]);
		EXPECT_EQ(0, vs_write(path, "1-7"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/force", dev[i]);
		EXPECT_EQ(0, vs_write(path, "0"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/reserved_vmids", dev[i]);
		if (!strncmp(dev[i], "emu", 3))
			EXPECT_EQ(0, vs_write(path, "none"));
		vs_path(path, sizeof(path), VS_ROOT "/%s/backend", dev[i]);
		EXPECT_LT(0, vs_read(path, text, sizeof(text)));
	}
	ASSERT_LE(0, vs_read(VS_ROOT "/buffers/list", list, sizeof(list)));
	for (l = strtok(list, "\n"); l; l = strtok(NULL, "\n")) {
		snprintf(text, sizeof(text), "%d", atoi(l));
		EXPECT_EQ(0, vs_write(VS_ROOT "/buffers/free", text));
	}
	ASSERT_LE(0, vs_read(VS_ROOT "/buffers/list", list, sizeof(list)));
	EXPECT_STREQ("", list);
}

int main(int argc, char **argv)
{
	return vs_harness_main(argc, argv, VS_NEED_DEVICE);
}
