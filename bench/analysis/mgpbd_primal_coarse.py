#!/usr/bin/python3
"""Prototype (issue #5, not in the solver): a coarse space for the MGPBD dual system built from
vertex displacements, P = J W^-1 Q, so that every column lies in range(J) and is orthogonal to
the self-stress modes (J^T s = 0) that spoil aggregation AMG on a flat cloth.

Builds the paper's cloth directly (N x N quads on the unit square, one diagonal per quad,
mass 1, two corners pinned, alpha-tilde = 1e-9 / 0.003^2), optionally bent into a dome of
height --bump, takes a random right-hand side, and counts PCG iterations to 1e-5 for
Jacobi-PCG, two-level UA with the constant candidate, and two-level P = J W^-1 Q, where Q holds
the 12 affine modes (3 translations, 3 rotations, 6 strains) of agg x agg vertex blocks,
smoothed s = 0..3 times by damped Jacobi on the primal K = J^T J (a smoothed-aggregation
prolongator in the vertex space, mapped to the dual). Both two-level methods use one
Chebyshev(3) sweep before and after and an exact coarse solve (pseudo-inverse).

  /usr/bin/python3 bench/analysis/mgpbd_primal_coarse.py --res 32 --bump 0
  /usr/bin/python3 bench/analysis/mgpbd_primal_coarse.py --res 32 --bump 0.1

Measured (N = 32, agg 3): flat: Jacobi 508, UA constant 146 (two Chebyshev sweeps: 93),
J W^-1 Q with 0/1/2/3 smoothing steps 63/41/31/29; dome 0.1: Jacobi 1102, UA 225,
J W^-1 Q 215/246/293/302. The flat gain does not carry over to curved sheets.
"""
import argparse

import numpy as np
import scipy.sparse as sp

from mgpbd_nullspace import TwoLevel, aggregate, pcg_iterations, spectral_radius, tentative_prolongator


def cloth(res, bump):
    n1 = res + 1
    h = 1.0 / res
    X = np.array([[c * h, bump * np.sin(np.pi * c * h) * np.sin(np.pi * r * h), r * h]
                  for r in range(n1) for c in range(n1)])
    edges = []
    for r in range(n1):
        for c in range(n1):
            i = r * n1 + c
            if c < res:
                edges.append((i, i + 1))
            if r < res:
                edges.append((i, i + n1))
            if r < res and c < res:
                edges.append((i, i + n1 + 1))
    edges = np.array(edges)
    pinned = np.zeros(len(X), bool)
    pinned[[0, res]] = True
    return X, edges, pinned


def jacobian(X, edges):
    d = X[edges[:, 1]] - X[edges[:, 0]]
    d /= np.linalg.norm(d, axis=1)[:, None]
    rows = np.repeat(np.arange(len(edges)), 6)
    cols = np.concatenate([3 * edges[:, [0]] + np.arange(3), 3 * edges[:, [1]] + np.arange(3)], axis=1).ravel()
    return sp.csr_matrix((np.concatenate([-d, d], axis=1).ravel(), (rows, cols)), shape=(len(edges), 3 * len(X)))


def affine_modes(X, pinned, res, block):
    """Columns: the 12 affine displacement modes of each block x block group of free vertices."""
    n1 = res + 1
    group = np.array([(r // block) * (res // block + 1) + c // block for r in range(n1) for c in range(n1)])
    rows, cols, vals = [], [], []
    column = 0
    for g in np.unique(group):
        members = np.where((group == g) & ~pinned)[0]
        if len(members) == 0:
            continue
        xc = X[members] - X[members].mean(0)
        modes = []
        for k in range(3):
            u = np.zeros((len(members), 3))
            u[:, k] = 1
            modes.append(u)
        for i, j in [(0, 1), (1, 2), (0, 2)]:
            u = np.zeros((len(members), 3))
            u[:, i], u[:, j] = xc[:, j], -xc[:, i]
            modes.append(u)
        for i, j in [(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (0, 2)]:
            u = np.zeros((len(members), 3))
            u[:, i] += xc[:, j]
            if i != j:
                u[:, j] += xc[:, i]
            modes.append(u)
        dofs = (3 * members[:, None] + np.arange(3)).ravel()
        for u in modes:
            rows.extend(dofs)
            cols.extend([column] * len(dofs))
            vals.extend(u.ravel())
            column += 1
    return sp.csr_matrix((vals, (rows, cols)), shape=(3 * len(X), column))


class PseudoTwoLevel(TwoLevel):
    """TwoLevel with a rank-revealing coarse solve (J W^-1 Q has zero columns on a flat sheet)."""

    def __init__(self, A, P):
        norms = np.sqrt(np.asarray(P.multiply(P).sum(0))).ravel()
        keep = norms > 1e-8 * norms.max()
        P = (P[:, keep] @ sp.diags(1 / norms[keep])).toarray()
        Ac = P.T @ (A @ P)
        w, V = np.linalg.eigh(Ac)
        good = w > 1e-10 * w[-1]
        self.coarse_inverse = (V[:, good] / w[good]) @ V[:, good].T
        self.columns = P.shape[1]
        self.A, self.d, self.P = A, A.diagonal(), P
        self.rho = spectral_radius(A)

    def coarse_solve(self, rc):
        return self.coarse_inverse @ rc


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--res", type=int, default=32)
    parser.add_argument("--bump", type=float, default=0.0)
    parser.add_argument("--block", type=int, default=3)
    args = parser.parse_args()
    X, edges, pinned = cloth(args.res, args.bump)
    J = jacobian(X, edges)
    Winv = sp.diags(np.repeat(np.where(pinned, 0.0, 1.0), 3))
    A = (J @ Winv @ J.T + (1e-9 / 0.003 ** 2) * sp.eye(len(edges))).tocsr()
    b = np.random.default_rng(3).standard_normal(len(edges))
    d = A.diagonal()
    print(f"res {args.res} bump {args.bump}: {A.shape[0]} rows; jacobi-pcg {pcg_iterations(A, b, lambda r: r / d)}")
    agg, count = aggregate(A, 0.1)
    P = tentative_prolongator(agg, count, np.ones((A.shape[0], 1)))
    print(f"  ua-two-level constant: {pcg_iterations(A, b, TwoLevel(A, P))}")
    K = (J.T @ J + 1e-3 * sp.eye(J.shape[1])).tocsr()
    dk = K.diagonal()
    rho = spectral_radius(K)
    Q = affine_modes(X, pinned, args.res, args.block)
    for steps in range(4):
        pre = PseudoTwoLevel(A, (J @ Winv @ Q).tocsc())
        print(f"  J W^-1 Q, {steps} smoothing steps, {pre.columns} columns: {pcg_iterations(A, b, pre)}", flush=True)
        Q = (Q - (4 / 3 / rho) * sp.diags(1 / dk) @ (K @ Q)).tocsr()


if __name__ == "__main__":
    main()
