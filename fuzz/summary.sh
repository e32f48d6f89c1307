#!/bin/sh
# Totals the fuzz logs that fuzz/run-all.sh (or any `cargo fuzz run ... -print_final_stats=1`
# appending to LOG_DIR/TARGET.log) wrote: per target the runs, seconds (libFuzzer's wall time,
# "Done N runs in S second(s)"), CPU seconds (run-all.sh's `cpu U user S sys` lines, where
# the log has them), executions, the coverage (cov) and features (ft) of the last run, and
# crashes (inputs written to fuzz/artifacts).
#
#   fuzz/summary.sh [LOG_DIR]      (default fuzz/logs)
LOG_DIR=${1:-${LOG_DIR:-fuzz/logs}}
printf '%-15s %5s %8s %8s %12s %7s %8s %7s\n' target runs seconds cpu_s executions cov ft crashes
for log in "$LOG_DIR"/*.log; do
    target=$(basename "$log" .log)
    awk -v t="$target" '
        /^=== run-all: round/ { runs++ }
        /^Done [0-9]+ runs in [0-9]+ second/ { execs += $2; secs += $5 }
        /DONE +cov: / { for (i = 1; i <= NF; i++) { if ($i == "cov:") cov = $(i+1); if ($i == "ft:") ft = $(i+1) } }
        /^=== run-all: cpu / { cpu += $4 + $6 }
        /Test unit written to/ { crashes++ }
        END { printf "%-15s %5d %8d %8d %12d %7s %8s %7d\n", t, runs, secs, cpu, execs, cov, ft, crashes }
    ' "$log"
done
