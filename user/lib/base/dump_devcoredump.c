// SPDX-License-Identifier: MIT
/*
 * amdgpu's devcoredump (/sys/class/drm/cardN/device/devcoredump/data), as
 * Linux drivers/gpu/drm/amd/amdgpu/amdgpu_dev_coredump.c prints it
 * (amdgpu_devcoredump_format; amdgpu_reset.c before 6.10):
 *
 *   **** AMDGPU Device Coredump ****      then free text: versions, IPs,
 *   Ring timed out details                firmware, page fault, IP dump;
 *   IP Type: 0 Ring Name: gfx_0.0.0       the ring that timed out
 *   Ring buffer information
 *   ring name: gfx_0.0.0
 *   Rptr: 0x1a0 Wptr: 0x1c0 RB mask: 3ff  (no RB mask: masked already)
 *   Ring size in dwords: 1024
 *   Ring contents                         or "Ring contents unavailable"
 *   Offset \t Value
 *   0x0 \t 0xc0032200                     one line per dword: byte offset, value
 *   ...
 *   IB #0 0x800000100000 64 dw            the job's IBs, then one 0x%08x a line
 *
 * The offset column is checked (dword i at 4 * i), never read as a word.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/dump_fmt.h"

static bool header(struct dump_line l)
{
	return dump_is(l, "**** AMDGPU Device Coredump ****") || dump_is(l, "Ring buffer information");
}

bool dump_devcoredump_recognise(const char *text, size_t len)
{
	return dump_any_line(text, len, header);
}

/* "0x1c \t 0xc0032200": the offset must be OFFSET; the value goes to *V. */
static bool ring_word(struct dump_line l, uint64_t offset, uint32_t *v)
{
	const char *p = l.s, *end = l.s + l.len;
	uint64_t off, val;

	dump_blanks(&p, end);
	if (!dump_lit(&p, end, "0x") || !dump_hex(&p, end, &off) || off != offset)
		return false;
	dump_blanks(&p, end);
	if (!dump_lit(&p, end, "0x") || !dump_hex(&p, end, &val) || val > UINT32_MAX)
		return false;
	dump_blanks(&p, end);
	*v = (uint32_t)val;
	return p == end;
}

static int ring_section(struct dump_lines *it, struct dump_line name_line, struct vsharp_dump *d,
			struct vsharp_error *err)
{
	struct dump_line l = dump_trim(name_line);
	const char *name = l.s + strlen("ring name: ");
	char buf[64];
	const char *p, *end;
	uint64_t rptr, wptr, mask = 0, size;
	bool masked;
	struct vsharp_dump_stream *s;

