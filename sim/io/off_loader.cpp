#include "sim/io/off_loader.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace sim {

ObjResult parseOff(const std::string& text, const std::string& name) {
    std::istringstream in(text);
    std::string line;
    int number = 0;
    // Next non-empty, non-comment line, or false at the end.
    auto next = [&]() {
        while (std::getline(in, line)) {
            ++number;
            if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
            if (line.find_first_not_of(" \t\r") != std::string::npos) return true;
        }
        return false;
    };
    auto fail = [&](const std::string& what) {
        ObjResult r;
        r.error = name + ":" + std::to_string(number) + ": " + what;
        return r;
    };
    if (!next()) return fail("empty file");
    std::istringstream head(line);
    std::string magic;
    head >> magic;
    if (magic != "OFF") return fail("expected 'OFF', got '" + line + "'");
    long nv = -1, nf = -1;
    if (!(head >> nv >> nf)) {  // counts may be on the next line
        if (!next()) return fail("missing vertex and face counts");
        std::istringstream counts(line);
        if (!(counts >> nv >> nf)) return fail("expected '<vertices> <faces> <edges>', got '" + line + "'");
    }
    if (nv <= 0 || nf <= 0 || nv > 50'000'000 || nf > 100'000'000)
        return fail("implausible counts " + std::to_string(nv) + " vertices, " + std::to_string(nf) + " faces");
    ObjResult r;
    r.mesh.vertices.reserve(nv);
    for (long v = 0; v < nv; ++v) {
        if (!next()) return fail("file ends after " + std::to_string(v) + " of " + std::to_string(nv) + " vertices");
        std::istringstream s(line);
        double x, y, z;
        if (!(s >> x >> y >> z)) return fail("expected 'x y z', got '" + line + "'");
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return fail("coordinate is not finite");
        r.mesh.vertices.emplace_back(x, y, z);
    }
    for (long f = 0; f < nf; ++f) {
        if (!next()) return fail("file ends after " + std::to_string(f) + " of " + std::to_string(nf) + " faces");
        std::istringstream s(line);
        long n;
        if (!(s >> n) || n < 3) return fail("expected '<n >= 3> i1 ... in', got '" + line + "'");
        std::vector<int> idx(n);
        for (long k = 0; k < n; ++k) {
            long i;
            if (!(s >> i)) return fail("face has fewer than " + std::to_string(n) + " indices");
            if (i < 0 || i >= nv) return fail("vertex index " + std::to_string(i) + " out of range [0, " + std::to_string(nv) + ")");
            idx[k] = static_cast<int>(i);
        }
        for (long k = 1; k + 1 < n; ++k) r.mesh.triangles.push_back({idx[0], idx[k], idx[k + 1]});
    }
    if (std::string e = checkTriangleMesh(r.mesh); !e.empty()) r.error = name + ": " + e;
    return r;
}

ObjResult loadOff(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        ObjResult r;
        r.error = path + ": cannot open file";
        return r;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseOff(ss.str(), path);
}

}  // namespace sim
