"""EDGE GEOGRAPHY and UNDIRECTED EDGE GEOGRAPHY (seed 002, ``002_8bc4c30c443a0021.txt``
L328; seed 001 ``001_56c9c94dd1ec088e.wrapped.txt`` L420-424).

A token on a vertex of a graph; a move takes the token along a remaining edge (an
arc out of the token's vertex, when directed) and deletes that edge.  Vertices may be
visited again.  Normal play.  Only the edges the token can still reach matter.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple

from grundy.protocol import Citation, ImpartialRuleset, Key, Move, ParseError
from grundy.rulesets.graphs import (
    GEOGRAPHY_LIMITS,
    Adjacency,
    certificate,
    edge_list,
    format_graph,
    graph_svg,
    parse_graph,
    random_graph,
    reachable,
    vertices,
)
from grundy.rulesets.registry import register

#: Reachable parts up to this many vertices are keyed by their canonical form.
CANONICAL_LIMIT = 10


class EdgeGeographyPosition(NamedTuple):
    """The remaining edges (out-neighbour bitmasks) and the token's vertex."""

    n: int
    adj: Adjacency
    token: int


@register
class EdgeGeography(ImpartialRuleset[EdgeGeographyPosition]):
    limits = GEOGRAPHY_LIMITS
    name = "edge-geography"
    aliases: ClassVar[tuple[str, ...]] = ("directed-edge-geography",)
    summary = "Move the token along an arc and delete that arc; vertices may be revisited."
    citation = Citation("002_8bc4c30c443a0021.txt", "L328", "§5.1")
    text_format = (
        "N;arcs;start=s: N vertices 0..N-1, the remaining arcs a>b, start = the token's "
        "vertex, e.g. 3;0>1,1>2,2>0,1>0;start=0"
    )
    examples = ("3;0>1,1>2,2>0,1>0;start=0", "4;0>1,1>2,2>3,3>1;start=0")
    directed: ClassVar[bool] = True

    def parse(self, text: str) -> EdgeGeographyPosition:
        n, adj, named = parse_graph(text, self.directed, sections=("start",),
                                    max_vertices=self.limits["vertices"])
        if len(named.get("start", ())) != 1:
            raise ParseError("say which vertex holds the token with ;start=s, like ;start=0")
        return EdgeGeographyPosition(n, adj, named["start"][0])

    def format(self, position: EdgeGeographyPosition) -> str:
        n, adj, token = position
        return format_graph(n, adj, self.directed, (("start", 1 << token),))

    def moves(
        self, position: EdgeGeographyPosition
    ) -> Iterator[tuple[Move, EdgeGeographyPosition]]:
        """Take the edge to ``target`` (the label) and delete it."""
        n, adj, token = position
        for target in vertices(adj[token]):
            rows = list(adj)
            rows[token] &= ~(1 << target)
            if not self.directed:
                rows[target] &= ~(1 << token)
            yield target, EdgeGeographyPosition(n, tuple(rows), target)

    def key(self, position: EdgeGeographyPosition) -> Key:
        """The edges the token can reach, canonically when small."""
        n, adj, token = position
        part = reachable(adj, token, 0, n)
        if part.bit_count() > CANONICAL_LIMIT:
            return (tuple(adj[v] for v in vertices(part)), part, token)
        return certificate(adj, part, self.directed, 1 << token)

    def data(self, position: EdgeGeographyPosition) -> dict[str, Any]:
        return {
            "vertices": position.n,
            "directed": self.directed,
            "edges": [list(edge) for edge in edge_list(position.adj, self.directed)],
            "token": position.token,
        }

    def render_svg(self, position: EdgeGeographyPosition) -> str:
        return graph_svg(
            position.adj, self.directed, f"{self.name} {self.format(position)}",
            selected=1 << position.token, highlighted=position.adj[position.token],
        )

    def random_position(self, rng: random.Random, size: int) -> EdgeGeographyPosition:
        """G(n, p) with n = size ≥ 1 and about 1.5 edges per vertex, random start."""
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 1.5 / max(1, n - 1)), self.directed)
        return EdgeGeographyPosition(n, tuple(adj), rng.randrange(n))


@register
class UndirectedEdgeGeography(EdgeGeography):
    name = "undirected-edge-geography"
    aliases = ()
    summary = "Edge Geography on an undirected graph: walk along unused edges."
    citation = Citation("002_8bc4c30c443a0021.txt", "L328", "§5.1")
    text_format = (
        "N;edges;start=s: N vertices 0..N-1, the remaining edges a-b, start = the token's "
        "vertex, e.g. 4;0-1,1-2,2-0,2-3;start=0"
    )
    examples = ("4;0-1,1-2,2-0,2-3;start=0", "3;0-1,1-2;start=1")
    directed = False
