/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_JSON_H
#define VSHARP_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The one JSON writer: the PM4 decoder and every verb of the command print
 * through it, so they keep the one convention Documentation/cli.rst "JSON"
 * promises.  A document is one value on one line, ended by a newline when
 * the outermost object or array closes; ", " separates members and ": "
 * follows a key; strings are escaped (\" \\, control characters as \u00XX);
 * counts and 32-bit values are decimal numbers, addresses and other 64-bit
 * values "0x..." strings of lower-case hex (a JSON number loses bits past
 * 2^53).
 *
 * Every value takes KEY: its name inside an object, NULL inside an array
 * (or for the outermost value).
 */

/* Objects and arrays open at once. */
#define VSHARP_JSON_DEPTH_MAX 32

struct vsharp_json {
	FILE *f;
	unsigned depth;
	bool first[VSHARP_JSON_DEPTH_MAX];	/* per open value: no member written yet */
	bool rows[VSHARP_JSON_DEPTH_MAX];	/* per open value: one element per line */
};

void vsharp_json_init(struct vsharp_json *j, FILE *f);

void vsharp_json_object_begin(struct vsharp_json *j, const char *key);
void vsharp_json_object_end(struct vsharp_json *j);
void vsharp_json_array_begin(struct vsharp_json *j, const char *key);
void vsharp_json_array_end(struct vsharp_json *j);
/*
 * An array of many records (vsharp align's cells) with each element on a
 * line of its own, indented by two spaces, so that line tools can cut it;
 * vsharp_json_array_end() closes it.
 */
void vsharp_json_rows_begin(struct vsharp_json *j, const char *key);

void vsharp_json_str(struct vsharp_json *j, const char *key, const char *s);
void vsharp_json_uint(struct vsharp_json *j, const char *key, uint64_t v);
/* An address or a 64-bit value: "0x1f". */
void vsharp_json_hex(struct vsharp_json *j, const char *key, uint64_t v);
void vsharp_json_bool(struct vsharp_json *j, const char *key, bool v);
/* Bytes as one string of two hex digits each: "00ff". */
void vsharp_json_bytes(struct vsharp_json *j, const char *key, const uint8_t *b, size_t n);

#endif
