#include "sim/io/state_file.h"

#include <cmath>
#include <optional>
#include <string_view>

#include "sim/core/params.h"
#include "sim/io/atomic_file.h"
#include "sim/io/checksum.h"
#include "sim/io/json_io.h"
#include "sim/io/text_scan.h"
#include "sim/solvers/solver.h"
#include "sim/world/state_hash.h"
#include "sim/world/validation.h"

namespace sim {

using jsonio::json;
using jsonio::Node;

namespace {

constexpr size_t kMaxStateBytes = size_t(2) << 30;
constexpr int kMaxParticles = 50'000'000;
constexpr Real kBig = 1e30;  // any finite value a simulation keeps is far below this

// A list field (a variable-arity type's particle list) goes into `ints` like the others,
// with its length in the entry's "sizes" (one per list field per constraint).
struct Writer {
    json::array_t& ints;
    json::array_t& reals;
    json::array_t& sizes;
    void operator()(int& i) { ints.push_back(i); }
    void operator()(std::vector<int>& list) {
        sizes.push_back(list.size());
        ints.insert(ints.end(), list.begin(), list.end());
    }
    void operator()(Real& r) { reals.push_back(r); }
    void operator()(Vec3& v) {
        reals.push_back(v.x()), reals.push_back(v.y()), reals.push_back(v.z());
    }
    void operator()(Mat3& m) {
        for (int k = 0; k < 9; ++k) reals.push_back(m.data()[k]);
    }
};

struct Reader {
    const std::vector<int>& ints;
    const std::vector<double>& reals;
    const std::vector<int>& sizes;
    size_t i = 0, r = 0, s = 0;
    void operator()(int& v) { v = ints[i++]; }
    void operator()(std::vector<int>& list) {
        const size_t n = static_cast<size_t>(sizes[s++]);
        list.assign(ints.begin() + long(i), ints.begin() + long(i + n));
        i += n;
    }
    void operator()(Real& v) { v = reals[r++]; }
    void operator()(Vec3& v) {
        for (int k = 0; k < 3; ++k) v[k] = reals[r++];
    }
    void operator()(Mat3& m) {
        for (int k = 0; k < 9; ++k) m.data()[k] = reals[r++];
    }
};

json constraintsToJson(const ConstraintSet& set) {
    json out = json::object();
    visitConstraints(set, [&](const auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        using T = typename Traits::Type;
        json entry = {{"count", array.size()}, {"ints", json::array()}, {"reals", json::array()}};
        json::array_t sizes;
        Writer w{entry["ints"].get_ref<json::array_t&>(), entry["reals"].get_ref<json::array_t&>(),
                 sizes};
        for (const T& c : array) Traits::fields(const_cast<T&>(c), w);
        T probe{};
        FieldCount per;
        Traits::fields(probe, per);
        if (per.lists > 0) entry["sizes"] = std::move(sizes);
        out[Traits::name] = std::move(entry);
    });
    return out;
}

// Types removed from the list (constraint_types.h) that older files still name, always
// empty: read as none. A file with one that is not empty was not written by this program.
constexpr const char* kRetiredConstraintTypes[] = {"separation"};

void constraintsFromJson(const Node& n, int particles, ConstraintSet& set) {
    for (const auto& item : n.value().items()) {
        const std::string& key =
            item.key();  // a plain name: clang 14 (asan preset) captures no bindings
        bool known = false;
        for (const char* retired : kRetiredConstraintTypes)
            if (key == retired) {
                if (n.at(key.c_str()).at("count").integer(0, 1L << 31) != 0)
                    n.at(key.c_str()).fail("a constraint type this build no longer has");
                known = true;
            }
        visitConstraints(set, [&](const auto&, const auto& traits) {
            known = known || key == std::decay_t<decltype(traits)>::name;
        });
        if (!known)
            n.at(key.c_str())
                .fail("unknown constraint type (this build knows the types of constraint_types.h)");
    }
    visitConstraints(set, [&](auto& array, const auto& traits) {
        using Traits = std::decay_t<decltype(traits)>;
        using T = typename Traits::Type;
        array.clear();
        const std::optional<Node> entry = n.find(Traits::name);
        if (!entry) return;  // a type newer than the file: none
        const long count = entry->at("count").integer(0, 1L << 31);
        T probe{};
        FieldCount per;
        Traits::fields(probe, per);
        // List fields: their lengths in "sizes", their ints after the fixed ones' in "ints".
        std::vector<int> sizes;
        long listInts = 0;
        if (per.lists > 0) {
            sizes = entry->at("sizes").ints(count * long(per.lists), 0, 1L << 30);
            for (int size : sizes) listInts += size;
        }
        const std::vector<int> ints =
            entry->at("ints").ints(count * long(per.ints) + listInts, 0, particles - 1);
        const std::vector<double> reals =
            entry->at("reals").doubles(count * long(per.reals), -kBig, kBig);
        Reader r{ints, reals, sizes};
        array.resize(count);
        for (T& c : array) {
            Traits::fields(c, r);
            if (const char* why = Traits::check(c))
                entry->fail("constraint " + std::to_string(&c - array.data()) + ": " + why);
        }
    });
}

// A solver's checkpoint (solver.h) as the record it writes: the format names no solver.
json checkpointToJson(const SolverCheckpoint& checkpoint) {
    const CheckpointRecord r = checkpoint.record();
    json ints = json::object(), reals = json::object();
    for (const auto& [name, values] : r.ints) ints[name] = values;
    for (const auto& [name, values] : r.reals) reals[name] = values;
    return {{"solver", r.solver}, {"ints", ints}, {"reals", reals}};
}

// The record back, read by the solver that wrote it, which checks it against the world.
std::shared_ptr<const SolverCheckpoint> checkpointFromJson(const Node& n, int particles) {
    CheckpointRecord r;
    r.solver = n.at("solver").text();
    const std::optional<SolverKind> kind = solverFromName(r.solver);
    if (!kind) n.at("solver").fail("no solver of that name in this build");
    const Node ints = n.at("ints"), reals = n.at("reals");
    for (const auto& item : ints.value().items()) {
        const std::string& key = item.key();  // a plain name: clang 14 captures no bindings
        r.ints[key] = ints.at(key.c_str()).ints(-1, -(1L << 31), (1L << 31) - 1);
    }
    for (const auto& item : reals.value().items()) {
        const std::string& key = item.key();
        r.reals[key] = reals.at(key.c_str()).doubles(-1, -kBig, kBig);
    }
    std::string error;
    std::shared_ptr<const SolverCheckpoint> checkpoint =
        createSolver(*kind)->readCheckpoint(r, particles, error);
    if (!checkpoint) n.fail(error);
    return checkpoint;
}

json particlesToJson(const Particles& P) {
    return {{"count", P.size()},
            {"x", jsonio::flat(P.x)},
            {"v", jsonio::flat(P.v)},
            {"p", jsonio::flat(P.p)},
            {"m", P.m},
            {"w", P.w},
            {"pinned", P.pinned},
            {"origin", P.origin},
            {"rest", jsonio::flat(P.rest)}};
}

std::vector<Vec3> vectors(const std::vector<double>& d) {
    std::vector<Vec3> out(d.size() / 3);
    for (size_t i = 0; i < out.size(); ++i) out[i] = Vec3(d[3 * i], d[3 * i + 1], d[3 * i + 2]);
    return out;
}

void particlesFromJson(const Node& n, Particles& P) {
    const long count = n.at("count").integer(0, kMaxParticles);
    P.x = vectors(n.at("x").doubles(3 * count, -kBig, kBig));
    P.v = vectors(n.at("v").doubles(3 * count, -kBig, kBig));
    P.p = vectors(n.at("p").doubles(3 * count, -kBig, kBig));
    P.m = n.at("m").doubles(count, 1e-300, kBig);  // masses are positive
    P.w = n.at("w").doubles(count, 0, kBig);
    const std::vector<int> pinned = n.at("pinned").ints(count, 0, 1);
    P.pinned.assign(pinned.begin(), pinned.end());
    P.origin = n.at("origin").ints(count, 0, count - 1);
    // The rest shape (tethers measure with it). Files written before it was saved lack it:
    // their rest shape is taken as the positions, as for a world without one.
    P.rest = n.has("rest") ? vectors(n.at("rest").doubles(3 * count, -kBig, kBig)) : P.x;
}

// Settings by their --list-params names; numbers at full precision so a resumed run steps
// with exactly the values that made the file.
json settingsToJson(const Settings& s) {
    json out = json::object();
    for (const ParamDesc& p : allParams()) {
        if (p.type == ParamType::Vec3)
            out[p.name] = jsonio::toJson(p.getVec(s));
        else if (p.type == ParamType::Int || p.type == ParamType::Real)
            out[p.name] = p.get(s);
        else
            out[p.name] = paramText(s, p);
    }
    return out;
}

// In the table's order, not the file's: a setting that sets others (a preset) comes before
// the ones it sets, as when the table is applied anywhere else. Only values that differ from
// the world's are set, so a preset that reads the same is not applied again over fields the
// table does not name. pbd-bench's knobs follow the settings (findFileParam: older files keep
// them), so that such a file resumes with the values its run used.
Settings settingsFromJson(const Node& n, Settings s) {
    if (!n.value().is_object()) n.fail("expected an object of settings by name");
    for (const auto& item : n.value().items())
        if (!findFileParam(item.key()))
            n.at(item.key().c_str()).fail("unknown setting (pbd-sandbox --list-params lists them)");
    std::vector<ParamDesc> rows(allParams().begin(), allParams().end());
    rows.insert(rows.end(), benchParams().begin(), benchParams().end());
    for (const ParamDesc& p : rows) {
        const std::optional<Node> v = n.find(p.name);
        if (!v) continue;
        if (p.type == ParamType::Vec3) {
            const Vec3 value = v->vec3(p.min, p.max);
            if (value != p.getVec(s)) p.setVec(s, value);
        } else if (p.type == ParamType::Int || p.type == ParamType::Real) {
            const double value = v->number(p.min, p.max);
            if (value != p.get(s)) p.set(s, value);
        } else if (const std::string text = v->text(); text != paramText(s, p)) {
            if (std::string e = setParam(s, p, text); !e.empty()) v->fail(e);
        }
    }
    return s;
}

// The whole file is covered by a 64-bit FNV-1a checksum written at its start, over every
// byte with the checksum's own 16 digits read as zeros: any change to one byte changes it.
constexpr std::string_view kChecksumPrefix = "{\"checksum\":\"";
constexpr size_t kChecksumDigits = 16;

// The checksum the text should carry (its digits taken as zeros); nullopt without the prefix.
std::optional<uint64_t> expectedChecksum(std::string_view text) {
    constexpr std::string_view kZeros = "0000000000000000";
    static_assert(kZeros.size() == kChecksumDigits);
    const size_t digits = kChecksumPrefix.size();
    if (text.size() < digits + kChecksumDigits || text.substr(0, digits) != kChecksumPrefix)
        return std::nullopt;
    uint64_t h = fnv1a(text.data(), digits);
    h = fnv1a(kZeros.data(), kZeros.size(), h);
    return fnv1a(text.data() + digits + kChecksumDigits, text.size() - digits - kChecksumDigits, h);
}

// Parses the text and checks, in this order, that it is a state file, of this version, and
// carries the checksum of its content: the first message names what is wrong.
json parseChecked(const std::string& path, const std::string& text) {
    // A damaged file is refused before it is parsed: the check is cheap, the parse is not.
    const std::optional<uint64_t> expected = expectedChecksum(text);
    if (expected) {
        const std::string stored = text.substr(kChecksumPrefix.size(), kChecksumDigits);
        if (stored != hex16(*expected))
            throw jsonio::JsonError(path + ": checksum: " + stored +
                                    " does not match the file's content (" + hex16(*expected) +
                                    "): the file was changed or damaged");
    }
    const json j = jsonio::parseText(path, text);
    const Node root(j, path, "");
    if (!j.is_object() || !j.contains("format") || j["format"] != "pbd-sandbox-state")
        root.fail("not a pbd-sandbox state file (no \"format\": \"pbd-sandbox-state\")");
    const long version = root.at("version").integer(0, 1L << 30);
    if (version > kStateFileVersion)
        root.at("version").fail("version " + std::to_string(version) +
                                " is newer than this build reads (version " +
                                std::to_string(kStateFileVersion) + "): update pbd-sandbox");
    if (version < kOldestStateFileVersion)
        root.at("version").fail("version " + std::to_string(version) +
                                " was written by an older build without a checksum; this build "
                                "reads versions " +
                                std::to_string(kOldestStateFileVersion) + " to " +
                                std::to_string(kStateFileVersion));
    // Version 2 kept HPBD's hierarchy under a key of its own, in a form no solver reads now;
    // without it a resumed HPBD run would rebuild its hierarchy and differ: refused.
    if (version == 2 && root.has("hpbd"))
        root.at("hpbd").fail(
            "version 2 stores the HPBD hierarchy in a form this build no longer reads (a file "
            "saved by this build keeps it as a solver checkpoint)");
    if (!expected) root.fail("no checksum at the start of the file");
    return j;
}

}  // namespace

bool stampStateChecksum(std::string& text) {
    const std::optional<uint64_t> sum = expectedChecksum(text);
    if (!sum) return false;
    text.replace(kChecksumPrefix.size(), kChecksumDigits, hex16(*sum));
    return true;
}

std::string writeState(const Snapshot& s, const StateInfo& info, const std::string& path) {
    json j;
    j["format"] = "pbd-sandbox-state";
    j["version"] = kStateFileVersion;
    j["frame"] = s.frame;
    j["time"] = s.time;
    j["state_hash"] = info.stateHash;
    j["solver"] = info.solver;
    j["scene"] = info.scene;
    j["settings"] = settingsToJson(info.settings);
    j["particles"] = particlesToJson(s.particles);
    json tris = json::array();
    for (const Triangle& t : s.triangles)
        tris.push_back(t[0]), tris.push_back(t[1]), tris.push_back(t[2]);
    j["triangles"] = tris;
    j["constraints"] = constraintsToJson(s.constraints);
    json colliders = json::array();
    for (const Collider& c : s.colliders) colliders.push_back(jsonio::colliderToJson(c));
    j["colliders"] = colliders;
    if (!s.rigid.empty()) {  // their motion; shapes, masses and attachments come from the scene
        json bodies = json::array();
        for (const RigidBody& b : s.rigid.bodies)
            bodies.push_back({{"x", jsonio::toJson(b.x)},
                              {"q", {b.q.w(), b.q.x(), b.q.y(), b.q.z()}},
                              {"v", jsonio::toJson(b.v)},
                              {"omega", jsonio::toJson(b.omega)}});
        j["rigid_bodies"] = bodies;
    }
    if (s.grab)
        j["grab"] = {{"particle", s.grab->particle},
                     {"target", jsonio::toJson(s.grab->target)},
                     {"start", jsonio::toJson(s.grab->start)},
                     {"was_pinned", s.grab->wasPinned}};
    if (const auto& d = s.colliderDrag)
        j["collider_drag"] = {{"collider", d->collider},
                              {"anchor_offset", jsonio::toJson(d->anchorOffset)},
                              {"target", jsonio::toJson(d->target)},
                              {"start", jsonio::toJson(d->start)},
                              {"begin_center", jsonio::toJson(d->beginCenter)}};
    if (s.solverData) j["solver_checkpoint"] = checkpointToJson(*s.solverData);
    // The checksum goes first, so the reader finds it without parsing.
    const std::string body = j.dump();
    std::string text;
    text.reserve(body.size() + kChecksumPrefix.size() + kChecksumDigits + 2);
    text.append(kChecksumPrefix).append(kChecksumDigits, '0').append("\",");
    text.append(body, 1).append("\n");
    stampStateChecksum(text);
    return writeFileAtomically(path, text);
}

std::string saveState(const World& world, const std::string& path, const std::string& scene) {
    StateInfo info;
    info.version = kStateFileVersion;
    info.frame = world.frame();
    info.time = world.time();
    info.stateHash = stateHashText(world);
    info.solver = solverName(world.settings.solver);
    info.scene = scene;
    info.settings = world.settings;
    return writeState(takeSnapshot(world, true), info, path);
}

namespace {

void readBody(const Node& root, const std::vector<Collider>& worldColliders, Snapshot& s) {
    particlesFromJson(root.at("particles"), s.particles);
    const int n = s.particles.size();
    const std::vector<int> tris = root.at("triangles").ints(-1, 0, n - 1);
    if (tris.size() % 3) root.at("triangles").fail("length is not a multiple of 3");
    s.triangles.resize(tris.size() / 3);
    for (size_t t = 0; t < s.triangles.size(); ++t)
        s.triangles[t] = {tris[3 * t], tris[3 * t + 1], tris[3 * t + 2]};
    constraintsFromJson(root.at("constraints"), n, s.constraints);
    const Node colliders = root.at("colliders");
    s.colliders.clear();
    for (size_t k = 0; k < colliders.size(); ++k)
        s.colliders.push_back(jsonio::colliderFromJson(
            colliders[k], k < worldColliders.size() ? &worldColliders[k] : nullptr));
    s.rigid.clear();
    if (auto bodies = root.find("rigid_bodies"))
        for (size_t k = 0; k < bodies->size(); ++k) {
            const Node b = (*bodies)[k];
            RigidBody body;
            body.x = body.xPrev = b.at("x").vec3(-kBig, kBig);
            const std::vector<double> q = b.at("q").doubles(4, -1.0001, 1.0001);
            body.q = body.qPrev = Quat(q[0], q[1], q[2], q[3]);
            if (std::abs(body.q.norm() - 1) > 1e-9) b.at("q").fail("not a unit quaternion");
            body.v = b.at("v").vec3(-kBig, kBig);
            body.omega = b.at("omega").vec3(-kBig, kBig);
            s.rigid.bodies.push_back(body);
        }
    s.grab.reset();
    if (auto g = root.find("grab"))
        s.grab = Grab{int(g->at("particle").integer(0, n - 1)), g->at("target").vec3(-kBig, kBig),
                      g->at("start").vec3(-kBig, kBig), g->at("was_pinned").boolean()};
    s.colliderDrag.reset();
    if (auto d = root.find("collider_drag"))
        s.colliderDrag = ColliderDrag{
            int(d->at("collider").integer(0, long(s.colliders.size()) - 1)),
            d->at("anchor_offset").vec3(-kBig, kBig), d->at("target").vec3(-kBig, kBig),
            d->at("start").vec3(-kBig, kBig), d->at("begin_center").vec3(-kBig, kBig)};
    s.solverData.reset();
    if (auto c = root.find("solver_checkpoint")) s.solverData = checkpointFromJson(*c, n);
}

}  // namespace

namespace {

// The file holds the bodies' motion; the world of its scene has their shapes, masses and
// attachments. Replaces `read` with the world's bodies moved to the file's poses.
std::string mergeRigidBodies(const RigidWorld& world, const std::string& path, RigidWorld& read) {
    if (read.bodies.size() != world.bodies.size())
        return path + ": rigid_bodies: " + std::to_string(read.bodies.size()) +
               " in the file, but this world's scene has " + std::to_string(world.bodies.size());
    RigidWorld merged = world;
    for (size_t k = 0; k < merged.bodies.size(); ++k) {
        RigidBody& b = merged.bodies[k];
        const RigidBody& r = read.bodies[k];
        b.x = b.xPrev = r.x;
        b.q = b.qPrev = r.q;
        b.v = r.v;
        b.omega = r.omega;
    }
    read = std::move(merged);
    return {};
}

}  // namespace

std::string readState(const std::string& path, const std::vector<Collider>& colliders, Snapshot& s,
                      StateInfo& info) {
    try {
        std::string text;
        if (std::string e = readTextFile(path, text, kMaxStateBytes); !e.empty())
            throw jsonio::JsonError(e);
        const json j = parseChecked(path, text);
        std::string().swap(text);  // the tree holds it all now: free it before the state is built
        const Node root(j, path, "");
        info.version = kStateFileVersion;
        Snapshot next;
        next.frame = root.at("frame").integer(0, 1L << 40);
        next.time = root.at("time").number(0, kBig);
        readBody(root, colliders, next);
        info.settings = settingsFromJson(root.at("settings"), info.settings);
        info.frame = next.frame;
        info.time = next.time;
        info.stateHash = root.at("state_hash").text();
        info.solver = root.at("solver").text();
        info.scene = root.at("scene").text();
        s = std::move(next);
    } catch (const jsonio::JsonError& e) {
        return e.what();
    } catch (const json::exception& e) {
        return path + ": " + e.what();
    }
    return {};
}

std::string loadState(World& world, const std::string& path, StateInfo* infoOut,
                      const std::string& scene) {
    Snapshot s;
    StateInfo info;
    info.settings = world.settings;  // settings the file does not name keep their values
    if (std::string e = readState(path, world.colliders, s, info); !e.empty()) return e;
    if (!scene.empty() && !info.scene.empty() && scene != info.scene)
        return path + ": a state of scene " + info.scene + " cannot be loaded into scene " + scene +
               " (load it with --scene " + info.scene + ")";
    if (std::string e = mergeRigidBodies(world.rigid, path, s.rigid); !e.empty()) return e;
    if (std::string e = info.settings.validate(); !e.empty()) return path + ": settings: " + e;
    World check;  // restore into a scratch world first: a bad file leaves `world` alone
    check.settings = info.settings;
    restore(check, s);
    if (std::string e = validateWorld(check); !e.empty()) return path + ": " + e;
    if (stateHashText(check) != info.stateHash)
        return path + ": state_hash " + info.stateHash + " does not match the state read (" +
               stateHashText(check) + "): the file was changed or damaged";
    world.settings = info.settings;
    restore(world, s);
    if (infoOut) *infoOut = info;
    return {};
}

}  // namespace sim
