/* SPDX-License-Identifier: MIT */
#ifndef VSHARP_RULES_H
#define VSHARP_RULES_H

#include <stdint.h>

#include "vsharp/convert.h"
#include "vsharp/error.h"
#include "vsharp/gfx.h"

/*
 * Where the documents disagree with each other or say nothing, the model
 * names the choice.  Each rule has its alternatives, each with a source, and a
 * default per level; a hardware run can evaluate a case under every choice
 * and report which one the chip follows (Documentation/model.rst).
 */
enum vsharp_rule {
	VSHARP_RULE_GFX9_RAW_SOFFSET,
	VSHARP_RULE_GFX10_STRUCT_OFFSET,
	VSHARP_RULE_GFX10_RAW,
	VSHARP_RULE_GCN_RANGE,
	VSHARP_RULE_STRICT_B96,
	VSHARP_RULE_ATOMIC_MISALIGNED,
	VSHARP_RULE_FORMAT_MISALIGNED,
	VSHARP_RULE_LDS_M0_CLAMP,
	VSHARP_RULE_TFE_OOB,
	VSHARP_RULE_GFX9_SWIZZLE_ELEMENT,
	VSHARP_RULE_MISSING_CHANNEL,
	VSHARP_RULE_STORE_FORMAT_FILL,
	VSHARP_RULE_LDS_DMA_OFFSET,
	VSHARP_RULE_D16_UNUSED_HALF,
	VSHARP_RULE_APPEND_M0,
	VSHARP_RULE_SRC2_THREAD_DEST,
	VSHARP_RULE_BVH_STACK_SIZE,
	VSHARP_RULE_BVH_STACK_ADDR,
	VSHARP_RULE_BVH_STACK_STRIDE,
	VSHARP_RULE_BVH_STACK_POP,
	VSHARP_RULE_BVH_STACK_WRAP,
	VSHARP_RULE_BVH_INVALID_NODE,
	VSHARP_RULE_BVH_PUSH8,
	VSHARP_RULE_SMEM_SIZE,
	VSHARP_RULE_SMEM_OOB,
	VSHARP_RULE_GFX6_DS_NEGATIVE_BASE,
	VSHARP_RULE_GCN_DS_MISALIGNED,
	VSHARP_RULE_DS_ATOMIC_DWORD,
	VSHARP_RULE_DS_B16_DWORD,
	/*
	 * The format-conversion rules, in the order of struct
	 * vsharp_convert_rules' fields, which share their storage (struct
	 * vsharp_rules below): Documentation/formats.rst.
	 */
	VSHARP_RULE_D16_F32_TO_F16,
	VSHARP_RULE_STORE_F32_TO_F16,
	VSHARP_RULE_PACKED_FLOAT_ROUND,
	VSHARP_RULE_NORM_STORE_ROUND,
	VSHARP_RULE_SCALED_STORE_ROUND,
	VSHARP_RULE_SNORM_LOAD_CLAMP,
	VSHARP_RULE_INT_STORE_CLAMP,
	VSHARP_RULE_D16_INT_CLAMP,
	VSHARP_RULE_ALPHA2_UNSIGNED,
	VSHARP_RULE_COUNT
};

#define VSHARP_RULE_FIRST_CONVERT VSHARP_RULE_D16_F32_TO_F16

