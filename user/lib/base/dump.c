// SPDX-License-Identifier: MIT
/*
 * The recogniser table of hang dump formats and what their readers share
 * (vsharp/dump.h).  Formats are tried in table order: the first whose
 * markers appear reads the whole text, and refuses any line it does not
 * know, so a dump is never half read as loose words.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/dump_fmt.h"
#include "vsharp/dwords.h"

static const struct vsharp_dump_format formats[] = {
	{ "devcoredump",
	  "**** AMDGPU Device Coredump ****; Ring buffer information; ring name:; Rptr: Wptr:",
	  "Linux drivers/gpu/drm/amd/amdgpu/amdgpu_dev_coredump.c (amdgpu_devcoredump_format)",
	  dump_devcoredump_recognise, dump_devcoredump_parse },
	{ "umr",
	  ".ring[ N] ==; IB[V@0xA + 0xO] =; Dumping IB at; End of IB; Decoding IB at; pgm[; "
	  "Disassembly of shader; Shader from; PGM_MEM:; SE SH CU SIMD WAVE#",
	  "umr (gitlab.freedesktop.org/tomstdenis/umr) --ring, --dump-ib, --waves",
	  dump_umr_recognise, dump_umr_parse },
	{ "umr-lookup",
	  "NAME => 0xVALUE",
	  "umr --lookup; vsharp desc decode --umr",
	  dump_umr_lookup_recognise, dump_umr_lookup_parse },
	{ "mesa-ib",
	  "------------------ NAME begin - IP",
	  "Mesa src/amd/common/ac_parse_ib.c (ac_parse_ib), RADV/radeonsi hang reports",
	  dump_mesa_ib_recognise, dump_mesa_ib_parse },
	{ "mesa-reg",
	  "NAME <- VALUE",
	  "Mesa src/amd/common/ac_debug.c (ac_dump_reg), RADV registers.log and pipeline.log",
	  dump_mesa_reg_recognise, dump_mesa_reg_parse },
};

const struct vsharp_dump_format *vsharp_dump_formats(size_t *n)
{
	*n = sizeof(formats) / sizeof(formats[0]);
	return formats;
}

void dump_lines_init(struct dump_lines *it, const char *text, size_t len)
{
	it->text = text;
	it->len = len;
	it->at = 0;
	it->no = 0;
}

bool dump_next(struct dump_lines *it, struct dump_line *l)
{
	const char *nl;

	if (it->at >= it->len)
		return false;
	nl = memchr(it->text + it->at, '\n', it->len - it->at);
	l->s = it->text + it->at;
	l->len = nl ? (size_t)(nl - l->s) : it->len - it->at;
	l->no = ++it->no;
	it->at += l->len + 1;
	return true;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

struct dump_line dump_trim(struct dump_line l)
{
	while (l.len && blank(l.s[0])) {
		l.s++;
		l.len--;
	}
	while (l.len && blank(l.s[l.len - 1]))
		l.len--;
	return l;
}

bool dump_starts(struct dump_line l, const char *prefix)
{
	size_t k = strlen(prefix);

	l = dump_trim(l);
	return l.len >= k && !memcmp(l.s, prefix, k);
}

bool dump_is(struct dump_line l, const char *word)
{
	l = dump_trim(l);
	return l.len == strlen(word) && !memcmp(l.s, word, l.len);
}

const char *dump_find(struct dump_line l, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; i + k <= l.len; i++)
		if (!memcmp(l.s + i, needle, k))
			return l.s + i;
	return NULL;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void dump_blanks(const char **p, const char *end)
{
	while (*p < end && blank(**p))
		(*p)++;
}

bool dump_hex(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	unsigned k = 0;

	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	*v = 0;
	for (; s < end && hexval(*s) >= 0; s++, k++) {
		if (k == 16)
			return false;
		*v = *v << 4 | (unsigned)hexval(*s);
	}
	if (!k)
		return false;
	*p = s;
	return true;
}

bool dump_dec(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;

	*v = 0;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		if (*v > UINT32_MAX)
			return false;
		*v = *v * 10 + (unsigned)(*s - '0');
	}
	if (s == *p)
		return false;
	*p = s;
	return true;
}

bool dump_lit(const char **p, const char *end, const char *lit)
{
	const char *s = *p;
	size_t k = strlen(lit);

	dump_blanks(&s, end);
	if ((size_t)(end - s) < k || memcmp(s, lit, k))
		return false;
	*p = s + k;
	return true;
}

bool dump_any_line(const char *text, size_t len, bool (*f)(struct dump_line l))
{
	struct dump_lines it;
	struct dump_line l;

	dump_lines_init(&it, text, len);
	while (dump_next(&it, &l))
		if (f(l))
			return true;
	return false;
}

int dump_refuse(struct vsharp_error *err, struct dump_line l, const char *why)
{
	char buf[64];
	size_t k;

	l = dump_trim(l);
	k = l.len > 60 ? 60 : l.len;
	for (size_t i = 0; i < k; i++)
		buf[i] = l.s[i] >= 0x20 && l.s[i] < 0x7f ? l.s[i] : '?';
	buf[k] = '\0';
	return vsharp_fail(err, -EINVAL, "line %u: '%s%s' %s", l.no, buf, l.len > 60 ? "..." : "",
			   why);
}

static void *grow(void *p, size_t *cap, size_t size)
{
	size_t want = *cap ? *cap * 2 : 8;
	void *q = realloc(p, want * size);

	if (q)
		*cap = want;
	return q;
}

struct vsharp_dump_stream *dump_stream(struct vsharp_dump *d, enum vsharp_dump_kind kind,
				       const char *name, unsigned line, struct vsharp_error *err)
{
	struct vsharp_dump_stream *s;

	if (d->n == d->cap) {
		void *q = grow(d->s, &d->cap, sizeof(*d->s));

		if (!q) {
			vsharp_fail(err, -ENOMEM, "out of memory");
			return NULL;
		}
		d->s = q;
	}
	s = &d->s[d->n++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->line = line;
	snprintf(s->name, sizeof(s->name), "%s", name);
	return s;
}

int dump_push(struct vsharp_dump_stream *s, uint32_t v, struct vsharp_error *err)
{
	if (s->n == VSHARP_DWORDS_MAX)
		return vsharp_fail(err, -E2BIG, "%s: more than %u dwords", s->name,
				   VSHARP_DWORDS_MAX);
	if (s->n == s->cap) {
		void *q = grow(s->dw, &s->cap, sizeof(*s->dw));

		if (!q)
			return vsharp_fail(err, -ENOMEM, "out of memory");
		s->dw = q;
	}
	s->dw[s->n++] = v;
	return 0;
}

int dump_reg(struct vsharp_dump *d, const char *name, size_t len, uint32_t value, unsigned line,
	     struct vsharp_error *err)
{
	struct vsharp_dump_reg *r;

	if (d->n_reg == d->cap_reg) {
		void *q = grow(d->reg, &d->cap_reg, sizeof(*d->reg));

		if (!q)
			return vsharp_fail(err, -ENOMEM, "out of memory");
		d->reg = q;
	}
	r = &d->reg[d->n_reg++];
	snprintf(r->name, sizeof(r->name), "%.*s", (int)(len < 63 ? len : 63), name);
	r->value = value;
	r->line = line;
	return 0;
}

void vsharp_dump_free(struct vsharp_dump *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->s[i].dw);
	free(d->s);
	free(d->reg);
	memset(d, 0, sizeof(*d));
}

/* TEXT without ANSI colour escapes (ESC '[' ... letter), which Mesa and umr -O use_colour print. */
static char *uncolour(const char *text, size_t len, size_t *out_len)
{
	char *buf = malloc(len + 1);
	size_t n = 0;

	if (!buf)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == 0x1b && i + 1 < len && text[i + 1] == '[') {
			i += 2;
			while (i < len && !((text[i] >= 'A' && text[i] <= 'Z') ||
					    (text[i] >= 'a' && text[i] <= 'z')))
				i++;
			continue;
		}
		buf[n++] = text[i];
	}
	*out_len = n;
	return buf;
}

