#!/bin/bash
# check-target-table.t TOOLSDIR: scripts/check-target-table: the Makefile's `## [group]` targets against the manual's table.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# scripts/check-target-table: the Makefile's `## [group]` targets and the manual's table.
T=$here/../../scripts/check-target-table
mkdir -p "$tmp/tt"
printf 'all: build  ## [build] everything\nbuild:  ## [build] compile\nhidden:\n' >"$tmp/tt/Makefile"
printf '### Make targets\n\n| target | does |\n|---|---|\n| `all` | everything |\n| `make build` / `hidden` | compile |\n\n## Next\n| `gone` | not in the table |\n' >"$tmp/tt/ok.md"
printf '### Make targets\n\n| target | does |\n|---|---|\n| `all` | everything |\n| `gone V=1` | was removed |\n' >"$tmp/tt/bad.md"
expect "the target table agrees with make help"  0 '2 targets of make help, 3 named in the table: they agree' $T "$tmp/tt/Makefile" "$tmp/tt/ok.md"
expect "a help target without a row is named"    1 '`make build` \(in make help\) has no row' $T "$tmp/tt/Makefile" "$tmp/tt/bad.md"
expect "a row naming no rule is named"           1 'table names `gone`, which is no rule' $T "$tmp/tt/Makefile" "$tmp/tt/bad.md"

tap_done check-target-table
