# Shared helpers for kvmlm scripts: progress lines and errors. Sourced, not run.
# shellcheck shell=bash

KVMLM_PROG=${KVMLM_PROG:-$(basename "$0")}

# step "text": a progress line a human can follow in a long build log.
step() { printf '==> [%s] %s\n' "$KVMLM_PROG" "$*"; }
info() { printf '    %s\n' "$*"; }
warn() { printf 'WARNING: [%s] %s\n' "$KVMLM_PROG" "$*" >&2; }
die()  { printf 'ERROR: [%s] %s\n' "$KVMLM_PROG" "$*" >&2; exit 1; }

# load_base FILE: read a bases/ file (KEY=value lines) into the environment.
load_base() {
	[ -f "$1" ] || die "base file '$1' not found (see bases/)"
	# shellcheck disable=SC1090
	. "$1"
	[ -n "${BASE_VERSION:-}" ] && [ -n "${BASE_KERNELRELEASE:-}" ] || die "base file '$1' lacks BASE_VERSION or BASE_KERNELRELEASE"
}

# base_series TOP: the loaded base's kvmlm series, as a path under TOP: BASE_SERIES of
# its bases/ file, `series` where the file does not set it. A base whose file sets it
# empty is an upstream reference with no kvmlm series: asked for one, it stops here.
base_series() {
	local s=${BASE_SERIES-series}
	[ -n "$s" ] || die "${BASE_NAME:-this base} (${BASE_DEB_ARCH:-?}) has no kvmlm series (BASE_SERIES is empty in its bases/ file): an upstream reference, built pristine only"
	[ -f "$1/$s" ] || die "the series of ${BASE_NAME:-this base}, $s, is not in $1"
	echo "$1/$s"
}

# load_qemu_base FILE: read a bases/qemu-* file (the QEMU source package pin).
load_qemu_base() {
	[ -f "$1" ] || die "QEMU base file '$1' not found (see bases/)"
	# shellcheck disable=SC1090
	. "$1"
	[ -n "${QEMU_VERSION:-}" ] && [ -n "${QEMU_UPSTREAM_VERSION:-}" ] && [ -n "${QEMU_KVMLM_REVISION:-}" ] ||
		die "QEMU base file '$1' lacks QEMU_VERSION, QEMU_UPSTREAM_VERSION or QEMU_KVMLM_REVISION"
}

# export_source_date_epoch TOP: reproducible dates for every package and kernel build:
# SOURCE_DATE_EPOCH as given, else the last commit's time of TOP, else now.
export_source_date_epoch() {
	: "${SOURCE_DATE_EPOCH:=$(git -C "$1" log -1 --format=%ct 2>/dev/null || date +%s)}"
	export SOURCE_DATE_EPOCH
}

# run_logged LOG CMD...: run a long command with its output in LOG; on failure show the tail.
run_logged() {
	local log=$1; shift
	mkdir -p "$(dirname "$log")"
	if ! "$@" >"$log" 2>&1; then
		echo "---- last 40 lines of $log ----" >&2
		tail -n 40 "$log" >&2
		die "command failed: $* (full log: $log)"
	fi
}

# patched_files PATCH...: the files the patches change (their "+++ b/" paths), one per
# line, in the order the patches change them.
patched_files() { awk '/^\+\+\+ b\// { f = substr($2, 3); if (!seen[f]++) print f }' "$@"; }

# arch_kernel_files KARCH < FILES: of a patch's files (patched_files), those a KARCH
# kernel compiles: not under tools/ or Documentation/, and under arch/ only arch/KARCH/.
arch_kernel_files() {
	awk -v own="arch/$1/" '!/^(tools|Documentation)\// && (!/^arch\// || index($0, own) == 1)'
}

