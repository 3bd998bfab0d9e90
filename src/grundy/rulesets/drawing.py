"""Small SVG helpers shared by the rulesets' ``render_svg``."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from grundy.values.svg import INK as INK
from grundy.values.svg import PAPER as PAPER
from grundy.values.svg import svg_document as svg_document
from grundy.values.svg import text as text

PURPLE = "#7b3fa0"
GREEN = "#3a9a5b"


def spot(label: str) -> str:
    """The attribute that makes a shape clickable on the play page: the moves made there
    are labelled ``label``, a letter then ``label`` (Atropos: R1,2), or ``label``, one
    of ``- : = > @ ,`` and more (Nim's heap 0: 0-1, 0-2)."""
    return f'data-spot="{escape(label)}"'


def cell_grid(cells: Sequence[Sequence[str]], title: str, cell: int = 28,
              spots: Sequence[Sequence[str | None]] = ()) -> str:
    """A grid of coloured squares (``cells[i][j]`` is a fill colour), columns numbered;
    each square carries ``data-row`` and ``data-col`` for the play page, and the
    ``spot`` ``spots[i][j]`` where that is given."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    margin = 20
    body = [text(margin + cell * j + cell / 2, margin / 2, str(j), 10) for j in range(cols)]
    for i, row in enumerate(cells):
        for j, fill in enumerate(row):
            label = spots[i][j] if spots else None
            clickable = "" if label is None else f" {spot(label)}"
            body.append(
                f'<rect x="{margin + cell * j}" y="{margin + cell * i}" width="{cell}" '
                f'height="{cell}" fill="{fill}" stroke="{PAPER}" stroke-width="2" '
                f'data-row="{i}" data-col="{j}"{clickable}/>'
            )
    return svg_document(2 * margin + cell * cols, 2 * margin + cell * rows, body, title)


def clickable_circle(x: float, y: float, radius: float, label: str, fill: str, *,
                     ink: str = INK, stroke_width: float = 1.0, size: int = 11) -> list[str]:
    """A labelled circle that the play page can click: the circle and its label both
    carry ``data-spot`` (the label), so the page pairs them by that id, never by
    coordinates."""
    tag = spot(label)
    return [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:g}" fill="{fill}" stroke="{INK}" '
        f'stroke-width="{stroke_width:g}" {tag}/>',
        text(x, y, label, size, ink).replace("<text ", f"<text {tag} ", 1),
    ]


@dataclass(frozen=True)
class Layered:
    """A layered drawing: box centres, the canvas size and each edge's route (its
    end points and the bends where it passes a layer)."""

    centres: tuple[tuple[float, float], ...]
    width: float
    height: float
    routes: tuple[tuple[tuple[float, float], ...], ...]


def layered_layout(sizes: Sequence[tuple[float, float]], edges: Sequence[tuple[int, int]],
                   *, gap_x: float = 36.0, gap_y: float = 64.0, margin: float = 20.0,
                   sweeps: int = 12) -> Layered:
    """A Sugiyama-style drawing of a directed acyclic graph, edges pointing up.

    Boxes of the given (width, height) go on layers by longest path from the sources;
    an edge that spans several layers passes a dummy point on each, so no edge
    crosses a box; the order within each layer is improved by barycentre sweeps
    (down and up) to cut crossings; then each layer is spread left to right without
    overlaps and nudged towards the mean position of its neighbours.  Connected
    components are drawn side by side, bottoms aligned.  Pure Python and
    deterministic (Sugiyama, Tagawa & Toda 1981, the standard method).
    """
    part = list(range(len(sizes)))

    def root(v: int) -> int:
        while part[v] != v:
            v = part[v]
        return v

    for a, b in edges:
        part[root(a)] = root(b)
    groups: dict[int, list[int]] = {}
    for v in range(len(sizes)):
        groups.setdefault(root(v), []).append(v)
    drawn = []
    for members in groups.values():
        index = {v: k for k, v in enumerate(members)}
        inner = [(a, b) for a, b in edges if a in index]
        local = _layered_component([sizes[v] for v in members],
                                   [(index[a], index[b]) for a, b in inner],
                                   gap_x, gap_y, sweeps)
        drawn.append((members, inner, local))
    height = max((local.height for _, _, local in drawn), default=0.0) + 2 * margin
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * len(sizes)
    routes: dict[tuple[int, int], tuple[tuple[float, float], ...]] = {}
    left = margin
    for members, inner, local in drawn:
        down = height - margin - local.height
        for v, (x, y) in zip(members, local.centres, strict=True):
            centres[v] = (x + left, y + down)
        for edge, route in zip(inner, local.routes, strict=True):
            routes[edge] = tuple((x + left, y + down) for x, y in route)
        left += local.width + gap_x
    return Layered(tuple(centres), left - gap_x + margin, height,
                   tuple(routes[edge] for edge in edges))


def _layered_component(sizes: Sequence[tuple[float, float]], edges: Sequence[tuple[int, int]],
                       gap_x: float, gap_y: float, sweeps: int) -> Layered:
    """``layered_layout`` of one connected graph, from (0, 0) with no margin."""
    margin = 0.0
    n = len(sizes)
    layer = [0] * n
    for _ in range(n):
        for a, b in edges:
            layer[b] = max(layer[b], layer[a] + 1)
    # dummy points: vertex ids n.. each of width 0; chains replace long edges
    width = [w for w, _ in sizes]
    chains: list[list[int]] = []
    for a, b in edges:
        chain = [a]
        for level in range(layer[a] + 1, layer[b]):
            layer.append(level)
            width.append(0.0)
            chain.append(len(layer) - 1)
        chains.append([*chain, b])
    depth = max(layer, default=-1) + 1
    rows: list[list[int]] = [[] for _ in range(depth)]
    for v, level in enumerate(layer):
        rows[level].append(v)
    below: list[list[int]] = [[] for _ in layer]
    above: list[list[int]] = [[] for _ in layer]
    for chain in chains:
        for u, v in itertools.pairwise(chain):
            above[u].append(v)
            below[v].append(u)
    order = {v: k for row in rows for k, v in enumerate(row)}

    def sweep(row: list[int], neighbours: list[list[int]]) -> None:
        def centre(v: int) -> float:
            return (sum(order[u] for u in neighbours[v]) / len(neighbours[v])
                    if neighbours[v] else order[v])
        row.sort(key=lambda v: (centre(v), order[v]))
        for k, v in enumerate(row):
            order[v] = k

    for turn in range(sweeps):
        upward = turn % 2 == 0
        for level in range(1, depth) if upward else range(depth - 2, -1, -1):
            sweep(rows[level], below if upward else above)
    # x: pack each row, then pull towards neighbours keeping order and gaps
    x = [0.0] * len(layer)
    for row in rows:
        at = 0.0
        for v in row:
            x[v] = at + width[v] / 2
            at += width[v] + gap_x
    for turn in range(2 * sweeps):
        level_order = range(depth) if turn % 2 == 0 else range(depth - 1, -1, -1)
        for level in level_order:
            row = rows[level]
            for v in row:
                near = below[v] + above[v]
                if near:
                    x[v] = sum(x[u] for u in near) / len(near)
            pushed_right, pushed_left = list(x), list(x)
            for k in range(1, len(row)):  # left to right: no overlaps
                u, v = row[k - 1], row[k]
                least = (width[u] + width[v]) / 2 + gap_x
                pushed_right[v] = max(pushed_right[v], pushed_right[u] + least)
            for k in range(len(row) - 2, -1, -1):  # right to left: no overlaps
                u, v = row[k], row[k + 1]
                least = (width[u] + width[v]) / 2 + gap_x
                pushed_left[u] = min(pushed_left[u], pushed_left[v] - least)
            for v in row:  # both keep the order and the gaps, and so does their mean
                x[v] = (pushed_right[v] + pushed_left[v]) / 2
    low = min((x[v] - width[v] / 2 for v in range(len(layer))), default=0.0)
    x = [value - low + margin for value in x]
    span = max((x[v] + width[v] / 2 for v in range(len(layer))), default=0.0) + margin
    tall = [max((sizes[v][1] for v in row if v < n), default=0.0) for row in rows]
    y_of, top = [0.0] * depth, margin
    for level in range(depth - 1, -1, -1):  # sources at the bottom
        y_of[level] = top + tall[level] / 2
        top += tall[level] + gap_y
    height = top - gap_y + margin
    centres = tuple((x[v], y_of[layer[v]]) for v in range(n))

    def end(v: int, upward: bool) -> tuple[float, float]:
        half = sizes[v][1] / 2 if v < n else 0.0
        return x[v], y_of[layer[v]] + (-half if upward else half)

    def passing(v: int) -> tuple[tuple[float, float], ...]:
        """A dummy point crosses its layer's band upright (past any tall box there)."""
        y, half = y_of[layer[v]], tall[layer[v]] / 2
        return (x[v], y + half), (x[v], y - half)

    routes = tuple(
        (end(chain[0], True), *(p for v in chain[1:-1] for p in passing(v)),
         end(chain[-1], False))
        for chain in chains
    )
    return Layered(centres, span, height, routes)
