#pragma once
// A compact neighbour table (CSR) of an undirected graph, shared by the vertex-triangle and
// the edge-edge contacts (self_collision*.cpp).
#include <vector>

namespace sim {

// The neighbour table of an undirected graph on n vertices, one edge ends(e) = {a, b} per
// element of `edges`: the neighbours of v are out[start[v] .. start[v + 1]).
template <class Edges, class Ends>
void buildNeighbourTable(int n, const Edges& edges, Ends ends, std::vector<int>& start,
                         std::vector<int>& out) {
    start.assign(n + 1, 0);
    for (const auto& e : edges) {
        const auto [a, b] = ends(e);
        ++start[a + 1], ++start[b + 1];
    }
    for (int v = 0; v < n; ++v) start[v + 1] += start[v];
    out.resize(start[n]);
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (const auto& e : edges) {
        const auto [a, b] = ends(e);
        out[fill[a]++] = b, out[fill[b]++] = a;
    }
}

}  // namespace sim
