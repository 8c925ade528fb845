/* SPDX-License-Identifier: MIT */
/* Throughput measurement for `make bench`: wall time on one core. */
#ifndef VSHARP_BENCH_H
#define VSHARP_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile uint64_t bench_sink;

static inline void bench_report(const char *what, const char *unit, uint64_t n, double secs)
{
	printf("%-32s %12.0f %s/s  (%llu in %.3f s)\n", what, (double)n / secs, unit,
	       (unsigned long long)n, secs);
}

#endif
