/* SPDX-License-Identifier: MIT */
/*
 * A small KTAP test harness for the userspace unit tests (the kernel's
 * kselftest_harness.h is GPL-2.0, user/ is MIT).  One test case per
 * function; a case fails if any CHECK in it fails.
 *
 *	static void test_x(struct ktap *t) { CHECK_EQ(t, 1 + 1, 2); }
 *	KTAP_MAIN(KTAP_CASE(test_x))
 */
#ifndef VSHARP_TESTS_KTAP_H
#define VSHARP_TESTS_KTAP_H

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct ktap {
	unsigned failures;
	unsigned checks;
};

struct ktap_case {
	const char *name;
	void (*fn)(struct ktap *t);
};

#define KTAP_CASE(f) { #f, f }

/* Diagnostics are capped per case so a broken sweep stays readable. */
#define KTAP_MAX_DIAG 8

__attribute__((format(printf, 4, 5)))
static inline bool ktap_check(struct ktap *t, bool ok, int line,
			      const char *fmt, ...)
{
	va_list ap;

	t->checks++;
	if (ok)
		return true;
	if (t->failures++ < KTAP_MAX_DIAG) {
		printf("# line %d: ", line);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	return false;
}

#define CHECK(t, cond) ktap_check(t, (cond), __LINE__, "%s", #cond)
#define CHECK_MSG(t, cond, ...) ktap_check(t, (cond), __LINE__, __VA_ARGS__)
#define CHECK_EQ(t, a, b) do {							\
	uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);			\
	ktap_check(t, a_ == b_, __LINE__, "%s == %s: 0x%" PRIx64 " != 0x%" PRIx64, \
		   #a, #b, a_, b_);						\
} while (0)
#define CHECK_STR(t, a, b) do {							\
	const char *a_ = (a), *b_ = (b);					\
	ktap_check(t, a_ && b_ && !strcmp(a_, b_), __LINE__,			\
		   "%s == %s: \"%s\" != \"%s\"", #a, #b, a_ ? a_ : "(null)",	\
		   b_ ? b_ : "(null)");						\
} while (0)

static inline int ktap_run(const struct ktap_case *cases, unsigned n)
{
	unsigned failed = 0;

	printf("KTAP version 1\n1..%u\n", n);
	for (unsigned i = 0; i < n; i++) {
		struct ktap t = { 0, 0 };

		cases[i].fn(&t);
		if (t.failures > KTAP_MAX_DIAG)
			printf("# ... %u more failed checks\n", t.failures - KTAP_MAX_DIAG);
		if (!t.checks)
			printf("# %s made no checks\n", cases[i].name);
		if (t.failures || !t.checks) {
			failed++;
			printf("not ok %u %s\n", i + 1, cases[i].name);
		} else {
			printf("# %s: %u checks\n", cases[i].name, t.checks);
			printf("ok %u %s\n", i + 1, cases[i].name);
		}
		fflush(stdout);
	}
	return failed ? 1 : 0;
}

#define KTAP_MAIN(...)								\
	int main(void)								\
	{									\
		static const struct ktap_case cases_[] = { __VA_ARGS__ };	\
		return ktap_run(cases_, sizeof(cases_) / sizeof(cases_[0]));	\
	}

#endif
