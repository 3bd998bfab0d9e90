"""BLACK-WHITE GEOGRAPHY (seed 003, ``003_b9b71f74cb16b358.txt`` Appendix B, L534).

Geography on a digraph whose vertices are coloured black and white: a player may
move the token only along an arc to a remaining vertex of their own colour (Black
is Left); the vertex the token leaves is deleted.  On a bipartite graph coloured by
its sides the token alternates colours, so only one player can ever move and the
game is impartial Geography (L534: "equivalent to the impartial version on bipartite
graphs"); ``grundy.reductions.black_white`` registers that equivalence.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from grundy.protocol import Citation, Key, Move, ParseError, PartizanRuleset, Player
from grundy.rulesets.graphs import (
    Adjacency,
    coloured_certificate,
    edge_list,
    format_graph,
    graph_svg,
    mask_of,
    parse_graph,
    random_graph,
    reachable,
    vertices,
)
from grundy.rulesets.registry import register


class ColouredGeography(NamedTuple):
    """A digraph on 0..n-1, its black vertices, the token's vertex, the deleted ones."""

    n: int
    adj: Adjacency
    black: int
    token: int
    removed: int


@register
class BlackWhiteGeography(PartizanRuleset[ColouredGeography]):
    name = "black-white-geography"
    aliases = ("bw-geography",)
    summary = "Geography where each player moves the token only onto their own colour."
    citation = Citation("003_b9b71f74cb16b358.txt", "L534", "black-white GEOGRAPHY")
    text_format = (
        "N;arcs;start=s;black=...[;removed=...]: N vertices, arcs a>b, the token's vertex, "
        "the black (Left) vertices (the others are white), vertices already deleted, "
        "e.g. 4;0>1,1>2,2>3,3>0;start=0;black=1,3"
    )
    examples = ("4;0>1,1>2,2>3,3>0;start=0;black=1,3", "3;0>1,0>2,1>2;start=0;black=1")

    def parse(self, text: str) -> ColouredGeography:
        n, adj, named = parse_graph(text, True, ("start", "black", "removed"))
        if len(named.get("start", ())) != 1:
            raise ParseError("say which vertex holds the token with ;start=s, like ;start=0")
        token, removed = named["start"][0], mask_of(named.get("removed", ()))
        if removed >> token & 1:
            raise ParseError(f"start vertex {token} is removed: drop it from removed=")
        return ColouredGeography(n, adj, mask_of(named.get("black", ())), token, removed)

    def format(self, position: ColouredGeography) -> str:
        return format_graph(position.n, position.adj, True,
                            (("start", 1 << position.token), ("black", position.black),
                             ("removed", position.removed)))

    def moves(self, position: ColouredGeography,
              player: Player) -> Iterator[tuple[Move, ColouredGeography]]:
        """Move the token to a remaining out-neighbour of your colour (label: the vertex)."""
        n, adj, black, token, removed = position
        own = black if player is Player.LEFT else ((1 << n) - 1) & ~black
        for target in vertices(adj[token] & own & ~removed):
            yield target, position._replace(token=target, removed=removed | 1 << token)

    def key(self, position: ColouredGeography) -> Key:
        """The part the token can still reach, with the token and the colours marked."""
        n, adj, black, token, removed = position
        part = reachable(adj, token, removed, n)
        mark = 1 << token
        arcs = tuple(row & ~mark for row in adj)
        return coloured_certificate(arcs, part, (mark, black & ~mark, ~black & ~mark), True)

    def data(self, position: ColouredGeography) -> dict[str, Any]:
        return {"vertices": position.n, "directed": True,
                "edges": [list(e) for e in edge_list(position.adj, True)],
                "black": vertices(position.black), "token": position.token,
                "removed": vertices(position.removed)}

    def render_svg(self, position: ColouredGeography) -> str:
        return graph_svg(position.adj, True, f"{self.name} {self.format(position)}",
                         selected=1 << position.token, highlighted=position.black,
                         removed=position.removed)

    def random_position(self, rng: random.Random, size: int) -> ColouredGeography:
        """A sparse random digraph with random colours and a random start."""
        n = max(1, size)
        adj = random_graph(rng, n, min(1.0, 2 / max(1, n - 1)), True)
        black = sum(1 << v for v in range(n) if rng.random() < 0.5)
        return ColouredGeography(n, adj, black, rng.randrange(n), 0)
