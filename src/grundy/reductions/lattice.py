"""The lattice of rulesets drawn from the reduction registry (seed 000 Figure 11,
``000_7d67923f02e8dd4e.txt`` L514-520, plus every other registered link).

An arrow A → B means "A is a special case of B": some registered reduction maps A's
positions to B's.  Rulesets joined by reductions both ways (isomorphisms) are one
node, named by its members; arrows between nodes come from the registry, and an
arrow implied by a longer path is still drawn when a reduction registers it (the
figure draws Node Kayles → Demographic Influence too).  Composite paths are checked
as compositions (``composites``).  Text output: Mermaid and DOT; pictures: an SVG
with a Sugiyama-style layered layout (``drawing.layered_layout``), no external tools.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from grundy.reductions.registry import Kind, Reduction, all_reductions, get
from grundy.reductions.verify import compose
from grundy.rulesets.drawing import INK, PAPER, layered_layout, svg_document, text

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

#: Reduction kinds, strongest first; an arrow is drawn in its strongest kind's style.
STRONGEST = [kind.value for kind in Kind]
#: Colour and dash pattern of each kind's arrows (Okabe-Ito colours, told apart by
#: dashes too).
KIND_STYLE = {
    "isomorphism": ("#0072b2", ""),
    "special-case": ("#009e73", ""),
    "value-preserving": ("#cc79a7", "8 3"),
    "nimber-preserving": ("#d55e00", "8 3"),
    "winnability-preserving": ("#56b4e9", "2 3"),
    "misere-winnability": ("#56b4e9", "1 4"),
    "outcome-relation": ("#e69f00", "2 3"),
    "outcome-to-nimber": ("#e69f00", "6 2 1 2"),
}

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

    def _repr_svg_(self) -> str:
        """Jupyter draws the lattice."""
        return self.svg()

    def svg(self) -> str:
        """A layered drawing (``drawing.layered_layout``): sources at the bottom, no
        box overlapping another or an arrow, arrows coloured by their strongest kind
        (legend below; every kind of an arrow in its tooltip)."""
        font, line = 13, 19
        sizes = [(7.6 * max(map(len, node)) + 24, line * len(node) + 10) for node in self.nodes]
        drawn = layered_layout(sizes, [(a, b) for a, b, _ in self.arrows])
        kinds = [min(k.split(", "), key=STRONGEST.index) for _, _, k in self.arrows]
        used = sorted(set(kinds), key=STRONGEST.index)
        legend_h = 24 * len(used) + 16
        width = max(drawn.width, 330.0)
        body = ["<defs>" + "".join(
            f'<marker id="arrow-{kind}" viewBox="0 0 10 10" refX="10" refY="5" '
            f'markerWidth="8" markerHeight="8" orient="auto">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{KIND_STYLE[kind][0]}"/></marker>'
            for kind in used) + "</defs>"]
        for (_, _, every), kind, route in zip(self.arrows, kinds, drawn.routes, strict=True):
            colour, dash = KIND_STYLE[kind]
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in route)
            body.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" '
                f'stroke-dasharray="{dash}" marker-end="url(#arrow-{kind})" class="arrow" '
                f'data-kind="{kind}"><title>{escape(every, quote=False)}</title></polyline>')
        for node, (x, y), (w, h) in zip(self.nodes, drawn.centres, sizes, strict=True):
            body.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
                        f'height="{h:.1f}" rx="6" fill="{PAPER}" stroke="{INK}" class="node"/>')
            for k, name in enumerate(node):
                body.append(text(x, y - h / 2 + 5 + line * (k + 0.5), name, font))
        top = drawn.height
        for k, kind in enumerate(used):
            colour, dash = KIND_STYLE[kind]
            y = top + 12 + 24 * k
            body.append(f'<line x1="20" y1="{y}" x2="60" y2="{y}" stroke="{colour}" '
                        f'stroke-width="2" stroke-dasharray="{dash}" '
                        f'marker-end="url(#arrow-{kind})"/>')
            body.append(text(70, y, kind, font).replace('text-anchor="middle"',
                                                        'text-anchor="start"'))
        return svg_document(width, top + legend_h, body, "lattice of rulesets")


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
