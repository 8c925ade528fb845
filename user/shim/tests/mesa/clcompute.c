// SPDX-License-Identifier: MIT
/*
 * OpenCL compute through Mesa's Clover: the tests named on the command line
 * (fill, reduce, bufops) in turn on the platform named "Clover", whose GPU
 * device is radeonsi (with -p rusticl Mesa's rusticl on llvmpipe, which
 * checks the tests).  Clover
 * compiles the OpenCL C below with clang and LLVM's AMDGPU backend (linking
 * libclc) and radeonsi submits it from a compute-only context, on the
 * compute ring.  The expected words are computed here on the CPU.
 *
 * Exit status: 0 all words right, 1 a wrong word (each one printed, up to
 * a limit), 2 OpenCL refused a step (the call, its error and the build log).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROUP 64u
#define GROUPS 32u
#define N (GROUP * GROUPS)
#define POISON 0xdeadbeefu
#define MAX_REPORTED 8

/*
 * fill: one word per work-item from its id and two arguments.
 * reduce: a tree sum in local memory per work-group (barriers between the
 * steps), the group's partial stored, then global atomics (OpenCL 1.1
 * atomic_add/min/max on 32-bit global words) fold the totals.
 */
static const char source[] =
	"__kernel void fill(__global uint *dst, uint base, uint stride)\n"
	"{\n"
	"	uint i = get_global_id(0);\n"
	"	dst[i] = base + i * stride;\n"
	"}\n"
	"__kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n"
	"void reduce(__global const uint *src, __global uint *totals)\n"
	"{\n"
	"	__local uint lds[64];\n"
	"	uint lid = get_local_id(0);\n"
	"	uint v = src[get_global_id(0)];\n"
	"	lds[lid] = v;\n"
	"	atomic_min(&totals[1], v);\n"
	"	atomic_max(&totals[2], v);\n"
	"	atomic_add(&totals[3], 1u);\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	for (uint step = 32; step > 0; step >>= 1) {\n"
	"		if (lid < step)\n"
	"			lds[lid] += lds[lid + step];\n"
	"		barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	}\n"
	"	if (lid == 0) {\n"
	"		totals[4 + get_group_id(0)] = lds[0];\n"
	"		atomic_add(&totals[0], lds[0]);\n"
	"	}\n"
	"}\n";

struct ctx {
	cl_device_id dev;
	cl_context cx;
	cl_command_queue q;
	cl_program prog;
	unsigned wrong;
};

static void __attribute__((noreturn, format(printf, 2, 3)))
refuse(cl_int err, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "clcompute: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " failed: OpenCL error %d\n", err);
	exit(2);
}

#define CL(call) do { cl_int e_ = (call); if (e_ != CL_SUCCESS) refuse(e_, "%s", #call); } while (0)

static void expect(struct ctx *c, const char *what, unsigned i, uint32_t got, uint32_t want)
{
	if (got == want)
		return;
	if (c->wrong++ < MAX_REPORTED)
		printf("# %s[%u] = 0x%08x, want 0x%08x\n", what, i, got, want);
}

static const struct platform {
	const char *name;	/* CL_PLATFORM_NAME */
	cl_device_type type;
} platforms[] = {
	{ "Clover", CL_DEVICE_TYPE_GPU },	/* radeonsi */
	/* Mesa's rusticl on llvmpipe (RUSTICL_ENABLE=llvmpipe), a CPU device: checks the tests themselves. */
	{ "rusticl", CL_DEVICE_TYPE_CPU },
};

static const struct platform *platform = &platforms[0];

static void open_device(struct ctx *c)
{
	cl_platform_id plat[8];
	cl_uint n = 0;
	char name[64], dev[256];
	cl_int err;

	CL(clGetPlatformIDs(8, plat, &n));
	for (cl_uint i = 0; i < n && i < 8; i++) {
		CL(clGetPlatformInfo(plat[i], CL_PLATFORM_NAME, sizeof(name), name, NULL));
		if (strcmp(name, platform->name))
			continue;
		CL(clGetDeviceIDs(plat[i], platform->type, 1, &c->dev, NULL));
		CL(clGetDeviceInfo(c->dev, CL_DEVICE_NAME, sizeof(dev), dev, NULL));
		printf("# device: %s\n", dev);
		c->cx = clCreateContext(NULL, 1, &c->dev, NULL, NULL, &err);
		if (!c->cx)
			refuse(err, "clCreateContext");
		c->q = clCreateCommandQueue(c->cx, c->dev, 0, &err);
		if (!c->q)
			refuse(err, "clCreateCommandQueue");
		return;
	}
	fprintf(stderr, "clcompute: no OpenCL platform named %s among %u\n", platform->name, n);
	exit(2);
}

