#!/usr/bin/python3
"""Why aggregation AMG struggles on the flat-cloth MGPBD dual system (issue #5 diagnosis).

Reads a system written by `pbd-bench export-matrix` (A.mtx + A.rhs.mtx), finds the eigenvectors
of A at alpha-tilde (the self-stress modes of the flat truss: J^T lambda = 0, one per interior
vertex), and counts PCG iterations to a relative residual of 1e-5 for:
  - Jacobi-PCG;
  - a two-level UA-AMG (strength 0.1, standard aggregation, Chebyshev 3 on [rho/30, 1.1 rho],
    exact coarse solve) with a) the constant candidate, b) k eigenvectors just above the
    alpha-tilde cluster (the best near-kernel candidates there can be),
  each with the tentative P as built, and with P projected orthogonal to the self-stress modes.
Dense eigendecomposition: keep N <= 32 (3136 rows). Needs Debian's python3-scipy.

  pbd-bench export-matrix --scene mgpbd_cloth --res 32 --frame 0 --out /tmp/A32.mtx
  /usr/bin/python3 bench/analysis/mgpbd_nullspace.py /tmp/A32 --csv bench/results/mgpbd_nullspace_32.csv
"""
import argparse

import numpy as np
import scipy.io
import scipy.linalg
import scipy.sparse as sp


def aggregate(A, theta):
    """Standard aggregation on the strength graph |Aij| >= theta sqrt(|Aii||Ajj|)."""
    coo = A.tocoo()
    d = np.abs(A.diagonal())
    strong = (coo.row != coo.col) & (np.abs(coo.data) >= theta * np.sqrt(d[coo.row] * d[coo.col]))
    S = sp.csr_matrix((np.abs(coo.data[strong]), (coo.row[strong], coo.col[strong])), shape=A.shape)
    agg = -np.ones(A.shape[0], int)
    count = 0
    for i in range(A.shape[0]):
        nbrs = S.indices[S.indptr[i]:S.indptr[i + 1]]
        if agg[i] < 0 and np.all(agg[nbrs] < 0):
            agg[i] = count
            agg[nbrs] = count
            count += 1
    for i in np.where(agg < 0)[0]:
        nbrs = S.indices[S.indptr[i]:S.indptr[i + 1]]
        weights = S.data[S.indptr[i]:S.indptr[i + 1]]
        joined = agg[nbrs] >= 0
        if joined.any():
            agg[i] = agg[nbrs[joined][np.argmax(weights[joined])]]
        else:
            agg[i] = count
            count += 1
    return agg, count


def tentative_prolongator(agg, count, B):
    """Thin QR of the candidates on each aggregate."""
    rows, cols, vals = [], [], []
    column = 0
    for a in range(count):
        members = np.where(agg == a)[0]
        Q, _ = np.linalg.qr(B[members])
        for j in range(min(B.shape[1], len(members))):
            rows.extend(members)
            cols.extend([column] * len(members))
            vals.extend(Q[:, j])
            column += 1
    return sp.csr_matrix((vals, (rows, cols)), shape=(B.shape[0], column)).toarray()


def spectral_radius(A):
    """rho(D^-1 A) by 40 power iterations."""
    x = np.random.default_rng(0).random(A.shape[0])
    rho = 0.0
    for _ in range(40):
        y = (A @ x) / A.diagonal()
        rho = np.linalg.norm(y) / np.linalg.norm(x)
        x = y / np.linalg.norm(y)
    return rho


class TwoLevel:
    def __init__(self, A, P):
        self.A, self.d, self.P = A, A.diagonal(), P
        self.rho = spectral_radius(A)
        self.coarse = scipy.linalg.cho_factor(P.T @ (A @ P))

    def chebyshev(self, x, r):
        hi, lo = 1.1 * self.rho, self.rho / 30
        theta, delta = (hi + lo) / 2, (hi - lo) / 2
        sigma = theta / delta
        rho = 1 / sigma
        step = (r - self.A @ x) / self.d / theta
        for k in range(3):
            x = x + step
            if k == 2:
                break
            rho_next = 1 / (2 * sigma - rho)
            step = rho_next * rho * step + 2 * rho_next / delta * (r - self.A @ x) / self.d
            rho = rho_next
        return x

    def coarse_solve(self, rc):
        return scipy.linalg.cho_solve(self.coarse, rc)

    def __call__(self, r):
        x = self.chebyshev(np.zeros_like(r), r)
        x = x + self.P @ self.coarse_solve(self.P.T @ (r - self.A @ x))
        return self.chebyshev(x, r)


def pcg_iterations(A, b, precondition, tol=1e-5, cap=5000):
    x = np.zeros_like(b)
    r = b.copy()
    z = precondition(r)
    p = z.copy()
    rz = r @ z
    for it in range(cap):
        if np.linalg.norm(r) < tol * np.linalg.norm(b):
            return it
        Ap = A @ p
        a = rz / (p @ Ap)
        x += a * p
        r -= a * Ap
        z = precondition(r)
        rz_next = r @ z
        p = z + rz_next / rz * p
        rz = rz_next
    return cap


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("stem", help="path without .mtx, as given to export-matrix --out")
    parser.add_argument("--csv", default=None)
    args = parser.parse_args()
    A = scipy.io.mmread(args.stem + ".mtx").tocsr()
    b = np.asarray(scipy.io.mmread(args.stem + ".rhs.mtx")).ravel()
    n = A.shape[0]
    w, V = np.linalg.eigh(A.toarray())
    alpha = A.diagonal().min() - 1.0  # rows of edges at a pin: 1/m + alpha-tilde, m = 1
    cluster = w < 1.05 * w[0]
    N = V[:, cluster]
    lines = [f"# {args.stem}: {n} rows, lambda_min {w[0]:.4e}, {cluster.sum()} eigenvalues within 5% of it "
             f"(alpha-tilde ~ {alpha:.4e}), lambda_max {w[-1]:.3f}",
             "preconditioner,candidates,projected,coarse_size,pcg_iterations"]
    d = A.diagonal()
    lines.append(f"jacobi,-,-,-,{pcg_iterations(A, b, lambda r: r / d)}")
    agg, count = aggregate(A, 0.1)
    above = np.where(~cluster)[0]
    for name, B in [("constant", np.ones((n, 1)))] + [(f"eig{k}", V[:, above[:k]]) for k in (1, 3, 6)]:
        P = tentative_prolongator(agg, count, B)
        for projected in (False, True):
            Pp = P - N @ (N.T @ P) if projected else P
            its = pcg_iterations(A, b, TwoLevel(A, Pp))
            lines.append(f"ua-two-level,{name},{int(projected)},{P.shape[1]},{its}")
            print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.csv:
        open(args.csv, "w").write(text)


if __name__ == "__main__":
    main()
