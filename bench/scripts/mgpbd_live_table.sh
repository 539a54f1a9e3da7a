#!/bin/sh
# ms/frame of MGPBD at its defaults next to XPBD (and PBD), every scene, headless, one
# thread, 60 frames (sim ms from --stats: the step's time; max strain etc. at the last
# frame): the table of docs/notes/mgpbd-budget.md.
#   bench/mgpbd_live_table.sh [build/release/app/pbd-sandbox] > table.md
EXE=${1:-build/release/app/pbd-sandbox}
FRAMES=${FRAMES:-60}
export OMP_NUM_THREADS=1
uptime
echo
echo "| scene | solver | ms/frame (mean, wall) | sim ms median | sim ms max | max strain | mean strain | residual (last frame) |"
echo "|---|---|---|---|---|---|---|---|"
for scene in $("$EXE" --list-scenes | awk '{print $1}'); do
    for solver in xpbd mgpbd; do
        csv=$(mktemp)
        line=$(timeout 600 "$EXE" --headless --scene "$scene" --solver "$solver" --frames "$FRAMES" \
               --stats "$csv" 2>&1 | tail -1)
        ms=$(echo "$line" | sed -n 's/.* \([0-9.]*\) ms\/frame.*/\1/p')
        maxs=$(echo "$line" | sed -n 's/.*max strain \([0-9.e+-]*\).*/\1/p')
        means=$(echo "$line" | sed -n 's/.*mean strain \([0-9.e+-]*\).*/\1/p')
        res=$(awk -F, 'NR==1{for(i=1;i<=NF;i++) if($i=="residual") c=i} END{print $c}' "$csv")
        med=$(awk -F, 'NR>1{print $3}' "$csv" | sort -g | awk '{v[NR]=$1} END{printf "%.1f", v[int((NR+1)/2)]}')
        top=$(awk -F, 'NR>1{print $3}' "$csv" | sort -g | tail -1 | awk '{printf "%.1f", $1}')
        rm -f "$csv"
        echo "| $scene | $solver | ${ms:-FAILED} | $med | $top | $maxs | $means | $res |"
    done
done
