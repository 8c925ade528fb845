# SPDX-License-Identifier: MIT
#
# The amdgpu shim (Documentation/shim.rst): a preloaded library that
# answers libdrm_amdgpu with the amdgpu kernel interface and runs IBs on
# the emulated GPU.  Two builds:
#   $(BUILD)/shim/libvsharp_shim.so      optimised, links $(BUILD)/user/libvsharp.a (-fPIC)
#   $(BUILD)/shim-san/libvsharp_shim.so  ASan + UBSan, for the tests; its own PIC
#                                        copies of the library objects
# Only the interposed libc symbols are exported (shim.map), so the shim's
# copy of libvsharp never takes the place of a program's own.

SHIM_SRC := $(wildcard user/shim/shim*.c)
SHIM_CFLAGS := $(USER_CFLAGS) -Iuser/shim -fvisibility=hidden
SHIM_LDFLAGS := -shared -Wl,--version-script=user/shim/shim.map -Wl,-z,defs -Wl,--no-undefined
SHIM_LIBS := -lm -lpthread -ldl
SHIM_SAN := $(USER_SAN) -fPIC

$(BUILD)/shim/%.o: user/shim/%.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(SHIM_CFLAGS) $(USER_DEPS) $(USER_OPT) -c -o $@ $<

$(BUILD)/shim/libvsharp_shim.so: $(patsubst user/shim/%.c,$(BUILD)/shim/%.o,$(SHIM_SRC)) \
		$(BUILD)/user/libvsharp.a user/shim/shim.map
	@echo "  LD      $@"
	@$(CC) $(SHIM_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(SHIM_LIBS)

$(BUILD)/shim-san/%.o: user/shim/%.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(SHIM_CFLAGS) $(USER_DEPS) $(SHIM_SAN) -c -o $@ $<

$(BUILD)/shim-san/lib/%.o: user/lib/%.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(SHIM_SAN) -c -o $@ $<

$(BUILD)/shim-san/shaders/%.o: shaders/gen/%.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(SHIM_SAN) -c -o $@ $<

# An archive, so only the members the shim needs come in (not the libdrm device).
$(BUILD)/shim-san/libvsharp.a: $(patsubst user/lib/%.c,$(BUILD)/shim-san/lib/%.o,$(USER_LIB_SRC)) \
		$(BUILD)/shim-san/shaders/shaders.o
	@rm -f $@
	@echo "  AR      $@"
	@ar rcs $@ $^

$(BUILD)/shim-san/libvsharp_shim.so: $(patsubst user/shim/%.c,$(BUILD)/shim-san/%.o,$(SHIM_SRC)) \
		$(BUILD)/shim-san/libvsharp.a user/shim/shim.map
	@echo "  LD      $@"
	@$(CC) $(SHIM_SAN) $(SHIM_LDFLAGS) -o $@ $(filter %.o %.a,$^) $(SHIM_LIBS)

# The tests: a libdrm_amdgpu program run under the shim (ASan build, ASan's
# runtime first in LD_PRELOAD), Debian's drmdevice, the refusal profiles.
# (libvsharp for its PM4 builder: the userptr case dispatches a shader.)
$(BUILD)/shim-san/tests/shim_test: user/shim/tests/shim_test.c $(BUILD)/san/libvsharp.a
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_SAN) -Iuser/tests -o $@ $< \
		$(BUILD)/san/libvsharp.a -lm $(USER_LIBS) -ldrm

# DRM syncobjs and sync files through libdrm's drmSyncobj* calls (run_syncobj.sh).
$(BUILD)/shim-san/tests/syncobj_test: user/shim/tests/syncobj_test.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_SAN) -Iuser/tests -o $@ $< $(USER_LIBS) -ldrm -lpthread

shim: $(BUILD)/shim/libvsharp_shim.so $(BUILD)/shim-san/libvsharp_shim.so

.PHONY: shim

SHIM_CHECK_DEPS := $(BUILD)/shim/libvsharp_shim.so $(BUILD)/shim-san/libvsharp_shim.so \
	$(BUILD)/shim-san/tests/shim_test $(BUILD)/shim-san/tests/syncobj_test $(BUILD)/user/vsharp
SHIM_CHECK_SUITES := shim="user/shim/tests/run_shim.sh $(BUILD)" \
	libdrm-amdgpu-test="user/shim/tests/libdrm_amdgpu_test.sh $(BUILD)" \
	shim-profiles="user/shim/tests/run_profiles.sh $(BUILD)" \
	shim-vmid="user/shim/tests/vmid_shared.sh $(BUILD)" \
	shim-syncobj="user/shim/tests/run_syncobj.sh $(BUILD)" \
	shim-mesa-listing="user/shim/tests/mesa_listing.sh $(BUILD)" \
	shim-vram-reads="user/tests/shim_vram_reads.sh $(BUILD)"

# Mesa's drivers under the shim: the mesatests helper's rules and suite.
include user/shim/tests/mesa/mesa.mk
