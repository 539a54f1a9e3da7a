#pragma once
// Mesh export for Blender or Houdini (--export-meshes DIR, the window's export toggle): one
// Wavefront OBJ per frame, DIR/frame_000001.obj ..., numbered by World::frame(), with the
// current topology — the particles on World::triangles as vertices (in particle order) and
// World::triangles as faces, so torn and cut cloth exports with its splits, and soft bodies
// as their boundary surface. Free particles (a chain, a rope) are left out.
#include <string>

#include "sim/world/world.h"

namespace sim {

// Writes one OBJ of the world's surface; returns an error naming the file, or empty.
std::string writeSurfaceObj(const World& world, const std::string& path);

// The file name of a frame: "frame_000042.obj".
std::string exportFrameName(long frame);

class ObjSequenceExporter {
  public:
    // Starts writing into `folder` (created if missing). Returns an error, or empty.
    std::string start(const std::string& folder);
    void stop() { folder_.clear(); }
    bool active() const { return !folder_.empty(); }
    // Writes the world's current frame (call after each step while active); on error the
    // export stops and the message says why.
    std::string writeFrame(const World& world);
    int framesWritten() const { return written_; }
    const std::string& folder() const { return folder_; }

  private:
    std::string folder_;
    int written_ = 0;
    std::vector<int> remap_;  // scratch: particle -> OBJ vertex
};

}  // namespace sim
