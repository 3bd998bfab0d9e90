"""The lattice of rulesets drawn from the reduction registry (seed 000 Figure 11,
``000_7d67923f02e8dd4e.txt`` L514-520, plus every other registered link).

An arrow A → B means "A is a special case of B": some registered reduction maps A's
positions to B's.  Rulesets joined by reductions both ways (isomorphisms) are one
node, named by its members; arrows between nodes come from the registry, and an
arrow implied by a longer path is still drawn when a reduction registers it (the
figure draws Node Kayles → Demographic Influence too).  Composite paths are checked
as compositions (``composites``).  Text output: Mermaid and DOT; pictures: an SVG
with a layered layout (longest path from the bottom), no external tools.
"""

from __future__ import annotations

from dataclasses import dataclass

from grundy.reductions.registry import Reduction, all_reductions, get
from grundy.reductions.verify import compose
from grundy.rulesets.drawing import INK, PAPER, svg_document, text

#: Figure 11's arrows (TW:L514-520), each "A is a special case of B".
FIGURE_11 = (
    ("nim", "demi-quantum-nim"),
    ("transverse-wave", "demi-quantum-nim"),
    ("transverse-wave", "friend-circle"),
    ("node-kayles", "friend-circle"),
    ("demi-quantum-nim", "demographic-influence"),
    ("friend-circle", "demographic-influence"),
    ("node-kayles", "demographic-influence"),
)

#: Paths through the lattice checked as compositions of registered reductions.
COMPOSITE_PATHS = (
    ("node-kayles->friend-circle", "friend-circle->demographic-influence"),
    ("transverse-wave->friend-circle", "friend-circle->demographic-influence"),
    ("transverse-wave->demi-quantum-nim", "demi-quantum-nim->demographic-influence"),
    ("nim->demi-quantum-nim", "demi-quantum-nim->demographic-influence"),
    ("avoid-true->demi-quantum-boolean-nim", "demi-quantum-boolean-nim->transverse-wave"),
)


def composites() -> list[Reduction]:
    """The composite paths as reductions (source to final target)."""
    found = []
    for path in COMPOSITE_PATHS:
        reduction = get(path[0])
        for step in path[1:]:
            reduction = compose(reduction, get(step))
        found.append(reduction)
    return found


@dataclass(frozen=True)
class Lattice:
    """Nodes (tuples of isomorphic ruleset names) and arrows between node indices."""

    nodes: tuple[tuple[str, ...], ...]
    arrows: tuple[tuple[int, int, str], ...]

    def node_of(self, ruleset: str) -> int:
        return next(i for i, node in enumerate(self.nodes) if ruleset in node)

    def has_arrow(self, source: str, target: str) -> bool:
        a, b = self.node_of(source), self.node_of(target)
        return any(x == a and y == b for x, y, _ in self.arrows)

    def layers(self) -> list[int]:
        """Each node's layer: the longest path reaching it from a minimal node."""
        layer = [0] * len(self.nodes)
        for _ in self.nodes:
            for a, b, _ in self.arrows:
                layer[b] = max(layer[b], layer[a] + 1)
        return layer

    def mermaid(self) -> str:
        lines = ["graph BT"]
        lines += [f'  n{i}["{" ≅ ".join(node)}"]' for i, node in enumerate(self.nodes)]
        lines += [f"  n{a} -->|{kinds}| n{b}" for a, b, kinds in self.arrows]
        return "\n".join(lines)

    def dot(self) -> str:
        lines = ["digraph lattice {", "  rankdir=BT;", "  node [shape=box];"]
        newline = "\\n"
        lines += [f'  n{i} [label="{newline.join(node)}"];' for i, node in enumerate(self.nodes)]
        lines += [f'  n{a} -> n{b} [label="{kinds}"];' for a, b, kinds in self.arrows]
        return "\n".join([*lines, "}"])

    def svg(self) -> str:
        """Layers bottom to top, boxes spread evenly in each layer, straight arrows."""
        layer = self.layers()
        depth = max(layer, default=0) + 1
        rows: list[list[int]] = [[] for _ in range(depth)]
        for i, level in enumerate(layer):
            rows[level].append(i)
        box_w, box_h, gap_x, gap_y = 220, 26, 30, 70
        width = max(len(row) for row in rows) * (box_w + gap_x) + gap_x
        height = depth * (box_h * 3 + gap_y) + gap_y
        spot: dict[int, tuple[float, float, float]] = {}
        for level, row in enumerate(rows):
            for k, i in enumerate(row):
                x = (k + 0.5) * width / len(row)
                h = box_h * len(self.nodes[i])
                y = height - gap_y - level * (box_h * 3 + gap_y) - h / 2
                spot[i] = (x, y, h)
        body = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" '
                'markerWidth="7" markerHeight="7" orient="auto">'
                f'<path d="M0,0 L10,5 L0,10 z" fill="{INK}"/></marker></defs>']
        for a, b, _ in self.arrows:
            (xa, ya, ha), (xb, yb, hb) = spot[a], spot[b]
            body.append(f'<line x1="{xa:.1f}" y1="{ya - ha / 2:.1f}" x2="{xb:.1f}" '
                        f'y2="{yb + hb / 2:.1f}" stroke="{INK}" marker-end="url(#arrow)"/>')
        for i, (x, y, tall) in spot.items():
            body.append(f'<rect x="{x - box_w / 2:.1f}" y="{y - tall / 2:.1f}" width="{box_w}" '
                        f'height="{tall:.1f}" rx="6" fill="{PAPER}" stroke="{INK}"/>')
            for k, name in enumerate(self.nodes[i]):
                body.append(text(x, y - tall / 2 + box_h * (k + 0.5), name, 12))
        return svg_document(width, height, body, "lattice of rulesets")


def build(reductions: list[Reduction] | None = None) -> Lattice:
    """Group mutually reducible rulesets into nodes and draw the other reductions as
    arrows (labelled with their kinds)."""
    reductions = all_reductions() if reductions is None else reductions
    names = list(dict.fromkeys(n for r in reductions for n in (r.source, r.target)))
    reach = {n: {n} for n in names}
    for r in reductions:
        reach[r.source].add(r.target)
    changed = True
    while changed:
        changed = False
        for n in names:
            extended = set().union(*(reach[m] for m in reach[n]))
            if extended != reach[n]:
                reach[n], changed = extended, True
    nodes: list[tuple[str, ...]] = []
    for n in names:
        if not any(n in node for node in nodes):
            nodes.append(tuple(m for m in names if m in reach[n] and n in reach[m]))
    index = {n: i for i, node in enumerate(nodes) for n in node}
    kinds: dict[tuple[int, int], set[str]] = {}
    for r in reductions:
        a, b = index[r.source], index[r.target]
        if a != b:
            kinds.setdefault((a, b), set()).add(r.kind.value)
    arrows = tuple((a, b, ", ".join(sorted(k))) for (a, b), k in kinds.items())
    return Lattice(tuple(nodes), arrows)
