#pragma once
// A user's own mesh into the world: OBJ (obj_loader.h), OFF or STL in; a surface becomes a
// cloth (PBD §4.1, pins by `pinTop` or index), a closed surface a soft body through TetGen,
// large surfaces decimated first (meshoptimizer) until the tet count fits the budget. The
// mesh is scaled so the longest side of its bounding box is `size` (1.5 m) and placed with
// its lowest point `lift` (0.3 m) above the ground; the report says by how much.
//
// Two halves, so the window can tetrahedralize off its UI thread while the scene runs:
//   prepareImport  — all the CPU work (read, decimate, scale, TetGen), no World touched,
//                    cancellable (tetgen is killed) and reporting progress;
//   applyImport    — cheap: adds the prepared body to a World between steps.
// A bad file gives an error naming the file and the problem, and no world is changed.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/io/obj_loader.h"
#include "sim/io/tetgen_runner.h"
#include "sim/world/cloth_builder.h"
#include "sim/world/softbody_builder.h"

namespace sim {

enum class BodyKind { Cloth, SoftBody };
const char* bodyKindName(BodyKind kind);  // "cloth", "softbody"
std::optional<BodyKind> bodyKindFromName(const std::string& name);

struct ImportOptions {
    BodyKind kind = BodyKind::Cloth;
    bool pinTop = false;        // pin the top 2% of the body's vertices by height
    std::vector<int> pins;      // and these vertices (of the prepared body, counted from 0)
    int targetTets = 5000;      // soft body: tet budget the surface is decimated to fit
    int maxTriangles = 0;       // cloth: decimate to at most this many triangles (0 = keep all)
    Real size = 1.5;            // longest side of the bounding box after scaling [m]
    Real lift = 0.3;            // height of the lowest point above the ground (y = 0) [m]
    Vec3 place = Vec3::Zero();  // where the box's centre goes in x and z (y unused) [m]
    TetgenOptions tetgen;
    ClothOptions cloth;
    SoftBodyOptions softBody;

    std::string validate() const;  // empty when valid, else names the bad option and value
};

inline constexpr Real kPinTopFraction = 0.02;
inline constexpr size_t kMaxImportBytes = size_t(512) << 20;

struct ImportReport {
    std::string file;
    int sourceVertices = 0, sourceTriangles = 0;
    int vertices = 0, triangles = 0;  // of the surface used (after decimation)
    int tets = 0;                     // soft body
    int tetgenRuns = 0;               // TetGen runs to fit the budget
    Real quality = 0;                 // TetGen radius-edge bound used (relaxed to fit)
    Real scale = 1;                   // file units -> metres
    Vec3 extent = Vec3::Zero();       // bounding box after scaling [m]
    int pinned = 0;
    double tetgenSeconds = 0;
    std::string warnings;
    std::string text() const;  // one line for the UI and stderr
};

struct PreparedImport {
    std::string path;
    ImportOptions options;
    TriangleMesh surface;   // scaled and placed (cloth: the body; soft body: its input)
    TetMesh tets;           // soft body
    std::vector<int> pins;  // body-local vertex indices to pin, sorted
    ImportReport report;
    std::string error;  // empty on success
};

struct ImportProgress {
    std::string stage;    // "reading", "decimating", "tetrahedralizing", "done"
    double fraction = 0;  // rough, in [0, 1]
};

struct ImportControl {
    const std::atomic<bool>* cancel = nullptr;            // set from another thread to stop
    std::function<void(const ImportProgress&)> progress;  // called from the working thread
};

// The file's surface by its extension (.obj, .off, .stl; any case), size bounded.
ObjResult importSurface(const std::string& path);

// Everything but adding to the world. Safe to run on any thread (touches no World).
PreparedImport prepareImport(const std::string& path, const ImportOptions& options,
                             const ImportControl& control = {});

// Adds a prepared body to the world (between steps) and bumps its topology. Returns an
// error (the world untouched) or empty.
std::string applyImport(World& world, const PreparedImport& prepared);

// Both at once, on the calling thread; `report` gets the report on success.
std::string addImportedCloth(World& world, const std::string& path, ImportOptions options,
                             ImportReport* report = nullptr);
std::string addImportedSoftBody(World& world, const std::string& path, ImportOptions options,
                                ImportReport* report = nullptr);

}  // namespace sim
