// SPDX-License-Identifier: MIT
/*
 * A wave's record against the model's, item by item: each difference is
 * charged to the lane that owns the item (probe.h: a lane's VGPRs, its
 * arena slot, its LDS slots), and put in words for reports.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "vsharp/probe.h"

unsigned vsharp_probe_arena_owner(const struct vsharp_probe_wave *w, unsigned b)
{
	return vsharp_probe_case_of(w, w->slot ? b / w->slot : 0);
}

unsigned vsharp_probe_lds_owner(const struct vsharp_probe_wave *w, unsigned wave_size, unsigned b)
{
	return vsharp_probe_case_of(w, b / VSHARP_PROBE_LDS_SLOT % wave_size);
}

/* Lane L's first difference, unless it has one already. */
static void charge(uint64_t *bad, struct vsharp_probe_difference *first, unsigned l,
		   enum vsharp_probe_item item, unsigned where, uint32_t expected, uint32_t observed)
{
	if (*bad >> l & 1)
		return;
	*bad |= 1ull << l;
	if (first)
		first[l] = (struct vsharp_probe_difference){ (uint8_t)item, (uint16_t)where, expected, observed };
}

uint64_t vsharp_probe_compare(const struct vsharp_probe_wave *w, unsigned wave_size,
			      const struct vsharp_probe_expect *e, const struct vsharp_probe_record *seen,
			      struct vsharp_probe_difference *first)
{
	uint64_t bad = 0;
	uint32_t diff;

	if (first)
		memset(first, 0, 64 * sizeof(*first));
	for (unsigned l = 0; l < wave_size; l++) {
		if (e->lane[l].fault) {
			/* A copy past n_lanes that leaves the arena counts against lane 0. */
			charge(&bad, first, vsharp_probe_case_of(w, l), VSHARP_PROBE_AT_FAULT, 0, 0, 0);
			continue;
		}
		/* The copies' VGPRs are lane 0's case again: not compared. */
		if (l >= w->n_lanes)
			continue;
		/* The lane's eight registers at once first: one by one only where they differ. */
		diff = 0;
		for (unsigned k = 0; k < 8; k++)
			diff |= seen->vdst[l][k] ^ e->r.vdst[l][k];
		for (unsigned k = 0; diff && k < 8; k++)
			if (seen->vdst[l][k] != e->r.vdst[l][k])
				charge(&bad, first, l, VSHARP_PROBE_AT_VDST, k, e->r.vdst[l][k], seen->vdst[l][k]);
	}
	/* Bytes are looked at one by one only where the images differ. */
	if (memcmp(seen->arena, e->r.arena, VSHARP_PROBE_ARENA))
		for (unsigned b = 0; b < VSHARP_PROBE_ARENA; b++)
			if (seen->arena[b] != e->r.arena[b])
				charge(&bad, first, vsharp_probe_arena_owner(w, b), VSHARP_PROBE_AT_MEMORY, b,
				       e->r.arena[b], seen->arena[b]);
	if (memcmp(seen->lds, e->r.lds, VSHARP_PROBE_LDS))
		for (unsigned b = 0; b < VSHARP_PROBE_LDS; b++)
			if (seen->lds[b] != e->r.lds[b])
				charge(&bad, first, vsharp_probe_lds_owner(w, wave_size, b), VSHARP_PROBE_AT_LDS, b,
				       e->r.lds[b], seen->lds[b]);
	return bad;
}

void vsharp_probe_item_text(const struct vsharp_probe_difference *d, char *buf, size_t n)
{
	switch (d->item) {
	case VSHARP_PROBE_AT_FAULT:
		snprintf(buf, n, "model fault (case leaves the arena)");
		break;
	case VSHARP_PROBE_AT_VDST:
		snprintf(buf, n, "vdst[%u]", d->where);
		break;
	case VSHARP_PROBE_AT_MEMORY:
		snprintf(buf, n, "memory byte at arena +0x%x", d->where);
		break;
	case VSHARP_PROBE_AT_LDS:
		snprintf(buf, n, "LDS byte at +0x%x", d->where);
		break;
	default:
		snprintf(buf, n, "nothing");
		break;
	}
}

void vsharp_probe_describe(enum vsharp_gfx level, const struct vsharp_probe_wave *w, unsigned lane,
			   char *buf, size_t n)
{
	const struct vsharp_probe_lane *pl = &w->lane[lane];
	char stub[128];

	vsharp_stub_name(level, &w->stub, stub, sizeof(stub));
	if (w->stub.op->cls == VSHARP_OP_DS) {
		snprintf(buf, n, "%s %s lane %u: addr 0x%x data 0x%x 0x%x m0 0x%x", vsharp_gfx_name(level),
			 stub + 5, lane, pl->vindex, pl->data[0], pl->data[2], w->m0);
		return;
	}
	if (w->stub.op->cls == VSHARP_OP_SMEM) {
		snprintf(buf, n, "%s %s lane %u: base +0x%" PRIx64 " stride %u num_records %u soffset %u",
			 vsharp_gfx_name(level), stub + 5, lane, w->buf.base, w->buf.stride,
			 w->buf.num_records, w->stub.soffset ? w->soffset : 0);
		return;
	}
	snprintf(buf, n, "%s %s lane %u: base +0x%" PRIx64 " stride %u num_records %u swizzle %d oob_select %u add_tid %d dst_sel %u%u%u%u format %s_%s%s soffset %u vindex %u voffset %u data 0x%x",
		 vsharp_gfx_name(level), stub + 5, lane, w->buf.base, w->buf.stride, w->buf.num_records,
		 w->buf.swizzle, w->buf.oob_select, w->buf.add_tid, w->buf.dst_sel[0], w->buf.dst_sel[1],
		 w->buf.dst_sel[2], w->buf.dst_sel[3], vsharp_dfmt_name(w->buf.format.dfmt),
		 vsharp_nfmt_name(w->buf.format.nfmt), w->raw_desc ? " (raw V#)" : "", w->soffset,
		 pl->vindex, pl->voffset, pl->data[0]);
}
