#include "sim/io/obj_export.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "sim/io/atomic_file.h"

namespace sim {

namespace {

// printf into the end of `out` (one OBJ line; a line never comes near the buffer's size).
template <class... Args>
void appendf(std::string& out, const char* format, Args... args) {
    char line[96];
    const int n = std::snprintf(line, sizeof line, format, args...);
    out.append(line, size_t(std::clamp(n, 0, int(sizeof line) - 1)));
}

// The whole frame is built in memory and written atomically (atomic_file.h): a killed or
// failed export leaves earlier frames whole and no half-written frame under its name.
std::string write(const World& world, const std::string& path, std::vector<int>& remap) {
    std::string text;
    appendf(text, "# pbd-sandbox frame %ld, time %.6f s\no surface\n", world.frame(), world.time());
    const Particles& P = world.particles;
    remap.assign(P.size(), -1);
    for (const Triangle& t : world.triangles)
        for (int i : t) remap[i] = 0;
    int next = 0;
    for (int i = 0; i < P.size(); ++i) {
        if (remap[i] < 0) continue;
        remap[i] = ++next;  // OBJ indices start at 1
        appendf(text, "v %.9g %.9g %.9g\n", P.x[i].x(), P.x[i].y(), P.x[i].z());
    }
    for (const Triangle& t : world.triangles)
        appendf(text, "f %d %d %d\n", remap[t[0]], remap[t[1]], remap[t[2]]);
    return writeFileAtomically(path, text);
}

}  // namespace

std::string exportFrameName(long frame) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06ld.obj", frame);
    return name;
}

std::string writeSurfaceObj(const World& world, const std::string& path) {
    std::vector<int> remap;
    return write(world, path, remap);
}

std::string ObjSequenceExporter::start(const std::string& folder) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec || !std::filesystem::is_directory(folder, ec))
        return folder + ": cannot create the export folder" + (ec ? ": " + ec.message() : "");
    folder_ = folder;
    written_ = 0;
    return {};
}

std::string ObjSequenceExporter::writeFrame(const World& world) {
    if (!active()) return {};
    const std::string path =
        (std::filesystem::path(folder_) / exportFrameName(world.frame())).string();
    if (std::string e = write(world, path, remap_); !e.empty()) {
        stop();
        return e;
    }
    ++written_;
    return {};
}

}  // namespace sim
