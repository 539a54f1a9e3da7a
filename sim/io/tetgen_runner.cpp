#include "sim/io/tetgen_runner.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "sim/io/subprocess.h"
#include "sim/io/tetgen_cache.h"
#include "sim/io/text_scan.h"
#include "sim/topology/closed_surfaces.h"

namespace sim {

namespace fs = std::filesystem;

namespace {

constexpr int kCacheFormat = 2;  // bump when what an entry holds changes

std::string tail(const std::string& path, size_t maxChars) {
    std::string text;
    readTextFile(path, text, std::uintmax_t(64) << 20);
    if (text.size() > maxChars) text = "..." + text.substr(text.size() - maxChars);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

uint64_t surfaceHash(const TriangleMesh& surface) {
    uint64_t h = fnv1a(nullptr, 0);
    for (const Vec3& v : surface.vertices) h = fnv1a(v.data(), sizeof(double) * 3, h);
    for (const auto& t : surface.triangles) h = fnv1a(t.data(), sizeof(int) * 3, h);
    return h;
}

// Runs tetgen on the OFF at work + ".off"; on failure returns the message (with tetgen -d's
// report), else empty.
std::string runTetgen(const std::string& program, const std::string& flags, const std::string& work,
                      const TetgenOptions& options, double& seconds) {
    const std::string log = work + ".log";
    const ProcessResult run = runProcess({program, flags, pathArgument(work + ".off")}, log,
                                         options.timeoutSeconds, options.cancel);
    seconds = run.seconds;
    if (run.ok()) return {};
    std::error_code ec;
    if (run.cancelled) {
        for (const char* ext :
             {".off", ".log", ".1.node", ".1.ele", ".1.face", ".1.edge", ".1.smesh"})
            fs::remove(work + ext, ec);
        return "cancelled";  // mesh_import's off-thread job gave up; nothing to report
    }
    std::string message = "tetgen " + flags + " failed on " + work + ".off (" +
                          run.describe(options.timeoutSeconds) + ")";
    message += "\ntetgen output: " + tail(log, 600);
    if (!run.timedOut) {
        const std::string dlog = work + ".d.log";
        const ProcessResult check =
            runProcess({program, "-d", pathArgument(work + ".off")}, dlog, options.timeoutSeconds);
        message += "\ntetgen -d (self-intersection check): " +
                   (check.timedOut ? check.describe(options.timeoutSeconds) : tail(dlog, 600));
    }
    for (const char* ext :
         {".log", ".d.log", ".1.node", ".1.ele", ".1.face", ".1.edge", ".1.smesh"})
        fs::remove(work + ext, ec);  // the .off stays for the user to inspect
    return message;
}

// A mesh TetGen made of `surface` lies within the surface's bounding box (TetGen adds points
// inside the hull only) and has every tet turned the same way with a volume. A cache entry
// whose files were edited and given a matching .sum fails here, not later in a step.
std::string checkTetsFitSurface(const TetMesh& mesh, const TriangleMesh& surface,
                                const std::string& nodeName, const std::string& eleName) {
    Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
    for (const Vec3& v : surface.vertices) {
        lo = lo.cwiseMin(v);
        hi = hi.cwiseMax(v);
    }
    const Vec3 margin = Vec3::Constant(1e-9 * (hi - lo).norm());
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3& v = mesh.vertices[i];
        if (!((v.array() >= (lo - margin).array()).all() &&
              (v.array() <= (hi + margin).array()).all()))
            return nodeName + ": vertex " + std::to_string(i) +
                   " lies outside the bounding box of the surface it was made from";
    }
    const auto volume = [&](const Tet& k) {
        return signedTetVolume(mesh.vertices[k[0]], mesh.vertices[k[1]], mesh.vertices[k[2]],
                               mesh.vertices[k[3]]);
    };
    size_t positive = 0;
    for (const Tet& k : mesh.tets) positive += volume(k) > 0;
    const bool majorityPositive = 2 * positive >= mesh.tets.size();
    for (size_t t = 0; t < mesh.tets.size(); ++t) {
        const Real v = volume(mesh.tets[t]);
        if (v == 0 || (v > 0) != majorityPositive)
            return eleName + ": tet " + std::to_string(t) +
                   (v == 0 ? " has no volume" : " is turned the other way from most tets");
    }
    return {};
}

TetgenResult failed(std::string error) {
    TetgenResult r;
    r.error = std::move(error);
    return r;
}

}  // namespace

std::string TetgenOptions::validate() const {
    std::ostringstream out;
    if (!(quality == 0 || (quality >= 1.0 && quality <= 10.0)))
        out << "tetgen quality " << quality << " must be 0 (off) or in [1, 10] (radius-edge ratio)";
    else if (!(maxVolume >= 0) || !std::isfinite(maxVolume))
        out << "tetgen max volume " << maxVolume << " must be finite and >= 0 (0 = unbounded)";
    else if (!(timeoutSeconds > 0 && timeoutSeconds <= 86400))
        out << "tetgen timeout " << timeoutSeconds << " s must be in (0, 86400]";
    else if (program.empty())
        out << "tetgen program name is empty";
    return out.str();
}

std::string TetgenOptions::flags() const {
    std::ostringstream f;
    f.precision(6);
    f << "-p";
    if (quality > 0) f << "q" << quality;
    if (maxVolume > 0) f << "a" << maxVolume;
    return f.str();
}

std::string tetgenCacheKey(const TriangleMesh& surface, const std::string& flags,
                           const std::string& tetgenHash) {
    uint64_t h = surfaceHash(surface);
    h = fnv1a(flags.data(), flags.size(), h);
    h = fnv1a(tetgenHash.data(), tetgenHash.size(), h);
    h = fnv1a(&kCacheFormat, sizeof kCacheFormat, h);
    return hex16(h);
}

TetgenResult tetrahedralize(const TriangleMesh& surface, const TetgenOptions& options) {
    TetgenResult result;
    if (std::string e = options.validate(); !e.empty()) return failed(e);
    if (std::string e = checkClosedSurface(surface); !e.empty())
        return failed("cannot tetrahedralize: " + e);
    const std::string program = findProgram(options.program);
    if (program.empty())
        return failed("tetgen program '" + options.program +
                      "' not found (install Debian package tetgen)");
    std::string error;
    const std::string dir = resolveTetgenCacheDir(options.cacheDir, error);
    if (dir.empty()) return failed(error);
    const std::string flags = options.flags();
    const TetgenCacheMeta meta{hex16(surfaceHash(surface)), flags, programHash(program)};
    const std::string stem =
        (fs::path(dir) / tetgenCacheKey(surface, flags, meta.tetgenHash)).string();
    std::string nodeText, eleText;
    std::string problem = loadCacheEntry(stem, meta, nodeText, eleText);
    if (problem.empty()) {
        TetMeshResult cached = parseTetGen(nodeText, eleText, stem + ".1.node", stem + ".1.ele");
        if (cached.error.empty())
            cached.error =
                checkTetsFitSurface(cached.mesh, surface, stem + ".1.node", stem + ".1.ele");
        if (cached.error.empty()) {
            result.mesh = std::move(cached.mesh);
            result.fromCache = true;
            return result;
        }
        problem = cached.error;
    }
    if (problem != "missing") {
        removeCacheEntry(stem);
        result.note = "tetgen cache entry " + stem + " was bad (" + problem +
                      "); removed, tetrahedralizing again";
        std::fprintf(stderr, "pbd-sandbox: %s\n", result.note.c_str());
    }
    // Work under a per-process name and rename at the end: two processes (ctest -j) may
    // tetrahedralize the same surface at once.
    const std::string work = stem + ".tmp" + std::to_string(::getpid());
    if (std::string e = writeOff(surface, work + ".off"); !e.empty()) return failed(e);
    if (std::string e = runTetgen(program, flags, work, options, result.seconds); !e.empty())
        return failed(e);
    std::string readError = readTextFile(work + ".1.node", nodeText);
    if (readError.empty()) readError = readTextFile(work + ".1.ele", eleText);
    TetMeshResult read = readError.empty()
                             ? parseTetGen(nodeText, eleText, work + ".1.node", work + ".1.ele")
                             : TetMeshResult{{}, readError};
    if (read.error.empty())
        read.error = checkTetsFitSurface(read.mesh, surface, work + ".1.node", work + ".1.ele");
    std::error_code ec;
    if (!read.error.empty()) {
        const std::string message = "tetgen " + flags + " gave no usable tets: " + read.error +
                                    "\ntetgen output: " + tail(work + ".log", 600);
        for (const char* ext : {".log", ".1.node", ".1.ele", ".1.face", ".1.edge", ".1.smesh"})
            fs::remove(work + ext, ec);
        return failed(message);
    }
    // The sum goes last: an entry without one (a crash in between) is never used.
    fs::rename(work + ".1.ele", stem + ".1.ele", ec);
    if (!ec) fs::rename(work + ".1.node", stem + ".1.node", ec);
    if (!ec) writeCacheSum(stem, meta, nodeText, eleText);
    for (const char* ext : {".off", ".log", ".1.face", ".1.edge", ".1.smesh", ".1.node", ".1.ele"})
        fs::remove(work + ext, ec);
    result.mesh = std::move(read.mesh);
    return result;
}

}  // namespace sim
