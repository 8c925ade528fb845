// SPDX-License-Identifier: MIT
/*
 * Vulkan compute through Mesa's RADV: the tests named on the command line
 * (fill, reduce, robust) in turn, each on a device of its own, the first
 * RADV device (with -d lavapipe Mesa's CPU driver, which checks the tests).  The
 * shaders are GLSL compiled to SPIR-V at build time (glslangValidator);
 * RADV compiles them with ACO and records its own command buffers.  The
 * expected words are computed here on the CPU.
 *
 * Exit status: 0 all words right, 1 a wrong word (each one printed, up to
 * a limit), 2 Vulkan refused a step (the call and its VkResult printed).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "fill.spv.h"
#include "reduce.spv.h"
#include "robust.spv.h"

#define GROUP 64u		/* local_size_x of every shader */
#define FENCE_NS 20000000000ull	/* a dispatch on the emulator takes well under this */
#define MAX_BUFFERS 3
#define MAX_REPORTED 8

struct buffer {
	VkDeviceSize size;	/* of the allocation */
	VkDeviceSize offset;	/* of the descriptor's range */
	VkDeviceSize range;
	VkBuffer buf;
	VkDeviceMemory mem;
	uint32_t *map;
};

struct ctx {
	VkInstance inst;
	VkPhysicalDevice phys;
	VkDevice dev;
	VkQueue queue;
	uint32_t family;
	uint32_t host_type;	/* host-visible, coherent memory type */
	struct buffer b[MAX_BUFFERS];
	unsigned nbuf;
	unsigned wrong;
};

static const struct {
	VkResult r;
	const char *name;
} results[] = {
	{ VK_TIMEOUT, "VK_TIMEOUT" },
	{ VK_ERROR_OUT_OF_HOST_MEMORY, "VK_ERROR_OUT_OF_HOST_MEMORY" },
	{ VK_ERROR_OUT_OF_DEVICE_MEMORY, "VK_ERROR_OUT_OF_DEVICE_MEMORY" },
	{ VK_ERROR_INITIALIZATION_FAILED, "VK_ERROR_INITIALIZATION_FAILED" },
	{ VK_ERROR_DEVICE_LOST, "VK_ERROR_DEVICE_LOST" },
	{ VK_ERROR_MEMORY_MAP_FAILED, "VK_ERROR_MEMORY_MAP_FAILED" },
	{ VK_ERROR_EXTENSION_NOT_PRESENT, "VK_ERROR_EXTENSION_NOT_PRESENT" },
	{ VK_ERROR_FEATURE_NOT_PRESENT, "VK_ERROR_FEATURE_NOT_PRESENT" },
	{ VK_ERROR_INCOMPATIBLE_DRIVER, "VK_ERROR_INCOMPATIBLE_DRIVER" },
	{ VK_ERROR_INVALID_EXTERNAL_HANDLE, "VK_ERROR_INVALID_EXTERNAL_HANDLE" },
};

static const char *result_name(VkResult r)
{
	for (size_t i = 0; i < sizeof(results) / sizeof(results[0]); i++)
		if (results[i].r == r)
			return results[i].name;
	return "another VkResult";
}

static void __attribute__((noreturn, format(printf, 2, 3)))
refuse(VkResult r, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "vkcompute: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " failed: %s (%d)\n", result_name(r), r);
	exit(2);
}

#define VK(call) do { VkResult r_ = (call); if (r_ != VK_SUCCESS) refuse(r_, "%s", #call); } while (0)

static void expect(struct ctx *c, const char *what, unsigned i, uint32_t got, uint32_t want)
{
	if (got == want)
		return;
	if (c->wrong++ < MAX_REPORTED)
		printf("# %s[%u] = 0x%08x, want 0x%08x\n", what, i, got, want);
}

