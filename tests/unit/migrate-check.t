#!/bin/bash
# migrate-check.t TOOLSDIR: migrate-check: the page check of the live-migration lanes.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# Saved guest ranges (first byte of each 4K page, as the test guests write them):
# one moment of the guest's sweep passes, anything else is a lost dirty page.
M=$tools/migrate-check
python3 - "$tmp" <<'EOF'
import sys
def dump(name, vals):
    with open(sys.argv[1] + '/' + name, 'wb') as f:
        for v in vals:
            f.write(bytes([v % 256]) + bytes(4095))
dump('same', [5] * 100)
dump('edge', [6] * 40 + [5] * 60)
dump('wrap', [0] * 40 + [255] * 60)
dump('stale', [6] * 40 + [5] * 30 + [4] + [5] * 29)
dump('ahead', [6] * 10 + [5] + [6] * 89)
dump('two-edges', [7] * 10 + [6] * 10 + [5] * 80)
dump('zero', [0] * 100)
EOF
expect "every page equal passes"               0 'PASS 100 pages, 0 stale'      $M check-dump "$tmp/same"
expect "one step down (where the guest was) passes" 0 'PASS 100 pages, 0 stale .* 1 edge' $M check-dump "$tmp/edge"
expect "the byte wrapping 255 -> 0 passes"     0 'PASS 100 pages, 0 stale'      $M check-dump "$tmp/wrap"
expect "a page one sweep behind fails, named"  1 'FAIL 100 pages, 1 stale \(first at page 70\)' $M check-dump "$tmp/stale"
expect "a page behind before the edge fails"   1 'FAIL 100 pages, [0-9]+ stale \(first at page 11\)' $M check-dump "$tmp/ahead"
expect "two edges fail"                        1 'FAIL 100 pages, [0-9]+ stale \(first at page 20\)' $M check-dump "$tmp/two-edges"
expect "a range never written fails"           1 'FAIL 100 pages, 0 stale'      $M check-dump "$tmp/zero"
expect "a missing dump is an error"            2 'No such file'                 $M check-dump "$tmp/none"

tap_done migrate-check
