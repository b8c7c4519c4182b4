# tap.sh: the one assertion library of kvmlm's unit, stack and packaging tests (sourced).
#
# Every assertion prints one TAP line, numbered in the order it ran:
#     ok 7 - the -dbg copy has its debug info
#     not ok 8 - gdb lists kvm_clear_dirty_log_protect's source
#     #   wanted exit 0, got exit 1:
#     #   | 2287	/usr/src/kvmlm-linux/.../kvm_main.c: No such file or directory.
# and, when it fails, the output that made it fail as "#" lines below it: the log of a
# red run says what was seen, not only what was wanted. Other lines a test prints (its
# "==> [test] step" headings, "    | " excerpts) are not TAP and a TAP reader skips them.
# tap_done prints the plan ("1..N") and a summary line and returns 1 when anything failed.
#
#   check NAME CMD...            CMD exits 0 (its output shown only when it does not)
#   expect NAME RC REGEX CMD...  CMD exits RC and prints a line matching the extended REGEX
#   refuses NAME REGEX CMD...    CMD exits non-zero and prints a line matching REGEX
#   matches NAME REGEX TEXT      TEXT (output the test captured) has a line matching REGEX
#   lacks NAME REGEX TEXT        no line of TEXT matches REGEX
#   file_has NAME FILE REGEX     FILE has a line matching REGEX (its last lines shown if not)
#   ok NAME / not_ok NAME [DETAIL...]   for an assertion the test computed itself
#   tap_done [WHAT]              plan + "WHAT: P passed, F failed"; status 1 if F > 0
#
# CMD runs in the test's own shell, not a subshell: functions, arrays and the variables
# CMD sets work as without the wrapper. Its stdout and stderr go to a temporary file,
# read and removed right after; `set -e` in the test does not stop at a failing CMD.
# The counters are $tap_n (assertions so far) and $fails (failed ones); $tap_output and
# $tap_status hold the last CMD's output and exit status, for a test to show or examine.
# shellcheck shell=bash
tap_n=0 fails=0

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1"
}

# not_ok NAME [DETAIL...]: a failed assertion, each DETAIL line as a "#" diagnostic.
not_ok() {
	local name=$1 line; shift
	tap_n=$((tap_n + 1)) fails=$((fails + 1))
	echo "not ok $tap_n - $name"
	for line in "$@"; do
		# shellcheck disable=SC2001  # every line of a multi-line detail gets the prefix
		sed 's/^/#   /' <<<"$line"
	done
}

# _tap_output OUT: the captured output of a failed CMD, at most 40 lines of it.
_tap_output() {
	local n
	[ -n "$1" ] || { echo "(no output)"; return; }
	n=$(wc -l <<<"$1")
	head -n 40 <<<"$1" | sed 's/^/| /'
	[ "$n" -le 40 ] || echo "| ... ($((n - 40)) more lines)"
}

# _tap_run CMD...: runs CMD in this shell; sets tap_status and tap_output.
_tap_run() {
	local f
	f=$(mktemp "${TMPDIR:-/tmp}/kvmlm-tap.XXXXXX")
	tap_status=0
	"$@" >"$f" 2>&1 || tap_status=$?
	tap_output=$(cat "$f")
	rm -f "$f"
}

check() {
	local name=$1; shift
	_tap_run "$@"
	local rc=$tap_status out=$tap_output
	if [ "$rc" -eq 0 ]; then ok "$name"; else not_ok "$name" "wanted exit 0, got exit $rc: $*" "$(_tap_output "$out")"; fi
}

expect() {
	local name=$1 want=$2 re=$3; shift 3
	_tap_run "$@"
	local rc=$tap_status out=$tap_output
	if [ "$rc" -eq "$want" ] && grep -qE -- "$re" <<<"$out"; then
		ok "$name"
	else
		not_ok "$name" "wanted exit $want and a line /$re/, got exit $rc:" "$(_tap_output "$out")"
	fi
}

refuses() {
	local name=$1 re=$2; shift 2
	_tap_run "$@"
	local rc=$tap_status out=$tap_output
	if [ "$rc" -ne 0 ] && grep -qE -- "$re" <<<"$out"; then
		ok "$name"
	else
		not_ok "$name" "wanted a failure saying /$re/, got exit $rc:" "$(_tap_output "$out")"
	fi
}

matches() {
	if grep -qE -- "$2" <<<"$3"; then ok "$1"; else not_ok "$1" "no line /$2/ in:" "$(_tap_output "$3")"; fi
}

lacks() {
	if grep -qE -- "$2" <<<"$3"; then not_ok "$1" "a line matches /$2/:" "$(_tap_output "$(grep -E -- "$2" <<<"$3")")"; else ok "$1"; fi
}

file_has() {
	if [ ! -f "$2" ]; then
		not_ok "$1" "$2 does not exist"
	elif grep -qE -- "$3" "$2"; then
		ok "$1"
	else
		not_ok "$1" "no line /$3/ in $2; its last lines:" "$(_tap_output "$(tail -n 20 "$2")")"
	fi
}

# ere_literal TEXT: TEXT as an extended regular expression that matches it literally,
# for expect/refuses/matches patterns built from names: Debian's 6.12 packages have a
# "+" in their names (linux-headers-6.12.118+deb12-arm64), which ERE reads as a repeat.
ere_literal() {
	sed 's/[][\\.*^$+?(){}|]/\\&/g' <<<"$1"
}

tap_done() {
	echo "1..$tap_n"
	echo "# ${1:-tests}: $((tap_n - fails)) passed, $fails failed"
	[ "$fails" -eq 0 ]
}
