# SPDX-License-Identifier: MIT
#
# vsharp top-level Makefile.  The two commands that matter:
#   make run     build and run the main job (vsharp run)
#   make check   build and run every test; last line "N passed, N failed"

BUILD ?= build
CC ?= gcc
export BUILD

.PHONY: all user kmod check check-run check-user check-user-run check-fast check-fast-run bench run clean distclean deps shaders htmldocs

all: user

deps:
	@scripts/deps

include user/user.mk
-include user/shim/shim.mk
-include user/fuzz/fuzz.mk
include packaging/install.mk

# Test suites that `make check` runs, as name=command pairs.  Each command
# prints one flat KTAP document; scripts/check nests them and counts.  The
# fast user-space suites come first; kmod.mk appends the module's suites,
# which build kernels and boot VMs, last.
CHECK_SUITES += $(USER_CHECK_SUITES) $(SHIM_CHECK_SUITES) \
	shim-vsharp="VSHARP_RUN=$(BUILD)/user/vsharp VSHARP=$(BUILD)/san/vsharp VSHARP_SHIM=$(CURDIR)/$(BUILD)/shim/libvsharp_shim.so user/tests/shim_vsharp.sh" \
	install="BUILD=$(BUILD) scripts/install-check" docs="scripts/docs-check $(BUILD)/htmldocs" \
	abi="BUILD=$(BUILD) scripts/abi-check" \
	kselftest="BUILD=$(BUILD) scripts/kselftest-check" \
	lava="VSHARP_RUN=$(BUILD)/user/vsharp VSHARP_SHIM=$(CURDIR)/$(BUILD)/shim/libvsharp_shim.so lava/validate"

# The suites that need no kernel build and no VM: `make check-user`, the
# inner loop while working on user space (Documentation/testing.rst).
USER_SPACE_SUITES := $(CHECK_SUITES)

include kmod/kmod.mk
CHECK_SUITES += dkms=scripts/dkms-check vm-lava=scripts/vm-check-lava

check: deps
	@$(MAKE) --no-print-directory check-run

# What the suites run, built before any of them starts.
CHECK_DEPS := $(USER_CHECK_DEPS) $(SHIM_CHECK_DEPS) $(FUZZ_CHECK_DEPS)

check-run: $(CHECK_DEPS)
	@VSHARP=$(BUILD)/san/vsharp scripts/check $(CHECK_SUITES)

check-user: deps
	@$(MAKE) --no-print-directory check-user-run

check-user-run: $(CHECK_DEPS)
	@VSHARP=$(BUILD)/san/vsharp scripts/check $(USER_SPACE_SUITES)

# The floors check and the unit test binaries alone: the loop for one change
# in user/ (Documentation/testing.rst); the shell suites need check-user.
FAST_SUITES := $(filter layers=% test_%,$(USER_CHECK_SUITES))

check-fast: deps
	@$(MAKE) --no-print-directory check-fast-run

check-fast-run: $(USER_TESTS)
	@scripts/check $(FAST_SUITES)

# The HTML documentation (Debian's python3-sphinx), warnings as errors.
htmldocs:
	@mkdir -p $(BUILD)
	/usr/bin/sphinx-build -q -W --keep-going -b html Documentation $(BUILD)/htmldocs

# Regenerates shaders/gen from shaders/*.s (needs llvm-19 and lld-19).
shaders: $(BUILD)/user/vsharp
	@scripts/deps shaders
	scripts/shaders $(BUILD)/user/vsharp shaders/gen

bench: $(USER_BENCH) $(BUILD)/user/vsharp $(BUILD)/shim/libvsharp_shim.so
	@user/bench/run $(USER_BENCH)
	@user/bench/bench_shim.sh $(BUILD)

# Only what building and running vsharp needs (scripts/packages/base.list).
run:
	@scripts/deps base
	@$(MAKE) --no-print-directory user
	$(BUILD)/user/vsharp run

# The kernel trees, builds and downloads (linux-*, tiny-kernel, debian-kernel,
# debian-headers) take minutes to make again: clean keeps
# them, distclean removes everything.
clean:
	@if [ -d $(BUILD) ]; then \
		for d in $(BUILD)/*; do \
			case $${d#$(BUILD)/} in linux-*|tiny-kernel|debian-kernel|debian-headers) ;; *) rm -rf "$$d" ;; esac; \
		done; \
	fi

distclean:
	rm -rf $(BUILD)
