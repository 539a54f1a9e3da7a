#!/usr/bin/env bash
# kill -9 of the whole process group at 5 times during a window run that writes every output
# as it goes (--record, --stats, --record-session, --export-meshes, with a scripted drag whose
# events the session records): after each kill every output is readable, and each holds at
# least every frame simulated up to 1 s before the kill (the stats' wall_ms says which).
# Usage: kill_outputs.sh EXE XVFB_RUN FFPROBE DATA OUTDIR
set -u
exe=$1 xvfb=$2 ffprobe=$3 data=$4 root=$5
rm -rf "$root" && mkdir -p "$root"
status=0
for target in 50 75 100 130 170; do  # stats rows written before the kill
  out=$root/kill_$target
  mkdir -p "$out"
  setsid bash -c 'echo $$ > "$0/pgid"; exec "$@"' "$out" \
    "$xvfb" -a -s '-screen 0 1280x720x24' "$exe" --width 1280 --height 720 --frames 1000000 \
    --input "$data/drag_corner.json" --record "$out/clip.mp4" --stats "$out/stats.csv" \
    --record-session "$out/session.json" --export-meshes "$out/meshes" \
    > "$out/stdout.txt" 2> "$out/stderr.txt" &
  rows=0
  for _ in $(seq 1 900); do  # at most 90 s
    sleep 0.1
    rows=$(($(wc -l < "$out/stats.csv" 2> /dev/null || echo 1) - 1))
    [ "$rows" -ge "$target" ] && break
  done
  kill -9 -- "-$(cat "$out/pgid")"
  wait 2> /dev/null
  sleep 0.3
  mp4=$("$ffprobe" -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
    -of csv=p=0 "$out/clip.mp4" 2> /dev/null | tr -d '[:space:]')
  python3 - "$out" "${mp4:-0}" "$data" <<'PY' || status=1
import csv, glob, json, os, sys
out, mp4 = sys.argv[1], int(sys.argv[2] or 0)
rows = list(csv.reader(open(os.path.join(out, "stats.csv"))))
header, body = rows[0], rows[1:]
bad = [r for r in body if len(r) != len(header)]
wall = [float(r[header.index("wall_ms")]) for r in body]
needed = sum(1 for w in wall if w <= wall[-1] - 1000) if wall else 0
objs = sorted(glob.glob(os.path.join(out, "meshes", "frame_*.obj")))
broken = [p for p in objs if not open(p).read().rstrip().splitlines()[-1].startswith("f ")]
session = json.load(open(os.path.join(out, "session.json")))
events = session["events"]
print(f"{out}: {len(body)} stats rows ({len(bad)} torn), {needed} of them 1 s before the kill; "
      f"mp4 {mp4} frames, {len(objs)} OBJ frames ({len(broken)} broken), "
      f"session {len(events)} events")
ok = not bad and not broken and len(body) >= 1 and mp4 >= needed and len(objs) >= needed
# The session holds the scripted drag's events up to 1 s before the kill (its frames are the
# simulated frames, as the script's are).
script = json.load(open(os.path.join(sys.argv[3], "drag_corner.json")))["events"]
due = [e["frame"] for e in script if e["frame"] < needed]
ok = ok and (not due or max((e["frame"] for e in events), default=-1) >= max(due))
print("OK" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
done
[ $status -eq 0 ] && echo "OK: every output readable after 5 kills"
exit $status
