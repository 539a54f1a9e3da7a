// HPBD's checkpoint as a record (solver.h): the hierarchy level by level, and the splits it
// has not absorbed yet, as flat arrays; read back with every index and link checked.
#include <string>

#include "sim/solvers/checkpoint_record.h"
#include "sim/solvers/hpbd/hpbd_solver.h"

namespace sim {

namespace {

constexpr long kMaxIndex = 1L << 31;
constexpr int kMaxLevels = 64;
constexpr double kBig = 1e30;  // as the state file bounds its reals

std::string levelKey(size_t level, const char* field) {
    return "level " + std::to_string(level) + " " + field;
}

void writeLevel(const HierarchyLevel& L, size_t l, CheckpointRecord& r) {
    r.ints[levelKey(l, "particles")] = L.particles;
    r.ints[levelKey(l, "children")] = L.children;
    r.ints[levelKey(l, "parent_begin")] = L.parentBegin;
    r.ints[levelKey(l, "parent_count")] = L.parentCount;
    r.ints[levelKey(l, "parents")] = L.parents;
    r.reals[levelKey(l, "weights")] = L.weights;
    std::vector<int>& ends = r.ints[levelKey(l, "constraint_ends")];
    std::vector<double>& rest = r.reals[levelKey(l, "rest_lengths")];
    std::vector<double>& scale = r.reals[levelKey(l, "compliance_scales")];
    for (const CoarseConstraint& c : L.constraints) {
        ends.insert(ends.end(), {c.i, c.j});
        rest.push_back(c.restLength);
        scale.push_back(c.complianceScale);
    }
}

void readLevel(CheckpointReader& in, size_t l, int hi, HierarchyLevel& L) {
    L.particles = in.ints(levelKey(l, "particles"), -1, 0, hi);
    L.children = in.ints(levelKey(l, "children"), -1, 0, hi);
    const long children = long(L.children.size());
    L.parentBegin = in.ints(levelKey(l, "parent_begin"), children, 0, kMaxIndex);
    L.parentCount = in.ints(levelKey(l, "parent_count"), children, 0, 1L << 20);
    L.parents = in.ints(levelKey(l, "parents"), -1, 0, hi);
    L.weights = in.reals(levelKey(l, "weights"), long(L.parents.size()), 0, 1);
    if (!in.error().empty()) return;
    for (size_t k = 0; k < L.children.size(); ++k)
        if (size_t(L.parentBegin[k]) + L.parentCount[k] > L.parents.size())
            return in.fail(levelKey(l, "") + "child " + std::to_string(k) +
                           ": its links run past the parents");
    const std::vector<int> ends = in.ints(levelKey(l, "constraint_ends"), -1, 0, hi);
    const long n = long(ends.size() / 2);
    if (ends.size() % 2 != 0) return in.fail(levelKey(l, "constraint_ends") + ": not pairs");
    const std::vector<double> rest = in.reals(levelKey(l, "rest_lengths"), n, 0, kBig);
    const std::vector<double> scale = in.reals(levelKey(l, "compliance_scales"), n, 0, kBig);
    if (!in.error().empty()) return;
    L.constraints.resize(n);
    for (long k = 0; k < n; ++k)
        L.constraints[k] = {ends[2 * k], ends[2 * k + 1], rest[k], scale[k]};
}

}  // namespace

CheckpointRecord HpbdCheckpoint::record() const {
    CheckpointRecord r;
    r.solver = solver();
    r.ints["levels"] = {int(hierarchy.levels.size())};
    for (size_t l = 0; l < hierarchy.levels.size(); ++l) writeLevel(hierarchy.levels[l], l, r);
    r.ints["level_of"] = hierarchy.levelOf;
    r.ints["child_slot"] = hierarchy.childSlot;
    std::vector<int>& splits = r.ints["pending_splits"];
    for (const auto& s : pendingSplits) splits.insert(splits.end(), {s[0], s[1]});
    return r;
}

std::shared_ptr<const SolverCheckpoint> HpbdSolver::readCheckpoint(const CheckpointRecord& record,
                                                                   int particles,
                                                                   std::string& error) const {
    CheckpointReader in(record);
    auto out = std::make_shared<HpbdCheckpoint>();
    Hierarchy& h = out->hierarchy;
    const std::vector<int> levels = in.ints("levels", 1, 1, kMaxLevels);
    if (!levels.empty()) h.levels.resize(levels[0]);
    for (size_t l = 0; l < h.levels.size() && in.error().empty(); ++l)
        readLevel(in, l, particles - 1, h.levels[l]);
    h.levelOf = in.ints("level_of", particles, 0, long(h.levels.size()) - 1);
    h.childSlot = in.ints("child_slot", particles, -1, kMaxIndex);
    const std::vector<int> splits = in.ints("pending_splits", -1, -1, kMaxIndex);
    if (splits.size() % 2 != 0) in.fail("'pending_splits': not pairs");
    for (size_t k = 0; k + 1 < splits.size(); k += 2)
        out->pendingSplits.push_back({splits[k], splits[k + 1]});
    if (in.error().empty())
        if (std::string e = checkHierarchy(h, false); !e.empty())
            in.fail("inconsistent hierarchy: " + e);
    error = in.error();
    if (!error.empty()) return nullptr;
    return out;
}

}  // namespace sim
