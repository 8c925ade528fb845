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
 *   buffers/<id>/dmabuf   read: a new dma-buf fd in the reader   (0400)
 *
 * Lifetime: a buffer holds one reference for the registry (dropped by
 * "free" or at unload), one per open data file, one per dma-buf.  Open
 * files and dma-bufs also pin the module (fops and dma-buf owner), so the
 * module cannot be unloaded while anyone can still reach the pages.
 */
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
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "vsharp.h"

MODULE_IMPORT_NS(DMA_BUF);

static unsigned long max_buffer_size = 4 << 20;
module_param(max_buffer_size, ulong, 0444);
MODULE_PARM_DESC(max_buffer_size, "Largest result buffer in bytes (default 4 MiB)");

static unsigned long max_total_size = 64 << 20;
module_param(max_total_size, ulong, 0444);
MODULE_PARM_DESC(max_total_size, "Limit on all result buffers' pages together, in bytes (default 64 MiB)");

#define VSHARP_MAX_BUFFERS 256

struct vsharp_buf {
	struct kref ref;
	int id;
	size_t size;
	unsigned int npages;
	struct page **pages;
	struct dentry *dir;
};

struct create_state {
	int id;				/* last buffer created through this fd */
};

static DEFINE_MUTEX(rbuf_lock);		/* the registry: idr and dentries */
static DEFINE_IDR(rbuf_idr);
static atomic_long_t rbuf_pages;	/* pages allocated, freed or not */
static atomic_t rbuf_count;
static struct dentry *rbuf_dir;

static void buf_release(struct kref *ref)
{
	struct vsharp_buf *buf = container_of(ref, struct vsharp_buf, ref);
	unsigned int i;

	for (i = 0; i < buf->npages; i++)
		__free_page(buf->pages[i]);
	kvfree(buf->pages);
	atomic_long_sub(buf->npages, &rbuf_pages);
	atomic_dec(&rbuf_count);
	kfree(buf);
}

static void buf_put(struct vsharp_buf *buf)
{
	kref_put(&buf->ref, buf_release);
}

static struct vsharp_buf *buf_alloc(u64 size)
{
	struct vsharp_buf *buf;
	unsigned long npages;

	if (!size || size > max_buffer_size)
		return ERR_PTR(-EINVAL);
	npages = DIV_ROUND_UP(size, PAGE_SIZE);
	if (atomic_inc_return(&rbuf_count) > VSHARP_MAX_BUFFERS) {
		atomic_dec(&rbuf_count);
		return ERR_PTR(-ENOSPC);
	}
	if (atomic_long_add_return(npages, &rbuf_pages) >
	    max_total_size >> PAGE_SHIFT) {
		atomic_long_sub(npages, &rbuf_pages);
		atomic_dec(&rbuf_count);
		return ERR_PTR(-ENOSPC);
	}

	buf = kzalloc(sizeof(*buf), GFP_KERNEL);
	if (!buf)
		goto err;
	buf->pages = kvcalloc(npages, sizeof(*buf->pages), GFP_KERNEL);
	if (!buf->pages)
		goto err;
	kref_init(&buf->ref);
	buf->size = size;
	buf->id = -1;
	for (buf->npages = 0; buf->npages < npages; buf->npages++) {
		buf->pages[buf->npages] = alloc_page(GFP_KERNEL | __GFP_ZERO |
						     __GFP_NOWARN);
		if (!buf->pages[buf->npages]) {
			/* buf_release() gives back what was counted */
			atomic_long_sub(npages - buf->npages, &rbuf_pages);
			buf_put(buf);
			return ERR_PTR(-ENOMEM);
		}
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

/* dma-buf exporter */

static struct sg_table *buf_map_dma_buf(struct dma_buf_attachment *at,
					enum dma_data_direction dir)
{
	struct vsharp_buf *buf = at->dmabuf->priv;
	struct sg_table *sgt;
	int ret;

	sgt = kzalloc(sizeof(*sgt), GFP_KERNEL);
	if (!sgt)
		return ERR_PTR(-ENOMEM);
	ret = sg_alloc_table_from_pages(sgt, buf->pages, buf->npages, 0,
					(size_t)buf->npages << PAGE_SHIFT,
					GFP_KERNEL);
	if (ret)
		goto err_free;
	ret = dma_map_sgtable(at->dev, sgt, dir, 0);
	if (ret)
		goto err_table;
	return sgt;

err_table:
	sg_free_table(sgt);
err_free:
	kfree(sgt);
	return ERR_PTR(ret);
}

static void buf_unmap_dma_buf(struct dma_buf_attachment *at,
			      struct sg_table *sgt,
			      enum dma_data_direction dir)
{
	dma_unmap_sgtable(at->dev, sgt, dir, 0);
	sg_free_table(sgt);
	kfree(sgt);
}

static void buf_dma_buf_release(struct dma_buf *dmabuf)
{
	buf_put(dmabuf->priv);
}

static int buf_dma_buf_mmap(struct dma_buf *dmabuf, struct vm_area_struct *vma)
{
	struct vsharp_buf *buf = dmabuf->priv;

	return vm_map_pages(vma, buf->pages, buf->npages);
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
	.release = buf_dma_buf_release,
	.mmap = buf_dma_buf_mmap,
	.vmap = buf_dma_buf_vmap,
	.vunmap = buf_dma_buf_vunmap,
};

/**
 * vsharp_buf_export() - wrap a buffer in a new dma-buf
 * @buf: the buffer; the dma-buf takes its own reference
 *
 * Return: the dma-buf or an ERR_PTR.
 */
static struct dma_buf *vsharp_buf_export(struct vsharp_buf *buf)
{
	DEFINE_DMA_BUF_EXPORT_INFO(exp);
	struct dma_buf *dmabuf;

	exp.owner = THIS_MODULE;
	exp.ops = &buf_dma_buf_ops;
	exp.size = (size_t)buf->npages << PAGE_SHIFT;
	exp.flags = O_RDWR;
	exp.priv = buf;
	kref_get(&buf->ref);
	dmabuf = dma_buf_export(&exp);
	if (IS_ERR(dmabuf))
		buf_put(buf);
	return dmabuf;
}

#if IS_ENABLED(CONFIG_KUNIT)
/* KUnit: an unpublished buffer whose only holder is the returned dma-buf */
struct dma_buf *vsharp_rbuf_kunit_export(size_t size)
{
	struct vsharp_buf *buf = buf_alloc(size);
	struct dma_buf *dmabuf;

	if (IS_ERR(buf))
		return ERR_CAST(buf);
	dmabuf = vsharp_buf_export(buf);
	buf_put(buf);
	return dmabuf;
}
#endif

/* buffers/<id>/data: created unsafe (mmap), so it guards itself */

static int data_open(struct inode *inode, struct file *file)
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

static int data_release(struct inode *inode, struct file *file)
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
	struct vsharp_buf *buf = file->private_data;

	return vm_map_pages(vma, buf->pages, buf->npages);
}

static const struct file_operations data_fops = {
	.owner = THIS_MODULE,
	.open = data_open,
	.release = data_release,
	.read = data_read,
	.write = data_write,
	.llseek = data_llseek,
	.mmap = data_mmap,
};

/* buffers/<id>/size and dmabuf: proxied, removal waits for them */

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
	.open = simple_open,
	.read = size_read,
	.llseek = default_llseek,
};

