# check.sh: the one assertion helper of the packaging tests (sourced).
#   check "what" CMD...  runs CMD quietly, prints "ok   what" or "FAIL what",
#                        and counts failures in $fails for the test's verdict.
# shellcheck shell=bash
fails=0
check() {
	local what=$1; shift
	if "$@" >/dev/null 2>&1; then echo "    ok   $what"; else echo "    FAIL $what"; fails=$((fails + 1)); fi
}
