/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces vsharp.ko uses that changed between Linux 6.1 and
 * 6.12, behind one name each.  Kbuild finds out which form the headers
 * have (VSHARP_HAVE_*).
 */
#ifndef VSHARP_COMPAT_H
#define VSHARP_COMPAT_H

#include <linux/dma-buf.h>
#include <linux/mm.h>

/* vm_flags became read-only behind vm_flags_set() in 6.3 */
static inline void vsharp_vm_flags_set(struct vm_area_struct *vma,
				       vm_flags_t flags)
{
#ifdef VSHARP_HAVE_VM_FLAGS_SET
	vm_flags_set(vma, flags);
#else
	vma->vm_flags |= flags;
#endif
}

static inline void vsharp_vm_flags_clear(struct vm_area_struct *vma,
					 vm_flags_t flags)
{
#ifdef VSHARP_HAVE_VM_FLAGS_SET
	vm_flags_clear(vma, flags);
#else
	vma->vm_flags &= ~flags;
#endif
}

/* dma_buf_vmap() expects the reservation lock held from 6.2 on */
static inline int vsharp_dma_buf_vmap(struct dma_buf *dmabuf,
				      struct iosys_map *map)
{
#ifdef VSHARP_HAVE_DMA_BUF_VMAP_UNLOCKED
	return dma_buf_vmap_unlocked(dmabuf, map);
#else
	return dma_buf_vmap(dmabuf, map);
#endif
}

static inline void vsharp_dma_buf_vunmap(struct dma_buf *dmabuf,
					 struct iosys_map *map)
{
#ifdef VSHARP_HAVE_DMA_BUF_VMAP_UNLOCKED
	dma_buf_vunmap_unlocked(dmabuf, map);
#else
	dma_buf_vunmap(dmabuf, map);
#endif
}

#endif /* VSHARP_COMPAT_H */