# arch_selftest_files ARCH < FILES: of a patch's files, the tools/ ones a selftest build
# for ARCH (x86_64, aarch64: the selftests' names) compiles: not in another
# architecture's directory (kvm/x86_64/, kvm/lib/aarch64/, kvm/include/s390x/, ...).
arch_selftest_files() {
	awk -v own="$1" '/^tools\// {
		if (match($0, /\/(x86_64|aarch64|s390x|riscv)\//) && substr($0, RSTART + 1, RLENGTH - 2) != own) next
		print }'
}

# module_source_only KVMDIR < FILES: succeeds when every file (arch_kernel_files'
# output) lies in the KVM module sources (KVMDIR/ and virt/kvm/) and none is a
# Kconfig: nothing olddefconfig or modules_prepare reads changed (asm-offsets and
# the other generated headers include only include/ and arch/*/include/), so an
# object directory prepared before stays valid and only `make M=KVMDIR` must run.
module_source_only() {
	awk -v kvm="$1/" 'index($0, kvm) != 1 && index($0, "virt/kvm/") != 1 { bad = 1 }
		$0 ~ /(^|\/)Kconfig[^\/]*$/ { bad = 1 } END { exit bad || NR == 0 }'
}

# The prefix walk's record (scripts/build-each-prefix, tests/prefixes/<base>.walked):
# which prefixes of the series an earlier walk built, keyed by content, so that make
# check builds only the prefixes nothing has vouched for yet.
#
# prefix_keys INPUTKEY TOP: one line "N KEY ENTRY" per patch of the base's series under
# TOP (base_series; TOP/series when no base is loaded). KEY_0 is
# INPUTKEY (prefix_walk_inputs, hashed); KEY_N = sha256(KEY_N-1, ENTRY, the patch's
# bytes). A change to patch K (or its name, or its place) changes the keys of prefix K
# and of every later one, and none before it.
prefix_keys() {
	local key=$1 top=$2 n=0 entry _ series
	series=$(base_series "$top") || exit 1
	while read -r entry _; do
		case "$entry" in ''|\#*) continue ;; esac
		n=$((n + 1))
		[ -f "$top/patches/$entry" ] || die "series entry $n: patches/$entry not found"
		key=$({ printf '%s %s\n' "$key" "$entry"; cat "$top/patches/$entry"; } | sha256sum | cut -d' ' -f1)
		printf '%s %s %s\n' "$n" "$key" "$entry"
	done <"$series"
}

# prefix_record_match RECORD INPUTS KEYS: how many leading prefixes RECORD vouches for
# (printed on stdout): its "input" lines must equal INPUTS (a file of "input NAME VALUE"
# lines) -- otherwise 0, and each input that differs is named on stderr -- and then
# prefix N counts while RECORD's line N carries the same key as KEYS' line N (keys are
# chained, so the first difference ends the match). No RECORD: 0.
prefix_record_match() {
	local record=$1 inputs=$2 keys=$3
	[ -f "$record" ] || { echo 0; return; }
	if ! diff <(grep '^input ' "$record") "$inputs" >/dev/null; then
		diff <(grep '^input ' "$record" | sort) <(sort "$inputs") |
			awk '/^[<>] input / { side = ($1 == "<") ? "recorded" : "now"; $1 = ""; sub(/^ input /, ""); print "    input " side ": " $0 }' >&2
		echo 0; return
	fi
	awk 'NR == FNR { if ($1 ~ /^[0-9]+$/) rec[$1] = $2; next }
		{ if (rec[$1] != $2) exit; m = $1 } END { print m + 0 }' "$record" "$keys"
}

# same_patched_tree A B OUT: A and B (patched kernel trees, each with its objects in
# obj/) hold the same sources, file for file; the differences (diff -rq) go to OUT.
same_patched_tree() {
	diff -rq --no-dereference --exclude=obj "$1" "$2" >"$3" 2>&1
}

# copy_patched_files PRISTINE DEST PATCH...: a small tree holding only the files the
# patches touch, as they are in PRISTINE (files a patch creates are not there yet).
copy_patched_files() {
	local pristine=$1 dest=$2 f; shift 2
	mkdir -p "$dest"
	patched_files "$@" | while read -r f; do
		[ -f "$pristine/$f" ] || continue
		mkdir -p "$dest/$(dirname "$f")"
		cp "$pristine/$f" "$dest/$f"
	done
}

# cross_args [KIND]: set CROSS to the make variables of a cross build for the loaded base
# (empty for a native one): CROSS_COMPILE for binutils and the tools, and CC as
# Debian's .kernelvariables names it, so that Kconfig sees the compiler the base was
# configured with. KIND release (Debian's full config) adds compat_args' compiler.
# Use: cross_args "$kind"; make ... "${CROSS[@]}".
# RUSTC names no program, for every base: Debian configures its kernels with no Rust
# toolchain, and from 6.12 on Kconfig records the version of whatever rustc is on PATH
# (CONFIG_RUSTC_VERSION, 0 in Debian's config; rustup's on a build machine would make
# olddefconfig differ from it). The kernel's Makefile assigns RUSTC itself, so only the
# make command line overrides it. 6.1's Kconfig refuses any rustc but 1.62 anyway.
cross_args() {
	CROSS=(RUSTC=kvmlm-no-rustc)
	if [ -n "${BASE_CROSS_COMPILE:-}" ]; then
		command -v "$BASE_CC" >/dev/null || die "cross compiler $BASE_CC not found (make deps installs gcc-aarch64-linux-gnu)"
		CROSS+=("CROSS_COMPILE=$BASE_CROSS_COMPILE" "CC=$BASE_CC")
	fi
	[ "${1:-}" != release ] || compat_args
}

# cross_package_build: true when the loaded base's packages are for another
# architecture than this machine's (arm64 on amd64): dpkg-buildpackage -a and
# rpmbuild --target, without the headers packages (their host tools would be ours).
cross_package_build() { [ "$BASE_DEB_ARCH" != "$(dpkg --print-architecture)" ]; }

# base_severities OUT: the kABI waivers of the loaded base (BASE_KABI_DIR/severities,
# when there) before the common ones (kabi/severities), into OUT.
base_severities() {
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	{ [ ! -f "$top/$BASE_KABI_DIR/severities" ] || cat "$top/$BASE_KABI_DIR/severities"; cat "$top/kabi/severities"; } >"$1"
}

# compat_args: add to CROSS (cross_args first) the 32-bit compiler Debian's full config
# builds the compat vDSO with (arm64: CONFIG_COMPAT_VDSO needs CROSS_COMPILE_COMPAT;
# without it Kconfig quietly drops the option). For the release config; the ci config
# has no COMPAT.
compat_args() {
	[ -n "${BASE_CROSS_COMPILE_COMPAT:-}" ] || return 0
	command -v "${BASE_CROSS_COMPILE_COMPAT}gcc" >/dev/null ||
		die "compat cross compiler ${BASE_CROSS_COMPILE_COMPAT}gcc not found (make deps installs gcc-arm-linux-gnueabihf)"
	CROSS+=("CROSS_COMPILE_COMPAT=$BASE_CROSS_COMPILE_COMPAT")
}

# stock_module_file MODDIR PATH: the file of the stock module PATH (kernel/PATH, no
# suffix) under MODDIR (/lib/modules/<release> of the unpacked image package): .ko as
# Debian's 6.1 ships them, .ko.xz as its 6.12 does (modinfo reads both).
stock_module_file() {
	local f
	for f in "$1/kernel/$2.ko" "$1/kernel/$2.ko.xz" "$1/kernel/$2.ko.zst" "$1/kernel/$2.ko.gz"; do
		[ -f "$f" ] && { echo "$f"; return 0; }
	done
	die "the stock module $2 is not in $1/kernel (neither .ko nor .ko.xz/.zst/.gz; run: make base)"
}

# elf_machine: how readelf -h names the loaded base's machine.
elf_machine() {
	case $BASE_ARCH in
	x86_64) echo 'Advanced Micro Devices X86-64' ;;
	aarch64) echo AArch64 ;;
	*) die "elf_machine: unknown BASE_ARCH $BASE_ARCH" ;;
	esac
}

