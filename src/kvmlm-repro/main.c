// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro - one command per live-migration symptom, for support engineers.
 *
 *   kvmlm-repro SCENARIO [options]      run one scenario, print a table and a verdict
 *   kvmlm-repro caps [--json FILE]      the host's dirty-log capabilities, the QEMU options they allow
 *   kvmlm-repro --host                  print what the host is (kernel, KVM params, THP, CPU)
 *   kvmlm-repro --help                  scenarios, options, exit statuses
 *
 * Every flag is checked before /dev/kvm is opened. Scenarios that run guest
 * code first check that this host's KVM can run a 64-bit guest at all and say
 * so clearly when it cannot (exit 3), instead of printing garbage numbers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "repro.h"
#include "workload.h"

static const struct scenario *scenarios[] = {
	&scn_dirty_log_latency, &scn_dirty_log_cost, &scn_dirty_log_start, &scn_hugepage_restore, &scn_fault_scaling, &scn_dirty_log_verify,
	&scn_bad_input,
};
#define NSCN (int)(sizeof(scenarios) / sizeof(scenarios[0]))

static void usage(FILE *out)
{
	fprintf(out,
		"usage: kvmlm-repro SCENARIO [options]\n"
		"       kvmlm-repro caps [--json FILE]\n"
		"       kvmlm-repro --host | --help\n\n"
		"Reproduces KVM live-migration symptoms on this host's /dev/kvm (stock or kvmlm\n"
		"modules), prints a table and a verdict, and writes a report to attach to a ticket.\n\n"
		"scenarios:\n");
	for (int i = 0; i < NSCN; i++)
		fprintf(out, "  %-18s %s\n", scenarios[i]->name, scenarios[i]->summary);
	fprintf(out, "  %-18s %s\n", "caps", "the dirty-log capabilities of /dev/kvm and the QEMU options they allow (no guest)");
	fprintf(out,
		"\noptions (defaults are small enough for a TCG guest; use bigger ones on real hosts):\n"
		"  --vcpus N          vCPUs writing guest memory (1-%d; default 2; fault-scaling: the largest K)\n"
		"  --mem SIZE         guest memory per vCPU, K/M/G suffix, multiple of 4K (default 64M)\n"
		"  --iterations N     passes to check (dirty-log-verify; default 4)\n"
		"  --repeat N         runs per data point, the median is reported (1-64; default 3)\n"
		"  --max-pages N      largest dirty page count (dirty-log-cost; default 16384)\n"
		"  --slot SIZE        slot size (dirty-log-start; default 256M)\n"
		"  --backing KIND     anonymous | thp | hugetlb (default anonymous; thp for hugepage-restore)\n"
		"  --json FILE        write the report as JSON (host, parameters, tables, verdict)\n"
		"  --svg FILE         write a plot (dirty-log-cost, fault-scaling)\n"
		"  --quiet            no progress lines\n\n"
		"exit status: 0 ran (verdict PASS or INFO), 1 KVM behaved wrongly (FAIL),\n"
		"  2 bad command line (nothing was run), 3 this host cannot run the scenario\n"
		"  (no /dev/kvm, no 64-bit guests, missing capability), 4 the run broke.\n"
		"Timing scenarios never fail on slowness: compare their numbers between hosts or\n"
		"module sets (medians, ratios), ideally with --json on both.\n", WL_MAX_VCPUS);
}

static int bad(const char *f, const char *a)
{
	fprintf(stderr, "kvmlm-repro: ");
	fprintf(stderr, f, a);
	fprintf(stderr, " (see kvmlm-repro --help)\n");
	return REPRO_USAGE;
}

/* "64M" -> bytes; -1 on a malformed size. */
static int64_t parse_size_arg(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -1;
	switch (*end) {
	case 'K': case 'k': v <<= 10, end++; break;
	case 'M': case 'm': v <<= 20, end++; break;
	case 'G': case 'g': v <<= 30, end++; break;
	}
	return *end || v > (1ull << 40) ? -1 : (int64_t)v;
}

