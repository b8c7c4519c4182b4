// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro: the guest workload every timing/correctness scenario uses.
 *
 * K vCPUs, each owning a contiguous part of one test memslot. One "pass" runs
 * every vCPU once through its part: it writes the current stamp into the first
 * 8 bytes of each selected 4K page (all pages, or a pseudo-random ~3/4 chosen
 * from the stamp so the host can recompute the set), then reports back with a
 * ucall. Passes are driven from the host, one thread per vCPU.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

#include "kvm_util.h"
#include "processor.h"
#include "ucall_common.h"

#include "workload.h"

/*
 * The selftest library's VM constructor takes a guest mode up to v6.6 (Debian's 6.1)
 * and a "shape", the mode with a VM type, from v6.7 on (Debian's 6.12).
 */
#ifdef VM_SHAPE_DEFAULT
#define WL_VM_DEFAULT VM_SHAPE_DEFAULT
#else
#define WL_VM_DEFAULT VM_MODE_DEFAULT
#endif

#define TEST_GVA 0xc0000000ul

/* Shared with the guest (synced into guest memory before every pass). */
static struct {
	uint64_t gva;
	uint64_t pages_per_vcpu;
	uint64_t stamp;
	uint64_t random_subset;
} gargs;

static void guest_code(uint32_t idx)
{
	for (;;) {
		uint64_t base = gargs.gva + idx * gargs.pages_per_vcpu * WL_PAGE;
		for (uint64_t i = 0; i < gargs.pages_per_vcpu; i++)
			if (!gargs.random_subset || wl_selected(gargs.stamp, idx * gargs.pages_per_vcpu + i))
				*(volatile uint64_t *)(base + i * WL_PAGE) = gargs.stamp;
		GUEST_SYNC(1);
	}
}

struct workload *workload_create_ring(int nvcpus, uint64_t bytes_per_vcpu, enum vm_mem_backing_src_type backing,
				     uint32_t ring_bytes)
{
	struct workload *w = calloc(1, sizeof(*w));
	w->nvcpus = nvcpus;
	w->pages_per_vcpu = bytes_per_vcpu / WL_PAGE;
	w->total_pages = w->pages_per_vcpu * nvcpus;
	/* Sized for one vCPU more than the writers: room for a probe vCPU (dirty-log-latency). */
	w->vm = __vm_create(WL_VM_DEFAULT, nvcpus + 1, w->total_pages);
	/* The dirty ring must be enabled before the vCPUs exist. */
	if (ring_bytes)
		vm_enable_dirty_ring(w->vm, ring_bytes);
	for (int i = 0; i < nvcpus; i++) {
		w->vcpus[i] = vm_vcpu_add(w->vm, i, guest_code);
		if (ring_bytes)
			w->rings[i] = vcpu_map_dirty_ring(w->vcpus[i]);
	}
	w->ring_entries = ring_bytes / sizeof(struct kvm_dirty_gfn);
	/* At the top of the guest physical space, aligned for 1G backing pages. */
	w->gpa = ((w->vm->max_gfn + 1) * WL_PAGE - w->total_pages * WL_PAGE - (1ul << 30)) & ~((1ul << 30) - 1);
	vm_userspace_mem_region_add(w->vm, backing, w->gpa, WL_SLOT, w->total_pages, 0);
	virt_map(w->vm, TEST_GVA, w->gpa, w->total_pages);
	w->hva = addr_gpa2hva(w->vm, w->gpa);
	for (int i = 0; i < nvcpus; i++)
		vcpu_args_set(w->vcpus[i], 1, i);
	gargs.gva = TEST_GVA;
	gargs.pages_per_vcpu = w->pages_per_vcpu;
	return w;
}

struct runner {
	struct kvm_vcpu *vcpu;
	int bad;
	char why[160];
};

