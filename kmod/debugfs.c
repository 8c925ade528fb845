// SPDX-License-Identifier: GPL-2.0
/*
 * The per-device debugfs tree: small text files, one value each.
 *
 *   <dev>/backend, device, gc_version, family, first_kfd_vmid,
 *         writable_vmids                                         (0400)
 *   <dev>/alignment_mode, vmids, force                           (0600)
 *   <dev>/reserved_vmids                       (0400; emu: 0600)
 *   <dev>/status, lost                                           (0400)
 *   <dev>/restore, reset (emu only)                              (0200)
 *   <dev>/vmid/<n>/sh_mem_config and one file per field          (0400)
 *   <dev>/vmid/<n>/alignment_mode                                (0600)
 *
 * A read renders the text once, at offset 0, into the open file's own
 * buffer; the reads after it continue in that text, so a reader taking it
 * a byte at a time never splices two values.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "vsharp.h"

struct vsharp_attr {
	const char *name;
	umode_t mode;
	int (*show)(struct vsharp_node *n, char *buf, size_t size);
	int (*store)(struct vsharp_node *n, const char *val);
	/* NULL: every device has the file */
	bool (*present)(const struct vsharp_dev *vdev);
};

#define SHOW_SIZE 128

static int show_backend(struct vsharp_node *n, char *buf, size_t size)
{
	return scnprintf(buf, size, "%s\n", n->vdev->ops->name);
}

static int show_device(struct vsharp_node *n, char *buf, size_t size)
{
	return scnprintf(buf, size, "%s\n", n->vdev->device);
}

static int show_gc_version(struct vsharp_node *n, char *buf, size_t size)
{
	const struct vsharp_gc *gc = &n->vdev->gc;

	return scnprintf(buf, size, "%u.%u.%u\n", gc->major, gc->minor, gc->rev);
}

static int show_family(struct vsharp_node *n, char *buf, size_t size)
{
	return scnprintf(buf, size, "%s\n", n->vdev->layout->family);
}

static int show_first_kfd_vmid(struct vsharp_node *n, char *buf, size_t size)
{
	return scnprintf(buf, size, "%u\n", n->vdev->first_kfd_vmid);
}

