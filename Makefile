# kvmlm: KVM live-migration backports for enterprise kernels.
#
# Thin entry points; the work is done by scripts/ (one job each) and the C tools
# in src/. `make` builds the whole path for one base; `make check` runs every
# test lane. See README.md.

BASE     ?= debian-6.1-amd64
BASEFILE := bases/$(BASE)
include $(BASEFILE)

TOP      := $(CURDIR)
BUILD    ?= $(TOP)/build/$(BASE)
OUT      ?= $(TOP)/out
TOOLS    := $(TOP)/build/tools
VERSION  := $(shell cat VERSION)
PATCHES  := $(addprefix patches/,$(shell sed -e 's/\#.*//' series))
SELFTESTS := dirty_log_test dirty_log_perf_test x86_64/dirty_log_lock_latency_test x86_64/dirty_log_page_splitting_test x86_64/dirty_log_disable_cost_test
DEB      := $(OUT)/kvmlm-modules-$(BASE_KERNELRELEASE)_$(VERSION)_$(BASE_DEB_ARCH).deb
REPRO_DEB := $(OUT)/kvmlm-repro_$(VERSION)_$(BASE_DEB_ARCH).deb
REPRO_RPM := $(OUT)/kvmlm-repro-$(VERSION)-1.$(BASE_ARCH).rpm
CFLAGS_TOOLS := -O2 -g -Wall -Wextra -Werror
# Defined before any rule names them: prerequisites are expanded when a rule is read.
KABI_TOOLS := $(TOOLS)/kabi-check $(TOOLS)/kabi-symtypes $(TOOLS)/kabi-layout $(TOOLS)/kabi-explain

.PHONY: all deps base apply build selftests repro kabi kabi-reference package package-rpm tools lint refresh summary \
        check check-unit check-stack check-prefixes check-kabi check-vm check-packaging check-kernel \
        kernel-ci clean distclean help

all: deps base apply build kabi package summary

help:
	@sed -n 's/^## //p' README.md | head -n 40

# ---- the build path ----------------------------------------------------------

deps:
	@scripts/install-build-deps

base: $(BUILD)/base/.stamp
$(BUILD)/base/.stamp: $(BASEFILE) scripts/fetch-base
	scripts/fetch-base $(BASEFILE) $(BUILD)

# A fresh copy of the pristine tree with the whole series, whenever series or a patch changes.
apply: $(BUILD)/tree.stamp
$(BUILD)/tree.stamp: $(BUILD)/base/.stamp series $(PATCHES) scripts/apply-series
	scripts/apply-series --copy-from $(BUILD)/base/src $(BUILD)/tree series patches
	touch $@

build: $(BUILD)/modules/Module.symvers
# The reference genksyms records go next to the objects first (.symref): the build log then
# says which type changed behind any CRC that moved.
$(BUILD)/modules/Module.symvers: $(BUILD)/tree.stamp scripts/build-modules | $(TOOLS)/kabi-symtypes
	$(TOOLS)/kabi-symtypes split $(BASE_KABI_DIR)/symtypes $(BUILD)/obj
	scripts/build-modules $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/modules

# kvmlm-repro: static, on the selftest library of the patched tree (src/kvmlm-repro/).
repro: $(BUILD)/repro/kvmlm-repro
$(BUILD)/repro/kvmlm-repro: $(BUILD)/selftests/.stamp $(wildcard src/kvmlm-repro/* src/*.h) scripts/build-repro
	scripts/build-repro $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/selftests $(BUILD)/repro

# A whole kvmlm kernel with the ci config (Debian's, trimmed for the lanes' guest;
# scripts/kernel-config), installed into a root as a package would lay it out.
kernel-ci: $(BUILD)/kernel-ci-root/.stamp
$(BUILD)/kernel-ci/.stamp: $(BUILD)/tree.stamp scripts/kernel-config scripts/build-kernel
	scripts/build-kernel $(BASEFILE) ci $(BUILD)/tree $(BUILD)/kernel-ci
	touch $@
$(BUILD)/kernel-ci-root/.stamp: $(BUILD)/kernel-ci/.stamp scripts/install-kernel
	scripts/install-kernel $(BASEFILE) $(BUILD)/tree $(BUILD)/kernel-ci $(BUILD)/kernel-ci-root
	touch $@

selftests: $(BUILD)/selftests/.stamp
$(BUILD)/selftests/.stamp: $(BUILD)/modules/Module.symvers scripts/build-selftests
	scripts/build-selftests $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/selftests $(SELFTESTS)
	touch $@

kabi: $(BUILD)/modules/Module.symvers $(KABI_TOOLS)
	scripts/kabi-gate $(BASEFILE) $(BUILD) $(TOOLS)

# Regenerate kabi/<base>/{symtypes,layout} from an unpatched build (when the base changes; ~3 min).
kabi-reference: $(BUILD)/base/.stamp $(KABI_TOOLS)
	scripts/kabi-reference $(BASEFILE) $(BUILD) $(TOOLS)

# Both .debs come from one dh run (source package kvmlm).
package: $(DEB) $(REPRO_DEB)
$(DEB) $(REPRO_DEB) &: $(BUILD)/modules/Module.symvers $(BUILD)/repro/kvmlm-repro src/kvmlm-repro/kvmlm-repro.1 \
                      $(wildcard debian/* debian/*/*) series VERSION scripts/package-deb
	scripts/package-deb $(BASEFILE) $(BUILD)/modules $(BUILD)/repro/kvmlm-repro $(OUT) $(VERSION)

