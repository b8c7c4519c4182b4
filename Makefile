# kvmlm: KVM live-migration backports for enterprise kernels.
#
# Thin entry points; the work is done by scripts/ (one job each) and the C tools
# in src/. `make` builds the whole path for one base; `make check` runs every
# test lane. See README.md.

BASE     ?= debian-6.1-amd64
BASEFILE := bases/$(BASE)
include $(BASEFILE)
comma    := ,

TOP      := $(CURDIR)
BUILD    ?= $(TOP)/build/$(BASE)
OUT      ?= $(TOP)/out
TOOLS    := $(TOP)/build/tools
VERSION  := $(shell cat VERSION)
# The base's series: BASE_SERIES of its bases/ file, `series` where the file does not set
# it (the 6.1 bases). A base whose file sets it empty is an upstream reference
# (bases/debian-6.12-*): its pristine tree builds (base, kernel-image-pristine, make
# check-reference), nothing of kvmlm's does; NEED_SERIES stops those recipes saying so.
BASE_SERIES ?= series
PATCHES  := $(if $(BASE_SERIES),$(addprefix patches/,$(shell sed -e 's/\#.*//' $(BASE_SERIES))))
NEED_SERIES = $(if $(BASE_SERIES),,$(error bases/$(BASE) has no kvmlm series (BASE_SERIES is empty): it is an upstream reference, whose targets are base, kernel-image-pristine and check-reference))
# The selftests the lanes run, per architecture (the x86_64/ ones are x86-only upstream).
SELFTESTS_x86   := dirty_log_test dirty_log_perf_test x86_64/dirty_log_lock_latency_test x86_64/dirty_log_page_splitting_test x86_64/dirty_log_disable_cost_test
SELFTESTS_arm64 := dirty_log_test dirty_log_perf_test
# A base whose tree lacks some of them (the x86_64/ ones are kvmlm's own tests, added by
# the 6.1 series) names its own in BASE_SELFTESTS, comma-separated.
SELFTESTS := $(if $(BASE_SELFTESTS),$(subst $(comma), ,$(BASE_SELFTESTS)),$(SELFTESTS_$(BASE_KARCH)))
# The modules' version: the Debian upload they are built against, then the kvmlm release
# (docs/maintainer.md, "Versions").
DEB      := $(OUT)/kvmlm-modules-$(BASE_KERNELRELEASE)_$(BASE_VERSION)+kvmlm$(VERSION)_$(BASE_DEB_ARCH).deb
REPRO_DEB := $(OUT)/kvmlm-repro_$(VERSION)_$(BASE_DEB_ARCH).deb
REPRO_RPM := $(OUT)/kvmlm-repro-$(VERSION)-1.$(BASE_ARCH).rpm
# The whole kvmlm kernel: the ci-config packages make check builds and installs (not
# shipped: build/), and the release packages of make release (out/release/).
KREL     := $(BASE_KVMLM_KERNELRELEASE)
KPKG_CI  := $(BUILD)/kernel-pkgs-ci
KDEB_CI  := $(KPKG_CI)/linux-image-$(KREL)_$(VERSION)_$(BASE_DEB_ARCH).deb
# The whole kernel's RPM: kernel-kvmlm, or kernel-kvmlm-<line> for a base with its own
# metapackages (BASE_KVMLM_META=6.12-amd64: kernel-kvmlm-6.12; scripts/package-rpm).
KRPM_NAME := kernel-kvmlm$(if $(BASE_KVMLM_META),-$(BASE_KVMLM_META:%-$(BASE_DEB_ARCH)=%))
KRPM_CI  := $(KPKG_CI)/$(KRPM_NAME)-$(VERSION)-1.$(BASE_ARCH).rpm
# One directory per architecture: the x86 and the arm64 SRPM share a name (one spec).
RELEASE  := $(OUT)/release$(if $(filter-out amd64,$(BASE_DEB_ARCH)),-$(BASE_DEB_ARCH))
# A cross-built base (arm64 on amd64) ships no linux-headers: the release kABI check
# reads the build tree's Module.symvers.
CROSS_BUILD := $(filter-out $(shell dpkg --print-architecture 2>/dev/null),$(BASE_DEB_ARCH))
# The machine's cache, outside the clone, shared by every clone on the machine (so
# CI's fresh clone starts warm): the compiler cache of the kernel and QEMU builds,
# and the content-keyed QEMU package cache (scripts/package-qemu-deb). Never in the
# repository; `make cacheclean` empties it.
export KVMLM_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kvmlm
KCCACHE  := $(KVMLM_CACHE)/ccache
KERNEL_INPUTS := $(BUILD)/base/.stamp $(BASEFILE) $(BASE_SERIES) $(PATCHES) VERSION scripts/apply-series scripts/base-series scripts/kernel-config $(wildcard config/ci/*) config/required \
                 scripts/build-kernel scripts/install-kernel scripts/sign-kernel-image scripts/signing-lib.sh scripts/install-kernel-debug scripts/install-kernel-headers scripts/source-tarball \
                 scripts/linux-source-tarball scripts/lib.sh
CFLAGS_TOOLS := -O2 -g -Wall -Wextra -Werror
# Defined before any rule names them: prerequisites are expanded when a rule is read.
KABI_TOOLS := $(TOOLS)/kabi-check $(TOOLS)/kabi-symtypes $(TOOLS)/kabi-layout $(TOOLS)/kabi-explain $(TOOLS)/kabi-exports

.PHONY: qemu-base qemu-apply qemu-deb qemu-rpm qemu-tests check-qemu check-qemu-deb-rpm-same check-qemu-migration-test arm64-qemu-pkgs \
        check-qemu-builtin check-arm64-qemu check-arm64-migration-test check-qemu-matrix \
        check-qemu-migration-test-slow
.PHONY: repos errata quilt-tree FORCE
# `make` alone is `make all` (README): FORCE is the first rule in this file, and make
# would otherwise take it as the goal and do nothing.
.DEFAULT_GOAL := all
FORCE:
.PHONY: check-disk-space secureboot-kernel-deb check-other-bases check-other-bases-packages check-other-bases-kernels check-builtin-base-packages other-bases-trees other-bases-images check-other-bases-boot check-builtin-base-boot check-recovery-ab all deps base apply build selftests repro kabi kabi-reference package package-rpm tools lint refresh summary \
        check check-unit check-stack check-prefixes check-prefixes-all check-kabi check-vm check-packaging check-secureboot check-secureboot-kernel check-kernel \
        check-builtin-build check-builtin-prep check-builtin-image check-builtin-image-boot check-builtin-boot check-builtin \
        arm64-base arm64-kernel-pkgs check-reference check-reference-prefixes check-reference-profile kernel-image-profile kernel-image-pristine-profile check-arm64-kernel check-arm64-prep check-arm64-image check-arm64-image-boot check-arm64-boot check-arm64-build check-arm64 kernel-deb kernel-rpm kernel-image kernel-image-pristine check-plan release clean distclean cacheclean help

all: deps base apply build kabi package summary  ## [build] deps, base, apply, build, kABI, package: what `make` does

help:  ## [other] this list
	@awk -F'  ## ' '/^[a-z][a-z0-9 -]*:.*  ## \[/ { split($$2, a, "] "); g = substr(a[1], 2); \
		t[g] = t[g] sprintf("  %-28s %s\n", substr($$1, 1, index($$1, ":") - 1), a[2]) } \
		END { n = split("build|package|kabi|lanes|by hand|other", o, "|"); \
		      for (i = 1; i <= n; i++) if (o[i] in t) printf "%s:\n%s\n", o[i], t[o[i]] }' $(firstword $(MAKEFILE_LIST))
	@echo "Variables: BASE=<file in bases/> (debian-6.1-amd64, debian-6.1-arm64, debian-6.12-amd64, debian-6.12-arm64), BUILD=, OUT=, KVMLM_JOBS=."
	@echo "Manual: README.md, docs/maintainer.md; the lanes: tests/README.md."

# ---- the build path ----------------------------------------------------------

deps:  ## [build] check/install the Debian build dependencies (scripts/install-build-deps)
	@scripts/install-build-deps

base: $(BUILD)/base/.stamp  ## [build] download the pinned packages of bases/$(BASE), check them, unpack
$(BUILD)/base/.stamp: $(BASEFILE) scripts/fetch-base
	scripts/fetch-base $(BASEFILE) $(BUILD)

# A fresh copy of the pristine tree with the whole series, whenever series or a patch changes.
# UPTO=<entry>: the series stops after that patch (bisecting, writing the next backport), and
# every target built on the tree uses it; tree.upto remembers UPTO, so the next run without it
# applies the whole series again.
apply: $(BUILD)/tree.stamp  ## [build] fresh pristine tree + series, zero fuzz, no offsets (UPTO=<patch>: stop there)
$(BUILD)/tree.stamp: $(BUILD)/base/.stamp $(BASE_SERIES) $(PATCHES) scripts/apply-series $(BUILD)/tree.upto
	$(NEED_SERIES)scripts/apply-series --copy-from $(BUILD)/base/src $(if $(UPTO),--upto $(UPTO)) $(BUILD)/tree $(BASE_SERIES) patches
	touch $@
$(BUILD)/tree.upto: FORCE
	@mkdir -p $(@D); echo '$(UPTO)' | cmp -s - $@ 2>/dev/null || echo '$(UPTO)' >$@

build: $(BUILD)/modules/Module.symvers  ## [build] the KVM modules of the patched tree (x86)
# The reference genksyms records go next to the objects first (.symref): the build log then
# says which type changed behind any CRC that moved.
$(BUILD)/modules/Module.symvers: $(BUILD)/tree.stamp scripts/build-modules | $(TOOLS)/kabi-symtypes
	$(TOOLS)/kabi-symtypes split $(BASE_KABI_DIR)/symtypes $(BUILD)/obj
	scripts/build-modules $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/modules

# kvmlm-repro: static, on the selftest library of the patched tree (src/kvmlm-repro/).
repro: $(BUILD)/repro/kvmlm-repro  ## [build] kvmlm-repro, static
$(BUILD)/repro/kvmlm-repro: $(BUILD)/selftests/.stamp $(wildcard src/kvmlm-repro/* src/*.h) scripts/build-repro
	scripts/build-repro $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/selftests $(BUILD)/repro

selftests: $(BUILD)/selftests/.stamp  ## [build] the KVM selftests of the patched tree, static
# With KVM as modules the selftests take the UAPI headers into the module build's
# object dir, after it; with KVM built in (arm64) there is no module build.
$(BUILD)/selftests/.stamp: $(if $(BASE_KVM_MODULES),$(BUILD)/modules/Module.symvers,$(BUILD)/tree.stamp) scripts/build-selftests
	scripts/build-selftests $(BASEFILE) $(BUILD)/tree $(BUILD)/obj $(BUILD)/selftests $(SELFTESTS)
	touch $@

# The module gate (the KVM modules we build, against the stock kernel), then the whole
# kernel's exports (vmlinux and every module; ~1.5 min, no full build: scripts/kabi-kernel).
# With KVM built in (arm64) there is no module gate: the whole kernel's exports only,
# KVM's among them, and the stock modules' imports of them (by hand: BASE=debian-6.1-arm64).
ifneq ($(BASE_KVM_MODULES),)
kabi: $(BUILD)/modules/Module.symvers $(KABI_TOOLS)
	scripts/kabi-gate $(BASEFILE) $(BUILD) $(TOOLS)
	scripts/kabi-kernel $(BASEFILE) $(BUILD) $(TOOLS)
else
kabi: $(BUILD)/tree.stamp $(KABI_TOOLS)
	scripts/kabi-kernel $(BASEFILE) $(BUILD) $(TOOLS)
endif

# Regenerate kabi/<base>/{symtypes,layout} from an unpatched build (when the base changes; ~3 min).
kabi-reference: $(BUILD)/base/.stamp $(KABI_TOOLS)  ## [kabi] regenerate kabi/<base>/ from an unpatched build
	scripts/kabi-reference $(BASEFILE) $(BUILD) $(TOOLS)

# Both .debs come from one dh run (source package kvmlm).
package: $(DEB) $(REPRO_DEB)  ## [package] kvmlm-modules and kvmlm-repro .debs
$(DEB) $(REPRO_DEB) &: $(BUILD)/modules/Module.symvers $(BUILD)/repro/kvmlm-repro src/kvmlm-repro/kvmlm-repro.1 \
                      $(wildcard debian/kvmlm/* debian/kvmlm/*/*) $(BASE_SERIES) VERSION scripts/package-deb scripts/sign-modules scripts/signing-lib.sh \
                      $(wildcard errata/*)
	scripts/package-deb $(BASEFILE) $(BUILD)/modules $(BUILD)/repro/kvmlm-repro $(OUT) $(VERSION)

# kvmlm-repro's RPM and SRPM, built from source by rpmbuild as an EL9 builder would
# (unpack, apply-series, build-selftests, build-repro: a few minutes, so not part of `make`).
package-rpm: $(REPRO_RPM)  ## [package] kvmlm-repro RPM and SRPM, from source
$(REPRO_RPM): $(BUILD)/base/.stamp spec/kvmlm-repro.spec spec/rpmlint.toml scripts/package-rpm $(BASE_SERIES) $(PATCHES) VERSION scripts/base-series \
              $(wildcard src/kvmlm-repro/* src/*.h) scripts/apply-series scripts/build-selftests scripts/build-repro
	scripts/package-rpm $(BASEFILE) $(BUILD) $(OUT) $(VERSION) spec/kvmlm-repro.spec

# The whole kernel (ci config) from source, as linux-image/linux-headers .debs by
# debian/linux-kvmlm (dpkg-buildpackage --build-profiles=pkg.kvmlm.ci) and as kernel-kvmlm
# RPMs by spec/kernel-kvmlm.spec (rpmbuild), each unpacking and patching its own tree.
# ~25 min for the .debs on 2 idle cores. The RPMs' %build then adopts the .debs' objects
# (scripts/adopt-kernel-build: only once its own patched tree and config are shown to be
# theirs), ~2 min: compiling again from a warm ccache took 744 s of both cores at the end
# of make check. KVMLM_RPM_FROM_SOURCE=1 compiles the RPMs' kernel itself (from the
# shared ccache), as make release and an SRPM rebuild do: test-kernel-deb-rpm-same then
# compares two builds (the reproducibility check).
KDEB_CI_TREE := $(BUILD)/kernel-deb-ci/linux-kvmlm-$(VERSION)/linux
KRPM_BUILD_OPTS := $(if $(KVMLM_RPM_FROM_SOURCE),,--define "kvmlm_prebuilt_tree $(KDEB_CI_TREE)")
kernel-deb: $(KDEB_CI)  ## [package] the whole kvmlm kernel as .debs, ci config
$(KDEB_CI): $(KERNEL_INPUTS) $(wildcard debian/linux-kvmlm/* debian/linux-kvmlm/*/*) scripts/package-kernel-deb
	$(NEED_SERIES)KVMLM_CCACHE_DIR=$(KCCACHE) scripts/package-kernel-deb $(BASEFILE) $(BUILD) $(KPKG_CI) $(VERSION) ci
