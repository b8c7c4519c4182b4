#!/bin/bash
# quilt-workflow.t TOOLSDIR: apply-series --upto, quilt-tree and refresh-patch: the quilt workflow on a three-patch series.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
qt=$tmp/quilt
mkdir -p "$qt/pristine" "$qt/patches/linux"
seq 1 10 | sed 's/^/line /' >"$qt/pristine/f.c"
# a.patch adds three lines at the top; b.patch was written against the pristine file,
# so after a.patch it applies only with an offset of 3 lines: what a refresh is for.
mkpatch() { # mkpatch NAME SED-EXPR: a kvmlm-format patch of f.c
	mkdir -p "$qt/w/a" "$qt/w/b"; cp "$qt/pristine/f.c" "$qt/w/a/f.c"; sed "$2" "$qt/pristine/f.c" >"$qt/w/b/f.c"
	{ printf 'From: Jane Hacker <jane@example.org>\nSubject: %s\n\n' "$1"
	  (cd "$qt/w" && diff -u --label a/f.c --label b/f.c a/f.c b/f.c); } >"$qt/patches/linux/$1.patch"
}
mkpatch a '1i new 1\nnew 2\nnew 3'
mkpatch b 's/^line 8$/line eight/'
mkpatch c 's/^line 5$/line five/'
sed -i 's/^ line 4$/ line four/' "$qt/patches/linux/c.patch"   # c's context matches nothing
printf 'linux/a.patch\nlinux/b.patch\n' >"$qt/series"
AS=$here/../../scripts/apply-series QT=$here/../../scripts/quilt-tree RP=$here/../../scripts/refresh-patch
expect "apply-series: an offset is refused, naming the patch" 1 'patch 2/2 does not apply with zero fuzz: linux/b.patch' $AS --copy-from "$qt/pristine" "$qt/tree" "$qt/series" "$qt/patches"
expect "apply-series --upto stops at the named patch" 0 'applied 1 of 2 patches .* up to linux/a.patch' $AS --copy-from "$qt/pristine" --upto linux/a.patch "$qt/tree" "$qt/series" "$qt/patches"
expect "apply-series --upto: the tree has patch 1 only" 0 '^new 1$' head -n1 "$qt/tree/f.c"
expect "apply-series --upto an entry not in the series" 1 '--upto linux/nope.patch: no such entry' $AS --copy-from "$qt/pristine" --upto linux/nope.patch "$qt/tree" "$qt/series" "$qt/patches"
expect "quilt-tree UPTO: one patch pushed, its top named" 0 'quilt tree ready: 1 of 2 patches applied, top linux/a.patch' $QT "$qt/pristine" "$qt/series" "$qt/patches" "$qt/q" linux/a.patch
expect "quilt-tree: patches/ is the repository's own" 0 "^$qt/patches\$" readlink "$qt/q/patches"
expect "quilt-tree: an unknown UPTO is refused" 1 'UPTO=linux/nope.patch is not an entry' $QT "$qt/pristine" "$qt/series" "$qt/patches" "$qt/q" linux/nope.patch
expect "refresh-patch: quilt refresh rewrites the offset patch" 0 'refreshed linux/b.patch' $RP "$qt/pristine" "$qt/series" "$qt/patches" linux/b.patch
expect "refresh-patch: the header is kept" 0 '^Subject: b$' grep -x 'Subject: b' "$qt/patches/linux/b.patch"
expect "refresh-patch: kvmlm's diff format (-p ab, no timestamps, no Index:)" 0 '^--- a/f.c$' grep -x -e '--- a/f.c' "$qt/patches/linux/b.patch"
expect "after the refresh the series applies with zero fuzz" 0 'applied 2 patches' $AS --copy-from "$qt/pristine" "$qt/tree" "$qt/series" "$qt/patches"
expect "refresh-patch: a current patch stays as it is" 0 'linux/b.patch is already current' $RP "$qt/pristine" "$qt/series" "$qt/patches" linux/b.patch
printf 'linux/c.patch\n' >>"$qt/series"
expect "quilt-tree: a patch that does not apply stops the push, named" 1 'quilt stopped after 2 of 3 patches, at linux/b.patch' $QT "$qt/pristine" "$qt/series" "$qt/patches" "$qt/q"
expect "refresh-patch: a patch that needs more than fuzz 2 is refused" 1 'linux/c.patch does not apply even with fuzz 2' $RP "$qt/pristine" "$qt/series" "$qt/patches" linux/c.patch

tap_done quilt-workflow
