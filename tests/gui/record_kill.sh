#!/usr/bin/env bash
# Issue 20: kill -9 of the whole process group in the middle of a 1280x720 recording leaves
# an MP4 that ffprobe reads, holding every frame up to the last complete fragment: at most
# one second of video (60 frames) lost. Usage: record_kill.sh EXE XVFB_RUN FFPROBE OUTDIR [FRAMES]
set -u
exe=$1 xvfb=$2 ffprobe=$3 out=$4 target=${5:-64}
rm -rf "$out" && mkdir -p "$out"
# A session of its own, so that its process group holds xvfb-run, Xvfb, pbd-sandbox and ffmpeg.
PBD_RECORD_TRACE=1 setsid bash -c 'echo $$ > "$0/pgid"; exec "$@"' "$out" \
  "$xvfb" -a -s '-screen 0 1280x720x24' "$exe" --width 1280 --height 720 --frames 1000000 \
  --record "$out/clip.mp4" > "$out/stdout.txt" 2> "$out/stderr.txt" &
sent=0
for _ in $(seq 1 600); do  # at most 60 s
  sleep 0.1
  sent=$(grep -c 'recorded frame' "$out/stderr.txt" 2> /dev/null)
  [ "${sent:-0}" -ge "$target" ] && break
done
pgid=$(cat "$out/pgid")
kill -9 -- "-$pgid"
wait 2> /dev/null
sleep 0.5
sent=$(grep -c 'recorded frame' "$out/stderr.txt")
if [ "$sent" -lt "$target" ]; then
  echo "FAIL: only $sent frames were recorded before the time limit"; tail -5 "$out/stderr.txt"; exit 1
fi
size=$(stat -c %s "$out/clip.mp4" 2> /dev/null || echo 0)
read_frames=$("$ffprobe" -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
  -of csv=p=0 "$out/clip.mp4" 2> "$out/ffprobe.txt" | tr -d '[:space:]')
echo "killed the process group after $sent frames were sent to ffmpeg; clip.mp4 is $size bytes;" \
  "ffprobe reads ${read_frames:-no} frames ($(cat "$out/ffprobe.txt" | head -3))"
# Readable at all here; how much was lost is the check below (ffmpeg may lag the pipe by a few
# frames under load, so the second fragment is not always complete at the kill).
if ! [[ "$read_frames" =~ ^[0-9]+$ ]] || [ "$read_frames" -lt 1 ]; then
  echo "FAIL: the killed recording is not readable"; exit 1
fi
lost=$((sent - read_frames))
if [ "$lost" -gt 60 ]; then
  echo "FAIL: $lost frames lost, more than one second (60)"; exit 1
fi
echo "OK: $lost frames lost (at most 60)"
