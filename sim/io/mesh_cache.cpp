#include "sim/io/mesh_cache.h"

#include <cstdlib>
#include <filesystem>

namespace sim {

std::string meshCacheDir() {
    if (const char* d = std::getenv("PBD_MESH_DIR"); d && *d) return d;
    if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d)
        return std::string(d) + "/pbd-sandbox/meshes";
    if (const char* d = std::getenv("HOME"); d && *d)
        return std::string(d) + "/.cache/pbd-sandbox/meshes";
    return {};
}

std::string findCachedMesh(const std::string& file) {
    const std::string dir = meshCacheDir();
    if (dir.empty()) return {};
    const std::filesystem::path path = std::filesystem::path(dir) / file;
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) ? path.string() : std::string();
}

}  // namespace sim
