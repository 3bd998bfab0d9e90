"""ARC KAYLES and PARTIZAN ARC KAYLES: pick an edge whose two ends are still in play; both
ends leave the graph, with every edge at them.

Arc Kayles is Schaefer's (1978, "On the complexity of some two-person perfect-information
games"), the edge counterpart of Node Kayles.  A loop at a vertex is an edge too: picking
it removes that vertex alone, so a path of n looped vertices is a Kayles row of n pins
and a bare path of n vertices a Dawson's Kayles heap of n - 1 (the CGSuite tests below
check both).  Partizan Arc Kayles colours the edges, as CGSuite's library does: Left
picks blue edges (``B``), Right red ones (``R``), either player green ones (``G``).
The graph left falls apart into connected components, played as a sum.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, cast

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.graphs import (
    GRAPH_LIMITS,
    Adjacency,
    HashedAdjacency,
    coloured_certificate,
    connected_components,
    edge_list,
    format_graph,
    graph_svg,
    mask_of,
    neighbours_of,
    parse_graph,
    random_graph,
    vertices,
)
from grundy.rulesets.hackenbush.hackenbush import COLOURS as HACKENBUSH_COLOURS
from grundy.rulesets.registry import register

COLOURS = "BRG"


class ArcPosition(NamedTuple):
    """A graph on 0..n-1 (adjacency bitmasks), the vertices with a loop and the vertices
    out of play."""

    n: int
    adj: Adjacency
    loops: int
    removed: int = 0


def playable(adj: Adjacency, loops: int, alive: int) -> int:
    """The vertices of ``alive`` that some edge in play (a loop, or an edge to another
    vertex of ``alive``) can still remove."""
    return alive & (loops | neighbours_of(adj, alive))


def format_move(move: Move) -> str:
    a, b = cast(tuple[int, int], move)
    return f"{a}-{b}"


@register
class ArcKayles(ImpartialRuleset[ArcPosition]):
    limits = GRAPH_LIMITS
    name = "arc-kayles"
    aliases = ("arckayles",)
    summary = "Pick an edge whose ends are both in play; both ends leave the graph."
    citation = Citation("schaefer-1978", locator="Arc Kayles")
    text_format = (
        "N;edges[;loops=...][;removed=...]: N vertices 0..N-1, undirected edges a-b "
        "separated by commas, then optionally the vertices with a loop (an edge picked to "
        "remove that vertex alone) and the vertices out of play, e.g. 4;0-1,1-2,2-3 or "
        "3;0-1,1-2;loops=0,1,2 ; a move is a-b (a loop v-v)"
    )
    examples = ("4;0-1,1-2,2-3", "5;0-1,1-2,2-3,3-4,4-0", "3;0-1,1-2;loops=0,1,2",
                "6;0-1,0-2,0-3,3-4,4-5")

    def parse(self, text: str) -> ArcPosition:
        n, adj, named = parse_graph(text, directed=False, sections=("loops", "removed"))
        return ArcPosition(n, adj, mask_of(named.get("loops", ())),
                           mask_of(named.get("removed", ())))

    def format(self, position: ArcPosition) -> str:
        return format_graph(position.n, position.adj, False,
                            (("loops", position.loops), ("removed", position.removed)))

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def alive(self, position: ArcPosition) -> int:
        return ((1 << position.n) - 1) & ~position.removed

    def moves(self, position: ArcPosition) -> Iterator[tuple[Move, ArcPosition]]:
        """Pick the edge a-b (a loop: a-a) with both ends in play; the label is (a, b)."""
        n, adj, loops, removed = position
        alive = self.alive(position)
        for a, b in edge_list(adj, False):
            if alive >> a & alive >> b & 1:
                yield (a, b), ArcPosition(n, adj, loops, removed | 1 << a | 1 << b)
        for v in vertices(loops & alive):
            yield (v, v), ArcPosition(n, adj, loops, removed | 1 << v)

    def components(self, position: ArcPosition) -> Sequence[ArcPosition]:
        """The connected components of the playable vertices, each with every other
        vertex removed."""
        n, adj, loops, _ = position
        live = playable(adj, loops, self.alive(position))
        everything = (1 << n) - 1
        parts = connected_components(adj, live)
        if len(parts) == 1 and position.removed == everything & ~live:
            return (position,)
        return [ArcPosition(n, adj, loops, everything & ~part) for part in parts]

    def key(self, position: ArcPosition) -> Any:
        """The playable subgraph up to isomorphism, looped vertices coloured."""
        live = playable(position.adj, position.loops, self.alive(position))
        looped = position.loops & live
        return coloured_certificate(position.adj, live, (looped, live & ~looped))

    def data(self, position: ArcPosition) -> dict[str, Any]:
        return {"vertices": position.n,
                "edges": [list(edge) for edge in edge_list(position.adj, False)],
                "loops": vertices(position.loops), "removed": vertices(position.removed)}

    def render_svg(self, position: ArcPosition) -> str:
        """Vertices in play green, looped ones purple, removed ones grey; each vertex is
        the play page's spot where the edges at it are picked."""
        alive = self.alive(position)
        return graph_svg(position.adj, False, f"Arc Kayles {self.format(position)}",
                         selected=position.loops & alive, highlighted=alive,
                         removed=position.removed)

    def random_position(self, rng: random.Random, size: int) -> ArcPosition:
        """A sparse G(n, p) graph with n = size + 1, average degree about 2, a loop at
        one vertex in four."""
        n = max(0, size) + 1
        adj = random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), False)
        return ArcPosition(n, adj, sum(1 << v for v in range(n) if rng.random() < 0.25))

    def graph(self, n: int, adj: Adjacency) -> ArcPosition:
        """The game on a bare graph (no loops)."""
        return ArcPosition(n, HashedAdjacency(adj), 0)


