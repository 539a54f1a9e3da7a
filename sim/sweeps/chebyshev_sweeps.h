#pragma once
// Chebyshev semi-iterative acceleration of a run of Gauss-Seidel sweeps (Wang 2015, "A
// Chebyshev Semi-Iterative Approach for Accelerating Projective and Position-based Dynamics",
// with its under-relaxation gamma = 1): after sweep k has given x^, the iterate becomes
//   x_k+1 = omega_k+1 (x^ - x_k-1) + x_k-1,
//   omega = 1 for the first `delay` sweeps, 2 / (2 - rho^2) at sweep `delay`, then
//   4 / (4 - rho^2 omega) (tending to the optimal over-relaxation of a sweep whose spectral
//   radius is rho). A run whose sweep correction ||x^ - x_k|| grows by more than
//   kRestartGrowth from one sweep to the next has met a mode rho underestimates (a finer
//   mesh than rho was chosen for, or a sharper fold): that sweep is kept unextrapolated and
//   the acceleration starts over, with its delay, from there. Positions only, as in the paper's
//   PBD; particles of zero inverse mass (pins, kinematic) never move. XPBD's lambda is left as the
//   sweeps made it (extrapolated with the positions it raised hanging_cloth's peak strain).
//
// Used by MGPBD's budget sweeps (MgpbdFallbackSweeps::chebyshevRho); why and how far it helps:
// docs/notes/accelerated-sweeps.md. The buffers are members, reused from run to
// run: no allocation once they have grown.
#include <cstdint>
#include <vector>

#include "sim/core/particles.h"

namespace sim {

class ChebyshevSweeps {
  public:
    // Before the first sweep: the run starts from the current positions. rho <= 0: off (the
    // sweeps are left as they are).
    void begin(Real rho, int delay, const Particles& P) {
        rho_ = rho;
        delay_ = delay;
        start_ = 0;
        restarts_ = 0;
        omega_ = 1;
        lastStep_ = -1;
        if (rho_ <= 0) return;
        previous_ = P.p;
        current_ = P.p;
    }

    // After sweep k (0-based) of the run: extrapolates P.p in place, for the particles
    // `moves` marks (one flag per particle; empty: all).
    void afterSweep(int k, Particles& P, const std::vector<uint8_t>& moves = {}) {
        if (rho_ <= 0) return;
        const int n = P.size();
        const bool all = moves.empty();
        Real step = 0;  // ||x^ - x_k||^2 over the particles the acceleration moves
        for (int i = 0; i < n; ++i)
            if (P.w[i] > 0 && (all || moves[i])) step += (P.p[i] - current_[i]).squaredNorm();
        const bool grew = k > start_ + delay_ && step > kRestartGrowth * kRestartGrowth * lastStep_;
        lastStep_ = step;
        if (grew) {
            start_ = k + 1;
            omega_ = 1;
            ++restarts_;
        } else if (k >= start_ + delay_) {
            const Real r2 = rho_ * rho_;
            omega_ = k == start_ + delay_ ? 2 / (2 - r2) : 4 / (4 - r2 * omega_);
            for (int i = 0; i < n; ++i)
                if (P.w[i] > 0 && (all || moves[i]))
                    P.p[i] = previous_[i] + omega_ * (P.p[i] - previous_[i]);
        }
        previous_.swap(current_);  // x_k-1 <- x_k
        current_ = P.p;            // x_k <- x_k+1
    }

    // Restarts in the run since begin().
    int restarts() const { return restarts_; }

    // A sweep correction this many times the previous one restarts the acceleration: the
    // plain sweeps' corrections shrink, and an extrapolation past the slowest mode makes them
    // grow geometrically.
    static constexpr Real kRestartGrowth = 1.5;

  private:
    Real rho_ = 0;
    int delay_ = 0;
    int start_ = 0;  // the sweep the current acceleration started from
    int restarts_ = 0;
    Real omega_ = 1;
    Real lastStep_ = -1;
    std::vector<Vec3> previous_, current_;
};

}  // namespace sim
