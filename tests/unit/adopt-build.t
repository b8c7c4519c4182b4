#!/bin/bash
# adopt-build.t TOOLSDIR: adopt-kernel-build and adopt-qemu-build: the RPMs' %build taking the .debs' objects, and what they refuse.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# Fake trees: only what the checks before the config comparison read.
AD=$here/../../scripts/adopt-kernel-build
ABASE=$here/../../bases/debian-6.1-amd64
AREL=$(sed -n 's/^BASE_KVMLM_KERNELRELEASE=//p' "$ABASE")
mkfake() {
	mkdir -p "$1/kernel" && echo 'obj-y += a.o' >"$1/Makefile" && echo 'int a;' >"$1/kernel/a.c"
	[ -z "${2:-}" ] && return
	mkdir -p "$1/obj/arch/x86/boot" "$1/obj/scripts/mod" "$1/obj/include/generated"
	: >"$1/obj/arch/x86/boot/bzImage"; : >"$1/obj/.config"; : >"$1/obj/Module.symvers"; : >"$1/obj/scripts/mod/modpost"
	echo "#define UTS_RELEASE \"$2\"" >"$1/obj/include/generated/utsrelease.h"
}
mkfake "$tmp/ad-built" "$AREL"; mkfake "$tmp/ad-tree"
rm "$tmp/ad-built/obj/arch/x86/boot/bzImage"
expect "a build without its image is refused"          1 'not a whole kernel build: .*/obj/arch/x86/boot/bzImage missing' "$AD" "$ABASE" ci "$tmp/ad-tree" "$tmp/ad-built"
: >"$tmp/ad-built/obj/arch/x86/boot/bzImage"
mkfake "$tmp/ad-other" 6.1.0-57-amd64
expect "another kernel release is refused"             1 "built kernel release '6.1.0-57-amd64', this base wants $AREL" "$AD" "$ABASE" ci "$tmp/ad-tree" "$tmp/ad-other"
echo 'int a = 1;' >"$tmp/ad-tree/kernel/a.c"
expect "a differing source is named"                   1 'Files .*ad-tree/kernel/a.c and .*ad-built/kernel/a.c differ' "$AD" "$ABASE" ci "$tmp/ad-tree" "$tmp/ad-built"
expect "... and nothing is adopted"                    0 '^no obj$' sh -c "test -e '$tmp/ad-tree/obj' && echo 'obj made' || echo 'no obj'"
mkdir "$tmp/ad-tree/obj"
expect "a tree with objects already is refused"        1 'obj exists already' "$AD" "$ABASE" ci "$tmp/ad-tree" "$tmp/ad-built"

QAD=$here/../../scripts/adopt-qemu-build
mkdir -p "$tmp/qa-tree/hw" "$tmp/qa-tree/debian" "$tmp/qa-rec/install/usr/bin"
echo 7.2.22 >"$tmp/qa-tree/VERSION"; : >"$tmp/qa-tree/meson.build"; echo 'int x;' >"$tmp/qa-tree/hw/x.c"
echo 'only packaging' >"$tmp/qa-tree/debian/changelog"
: >"$tmp/qa-rec/install/usr/bin/qemu-system-x86_64"
(. "$here/../../scripts/lib.sh"; qemu_tree_manifest "$tmp/qa-tree") >"$tmp/qa-rec/tree.sha256"
expect "the manifest leaves debian/ out"               0 '^3 files, none in debian/$' \
	sh -c "grep -q debian/ '$tmp/qa-rec/tree.sha256' || echo \"\$(wc -l <'$tmp/qa-rec/tree.sha256') files, none in debian/\""
echo 'int x = 1;' >"$tmp/qa-tree/hw/x.c"; echo 'new' >"$tmp/qa-tree/hw/new.c"
expect "a differing and an extra source are named"     1 'hw/new.c: only in .*qa-tree.*hw/x.c: differs|hw/x.c: differs' "$QAD" "$tmp/qa-tree" "$tmp/qa-rec" "$tmp/qa-tree/b/install"
expect "... and nothing is adopted"                    0 '^none$' sh -c "test -e '$tmp/qa-tree/b/install' && echo adopted || echo none"
echo 'int x;' >"$tmp/qa-tree/hw/x.c"; rm "$tmp/qa-tree/hw/new.c"; echo 'changed' >"$tmp/qa-tree/debian/changelog"
expect "the same sources (debian/ aside) are adopted"  0 'files, identical' "$QAD" "$tmp/qa-tree" "$tmp/qa-rec" "$tmp/qa-tree/b/install"
expect "... with the record's install tree"            0 'qemu-system-x86_64' ls "$tmp/qa-tree/b/install/usr/bin"
expect "a second adoption into the same place is refused" 1 'exists already' "$QAD" "$tmp/qa-tree" "$tmp/qa-rec" "$tmp/qa-tree/b/install"
rm "$tmp/qa-rec/tree.sha256"
expect "a directory that is no build record is refused" 1 'not a QEMU build record' "$QAD" "$tmp/qa-tree" "$tmp/qa-rec" "$tmp/qa-tree/b/i2"

tap_done adopt-build
