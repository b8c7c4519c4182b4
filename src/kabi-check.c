// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-check - kABI gate for rebuilt modules.
 *
 * Compares the Module.symvers of the modules we rebuild with the reference the
 * distribution shipped, applies kabi/severities, and checks that every stock
 * module which imports a symbol from the rebuilt modules would still load.
 *
 *   kabi-check --reference REF --new NEW [--severities FILE]
 *              [--stock-modules DIR --shipped NAME,NAME...]
 *
 * Scope: the reference exports of the modules that appear in NEW (a module
 * rebuild covers only those). Reported per symbol:
 *   LOST      exported by the reference, not by the rebuilt module
 *   CRC       CRC changed (the symbol's type signature changed as genksyms sees it)
 *   GPL-ONLY  EXPORT_SYMBOL became EXPORT_SYMBOL_GPL (non-GPL users break)
 *   NS        symbol namespace changed
 *   ADDED     new export (information only)
 * A change is FAIL unless the first matching severities rule says PASS.
 *
 * Stock-module check: every .ko under DIR that is not one of the shipped
 * modules is read (ELF __versions section); an import of a rebuilt symbol whose
 * CRC differs from the rebuilt one, or that is gone, would make modprobe refuse
 * that stock module. That is always FAIL: a waiver cannot make kvmgt load.
 *
 * Exit status: 0 pass, 1 kABI failure, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fnmatch.h>
#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf-sections.h"
#include "util.h"

struct sym {
	char *name, *module, *export, *ns;
	unsigned long crc;
};

struct symtab {
	struct sym *v;
	size_t n, cap;
};

struct rule {
	char *pattern;
	bool pass;
	char *reason;
	int line;
};

static struct rule *rules;
static size_t nrules;
static const char *severities_file;

static int cmp_sym(const void *a, const void *b);

/* Module.symvers: CRC \t symbol \t module \t export-type \t namespace */
static void load_symvers(const char *path, struct symtab *t)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;

	if (!f)
		fatal("cannot open %s", path);
	while (getline(&line, &cap, f) >= 0) {
		char *fields[5] = { 0 }, *p = line, *end;
		int nf = 0;
		struct sym *s;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (!*line)
			continue;
		while (nf < 5) {
			fields[nf++] = p;
			end = strchr(p, '\t');
			if (!end)
				break;
			*end = '\0';
			p = end + 1;
		}
		if (nf < 4 || strncmp(fields[0], "0x", 2) != 0) {
			fprintf(stderr, "kabi-check: %s:%d: not a Module.symvers line\n", path, lineno);
			exit(2);
		}
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 1024;
			t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
		}
		s = &t->v[t->n++];
		s->crc = strtoul(fields[0], NULL, 16);
		s->name = xstrdup(fields[1]);
		s->module = xstrdup(fields[2]);
		s->export = xstrdup(fields[3]);
		s->ns = xstrdup(nf > 4 ? fields[4] : "");
	}
	free(line);
	fclose(f);
	qsort(t->v, t->n, sizeof(*t->v), cmp_sym);
}

static int cmp_sym(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name, ((const struct sym *)b)->name);
}

/* Tables are sorted by name after loading: 4000 stock modules x their imports stay fast. */
static const struct sym *find_sym(const struct symtab *t, const char *name)
{
	struct sym key = { .name = (char *)name };

	return bsearch(&key, t->v, t->n, sizeof(*t->v), cmp_sym);
}

static bool module_in(const struct symtab *t, const char *module)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->v[i].module, module) == 0)
			return true;
	return false;
}

/*
 * severities: "PATTERN PASS|FAIL [# reason]" per line, '#' comments.
 * PATTERN is a glob on the symbol name, or on the module path when it
 * contains a '/' (e.g. arch/x86/kvm/...). First match wins, default FAIL.
 * A PASS rule without a reason is rejected: every waiver says why.
 */
