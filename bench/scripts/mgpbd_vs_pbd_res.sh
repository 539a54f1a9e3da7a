#!/bin/sh
# Issue 53: MGPBD at its defaults against PBD at its defaults on every scene at 1x, 2x and 4x
# the scene's default resolution (cloth scenes: 32, 64, 128), headless, one thread. Per run:
# the peak over the frames of the max strain, the last frame's max strain, the median and
# largest sim ms per frame, and whether every frame stayed finite (the run's exit status).
#   bench/scripts/mgpbd_vs_pbd_res.sh [build/release/app/pbd-sandbox] > bench/results/mgpbd_vs_pbd_res.csv
# FRAMES (default 120), SCENES (default: every scene), SCALES (default: 1 2 4) and SOLVERS
# (default: pbd mgpbd) override.
EXE=${1:-build/release/app/pbd-sandbox}
FRAMES=${FRAMES:-120}
echo "# command: FRAMES=$FRAMES $0 $EXE > bench/results/mgpbd_vs_pbd_res.csv"
echo "# machine: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(nproc) threads"
echo "# load: $(cut -d' ' -f1-3 /proc/loadavg), code of $(git rev-parse --short HEAD 2>/dev/null)"
export OMP_NUM_THREADS=1
echo "scene,scale,res,solver,peak_strain,last_strain,median_ms,max_ms,finite"
scenes=${SCENES:-$("$EXE" --list-scenes | awk '{print $1}')}
for scene in $scenes; do
    base=$("$EXE" --list-scenes | awk -v s="$scene" '$1 == s {print $4}')
    for scale in ${SCALES:-1 2 4}; do
        res=$((base * scale))
        for solver in ${SOLVERS:-pbd mgpbd}; do
            csv=$(mktemp)
            timeout 900 "$EXE" --headless --scene "$scene" --res "$res" --solver "$solver" \
                --frames "$FRAMES" --stats "$csv" > /dev/null 2>&1
            rc=$?
            awk -F, -v scene="$scene" -v scale="$scale" -v res="$res" -v solver="$solver" \
                -v rc="$rc" '
                NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "max_strain") s = i;
                                                        if ($i == "sim_ms") m = i }; next }
                { if ($s > peak) peak = $s; last = $s; ms[NR - 1] = $m; n = NR - 1 }
                END {
                    # median by insertion sort (n is small)
                    for (i = 2; i <= n; i++) { v = ms[i]; j = i - 1
                        while (j >= 1 && ms[j] > v) { ms[j + 1] = ms[j]; j-- } ms[j + 1] = v }
                    printf "%s,%d,%d,%s,%.6g,%.6g,%.2f,%.2f,%s\n", scene, scale, res, solver,
                           peak, last, n ? ms[int((n + 1) / 2)] : -1, n ? ms[n] : -1,
                           rc == 0 ? "yes" : "no (exit " rc ")" }' "$csv"
            rm -f "$csv"
        done
    done
done