kernel-rpm: $(KRPM_CI)  ## [package] the whole kvmlm kernel as RPMs (adopts the .deb build)
$(KRPM_CI): $(KERNEL_INPUTS) spec/kernel-kvmlm.spec spec/rpmlint.toml scripts/package-rpm scripts/adopt-kernel-build \
          $(if $(KVMLM_RPM_FROM_SOURCE),| $(KDEB_CI),$(KDEB_CI))
	KVMLM_CCACHE_DIR=$(KCCACHE) scripts/package-rpm $(BASEFILE) $(BUILD) $(KPKG_CI) $(VERSION) spec/kernel-kvmlm.spec \
		--define "kvmlm_config ci" $(KRPM_BUILD_OPTS)

# The kvmlm kernel image alone (ci config, no packaging): what the built-in KVM lane
# boots. arm64: 958 objects, ~1000 CPU-s, 614 s on 2 cores (README, times table).
KIMAGE_CI := $(BUILD)/kernel-ci/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE)
kernel-image: $(KIMAGE_CI)  ## [build] the kvmlm kernel image alone, ci config
$(KIMAGE_CI): $(BUILD)/tree.stamp $(BASEFILE) scripts/kernel-config scripts/build-kernel scripts/lib.sh
	KVMLM_CCACHE_DIR=$(KCCACHE) scripts/build-kernel $(BASEFILE) ci $(BUILD)/tree $(BUILD)/kernel-ci

# The same kernel without the series: the pristine tree, the same ci config, its own
# release (6.1.0-57-pristine-arm64: the ABI and flavour, no version; it never ships).
# The arm64 lane's A/B baseline: Debian's own kernel differs from ours in its config
# too (ACPI, PCI, platforms, ...), so only pristine vs kvmlm isolates the series
# (reports/arm64-ab.md: pristine's CLEAR pass is stock's, kvmlm's ~2.9x).
KIMAGE_PRISTINE := $(BUILD)/kernel-ci-pristine/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE)
PRISTINE_KREL := $(BASE_ABI)-pristine-$(BASE_FLAVOUR)
kernel-image-pristine: $(KIMAGE_PRISTINE)  ## [build] the pristine tree with the same ci config (A/B baseline)
$(KIMAGE_PRISTINE): $(BUILD)/base/.stamp $(BASEFILE) scripts/kernel-config scripts/build-kernel scripts/lib.sh
	KVMLM_KERNELRELEASE=$(PRISTINE_KREL) KVMLM_DEBIAN_CONFIG=$(BUILD)/base/headers/usr/src/linux-headers-$(BASE_KERNELRELEASE)/.config \
		KVMLM_CCACHE_DIR=$(KCCACHE) scripts/build-kernel $(BASEFILE) ci $(BUILD)/base/src $(BUILD)/kernel-ci-pristine

