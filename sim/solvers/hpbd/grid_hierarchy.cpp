#include "sim/solvers/hpbd/grid_hierarchy.h"

#include "sim/solvers/hpbd/hpbd_settings.h"

namespace sim {

namespace {

// Every other entry, plus the last one when it would be dropped.
std::vector<int> everyOther(const std::vector<int>& lines) {
    std::vector<int> next;
    for (size_t k = 0; k < lines.size(); k += 2) next.push_back(lines[k]);
    if (lines.size() % 2 == 0) next.push_back(lines.back());
    return next;
}

// The edges of the grid restricted to the given rows and columns: rows, columns and one
// diagonal per cell, flipped like makeGridMesh's.
std::vector<CoarseConstraint> gridEdges(const std::vector<int>& rows, const std::vector<int>& cols,
                                        const GridSpec& spec, int first,
                                        const std::vector<Vec3>& rest) {
    std::vector<CoarseConstraint> edges;
    auto id = [&](int a, int b) { return first + gridIndex(spec, rows[a], cols[b]); };
    auto add = [&](int i, int j) { edges.push_back({i, j, (rest[i] - rest[j]).norm(), 1.0}); };
    const int R = static_cast<int>(rows.size()), C = static_cast<int>(cols.size());
    for (int a = 0; a < R; ++a)
        for (int b = 0; b < C; ++b) {
            if (b + 1 < C) add(id(a, b), id(a, b + 1));
            if (a + 1 < R) add(id(a, b), id(a + 1, b));
            if (a + 1 < R && b + 1 < C) {
                const bool flip = spec.diagonal == GridDiagonal::Alternating && (a + b) % 2 == 1;
                if (!flip)
                    add(id(a, b), id(a + 1, b + 1));
                else
                    add(id(a, b + 1), id(a + 1, b));
            }
        }
    return edges;
}

}  // namespace

Hierarchy buildGridHierarchy(const std::vector<Vec3>& rest, const GridSpec& spec, int firstParticle,
                             const HpbdSettings& settings) {
    const int n = static_cast<int>(rest.size());
    Hierarchy h = Hierarchy::finestOnly(n);

    std::vector<int> rows, cols;
    for (int r = 0; r <= spec.rows; ++r) rows.push_back(r);
    for (int c = 0; c <= spec.cols; ++c) cols.push_back(c);
    std::vector<CoarseConstraint> edges = gridEdges(rows, cols, spec, firstParticle, rest);

    for (int level = 0; level < settings.levels; ++level) {
        const std::vector<int> nextRows = everyOther(rows), nextCols = everyOther(cols);
        const size_t count = nextRows.size() * nextCols.size();
        if (nextRows.size() == rows.size() && nextCols.size() == cols.size()) break;
        if (static_cast<int>(count) < settings.minLevelParticles) break;

        std::vector<uint8_t> coarse(n, 0);
        HierarchyLevel coarser;
        for (int r : nextRows)
            for (int c : nextCols) {
                const int i = firstParticle + gridIndex(spec, r, c);
                coarse[i] = 1;
                coarser.particles.push_back(i);
                h.levelOf[i] = level + 1;
            }
        // Particles outside the grid never leave level 0; on coarser levels only grid ones count.
        if (level == 0)
            for (int i = 0; i < n; ++i)
                if (i < firstParticle || i >= firstParticle + (spec.rows + 1) * (spec.cols + 1))
                    coarse[i] = 1;
        linkParents(h, level, edges, coarse, rest, settings.weightEpsilon);
        rows = nextRows;
        cols = nextCols;
        edges = gridEdges(rows, cols, spec, firstParticle, rest);
        coarser.constraints = edges;
        h.levels.push_back(std::move(coarser));
    }
    return h;
}

}  // namespace sim
