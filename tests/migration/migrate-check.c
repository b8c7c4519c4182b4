// SPDX-License-Identifier: GPL-2.0
/*
 * migrate-check - live-migrate a writing guest between two QEMU processes on this
 * host and check every page of its range on the destination.
 *
 *   migrate-check [options] migrate        one migration; PASS only with 0 stale pages
 *   migrate-check [options] closed-socket  migrate to a socket nobody listens on: QEMU
 *                                          reports the error, the source keeps running
 *                                          and writing, and a second migration from it
 *                                          to a real destination then passes the check
 *   migrate-check [options] bad-ring       dirty-ring-size=3000 (not a power of two):
 *                                          QEMU refuses to start and says why
 *   migrate-check [options] bad-chunk      eager-split-size=64K (arm64; a power of two,
 *                                          so QEMU takes it, but no block size the
 *                                          kernel offers with 4K pages: 4K, 2M, 1G):
 *                                          QEMU refuses to start and says why
 *
 * The guest (guest-x86.S: a boot sector; guest-arm64.S: a bare ELF for -kernel) adds
 * 1 to the first byte of every page of its range in order, sweep after sweep. With
 * the destination stopped, its range read back (QMP pmemsave) must look like one
 * moment of that loop: every page equal to the one before it, except at most one
 * step down by exactly one (the point the guest had reached). A page whose last
 * write did not travel is behind its neighbours and is counted as stale.
 *
 * To make the migration iterate, the source's bandwidth is first capped and the
 * downtime limit set to 1 ms; once --min-syncs dirty-bitmap syncs have happened and
 * the guest has swept its whole range at least once during the migration, the cap
 * is lifted and the downtime limit raised so the migration converges.
 *
 * Ring mode is proved from the kernel: the source QEMU process must map the dirty
 * ring of its vCPU (an anon_inode:kvm-vcpu mapping at the ring's page offset, 64
 * pages), and must not in bitmap mode.
 *
 * Output: one "KVMLM-RESULT <label>:<check> PASS|FAIL details" line per check and,
 * for each migration, "KVMLM-METRIC key=value ..." with its numbers (the VM lanes'
 * metric lines), and what the source QEMU printed on starting ("KVMLM-QEMU-SAYS");
 * the QEMU command lines go to WORKDIR/<label>-commands.txt. When a check failed,
 * the last lines both QEMUs printed follow ("    [src] ...", "    [dst] ..."), and a
 * migration that did not complete quotes query-migrate's last reply (its
 * error-desc): the VM lanes keep only the guest's console. Exit 0 when every check
 * passed, 1 when one failed, 2 on a bad command line.
 *
 * --accel tcg runs the same on a host without a usable /dev/kvm (no ring, no eager
 * splitting): the unit test (tests/unit/migrate-check.t) drives it that way.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096ULL
#define RING_PAGE_OFFSET (64 * PAGE)	/* KVM_DIRTY_LOG_PAGE_OFFSET, x86 and arm64 */

struct opts {
	const char *qemu, *guest, *workdir, *label, *arch, *cpu;
	const char *accel;		/* kvm (the lanes), or tcg (the host's unit test) */
	unsigned dst_mem_mb;		/* the destination's -m when it differs (tests) */
	unsigned ring;			/* dirty-ring-size; 0: bitmap mode */
	const char *eager_split;	/* eager-split-size value or NULL */
	unsigned mem_mb, test_mb;
	uint64_t test_start;
	unsigned min_syncs, timeout_s;
	unsigned bandwidth_mib;		/* the cap while iterating, MiB/s */
	unsigned patience_s;		/* the longest any wait for QEMU or the guest may take */
};

static struct opts o = {
	.label = "migration", .accel = "kvm", .mem_mb = 160, .test_mb = 96, .min_syncs = 3, .timeout_s = 600, .bandwidth_mib = 32,
	/*
	 * Every wait ends as soon as what it waits for happens, so a generous bound costs a
	 * passing run nothing. make check boots four TCG guests side by side on two cores,
	 * where a nested guest runs several times slower than alone (the QEMU lane's plan
	 * took 713 s there against 140 s alone).
	 */
	.patience_s = 600,
};
static int failures;
static pid_t children[4];
static int nchildren;

