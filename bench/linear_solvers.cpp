// pbd-bench linear-solvers: one solve of the same MGPBD dual system (a scene's first outer
// iteration at a frame) by our UA-AMG-PCG, Eigen CG with a diagonal (Jacobi)
// preconditioner, Eigen CG with IncompleteCholesky, and CHOLMOD (when linked). MGPBD paper
// Fig. 10(b). Every solver's relative residual is recomputed with the same SpMV. Opt-in
// (`--solvers`): primal-ldlt and primal-cholmod factor the primal form K (PrimalSystem)
// directly, Eigen's SimplicialLDLT and CHOLMOD's supernodal LLT.
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cstdio>
#include <iostream>
#ifdef PBD_HAVE_CHOLMOD
#include <Eigen/CholmodSupport>
#endif

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/mgpbd_bench_util.h"
#include "bench/mgpbd_cli.h"
#include "sim/solvers/mgpbd/amg_hierarchy.h"
#include "sim/solvers/mgpbd/mgpbd_settings.h"
#include "sim/solvers/mgpbd/pcg.h"
#include "sim/solvers/mgpbd/primal_system.h"

namespace bench {
namespace {

struct Args {
    std::string scene = "mgpbd_cloth";
    int res = 512;
    int frame = 0;
    double tolerance = 1e-5;
    std::string solvers = "primal-amg-pcg,amg-pcg,cheb-pcg,jacobi-pcg,ic-pcg,cholmod";
    std::string csv;
    bool spmvTiming = false;
    MgpbdOverrides mg;
};

// A is symmetric, so its CSR arrays read as CSC give the same matrix.
Eigen::SparseMatrix<double> toEigen(const sim::CsrMatrix& A) {
    Eigen::SparseMatrix<double> M(A.rows, A.cols);
    M.resizeNonZeros(A.nonZeros());
    for (int r = 0; r <= A.rows; ++r) M.outerIndexPtr()[r] = static_cast<int>(A.rowStart[r]);
    for (int64_t k = 0; k < A.nonZeros(); ++k) {
        M.innerIndexPtr()[k] = A.col[k];
        M.valuePtr()[k] = A.val[k];
    }
    return M;
}

double relResidual(const sim::CsrMatrix& A, const sim::Vector& b, const sim::Vector& x) {
    sim::Vector r;
    sim::residual(A, x, b, r);
    return sim::norm(r) / sim::norm(b);
}

template <class Solver>
void eigenIterative(const char* name, Solver& solver, const Eigen::SparseMatrix<double>& M,
                    const sim::CsrMatrix& A, const sim::Vector& b, double tol, FILE* out, int res) {
    auto t = Clock::now();
    solver.setTolerance(tol);
    solver.setMaxIterations(100000);
    solver.compute(M);
    const double setup = msSince(t);
    t = Clock::now();
    Eigen::Map<const Eigen::VectorXd> eb(b.data(), A.rows);
    Eigen::VectorXd ex = solver.solve(eb);
    const double solve = msSince(t);
    sim::Vector x(ex.data(), ex.data() + ex.size());
    std::fprintf(out, "%s,%d,%d,%.3f,%.3f,%d,%.3e\n", name, res, A.rows, setup, solve,
                 static_cast<int>(solver.iterations()), relResidual(A, b, x));
    std::fflush(out);
}

int run(const Args& a) {
    sim::World world = worldBeforeSolve(a.scene, a.res, a.frame);
    if (std::string e = a.mg.apply(world.settings.block<sim::MgpbdSettings>()); !e.empty()) {
        std::cerr << "pbd-bench: " << e << "\n";
        return 2;
    }
    sim::DualSystem system;
    firstIterationSystem(world, system);
    const sim::CsrMatrix& A = system.A;
    const sim::Vector& b = system.b;
    FILE* out = openCsv(a.csv);
    std::fprintf(out, "# %s; scene %s res %d frame %d: %d rows, %lld nonzeros, tol %g\n",
                 machineDescription().c_str(), a.scene.c_str(), a.res, a.frame, A.rows,
                 static_cast<long long>(A.nonZeros()), a.tolerance);
    std::fprintf(out, "solver,res,rows,setup_ms,solve_ms,iterations,rel_residual\n");
    std::fflush(out);
    const auto wanted = [&](const std::string& s) {
        return ("," + a.solvers + ",").find("," + s + ",") != std::string::npos;
    };
    // amg-pcg: the hierarchy as configured. cheb-pcg: the same smoother with no coarse level
    // (maxLevels 1: the V-cycle is the pre + post Chebyshev polynomial alone), to show what
    // the coarse correction adds on this system.
    const auto amgPcg = [&](const char* name, sim::MgpbdSettings settings) {
        sim::AmgHierarchy amg;
        auto t = Clock::now();
        std::vector<sim::Real> strain;  // as MgpbdSolver: only when asked for
        if (settings.system.amg.candidates == sim::MgpbdCandidates::Strain)
            system.strainModes(world.context(), strain);
        amg.setup(A, settings.system.amg, &strain);
        const double setup = msSince(t);
        t = Clock::now();
        amg.refresh(A);
        const double galerkin = msSince(t);
        sim::PcgWorkspace work;
        sim::Vector x;
        t = Clock::now();
        const sim::PcgResult r = sim::pcg(
            A, b, x, [&](const sim::Vector& in, sim::Vector& z) { amg.vcycle(in, z); }, a.tolerance,
            10000, work, settings.system.amg.floatVCycle);
        const double solve = msSince(t);
        std::fprintf(out, "%s,%d,%d,%.3f,%.3f,%d,%.3e\n", name, a.res, A.rows, setup, solve,
                     r.iterations, relResidual(A, b, x));
        if (std::string(name) == "amg-pcg")
            std::fprintf(out, "amg-pcg-lazy,%d,%d,%.3f,%.3f,%d,%.3e\n", a.res, A.rows, galerkin,
                         solve, r.iterations, relResidual(A, b, x));
        std::fflush(out);
        std::cerr << name << ": " << amg.levelCount() << " levels:";
        for (int l = 0; l < amg.levelCount(); ++l)
            std::cerr << " " << amg.levelSize(l) << " (" << amg.levelNonZeros(l) << " nnz)";
        std::cerr << ", operator complexity " << amg.operatorComplexity() << "\n";
    };
    // primal-amg-pcg: the same system through its primal form K y = J^T D^-1 b (PrimalSystem):
    // AMG by node with rigid-body candidates on K, PCG stopped on the dual residual; setup
    // includes building and filling K. The residual below is recomputed on A like the rest.
    const auto primalAmgPcg = [&](const char* name, const sim::AmgOptions& settings) {
        if (!sim::PrimalSystem::applicable(system)) {
            std::cerr << name << ": skipped, a row has alpha~ = 0\n";
            return;
        }
        sim::PrimalSystem primal;
        sim::AmgHierarchy amg;
        auto t = Clock::now();
        primal.update(world.context(), system);
        const double build = msSince(t);
        primal.fill(world.context(), system);
        const double fill = msSince(t) - build;
        primal.setupAmg(world.context(), settings, amg);
        const double setup = msSince(t);
        std::cerr << name << ": setup ms: K pattern " << build << ", K values " << fill << ", AMG "
                  << setup - build - fill << "\n";  // K pattern: once per topology
        sim::PcgWorkspace work;
        sim::Vector dlambda;
        t = Clock::now();
        const sim::PcgResult r = primal.solve(world.context(), system, amg, a.tolerance, 10000,
                                              settings.floatVCycle, work, dlambda);
        const double solve = msSince(t);
        // Lazy: what a solve costs in MGPBD between setups (K refilled, Galerkin refresh
        // with P reused, block smoother inverses), as amg-pcg-lazy.
        t = Clock::now();
        primal.fill(world.context(), system);
        amg.refresh(primal.K);
        const double refresh = msSince(t);
        std::fprintf(out, "%s,%d,%d,%.3f,%.3f,%d,%.3e\n", name, a.res, A.rows, setup, solve,
                     r.iterations, relResidual(A, b, dlambda));
        std::fprintf(out, "%s-lazy,%d,%d,%.3f,%.3f,%d,%.3e\n", name, a.res, A.rows, refresh, solve,
                     r.iterations, relResidual(A, b, dlambda));
        std::fflush(out);
        std::cerr << name << ": K " << primal.K.rows << " rows, " << primal.K.nonZeros() << " nnz; "
                  << amg.levelCount() << " levels:";
        for (int l = 0; l < amg.levelCount(); ++l)
            std::cerr << " " << amg.levelSize(l) << " (" << amg.levelNonZeros(l) << " nnz)";
        std::cerr << ", operator complexity " << amg.operatorComplexity() << ", PCG measure "
                  << r.relativeResidual << "\n";
    };
    if (wanted("primal-amg-pcg"))
        primalAmgPcg("primal-amg-pcg",
                     world.settings.block<sim::MgpbdSettings>().system.primalAmgOptions());
    if (wanted("amg-pcg")) amgPcg("amg-pcg", world.settings.block<sim::MgpbdSettings>());
    if (wanted("cheb-pcg")) {
        sim::MgpbdSettings one = world.settings.block<sim::MgpbdSettings>();
        one.system.amg.maxLevels = 1;
        amgPcg("cheb-pcg", one);
    }
    const Eigen::SparseMatrix<double> M = toEigen(A);
    if (a.spmvTiming) {
        // ms per y = A x: our CSR in double and float, and Eigen's product as its CG runs it.
        constexpr int reps = 20;
        sim::Vector x(A.rows, 1.0), y;
        std::vector<float> xf(A.rows, 1.0f), yf;
        sim::CsrOf<float> Af;
        sim::convertValues(A, Af);
        Eigen::VectorXd ex = Eigen::VectorXd::Ones(A.rows), ey(A.rows);
        auto t = Clock::now();
        for (int i = 0; i < reps; ++i) sim::multiply(A, x, y);
        const double ours = msSince(t) / reps;
        t = Clock::now();
        for (int i = 0; i < reps; ++i) sim::multiply(Af, xf, yf);
        const double oursFloat = msSince(t) / reps;
        t = Clock::now();
        for (int i = 0; i < reps; ++i) ey.noalias() = M * ex;
        const double eigen = msSince(t) / reps;
        std::cerr << "spmv ms: ours double " << ours << ", ours float " << oursFloat << ", eigen "
                  << eigen << "\n";
    }
    if (wanted("jacobi-pcg")) {
        Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper> cg;
        eigenIterative("eigen-cg-diagonal", cg, M, A, b, a.tolerance, out, a.res);
    }
    if (wanted("ic-pcg")) {
        Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper,
                                 Eigen::IncompleteCholesky<double>>
            cg;
        eigenIterative("eigen-cg-ichol", cg, M, A, b, a.tolerance, out, a.res);
    }
    // primal-cholmod / primal-ldlt: K y = J^T D^-1 b factored directly (K has 3 rows per free
    // particle, a fraction of A's nonzeros), dlambda = D^-1 (b - J y).
    const auto primalDirect = [&](const char* name, auto& factor) {
        if (!sim::PrimalSystem::applicable(system)) {
            std::cerr << name << ": skipped, a row has alpha~ = 0\n";
            return;
        }
        sim::PrimalSystem primal;
        primal.update(world.context(), system);
        primal.fill(world.context(), system);
        const Eigen::SparseMatrix<double> K = toEigen(primal.K);
        auto t = Clock::now();
        factor.analyzePattern(K);
        const double analyse = msSince(t);
        t = Clock::now();
        factor.factorize(K);
        const double numeric = msSince(t);
        sim::Vector f, dlambda;
        primal.rightHandSide(system, f);
        t = Clock::now();
        Eigen::Map<const Eigen::VectorXd> ef(f.data(), static_cast<Eigen::Index>(f.size()));
        Eigen::VectorXd ey = factor.solve(ef);
        sim::Vector y(ey.data(), ey.data() + ey.size());
        primal.dualStep(system, y, dlambda);
        const double solve = msSince(t);
        std::fprintf(out, "%s,%d,%d,%.3f,%.3f,0,%.3e\n", name, a.res, A.rows, numeric, solve,
                     relResidual(A, b, dlambda));
        std::cerr << name << ": K " << K.rows() << " rows, " << K.nonZeros() << " nnz; analyse ms "
                  << analyse << ", factor ms " << numeric << "\n";
    };
    if (wanted("primal-ldlt")) {
        Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower> ldlt;
        primalDirect("primal-ldlt", ldlt);
    }
#ifdef PBD_HAVE_CHOLMOD
    if (wanted("cholmod")) {
        Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>, Eigen::Lower> llt;
        auto t = Clock::now();
        llt.compute(M);
        const double setup = msSince(t);
        t = Clock::now();
        Eigen::Map<const Eigen::VectorXd> eb(b.data(), A.rows);
        Eigen::VectorXd ex = llt.solve(eb);
        const double solve = msSince(t);
        sim::Vector x(ex.data(), ex.data() + ex.size());
        std::fprintf(out, "cholmod,%d,%d,%.3f,%.3f,0,%.3e\n", a.res, A.rows, setup, solve,
                     relResidual(A, b, x));
    }
    if (wanted("primal-cholmod")) {
        Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>, Eigen::Lower> llt;
        primalDirect("primal-cholmod", llt);
    }
#else
    if (wanted("cholmod") || wanted("primal-cholmod"))
        std::cerr << "pbd-bench: built without CHOLMOD, cholmod skipped\n";
#endif
    if (out != stdout) std::fclose(out);
    return 0;
}

BenchRegistration reg({"linear-solvers",
                       "one solve of a frame's MGPBD dual system by AMG-PCG, Eigen CG "
                       "(diagonal, IC) and CHOLMOD (paper Fig. 10b)",
                       [](CLI::App& sub) {
                           auto a = std::make_shared<Args>();
                           sub.add_option("--scene", a->scene);
                           sub.add_option("--res", a->res);
                           sub.add_option("--frame", a->frame);
                           sub.add_option("--tol", a->tolerance);
                           sub.add_option("--solvers", a->solvers, "comma-separated subset");
                           sub.add_option("--csv", a->csv);
                           sub.add_flag("--spmv-timing", a->spmvTiming,
                                        "print ms per SpMV (ours double/float, Eigen)");
                           a->mg.add(sub);
                           return [a] { return run(*a); };
                       }});

}  // namespace
}  // namespace bench
