// SPDX-License-Identifier: GPL-2.0
/*
 * Result buffers: kernel-owned pages that a GPU (through a dma-buf) or the
 * userspace emulator writes, readable from debugfs after the process that
 * made them is gone.
 *
 *   buffers/create    write a size, read back the id it got      (0600)
 *   buffers/free      write an id                                (0200)
 *   buffers/list      one "id size" line per buffer              (0400)
 *   buffers/<id>/size                                            (0400)
 *   buffers/<id>/data     read, write, mmap the bytes            (0600)
 *   buffers/<id>/dmabuf   ioctl VSHARP_IOCTL_EXPORT_DMABUF       (0600)
 *
 * Lifetime: a buffer holds one reference for the registry (dropped by
 * "free" or at unload), one per open file of buffers/<id>/ and one per
 * dma-buf.  The files of buffers/<id>/ are created unsafe: open takes the
 * buffer reference inside debugfs_file_get() and nothing after open holds
 * a debugfs reference, so a reader stalled in a user copy cannot hold up
 * "free" (debugfs_remove_recursive() waits for every debugfs reference).
 * Open files and dma-bufs also pin the module (fops and dma-buf owner).
 *
 * Budget: max_total_size counts a page from create until the page
 * allocator has it back.  A released buffer whose pages are still
 * referenced elsewhere (a pipe after vmsplice(), a GUP user) keeps those
 * pages, and their charge, on the linger list until it holds the last
 * reference; create and free reap that list, and so does a work item
 * every second while it is not empty.  Pages are charged to the
 * memory cgroup of the task that creates the buffer.
 *
 * The budget is the module's, so it must not forget pages across an
 * unload: unloading is refused while pages may be held elsewhere.  Only a
 * mapping lets other holders take page references that outlive it, so a
 * mapped buffer pins the module (as a lingering buffer does); when its
 * last mapping goes, the pin goes too if every page is the buffer's alone,
 * else it stays until the buffer is freed and its pages are back.
 *
 * A create never calls the OOM killer: the allocations may fail
 * (__GFP_RETRY_MAYFAIL: in a memory cgroup at its limit, try_charge_memcg()
 * then fails instead of killing; system-wide, the allocator gives up
 * instead of killing), and a fatal signal stops the page loop.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/dma-buf.h>
#include <linux/dma-mapping.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/highmem.h>
#include <linux/idr.h>
#include <linux/kref.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/scatterlist.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "compat.h"
#include "vsharp.h"
#include "vsharp_ioctl.h"

MODULE_IMPORT_NS(DMA_BUF);

/*
 * A size limit parameter, checked when the module is loaded: a value of 0
 * or above @max is refused, so that page counts and their sums can neither
 * wrap nor outgrow the types that hold them.
 */
struct size_limit {
	unsigned long bytes;
	unsigned long max;
};

static struct size_limit buffer_limit = { .bytes = SZ_4M, .max = SZ_1G };
static struct size_limit total_limit = { .bytes = SZ_64M, .max = 16UL * SZ_1G };

static int size_limit_set(const char *val, const struct kernel_param *kp)
{
	struct size_limit *limit = kp->arg;
	unsigned long v;

	if (kstrtoul(val, 0, &v) || !v || v > limit->max) {
		pr_err("%s=%s: must be 1 .. %lu bytes\n", kp->name, val,
		       limit->max);
		return -EINVAL;
	}
	limit->bytes = v;
	return 0;
}

static int size_limit_get(char *buf, const struct kernel_param *kp)
{
	const struct size_limit *limit = kp->arg;

	return sysfs_emit(buf, "%lu\n", limit->bytes);
}

static const struct kernel_param_ops size_limit_ops = {
	.set = size_limit_set,
	.get = size_limit_get,
};

module_param_cb(max_buffer_size, &size_limit_ops, &buffer_limit, 0444);
MODULE_PARM_DESC(max_buffer_size, "Largest result buffer in bytes, 1 .. 1 GiB (default 4 MiB)");
module_param_cb(max_total_size, &size_limit_ops, &total_limit, 0444);
MODULE_PARM_DESC(max_total_size, "Limit on all result buffers' pages together, in bytes, 1 .. 16 GiB (default 64 MiB)");

#define VSHARP_MAX_BUFFERS 256

/* the buffer holds a reference to the module */
#define BUF_PINNED 0

