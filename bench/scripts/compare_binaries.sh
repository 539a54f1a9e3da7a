#!/usr/bin/env bash
# Every scene at its defaults under one solver, two pbd-sandbox binaries side by side in one
# run (headless, one thread): median of the CSV's sim_ms, peak max strain, the --stats
# crossing total and the last frame's kinetic energy, as a Markdown table.
# Usage: bench/scripts/compare_binaries.sh BASE_EXE NEW_EXE FRAMES SOLVER > OUT.md
set -euo pipefail
base=$1 new=$2 frames=$3 solver=$4
export OMP_NUM_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "uptime: $(uptime)"
echo "command: $0 $*"
echo
echo "| scene | binary | median sim ms | peak max strain | crossings | final KE J |"
echo "|---|---|---|---|---|---|"
for scene in $("$new" --list-scenes | awk '{print $1}'); do
  for which in base new; do
    exe=$base
    [ "$which" = new ] && exe=$new
    out=$("$exe" --headless --scene "$scene" --solver "$solver" --frames "$frames" \
          --stats "$tmp/s.csv" 2>&1 | tr '\n' ' ')
    median=$(awk -F, 'NR>1{print $3}' "$tmp/s.csv" | sort -g |
             awk '{a[NR]=$1} END{printf "%.1f", a[int((NR+1)/2)]}')
    peak=$(awk -F, 'NR>1 && $4>m{m=$4} END{printf "%.3f", m}' "$tmp/s.csv")
    crossings=$(echo "$out" | grep -o 'total crossings [0-9]*' | awk '{print $3}')
    energy=$(echo "$out" | grep -o 'kinetic energy [^ ]*' | awk '{print $3}')
    echo "| $scene | $which | $median | $peak | $crossings | $energy |"
  done
done
