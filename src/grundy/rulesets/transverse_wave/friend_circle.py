"""FRIEND CIRCLE (Ruleset 4, seed 000, ``000_7d67923f02e8dd4e.txt`` L209-220).

A position (G, S, w): an undirected graph G, seeds S ⊆ V and a colour w(e) ∈ {f, t}
on every edge.  A move picks a seed v with at least one incident f-edge.  Using the
*old* colours, for every neighbour x of v: the edge vx becomes t, and if vx was
already t, every edge at x becomes t (the friend circle of x is reached).  One
cascade step only.  Normal play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from grundy.protocol import Citation, ImpartialRuleset, Move, ParseError
from grundy.rulesets.drawing import INK, PURPLE
from grundy.rulesets.graphs import (
    GRAPH_LIMITS,
    Adjacency,
    HashedAdjacency,
    edge_list,
    format_graph,
    graph_svg,
    mask_of,
    parse_graph,
    random_graph,
    vertices,
)
from grundy.rulesets.registry import register


class Circle(NamedTuple):
    """Graph ``adj`` on 0..n-1, ``seeds`` (a mask) and ``true``: the t-edges as
    adjacency masks (a symmetric subgraph of ``adj``)."""

    n: int
    adj: Adjacency
    seeds: int
    true: tuple[int, ...]


def befriend(position: Circle, v: int) -> Circle:
    """Seed v reaches its neighbours, and through old t-edges their neighbours (L213-218)."""
    adj, old = position.adj, position.true
    true = list(old)
    for x in vertices(adj[v]):
        true[x] |= 1 << v
    true[v] = adj[v]
    for x in vertices(old[v]):
        true[x] = adj[x]
        for y in vertices(adj[x]):
            true[y] |= 1 << x
    return position._replace(true=tuple(true))


@register
class FriendCircle(ImpartialRuleset[Circle]):
    limits = GRAPH_LIMITS
    name = "friend-circle"
    summary = "Pick a seed with an f-edge; its edges turn t, and t-neighbours pass it on once."
    citation = Citation("000_7d67923f02e8dd4e.txt", "L209-220", "Ruleset 4")
    text_format = (
        "N;f-edges;t-edges;seeds=...: N vertices 0..N-1, the f (false) edges, the t (true) "
        "edges and the seed vertices, e.g. 4;0-2,1-3;0-3;seeds=0,1"
    )
    examples = ("4;0-2,1-3;0-3;seeds=0,1", "5;0-3,1-3,1-4;0-4,2-3;seeds=0,1,2")

    def parse(self, text: str) -> Circle:
        parts = text.strip().split(";")
        if len(parts) != 4 or not parts[3].strip().startswith("seeds="):
            raise ParseError(
                f"cannot read {text.strip()!r}: write N;f-edges;t-edges;seeds=..., "
                "e.g. 4;0-2,1-3;0-3;seeds=0,1"
            )
        n, false, _ = parse_graph(f"{parts[0]};{parts[1]}", directed=False)
        _, true, named = parse_graph(f"{parts[0]};{parts[2]};{parts[3]}", False, ("seeds",))
        both = [(a, b) for a, b in edge_list(false, False) if true[a] >> b & 1]
        if both:
            raise ParseError(f"edge {both[0][0]}-{both[0][1]} is both f and t: list it once")
        adj = HashedAdjacency(f | t for f, t in zip(false, true, strict=True))
        return Circle(n, adj, mask_of(named["seeds"]), tuple(true))

    def format(self, position: Circle) -> str:
        false = tuple(a & ~t for a, t in zip(position.adj, position.true, strict=True))
        f_text = format_graph(position.n, false, False).partition(";")[2]
        t_text = format_graph(position.n, position.true, False).partition(";")[2]
        seeds = ",".join(map(str, vertices(position.seeds)))
        return f"{position.n};{f_text};{t_text};seeds={seeds}"

    def moves(self, position: Circle) -> Iterator[tuple[Move, Circle]]:
        """A seed with an incident f-edge (L211)."""
        for v in vertices(position.seeds):
            if position.adj[v] & ~position.true[v]:
                yield v, befriend(position, v)

    def data(self, position: Circle) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "f_edges": [list(e) for e in edge_list(position.adj, False)
                        if not position.true[e[0]] >> e[1] & 1],
            "t_edges": [list(e) for e in edge_list(position.true, False)],
            "seeds": vertices(position.seeds),
        }

    def render_svg(self, position: Circle) -> str:
        """Seeds highlighted; t-edges drawn purple over the graph."""
        picture = graph_svg(position.adj, False, f"Friend Circle {self.format(position)}",
                            highlighted=position.seeds)
        return _tint(picture, position)

    def random_position(self, rng: random.Random, size: int) -> Circle:
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 2.5 / max(1, n - 1)), False)
        true = [0] * n
        for a, b in edge_list(adj, False):
            if rng.random() < 0.3:
                true[a] |= 1 << b
                true[b] |= 1 << a
        seeds = sum(1 << v for v in range(n) if rng.random() < 0.5)
        return Circle(n, adj, seeds, tuple(true))


def _tint(picture: str, position: Circle) -> str:
    """Redraw the t-edges in purple on top of the graph picture."""
    lines = picture.split("\n")
    edges = [line for line in lines if line.startswith("<line")]
    order = edge_list(position.adj, False)
    for (a, b), line in zip(order, edges, strict=True):
        if position.true[a] >> b & 1:
            lines[lines.index(line)] = line.replace(f'stroke="{INK}"', f'stroke="{PURPLE}"')
    return "\n".join(lines)
