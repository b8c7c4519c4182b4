/* SPDX-License-Identifier: GPL-2.0 */
/*
 * elf-sections.h - the one ELF reader of the kvmlm tools (libelf): a file's
 * sections by name and its symbols. kabi-check reads stock modules' __versions
 * with it, kabi-exports an object's export sections and namespaces.
 */
#ifndef KVMLM_ELF_SECTIONS_H
#define KVMLM_ELF_SECTIONS_H

#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>

struct elf_file;

/* Open PATH; NULL (and no message) when it is not an ELF file. Other errors are fatal. */
struct elf_file *elf_file_open(const char *path);
void elf_file_close(struct elf_file *ef);
/* ELFCLASS64 and little-endian, the layout struct modversion_info has on x86_64 and arm64. */
bool elf_file_is_64le(const struct elf_file *ef);
/* The contents of the first section called NAME (*size its length), NULL when there is none. */
const void *elf_section_data(struct elf_file *ef, const char *name, size_t *size, size_t *index);
/* FN(name, index, arg) for every section, in file order. */
void elf_each_section(struct elf_file *ef, void (*fn)(const char *name, size_t index, void *arg), void *arg);
/* FN(name, sym, arg) for every symbol of .symtab (none when the file has no .symtab). */
void elf_each_symbol(struct elf_file *ef, void (*fn)(const char *name, const GElf_Sym *sym, void *arg), void *arg);

#endif
