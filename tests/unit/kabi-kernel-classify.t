#!/bin/bash
# kabi-kernel-classify.t TOOLSDIR: kabi-kernel-classify: is a recompiled source part of Debian's kernel?.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
K=$here/../../scripts/kabi-kernel-classify
C=$fx/kabi-kernel-classify
kc() { "$K" "$C/reference.symvers" "$C/names" "$C/stock.exports" "$C/stock.built" "$C/$1"; }
expect "all exports reproduce the reference: shipped"   0 $'^kernel/shipped.c\tshipped\tvmlinux\t2 exports' kc candidates-good
expect "a module's export with its namespace: shipped"  0 $'^drivers/x/x.c\tshipped\tdrivers/x/x\t' kc candidates-good
expect "other architecture, not compiled: not-shipped"  0 $'^arch/arm64/other.c\tnot-shipped\t-\tdoes not compile' kc candidates-good
expect "compiled, symbols unknown: not-shipped"          0 $'^drivers/off/off.c\tnot-shipped\t-\tcompiles, but' kc candidates-good
expect "a pristine CRC that differs: error"              1 $'^kernel/crc-differs.c\terror\t-\tpristine CRC/type/namespace differs from the reference for: qux' kc candidates-bad
expect "EXPORT_SYMBOL where the reference has _GPL: error" 1 $'^kernel/gpl.c\terror\t.*for: quux' kc candidates-bad
expect "known symbols but no compile: error"             1 $'^kernel/nocompile.c\terror\t-\tthe reference exports 1 of the symbols it names, but it did not compile' kc candidates-bad
expect "half in the reference, half not: error"          1 $'^kernel/partial.c\terror\t-\tsome exports match the reference, others are not in it: foo foo2' kc candidates-bad
expect "an unreadable input is a usage error"            2 'cannot read' "$K" "$C/reference.symvers" "$C/names" "$C/stock.exports" "$C/stock.built" "$C/no-such-file"

tap_done kabi-kernel-classify
