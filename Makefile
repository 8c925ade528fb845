# SPDX-License-Identifier: MIT
#
# vsharp top-level Makefile.  The two commands that matter:
#   make run     build and run the main job (vsharp run)
#   make check   build and run every test; last line "N passed, N failed"

BUILD ?= build
CC ?= gcc
export BUILD

.PHONY: all user kmod check check-run bench run clean deps shaders

all: user

deps:
	@scripts/deps

include user/user.mk
-include user/shim/shim.mk
include kmod/kmod.mk

# Test suites that `make check` runs, as name=command pairs.  Each command
# prints one flat KTAP document; scripts/check nests them and counts.
CHECK_SUITES += $(USER_CHECK_SUITES) $(SHIM_CHECK_SUITES) \
	shim-vsharp="VSHARP_RUN=$(BUILD)/user/vsharp VSHARP=$(BUILD)/san/vsharp VSHARP_SHIM=$(CURDIR)/$(BUILD)/shim/libvsharp_shim.so user/tests/shim_vsharp.sh"

check: deps
	@$(MAKE) --no-print-directory check-run

check-run: $(USER_CHECK_DEPS) $(SHIM_CHECK_DEPS)
	@VSHARP=$(BUILD)/san/vsharp scripts/check $(CHECK_SUITES)

# Regenerates shaders/gen from shaders/*.s (needs llvm-19 and lld-19).
shaders: $(BUILD)/user/vsharp
	@scripts/deps shaders
	scripts/shaders $(BUILD)/user/vsharp shaders/gen

bench: $(USER_BENCH) $(BUILD)/user/vsharp $(BUILD)/shim/libvsharp_shim.so
	@for b in $(USER_BENCH); do $$b || exit 1; done
	@user/bench/bench_shim.sh $(BUILD)

run: deps
	@$(MAKE) --no-print-directory user
	$(BUILD)/user/vsharp run

clean:
	rm -rf $(BUILD)
