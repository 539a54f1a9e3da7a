#!/bin/bash
# A full disk for each output (issue 57): every run exits non-zero, names the file, and leaves
# nothing partial under the file's name and no temporary file beside it. The disk is a small
# tmpfs mounted in a user namespace; where the kernel refuses one, a file-size limit stands in
# for it (writes past it fail with EFBIG as a full disk's fail with ENOSPC).
#   full_disk.sh <pbd-sandbox> <xvfb-run> <work dir>
set -u
exe=$1 xvfb=$2 work=$3
if [ "${FULL_DISK_INSIDE:-}" != 1 ]; then
  if [ "${FULL_DISK_LIMIT:-}" != 1 ] && unshare -rm true 2>/dev/null; then
    FULL_DISK_INSIDE=1 exec unshare -rm "$0" "$@"
  fi
  echo "full_disk: no user namespace here; a file-size limit stands in for a full disk"
  mode=limit
else
  mode=tmpfs
fi
# One virtual display for every window run, so that the limit falls on the program alone.
if [ "${FULL_DISK_X:-}" != 1 ]; then
  FULL_DISK_INSIDE=1 FULL_DISK_X=1 FULL_DISK_MODE=$mode exec "$xvfb" -a -s "-screen 0 320x240x24" "$0" "$@"
fi
mode=${FULL_DISK_MODE:-$mode}
rm -rf "$work" && mkdir -p "$work"
disk=$work/disk
mkdir -p "$disk"
failures=0

# fill <free KiB>: a disk with that much room left.
fill() {
  rm -rf "${disk:?}"/* "$disk"/.[!.]* 2>/dev/null
  if [ $mode = tmpfs ]; then
    mountpoint -q "$disk" || mount -t tmpfs -o size=256k none "$disk" || exit 1
    dd if=/dev/zero of="$disk/fill" bs=1k count=$((256 - $1)) 2>/dev/null
  fi
  limit_kib=$1
}

# check <what> <final name> <command...>
check() {
  local what=$1 name=$2
  shift 2
  local out=$work/out.txt rc=0
  if [ $mode = tmpfs ]; then
    "$@" >"$out" 2>&1
    rc=$?
  else
    # Through a pipe: the limit applies to every file the program writes, its log included.
    bash -c 'trap "" XFSZ; ulimit -f $0; exec "$@"' "$limit_kib" "$@" 2>&1 | cat >"$out"
    rc=${PIPESTATUS[0]}
  fi
  local bad=""
  [ $rc -eq 0 ] && bad="$bad exit 0;"
  grep -q "$disk" "$out" || bad="$bad no message naming the file;"
  if [ -f "$disk/$name" ]; then bad="$bad a partial $name left;"; fi
  local temps
  temps=$(find "$disk" -name '*.tmp*' | head -3)
  [ -n "$temps" ] && bad="$bad temporaries left: $temps;"
  if [ -n "$bad" ]; then
    echo "FAIL $what: $bad (exit $rc)"
    sed 's/^/    /' "$out" | tail -5
    failures=$((failures + 1))
  else
    echo "ok   $what: exit $rc: $(grep "$disk" "$out" | head -1)"
  fi
}

win=("$exe" --width 320 --height 240)
# An empty disk first, then one that fills part way through the run. The session recording
# and the screenshot are written whole at the end, so only the empty disk is theirs.
for free in 0 24; do
  frames=$([ "$free" = 0 ] && echo 5 || echo 90)
  echo "-- $free KiB free"
  fill $free; check "window --stats" s.csv "${win[@]}" --frames $frames --stats "$disk/s.csv"
  if [ "$free" = 0 ]; then
    fill $free; check "window --screenshot" x.png "${win[@]}" --frames $frames --screenshot "$disk/x.png"
    fill $free; check "window --record-session" sess.json "${win[@]}" --frames $frames --record-session "$disk/sess.json"
  fi
  fill $free; check "window --export-meshes" m/frame_000001.obj "${win[@]}" --frames $frames --export-meshes "$disk/m"
  if command -v ffmpeg >/dev/null; then
    fill $free; check "window --record" v.mp4 "${win[@]}" --frames $frames --record "$disk/v.mp4"
  fi
  fill $free; check "headless --stats" s.csv "$exe" --headless --frames $((frames * 5)) --stats "$disk/s.csv"
  fill $free; check "headless --save-state" st.json "$exe" --headless --frames $frames --save-state "$disk/st.json"
  fill $free; check "headless --export-meshes" m/frame_000001.obj "$exe" --headless --frames $frames --export-meshes "$disk/m"
done
echo "full_disk ($mode): $failures failure(s)"
[ $failures -eq 0 ]
