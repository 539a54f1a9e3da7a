#pragma once
// Tetrahedralizes a closed triangle surface by running Debian's `tetgen` program (only the
// program is packaged, not the library): the surface is written as OFF into the cache
// folder and `tetgen -p -q<ratio> [-a<volume>]` turns it into .node/.ele, read back with
// readTetGen. tetgen runs from an argument vector (subprocess.h: no shell) with a time limit
// (TetgenOptions::timeoutSeconds, default 120 s), after which it is killed and the message
// says so. Results are cached (tetgen_cache.h: keyed by the surface, the flags and the
// tetgen binary, verified by checksums on every load; a bad entry is removed, named on
// stderr and in TetgenResult::note, and rebuilt). Debian's tetgen prints no reason when it
// aborts on bad input, so on failure the message carries its exit status, the tail of its
// output and the report of `tetgen -d` (which names intersecting facets).
#include <atomic>
#include <string>

#include "sim/io/tetgen_io.h"

namespace sim {

struct TetgenOptions {
    Real quality = 1.414;       // max radius-edge ratio (-q); 0 = no quality refinement
    Real maxVolume = 0;         // max tet volume (-a) [m^3]; 0 = unbounded
    Real timeoutSeconds = 120;  // tetgen is killed after this long [s]
    std::string cacheDir;       // empty = the default of tetgen_cache.h
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
    std::string note;    // a cache entry that was removed and rebuilt, and why
};

TetgenResult tetrahedralize(const TriangleMesh& surface, const TetgenOptions& options);

// 16 hex digits identifying the surface, the flags and the tetgen program (tetgenHash).
std::string tetgenCacheKey(const TriangleMesh& surface, const std::string& flags,
                           const std::string& tetgenHash = {});

}  // namespace sim
