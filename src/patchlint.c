// SPDX-License-Identifier: GPL-2.0
/*
 * patchlint - check kvmlm kernel patches against the header schema and the
 * diff format, and check that `series` and `patches/` agree.
 *
 * Header schema (docs/maintainer.md, "Adding a backport"):
 *   From:, Date:, Subject:      of the original author and commit
 *   Patch-mainline: vX.Y[-rcN]  + one or more "Git-commit: <40 hex>[ (partial)]"
 *   Patch-mainline: Never, <reason> | Submitted, <where>   (no Git-commit)
 *   Message-text: committed | posted, <where> | summary, <why>
 *                               with Git-commit: whether the message is upstream's
 *                               committed text, the text as posted to the list
 *                               (<where>: Message-ID or the posting), or kvmlm's
 *                               summary where no upstream text could be read
 *   References:                 what the patch is for
 * Message: at least one named "Signed-off-by:" or "Acked-by:" ("Name <mail>");
 * kvmlm's notes in the message are "[ kvmlm: ... ]" (one marker, so a reader and
 * a grep find every deviation; upstream's own "[name: ...]" notes are kept).
 * Diff format: "-p ab" paths (a/... b/... or /dev/null), no timestamps after
 * the file names, no "Index:" lines, at least one hunk.
 *
 * Usage:
 *   patchlint [--topics FILE] PATCH...         check patch files (--topics: the
 *                                              References: topics against FILE)
 *   patchlint --series SERIES [--not-taken FILE] [--series SERIES [--not-taken FILE]]...
 *             --patches DIR                    also check series <-> files, and the
 *                                              series-wide rules (lint_series_order)
 *   Each base has its series (BASE_SERIES of its bases/ file) and may have its
 *   not-taken list: a --not-taken belongs to the --series before it. Every series is
 *   checked on its own; a file in DIR must be listed in at least one of them.
 *
 * Every problem is printed as "file:line: error: text"; exit status 1 when
 * there is any, 2 on usage or I/O errors, 0 when everything is clean.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static int errors;

/* Topic names of --topics FILE: a References: line starts with them. */
static char *topics[64];
static int ntopics;

