#include "sim/io/obj_loader.h"

#include <climits>

#include "sim/io/text_scan.h"

namespace sim {

namespace {

// The vertex a face corner refers to (0-based), or -1 with `error` set. `defined` vertices
// exist so far; OBJ indices are 1-based, negative ones count back from the last.
int cornerIndex(std::string_view corner, long long defined, std::string& error) {
    const std::string_view index = corner.substr(0, corner.find('/'));
    FieldReader field(index);
    long long i = 0;
    if (Field f = field.integer(i); f != Field::Ok) {
        error = "face corner '" + std::string(corner.substr(0, 40)) + "': vertex index " +
                describe(f, index);
        return -1;
    }
    const long long resolved = i < 0 ? defined + i : i - 1;
    if (i == 0 || resolved < 0 || resolved >= defined) {
        error = "face refers to vertex " + std::to_string(i) + " but " + std::to_string(defined) +
                " vertices are defined before this line";
        return -1;
    }
    return static_cast<int>(resolved);
}

// Appends the face of `fields` as a fan; returns an error or empty.
std::string readFace(FieldReader& fields, long long defined, TriangleMesh& mesh) {
    std::string_view corner;
    std::string error;
    int first = -1, previous = -1, corners = 0;
    while (fields.word(corner)) {
        const int v = cornerIndex(corner, defined, error);
        if (v < 0) return error;
        if (corners >= 2) mesh.triangles.push_back({first, previous, v});
        if (corners == 0) first = v;
        previous = v;
        ++corners;
    }
    if (corners < 3)
        return "a face needs at least 3 corners, this one has " + std::to_string(corners);
    return {};
}

std::string readVertex(FieldReader& fields, TriangleMesh& mesh) {
    double xyz[3];
    static const char* axis[3] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d)
        if (Field f = fields.real(xyz[d]); f != Field::Ok)
            return std::string("vertex ") + axis[d] + " " + describe(f, fields.last());
    mesh.vertices.emplace_back(xyz[0], xyz[1], xyz[2]);
    return {};
}

}  // namespace

ObjResult loadObj(const std::string& path) {
    std::string text;
    if (std::string error = readTextFile(path, text); !error.empty()) {
        ObjResult result;
        result.error = error;
        return result;
    }
    return parseObj(text, path);
}

ObjResult parseObj(const std::string& objText, const std::string& name) {
    ObjResult result;
    LineCursor lines(objText);
    long skipped = 0;
    while (lines.nextDataLine()) {
        FieldReader fields(lines.line());
        std::string_view keyword;
        fields.word(keyword);
        std::string error;
        if (keyword == "v") {
            if (result.mesh.vertices.size() >= size_t(INT_MAX))
                error = "more vertices than an int can index";
            else
                error = readVertex(fields, result.mesh);
        } else if (keyword == "f") {
            if (result.mesh.triangles.size() >= size_t(INT_MAX) / 2)
                error = "more triangles than an int can index";
            else
                error = readFace(fields, static_cast<long long>(result.mesh.vertices.size()),
                                 result.mesh);
        } else if (keyword == "l" || keyword == "p") {
            ++skipped;
        }
        if (!error.empty()) {
            result.mesh = {};
            result.error = name + ":" + std::to_string(lines.number()) + ": " + error;
            return result;
        }
    }
    if (skipped > 0) result.warnings = std::to_string(skipped) + " line/point elements skipped";
    if (std::string problem = checkTriangleMesh(result.mesh); !problem.empty())
        result.error = name + ": " + problem;
    return result;
}

}  // namespace sim
