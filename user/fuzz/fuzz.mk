# SPDX-License-Identifier: MIT
#
# libFuzzer harnesses (Documentation/testing.rst, "Fuzzing"), built with
# Debian's clang into $(BUILD)/fuzz: the library, CLI and shim objects with
# -fsanitize=fuzzer-no-link,address,undefined, each harness with
# -fsanitize=fuzzer,address,undefined.
#   make fuzz [FUZZ_SECONDS=600]  every harness for that long (or 10 M runs) on its corpus
#   make fuzz-seeds               rewrites user/fuzz/corpus from the project's tables
# make check runs each harness for FUZZ_SMOKE_SECONDS on its corpus (suite "fuzz").

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 6
FUZZ_SAN := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES := $(patsubst user/fuzz/fuzz_%.c,%,$(wildcard user/fuzz/fuzz_*.c))
FUZZ_BINS := $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_NAMES))

# The library and CLI objects as the user build makes them, with clang and coverage.
$(eval $(call user_variant,$(BUILD)/fuzz,$(FUZZ_SAN) -fsanitize=fuzzer-no-link))
$(BUILD)/fuzz/%: CC := $(FUZZ_CC)

# The CLI in-process: its main() under another name.
FUZZ_CLI_OBJS := $(patsubst user/cli/%.c,$(BUILD)/fuzz/cli/%.o,$(filter-out user/cli/main.c,$(USER_CLI_SRC))) \
	$(BUILD)/fuzz/cli-main.o
$(BUILD)/fuzz/cli-main.o: user/cli/main.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(FUZZ_CC) $(USER_CFLAGS) $(USER_DEPS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Dmain=vsharp_cli_main -Wno-missing-prototypes -c -o $@ $<

# The shim's ioctl handlers, without its libc interposers (the harness is the program).
FUZZ_SHIM_OBJS := $(patsubst user/shim/%.c,$(BUILD)/fuzz/shim/%.o,$(filter-out user/shim/shim_libc.c,$(SHIM_SRC)))
$(BUILD)/fuzz/shim/%.o: user/shim/%.c
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(FUZZ_CC) $(SHIM_CFLAGS) $(USER_DEPS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<

FUZZ_EXTRA_cli := $(FUZZ_CLI_OBJS) -Wl,--wrap=vsharp_emu_open_target -Wl,--wrap=vsharp_amdgpu_open
FUZZ_EXTRA_shim := $(FUZZ_SHIM_OBJS) -Iuser/shim -lpthread
$(BUILD)/fuzz/fuzz_cli: $(FUZZ_CLI_OBJS)
$(BUILD)/fuzz/fuzz_shim: $(FUZZ_SHIM_OBJS)

$(BUILD)/fuzz/fuzz_%: user/fuzz/fuzz_%.c user/fuzz/common.c user/fuzz/fuzz.h $(BUILD)/fuzz/libvsharp.a
	@echo "  FUZZ    $@"
	@$(FUZZ_CC) $(USER_CFLAGS) -Iuser/fuzz $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $< user/fuzz/common.c \
		$(FUZZ_EXTRA_$*) $(BUILD)/fuzz/libvsharp.a -lm $(USER_LIBS)

fuzz-build: $(FUZZ_BINS)

# One target per harness, so that make -j2 fuzz runs two at a time.
fuzz: $(addprefix fuzz-run-,$(FUZZ_NAMES))
fuzz-run-%: $(BUILD)/fuzz/fuzz_%
	@user/fuzz/run.sh $(BUILD) $(FUZZ_SECONDS) 10000000 $*

fuzz-seeds: $(FUZZ_BINS)
	@for n in $(FUZZ_NAMES); do \
		rm -rf user/fuzz/corpus/$$n && mkdir -p user/fuzz/corpus/$$n && \
		VSHARP_FUZZ_SEEDS=user/fuzz/corpus/$$n $(BUILD)/fuzz/fuzz_$$n || exit 1; \
		echo "  SEEDS   user/fuzz/corpus/$$n: $$(ls user/fuzz/corpus/$$n | wc -l) files"; \
	done

.PHONY: fuzz fuzz-build fuzz-seeds

FUZZ_CHECK_DEPS := $(FUZZ_BINS)
CHECK_SUITES += fuzz="user/fuzz/run.sh $(BUILD) $(FUZZ_SMOKE_SECONDS) 0 $(FUZZ_NAMES)"
