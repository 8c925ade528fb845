// SPDX-License-Identifier: MIT
/*
 * `vsharp run`: the suites on a device, as KTAP: one subtest per family,
 * with one nested case per suite and the rule verdicts as the last case.
 * --device auto takes the amdgpu device when there is one and otherwise the
 * emulated device on every family (gfx6 to gfx12).
 */
#define _GNU_SOURCE	/* sched_getaffinity(), CPU_COUNT() */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include "bundle.h"
#include "cli.h"
#include "report.h"
#include "vsharp/emu.h"
#include "vsharp/probe.h"
#include "vsharp/session.h"
#include "vsharp/suites.h"
#include "vsharp/vmid.h"
#include "vmid_mode.h"
#include "vsharp/verdict.h"

#define MAX_REPORTS 8		/* mismatch lines printed per suite and family */

static const enum vsharp_gfx families[] = {
	VSHARP_GFX6, VSHARP_GFX7, VSHARP_GFX8, VSHARP_GFX9, VSHARP_GFX10, VSHARP_GFX10_3, VSHARP_GFX11, VSHARP_GFX12,
};

struct run_opts {
	const char *device, *gfx, *align, *debugfs;
	bool allow_memviol, allow_ldsdir, have_suites, list;
	bool suite[16];
	bool verdicts;			/* named on the command line */
	const char *verdicts_json;	/* file for the verdicts as JSON */
	const char *bundle;		/* file for the result bundle (bundle.h) */
	const char *emu_rules[CLI_MAX_EMU_RULES];	/* NAME=CHOICE the emulated memory unit follows */
	unsigned n_emu_rules;
	unsigned jobs;			/* -j: families at a time; 0: one per CPU the run may use */
	bool allow_shared_vmid;
	unsigned vmid;			/* the GPU's --align-mode is on it alone (vmid_mode.h); 0 none */
};

/* Waves left out because the documents give them no behaviour in a compute wave. */
#define MAX_UNDEFINED 4

struct tally {
	unsigned reports;
	unsigned batch_errors;	/* batches the GPU could not finish */
	unsigned vmid;		/* as the waves read it from HW_ID/HW_ID2 */
	unsigned want_vmid;	/* the VMID every batch must report, 0 any */
	bool ran;		/* a batch was submitted, so VMID holds */
	uint64_t passed, failed, skipped;
	uint64_t not_run;	/* lanes of waves an error kept from running: failed */
	struct {
		const char *why;	/* vsharp_probe_compute_undefined()'s sentence */
		uint64_t lanes;
	} undefined[MAX_UNDEFINED];
	unsigned n_undefined;
};

/* Counts a wave's lanes as skipped, under WHY. */
static void skip_undefined(struct tally *t, const char *why, unsigned lanes)
{
	unsigned i = 0;

	while (i < t->n_undefined && t->undefined[i].why != why)
		i++;
	if (i == t->n_undefined && t->n_undefined < MAX_UNDEFINED)
		t->undefined[t->n_undefined++].why = why;
	if (i < t->n_undefined)
		t->undefined[i].lanes += lanes;
	t->skipped += lanes;
}

static void progress(const char *family, const char *suite, unsigned done, unsigned total)
{
	if (isatty(2))
		fprintf(stderr, "\r  %-8s %-15s %6u/%u waves ", family, suite, done, total);
}

/* Before a stdout line: on a terminal both share the line the progress is on. */
static void progress_erase(void)
{
	if (isatty(2)) {
		fprintf(stderr, "\r%60s\r", "");
		fflush(stderr);
	}
}

static void report(void *ctx, enum vsharp_gfx level, const struct vsharp_probe_mismatch *m)
{
	struct tally *t = ctx;
	char what[512];

	if (t->reports++ >= MAX_REPORTS)
		return;
	vsharp_probe_describe(level, m->wave, m->lane, what, sizeof(what));
	progress_erase();
	printf("        # mismatch: %s: %s expected 0x%llx observed 0x%llx\n", what, m->what,
	       (unsigned long long)m->expected, (unsigned long long)m->observed);
}

/*
 * A batch the GPU could not finish (a hang, a fault, a reset, a strict-rule
 * violation of the emulated GPU) fails its cases; the next batch runs on a
 * fresh context with its code rewritten, so the suite goes on, up to
 * MAX_BATCH_ERRORS such batches.  Other errors (no memory, a bad request)
 * end the suite.
 */
#define MAX_BATCH_ERRORS 4

static bool batch_error_is_the_gpus(int ret)
{
	return ret == -ETIME || ret == -ECANCELED || ret == -EIO || ret == -EFAULT ||
	       ret == -EPROTO || ret == -ENODEV;
}

/*
 * Wave K of the suite into W, if it is one to run: the suite has it, and a
 * compute wave may run it (else its lanes are counted as skipped).
 */
