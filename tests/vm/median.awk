# median.awk: the one median of the VM lane's report scripts (lane-report,
# lane-plot, repro-ab-report), which prepend this file to their awk program.
#
# median_of(A, N): the median of A[1..N] (sorts A in place); "" when N is 0.
function median_of(a, n,    i, j, t) {
	if (n < 1) return ""
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
