// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-symtypes - keep genksyms' type records as one reference file.
 *
 *   kabi-symtypes consolidate OBJDIR > FILE   all .symtypes files under OBJDIR -> one file
 *   kabi-symtypes split FILE OBJDIR           FILE -> OBJDIR/<object>.symref
 *
 * A build with KBUILD_SYMTYPES=1 leaves, next to each object that exports
 * symbols, a .symtypes file: one "name definition" line per type genksyms
 * expanded (s#struct, u#union, e#enum, E#enum constant, t#typedef) and per
 * exported symbol. Most lines are the same in every object, so the reference
 * keeps each distinct (name, definition) once and lists per object which
 * variant it saw (the consolidated format SUSE's kernel-source also uses):
 *
 *   s#foo struct foo { int a ; }          first variant of s#foo
 *   s#foo@1 struct foo { UNKNOWN }        a second variant (seen as a forward declaration)
 *   F#arch/x86/kvm/x86.o s#foo@1 t#bar kvm_export ...
 *
 * "split" writes, for every F# object, the .symref file kbuild hands to
 * genksyms (-r): with it, genksyms prints "modversion changed because of
 * changes in struct foo" for every export whose CRC moved. Output is sorted,
 * so the same build always gives the same file.
 *
 * Exit status: 0 ok, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#include "kabi-symtypes.h"

static const char *prog = "kabi-symtypes";
static const char *objroot;
static char **paths;
static size_t npaths, pcap;

static int visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t n = strlen(path);
	(void)st; (void)ftw;
	if (flag != FTW_F || n < 9 || strcmp(path + n - 9, ".symtypes"))
		return 0;
	if (npaths == pcap) {
		pcap = pcap ? 2 * pcap : 64;
		paths = xrealloc(paths, pcap * sizeof(*paths));
	}
	paths[npaths++] = xstrdup(path);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int consolidate(const char *dir)
{
	objroot = dir;
	if (nftw(dir, visit, 32, FTW_PHYS)) {
		fprintf(stderr, "%s: cannot read the .symtypes files under %s: %s\n", prog, dir, strerror(errno));
		return 2;
	}
	if (!npaths) {
		fprintf(stderr, "%s: no .symtypes files under %s (was the build run with KBUILD_SYMTYPES=1?)\n", prog, dir);
		return 2;
	}
	/* Sorted, so that variant numbers (@1, @2) do not depend on directory order. */
	qsort(paths, npaths, sizeof(*paths), cmp_str);
	struct symtypes *acc = symtypes_new();
	for (size_t i = 0; i < npaths; i++) {
		const char *rel = paths[i] + strlen(objroot);
		char *obj;
		while (*rel == '/')
			rel++;
		if (asprintf(&obj, "%.*s.o", (int)(strlen(rel) - 9), rel) < 0 ||
		    symtypes_add_object_file(acc, obj, paths[i]))
			return 2;
		free(obj);
	}
	symtypes_write(acc, stdout);
	fprintf(stderr, "%s: %zu objects, %zu distinct type/symbol records\n", prog, acc->nobjs, acc->nrecs);
	return 0;
}

static int mkdirs(const char *path)
{
	char *p = xstrdup(path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

static int split(const char *file, const char *dir)
{
	struct symtypes *st = symtypes_read(file);
	if (!st)
		return 2;
	for (size_t i = 0; i < st->nobjs; i++) {
		struct st_object *o = &st->objs[i];
		char *path;
		size_t n = strlen(o->name);
		if (n < 3 || strcmp(o->name + n - 2, ".o")) {
			fprintf(stderr, "%s: %s: object name %s does not end in .o\n", prog, file, o->name);
			return 2;
		}
		if (asprintf(&path, "%s/%.*s.symref", dir, (int)(n - 2), o->name) < 0 || mkdirs(path)) {
			fprintf(stderr, "%s: cannot create the directory of %s/%s\n", prog, dir, o->name);
			return 2;
		}
		FILE *f = fopen(path, "w");
		if (!f) {
			fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
			return 2;
		}
		for (size_t k = 0; k < o->nrefs; k++) {
			struct st_record *r = &st->recs[o->refs[k]];
			fprintf(f, "%s %s\n", r->name, r->defn);
		}
		if (fclose(f)) {
			fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
			return 2;
		}
		free(path);
	}
	fprintf(stderr, "%s: wrote %zu .symref files under %s\n", prog, st->nobjs, dir);
	return 0;
}

int main(int argc, char **argv)
{
	util_set_prog(argv[0]);
	if (argc == 3 && !strcmp(argv[1], "consolidate"))
		return consolidate(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "split"))
		return split(argv[2], argv[3]);
	fprintf(stderr, "usage: %s consolidate OBJDIR > FILE\n       %s split FILE OBJDIR\n", prog, prog);
	return 2;
}