int vsharp_dump_parse(const char *text, size_t len, struct vsharp_dump *d,
		      struct vsharp_error *err)
{
	size_t n, clean_len;
	const struct vsharp_dump_format *f = vsharp_dump_formats(&n);
	char *clean = uncolour(text, len, &clean_len);
	int ret = 1;

	memset(d, 0, sizeof(*d));
	if (!clean)
		return vsharp_fail(err, -ENOMEM, "out of memory for %zu bytes of text", len);
	for (size_t i = 0; i < n; i++) {
		if (!f[i].recognise(clean, clean_len))
			continue;
		d->format = f[i].name;
		ret = f[i].parse(clean, clean_len, d, err);
		break;
	}
	free(clean);
	if (ret < 0)
		vsharp_dump_free(d);
	return ret;
}

static int read_text(const char *path, char **text, size_t *len, struct vsharp_error *err)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, got;
	char *buf;

	*text = NULL;
	*len = 0;
	if (!f)
		return vsharp_fail(err, -errno, "%s: %s", path, strerror(errno));
	buf = malloc(cap);
	while (buf && (got = fread(buf + *len, 1, cap - *len, f)) > 0) {
		*len += got;
		if (*len > VSHARP_DWORDS_MAX_BYTES) {
			fclose(f);
			free(buf);
			return vsharp_fail(err, -EFBIG, "%s: more than the input limit of %u bytes",
					   path, VSHARP_DWORDS_MAX_BYTES);
		}
		if (*len == cap) {
			char *q = realloc(buf, cap * 2);

			if (!q)
				free(buf);
			buf = q;
			cap *= 2;
		}
	}
	fclose(f);
	if (!buf)
		return vsharp_fail(err, -ENOMEM, "%s: out of memory", path);
	*text = buf;
	return 0;
}