static void result(const char *check, bool pass, const char *fmt, ...)
{
	va_list ap;
	printf("KVMLM-RESULT %s:%s %s ", o.label, check, pass ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!pass)
		failures++;
}

static void note(const char *fmt, ...)
{
	va_list ap;
	printf("    ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void kill_children(void)
{
	for (int i = 0; i < nchildren; i++)
		if (children[i] > 0) {
			kill(children[i], SIGKILL);
			waitpid(children[i], NULL, 0);
			children[i] = 0;
		}
}

static void on_signal(int sig)
{
	(void)sig;
	kill_children();
	_exit(1);
}

/* ---- processes -------------------------------------------------------------- */

static char *path(const char *name)
{
	char *p;
	if (asprintf(&p, "%s/%s-%s", o.workdir, o.label, name) < 0)
		exit(1);
	return p;
}

/* Start QEMU with the common options plus extra ones; its output goes to LOG. */
static pid_t qemu_start(const char *role, const char *extra_fmt, ...)
{
	char *extra, *accel, *cmd, *log = path(role), *qmp, *serial;
	va_list ap;
	va_start(ap, extra_fmt);
	if (vasprintf(&extra, extra_fmt, ap) < 0)
		exit(1);
	va_end(ap);
	char ring[32] = "", eager[64] = "";
	if (o.ring)
		snprintf(ring, sizeof(ring), ",dirty-ring-size=%u", o.ring);
	if (o.eager_split)
		snprintf(eager, sizeof(eager), ",eager-split-size=%s", o.eager_split);
	if (asprintf(&accel, "%s%s%s", o.accel, ring, eager) < 0)
		exit(1);
	qmp = path(role);
	serial = path(role);
	bool x86 = !strcmp(o.arch, "x86_64");
	if (asprintf(&cmd,
		     "exec %s -accel %s -machine %s -cpu %s -m %uM -smp 1 -nodefaults -display none -vga none "
		     "-name %s,debug-threads=on -qmp unix:%s.qmp,server=on,wait=off -serial file:%s.serial %s "
		     ">%s.log 2>&1",
		     o.qemu, accel, x86 ? "pc" : "virt,gic-version=3", o.cpu ? o.cpu : "host",
		     o.dst_mem_mb && strcmp(role, "src") ? o.dst_mem_mb : o.mem_mb, role, qmp,
		     serial, extra, log) < 0)
		exit(1);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	children[nchildren++] = pid;
	/* The command lines go to a file (a support engineer reruns them by hand). */
	char *cmds = path("commands.txt");
	FILE *cf = fopen(cmds, "a");
	if (cf) {
		fprintf(cf, "%s: %s\n", role, cmd);
		fclose(cf);
	}
	free(cmds);
	free(cmd);
	free(extra);
	free(accel);
	return pid;
}

static bool alive(pid_t pid)
{
	int st;
	return waitpid(pid, &st, WNOHANG) == 0;
}

static char *slurp(const char *file)
{
	FILE *f = fopen(file, "r");
	if (!f)
		return strdup("");
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;
	while ((c = fgetc(f)) != EOF)
		fputc(c, m);
	fclose(f);
	fclose(m);
	return buf;
}

static char *role_file(const char *role, const char *ext)
{
	char *p, *q;
	p = path(role);
	if (asprintf(&q, "%s.%s", p, ext) < 0)
		exit(1);
	free(p);
	return q;
}

/*
 * What QEMU said on starting (its stderr: warnings such as "KVM dirty ring not
 * available, using bitmap method"), as "KVMLM-QEMU-SAYS <label>:<role> <line>" lines:
 * a fallback is QEMU's word, and the matrix report quotes it.
 */
static void qemu_says(const char *role)
{
	char *s = slurp(role_file(role, "log")), *line, *save = NULL;
	int n = 0;
	for (line = strtok_r(s, "\n", &save); line && n < 5; line = strtok_r(NULL, "\n", &save), n++)
		printf("KVMLM-QEMU-SAYS %s:%s %s\n", o.label, role, line);
	fflush(stdout);
	free(s);
}

/*
 * The last N lines of what ROLE's QEMU printed, as "    [ROLE] line": a failed check
 * shows QEMU's own error (a migration that failed, a destination that refused the
 * stream) on the console the VM lanes keep, not only in a file inside the guest.
 */
static void qemu_log_tail(const char *role, int n)
{
	char *f = role_file(role, "log"), *s = slurp(f);
	int lines = 0;
	char *p = s + strlen(s);
	while (p > s && p[-1] == '\n')
		*--p = 0;
	while (p > s && lines < n)
		if (*--p == '\n')
			lines++;
	if (*p == '\n')
		p++;
	printf("    last %d lines of %s:%s\n", n, role, *p ? "" : " (empty)");
	for (char *save = NULL, *l = strtok_r(p, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		printf("    [%s] %s\n", role, l);
	fflush(stdout);
	free(f);
	free(s);
}

/* Count of C in ROLE's serial output. */
static long serial_count(const char *role, char c)
{
	char *f = role_file(role, "serial"), *s = slurp(f);
	long n = 0;
	for (char *p = s; *p; p++)
		n += *p == c;
	free(f);
	free(s);
	return n;
}

/* ---- QMP --------------------------------------------------------------------- */

struct qmp {
	int fd;
	char buf[1 << 16];
	size_t len;
};

static int qmp_readline(struct qmp *q, char *line, size_t cap, double deadline)
{
	for (;;) {
		char *nl = memchr(q->buf, '\n', q->len);
		if (nl) {
			size_t n = nl - q->buf + 1;
			snprintf(line, cap, "%.*s", (int)(n < cap ? n : cap - 1), q->buf);
			memmove(q->buf, q->buf + n, q->len - n);
			q->len -= n;
			return 0;
		}
		if (now_s() > deadline || q->len == sizeof(q->buf))
			return -1;
		fd_set rd;
		FD_ZERO(&rd);
		FD_SET(q->fd, &rd);
		struct timeval tv = { 0, 200000 };
		if (select(q->fd + 1, &rd, NULL, NULL, &tv) <= 0)
			continue;
		ssize_t r = read(q->fd, q->buf + q->len, sizeof(q->buf) - q->len);
		if (r <= 0)
			return -1;
		q->len += r;
	}
}

/* Send CMD, return its reply line ("return" or "error"), skipping events. */
static char *qmp_cmd(struct qmp *q, const char *fmt, ...)
{
	static char line[1 << 16];
	char *cmd;
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		exit(1);
	va_end(ap);
	size_t n = strlen(cmd);
	if (write(q->fd, cmd, n) != (ssize_t)n || write(q->fd, "\n", 1) != 1) {
		free(cmd);
		return NULL;
	}
	free(cmd);
	double deadline = now_s() + o.patience_s;
	while (!qmp_readline(q, line, sizeof(line), deadline))
		if (strstr(line, "\"return\"") || strstr(line, "\"error\""))
			return line;
	return NULL;
}

/* Connect to ROLE's QMP socket; give up when PID (its QEMU) has exited. */
static struct qmp *qmp_open(const char *role, pid_t pid, double timeout)
{
	char *sock = role_file(role, "qmp");
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", sock);
	double deadline = now_s() + timeout;
	struct qmp *q = calloc(1, sizeof(*q));
	char line[4096];
	for (;;) {
		q->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (!connect(q->fd, (struct sockaddr *)&a, sizeof(a)))
			break;
		close(q->fd);
		if (now_s() > deadline || !alive(pid)) {
			free(q);
			free(sock);
			return NULL;
		}
		usleep(100000);
	}
	free(sock);
	if (qmp_readline(q, line, sizeof(line), deadline + 30) || !strstr(line, "QMP") ||
	    !qmp_cmd(q, "{\"execute\": \"qmp_capabilities\"}")) {
		close(q->fd);
		free(q);
		return NULL;
	}
	return q;
}

/* The number after "KEY": in S (the first one), or -1. */
static long long json_num(const char *s, const char *key)
{
	char pat[128];
	snprintf(pat, sizeof(pat), "\"%s\": ", key);
	const char *p = strstr(s, pat);
	return p ? strtoll(p + strlen(pat), NULL, 10) : -1;
}

/* The string after "KEY": in S, copied to OUT. */
static const char *json_text(const char *s, const char *key, char *out, size_t cap)
{
	char pat[128];
	snprintf(pat, sizeof(pat), "\"%s\": \"", key);
	const char *p = strstr(s, pat);
	out[0] = 0;
	if (p) {
		p += strlen(pat);
		size_t n = strcspn(p, "\"");
		snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
	}
	return out;
}

static const char *run_state(struct qmp *q, char *out, size_t cap)
{
	char *r = qmp_cmd(q, "{\"execute\": \"query-status\"}");
	return r ? json_text(r, "status", out, cap) : strcpy(out, "(no reply)");
}

/* ---- checks ------------------------------------------------------------------ */

/* Mappings of the vCPU fds at the dirty ring's page offset in PID. */
static int ring_mappings(pid_t pid)
{
	char f[64], line[512];
	snprintf(f, sizeof(f), "/proc/%d/maps", pid);
	FILE *m = fopen(f, "r");
	int n = 0;
	if (!m)
		return -1;
	while (fgets(line, sizeof(line), m)) {
		unsigned long long lo, hi, off;
		char perms[8];
		if (sscanf(line, "%llx-%llx %7s %llx", &lo, &hi, perms, &off) == 4 && off == RING_PAGE_OFFSET &&
		    strstr(line, "anon_inode:kvm-vcpu"))
			n++;
	}
	fclose(m);
	return n;
}

/* QEMU was started by sh -c "exec qemu": the child pid is QEMU's. */
struct page_check {
	uint64_t pages, stale, edges, nonzero;
	unsigned first, last;
	uint64_t first_stale;
};

static int check_pages(const char *dump, struct page_check *c)
{
	FILE *f = fopen(dump, "rb");
	unsigned char *page = malloc(PAGE);
	memset(c, 0, sizeof(*c));
	if (!f)
		return -1;
	int prev = -1;
	while (fread(page, PAGE, 1, f) == 1) {
		unsigned b = page[0];
		c->nonzero += b != 0;
		if (prev < 0) {
			c->first = b;
		} else if ((int)b != prev) {
			/* One step down by exactly one is where the guest was; anything else is stale. */
			if (((b + 1) & 0xff) == (unsigned)prev && !c->edges) {
				c->edges++;
			} else {
				if (!c->stale)
					c->first_stale = c->pages;
				c->stale++;
				/* keep comparing with the run the neighbours belong to */
				c->pages++;
				continue;
			}
		}
		prev = b;
		c->last = b;
		c->pages++;
	}
	fclose(f);
	free(page);
	return 0;
}

static void wait_sweeps(const char *role, pid_t pid, long n, double timeout)
{
	double deadline = now_s() + timeout;
	while (serial_count(role, 'B') < n && alive(pid) && now_s() < deadline)
		usleep(200000);
}

/* ---- scenarios ---------------------------------------------------------------- */

static char *guest_args(void)
{
	char *a;
	if (!strcmp(o.arch, "x86_64")) {
		if (asprintf(&a, "-drive file=%s,format=raw,if=ide,snapshot=on", o.guest) < 0)
			exit(1);
	} else if (asprintf(&a, "-kernel %s", o.guest) < 0) {
		exit(1);
	}
	return a;
}

/* Migrate SRC (already running, QMP SQ) to a fresh destination; check every page. */
static void migrate_once(pid_t src, struct qmp *sq, const char *dst_role)
{
	char sock[256], *uri_path = role_file(dst_role, "sock"), state[64], status[64];
	snprintf(sock, sizeof(sock), "%s", uri_path);
	unlink(sock);
	char *ga = guest_args();
	pid_t dst = qemu_start(dst_role, "%s -incoming unix:%s", ga, sock);
	free(ga);
	struct qmp *dq = qmp_open(dst_role, dst, o.patience_s);
	if (!dq) {
		result("destination-starts", false, "no QMP from the destination (log: %s)", role_file(dst_role, "log"));
		return;
	}

	/* Iterate: capped bandwidth, a downtime limit the guest cannot meet, then release. */
	qmp_cmd(sq, "{\"execute\": \"migrate-set-parameters\", \"arguments\": {\"max-bandwidth\": %llu, "
		    "\"downtime-limit\": 1}}", (unsigned long long)o.bandwidth_mib << 20);
	long b0 = serial_count("src", 'B');
	double t0 = now_s();
	char *r = qmp_cmd(sq, "{\"execute\": \"migrate\", \"arguments\": {\"uri\": \"unix:%s\"}}", sock);
	if (!r || strstr(r, "\"error\"")) {
		result("migrate-starts", false, "%s", r ? r : "no reply");
		return;
	}
	long long syncs = 0;
	bool released = false;
	double deadline = t0 + o.timeout_s;
	for (;;) {
		r = qmp_cmd(sq, "{\"execute\": \"query-migrate\"}");
		if (!r) {
			/* Not the last status seen: that would read "active" and hide it. */
			snprintf(status, sizeof(status), "no-QMP-reply-in-60s");
			break;
		}
		json_text(r, "status", status, sizeof(status));
		syncs = json_num(r, "dirty-sync-count");
		if (!strcmp(status, "completed") || !strcmp(status, "failed") || !strcmp(status, "cancelled"))
			break;
		/* Release only once the guest has dirtied its whole range during the migration. */
		if (!released && syncs >= o.min_syncs && serial_count("src", 'B') > b0) {
			qmp_cmd(sq, "{\"execute\": \"migrate-set-parameters\", \"arguments\": {\"max-bandwidth\": %llu, "
				    "\"downtime-limit\": 30000}}", 1ULL << 40);
			released = true;
			note("%lld dirty syncs after %.1f s: bandwidth cap lifted, downtime limit 30 s", syncs, now_s() - t0);
		}
		if (now_s() > deadline) {
			qmp_cmd(sq, "{\"execute\": \"migrate_cancel\"}");
			snprintf(status, sizeof(status), "timeout");
			break;
		}
		usleep(100000);
	}
	double wall = now_s() - t0;
	long sweeps_during = serial_count("src", 'B') - b0;
	char final[8192] = "";
	if (r)
		snprintf(final, sizeof(final), "%s", r);
	long long total = json_num(final, "total-time"), down = json_num(final, "downtime");
	long long xfer = json_num(final, "transferred"), setup = json_num(final, "setup-time");
	result("migration-completes", !strcmp(status, "completed"), "status %s after %.1f s", status, wall);
	result("several-dirty-syncs", syncs >= o.min_syncs, "%lld dirty-bitmap syncs (wanted >= %u), guest swept "
	       "its range %ld times meanwhile", syncs, o.min_syncs, sweeps_during);
	if (strcmp(status, "completed")) {
		/* query-migrate's last reply carries QEMU's error-desc when the migration failed. */
		note("source's last query-migrate reply: %.*s", (int)strcspn(final, "\n"), final[0] ? final : "(none)");
		note("source log: %s, destination log: %s", role_file("src", "log"), role_file(dst_role, "log"));
		return;
	}
	result("guest-writes-while-migrating", sweeps_during >= 1, "%ld sweeps over the range during the migration",
	       sweeps_during);
	/* "completed" comes a moment before the source leaves finish-migrate. */
	double p0 = now_s();
	while (strcmp(run_state(sq, state, sizeof(state)), "postmigrate") && now_s() - p0 < o.patience_s)
		usleep(100000);
	result("source-postmigrate", !strcmp(state, "postmigrate"), "source is %s", state);

	/* The destination runs the guest on; stop it and read the whole range. */
	double d0 = now_s();
	while (strcmp(run_state(dq, state, sizeof(state)), "running") && now_s() - d0 < o.patience_s)
		usleep(100000);
	result("destination-running", !strcmp(state, "running"), "destination is %s", state);
	long db0 = serial_count(dst_role, 'B');
	wait_sweeps(dst_role, dst, db0 + 1, o.patience_s);
	long db1 = serial_count(dst_role, 'B');
	result("guest-runs-on-destination", db1 > db0, "%ld sweeps after the switch-over", db1 - db0);
	qmp_cmd(dq, "{\"execute\": \"stop\"}");
	char *dump = role_file(dst_role, "ram");
	r = qmp_cmd(dq, "{\"execute\": \"pmemsave\", \"arguments\": {\"val\": %llu, \"size\": %llu, \"filename\": \"%s\"}}",
		    (unsigned long long)o.test_start, (unsigned long long)o.test_mb << 20, dump);
	struct page_check c;
	bool dumped = r && !strstr(r, "\"error\"") && !check_pages(dump, &c);
	uint64_t want = ((uint64_t)o.test_mb << 20) / PAGE;
	if (!dumped) {
		result("every-page-checked", false, "pmemsave failed: %s", r ? r : "no reply");
	} else {
		result("every-page-checked", c.pages == want, "%llu of %llu pages read back", (unsigned long long)c.pages,
		       (unsigned long long)want);
		result("no-stale-pages", c.stale == 0 && c.nonzero > 0,
		       c.stale ? "%llu stale pages, the first at page %llu (byte values around the edge: first %u, last %u)"
			       : "0 stale pages; the guest had been at byte %u/%u (first/last page), %llu edge",
		       (unsigned long long)(c.stale ? c.stale : c.first), (unsigned long long)(c.stale ? c.first_stale : c.last),
		       c.stale ? c.first : (unsigned long long)c.edges, c.last);
	}
	int rings = ring_mappings(src);
	/* The numbers, as the VM lanes' metric lines (key=value, numbers only). */
	printf("KVMLM-METRIC total_ms=%lld downtime_ms=%lld setup_ms=%lld dirty_syncs=%lld transferred_mib=%lld "
	       "pages_checked=%llu stale_pages=%llu ring_mappings=%d ring_size=%u wall_ms=%.0f\n",
	       total, down, setup, syncs, xfer >> 20, dumped ? (unsigned long long)c.pages : 0ULL,
	       dumped ? (unsigned long long)c.stale : 0ULL, rings, o.ring, wall * 1000);
	free(dump);
	close(dq->fd);
	free(dq);
}

static int scenario_migrate(bool closed_socket_first)
{
	char *ga = guest_args(), state[64];
	pid_t src = qemu_start("src", "%s", ga);
	free(ga);
	struct qmp *sq = qmp_open("src", src, o.patience_s);
	if (!sq) {
		char *log = role_file("src", "log"), *s = slurp(log);
		result("source-starts", false, "QEMU did not start: %s", s);
		return 1;
	}
	double w0 = now_s();
	wait_sweeps("src", src, 2, o.patience_s);
	long b = serial_count("src", 'B');
	result("guest-writes", b >= 2, "%ld sweeps over %u MiB before migrating (after %.0f s; bound %u s)", b, o.test_mb,
	       now_s() - w0, o.patience_s);
	if (b < 2)
		return 1;

	qemu_says("src");

	/* The dirty ring is mapped by every vCPU in ring mode, by none in bitmap mode. */
	int rings = ring_mappings(src);
	if (o.ring)
		result("dirty-ring-in-use", rings >= 1, "%d vCPU dirty ring mapping(s) at page offset 64 in QEMU (pid %d)",
		       rings, src);
	else
		result("dirty-bitmap-in-use", rings == 0, "%d vCPU dirty ring mappings (bitmap mode wants none)", rings);
	/*
	 * eager-split-size: QEMU enables KVM_CAP_ARM_EAGER_SPLIT_CHUNK_SIZE at start, or,
	 * on a kernel without KVM_CAP_ARM_SUPPORTED_BLOCK_SIZES, warns "Eager Page Split
	 * support not available" and runs without it: the option took effect only when
	 * the source's log has no such warning.
	 */
	if (o.eager_split) {
		char *log = slurp(role_file("src", "log"));
		char *warn = strstr(log, "Eager Page Split");
		if (warn)
			warn[strcspn(warn, "\n")] = 0;
		result("eager-split-enabled", !warn, "eager-split-size=%s: %s", o.eager_split,
		       warn ? warn : "no warning from QEMU (the kernel took the chunk size)");
	}

	if (closed_socket_first) {
		char *dead = role_file("nobody", "sock");
		unlink(dead);
		/* A socket file nobody listens on: bind, never listen, close. */
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		struct sockaddr_un a = { .sun_family = AF_UNIX };
		snprintf(a.sun_path, sizeof(a.sun_path), "%s", dead);
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)))
			result("closed-socket-setup", false, "cannot make %s: %s", dead, strerror(errno));
		close(fd);
		char *r = qmp_cmd(sq, "{\"execute\": \"migrate\", \"arguments\": {\"uri\": \"unix:%s\"}}", dead);
		char desc[512] = "", status[64] = "";
		double t0 = now_s();
		/* QEMU either refuses the command or fails the migration; wait for the latter. */
		if (r && strstr(r, "\"error\""))
			json_text(r, "desc", desc, sizeof(desc));
		while (!desc[0] && now_s() - t0 < o.patience_s) {
			char *q = qmp_cmd(sq, "{\"execute\": \"query-migrate\"}");
			if (q && strstr(json_text(q, "status", status, sizeof(status)), "failed")) {
				json_text(q, "error-desc", desc, sizeof(desc));
				if (!desc[0])
					snprintf(desc, sizeof(desc), "status failed");
				break;
			}
			usleep(100000);
		}
		bool refused = desc[0] != 0;
		if (!refused)
			snprintf(desc, sizeof(desc), "no error after %u s", o.patience_s);
		result("closed-socket-refused", refused, "QEMU: %s", desc);
		long b0 = serial_count("src", 'B');
		wait_sweeps("src", src, b0 + 2, o.patience_s);
		result("source-keeps-running", alive(src) && !strcmp(run_state(sq, state, sizeof(state)), "running") &&
		       serial_count("src", 'B') >= b0 + 2, "source is %s and swept %ld more times", state,
		       serial_count("src", 'B') - b0);
		free(dead);
	}
	migrate_once(src, sq, "dst");
	if (failures) {
		qemu_log_tail("src", 15);
		qemu_log_tail("dst", 15);
	}
	close(sq->fd);
	free(sq);
	kill_children();
	return failures ? 1 : 0;
}

/* QEMU must refuse to start, exit non-zero, and its message must contain WANT. */
static int scenario_refused(const char *what, const char *want)
{
	char *ga = guest_args();
	pid_t pid = qemu_start("refused", "%s", ga);
	free(ga);
	int st = 0;
	double deadline = now_s() + o.patience_s;
	while (waitpid(pid, &st, WNOHANG) == 0) {
		if (now_s() > deadline) {
			result(what, false, "QEMU still runs after %u s: the bad value was accepted", o.patience_s);
			kill_children();
			return 1;
		}
		usleep(100000);
	}
	children[nchildren - 1] = 0;
	char *log = role_file("refused", "log"), *s = slurp(log);
	/* The line that says it, else QEMU's first line. */
	char *line = strstr(s, want);
	if (line) {
		while (line > s && line[-1] != '\n')
			line--;
	} else {
		line = s;
	}
	line[strcspn(line, "\n")] = 0;
	bool clean_exit = WIFEXITED(st) && WEXITSTATUS(st) != 0;
	result(what, clean_exit && strstr(line, want), "exit %d%s, QEMU says: %s (wanted a message with \"%s\")",
	       WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? " (killed by a signal)" : "", line, want);
	return failures ? 1 : 0;
}

/* check-dump FILE: the page check alone, on a dump made elsewhere (unit tests). */
static int scenario_check_dump(const char *dump)
{
	struct page_check c;
	if (check_pages(dump, &c)) {
		fprintf(stderr, "migrate-check: %s: %s\n", dump, strerror(errno));
		return 2;
	}
	result("no-stale-pages", c.stale == 0 && c.nonzero > 0,
	       "%llu pages, %llu stale (first at page %llu), %llu edge, first byte %u, last %u",
	       (unsigned long long)c.pages, (unsigned long long)c.stale, (unsigned long long)c.first_stale,
	       (unsigned long long)c.edges, c.first, c.last);
	return failures ? 1 : 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: migrate-check --qemu BIN --arch x86_64|aarch64 --guest FILE --workdir DIR [options]\n"
		   "                     migrate|closed-socket|bad-ring|bad-chunk\n"
		   "       migrate-check check-dump FILE   (the page check alone, on a saved range)\n"
		   "  --ring N            dirty-ring-size=N (default: bitmap mode)\n"
		   "  --eager-split SIZE  eager-split-size=SIZE (arm64)\n"
		   "  --label NAME        prefix of the result lines and work files (default migration)\n"
		   "  --min-syncs N       dirty syncs before the bandwidth cap is lifted (default 3)\n"
		   "  --bandwidth MIB     the cap while iterating, MiB/s (default 32)\n"
		   "  --timeout S         per migration (default 600)\n"
		   "  --cpu MODEL         -cpu of both QEMUs (default host)\n"
		   "  --patience S        the longest any wait for QEMU or the guest may take (default 600)\n"
		   "  --accel NAME        kvm (default) or tcg: the host's unit test, no /dev/kvm\n"
		   "  --dst-mem MB        the destination's -m (default the source's; a test of the\n"
		   "                      failure path: a destination that refuses the stream)\n");
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "qemu", 1, 0, 'q' }, { "arch", 1, 0, 'a' }, { "guest", 1, 0, 'g' }, { "workdir", 1, 0, 'w' },
		{ "ring", 1, 0, 'r' }, { "eager-split", 1, 0, 'e' }, { "label", 1, 0, 'l' }, { "min-syncs", 1, 0, 's' },
		{ "bandwidth", 1, 0, 'b' }, { "timeout", 1, 0, 't' }, { "cpu", 1, 0, 'c' }, { "accel", 1, 0, 'A' },
		{ "dst-mem", 1, 0, 'm' }, { "patience", 1, 0, 'P' }, { "help", 0, 0, 'h' }, { 0 }
	};
	int c;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'q': o.qemu = optarg; break;
		case 'a': o.arch = optarg; break;
		case 'g': o.guest = optarg; break;
		case 'w': o.workdir = optarg; break;
		case 'r': o.ring = strtoul(optarg, NULL, 0); break;
		case 'e': o.eager_split = optarg; break;
		case 'l': o.label = optarg; break;
		case 's': o.min_syncs = strtoul(optarg, NULL, 0); break;
		case 'b': o.bandwidth_mib = strtoul(optarg, NULL, 0); break;
		case 't': o.timeout_s = strtoul(optarg, NULL, 0); break;
		case 'c': o.cpu = optarg; break;
		case 'A': o.accel = optarg; break;
		case 'P': o.patience_s = strtoul(optarg, NULL, 0); break;
		case 'm': o.dst_mem_mb = strtoul(optarg, NULL, 0); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind == argc - 2 && !strcmp(argv[optind], "check-dump"))
		return scenario_check_dump(argv[optind + 1]);
	if (!o.qemu || !o.arch || !o.guest || !o.workdir || optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	if (strcmp(o.accel, "kvm") && (o.ring || o.eager_split)) {
		fprintf(stderr, "migrate-check: --ring and --eager-split are KVM's: not with --accel %s\n", o.accel);
		return 2;
	}
	if (!strcmp(o.arch, "x86_64"))
		o.test_start = 0x100000;
	else if (!strcmp(o.arch, "aarch64"))
		o.test_start = 0x40200000;
	else {
		fprintf(stderr, "migrate-check: --arch wants x86_64 or aarch64, got \"%s\"\n", o.arch);
		return 2;
	}
	if (access(o.guest, R_OK) || access(o.qemu, X_OK)) {
		fprintf(stderr, "migrate-check: %s or %s missing\n", o.guest, o.qemu);
		return 2;
	}
	mkdir(o.workdir, 0755);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN);
	const char *what = argv[optind];
	int rc;
	if (!strcmp(what, "migrate")) {
		rc = scenario_migrate(false);
	} else if (!strcmp(what, "closed-socket")) {
		rc = scenario_migrate(true);
	} else if (!strcmp(what, "bad-ring")) {
		o.ring = 3000;
		rc = scenario_refused("bad-ring-size-refused", "power of two");
	} else if (!strcmp(what, "bad-chunk")) {
		/* Checked against KVM_CAP_ARM_SUPPORTED_BLOCK_SIZES: the kernel's refusal. */
		o.eager_split = "64K";
		rc = scenario_refused("bad-chunk-size-refused", "chunk size not valid");
	} else {
		usage(stderr);
		return 2;
	}
	kill_children();
	return rc;
}
