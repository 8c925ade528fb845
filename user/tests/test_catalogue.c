// SPDX-License-Identifier: MIT
/* vsharp_op_find's by-name index against a walk of the catalogue. */
#include <threads.h>

#include "ktap.h"
#include "vsharp/ops.h"

/* What the index must return: the first instruction of the spelling, in catalogue order. */
static const struct vsharp_op *walk(enum vsharp_gfx level, const char *name)
{
	const struct vsharp_op *op;
	unsigned i = 0;

	while ((op = vsharp_op_next(level, &i)))
		if (!strcmp(vsharp_op_name(op, level), name))
			return op;
	return NULL;
}

/* Every spelling of every level, looked up on every level. */
static unsigned mismatches(void)
{
	unsigned bad = 0;

	for (unsigned j = 0; j < vsharp_op_count; j++) {
		for (int spelled = 0; spelled < VSHARP_GFX_COUNT; spelled++) {
			const char *name = vsharp_op_name(&vsharp_ops[j], spelled);

			for (int l = 0; name && l < VSHARP_GFX_COUNT; l++)
				bad += vsharp_op_find(l, name, NULL) != walk(l, name);
		}
	}
	return bad;
}

static int mismatches_thread(void *bad)
{
	*(unsigned *)bad = mismatches();
	return 0;
}

/* First in this process: the threads race to build every level's index. */
static void test_concurrent_first_lookups(struct ktap *t)
{
	thrd_t th[4];
	unsigned bad[4];

	for (int k = 0; k < 4; k++)
		CHECK(t, thrd_create(&th[k], mismatches_thread, &bad[k]) == thrd_success);
	for (int k = 0; k < 4; k++) {
		CHECK(t, thrd_join(th[k], NULL) == thrd_success);
		CHECK_EQ(t, bad[k], 0);
	}
}

static void test_find_is_the_walk(struct ktap *t)
{
	CHECK_EQ(t, mismatches(), 0);
}

static void test_refusals(struct ktap *t)
{
	struct vsharp_error err = { "" };

	CHECK(t, !vsharp_op_find(VSHARP_GFX9, "buffer_load_b32", &err));
	CHECK_STR(t, err.msg, "op: gfx9 has no buffer_load_b32 (it is a gfx11 instruction; see `vsharp ops --gfx gfx9`)");
	CHECK(t, !vsharp_op_find(VSHARP_GFX11, "buffer_load_b33", &err));
	CHECK_STR(t, err.msg, "op: unknown instruction 'buffer_load_b33' on gfx11 (see `vsharp ops --gfx gfx11`)");
	CHECK(t, !vsharp_op_find(VSHARP_GFX_COUNT, "buffer_load_dword", &err));
	CHECK_STR(t, err.msg, "op: gfx? has no buffer_load_dword (it is a gfx6 instruction; see `vsharp ops --gfx gfx?`)");
	CHECK(t, !vsharp_op_find(VSHARP_GFX11, "", NULL));
}

KTAP_MAIN(KTAP_CASE(test_concurrent_first_lookups), KTAP_CASE(test_find_is_the_walk),
	  KTAP_CASE(test_refusals))
