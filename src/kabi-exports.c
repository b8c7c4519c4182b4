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
 * The export type and namespace are read in the format of the kernel that
 * built OBJECT:
 *   - up to v6.4 (Debian's 6.1): the per-symbol sections "___ksymtab+<sym>"
 *     (EXPORT_SYMBOL) and "___ksymtab_gpl+<sym>" (EXPORT_SYMBOL_GPL); the
 *     namespace is the string in __ksymtab_strings that the symbol
 *     __kstrtabns_<sym> points at;
 *   - from v6.5 (Debian's 6.12, include/linux/export.h): the symbol
 *     __export_symbol_<sym> in section .export_symbol points at two strings,
 *     the licence ("" for EXPORT_SYMBOL, "GPL" for EXPORT_SYMBOL_GPL) and the
 *     namespace.
 * "?" is the type of a #SYMVER symbol with neither; "" the namespace of one
 * without any.
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

struct sections {
	struct strings ksymtab_strings;	/* up to v6.4 */
	struct strings export_symbol;	/* from v6.5 */
};

/* The NUL-terminated string at OFF of S, bounded by the section; NULL past its end. */
static char *string_at(const struct strings *s, size_t off)
{
	char *str;

	if (!s->data || off >= s->size)
		return NULL;
	str = strndup(s->data + off, s->size - off);
	if (!str)
		fatal("out of memory");
	return str;
}

static void on_symbol(const char *name, const GElf_Sym *sym, void *arg)
{
	const struct sections *s = arg;
	const struct strings *ks = &s->ksymtab_strings, *es = &s->export_symbol;
	char *lic, *ns;

	if (strncmp(name, "__kstrtabns_", 12) == 0 && ks->data && sym->st_shndx == ks->index) {
		ns = string_at(ks, sym->st_value);
		if (ns) /* else not a string of __ksymtab_strings: no namespace known */
			find(name + 12, strlen(name + 12))->ns = ns;
	} else if (strncmp(name, "__export_symbol_", 16) == 0 && es->data && sym->st_shndx == es->index) {
		struct export *e;

		lic = string_at(es, sym->st_value);
		if (!lic)
			return;
		ns = string_at(es, sym->st_value + strlen(lic) + 1);
		e = find(name + 16, strlen(name + 16));
		e->type = strcmp(lic, "GPL") == 0 ? "EXPORT_SYMBOL_GPL" : lic[0] == '\0' ? "EXPORT_SYMBOL" : "?";
		e->ns = ns ? ns : "";
		free(lic);
	}
}

int main(int argc, char **argv)
{
	struct sections secs = { 0 };
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
	secs.ksymtab_strings.data = elf_section_data(ef, "__ksymtab_strings", &secs.ksymtab_strings.size,
						     &secs.ksymtab_strings.index);
	secs.export_symbol.data = elf_section_data(ef, ".export_symbol", &secs.export_symbol.size,
						   &secs.export_symbol.index);
	elf_each_section(ef, on_section, NULL);
	elf_each_symbol(ef, on_symbol, &secs);

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