# kvmlm-repro's RPM and SRPM, built from source by rpmbuild as an EL9 builder would
# (unpack, apply-series, build-selftests, build-repro: a few minutes, so not part of `make`).
package-rpm: $(REPRO_RPM)
$(REPRO_RPM): $(BUILD)/base/.stamp spec/kvmlm-repro.spec spec/rpmlint.toml scripts/package-rpm series $(PATCHES) VERSION \
              $(wildcard src/kvmlm-repro/* src/*.h) scripts/apply-series scripts/build-selftests scripts/build-repro
	scripts/package-rpm $(BASEFILE) $(BUILD) $(OUT) $(VERSION)

summary:
	@echo "==> kvmlm $(VERSION) for $(BASE_NAME) $(BASE_VERSION) ($(BASE_KERNELRELEASE)):"
	@echo "    patches applied : $$(grep -cvE '^[[:space:]]*(#|$$)' series) (tree: $(BUILD)/tree)"
	@echo "    modules         : $$(ls $(BUILD)/modules/*.ko | xargs -n1 basename | tr '\n' ' ')($(BUILD)/modules)"
	@echo "    kABI            : $$(tail -n1 $(BUILD)/kabi-report.txt), $$(tail -n1 $(BUILD)/kabi-explain.txt) ($(BUILD)/kabi-report.txt, $(BUILD)/kabi-explain.txt)"
	@echo "    packages        : $(DEB) $(REPRO_DEB)"

# ---- C tools -----------------------------------------------------------------

tools: $(TOOLS)/patchlint $(KABI_TOOLS)
$(TOOLS)/%: src/%.c $(wildcard src/*.h)
	@mkdir -p $(TOOLS)
	$(CC) $(CFLAGS_TOOLS) -o $@ $< $(LDLIBS_$*)
# kabi-layout reads the modules' DWARF with libdwfl (elfutils)
LDLIBS_kabi-layout := -ldw -lelf

# Regenerate one patch against the series before it, header kept: make refresh PATCH=linux/x86/foo.patch
refresh: $(BUILD)/base/.stamp
	@test -n "$(PATCH)" || { echo "usage: make refresh PATCH=<path in series>"; exit 2; }
	scripts/refresh-patch $(BUILD)/base/src series patches $(PATCH)

lint: $(TOOLS)/patchlint
	$(TOOLS)/patchlint --series series --patches patches
	@echo "==> [lint] series and every patch header/diff format OK"

# ---- test lanes ----------------------------------------------------------------

CHECK_LANES := check-unit lint check-stack check-prefixes check-kabi check-vm check-packaging check-kernel
check: deps $(CHECK_LANES)
	@echo "==> make check: every lane passed ($(CHECK_LANES))"
	@echo "lanes: $(words $(CHECK_LANES)) passed, 0 failed"

check-unit: tools
	tests/unit/run-unit-tests $(TOOLS)

check-stack: base apply build selftests repro tools
	tests/stack/test-fetch-base-errors $(BASEFILE) $(BUILD)
	tests/stack/test-apply-reports-failing-patch $(BUILD)
	tests/stack/test-kabi-break-is-named $(BASEFILE) $(BUILD) $(TOOLS)
	tests/stack/test-kabi-fixup-still-checks-layout $(BASEFILE) $(BUILD) $(TOOLS)
	tests/stack/test-repro-cli $(BUILD)/repro/kvmlm-repro

# Bisectability: build after every patch of the series (incremental, ~8 min).
check-prefixes: base
	scripts/build-each-prefix $(BASEFILE) $(BUILD) $(SELFTESTS)

check-kabi: kabi

check-vm: build selftests repro
	tests/vm/run-vm-lane $(BASEFILE) $(BUILD)

# The whole kvmlm kernel (ci config) boots under TCG and its own KVM passes tests/vm/plan-kernel.
check-kernel: kernel-ci selftests repro
	tests/vm/run-kernel-lane $(BASEFILE) $(BUILD) $(BUILD)/kernel-ci-root

check-packaging: package package-rpm
	tests/packaging/test-deb-install $(BASEFILE) $(BUILD) $(DEB)
	tests/packaging/test-repro-deb-install $(BUILD) $(REPRO_DEB)
	tests/packaging/test-repro-rpm-install $(BUILD) $(REPRO_RPM)

clean:
	rm -rf $(BUILD)/tree $(BUILD)/tree.new $(BUILD)/tree.stamp $(BUILD)/obj $(BUILD)/modules \
	       $(BUILD)/selftests $(BUILD)/vm $(BUILD)/vm-kernel $(BUILD)/pkg $(BUILD)/rpm \
	       $(BUILD)/kernel-ci $(BUILD)/kernel-ci-root $(TOOLS) $(OUT)

distclean:
	rm -rf build $(OUT)
