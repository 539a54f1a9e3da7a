#include "sim/io/mesh_import.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "sim/io/off_loader.h"
#include "sim/io/stl_loader.h"
#include "sim/topology/closed_surfaces.h"
#include "sim/topology/decimate.h"

namespace sim {

namespace {

constexpr Real kTetsPerTriangle = 20;  // first guess (bunny, tetgen -pq1.414: ~22); refined per run
constexpr int kMaxDecimationRounds = 5;
constexpr Real kBudgetFloor = 0.6;  // fewer tets than this fraction of the budget: add triangles
constexpr Real kBudgetSlack = 1.1;  // a soft body may exceed its tet budget by this factor

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Drops vertices no triangle uses (they would become free particles).
TriangleMesh compact(const TriangleMesh& mesh) {
    TriangleMesh out;
    std::vector<int> remap(mesh.vertices.size(), -1);
    for (const auto& t : mesh.triangles) {
        std::array<int, 3> u;
        for (int k = 0; k < 3; ++k) {
            int& r = remap[t[k]];
            if (r < 0) {
                r = static_cast<int>(out.vertices.size());
                out.vertices.push_back(mesh.vertices[t[k]]);
            }
            u[k] = r;
        }
        out.triangles.push_back(u);
    }
    return out;
}

// A cloth needs every edge on at most two triangles: a few budgets near the asked one, the
// first that gives such a mesh (else the last, whose problem is then reported).
TriangleMesh decimateCloth(const TriangleMesh& mesh, int triangles) {
    TriangleMesh out;
    for (int round = 0; round < 4; ++round, triangles += std::max(4, triangles / 10)) {
        out = decimateSurface(mesh, triangles);
        if (checkTriangleMesh(out).empty() && buildEdges(out).error.empty()) break;
    }
    return out;
}

// Scales about the box's minimum corner and places the box (scale, extent into report).
template <class Points>
void scaleAndPlace(Points& points, const ImportOptions& o, Real scale, const Vec3& lo,
                   const Vec3& hi) {
    const Vec3 anchor(0.5 * (lo.x() + hi.x()), lo.y(), 0.5 * (lo.z() + hi.z()));
    const Vec3 to(o.place.x(), o.lift, o.place.z());
    for (Vec3& v : points) v = (v - anchor) * scale + to;
}

std::vector<int> choosePins(const std::vector<Vec3>& vertices, const ImportOptions& o,
                            std::string& error) {
    std::vector<int> pins;
    const int n = static_cast<int>(vertices.size());
    for (int i : o.pins) {
        if (i >= n) {
            error = "pin index " + std::to_string(i) + " is out of range: the body has " +
                    std::to_string(n) + " vertices";
            return {};
        }
        pins.push_back(i);
    }
    if (o.pinTop && n > 0) {
        std::vector<int> order(n);
        for (int i = 0; i < n; ++i) order[i] = i;
        const int count = std::max(1, static_cast<int>(std::lround(kPinTopFraction * n)));
        std::partial_sort(order.begin(), order.begin() + count, order.end(), [&](int a, int b) {
            return vertices[a].y() != vertices[b].y() ? vertices[a].y() > vertices[b].y() : a < b;
        });
        pins.insert(pins.end(), order.begin(), order.begin() + count);
    }
    std::sort(pins.begin(), pins.end());
    pins.erase(std::unique(pins.begin(), pins.end()), pins.end());
    return pins;
}

bool cancelled(const ImportControl& c) {
    return c.cancel && c.cancel->load();
}

void progress(const ImportControl& c, const char* stage, double fraction) {
    if (c.progress) c.progress({stage, fraction});
}

struct Fit {
    const ImportOptions& o;
    const ImportControl& control;
    PreparedImport& out;
    bool have = false, fits = false;

