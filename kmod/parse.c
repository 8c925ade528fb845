// SPDX-License-Identifier: GPL-2.0
/*
 * Text parsers and formatters for the debugfs files.  Pure functions:
 * the callers copy and NUL-terminate user input first.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "vsharp.h"

static const char * const mode_names[VSHARP_ALIGN_COUNT] = {
	[VSHARP_ALIGN_DWORD] = "dword",
	[VSHARP_ALIGN_DWORD_STRICT] = "dword_strict",
	[VSHARP_ALIGN_STRICT] = "strict",
	[VSHARP_ALIGN_UNALIGNED] = "unaligned",
};

/**
 * vsharp_mode_name() - the name of an ALIGNMENT_MODE value
 * @mode: 0..3
 *
 * Return: "dword", "dword_strict", "strict", "unaligned", or "invalid".
 */
const char *vsharp_mode_name(unsigned int mode)
{
	return mode < VSHARP_ALIGN_COUNT ? mode_names[mode] : "invalid";
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_mode_name);

/**
 * vsharp_parse_mode() - parse an alignment mode
 * @s: a mode name or its number 0..3
 * @mode: where to store the mode
 *
 * Return: 0 or -EINVAL.
 */
int vsharp_parse_mode(const char *s, unsigned int *mode)
{
	unsigned int i;

	for (i = 0; i < VSHARP_ALIGN_COUNT; i++) {
		if (!strcmp(s, mode_names[i])) {
			*mode = i;
			return 0;
		}
	}
	if (s[0] >= '0' && s[0] <= '3' && !s[1]) {
		*mode = s[0] - '0';
		return 0;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_mode);

static int parse_vmid(const char **sp, unsigned int *vmid)
{
	const char *s = *sp;
	unsigned int v = 0;
	int digits = 0;

	while (isdigit(*s)) {
		v = v * 10 + (*s - '0');
		if (++digits > 2 || v >= VSHARP_NUM_VMIDS)
			return -EINVAL;
		s++;
	}
	if (!digits)
		return -EINVAL;
	*vmid = v;
	*sp = s;
	return 0;
}

/**
 * vsharp_parse_vmids() - parse a set of VMIDs
 * @s: "all", "none", or a comma-separated list of VMIDs and ranges
 *     ("1-7,9"), each VMID 0..15
 * @mask: where to store the set, bit n for VMID n
 *
 * Return: 0 or -EINVAL (also for empty items and reversed ranges).
 */
int vsharp_parse_vmids(const char *s, u32 *mask)
{
	unsigned int lo, hi;
	u32 m = 0;

	if (!strcmp(s, "all")) {
		*mask = VSHARP_ALL_VMIDS;
		return 0;
	}
	if (!strcmp(s, "none")) {
		*mask = 0;
		return 0;
	}
	for (;;) {
		if (parse_vmid(&s, &lo))
			return -EINVAL;
		hi = lo;
		if (*s == '-') {
			s++;
			if (parse_vmid(&s, &hi) || hi < lo)
				return -EINVAL;
		}
		m |= GENMASK(hi, lo);
		if (!*s)
			break;
		if (*s++ != ',')
			return -EINVAL;
	}
	*mask = m;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_vmids);

/**
 * vsharp_format_vmids() - format a set of VMIDs as vsharp_parse_vmids() reads it
 * @mask: the set
 * @buf: output buffer
 * @size: its size
 *
 * Ranges of two or more VMIDs are written "lo-hi"; the empty set is "none".
 *
 * Return: the length written (without the NUL), or -ENOSPC.
 */
int vsharp_format_vmids(u32 mask, char *buf, size_t size)
{
	unsigned int lo, hi;
	size_t len = 0;
	int n;

	mask &= VSHARP_ALL_VMIDS;
	if (!mask) {
		n = snprintf(buf, size, "none");
		return n < size ? n : -ENOSPC;
	}
	if (size)
		buf[0] = '\0';
	for (lo = 0; lo < VSHARP_NUM_VMIDS; lo = hi + 1) {
		if (!(mask & BIT(lo))) {
			hi = lo;
			continue;
		}
		hi = lo;
		while (hi + 1 < VSHARP_NUM_VMIDS && (mask & BIT(hi + 1)))
			hi++;
		if (hi == lo)
			n = snprintf(buf + len, size - len, "%s%u",
				     len ? "," : "", lo);
		else
			n = snprintf(buf + len, size - len, "%s%u-%u",
				     len ? "," : "", lo, hi);
		if (n >= size - len)
			return -ENOSPC;
		len += n;
	}
	return len;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_format_vmids);

/**
 * vsharp_parse_size() - parse a buffer size in bytes
 * @s: decimal, or hexadecimal after "0x" or "0X", leading zeros allowed,
 *     optionally followed by K or M (binary multiples)
 * @size: where to store it
 *
 * Return: 0 or -EINVAL (no sign, no overflow, nothing after the suffix).
 */
int vsharp_parse_size(const char *s, u64 *size)
{
	char num[24];
	size_t len = strlen(s), i;
	unsigned int shift = 0;
	u64 v;

	if (!len || !isdigit(s[0]))
		return -EINVAL;
	if (s[len - 1] == 'K' || s[len - 1] == 'M') {
		shift = s[len - 1] == 'K' ? 10 : 20;
		len--;
	}
	if (!len || len >= sizeof(num))
		return -EINVAL;
	memcpy(num, s, len);
	num[len] = '\0';
	if (num[0] == '0' && (num[1] == 'x' || num[1] == 'X')) {
		/* kstrtou64() would take a second "0x" after the first */
		for (i = 2; num[i]; i++)
			if (!isxdigit(num[i]))
				return -EINVAL;
		if (i == 2 || kstrtou64(num + 2, 16, &v))
			return -EINVAL;
	} else if (kstrtou64(num, 10, &v)) {
		return -EINVAL;
	}
	if (v > (U64_MAX >> shift))
		return -EINVAL;
	*size = v << shift;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_size);

/**
 * vsharp_parse_id() - parse a result-buffer id
 * @s: a decimal number 0..INT_MAX
 * @id: where to store it
 *
 * Return: 0 or -EINVAL.
 */
int vsharp_parse_id(const char *s, int *id)
{
	int v;

	if (!isdigit(s[0]) || kstrtoint(s, 10, &v) || v < 0)
		return -EINVAL;
	*id = v;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_id);

/**
 * vsharp_parse_one() - accept exactly "1" (for trigger files)
 * @s: the text
 *
 * Return: 0 or -EINVAL.
 */
int vsharp_parse_one(const char *s)
{
	return strcmp(s, "1") ? -EINVAL : 0;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_parse_one);

/**
 * vsharp_text_input() - check and trim one written value
 * @buf: the bytes written, with a NUL at @buf[@len]
 * @len: how many bytes were written
 *
 * A value is printable ASCII, optionally surrounded by white space (so
 * "echo mode > file" works).  NUL bytes, control characters and bytes
 * above 0x7e are refused.
 *
 * Return: the value without surrounding white space, or an ERR_PTR of
 * -EINVAL if the input is not text or is empty.
 */
char *vsharp_text_input(char *buf, size_t len)
{
	size_t i;
	char *s;

	for (i = 0; i < len; i++) {
		unsigned char c = buf[i];

		if (c == '\n' || c == '\t' || c == ' ')
			continue;
		if (c < 0x21 || c > 0x7e)
			return ERR_PTR(-EINVAL);
	}
	s = strim(buf);
	if (!*s)
		return ERR_PTR(-EINVAL);
	return s;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_text_input);
