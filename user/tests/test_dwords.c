// SPDX-License-Identifier: MIT
/*
 * The dword reader (vsharp/dwords.h) on the dump forms people paste.  The
 * inputs are public: umr's ring and IB dumps as umr's own documentation
 * prints them (amd-umr doc/sphinx/source/ring.rst), libdrm's memset V# and
 * IB words (tests/amdgpu/shader_test_util.c), LLVM's scratch V# word3
 * (test/CodeGen/AMDGPU, "s_mov_b32 s3, 0xe8f000").
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "ktap.h"
#include "vsharp/dwords.h"

static int parse(const char *s, uint32_t *out, size_t max, size_t *n, struct vsharp_error *err)
{
	return vsharp_dwords_parse(s, strlen(s), out, max, n, err);
}

#define WORDS(...) ((const uint32_t[]){ __VA_ARGS__ })
#define NWORDS(...) (sizeof(WORDS(__VA_ARGS__)) / sizeof(uint32_t))

static void check_words(struct ktap *t, int line, const char *text, const uint32_t *want,
			size_t n_want)
{
	struct vsharp_error err = { "" };
	uint32_t out[64];
	size_t n = 0;
	int ret = parse(text, out, 64, &n, &err);

	ktap_check(t, ret == 0, line, "parse failed (%d): %s", ret, err.msg);
	ktap_check(t, n == n_want, line, "%zu dwords, expected %zu", n, n_want);
	for (size_t i = 0; i < n && i < n_want; i++)
		ktap_check(t, out[i] == want[i], line, "dword %zu: 0x%08x, expected 0x%08x", i,
			   out[i], want[i]);
}

#define CHECK_WORDS(t, text, ...) \
	check_words(t, __LINE__, text, WORDS(__VA_ARGS__), NWORDS(__VA_ARGS__))

static void check_refused(struct ktap *t, int line, const char *text, int code, const char *needle)
{
	struct vsharp_error err = { "" };
	uint32_t out[64];
	size_t n = 0;
	int ret = parse(text, out, 64, &n, &err);

	ktap_check(t, ret == code, line, "returned %d, expected %d (%s)", ret, code, err.msg);
	ktap_check(t, strstr(err.msg, needle) != NULL, line, "message \"%s\" lacks \"%s\"",
		   err.msg, needle);
}

#define CHECK_REFUSED(t, text, code, needle) check_refused(t, __LINE__, text, code, needle)

/* libdrm shader_test_util.c memset V#: (mc >> 32) | 0x100000 (STRIDE 16), size / 16, 0x74fac. */
static void test_hex_forms(struct ktap *t)
{
	CHECK_WORDS(t, "0x00400000 0x00100000 0x400 0x74fac",
		    0x00400000, 0x00100000, 0x400, 0x74fac);
	/* The review's zero-padded dump words: 8 digits are hex. */
	CHECK_WORDS(t, "00400000 00100000 00000400 0x00074fac",
		    0x00400000, 0x00100000, 0x400, 0x74fac);
	CHECK_WORDS(t, "0XE8F000,0x0,\t0", 0xe8f000, 0, 0);
	CHECK_WORDS(t, "0 1 9", 0, 1, 9);
	CHECK_WORDS(t, "ffff1000 # the one-dword NOP\n// a comment\nc0017602 ; umr-style\n/* x\n y */ 0x207",
		    0xffff1000, 0xc0017602, 0x207);
	CHECK_WORDS(t, "0xffffffff", 0xffffffff);
	CHECK_WORDS(t, "\r\n0x1\r\n", 1);
	{
		uint32_t out[1];
		size_t n = 1;

		CHECK(t, parse("\n  # nothing\n", out, 1, &n, NULL) == 0 && n == 0);
	}
}

