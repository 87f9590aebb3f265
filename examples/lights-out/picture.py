"""The SVG drawing of a Lights Out level: lit cells amber, dark cells slate, and when a
solution is given, a ring on each cell to press."""

from puzzle import parse_level

CELL = 48
GAP = 6
PAD = 16


def picture_of(level, solution=None):
    """{svg} for a level body; `solution` (a list of cell indices) is drawn when given."""
    w, h, lit = parse_level(level)
    presses = set()
    if solution is not None:
        if not isinstance(solution, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i < w * h for i in solution):
            raise ValueError(f"solution: expected a list of cell indices 0..{w * h - 1}")
        presses = set(solution)
    width = 2 * PAD + w * CELL + (w - 1) * GAP
    height = 2 * PAD + h * CELL + (h - 1) * GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<title>Lights Out {w}x{h}</title>',
        f'<rect width="{width}" height="{height}" fill="#1d2129"/>',
    ]
    for r in range(h):
        for c in range(w):
            i = r * w + c
            x = PAD + c * (CELL + GAP)
            y = PAD + r * (CELL + GAP)
            fill = "#ffc940" if lit >> i & 1 else "#3a4252"
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="8" fill="{fill}"/>')
            if i in presses:
                parts.append(f'<circle cx="{x + CELL // 2}" cy="{y + CELL // 2}" r="{CELL // 4}" '
                             f'fill="none" stroke="#e0245e" stroke-width="5"/>')
    parts.append("</svg>")
    return {"svg": "".join(parts)}