# The A/B/C lane, by hand (a measurement, not a gate; reports/upstream-reference.md):
# the stock kernel, the pristine tree and the kvmlm kernel of this base and the pristine
# upstream reference (REFERENCE_BASE: Debian's 6.12 of the same architecture, the same
# ci config policy) booted REFERENCE_ROUNDS times each, interleaved, running
# tests/vm/plan-reference-$(BASE_KARCH) with this base's selftests and kvmlm-repro.
# x86: make check-reference; arm64: make BASE=debian-6.1-arm64 check-reference.
REFERENCE_BASE   ?= debian-6.12-$(BASE_DEB_ARCH)
REFERENCE_ROUNDS ?= 5
REF_BUILD  := $(TOP)/build/$(REFERENCE_BASE)
REF_SET    := pristine-$(patsubst debian-%,%,$(shell sed -n 's/^BASE_NAME=//p' bases/$(REFERENCE_BASE) 2>/dev/null))
REF_KREL   := $(shell sed -n 's/^BASE_ABI=//p' bases/$(REFERENCE_BASE) 2>/dev/null)-pristine-$(BASE_FLAVOUR)
# KERNEL_ARG SET KREL IMAGE MODULES: the lane's SET:KREL:IMAGE[:MODULES] (modules where KVM is).
KERNEL_ARG = $(1):$(2):$(3)$(if $(BASE_KVM_MODULES),:$(4))
check-reference: base apply kernel-image kernel-image-pristine selftests repro  ## [by hand] A/B/C: stock, pristine, kvmlm and pristine upstream 6.12
	@test -f bases/$(REFERENCE_BASE) || { echo "bases/$(REFERENCE_BASE) not found (REFERENCE_BASE=<file in bases/>)"; exit 2; }
	$(MAKE) BASE=$(REFERENCE_BASE) base kernel-image-pristine
	tests/vm/run-reference-lane $(BASEFILE) $(BUILD) $(REFERENCE_ROUNDS) \
		$(call KERNEL_ARG,stock,$(BASE_KERNELRELEASE),$(BUILD)/base/image/boot/vmlinuz-$(BASE_KERNELRELEASE),$(BUILD)/base/image/lib/modules/$(BASE_KERNELRELEASE)) \
		$(call KERNEL_ARG,pristine,$(PRISTINE_KREL),$(KIMAGE_PRISTINE),$(BUILD)/kernel-ci-pristine) \
		$(call KERNEL_ARG,kvmlm,$(KREL),$(KIMAGE_CI),$(BUILD)/kernel-ci) \
		$(call KERNEL_ARG,$(REF_SET),$(REF_KREL),$(REF_BUILD)/kernel-ci-pristine/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE),$(REF_BUILD)/kernel-ci-pristine)

# The same lane on prefixes of the series, to place a cost in it (reports/upstream-
# reference.md, "the arm64 CLEAR pass"): REFERENCE_PREFIXES="NAME:<series entry> ..."
# builds the series up to each entry with the ci config into build/<base>/prefix-kernels/
# NAME (its image, and on x86 its KVM modules), rebuilds the full series, and boots
# pristine, every prefix, kvmlm and the reference with tests/vm/plan-clear-$(BASE_KARCH)
# (KVMLM_REFERENCE_PLAN overrides), logs and report in build/<base>/vm-reference-prefixes.
# The prefixes are checked before anything builds (the prerequisites are made in the
# recipe, after the check: the tree is rewritten for each prefix).
REFERENCE_PREFIXES ?=
PREFIX_KERNELS := $(BUILD)/prefix-kernels
check-reference-prefixes:  ## [by hand] the A/B/C lane on the series' prefixes (REFERENCE_PREFIXES="NAME:<entry> ...")
	@test -n "$(REFERENCE_PREFIXES)" || { echo "REFERENCE_PREFIXES is empty: give NAME:<series entry> pairs, e.g. REFERENCE_PREFIXES=\"p1:linux/arm64/foo.patch\""; exit 2; }
	@for p in $(REFERENCE_PREFIXES); do n=$${p%%:*} u=$${p#*:}; \
		case "$$n" in ''|*[!a-z0-9.-]*|stock|pristine|kvmlm|pristine-*) echo "REFERENCE_PREFIXES: '$$p': NAME must be a-z, 0-9, '.', '-' and not a set of its own"; exit 2 ;; esac; \
		grep -qxF "$$u" $(BASE_SERIES) || { echo "REFERENCE_PREFIXES: '$$p': $$u is not an entry of $(BASE_SERIES)"; exit 2; }; \
	done
	@test -f $(or $(KVMLM_REFERENCE_PLAN),tests/vm/plan-clear-$(BASE_KARCH)) || { echo "no tests/vm/plan-clear-$(BASE_KARCH): set KVMLM_REFERENCE_PLAN"; exit 2; }
	$(MAKE) base apply selftests repro kernel-image-pristine UPTO=
	$(MAKE) BASE=$(REFERENCE_BASE) base kernel-image-pristine
	set -e; for p in $(REFERENCE_PREFIXES); do n=$${p%%:*} u=$${p#*:}; \
		echo "==> [check-reference-prefixes] $$n: the series up to $$u"; \
		$(MAKE) apply kernel-image UPTO=$$u; \
		rm -rf $(PREFIX_KERNELS)/$$n; mkdir -p $(PREFIX_KERNELS)/$$n; cp $(KIMAGE_CI) $(PREFIX_KERNELS)/$$n/; \
		$(if $(BASE_KVM_MODULES),(cd $(BUILD)/kernel-ci && find . \( -name kvm.ko -o -name kvm-amd.ko -o -name irqbypass.ko -o -name ccp.ko \) -exec cp --parents {} $(PREFIX_KERNELS)/$$n/ \;);) \
	done
	echo "==> [check-reference-prefixes] the full series again"
	$(MAKE) apply kernel-image UPTO=
	KVMLM_REFERENCE_PLAN=$(abspath $(or $(KVMLM_REFERENCE_PLAN),tests/vm/plan-clear-$(BASE_KARCH))) \
	KVMLM_REFERENCE_DIR=$(BUILD)/vm-reference-prefixes \
	KVMLM_REFERENCE_BY='make BASE=$(BASE) check-reference-prefixes REFERENCE_PREFIXES="$(REFERENCE_PREFIXES)"' \
	KVMLM_REFERENCE_RATIOS=$$(set -- $(foreach p,$(REFERENCE_PREFIXES),$(firstword $(subst :, ,$(p)))) kvmlm; r=; prev=pristine; \
		for n; do r="$$r$${r:+,}$$n/pristine"; [ $$prev = pristine ] || r="$$r,$$n/$$prev"; prev=$$n; done; echo "$$r,kvmlm/$(REF_SET),$(REF_SET)/pristine") \
	tests/vm/run-reference-lane $(BASEFILE) $(BUILD) $(REFERENCE_ROUNDS) \
		$(call KERNEL_ARG,pristine,$(PRISTINE_KREL),$(KIMAGE_PRISTINE),$(BUILD)/kernel-ci-pristine) \
		$(foreach p,$(REFERENCE_PREFIXES),$(call KERNEL_ARG,$(firstword $(subst :, ,$(p))),$(KREL),$(PREFIX_KERNELS)/$(firstword $(subst :, ,$(p)))/$(BASE_KIMAGE),$(PREFIX_KERNELS)/$(firstword $(subst :, ,$(p))))) \
		$(call KERNEL_ARG,kvmlm,$(KREL),$(KIMAGE_CI),$(BUILD)/kernel-ci) \
		$(call KERNEL_ARG,$(REF_SET),$(REF_KREL),$(REF_BUILD)/kernel-ci-pristine/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE),$(REF_BUILD)/kernel-ci-pristine)

# Where the time goes (reports/upstream-reference.md, "the arm64 CLEAR pass"): profile
# kernels, the ci config plus config/profile/ftrace (the function graph tracer), of the
# kvmlm tree, the pristine tree and the reference, booted once each with
# tests/vm/plan-profile-clear-$(BASE_KARCH): tests/vm/ftrace-profile prints calls, total
# and self time per function below kvm_vm_ioctl. Logs and report in
# build/<base>/vm-profile. The tracer changes every object, so the compiler cache of the
# ci kernels does not help: the first run compiles three kernels whole.
PROFILE_CONFIG := KVMLM_CONFIG_EXTRA=profile/ftrace KVMLM_CCACHE_DIR=$(KCCACHE)
kernel-image-profile: apply  ## [build] the kvmlm tree as a profile kernel (ci config + config/profile/ftrace)
	$(NEED_SERIES)$(PROFILE_CONFIG) scripts/build-kernel $(BASEFILE) ci $(BUILD)/tree $(BUILD)/kernel-profile
kernel-image-pristine-profile: base  ## [build] the pristine tree as a profile kernel
	KVMLM_KERNELRELEASE=$(PRISTINE_KREL) KVMLM_DEBIAN_CONFIG=$(BUILD)/base/headers/usr/src/linux-headers-$(BASE_KERNELRELEASE)/.config \
		$(PROFILE_CONFIG) scripts/build-kernel $(BASEFILE) ci $(BUILD)/base/src $(BUILD)/kernel-profile-pristine
check-reference-profile: selftests repro kernel-image-profile kernel-image-pristine-profile  ## [by hand] profile the CLEAR pass: pristine, kvmlm and the reference, one boot each
	@test -f tests/vm/plan-profile-clear-$(BASE_KARCH) || { echo "no tests/vm/plan-profile-clear-$(BASE_KARCH): profiling is planned for arm64 only"; exit 2; }
	$(MAKE) BASE=$(REFERENCE_BASE) base kernel-image-pristine-profile
	KVMLM_REFERENCE_PLAN=$(TOP)/tests/vm/plan-profile-clear-$(BASE_KARCH) KVMLM_REFERENCE_DIR=$(BUILD)/vm-profile \
	KVMLM_REFERENCE_BY='make BASE=$(BASE) check-reference-profile' \
	tests/vm/run-reference-lane $(BASEFILE) $(BUILD) 1 \
		$(call KERNEL_ARG,pristine,$(PRISTINE_KREL),$(BUILD)/kernel-profile-pristine/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE),$(BUILD)/kernel-profile-pristine) \
		$(call KERNEL_ARG,kvmlm,$(KREL),$(BUILD)/kernel-profile/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE),$(BUILD)/kernel-profile) \
		$(call KERNEL_ARG,$(REF_SET),$(REF_KREL),$(REF_BUILD)/kernel-profile-pristine/arch/$(BASE_KARCH)/boot/$(BASE_KIMAGE),$(REF_BUILD)/kernel-profile-pristine)

