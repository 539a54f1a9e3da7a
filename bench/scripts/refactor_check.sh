#!/usr/bin/env bash
# What a refactor must leave alone, two pbd-sandbox binaries side by side (headless, one
# thread): the state hash at frame FRAMES of every scene under every solver (equal, or the
# pairs that differ), and every scene's CPU time (user + sys) at its defaults over FRAMES
# frames, the two binaries alternated, median of ROUNDS, as a Markdown table.
# Usage: bench/scripts/refactor_check.sh BASE_EXE NEW_EXE [ROUNDS] [FRAMES] > OUT.md
set -euo pipefail
base=$1 new=$2 rounds=${3:-3} frames=${4:-300}
export OMP_NUM_THREADS=1
TIMEFORMAT='%U %S'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scenes=$("$new" --list-scenes | awk '{print $1}')
echo "uptime: $(uptime)"
echo "command: $0 $*"
echo
same=0 differ=0
for scene in $scenes; do
  for solver in pbd xpbd hpbd mgpbd; do
    h=()
    for exe in "$base" "$new"; do
      h+=("$("$exe" --headless --scene "$scene" --solver "$solver" --frames "$frames" 2>&1 |
             grep -o 'state_hash [0-9a-f]*' | tail -1)")
    done
    if [ "${h[0]}" = "${h[1]}" ] && [ -n "${h[0]}" ]; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "differs: $scene $solver: ${h[0]:-none} -> ${h[1]:-none}"
    fi
  done
done
echo "state hashes at frame $frames: $same equal, $differ differ"
echo
for r in $(seq 1 "$rounds"); do
  for scene in $scenes; do
    for which in base new; do
      exe=$base
      [ "$which" = new ] && exe=$new
      t=$({ time "$exe" --headless --scene "$scene" --frames "$frames" > /dev/null 2>&1; } 2>&1)
      echo "$scene $which $t" >> "$tmp/times"
    done
  done
done
echo "| scene | base CPU s | new CPU s | new / base |"
echo "|---|---|---|---|"
for scene in $scenes; do
  b=$(awk -v s="$scene" '$1 == s && $2 == "base" {print $3 + $4}' "$tmp/times" | sort -g |
      awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  n=$(awk -v s="$scene" '$1 == s && $2 == "new" {print $3 + $4}' "$tmp/times" | sort -g |
      awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  awk -v s="$scene" -v b="$b" -v n="$n" 'BEGIN {printf "| %s | %.3f | %.3f | %.3f |\n", s, b, n, n / b}'
done
echo
echo "uptime: $(uptime)"
