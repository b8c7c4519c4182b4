# Checks of an installed kvmlm-repro, shared by test-repro-deb-install and
# test-repro-rpm-install: the same assertions whichever package put it there.
# Sourced, not run, after tests/lib/tap.sh. The caller sets W (a scratch directory).
# shellcheck shell=bash

REPRO_SCENARIOS="dirty-log-latency dirty-log-cost dirty-log-start hugepage-restore fault-scaling dirty-log-verify bad-input"

# run_repro NAME BINARY ARGS...: run it, output (stdout and stderr) in $W/NAME.out,
# exit status in $W/NAME.rc. Never fails itself: the checks judge the result.
run_repro() {
	local name=$1 rc=0; shift
	"$@" >"$W/$name.out" 2>&1 || rc=$?
	echo "$rc" >"$W/$name.rc"
}
rc_is() { [ "$(cat "$W/$1.rc")" = "$2" ]; }

# check_installed_repro ROOT: /usr/bin/kvmlm-repro and its man page in ROOT work.
check_installed_repro() {
	local R=$1 x=$1/usr/bin/kvmlm-repro s page
	check "/usr/bin/kvmlm-repro exists and is executable" test -f "$x" -a -x "$x"
	check "it is static (no program interpreter: runs without the root's libraries)" \
		sh -c "readelf -l '$x' | grep -q 'Executable file' && ! readelf -l '$x' | grep -q 'program interpreter'"

	run_repro help "$x" --help
	check "kvmlm-repro --help exits 0" rc_is help 0
	for s in $REPRO_SCENARIOS; do
		check "--help lists scenario $s" grep -q "^  $s " "$W/help.out"
	done

	run_repro badflag "$x" dirty-log-cost --max-pages 0
	check "a bad flag (dirty-log-cost --max-pages 0) exits 2" rc_is badflag 2
	check "... with an error that names the flag and what it wants" \
		grep -q -- '^kvmlm-repro: --max-pages wants 1 to 4194304, got "0"' "$W/badflag.out"

	run_repro badinput "$x" bad-input
	if [ ! -e /dev/kvm ]; then
		check "bad-input on a host without /dev/kvm exits 3" rc_is badinput 3
		check "... naming /dev/kvm as the reason" grep -q '/dev/kvm: No such file or directory' "$W/badinput.out"
		check "... and prints verdict UNSUPPORTED" grep -q '^verdict: bad-input UNSUPPORTED' "$W/badinput.out"
		run_repro unsupported "$x" dirty-log-cost --quiet --json "$W/unsupported.json"
		check "a guest scenario (dirty-log-cost) without /dev/kvm exits 3" rc_is unsupported 3
		check "... and prints verdict UNSUPPORTED" grep -q '^verdict: dirty-log-cost UNSUPPORTED' "$W/unsupported.out"
		check "... also in its JSON report" grep -q '"verdict": "UNSUPPORTED"' "$W/unsupported.json"
	else
		# A host with /dev/kvm: bad-input runs (0), or this KVM cannot (3). Either is fine here.
		check "bad-input on this host (it has /dev/kvm) exits 0 or 3" sh -c "grep -qx '[03]' '$W/badinput.rc'"
		echo "    note bad-input exited $(cat "$W/badinput.rc") on this host (/dev/kvm exists): $(grep -m1 -E '^verdict:|/dev/kvm' "$W/badinput.out" || true)"
	fi

	page=$(ls "$R"/usr/share/man/man1/kvmlm-repro.1* 2>/dev/null | head -n1 || true)
	check "man page installed in /usr/share/man/man1/ (${page##*/})" test -n "$page"
	if [ -n "$page" ]; then
		LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$page" >"$W/man.out" 2>"$W/man.err" || true
		check "man -l renders it without warnings" test ! -s "$W/man.err"
		check "... starting with NAME: kvmlm-repro - reproduce ..." grep -qE '^ +kvmlm-repro +- +reproduce' "$W/man.out"
		[ ! -s "$W/man.err" ] || sed 's/^/    | /' "$W/man.err"
	fi
}

# check_all_gone ROOT FILELIST: none of the files listed (one path per line, relative
# to ROOT, directories left out) is still in ROOT.
check_all_gone() {
	local R=$1 list=$2 f left=
	while read -r f; do
		[ -e "$R/$f" ] && left="$left $f"
	done <"$list"
	check "every file of the package is gone from the root$left" test -z "$left"
}
