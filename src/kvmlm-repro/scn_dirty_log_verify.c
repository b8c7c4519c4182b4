// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro dirty-log-verify: is the dirty log right? vCPUs write the pass
 * number into a pseudo-random ~3/4 of their pages each pass (the host knows
 * which); after each pass the host harvests the log and checks, page by page:
 *   missed    written in this pass but not reported dirty   -> lost on migration
 *   spurious  reported dirty but not written in this pass   -> "every page reported
 *             dirty holds the current stamp" does not hold
 *   stale     written but not holding the stamp             -> the guest's write is gone
 * in three harvest modes: "bitmap" (KVM_GET_DIRTY_LOG, which also re-protects),
 * "clear-log" (manual protect: GET, then KVM_CLEAR_DIRTY_LOG of what was
 * found, as QEMU does) and "dirty-ring" (per-vCPU rings, KVM_RESET_DIRTY_RINGS;
 * only where KVM_CAP_DIRTY_LOG_RING exists). Any such page fails the scenario.
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

enum mode { BITMAP, CLEAR_LOG, DIRTY_RING };
static const char *const mode_name[] = { "bitmap", "clear-log", "dirty-ring" };

/* Ring entries per vCPU: room for a whole pass of writes (a full ring would stop the vCPU). */
static uint32_t ring_bytes_for(uint64_t pages)
{
	uint64_t e = 64;
	while (e < 2 * pages)
		e *= 2;
	return e * sizeof(struct kvm_dirty_gfn);
}

static int verify_mode(const struct repro_opts *o, enum vm_mem_backing_src_type backing, enum mode mode,
		       struct table *t, struct report *r)
{
	bool clear_log = mode == CLEAR_LOG;
	struct workload *w = workload_create_ring(o->vcpus, o->mem_per_vcpu, backing,
						  mode == DIRTY_RING ? ring_bytes_for(o->mem_per_vcpu / WL_PAGE) : 0);
	uint64_t words = (w->total_pages + 63) / 64, missed = 0, spurious = 0, stale = 0, written = 0;
	uint64_t *bitmap = calloc(words, 8);
	char why[256];
	if (clear_log)
		vm_enable_cap(w->vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE);
	if (workload_pass(w, 1, false, NULL, why, sizeof(why)))
		goto broken;
	vm_mem_region_set_flags(w->vm, WL_SLOT, KVM_MEM_LOG_DIRTY_PAGES);
	for (int it = 2; it < 2 + o->iterations; it++) {
		if (workload_pass(w, it, true, NULL, why, sizeof(why)))
			goto broken;
		if (mode == DIRTY_RING) {
			memset(bitmap, 0, words * 8);
			if (workload_harvest_rings(w, bitmap, why, sizeof(why)) < 0)
				goto broken;
		} else {
			kvm_vm_get_dirty_log(w->vm, WL_SLOT, bitmap);
			if (clear_log)
				kvm_vm_clear_dirty_log(w->vm, WL_SLOT, bitmap, 0, w->total_pages);
		}
		for (uint64_t p = 0; p < w->total_pages; p++) {
			bool wr = wl_selected(it, p), dirty = bitmap[p / 64] >> (p % 64) & 1;
			uint64_t v = workload_stamp_of(w, p);
			written += wr;
			if (wr && !dirty && !missed++)
				report_note(r, "%s: first missed page: pass %d, page %lu (gpa 0x%lx) written but not reported dirty",
					    mode_name[mode], it, p, w->gpa + p * WL_PAGE);
			if (!wr && dirty && !spurious++)
				report_note(r, "%s: first spurious page: pass %d, page %lu reported dirty but holds stamp %lu",
					    mode_name[mode], it, p, v);
			if (wr && v != (uint64_t)it && !stale++)
				report_note(r, "%s: first stale page: pass %d, page %lu holds %lu", mode_name[mode], it, p, v);
		}
	}
	table_row(t, fmt("%s", mode_name[mode]), fmt("%d", o->iterations), fmt("%lu", written),
		  fmt("%lu", missed), fmt("%lu", spurious), fmt("%lu", stale),
		  fmt("%s", missed || spurious || stale ? "WRONG" : "ok"));
	free(bitmap);
	workload_destroy(w);
	return missed || spurious || stale ? REPRO_FAIL : REPRO_OK;
broken:
	report_note(r, "%s", why);
	free(bitmap);
	workload_destroy(w);
	return REPRO_BROKEN;
}

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);
	struct table *t = report_table(r, "dirty log correctness, page by page", 7,
				       "mode", "passes", "pages_written", "missed", "spurious", "stale", "result");
	int worst = REPRO_OK;
	for (enum mode m = BITMAP; m <= DIRTY_RING; m++) {
		if (m == CLEAR_LOG && !kvm_check_cap(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2)) {
			report_note(r, "clear-log mode not checked: KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2 not supported");
			continue;
		}
		if (m == DIRTY_RING && !kvm_check_cap(KVM_CAP_DIRTY_LOG_RING)) {
			report_note(r, "dirty-ring mode not checked: KVM_CAP_DIRTY_LOG_RING not supported by this kernel");
			continue;
		}
		if (m == DIRTY_RING && ring_bytes_for(o->mem_per_vcpu / WL_PAGE) >
				       (uint64_t)kvm_check_cap(KVM_CAP_DIRTY_LOG_RING)) {
			report_note(r, "dirty-ring mode not checked: --mem %lu needs a ring larger than KVM's maximum", o->mem_per_vcpu);
			continue;
		}
		int rc = verify_mode(o, backing, m, t, r);
		if (rc == REPRO_BROKEN)
			worst = REPRO_BROKEN;
		else if (rc == REPRO_FAIL && worst == REPRO_OK)
			worst = REPRO_FAIL;
	}
	r->params = fmt("{\"vcpus\": %d, \"mem_per_vcpu\": %lu, \"iterations\": %d, \"backing\": \"%s\"}",
			o->vcpus, o->mem_per_vcpu, o->iterations, o->backing);
	r->verdict = worst == REPRO_OK ? "PASS" : worst == REPRO_FAIL ? "FAIL" : "BROKEN";
	return worst;
}

const struct scenario scn_dirty_log_verify = {
	.name = "dirty-log-verify",
	.summary = "every written page is reported dirty and every dirty page holds the current stamp (bitmap, clear-log, dirty-ring)",
	.needs_guest = true,
	.run = run,
};