static bool wave_to_run(struct vsharp_device *dev, const struct vsharp_suite *s, unsigned ws,
			enum vsharp_align_mode mode, unsigned k, bool run_undefined, struct tally *t,
			struct vsharp_probe_wave *w)
{
	const char *why;

	if (!s->wave(dev->level, ws, mode, k, w))
		return false;
	why = vsharp_probe_compute_undefined(dev->level, w->stub.op);
	if (why && !run_undefined) {
		skip_undefined(t, why, w->n_lanes);
		return false;
	}
	return true;
}

/*
 * One suite under one alignment mode, in batches.  Waves of an instruction
 * the documents leave undefined in a compute wave are not run unless
 * RUN_UNDEFINED, on any device: the emulator cannot know what a GPU does
 * with them, and an emulated run is to agree case for case with a GPU run.
 */
static int run_mode(struct vsharp_device *dev, const struct vsharp_suite *s,
		    enum vsharp_align_mode mode, bool skip_memviol, bool run_undefined,
		    struct tally *t, struct vsharp_error *err)
{
	struct vsharp_probe_wave *waves;
	struct vsharp_probe_ctx *ctx;
	unsigned ws, total, k = 0;
	int ret;

	if (!dev->hardware)
		vsharp_emu_set_align_mode(dev, mode);
	waves = malloc(VSHARP_PROBE_MAX_WAVES * sizeof(*waves));
	if (!waves)
		return vsharp_fail(err, -ENOMEM, "run: out of memory");
	ws = vsharp_probe_level_wave_size(dev->level);
	total = vsharp_suite_waves(s, ws);
	ret = vsharp_probe_open(dev, mode, &ctx, err);
	if (ret)
		ctx = NULL;
	while (k < total && !ret) {
		struct vsharp_probe_counts c;
		unsigned n = 0, first = k;

		for (; k < total && n < VSHARP_PROBE_MAX_WAVES; k++)
			n += wave_to_run(dev, s, ws, mode, k, run_undefined, t, &waves[n]);
		progress(vsharp_gfx_name(dev->level), s->name, k, total);
		if (!n)
			continue;
		ret = vsharp_probe_run(ctx, waves, n, skip_memviol, report, t, &c, err);
		t->passed += c.passed;
		t->failed += c.failed;
		t->skipped += c.skipped;
		t->vmid = vsharp_probe_vmid(ctx);
		if (!ret && t->want_vmid && vsharp_vmid_of_hw_id(dev->level, t->vmid) != t->want_vmid)
			ret = vsharp_fail(err, -ESRCH, "the batch ran under VMID %u, not VMID %u that --align-mode is set on",
					  vsharp_vmid_of_hw_id(dev->level, t->vmid), t->want_vmid);
		t->ran = true;
		if (ret && batch_error_is_the_gpus(ret) && ++t->batch_errors < MAX_BATCH_ERRORS) {
			/* Its cases counted as failed; the device recovers for the next batch. */
			progress_erase();
			printf("        # %s: waves %u..%u: error %d: %s\n", s->name, first, k - 1, ret,
			       err->msg);
			ret = 0;
		} else if (ret && !(c.passed | c.failed | c.skipped)) {
			for (unsigned i = 0; i < n; i++)
				t->not_run += waves[i].n_lanes;
		}
	}
	/* An error that ends the suite: the waves it did not run fail, so that the counts say so. */
	for (; ret && k < total; k++)
		if (wave_to_run(dev, s, ws, mode, k, run_undefined, t, &waves[0]))
			t->not_run += waves[0].n_lanes;
	free(waves);
	if (ctx)
		vsharp_probe_close(ctx);
	return ret;
}

static bool run_suite(struct vsharp_device *dev, const struct vsharp_suite *s,
		      enum vsharp_align_mode mode, bool mode_fixed, const struct run_opts *o,
		      unsigned idx, struct tally *total)
{
	struct tally t = { .want_vmid = o->vmid };
	struct vsharp_error err = { "" };
	bool skip_memviol = dev->hardware && !o->allow_memviol;
	int ret = 0;

	/* The emulated device can change its SH_MEM_CONFIG per run; hardware keeps one. */
	if (s->all_modes && !dev->hardware && !mode_fixed) {
		for (int m = 0; m < VSHARP_ALIGN_COUNT && !ret; m++)
			ret = run_mode(dev, s, m, skip_memviol, o->allow_ldsdir, &t, &err);
	} else {
		ret = run_mode(dev, s, mode, skip_memviol, o->allow_ldsdir, &t, &err);
	}
	progress_erase();
	if (ret)
		printf("        # %s: error %d: %s\n", s->name, ret, err.msg);
	if (t.not_run)
		printf("        # %s: %llu cases not run after the error, counted as failed\n",
		       s->name, (unsigned long long)t.not_run);
	t.failed += t.not_run;
	for (unsigned i = 0; i < t.n_undefined; i++)
		printf("        # %s: SKIP %llu cases: %s; --allow-ldsdir runs them\n", s->name,
		       (unsigned long long)t.undefined[i].lanes, t.undefined[i].why);
	if (t.reports > MAX_REPORTS)
		printf("        # %u more mismatches not shown\n", t.reports - MAX_REPORTS);
	if (t.ran)
		printf("        # %s: the waves ran under VMID %u\n", s->name, vsharp_vmid_of_hw_id(dev->level, t.vmid));
	printf("        # %s: %llu cases: %llu passed, %llu failed, %llu skipped\n", s->name,
	       (unsigned long long)(t.passed + t.failed + t.skipped), (unsigned long long)t.passed,
	       (unsigned long long)t.failed, (unsigned long long)t.skipped);
	total->passed += t.passed;
	total->failed += t.failed;
	total->skipped += t.skipped;
	ret = ret || t.failed;
	printf("    %sok %u %s\n", ret ? "not " : "", idx, s->name);
	return !ret;
}

