#!/bin/bash
# kabi-explain.t TOOLSDIR: kabi-explain: the root-cause report of a kABI change, from fixtures/kabi-explain.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
E=$tools/kabi-explain
X=$fx/kabi-explain
ex() { local c=$1 lay=$2; shift 2; $E --kabi-report "$X/report-$c" --ref-symtypes "$X/ref.symtypes" --new-symtypes "$X/new-${c/#report-/}.symtypes" --ref-layout "$X/ref.layout" --new-layout "$X/$lay" "$@"; }
exs() { local rep=$1 new=$2 lay=$3; shift 3; $E --kabi-report "$X/report-$rep" --ref-symtypes "$X/ref.symtypes" --new-symtypes "$X/new-$new.symtypes" --ref-layout "$X/ref.layout" --new-layout "$X/$lay.layout" "$@"; }
expect "member added at end: exports grouped under the root type" 1 '^\[1\] 2 exports changed because of struct kvm_foo$' exs member-at-end member-at-end new-same
expect "member added at end: the diff shows the new member" 1 '^    \+ long kvmlm_new ;$' exs member-at-end member-at-end new-same
expect "member added at end: the stock importer is named" 1 'stock importer: kvmgt.ko imports 1 of them, it would be refused: kvm_foo_get' exs member-at-end member-at-end new-same
expect "member inserted: diff in place"            1 '^      int a ;$' exs member-inserted member-inserted new-member-inserted
expect "member inserted: moved member with offsets" 1 'moved    gpa \(gpa_t\) offset 8 -> 16' exs member-inserted member-inserted new-member-inserted
expect "member inserted: size before/after"        1 'struct kvm_foo: FAIL, size 32 -> 40 \(\+8\)' exs member-inserted member-inserted new-member-inserted
expect "type became defined: probably harmless"    1 'root: struct kvm_bar became defined \(was a forward declaration\): probably harmless' exs became-defined became-defined new-same
expect "enum constant added"                       1 '^    \+ KVM_MODE_C$' exs enum-constant enum-constant new-same
expect "enum constant added: all three exports"    1 '^\[1\] 3 exports changed because of enum kvm_mode$' exs enum-constant enum-constant new-same
expect "typedef changed"                           1 'root: typedef gpa_t now names a different type' exs typedef-changed typedef-changed new-same
expect "symbol lost"                               1 '^FAIL LOST kvm_other: no longer exported$' exs lost same new-same
expect "export became GPL-only"                    1 '^FAIL GPL-ONLY kvm_other: EXPORT_SYMBOL -> EXPORT_SYMBOL_GPL$' exs gpl-only same new-same
expect "hidden member: CRCs same, layout still FAILs" 1 'moved    mode \(enum kvm_mode\) offset 24 -> 32' exs none same new-member-inserted
expect "member in padding moves nothing: PASS"     0 '^kABI explanation: PASS$' exs none same new-padding-used
expect "nothing changed: PASS"                     0 '^kABI explanation: PASS$' exs none same new-same
printf 's#kvm_foo patches/linux/x86/kvm-foo.patch\n' >"$tmp/attribution"
expect "attribution names the patch"               1 'first changed by: patches/linux/x86/kvm-foo.patch' exs member-at-end member-at-end new-same --attribution "$tmp/attribution"
exs member-inserted member-inserted new-member-inserted --json "$tmp/x.json" >/dev/null
expect "JSON names root, member and offsets"       0 '"member": "gpa", "change": "moved", "offset_before": 8, "offset_after": 16' cat "$tmp/x.json"
expect "JSON parses"                               0 '^ok$' sh -c "python3 -m json.tool '$tmp/x.json' >/dev/null && echo ok"
expect "a file that is not a kabi-check report is refused" 2 'is not a kabi-check report' $E --kabi-report "$X/ref.layout" --ref-symtypes "$X/ref.symtypes" --new-symtypes "$X/ref.symtypes"

tap_done kabi-explain
