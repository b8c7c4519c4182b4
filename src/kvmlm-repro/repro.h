/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kvmlm-repro: shared declarations. One binary, one subcommand per customer
 * symptom; see main.c for the command line and kvmlm-repro --help.
 */
#ifndef KVMLM_REPRO_H
#define KVMLM_REPRO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses: what a support engineer's script can branch on. */
enum {
	REPRO_OK = 0,		/* ran; verdict PASS (or INFO for timing scenarios) */
	REPRO_FAIL = 1,		/* KVM behaved wrongly (verify, bad-input) */
	REPRO_USAGE = 2,	/* bad flag: nothing touched /dev/kvm */
	REPRO_UNSUPPORTED = 3,	/* this host cannot run the scenario (no /dev/kvm, no 64-bit guests, no cap) */
	REPRO_BROKEN = 4,	/* the run itself broke (a vCPU died, an ioctl failed unexpectedly) */
};

struct repro_opts {
	int vcpus;			/* --vcpus */
	uint64_t mem_per_vcpu;		/* --mem, bytes */
	int iterations;			/* --iterations */
	int repeat;			/* --repeat: runs per data point, the median is reported */
	uint64_t max_pages;		/* --max-pages (dirty-log-cost) */
	uint64_t slot_bytes;		/* --slot (dirty-log-start) */
	const char *backing;		/* --backing: anonymous | thp | hugetlb */
	const char *json;		/* --json FILE */
	const char *svg;		/* --svg FILE */
	bool quiet;
};

/* A result table: the human table, the JSON "tables" entry and the SVG data. */
#define TABLE_MAX_COLS 12
#define TABLE_MAX_ROWS 64
struct table {
	const char *title;
	int ncols, nrows;
	const char *cols[TABLE_MAX_COLS];
	char *cells[TABLE_MAX_ROWS][TABLE_MAX_COLS];
};

struct report {
	const char *scenario;
	const char *verdict;		/* PASS FAIL INFO UNSUPPORTED BROKEN */
	struct table tables[4];
	int ntables;
	char *notes[32];
	int nnotes;
	char *params;			/* JSON object text of the effective parameters */
	/* SVG line plot: table index, x column, y columns; log-scale x */
	int plot_table, plot_x, plot_y[4], nplot_y;
	bool plot_logx;
	const char *plot_ylabel;
	bool no_metrics;		/* KVMLM_METRICS lines make no sense (bad-input: errno names) */
};

struct scenario {
	const char *name;
	const char *summary;		/* one line for --help */
	bool needs_guest;		/* runs 64-bit guest code: preflight first */
	int (*run)(const struct repro_opts *o, struct report *r);
};

extern const struct scenario scn_bad_input, scn_dirty_log_cost, scn_dirty_log_start,
	scn_hugepage_restore, scn_dirty_log_verify, scn_fault_scaling, scn_dirty_log_latency;

/* report.c */
struct table *report_table(struct report *r, const char *title, int ncols, ...);
void table_row(struct table *t, ...);	/* ncols printf-formatted cells: pairs of (fmt, value) are not needed: pass strings */
char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
void report_note(struct report *r, const char *f, ...) __attribute__((format(printf, 2, 3)));
void report_print(const struct report *r, FILE *out);
void report_print_metrics(const struct report *r, FILE *out);
int report_write_json(const struct report *r, const char *path);
int report_write_svg(const struct report *r, const char *path);

/* host.c */
void host_describe_json(FILE *out);	/* "host": {...} members */
void host_print(FILE *out);
int host_preflight(char *why, size_t len);	/* 0: 64-bit guests run; else REPRO_UNSUPPORTED with why */

/* caps.c: kvmlm-repro caps */
int caps_run(const char *json_path);

/* util.c */
uint64_t now_ns(void);
int cmp_u64(const void *a, const void *b);
uint64_t median_u64(uint64_t *v, int n);

#endif
