// SPDX-License-Identifier: MIT
/*
 * Fault injection: VSHARP_SHIM_FAULT=KIND[:COUNT[:AFTER]].  Each kind
 * counts its own events (a CS, a GEM_CREATE, an open() of the node, an
 * ioctl); after AFTER of them pass, the next COUNT fail.  What a failure
 * looks like is decided where the event happens (shim_cs.c, shim_gem.c,
 * shim_libc.c, shim_ioctl.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shim.h"
#include "base/util.h"

static const struct {
	const char *name;
	enum shim_fault_kind kind;
} kinds[] = {
	{ "hang", SHIM_FAULT_HANG },
	{ "vram_lost", SHIM_FAULT_VRAM_LOST },
	{ "vm_fault", SHIM_FAULT_VM_FAULT },
	{ "enomem", SHIM_FAULT_ENOMEM },
	{ "eacces", SHIM_FAULT_EACCES },
	{ "eintr", SHIM_FAULT_EINTR },
};

#define MAX_COUNT 1000000ul

static enum shim_fault_kind fault_kind;
static unsigned long fault_count, fault_after, fault_seen;

/* Parses a decimal in [lo, hi] at *s up to ':' or the end. */
static int number(const char **s, unsigned long lo, unsigned long hi, unsigned long *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -EINVAL;
	errno = 0;
	*out = strtoul(*s, &end, 10);
	if (errno || (*end && *end != ':') || *out < lo || *out > hi)
		return -EINVAL;
	*s = end;
	return 0;
}

static int bad(const char *value, const char *why)
{
	fprintf(stderr,
		"vsharp-shim: VSHARP_SHIM_FAULT=%s: %s; the form is KIND[:COUNT[:AFTER]] with KIND one of hang, vram_lost, vm_fault, enomem, eacces, eintr, COUNT 1..%lu (default 1), AFTER 0..%lu (default 0)\n",
		value, why, MAX_COUNT, MAX_COUNT);
	return -EINVAL;
}

int shim_fault_parse(const char *value)
{
	const char *s = value, *colon;
	size_t len;

	fault_kind = SHIM_FAULT_NONE;
	if (!value || !*value)
		return 0;
	colon = strchr(value, ':');
	len = colon ? (size_t)(colon - value) : strlen(value);
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
		if (strlen(kinds[i].name) == len && !strncmp(kinds[i].name, value, len))
			fault_kind = kinds[i].kind;
	if (fault_kind == SHIM_FAULT_NONE)
		return bad(value, "unknown KIND");
	fault_count = 1;
	fault_after = 0;
	s = value + len;
	if (*s == ':') {
		s++;
		if (number(&s, 1, MAX_COUNT, &fault_count))
			return bad(value, "COUNT out of range");
	}
	if (*s == ':') {
		s++;
		if (number(&s, 0, MAX_COUNT, &fault_after))
			return bad(value, "AFTER out of range");
	}
	if (*s)
		return bad(value, "trailing characters");
	return 0;
}

bool shim_fault_fire(enum shim_fault_kind kind)
{
	unsigned long n;

	if (kind != fault_kind)
		return false;
	n = fault_seen++;
	return n >= fault_after && n - fault_after < fault_count;
}
