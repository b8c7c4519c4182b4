#!/bin/bash
# vm-plan.t TOOLSDIR: tests/vm/vm-lib.sh vm_root_plan, the plan a VM lane puts into its
# initramfs: a guest mode named by its enumerator (-m @VM_MODE_...@) becomes its number
# in the tree the selftests were built from (6.1 and 6.12 number the same mode 5 and 6),
# and a plan that names a mode the tree lacks, or a tree without the enum, is refused.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"

# Two build directories whose trees have the two forms of the enum: 6.1's header
# kvm_util_base.h without the 16K P52 mode, 6.12's kvm_util.h with it.
mktree() { # BUILDDIR HEADER ENUMERATORS...
	local b=$1 h=$2; shift 2
	mkdir -p "$b/tree/tools/testing/selftests/kvm/include" "$b/selftests"
	{ echo "enum vm_guest_mode {"; printf '\t%s,\n' "$@"; echo "	VM_MODE_PXXV48_4K,	/* For 48bits VA but ANY bits PA */"; echo "	NUM_VM_MODES,"; echo "};"; } \
		>"$b/tree/tools/testing/selftests/kvm/include/$h"
	printf '#!/bin/sh\n' >"$b/selftests/dirty_log_test"
}
mktree "$tmp/b61" kvm_util_base.h VM_MODE_P52V48_4K VM_MODE_P52V48_64K VM_MODE_P48V48_4K VM_MODE_P48V48_16K \
	VM_MODE_P48V48_64K VM_MODE_P40V48_4K VM_MODE_P40V48_16K VM_MODE_P40V48_64K
mktree "$tmp/b612" kvm_util.h VM_MODE_P52V48_4K VM_MODE_P52V48_16K VM_MODE_P52V48_64K VM_MODE_P48V48_4K \
	VM_MODE_P48V48_16K VM_MODE_P48V48_64K VM_MODE_P40V48_4K VM_MODE_P40V48_16K VM_MODE_P40V48_64K
cat >"$tmp/plan" <<'PLAN'
# a comment naming -m @VM_MODE_P40V48_4K@ too
dirty_log_test:dirty-log | all |  | dirty_log_test -M dirty-log -m @VM_MODE_P40V48_4K@ -i 3
dirty_log_test:any-pa    | all |  | dirty_log_test -M dirty-log -m @VM_MODE_PXXV48_4K@ -i 3
PLAN
sed 's/P40V48_4K/P40V52_4K/' "$tmp/plan" >"$tmp/plan-unknown"

# root_plan BUILDDIR PLAN: vm_root_plan into a fresh root, then the plan it wrote.
root_plan() {
	rm -rf "$tmp/root" && mkdir -p "$tmp/root/tests"
	bash -c '. "$1/scripts/lib.sh" && . "$1/tests/vm/vm-lib.sh" && vm_root_plan "$2" "$3" "$4" plan && cat "$2/tests/plan"' \
		_ "$here/../.." "$tmp/root" "$1" "$2"
}
expect "6.1 tree: P40V48_4K is mode 5"                  0 'dirty_log_test -M dirty-log -m 5 -i 3$' root_plan "$tmp/b61" "$tmp/plan"
expect "6.1 tree: PXXV48_4K (its comment cut) is mode 8" 0 'dirty_log_test -M dirty-log -m 8 -i 3$' root_plan "$tmp/b61" "$tmp/plan"
expect "6.12 tree: P40V48_4K is mode 6"                 0 'dirty_log_test -M dirty-log -m 6 -i 3$' root_plan "$tmp/b612" "$tmp/plan"
expect "6.12 tree: PXXV48_4K is mode 9"                 0 'dirty_log_test -M dirty-log -m 9 -i 3$' root_plan "$tmp/b612" "$tmp/plan"
out=$(root_plan "$tmp/b612" "$tmp/plan" 2>&1)
lacks "no @VM_MODE_...@ left in the plan"                '@VM_MODE_' "$out"
file_has "the selftest the plan names is in the root"   "$tmp/root/tests/dirty_log_test" '^#!/bin/sh$'
refuses "a mode the tree's enum lacks is named"          'guest mode VM_MODE_P40V52_4K is not in enum vm_guest_mode of .*kvm_util\.h' \
	root_plan "$tmp/b612" "$tmp/plan-unknown"
rm -rf "$tmp/b612/tree"
refuses "a tree without the enum is named"               'names the guest mode VM_MODE_P40V48_4K, but .*/b612/tree has no selftests header' \
	root_plan "$tmp/b612" "$tmp/plan"
tap_done vm-plan
