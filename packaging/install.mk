# SPDX-License-Identifier: MIT
#
# make install / make uninstall: the vsharp command, libvsharp (shared, with
# a versioned soname, and static), its headers, vsharp.pc, the man pages
# built from Documentation/ with Debian's rst2man (python3-docutils), and
# the selftests as a run_kselftest.sh tree in $(KSELFTESTDIR) when the
# kernel's kselftest lib.mk can be found (selftests/Makefile says where it
# looks; without it make install says so and leaves them out).
#
#   make install [PREFIX=/usr/local] [DESTDIR=...] [LIBDIR=...]
#   make uninstall [PREFIX=...] [DESTDIR=...]
#
# The module is installed per kernel by DKMS from its source tree
# (make install-dkms, dkms.conf; Documentation/kmod.rst).

VERSION := 0.1.0
SOVERSION := 0
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
# The result bundle's JSON Schema, for tools that read bundles (Documentation/fleet.rst).
SCHEMADIR ?= $(PREFIX)/share/vsharp
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
KSELFTESTDIR ?= $(LIBDIR)/vsharp/kselftest
DKMSDIR ?= /usr/src/vsharp-$(VERSION)

MAN_PAGES := $(BUILD)/man/vsharp.1 $(BUILD)/man/vsharp.ko.4
INSTALLED_HEADERS := $(notdir $(wildcard user/include/vsharp/*.h))

.PHONY: install uninstall man install-dkms uninstall-dkms install-selftests

# Where selftests/Makefile finds lib.mk: KSFT_DIR, the running kernel's
# build tree, or Debian's linux-source (scripts/deps kernel-source).
KSELFTEST_SOURCE := $(or $(KSFT_DIR),$(wildcard /lib/modules/$(shell uname -r)/build/tools/testing/selftests/lib.mk),$(wildcard /usr/src/linux-source-6.1.tar.xz))

$(BUILD)/man/vsharp.1: Documentation/cli.rst scripts/rst-man
	@mkdir -p $(@D)
	@echo "  MAN     $@"
	@scripts/rst-man $< vsharp 1 "test how AMD GPUs execute buffer memory instructions" $(VERSION) > $@

$(BUILD)/man/vsharp.ko.4: Documentation/kmod.rst scripts/rst-man
	@mkdir -p $(@D)
	@echo "  MAN     $@"
	@scripts/rst-man $< vsharp.ko 4 "debug module: SH_MEM_CONFIG alignment mode and result buffers in debugfs" $(VERSION) > $@

$(BUILD)/vsharp.pc: packaging/vsharp.pc.in packaging/install.mk
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' $< > $@

man: $(MAN_PAGES)

install: user $(MAN_PAGES) $(BUILD)/vsharp.pc
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/vsharp \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man4
	install -m 755 $(BUILD)/user/vsharp $(DESTDIR)$(BINDIR)/vsharp
	install -m 755 $(BUILD)/user/libvsharp.so $(DESTDIR)$(LIBDIR)/libvsharp.so.$(VERSION)
	ln -sf libvsharp.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libvsharp.so.$(SOVERSION)
	ln -sf libvsharp.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libvsharp.so
	install -m 644 $(BUILD)/user/libvsharp.a $(DESTDIR)$(LIBDIR)/libvsharp.a
	install -m 644 $(addprefix user/include/vsharp/,$(INSTALLED_HEADERS)) $(DESTDIR)$(INCLUDEDIR)/vsharp/
	install -m 644 $(BUILD)/vsharp.pc $(DESTDIR)$(PKGCONFIGDIR)/vsharp.pc
	install -m 644 $(BUILD)/man/vsharp.1 $(DESTDIR)$(MANDIR)/man1/vsharp.1
	install -m 644 $(BUILD)/man/vsharp.ko.4 $(DESTDIR)$(MANDIR)/man4/vsharp.ko.4
	install -d $(DESTDIR)$(SCHEMADIR)
	install -m 644 Documentation/bundle.schema.json $(DESTDIR)$(SCHEMADIR)/bundle.schema.json
	@$(MAKE) --no-print-directory install-selftests

install-selftests:
ifneq ($(KSELFTEST_SOURCE),)
	$(MAKE) --no-print-directory -C selftests BUILD=$(abspath $(BUILD)) \
		install INSTALL_PATH=$(DESTDIR)$(KSELFTESTDIR)
else
	@echo "install: selftests left out: no kselftest lib.mk (set KSFT_DIR, or scripts/deps kernel-source)"
endif

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/vsharp $(DESTDIR)$(LIBDIR)/libvsharp.so.$(VERSION) \
		$(DESTDIR)$(LIBDIR)/libvsharp.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libvsharp.so \
		$(DESTDIR)$(LIBDIR)/libvsharp.a $(DESTDIR)$(PKGCONFIGDIR)/vsharp.pc \
		$(DESTDIR)$(MANDIR)/man1/vsharp.1 $(DESTDIR)$(MANDIR)/man4/vsharp.ko.4
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/vsharp/,$(INSTALLED_HEADERS))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/vsharp 2>/dev/null
	rm -f $(DESTDIR)$(SCHEMADIR)/bundle.schema.json
	-rmdir $(DESTDIR)$(SCHEMADIR) 2>/dev/null
	rm -rf $(DESTDIR)$(KSELFTESTDIR)
	-rmdir $(DESTDIR)$(LIBDIR)/vsharp 2>/dev/null

# The module's source tree where DKMS looks for it; then `dkms install
# vsharp/$(VERSION)` builds and installs vsharp.ko for each kernel.
install-dkms:
	install -d $(DESTDIR)$(DKMSDIR)/kmod
	install -m 644 Kbuild dkms.conf $(DESTDIR)$(DKMSDIR)/
	install -m 644 kmod/*.c kmod/*.h $(DESTDIR)$(DKMSDIR)/kmod/

uninstall-dkms:
	rm -rf $(DESTDIR)$(DKMSDIR)