# The release: the whole kernel with Debian's full config, as .debs and RPMs, in
# out/release/ (docs/maintainer.md, "Release", for the measured time). Not part of make check.
# Last, the exact whole-kernel kABI check on the Module.symvers the build wrote.
release: deps base $(TOOLS)/kabi-check  ## [package] the whole kernels with Debian's full config (hours)
	$(NEED_SERIES)KVMLM_CCACHE_DIR=$(KCCACHE) scripts/package-kernel-deb $(BASEFILE) $(BUILD) $(RELEASE) $(VERSION) release
	KVMLM_CCACHE_DIR=$(KCCACHE) scripts/package-rpm $(BASEFILE) $(BUILD) $(RELEASE) $(VERSION) spec/kernel-kvmlm.spec \
		--define "kvmlm_config release"
	scripts/kabi-release $(BASEFILE) $(TOOLS) $(RELEASE) \
		$(if $(CROSS_BUILD),$(BUILD)/kernel-deb-release/linux-kvmlm-$(VERSION)/linux/obj/Module.symvers)
	@ls -l $(RELEASE)

summary:
	@$(NEED_SERIES)echo "==> kvmlm $(VERSION) for $(BASE_NAME) $(BASE_VERSION) ($(BASE_KERNELRELEASE)):"
	@echo "    patches applied : $$(grep -cvE '^[[:space:]]*(#|$$)' $(BASE_SERIES)) of $(BASE_SERIES) (tree: $(BUILD)/tree)"
	@echo "    modules         : $$(ls $(BUILD)/modules/*.ko | xargs -n1 basename | tr '\n' ' ')($(BUILD)/modules)"
	@echo "    kABI            : $$(tail -n1 $(BUILD)/kabi-report.txt), $$(tail -n1 $(BUILD)/kabi-explain.txt) ($(BUILD)/kabi-report.txt, $(BUILD)/kabi-explain.txt)"
	@echo "    whole-kernel kABI: $$(tail -n1 $(BUILD)/kabi-kernel/kabi-report.txt), $$(grep -c . $(BUILD)/kabi-kernel/whole.symvers) exports ($(BUILD)/kabi-kernel/kabi-report.txt)"
	@echo "    packages        : $(DEB) $(REPRO_DEB)"

# ---- QEMU ------------------------------------------------------------------------
# Debian's qemu 7.2 source package with kvmlm's series on top (patches/qemu/series),
# packaged as Debian does with one target family per architecture (docs/maintainer.md, "QEMU").
QEMU_BASE     ?= qemu-debian-7.2
QBASEFILE     := bases/$(QEMU_BASE)
include $(QBASEFILE)
QBUILD        := $(TOP)/build/$(QEMU_BASE)
QPATCHDIR     := patches/qemu
QSERIES       := $(QPATCHDIR)/series
QPATCHES      := $(addprefix $(QPATCHDIR)/,$(shell sed -e 's/\#.*//' $(QSERIES)))
QEMU_DEB_VERSION := $(QEMU_VERSION)+kvmlm$(QEMU_KVMLM_REVISION)
QOUT          := $(OUT)/qemu-$(BASE_DEB_ARCH)

qemu-base: $(QBUILD)/base/.stamp  ## [build] Debian's qemu source package, fetched and unpacked
$(QBUILD)/base/.stamp: $(QBASEFILE) scripts/fetch-qemu-base
	scripts/fetch-qemu-base $(QBASEFILE) $(QBUILD)

# The patched tree (Debian's series, then kvmlm's, zero fuzz): what both packages build.
qemu-apply: $(QBUILD)/tree.stamp  ## [build] the QEMU tree + patches/qemu/series
$(QBUILD)/tree.stamp: $(QBUILD)/base/.stamp $(QSERIES) $(QPATCHES) scripts/apply-series
	scripts/apply-series --copy-from $(QBUILD)/base/src $(QBUILD)/tree $(QSERIES) $(QPATCHDIR)
	touch $@

