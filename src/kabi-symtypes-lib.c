// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-symtypes-lib.c - genksyms type records, per object and consolidated:
 * the code behind kabi-symtypes.h, linked into kabi-symtypes, kabi-explain
 * and kabi-layout.
 */
#include "kabi-symtypes.h"
#include "util.h"

static uint64_t st_fnv(const char *a, const char *b)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *a; a++)
		h = (h ^ (unsigned char)*a) * 1099511628211ULL;
	h = (h ^ 0xff) * 1099511628211ULL;
	for (; b && *b; b++)
		h = (h ^ (unsigned char)*b) * 1099511628211ULL;
	return h;
}

struct symtypes *symtypes_new(void)
{
	struct symtypes *st = xcalloc(1, sizeof(*st));
	st->hcap = 1 << 16;
	st->hash = xrealloc(NULL, st->hcap * sizeof(size_t));
	memset(st->hash, 0xff, st->hcap * sizeof(size_t));
	return st;
}

static void st_rehash(struct symtypes *st)
{
	free(st->hash);
	st->hcap *= 2;
	st->hash = xrealloc(NULL, st->hcap * sizeof(size_t));
	memset(st->hash, 0xff, st->hcap * sizeof(size_t));
	for (size_t i = 0; i < st->nrecs; i++) {
		size_t h = st_fnv(st->recs[i].name, st->recs[i].defn) & (st->hcap - 1);
		while (st->hash[h] != SIZE_MAX)
			h = (h + 1) & (st->hcap - 1);
		st->hash[h] = i;
	}
}

/* The record for (name, defn), added as a new variant of name when it is new. */
static size_t st_intern(struct symtypes *st, const char *name, const char *defn)
{
	if (2 * (st->nrecs + 1) > st->hcap)
		st_rehash(st);
	size_t h = st_fnv(name, defn) & (st->hcap - 1);
	unsigned variants = 0;
	for (; st->hash[h] != SIZE_MAX; h = (h + 1) & (st->hcap - 1)) {
		struct st_record *r = &st->recs[st->hash[h]];
		if (!strcmp(r->name, name) && !strcmp(r->defn, defn))
			return st->hash[h];
	}
	/* Variants: the number of records already carrying this name. */
	if (2 * (st->nnames + 1) > st->ncap) {
		size_t oc = st->ncap, *old = st->names;
		st->ncap = oc ? 2 * oc : 1 << 16;
		st->names = xrealloc(NULL, st->ncap * sizeof(size_t));
		memset(st->names, 0xff, st->ncap * sizeof(size_t));
		for (size_t i = 0; i < oc; i++) {
			if (old[i] == SIZE_MAX)
				continue;
			size_t k = st_fnv(st->recs[old[i]].name, NULL) & (st->ncap - 1);
			while (st->names[k] != SIZE_MAX)
				k = (k + 1) & (st->ncap - 1);
			st->names[k] = old[i];
		}
		free(old);
	}
	size_t k = st_fnv(name, NULL) & (st->ncap - 1);
	for (; st->names[k] != SIZE_MAX; k = (k + 1) & (st->ncap - 1))
		if (!strcmp(st->recs[st->names[k]].name, name))
			break;
	if (st->names[k] == SIZE_MAX) {
		st->names[k] = st->nrecs;	/* the first record of this name */
		st->nnames++;
	} else {
		variants = ++st->recs[st->names[k]].nvariants - 1;
	}
	if (st->nrecs == st->rcap) {
		st->rcap = st->rcap ? 2 * st->rcap : 4096;
		st->recs = xrealloc(st->recs, st->rcap * sizeof(*st->recs));
	}
	st->recs[st->nrecs] = (struct st_record){ xstrdup(name), xstrdup(defn), variants, 1 };
	st->hash[h] = st->nrecs;
	return st->nrecs++;
}

static struct st_object *st_object_new(struct symtypes *st, const char *name)
{
	if (st->nobjs == st->ocap) {
		st->ocap = st->ocap ? 2 * st->ocap : 64;
		st->objs = xrealloc(st->objs, st->ocap * sizeof(*st->objs));
	}
	st->objs[st->nobjs] = (struct st_object){ xstrdup(name), NULL, 0, 0 };
	return &st->objs[st->nobjs++];
}

static void st_object_ref(struct st_object *o, size_t rec)
{
	if (o->nrefs == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 256;
		o->refs = xrealloc(o->refs, o->cap * sizeof(size_t));
	}
	o->refs[o->nrefs++] = rec;
}

char *st_chomp(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = 0;
	return s;
}

/* One object's .symtypes file (genksyms -T output). */
int symtypes_add_object_file(struct symtypes *st, const char *obj, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	struct st_object *o = st_object_new(st, obj);
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		st_chomp(line);
		if (!*line)
			continue;
		char *sp = strchr(line, ' ');
		if (!sp) {
			fprintf(stderr, "%s:%u: not a \"name definition\" line\n", path, lineno);
			fclose(f);
			return -1;
		}
		*sp = 0;
		st_object_ref(o, st_intern(st, line, sp + 1));
	}
	free(line);
	fclose(f);
	return 0;
}

static int st_cmp_rec(const struct symtypes *st, size_t a, size_t b)
{
	int c = strcmp(st->recs[a].name, st->recs[b].name);
	return c ? c : (int)st->recs[a].variant - (int)st->recs[b].variant;
}

static const struct symtypes *st_sort_ctx;
static int st_qsort_rec(const void *a, const void *b)
{
	return st_cmp_rec(st_sort_ctx, *(const size_t *)a, *(const size_t *)b);
}
static int st_qsort_obj(const void *a, const void *b)
{
	return strcmp(((const struct st_object *)a)->name, ((const struct st_object *)b)->name);
}

