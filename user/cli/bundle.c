// SPDX-License-Identifier: MIT
/*
 * Writing a result bundle (bundle.h).  The fields are the ones
 * Documentation/bundle.schema.json describes; a change of their meaning
 * raises BUNDLE_VERSION.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bundle.h"
#include "cli.h"

#define IP_MAJ(v) (((v) >> 16) & 0xffu)
#define IP_MIN(v) (((v) >> 8) & 0xffu)
#define IP_REV(v) ((v) & 0xffu)

void bundle_note_device(struct bundle_device *b, const struct vsharp_session *s,
			enum vsharp_align_mode mode, const char *from)
{
	const struct vsharp_target *t = s->dev->target ? s->dev->target : vsharp_target_of(s->dev->level);

	memset(b, 0, sizeof(*b));
	b->noted = true;
	b->emulated = !s->dev->hardware;
	snprintf(b->processor, sizeof(b->processor), "%s", t->name);
	if (s->dev->hardware)
		vsharp_amdgpu_identity(s->dev, &b->id);
	else
		b->id.gc_ip = vsharp_amdgpu_target_ip(t->name);
	b->mode_known = from != NULL;
	b->mode = mode;
	snprintf(b->mode_source, sizeof(b->mode_source), "%s",
		 from ? from : "each case under the mode it needs (the emulated device)");
	b->rules = s->rules;
}

static void json_version(struct vsharp_json *j, const char *key, uint32_t v)
{
	char text[16];

	snprintf(text, sizeof(text), "%u.%u.%u", IP_MAJ(v), IP_MIN(v), IP_REV(v));
	vsharp_json_str(j, key, text);
}

/* The host: the kernel release as uname(2) gives it, and when the bundle was written. */
static void json_host(struct vsharp_json *j)
{
	struct utsname u;
	char when[32];
	time_t now = time(NULL);
	struct tm tm;

	vsharp_json_object_begin(j, "host");
	if (!uname(&u)) {
		vsharp_json_str(j, "kernel_release", u.release);
		vsharp_json_str(j, "machine", u.machine);
		vsharp_json_str(j, "hostname", u.nodename);
	}
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	vsharp_json_str(j, "written", when);
	vsharp_json_object_end(j);
}

static void json_errno(struct vsharp_json *j, int err)
{
	vsharp_json_str(j, "error", strerror(-err));
}

/* The GPU as the kernel reports it, or the emulated device and what it stands for. */
static void json_gpu(struct vsharp_json *j, const struct bundle_device *d)
{
	const struct vsharp_amdgpu_identity *id = &d->id;

	vsharp_json_object_begin(j, "gpu");
	vsharp_json_bool(j, "emulated", d->emulated);
	vsharp_json_str(j, "processor", d->processor);
	if (id->gc_ip)
		json_version(j, "gc_ip", id->gc_ip);
	if (d->emulated) {
		vsharp_json_object_end(j);
		return;
	}
	vsharp_json_str(j, "processor_name", id->marketing_name);
	vsharp_json_hex(j, "pci_device", id->pci_device);
	vsharp_json_hex(j, "pci_revision", id->pci_revision);
	vsharp_json_uint(j, "family", id->family_id);
	vsharp_json_hex(j, "chip_rev", id->chip_rev);
	vsharp_json_hex(j, "chip_external_rev", id->chip_external_rev);
	vsharp_json_object_begin(j, "hw_ip");
	vsharp_json_uint(j, "major", id->hw_ip_major);
	vsharp_json_uint(j, "minor", id->hw_ip_minor);
	vsharp_json_object_end(j);
	vsharp_json_object_begin(j, "vbios");
	if (id->vbios_err) {
		json_errno(j, id->vbios_err);
	} else {
		vsharp_json_str(j, "name", id->vbios_name);
		vsharp_json_str(j, "part_number", id->vbios_pn);
		vsharp_json_str(j, "version", id->vbios_version);
		vsharp_json_str(j, "date", id->vbios_date);
	}
	vsharp_json_object_end(j);
	vsharp_json_object_begin(j, "firmware");
	for (unsigned i = 0; i < id->n_fw; i++) {
		vsharp_json_object_begin(j, id->fw[i].name);
		if (id->fw[i].err) {
			json_errno(j, id->fw[i].err);
		} else {
			vsharp_json_hex(j, "version", id->fw[i].version);
			vsharp_json_hex(j, "feature", id->fw[i].feature);
		}
		vsharp_json_object_end(j);
	}
	vsharp_json_object_end(j);
	vsharp_json_object_end(j);
}