    // Keeps the result that fits with the most tets, else the smallest so far.
    void offer(TriangleMesh& surface, TetMesh& tets) {
        const int count = static_cast<int>(tets.tets.size()),
                  best = static_cast<int>(out.tets.tets.size());
        const bool ok = count <= kBudgetSlack * o.targetTets;
        if (have && !(ok && (!fits || count > best)) && !(!ok && !fits && count < best)) return;
        out.tets = std::move(tets);
        out.surface = std::move(surface);
        out.report.quality = quality;
        have = true;
        fits = ok;
    }
    Real quality = 0;
    // TetGen on one surface: the tet count, or an error ("cancelled" when cancelled).
    std::string run(TriangleMesh surface, Real q, int& count) {
        if (cancelled(control)) return "cancelled";
        if (std::string e = checkClosedSurface(surface); !e.empty()) return e;
        TetgenOptions tetgen = o.tetgen;
        tetgen.cancel = control.cancel;
        tetgen.quality = q;
        TetgenResult r = tetrahedralize(surface, tetgen);
        out.report.tetgenSeconds += r.seconds;
        ++out.report.tetgenRuns;
        if (!r.error.empty()) return cancelled(control) ? "cancelled" : r.error;
        count = static_cast<int>(r.mesh.tets.size());
        quality = q;
        offer(surface, r.mesh);
        return {};
    }
};

// Decimates (tets ~ k x surface triangles, k refined by each TetGen run) until the tet count
// fits the budget; when decimating further breaks the surface, relaxes TetGen's quality bound.
std::string tetrahedralizeWithin(const TriangleMesh& full, const ImportOptions& o,
                                 const ImportControl& control, PreparedImport& out) {
    const int n0 = static_cast<int>(full.triangles.size());
    Fit fit{o, control, out};
    int triangles = std::min<int>(n0, static_cast<int>(std::ceil(o.targetTets / kTetsPerTriangle)));
    int failedAt = 0;  // the largest triangle count that gave no usable surface
    std::string lastError;
    for (int round = 1; round <= kMaxDecimationRounds; ++round) {
        progress(control, "tetrahedralizing", 0.1 + 0.6 * (round - 1) / kMaxDecimationRounds);
        TriangleMesh surface = triangles >= n0 ? full : decimateSurface(full, triangles);
        const int used = static_cast<int>(surface.triangles.size());
        int count = 0;
        const std::string error = fit.run(std::move(surface), o.tetgen.quality, count);
        if (error == "cancelled") return error;
        if (!error.empty()) {  // a decimated surface may open up or self-intersect
            lastError = error;
            failedAt = std::max(failedAt, triangles);
            if (triangles >= n0) break;
            triangles = std::min(n0, triangles + std::max(8, triangles / 5));
            continue;
        }
        const bool fits = count <= kBudgetSlack * o.targetTets;
        if (fits && (count >= kBudgetFloor * o.targetTets || triangles >= n0)) break;
        const int next = std::clamp(static_cast<int>(o.targetTets * Real(used) / count), 16, n0);
        if (next == triangles || (!fits && next <= failedAt)) break;  // relax the quality instead
        triangles = next;
    }
    if (!fit.have) return lastError.empty() ? "TetGen gave no tets" : lastError;
    // Fewer Steiner points: the same surface under looser radius-edge bounds, then none.
    for (Real q : {2.0, 3.0, 0.0}) {
        if (fit.fits || (o.tetgen.quality == 0) || (q != 0 && q <= o.tetgen.quality)) break;
        progress(control, "tetrahedralizing", 0.8);
        int count = 0;
        if (fit.run(out.surface, q, count) == "cancelled") return "cancelled";
    }
    if (!fit.fits)
        out.report.warnings +=
            "could not reach the budget of " + std::to_string(o.targetTets) + " tets; ";
    return {};
}

}  // namespace

const char* bodyKindName(BodyKind kind) {
    return kind == BodyKind::Cloth ? "cloth" : "softbody";
}

std::optional<BodyKind> bodyKindFromName(const std::string& name) {
    if (name == "cloth") return BodyKind::Cloth;
    if (name == "softbody") return BodyKind::SoftBody;
    return std::nullopt;
}

std::string ImportOptions::validate() const {
    std::ostringstream out;
    if (targetTets < 100 || targetTets > 2'000'000)
        out << "tet budget " << targetTets << " is out of range [100, 2000000]";
    else if (maxTriangles != 0 && (maxTriangles < 4 || maxTriangles > 20'000'000))
        out << "triangle budget " << maxTriangles << " must be 0 (keep all) or in [4, 20000000]";
    else if (!(size >= 0.01 && size <= 100))
        out << "size " << size << " m is out of range [0.01, 100]";
    else if (!(lift >= -100 && lift <= 100))
        out << "lift " << lift << " m is out of range [-100, 100]";
    else if (!place.allFinite() || place.cwiseAbs().maxCoeff() > 1e4)
        out << "placement is not finite or beyond 1e4 m";
    else if (std::any_of(pins.begin(), pins.end(), [](int i) { return i < 0; }))
        out << "pin indices must be >= 0";
    else if (std::string e = tetgen.validate(); !e.empty())
        out << e;
    return out.str();
}

std::string ImportReport::text() const {
    std::ostringstream s;
    s.precision(4);
    s << file << ": " << sourceVertices << " vertices, " << sourceTriangles << " triangles";
    if (tets > 0)
        s << " -> soft body of " << tets << " tets from " << triangles
          << " surface triangles (TetGen "
          << (quality > 0 ? "radius-edge bound " : "without quality bound")
          << (quality > 0 ? std::to_string(quality).substr(0, 5) : "") << ", " << tetgenRuns
          << " run(s), " << tetgenSeconds << " s)";
    else
        s << " -> cloth of " << vertices << " particles, " << triangles << " triangles";
    s << "; scaled by " << scale << " to " << extent.x() << " x " << extent.y() << " x "
      << extent.z() << " m";
    if (pinned > 0) s << "; " << pinned << " pinned";
    if (!warnings.empty()) s << "; " << warnings;
    return s.str();
}

ObjResult importSurface(const std::string& path) {
    ObjResult r;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        r.error = path + ": no such file";
        return r;
    }
    const auto bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes > kMaxImportBytes) {
        r.error = path + ": " + std::to_string(bytes) + " bytes is more than the " +
                  std::to_string(kMaxImportBytes) + " a mesh may have here";
        return r;
    }
    const std::string ext = lower(std::filesystem::path(path).extension().string());
    if (ext == ".obj") return loadObj(path);
    if (ext == ".off") return loadOff(path);
    if (ext == ".stl") return loadStl(path);
    r.error = path + ": unsupported mesh format '" + ext + "' (use .obj, .off or .stl)";
    return r;
}

