// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-explain - say why the kABI changed, in one screen.
 *
 *   kabi-explain --kabi-report REPORT
 *                --ref-symtypes FILE --new-symtypes FILE
 *                [--ref-layout FILE --new-layout FILE]
 *                [--attribution FILE] [--roots-out FILE] [--json FILE]
 *
 * REPORT is kabi-check's output: its CRC, LOST, GPL-ONLY and NS lines are the
 * changes to explain (PASS lines are waived changes, still explained), its
 * STOCK lines name the stock modules that would be refused.
 *
 * For every changed CRC, the types genksyms expanded behind the export are
 * compared between the reference symtypes (unpatched base build) and the new
 * one. A type whose own record differs is a root cause; exports are grouped by
 * their set of root types, and for each root the report shows what changed:
 * a unified diff of its genksyms expansion, one member per line, or "became
 * defined" when a forward declaration turned into a definition (probably
 * harmless: the layout did not change, only what genksyms could see).
 *
 * With layouts (kabi-layout output for the reference and the new modules),
 * every type of the reference layout is checked: a size change, or an existing
 * member that moved, shrank or disappeared, is a layout FAIL -- also when the
 * CRCs did not change (a __GENKSYMS__-hidden member still moves what follows it).
 * Members inserted into padding without moving anything are reported as INFO.
 *
 * --attribution reads "<root type> <patch>" lines (scripts/kabi-attribute):
 * the first patch of the series that changed that type. --roots-out writes the
 * root types and, for each, an object that records it, for that script.
 *
 * Exit status: 0 nothing to explain or only waived/INFO, 1 unexplained or
 * failing changes (CRC/LOST/GPL-ONLY/NS FAIL or a layout FAIL), 2 usage/input.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#include "json-str.h"
#include "kabi-symtypes.h"

static const char *prog = "kabi-explain";

static FILE *open_input(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(errno));
	return f;
}

/* ---- kabi-check report ---------------------------------------------------- */

struct change {
	char verdict[8];	/* PASS (waived) or FAIL */
	char kind[12];		/* CRC LOST GPL-ONLY NS */
	char *sym, *module, *detail;
	char *stock;		/* "kvmgt.ko, ..." from STOCK lines, or NULL */
	int group;		/* index into groups (CRC changes) or -1 */
};

static struct change *chg;
static size_t nchg;

static int read_report(const char *path)
{
	FILE *f = open_input(path);
	if (!f)
		return -1;
	char *line = NULL;
	size_t cap = 0;
	bool seen_summary = false;
	while (getline(&line, &cap, f) > 0) {
		char v[8], kind[12], sym[256], mod[256];
		int n = 0;
		st_chomp(line);
		if (!strncmp(line, "kABI: ", 6))
			seen_summary = true;
		if (sscanf(line, "%7s %11s %255s %255s %n", v, kind, sym, mod, &n) < 4 || (strcmp(v, "PASS") && strcmp(v, "FAIL")))
			continue;
		if (!strcmp(kind, "STOCK")) {
			/* "stock module kernel/drivers/.../kvmgt.ko imports it ..." */
			const char *p = strstr(line, "stock module ");
			char who[256] = "?";
			if (p)
				sscanf(p + 13, "%255s", who);
			const char *base = strrchr(who, '/');
			for (size_t i = 0; i < nchg; i++) {
				if (strcmp(chg[i].sym, sym))
					continue;
				char *s;
				if (asprintf(&s, "%s%s%s", chg[i].stock ? chg[i].stock : "", chg[i].stock ? ", " : "", base ? base + 1 : who) < 0)
					return -1;
				free(chg[i].stock);
				chg[i].stock = s;
			}
			continue;
		}
		if (strcmp(kind, "CRC") && strcmp(kind, "LOST") && strcmp(kind, "GPL-ONLY") && strcmp(kind, "NS"))
			continue;
		chg = xrealloc(chg, (nchg + 1) * sizeof(*chg));
		struct change *c = &chg[nchg++];
		memset(c, 0, sizeof(*c));
		snprintf(c->verdict, sizeof(c->verdict), "%s", v);
		snprintf(c->kind, sizeof(c->kind), "%s", kind);
		c->sym = xstrdup(sym);
		c->module = xstrdup(mod);
		c->detail = xstrdup(line + n);
		c->group = -1;
	}
	free(line);
	fclose(f);
	if (!seen_summary) {
		fprintf(stderr, "%s: %s is not a kabi-check report (no \"kABI:\" verdict line)\n", prog, path);
		return -1;
	}
	return 0;
}