/*
 * The verdicts of every rule, as the family's last case.  A GPU, or an
 * emulated device with a fixed mode, runs the cases of that mode only; the
 * emulated device otherwise runs each case under the mode it needs.
 */
static bool run_verdicts(struct vsharp_device *dev, enum vsharp_align_mode mode, const char *mode_from,
			 const struct run_opts *o, unsigned idx, struct verdict_family *fam)
{
	struct vsharp_verdict_opts vo = { .mode_fixed = mode_from != NULL, .mode = mode,
					  .allow_memviol = o->allow_memviol };
	struct vsharp_error err = { "" };
	struct vsharp_rules base;
	char note[160];
	int ret;

	fam->level = dev->level;
	snprintf(fam->device, sizeof(fam->device), "%s", dev->name);
	fam->emulated = !dev->hardware;
	/* Emulated, each rule's choices are judged with the others as the device follows them. */
	if (fam->emulated) {
		for (int i = 0; i < VSHARP_RULE_COUNT; i++)
			base.choice[i] = (uint8_t)fam->expected[i];
		vo.base = &base;
	}
	if (vo.mode_fixed)
		snprintf(note, sizeof(note), "cases run under SH_MEM_CONFIG.ALIGNMENT_MODE %s only",
			 vsharp_align_mode_name(mode));
	else
		snprintf(note, sizeof(note), "each case runs under the alignment mode it needs");
	ret = vsharp_verdicts_run(dev, &vo, fam->v, &err);
	if (ret) {
		printf("        # verdicts: error %d: %s\n    not ok %u verdicts\n", ret, err.msg, idx);
		return false;
	}
	fam->ran = true;
	return verdict_ktap(fam, note, idx);
}

/* MODE_FROM says where the mode came from; NULL: every mode in turn on emu. */
static bool run_family(struct vsharp_device *dev, enum vsharp_align_mode mode,
		       const char *mode_from, const struct run_opts *o, struct tally *total,
		       struct verdict_family *fam)
{
	bool verdicts = !o->have_suites || o->verdicts;
	unsigned n = verdicts, idx = 0;
	bool ok = true;

	for (unsigned i = 0; i < vsharp_suite_count; i++)
		n += !o->have_suites || o->suite[i];
	printf("    KTAP version 1\n    # Subtest: %s\n    # device: %s, SH_MEM_CONFIG.ALIGNMENT_MODE %s (%s)\n    1..%u\n",
	       vsharp_gfx_name(dev->level), dev->name, vsharp_align_mode_name(mode),
	       mode_from ? mode_from : "amdgpu's default; the alignment suite goes through every mode", n);
	for (unsigned i = 0; i < vsharp_suite_count; i++)
		if (!o->have_suites || o->suite[i])
			ok &= run_suite(dev, vsharp_suites[i], mode, mode_from != NULL, o, ++idx, total);
	if (verdicts)
		ok &= run_verdicts(dev, mode, mode_from, o, ++idx, fam);
	if (!dev->hardware) {
		struct vsharp_emu_stats st;

		vsharp_emu_stats(dev, &st);
		printf("    # emu: %llu waves, %llu instructions, %llu MEMVIOL lanes\n",
		       (unsigned long long)st.waves, (unsigned long long)st.instructions,
		       (unsigned long long)st.memviols);
	}
	progress_erase();
	return ok;
}