static void *run_one(void *p)
{
	struct runner *r = p;
	struct ucall uc;
	vcpu_run(r->vcpu);
	uint64_t cmd = get_ucall(r->vcpu, &uc);
	if (cmd != UCALL_SYNC) {
		r->bad = 1;
		snprintf(r->why, sizeof(r->why), "vCPU %u stopped with %s (exit reason %s)", r->vcpu->id,
			 cmd == UCALL_ABORT ? "a guest assertion" : "an unexpected exit",
			 exit_reason_str(r->vcpu->run->exit_reason));
	}
	return NULL;
}

int workload_pass(struct workload *w, uint64_t stamp, bool random_subset, uint64_t *ns, char *why, size_t len)
{
	struct runner r[WL_MAX_VCPUS];
	pthread_t t[WL_MAX_VCPUS];
	gargs.stamp = stamp;
	gargs.random_subset = random_subset;
	sync_global_to_guest(w->vm, gargs);
	uint64_t t0 = now_ns();
	for (int i = 0; i < w->nvcpus; i++) {
		r[i] = (struct runner){ .vcpu = w->vcpus[i] };
		if (w->nvcpus == 1)
			run_one(&r[i]);
		else
			pthread_create(&t[i], NULL, run_one, &r[i]);
	}
	for (int i = 0; w->nvcpus > 1 && i < w->nvcpus; i++)
		pthread_join(t[i], NULL);
	if (ns)
		*ns = now_ns() - t0;
	for (int i = 0; i < w->nvcpus; i++)
		if (r[i].bad) {
			snprintf(why, len, "%s", r[i].why);
			return -1;
		}
	return 0;
}

struct workload *workload_create(int nvcpus, uint64_t bytes_per_vcpu, enum vm_mem_backing_src_type backing)
{
	return workload_create_ring(nvcpus, bytes_per_vcpu, backing, 0);
}

/*
 * Harvest every vCPU's dirty ring into bitmap (pages of the test slot), mark the
 * entries collected and reset the rings. Returns the number of entries, or -1
 * with why filled on an entry for another slot or past the slot.
 */
int64_t workload_harvest_rings(struct workload *w, uint64_t *bitmap, char *why, size_t len)
{
	int64_t n = 0;
	for (int i = 0; i < w->nvcpus; i++) {
		struct kvm_dirty_gfn *ring = w->rings[i];
		for (;;) {
			struct kvm_dirty_gfn *e = &ring[w->fetch[i] % w->ring_entries];
			if (__atomic_load_n(&e->flags, __ATOMIC_ACQUIRE) != KVM_DIRTY_GFN_F_DIRTY)
				break;
			if (e->slot != WL_SLOT || e->offset >= w->total_pages) {
				snprintf(why, len, "vCPU %d's dirty ring has an entry for slot %u offset %llu (test slot %d has %lu pages)",
					 i, e->slot, (unsigned long long)e->offset, WL_SLOT, w->total_pages);
				return -1;
			}
			bitmap[e->offset / 64] |= 1ull << (e->offset % 64);
			__atomic_store_n(&e->flags, KVM_DIRTY_GFN_F_RESET, __ATOMIC_RELEASE);
			w->fetch[i]++;
			n++;
		}
	}
	kvm_vm_reset_dirty_ring(w->vm);
	return n;
}

uint64_t workload_stamp_of(struct workload *w, uint64_t page)
{
	return *(volatile uint64_t *)((char *)w->hva + page * WL_PAGE);
}

void workload_destroy(struct workload *w)
{
	kvm_vm_free(w->vm);
	free(w);
}

int parse_backing(const char *s, enum vm_mem_backing_src_type *out)
{
	if (!strcmp(s, "anonymous"))
		*out = VM_MEM_SRC_ANONYMOUS;
	else if (!strcmp(s, "thp"))
		*out = VM_MEM_SRC_ANONYMOUS_THP;
	else if (!strcmp(s, "hugetlb"))
		*out = VM_MEM_SRC_ANONYMOUS_HUGETLB;
	else
		return -1;
	return 0;
}
