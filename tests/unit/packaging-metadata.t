#!/bin/bash
# packaging-metadata.t TOOLSDIR: the RPM specs against VERSION and bases/.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# The specs carry a static Version and %changelog (an SRPM must rebuild without our
# scripts); package-rpm refuses a mismatch, this catches it earlier. The kernel spec
# also names the base's kernel release, which must be the bases/ file's.
VER=$(cat "$here/../../VERSION")
for SPEC in "$here"/../../spec/kernel-kvmlm.spec "$here"/../../spec/kvmlm-repro.spec; do
	n=$(basename "$SPEC")
	expect "$n: Version: is the VERSION file's"      0 "^Version: +$VER\$" grep -E '^Version:' "$SPEC"
	expect "$n: %changelog starts with that version" 0 "^\* .* - $VER-[0-9]+\$" sh -c "sed -n '/^%changelog/,\$p' '$SPEC' | grep -m1 '^\*'"
done
# qemu-kvm.spec is versioned as QEMU (bases/qemu-*'s upstream release, the Debian and
# kvmlm revisions in Release); its Source2 is this repository at VERSION.
QSPEC=$here/../../spec/qemu-kvm.spec
QUP=$(sed -n 's/^QEMU_UPSTREAM_VERSION=//p' "$here"/../../bases/qemu-debian-7.2)
QREV=$(sed -n 's/^QEMU_KVMLM_REVISION=//p' "$here"/../../bases/qemu-debian-7.2)
QDEB=$(sed -n 's/^QEMU_VERSION=[0-9]*://p' "$here"/../../bases/qemu-debian-7.2)
expect "qemu-kvm.spec: Version: is bases/qemu-debian-7.2's upstream release" 0 "^Version: +$QUP\$" grep -E '^Version:' "$QSPEC"
expect "qemu-kvm.spec: debian_version is that upload's"  0 "^%global debian_version ${QDEB//+/.}\$" grep -E '^%global debian_version' "$QSPEC"
expect "qemu-kvm.spec: kvmlm_revision is QEMU_KVMLM_REVISION" 0 "^%global kvmlm_revision $QREV\$" grep -E '^%global kvmlm_revision' "$QSPEC"
expect "qemu-kvm.spec: kvmlm_version is the VERSION file's" 0 "^%global kvmlm_version $VER\$" grep -E '^%global kvmlm_version' "$QSPEC"
QREL=${QDEB##*-}; QREL=${QREL//+/.}.kvmlm$QREV
expect "qemu-kvm.spec: %changelog starts with $QUP-$QREL" 0 "^\* .* - $QUP-$QREL\$" \
	sh -c "sed -n '/^%changelog/,\$p' '$QSPEC' | grep -m1 '^\*'"
# The spec serves every base: read for each base's architecture and line (rpmspec -P
# --target, with the base's line written in, as package-rpm and rpmbuild read it), it
# builds that base, its release, from its config, under the line's name.
KSPEC=$here/../../spec/kernel-kvmlm.spec
# The kernel bases the spec builds ("%global kvmlm_base <name>"; a base with a whole
# kvmlm kernel but no RPM yet is named by release-version check): each must have a kernel.
for KBASE in $(sed -n 's/^%global kvmlm_base //p' "$KSPEC"); do
	KBASEFILE=$here/../../bases/$KBASE
	expect "kernel-kvmlm.spec builds bases/$KBASE: it has a whole kvmlm kernel" 0 "^BASE_KVMLM_KERNELRELEASE=." grep '^BASE_KVMLM_KERNELRELEASE=' "$KBASEFILE"
	KARCH=$(sed -n 's/^BASE_ARCH=//p' "$KBASEFILE")
	KREL=$(sed -n 's/^BASE_KVMLM_KERNELRELEASE=//p' "$KBASEFILE")
	SKREL=$(sed -n 's/^BASE_KERNELRELEASE=//p' "$KBASEFILE")
	# The line: none for the first (kernel-kvmlm), BASE_KVMLM_META's for a further one.
	KLINE=$(sed -n 's/^BASE_KVMLM_META=//p' "$KBASEFILE") KLINE=${KLINE%-*}
	if [ -n "$KLINE" ]; then
		sed "s/^%global kvmlm_line .*/%global kvmlm_line $KLINE/" "$KSPEC" >"$tmp/kspec.in"
	else
		cp "$KSPEC" "$tmp/kspec.in"
	fi
	rpmspec -P --target "$KARCH" "$tmp/kspec.in" >"$tmp/kspec.$KBASE" 2>/dev/null
	# The releases as patterns: 6.12's hold a "+".
	expect "kernel-kvmlm.spec for $KBASE: builds it"         0 "bases/$KBASE " cat "$tmp/kspec.$KBASE"
	expect "kernel-kvmlm.spec for $KBASE: named kernel-kvmlm${KLINE:+-$KLINE}" 0 "^Name: +kernel-kvmlm${KLINE:+-$KLINE}\$" grep -E '^Name:' "$tmp/kspec.$KBASE"
	expect "kernel-kvmlm.spec for $KBASE: ships $KREL"        0 "^/lib/modules/${KREL//+/\\+}/vmlinuz\$" cat "$tmp/kspec.$KBASE"
	expect "kernel-kvmlm.spec for $KBASE: Source2 is its config" 0 "^Source2: +config-${SKREL//+/\\+}\$" grep -E '^Source2:' "$tmp/kspec.$KBASE"
done

tap_done packaging-metadata
