#pragma once
// What every fuzz target (tests/fuzz) checks on a parser's success: a mesh the parser
// accepted must be one the simulation can index safely. A violation aborts, which libFuzzer
// reports as a crash with the input that caused it.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "sim/topology/tet_mesh.h"
#include "sim/topology/triangle_mesh.h"

namespace fuzz {

[[noreturn]] inline void violated(const char* what) {
    std::fprintf(stderr, "fuzz: accepted input violates: %s\n", what);
    std::abort();
}

inline void checkVertices(const std::vector<sim::Vec3>& vertices) {
    for (const sim::Vec3& v : vertices)
        if (!v.allFinite()) violated("every vertex is finite");
}

inline void checkAccepted(const sim::TriangleMesh& mesh) {
    checkVertices(mesh.vertices);
    const auto n = static_cast<long long>(mesh.vertices.size());
    for (const auto& t : mesh.triangles)
        for (int i : t)
            if (i < 0 || i >= n) violated("every triangle index is in range");
    (void)sim::buildEdges(mesh);  // what a cloth import does next
}

inline void checkAccepted(const sim::TetMesh& mesh) {
    checkVertices(mesh.vertices);
    const auto n = static_cast<long long>(mesh.vertices.size());
    for (const auto& t : mesh.tets)
        for (int i : t)
            if (i < 0 || i >= n) violated("every tet index is in range");
}

// The readers of scene and state files take a path: the input goes to a file private to
// this process, rewritten for every run.
inline std::string writeInput(const uint8_t* data, size_t size, const char* extension) {
    static const std::string path = (std::filesystem::temp_directory_path() /
                                     ("pbd-fuzz-" + std::to_string(::getpid()) + extension))
                                        .string();
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

}  // namespace fuzz
