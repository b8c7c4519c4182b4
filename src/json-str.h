/* SPDX-License-Identifier: GPL-2.0 */
/* json-str.h - write a C string as a JSON string literal (shared by the C tools). */
#ifndef KVMLM_JSON_STR_H
#define KVMLM_JSON_STR_H

#include <stdio.h>

static inline void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

#endif
