#include "sim/io/stl_loader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace sim {

namespace {

// Welds exactly equal corners into shared vertices (first-seen order, so the result is
// deterministic) and drops facets that use a vertex twice.
struct Welder {
    std::map<std::array<double, 3>, int> index;
    ObjResult result;
    int dropped = 0;

    int vertex(const std::array<double, 3>& p) {
        auto [it, added] = index.emplace(p, static_cast<int>(result.mesh.vertices.size()));
        if (added) result.mesh.vertices.emplace_back(p[0], p[1], p[2]);
        return it->second;
    }
    void facet(const std::array<std::array<double, 3>, 3>& c) {
        const std::array<int, 3> t{vertex(c[0]), vertex(c[1]), vertex(c[2])};
        if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) {
            ++dropped;
            return;
        }
        result.mesh.triangles.push_back(t);
    }
    ObjResult finish(const std::string& name) {
        if (dropped > 0)
            result.warnings =
                name + ": " + std::to_string(dropped) + " degenerate facet(s) dropped";
        if (std::string e = checkTriangleMesh(result.mesh); !e.empty())
            result.error = name + ": " + e;
        return std::move(result);
    }
};

ObjResult failure(const std::string& message) {
    ObjResult r;
    r.error = message;
    return r;
}

ObjResult parseBinary(const std::string& bytes, uint32_t count, const std::string& name) {
    Welder w;
    for (uint32_t t = 0; t < count; ++t) {
        const char* rec = bytes.data() + 84 + 50 * size_t(t);
        std::array<std::array<double, 3>, 3> corners;
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k) {
                float f;
                std::memcpy(&f, rec + 12 + 12 * c + 4 * k, 4);  // after the facet normal
                if (!std::isfinite(f))
                    return failure(name + ": triangle " + std::to_string(t) +
                                   ": coordinate is not finite");
                corners[c][k] = f;
            }
        w.facet(corners);
    }
    return w.finish(name);
}

ObjResult parseAscii(const std::string& text, const std::string& name) {
    std::istringstream in(text);
    std::string line;
    int number = 0, corner = 0;
    std::array<std::array<double, 3>, 3> corners;
    Welder w;
    auto fail = [&](const std::string& what) {
        return failure(name + ":" + std::to_string(number) + ": " + what);
    };
    bool sawSolid = false;
    while (std::getline(in, line)) {
        ++number;
        std::istringstream s(line);
        std::string word;
        if (!(s >> word)) continue;
        if (word == "solid") {
            sawSolid = true;
        } else if (word == "vertex") {
            if (corner == 3)
                return fail("more than 3 vertices in a facet (only triangles are allowed)");
            std::string x, y, z;  // strtod, not >>, so that "nan" and "inf" are seen and refused
            if (!(s >> x >> y >> z)) return fail("expected 'vertex x y z', got '" + line + "'");
            for (int k = 0; k < 3; ++k) {
                const std::string& v = k == 0 ? x : k == 1 ? y : z;
                char* end = nullptr;
                const double d = std::strtod(v.c_str(), &end);
                if (end == v.c_str() || *end != '\0') return fail("'" + v + "' is not a number");
                if (!std::isfinite(d)) return fail("coordinate '" + v + "' is not finite");
                corners[corner][k] = d;
            }
            ++corner;
        } else if (word == "endloop") {
            if (corner != 3)
                return fail("facet has " + std::to_string(corner) + " vertices, expected 3");
            w.facet(corners);
            corner = 0;
        } else if (word == "facet" || word == "outer" || word == "endfacet" || word == "endsolid") {
            // structure only
        } else {
            return fail("unexpected '" + word +
                        "' (expected facet, outer loop, vertex, endloop, endfacet)");
        }
        if (w.result.mesh.triangles.size() > 20'000'000) return fail("more than 20 million facets");
    }
    if (!sawSolid)
        return failure(name +
                       ": not an STL file (no 'solid' line, and its size does not fit binary STL)");
    if (corner != 0) return fail("file ends inside a facet");
    return w.finish(name);
}

}  // namespace

ObjResult parseStl(const std::string& bytes, const std::string& name) {
    if (bytes.size() >= 84) {
        uint32_t count;
        std::memcpy(&count, bytes.data() + 80, 4);
        if (bytes.size() == 84 + 50 * size_t(count)) return parseBinary(bytes, count, name);
    }
    const size_t first = bytes.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || bytes.compare(first, 5, "solid") != 0) {
        if (bytes.size() >= 84)
            return failure(
                name + ": binary STL of " + std::to_string(bytes.size()) +
                " bytes does not match its triangle count (expected 84 + 50 x count): truncated?");
        return failure(name + ": not an STL file (too short for binary STL, no 'solid' line)");
    }
    ObjResult ascii = parseAscii(bytes, name);
    // A binary header may start with "solid" too; then control bytes, not an empty mesh, say
    // what the file is. Scanned only when the ASCII reading found nothing.
    const auto control = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && c != '\n' && c != '\r' && c != '\t';
    };
    if (ascii.mesh.triangles.empty() && bytes.size() >= 84 &&
        std::any_of(bytes.begin(), bytes.end(), control)) {
        uint32_t count;
        std::memcpy(&count, bytes.data() + 80, 4);
        return failure(name + ": starts with 'solid' but holds binary bytes; as a binary STL its " +
                       std::to_string(bytes.size()) +
                       " bytes do not match its triangle count (84 + 50 x " +
                       std::to_string(count) + " = " + std::to_string(84 + 50 * uint64_t(count)) +
                       " bytes): truncated?");
    }
    return ascii;
}

ObjResult loadStl(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return failure(path + ": no such file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return failure(path + ": cannot read its size: " + ec.message());
    if (size > kMaxStlBytes)
        return failure(path + ": " + std::to_string(size) + " bytes is more than the " +
                       std::to_string(kMaxStlBytes) + " an STL file may have here");
    std::ifstream in(path, std::ios::binary);
    std::string bytes(size, '\0');
    if (!in.read(bytes.data(), static_cast<std::streamsize>(size)))
        return failure(path + ": cannot read");
    return parseStl(bytes, path);
}

}  // namespace sim