/*
 * Reads PATH into D with PARSE (NULL: as its own format); the streams and
 * registers are added to D's.
 */
static int merge_file(const char *path, struct vsharp_dump *d,
		      int (*parse)(const char *, size_t, struct vsharp_dump *, struct vsharp_error *),
		      struct vsharp_error *err)
{
	struct vsharp_dump one = { 0 };
	struct vsharp_error e;
	char *text;
	size_t len;
	int ret = read_text(path, &text, &len, err);

	if (ret)
		return ret;
	if (parse) {
		size_t clean_len;
		char *clean = uncolour(text, len, &clean_len);

		ret = clean ? parse(clean, clean_len, &one, &e) :
			      vsharp_fail(&e, -ENOMEM, "out of memory");
		free(clean);
	} else {
		ret = vsharp_dump_parse(text, len, &one, &e);
	}
	free(text);
	if (ret < 0)
		return vsharp_fail(err, ret, "%s: %s", path, e.msg);
	if (ret > 0)
		return 0;
	for (size_t i = 0; i < one.n && !ret; i++) {
		struct vsharp_dump_stream *s = dump_stream(d, one.s[i].kind, one.s[i].name,
							   one.s[i].line, err);

		if (!s) {
			ret = -ENOMEM;
			break;
		}
		*s = one.s[i];
		one.s[i].dw = NULL;
	}
	for (size_t i = 0; i < one.n_reg && !ret; i++)
		ret = dump_reg(d, one.reg[i].name, strlen(one.reg[i].name), one.reg[i].value,
			       one.reg[i].line, err);
	vsharp_dump_free(&one);
	return ret;
}

/*
 * RADV_DEBUG=hang writes radv_dumps_<pid>_<time>/ (Mesa src/amd/vulkan/
 * radv_debug.c, radv_check_gpu_hangs): the IB in ac_parse_ib() form in
 * trace.log, ac_dump_reg() lines in registers.log and pipeline.log, and
 * umr's output when umr was there.  The other files (dmesg.log, bo_*.log,
 * gpu_info.log, app_info.log) hold no words.
 */
