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

# apt_testroot_standins ROOT ARCH DEB...: register in ROOT's dpkg database, as installed,
# a stand-in for every package the DEBs depend on and none of them is: at the host's
# version when the host has it, else the lowest version the dependency accepts. Prints
# the names for the caller's step line.
apt_testroot_standins() {
	local root=$1 arch=$2 d rel ver own deps=
	shift 2
	own=$(for d in "$@"; do dpkg-deb -f "$d" Package; done)
	while read -r d rel; do
		case " $deps " in *" $d "*) continue ;; esac
		grep -qx "$d" <<<"$own" && continue
		ver=$(dpkg-query -W -f='${Version}' "$d" 2>/dev/null || true)
		[ -n "$ver" ] || ver=$(sed -n 's/^([<>=]* *\([^)]*\))$/\1/p' <<<"$rel")
		[ -n "$ver" ] || ver=1
		deps="$deps $d"
		printf 'Package: %s\nStatus: install ok installed\nPriority: optional\nSection: misc\nMaintainer: stand-in registered by kvmlm tests\nArchitecture: %s\nVersion: %s\nDescription: stand-in for %s\n\n' \
			"$d" "$arch" "$ver" "$d" >>"$root/var/lib/dpkg/status"
		: >"$root/var/lib/dpkg/info/$d.list"
	done < <(for d in "$@"; do dpkg-deb -f "$d" Depends; done | tr ',|' '\n\n' |
		sed -e 's/:any//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | grep -v '^$' | sort -u)
	echo $deps
}