PreparedImport prepareImport(const std::string& path, const ImportOptions& o,
                             const ImportControl& control) {
    PreparedImport out;
    out.path = path;
    out.options = o;
    out.report.file = path;
    auto fail = [&](const std::string& e) {
        out.error = e.rfind(path, 0) == 0 || e == "cancelled" ? e : path + ": " + e;
        return std::move(out);
    };
    if (std::string e = o.validate(); !e.empty()) return fail(e);
    progress(control, "reading", 0);
    ObjResult read = importSurface(path);
    if (!read.error.empty()) return fail(read.error);
    out.report.warnings = read.warnings.empty() ? "" : read.warnings + "; ";
    out.report.sourceVertices = static_cast<int>(read.mesh.vertices.size());
    out.report.sourceTriangles = static_cast<int>(read.mesh.triangles.size());
    TriangleMesh surface = compact(read.mesh);
    if (o.kind == BodyKind::Cloth && o.maxTriangles > 0 &&
        static_cast<int>(surface.triangles.size()) > o.maxTriangles) {
        progress(control, "decimating", 0.1);
        surface = decimateCloth(surface, o.maxTriangles);
    }
    Vec3 lo = surface.vertices[0], hi = lo;
    for (const Vec3& v : surface.vertices) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
    const Real longest = (hi - lo).maxCoeff();
    if (!(longest > 0)) return fail("the mesh has no extent");
    out.report.scale = o.size / longest;
    scaleAndPlace(surface.vertices, o, out.report.scale, lo, hi);
    out.report.extent = (hi - lo) * out.report.scale;
    if (o.kind == BodyKind::Cloth) {
        if (std::string e = checkTriangleMesh(surface); !e.empty()) return fail(e);
        if (EdgeAdjacency a = buildEdges(surface); !a.error.empty()) return fail(a.error);
        out.surface = std::move(surface);
    } else {
        if (std::string e = checkClosedSurface(surface); !e.empty())
            return fail(e + " (a soft body needs a closed surface; load it as a cloth instead)");
        if (std::string e = tetrahedralizeWithin(surface, o, control, out); !e.empty())
            return fail(e);
        if (std::string e = checkTetMesh(out.tets); !e.empty()) return fail("TetGen's mesh: " + e);
        out.report.tets = static_cast<int>(out.tets.tets.size());
    }
    out.report.vertices = static_cast<int>(out.surface.vertices.size());
    out.report.triangles = static_cast<int>(out.surface.triangles.size());
    std::string error;
    out.pins =
        choosePins(o.kind == BodyKind::Cloth ? out.surface.vertices : out.tets.vertices, o, error);
    if (!error.empty()) return fail(error);
    out.report.pinned = static_cast<int>(out.pins.size());
    if (!out.report.warnings.empty()) out.report.warnings.resize(out.report.warnings.size() - 2);
    progress(control, "done", 1);
    return out;
}

std::string applyImport(World& world, const PreparedImport& p) {
    if (!p.error.empty()) return p.error;
    int first = 0;
    if (p.options.kind == BodyKind::Cloth) {
        ClothHandle h;
        if (std::string e = addCloth(world, p.surface, p.options.cloth, &h); !e.empty())
            return p.path + ": " + e;
        first = h.firstParticle;
    } else {
        SoftBodyHandle h;
        if (std::string e = addSoftBody(world, p.tets, p.options.softBody, &h); !e.empty())
            return p.path + ": " + e;
        first = h.firstParticle;
    }
    for (int i : p.pins) world.pin(first + i, true);
    return {};
}

std::string addImportedCloth(World& world, const std::string& path, ImportOptions options,
                             ImportReport* report) {
    options.kind = BodyKind::Cloth;
    const PreparedImport p = prepareImport(path, options);
    if (std::string e = applyImport(world, p); !e.empty()) return e;
    if (report) *report = p.report;
    return {};
}

std::string addImportedSoftBody(World& world, const std::string& path, ImportOptions options,
                                ImportReport* report) {
    options.kind = BodyKind::SoftBody;
    const PreparedImport p = prepareImport(path, options);
    if (std::string e = applyImport(world, p); !e.empty()) return e;
    if (report) *report = p.report;
    return {};
}

}  // namespace sim
