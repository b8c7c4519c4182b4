// SPDX-License-Identifier: GPL-2.0
/*
 * kvmlm-repro: what the host is (recorded in every report), and whether it
 * can run the 64-bit guests the scenarios use at all.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kvm_util.h"
#include "processor.h"
#include "ucall_common.h"

#include "repro.h"

static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	buf[0] = 0;
	if (!f)
		return;
	if (fgets(buf, len, f))
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

static void cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	snprintf(buf, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
			snprintf(buf, len, "%s", strchr(line, ':') + 2);
			buf[strcspn(buf, "\n")] = 0;
			break;
		}
	fclose(f);
}

/* kvm.ko parameters as "name=value" pairs; a kvmlm kvm.ko has dirty_log_lock_break_words. */
static int kvm_params(char names[][64], char values[][64], int max)
{
	DIR *d = opendir("/sys/module/kvm/parameters");
	struct dirent *e;
	int n = 0;
	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max) {
		char path[512];
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/module/kvm/parameters/%s", e->d_name);
		snprintf(names[n], 64, "%.63s", e->d_name);
		read_line(path, values[n], 64);
		n++;
	}
	closedir(d);
	/* sorted, so two reports diff cleanly */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char t[64];
			memcpy(t, names[j], 64), memcpy(names[j], names[j - 1], 64), memcpy(names[j - 1], t, 64);
			memcpy(t, values[j], 64), memcpy(values[j], values[j - 1], 64), memcpy(values[j - 1], t, 64);
		}
	return n;
}

static void host_facts(char *rel, char *model, char *thp, char *taint, char *vendor, size_t len)
{
	struct utsname u;
	uname(&u);
	snprintf(rel, len, "%s", u.release);
	cpu_model(model, len);
	read_line("/sys/kernel/mm/transparent_hugepage/enabled", thp, len);
	read_line("/sys/module/kvm/taint", taint, len);
	snprintf(vendor, len, "%s", !access("/sys/module/kvm_amd", F_OK) ? "kvm_amd" :
		 !access("/sys/module/kvm_intel", F_OK) ? "kvm_intel" : "none loaded");
}

void host_describe_json(FILE *out)
{
	char rel[256], model[256], thp[256], taint[256], vendor[256], names[64][64], values[64][64];
	host_facts(rel, model, thp, taint, vendor, sizeof(rel));
	int n = kvm_params(names, values, 64);
	fprintf(out, "\"kernel\": \"%s\", \"cpu\": \"%s\", \"cpus\": %ld, \"thp\": \"%s\", \"kvm_vendor_module\": \"%s\", "
		"\"kvm_taint\": \"%s\", \"kvmlm_modules\": %s, \"kvm_params\": {",
		rel, model, sysconf(_SC_NPROCESSORS_ONLN), thp, vendor, taint,
		!access("/sys/module/kvm/parameters/dirty_log_lock_break_words", F_OK) ? "true" : "false");
	for (int i = 0; i < n; i++)
		fprintf(out, "%s\"%s\": \"%s\"", i ? ", " : "", names[i], values[i]);
	fprintf(out, "}");
}

void host_print(FILE *out)
{
	char rel[256], model[256], thp[256], taint[256], vendor[256], names[64][64], values[64][64];
	host_facts(rel, model, thp, taint, vendor, sizeof(rel));
	int n = kvm_params(names, values, 64);
	fprintf(out, "host: kernel %s, %ld CPUs (%s), THP %s, %s, kvm taint '%s'%s\n", rel,
		sysconf(_SC_NPROCESSORS_ONLN), model, thp, vendor, taint,
		!access("/sys/module/kvm/parameters/dirty_log_lock_break_words", F_OK) ? ", kvmlm modules" : "");
	fprintf(out, "kvm parameters:");
	for (int i = 0; i < n; i++)
		fprintf(out, " %s=%s", names[i], values[i]);
	fprintf(out, "\n");
}

static void preflight_guest(void)
{
	GUEST_DONE();
}

/*
 * Run one 64-bit guest that only says "done", in a child process: the selftest
 * library aborts on failure, and a host that cannot run such a guest (nested
 * KVM without the features, as on our build hosts: KVM_EXIT_INTERNAL_ERROR)
 * must be reported as such, not as garbage numbers.
 */
int host_preflight(char *why, size_t len)
{
	int pipefd[2];
	if (access("/dev/kvm", R_OK | W_OK)) {
		snprintf(why, len, "/dev/kvm: %s (is kvm-intel or kvm-amd loaded, and are you in group kvm?)", strerror(errno));
		return REPRO_UNSUPPORTED;
	}
	if (pipe(pipefd))
		return REPRO_BROKEN;
	pid_t pid = fork();
	if (pid == 0) {
		struct kvm_vcpu *vcpu;
		struct ucall uc;
		close(pipefd[0]);
		dup2(pipefd[1], 2);	/* the library's assertion text goes to the parent */
		struct kvm_vm *vm = vm_create_with_one_vcpu(&vcpu, preflight_guest);
		vcpu_run(vcpu);
		if (vcpu->run->exit_reason == KVM_EXIT_INTERNAL_ERROR) {
			fprintf(stderr, "KVM_EXIT_INTERNAL_ERROR (suberror %u) on the first instruction of a 64-bit guest",
				vcpu->run->internal.suberror);
			_exit(3);
		}
		if (get_ucall(vcpu, &uc) != UCALL_DONE) {
			fprintf(stderr, "the guest stopped with exit reason %u (%s) instead of finishing",
				vcpu->run->exit_reason, exit_reason_str(vcpu->run->exit_reason));
			_exit(3);
		}
		kvm_vm_free(vm);
		_exit(0);
	}
	close(pipefd[1]);
	char buf[2048];
	ssize_t n = read(pipefd[0], buf, sizeof(buf) - 1), m;
	while (n >= 0 && (m = read(pipefd[0], buf + n, sizeof(buf) - 1 - n)) > 0)
		n += m;
	buf[n > 0 ? n : 0] = 0;
	close(pipefd[0]);
	int status;
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	/* what the child said, on one line (the library's assertion text spans several) */
	for (char *c = buf; *c; c++)
		if (*c == '\n' || *c == '\t')
			*c = ' ';
	snprintf(why, len, "this host's KVM cannot run a 64-bit guest: %s", buf[0] ? buf : "the test VM died");
	return REPRO_UNSUPPORTED;
}