static void test_ambiguous(struct ktap *t)
{
	/* The review's "c0017602 207 10": 207 and 10 are hex or decimal. */
	CHECK_REFUSED(t, "c0017602 207 10", -EINVAL, "line 1: '207' is ambiguous");
	CHECK_REFUSED(t, "c0017602 207 10", -EINVAL, "write 0x207 if it is hex, 0xcf if it is decimal");
	CHECK_REFUSED(t, "0x1\n0400", -EINVAL, "line 2: '0400' is ambiguous");
	CHECK_REFUSED(t, "64", -EINVAL, "0x40 if it is decimal");
	/* xxd's byte pairs and short hex: base clear, size not. */
	CHECK_REFUSED(t, "0276 01c0", -EINVAL, "'0276' is ambiguous");
	CHECK_REFUSED(t, "fac", -EINVAL, "'fac' is bare hex of 3 digits: write 0xfac");
	CHECK_REFUSED(t, "c00176020", -EINVAL, "bare hex of 9 digits");
	CHECK_REFUSED(t, "0x100000000", -EINVAL, "more than 32 bits");
	CHECK_REFUSED(t, "0x000000001", -EINVAL, "more than 32 bits");
	CHECK_REFUSED(t, "0xg", -EINVAL, "not a hex dword");
	CHECK_REFUSED(t, "-1", -EINVAL, "'-1' is not a dword");
	CHECK_REFUSED(t, "0x", -EINVAL, "'0x' is not a dword");
	CHECK_REFUSED(t, "1.5", -EINVAL, "'1.5' is not a dword");
	CHECK_REFUSED(t, "x = 0x5", -EINVAL, "'x' is not a dword");
	/* Bytes that cannot be printed are shown as '?'. */
	CHECK_REFUSED(t, "\xff\xfe", -EINVAL, "'?" "?' is not a dword");
}

/* amd-umr doc/sphinx/source/ring.rst, the polaris11 gfx ring and IB examples. */
static void test_umr(struct ktap *t)
{
	CHECK_WORDS(t,
		"polaris11.gfx.rptr == 512\n"
		"polaris11.gfx.wptr == 768\n"
		"polaris11.gfx.drv_wptr == 768\n"
		"polaris11.gfx.ring[ 511] == 0xffff1000    ... \n"
		"polaris11.gfx.ring[ 512] == 0xc0032200    r.. PKT3, COUNT:4, PREDICATE:0, SHADER_TYPE:0, OPCODE:22[PKT3_COND_EXEC]\n"
		"polaris11.gfx.ring[ 513] == 0x00400060    ... |---+ PKT3 OPCODE 0x22, word 0: GPU_ADDR_LO32: 0x00400060\n"
		"polaris11.gfx.ring[ 514] == 0x00000000    ... |---+ PKT3 OPCODE 0x22, word 1: GPU_ADDR_HI32: 0x00000000\n"
		"polaris11.gfx.ring[ 515] == 0x00000000    ... |---+ PKT3 OPCODE 0x22, word 2: TEST_VALUE: 0x00000000\n"
		"polaris11.gfx.ring[ 516] == 0x00000023    ... \\---+ PKT3 OPCODE 0x22, word 3: PATCH_VALUE: 0x00000023\n"
		"polaris11.gfx.ring[ 517] == 0xc0053c00    ... PKT3, COUNT:6, PREDICATE:0, SHADER_TYPE:0, OPCODE:3c[PKT3_WAIT_REG_MEM]\n"
		"polaris11.gfx.ring[ 518] == 0x00000143    ... |---+ PKT3 OPCODE 0x3c, word 0: ENGINE:PFP, MEMSPACE:MEM, FUNC:[==]\n",
		0xffff1000, 0xc0032200, 0x00400060, 0, 0, 0x23, 0xc0053c00, 0x143);
	CHECK_REFUSED(t,
		"Dumping IB at (gfxhub) VMID:5 0x101ff7000 of 7376 words from ring[1549]\n"
		"IB[5@0x101ff7000 + 0x0   ] = 0xc0023f00 ... PKT3, COUNT:3, PREDICATE:0, SHADER_TYPE:0, OPCODE:3f[PKT3_INDIRECT_BUFFER_CIK]\n"
		"IB[5@0x101ff7000 + 0x4   ] = 0x00000800 ... |---+ PKT3 OPCODE 0x3f, word 0: IB_BASE_LO: 0x00000800, SWAP:0\n"
		"IB[5@0x101ff7000 + 0x8   ] = 0x00000001 ... |---+ PKT3 OPCODE 0x3f, word 1: IB_BASE_HI: 0x00000001\n"
		"IB[5@0x101ff7000 + 0xc   ] = 0x00000030 ... \\---+ PKT3 OPCODE 0x3f, word 2: IB_SIZE:48, VMID: 0\n",
		-EINVAL, "ends after 4 of the 7376 dwords its header (line 1) gives (truncated)");
	/* umr --dump-ib 0@0xf500447000 0x20: 8 words, then "End of IB". */
	CHECK_WORDS(t,
		"\tDumping IB at (gfxhub) VMID:0 0xf500447000 of 8 words from ring[0]\n"
		"\tIB[0@0xf500447000 + 0x0   ] = 0xc0032200 ... PKT3, COUNT:4, PREDICATE:0, SHADER_TYPE:0, OPCODE:22[PKT3_COND_EXEC]\n"
		"\tIB[0@0xf500447000 + 0x4   ] = 0x00400060 ... |---+ PKT3 OPCODE 0x22, word 0: GPU_ADDR_LO32: 0x00400060\n"
		"\tIB[0@0xf500447000 + 0x8   ] = 0x000000f5 ... |---+ PKT3 OPCODE 0x22, word 1: GPU_ADDR_HI32: 0x000000f5\n"
		"\tIB[0@0xf500447000 + 0xc   ] = 0x00000000 ... |---+ PKT3 OPCODE 0x22, word 2: TEST_VALUE: 0x00000000\n"
		"\tIB[0@0xf500447000 + 0x10  ] = 0x00000027 ... \\---+ PKT3 OPCODE 0x22, word 3: PATCH_VALUE: 0x00000027\n"
		"\tIB[0@0xf500447000 + 0x14  ] = 0xc0053c00 ... PKT3, COUNT:6, PREDICATE:0, SHADER_TYPE:0, OPCODE:3c[PKT3_WAIT_REG_MEM]\n"
		"\tIB[0@0xf500447000 + 0x18  ] = 0x00000113 ... |---+ PKT3 OPCODE 0x3c, word 0: ENGINE:PFP, MEMSPACE:REG, FUNC:[==]\n"
		"\tIB[0@0xf500447000 + 0x1c  ] = 0x00400040 ... |---+ PKT3 OPCODE 0x3c, word 1: POLL_ADDRESS_LO: 0x00400040, SWAP: 0\n"
		"\tEnd of IB\n",
		0xc0032200, 0x00400060, 0xf5, 0, 0x27, 0xc0053c00, 0x113, 0x00400040);
}

