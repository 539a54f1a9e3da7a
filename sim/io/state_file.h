#pragma once
// State files (--save-state / --state): a snapshot (sim/world/snapshot.h) and the settings that
// step it, as versioned JSON whose every byte is covered by a checksum written first.
// Doubles are written in their shortest round-trip form, so a state loads back bit for bit;
// the header carries the state hash (sim/world/state_hash.h), checked after loading.
//   {"checksum": "<16 hex digits>", "format": "pbd-sandbox-state", "version": 3, "frame": F,
//    "time": T, "state_hash": "...", "solver": "...", "scene": "...", "settings": {...},
//    "particles": {"count": n, "x": [3n], "v": [3n], "p": [3n], "m": [n], "w": [n],
//                  "pinned": [n], "origin": [n]},
//    "triangles": [3t], "constraints": {"<type name>": {"count": c, "ints": [...], "reals":
//    [...]}}, "colliders": [...], "rigid_bodies": [{"x", "q", "v", "omega"}], "grab": {...},
//    "collider_drag": {...}, "solver_checkpoint": {"solver": "...", "ints": {"<name>": [...]},
//    "reals": {"<name>": [...]}}}
// A solver's checkpoint is the record it writes and reads back itself (SolverCheckpoint::
// record, Solver::readCheckpoint): this format names no solver.
// Constraints are written field by field (a codec per type, state_file.cpp), every array of
// the type list; no solver keeps multipliers across steps, so there are none to write.
// Rigid bodies (optional) keep only their motion: their shapes, masses and attachments are
// the scene's, and a file whose body count differs from the world's is refused.
#include <string>

#include "sim/world/snapshot.h"

namespace sim {

inline constexpr int kStateFileVersion = 3;
// Version 2 differs only in how it stores a solver's checkpoint (state_file.cpp).
inline constexpr int kOldestStateFileVersion = 2;

struct StateInfo {
    int version = 0;
    long frame = 0;
    double time = 0;
    std::string stateHash;      // 16 hex digits
    std::string solver, scene;  // what made it; a state loads only into its own scene
    Settings settings;          // every setting by its --list-params name
};

// Writes the world's state (with solver data) to `path`; `scene` names the scene for the
// header. Returns an error naming the file, or empty.
std::string saveState(const World& world, const std::string& path, const std::string& scene = {});
std::string writeState(const Snapshot& snapshot, const StateInfo& info, const std::string& path);

// Reads and checks a state file (every index in range, every number finite, masses positive).
// `colliders`: the world's colliders, whose meshes (SDFs) mesh colliders of the file reuse.
// Returns an error naming the file, the field and the value, or empty.
std::string readState(const std::string& path, const std::vector<Collider>& colliders,
                      Snapshot& snapshot, StateInfo& info);

// Reads the file and restores it and its settings into the world (after its scene was
// loaded), then checks the state hash. `scene`: the world's scene; a file of another scene is
// refused. On error the world is unchanged.
std::string loadState(World& world, const std::string& path, StateInfo* info = nullptr,
                      const std::string& scene = {});

// Writes the checksum that `text` (a state file's content) should carry into it; false when
// the text does not start with a checksum field. For tests and fuzzing that edit a file on
// purpose and want it read past the checksum.
bool stampStateChecksum(std::string& text);

}  // namespace sim
