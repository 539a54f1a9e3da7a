// pbd-bench amg-poisson: AMG-PCG iterations to 1e-8 on the 2D 5-point Poisson problem
// (Dirichlet) for growing grids, UA and SA, constant near-kernel vector: the issue's
// 64^2 -> 512^2 scaling check (the unit test stops at 256^2 for time), with the issue's
// smoother (figureSmoother).
#include <cstdio>
#include <random>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/pcg.h"

namespace bench {
namespace {

sim::CsrMatrix poisson2d(int n) {
    sim::CsrMatrix A;
    A.rows = A.cols = n * n;
    A.rowStart.push_back(0);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const int di[5] = {-1, 0, 0, 0, 1}, dj[5] = {0, -1, 0, 1, 0};
            for (int k = 0; k < 5; ++k) {
                const int r = i + di[k], c = j + dj[k];
                if (r < 0 || r >= n || c < 0 || c >= n) continue;
                A.col.push_back(r * n + c);
                A.val.push_back(k == 2 ? 4.0 : -1.0);
            }
            A.rowStart.push_back(static_cast<int64_t>(A.col.size()));
        }
    return A;
}

// The smoother the committed figure was measured with (issue 5; 2026-11-22): Chebyshev of
// degree 3 on [rho/30, 1.1 rho], 2 pre- and post-sweeps. The live defaults, tuned since on the
// cloth system, move these counts (64^2: UA 17 -> 22, SA 7 -> 18 iterations), so the bench
// sets it rather than inherit them; --mgpbd-* flags still override.
void figureSmoother(sim::MgpbdSettings& s) {
    s.system.amg.chebyshevDegree = 3;
    s.system.amg.chebyshevLowerRatio = 1.0 / 30;
    s.system.amg.smoothingSweeps = 2;
}

int run(const std::string& sizes, const std::string& csv, const MgpbdOverrides& mg) {
    FILE* out = openCsv(csv);
    std::fprintf(out,
                 "# %s; 2D Poisson, PCG to 1e-8, constant candidate, Chebyshev 3 on [rho/30]\n",
                 machineDescription().c_str());
    std::fprintf(out, "method,n,rows,iterations,setup_ms,solve_ms\n");
    for (int n : parseList<int>(sizes))
        for (bool sa : {false, true}) {
            const sim::CsrMatrix A = poisson2d(n);
            sim::MgpbdSettings s;
            figureSmoother(s);
            if (std::string e = mg.apply(s); !e.empty()) {
                std::fprintf(stderr, "pbd-bench: %s\n", e.c_str());
                return 2;
            }
            s.system.amg.smoothedAggregation = sa;
            sim::AmgHierarchy amg;
            auto t = Clock::now();
            amg.setup(A, s.system.amg);
            const double setup = msSince(t);
            sim::Vector b(A.rows), x;
            std::mt19937 rng(1);
            std::uniform_real_distribution<double> u(-1, 1);
            for (double& v : b) v = u(rng);
            sim::PcgWorkspace work;
            t = Clock::now();
            const sim::PcgResult r = sim::pcg(
                A, b, x, [&](const sim::Vector& in, sim::Vector& z) { amg.vcycle(in, z); }, 1e-8,
                1000, work, s.system.amg.floatVCycle);
            std::fprintf(out, "%s,%d,%d,%d,%.3f,%.3f\n", sa ? "sa" : "ua", n, A.rows, r.iterations,
                         setup, msSince(t));
            std::fflush(out);
        }
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"amg-poisson", "AMG-PCG iterations on 2D Poisson against grid size",
                       [](CLI::App& sub) {
                           auto sizes = std::make_shared<std::string>("64,128,256,512");
                           auto csv = std::make_shared<std::string>();
                           auto mg = std::make_shared<MgpbdOverrides>();
                           sub.add_option("--sizes", *sizes);
                           sub.add_option("--csv", *csv);
                           mg->add(sub);
                           return [sizes, csv, mg] { return run(*sizes, *csv, *mg); };
                       }});

}  // namespace
}  // namespace bench
