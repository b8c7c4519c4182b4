// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro bad-input: the dirty-log ioctls must reject bad requests with
 * the errno Documentation/virt/kvm/api.rst (and 6.1's kvm_main.c) gives, and a
 * VM that received them must still work. No guest code runs: this scenario
 * also works on hosts that cannot run 64-bit guests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "kvm_util.h"

#include "repro.h"

#define SLOT_LOGGED	1
#define SLOT_PLAIN	2
#define SLOT_PAGES	512	/* 2 MiB: eight 64-page bitmap words, for the CLEAR range cases */
#define GPA_LOGGED	0x10000000ull
#define GPA_PLAIN	0x20000000ull

static int get_log(struct kvm_vm *vm, uint32_t slot, void *bitmap)
{
	struct kvm_dirty_log l = { .slot = slot, .dirty_bitmap = bitmap };
	return __vm_ioctl(vm, KVM_GET_DIRTY_LOG, &l) ? errno : 0;
}

static int clear_log(struct kvm_vm *vm, uint32_t slot, uint64_t first, uint32_t num, void *bitmap)
{
	struct kvm_clear_dirty_log l = { .slot = slot, .first_page = first, .num_pages = num, .dirty_bitmap = bitmap };
	return __vm_ioctl(vm, KVM_CLEAR_DIRTY_LOG, &l) ? errno : 0;
}

static int enable_cap(struct kvm_vm *vm, uint32_t cap, uint64_t arg0)
{
	struct kvm_enable_cap c = { .cap = cap, .args = { arg0 } };
	return __vm_ioctl(vm, KVM_ENABLE_CAP, &c) ? errno : 0;
}

static const char *errname(int e)
{
	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case ENOENT: return "ENOENT";
	case EFAULT: return "EFAULT";
	case ENXIO: return "ENXIO";
	case E2BIG: return "E2BIG";
	default: return strerrorname_np(e) ? strerrorname_np(e) : "?";
	}
}

struct bad_case {
	const char *what;
	int want, got;
};

