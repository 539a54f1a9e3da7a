#!/usr/bin/env bash
# Packs what a run on a GPU machine needs into build/gpu (ignored by git, as build*/ is):
# the release binaries built here with the CUDA path, the shared libraries they use that a
# bare CUDA image lacks (not libc, libstdc++ or CUDA's own), tetgen, the bunny mesh, and
# run.sh (tests/cuda/gpu_run.sh), which runs there and writes its results to $OUT.
# Usage, from the repository root after `cmake --build build/release`:
#   tests/cuda/gpu_bundle.sh [build dir, default build/release]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/release}
out=build/gpu
for exe in app/pbd-sandbox bench/pbd-bench tests/cuda/cuda_tests; do
  [ -x "$build/$exe" ] || { echo "gpu_bundle: $build/$exe missing (build with the CUDA path first)" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/meshes"
cp "$build/app/pbd-sandbox" "$build/bench/pbd-bench" "$build/tests/cuda/cuda_tests" "$out/bin/"
if command -v tetgen >/dev/null; then cp "$(command -v tetgen)" "$out/bin/"; fi
for exe in "$out"/bin/*; do ldd "$exe" | awk '/=> \//{print $3}'; done | sort -u |
  grep -v -E '/usr/local/cuda|/libc\.so|/libm\.so|/libdl\.so|/libpthread\.so|/librt\.so|ld-linux|/libstdc\+\+\.so|/libgcc_s\.so' |
  xargs -r cp -L -t "$out/lib"
mesh=$(find "${PBD_MESH_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pbd-sandbox/meshes}" -name bunny00.off 2>/dev/null | head -1 || true)
if [ -n "$mesh" ]; then cp "$mesh" "$out/meshes/"; else echo "gpu_bundle: no bunny00.off (scripts/fetch_meshes): gpu-softbody will use the capsule" >&2; fi
cp tests/cuda/gpu_run.sh "$out/run.sh"
du -sh "$out"