	snprintf(buf, sizeof(buf), "%.*s", (int)(l.s + l.len - name), name);
	if (!dump_next(it, &l) || !dump_starts(l, "Rptr: "))
		return dump_refuse(err, l, "should be 'Rptr: 0x... Wptr: 0x...' after 'ring name:'");
	l = dump_trim(l);
	p = l.s;
	end = l.s + l.len;
	if (!dump_lit(&p, end, "Rptr: 0x") || !dump_hex(&p, end, &rptr) ||
	    !dump_lit(&p, end, "Wptr: 0x") || !dump_hex(&p, end, &wptr))
		return dump_refuse(err, l, "is not 'Rptr: 0x%llx Wptr: 0x%llx'");
	masked = p == end;
	if (!masked && (!dump_lit(&p, end, "RB mask: ") || !dump_hex(&p, end, &mask) || p != end))
		return dump_refuse(err, l, "is not 'Rptr: 0x%llx Wptr: 0x%llx RB mask: %x'");
	if (!dump_next(it, &l) || !dump_starts(l, "Ring size in dwords: "))
		return dump_refuse(err, l, "should be 'Ring size in dwords: N'");
	l = dump_trim(l);
	p = l.s + strlen("Ring size in dwords: ");
	if (!dump_dec(&p, l.s + l.len, &size) || p != l.s + l.len || !size || (size & (size - 1)))
		return dump_refuse(err, l, "is not a power-of-two ring size (amdgpu_ring_init rounds up to one)");
	if (!masked && mask != size - 1)
		return dump_refuse(err, name_line, "has an RB mask that is not the ring size - 1");
	if (masked && (rptr >= size || wptr >= size))
		return dump_refuse(err, name_line, "has a pointer past the ring");
	s = dump_stream(d, VSHARP_DUMP_RING, buf, name_line.no, err);
	if (!s)
		return -ENOMEM;
	s->ring_dw = (uint32_t)size;
	s->has_ptrs = true;
	s->rptr = (uint32_t)(rptr & (size - 1));
	s->wptr = (uint32_t)(wptr & (size - 1));
	if (!dump_next(it, &l))
		return dump_refuse(err, name_line, "ends before its contents");
	if (dump_is(l, "Ring contents unavailable")) {
		d->n--;		/* the kernel could not copy it: nothing to decode */
		return 0;
	}
	if (!dump_is(l, "Ring contents"))
		return dump_refuse(err, l, "should be 'Ring contents'");
	if (!dump_next(it, &l) || !dump_find(l, "Offset") || !dump_find(l, "Value"))
		return dump_refuse(err, l, "should be 'Offset \\t Value'");
	for (uint64_t i = 0; i < size; i++) {
		uint32_t v;
		int ret;

		if (!dump_next(it, &l)) {
			l.no++;
			return vsharp_fail(err, -EINVAL,
					   "line %u: ring %s ends after %llu of its %llu dwords (truncated)",
					   l.no, buf, (unsigned long long)i,
					   (unsigned long long)size);
		}
		if (!ring_word(l, 4 * i, &v)) {
			char why[160];

			snprintf(why, sizeof(why), "is not '0x%llx \\t 0x<value>' (dword %llu of ring %s)",
				 (unsigned long long)(4 * i), (unsigned long long)i, buf);
			return dump_refuse(err, l, why);
		}
		ret = dump_push(s, v, err);
		if (ret)
			return ret;
	}
	return 0;
}

/* "IP Type: 0 Ring Name: gfx_0.0.0" (amdgpu_devcoredump_format: the ring's type, its name). */
static int timed_out_line(struct dump_line head, struct vsharp_dump *d, struct vsharp_error *err)
{
	struct dump_line l = dump_trim(head);
	const char *p = l.s + strlen("IP Type: "), *end = l.s + l.len, *name;
	uint64_t type;

	if (!dump_dec(&p, end, &type) || !dump_lit(&p, end, "Ring Name: "))
		return dump_refuse(err, head, "is not 'IP Type: N Ring Name: NAME'");
	for (name = p; p < end && *p != ' ' && *p != '\t'; p++)
		;
	if (p == name || p != end || (size_t)(p - name) >= sizeof(d->timed_out))
		return dump_refuse(err, head, "is not 'IP Type: N Ring Name: NAME' (one ring name)");
	snprintf(d->timed_out, sizeof(d->timed_out), "%.*s", (int)(p - name), name);
	return 0;
}

/* "IB #0 0x800000100000 64 dw", then up to that many "0x%08x" lines. */
static int ib_section(struct dump_lines *it, struct dump_line head, struct vsharp_dump *d,
		      struct vsharp_error *err)
{
	struct dump_line l = dump_trim(head);
	const char *p = l.s + 4, *end = l.s + l.len;
	uint64_t idx, va, size;
	struct vsharp_dump_stream *s;
	char name[32];

