#pragma once
// Reading and writing the JSON files of sim/io (scene files, state files) with messages that
// name the file, the field and the value: a Node is a JSON value with its path
// ("colliders[2].radius"); its readers check type, finiteness and range and throw
// JsonError("FILE: FIELD: PROBLEM"), which the file readers turn into their error string.
// Internal to sim/io: nlohmann::json stays out of the public headers.
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/collision/collider.h"
#include "sim/core/types.h"

namespace sim::jsonio {

using json = nlohmann::json;

struct JsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Node {
  public:
    Node(const json& value, std::string file, std::string path)
        : j_(&value), file_(std::move(file)), path_(std::move(path)) {}
    // An element of a packed array (PackedNumbers in json_read.h), which the node holds.
    Node(json&& value, std::string file, std::string path)
        : owned_(std::make_shared<const json>(std::move(value))),
          j_(owned_.get()),
          file_(std::move(file)),
          path_(std::move(path)) {}

    const json& value() const { return *j_; }
    const std::string& path() const { return path_; }
    bool has(const char* key) const { return j_->is_object() && j_->contains(key); }
    Node at(const char* key) const;  // required member
    std::optional<Node> find(const char* key) const;
    Node operator[](size_t index) const;
    size_t size() const;  // array length (fails if not an array)

    Real number(Real lo, Real hi) const;  // finite, in [lo, hi]
    long integer(long lo, long hi) const;
    bool boolean() const;
    std::string text() const;
    Vec3 vec3(Real lo, Real hi) const;
    Mat3 rotation() const;  // 3 rows of 3, orthonormal with determinant 1 (within 1e-6)
    // A flat array of numbers of the given length (any length when expected < 0).
    std::vector<double> doubles(long expected, Real lo, Real hi) const;
    std::vector<int> ints(long expected, long lo, long hi) const;

    [[noreturn]] void fail(const std::string& problem) const;

  private:
    std::shared_ptr<const json> owned_;
    const json* j_;
    std::string file_, path_;
};

json toJson(const Vec3& v);
json toJson(const Mat3& m);  // rows
// Flat arrays (state files): doubles at full precision (shortest round-trip form).
json flat(const std::vector<Vec3>& v);

// Reads and parses a JSON file of at most maxBytes; throws JsonError naming the file. Long
// arrays of numbers are held packed; Node reads them like any array.
json readFile(const std::string& path, size_t maxBytes);
// Parses `text` (the content of `path`) through parseJson (json_read.h), whose first pass
// refuses deep nesting before any tree is built; throws JsonError naming the file.
json parseText(const std::string& path, const std::string& text);
// Writes `j` (indented when `pretty`); returns an error naming the file, or empty.
std::string writeFile(const std::string& path, const json& j, bool pretty);

// Colliders as scene and state files write them: shape, pose, size, velocities, motion.
json colliderToJson(const Collider& c);
// `existing`: the world's collider at the same place, whose mesh (SDF) a mesh collider reuses
// (mesh shapes cannot be written, only their pose); fails on a mesh collider without one
// unless `meshLater` (the caller attaches the scene's mesh, or fails, once it is built).
Collider colliderFromJson(const Node& n, const Collider* existing, bool meshLater = false);
inline constexpr const char* kMeshColliderRule =
    "a mesh collider can only keep the mesh of the scene's own mesh collider at the same place";

inline constexpr Real kMaxCoordinate = 1e4;  // [m]
inline constexpr Real kMaxSpeed = 1e4;       // [m/s], [rad/s]

}  // namespace sim::jsonio
