// SPDX-License-Identifier: MIT
/*
 * SH_MEM_CONFIG.ALIGNMENT_MODE, the full table: 4 modes x sizes 1, 2, 4,
 * 8, 12, 16 x misalignment 0..15, for loads, stores, atomics and format
 * instructions, on every level.  The expectations restate R3 §9.5 / R4
 * §9.5:
 *   DWORD: aligned down to min(size, 4); DWORD_STRICT: MEMVIOL unless
 *   aligned to min(size, 4); STRICT: MEMVIOL unless aligned to the size;
 *   UNALIGNED: as is.  Atomics: MEMVIOL unless size-aligned (GFX12 DWORD
 *   mode aligns them down, R4 §9.5).  Format ops: aligned by component
 *   size (1, 2, 4) in every mode.
 * GFX6 has no SH_MEM_CONFIG and no unaligned buffer access: every mode acts
 * as DWORD ("For 32-bit and wider operations, an address are aligned to 4
 * bytes. For 16-bit operations, an address are aligned to 2 bytes", CLRX
 * GcnMemHandling; LLVM FeatureUnalignedBufferAccess from CI).
 */
#include "model_util.h"

static const struct vsharp_op *find(enum vsharp_gfx l, enum vsharp_op_kind kind,
				    enum vsharp_atomic atomic, unsigned bytes)
{
	const struct vsharp_op *op;
	unsigned i = 0;

	while ((op = vsharp_op_next(l, &i)))
		if (op->cls == VSHARP_OP_MUBUF && op->kind == kind && op->bytes == bytes &&
		    op->data == VSHARP_DATA_DERIVED && !op->sign && !op->d16 &&
		    op->atomic == atomic)
			return op;
	return NULL;
}

struct expect {
	bool memviol;
	unsigned down;		/* bytes the address moves down */
};

static struct expect untyped(enum vsharp_align_mode m, unsigned size, unsigned mis)
{
	unsigned n = size < 4 ? size : 4;
	struct expect e = { false, 0 };

	switch (m) {
	case VSHARP_ALIGN_DWORD:
		e.down = mis % n;
		break;
	case VSHARP_ALIGN_DWORD_STRICT:
		e.memviol = mis % n != 0;
		break;
	case VSHARP_ALIGN_STRICT:
		/* 12 bytes: the strict_b96 rule's default, 16. */
		e.memviol = mis % (size == 12 ? 16 : size) != 0;
		break;
	default:
		break;
	}
	return e;
}

static void sweep(struct ktap *t, enum vsharp_op_kind kind, enum vsharp_atomic atomic)
{
	static const unsigned sizes[] = { 1, 2, 4, 8, 12, 16 };

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
			for (size_t s = 0; s < 6; s++) {
				const struct vsharp_op *op = find(l, kind, atomic, sizes[s]);
				struct mcase c;

				if (!op)
					continue;
				/* GFX6: the mode DWORD acts as, whatever is asked. */
				enum vsharp_align_mode em = l == VSHARP_GFX6 ? VSHARP_ALIGN_DWORD : m;

				c = mcase(l, vsharp_op_name(op, l));
				c.offen = true;
				c.align = m;
				for (unsigned mis = 0; mis < 16; mis++) {
					struct vsharp_lane_in in = lane_off(256 + mis);
					struct vsharp_lane_out out;
					struct expect e;

					if (atomic) {
						bool force = em == VSHARP_ALIGN_DWORD &&
							     (l == VSHARP_GFX12 || l <= VSHARP_GFX9);

						e.memviol = !force && mis % sizes[s];
						e.down = force ? mis % sizes[s] : 0;
					} else {
						e = untyped(em, sizes[s], mis);
					}
					if (!mrun(t, &c, &in, &out))
						return;
					CHECK_MSG(t, out.memviol == e.memviol &&
						  out.addr == MEM_VA + 256 + mis - e.down,
						  "%s %s %s +%u: memviol %d addr +%llu",
						  vsharp_gfx_name(l), c.op, vsharp_align_mode_name(m), mis,
						  out.memviol, (unsigned long long)(out.addr - MEM_VA - 256));
				}
			}
		}
	}
}

static void test_loads(struct ktap *t)
{
	sweep(t, VSHARP_OP_LOAD, VSHARP_ATOMIC_NONE);
}

static void test_stores(struct ktap *t)
{
	sweep(t, VSHARP_OP_STORE, VSHARP_ATOMIC_NONE);
}

static void test_atomics(struct ktap *t)
{
	sweep(t, VSHARP_OP_ATOMIC, VSHARP_ATOMIC_ADD);
}

