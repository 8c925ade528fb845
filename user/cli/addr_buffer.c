// SPDX-License-Identifier: MIT
/* `vsharp addr` for MUBUF and MTBUF: the lane's address, range, data and writes. */
#include <inttypes.h>
#include <string.h>

#include "addr.h"
#include "vsharp/convert.h"

/* Bytes of the memory window around the lane's dwords: they lie within a few KiB. */
#define WINDOW_MAX (1u << 20)

static int build_access(const struct addr_args *a, enum vsharp_gfx level,
			const struct vsharp_op *op, const uint32_t dw[4],
			struct vsharp_buffer_access *acc)
{
	struct vsharp_error err;

	memset(acc, 0, sizeof(*acc));
	acc->level = level;
	acc->target = desc_opts_target(&a->desc);
	acc->op = op;
	memcpy(acc->desc, dw, sizeof(acc->desc));
	acc->idxen = a->idxen;
	acc->offen = a->offen;
	acc->addr64 = a->addr64;
	acc->glc = a->glc;
	acc->tfe = a->tfe;
	acc->lds = a->lds;
	acc->soffset = a->soffset;
	acc->ioffset = a->offset;
	acc->m0 = a->m0;
	acc->tformat.dfmt = VSHARP_DFMT_32;
	acc->tformat.nfmt = VSHARP_NFMT_FLOAT;
	if (a->tformat && vsharp_format_parse(a->tformat, &acc->tformat, &err))
		return cli_lib_error(&err);
	if (!addr_set_rules(a, level, &acc->rules, &acc->align))
		return CLI_EXIT_USAGE;
	return 0;
}

/* The window that holds every byte the lane can touch. */
static void window(const struct vsharp_buffer_plan *p, const struct vsharp_lane_out *out,
		   uint64_t *lo, uint64_t *hi)
{
	*lo = out->addr;
	*hi = out->addr + p->bytes;
	for (unsigned d = 0; d < out->n_dwords; d++) {
		if (out->dword_addr[d] < *lo)
			*lo = out->dword_addr[d];
		if (out->dword_addr[d] + 4 > *hi)
			*hi = out->dword_addr[d] + 4;
	}
	*lo &= ~(uint64_t)15;
	*hi = (*hi + 15) & ~(uint64_t)15;
}

static void run_lane(const struct vsharp_buffer_plan *p, const struct vsharp_lane_in *in,
		     struct addr_image *mem, struct addr_image *lds, unsigned k,
		     struct vsharp_lane_out *out)
{
	struct vsharp_memory m = { .va = mem->va, .bytes = mem->bytes[k], .size = mem->size };
	struct vsharp_lds l = { lds->bytes[k], (uint32_t)lds->size };

	vsharp_buffer_lane(p, in, &m, &l, out);
}

/* Whether the lane's atomic read, changed and wrote back its bytes. */
static bool atomic_performed(const struct vsharp_lane_out *out)
{
	return out->in_range && !out->memviol && !out->unbound && !out->ignored && !out->fault;
}

/*
 * The writes whose value comes from memory: an atomic writes back its
 * result even when it equals the old value (ISA pseudo-code "MEM[ADDR] =
 * ..." for every atomic, CMPSWAP's "(tmp == cmp) ? src : tmp"), and the
 * buffer-to-LDS copy writes its dword even when LDS held the same bytes.
 */
static void mark_writes(const struct vsharp_buffer_plan *p, const struct vsharp_lane_out *out,
			struct addr_image *mem, struct addr_image *lds)
{
	if (p->a.op->kind == VSHARP_OP_ATOMIC && !p->a.lds && atomic_performed(out))
		addr_image_mark(mem, out->addr, p->a.op->bytes);
	if (out->lds_written)
		addr_image_mark(lds, out->lds_addr, 4);
}

static int float_hint(const struct vsharp_buffer_plan *p)
{
	if (p->a.op->data == VSHARP_DATA_DERIVED || !vsharp_nfmt_is_float(p->format.nfmt))
		return ADDR_FLOAT_NONE;
	return p->a.op->d16 == VSHARP_D16_NONE || p->d16_unpacked ? ADDR_FLOAT_F32 :
	       ADDR_FLOAT_F16;
}

/* Where --mem starts: the V# base, or with ADDR64 the base plus the VADDR pair. */
static uint64_t given_va(const struct addr_args *a, const struct vsharp_buffer_plan *p)
{
	return p->buf.base + (a->addr64 ? a->vaddr64 : 0);
}

