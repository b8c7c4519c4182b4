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

# The whole tool on this host, with QEMU's TCG instead of /dev/kvm (the VM lanes run it
# with KVM inside their guests): a live migration of the x86 test guest that checks
# every page, and the failure path: a destination with less memory refuses the stream,
# and the tool must print QEMU's own words from both sides (the console is all a lane
# keeps of a guest's files).
Q=$(command -v qemu-system-x86_64 || true)
G=$tmp/guest-x86.bin
if [ -z "$Q" ]; then
	echo "# SKIP: migrate-check under TCG: no qemu-system-x86_64 on this host (make deps installs qemu-system-x86)"
elif ! { gcc -m32 -c -o "$tmp/guest.o" "$here/../migration/guest-x86.S" &&
	ld -m elf_i386 -Ttext=0x7c00 --oformat=binary -o "$G" "$tmp/guest.o"; } >"$tmp/as.log" 2>&1; then
	not_ok "the x86 test guest assembles" "$(cat "$tmp/as.log")"
else
	mc() { $M --accel tcg --cpu qemu64 --arch x86_64 --qemu "$Q" --guest "$G" --workdir "$tmp/mig" "$@"; }
	expect "a TCG live migration: every page read back"  0 'every-page-checked PASS 24576 of 24576 pages' mc --label tcg migrate
	matches "... with no stale page"                     'no-stale-pages PASS 0 stale pages' "$tap_output"
	matches "... after several dirty syncs"              'several-dirty-syncs PASS' "$tap_output"
	expect "a destination that refuses: the failure"     1 'migration-completes FAIL status failed' mc --label refused --dst-mem 128 migrate
	matches "... quotes query-migrate's error-desc"      "last query-migrate reply: .*error-desc" "$tap_output"
	matches "... shows the destination's own words"      '^    \[dst\] .*Size mismatch' "$tap_output"
	matches "... and the source's"                       '^    \[src\] .*' "$tap_output"
	expect "a migration to a closed socket fails, the source runs on" 0 'closed-socket-refused PASS QEMU: .+' mc --label closed closed-socket
	matches "... and keeps sweeping"                     'source-keeps-running PASS source is running' "$tap_output"
	matches "... then migrates with every page checked"  'every-page-checked PASS 24576 of 24576 pages' "$tap_output"
	expect "a ring without KVM is refused"               2 'not with --accel tcg' mc --ring 4096 migrate
fi

tap_done migrate-check
