#include "sim/io/json_io.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/io/atomic_file.h"
#include "sim/io/json_read.h"
#include "sim/io/text_scan.h"

namespace sim::jsonio {

namespace {

std::string show(const json& j) {
    std::string s;
    if (const auto packed = packedNumbers(j)) {
        for (size_t k = 0; k < packed->size && s.size() < 60; ++k) {
            s += k ? "," : "[";
            s += packed->element(k).dump();
        }
        s += "]";
    } else {
        s = j.dump();
    }
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

std::string rangeText(double lo, double hi) {
    std::ostringstream out;
    out << "[" << lo << ", " << hi << "]";
    return out.str();
}

const char* kShapes[] = {"plane", "sphere", "box", "capsule", "mesh"};

}  // namespace

void Node::fail(const std::string& problem) const {
    throw JsonError(file_ + ": " + (path_.empty() ? std::string("top level") : path_) + ": " +
                    problem);
}

Node Node::at(const char* key) const {
    if (!j_->is_object()) fail("expected an object, got " + show(*j_));
    if (!j_->contains(key)) fail(std::string("missing field '") + key + "'");
    return Node((*j_)[key], file_, path_.empty() ? key : path_ + "." + key);
}

std::optional<Node> Node::find(const char* key) const {
    if (!has(key)) return std::nullopt;
    return at(key);
}

Node Node::operator[](size_t index) const {
    const std::string path = path_ + "[" + std::to_string(index) + "]";
    if (const auto packed = packedNumbers(*j_)) return Node(packed->element(index), file_, path);
    return Node((*j_)[index], file_, path);
}

size_t Node::size() const {
    if (const auto packed = packedNumbers(*j_)) return packed->size;
    if (!j_->is_array()) fail("expected an array, got " + show(*j_));
    return j_->size();
}

Real Node::number(Real lo, Real hi) const {
    if (!j_->is_number()) fail("expected a number, got " + show(*j_));
    const Real v = j_->get<Real>();
    if (!std::isfinite(v) || v < lo || v > hi)
        fail("value " + show(*j_) + " is out of range " + rangeText(lo, hi));
    return v;
}

long Node::integer(long lo, long hi) const {
    if (!j_->is_number_integer()) fail("expected an integer, got " + show(*j_));
    const long v = j_->get<long>();
    if (v < lo || v > hi)
        fail("value " + show(*j_) + " is out of range [" + std::to_string(lo) + ", " +
             std::to_string(hi) + "]");
    return v;
}

bool Node::boolean() const {
    if (!j_->is_boolean()) fail("expected true or false, got " + show(*j_));
    return j_->get<bool>();
}

std::string Node::text() const {
    if (!j_->is_string()) fail("expected a string, got " + show(*j_));
    return j_->get<std::string>();
}

Vec3 Node::vec3(Real lo, Real hi) const {
    if (size() != 3) fail("expected 3 numbers, got " + show(*j_));
    return Vec3((*this)[0].number(lo, hi), (*this)[1].number(lo, hi), (*this)[2].number(lo, hi));
}

Mat3 Node::rotation() const {
    if (size() != 3) fail("expected 3 rows of 3 numbers, got " + show(*j_));
    Mat3 R;
    for (int r = 0; r < 3; ++r) R.row(r) = (*this)[r].vec3(-1.000001, 1.000001).transpose();
    if (!((R.transpose() * R - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-6) ||
        !(std::abs(R.determinant() - 1) < 1e-6))
        fail("not a rotation (rows must be orthonormal, determinant 1): " + show(*j_));
    return R;
}

std::vector<double> Node::doubles(long expected, Real lo, Real hi) const {
    const size_t n = size();
    if (expected >= 0 && n != static_cast<size_t>(expected))
        fail("expected " + std::to_string(expected) + " numbers, got " + std::to_string(n));
    std::vector<double> out(n);
    if (const auto packed = packedNumbers(*j_)) {
        for (size_t k = 0; k < n; ++k) {
            out[k] = packed->at(k);
            if (!std::isfinite(out[k]) || out[k] < lo || out[k] > hi) (*this)[k].number(lo, hi);
        }
        return out;
    }
    for (size_t k = 0; k < n; ++k) {
        const json& e = (*j_)[k];
        if (!e.is_number()) (*this)[k].fail("expected a number, got " + show(e));
        out[k] = e.get<double>();
        if (!std::isfinite(out[k]) || out[k] < lo || out[k] > hi) (*this)[k].number(lo, hi);
    }
    return out;
}

std::vector<int> Node::ints(long expected, long lo, long hi) const {
    const size_t n = size();
    if (expected >= 0 && n != static_cast<size_t>(expected))
        fail("expected " + std::to_string(expected) + " integers, got " + std::to_string(n));
    std::vector<int> out(n);
    if (const auto packed = packedNumbers(*j_)) {
        for (size_t k = 0; k < n; ++k) {
            const double v = packed->at(k);
            if (!packed->writtenAsInteger(k) || !(v >= double(lo) && v <= double(hi)))
                (*this)[k].integer(lo, hi);
            out[k] = static_cast<int>(v);
        }
        return out;
    }
    for (size_t k = 0; k < n; ++k) {
        const json& e = (*j_)[k];
        if (!e.is_number_integer() || e.get<long>() < lo || e.get<long>() > hi)
            (*this)[k].integer(lo, hi);
        out[k] = static_cast<int>(e.get<long>());
    }
    return out;
}

json toJson(const Vec3& v) {
    return json::array({v.x(), v.y(), v.z()});
}

json toJson(const Mat3& m) {
    return json::array({toJson(Vec3(m.row(0).transpose())), toJson(Vec3(m.row(1).transpose())),
                        toJson(Vec3(m.row(2).transpose()))});
}

json flat(const std::vector<Vec3>& v) {
    json a = json::array();
    a.get_ref<json::array_t&>().reserve(3 * v.size());
    for (const Vec3& x : v) a.push_back(x.x()), a.push_back(x.y()), a.push_back(x.z());
    return a;
}

json readFile(const std::string& path, size_t maxBytes) {
    std::string text;
    if (std::string e = readTextFile(path, text, maxBytes); !e.empty()) throw JsonError(e);
    return parseText(path, text);
}

json parseText(const std::string& path, const std::string& text) {
    JsonFile file = parseJson(text, path, true);
    if (!file.error.empty()) throw JsonError(file.error);
    return std::move(file.doc);
}

std::string writeFile(const std::string& path, const json& j, bool pretty) {
    return writeFileAtomically(path, j.dump(pretty ? 2 : -1) + "\n");
}

json colliderToJson(const Collider& c) {
    json j;
    j["shape"] = kShapes[static_cast<int>(c.shape)];
    j["center"] = toJson(c.center);
    switch (c.shape) {
        case ColliderShape::Plane:
            j["normal"] = toJson(c.normal);
            break;
        case ColliderShape::Sphere:
            j["radius"] = c.radius;
            break;
        case ColliderShape::Box:
            j["half_extents"] = toJson(c.halfExtents);
            break;
        case ColliderShape::Capsule:
            j["radius"] = c.radius;
            j["half_height"] = c.halfHeight;
            break;
        case ColliderShape::Mesh:
            break;
    }
    if (c.shape != ColliderShape::Plane && c.shape != ColliderShape::Sphere)
        j["rotation"] = toJson(c.rotation);
    j["velocity"] = toJson(c.velocity);
    j["angular_velocity"] = toJson(c.angularVelocity);
    if (c.seeThrough) j["see_through"] = true;
    const ColliderMotion& m = c.motion;
    json motion;
    motion["type"] = motionTypeName(m.type);
    if (m.type != ColliderMotion::Type::Static) {
        motion["start_center"] = toJson(m.startCenter);
        motion["start_rotation"] = toJson(m.startRotation);
    }
    if (m.type == ColliderMotion::Type::Linear) motion["velocity"] = toJson(m.velocity);
    if (m.type == ColliderMotion::Type::Rotation) {
        motion["axis"] = toJson(m.axis);
        motion["speed"] = m.speed;
        motion["pivot"] = toJson(m.pivot);
    }
    j["motion"] = motion;
    return j;
}

namespace {

ColliderMotion motionFromJson(const Node& n, const Collider& c) {
    ColliderMotion m;
    const std::string type = n.at("type").text();
    if (type == "static") return m;
    m.startCenter = n.has("start_center")
                        ? n.at("start_center").vec3(-kMaxCoordinate, kMaxCoordinate)
                        : c.center;
    m.startRotation = n.has("start_rotation") ? n.at("start_rotation").rotation() : c.rotation;
    if (type == "linear") {
        m.type = ColliderMotion::Type::Linear;
        m.velocity = n.at("velocity").vec3(-kMaxSpeed, kMaxSpeed);
    } else if (type == "rotation") {
        if (c.shape == ColliderShape::Plane)
            n.at("type").fail("a plane can be static or move linearly, not rotate");
        m.type = ColliderMotion::Type::Rotation;
        const Vec3 axis = n.at("axis").vec3(-1e3, 1e3);
        if (!(axis.norm() > 1e-9)) n.at("axis").fail("the axis must not be zero");
        m.axis = axis.normalized();
        m.speed = n.at("speed").number(-kMaxSpeed, kMaxSpeed);
        m.pivot =
            n.has("pivot") ? n.at("pivot").vec3(-kMaxCoordinate, kMaxCoordinate) : m.startCenter;
    } else {
        n.at("type").fail("'" + type + "' is not a motion: static, linear or rotation");
    }
    return m;
}

}  // namespace

Collider colliderFromJson(const Node& n, const Collider* existing, bool meshLater) {
    const std::string shape = n.at("shape").text();
    Collider c;
    int k = 0;
    while (k < 5 && shape != kShapes[k]) ++k;
    if (k == 5)
        n.at("shape").fail("'" + shape +
                           "' is not a collider shape: plane, sphere, box, capsule or mesh");
    c.shape = static_cast<ColliderShape>(k);
    c.center = n.at("center").vec3(-kMaxCoordinate, kMaxCoordinate);
    switch (c.shape) {
        case ColliderShape::Plane: {
            const Vec3 normal = n.at("normal").vec3(-1e3, 1e3);
            if (!(normal.norm() > 1e-9)) n.at("normal").fail("the normal must not be zero");
            c.normal = normal.normalized();
            break;
        }
        case ColliderShape::Sphere:
            c.radius = n.at("radius").number(1e-4, 1e3);
            break;
        case ColliderShape::Box: {
            c.halfExtents = n.at("half_extents").vec3(1e-4, 1e3);
            break;
        }
        case ColliderShape::Capsule:
            c.radius = n.at("radius").number(1e-4, 1e3);
            c.halfHeight = n.at("half_height").number(0, 1e3);
            break;
        case ColliderShape::Mesh:
            if (existing && existing->shape == ColliderShape::Mesh) c.sdf = existing->sdf;
            if (!c.sdf && !meshLater) n.at("shape").fail(kMeshColliderRule);
            break;
    }
    if (n.has("rotation")) c.rotation = n.at("rotation").rotation();
    if (n.has("velocity")) c.velocity = n.at("velocity").vec3(-kMaxSpeed, kMaxSpeed);
    if (n.has("angular_velocity"))
        c.angularVelocity = n.at("angular_velocity").vec3(-kMaxSpeed, kMaxSpeed);
    if (n.has("motion")) c.motion = motionFromJson(n.at("motion"), c);
    if (n.has("see_through")) c.seeThrough = n.at("see_through").boolean();
    return c;
}

}  // namespace sim::jsonio