static void report(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (line > 0)
		fprintf(stdout, "%s:%d: error: ", file, line);
	else
		fprintf(stdout, "%s: error: ", file);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	errors++;
}

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Value of a "Key: value" header line with surrounding blanks removed. */
static const char *header_value(char *line, const char *key)
{
	size_t n = strlen(key);
	char *v, *end;

	if (strncasecmp(line, key, n) != 0 || line[n] != ':')
		return NULL;
	v = line + n + 1;
	while (*v == ' ' || *v == '\t')
		v++;
	end = v + strlen(v);
	while (end > v && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return v;
}

static bool is_hex40(const char *s, size_t len)
{
	if (len != 40)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return false;
	return true;
}

/* "v6.8", "v6.13", "v6.9-rc3" */
static bool is_release(const char *s)
{
	const char *p = s;

	if (*p++ != 'v' || !isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	if (*p++ != '.' || !isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	if (starts_with(p, "-rc")) {
		p += 3;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return *p == '\0';
}

/* A diff file-name line must be "--- a/path", "+++ b/path" or /dev/null, nothing after. */
static void check_diff_path(const char *file, int lineno, const char *line)
{
	const char *path = line + 4;
	bool old = line[0] == '-';

	if (strchr(path, '\t') || strstr(path, "  "))
		report(file, lineno, "timestamp or trailing data after the file name (use -p ab --no-timestamps): %s", line);
	if (strcmp(path, "/dev/null") == 0)
		return;
	if (!starts_with(path, old ? "a/" : "b/"))
		report(file, lineno, "file name must start with \"%s\" (-p ab diffs): %s", old ? "a/" : "b/", line);
}

/* What the series-wide rules need of one patch (lint_patch fills it when given one). */
struct patch_info {
	char release[32];		/* Patch-mainline: vX.Y[-rcN], or "" */
	char commits[16][13];		/* Git-commit ids, first 12 hex */
	int commit_line[16], ncommits;
	char fixes[16][13];		/* Fixes: targets, first 12 hex */
	int fixes_line[16], nfixes;
};

static void lint_patch_info(const char *file, struct patch_info *info);

/* "References: <topic>[, <topic>...]: text": every topic must be one of --topics'. */
static void check_topics(const char *file, int lineno, const char *v)
{
	const char *colon = strstr(v, ": "), *p = v;

	if (!colon) {
		report(file, lineno, "References: must start with its topics, \"<topic>[, <topic>]: <text>\"");
		return;
	}
	while (p < colon) {
		const char *end = strstr(p, ", ");
		size_t n;
		bool known = false;

		if (!end || end > colon)
			end = colon;
		n = (size_t)(end - p);
		for (int i = 0; i < ntopics; i++)
			known |= strlen(topics[i]) == n && strncmp(topics[i], p, n) == 0;
		if (!known)
			report(file, lineno, "References: topic \"%.*s\" is not in the topics list (patches/topics)", (int)n, p);
		p = end + 2;
	}
}

static void read_topics(const char *file)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;

	if (!f) {
		fprintf(stderr, "patchlint: cannot open %s: %s\n", file, strerror(errno));
		exit(2);
	}
	while (getline(&line, &cap, f) >= 0) {
		char *sep = strstr(line, "  --");

		if (line[0] == '#' || !sep || ntopics == 64)
			continue;
		*sep = '\0';
		topics[ntopics++] = xstrdup(line);
	}
	free(line);
	fclose(f);
}

static void lint_patch(const char *file)
{
	lint_patch_info(file, NULL);
}

static void lint_patch_info(const char *file, struct patch_info *info)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, hunks = 0, commits = 0, first_commit_line = 0;
	int mainline_line = 0;
	bool in_diff = false, have_from = false, have_date = false, have_subject = false;
	bool have_refs = false, want_commit = false, forbid_commit = false, have_signoff = false;
	int message_text_line = 0, says_posted_line = 0;
	char mainline[256] = "", message_text[64] = "";

	if (!f) {
		report(file, 0, "cannot open: %s", strerror(errno));
		return;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		const char *v;

		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';

		if (starts_with(line, "Index:") || starts_with(line, "=================================================================")) {
			report(file, lineno, "\"Index:\" lines are not allowed (quilt refresh --no-index)");
			continue;
		}
		if (starts_with(line, "diff --git ") || starts_with(line, "diff -")) {
			in_diff = true;
			continue;
		}
		if (starts_with(line, "--- ") && !in_diff) {
			/* a bare "---" separates the message from a diffstat; "--- x" starts a diff */
			in_diff = true;
		}
		if (in_diff) {
			if (starts_with(line, "--- ") || starts_with(line, "+++ "))
				check_diff_path(file, lineno, line);
			else if (starts_with(line, "@@ "))
				hunks++;
			continue;
		}

		if (starts_with(line, "Signed-off-by:") || starts_with(line, "Acked-by:")) {
			const char *lt = strchr(line, '<'), *at = lt ? strchr(lt, '@') : NULL;
			const char *name = strchr(line, ':') + 1;

			name += strspn(name, " \t");
			if (lt && lt > name && at && strchr(at, '>'))
				have_signoff = true;
			else
				report(file, lineno, "sign-off without a name and mail: \"%s\" (\"Signed-off-by: Name <mail>\")", line);
		}
		if (line[0] == '[' && line[1] == ' ') {
			/* "[ word: " is a backporter's note; kvmlm's are "[ kvmlm: ... ]" */
			size_t w = strspn(line + 2, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");

			if (w && line[2 + w] == ':' && !starts_with(line, "[ kvmlm:"))
				report(file, lineno, "backport note marked \"%.*s\": kvmlm's notes are \"[ kvmlm: ... ]\"", (int)w + 3, line);
		}
		if (!says_posted_line && (strstr(line, "the posted text") || strstr(line, "is the posted") ||
					  strstr(line, "as posted")))
			says_posted_line = lineno;
		if (info && starts_with(line, "Fixes: ") && info->nfixes < 16) {
			const char *id = line + 7;
			size_t n = strspn(id, "0123456789abcdef");

			if (n >= 12) {
				snprintf(info->fixes[info->nfixes], 13, "%.12s", id);
				info->fixes_line[info->nfixes++] = lineno;
			}
		}
		if ((v = header_value(line, "From")))
			have_from = *v != '\0';
		else if ((v = header_value(line, "Date")))
			have_date = *v != '\0';
		else if ((v = header_value(line, "Subject")))
			have_subject = *v != '\0';
		else if ((v = header_value(line, "References"))) {
			have_refs = *v != '\0';
			if (ntopics && have_refs)
				check_topics(file, lineno, v);
			/*
			 * "fix of <id> [and <id>...]" in References: the fix of a carried commit
			 * whose upstream message has no Fixes: tag; the series rules treat the
			 * ids like Fixes: targets.
			 */
			for (const char *q = strstr(v, "fix of "); info && q; q = strstr(q, "fix of ")) {
				q += 7;
				for (;;) {
					size_t n = strspn(q, "0123456789abcdef");

					if (n < 12 || info->nfixes >= 16)
						break;
					snprintf(info->fixes[info->nfixes], 13, "%.12s", q);
					info->fixes_line[info->nfixes++] = lineno;
					q += n;
					if (starts_with(q, " and "))
						q += 5;
					else if (starts_with(q, ", "))
						q += 2;
					else
						break;
				}
			}
		}
		else if ((v = header_value(line, "Patch-mainline"))) {
			if (mainline_line)
				report(file, lineno, "Patch-mainline given twice (first on line %d)", mainline_line);
			mainline_line = lineno;
			snprintf(mainline, sizeof(mainline), "%s", v);
			if (is_release(v)) {
				want_commit = true;
				if (info)
					snprintf(info->release, sizeof(info->release), "%s", v);
			} else if (starts_with(v, "Never") || starts_with(v, "Submitted")) {
				const char *kind = starts_with(v, "Never") ? "Never" : "Submitted";
				const char *rest = v + strlen(kind);

				forbid_commit = true;
				if (*rest != ',' || rest[1 + strspn(rest + 1, " \t")] == '\0')
					report(file, lineno, "Patch-mainline: %s needs a reason: \"%s, <%s>\"", kind, kind,
					       kind[0] == 'N' ? "why it will never be upstream" : "where it was submitted");
			} else {
				report(file, lineno, "Patch-mainline must be a release (v6.8, v6.9-rc3), \"Never, <reason>\" or \"Submitted, <where>\"; got \"%s\"", v);
			}
		} else if ((v = header_value(line, "Message-text"))) {
			const char *rest = NULL;

			message_text_line = lineno;
			snprintf(message_text, sizeof(message_text), "%s", v);
			if (starts_with(v, "posted"))
				rest = v + 6;
			else if (starts_with(v, "summary"))
				rest = v + 7;
			if (strcmp(v, "committed") != 0 &&
			    (!rest || *rest != ',' || rest[1 + strspn(rest + 1, " \t")] == '\0'))
				report(file, lineno, "Message-text must be \"committed\", \"posted, <Message-ID or posting>\" or \"summary, <why no upstream text>\"; got \"%s\"", v);
		} else if ((v = header_value(line, "Git-commit"))) {
			size_t idlen = strcspn(v, " \t");
			const char *rest = v + idlen;

			commits++;
			if (!first_commit_line)
				first_commit_line = lineno;
			if (info && info->ncommits < 16 && idlen >= 12) {
				snprintf(info->commits[info->ncommits], 13, "%.12s", v);
				info->commit_line[info->ncommits++] = lineno;
			}
			if (!is_hex40(v, idlen))
				report(file, lineno, "Git-commit must be a full 40-hex lowercase commit id; got \"%.*s\"", (int)idlen, v);
			rest += strspn(rest, " \t");
			if (*rest && strcmp(rest, "(partial)") != 0)
				report(file, lineno, "unexpected text after the Git-commit id: \"%s\" (only \"(partial)\" is allowed)", rest);
		}
	}
	free(line);
	fclose(f);

	if (!have_from)
		report(file, 0, "missing From: (original author)");
	if (!have_date)
		report(file, 0, "missing Date: (original author date)");
	if (!have_subject)
		report(file, 0, "missing Subject: (original subject)");
	if (!have_refs)
		report(file, 0, "missing References: (what the patch is for)");
	if (!mainline_line)
		report(file, 0, "missing Patch-mainline:");
	if (want_commit && !commits)
		report(file, mainline_line, "Patch-mainline: %s needs at least one Git-commit: line", mainline);
	if (forbid_commit && commits)
		report(file, first_commit_line, "Git-commit given for a patch that is not upstream (Patch-mainline: %s)", mainline);
	if (!hunks)
		report(file, 0, "no diff hunks found");
	if (!have_signoff)
		report(file, 0, "no named Signed-off-by: or Acked-by: (\"Signed-off-by: Name <mail>\")");
	if (want_commit && !message_text_line)
		report(file, 0, "missing Message-text: (committed, \"posted, <where>\" or \"summary, <why>\"): is the message upstream's committed text?");
	if (says_posted_line && strcmp(message_text, "committed") == 0)
		report(file, message_text_line, "Message-text: committed, but line %d says the message is the posted text: \"posted, <where>\"",
		       says_posted_line);
}

/* ---- series <-> patches/ ---- */

struct strlist {
	char **v;
	int *line;
	size_t n, cap;
};

static void strlist_add(struct strlist *l, const char *s, int line)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
		l->line = xrealloc(l->line, l->cap * sizeof(*l->line));
	}
	l->v[l->n] = xstrdup(s);
	l->line[l->n++] = line;
}

static int strlist_find(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return (int)i;
	return -1;
}

/* Patches of other projects (qemu/...) have their own series; fixtures are test data. */
static bool skip_dir(const char *rel)
{
	return strcmp(rel, "qemu") == 0;
}

static void collect_patches(const char *root, const char *rel, struct strlist *out)
{
	char path[8192];
	DIR *d;
	struct dirent *e;

	snprintf(path, sizeof(path), "%s%s%s", root, *rel ? "/" : "", rel);
	d = opendir(path);
	if (!d) {
		report(path, 0, "cannot open directory: %s", strerror(errno));
		return;
	}
	while ((e = readdir(d))) {
		char sub[4096];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", e->d_name);
		snprintf(path, sizeof(path), "%s/%s", root, sub);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (!skip_dir(sub))
				collect_patches(root, sub, out);
		} else if (strstr(e->d_name, ".patch") || strstr(e->d_name, ".diff")) {
			strlist_add(out, sub, 0);
		}
	}
	closedir(d);
}