class ColouredArcs(NamedTuple):
    """A graph on 0..n-1 with blue, red and green edges (adjacency bitmasks each) and
    the vertices out of play."""

    n: int
    blue: Adjacency
    red: Adjacency
    green: Adjacency
    removed: int = 0

    def union(self) -> Adjacency:
        return tuple(b | r | g for b, r, g in zip(self.blue, self.red, self.green, strict=True))


@register
class PartizanArcKayles(PartizanRuleset[ColouredArcs]):
    limits = GRAPH_LIMITS
    name = "partizan-arc-kayles"
    summary = "Pick a blue (Left), red (Right) or green (either) edge; both its ends leave."
    citation = Citation("siegel-cgsuite-2023", locator="game.graph.PartizanArcKayles")
    text_format = (
        "N;edges[;removed=...]: N vertices 0..N-1, edges a-b:C with C in B (blue, Left's), "
        "R (red, Right's), G (green, either's) separated by commas, e.g. 4;0-1:B,1-2:B,2-3:R "
        "; a move is a-b"
    )
    examples = ("4;0-1:B,1-2:B,2-3:R", "3;0-1:B,1-2:R", "5;0-1:G,1-2:B,2-3:R,3-4:G,4-0:B")

    def parse(self, text: str) -> ColouredArcs:
        head, semicolon, rest = text.partition(";")
        if not semicolon:
            raise ParseError(f"missing ';' after the vertex count in {text.strip()!r}: write "
                             "N;edges like 3;0-1:B,1-2:R")
        edges, more, extra = rest.partition(";")
        by_colour: dict[str, list[str]] = {colour: [] for colour in COLOURS}
        for index, item in enumerate(filter(None, (e.strip() for e in edges.split(",")))):
            ends, colon, colour = item.partition(":")
            colour = colour.strip().upper()
            if not colon or colour not in by_colour:
                raise ParseError(f"edge {index} is {item!r}: write edges as a-b:C with C in "
                                 "B (blue), R (red), G (green), like 4;0-1:B,1-2:R")
            by_colour[colour].append(ends)
        graphs = [parse_graph(f"{head};{','.join(by_colour[colour])}{more}{extra}",
                              directed=False, sections=("removed",)) for colour in COLOURS]
        (n, blue, named), (_, red, _), (_, green, _) = graphs
        return ColouredArcs(n, blue, red, green, mask_of(named.get("removed", ())))

    def format(self, position: ColouredArcs) -> str:
        n, *adjs, removed = position
        edges = sorted((a, b, colour) for colour, adj in zip(COLOURS, adjs, strict=True)
                       for a, b in edge_list(adj, False))
        text = ",".join(f"{a}-{b}:{colour}" for a, b, colour in edges)
        return f"{n};{text}" + (f";removed={','.join(map(str, vertices(removed)))}"
                                if removed else "")

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def moves(self, position: ColouredArcs, player: Player
              ) -> Iterator[tuple[Move, ColouredArcs]]:
        """Pick an edge a-b of the player's colour or green with both ends in play; the
        label is (a, b)."""
        alive = ((1 << position.n) - 1) & ~position.removed
        mine = position.blue if player is Player.LEFT else position.red
        pickable = tuple(m | g for m, g in zip(mine, position.green, strict=True))
        for a, b in edge_list(pickable, False):
            if alive >> a & alive >> b & 1:
                yield (a, b), position._replace(removed=position.removed | 1 << a | 1 << b)

    def components(self, position: ColouredArcs) -> Sequence[ColouredArcs]:
        """The connected components of the vertices some edge in play can remove."""
        adj = position.union()
        live = playable(adj, 0, ((1 << position.n) - 1) & ~position.removed)
        everything = (1 << position.n) - 1
        parts = connected_components(adj, live)
        if len(parts) == 1 and position.removed == everything & ~live:
            return (position,)
        return [position._replace(removed=everything & ~part) for part in parts]

    def key(self, position: ColouredArcs) -> Any:
        return self.signed_key(position)

    def signed_key(self, position: ColouredArcs) -> tuple[Any, bool]:
        """The edges in play, or those with blue and red exchanged (the conjugate)."""
        n, blue, red, green, removed = position
        alive = ((1 << n) - 1) & ~removed
        own = tuple(tuple(m & alive if alive >> v & 1 else 0 for v, m in enumerate(adj))
                    for adj in (blue, red, green))
        swapped = (own[1], own[0], own[2])
        return ((n, own), False) if own <= swapped else ((n, swapped), True)

    def data(self, position: ColouredArcs) -> dict[str, Any]:
        return {"vertices": position.n, "removed": vertices(position.removed),
                "edges": [[a, b, colour] for colour, adj in
                          zip(COLOURS, position[1:4], strict=True)
                          for a, b in edge_list(adj, False)]}

    def render_svg(self, position: ColouredArcs) -> str:
        """The graph in its edges' colours, vertices in play green and removed ones grey;
        each vertex is the play page's spot where the edges at it are picked."""
        alive = ((1 << position.n) - 1) & ~position.removed
        colours = {edge: HACKENBUSH_COLOURS[colour]
                   for colour, adj in zip(COLOURS, position[1:4], strict=True)
                   for edge in edge_list(adj, False)}
        return graph_svg(position.union(), False,
                         f"Partizan Arc Kayles {self.format(position)}",
                         highlighted=alive, removed=position.removed, colours=colours)

    def random_position(self, rng: random.Random, size: int) -> ColouredArcs:
        """A sparse G(n, p) graph with n = size + 1, each edge blue, red or green."""
        n = max(0, size) + 1
        adjs: list[list[int]] = [[0] * n for _ in COLOURS]
        for a, b in edge_list(random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), False),
                              False):
            colour = rng.randrange(3)
            adjs[colour][a] |= 1 << b
            adjs[colour][b] |= 1 << a
        blue, red, green = (HashedAdjacency(adj) for adj in adjs)
        return ColouredArcs(n, blue, red, green)
