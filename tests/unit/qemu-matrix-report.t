#!/bin/bash
# qemu-matrix-report.t TOOLSDIR: tests/vm/qemu-matrix-report: the QEMU matrix against what the stack promises.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# Two guests' logs as tests/vm/guest-init writes them (arm64: stock kernel, kvmlm kernel).
# mrow SIDE ROW RING(PASS|FAIL|-) EAGER(PASS|FAIL|-) STALE: one migrated row.
mrow() {
	local side=$1 row=$2 ring=$3 eager=$4 stale=$5 l=${2//[:,]/-}
	echo "KVMLM-RESULT $row $([ "$stale" = 0 ] && echo PASS || echo FAIL) rc=0 secs=60"
	echo "KVMLM-CHECK $side $row $l:source-starts PASS"
	[ "$ring" = - ] && echo "KVMLM-CHECK $side $row $l:dirty-bitmap-in-use PASS 0 vCPU dirty ring mappings" ||
		echo "KVMLM-CHECK $side $row $l:dirty-ring-in-use $ring 1 mapping(s)"
	[ "$ring" != FAIL ] || echo "KVMLM-QEMU-SAYS $side $row $l:src qemu-system-aarch64: warning: KVM dirty ring not available, using bitmap method"
	[ "$eager" = - ] || echo "KVMLM-CHECK $side $row $l:eager-split-enabled $eager eager-split-size=2M: $([ "$eager" = PASS ] && echo no warning || echo Eager Page Split support not available)"
	echo "KVMLM-CHECK $side $row $l:migration-completes PASS status completed"
	echo "KVMLM-CHECK $side $row $l:no-stale-pages $([ "$stale" = 0 ] && echo PASS || echo FAIL) 24576 pages, $stale stale"
	echo "KVMLM-METRIC $side $row total_ms=16200 downtime_ms=2520 setup_ms=25 dirty_syncs=5 transferred_mib=289 pages_checked=24576 stale_pages=$stale"
}
refused() { echo "KVMLM-RESULT $2 FAIL rc=1 secs=1"; echo "KVMLM-CHECK $1 $2 x:source-starts FAIL QEMU did not start: qemu-system-aarch64: -accel kvm,eager-split-size=2M: Property 'kvm-accel.eager-split-size' not found"; }
chunk() { echo "KVMLM-RESULT $2 $3 rc=0 secs=1"; echo "KVMLM-CHECK $1 $2 x:bad-chunk-size-refused $3 exit 1, QEMU says: Eager Page Split requested chunk size not valid"; }
matrix_logs() {	# DIR DEBIAN_RING_ON_STOCK KVMLM_STALE
	{ mrow stock kvmlm-qemu:bitmap - - 0; mrow stock kvmlm-qemu:ring FAIL - 0; mrow stock kvmlm-qemu:ring,eager-2M FAIL FAIL 0
	  chunk stock kvmlm-qemu:bad-chunk-64K FAIL; mrow stock debian-qemu:bitmap - - 0; mrow stock debian-qemu:ring "$2" - 0
	  refused stock debian-qemu:ring,eager-2M; } >"$1/stock.log"
	{ mrow kvmlm kvmlm-qemu:bitmap - - 0; mrow kvmlm kvmlm-qemu:ring PASS - "$3"; mrow kvmlm kvmlm-qemu:ring,eager-2M PASS PASS 0
	  chunk kvmlm kvmlm-qemu:bad-chunk-64K PASS; mrow kvmlm debian-qemu:bitmap - - 0; mrow kvmlm debian-qemu:ring FAIL - 0
	  refused kvmlm debian-qemu:ring,eager-2M; } >"$1/kvmlm.log"
}
R=$here/../vm/qemu-matrix-report
mkdir -p "$tmp/mx-ok" "$tmp/mx-ring" "$tmp/mx-stale"
matrix_logs "$tmp/mx-ok" FAIL 0
matrix_logs "$tmp/mx-ring" PASS 0
matrix_logs "$tmp/mx-stale" FAIL 3
expect "the promised arm64 matrix passes"       0 'every cell as expected' $R aarch64 "$tmp/mx-ok/r.md" "$tmp/mx-ok/stock.log" "$tmp/mx-ok/kvmlm.log"
expect "a fallback quotes QEMU"                 0 'bitmap \(fallback: QEMU: qemu-system-aarch64: warning: KVM dirty ring not available' cat "$tmp/mx-ok/r.md"
expect "Debian's QEMU refusing eager-split is as promised" 0 'debian-qemu:ring,eager-2M` \| \*\*refused\*\*: QEMU: -accel kvm,eager-split-size=2M: Property' cat "$tmp/mx-ok/r.md"
expect "the ring on the stock arm64 kernel is named" 1 'debian-qemu:ring on the stock side: the dirty ring must not be in use here' $R aarch64 "$tmp/mx-ring/r.md" "$tmp/mx-ring/stock.log" "$tmp/mx-ring/kvmlm.log"
expect "a stale page in a kvmlm cell fails"     1 'kvmlm-qemu:ring on the kvmlm side: the migration must pass with every page checked' $R aarch64 "$tmp/mx-stale/r.md" "$tmp/mx-stale/stock.log" "$tmp/mx-stale/kvmlm.log"
expect "x86: the ring falling back is named"    1 'on the stock side: the dirty ring must be in use here' $R x86_64 "$tmp/mx-ok/r.md" "$tmp/mx-ok/stock.log" "$tmp/mx-ok/kvmlm.log"
expect "logs without matrix rows are an error"  1 'no matrix rows' $R aarch64 "$tmp/r.md" /dev/null /dev/null

tap_done qemu-matrix-report
