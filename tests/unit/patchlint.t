#!/bin/bash
# patchlint.t TOOLSDIR: patchlint: the patch header schema, the diff format, series <-> patches/, the not-taken list and series order, against fixtures/patchlint.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
P=$fx/patchlint
L=$tools/patchlint
expect "upstream patch passes"                 0 '^$'                 $L "$P/good-upstream.patch"
expect "two commits, one partial, pass"        0 '^$'                 $L "$P/good-upstream-two-commits-partial.patch"
expect "Never, <reason> passes"                0 '^$'                 $L "$P/good-vendor-never.patch"
expect "Submitted, <where> passes"             0 '^$'                 $L "$P/good-vendor-submitted.patch"
expect "release without Git-commit"            1 'Patch-mainline: v6.8 needs at least one Git-commit' $L "$P/bad-release-without-commit.patch"
expect "abbreviated commit id"                 1 'full 40-hex lowercase commit id; got "d02c357e5bfa"' $L "$P/bad-short-commit.patch"
expect "bare Never"                            1 'Patch-mainline: Never needs a reason'      $L "$P/bad-never-without-reason.patch"
expect "Submitted without where"               1 'Patch-mainline: Submitted needs a reason'  $L "$P/bad-submitted-without-where.patch"
expect "Git-commit on a vendor patch"          1 'Git-commit given for a patch that is not upstream' $L "$P/bad-commit-on-vendor-patch.patch"
expect "Patch-mainline: yes"                   1 'must be a release .* got "yes"'            $L "$P/bad-mainline-value.patch"
expect "missing References"                    1 'missing References:'                       $L "$P/bad-no-references.patch"
expect "missing From"                          1 'missing From:'                             $L "$P/bad-no-from.patch"
expect "timestamp after file name"             1 'bad-timestamp.patch:[0-9]+: error: timestamp' $L "$P/bad-timestamp.patch"
expect "Index: line"                           1 '"Index:" lines are not allowed'            $L "$P/bad-index-and-p0-paths.patch"
expect "-p0 style paths"                       1 'must start with "a/"'                      $L "$P/bad-index-and-p0-paths.patch"
expect "no hunks"                              1 'no diff hunks found'                       $L "$P/bad-no-hunks.patch"
TOPICS=(--topics "$P/topics")
expect "References: topics from the list pass"  0 '^$'                 $L "${TOPICS[@]}" "$P/good-upstream.patch" "$P/good-upstream-two-commits-partial.patch"
expect "a topic not in the list"               1 'References: topic "spine" is not in the topics list' $L "${TOPICS[@]}" "$P/bad-unknown-topic.patch"
expect "no sign-off"                           1 'no named Signed-off-by: or Acked-by:'      $L "$P/bad-no-signoff.patch"
expect "sign-off without a mail"               1 'bad-signoff-without-mail.patch:[0-9]+: error: sign-off without a name and mail' $L "$P/bad-signoff-without-mail.patch"
expect "a second note marker"                  1 'backport note marked "\[ backport:": kvmlm.s notes are "\[ kvmlm: ... \]"' $L "$P/bad-note-marker.patch"
expect "upstream's own [name: ] note passes"   0 '^$'                 $L "$P/good-upstream-maintainer-note.patch"
expect "upstream patch without Message-text"   1 'missing Message-text:'                     $L "$P/bad-no-message-text.patch"
expect "Message-text: posted without where"    1 'Message-text must be "committed", "posted, <Message-ID or posting>"' $L "$P/bad-message-text-posted-without-where.patch"
expect "committed text that a note calls posted" 1 'Message-text: committed, but line 11 says the message is the posted text' $L "$P/bad-message-text-contradicts-note.patch"
S=$P/series-mismatch
expect "series names a missing patch"          1 'series:3: error: linux/missing.patch: no such patch' $L --series "$S/series" --patches "$S/patches"
expect "series lists a patch twice"            1 'series:4: error: linux/listed.patch is listed twice \(first on line 2\)' $L --series "$S/series" --patches "$S/patches"
expect "patch file not in series"              1 'linux/unlisted.patch is not listed in'     $L --series "$S/series" --patches "$S/patches"
O=$P/series-order
expect "upstream order, fixes after their targets" 0 '^$' $L --series "$O/series.good" --patches "$O/patches" --not-taken "$O/not-taken.empty"
expect "a carried commit in not-taken"          1 'e-v6.5.patch:5: error: Git-commit eeeeeeeeeeee is carried, but the not-taken list names it' $L --series "$O/series.bad" --patches "$O/patches" --not-taken "$O/not-taken"
expect "a release going backwards in a section" 1 'f-v6.3.patch: error: v6.3 goes backwards in its section: linux/e-v6.5.patch \(v6.5\) came before it' $L --series "$O/series.bad" --patches "$O/patches" --not-taken "$O/not-taken"
expect "a fix before the patch it fixes"        1 'g-fix-before.patch:11: error: Fixes: 222222222222 is carried after its fix \(linux/h-v6.6.patch' $L --series "$O/series.bad" --patches "$O/patches" --not-taken "$O/not-taken"
# A series per base: each checked on its own with its own not-taken list; a file must be in one.
expect "two bases' series cover patches/ together" 0 '^$' $L --series "$O/series.base-a" --not-taken "$O/not-taken.empty" --series "$O/series.base-b" --not-taken "$O/not-taken" --patches "$O/patches"
expect "one base's series alone leaves files out" 1 'linux/h-v6.6.patch is not listed in .*series.base-a \(add it' $L --series "$O/series.base-a" --patches "$O/patches"
expect "... named with every series it is not in" 1 'linux/h-v6.6.patch is not listed in .*series.base-a or .*series.base-a' $L --series "$O/series.base-a" --series "$O/series.base-a" --patches "$O/patches"
expect "a base's not-taken binds to its series"   1 'e-v6.5.patch:5: error: Git-commit eeeeeeeeeeee is carried, but the not-taken' $L --series "$O/series.base-a" --not-taken "$O/not-taken" --series "$O/series.base-b" --patches "$O/patches"
expect "--not-taken before any --series: usage"   2 'give it after the --series it belongs to' $L --not-taken "$O/not-taken" --series "$O/series.good" --patches "$O/patches"

tap_done patchlint