/* ---- symtypes closure and root types ------------------------------------- */

static struct symtypes *ref, *new;

/* Names (s#foo, t#bar, the export itself) reachable from an export, per side. */
struct nameset {
	char **v;
	size_t n, cap;
};

static bool set_has(struct nameset *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return true;
	return false;
}

static void set_add(struct nameset *s, const char *name)
{
	if (set_has(s, name))
		return;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->v = xrealloc(s->v, s->cap * sizeof(char *));
	}
	s->v[s->n++] = xstrdup(name);
}

static void closure(const struct symtypes *st, const struct st_object *o, const char *name, struct nameset *out)
{
	if (set_has(out, name))
		return;
	set_add(out, name);
	const struct st_record *r = o ? st_lookup(st, o, name) : NULL;
	if (!r)
		return;
	char *d = xstrdup(r->defn), *save, *tok;
	for (tok = strtok_r(d, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if (strlen(tok) > 2 && tok[1] == '#' && strchr("sutEe", tok[0]))
			closure(st, o, tok, out);
	free(d);
}

struct root {
	char *name;		/* s#foo, or the export's own name */
	const char *refdefn, *newdefn;	/* NULL: absent on that side */
	const char *object;	/* an object whose records contain it (for attribution) */
	char *patch;		/* from --attribution */
	int nexports;
};

static struct root *roots;
static size_t nroots;

static int root_index(const char *name, const char *refdefn, const char *newdefn, const char *object)
{
	for (size_t i = 0; i < nroots; i++)
		if (!strcmp(roots[i].name, name))
			return (int)i;
	roots = xrealloc(roots, (nroots + 1) * sizeof(*roots));
	roots[nroots] = (struct root){ xstrdup(name), refdefn, newdefn, object, NULL, 0 };
	return (int)nroots++;
}

struct group {
	int root[16];		/* root indexes, sorted */
	int nroot;
	size_t *members;	/* change indexes */
	size_t nmembers;
};

static struct group *groups;
static size_t ngroups;

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static void explain_crc(size_t ci)
{
	struct change *c = &chg[ci];
	const struct st_object *ro = st_exporter(ref, c->sym), *no = st_exporter(new, c->sym);
	int rs[16], nr = 0;
	if (!ro || !no) {
		/* No symtypes record: cannot explain; a group of its own with no root. */
		rs[0] = root_index(!ro ? "(no reference symtypes record)" : "(no new symtypes record)", NULL, NULL, NULL);
		nr = 1;
	} else {
		struct nameset all = { 0 };
		closure(ref, ro, c->sym, &all);
		closure(new, no, c->sym, &all);
		for (size_t i = 0; i < all.n; i++) {
			const struct st_record *a = st_lookup(ref, ro, all.v[i]), *b = st_lookup(new, no, all.v[i]);
			if (a && b && !strcmp(a->defn, b->defn))
				continue;
			if (nr < 16)
				rs[nr++] = root_index(all.v[i], a ? a->defn : NULL, b ? b->defn : NULL, no->name);
		}
		for (size_t i = 0; i < all.n; i++)
			free(all.v[i]);
		free(all.v);
		if (!nr)	/* records identical but CRC differs: e.g. a different compiler or genksyms */
			rs[nr++] = root_index("(identical symtypes: CRC moved without a type change)", NULL, NULL, NULL);
	}
	qsort(rs, nr, sizeof(int), cmp_int);
	for (int i = 0; i < nr; i++)
		roots[rs[i]].nexports++;
	size_t g;
	for (g = 0; g < ngroups; g++)
		if (groups[g].nroot == nr && !memcmp(groups[g].root, rs, nr * sizeof(int)))
			break;
	if (g == ngroups) {
		groups = xrealloc(groups, (ngroups + 1) * sizeof(*groups));
		memset(&groups[g], 0, sizeof(*groups));
		memcpy(groups[g].root, rs, nr * sizeof(int));
		groups[g].nroot = nr;
		ngroups++;
	}
	groups[g].members = xrealloc(groups[g].members, (groups[g].nmembers + 1) * sizeof(size_t));
	groups[g].members[groups[g].nmembers++] = ci;
	c->group = (int)g;
}

/* ---- a readable diff of two genksyms records ----------------------------- */

/* Split a record into lines: "struct foo {", one member per line, "}". */
static size_t split_members(const char *defn, char ***out)
{
	size_t n = 0, cap = 16;
	char **v = xrealloc(NULL, cap * sizeof(char *));
	const char *s = defn, *start = defn;
	int depth = 0;
	bool is_enum = !strncmp(defn, "enum ", 5);
	for (; *s; s++) {
		bool cut = false;
		if (*s == '{' && depth++ == 0)
			cut = true;
		else if (*s == '}' && --depth == 0) {
			/* the closing brace on its own line */
			if (s > start) {
				if (n + 2 >= cap)
					v = xrealloc(v, (cap *= 2) * sizeof(char *));
				v[n++] = strndup(start, s - start);
			}
			start = s;
			continue;
		} else if (*s == '(')
			depth++;
		else if (*s == ')')
			depth--;
		else if (depth == 1 && (*s == ';' || (is_enum && *s == ',')))
			cut = true;
		if (cut) {
			if (n + 2 >= cap)
				v = xrealloc(v, (cap *= 2) * sizeof(char *));
			v[n++] = strndup(start, s + 1 - start);
			start = s + 1;
		}
	}
	if (*start)
		v[n++] = xstrdup(start);
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {	/* trim; an enum's last constant has no comma: drop them all */
		char *t = v[i];
		while (*t == ' ')
			t++;
		memmove(v[i], t, strlen(t) + 1);
		st_chomp(v[i]);
		size_t len = strlen(v[i]);
		if (is_enum && len && v[i][len - 1] == ',') {
			v[i][--len] = 0;
			st_chomp(v[i]);
		}
		if (*v[i])
			v[kept++] = v[i];
		else
			free(v[i]);
	}
	*out = v;
	return kept;
}

/* Unified diff (LCS) of two line arrays; context lines around changes only. */
static void print_diff(FILE *out, const char *indent, char **a, size_t na, char **b, size_t nb)
{
	size_t *L = xcalloc((na + 1) * (nb + 1), sizeof(size_t));
#define LCS(i, j) L[(i) * (nb + 1) + (j)]
	for (size_t i = na; i-- > 0;)
		for (size_t j = nb; j-- > 0;)
			LCS(i, j) = !strcmp(a[i], b[j]) ? LCS(i + 1, j + 1) + 1 :
				    (LCS(i + 1, j) > LCS(i, j + 1) ? LCS(i + 1, j) : LCS(i, j + 1));
	/* ops: ' ' keep, '-' a only, '+' b only */
	size_t nops = 0, i = 0, j = 0;
	char *op = malloc(na + nb + 1);
	char **txt = malloc((na + nb + 1) * sizeof(char *));
	while (i < na || j < nb) {
		if (i < na && j < nb && !strcmp(a[i], b[j])) {
			op[nops] = ' ', txt[nops++] = a[i], i++, j++;
		} else if (j < nb && (i == na || LCS(i, j + 1) >= LCS(i + 1, j))) {
			op[nops] = '+', txt[nops++] = b[j++];
		} else {
			op[nops] = '-', txt[nops++] = a[i++];
		}
	}
#undef LCS
	const size_t ctx = 2;
	size_t last = 0;
	bool printed_any = false;
	for (size_t k = 0; k < nops; k++) {
		bool near = false;
		for (size_t d = (k > ctx ? k - ctx : 0); d <= k + ctx && d < nops; d++)
			if (op[d] != ' ')
				near = true;
		if (!near && k != 0)	/* keep the "struct foo {" line for orientation */
			continue;
		if (printed_any && k > last + 1)
			fprintf(out, "%s  ...\n", indent);
		fprintf(out, "%s%c %s\n", indent, op[k], txt[k]);
		last = k;
		printed_any = true;
	}
	free(L);
	free(op);
	free(txt);
}

static const char *kind_of(const char *name)
{
	if (!strncmp(name, "s#", 2))
		return "struct";
	if (!strncmp(name, "u#", 2))
		return "union";
	if (!strncmp(name, "e#", 2))
		return "enum";
	if (!strncmp(name, "E#", 2))
		return "enum constant";
	if (!strncmp(name, "t#", 2))
		return "typedef";
	return "declaration of";
}

static const char *pretty(const char *name)
{
	return strchr(name, '#') ? strchr(name, '#') + 1 : name;
}

/* What happened to a root type, in a few words. */
static const char *what(const struct root *r)
{
	if (!r->refdefn && !r->newdefn)
		return "cannot be explained from symtypes";
	if (!r->refdefn)
		return "is new in the expansion";
	if (!r->newdefn)
		return "is gone from the expansion";
	bool ru = strstr(r->refdefn, "{ UNKNOWN }") != NULL, nu = strstr(r->newdefn, "{ UNKNOWN }") != NULL;
	if (ru && !nu)
		return "became defined (was a forward declaration): probably harmless, its layout did not change, only what genksyms can see";
	if (!ru && nu)
		return "became a forward declaration (an #include went away): harmless for the layout";
	if (!strncmp(r->name, "e#", 2))
		return "changed its constants";
	if (!strncmp(r->name, "t#", 2))
		return "now names a different type";
	if (strchr(r->name, '#'))
		return "changed its members";
	return "changed its prototype";
}

/* ---- layouts ---------------------------------------------------------------- */

struct member {
	char *name, *type;
	unsigned long off, size;
	char bits[24];		/* ":3:1" for bit-fields */
};

struct layout {
	char *key;		/* "struct foo" */
	unsigned long size;
	struct member *m;
	size_t nm;
};

struct layouts {
	struct layout *v;
	size_t n;
};

static int read_layouts(const char *path, struct layouts *out)
{
	FILE *f = open_input(path);
	if (!f)
		return -1;
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	memset(out, 0, sizeof(*out));
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		st_chomp(line);
		if (!*line || *line == '#')
			continue;
		if (*line != '\t') {
			char kind[16], name[256];
			unsigned long size;
			if (sscanf(line, "%15s %255s %lu", kind, name, &size) != 3) {
				fprintf(stderr, "%s: %s:%u: not a \"<kind> <name> <size>\" line\n", prog, path, lineno);
				goto bad;
			}
			out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
			struct layout *l = &out->v[out->n++];
			memset(l, 0, sizeof(*l));
			if (asprintf(&l->key, "%s %s", kind, name) < 0)
				goto bad;
			l->size = size;
			continue;
		}
		if (!out->n) {
			fprintf(stderr, "%s: %s:%u: member line before any type\n", prog, path, lineno);
			goto bad;
		}
		struct layout *l = &out->v[out->n - 1];
		char name[256];
		int n = 0;
		struct member m = { 0 };
		if (sscanf(line + 1, "%255s %lu %lu %n", name, &m.off, &m.size, &n) != 3) {
			fprintf(stderr, "%s: %s:%u: not a \"<tab><member><tab><offset><tab><size><tab><type>\" line (spaces between the fields are read too)\n", prog, path, lineno);
			goto bad;
		}
		m.name = xstrdup(name);
		m.type = xstrdup(line + 1 + n);
		char *colon = strstr(m.type, " :");
		if (colon) {
			snprintf(m.bits, sizeof(m.bits), "%s", colon + 1);
			*colon = 0;
		}
		l->m = xrealloc(l->m, (l->nm + 1) * sizeof(*l->m));
		l->m[l->nm++] = m;
	}
	free(line);
	fclose(f);
	return 0;
bad:
	free(line);
	fclose(f);
	return -1;
}

static struct layout *find_layout(struct layouts *ls, const char *key)
{
	for (size_t i = 0; i < ls->n; i++)
		if (!strcmp(ls->v[i].key, key))
			return &ls->v[i];
	return NULL;
}

static struct member *find_member(struct layout *l, const char *name)
{
	for (size_t i = 0; i < l->nm; i++)
		if (!strcmp(l->m[i].name, name))
			return &l->m[i];
	return NULL;
}

struct laydiff {
	struct layout *a, *b;
	size_t moved, removed, inserted, resized;
	bool fail;
};

static struct laydiff *ldiffs;
static size_t nldiffs, layout_fails;
static struct layouts reflay, newlay;
static bool have_layout;

static void compare_layouts(void)
{
	for (size_t i = 0; i < reflay.n; i++) {
		struct layout *a = &reflay.v[i], *b = find_layout(&newlay, a->key);
		if (!b)
			continue;	/* not defined in the new modules' DWARF: nothing to compare */
		struct laydiff d = { a, b, 0, 0, 0, 0, false };
		for (size_t k = 0; k < a->nm; k++) {
			struct member *x = &a->m[k], *y = find_member(b, x->name);
			if (!y)
				d.removed++;
			else if (x->off != y->off || strcmp(x->bits, y->bits))
				d.moved++;
			else if (x->size != y->size)
				d.resized++;
		}
		for (size_t k = 0; k < b->nm; k++)
			if (!find_member(a, b->m[k].name))
				d.inserted++;
		if (!d.moved && !d.removed && !d.inserted && !d.resized && a->size == b->size)
			continue;
		d.fail = d.moved || d.removed || d.resized || a->size != b->size;
		layout_fails += d.fail;
		ldiffs = xrealloc(ldiffs, (nldiffs + 1) * sizeof(*ldiffs));
		ldiffs[nldiffs++] = d;
	}
}

static struct laydiff *laydiff_for(const char *key)
{
	for (size_t i = 0; i < nldiffs; i++)
		if (!strcmp(ldiffs[i].a->key, key))
			return &ldiffs[i];
	return NULL;
}

static void print_laydiff(FILE *out, const char *indent, struct laydiff *d, size_t maxlines)
{
	size_t shown = 0, total = 0;
	fprintf(out, "%s%s: %s, size %lu -> %lu", indent, d->a->key, d->fail ? "FAIL" : "INFO", d->a->size, d->b->size);
	if (d->a->size != d->b->size)
		fprintf(out, " (%+ld)", (long)d->b->size - (long)d->a->size);
	fprintf(out, "\n");
	for (size_t k = 0; k < d->b->nm; k++) {
		struct member *y = &d->b->m[k], *x = find_member(d->a, y->name);
		if (x && x->off == y->off && !strcmp(x->bits, y->bits) && x->size == y->size)
			continue;
		total++;
		if (shown++ >= maxlines)
			continue;
		if (!x)
			fprintf(out, "%s  inserted %s (%s) at offset %lu, size %lu\n", indent, y->name, y->type, y->off, y->size);
		else if (x->off != y->off || strcmp(x->bits, y->bits))
			fprintf(out, "%s  moved    %s (%s) offset %lu%s -> %lu%s\n", indent, y->name, y->type, x->off, x->bits, y->off, y->bits);
		else
			fprintf(out, "%s  resized  %s (%s) size %lu -> %lu\n", indent, y->name, y->type, x->size, y->size);
	}
	for (size_t k = 0; k < d->a->nm; k++)
		if (!find_member(d->b, d->a->m[k].name)) {
			total++;
			if (shown++ < maxlines)
				fprintf(out, "%s  removed  %s (%s) from offset %lu\n", indent, d->a->m[k].name, d->a->m[k].type, d->a->m[k].off);
		}
	if (total > maxlines)
		fprintf(out, "%s  ... %zu more member changes\n", indent, total - maxlines);
}

/* ---- attribution -------------------------------------------------------------- */

static int read_attribution(const char *path)
{
	FILE *f = open_input(path);
	if (!f)
		return -1;
	char name[512], patch[1024];
	while (fscanf(f, "%511s %1023s", name, patch) == 2)
		for (size_t i = 0; i < nroots; i++)
			if (!strcmp(roots[i].name, name))
				roots[i].patch = xstrdup(patch);
	fclose(f);
	return 0;
}

/* ---- output --------------------------------------------------------------- */

static void write_json(FILE *f, int verdict_fail)
{
	fprintf(f, "{\n  \"verdict\": \"%s\",\n  \"changes\": [", verdict_fail ? "FAIL" : "PASS");
	for (size_t i = 0; i < nchg; i++) {
		struct change *c = &chg[i];
		fprintf(f, "%s\n    {\"symbol\": ", i ? "," : "");
		json_str(f, c->sym);
		fprintf(f, ", \"kind\": \"%s\", \"verdict\": \"%s\", \"module\": ", c->kind, c->verdict);
		json_str(f, c->module);
		fprintf(f, ", \"detail\": ");
		json_str(f, c->detail);
		fprintf(f, ", \"stock_importers\": ");
		json_str(f, c->stock ? c->stock : "");
		fprintf(f, ", \"root_types\": [");
		if (c->group >= 0)
			for (int k = 0; k < groups[c->group].nroot; k++) {
				fprintf(f, "%s", k ? ", " : "");
				json_str(f, roots[groups[c->group].root[k]].name);
			}
		fprintf(f, "]}");
	}
	fprintf(f, "\n  ],\n  \"root_types\": [");
	for (size_t i = 0; i < nroots; i++) {
		struct root *r = &roots[i];
		fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
		json_str(f, r->name);
		fprintf(f, ", \"what\": ");
		json_str(f, what(r));
		fprintf(f, ", \"exports\": %d, \"patch\": ", r->nexports);
		json_str(f, r->patch ? r->patch : "");
		fprintf(f, ", \"reference\": ");
		json_str(f, r->refdefn ? r->refdefn : "");
		fprintf(f, ", \"new\": ");
		json_str(f, r->newdefn ? r->newdefn : "");
		fprintf(f, "}");
	}
	fprintf(f, "\n  ],\n  \"layout\": {\"checked\": %s, \"types\": %zu, \"changes\": [", have_layout ? "true" : "false", reflay.n);
	for (size_t i = 0; i < nldiffs; i++) {
		struct laydiff *d = &ldiffs[i];
		fprintf(f, "%s\n    {\"type\": ", i ? "," : "");
		json_str(f, d->a->key);
		fprintf(f, ", \"verdict\": \"%s\", \"size_before\": %lu, \"size_after\": %lu, \"members\": [",
			d->fail ? "FAIL" : "INFO", d->a->size, d->b->size);
		bool first = true;
		for (size_t k = 0; k < d->b->nm; k++) {
			struct member *y = &d->b->m[k], *x = find_member(d->a, y->name);
			const char *how = !x ? "inserted" : (x->off != y->off || strcmp(x->bits, y->bits)) ? "moved" :
					  x->size != y->size ? "resized" : NULL;
			if (!how)
				continue;
			fprintf(f, "%s{\"member\": ", first ? "" : ", ");
			json_str(f, y->name);
			fprintf(f, ", \"change\": \"%s\", \"offset_before\": %ld, \"offset_after\": %lu, \"size_before\": %ld, \"size_after\": %lu}",
				how, x ? (long)x->off : -1L, y->off, x ? (long)x->size : -1L, y->size);
			first = false;
		}
		for (size_t k = 0; k < d->a->nm; k++)
			if (!find_member(d->b, d->a->m[k].name)) {
				fprintf(f, "%s{\"member\": ", first ? "" : ", ");
				json_str(f, d->a->m[k].name);
				fprintf(f, ", \"change\": \"removed\", \"offset_before\": %lu, \"offset_after\": -1, \"size_before\": %lu, \"size_after\": -1}",
					d->a->m[k].off, d->a->m[k].size);
				first = false;
			}
		fprintf(f, "]}");
	}
	fprintf(f, "\n  ]}\n}\n");
}

static void usage(void)
{
	fprintf(stderr, "usage: %s --kabi-report REPORT --ref-symtypes FILE --new-symtypes FILE\n"
			"       [--ref-layout FILE --new-layout FILE] [--attribution FILE] [--roots-out FILE] [--json FILE]\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *report = NULL, *refst = NULL, *newst = NULL, *refl = NULL, *newl = NULL;
	const char *attr = NULL, *rootsout = NULL, *json = NULL;

	util_set_prog(argv[0]);
	for (int i = 1; i < argc; i++) {
		const char **dst = !strcmp(argv[i], "--kabi-report") ? &report : !strcmp(argv[i], "--ref-symtypes") ? &refst :
				   !strcmp(argv[i], "--new-symtypes") ? &newst : !strcmp(argv[i], "--ref-layout") ? &refl :
				   !strcmp(argv[i], "--new-layout") ? &newl : !strcmp(argv[i], "--attribution") ? &attr :
				   !strcmp(argv[i], "--roots-out") ? &rootsout : !strcmp(argv[i], "--json") ? &json : NULL;
		if (!dst || i + 1 >= argc)
			usage();
		*dst = argv[++i];
	}
	if (!report || !refst || !newst || (!refl != !newl))
		usage();
	if (read_report(report) || !(ref = symtypes_read(refst)) || !(new = symtypes_read(newst)))
		return 2;
	if (refl) {
		if (read_layouts(refl, &reflay) || read_layouts(newl, &newlay))
			return 2;
		have_layout = true;
		compare_layouts();
	}
	for (size_t i = 0; i < nchg; i++)
		if (!strcmp(chg[i].kind, "CRC"))
			explain_crc(i);
	if (attr && read_attribution(attr))
		return 2;
	if (rootsout) {
		FILE *f = fopen(rootsout, "w");
		if (!f) {
			fprintf(stderr, "%s: cannot write %s: %s\n", prog, rootsout, strerror(errno));
			return 2;
		}
		for (size_t i = 0; i < nroots; i++)
			if (roots[i].object)
				fprintf(f, "%s %s\n", roots[i].name, roots[i].object);
		fclose(f);
	}

	/* The screen: verdict first, then one block per root-type group, then layout. */
	size_t fails = 0, waived = 0;
	for (size_t i = 0; i < nchg; i++)
		chg[i].verdict[0] == 'F' ? fails++ : waived++;
	int verdict_fail = fails || layout_fails;
	printf("kABI explanation: %zu changed exports (%zu failing, %zu waived) in %zu root-type group%s",
	       nchg, fails, waived, ngroups, ngroups == 1 ? "" : "s");
	if (have_layout)
		printf("; layout: %zu of %zu reference types changed, %zu failing", nldiffs, reflay.n, layout_fails);
	printf("\n");
	for (size_t g = 0; g < ngroups; g++) {
		struct group *gr = &groups[g];
		printf("\n[%zu] %zu export%s changed because of ", g + 1, gr->nmembers, gr->nmembers == 1 ? "" : "s");
		for (int k = 0; k < gr->nroot; k++)
			printf("%s%s %s", k ? ", " : "", kind_of(roots[gr->root[k]].name), pretty(roots[gr->root[k]].name));
		printf("\n    exports:");
		for (size_t m = 0; m < gr->nmembers && m < 6; m++)
			printf(" %s", chg[gr->members[m]].sym);
		if (gr->nmembers > 6)
			printf(" ... (+%zu)", gr->nmembers - 6);
		printf("\n");
		/* One line per stock importer set: "kvmgt.ko imports 9 of them: a, b, ..." */
		for (size_t m = 0; m < gr->nmembers; m++) {
			const char *who = chg[gr->members[m]].stock;
			bool first = true;
			size_t count = 0;
			if (!who)
				continue;
			for (size_t p = 0; p < m; p++)	/* printed with an earlier member */
				if (chg[gr->members[p]].stock && !strcmp(chg[gr->members[p]].stock, who))
					goto next;
			for (size_t p = m; p < gr->nmembers; p++)
				count += chg[gr->members[p]].stock && !strcmp(chg[gr->members[p]].stock, who);
			printf("    stock importer: %s imports %zu of them, it would be refused:", who, count);
			for (size_t p = m; p < gr->nmembers; p++)
				if (chg[gr->members[p]].stock && !strcmp(chg[gr->members[p]].stock, who)) {
					printf("%s %s", first ? "" : ",", chg[gr->members[p]].sym);
					first = false;
				}
			printf("\n");
next:;
		}
		for (int k = 0; k < gr->nroot; k++) {
			struct root *r = &roots[gr->root[k]];
			printf("    root: %s %s %s\n", kind_of(r->name), pretty(r->name), what(r));
			if (r->patch)
				printf("    first changed by: %s\n", r->patch);
			else if (attr)
				printf("    first changed by: (not attributed: no patch of the series changes it)\n");
			if (r->refdefn && r->newdefn) {
				char **a, **b;
				size_t na = split_members(r->refdefn, &a), nb = split_members(r->newdefn, &b);
				printf("    --- reference  +++ new (genksyms expansion of %s)\n", pretty(r->name));
				print_diff(stdout, "    ", a, na, b, nb);
			}
			char key[300];
			snprintf(key, sizeof(key), "%s %s", kind_of(r->name), pretty(r->name));
			struct laydiff *d = have_layout ? laydiff_for(key) : NULL;
			if (d)
				print_laydiff(stdout, "    layout: ", d, 8);
			else if (have_layout && (!strncmp(r->name, "s#", 2) || !strncmp(r->name, "u#", 2)))
				printf("    layout: %s unchanged (or not in the reference layout)\n", key);
		}
	}
	for (size_t i = 0; i < nchg; i++)
		if (strcmp(chg[i].kind, "CRC"))
			printf("\n%s %s %s: %s\n", chg[i].verdict, chg[i].kind, chg[i].sym, chg[i].detail);
	if (have_layout && nldiffs) {
		printf("\nlayout changes (DWARF, reference vs new modules)%s:\n", nroots ? ", besides the root types" : "");
		size_t shown = 0, rest = 0;
		for (size_t i = 0; i < nldiffs; i++) {
			bool is_root = false;
			for (size_t r = 0; r < nroots; r++) {
				char key[300];
				snprintf(key, sizeof(key), "%s %s", kind_of(roots[r].name), pretty(roots[r].name));
				is_root |= !strcmp(key, ldiffs[i].a->key);
			}
			if (is_root)
				continue;	/* shown with its root-type group above */
			if (shown++ >= 6) {
				rest++;
				continue;
			}
			print_laydiff(stdout, "  ", &ldiffs[i], 4);
		}
		if (rest)
			printf("  ... %zu more types (see the JSON report)\n", rest);
	}
	printf("\nkABI explanation: %s\n", verdict_fail ? "FAIL" : "PASS");
	if (json) {
		FILE *f = fopen(json, "w");
		if (!f) {
			fprintf(stderr, "%s: cannot write %s: %s\n", prog, json, strerror(errno));
			return 2;
		}
		write_json(f, verdict_fail);
		fclose(f);
	}
	return verdict_fail ? 1 : 0;
}
