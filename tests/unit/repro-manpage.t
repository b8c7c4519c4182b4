#!/bin/bash
# repro-manpage.t TOOLSDIR: the kvmlm-repro man page against the source of its --help.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# The binary is not built in the unit lane, so what --help prints is read from its
# source: scenario names from the scenarios[] table of main.c and each scenario's
# .name, options from main.c's getopt table, defaults from usage(), exit statuses
# from repro.h with usage()'s words for them.
RS=$here/../../src/kvmlm-repro
MAN=$RS/kvmlm-repro.1

# manpage_vs_source MANPAGE: names every scenario, option, default and exit status
# of --help that MANPAGE lacks (exit 1), or says how many it checked.
manpage_vs_source() {
	local page=$1 src tags help sym name o d n para phrase miss=0 ns=0 no=0 nd=0 ne=0
	# The page with the escapes it uses undone, so that ".SS dirty\-log\-cost" reads as typed.
	src=$(sed -e 's/\\-/-/g' -e 's/\\(en/-/g' -e 's/\\f[BIRP]//g' "$page")
	# para TAG-REGEX: the paragraph of a .TP whose tag line matches, up to the next
	# .TP/.SS/.SH, joined into one line, macros dropped.
	para() { awk -v re="$1" 'prev == ".TP" && $0 ~ re {p = 1; next} p && /^\.(TP|SS|SH)/ {exit} {prev = $0} p' <<<"$src" |
		sed -E 's/^\.[A-Z]+ ?//; s/"//g' | tr '\n' ' '; }
	tags=$(awk 'prev == ".TP" {print} {prev = $0}' <<<"$src")
	for sym in $(sed -n '/scenarios\[\] = {/,/};/p' "$RS/main.c" | grep -o '&scn_[a-z_]*' | tr -d '&'); do
		name=$(sed -n "/struct scenario $sym = {/,/};/s/.*\.name = \"\([^\"]*\)\".*/\1/p" "$RS"/scn_*.c)
		[ -n "$name" ] || { echo "cannot find the .name of $sym in $RS/scn_*.c"; miss=$((miss + 1)); continue; }
		ns=$((ns + 1))
		grep -qx "\.SS $name" <<<"$src" || { echo "scenario $name has no .SS subsection"; miss=$((miss + 1)); }
	done
	for o in $(sed -n '/struct option lo\[\] = {/,/};/p' "$RS/main.c" | grep -o '{ "[a-z-]*"' | cut -d'"' -f2); do
		no=$((no + 1))
		grep -qE -- "^\.(B|BI|BR) (-h \", \" )?--$o( |\$)" <<<"$tags" || { echo "option --$o has no tagged paragraph"; miss=$((miss + 1)); }
	done
	# usage() lines of the form "  --opt ARG   what (...; default D; ...)\n"
	while read -r o; do
		para=$(para "^[.](B|BI|BR) --$o( |\$)")
		while read -r d; do
			nd=$((nd + 1))
			grep -qF -- "$d" <<<"$para" || { echo "option --$o: \"$d\" (as --help says) is not in its paragraph"; miss=$((miss + 1)); }
		done < <(grep -E "^[[:space:]]*\"  --$o " "$RS/main.c" | grep -oE 'default [^;)]+')
	done < <(grep -oE '^[[:space:]]*"  --[a-z-]+ ' "$RS/main.c" | grep -oE -- '--[a-z-]+' | cut -c3-)
	help=$(sed -n '/"exit status:/,/the run broke/p' "$RS/main.c" | sed -E 's/^[[:space:]]*"//; s/(\\n)?"[^"]*$//' | tr '\n' ' ')
	for n in $(grep -oE 'REPRO_[A-Z]+ = [0-9]+' "$RS/repro.h" | awk '{print $3}'); do
		ne=$((ne + 1))
		phrase=$(grep -oE "(^|[ ,:])$n [A-Za-z][A-Za-z /-]*" <<<"$help" | head -n1 | sed -E "s/^[ ,:]?$n //; s/ +\$//")
		[ -n "$phrase" ] || { echo "exit status $n: --help does not describe it"; miss=$((miss + 1)); continue; }
		para=$(sed -n '/^\.SH EXIT STATUS/,/^\.SH [^E]/p' <<<"$src" | awk -v n="$n" '$0 == ".B " n {p = 1; next} p && /^\.(TP|SH)/ {exit} p' | tr '\n' ' ')
		grep -qF -- "$phrase" <<<"$para" || { echo "exit status $n: \"$phrase\" (as --help says) is not under EXIT STATUS"; miss=$((miss + 1)); }
	done
	[ "$miss" -eq 0 ] || return 1
	echo "man page matches --help: $ns scenarios, $no options, $nd defaults, $ne exit statuses"
}

# man_warnings MANPAGE: what man --warnings says when rendering it (nothing: "no warnings").
man_warnings() {
	local w
	w=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$1" 2>&1 >/dev/null)
	[ -z "$w" ] && { echo "no warnings"; return 0; }
	echo "$w"
	return 1
}

expect "man page names every scenario, option, default, exit status" 0 '^man page matches --help: 7 scenarios, 12 options, 7 defaults, 5 exit statuses$' manpage_vs_source "$MAN"
expect "man page renders without warnings"          0 '^no warnings$' man_warnings "$MAN"
# The check itself: each kind of omission is caught.
sed '/^\.SS bad\\-input$/d' "$MAN" >"$tmp/no-scenario.1"
expect "a scenario missing from the page is named"  1 '^scenario bad-input has no .SS subsection$' manpage_vs_source "$tmp/no-scenario.1"
sed '/^\.BI \\-\\-slot /d' "$MAN" >"$tmp/no-option.1"
expect "an option missing from the page is named"   1 '^option --slot has no tagged paragraph$' manpage_vs_source "$tmp/no-option.1"
sed 's/default 3)/default 5)/' "$MAN" >"$tmp/other-default.1"
expect "a default that differs from --help is named" 1 '^option --repeat: "default 3"' manpage_vs_source "$tmp/other-default.1"
sed 's/^the run broke/the run failed/' "$MAN" >"$tmp/other-exit.1"
expect "an exit status worded otherwise is named"   1 '^exit status 4: "the run broke"' manpage_vs_source "$tmp/other-exit.1"
{ cat "$MAN"; echo ".XX not a macro"; } >"$tmp/bad-macro.1"
expect "a troff warning fails the render check"     1 "warning: macro 'XX' not defined" man_warnings "$tmp/bad-macro.1"

tap_done repro-manpage