static void test_address_column(struct ktap *t)
{
	/* xxd -e: address, four little-endian dwords, the character column. */
	CHECK_WORDS(t,
		"00000000: c0017602 00000207 00000040 c0027602  .v......@....v..\n"
		"00000010: 00000240 00400000 00100000 0000ffff  @.....@.........\n",
		0xc0017602, 0x207, 0x40, 0xc0027602, 0x240, 0x400000, 0x100000, 0xffff);
	CHECK_WORDS(t, "0x00001000: dead0000 beef0000\n0x1008: 0x1", 0xdead0000, 0xbeef0000, 1);
	/* One blank before the junk is not a character column. */
	CHECK_REFUSED(t, "00000000: c0017602 xyz", -EINVAL, "'xyz' is not a dword");
	/* No address: a wrong token is an error even after two blanks. */
	CHECK_REFUSED(t, "c0017602  xyz", -EINVAL, "'xyz' is not a dword");
}

/* C arrays: C's rules, the declaration ignored. */
static void test_c_array(struct ktap *t)
{
	CHECK_WORDS(t,
		"static const uint32_t memset_ib[] = {\n"
		"\t0xc0017602, 0x00000207, 64u, /* NUM_THREAD_X */\n"
		"\t1, 1, // y, z\n"
		"\t4294967295UL,\n"
		"};\n",
		0xc0017602, 0x207, 64, 1, 1, 0xffffffff);
	CHECK_WORDS(t, "{ { 0x1, 2 }, { 3 } }", 1, 2, 3);
	CHECK_REFUSED(t, "{ 010 }", -EINVAL, "'010' is octal");
	CHECK_REFUSED(t, "{ 4294967296 }", -EINVAL, "more than 32 bits");
	CHECK_REFUSED(t, "{ 0x1, x }", -EINVAL, "'x' is not a C integer");
	CHECK_REFUSED(t, "{ 1 ", -EINVAL, "never closed");
	CHECK_REFUSED(t, "{ 1 } }", -EINVAL, "'}' closes no '{'");
	/* A brace in a comment does not switch to C. */
	CHECK_REFUSED(t, "# {\n10", -EINVAL, "'10' is ambiguous");
}