static int run(const struct repro_opts *o, struct report *r)
{
	static uint64_t bitmap[SLOT_PAGES / 64];
	struct bad_case c[16];
	int n = 0, fails = 0;
	(void)o;

	struct kvm_vm *vm = vm_create_barebones();
	vm_userspace_mem_region_add(vm, VM_MEM_SRC_ANONYMOUS, GPA_LOGGED, SLOT_LOGGED, SLOT_PAGES, KVM_MEM_LOG_DIRTY_PAGES);
	vm_userspace_mem_region_add(vm, VM_MEM_SRC_ANONYMOUS, GPA_PLAIN, SLOT_PLAIN, SLOT_PAGES, 0);
	bool manual = kvm_check_cap(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2);

#define CASE(w, want_, expr) do { c[n] = (struct bad_case){ w, want_, (expr) }; n++; } while (0)
	CASE("GET_DIRTY_LOG on a slot without KVM_MEM_LOG_DIRTY_PAGES", ENOENT, get_log(vm, SLOT_PLAIN, bitmap));
	CASE("GET_DIRTY_LOG on a slot id that was never created", ENOENT, get_log(vm, 7, bitmap));
	CASE("GET_DIRTY_LOG on slot id 32767 (past KVM_USER_MEM_SLOTS)", EINVAL, get_log(vm, 32767, bitmap));
	CASE("GET_DIRTY_LOG on address space 5 (as_id in bits 16+)", EINVAL, get_log(vm, (5u << 16) | SLOT_LOGGED, bitmap));
	CASE("GET_DIRTY_LOG into an unmapped user buffer", EFAULT, get_log(vm, SLOT_LOGGED, (void *)8));
	if (manual) {
		CASE("ENABLE_CAP MANUAL_DIRTY_LOG_PROTECT2: INITIALLY_SET without MANUAL_PROTECT_ENABLE", EINVAL,
		     enable_cap(vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_INITIALLY_SET));
		CASE("ENABLE_CAP MANUAL_DIRTY_LOG_PROTECT2 with an unknown flag bit", EINVAL,
		     enable_cap(vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE | (1ull << 40)));
		CASE("ENABLE_CAP MANUAL_DIRTY_LOG_PROTECT2 (MANUAL_PROTECT | INITIALLY_SET)", 0,
		     enable_cap(vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE | KVM_DIRTY_LOG_INITIALLY_SET));
		CASE("CLEAR_DIRTY_LOG with first_page not a multiple of 64", EINVAL, clear_log(vm, SLOT_LOGGED, 3, 64, bitmap));
		CASE("CLEAR_DIRTY_LOG with a range past the end of the slot", EINVAL, clear_log(vm, SLOT_LOGGED, 448, 128, bitmap));
		CASE("CLEAR_DIRTY_LOG with first_page past the slot", EINVAL, clear_log(vm, SLOT_LOGGED, SLOT_PAGES + 64, 64, bitmap));
		CASE("CLEAR_DIRTY_LOG of 10 pages that do not reach the end of the slot", EINVAL, clear_log(vm, SLOT_LOGGED, 0, 10, bitmap));
		CASE("CLEAR_DIRTY_LOG on a slot without KVM_MEM_LOG_DIRTY_PAGES", ENOENT, clear_log(vm, SLOT_PLAIN, 0, 64, bitmap));
		CASE("CLEAR_DIRTY_LOG on slot id 32767", EINVAL, clear_log(vm, 32767, 0, 64, bitmap));
		memset(bitmap, 0xff, sizeof(bitmap));
		CASE("CLEAR_DIRTY_LOG of the whole slot (valid)", 0, clear_log(vm, SLOT_LOGGED, 0, SLOT_PAGES, bitmap));
	} else {
		report_note(r, "KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2 not supported: CLEAR_DIRTY_LOG cases skipped");
	}
	CASE("GET_DIRTY_LOG of the logged slot after all that (valid)", 0, get_log(vm, SLOT_LOGGED, bitmap));
	kvm_vm_free(vm);

	struct table *t = report_table(r, "dirty-log ioctls given bad input: errno wanted and seen", 4,
				       "case", "wanted", "seen", "result");
	for (int i = 0; i < n; i++) {
		bool ok = c[i].want == c[i].got;
		fails += !ok;
		table_row(t, fmt("%s", c[i].what), fmt("%s", errname(c[i].want)), fmt("%s", errname(c[i].got)),
			  fmt("%s", ok ? "ok" : "WRONG"));
	}
	if (kvm_check_cap(KVM_CAP_DIRTY_LOG_RING)) {
		/* A VM with a dirty ring: bitmap harvesting must be refused, bad ring sizes too. */
		struct kvm_vm *rvm = vm_create_barebones();
		int e1 = enable_cap(rvm, KVM_CAP_DIRTY_LOG_RING, 3000);
		int e2 = enable_cap(rvm, KVM_CAP_DIRTY_LOG_RING, 4096 * sizeof(struct kvm_dirty_gfn));
		vm_userspace_mem_region_add(rvm, VM_MEM_SRC_ANONYMOUS, GPA_LOGGED, SLOT_LOGGED, SLOT_PAGES, KVM_MEM_LOG_DIRTY_PAGES);
		int e3 = get_log(rvm, SLOT_LOGGED, bitmap);
		kvm_vm_free(rvm);
		struct bad_case rc[] = {
			{ "ENABLE_CAP DIRTY_LOG_RING with a size that is not a power of two", EINVAL, e1 },
			{ "ENABLE_CAP DIRTY_LOG_RING with 4096 entries (valid)", 0, e2 },
			{ "GET_DIRTY_LOG on a VM that uses the dirty ring", ENXIO, e3 },
		};
		for (unsigned i = 0; i < sizeof(rc) / sizeof(rc[0]); i++) {
			bool ok = rc[i].want == rc[i].got;
			fails += !ok;
			table_row(t, fmt("%s", rc[i].what), fmt("%s", errname(rc[i].want)), fmt("%s", errname(rc[i].got)),
				  fmt("%s", ok ? "ok" : "WRONG"));
		}
	} else {
		report_note(r, "KVM_CAP_DIRTY_LOG_RING not supported: dirty-ring cases skipped");
	}
	r->params = fmt("{\"slot_pages\": %d}", SLOT_PAGES);
	r->no_metrics = true;
	r->verdict = fails ? "FAIL" : "PASS";
	if (fails)
		report_note(r, "%d of %d ioctls answered with the wrong errno", fails, t->nrows);
	return fails ? REPRO_FAIL : REPRO_OK;
}

const struct scenario scn_bad_input = {
	.name = "bad-input",
	.summary = "dirty-log ioctls reject bad requests with the documented errno; the VM keeps working",
	.needs_guest = false,
	.run = run,
};
