/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_CLI_H
#define VSHARP_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "vsharp/error.h"
#include "vsharp/gfx.h"
#include "vsharp/json.h"

/* Exit status of every usage or input error. */
#define CLI_EXIT_USAGE 2
/* Exit status when there is no device to run on: kselftest's "skipped". */
#define CLI_EXIT_SKIP 4

/* --emu-rule NAME=CHOICE may be given this many times. */
#define CLI_MAX_EMU_RULES 16

/*
 * Numbers on the command line are decimal or 0x-prefixed hex, nothing else
 * (no octal, no sign).  Returns false and prints an error naming the option
 * and the allowed range.
 */
bool cli_parse_u64(const char *opt, const char *s, uint64_t max, uint64_t *out);
bool cli_parse_u32(const char *opt, const char *s, uint32_t *out);
bool cli_parse_range(const char *opt, const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* Prints "vsharp: <msg>" on stderr; returns CLI_EXIT_USAGE. */
__attribute__((format(printf, 1, 2)))
int cli_error(const char *fmt, ...);
int cli_lib_error(const struct vsharp_error *err);

/*
 * Key/value output: "key: value" lines, or one JSON object written by the
 * library's JSON writer (vsharp/json.h).  Nested objects print as
 * "outer.key: value" in text.
 */
struct cli_out {
	FILE *f;
	bool json;
	struct vsharp_json j;		/* JSON: the writer; a verb adds what has no out_ call */
	unsigned depth;			/* text: the open objects, named in prefix[1..depth] */
	const char *prefix[4];
};

void out_begin(struct cli_out *o, FILE *f, bool json);
void out_end(struct cli_out *o);
void out_object_begin(struct cli_out *o, const char *key);
void out_object_end(struct cli_out *o);
void out_str(struct cli_out *o, const char *key, const char *v);
void out_u64(struct cli_out *o, const char *key, uint64_t v);
void out_hex(struct cli_out *o, const char *key, uint64_t v);
void out_bool(struct cli_out *o, const char *key, bool v);
/* A list of strings: comma-separated in text, an array in JSON. */
void out_list(struct cli_out *o, const char *key, const char *const *v, unsigned n);
/* Numbers: a JSON array of decimals, or comma-separated (hex if asked) in text. */
/* How out_num_list() prints: decimal; hex in text (a number in JSON); an address, hex in text and a "0x" string in JSON. */
enum out_num { OUT_DEC, OUT_HEX, OUT_ADDR };
void out_num_list(struct cli_out *o, const char *key, const uint64_t *v, unsigned n,
		  enum out_num how);

int cmd_desc(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_ops(int argc, char **argv);
int cmd_addr(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_stubs(int argc, char **argv);
int cmd_ib(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_align(int argc, char **argv);
int cmd_report(int argc, char **argv);

#endif

/*
 * Long options, "--name value", "--name=value" or a bare "--flag", and the
 * short options a verb names ("-j", as "-j N" or "-jN"; any other word
 * starting with one '-' is an argument).  cli_getopt() returns the id of the next option, CLI_ARG for a positional
 * argument (in *val), CLI_END when done, or CLI_BAD after printing an error.
 */
struct cli_opt {
	const char *name;
	bool has_arg;
	int id;
};

enum { CLI_END = -1, CLI_ARG = -2, CLI_BAD = -3 };

int cli_getopt(int argc, char **argv, int *i, const struct cli_opt *opts,
	       const char *cmd, const char **val);

/* --help or -h anywhere before "--": the verb prints its usage, whatever else is there. */
bool cli_wants_help(int argc, char **argv);

/* Verbs whose only option is the required --gfx LEVEL: 0, or the exit status. */
int cli_gfx_only(int argc, char **argv, const char *cmd, enum vsharp_gfx *level);
/* The same, keeping the processor --gfx names (a level name: its probe processor). */
int cli_gfx_target(int argc, char **argv, const char *cmd, const struct vsharp_target **target);