static void build(struct ctx *c)
{
	const char *src = source;
	cl_int err;

	c->prog = clCreateProgramWithSource(c->cx, 1, &src, NULL, &err);
	if (!c->prog)
		refuse(err, "clCreateProgramWithSource");
	err = clBuildProgram(c->prog, 1, &c->dev, "", NULL, NULL);
	if (err != CL_SUCCESS) {
		char log[4096] = "";

		clGetProgramBuildInfo(c->prog, c->dev, CL_PROGRAM_BUILD_LOG, sizeof(log) - 1, log, NULL);
		fprintf(stderr, "clcompute: build log:\n%s\n", log);
		refuse(err, "clBuildProgram");
	}
}

static cl_mem buffer(struct ctx *c, const uint32_t *words, unsigned n)
{
	cl_int err;
	cl_mem m = clCreateBuffer(c->cx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * 4u,
				  (void *)words, &err);

	if (!m)
		refuse(err, "clCreateBuffer");
	return m;
}

static void run(struct ctx *c, cl_kernel k, cl_mem out, uint32_t *words, unsigned n)
{
	const size_t global = N, local = GROUP;

	CL(clEnqueueNDRangeKernel(c->q, k, 1, NULL, &global, &local, 0, NULL, NULL));
	CL(clEnqueueReadBuffer(c->q, out, CL_TRUE, 0, n * 4u, words, 0, NULL, NULL));
}

static void test_fill(struct ctx *c)
{
	static uint32_t words[N + GROUP];
	const cl_uint base = 0xc0de0000u, stride = 3u;
	cl_int err;

	for (unsigned i = 0; i < N + GROUP; i++)
		words[i] = POISON;
	cl_mem m = buffer(c, words, N + GROUP);
	cl_kernel k = clCreateKernel(c->prog, "fill", &err);
	if (!k)
		refuse(err, "clCreateKernel(fill)");
	CL(clSetKernelArg(k, 0, sizeof(m), &m));
	CL(clSetKernelArg(k, 1, sizeof(base), &base));
	CL(clSetKernelArg(k, 2, sizeof(stride), &stride));
	run(c, k, m, words, N + GROUP);
	for (unsigned i = 0; i < N + GROUP; i++)
		expect(c, "word", i, words[i], i < N ? base + i * stride : POISON);
	clReleaseKernel(k);
	clReleaseMemObject(m);
}

static void test_reduce(struct ctx *c)
{
	static uint32_t in[N], totals[4 + GROUPS];
	uint32_t seed = 12345u, sum = 0, min = UINT32_MAX, max = 0, partial[GROUPS] = { 0 };
	cl_int err;

	for (unsigned i = 0; i < N; i++) {
		/* Numerical Recipes' LCG, 24-bit values: 2048 of them wrap the 32-bit sum. */
		seed = seed * 1664525u + 1013904223u;
		in[i] = seed >> 8;
		partial[i / GROUP] += in[i];
		sum += in[i];
		min = in[i] < min ? in[i] : min;
		max = in[i] > max ? in[i] : max;
	}
	totals[0] = 0;
	totals[1] = UINT32_MAX;
	totals[2] = 0;
	totals[3] = 0;
	for (unsigned g = 0; g < GROUPS; g++)
		totals[4 + g] = POISON;
	cl_mem src = buffer(c, in, N), dst = buffer(c, totals, 4 + GROUPS);
	cl_kernel k = clCreateKernel(c->prog, "reduce", &err);
	if (!k)
		refuse(err, "clCreateKernel(reduce)");
	CL(clSetKernelArg(k, 0, sizeof(src), &src));
	CL(clSetKernelArg(k, 1, sizeof(dst), &dst));
	run(c, k, dst, totals, 4 + GROUPS);
	expect(c, "sum", 0, totals[0], sum);
	expect(c, "min", 0, totals[1], min);
	expect(c, "max", 0, totals[2], max);
	expect(c, "count", 0, totals[3], N);
	for (unsigned g = 0; g < GROUPS; g++)
		expect(c, "partial", g, totals[4 + g], partial[g]);
	clReleaseKernel(k);
	clReleaseMemObject(src);
	clReleaseMemObject(dst);
}

