# SPDX-License-Identifier: MIT
#
# The userspace library, the vsharp command, their tests and benchmarks.
# Two builds: $(BUILD)/user (optimised, what users run) and $(BUILD)/san
# (AddressSanitizer + UndefinedBehaviorSanitizer, what the tests run).

USER_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror $(shell pkg-config --cflags libdrm_amdgpu 2>/dev/null) \
	-Wshadow -Wstrict-prototypes -Wmissing-prototypes -Iuser/include -Iuser/lib -g
# Each single-source compile also writes its header dependencies (OBJ.d),
# read back below, so a changed header rebuilds whatever includes it.
USER_DEPS := -MMD -MP
USER_OPT := -O2 -fPIC
USER_SAN := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer

USER_LIBS := $(shell pkg-config --libs libdrm_amdgpu 2>/dev/null || echo -ldrm_amdgpu) -lm
USER_LIB_SRC := $(wildcard user/lib/*/*.c)
USER_CLI_SRC := $(wildcard user/cli/*.c)
USER_TEST_SRC := $(wildcard user/tests/test_*.c)
USER_BENCH_SRC := $(wildcard user/bench/bench_*.c)

# $(1): output folder, $(2): extra flags
define user_variant
$(1)/lib/%.o: user/lib/%.c
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$$(CC) $$(USER_CFLAGS) $$(USER_DEPS) $(2) -c -o $$@ $$<

$(1)/cli/%.o: user/cli/%.c
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$$(CC) $$(USER_CFLAGS) $$(USER_DEPS) $(2) -c -o $$@ $$<

$(1)/shaders/%.o: shaders/gen/%.c
	@mkdir -p $$(@D)
	@echo "  CC      $$@"
	@$$(CC) $$(USER_CFLAGS) $$(USER_DEPS) $(2) -c -o $$@ $$<

$(1)/libvsharp.a: $$(patsubst user/lib/%.c,$(1)/lib/%.o,$$(USER_LIB_SRC)) $(1)/shaders/shaders.o
	@rm -f $$@
	@echo "  AR      $$@"
	@ar rcs $$@ $$^

$(1)/vsharp: $$(patsubst user/cli/%.c,$(1)/cli/%.o,$$(USER_CLI_SRC)) $(1)/libvsharp.a
	@echo "  LD      $$@"
	@$$(CC) $(2) -o $$@ $$^ -lm $(USER_LIBS)
endef

$(eval $(call user_variant,$(BUILD)/user,$(USER_OPT)))
$(eval $(call user_variant,$(BUILD)/san,$(USER_SAN)))

$(BUILD)/user/libvsharp.so: $(patsubst user/lib/%.c,$(BUILD)/user/lib/%.o,$(USER_LIB_SRC)) $(BUILD)/user/shaders/shaders.o
	@echo "  LD      $@"
	@$(CC) -shared -Wl,-soname,libvsharp.so.0 -o $@ $^ -lm $(USER_LIBS)

$(BUILD)/san/tests/%: user/tests/%.c $(BUILD)/san/libvsharp.a
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_SAN) -o $@ $< $(BUILD)/san/libvsharp.a -lm $(USER_LIBS)

$(BUILD)/user/bench/%: user/bench/%.c $(BUILD)/user/libvsharp.a
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CC) $(USER_CFLAGS) $(USER_DEPS) $(USER_OPT) -o $@ $< $(BUILD)/user/libvsharp.a -lm $(USER_LIBS)

# A static vsharp for the initramfs of scripts/vm-check (the kmod -> emulated run flow).
$(BUILD)/static/vsharp: $(patsubst user/cli/%.c,$(BUILD)/user/cli/%.o,$(USER_CLI_SRC)) $(BUILD)/user/libvsharp.a
	@mkdir -p $(@D)
	@echo "  LD      $@"
	@$(CC) -static -o $@ $^ -ldrm_amdgpu -ldrm -lm

user: $(BUILD)/user/vsharp $(BUILD)/user/libvsharp.a $(BUILD)/user/libvsharp.so

USER_TESTS := $(patsubst user/tests/%.c,$(BUILD)/san/tests/%,$(USER_TEST_SRC))
USER_BENCH := $(patsubst user/bench/%.c,$(BUILD)/user/bench/%,$(USER_BENCH_SRC))
USER_CHECK_DEPS := $(USER_TESTS) $(BUILD)/san/vsharp $(BUILD)/user/vsharp $(BUILD)/static/vsharp
USER_CHECK_SUITES := layers=scripts/layers-check $(foreach t,$(USER_TESTS),$(notdir $(t))=$(t)) \
	cli=user/tests/cli.sh jobs=user/tests/run_jobs.sh dumps=user/tests/dumps.sh ops-llvm=user/tests/ops_llvm.sh objdump=user/tests/objdump.sh disasm-llvm=user/tests/disasm_llvm.sh disasm-random=user/tests/disasm_random.sh hazards-llvm=user/tests/hazards_llvm.sh \
	shaders="scripts/shaders-check $(BUILD)/user/vsharp" e2e=user/tests/run_e2e.sh \
	align="VSHARP=$(BUILD)/user/vsharp VSHARP_SHIM=$(CURDIR)/$(BUILD)/shim/libvsharp_shim.so user/tests/align.sh"
# Result bundles against their schema, and vsharp report over four emulated "chips" (about 10 s and 15 s of CPU, user + sys, measured on a loaded 2-core machine).
USER_CHECK_SUITES += bundle="VSHARP=$(BUILD)/user/vsharp VSHARP_SHIM=$(CURDIR)/$(BUILD)/shim/libvsharp_shim.so user/tests/bundle.sh" \
	report="VSHARP=$(BUILD)/user/vsharp user/tests/report.sh"
# ib decode's register names and fields against Linux 6.12's headers.
USER_CHECK_SUITES += reg-fields=user/tests/reg_fields.sh
# Every rule with choices has a verdict on every level it matters on (about 10 s of CPU).
USER_CHECK_SUITES += verdicts=user/tests/verdicts.sh

-include $(wildcard $(foreach v,user san fuzz shim shim-san,$(foreach d,. lib lib/* cli shaders tests bench shim,$(BUILD)/$(v)/$(d)/*.d)))