struct vsharp_buf {
	struct kref ref;
	int id;
	size_t size;
	unsigned long npages;
	struct page **pages;
	struct dentry *dir;
	unsigned long flags;		/* BUF_PINNED */
	struct mutex maps_lock;		/* @maps, @nmaps */
	unsigned int nmaps;		/* VMAs mapping the buffer */
	struct list_head maps;		/* struct buf_map, one per DMA mapping */
	struct list_head linger;	/* on rbuf_linger once released */
};

/* One dma_buf_map_attachment() of any dma-buf of the buffer. */
struct buf_map {
	struct list_head node;
	struct device *dev;
	enum dma_data_direction dir;
	struct sg_table sgt;
};

struct create_state {
	struct mutex lock;		/* @id and the file position */
	int id;				/* last buffer created through this fd */
};

static DEFINE_MUTEX(rbuf_lock);		/* the registry: idr and dentries */
static DEFINE_IDR(rbuf_idr);
static atomic_long_t rbuf_pages;	/* pages charged to the budget */
static atomic_t rbuf_count;		/* buffers not yet released */
static struct dentry *rbuf_dir;
static DEFINE_SPINLOCK(rbuf_linger_lock);
static LIST_HEAD(rbuf_linger);		/* released buffers with pages in use */
static void rbuf_reap_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(rbuf_reap_work, rbuf_reap_work_fn);

/*
 * Give back every page of @buf that only @buf references, uncharge it, and
 * keep the others at the front of @buf->pages.
 */
static void buf_drop_unused_pages(struct vsharp_buf *buf)
{
	unsigned long i, kept = 0;

	for (i = 0; i < buf->npages; i++) {
		struct page *page = buf->pages[i];

		if (page_ref_count(page) == 1)
			put_page(page);
		else
			buf->pages[kept++] = page;
	}
	atomic_long_sub(buf->npages - kept, &rbuf_pages);
	buf->npages = kept;
}

/*
 * Called by holders that pin the module themselves (an open file, a
 * dma-buf, a mapping's file), so the module is alive to take the reference.
 */
static void buf_pin(struct vsharp_buf *buf)
{
	if (!test_and_set_bit(BUF_PINNED, &buf->flags))
		__module_get(THIS_MODULE);
}

static void buf_unpin(struct vsharp_buf *buf)
{
	if (test_and_clear_bit(BUF_PINNED, &buf->flags))
		module_put(THIS_MODULE);
}

/* The last of a buffer, its pages all given back. */
static void buf_free_mem(struct vsharp_buf *buf)
{
	kvfree(buf->pages);
	buf_unpin(buf);
	kfree(buf);
}

static void buf_release(struct kref *ref)
{
	struct vsharp_buf *buf = container_of(ref, struct vsharp_buf, ref);

	mutex_destroy(&buf->maps_lock);
	atomic_dec(&rbuf_count);
	buf_drop_unused_pages(buf);
	if (buf->npages) {
		buf_pin(buf);
		spin_lock(&rbuf_linger_lock);
		list_add_tail(&buf->linger, &rbuf_linger);
		spin_unlock(&rbuf_linger_lock);
		schedule_delayed_work(&rbuf_reap_work, HZ);
		return;
	}
	buf_free_mem(buf);
}

static void buf_put(struct vsharp_buf *buf)
{
	kref_put(&buf->ref, buf_release);
}

/* Free what lingering buffers no longer share; @all: drop them all. */
static void rbuf_reap(bool all)
{
	struct vsharp_buf *buf, *tmp;
	LIST_HEAD(done);
	unsigned long i;

	spin_lock(&rbuf_linger_lock);
	list_for_each_entry_safe(buf, tmp, &rbuf_linger, linger) {
		if (all) {
			/*
			 * Only at unload, where no buffer was ever mapped (each
			 * would pin the module): a transient reference (a
			 * physical page scanner's) the page allocator ends.
			 */
			for (i = 0; i < buf->npages; i++)
				put_page(buf->pages[i]);
			atomic_long_sub(buf->npages, &rbuf_pages);
			buf->npages = 0;
		} else {
			buf_drop_unused_pages(buf);
		}
		if (!buf->npages)
			list_move(&buf->linger, &done);
	}
	spin_unlock(&rbuf_linger_lock);
	list_for_each_entry_safe(buf, tmp, &done, linger)
		buf_free_mem(buf);
}

