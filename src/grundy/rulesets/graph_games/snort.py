"""SNORT: place a token of your colour on a vertex not next to the opponent's tokens.

Seed 001 (``001_56c9c94dd1ec088e.wrapped.txt`` L1400-1401): "Players alternate
placing tokens of their color onto vertices of a given graph.  Players can't place
tokens on vertices adjacent to vertices with a token of the opponent's color.
Starting positions can contain some tokens already placed."  In the tint reading
of seed 003 (L369) a token deletes its vertex and reserves the neighbours for its
owner.  Left is Blue/Black, Right Red/White.  Text format: ``rulesets/graph_games/tinted.py``
(a vertex next to a Left token is ``black``: only Left may play it).
"""

from __future__ import annotations

from grundy.protocol import Citation, Player
from grundy.rulesets.graph_games.tinted import TintedGraph, TintedGraphRuleset
from grundy.rulesets.graphs import Adjacency
from grundy.rulesets.registry import register


@register
class Snort(TintedGraphRuleset):
    name = "snort"
    summary = "Place a token of your colour on a vertex not next to the opponent's tokens."
    citation = Citation("001_56c9c94dd1ec088e.wrapped.txt", "L1400-1401", "§6.4.4")
    examples = ("5;0-1,1-2,2-3,3-4", "4;0-1,1-2,2-3,3-0", "3;0-1,1-2;black=0")

    native_rule = "snort"

    def after(self, position: TintedGraph, v: int, player: Player) -> TintedGraph:
        """A token deletes its vertex and reserves the neighbours for its owner."""
        n, adj, black, white = position
        gone, near = 1 << v, adj[v]
        if player is Player.LEFT:
            return TintedGraph(n, adj, black & ~gone, white & ~(gone | near))
        return TintedGraph(n, adj, black & ~(gone | near), white & ~gone)

    def links(self, position: TintedGraph) -> Adjacency:
        """Edges matter between a vertex one player may play and one the other may."""
        _, adj, black, white = position
        return tuple((near & white if black >> v & 1 else 0)
                     | (near & black if white >> v & 1 else 0) for v, near in enumerate(adj))
