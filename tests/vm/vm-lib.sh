# vm-lib.sh: what the VM lanes share (sourced by tests/vm/run-vm-lane, which
# boots the stock kernel with two module sets, tests/vm/run-kernel-lane, which
# boots a whole kvmlm kernel, and tests/vm/run-builtin-kvm-lane, which boots the
# stock and the kvmlm kernel of a base with KVM built in): the busybox initramfs
# with the plans and the binaries they name, and booting a guest of the base's
# architecture under TCG (BASE_QEMU_*) with one retry.
#
# Needs scripts/lib.sh sourced first (step, info, warn, die).

vm_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$vm_here/../../scripts/signing-lib.sh"

# vm_root_init ROOT BUILDDIR: an initramfs root with static busybox and
# tests/vm/guest-init as /init. The busybox is the base's own when fetch-base
# unpacked one (another architecture: BUILDDIR/base/guest), else the host's.
vm_root_init() {
	local root=$1 B=$2 bb=/bin/busybox
	command -v "$BASE_QEMU_SYSTEM" >/dev/null || die "$BASE_QEMU_SYSTEM not found (make deps)"
	[ -z "${BASE_GUEST_BUSYBOX_VERSION:-}" ] || bb=$B/base/guest/bin/busybox
	[ -x "$bb" ] && ! readelf -l "$bb" | grep -q interpreter || die "$bb is not a static busybox (install busybox-static, or make base)"
	readelf -h "$bb" | grep -q "Machine: *$(elf_machine)" || die "$bb is not a $BASE_ARCH binary"
	rm -rf "$root"
	mkdir -p "$root"/{bin,proc,sys,dev,tmp,tests,modules}
	cp "$bb" "$root/bin/busybox"
	cp "$vm_here/guest-init" "$root/init"
}

# vm_guest_mode_number HEADER VM_MODE_X: X's position in the selftests' enum
# vm_guest_mode (what "-m" takes), empty when the enum lacks it.
vm_guest_mode_number() {
	awk -v want="$2" '/^enum vm_guest_mode/ { on = 1; i = 0; next }
		on && /^};/ { exit }
		on { sub(/\/\*.*/, ""); gsub(/[ \t,]/, ""); if ($0 == "") next; if ($0 == want) { print i; exit }; i++ }' "$1"
}

# vm_root_plan ROOT BUILDDIR PLAN NAME: the plan as /tests/NAME, with every binary
# it names (selftests built out of the patched tree, and kvmlm-repro).
# A plan names a selftest guest mode by its enumerator, "-m @VM_MODE_P40V48_4K@", and
# gets that mode's number in the tree the selftests were built from (BUILDDIR/tree):
# the enum grows between releases (6.12 added 16K modes, so 6.1's mode 5 is 6.12's 6).
vm_root_plan() {
	local root=$1 B=$2 plan=$3 name=$4 t bin d dirs=() m n hdr=
	[ -f "$plan" ] || die "plan $plan not found"
	cp "$plan" "$root/tests/$name"
	for m in $(grep -o '@VM_MODE_[A-Z0-9_]*@' "$plan" | sort -u); do
		[ -n "$hdr" ] || hdr=$(grep -l '^enum vm_guest_mode' "$B"/tree/tools/testing/selftests/kvm/include/kvm_util*.h 2>/dev/null | head -n1)
		[ -n "$hdr" ] || die "plan $plan names the guest mode ${m//@/}, but $B/tree has no selftests header with enum vm_guest_mode (make apply)"
		n=$(vm_guest_mode_number "$hdr" "${m//@/}")
		[ -n "$n" ] || die "plan $plan: guest mode ${m//@/} is not in enum vm_guest_mode of $hdr"
		sed -i "s/$m/$n/g" "$root/tests/$name"
	done
	for d in "$B/selftests" "$B/repro"; do [ -d "$d" ] && dirs+=("$d"); done
	[ ${#dirs[@]} -gt 0 ] || die "neither $B/selftests nor $B/repro exists (make selftests)"
	# The first word of each command; a command run under tests/vm/ftrace-profile (a
	# profile plan) also names the program after its "--", and the wrapper is ours.
	for t in $(awk -F'|' '!/^[[:space:]]*(#|$)/ { n = split($4, w, " "); print w[1]
		if (w[1] == "ftrace-profile") for (i = 2; i < n; i++) if (w[i] == "--") { print w[i + 1]; break } }' "$plan" | sort -u); do
		[ -e "$root/tests/$t" ] && continue
		if [ "$t" = ftrace-profile ]; then cp "$vm_here/ftrace-profile" "$root/tests/$t"; continue; fi
		bin=$(find "${dirs[@]}" -name "$t" -type f | head -n1)
		[ -n "$bin" ] || die "plan $plan runs $t, but neither $B/selftests nor $B/repro has it (make selftests repro)"
		cp "$bin" "$root/tests/$t"
	done
}

# vm_copy_module SRC DST: a module into the initramfs, uncompressed (the guest's busybox
# insmod reads plain ELF; Debian's 6.1 ships .ko, its 6.12 .ko.xz).
vm_copy_module() {
	case "$1" in
	*.ko) cp "$1" "$2" ;;
	*.ko.xz) xz -dc "$1" >"$2" ;;
	*.ko.zst) zstd -qdc "$1" >"$2" ;;
	*.ko.gz) gzip -dc "$1" >"$2" ;;
	*) die "vm_copy_module: $1 is not a kernel module (.ko, .ko.xz, .ko.zst, .ko.gz)" ;;
	esac
}

