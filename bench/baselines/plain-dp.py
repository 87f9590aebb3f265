#!/usr/bin/env python3
"""The plain DP a designer would write (select-cold's baseline): Python, standard library only.

  python3 bench/baselines/plain-dp.py POOL.csv MODEL.json PLAN.json RAMP.json

Reads a generic CSV pool (id,chapter,part,<metric>...), a selection model with eligibility "any",
nonDecreasing / maxRise / maxDrop rules and one maxRun on a nonDecreasing key, L1 or L2 without
evenness, a plan (its level count) and a linear ramp; prints {"objective", "ids"} as JSON.
Candidates equal on every key the model reads are one class (the k-th use in a run ships the k-th
smallest id). State: (class, run length, uses of the class in the run). Assumes a class does not come
back inside a run after another class (true when every rule key is nonDecreasing, or classes have at
least maxRun members): the bench checks its objective against levelramp's.
A new run's best successor: per group of classes equal on the other keys, suffix minima over the
primary key (a window under a maxRise on it).
"""
import bisect, csv, json, math, sys

model, plan, ramp = (json.load(open(f)) for f in sys.argv[2:5])
rows = list(csv.reader(open(sys.argv[1], newline="")))
cons = model["constraints"]
keys = list(dict.fromkeys([model["metric"]] + [c["key"] for c in cons if "key" in c]))
col = [rows[0].index(k) for k in keys]
byval = {}
for r in rows[1:]:
    byval.setdefault(tuple(float(r[i]) for i in col), []).append(r[0])
run = next(c for c in cons if c["type"] == "maxRun")
L, pk = run["length"], keys.index(run["key"])
classes = sorted(byval, key=lambda t: (t[pk], t))
members = [sorted(byval[t]) for t in classes]
C = len(classes)
b = [math.floor(t[pk] / run["precision"] + 0.5) for t in classes]
pairs = [(keys.index(c["key"]), c["type"], c.get("by", 0)) for c in cons if c["type"] in ("nonDecreasing", "maxRise", "maxDrop")]
rise = min([by for k, t, by in pairs if k == pk and t == "maxRise"], default=math.inf)
def ok(x, y, skip=None):
    for k, t, by in pairs:
        if k == skip: continue
        u, v = x[k], y[k]
        if (t == "nonDecreasing" and v < u) or (t == "maxRise" and v - u > by + 1e-9) or (t == "maxDrop" and u - v > by + 1e-9): return False
    return True
gkey = lambda t: tuple(v for k, v in enumerate(t) if k != pk)
gs = sorted({gkey(t) for t in classes})
gmem = {g: [c for c in range(C) if gkey(classes[c]) == g] for g in gs}  # ascending primary value
gb = {g: [b[c] for c in gmem[g]] for g in gs}
compat = {(g, h): ok(g[:pk] + (0,) + g[pk:], h[:pk] + (0,) + h[pk:], pk) for g in gs for h in gs}
same = [[d for d in range(C) if b[d] == b[c] and d != c and ok(classes[c], classes[d])] for c in range(C)]
n = sum(p["levels"] for ch in plan["chapters"] for p in ch["parts"])
xs, ys = [p[0] for p in ramp["points"]], [p[1] for p in ramp["points"]]
def target(x):
    if x <= xs[0]: return ys[0]
    if x >= xs[-1]: return ys[-1]
    k = max(i for i in range(len(xs) - 1) if xs[i] < x)
    return round(ys[k] + (x - xs[k]) / (xs[k + 1] - xs[k]) * (ys[k + 1] - ys[k]), 6)
l2 = model["objective"]["norm"] == "L2"
cost = [[(classes[c][0] - target(i + 1)) ** 2 if l2 else abs(classes[c][0] - target(i + 1)) for c in range(C)] for i in range(n)]
states = [(c, r, u) for c in range(C) for r in range(1, L + 1) for u in range(1, min(r, len(members[c])) + 1)]
ctg = [None] * n  # ctg[i][(c, r, u)]: least cost of slots i+1.. after state (c, r, u) at slot i
ctg[n - 1] = dict.fromkeys(states, 0.0)
def grown(s):  # successors inside the run: (class, next state)
    c, r, u = s
    if r < L:
        if u < len(members[c]): yield c, (c, r + 1, u + 1)
        for d in same[c]: yield d, (d, r + 1, 1)
for i in range(n - 2, -1, -1):
    after, a = ctg[i + 1], cost[i + 1]
    suf = {}
    for g in gs:  # suffix minima of a new run's cost per group
        m, acc = gmem[g], [math.inf] * (len(gmem[g]) + 1)
        for k in range(len(m) - 1, -1, -1): acc[k] = min(acc[k + 1], a[m[k]] + after[(m[k], 1, 1)])
        suf[g] = acc
    fresh = [math.inf] * C
    for c in range(C):
        for g in gs:
            if not compat[(gkey(classes[c]), g)]: continue
            k = bisect.bisect_right(gb[g], b[c])
            if rise == math.inf: v = suf[g][k]
            else:
                v, m = math.inf, gmem[g]
                while k < len(m) and classes[m[k]][pk] - classes[c][pk] <= rise + 1e-9:
                    v = min(v, a[m[k]] + after[(m[k], 1, 1)]); k += 1
            fresh[c] = min(fresh[c], v)
    ctg[i] = {s: min([fresh[s[0]]] + [a[d] + after.get(t, math.inf) for d, t in grown(s)]) for s in states}
opt = min(cost[0][c] + ctg[0][(c, 1, 1)] for c in range(C))
tol = 1e-9 * max(1, abs(opt))
s = min(((c, 1, 1) for c in range(C) if cost[0][c] + ctg[0][(c, 1, 1)] <= opt + tol), key=lambda s: members[s[0]][0])
ids, acc = [members[s[0]][0]], cost[0][s[0]]
for i in range(n - 1):  # forward: the smallest id that still reaches the optimum
    steps = list(grown(s)) + [(d, (d, 1, 1)) for d in range(C) if b[d] > b[s[0]] and ok(classes[s[0]], classes[d])]
    v = lambda d, t: acc + cost[i + 1][d] + ctg[i + 1].get(t, math.inf)
    d, s = min(((d, t) for d, t in steps if v(d, t) <= opt + tol), key=lambda x: members[x[0]][x[1][2] - 1])
    ids.append(members[d][s[2] - 1]); acc += cost[i + 1][d]
print(json.dumps({"objective": round(acc, 6), "ids": ids}))
