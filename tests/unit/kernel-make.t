#!/bin/bash
# kernel-make.t TOOLSDIR: scripts/lib.sh's kernel make arguments for a base: no host Rust
# toolchain seen by Kconfig, VPATH for M= builds of kernels that no longer set it, and
# the stock module file whatever Debian compressed it with.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
LIB=$here/../../scripts/lib.sh
lib() { bash -c '. "$1"; shift; "$@"' _ "$LIB" "$@"; }

# cross_args: RUSTC names no program on every base, native or cross.
expect "a native base: RUSTC only"                     0 '^RUSTC=kvmlm-no-rustc$' \
	bash -c '. "$1"; BASE_CROSS_COMPILE=; cross_args; echo "${CROSS[*]}"' _ "$LIB"
expect "a cross base: RUSTC, CROSS_COMPILE and CC"     0 '^RUSTC=kvmlm-no-rustc CROSS_COMPILE=aarch64-linux-gnu- CC=gcc$' \
	bash -c '. "$1"; BASE_CROSS_COMPILE=aarch64-linux-gnu- BASE_CC=gcc; cross_args; echo "${CROSS[*]}"' _ "$LIB"

# extmod_vpath_args: the two shapes of the kernel's top Makefile (6.1's and 6.12's).
mkdir -p "$tmp/k61" "$tmp/k612"
printf 'objtree\t\t:= .\nsrc\t\t:= $(srctree)\nobj\t\t:= $(objtree)\n\nVPATH\t\t:= $(srctree)\n' >"$tmp/k61/Makefile"
printf 'objtree\t\t:= .\n\nVPATH\t\t:=\n\nifeq ($(KBUILD_EXTMOD),)\nifdef building_out_of_srctree\nVPATH\t\t:= $(srctree)\nendif\nendif\n' >"$tmp/k612/Makefile"
vp() { bash -c '. "$1"; shift; extmod_vpath_args "$@"; echo "[${EXTMOD_VPATH[*]:-}]"' _ "$LIB" "$@"; }
expect "6.12's Makefile, an M= build: VPATH is the tree" 0 "^\[VPATH=$tmp/k612\]\$" vp "$tmp/k612" O=obj M=arch/x86/kvm modules
expect "6.12's Makefile, no M=: nothing added"          0 '^\[\]$' vp "$tmp/k612" O=obj modules_prepare
expect "6.1's Makefile, an M= build: nothing added"     0 '^\[\]$' vp "$tmp/k61" O=obj M=arch/x86/kvm modules

# stock_module_file: .ko (6.1), .ko.xz (6.12), and a missing module named.
mkdir -p "$tmp/m61/kernel/arch/x86/kvm" "$tmp/m612/kernel/arch/x86/kvm"
: >"$tmp/m61/kernel/arch/x86/kvm/kvm.ko"
: >"$tmp/m612/kernel/arch/x86/kvm/kvm.ko.xz"
expect "a .ko is found"                                0 "^$tmp/m61/kernel/arch/x86/kvm/kvm.ko\$" lib stock_module_file "$tmp/m61" arch/x86/kvm/kvm
expect "a .ko.xz is found"                             0 "^$tmp/m612/kernel/arch/x86/kvm/kvm.ko.xz\$" lib stock_module_file "$tmp/m612" arch/x86/kvm/kvm
expect "a missing module is named"                     1 'stock module arch/x86/kvm/kvm-amd is not in' lib stock_module_file "$tmp/m612" arch/x86/kvm/kvm-amd

tap_done kernel-make