# vm_root_pack ROOT OUT: the cpio.gz initramfs.
vm_root_pack() {
	(cd "$1" && find . | cpio -o -H newc --quiet | gzip -1) >"$2"
	info "$(du -h "$2" | cut -f1) initramfs $2"
}

# vm_secureboot_firmware DIR: Debian's OVMF in Secure Boot mode and its test key, for
# the Secure Boot lanes (tests/vm/run-secureboot-lane, run-secureboot-kernel-lane).
#   OVMF_CODE_4M.snakeoil.fd (Secure Boot, SMM) with OVMF_VARS_4M.snakeoil.fd, whose PK,
#   KEK and db hold the "snakeoil" test key that ovmf ships with its private key (pass
#   phrase "snakeoil"; /usr/share/doc/ovmf/README.Debian). Sets sb_code, sb_vars,
#   sb_dbcert (PEM), sb_dbkey (DIR/keys/db.pem: the key without its pass phrase, for
#   sign-file and sbsign, which ask for none) and sb_dbname (the certificate's CN, else
#   its O: the name the kernel logs for it).
vm_secureboot_firmware() {
	local dir=$1 f
	sb_code=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd
	sb_vars=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd
	sb_dbcert=/usr/share/ovmf/PkKek-1-snakeoil.pem
	local enckey=/usr/share/ovmf/PkKek-1-snakeoil.key
	for f in "$sb_code" "$sb_vars" "$enckey" "$sb_dbcert"; do
		[ -f "$f" ] || die "$f not found: the Secure Boot lanes need Debian's ovmf package (make deps)"
	done
	command -v sbsign >/dev/null && command -v sbverify >/dev/null || die "sbsign/sbverify not found: install sbsigntool (make deps)"
	mkdir -p "$dir/keys"
	sb_dbkey=$dir/keys/db.pem
	openssl pkey -in "$enckey" -passin pass:snakeoil -out "$sb_dbkey" 2>"$dir/keys/openssl.log" ||
		{ cat "$dir/keys/openssl.log" >&2; die "cannot read $enckey with ovmf's documented pass phrase"; }
	sb_dbname=$(cert_signer_name "$sb_dbcert")
	case "$sb_dbname" in *[[:space:]]*|'') die "db certificate name '$sb_dbname' cannot go on the kernel command line" ;; esac
	info "firmware: ovmf $(dpkg-query -W -f '${Version}' ovmf 2>/dev/null || echo '(version unknown)'), $(basename "$sb_code") + a copy of $(basename "$sb_vars"); db key: $sb_dbname"
}

