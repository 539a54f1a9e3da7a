#!/bin/sh
# bunny_squash frame 1 at about 5K tets (res 16: 5,621) and about 12K (res 24: 13,693):
# MGPBD's relative dual residual against outer iterations in the frame's last substep, at the
# defaults (full steps, no line search, the watchdog of 20 steps, which acts on substeps
# without a budget: MgpbdStepAcceptance::watchdogSteps; PCG cap 200) and without the watchdog.
# No frame budget, 120 outer iterations, atol 0, one thread.
# Columns: the residual of each iteration's state (relative_residual) and of the state the
# substep keeps (kept_relative_residual: the same without the watchdog, the best so far with it).
# 12k-cap100: 13.7K tets at the paper preset's PCG cap of 100 (not part of all).
#   bench/scripts/bunny_watchdog.sh [pbd-bench] [all|5k|12k|12k-watchdog|12k-cap100] > bench/results/bunny_watchdog.csv
# (12k and 12k-watchdog print their rows without the header: to run them beside all or 5k)
B=${1:-build/release/bench/pbd-bench}
part=${2:-all}
export OMP_NUM_THREADS=1
case $part in all|5k|12k-cap100)
    # the header that scripts/results reads: the command and the machine (as pbd-bench writes it)
    echo "# command: $0 $B $part > bench/results/bunny_watchdog$([ "$part" = 12k-cap100 ] && echo _cap100).csv"
    echo "# machine: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) threads"
    echo "label,iteration,relative_residual,kept_relative_residual" ;;
esac
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
    run "5.6K tets full steps no watchdog" 0 --mgpbd-watchdog 0
    run "5.6K tets defaults (watchdog 20)" 1 ;;
esac
case $part in all|12k) run "13.7K tets full steps no watchdog" 0 --res 24 --mgpbd-watchdog 0 ;; esac
case $part in all|12k-watchdog) run "13.7K tets defaults (watchdog 20)" 1 --res 24 ;; esac
case $part in 12k-cap100)
    run "13.7K tets watchdog 20 PCG cap 100" 1 --res 24 --mgpbd-pcg-max 100
    run "13.7K tets no watchdog PCG cap 100" 0 --res 24 --mgpbd-pcg-max 100 --mgpbd-watchdog 0 ;;
esac
