// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro dirty-log-latency: do vCPUs stall while userspace harvests the
 * dirty log? Writer vCPUs (--vcpus, --mem each) keep a dirty-logged slot dirty
 * while a probe vCPU touches never-accessed pages of a second slot, timing
 * every touch with the cycle counter (rdtsc; cntvct_el0 on arm64): each is a
 * fault that needs mmu_lock. The host
 * meanwhile loops, every 20 ms:
 *   idle   nothing (the baseline)
 *   get    KVM_GET_DIRTY_LOG (write-protects the dirty pages under mmu_lock)
 *   clear  manual protect: KVM_GET_DIRTY_LOG, then KVM_CLEAR_DIRTY_LOG in 64K-page chunks
 * Reported per mode: the probe's fault latency p50 / p99 / max and the harvest
 * ioctls' count and time. The kvm module's dirty_log_lock_break_words (kvmlm)
 * is in the host section of the report. Fails only on a broken run.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "processor.h"
#include "ucall_common.h"
#include "workload.h"

#define PROBE_SLOT	2
#define PROBE_GVA	0x80000000ul
#define PROBE_PAGES	4096		/* the sample array lives in the guest image */
#define INTERVAL_MS	20
#define CLEAR_CHUNK	65536		/* pages per CLEAR_DIRTY_LOG, as QEMU's default chunk of 256 MiB */

static uint64_t probe_gva = PROBE_GVA;
static uint64_t probe_cycles[PROBE_PAGES];

/*
 * The guest's cycle counter and its rate in kHz, as the host learns it:
 * x86 the TSC (KVM_GET_TSC_KHZ of the vCPU), arm64 the virtual counter
 * (CNTFRQ_EL0, the same for guest and host; readable at EL0).
 */
#if defined(__x86_64__)
static inline uint64_t guest_cycles(void) { return rdtsc(); }
static int64_t cycles_khz(struct kvm_vcpu *vcpu) { return __vcpu_ioctl(vcpu, KVM_GET_TSC_KHZ, NULL); }
#define CYCLES_KHZ_SOURCE "KVM_GET_TSC_KHZ"
#elif defined(__aarch64__)
static inline uint64_t guest_cycles(void)
{
	uint64_t v;

	asm volatile("isb; mrs %0, cntvct_el0" : "=r"(v) : : "memory");
	return v;
}
static int64_t cycles_khz(struct kvm_vcpu *vcpu)
{
	uint64_t f;

	asm volatile("mrs %0, cntfrq_el0" : "=r"(f));
	return f / 1000;
}
#define CYCLES_KHZ_SOURCE "CNTFRQ_EL0"
#else
#error "kvmlm-repro dirty-log-latency: no cycle counter for this architecture"
#endif

static void probe_code(void)
{
	for (uint64_t i = 0; i < PROBE_PAGES; i++) {
		uint64_t t0 = guest_cycles();
		*(volatile uint64_t *)(probe_gva + i * WL_PAGE) = i;
		probe_cycles[i] = guest_cycles() - t0;
	}
	GUEST_DONE();
}

struct writer {
	struct kvm_vcpu *vcpu;
	volatile bool *stop;
	int bad;
};

static void *writer_loop(void *p)
{
	struct writer *w = p;
	struct ucall uc;
	while (!*w->stop) {
		vcpu_run(w->vcpu);
		if (get_ucall(w->vcpu, &uc) != UCALL_SYNC) {
			w->bad = 1;
			break;
		}
	}
	return NULL;
}

struct probe {
	struct kvm_vcpu *vcpu;
	volatile bool done;
	int bad;
};

static void *probe_run(void *p)
{
	struct probe *pr = p;
	struct ucall uc;
	vcpu_run(pr->vcpu);
	pr->bad = get_ucall(pr->vcpu, &uc) != UCALL_DONE;
	pr->done = true;
	return NULL;
}

enum mode { IDLE, GET, CLEAR };
static const char *const mode_name[] = { "idle", "get", "clear" };

static int measure(const struct repro_opts *o, enum vm_mem_backing_src_type backing, enum mode mode,
		   struct table *t, char *why, size_t len)
{
	struct workload *w = workload_create(o->vcpus, o->mem_per_vcpu, backing);
	volatile bool stop = false;
	struct writer wr[WL_MAX_VCPUS];
	pthread_t wt[WL_MAX_VCPUS], pt;
	struct probe pr = { 0 };
	uint64_t words = (w->total_pages + 63) / 64, harvests = 0, hsum = 0, hmax = 0;
	uint64_t *bitmap = calloc(words, 8), probe_gpa = w->gpa - (PROBE_PAGES * WL_PAGE) - (1ul << 30);
	int rc = 0;

