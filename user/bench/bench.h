/* SPDX-License-Identifier: MIT */
/*
 * Throughput measurement for `make bench`: wall time on one core, and the
 * instructions per item when the bench runs under callgrind
 * (user/bench/run), because wall time on a shared machine is noisy and an
 * instruction count is not.
 */
#ifndef VSHARP_BENCH_H
#define VSHARP_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_CALLGRIND 1
#endif
#endif
#ifndef BENCH_CALLGRIND
#define RUNNING_ON_VALGRIND 0
#define CALLGRIND_ZERO_STATS do { } while (0)
#define CALLGRIND_DUMP_STATS_AT(tag) ((void)(tag))
#endif

static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile uint64_t bench_sink;

/*
 * How many of N items to measure: all of them natively, a 64th under
 * callgrind, which runs about 50 times slower and counts exactly anyway.
 */
static inline uint64_t bench_items(uint64_t n)
{
	return RUNNING_ON_VALGRIND ? n / 64 : n;
}

static inline void bench_report(const char *what, const char *unit, uint64_t n, double secs)
{
	printf("%-36s %12.0f %s/s  (%llu in %.3f s)\n", what, (double)n / secs, unit,
	       (unsigned long long)n, secs);
}

/* Starts the clock and the instruction count of one figure. */
static inline double bench_start(void)
{
	CALLGRIND_ZERO_STATS;
	return bench_now();
}

/*
 * Stops both and prints the rate of N items; under callgrind the count
 * goes to a dump named "WHAT|N|FN", which user/bench/run divides by N.
 * FN, if not NULL, is the measured function: run also counts the
 * instructions inside it alone, without the loop around it.
 */
static inline double bench_stop_in(double t0, const char *what, const char *unit, uint64_t n,
				   const char *fn)
{
	double secs = bench_now() - t0;
	char tag[128];

	snprintf(tag, sizeof(tag), "%s|%llu|%s", what, (unsigned long long)n, fn ? fn : "");
	CALLGRIND_DUMP_STATS_AT(tag);
	bench_report(what, unit, n, secs);
	return secs;
}

static inline double bench_stop(double t0, const char *what, const char *unit, uint64_t n)
{
	return bench_stop_in(t0, what, unit, n, NULL);
}

#endif
