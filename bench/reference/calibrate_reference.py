#!/usr/bin/env python3
"""An independent reference for levelramp's calibration fit (SPEC 11, docs/calibrate.md).

The same estimator written again from its definition with numpy and scipy, none of the
TypeScript's shortcuts: the level spread tau by REML on the levels' working response
y = d* + I^-1 g (d* the posterior mode of the levels' difficulties given the curve and tau,
I and g the information and gradient of the plays' likelihood there), alternated with the
posterior until nothing moves. Per player (Rasch), abilities are integrated on a fixed
61-node Gauss-Hermite rule (not adaptive), the posterior mode found by scipy's trust-region
Newton, the information by finite differences of the analytic gradient; the regression by
dense matrices (no eigenbasis), tau by scipy's bounded scalar minimiser.

    python3 calibrate_reference.py plays.csv metrics.csv
plays.csv: level,attempts,wins or player,level,attempts,wins (levels numbered 1..L);
metrics.csv: level,metric. Prints JSON: {"beta": [b0, b1], "tau": t, "se": [..], "sigma": s?,
"loo": [{"tau", "beta"} per level left out of the regression]}.
"""
import csv
import json
import sys

import numpy as np
from scipy.optimize import minimize, minimize_scalar
from scipy.special import expit, log1p

NODES, WEIGHTS = np.polynomial.hermite.hermgauss(61)


def read(plays_path, metrics_path):
    with open(metrics_path) as f:
        metric = {int(r["level"]): float(r["metric"]) for r in csv.DictReader(f)}
    levels = sorted(metric)
    index = {l: i for i, l in enumerate(levels)}
    rows = []
    with open(plays_path) as f:
        for r in csv.DictReader(f):
            rows.append((r.get("player"), index[int(r["level"])], int(r["attempts"]), int(r["wins"])))
    m = np.array([metric[l] for l in levels])
    return rows, m


def softplus(x):
    return np.maximum(x, 0) + log1p(np.exp(-np.abs(x)))


class Binomial:
    """Per level: Q(d) = sum_l w_l (-d_l) - n_l log(1 + e^-d_l)."""

    def __init__(self, rows, L):
        self.n = np.zeros(L)
        self.w = np.zeros(L)
        for _, l, n, w in rows:
            self.n[l] += n
            self.w[l] += w

    def value(self, d):
        return np.sum(-self.w * d - self.n * softplus(-d))

    def gradient(self, d):
        return -(self.w - self.n * expit(-d))

    def information(self, d):
        p = expit(-d)
        return np.diag(self.n * p * (1 - p))


class Rasch:
    """Per player: Q(d, s) = sum_j log sum_k (w_k/sqrt(pi)) prod_r Bin(w; n, sigma(e^s sqrt2 x_k - d_l))."""

    def __init__(self, rows, L):
        players = sorted({r[0] for r in rows})
        pid = {p: i for i, p in enumerate(players)}
        self.J, self.L = len(players), L
        self.player = np.array([pid[r[0]] for r in rows])
        self.level = np.array([r[1] for r in rows])
        self.n = np.array([r[2] for r in rows], float)
        self.w = np.array([r[3] for r in rows], float)
        self.z = np.sqrt(2) * NODES
        self.logw = np.log(WEIGHTS / np.sqrt(np.pi))

    def _posterior(self, d, s):
        eta = np.exp(s) * self.z[None, :] - d[self.level][:, None]  # rows x K
        ll = self.w[:, None] * eta - self.n[:, None] * softplus(eta)
        per = np.zeros((self.J, len(self.z)))
        np.add.at(per, self.player, ll)
        per += self.logw[None, :]
        top = per.max(axis=1, keepdims=True)
        post = np.exp(per - top)
        norm = post.sum(axis=1, keepdims=True)
        return eta, (top + np.log(norm)).ravel(), post / norm

    def value(self, x):
        return self._posterior(x[:-1], x[-1])[1].sum()

    def gradient(self, x):
        d, s = x[:-1], x[-1]
        eta, _, post = self._posterior(d, s)
        resid = self.w[:, None] - self.n[:, None] * expit(eta)  # rows x K
        pr = post[self.player]  # each row's player's node weights
        g_d = np.zeros(self.L)
        np.add.at(g_d, self.level, -(pr * resid).sum(axis=1))
        g_s = (pr * resid * (np.exp(s) * self.z[None, :])).sum()
        return np.append(g_d, g_s)

    def information(self, x, h=1e-5):
        P = len(x)
        H = np.zeros((P, P))
        for i in range(P):
            e = np.zeros(P)
            e[i] = h
            H[:, i] = -(self.gradient(x + e) - self.gradient(x - e)) / (2 * h)
        return (H + H.T) / 2


