/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - what every kvmlm C tool needs once: allocation that cannot fail
 * silently, and one way to stop on an error (exit status 2, the tools' "could
 * not run" status; 1 stays "found a problem").
 */
#ifndef KVMLM_UTIL_H
#define KVMLM_UTIL_H

#include <stddef.h>

/* The tool's name in messages: each main() sets it from argv[0]. */
extern const char *util_prog;

void util_set_prog(const char *argv0);
void *xrealloc(void *p, size_t n);
void *xcalloc(size_t n, size_t size);
char *xstrdup(const char *s);
/* "<tool>: <message>" on stderr, exit 2. */
__attribute__((noreturn, format(printf, 1, 2))) void fatal(const char *fmt, ...);

#endif