static void test_format_ops(struct ktap *t)
{
	static const struct {
		enum vsharp_dfmt dfmt;
		unsigned align;
	} fmts[] = {
		{ VSHARP_DFMT_8, 1 }, { VSHARP_DFMT_16, 2 }, { VSHARP_DFMT_8_8, 2 },
		{ VSHARP_DFMT_32, 4 }, { VSHARP_DFMT_32_32, 4 }, { VSHARP_DFMT_32_32_32, 4 },
		{ VSHARP_DFMT_32_32_32_32, 4 }, { VSHARP_DFMT_2_10_10_10, 4 },
	};

	for (int l = 0; l < VSHARP_GFX_COUNT; l++) {
		for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++) {
			for (int m = 0; m < VSHARP_ALIGN_COUNT; m++) {
				struct mcase c = mcase(l, "buffer_load_format_x");

				c.buf.format.dfmt = fmts[f].dfmt;
				c.buf.format.nfmt = fmts[f].dfmt == VSHARP_DFMT_32 ||
						    fmts[f].dfmt >= VSHARP_DFMT_32_32 ?
						    VSHARP_NFMT_UINT : VSHARP_NFMT_UNORM;
				c.offen = true;
				c.align = m;
				for (unsigned mis = 0; mis < 16; mis++) {
					struct vsharp_lane_in in = lane_off(256 + mis);
					struct vsharp_lane_out out;

					if (!mrun(t, &c, &in, &out))
						return;
					/* Same in every mode: aligned down to the component size. */
					CHECK_MSG(t, !out.memviol &&
						  out.addr == MEM_VA + 256 + mis - mis % fmts[f].align,
						  "%s %s +%u", vsharp_gfx_name(l),
						  vsharp_dfmt_name(fmts[f].dfmt), mis);
				}
			}
		}
	}
}

/* What MEMVIOL does to data: loads return 0, stores and atomics are dropped. */
static void test_memviol_data(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX11, "buffer_load_b32");
	struct vsharp_lane_in in = lane_off(258);
	struct vsharp_lane_out out;

	memset(test_mem_bytes + 256, 0x5a, 16);
	c.offen = true;
	c.align = VSHARP_ALIGN_DWORD_STRICT;
	if (mrun(t, &c, &in, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, out.vdst[0], 0);
	}
	c.align = VSHARP_ALIGN_UNALIGNED;
	if (mrun(t, &c, &in, &out))
		CHECK_EQ(t, out.vdst[0], 0x5a5a5a5a);
	c.op = "buffer_store_b32";
	c.align = VSHARP_ALIGN_STRICT;
	in.data[0] = 0x11223344;
	if (mrun(t, &c, &in, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, test_mem_bytes[258], 0x5a);
	}
	/* DWORD mode: a dword store at +2 writes at +0 (R3 §9.5 "LSBs ignored"). */
	c.align = VSHARP_ALIGN_DWORD;
	if (mrun(t, &c, &in, &out)) {
		CHECK(t, !out.memviol);
		CHECK_EQ(t, test_mem_bytes[256], 0x44);
		CHECK_EQ(t, test_mem_bytes[259], 0x11);
		CHECK_EQ(t, test_mem_bytes[260], 0x5a);
	}
	c.op = "buffer_atomic_add_u32";
	c.align = VSHARP_ALIGN_DWORD;
	c.glc = true;
	in.data[0] = 1;
	if (mrun(t, &c, &in, &out)) {
		CHECK(t, out.memviol);
		CHECK_EQ(t, out.vdst[0], 0);
		CHECK_EQ(t, test_mem_bytes[256], 0x44);
	}
}

static void test_strict_b96_rule(struct ktap *t)
{
	struct mcase c = mcase(VSHARP_GFX11, "buffer_load_b96");
	struct vsharp_lane_in in = lane_off(256 + 4);
	struct vsharp_lane_out out;

	c.offen = true;
	c.align = VSHARP_ALIGN_STRICT;
	if (mrun(t, &c, &in, &out))
		CHECK(t, out.memviol);
	c.rule = "strict_b96=4";
	if (mrun(t, &c, &in, &out))
		CHECK(t, !out.memviol);
	/* Literal "aligned to data size": the address a multiple of 12 (0x10008 is). */
	c.rule = "strict_b96=12";
	in = lane_off(8);
	if (mrun(t, &c, &in, &out))
		CHECK(t, !out.memviol);
	in = lane_off(12);
	if (mrun(t, &c, &in, &out))
		CHECK(t, out.memviol);
}

KTAP_MAIN(KTAP_CASE(test_loads), KTAP_CASE(test_stores), KTAP_CASE(test_atomics),
	  KTAP_CASE(test_format_ops), KTAP_CASE(test_memviol_data),
	  KTAP_CASE(test_strict_b96_rule))
