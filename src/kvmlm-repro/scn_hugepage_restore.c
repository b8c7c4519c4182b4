// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro hugepage-restore: the "guest is slow after a (cancelled)
 * migration" symptom. THP-backed guest memory is populated, dirty logging is
 * turned on (KVM splits the mappings to 4K) and off again; KVM's binary stats
 * pages_4k / pages_2m are read before, during, right after the disable and
 * after the next pass, with the guest's write throughput of a pass before and
 * after. Stock 6.1 zaps the 4K mappings when logging stops and the guest
 * refaults them as 2M; kernels with in-place recovery (v6.13, kvmlm) map 2M
 * again at the disable. Fails only when huge pages do not come back at all.
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);
	struct workload *w = workload_create(o->vcpus, o->mem_per_vcpu, backing);
	struct table *t = report_table(r, "mappings and guest write throughput around dirty logging", 4,
				       "when", "pages_4k", "pages_2m", "pass_MiB_per_s");
	char why[256];
	uint64_t ns, stamp = 1;
	double mib = w->total_pages * WL_PAGE / (1024.0 * 1024.0);
#define ROW(label, tp) table_row(t, fmt("%s", label), fmt("%lu", vm_get_stat(w->vm, "pages_4k")), \
				 fmt("%lu", vm_get_stat(w->vm, "pages_2m")), (tp))
#define PASS() do { if (workload_pass(w, stamp++, false, &ns, why, sizeof(why))) goto broken; } while (0)
	PASS();				/* populate */
	PASS();
	uint64_t huge_before = vm_get_stat(w->vm, "pages_2m") + vm_get_stat(w->vm, "pages_1g");
	ROW("before dirty logging", fmt("%.1f", mib / (ns / 1e9)));
	vm_mem_region_set_flags(w->vm, WL_SLOT, KVM_MEM_LOG_DIRTY_PAGES);
	PASS();
	ROW("dirty logging on, after a pass", fmt("%.1f", mib / (ns / 1e9)));
	uint64_t t0 = now_ns();
	vm_mem_region_set_flags(w->vm, WL_SLOT, 0);
	uint64_t disable_ns = now_ns() - t0;
	ROW("right after disabling dirty logging", fmt("-"));
	PASS();
	ROW("after the first pass", fmt("%.1f", mib / (ns / 1e9)));
	PASS();
	ROW("after the second pass", fmt("%.1f", mib / (ns / 1e9)));
	uint64_t huge_after = vm_get_stat(w->vm, "pages_2m") + vm_get_stat(w->vm, "pages_1g");
	report_note(r, "disabling dirty logging took %.3f ms", disable_ns / 1e6);
	r->params = fmt("{\"vcpus\": %d, \"mem_per_vcpu\": %lu, \"backing\": \"%s\"}", o->vcpus, o->mem_per_vcpu, o->backing);
	workload_destroy(w);
	if (!huge_before) {
		r->verdict = "UNSUPPORTED";
		report_note(r, "no huge mappings before dirty logging: is THP enabled (%s)?", o->backing);
		return REPRO_UNSUPPORTED;
	}
	if (!huge_after) {
		r->verdict = "FAIL";
		report_note(r, "huge pages did not come back: %lu huge mappings before, none after two passes", huge_before);
		return REPRO_FAIL;
	}
	r->verdict = "PASS";
	return REPRO_OK;
broken:
	r->verdict = "BROKEN";
	report_note(r, "%s", why);
	return REPRO_BROKEN;
}

const struct scenario scn_hugepage_restore = {
	.name = "hugepage-restore",
	.summary = "THP mappings and guest throughput before, during and after dirty logging",
	.needs_guest = true,
	.run = run,
};