static int parse(int argc, char **argv, struct run_opts *o)
{
	enum { O_DEVICE = 1, O_GFX, O_ALIGN, O_LIST, O_MEMVIOL, O_LDSDIR, O_DEBUGFS, O_VJSON, O_EMU_RULE,
	       O_JOBS, O_SHARED_VMID, O_BUNDLE };
	static const struct cli_opt opts[] = {
		{ "--device", true, O_DEVICE }, { "--gfx", true, O_GFX },
		{ "--align-mode", true, O_ALIGN }, { "--list", false, O_LIST },
		{ "--allow-memviol", false, O_MEMVIOL }, { "--allow-ldsdir", false, O_LDSDIR },
		{ "--debugfs", true, O_DEBUGFS }, { "--verdicts-json", true, O_VJSON },
		{ "--emu-rule", true, O_EMU_RULE }, { "-j", true, O_JOBS }, { "--jobs", true, O_JOBS },
		{ "--allow-shared-vmid", false, O_SHARED_VMID }, { "--bundle", true, O_BUNDLE },
		{ NULL, false, 0 },
	};
	const char *val;
	int i = 0, id;

	while ((id = cli_getopt(argc, argv, &i, opts, "run", &val)) != CLI_END) {
		switch (id) {
		case CLI_BAD:
			return CLI_EXIT_USAGE;
		case O_DEVICE: o->device = val; break;
		case O_GFX: o->gfx = val; break;
		case O_ALIGN: o->align = val; break;
		case O_DEBUGFS: o->debugfs = val; break;
		case O_MEMVIOL: o->allow_memviol = true; break;
		case O_LDSDIR: o->allow_ldsdir = true; break;
		case O_SHARED_VMID: o->allow_shared_vmid = true; break;
		case O_VJSON: o->verdicts_json = val; break;
		case O_BUNDLE: o->bundle = val; break;
		case O_EMU_RULE:
			if (o->n_emu_rules == CLI_MAX_EMU_RULES)
				return cli_error("--emu-rule: at most %u", CLI_MAX_EMU_RULES);
			o->emu_rules[o->n_emu_rules++] = val;
			break;
		case O_LIST: o->list = true; break;
		case O_JOBS: {
			uint64_t n;

			/* cpu_set_t's CPUs: more workers than CPUs gain nothing. */
			if (!cli_parse_range("-j", val, 1, CPU_SETSIZE, &n))
				return CLI_EXIT_USAGE;
			o->jobs = (unsigned)n;
			break;
		}
		case CLI_ARG: {
			unsigned s;

			if (!strcmp(val, "verdicts")) {
				o->verdicts = o->have_suites = true;
				break;
			}
			for (s = 0; s < vsharp_suite_count && strcmp(vsharp_suites[s]->name, val); s++)
				;
			if (s == vsharp_suite_count)
				return cli_error("run: unknown suite '%s' (see vsharp run --list)", val);
			o->suite[s] = o->have_suites = true;
			break;
		}
		}
	}
	if (strcmp(o->device, "auto") && strcmp(o->device, "emu") && strcmp(o->device, "amdgpu"))
		return cli_error("--device: '%s' (allowed auto, amdgpu, emu)", o->device);
	/* After the loop, so that an unknown suite next to --list is still an error. */
	if (o->list) {
		for (unsigned s = 0; s < vsharp_suite_count; s++)
			printf("%-15s %s\n", vsharp_suites[s]->name, vsharp_suites[s]->help);
		printf("%-15s %s\n", "verdicts", "which choice of each named rule the device follows");
		return -1;
	}
	return 0;
}

#define FAMILIES (sizeof(families) / sizeof(families[0]))

/* What the families of a run share. */
struct run_plan {
	const struct run_opts *o;
	struct vsharp_session *gpu;	/* the GPU the run takes, or NULL: the emulated device */
	const struct vsharp_target *target;	/* what --gfx named, or NULL */
	enum vsharp_align_mode mode;
	enum vsharp_gfx chosen[FAMILIES];
	unsigned n;
};

/*
 * What each family leaves for the end of the run: in memory the workers
 * share with the parent (MAP_SHARED), so that a family run in a worker
 * reports as one run in-process does.
 */
struct run_results {
	struct verdict_family fams[FAMILIES];
	struct tally totals[FAMILIES];
	bool ok[FAMILIES];
	bool finished[FAMILIES];	/* the family printed its own "ok" or "not ok" line */
	struct bundle_device devs[FAMILIES];
};

