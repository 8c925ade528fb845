/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_LIB_FLOAT_BITS_H
#define VSHARP_LIB_FLOAT_BITS_H

/* A float's bits and back, without the aliasing a cast through a pointer would be. */
#include <stdint.h>
#include <string.h>

static inline float f32_from_bits(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

static inline uint32_t f32_to_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static inline double f64_from_bits(uint64_t u)
{
	double d;

	memcpy(&d, &u, sizeof(d));
	return d;
}

static inline uint64_t f64_to_bits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

#endif