/* Charged to the caller's memory cgroup; failing rather than OOM-killing. */
#define BUF_GFP (GFP_KERNEL_ACCOUNT | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

/*
 * Without it, a module pinned by lingering pages would stay loaded after
 * the pipe let go, until some create or free.  The work holds no module
 * reference: exit cancels it, after the last pin is gone.
 */
static void rbuf_reap_work_fn(struct work_struct *work)
{
	bool more;

	rbuf_reap(false);
	spin_lock(&rbuf_linger_lock);
	more = !list_empty(&rbuf_linger);
	spin_unlock(&rbuf_linger_lock);
	if (more)
		schedule_delayed_work(&rbuf_reap_work, HZ);
}

static struct vsharp_buf *buf_alloc(u64 size)
{
	struct vsharp_buf *buf;
	unsigned long npages;
	int err = -ENOMEM;

	/* buffer_limit.bytes <= 1 GiB: no overflow below */
	if (!size || size > buffer_limit.bytes)
		return ERR_PTR(-EINVAL);
	npages = DIV_ROUND_UP(size, PAGE_SIZE);
	rbuf_reap(false);
	if (atomic_inc_return(&rbuf_count) > VSHARP_MAX_BUFFERS) {
		atomic_dec(&rbuf_count);
		return ERR_PTR(-ENOSPC);
	}
	if (atomic_long_add_return(npages, &rbuf_pages) >
	    total_limit.bytes >> PAGE_SHIFT) {
		atomic_long_sub(npages, &rbuf_pages);
		atomic_dec(&rbuf_count);
		return ERR_PTR(-ENOSPC);
	}

	buf = kzalloc(sizeof(*buf), BUF_GFP);
	if (!buf)
		goto err;
	buf->pages = kvcalloc(npages, sizeof(*buf->pages), BUF_GFP);
	if (!buf->pages)
		goto err;
	kref_init(&buf->ref);
	mutex_init(&buf->maps_lock);
	INIT_LIST_HEAD(&buf->maps);
	buf->size = size;
	buf->id = -1;
	for (buf->npages = 0; buf->npages < npages; buf->npages++) {
		/* a killed writer need not wait for up to 2^18 pages */
		if (fatal_signal_pending(current))
			err = -EINTR;
		else
			buf->pages[buf->npages] = alloc_page(BUF_GFP | __GFP_ZERO);
		if (!buf->pages[buf->npages]) {
			/* buf_release() gives back what was counted */
			atomic_long_sub(npages - buf->npages, &rbuf_pages);
			buf_put(buf);
			return ERR_PTR(err);
		}
		cond_resched();
	}
	return buf;

err:
	if (buf)
		kvfree(buf->pages);
	kfree(buf);
	atomic_long_sub(npages, &rbuf_pages);
	atomic_dec(&rbuf_count);
	return ERR_PTR(-ENOMEM);
}

/*
 * CPU access against device access: sync every DMA mapping of the buffer
 * for the CPU before the CPU reads, and for the devices after it wrote
 * (a no-op on coherent DMA, a cache flush or swiotlb copy elsewhere).
 */
static void buf_sync(struct vsharp_buf *buf, bool for_cpu)
{
	struct buf_map *m;

	mutex_lock(&buf->maps_lock);
	list_for_each_entry(m, &buf->maps, node) {
		if (for_cpu)
			dma_sync_sgtable_for_cpu(m->dev, &m->sgt, m->dir);
		else
			dma_sync_sgtable_for_device(m->dev, &m->sgt, m->dir);
	}
	mutex_unlock(&buf->maps_lock);
}

/* Mappings, of the data file and of dma-bufs alike, fault pages in. */

static vm_fault_t buf_vm_fault(struct vm_fault *vmf)
{
	struct vsharp_buf *buf = vmf->vma->vm_private_data;

	if (vmf->pgoff >= buf->npages)
		return VM_FAULT_SIGBUS;
	vmf->page = buf->pages[vmf->pgoff];
	get_page(vmf->page);
	return 0;
}

/* fork, split and mremap make VMAs without ->mmap */
static void buf_vm_open(struct vm_area_struct *vma)
{
	struct vsharp_buf *buf = vma->vm_private_data;

	mutex_lock(&buf->maps_lock);
	buf->nmaps++;
	mutex_unlock(&buf->maps_lock);
}

