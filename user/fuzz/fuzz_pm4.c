// SPDX-License-Identifier: MIT
/*
 * The PM4 reader and printer on any dwords at any level: vsharp_pm4_print
 * (what `vsharp ib decode` prints), the same as JSON following the IBs
 * that point into the stream itself (mapped at IB_VA), and the packet walk
 * the emulated queue does (vsharp_pm4_next, _apply_sh, _dispatch_state),
 * plus the name lookups.  The dwords sit in an exact-size heap block, so
 * reading past the input is an AddressSanitizer report.  Invariants:
 *  - every packet starts where the previous one ended and its body lies
 *    inside the stream; next() returns 1, 0 at the end, or -EINVAL;
 *  - a dispatch state is within the ranges its registers can encode;
 *  - refusals name what is wrong and format no NULL string;
 *  - text and JSON refuse the same streams with the same message.
 *
 * Input: level, a register offset for the name lookup, then the dwords.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vsharp/pm4.h"

#define MAX_DWORDS 2048
#define IB_VA 0x100000000ull

static void check_state(enum vsharp_gfx level, const struct vsharp_dispatch_state *st)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(level);

	if (st->user_sgprs > 16 || st->tidig_comps < 1 || st->tidig_comps > 3 ||
	    st->lds_bytes > 0x1ff * 512 || st->vgprs_alloc < 4 || st->vgprs_alloc > 64 * 8 ||
	    st->vgprs_alloc % (st->wave32 ? 8 : 4) || (st->wave32 && !lv->wave32) ||
	    st->pgm_va >> 48 || st->pgm_va & 0xff)
		fuzz_fail("%s: dispatch state out of range: user_sgprs %u tidig %u lds %u vgprs %u wave32 %d pgm 0x%llx",
			  vsharp_gfx_name(level), st->user_sgprs, st->tidig_comps, st->lds_bytes,
			  st->vgprs_alloc, st->wave32, (unsigned long long)st->pgm_va);
	for (int i = 0; i < 3; i++)
		if (!st->threads[i] || st->threads[i] > 0xffff)
			fuzz_fail("%s: threads[%d] = %u", vsharp_gfx_name(level), i, st->threads[i]);
}

static void walk(enum vsharp_gfx level, const uint32_t *dw, unsigned n)
{
	struct vsharp_compute_regs regs;
	struct vsharp_pm4_packet pkt;
	struct vsharp_error err = { "" };
	unsigned pos = 0, prev = 0;
	int ret;

	memset(&regs, 0, sizeof(regs));
	while ((ret = vsharp_pm4_next(dw, n, &pos, &pkt, &err)) == 1) {
		struct vsharp_dispatch_state st;
		int r;

		if (pkt.offset != prev || pos <= prev || pos > n)
			fuzz_fail("packet at %u (expected %u) ends at %u of %u", pkt.offset, prev, pos, n);
		if (pkt.type == 3 && (pkt.body != dw + pkt.offset + 1 || pkt.offset + 1 + pkt.n_body > n))
			fuzz_fail("packet at %u: body of %u dwords leaves the %u-dword stream", pkt.offset,
				  pkt.n_body, n);
		prev = pos;
		if (pkt.type != 3)
			continue;
		if (pkt.opcode == VSHARP_PKT3_SET_SH_REG || pkt.opcode == VSHARP_PKT3_SET_SH_REG_INDEX) {
			r = vsharp_pm4_apply_sh(&regs, &pkt, &err);
			if (r)
				fuzz_check_error("vsharp_pm4_apply_sh", r, &err);
		} else if (pkt.opcode == VSHARP_PKT3_DISPATCH_DIRECT) {
			r = vsharp_pm4_dispatch_state(level, &regs, &pkt, &st, &err);
			if (r)
				fuzz_check_error("vsharp_pm4_dispatch_state", r, &err);
			else
				check_state(level, &st);
		}
	}
	if (ret == 0 && pos != n)
		fuzz_fail("the walk ended at %u of %u dwords", pos, n);
	if (ret < 0) {
		if (ret != -EINVAL)
			fuzz_fail("vsharp_pm4_next returned %d", ret);
		fuzz_check_error("vsharp_pm4_next", ret, &err);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	enum vsharp_gfx level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT);
	uint32_t reg = fuzz_u32(&in);
	struct vsharp_error err = { "" }, json_err = { "" };
	unsigned n = (unsigned)(in.n / 4 < MAX_DWORDS ? in.n / 4 : MAX_DWORDS);
	uint32_t *dw = malloc(n ? n * sizeof(*dw) : 1);
	struct vsharp_pm4_mem mem = { .va = IB_VA, .dw = dw, .n = n };
	struct vsharp_pm4_decode json = { .mem = &mem, .n_mem = 1,
					  .follow_depth = VSHARP_PM4_FOLLOW_MAX, .json = true };
	int ret, json_ret;

	if (!dw)
		return 0;
	fuzz_dwords(&in, dw, n);
	vsharp_reg_name(level, reg);
	vsharp_pm4_opcode_name(reg & 0xff);
	ret = vsharp_pm4_print(level, dw, n, fuzz_devnull(), &err);
	if (ret)
		fuzz_check_error("vsharp_pm4_print", ret, &err);
	json.follow_depth = 0;
	json_ret = vsharp_pm4_decode(level, dw, n, &json, fuzz_devnull(), &json_err);
	if (json_ret != ret || (ret && strcmp(json_err.msg, err.msg)))
		fuzz_fail("%s: text returns %d (%s), JSON %d (%s)", vsharp_gfx_name(level), ret,
			  err.msg, json_ret, json_err.msg);
	json.follow_depth = VSHARP_PM4_FOLLOW_MAX;
	json_ret = vsharp_pm4_decode(level, dw, n, &json, fuzz_devnull(), &json_err);
	if (json_ret)
		fuzz_check_error("vsharp_pm4_decode --json --follow", json_ret, &json_err);
	if (vsharp_pm4_level(level))
		walk(level, dw, n);
	free(dw);
	return 0;
}

/*
 * Seeds: the IB the builder makes for a one-wave dispatch on each level,
 * and an INDIRECT_BUFFER to IB_VA, the stream itself, followed as deep as
 * the decoder goes.
 */