static const struct driver {
	const char *name;
	VkDriverId id;
	int compute_only;	/* take the compute-only queue family */
} drivers[] = {
	/* The compute-only family is the one RADV records for the compute ring, the
	 * one ring the shim executes (Documentation/shim.rst, "Rings"). */
	{ "radv", VK_DRIVER_ID_MESA_RADV, 1 },
	/* Mesa's CPU driver, one family for everything: checks the tests themselves. */
	{ "lavapipe", VK_DRIVER_ID_MESA_LLVMPIPE, 0 },
};

static const struct driver *driver = &drivers[0];

/* The driver's device, not another ICD's the loader also finds. */
static void pick_device(struct ctx *c)
{
	VkPhysicalDevice devs[8];
	uint32_t n = 8;
	VkResult r = vkEnumeratePhysicalDevices(c->inst, &n, devs);

	if (r != VK_SUCCESS && r != VK_INCOMPLETE)
		refuse(r, "vkEnumeratePhysicalDevices");
	for (uint32_t i = 0; i < n; i++) {
		VkPhysicalDeviceDriverProperties drv = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES };
		VkPhysicalDeviceProperties2 p = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &drv };

		vkGetPhysicalDeviceProperties2(devs[i], &p);
		if (drv.driverID == driver->id) {
			c->phys = devs[i];
			printf("# device: %s (%s %s)\n", p.properties.deviceName, drv.driverName,
			       drv.driverInfo);
			return;
		}
	}
	fprintf(stderr, "vkcompute: no %s device among the %u Vulkan devices\n", driver->name, n);
	exit(2);
}

static void pick_family(struct ctx *c)
{
	VkQueueFamilyProperties q[8];
	uint32_t n = 8;

	vkGetPhysicalDeviceQueueFamilyProperties(c->phys, &n, q);
	for (uint32_t i = 0; i < n; i++)
		if ((q[i].queueFlags & VK_QUEUE_COMPUTE_BIT) &&
		    !(driver->compute_only && (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT))) {
			c->family = i;
			return;
		}
	fprintf(stderr, "vkcompute: %s lists no %squeue family with compute\n", driver->name,
		driver->compute_only ? "compute-only " : "");
	exit(2);
}

static void pick_memory(struct ctx *c)
{
	const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
					   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
	VkPhysicalDeviceMemoryProperties m;

	vkGetPhysicalDeviceMemoryProperties(c->phys, &m);
	for (uint32_t i = 0; i < m.memoryTypeCount; i++)
		if ((m.memoryTypes[i].propertyFlags & want) == want) {
			c->host_type = i;
			return;
		}
	fprintf(stderr, "vkcompute: no host-visible coherent memory type\n");
	exit(2);
}

static void open_device(struct ctx *c, int robust)
{
	const VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
		.pApplicationName = "vsharp-vkcompute", .apiVersion = VK_API_VERSION_1_1 };
	const VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
		.pApplicationInfo = &app };
	const float prio = 1.0f;
	VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
		.queueCount = 1, .pQueuePriorities = &prio };
	VkPhysicalDeviceRobustness2FeaturesEXT r2 = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT };
	VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 };
	const char *ext = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
	VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
		.queueCreateInfoCount = 1, .pQueueCreateInfos = &qci };

	VK(vkCreateInstance(&ici, NULL, &c->inst));
	pick_device(c);
	pick_family(c);
	pick_memory(c);
	qci.queueFamilyIndex = c->family;
	if (robust) {
		VkPhysicalDeviceRobustness2FeaturesEXT has = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT };
		VkPhysicalDeviceFeatures2 hasf = {
			.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &has };

		vkGetPhysicalDeviceFeatures2(c->phys, &hasf);
		if (!has.robustBufferAccess2 || !hasf.features.robustBufferAccess) {
			fprintf(stderr, "vkcompute: %s does not offer robustBufferAccess2\n", driver->name);
			exit(2);
		}
		/* robustBufferAccess2 requires robustBufferAccess (VUID-VkPhysicalDeviceRobustness2FeaturesEXT-robustBufferAccess2-04000). */
		r2.robustBufferAccess2 = VK_TRUE;
		f.features.robustBufferAccess = VK_TRUE;
		f.pNext = &r2;
		dci.pNext = &f;
		dci.enabledExtensionCount = 1;
		dci.ppEnabledExtensionNames = &ext;
	}
	VK(vkCreateDevice(c->phys, &dci, NULL, &c->dev));
	vkGetDeviceQueue(c->dev, c->family, 0, &c->queue);
}

