#!/usr/bin/env bash
# Runs issue 19's GPU checks and measurements on a GPU machine from the bundle that
# tests/cuda/gpu_bundle.sh made (this file is its run.sh). Results go to $OUT (or
# build/gpu/out). One part per call keeps each under the device tool's 10-minute limit:
#   build/gpu/run.sh tests      cuda_tests (every kernel against the CPU) and the N = 256 fps
#   build/gpu/run.sh cloth      pbd-bench gpu-cloth --res $RES (256,512,1024) --frames 0,10
#   build/gpu/run.sh softbody   pbd-bench gpu-softbody --max-volume $VOLUMES (152K, 575K, 854K tets)
# Extra arguments go to the bench (e.g. --inexact --line-search --relaxation 1); $TAG is
# added to the file names, so runs with other settings do not overwrite each other.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="$here/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
export PATH="$here/bin:$PATH" PBD_MESH_DIR="$here/meshes" PBD_CACHE_DIR="$here/cache"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-16}
out=${OUT:-$here/out}
mkdir -p "$out"
part=${1:-tests}
shift || true
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee "$out/gpu_$part.txt"
for exe in "$here"/bin/*; do
  if ldd "$exe" | grep -q "not found"; then echo "run.sh: $exe lacks:"; ldd "$exe" | grep "not found"; fi
done
case "$part" in
  tests)
    cuda_tests --gtest_output="xml:$out/cuda_tests.xml" 2>&1 | tee "$out/cuda_tests.log" | tail -40
    # mgpbd_cloth N = 256 headless on the GPU, scene defaults: ms/frame -> fps = 1000 / ms.
    pbd-sandbox --headless --scene mgpbd_cloth --res 256 --solver mgpbd --device cuda --frames 300 \
      2>&1 | tee "$out/fps_256.txt"
    pbd-sandbox --headless --scene mgpbd_cloth --res 256 --solver mgpbd --frames 30 \
      2>&1 | tee "$out/fps_256_cpu.txt" ;;
  cloth)
    name="gpu_cloth_${RES:-256,512,1024}${TAG:-}"
    name=${name//,/_}
    pbd-bench gpu-cloth --res "${RES:-256,512,1024}" --frames 0,10 --csv "$out/$name.csv" \
      --curves "$out/${name}_curves.csv" "$@" 2>&1 | tee "$out/$name.log" ;;
  softbody)
    name="gpu_softbody${TAG:-}"
    pbd-bench gpu-softbody --res 32 --max-volume "${VOLUMES:-1e-6,1.8e-7,1.15e-7}" --csv "$out/$name.csv" \
      --curves "$out/${name}_curves.csv" "$@" 2>&1 | tee "$out/$name.log" ;;
  *) echo "run.sh: unknown part '$part' (tests, cloth, softbody)"; exit 2 ;;
esac
