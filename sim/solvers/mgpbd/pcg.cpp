#include "sim/solvers/mgpbd/pcg.h"

#include <cmath>

namespace sim {

PcgResult pcg(const CsrMatrix& A, const Vector& b, Vector& x, const Preconditioner& precondition,
              Real tolerance, int maxIterations, PcgWorkspace& work, bool flexible,
              const PcgStop* stop) {
    const int n = A.rows;
    PcgResult result;
    x.assign(n, 0.0);
    work.r = b;
    const Real bNorm = norm(b);
    if (bNorm == 0) return result;
    // rNorm is ||r|| or, with `stop`, its measure; limit the value it must reach.
    Real rNorm = stop ? stop->measure(work.r) : bNorm;
    const Real limit = stop ? stop->target : tolerance * bNorm;
    const Real reference = stop ? stop->reference : bNorm;
    if (rNorm <= limit) {
        result.relativeResidual = rNorm / reference;
        return result;
    }
    precondition(work.r, work.z);
    work.p = work.z;
    Real rz = dot(work.r, work.z);
    while (result.iterations < maxIterations && rNorm > limit) {
        multiply(A, work.p, work.q);
        const Real pq = dot(work.p, work.q);
        if (!(pq > 0)) break;  // lost positive definiteness numerically
        const Real alpha = rz / pq;
        if (flexible) work.rOld = work.r;
        axpy(alpha, work.p, x);
        axpy(-alpha, work.q, work.r);
        ++result.iterations;
        rNorm = stop ? stop->measure(work.r) : norm(work.r);
        if (rNorm <= limit) break;
        precondition(work.r, work.z);
        const Real rzNew = dot(work.r, work.z);
        // Polak-Ribiere: z_new . (r_new - r_old), equal to Fletcher-Reeves' z_new . r_new
        // in exact arithmetic with a fixed symmetric preconditioner, robust to a slightly
        // inexact one (the float V-cycle).
        const Real beta = (flexible ? rzNew - dot(work.z, work.rOld) : rzNew) / rz;
        rz = rzNew;
#pragma omp parallel for schedule(static) if (n >= kParallelMinRows)
        for (int i = 0; i < n; ++i) work.p[i] = work.z[i] + beta * work.p[i];
    }
    result.relativeResidual = rNorm / reference;
    return result;
}

}  // namespace sim