/* Family F of the plan, as the run's case F + 1: its subtest, then its "ok" line. */
static void run_one(const struct run_plan *p, unsigned f, struct run_results *r)
{
	const struct run_opts *o = p->o;
	struct vsharp_session emu, *s = p->gpu ? p->gpu : &emu;
	const char *from = p->gpu && p->gpu->kmod.pending ? p->gpu->mode_source : o->align ? "--align-mode" :
			   p->gpu ? "amdgpu's default, or as set by vsharp.ko" : NULL;
	const char *name = vsharp_gfx_name(p->chosen[f]);
	enum vsharp_align_mode m = p->mode;
	struct vsharp_error err = { "" };
	char kmod_from[sizeof(err.msg) + 32];
	int ret;

	/* The emulated device is the processor named, or the level's first. */
	if (!p->gpu && vsharp_session_open_emu(&emu, p->target ? p->target : vsharp_target_of(p->chosen[f]),
					       o->emu_rules, o->n_emu_rules, &err)) {
		printf("# %s\nnot ok %u %s\n", err.msg, f + 1, name);
		r->finished[f] = true;
		return;
	}
	if (!p->gpu)
		for (int i = 0; i < VSHARP_RULE_COUNT; i++)
			r->fams[f].expected[i] = emu.rules.choice[i];
	/*
	 * An emulated run obeys the mode vsharp.ko holds for its VMID, unless
	 * told otherwise; a module it cannot read is said, not taken for no
	 * module.
	 */
	if (!p->gpu && !o->align) {
		ret = vsharp_session_read_mode(&emu, o->debugfs, &err);
		if (!ret) {
			m = emu.mode;
			snprintf(kmod_from, sizeof(kmod_from), "from vsharp.ko, %s", err.msg);
			from = kmod_from;
		} else if (ret != -ENOENT && ret != -EOPNOTSUPP) {
			printf("# %s: the run does not know vsharp.ko's mode (--align-mode sets one)\n",
			       err.msg);
		}
	}
	bundle_note_device(&r->devs[f], s, m, from);
	r->ok[f] = run_family(s->dev, m, from, o, &r->totals[f], &r->fams[f]);
	if (p->gpu)
		r->ok[f] &= cli_vmid_mode_release(s);
	printf("%sok %u %s\n", r->ok[f] ? "" : "not ", f + 1, name);
	vsharp_session_close(s);
	r->finished[f] = true;
}

/*
 * Families in worker processes, -j at a time.  A worker is a fork() of the
 * run: nothing in the library is shared between two families, whatever
 * state it keeps, and a crash ends one family, not the run.  Its stdout
 * and stderr come through pipes; the parent copies the first unfinished
 * family's as they come and holds every later family's until the ones
 * before it are out, so each stream carries the bytes of a serial run in
 * the same order.
 */
struct held {
	char *p;
	size_t len, cap;
};

struct worker {
	pid_t pid;
	bool started;		/* forked: pid and fd hold */
	bool ended;		/* reaped, or never started */
	int fd[2];		/* its stdout and stderr, -1 at their end */
	int status;		/* waitpid()'s */
	struct held held[2];	/* what it wrote before its turn */
};

static FILE *stream(unsigned k)
{
	return k ? stderr : stdout;
}

static bool hold(struct held *h, const char *b, size_t n)
{
	if (h->len + n > h->cap) {
		size_t cap = 2 * (h->len + n);
		char *p = realloc(h->p, cap);

		if (!p)
			return false;
		h->p = p;
		h->cap = cap;
	}
	memcpy(h->p + h->len, b, n);
	h->len += n;
	return true;
}

/* W's output so far, now that it is its turn. */
static void release(struct worker *w)
{
	progress_erase();
	for (unsigned k = 0; k < 2; k++) {
		if (w->held[k].len) {
			fwrite(w->held[k].p, 1, w->held[k].len, stream(k));
			fflush(stream(k));
		}
		free(w->held[k].p);
		w->held[k] = (struct held){ NULL, 0, 0 };
	}
}

/*
 * The end of a worker: its stdio into the pipes, then _exit().  The
 * process's atexit() handlers belong to the parent (a caller's clean-up,
 * vsharp.ko's mode put back), so they do not run here; LeakSanitizer's
 * check at exit is one of them, so a sanitized build runs it now.
 */
static _Noreturn void worker_exit(void)
{
	fflush(stdout);
	fflush(stderr);
#ifdef __SANITIZE_ADDRESS__
	if (__lsan_do_recoverable_leak_check())
		_exit(23);	/* LeakSanitizer's own exit status */
#endif
	_exit(0);
}

/* Family F in a new worker; -errno, with W holding nothing to read, if none could start. */
static int start_worker(const struct run_plan *p, unsigned f, struct run_results *r,
			struct worker *w, unsigned n_workers)
{
	int out[2], err[2], e;