/* vX.Y[-rcN] as one comparable number; a final release sorts after its -rcs. */
static long release_rank(const char *r)
{
	int major = 0, minor = 0, rc = 0;

	if (sscanf(r, "v%d.%d-rc%d", &major, &minor, &rc) < 2)
		return -1;
	return ((long)major * 1000 + minor) * 1000 + (rc ? rc : 999);
}

/* The 12-hex ids of a not-taken list: the first field of each line that has one. */
static void read_not_taken(const char *file, struct strlist *ids)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;

	if (!f) {
		report(file, 0, "cannot open: %s", strerror(errno));
		return;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		if (strspn(line, "0123456789abcdef") >= 12) {
			line[12] = '\0';
			strlist_add(ids, line, lineno);
		}
	}
	free(line);
	fclose(f);
}

/*
 * The series-wide rules, on the patches in series order:
 *  - no carried Git-commit is in the not-taken list;
 *  - a carried Fixes: target comes before its fix (the series is bisectable, and a
 *    fix follows the patch it fixes);
 *  - within a section (between "####" banners) releases never go backwards, except
 *    for a fix placed after the patch it fixes.
 * A fix is a patch with a "Fixes: <id>" line, or whose References: says "fix of <id>
 * [and <id>...]" (upstream gave it no Fixes: tag).
 */
