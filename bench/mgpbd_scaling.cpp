// pbd-bench mgpbd-scaling: MGPBD paper Fig. 9, ms per MGPBD outer iteration against the
// number of constraints, with a least-squares line and its R^2. Each size runs the
// mgpbd_cloth scene's first frame for `--outer` outer iterations with atol 0 and exactly
// `--pcg` PCG iterations each (tolerance 1e-30), so every iteration does the same work:
// assembly + Galerkin refresh + PCG. The lazy AMG setup is timed separately.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/mgpbd_solver.h"

namespace bench {
namespace {

struct Args {
    std::string res = "58,100,200,300,400,577,816";
    int outer = 3;
    int pcgIterations = 10;
    std::string csv;
    MgpbdOverrides mg;
};

int run(const Args& a) {
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s; scene mgpbd_cloth frame 0, %d outer iterations of %d PCG iterations\n",
                 machineDescription().c_str(), a.outer, a.pcgIterations);
    std::fprintf(out, "res,constraints,ms_per_iteration,ms_setup,levels,operator_complexity\n");
    std::vector<double> xs, ys;
    for (int res : parseList<int>(a.res)) {
        sim::World world = worldBeforeSolve("mgpbd_cloth", res, 0);
        sim::MgpbdSettings& s = world.settings.block<sim::MgpbdSettings>();
        if (std::string e = a.mg.apply(world.settings.block<sim::MgpbdSettings>()); !e.empty()) {
            std::cerr << "pbd-bench: " << e << "\n";
            return 2;
        }
        s.atol = 0;
        s.maxIterations = a.outer;
        s.pcgTolerance = 1e-30;
        s.system.pcgMaxIterations = a.pcgIterations;
        sim::MgpbdSolver solver;
        solver.solve(world.context(), world.settings.substepDt());
        const sim::MgpbdStats& st = solver.mgpbdStats();
        const double setup = st.msSetup;
        const double perIt = (solver.residualTimesMs().back() - setup) / solver.stats().iterations;
        const double m = st.rows;
        std::fprintf(out, "%d,%.0f,%.3f,%.3f,%d,%.4f\n", res, m, perIt, setup, st.levels,
                     st.operatorComplexity);
        std::fflush(out);
        std::cerr << "N=" << res << ": " << m << " constraints, " << perIt << " ms/iteration\n";
        xs.push_back(m);
        ys.push_back(perIt);
    }
    // Least squares y = a + b x and R^2.
    const double n = static_cast<double>(xs.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
        sx += xs[i];
        sy += ys[i];
        sxx += xs[i] * xs[i];
        sxy += xs[i] * ys[i];
    }
    const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    const double icpt = (sy - slope * sx) / n;
    double ssr = 0, sst = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
        ssr += std::pow(ys[i] - (icpt + slope * xs[i]), 2);
        sst += std::pow(ys[i] - sy / n, 2);
    }
    std::fprintf(out, "# fit: ms = %.6g + %.6g * constraints, R^2 = %.5f\n", icpt, slope,
                 1 - ssr / sst);
    std::cerr << "fit: R^2 = " << 1 - ssr / sst << "\n";
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"mgpbd-scaling", "ms per MGPBD iteration against constraint count (Fig. 9)",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--res", a->res, "comma-separated N list");
                           sub.add_option("--outer", a->outer);
                           sub.add_option("--pcg", a->pcgIterations);
                           sub.add_option("--csv", a->csv);
                           a->mg.add(sub);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
