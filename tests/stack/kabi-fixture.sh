# Sourced by the kABI stack tests: build the patched tree plus one fixture patch
# (tests/stack/fixtures/, never in series) and run the kABI gate and its
# explanation on the result, as `make kabi` does for the real build.
# shellcheck shell=bash
# shellcheck source=SCRIPTDIR/../lib/tap.sh
. "$top/tests/lib/tap.sh"

# kabi_fixture_build BASEFILE BUILDDIR TOOLSDIR FIXTURE NAME
# Leaves in $T (BUILDDIR/NAME): kabi-check.txt and its exit status in
# kabi_check_rc, explain.{txt,json} and explain_rc, obj/logs/kvm.log.
kabi_fixture_build() {
	local basefile=$1 fixture=$4 name=$5 hdr
	B=$(realpath "$2") tools=$(realpath "$3")
	T=$B/$name
	load_base "$basefile"
	rm -rf "$T"
	mkdir -p "$T/obj"
	ln -s "$B/base" "$T/base"
	step "hard-link copy of the patched tree + $(basename "$fixture")"
	cp -al "$B/tree" "$T/tree"
	# GNU patch writes a new file and renames it over the old one: the link to $B/tree
	# is broken, not written through. Checked anyway.
	hdr=$(patched_files "$fixture" | head -n1)
	local sum
	sum=$(md5sum <"$B/tree/$hdr")
	patch -d "$T/tree" -p1 -F0 -N -s --no-backup-if-mismatch <"$fixture"
	[ "$(md5sum <"$B/tree/$hdr")" = "$sum" ] || die "patching the copy modified $B/tree/$hdr"
	# The reference records next to each object: genksyms then says why a CRC moved.
	"$tools/kabi-symtypes" split "$top/$BASE_KABI_DIR/symtypes" "$T/obj"
	"$top/scripts/build-modules" "$basefile" "$T/tree" "$T/obj" "$T/modules"

	step "kABI gate on the fixture build"
	kabi_check_rc=0
	"$tools/kabi-check" --reference "$top/$BASE_KABI_DIR/symvers" --new "$T/modules/Module.symvers" \
		--severities "$top/kabi/severities" \
		--stock-modules "$B/base/image/lib/modules/$BASE_KERNELRELEASE" --shipped "$BASE_KVM_MODULES" \
		>"$T/kabi-check.txt" || kabi_check_rc=$?
	grep -E '^(summary|kABI)' "$T/kabi-check.txt" | sed 's/^/    | /'
	step "kABI explanation of the fixture build"
	explain_rc=0
	"$top/scripts/kabi-explain-build" "$basefile" "$B" "$tools" "$T/obj" "$T/modules" "$T/kabi-check.txt" \
		"$T/explain" "$fixture" | sed 's/^/    | /' || true
	explain_rc=$(kabi_explain_rc "$T")
}

# The explanation's verdict line, as an exit status (0 PASS, 1 FAIL).
kabi_explain_rc() { grep -q '^kABI explanation: PASS$' "$1/explain.txt" && echo 0 || echo 1; }

# must_show FILE REGEX WHAT: an assertion (tests/lib/tap.sh) that FILE shows WHAT, a line
# matching REGEX.
must_show() { file_has "shows $3" "$1" "$2"; }
