#include "sim/io/obj_export.h"

#include <cstdio>
#include <filesystem>
#include <memory>

namespace sim {

namespace {

std::string write(const World& world, const std::string& path, std::vector<int>& remap) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "w"), &std::fclose);
    if (!f) return path + ": cannot write";
    std::fprintf(f.get(), "# pbd-sandbox frame %ld, time %.6f s\no surface\n", world.frame(),
                 world.time());
    const Particles& P = world.particles;
    remap.assign(P.size(), -1);
    for (const Triangle& t : world.triangles)
        for (int i : t) remap[i] = 0;
    int next = 0;
    for (int i = 0; i < P.size(); ++i) {
        if (remap[i] < 0) continue;
        remap[i] = ++next;  // OBJ indices start at 1
        std::fprintf(f.get(), "v %.9g %.9g %.9g\n", P.x[i].x(), P.x[i].y(), P.x[i].z());
    }
    for (const Triangle& t : world.triangles)
        std::fprintf(f.get(), "f %d %d %d\n", remap[t[0]], remap[t[1]], remap[t[2]]);
    // Flushed here so that a full disk is reported, not lost in the fclose of the deleter.
    if (std::fflush(f.get()) != 0 || std::ferror(f.get()))
        return path + ": write failed (disk full?)";
    return {};
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