static int parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	struct repro_opts o = { .vcpus = 2, .mem_per_vcpu = 64 << 20, .iterations = 4, .repeat = 3,
				.max_pages = 16384, .slot_bytes = 256 << 20, .backing = NULL };
	static const struct option lo[] = {
		{ "vcpus", 1, 0, 'v' }, { "mem", 1, 0, 'm' }, { "iterations", 1, 0, 'i' }, { "repeat", 1, 0, 'r' },
		{ "max-pages", 1, 0, 'p' }, { "slot", 1, 0, 's' }, { "backing", 1, 0, 'b' }, { "json", 1, 0, 'j' },
		{ "svg", 1, 0, 'g' }, { "quiet", 0, 0, 'q' }, { "help", 0, 0, 'h' }, { "host", 0, 0, 'H' }, { 0 }
	};
	long v;
	int64_t sz;
	int c;
	bool host_only = false, scenario_opts = false;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		scenario_opts |= c != 'j' && c != 'q' && c != 'h' && c != 'H';
		switch (c) {
		case 'v':
			if (parse_int(optarg, 1, WL_MAX_VCPUS, &v))
				return bad("--vcpus wants 1 to 64, got \"%s\"", optarg);
			o.vcpus = v;
			break;
		case 'm':
			if ((sz = parse_size_arg(optarg)) <= 0 || sz % WL_PAGE)
				return bad("--mem wants a size that is a positive multiple of 4K (e.g. 64M), got \"%s\"", optarg);
			o.mem_per_vcpu = sz;
			break;
		case 'i':
			if (parse_int(optarg, 1, 100000, &v))
				return bad("--iterations wants 1 to 100000, got \"%s\"", optarg);
			o.iterations = v;
			break;
		case 'r':
			if (parse_int(optarg, 1, 64, &v))
				return bad("--repeat wants 1 to 64, got \"%s\"", optarg);
			o.repeat = v;
			break;
		case 'p':
			if (parse_int(optarg, 1, 1 << 22, &v))
				return bad("--max-pages wants 1 to 4194304, got \"%s\"", optarg);
			o.max_pages = v;
			break;
		case 's':
			if ((sz = parse_size_arg(optarg)) <= 0 || sz % (2 << 20))
				return bad("--slot wants a size that is a positive multiple of 2M (e.g. 1G), got \"%s\"", optarg);
			o.slot_bytes = sz;
			break;
		case 'b': {
			enum vm_mem_backing_src_type t;
			if (parse_backing(optarg, &t))
				return bad("--backing wants anonymous, thp or hugetlb, got \"%s\"", optarg);
			o.backing = optarg;
			break;
		}
		case 'j': o.json = optarg; break;
		case 'g': o.svg = optarg; break;
		case 'q': o.quiet = true; break;
		case 'H': host_only = true; break;
		case 'h': usage(stdout); return REPRO_OK;
		default: usage(stderr); return REPRO_USAGE;
		}
	}
	if (host_only) {
		host_print(stdout);
		return REPRO_OK;
	}
	if (optind != argc - 1) {
		usage(stderr);
		return optind == argc ? bad("%s", "which scenario?") : bad("one scenario at a time, got \"%s\" too", argv[optind + 1]);
	}
	if (!strcmp(argv[optind], "caps")) {
		if (scenario_opts)
			return bad("%s", "caps takes --json FILE only");
		return caps_run(o.json);
	}
	const struct scenario *s = NULL;
	for (int i = 0; i < NSCN; i++)
		if (!strcmp(argv[optind], scenarios[i]->name))
			s = scenarios[i];
	if (!s)
		return bad("unknown scenario \"%s\"", argv[optind]);
	if (!o.backing)
		o.backing = s == &scn_hugepage_restore ? "thp" : "anonymous";
	if (strcmp(o.backing, "anonymous") && ((o.mem_per_vcpu % (2 << 20)) || (o.slot_bytes % (2 << 20))))
		return bad("--backing %s needs --mem and --slot in multiples of 2M", o.backing);
	if (o.svg && s != &scn_dirty_log_cost && s != &scn_fault_scaling)
		return bad("--svg: scenario %s has no plot (dirty-log-cost and fault-scaling have)", s->name);

	/* Flags are fine: from here on /dev/kvm is used. */
	struct report r = { .scenario = s->name, .verdict = "BROKEN" };
	char why[1024];
	if (!o.quiet)
		host_print(stdout);
	/* A host that cannot run the scenario gets the same verdict, note and JSON
	 * whether it lacks /dev/kvm (every scenario) or 64-bit guests (those with one). */
	int pre = 0;
	if (s->needs_guest) {
		pre = host_preflight(why, sizeof(why));
	} else if (access("/dev/kvm", R_OK | W_OK)) {
		snprintf(why, sizeof(why), "/dev/kvm: %s", strerror(errno));
		pre = REPRO_UNSUPPORTED;
	}
	if (pre) {
		fprintf(stderr, "kvmlm-repro: %s: %s\n", s->name, why);
		r.verdict = "UNSUPPORTED";
		report_note(&r, "%s", why);
		printf("\nverdict: %s UNSUPPORTED (%s)\n", s->name, why);
		if (o.json)
			report_write_json(&r, o.json);
		return pre;
	}
	int rc = s->run(&o, &r);
	report_print(&r, stdout);
	if (o.json && report_write_json(&r, o.json))
		return REPRO_BROKEN;
	if (o.svg && report_write_svg(&r, o.svg))
		return REPRO_BROKEN;
	return rc;
}