/* A storage buffer of `words` words; its descriptor covers [offset, offset + range) in words. */
static struct buffer *add_buffer(struct ctx *c, unsigned words, unsigned offset, unsigned range)
{
	struct buffer *b = &c->b[c->nbuf++];
	VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
		.size = words * 4u, .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
		.sharingMode = VK_SHARING_MODE_EXCLUSIVE };
	VkMemoryRequirements req;
	void *p;

	b->size = words * 4u;
	b->offset = offset * 4u;
	b->range = range * 4u;
	VK(vkCreateBuffer(c->dev, &bci, NULL, &b->buf));
	vkGetBufferMemoryRequirements(c->dev, b->buf, &req);
	if (!(req.memoryTypeBits & (1u << c->host_type))) {
		fprintf(stderr, "vkcompute: storage buffers cannot live in host-visible memory\n");
		exit(2);
	}
	const VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
		.allocationSize = req.size, .memoryTypeIndex = c->host_type };
	VK(vkAllocateMemory(c->dev, &mai, NULL, &b->mem));
	VK(vkBindBufferMemory(c->dev, b->buf, b->mem, 0));
	VK(vkMapMemory(c->dev, b->mem, 0, VK_WHOLE_SIZE, 0, &p));
	b->map = p;
	return b;
}

/* Bind every buffer, push `push`, dispatch `groups` workgroups, wait. */
static void dispatch(struct ctx *c, const uint32_t *spv, size_t spv_bytes,
		     const uint32_t *push, unsigned push_words, unsigned groups)
{
	VkDescriptorSetLayoutBinding bind[MAX_BUFFERS];
	VkDescriptorBufferInfo info[MAX_BUFFERS];
	VkWriteDescriptorSet wr[MAX_BUFFERS];

	for (unsigned i = 0; i < c->nbuf; i++) {
		bind[i] = (VkDescriptorSetLayoutBinding){ .binding = i,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .descriptorCount = 1,
			.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
		info[i] = (VkDescriptorBufferInfo){ .buffer = c->b[i].buf, .offset = c->b[i].offset,
			.range = c->b[i].range };
		wr[i] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
			.dstBinding = i, .descriptorCount = 1,
			.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &info[i] };
	}

	const VkDescriptorSetLayoutCreateInfo dslci = {
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
		.bindingCount = c->nbuf, .pBindings = bind };
	VkDescriptorSetLayout dsl;
	VK(vkCreateDescriptorSetLayout(c->dev, &dslci, NULL, &dsl));

	const VkPushConstantRange pcr = { .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
		.size = push_words * 4u };
	const VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.setLayoutCount = 1, .pSetLayouts = &dsl,
		.pushConstantRangeCount = push_words ? 1u : 0u, .pPushConstantRanges = &pcr };
	VkPipelineLayout pl;
	VK(vkCreatePipelineLayout(c->dev, &plci, NULL, &pl));

	const VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
		.codeSize = spv_bytes, .pCode = spv };
	VkShaderModule sm;
	VK(vkCreateShaderModule(c->dev, &smci, NULL, &sm));

	const VkComputePipelineCreateInfo cpci = { .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			   .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = sm, .pName = "main" },
		.layout = pl };
	VkPipeline pipe;
	VK(vkCreateComputePipelines(c->dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));

	const VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, c->nbuf };
	const VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &ps };
	VkDescriptorPool dp;
	VK(vkCreateDescriptorPool(c->dev, &dpci, NULL, &dp));
	const VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		.descriptorPool = dp, .descriptorSetCount = 1, .pSetLayouts = &dsl };
	VkDescriptorSet set;
	VK(vkAllocateDescriptorSets(c->dev, &dsai, &set));
	for (unsigned i = 0; i < c->nbuf; i++)
		wr[i].dstSet = set;
	vkUpdateDescriptorSets(c->dev, c->nbuf, wr, 0, NULL);

	const VkCommandPoolCreateInfo cpoolci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.queueFamilyIndex = c->family };
	VkCommandPool cp;
	VK(vkCreateCommandPool(c->dev, &cpoolci, NULL, &cp));
	const VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
		.commandPool = cp, .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 };
	VkCommandBuffer cb;
	VK(vkAllocateCommandBuffers(c->dev, &cbai, &cb));

	const VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
		.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
	VK(vkBeginCommandBuffer(cb, &cbbi));
	vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
	vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
	if (push_words)
		vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_words * 4u, push);
	vkCmdDispatch(cb, groups, 1, 1);
	/* The shader's writes made visible to the host's reads after the fence. */
	const VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
		.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT, .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
	vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
			     1, &mb, 0, NULL, 0, NULL);
	VK(vkEndCommandBuffer(cb));

	const VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
	VkFence fence;
	VK(vkCreateFence(c->dev, &fci, NULL, &fence));
	const VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
		.commandBufferCount = 1, .pCommandBuffers = &cb };
	VK(vkQueueSubmit(c->queue, 1, &si, fence));
	VK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, FENCE_NS));

	vkDestroyFence(c->dev, fence, NULL);
	vkDestroyCommandPool(c->dev, cp, NULL);
	vkDestroyDescriptorPool(c->dev, dp, NULL);
	vkDestroyPipeline(c->dev, pipe, NULL);
	vkDestroyShaderModule(c->dev, sm, NULL);
	vkDestroyPipelineLayout(c->dev, pl, NULL);
	vkDestroyDescriptorSetLayout(c->dev, dsl, NULL);
}

