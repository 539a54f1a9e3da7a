#pragma once
// Where meshes fetched at set-up time live (never committed: scripts/fetch_meshes extracts
// the CGAL sample meshes from Debian's libcgal-demo package there): $PBD_MESH_DIR, else
// $XDG_CACHE_HOME/pbd-sandbox/meshes, else ~/.cache/pbd-sandbox/meshes.
#include <string>

namespace sim {

std::string meshCacheDir();
// The full path of `file` in the mesh cache, or empty when it is not there.
std::string findCachedMesh(const std::string& file);

}  // namespace sim
