/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kabi-symtypes.h - genksyms type records, per object and consolidated.
 *
 * Shared by kabi-symtypes (writes the reference), kabi-explain (reads two of
 * them) and kabi-layout; the code is kabi-symtypes-lib.c, linked into each.
 * The consolidated format is described in kabi-symtypes.c.
 */
#ifndef KABI_SYMTYPES_H
#define KABI_SYMTYPES_H

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


struct st_record {
	char *name;		/* "s#foo", "t#bar", "E#CONST" or an exported symbol */
	char *defn;		/* genksyms' token string, single spaces */
	unsigned variant;	/* 0 for the first definition of a name, 1, 2... */
	unsigned nvariants;	/* on variant 0 while interning: how many there are */
};

struct st_object {
	char *name;		/* "arch/x86/kvm/x86.o" */
	size_t *refs;		/* record indexes, sorted by record name once read */
	size_t nrefs, cap;
};

struct symtypes {
	struct st_record *recs;
	size_t nrecs, rcap;
	struct st_object *objs;
	size_t nobjs, ocap;
	size_t *hash;		/* open addressing over (name, defn); SIZE_MAX = empty */
	size_t hcap;
	size_t *names;		/* name -> its variant-0 record, while interning */
	size_t nnames, ncap;
};

/* A new, empty set of records. */
struct symtypes *symtypes_new(void);
/* Add one object's genksyms output (a .symtypes file) under the object name OBJ. */
int symtypes_add_object_file(struct symtypes *st, const char *obj, const char *path);
/* Write the consolidated form / read it back (exits on a malformed file). */
void symtypes_write(struct symtypes *st, FILE *out);
struct symtypes *symtypes_read(const char *path);
/* The record NAME as object O sees it; the object that exports SYM. */
const struct st_record *st_lookup(const struct symtypes *st, const struct st_object *o, const char *name);
const struct st_object *st_exporter(const struct symtypes *st, const char *sym);
/* Strip a trailing newline in place. */
char *st_chomp(char *s);

#endif