/* The alignment mode and where it came from (vsharp.ko, --align-mode, amdgpu's default). */
static void json_mode(struct vsharp_json *j, const struct bundle_device *d)
{
	vsharp_json_object_begin(j, "alignment_mode");
	if (d->mode_known)
		vsharp_json_str(j, "mode", vsharp_align_mode_name(d->mode));
	vsharp_json_str(j, "source", d->mode_source);
	vsharp_json_object_end(j);
}

/* The emulated memory unit's choice of every rule with choices. */
static void json_emu_rules(struct vsharp_json *j, const struct vsharp_rules *r)
{
	vsharp_json_object_begin(j, "emu_rules");
	for (int i = 0; i < VSHARP_RULE_COUNT; i++)
		vsharp_json_str(j, vsharp_rule_info(i)->name, vsharp_rule_info(i)->choice[r->choice[i]].name);
	vsharp_json_object_end(j);
}

static void json_counts(struct vsharp_json *j, const struct vsharp_verdict_counts *c)
{
	vsharp_json_object_begin(j, "verdict_counts");
	vsharp_json_uint(j, "lanes", c->lanes);
	vsharp_json_uint(j, "not_run", c->not_run);
	vsharp_json_uint(j, "verdicts", c->verdicts);
	vsharp_json_uint(j, "decided", c->decided);
	vsharp_json_uint(j, "untested", c->untested);
	vsharp_json_object_end(j);
}

/* A family's verdicts, each as --verdicts-json writes it, and what they add up to (also into ALL). */
static void json_verdicts(struct vsharp_json *j, const struct verdict_family *fam,
			  struct vsharp_verdict_counts *all)
{
	struct vsharp_verdict_counts c = { 0 };

	vsharp_json_array_begin(j, "verdicts");
	for (int v = 0; fam->ran && v < VSHARP_RULE_COUNT; v++)
		verdict_json_rule(j, fam, v);
	vsharp_json_array_end(j);
	if (!fam->ran)
		return;
	vsharp_verdict_count(fam->v, VSHARP_RULE_COUNT, &c);
	vsharp_verdict_count(fam->v, VSHARP_RULE_COUNT, all);
	json_counts(j, &c);
}

static void json_head(struct vsharp_json *j, const char *verb)
{
	vsharp_json_object_begin(j, NULL);
	vsharp_json_str(j, "format", BUNDLE_FORMAT);
	vsharp_json_uint(j, "version", BUNDLE_VERSION);
	vsharp_json_str(j, "verb", verb);
	json_host(j);
}

/* PATH.tmp, renamed over PATH once written: a reader never sees half a bundle. */
static FILE *open_tmp(const char *path, char *tmp, size_t n)
{
	FILE *f;

	if ((size_t)snprintf(tmp, n, "%s.tmp", path) >= n) {
		cli_error("--bundle: '%s': path too long", path);
		return NULL;
	}
	f = fopen(tmp, "w");
	if (!f)
		cli_error("--bundle: cannot write '%s': %s", tmp, strerror(errno));
	return f;
}

static bool close_tmp(FILE *f, const char *tmp, const char *path)
{
	bool bad = ferror(f);

	if (fclose(f) || bad) {
		cli_error("--bundle: writing '%s' failed", tmp);
		unlink(tmp);
		return false;
	}
	if (rename(tmp, path)) {
		cli_error("--bundle: cannot rename '%s' to '%s': %s", tmp, path, strerror(errno));
		unlink(tmp);
		return false;
	}
	return true;
}

