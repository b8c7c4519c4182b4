// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro fault-scaling: do page faults scale with vCPUs, or do they
 * serialize on mmu_lock? K vCPUs (K = 1, 2, 4, ... --vcpus) each touch
 * --mem of fresh guest memory once; every touch of a new page is an EPT/NPT
 * violation KVM handles. Reported: faults per wall-second for each K and the
 * speed-up over K = 1 (the "pft" table); medians of --repeat VMs. On a host
 * with fewer CPUs than vCPUs the curve flattens for that reason alone: the
 * report records the CPU count. Fails only on a broken run.
 */
#define _GNU_SOURCE
#include <string.h>
#include <unistd.h>

#include "workload.h"

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);
	struct table *t = report_table(r, "first-touch faults per wall-second (median of the VMs)", 5,
				       "vcpus", "faults", "wall_ms", "faults_per_s", "speedup_vs_1");
	char why[256];
	double base = 0;
	for (int k = 1; k <= o->vcpus; k *= 2) {
		uint64_t ns[64], faults = 0;
		for (int i = 0; i < o->repeat; i++) {
			struct workload *w = workload_create(k, o->mem_per_vcpu, backing);
			faults = w->total_pages;
			int rc = workload_pass(w, 1, false, &ns[i], why, sizeof(why));
			workload_destroy(w);
			if (rc) {
				r->verdict = "BROKEN";
				report_note(r, "%d vCPUs: %s", k, why);
				return REPRO_BROKEN;
			}
		}
		uint64_t m = median_u64(ns, o->repeat);
		double rate = faults / (m / 1e9);
		if (k == 1)
			base = rate;
		table_row(t, fmt("%d", k), fmt("%lu", faults), fmt("%.1f", m / 1e6), fmt("%.0f", rate),
			  fmt("%.2f", base ? rate / base : 0));
		if (!o->quiet)
			fprintf(stderr, "  %d vCPUs: %.0f faults/s\n", k, rate);
		if (k < o->vcpus && 2 * k > o->vcpus && k != o->vcpus)
			k = o->vcpus / 2;	/* end on --vcpus itself */
	}
	report_note(r, "%ld host CPUs online: beyond that, vCPUs share CPUs and the rate cannot scale", sysconf(_SC_NPROCESSORS_ONLN));
	r->params = fmt("{\"vcpus\": %d, \"mem_per_vcpu\": %lu, \"repeat\": %d, \"backing\": \"%s\"}",
			o->vcpus, o->mem_per_vcpu, o->repeat, o->backing);
	r->verdict = "INFO";
	r->plot_table = 0, r->plot_x = 0, r->plot_y[0] = 3, r->nplot_y = 1;
	r->plot_logx = false, r->plot_ylabel = "faults per second";
	return REPRO_OK;
}

const struct scenario scn_fault_scaling = {
	.name = "fault-scaling",
	.summary = "first-touch faults per wall-second with 1, 2, 4, ... --vcpus vCPUs (mmu_lock scalability)",
	.needs_guest = true,
	.run = run,
};