static void test_limits(struct ktap *t)
{
	struct vsharp_error err;
	uint32_t out[2];
	size_t n;

	CHECK_EQ(t, vsharp_dwords_parse("1 2 3", 5, out, 2, &n, &err), -E2BIG);
	CHECK_MSG(t, strstr(err.msg, "more than 2 dwords") != NULL, "%s", err.msg);
	CHECK_EQ(t, n, 2);
	CHECK_EQ(t, vsharp_dwords_parse("1", (size_t)VSHARP_DWORDS_MAX_BYTES + 1, out, 2, &n, &err),
		 -EFBIG);
	CHECK_MSG(t, strstr(err.msg, "input limit of 67108864 bytes") != NULL, "%s", err.msg);
}

static void test_args(struct ktap *t)
{
	char *argv_ok[] = { "0", "0x00400000,0x40", "0x27fac" };
	char *argv_c[] = { "{", "1,", "2", "}" };
	char *argv_bad[] = { "0", "0x1", "64" };
	char *argv_nl[] = { "0\n1" };
	struct vsharp_error err;
	uint32_t out[4];
	size_t n;

	CHECK_EQ(t, vsharp_dwords_from_args(3, argv_ok, out, 4, &n, &err), 0);
	CHECK(t, n == 4 && out[1] == 0x400000 && out[2] == 0x40 && out[3] == 0x27fac);
	CHECK_EQ(t, vsharp_dwords_from_args(4, argv_c, out, 4, &n, &err), 0);
	CHECK(t, n == 2 && out[0] == 1 && out[1] == 2);
	CHECK_EQ(t, vsharp_dwords_from_args(3, argv_bad, out, 4, &n, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "argument 3: '64' is ambiguous") != NULL, "%s", err.msg);
	CHECK_EQ(t, vsharp_dwords_from_args(1, argv_nl, out, 4, &n, &err), -EINVAL);
	CHECK_EQ(t, vsharp_dwords_from_args(3, argv_ok, out, 3, &n, &err), -E2BIG);
}

static char *write_tmp(const void *data, size_t len)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/test_dwords.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	if (write(fd, data, len) != (ssize_t)len) {
		close(fd);
		return NULL;
	}
	close(fd);
	return path;
}

static void check_file(struct ktap *t, int line, const void *data, size_t len, int code,
		       const char *needle, const uint32_t *want, size_t n_want)
{
	struct vsharp_dwords d;
	struct vsharp_error err = { "" };
	char *path = write_tmp(data, len);
	int ret;

	if (!ktap_check(t, path != NULL, line, "cannot write a temporary file"))
		return;
	ret = vsharp_dwords_read_file(path, &d, &err);
	ktap_check(t, ret == code, line, "returned %d, expected %d (%s)", ret, code, err.msg);
	if (needle)
		ktap_check(t, strstr(err.msg, needle) != NULL, line, "message \"%s\" lacks \"%s\"",
			   err.msg, needle);
	if (!ret) {
		ktap_check(t, d.n == n_want, line, "%zu dwords, expected %zu", d.n, n_want);
		for (size_t i = 0; i < d.n && i < n_want; i++)
			ktap_check(t, d.dw[i] == want[i], line, "dword %zu: 0x%08x, expected 0x%08x",
				   i, d.dw[i], want[i]);
		vsharp_dwords_free(&d);
	}
	unlink(path);
}

