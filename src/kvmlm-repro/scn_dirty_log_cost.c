// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro dirty-log-cost: what KVM_GET_DIRTY_LOG and KVM_CLEAR_DIRTY_LOG
 * cost per dirty page, for 1 ... --max-pages dirty pages (the 2012 "ns per
 * page" table). Manual protect is on, as QEMU uses it: GET only copies the
 * bitmap, CLEAR write-protects (or clears the D bit of) what it is given.
 * One vCPU dirties exactly N pages per pass; each point is the median of
 * --repeat passes. Fails only on a broken run (or a bitmap that does not show
 * the N pages written), never on slowness.
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);	/* validated by main */
	struct table *t = report_table(r, "cost of harvesting the dirty log, per dirty page (median of the passes)", 6,
				       "dirty_pages", "get_ns_per_page", "clear_ns_per_page", "get_us", "clear_us", "passes");
	char why[256];
	for (uint64_t n = 1; n <= o->max_pages; n *= (n < 16 ? 16 : 4)) {
		struct workload *w = workload_create(1, n * WL_PAGE, backing);
		uint64_t get[64], clr[64], words = (w->total_pages + 63) / 64;
		uint64_t *bitmap = calloc(words, 8);
		vm_enable_cap(w->vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE);
		if (workload_pass(w, 1, false, NULL, why, sizeof(why)))
			goto broken;
		vm_mem_region_set_flags(w->vm, WL_SLOT, KVM_MEM_LOG_DIRTY_PAGES);
		/* First harvest: everything is dirty right after enabling; not measured. */
		kvm_vm_get_dirty_log(w->vm, WL_SLOT, bitmap);
		kvm_vm_clear_dirty_log(w->vm, WL_SLOT, bitmap, 0, w->total_pages);
		for (int i = 0; i < o->repeat; i++) {
			if (workload_pass(w, 2 + i, false, NULL, why, sizeof(why)))
				goto broken;
			uint64_t t0 = now_ns();
			kvm_vm_get_dirty_log(w->vm, WL_SLOT, bitmap);
			uint64_t t1 = now_ns();
			kvm_vm_clear_dirty_log(w->vm, WL_SLOT, bitmap, 0, w->total_pages);
			uint64_t t2 = now_ns();
			get[i] = t1 - t0, clr[i] = t2 - t1;
			uint64_t set = 0;
			for (uint64_t k = 0; k < words; k++)
				set += __builtin_popcountll(bitmap[k]);
			if (set != n) {
				snprintf(why, sizeof(why), "pass %d wrote %lu pages but the dirty log shows %lu", i, n, set);
				r->verdict = "FAIL";
				report_note(r, "%s", why);
				free(bitmap);
				workload_destroy(w);
				return REPRO_FAIL;
			}
		}
		uint64_t g = median_u64(get, o->repeat), c = median_u64(clr, o->repeat);
		table_row(t, fmt("%lu", n), fmt("%.1f", (double)g / n), fmt("%.1f", (double)c / n),
			  fmt("%.1f", g / 1e3), fmt("%.1f", c / 1e3), fmt("%d", o->repeat));
		if (!o->quiet)
			fprintf(stderr, "  %lu dirty pages: GET %.1f ns/page, CLEAR %.1f ns/page\n", n, (double)g / n, (double)c / n);
		free(bitmap);
		workload_destroy(w);
		continue;
broken:
		r->verdict = "BROKEN";
		report_note(r, "%lu pages: %s", n, why);
		return REPRO_BROKEN;
	}
	r->params = fmt("{\"max_pages\": %lu, \"repeat\": %d, \"backing\": \"%s\", \"vcpus\": 1}", o->max_pages, o->repeat, o->backing);
	r->verdict = "INFO";
	r->plot_table = 0, r->plot_x = 0, r->plot_y[0] = 1, r->plot_y[1] = 2, r->nplot_y = 2;
	r->plot_logx = true, r->plot_ylabel = "ns per dirty page";
	return REPRO_OK;
}

const struct scenario scn_dirty_log_cost = {
	.name = "dirty-log-cost",
	.summary = "GET_DIRTY_LOG / CLEAR_DIRTY_LOG time per dirty page for 1 ... --max-pages pages",
	.needs_guest = true,
	.run = run,
};
