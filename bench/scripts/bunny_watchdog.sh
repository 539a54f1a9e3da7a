#!/bin/sh
# bunny_squash frame 1 at about 5K tets (res 16: 5,621) and about 12K (res 24: 13,693, PCG cap
# 200): MGPBD's relative dual residual against outer iterations in the frame's last substep,
# full steps (the live defaults, no line search) without and with the watchdog
# (MgpbdSettings::watchdogSteps). No frame budget, 120 outer iterations, atol 0, one thread.
# Columns: the residual of each iteration's state (relative_residual) and of the state the
# substep keeps (kept_relative_residual: the same without the watchdog, the best so far with it).
#   bench/scripts/bunny_watchdog.sh [pbd-bench] [all|5k|12k|12k-watchdog] > bench/results/bunny_watchdog.csv
# (the parts print their rows without the header, except all and 5k: to run them side by side)
B=${1:-build/release/bench/pbd-bench}
part=${2:-all}
export OMP_NUM_THREADS=1
case $part in all|5k) echo "label,iteration,relative_residual,kept_relative_residual" ;; esac
run() {
    label=$1; best=$2; shift 2
    "$B" mgpbd-live --scene bunny_squash --frames 1 --every 1 --mgpbd-frame-budget-ms 0 \
        --mgpbd-max-iterations 120 --mgpbd-atol 0 "$@" 2>&1 |
        awk -v l="$label" -v best="$best" '/residual history:/ {
             for (i = 3; i <= NF; ++i) { if (i == 3) { r0 = $i; m = $i }
             if ($i < m) m = $i; k = best ? m : $i
             printf "%s,%d,%.6g,%.6g\n", l, i - 3, $i / r0, k / r0 } }'
}
case $part in all|5k)
    run "5.6K tets full steps" 0
    run "5.6K tets watchdog 20" 1 --mgpbd-watchdog 20 ;;
esac
case $part in all|12k) run "13.7K tets full steps PCG cap 200" 0 --res 24 --mgpbd-pcg-max 200 ;; esac
case $part in all|12k-watchdog)
    run "13.7K tets watchdog 20 PCG cap 200" 1 --res 24 --mgpbd-pcg-max 200 --mgpbd-watchdog 20 ;;
esac
