// SPDX-License-Identifier: MIT
/*
 * `vsharp disasm --gfx LEVEL|PROCESSOR [WORDS... | --file FILE | -]`: shader
 * words as the disassembler (isa/isa.h) reads them for that processor (a
 * level: its first processor), one instruction per line in
 * llvm-objdump-19's layout ("\tmnemonic operands   // address: WORDS").
 * Words that are no instruction print as ".long 0x..." with the reason, and
 * take the length of the encoding they start where that is known (so the
 * second dword of an undecoded 8-byte instruction is not shown as one).
 * Without words: the level's shipped probe shader (user/tests/objdump.sh
 * diffs it against LLVM).  --hazards: the strict
 * GPU's hazard rules for that processor (emu/hazard.c) over the listing in
 * address order, as straight-line code; each broken rule follows its
 * instruction, and the exit status is 1 if any was.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "emu/hazard.h"
#include "emu/isa.h"
#include "isa/isa.h"
#include "vsharp/dump.h"
#include "vsharp/dwords.h"
#include "vsharp/shaders.h"

static const char usage_disasm[] =
	"usage: vsharp disasm --gfx LEVEL|PROCESSOR [--address ADDR] [--json] [--hazards] [WORD...]\n"
	"       vsharp disasm --gfx LEVEL|PROCESSOR [--address ADDR] [--json] [--hazards] --file FILE\n"
	"\n"
	"  --hazards: check the listing, in address order, against the processor's hazard rules\n"
	"             (exit status 1 if one is broken)\n"
	"  FILE: text or binary (Documentation/cli.rst \"Dword input\"); - is stdin\n"
	"  no words: the level's probe shader; LEVEL: gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12\n"
	"  PROCESSOR: an LLVM processor of a level (gfx810: packed D16), not the CDNA gfx90a, gfx940-gfx950\n";

/* --json: the writer; text otherwise. */
static bool json;
static struct vsharp_json j;
/* --hazards: the checker and what it found. */
static bool hazards;
static struct emu_hazards hz;
static unsigned n_hazards;

/*
 * One instruction.  Text: llvm-objdump-19 pads the instruction to 59
 * columns before the comment, and a longer one runs straight into it.  JSON: an element of "instructions".
 */
static void line(uint64_t at, const char *text, const uint32_t *w, unsigned n, const char *why,
		 const char *hazard)
{
	if (json) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_hex(&j, "address", at);
		vsharp_json_array_begin(&j, "words");
		for (unsigned i = 0; i < n; i++)
			vsharp_json_uint(&j, NULL, w[i]);
		vsharp_json_array_end(&j);
		vsharp_json_str(&j, "text", text);
		if (why)
			vsharp_json_str(&j, "not_decoded", why);
		if (hazard)
			vsharp_json_str(&j, "hazard", hazard);
		vsharp_json_object_end(&j);
		return;
	}
	printf("\t%-59s// %012" PRIX64 ":", text, at);
	for (unsigned i = 0; i < n; i++)
		printf(" %08X", w[i]);
	if (why)
		printf(" (not decoded: %s)", why);
	putchar('\n');
	if (hazard)
		printf("\t// hazard: %s\n", hazard);
}

/*
 * CDNA processors whose memory instructions encode otherwise than their
 * level's: gfx90a has SCC where GFX9 has GDS-capable bits, gfx940 and later
 * name the cache bits sc0/sc1/nt (LLVM AMDGPU.td FeatureGFX90AInsts,
 * FeatureGFX940Insts; llvm-objdump-19 --mcpu=gfx90a/gfx942 prints them).
 */
static const char *const cdna[] = { "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950" };

/*
 * An ELF code object (what llvm-mc, clang and the ROCm and Mesa compilers
 * write) starts with 0x7f 'E' 'L' 'F': its header is not shader code.  A
 * named file is looked at before it is read (an ELF file need not be a whole
 * number of dwords); stdin after, as the first binary dword.
 */
static const char elf_magic[4] = { 0x7f, 'E', 'L', 'F' };

