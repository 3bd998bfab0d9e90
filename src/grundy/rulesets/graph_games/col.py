"""COL (generalized, with tints) and BLACK-WHITE COL.

Seed 003 (``003_b9b71f74cb16b358.txt`` L67-69): players alternately colour
vertices, Black (Left) and White (Right); nobody may colour a vertex next to a
vertex of their own colour; who cannot move loses.  Generalized Col is played on
any graph.  In the tint reading (L369) colouring a vertex deletes it and takes its
neighbours away from the player who coloured it; a vertex reserved for neither is
deleted.  Values are x or x + * (L69); on uncoloured graphs only 0 and *.

BLACK-WHITE COL (L369-373): every vertex starts tinted black or white.  Then the
players never interact (an edge between opposite tints is inert) and each takes a
largest independent set of their own tint, so the value is the integer
α(G[black]) − α(G[white]) (Theorem 4.4's proof, L373; the reading notes checked it
on 200 graphs), which ``fast_value`` returns; the tests cross-check it against the
general search.  Text format: ``rulesets/graph_games/tinted.py``.
"""

from __future__ import annotations

import functools
from typing import ClassVar

from grundy.protocol import Citation, Player
from grundy.rulesets.graph_games.tinted import TintedGraph, TintedGraphRuleset
from grundy.rulesets.graphs import Adjacency, vertices
from grundy.rulesets.registry import register
from grundy.values.game import Game


@functools.lru_cache(maxsize=1 << 16)
def independence_number(adj: Adjacency, mask: int) -> int:
    """α of the subgraph induced on ``mask``: branch on a vertex of largest degree
    (it is either left out, or taken with its neighbours removed)."""
    best, top = -1, -1
    for v in vertices(mask):
        degree = (adj[v] & mask).bit_count()
        if degree > best:
            best, top = degree, v
    if best <= 0:
        return mask.bit_count()
    without = independence_number(adj, mask & ~(1 << top))
    return max(without, 1 + independence_number(adj, mask & ~(1 << top) & ~adj[top]))


@register
class Col(TintedGraphRuleset):
    name = "col"
    aliases: ClassVar[tuple[str, ...]] = ("generalized-col", "gencol")
    summary = "Colour a vertex not next to your own colour (Left black, Right white)."
    citation = Citation("003_b9b71f74cb16b358.txt", "L67-69, L369", "§1.2")
    examples: ClassVar[tuple[str, ...]] = (
        "5;0-1,1-2,2-3,3-4", "4;0-1,1-2,2-3,3-0", "4;0-1,1-2,2-3;black=0;white=3"
    )

    native_rule: ClassVar[str | None] = "col"

    def after(self, position: TintedGraph, v: int, player: Player) -> TintedGraph:
        """Colouring v deletes it and reserves its neighbours for the opponent."""
        n, adj, black, white = position
        gone, near = 1 << v, adj[v]
        if player is Player.LEFT:
            return TintedGraph(n, adj, black & ~(gone | near), white & ~gone)
        return TintedGraph(n, adj, black & ~gone, white & ~(gone | near))

    def value_by_left_first(self, position: TintedGraph) -> tuple[Game, Game] | None:
        """An uncoloured position is its own conjugate, so G = −G, and a Col value x or
        x + * (L69) with x = −x is 0 or *: * if the first player wins, else 0."""
        if position.black != position.white:
            return None
        return Game.zero(), Game.nimber(1)

    def links(self, position: TintedGraph) -> Adjacency:
        """Edges matter between vertices a common player may play."""
        _, adj, black, white = position
        return tuple((near & black if black >> v & 1 else 0)
                     | (near & white if white >> v & 1 else 0) for v, near in enumerate(adj))


@register
class BlackWhiteCol(Col):
    name = "black-white-col"
    aliases = ("bw-col",)
    summary = "Col where every vertex starts tinted black or white: α(black) − α(white)."
    citation = Citation("003_b9b71f74cb16b358.txt", "L369-373", "§4.3, Thm 4.4")
    needs_tints = True
    examples = ("4;0-1,1-2,2-3;black=0,1;white=2,3", "5;0-1,1-2,2-3,3-4,4-0;black=0,1,2;white=3,4")

    native_rule = None  # the closed form below needs no search

    def fast_value(self, position: TintedGraph) -> Game:
        """α(G[black]) − α(G[white]) (seed 003 L373)."""
        black, white, adj = position.black, position.white, position.adj
        return Game.integer(
            independence_number(adj, black & ~white) - independence_number(adj, white & ~black)
        )
