#pragma once
// Tetrahedralizes a closed triangle surface by running Debian's `tetgen` program (only the
// program is packaged, not the library): the surface is written as OFF into a cache folder
// and `tetgen -p -q<ratio> [-a<volume>]` turns it into .node/.ele, read back with
// readTetGen. Results are cached under a key made of the surface's content hash (FNV-1a of
// the vertex and index bytes) and the flags, so a scene loads instantly the second time.
// Debian's tetgen prints no reason when it aborts on bad input, so on failure the message
// carries its exit status, the tail of its output and the report of `tetgen -d` (which
// names intersecting facets).
#include <atomic>
#include <string>

#include "sim/io/tetgen_io.h"

namespace sim {

struct TetgenOptions {
    Real quality = 1.414;  // max radius-edge ratio (-q); 0 = no quality refinement
    Real maxVolume = 0;    // max tet volume (-a) [m^3]; 0 = unbounded
    std::string cacheDir;  // empty = $PBD_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache, /pbd-sandbox/tetgen
    std::string program = "tetgen";
    // Set from another thread to stop: tetgen is killed and the result is an error
    // "cancelled" (mesh_import's off-thread preparation). Null: run to the end.
    const std::atomic<bool>* cancel = nullptr;

    static TetgenOptions defaults() { return TetgenOptions{}; }
    std::string validate() const;  // empty when valid
    std::string flags() const;     // the tetgen switches these options give
};

struct TetgenResult {
    TetMesh mesh;
    std::string error;  // empty on success
    bool fromCache = false;
    double seconds = 0;  // wall time of the tetgen run (0 when cached)
};

TetgenResult tetrahedralize(const TriangleMesh& surface, const TetgenOptions& options);

// 16 hex digits identifying the surface and flags.
std::string tetgenCacheKey(const TriangleMesh& surface, const std::string& flags);
std::string defaultTetgenCacheDir();

}  // namespace sim