static void lint_series_order(const char *patches, const struct strlist *listed,
			      const struct patch_info *info, const int *section, const struct strlist *not_taken)
{
	long max_rank = -1;
	int max_at = -1;

	for (size_t i = 0; i < listed->n; i++) {
		char path[4096];
		bool follower = false;
		long rank;

		snprintf(path, sizeof(path), "%s/%s", patches, listed->v[i]);
		for (int c = 0; c < info[i].ncommits; c++) {
			int k = strlist_find(not_taken, info[i].commits[c]);

			if (k >= 0)
				report(path, info[i].commit_line[c], "Git-commit %s is carried, but the not-taken list names it (its line %d): drop one",
				       info[i].commits[c], not_taken->line[k]);
		}
		for (int x = 0; x < info[i].nfixes; x++) {
			for (size_t j = 0; j < listed->n; j++) {
				for (int c = 0; c < info[j].ncommits; c++) {
					if (strcmp(info[j].commits[c], info[i].fixes[x]) != 0)
						continue;
					if (j > i)
						report(path, info[i].fixes_line[x], "Fixes: %s is carried after its fix (%s, series line %d): a fix follows the patch it fixes",
						       info[i].fixes[x], listed->v[j], listed->line[j]);
					else if (j < i)
						follower = true;
				}
			}
		}
		if (i > 0 && section[i] != section[i - 1])
			max_rank = -1, max_at = -1;
		rank = info[i].release[0] ? release_rank(info[i].release) : -1;
		if (rank < 0 || follower)
			continue;
		if (rank < max_rank)
			report(path, 0, "%s goes backwards in its section: %s (%s) came before it; upstream order, or a Fixes: line if it follows its target",
			       info[i].release, listed->v[max_at], info[max_at].release);
		if (rank >= max_rank)
			max_rank = rank, max_at = (int)i;
	}
}

