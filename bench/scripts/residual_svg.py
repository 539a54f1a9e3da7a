#!/usr/bin/env python3
"""Relative dual residual against outer iterations as an SVG (log y), no dependencies.
Input CSV: label,iteration,relative_residual.  Usage: residual_svg.py IN.csv OUT.svg TITLE"""
import csv
import math
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
series = {}
for r in rows:
    series.setdefault(r["label"], []).append((int(r["iteration"]), float(r["relative_residual"])))
W, H, L, B = 720, 420, 70, 50
xmax = max(i for s in series.values() for i, _ in s) or 1
ys = [v for s in series.values() for _, v in s if v > 0]
lo, hi = math.floor(math.log10(min(ys + [1e-2]))), math.ceil(math.log10(max(ys)))
hi = max(hi, lo + 1)
X = lambda i: L + (W - L - 20) * i / xmax
Y = lambda v: 20 + (H - 20 - B) * (hi - math.log10(max(v, 10.0 ** lo))) / (hi - lo)
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{W/2}" y="14" text-anchor="middle">{sys.argv[3]}</text>']
for e in range(lo, hi + 1):
    out.append(f'<line x1="{L}" x2="{W-20}" y1="{Y(10**e)}" y2="{Y(10**e)}" stroke="#ddd"/>'
               f'<text x="{L-6}" y="{Y(10**e)+4}" text-anchor="end">1e{e}</text>')
for t in range(0, xmax + 1, max(1, xmax // 10)):
    out.append(f'<text x="{X(t)}" y="{H-B+16}" text-anchor="middle">{t}</text>')
out.append(f'<text x="{W/2}" y="{H-10}" text-anchor="middle">outer iteration</text>')
out.append(f'<line x1="{L}" x2="{W-20}" y1="{Y(1e-2)}" y2="{Y(1e-2)}" stroke="#888" stroke-dasharray="4"/>')
colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
for k, (label, pts) in enumerate(series.items()):
    c = colours[k % len(colours)]
    path = " ".join(f"{X(i):.1f},{Y(v):.1f}" for i, v in pts)
    out.append(f'<polyline fill="none" stroke="{c}" stroke-width="1.5" points="{path}"/>')
    out.append(f'<text x="{W-30}" y="{40+16*k}" text-anchor="end" fill="{c}">{label}</text>')
out.append("</svg>")
open(sys.argv[2], "w").write("\n".join(out))
