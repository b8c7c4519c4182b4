# rpm-testroot.sh: the stand-in base system of the dnf tests' throw-away roots (sourced).
# shellcheck shell=bash
#
# rpm_testroot_package REPO W ARCH: build kvmlm-testroot into REPO. rpm runs scriptlets
# chrooted into the root, so the root needs a shell and depmod: the package holds the
# host's static busybox as /bin/sh and /sbin/depmod, and Provides every capability
# the RPMs in REPO require and none of them provides (sonames of the host's
# libraries, packages kvmlm does not build: kmod, seabios-bin, ...), each named in
# the step line. What those capabilities stand for comes from this host when the
# tests use it (the VM lanes copy the host's libraries into their guests).
rpm_testroot_package() {
	local repo=$1 w=$2/testroot arch=$3 needs have standins s
	needs=$(for f in "$repo"/*.rpm; do rpm -qp --requires "$f" 2>/dev/null; done | sed 's/ [<>=].*//' | grep -v '^rpmlib(' | sort -u)
	have=$(for f in "$repo"/*.rpm; do rpm -qp --provides "$f" 2>/dev/null; rpm -qlp "$f" 2>/dev/null; done | sed 's/ [<>=].*//' | sort -u)
	standins=$(comm -23 <(echo "$needs") <(echo "$have") | grep -vx '/bin/sh' || true)
	step "stand-in package kvmlm-testroot: busybox as /bin/sh and /sbin/depmod; provides $(echo $standins)"
	readelf -l /bin/busybox 2>/dev/null | grep -q INTERP && die "/bin/busybox is not static (apt-get install busybox-static)"
	mkdir -p "$w"/{SOURCES,BUILD,RPMS,SRPMS,tmp}
	cp /bin/busybox "$w/SOURCES/busybox"
	{
		echo "Name: kvmlm-testroot"
		echo "Version: 1"
		echo "Release: 1"
		echo "Summary: stand-in for a base system in kvmlm's throw-away install roots"
		echo "License: GPL-2.0-only"
		echo "Source0: busybox"
		while read -r s; do [ -z "$s" ] || echo "Provides: $s"; done <<<"$standins"
		echo "%description"
		echo "The host's static busybox as /bin/sh and /sbin/depmod."
		echo "%install"
		echo "install -D -m 0755 %{SOURCE0} %{buildroot}/bin/busybox"
		echo "mkdir -p %{buildroot}/sbin"
		echo "ln -s busybox %{buildroot}/bin/sh"
		echo "ln -s ../bin/busybox %{buildroot}/sbin/depmod"
		echo "%files"
		echo "/bin/busybox"
		echo "/bin/sh"
		echo "/sbin/depmod"
	} >"$w/kvmlm-testroot.spec"
	# The root's architecture comes from --target (BuildArch would refuse a foreign one,
	# aarch64 on this x86_64 host, as the cross builds know); the package holds this
	# host's busybox, which runs the scriptlets (rpm chroots into the root, natively).
	rpmbuild -bb --nodeps --target "$arch" --define "_topdir $w" --define "_tmppath $w/tmp" --define "debug_package %{nil}" \
		--define "__os_install_post %{nil}" "$w/kvmlm-testroot.spec" >"$w/build.log" 2>&1 ||
		{ cat "$w/build.log" >&2; die "building the stand-in package failed"; }
	cp "$w"/RPMS/*/kvmlm-testroot-1-1.*.rpm "$repo/"
}