# kernel_make TREE OBJDIR ARGS...: make in a kernel tree for the loaded base, objects in
# OBJDIR (O=), with the variables Debian's .kernelvariables sets for the stock kernel.
# KBUILD_SYMTYPES=1: genksyms also writes <object>.symtypes, the type records behind
# every CRC, which the kABI report compares with the reference. When an
# <object>.symref (the reference's records, laid by `kabi-symtypes split`) sits next
# to an object, genksyms prints why an export's CRC changed into the log.
# A cross base also needs cross_args' CROSS_COMPILE (binutils) and, where Debian's config builds
# 32-bit compat code (arm64: CONFIG_COMPAT_VDSO, which Kconfig drops unless
# CROSS_COMPILE_COMPAT names a working compiler), Debian's CROSS_COMPILE_COMPAT:
# without it olddefconfig would not give Debian's config back.
# An M= build (build-modules: the tree's own KVM directory built as an external module)
# finds its sources through VPATH. 6.1's Makefile sets VPATH to the source tree for
# every O= build; 6.12's only when no M= is given (an external module's sources are
# expected in its object directory), so for such a tree kernel_make sets it on the
# command line (extmod_vpath_args).
kernel_make() {
	local tree=$1 obj=$2; shift 2
	cross_args release	# Debian's exact config: with its compat compiler
	extmod_vpath_args "$tree" "$@"
	make -C "$tree" O="$obj" ARCH="$BASE_KARCH" KERNELRELEASE="$BASE_KERNELRELEASE" CC="$BASE_CC" "${CROSS[@]}" \
		"${EXTMOD_VPATH[@]}" KBUILD_SYMTYPES=1 -j"${KVMLM_JOBS:-$(nproc)}" "$@"
}

