#!/usr/bin/python3
"""Coefficients of sim/core/fast_atan2.h: the degree-11 polynomial h(z) interpolating
atan(sqrt z) / sqrt z at 12 Chebyshev nodes of [0, 3 - 2 sqrt(2)], in 60-digit arithmetic,
and its worst relative error of atan(t) = t h(t^2) evaluated in double. Needs python3-mpmath."""
import math

import mpmath as mp
import numpy as np

mp.mp.dps = 60
zmax = mp.mpf(3) - 2 * mp.sqrt(2)


def h(z):
    return mp.mpf(1) if z == 0 else mp.atan(mp.sqrt(z)) / mp.sqrt(z)


N = 12
nodes = [(mp.cos(mp.pi * (k + mp.mpf(1) / 2) / N) + 1) * zmax / 2 for k in range(N)]
coef = mp.lu_solve(mp.matrix([[z ** j for j in range(N)] for z in nodes]), mp.matrix([h(z) for z in nodes]))
coef = [float(c) for c in coef]
worst = 0.0
for z in np.linspace(0, float(zmax), 4001)[1:]:
    p = 0.0
    for c in reversed(coef):
        p = p * z + c
    exact = mp.atan(mp.sqrt(mp.mpf(z)))
    worst = max(worst, abs(float((math.sqrt(z) * p - exact) / exact)))
print("coefficients:", [repr(c) for c in coef])
print("max relative error in double:", worst)