/*
 * The page table references are gone by now (unmap_region() runs before
 * remove_vma()): a page referenced more than once is held by someone else.
 */
static bool buf_pages_alone(struct vsharp_buf *buf)
{
	unsigned long i;

	for (i = 0; i < buf->npages; i++)
		if (page_ref_count(buf->pages[i]) != 1)
			return false;
	return true;
}

/* The VMA's file pins the module until after this returns. */
static void buf_vm_close(struct vm_area_struct *vma)
{
	struct vsharp_buf *buf = vma->vm_private_data;

	mutex_lock(&buf->maps_lock);
	if (!--buf->nmaps && buf_pages_alone(buf))
		buf_unpin(buf);
	mutex_unlock(&buf->maps_lock);
}

static const struct vm_operations_struct buf_vm_ops = {
	.open = buf_vm_open,
	.close = buf_vm_close,
	.fault = buf_vm_fault,
};

/*
 * The VMA's file holds a buffer reference (data file or dma-buf) for as
 * long as the VMA exists, so vm_private_data needs none of its own.
 */
static int buf_mmap(struct vsharp_buf *buf, struct vm_area_struct *vma)
{
	/* a private mapping would take writes into copies the buffer never sees */
	if (!(vma->vm_flags & VM_MAYSHARE))
		return -EINVAL;
	/* results are data: never code, now (EPERM) or by mprotect() (EACCES) */
	if (vma->vm_flags & VM_EXEC)
		return -EPERM;
	if (vma->vm_pgoff >= buf->npages ||
	    vma_pages(vma) > buf->npages - vma->vm_pgoff)
		return -ENXIO;
	/* no mremap() growth past the buffer, no core dump of it */
	vsharp_vm_flags_set(vma, VM_DONTEXPAND | VM_DONTDUMP);
	vsharp_vm_flags_clear(vma, VM_MAYEXEC);
	vma->vm_ops = &buf_vm_ops;
	vma->vm_private_data = buf;
	mutex_lock(&buf->maps_lock);
	buf->nmaps++;
	buf_pin(buf);
	mutex_unlock(&buf->maps_lock);
	return 0;
}

/* dma-buf exporter */

static struct sg_table *buf_map_dma_buf(struct dma_buf_attachment *at,
					enum dma_data_direction dir)
{
	struct vsharp_buf *buf = at->dmabuf->priv;
	struct buf_map *m;
	int ret;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return ERR_PTR(-ENOMEM);
	m->dev = at->dev;
	m->dir = dir;
	ret = sg_alloc_table_from_pages(&m->sgt, buf->pages, buf->npages, 0,
					(size_t)buf->npages << PAGE_SHIFT,
					GFP_KERNEL);
	if (ret)
		goto err_free;
	ret = dma_map_sgtable(at->dev, &m->sgt, dir, 0);
	if (ret)
		goto err_table;
	mutex_lock(&buf->maps_lock);
	list_add_tail(&m->node, &buf->maps);
	mutex_unlock(&buf->maps_lock);
	return &m->sgt;

err_table:
	sg_free_table(&m->sgt);
err_free:
	kfree(m);
	return ERR_PTR(ret);
}

static void buf_unmap_dma_buf(struct dma_buf_attachment *at,
			      struct sg_table *sgt,
			      enum dma_data_direction dir)
{
	struct vsharp_buf *buf = at->dmabuf->priv;
	struct buf_map *m = container_of(sgt, struct buf_map, sgt);

	mutex_lock(&buf->maps_lock);
	list_del(&m->node);
	mutex_unlock(&buf->maps_lock);
	dma_unmap_sgtable(at->dev, sgt, dir, 0);
	sg_free_table(sgt);
	kfree(m);
}

static int buf_begin_cpu_access(struct dma_buf *dmabuf,
				enum dma_data_direction dir)
{
	buf_sync(dmabuf->priv, true);
	return 0;
}

static int buf_end_cpu_access(struct dma_buf *dmabuf,
			      enum dma_data_direction dir)
{
	buf_sync(dmabuf->priv, false);
	return 0;
}

static void buf_dma_buf_release(struct dma_buf *dmabuf)
{
	buf_put(dmabuf->priv);
}

static int buf_dma_buf_mmap(struct dma_buf *dmabuf, struct vm_area_struct *vma)
{
	return buf_mmap(dmabuf->priv, vma);
}

