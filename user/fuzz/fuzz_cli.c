// SPDX-License-Identifier: MIT
/*
 * The vsharp command in-process: its main() (compiled as vsharp_cli_main)
 * with up to 32 fuzzed argv tokens, every verb and option.  The harness
 * runs in a private directory where the one file a command line may name,
 * "f", holds the rest of the input; it is stdin too.  The two device
 * openers the device session calls (vsharp/session.h),
 * vsharp_emu_open_target and vsharp_amdgpu_open, are wrapped to fail
 * (-Wl,--wrap), so `vsharp run` and `vsharp align --device` are parsed up
 * to opening their device and run nothing on a device.
 * Invariant: the exit status is 0, 1 (a failed check), 2 (usage or input
 * error) or 4 (skipped); no crash, leak or undefined behaviour.
 *
 * Input: the token count, the tokens each ending in NUL, then the file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "vsharp/device.h"
#include "vsharp/ops.h"

#define MAX_ARGS 32

int vsharp_cli_main(int argc, char **argv);
int __wrap_vsharp_emu_open_target(const struct vsharp_target *target, struct vsharp_device **dev,
				  struct vsharp_error *err);
int __wrap_vsharp_amdgpu_open(const char *node, struct vsharp_device **dev,
			      struct vsharp_error *err);

int __wrap_vsharp_emu_open_target(const struct vsharp_target *target, struct vsharp_device **dev,
				  struct vsharp_error *err)
{
	(void)target;
	*dev = NULL;
	return vsharp_fail(err, -ENODEV, "fuzz: no device in the CLI harness");
}

int __wrap_vsharp_amdgpu_open(const char *node, struct vsharp_device **dev,
			      struct vsharp_error *err)
{
	(void)node;
	*dev = NULL;
	return vsharp_fail(err, -ENODEV, "fuzz: no device in the CLI harness");
}

static char dir[] = "/tmp/vsharp-fuzz-cli-XXXXXX";

static void sandbox_remove(void)
{
	unlink("f");
	rmdir(dir);
}

static void sandbox(void)
{
	static bool done;

	if (done)
		return;
	if (!mkdtemp(dir) || chdir(dir))
		fuzz_fail("sandbox %s: %s", dir, strerror(errno));
	atexit(sandbox_remove);
	done = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	unsigned want = fuzz_below(&in, MAX_ARGS + 1);
	char *argv[MAX_ARGS + 2];
	int argc = 0, status;
	FILE *f;

	sandbox();
	argv[argc++] = strdup("vsharp");
	while ((unsigned)argc <= want && in.n) {
		const uint8_t *end = memchr(in.p, '\0', in.n);
		size_t len = end ? (size_t)(end - in.p) : in.n;

		argv[argc] = malloc(len + 1);
		if (!argv[argc])
			break;
		memcpy(argv[argc], in.p, len);
		argv[argc++][len] = '\0';
		in.p += end ? len + 1 : len;
		in.n -= end ? len + 1 : len;
	}
	argv[argc] = NULL;
	f = fopen("f", "wb");
	if (!f || fwrite(in.p, 1, in.n, f) != in.n || fclose(f) || !freopen("f", "rb", stdin))
		fuzz_fail("cannot write the input file: %s", strerror(errno));
	status = vsharp_cli_main(argc, argv);
	fflush(stdout);
	if (status != 0 && status != 1 && status != 2 && status != 4)
		fuzz_fail("exit status %d", status);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	return 0;
}

static void seed(const char *name, const char *const *args, const void *file, size_t n)
{
	static struct fuzz_seed s;
	unsigned count = 0;

	while (args[count])
		count++;
	fuzz_put_u8(&s, (uint8_t)count);
	for (unsigned i = 0; i < count; i++)
		fuzz_put_bytes(&s, args[i], strlen(args[i]) + 1);
	fuzz_put_bytes(&s, file, n);
	fuzz_seed_write(&s, name);
}

/* Seeds: each verb on each level, `addr` on the first op of each class per level. */
void fuzz_seeds(void)
{
	static const uint32_t ib[] = { 0xc0017610, 0x00000204, 0x00000001, 0xc0031502, 1, 1, 1, 1 };
	static const char text[] = "c0017610 00000204 00000001 # SET_SH_REG\n";
	char name[128];

	for (unsigned l = VSHARP_GFX6; l < VSHARP_GFX_COUNT; l++) {
		const char *g = vsharp_gfx_name(l);
		const char *const lines[][12] = {
			{ "desc", "encode", "--gfx", g, "--base", "0x1000", "--num-records", "64", "--stride", "16", NULL },
			{ "desc", "decode", "--gfx", g, "--json", "0x1000", "0x100000", "0x40", "0x27fac", NULL },
			{ "desc", "kind", "--gfx", g, "--kind", "structured", "--size", "256", "--stride", "16", NULL },
			{ "ops", "--gfx", g, "--asm", NULL },
			{ "stubs", "--gfx", g, NULL },
			{ "disasm", "--gfx", g, NULL },
			{ "ib", "decode", "--gfx", g, "f", NULL },
			{ "ib", "example", "--gfx", g, NULL },
			{ "run", "--device", "emu", "--gfx", g, "range", NULL },
		};

		for (unsigned i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
			snprintf(name, sizeof(name), "%s-%s-%u", lines[i][0], g, i);
			seed(name, lines[i], ib, sizeof(ib));
		}
		for (unsigned k = 0, i = 0; k < 2; k++) {
			const struct vsharp_op *op;

			while ((op = vsharp_op_next(l, &i)) && (op->cls == VSHARP_OP_DS) != k)
				;
			if (!op)
				continue;
			const char *const addr[] = { "addr", "--gfx", g, "--base", "0x1000", "--num-records", "64",
						     "--op", vsharp_op_name(op, l), "--offen", "--voffset", "4",
						     NULL };
			snprintf(name, sizeof(name), "addr-%s-%s", g, vsharp_op_name(op, l));
			seed(name, addr, NULL, 0);
		}
	}
	seed("ib-decode-stdin", (const char *const[]){ "ib", "decode", "--gfx", "gfx10.3", "-", NULL },
	     text, sizeof(text) - 1);
	seed("rules", (const char *const[]){ "rules", NULL }, NULL, 0);
	seed("run-list", (const char *const[]){ "run", "--list", NULL }, NULL, 0);
	seed("help", (const char *const[]){ "--help", NULL }, NULL, 0);
}