	if (mode == CLEAR)
		vm_enable_cap(w->vm, KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2, KVM_DIRTY_LOG_MANUAL_PROTECT_ENABLE);
	vm_userspace_mem_region_add(w->vm, VM_MEM_SRC_ANONYMOUS, probe_gpa, PROBE_SLOT, PROBE_PAGES, 0);
	virt_map(w->vm, PROBE_GVA, probe_gpa, PROBE_PAGES);
	pr.vcpu = vm_vcpu_add(w->vm, w->nvcpus, probe_code);
	int64_t tsc_khz = cycles_khz(pr.vcpu);
	if (tsc_khz <= 0) {
		snprintf(why, len, CYCLES_KHZ_SOURCE " failed: cannot convert the probe's cycles to time");
		rc = -1;
		goto out;
	}
	/* Writers populate their memory once, then dirty logging starts and they keep writing. */
	if (workload_pass(w, 1, false, NULL, why, len)) {
		rc = -1;
		goto out;
	}
	vm_mem_region_set_flags(w->vm, WL_SLOT, KVM_MEM_LOG_DIRTY_PAGES);
	for (int i = 0; i < w->nvcpus; i++) {
		wr[i] = (struct writer){ .vcpu = w->vcpus[i], .stop = &stop };
		pthread_create(&wt[i], NULL, writer_loop, &wr[i]);
	}
	usleep(INTERVAL_MS * 1000);
	pthread_create(&pt, NULL, probe_run, &pr);
	while (!pr.done) {
		usleep(INTERVAL_MS * 1000);
		if (mode == IDLE)
			continue;
		uint64_t t0 = now_ns();
		kvm_vm_get_dirty_log(w->vm, WL_SLOT, bitmap);
		if (mode == CLEAR)
			for (uint64_t first = 0; first < w->total_pages; first += CLEAR_CHUNK) {
				uint64_t n = w->total_pages - first < CLEAR_CHUNK ? w->total_pages - first : CLEAR_CHUNK;
				kvm_vm_clear_dirty_log(w->vm, WL_SLOT, bitmap + first / 64, first, n);
			}
		uint64_t d = now_ns() - t0;
		harvests++, hsum += d, hmax = d > hmax ? d : hmax;
	}
	pthread_join(pt, NULL);
	stop = true;
	for (int i = 0; i < w->nvcpus; i++)
		pthread_join(wt[i], NULL);
	for (int i = 0; i < w->nvcpus; i++)
		if (wr[i].bad) {
			snprintf(why, len, "writer vCPU %d stopped with an unexpected exit", i);
			rc = -1;
		}
	if (pr.bad) {
		snprintf(why, len, "the probe vCPU stopped with an unexpected exit (%s)", exit_reason_str(pr.vcpu->run->exit_reason));
		rc = -1;
	}
	if (rc)
		goto out;
	sync_global_from_guest(w->vm, probe_cycles);
	uint64_t ns[PROBE_PAGES];
	for (int i = 0; i < PROBE_PAGES; i++)
		ns[i] = probe_cycles[i] * 1000000 / tsc_khz;
	qsort(ns, PROBE_PAGES, sizeof(ns[0]), cmp_u64);
	table_row(t, fmt("%s", mode_name[mode]), fmt("%lu", ns[PROBE_PAGES / 2]), fmt("%lu", ns[PROBE_PAGES * 99 / 100]),
		  fmt("%lu", ns[PROBE_PAGES - 1]), fmt("%lu", harvests), fmt("%.0f", harvests ? hsum / 1e3 / harvests : 0.0),
		  fmt("%.0f", hmax / 1e3));
out:
	free(bitmap);
	workload_destroy(w);
	return rc;
}

static int run(const struct repro_opts *o, struct report *r)
{
	enum vm_mem_backing_src_type backing;
	parse_backing(o->backing, &backing);
	struct table *t = report_table(r, "probe vCPU fault latency while the dirty log is harvested", 7,
				       "harvest", "p50_ns", "p99_ns", "max_ns", "harvests", "harvest_avg_us", "harvest_max_us");
	char why[256];
	for (enum mode m = IDLE; m <= CLEAR; m++) {
		if (m == CLEAR && !kvm_check_cap(KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2)) {
			report_note(r, "clear mode not measured: KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2 not supported");
			continue;
		}
		if (measure(o, backing, m, t, why, sizeof(why))) {
			r->verdict = "BROKEN";
			report_note(r, "%s: %s", mode_name[m], why);
			return REPRO_BROKEN;
		}
		if (!o->quiet)
			fprintf(stderr, "  %s: done\n", mode_name[m]);
	}
	report_note(r, "probe: %d never-touched pages, one fault each; harvest every %d ms", PROBE_PAGES, INTERVAL_MS);
	r->params = fmt("{\"vcpus\": %d, \"mem_per_vcpu\": %lu, \"backing\": \"%s\", \"probe_pages\": %d, \"interval_ms\": %d}",
			o->vcpus, o->mem_per_vcpu, o->backing, PROBE_PAGES, INTERVAL_MS);
	r->verdict = "INFO";
	return REPRO_OK;
}

const struct scenario scn_dirty_log_latency = {
	.name = "dirty-log-latency",
	.summary = "probe vCPU fault latency p50/p99/max while GET (or GET + CLEAR in chunks) loops over a dirty slot",
	.needs_guest = true,
	.run = run,
};
