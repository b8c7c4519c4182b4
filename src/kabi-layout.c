// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-layout - struct and union layouts from the DWARF of kernel modules.
 *
 *   kabi-layout [--types SYMTYPES] MODULE.ko... > LAYOUT
 *
 * Prints, for every named struct/union defined in the modules' DWARF, its size
 * and each member's offset and size, tab-separated after the member's leading tab
 * (the type, last, may hold spaces):
 *
 *   struct kvm_page_track_notifier_node 40
 *   	node	0	16	struct hlist_node
 *   	track_write	16	8	*
 *   	flags	24	4	unsigned int :3:1        (a bit-field: bit offset 3, 1 bit)
 *
 * With --types, only the types a consolidated symtypes file defines (s#/u#
 * records that are not "{ UNKNOWN }") are printed: the types genksyms sees
 * behind the exports, i.e. the ones whose layout kABI is about. The first
 * definition found wins (modules in argument order, compile units in file
 * order), so the same modules always give the same output.
 *
 * libdwfl is used rather than libdw alone because .ko files are relocatable:
 * their .debug_info string and type offsets are only right after relocation.
 *
 * Exit status: 0 ok, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#include "kabi-symtypes.h"

static const char *prog = "kabi-layout";

/* Names to print ("struct foo" / "union bar"), sorted; NULL = all. */
static char **want;
static size_t nwant;
/* Names already printed. */
static char **done;
static size_t ndone, donecap;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int wanted(const char *key)
{
	return !want || bsearch(&key, want, nwant, sizeof(*want), cmp_str);
}

/* A linear set is too slow for ~2000 types x many CUs: keep it sorted. */
static int seen_or_add(const char *key)
{
	size_t lo = 0, hi = ndone;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(done[mid], key);
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (ndone == donecap) {
		donecap = donecap ? 2 * donecap : 1024;
		done = xrealloc(done, donecap * sizeof(*done));
	}
	memmove(done + lo + 1, done + lo, (ndone - lo) * sizeof(*done));
	done[lo] = xstrdup(key);
	ndone++;
	return 0;
}

static int load_types(const char *path)
{
	struct symtypes *st = symtypes_read(path);
	if (!st)
		return -1;
	want = xrealloc(NULL, (st->nrecs + 1) * sizeof(*want));
	for (size_t i = 0; i < st->nrecs; i++) {
		const struct st_record *r = &st->recs[i];
		const char *kind = !strncmp(r->name, "s#", 2) ? "struct" : !strncmp(r->name, "u#", 2) ? "union" : NULL;
		if (!kind || strstr(r->defn, "{ UNKNOWN }"))
			continue;
		if (asprintf(&want[nwant], "%s %s", kind, r->name + 2) < 0)
			return -1;
		nwant++;
	}
	qsort(want, nwant, sizeof(*want), cmp_str);
	return 0;
}

/* A short, stable description of a member's type. */
static void type_name(Dwarf_Die *type, char *buf, size_t len)
{
	Dwarf_Attribute a;
	Dwarf_Die t;
	const char *name = dwarf_diename(type);
	switch (dwarf_tag(type)) {
	case DW_TAG_pointer_type:
		snprintf(buf, len, "*");
		return;
	case DW_TAG_structure_type:
		snprintf(buf, len, "struct %s", name ? name : "(anon)");
		return;
	case DW_TAG_union_type:
		snprintf(buf, len, "union %s", name ? name : "(anon)");
		return;
	case DW_TAG_enumeration_type:
		snprintf(buf, len, "enum %s", name ? name : "(anon)");
		return;
	case DW_TAG_array_type: {
		char inner[128] = "?";
		Dwarf_Die sub;
		Dwarf_Word n = 0;
		if (dwarf_attr_integrate(type, DW_AT_type, &a) && dwarf_formref_die(&a, &t))
			type_name(&t, inner, sizeof(inner));
		if (dwarf_child(type, &sub) == 0 && dwarf_tag(&sub) == DW_TAG_subrange_type) {
			Dwarf_Attribute c;
			if (dwarf_attr(&sub, DW_AT_count, &c))
				dwarf_formudata(&c, &n);
			else if (dwarf_attr(&sub, DW_AT_upper_bound, &c) && dwarf_formudata(&c, &n) == 0)
				n++;
		}
		snprintf(buf, len, "%s[%lu]", inner, (unsigned long)n);
		return;
	}
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
		if (dwarf_attr_integrate(type, DW_AT_type, &a) && dwarf_formref_die(&a, &t)) {
			type_name(&t, buf, len);
			return;
		}
		snprintf(buf, len, "void");
		return;
	default:
		snprintf(buf, len, "%s", name ? name : "?");
	}
}

