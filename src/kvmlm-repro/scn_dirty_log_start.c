// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro dirty-log-start: how long enabling dirty logging on a populated
 * --slot takes (the KVM_SET_USER_MEMORY_REGION that adds KVM_MEM_LOG_DIRTY_PAGES),
 * without and with KVM_DIRTY_LOG_INITIALLY_SET (the "527 ms -> 4 ms" table of
 * the INITIALLY_SET series): without it KVM write-protects (and, with eager
 * page splitting, splits) the whole slot at once; with it that work moves to
 * the first CLEAR_DIRTY_LOG of each range. The mapping sizes right after the
 * enable come from KVM's binary stats. Medians of --repeat VMs.
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

static int measure(const struct repro_opts *o, enum vm_mem_backing_src_type backing, bool initially_set,
		   uint64_t *ns, uint64_t *p4k, uint64_t *p2m, char *why, size_t len)
{
	struct workload *w = workload_create(1, o->slot_bytes, backing);
	if (initially_set)
		vm_enable_cap(w->vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2,
			      KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE | KVM_DIRTY_LOG_INITIALLY_SET);
	if (workload_pass(w, 1, false, NULL, why, len)) {
		workload_destroy(w);
		return -1;
	}
	uint64_t t0 = now_ns();
	vm_mem_region_set_flags(w->vm, WL_SLOT, KVM_MEM_LOG_DIRTY_PAGES);
	*ns = now_ns() - t0;
	*p4k = vm_get_stat(w->vm, "pages_4k");
	*p2m = vm_get_stat(w->vm, "pages_2m");
	workload_destroy(w);
	return 0;
}

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);
	struct table *t = report_table(r, "enabling dirty logging on a populated slot (median of the VMs)", 5,
				       "mode", "enable_ms", "pages_4k_after", "pages_2m_after", "vms");
	char why[256];
	bool have_initially_set = kvm_check_cap(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2) & KVM_DIRTY_LOG_INITIALLY_SET;
	for (int mode = 0; mode < 2; mode++) {
		uint64_t ns[64], p4k = 0, p2m = 0;
		if (mode == 1 && !have_initially_set) {
			report_note(r, "KVM_DIRTY_LOG_INITIALLY_SET not supported: only the first row");
			break;
		}
		for (int i = 0; i < o->repeat; i++)
			if (measure(o, backing, mode, &ns[i], &p4k, &p2m, why, sizeof(why))) {
				r->verdict = "BROKEN";
				report_note(r, "%s", why);
				return REPRO_BROKEN;
			}
		uint64_t m = median_u64(ns, o->repeat);
		table_row(t, fmt("%s", mode ? "INITIALLY_SET" : "write-protect all"), fmt("%.3f", m / 1e6),
			  fmt("%lu", p4k), fmt("%lu", p2m), fmt("%d", o->repeat));
	}
	r->params = fmt("{\"slot_bytes\": %lu, \"repeat\": %d, \"backing\": \"%s\"}", o->slot_bytes, o->repeat, o->backing);
	r->verdict = "INFO";
	return REPRO_OK;
}

const struct scenario scn_dirty_log_start = {
	.name = "dirty-log-start",
	.summary = "time to enable dirty logging on a --slot, without and with KVM_DIRTY_LOG_INITIALLY_SET",
	.needs_guest = true,
	.run = run,
};
