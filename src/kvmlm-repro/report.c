// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro: the three outputs of a run -- the human table on stdout, the
 * JSON report to attach to a ticket, and an SVG plot where a curve says more
 * than the numbers. No libraries: the report must come out of a static binary
 * in a minimal initramfs.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json-str.h"
#include "repro.h"

char *fmt(const char *f, ...)
{
	va_list ap;
	char *s;
	va_start(ap, f);
	if (vasprintf(&s, f, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

struct table *report_table(struct report *r, const char *title, int ncols, ...)
{
	struct table *t = &r->tables[r->ntables++];
	va_list ap;
	memset(t, 0, sizeof(*t));
	t->title = title;
	t->ncols = ncols;
	va_start(ap, ncols);
	for (int i = 0; i < ncols; i++)
		t->cols[i] = va_arg(ap, const char *);
	va_end(ap);
	return t;
}

/* ncols cells, each a malloc'ed string (fmt()); the table owns them. */
void table_row(struct table *t, ...)
{
	va_list ap;
	if (t->nrows == TABLE_MAX_ROWS)
		return;
	va_start(ap, t);
	for (int i = 0; i < t->ncols; i++)
		t->cells[t->nrows][i] = va_arg(ap, char *);
	va_end(ap);
	t->nrows++;
}

void report_note(struct report *r, const char *f, ...)
{
	va_list ap;
	if (r->nnotes == 32)
		return;
	va_start(ap, f);
	if (vasprintf(&r->notes[r->nnotes], f, ap) < 0)
		abort();
	va_end(ap);
	r->nnotes++;
}

void report_print(const struct report *r, FILE *out)
{
	for (int k = 0; k < r->ntables; k++) {
		const struct table *t = &r->tables[k];
		int w[TABLE_MAX_COLS];
		fprintf(out, "\n%s\n", t->title);
		for (int c = 0; c < t->ncols; c++) {
			w[c] = strlen(t->cols[c]);
			for (int i = 0; i < t->nrows; i++)
				if ((int)strlen(t->cells[i][c]) > w[c])
					w[c] = strlen(t->cells[i][c]);
		}
		for (int c = 0; c < t->ncols; c++)
			fprintf(out, "%s%*s", c ? "  " : "  ", w[c], t->cols[c]);
		fputc('\n', out);
		for (int i = 0; i < t->nrows; i++) {
			for (int c = 0; c < t->ncols; c++)
				fprintf(out, "  %*s", w[c], t->cells[i][c]);
			fputc('\n', out);
		}
	}
	for (int i = 0; i < r->nnotes; i++)
		fprintf(out, "note: %s\n", r->notes[i]);
	fprintf(out, "\nverdict: %s %s\n", r->scenario, r->verdict);
	if (getenv("KVMLM_METRICS") && !r->no_metrics)
		report_print_metrics(r, out);
}

/*
 * KVMLM_METRICS=1: one "KVMLM-METRIC <scenario>:<first cell> key=value..." line per
 * table row, numeric cells only, for the VM lane's report (tests/vm/lane-stats report).
 */
void report_print_metrics(const struct report *r, FILE *out)
{
	for (int k = 0; k < r->ntables; k++) {
		const struct table *t = &r->tables[k];
		for (int i = 0; i < t->nrows; i++) {
			fprintf(out, "KVMLM-METRIC %s:", r->scenario);
			for (const char *c = t->cells[i][0]; *c; c++)
				fputc(isalnum((unsigned char)*c) ? *c : '_', out);
			for (int c = 1; c < t->ncols; c++) {
				char *end;
				strtod(t->cells[i][c], &end);
				if (*t->cells[i][c] && !*end)
					fprintf(out, " %s=%s", t->cols[c], t->cells[i][c]);
			}
			fputc('\n', out);
		}
	}
}

/* A cell that parses completely as a number is written as one. */
static void json_cell(FILE *f, const char *s)
{
	char *end;
	errno = 0;
	strtod(s, &end);
	if (*s && !*end && !errno && strcmp(s, "nan") && strcmp(s, "inf"))
		fputs(s, f);
	else
		json_str(f, s);
}

int report_write_json(const struct report *r, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "kvmlm-repro: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "{\n  \"tool\": \"kvmlm-repro\",\n  \"scenario\": ");
	json_str(f, r->scenario);
	fprintf(f, ",\n  \"verdict\": ");
	json_str(f, r->verdict);
	fprintf(f, ",\n  \"host\": {");
	host_describe_json(f);
	fprintf(f, "},\n  \"params\": %s,\n  \"tables\": [", r->params ? r->params : "{}");
	for (int k = 0; k < r->ntables; k++) {
		const struct table *t = &r->tables[k];
		fprintf(f, "%s\n    {\"title\": ", k ? "," : "");
		json_str(f, t->title);
		fprintf(f, ", \"columns\": [");
		for (int c = 0; c < t->ncols; c++) {
			fprintf(f, "%s", c ? ", " : "");
			json_str(f, t->cols[c]);
		}
		fprintf(f, "], \"rows\": [");
		for (int i = 0; i < t->nrows; i++) {
			fprintf(f, "%s[", i ? ", " : "");
			for (int c = 0; c < t->ncols; c++) {
				fprintf(f, "%s", c ? ", " : "");
				json_cell(f, t->cells[i][c]);
			}
			fprintf(f, "]");
		}
		fprintf(f, "]}");
	}
	fprintf(f, "\n  ],\n  \"notes\": [");
	for (int i = 0; i < r->nnotes; i++) {
		fprintf(f, "%s", i ? ", " : "");
		json_str(f, r->notes[i]);
	}
	fprintf(f, "]\n}\n");
	return fclose(f) ? -1 : 0;
}

/* A line plot of table[plot_table]: x column against the y columns. */
int report_write_svg(const struct report *r, const char *path)
{
	static const char *colour[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd" };
	const int W = 640, H = 400, L = 70, R = 150, T = 40, B = 50;
	if (!r->nplot_y || r->plot_table >= r->ntables) {
		fprintf(stderr, "kvmlm-repro: scenario %s has no plot\n", r->scenario);
		return -1;
	}
	const struct table *t = &r->tables[r->plot_table];
	double xmin = INFINITY, xmax = -INFINITY, ymax = 0;
	for (int i = 0; i < t->nrows; i++) {
		double x = atof(t->cells[i][r->plot_x]);
		if (r->plot_logx)
			x = log10(x > 0 ? x : 1);
		xmin = fmin(xmin, x), xmax = fmax(xmax, x);
		for (int k = 0; k < r->nplot_y; k++)
			ymax = fmax(ymax, atof(t->cells[i][r->plot_y[k]]));
	}
	if (!t->nrows || xmax <= xmin)
		xmax = xmin + 1;
	if (ymax <= 0)
		ymax = 1;
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "kvmlm-repro: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
#define PX(x) (L + ((x) - xmin) / (xmax - xmin) * (W - L - R))
#define PY(y) (H - B - (y) / ymax * (H - T - B))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%d\" y=\"20\" font-size=\"14\">kvmlm-repro %s: %s</text>\n", L, r->scenario, t->title);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, H - B, W - R, H - B);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, T, L, H - B);
	for (int i = 0; i <= 4; i++) {	/* y ticks */
		double y = ymax * i / 4;
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>\n", L - 6, PY(y) + 4, y);
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, PY(y), W - R, PY(y));
	}
	for (int i = 0; i < t->nrows; i++) {	/* x ticks at the data points */
		double x = atof(t->cells[i][r->plot_x]);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			PX(r->plot_logx ? log10(x > 0 ? x : 1) : x), H - B + 16, t->cells[i][r->plot_x]);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s</text>\n", (L + W - R) / 2, H - 12,
		t->cols[r->plot_x], r->plot_logx ? " (log scale)" : "");
	fprintf(f, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">%s</text>\n",
		(T + H - B) / 2, (T + H - B) / 2, r->plot_ylabel ? r->plot_ylabel : "");
	for (int k = 0; k < r->nplot_y; k++) {
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colour[k % 4]);
		for (int i = 0; i < t->nrows; i++) {
			double x = atof(t->cells[i][r->plot_x]);
			fprintf(f, "%.1f,%.1f ", PX(r->plot_logx ? log10(x > 0 ? x : 1) : x), PY(atof(t->cells[i][r->plot_y[k]])));
		}
		fprintf(f, "\"/>\n<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", W - R + 10, T + 16 * (k + 1), colour[k % 4],
			t->cols[r->plot_y[k]]);
	}
	fprintf(f, "</svg>\n");
#undef PX
#undef PY
	return fclose(f) ? -1 : 0;
}
