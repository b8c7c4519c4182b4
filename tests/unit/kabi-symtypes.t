#!/bin/bash
# kabi-symtypes.t TOOLSDIR: kabi-symtypes: consolidating genksyms records and splitting them into .symref files.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
T=$tools/kabi-symtypes
mkdir -p "$tmp/st/mmu" "$tmp/split"
printf 's#kvm_foo struct kvm_foo { int a ; } \nkvm_get int kvm_get ( s#kvm_foo * ) \n' >"$tmp/st/x86.symtypes"
printf 's#kvm_foo struct kvm_foo { UNKNOWN } \nkvm_mmu int kvm_mmu ( s#kvm_foo * ) \n' >"$tmp/st/mmu/mmu.symtypes"
expect "consolidate keeps both variants of a type" 0 '^s#kvm_foo@1 struct kvm_foo \{ int a ; \}$' $T consolidate "$tmp/st"
$T consolidate "$tmp/st" >"$tmp/cons" 2>/dev/null
expect "each object lists the variant it saw"    0 '^F#x86.o s#kvm_foo@1 kvm_get$' cat "$tmp/cons"
expect "split writes one .symref per object"     0 'wrote 2 .symref files' $T split "$tmp/cons" "$tmp/split"
expect "a .symref holds the object's own records" 0 '^s#kvm_foo struct kvm_foo \{ UNKNOWN \}$' cat "$tmp/split/mmu/mmu.symref"
expect "no .symtypes is a clear error"           2 'no .symtypes files under .*KBUILD_SYMTYPES=1' $T consolidate "$tmp/split"
printf 'F#x.o s#missing\n' >"$tmp/bad.cons"
expect "a dangling F# reference is named"        2 'x.o lists s#missing@0, which has no record line' $T split "$tmp/bad.cons" "$tmp/split"

tap_done kabi-symtypes