static int buf_dma_buf_vmap(struct dma_buf *dmabuf, struct iosys_map *map)
{
	struct vsharp_buf *buf = dmabuf->priv;
	void *vaddr;

	vaddr = vmap(buf->pages, buf->npages, VM_MAP, PAGE_KERNEL);
	if (!vaddr)
		return -ENOMEM;
	iosys_map_set_vaddr(map, vaddr);
	return 0;
}

static void buf_dma_buf_vunmap(struct dma_buf *dmabuf, struct iosys_map *map)
{
	vunmap(map->vaddr);
}

static const struct dma_buf_ops buf_dma_buf_ops = {
	.map_dma_buf = buf_map_dma_buf,
	.unmap_dma_buf = buf_unmap_dma_buf,
	.begin_cpu_access = buf_begin_cpu_access,
	.end_cpu_access = buf_end_cpu_access,
	.release = buf_dma_buf_release,
	.mmap = buf_dma_buf_mmap,
	.vmap = buf_dma_buf_vmap,
	.vunmap = buf_dma_buf_vunmap,
};

/**
 * vsharp_buf_export() - wrap a buffer in a new dma-buf
 * @buf: the buffer; the dma-buf takes its own reference
 * @flags: O_RDONLY or O_RDWR, the access the dma-buf file gives
 *
 * Return: the dma-buf or an ERR_PTR.
 */
static struct dma_buf *vsharp_buf_export(struct vsharp_buf *buf, int flags)
{
	DEFINE_DMA_BUF_EXPORT_INFO(exp);
	struct dma_buf *dmabuf;

	exp.owner = THIS_MODULE;
	exp.ops = &buf_dma_buf_ops;
	exp.size = (size_t)buf->npages << PAGE_SHIFT;
	exp.flags = flags;
	exp.priv = buf;
	kref_get(&buf->ref);
	dmabuf = dma_buf_export(&exp);
	if (IS_ERR(dmabuf))
		buf_put(buf);
	return dmabuf;
}

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * vsharp_rbuf_kunit_export() - an unpublished buffer in a new dma-buf
 * @size: its size in bytes
 * @flags: O_RDONLY or O_RDWR
 *
 * For the KUnit importer test: the dma-buf is the buffer's only holder.
 *
 * Return: the dma-buf or an ERR_PTR.
 */
struct dma_buf *vsharp_rbuf_kunit_export(size_t size, int flags)
{
	struct vsharp_buf *buf = buf_alloc(size);
	struct dma_buf *dmabuf;

	if (IS_ERR(buf))
		return ERR_CAST(buf);
	dmabuf = vsharp_buf_export(buf, flags);
	buf_put(buf);
	return dmabuf;
}
EXPORT_SYMBOL_IF_KUNIT(vsharp_rbuf_kunit_export);
#endif

/* buffers/<id>/{size,data,dmabuf}: unsafe files holding a buffer reference */

static int buf_file_open(struct inode *inode, struct file *file)
{
	struct dentry *dentry = file->f_path.dentry;
	struct vsharp_buf *buf;
	int ret;

	ret = debugfs_file_get(dentry);
	if (ret)
		return ret;
	buf = inode->i_private;
	kref_get(&buf->ref);
	debugfs_file_put(dentry);
	file->private_data = buf;
	return 0;
}

static int buf_file_release(struct inode *inode, struct file *file)
{
	buf_put(file->private_data);
	return 0;
}

static ssize_t data_rw(struct file *file, char __user *ubuf, size_t count,
		       loff_t *ppos, bool write)
{
	struct vsharp_buf *buf = file->private_data;
	loff_t pos = *ppos;
	size_t done = 0;

	if (pos < 0)
		return -EINVAL;
	if (pos >= buf->size)
		return write && count ? -ENOSPC : 0;
	count = min_t(size_t, count, buf->size - pos);
	if (!write)
		buf_sync(buf, true);
	while (done < count) {
		size_t off = offset_in_page(pos);
		size_t n = min_t(size_t, count - done, PAGE_SIZE - off);
		char *p = kmap_local_page(buf->pages[pos >> PAGE_SHIFT]);
		unsigned long left;

		if (write)
			left = copy_from_user(p + off, ubuf + done, n);
		else
			left = copy_to_user(ubuf + done, p + off, n);
		kunmap_local(p);
		done += n - left;
		pos += n - left;
		if (left)
			break;
	}
	if (write && done)
		buf_sync(buf, false);
	if (!done && count)
		return -EFAULT;
	*ppos = pos;
	return done;
}

