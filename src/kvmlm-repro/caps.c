// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro caps: what this host's KVM offers for dirty logging, and which QEMU
 * options will therefore take effect. Opens /dev/kvm, asks KVM_CHECK_EXTENSION on
 * the system fd and on a scratch VM (the arm64 eager-split caps are per VM), and
 * prints a table (and, with --json, the same as data). Runs no guest code, so it
 * works on hosts where the scenarios cannot run a 64-bit guest.
 *
 * The option rules are QEMU's own (kvmlm's QEMU 7.2 packages; upstream since 8.1
 * and 8.2), from accel/kvm/kvm-all.c and target/arm/kvm.c:
 *   dirty-ring-size=N    x86: cap 192, else 223 (the acquire/release ring);
 *                        arm64: 223 and 225 (the ring needs its backup bitmap there)
 *   eager-split-size=S   arm64 only: cap 228, and S one of the block sizes of cap 229
 *   (bitmap mode)        KVM_CLEAR_DIRTY_LOG when cap 168 offers it, else GET only
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "json-str.h"
#include "repro.h"

/* The numbers, for UAPI headers older than the caps (a stock 6.1 tree lacks 228/229). */
#define CAP_MANUAL_DIRTY_LOG_PROTECT2		168
#define CAP_DIRTY_LOG_RING			192
#define CAP_DIRTY_LOG_RING_ACQ_REL		223
#define CAP_DIRTY_LOG_RING_WITH_BITMAP		225
#define CAP_ARM_EAGER_SPLIT_CHUNK_SIZE		228
#define CAP_ARM_SUPPORTED_BLOCK_SIZES		229
#define CAP_CHECK_EXTENSION_VM			105

struct cap {
	int nr;
	const char *name;
	bool per_vm;		/* asked on the VM fd (its answer may depend on the VM) */
	const char *meaning;
	long value;		/* KVM_CHECK_EXTENSION's answer; < 0: -errno */
};

static struct cap caps[] = {
	{ CAP_MANUAL_DIRTY_LOG_PROTECT2, "KVM_CAP_MANUAL_DIRTY_LOG_PROTECT2", false,
	  "KVM_CLEAR_DIRTY_LOG: flags offered (1 manual protect, 2 initially set)", 0 },
	{ CAP_DIRTY_LOG_RING, "KVM_CAP_DIRTY_LOG_RING", false, "dirty ring, x86 ordering: max ring bytes", 0 },
	{ CAP_DIRTY_LOG_RING_ACQ_REL, "KVM_CAP_DIRTY_LOG_RING_ACQ_REL", false,
	  "dirty ring with acquire/release ordering (arm64): max ring bytes", 0 },
	{ CAP_DIRTY_LOG_RING_WITH_BITMAP, "KVM_CAP_DIRTY_LOG_RING_WITH_BITMAP", false,
	  "dirty ring plus a backup bitmap (arm64 ITS/vGIC tables)", 0 },
	{ CAP_ARM_EAGER_SPLIT_CHUNK_SIZE, "KVM_CAP_ARM_EAGER_SPLIT_CHUNK_SIZE", true,
	  "arm64 eager page splitting: settable chunk size", 0 },
	{ CAP_ARM_SUPPORTED_BLOCK_SIZES, "KVM_CAP_ARM_SUPPORTED_BLOCK_SIZES", true,
	  "arm64 stage-2 block sizes (bitmap of sizes)", 0 },
};
#define NCAPS (int)(sizeof(caps) / sizeof(caps[0]))

static long cap_value(int nr)
{
	for (int i = 0; i < NCAPS; i++)
		if (caps[i].nr == nr)
			return caps[i].value;
	return -EINVAL;
}

static long check(int fd, int nr)
{
	int v = ioctl(fd, KVM_CHECK_EXTENSION, nr);
	return v < 0 ? -errno : v;
}