static void load_severities(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;

	if (!f)
		fatal("cannot open severities file %s", path);
	severities_file = path;
	while (getline(&line, &cap, f) >= 0) {
		char pat[512], verdict[16];
		char *hash, *reason = NULL;
		struct rule *r;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		hash = strchr(line, '#');
		if (hash) {
			*hash = '\0';
			reason = hash + 1;
			reason += strspn(reason, " \t");
		}
		if (sscanf(line, "%511s %15s", pat, verdict) != 2) {
			if (sscanf(line, "%511s", pat) == 1) {
				fprintf(stderr, "kabi-check: %s:%d: rule \"%s\" lacks PASS or FAIL\n", path, lineno, pat);
				exit(2);
			}
			continue;
		}
		if (strcmp(verdict, "PASS") != 0 && strcmp(verdict, "FAIL") != 0) {
			fprintf(stderr, "kabi-check: %s:%d: verdict must be PASS or FAIL, got \"%s\"\n", path, lineno, verdict);
			exit(2);
		}
		if (strcmp(verdict, "PASS") == 0 && (!reason || !*reason)) {
			fprintf(stderr, "kabi-check: %s:%d: PASS rule \"%s\" has no reason (add \"# why this is safe\")\n",
				path, lineno, pat);
			exit(2);
		}
		rules = xrealloc(rules, (nrules + 1) * sizeof(*rules));
		r = &rules[nrules++];
		r->pattern = xstrdup(pat);
		r->pass = verdict[0] == 'P';
		r->reason = xstrdup(reason ? reason : "");
		r->line = lineno;
	}
	free(line);
	fclose(f);
}

static const struct rule *match_rule(const char *name, const char *module)
{
	for (size_t i = 0; i < nrules; i++) {
		const char *subject = strchr(rules[i].pattern, '/') ? module : name;

		if (fnmatch(rules[i].pattern, subject, 0) == 0)
			return &rules[i];
	}
	return NULL;
}

static int failures, waived, added, lost, crcs, gplonly, nschanged, refused;

static void verdict(const char *kind, const struct sym *ref, const char *detail)
{
	const struct rule *r = match_rule(ref->name, ref->module);
	bool pass = r && r->pass;

	if (pass)
		waived++;
	else
		failures++;
	printf("%-4s  %-8s %-40s %-22s %s\n", pass ? "PASS" : "FAIL", kind, ref->name, ref->module, detail);
	if (r)
		printf("      %s:%d: %s %s%s%s\n", severities_file, r->line, r->pattern, r->pass ? "PASS" : "FAIL",
		       *r->reason ? " # " : "", r->reason);
	else
		printf("      no severities rule matches: default FAIL\n");
}

/* ---- stock modules: the CRCs they import (ELF __versions) ---- */

static const struct symtab *g_ref, *g_new;
static char **shipped;
static size_t nshipped;
static int stock_checked;

