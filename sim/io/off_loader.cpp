#include "sim/io/off_loader.h"

#include "sim/io/text_scan.h"

namespace sim {

namespace {

// Shortest lines a vertex ("0 0 0\n") and a face ("3 0 1 2\n") can have [bytes].
constexpr long long kMinVertexLine = 6, kMinFaceLine = 8;

struct OffReader {
    LineCursor lines;
    const std::string& name;
    ObjResult result;

    ObjResult fail(const std::string& what) {
        ObjResult r;
        r.error = name + ":" + std::to_string(lines.number()) + ": " + what;
        return r;
    }
    std::string readCounts(long long& nv, long long& nf);
    std::string readFace(long long nv);
};

std::string OffReader::readCounts(long long& nv, long long& nf) {
    FieldReader head(lines.line());
    std::string_view magic;
    head.word(magic);
    if (magic != "OFF")
        return "expected 'OFF', got '" + std::string(lines.line().substr(0, 60)) + "'";
    const bool countsOnNextLine = head.atEnd();
    if (countsOnNextLine && !lines.nextDataLine()) return "missing vertex and face counts";
    FieldReader counts = countsOnNextLine ? FieldReader(lines.line()) : head;
    if (Field f = counts.integer(nv); f != Field::Ok)
        return "vertex count " + describe(f, counts.last());
    if (Field f = counts.integer(nf); f != Field::Ok)
        return "face count " + describe(f, counts.last());
    const long long bytes = static_cast<long long>(lines.remaining());
    if (nv <= 0 || nf <= 0)
        return "counts must be positive: " + std::to_string(nv) + " vertices, " +
               std::to_string(nf) + " faces";
    if (nv > bytes / kMinVertexLine + 1 || nf > bytes / kMinFaceLine + 1 ||
        nv * kMinVertexLine + nf * kMinFaceLine > bytes + kMinFaceLine)
        return "header says " + std::to_string(nv) + " vertices and " + std::to_string(nf) +
               " faces, more than the " + std::to_string(bytes) + " bytes after it can hold";
    return {};
}

std::string OffReader::readFace(long long nv) {
    FieldReader s(lines.line());
    long long n = 0;
    if (Field f = s.integer(n); f != Field::Ok) return "face corner count " + describe(f, s.last());
    // Each corner takes at least two characters of this line: no allocation on a bad n.
    if (n < 3 || n > static_cast<long long>(lines.line().size()) / 2)
        return "face corner count " + std::to_string(n) + " must be >= 3 and fit on its line";
    int first = -1, previous = -1;
    for (long long k = 0; k < n; ++k) {
        long long i = 0;
        if (Field f = s.integer(i); f != Field::Ok)
            return "face corner " + std::to_string(k) + " of " + std::to_string(n) + " " +
                   describe(f, s.last());
        if (i < 0 || i >= nv)
            return "vertex index " + std::to_string(i) + " out of range [0, " + std::to_string(nv) +
                   ")";
        if (k >= 2) result.mesh.triangles.push_back({first, previous, static_cast<int>(i)});
        if (k == 0) first = static_cast<int>(i);
        previous = static_cast<int>(i);
    }
    return {};
}

}  // namespace

ObjResult parseOff(const std::string& text, const std::string& name) {
    OffReader r{LineCursor(text), name, {}};
    if (!r.lines.nextDataLine()) return r.fail("empty file");
    long long nv = 0, nf = 0;
    if (std::string e = r.readCounts(nv, nf); !e.empty()) return r.fail(e);
    r.result.mesh.vertices.reserve(static_cast<size_t>(nv));
    for (long long v = 0; v < nv; ++v) {
        if (!r.lines.nextDataLine())
            return r.fail("file ends after " + std::to_string(v) + " of " + std::to_string(nv) +
                          " vertices");
        FieldReader s(r.lines.line());
        double xyz[3];
        for (int d = 0; d < 3; ++d)
            if (Field f = s.real(xyz[d]); f != Field::Ok)
                return r.fail("coordinate " + describe(f, s.last()));
        r.result.mesh.vertices.emplace_back(xyz[0], xyz[1], xyz[2]);
    }
    for (long long f = 0; f < nf; ++f) {
        if (!r.lines.nextDataLine())
            return r.fail("file ends after " + std::to_string(f) + " of " + std::to_string(nf) +
                          " faces");
        if (std::string e = r.readFace(nv); !e.empty()) return r.fail(e);
    }
    if (std::string e = checkTriangleMesh(r.result.mesh); !e.empty())
        r.result.error = name + ": " + e;
    return std::move(r.result);
}

ObjResult loadOff(const std::string& path) {
    std::string text;
    if (std::string error = readTextFile(path, text); !error.empty()) {
        ObjResult r;
        r.error = error;
        return r;
    }
    return parseOff(text, path);
}

}  // namespace sim
