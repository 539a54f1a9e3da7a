#include "sim/io/tetgen_io.h"

#include <sstream>

#include "sim/io/atomic_file.h"
#include "sim/io/text_scan.h"

namespace sim {

namespace {

// Shortest lines a node ("1 0 0 0\n") and a tet ("1 0 1 2 3\n") can have [bytes].
constexpr long long kMinNodeLine = 8, kMinTetLine = 10;

std::string at(const std::string& file, const LineCursor& lines) {
    return file + ":" + std::to_string(lines.number()) + ": ";
}

// Reads "<count> <columns> ..." and checks the count against the bytes that follow.
std::string readHeader(LineCursor& lines, const std::string& name, long long minLine,
                       long long& count, long long& columns) {
    if (!lines.nextDataLine()) return name + ": empty file (expected a '<count> ...' header)";
    FieldReader h(lines.line());
    if (h.integer(count) != Field::Ok || h.integer(columns) != Field::Ok || count <= 0)
        return at(name, lines) + "bad header '" + std::string(lines.line().substr(0, 60)) +
               "' (expected '<count > 0> " + (minLine == kMinNodeLine ? "3" : "4") + " ...')";
    return {};
}

// The count against what the bytes after the header can hold, before allocating for it.
std::string checkCount(const LineCursor& lines, const std::string& name, const char* what,
                       long long minLine, long long count) {
    const long long bytes = static_cast<long long>(lines.remaining());
    if (count <= bytes / minLine + 1) return {};
    return at(name, lines) + "header says " + std::to_string(count) + " " + what +
           ", more than the " + std::to_string(bytes) + " bytes after it can hold";
}

}  // namespace

TetMeshResult parseTetGen(const std::string& nodeText, const std::string& eleText,
                          const std::string& nodeName, const std::string& eleName) {
    TetMeshResult r;
    LineCursor nodes(nodeText);
    long long count = 0, dim = 0;
    if (std::string e = readHeader(nodes, nodeName, kMinNodeLine, count, dim); !e.empty())
        return {{}, e};
    if (dim != 3)
        return {{},
                at(nodeName, nodes) + "bad header '" + std::string(nodes.line().substr(0, 60)) +
                    "' (expected '<count > 0> 3 ...')"};
    if (std::string e = checkCount(nodes, nodeName, "nodes", kMinNodeLine, count); !e.empty())
        return {{}, e};
    r.mesh.vertices.reserve(static_cast<size_t>(count));
    long long base = 0;
    for (long long k = 0; k < count; ++k) {
        if (!nodes.nextDataLine())
            return {{},
                    nodeName + ": header says " + std::to_string(count) + " nodes, file has " +
                        std::to_string(k)};
        FieldReader s(nodes.line());
        long long id = 0;
        double xyz[3];
        if (Field f = s.integer(id); f != Field::Ok)
            return {{}, at(nodeName, nodes) + "node index " + describe(f, s.last())};
        for (int d = 0; d < 3; ++d)
            if (Field f = s.real(xyz[d]); f != Field::Ok)
                return {{}, at(nodeName, nodes) + "coordinate " + describe(f, s.last())};
        if (k == 0) base = id;
        if (id != base + k || (base != 0 && base != 1))
            return {{},
                    at(nodeName, nodes) + "node index " + std::to_string(id) +
                        " out of sequence (expected " + std::to_string(base + k) + ")"};
        r.mesh.vertices.emplace_back(xyz[0], xyz[1], xyz[2]);
    }
    LineCursor eles(eleText);
    long long tets = 0, corners = 0;
    if (std::string e = readHeader(eles, eleName, kMinTetLine, tets, corners); !e.empty())
        return {{}, e};
    if (corners != 4 && corners != 10)
        return {{},
                at(eleName, eles) + "bad header '" + std::string(eles.line().substr(0, 60)) +
                    "' (expected '<count > 0> 4 ...')"};
    if (std::string e = checkCount(eles, eleName, "tets", kMinTetLine, tets); !e.empty())
        return {{}, e};
    r.mesh.tets.reserve(static_cast<size_t>(tets));
    for (long long k = 0; k < tets; ++k) {
        if (!eles.nextDataLine())
            return {{},
                    eleName + ": header says " + std::to_string(tets) + " tets, file has " +
                        std::to_string(k)};
        FieldReader s(eles.line());
        long long id = 0, v[4];
        if (Field f = s.integer(id); f != Field::Ok)
            return {{}, at(eleName, eles) + "tet index " + describe(f, s.last())};
        Tet t;
        for (int c = 0; c < 4; ++c) {
            if (Field f = s.integer(v[c]); f != Field::Ok)
                return {{},
                        at(eleName, eles) + "corner " + std::to_string(c) + " " +
                            describe(f, s.last())};
            if (v[c] < base || v[c] >= base + count)
                return {{},
                        at(eleName, eles) + "node " + std::to_string(v[c]) + " out of range [" +
                            std::to_string(base) + ", " + std::to_string(base + count - 1) + "]"};
            t[c] = static_cast<int>(v[c] - base);
        }
        r.mesh.tets.push_back(t);
    }
    if (std::string e = checkTetMesh(r.mesh, 0.0); !e.empty()) return {{}, eleName + ": " + e};
    return r;
}

TetMeshResult readTetGen(const std::string& nodePath, const std::string& elePath) {
    std::string node, ele;
    if (std::string e = readTextFile(nodePath, node); !e.empty()) return {{}, e};
    if (std::string e = readTextFile(elePath, ele); !e.empty()) return {{}, e};
    return parseTetGen(node, ele, nodePath, elePath);
}

std::string writeOff(const TriangleMesh& mesh, const std::string& path) {
    std::ostringstream out;
    out.precision(17);
    out << "OFF\n" << mesh.vertices.size() << ' ' << mesh.triangles.size() << " 0\n";
    for (const Vec3& v : mesh.vertices) out << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
    for (const auto& t : mesh.triangles) out << "3 " << t[0] << ' ' << t[1] << ' ' << t[2] << '\n';
    return writeFileAtomically(path, out.str());
}

}  // namespace sim