	if (pipe(out))
		return -errno;
	if (pipe(err)) {
		e = -errno;
		close(out[0]);
		close(out[1]);
		return e;
	}
	/* Else the worker would write the parent's buffered bytes a second time. */
	fflush(stdout);
	fflush(stderr);
	w[f].pid = fork();
	if (w[f].pid < 0) {
		e = -errno;
		for (unsigned k = 0; k < 2; k++) {
			close(out[k]);
			close(err[k]);
		}
		return e;
	}
	if (!w[f].pid) {
		/* The other workers' pipes are the parent's business. */
		for (unsigned i = 0; i < n_workers; i++)
			for (unsigned k = 0; k < 2; k++)
				if (w[i].fd[k] >= 0)
					close(w[i].fd[k]);
		close(out[0]);
		close(err[0]);
		if (dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
			_exit(127);
		close(out[1]);
		close(err[1]);
		run_one(p, f, r);
		worker_exit();
	}
	close(out[1]);
	close(err[1]);
	w[f].fd[0] = out[0];
	w[f].fd[1] = err[0];
	w[f].started = true;
	return 0;
}

/* One read from worker F's stream K; returns false if output was lost (no memory to hold it). */
static bool relay(struct worker *w, unsigned f, unsigned k, bool its_turn)
{
	char buf[16384];
	ssize_t len = read(w[f].fd[k], buf, sizeof(buf));

	if (len < 0 && errno == EINTR)
		return true;
	if (len <= 0) {
		close(w[f].fd[k]);
		w[f].fd[k] = -1;
		return true;
	}
	if (!its_turn)
		return hold(&w[f].held[k], buf, (size_t)len);
	if (!k)
		progress_erase();
	fwrite(buf, 1, (size_t)len, stream(k));
	fflush(stream(k));
	return true;
}

/* On a terminal: how far the run is and which families are running. */
static void workers_progress(const struct run_plan *p, const struct worker *w, unsigned next)
{
	char line[60];
	unsigned done = 0;
	size_t len;

	if (!isatty(2))
		return;
	for (unsigned f = 0; f < next; f++)
		done += w[f].ended;
	len = (size_t)snprintf(line, sizeof(line), "  %u/%u families done, running", done, p->n);
	for (unsigned f = 0; f < next && len < sizeof(line); f++)
		if (!w[f].ended)
			len += (size_t)snprintf(line + len, sizeof(line) - len, " %s",
						vsharp_gfx_name(p->chosen[f]));
	fprintf(stderr, "\r%-58.58s", line);
	fflush(stderr);
}

/*
 * The end of family F's turn.  A worker that ended before the family's
 * "ok" line fails it; one that failed after it (a LeakSanitizer report at
 * exit) fails the run, as it would fail a serial one.
 */
static void worker_done(const struct run_plan *p, const struct worker *w, unsigned f,
			struct run_results *r)
{
	const char *name = vsharp_gfx_name(p->chosen[f]);
	int st = w[f].status;