static int read_radv_folder(const char *dir, struct vsharp_dump *d, struct vsharp_error *err)
{
	static const struct {
		const char *name;
		int (*parse)(const char *, size_t, struct vsharp_dump *, struct vsharp_error *);
	} files[] = {
		{ "trace.log", NULL }, { "umr_ring.log", NULL }, { "umr_waves.log", NULL },
		{ "registers.log", NULL }, { "pipeline.log", dump_mesa_reg_scan },
	};
	char path[4096];
	struct stat st;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/trace.log", dir);
	if (stat(path, &st))
		return vsharp_fail(err, -ENOENT,
				   "%s: a folder without trace.log, not a RADV hang report (RADV_DEBUG=hang writes trace.log, pipeline.log, registers.log ...)",
				   dir);
	d->format = "radv-hang-report";
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]) && !ret; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i].name);
		if (!stat(path, &st) && st.st_size > 0)
			ret = merge_file(path, d, files[i].parse, err);
	}
	return ret;
}

int vsharp_dump_read(const char *path, struct vsharp_dump *d, struct vsharp_error *err)
{
	struct vsharp_error e;
	struct stat st;
	char *text;
	size_t len;
	int ret;

	memset(d, 0, sizeof(*d));
	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		ret = read_radv_folder(path, d, err);
		if (ret)
			vsharp_dump_free(d);
		return ret;
	}
	ret = read_text(path, &text, &len, err);
	if (ret)
		return ret;
	ret = vsharp_dump_parse(text, len, d, &e);
	free(text);
	if (ret < 0)
		return vsharp_fail(err, ret, "%s: %s", path, e.msg);
	return ret;
}

static const char *const kinds[] = { "ring", "IB", "shader" };
static const char *const a_kind[] = { "a ring", "an IB", "a shader" };

const struct vsharp_dump_stream *vsharp_dump_pick(const struct vsharp_dump *d, const char *name,
						  struct vsharp_error *err)
{
	const struct vsharp_dump_stream *only = NULL;
	char list[300] = "";
	size_t k = 0, words = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct vsharp_dump_stream *s = &d->s[i];
		const char *want = name ? name : d->timed_out;

		if (*want && !strcmp(s->name, want))
			return s;
		words++;
		only = s;
		k += (size_t)snprintf(list + k, k < sizeof(list) ? sizeof(list) - k : 0,
				      "%s%s %s (line %u)", i ? ", " : "", kinds[s->kind], s->name,
				      s->line);
		if (k >= sizeof(list))
			k = sizeof(list);
	}
	if (!name && words == 1)
		return only;
	if (!d->n)
		vsharp_fail(err, -ENOENT, "the %s dump holds no ring, IB or shader words%s",
			    d->format,
			    !strcmp(d->format, "devcoredump") ?
			    " (no 'Ring buffer information': the kernel that wrote it printed no ring contents)" :
			    "");
	else if (name)
		vsharp_fail(err, -ENOENT, "no stream '%s' in the %s dump (it holds %s)", name,
			    d->format, list);
	else
		vsharp_fail(err, -EINVAL, "the %s dump holds %zu streams: %s; name one", d->format,
			    d->n, list);
	return NULL;
}

/* "polaris11.mmSQ_BUF_RSRC_WORD2", "SQ_BUF_RSRC_WORD2": the word, or -1. */
static int rsrc_word(const char *name)
{
	static const char key[] = "SQ_BUF_RSRC_WORD";
	const char *p = strstr(name, key);

	if (!p || p[sizeof(key) - 1] < '0' || p[sizeof(key) - 1] > '3' || p[sizeof(key)])
		return -1;
	return p[sizeof(key) - 1] - '0';
}

