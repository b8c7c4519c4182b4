# kernel-debug-checks.sh: the whole kernel's debug package checked in an install root
# (sourced by test-kernel-apt-install and test-kernel-dnf-install, after tests/lib/tap.sh).
# shellcheck shell=bash
#
# kernel_debug_checks ROOT KREL VMLINUZ DEBUG-VMLINUX EXTRACT-VMLINUX WORKDIR: with the
# image and its debug package (linux-image-<krel>-dbg, kernel-kvmlm-debuginfo)
# installed in ROOT,
#   - the kernel inside the installed VMLINUZ (unpacked by the kernel's own
#     scripts/extract-vmlinux) has a build id, the debug vmlinux the same one, and
#     usr/lib/debug/.build-id/<xx>/<rest>.debug leads to it;
#   - every installed module (.ko, or .ko.xz unpacked) has its unstripped copy under
#     usr/lib/debug/lib/modules/ (as .ko) with the same build id, reachable by its link;
#   - gdb, given the shipped kernel and ROOT's usr/lib/debug, finds start_kernel (with
#     DWARF: its line; without, in the ci config: its address from the symbols) by the
#     build id (the shipped kernel is stripped: without the directory it finds nothing,
#     the control), and finds kvm_mmu_recover_huge_pages (carried: huge pages recovered
#     in place after dirty logging) in the debug kvm.ko.
kernel_debug_checks() {
	local R=$1 krel=$2 vmlinuz=$3 dvml=$4 extract=$5 W=$6 id m rel n=0 bad=0
	local dbg=$R/usr/lib/debug shipped=$W/vmlinux.shipped
	kdc_build_id() { readelf -n "$1" 2>/dev/null | sed -n 's/^ *Build ID: //p'; }
	kdc_link() { readlink -f "$dbg/.build-id/${1:0:2}/${1:2}.debug"; }
	"$extract" "$vmlinuz" >"$shipped" 2>"$W/extract.log" || { cat "$W/extract.log" >&2; die "$extract could not unpack $vmlinuz"; }
	id=$(kdc_build_id "$shipped")
	info "the shipped kernel's build id: ${id:-none}"
	check "debug: the kernel in ${vmlinuz#"$R"} has a build id" test -n "$id"
	check "debug: ${dvml#"$R"} has the same build id" test "$(kdc_build_id "$dvml")" = "$id"
	check "debug: .build-id/${id:0:2}/${id:2}.debug leads to it" test "$(kdc_link "$id")" = "$(readlink -f "$dvml")"
	while read -r m; do
		rel=${m#"$R/lib/modules/$krel/"} n=$((n + 1))
		# A compressed module (<name>.ko.xz: Debian's 6.12 config) has its build id
		# inside; its debug copy is the plain <name>.ko, as Debian's -dbg has it.
		if [ "${m%.xz}" != "$m" ]; then
			rel=${rel%.xz}
			xz -dc "$m" >"$W/module.ko" || die "$m: xz could not unpack it"
			m=$W/module.ko
		fi
		id=$(kdc_build_id "$m")
		if [ -z "$id" ] || [ "$(kdc_build_id "$dbg/lib/modules/$krel/$rel")" != "$id" ] ||
			[ "$(kdc_link "$id")" != "$(readlink -f "$dbg/lib/modules/$krel/$rel")" ]; then
			echo "    module $rel: build id '${id:-none}', debug copy's '$(kdc_build_id "$dbg/lib/modules/$krel/$rel")', link '$(kdc_link "${id:-xx}")'"
			bad=$((bad + 1))
		fi
	done < <(find "$R/lib/modules/$krel/kernel" -name '*.ko' -o -name '*.ko.xz')
	check "debug: all $n installed modules have a debug copy with their build id, linked by it" test "$n" -gt 0 -a "$bad" -eq 0
	gdb -nx -batch -ex "set debug-file-directory $dbg" -ex "file $shipped" -ex "info address start_kernel" >"$W/gdb.txt" 2>&1 || true
	gdb -nx -batch -ex "set debug-file-directory $W/no-such-dir" -ex "file $shipped" -ex "info address start_kernel" >"$W/gdb-control.txt" 2>&1 || true
	tail -n 1 "$W/gdb.txt" | sed 's/^/    | /'
	check "debug: gdb finds start_kernel in the shipped kernel through the debug directory" grep -qE '^Symbol "start_kernel" is (a function )?at (address )?0x' "$W/gdb.txt"
	check "debug: control: without it gdb does not" sh -c "! grep -q '^Symbol \"start_kernel\" is' '$W/gdb-control.txt'"
	m=$(find "$dbg/lib/modules/$krel" -name kvm.ko | head -n1)
	if [ -n "$m" ]; then
		gdb -nx -batch -ex "file $m" -ex "info address kvm_mmu_recover_huge_pages" >"$W/gdb-kvm.txt" 2>&1 || true
		tail -n 1 "$W/gdb-kvm.txt" | sed 's/^/    | /'
		check "debug: gdb finds kvm_mmu_recover_huge_pages in the debug kvm.ko" grep -qE '^Symbol "kvm_mmu_recover_huge_pages" is (a function )?at (address )?0x' "$W/gdb-kvm.txt"
	fi
}