# extmod_vpath_args TREE MAKE-ARGS...: set EXTMOD_VPATH to VPATH=<TREE, absolute> when
# MAKE-ARGS hold an M= and TREE's Makefile leaves VPATH empty for external modules
# ("ifeq ($(KBUILD_EXTMOD),)" around "VPATH := $(srctree)", as in 6.12); else empty.
extmod_vpath_args() {
	local tree=$1 a; shift
	EXTMOD_VPATH=()
	for a; do
		case "$a" in M=*)
			awk 'prev ~ /^ifeq \(\$\(KBUILD_EXTMOD\),\)/ && /^ifdef building_out_of_srctree/ { found = 1 } { prev = $0 }
			     END { exit !found }' "$tree/Makefile" && EXTMOD_VPATH=("VPATH=$(cd "$tree" && pwd)")
			return 0 ;;
		esac
	done
}

# The directory the shipped debug files name as their source root, whatever machine
# and directory built them: a support engineer points gdb or crash at a checkout with
# `set substitute-path /usr/src/kvmlm-linux <tree>` (docs/maintainer.md, "Debug symbols").
KVMLM_DEBUG_SRC=/usr/src/kvmlm-linux
# debug_prefix_map_args TREE [OBJDIR]: sets DEBUG_MAP to the kbuild variables (KCFLAGS,
# KAFLAGS) that write KVMLM_DEBUG_SRC instead of TREE into the DWARF (file names and
# DW_AT_comp_dir), and KVMLM_DEBUG_SRC/build instead of an OBJDIR outside TREE. Without
# them the debug files name this build's directory, which exists nowhere else, and a
# ccache hit keeps the directory of the build that filled the cache (the working
# directory is not hashed, CCACHE_NOHASHDIR). ccache hashes only the new half of a
# -fdebug-prefix-map, so builds from other directories still hit. gcc tries the maps
# last-given first: the OBJDIR map wins for an OBJDIR inside TREE (then it is not given).
debug_prefix_map_args() {
	local maps="-fdebug-prefix-map=$1=$KVMLM_DEBUG_SRC"
	case "${2:-}" in
	''|"$1"/*) ;;
	*) maps="$maps -fdebug-prefix-map=$2=$KVMLM_DEBUG_SRC/build" ;;
	esac
	DEBUG_MAP=("KCFLAGS=$maps" "KAFLAGS=$maps")
}

# series_changelog SERIES PATCHDIR: one Debian changelog line per carried patch of
# SERIES (paths relative to PATCHDIR): subject, then upstream release and commit ids,
# or where it comes from. The kernel's packages and the QEMU packages both use it.
series_changelog() {
	local series=$1 pdir=$2 entry p subj ml ids where _
	while read -r entry _; do
		case "$entry" in ''|\#*) continue ;; esac
		p=$pdir/$entry
		subj=$(sed -n '/^Subject:/{s/^Subject: *//p;q}' "$p")
		ml=$(sed -n '/^Patch-mainline:/{s/^Patch-mainline: *//p;q}' "$p")
		ids=$(sed -n 's/^Git-commit: *\([0-9a-f]\{12\}\).*/\1/p' "$p" | paste -sd, -)
		case "$ml" in v*) where="upstream $ml, $ids" ;; *) where=${ml%%,*} ;; esac
		echo "    - $subj ($where)" | fold -s -w 78 | sed -e 's/ *$//' -e '2,$s/^/      /'
	done <"$series"
}

