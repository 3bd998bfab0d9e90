"""DIGRAPH PLACEMENT: a directed graph whose vertices are blue (Left's) or red
(Right's); a player picks a vertex of their colour, which is deleted with all its
out-neighbours, whatever their colour.

Clow & McKay 2024, "Digraph placement games" (arXiv:2407.12219), §1; cgt-tools plays it
(``cgt/short/partizan/games/digraph_placement.rs``).  It is black-white Node Kayles
(``black_white_node_kayles.py``) on a directed graph, so it shares the tinted-graph
machinery (``tinted.py``) and its native kernel, with arcs ``a>b`` and the vertex lists
``blue=`` and ``red=``.  Exchanging the colours gives the conjugate.
"""

from __future__ import annotations

from typing import ClassVar

from grundy.protocol import Citation, Player
from grundy.rulesets.graph_games.tinted import TintedGraph, TintedGraphRuleset
from grundy.rulesets.graphs import Adjacency
from grundy.rulesets.registry import register


@register
class DigraphPlacement(TintedGraphRuleset):
    name = "digraph-placement"
    summary = "Pick a vertex of your colour; it and its out-neighbours are deleted."
    citation = Citation("clow-mckay-2024", locator="§1")
    text_format = (
        "N;arcs;blue=...;red=...: the digraph as N;a>b,... (vertices 0..N-1, an arc from a "
        "to b), the blue vertices (Left's) and the red ones (Right's), e.g. "
        "3;0>1,1>2;blue=0,2;red=1 ; a move is the vertex picked"
    )
    examples = ("3;0>1,1>2;blue=0,2;red=1",
                "5;1>0,1>4,2>0,2>1,2>4,3>0,3>1,3>4,4>0,4>1;blue=2,3,4;red=0,1",
                "4;0>1,1>2,2>3,3>0;blue=0,2;red=1,3")
    directed: ClassVar[bool] = True
    needs_tints: ClassVar[bool] = True
    tint_names: ClassVar[tuple[str, str]] = ("blue", "red")
    native_rule = "digraph-placement"

    def after(self, position: TintedGraph, v: int, player: Player) -> TintedGraph:
        """Delete v and its out-neighbours."""
        n, adj, black, white = position
        gone = 1 << v | adj[v]
        return TintedGraph(n, adj, black & ~gone, white & ~gone)

    def links(self, position: TintedGraph) -> Adjacency:
        """The arcs between live vertices."""
        _, adj, black, white = position
        alive = black | white
        return tuple(out & alive if alive >> v & 1 else 0 for v, out in enumerate(adj))