static void print_text(const struct addr_args *a, const struct vsharp_buffer_plan *p,
		       const struct vsharp_lane_out *out, const struct addr_image *mem,
		       const struct addr_image *lds)
{
	const struct vsharp_op *op = p->a.op;
	enum vsharp_gfx level = p->a.level;
	bool gfx12_swz = level >= VSHARP_GFX12 && p->buf.swizzle;
	bool cmpswap = op->atomic == VSHARP_ATOMIC_CMPSWAP || op->atomic == VSHARP_ATOMIC_FCMPSWAP;
	unsigned n_data = op->kind == VSHARP_OP_STORE ? vsharp_op_data_dwords(level, op) :
			  op->kind == VSHARP_OP_ATOMIC ? op->bytes / 4 * (cmpswap ? 2 : 1) : 0;
	struct cli_out o;

	out_begin(&o, stdout, false);
	printf("instruction: %s on %s, %u bytes, %s\n", vsharp_op_name(op, level),
	       vsharp_gfx_name(level), p->bytes, p->all_or_nothing ?
	       "range-checked all or nothing" : "range-checked per dword");
	if (a->addr64) {
		/* CLRX GcnMemHandling: BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET. */
		printf("address = base 0x%" PRIx64 " + vaddr64 0x%" PRIx64 " + inst_offset %u + soffset %u = 0x%" PRIx64 "\n",
		       p->buf.base, a->vaddr64, a->offset, a->soffset, out->addr_unaligned);
		goto checked;
	}
	printf("index  = %s%u + %s%u = %u\n", a->idxen ? "vindex " : "(no idxen) ",
	       a->idxen ? a->vindex : 0, p->buf.add_tid ? "lane " : "(no add_tid) ",
	       p->buf.add_tid ? a->lane : 0, out->index);
	printf("offset = %s%u + inst_offset %u%s = %u\n", a->offen ? "voffset " : "(no offen) ",
	       a->offen ? a->voffset : 0, a->offset,
	       gfx12_swz ? " + soffset (gfx12 swizzle)" : "", out->offset);
	if (p->buf.swizzle)
		printf("buffer_offset = (index / %u * stride %u + offset / %u * %u) * %u + index %% %u * %u + offset %% %u\n",
		       p->buf.index_stride, p->stride, p->element_size, p->element_size,
		       p->buf.index_stride, p->buf.index_stride, p->element_size, p->element_size);
	else
		printf("buffer_offset = stride %u * index %u + offset %u\n", p->stride, out->index,
		       out->offset);
	printf("address = base 0x%" PRIx64 " + soffset %u + buffer_offset = 0x%" PRIx64 "\n",
	       p->buf.base, gfx12_swz ? 0 : a->soffset, out->addr_unaligned);
checked:
	printf("range check: %s (num_records %u, stride %u%s%s)\n", vsharp_range_text(p->range),
	       p->buf.num_records, p->stride, p->unbound ? ", unbound resource" : "",
	       p->ignored ? ", V# TYPE is not a buffer: instruction ignored" : "");
	for (unsigned d = 0; d < out->n_dwords; d++)
		printf("  dword %u at 0x%" PRIx64 ": %s\n", d, out->dword_addr[d],
		       out->in_range >> d & 1 ? "in range" : "out of range");
	printf("alignment (%s): needs %u, %s\n", vsharp_align_mode_name(p->a.align), p->align,
	       out->memviol ? "MEMVIOL (load returns 0, store dropped)" :
	       out->addr != out->addr_unaligned ? "aligned down" : "ok");
	printf("address: 0x%" PRIx64 "\n", out->addr);
	/* The model adds in 64 bits; the GPU's virtual addresses have 48 (the V# BASE_ADDRESS field). */
	for (unsigned d = 0; d < out->n_dwords; d++)
		if (out->dword_addr[d] >> 48) {
			printf("note: dword %u at 0x%" PRIx64 " is past 48 bits, beyond any GPU virtual address (the 48-bit V# BASE_ADDRESS)\n",
			       d, out->dword_addr[d]);
			break;
		}
	if (a->mem)
		printf("memory: %zu bytes given at %s0x%" PRIx64 ", elsewhere byte = address & 0xff\n",
		       a->mem_len, a->addr64 ? "base + vaddr64 " : "base ", given_va(a, p));
	else
		printf("memory: byte = address & 0xff (give bytes with --mem or --mem-file)\n");
	if (n_data)
		addr_print_vgprs(&o, "vdata", a->vdata, n_data, 0, ADDR_FLOAT_NONE);
	if (out->n_vdst) {
		unsigned n = out->n_vdst - (a->tfe ? 1 : 0);

		addr_print_vgprs(&o, "vdst", out->vdst, n, 0, float_hint(p));
		if (a->tfe)
			printf("tfe status: vdst[%u] = 0x%08x (%s)\n", n, out->vdst[n],
			       out->vdst[n] == a->vdst_init[n] ? "unchanged: no NACK" : "written");
	}
	if (op->kind == VSHARP_OP_ATOMIC)
		printf("atomic: %s%s\n", atomic_performed(out) ? "performed" : "not performed",
		       a->glc ? ", vdst holds the value before it" : " (no glc: nothing returned)");
	addr_print_writes(&o, "writes", mem);
	if (op->kind == VSHARP_OP_LOAD_LDS || a->lds) {
		bool ioffset = p->a.rules.choice[VSHARP_RULE_LDS_DMA_OFFSET] ==
			       VSHARP_LDS_DMA_WITH_IOFFSET;

		printf("lds: address = M0[15:0] 0x%x + lane %u * 4", a->m0 & 0xffff, a->lane);
		if (ioffset)
			printf(" + inst_offset %u", a->offset);
		printf(" = 0x%x, %s\n", out->lds_addr,
		       out->lds_written ? "written" : "outside the allocation: not written");
		addr_print_writes(&o, "lds writes", lds);
	}
	if (out->fault)
		printf("fault: the access left the memory image\n");
}

