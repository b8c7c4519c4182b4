// SPDX-License-Identifier: GPL-2.0
/* elf-sections.c - see elf-sections.h. */
#include <fcntl.h>
#include <stdlib.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

#include "elf-sections.h"
#include "util.h"

struct elf_file {
	const char *path;
	int fd;
	Elf *elf;
	size_t shstrndx;
	unsigned char class, data;
};

struct elf_file *elf_file_open(const char *path)
{
	struct elf_file *ef;
	char *ident;

	if (elf_version(EV_CURRENT) == EV_NONE)
		fatal("libelf: %s", elf_errmsg(-1));
	ef = xcalloc(1, sizeof(*ef));
	ef->path = path;
	ef->fd = open(path, O_RDONLY);
	if (ef->fd < 0)
		fatal("cannot open %s", path);
	ef->elf = elf_begin(ef->fd, ELF_C_READ, NULL);
	if (!ef->elf || elf_kind(ef->elf) != ELF_K_ELF) {
		elf_file_close(ef);
		return NULL;
	}
	if (elf_getshdrstrndx(ef->elf, &ef->shstrndx) != 0)
		fatal("%s: truncated ELF section table (%s)", path, elf_errmsg(-1));
	ident = elf_getident(ef->elf, NULL);
	ef->class = ident[EI_CLASS];
	ef->data = ident[EI_DATA];
	return ef;
}

void elf_file_close(struct elf_file *ef)
{
	if (!ef)
		return;
	if (ef->elf)
		elf_end(ef->elf);
	if (ef->fd >= 0)
		close(ef->fd);
	free(ef);
}

bool elf_file_is_64le(const struct elf_file *ef)
{
	return ef->class == ELFCLASS64 && ef->data == ELFDATA2LSB;
}

static const char *section_name(struct elf_file *ef, Elf_Scn *scn)
{
	GElf_Shdr sh;
	const char *name;

	if (!gelf_getshdr(scn, &sh))
		fatal("%s: bad section header (%s)", ef->path, elf_errmsg(-1));
	name = elf_strptr(ef->elf, ef->shstrndx, sh.sh_name);
	return name ? name : "";
}

static const void *scn_data(struct elf_file *ef, Elf_Scn *scn, size_t *size)
{
	Elf_Data *d = elf_rawdata(scn, NULL);

	if (!d)
		fatal("%s: section %s lies outside the file (%s)", ef->path, section_name(ef, scn), elf_errmsg(-1));
	*size = d->d_size;
	return d->d_buf ? d->d_buf : "";
}

const void *elf_section_data(struct elf_file *ef, const char *name, size_t *size, size_t *index)
{
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(ef->elf, scn));) {
		if (strcmp(section_name(ef, scn), name) != 0)
			continue;
		if (index)
			*index = elf_ndxscn(scn);
		return scn_data(ef, scn, size);
	}
	return NULL;
}

void elf_each_section(struct elf_file *ef, void (*fn)(const char *name, size_t index, void *arg), void *arg)
{
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(ef->elf, scn));)
		fn(section_name(ef, scn), elf_ndxscn(scn), arg);
}

void elf_each_symbol(struct elf_file *ef, void (*fn)(const char *name, const GElf_Sym *sym, void *arg), void *arg)
{
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(ef->elf, scn));) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d)
			fatal("%s: unreadable .symtab (%s)", ef->path, elf_errmsg(-1));
		for (size_t i = 0; sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(d, (int)i, &sym))
				continue;
			name = elf_strptr(ef->elf, sh.sh_link, sym.st_name);
			if (name && *name)
				fn(name, &sym, arg);
		}
	}
}