	if (!w[f].started || (WIFEXITED(st) && !WEXITSTATUS(st)))
		return;
	r->ok[f] = false;
	progress_erase();
	if (WIFSIGNALED(st))
		printf("# %s: its worker was killed by signal %d (%s)\n", name, WTERMSIG(st),
		       strsignal(WTERMSIG(st)));
	else
		printf("# %s: its worker exited with status %d%s\n", name, WEXITSTATUS(st),
		       r->finished[f] ? " after the family's end" : "");
	if (!r->finished[f])
		printf("not ok %u %s\n", f + 1, name);
	fflush(stdout);
}

/* Every family of P, JOBS workers at a time; false if output was lost. */
static bool run_workers(const struct run_plan *p, unsigned jobs, struct run_results *r)
{
	struct worker w[FAMILIES];
	struct pollfd pfd[2 * FAMILIES];
	unsigned who[2 * FAMILIES];	/* worker * 2 + stream of each pfd */
	unsigned head = 0, next = 0, running = 0;
	bool kept = true;
	uint8_t arena[VSHARP_PROBE_ARENA], lds[VSHARP_PROBE_LDS];
	struct vsharp_error err;

	/*
	 * The arenas' start patterns are made on first use and kept for the
	 * process (user/lib/probe/arena.c): made here, before the forks, every
	 * worker shares them copy-on-write instead of making its own (5 % of
	 * a -j 2 run's CPU, measured).  The last place makes them all.
	 */
	vsharp_probe_start(VSHARP_PROBE_MAX_WAVES - 1, arena, lds, &err);

	for (unsigned f = 0; f < p->n; f++)
		w[f] = (struct worker){ .fd = { -1, -1 } };
	while (head < p->n) {
		nfds_t np = 0;

		for (; running < jobs && next < p->n; next++) {
			int ret = start_worker(p, next, r, w, next);

			if (!ret) {
				running++;
				continue;
			}
			/* Said in the family's turn, as its case. */
			char msg[160];
			int len = snprintf(msg, sizeof(msg), "# %s: no worker: %s\nnot ok %u %s\n",
					   vsharp_gfx_name(p->chosen[next]), strerror(-ret), next + 1,
					   vsharp_gfx_name(p->chosen[next]));

			kept &= hold(&w[next].held[0], msg, (size_t)len);
			r->finished[next] = true;
			w[next].ended = true;
		}
		for (unsigned f = head; f < next; f++)
			for (unsigned k = 0; k < 2; k++)
				if (w[f].fd[k] >= 0) {
					pfd[np] = (struct pollfd){ .fd = w[f].fd[k], .events = POLLIN };
					who[np++] = 2 * f + k;
				}
		if (np && poll(pfd, np, -1) < 0 && errno != EINTR) {
			kept = false;
			break;
		}
		for (nfds_t i = 0; i < np; i++)
			if (pfd[i].revents)
				kept &= relay(w, who[i] / 2, who[i] % 2, who[i] / 2 == head);
		for (unsigned f = head; f < next; f++) {
			if (!w[f].started || w[f].ended || w[f].fd[0] >= 0 || w[f].fd[1] >= 0)
				continue;
			while (waitpid(w[f].pid, &w[f].status, 0) < 0 && errno == EINTR)
				;
			w[f].ended = true;
			running--;
		}
		while (head < next && w[head].ended) {
			release(&w[head]);
			worker_done(p, w, head, r);
			if (++head < next)
				release(&w[head]);
		}
		workers_progress(p, w, next);
	}
	progress_erase();
	return kept;
}

/* Worker processes the run may use: the CPUs it may run on. */
static unsigned cpus_allowed(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return (unsigned)CPU_COUNT(&set);
}

/* Everything after the options: the families, then the verdict table. */
static int run_all(const struct run_opts *op, enum vsharp_align_mode mode, enum vsharp_gfx level,
		   const struct vsharp_target *target, struct run_results *r, FILE *json)
{
	struct run_opts o = *op;
	struct vsharp_session gpu = { .dev = NULL };
	struct vsharp_device *hw = NULL;	/* the GPU the run takes */
	struct vsharp_error err = { "" };
	struct run_plan p = { .o = &o, .target = target, .mode = mode };
	struct tally total = { 0 };
	unsigned jobs = o.jobs ? o.jobs : cpus_allowed();
	bool ok = true;
	int ret;

	char note[sizeof(err.msg) + 160] = "";
	bool other;

	if (strcmp(o.device, "emu")) {
		ret = vsharp_session_open_amdgpu(&gpu, &err);
		/* A GPU that is there but cannot be used (permission, initialization) is to be fixed. */
		if (ret && ret != -ENODEV) {
			fprintf(stderr, "vsharp: amdgpu: %s%s\n", err.msg,
				strcmp(o.device, "amdgpu") ? " (--device emu runs the emulated device)" : "");
			if (json)
				fclose(json);
			return 1;
		}
		if (ret && !strcmp(o.device, "amdgpu")) {
			printf("KTAP version 1\n1..0 # SKIP amdgpu: %s\n", err.msg);
			if (json)
				fclose(json);
			/* A lab collects a bundle from every machine, a GPU-less one too. */
			if (o.bundle && !bundle_write_run(o.bundle, &(struct bundle_run){ .skip = err.msg }))
				return 1;
			return CLI_EXIT_SKIP;
		}
		if (ret)
			snprintf(note, sizeof(note), "# amdgpu: %s; running on the emulated device\n",
				 err.msg);
		hw = gpu.dev;
	}
	/* A processor named must be the one present; a level, any of its processors. */
	other = hw && target && (level != hw->level ||
				 (target != vsharp_target_of(level) && target != hw->target));
	if (hw && ((other && !strcmp(o.device, "amdgpu")) || o.n_emu_rules)) {
		if (o.n_emu_rules)
			cli_error("--emu-rule: the emulated device only, and this run takes the amdgpu device (allowed with --device emu)");
		else
			cli_error("--gfx: the amdgpu device is %s (%s), not %s (allowed %s, %s or all; --device emu runs %s emulated)",
				  vsharp_gfx_name(hw->level), hw->target->name, o.gfx,
				  vsharp_gfx_name(hw->level), hw->target->name, o.gfx);
		vsharp_session_close(&gpu);
		if (json)
			fclose(json);
		return CLI_EXIT_USAGE;
	}
	if (other) {
		snprintf(note, sizeof(note),
			 "# amdgpu: the GPU is %s (%s), and --gfx names %s: running on the emulated device\n",
			 vsharp_gfx_name(hw->level), hw->target->name, o.gfx);
		vsharp_session_close(&gpu);
		hw = NULL;
	}
	/* --align-mode on a GPU: on the run's own VMID alone. */
	if (hw && o.align && (ret = cli_vmid_mode_set(&gpu, o.debugfs, mode, o.allow_shared_vmid))) {
		vsharp_session_close(&gpu);
		if (json)
			fclose(json);
		return ret;
	}
	o.vmid = gpu.kmod.pending ? gpu.vmid : 0;
	printf("KTAP version 1\n%s", note);
	if (hw) {
		p.gpu = &gpu;
		p.chosen[p.n++] = hw->level;
	} else {
		for (unsigned f = 0; f < FAMILIES; f++)
			if (!strcmp(o.gfx, "all") || families[f] == level)
				p.chosen[p.n++] = families[f];
	}
	printf("1..%u\n", p.n);
	/*
	 * A GPU runs one family, its own, in this process: its suites share
	 * the one device and its VMID's mode, and a batch that hangs or resets
	 * the GPU would fail whatever else ran on it at the time.
	 */
	if (hw || jobs < 2 || p.n < 2) {
		for (unsigned f = 0; f < p.n; f++)
			run_one(&p, f, r);
	} else if (!run_workers(&p, jobs < p.n ? jobs : p.n, r)) {
		fprintf(stderr, "vsharp: run: a family's output was lost (out of memory or poll failed)\n");
		ok = false;
	}
	for (unsigned f = 0; f < p.n; f++) {
		ok &= r->ok[f];
		total.passed += r->totals[f].passed;
		total.failed += r->totals[f].failed;
		total.skipped += r->totals[f].skipped;
	}
	if (!o.have_suites || o.verdicts)
		verdict_table(stdout, r->fams, p.n);
	if (json) {
		verdict_json(json, r->fams, p.n);
		if (fclose(json)) {
			fprintf(stderr, "vsharp: --verdicts-json: writing '%s' failed\n", o.verdicts_json);
			ok = false;
		}
	}
	if (o.bundle) {
		struct bundle_ktap k[FAMILIES];

		for (unsigned f = 0; f < p.n; f++)
			k[f] = (struct bundle_ktap){ r->ok[f], r->totals[f].passed, r->totals[f].failed,
						     r->totals[f].skipped };
		ok &= bundle_write_run(o.bundle, &(struct bundle_run){ .fams = r->fams, .devs = r->devs, .ktap = k,
								   .n = p.n, .ok = ok });
	}
	snprintf(note, sizeof(note), "%llu cases: %llu passed, %llu failed, %llu skipped",
		 (unsigned long long)(total.passed + total.failed + total.skipped),
		 (unsigned long long)total.passed, (unsigned long long)total.failed,
		 (unsigned long long)total.skipped);
	/* The last line counts everything the run ran: a verdicts-only run is not an empty one. */
	if (!o.have_suites || o.verdicts)
		verdict_count_line("# vsharp run", r->fams, p.n, strcat(note, "; "));
	else
		printf("# vsharp run: %s\n", note);
	return ok ? 0 : 1;
}

/* Whether LEVEL has an instruction --allow-ldsdir concerns. */
static bool has_compute_undefined(enum vsharp_gfx level)
{
	const struct vsharp_op *op;
	unsigned i = 0;

	while ((op = vsharp_op_next(level, &i)))
		if (vsharp_probe_compute_undefined(level, op))
			return true;
	return false;
}

/* --allow-ldsdir with a --gfx that has nothing for it: the families that do. */
static int refuse_ldsdir(enum vsharp_gfx level)
{
	char allowed[128] = "";
	size_t len = 0;

	for (unsigned f = 0; f < sizeof(families) / sizeof(families[0]); f++)
		if (has_compute_undefined(families[f]) && len < sizeof(allowed))
			len += (size_t)snprintf(allowed + len, sizeof(allowed) - len, "%s, ",
						vsharp_gfx_name(families[f]));
	return cli_error("--allow-ldsdir: %s has no LDS direct or parameter loads (allowed with --gfx %sall)",
			 vsharp_gfx_name(level), allowed);
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o = { .device = "auto", .gfx = "all", .debugfs = "/sys/kernel/debug" };
	struct vsharp_error err = { "" };
	enum vsharp_align_mode mode = VSHARP_ALIGN_UNALIGNED;
	enum vsharp_gfx level = VSHARP_GFX9;
	const struct vsharp_target *target = NULL;
	struct run_results *r;
	struct vsharp_rules parsed;
	FILE *json = NULL;
	int ret = parse(argc, argv, &o);

	if (ret)
		return ret < 0 ? 0 : ret;
	if (o.align && vsharp_align_mode_parse(o.align, &mode, &err))
		return cli_lib_error(&err);
	if (strcmp(o.gfx, "all")) {
		if (vsharp_gfx_parse(o.gfx, &level, &err))
			return cli_lib_error(&err);
		target = vsharp_target_find(o.gfx);
	}
	if (o.allow_ldsdir && strcmp(o.gfx, "all") && !has_compute_undefined(level))
		return refuse_ldsdir(level);
	if (vsharp_session_rules(level, o.emu_rules, o.n_emu_rules, &parsed, &err))
		return cli_lib_error(&err);
	if (o.n_emu_rules && !strcmp(o.device, "amdgpu"))
		return cli_error("--emu-rule: the emulated device only (allowed with --device emu or auto)");
	if (o.verdicts_json) {
		json = fopen(o.verdicts_json, "w");
		if (!json)
			return cli_error("--verdicts-json: cannot write '%s': %s", o.verdicts_json, strerror(errno));
	}
	r = mmap(NULL, sizeof(*r), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r == MAP_FAILED) {
		if (json)
			fclose(json);
		return cli_error("run: out of memory");
	}
	ret = run_all(&o, mode, level, target, r, json);
	munmap(r, sizeof(*r));
	return ret;
}