/* Every entry of every series checked so far: what a file in patches/ must be in. */
static struct strlist all_listed;

static void lint_series(const char *series, const char *patches, const char *not_taken_file)
{
	FILE *f = fopen(series, "r");
	struct strlist listed = { 0 }, not_taken = { 0 };
	struct patch_info *info = xcalloc(4096, sizeof(*info));
	int *section = xcalloc(4096, sizeof(*section));
	int cur_section = 0, since_banner = 0;
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0;

	if (not_taken_file)
		read_not_taken(not_taken_file, &not_taken);

	if (!f) {
		report(series, 0, "cannot open: %s", strerror(errno));
		return;
	}
	while (getline(&line, &cap, f) >= 0) {
		char *p = line, *end;
		char path[4096];
		int prev;

		lineno++;
		p += strspn(p, " \t");
		if (starts_with(p, "####") && since_banner) {
			cur_section++;
			since_banner = 0;
		}
		if (*p == '#' || *p == '\n' || *p == '\0')
			continue;
		end = p + strcspn(p, " \t\n#");
		*end = '\0';
		if ((prev = strlist_find(&listed, p)) >= 0) {
			report(series, lineno, "%s is listed twice (first on line %d)", p, listed.line[prev]);
			continue;
		}
		if (listed.n >= 4096) {
			report(series, lineno, "more than 4096 patches");
			break;
		}
		section[listed.n] = cur_section;
		since_banner++;
		snprintf(path, sizeof(path), "%s/%s", patches, p);
		if (access(path, R_OK) != 0)
			report(series, lineno, "%s: no such patch in %s/", p, patches);
		else
			lint_patch_info(path, &info[listed.n]);
		strlist_add(&listed, p, lineno);
	}
	free(line);
	fclose(f);
	lint_series_order(patches, &listed, info, section, &not_taken);
	free(info);
	free(section);
	for (size_t i = 0; i < listed.n; i++)
		if (strlist_find(&all_listed, listed.v[i]) < 0)
			strlist_add(&all_listed, listed.v[i], listed.line[i]);
}