static void st_print_ref(FILE *out, const struct st_record *r)
{
	if (r->variant)
		fprintf(out, " %s@%u", r->name, r->variant);
	else
		fprintf(out, " %s", r->name);
}

void symtypes_write(struct symtypes *st, FILE *out)
{
	size_t *order = xrealloc(NULL, (st->nrecs + 1) * sizeof(size_t));
	for (size_t i = 0; i < st->nrecs; i++)
		order[i] = i;
	st_sort_ctx = st;
	qsort(order, st->nrecs, sizeof(size_t), st_qsort_rec);
	fprintf(out, "# kvmlm consolidated symtypes: one line per distinct type/symbol record, then one F# line per object\n");
	for (size_t i = 0; i < st->nrecs; i++) {
		const struct st_record *r = &st->recs[order[i]];
		if (r->variant)
			fprintf(out, "%s@%u %s\n", r->name, r->variant, r->defn);
		else
			fprintf(out, "%s %s\n", r->name, r->defn);
	}
	qsort(st->objs, st->nobjs, sizeof(*st->objs), st_qsort_obj);
	for (size_t i = 0; i < st->nobjs; i++) {
		struct st_object *o = &st->objs[i];
		fprintf(out, "F#%s", o->name);
		for (size_t k = 0; k < o->nrefs; k++)
			st_print_ref(out, &st->recs[o->refs[k]]);
		fputc('\n', out);
	}
	free(order);
}

/* Read a consolidated file. Object refs come back sorted by record name. */
struct symtypes *symtypes_read(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
		return NULL;
	}
	struct symtypes *st = symtypes_new();
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	/* name@variant -> record index, for resolving F# lines quickly */
	size_t hcap = 1 << 16, *h = NULL;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		st_chomp(line);
		if (!*line || (*line == '#' && line[1] == ' '))
			continue;
		if (!strncmp(line, "F#", 2)) {
			if (!h) {
				while (hcap < 2 * st->nrecs)
					hcap *= 2;
				h = xrealloc(NULL, hcap * sizeof(size_t));
				memset(h, 0xff, hcap * sizeof(size_t));
				for (size_t i = 0; i < st->nrecs; i++) {
					char key[16];
					snprintf(key, sizeof(key), "@%u", st->recs[i].variant);
					size_t k = st_fnv(st->recs[i].name, key) & (hcap - 1);
					while (h[k] != SIZE_MAX)
						k = (k + 1) & (hcap - 1);
					h[k] = i;
				}
			}
			char *save, *tok = strtok_r(line + 2, " ", &save);
			if (!tok) {
				fprintf(stderr, "%s:%u: F# line without an object name\n", path, lineno);
				goto bad;
			}
			struct st_object *o = st_object_new(st, tok);
			while ((tok = strtok_r(NULL, " ", &save))) {
				unsigned v = 0;
				char *at = strrchr(tok, '@');
				if (at && isdigit((unsigned char)at[1])) {
					v = (unsigned)atoi(at + 1);
					*at = 0;
				}
				char key[16];
				snprintf(key, sizeof(key), "@%u", v);
				size_t k = st_fnv(tok, key) & (hcap - 1), idx = SIZE_MAX;
				for (; h[k] != SIZE_MAX; k = (k + 1) & (hcap - 1))
					if (st->recs[h[k]].variant == v && !strcmp(st->recs[h[k]].name, tok)) {
						idx = h[k];
						break;
					}
				if (idx == SIZE_MAX) {
					fprintf(stderr, "%s:%u: %s lists %s@%u, which has no record line\n", path, lineno, o->name, tok, v);
					goto bad;
				}
				st_object_ref(o, idx);
			}
			continue;
		}
		if (h) {
			fprintf(stderr, "%s:%u: record line after the F# lines\n", path, lineno);
			goto bad;
		}
		char *sp = strchr(line, ' ');
		if (!sp) {
			fprintf(stderr, "%s:%u: not a \"name definition\" line\n", path, lineno);
			goto bad;
		}
		*sp = 0;
		unsigned v = 0;
		char *at = strrchr(line, '@');
		if (at && isdigit((unsigned char)at[1])) {
			v = (unsigned)atoi(at + 1);
			*at = 0;
		}
		if (st->nrecs == st->rcap) {
			st->rcap = st->rcap ? 2 * st->rcap : 4096;
			st->recs = xrealloc(st->recs, st->rcap * sizeof(*st->recs));
		}
		st->recs[st->nrecs++] = (struct st_record){ xstrdup(line), xstrdup(sp + 1), v, 0 };
	}
	free(line);
	free(h);
	fclose(f);
	st_sort_ctx = st;
	for (size_t i = 0; i < st->nobjs; i++)
		qsort(st->objs[i].refs, st->objs[i].nrefs, sizeof(size_t), st_qsort_rec);
	return st;
bad:
	free(line);
	free(h);
	fclose(f);
	return NULL;
}

/* The record an object uses for name (any variant), or NULL. Refs must be sorted. */
const struct st_record *st_lookup(const struct symtypes *st, const struct st_object *o, const char *name)
{
	size_t lo = 0, hi = o->nrefs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(st->recs[o->refs[mid]].name, name);
		if (!c)
			return &st->recs[o->refs[mid]];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The object that exports sym (has a record without '#' of that name), or NULL. */
const struct st_object *st_exporter(const struct symtypes *st, const char *sym)
{
	for (size_t i = 0; i < st->nobjs; i++)
		if (st_lookup(st, &st->objs[i], sym))
			return &st->objs[i];
	return NULL;
}
