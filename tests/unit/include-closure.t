#!/bin/bash
# include-closure.t TOOLSDIR: include-closure (scripts/kabi-kernel): the sources a series can reach through #include.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"
# A small tree (fixtures/include-closure) whose include/linux/changed.h is "changed".
IC=$here/../../scripts/include-closure
"$IC" x86 "$fx/include-closure" include/linux/changed.h >"$tmp/closure" 2>&1
listed() { grep -qE "$1" "$tmp/closure" && echo listed || echo "not listed"; }
expect "the changed file itself"                       0 '^listed$' listed '^include/linux/changed.h \(changed\)$'
expect "<linux/...> through another header"            0 '^listed$' listed '^include/linux/wrapper.h include/linux/changed.h$'
expect '"local.h" resolves to the includer'"'"'s directory'  0 '^listed$' listed '^drivers/a/a.c drivers/a/local.h$'
expect 'a different "local.h" is not confused with it' 0 '^not listed$' listed '^drivers/b/b.c '
expect '"../a/local.h" resolves relative to the file'  0 '^listed$' listed '^drivers/e/e.c drivers/a/local.h$'
expect "<asm/...> resolves to arch/x86/include"        0 '^listed$' listed '^arch/x86/kernel/y.c arch/x86/include/asm/thing.h$'
expect "an -I directory's header, by its path suffix"  0 '^listed$' listed '^drivers/c/c.c drivers/c/include/special/deep.h$'
expect "-include in a Makefile"                        0 '^listed$' listed '^drivers/d/d.c \(forced by drivers/d/Makefile\)$'
expect "another architecture is not read"              0 '^not listed$' listed '^arch/arm64/'
expect "an unrelated source is not listed"             0 '^not listed$' listed '^drivers/b/unrelated.c'
expect "exactly those 10 files"                        0 '^10$' sh -c "wc -l <'$tmp/closure'"
expect "an architecture the tree lacks is an error"    1 'arch/sparc not found' "$IC" sparc "$fx/include-closure" include/linux/changed.h

tap_done include-closure
