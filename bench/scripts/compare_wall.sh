#!/usr/bin/env bash
# Compare mode's cost in the window (issue 56): per displayed frame, the whole frame's wall ms
# and the wall ms the window waited for the simulation, for solver A alone, solver B alone and
# --compare A,B, alternated ROUNDS times (Xvfb at 1280x720, lockstep, panels hidden). On a
# machine without a GPU the drawing is software GL on the same cores as the simulation, and a
# shared machine's load moves single runs by a fifth: the last line is the median of the rounds.
# With CSV, each round is also written there (for bench/results/ and scripts/results).
# Usage: bench/scripts/compare_wall.sh EXE SCENE RES A B [FRAMES] [ROUNDS] [CSV]
set -euo pipefail
exe=$1 scene=$2 res=$3 a=$4 b=$5 frames=${6:-300} rounds=${7:-5} csv=${8:-}
run() {
  xvfb-run -a -s "-screen 0 1280x720x24" "$exe" --scene "$scene" --res "$res" --frames "$frames" \
    --panels hidden "$@" 2>/dev/null | grep -oE "drawn in [0-9.]+ s|waited [0-9.]+ ms" |
    grep -oE "[0-9.]+" | tr '\n' ' '
}
echo "uptime: $(uptime)"
if [[ -n $csv ]]; then
  {
    echo "# command: bench/scripts/compare_wall.sh build/release/app/pbd-sandbox $scene $res $a $b $frames $rounds $csv"
    echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) threads, Xvfb 1280x720, software GL"
    echo "# $(date +%F), load $(cut -d' ' -f1 /proc/loadavg) at the start"
    echo "round,a,b,a_ms,b_ms,compare_ms,a_wait_ms,b_wait_ms,compare_wait_ms"
  } >"$csv"
fi
echo "| round | ms per frame | $a alone | $b alone | compare | compare / slower |"
echo "|---|---|---|---|---|---|"
ratios=() waits=()
for ((r = 1; r <= rounds; ++r)); do
  read -r wa sa <<<"$(run --solver "$a")"
  read -r wb sb <<<"$(run --solver "$b")"
  read -r wc sc <<<"$(run --compare "$a,$b")"
  awk -v r="$r" -v f="$frames" -v wa="$wa" -v wb="$wb" -v wc="$wc" -v sa="$sa" -v sb="$sb" \
    -v sc="$sc" 'BEGIN {
      w = wa > wb ? wa : wb; s = sa > sb ? sa : sb
      printf "| %d | whole frame | %.1f | %.1f | %.1f | %.2fx |\n", r, wa*1000/f, wb*1000/f, wc*1000/f, wc/w
      printf "| %d | waited for the simulation | %.2f | %.2f | %.2f | %.2fx |\n", r, sa, sb, sc, sc/s
    }'
  [[ -z $csv ]] || awk -v f="$frames" 'BEGIN { printf "%d,%s,%s,%.2f,%.2f,%.2f,%s,%s,%s\n",
    ARGV[1], ARGV[2], ARGV[3], ARGV[4]*1000/f, ARGV[5]*1000/f, ARGV[6]*1000/f, ARGV[7], ARGV[8],
    ARGV[9] }' "$r" "$a" "$b" "$wa" "$wb" "$wc" "$sa" "$sb" "$sc" >>"$csv"
  ratios+=("$(awk -v a="$wa" -v b="$wb" -v c="$wc" 'BEGIN { print c / (a > b ? a : b) }')")
  waits+=("$(awk -v a="$sa" -v b="$sb" -v c="$sc" 'BEGIN { print c / (a > b ? a : b) }')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
  printf "%.2fx", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median of $rounds rounds: whole frame $(median "${ratios[@]}"), waited for the simulation $(median "${waits[@]}")"
echo "uptime: $(uptime)"