/* Numerical Recipes' LCG: values with every bit pattern, the same on every run. */
static uint32_t next(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s;
}

#define FILL_GROUPS 16u
#define POISON 0xdeadbeefu

static void test_fill(struct ctx *c)
{
	const unsigned n = FILL_GROUPS * GROUP;
	const uint32_t push[2] = { 0xc0de0000u, 3u };
	/* One group's worth more than the dispatch: nothing may land there. */
	struct buffer *b = add_buffer(c, n + GROUP, 0, n + GROUP);

	for (unsigned i = 0; i < n + GROUP; i++)
		b->map[i] = POISON;
	dispatch(c, fill_spv, sizeof(fill_spv), push, 2, FILL_GROUPS);
	for (unsigned i = 0; i < n + GROUP; i++)
		expect(c, "word", i, b->map[i], i < n ? push[0] + i * push[1] : POISON);
}

#define REDUCE_GROUPS 32u

static void test_reduce(struct ctx *c)
{
	const unsigned n = REDUCE_GROUPS * GROUP;
	struct buffer *in = add_buffer(c, n, 0, n);
	struct buffer *t = add_buffer(c, 4 + REDUCE_GROUPS, 0, 4 + REDUCE_GROUPS);
	uint32_t seed = 12345u, sum = 0, min = UINT32_MAX, max = 0;
	uint32_t partial[REDUCE_GROUPS] = { 0 };

	for (unsigned i = 0; i < n; i++) {
		/* 24-bit values: 2048 of them overflow 32 bits, so the sum wraps as the GPU's does. */
		uint32_t v = next(&seed) >> 8;

		in->map[i] = v;
		partial[i / GROUP] += v;
		sum += v;
		min = v < min ? v : min;
		max = v > max ? v : max;
	}
	t->map[0] = 0;
	t->map[1] = UINT32_MAX;
	t->map[2] = 0;
	t->map[3] = 0;
	for (unsigned g = 0; g < REDUCE_GROUPS; g++)
		t->map[4 + g] = POISON;
	dispatch(c, reduce_spv, sizeof(reduce_spv), NULL, 0, REDUCE_GROUPS);
	expect(c, "sum", 0, t->map[0], sum);
	expect(c, "min", 0, t->map[1], min);
	expect(c, "max", 0, t->map[2], max);
	expect(c, "count", 0, t->map[3], n);
	for (unsigned g = 0; g < REDUCE_GROUPS; g++)
		expect(c, "partial", g, t->map[4 + g], partial[g]);
}

