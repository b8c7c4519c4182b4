// SPDX-License-Identifier: GPL-2.0
/*
 * kabi-exports - the exports one compiled kernel object defines, as
 * Module.symvers rows: what scripts/kabi-kernel needs of each source the series
 * can reach, without a full kernel build.
 *
 * Usage: kabi-exports SOURCE OBJECT CMDFILE
 *
 * For each "#SYMVER <symbol> <crc>" line of CMDFILE (kbuild's .<obj>.cmd, where
 * genksyms' CRCs land), in that order, prints
 *   SOURCE \t <crc> \t <symbol> \t <export type> \t <namespace>
 * The export type comes from OBJECT's per-symbol sections "___ksymtab+<sym>"
 * (EXPORT_SYMBOL) and "___ksymtab_gpl+<sym>" (EXPORT_SYMBOL_GPL), "?" when it
 * has neither; the namespace is the string in __ksymtab_strings that the
 * symbol __kstrtabns_<sym> points at ("" when there is none).
 *
 * Exit status: 0, or 2 when a file cannot be read (an OBJECT that is not ELF
 * included).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf-sections.h"
#include "util.h"

struct export {
	char *sym;
	const char *type;
	const char *ns;
	char crc[64];	/* of the last #SYMVER line naming it */
};

static struct export *exports;
static size_t nexports;

static struct export *find(const char *sym, size_t len)
{
	for (size_t i = 0; i < nexports; i++)
		if (strlen(exports[i].sym) == len && strncmp(exports[i].sym, sym, len) == 0)
			return &exports[i];
	exports = xrealloc(exports, (nexports + 1) * sizeof(*exports));
	exports[nexports] = (struct export){ strndup(sym, len), "?", "", "" };
	if (!exports[nexports].sym)
		fatal("out of memory");
	return &exports[nexports++];
}

static void on_section(const char *name, size_t index, void *arg)
{
	(void)index, (void)arg;
	if (strncmp(name, "___ksymtab_gpl+", 15) == 0)
		find(name + 15, strlen(name + 15))->type = "EXPORT_SYMBOL_GPL";
	else if (strncmp(name, "___ksymtab+", 11) == 0)
		find(name + 11, strlen(name + 11))->type = "EXPORT_SYMBOL";
}

struct strings {
	const char *data;
	size_t size, index;
};

static void on_symbol(const char *name, const GElf_Sym *sym, void *arg)
{
	const struct strings *s = arg;

	if (strncmp(name, "__kstrtabns_", 12) != 0 || !s->data)
		return;
	if (sym->st_shndx != s->index || sym->st_value >= s->size)
		return; /* not a string of __ksymtab_strings: no namespace known */
	/* the string at that offset, bounded by the section */
	find(name + 12, strlen(name + 12))->ns = strndup(s->data + sym->st_value, s->size - sym->st_value);
}

int main(int argc, char **argv)
{
	struct strings strs = { 0 };
	struct elf_file *ef;
	char *line = NULL;
	size_t cap = 0, *order = NULL, norder = 0;
	FILE *cmd;

	util_set_prog(argv[0]);
	if (argc != 4) {
		fprintf(stderr, "usage: kabi-exports SOURCE OBJECT CMDFILE\n"
				"  prints SOURCE, CRC, symbol, export type and namespace for each #SYMVER line of CMDFILE\n");
		return 2;
	}
	ef = elf_file_open(argv[2]);
	if (!ef)
		fatal("%s is not an ELF object", argv[2]);
	strs.data = elf_section_data(ef, "__ksymtab_strings", &strs.size, &strs.index);
	elf_each_section(ef, on_section, NULL);
	elf_each_symbol(ef, on_symbol, &strs);

	cmd = fopen(argv[3], "r");
	if (!cmd)
		fatal("cannot open %s", argv[3]);
	while (getline(&line, &cap, cmd) >= 0) {
		char sym[512], crc[64];
		struct export *e;

		if (strncmp(line, "#SYMVER ", 8) != 0 || sscanf(line + 8, "%511s %63s", sym, crc) != 2)
			continue;
		e = find(sym, strlen(sym));
		snprintf(e->crc, sizeof(e->crc), "%s", crc);
		order = xrealloc(order, (norder + 1) * sizeof(*order));
		order[norder++] = (size_t)(e - exports);
	}
	free(line);
	fclose(cmd);
	for (size_t i = 0; i < norder; i++) {
		const struct export *e = &exports[order[i]];

		printf("%s\t%s\t%s\t%s\t%s\n", argv[1], e->crc, e->sym, e->type, e->ns);
	}
	elf_file_close(ef);
	return 0;
}
