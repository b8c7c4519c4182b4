#!/bin/bash
# kabi-exports.t TOOLSDIR: kabi-exports (scripts/kabi-kernel): the exports of one compiled object, read with libelf.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"

K=$fx/kabi
X=$tools/kabi-exports
cc -c -o "$tmp/exports.o" "$K/exports.c" || not_ok "exports.c compiles"
expect "EXPORT_SYMBOL, its CRC from the .cmd's #SYMVER" 0 $'^virt/kvm/exports.c\t0x11111111\tkvm_plain\tEXPORT_SYMBOL\t$' $X virt/kvm/exports.c "$tmp/exports.o" "$K/exports.o.cmd"
expect "EXPORT_SYMBOL_NS_GPL: type and namespace" 0 $'^virt/kvm/exports.c\t0x22222222\tkvm_gpl_ns\tEXPORT_SYMBOL_GPL\tKVM_TEST_NS$' $X virt/kvm/exports.c "$tmp/exports.o" "$K/exports.o.cmd"
expect "a #SYMVER without a ksymtab section is type ?" 0 $'\tkvm_no_ksymtab\t\\?\t$' $X virt/kvm/exports.c "$tmp/exports.o" "$K/exports.o.cmd"
expect "rows in the .cmd's order" 0 '^kvm_plain kvm_gpl_ns kvm_no_ksymtab $' bash -c '"$1" s "$2" "$3" | cut -f3 | tr "\n" " "' _ "$X" "$tmp/exports.o" "$K/exports.o.cmd"
# From v6.5 (Debian's 6.12) type and namespace are strings in .export_symbol.
cc -c -o "$tmp/exports-v6.5.o" "$K/exports-v6.5.c" || not_ok "exports-v6.5.c compiles"
expect "v6.5+: EXPORT_SYMBOL from an empty licence string" 0 $'^virt/kvm/exports.c\t0x11111111\tkvm_plain\tEXPORT_SYMBOL\t$' $X virt/kvm/exports.c "$tmp/exports-v6.5.o" "$K/exports.o.cmd"
expect "v6.5+: EXPORT_SYMBOL_NS_GPL: licence GPL and the namespace after it" 0 $'^virt/kvm/exports.c\t0x22222222\tkvm_gpl_ns\tEXPORT_SYMBOL_GPL\tKVM_TEST_NS$' $X virt/kvm/exports.c "$tmp/exports-v6.5.o" "$K/exports.o.cmd"
expect "v6.5+: a #SYMVER without __export_symbol_ is type ?" 0 $'\tkvm_no_ksymtab\t\\?\t$' $X virt/kvm/exports.c "$tmp/exports-v6.5.o" "$K/exports.o.cmd"
expect "an object that is not ELF is an error" 2 'kabi-exports: .*exports.c is not an ELF object' $X s "$K/exports.c" "$K/exports.o.cmd"

tap_done kabi-exports