# vm_secureboot_esp ESPDIR KERNEL INITRD APPEND: an EFI system partition (a directory,
# which QEMU shows the guest as a FAT disk) from which OVMF starts KERNEL the way a
# signed boot loader does on a host: \EFI\BOOT\BOOTX64.EFI is Debian's systemd-boot,
# signed here with the db key (it stands in for shim + grub, whose signatures need
# Microsoft's key), and its one entry starts KERNEL with INITRD and the lanes' command
# line through the firmware's LoadImage, which checks KERNEL's Authenticode signature
# against db: an image it does not verify is refused ("Error loading \vmlinuz: Access
# Denied"). QEMU's -kernel cannot show that: OVMF's direct kernel boot falls back to its
# legacy loader when the signature check fails, and starts any image.
vm_secureboot_esp() {
	local esp=$1 kernel=$2 initrd=$3 append=$4 sdboot=/usr/lib/systemd/boot/efi/systemd-bootx64.efi
	[ -f "$sdboot" ] || die "$sdboot not found: the Secure Boot lanes need Debian's systemd-boot-efi (make deps)"
	rm -rf "$esp" && mkdir -p "$esp/EFI/BOOT" "$esp/loader/entries"
	sbsign --key "$sb_dbkey" --cert "$sb_dbcert" --output "$esp/EFI/BOOT/BOOTX64.EFI" "$sdboot" >/dev/null 2>&1 ||
		die "sbsign could not sign $sdboot with the db key"
	printf 'default kvmlm.conf\ntimeout 0\n' >"$esp/loader/loader.conf"
	printf 'title kvmlm lane\nlinux /vmlinuz\ninitrd /initrd.img\noptions console=%s quiet panic=-1 %s\n' \
		"$BASE_QEMU_CONSOLE" "$append" >"$esp/loader/entries/kvmlm.conf"
	cp "$kernel" "$esp/vmlinuz"
	cp "$initrd" "$esp/initrd.img"
}

# vm_secureboot_machine VARS [ESPDIR]: boot the next guests through OVMF in Secure Boot
# mode, which needs SMM (q35) and a secure flash; VARS is a fresh copy of the varstore
# (the template is never written). With ESPDIR (vm_secureboot_esp), the firmware boots
# from it, read-only, and vm_boot_once ignores its KERNEL, INITRD and APPEND; no network
# card, so a refused image does not end in a PXE attempt.
vm_secureboot_machine() {
	cp "$sb_vars" "$1"
	vm_machine=q35,smm=on
	vm_qemu_args=(-global driver=cfi.pflash01,property=secure,value=on
		-drive "if=pflash,format=raw,unit=0,file=$sb_code,readonly=on"
		-drive "if=pflash,format=raw,unit=1,file=$1")
	vm_esp=${2:-}
	[ -z "$vm_esp" ] || vm_qemu_args+=(-nic none -drive "file=fat:$vm_esp,format=raw,if=none,id=esp,readonly=on"
		-device virtio-blk-pci,drive=esp)
}

# A lane that boots through firmware (tests/vm/run-secureboot-lane: OVMF in Secure Boot
# mode) sets vm_machine (e.g. q35,smm=on) and vm_qemu_args (its flash drives) before
# booting; the other lanes leave them unset: the base's machine, QEMU's own firmware.
vm_machine=${vm_machine:-}
vm_esp=${vm_esp:-}
declare -p vm_qemu_args >/dev/null 2>&1 || vm_qemu_args=()

# vm_console_text LOG: LOG.txt, the console without \r and without the firmware's
# terminal escapes (OVMF clears the screen and moves the cursor).
vm_console_text() {
	tr -d '\r' <"$1" | sed 's/\x1b\[[0-9;=?]*[a-zA-Z]//g' >"$1.txt"
}