int vsharp_dump_descriptors(const struct vsharp_dump *d, uint32_t *out, size_t max, size_t *n,
			    struct vsharp_error *err)
{
	*n = 0;
	for (size_t i = 0; i < d->n_reg; i++) {
		if (rsrc_word(d->reg[i].name) != 0)
			continue;
		for (int w = 0; w < 4; w++) {
			if (i + (size_t)w >= d->n_reg || rsrc_word(d->reg[i + w].name) != w)
				return vsharp_fail(err, -EINVAL,
						   "line %u: %s starts a V# but word %d (SQ_BUF_RSRC_WORD%d) does not follow",
						   d->reg[i].line, d->reg[i].name, w, w);
			if (*n == max)
				return vsharp_fail(err, -E2BIG, "line %u: more than %zu V# words",
						   d->reg[i + w].line, max);
			out[(*n)++] = d->reg[i + w].value;
		}
		i += 3;
	}
	if (!*n)
		return vsharp_fail(err, -ENOENT,
				   "no SQ_BUF_RSRC_WORD0..3 lines in the %s dump (a V# is four register lines in order)",
				   d->format);
	return 0;
}

int vsharp_dump_ring(const struct vsharp_dump_stream *s, struct vsharp_ring_dump *r,
		     uint32_t **buf, struct vsharp_error *err)
{
	uint32_t n = s->ring_dw, last = s->first_slot + (uint32_t)s->n - 1, end;

	*buf = NULL;
	if (s->kind != VSHARP_DUMP_RING)
		return vsharp_fail(err, -EINVAL, "%s is not a ring", s->name);
	if (!s->n)
		return vsharp_fail(err, -ENODATA, "line %u: ring %s holds no words", s->line, s->name);
	/*
	 * umr dumps a window of the ring: the ring is at least as large as
	 * the highest slot or pointer it names, and a power of two
	 * (amdgpu_ring_init()); slots outside the window stay unknown and are
	 * never decoded, because decoding stops where the window ends.
	 */
	if (!n) {
		uint32_t top = last;

		if (s->has_ptrs && s->rptr > top)
			top = s->rptr;
		if (s->has_ptrs && s->wptr > top)
			top = s->wptr;
		for (n = 1; n <= top; n <<= 1)
			;
	}
	if (s->first_slot + s->n > n)
		return vsharp_fail(err, -EINVAL, "line %u: ring %s wraps inside its window", s->line,
				   s->name);
	*buf = calloc(n, sizeof(**buf));
	if (!*buf)
		return vsharp_fail(err, -ENOMEM, "out of memory for a ring of %u dwords", n);
	memcpy(*buf + s->first_slot, s->dw, s->n * sizeof(**buf));
	r->ring = *buf;
	r->n = n;
	if (!s->has_ptrs) {
		/* No pointers: every dumped slot, in slot order. */
		r->rptr = s->first_slot;
		r->wptr = r->driver_wptr = (last + 1) % n;
		return 0;
	}
	if (s->ring_dw) {
		r->rptr = s->rptr;
		r->wptr = r->driver_wptr = s->wptr;
		return 0;
	}
	/* umr advises decoding from rptr: the words before it may be a packet's tail. */
	if (s->rptr < s->first_slot || s->rptr > last + 1) {
		free(*buf);
		*buf = NULL;
		return vsharp_fail(err, -EINVAL,
				   "line %u: ring %s's rptr %u is outside the dumped slots %u..%u (dump from rptr: umr --ring %s[.])",
				   s->line, s->name, s->rptr, s->first_slot, last, s->name);
	}
	end = s->wptr >= s->rptr && s->wptr <= last + 1 ? s->wptr : last + 1;
	r->rptr = s->rptr;
	r->wptr = r->driver_wptr = end % n;
	return 0;
}

int vsharp_dump_shader(const char *path, const char *name, struct vsharp_dump *d,
		       const struct vsharp_dump_stream **s, struct vsharp_error *err)
{
	struct vsharp_error e;
	int ret = vsharp_dump_read(path, d, err);

	if (ret)
		return ret;
	*s = vsharp_dump_pick(d, name, &e);
	if (!*s)
		ret = vsharp_fail(err, -EINVAL, "%s: %s", path, e.msg);
	else if ((*s)->kind != VSHARP_DUMP_SHADER)
		ret = vsharp_fail(err, -EINVAL, "%s: %s is %s, not shader code (vsharp ib decode reads it)",
				  path, (*s)->name, a_kind[(*s)->kind]);
	if (ret)
		vsharp_dump_free(d);
	return ret;
}