/*
 * 128 invocations; the source's range is 100 words from word 16 of its
 * buffer, the stored range 100 words from word 0: invocations 100..127 load
 * past the end (0) and store past it (dropped).  The allocations go on
 * beyond the ranges with known words, so a range ignored shows.
 */
#define ROBUST_GROUPS 2u
#define ROBUST_RANGE 100u
#define ROBUST_BASE 16u

static void test_robust(struct ctx *c)
{
	const unsigned n = ROBUST_GROUPS * GROUP;
	const uint32_t tag = 0x5a5a0000u;
	struct buffer *src = add_buffer(c, ROBUST_BASE + n, ROBUST_BASE, ROBUST_RANGE);
	struct buffer *loaded = add_buffer(c, n, 0, n);
	struct buffer *stored = add_buffer(c, n, 0, ROBUST_RANGE);
	uint32_t seed = 777u;

	for (unsigned i = 0; i < ROBUST_BASE + n; i++)
		src->map[i] = next(&seed) | 1u;	/* never 0, so a 0 read is the robust one */
	for (unsigned i = 0; i < n; i++) {
		loaded->map[i] = POISON;
		stored->map[i] = POISON;
	}
	dispatch(c, robust_spv, sizeof(robust_spv), &tag, 1, ROBUST_GROUPS);
	for (unsigned i = 0; i < n; i++) {
		expect(c, "loaded", i, loaded->map[i], i < ROBUST_RANGE ? src->map[ROBUST_BASE + i] : 0);
		expect(c, "stored", i, stored->map[i], i < ROBUST_RANGE ? (tag ^ i) : POISON);
	}
}

static const struct {
	const char *name;
	void (*run)(struct ctx *c);
	int robust;
} tests[] = {
	{ "fill", test_fill, 0 },
	{ "reduce", test_reduce, 0 },
	{ "robust", test_robust, 1 },
};

static int run_test(const char *name)
{
	for (size_t t = 0; t < sizeof(tests) / sizeof(tests[0]); t++) {
		struct ctx c = { 0 };

		if (strcmp(name, tests[t].name))
			continue;
		open_device(&c, tests[t].robust);
		tests[t].run(&c);
		for (unsigned i = 0; i < c.nbuf; i++) {
			vkDestroyBuffer(c.dev, c.b[i].buf, NULL);
			vkFreeMemory(c.dev, c.b[i].mem, NULL);
		}
		vkDestroyDevice(c.dev, NULL);
		vkDestroyInstance(c.inst, NULL);
		printf("# %s: %u wrong words\n", name, c.wrong);
		return c.wrong ? 1 : 0;
	}
	fprintf(stderr, "vkcompute: unknown test '%s' (fill, reduce, robust)\n", name);
	exit(2);
}

/* [-d DRIVER] TEST...: each test named in turn, each on a device of its own. */
int main(int argc, char **argv)
{
	int wrong = 0, first = 1;

	/* The lines in order with Mesa's and the shim's on stderr. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 2 && !strcmp(argv[1], "-d")) {
		size_t d = 0;

		while (d < sizeof(drivers) / sizeof(drivers[0]) && strcmp(argv[2], drivers[d].name))
			d++;
		if (d == sizeof(drivers) / sizeof(drivers[0])) {
			fprintf(stderr, "vkcompute: -d %s: unknown driver (radv, lavapipe)\n", argv[2]);
			return 2;
		}
		driver = &drivers[d];
		first = 3;
	}
	if (argc <= first) {
		fprintf(stderr, "usage: vkcompute [-d radv|lavapipe] TEST... (fill, reduce, robust)\n");
		return 2;
	}
	for (int i = first; i < argc; i++)
		wrong |= run_test(argv[i]);
	return wrong;
}