# vm_row_detail LOG ROW: why ROW of the guest's plan failed, from the guest's console
# LOG (.txt): the command's own failed checks (KVMLM-CHECK ... FAIL) and the last 40
# lines of its output the guest kept (guest-init: "---- ROW: cmd", then "    | " lines),
# on stderr, so that CI's output says what the row saw and not only that it failed.
vm_row_detail() {
	awk -v row="$2" '
		$1 == "----" && $2 == row ":" { inrow = 1; n = 0; delete tail; next }
		inrow && /^    \| / { tail[n++ % 40] = $0; next }
		inrow && $1 == "KVMLM-CHECK" && / FAIL / { fails[nf++] = $0; next }
		inrow && $1 == "KVMLM-RESULT" && $2 == row {
			inrow = 0
			for (i = 0; i < nf; i++) print "    " fails[i]
			nt = n < 40 ? n : 40
			if (nt) printf "    last %d lines of %s'"'"'s output in the guest:\n", nt, row
			for (i = n - nt; i < n; i++) print tail[i % 40]
			nf = 0
		}' "$1" >&2
}

# vm_boot_once KERNEL INITRD APPEND LOG: run the guest once. Returns 0 when the
# guest finished its plan (KVMLM-DONE), 1 when it did not (timeout, crash), 2
# when the L1 guest kernel reported a soft lockup; such a guest is killed at
# once instead of running into the timeout. LOG.txt is the console without \r.
vm_boot_once() {
	local kernel=$1 initrd=$2 append=$3 log=$4 pid direct=()
	[ -n "${vm_esp:-}" ] || direct=(-kernel "$kernel" -initrd "$initrd" -append "console=$BASE_QEMU_CONSOLE quiet panic=-1 $append")
	timeout "${KVMLM_VM_TIMEOUT:-900}" "$BASE_QEMU_SYSTEM" -M "${vm_machine:-$BASE_QEMU_MACHINE}" "${vm_qemu_args[@]}" \
		-accel "tcg,thread=${KVMLM_VM_TCG_THREAD:-single}" -cpu "${KVMLM_VM_CPU:-max}" -smp 2 -m "${KVMLM_VM_MEM:-2G}" -nographic -no-reboot \
		"${direct[@]}" </dev/null >"$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 5
		if grep -q 'BUG: soft lockup' "$log"; then
			kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
			vm_console_text "$log"
			return 2
		fi
	done
	wait "$pid" 2>/dev/null || true
	vm_console_text "$log"
	grep -q '^KVMLM-DONE' "$log.txt" || return 1
}

# vm_boot WHAT BASELINE KERNEL INITRD APPEND LOG: boot until the guest finishes its
# plan, at most twice. A guest that does not finish (TCG's nested SVM produced an
# L1 soft lockup once and a stack-corruption panic once, both with the stock
# modules) is booted once more, loudly, with the failed log kept as
# LOG.failed-N.txt and a line added to the caller's notes array. A second failure
# dies, unless BASELINE is "baseline": then the caller's column stays incomplete
# and the lane says so, since the verdict is about kvmlm, not about the baseline.
vm_boot() {
	local what=$1 baseline=$2 kernel=$3 initrd=$4 append=$5 log=$6 start rc try why
	for try in 1 2; do
		step "booting $what (TCG, log: $log)"
		start=$(date +%s)
		rc=0; vm_boot_once "$kernel" "$initrd" "$append" "$log" || rc=$?
		[ $rc -eq 0 ] && break
		case $rc in
		2) why="hung (soft lockup in the L1 guest kernel)" ;;
		*) why="did not finish (crash or timeout: $(grep -m1 -oE 'Kernel panic - not syncing: .*|BUG: .*' "$log.txt" || echo "no panic message"))" ;;
		esac
		cp "$log.txt" "$log.failed-$try.txt"
		tail -n 12 "$log.txt" | sed 's/^/    | /' >&2
		notes+=("the guest with $what $why on boot $try after $(grep -c '^KVMLM-RESULT' "$log.txt") results; log: $log.failed-$try.txt")
		if [ "$try" -eq 2 ]; then
			[ "$baseline" = baseline ] || die "the guest with $what failed twice: $log.failed-1.txt $log.failed-2.txt"
			warn "the guest with $what failed twice: its column is incomplete (baseline only; the verdict is about kvmlm)"
			break
		fi
		warn "the guest with $what $why; booting it once more"
	done
	grep -E '^KVMLM-RESULT' "$log.txt" | sed 's/^/    /'
	info "guest with $what finished in $(( $(date +%s) - start )) s"
}
