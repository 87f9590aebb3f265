"""Lights Out on a w x h board: the rules, the exact solver, the generator and the
level comparisons. Standard library only; no levelramp code.

A level body is {"width": w, "height": h, "rows": ["#..#.", ...]}: `height` strings
of `width` characters, '#' a lit cell, '.' a dark one. Pressing a cell toggles it and
its (up to four) orthogonal neighbours; the goal is a dark board. Cells are numbered
row by row from 0 (index = row * width + column); a solution is the sorted list of
the cells to press (the order of presses never matters, pressing twice cancels).

The solver is exact: pressing is linear over GF(2) (lit = A x), so Gaussian
elimination gives one solution and a basis of the null space, and every solution is
that one plus a combination of the basis. The fewest presses is the smallest weight
among all 2^nullity solutions, found by enumerating them all (nullity <= 10 on the
boards allowed here: 4096 solutions at most).
"""

import functools
import random

MAX_SIDE = 10  # boards up to 10 x 10 (nullity at most 8 there, see above)


class BadLevel(ValueError):
    """A request's level or settings is not what this game expects (JSON-RPC -32602)."""


# ---------------------------------------------------------------- the board

def _side(value, where):
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIDE:
        raise BadLevel(f"{where}: expected an integer 1..{MAX_SIDE}, got {value!r}")
    return value


def parse_level(level):
    """(w, h, lit) from a level body, lit a bitmask over cell indices; BadLevel otherwise."""
    if not isinstance(level, dict):
        raise BadLevel(f"level: expected an object {{width, height, rows}}, got {type(level).__name__}")
    extra = sorted(set(level) - {"width", "height", "rows"})
    if extra:
        raise BadLevel(f"level.{extra[0]}: unknown field (expected width, height, rows)")
    w = _side(level.get("width"), "level.width")
    h = _side(level.get("height"), "level.height")
    rows = level.get("rows")
    if not isinstance(rows, list) or len(rows) != h:
        raise BadLevel(f"level.rows: expected a list of {h} strings")
    lit = 0
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != w or set(row) - {".", "#"}:
            raise BadLevel(f"level.rows[{r}]: expected {w} characters, each '.' or '#', got {row!r}")
        for c, ch in enumerate(row):
            if ch == "#":
                lit |= 1 << (r * w + c)
    return w, h, lit


def make_level(w, h, lit):
    """The level body of a w x h board with the cells of bitmask `lit` lit."""
    rows = ["".join("#" if lit >> (r * w + c) & 1 else "." for c in range(w)) for r in range(h)]
    return {"width": w, "height": h, "rows": rows}


def press_masks(w, h):
    """For each cell, the bitmask of the cells a press there toggles."""
    masks = []
    for r in range(h):
        for c in range(w):
            m = 1 << (r * w + c)
            if r > 0:
                m |= 1 << ((r - 1) * w + c)
            if r < h - 1:
                m |= 1 << ((r + 1) * w + c)
            if c > 0:
                m |= 1 << (r * w + c - 1)
            if c < w - 1:
                m |= 1 << (r * w + c + 1)
            masks.append(m)
    return masks


def apply_presses(w, h, lit, presses):
    """The board after pressing each cell of the bitmask `presses` once."""
    for i, m in enumerate(press_masks(w, h)):
        if presses >> i & 1:
            lit ^= m
    return lit


def popcount(x):
    return bin(x).count("1")


def cells_of(mask):
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


# ---------------------------------------------------------------- the exact solver

def all_solutions(w, h, lit):
    """Every press set (bitmask) that darkens the board, or [] when none does.

    Gaussian elimination over GF(2) of A x = lit (A symmetric: row i = the cells whose
    press toggles cell i), then particular solution + every combination of the null
    space basis."""
    n = w * h
    rows = [m | (lit >> i & 1) << n for i, m in enumerate(press_masks(w, h))]
    pivots = []  # (column, row index) in order
    r = 0
    for col in range(n):
        hit = next((i for i in range(r, n) if rows[i] >> col & 1), None)
        if hit is None:
            continue
        rows[r], rows[hit] = rows[hit], rows[r]
        for i in range(n):
            if i != r and rows[i] >> col & 1:
                rows[i] ^= rows[r]
        pivots.append((col, r))
        r += 1
    if any(rows[i] >> n & 1 for i in range(r, n)):  # 0 = 1: no solution
        return []
    pivot_cols = {col for col, _ in pivots}
    particular = 0
    for col, i in pivots:
        if rows[i] >> n & 1:
            particular |= 1 << col
    basis = []
    for free in (c for c in range(n) if c not in pivot_cols):
        v = 1 << free
        for col, i in pivots:
            if rows[i] >> free & 1:
                v |= 1 << col
        basis.append(v)
    sols = [particular]
    for v in basis:
        sols += [s ^ v for s in sols]
    return sols