static int refuse_elf(const char *file)
{
	return cli_error("%s: an ELF object: extract .text with llvm-objcopy -O binary --only-section=.text %s text.bin, then vsharp disasm --file text.bin",
			 file, strcmp(file, "-") ? file : "OBJECT");
}

static bool file_is_elf(const char *file)
{
	char head[sizeof(elf_magic)];
	FILE *f = strcmp(file, "-") ? fopen(file, "rb") : NULL;
	bool elf = f && fread(head, 1, sizeof(head), f) == sizeof(head) &&
		   !memcmp(head, elf_magic, sizeof(head));

	if (f)
		fclose(f);
	return elf;
}

/*
 * The emulator's view of the instruction the disassembler printed, for the
 * hazard rules; false where the emulator does not take it (or reads another
 * length), which is then an instruction of unknown effect.
 */
static bool hazard_step(const struct vsharp_target *t, uint64_t at, const uint32_t *w,
			unsigned words, char *msg, size_t n)
{
	struct vsharp_error err;
	struct emu_insn insn;
	struct emu_uses u;

	if (emu_decode_target(t, w, words, &insn, &err) < 0 || insn.words != words) {
		emu_hazards_start(&hz, t);
		return false;
	}
	emu_insn_uses(t->level, &insn, &u);
	return emu_hazards_step(&hz, at, &insn, &u, msg, n);
}

/*
 * A umr shader listing or wave window (Documentation/cli.rst "Dump
 * formats"): its words, at the address umr printed unless --address says
 * otherwise.  Returns 0, 1 when FILE is not such a dump, or an exit status.
 */
static int read_dump_shader(const char *file, struct vsharp_dwords *d, uint64_t *address,
			    bool address_given)
{
	const struct vsharp_dump_stream *s;
	struct vsharp_dump dump;
	struct vsharp_error err;
	int got = vsharp_dump_shader(file, NULL, &dump, &s, &err);

	if (got)
		return got < 0 ? cli_lib_error(&err) : 1;
	d->dw = malloc((s->n ? s->n : 1) * sizeof(*d->dw));
	if (!d->dw) {
		vsharp_dump_free(&dump);
		return cli_error("disasm: out of memory");
	}
	memcpy(d->dw, s->dw, s->n * sizeof(*d->dw));
	d->n = s->n;
	if (!address_given)
		*address = s->base;
	vsharp_dump_free(&dump);
	return 0;
}

static void disasm(const struct vsharp_target *t, const uint32_t *dw, size_t n, uint64_t address)
{
	vsharp_json_init(&j, stdout);
	emu_hazards_start(&hz, t);
	if (json) {
		vsharp_json_object_begin(&j, NULL);
		vsharp_json_str(&j, "gfx", vsharp_gfx_name(t->level));
		vsharp_json_hex(&j, "address", address);
		vsharp_json_array_begin(&j, "instructions");
	}
	for (size_t at = 0; at < n;) {
		struct isa_insn insn;
		char msg[512];
		bool broken = false;

		isa_disasm(t, dw + at, n - at, &insn);
		if (!insn.known)
			/* What the words do is unknown: the rules start again after them. */
			emu_hazards_start(&hz, t);
		else if (hazards)
			broken = hazard_step(t, address + 4 * at, dw + at, insn.words, msg, sizeof(msg));
		n_hazards += broken;
		line(address + 4 * at, insn.text, dw + at, insn.words, insn.known ? NULL : insn.reason,
		     broken ? msg : NULL);
		at += insn.words;
	}
	if (json) {
		vsharp_json_array_end(&j);
		vsharp_json_object_end(&j);
	}
}