static void test_files(struct ktap *t)
{
	/* libdrm's NOP pad and DISPATCH_DIRECT header, little-endian. */
	static const unsigned char bin[] = { 0x00, 0x10, 0xff, 0xff, 0x02, 0x15, 0x03, 0xc0 };
	static const char text[] = "0xffff1000 0xc0031502\n";
	static const char nul_text[] = "0xffff1000 0xc0031502\n0x1\0 0x2 0x3 0x4\n";
	struct vsharp_dwords d;
	struct vsharp_error err;

	check_file(t, __LINE__, bin, sizeof(bin), 0, NULL, WORDS(0xffff1000, 0xc0031502), 2);
	check_file(t, __LINE__, text, strlen(text), 0, NULL, WORDS(0xffff1000, 0xc0031502), 2);
	check_file(t, __LINE__, bin, 7, -EINVAL, "7 bytes is not a whole number of dwords", NULL, 0);
	check_file(t, __LINE__, "", 0, -ENODATA, "empty", NULL, 0);
	check_file(t, __LINE__, "# nothing\n", 10, -ENODATA, "only comments", NULL, 0);
	check_file(t, __LINE__, nul_text, sizeof(nul_text) - 1, -EINVAL,
		   "control byte(s), the first 0x00 at byte 25 (line 2)", NULL, 0);
	check_file(t, __LINE__, "0x1 10\n", 7, -EINVAL, ": line 1: '10' is ambiguous", NULL, 0);
	/* UTF-8 in a comment is text. */
	check_file(t, __LINE__, "0x1 # \xc3\xa9t\xc3\xa9\n", 12, 0, NULL, WORDS(1), 1);

	CHECK(t, vsharp_dwords_read_file("/nonexistent/x", &d, &err) == -ENOENT);
	CHECK_MSG(t, strstr(err.msg, "/nonexistent/x: No such file") != NULL, "%s", err.msg);
	CHECK(t, vsharp_dwords_read_file("/tmp", &d, &err) == -EIO);
	CHECK_MSG(t, strstr(err.msg, "/tmp: read error: Is a directory") != NULL, "%s", err.msg);
}

/*
 * amdgpu_ring_* debugfs files (Linux amdgpu_ring.c, amdgpu_debugfs_ring_read):
 * rptr, wptr, driver wptr (masked to the ring), then ring_size bytes, a power
 * of two.  The pointers are umr's ring.rst ones (rptr 512, wptr 768).
 */
static void test_ring(struct ktap *t)
{
	uint32_t dw[3 + 1024] = { 512, 768, 768 };
	struct vsharp_dwords d = { .dw = dw, .n = 3 + 1024, .binary = true };
	struct vsharp_ring_dump r;
	struct vsharp_error err;

	dw[3 + 512] = 0xc0032200;
	CHECK_EQ(t, vsharp_dwords_ring(&d, "amdgpu_ring_gfx_0.0.0", &r, &err), 0);
	CHECK_EQ(t, r.rptr, 512);
	CHECK_EQ(t, r.wptr, 768);
	CHECK_EQ(t, r.driver_wptr, 768);
	CHECK_EQ(t, r.n, 1024);
	CHECK_EQ(t, r.ring[512], 0xc0032200);

	d.n = 3 + 1000;
	CHECK_EQ(t, vsharp_dwords_ring(&d, "f", &r, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "f: 1000 dwords after the 3 pointer dwords; an amdgpu ring is a power of two dwords"),
		  "%s", err.msg);
	d.n = 3 + 256;
	CHECK_EQ(t, vsharp_dwords_ring(&d, "f", &r, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "f: rptr 512 is past the ring (allowed 0..255)"), "%s", err.msg);
	d.n = 3;
	CHECK_EQ(t, vsharp_dwords_ring(&d, "f", &r, &err), -EINVAL);
	d.n = 3 + 1024;
	d.binary = false;
	CHECK_EQ(t, vsharp_dwords_ring(&d, "f", &r, &err), -EINVAL);
	CHECK_MSG(t, strstr(err.msg, "f: text, not an amdgpu_ring debugfs file"), "%s", err.msg);
}

/* /dev/zero never ends: the reader stops one byte past the limit. */
static void test_endless(struct ktap *t)
{
	struct vsharp_dwords d;
	struct vsharp_error err;

	CHECK_EQ(t, vsharp_dwords_read_file("/dev/zero", &d, &err), -EFBIG);
	CHECK_MSG(t, strstr(err.msg, "/dev/zero: more than the input limit of 67108864 bytes") != NULL,
		  "%s", err.msg);
}

KTAP_MAIN(
	KTAP_CASE(test_hex_forms),
	KTAP_CASE(test_ambiguous),
	KTAP_CASE(test_umr),
	KTAP_CASE(test_address_column),
	KTAP_CASE(test_c_array),
	KTAP_CASE(test_limits),
	KTAP_CASE(test_args),
	KTAP_CASE(test_files),
	KTAP_CASE(test_ring),
	KTAP_CASE(test_endless)
)
