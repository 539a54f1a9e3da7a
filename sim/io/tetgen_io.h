#pragma once
// TetGen's file formats: reading a .node/.ele pair into a TetMesh (either index base, any
// attribute/boundary-marker columns ignored, '#' comments) and writing a closed surface as
// OFF, the plain surface format TetGen reads (it does not read OBJ). Every failure is a
// message naming the file, the line and the problem.
#include <string>

#include "sim/topology/tet_mesh.h"
#include "sim/topology/triangle_mesh.h"

namespace sim {

struct TetMeshResult {
    TetMesh mesh;
    std::string error;  // empty on success
};

TetMeshResult readTetGen(const std::string& nodePath, const std::string& elePath);
// The same from text already in memory; the names are used in messages only.
TetMeshResult parseTetGen(const std::string& nodeText, const std::string& eleText,
                          const std::string& nodeName, const std::string& eleName);

// Writes the surface as OFF (atomic_file.h: complete or not at all); returns an error or empty.
std::string writeOff(const TriangleMesh& mesh, const std::string& path);

}  // namespace sim
