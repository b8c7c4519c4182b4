/* SPDX-License-Identifier: GPL-2.0 */
/* kvmlm-repro: the guest workload (workload.c). Needs the selftest library headers. */
#ifndef KVMLM_REPRO_WORKLOAD_H
#define KVMLM_REPRO_WORKLOAD_H

#include "kvm_util.h"
#include "repro.h"

#define WL_PAGE		4096ul
#define WL_SLOT		1
#define WL_MAX_VCPUS	64

struct workload {
	struct kvm_vm *vm;
	struct kvm_vcpu *vcpus[WL_MAX_VCPUS];
	int nvcpus;
	uint64_t pages_per_vcpu, total_pages, gpa;
	void *hva;			/* host view of the test slot */
	struct kvm_dirty_gfn *rings[WL_MAX_VCPUS];	/* dirty ring mode only */
	uint32_t fetch[WL_MAX_VCPUS], ring_entries;
};

/* Whether a pass with this stamp writes page p (random-subset passes): ~3/4 of the pages. */
static inline bool wl_selected(uint64_t stamp, uint64_t p)
{
	uint64_t x = (stamp * 0x9e3779b97f4a7c15ull) ^ (p * 0xbf58476d1ce4e5b9ull);
	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 29;
	return (x & 3) != 0;
}

struct workload *workload_create(int nvcpus, uint64_t bytes_per_vcpu, enum vm_mem_backing_src_type backing);
/* The same with a per-vCPU dirty ring of ring_bytes (KVM_CAP_DIRTY_LOG_RING). */
struct workload *workload_create_ring(int nvcpus, uint64_t bytes_per_vcpu, enum vm_mem_backing_src_type backing,
				     uint32_t ring_bytes);
int64_t workload_harvest_rings(struct workload *w, uint64_t *bitmap, char *why, size_t len);
/* One pass of every vCPU; 0 on success, -1 with why filled when a vCPU did not finish it. */
int workload_pass(struct workload *w, uint64_t stamp, bool random_subset, uint64_t *ns, char *why, size_t len);
uint64_t workload_stamp_of(struct workload *w, uint64_t page);
void workload_destroy(struct workload *w);
int parse_backing(const char *s, enum vm_mem_backing_src_type *out);

#endif
