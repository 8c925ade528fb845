# SPDX-License-Identifier: GPL-2.0
#
# vsharp.ko: build, and the test suites of `make check`.
#
#   make kmod                       vsharp.ko for Debian's kernel (the ABI of
#                                   the installed linux-headers-amd64), in
#                                   $(BUILD)/kmod/debian/
#   make kmod AMDGPU_SRC=build/linux-6.1-full
#                                   ... with the amdgpu backend (needs the full
#                                   source tree the kernel was built from)
#   make kmod KDIR=<kernel build dir>   for another kernel
#   make vm-check                   the VM passes (Debian's 6.1 kernel, Debian's
#                                   6.12 kernel, debug kernel)

KMOD_OUT := $(abspath $(BUILD))/kmod/debian
KDIR ?= /usr/src/linux-headers-$(shell scripts/kernel-abi)

.PHONY: vm-check

kmod:
	@if [ -n "$(AMDGPU_SRC)" ] && [ ! -d "$(AMDGPU_SRC)/drivers/gpu/drm/amd" ]; then \
		if [ "$(abspath $(AMDGPU_SRC))" = "$(abspath $(BUILD))/linux-6.1-full" ]; then \
			LINUX_TREE_FULL=1 scripts/linux-tree "$(AMDGPU_SRC)" >/dev/null || exit 1; \
		else \
			echo "kmod: $(AMDGPU_SRC) has no drivers/gpu/drm/amd" >&2; exit 1; \
		fi; \
	fi
	@rm -rf $(KMOD_OUT) && mkdir -p $(KMOD_OUT) && cp -r Kbuild kmod $(KMOD_OUT)/
	$(MAKE) -C $(KDIR) M=$(KMOD_OUT) \
		$(if $(AMDGPU_SRC),AMDGPU_SRC=$(abspath $(AMDGPU_SRC))) modules
	@echo "kmod: $(KMOD_OUT)/vsharp.ko"

vm-check: $(BUILD)/static/vsharp
	@scripts/check vm=scripts/vm-check "vm-6.12=scripts/vm-check debian-6.12" \
		vm-debug=scripts/vm-check-debug

CHECK_SUITES += checkpatch=scripts/checkpatch-kmod sparse=scripts/sparse-kmod \
	kmod-amdgpu=scripts/build-kmod-amdgpu kmod-6.12=scripts/kmod-6.12 \
	vm=scripts/vm-check vm-6.12="scripts/vm-check debian-6.12" \
	vm-debug=scripts/vm-check-debug