	if (!dump_dec(&p, end, &idx) || !dump_lit(&p, end, "0x") || !dump_hex(&p, end, &va) ||
	    (dump_blanks(&p, end), !dump_dec(&p, end, &size)) || !dump_lit(&p, end, "dw") ||
	    p != end)
		return dump_refuse(err, head, "is not 'IB #N 0x<address> N dw'");
	snprintf(name, sizeof(name), "IB #%llu", (unsigned long long)idx);
	s = dump_stream(d, VSHARP_DUMP_IB, name, head.no, err);
	if (!s)
		return -ENOMEM;
	s->base = va;
	s->has_base = true;
	for (uint64_t i = 0; i < size; i++) {
		struct dump_lines peek = *it;
		uint64_t v;
		int ret;

		if (!dump_next(&peek, &l) || !dump_starts(l, "0x"))
			break;	/* the BO was not reachable: the header alone */
		l = dump_trim(l);
		p = l.s;
		if (!dump_hex(&p, l.s + l.len, &v) || p != l.s + l.len || v > UINT32_MAX)
			return dump_refuse(err, l, "is not an IB dword (0x%08x)");
		*it = peek;
		ret = dump_push(s, (uint32_t)v, err);
		if (ret)
			return ret;
	}
	if (s->n && s->n != size)
		return vsharp_fail(err, -EINVAL, "line %u: %s ends after %zu of its %llu dwords (truncated)",
				   head.no, name, s->n, (unsigned long long)size);
	return 0;
}

/* "AMDGPU register dumps:" (before 6.10): "0x%08x: 0x%08x" lines, offset and value. */
static int reg_section(struct dump_lines *it, struct vsharp_dump *d, struct vsharp_error *err)
{
	struct dump_line l;

	if (!dump_next(it, &l) || !dump_starts(l, "Offset:"))
		return dump_refuse(err, l, "should be 'Offset:     Value:'");
	for (;;) {
		struct dump_lines peek = *it;
		const char *p, *end;
		uint64_t off, v;
		char name[24];
		int ret;

		if (!dump_next(&peek, &l) || !dump_starts(l, "0x"))
			return 0;
		l = dump_trim(l);
		p = l.s;
		end = l.s + l.len;
		if (!dump_hex(&p, end, &off) || !dump_lit(&p, end, ":") ||
		    (dump_blanks(&p, end), !dump_hex(&p, end, &v)) || p != end || v > UINT32_MAX)
			return dump_refuse(err, l, "is not '0x<offset>: 0x<value>'");
		*it = peek;
		snprintf(name, sizeof(name), "0x%05llx", (unsigned long long)off);
		ret = dump_reg(d, name, strlen(name), (uint32_t)v, l.no, err);
		if (ret)
			return ret;
	}
}

int dump_devcoredump_parse(const char *text, size_t len, struct vsharp_dump *d,
			   struct vsharp_error *err)
{
	struct dump_lines it;
	struct dump_line l;
	bool header = false, rings = false;
	int ret = 0;

	dump_lines_init(&it, text, len);
	while (!ret && dump_next(&it, &l)) {
		if (!rings) {
			/*
			 * The header is free text; only the timed-out ring is kept
			 * from it, so that line must be whole: a ring chosen from a
			 * garbled name would be the wrong default.
			 */
			if (dump_starts(l, "IP Type: ")) {
				ret = timed_out_line(l, d, err);
				continue;
			}
			header |= dump_is(l, "**** AMDGPU Device Coredump ****");
			rings = dump_is(l, "Ring buffer information");
			/* A ring section pasted alone, without the header. */
			if (!header && dump_starts(l, "ring name: ")) {
				rings = true;
				ret = ring_section(&it, l, d, err);
			}
			continue;
		}
		if (dump_starts(l, "ring name: "))
			ret = ring_section(&it, l, d, err);
		else if (dump_starts(l, "IB #"))
			ret = ib_section(&it, l, d, err);
		else if (dump_is(l, "AMDGPU register dumps:"))
			ret = reg_section(&it, d, err);
		else if (!dump_trim(l).len || dump_is(l, "Ring dumped") ||
			 dump_starts(l, "VRAM is lost") || dump_starts(l, "VRAM lost check"))
			continue;
		else
			ret = dump_refuse(err, l,
					  "is not part of a devcoredump's ring section ('ring name:', 'Rptr:', 'Ring size in dwords:', 'Ring contents', offset/value lines, 'IB #N')");
	}
	/*
	 * Kernels before the ring section print the header alone: a dump
	 * without words, not a truncated one.
	 */
	return ret;
}
