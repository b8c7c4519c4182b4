# apt-testroot.sh: the throw-away apt roots of the packaging tests (sourced).
# shellcheck shell=bash
#
# apt_testroot ROOT REPO: an empty dpkg database and apt state in ROOT whose only
# source is the local repository REPO (trusted=yes: the test repositories are not
# signed; signing is a release step), and APT, the apt-get command line that installs
# into ROOT (dpkg --root, chrootless scripts: our maintainer scripts honour
# DPKG_ROOT). The caller registers the stand-ins its packages need in
# ROOT/var/lib/dpkg/status and may append options to APT.
apt_testroot() {
	local root=$1 repo=$2
	mkdir -p "$root"/etc/apt/{apt.conf.d,preferences.d,sources.list.d} "$root"/var/lib/dpkg/{info,updates,triggers} \
		"$root"/var/lib/apt/lists/partial "$root"/var/cache/apt/archives/partial "$root"/var/log/apt
	: >"$root/var/lib/dpkg/available"
	: >"$root/var/lib/dpkg/status"
	echo "deb [trusted=yes] file:$repo ./" >"$root/etc/apt/sources.list"
	APT=(apt-get -q -y -o Dir="$root" -o Dir::State::status="$root/var/lib/dpkg/status"
		-o DPkg::Options::=--root="$root" -o DPkg::Options::=--force-script-chrootless -o DPkg::Options::=--log=/dev/null
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root -o APT::Install-Recommends=false)
}