@functools.lru_cache(maxsize=4096)
def solve_board(w, h, lit):
    """The exact answer for a board: None when no press set darkens it, else a dict
    {presses, hidden, solution, optimal: [bitmask of each fewest-press solution]}.

    presses: the fewest presses; hidden: the fewest presses on cells dark at the start
    among the fewest-press solutions (a press on a lit cell is the one a player tries
    first); solution: the cells of the fewest-press solution with fewest hidden presses,
    ties to the lexicographically smallest list of cells. Cached (levelramp asks
    `similar` of one candidate against many levels); callers must not modify it."""
    sols = all_solutions(w, h, lit)
    if not sols:
        return None
    fewest = min(popcount(s) for s in sols)
    optimal = sorted((s for s in sols if popcount(s) == fewest), key=cells_of)
    hidden = min(popcount(s & ~lit) for s in optimal)
    best = next(s for s in optimal if popcount(s & ~lit) == hidden)
    return {"presses": fewest, "hidden": hidden, "solution": cells_of(best), "optimal": optimal}


CONCEPTS = ("edge", "corner", "overlap", "hidden")  # in the order a player meets them


def concepts_of(w, h, lit, optimal):
    """The ideas a player must use on a board (SPEC 12): those every fewest-press
    solution uses, so no shortest way around them exists. In CONCEPTS order:

    edge     a press on a cell with three neighbours: it lights a T, not a cross
    corner   a press on a cell with two neighbours or fewer: an L (or less)
    overlap  two presses whose toggled cells meet: the crosses cancel where they
             overlap, so the board no longer shows them one by one
    hidden   a press on a cell dark at the start (a press on a lit cell is the one a
             player tries first)

    A board whose fewest presses are all plain crosses on lit cells, apart from each
    other, needs none."""
    masks = press_masks(w, h)
    neighbours = [popcount(m) - 1 for m in masks]
    corner = sum(1 << i for i, n in enumerate(neighbours) if n <= 2)
    edge = sum(1 << i for i, n in enumerate(neighbours) if n == 3)

    def overlaps(s):
        cells = cells_of(s)
        return any(masks[p] & masks[q] for k, p in enumerate(cells) for q in cells[k + 1:])

    uses = {
        "edge": lambda s: s & edge,
        "corner": lambda s: s & corner,
        "overlap": overlaps,
        "hidden": lambda s: s & ~lit,
    }
    return [name for name in CONCEPTS if all(uses[name](s) for s in optimal)]


def solve_level(level):
    """The `solve` result of the protocol for a level body (SPEC 10), with the
    concepts the board needs (SPEC 12, concepts_of)."""
    w, h, lit = parse_level(level)
    base = {"cells": w * h, "lit": popcount(lit)}
    answer = solve_board(w, h, lit)
    if answer is None:
        return {"status": "unsolvable", "metrics": base}
    metrics = dict(base, presses=answer["presses"], hidden=answer["hidden"])
    concepts = concepts_of(w, h, lit, answer["optimal"])
    return {"status": "solved", "solution": answer["solution"], "metrics": metrics, "concepts": concepts}


# ---------------------------------------------------------------- the generator

def _range(settings, name, default, lo, hi):
    value = settings.get(name, default)
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
          and lo <= value[0] <= value[1] <= hi)
    if not ok:
        raise BadLevel(f"settings.{name}: expected [min, max], integers with {lo} <= min <= max <= {hi}, "
                       f"got {value!r}")
    return value