static void print_json(const struct addr_args *a, const struct vsharp_buffer_plan *p,
		       const struct vsharp_lane_out *out, const struct addr_image *mem,
		       const struct addr_image *lds)
{
	const struct vsharp_op *op = p->a.op;
	uint64_t dwords[VSHARP_MAX_DWORDS], vdst[VSHARP_MAX_VDST];
	bool in_range[VSHARP_MAX_DWORDS];
	struct cli_out o;

	for (unsigned d = 0; d < out->n_dwords; d++) {
		in_range[d] = out->in_range >> d & 1;
		dwords[d] = out->dword_addr[d];
	}
	for (unsigned k = 0; k < out->n_vdst; k++)
		vdst[k] = out->vdst[k];
	out_begin(&o, stdout, true);
	out_str(&o, "gfx", vsharp_gfx_name(p->a.level));
	out_str(&o, "op", vsharp_op_name(op, p->a.level));
	out_u64(&o, "index", out->index);
	out_u64(&o, "offset", out->offset);
	if (a->addr64)
		out_hex(&o, "vaddr64", a->vaddr64);
	out_hex(&o, "address", out->addr);
	addr_print_bools(&o, "in_range", in_range, out->n_dwords);
	out_bool(&o, "memviol", out->memviol);
	out_bool(&o, "unbound", out->unbound);
	out_str(&o, "range_check", vsharp_range_text(p->range));
	out_u64(&o, "alignment", p->align);
	out_hex(&o, "address_unaligned", out->addr_unaligned);
	out_num_list(&o, "dword_addresses", dwords, out->n_dwords, OUT_ADDR);
	out_bool(&o, "ignored", out->ignored);
	out_bool(&o, "fault", out->fault);
	out_num_list(&o, "vdst", vdst, out->n_vdst, OUT_HEX);
	if (a->tfe)
		out_u64(&o, "tfe_status", out->vdst[out->n_vdst - 1]);
	/* A 64-bit atomic returns a 64-bit value: a string, as addresses (cli.rst "JSON"). */
	if (op->kind == VSHARP_OP_ATOMIC && a->glc && op->bytes == 8)
		out_hex(&o, "atomic_return", out->vdst[0] | (uint64_t)out->vdst[1] << 32);
	else if (op->kind == VSHARP_OP_ATOMIC && a->glc)
		out_u64(&o, "atomic_return", out->vdst[0]);
	addr_print_writes(&o, "writes", mem);
	if (op->kind == VSHARP_OP_LOAD_LDS || a->lds) {
		out_hex(&o, "lds_address", out->lds_addr);
		out_bool(&o, "lds_written", out->lds_written);
		addr_print_writes(&o, "lds_writes", lds);
	}
	out_end(&o);
}

int addr_buffer(const struct addr_args *a, enum vsharp_gfx level, const struct vsharp_op *op,
		const uint32_t dw[4])
{
	struct vsharp_buffer_access acc;
	struct vsharp_buffer_plan p;
	struct vsharp_lane_in in;
	struct vsharp_lane_out out;
	struct vsharp_error err;
	struct addr_image mem, lds;
	uint64_t lo, hi;
	int ret;

	ret = build_access(a, level, op, dw, &acc);
	if (ret)
		return ret;
	if (vsharp_buffer_plan(&acc, &p, &err))
		return cli_lib_error(&err);
	memset(&in, 0, sizeof(in));
	in.lane = a->lane;
	in.vindex = a->vindex;
	in.voffset = a->voffset;
	in.vaddr64 = a->vaddr64;
	memcpy(in.data, a->vdata, sizeof(in.data));
	memcpy(in.vdst, a->vdst_init, sizeof(in.vdst));

	/* Addresses do not depend on memory: a first pass without any finds them. */
	vsharp_buffer_lane(&p, &in, NULL, NULL, &out);
	window(&p, &out, &lo, &hi);
	if (hi - lo > WINDOW_MAX)
		return cli_error("memory: the lane's dwords span %" PRIu64 " bytes (allowed up to %u)",
				 hi - lo, WINDOW_MAX);
	if (addr_image_init(&mem, lo, hi - lo, given_va(a, &p), a->mem, a->mem_len))
		return CLI_EXIT_USAGE;
	if (addr_image_init(&lds, 0, a->lds_size, 0, NULL, 0)) {
		addr_image_free(&mem);
		return CLI_EXIT_USAGE;
	}
	run_lane(&p, &in, &mem, &lds, 1, &out);
	run_lane(&p, &in, &mem, &lds, 0, &out);
	mark_writes(&p, &out, &mem, &lds);
	if (a->json)
		print_json(a, &p, &out, &mem, &lds);
	else
		print_text(a, &p, &out, &mem, &lds);
	addr_image_free(&mem);
	addr_image_free(&lds);
	return 0;
}