/* "4K,2M,1G" from a block-size bitmap. */
static void block_sizes(long bits, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (int b = 12; b < 48 && bits > 0; b++) {
		if (!(bits & (1L << b)))
			continue;
		const char *u = b >= 30 ? "G" : b >= 20 ? "M" : "K";
		int sh = b >= 30 ? 30 : b >= 20 ? 20 : 10;
		n += snprintf(buf + n, len - n, "%s%ld%s", n ? "," : "", 1L << (b - sh), u);
		if (n >= len)
			break;
	}
}

struct option_rule {
	const char *option;
	const char *arch;	/* "x86_64", "aarch64" */
	bool effect;
	char why[256];
};

int caps_run(const char *json_path)
{
	struct utsname u;
	uname(&u);
	bool arm = !strcmp(u.machine, "aarch64");
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0) {
		fprintf(stderr, "kvmlm-repro caps: /dev/kvm: %s\n", strerror(errno));
		return REPRO_UNSUPPORTED;
	}
	int api = ioctl(kvm, KVM_GET_API_VERSION, 0);
	/* Per-VM caps: a scratch VM (type 0: the default IPA size on arm64), no vCPU. */
	int vm = -1;
	if (check(kvm, CAP_CHECK_EXTENSION_VM) > 0)
		vm = ioctl(kvm, KVM_CREATE_VM, 0);
	int vm_errno = vm < 0 ? errno : 0;
	for (int i = 0; i < NCAPS; i++)
		caps[i].value = caps[i].per_vm ? (vm >= 0 ? check(vm, caps[i].nr) : -ENOTTY) : check(kvm, caps[i].nr);
	if (vm >= 0)
		close(vm);
	close(kvm);

	char sizes[64];
	long bs = cap_value(CAP_ARM_SUPPORTED_BLOCK_SIZES);
	block_sizes(bs, sizes, sizeof(sizes));

	struct option_rule rules[3] = {
		{ .option = "-accel kvm,dirty-ring-size=N", .arch = "x86_64" },
		{ .option = "-accel kvm,dirty-ring-size=N", .arch = "aarch64" },
		{ .option = "-accel kvm,eager-split-size=S", .arch = "aarch64" },
	};
	long acq = cap_value(CAP_DIRTY_LOG_RING_ACQ_REL), ring = cap_value(CAP_DIRTY_LOG_RING);
	long bitmap = cap_value(CAP_DIRTY_LOG_RING_WITH_BITMAP), eager = cap_value(CAP_ARM_EAGER_SPLIT_CHUNK_SIZE);
	rules[0].effect = !arm && (acq > 0 || ring > 0);
	snprintf(rules[0].why, sizeof(rules[0].why), arm ? "not this architecture" :
		 ring > 0 ? "cap 192: N up to %ld entries (Debian's QEMU 7.2 and kvmlm's)" :
		 acq > 0 ? "cap 223 only: N up to %ld entries (kvmlm's QEMU; Debian's 7.2 asks for 192)" :
		 "no ring cap (192/223): QEMU refuses dirty-ring-size", (ring > 0 ? ring : acq) / 16);
	rules[1].effect = arm && acq > 0 && bitmap > 0;
	snprintf(rules[1].why, sizeof(rules[1].why), !arm ? "not this architecture" :
		 rules[1].effect ? "caps 223 + 225: N up to %ld entries; needs kvmlm's QEMU (Debian's 7.2 has no arm64 ring)" :
		 acq > 0 ? "cap 223 without 225 (backup bitmap): QEMU refuses the ring on arm64" :
		 "no cap 223: QEMU refuses dirty-ring-size and the bitmap is used", acq / 16);
	rules[2].effect = arm && eager > 0;
	snprintf(rules[2].why, sizeof(rules[2].why), !arm ? "not this architecture" :
		 eager > 0 ? "cap 228; S one of %s; needs kvmlm's QEMU (Debian's 7.2 has no eager-split-size)" :
		 "no cap 228: QEMU refuses eager-split-size", sizes[0] ? sizes : "(cap 229 lists none)");

	printf("kvmlm-repro caps: /dev/kvm on %s %s (%s), KVM API %d\n", u.sysname, u.release, u.machine, api);
	if (vm < 0)
		printf("  (no scratch VM: %s; the per-VM caps are not known)\n",
		       vm_errno ? strerror(vm_errno) : "no KVM_CAP_CHECK_EXTENSION_VM");
	printf("\n  %-4s %-36s %-12s %s\n", "cap", "name", "value", "meaning");
	for (int i = 0; i < NCAPS; i++) {
		char v[32];
		if (caps[i].value < 0)
			snprintf(v, sizeof(v), "error %ld", -caps[i].value);
		else
			snprintf(v, sizeof(v), "%ld%s", caps[i].value, caps[i].value ? "" : " (no)");
		printf("  %-4d %-36s %-12s %s\n", caps[i].nr, caps[i].name, v, caps[i].meaning);
	}
	if (sizes[0])
		printf("  block sizes (cap 229): %s\n", sizes);
	printf("\n  QEMU option (this host: %s)\n", u.machine);
	for (int i = 0; i < 3; i++)
		printf("  %-32s %-8s %-5s %s\n", rules[i].option, rules[i].arch, rules[i].effect ? "yes" : "no", rules[i].why);
	printf("  bitmap mode: %s\n", cap_value(CAP_MANUAL_DIRTY_LOG_PROTECT2) > 0 ?
	       "GET_DIRTY_LOG + KVM_CLEAR_DIRTY_LOG (cap 168)" : "GET_DIRTY_LOG only (no cap 168)");

	if (!json_path)
		return REPRO_OK;
	FILE *f = fopen(json_path, "w");
	if (!f) {
		fprintf(stderr, "kvmlm-repro caps: %s: %s\n", json_path, strerror(errno));
		return REPRO_BROKEN;
	}
	fprintf(f, "{\n  \"tool\": \"kvmlm-repro caps\",\n  \"host\": {");
	host_describe_json(f);
	fprintf(f, "},\n  \"kvm_api_version\": %d,\n  \"scratch_vm\": %s,\n  \"caps\": [\n", api, vm >= 0 ? "true" : "false");
	for (int i = 0; i < NCAPS; i++) {
		fprintf(f, "    {\"cap\": %d, \"name\": ", caps[i].nr);
		json_str(f, caps[i].name);
		if (caps[i].value < 0)
			fprintf(f, ", \"value\": null, \"errno\": %ld, \"supported\": false}", -caps[i].value);
		else
			fprintf(f, ", \"value\": %ld, \"supported\": %s}", caps[i].value, caps[i].value > 0 ? "true" : "false");
		fprintf(f, "%s\n", i + 1 < NCAPS ? "," : "");
	}
	fprintf(f, "  ],\n  \"block_sizes\": ");
	json_str(f, sizes);
	fprintf(f, ",\n  \"clear_dirty_log\": %s,\n  \"qemu_options\": [\n",
		cap_value(CAP_MANUAL_DIRTY_LOG_PROTECT2) > 0 ? "true" : "false");
	for (int i = 0; i < 3; i++) {
		fprintf(f, "    {\"option\": ");
		json_str(f, rules[i].option);
		fprintf(f, ", \"arch\": ");
		json_str(f, rules[i].arch);
		fprintf(f, ", \"takes_effect\": %s, \"why\": ", rules[i].effect ? "true" : "false");
		json_str(f, rules[i].why);
		fprintf(f, "}%s\n", i < 2 ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
	if (fclose(f)) {
		fprintf(stderr, "kvmlm-repro caps: %s: %s\n", json_path, strerror(errno));
		return REPRO_BROKEN;
	}
	return REPRO_OK;
}
