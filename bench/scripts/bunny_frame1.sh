#!/bin/sh
# bunny_squash frame 1 (default resolution, 5,621 tets): MGPBD's relative dual residual
# against outer iterations in the frame's last substep (the scene's 3 substeps since e6c7066),
# no frame budget, 120 iterations, one thread.
# The live rows keep the settings the committed CSV was measured with (2026-11-25 to -27):
# no watchdog and PCG cap 100 (the defaults since 2026-11-29 are measured by bunny_watchdog.sh).
#   bench/scripts/bunny_frame1.sh [pbd-bench] > bench/results/bunny_frame1.csv
B=${1:-build/release/bench/pbd-bench}
export OMP_NUM_THREADS=1
echo "label,iteration,relative_residual"
run() {
    label=$1; shift
    "$B" mgpbd-live --scene bunny_squash --frames 1 --every 1 --mgpbd-frame-budget-ms 0 \
        --mgpbd-max-iterations 120 --mgpbd-atol 0 "$@" 2>&1 |
        awk -v l="$label" '/residual history:/ {for (i = 3; i <= NF; ++i) { if (i == 3) r0 = $i;
             printf "%s,%d,%.6g\n", l, i - 3, $i / r0 } }'
}
old="--mgpbd-watchdog 0 --mgpbd-pcg-max 100"
run "live (no line search)" $old
run "live + line search" --mgpbd-line-search 1 $old
run "paper preset (omega 0.1)" --mgpbd-preset paper
run "paper + line search" --mgpbd-preset paper --mgpbd-line-search 1
run "live + primal K" --mgpbd-primal 1 $old
