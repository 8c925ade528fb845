// SPDX-License-Identifier: MIT
/*
 * The PM4 builder on any dispatch parameters (out of range included) and
 * IB capacities of 0..399 dwords, and the reader on what it built.  The IB
 * is an exact-size heap block, so a write past the capacity is an
 * AddressSanitizer report.  Invariants:
 *  - a dispatch that vsharp_pm4_encode() accepts fails to build only by
 *    overflow (-ENOSPC with ib.overflow), and never when the IB is large;
 *  - the built IB parses completely, and its DISPATCH_DIRECT gives back the
 *    dispatch: program address, wave size, VGPRs and LDS rounded up to
 *    their granules, SGPRs covered, user data, thread id components,
 *    threads, groups and work-group id enables;
 *  - refusals name the field and format no NULL string.
 *
 * Input: the capacity, then the struct vsharp_dispatch fields.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vsharp/pm4.h"

#define BIG 1024

static unsigned round_up(unsigned v, unsigned g)
{
	return (v + g - 1) / g * g;
}

static void check_read_back(const struct vsharp_dispatch *d, const uint32_t *dw, unsigned n)
{
	const struct vsharp_pm4_level *lv = vsharp_pm4_level(d->level);
	struct vsharp_compute_regs regs;
	struct vsharp_pm4_packet pkt;
	struct vsharp_dispatch_state st;
	struct vsharp_error err = { "" };
	unsigned pos = 0, dispatches = 0;
	int ret;

	memset(&regs, 0, sizeof(regs));
	while ((ret = vsharp_pm4_next(dw, n, &pos, &pkt, &err)) == 1) {
		if (pkt.type != 3)
			continue;
		if (pkt.opcode == VSHARP_PKT3_SET_SH_REG || pkt.opcode == VSHARP_PKT3_SET_SH_REG_INDEX) {
			if (vsharp_pm4_apply_sh(&regs, &pkt, &err))
				fuzz_fail("built IB: %s", err.msg);
		} else if (pkt.opcode == VSHARP_PKT3_DISPATCH_DIRECT) {
			if (vsharp_pm4_dispatch_state(d->level, &regs, &pkt, &st, &err))
				fuzz_fail("built IB: %s", err.msg);
			dispatches++;
		}
	}
	if (ret || dispatches != 1)
		fuzz_fail("built IB: walk returned %d with %u dispatches: %s", ret, dispatches, err.msg);
	if (st.pgm_va != d->pgm_va || st.wave32 != d->wave32 ||
	    st.vgprs_alloc != round_up(d->vgprs, d->wave32 ? 8 : 4) ||
	    st.sgprs_alloc < (lv->sgprs_field ? d->sgprs : lv->sgprs_fixed) ||
	    st.user_sgprs != d->user_sgprs ||
	    memcmp(st.user_data, d->user_data, d->user_sgprs * sizeof(uint32_t)) ||
	    st.lds_bytes != round_up(d->lds_bytes, lv->lds_alloc) ||
	    st.tidig_comps != d->tidig_comps)
		fuzz_fail("%s: read back pgm 0x%llx wave32 %d vgprs %u sgprs %u user %u lds %u tidig %u from pgm 0x%llx wave32 %d vgprs %u sgprs %u user %u lds %u tidig %u",
			  vsharp_gfx_name(d->level), (unsigned long long)st.pgm_va, st.wave32,
			  st.vgprs_alloc, st.sgprs_alloc, st.user_sgprs, st.lds_bytes, st.tidig_comps,
			  (unsigned long long)d->pgm_va, d->wave32, d->vgprs, d->sgprs, d->user_sgprs,
			  d->lds_bytes, d->tidig_comps);
	for (int i = 0; i < 3; i++)
		if (st.threads[i] != d->threads[i] || st.groups[i] != d->groups[i] ||
		    st.tgid[i] != d->tgid[i])
			fuzz_fail("%s: dimension %d reads back threads %u groups %u tgid %d, built %u %u %d",
				  vsharp_gfx_name(d->level), i, st.threads[i], st.groups[i], st.tgid[i],
				  d->threads[i], d->groups[i], d->tgid[i]);
}

/* Preamble, dispatch and padding into CAP dwords: 0, or the first refusal. */
static int build(const struct vsharp_dispatch *d, uint32_t *buf, unsigned cap,
		 struct vsharp_ib *ib, struct vsharp_error *err)
{
	int ret;

