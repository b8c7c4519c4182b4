#!/bin/bash
# lane-stats.t TOOLSDIR: tests/vm/lane-stats, the VM lanes' medians, ratios of medians and plots, on a small log.
# (tests/unit/unit-lib.sh: $tools, $here, $fx, $tmp and the assertions of tests/lib/tap.sh)
# shellcheck source=SCRIPTDIR/unit-lib.sh
. "$(dirname "$0")/unit-lib.sh"

S=$here/../vm/lane-stats
LOG=$fx/lane-stats/lane.log
# report: medians of 3 (odd), of 2 (the mean of the middle two), of 1; non-numbers left out.
expect "report: the stock median of three runs, n=3"    0 '^\| stock dirty_log_perf \| 3 \| 20 \| 5 \| 4096 \|$' $S report "$LOG"
expect "report: the median of two is their mean"        0 '^\| kvmlm dirty_log_perf \| 2 \| 6 \| 10 \| 4096 \|$' $S report "$LOG"
expect "report: a key with text values is no column"    0 '^\| run \| n \| get_ms \| clear_ms \| pages \|$' $S report "$LOG"
expect "report: kvmlm / pristine, a ratio of medians"   0 '^\| kvmlm / pristine \(same config\), dirty_log_perf \| \| 0\.75 \| 2\.00 \| 1\.00 \|$' $S report "$LOG"
expect "report: kvmlm / stock"                          0 '^\| kvmlm / stock, dirty_log_perf \| \| 0\.30 \| 2\.00 \| 1\.00 \|$' $S report "$LOG"
expect "report: lock break on / off"                    0 '^\| kvmlm lock break on / off, dirty_log_perf \| \| 0\.43 \| 1\.67 \| 1\.00 \|$' $S report "$LOG"
expect "report: logs without metrics say so, exit 1"    1 '^\(no KVMLM-METRIC lines: nothing was measured\)$' $S report /dev/null
# repro-ab: per scenario, stock and kvmlm medians and kvmlm / stock; a stock 0 gives "-".
expect "repro-ab: one table per scenario"               0 '^### dirty-log-cost$' $S repro-ab "$LOG"
expect "repro-ab: medians and their ratio"              0 '^\| 65536 \| clear_ns_per_page \| 450 \| 300 \| 0\.67 \|$' $S repro-ab "$LOG"
expect "repro-ab: a kvmlm median of 0 is a ratio of 0"  0 '^\| 65536 \| get_us \| 45 \| 0 \| 0\.00 \|$' $S repro-ab "$LOG"
expect "repro-ab: no repro metrics, exit 1"             1 '^\(no kvmlm-repro metrics in these logs\)$' $S repro-ab /dev/null
# compare: a column per set in the order asked, n in the header, the ratios asked for.
expect "compare: sets in order, each with its n"        0 '^\| median \| kvmlm \(n=2\) \| pristine \(n=1\) \| stock \(n=3\) \| kvmlm / pristine \| stock / kvmlm \|$' \
	$S compare kvmlm,pristine,stock kvmlm/pristine,stock/kvmlm "$LOG"
expect "compare: a key's medians and ratios of medians" 0 '^\| clear_ms \| 10 \| 5 \| 5 \| 2\.00 \| 0\.50 \|$' \
	$S compare kvmlm,pristine,stock kvmlm/pristine,stock/kvmlm "$LOG"
expect "compare: a set without values is -, no ratio"   0 '^\| clear_ns_per_page \| 100 \| - \| 200 \| - \| 2\.00 \|$' \
	$S compare kvmlm,pristine,stock kvmlm/pristine,stock/kvmlm "$LOG"
expect "compare: a ratio of an unknown set, exit 2"     2 "ratio 'kvmlm/upstream' is not A/B of two of the sets stock,kvmlm" \
	$S compare stock,kvmlm kvmlm/upstream "$LOG"
expect "compare: no metric of these sets, exit 1"       1 '^\(no KVMLM-METRIC lines of the sets upstream: nothing was measured\)$' \
	$S compare upstream '' "$LOG"
# plot: one polyline per set, a point per x at its median, x on a log scale.
$S plot dirty-log-cost clear_ns_per_page "dirty pages" "ns per page" log "$LOG" >"$tmp/plot.svg" 2>&1
expect "plot: an SVG document"                          0 '^</svg>$' cat "$tmp/plot.svg"
expect "plot: stock's points (x log-scaled, y to the median 450)" 0 'stroke="#1f77b4" stroke-width="2" points="80\.0,212\.2 520\.0,40\.0 "' cat "$tmp/plot.svg"
expect "plot: kvmlm's points"                           0 'stroke="#d62728" stroke-width="2" points="80\.0,[0-9.]+ 520\.0,[0-9.]+ "' cat "$tmp/plot.svg"
expect "plot: the axis says log scale"                  0 '>dirty pages \(log scale\)<' cat "$tmp/plot.svg"
expect "plot: no such metric, exit 1"                   1 'no nothing:<x> metrics with k' $S plot nothing k x y lin "$LOG"
expect "plot: a scale that is not lin or log, exit 2"   2 "scale must be lin or log, not 'cubic'" $S plot dirty-log-cost k x y cubic "$LOG"
expect "a missing log is an error, exit 2"              2 'No such file or directory' $S report "$tmp/none.log"
expect "no subcommand: usage, exit 2"                   2 '^usage: lane-stats report LOG' $S

tap_done lane-stats