void fuzz_seeds(void)
{
	static const uint32_t self[] = {
		0xc0023f00, (uint32_t)IB_VA, (uint32_t)(IB_VA >> 32), 4,
	};
	static struct fuzz_seed s;
	char name[64];

	for (unsigned l = VSHARP_GFX6; l < VSHARP_GFX_COUNT; l++) {
		struct vsharp_dispatch d = {
			.level = l, .pgm_va = 0x100000000ull, .vgprs = 32, .sgprs = 32,
			.wave32 = l >= VSHARP_GFX10, .user_sgprs = 2,
			.user_data = { 0x200000, 1 }, .lds_bytes = 1024,
			.threads = { 32, 1, 1 }, .groups = { 2, 1, 1 }, .tgid = { true },
			.tidig_comps = 1,
		};
		uint32_t buf[256];
		struct vsharp_ib ib;

		vsharp_ib_init(&ib, buf, 256);
		if (vsharp_pm4_preamble(&ib, l, NULL) || vsharp_pm4_dispatch(&ib, &d, NULL) ||
		    vsharp_pm4_finish(&ib, NULL))
			fuzz_fail("the builder refuses the seed dispatch on %s", vsharp_gfx_name(l));
		fuzz_put_u8(&s, (uint8_t)l);
		fuzz_put_u32(&s, VSHARP_COMPUTE_PGM_RSRC2);
		for (unsigned i = 0; i < ib.n; i++)
			fuzz_put_u32(&s, buf[i]);
		snprintf(name, sizeof(name), "ib-%s", vsharp_gfx_name(l));
		fuzz_seed_write(&s, name);
	}
	fuzz_put_u8(&s, VSHARP_GFX9);
	fuzz_put_u32(&s, VSHARP_COMPUTE_PGM_RSRC2);
	for (unsigned i = 0; i < 4; i++)
		fuzz_put_u32(&s, self[i]);
	fuzz_seed_write(&s, "ib-follow-self");
}
