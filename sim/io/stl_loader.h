#pragma once
// STL surface meshes, ASCII ("solid ... facet normal ... outer loop vertex x y z ... endloop
// endfacet ... endsolid") and binary (80-byte header, uint32 count, 50 bytes per triangle).
// A file whose size is exactly 84 + 50 * count is binary (some binary files start with
// "solid" too); otherwise it must be ASCII. STL repeats each corner per facet, so identical
// coordinates are welded into one vertex; facets that collapse when welded are dropped (and
// counted in the warnings). Errors name the file and the line (ASCII) or triangle (binary);
// coordinates must be finite; the file size is bounded.
#include <string>

#include "sim/io/obj_loader.h"

namespace sim {

inline constexpr size_t kMaxStlBytes = size_t(512) << 20;

ObjResult loadStl(const std::string& path);
ObjResult parseStl(const std::string& bytes, const std::string& nameForMessages);

}  // namespace sim