def read_settings(settings):
    """(w, h, (min presses, max presses)) from a plan part's `generator` settings."""
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise BadLevel("settings: expected an object {width, height, presses}")
    extra = sorted(set(settings) - {"width", "height", "presses"})
    if extra:
        raise BadLevel(f"settings.{extra[0]}: unknown setting (expected width, height, presses)")
    w = _side(settings.get("width", 5), "settings.width")
    h = _side(settings.get("height", 5), "settings.height")
    presses = _range(settings, "presses", [1, (w * h + 1) // 2], 1, w * h)
    return w, h, presses


def generate_level(seed, settings, aim=None):
    """The `generate` result: a level whose fewest presses lie in settings.presses.

    A pure function of (seed, settings, aim): random.Random(seed) (a string seed is
    hashed with SHA-512, the same on every platform and Python 3 version) picks how
    many presses (near aim.target when the aim is about `presses`) and which cells;
    the board is what those presses light. On boards with a null space the fewest
    presses can come out lower than the presses made; a board below the range is
    refused with its reason (levelramp counts refusals by reason)."""
    w, h, (lo, hi) = read_settings(settings)
    rng = random.Random(seed)
    if aim is not None and aim.get("metric") == "presses" and isinstance(aim.get("target"), (int, float)):
        target = int(round(aim["target"])) + rng.choice((-1, 0, 0, 1))
        k = min(hi, max(lo, target))
    else:
        k = rng.randint(lo, hi)
    made = 0
    for i in rng.sample(range(w * h), k):
        made |= 1 << i
    lit = apply_presses(w, h, 0, made)
    answer = solve_board(w, h, lit)
    if answer["presses"] < lo:
        # a short reason without numbers: levelramp counts dropped candidates by its text
        return {"level": None, "reason": "the presses fold below the part's range"}
    return {"level": make_level(w, h, lit)}


# ---------------------------------------------------------------- same and near-same

def transforms(w, h, mask):
    """The 8 turns and mirrors of a board: [(w', h', mask', cell map old -> new)]."""
    out = []
    for t in range(8):
        tw, th = (h, w) if t & 4 else (w, h)
        where = []
        for r in range(h):
            for c in range(w):
                rr, cc = r, c
                if t & 1:
                    cc = w - 1 - cc
                if t & 2:
                    rr = h - 1 - rr
                if t & 4:
                    rr, cc = cc, rr
                where.append(rr * tw + cc)
        moved = 0
        for i in cells_of(mask):
            moved |= 1 << where[i]
        out.append((tw, th, moved, where))
    return out


def key_of(level):
    """One string for a board and all its turns and mirrors (a 3x5 board and its 5x3
    turn share it): the smallest of the eight drawings, with its size."""
    w, h, lit = parse_level(level)
    drawings = []
    for tw, th, moved, _ in transforms(w, h, lit):
        rows = make_level(tw, th, moved)["rows"]
        drawings.append(f"{tw}x{th}:" + "/".join(rows))
    return min(drawings)


def graph_of(level):
    """The board as a labelled graph: a node per cell ("lit" or "dark"), an edge each
    way between neighbours (levelramp's graphs are directed). A press toggles a node and
    its neighbours, so two levels whose graphs are isomorphic are the same puzzle,
    whatever the drawing."""
    w, h, lit = parse_level(level)
    nodes = ["lit" if lit >> i & 1 else "dark" for i in range(w * h)]
    edges = []
    for r in range(h):
        for c in range(w):
            i = r * w + c
            if c < w - 1:
                edges += [[i, i + 1], [i + 1, i]]
            if r < h - 1:
                edges += [[i, i + w], [i + w, i]]
    return {"nodes": nodes, "edges": edges}


NEAR_PRESSES = 5  # solutions one press apart are near copies only from this many presses on
NEAR_CELLS = 12  # pictures are near copies when at most one cell in this many differs


def similar_levels(a, b):
    """The near-copy test (symmetric in a and b): under some turn or mirror that lays b's
    board on a's, the lit cells differ in at most one place in NEAR_CELLS (the same
    picture: 2 places on 5x5, 4 on 7x7, none on 3x3, where one cell is a good part of the
    board), or fewest-press solutions of at least NEAR_PRESSES presses differ by one
    press (the same answer with one press more or less; on shorter solutions one press
    is a good part of the puzzle, and a small board has few levels to spare)."""
    wa, ha, lit_a = parse_level(a)
    wb, hb, lit_b = parse_level(b)
    sol_a = solve_board(wa, ha, lit_a)
    sol_b = solve_board(wb, hb, lit_b)
    long_enough = (sol_a and sol_b and min(sol_a["presses"], sol_b["presses"]) >= NEAR_PRESSES)
    for tw, th, moved, where in transforms(wb, hb, lit_b):
        if (tw, th) != (wa, ha):
            continue
        differ = popcount(moved ^ lit_a)
        if differ <= wa * ha // NEAR_CELLS:
            return {"same": True, "why": f"turned or mirrored, the lit cells differ in {differ} place(s)"}
        if long_enough:
            for sb in sol_b["optimal"]:
                sb_moved = 0
                for i in cells_of(sb):
                    sb_moved |= 1 << where[i]
                for sa in sol_a["optimal"]:
                    if popcount(sa ^ sb_moved) <= 1:
                        return {"same": True, "why": "the fewest-press solutions differ by one press"}
    return {"same": False}