/*
 * No program: clEnqueueFillBuffer with a 16-byte pattern and
 * clEnqueueCopyBuffer of 64 KiB, which radeonsi runs as its own compute
 * shaders, compiled by LLVM (si_clear_buffer, si_copy_buffer; a 16-byte
 * value and this size take the compute path rather than CP DMA).  Needs
 * no libclc, so it runs where Debian's libclc-15 has no bitcode.
 */
#define BUFOPS_WORDS 16384u

static void test_bufops(struct ctx *c)
{
	static uint32_t a[BUFOPS_WORDS], b[BUFOPS_WORDS];
	const uint32_t pattern[4] = { 0x01234567u, 0x89abcdefu, 0xfedcba98u, 0x76543210u };
	const size_t fill_at = 4096, fill_len = 32768;	/* bytes, multiples of the pattern */
	uint32_t seed = 99u;

	for (unsigned i = 0; i < BUFOPS_WORDS; i++) {
		seed = seed * 1664525u + 1013904223u;
		a[i] = seed;
		b[i] = POISON;
	}
	cl_mem ma = buffer(c, a, BUFOPS_WORDS), mb = buffer(c, b, BUFOPS_WORDS);

	CL(clEnqueueFillBuffer(c->q, ma, pattern, sizeof(pattern), fill_at, fill_len, 0, NULL, NULL));
	CL(clEnqueueCopyBuffer(c->q, ma, mb, 0, 0, BUFOPS_WORDS * 4u, 0, NULL, NULL));
	CL(clEnqueueReadBuffer(c->q, mb, CL_TRUE, 0, BUFOPS_WORDS * 4u, b, 0, NULL, NULL));
	for (unsigned i = 0; i < BUFOPS_WORDS; i++) {
		int filled = i >= fill_at / 4 && i < (fill_at + fill_len) / 4;

		expect(c, "copy", i, b[i], filled ? pattern[i % 4] : a[i]);
	}
	clReleaseMemObject(ma);
	clReleaseMemObject(mb);
}

static const struct {
	const char *name;
	void (*run)(struct ctx *c);
	int program;	/* builds the OpenCL C above (Clover links libclc) */
} tests[] = {
	{ "fill", test_fill, 1 },
	{ "reduce", test_reduce, 1 },
	{ "bufops", test_bufops, 0 },
};

/*
 * [-p PLATFORM] TEST...: the tests named in turn on one context; the program
 * is built once, when first needed.
 */
int main(int argc, char **argv)
{
	struct ctx c = { 0 };
	int wrong = 0, first = 1;

	/* The lines in order with Mesa's and the shim's on stderr. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 2 && !strcmp(argv[1], "-p")) {
		size_t p = 0;

		while (p < sizeof(platforms) / sizeof(platforms[0]) && strcmp(argv[2], platforms[p].name))
			p++;
		if (p == sizeof(platforms) / sizeof(platforms[0])) {
			fprintf(stderr, "clcompute: -p %s: unknown platform (Clover, rusticl)\n", argv[2]);
			return 2;
		}
		platform = &platforms[p];
		first = 3;
	}
	if (argc <= first) {
		fprintf(stderr, "usage: clcompute [-p Clover|rusticl] TEST... (fill, reduce, bufops)\n");
		return 2;
	}
	open_device(&c);
	for (int i = first; i < argc; i++) {
		size_t t = 0;

		while (t < sizeof(tests) / sizeof(tests[0]) && strcmp(argv[i], tests[t].name))
			t++;
		if (t == sizeof(tests) / sizeof(tests[0])) {
			fprintf(stderr, "clcompute: unknown test '%s' (fill, reduce, bufops)\n", argv[i]);
			return 2;
		}
		if (tests[t].program && !c.prog)
			build(&c);
		c.wrong = 0;
		tests[t].run(&c);
		printf("# %s: %u wrong words\n", argv[i], c.wrong);
		wrong |= c.wrong != 0;
	}
	if (c.prog)
		clReleaseProgram(c.prog);
	clReleaseCommandQueue(c.q);
	clReleaseContext(c.cx);
	return wrong;
}