/* A file of PATCHES that no series of SERIES (NSERIES of them) lists. */
static void lint_unlisted(const char *patches, const char *const *series, int nseries)
{
	struct strlist files = { 0 };
	char names[4096] = "";

	for (int i = 0; i < nseries; i++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", i ? (i + 1 < nseries ? ", " : " or ") : "",
			 series[i]);
	collect_patches(patches, "", &files);
	for (size_t i = 0; i < files.n; i++)
		if (strlist_find(&all_listed, files.v[i]) < 0)
			report(patches, 0, "%s is not listed in %s (add it, or delete the file)", files.v[i], names);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: patchlint [--topics FILE] [--series SERIES [--not-taken FILE]]... [--patches DIR] [PATCH...]\n"
		"  (a --not-taken belongs to the --series before it; with several series, a file of\n"
		"  DIR must be listed in one of them)\n"
		"  checks patch headers (From, Date, Subject, Patch-mainline, Git-commit, Message-text,\n"
		"  References), a named Signed-off-by:/Acked-by:, \"[ kvmlm: ]\" as the one note marker,\n"
		"  the diff format (-p ab, no timestamps, no Index: lines), series <-> patches/, and\n"
		"  the series' order: a Fixes: target before its fix, releases never backwards in a\n"
		"  section, no carried commit in the not-taken list. --topics FILE: References: lines\n"
		"  start with topics named in FILE (\"<topic>  -- <meaning>\" per line).\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *patches = NULL;
	const char **series = xcalloc((size_t)argc, sizeof(*series)), **not_taken = xcalloc((size_t)argc, sizeof(*not_taken));
	int checked = 0, nfiles = 0, nseries = 0;
	char **files = xcalloc((size_t)argc, sizeof(*files));

	util_set_prog(argv[0]);
	/* options first, wherever they stand: --topics applies to every patch */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--series") == 0 && i + 1 < argc) {
			series[nseries++] = argv[++i];
		} else if (strcmp(argv[i], "--patches") == 0 && i + 1 < argc) {
			patches = argv[++i];
		} else if (strcmp(argv[i], "--topics") == 0 && i + 1 < argc) {
			read_topics(argv[++i]);
		} else if (strcmp(argv[i], "--not-taken") == 0 && i + 1 < argc) {
			if (!nseries || not_taken[nseries - 1]) {
				fprintf(stderr, "patchlint: --not-taken %s: give it after the --series it belongs to, one per series\n",
					argv[i + 1]);
				usage();
			}
			not_taken[nseries - 1] = argv[++i];
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage();
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "patchlint: unknown option %s\n", argv[i]);
			usage();
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (!!nseries != !!patches)
		usage();
	for (int i = 0; i < nfiles; i++, checked++)
		lint_patch(files[i]);
	free(files);
	for (int i = 0; i < nseries; i++, checked++)
		lint_series(series[i], patches, not_taken[i]);
	if (nseries)
		lint_unlisted(patches, series, nseries);
	if (!checked)
		usage();
	if (errors) {
		printf("patchlint: %d error%s\n", errors, errors == 1 ? "" : "s");
		return 1;
	}
	return 0;
}