static int show_writable_vmids(struct vsharp_node *n, char *buf, size_t size)
{
	int len = vsharp_format_vmids(n->vdev->writable, buf, size - 1);

	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

static u32 node_mask(struct vsharp_node *n)
{
	if (n->vmid >= 0)
		return BIT(n->vmid);
	return READ_ONCE(n->vdev->vmids);
}

static int show_mode(struct vsharp_node *n, char *buf, size_t size)
{
	int ret, mode;

	ret = vsharp_align_read(n->vdev, node_mask(n), &mode);
	if (ret)
		return ret;
	if (mode == -1)
		return scnprintf(buf, size, "none\n");
	if (mode == -2)
		return scnprintf(buf, size, "mixed\n");
	return scnprintf(buf, size, "%s\n", vsharp_mode_name(mode));
}

static int store_mode(struct vsharp_node *n, const char *val)
{
	unsigned int mode;
	int ret;

	ret = vsharp_parse_mode(val, &mode);
	if (ret)
		return ret;
	return vsharp_align_apply(n->vdev, node_mask(n), mode);
}

static int show_vmids(struct vsharp_node *n, char *buf, size_t size)
{
	int len = vsharp_format_vmids(READ_ONCE(n->vdev->vmids), buf, size - 1);

	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

static int store_vmids(struct vsharp_node *n, const char *val)
{
	u32 mask;
	int ret;

	ret = vsharp_parse_vmids(val, &mask);
	if (ret)
		return ret;
	if (mask & ~n->vdev->writable)
		return -EPERM;
	WRITE_ONCE(n->vdev->vmids, mask);
	return 0;
}

static int show_status(struct vsharp_node *n, char *buf, size_t size)
{
	u32 lost;
	int ret;

	ret = vsharp_align_lost(n->vdev, &lost);
	if (ret)
		return ret;
	if (lost)
		return scnprintf(buf, size, "lost\n");
	if (READ_ONCE(n->vdev->touched))
		return scnprintf(buf, size, "applied\n");
	return scnprintf(buf, size, "unmodified\n");
}

static int show_lost(struct vsharp_node *n, char *buf, size_t size)
{
	u32 lost;
	int ret, len;

	ret = vsharp_align_lost(n->vdev, &lost);
	if (ret)
		return ret;
	len = vsharp_format_vmids(lost, buf, size - 1);
	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

static int store_restore(struct vsharp_node *n, const char *val)
{
	int ret = vsharp_parse_one(val);

	if (ret)
		return ret;
	return vsharp_align_restore(n->vdev, NULL);
}

static int store_reset(struct vsharp_node *n, const char *val)
{
	int ret = vsharp_parse_one(val);

	if (ret)
		return ret;
	return n->vdev->ops->reset(n->vdev);
}

static int show_reserved(struct vsharp_node *n, char *buf, size_t size)
{
	u32 mask;
	int ret, len;

	ret = n->vdev->ops->reserved(n->vdev, &mask);
	if (ret)
		return ret;
	len = vsharp_format_vmids(mask, buf, size - 1);
	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

static int store_reserved(struct vsharp_node *n, const char *val)
{
	u32 mask;
	int ret;

	ret = vsharp_parse_vmids(val, &mask);
	if (ret)
		return ret;
	return n->vdev->ops->reserve(n->vdev, mask);
}

static int show_force(struct vsharp_node *n, char *buf, size_t size)
{
	return scnprintf(buf, size, "%d\n", READ_ONCE(n->vdev->force));
}

static int store_force(struct vsharp_node *n, const char *val)
{
	struct vsharp_dev *vdev = n->vdev;
	bool force;

	if (!strcmp(val, "0"))
		force = false;
	else if (!strcmp(val, "1"))
		force = true;
	else
		return -EINVAL;
	/* a mode write checks reservations and force under the same lock */
	mutex_lock(&vdev->lock);
	WRITE_ONCE(vdev->force, force);
	mutex_unlock(&vdev->lock);
	return 0;
}

static bool has_reset(const struct vsharp_dev *vdev)
{
	return vdev->ops->reset;
}

static bool manager_emulated(const struct vsharp_dev *vdev)
{
	return vdev->ops->reserve;
}

static bool manager_real(const struct vsharp_dev *vdev)
{
	return !vdev->ops->reserve;
}

static int show_sh_mem_config(struct vsharp_node *n, char *buf, size_t size)
{
	u32 v;
	int ret;

	ret = n->vdev->ops->read(n->vdev, n->vmid, &v);
	if (ret)
		return ret;
	return scnprintf(buf, size, "0x%08x\n", v);
}

static int show_field(struct vsharp_node *n, char *buf, size_t size)
{
	u32 v;
	int ret;

	ret = n->vdev->ops->read(n->vdev, n->vmid, &v);
	if (ret)
		return ret;
	return scnprintf(buf, size, "%u\n", vsharp_field_get(n->field, v));
}

static const struct vsharp_attr dev_attrs[] = {
	{ "backend", 0400, show_backend, NULL },
	{ "device", 0400, show_device, NULL },
	{ "gc_version", 0400, show_gc_version, NULL },
	{ "family", 0400, show_family, NULL },
	{ "first_kfd_vmid", 0400, show_first_kfd_vmid, NULL },
	{ "writable_vmids", 0400, show_writable_vmids, NULL },
	{ "alignment_mode", 0600, show_mode, store_mode },
	{ "vmids", 0600, show_vmids, store_vmids },
	{ "reserved_vmids", 0400, show_reserved, NULL, manager_real },
	{ "reserved_vmids", 0600, show_reserved, store_reserved, manager_emulated },
	{ "force", 0600, show_force, store_force },
	{ "status", 0400, show_status, NULL },
	{ "lost", 0400, show_lost, NULL },
	{ "restore", 0200, NULL, store_restore },
	{ "reset", 0200, NULL, store_reset, has_reset },
};

static const struct vsharp_attr vmid_raw_attr = {
	"sh_mem_config", 0400, show_sh_mem_config, NULL
};

static const struct vsharp_attr vmid_mode_attr = {
	"alignment_mode", 0600, show_mode, store_mode
};

static const struct vsharp_attr vmid_field_attr = {
	NULL, 0400, show_field, NULL
};

/*
 * An open device file: the text its last read from offset 0 rendered.
 * Rendering once per pass, as simple_attr_read() does, keeps a reader
 * that takes the text in pieces from splicing two values.
 */
struct node_file {
	struct vsharp_node *n;
	struct mutex lock;		/* @text, @len */
	int len;
	char text[SHOW_SIZE];
};

static int node_open(struct inode *inode, struct file *file)
{
	struct node_file *nf = kzalloc(sizeof(*nf), GFP_KERNEL);

	if (!nf)
		return -ENOMEM;
	nf->n = inode->i_private;
	mutex_init(&nf->lock);
	file->private_data = nf;
	return 0;
}

static int node_release(struct inode *inode, struct file *file)
{
	struct node_file *nf = file->private_data;

	mutex_destroy(&nf->lock);
	kfree(nf);
	return 0;
}

static ssize_t node_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	struct node_file *nf = file->private_data;
	struct vsharp_node *n = nf->n;
	ssize_t ret;

	/* root may open a 0200 file for reading: refuse here */
	if (!n->attr->show)
		return -EPERM;
	mutex_lock(&nf->lock);
	if (*ppos == 0 || !nf->len) {
		ret = n->attr->show(n, nf->text, sizeof(nf->text));
		if (ret < 0)
			goto out;
		nf->len = ret;
	}
	ret = simple_read_from_buffer(ubuf, count, ppos, nf->text, nf->len);
out:
	mutex_unlock(&nf->lock);
	return ret;
}

static ssize_t node_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	struct vsharp_node *n = ((struct node_file *)file->private_data)->n;
	char buf[VSHARP_MAX_INPUT + 1];
	char *val;
	int ret;

	if (!n->attr->store)
		return -EPERM;
	/* one value per write(), written at offset 0 */
	if (*ppos != 0 || count == 0 || count > VSHARP_MAX_INPUT)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	val = vsharp_text_input(buf, count);
	if (IS_ERR(val))
		return PTR_ERR(val);
	ret = n->attr->store(n, val);
	return ret ? ret : count;
}

static const struct file_operations node_fops = {
	.owner = THIS_MODULE,
	.open = node_open,
	.release = node_release,
	.read = node_read,
	.write = node_write,
	.llseek = default_llseek,
};

static int add_file(struct dentry *dir, const char *name,
		    struct vsharp_node *n)
{
	struct dentry *d;

	d = debugfs_create_file(name, n->attr->mode, dir, n, &node_fops);
	return IS_ERR(d) ? PTR_ERR(d) : 0;
}

/**
 * vsharp_dev_debugfs_init() - create <root>/<vdev->name>/ and its files
 * @vdev: the device
 * @root: /sys/kernel/debug/vsharp
 *
 * Return: 0 or a negative errno (nothing is left behind).
 */
int vsharp_dev_debugfs_init(struct vsharp_dev *vdev, struct dentry *root)
{
	const struct vsharp_layout *l = vdev->layout;
	struct dentry *vdir, *d;
	struct vsharp_node *n;
	unsigned int i, vmid;
	char name[8];
	int ret = 0;

	/* regs.c asserts that no layout has more than VSHARP_MAX_FIELDS */
	BUILD_BUG_ON(ARRAY_SIZE(dev_attrs) > ARRAY_SIZE(vdev->dev_nodes));

	vdev->dir = debugfs_create_dir(vdev->name, root);
	if (IS_ERR(vdev->dir))
		return PTR_ERR(vdev->dir);

	for (i = 0; i < ARRAY_SIZE(dev_attrs) && !ret; i++) {
		if (dev_attrs[i].present && !dev_attrs[i].present(vdev))
			continue;
		n = &vdev->dev_nodes[i];
		*n = (struct vsharp_node){ vdev, &dev_attrs[i], -1, NULL };
		ret = add_file(vdev->dir, dev_attrs[i].name, n);
	}

	vdir = debugfs_create_dir("vmid", vdev->dir);
	if (IS_ERR(vdir))
		ret = PTR_ERR(vdir);
	for (vmid = 0; vmid < VSHARP_NUM_VMIDS && !ret; vmid++) {
		snprintf(name, sizeof(name), "%u", vmid);
		d = debugfs_create_dir(name, vdir);
		if (IS_ERR(d)) {
			ret = PTR_ERR(d);
			break;
		}
		n = &vdev->vmid_nodes[vmid][0];
		*n = (struct vsharp_node){ vdev, &vmid_raw_attr, vmid, NULL };
		ret = add_file(d, vmid_raw_attr.name, n);
		for (i = 0; i < l->nfields && !ret; i++) {
			n = &vdev->vmid_nodes[vmid][i + 1];
			*n = (struct vsharp_node){
				vdev,
				&l->fields[i] == l->align ? &vmid_mode_attr
							  : &vmid_field_attr,
				vmid, &l->fields[i],
			};
			ret = add_file(d, l->fields[i].name, n);
		}
	}
	if (ret) {
		debugfs_remove_recursive(vdev->dir);
		vdev->dir = NULL;
	}
	return ret;
}
