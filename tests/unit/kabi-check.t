#!/bin/bash
# kabi-check.t TOOLSDIR: kabi-check: a module build's exports against the kABI reference, severities, stock importers.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
K=$fx/kabi
C=$tools/kabi-check
expect "identical exports pass"                0 '^kABI: PASS'                               $C --reference "$K/ref.symvers" --new "$K/new-same.symvers"
expect "exports of modules not rebuilt are out of scope" 0 'summary: 3 reference exports'  $C --reference "$K/ref.symvers" --new "$K/new-same.symvers"
expect "CRC change fails, names symbol and CRCs" 1 'FAIL +CRC +kvm_foo +arch/x86/kvm/kvm +CRC 0x11111111 -> 0x99999999' $C --reference "$K/ref.symvers" --new "$K/new-crc-kvm_foo.symvers"
expect "lost export fails"                     1 'FAIL +LOST +kvm_bar'                       $C --reference "$K/ref.symvers" --new "$K/new-lost-kvm_bar.symvers"
expect "EXPORT_SYMBOL -> _GPL fails"           1 'FAIL +GPL-ONLY +kvm_bar .*EXPORT_SYMBOL -> EXPORT_SYMBOL_GPL' $C --reference "$K/ref.symvers" --new "$K/new-gplonly-kvm_bar.symvers"
expect "added export is information"           0 'INFO +ADDED +kvm_new_export'               $C --reference "$K/ref.symvers" --new "$K/new-added.symvers"
expect "waived internal CRC passes with reason" 0 'severities-waive-internal:2: kvm_internal_helper PASS # used only by' $C --reference "$K/ref.symvers" --new "$K/new-crc-internal.symvers" --severities "$K/severities-waive-internal"
expect "module-path rule FAILs the rest"       1 'severities-waive-internal:3: arch/x86/kvm/\* FAIL' $C --reference "$K/ref.symvers" --new "$K/new-crc-kvm_foo.symvers" --severities "$K/severities-waive-internal"
expect "PASS without reason is rejected"       2 'PASS rule "kvm_foo" has no reason'         $C --reference "$K/ref.symvers" --new "$K/new-same.symvers" --severities "$K/severities-pass-without-reason"

# A stock module tree: an importer of kvm_foo, the shipped kvm.ko itself (skipped), a non-ELF .ko.
mkdir -p "$tmp/stock/kernel/drivers/gpu" "$tmp/stock/kernel/arch/x86/kvm"
cc -c -o "$tmp/stock/kernel/drivers/gpu/kvmgt.ko" "$K/stock-importer.c" || not_ok "stock-importer.c compiles"
cp "$tmp/stock/kernel/drivers/gpu/kvmgt.ko" "$tmp/stock/kernel/arch/x86/kvm/kvm-amd.ko"
ST=(--stock-modules "$tmp/stock" --shipped 'kvm,kvm-amd,kvm-intel')
expect "stock importer with unchanged CRC loads" 0 '1 stock modules read, 0 imports would be refused' $C --reference "$K/ref.symvers" --new "$K/new-same.symvers" "${ST[@]}"
expect "stock importer of a changed CRC is named" 1 'FAIL +STOCK +kvm_foo .*stock module kernel/drivers/gpu/kvmgt.ko imports it with CRC 0x11111111, the rebuilt arch/x86/kvm/kvm exports 0x99999999' $C --reference "$K/ref.symvers" --new "$K/new-crc-kvm_foo.symvers" "${ST[@]}"
expect "a waiver cannot hide a stock importer" 1 'FAIL +STOCK +kvm_foo' $C --reference "$K/ref.symvers" --new "$K/new-crc-kvm_foo.symvers" --severities "$K/severities-waive-all-kvm" "${ST[@]}"
expect "shipped modules are not checked as stock" 1 ', 1 imports would be refused' $C --reference "$K/ref.symvers" --new "$K/new-crc-kvm_foo.symvers" "${ST[@]}"
expect "stock importer of a lost symbol is named" 1 'kvmgt.ko imports it, the rebuilt arch/x86/kvm/kvm no longer exports it' $C --reference "$K/ref.symvers" --new <(grep -v kvm_foo "$K/new-same.symvers") "${ST[@]}"
# A compressed stock module (Debian's 6.12: .ko.xz) is not read as ELF: refused, named.
mkdir -p "$tmp/stock-xz/kernel/drivers/gpu"
cp "$tmp/stock/kernel/drivers/gpu/kvmgt.ko" "$tmp/stock-xz/kernel/drivers/gpu/"
xz -k "$tmp/stock-xz/kernel/drivers/gpu/kvmgt.ko" && mv "$tmp/stock-xz/kernel/drivers/gpu/kvmgt.ko.xz" "$tmp/stock-xz/kernel/drivers/gpu/other.ko.xz"
expect "a compressed stock module is refused, named" 2 '1 stock modules under .* are compressed \(first: .*/other.ko.xz\)' $C --reference "$K/ref.symvers" --new "$K/new-same.symvers" --stock-modules "$tmp/stock-xz" --shipped kvm
expect "missing input is a usage error"        2 'cannot open /nonexistent'                  $C --reference /nonexistent --new "$K/new-same.symvers"

tap_done kabi-check