static void print_type(Dwarf_Die *die, const char *key)
{
	Dwarf_Word size = dwarf_bytesize(die) >= 0 ? (Dwarf_Word)dwarf_bytesize(die) : 0;
	Dwarf_Die m;
	unsigned anon = 0;
	printf("%s %lu\n", key, (unsigned long)size);
	if (dwarf_child(die, &m) != 0)
		return;
	do {
		if (dwarf_tag(&m) != DW_TAG_member)
			continue;
		Dwarf_Attribute a;
		Dwarf_Word off = 0, bitoff = 0, bits = 0;
		Dwarf_Die t;
		char tn[160] = "?";
		Dwarf_Word msize = 0;
		if (dwarf_attr(&m, DW_AT_data_member_location, &a))
			dwarf_formudata(&a, &off);
		if (dwarf_attr(&m, DW_AT_type, &a) && dwarf_formref_die(&a, &t)) {
			Dwarf_Word s;
			type_name(&t, tn, sizeof(tn));
			if (dwarf_aggregate_size(&t, &s) == 0)
				msize = s;
		}
		if (dwarf_attr(&m, DW_AT_bit_size, &a))
			dwarf_formudata(&a, &bits);
		if (bits && dwarf_attr(&m, DW_AT_data_bit_offset, &a)) {
			/* DWARF 4+: offset in bits from the start of the struct */
			dwarf_formudata(&a, &bitoff);
			off = bitoff / 8 / (msize ? msize : 1) * (msize ? msize : 1);
			bitoff -= off * 8;
		}
		const char *mn = dwarf_diename(&m);
		char anonbuf[32];
		if (!mn) {
			snprintf(anonbuf, sizeof(anonbuf), "(anon#%u)", ++anon);
			mn = anonbuf;
		}
		if (bits)
			printf("\t%s\t%lu\t%lu\t%s :%lu:%lu\n", mn, (unsigned long)off, (unsigned long)msize, tn,
			       (unsigned long)bitoff, (unsigned long)bits);
		else
			printf("\t%s\t%lu\t%lu\t%s\n", mn, (unsigned long)off, (unsigned long)msize, tn);
	} while (dwarf_siblingof(&m, &m) == 0);
}

static void walk(Dwarf_Die *die)
{
	Dwarf_Die c;
	if (dwarf_child(die, &c) != 0)
		return;
	do {
		int tag = dwarf_tag(&c);
		if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type) {
			const char *name = dwarf_diename(&c);
			if (name && !dwarf_hasattr(&c, DW_AT_declaration)) {
				char key[512];
				snprintf(key, sizeof(key), "%s %s", tag == DW_TAG_structure_type ? "struct" : "union", name);
				if (wanted(key) && !seen_or_add(key))
					print_type(&c, key);
			}
		}
		/* C nests no scopes that matter for named types below subprograms. */
		if (tag != DW_TAG_subprogram && dwarf_haschildren(&c))
			walk(&c);
	} while (dwarf_siblingof(&c, &c) == 0);
}

static int dump_module(const char *path)
{
	static const Dwfl_Callbacks cb = {
		.find_debuginfo = dwfl_standard_find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	Dwfl *dwfl = dwfl_begin(&cb);
	Dwfl_Module *mod = dwfl ? dwfl_report_offline(dwfl, path, path, -1) : NULL;
	if (!mod) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, dwfl_errmsg(-1));
		return -1;
	}
	dwfl_report_end(dwfl, NULL, NULL);
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
	if (!dw) {
		fprintf(stderr, "%s: %s has no DWARF (built without CONFIG_DEBUG_INFO, or stripped): %s\n",
			prog, path, dwfl_errmsg(-1));
		dwfl_end(dwfl);
		return -1;
	}
	Dwarf_Off off = 0, next;
	size_t hsize;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;
		if (dwarf_offdie(dw, off + hsize, &cu))
			walk(&cu);
		off = next;
	}
	dwfl_end(dwfl);
	return 0;
}

int main(int argc, char **argv)
{
	int i = 1;

	util_set_prog(argv[0]);
	if (argc > 2 && !strcmp(argv[1], "--types")) {
		if (load_types(argv[2]))
			return 2;
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: %s [--types SYMTYPES] MODULE.ko... > LAYOUT\n", prog);
		return 2;
	}
	printf("# kvmlm struct layouts (kabi-layout): \"<kind> <name> <size>\", then \"<tab><member><tab><offset><tab><size><tab><type>[ :<bit offset>:<bits>]\"\n");
	for (; i < argc; i++)
		if (dump_module(argv[i]))
			return 2;
	fprintf(stderr, "%s: %zu types%s\n", prog, ndone, want ? " (of the symtypes' definitions)" : "");
	return 0;
}
