// SPDX-License-Identifier: MIT
/*
 * The shim's global state, its set-up from the environment and its log
 * lines.  Set-up runs as a constructor, before the program's main(): a bad
 * VSHARP_SHIM_* value ends the process with status 2 and a line naming the
 * variable and what it allows, so a typo can never run on the wrong chip.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"
#include "vsharp/gpu.h"

struct shim_state shim = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

static pid_t creator;

void shim_trace(const char *fmt, ...)
{
	va_list ap;

	if (!shim.trace)
		return;
	fputs("vsharp-shim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int shim_unsupported(const char *fmt, ...)
{
	va_list ap;

	fputs("vsharp-shim: not implemented: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (-EINVAL)\n", stderr);
	return -EINVAL;
}

void shim_klog(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "amdgpu %s: ", shim.profile->slot);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void usage_exit(const char *var, const char *value, const char *why)
{
	fprintf(stderr, "vsharp-shim: %s=%s: %s\n", var, value, why);
	_exit(2);
}

static void pick_profile(void)
{
	const char *name = getenv("VSHARP_SHIM_CHIP");
	char allowed[512] = "";

	if (!name || !*name)
		name = "gfx1030";
	shim.profile = shim_profile_find(name);
	if (shim.profile)
		return;
	for (size_t i = 0; i < shim_profile_count; i++) {
		if (i)
			strncat(allowed, ", ", sizeof(allowed) - strlen(allowed) - 1);
		strncat(allowed, shim_profiles[i].name, sizeof(allowed) - strlen(allowed) - 1);
	}
	fprintf(stderr, "vsharp-shim: VSHARP_SHIM_CHIP=%s: unknown chip; allowed: %s\n", name,
		allowed);
	_exit(2);
}

__attribute__((constructor)) static void shim_init(void)
{
	const char *trace = getenv("VSHARP_SHIM_TRACE");

	if (trace && strcmp(trace, "0") && strcmp(trace, "1"))
		usage_exit("VSHARP_SHIM_TRACE", trace, "must be 0 or 1");
	shim.trace = trace && !strcmp(trace, "1");
	pick_profile();
	if (shim_fault_parse(getenv("VSHARP_SHIM_FAULT")))
		_exit(2);
	/* Offsets in the node's mmap space, as DRM_FILE_PAGE_OFFSET_START. */
	shim.next_mmap_offset = 0x100000000ull;
	creator = getpid();
	if ((errno = -shim_shared_open())) {
		fprintf(stderr, "vsharp-shim: VSHARP_SHIM_STATE=%s: cannot share the GPU's state there: %s\n",
			getenv("VSHARP_SHIM_STATE"), errno == EPROTO ? "a file of another shim build" : strerror(errno));
		_exit(2);
	}
	if (shim_tree_create()) {
		fprintf(stderr, "vsharp-shim: cannot build the fake /dev/dri and /sys tree: %s\n",
			strerror(errno));
		_exit(2);
	}
	shim.ready = true;
	shim_trace("%s: %s, %s %d.%d.%d at %s", shim.profile->name, shim.profile->what,
		   shim.profile->driver, shim.profile->drm_major, shim.profile->drm_minor,
		   shim.profile->drm_patch, shim.root);
}

__attribute__((destructor)) static void shim_fini(void)
{
	/* A forked child exiting must not take its parent's tree away. */
	if (shim.ready && getpid() == creator)
		shim_tree_remove();
	if (shim.gpu)
		vsharp_gpu_destroy(shim.gpu);
	shim.gpu = NULL;
}