bool bundle_write_run(const char *path, const struct bundle_run *r)
{
	char tmp[4096];
	struct vsharp_json j;
	struct bundle_ktap sum = { .ok = r->ok };
	struct vsharp_verdict_counts counts = { 0 };
	unsigned ok = 0;
	FILE *f = open_tmp(path, tmp, sizeof(tmp));

	if (!f)
		return false;
	vsharp_json_init(&j, f);
	json_head(&j, "run");
	vsharp_json_array_begin(&j, "families");
	for (unsigned i = 0; i < r->n; i++) {
		const struct verdict_family *fam = &r->fams[i];
		const struct bundle_ktap *k = &r->ktap[i];

		sum.passed += k->passed;
		sum.failed += k->failed;
		sum.skipped += k->skipped;
		ok += k->ok;
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "level", vsharp_gfx_name(fam->level));
		if (r->devs[i].noted) {
			vsharp_json_str(&j, "device", fam->device);
			json_gpu(&j, &r->devs[i]);
			json_mode(&j, &r->devs[i]);
			if (r->devs[i].emulated)
				json_emu_rules(&j, &r->devs[i].rules);
		}
		vsharp_json_object_begin(&j, "ktap");
		vsharp_json_bool(&j, "ok", k->ok);
		vsharp_json_uint(&j, "passed", k->passed);
		vsharp_json_uint(&j, "failed", k->failed);
		vsharp_json_uint(&j, "skipped", k->skipped);
		vsharp_json_object_end(&j);
		json_verdicts(&j, fam, &counts);
		vsharp_json_object_end(&j);
	}
	vsharp_json_array_end(&j);
	vsharp_json_object_begin(&j, "ktap");
	vsharp_json_bool(&j, "ok", sum.ok);
	vsharp_json_uint(&j, "families", r->n);
	vsharp_json_uint(&j, "families_ok", ok);
	vsharp_json_uint(&j, "cases", sum.passed + sum.failed + sum.skipped);
	vsharp_json_uint(&j, "passed", sum.passed);
	vsharp_json_uint(&j, "failed", sum.failed);
	vsharp_json_uint(&j, "skipped", sum.skipped);
	if (r->skip)
		vsharp_json_str(&j, "skip", r->skip);
	vsharp_json_object_end(&j);
	json_counts(&j, &counts);
	vsharp_json_object_end(&j);
	return close_tmp(f, tmp, path);
}

static void json_result(struct vsharp_json *j, const char *key, struct vsharp_atlas_result r)
{
	char symbol[2] = { vsharp_atlas_symbol(r), '\0' };

	vsharp_json_str(j, key, symbol);
}

/* The cells of one atlas that exist on its level, one per line. */
static void json_cells(struct vsharp_json *j, const struct vsharp_atlas *at, unsigned modes)
{
	vsharp_json_rows_begin(j, "cells");
	for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
		if (!(modes >> m & 1))
			continue;
		for (int a = 0; a < VSHARP_ATLAS_ACCESS_COUNT; a++)
			for (unsigned si = 0; si < VSHARP_ATLAS_SIZES; si++)
				for (unsigned mis = 0; mis < VSHARP_ATLAS_MIS; mis++) {
					const struct vsharp_atlas_cell *c = &at->cell[m][a][si][mis];

					if (c->model.outcome == VSHARP_ATLAS_ABSENT)
						continue;
					vsharp_json_object_begin(j, NULL);
					vsharp_json_str(j, "mode", vsharp_align_mode_name(m));
					vsharp_json_str(j, "access", vsharp_atlas_access_name(a));
					vsharp_json_uint(j, "size", vsharp_atlas_size(si));
					vsharp_json_uint(j, "misalignment", mis);
					json_result(j, "model", c->model);
					if (c->measured)
						json_result(j, "seen", c->seen);
					if (c->unverified)
						vsharp_json_bool(j, "unverified", true);
					vsharp_json_object_end(j);
				}
	}
	vsharp_json_array_end(j);
}

bool bundle_write_align(const char *path, const struct vsharp_atlas *const *atlases, unsigned n,
			unsigned modes, const struct bundle_device *dev)
{
	char tmp[4096];
	struct vsharp_json j;
	FILE *f = open_tmp(path, tmp, sizeof(tmp));

	if (!f)
		return false;
	vsharp_json_init(&j, f);
	json_head(&j, "align");
	vsharp_json_array_begin(&j, "atlases");
	for (unsigned i = 0; i < n; i++) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "level", vsharp_gfx_name(atlases[i]->level));
		vsharp_json_bool(&j, "measured", dev != NULL);
		if (dev) {
			vsharp_json_str(&j, "device", atlases[i]->device);
			json_gpu(&j, dev);
			if (dev->emulated)
				json_emu_rules(&j, &dev->rules);
		}
		vsharp_json_array_begin(&j, "modes");
		for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
			if (!(modes >> m & 1))
				continue;
			vsharp_json_object_begin(&j, NULL);
			vsharp_json_str(&j, "mode", vsharp_align_mode_name(m));
			vsharp_json_str(&j, "source", dev ? atlases[i]->mode_source[m] : "the model");
			vsharp_json_object_end(&j);
		}
		vsharp_json_array_end(&j);
		json_cells(&j, atlases[i], modes);
		vsharp_json_object_end(&j);
	}
	vsharp_json_array_end(&j);
	vsharp_json_object_end(&j);
	return close_tmp(f, tmp, path);
}
