# unit-lib.sh: the setup every tests/unit/*.t shares (sourced as its first line).
# Gives: $tools (the TOOLSDIR argument: build/tools, where `make tools` puts the C tools),
# $here (tests/unit), $fx (tests/unit/fixtures), a scratch directory $tmp removed on
# exit, and the assertions of tests/lib/tap.sh (expect, check, refuses, tap_done).
# No `set -e`: a case that fails is reported and the next one still runs.
# shellcheck shell=bash
set -uo pipefail
if [ $# -lt 1 ]; then
	echo "usage: $0 TOOLSDIR (the directory of the built C tools: make tools, then build/tools)" >&2
	exit 2
fi
tools=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
fx=$here/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=SCRIPTDIR/../lib/tap.sh
. "$here/../lib/tap.sh"