	vsharp_ib_init(ib, buf, cap);
	ret = vsharp_pm4_preamble(ib, d->level, err);
	if (!ret)
		ret = vsharp_pm4_dispatch(ib, d, err);
	if (!ret)
		ret = vsharp_pm4_finish(ib, err);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	unsigned cap = fuzz_below(&in, 400);
	struct vsharp_dispatch d;
	struct vsharp_pm4_encoded e;
	struct vsharp_error err = { "" };
	struct vsharp_ib ib;
	uint32_t *buf, big[BIG];
	bool valid;
	int ret;

	memset(&d, 0, sizeof(d));
	d.level = (enum vsharp_gfx)fuzz_below(&in, VSHARP_GFX_COUNT + 1);
	d.pgm_va = fuzz_u64(&in);
	d.vgprs = fuzz_u16(&in);
	d.sgprs = fuzz_u8(&in);
	d.wave32 = fuzz_bool(&in);
	d.user_sgprs = fuzz_below(&in, 20);
	for (unsigned i = 0; i < 16; i++)
		d.user_data[i] = fuzz_u32(&in);
	d.lds_bytes = fuzz_u32(&in);
	for (int i = 0; i < 3; i++)
		d.threads[i] = fuzz_u32(&in);
	for (int i = 0; i < 3; i++)
		d.groups[i] = fuzz_u32(&in);
	for (int i = 0; i < 3; i++)
		d.tgid[i] = fuzz_bool(&in);
	d.tidig_comps = fuzz_below(&in, 5);

	ret = vsharp_pm4_encode(&d, &e, &err);
	valid = !ret;
	if (ret)
		fuzz_check_error("vsharp_pm4_encode", ret, &err);

	buf = malloc(cap ? cap * sizeof(*buf) : 1);
	if (!buf)
		return 0;
	ret = build(&d, buf, cap, &ib, &err);
	if (ib.n > cap)
		fuzz_fail("the IB holds %u dwords, its capacity is %u", ib.n, cap);
	if (ret) {
		fuzz_check_error("build", ret, &err);
		if (valid && (ret != -ENOSPC || !ib.overflow))
			fuzz_fail("a valid dispatch fails with %d (overflow %d): %s", ret, ib.overflow,
				  err.msg);
	}
	free(buf);
	if (!valid)
		return 0;
	ret = build(&d, big, BIG, &ib, &err);
	if (ret)
		fuzz_fail("a valid dispatch does not build into %u dwords: %s", BIG, err.msg);
	check_read_back(&d, big, ib.n);
	return 0;
}

/* Seeds: a one-wave dispatch per level, with room and without. */
void fuzz_seeds(void)
{
	static struct fuzz_seed s;
	char name[64];

	for (unsigned l = VSHARP_GFX6; l < VSHARP_GFX_COUNT; l++) {
		for (unsigned cap = 0; cap < 2; cap++) {
			fuzz_put_u8(&s, cap ? 40 : 200);
			fuzz_put_u8(&s, (uint8_t)l);
			fuzz_put_u64(&s, 0x100000000ull);
			fuzz_put_u16(&s, 32);
			fuzz_put_u8(&s, 16);
			fuzz_put_u8(&s, l >= VSHARP_GFX10);
			fuzz_put_u8(&s, 2);
			for (unsigned i = 0; i < 16; i++)
				fuzz_put_u32(&s, i ? 0 : 0x200000);
			fuzz_put_u32(&s, 1024);
			fuzz_put_u32(&s, 64);
			fuzz_put_u32(&s, 1);
			fuzz_put_u32(&s, 1);
			fuzz_put_u32(&s, 3);
			fuzz_put_u32(&s, 1);
			fuzz_put_u32(&s, 1);
			fuzz_put_u8(&s, 1);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 0);
			fuzz_put_u8(&s, 1);
			snprintf(name, sizeof(name), "dispatch-%s-%s", vsharp_gfx_name(l),
				 cap ? "small" : "room");
			fuzz_seed_write(&s, name);
		}
	}
}