def posterior(model, mu, tau, start, sigma_start):
    """d* (and log sigma) maximising Q - |d - mu|^2 / 2 tau^2; Q's gradient and information there."""
    L = len(mu)
    rasch = isinstance(model, Rasch)
    if rasch:
        f = lambda x: -(model.value(x) - np.sum((x[:-1] - mu) ** 2) / (2 * tau * tau))
        g = lambda x: -(model.gradient(x) - np.append((x[:-1] - mu) / (tau * tau), 0))
        r = minimize(f, np.append(start, sigma_start), jac=g, method="BFGS", options={"gtol": 1e-10, "maxiter": 5000})
        x = r.x
        info = model.information(x)
        grad = model.gradient(x)[:L]
        # log sigma profiled out of the information about d
        I = info[:L, :L] - np.outer(info[:L, L], info[L, :L]) / info[L, L]
        return x[:L], grad, I, x[L], info
    f = lambda d: -(model.value(d) - np.sum((d - mu) ** 2) / (2 * tau * tau))
    g = lambda d: -(model.gradient(d) - (d - mu) / (tau * tau))
    r = minimize(f, start, jac=g, method="BFGS", options={"gtol": 1e-12, "maxiter": 5000})
    return r.x, model.gradient(r.x), model.information(r.x), None, None


def regression(y, V, X):
    """REML of y ~ N(X beta, V + tau^2 Id): tau, beta, cov(beta)."""
    def fit(tau):
        S = V + tau * tau * np.eye(len(y))
        Si = np.linalg.inv(S)
        A = X.T @ Si @ X
        beta = np.linalg.solve(A, X.T @ Si @ y)
        r = y - X @ beta
        ll = -0.5 * np.linalg.slogdet(S)[1] - 0.5 * np.linalg.slogdet(A)[1] - 0.5 * r @ Si @ r
        return ll, beta, np.linalg.inv(A)
    best = minimize_scalar(lambda t: -fit(t)[0], bounds=(0, 20), method="bounded", options={"xatol": 1e-10})
    tau = best.x if fit(best.x)[0] >= fit(0.0)[0] else 0.0
    _, beta, cov = fit(tau)
    return tau, beta, cov


def main():
    rows, m = read(sys.argv[1], sys.argv[2])
    L = len(m)
    rasch = rows[0][0] is not None
    model = Rasch(rows, L) if rasch else Binomial(rows, L)
    X = np.column_stack([np.ones(L), m])
    beta, tau, d, log_sigma = np.array([0.0, 0.0]), 1.0, np.zeros(L), 0.0
    for _ in range(200):
        mu = X @ beta
        if tau > 0:
            d, grad, I, log_sigma, _ = posterior(model, mu, tau, d, log_sigma)
        else:
            d = mu.copy()
            if rasch:
                r = minimize(lambda s: -model.value(np.append(d, s[0])), [log_sigma], method="BFGS", options={"gtol": 1e-10})
                log_sigma = r.x[0]
                x = np.append(d, log_sigma)
                info = model.information(x)
                grad = model.gradient(x)[:L]
                I = info[:L, :L] - np.outer(info[:L, L], info[L, :L]) / info[L, L]
            else:
                grad, I = model.gradient(d), model.information(d)
        V = np.linalg.inv(I)
        y = d + V @ grad
        new_tau, new_beta, cov = regression(y, V, X)
        moved = max(abs(new_tau - tau), *np.abs(new_beta - beta))
        beta, tau = new_beta, new_tau
        if moved < 1e-8:
            break
    out = {"beta": beta.tolist(), "tau": float(tau), "se": np.sqrt(np.diag(cov)).tolist()}
    # Each level left out of the regression (the same working response): its tau and beta, what its outlier test predicts from.
    keep = lambda l: [i for i in range(L) if i != l]
    loo = [regression(y[keep(l)], V[np.ix_(keep(l), keep(l))], X[keep(l)]) for l in range(L)]
    out["loo"] = [{"tau": float(t), "beta": b.tolist()} for t, b, _ in loo]
    if rasch:
        out["sigma"] = float(np.exp(log_sigma))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
