#!/bin/sh
# Runs every fuzz target in turn, one libFuzzer process at a time, at the lowest priority:
# ROUNDS rounds of SECONDS_PER_RUN seconds per target (default 3 x 1,200 s: one CPU-hour per
# target). Each run appends to $LOG_DIR/TARGET.log (default fuzz/logs, ignored by
# git); crash inputs go to fuzz/artifacts/TARGET/. A crash ends that target's run, and
# the loop goes on with the next one. `fuzz/summary.sh` totals the logs.
#
#   nohup fuzz/run-all.sh > fuzz/logs/run-all.out 2>&1 &
set -u
cd "$(dirname "$0")/.." || exit 1
ROUNDS=${ROUNDS:-3}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-1200}
LOG_DIR=${LOG_DIR:-fuzz/logs}
TARGETS=${TARGETS:-"tokenizer parse_document stream scalar_twin fragment roundtrip warc selector extract"}
mkdir -p "$LOG_DIR"
round=1
while [ "$round" -le "$ROUNDS" ]; do
    for target in $TARGETS; do
        log="$LOG_DIR/$target.log"
        echo "=== run-all: round $round/$ROUNDS, $target, $SECONDS_PER_RUN s, $(date -u +%FT%TZ)" >> "$log"
        # /usr/bin/time appends the run's CPU seconds (user + system, the build's included):
        # libFuzzer's seconds are wall time, and at nice 19 a run gets what the machine spares.
        nice -n 19 /usr/bin/time -a -o "$log" -f '=== run-all: cpu %U user %S sys' \
            cargo fuzz run "$target" -s none -- \
            -dict=fuzz/html.dict -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
            -max_total_time="$SECONDS_PER_RUN" -print_final_stats=1 >> "$log" 2>&1
        echo "=== run-all: exit $? $(date -u +%FT%TZ)" >> "$log"
    done
    round=$((round + 1))
done
