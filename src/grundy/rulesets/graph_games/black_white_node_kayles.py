"""BLACK-WHITE (bigraph) NODE KAYLES.

Seed 003 (``003_b9b71f74cb16b358.txt`` L538): Node Kayles on a graph whose nodes
are coloured black and white; a player plays a node of their own colour, which
removes it and all its neighbours (whatever their colour).  Seed 001 calls it
Bigraph Node Kayles (``001_56c9c94dd1ec088e.wrapped.txt`` L1398-1399).  Black is
Left.  Text format: ``rulesets/graph_games/tinted.py``; an untinted vertex may be played by
both players, so with no tints this is impartial Node Kayles.
"""

from __future__ import annotations

from grundy.protocol import Citation, Player
from grundy.rulesets.graph_games.tinted import TintedGraph, TintedGraphRuleset
from grundy.rulesets.graphs import Adjacency
from grundy.rulesets.registry import register


@register
class BlackWhiteNodeKayles(TintedGraphRuleset):
    name = "black-white-node-kayles"
    aliases = ("bigraph-node-kayles", "bw-node-kayles")
    summary = "Play a node of your colour; it and its neighbours are removed."
    citation = Citation("003_b9b71f74cb16b358.txt", "L538", "§6")
    examples = ("4;0-1,1-2,2-3;black=0,2;white=1,3", "3;0-1,1-2;black=0;white=2")

    native_rule = "node-kayles"

    def after(self, position: TintedGraph, v: int, player: Player) -> TintedGraph:
        """Remove the closed neighbourhood of v."""
        n, adj, black, white = position
        gone = 1 << v | adj[v]
        return TintedGraph(n, adj, black & ~gone, white & ~gone)

    def links(self, position: TintedGraph) -> Adjacency:
        _, adj, black, white = position
        alive = black | white
        return tuple(near & alive if alive >> v & 1 else 0 for v, near in enumerate(adj))
