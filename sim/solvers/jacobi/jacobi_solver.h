#pragma once
// Jacobi XPBD: every constraint of an iteration is projected from the same positions, and
// the corrections are summed and applied together at its end, as a GPU does (one thread per
// constraint). The contrast to Gauss-Seidel (PBD §3.2), whose corrections act at once.
//
// Summed corrections of constraints that share a particle overshoot (a cloth vertex has six
// edges). Mass splitting keeps it stable: each particle's mass is split among the n_i
// constraints on it, so constraint j solves its XPBD local step (Macklin et al. 2016,
// eq. 18) as if particle i had inverse mass n_i w_i, and the corrections are summed with the
// true w_i:
//     (sum_k n_k w_k |g_k|^2 + alpha~) dlambda = -C - alpha~ lambda,
//     dp_k = omega w_k g_k dlambda,   lambda += omega dlambda,
// so positions and lambda stay consistent (dp = M^-1 J^T dlambda) and the compliance means
// what it means under Gauss-Seidel. Where a particle's n constraints agree it moves by their
// mean (Macklin et al. 2014's constraint averaging). omega > 1 would over-relax, as their SOR.
// A multi-row constraint (a tet's ARAP rows) solves its rows together, as the sweeps do.
// Contacts keep the shared Gauss-Seidel projection after each iteration (sweeps.h).
#include <vector>

#include "sim/solvers/solver.h"
#include "sim/sweeps/sweeps.h"

namespace sim {

class JacobiSolver final : public Solver {
  public:
    // omega of the header. Not over-relaxed: Macklin et al.'s SOR factors (above 1) lower a
    // hanging cloth's stretch but blew up a squashed soft body (bunny_squash) as it recovered.
    static constexpr Real kRelaxation = 1.0;

    const char* name() const override { return "jacobi"; }
    void solve(const StepContext& ctx, Real dt) override;

  private:
    LambdaSet lambdas_;
    std::vector<int> count_;    // n_i, the constraints on particle i
    std::vector<Real> splitW_;  // n_i w_i
    std::vector<Vec3> delta_;   // the iteration's summed corrections
};

}  // namespace sim
