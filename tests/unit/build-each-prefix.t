#!/bin/bash
# build-each-prefix.t TOOLSDIR: scripts/lib.sh as scripts/build-each-prefix uses it: what a base compiles of a patch, and which prefixes the walk record vouches for.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
LIB=$here/../../scripts/lib.sh
files=$'arch/x86/kvm/mmu/mmu.c\narch/arm64/kvm/mmu.c\ninclude/linux/kvm_host.h\nDocumentation/virt/kvm/api.rst\ntools/testing/selftests/kvm/dirty_log_test.c\ntools/testing/selftests/kvm/x86_64/foo_test.c\ntools/testing/selftests/kvm/lib/aarch64/processor.c'
af() { bash -c '. "$1"; printf "%s\n" "$3" | "$2" "$4" | paste -sd" "' _ "$LIB" "$@"; }
expect "x86 compiles its arch/ and generic code"       0 '^arch/x86/kvm/mmu/mmu.c include/linux/kvm_host.h$' af arch_kernel_files "$files" x86
expect "arm64 compiles its arch/ and generic code"     0 '^arch/arm64/kvm/mmu.c include/linux/kvm_host.h$' af arch_kernel_files "$files" arm64
expect "an arm64-only patch is no x86 kernel code"     0 '^$' af arch_kernel_files $'arch/arm64/kvm/arm.c\nDocumentation/virt/kvm/api.rst' x86
expect "x86_64 selftests skip lib/aarch64"             0 '^tools/testing/selftests/kvm/dirty_log_test.c tools/testing/selftests/kvm/x86_64/foo_test.c$' af arch_selftest_files "$files" x86_64
expect "aarch64 selftests skip x86_64/"                0 '^tools/testing/selftests/kvm/dirty_log_test.c tools/testing/selftests/kvm/lib/aarch64/processor.c$' af arch_selftest_files "$files" aarch64

expect "module sources only: prepare skipped"          0 '^skip$' bash -c '. "$1"; printf "arch/x86/kvm/mmu/mmu.c\nvirt/kvm/kvm_main.c\narch/x86/kvm/mmu/spte.h\n" | module_source_only arch/x86/kvm && echo skip || echo prepare' _ "$LIB"
expect "a header under include/: prepare runs"         0 '^prepare$' bash -c '. "$1"; printf "arch/x86/kvm/x86.c\ninclude/linux/kvm_host.h\n" | module_source_only arch/x86/kvm && echo skip || echo prepare' _ "$LIB"
expect "arch/x86/include/asm: prepare runs"            0 '^prepare$' bash -c '. "$1"; printf "arch/x86/include/asm/kvm_host.h\n" | module_source_only arch/x86/kvm && echo skip || echo prepare' _ "$LIB"
expect "a Kconfig in the KVM dir: prepare runs"        0 '^prepare$' bash -c '. "$1"; printf "arch/x86/kvm/Kconfig\n" | module_source_only arch/x86/kvm && echo skip || echo prepare' _ "$LIB"
expect "no kernel file at all: prepare runs"           0 '^prepare$' bash -c '. "$1"; printf "" | module_source_only arch/x86/kvm && echo skip || echo prepare' _ "$LIB"

# A three-patch series; the record vouches for what it was written with, and for nothing after a change.
R=$tmp/prefix-record
mkdir -p "$R/top/patches/a"
printf 'a/one.patch\n# a comment\na/two.patch\na/three.patch\n' >"$R/top/series"
for p in one two three; do echo "diff of $p" >"$R/top/patches/a/$p.patch"; done
pk() { bash -c '. "$1"; prefix_keys "$2" "$3"' _ "$LIB" "$@"; }
pk k0 "$R/top" >"$R/keys"
printf 'input base sha256:b1 base\ninput compiler gcc-12 12.2.0\n' >"$R/inputs"
{ cat "$R/inputs"; echo '# prefix key built-on patch'; awk '{ print $1, $2, "2026-12-02", $3 }' "$R/keys"; } >"$R/record"
match() { bash -c '. "$1"; prefix_record_match "$2" "$3" "$4"' _ "$LIB" "$@"; }
expect "one key per patch, comments skipped"           0 '^3 [0-9a-f]{64} a/three.patch$' pk k0 "$R/top"
expect "an unchanged series is vouched for whole"      0 '^3$' match "$R/record" "$R/inputs" "$R/keys"
echo "a changed line" >>"$R/top/patches/a/two.patch"
pk k0 "$R/top" >"$R/keys-two-changed"
expect "a change to patch 2 keeps prefix 1 only"       0 '^1$' match "$R/record" "$R/inputs" "$R/keys-two-changed"
expect "the key of prefix 1 is unchanged"              0 '^same$' bash -c '[ "$(head -n 1 "$1")" = "$(head -n 1 "$2")" ] && echo same' _ "$R/keys" "$R/keys-two-changed"
pk k1 "$R/top" >"$R/keys-other-inputs"
expect "other inputs: the key of prefix 1 changes"     0 '^differ$' bash -c '[ "$(head -n 1 "$1")" != "$(head -n 1 "$2")" ] && echo differ' _ "$R/keys-two-changed" "$R/keys-other-inputs"
printf 'input base sha256:b1 base\ninput compiler gcc-12 12.3.0\n' >"$R/inputs-new-cc"
expect "another compiler: nothing vouched for"         0 '^0$' match "$R/record" "$R/inputs-new-cc" "$R/keys"
expect "another compiler: the input is named"          0 'input now: compiler gcc-12 12.3.0' match "$R/record" "$R/inputs-new-cc" "$R/keys"
expect "no record: nothing vouched for"                0 '^0$' match "$R/missing" "$R/inputs" "$R/keys"

# Which series a base has (base_series: BASE_SERIES of its bases/ file, `series` by
# default), and prefix_keys reading that one: a second base can carry its own series.
bs() { bash -c '. "$1"; [ "$2" = unset ] || BASE_SERIES=$2; BASE_NAME=debian-x BASE_DEB_ARCH=amd64; base_series "$3"' _ "$LIB" "$@"; }
expect "no BASE_SERIES: the base's series is series"   0 "^$R/top/series\$" bs unset "$R/top"
printf 'a/one.patch\n' >"$R/top/series-x"
expect "BASE_SERIES names another series file"         0 "^$R/top/series-x\$" bs series-x "$R/top"
expect "an empty BASE_SERIES (a reference) is refused" 1 'debian-x \(amd64\) has no kvmlm series' bs '' "$R/top"
expect "a series file that is missing is named"        1 'the series of debian-x, series-y, is not in' bs series-y "$R/top"
expect "prefix_keys reads the base's own series"       0 '^1 [0-9a-f]{64} a/one.patch$' bash -c '. "$1"; BASE_SERIES=series-x; prefix_keys k0 "$2" | paste -sd" "' _ "$LIB" "$R/top"
# make's targets that need the series refuse an upstream reference base by name
# (make -n: nothing runs, the recipe's $(NEED_SERIES) is expanded all the same).
for t in summary apply quilt-tree; do
	expect "make $t refuses a reference base"            2 'debian-6.1-amd64 has no kvmlm series' \
		make -n -s -C "$here/../.." BASE=debian-6.1-amd64 BASE_SERIES= "$t"
done

tap_done build-each-prefix
