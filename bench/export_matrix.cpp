// pbd-bench export-matrix: writes a frame's first-iteration MGPBD dual system A and b in
// Matrix Market format (b to <out without .mtx>.rhs.mtx), so that any external solver can
// be run on exactly our system.
#include <cstdio>
#include <iostream>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"

namespace bench {
namespace {

struct Args {
    std::string scene = "mgpbd_cloth";
    int res = 64;
    int frame = 0;
    std::string out = "A.mtx";
};

int run(const Args& a) {
    sim::World world = worldBeforeSolve(a.scene, a.res, a.frame);
    sim::DualSystem system;
    firstIterationSystem(world, system);
    const sim::CsrMatrix& A = system.A;
    FILE* f = std::fopen(a.out.c_str(), "w");
    if (!f) {
        std::cerr << "pbd-bench: cannot write " << a.out << "\n";
        return 2;
    }
    std::fprintf(f, "%%%%MatrixMarket matrix coordinate real symmetric\n");
    std::fprintf(f, "%% MGPBD dual system, scene %s res %d frame %d\n", a.scene.c_str(), a.res,
                 a.frame);
    int64_t lower = 0;
    for (int r = 0; r < A.rows; ++r)
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k) lower += A.col[k] <= r;
    std::fprintf(f, "%d %d %lld\n", A.rows, A.cols, static_cast<long long>(lower));
    for (int r = 0; r < A.rows; ++r)
        for (int64_t k = A.rowStart[r]; k < A.rowStart[r + 1]; ++k)
            if (A.col[k] <= r) std::fprintf(f, "%d %d %.17g\n", r + 1, A.col[k] + 1, A.val[k]);
    std::fclose(f);
    std::string rhs = a.out;
    if (rhs.size() > 4 && rhs.substr(rhs.size() - 4) == ".mtx") rhs.resize(rhs.size() - 4);
    rhs += ".rhs.mtx";
    f = std::fopen(rhs.c_str(), "w");
    if (!f) {
        std::cerr << "pbd-bench: cannot write " << rhs << "\n";
        return 2;
    }
    std::fprintf(f, "%%%%MatrixMarket matrix array real general\n%d 1\n", A.rows);
    for (double v : system.b) std::fprintf(f, "%.17g\n", v);
    std::fclose(f);
    std::cerr << "wrote " << a.out << " (" << A.rows << " rows, " << A.nonZeros()
              << " nonzeros) and " << rhs << "\n";
    return 0;
}

BenchRegistration reg({"export-matrix", "write a frame's MGPBD A and b as Matrix Market",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--scene", a->scene);
                           sub.add_option("--res", a->res);
                           sub.add_option("--frame", a->frame);
                           sub.add_option("--out", a->out);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
