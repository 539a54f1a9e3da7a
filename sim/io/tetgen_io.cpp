#include "sim/io/tetgen_io.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

namespace sim {

namespace {

// The file's non-empty, non-comment lines with their 1-based line numbers.
struct Line {
    int number;
    std::string text;
};

std::vector<Line> dataLines(const std::string& text) {
    std::vector<Line> lines;
    std::istringstream in(text);
    std::string s;
    int number = 0;
    while (std::getline(in, s)) {
        ++number;
        if (auto hash = s.find('#'); hash != std::string::npos) s.erase(hash);
        if (s.find_first_not_of(" \t\r") == std::string::npos) continue;
        lines.push_back({number, s});
    }
    return lines;
}

std::string at(const std::string& file, int line) {
    return file + ":" + std::to_string(line) + ": ";
}

bool readFile(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

}  // namespace

TetMeshResult parseTetGen(const std::string& nodeText, const std::string& eleText,
                          const std::string& nodeName, const std::string& eleName) {
    TetMeshResult r;
    const std::vector<Line> nodes = dataLines(nodeText);
    if (nodes.empty()) return {{}, nodeName + ": empty file (expected a '<count> 3 ...' header)"};
    long count = 0, dim = 0;
    {
        std::istringstream h(nodes[0].text);
        if (!(h >> count >> dim) || count <= 0 || dim != 3)
            return {{}, at(nodeName, nodes[0].number) + "bad header '" + nodes[0].text +
                            "' (expected '<count > 0> 3 ...')"};
    }
    if (static_cast<long>(nodes.size()) - 1 < count)
        return {{}, nodeName + ": header says " + std::to_string(count) + " nodes, file has " +
                        std::to_string(nodes.size() - 1)};
    int base = 0;
    for (long k = 0; k < count; ++k) {
        const Line& line = nodes[k + 1];
        std::istringstream s(line.text);
        long id;
        double x, y, z;
        if (!(s >> id >> x >> y >> z))
            return {{}, at(nodeName, line.number) + "expected '<index> x y z', got '" + line.text + "'"};
        if (k == 0) base = static_cast<int>(id);
        if (id != base + k || (base != 0 && base != 1))
            return {{}, at(nodeName, line.number) + "node index " + std::to_string(id) +
                            " out of sequence (expected " + std::to_string(base + k) + ")"};
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z))
            return {{}, at(nodeName, line.number) + "coordinate is not finite"};
        r.mesh.vertices.emplace_back(x, y, z);
    }
    const std::vector<Line> eles = dataLines(eleText);
    if (eles.empty()) return {{}, eleName + ": empty file (expected a '<count> 4 ...' header)"};
    long tets = 0, corners = 0;
    {
        std::istringstream h(eles[0].text);
        if (!(h >> tets >> corners) || tets <= 0 || (corners != 4 && corners != 10))
            return {{}, at(eleName, eles[0].number) + "bad header '" + eles[0].text +
                            "' (expected '<count > 0> 4 ...')"};
    }
    if (static_cast<long>(eles.size()) - 1 < tets)
        return {{}, eleName + ": header says " + std::to_string(tets) + " tets, file has " +
                        std::to_string(eles.size() - 1)};
    for (long k = 0; k < tets; ++k) {
        const Line& line = eles[k + 1];
        std::istringstream s(line.text);
        long id, v[4];
        if (!(s >> id >> v[0] >> v[1] >> v[2] >> v[3]))
            return {{}, at(eleName, line.number) + "expected '<index> a b c d', got '" + line.text + "'"};
        Tet t;
        for (int c = 0; c < 4; ++c) {
            if (v[c] < base || v[c] >= base + count)
                return {{}, at(eleName, line.number) + "node " + std::to_string(v[c]) +
                                " out of range [" + std::to_string(base) + ", " +
                                std::to_string(base + count - 1) + "]"};
            t[c] = static_cast<int>(v[c] - base);
        }
        r.mesh.tets.push_back(t);
    }
    if (std::string e = checkTetMesh(r.mesh, 0.0); !e.empty()) return {{}, eleName + ": " + e};
    return r;
}

TetMeshResult readTetGen(const std::string& nodePath, const std::string& elePath) {
    std::string node, ele;
    if (!readFile(nodePath, node)) return {{}, nodePath + ": cannot open file"};
    if (!readFile(elePath, ele)) return {{}, elePath + ": cannot open file"};
    return parseTetGen(node, ele, nodePath, elePath);
}

std::string writeOff(const TriangleMesh& mesh, const std::string& path) {
    std::ofstream out(path);
    if (!out) return path + ": cannot write file";
    out.precision(17);
    out << "OFF\n" << mesh.vertices.size() << ' ' << mesh.triangles.size() << " 0\n";
    for (const Vec3& v : mesh.vertices) out << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
    for (const auto& t : mesh.triangles) out << "3 " << t[0] << ' ' << t[1] << ' ' << t[2] << '\n';
    out.close();
    if (!out) return path + ": write failed";
    return {};
}

}  // namespace sim
