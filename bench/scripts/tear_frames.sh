#!/usr/bin/env bash
# tearable_cloth's tear frames under each solver, two pbd-sandbox binaries in turn (headless,
# one thread, 300 frames; the tears come at frames 141-221): median and worst sim_ms, the worst
# kinematics stage (where the tethers are rebuilt after a tear), the frames where it took over
# 5 ms (a tether rebuild: the tear frames) with their median frame and solve stage, and the
# frame-300 state hash. Used by docs/notes/tearing.md.
# Usage: bench/scripts/tear_frames.sh BASE_EXE NEW_EXE > OUT.md
set -euo pipefail
base=$1 new=$2
export OMP_NUM_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "uptime: $(uptime)"
echo
echo "| solver | binary | median ms | worst frame ms | worst kinematics ms | frames with kinematics > 5 ms | their median ms | their median solve ms | state hash |"
echo "|---|---|---|---|---|---|---|---|---|"
for solver in pbd xpbd hpbd mgpbd; do
  for which in base new; do
    exe=$base
    [ "$which" = new ] && exe=$new
    "$exe" --headless --scene tearable_cloth --solver "$solver" --frames 300 \
      --stats "$tmp/s.csv" > "$tmp/out.txt" 2>&1
    hash=$(grep -o 'state_hash [0-9a-f]*' "$tmp/out.txt" | awk '{print $2}')
    python3 - "$tmp/s.csv" "$solver" "$which" "$hash" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ms = [float(r["sim_ms"]) for r in rows]
kin = [float(r["ms_kinematics"]) for r in rows]
tear = [r for r in rows if float(r["ms_kinematics"]) > 5]
tear_ms = statistics.median(float(r["sim_ms"]) for r in tear) if tear else 0
tear_solve = statistics.median(float(r["ms_solve"]) for r in tear) if tear else 0
print("| %s | %s | %.1f | %.1f | %.1f | %d | %.1f | %.1f | %s |" % (sys.argv[2], sys.argv[3],
      statistics.median(ms), max(ms), max(kin), len(tear), tear_ms, tear_solve, sys.argv[4]))
PY
  done
done
echo
echo "uptime: $(uptime)"