# qemu-system-x86 (amd64) or qemu-system-arm (arm64, cross-built) and what they need,
# the source package, and QEMU's migration-test from the same tree. Taken from the
# content-keyed package cache when every input is byte-identical (said so). README.md:
# its -accel kvm capability table is the packages' README.kvmlm (the rest of it is
# not an input: the cache key takes the table's text only).
qemu-deb: $(QOUT)/.stamp  ## [package] kvmlm's QEMU .debs for the base's arch (content-keyed cache)
$(QOUT)/.stamp: $(QBUILD)/base/.stamp $(QBASEFILE) $(BASEFILE) $(QSERIES) $(QPATCHES) VERSION scripts/package-qemu-deb \
                scripts/apply-series scripts/lib.sh scripts/qemu-record-build scripts/qemu-cross-chroot $(wildcard debian/qemu-kvmlm/*) README.md
	scripts/package-qemu-deb $(QBASEFILE) $(BASEFILE) $(QBUILD) $(QOUT)
	touch $@

# qemu-kvm, qemu-kvm-core, qemu-kvm-common, qemu-img and the SRPM (spec/qemu-kvm.spec),
# from the same patched tree: %build adopts the .debs' build once the trees are shown
# identical (scripts/adopt-qemu-build); KVMLM_RPM_FROM_SOURCE=1 compiles QEMU again,
# with Debian's rules (as an SRPM rebuild does).
QRPMOUT := $(OUT)/qemu-rpm-$(BASE_DEB_ARCH)
qemu-rpm: $(QRPMOUT)/.stamp  ## [package] kvmlm's QEMU RPMs (qemu-kvm), adopting the .deb build
$(QRPMOUT)/.stamp: $(QOUT)/.stamp spec/qemu-kvm.spec spec/rpmlint.toml scripts/package-qemu-rpm scripts/adopt-qemu-build \
                   scripts/source-tarball
	scripts/package-qemu-rpm $(QBASEFILE) $(BASEFILE) $(QBUILD) $(QOUT) $(QRPMOUT)
	touch $@

# What the QEMU lane's guest runs: migration-test, migrate-check, the test guest.
QTESTS := $(BUILD)/qemu-tests
qemu-tests: $(QTESTS)/.stamp
$(QTESTS)/.stamp: $(QOUT)/.stamp scripts/build-qemu-tests $(wildcard tests/migration/*)
	scripts/build-qemu-tests $(BASEFILE) $(QOUT) $(QTESTS)
	touch $@

# The QEMU packages installed with apt into a throw-away root, then that QEMU in a
# TCG guest (stock kernel, kvmlm modules): migration-test cases and live migrations
# with every page checked (tests/vm/plan-qemu-$(BASE_ARCH)). Then the RPMs: the same
# tree and binaries as the .debs, installed with dnf, a ring-mode migration of
# /usr/libexec/qemu-kvm (tests/vm/plan-qemu-rpm-$(BASE_ARCH)).
check-qemu: build qemu-deb qemu-rpm qemu-tests  ## [lanes] the x86 QEMU lane: apt/dnf install, live migrations
	tests/packaging/test-qemu-apt-install $(BASEFILE) $(BUILD) $(QOUT)
	$(MAKE) check-qemu-deb-rpm-same
	tests/packaging/test-qemu-dnf-install $(BASEFILE) $(BUILD) $(QRPMOUT)
check-qemu-deb-rpm-same: qemu-deb qemu-rpm
	tests/packaging/test-qemu-deb-rpm-same $(BASEFILE) $(QOUT) $(QRPMOUT) $(QBUILD)/rpm-$(BASE_DEB_ARCH)
# A base whose KVM is built in (arm64): the QEMU lane's guest boots the kvmlm kernel,
# the vmlinuz of the ci .deb (make check's background builds it), at EL2, and runs
# tests/vm/plan-qemu-$(BASE_ARCH) with the apt-installed QEMU (cross-built: its
# libraries come from the QEMU cross-build chroot).
QLANE_KERNEL := $(BUILD)/qemu-lane-kernel/boot/vmlinuz-$(KREL)
$(QLANE_KERNEL): $(KDEB_CI)
	rm -rf $(BUILD)/qemu-lane-kernel && mkdir -p $(BUILD)/qemu-lane-kernel
	dpkg-deb --fsys-tarfile $< | tar -x -C $(BUILD)/qemu-lane-kernel ./boot/vmlinuz-$(KREL)
check-qemu-builtin: base qemu-deb qemu-rpm qemu-tests $(QLANE_KERNEL)
	KVMLM_QEMU_KERNEL=$(QLANE_KERNEL) tests/packaging/test-qemu-apt-install $(BASEFILE) $(BUILD) $(QOUT)
	KVMLM_QEMU_KERNEL=$(QLANE_KERNEL) tests/packaging/test-qemu-dnf-install $(BASEFILE) $(BUILD) $(QRPMOUT)
# QEMU's own migration-test cases, in a guest of their own like the QEMU lane's
# (tests/vm/plan-qemu-migration-test-$(BASE_ARCH)): x86 on Debian's kernel with the kvmlm
# modules, arm64 on the kvmlm kernel. make check runs them last, alone (tests/run-check):
# beside other guests or builds, the L2 test guest can hang in its firmware (docs/maintainer.md, "QEMU").
# Report: build/<base>/vm-qemu-migration-test/.
check-qemu-migration-test: base qemu-deb qemu-tests $(if $(BASE_KVM_MODULES),build,$(QLANE_KERNEL))  ## [lanes] QEMU's migration-test cases in the lane's guest
	KVMLM_QEMU_LANE=migration-test KVMLM_QEMU_PLAN=$(TOP)/tests/vm/plan-qemu-migration-test-$(BASE_ARCH) \
		$(if $(BASE_KVM_MODULES),,KVMLM_QEMU_KERNEL=$(QLANE_KERNEL)) \
		tests/packaging/test-qemu-apt-install $(BASEFILE) $(BUILD) $(QOUT)
# By hand before a release, on an otherwise idle machine: the migration-test cases whose
# run time follows the machine's load (tests/vm/plan-qemu-migration-test-slow-x86_64:
# vcpu_dirty_limit). x86 only: arm64 has no such case. Report: build/<base>/vm-qemu-migration-test-slow/.
check-qemu-migration-test-slow: base qemu-deb qemu-tests build  ## [by hand] QEMU's load-sensitive migration-test cases (x86)
	@[ -f tests/vm/plan-qemu-migration-test-slow-$(BASE_ARCH) ] || \
		{ echo "ERROR: no slow migration-test cases for $(BASE_ARCH) (tests/vm/plan-qemu-migration-test-slow-$(BASE_ARCH))" >&2; exit 1; }
	KVMLM_QEMU_LANE=migration-test-slow KVMLM_QEMU_PLAN=$(TOP)/tests/vm/plan-qemu-migration-test-slow-$(BASE_ARCH) \
		tests/packaging/test-qemu-apt-install $(BASEFILE) $(BUILD) $(QOUT)
# By hand before a release: the QEMU matrix, {stock, kvmlm} kernel side x {Debian's QEMU,
# kvmlm's} x {bitmap, ring} (+ eager-split-size on arm64), every cell a migration with
# every page checked; fails when a cell differs from the promise. Table:
# build/<base>/qemu-matrix/report.md (reports/qemu-live-migration-matrix.md keeps a run).
DEBIAN_QEMU := $(BUILD)/debian-qemu
check-qemu-matrix: base qemu-deb qemu-tests $(if $(BASE_KVM_MODULES),build,$(QLANE_KERNEL))  ## [by hand] stock/kvmlm kernel x Debian/kvmlm QEMU x log mode
	scripts/fetch-debian-qemu $(BASEFILE) $(QBASEFILE) $(DEBIAN_QEMU)
	tests/vm/run-qemu-matrix $(BASEFILE) $(BUILD) $(QOUT) $(DEBIAN_QEMU)/root $(if $(BASE_KVM_MODULES),,$(QLANE_KERNEL))

# ---- C tools -----------------------------------------------------------------

tools: $(TOOLS)/patchlint $(KABI_TOOLS) $(TOOLS)/migrate-check  ## [build] the C tools (patchlint, kabi-*, migrate-check)
# Each tool is src/<tool>.c linked with util.o and the shared objects it names in OBJS_<tool>.
$(TOOLS)/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(TOOLS)
	$(CC) $(CFLAGS_TOOLS) -c -o $@ $<
$(TOOLS)/%: src/%.c $(TOOLS)/util.o $(wildcard src/*.h)
	@mkdir -p $(TOOLS)
	$(CC) $(CFLAGS_TOOLS) -o $@ $< $(TOOLS)/util.o $(OBJS_$*) $(LDLIBS_$*)
# The live-migration driver of the QEMU lanes, built for this host for its unit tests
# (make qemu-tests builds it for the guests).
$(TOOLS)/migrate-check: tests/migration/migrate-check.c
	@mkdir -p $(TOOLS)
	$(CC) $(CFLAGS_TOOLS) -o $@ $<
# genksyms records (kabi-symtypes.h): one object, linked where used
OBJS_kabi-symtypes := $(TOOLS)/kabi-symtypes-lib.o
OBJS_kabi-explain  := $(TOOLS)/kabi-symtypes-lib.o
OBJS_kabi-layout   := $(TOOLS)/kabi-symtypes-lib.o
# the one ELF reader (elf-sections.h, libelf): stock modules' __versions, objects' exports
OBJS_kabi-check    := $(TOOLS)/elf-sections.o
OBJS_kabi-exports  := $(TOOLS)/elf-sections.o
LDLIBS_kabi-check   := -lelf
LDLIBS_kabi-exports := -lelf
$(TOOLS)/kabi-symtypes $(TOOLS)/kabi-explain $(TOOLS)/kabi-layout: $(TOOLS)/kabi-symtypes-lib.o
$(TOOLS)/kabi-check $(TOOLS)/kabi-exports: $(TOOLS)/elf-sections.o
# kabi-layout reads the modules' DWARF with libdwfl (elfutils)
LDLIBS_kabi-layout := -ldw -lelf

# Regenerate one patch against the series before it, header kept: make refresh PATCH=linux/x86/foo.patch
# (quilt refresh in $(BUILD)/quilt, left with PATCH on top for another round by hand).
refresh: $(BUILD)/base/.stamp  ## [build] regenerate one patch with quilt: make refresh PATCH=linux/x86/foo.patch
	@test -n "$(PATCH)" || { echo "usage: make refresh PATCH=<path in series>"; exit 2; }
	$(NEED_SERIES)scripts/refresh-patch $(BUILD)/base/src $(BASE_SERIES) patches $(PATCH) $(BUILD)/quilt

# The series as a quilt stack on a copy of the pristine tree: quilt push/pop/new/edit/refresh in
# $(BUILD)/quilt work on series and patches/ themselves (scripts/quilt-tree).
quilt-tree: $(BUILD)/base/.stamp  ## [build] build/<base>/quilt: the series as a quilt stack (UPTO=<patch>: stop there)
	$(NEED_SERIES)scripts/quilt-tree $(BUILD)/base/src $(BASE_SERIES) patches $(BUILD)/quilt $(UPTO)

# Every shell script of the repository (by its #! line), for shellcheck in make lint.
SHELL_SCRIPTS = $(shell grep -rlE '^\#!(/usr/bin/env )?(/bin/)?(ba)?sh' scripts tests .ci debian | sort)
# Every kernel series a base names (BASE_SERIES; `series` where a bases/ file does not
# set it), each with its not-taken list: patches/not-taken for `series`,
# patches/not-taken-<X> for series-<X>. A file of patches/ must be in one of them.
KERNEL_SERIES := $(sort series $(foreach f,$(wildcard bases/debian-*),$(shell sed -n 's/^BASE_SERIES=//p' $(f))))
not_taken_of = patches/not-taken$(patsubst series%,%,$(1))
lint: $(TOOLS)/patchlint  ## [lanes] patch headers, diff format, series <-> patches/, target table, errata/, versions, shellcheck
	$(TOOLS)/patchlint --topics patches/topics $(foreach s,$(KERNEL_SERIES),--series $(s) --not-taken $(call not_taken_of,$(s))) --patches patches
	$(TOOLS)/patchlint --topics patches/topics --series $(QSERIES) --patches $(QPATCHDIR) --not-taken patches/not-taken
	scripts/check-target-table Makefile docs/maintainer.md
	scripts/errata check errata
	scripts/release-version check
	@command -v shellcheck >/dev/null || { echo "shellcheck is not installed (make deps)"; exit 2; }
	shellcheck -x -S warning $(SHELL_SCRIPTS)
	@echo "==> [lint] both series (kernel, QEMU) and every patch header/diff format OK; make help and the manual's target table agree; advisories well-formed; VERSION and the kernel releases agree; shellcheck clean at warning level"

# ---- test lanes ----------------------------------------------------------------

# The lanes run in this order; the kernel packages of both architectures build in the
# background meanwhile (tests/run-check: nice 19, on the cores the lanes leave idle):
# the x86 .debs and RPMs, then the arm64 ones (cross-built), then the arm64 QEMU packages
# (cross-built in a chroot; from the package cache when nothing changed), last the Secure Boot
# lane's signed linux-image (secureboot-kernel-deb). The final lanes run side
# by side once the background is done (TCG guests): check-kernel installs and boots the x86
# packages, check-arm64-boot boots the arm64 .deb's kernel beside Debian's stock one, and
# check-arm64-qemu installs the arm64 QEMU .debs and live-migrates with them on that kernel.
# check-arm64-prep readies what the arm64 guests run. The other bases (OTHER_BASES, 6.12):
# check-other-bases in the lanes, the kvmlm kernels of their built-in-KVM ones last in the
# background, booted in the final lane check-other-bases-boot.
# The prefix walk builds only what its record does not hold (check-prefixes); that is
# what makes room for both architectures in CI's 90 minutes (tests/README.md).
CHECK_LANES := check-unit lint check-stack check-prefixes check-arm64-prep check-kabi check-vm check-other-bases check-packaging check-secureboot check-qemu
BACKGROUND  := kernel-deb kernel-rpm arm64-kernel-pkgs arm64-qemu-pkgs other-bases-images secureboot-kernel-deb
FINAL_LANES := check-kernel check-secureboot-kernel check-arm64-boot check-arm64-qemu check-other-bases-boot
# Then, one at a time and alone: QEMU's migration-test cases (check-qemu-migration-test).
LAST_LANES  := check-qemu-migration-test check-arm64-migration-test
# The arm64 base is fetched before the lanes start: the background's arm64 packages and
# the check-arm64-prep lane both need it, and must not fetch it at the same time; so is
# every other built-in-KVM base, its series applied (other-bases-trees), for the same reason.
# What a clean clone's make check leaves under build/: 30 GiB (du, 2026-12-07, both bases
# of both arches, the QEMU trees and every guest's root), plus room for what its builds
# write and delete again. A short disk is refused before anything is fetched (a run that
# started with 3 GiB free died in a tar extraction a minute in); `~/.cache/kvmlm` wants
# ~3 GiB more when it is cold.
CHECK_DISK_GIB := 35
check-disk-space:
	@scripts/check-disk-space $(TOP)/build $(CHECK_DISK_GIB) "make check"
check: check-disk-space deps base arm64-base qemu-base other-bases-trees  ## [lanes] every lane: what CI runs
	MAKE="$(MAKE)" tests/run-check $(BUILD) "$(BACKGROUND)" "$(FINAL_LANES)" "$(LAST_LANES)" $(CHECK_LANES)
# make check's arm64 part alone, by hand (~30 min): the packages, then their boot.
check-arm64-kernel: arm64-base  ## [by hand] the arm64 kernel packages and boot alone
	$(MAKE) arm64-kernel-pkgs
	$(MAKE) check-arm64-boot
# What check runs, without running it: `make -n check` does run tests/run-check (a
# recipe naming $(MAKE) runs even under -n), and so does `make -n check-arm64-build`.
check-plan:  ## [lanes] print the lanes make check runs, in order
	@echo "make check ($(BASE)): lanes in order: $(CHECK_LANES)"
	@echo "  background (nice 19): $(BACKGROUND); when it is done, side by side: $(FINAL_LANES)"
	@echo "  then one at a time, alone: $(LAST_LANES)"
	@echo "  by hand: check-prefixes-all (every prefix rebuilt, whatever the record holds);"
	@echo "           check-arm64-build (arch/arm64/kvm compiled, no link: a quick check of a series change);"
	@echo "           check-arm64 (the arm64 prefix walk, the pristine Image, every plan-arm64 row three times)"
	@echo "           check-qemu-matrix (stock/kvmlm kernel x Debian's/kvmlm's QEMU x log mode; BASE=$(ARM64_BASE) for arm64)"
	@echo "           check-other-bases-packages (the modules .deb of $(OTHER_MODULAR): build, install, apt upgrade, Secure Boot boot)"
	@echo "           check-other-bases-kernels (the whole kernels of $(OTHER_BASES) as .deb and RPM: installed, booted)"

check-unit: tools  ## [lanes] the C tools and scripts against fixtures (UNIT=<name>: tests/unit/<name>.t only)
	tests/unit/run-unit-tests $(TOOLS) $(UNIT)

check-stack: base apply build selftests repro tools qemu-apply  ## [lanes] apply errors, kABI fixture breaks, kvmlm-repro CLI
	tests/stack/test-fetch-base-errors $(BASEFILE) $(BUILD)
	tests/stack/test-fetch-qemu-base-errors $(QBASEFILE) $(QBUILD)
	tests/stack/test-apply-reports-failing-patch $(BUILD)
	tests/stack/test-kabi-break-is-named $(BASEFILE) $(BUILD) $(TOOLS)
	tests/stack/test-kabi-fixup-still-checks-layout $(BASEFILE) $(BUILD) $(TOOLS)
	tests/stack/test-repro-cli $(BUILD)/repro/kvmlm-repro

# Bisectability: build after every patch of the series (incremental; the arm64-only
# patches are applied, not built here; its time: README "Test lanes"). The prefixes
# tests/prefixes/<base>.walked records as built with today's keys are applied, not
# rebuilt; check-prefixes-all rebuilds every one (and rewrites the record).
check-prefixes-all: export KVMLM_PREFIX_WALK := all
check-prefixes check-prefixes-all: base  ## [lanes] every prefix of the series builds (check-prefixes-all: rebuild all)
	scripts/build-each-prefix $(BASEFILE) $(BUILD) $(SELFTESTS)

# The gates, then: a change reaching a vmlinux export fails the whole-kernel check, named.
check-kabi: kabi  ## [lanes] the module and whole-kernel kABI gates
	tests/stack/test-kabi-kernel-break-is-named $(BASEFILE) $(BUILD) $(TOOLS)

check-vm: build selftests repro  ## [lanes] stock vs kvmlm modules in a TCG guest, A/B timings
	tests/vm/run-vm-lane $(BASEFILE) $(BUILD)

# Huge pages after dirty logging on a base whose own tree lacks kvmlm's disable-cost test
# (6.12): Debian's stock kernel of the base booted with its own modules and with the
# kvmlm ones, REFERENCE_ROUNDS times each, interleaved, running tests/vm/plan-recovery-ab
# with the test built from the 6.1 tree (RECOVERY_BINARIES; 6.1 ioctls only). By hand, a
# measurement: make BASE=debian-6.12-amd64 check-recovery-ab (reports/x86-huge-page-recovery.md).
RECOVERY_BINARIES := debian-6.1-amd64
RECOVERY_AB := $(BUILD)/vm-recovery-ab
check-recovery-ab: base build  ## [by hand] huge pages after dirty logging: stock vs kvmlm modules of BASE, interleaved boots
	$(MAKE) BASE=$(RECOVERY_BINARIES) selftests
	rm -rf $(RECOVERY_AB)/kvmlm-modules && mkdir -p $(RECOVERY_AB)/kvmlm-modules
	for m in virt/lib/irqbypass drivers/crypto/ccp/ccp; do \
		ln -s $$(bash -c '. scripts/lib.sh; stock_module_file "$$1" "$$2"' _ $(BUILD)/base/image/lib/modules/$(BASE_KERNELRELEASE) $$m) $(RECOVERY_AB)/kvmlm-modules/; done
	ln -s $(BUILD)/modules/kvm.ko $(BUILD)/modules/kvm-amd.ko $(RECOVERY_AB)/kvmlm-modules/
	KVMLM_REFERENCE_PLAN=tests/vm/plan-recovery-ab KVMLM_REFERENCE_DIR=$(RECOVERY_AB) KVMLM_REFERENCE_RATIOS=kvmlm/stock \
	KVMLM_REFERENCE_BY="make BASE=$(BASE) REFERENCE_ROUNDS=$(REFERENCE_ROUNDS) check-recovery-ab" \
		tests/vm/run-reference-lane bases/$(RECOVERY_BINARIES) $(TOP)/build/$(RECOVERY_BINARIES) $(REFERENCE_ROUNDS) \
		stock:$(BASE_KERNELRELEASE):$(BUILD)/base/image/boot/vmlinuz-$(BASE_KERNELRELEASE):$(BUILD)/base/image/lib/modules/$(BASE_KERNELRELEASE):stock \
		kvmlm:$(BASE_KERNELRELEASE):$(BUILD)/base/image/boot/vmlinuz-$(BASE_KERNELRELEASE):$(RECOVERY_AB)/kvmlm-modules:kvmlm

# Every base beside the ones make check runs in full (6.1: debian-6.1-amd64 and
# debian-6.1-arm64), OTHER_BASES. A base with KVM as modules (x86, debian-6.12-amd64):
# the series applied with zero fuzz, the KVM modules built for Debian's stock kernel of
# that base, the kABI gate and the whole-kernel check, the selftests and kvmlm-repro of
# its tree, and its stock kernel booted with its own and with the kvmlm modules, running
# tests/vm/plan-base-check (dirty_log_test in every log mode). A base with KVM built in
# (arm64, debian-6.12-arm64): the series applied (before the lanes: other-bases-trees),
# the whole-kernel kABI check, the selftests and kvmlm-repro in this lane; its kvmlm
# kernel (ci config, kernel-image) in make check's background (other-bases-images), and
# booted beside the stock one in a final lane (check-other-bases-boot). The A/B timings,
# the prefix walk and the packages of such a base are by hand (docs/adding-a-base.md).
OTHER_BASES := debian-6.12-amd64 debian-6.12-arm64
# The other bases with KVM built in (no BASE_KVM_MODULES in their base file), and the rest.
OTHER_BUILTIN := $(foreach b,$(OTHER_BASES),$(if $(shell sed -n 's/^BASE_KVM_MODULES=//p' bases/$(b)),,$(b)))
OTHER_MODULAR := $(filter-out $(OTHER_BUILTIN),$(OTHER_BASES))
check-other-bases:  ## [lanes] apply, build, kABI, a dirty-log boot for every other base (6.12, x86 and arm64)
	@set -e; for b in $(OTHER_MODULAR); do \
		echo "==> [check-other-bases] $$b: base, apply, build, kabi, selftests, repro"; \
		$(MAKE) BASE=$$b base apply build kabi selftests repro; \
		echo "==> [check-other-bases] $$b: stock kernel with its own and with the kvmlm modules (tests/vm/plan-base-check)"; \
		KVMLM_VM_PLAN=tests/vm/plan-base-check KVMLM_VM_AB_ROUNDS=0 $(MAKE) BASE=$$b check-vm; \
	done; \
	for b in $(OTHER_BUILTIN); do \
		echo "==> [check-other-bases] $$b: base, apply, whole-kernel kabi, selftests, repro (its kernel: background; its boot: check-other-bases-boot)"; \
		$(MAKE) BASE=$$b base apply kabi selftests repro; \
	done
# Before the lanes (make check): the built-in bases' patched trees, so that the
# background's kernel-image and this lane's kabi never apply the series at once.
other-bases-trees:
	@set -e; for b in $(OTHER_BUILTIN); do $(MAKE) BASE=$$b base apply; done
# The background's part: each built-in base's kvmlm kernel, ci config.
other-bases-images:
	@set -e; for b in $(OTHER_BUILTIN); do $(MAKE) BASE=$$b kernel-image; done
# The final lane: each built-in base's kvmlm kernel beside its stock one under TCG at EL2,
# tests/vm/plan-base-check-<arch> (dirty_log_test in every log mode, eager splitting,
# kvmlm-repro; the forced lock break by hand: tests/vm/plan-base-check-arm64-forced).
# The guest CPU is max without pointer authentication (KVMLM_VM_CPU): emulating it is
# most of an arm64 guest's time under TCG (reports/upstream-reference.md) and nothing in
# the plan depends on it.
check-other-bases-boot:  ## [lanes] the kvmlm kernel of every other built-in-KVM base booted
	@set -e; for b in $(OTHER_BUILTIN); do \
		KVMLM_VM_CPU=$${KVMLM_VM_CPU:-max,pauth=off} $(MAKE) BASE=$$b check-builtin-base-boot; \
	done
check-builtin-base-boot: kernel-image selftests repro
	KVMLM_BUILTIN_PLAN=tests/vm/plan-base-check-$(BASE_KARCH) KVMLM_BUILTIN_TARGET=check-other-bases-boot KVMLM_BUILTIN_SIDE_BY_SIDE=1 \
		tests/vm/run-builtin-kvm-lane $(BASEFILE) $(BUILD) $(KIMAGE_CI)

# The modules package of every other KVM-as-modules base, by hand before a release (~6
# min per base; make check has no room for it): built into BUILDDIR/out (not OUT: the
# kvmlm-repro .deb of two bases would share a file name), lintian clean, installed into
# and removed from a root with the stock kernel (test-deb-install), upgraded with apt from
# a local repository across Debian's next upload and a kvmlm errata (test-modules-upgrade),
# and booted: Debian's signed kernel of that base under OVMF Secure Boot loads the
# package's modules signed with the db key and runs dirty_log_test in every log mode
# (check-secureboot).
check-other-bases-packages:  ## [by hand] the modules .deb of every other modular base: install, upgrade, boot
	@set -e; for b in $(OTHER_MODULAR); do \
		d=$(TOP)/build/$$b/out; \
		echo "==> [check-other-bases-packages] $$b: package (into $$d), install, upgrade, Secure Boot boot"; \
		$(MAKE) BASE=$$b OUT=$$d package selftests repro; \
		deb=$$(ls $$d/kvmlm-modules-*_*+kvmlm$(VERSION)_*.deb | grep -v -- '-dbg_'); \
		tests/packaging/test-deb-install bases/$$b $(TOP)/build/$$b $$deb; \
		tests/packaging/test-modules-upgrade bases/$$b $(TOP)/build/$$b $$deb; \
		$(MAKE) BASE=$$b OUT=$$d check-secureboot; \
	done

# The whole kernel of every other base as .debs and RPMs, by hand before a release (make
# check has no room for it; ~10 min per base from a warm compiler cache). A modular base
# (x86): the .deb and the RPM are one build (test-kernel-deb-rpm-same), each installs from
# a local repository (apt, dnf) and the installed kernel boots and runs its own KVM's
# dirty-log tests (test-kernel-apt-install, -dnf-install). A built-in-KVM base (arm64,
# cross-built: not installable here): the same two-format check, then the .deb's kernel
# boots beside Debian's stock one with the base's plan (check-builtin-base-packages).
check-other-bases-kernels:  ## [by hand] every other base's whole kernel as .deb and RPM: install, boot
	@set -e; for b in $(OTHER_MODULAR); do \
		B=$(TOP)/build/$$b; \
		echo "==> [check-other-bases-kernels] $$b: kernel-deb, kernel-rpm; installed with apt and dnf and booted"; \
		$(MAKE) BASE=$$b kernel-deb kernel-rpm selftests repro; \
		tests/packaging/test-kernel-deb-rpm-same bases/$$b $$B/kernel-deb-ci/linux-kvmlm-$(VERSION) \
			$$B/rpm/kernel-kvmlm/BUILD/kvmlm-$(VERSION) $$B/kernel-pkgs-ci; \
		tests/packaging/test-kernel-apt-install bases/$$b $$B $$B/kernel-pkgs-ci; \
		tests/packaging/test-kernel-dnf-install bases/$$b $$B $$B/kernel-pkgs-ci; \
	done; for b in $(OTHER_BUILTIN); do \
		echo "==> [check-other-bases-kernels] $$b: kernel-deb, kernel-rpm (cross); the .deb's kernel booted"; \
		KVMLM_VM_CPU=$${KVMLM_VM_CPU:-max,pauth=off} $(MAKE) BASE=$$b check-builtin-base-packages; \
	done
check-builtin-base-packages: kernel-deb kernel-rpm selftests repro
	tests/packaging/test-kernel-deb-rpm-same $(BASEFILE) $(BUILD)/kernel-deb-ci/linux-kvmlm-$(VERSION) \
		$(BUILD)/rpm/kernel-kvmlm/BUILD/kvmlm-$(VERSION) $(KPKG_CI)
	rm -rf $(KDEB_CI_ROOT) && dpkg-deb -x $(KDEB_CI) $(KDEB_CI_ROOT)
	KVMLM_BUILTIN_PLAN=tests/vm/plan-base-check-$(BASE_KARCH) KVMLM_BUILTIN_TARGET=check-other-bases-kernels KVMLM_BUILTIN_SIDE_BY_SIDE=1 \
		tests/vm/run-builtin-kvm-lane $(BASEFILE) $(BUILD) $(KDEB_CI_ROOT)/boot/vmlinuz-$(KREL)

# A base with KVM built in (arm64), the part make check runs: the patched tree's KVM
# compiles (cross, ci config, no link: scripts/build-builtin-kvm), and so do the
# selftests and kvmlm-repro for it.
check-builtin-build: base apply selftests repro
	scripts/build-builtin-kvm $(BASEFILE) $(BUILD)/tree $(BUILD)/kvm-ci-obj

# make check's part of it: what the guests run (check-builtin-prep: the patched tree,
# the static selftests, kvmlm-repro), then the packaged kernel (check-builtin-boot): the
# .deb and the RPM (ci config, built by make check's background) are one kernel, and
# the .deb's vmlinuz boots under TCG at EL2 and runs tests/vm/plan-arm64-check, and
# so does Debian's stock kernel, beside it.
KDEB_CI_ROOT := $(BUILD)/kernel-deb-ci-root
check-builtin-prep: base apply selftests repro
	@echo "==> [check-builtin-prep] the patched tree, selftests and kvmlm-repro for $(BASE_ARCH) built"
check-builtin-boot: kernel-deb kernel-rpm check-builtin-prep
	tests/packaging/test-kernel-deb-rpm-same $(BASEFILE) $(BUILD)/kernel-deb-ci/linux-kvmlm-$(VERSION) \
		$(BUILD)/rpm/kernel-kvmlm/BUILD/kvmlm-$(VERSION) $(KPKG_CI)
	rm -rf $(KDEB_CI_ROOT) && dpkg-deb -x $(KDEB_CI) $(KDEB_CI_ROOT)
	@echo "==> [check-builtin-boot] $(notdir $(KDEB_CI)) unpacked into $(KDEB_CI_ROOT) (cross-built for $(BASE_DEB_ARCH): not installed on this host)"
	KVMLM_BUILTIN_PLAN=tests/vm/plan-arm64-check KVMLM_BUILTIN_TARGET=check-arm64-boot KVMLM_BUILTIN_SIDE_BY_SIDE=1 \
		tests/vm/run-builtin-kvm-lane $(BASEFILE) $(BUILD) $(KDEB_CI_ROOT)/boot/vmlinuz-$(KREL)
# The same with the image built alone (kernel-image, no packaging): by hand.
check-builtin-image: base apply kernel-image selftests repro
	@echo "==> [check-builtin-image] $(KIMAGE_CI), selftests and kvmlm-repro for $(BASE_ARCH) built"
check-builtin-image-boot: check-builtin-image
	KVMLM_BUILTIN_PLAN=tests/vm/plan-arm64-check KVMLM_BUILTIN_TARGET=check-arm64-image-boot KVMLM_BUILTIN_SIDE_BY_SIDE=1 \
		tests/vm/run-builtin-kvm-lane $(BASEFILE) $(BUILD) $(KIMAGE_CI)

# The whole arm64 lane, by hand (make BASE=debian-6.1-arm64 check-builtin): every prefix
# of the series compiles for this architecture, then Debian's stock kernel, the pristine
# tree and the kvmlm tree (both with the ci config) boot under TCG at EL2 in one run and
# run tests/vm/plan-$(BASE_KARCH); the A/B timings compare kvmlm with pristine.
check-builtin: base apply kernel-image kernel-image-pristine selftests repro
	tests/stack/test-fetch-base-errors $(BASEFILE) $(BUILD)
	scripts/build-each-prefix $(BASEFILE) $(BUILD) $(SELFTESTS)
	tests/vm/run-builtin-kvm-lane $(BASEFILE) $(BUILD) $(KIMAGE_CI) $(KIMAGE_PRISTINE)

# The arm64 lanes (from the x86 base), the arm64 base cross-built. In make check:
# arm64-base (before the lanes), check-arm64-prep (a lane), arm64-kernel-pkgs (the
# background: linux-image .deb and kernel-kvmlm RPM, ci config) and check-arm64-boot
# (a final lane: deb-rpm-same, then the .deb's kernel and the stock one booted). By
# hand: check-arm64-kernel (those two alone), check-arm64-build (arch/arm64/kvm
# compiled, no link: the quick compile check of a series change), check-arm64-image /
# check-arm64-image-boot (the Image alone, unpackaged), and the whole lane check-arm64
# (prefix walk, pristine Image, the full plan three times: ~45 min), to run before a
# series change lands.
ARM64_BASE := debian-6.1-arm64
arm64-base:
	$(MAKE) BASE=$(ARM64_BASE) base
arm64-kernel-pkgs:
	$(MAKE) BASE=$(ARM64_BASE) kernel-deb kernel-rpm
# qemu-system-arm and the aarch64 qemu-kvm RPMs, cross-built in a build chroot
# (scripts/qemu-cross-chroot), and the check that the two formats are one build.
arm64-qemu-pkgs:
	$(MAKE) BASE=$(ARM64_BASE) qemu-deb qemu-rpm check-qemu-deb-rpm-same
check-arm64-prep:  ## [lanes] what the arm64 guests run
	$(MAKE) BASE=$(ARM64_BASE) check-builtin-prep
check-arm64-boot:  ## [lanes] the arm64 kernel package booted beside the stock one
	$(MAKE) BASE=$(ARM64_BASE) check-builtin-boot
check-arm64-qemu:  ## [lanes] qemu-system-arm live migrations on the kvmlm arm64 kernel
	$(MAKE) BASE=$(ARM64_BASE) check-qemu-builtin
check-arm64-migration-test:  ## [lanes] QEMU's migration-test cases on the kvmlm arm64 kernel
	$(MAKE) BASE=$(ARM64_BASE) check-qemu-migration-test
check-arm64-image:
	$(MAKE) BASE=$(ARM64_BASE) check-builtin-image
check-arm64-image-boot:
	$(MAKE) BASE=$(ARM64_BASE) check-builtin-image-boot
check-arm64-build:  ## [by hand] arch/arm64/kvm compiled, no link: a quick check
	$(MAKE) BASE=$(ARM64_BASE) check-builtin-build
check-arm64:  ## [by hand] arm64 prefix walk, pristine baseline, full plan-arm64
	$(MAKE) BASE=$(ARM64_BASE) check-builtin

# The whole kvmlm kernel (ci config): the .debs and the RPMs are the same kernel; each
# installs from a local repository (apt-get, dnf) into a throw-away root, and the
# installed kernel boots under TCG and its own KVM passes tests/vm/plan-kernel.
check-kernel: kernel-deb kernel-rpm selftests repro  ## [lanes] the x86 kernel packages installed and booted
	tests/packaging/test-kernel-deb-rpm-same $(BASEFILE) $(BUILD)/kernel-deb-ci/linux-kvmlm-$(VERSION) \
		$(BUILD)/rpm/kernel-kvmlm/BUILD/kvmlm-$(VERSION) $(KPKG_CI)
	tests/packaging/test-kernel-apt-install $(BASEFILE) $(BUILD) $(KPKG_CI)
	tests/packaging/test-kernel-dnf-install $(BASEFILE) $(BUILD) $(KPKG_CI)
	tests/packaging/test-kernel-errata-upgrade $(BASEFILE) $(BUILD) $(KPKG_CI)
	tests/packaging/test-kernel-image-signing $(BASEFILE) $(BUILD) $(KPKG_CI)/linux-image-$(KREL)_$(VERSION)_$(BASE_DEB_ARCH).deb

# Secure Boot, end to end (x86: the modules package for Debian's stock kernel): Debian's
# signed kernel booted by OVMF in Secure Boot mode (ovmf's test-enrolled varstore) refuses
# kvm.ko unsigned and foreign-signed, and loads the set signed with the db key (~2 min).
check-secureboot: package selftests repro  ## [lanes] the signed modules under OVMF Secure Boot
	tests/vm/run-secureboot-lane $(BASEFILE) $(BUILD) $(DEB)

# Secure Boot for the whole x86 kernel: linux-image built again with the db key as the
# vendor key (its objects from the compiler cache) starts under OVMF Secure Boot through
# systemd-boot, locks down and loads its own modules; make kernel-deb's unsigned image is
# refused by the firmware (68 s with its signed package built ahead, ~10 min more without).
SECUREBOOT_KERNEL_LANE = KVMLM_CCACHE_DIR=$(KCCACHE) tests/vm/run-secureboot-kernel-lane $(BASEFILE) $(BUILD) \
		$(KPKG_CI)/linux-image-$(KREL)_$(VERSION)_$(BASE_DEB_ARCH).deb
check-secureboot-kernel: kernel-deb build selftests repro  ## [lanes] the whole kernel's signed image under OVMF Secure Boot
	$(SECUREBOOT_KERNEL_LANE)
# Its signed package alone, ahead of it: make check builds it last in its background, so
# that the final lane only boots it (the lane takes it when it is newer than kernel-deb's).
secureboot-kernel-deb: kernel-deb
	KVMLM_SECUREBOOT_BUILD_ONLY=1 $(SECUREBOOT_KERNEL_LANE)

check-packaging: package package-rpm  ## [lanes] the module and kvmlm-repro packages installed in roots
	tests/packaging/test-deb-install $(BASEFILE) $(BUILD) $(DEB)
	tests/packaging/test-modules-upgrade $(BASEFILE) $(BUILD) $(DEB)
	tests/packaging/test-repro-deb-install $(BUILD) $(REPRO_DEB)
	tests/packaging/test-repro-rpm-install $(BUILD) $(REPRO_RPM)
	tests/packaging/test-signed-repos $(BASEFILE) $(BUILD) $(REPRO_DEB) $(REPRO_RPM)
	tests/packaging/test-module-signing $(BASEFILE) $(BUILD) $(DEB)
	tests/packaging/test-debug-symbols $(BASEFILE) $(BUILD) $(DEB)

# The signed repositories (scripts/make-repos) from every package built so far, both
# bases, and the advisories in errata/: KVMLM_SIGNING_KEY=<fingerprint> of the release key
# in gpg's keyring. REPO_PACKAGES picks other packages.
REPOS ?= $(OUT)/repos
REPO_PACKAGES ?= $(OUT)/*.deb $(OUT)/*.rpm $(OUT)/qemu-*/*.deb $(OUT)/qemu-rpm-*/*.rpm \
                 $(TOP)/build/*/kernel-pkgs-*/*.deb $(TOP)/build/*/kernel-pkgs-*/*.rpm
repos: package package-rpm  ## [package] signed apt and rpm-md repositories with the advisories (KVMLM_SIGNING_KEY)
	scripts/make-repos $(REPOS) errata $$(ls $(REPO_PACKAGES) 2>/dev/null)
# One advisory's release: the record checked, the repositories built, and the advisory
# found in them (its CSAF document exists only when its fixed packages are there).
errata:  ## [package] make repos for ADVISORY=<id> and prove the advisory is in them
	@[ -n "$(ADVISORY)" ] || { echo "ERROR: make errata ADVISORY=<id> (scripts/errata list errata):" >&2; scripts/errata list errata >&2; exit 1; }
	scripts/errata list errata | grep -q "^$(ADVISORY)	" || { echo "ERROR: no advisory $(ADVISORY) in errata/" >&2; exit 1; }
	$(MAKE) repos
	@f=$(REPOS)/csaf/$$(scripts/errata csaf-name $(ADVISORY)); [ -f $$f ] || \
		{ echo "ERROR: $(ADVISORY): none of its fixed packages is among the built ones (build them first: make package-kernel, make qemu-deb, ...)" >&2; exit 1; }; \
		echo "==> [errata] $(ADVISORY): $(REPOS) (apt/, rpm/, csaf/$$(basename $$f))"

clean:  ## [other] drop build products
	rm -rf $(BUILD)/tree $(BUILD)/tree.new $(BUILD)/tree.stamp $(BUILD)/obj $(BUILD)/modules \
	       $(BUILD)/selftests $(BUILD)/vm $(BUILD)/vm-kernel $(BUILD)/pkg $(BUILD)/rpm \
	       $(BUILD)/kernel-deb-ci $(BUILD)/kernel-deb-release $(KPKG_CI) $(BUILD)/vm-kernel-* $(TOOLS) $(OUT) \
	       $(BUILD)/kabi-kernel $(BUILD)/kabi-kernel-break $(BUILD)/kabi-attribute $(BUILD)/kernel-ci $(BUILD)/kernel-deb-ci-root $(BUILD)/kvm-ci-obj $(BUILD)/prefix $(BUILD)/vm-builtin \
	       $(BUILD)/vm-qemu* $(BUILD)/qemu-tests $(BUILD)/qemu-lane-kernel $(BUILD)/qemu-matrix $(BUILD)/debian-qemu

distclean:  ## [other] also the downloaded bases
	rm -rf build $(OUT)

cacheclean:  ## [other] empty ~/.cache/kvmlm (compiler cache, QEMU packages, chroot)
	@! grep -q ' $(KVMLM_CACHE)/' /proc/mounts || { echo "ERROR: something is mounted under $(KVMLM_CACHE) (a QEMU cross build running?): not removing it" >&2; exit 1; }
	rm -rf --one-file-system $(KVMLM_CACHE)
