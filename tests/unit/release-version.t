#!/bin/bash
# release-version.t TOOLSDIR: scripts/release-version: VERSION and the kernel releases made of it agree.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# scripts/release-version: VERSION and the kernel releases made of it agree; a copy of
# the files it reads, edited, must fail naming the place.
RV=$here/../../scripts/release-version
expect "the repository's versions agree" 0 'agree everywhere' $RV check
expect "krel: <abi>-kvmlm<version>-<flavour>" 0 '^6\.1\.0-57-kvmlm2\.3\.4-amd64$' $RV krel "$here/../../bases/debian-6.1-amd64" 2.3.4
expect "krel: a version not N.N.N is refused" 1 "version '1.0' is not N.N.N" $RV krel "$here/../../bases/debian-6.1-amd64" 1.0
rvt=$tmp/release-version
mkdir -p "$rvt/scripts"
cp -r "$here/../../bases" "$here/../../spec" "$here/../../VERSION" "$rvt/"
cp "$RV" "$here/../../scripts/lib.sh" "$rvt/scripts/"
expect "copy: agrees" 0 'agree everywhere' "$rvt/scripts/release-version" check
echo 9.9.9 >"$rvt/VERSION"
expect "VERSION bumped alone: the bases' and the spec's kernel releases are named" 1 \
	'bases/debian-6.1-amd64:[0-9]+: BASE_KVMLM_KERNELRELEASE=.*VERSION 9\.9\.9 makes it 6\.1\.0-57-kvmlm9\.9\.9-amd64' "$rvt/scripts/release-version" check
expect "VERSION bumped alone: the specs' Version: is named" 1 'spec/kvmlm-repro.spec: Version: .*, VERSION says 9\.9\.9' "$rvt/scripts/release-version" check
echo "$(cat "$here/../../VERSION")" >"$rvt/VERSION"
# A base with a whole kernel the spec does not build (as 6.12 was before it had an RPM).
sed -i '/^%global kvmlm_base debian-6\.12-arm64$/d' "$rvt/spec/kernel-kvmlm.spec"
expect "copy: a base without an RPM is named" 0 'no kernel-kvmlm.spec entry \(no whole-kernel RPM\) for: debian-6\.12-arm64$' "$rvt/scripts/release-version" check
expect "set: rewrites every place" 0 'kernel releases 6\.1\.0-57-kvmlm9\.9\.9-amd64 6\.1\.0-57-kvmlm9\.9\.9-arm64 6\.12\.118\+deb12-kvmlm9\.9\.9-amd64 6\.12\.118\+deb12-kvmlm9\.9\.9-arm64 agree' "$rvt/scripts/release-version" set 9.9.9
expect "set: a base without an RPM: its base file follows" 0 '^BASE_KVMLM_KERNELRELEASE=6\.12\.118\+deb12-kvmlm9\.9\.9-arm64$' grep '^BASE_KVMLM_KERNELRELEASE=' "$rvt/bases/debian-6.12-arm64"
expect "set: the spec's %global krel follows" 0 '^%global krel 6\.1\.0-57-kvmlm9\.9\.9-arm64$' grep -x '%global krel 6.1.0-57-kvmlm9.9.9-arm64' "$rvt/spec/kernel-kvmlm.spec"
expect "set: the spec's 6.12 line follows" 0 '^%global krel 6\.12\.118\+deb12-kvmlm9\.9\.9-amd64$' grep -x '%global krel 6.12.118+deb12-kvmlm9.9.9-amd64' "$rvt/spec/kernel-kvmlm.spec"

tap_done release-version