static ssize_t dmabuf_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct vsharp_buf *buf = file->private_data;
	struct dma_buf *dmabuf;
	char text[16];
	int fd, len;

	/* one fd per read() at offset 0; "cat" then sees end of file */
	if (*ppos)
		return 0;
	dmabuf = vsharp_buf_export(buf);
	if (IS_ERR(dmabuf))
		return PTR_ERR(dmabuf);
	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0) {
		dma_buf_put(dmabuf);
		return fd;
	}
	len = scnprintf(text, sizeof(text), "%d\n", fd);
	if (count < len || copy_to_user(ubuf, text, len)) {
		put_unused_fd(fd);
		dma_buf_put(dmabuf);
		return count < len ? -EINVAL : -EFAULT;
	}
	fd_install(fd, dmabuf->file);
	*ppos = len;
	return len;
}

static const struct file_operations dmabuf_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = dmabuf_read,
	.llseek = no_llseek,
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
		d = debugfs_create_file("size", 0400, buf->dir, buf, &size_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file_unsafe("data", 0600, buf->dir, buf,
					       &data_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file("dmabuf", 0400, buf->dir, buf,
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
	/* waits for size/dmabuf reads in progress; data holds its own ref */
	debugfs_remove_recursive(buf->dir);
	buf_put(buf);
	return 0;
}

static int create_open(struct inode *inode, struct file *file)
{
	struct create_state *st = kzalloc(sizeof(*st), GFP_KERNEL);

	if (!st)
		return -ENOMEM;
	st->id = -1;
	file->private_data = st;
	return nonseekable_open(inode, file);
}

static int create_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static int read_text_input(const char __user *ubuf, size_t count,
			   loff_t *ppos, char *buf, char **val)
{
	if (*ppos != 0 || count == 0 || count > VSHARP_MAX_INPUT)
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

	/* nonseekable: *ppos stays 0 */
	ret = read_text_input(ubuf, count, ppos, text, &val);
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
	st->id = ret;
	return count;
}

static ssize_t create_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct create_state *st = file->private_data;
	char text[16];
	loff_t pos = 0;
	int len;

	if (st->id < 0)
		return -ENODATA;
	len = scnprintf(text, sizeof(text), "%d\n", st->id);
	return simple_read_from_buffer(ubuf, count, &pos, text, len);
}

static const struct file_operations create_fops = {
	.owner = THIS_MODULE,
	.open = create_open,
	.release = create_release,
	.read = create_read,
	.write = create_write,
	.llseek = no_llseek,
};

static ssize_t free_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char text[VSHARP_MAX_INPUT + 1], *val;
	int ret, id;

	ret = read_text_input(ubuf, count, ppos, text, &val);
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
	.llseek = no_llseek,
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

int vsharp_rbuf_init(struct dentry *root)
{
	struct dentry *d;

	rbuf_dir = debugfs_create_dir("buffers", root);
	if (IS_ERR(rbuf_dir))
		return PTR_ERR(rbuf_dir);
	d = debugfs_create_file("create", 0600, rbuf_dir, NULL, &create_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file("free", 0200, rbuf_dir, NULL, &free_fops);
	if (!IS_ERR(d))
		d = debugfs_create_file("list", 0400, rbuf_dir, NULL, &list_fops);
	if (IS_ERR(d)) {
		debugfs_remove_recursive(rbuf_dir);
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
}
