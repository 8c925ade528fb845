/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_ERROR_H
#define VSHARP_ERROR_H

/*
 * Every library call that can refuse its input fills one of these with a
 * sentence naming the field, the level and the allowed values, and returns a
 * negative errno.  Callers that do not care may pass NULL.
 */
struct vsharp_error {
	char msg[512];
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int vsharp_fail(struct vsharp_error *err, int code, const char *fmt, ...);

#endif
