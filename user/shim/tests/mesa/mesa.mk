# SPDX-License-Identifier: MIT
#
# Mesa 22.3's drivers computing under the shim (Documentation/shim.rst,
# "Mesa's drivers"): vkcompute (RADV, ACO) and clcompute (Clover,
# radeonsi, LLVM), built with the sanitizers like the other tests.  The
# GLSL shaders become SPIR-V C arrays at build time (glslangValidator,
# Debian's glslang-tools).  Included from user/shim/shim.mk.

MESA_TEST_DIR := $(BUILD)/shim/tests/mesa
MESA_SPV := $(patsubst user/shim/tests/mesa/%.comp,$(MESA_TEST_DIR)/%.spv.h,\
	$(wildcard user/shim/tests/mesa/*.comp))

$(MESA_TEST_DIR)/%.spv.h: user/shim/tests/mesa/%.comp
	@mkdir -p $(@D)
	@echo "  GLSLANG $@"
	@glslangValidator -V --target-env vulkan1.1 --vn $*_spv -o $@ $< >$@.log || { cat $@.log; exit 1; }

$(MESA_TEST_DIR)/vkcompute: user/shim/tests/mesa/vkcompute.c $(MESA_SPV)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_SAN) -I$(MESA_TEST_DIR) -o $@ $< -lvulkan

$(MESA_TEST_DIR)/clcompute: user/shim/tests/mesa/clcompute.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_SAN) -o $@ $< -lOpenCL

mesa-tests: $(MESA_TEST_DIR)/vkcompute $(MESA_TEST_DIR)/clcompute

.PHONY: mesa-tests

-include $(wildcard $(MESA_TEST_DIR)/*.d)

SHIM_CHECK_DEPS += $(MESA_TEST_DIR)/vkcompute $(MESA_TEST_DIR)/clcompute
SHIM_CHECK_SUITES += shim-mesa="user/shim/tests/mesa/run_mesa.sh $(BUILD)"
