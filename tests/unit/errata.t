#!/bin/bash
# errata.t TOOLSDIR: scripts/errata: the advisory records; a bad one is refused naming the file and the field.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# scripts/errata: the advisory records; a bad one is refused naming the file and the field.
E=$here/../../scripts/errata
expect "the repository's advisories are well-formed" 0 'advisories in .*errata, all well-formed' $E check "$here/../../errata"
# adv DIR FILE FIELD=VALUE...: a good security record in DIR/FILE with fields replaced.
adv() {
	local d=$1 f=$2; shift 2
	mkdir -p "$d"
	{
		printf 'Advisory: KVMLM-SA-2026:0100\nType: security\nSeverity: Low\nIssued: 2026-12-01\nRelease: 0.1.0\n'
		printf 'Title: t\nCVE: CVE-2026-1234\nPackages: kvmlm-repro\nDescription:\n A test.\n'
	} >"$d/$f"
	for kv in "$@"; do
		if grep -q "^${kv%%=*}:" "$d/$f"; then sed -i "s|^${kv%%=*}:.*|${kv%%=*}: ${kv#*=}|" "$d/$f"; else echo "${kv%%=*}: ${kv#*=}" >>"$d/$f"; fi
	done
}
adv "$tmp/er-ok" KVMLM-SA-2026-0100
expect "a good record passes"                  0 '1 advisories' $E check "$tmp/er-ok"
expect "its changelog line names id, severity and CVE" 0 '^  \* Security \(KVMLM-SA-2026:0100, Low\): t \(CVE-2026-1234\)\.$' $E changelog "$tmp/er-ok" 0.1.0
expect "a security release is urgency=high"     0 '^high$' $E urgency "$tmp/er-ok" 0.1.0
expect "... only for the packages it names"     0 '^medium$' $E urgency "$tmp/er-ok" 0.1.0 kvmlm-modules-6.1.0-57-amd64
adv "$tmp/er-type" KVMLM-SA-2026-0100 Type=bugfix
expect "an id that says SA on a bugfix"         1 'KVMLM-SA-2026-0100: Advisory KVMLM-SA-2026:0100 says SA but Type is bugfix' $E check "$tmp/er-type"
adv "$tmp/er-cve" KVMLM-SA-2026-0100 CVE=
expect "a security advisory without a CVE"      1 'KVMLM-SA-2026-0100: a security advisory needs at least one CVE' $E check "$tmp/er-cve"
adv "$tmp/er-sev" KVMLM-SA-2026-0100 Severity=High
expect "a severity that is not one of four"     1 "Severity 'High' is not one of Critical, Important, Moderate, Low" $E check "$tmp/er-sev"
adv "$tmp/er-field" KVMLM-SA-2026-0100 Fixed=0.1.0
expect "an unknown field is named"              1 "KVMLM-SA-2026-0100:[0-9]+: unknown field 'Fixed'" $E check "$tmp/er-field"
adv "$tmp/er-name" KVMLM-SA-2026-0101
expect "a file named after another id"          1 'the file of KVMLM-SA-2026:0100 must be named KVMLM-SA-2026-0100' $E check "$tmp/er-name"
adv "$tmp/er-date" KVMLM-SA-2026-0100 Issued=2026-13-01
expect "a date that is no date"                 1 "Issued '2026-13-01' is not a date" $E check "$tmp/er-date"
adv "$tmp/er-na" KVMLM-SA-2026-0100 "Not-Affected=kvmlm-repro: not_here: why"
expect "a VEX justification CSAF does not know"  1 "Not-Affected justification 'not_here' is not one of" $E check "$tmp/er-na"
expect "an advisory that is not there"          1 "no advisory 'KVMLM-SA-2026:9999'" $E csaf "$tmp/er-ok" KVMLM-SA-2026:9999

tap_done errata