static ssize_t data_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	return data_rw(file, ubuf, count, ppos, false);
}

static ssize_t data_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	return data_rw(file, (char __user *)ubuf, count, ppos, true);
}

static loff_t data_llseek(struct file *file, loff_t offset, int whence)
{
	struct vsharp_buf *buf = file->private_data;

	return fixed_size_llseek(file, offset, whence, buf->size);
}

static int data_mmap(struct file *file, struct vm_area_struct *vma)
{
	return buf_mmap(file->private_data, vma);
}

static const struct file_operations data_fops = {
	.owner = THIS_MODULE,
	.open = buf_file_open,
	.release = buf_file_release,
	.read = data_read,
	.write = data_write,
	.llseek = data_llseek,
	.mmap = data_mmap,
};

static ssize_t size_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	struct vsharp_buf *buf = file->private_data;
	char text[24];
	int len;

	len = scnprintf(text, sizeof(text), "%zu\n", buf->size);
	return simple_read_from_buffer(ubuf, count, ppos, text, len);
}

static const struct file_operations size_fops = {
	.owner = THIS_MODULE,
	.open = buf_file_open,
	.release = buf_file_release,
	.read = size_read,
	.llseek = default_llseek,
};

/*
 * The fd is reserved, reported, and only then installed: a failed copy to
 * userspace leaves no fd behind in the caller.
 */
static long dmabuf_ioctl(struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	struct vsharp_export_dmabuf __user *uarg = (void __user *)arg;
	struct vsharp_buf *buf = file->private_data;
	struct vsharp_export_dmabuf req;
	struct dma_buf *dmabuf;
	int fd;

	if (cmd != VSHARP_IOCTL_EXPORT_DMABUF)
		return -ENOTTY;
	if (copy_from_user(&req, uarg, sizeof(req)))
		return -EFAULT;
	if (req.flags & ~VSHARP_EXPORT_CLOEXEC)
		return -EINVAL;
	dmabuf = vsharp_buf_export(buf, file->f_mode & FMODE_WRITE ?
				   O_RDWR : O_RDONLY);
	if (IS_ERR(dmabuf))
		return PTR_ERR(dmabuf);
	fd = get_unused_fd_flags(req.flags & VSHARP_EXPORT_CLOEXEC ?
				 O_CLOEXEC : 0);
	if (fd < 0) {
		dma_buf_put(dmabuf);
		return fd;
	}
	req.fd = fd;
	if (copy_to_user(uarg, &req, sizeof(req))) {
		put_unused_fd(fd);
		dma_buf_put(dmabuf);
		return -EFAULT;
	}
	fd_install(fd, dmabuf->file);
	return 0;
}