# qemu_tree_manifest SRCDIR: the sha256 of every file of a QEMU source tree that the
# build compiles from, by relative path, sorted: debian/ (packaging), .pc/ (quilt's
# state) and b/ (the build directories) left out. Two trees with the same manifest
# hold the same sources (scripts/qemu-record-build, scripts/adopt-qemu-build).
# A symbolic link is recorded by its target ("symlink:<target>"). Also left out: the one
# file debian/rules writes outside b/, configs/devices/x86_64-softmmu/microvm.mak (the
# device list of its microvm build; its clean target removes it with b/).
qemu_tree_manifest() {
	local skip=(\( -path ./debian -o -path ./.pc -o -path ./b -o -path ./configs/devices/x86_64-softmmu/microvm.mak \) -prune -o)
	(cd "$1" && {
		find . "${skip[@]}" -type f -print0 | xargs -0 -r sha256sum
		find . "${skip[@]}" -type l -printf 'symlink:%l  %p\n'
	} | sed 's#  \./#  #' | LC_ALL=C sort -k2)
}

# qemu_buildoptions: meson's `introspect --buildoptions` JSON (stdin) as sorted
# "name=value" lines, with the source directory in the compiler flags (dpkg-buildflags'
# -ffile-prefix-map=<srcdir>=.) written as <srcdir>: the options of two builds of
# the same tree in different directories compare equal.
qemu_buildoptions() {
	python3 -c '
import json, re, sys
for o in sorted(json.load(sys.stdin), key=lambda o: o["name"]):
    print(re.sub(r"-ffile-prefix-map=[^=]*=", "-ffile-prefix-map=<srcdir>=", "%s=%s" % (o["name"], o["value"])))'
}

# wait_progress PID WHAT LOG: wait for a long background build, printing every
# KVMLM_PROGRESS_SECS (60) seconds how long it has run and, once LOG exists, how
# many objects kbuild compiled (its "  CC" lines); return its exit status.
wait_progress() {
	local pid=$1 what=$2 log=$3 start=$SECONDS last=$SECONDS n
	# Stopped (TERM from a CI timeout, INT, HUP), take the build down too: a background
	# job is not in the terminal's process group, its compilers would run on for hours.
	# shellcheck disable=SC2064
	trap "warn 'stopped: ending $what (pid $pid) and its children'; kill_tree $pid; exit 143" TERM INT HUP
	while kill -0 "$pid" 2>/dev/null; do
		sleep 5
		[ $((SECONDS - last)) -ge "${KVMLM_PROGRESS_SECS:-60}" ] || continue
		kill -0 "$pid" 2>/dev/null || break
		last=$SECONDS n=
		[ -f "$log" ] && n=", $(grep -c '^  CC ' "$log" || true) objects compiled"
		info "$what: $(( (SECONDS - start) / 60 )) min$n"
	done
	local rc=0
	wait "$pid" || rc=$?
	trap - TERM INT HUP
	return $rc
}

# kill_tree PID: PID and every descendant. Each is stopped before its children are
# listed, so none escapes by forking or by being re-parented meanwhile.
kill_tree() {
	local p
	kill -STOP "$1" 2>/dev/null || return 0
	for p in $(pgrep -P "$1"); do kill_tree "$p"; done
	kill -TERM "$1" 2>/dev/null || true
	kill -CONT "$1" 2>/dev/null || true
}