/* "kvm-amd" and "kvm_amd" name the same module. */
static bool same_modname(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a == '-' ? '_' : *a, y = *b == '-' ? '_' : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

static bool is_shipped(const char *path)
{
	const char *base = strrchr(path, '/');
	char name[256];

	snprintf(name, sizeof(name), "%s", base ? base + 1 : path);
	name[strcspn(name, ".")] = '\0';
	for (size_t i = 0; i < nshipped; i++)
		if (same_modname(name, shipped[i]))
			return true;
	return false;
}

static const char *stock_root;

static void check_versions(const char *path)
{
	struct elf_file *ef = elf_file_open(path);
	const unsigned char *v;
	size_t size;

	if (!ef)
		return; /* not ELF: not a module the kernel would load */
	if (!elf_file_is_64le(ef))
		fatal("%s: only 64-bit little-endian modules are supported", path);
	stock_checked++;
	v = elf_section_data(ef, "__versions", &size, NULL);
	/* struct modversion_info { unsigned long crc; char name[64 - sizeof(long)]; } */
	for (size_t n = 0; v && n + 64 <= size; n += 64) {
		uint64_t crc;
		char name[57];
		const struct sym *now, *was;

		memcpy(&crc, v + n, 8);
		memcpy(name, v + n + 8, 56);
		name[56] = '\0';
		was = find_sym(g_ref, name);
		if (!was || !module_in(g_new, was->module))
			continue; /* not imported from a rebuilt module */
		now = find_sym(g_new, name);
		if (now && now->crc == (crc & 0xffffffffUL))
			continue;
		refused++;
		failures++;
		if (now)
			printf("FAIL  STOCK    %-40s %-22s stock module %s imports it with CRC 0x%08lx, the rebuilt %s exports 0x%08lx: the stock module would be refused\n",
			       name, was->module, path + strlen(stock_root) + 1, (unsigned long)crc, now->module, now->crc);
		else
			printf("FAIL  STOCK    %-40s %-22s stock module %s imports it, the rebuilt %s no longer exports it: the stock module would be refused\n",
			       name, was->module, path + strlen(stock_root) + 1, was->module);
	}
	elf_file_close(ef);
}

/* A compressed stock module (Debian's 6.12 ships .ko.xz) is not ELF: kabi-gate
 * decompresses them first. One met here would go unread, so it is counted and fatal. */
static int stock_compressed;
static char first_compressed[PATH_MAX];

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t len = strlen(path);

	(void)ftw, (void)st;
	if (type == FTW_F && (ends_with(path, ".ko.xz") || ends_with(path, ".ko.zst") || ends_with(path, ".ko.gz"))) {
		if (!stock_compressed++)
			snprintf(first_compressed, sizeof(first_compressed), "%s", path);
		return 0;
	}
	if (type != FTW_F || len < 3 || strcmp(path + len - 3, ".ko") != 0 || is_shipped(path))
		return 0;
	check_versions(path);
	return 0;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: kabi-check --reference REF.symvers --new NEW.symvers [--severities FILE]\n"
		"                  [--stock-modules DIR --shipped MOD,MOD...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *refpath = NULL, *newpath = NULL, *sevpath = NULL, *stockdir = NULL, *shiplist = NULL;
	struct symtab ref = { 0 }, new = { 0 };
	size_t inscope = 0;

	util_set_prog(argv[0]);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			usage();
		if (!strcmp(a, "--reference"))
			refpath = v;
		else if (!strcmp(a, "--new"))
			newpath = v;
		else if (!strcmp(a, "--severities"))
			sevpath = v;
		else if (!strcmp(a, "--stock-modules"))
			stockdir = v;
		else if (!strcmp(a, "--shipped"))
			shiplist = v;
		else
			usage();
		i++;
	}
	if (!refpath || !newpath || !!stockdir != !!shiplist)
		usage();
	load_symvers(refpath, &ref);
	load_symvers(newpath, &new);
	if (!new.n)
		fatal("%s lists no exports: nothing was rebuilt?", newpath);
	if (sevpath)
		load_severities(sevpath);

	printf("kABI check: %s (reference) vs %s (rebuilt)\n", refpath, newpath);
	for (size_t i = 0; i < ref.n; i++) {
		const struct sym *r = &ref.v[i], *n;
		char detail[256];

		if (!module_in(&new, r->module))
			continue;
		inscope++;
		n = find_sym(&new, r->name);
		if (!n) {
			lost++;
			verdict("LOST", r, "no longer exported");
			continue;
		}
		if (n->crc != r->crc) {
			crcs++;
			snprintf(detail, sizeof(detail), "CRC 0x%08lx -> 0x%08lx", r->crc, n->crc);
			verdict("CRC", r, detail);
		}
		if (strcmp(n->export, r->export) != 0) {
			snprintf(detail, sizeof(detail), "%s -> %s", r->export, n->export);
			if (strstr(n->export, "_GPL") && !strstr(r->export, "_GPL")) {
				gplonly++;
				verdict("GPL-ONLY", r, detail);
			} else {
				printf("INFO  EXPORT   %-40s %-22s %s (relaxed: no user can break)\n", r->name, r->module, detail);
			}
		}
		if (strcmp(n->ns, r->ns) != 0) {
			nschanged++;
			snprintf(detail, sizeof(detail), "namespace \"%s\" -> \"%s\"", r->ns, n->ns);
			verdict("NS", r, detail);
		}
	}
	for (size_t i = 0; i < new.n; i++) {
		if (!find_sym(&ref, new.v[i].name)) {
			added++;
			printf("INFO  ADDED    %-40s %-22s new export\n", new.v[i].name, new.v[i].module);
		}
	}

	if (stockdir) {
		char *list = xstrdup(shiplist), *tok, *save = NULL;

		for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			shipped = xrealloc(shipped, (nshipped + 1) * sizeof(*shipped));
			shipped[nshipped++] = tok;
		}
		g_ref = &ref;
		g_new = &new;
		stock_root = stockdir;
		if (nftw(stockdir, visit, 32, FTW_PHYS) != 0)
			fatal("cannot walk %s", stockdir);
		if (stock_compressed)
			fatal("%d stock modules under %s are compressed (first: %s): kabi-check reads ELF "
			      "modules only; decompress them first (scripts/kabi-gate does)",
			      stock_compressed, stockdir, first_compressed);
		if (!stock_checked)
			fatal("no stock modules found under %s", stockdir);
	}

	printf("summary: %zu reference exports of the rebuilt modules checked; %d lost, %d CRC changed, %d became GPL-only, %d namespace changed, %d added",
	       inscope, lost, crcs, gplonly, nschanged, added);
	if (stockdir)
		printf("; %d stock modules read, %d imports would be refused", stock_checked, refused);
	printf("; %d waived\n", waived);
	printf("kABI: %s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