static const struct file_operations dmabuf_fops = {
	.owner = THIS_MODULE,
	.open = buf_file_open,
	.release = buf_file_release,
	.unlocked_ioctl = dmabuf_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

/* buffers/create, free, list */

static int buf_publish(struct vsharp_buf *buf)
{
	char name[16];
	struct dentry *d;
	int id;

	mutex_lock(&rbuf_lock);
	id = idr_alloc_cyclic(&rbuf_idr, buf, 0, INT_MAX, GFP_KERNEL);
	if (id < 0)
		goto out;
	buf->id = id;
	snprintf(name, sizeof(name), "%d", id);
	buf->dir = debugfs_create_dir(name, rbuf_dir);
	d = buf->dir;
	if (!IS_ERR(d))
		d = debugfs_create_file_unsafe("size", 0400, buf->dir, buf,
					       &size_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file_unsafe("data", 0600, buf->dir, buf,
					       &data_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file_unsafe("dmabuf", 0600, buf->dir, buf,
					       &dmabuf_fops);
	if (IS_ERR(d)) {
		idr_remove(&rbuf_idr, id);
		mutex_unlock(&rbuf_lock);
		debugfs_remove_recursive(buf->dir);
		return PTR_ERR(d);
	}
out:
	mutex_unlock(&rbuf_lock);
	return id;
}

static int buf_free(int id)
{
	struct vsharp_buf *buf;

	mutex_lock(&rbuf_lock);
	buf = idr_remove(&rbuf_idr, id);
	mutex_unlock(&rbuf_lock);
	if (!buf)
		return -ENOENT;
	/* waits only for opens in progress: open files hold their own ref */
	debugfs_remove_recursive(buf->dir);
	buf_put(buf);
	rbuf_reap(false);
	return 0;
}

static int create_open(struct inode *inode, struct file *file)
{
	struct create_state *st = kzalloc(sizeof(*st), GFP_KERNEL);

	if (!st)
		return -ENOMEM;
	mutex_init(&st->lock);
	st->id = -1;
	file->private_data = st;
	return nonseekable_open(inode, file);
}

static int create_release(struct inode *inode, struct file *file)
{
	struct create_state *st = file->private_data;

	mutex_destroy(&st->lock);
	kfree(st);
	return 0;
}

static int read_text_input(const char __user *ubuf, size_t count,
			   char *buf, char **val)
{
	if (count == 0 || count > VSHARP_MAX_INPUT)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	*val = vsharp_text_input(buf, count);
	return PTR_ERR_OR_ZERO(*val);
}

static ssize_t create_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct create_state *st = file->private_data;
	char text[VSHARP_MAX_INPUT + 1], *val;
	struct vsharp_buf *buf;
	u64 size;
	int ret;

	/* nonseekable: *ppos is only where reading the id has got to */
	ret = read_text_input(ubuf, count, text, &val);
	if (ret)
		return ret;
	ret = vsharp_parse_size(val, &size);
	if (ret)
		return ret;
	buf = buf_alloc(size);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = buf_publish(buf);
	if (ret < 0) {
		buf_put(buf);
		return ret;
	}
	mutex_lock(&st->lock);
	st->id = ret;
	/* the next read returns the new id, then end of file */
	*ppos = 0;
	mutex_unlock(&st->lock);
	return count;
}

static ssize_t create_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct create_state *st = file->private_data;
	char text[16];
	int len, id;

	mutex_lock(&st->lock);
	id = st->id;
	mutex_unlock(&st->lock);
	if (id < 0)
		return -ENODATA;
	len = scnprintf(text, sizeof(text), "%d\n", id);
	return simple_read_from_buffer(ubuf, count, ppos, text, len);
}

static const struct file_operations create_fops = {
	.owner = THIS_MODULE,
	.open = create_open,
	.release = create_release,
	.read = create_read,
	.write = create_write,
};

static ssize_t free_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char text[VSHARP_MAX_INPUT + 1], *val;
	int ret, id;

	if (*ppos != 0)
		return -EINVAL;
	ret = read_text_input(ubuf, count, text, &val);
	if (ret)
		return ret;
	ret = vsharp_parse_id(val, &id);
	if (ret)
		return ret;
	ret = buf_free(id);
	return ret ? ret : count;
}

static const struct file_operations free_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = free_write,
};

static int list_show(struct seq_file *m, void *unused)
{
	struct vsharp_buf *buf;
	int id;

	mutex_lock(&rbuf_lock);
	idr_for_each_entry(&rbuf_idr, buf, id)
		seq_printf(m, "%d %zu\n", id, buf->size);
	mutex_unlock(&rbuf_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(list);

/**
 * vsharp_rbuf_init() - create buffers/ and its files
 * @root: /sys/kernel/debug/vsharp
 *
 * Return: 0 or a negative errno; on error nothing is left.
 */
int vsharp_rbuf_init(struct dentry *root)
{
	struct dentry *d;

	rbuf_dir = debugfs_create_dir("buffers", root);
	d = rbuf_dir;
	if (!IS_ERR(d))
		d = debugfs_create_file("create", 0600, rbuf_dir, NULL,
					&create_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file("free", 0200, rbuf_dir, NULL, &free_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file("list", 0400, rbuf_dir, NULL, &list_fops);
	if (IS_ERR(d)) {
		debugfs_remove_recursive(rbuf_dir);
		rbuf_dir = NULL;
		return PTR_ERR(d);
	}
	return 0;
}

void vsharp_rbuf_exit(void)
{
	struct vsharp_buf *buf;
	int id;

	/*
	 * No file is open and no dma-buf exists (each pins the module), so
	 * the registry holds the last reference of every buffer.
	 */
	debugfs_remove_recursive(rbuf_dir);
	idr_for_each_entry(&rbuf_idr, buf, id)
		buf_put(buf);
	idr_destroy(&rbuf_idr);
	cancel_delayed_work_sync(&rbuf_reap_work);
	rbuf_reap(true);
}
