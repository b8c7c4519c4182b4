#!/bin/bash
# check-disk-space.t TOOLSDIR: scripts/check-disk-space, make check's first step. A
# build directory that does not exist yet is refused when its file system has less
# space than asked, before anything is written, with both figures named; one that
# exists only warns (it already holds part of the space); a malformed size is refused.
# The file system is the scratch directory's: asking for 0 GiB always fits, asking for
# more than any disk holds (1 EiB = 1073741824 GiB) never does.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
cds=$here/../../scripts/check-disk-space

expect  "a clean clone's build/ fits in 0 GiB"      0 'a run: [0-9]+ GiB available on .*, ~0 GiB needed' \
	"$cds" "$tmp/clone/build" 0 "a run"
refuses "1 EiB does not fit: both figures named"    'a run needs ~1073741824 GiB free for .*/clone/build, and .* has [0-9]+ GiB available: free space first \(nothing has been written\)' \
	"$cds" "$tmp/clone/build" 1073741824 "a run"
check   "nothing was written by the refusal"        test ! -e "$tmp/clone"
mkdir -p "$tmp/clone/build/debian-6.1-amd64"
expect  "an existing build/ that is short: warned"  0 'WARNING: .*a run: [0-9]+ GiB available on .*; a run from a clean clone needs ~1073741824 GiB' \
	"$cds" "$tmp/clone/build" 1073741824 "a run"
refuses "a size that is not whole GiB"              "GIB must be a whole number of GiB, got '40G'" \
	"$cds" "$tmp/clone/build" 40G "a run"
refuses "a missing argument"                        'usage: check-disk-space DIR GIB WHAT' \
	"$cds" "$tmp/clone/build" 40
tap_done check-disk-space