int cmd_disasm(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "--gfx", true, 1 },
		{ "--file", true, 2 },
		{ "--address", true, 3 },
		{ "--json", false, 4 },
		{ "--hazards", false, 5 },
		{ NULL, false, 0 },
	};
	char **words = calloc((size_t)argc + 1, sizeof(*words));
	const char *gfx = NULL, *file = NULL, *val;
	struct vsharp_dwords d = { 0 };
	const struct vsharp_target *target;
	struct vsharp_error err;
	enum vsharp_gfx level;
	uint64_t address = 0;
	bool address_given = false;
	int i = 0, id, nwords = 0, ret = CLI_EXIT_USAGE;

	if (cli_wants_help(argc, argv)) {
		free(words);
		fputs(usage_disasm, stdout);
		return 0;
	}
	if (!words)
		return cli_error("disasm: out of memory");
	json = false;	/* the fuzz harness runs verbs again in one process */
	hazards = false;
	n_hazards = 0;
	while ((id = cli_getopt(argc, argv, &i, opts, "disasm", &val)) != CLI_END) {
		if (id == CLI_BAD)
			goto out;
		if (id == 1)
			gfx = val;
		else if (id == 2)
			file = val;
		else if (id == 3 && !cli_parse_u64("--address", val, UINT64_MAX - 3, &address))
			goto out;
		else if (id == 3)
			address_given = true;
		else if (id == 4)
			json = true;
		else if (id == 5)
			hazards = true;
		else if (id == CLI_ARG)
			words[nwords++] = (char *)val;
	}
	/* A lone "-" is stdin, as for ib decode. */
	if (nwords == 1 && !strcmp(words[0], "-") && !file) {
		file = "-";
		nwords = 0;
	}
	if (!gfx) {
		cli_error("--gfx: required\n%s", usage_disasm);
		goto out;
	}
	if (file && nwords) {
		cli_error("disasm: words from --file or the command line, not both ('%s')\n%s",
			  words[0], usage_disasm);
		goto out;
	}
	if (vsharp_gfx_parse(gfx, &level, &err)) {
		cli_lib_error(&err);
		goto out;
	}
	for (size_t k = 0; k < sizeof(cdna) / sizeof(cdna[0]); k++) {
		if (strcmp(gfx, cdna[k]))
			continue;
		cli_error("--gfx: %s is CDNA, compute-only (Instinct MI200/MI300/MI350), whose memory instructions encode otherwise (SCC, sc0 sc1 nt, no GDS); vsharp's GFX9 is gfx900 to gfx906 and gfx908, gfx909, gfx90c, which encode alike (allowed: gfx6 to gfx12 or an LLVM processor of one, not gfx90a, gfx940, gfx941, gfx942, gfx950)",
			  gfx);
		goto out;
	}
	/* A level (or an alias of one) decodes as its first processor. */
	target = vsharp_target_find(gfx);
	if (!target || target->level != level)
		target = vsharp_target_of(level);
	if (file) {
		int got;

		if (file_is_elf(file)) {
			refuse_elf(file);
			goto out;
		}
		/* stdin is read once, as words */
		got = strcmp(file, "-") ? read_dump_shader(file, &d, &address, address_given) : 1;
		if (got > 1)
			goto out;
		if (got && vsharp_dwords_read_file(file, &d, &err)) {
			cli_lib_error(&err);
			goto out;
		}
		if (d.binary && d.n && !memcmp(d.dw, elf_magic, sizeof(elf_magic))) {
			refuse_elf(file);
			goto out;
		}
	} else if (nwords) {
		/* A word takes at least one character and a separator. */
		size_t max = 1;

		for (int k = 0; k < nwords; k++)
			max += strlen(words[k]) / 2 + 1;
		d.dw = malloc(max * sizeof(*d.dw));
		if (!d.dw) {
			cli_error("disasm: out of memory");
			goto out;
		}
		if (vsharp_dwords_from_args(nwords, words, d.dw, max, &d.n, &err)) {
			cli_lib_error(&err);
			goto out;
		}
	} else {
		const struct vsharp_shader *sh = vsharp_shader_for(level, &err);

		if (!sh) {
			cli_lib_error(&err);
			goto out;
		}
		/* One binary per level: gfx810 runs gfx8's (shaders/README.md). */
		disasm(target, sh->code, sh->n_words, address);
		ret = n_hazards ? 1 : 0;
		goto out;
	}
	if (address + 4 * (uint64_t)d.n < address) {
		cli_error("--address: 0x%" PRIx64 " plus %zu dwords passes 2^64", address, d.n);
		goto out;
	}
	disasm(target, d.dw, d.n, address);
	ret = n_hazards ? 1 : 0;
out:
	vsharp_dwords_free(&d);
	free(words);
	return ret;
}