/* Choices, per rule; the first listed is not necessarily the default. */
enum { VSHARP_GFX9_RAW_SOFFSET_EXCLUDED, VSHARP_GFX9_RAW_SOFFSET_SUBTRACTED };
enum { VSHARP_GFX10_STRUCT_GE, VSHARP_GFX10_STRUCT_GT, VSHARP_GFX10_STRUCT_PAYLOAD };
enum { VSHARP_GFX10_RAW_PAYLOAD_BYTES, VSHARP_GFX10_RAW_PAYLOAD_DWORDS, VSHARP_GFX10_RAW_OFFSET_GE };
enum { VSHARP_GCN_RANGE_CLRX, VSHARP_GCN_RANGE_BYTES };
enum { VSHARP_STRICT_B96_16, VSHARP_STRICT_B96_4, VSHARP_STRICT_B96_12 };
enum { VSHARP_MISALIGNED_MEMVIOL, VSHARP_MISALIGNED_FORCE };
enum { VSHARP_LDS_M0_CLAMP, VSHARP_LDS_M0_IGNORED };
enum { VSHARP_TFE_OOB_KEEP, VSHARP_TFE_OOB_FAIL };
enum { VSHARP_GFX9_ES_FIXED_4, VSHARP_GFX9_ES_FROM_BITS };
enum { VSHARP_MISSING_0001, VSHARP_MISSING_0000 };
enum { VSHARP_STORE_FILL_REPLICATE_X, VSHARP_STORE_FILL_SKIP };
enum { VSHARP_LDS_DMA_WITH_IOFFSET, VSHARP_LDS_DMA_WITHOUT_IOFFSET };
enum { VSHARP_D16_PRESERVE, VSHARP_D16_ZERO };
enum { VSHARP_APPEND_M0_BASE_SIZE, VSHARP_APPEND_M0_ADDRESS };
enum { VSHARP_SRC2_DEST_17BIT, VSHARP_SRC2_DEST_WHOLE };
enum { VSHARP_BVH_SIZE_OFFSET1, VSHARP_BVH_SIZE_ADDR };
enum { VSHARP_BVH_ADDR_FIELDS, VSHARP_BVH_ADDR_RDNA3 };
enum { VSHARP_BVH_STRIDE_WAVE32, VSHARP_BVH_STRIDE_DWORD };
enum { VSHARP_BVH_POP_TOP, VSHARP_BVH_POP_LITERAL };
enum { VSHARP_BVH_WRAP_RING, VSHARP_BVH_WRAP_COUNTER };
enum { VSHARP_BVH_INVALID_ALL_ONES, VSHARP_BVH_INVALID_BITS31_3 };
enum { VSHARP_BVH_PUSH8_ISA, VSHARP_BVH_PUSH8_GPURT };
enum { VSHARP_SMEM_SIZE_STRIDE_X_RECORDS, VSHARP_SMEM_SIZE_RECORDS_OR_1 };
enum { VSHARP_SMEM_OOB_KEEP, VSHARP_SMEM_OOB_ZERO };
enum { VSHARP_DS_NEG_BASE_OUT_OF_RANGE, VSHARP_DS_NEG_BASE_WRAP };
enum { VSHARP_GCN_DS_ALIGN_DOWN, VSHARP_GCN_DS_AS_ADDRESSED, VSHARP_GCN_DS_MEMVIOL };
enum { VSHARP_DS_ATOMIC_DWORD_ALIGN_DOWN, VSHARP_DS_ATOMIC_DWORD_MEMVIOL };
enum { VSHARP_DS_B16_DWORD_NATIVE, VSHARP_DS_B16_DWORD_AS_ADDRESSED };
/* The conversion rules' choices: enum vsharp_round (convert.h), or off and on. */
enum { VSHARP_CONVERT_OFF, VSHARP_CONVERT_ON };

#define VSHARP_RULE_MAX_CHOICES 3

struct vsharp_rule_choice {
	const char *name;
	const char *source;
};

struct vsharp_rule_info {
	const char *name;
	const char *what;
	unsigned levels;	/* levels the rule matters on */
	unsigned n_choices;
	struct vsharp_rule_choice choice[VSHARP_RULE_MAX_CHOICES];
	uint8_t defaults[VSHARP_GFX_COUNT];
};

/*
 * Every rule's choice, by enum vsharp_rule.  The conversion rules' choices
 * are also struct vsharp_convert_rules, the form the conversion functions
 * take (convert.h): one storage, so that setting choice[r] of any rule is
 * what the model then does.
 */
struct vsharp_rules {
	union {
		uint8_t choice[VSHARP_RULE_COUNT];
		struct {
			uint8_t before_convert[VSHARP_RULE_FIRST_CONVERT];
			struct vsharp_convert_rules convert;
		};
	};
};

const struct vsharp_rule_info *vsharp_rule_info(enum vsharp_rule r);
void vsharp_rules_default(enum vsharp_gfx level, struct vsharp_rules *r);
/*
 * The defaults of a processor: its level's, then what its quirks decide
 * (gfx.h): with SRAM ECC (gfx906:sramecc+) d16_unused_half is zero.
 */
void vsharp_rules_default_target(const struct vsharp_target *t, struct vsharp_rules *r);

/*
 * Where the source of a choice rests: an AMD (or other) document, only a
 * compiler's record (the source starts with "LLVM"), or nothing yet
 * (starts with "UNVERIFIED").
 */
enum vsharp_source_kind { VSHARP_SOURCE_DOCUMENT, VSHARP_SOURCE_COMPILER, VSHARP_SOURCE_UNVERIFIED };
enum vsharp_source_kind vsharp_source_kind(const char *source);
/*
 * "NAME=CHOICE", e.g. "gfx10_raw=offset_ge", "norm_store_round=toward_zero",
 * "snorm_load_clamp=off".
 */
int vsharp_rules_set(struct vsharp_rules *r, const char *spec, struct vsharp_error *err);

/*
 * Rules with no choice: where the documents are plain and the model once
 * differed from them, or where a reader would expect otherwise.  `vsharp
 * rules` lists them after the contested ones.
 */
struct vsharp_documented_rule {
	const char *name;
	unsigned levels;
	const char *statement;
	const char *source;
};

const struct vsharp_documented_rule *vsharp_documented_rules(unsigned *count);

#endif
