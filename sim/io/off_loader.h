#pragma once
// Object File Format (OFF) surface meshes, the format of the CGAL sample meshes and the
// one TetGen reads: "OFF", "<vertices> <faces> <edges>", vertex lines, then faces as
// "<n> i1 ... in" (polygons are fanned into triangles, linear in n). The counts are checked
// against what the file's size can hold before anything is allocated for them. Errors name
// the file and line.
#include <string>

#include "sim/io/obj_loader.h"

namespace sim {

ObjResult loadOff(const std::string& path);
ObjResult parseOff(const std::string& text, const std::string& nameForMessages);

}  // namespace sim
